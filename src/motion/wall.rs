//! The side walls of the cast kernel (`ray.rs`): where a point moving along a line
//! enters the slab of a segment inflated by a radius, between the segment's ends, with
//! the exact refinements of `src/num/exact_cast.rs` near parallel and, for a bare
//! segment, near its ends; and fixed point's float filter in front of the rounded entry
//! (`Scalar::wall_outlook`).

use core::cmp::Ordering;

use crate::motion::ray::{Entry, Frame};
use crate::num::{Num, Scalar, Wide};
use crate::query::project::{self, finite_point};
use crate::vector::wide::{self, W};
use crate::vector::{Vector2, VectorOps};

type S<V> = <V as Vector2>::Scalar;

/// What fixed point's float filter knows of the wall test ([`Scalar::wall_outlook`]):
/// whether the start is certainly outside the slab, and where the path enters it along
/// the segment (before `a`, between the ends, beyond `b`), where certain.
pub(crate) type Outlook = (bool, Option<Ordering>);

/// The sign of a wide value: -1, 0 or 1 (0 for NaN).
#[inline]
fn sign<T: Wide>(v: T) -> i8 {
    if v > T::ZERO {
        1
    } else if v < T::ZERO {
        -1
    } else {
        0
    }
}

/// A bare segment's wall entry, checked: the point found must lie on the segment. It does
/// unless the path runs nearly along the segment's line, where `σ₀ / |u · n|` divides two
/// near-zeros and rounding can put the point anywhere along the line (a hit at time 0 for
/// a segment still 3 units ahead, in tests/cast.rs): then the exact [`crossing`].
#[inline]
fn on_segment<V: Vector2>(
    wall: Option<Entry<V>>,
    start: V,
    unit: V,
    a: V,
    b: V,
) -> Option<Entry<V>> {
    let (_, _, point) = wall?;
    let v = b.sub(a);
    let along = wide::dot(point.sub(a), v);
    if along >= <W<V> as Wide>::ZERO && along <= wide::dot(v, v) {
        wall
    } else {
        crossing(start, unit, a, b)
    }
}

/// Where the path from `start` along the unit vector `unit` first meets segment `ab`, for
/// a start off the segment's line: a crossing decided by four exact orientation tests on
/// the path from `start` to a point past the segment, placed at the crossing ratio of
/// [`Scalar::crossing_ratios`] (accurate at any angle, so a path nearly along the
/// segment's line is placed where it really crosses, not where the rounding of a
/// near-zero cross product puts it). A start on the line is left to the endpoints (the
/// discs of radius 0). The caller compares the distance with the reach.
#[cold]
#[inline(never)]
fn crossing<V: Vector2>(start: V, unit: V, a: V, b: V) -> Option<Entry<V>> {
    use core::cmp::Ordering::{Equal, Greater};
    // Every point of the segment is within `|start − a| + |b − a|` of the start.
    let span = start.sub(a).length().add(b.sub(a).length());
    let end = start.add(unit.scale(span.add(span)));
    if !finite_point(end) {
        return None;
    }
    let xy = project::xy::<V>;
    let from_start = S::<V>::orient(xy(a), xy(b), xy(start));
    let from_end = S::<V>::orient(xy(a), xy(b), xy(end));
    if from_start == Equal || from_start == from_end {
        return None;
    }
    let side_a = S::<V>::orient(xy(start), xy(end), xy(a));
    let side_b = S::<V>::orient(xy(start), xy(end), xy(b));
    if side_a != Equal && side_a == side_b {
        return None;
    }
    let (t, _) = S::<V>::crossing_ratios(xy(a), xy(b), xy(start), xy(end));
    let left = project::left_normal(a, b);
    let normal = if from_start == Greater {
        left
    } else {
        left.neg()
    };
    let offset = end.sub(start).scale(t);
    Some((offset.length(), normal, start.add(offset)))
}

/// Entry through one of the two side walls of segment `ab` inflated by `radius`, for a
/// start outside the slab `|σ| ≤ radius`; with it, whether the path certainly enters the
/// slab beyond `b` (fixed point's filter), where `b`'s end disc is the nearer one.
#[inline]
pub(crate) fn side<V: Vector2>(
    start: V,
    (direction, low): (V, V),
    unit: V,
    a: V,
    b: V,
    radii: (S<V>, S<V>),
    frame: &Frame<V>,
) -> (Option<Entry<V>>, bool) {
    let zero = S::<V>::ZERO;
    let radius = radii.0.add(radii.1);
    let v = b.sub(a);
    let w = start.sub(a);
    // Where the entry lies along the segment, exactly (floats), for `wall_point`.
    let exact_extent = || {
        S::<V>::wall_extent(
            project::xy(start),
            [[direction.x(), low.x()], [direction.y(), low.y()]],
            [project::xy(a), project::xy(b)],
            [radii.0, radii.1],
        )
    };
    let h1 = wide::cross(v, direction);
    let h0 = wide::cross(v, w);
    // Within about 2⁻¹⁴ radians of parallel the rounded signs and distance below are
    // ill-conditioned, and for a bare segment so are the signs that decide whether the
    // path crosses the line between its ends when it passes within rounding of an end
    // or starts within rounding of the line: the exact entry (floats) decides and
    // measures instead. Fixed point's wide products are exact (no filter needed).
    // Fixed point's products and signs are exact: no filter, and the crossing signs of a
    // bare segment are formed only where they are asked.
    let exact = <W<V> as Wide>::EXACT_PRODUCTS;
    let size = |p: V| p.x().abs().add(p.y().abs());
    let (size_v, size_d) = (size(v), size(direction));
    let slant = size_v.mul(size_d).mul(S::<V>::ONE.half_times(14));
    let parallel = !exact && !(h1.abs() > slant.mul_wide(S::<V>::ONE));
    let roundoff = S::<V>::unit_roundoff();
    // For a bare segment: `h0`, `(a − start) × d = −(w × d)` and `(b − start) × d` each
    // err by at most `8 roundoff (|d|₁ + |v|₁)(|w|₁ + |v|₁)` (a bound on all three).
    let crossing_signs = || {
        (
            wide::cross(direction, a.sub(start)),
            wide::cross(direction, b.sub(start)),
        )
    };
    let (across_a, across_b) = if radius == zero && !exact {
        crossing_signs()
    } else {
        (<W<V> as Wide>::ZERO, <W<V> as Wide>::ZERO)
    };
    let bare_uncertain = !exact && radius == zero && roundoff != zero && {
        let bound = roundoff.mul(size_d.add(size_v)).mul(size(w).add(size_v));
        let bound = bound.add(bound).add(bound).add(bound);
        let bound = bound.add(bound).mul_wide(S::<V>::ONE);
        !(h0.abs() > bound && across_a.abs() > bound && across_b.abs() > bound)
    };
    // A start within rounding of the slab's edge `|σ| = r` (floats): the rounded slab test
    // below could call it inside the slab although it is outside, skip the wall, and
    // report a later entry through an end disc or none at all (a start 6e-18 outside,
    // moving straight in, reported time 0.047 for an exact 1e-18): decided exactly
    // instead. `h0` errs by at most `8 roundoff |v|₁ |w|₁`, `r |v|` by `8 roundoff` of
    // itself.
    let slab_uncertain = !exact && radius != zero && roundoff != zero && {
        let r_length = radius.mul(v.length());
        let bound = roundoff
            .mul(size_v)
            .mul(size(w))
            .add(roundoff.mul(r_length));
        let bound = bound.add(bound).add(bound).add(bound);
        let bound = bound.add(bound).mul_wide(S::<V>::ONE);
        !(h0.abs().sub(r_length.mul_wide(S::<V>::ONE)).abs() > bound)
    };
    if parallel || bare_uncertain || slab_uncertain {
        let exact = S::<V>::wall_entry(
            [start.x(), start.y()],
            [[direction.x(), low.x()], [direction.y(), low.y()]],
            [a.x(), a.y()],
            [b.x(), b.y()],
            [radii.0, radii.1],
        );
        if let Some(entry) = exact {
            let Some(distance) = entry else {
                return (None, false);
            };
            let left = frame.left(a, b);
            let from_left = S::<V>::orient(project::xy(a), project::xy(b), project::xy(start));
            let from_left = from_left == Ordering::Greater;
            let normal = if from_left { left } else { left.neg() };
            // The exact distance errs by a few roundings whatever the angle: rate 1.
            let entry = wall_point(
                start,
                unit,
                (a, b, frame),
                radius,
                (normal, from_left),
                (distance, false, S::<V>::ONE),
                exact_extent,
            );
            return (entry, false);
        }
    }
    // Exact signs for fixed point (rounded for floats, away from parallel): which side
    // the start is on, and whether it moves towards the line.
    let (s0, s1) = (sign(h0), sign(h1));
    if s0 == 0 || s0 * s1 >= 0 {
        return (None, false);
    }
    // Outside the slab: σ₀² > r², i.e. h0² > r² |v|² (exact for fixed point). A "yes, inside"
    // may come from squares that overflowed or underflowed (inputs beyond about 2^±250 in
    // f64, 2^±30 in f32): then, and only then, asked again without the squares, rescaled
    // where needed (cold).
    //
    // Fixed point's float filter first: a start certainly outside needs no exact test; an
    // entry certainly beyond an end of the segment is left to the end discs (the nearer
    // one first) before the normal and the quotient are formed; one certainly between
    // the ends needs no check (`wall_point`).
    let xy = project::xy::<V>;
    // (Formed already where the path's filter found the start clear, `Frame::wall`.)
    let (clear, outlook) = if radius == zero {
        (false, None)
    } else {
        frame.wall().unwrap_or_else(|| {
            S::<V>::wall_outlook(xy(start), xy(direction), [xy(a), xy(b)], radius)
        })
    };
    if !clear {
        let h0_abs = h0.abs();
        let inside = S::<V>::wide_product_le_certain(
            h0_abs,
            h0_abs,
            radius.mul_wide(radius),
            wide::dot(v, v),
        );
        if inside.unwrap_or_else(|| within_slab_rescaled(v, w, radius)) {
            return (None, false);
        }
    }
    if let Some(end @ (Ordering::Less | Ordering::Greater)) = outlook {
        return (None, end == Ordering::Greater);
    }
    let left = frame.left(a, b);
    let normal = if s0 > 0 { left } else { left.neg() };
    let sigma = w.dot(normal);
    let rate = unit.dot(normal).abs();
    let distance = sigma.sub(radius).max(zero).div(rate);
    if !distance.is_finite() {
        return (None, false);
    }
    if radius == zero {
        // The ray crosses the line between the endpoints (closed): exact signs for fixed
        // point, and for floats certain ones (the filter above).
        let (across_a, across_b) = if exact {
            crossing_signs()
        } else {
            (across_a, across_b)
        };
        let (sa, sb) = (sign(across_a), sign(across_b));
        if sa * sb > 0 {
            return (None, false);
        }
        let core_point = start.add(unit.scale(distance));
        return (
            on_segment(Some((distance, normal, core_point)), start, unit, a, b),
            false,
        );
    }
    let entry = wall_point(
        start,
        unit,
        (a, b, frame),
        radius,
        (normal, s0 > 0),
        (distance, outlook == Some(Ordering::Equal), rate),
        exact_extent,
    );
    (entry, false)
}

/// Whether the start `a + w` lies within the slab `|σ| ≤ radius` of the line along `v`
/// through `a`, asked again after the squared test said so, as `|v × w| ≤ radius |v|`
/// (products of two inputs, not four) on `v`, `w` and `radius` scaled by the power of two
/// that brings their largest magnitude near 1 where needed: no square overflows or
/// underflows. Fixed point's squared test is exact and stands.
#[cold]
#[inline(never)]
fn within_slab_rescaled<V: Vector2>(v: V, w: V, radius: S<V>) -> bool {
    if <W<V> as Wide>::EXACT_PRODUCTS {
        return true;
    }
    let largest = S::<V>::largest_magnitude([v.x(), v.y(), w.x(), w.y(), radius]);
    let scale = S::<V>::rescale_factor(largest);
    let (v, w, radius) = if scale == S::<V>::ONE {
        (v, w, radius)
    } else {
        (v.scale(scale), w.scale(scale), radius.mul(scale))
    };
    let h0 = wide::cross(v, w).abs();
    !(h0 > radius.mul(v.length()).mul_wide(S::<V>::ONE))
}

/// The entry through the wall of segment `ab` facing `normal`, at `distance` along
/// `unit`, for a radius above 0: kept when the entry point projects onto the segment
/// (closed), else `None` (the end discs answer). `from_left`: whether `normal` is the
/// left normal of `b − a` (else its opposite). For a bare segment (radius 0) the
/// caller has decided the crossing already; `within`: a filter has decided that this
/// check passes. `rate`: `|unit · normal|`, by which the distance was divided (1 for an
/// exact distance).
///
/// Floats: the entry's position along the segment errs by a few roundings of `|w| + s +
/// |ab| + r` (`w = start − a`, `s` the distance), plus those of `|w| + r` divided by the
/// rate (the distance's share, for a rounded one). Within `64` roundings of that of an end
/// the check is asked of `exact_extent` instead (cold): for a segment far longer than the
/// radius, the rounding would otherwise exceed the radius, and a path passing beyond an
/// end be taken to enter through the wall (`docs/motion.md`, "Known limits"). Fixed
/// point keeps the rounded check.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn wall_point<V: Vector2>(
    start: V,
    unit: V,
    (a, b, frame): (V, V, &Frame<V>),
    radius: S<V>,
    (normal, from_left): (V, bool),
    (distance, within, rate): (S<V>, bool, S<V>),
    exact_extent: impl FnOnce() -> Option<Ordering>,
) -> Option<Entry<V>> {
    let zero = S::<V>::ZERO;
    if radius != zero && !within {
        let length = frame.length(a, b);
        // The unit vector along b − a: the left normal turned back a quarter turn.
        let along_unit = if from_left {
            V::new(normal.y(), normal.x().neg())
        } else {
            V::new(normal.y().neg(), normal.x())
        };
        let offset = start.sub(a);
        let along = offset
            .dot(along_unit)
            .add(distance.mul(unit.dot(along_unit)));
        let mut between = along >= zero && along <= length;
        if !<W<V> as Wide>::EXACT_PRODUCTS {
            let size = offset.x().abs().add(offset.y().abs());
            let scale = size.add(distance).add(length).add(radius);
            let mut room = S::<V>::unit_roundoff().mul(scale.mul(rate).add(size).add(radius));
            for _ in 0..6 {
                room = room.add(room);
            }
            let near = along.abs().min(length.sub(along).abs()).mul(rate);
            if !(near > room)
                && let Some(extent) = exact_extent()
            {
                between = extent == Ordering::Equal;
            }
        }
        if !between {
            return None;
        }
    }
    let core_point = start.add(unit.scale(distance)).sub(normal.scale(radius));
    Some((distance, normal, core_point))
}
