//! The segment–segment kernel: whether two segments cross (four exact orientation tests),
//! and otherwise their closest pair among the four endpoint projections, ranked in a local
//! frame; the capsule–capsule contact, crossing cores included.

use crate::num::{Num, Scalar, Wide};
use crate::query::core_contact::{CoreContact, all_finite, depth, depth_rescaled, quarter};
use crate::query::project::{
    Projection, finite_point, half_point, left_normal, project, rescaled, xy,
};
use crate::query::radii::{Radii, within_segment};
use crate::vector::wide::{self, W};
use crate::vector::{Vector2, VectorOps};

type S<V> = <V as Vector2>::Scalar;

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
    /// How far an approximate gap may be from the exact one: see the `gap_tolerance` hook.
    tolerance: W<V>,
    best: usize,
    /// Where the nearest candidate's endpoint projects as ranked: the start (−1), the
    /// interior (0) or the end (1); 0 where a segment has zero length.
    best_region: i8,
    /// Whether the ranking's frame needed no rescaling.
    scale_free: bool,
}

impl<V: Vector2> Apart<V> {
    /// Candidate `i`: endpoint `i` of `xa, xb, ya, yb`, against the other segment.
    #[inline]
    fn candidate(&self, i: usize) -> Endpoint<V> {
        // Points of 8 bytes or less (`[f32; 2]`) are read one at a time: copied whole, the
        // array is read back in wider pieces than it was written in, which the processor
        // cannot forward from the stores (f32 segment distance 55 against 46 ns). Wider
        // points (`[f64; 2]`) are read and written a point per register either way, and
        // are faster copied whole.
        let (point, onto) = if core::mem::size_of::<V>() <= 8 {
            let p = &self.points;
            match i {
                0 => (p[0], (p[2], p[3])),
                1 => (p[1], (p[2], p[3])),
                2 => (p[2], (p[0], p[1])),
                _ => (p[3], (p[0], p[1])),
            }
        } else {
            let [xa, xb, ya, yb] = self.points;
            match i {
                0 => (xa, (ya, yb)),
                1 => (xb, (ya, yb)),
                2 => (ya, (xa, xb)),
                _ => (yb, (xa, xb)),
            }
        };
        Endpoint {
            point,
            onto,
            on_y: i >= 2,
        }
    }

    /// The closest pair, projected. Ties go to the first in the order `xa, xb, ya, yb`,
    /// and an endpoint pair to a nearer interior candidate ([`Apart::nearest`]).
    #[inline]
    pub(crate) fn closest(&self) -> EndpointProjection<V> {
        self.candidate(self.nearest()).project()
    }

    /// The nearest candidate: the ranked one, except that an endpoint pair (endpoint `p`
    /// projecting onto the other segment's end `q`) gives way to the candidate of `q`
    /// against `p`'s segment where `q` projects into its interior, which is nearer. Gaps
    /// within rounding of a tie can rank the pair first, and for cores that overlap deeply
    /// its normal, an angle `θ` off, leaves `depth · (1 − cos θ)` of overlap after the
    /// contact's offset (`tests/regressions.rs`).
    #[inline(always)]
    fn nearest(&self) -> usize {
        if self.best_region == 0 {
            return self.best;
        }
        self.interior_reverse().unwrap_or(self.best)
    }

    /// Where the ranked nearest candidate is an endpoint pair — endpoint `p` of a segment
    /// `pr` whose projection onto the other segment `qs` is its end `q` (`best_region`) —
    /// the candidate of `q` against `pr` when `q` projects into its open interior; else
    /// `None`. That candidate is nearer: its gap is below `|q − p|`, as `p` is not `q`'s
    /// foot. The regions are decided by the signs the normals use
    /// (`Projection::end_uncertain`): `(p − q)·(s − q) ≤ 0`, and `(q − p)·(r − p) > 0` and
    /// `(q − r)·(p − r) > 0`, each on rescaled differences.
    fn interior_reverse(&self) -> Option<usize> {
        // Candidate `i`'s endpoint is point `i` of `xa, xb, ya, yb`; its segment's other end
        // is point `i ^ 1`. `q` is `y`'s start or end for `x`'s candidates, and the reverse.
        let best = self.best;
        let reverse = if best < 2 { 2 } else { 0 } + usize::from(self.best_region > 0);
        let point = |i: usize| self.candidate(i).point;
        let (p, r, q, s) = (
            point(best),
            point(best ^ 1),
            point(reverse),
            point(reverse ^ 1),
        );
        let scale_free = self.scale_free;
        // Rescaled only where the frame was not scale-free (the differences of a
        // scale-free frame's points cannot overflow or underflow in their products).
        let positive = |u: V, v: V| {
            let (u, v) = if scale_free { (u, v) } else { rescaled(u, v) };
            wide::dot(u, v) > <W<V> as Wide>::ZERO
        };
        (positive(q.sub(p), r.sub(p))
            && positive(q.sub(r), p.sub(r))
            && !positive(p.sub(q), s.sub(q)))
        .then_some(reverse)
    }

    /// The nearest candidate's features: the unit normal from `y` towards `x`, the
    /// distance between the cores, and the closest points `(on x, on y)`. By the
    /// projection and its normal, or by the scalar's fast path whose answers are theirs
    /// bit for bit (`f64`'s): the manifolds compare this normal with a face's normal
    /// (`left_normal`) bit for bit, which a fast path that rounds otherwise (`f32`'s,
    /// from `f64`) would break.
    #[inline(always)]
    pub(crate) fn nearest_features(&self) -> (V, S<V>, V, V) {
        let candidate = self.candidate(self.nearest());
        let (normal, distance, closest) = endpoint_features(candidate);
        let Endpoint { point, on_y, .. } = candidate;
        if on_y {
            (normal.neg(), distance, closest, point)
        } else {
            (normal, distance, point, closest)
        }
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

/// The nearest features of an endpoint and the segment it is projected onto: the unit
/// normal from the segment towards the endpoint, their distance, and the segment's closest
/// point. By the projection and its normal, or by the scalar's fast path whose answers are
/// theirs bit for bit (`f64`'s).
#[inline(always)]
fn endpoint_features<V: Vector2>(candidate: Endpoint<V>) -> (V, S<V>, V) {
    let Endpoint { point, onto, .. } = candidate;
    let (a, b) = onto;
    match S::<V>::segment_features_identical(xy(a), xy(b), xy(point)) {
        Some(([nx, ny], distance, [qx, qy])) => (V::new(nx, ny), distance, V::new(qx, qy)),
        None => {
            let projection = project(a, b, point);
            let (normal, distance) = projection.normal(a, b, point);
            (normal, distance, projection.closest)
        }
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
}

/// The squared gap between `p` and the segment from the origin to `v` (`vv = v · v`), in a
/// local frame: an approximation used to rank the candidates, not to decide.
/// Also says where `p` projects: the start (−1), the open interior (0) or the end (1).
#[inline]
fn local_gap<V: Vector2>(p: V, v: V, vv: W<V>) -> (W<V>, i8) {
    let along = wide::dot(p, v);
    let (d, region) = if !(along > <W<V> as Wide>::ZERO) {
        (p, -1)
    } else if !(along < vv) {
        (p.sub(v), 1)
    } else {
        (p.sub(v.scale(S::<V>::unit_ratio(along, vv))), 0)
    };
    (wide::dot(d, d), region)
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
    let frame = Frame::new(xa, xb, ya, yb);
    if !S::<V>::scale_free(frame.largest)
        && !frame.largest.is_finite()
        && let Some(pair) = segment_segment_halved(xa, xb, ya, yb)
    {
        return pair;
    }
    relate(xa, xb, ya, yb, frame)
}

/// The local frame of [`segment_segment`]: `xb − xa`, `yb − ya`, `xa − ya`, and their
/// largest component magnitude (not finite where a difference overflowed).
#[derive(Clone, Copy)]
struct Frame<V: Vector2> {
    dx: V,
    dy: V,
    offset: V,
    largest: S<V>,
}

impl<V: Vector2> Frame<V> {
    #[inline(always)]
    fn new(xa: V, xb: V, ya: V, yb: V) -> Self {
        // y's start at the origin.
        let (dx, dy, offset) = (xb.sub(xa), yb.sub(ya), xa.sub(ya));
        let largest =
            S::<V>::largest_magnitude([dx.x(), dx.y(), dy.x(), dy.y(), offset.x(), offset.y()]);
        Self {
            dx,
            dy,
            offset,
            largest,
        }
    }
}

/// [`segment_segment`]'s body, on its frame (never halving: the caller has).
#[inline(always)]
fn relate<V: Vector2>(xa: V, xb: V, ya: V, yb: V, frame: Frame<V>) -> SegmentPair<V> {
    let Frame {
        dx,
        dy,
        offset,
        largest,
    } = frame;
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
    // The smallest gap kept in a variable rather than read back as `gaps[best]`: an
    // indexed read puts `gaps` in memory one lane at a time, and the copy into `Apart`
    // then reads it back whole, which the processor cannot forward from those narrow
    // stores (a stall of a dozen cycles, 18% of an f32 segment distance).
    let regions = ranked.map(|(_, region)| region);
    let (mut best, mut best_gap, mut best_region) = if eligible[0] {
        (0, gaps[0], regions[0])
    } else {
        (2, gaps[2], regions[2])
    };
    for i in 1..4 {
        if eligible[i] && gaps[i] < best_gap {
            best = i;
            best_gap = gaps[i];
            best_region = regions[i];
        }
    }
    let apart = Apart {
        points: [xa, xb, ya, yb],
        gaps,
        tolerance,
        best,
        best_region: if eligible == [true; 4] {
            best_region
        } else {
            0
        },
        scale_free: k == S::<V>::ONE,
    };
    SegmentPair::Apart(apart)
}

/// [`segment_segment`] for finite segments whose differences overflow (coordinates of
/// opposite signs beyond `MAX/2`): related at half scale, where nothing overflows, and
/// scaled back (a crossing point doubled; apart, the candidates ranked at half scale and
/// projected at full scale, where [`project`] halves again). `None` for a non-finite
/// input.
#[cold]
#[inline(never)]
fn segment_segment_halved<V: Vector2>(xa: V, xb: V, ya: V, yb: V) -> Option<SegmentPair<V>> {
    if ![xa, xb, ya, yb].into_iter().all(finite_point) {
        return None;
    }
    let [xa_h, xb_h, ya_h, yb_h] = [xa, xb, ya, yb].map(half_point);
    Some(
        match relate(xa_h, xb_h, ya_h, yb_h, Frame::new(xa_h, xb_h, ya_h, yb_h)) {
            SegmentPair::Crossing { point } => SegmentPair::Crossing {
                point: point.add(point),
            },
            SegmentPair::Apart(apart) => SegmentPair::Apart(Apart {
                points: [xa, xb, ya, yb],
                ..apart
            }),
        },
    )
}

/// Where segment `x` meets the line of `y`, for crossing segments: `xa + t (xb − xa)` with
/// `t = o₃ / (o₃ − o₄)`, `o₃, o₄` the (opposite-signed) cross products of x's endpoints
/// against y (the `crossing_ratios` hook, accurate at any angle).
///
/// The step is taken from the nearer end of `x`, with the complementary ratio computed on
/// its own (not as `1 − t`), so that a crossing near `xb` is not rounded away from it.
fn crossing_point<V: Vector2>(xa: V, xb: V, ya: V, yb: V) -> V {
    let (t, back) = S::<V>::crossing_ratios(xy(ya), xy(yb), xy(xa), xy(xb));
    if t.add(t) <= S::<V>::ONE {
        xa.add(xb.sub(xa).scale(t))
    } else {
        xb.add(xa.sub(xb).scale(back))
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

/// [`segment_segment_contact`] for a speculative contact: `None` unless the segments come
/// within `grown`; otherwise `finish` of the cores' nearest features (their normal,
/// separation and points; the depth is not computed), of the plain contact's depth
/// within `radii` (the true radii, `radii ≤ grown`), `None` where the segments do not
/// come within them, decided exactly from the same relation, when asked, and of the
/// segments' relation itself (which a manifold reads again).
#[inline(always)]
pub(crate) fn segment_segment_margin<V: Vector2, R>(
    [xa, xb, ya, yb]: [V; 4],
    radii: Radii<S<V>>,
    grown: Radii<S<V>>,
    finish: impl FnOnce(CoreContact<V>, &dyn Fn() -> Option<S<V>>, &SegmentPair<V>) -> R,
) -> Option<R> {
    if any_nan([xa, xb, ya, yb]) {
        return None;
    }
    let pair = segment_segment(xa, xb, ya, yb);
    match pair {
        SegmentPair::Crossing { .. } => {
            let core = pair_contact(pair, [xa, xb, ya, yb], radii);
            Some(finish(core, &|| Some(core.depth), &pair))
        }
        SegmentPair::Apart(apart) => {
            if !apart.within(grown) {
                return None;
            }
            // The nearest features only: the speculative contact takes its depth from the
            // separation, and asks for the plain contact's depth only where it overflowed.
            let (normal, separation, on_x, on_y) = apart.nearest_features();
            let core = CoreContact {
                normal,
                depth: S::<V>::ZERO,
                separation,
                on_x,
                on_y,
            };
            Some(finish(
                core,
                &|| {
                    apart
                        .within(radii)
                        .then(|| pair_contact(pair, [xa, xb, ya, yb], radii).depth)
                },
                &pair,
            ))
        }
    }
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
            let contact = if contact.depth.is_nan() || !finite_point(contact.on_x) {
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
            let (normal, distance, on_x, on_y) = apart.nearest_features();
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
