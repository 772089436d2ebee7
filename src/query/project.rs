//! The point–segment kernel: the projection of a point onto a segment,
//! `t = clamp((p − a)·(b − a) / |b − a|², 0, 1)`, with the end regions decided before any
//! division, and the one rule for the normal from a segment to a point.

use crate::num::{Num, Scalar, Wide};
use crate::vector::wide::{self, W};
use crate::vector::{Vector2, VectorOps};

type S<V> = <V as Vector2>::Scalar;

/// The fallback direction when nothing else defines one: `+x`.
#[inline]
pub(crate) fn unit_x<V: Vector2>() -> V {
    V::new(S::<V>::ONE, S::<V>::ZERO)
}

/// Whether both coordinates are finite (always true for fixed point).
#[inline]
pub(crate) fn finite_point<V: Vector2>(p: V) -> bool {
    p.x().is_finite() && p.y().is_finite()
}

/// `p / 2`, exact for floats of the size whose differences overflow.
#[inline]
pub(crate) fn half_point<V: Vector2>(p: V) -> V {
    V::new(p.x().half(), p.y().half())
}

/// The unit left normal of `b − a` (counter-clockwise), or `+x` when `a == b`.
/// Negative zeros become positive ones (`x + 0`), so a horizontal segment's normal is
/// `(0, 1)` and not `(−0, 1)`.
#[inline(always)]
pub(crate) fn left_normal<V: Vector2>(a: V, b: V) -> V {
    let zero = S::<V>::ZERO;
    match b.sub(a).perp().normalize() {
        Some(n) => V::new(n.x().add(zero), n.y().add(zero)),
        None => left_normal_halved(a, b),
    }
}

/// [`left_normal`] where `b − a` is zero, non-finite or overflowed: from `b/2 − a/2`,
/// which does not overflow for finite `a` and `b` (a segment of finite endpoints of
/// opposite signs beyond `MAX/2` still has its normal); `+x` when that is zero or not
/// finite.
#[cold]
#[inline(never)]
fn left_normal_halved<V: Vector2>(a: V, b: V) -> V {
    let zero = S::<V>::ZERO;
    match half_point(b).sub(half_point(a)).perp().normalize() {
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
    /// The largest magnitude among the rescaled `p − a` and `b − a` components that
    /// `cross` was formed from: its rounding error is below [`Scalar::gap_tolerance`] of
    /// it (see [`Projection::side`]).
    largest: S<V>,
    /// Whether it was measured at half scale ([`project_halved`]): the normal then is too
    /// ([`normal_halved`]). A flag, so that the normal does not measure the inputs again.
    halved: bool,
    /// Whether the end region `b` was decided by `along ≥ |v|²` within its rounding (see
    /// [`Projection::end_uncertain`]). Decided where `along` and `|v|²` are at hand, so
    /// that they need not stay live until the normal.
    end_uncertain: bool,
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

/// `(u, v)` multiplied by the `rescale_factor` hook of [`Scalar`] for their components,
/// so that their dot and cross products neither overflow nor underflow (floats far from
/// 1).
#[inline]
pub(crate) fn rescaled<V: Vector2>(u: V, v: V) -> (V, V) {
    let (u, v, _) = rescaled_with_largest(u, v);
    (u, v)
}

/// [`rescaled`], with the largest magnitude among the rescaled components.
#[inline(always)]
fn rescaled_with_largest<V: Vector2>(u: V, v: V) -> (V, V, S<V>) {
    let largest = S::<V>::largest_magnitude([u.x(), u.y(), v.x(), v.y()]);
    rescaled_by(u, v, largest)
}

/// `(u, v)` and `largest`, their largest component magnitude, scaled by the
/// `rescale_factor` hook for it.
#[inline(always)]
fn rescaled_by<V: Vector2>(u: V, v: V, largest: S<V>) -> (V, V, S<V>) {
    let k = S::<V>::rescale_factor(largest);
    if k == S::<V>::ONE {
        (u, v, largest)
    } else {
        (u.scale(k), v.scale(k), largest.mul(k))
    }
}

/// Projects `p` onto segment `ab`: `t = clamp((p − a)·(b − a) / |b − a|², 0, 1)`.
///
/// The end regions are decided before any division, so a zero-length segment (and a NaN
/// input) lands in [`Feature::Start`] and nothing divides by zero. `t` is scale-free, so it
/// is computed on `b − a` and `p − a` rescaled by a power of two when they are huge or tiny.
///
/// A segment (or offset) whose extent overflows, finite coordinates of opposite signs
/// beyond `MAX/2` (floats), is projected at half scale instead (see [`project_halved`]).
#[inline(always)]
pub(crate) fn project<V: Vector2>(a: V, b: V, p: V) -> Projection<V> {
    if let Some(([x, y], along, length_sq, cross)) = S::<V>::project_exact(xy(a), xy(b), xy(p)) {
        return project_exact(a, b, p, (V::new(x, y), along, length_sq, cross));
    }
    project_provided(a, b, p)
}

/// [`project`] without the scalar's exact integers: the generic arithmetic, for every
/// scalar and input (the reference that fixed point's fast path is tested against).
#[inline(always)]
pub(crate) fn project_provided<V: Vector2>(a: V, b: V, p: V) -> Projection<V> {
    let (v, w) = (b.sub(a), p.sub(a));
    let largest = S::<V>::largest_magnitude([w.x(), w.y(), v.x(), v.y()]);
    // Decided before the projection, so that the halved result never merges with the
    // common path's after it (which kept that path's values in memory: 1.4x the time of
    // an f64 segment distance); and inlined, not a cold call, whose early return alone
    // cost the f64 point queries 8-13%.
    // The common case first, on one range test that also rules out overflow: the
    // rescaling inside is then folded away.
    if S::<V>::scale_free(largest) {
        return project_in_range(a, b, p, (v, w, largest));
    }
    if !largest.is_finite()
        && let Some(halved) = project_halved(a, b, p)
    {
        return halved;
    }
    project_in_range(a, b, p, (v, w, largest))
}

/// [`project`]'s record from the scalar's exact integers (`Num::project_exact`, fixed
/// point on its fast path): the regions decided as [`project_in_range`] decides them,
/// with the same fields (products are exact there, so no end is uncertain, and the start
/// region's `length_sq` is `along`, as there).
#[inline(always)]
fn project_exact<V: Vector2>(
    a: V,
    b: V,
    p: V,
    (closest, along, length_sq, cross): (V, W<V>, W<V>, W<V>),
) -> Projection<V> {
    let (v, w) = (b.sub(a), p.sub(a));
    let largest = S::<V>::largest_magnitude([w.x(), w.y(), v.x(), v.y()]);
    let (feature, length_sq) = if !(along > <W<V> as Wide>::ZERO) {
        (Feature::Start, along)
    } else if !(along < length_sq) {
        (Feature::End, length_sq)
    } else {
        (Feature::Interior { cross }, length_sq)
    };
    Projection {
        closest,
        feature,
        along,
        length_sq,
        largest,
        halved: false,
        end_uncertain: false,
    }
}

/// [`project`] for a segment whose extent `b − a` or offset `p − a` overflowed (finite
/// floats of opposite signs beyond `MAX/2`): the projection of `a/2, b/2, p/2`, whose
/// differences cannot overflow, with its closest point scaled back (exactly: `a` or `b`
/// themselves in the end regions, twice the halved point in the interior). Its other
/// fields stay at half scale, where the projection's own sign tests read them. `None`
/// for a non-finite input (the plain projection stands).
#[inline(always)]
fn project_halved<V: Vector2>(a: V, b: V, p: V) -> Option<Projection<V>> {
    let (_, halved) = at_half_scale(a, b, p)?;
    let closest = match halved.feature {
        Feature::Start => a,
        Feature::End => b,
        Feature::Interior { .. } => halved.closest.add(halved.closest),
    };
    Some(Projection {
        closest,
        halved: true,
        ..halved
    })
}

/// `a/2, b/2, p/2` and the projection between them (whose differences cannot overflow),
/// for [`project_halved`] and [`normal_halved`]; `None` for a non-finite input.
#[inline(always)]
fn at_half_scale<V: Vector2>(a: V, b: V, p: V) -> Option<([V; 3], Projection<V>)> {
    if !(finite_point(a) && finite_point(b) && finite_point(p)) {
        return None;
    }
    let (a, b, p) = (half_point(a), half_point(b), half_point(p));
    let (v, w) = (b.sub(a), p.sub(a));
    let largest = S::<V>::largest_magnitude([w.x(), w.y(), v.x(), v.y()]);
    Some(([a, b, p], project_in_range(a, b, p, (v, w, largest))))
}

/// [`project`]'s body, for differences that do not overflow.
#[inline(always)]
fn project_in_range<V: Vector2>(a: V, b: V, p: V, (v, w, largest): (V, V, S<V>)) -> Projection<V> {
    let (w, v_scaled, largest) = rescaled_by(w, v, largest);
    let along = wide::dot(w, v_scaled);
    if !(along > <W<V> as Wide>::ZERO) {
        return Projection {
            closest: a,
            feature: Feature::Start,
            // Not read in the end regions (see `t`).
            along,
            length_sq: along,
            largest,
            halved: false,
            end_uncertain: false,
        };
    }
    let length_sq = wide::dot(v_scaled, v_scaled);
    if !(along < length_sq) {
        return Projection {
            closest: b,
            feature: Feature::End,
            along,
            length_sq,
            largest,
            halved: false,
            end_uncertain: !<W<V> as Wide>::EXACT_PRODUCTS
                && !(along.sub(length_sq) > S::<V>::gap_tolerance(largest)),
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
            largest,
            halved: false,
            end_uncertain: false,
        };
    }
    let (closest, feature) = if nearer_a(along, length_sq) {
        (
            step_from_a(a, v, along, length_sq),
            Feature::Interior { cross },
        )
    } else {
        // Near `b`, `(p − b)·(a − b)` decides the end region for rounded products: its
        // rounding scales with `|p − b|`, where `along < |v|²` compares two values of size
        // `|v|²` (see [`Projection::end_uncertain`]). The closest point is the same either
        // way (`b` when the step is not positive), so the batch's agrees bit for bit.
        // Exact products (fixed point) decided it exactly already.
        let (u, back) = rescaled(p.sub(b), a.sub(b));
        let along_b = wide::dot(u, back);
        let inside = <W<V> as Wide>::EXACT_PRODUCTS || along_b > <W<V> as Wide>::ZERO;
        (
            step_from_b(b, v, along_b, wide::dot(back, back)),
            if inside {
                Feature::Interior { cross }
            } else {
                Feature::End
            },
        )
    };
    Projection {
        closest,
        feature,
        along,
        length_sq,
        largest,
        halved: false,
        end_uncertain: false,
    }
}

/// The point of segment `ab` nearest `p`: [`project`]'s `closest`, by the scalar's
/// certified fast path where it has one and its certificate holds (`num/fast.rs`).
#[inline(always)]
pub(crate) fn closest<V: Vector2>(a: V, b: V, p: V) -> V {
    let vector = |[x, y]: [S<V>; 2]| V::new(x, y);
    let [x, y] = S::<V>::closest_on_segment_or(xy(a), xy(b), xy(p), |a, b, p| {
        xy(project(vector(a), vector(b), vector(p)).closest)
    });
    V::new(x, y)
}

/// Which end of a segment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    A,
    B,
}

/// The region of a point `p` so near an end of a long segment that, on the power-of-two
/// scale common to `p − a` and `b − a`, its offset from that end flushed to zero (or to the
/// imprecise subnormal range): mixed magnitudes such as `p − a = 2⁻⁹⁹` against
/// `b − a = 2⁶⁰` in `f32`, which [`project`] puts in the end region. The closest point is
/// right there within rounding (the offset is far below an ulp of the segment), but the
/// end region's normal, along `p − a`, would run along the segment: [`Projection::normal`]
/// asks this function before it uses it.
///
/// The offset and the segment are scaled each by its own power of two instead, which keeps
/// the signs of their dot and cross products. `None` when the offset did not flush, or when
/// `p` really lies beyond the end. Otherwise `p` projects into the interior, within
/// rounding of the end itself (the offset is far below an ulp of the segment), and gets
/// the interior's rules: its own closest point when it lies exactly on the segment, the
/// segment's normal on its side.
#[inline]
fn near_end<V: Vector2>(a: V, b: V, p: V, end: End) -> Option<Projection<V>> {
    let v = b.sub(a);
    let (corner, offset) = match end {
        End::A => (a, p.sub(a)),
        End::B => (b, p.sub(b)),
    };
    let magnitude = |u: V| S::<V>::largest_magnitude([u.x(), u.y()]);
    let common = S::<V>::rescale_factor(S::<V>::largest_magnitude([
        offset.x(),
        offset.y(),
        v.x(),
        v.y(),
    ]));
    let scaled = magnitude(offset).mul(common);
    let flushed = (scaled == S::<V>::ZERO && magnitude(offset) != S::<V>::ZERO)
        || S::<V>::rescale_factor(scaled) != S::<V>::ONE;
    if !flushed {
        return None;
    }
    let own = |u: V| u.scale(S::<V>::rescale_factor(magnitude(u)));
    let (offset_own, v_own) = (own(offset), own(v));
    let largest = magnitude(offset_own).max(magnitude(v_own));
    let along = wide::dot(offset_own, v_own);
    let inside = match end {
        End::A => along > <W<V> as Wide>::ZERO,
        End::B => along < <W<V> as Wide>::ZERO,
    };
    if !inside {
        return None;
    }
    // `(b − a) × (p − b) = (b − a) × (p − a)`: one sign for both ends.
    let cross = wide::cross(v_own, offset_own);
    let on_segment = cross == <W<V> as Wide>::ZERO
        && S::<V>::orient(xy(a), xy(b), xy(p)) == core::cmp::Ordering::Equal;
    // `t` is within rounding of 0 (at `a`) or 1 (at `b`): `unit_ratio(0, 0) = 0`,
    // `unit_ratio(1, 1) = 1`.
    let (along, length_sq) = match end {
        End::A => (<W<V> as Wide>::ZERO, <W<V> as Wide>::ZERO),
        End::B => {
            let one = S::<V>::ONE.mul_wide(S::<V>::ONE);
            (one, one)
        }
    };
    Some(Projection {
        closest: if on_segment { p } else { corner },
        feature: Feature::Interior { cross },
        along,
        length_sq,
        largest,
        halved: false,
        end_uncertain: false,
    })
}

impl<V: Vector2> Projection<V> {
    /// The unit normal from the segment towards `p`, and the distance along it.
    ///
    /// - End regions: `(p − endpoint) / |p − endpoint|`.
    /// - Interior: the segment's unit normal, on `p`'s side (sign of the cross product);
    ///   `p − q` is never normalised there, since rounding in `q` would tilt it.
    /// - `p` on the segment: the left normal of `b − a`; `+x` for a zero-length segment.
    ///
    /// A segment (or offset) whose extent overflows, finite coordinates of opposite signs
    /// beyond `MAX/2`, is measured at half scale ([`normal_halved`]) where the projection
    /// was (its `halved` flag: the inputs are not measured again), decided before the
    /// common path so that its result does not merge with it, and inlined (a cold call's
    /// early return cost the f64 point queries 8-13%). `a`, `b` and `p` must be the
    /// projection's own.
    #[inline(always)]
    pub(crate) fn normal(&self, a: V, b: V, p: V) -> (V, S<V>) {
        if self.halved
            && let Some(halved) = normal_halved(a, b, p)
        {
            return halved;
        }
        self.normal_in_range(a, b, p)
    }

    /// [`normal`](Self::normal)'s body, for differences that do not overflow.
    #[inline(always)]
    fn normal_in_range(&self, a: V, b: V, p: V) -> (V, S<V>) {
        match self.feature {
            Feature::Start | Feature::End => {
                // Only a segment outside the scale-free range can flush an offset (cold).
                let v = b.sub(a);
                if S::<V>::rescale_factor(S::<V>::largest_magnitude([v.x(), v.y()])) != S::<V>::ONE
                {
                    return self.end_normal_rescaled(a, b, p);
                }
                if self.end_uncertain() {
                    return end_or_interior_normal(a, b, p, self.closest);
                }
                self.end_normal(a, b, p)
            }
            Feature::Interior { .. } => interior_normal(a, b, p, self.side(a, b, p)),
        }
    }

    /// Which side of the segment `p` lies on, exactly: the sign of `(b − a) × (p − a)`
    /// (`Equal` outside the interior region, and for a `p` on the segment).
    ///
    /// The rounded cross product decides where it is clear of its rounding error (a few
    /// `ε·m²` for components of magnitude `m`, far below [`Scalar::gap_tolerance`] of
    /// `m`); within it, the exact orientation test does. A sign wrong by rounding would put
    /// the normal on the wrong side, which for two segment cores that nearly meet turns
    /// the separating translation the wrong way. Wide types with exact products (fixed
    /// point's `i128`) need the test only at zero.
    #[inline(always)]
    pub(crate) fn side(&self, a: V, b: V, p: V) -> core::cmp::Ordering {
        use core::cmp::Ordering;
        let Feature::Interior { cross } = self.feature else {
            return Ordering::Equal;
        };
        let zero = <W<V> as Wide>::ZERO;
        let clear = if <W<V> as Wide>::EXACT_PRODUCTS {
            cross != zero
        } else {
            cross.abs() > S::<V>::gap_tolerance(self.largest)
        };
        if clear {
            if cross < zero {
                Ordering::Less
            } else {
                Ordering::Greater
            }
        } else {
            side_exact(a, b, p)
        }
    }

    /// Whether the end region `b` was decided by `along ≥ |v|²` within its rounding.
    ///
    /// Those two values have size `|v|²`, and their rounding (a few `ε·m²` for components
    /// of magnitude `m`, far below [`Scalar::gap_tolerance`] of `m`) can exceed the exact
    /// `(p − b)·(a − b)` when `p` is much nearer `b` than `|v|`: a `p` that projects just
    /// inside the segment is then called beyond `b`, and gets `(p − b)/|p − b|`, far from
    /// the segment's normal, as its normal. [`end_or_interior_normal`] decides those again.
    /// The start region needs nothing of the kind: `along > 0` is rounded relative to
    /// `|p − a|·|v|`, so it is wrong only where `p − a` is within rounding of
    /// perpendicular to the segment, and both normals agree within it. Wide types with
    /// exact products (fixed point's `i128`) decide it exactly.
    #[inline(always)]
    fn end_uncertain(&self) -> bool {
        self.end_uncertain
    }

    /// [`normal`](Self::normal) in an end region of a segment outside the scale-free
    /// range: [`near_end`] first, then [`end_uncertain`](Self::end_uncertain) as on the
    /// common path (a segment that long is where a `p` much nearer `b` than its length
    /// is most often put beyond `b`). Inlined, with the rare cases in one out-of-line call
    /// ([`near_end_normal`]): more of them inline, or a call returning the whole answer,
    /// made the compiler keep the caller's floating-point values on the stack on the
    /// common path too (33 more instructions per f64 speculative contact; 20 more for the
    /// uncertain end inline).
    #[inline(always)]
    fn end_normal_rescaled(&self, a: V, b: V, p: V) -> (V, S<V>) {
        let end = match self.feature {
            Feature::Start => End::A,
            _ => End::B,
        };
        match near_end_normal(a, b, p, end, self.end_uncertain(), self.closest) {
            Some(found) => found,
            None => self.end_normal(a, b, p),
        }
    }

    /// The end region's normal: `(p − q) / |p − q|`, the left normal where `p` is the end.
    #[inline(always)]
    fn end_normal(&self, a: V, b: V, p: V) -> (V, S<V>) {
        normal_from_end(a, b, p, self.closest)
    }
}

/// `(p − q) / |p − q|` and `|p − q|` for the end `q` nearest `p`; the left normal of the
/// segment, at distance 0, where `p` is the end.
#[inline(always)]
fn normal_from_end<V: Vector2>(a: V, b: V, p: V, q: V) -> (V, S<V>) {
    let d = p.sub(q);
    match d.normalize() {
        Some(n) => (n, d.dot(n)),
        None => (left_normal(a, b), S::<V>::ZERO),
    }
}

/// [`Projection::normal`] for a segment whose extent `b − a` or offset `p − a` overflowed
/// (finite floats of opposite signs beyond `MAX/2`): the normal of `a/2, b/2, p/2`, whose
/// differences cannot overflow, and its distance doubled, saturated. `None` for a
/// non-finite input (the plain normal stands).
#[inline(always)]
fn normal_halved<V: Vector2>(a: V, b: V, p: V) -> Option<(V, S<V>)> {
    let ([a, b, p], projection) = at_half_scale(a, b, p)?;
    let (normal, distance) = projection.normal_in_range(a, b, p);
    Some((normal, distance.add(distance).saturate()))
}

/// [`Projection::end_normal_rescaled`]'s rare cases, out of line in one call: a `p` whose
/// offset from the end flushed and that lies inside ([`near_end`]: the interior's
/// normal), or one called beyond `b` within rounding (`uncertain`:
/// [`end_or_interior_normal`]); `None` for the end's own normal.
#[cold]
#[inline(never)]
fn near_end_normal<V: Vector2>(
    a: V,
    b: V,
    p: V,
    end: End,
    uncertain: bool,
    closest: V,
) -> Option<(V, S<V>)> {
    if let Some(
        projection @ Projection {
            feature: Feature::Interior { .. },
            ..
        },
    ) = near_end(a, b, p, end)
    {
        return Some(interior_normal(a, b, p, projection.side(a, b, p)));
    }
    uncertain.then(|| end_or_interior_normal(a, b, p, closest))
}

/// The normal of a `p` called beyond `b` within rounding ([`Projection::end_uncertain`]):
/// decided again by the sign of `(p − b)·(a − b)`, rounded relative to `|p − b|·|a − b|`.
/// Positive, `p` projects into the interior and gets the interior's normal (the exact side
/// of the line); otherwise the end's, from `closest`. Out of line: reached only within
/// rounding of the boundary between the two regions.
#[cold]
#[inline(never)]
fn end_or_interior_normal<V: Vector2>(a: V, b: V, p: V, closest: V) -> (V, S<V>) {
    let (u, back) = rescaled(p.sub(b), a.sub(b));
    if wide::dot(u, back) > <W<V> as Wide>::ZERO {
        return interior_normal(a, b, p, side_exact(a, b, p));
    }
    normal_from_end(a, b, p, closest)
}

/// The exact orientation of `p` against `ab`, out of line: reached only within rounding
/// of the line, and inlined its filter would crowd the common path's registers.
#[cold]
#[inline(never)]
fn side_exact<V: Vector2>(a: V, b: V, p: V) -> core::cmp::Ordering {
    S::<V>::orient(xy(a), xy(b), xy(p))
}

/// The interior's normal: the segment's unit normal on `p`'s side (`side`, the exact sign
/// of the cross product; the left normal when `p` is on the line), and the distance along
/// it.
#[inline(always)]
fn interior_normal<V: Vector2>(a: V, b: V, p: V, side: core::cmp::Ordering) -> (V, S<V>) {
    let n = left_normal(a, b);
    let n = if side == core::cmp::Ordering::Less {
        n.neg()
    } else {
        n
    };
    (n, p.sub(a).dot(n).abs())
}

/// The coordinates of a vector as an array, for the [`Scalar`] hooks.
#[inline(always)]
pub(crate) fn xy<V: Vector2>(v: V) -> [S<V>; 2] {
    [v.x(), v.y()]
}

/// Whether a point that projects into the open interior of segment `ab` is nearer `a`
/// (`2·along ≤ |v|²`, with `along = (p − a)·v`, `v = b − a`): the closest point is then
/// stepped from `a` ([`step_from_a`]), else from `b` ([`step_from_b`]).
///
/// The three are the one formula of the interior closest point, shared by [`project`]
/// and the batch's closest points (`batch/filter.rs`), which must agree bit for bit.
/// Stepping from the nearer end keeps the rounding of `v · t` below `|v| / 2`. The single
/// query branches and computes one step; the batch computes both and selects, so that its
/// loop vectorises. Each step is the same arithmetic either way.
#[inline(always)]
pub(crate) fn nearer_a<T: Wide>(along: T, length_sq: T) -> bool {
    along.add(along) <= length_sq
}

/// `a + v·t`, `t = along / |v|²`: the interior closest point stepped from `a`.
#[inline(always)]
pub(crate) fn step_from_a<V: Vector2>(a: V, v: V, along: W<V>, length_sq: W<V>) -> V {
    a.add(v.scale(S::<V>::unit_ratio(along, length_sq)))
}

/// `b − v·s`, `s = (p − b)·(a − b) / |a − b|²` given as `along_b / length_sq`: the
/// interior closest point stepped from `b`. `s` is computed from `p − b` rather than as
/// `1 − t`, so that its rounding scales with `|p − b|`, not with `|p − a|`.
#[inline(always)]
pub(crate) fn step_from_b<V: Vector2>(b: V, v: V, along_b: W<V>, length_sq: W<V>) -> V {
    b.sub(v.scale(S::<V>::unit_ratio(along_b, length_sq)))
}
