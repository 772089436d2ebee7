//! Exact geometric predicates for `f32` and `f64`: a fast floating-point filter with a
//! proven error bound, and exact expansion arithmetic (Shewchuk) only near the boundary.
//!
//! Three predicates decide every yes/no answer of the crate for floats:
//!
//! - [`point_point_within`]: `|p − q| ≤ r₁ + r₂`;
//! - [`point_segment_within`]: `dist(p, ab) ≤ r₁ + r₂`, regions included;
//! - [`orient`]: the sign of `(u − o) × (v − o)`, for segment crossings.
//!
//! Each first evaluates the predicate in `f64` together with a bound on its rounding
//! error. When the computed value is farther from zero than the bound, its sign is the
//! exact sign. Otherwise (touching, one ulp off, degenerate) the predicate is re-evaluated
//! exactly: every input float is exactly representable, differences and products of
//! floats are exact as two-term expansions (`two_diff`, `two_product` with Dekker's split,
//! no fused multiply-add), and sums of expansions are exact. The sign of the exact value
//! is the sign of its largest term.
//!
//! `f32` inputs are widened to `f64` (exactly) and meet the same filters
//! ([`point_segment_within_f32`], [`point_point_within_f32`]); their fourth powers stay
//! within `f64`'s range, so their answers are exact for every finite input. The filters are
//! inlined into the queries; the exact paths stay out of line, and their inputs travel in
//! registers. In the exact path, `f64` inputs are first scaled by a power of two (exactly)
//! so that the largest input lies in `[1, 2)`. When the set bits of a query's inputs span
//! at most [`EXPANSION_SPREAD`] binary places, every partial product of the scaled inputs
//! is a multiple of `2^-1072`, so nothing underflows and the expansions are exact. Wider
//! spreads (a query mixing `1e300` and `5e-324`, say) are evaluated in exact fixed-size
//! integers instead ([`super::bigint`]). Every answer is exact for every finite input,
//! subnormals included.
//!
//! The radii are added exactly too: `r₁ + r₂` is carried as a two-term expansion.

// Built for fixed point alone too (`fast_fixed.rs` asks `point_segment_within`), where the
// floats' other entry points go unused.
#![cfg_attr(
    not(any(feature = "std", feature = "libm")),
    allow(
        dead_code,
        reason = "fixed point alone uses only the point-segment predicate"
    )
)]

use core::cmp::Ordering;

use super::bigint::{FOURTH, INPUT, Int, SQUARE, bit_range};
use super::expansion::{Expansion, cross2, diff, dot2, product, sum, two_sum};

/// `f64`'s unit roundoff, `2^-53`.
const EPSILON: f64 = 1.110_223_024_625_156_5e-16;

/// An absolute slack covering underflow in the filter (each operation can lose at most
/// `2^-1074` to underflow); any value this small goes to the exact path.
const UNDERFLOW_SLACK: f64 = 1e-290;

/// The floor of `|v|²` in the interior bound of the point–segment filter for `f64` inputs:
/// `2^-1022`. An underflowed `|v|² = vₓ² + v_y²` is off by at most `2^-1074` (each square
/// loses at most `2^-1075`, the sum of subnormals is exact), which `R²` multiplies; the
/// bound's factor `64ε (R² + |v|²)` times this floor is at least `2^-1069 R²`, 32 times
/// that error, and 8 times it beyond the `48ε (R² + |v|²)·2^-1022` that the rest of the
/// error can reach there. Above the floor, a component square that underflowed costs at
/// most `2^-1074 R² ≤ 2ε R² |v|²`, inside the bound's `16ε (R² + |v|²) |v|²` of room.
const SHORT_SEGMENT_FLOOR: f64 = f64::MIN_POSITIVE;

/// Error bound factor for a sum of two products of differences (Shewchuk's
/// `ccwerrboundA`, doubled for margin).
const TWO_PRODUCT_BOUND: f64 = (6.0 + 64.0 * EPSILON) * EPSILON;

/// Error bound factor of the point–point filter, relative to `R²`; the derivation is at
/// [`point_point_within`].
const SQUARES_BOUND: f64 = 64.0 * EPSILON;

/// Error bound factor of the point–segment filter, relative to `R² + |v|²` (times `|v|²`
/// in the interior); the derivation is at [`point_segment_within`].
const SEGMENT_BOUND: f64 = 64.0 * EPSILON;

/// The widest spread, in binary places between the highest and the lowest set bit of a
/// query's inputs, that the expansions evaluate exactly. Scaled so that the largest lies
/// in `[1, 2)`, every input is then a multiple of `g = 2^-268`; differences, and their
/// products of up to four factors (the highest degree of the predicates), are multiples of
/// `g⁴ = 2^-1072` below `2^11`. Every error-free transformation on such values is exact
/// (a result that is a multiple of `2^-1074` loses nothing even in the subnormal range),
/// so the expansions are.
const EXPANSION_SPREAD: i32 = 268;

// ---------------------------------------------------------------------------------------
// Scaling for the exact path.

/// `2^e` for `e` in the normal range (clamped to it).
#[inline]
fn pow2(e: i32) -> f64 {
    // Clamped by comparison (no method `clamp` in the float files: see tests/determinism.rs).
    #[allow(clippy::manual_clamp)]
    let e = if e < -1022 {
        -1022
    } else if e > 1023 {
        1023
    } else {
        e
    };
    f64::from_bits(((1023 + e) as u64) << 52)
}

/// How the exact path evaluates a query's (finite) inputs.
pub(super) enum Exact<const N: usize> {
    /// Expansions, on the inputs scaled by a power of two so that the largest lies in
    /// `[1, 2)` (all zero: unchanged). Exact, as their spread is at most
    /// [`EXPANSION_SPREAD`].
    Expansions([f64; N]),
    /// Exact integers: the inputs divided by `2^low`, the lowest set bit among them.
    Integers(i32),
}

/// The exact path for these inputs: expansions unless their set bits span more than
/// [`EXPANSION_SPREAD`] binary places.
pub(super) fn exact_path<const N: usize>(values: [f64; N]) -> Exact<N> {
    match bit_range(&values) {
        None => Exact::Expansions(values),
        Some((top, low)) if top - low > EXPANSION_SPREAD => Exact::Integers(low),
        Some((top, _)) => {
            // Two steps, so that shifts beyond the normal exponent range (up to 1074) stay
            // exact; no step underflows, as every value is at least 2^(top − 268).
            let shift = -top;
            let (first, second) = (pow2(shift / 2), pow2(shift - shift / 2));
            Exact::Expansions(values.map(|v| v * first * second))
        }
    }
}

#[inline]
pub(super) fn all_finite<const N: usize>(values: &[f64; N]) -> bool {
    values.iter().all(|v| v.is_finite())
}

// ---------------------------------------------------------------------------------------
// The predicates.

/// The exact sign of `(u − o) × (v − o)`.
#[inline(always)]
pub(crate) fn orient(o: [f64; 2], u: [f64; 2], v: [f64; 2]) -> Ordering {
    let (ux, uy, vx, vy) = (u[0] - o[0], u[1] - o[1], v[0] - o[0], v[1] - o[1]);
    let (left, right) = (ux * vy, uy * vx);
    let det = left - right;
    let bound = TWO_PRODUCT_BOUND * (left.abs() + right.abs()) + UNDERFLOW_SLACK;
    if det > bound {
        Ordering::Greater
    } else if det < -bound {
        Ordering::Less
    } else if (ux == 0.0 || vy == 0.0) && (uy == 0.0 || vx == 0.0) {
        // A difference of floats is zero only when they are equal, so a factor of each
        // product is exactly zero (axis-aligned and coincident cases).
        Ordering::Equal
    } else {
        orient_exact(o, u, v)
    }
}

#[cold]
#[inline(never)]
fn orient_exact(o: [f64; 2], u: [f64; 2], v: [f64; 2]) -> Ordering {
    let values = [o[0], o[1], u[0], u[1], v[0], v[1]];
    if !all_finite(&values) {
        return Ordering::Equal;
    }
    match exact_path(values) {
        Exact::Expansions([ox, oy, ux, uy, vx, vy]) => {
            cross2(&diff(ux, ox), &diff(uy, oy), &diff(vx, ox), &diff(vy, oy)).sign()
        }
        Exact::Integers(low) => {
            let d = |x, y| Int::difference(x, y, low);
            let [ox, oy, ux, uy, vx, vy] = values;
            cross_int(&d(ux, ox), &d(uy, oy), &d(vx, ox), &d(vy, oy)).sign()
        }
    }
}

/// Where segment `pq` crosses the line `uv`: `t = o₃ / (o₃ − o₄)` with `o₃ = (v − u) × (p − u)`
/// and `o₄ = (v − u) × (q − u)` of opposite signs (or one zero), clamped to `[0, 1]`; 0 when
/// both are zero.
///
/// `|o₃ − o₄| = |o₃| + |o₄|` does not cancel, so the absolute error of `t` is at most the
/// rounding error of the two cross products relative to their sum,
/// `3ε (|l₃| + |r₃| + |l₄| + |r₄|) / (|o₃| + |o₄|)` for `o = l − r`. When the products
/// cancel by more than `2^10` (segments within about `10⁻³` radians of parallel, where
/// that bound exceeds `2^-42` and rounded products can be wrong in every digit) they are
/// taken from their exact expansions instead, rounded once. Otherwise the rounded ones
/// serve, unless the crossing lies within the error of an end of either segment: the
/// error moves the point along the segments by at most `2^-42 |q − p|`, which near an end
/// would take it off that segment (`tests/reference.rs` found a crossing 43 ulps from an
/// end of nearly parallel segments put 7 ulps beyond it).
pub(crate) fn crossing_ratios(u: [f64; 2], v: [f64; 2], p: [f64; 2], q: [f64; 2]) -> (f64, f64) {
    /// Largest cancellation taken from rounded products.
    const CANCELLATION: f64 = 1024.0;
    let (vx, vy) = (v[0] - u[0], v[1] - u[1]);
    let (px, py, qx, qy) = (p[0] - u[0], p[1] - u[1], q[0] - u[0], q[1] - u[1]);
    let (l3, r3, l4, r4) = (vx * py, vy * px, vx * qy, vy * qx);
    let total = (l3 - r3).abs() + (l4 - r4).abs();
    let magnitude = l3.abs() + r3.abs() + l4.abs() + r4.abs();
    // Small enough cancellation, no underflow in the products, and nothing overflowed
    // (an infinite or NaN value fails the comparisons).
    if magnitude <= CANCELLATION * total && total > UNDERFLOW_SLACK && total <= f64::MAX {
        // The rounded `t` moves the point along the segments by `δ ≤ e |q − p|`,
        // `e = 3ε magnitude / total`: harmless unless the crossing lies within `δ` of an end
        // of either segment, where it would leave that segment. `pq`'s ends: `t |q − p| > δ`
        // is `|o₃| > 3ε magnitude`, and the same for `|o₄|`. `uv`'s ends: the crossing lies
        // `|oᵤ| / (|q − p| sin θ)` from `u` along `uv`, with `oᵤ = (q − p) × (u − p)`, and
        // `|q − p| |v − u| sin θ = total`; so `> δ` is `|oᵤ| |v − u| > 3ε magnitude |q − p|`,
        // compared squared, with `oᵤ`'s own rounding error (`≤ 3ε (|wₓ pᵧ| + |wᵧ pₓ|)`)
        // taken off first. Where any of that fails, the exact path decides.
        let near = END_FACTOR * magnitude;
        let (o3, o4) = ((l3 - r3).abs(), (l4 - r4).abs());
        if o3 > near && o4 > near {
            let (wx, wy) = (qx - px, qy - py);
            let (ou_l, ou_r) = (wx * py, wy * px);
            let (ov_l, ov_r) = (wx * (vy - py), wy * (vx - px));
            let ou = (ou_l - ou_r).abs() - END_FACTOR * (ou_l.abs() + ou_r.abs());
            let ov = (ov_l - ov_r).abs() - END_FACTOR * (ov_l.abs() + ov_r.abs());
            let shortest = if ou < ov { ou } else { ov };
            let reach = near * near * (wx * wx + wy * wy);
            if shortest > 0.0 && shortest * shortest * (vx * vx + vy * vy) > reach {
                return (o3 / total, o4 / total);
            }
        }
    }
    crossing_ratios_exact(u, v, p, q)
}

/// `3ε` and then some, for the end checks of [`crossing_ratios`]: `4ε`.
const END_FACTOR: f64 = 4.0 * EPSILON;

#[cold]
#[inline(never)]
fn crossing_ratios_exact(u: [f64; 2], v: [f64; 2], p: [f64; 2], q: [f64; 2]) -> (f64, f64) {
    let values = [u[0], u[1], v[0], v[1], p[0], p[1], q[0], q[1]];
    if !all_finite(&values) {
        return (0.0, 0.0);
    }
    let (o3, o4) = match exact_path(values) {
        Exact::Expansions([ux, uy, vx, vy, px, py, qx, qy]) => {
            let (dx, dy) = (diff(vx, ux), diff(vy, uy));
            let o3 = cross2(&dx, &dy, &diff(px, ux), &diff(py, uy)).estimate();
            let o4 = cross2(&dx, &dy, &diff(qx, ux), &diff(qy, uy)).estimate();
            (o3.abs(), o4.abs())
        }
        Exact::Integers(low) => {
            let d = |x, y| Int::difference(x, y, low);
            let [ux, uy, vx, vy, px, py, qx, qy] = values;
            let (dx, dy) = (d(vx, ux), d(vy, uy));
            let (m3, e3) = cross_int(&dx, &dy, &d(px, ux), &d(py, uy)).magnitude_estimate();
            let (m4, e4) = cross_int(&dx, &dy, &d(qx, ux), &d(qy, uy)).magnitude_estimate();
            // Both on the larger one's scale (the smaller may vanish: it is negligible).
            let top = if e3 > e4 { e3 } else { e4 };
            (m3 * pow2(e3 - top), m4 * pow2(e4 - top))
        }
    };
    let total = o3 + o4;
    if total > 0.0 {
        // `min(t, 1)` by comparison; NaN gives 1, as `f64::min` would.
        let below_one = |t: f64| if t < 1.0 { t } else { 1.0 };
        (below_one(o3 / total), below_one(o4 / total))
    } else {
        (0.0, 0.0)
    }
}

/// Whether `|p − q| ≤ r₁ + r₂`, exactly. False for NaN and for a negative radius.
///
/// The filter decides by the sign of `R² − |d|²` (`d = p − q`, `R = r₁ + r₂`) when it is
/// farther from zero than `B = 64ε R²` plus [`UNDERFLOW_SLACK`]. The value errs by at most
/// `4εR² + 5ε|d|² < E = 16ε (R² + |d|²)`. `B` is known before `|d|²` is; it covers `E`
/// wherever it decides: when `|d|² ≤ 2R²`, `E ≤ 48εR² < B`; when `|d|² > 2R²`, the value
/// is `−(|d|² − R²)` with `|d|² − R² > |d|²/2 > E`, a certain "no". (The same argument as
/// at [`point_segment_within`].)
#[inline(always)]
pub(crate) fn point_point_within(p: [f64; 2], q: [f64; 2], r1: f64, r2: f64) -> bool {
    if !((r1 >= 0.0) & (r2 >= 0.0)) {
        return false;
    }
    let (dx, dy) = (p[0] - q[0], p[1] - q[1]);
    let radius = r1 + r2;
    let r_sq = radius * radius;
    let bound = SQUARES_BOUND * r_sq + UNDERFLOW_SLACK;
    let value = r_sq - (dx * dx + dy * dy);
    if value.abs() > bound {
        value > 0.0
    } else {
        point_point_exact(p[0], p[1], q[0], q[1], r1, r2)
    }
}

#[cold]
#[inline(never)]
fn point_point_exact(px: f64, py: f64, qx: f64, qy: f64, r1: f64, r2: f64) -> bool {
    let values = [px, py, qx, qy, r1, r2];
    if !(all_finite(&values) && r1 >= 0.0 && r2 >= 0.0) {
        return false;
    }
    let value = match exact_path(values) {
        Exact::Expansions([px, py, qx, qy, r1, r2]) => {
            endpoint_value(px, py, qx, qy, r1, r2).sign()
        }
        Exact::Integers(low) => endpoint_int([px, py], [qx, qy], r1, r2, low).sign(),
    };
    value != Ordering::Less
}

/// `(r₁ + r₂)² − |p − q|²`, exactly.
fn endpoint_value(px: f64, py: f64, qx: f64, qy: f64, r1: f64, r2: f64) -> Expansion<24> {
    let (dx, dy) = (diff(px, qx), diff(py, qy));
    let d2 = dot2(&dx, &dy, &dx, &dy);
    let radius = Expansion::<2>::pair(two_sum(r1, r2));
    let r_sq: Expansion<8> = product::<2, 2, 4, 8>(&radius, &radius);
    sum(&r_sq, &d2.negated())
}

/// Whether `dist(p, segment ab) ≤ r₁ + r₂`, exactly. False for NaN and for a negative radius.
///
/// The filter is the naive test with its division taken out: the region from the signs of
/// `along = w·v` and `along − |v|²` (`w = p − a`, `v = b − a`), then the value
/// `R² − |p − endpoint|²` at an end, or `R²|v|² − (v × w)²` in the interior (the squared
/// distance to the line, times `|v|²`). It decides when the value is farther from zero than
/// `B = 64ε (R² + |v|²)` at an end, `B |v|²` in the interior, plus [`UNDERFLOW_SLACK`].
///
/// The error of the value, to first order in `ε` (each rounded difference, product and
/// sum errs by at most `ε` relative), with `d` the computed distance vector:
///
/// - At an end, `|d|²` errs by at most `4ε|d|²` and `R²` by `3εR²`; the subtraction adds
///   `ε (R² + |d|²)`: `4εR² + 5ε|d|²` in all.
/// - In the interior, with `C = v × w`: the rounded `C` errs by at most `3ε|v||w| + ε|C|`,
///   so `C²` by `6ε|C||v||w| + 3εC² ≤ 9εC² + 3ε|v|⁴`, using
///   `|v|²|w|² = along² + C² ≤ |v|⁴ + C²` for `along` in `[0, |v|²]`; `R²|v|²` errs by
///   `8ε` of itself and the subtraction by `ε` of both: `9εR²|v|² + 10εC² + 3ε|v|⁴`.
/// - The region itself may be wrong: `along` errs by up to `e = 4ε|w||v| + 4ε|v|²`, and
///   near a region boundary the end and interior formulas differ by `along²/|v|²` (or
///   `(along − |v|²)²/|v|²`), at most `e²/|v|²`. That is second order in `ε`, but relative
///   to `|v|²`, not to the distance: for a point near the end perpendicular of a segment
///   `10¹⁰` long at distance 1 it exceeds `ε (R² + |d|²)`. A `|v|²` term in the bound
///   (`|v|⁴` in the interior, whose value carries a factor `|v|²`) covers it, with
///   `|w|² ≤ 2|d|² + 2|v|²` near the ends.
///
/// So the error is at most `E = 16ε (R² + |d|² + |v|²)` at an end (`16ε (R²|v|² + C² + |v|⁴)`
/// in the interior), with room for every second-order term. `E` needs the distance, which
/// comes last; `B` does not, so it is computed while the distance is (off the critical
/// path), and it still covers `E` wherever it decides. Write `D` for `|d|²` (`C²`) and `F`
/// for `R² + |v|²` (`R²|v|² + |v|⁴`). When `D ≤ 2F`, `E ≤ 48ε F < B`. When `D > 2F`, the
/// value is `−(D − R²)` (`−(D − R²|v|²)`) with `D − R² > D/2 > E`: the answer "no" is
/// certain whatever `B` is.
///
/// Overflow anywhere makes the value or the bound infinite or NaN, which decides nothing;
/// the slack sends anything that could have underflowed to the exact path. One underflow
/// is amplified rather than absorbed: a subnormal `|v|²` (a segment shorter than `2^-511`)
/// loses up to `2^-1074`, which `R²` multiplies in the interior value. The interior bound
/// takes `|v|² + 2^-1022` for it ([`SHORT_SEGMENT_FLOOR`]). Every other
/// underflowed product stands alone, or its error is below `ε` of its partner's product,
/// or it meets another tiny factor, so the slack covers it. On random
/// inputs the filter decides all but a vanishing share of queries with no more arithmetic
/// than the naive test, and no division.
#[inline(always)]
pub(crate) fn point_segment_within(
    p: [f64; 2],
    a: [f64; 2],
    b: [f64; 2],
    r1: f64,
    r2: f64,
) -> bool {
    point_segment_filter::<true, _>(p, a, b, r1, r2, |within| within, point_segment_exact)
}

/// [`point_segment_within`]'s filter alone, for inputs that are integers below `2^51` in
/// magnitude (fixed point's raw values, `fast_fixed.rs`): `None` where its bound leaves
/// the sign open, for the caller's own exact test.
#[cfg(feature = "fixed")]
#[inline(always)]
pub(crate) fn point_segment_filtered(
    p: [f64; 2],
    a: [f64; 2],
    b: [f64; 2],
    r1: f64,
    r2: f64,
) -> Option<bool> {
    // `|v|²` of integers is 0 or at least 1: never subnormal.
    point_segment_filter::<false, _>(p, a, b, r1, r2, Some, |_, _, _, _, _, _, _, _| None)
}

/// [`point_segment_within`]; `SHORT_SEGMENTS` is whether `|v|²` can be subnormal (`f64`
/// inputs; not `f32` ones, whose differences are multiples of `2^-149`). The answer is
/// `decided` of the filter's where its bound decides, else `open` of the eight input
/// scalars (the exact path, or the caller's "undecided").
#[inline(always)]
fn point_segment_filter<const SHORT_SEGMENTS: bool, R>(
    p: [f64; 2],
    a: [f64; 2],
    b: [f64; 2],
    r1: f64,
    r2: f64,
    decided: impl FnOnce(bool) -> R,
    open: impl FnOnce(f64, f64, f64, f64, f64, f64, f64, f64) -> R,
) -> R {
    if !((r1 >= 0.0) & (r2 >= 0.0)) {
        return decided(false);
    }
    let (vx, vy) = (b[0] - a[0], b[1] - a[1]);
    let (wx, wy) = (p[0] - a[0], p[1] - a[1]);
    let radius = r1 + r2;
    let r_sq = radius * radius;
    let along = wx * vx + wy * vy;
    let length_sq = vx * vx + vy * vy;
    // The bound needs neither the region nor the distance: it is ready before they are.
    let scale = SEGMENT_BOUND * (r_sq + length_sq);
    let (value, bound) = if along <= 0.0 {
        (r_sq - (wx * wx + wy * wy), scale + UNDERFLOW_SLACK)
    } else if along >= length_sq {
        let (ux, uy) = (p[0] - b[0], p[1] - b[1]);
        (r_sq - (ux * ux + uy * uy), scale + UNDERFLOW_SLACK)
    } else {
        let cross = vx * wy - vy * wx;
        // `scale · max(|v|², 2^-1022)` carries `64ε R² 2^-1022 = 2^-1069 R²` for an
        // underflowed `|v|²` (see below), at the cost of one `maxsd`, whose latency (one
        // cycle, where an addition's is three or four) keeps the bound off the critical
        // path.
        let covered = if SHORT_SEGMENTS && !(length_sq > SHORT_SEGMENT_FLOOR) {
            SHORT_SEGMENT_FLOOR
        } else {
            length_sq
        };
        (
            r_sq * length_sq - cross * cross,
            scale * covered + UNDERFLOW_SLACK,
        )
    };
    if value.abs() > bound {
        decided(value > 0.0)
    } else {
        let [px, py, ax, ay, bx, by] = [p[0], p[1], a[0], a[1], b[0], b[1]];
        open(px, py, ax, ay, bx, by, r1, r2)
    }
}

/// The exact path of [`point_segment_within`]. Its inputs come as eight scalars so that
/// they travel in registers: arrays would be stored to the stack on the filter's hot path
/// before the (rarely taken) call.
#[cold]
#[inline(never)]
#[expect(
    clippy::too_many_arguments,
    reason = "eight coordinates, passed in registers"
)]
fn point_segment_exact(
    px: f64,
    py: f64,
    ax: f64,
    ay: f64,
    bx: f64,
    by: f64,
    r1: f64,
    r2: f64,
) -> bool {
    let values = [px, py, ax, ay, bx, by, r1, r2];
    if !(all_finite(&values) && r1 >= 0.0 && r2 >= 0.0) {
        return false;
    }
    let [px, py, ax, ay, bx, by, r1, r2] = match exact_path(values) {
        Exact::Expansions(scaled) => scaled,
        Exact::Integers(low) => return point_segment_int(values, low),
    };
    let (vx, vy) = (diff(bx, ax), diff(by, ay));
    let (wx, wy) = (diff(px, ax), diff(py, ay));
    if dot2(&wx, &wy, &vx, &vy).sign() != Ordering::Greater {
        return endpoint_value(px, py, ax, ay, r1, r2).sign() != Ordering::Less;
    }
    let (ux, uy) = (diff(px, bx), diff(py, by));
    if dot2(&ux, &uy, &vx, &vy).sign() != Ordering::Less {
        return endpoint_value(px, py, bx, by, r1, r2).sign() != Ordering::Less;
    }
    let cross = cross2(&vx, &vy, &wx, &wy);
    let cross_sq: Expansion<512> = product::<16, 16, 32, 512>(&cross, &cross);
    let radius = Expansion::<2>::pair(two_sum(r1, r2));
    let r_sq: Expansion<8> = product::<2, 2, 4, 8>(&radius, &radius);
    let length_sq = dot2(&vx, &vy, &vx, &vy);
    let reach: Expansion<256> = product::<8, 16, 16, 256>(&r_sq, &length_sq);
    let value: Expansion<768> = sum(&reach, &cross_sq.negated());
    value.sign() != Ordering::Less
}

// ---------------------------------------------------------------------------------------
// The same values in exact integers, for inputs spread too far for the expansions.

/// `u × v` in exact integers.
pub(super) fn cross_int(
    ux: &Int<INPUT>,
    uy: &Int<INPUT>,
    vx: &Int<INPUT>,
    vy: &Int<INPUT>,
) -> Int<SQUARE> {
    ux.times::<SQUARE>(vy).minus(&uy.times(vx))
}

/// `u · v` in exact integers.
pub(super) fn dot_int(
    ux: &Int<INPUT>,
    uy: &Int<INPUT>,
    vx: &Int<INPUT>,
    vy: &Int<INPUT>,
) -> Int<SQUARE> {
    ux.times::<SQUARE>(vx).plus(&uy.times(vy))
}

/// `(r₁ + r₂)² − |p − q|²` in exact integers (over `2^(2·low)`).
fn endpoint_int(p: [f64; 2], q: [f64; 2], r1: f64, r2: f64, low: i32) -> Int<SQUARE> {
    let (dx, dy) = (
        Int::difference(p[0], q[0], low),
        Int::difference(p[1], q[1], low),
    );
    let radius = Int::of(r1, low).plus(&Int::of(r2, low));
    radius
        .times::<SQUARE>(&radius)
        .minus(&dot_int(&dx, &dy, &dx, &dy))
}

/// [`point_segment_exact`] in exact integers: the same regions and values.
fn point_segment_int(values: [f64; 8], low: i32) -> bool {
    let [px, py, ax, ay, bx, by, r1, r2] = values;
    let d = |x, y| Int::difference(x, y, low);
    let (vx, vy) = (d(bx, ax), d(by, ay));
    let (wx, wy) = (d(px, ax), d(py, ay));
    let value = if dot_int(&wx, &wy, &vx, &vy).sign() != Ordering::Greater {
        endpoint_int([px, py], [ax, ay], r1, r2, low).sign()
    } else if dot_int(&d(px, bx), &d(py, by), &vx, &vy).sign() != Ordering::Less {
        endpoint_int([px, py], [bx, by], r1, r2, low).sign()
    } else {
        let cross = cross_int(&vx, &vy, &wx, &wy);
        let radius = Int::of(r1, low).plus(&Int::of(r2, low));
        let reach: Int<FOURTH> = radius
            .times::<SQUARE>(&radius)
            .times(&dot_int(&vx, &vy, &vx, &vy));
        reach.minus(&cross.times(&cross)).sign()
    };
    value != Ordering::Less
}

// ---------------------------------------------------------------------------------------
// `f32` inputs: widened to `f64`.
//
// Built from `f32` inputs, the `f64` filters' values never overflow or underflow: a
// difference of two `f32` values is zero or a multiple of `2^-149` below `2^129` (rounding
// keeps it a multiple), so every product of up to four such, and every sum of those, is
// zero or a multiple of `2^-596` below `2^518`. So the `f64` bounds hold with no exception,
// no underflow needs the absolute slack, and the exact path behind them needs no
// rescaling: the decisions are exact for every finite `f32` input. Widening costs a
// conversion per input, less than a filter of `f32`'s own: the branch-free `f32` filter
// this replaced (a clamped projection with its own bound) took 5.40 ns per circle–segment
// test in `benches/predicates.rs`, the widened one takes 3.05 ns (2026-11-24). An `f32`
// filter shaped like the `f64` one would also need an analysis of its own for degree-four
// terms, where a product of an underflowed and a large value loses more than any absolute
// slack covers; in `f64` that cannot happen for `f32` inputs.

/// [`point_point_within`] for `f32` inputs, widened to `f64` (exactly).
#[inline(always)]
pub(crate) fn point_point_within_f32(p: [f32; 2], q: [f32; 2], r1: f32, r2: f32) -> bool {
    point_point_within(
        p.map(f64::from),
        q.map(f64::from),
        f64::from(r1),
        f64::from(r2),
    )
}

/// [`point_segment_within`] for `f32` inputs, widened to `f64` (exactly).
#[inline(always)]
pub(crate) fn point_segment_within_f32(
    p: [f32; 2],
    a: [f32; 2],
    b: [f32; 2],
    r1: f32,
    r2: f32,
) -> bool {
    point_segment_filter::<false, _>(
        p.map(f64::from),
        a.map(f64::from),
        b.map(f64::from),
        f64::from(r1),
        f64::from(r2),
        |within| within,
        point_segment_exact,
    )
}

#[cfg(test)]
mod tests {
    use super::super::expansion::two_diff;
    use super::*;

    /// The orientation predicate against exact rationals on points nearly on a line: on
    /// the rounded line and one ulp either side (moved from `tests/exact_predicates.rs`
    /// when the predicate became private).
    #[test]
    fn orientation_is_exact() {
        use num_rational::BigRational;
        use num_traits::Zero;
        let q = |x: f64| BigRational::from_float(x).expect("finite");
        let exact = |o: [f64; 2], u: [f64; 2], v: [f64; 2]| {
            let (ux, uy) = (q(u[0]) - q(o[0]), q(u[1]) - q(o[1]));
            let (vx, vy) = (q(v[0]) - q(o[0]), q(v[1]) - q(o[1]));
            (ux * vy - uy * vx).cmp(&BigRational::zero())
        };
        let mut state = 0x5EED_0004_u64;
        let mut unit = || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            (z >> 11) as f64 / (1u64 << 52) as f64 - 1.0
        };
        let next_up = |x: f64| f64::from_bits(x.to_bits() + 1);
        let next_down = |x: f64| {
            if x == 0.0 {
                0.0
            } else {
                f64::from_bits(x.to_bits() - 1)
            }
        };
        let mut unequal = 0;
        for _ in 0..2000 {
            let o = [unit(), unit()];
            let u = [unit() * 100.0, unit() * 100.0];
            // v on the line through o and u, rounded, then nudged by an ulp.
            let t = unit() * 3.0;
            let v0 = [o[0] + t * (u[0] - o[0]), o[1] + t * (u[1] - o[1])];
            for v in [v0, [v0[0], next_up(v0[1])], [v0[0], next_down(v0[1])]] {
                let want = exact(o, u, v);
                assert_eq!(orient(o, u, v), want, "{o:?} {u:?} {v:?}");
                unequal += usize::from(want != Ordering::Equal);
            }
        }
        assert!(unequal > 1000, "only {unequal} cases off the line");
    }

    #[test]
    fn scaling_factors() {
        let scaled = |v: [f64; 2]| match exact_path(v) {
            Exact::Expansions(v) => Some(v),
            Exact::Integers(_) => None,
        };
        assert_eq!(scaled([5e-324, 0.0]), Some([1.0, 0.0]));
        assert!(scaled([1.7e308, -1e300]).is_some_and(|[x, y]| (1.0..2.0).contains(&x) && y < 0.0));
        assert_eq!(scaled([1.0, 1.0 + pow2(-52)]), Some([1.0, 1.0 + pow2(-52)]));
        assert_eq!(scaled([1.0, pow2(-268)]), Some([1.0, pow2(-268)]));
        assert!(scaled([1.0, pow2(-269)]).is_none());
        assert!(scaled([1e300, 5e-324]).is_none());
    }

    #[test]
    fn orientation_near_degenerate() {
        // Points on the line y = x at 0.5 ulp offsets: the classic failure of naive orient.
        let o = [0.5, 0.5];
        let u = [12.0, 12.0];
        let v = [24.0, 24.0];
        assert_eq!(orient(o, u, v), Ordering::Equal);
        let v_up = [24.0, f64::from_bits(24.0_f64.to_bits() + 1)];
        assert_eq!(orient(o, u, v_up), Ordering::Greater);
        let v_down = [24.0, f64::from_bits(24.0_f64.to_bits() - 1)];
        assert_eq!(orient(o, u, v_down), Ordering::Less);
    }

    #[test]
    fn touching_is_within_and_one_ulp_off_is_not() {
        let a = [0.1, 0.3];
        let b = [0.7, 0.3];
        // Distance from (0.4, 0.3 + 0.2) to the segment is fl(0.5) − 0.3 in exact terms.
        let py = 0.5;
        let exact_gap = {
            let (hi, lo) = two_diff(py, 0.3);
            hi + lo
        };
        assert!(point_segment_within([0.4, py], a, b, exact_gap, 0.0));
        let r_below = f64::from_bits(exact_gap.to_bits() - 1);
        // two_diff(0.5, 0.3) is exact in one term here, so one ulp less misses.
        assert_eq!(two_diff(py, 0.3).1, 0.0);
        assert!(!point_segment_within([0.4, py], a, b, r_below, 0.0));
        assert!(point_point_within([3.0, 4.0], [0.0, 0.0], 2.5, 2.5));
        assert!(!point_point_within(
            [3.0, 4.0],
            [0.0, 0.0],
            2.5,
            f64::from_bits(2.5_f64.to_bits() - 1)
        ));
        assert!(!point_point_within([f64::NAN, 0.0], [0.0, 0.0], 1.0, 0.0));
    }
}
