//! The private numerics hooks of the fixed-point types at their extreme values.

use super::{Num, Scalar};
use fixed::types::{I16F16, I32F32, I48F16};

/// The private hooks on every pair of extreme values: no panic, and the documented
/// ranges (`abs ≥ 0`, `unit_ratio` in `[0, 1]`, `sqrt_wide ≥ 0`).
fn hooks<F: Scalar + Copy + core::fmt::Debug>(specials: &[F]) {
    for &x in specials {
        let _ = (x.half(), x.abs(), x.is_nan(), x.saturate());
        assert!(x.abs() >= F::ZERO, "abs({x:?})");
        for &y in specials {
            let _ = (x.min(y), x.max(y), F::hypot(x, y), F::normalize(x, y));
            let w = x.mul_wide(y);
            assert!(F::sqrt_wide(x.mul_wide(x)) >= F::ZERO);
            let _ = F::wide_product_le(w, w, x.mul_wide(x), y.mul_wide(y));
            let t = F::unit_ratio(w, y.mul_wide(y));
            assert!(t >= F::ZERO && t <= F::ONE, "unit_ratio {t:?}");
        }
    }
}

macro_rules! extremes {
    ($t:ty) => {
        [
            <$t>::MIN,
            <$t>::MAX,
            <$t>::ZERO,
            <$t>::DELTA,
            -<$t>::DELTA,
            <$t>::from_num(1),
            <$t>::from_num(-1),
            <$t>::MAX / 2,
            <$t>::MIN / 2,
        ]
    };
}

#[test]
fn hooks_at_the_extremes() {
    hooks::<I16F16>(&extremes!(I16F16));
    hooks::<I32F32>(&extremes!(I32F32));
    hooks::<I48F16>(&extremes!(I48F16));
}
