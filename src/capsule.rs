//! [`Capsule`]: a segment inflated by a radius (a stadium), and its queries.

use crate::circle::Circle;
use crate::contact::Contact;
use crate::error::{ShapeError, check_point, check_radius};
use crate::proximity;
use crate::scalar::Scalar;
use crate::segment::Segment;
use crate::vector::Vector2;

/// Every point within `radius` of the segment from `a` to `b`: a stadium.
///
/// Each query is the segment query "inflated" by the radii. A zero-radius capsule is a
/// segment; a zero-length one is a circle. A negative radius is an empty shape.
///
/// # Examples
///
/// ```
/// use capsule2d::{Capsule, Circle};
///
/// let arm = Capsule::new([0.0, 0.0], [10.0, 0.0], 1.0);
/// let obstacle = Circle::new([5.0, 2.5], 1.0);
/// assert!(!arm.intersects_circle(&obstacle));
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

    /// Whether `p` lies in the capsule: its distance to the core is at most the radius.
    ///
    /// ```
    /// use capsule2d::Capsule;
    /// let c = Capsule::new([0.0, 0.0], [4.0, 0.0], 1.0);
    /// assert!(c.contains_point([2.0, 1.0]));
    /// assert!(c.contains_point([4.6, 0.8]));
    /// assert!(!c.contains_point([4.8, 0.8]));
    /// ```
    #[inline]
    pub fn contains_point(&self, p: V) -> bool {
        proximity::within_segment(
            p,
            self.a,
            self.b,
            proximity::Radii::unchecked(self.radius, V::Scalar::ZERO),
        )
    }

    /// The contact of the capsule against a point inside it: the normal points from `p`
    /// towards the core, and `point` is `p`. Moving the capsule by the offset puts `p` on
    /// its surface. A point exactly on the core gets the core's right normal (the mirror of
    /// the left normal a circle there would get).
    ///
    /// ```
    /// use capsule2d::Capsule;
    /// let cap = Capsule::new([0.0, 0.0], [4.0, 0.0], 1.0);
    /// let c = cap.contact_point([2.0, 0.75]).unwrap();
    /// assert_eq!((c.normal, c.depth, c.point), ([0.0, -1.0], 0.25, [2.0, 0.75]));
    /// ```
    #[inline]
    pub fn contact_point(&self, p: V) -> Option<Contact<V>> {
        let radii = proximity::inflate(self.radius, V::Scalar::ZERO)?;
        proximity::point_segment(p, self.a, self.b, radii)
            .map(|core| core.flip().with_point_on_y(V::Scalar::ZERO))
    }

    /// Whether the capsule touches or overlaps the circle.
    ///
    /// ```
    /// use capsule2d::{Capsule, Circle};
    /// let cap = Capsule::new([0.0, 0.0], [4.0, 0.0], 1.0);
    /// assert!(cap.intersects_circle(&Circle::new([6.0, 0.0], 1.0)));
    /// ```
    #[inline]
    pub fn intersects_circle(&self, circle: &Circle<V>) -> bool {
        circle.intersects_capsule(self)
    }

    /// The contact of the capsule against a circle: the normal points from the circle's
    /// centre towards the core, and `point` is on the circle's boundary.
    ///
    /// ```
    /// use capsule2d::{Capsule, Circle};
    /// let cap = Capsule::new([0.0, 0.0], [4.0, 0.0], 1.0);
    /// let c = cap.contact_circle(&Circle::new([5.5, 0.0], 1.0)).unwrap();
    /// assert_eq!((c.normal, c.depth, c.point), ([-1.0, 0.0], 0.5, [4.5, 0.0]));
    /// ```
    #[inline]
    pub fn contact_circle(&self, circle: &Circle<V>) -> Option<Contact<V>> {
        let radii = proximity::inflate(self.radius, circle.radius)?;
        proximity::point_segment(circle.center, self.a, self.b, radii)
            .map(|core| core.flip().with_point_on_y(circle.radius))
    }

    /// Whether the capsule touches or overlaps the segment.
    ///
    /// ```
    /// use capsule2d::{Capsule, Segment};
    /// let cap = Capsule::new([0.0, 0.0], [4.0, 0.0], 1.0);
    /// assert!(cap.intersects_segment(&Segment::new([2.0, 1.0], [2.0, 5.0])));
    /// ```
    #[inline]
    pub fn intersects_segment(&self, segment: &Segment<V>) -> bool {
        // The same kernel, in the same order, as `contact_segment`: the two always agree.
        proximity::inflate(self.radius, V::Scalar::ZERO).is_some_and(|radii| {
            proximity::segments_within(self.a, self.b, segment.a, segment.b, radii)
        })
    }

    /// The contact of the capsule against a segment: the normal points from the segment
    /// towards the capsule, and `point` is on the segment.
    ///
    /// ```
    /// use capsule2d::{Capsule, Segment};
    /// let cap = Capsule::new([0.0, 0.5], [4.0, 0.5], 1.0);
    /// let c = cap.contact_segment(&Segment::new([-1.0, 0.0], [5.0, 0.0])).unwrap();
    /// assert_eq!((c.normal, c.depth), ([0.0, 1.0], 0.5));
    /// ```
    #[inline]
    pub fn contact_segment(&self, segment: &Segment<V>) -> Option<Contact<V>> {
        let radii = proximity::inflate(self.radius, V::Scalar::ZERO)?;
        proximity::segment_segment_contact(self.a, self.b, segment.a, segment.b, radii)
            .map(|core| core.with_point_on_y(V::Scalar::ZERO))
    }

    /// Whether two capsules touch or overlap: the segment–segment distance against the sum
    /// of the radii.
    ///
    /// ```
    /// use capsule2d::Capsule;
    /// let a = Capsule::new([0.0, 0.0], [4.0, 0.0], 1.0);
    /// assert!(a.intersects_capsule(&Capsule::new([2.0, 2.0], [2.0, 6.0], 1.0)));
    /// assert!(!a.intersects_capsule(&Capsule::new([2.0, 2.5], [2.0, 6.0], 1.0)));
    /// ```
    #[inline]
    pub fn intersects_capsule(&self, other: &Self) -> bool {
        proximity::inflate(self.radius, other.radius).is_some_and(|radii| {
            proximity::segments_within(self.a, self.b, other.a, other.b, radii)
        })
    }

    /// The contact of two capsules: the normal points from `other` towards `self`, and
    /// `point` is on `other`'s surface.
    ///
    /// When the cores cross, the normal and depth are those of the smallest translation
    /// that separates the capsules (along one core's normal), and `point` is the crossing
    /// moved out to `other`'s surface.
    ///
    /// ```
    /// use capsule2d::Capsule;
    /// let a = Capsule::new([0.0, 0.0], [4.0, 0.0], 1.0);
    /// let c = a.contact_capsule(&Capsule::new([2.0, 1.5], [2.0, 6.0], 1.0)).unwrap();
    /// assert_eq!((c.normal, c.depth, c.point), ([0.0, -1.0], 0.5, [2.0, 0.5]));
    /// ```
    #[inline]
    pub fn contact_capsule(&self, other: &Self) -> Option<Contact<V>> {
        let radii = proximity::inflate(self.radius, other.radius)?;
        proximity::segment_segment_contact(self.a, self.b, other.a, other.b, radii)
            .map(|core| core.with_point_on_y(other.radius))
    }
}
