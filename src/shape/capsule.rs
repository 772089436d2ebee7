//! [`Capsule`]: a segment inflated by a radius (a stadium).

use crate::shape::error::{ShapeError, check_point, check_radius};
use crate::shape::{Core, Pose, Segment, Shape};
use crate::vector::{Vector2, VectorOps};

/// Every point within `radius` of the segment from `a` to `b`: a stadium.
///
/// Each query is the segment query "inflated" by the radii. A zero-radius capsule is a
/// segment; a zero-length one is a circle. A negative radius is an empty shape.
///
/// # Examples
///
/// ```
/// use capsule2d::{Capsule, Circle, Shape};
///
/// let arm = Capsule::new([0.0, 0.0], [10.0, 0.0], 1.0);
/// let obstacle = Circle::new([5.0, 2.5], 1.0);
/// assert!(!arm.intersects(&obstacle));
/// assert!(arm.contains_point([10.5, 0.5]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Capsule<V, S = <V as Vector2>::Scalar> {
    /// The start of the core segment.
    pub a: V,
    /// The end of the core segment.
    pub b: V,
    /// The radius around the core.
    pub radius: S,
}

impl<V, S> Capsule<V, S> {
    /// The capsule of `radius` around the segment from `a` to `b`. Accepts anything; see
    /// [`try_new`](Self::try_new).
    ///
    /// ```
    /// use capsule2d::Capsule;
    /// let c = Capsule::new([0.0, 0.0], [1.0, 0.0], 0.25);
    /// assert_eq!(c.radius, 0.25);
    /// ```
    #[inline]
    pub const fn new(a: V, b: V, radius: S) -> Self {
        Self { a, b, radius }
    }
}

impl<V: Vector2> Capsule<V, V::Scalar> {
    /// The capsule, or an error for a non-finite coordinate or a negative, NaN or infinite
    /// radius.
    ///
    /// ```
    /// use capsule2d::{Capsule, ShapeError};
    /// assert!(Capsule::try_new([0.0, 0.0], [1.0, 0.0], 0.5).is_ok());
    /// assert_eq!(
    ///     Capsule::try_new([0.0, 0.0], [1.0, 0.0], -0.5),
    ///     Err(ShapeError::NegativeRadius),
    /// );
    /// ```
    pub fn try_new(a: V, b: V, radius: V::Scalar) -> Result<Self, ShapeError> {
        check_point(&a)?;
        check_point(&b)?;
        check_radius(radius)?;
        Ok(Self { a, b, radius })
    }

    /// The capsule of `radius` around `segment`.
    ///
    /// ```
    /// use capsule2d::{Capsule, Segment};
    /// let c = Capsule::from_segment(Segment::new([0.0, 0.0], [1.0, 0.0]), 0.5);
    /// assert_eq!(c, Capsule::new([0.0, 0.0], [1.0, 0.0], 0.5));
    /// ```
    #[inline]
    pub fn from_segment(segment: Segment<V>, radius: V::Scalar) -> Self {
        Self {
            a: segment.a,
            b: segment.b,
            radius,
        }
    }

    /// The core segment.
    ///
    /// ```
    /// use capsule2d::{Capsule, Segment};
    /// let c = Capsule::new([0.0, 0.0], [1.0, 0.0], 0.5);
    /// assert_eq!(c.segment(), Segment::new([0.0, 0.0], [1.0, 0.0]));
    /// ```
    #[inline]
    pub fn segment(&self) -> Segment<V> {
        Segment {
            a: self.a,
            b: self.b,
        }
    }

    /// The same capsule moved by `by`.
    ///
    /// ```
    /// use capsule2d::Capsule;
    /// let c = Capsule::new([0.0, 0.0], [1.0, 0.0], 0.5).translated([0.0, 2.0]);
    /// assert_eq!(c, Capsule::new([0.0, 2.0], [1.0, 2.0], 0.5));
    /// ```
    #[inline]
    pub fn translated(&self, by: impl Into<V>) -> Self {
        let by = by.into();
        Self::new(self.a.add(by), self.b.add(by), self.radius)
    }

    /// The same capsule placed by `pose`.
    ///
    /// ```
    /// use capsule2d::{Capsule, Pose, Rotation};
    /// let pose = Pose::new(Rotation::new(-1.0, 0.0), [0.0, 0.0]);
    /// let c = Capsule::new([1.0, 0.0], [2.0, 0.0], 0.5).transformed(&pose);
    /// assert_eq!(c, Capsule::new([-1.0, 0.0], [-2.0, 0.0], 0.5));
    /// ```
    #[inline]
    pub fn transformed(&self, pose: &Pose<V>) -> Self {
        Self::new(
            pose.transform_point(self.a),
            pose.transform_point(self.b),
            self.radius,
        )
    }
}

impl<V: Vector2> Shape<V> for Capsule<V> {
    #[inline(always)]
    fn core(&self) -> Core<V> {
        Core::Segment(self.a, self.b)
    }
    #[inline(always)]
    fn radius(&self) -> V::Scalar {
        self.radius
    }
}
