//! The shared kernel: closest features of two *cores* (points or segments), the decision
//! "within a radius", and the one rule for contact normals.
//!
//! Every shape in the crate is a core with a radius: a point is a zero-length segment
//! with radius 0, a circle a point with a radius, a capsule a segment with a radius. So
//! every query reduces to one of three kernels, each inflated by the sum of the radii:
//!
//! - point against point ([`point_point`]);
//! - point against segment ([`project`], [`Projection::within`], [`point_segment`]);
//! - segment against segment ([`segment_segment`]).
//!
//! The decision (`intersects`) and the contact (`contact`) of a pair share one predicate,
//! so `intersects == contact.is_some()` holds for every input.

use crate::query::Contact;
use crate::num::{Num, Scalar, Wide};
use crate::vector::{Vector2, VectorOps};
use crate::vector::wide::{self, W};

type S<V> = <V as Vector2>::Scalar;

/// The fallback direction when nothing else defines one: `+x`.
#[inline]
pub(crate) fn unit_x<V: Vector2>() -> V {
    V::new(S::<V>::ONE, S::<V>::ZERO)
}

/// The unit left normal of `b − a` (counter-clockwise), or `+x` when `a == b`.
/// Negative zeros become positive ones (`x + 0`), so a horizontal segment's normal is
/// `(0, 1)` and not `(−0, 1)`.
#[inline]
pub(crate) fn left_normal<V: Vector2>(a: V, b: V) -> V {
    let zero = S::<V>::ZERO;
    match b.sub(a).perp().normalize() {
        Some(n) => V::new(n.x().add(zero), n.y().add(zero)),
        None => unit_x(),
    }
}

/// Which feature of a segment is closest to a point.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Feature<W> {
    /// The start point `a` (`(p − a)·(b − a) ≤ 0`, or a zero-length segment).
    Start,
    /// The open interior; `cross` has the sign of `(b − a) × (p − a)`.
    Interior { cross: W },
    /// The end point `b` (`(p − a)·(b − a) ≥ |b − a|²`).
    End,
}

/// A point projected onto a segment.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Projection<V: Vector2> {
    /// The closest point `a + t (b − a)` (exactly `a` or `b` in the end regions).
    pub(crate) closest: V,
    /// The region the point falls in.
    pub(crate) feature: Feature<W<V>>,
    /// `(p − a)·(b − a)` and `|b − a|²` on the rescaled vectors, for [`Projection::t`]
    /// (the parameter is divided out only when asked for: most callers need the point).
    along: W<V>,
    length_sq: W<V>,
}

impl<V: Vector2> Projection<V> {
    /// The parameter of the closest point, in `[0, 1]`: 0 and 1 in the end regions,
    /// `along / |b − a|²` in the interior.
    #[inline]
    pub(crate) fn t(&self) -> S<V> {
        match self.feature {
            Feature::Start => S::<V>::ZERO,
            Feature::End => S::<V>::ONE,
            Feature::Interior { .. } => S::<V>::unit_ratio(self.along, self.length_sq),
        }
    }
}

/// `(u, v)` multiplied by [`Scalar::rescale_factor`] of their components, so that their
/// dot and cross products neither overflow nor underflow (floats far from 1).
#[inline]
pub(crate) fn rescaled<V: Vector2>(u: V, v: V) -> (V, V) {
    let k = S::<V>::rescale_factor(S::<V>::largest_magnitude([u.x(), u.y(), v.x(), v.y()]));
    if k == S::<V>::ONE {
        (u, v)
    } else {
        (u.scale(k), v.scale(k))
    }
}

/// Projects `p` onto segment `ab`: `t = clamp((p − a)·(b − a) / |b − a|², 0, 1)`.
///
/// The end regions are decided before any division, so a zero-length segment (and a NaN
/// input) lands in [`Feature::Start`] and nothing divides by zero. `t` is scale-free, so it
/// is computed on `b − a` and `p − a` rescaled by a power of two when they are huge or tiny.
#[inline(always)]
pub(crate) fn project<V: Vector2>(a: V, b: V, p: V) -> Projection<V> {
    let v = b.sub(a);
    let (w, v_scaled) = rescaled(p.sub(a), v);
    let along = wide::dot(w, v_scaled);
    if !(along > <W<V> as Wide>::ZERO) {
        return Projection {
            closest: a,
            feature: Feature::Start,
            // Not read in the end regions (see `t`).
            along,
            length_sq: along,
        };
    }
    let length_sq = wide::dot(v_scaled, v_scaled);
    if !(along < length_sq) {
        return Projection {
            closest: b,
            feature: Feature::End,
            along,
            length_sq,
        };
    }
    let cross = wide::cross(v_scaled, w);
    if cross == <W<V> as Wide>::ZERO
        && S::<V>::orient(xy(a), xy(b), xy(p)) == core::cmp::Ordering::Equal
    {
        // `p` lies on the segment: it is its own closest point, exactly.
        return Projection {
            closest: p,
            feature: Feature::Interior { cross },
            along,
            length_sq,
        };
    }
    // Step from the nearer end, so that the rounding of `v · t` stays below |v| / 2. From
    // `b` the step is `s = (p − b)·(a − b) / |b − a|²`, computed from `p − b` rather than as
    // `1 − t`: its rounding then scales with |p − b|, not with |p − a|.
    let closest = if along.add(along) <= length_sq {
        a.add(v.scale(S::<V>::unit_ratio(along, length_sq)))
    } else {
        let (u, back) = rescaled(p.sub(b), a.sub(b));
        b.sub(v.scale(S::<V>::unit_ratio(
            wide::dot(u, back),
            wide::dot(back, back),
        )))
    };
    Projection {
        closest,
        feature: Feature::Interior { cross },
        along,
        length_sq,
    }
}

/// The radii of two shapes whose cores are compared, kept apart so that the predicates
/// can add them exactly.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Radii<T> {
    /// The radius around core `x`.
    pub(crate) x: T,
    /// The radius around core `y`.
    pub(crate) y: T,
}

impl<T: Scalar> Radii<T> {
    /// No radius at all: the cores themselves.
    pub(crate) const ZERO: Self = Self {
        x: T::ZERO,
        y: T::ZERO,
    };

    /// The radii as given, unchecked: for [`within_point`] and [`within_segment`], whose
    /// predicates answer no to a negative or NaN radius themselves (the [`Scalar`]
    /// contract), so that the yes/no queries pay no branch of their own for it.
    #[inline]
    pub(crate) const fn unchecked(x: T, y: T) -> Self {
        Self { x, y }
    }

    /// The same radii seen from the other side.
    #[inline(always)]
    pub(crate) fn swapped(self) -> Self {
        Self {
            x: self.y,
            y: self.x,
        }
    }

    /// `r_x + r_y`.
    #[inline]
    pub(crate) fn sum(self) -> T {
        self.x.add(self.y)
    }

    /// Both radii divided by 4.
    pub(crate) fn quartered(self) -> Self {
        Self {
            x: self.x.half().half(),
            y: self.y.half().half(),
        }
    }
}

/// The radii of two shapes, or `None` when either is negative or NaN (such a shape is
/// empty and touches nothing).
#[inline]
pub(crate) fn inflate<T: Scalar>(x: T, y: T) -> Option<Radii<T>> {
    if x >= T::ZERO && y >= T::ZERO {
        Some(Radii { x, y })
    } else {
        None
    }
}

#[inline]
fn xy<V: Vector2>(v: V) -> [S<V>; 2] {
    [v.x(), v.y()]
}

/// Whether `p` lies within `radii` of segment `ab`: [`Scalar::within_segment`].
#[inline(always)]
pub(crate) fn within_segment<V: Vector2>(p: V, a: V, b: V, radii: Radii<S<V>>) -> bool {
    S::<V>::within_segment(xy(p), xy(a), xy(b), radii.x, radii.y)
}

/// Whether `p` lies within `radii` of `q`: [`Scalar::within_point`].
#[inline(always)]
pub(crate) fn within_point<V: Vector2>(p: V, q: V, radii: Radii<S<V>>) -> bool {
    S::<V>::within_point(xy(p), xy(q), radii.x, radii.y)
}

impl<V: Vector2> Projection<V> {
    /// The unit normal from the segment towards `p`, and the distance along it.
    ///
    /// - End regions: `(p − endpoint) / |p − endpoint|`.
    /// - Interior: the segment's unit normal, on `p`'s side (sign of the cross product);
    ///   `p − q` is never normalised there, since rounding in `q` would tilt it.
    /// - `p` on the segment: the left normal of `b − a`; `+x` for a zero-length segment.
    #[inline]
    pub(crate) fn normal(&self, a: V, b: V, p: V) -> (V, S<V>) {
        match self.feature {
            Feature::Start | Feature::End => {
                let d = p.sub(self.closest);
                match d.normalize() {
                    Some(n) => (n, d.dot(n)),
                    None => (left_normal(a, b), S::<V>::ZERO),
                }
            }
            Feature::Interior { cross, .. } => {
                let n = left_normal(a, b);
                let n = if cross < <W<V> as Wide>::ZERO {
                    n.neg()
                } else {
                    n
                };
                (n, p.sub(a).dot(n).abs())
            }
        }
    }
}

/// A contact between two cores, before the radii place the contact point.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CoreContact<V: Vector2> {
    /// Unit normal from core `y` towards core `x`.
    pub(crate) normal: V,
    /// Penetration depth, radii included; never negative.
    pub(crate) depth: S<V>,
    /// The signed distance between the cores, radii not included: their distance when
    /// apart, minus the cores' own penetration when they cross (then `depth` is
    /// `radii − separation`, saturated).
    pub(crate) separation: S<V>,
    /// Closest point on core `x`.
    pub(crate) on_x: V,
    /// Closest point on core `y`.
    pub(crate) on_y: V,
}

impl<V: Vector2> CoreContact<V> {
    /// The same contact seen from the other side.
    #[inline]
    pub(crate) fn flip(self) -> Self {
        Self {
            normal: self.normal.neg(),
            depth: self.depth,
            separation: self.separation,
            on_x: self.on_y,
            on_y: self.on_x,
        }
    }

    /// The public contact, with `point` on the surface of `y` (radius `radius_y`).
    #[inline]
    pub(crate) fn with_point_on_y(self, radius_y: S<V>) -> Contact<V> {
        Contact {
            normal: self.normal,
            depth: self.depth,
            point: self.on_y.add(self.normal.scale(radius_y)),
        }
    }
}

/// `max(radius − distance, 0)`.
#[inline]
fn depth<V: Vector2>(radius: S<V>, distance: S<V>) -> S<V> {
    radius.sub(distance).max(S::<V>::ZERO)
}

/// Point `x` against point `y`, inflated by `radius`: the normal points from `y` to `x`,
/// and is `+x` when they coincide.
#[inline]
pub(crate) fn point_point<V: Vector2>(x: V, y: V, radii: Radii<S<V>>) -> Option<CoreContact<V>> {
    if !within_point(x, y, radii) {
        return None;
    }
    Some(point_point_nearest(x, y, radii))
}

/// [`point_point`] without the decision: the nearest features of two points, whether or
/// not they come within `radii` (the depth is then 0).
#[inline]
pub(crate) fn point_point_nearest<V: Vector2>(x: V, y: V, radii: Radii<S<V>>) -> CoreContact<V> {
    let d = x.sub(y);
    let (normal, distance) = match d.normalize() {
        Some(n) => (n, d.dot(n)),
        None => (unit_x(), S::<V>::ZERO),
    };
    let contact = CoreContact {
        normal,
        depth: depth::<V>(radii.sum(), distance),
        separation: distance,
        on_x: x,
        on_y: y,
    };
    if contact.depth.is_finite() || !all_finite([x, y], radii) {
        return contact;
    }
    depth_rescaled(contact, || {
        Some(point_point_nearest(quarter(x), quarter(y), radii.quartered()))
    })
}

/// Whether every coordinate and both radii are finite: [`depth_rescaled`] needs it, or
/// quartering would never bring an infinity into range.
fn all_finite<V: Vector2, const N: usize>(points: [V; N], radii: Radii<S<V>>) -> bool {
    radii.x.is_finite()
        && radii.y.is_finite()
        && points
            .iter()
            .all(|p| p.x().is_finite() && p.y().is_finite())
}

/// `p / 4`, exact for floats of the size that reaches [`depth_rescaled`].
fn quarter<V: Vector2>(p: V) -> V {
    V::new(p.x().half().half(), p.y().half().half())
}

/// A contact whose depth overflowed: floats within a factor of about 4 of `MAX`, where a
/// radius sum or a distance is `∞` and the depth `∞ − ∞` is NaN (or `∞`). `quartered`
/// runs the same kernel on every point and radius quartered (exact for floats that
/// large); its depth is scaled back and saturated at the largest finite value (reached
/// only when the true depth exceeds `MAX`). The normal and the points stay those of the
/// full-scale contact, which are finite for finite inputs. Never NaN: where even the
/// quartered kernel gives none (non-finite input), the depth is 0.
#[cold]
#[inline(never)]
fn depth_rescaled<V: Vector2>(
    contact: CoreContact<V>,
    quartered: impl FnOnce() -> Option<CoreContact<V>>,
) -> CoreContact<V> {
    let four = |x: S<V>| x.add(x).add(x.add(x));
    let depth = match quartered() {
        Some(q) if !q.depth.is_nan() => four(q.depth).saturate(),
        _ if !contact.depth.is_nan() => contact.depth.saturate(),
        _ => S::<V>::ZERO,
    };
    CoreContact { depth, ..contact }
}

/// Point `p` (core `x`) against segment `ab` (core `y`), inflated by `radius`.
#[inline]
pub(crate) fn point_segment<V: Vector2>(
    p: V,
    a: V,
    b: V,
    radii: Radii<S<V>>,
) -> Option<CoreContact<V>> {
    if !within_segment(p, a, b, radii) {
        return None;
    }
    Some(point_segment_nearest(p, a, b, radii))
}

/// [`point_segment`] without the decision: the nearest features of a point and a segment,
/// whether or not they come within `radii` (the depth is then 0).
#[inline]
pub(crate) fn point_segment_nearest<V: Vector2>(
    p: V,
    a: V,
    b: V,
    radii: Radii<S<V>>,
) -> CoreContact<V> {
    let projection = project(a, b, p);
    let (normal, distance) = projection.normal(a, b, p);
    let contact = CoreContact {
        normal,
        depth: depth::<V>(radii.sum(), distance),
        separation: distance,
        on_x: p,
        on_y: projection.closest,
    };
    if contact.depth.is_finite() || !all_finite([p, a, b], radii) {
        return contact;
    }
    depth_rescaled(contact, || {
        Some(point_segment_nearest(
            quarter(p),
            quarter(a),
            quarter(b),
            radii.quartered(),
        ))
    })
}

/// How two segments relate: crossing (or touching, or overlapping collinear), or apart.
#[derive(Clone, Copy, Debug)]
pub(crate) enum SegmentPair<V: Vector2> {
    /// The segments share at least one point; `point` is one of them.
    Crossing {
        /// A common point.
        point: V,
    },
    /// The segments are disjoint; the closest pair is among the endpoint projections.
    Apart(Apart<V>),
}

/// An endpoint of one segment, to be projected onto the other.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Endpoint<V> {
    /// The endpoint.
    pub(crate) point: V,
    /// The segment it is projected onto.
    pub(crate) onto: (V, V),
    /// Whether the endpoint belongs to `y` (so it projects onto `x`).
    pub(crate) on_y: bool,
}

impl<V: Vector2> Endpoint<V> {
    /// Whether this endpoint lies within `radii` of the other segment (exactly).
    #[inline]
    fn within(&self, radii: Radii<S<V>>) -> bool {
        within_segment(self.point, self.onto.0, self.onto.1, radii)
    }

    /// The projection onto the other segment, in world coordinates.
    #[inline]
    pub(crate) fn project(&self) -> EndpointProjection<V> {
        EndpointProjection {
            endpoint: self.point,
            onto: self.onto,
            projection: project(self.onto.0, self.onto.1, self.point),
            endpoint_on_y: self.on_y,
        }
    }
}

/// Two disjoint segments: the four endpoint–segment candidates for the closest pair, their
/// approximate squared gaps, and the nearest.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Apart<V: Vector2> {
    /// `xa, xb, ya, yb`.
    points: [V; 4],
    /// Each candidate's squared gap, in a local frame on a common power-of-two scale.
    gaps: [W<V>; 4],
    /// How far an approximate gap may be from the exact one: see [`Scalar::gap_tolerance`].
    tolerance: W<V>,
    best: usize,
}

impl<V: Vector2> Apart<V> {
    /// Candidate `i`: endpoint `i` of `xa, xb, ya, yb`, against the other segment.
    #[inline]
    fn candidate(&self, i: usize) -> Endpoint<V> {
        let [xa, xb, ya, yb] = self.points;
        match i {
            0 => Endpoint {
                point: xa,
                onto: (ya, yb),
                on_y: false,
            },
            1 => Endpoint {
                point: xb,
                onto: (ya, yb),
                on_y: false,
            },
            2 => Endpoint {
                point: ya,
                onto: (xa, xb),
                on_y: true,
            },
            _ => Endpoint {
                point: yb,
                onto: (xa, xb),
                on_y: true,
            },
        }
    }

    /// The closest pair, projected. Ties go to the first in the order `xa, xb, ya, yb`.
    #[inline]
    pub(crate) fn closest(&self) -> EndpointProjection<V> {
        self.candidate(self.best).project()
    }

    /// The closest points as `(on x, on y)`: [`Apart::closest`]'s, except that an endpoint
    /// lying exactly on the other segment is returned twice, as the common point it is.
    ///
    /// Such an endpoint makes the segments touch (a zero-length segment lying on the other,
    /// or nearly parallel segments meeting at an end), and rounding can put its projection
    /// elsewhere (`(0, 0)` on the segment from `(−1, −1)` to `(10⁻⁴⁷, 10⁻⁴⁷)` projects to
    /// the far end, as `b − a` rounds to `(1, 1)`). Only gaps within rounding of zero are
    /// asked, exactly.
    #[inline]
    pub(crate) fn closest_points(&self) -> (V, V) {
        if self.gaps[self.best] <= self.tolerance {
            let touching = (0..4)
                .filter(|&i| self.gaps[i] <= self.tolerance)
                .map(|i| self.candidate(i))
                .find(|candidate| candidate.within(Radii::ZERO));
            if let Some(candidate) = touching {
                return (candidate.point, candidate.point);
            }
        }
        self.closest().points()
    }

    /// Whether the segments come within `radii`: some endpoint does.
    ///
    /// The nearest candidate is asked first (with the exact predicate). Another can only be
    /// within where the nearest is not if its approximate gap is within the rounding
    /// tolerance of the nearest one's, so only such near-ties are asked too — and every
    /// candidate whose gap cannot be compared: floats within a factor of 2 of `MAX`, where
    /// a coordinate difference overflows and the gaps are NaN.
    #[inline]
    pub(crate) fn within(&self, radii: Radii<S<V>>) -> bool {
        if self.candidate(self.best).within(radii) {
            return true;
        }
        let reach = self.gaps[self.best].add(self.tolerance);
        (0..4).any(|i| i != self.best && !(self.gaps[i] > reach) && self.candidate(i).within(radii))
    }
}

/// An endpoint of one segment projected onto the other.
#[derive(Clone, Copy, Debug)]
pub(crate) struct EndpointProjection<V: Vector2> {
    /// The endpoint.
    pub(crate) endpoint: V,
    /// The segment it is projected onto.
    pub(crate) onto: (V, V),
    /// Its projection onto that segment.
    pub(crate) projection: Projection<V>,
    /// Whether the endpoint belongs to `y` (so it projects onto `x`).
    pub(crate) endpoint_on_y: bool,
}

impl<V: Vector2> EndpointProjection<V> {
    /// The closest points as `(on x, on y)`.
    #[inline]
    pub(crate) fn points(&self) -> (V, V) {
        if self.endpoint_on_y {
            (self.projection.closest, self.endpoint)
        } else {
            (self.endpoint, self.projection.closest)
        }
    }

    /// The unit normal from `y` towards `x`, and the distance between the cores.
    #[inline]
    fn normal(&self) -> (V, S<V>) {
        let (normal, distance) = self
            .projection
            .normal(self.onto.0, self.onto.1, self.endpoint);
        // The projection's normal points from the segment to the endpoint.
        if self.endpoint_on_y {
            (normal.neg(), distance)
        } else {
            (normal, distance)
        }
    }
}

/// The squared gap between `p` and the segment from the origin to `v` (`vv = v · v`), in a
/// local frame: an approximation used to rank the candidates, not to decide.
/// Also says whether `p` projects into the open interior.
#[inline]
fn local_gap<V: Vector2>(p: V, v: V, vv: W<V>) -> (W<V>, bool) {
    let along = wide::dot(p, v);
    let (d, interior) = if !(along > <W<V> as Wide>::ZERO) {
        (p, false)
    } else if !(along < vv) {
        (p.sub(v), false)
    } else {
        (p.sub(v.scale(S::<V>::unit_ratio(along, vv))), true)
    };
    (wide::dot(d, d), interior)
}

/// Relates segments `x = [xa, xb]` and `y = [ya, yb]`.
///
/// They cross when each one's endpoints lie on opposite sides of (or on) the other's
/// line, by four exact orientation tests; collinear segments cross when their extents
/// overlap. A zero-length segment never "crosses": it is handled as a point by the
/// endpoint candidates. Otherwise the closest pair is an endpoint of one segment and its
/// projection onto the other; the four candidates are ranked in a local frame at `ya`,
/// scaled by a power of two, so that no gap overflows at any magnitude.
pub(crate) fn segment_segment<V: Vector2>(xa: V, xb: V, ya: V, yb: V) -> SegmentPair<V> {
    // The local frame: y's start at the origin, scaled by a power of two if needed.
    let (dx, dy, offset) = (xb.sub(xa), yb.sub(ya), xa.sub(ya));
    let largest =
        S::<V>::largest_magnitude([dx.x(), dx.y(), dy.x(), dy.y(), offset.x(), offset.y()]);
    let k = S::<V>::rescale_factor(largest);
    let (dx, dy, offset, largest) = if k == S::<V>::ONE {
        (dx, dy, offset, largest)
    } else {
        (dx.scale(k), dy.scale(k), offset.scale(k), largest.mul(k))
    };
    let tolerance = S::<V>::gap_tolerance(largest);
    let any_nan = [xa, xb, ya, yb]
        .iter()
        .any(|p| p.x().is_nan() || p.y().is_nan());
    if !any_nan && !wide::coincide(xa, xb) && !wide::coincide(ya, yb) {
        // Which side of each segment the other's endpoints lie on. The local cross products
        // decide unless they are within rounding of zero; then the exact test does.
        let side = |local: W<V>, o: V, u: V, v: V| -> i8 {
            if local > tolerance {
                1
            } else if local < <W<V> as Wide>::ZERO.sub(tolerance) {
                -1
            } else {
                S::<V>::orient(xy(o), xy(u), xy(v)) as i8
            }
        };
        let o1 = side(wide::cross(dx, offset.neg()), xa, xb, ya);
        let o2 = side(wide::cross(dx, dy.sub(offset)), xa, xb, yb);
        let o3 = side(wide::cross(dy, offset), ya, yb, xa);
        let o4 = side(wide::cross(dy, offset.add(dx)), ya, yb, xb);
        if o1 * o2 <= 0 && o3 * o4 <= 0 {
            if (o1 != 0 || o2 != 0) && (o3 != 0 || o4 != 0) {
                return SegmentPair::Crossing {
                    point: crossing_point(xa, xb, ya, yb),
                };
            }
            if let Some(point) = collinear_overlap(xa, xb, ya, yb) {
                return SegmentPair::Crossing { point };
            }
        }
    }
    let (dxx, dyy) = (wide::dot(dx, dx), wide::dot(dy, dy));
    let back = offset.neg();
    let ranked = [
        local_gap(offset, dy, dyy),
        local_gap(offset.add(dx), dy, dyy),
        local_gap(back, dx, dxx),
        local_gap(back.add(dy), dx, dxx),
    ];
    let gaps = ranked.map(|(gap, _)| gap);
    // A zero-length segment is a point: when only one segment is, the candidates that
    // project onto the point are dropped, so that the point-against-segment rules (and
    // normals) apply.
    let eligible = match (wide::coincide(xa, xb), wide::coincide(ya, yb)) {
        (false, true) => [false, false, true, true],
        (true, false) => [true, true, false, false],
        _ => [true; 4],
    };
    let mut best = if eligible[0] { 0 } else { 2 };
    for i in 1..4 {
        if eligible[i] && gaps[i] < gaps[best] {
            best = i;
        }
    }
    SegmentPair::Apart(Apart {
        points: [xa, xb, ya, yb],
        gaps,
        tolerance,
        best,
    })
}

/// Where segment `x` meets the line of `y`, for crossing segments: `xa + t (xb − xa)` with
/// `t = o₃ / (o₃ − o₄)`, `o₃, o₄` the (opposite-signed) cross products of x's endpoints
/// against y ([`Scalar::crossing_ratio`], accurate at any angle).
///
/// The step is taken from the nearer end of `x`, with the complementary ratio computed on
/// its own (not as `1 − t`), so that a crossing near `xb` is not rounded away from it.
fn crossing_point<V: Vector2>(xa: V, xb: V, ya: V, yb: V) -> V {
    let (u, v) = (xy(ya), xy(yb));
    let t = S::<V>::crossing_ratio(u, v, xy(xa), xy(xb));
    if t.add(t) <= S::<V>::ONE {
        xa.add(xb.sub(xa).scale(t))
    } else {
        xb.add(
            xa.sub(xb)
                .scale(S::<V>::crossing_ratio(u, v, xy(xb), xy(xa))),
        )
    }
}

/// For collinear segments, a common point if their extents overlap.
fn collinear_overlap<V: Vector2>(xa: V, xb: V, ya: V, yb: V) -> Option<V> {
    [
        (ya, (xa, xb)),
        (yb, (xa, xb)),
        (xa, (ya, yb)),
        (xb, (ya, yb)),
    ]
    .into_iter()
    .find(|&(p, (a, b))| within_segment(p, a, b, Radii::ZERO))
    .map(|(p, _)| p)
}

/// Whether any coordinate is NaN.
#[inline]
fn any_nan<V: Vector2>(points: [V; 4]) -> bool {
    points.iter().any(|p| p.x().is_nan() || p.y().is_nan())
}

/// Whether segments `x` and `y` come within `radii` of each other. False for NaN.
pub(crate) fn segments_within<V: Vector2>(xa: V, xb: V, ya: V, yb: V, radii: Radii<S<V>>) -> bool {
    if any_nan([xa, xb, ya, yb]) {
        return false;
    }
    match segment_segment(xa, xb, ya, yb) {
        SegmentPair::Crossing { .. } => true,
        SegmentPair::Apart(apart) => apart.within(radii),
    }
}

/// Segment `x` against segment `y`, inflated by `radius`: the capsule–capsule kernel.
pub(crate) fn segment_segment_contact<V: Vector2>(
    xa: V,
    xb: V,
    ya: V,
    yb: V,
    radii: Radii<S<V>>,
) -> Option<CoreContact<V>> {
    if any_nan([xa, xb, ya, yb]) {
        return None;
    }
    let pair = segment_segment(xa, xb, ya, yb);
    if let SegmentPair::Apart(apart) = &pair
        && !apart.within(radii)
    {
        return None;
    }
    Some(pair_contact(pair, [xa, xb, ya, yb], radii))
}

/// [`segment_segment_contact`] without the decision: the nearest features of two
/// segments, whether or not they come within `radii` (the depth is then 0).
pub(crate) fn segment_segment_nearest<V: Vector2>(
    xa: V,
    xb: V,
    ya: V,
    yb: V,
    radii: Radii<S<V>>,
) -> CoreContact<V> {
    pair_contact(segment_segment(xa, xb, ya, yb), [xa, xb, ya, yb], radii)
}

/// The contact of two related segments (see [`segment_segment`]).
fn pair_contact<V: Vector2>(
    pair: SegmentPair<V>,
    [xa, xb, ya, yb]: [V; 4],
    radii: Radii<S<V>>,
) -> CoreContact<V> {
    let radius = radii.sum();
    match pair {
        SegmentPair::Crossing { point } => {
            let contact = crossing_contact(xa, xb, ya, yb, point, radius);
            let finite = |p: V| p.x().is_finite() && p.y().is_finite();
            let contact = if contact.depth.is_nan() || !finite(contact.on_x) {
                // Floats within a factor of 4 of MAX: the differences overflowed.
                crossing_contact_scaled_down(xa, xb, ya, yb, radius)
            } else {
                contact
            };
            // Crossing cores are at least `radius` deep: a depth past MAX saturates there
            // (a radius sum of two huge radii overflows to ∞ otherwise).
            if all_finite([xa, xb, ya, yb], radii) {
                CoreContact {
                    depth: contact.depth.saturate(),
                    ..contact
                }
            } else {
                contact
            }
        }
        SegmentPair::Apart(apart) => {
            let closest = apart.closest();
            let (normal, distance) = closest.normal();
            let (on_x, on_y) = closest.points();
            let contact = CoreContact {
                normal,
                depth: depth::<V>(radius, distance),
                separation: distance,
                on_x,
                on_y,
            };
            if contact.depth.is_finite() || !all_finite([xa, xb, ya, yb], radii) {
                return contact;
            }
            depth_rescaled(contact, || {
                Some(segment_segment_nearest(
                    quarter(xa),
                    quarter(xb),
                    quarter(ya),
                    quarter(yb),
                    radii.quartered(),
                ))
            })
        }
    }
}

/// [`crossing_contact`] for floats so close to `±MAX` that a coordinate difference or a
/// projection onto a normal overflows: the points quartered (exact for floats this
/// large), then the cores' depth and the point scaled back. The normal is unchanged.
#[cold]
#[inline(never)]
fn crossing_contact_scaled_down<V: Vector2>(
    xa: V,
    xb: V,
    ya: V,
    yb: V,
    radius: S<V>,
) -> CoreContact<V> {
    let (xa, xb, ya, yb) = (quarter(xa), quarter(xb), quarter(ya), quarter(yb));
    let point = crossing_point(xa, xb, ya, yb);
    // The radii are added at full scale: they may be tiny, and quartering would round.
    let cores = crossing_contact(xa, xb, ya, yb, point, S::<V>::ZERO);
    let four = |x: S<V>| x.add(x).add(x.add(x));
    let point = V::new(four(point.x()), four(point.y()));
    let core_depth = four(cores.depth);
    CoreContact {
        normal: cores.normal,
        depth: core_depth.add(radius),
        separation: core_depth.neg(),
        on_x: point,
        on_y: point,
    }
}

/// The contact of two crossing segments: the smallest translation of `x` that separates
/// the cores (their Minkowski difference is a parallelogram with edge normals `±n_x`, `±n_y`),
/// plus the radii. Ties prefer y's left normal, then its right, then x's normals.
fn crossing_contact<V: Vector2>(
    xa: V,
    xb: V,
    ya: V,
    yb: V,
    point: V,
    radius: S<V>,
) -> CoreContact<V> {
    let zero = S::<V>::ZERO;
    let n_y = left_normal(ya, yb);
    let n_x = left_normal(xa, xb);
    // x's endpoints along y's normal.
    let (sa, sb) = (xa.sub(ya).dot(n_y), xb.sub(ya).dot(n_y));
    // y's endpoints along x's normal.
    let (ta, tb) = (ya.sub(xa).dot(n_x), yb.sub(xa).dot(n_x));
    let candidates = [
        (n_y, sa.min(sb).neg().max(zero)),
        (n_y.neg(), sa.max(sb).max(zero)),
        (n_x, ta.max(tb).max(zero)),
        (n_x.neg(), ta.min(tb).neg().max(zero)),
    ];
    let mut best = candidates[0];
    for candidate in &candidates[1..] {
        if candidate.1 < best.1 {
            best = *candidate;
        }
    }
    CoreContact {
        normal: best.0,
        depth: best.1.add(radius),
        separation: best.1.neg(),
        on_x: point,
        on_y: point,
    }
}
