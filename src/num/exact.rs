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
//! so that the largest input lies near 1; the answer is then exact whenever no partial
//! product of the scaled inputs underflows, which holds unless a single query mixes
//! non-zero magnitudes more than about 2^250 apart.
//!
//! The radii are added exactly too: `r₁ + r₂` is carried as a two-term expansion.

use core::cmp::Ordering;

/// `f64`'s unit roundoff, `2^-53`.
const EPSILON: f64 = 1.110_223_024_625_156_5e-16;

/// An absolute slack covering underflow in the filter (each operation can lose at most
/// `2^-1074` to underflow); any value this small goes to the exact path.
const UNDERFLOW_SLACK: f64 = 1e-290;

/// Error bound factor for a sum of two products of differences (Shewchuk's
/// `ccwerrboundA`, doubled for margin).
const TWO_PRODUCT_BOUND: f64 = (6.0 + 64.0 * EPSILON) * EPSILON;

/// Error bound factor of the point–point filter, relative to `R²`; the derivation is at
/// [`point_point_within`].
const SQUARES_BOUND: f64 = 64.0 * EPSILON;

/// Error bound factor of the point–segment filter, relative to `R² + |v|²` (times `|v|²`
/// in the interior); the derivation is at [`point_segment_within`].
const SEGMENT_BOUND: f64 = 64.0 * EPSILON;

/// Largest magnitude the exact path works at without rescaling (degree-4 products stay
/// below 2^808 and Dekker's split below 2^996).
const EXACT_MAX: f64 = f64::from_bits((1023 + 200) << 52); // 2^200
/// Smallest magnitude the exact path works at without rescaling.
const EXACT_MIN: f64 = f64::from_bits((1023 - 200) << 52); // 2^-200

// ---------------------------------------------------------------------------------------
// Error-free transformations.

#[inline]
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let x = a + b;
    let b_virtual = x - a;
    let a_virtual = x - b_virtual;
    (x, (a - a_virtual) + (b - b_virtual))
}

#[inline]
fn fast_two_sum(a: f64, b: f64) -> (f64, f64) {
    let x = a + b;
    (x, b - (x - a))
}

#[inline]
fn two_diff(a: f64, b: f64) -> (f64, f64) {
    let x = a - b;
    let b_virtual = a - x;
    let a_virtual = x + b_virtual;
    (x, (a - a_virtual) + (b_virtual - b))
}

/// Dekker's split of `a` into two 26-bit halves, `a = hi + lo`.
#[inline]
fn split(a: f64) -> (f64, f64) {
    const SPLITTER: f64 = 134_217_729.0; // 2^27 + 1
    let c = SPLITTER * a;
    let big = c - a;
    let hi = c - big;
    (hi, a - hi)
}

/// `a × b = x + y` exactly, without a fused multiply-add.
#[inline]
fn two_product(a: f64, b: f64) -> (f64, f64) {
    let x = a * b;
    let (a_hi, a_lo) = split(a);
    let (b_hi, b_lo) = split(b);
    let err1 = x - a_hi * b_hi;
    let err2 = err1 - a_lo * b_hi;
    let err3 = err2 - a_hi * b_lo;
    (x, a_lo * b_lo - err3)
}

// ---------------------------------------------------------------------------------------
// Expansions: sums of non-overlapping floats, in increasing magnitude, zeros removed.

/// An exact value as a sum of up to `N` non-overlapping floats.
#[derive(Clone, Copy, Debug)]
struct Expansion<const N: usize> {
    terms: [f64; N],
    len: usize,
}

impl<const N: usize> Expansion<N> {
    const EMPTY: Self = Self {
        terms: [0.0; N],
        len: 0,
    };

    #[inline]
    fn terms(&self) -> &[f64] {
        self.terms.get(..self.len).unwrap_or(&[])
    }

    /// Appends a term. The capacities are sized by the callers (`scale` and `product`
    /// check theirs at compile time, `sum` against its inputs' lengths), so a full
    /// expansion is a sizing bug: debug builds stop at it rather than drop a term and
    /// return a wrong sign.
    #[inline]
    fn push(&mut self, term: f64) {
        debug_assert!(self.len < N, "expansion capacity {N} exceeded");
        if let Some(slot) = self.terms.get_mut(self.len) {
            *slot = term;
            self.len += 1;
        }
    }

    /// `hi + lo`, from an error-free transformation.
    #[inline]
    fn pair((hi, lo): (f64, f64)) -> Self {
        let mut e = Self::EMPTY;
        if lo != 0.0 {
            e.push(lo);
        }
        e.push(hi);
        e
    }

    /// The sign of the exact value: the sign of the largest term.
    #[inline]
    fn sign(&self) -> Ordering {
        match self.terms().last() {
            Some(&top) if top > 0.0 => Ordering::Greater,
            Some(&top) if top < 0.0 => Ordering::Less,
            _ => Ordering::Equal,
        }
    }

    /// The exact value rounded to an `f64`, within a few ulps: the terms summed from the
    /// smallest (they do not overlap, so the sum is nearly correctly rounded).
    #[inline]
    fn estimate(&self) -> f64 {
        self.terms().iter().sum()
    }

    /// `−self`.
    #[inline]
    fn negated(mut self) -> Self {
        for t in self.terms.iter_mut() {
            *t = -*t;
        }
        self
    }
}

/// `e + f`, exactly (Shewchuk's `fast_expansion_sum_zeroelim`). `C` must hold the
/// inputs' terms together.
fn sum<const A: usize, const B: usize, const C: usize>(
    e: &Expansion<A>,
    f: &Expansion<B>,
) -> Expansion<C> {
    let (e, f) = (e.terms(), f.terms());
    // The result has at most as many terms as its inputs together (callers size `C` by
    // the inputs' actual lengths, which can be below their capacities: `product`).
    debug_assert!(
        e.len() + f.len() <= C,
        "sum: {} + {} terms into {C}",
        e.len(),
        f.len()
    );
    let mut h = Expansion::<C>::EMPTY;
    let (mut i, mut j) = (0, 0);
    let at = |s: &[f64], k: usize| s.get(k).copied().unwrap_or(0.0);
    // Take the smaller-magnitude next term first.
    let take = |i: &mut usize, j: &mut usize| {
        let (en, fn_) = (at(e, *i), at(f, *j));
        if *j >= f.len() || (*i < e.len() && ((fn_ > en) == (fn_ > -en))) {
            *i += 1;
            en
        } else {
            *j += 1;
            fn_
        }
    };
    if e.is_empty() && f.is_empty() {
        h.push(0.0);
        return h;
    }
    let mut q = take(&mut i, &mut j);
    let mut first = true;
    while i < e.len() || j < f.len() {
        let next = take(&mut i, &mut j);
        let (q_new, hh) = if first {
            fast_two_sum(next, q)
        } else {
            two_sum(q, next)
        };
        first = false;
        q = q_new;
        if hh != 0.0 {
            h.push(hh);
        }
    }
    if q != 0.0 || h.len == 0 {
        h.push(q);
    }
    h
}

/// `e × b`, exactly (Shewchuk's `scale_expansion_zeroelim`). `C ≥ 2A`.
fn scale<const A: usize, const C: usize>(e: &Expansion<A>, b: f64) -> Expansion<C> {
    const { assert!(C >= 2 * A, "scale: capacity C must be at least 2A") };
    let mut h = Expansion::<C>::EMPTY;
    let terms = e.terms();
    let Some((&first, rest)) = terms.split_first() else {
        h.push(0.0);
        return h;
    };
    let (mut q, hh) = two_product(first, b);
    if hh != 0.0 {
        h.push(hh);
    }
    for &term in rest {
        let (product1, product0) = two_product(term, b);
        let (s, hh) = two_sum(q, product0);
        if hh != 0.0 {
            h.push(hh);
        }
        let (q_new, hh) = fast_two_sum(product1, s);
        q = q_new;
        if hh != 0.0 {
            h.push(hh);
        }
    }
    if q != 0.0 || h.len == 0 {
        h.push(q);
    }
    h
}

/// `e × f`, exactly: the sum over `f`'s terms of `e` scaled by each. `C ≥ 2AB`, `S ≥ 2A`.
fn product<const A: usize, const B: usize, const S: usize, const C: usize>(
    e: &Expansion<A>,
    f: &Expansion<B>,
) -> Expansion<C> {
    const { assert!(S >= 2 * A && C >= 2 * A * B, "product: S ≥ 2A and C ≥ 2AB") };
    let mut acc = Expansion::<C>::EMPTY;
    acc.push(0.0);
    for &term in f.terms() {
        let partial: Expansion<S> = scale(e, term);
        acc = sum(&acc, &partial);
    }
    acc
}

/// `a − b` as an exact expansion.
#[inline]
fn diff(a: f64, b: f64) -> Expansion<2> {
    Expansion::pair(two_diff(a, b))
}

/// `u·x + v·y` for two-term expansions, exactly (16 terms at most).
fn dot2(
    ux: &Expansion<2>,
    uy: &Expansion<2>,
    vx: &Expansion<2>,
    vy: &Expansion<2>,
) -> Expansion<16> {
    let xx: Expansion<8> = product::<2, 2, 4, 8>(ux, vx);
    let yy: Expansion<8> = product::<2, 2, 4, 8>(uy, vy);
    sum(&xx, &yy)
}

/// The cross product `(ux, uy) × (vx, vy) = ux·vy − uy·vx`, exactly.
fn cross2(
    ux: &Expansion<2>,
    uy: &Expansion<2>,
    vx: &Expansion<2>,
    vy: &Expansion<2>,
) -> Expansion<16> {
    let a: Expansion<8> = product::<2, 2, 4, 8>(ux, vy);
    let b: Expansion<8> = product::<2, 2, 4, 8>(uy, vx);
    sum(&a, &b.negated())
}

// ---------------------------------------------------------------------------------------
// Scaling for the exact path.

/// `2^e` for `e` in the normal range.
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

/// The power of two `2^shift` that brings `largest` into `[1, 2)`, or 0 when it is
/// already in the range where the exact path neither overflows nor (for same-magnitude
/// inputs) underflows.
fn exact_shift(largest: f64) -> i32 {
    if largest > EXACT_MAX || (largest < EXACT_MIN && largest > 0.0) {
        // Exponent of `largest`, via its bits (subnormals: first scale up by 2^600).
        let (value, bias) = if largest < f64::MIN_POSITIVE {
            (largest * pow2(600), 600)
        } else {
            (largest, 0)
        };
        let exponent = ((value.to_bits() >> 52) & 0x7ff) as i32 - 1023 - bias;
        -exponent
    } else {
        0
    }
}

/// The values scaled together by the power of two from [`exact_shift`]: exact, barring
/// underflow of values far smaller than the largest.
#[inline]
fn scaled<const N: usize>(values: [f64; N]) -> [f64; N] {
    // A comparison, not `f64::max` (whose sign of a zero result is unspecified); NaN
    // entries are skipped, as `f64::max` would.
    let largest = values.iter().fold(0.0_f64, |m, v| {
        let a = v.abs();
        if a > m { a } else { m }
    });
    let shift = exact_shift(largest);
    if shift == 0 {
        values
    } else {
        // Two steps, so that shifts beyond the normal exponent range (up to 1074) stay exact.
        let (first, second) = (pow2(shift / 2), pow2(shift - shift / 2));
        values.map(|v| v * first * second)
    }
}

#[inline]
fn all_finite<const N: usize>(values: &[f64; N]) -> bool {
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
    let [ox, oy, ux, uy, vx, vy] = scaled(values);
    cross2(&diff(ux, ox), &diff(uy, oy), &diff(vx, ox), &diff(vy, oy)).sign()
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
/// serve: the error moves the point along the segments by at most `2^-42 |q − p|`.
pub(crate) fn crossing_ratio(u: [f64; 2], v: [f64; 2], p: [f64; 2], q: [f64; 2]) -> f64 {
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
        return (l3 - r3).abs() / total;
    }
    crossing_ratio_exact(u, v, p, q)
}

#[cold]
#[inline(never)]
fn crossing_ratio_exact(u: [f64; 2], v: [f64; 2], p: [f64; 2], q: [f64; 2]) -> f64 {
    let values = [u[0], u[1], v[0], v[1], p[0], p[1], q[0], q[1]];
    if !all_finite(&values) {
        return 0.0;
    }
    let [ux, uy, vx, vy, px, py, qx, qy] = scaled(values);
    let (dx, dy) = (diff(vx, ux), diff(vy, uy));
    let o3 = cross2(&dx, &dy, &diff(px, ux), &diff(py, uy))
        .estimate()
        .abs();
    let o4 = cross2(&dx, &dy, &diff(qx, ux), &diff(qy, uy))
        .estimate()
        .abs();
    let total = o3 + o4;
    if total > 0.0 {
        // `min(t, 1)` by comparison; NaN gives 1, as `f64::min` would.
        let t = o3 / total;
        if t < 1.0 { t } else { 1.0 }
    } else {
        0.0
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
    let [px, py, qx, qy, r1, r2] = scaled(values);
    endpoint_value(px, py, qx, qy, r1, r2).sign() != Ordering::Less
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
/// the slack sends anything that could have underflowed to the exact path. On random
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
    if !((r1 >= 0.0) & (r2 >= 0.0)) {
        return false;
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
        (
            r_sq * length_sq - cross * cross,
            scale * length_sq + UNDERFLOW_SLACK,
        )
    };
    if value.abs() > bound {
        value > 0.0
    } else {
        let [px, py, ax, ay, bx, by] = [p[0], p[1], a[0], a[1], b[0], b[1]];
        point_segment_exact(px, py, ax, ay, bx, by, r1, r2)
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
    let [px, py, ax, ay, bx, by, r1, r2] = scaled(values);
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
    point_segment_within(
        p.map(f64::from),
        a.map(f64::from),
        b.map(f64::from),
        f64::from(r1),
        f64::from(r2),
    )
}

#[cfg(test)]
mod tests {
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
    fn expansions_are_exact() {
        // (1 + 2^-60) − 1 = 2^-60, which plain doubles lose.
        let tiny = pow2(-60);
        let e = diff(1.0 + pow2(-52), 1.0);
        assert_eq!(e.terms(), &[pow2(-52)]);
        let big = Expansion::<2>::pair(two_sum(1.0, tiny));
        let back: Expansion<4> = sum(&big, &Expansion::<1>::pair((-1.0, 0.0)));
        assert_eq!(back.terms(), &[tiny]);
        let (x, y) = two_product(1.0 + pow2(-30), 1.0 + pow2(-30));
        assert_eq!((x, y), (1.0 + pow2(-29), pow2(-60)));
    }

    #[test]
    fn scaling_factors() {
        assert_eq!(exact_shift(1.0), 0);
        assert_eq!(exact_shift(1e300), -996);
        assert_eq!(exact_shift(5e-324), 1074);
        let [x] = scaled([5e-324]);
        assert_eq!(x, 1.0);
        let [x] = scaled([1.7e308]);
        assert!((1.0..2.0).contains(&x));
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
