//! Fast paths for fixed point: the point–segment kernels on raw integers, for inputs of
//! moderate magnitude, with the careful path's answers bit for bit.
//!
//! The careful path (`src/query/project.rs`, the provided `within_segment`) is written
//! once for every scalar, through the `Scalar` arithmetic: for fixed point every
//! difference saturates, every sum of two exact `i128` products saturates, and the step
//! from the nearer end forms its own differences and dot products again. None of that can
//! saturate when the inputs are small enough: with every raw input below
//! `LIMIT = 2^(bits − 3)` in magnitude (for `I32F32`, coordinates below `2^29`, about
//! 5·10⁸), a difference of two inputs is below `2^(bits − 2)`, a product of two such
//! differences below `2^(2·bits − 4) ≤ 2^124` and a sum of two products below `2^125`. So
//! here the same integers are formed by plain `i128` arithmetic, the saturations being
//! identities, and the end `b`'s quantities come from `a`'s exactly: `a − b = −v`,
//! `(p − b)·(a − b) = |v|² − (p − a)·v` and `|a − b|² = |v|²`, all exact integers.
//!
//! Where the answer involves a rounding (the projection parameter, the scaled step), the
//! careful path's own functions do it (`unit_ratio`, the multiplication's rounding
//! [`round_shift`]), so the answers are the careful path's bit for bit: the golden hashes
//! of `tests/determinism.rs` do not move, and `tests` below compare the two on random
//! inputs at every magnitude up to the limit and beyond it.
//!
//! Beyond the limit the functions answer `None` (or `false` as their certificate) and the
//! careful path runs.
//!
//! One decision takes another route when asked on its own: [`within_segment_in_f64`], for
//! raw values within the limit and below `2^50`, converts them to `f64` exactly and asks
//! the `f64` exact predicate's filter, whose answer, being exact, is the integers' own.

use super::exact;
use super::fixed::{pow2, round_shift};
use super::fixed_div::{div_floor, scaled_ratio};
use super::{Num, Scalar};

/// `2^50`: raw values below it in magnitude are `f64` values exactly, and so is every
/// difference of two, and [`to_f64`] converts them.
const EXACT_IN_F64: i64 = 1 << 50;

/// A fixed-point scalar seen as its raw integer.
pub(crate) trait Raw: Scalar<Wide = i128> {
    /// `2^(bits − 3)`: inputs whose raw values are below it in magnitude take the fast
    /// paths.
    const LIMIT: i64;
    /// The number of fractional bits.
    const FRAC: u32;
    /// The raw integer (`i64` holds both `FixedI32` and `FixedI64`).
    fn raw(self) -> i64;
    /// The value of a raw integer that fits the type (every result here does; one that
    /// does not is truncated).
    fn from_raw(raw: i64) -> Self;
}

/// Whether every raw value lies in `[−LIMIT, LIMIT)`: `x + LIMIT` (wrapping) is then below
/// `2·LIMIT` as an unsigned number, and only then (a value beyond either end wraps to
/// `2^63` or more, or below zero). One addition and one `or` per value.
#[inline(always)]
pub(super) fn in_range<const N: usize>(values: [i64; N], limit: i64) -> bool {
    let offset = values
        .iter()
        .fold(0, |m, &x| m | x.wrapping_add(limit).cast_unsigned());
    offset < 2 * limit.cast_unsigned()
}

/// Whether `a × b ≤ c × d` for non-negative `i128`s (a negative one reads as 0), exactly,
/// via 256-bit products (a float estimate in front measured slower).
pub(super) fn product_le(a: i128, b: i128, c: i128, d: i128) -> bool {
    let clamp = |v: i128| v.max(0).unsigned_abs();
    mul_256_narrow(clamp(a), clamp(b)) <= mul_256_narrow(clamp(c), clamp(d))
}

/// The full 256-bit product of two values below 2^127, as (high, low): the two middle
/// partial products then sum without a carry out of 128 bits.
#[inline]
pub(super) fn mul_256_narrow(a: u128, b: u128) -> (u128, u128) {
    let (a_hi, a_lo) = ((a >> 64) as u64, a as u64);
    let (b_hi, b_lo) = ((b >> 64) as u64, b as u64);
    let wide = |x: u64, y: u64| u128::from(x) * u128::from(y);
    // a_hi, b_hi < 2^63: each cross term is below 2^127.
    let middle = wide(a_hi, b_lo) + wide(a_lo, b_hi);
    let (low, carry) = wide(a_lo, b_lo).overflowing_add(middle << 64);
    let high = wide(a_hi, b_hi) + (middle >> 64) + u128::from(carry);
    (high, low)
}

/// The raw coordinates of `a`, `b` and `p`, and `v = b − a`, `w = p − a` (exact), when all
/// lie within the limit; `None` otherwise.
#[inline(always)]
#[allow(clippy::type_complexity)]
fn offsets<T: Raw>(a: [T; 2], b: [T; 2], p: [T; 2]) -> Option<([[i64; 2]; 3], [i64; 2], [i64; 2])> {
    let [ar, br, pr] = [a.map(T::raw), b.map(T::raw), p.map(T::raw)];
    if !in_range([ar[0], ar[1], br[0], br[1], pr[0], pr[1]], T::LIMIT) {
        return None;
    }
    let v = [br[0] - ar[0], br[1] - ar[1]];
    let w = [pr[0] - ar[0], pr[1] - ar[1]];
    Some(([ar, br, pr], v, w))
}

/// The exact product of two raw values (one 64 × 64 → 128-bit multiplication).
#[inline(always)]
fn mul(x: i64, y: i64) -> i128 {
    i128::from(x) * i128::from(y)
}

/// `x · y + z · w`, exactly (below `2^125` in magnitude for differences of inputs within
/// the limit).
#[inline(always)]
fn dot(x: [i64; 2], y: [i64; 2]) -> i128 {
    mul(x[0], y[0]) + mul(x[1], y[1])
}

/// The point of segment `ab` nearest `p`, as the careful projection computes it, and
/// whether the inputs are within the limit (where they are not, the point is `a` and
/// meaningless, and the caller takes its careful path).
///
/// The careful path's regions, in its order: `a` where `(p − a)·v ≤ 0`, `b` where it is
/// at least `|v|²`, `p` itself where it lies on the segment (`v × (p − a) = 0`, exact
/// here), and otherwise the step `v·t` from the nearer end, `t` its `unit_ratio`
/// (`(p − a)·v / |v|²` from `a`, `(p − b)·(a − b) / |v|²` from `b`), rounded as the
/// scalar's multiplication rounds.
#[inline(always)]
pub(crate) fn closest_on_segment<T: Raw>(a: [T; 2], b: [T; 2], p: [T; 2]) -> ([T; 2], bool) {
    let Some(([ar, br, _], v, w)) = offsets(a, b, p) else {
        return (a, false);
    };
    let along = dot(w, v);
    if along <= 0 {
        return (a, true);
    }
    let length_sq = dot(v, v);
    if along >= length_sq {
        return (b, true);
    }
    if mul(v[0], w[1]) == mul(v[1], w[0]) {
        return (p, true);
    }
    (interior_point::<T>(ar, br, v, along, length_sq), true)
}

/// The careful projection's integers (`src/query/project.rs`, `project`): the closest
/// point as [`closest_on_segment`] finds it, `(p − a)·v`, `|v|²` and `v × (p − a)`; `None`
/// beyond the limit. The caller derives the region from the first two as the careful
/// path does (`a` where `(p − a)·v ≤ 0`, `b` where it is at least `|v|²`).
#[inline(always)]
#[allow(clippy::type_complexity)]
pub(crate) fn project<T: Raw>(
    a: [T; 2],
    b: [T; 2],
    p: [T; 2],
) -> Option<([T; 2], i128, i128, i128)> {
    let ([ar, br, _], v, w) = offsets(a, b, p)?;
    let along = dot(w, v);
    let length_sq = dot(v, v);
    let cross = mul(v[0], w[1]) - mul(v[1], w[0]);
    let closest = if along <= 0 {
        a
    } else if along >= length_sq {
        b
    } else if cross == 0 {
        p
    } else {
        interior_point::<T>(ar, br, v, along, length_sq)
    };
    Some((closest, along, length_sq, cross))
}

/// The interior's closest point: the step `v·t` from the nearer end, `t` the careful
/// path's `unit_ratio` of `(p − a)·v / |v|²` (from `a`) or `(p − b)·(a − b) / |v|²` (from
/// `b`, whose numerator is `|v|² − (p − a)·v` exactly), rounded as the scalar's
/// multiplication rounds. For `0 < along < |v|²`.
#[inline(always)]
fn interior_point<T: Raw>(
    a: [i64; 2],
    b: [i64; 2],
    v: [i64; 2],
    along: i128,
    length_sq: i128,
) -> [T; 2] {
    let near_a = along + along <= length_sq;
    let num = if near_a { along } else { length_sq - along };
    // `unit_ratio` for `0 < num < den`: `scaled_ratio`, at most `2^frac`, capped at
    // `ONE` (below `2^frac` only where `ONE` is the type's `MAX`).
    let t = (ratio(num, length_sq, T::FRAC) as i64).min(T::ONE.raw());
    // Below `2^(bits − 2)` in magnitude (`t ≤ 1`), and so is the point.
    let step = v.map(|c| round_shift(mul(c, t), T::FRAC) as i64);
    let q = if near_a {
        [a[0] + step[0], a[1] + step[1]]
    } else {
        [b[0] - step[0], b[1] - step[1]]
    };
    q.map(T::from_raw)
}

/// Whether `p` lies within `r₁ + r₂` of segment `ab`, exactly as the provided
/// `within_segment` decides it; `None` beyond the limit (the radii need none: their sum
/// saturates as the careful path's does).
#[inline(always)]
pub(crate) fn within_segment<T: Raw>(
    p: [T; 2],
    a: [T; 2],
    b: [T; 2],
    r1: T,
    r2: T,
) -> Option<bool> {
    let ([_, br, pr], v, w) = offsets(a, b, p)?;
    if !(r1 >= T::ZERO && r2 >= T::ZERO) {
        return Some(false);
    }
    let radius = T::plus(r1, r2).raw();
    let radius_sq = mul(radius, radius);
    let along = dot(w, v);
    if along <= 0 {
        return Some(dot(w, w) <= radius_sq);
    }
    let length_sq = dot(v, v);
    if along >= length_sq {
        let u = [pr[0] - br[0], pr[1] - br[1]];
        return Some(dot(u, u) <= radius_sq);
    }
    let cross = mul(v[0], w[1]) - mul(v[1], w[0]);
    Some(interior_within::<T>(cross.abs(), radius_sq, length_sq))
}

/// [`within_segment`]'s answer by the `f64` predicate's filter, for the test asked on its
/// own (the `within_segment_alone` hook: a circle against a segment, a point against a
/// capsule): `None` beyond `2^50` or the old limit, and where the filter cannot tell.
///
/// Within the limit nothing of the careful path saturates (differences, products,
/// `r₁ + r₂`), and its answer is the exact `dist(p, ab) ≤ r₁ + r₂`. The raw values are
/// `f64` values exactly (in units of the scalar's resolution, which scale both sides
/// alike), so where the `f64` predicate's filter decides, its answer is that one too;
/// near a tie [`within_segment`]'s integers decide (the `f64` predicate's own exact path,
/// expansions, is slower than they are). The filter is also faster than the integers: it
/// selects the region's value without a branch, where a branch on the region mispredicts
/// about once a query in three on random regions (I32F32 circle–segment intersects 13 ns a
/// query at 65536 inputs, against 7.5 at 1024, where the predictor learns the pattern).
///
/// Only the test on its own takes it: inlined into a larger kernel (the point–segment
/// contact, whose careful fallback asks this test), its conversions, which the optimiser
/// vectorises, shared registers with the kernel's own integers and slowed it by 15%.
#[inline(always)]
pub(crate) fn within_segment_in_f64<T: Raw>(
    p: [T; 2],
    a: [T; 2],
    b: [T; 2],
    r1: T,
    r2: T,
) -> Option<bool> {
    if !(r1 >= T::ZERO && r2 >= T::ZERO) {
        return Some(false);
    }
    // `r₁ + r₂`, exact below the limit (and `≥ LIMIT` where `i64` saturates).
    let sum = r1.raw().saturating_add(r2.raw());
    let [ar, br, pr] = [a.map(T::raw), b.map(T::raw), p.map(T::raw)];
    if !in_range(
        [ar[0], ar[1], br[0], br[1], pr[0], pr[1], sum],
        T::LIMIT.min(EXACT_IN_F64),
    ) {
        return None;
    }
    let f = |x: [i64; 2]| x.map(to_f64);
    exact::point_segment_filtered(f(pr), f(ar), f(br), to_f64(sum), 0.0)
}

/// `x` as an `f64`, exactly, for `|x| < 2^51`: `x` added to the bits of `2^52 + 2^51`
/// (whose unit in the last place is 1, so the sum is the float `2^52 + 2^51 + x`, in the
/// same binade), less `2^52 + 2^51`. The conversion instruction (`cvtsi2sd`) writes only
/// the low half of its register and so waits for that register's last writer: in a loop
/// of queries the compiler left it waiting on a long computation of the previous query
/// (I32F32 circle–segment intersects, with the instruction: 6.4 and 9.2 ns a query at 1024
/// and 65536 inputs; without it 5.2 and 5.4).
#[inline(always)]
fn to_f64(x: i64) -> f64 {
    const MAGIC: f64 = 6_755_399_441_055_744.0;
    f64::from_bits(MAGIC.to_bits().wrapping_add(x.cast_unsigned())) - MAGIC
}

/// The interior's decision of [`within_segment`]: `cross² ≤ R² |v|²` for `cross = |v × w|`,
/// by floating point where that is certain, else exactly.
#[inline(always)]
fn interior_within<T: Raw>(cross: i128, radius_sq: i128, length_sq: i128) -> bool {
    let (c, r, l) = (approx(cross), approx(radius_sq), approx(length_sq));
    let (lhs, rhs) = (c * c, r * l);
    if lhs < rhs * (1.0 - 32.0 * U) {
        return true;
    }
    if lhs > rhs * (1.0 + 32.0 * U) {
        return false;
    }
    T::wide_product_le(cross, cross, radius_sq, length_sq)
}

/// The nearest features of a point and a segment as the careful path forms them
/// (`Projection::normal` and the projection's closest point): the unit normal from the
/// segment towards `p`, their distance and the segment's point nearest `p`, bit for bit.
pub(crate) type Features<T> = ([T; 2], T, [T; 2]);

/// [`Features`] of `p` and segment `ab` on raw integers, within the limit; `None` beyond
/// it, and for the careful path's special rules: `p` at the nearest end (its normal is
/// the segment's own) and `p` on the segment's interior.
///
/// The careful path's steps, each exact here or rounded as it rounds: the region from
/// `(p − a)·v` against 0 and `|v|²`; beyond an end `e`, the normal `d / |d|` for
/// `d = p − e` (the scalar's own `normalize`) and the distance `d·n`, whose two products
/// round as the scalar's multiplication does and whose sum cannot saturate (`|d|` is
/// below `2^(bits − 2)·√2` and `|n| ≤ 1`); in the interior, the left normal of `v` (the
/// scalar's `normalize` of `(−v_y, v_x)`) turned to `p`'s side by the exact sign of
/// `v × w`, the distance `|w·n|`, and the closest point [`closest_on_segment`]'s.
#[inline(always)]
pub(crate) fn segment_features<T: Raw>(a: [T; 2], b: [T; 2], p: [T; 2]) -> Option<Features<T>> {
    let ([ar, br, pr], v, w) = offsets(a, b, p)?;
    let along = dot(w, v);
    if along <= 0 {
        return end_features(w, a);
    }
    let length_sq = dot(v, v);
    if along >= length_sq {
        return end_features([pr[0] - br[0], pr[1] - br[1]], b);
    }
    let cross = mul(v[0], w[1]) - mul(v[1], w[0]);
    interior_features(ar, br, v, w, along, length_sq, cross)
}

/// Whether `p` lies within `r₁ + r₂` of segment `ab` ([`within_segment`]'s decision, the
/// same steps) and, where it does, its [`Features`] ([`segment_features`]'), in one pass
/// over the shared integers: `Some(None)` for "apart", `Some(Some(features))` for
/// "within", `None` beyond the limit and where the features need the careful path's
/// special rules.
#[inline(always)]
pub(crate) fn segment_contact<T: Raw>(
    p: [T; 2],
    a: [T; 2],
    b: [T; 2],
    r1: T,
    r2: T,
) -> Option<Option<Features<T>>> {
    let ([ar, br, pr], v, w) = offsets(a, b, p)?;
    if !(r1 >= T::ZERO && r2 >= T::ZERO) {
        return Some(None);
    }
    let radius = T::plus(r1, r2).raw();
    let radius_sq = mul(radius, radius);
    let along = dot(w, v);
    if along <= 0 {
        if dot(w, w) > radius_sq {
            return Some(None);
        }
        return end_features(w, a).map(Some);
    }
    let length_sq = dot(v, v);
    if along >= length_sq {
        let u = [pr[0] - br[0], pr[1] - br[1]];
        if dot(u, u) > radius_sq {
            return Some(None);
        }
        return end_features(u, b).map(Some);
    }
    let cross = mul(v[0], w[1]) - mul(v[1], w[0]);
    if !interior_within::<T>(cross.abs(), radius_sq, length_sq) {
        return Some(None);
    }
    interior_features(ar, br, v, w, along, length_sq, cross).map(Some)
}

/// The features beyond end `e`, for `d = p − e`: `None` where `p` is the end.
#[inline(always)]
fn end_features<T: Raw>(d: [i64; 2], e: [T; 2]) -> Option<Features<T>> {
    let (nx, ny) = T::normalize(T::from_raw(d[0]), T::from_raw(d[1]))?;
    let distance = scaled_dot::<T>(d, [nx.raw(), ny.raw()]);
    Some(([nx, ny], T::from_raw(distance), e))
}

/// The interior's features, for `0 < along < |v|²`: `None` where `p` lies on the segment
/// (`cross = 0`) or the segment's direction has no normal.
#[inline(always)]
fn interior_features<T: Raw>(
    a: [i64; 2],
    b: [i64; 2],
    v: [i64; 2],
    w: [i64; 2],
    along: i128,
    length_sq: i128,
    cross: i128,
) -> Option<Features<T>> {
    if cross == 0 {
        return None;
    }
    let (lx, ly) = T::normalize(T::from_raw(-v[1]), T::from_raw(v[0]))?;
    let normal = if cross < 0 {
        [lx.neg(), ly.neg()]
    } else {
        [lx, ly]
    };
    let distance = scaled_dot::<T>(w, normal.map(T::raw)).abs();
    let closest = interior_point::<T>(a, b, v, along, length_sq);
    Some((normal, T::from_raw(distance), closest))
}

/// `x·n` with each product rounded as the scalar's multiplication rounds, for `|x|` below
/// `2^(bits − 2)` per coordinate and `|n| ≤ 1`: each rounded product is then below
/// `2^(bits − 2)` and their sum fits, as the careful path's saturating sum does.
#[inline(always)]
fn scaled_dot<T: Raw>(x: [i64; 2], n: [i64; 2]) -> i64 {
    (round_shift(mul(x[0], n[0]), T::FRAC) + round_shift(mul(x[1], n[1]), T::FRAC)) as i64
}

/// `scaled_ratio(num, den, frac)`, `round(num · 2^frac ÷ den)`, for `0 < num < den <
/// 2^125`, bit for bit. Where `den` is below `2^(126 − frac)`, `scaled_ratio` shifts
/// nothing and takes the floor of `(num · 2^frac + ⌊den/2⌋) ÷ den` from a float estimate,
/// corrected exactly (`div_floor`); so does this, with an estimate that needs no bit
/// length: `num` and `den` shifted by a fixed amount where `den` needs it to fit an
/// `i64`. A larger `den`, or more than 48 fractional bits, go to `scaled_ratio` itself,
/// which drops low bits of both first.
#[inline(always)]
fn ratio(num: i128, den: i128, frac: u32) -> i128 {
    if den >> (126 - frac) != 0 || frac > 48 {
        return scaled_ratio(num, den, frac);
    }
    // Both shifted alike, by `63 − frac` where `den` does not fit an `i64` (it is below
    // `2^(126 − frac)`, so it then does): each loses less than `2^-frac` of itself, so the
    // estimate of a quotient below `2^frac` is off by less than two units, which
    // `div_floor` corrects.
    let shift = if den >> 63 == 0 { 0 } else { 63 - frac };
    let estimate = ((num >> shift) as i64 as f64) / ((den >> shift) as i64 as f64) * pow2(frac);
    let (num, den) = (num.cast_unsigned(), den.cast_unsigned());
    div_floor((num << frac) + den / 2, den, estimate).cast_signed()
}

/// `u = 2⁻⁵³`, the unit roundoff of `f64`.
const U: f64 = 1.0 / 9_007_199_254_740_992.0;

/// `x` as an `f64` within a relative `3u`, for `0 ≤ x < 2^126`: its top and bottom 63 bits
/// converted apart (two conversions from `i64`, each rounding once), then summed (once
/// more). Cheaper than the `i128` conversion, a library call.
///
/// The filter it serves: with `c`, `r`, `l` so converted, the products `c²` and `r·l` are
/// within a relative `7u` of `cross²` and `R² |v|²` (`(1 + 3u)²(1 + u)`), so `c² <
/// fl(r·l·(1 − 32u))` (itself within `u`) proves `cross² < R² |v|²`, and `c² >
/// fl(r·l·(1 + 32u))` proves the opposite; in between the exact comparison decides.
#[inline(always)]
fn approx(x: i128) -> f64 {
    const TWO_63: f64 = 9_223_372_036_854_775_808.0;
    let high = (x >> 63) as i64;
    let low = (x as i64) & i64::MAX;
    high as f64 * TWO_63 + low as f64
}

#[cfg(test)]
mod tests {
    use super::{
        Raw, closest_on_segment, project, ratio, scaled_ratio, segment_contact, segment_features,
        within_segment, within_segment_in_f64,
    };
    use crate::num::{SEAL, provided_within_segment};
    use crate::query::project::project_provided;
    use crate::test_rng::Rng;
    use fixed::types::{I16F16, I32F32, I48F16};

    /// A raw value of about `bits` bits (either sign), or an edge value.
    fn raw_of(rng: &mut Rng, bits: u32) -> i64 {
        let magnitude = (rng.next() >> (64 - bits.clamp(1, 63))) as i64;
        if rng.next().is_multiple_of(2) {
            magnitude
        } else {
            -magnitude
        }
    }

    /// The fast paths against the careful ones on random inputs, bit for bit, at every
    /// magnitude from a few raw units to beyond the limit; and near-degenerate segments
    /// (`b` a few units from `a`) and points on the segment's line.
    fn agree<T: Raw + core::fmt::Debug>(type_bits: u32) {
        let mut rng = Rng(5);
        let (mut fast, mut total, mut featured, mut touching) = (0, 0, 0, 0);
        for round in 0..60_000_u32 {
            let bits = 1 + round % (type_bits - 1);
            let mut point = || {
                [
                    T::from_raw(raw_of(&mut rng, bits)),
                    T::from_raw(raw_of(&mut rng, bits)),
                ]
            };
            let (a, mut b, mut p) = (point(), point(), point());
            match round % 5 {
                // A short segment.
                1 => {
                    b = [
                        T::from_raw(a[0].raw().saturating_add(i64::from(round % 3))),
                        a[1],
                    ];
                }
                // A point on the line through `a` and `b`, when it can be formed.
                2 => {
                    let raw = |x: T| i128::from(x.raw());
                    let v = [raw(b[0]) - raw(a[0]), raw(b[1]) - raw(a[1])];
                    let k = i128::from(round % 4) - 1;
                    let q = [raw(a[0]) + k * v[0], raw(a[1]) + k * v[1]];
                    if q.iter()
                        .all(|c| c.unsigned_abs() < (1_u128 << (type_bits - 2)))
                    {
                        p = q.map(|c| T::from_raw(c as i64));
                    }
                }
                _ => {}
            }
            let careful = project_provided(a, b, p);
            let (q, certain) = closest_on_segment(a, b, p);
            total += 1;
            if certain {
                fast += 1;
                assert_eq!(q, careful.closest, "{a:?} {b:?} {p:?}");
            }
            // The whole record, region and integers included, as `project` builds it (its
            // fields are private to `project.rs`: compared through `Debug`, with `std`).
            assert_eq!(project(a, b, p).is_some(), certain);
            #[cfg(feature = "std")]
            let record = crate::query::project::project(a, b, p);
            #[cfg(feature = "std")]
            assert_eq!(
                std::format!("{record:?}"),
                std::format!("{careful:?}"),
                "{a:?} {b:?} {p:?}"
            );
            let (r1, r2) = (
                T::from_raw(raw_of(&mut rng, bits).abs()),
                T::from_raw(raw_of(&mut rng, bits) >> 1),
            );
            let careful = provided_within_segment(p, a, b, r1, r2, SEAL);
            if let Some(within) = within_segment(p, a, b, r1, r2) {
                assert_eq!(within, careful, "{p:?} {a:?} {b:?} {r1:?} {r2:?}");
            }
            if let Some(within) = within_segment_in_f64(p, a, b, r1, r2) {
                assert_eq!(
                    within, careful,
                    "f64 route: {p:?} {a:?} {b:?} {r1:?} {r2:?}"
                );
            }
            // The features against the careful projection and normal, and the one-pass
            // contact against the predicate and those features.
            let projection = project_provided(a, b, p);
            let (normal, distance) = projection.normal(a, b, p);
            let careful_features = ([normal[0], normal[1]], distance, projection.closest);
            let features = segment_features(a, b, p);
            if let Some(features) = features {
                assert_eq!(features, careful_features, "{a:?} {b:?} {p:?}");
                featured += 1;
            }
            // Within the limit the features decline only the careful path's special
            // cases: `p` at the nearer end, or on the segment's interior.
            if certain {
                let raw = |x: T| i128::from(x.raw());
                let v = [raw(b[0]) - raw(a[0]), raw(b[1]) - raw(a[1])];
                let w = [raw(p[0]) - raw(a[0]), raw(p[1]) - raw(a[1])];
                let along = w[0] * v[0] + w[1] * v[1];
                let length_sq = v[0] * v[0] + v[1] * v[1];
                let at_end = (along <= 0 && p == a) || (along >= length_sq && p == b);
                let on = along > 0 && along < length_sq && v[0] * w[1] == v[1] * w[0];
                assert_eq!(features.is_some(), !(at_end || on), "{a:?} {b:?} {p:?}");
            }
            match segment_contact(p, a, b, r1, r2) {
                Some(None) => assert!(!careful, "{p:?} {a:?} {b:?} {r1:?} {r2:?}"),
                Some(Some(found)) => {
                    assert!(careful, "{p:?} {a:?} {b:?} {r1:?} {r2:?}");
                    assert_eq!(found, careful_features, "{p:?} {a:?} {b:?} {r1:?} {r2:?}");
                    touching += 1;
                }
                None => assert!(features.is_none() || !certain, "{p:?} {a:?} {b:?}"),
            }
        }
        // Most magnitudes are within the limit: the fast paths were exercised.
        assert!(fast * 4 > total * 3, "{fast} of {total}");
        assert!(featured * 2 > total, "{featured} of {total}");
        assert!(touching * 20 > total, "{touching} of {total}");
    }

    /// `ratio` is `scaled_ratio` bit for bit, for `0 < num < den` at every magnitude below
    /// `2^125` and every fraction width the fixed types have.
    #[test]
    fn ratio_is_scaled_ratio() {
        let mut rng = Rng(23);
        for round in 0..200_000_u32 {
            let frac = [0, 1, 16, 20, 32, 48, 50, 63, 64][round as usize % 9];
            let bits = 2 + (rng.next() % 123) as u32;
            let den =
                ((u128::from(rng.next()) << 64 | u128::from(rng.next())) >> (128 - bits)).max(2);
            let num = (u128::from(rng.next()) << 64 | u128::from(rng.next())) % den;
            let (num, den) = (num.max(1) as i128, den as i128);
            if num >= den {
                continue;
            }
            assert_eq!(
                ratio(num, den, frac),
                scaled_ratio(num, den, frac),
                "{num} {den} {frac}"
            );
        }
    }

    /// Circles that touch a segment exactly (`cross² = R² |v|²`, where the float filter
    /// cannot decide), and one raw unit further or nearer: the exact comparison answers.
    #[test]
    fn touching_circles_are_decided_exactly() {
        let mut rng = Rng(11);
        for _ in 0..2000 {
            let length = (rng.next() >> 30) as i64 + 1;
            let radius = (rng.next() >> 34) as i64;
            let x = (rng.next() % length.cast_unsigned()) as i64;
            let a = [I32F32::from_raw(0), I32F32::from_raw(0)];
            let b = [I32F32::from_raw(length), I32F32::from_raw(0)];
            for (dy, expected) in [(-1, true), (0, true), (1, false)] {
                let p = [I32F32::from_raw(x), I32F32::from_raw(radius + dy)];
                let r = I32F32::from_raw(radius);
                let careful = provided_within_segment(p, a, b, r, I32F32::ZERO, SEAL);
                assert_eq!(within_segment(p, a, b, r, I32F32::ZERO), Some(careful));
                assert_eq!(careful, expected, "{p:?} {length} {radius}");
            }
        }
    }

    /// Circles touching a long segment at magnitudes near the limit, where one raw unit
    /// is below the float filter's resolution (`R` and `|v|` near `2^60` raw units, a
    /// relative change of `2^-59`): `p` sits `R + dy` straight above the interior of the
    /// segment along the `x` axis, so it is within `R` exactly when `dy ≤ 0` (derived by
    /// hand, not from the crate), and the one-pass contact agrees.
    #[test]
    fn touching_circles_near_the_limit_are_decided_exactly() {
        let mut rng = Rng(29);
        for _ in 0..2000 {
            let length = (1_i64 << 60) + (rng.next() >> 5) as i64;
            let radius = (1_i64 << 59) + (rng.next() >> 6) as i64;
            let x = 1 + (rng.next() % (length - 1).cast_unsigned()) as i64;
            let a = [I32F32::from_raw(0), I32F32::from_raw(0)];
            let b = [I32F32::from_raw(length), I32F32::from_raw(0)];
            let r = I32F32::from_raw(radius);
            for (dy, expected) in [(-1, true), (0, true), (1, false)] {
                let p = [I32F32::from_raw(x), I32F32::from_raw(radius + dy)];
                assert_eq!(
                    within_segment(p, a, b, r, I32F32::ZERO),
                    Some(expected),
                    "{p:?} {length} {radius}"
                );
                let contact = segment_contact(p, a, b, r, I32F32::ZERO);
                assert_eq!(contact.map(|c| c.is_some()), Some(expected), "{p:?}");
            }
        }
    }

    /// The `f64` route's edge (raw values near `2^50`, on both sides of it), tilted:
    /// `b − a = 4m (1, 0.75)` with `p` off the segment's middle by `s (−3, 4)`, or straight
    /// beyond `b` by `s (4, 3)`; at distance `5s` either way (derived by hand, not from the
    /// crate), so within `R` exactly when `R ≥ 5s`. The integers decide every case; the
    /// `f64` route decides those clear of the tie below its edge and declines the rest.
    #[test]
    fn touching_tilted_segments_at_the_f64_edge_are_decided_exactly() {
        let mut rng = Rng(31);
        let mut routed_count = 0;
        for i in 0..2000 {
            let shift = 45 + i % 5;
            let m = 2 * ((1_i64 << shift) + (rng.next() >> (64 - shift)) as i64);
            let s = (1_i64 << 44) + (rng.next() >> 21) as i64;
            let a = [I32F32::from_raw(-m), I32F32::from_raw(-m)];
            let b = [I32F32::from_raw(3 * m), I32F32::from_raw(2 * m)];
            let beside = [m - 3 * s, m / 2 + 4 * s];
            let beyond = [3 * m + 4 * s, 2 * m + 3 * s];
            for q in [beside, beyond] {
                let p = q.map(I32F32::from_raw);
                // One raw unit either side of the tie (the integers decide), and a
                // thousandth of the distance (the filter decides, below the edge).
                let far = s >> 10;
                for (dr, expected) in [
                    (far, true),
                    (1, true),
                    (0, true),
                    (-1, false),
                    (-far, false),
                ] {
                    let r = I32F32::from_raw(5 * s + dr);
                    let careful = provided_within_segment(p, a, b, r, I32F32::ZERO, SEAL);
                    assert_eq!(careful, expected, "{p:?} {m} {s}");
                    assert_eq!(within_segment(p, a, b, r, I32F32::ZERO), Some(expected));
                    // The `f64` route answers or declines (beyond `2^50`, or undecided).
                    let routed = within_segment_in_f64(p, a, b, r, I32F32::ZERO);
                    assert!(routed.is_none_or(|w| w == expected), "{p:?} {m} {s}");
                    routed_count += usize::from(routed.is_some());
                }
            }
        }
        // Within a unit of the tie the filter cannot tell; a thousandth away it decides,
        // below the edge (two cases of the five, for three shifts of the five).
        assert!(
            routed_count > 2000,
            "the f64 route answered {routed_count} times"
        );
    }

    #[test]
    fn i32f32_agrees_with_the_careful_path() {
        agree::<I32F32>(64);
    }

    #[test]
    fn i16f16_agrees_with_the_careful_path() {
        agree::<I16F16>(32);
    }

    #[test]
    fn i48f16_agrees_with_the_careful_path() {
        agree::<I48F16>(64);
    }
}
