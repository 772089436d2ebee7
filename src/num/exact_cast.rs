//! Exact refinements of the cast kernel (`src/motion/ray.rs`) for f64 and f32: paths so
//! nearly along a wall, so nearly tangent to a cap, or so nearly through a point that the
//! rounded kernel's signs or distances are ill-conditioned there are decided and measured
//! with the expansions of [`super::exact`], with the two radii kept apart and the relative
//! motion's own rounding put back. Each entry point is `#[cold]`: the kernel calls it only
//! behind a cheap filter.

use core::cmp::Ordering;

use super::Scalar;
use super::bigint::{EIGHTH, FOURTH, INPUT, Int, SQUARE, bit_range};
use super::exact::{Exact, all_finite, cross_int, dot_int, exact_path};
use super::expansion::{Expansion, cross2, diff, dot2, product, sum, two_sum};

/// `2^-32`: the relative error an f64 cast's distance may keep on its rounded path (the
/// time of impact is then within `2^-32 < 10⁻⁹` of the step).
pub(crate) const CAST_RELATIVE_F64: f64 = 1.0 / 4_294_967_296.0;

/// `2^-20`: the same for an f32 cast, whose answer is rounded to `2^-24` anyway and held to
/// no tunnel and no phantom at its rounding. An f32 half chord is measured again in f64
/// first ([`half_chord_widened`]): the f32 discriminant errs by `2^-21` of the squares it
/// is formed from, which sent nearly every f32 hit down the exact path (2.5x to 4.6x the
/// time of an f32 ray or sweep).
pub(crate) const CAST_RELATIVE_F32: f64 = 1.0 / 1_048_576.0;

/// The power of two that [`exact_path`] divided `values` by (`scaled` are the results):
/// multiply a degree-1 quantity computed from `scaled` by it to undo the scaling.
fn scale_back<const N: usize>(values: &[f64; N], scaled: &[f64; N]) -> f64 {
    let largest = |v: &[f64; N]| {
        v.iter()
            .fold(0.0_f64, |m, x| if x.abs() > m { x.abs() } else { m })
    };
    let (before, after) = (largest(values), largest(scaled));
    if after > 0.0 { before / after } else { 1.0 }
}

/// `h² − (r₁ + r₂)² y`, exactly: the comparison of a cross product with a radius times a
/// length that both the wall and the cap make, squared so that no root is taken.
fn square_less_radius_squared_times(
    h: &Expansion<16>,
    (r1, r2): (f64, f64),
    y: &Expansion<16>,
) -> Expansion<768> {
    let h_squared: Expansion<512> = product::<16, 16, 32, 512>(h, h);
    let r = Expansion::<2>::pair(two_sum(r1, r2));
    let r_squared: Expansion<8> = product::<2, 2, 4, 8>(&r, &r);
    let r_squared_y: Expansion<256> = product::<16, 8, 32, 256>(y, &r_squared);
    sum(&h_squared, &r_squared_y.negated())
}

/// A wall query's twelve inputs in one array (start, direction with its rounding, the
/// segment's ends, the two radii): `None` unless every one is finite and both radii are
/// non-negative.
#[inline]
fn cast_inputs(
    start: [f64; 2],
    d: [[f64; 2]; 2],
    a: [f64; 2],
    b: [f64; 2],
    radii: [f64; 2],
) -> Option<[f64; 12]> {
    let values = [
        start[0], start[1], d[0][0], d[0][1], d[1][0], d[1][1], a[0], a[1], b[0], b[1], radii[0],
        radii[1],
    ];
    (all_finite(&values) && radii[0] >= 0.0 && radii[1] >= 0.0).then_some(values)
}

/// A direction component and its rounding (`hi + lo`, `|lo|` at most half an ulp of
/// `hi`), as an expansion.
#[inline]
fn direction(hi: f64, lo: f64) -> Expansion<2> {
    Expansion::pair(two_sum(hi, lo))
}

/// A cast from `start` along `d` (given as `[[x, x_low], [y, y_low]]`, the direction and
/// its rounding) against the side walls of segment `ab` inflated by `radii[0] + radii[1]`,
/// decided and measured exactly, for paths so nearly along the segment that the rounded
/// kernel's signs and its distance `(σ − r) / rate` are ill-conditioned.
///
/// `Some(None)`: the path does not enter through a wall (the start is on the segment's
/// line or inside the slab `|σ| ≤ r`, the path does not approach the line, or, for a bare
/// segment, crosses the line outside the segment). `Some(Some(s))`: it enters at distance
/// `s` along the unit direction, `s = t |d|` with `t = (|h₀| − r |v|) / |h₁|`, `v = b − a`,
/// `h₀ = v × (start − a)` and `h₁ = v × d` exact, and `|h₀| − r |v|` as
/// `(h₀² − r² |v|²) / (|h₀| + r |v|)` with the numerator exact, so that nothing cancels: a
/// few units of rounding whatever the angle. `None` when the exact path does not apply
/// (a non-finite input, or inputs spread over more than 268 binary places, where the
/// caller keeps its rounded answer).
#[cold]
#[inline(never)]
pub(crate) fn wall_entry(
    start: [f64; 2],
    d: [[f64; 2]; 2],
    a: [f64; 2],
    b: [f64; 2],
    radii: [f64; 2],
) -> Option<Option<f64>> {
    let values = cast_inputs(start, d, a, b, radii)?;
    let Exact::Expansions(scaled) = exact_path(values) else {
        return None;
    };
    let [sx, sy, dx, dx_low, dy, dy_low, ax, ay, bx, by, r1, r2] = scaled;
    // `|d|` from the scaled direction (no overflow, no underflow), scaled back: the
    // scaling is a power of two, so that is exact.
    let unscale = scale_back(&values, &scaled);
    let length = root(dx * dx + dy * dy) * unscale;
    let (vx, vy) = (diff(bx, ax), diff(by, ay));
    let (ddx, ddy) = (direction(dx, dx_low), direction(dy, dy_low));
    let h0 = cross2(&vx, &vy, &diff(sx, ax), &diff(sy, ay));
    let h1 = cross2(&vx, &vy, &ddx, &ddy);
    let (s0, s1) = (h0.sign(), h1.sign());
    if s0 == Ordering::Equal || s1 == Ordering::Equal || s0 == s1 {
        // On the line, or not approaching it (h₁ has the sign of h₀ when moving away).
        return Some(None);
    }
    let (h0e, h1e) = (h0.estimate().abs(), h1.estimate().abs());
    let r = r1 + r2;
    let numerator = if r1 == 0.0 && r2 == 0.0 {
        // A bare segment: the path must cross the line between the ends (closed).
        let sa = cross2(&ddx, &ddy, &diff(ax, sx), &diff(ay, sy)).sign();
        let sb = cross2(&ddx, &ddy, &diff(bx, sx), &diff(by, sy)).sign();
        if sa != Ordering::Equal && sa == sb {
            return Some(None);
        }
        h0e
    } else {
        let vv = dot2(&vx, &vy, &vx, &vy);
        let n2 = square_less_radius_squared_times(&h0, (r1, r2), &vv);
        if n2.sign() != Ordering::Greater {
            // Inside the slab (or on its edge): no entry through a wall.
            return Some(None);
        }
        n2.estimate() / (h0e + r * root(vv.estimate()))
    };
    let distance = numerator / h1e * length;
    if distance.is_finite() {
        Some(Some(distance))
    } else {
        None
    }
}

/// Where a cast's entry through the side wall of segment `ab` inflated by `R = r₁ + r₂`
/// lies along the segment, exactly: `Less` before `a`, `Greater` beyond `b`, `Equal`
/// between them (ends included), for a start outside the slab `|σ| ≤ R` moving towards
/// it along `d` (`[[x, x_low], [y, y_low]]`, the direction and its rounding). `None` for
/// a non-finite input, a negative radius, or a start on the line or not approaching it.
///
/// With `w = start − a`, `v = b − a`, `h₀ = v × w` and `h₁ = v × d`, the path meets the wall
/// at `t = (|h₀| − R |v|) / |h₁|` (in steps of `d`), where its position along `v`, times
/// `|v|`, is `w · v + t (d · v)`. Times `|h₁|`, the entry lies before `a` where `X₀ = (w ·
/// v) |h₁| + |h₀| (d · v)` is below `Y = R |v| (d · v)`, and beyond `b` where `X₁ = (w · v −
/// |v|²) |h₁| + |h₀| (d · v)` is above it. Each `X` (degree four) is compared with `Y` by
/// their signs, or by `X²` against `Y² = R² |v|² (d · v)²` (degree eight), in exact
/// integers (`bigint.rs`): no root is taken. The rounded kernel asks this only where its
/// own position is within its rounding of an end (`wall_point`, `src/motion/wall.rs`):
/// for a segment far longer than the radius, that rounding can exceed the radius, and a
/// path passing beyond an end would otherwise be taken to enter through the wall.
#[cold]
#[inline(never)]
pub(crate) fn wall_extent(
    start: [f64; 2],
    d: [[f64; 2]; 2],
    a: [f64; 2],
    b: [f64; 2],
    radii: [f64; 2],
) -> Option<Ordering> {
    let values = cast_inputs(start, d, a, b, radii)?;
    let (_, low) = bit_range(&values)?;
    let difference = |x: f64, y: f64| Int::difference(x, y, low);
    let of = |x: f64| Int::of(x, low);
    let (vx, vy) = (difference(b[0], a[0]), difference(b[1], a[1]));
    let (wx, wy) = (difference(start[0], a[0]), difference(start[1], a[1]));
    let (dx, dy) = (
        of(d[0][0]).plus(&of(d[0][1])),
        of(d[1][0]).plus(&of(d[1][1])),
    );
    let (h0, h1) = (cross_int(&vx, &vy, &wx, &wy), cross_int(&vx, &vy, &dx, &dy));
    let (s0, s1) = (h0.sign(), h1.sign());
    if s0 == Ordering::Equal || s1 == Ordering::Equal || s0 == s1 {
        return None;
    }
    let magnitude = |x: Int<SQUARE>| {
        if x.sign() == Ordering::Less {
            x.negated()
        } else {
            x
        }
    };
    let (h0, h1) = (magnitude(h0), magnitude(h1));
    let along = dot_int(&wx, &wy, &vx, &vy);
    let dv = dot_int(&dx, &dy, &vx, &vy);
    let vv = dot_int(&vx, &vy, &vx, &vy);
    let radius: Int<INPUT> = of(radii[0]).plus(&of(radii[1]));
    let y_squared: Int<EIGHTH> = radius
        .times::<SQUARE>(&radius)
        .times::<FOURTH>(&vv)
        .times(&dv.times::<FOURTH>(&dv));
    let reach: Int<FOURTH> = h0.times(&dv);
    // The sign of `Y`: that of `d · v`, or 0 with `R` or `v`.
    let sy = if y_squared.sign() == Ordering::Equal {
        Ordering::Equal
    } else {
        dv.sign()
    };
    // The sign of `X − Y`.
    let against_y = |x: Int<FOURTH>| {
        let sx = x.sign();
        if sy == Ordering::Equal || sx != sy {
            // `Y = 0`, or `X` and `Y` on opposite sides of 0 (or `X = 0`).
            return if sx == Ordering::Equal {
                sy.reverse()
            } else {
                sx
            };
        }
        let by_squares = x.times::<EIGHTH>(&x).minus(&y_squared).sign();
        if sx == Ordering::Greater {
            by_squares
        } else {
            by_squares.reverse()
        }
    };
    if against_y(along.times::<FOURTH>(&h1).plus(&reach)) == Ordering::Less {
        return Some(Ordering::Less);
    }
    if against_y(along.minus(&vv).times::<FOURTH>(&h1).plus(&reach)) == Ordering::Greater {
        return Some(Ordering::Greater);
    }
    Some(Ordering::Equal)
}

/// Whether the path from `start` along `d` (`[[x, x_low], [y, y_low]]`) passes exactly
/// through `c`, ahead of the start: `(c − start) × d = 0` and `(c − start) · d > 0`,
/// exactly. `None` for a non-finite input or the integers path.
#[cold]
#[inline(never)]
pub(crate) fn through_point(start: [f64; 2], d: [[f64; 2]; 2], c: [f64; 2]) -> Option<bool> {
    let values = [
        start[0], start[1], d[0][0], d[0][1], d[1][0], d[1][1], c[0], c[1],
    ];
    if !all_finite(&values) {
        return None;
    }
    let Exact::Expansions([sx, sy, dx, dx_low, dy, dy_low, cx, cy]) = exact_path(values) else {
        return None;
    };
    let (ddx, ddy) = (direction(dx, dx_low), direction(dy, dy_low));
    let (mx, my) = (diff(cx, sx), diff(cy, sy));
    let across = cross2(&mx, &my, &ddx, &ddy);
    let ahead = dot2(&mx, &my, &ddx, &ddy);
    Some(across.sign() == Ordering::Equal && ahead.sign() == Ordering::Greater)
}

/// Half the chord that the line through `start` along `d` cuts from the disc of radius `r`
/// around `c`: `√(r² − (m × u)²)` with `m = start − c` and `u = d / |d|`, given the rounded
/// discriminant `r² − (m × u)²`, `approach = |m · u|`, and the type's unit roundoff `eps`,
/// smallest normal `tiny`, largest value `huge` and the relative error `relative` its
/// distances may keep ([`CAST_RELATIVE_F64`], [`CAST_RELATIVE_F32`]), and whether the
/// type is narrower than f64 (`narrow`: f32). `Some(None)` when the line misses the
/// disc; `None` when the squares of the inputs overflow or fall among the subnormals of
/// the type (its caller then rescales).
///
/// The rounded discriminant errs by at most `e = 8 eps (r² + |m|₁ (|m|₁ + r))`; its square
/// root `q` then by `e / (q + √e) < e / q`, which matters only against `|m · u| + q` (the
/// entry distance is `k² / (|m · u| + q)`). Near tangency, where it does, `q` is
/// recomputed from `r² |d|² − (m × d)²`, exact, over `|d|`.
#[inline]
#[allow(clippy::too_many_arguments)]
pub(crate) fn half_chord(
    start: [f64; 2],
    d: [[f64; 2]; 2],
    c: [f64; 2],
    radii: [f64; 2],
    discriminant: f64,
    approach: f64,
    (eps, tiny, huge, relative, narrow): (f64, f64, f64, f64, bool),
) -> Option<Option<f64>> {
    let r = radii[0] + radii[1];
    let (mx, my) = (start[0] - c[0], start[1] - c[1]);
    let m1 = mx.abs() + my.abs();
    let squares = r * r + m1 * (m1 + r);
    // Squares beyond the type's range (or among its subnormals, where they lose bits):
    // the caller rescales. A zero `m` and `r` (a degenerate path) needs no rescaling.
    if !(squares <= huge / 16.0 && (squares >= tiny * 4_503_599_627_370_496.0 || squares == 0.0)) {
        return None;
    }
    let e = 8.0 * eps * squares;
    if discriminant < -e {
        // A certain miss.
        return Some(None);
    }
    if narrow {
        // `f32`: its own discriminant is too coarse to measure most hits within `relative`
        // (it errs by `2⁻²¹` of the squares); the one formed again in `f64` does.
        if let Some(chord) = half_chord_widened(start, d, c, radii, approach, relative) {
            return Some(chord);
        }
    } else if discriminant > e {
        // A certain hit. `q` errs by at most `e / (q + √e) < e / q`: fine when that is
        // within `relative` of `|m · u| + q`.
        let q = root(discriminant);
        if e <= relative * (approach + q) * q {
            return Some(Some(q));
        }
    }
    Some(match half_chord_exact(start, d, c, radii) {
        Some(exact) => exact,
        None => (discriminant >= 0.0).then(|| root(discriminant)),
    })
}

/// [`half_chord`] for `f32` inputs (`narrow`), before the exact path: the discriminant
/// `r² |d|² − (m × d)²` formed again in `f64`, where it errs by at most
/// `e = 2⁻⁴⁹ (r² |d|² + (|m|₁ |d|₁)²)` (each input difference, product and sum carries
/// at most `u = 2⁻⁵³`; no square or fourth power of `f32` inputs overflows or underflows
/// in `f64`). The `f32` discriminant's own error, `2⁻²¹` of its squares, sends most `f32`
/// hits here; this one decides them and measures `q = √(disc / |d|²)` within `relative`
/// of `|m · u| + q` unless the path is within about `2⁻²⁴` of tangent. `None` where it
/// cannot (the exact path decides).
#[inline]
fn half_chord_widened(
    start: [f64; 2],
    d: [[f64; 2]; 2],
    c: [f64; 2],
    radii: [f64; 2],
    approach: f64,
    relative: f64,
) -> Option<Option<f64>> {
    let r = radii[0] + radii[1];
    let (mx, my) = (start[0] - c[0], start[1] - c[1]);
    let (dx, dy) = (d[0][0] + d[0][1], d[1][0] + d[1][1]);
    let md = mx * dy - my * dx;
    let dd = dx * dx + dy * dy;
    let rr_dd = r * r * dd;
    let disc = rr_dd - md * md;
    let size = (mx.abs() + my.abs()) * (dx.abs() + dy.abs());
    let e = (rr_dd + size * size) * WIDENED_CHORD;
    if disc < -e {
        return Some(None);
    }
    if disc > e {
        let q = root(disc / dd);
        if e <= relative * q * dd * (approach + q) {
            return Some(Some(q));
        }
    }
    None
}

/// `2⁻⁴⁹`: the relative bound of [`half_chord_widened`]'s discriminant.
const WIDENED_CHORD: f64 = 1.0 / 562_949_953_421_312.0;

/// `Some(Some(q))` for a line meeting the disc, `Some(None)` for a miss, `None` when the
/// exact path does not apply (non-finite input, or the integers path).
#[cold]
#[inline(never)]
fn half_chord_exact(
    start: [f64; 2],
    d: [[f64; 2]; 2],
    c: [f64; 2],
    radii: [f64; 2],
) -> Option<Option<f64>> {
    let values = [
        start[0], start[1], d[0][0], d[0][1], d[1][0], d[1][1], c[0], c[1], radii[0], radii[1],
    ];
    if !(all_finite(&values) && radii[0] >= 0.0 && radii[1] >= 0.0) {
        return None;
    }
    let Exact::Expansions(scaled) = exact_path(values) else {
        return None;
    };
    let [sx, sy, dx, dx_low, dy, dy_low, cx, cy, r1, r2] = scaled;
    // The chord is homogeneous of degree 1: undo the scaling at the end.
    let unscale = scale_back(&values, &scaled);
    let (ddx, ddy) = (direction(dx, dx_low), direction(dy, dy_low));
    let md = cross2(&diff(sx, cx), &diff(sy, cy), &ddx, &ddy);
    let dd = dot2(&ddx, &ddy, &ddx, &ddy);
    let disc = -square_less_radius_squared_times(&md, (r1, r2), &dd).estimate();
    if disc < 0.0 {
        return Some(None);
    }
    let q = root(disc) / root(dd.estimate()) * unscale;
    q.is_finite().then_some(Some(q))
}

/// The correctly rounded square root (IEEE; `libm`'s in `no_std`).
#[inline]
fn root(x: f64) -> f64 {
    <f64 as Scalar>::sqrt(x)
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::wall_extent;
    use crate::test_rng::Rng;
    use core::cmp::Ordering;
    use num_bigint::{BigInt, Sign};
    use num_rational::BigRational;
    use num_traits::{Signed, Zero};

    type Q = BigRational;

    fn q(x: f64) -> Q {
        Q::from_float(x).expect("finite")
    }

    /// `√x` between two rationals `2⁻²⁰⁰` of the denominator apart (an integer root of
    /// the scaled numerator): `lo ≤ √x ≤ lo + step`.
    fn root_bounds(x: &Q) -> (Q, Q) {
        let scale = BigInt::from(1) << 200_u32;
        let (n, d) = (x.numer(), x.denom());
        let radicand = n * d * &scale * &scale;
        let (_, magnitude) = radicand.into_parts();
        let low = BigInt::from_biguint(Sign::Plus, magnitude.sqrt());
        let den = d * &scale;
        let lo = Q::new(low.clone(), den.clone());
        let hi = Q::new(low + 1, den);
        (lo, hi)
    }

    /// [`wall_extent`] against a reference in rationals, independent of its algebra: the
    /// entry time `t = (|h₀| − R |v|) / |h₁|` with `|v|` bracketed to `2⁻²⁰⁰`, the entry's
    /// position `w · v + t (d · v)` bracketed from it, and compared with `0` and `|v|²`;
    /// cases the bracket cannot decide are counted and skipped. Entries aimed at either
    /// end, `δ` from `±2 R` down to `±2 R · 10⁻¹²` beyond it, on segments `1` to `2⁶⁰`
    /// radii long at any angle, with and without a rounding part on the direction.
    #[test]
    fn wall_extent_matches_a_rational_reference() {
        let mut rng = Rng(36);
        let (mut decided, mut open, mut counts) = (0, 0, [0_usize; 3]);
        for case in 0..4_000 {
            let (r0, r1) = (rng.uniform(0.0, 0.5), rng.uniform(0.1, 1.0));
            let r = r0 + r1;
            let angle = rng.uniform(0.0, core::f64::consts::TAU);
            let u = [angle.cos(), angle.sin()];
            let n = [-u[1], u[0]];
            let a = [rng.uniform(-10.0, 10.0), rng.uniform(-10.0, 10.0)];
            let length = r * 2f64.powi([0, 4, 12, 24, 40, 60][case % 6]);
            let b = [a[0] + length * u[0], a[1] + length * u[1]];
            let at_b = case % 2 == 0;
            let delta = rng.uniform(-2.0, 2.0) * r * [1.0, 1e-6, 1e-12][(case / 2) % 3];
            let along = if at_b { length + delta } else { -delta };
            let side = if (case / 6) % 2 == 0 { 1.0 } else { -1.0 };
            let wall = [
                a[0] + along * u[0] + side * r * n[0],
                a[1] + along * u[1] + side * r * n[1],
            ];
            let theta = rng.uniform(0.2, core::f64::consts::PI - 0.2);
            let back = [
                theta.cos() * u[0] + side * theta.sin() * n[0],
                theta.cos() * u[1] + side * theta.sin() * n[1],
            ];
            let reach = rng.uniform(1.0, 10.0) * r;
            let start = [wall[0] + reach * back[0], wall[1] + reach * back[1]];
            let d = [-back[0] * 3.0, -back[1] * 3.0];
            let low = if case % 5 == 0 {
                [d[0] * 1e-17, -d[1] * 1e-17]
            } else {
                [0.0, 0.0]
            };
            let found = wall_extent(start, [[d[0], low[0]], [d[1], low[1]]], a, b, [r0, r1]);
            // The reference.
            let (v, w) = (
                [q(b[0]) - q(a[0]), q(b[1]) - q(a[1])],
                [q(start[0]) - q(a[0]), q(start[1]) - q(a[1])],
            );
            let dd = [q(d[0]) + q(low[0]), q(d[1]) + q(low[1])];
            let cross = |p: &[Q; 2], s: &[Q; 2]| &p[0] * &s[1] - &p[1] * &s[0];
            let dot = |p: &[Q; 2], s: &[Q; 2]| &p[0] * &s[0] + &p[1] * &s[1];
            let (h0, h1) = (cross(&v, &w), cross(&v, &dd));
            let vv = dot(&v, &v);
            let radius = q(r0) + q(r1);
            let (v_lo, v_hi) = root_bounds(&vv);
            let approaching = h0.is_positive() != h1.is_positive() && !h1.is_zero();
            if !(approaching && h0.abs() > &radius * &v_hi) {
                // Not a start outside the slab moving in (rounding of the construction).
                continue;
            }
            let (wv, dv) = (dot(&w, &v), dot(&dd, &v));
            // `t` between `(|h₀| − R √vv_hi) / |h₁|` and the same with `√vv_lo`.
            let t_of = |root: &Q| (h0.abs() - &radius * root) / h1.abs();
            let (t_a, t_b) = (t_of(&v_hi), t_of(&v_lo));
            let (x_a, x_b) = (&wv + &t_a * &dv, &wv + &t_b * &dv);
            let (x_lo, x_hi) = if x_a <= x_b { (x_a, x_b) } else { (x_b, x_a) };
            let expected = if x_hi < Q::zero() {
                Ordering::Less
            } else if x_lo > vv {
                Ordering::Greater
            } else if x_lo >= Q::zero() && x_hi <= vv {
                Ordering::Equal
            } else {
                open += 1;
                continue;
            };
            decided += 1;
            counts[match expected {
                Ordering::Less => 0,
                Ordering::Equal => 1,
                Ordering::Greater => 2,
            }] += 1;
            assert_eq!(
                found,
                Some(expected),
                "case {case}: {start:?} {d:?} {low:?} {a:?} {b:?}"
            );
        }
        std::eprintln!(
            "wall_extent: {decided} decided (before a, between, beyond b: {counts:?}), {open} \
             left open by the reference's bracket"
        );
        assert!(
            decided > 2_000 && counts.iter().all(|&c| c > 300),
            "{counts:?}"
        );
    }
}
