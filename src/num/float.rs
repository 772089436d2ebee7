//! [`Scalar`] for `f32` and `f64`: IEEE arithmetic, lengths rescaled by powers of two so
//! that they neither overflow nor underflow, and the exact predicates of `exact.rs`.

use super::{Scalar, Seal, Wide, WideOf};
use core::cmp::Ordering;

macro_rules! float_scalar {
    (
        $t:ident, $sqrt:expr, $pow2:ident, $bits:ty, $mantissa:expr, $bias:expr,
        fast_floor: $fast_floor:expr, down: $down:expr, up: $up:expr,
        safe: $safe_exp:expr, gap_exp: $gap_exp:expr,
        predicates: ($point_within:path, $segment_within:path),
        closest: $closest:path,
        closest_or: $closest_or:path,
        distance: $distance:path,
        features: $features:path,
        identical_features: $identical:path,
        segment_pair: $segment_pair:path,
        segment_distance: $segment_distance:path,
        apart: $apart:path,
        no_two_points: $no_two_points:path,
        cast_relative: $cast_relative:expr,
        cast_layout: $cast_layout:path
    ) => {
        impl Wide for $t {
            const ZERO: Self = 0.0;
            #[inline]
            fn add(self, rhs: Self) -> Self {
                self + rhs
            }
            #[inline]
            fn sub(self, rhs: Self) -> Self {
                self - rhs
            }
            // The sign bit cleared, without a branch (the default compares and negates, a
            // branch that mispredicts on random signs).
            #[inline]
            fn abs(self) -> Self {
                $t::abs(self)
            }
        }

        impl WideOf<$t> for $t {
            #[inline]
            fn __widen(s: $t, _: Seal) -> Self {
                s
            }
            #[inline]
            fn __narrow(self, _: Seal) -> $t {
                self
            }
        }

        impl Scalar for $t {
            type Wide = $t;
            const ZERO: Self = 0.0;
            const ONE: Self = 1.0;

            #[inline]
            fn plus(a: Self, b: Self) -> Self {
                a + b
            }
            #[inline]
            fn minus(a: Self, b: Self) -> Self {
                a - b
            }
            #[inline]
            fn times(a: Self, b: Self) -> Self {
                a * b
            }
            #[inline]
            fn over(a: Self, b: Self) -> Self {
                a / b
            }
            #[inline]
            fn negated(a: Self) -> Self {
                -a
            }
            #[inline]
            fn __half(a: Self, _: Seal) -> Self {
                a * 0.5
            }
            #[inline]
            fn sqrt(a: Self) -> Self {
                $sqrt(a)
            }
            #[inline]
            fn is_finite(a: Self) -> bool {
                $t::is_finite(a)
            }
            #[inline]
            fn __saturate(a: Self, _: Seal) -> Self {
                if a == $t::INFINITY {
                    $t::MAX
                } else if a == $t::NEG_INFINITY {
                    $t::MIN
                } else {
                    a
                }
            }
            #[inline]
            fn __is_nan(a: Self, _: Seal) -> bool {
                $t::is_nan(a)
            }
            #[inline]
            fn __abs(a: Self, _: Seal) -> Self {
                $t::abs(a)
            }

            #[inline]
            fn __mul_wide(a: Self, b: Self, _: Seal) -> Self {
                a * b
            }
            #[inline]
            fn __sqrt_wide(w: Self, _: Seal) -> Self {
                $sqrt(w)
            }
            #[inline]
            fn __unit_ratio(num: Self, den: Self, _: Seal) -> Self {
                // Written so that NaN falls into the first branch.
                if !(num > 0.0) {
                    0.0
                } else if !(num < den) {
                    1.0
                } else {
                    num / den
                }
            }
            #[inline]
            fn __wide_product_le(a: Self, b: Self, c: Self, d: Self, _: Seal) -> bool {
                a * b <= c * d
            }
            #[inline]
            fn __wide_product_le_certain(
                a: Self,
                b: Self,
                c: Self,
                d: Self,
                _: Seal,
            ) -> Option<bool> {
                let (left, right) = (a * b, c * d);
                if !(left <= right) {
                    Some(false)
                } else if right <= $t::MAX && left >= $t::MIN_POSITIVE {
                    Some(true)
                } else {
                    None
                }
            }
            #[inline]
            fn __hypot(x: Self, y: Self, _: Seal) -> Self {
                let squared = x * x + y * y;
                // `$fast_floor < squared ≤ MAX` as one unsigned range test on the bits
                // (non-negative floats order as their bits; NaN's lie above MAX's), and a
                // zero vector moved into the range (its root is the rescaling's 0 too):
                // the closest points of crossing segments coincide, and a second test of
                // their zero distance would be a branch as random as the crossing.
                // Integers, so that the compiler keeps it one branch.
                let floor = $t::to_bits($fast_floor);
                let zero = (($t::to_bits(x) | $t::to_bits(y)) << 1) == 0;
                let lifted = $t::to_bits(squared).wrapping_add(if zero { floor + 1 } else { 0 });
                if lifted.wrapping_sub(floor + 1) <= $t::to_bits($t::MAX) - (floor + 1) {
                    $sqrt(squared)
                } else {
                    let (x, y, unscale) = rescaled(x, y);
                    let length = $sqrt(x * x + y * y) * unscale;
                    // A length beyond MAX (a difference of finite coordinates that
                    // overflowed) is the largest finite one: lengths, and so distances,
                    // of finite inputs stay finite.
                    if length == $t::INFINITY {
                        $t::MAX
                    } else {
                        length
                    }
                }
            }
            #[inline]
            fn __normalize(x: Self, y: Self, _: Seal) -> Option<(Self, Self)> {
                let squared = x * x + y * y;
                let (x, y, squared) = if squared > $fast_floor && squared <= $t::MAX {
                    (x, y, squared)
                } else {
                    let (x, y, _) = rescaled(x, y);
                    (x, y, x * x + y * y)
                };
                if squared > 0.0 && squared <= $t::MAX {
                    let length = $sqrt(squared);
                    Some((x / length, y / length))
                } else {
                    None
                }
            }
            #[inline]
            fn __orient(o: [Self; 2], u: [Self; 2], v: [Self; 2], _: Seal) -> Ordering {
                crate::num::exact::orient(o.map(f64::from), u.map(f64::from), v.map(f64::from))
            }
            #[inline]
            fn __crossing_ratios(
                u: [Self; 2],
                v: [Self; 2],
                p: [Self; 2],
                q: [Self; 2],
                _: Seal,
            ) -> (Self, Self) {
                let (from_p, from_q) = crate::num::exact::crossing_ratios(
                    u.map(f64::from),
                    v.map(f64::from),
                    p.map(f64::from),
                    q.map(f64::from),
                );
                // Rounded to the type (f32), which keeps them in [0, 1].
                (from_p as $t, from_q as $t)
            }
            #[inline(always)]
            fn __unit_roundoff(_: Seal) -> Self {
                $t::EPSILON * 0.5
            }
            #[inline]
            fn __through_point(
                start: [Self; 2],
                direction: [[Self; 2]; 2],
                c: [Self; 2],
                _: Seal,
            ) -> Option<bool> {
                crate::num::exact_cast::through_point(
                    start.map(f64::from),
                    direction.map(|c| c.map(f64::from)),
                    c.map(f64::from),
                )
            }
            #[inline]
            fn __wall_extent(
                start: [Self; 2],
                direction: [[Self; 2]; 2],
                core: [[Self; 2]; 2],
                radii: [Self; 2],
                _: Seal,
            ) -> Option<core::cmp::Ordering> {
                let wide = |p: [Self; 2]| p.map(f64::from);
                crate::num::exact_cast::wall_extent(
                    wide(start),
                    direction.map(wide),
                    wide(core[0]),
                    wide(core[1]),
                    wide(radii),
                )
            }
            #[inline]
            fn __wall_entry(
                start: [Self; 2],
                direction: [[Self; 2]; 2],
                a: [Self; 2],
                b: [Self; 2],
                radii: [Self; 2],
                _: Seal,
            ) -> Option<Option<Self>> {
                crate::num::exact_cast::wall_entry(
                    start.map(f64::from),
                    direction.map(|c| c.map(f64::from)),
                    a.map(f64::from),
                    b.map(f64::from),
                    radii.map(f64::from),
                )
                .map(|entry| entry.map(|distance| distance as $t))
            }
            #[inline]
            fn __half_chord(
                start: [Self; 2],
                direction: [[Self; 2]; 2],
                c: [Self; 2],
                radii: [Self; 2],
                discriminant: Self,
                approach: Self,
                _: Seal,
            ) -> Option<Option<Self>> {
                crate::num::exact_cast::half_chord(
                    start.map(f64::from),
                    direction.map(|c| c.map(f64::from)),
                    c.map(f64::from),
                    radii.map(f64::from),
                    f64::from(discriminant),
                    f64::from(approach),
                    (
                        f64::from($t::EPSILON) / 2.0,
                        f64::from($t::MIN_POSITIVE),
                        f64::from($t::MAX),
                        $cast_relative,
                        $t::MANTISSA_DIGITS < f64::MANTISSA_DIGITS,
                    ),
                )
                .map(|chord| chord.map(|q| q as $t))
            }
            #[inline(always)]
            fn __within_point(p: [Self; 2], q: [Self; 2], r1: Self, r2: Self, _: Seal) -> bool {
                $point_within(p, q, r1, r2)
            }
            #[inline(always)]
            fn __within_segment(
                p: [Self; 2],
                a: [Self; 2],
                b: [Self; 2],
                r1: Self,
                r2: Self,
                _: Seal,
            ) -> bool {
                $segment_within(p, a, b, r1, r2)
            }
            #[inline(always)]
            fn __closest_on_segment(
                a: [Self; 2],
                b: [Self; 2],
                p: [Self; 2],
                _: Seal,
            ) -> Option<([Self; 2], bool)> {
                $closest(a, b, p)
            }
            #[inline(always)]
            fn __closest_on_segment_or<F>(
                a: [Self; 2],
                b: [Self; 2],
                p: [Self; 2],
                careful: F,
                _: Seal,
            ) -> [Self; 2]
            where
                F: FnOnce([Self; 2], [Self; 2], [Self; 2]) -> [Self; 2],
            {
                $closest_or(a, b, p, careful)
            }
            #[inline(always)]
            fn __segment_features(
                a: [Self; 2],
                b: [Self; 2],
                p: [Self; 2],
                _: Seal,
            ) -> Option<([Self; 2], Self, [Self; 2])> {
                $features(a, b, p)
            }
            #[inline(always)]
            fn __segment_features_identical(
                a: [Self; 2],
                b: [Self; 2],
                p: [Self; 2],
                _: Seal,
            ) -> Option<([Self; 2], Self, [Self; 2])> {
                $identical(a, b, p)
            }
            #[inline(always)]
            fn __distance_to_segment(
                a: [Self; 2],
                b: [Self; 2],
                p: [Self; 2],
                _: Seal,
            ) -> Option<Self> {
                $distance(a, b, p)
            }
            #[inline(always)]
            fn __cast_certified(
                start: [Self; 2],
                direction: [Self; 2],
                core: [[Self; 2]; 2],
                radii: [Self; 2],
                max_time: Self,
                _: Seal,
            ) -> Option<Option<(Self, [Self; 2], [Self; 2])>> {
                crate::num::fast_cast::cast_hook(start, direction, core, radii, max_time)
            }
            #[inline(always)]
            fn __cast_layout<R, F: FnOnce() -> R, G: FnOnce() -> R>(
                whole: F,
                split: G,
                _: Seal,
            ) -> R {
                $cast_layout(whole, split)
            }
            #[inline(always)]
            fn __cast_cores_certified(
                x: [[Self; 2]; 2],
                y: [[Self; 2]; 2],
                radii: [Self; 2],
                motion: [Self; 2],
                _: Seal,
            ) -> Option<Option<(Self, [Self; 2], [Self; 2])>> {
                crate::num::fast_cast::cast_cores_hook(x, y, radii, motion)
            }
            #[inline(always)]
            fn __segment_closest_points(
                xa: [Self; 2],
                xb: [Self; 2],
                ya: [Self; 2],
                yb: [Self; 2],
                _: Seal,
            ) -> Option<([Self; 2], [Self; 2])> {
                $segment_pair(xa, xb, ya, yb)
            }
            #[inline(always)]
            fn __segment_distance(
                xa: [Self; 2],
                xb: [Self; 2],
                ya: [Self; 2],
                yb: [Self; 2],
                _: Seal,
            ) -> Option<Self> {
                $segment_distance(xa, xb, ya, yb)
            }
            #[inline(always)]
            fn __apart(
                gap: Self,
                radii: [Self; 2],
                points: [[Self; 2]; 4],
                fast: bool,
                _: Seal,
            ) -> bool {
                $apart(gap, radii, points, fast)
            }
            #[inline(always)]
            fn __no_two_points(
                x: [[Self; 2]; 2],
                y: [[Self; 2]; 2],
                radii: [Self; 2],
                margin: Self,
                depth: Self,
                _: Seal,
            ) -> bool {
                $no_two_points(x, y, radii, margin, depth)
            }
            #[inline]
            fn __gap_tolerance(magnitude: Self, _: Seal) -> Self {
                // 2^9 ε: far above the few-ulp rounding (a few ε · magnitude²) of the
                // differences, the projection and the products. `ε` is the type's own:
                // 2^-53 for f64, 2^-24 for f32.
                magnitude * magnitude * $pow2($gap_exp) + $t::MIN_POSITIVE
            }
            #[inline]
            fn __rescale_factor(largest: Self, _: Seal) -> Self {
                // Fast path: squares and products of such values stay normal and finite.
                if (largest < $pow2($safe_exp) && largest >= $pow2(-$safe_exp))
                    || largest == 0.0
                    || !$t::is_finite(largest)
                {
                    return 1.0;
                }
                // Clamped to the normal range: still brings `largest` near 1 for any
                // finite input.
                $pow2(-exponent_of(largest))
            }
            #[inline]
            fn __scale_free(largest: Self, _: Seal) -> bool {
                // The fast path of `__rescale_factor`, the same comparisons: after both
                // are inlined, the compiler folds the factor to 1 behind this test. Zero
                // needs no scaling either but is left to the caller's general path, which
                // costs it nothing and keeps this to two comparisons.
                largest < $pow2($safe_exp) && largest >= $pow2(-$safe_exp)
            }
        }

        /// The binary exponent of a positive finite value, subnormals included.
        fn exponent_of(x: $t) -> i32 {
            let field = |v: $t| {
                ((v.to_bits() >> $mantissa) & ((1 << (<$bits>::BITS - 1 - $mantissa)) - 1)) as i32
            };
            if x < $t::MIN_POSITIVE {
                // Subnormal: scale up by 2^64 first, exactly.
                field(x * $pow2(64)) - $bias - 64
            } else {
                field(x) - $bias
            }
        }

        /// Scales `(x, y)` by a power of two (exactly) so that its squared length is a
        /// normal, finite float; returns the scaled pair and the factor that undoes it.
        /// Zero, infinite and NaN inputs come back unscaled.
        fn rescaled(x: $t, y: $t) -> ($t, $t, $t) {
            // `max` by comparison (see `tests/determinism.rs`); a NaN loses, as in
            // IEEE `maxNum`.
            let (ax, ay) = ($t::abs(x), $t::abs(y));
            let largest = if ax.is_nan() || ay > ax { ay } else { ax };
            if !(largest > 0.0) || !$t::is_finite(largest) {
                (x, y, 1.0)
            } else if largest > 1.0 {
                (x * $down, y * $down, 1.0 / $down)
            } else {
                (x * $up, y * $up, 1.0 / $up)
            }
        }
    };
}

/// `2^e` as an f32, exactly, with `e` clamped to the normal range.
const fn pow2_f32(e: i32) -> f32 {
    let e = if e < -126 {
        -126
    } else if e > 127 {
        127
    } else {
        e
    };
    f32::from_bits(((127 + e) as u32) << 23)
}

/// `2^e` as an f64, exactly, with `e` clamped to the normal range.
pub(crate) const fn pow2_f64(e: i32) -> f64 {
    let e = if e < -1022 {
        -1022
    } else if e > 1023 {
        1023
    } else {
        e
    };
    f64::from_bits(((1023 + e) as u64) << 52)
}

/// The correctly rounded square roots: the standard library's, or `libm`'s in `no_std`.
#[cfg(any(feature = "std", feature = "libm"))]
mod roots {
    #[cfg(feature = "std")]
    #[inline(always)]
    pub(super) fn single(x: f32) -> f32 {
        x.sqrt()
    }
    #[cfg(feature = "std")]
    #[inline(always)]
    pub(super) fn double(x: f64) -> f64 {
        x.sqrt()
    }
    #[cfg(not(feature = "std"))]
    #[inline(always)]
    pub(super) fn single(x: f32) -> f32 {
        libm::sqrtf(x)
    }
    #[cfg(not(feature = "std"))]
    #[inline(always)]
    pub(super) fn double(x: f64) -> f64 {
        libm::sqrt(x)
    }
}

#[cfg(any(feature = "std", feature = "libm"))]
mod float_impls {
    use super::{Ordering, Scalar, Seal, Wide, WideOf};
    mod single {
        use super::super::pow2_f32;
        use super::{Ordering, Scalar, Seal, Wide, WideOf};
        float_scalar!(
            f32, super::super::roots::single, pow2_f32, u32, 23, 127,
            fast_floor: pow2_f32(-100), down: pow2_f32(-80), up: pow2_f32(100), safe: 50, gap_exp: -15,
            predicates: (crate::num::exact::point_point_within_f32, crate::num::exact::point_segment_within_f32),
            closest: crate::num::fast::closest_on_segment_hook_f32,
            closest_or: crate::num::fast::closest_on_segment_or_f32,
            distance: crate::num::fast::distance_to_segment_f32,
            features: crate::num::fast::segment_features_f32,
            identical_features: crate::num::fast::segment_features_none,
            segment_pair: crate::num::fast_pair::segment_closest_points_f32,
            segment_distance: crate::num::fast_pair::segment_distance_f32,
            apart: crate::num::fast_pair::apart_f32,
            no_two_points: crate::num::fast_manifold::no_two_points_f32,
            cast_relative: crate::num::exact_cast::CAST_RELATIVE_F32,
            cast_layout: crate::num::ops::split
        );
    }
    mod double {
        use super::super::pow2_f64;
        use super::{Ordering, Scalar, Seal, Wide, WideOf};
        float_scalar!(
            f64, super::super::roots::double, pow2_f64, u64, 52, 1023,
            fast_floor: pow2_f64(-900), down: pow2_f64(-600), up: pow2_f64(600), safe: 450, gap_exp: -44,
            predicates: (crate::num::exact::point_point_within, crate::num::exact::point_segment_within),
            closest: crate::num::fast::closest_on_segment_none,
            closest_or: crate::num::fast::closest_on_segment_or_none,
            distance: crate::num::fast::distance_to_segment_none,
            features: crate::num::fast_f64::segment_features_f64,
            identical_features: crate::num::fast_f64::segment_features_f64,
            segment_pair: crate::num::fast_pair::segment_closest_points_none,
            segment_distance: crate::num::fast_pair::segment_distance_none,
            apart: crate::num::fast_pair::apart_none,
            no_two_points: crate::num::fast_manifold::no_two_points_none,
            cast_relative: crate::num::exact_cast::CAST_RELATIVE_F64,
            cast_layout: crate::num::ops::whole
        );
    }
}

#[cfg(test)]
mod tests {
    use super::{pow2_f32, pow2_f64};
    use crate::num::Num;

    #[test]
    fn scale_factors_are_exact_powers_of_two() {
        let mut expected = 1.0_f64;
        for e in 0..=600 {
            assert_eq!(pow2_f64(e), expected);
            assert_eq!(pow2_f64(-e), 1.0 / expected);
            expected *= 2.0;
        }
        assert_eq!(pow2_f32(100), 2.0_f32.powi(100));
        assert_eq!(pow2_f32(-100), 1.0 / 2.0_f32.powi(100));
    }

    #[test]
    fn hypot_survives_extreme_magnitudes() {
        assert_eq!(<f64 as Num>::hypot(3e-320, 4e-320), 5e-320);
        assert_eq!(<f64 as Num>::hypot(-3e300, 4e300), 5e300);
        assert_eq!(<f32 as Num>::hypot(3e-40, 4e-40), 5e-40);
        assert_eq!(<f32 as Num>::hypot(3e30, 4e30), 5e30);
        assert_eq!(<f64 as Num>::hypot(0.0, 0.0), 0.0);
        assert!(<f64 as Num>::hypot(f64::NAN, 1.0).is_nan());
    }

    #[test]
    fn normalize_is_unit_at_every_scale() {
        for &s in &[1e-320_f64, 1e-300, 1e-150, 1.0, 1e150, 1e300, 1.7e308] {
            let (x, y) = <f64 as Num>::normalize(3.0 * (s / 5.0), -4.0 * (s / 5.0)).unwrap();
            assert!((x * x + y * y - 1.0).abs() < 1e-15, "{s}: {x} {y}");
        }
        assert_eq!(<f64 as Num>::normalize(f64::NAN, 0.0), None);
        assert_eq!(<f32 as Num>::normalize(0.0, 0.0), None);
    }
}
