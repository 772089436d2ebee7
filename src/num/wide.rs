//! The wide type of a scalar ([`WideOf`]), and [`Rounded`], a user scalar's: products
//! rounded to the scalar itself.

use super::Scalar;
use super::sealed::{Seal, Wide};

/// Fixed point's wide type: its products of two values are exact.
impl Wide for i128 {
    const ZERO: Self = 0;
    const INLINE_NEAREST: bool = true;
    const EXACT_PRODUCTS: bool = true;
    #[inline]
    fn add(self, rhs: Self) -> Self {
        self.saturating_add(rhs)
    }
    #[inline]
    fn sub(self, rhs: Self) -> Self {
        self.saturating_sub(rhs)
    }
}

/// The type that products of a [`Scalar`] `S` are accumulated in: its `Scalar::Wide`.
///
/// The crate's own scalars choose it: `f32` and `f64` accumulate in themselves, the
/// fixed-point types in `i128`, where a product of two values is exact. A user scalar
/// names [`Rounded<Self>`](Rounded): products rounded to the type itself. The trait is
/// sealed; its items are the crate's business.
///
/// # Examples
///
/// ```
/// use capsule2d::num::{Rounded, WideOf};
///
/// fn accumulates_in<S, W: WideOf<S>>() {}
/// accumulates_in::<f64, f64>();
/// accumulates_in::<f32, Rounded<f32>>();
/// ```
pub trait WideOf<S>: Wide {
    /// `s` as a wide value.
    #[doc(hidden)]
    fn __widen(s: S, _: Seal) -> Self;
    /// A wide value back in the narrow type, rounded (and saturated where the type
    /// saturates).
    #[doc(hidden)]
    fn __narrow(self, _: Seal) -> S;
}

/// Products kept in the scalar type itself, rounded: the `Wide` type of a user scalar.
///
/// # Examples
///
/// ```
/// use capsule2d::num::{Rounded, Scalar};
///
/// #[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
/// struct Meters(f64);
///
/// impl Scalar for Meters {
///     type Wide = Rounded<Self>;
///     const ZERO: Self = Meters(0.0);
///     const ONE: Self = Meters(1.0);
///     fn plus(a: Self, b: Self) -> Self { Meters(a.0 + b.0) }
///     fn minus(a: Self, b: Self) -> Self { Meters(a.0 - b.0) }
///     fn times(a: Self, b: Self) -> Self { Meters(a.0 * b.0) }
///     fn over(a: Self, b: Self) -> Self { Meters(a.0 / b.0) }
///     fn negated(a: Self) -> Self { Meters(-a.0) }
///     fn sqrt(a: Self) -> Self { Meters(a.0.sqrt()) }
///     fn is_finite(a: Self) -> bool { a.0.is_finite() }
/// }
///
/// use capsule2d::{Circle, Shape};
/// let a = Circle::new([Meters(0.0), Meters(0.0)], Meters(1.0));
/// let b = Circle::new([Meters(1.5), Meters(0.0)], Meters(1.0));
/// assert!(a.intersects(&b));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd, Default, Hash)]
pub struct Rounded<S>(pub S);

impl<S: Scalar> Wide for Rounded<S> {
    const ZERO: Self = Self(S::ZERO);
    #[inline]
    fn add(self, rhs: Self) -> Self {
        Self(S::plus(self.0, rhs.0))
    }
    #[inline]
    fn sub(self, rhs: Self) -> Self {
        Self(S::minus(self.0, rhs.0))
    }
}

impl<S: Scalar> WideOf<S> for Rounded<S> {
    #[inline]
    fn __widen(s: S, _: Seal) -> Self {
        Self(s)
    }
    #[inline]
    fn __narrow(self, _: Seal) -> S {
        self.0
    }
}
