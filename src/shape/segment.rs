//! [`Segment`]: the line segment from `a` to `b`; a segment core with radius 0.

use crate::num::{Num, Scalar};
use crate::query::project;
use crate::shape::error::{ShapeError, check_point};
use crate::shape::{Core, Pose, Shape, zero};
use crate::vector::wide;
use crate::vector::{Vector2, VectorOps};

/// The line segment from `a` to `b` (closed: both endpoints belong to it).
///
/// A zero-length segment (`a == b`) is a point, and every query treats it as one.
///
/// # Examples
///
/// ```
/// use capsule2d::{Segment, Shape};
///
/// let s = Segment::new([0.0, 0.0], [4.0, 0.0]);
/// assert_eq!(s.project_point([1.0, 3.0]), [1.0, 0.0]);
/// assert_eq!(s.distance(&[6.0, 0.0]), 2.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Segment<V> {
    /// The start point.
    pub a: V,
    /// The end point.
    pub b: V,
}

impl<V> Segment<V> {
    /// The segment from `a` to `b`. Accepts anything; see [`try_new`](Self::try_new).
    ///
    /// ```
    /// use capsule2d::Segment;
    /// let s = Segment::new([0.0, 0.0], [1.0, 1.0]);
    /// assert_eq!(s.b, [1.0, 1.0]);
    /// ```
    #[inline]
    pub const fn new(a: V, b: V) -> Self {
        Self { a, b }
    }
}

impl<V: Vector2> Segment<V> {
    /// The segment from `a` to `b`, or an error if a coordinate is NaN or infinite.
    ///
    /// ```
    /// use capsule2d::{Segment, ShapeError};
    /// assert!(Segment::try_new([0.0, 0.0], [1.0, 1.0]).is_ok());
    /// assert_eq!(
    ///     Segment::try_new([0.0, f32::INFINITY], [1.0, 1.0]),
    ///     Err(ShapeError::NonFiniteCoordinate),
    /// );
    /// ```
    pub fn try_new(a: V, b: V) -> Result<Self, ShapeError> {
        check_point(&a)?;
        check_point(&b)?;
        Ok(Self { a, b })
    }

    /// The vector `b − a`.
    ///
    /// ```
    /// use capsule2d::Segment;
    /// assert_eq!(Segment::new([1.0, 1.0], [4.0, 5.0]).direction(), [3.0, 4.0]);
    /// ```
    #[inline]
    pub fn direction(&self) -> V {
        self.b.sub(self.a)
    }

    /// `|b − a|²`.
    ///
    /// ```
    /// use capsule2d::Segment;
    /// assert_eq!(Segment::new([1.0, 1.0], [4.0, 5.0]).length_squared(), 25.0);
    /// ```
    #[inline]
    pub fn length_squared(&self) -> V::Scalar {
        self.direction().length_squared()
    }

    /// `|b − a|`.
    ///
    /// ```
    /// use capsule2d::Segment;
    /// assert_eq!(Segment::new([1.0, 1.0], [4.0, 5.0]).length(), 5.0);
    /// ```
    #[inline]
    pub fn length(&self) -> V::Scalar {
        self.direction().length()
    }

    /// Whether `a == b`, so that the segment is a point.
    ///
    /// ```
    /// use capsule2d::Segment;
    /// assert!(Segment::new([1.0, 1.0], [1.0, 1.0]).is_degenerate());
    /// assert!(!Segment::new([1.0, 1.0], [1.0, 2.0]).is_degenerate());
    /// ```
    #[inline]
    pub fn is_degenerate(&self) -> bool {
        wide::coincide(self.a, self.b)
    }

    /// The point `a + t (b − a)`.
    ///
    /// ```
    /// use capsule2d::Segment;
    /// assert_eq!(Segment::new([0.0, 0.0], [4.0, 2.0]).point_at(0.25), [1.0, 0.5]);
    /// ```
    #[inline]
    pub fn point_at(&self, t: V::Scalar) -> V {
        self.a.add(self.direction().scale(t))
    }

    /// The midpoint `(a + b) / 2`.
    ///
    /// ```
    /// use capsule2d::Segment;
    /// assert_eq!(Segment::new([0.0, 0.0], [4.0, 2.0]).midpoint(), [2.0, 1.0]);
    /// ```
    #[inline]
    pub fn midpoint(&self) -> V {
        self.a.add(self.direction().scale(V::Scalar::ONE.half()))
    }

    /// The same segment from `b` to `a`.
    ///
    /// ```
    /// use capsule2d::Segment;
    /// let s = Segment::new([0.0, 0.0], [4.0, 2.0]);
    /// assert_eq!(s.reversed(), Segment::new([4.0, 2.0], [0.0, 0.0]));
    /// ```
    #[inline]
    pub fn reversed(&self) -> Self {
        Self {
            a: self.b,
            b: self.a,
        }
    }

    /// The unit left normal: `b − a` turned a quarter turn counter-clockwise and normalised.
    /// `+x` for a zero-length segment. This is the normal every contact query falls back to
    /// when a centre lies exactly on the segment.
    ///
    /// ```
    /// use capsule2d::Segment;
    /// assert_eq!(Segment::new([0.0, 0.0], [5.0, 0.0]).left_normal(), [0.0, 1.0]);
    /// assert_eq!(Segment::new([2.0, 2.0], [2.0, 2.0]).left_normal(), [1.0, 0.0]);
    /// ```
    #[inline]
    pub fn left_normal(&self) -> V {
        project::left_normal(self.a, self.b)
    }

    /// The parameter `t ∈ [0, 1]` of the point of the segment closest to `p`:
    /// `t = clamp((p − a)·(b − a) / |b − a|², 0, 1)`.
    ///
    /// The end regions are decided before dividing, so a zero-length segment gives 0, and
    /// nothing divides by zero. A NaN input gives 0.
    ///
    /// ```
    /// use capsule2d::Segment;
    /// let s = Segment::new([0.0, 0.0], [4.0, 0.0]);
    /// assert_eq!(s.closest_parameter([1.0, 7.0]), 0.25);
    /// assert_eq!(s.closest_parameter([-3.0, 1.0]), 0.0);
    /// assert_eq!(s.closest_parameter([9.0, 1.0]), 1.0);
    /// ```
    #[inline]
    pub fn closest_parameter(&self, p: V) -> V::Scalar {
        project::project(self.a, self.b, p).t()
    }

    /// The same segment moved by `by`.
    ///
    /// ```
    /// use capsule2d::Segment;
    /// let s = Segment::new([0.0, 0.0], [1.0, 0.0]).translated([0.0, 2.0]);
    /// assert_eq!(s, Segment::new([0.0, 2.0], [1.0, 2.0]));
    /// ```
    #[inline]
    pub fn translated(&self, by: impl Into<V>) -> Self {
        let by = by.into();
        Self::new(self.a.add(by), self.b.add(by))
    }

    /// The same segment placed by `pose`.
    ///
    /// ```
    /// use capsule2d::{Pose, Rotation, Segment};
    /// let pose = Pose::new(Rotation::new(0.0, -1.0), [0.0, 0.0]);
    /// let s = Segment::new([0.0, 1.0], [0.0, 2.0]).transformed(&pose);
    /// assert_eq!(s, Segment::new([1.0, 0.0], [2.0, 0.0]));
    /// ```
    #[inline]
    pub fn transformed(&self, pose: &Pose<V>) -> Self {
        Self::new(pose.transform_point(self.a), pose.transform_point(self.b))
    }
}

impl<V: Vector2> Shape<V> for Segment<V> {
    #[inline(always)]
    fn core(&self) -> Core<V> {
        Core::Segment(self.a, self.b)
    }
    #[inline(always)]
    fn radius(&self) -> V::Scalar {
        zero::<V>()
    }
}
