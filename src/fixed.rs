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
//! - [`Scalar::normalize`] rescales the vector before it divides, so that even a vector of
//!   one least significant bit gets a unit normal accurate to the last bit.
//!
//! Multiplication rounds to nearest (ties away from zero), as does division.

use crate::scalar::Scalar;
use fixed::types::extra::{LeEqU32, LeEqU64};
use fixed::{FixedI32, FixedI64};

/// Rounded integer square root.
#[inline]
fn round_isqrt(n: u128) -> u128 {
    let root = n.isqrt();
    // (root + ½)² = root² + root + ¼, so round up when n − root² > root.
    if n - root * root > root {
        root + 1
    } else {
        root
    }
}

/// Whether `a × b ≤ c × d` for non-negative `i128`s, exactly, via 256-bit products.
fn product_le(a: i128, b: i128, c: i128, d: i128) -> bool {
    let clamp = |v: i128| v.max(0).unsigned_abs();
    mul_256(clamp(a), clamp(b)) <= mul_256(clamp(c), clamp(d))
}

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

/// `round(num × 2^frac ÷ den)` for `0 < num < den`, in `[0, 2^frac]`.
#[inline]
fn scaled_ratio(mut num: i128, mut den: i128, frac: u32) -> i128 {
    // Make room for the shift: keep den below 2^(126 − frac).
    let bits = 128 - den.leading_zeros();
    let room = 126 - frac;
    if bits > room {
        let shift = bits - room;
        num >>= shift;
        den >>= shift;
    }
    if den <= 0 {
        return 0;
    }
    ((num << frac) + den / 2) / den
}

macro_rules! fixed_scalar {
    ($Fixed:ident, $LeEq:ident, $Inner:ty, $bits:expr) => {
        impl<Frac: $LeEq> Scalar for $Fixed<Frac> {
            type Wide = i128;

            const ZERO: Self = Self::ZERO;
            const ONE: Self = if Self::FRAC_NBITS < $bits - 1 {
                Self::from_bits(1 << Self::FRAC_NBITS)
            } else {
                Self::MAX
            };

            #[inline]
            fn add(self, rhs: Self) -> Self {
                self.saturating_add(rhs)
            }
            #[inline]
            fn sub(self, rhs: Self) -> Self {
                self.saturating_sub(rhs)
            }
            #[inline]
            fn mul(self, rhs: Self) -> Self {
                let product = i128::from(self.to_bits()) * i128::from(rhs.to_bits());
                Self::from_bits(saturate(round_shift(product, Self::FRAC_NBITS)))
            }
            #[inline]
            fn div(self, rhs: Self) -> Self {
                let (num, den) = (i128::from(self.to_bits()), i128::from(rhs.to_bits()));
                if den == 0 {
                    return if num > 0 {
                        Self::MAX
                    } else if num < 0 {
                        Self::MIN
                    } else {
                        Self::ZERO
                    };
                }
                // |num| < 2^63 and frac ≤ 64, so the shift cannot overflow i128.
                let shifted = num << Self::FRAC_NBITS;
                let half = den.abs() / 2;
                // Round half away from zero.
                let biased = if (shifted < 0) == (den < 0) {
                    shifted.saturating_add(half * den.signum())
                } else {
                    shifted.saturating_sub(half * den.signum())
                };
                // Only i128::MIN ÷ −1 fails; its true quotient is positive and huge.
                let rounded = biased.checked_div(den).unwrap_or(i128::MAX);
                Self::from_bits(saturate(rounded))
            }
            #[inline]
            fn neg(self) -> Self {
                self.saturating_neg()
            }
            #[inline]
            fn half(self) -> Self {
                Self::from_bits(self.to_bits() >> 1)
            }
            #[inline]
            fn sqrt(self) -> Self {
                let bits = self.to_bits();
                if bits <= 0 {
                    return Self::ZERO;
                }
                // sqrt(x · 2^f) · 2^(f/2)… done as isqrt(bits · 2^f).
                let wide = (bits as u128) << Self::FRAC_NBITS;
                Self::from_bits(saturate(round_isqrt(wide) as i128))
            }
            #[inline]
            fn mul_wide(self, rhs: Self) -> i128 {
                i128::from(self.to_bits()) * i128::from(rhs.to_bits())
            }
            #[inline]
            fn sqrt_wide(w: i128) -> Self {
                if w <= 0 {
                    return Self::ZERO;
                }
                // The wide type is scaled by 2^(2f), so its root is scaled by 2^f: the raw bits.
                Self::from_bits(saturate(round_isqrt(w as u128) as i128))
            }
            #[inline]
            fn unit_ratio(num: i128, den: i128) -> Self {
                if num <= 0 {
                    Self::ZERO
                } else if num >= den {
                    <Self as Scalar>::ONE
                } else {
                    let raw = scaled_ratio(num, den, Self::FRAC_NBITS);
                    Scalar::min(Self::from_bits(saturate(raw)), <Self as Scalar>::ONE)
                }
            }
            #[inline]
            fn gap_tolerance(magnitude: Self) -> i128 {
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
            fn wide_product_le(a: i128, b: i128, c: i128, d: i128) -> bool {
                product_le(a, b, c, d)
            }
            #[inline]
            fn normalize(x: Self, y: Self) -> Option<(Self, Self)> {
                let (x, y) = (i128::from(x.to_bits()), i128::from(y.to_bits()));
                let largest = x.unsigned_abs().max(y.unsigned_abs());
                if largest == 0 {
                    return None;
                }
                // Shift so the larger component has 61 significant bits: the squares then
                // fit in u128 and the root keeps about 61 bits of relative precision.
                let top = 128 - largest.leading_zeros();
                let (x, y) = if top > 61 {
                    (x >> (top - 61), y >> (top - 61))
                } else {
                    (x << (61 - top), y << (61 - top))
                };
                let length = round_isqrt((x * x + y * y) as u128) as i128;
                let frac = Self::FRAC_NBITS;
                let unit = |c: i128| {
                    let shifted = c << frac;
                    let rounded = if shifted < 0 {
                        (shifted - length / 2) / length
                    } else {
                        (shifted + length / 2) / length
                    };
                    Self::from_bits(saturate(rounded))
                };
                Some((unit(x), unit(y)))
            }
        }

        /// Clamps a wide raw value into the inner integer type.
        #[inline]
        fn saturate(v: i128) -> $Inner {
            <$Inner>::try_from(v).unwrap_or(if v < 0 { <$Inner>::MIN } else { <$Inner>::MAX })
        }

        /// `v ÷ 2^shift`, rounded to nearest with ties away from zero.
        #[inline]
        fn round_shift(v: i128, shift: u32) -> i128 {
            if shift == 0 {
                return v;
            }
            let half = 1_i128 << (shift - 1);
            if v < 0 {
                -((half - v) >> shift)
            } else {
                (v + half) >> shift
            }
        }
    };
}

mod fixed_i32 {
    use super::{FixedI32, LeEqU32, Scalar, round_isqrt, scaled_ratio};
    fixed_scalar!(FixedI32, LeEqU32, i32, 32);
    use super::product_le;
}

mod fixed_i64 {
    use super::{FixedI64, LeEqU64, Scalar, round_isqrt, scaled_ratio};
    fixed_scalar!(FixedI64, LeEqU64, i64, 64);
    use super::product_le;
}

#[cfg(test)]
mod tests {
    use super::*;
    use fixed::types::{I16F16, I32F32, I48F16};

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
        assert_eq!(Scalar::add(I16F16::MAX, I16F16::MAX), I16F16::MAX);
        assert_eq!(Scalar::mul(I16F16::MIN, I16F16::MIN), I16F16::MAX);
        assert_eq!(Scalar::mul(I16F16::MIN, I16F16::MAX), I16F16::MIN);
        assert_eq!(Scalar::neg(I16F16::MIN), I16F16::MAX);
        assert_eq!(Scalar::div(I16F16::ONE, I16F16::ZERO), I16F16::MAX);
        assert_eq!(Scalar::div(I16F16::ZERO, I16F16::ZERO), I16F16::ZERO);
        assert_eq!(Scalar::div(I16F16::MIN, I16F16::from_num(-1)), I16F16::MAX);
        assert_eq!(Scalar::div(I32F32::MIN, I32F32::from_bits(1)), I32F32::MIN);
        assert_eq!(Scalar::sqrt(I16F16::from_num(-4)), I16F16::ZERO);
        assert_eq!(Scalar::sqrt(I48F16::from_num(6.25)), I48F16::from_num(2.5));
    }

    #[test]
    fn rounding_is_to_nearest() {
        let third = Scalar::div(I16F16::ONE, I16F16::from_num(3));
        assert_eq!(third.to_bits(), 21845);
        let minus_third = Scalar::div(I16F16::from_num(-1), I16F16::from_num(3));
        assert_eq!(minus_third.to_bits(), -21845);
        let two_thirds = Scalar::div(I16F16::from_num(2), I16F16::from_num(3));
        assert_eq!(two_thirds.to_bits(), 43691);
    }

    #[test]
    fn unit_normals_from_one_bit_vectors() {
        let tiny = I32F32::from_bits(1);
        let (x, y) = <I32F32 as Scalar>::normalize(tiny, tiny).unwrap();
        let expected = I32F32::from_num(core::f64::consts::FRAC_1_SQRT_2);
        assert!((x - expected).abs() <= I32F32::from_bits(1));
        assert_eq!(x, y);
        assert_eq!(
            <I32F32 as Scalar>::normalize(I32F32::ZERO, I32F32::ZERO),
            None
        );
        let (x, y) = <I16F16 as Scalar>::normalize(I16F16::MIN, I16F16::ZERO).unwrap();
        assert_eq!((x, y), (I16F16::from_num(-1), I16F16::ZERO));
    }

    #[test]
    fn wide_lengths_of_extreme_values() {
        let len = <I16F16 as Scalar>::hypot(I16F16::MIN, I16F16::MIN);
        assert_eq!(len, I16F16::MAX);
        let len =
            <I32F32 as Scalar>::hypot(I32F32::from_num(3_000_000), I32F32::from_num(4_000_000));
        assert_eq!(len, I32F32::from_num(5_000_000));
    }
}
