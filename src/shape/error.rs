//! [`ShapeError`]: why a `try_new` constructor refused its input.

use crate::num::Num;
use core::fmt;

/// Why a shape's `try_new` refused its input.
///
/// The plain `new` constructors accept anything (and every query stays panic-free on
/// whatever they hold); `try_new` is for input from outside — files, the network, a
/// user — that should be checked once, up front.
///
/// # Examples
///
/// ```
/// use capsule2d::{Circle, ShapeError};
///
/// assert_eq!(Circle::try_new([0.0, 0.0], -1.0), Err(ShapeError::NegativeRadius));
/// assert_eq!(Circle::try_new([f64::NAN, 0.0], 1.0), Err(ShapeError::NonFiniteCoordinate));
/// assert_eq!(
///     ShapeError::NonFiniteRadius.to_string(),
///     "radius is NaN or infinite",
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ShapeError {
    /// A coordinate is NaN or infinite.
    NonFiniteCoordinate,
    /// The radius is NaN or infinite.
    NonFiniteRadius,
    /// The radius is below zero.
    NegativeRadius,
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::NonFiniteCoordinate => "a coordinate is NaN or infinite",
            Self::NonFiniteRadius => "radius is NaN or infinite",
            Self::NegativeRadius => "radius is negative",
        })
    }
}

impl core::error::Error for ShapeError {}

/// Checks that both coordinates of a point are finite.
pub(crate) fn check_point<V: crate::Vector2>(p: &V) -> Result<(), ShapeError> {
    if p.x().is_finite() && p.y().is_finite() {
        Ok(())
    } else {
        Err(ShapeError::NonFiniteCoordinate)
    }
}

/// Checks that a radius is finite and not negative.
pub(crate) fn check_radius<S: crate::Scalar>(radius: S) -> Result<(), ShapeError> {
    if !radius.is_finite() {
        Err(ShapeError::NonFiniteRadius)
    } else if radius < S::ZERO {
        Err(ShapeError::NegativeRadius)
    } else {
        Ok(())
    }
}
