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

/// `(u, v)` multiplied by the `rescale_factor` hook of [`Scalar`] for their components,
/// so that their dot and cross products neither overflow nor underflow (floats far from
/// 1).
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
    let closest = interior_point(a, b, v, along, length_sq, || {
        let (u, back) = rescaled(p.sub(b), a.sub(b));
        (wide::dot(u, back), wide::dot(back, back))
    });
    Projection {
        closest,
        feature: Feature::Interior { cross },
        along,
        length_sq,
    }
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
#[cold]
#[inline(never)]
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
    })
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
                // Only a segment outside the scale-free range can flush an offset (cold).
                let v = b.sub(a);
                if S::<V>::rescale_factor(S::<V>::largest_magnitude([v.x(), v.y()])) != S::<V>::ONE
                {
                    let end = match self.feature {
                        Feature::Start => End::A,
                        _ => End::B,
                    };
                    if let Some(interior) = near_end(a, b, p, end) {
                        return interior.normal(a, b, p);
                    }
                }
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

/// The coordinates of a vector as an array, for the [`Scalar`] hooks.
#[inline(always)]
pub(crate) fn xy<V: Vector2>(v: V) -> [S<V>; 2] {
    [v.x(), v.y()]
}

/// The closest point of segment `ab` (`v = b − a`) to a point `p` that projects into its
/// open interior, from `along = (p − a)·v` and `length_sq = |v|²`: the one formula of
/// [`project`] and of the batch's closest points (`batch/filter.rs`), which must agree
/// bit for bit.
///
/// It steps from the nearer end, so that the rounding of `v · t` stays below `|v| / 2`:
/// `a + v·t` with `t = along / |v|²` when `2·along ≤ |v|²`, else `b − v·s` with
/// `s = (p − b)·(a − b) / |a − b|²`, computed from `p − b` rather than as `1 − t` (its
/// rounding then scales with `|p − b|`, not with `|p − a|`). `from_b` gives that
/// numerator and denominator, and is called only on that side ([`project`] rescales
/// `p − b` and `a − b` there).
///
/// Written for both callers: one division either way, and no branch around arithmetic
/// on vectors, only a choice of two scalars and of two points. The batch's `from_b`
/// has no side effects, so its loop computes both and selects, and vectorises (a branch
/// between `a + v·t` and `b − v·s` here stops it).
#[inline(always)]
pub(crate) fn interior_point<V: Vector2>(
    a: V,
    b: V,
    v: V,
    along: W<V>,
    length_sq: W<V>,
    from_b: impl FnOnce() -> (W<V>, W<V>),
) -> V {
    let near_a = along.add(along) <= length_sq;
    let (num, den) = if near_a { (along, length_sq) } else { from_b() };
    let step = v.scale(S::<V>::unit_ratio(num, den));
    let (from_a, from_b) = (a.add(step), b.sub(step));
    if near_a { from_a } else { from_b }
}
