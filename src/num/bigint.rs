//! Fixed-size exact integers: the exact predicates' path for inputs whose magnitudes are
//! too far apart for floating-point expansions.
//!
//! Every finite `f64` is `±m · 2^e` with an integer `m < 2^53` and `−1074 ≤ e ≤ 971`
//! ([`parts`]). Divided by a common power of two `2^low` (the lowest set bit among a
//! query's inputs), the inputs are integers below `2^2098`, their differences below
//! `2^2099`, and the predicates' polynomials (degree 2 and 4 in the differences, with
//! integer coefficients of at most 2) below `2^8400`. [`Int`] holds such integers in
//! sign–magnitude form with a fixed number of 64-bit limbs, on the stack: [`INPUT`]
//! limbs for inputs and their differences, [`SQUARE`] for products of two, [`FOURTH`] for
//! products of four. Nothing allocates and nothing can overflow at these sizes, so every
//! sign is exact.
//!
//! The arithmetic is schoolbook, over the limbs in use only. It is slow next to the
//! expansions (a few microseconds for a degree-four value at the widest spread), and it
//! runs only where the expansions would underflow: a query whose inputs are more than
//! 2^267 apart, that the floating-point filter could not decide.

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

/// Limbs for an input divided by `2^low`, or a difference of two: 2112 bits.
pub(crate) const INPUT: usize = 33;
/// Limbs for a product of two differences, or a sum of two such: 4224 bits.
pub(crate) const SQUARE: usize = 2 * INPUT;
/// Limbs for a product of four differences, or a sum of two such: 8448 bits.
pub(crate) const FOURTH: usize = 2 * SQUARE;
/// Limbs for a product of eight differences (the square of a degree-four value): 16896
/// bits, 2 KiB on the stack.
pub(crate) const EIGHTH: usize = 2 * FOURTH;

/// A finite non-zero `f64` as `(m, e)` with `|x| = m · 2^e`, `m < 2^53`; `(0, 0)` for zero.
/// (The caller passes finite values only; an infinity or NaN reads as a large number.)
#[inline]
pub(crate) fn parts(x: f64) -> (u64, i32) {
    let bits = x.to_bits();
    let field = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1 << 52) - 1);
    if field == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1 << 52), field - 1075)
    }
}

/// The binary exponents of the highest and the lowest set bit among the non-zero values:
/// every non-zero one is a multiple of `2^low` below `2^(top + 1)`. `None` when all are
/// zero.
pub(crate) fn bit_range(values: &[f64]) -> Option<(i32, i32)> {
    let mut range: Option<(i32, i32)> = None;
    for &x in values {
        let (m, e) = parts(x);
        if m == 0 {
            continue;
        }
        let top = e + 63 - m.leading_zeros() as i32;
        let low = e + m.trailing_zeros() as i32;
        range = Some(match range {
            None => (top, low),
            Some((t, l)) => (if top > t { top } else { t }, if low < l { low } else { l }),
        });
    }
    range
}

/// An exact integer with `N` limbs of 64 bits, in sign–magnitude form.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Int<const N: usize> {
    /// `|value|`, least significant limb first.
    magnitude: [u64; N],
    /// Whether the value is below zero (never set for zero).
    negative: bool,
}

impl Int<INPUT> {
    /// `x / 2^low`, exactly, for a finite `x` that is a multiple of `2^low` with
    /// `low ≥ −1074` (from [`bit_range`]).
    pub(crate) fn of(x: f64, low: i32) -> Self {
        let mut value = Self {
            magnitude: [0; INPUT],
            negative: x < 0.0,
        };
        let (m, e) = parts(x);
        if m == 0 {
            value.negative = false;
            return value;
        }
        // `m · 2^(e − low)`, with `e − low ≥ −52`: shift right first where it is negative
        // (the bits shifted out are zero, since `x` is a multiple of `2^low`).
        let shift = e - low;
        let (m, shift) = if shift < 0 {
            (m >> shift.unsigned_abs().min(63), 0)
        } else {
            (m, shift.unsigned_abs() as usize)
        };
        let (limb, bit) = (shift / 64, shift % 64);
        if let Some(slot) = value.magnitude.get_mut(limb) {
            *slot = m << bit;
        }
        if bit > 0
            && let Some(slot) = value.magnitude.get_mut(limb + 1)
        {
            *slot = m >> (64 - bit);
        }
        value
    }

    /// `a − b` for two inputs, exactly.
    pub(crate) fn difference(a: f64, b: f64, low: i32) -> Self {
        Self::of(a, low).minus(&Self::of(b, low))
    }
}

impl<const N: usize> Int<N> {
    const ZERO: Self = Self {
        magnitude: [0; N],
        negative: false,
    };

    /// The number of limbs in use (below the highest non-zero one, inclusive).
    fn used(&self) -> usize {
        self.magnitude
            .iter()
            .rposition(|&limb| limb != 0)
            .map_or(0, |top| top + 1)
    }

    /// The sign of the value.
    pub(crate) fn sign(&self) -> Ordering {
        if self.used() == 0 {
            Ordering::Equal
        } else if self.negative {
            Ordering::Less
        } else {
            Ordering::Greater
        }
    }

    /// `−self`.
    pub(crate) fn negated(mut self) -> Self {
        self.negative = !self.negative && self.used() > 0;
        self
    }

    /// `self + other`, exactly. The callers size `N` so that the sum fits (a sum of two
    /// values below `2^(64N − 1)`); debug builds check it.
    pub(crate) fn plus(&self, other: &Self) -> Self {
        if self.negative == other.negative {
            let mut sum = Self::ZERO;
            let mut carry = 0u64;
            for ((s, &x), &y) in sum
                .magnitude
                .iter_mut()
                .zip(&self.magnitude)
                .zip(&other.magnitude)
            {
                let (partial, c1) = x.overflowing_add(y);
                let (total, c2) = partial.overflowing_add(carry);
                *s = total;
                carry = u64::from(c1) + u64::from(c2);
            }
            debug_assert!(carry == 0, "Int<{N}>: sum overflows");
            sum.negative = self.negative && sum.used() > 0;
            sum
        } else {
            // Opposite signs: the larger magnitude minus the smaller, with its sign.
            let (large, small) =
                if magnitude_cmp(&self.magnitude, &other.magnitude) == Ordering::Less {
                    (other, self)
                } else {
                    (self, other)
                };
            let mut difference = Self::ZERO;
            let mut borrow = 0u64;
            for ((d, &x), &y) in difference
                .magnitude
                .iter_mut()
                .zip(&large.magnitude)
                .zip(&small.magnitude)
            {
                let (partial, b1) = x.overflowing_sub(y);
                let (total, b2) = partial.overflowing_sub(borrow);
                *d = total;
                borrow = u64::from(b1) + u64::from(b2);
            }
            difference.negative = large.negative && difference.used() > 0;
            difference
        }
    }

    /// `self − other`, exactly.
    pub(crate) fn minus(&self, other: &Self) -> Self {
        self.plus(&other.negated())
    }

    /// `self × other`, exactly, into `M ≥ 2N` limbs.
    pub(crate) fn times<const M: usize>(&self, other: &Self) -> Int<M> {
        const { assert!(M >= 2 * N, "times: M must be at least 2N") };
        let mut product = Int::<M>::ZERO;
        let (left, right) = (self.used(), other.used());
        for (i, &x) in self.magnitude.iter().take(left).enumerate() {
            let mut carry = 0u128;
            for (j, &y) in other.magnitude.iter().take(right).enumerate() {
                if let Some(slot) = product.magnitude.get_mut(i + j) {
                    // At most (2^64 − 1)² + 2 (2^64 − 1) < 2^128: no overflow.
                    let total = u128::from(x) * u128::from(y) + u128::from(*slot) + carry;
                    *slot = total as u64;
                    carry = total >> 64;
                }
            }
            if let Some(slot) = product.magnitude.get_mut(i + right) {
                *slot = carry as u64;
            }
        }
        product.negative = (self.negative != other.negative) && product.used() > 0;
        product
    }

    /// `|self|` as `(m, e)` with `m` in `[2^63, 2^64)` (as an `f64`, rounded) and
    /// `|self| ≈ m · 2^e` within a relative `2^-52`; `(0.0, 0)` for zero.
    pub(crate) fn magnitude_estimate(&self) -> (f64, i32) {
        let used = self.used();
        let limb = |k: usize| self.magnitude.get(k).copied().unwrap_or(0);
        let Some(top_index) = used.checked_sub(1) else {
            return (0.0, 0);
        };
        let top = limb(top_index);
        let shift = top.leading_zeros();
        // The 64 bits below the highest set bit, the rest truncated (relative 2^-63).
        let below = top_index.checked_sub(1).map_or(0, limb);
        let bits = if shift == 0 {
            top
        } else {
            (top << shift) | (below >> (64 - shift))
        };
        let exponent = (64 * top_index) as i32 - shift as i32;
        (bits as f64, exponent)
    }
}

/// Compares two magnitudes, most significant limb first.
fn magnitude_cmp<const N: usize>(a: &[u64; N], b: &[u64; N]) -> Ordering {
    for (x, y) in a.iter().rev().zip(b.iter().rev()) {
        match x.cmp(y) {
            Ordering::Equal => {}
            other => return other,
        }
    }
    Ordering::Equal
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small(x: i64) -> Int<INPUT> {
        let mut v = Int::<INPUT>::ZERO;
        if let Some(slot) = v.magnitude.first_mut() {
            *slot = x.unsigned_abs();
        }
        v.negative = x < 0;
        v
    }

    #[test]
    fn parts_and_ranges() {
        assert_eq!(parts(1.0), (1 << 52, -52));
        assert_eq!(parts(5e-324), (1, -1074));
        assert_eq!(parts(-0.0), (0, -1074));
        assert_eq!(bit_range(&[0.0, 1.5, 5e-324]), Some((0, -1074)));
        assert_eq!(bit_range(&[f64::MAX]), Some((1023, 971)));
        assert_eq!(bit_range(&[0.0, -0.0]), None);
    }

    #[test]
    fn signs_of_sums_and_products() {
        for x in -3i64..=3 {
            for y in -3i64..=3 {
                let (a, b) = (small(x), small(y));
                assert_eq!(a.plus(&b).sign(), (x + y).cmp(&0), "{x} + {y}");
                assert_eq!(a.minus(&b).sign(), (x - y).cmp(&0), "{x} - {y}");
                let p: Int<SQUARE> = a.times(&b);
                assert_eq!(p.sign(), (x * y).cmp(&0), "{x} * {y}");
            }
        }
    }

    #[test]
    fn widest_inputs_are_exact() {
        // MAX − 2^-1074 and its square minus MAX²: the difference is exact.
        let low = -1074;
        let big = Int::of(f64::MAX, low);
        let tiny = Int::of(5e-324, low);
        assert_eq!(tiny.magnitude.first(), Some(&1));
        let d = big.minus(&tiny);
        let d2: Int<SQUARE> = d.times(&d);
        let b2: Int<SQUARE> = big.times(&big);
        // (B − 1)² − B² = 1 − 2B < 0, and (B − 1)² − (B² − 2B) = 1 > 0.
        assert_eq!(d2.minus(&b2).sign(), Ordering::Less);
        let two_b: Int<SQUARE> = big.times(&small(2));
        let rest = d2.minus(&b2.minus(&two_b));
        assert_eq!(rest.sign(), Ordering::Greater);
        assert_eq!(rest.used(), 1);
        let fourth: Int<FOURTH> = d2.times(&d2);
        assert_eq!(fourth.sign(), Ordering::Greater);
        let (m, e) = fourth.magnitude_estimate();
        assert!((9.2e18..1.85e19).contains(&m), "{m}");
        // (2^1024 · 2^1074)^4 ≈ 2^8392.
        assert_eq!(e + 64, 8392);
    }
}
