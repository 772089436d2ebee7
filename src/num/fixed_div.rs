//! Fixed point's quotients (`fixed.rs`, `fast_fixed.rs`): each rounded once, from a float
//! estimate corrected exactly in integers where the quotient is small enough, which
//! avoids the 128-bit division's library call.

use super::fixed::{approx_f64, nearest, pow2};

/// `⌊n ÷ d⌋` for `d > 0`, exactly; `estimate` is `n ÷ d` as a non-negative float, off by
/// a few units at most (quick when within one).
///
/// Quotients below 2^50 start from the estimate and are corrected exactly in integers,
/// which avoids the 128-bit division's library call.
#[inline]
pub(super) fn div_floor(n: u128, d: u128, estimate: f64) -> u128 {
    if estimate < pow2(50) && d >> 124 == 0 {
        // Within a few units of the quotient, so |n − q·d| < 8d < 2^127: the wrapped
        // difference is the true one. (Within an estimate of 2^50 every caller's relative
        // error is below 2^-50, and the absolute one below 5.)
        let mut q = nearest(estimate);
        let d_signed = d as i128;
        let mut rem = n.wrapping_sub(u128::from(q).wrapping_mul(d)) as i128;
        while rem < 0 {
            q -= 1;
            rem += d_signed;
        }
        while rem >= d_signed {
            q += 1;
            rem -= d_signed;
        }
        u128::from(q)
    } else if n >> 64 == 0 && d >> 64 == 0 {
        u128::from(n as u64 / d as u64)
    } else {
        n / d
    }
}

/// `round(num × 2^frac ÷ den)` for `0 < num < den`, in `[0, 2^frac]`.
#[inline]
pub(super) fn scaled_ratio(mut num: i128, mut den: i128, frac: u32) -> i128 {
    // Make room for the shift: keep den below 2^(126 − frac).
    let mut bits = 128 - den.leading_zeros();
    let room = 126 - frac;
    if bits > room {
        let shift = bits - room;
        num >>= shift;
        den >>= shift;
        bits = room;
    }
    if den <= 0 {
        return 0;
    }
    // 0 ≤ num < den here: ⌊(num·2^frac + ⌊den/2⌋) / den⌋, all non-negative.
    let (num, den) = (num as u128, den as u128);
    // Both shifted alike to fit an i64 (den keeps 63 bits when shifted), so the estimate is
    // off by a relative 2^-51 plus 2^(frac − 62).
    let fit = bits.saturating_sub(63);
    let estimate = ((num >> fit) as i64 as f64) / ((den >> fit) as i64 as f64) * pow2(frac);
    div_floor((num << frac) + den / 2, den, estimate) as i128
}

/// `round(num · 2^64 ÷ den)`, half away from zero, for `den ≠ 0`: division for the types
/// with 64 fractional bits, whose shifted dividend can reach `i128::MIN`.
pub(super) fn div_all_fraction(num: i128, den: i128) -> i128 {
    let shifted = num << 64;
    let half = den.abs() / 2;
    let biased = if (shifted < 0) == (den < 0) {
        shifted.saturating_add(half * den.signum())
    } else {
        shifted.saturating_sub(half * den.signum())
    };
    // Only i128::MIN ÷ −1 fails; its true quotient is positive and huge.
    biased.checked_div(den).unwrap_or(i128::MAX)
}

/// `num ÷ den` rounded half away from zero, for a wide `num` (scaled by `2^(2f)`) and a
/// raw `den` (scaled by `2^f`): the raw value of the quotient at scale `2^f`, saturated
/// at `i128`'s range; a zero `den` gives `i128::MAX`, `i128::MIN` or 0 by the sign of
/// `num`, which `saturate` turns into the type's `MAX`, `MIN` or zero, as `over` does.
///
/// For a `num` that is a narrow value widened (`a_raw · 2^f`) this is `over(a, den)` bit
/// for bit: the same quotient `⌊(|a_raw| · 2^f + ⌊|den|/2⌋) / |den|⌋`.
#[inline]
pub(super) fn wide_quotient(num: i128, den: i128) -> i128 {
    if den == 0 {
        return match num.cmp(&0) {
            core::cmp::Ordering::Greater => i128::MAX,
            core::cmp::Ordering::Less => i128::MIN,
            core::cmp::Ordering::Equal => 0,
        };
    }
    // |num| ≤ 2^127 and |den| < 2^64: the biased numerator fits in u128.
    let (n, d) = (num.unsigned_abs(), den.unsigned_abs());
    let biased = n + d / 2;
    // The estimate of `n ÷ d`, not of `biased ÷ d`: its nearest integer is then the
    // rounded quotient `⌊biased ÷ d⌋` itself, but for near-ties, and `div_floor` corrects
    // nothing. (An estimate of `biased ÷ d` rounds up half the time, and the correction's
    // branch went either way at random, a misprediction every other quotient.)
    let estimate = approx_f64(n) / approx_f64(d);
    let magnitude = div_floor(biased, d, estimate).min(i128::MAX as u128) as i128;
    if (num < 0) != (den < 0) {
        -magnitude
    } else {
        magnitude
    }
}
