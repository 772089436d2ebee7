//! Numbers: the [`Scalar`] trait a number type implements, and the numerics behind it.
//!
//! [`Scalar`] is the *arithmetic* of a number type: zero, one, the four operations, a
//! negation and a square root, each a total function (it returns a value for every
//! input and never panics). That is all a user type implements. The arithmetic items are
//! associated functions without a `self` receiver, named after the words of the math
//! (`S::plus(a, b)`, `S::times`, `S::over`, …) rather than after `std::ops`, so that
//! importing [`Scalar`] makes nothing ambiguous: `a.add(b)` and `f64::add(a, b)` with
//! `std::ops::Add` in scope, or `x.min(y)` and `I16F16::min(x, y)` with `Ord`, still mean
//! what they meant.
//!
//! The *numerics* — exact predicates, error bounds, power-of-two rescaling, exact
//! 128-bit products for fixed point — are an implementation detail. The crate's own
//! scalars (`f32`, `f64`, and with feature `fixed` the `fixed` crate's signed types)
//! carry exact paths; a user scalar gets documented rounded arithmetic in its own type
//! (`docs/numerics.md`, "Your own scalar"). Those hooks are sealed: they cannot be called
//! or overridden outside the crate, so changing an error bound is not an API change.
//!
//! - `float.rs`: `Scalar` for `f32` and `f64`, rescaled lengths and exact predicates;
//! - `exact.rs`: adaptive exact predicates on `f64`: filters, and the exact paths;
//! - `expansion.rs`: error-free transformations and Shewchuk's expansions;
//! - `bigint.rs`: fixed-size exact integers, the exact predicates' path for inputs whose
//!   magnitudes are too far apart for expansions;
//! - `fast.rs`: certified fast paths: the plain algorithm where a cheap certificate
//!   shows that it meets the guarantees;
//! - `fixed.rs`: `Scalar` for `FixedI32<Frac>` and `FixedI64<Frac>`, saturating and exact;
//!   `fixed_div.rs`, its quotients, each rounded once;
//! - `ops.rs`: `Num`, the crate's own view of a `Scalar`: its arithmetic as methods and
//!   its hooks, unsealed.

use core::cmp::Ordering;
use core::fmt::Debug;

#[cfg(any(feature = "std", feature = "libm", feature = "fixed"))]
mod bigint;
#[cfg(any(feature = "std", feature = "libm", feature = "fixed"))]
pub(crate) mod exact;
#[cfg(any(feature = "std", feature = "libm"))]
pub(crate) mod exact_cast;
#[cfg(any(feature = "std", feature = "libm", feature = "fixed"))]
mod expansion;
#[cfg(any(feature = "std", feature = "libm"))]
mod fast;
#[cfg(any(feature = "std", feature = "libm"))]
mod fast_cast;
#[cfg(any(feature = "std", feature = "libm"))]
mod fast_f64;
#[cfg(feature = "fixed")]
mod fast_fixed;
#[cfg(any(feature = "std", feature = "libm"))]
mod fast_manifold;
#[cfg(any(feature = "std", feature = "libm"))]
mod fast_pair;
#[cfg(all(
    any(feature = "std", feature = "libm"),
    target_arch = "x86_64",
    target_feature = "sse2"
))]
mod fast_sse2;
#[cfg(feature = "fixed")]
mod fixed;
#[cfg(feature = "fixed")]
mod fixed_div;
#[cfg(feature = "fixed")]
mod fixed_miss;
#[cfg(any(feature = "std", feature = "libm"))]
mod float;
mod ops;
mod wide;

pub(crate) use ops::{Num, cold, earlier, provided_within_segment};
pub(crate) use sealed::{Seal, Wide};
pub use wide::{Rounded, WideOf};

/// Crate-private items behind the public traits: nameable inside the crate only, so the
/// hooks that mention them can be neither called nor overridden from outside.
pub(crate) mod sealed {
    use core::fmt::Debug;

    /// The token every numerics hook takes: only this crate can make one.
    #[derive(Clone, Copy, Debug)]
    pub struct Seal(pub(crate) ());

    /// The arithmetic of wide values (sums of products). Implemented for `f32`, `f64`,
    /// `i128` and [`Rounded`](super::Rounded); sealed.
    pub trait Wide: Copy + PartialOrd + Debug {
        /// The additive identity.
        const ZERO: Self;
        /// Whether the contact kernels inline their nearest-feature computation. Only code
        /// layout depends on it: integer kernels (fixed point) are faster inlined, float
        /// ones called out of line on the rare hit (measured in docs/benchmarks.md).
        const INLINE_NEAREST: bool = false;
        /// Whether a sum of two products of narrow values is exact (fixed point's `i128`
        /// within the safe range): its sign then needs no exact test except at zero.
        const EXACT_PRODUCTS: bool = false;
        /// `self + rhs`; saturating where the type saturates.
        fn add(self, rhs: Self) -> Self;
        /// `self − rhs`; saturating where the type saturates.
        fn sub(self, rhs: Self) -> Self;
        /// `|self|`.
        #[inline]
        fn abs(self) -> Self {
            if self < Self::ZERO {
                Self::ZERO.sub(self)
            } else {
                self
            }
        }
    }
}

/// The number type of a geometry: `f32`, `f64`, (feature `fixed`) a signed fixed-point
/// type of the `fixed` crate, or your own.
///
/// A user type implements the arithmetic: [`ZERO`](Self::ZERO), [`ONE`](Self::ONE),
/// [`plus`](Self::plus), [`minus`](Self::minus), [`times`](Self::times), [`over`](Self::over),
/// [`negated`](Self::negated), [`sqrt`](Self::sqrt), optionally
/// [`is_finite`](Self::is_finite), and names `type Wide = Rounded<Self>`. Each function
/// must be total: return a value for every input, never panic (saturate, or return an
/// infinity or NaN, as the type does). The trait deliberately does *not* require
/// `num_traits::Float`, so that fixed-point types qualify.
///
/// The functions take no `self` receiver and do not reuse the names of `std::ops`
/// (`plus`, not `add`), so that importing the trait never shadows or clashes with a type's
/// own methods and operators, in method or in path calls.
///
/// What a user scalar gets: every query, with the crate's rules (unit normals, finite
/// answers for finite inputs, the degenerate cases of `docs/semantics.md`), computed in
/// its own rounded arithmetic: yes/no answers are those of the rounded formulas (exact
/// away from ties within a few units of rounding), and lengths and points carry the
/// rounding of the textbook formulas. `f32`, `f64` and fixed point have exact
/// predicates and ulp-bounded constructions on top (`docs/numerics.md`).
///
/// # Examples
///
/// ```
/// use capsule2d::Scalar;
///
/// /// The root of `a² + b²`, for any scalar.
/// fn norm<S: Scalar>(a: S, b: S) -> S {
///     S::sqrt(S::plus(S::times(a, a), S::times(b, b)))
/// }
/// assert_eq!(norm(3.0_f32, 4.0), 5.0);
/// assert_eq!(norm(3.0_f64, 4.0), 5.0);
/// ```
///
/// A user type: see [`Rounded`].
pub trait Scalar: Copy + PartialOrd + Debug {
    /// The type products are accumulated in: [`Rounded<Self>`](Rounded) for a user type.
    type Wide: WideOf<Self>;

    /// Zero.
    const ZERO: Self;
    /// One (for a fixed type that cannot represent 1, its largest value).
    const ONE: Self;

    /// `a + b`.
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert_eq!(f64::plus(1.5, 2.0), 3.5);
    /// ```
    fn plus(a: Self, b: Self) -> Self;
    /// `a − b`.
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert_eq!(f64::minus(1.5, 2.0), -0.5);
    /// ```
    fn minus(a: Self, b: Self) -> Self;
    /// `a × b`.
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert_eq!(f64::times(1.5, 2.0), 3.0);
    /// ```
    fn times(a: Self, b: Self) -> Self;
    /// `a ÷ b`. Must not panic: division by zero gives ±infinity or NaN for the floats
    /// and the saturated extreme (or zero, for `0 ÷ 0`) for fixed point.
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert_eq!(f64::over(3.0, 2.0), 1.5);
    /// ```
    fn over(a: Self, b: Self) -> Self;
    /// `−a`.
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert_eq!(f32::negated(3.0), -3.0);
    /// ```
    fn negated(a: Self) -> Self;
    /// The square root. Must not panic: floats give NaN below zero, fixed point zero.
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert_eq!(<f64 as Scalar>::sqrt(2.25), 1.5);
    /// ```
    fn sqrt(a: Self) -> Self;
    /// Whether the value is neither infinite nor NaN. The provided body says `true`,
    /// right for types without infinities (fixed point).
    ///
    /// ```
    /// use capsule2d::Scalar;
    /// assert!(<f32 as Scalar>::is_finite(1.0));
    /// assert!(!<f32 as Scalar>::is_finite(f32::INFINITY));
    /// ```
    #[inline]
    fn is_finite(a: Self) -> bool {
        let _ = a;
        true
    }

    // The numerics hooks: sealed (they take a `Seal`), provided with rounded-arithmetic
    // bodies for user scalars, and overridden by the crate's own scalars.

    #[doc(hidden)]
    #[inline]
    fn __half(a: Self, _: Seal) -> Self {
        Self::over(a, Self::plus(Self::ONE, Self::ONE))
    }
    #[doc(hidden)]
    #[inline]
    fn __saturate(a: Self, _: Seal) -> Self {
        a
    }
    #[doc(hidden)]
    #[inline]
    fn __is_nan(a: Self, _: Seal) -> bool {
        a.partial_cmp(&a).is_none()
    }
    #[doc(hidden)]
    #[inline]
    fn __abs(a: Self, _: Seal) -> Self {
        if a < Self::ZERO { Self::negated(a) } else { a }
    }
    #[doc(hidden)]
    #[inline]
    fn __mul_wide(a: Self, b: Self, seal: Seal) -> Self::Wide {
        Self::Wide::__widen(Self::times(a, b), seal)
    }
    #[doc(hidden)]
    #[inline]
    fn __sqrt_wide(w: Self::Wide, seal: Seal) -> Self {
        if w > <Self::Wide as Wide>::ZERO {
            Self::sqrt(w.__narrow(seal))
        } else {
            Self::ZERO
        }
    }
    #[doc(hidden)]
    #[inline]
    fn __unit_ratio(num: Self::Wide, den: Self::Wide, seal: Seal) -> Self {
        if !(num > <Self::Wide as Wide>::ZERO) {
            Self::ZERO
        } else if !(num < den) {
            Self::ONE
        } else {
            let t = Self::over(num.__narrow(seal), den.__narrow(seal));
            // Rounding in a user type may step outside [0, 1].
            if !(t >= Self::ZERO) {
                Self::ZERO
            } else if t > Self::ONE {
                Self::ONE
            } else {
                t
            }
        }
    }
    #[doc(hidden)]
    #[inline]
    fn __wide_product_le(
        a: Self::Wide,
        b: Self::Wide,
        c: Self::Wide,
        d: Self::Wide,
        seal: Seal,
    ) -> bool {
        let n = |w: Self::Wide| w.__narrow(seal);
        Self::times(n(a), n(b)) <= Self::times(n(c), n(d))
    }
    #[doc(hidden)]
    #[inline]
    fn __wide_product_le_certain(
        a: Self::Wide,
        b: Self::Wide,
        c: Self::Wide,
        d: Self::Wide,
        seal: Seal,
    ) -> Option<bool> {
        let le = Self::__wide_product_le(a, b, c, d, seal);
        if le && !<Self::Wide as Wide>::EXACT_PRODUCTS {
            None
        } else {
            Some(le)
        }
    }
    #[doc(hidden)]
    #[inline]
    fn __hypot(x: Self, y: Self, seal: Seal) -> Self {
        Self::__sqrt_wide(
            Self::__mul_wide(x, x, seal).add(Self::__mul_wide(y, y, seal)),
            seal,
        )
    }
    #[doc(hidden)]
    #[inline]
    fn __normalize(x: Self, y: Self, seal: Seal) -> Option<(Self, Self)> {
        let length = Self::__hypot(x, y, seal);
        if length > Self::ZERO && Self::is_finite(length) {
            let (ux, uy) = (Self::over(x, length), Self::over(y, length));
            // A vector whose square underflowed in a user type can still give a
            // non-unit result; the crate's scalars rescale instead.
            (Self::is_finite(ux) && Self::is_finite(uy)).then_some((ux, uy))
        } else {
            None
        }
    }
    #[doc(hidden)]
    #[inline]
    fn __orient(o: [Self; 2], u: [Self; 2], v: [Self; 2], seal: Seal) -> Ordering {
        let (ux, uy) = (Self::minus(u[0], o[0]), Self::minus(u[1], o[1]));
        let (vx, vy) = (Self::minus(v[0], o[0]), Self::minus(v[1], o[1]));
        let det = Self::__mul_wide(ux, vy, seal).sub(Self::__mul_wide(uy, vx, seal));
        det.partial_cmp(&<Self::Wide as Wide>::ZERO)
            .unwrap_or(Ordering::Equal)
    }
    #[doc(hidden)]
    #[inline]
    fn __crossing_ratios(
        u: [Self; 2],
        v: [Self; 2],
        p: [Self; 2],
        q: [Self; 2],
        seal: Seal,
    ) -> (Self, Self) {
        let (vx, vy) = (Self::minus(v[0], u[0]), Self::minus(v[1], u[1]));
        let cross = |w: [Self; 2]| {
            let (wx, wy) = (Self::minus(w[0], u[0]), Self::minus(w[1], u[1]));
            Self::__mul_wide(vx, wy, seal)
                .sub(Self::__mul_wide(vy, wx, seal))
                .abs()
        };
        let (o3, o4) = (cross(p), cross(q));
        let total = o3.add(o4);
        (
            Self::__unit_ratio(o3, total, seal),
            Self::__unit_ratio(o4, total, seal),
        )
    }
    #[doc(hidden)]
    #[inline]
    fn __unit_roundoff(_: Seal) -> Self {
        Self::ZERO
    }
    #[doc(hidden)]
    #[inline]
    fn __through_point(
        start: [Self; 2],
        direction: [[Self; 2]; 2],
        c: [Self; 2],
        seal: Seal,
    ) -> Option<bool> {
        let _ = (start, direction, c, seal);
        None
    }
    #[doc(hidden)]
    #[inline]
    fn __wall_extent(
        start: [Self; 2],
        direction: [[Self; 2]; 2],
        core: [[Self; 2]; 2],
        radii: [Self; 2],
        seal: Seal,
    ) -> Option<core::cmp::Ordering> {
        let _ = (start, direction, core, radii, seal);
        None
    }
    #[doc(hidden)]
    #[inline]
    fn __wall_entry(
        start: [Self; 2],
        direction: [[Self; 2]; 2],
        a: [Self; 2],
        b: [Self; 2],
        radii: [Self; 2],
        seal: Seal,
    ) -> Option<Option<Self>> {
        let _ = (start, direction, a, b, radii, seal);
        None
    }
    #[doc(hidden)]
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn __half_chord(
        start: [Self; 2],
        direction: [[Self; 2]; 2],
        c: [Self; 2],
        radii: [Self; 2],
        discriminant: Self::Wide,
        approach: Self,
        seal: Seal,
    ) -> Option<Option<Self>> {
        let _ = (start, direction, c, radii, approach);
        Some(
            (discriminant >= <Self::Wide as Wide>::ZERO)
                .then(|| Self::__sqrt_wide(discriminant, seal)),
        )
    }
    #[doc(hidden)]
    #[inline]
    fn __within_point(p: [Self; 2], q: [Self; 2], r1: Self, r2: Self, seal: Seal) -> bool {
        if !(r1 >= Self::ZERO && r2 >= Self::ZERO) {
            return false;
        }
        let (dx, dy) = (Self::minus(p[0], q[0]), Self::minus(p[1], q[1]));
        let radius = Self::plus(r1, r2);
        Self::__mul_wide(dx, dx, seal).add(Self::__mul_wide(dy, dy, seal))
            <= Self::__mul_wide(radius, radius, seal)
    }
    #[doc(hidden)]
    #[inline]
    fn __within_segment(
        p: [Self; 2],
        a: [Self; 2],
        b: [Self; 2],
        r1: Self,
        r2: Self,
        seal: Seal,
    ) -> bool {
        provided_within_segment(p, a, b, r1, r2, seal)
    }
    /// `within_segment` asked on its own (a circle against a segment, a point against a
    /// capsule) rather than inside a larger kernel: a scalar may take a route there whose
    /// code would crowd that kernel's.
    #[doc(hidden)]
    #[inline(always)]
    fn __within_segment_alone(
        p: [Self; 2],
        a: [Self; 2],
        b: [Self; 2],
        r1: Self,
        r2: Self,
        seal: Seal,
    ) -> bool {
        Self::__within_segment(p, a, b, r1, r2, seal)
    }
    #[doc(hidden)]
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn __cast_certified(
        start: [Self; 2],
        direction: [Self; 2],
        core: [[Self; 2]; 2],
        radii: [Self; 2],
        max_time: Self,
        seal: Seal,
    ) -> Option<Option<(Self, [Self; 2], [Self; 2])>> {
        let _ = (start, direction, core, radii, max_time, seal);
        None
    }
    #[doc(hidden)]
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn __cast_cores_certified(
        x: [[Self; 2]; 2],
        y: [[Self; 2]; 2],
        radii: [Self; 2],
        motion: [Self; 2],
        seal: Seal,
    ) -> Option<Option<(Self, [Self; 2], [Self; 2])>> {
        let _ = (x, y, radii, motion, seal);
        None
    }
    #[doc(hidden)]
    #[inline(always)]
    fn __cast_layout<R, F: FnOnce() -> R, G: FnOnce() -> R>(whole: F, split: G, seal: Seal) -> R {
        let _ = (split, seal);
        whole()
    }
    #[doc(hidden)]
    #[inline(always)]
    fn __path_outlook(
        start: [Self; 2],
        direction: [Self; 2],
        max_time: Self,
        core: [[Self; 2]; 2],
        radii: [Self; 2],
        wall: bool,
        seal: Seal,
    ) -> (Option<bool>, (bool, Option<Ordering>)) {
        let _ = (start, direction, max_time, core, radii, wall, seal);
        (None, (false, None))
    }
    #[doc(hidden)]
    #[inline(always)]
    fn __next_up(a: Self, seal: Seal) -> Option<Self> {
        let _ = (a, seal);
        None
    }
    #[doc(hidden)]
    #[inline(always)]
    fn __disc_entry_after(start: [Self; 2], c: [Self; 2], r: Self, entry: Self, _: Seal) -> bool {
        let _ = (start, c, r, entry);
        false
    }
    #[doc(hidden)]
    #[inline(always)]
    fn __wall_outlook(
        start: [Self; 2],
        direction: [Self; 2],
        core: [[Self; 2]; 2],
        radius: Self,
        seal: Seal,
    ) -> (bool, Option<Ordering>) {
        let _ = (start, direction, core, radius, seal);
        (false, None)
    }
    #[doc(hidden)]
    #[inline(always)]
    fn __swept_outlook(
        x: [[Self; 2]; 2],
        motion: [Self; 2],
        y: [[Self; 2]; 2],
        radii: [Self; 2],
        seal: Seal,
    ) -> Option<bool> {
        let _ = (x, motion, y, radii, seal);
        None
    }
    #[doc(hidden)]
    #[inline(always)]
    fn __wide_over(num: Self::Wide, den: Self, seal: Seal) -> Option<Self> {
        let _ = (num, den, seal);
        None
    }
    #[doc(hidden)]
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn __project_exact(
        a: [Self; 2],
        b: [Self; 2],
        p: [Self; 2],
        seal: Seal,
    ) -> Option<([Self; 2], Self::Wide, Self::Wide, Self::Wide)> {
        let _ = (a, b, p, seal);
        None
    }
    #[doc(hidden)]
    #[inline(always)]
    fn __closest_on_segment(
        a: [Self; 2],
        b: [Self; 2],
        p: [Self; 2],
        seal: Seal,
    ) -> Option<([Self; 2], bool)> {
        let _ = (a, b, p, seal);
        None
    }
    #[doc(hidden)]
    #[inline(always)]
    fn __closest_on_segment_or<F>(
        a: [Self; 2],
        b: [Self; 2],
        p: [Self; 2],
        careful: F,
        seal: Seal,
    ) -> [Self; 2]
    where
        F: FnOnce([Self; 2], [Self; 2], [Self; 2]) -> [Self; 2],
    {
        match Self::__closest_on_segment(a, b, p, seal) {
            Some((q, true)) => q,
            _ => careful(a, b, p),
        }
    }
    #[doc(hidden)]
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn __segment_features(
        a: [Self; 2],
        b: [Self; 2],
        p: [Self; 2],
        seal: Seal,
    ) -> Option<([Self; 2], Self, [Self; 2])> {
        let _ = (a, b, p, seal);
        None
    }
    #[doc(hidden)]
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn __segment_contact(
        p: [Self; 2],
        a: [Self; 2],
        b: [Self; 2],
        r1: Self,
        r2: Self,
        seal: Seal,
    ) -> Option<Option<([Self; 2], Self, [Self; 2])>> {
        let _ = (p, a, b, r1, r2, seal);
        None
    }
    #[doc(hidden)]
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn __segment_features_identical(
        a: [Self; 2],
        b: [Self; 2],
        p: [Self; 2],
        seal: Seal,
    ) -> Option<([Self; 2], Self, [Self; 2])> {
        let _ = (a, b, p, seal);
        None
    }
    #[doc(hidden)]
    #[inline(always)]
    fn __distance_to_segment(a: [Self; 2], b: [Self; 2], p: [Self; 2], seal: Seal) -> Option<Self> {
        let _ = (a, b, p, seal);
        None
    }
    #[doc(hidden)]
    #[inline(always)]
    fn __segment_closest_points(
        xa: [Self; 2],
        xb: [Self; 2],
        ya: [Self; 2],
        yb: [Self; 2],
        seal: Seal,
    ) -> Option<([Self; 2], [Self; 2])> {
        let _ = (xa, xb, ya, yb, seal);
        None
    }
    #[doc(hidden)]
    #[inline(always)]
    fn __segment_distance(
        xa: [Self; 2],
        xb: [Self; 2],
        ya: [Self; 2],
        yb: [Self; 2],
        seal: Seal,
    ) -> Option<Self> {
        let _ = (xa, xb, ya, yb, seal);
        None
    }
    #[doc(hidden)]
    #[inline(always)]
    fn __apart(
        gap: Self,
        radii: [Self; 2],
        points: [[Self; 2]; 4],
        fast: bool,
        seal: Seal,
    ) -> bool {
        let _ = (gap, radii, points, fast, seal);
        false
    }
    #[doc(hidden)]
    #[inline(always)]
    fn __no_two_points(
        x: [[Self; 2]; 2],
        y: [[Self; 2]; 2],
        radii: [Self; 2],
        margin: Self,
        depth: Self,
        seal: Seal,
    ) -> bool {
        let _ = (x, y, radii, margin, depth, seal);
        false
    }
    #[doc(hidden)]
    #[inline]
    fn __gap_tolerance(magnitude: Self, seal: Seal) -> Self::Wide {
        Self::__mul_wide(magnitude, magnitude, seal)
    }
    #[doc(hidden)]
    #[inline]
    fn __rescale_factor(largest: Self, _: Seal) -> Self {
        let _ = largest;
        Self::ONE
    }
    #[doc(hidden)]
    #[inline]
    fn __scale_free(largest: Self, seal: Seal) -> bool {
        Self::__rescale_factor(largest, seal) == Self::ONE && Self::is_finite(largest)
    }
}

/// The one seal the crate passes to its hooks.
pub(crate) const SEAL: Seal = Seal(());

#[cfg(all(test, feature = "fixed"))]
mod fixed_hooks_at_the_extremes;
