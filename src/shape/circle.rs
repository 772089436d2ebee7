//! [`Circle`]: a centre and a radius; a point core inflated.

use crate::shape::error::{ShapeError, check_point, check_radius};
use crate::shape::{Core, Pose, Shape};
use crate::vector::{Vector2, VectorOps};

/// A closed disc: every point within `radius` of `center`.
///
/// A zero-radius circle is a point. A negative radius (possible through [`new`](Self::new),
/// refused by [`try_new`](Self::try_new)) is an empty shape: it intersects nothing.
///
/// # Examples
///
/// ```
/// use capsule2d::{Circle, Segment, Shape};
///
/// let ball = Circle::new([0.0, 0.5], 1.0);
/// let floor = Segment::new([-5.0, 0.0], [5.0, 0.0]);
/// assert!(ball.intersects(&floor));
/// let contact = ball.contact(&floor).unwrap();
/// assert_eq!(contact.offset(), [0.0, 0.5]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Circle<V, S = <V as Vector2>::Scalar> {
    /// The centre.
    pub center: V,
    /// The radius.
    pub radius: S,
}

impl<V, S> Circle<V, S> {
    /// The circle of `radius` around `center`. Accepts anything; see
    /// [`try_new`](Self::try_new).
    ///
    /// ```
    /// use capsule2d::Circle;
    /// let c = Circle::new([1.0, 2.0], 0.5);
    /// assert_eq!(c.radius, 0.5);
    /// ```
    #[inline]
    pub const fn new(center: V, radius: S) -> Self {
        Self { center, radius }
    }
}

impl<V: Vector2> Circle<V, V::Scalar> {
    /// The circle, or an error for a non-finite coordinate or a negative, NaN or infinite
    /// radius.
    ///
    /// ```
    /// use capsule2d::{Circle, ShapeError};
    /// assert!(Circle::try_new([0.0, 0.0], 0.0).is_ok());
    /// assert_eq!(Circle::try_new([0.0, 0.0], f64::NAN), Err(ShapeError::NonFiniteRadius));
    /// assert_eq!(Circle::try_new([0.0, 0.0], -0.5), Err(ShapeError::NegativeRadius));
    /// ```
    pub fn try_new(center: V, radius: V::Scalar) -> Result<Self, ShapeError> {
        check_point(&center)?;
        check_radius(radius)?;
        Ok(Self { center, radius })
    }

    /// The same circle moved by `by`.
    ///
    /// ```
    /// use capsule2d::Circle;
    /// assert_eq!(Circle::new([1.0, 1.0], 0.5).translated([1.0, -1.0]), Circle::new([2.0, 0.0], 0.5));
    /// ```
    #[inline]
    pub fn translated(&self, by: impl Into<V>) -> Self {
        Self::new(self.center.add(by.into()), self.radius)
    }

    /// The same circle placed by `pose`.
    ///
    /// ```
    /// use capsule2d::{Circle, Pose, Rotation};
    /// let pose = Pose::new(Rotation::new(0.0, 1.0), [0.0, 1.0]);
    /// assert_eq!(Circle::new([2.0, 0.0], 0.5).transformed(&pose), Circle::new([0.0, 3.0], 0.5));
    /// ```
    #[inline]
    pub fn transformed(&self, pose: &Pose<V>) -> Self {
        Self::new(pose.transform_point(self.center), self.radius)
    }
}

impl<V: Vector2> Shape<V> for Circle<V> {
    #[inline(always)]
    fn core(&self) -> Core<V> {
        Core::Point(self.center)
    }
    #[inline(always)]
    fn radius(&self) -> V::Scalar {
        self.radius
    }
}
