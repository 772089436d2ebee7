//! [`Scalar`] for the `fixed` crate's signed types `FixedI32<Frac>` and `FixedI64<Frac>`
//! (feature `fixed`): `I16F16`, `I32F32`, `I48F16` and every other split.
//!
//! fixed's own operators panic on overflow in debug builds and its `sqrt` panics on a
//! negative value, so none of them is used. Every operation here works on the raw bits:
//!
//! - `add`, `sub`, `mul`, `neg` saturate at the type's bounds;
//! - `div` by zero gives the saturated extreme with the dividend's sign (zero for `0 ÷ 0`);
//! - products are exact in the `i128` [`Wide`] type, so squared lengths and the
//!   projections of the closest-point algorithm never overflow for in-range coordinates;
//! - square roots are integer square roots of the raw bits, rounded to nearest, and zero
//!   for a negative input;
//! - `normalize` rescales the vector before it divides, so that even a vector of
//!   one least significant bit gets a unit normal accurate to the last bit.
//!
//! Multiplication rounds to nearest (ties away from zero), as does division.

use super::fixed_div::{div_all_fraction, div_floor, scaled_ratio, wide_quotient};
use super::{Num, Scalar, Seal, WideOf};
use fixed::types::extra::{LeEqU32, LeEqU64};
use fixed::{FixedI32, FixedI64};

/// `2^e` as an `f64`, exactly (`e ≤ 1023`).
#[inline]
pub(super) const fn pow2(e: u32) -> f64 {
    f64::from_bits(((1023 + e) as u64) << 52)
}

/// `|x|` for a float (without relying on `f64::abs`, which `core` lacks on older
/// toolchains), by clearing the sign bit: no branch, where a comparison compiled to one
/// that went either way at random with the sign of a direction's component
/// (`docs/benchmarks.md`, stop 42).
#[inline]
fn magnitude_f64(x: f64) -> f64 {
    f64::from_bits(x.to_bits() & !(1 << 63))
}

/// The integer nearest to `x` (ties to even), for `0 ≤ x < 2^51`: adding 2^52 rounds it
/// to an integer, which then sits in the low bits of the sum. Cheaper than a saturating
/// conversion.
#[inline]
pub(super) fn nearest(x: f64) -> u64 {
    as_double(x + pow2(52)).to_bits() - pow2(52).to_bits()
}

/// `x` rounded to an IEEE double. On every target with IEEE double arithmetic (SSE2,
/// NEON, wasm, soft float) every `f64` value already is one, and this is `x`. On x86
/// without SSE2 (`i586`), floats live in the x87 FPU's 64-bit-mantissa registers and are
/// rounded to doubles only when stored: [`nearest`] and [`fast_unit`] need the rounded
/// sum `x + 2^52` (an integer), so there it goes through memory (`black_box`). The
/// fixed-point results are then the same integers on every target: the float values only
/// ever serve as estimates that are checked or corrected exactly, and these two
/// roundings are what the checks compare against.
#[inline(always)]
fn as_double(x: f64) -> f64 {
    #[cfg(all(target_arch = "x86", not(target_feature = "sse2")))]
    {
        core::hint::black_box(x)
    }
    #[cfg(not(all(target_arch = "x86", not(target_feature = "sse2"))))]
    {
        x
    }
}

/// `round(√n)`; `square` is an estimate of `n` as a float (see [`floor_isqrt`]).
#[inline]
fn round_isqrt(n: u128, square: f64) -> u128 {
    #[cfg(any(feature = "std", feature = "libm"))]
    {
        let estimate = float_sqrt(square);
        if estimate < pow2(51) {
            // The rounded root is the r with r² − r < n ≤ r² + r (these ranges tile the
            // integers). The estimate's nearest integer usually is it; test that exactly.
            // r < 2^51, so n − r² wraps only when n ≥ 2^127, and then reads below −2^126.
            let root = u128::from(nearest(estimate));
            let excess = n.wrapping_sub(root * root) as i128;
            if excess > -(root as i128) && excess <= root as i128 {
                return root;
            }
        }
    }
    let (root, rem) = floor_isqrt(n, square);
    let root = u128::from(root);
    // (root + ½)² = root² + root + ¼, so round up when n − root² > root.
    if rem > root { root + 1 } else { root }
}

/// `(⌊√n⌋, n − ⌊√n⌋²)`, exactly; `square` is `n` as a float, within a relative 2^-50.
///
/// With a float square root at hand (features `std` or `libm`), the root is estimated in
/// `f64`, refined by one Newton step when it has more bits than an `f64` holds, and then
/// corrected exactly in integers: the result does not depend on the estimate's rounding.
#[cfg(any(feature = "std", feature = "libm"))]
#[inline]
fn floor_isqrt(n: u128, square: f64) -> (u64, u128) {
    let estimate = float_sqrt(square);
    let root = if estimate < pow2(51) {
        // Within a few units.
        nearest(estimate)
    } else {
        // Saturating: √(2^128) rounds to 2^64.
        let root = estimate as u64;
        // Off by up to ~2^14: one Newton step, r + (n − r²) / 2r, brings it within 2.
        // |n − r²| < 2^80, so the wrapped difference is the true one.
        let error = n.wrapping_sub(u128::from(root) * u128::from(root)) as i128;
        let step = approx_f64_signed(error) / (2.0 * estimate);
        root.saturating_add_signed(step as i64)
    };
    correct_isqrt(n, root)
}

/// `(⌊√n⌋, n − ⌊√n⌋²)`, exactly, without a float square root.
#[cfg(not(any(feature = "std", feature = "libm")))]
#[inline]
fn floor_isqrt(n: u128, square: f64) -> (u64, u128) {
    let _ = square;
    let root = n.isqrt();
    (root as u64, n - root * root)
}

/// `(⌊√n⌋, n − ⌊√n⌋²)` from an estimate of the root, exactly (quick when the estimate is
/// within a few units).
#[cfg(any(feature = "std", feature = "libm"))]
#[inline]
fn correct_isqrt(n: u128, mut root: u64) -> (u64, u128) {
    while u128::from(root) * u128::from(root) > n {
        root -= 1;
    }
    let mut rem = n - u128::from(root) * u128::from(root);
    // (r + 1)² ≤ n exactly when n − r² ≥ 2r + 1.
    while rem > 2 * u128::from(root) {
        rem -= 2 * u128::from(root) + 1;
        root += 1;
    }
    (root, rem)
}

/// The float square root of the build, std's or libm's. Only ever an estimate: every
/// root computed from it is corrected exactly.
#[cfg(feature = "std")]
#[inline]
pub(super) fn float_sqrt(x: f64) -> f64 {
    x.sqrt()
}

/// The float square root of the build, std's or libm's. Only ever an estimate: every
/// root computed from it is corrected exactly.
#[cfg(all(not(feature = "std"), feature = "libm"))]
#[inline]
pub(super) fn float_sqrt(x: f64) -> f64 {
    libm::sqrt(x)
}

/// `n` as an `f64`, within a relative 2^-52 (truncated to 63 bits, then rounded: cheaper
/// than the `u128` conversion's library call).
#[inline]
pub(super) fn approx_f64(n: u128) -> f64 {
    let zeros = n.leading_zeros();
    if zeros >= 65 {
        (n as i64) as f64
    } else {
        let shift = 65 - zeros;
        ((n >> shift) as i64) as f64 * pow2(shift)
    }
}

/// `n` as an `f64`, within a relative 2^-52.
#[cfg(any(feature = "std", feature = "libm"))]
#[inline]
fn approx_f64_signed(n: i128) -> f64 {
    let magnitude = approx_f64(n.unsigned_abs());
    if n < 0 { -magnitude } else { magnitude }
}

/// The unit vector along `(x, y)` (each below 2^62 in magnitude, the larger one at least
/// 2^60), as raw values with `frac ≤ 40` fractional bits, computed in `f64` alone: each
/// component is `±⌊(|c|·2^frac + ⌊L/2⌋) / L⌋` with `L = round(√(x² + y²))`.
///
/// That quotient is the integer part of a value within 2^(frac − 60) of
/// `|c|·2^frac / √(x² + y²) + ½`, and the floats get `s = |c|·2^frac / √(x² + y²)` within
/// 2^(frac − 50). So wherever `s` is more than 2^(frac − 46) from a half-integer, the
/// integer nearest to `s` is the exact answer; `None` when either component is that close
/// to a half-integer (rarely), for the exact computation to decide.
#[cfg(any(feature = "std", feature = "libm"))]
#[inline]
fn fast_unit(x: i64, y: i64, frac: u32) -> Option<(i64, i64)> {
    let (xf, yf) = (x as f64, y as f64);
    let length = float_sqrt(xf * xf + yf * yf);
    let margin = f64::from_bits(u64::from(1023 + frac - 46) << 52);
    let component = |c: i64, cf: f64| {
        // 0 ≤ s < 2^41, so `nearest` applies, and s − round(s) is exact. The numerator
        // `|cf|·2^frac` is exact and ready before the root: one rounded quotient after the
        // root, where a reciprocal and a product took two.
        let s = magnitude_f64(cf) * pow2(frac) / length;
        let sum = as_double(s + pow2(52));
        let whole = sum.to_bits() - pow2(52).to_bits();
        let off = magnitude_f64(s - (sum - pow2(52)));
        (off < 0.5 - margin).then_some(if c < 0 { -(whole as i64) } else { whole as i64 })
    };
    Some((component(x, xf)?, component(y, yf)?))
}

/// `v ÷ 2^shift`, rounded to nearest with ties away from zero: the rounding of every
/// fixed-point product (and of the fast paths' steps, `fast_fixed.rs`).
#[inline]
pub(super) fn round_shift(v: i128, shift: u32) -> i128 {
    if shift == 0 {
        return v;
    }
    // For v < 0 this is −⌊(half − v) / 2^shift⌋ = ⌊(v + half − 1) / 2^shift⌋, as
    // 2^shift − half = half; `v >> 127` is −1 for a negative v and 0 otherwise.
    let half = 1_i128 << (shift - 1);
    (v + half + (v >> 127)) >> shift
}

macro_rules! fixed_scalar {
    ($Fixed:ident, $LeEq:ident, $Inner:ty, $bits:expr) => {
        impl<Frac: $LeEq> WideOf<$Fixed<Frac>> for i128 {
            #[inline]
            fn __widen(s: $Fixed<Frac>, _: Seal) -> Self {
                // Wide values carry twice the fraction bits.
                i128::from(s.to_bits()) << $Fixed::<Frac>::FRAC_NBITS
            }
            #[inline]
            fn __narrow(self, _: Seal) -> $Fixed<Frac> {
                $Fixed::<Frac>::from_bits(saturate(round_shift(self, $Fixed::<Frac>::FRAC_NBITS)))
            }
        }

        impl<Frac: $LeEq> Scalar for $Fixed<Frac> {
            type Wide = i128;

            const ZERO: Self = Self::ZERO;
            const ONE: Self = if Self::FRAC_NBITS < $bits - 1 {
                Self::from_bits(1 << Self::FRAC_NBITS)
            } else {
                Self::MAX
            };

            #[inline]
            fn plus(a: Self, b: Self) -> Self {
                a.saturating_add(b)
            }
            #[inline]
            fn minus(a: Self, b: Self) -> Self {
                a.saturating_sub(b)
            }
            #[inline]
            fn times(a: Self, b: Self) -> Self {
                let product = i128::from(a.to_bits()) * i128::from(b.to_bits());
                Self::from_bits(saturate(round_shift(product, Self::FRAC_NBITS)))
            }
            #[inline]
            fn over(a: Self, b: Self) -> Self {
                let (num, den) = (i128::from(a.to_bits()), i128::from(b.to_bits()));
                if den == 0 {
                    return if num > 0 {
                        Self::MAX
                    } else if num < 0 {
                        Self::MIN
                    } else {
                        Self::ZERO
                    };
                }
                if Self::FRAC_NBITS == 64 {
                    return Self::from_bits(saturate(div_all_fraction(num, den)));
                }
                // |num| ≤ 2^63 and frac < 64, so nothing below overflows or saturates: the
                // quotient rounded half away from zero is ±⌊(|num|·2^frac + ⌊|den|/2⌋) / |den|⌋.
                let (n, d) = (num.unsigned_abs(), den.unsigned_abs());
                let estimate =
                    magnitude_f64(a.to_bits() as f64 / b.to_bits() as f64) * pow2(Self::FRAC_NBITS);
                let magnitude = div_floor((n << Self::FRAC_NBITS) + d / 2, d, estimate) as i128;
                let rounded = if (num < 0) != (den < 0) {
                    -magnitude
                } else {
                    magnitude
                };
                Self::from_bits(saturate(rounded))
            }
            #[inline]
            fn __wide_over(num: i128, den: Self, _: Seal) -> Option<Self> {
                Some(Self::from_bits(saturate(wide_quotient(
                    num,
                    i128::from(den.to_bits()),
                ))))
            }
            #[inline]
            fn negated(a: Self) -> Self {
                a.saturating_neg()
            }
            #[inline]
            fn __half(a: Self, _: Seal) -> Self {
                Self::from_bits(a.to_bits() >> 1)
            }
            #[inline]
            fn sqrt(a: Self) -> Self {
                let bits = a.to_bits();
                if bits <= 0 {
                    return Self::ZERO;
                }
                // sqrt(x · 2^f) · 2^(f/2)… done as isqrt(bits · 2^f).
                let wide = (bits as u128) << Self::FRAC_NBITS;
                let square = bits as f64 * pow2(Self::FRAC_NBITS);
                Self::from_bits(saturate(round_isqrt(wide, square) as i128))
            }
            #[inline]
            fn __mul_wide(a: Self, b: Self, _: Seal) -> i128 {
                i128::from(a.to_bits()) * i128::from(b.to_bits())
            }
            #[inline]
            fn __sqrt_wide(w: i128, _: Seal) -> Self {
                if w <= 0 {
                    return Self::ZERO;
                }
                // The wide type is scaled by 2^(2f), so its root is scaled by 2^f: the raw bits.
                let w = w as u128;
                Self::from_bits(saturate(round_isqrt(w, approx_f64(w)) as i128))
            }
            #[inline]
            fn __hypot(x: Self, y: Self, _: Seal) -> Self {
                // The provided body, `sqrt_wide(x² + y²)` with a saturating sum, with the
                // root's float estimate taken from the components.
                let (x, y) = (x.to_bits(), y.to_bits());
                let (xw, yw) = (i128::from(x), i128::from(y));
                let sum = (xw * xw).saturating_add(yw * yw);
                if sum <= 0 {
                    return Self::ZERO;
                }
                let (xf, yf) = (x as f64, y as f64);
                Self::from_bits(saturate(round_isqrt(sum as u128, xf * xf + yf * yf) as i128))
            }
            #[inline]
            fn __unit_ratio(num: i128, den: i128, _: Seal) -> Self {
                if num <= 0 {
                    Self::ZERO
                } else if num >= den {
                    <Self as Scalar>::ONE
                } else {
                    let raw = scaled_ratio(num, den, Self::FRAC_NBITS);
                    Num::min(Self::from_bits(saturate(raw)), <Self as Scalar>::ONE)
                }
            }
            #[inline]
            fn __gap_tolerance(magnitude: Self, _: Seal) -> i128 {
                // The projection parameter is off by up to one unit of the last place, so
                // the closest point is off by up to `|v|` units of the last place (|v| in
                // whole units) plus rounding, and |d|² by about 2·|d|·(|v| + 2) units² of
                // the wide scale. Both |d| and |v| are at most ~3·magnitude: bound it by
                // 32 · magnitude · (magnitude in whole units + 2), in raw wide units.
                let raw = i128::from(magnitude.to_bits()).saturating_abs();
                let whole = (raw >> Self::FRAC_NBITS).saturating_add(2);
                raw.saturating_add(1)
                    .saturating_mul(whole)
                    .saturating_mul(32)
            }
            #[inline]
            fn __wide_product_le(a: i128, b: i128, c: i128, d: i128, _: Seal) -> bool {
                product_le(a, b, c, d)
            }
            #[inline(always)]
            #[allow(clippy::type_complexity)]
            fn __project_exact(
                a: [Self; 2],
                b: [Self; 2],
                p: [Self; 2],
                _: Seal,
            ) -> Option<([Self; 2], i128, i128, i128)> {
                fast_fixed::project(a, b, p)
            }
            #[inline(always)]
            fn __closest_on_segment(
                a: [Self; 2],
                b: [Self; 2],
                p: [Self; 2],
                _: Seal,
            ) -> Option<([Self; 2], bool)> {
                Some(fast_fixed::closest_on_segment(a, b, p))
            }
            #[inline(always)]
            fn __segment_features(
                a: [Self; 2],
                b: [Self; 2],
                p: [Self; 2],
                _: Seal,
            ) -> Option<fast_fixed::Features<Self>> {
                fast_fixed::segment_features(a, b, p)
            }
            // The careful path's own answers, bit for bit (`fast_fixed.rs`).
            #[inline(always)]
            fn __segment_features_identical(
                a: [Self; 2],
                b: [Self; 2],
                p: [Self; 2],
                _: Seal,
            ) -> Option<fast_fixed::Features<Self>> {
                fast_fixed::segment_features(a, b, p)
            }
            // A float filter for certain misses (`fixed_miss.rs`): it only ever skips a
            // careful cast whose answer is "no hit".
            #[inline(always)]
            fn __path_outlook(
                start: [Self; 2],
                direction: [Self; 2],
                max_time: Self,
                core: [[Self; 2]; 2],
                radii: [Self; 2],
                wall: bool,
                _: Seal,
            ) -> (Option<bool>, (bool, Option<core::cmp::Ordering>)) {
                fixed_miss::path_outlook(start, direction, max_time, core, radii, wall)
            }
            #[inline(always)]
            fn __next_up(a: Self, _: Seal) -> Option<Self> {
                a.to_bits().checked_add(1).map(Self::from_bits)
            }
            #[inline(always)]
            fn __disc_entry_after(
                s: [Self; 2],
                c: [Self; 2],
                r: Self,
                entry: Self,
                _: Seal,
            ) -> bool {
                fixed_miss::disc_entry_after(s, c, r, entry)
            }
            #[cfg(any(feature = "std", feature = "libm"))]
            #[inline(always)]
            fn __wall_outlook(
                start: [Self; 2],
                direction: [Self; 2],
                core: [[Self; 2]; 2],
                radius: Self,
                _: Seal,
            ) -> (bool, Option<core::cmp::Ordering>) {
                fixed_miss::wall_outlook(start, direction, core, radius)
            }
            #[inline(always)]
            fn __apart(
                gap: Self,
                radii: [Self; 2],
                points: [[Self; 2]; 4],
                _: bool,
                _: Seal,
            ) -> bool {
                fixed_miss::apart_by(gap, radii, points)
            }
            #[inline(always)]
            fn __swept_outlook(
                x: [[Self; 2]; 2],
                motion: [Self; 2],
                y: [[Self; 2]; 2],
                radii: [Self; 2],
                _: Seal,
            ) -> Option<bool> {
                fixed_miss::swept_outlook(x, motion, y, radii)
            }
            #[inline(always)]
            fn __segment_contact(
                p: [Self; 2],
                a: [Self; 2],
                b: [Self; 2],
                r1: Self,
                r2: Self,
                _: Seal,
            ) -> Option<Option<fast_fixed::Features<Self>>> {
                fast_fixed::segment_contact(p, a, b, r1, r2)
            }
            #[inline(always)]
            fn __within_segment(
                p: [Self; 2],
                a: [Self; 2],
                b: [Self; 2],
                r1: Self,
                r2: Self,
                seal: Seal,
            ) -> bool {
                match fast_fixed::within_segment(p, a, b, r1, r2) {
                    Some(within) => within,
                    None => within_segment_careful(p, a, b, r1, r2, seal),
                }
            }
            #[inline(always)]
            fn __within_segment_alone(
                p: [Self; 2],
                a: [Self; 2],
                b: [Self; 2],
                r1: Self,
                r2: Self,
                seal: Seal,
            ) -> bool {
                match fast_fixed::within_segment_in_f64(p, a, b, r1, r2) {
                    Some(within) => within,
                    None => Self::__within_segment(p, a, b, r1, r2, seal),
                }
            }
            // Inlined, with the exact computation out of line: a call returning the
            // `Option` of a pair returns it through memory, which the caller read back in
            // one 16-byte load over the callee's two 8-byte stores, a store-forwarding
            // stall on every contact's normal (I32F32 circle–capsule contact 7% slower).
            #[inline(always)]
            fn __normalize(x: Self, y: Self, _: Seal) -> Option<(Self, Self)> {
                let (x, y) = (i64::from(x.to_bits()), i64::from(y.to_bits()));
                let largest = x.unsigned_abs().max(y.unsigned_abs());
                if largest == 0 {
                    return None;
                }
                // Shift so the larger component has 61 significant bits: the squares then
                // fit in u128 and the root keeps about 61 bits of relative precision.
                let top = 64 - largest.leading_zeros();
                let (x, y) = if top > 61 {
                    (x >> (top - 61), y >> (top - 61))
                } else {
                    (x << (61 - top), y << (61 - top))
                };
                #[cfg(any(feature = "std", feature = "libm"))]
                if Self::FRAC_NBITS <= 40
                    && let Some((ux, uy)) = fast_unit(x, y, Self::FRAC_NBITS)
                {
                    let (ux, uy) = (i128::from(ux), i128::from(uy));
                    return Some((Self::from_bits(saturate(ux)), Self::from_bits(saturate(uy))));
                }
                Some(unit_exact::<Frac>(x, y))
            }
        }

        impl<Frac: $LeEq> fast_fixed::Raw for $Fixed<Frac> {
            const LIMIT: i64 = 1 << ($bits - 3);
            const FRAC: u32 = Self::FRAC_NBITS;
            #[inline(always)]
            fn raw(self) -> i64 {
                i64::from(self.to_bits())
            }
            #[inline(always)]
            fn from_raw(raw: i64) -> Self {
                Self::from_bits(raw as $Inner)
            }
        }

        /// The provided `within_segment`, out of line: for inputs beyond the fast path's
        /// limit.
        #[cold]
        #[inline(never)]
        fn within_segment_careful<Frac: $LeEq>(
            p: [$Fixed<Frac>; 2],
            a: [$Fixed<Frac>; 2],
            b: [$Fixed<Frac>; 2],
            r1: $Fixed<Frac>,
            r2: $Fixed<Frac>,
            seal: Seal,
        ) -> bool {
            provided_within_segment(p, a, b, r1, r2, seal)
        }

        /// [`Scalar::normalize`]'s exact computation, for `(x, y)` shifted so that the
        /// larger has 61 significant bits: where [`fast_unit`] cannot decide, and for types
        /// with more than 40 fractional bits.
        #[inline(never)]
        fn unit_exact<Frac: $LeEq>(x: i64, y: i64) -> ($Fixed<Frac>, $Fixed<Frac>) {
            let frac = $Fixed::<Frac>::FRAC_NBITS;
            let (xw, yw) = (i128::from(x), i128::from(y));
            let (xf, yf) = (x as f64, y as f64);
            let length = round_isqrt((xw * xw + yw * yw) as u128, xf * xf + yf * yf);
            let length_f = approx_f64(length);
            let unit = |c: i64, cf: f64| {
                // Rounded half away from zero: ±⌊(|c|·2^frac + ⌊length/2⌋) / length⌋.
                let estimate = magnitude_f64(cf) * pow2(frac) / length_f;
                let numerator = (u128::from(c.unsigned_abs()) << frac) + length / 2;
                let magnitude = div_floor(numerator, length, estimate) as i128;
                $Fixed::<Frac>::from_bits(saturate(if c < 0 { -magnitude } else { magnitude }))
            };
            (unit(x, xf), unit(y, yf))
        }

        /// Clamps a wide raw value into the inner integer type.
        #[inline]
        fn saturate(v: i128) -> $Inner {
            let narrow = v as $Inner;
            if i128::from(narrow) == v {
                narrow
            } else if v < 0 {
                <$Inner>::MIN
            } else {
                <$Inner>::MAX
            }
        }
    };
}

mod fixed_i32 {
    #[cfg(any(feature = "std", feature = "libm"))]
    use super::fast_unit;
    use super::{
        FixedI32, LeEqU32, Num, Scalar, Seal, WideOf, approx_f64, div_all_fraction, div_floor,
        magnitude_f64, pow2, round_isqrt, round_shift, scaled_ratio, wide_quotient,
    };
    use crate::num::{fast_fixed, fixed_miss, provided_within_segment};
    fixed_scalar!(FixedI32, LeEqU32, i32, 32);
    use fast_fixed::product_le;
}

mod fixed_i64 {
    #[cfg(any(feature = "std", feature = "libm"))]
    use super::fast_unit;
    use super::{
        FixedI64, LeEqU64, Num, Scalar, Seal, WideOf, approx_f64, div_all_fraction, div_floor,
        magnitude_f64, pow2, round_isqrt, round_shift, scaled_ratio, wide_quotient,
    };
    use crate::num::{fast_fixed, fixed_miss, provided_within_segment};
    fixed_scalar!(FixedI64, LeEqU64, i64, 64);
    use fast_fixed::product_le;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::num::fast_fixed::{mul_256_narrow, product_le};
    use fixed::types::{I16F16, I32F32, I48F16};

    /// The full 256-bit product of two `u128`s, as (high, low).
    fn mul_256(a: u128, b: u128) -> (u128, u128) {
        const MASK: u128 = u64::MAX as u128;
        let (a_hi, a_lo) = (a >> 64, a & MASK);
        let (b_hi, b_lo) = (b >> 64, b & MASK);
        let lo_lo = a_lo * b_lo;
        let hi_lo = a_hi * b_lo;
        let lo_hi = a_lo * b_hi;
        let hi_hi = a_hi * b_hi;
        // Middle column: at most three 64-bit quantities, so it fits in u128.
        let middle = (lo_lo >> 64) + (hi_lo & MASK) + (lo_hi & MASK);
        let low = (middle << 64) | (lo_lo & MASK);
        let high = hi_hi + (hi_lo >> 64) + (lo_hi >> 64) + (middle >> 64);
        (high, low)
    }

    #[test]
    fn narrow_256_bit_products_match_the_general_ones() {
        fn next(state: &mut u64) -> u64 {
            *state ^= *state << 13;
            *state ^= *state >> 7;
            *state ^= *state << 17;
            *state
        }
        fn pick(state: &mut u64) -> u128 {
            let edges = [
                0,
                1,
                2,
                u128::from(u64::MAX),
                1 << 64,
                (1 << 126) + 1,
                i128::MAX as u128,
            ];
            let v = (u128::from(next(state)) << 64 | u128::from(next(state))) >> 1;
            match next(state) % 4 {
                0 => edges[(next(state) % 7) as usize],
                1 => v >> (next(state) % 127),
                _ => v,
            }
        }
        fn signed(state: &mut u64, v: u128) -> i128 {
            if next(state) & 7 == 0 {
                -(v as i128)
            } else {
                v as i128
            }
        }
        let clamp = |v: i128| v.max(0).unsigned_abs();
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        for _ in 0..200_000 {
            let st = &mut state;
            let (a, b) = (pick(st), pick(st));
            assert_eq!(mul_256_narrow(a, b), mul_256(a, b), "{a} × {b}");
            // Products of similar sizes (near the bit-count filter's edge), and signs.
            let (c, d) = if next(st) & 1 == 0 {
                (a >> (next(st) % 3), b)
            } else {
                (pick(st) >> (next(st) % 3), pick(st) >> (next(st) % 3))
            };
            let (sa, sb, sc, sd) = (signed(st, a), signed(st, b), signed(st, c), signed(st, d));
            assert_eq!(
                product_le(sa, sb, sc, sd),
                mul_256(clamp(sa), clamp(sb)) <= mul_256(clamp(sc), clamp(sd)),
                "{sa} × {sb} ≤ {sc} × {sd}"
            );
        }
    }

    #[test]
    fn full_256_bit_products() {
        let big = u128::MAX;
        assert_eq!(mul_256(big, big), (u128::MAX - 1, 1));
        assert_eq!(mul_256(1 << 64, 1 << 64), (1, 0));
        assert!(product_le(i128::MAX, i128::MAX, i128::MAX, i128::MAX));
        assert!(!product_le(i128::MAX, i128::MAX, i128::MAX - 1, i128::MAX));
        assert!(product_le(-5, 3, 0, 0));
    }

    #[test]
    fn arithmetic_saturates_instead_of_panicking() {
        assert_eq!(Scalar::plus(I16F16::MAX, I16F16::MAX), I16F16::MAX);
        assert_eq!(Scalar::times(I16F16::MIN, I16F16::MIN), I16F16::MAX);
        assert_eq!(Scalar::times(I16F16::MIN, I16F16::MAX), I16F16::MIN);
        assert_eq!(Scalar::negated(I16F16::MIN), I16F16::MAX);
        assert_eq!(Scalar::over(I16F16::ONE, I16F16::ZERO), I16F16::MAX);
        assert_eq!(Scalar::over(I16F16::ZERO, I16F16::ZERO), I16F16::ZERO);
        assert_eq!(Scalar::over(I16F16::MIN, I16F16::from_num(-1)), I16F16::MAX);
        assert_eq!(Scalar::over(I32F32::MIN, I32F32::from_bits(1)), I32F32::MIN);
        assert_eq!(Scalar::sqrt(I16F16::from_num(-4)), I16F16::ZERO);
        assert_eq!(Scalar::sqrt(I48F16::from_num(6.25)), I48F16::from_num(2.5));
    }

    #[test]
    fn rounding_is_to_nearest() {
        let third = Scalar::over(I16F16::ONE, I16F16::from_num(3));
        assert_eq!(third.to_bits(), 21845);
        let minus_third = Scalar::over(I16F16::from_num(-1), I16F16::from_num(3));
        assert_eq!(minus_third.to_bits(), -21845);
        let two_thirds = Scalar::over(I16F16::from_num(2), I16F16::from_num(3));
        assert_eq!(two_thirds.to_bits(), 43691);
    }

    #[test]
    fn unit_normals_from_one_bit_vectors() {
        let tiny = I32F32::from_bits(1);
        let (x, y) = <I32F32 as Num>::normalize(tiny, tiny).unwrap();
        let expected = I32F32::from_num(core::f64::consts::FRAC_1_SQRT_2);
        assert!((x - expected).abs() <= I32F32::from_bits(1));
        assert_eq!(x, y);
        assert_eq!(<I32F32 as Num>::normalize(I32F32::ZERO, I32F32::ZERO), None);
        let (x, y) = <I16F16 as Num>::normalize(I16F16::MIN, I16F16::ZERO).unwrap();
        assert_eq!((x, y), (I16F16::from_num(-1), I16F16::ZERO));
    }

    #[test]
    fn wide_lengths_of_extreme_values() {
        let len = <I16F16 as Num>::hypot(I16F16::MIN, I16F16::MIN);
        assert_eq!(len, I16F16::MAX);
        let len = <I32F32 as Num>::hypot(I32F32::from_num(3_000_000), I32F32::from_num(4_000_000));
        assert_eq!(len, I32F32::from_num(5_000_000));
    }

    /// `wide_quotient` against the quotient's definition computed by the library's
    /// `u128` division, `±⌊(|num| + ⌊|den|/2⌋) / |den|⌋`, at every magnitude; and against
    /// `Scalar::over` where `num` is a narrow value widened, bit for bit.
    #[test]
    fn wide_quotients_round_once() {
        fn next(state: &mut u64) -> u64 {
            *state ^= *state << 13;
            *state ^= *state >> 7;
            *state ^= *state << 17;
            *state
        }
        let reference = |num: i128, den: i128| {
            let (n, d) = (num.unsigned_abs(), den.unsigned_abs());
            let q = ((n + d / 2) / d).min(i128::MAX as u128) as i128;
            if (num < 0) != (den < 0) { -q } else { q }
        };
        let mut state = 0x853c_49e6_748f_ea9b_u64;
        for _ in 0..200_000 {
            let st = &mut state;
            let wide = (u128::from(next(st)) << 64 | u128::from(next(st))) >> (next(st) % 128);
            let num = if next(st) & 1 == 0 {
                wide as i128
            } else {
                -(wide as i128)
            };
            let den = (next(st) as i64 >> (next(st) % 64)) as i128;
            if den == 0 {
                continue;
            }
            assert_eq!(
                wide_quotient(num, den),
                reference(num, den),
                "{num} / {den}"
            );
        }
        for (num, den) in [
            (i128::MIN, 1),
            (i128::MAX, 1),
            (i128::MIN, -1),
            (i128::MAX, -1),
        ] {
            assert_eq!(
                wide_quotient(num, den),
                reference(num, den),
                "{num} / {den}"
            );
        }
        assert_eq!(wide_quotient(5, 0), i128::MAX);
        assert_eq!(wide_quotient(-5, 0), i128::MIN);
        assert_eq!(wide_quotient(0, 0), 0);
        for _ in 0..100_000 {
            let st = &mut state;
            let a = I32F32::from_bits(next(st) as i64 >> (next(st) % 64));
            let b = I32F32::from_bits(next(st) as i64 >> (next(st) % 64));
            let widened = i128::from(a.to_bits()) << 32;
            assert_eq!(
                <I32F32 as Scalar>::__wide_over(widened, b, Seal(())),
                Some(Scalar::over(a, b)),
                "{a} / {b}"
            );
            let (c, d) = (
                I16F16::from_bits(a.to_bits() as i32),
                I16F16::from_bits(b.to_bits() as i32),
            );
            let widened = i128::from(c.to_bits()) << 16;
            assert_eq!(
                <I16F16 as Scalar>::__wide_over(widened, d, Seal(())),
                Some(Scalar::over(c, d)),
                "{c} / {d}"
            );
        }
    }
}
