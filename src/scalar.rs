//! The [`Scalar`] trait: the arithmetic every algorithm in the crate is written in.
//!
//! The algorithms never use `+`, `*` or `/` on a scalar directly. They call the methods of
//! [`Scalar`], which are *total*: they never panic, for any input. Floats follow IEEE 754;
//! the fixed-point impls (feature `fixed`) saturate instead of overflowing and never divide
//! by zero. This is what lets one generic body serve f32, f64 and fixed point.
//!
//! Besides the field operations the trait has a few *numerics hooks* with provided
//! defaults ([`Scalar::hypot`], [`Scalar::normalize`], [`Scalar::unit_ratio`], the
//! [`Scalar::Wide`] products). A scalar type overrides them where it can do better:
//! the float impls scale by powers of two so that lengths neither overflow nor
//! underflow, and the fixed-point impls compute products exactly in 128 bits.

use core::cmp::Ordering;
use core::fmt::Debug;

/// A wide accumulator for products of two [`Scalar`]s.
///
/// For the floats this is the float itself. For the fixed-point types it is the raw
/// `i128` product, which holds the product of two values *exactly* and the sum of two
/// such products without overflow (saturating at the very edge of the range).
///
/// # Examples
///
/// ```
/// use capsule2d::{Scalar, Wide};
///
/// let area = Wide::add(3.0_f64.mul_wide(4.0), 1.0_f64.mul_wide(2.0));
/// assert_eq!(area, 14.0);
/// assert!(<f64 as Wide>::ZERO < area);
/// ```
pub trait Wide: Copy + PartialOrd + Debug {
    /// The additive identity.
    const ZERO: Self;
    /// `self + rhs`; saturating where the type saturates.
    ///
    /// ```
    /// use capsule2d::Wide;
    /// assert_eq!(Wide::add(2.0_f32, 3.0), 5.0);
    /// ```
    fn add(self, rhs: Self) -> Self;
    /// `self − rhs`; saturating where the type saturates.
    ///
    /// ```
    /// use capsule2d::Wide;
    /// assert_eq!(Wide::sub(2_i128, 3), -1);
    /// ```
    fn sub(self, rhs: Self) -> Self;
    /// `|self|`.
    ///
    /// ```
    /// use capsule2d::Wide;
    /// assert_eq!(Wide::abs(-2.5_f64), 2.5);
    /// ```
    fn abs(self) -> Self {
        if self < Self::ZERO {
            Self::ZERO.sub(self)
        } else {
            self
        }
    }
}

/// The number type of a geometry: `f32`, `f64` or (feature `fixed`) a signed fixed-point type.
///
/// The trait asks for what the algorithms need and no more. It deliberately does *not*
/// require `num_traits::Float`, so that fixed-point types qualify. Every method is total:
/// it returns a value for every input and never panics.
///
/// Implementing it for a new type means choosing how overflow behaves (saturate, wrap to
/// infinity, …) and how square roots are taken. The provided methods are correct for any
/// impl; override them for speed or range.
///
/// # Examples
///
/// Generic code reads like the formula it implements:
///
/// ```
/// use capsule2d::Scalar;
///
/// /// The root of `a² + b²`, for any scalar.
/// fn norm<S: Scalar>(a: S, b: S) -> S {
///     a.mul(a).add(b.mul(b)).sqrt()
/// }
/// assert_eq!(norm(3.0_f32, 4.0), 5.0);
/// assert_eq!(norm(3.0_f64, 4.0), 5.0);
/// ```
pub trait Scalar: Copy + PartialOrd + Debug {
    /// The exact (fixed point) or native (floats) type of products; see [`Wide`].
    type Wide: Wide;

    /// Zero.
    const ZERO: Self;
    /// One (for a fixed type that cannot represent 1, its largest value).
    const ONE: Self;

    /// `self + rhs`.
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert_eq!(Scalar::add(1.5_f64, 2.0), 3.5);
    /// ```
    fn add(self, rhs: Self) -> Self;
    /// `self − rhs`.
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert_eq!(Scalar::sub(1.5_f64, 2.0), -0.5);
    /// ```
    fn sub(self, rhs: Self) -> Self;
    /// `self × rhs`.
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert_eq!(Scalar::mul(1.5_f64, 2.0), 3.0);
    /// ```
    fn mul(self, rhs: Self) -> Self;
    /// `self ÷ rhs`. Never panics: division by zero gives ±infinity or NaN for the floats
    /// and the saturated extreme (or zero, for `0 ÷ 0`) for fixed point.
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert_eq!(Scalar::div(3.0_f64, 2.0), 1.5);
    /// ```
    fn div(self, rhs: Self) -> Self;
    /// `−self`.
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert_eq!(Scalar::neg(3.0_f32), -3.0);
    /// ```
    fn neg(self) -> Self;
    /// `self ÷ 2`, exactly where the type allows.
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert_eq!(Scalar::half(3.0_f32), 1.5);
    /// ```
    fn half(self) -> Self;
    /// The square root. Floats follow IEEE 754 (correctly rounded; NaN below zero);
    /// fixed point returns zero for a negative input rather than panicking.
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert_eq!(Scalar::sqrt(2.25_f64), 1.5);
    /// ```
    fn sqrt(self) -> Self;

    /// Whether the value is neither infinite nor NaN. Always true for fixed point.
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert!(Scalar::is_finite(1.0_f32));
    /// assert!(!Scalar::is_finite(f32::INFINITY));
    /// ```
    fn is_finite(self) -> bool {
        true
    }

    /// An overflowed value brought back into range: `±∞` becomes the largest finite value
    /// of the same sign; everything else (NaN included) is unchanged. The provided body
    /// is the identity, right for types that saturate already (fixed point).
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert_eq!(Scalar::saturate(f32::INFINITY), f32::MAX);
    /// assert_eq!(Scalar::saturate(f64::NEG_INFINITY), f64::MIN);
    /// assert_eq!(Scalar::saturate(2.5_f64), 2.5);
    /// ```
    fn saturate(self) -> Self {
        self
    }

    /// Whether the value is NaN (unordered with itself).
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert!(Scalar::is_nan(f64::NAN));
    /// assert!(!Scalar::is_nan(0.0_f64));
    /// ```
    fn is_nan(self) -> bool {
        self.partial_cmp(&self).is_none()
    }

    /// `|self|`.
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert_eq!(Scalar::abs(-2.0_f64), 2.0);
    /// ```
    fn abs(self) -> Self {
        if self < Self::ZERO { self.neg() } else { self }
    }

    /// The smaller of two values; `self` when they are unordered (NaN) or equal. The float
    /// impls keep this body: `f64::min` leaves the sign of `min(−0, +0)` unspecified, which
    /// would break bit-for-bit determinism.
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert_eq!(Scalar::min(2.0_f64, 1.0), 1.0);
    /// ```
    fn min(self, rhs: Self) -> Self {
        if rhs < self { rhs } else { self }
    }

    /// The larger of two values; `self` when they are unordered (NaN) or equal. The float
    /// impls keep this body, for determinism (see [`Scalar::min`]).
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert_eq!(Scalar::max(2.0_f64, 1.0), 2.0);
    /// ```
    fn max(self, rhs: Self) -> Self {
        if rhs > self { rhs } else { self }
    }

    /// The product `self × rhs` in the wide type: exact for fixed point.
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert_eq!(Scalar::mul_wide(1.5_f64, 2.0), 3.0);
    /// ```
    fn mul_wide(self, rhs: Self) -> Self::Wide;

    /// The square root of a wide value (a sum of products), back in the narrow type:
    /// `sqrt_wide(x.mul_wide(x)) == |x|`. Zero for a negative input.
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert_eq!(f64::sqrt_wide(6.25), 2.5);
    /// ```
    fn sqrt_wide(w: Self::Wide) -> Self;

    /// `num ÷ den` clamped to `[0, 1]`, for wide values: a parameter along a segment.
    ///
    /// Returns 0 when `num ≤ 0` (or either is NaN) and 1 when `num ≥ den`, so it never
    /// divides by zero.
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert_eq!(f64::unit_ratio(1.0, 4.0), 0.25);
    /// assert_eq!(f64::unit_ratio(5.0, 4.0), 1.0);
    /// assert_eq!(f64::unit_ratio(1.0, 0.0), 1.0);
    /// assert_eq!(f64::unit_ratio(-1.0, 4.0), 0.0);
    /// ```
    fn unit_ratio(num: Self::Wide, den: Self::Wide) -> Self;

    /// Whether `a × b ≤ c × d`, for non-negative wide values. Exact for fixed point
    /// (256-bit products); the float impls compare rounded products.
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert!(f64::wide_product_le(2.0, 3.0, 3.0, 2.0));
    /// assert!(!f64::wide_product_le(2.0, 3.5, 3.0, 2.0));
    /// ```
    fn wide_product_le(a: Self::Wide, b: Self::Wide, c: Self::Wide, d: Self::Wide) -> bool;

    /// `√(x² + y²)`, the length of a vector.
    ///
    /// The provided body squares in the wide type. The float impls override it so that it
    /// neither overflows nor underflows for any finite input.
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert_eq!(f64::hypot(3.0, 4.0), 5.0);
    /// assert_eq!(f64::hypot(3e300, 4e300), 5e300);
    /// ```
    fn hypot(x: Self, y: Self) -> Self {
        Self::sqrt_wide(x.mul_wide(x).add(y.mul_wide(y)))
    }

    /// The unit vector along `(x, y)`, or `None` for the zero vector (and for NaN).
    ///
    /// The impls keep full relative precision for tiny and huge vectors alike.
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert_eq!(f64::normalize(0.0, -2.0), Some((0.0, -1.0)));
    /// assert_eq!(f64::normalize(1e-310, 0.0), Some((1.0, 0.0)));
    /// assert_eq!(f64::normalize(0.0, 0.0), None);
    /// ```
    fn normalize(x: Self, y: Self) -> Option<(Self, Self)> {
        let length = Self::hypot(x, y);
        if length > Self::ZERO {
            Some((x.div(length), y.div(length)))
        } else {
            None
        }
    }

    /// The sign of the cross product `(u − o) × (v − o)`: `Greater` when `o → u → v` turns
    /// counter-clockwise, `Equal` when the three points are collinear (and for NaN).
    ///
    /// Exact for every impl in this crate: the provided body uses exact wide products
    /// (fixed point), and the float impls use an adaptive exact predicate.
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// use core::cmp::Ordering;
    /// assert_eq!(f64::orient([0.0, 0.0], [1.0, 0.0], [0.0, 1.0]), Ordering::Greater);
    /// // 0.1 + 0.2 != 0.3 in floats, and the predicate knows it.
    /// assert_eq!(f64::orient([0.0, 0.0], [0.1, 0.2], [0.3, 0.6]), Ordering::Equal);
    /// ```
    fn orient(o: [Self; 2], u: [Self; 2], v: [Self; 2]) -> Ordering {
        let (ux, uy) = (u[0].sub(o[0]), u[1].sub(o[1]));
        let (vx, vy) = (v[0].sub(o[0]), v[1].sub(o[1]));
        let det = ux.mul_wide(vy).sub(uy.mul_wide(vx));
        det.partial_cmp(&<Self::Wide as Wide>::ZERO)
            .unwrap_or(Ordering::Equal)
    }

    /// Where segment `pq` crosses the line through `u` and `v`: the parameter
    /// `t = o₃ / (o₃ − o₄)` along `pq`, with `o₃ = (v − u) × (p − u)` and
    /// `o₄ = (v − u) × (q − u)` (of opposite signs, or one of them zero, for crossing
    /// segments), in `[0, 1]`; 0 when both are zero.
    ///
    /// The provided body uses the wide cross products, exact for fixed point. The float
    /// impls stay accurate for nearly parallel segments too, where rounded cross products
    /// lose every digit: they fall back to exact ones there.
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// // The segment from (0, −1) to (0, 3) crosses the x axis a quarter of the way along.
    /// assert_eq!(f64::crossing_ratio([-1.0, 0.0], [1.0, 0.0], [0.0, -1.0], [0.0, 3.0]), 0.25);
    /// ```
    fn crossing_ratio(u: [Self; 2], v: [Self; 2], p: [Self; 2], q: [Self; 2]) -> Self {
        let (vx, vy) = (v[0].sub(u[0]), v[1].sub(u[1]));
        let cross = |w: [Self; 2]| {
            let (wx, wy) = (w[0].sub(u[0]), w[1].sub(u[1]));
            vx.mul_wide(wy).sub(vy.mul_wide(wx)).abs()
        };
        let (o3, o4) = (cross(p), cross(q));
        Self::unit_ratio(o3, o3.add(o4))
    }

    /// Whether `|p − q| ≤ r₁ + r₂`: the decision behind every point–point query.
    /// False when either radius is negative, and for NaN.
    ///
    /// Exact for every impl in this crate (the radii are added exactly, too).
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert!(f64::within_point([3.0, 4.0], [0.0, 0.0], 2.0, 3.0));
    /// assert!(!f64::within_point([3.0, 4.0], [0.0, 0.0], 2.0, 2.999));
    /// ```
    fn within_point(p: [Self; 2], q: [Self; 2], r1: Self, r2: Self) -> bool {
        if !(r1 >= Self::ZERO && r2 >= Self::ZERO) {
            return false;
        }
        let (dx, dy) = (p[0].sub(q[0]), p[1].sub(q[1]));
        let radius = r1.add(r2);
        dx.mul_wide(dx).add(dy.mul_wide(dy)) <= radius.mul_wide(radius)
    }

    /// Whether the distance from `p` to the segment `ab` is at most `r₁ + r₂`: the decision
    /// behind every point–segment query. False when either radius is negative, and for NaN.
    ///
    /// The end regions are decided first, by the signs of `(p − a)·(b − a)` and
    /// `(p − b)·(a − b)`; in the interior the test is `((b − a) × (p − a))² ≤ r² |b − a|²`.
    /// Exact for every impl in this crate.
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert!(f64::within_segment([2.0, 1.0], [0.0, 0.0], [4.0, 0.0], 0.5, 0.5));
    /// assert!(!f64::within_segment([5.0, 1.0], [0.0, 0.0], [4.0, 0.0], 0.5, 0.5));
    /// ```
    fn within_segment(p: [Self; 2], a: [Self; 2], b: [Self; 2], r1: Self, r2: Self) -> bool {
        if !(r1 >= Self::ZERO && r2 >= Self::ZERO) {
            return false;
        }
        let (vx, vy) = (b[0].sub(a[0]), b[1].sub(a[1]));
        let (wx, wy) = (p[0].sub(a[0]), p[1].sub(a[1]));
        let along = wx.mul_wide(vx).add(wy.mul_wide(vy));
        if !(along > <Self::Wide as Wide>::ZERO) {
            return Self::within_point(p, a, r1, r2);
        }
        let length_sq = vx.mul_wide(vx).add(vy.mul_wide(vy));
        if !(along < length_sq) {
            return Self::within_point(p, b, r1, r2);
        }
        let cross = vx.mul_wide(wy).sub(vy.mul_wide(wx)).abs();
        let radius = r1.add(r2);
        Self::wide_product_le(cross, cross, radius.mul_wide(radius), length_sq)
    }

    /// A bound on the rounding error of the wide values a segment pair forms in its local
    /// frame — squared gaps between a point and its computed projection onto a segment, and
    /// cross products — when every coordinate difference involved is at most `magnitude`
    /// in absolute value.
    ///
    /// Segment-pair queries use it to skip exact tests that cannot change the answer.
    /// The provided body returns `magnitude²`, which is always safe (it only costs time);
    /// the float impls return `2^9 ε · magnitude²` (`2^-44` for `f64`, `2^-15` for `f32`),
    /// and the fixed-point impls a few units of the last place times `magnitude`.
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert!(f64::gap_tolerance(1.0) < 1e-12);
    /// ```
    fn gap_tolerance(magnitude: Self) -> Self::Wide {
        magnitude.mul_wide(magnitude)
    }

    /// A power of two `k` such that vectors whose largest component (in absolute value) is
    /// `largest`, multiplied by `k`, can be squared and multiplied without overflow or
    /// underflow; `ONE` when no scaling is needed. Queries scale by it (exactly) before
    /// forming dot products.
    ///
    /// The provided body returns `ONE`: wide products do not overflow (fixed point).
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert_eq!(f64::rescale_factor(3.0), 1.0);
    /// assert_eq!(f64::rescale_factor(1e300), 2.0_f64.powi(-996));
    /// ```
    fn rescale_factor(largest: Self) -> Self {
        let _ = largest;
        Self::ONE
    }

    /// The largest absolute value among `values` (0 for an empty list; NaN entries may be
    /// skipped).
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert_eq!(f64::largest_magnitude([1.0, -3.0, 2.0]), 3.0);
    /// ```
    fn largest_magnitude<const N: usize>(values: [Self; N]) -> Self {
        values.iter().fold(Self::ZERO, |m, v| m.max(v.abs()))
    }
}

impl Wide for i128 {
    const ZERO: Self = 0;
    fn add(self, rhs: Self) -> Self {
        self.saturating_add(rhs)
    }
    fn sub(self, rhs: Self) -> Self {
        self.saturating_sub(rhs)
    }
}

#[cfg(any(feature = "std", feature = "libm"))]
macro_rules! float_scalar {
    (
        $t:ident, $sqrt:expr, $pow2:ident, $bits:ty, $mantissa:expr, $bias:expr,
        fast_floor: $fast_floor:expr, down: $down:expr, up: $up:expr,
        safe: $safe_exp:expr, gap_exp: $gap_exp:expr,
        predicates: ($point_within:path, $segment_within:path)
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
        }

        impl Scalar for $t {
            type Wide = $t;
            const ZERO: Self = 0.0;
            const ONE: Self = 1.0;

            #[inline]
            fn add(self, rhs: Self) -> Self {
                self + rhs
            }
            #[inline]
            fn sub(self, rhs: Self) -> Self {
                self - rhs
            }
            #[inline]
            fn mul(self, rhs: Self) -> Self {
                self * rhs
            }
            #[inline]
            fn div(self, rhs: Self) -> Self {
                self / rhs
            }
            #[inline]
            fn neg(self) -> Self {
                -self
            }
            #[inline]
            fn half(self) -> Self {
                self * 0.5
            }
            #[inline]
            fn sqrt(self) -> Self {
                $sqrt(self)
            }
            #[inline]
            fn is_finite(self) -> bool {
                $t::is_finite(self)
            }
            #[inline]
            fn saturate(self) -> Self {
                if self == $t::INFINITY {
                    $t::MAX
                } else if self == $t::NEG_INFINITY {
                    $t::MIN
                } else {
                    self
                }
            }
            #[inline]
            fn is_nan(self) -> bool {
                $t::is_nan(self)
            }
            #[inline]
            fn abs(self) -> Self {
                $t::abs(self)
            }

            #[inline]
            fn mul_wide(self, rhs: Self) -> Self {
                self * rhs
            }
            #[inline]
            fn sqrt_wide(w: Self) -> Self {
                $sqrt(w)
            }
            #[inline]
            fn unit_ratio(num: Self, den: Self) -> Self {
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
            fn wide_product_le(a: Self, b: Self, c: Self, d: Self) -> bool {
                a * b <= c * d
            }
            #[inline]
            fn hypot(x: Self, y: Self) -> Self {
                let squared = x * x + y * y;
                if squared > $fast_floor && squared <= $t::MAX {
                    $sqrt(squared)
                } else {
                    let (x, y, unscale) = rescaled(x, y);
                    $sqrt(x * x + y * y) * unscale
                }
            }
            #[inline]
            fn normalize(x: Self, y: Self) -> Option<(Self, Self)> {
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
            fn orient(o: [Self; 2], u: [Self; 2], v: [Self; 2]) -> Ordering {
                crate::exact::orient(o.map(f64::from), u.map(f64::from), v.map(f64::from))
            }
            #[inline]
            fn crossing_ratio(u: [Self; 2], v: [Self; 2], p: [Self; 2], q: [Self; 2]) -> Self {
                let t = crate::exact::crossing_ratio(
                    u.map(f64::from),
                    v.map(f64::from),
                    p.map(f64::from),
                    q.map(f64::from),
                );
                // Rounded to the type (f32), which keeps it in [0, 1].
                t as $t
            }
            #[inline(always)]
            fn within_point(p: [Self; 2], q: [Self; 2], r1: Self, r2: Self) -> bool {
                $point_within(p, q, r1, r2)
            }
            #[inline(always)]
            fn within_segment(
                p: [Self; 2],
                a: [Self; 2],
                b: [Self; 2],
                r1: Self,
                r2: Self,
            ) -> bool {
                $segment_within(p, a, b, r1, r2)
            }
            #[inline]
            fn gap_tolerance(magnitude: Self) -> Self {
                // 2^9 ε: far above the few-ulp rounding (a few ε · magnitude²) of the
                // differences, the projection and the products. `ε` is the type's own:
                // 2^-53 for f64, 2^-24 for f32.
                magnitude * magnitude * $pow2($gap_exp) + $t::MIN_POSITIVE
            }
            #[inline]
            fn rescale_factor(largest: Self) -> Self {
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
            let largest = $t::abs(x).max($t::abs(y));
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
#[cfg(any(feature = "std", feature = "libm"))]
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
#[cfg(any(feature = "std", feature = "libm"))]
const fn pow2_f64(e: i32) -> f64 {
    let e = if e < -1022 {
        -1022
    } else if e > 1023 {
        1023
    } else {
        e
    };
    f64::from_bits(((1023 + e) as u64) << 52)
}

#[cfg(feature = "std")]
mod float_impls {
    use super::{Ordering, Scalar, Wide};
    mod single {
        use super::super::pow2_f32;
        use super::{Ordering, Scalar, Wide};
        float_scalar!(
            f32, f32::sqrt, pow2_f32, u32, 23, 127,
            fast_floor: pow2_f32(-100), down: pow2_f32(-80), up: pow2_f32(100), safe: 50, gap_exp: -15,
            predicates: (crate::exact::point_point_within_f32, crate::exact::point_segment_within_f32)
        );
    }
    mod double {
        use super::super::pow2_f64;
        use super::{Ordering, Scalar, Wide};
        float_scalar!(
            f64, f64::sqrt, pow2_f64, u64, 52, 1023,
            fast_floor: pow2_f64(-900), down: pow2_f64(-600), up: pow2_f64(600), safe: 450, gap_exp: -44,
            predicates: (crate::exact::point_point_within, crate::exact::point_segment_within)
        );
    }
}

#[cfg(all(not(feature = "std"), feature = "libm"))]
mod float_impls {
    use super::{Ordering, Scalar, Wide};
    mod single {
        use super::super::pow2_f32;
        use super::{Ordering, Scalar, Wide};
        float_scalar!(
            f32, libm::sqrtf, pow2_f32, u32, 23, 127,
            fast_floor: pow2_f32(-100), down: pow2_f32(-80), up: pow2_f32(100), safe: 50, gap_exp: -15,
            predicates: (crate::exact::point_point_within_f32, crate::exact::point_segment_within_f32)
        );
    }
    mod double {
        use super::super::pow2_f64;
        use super::{Ordering, Scalar, Wide};
        float_scalar!(
            f64, libm::sqrt, pow2_f64, u64, 52, 1023,
            fast_floor: pow2_f64(-900), down: pow2_f64(-600), up: pow2_f64(600), safe: 450, gap_exp: -44,
            predicates: (crate::exact::point_point_within, crate::exact::point_segment_within)
        );
    }
}

#[cfg(all(test, any(feature = "std", feature = "libm")))]
mod tests {
    use super::{Scalar, pow2_f32, pow2_f64};

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
        assert_eq!(f64::hypot(3e-320, 4e-320), 5e-320);
        assert_eq!(f64::hypot(-3e300, 4e300), 5e300);
        assert_eq!(f32::hypot(3e-40, 4e-40), 5e-40);
        assert_eq!(f32::hypot(3e30, 4e30), 5e30);
        assert_eq!(f64::hypot(0.0, 0.0), 0.0);
        assert!(f64::hypot(f64::NAN, 1.0).is_nan());
    }

    #[test]
    fn normalize_is_unit_at_every_scale() {
        for &s in &[1e-320_f64, 1e-300, 1e-150, 1.0, 1e150, 1e300, 1.7e308] {
            let (x, y) = f64::normalize(3.0 * (s / 5.0), -4.0 * (s / 5.0)).unwrap();
            assert!((x * x + y * y - 1.0).abs() < 1e-15, "{s}: {x} {y}");
        }
        assert_eq!(f64::normalize(f64::NAN, 0.0), None);
        assert_eq!(f32::normalize(0.0, 0.0), None);
    }
}
