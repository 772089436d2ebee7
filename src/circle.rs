//! [`Circle`]: a centre and a radius, and its queries against every other shape.

use crate::capsule::Capsule;
use crate::contact::Contact;
use crate::error::{ShapeError, check_point, check_radius};
use crate::proximity;
use crate::scalar::Scalar;
use crate::segment::Segment;
use crate::vector::Vector2;

/// A closed disc: every point within `radius` of `center`.
///
/// A zero-radius circle is a point. A negative radius (possible through [`new`](Self::new),
/// refused by [`try_new`](Self::try_new)) is an empty shape: it intersects nothing.
///
/// # Examples
///
/// ```
/// use capsule2d::{Circle, Segment};
///
/// let ball = Circle::new([0.0, 0.5], 1.0);
/// let floor = Segment::new([-5.0, 0.0], [5.0, 0.0]);
/// assert!(ball.intersects_segment(&floor));
/// let contact = ball.contact_segment(&floor).unwrap();
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

    /// Whether `p` lies in the closed disc: `|p − center|² ≤ r²`.
    ///
    /// ```
    /// use capsule2d::Circle;
    /// let c = Circle::new([0.0, 0.0], 5.0);
    /// assert!(c.contains_point([3.0, 4.0]));
    /// assert!(!c.contains_point([3.0, 4.5]));
    /// ```
    #[inline]
    pub fn contains_point(&self, p: V) -> bool {
        proximity::within_point(
            self.center,
            p,
            proximity::Radii::unchecked(self.radius, V::Scalar::ZERO),
        )
    }

    /// The contact of the circle against a point inside it: the normal points from `p`
    /// towards the centre, `depth = r − |center − p|`, and `point` is `p`. Moving the
    /// circle by the offset puts `p` on its boundary.
    ///
    /// ```
    /// use capsule2d::Circle;
    /// let c = Circle::new([0.0, 0.0], 2.0).contact_point([0.0, -1.5]).unwrap();
    /// assert_eq!(c.normal, [0.0, 1.0]);
    /// assert_eq!(c.depth, 0.5);
    /// ```
    #[inline]
    pub fn contact_point(&self, p: V) -> Option<Contact<V>> {
        let radii = proximity::inflate(self.radius, V::Scalar::ZERO)?;
        proximity::point_point(self.center, p, radii)
            .map(|core| core.with_point_on_y(V::Scalar::ZERO))
    }

    /// Whether two circles touch or overlap: `|c₁ − c₂|² ≤ (r₁ + r₂)²`.
    ///
    /// ```
    /// use capsule2d::Circle;
    /// let a = Circle::new([0.0, 0.0], 1.0);
    /// assert!(a.intersects_circle(&Circle::new([3.0, 0.0], 2.0)));
    /// assert!(!a.intersects_circle(&Circle::new([3.5, 0.0], 2.0)));
    /// ```
    #[inline]
    pub fn intersects_circle(&self, other: &Self) -> bool {
        proximity::within_point(
            self.center,
            other.center,
            proximity::Radii::unchecked(self.radius, other.radius),
        )
    }

    /// The contact of this circle against another: the normal points from `other`'s centre
    /// to this one (`+x` when the centres coincide), and `point` is on `other`'s boundary.
    ///
    /// ```
    /// use capsule2d::Circle;
    /// let a = Circle::new([0.0, 0.0], 1.0);
    /// let c = a.contact_circle(&Circle::new([2.5, 0.0], 2.0)).unwrap();
    /// assert_eq!(c.normal, [-1.0, 0.0]);
    /// assert_eq!(c.depth, 0.5);
    /// assert_eq!(c.point, [0.5, 0.0]);
    /// ```
    #[inline]
    pub fn contact_circle(&self, other: &Self) -> Option<Contact<V>> {
        let radii = proximity::inflate(self.radius, other.radius)?;
        proximity::point_point(self.center, other.center, radii)
            .map(|core| core.with_point_on_y(other.radius))
    }

    /// Whether the circle touches or overlaps the segment: `|c − q|² ≤ r²`, where `q` is the
    /// closest point on the segment. No square root is taken.
    ///
    /// ```
    /// use capsule2d::{Circle, Segment};
    /// let s = Segment::new([0.0, 0.0], [4.0, 0.0]);
    /// assert!(Circle::new([2.0, 1.0], 1.0).intersects_segment(&s));
    /// assert!(!Circle::new([5.0, 1.0], 1.0).intersects_segment(&s));
    /// ```
    #[inline]
    pub fn intersects_segment(&self, segment: &Segment<V>) -> bool {
        proximity::within_segment(
            self.center,
            segment.a,
            segment.b,
            proximity::Radii::unchecked(self.radius, V::Scalar::ZERO),
        )
    }

    /// The contact of the circle against a segment: the normal points from the segment
    /// towards the centre, `depth = r − |c − q|`, and `point` is `q`, the closest point on the
    /// segment. Moving the circle by [`Contact::offset`], `(r − |d|) d / |d|` with
    /// `d = c − q`, leaves it touching.
    ///
    /// A centre exactly on the segment gets the segment's left normal and depth `r`.
    ///
    /// ```
    /// use capsule2d::{Circle, Segment};
    /// let s = Segment::new([0.0, 0.0], [4.0, 0.0]);
    /// let c = Circle::new([5.0, 0.0], 1.5).contact_segment(&s).unwrap();
    /// assert_eq!((c.normal, c.depth, c.point), ([1.0, 0.0], 0.5, [4.0, 0.0]));
    /// let on = Circle::new([2.0, 0.0], 1.0).contact_segment(&s).unwrap();
    /// assert_eq!((on.normal, on.depth), ([0.0, 1.0], 1.0));
    /// ```
    #[inline]
    pub fn contact_segment(&self, segment: &Segment<V>) -> Option<Contact<V>> {
        let radii = proximity::inflate(self.radius, V::Scalar::ZERO)?;
        proximity::point_segment(self.center, segment.a, segment.b, radii)
            .map(|core| core.with_point_on_y(V::Scalar::ZERO))
    }

    /// Whether the circle touches or overlaps the capsule: the segment test with the radii
    /// added.
    ///
    /// ```
    /// use capsule2d::{Capsule, Circle};
    /// let cap = Capsule::new([0.0, 0.0], [4.0, 0.0], 1.0);
    /// assert!(Circle::new([2.0, 2.0], 1.0).intersects_capsule(&cap));
    /// assert!(!Circle::new([2.0, 2.5], 1.0).intersects_capsule(&cap));
    /// ```
    #[inline]
    pub fn intersects_capsule(&self, capsule: &Capsule<V>) -> bool {
        proximity::within_segment(
            self.center,
            capsule.a,
            capsule.b,
            proximity::Radii::unchecked(self.radius, capsule.radius),
        )
    }

    /// The contact of the circle against a capsule: the normal points from the capsule's
    /// core towards the centre, and `point` is on the capsule's surface.
    ///
    /// ```
    /// use capsule2d::{Capsule, Circle};
    /// let cap = Capsule::new([0.0, 0.0], [4.0, 0.0], 1.0);
    /// let c = Circle::new([2.0, 1.5], 1.0).contact_capsule(&cap).unwrap();
    /// assert_eq!((c.normal, c.depth, c.point), ([0.0, 1.0], 0.5, [2.0, 1.0]));
    /// ```
    #[inline]
    pub fn contact_capsule(&self, capsule: &Capsule<V>) -> Option<Contact<V>> {
        let radii = proximity::inflate(self.radius, capsule.radius)?;
        proximity::point_segment(self.center, capsule.a, capsule.b, radii)
            .map(|core| core.with_point_on_y(capsule.radius))
    }
}
