//! [`Segment`]: the line segment from `a` to `b`, and its queries.

use crate::capsule::Capsule;
use crate::circle::Circle;
use crate::contact::Contact;
use crate::error::{ShapeError, check_point};
use crate::proximity::{self, Radii, SegmentPair};
use crate::scalar::Scalar;
use crate::vector::Vector2;
use crate::vector::wide;

/// The line segment from `a` to `b` (closed: both endpoints belong to it).
///
/// A zero-length segment (`a == b`) is a point, and every query treats it as one.
///
/// # Examples
///
/// ```
/// use capsule2d::Segment;
///
/// let s = Segment::new([0.0, 0.0], [4.0, 0.0]);
/// assert_eq!(s.closest_point([1.0, 3.0]), [1.0, 0.0]);
/// assert_eq!(s.distance_squared([6.0, 0.0]), 4.0);
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
        proximity::left_normal(self.a, self.b)
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
        proximity::project(self.a, self.b, p).t()
    }

    /// The point of the segment closest to `p`: `a + t (b − a)` with `t` from
    /// [`closest_parameter`](Self::closest_parameter); exactly `a` or `b` in the end regions.
    ///
    /// ```
    /// use capsule2d::Segment;
    /// let s = Segment::new([0.0, 0.0], [4.0, 0.0]);
    /// assert_eq!(s.closest_point([1.0, 7.0]), [1.0, 0.0]);
    /// assert_eq!(s.closest_point([9.0, 1.0]), [4.0, 0.0]);
    /// ```
    #[inline]
    pub fn closest_point(&self, p: V) -> V {
        proximity::project(self.a, self.b, p).closest
    }

    /// The squared distance from `p` to the segment, `|p − q|²` with `q` the closest point.
    ///
    /// ```
    /// use capsule2d::Segment;
    /// let s = Segment::new([0.0, 0.0], [4.0, 0.0]);
    /// assert_eq!(s.distance_squared([1.0, 3.0]), 9.0);
    /// assert_eq!(s.distance_squared([7.0, 4.0]), 25.0);
    /// ```
    #[inline]
    pub fn distance_squared(&self, p: V) -> V::Scalar {
        p.sub(self.closest_point(p)).length_squared()
    }

    /// The distance from `p` to the segment.
    ///
    /// ```
    /// use capsule2d::Segment;
    /// let s = Segment::new([0.0, 0.0], [4.0, 0.0]);
    /// assert_eq!(s.distance([7.0, 4.0]), 5.0);
    /// ```
    #[inline]
    pub fn distance(&self, p: V) -> V::Scalar {
        p.sub(self.closest_point(p)).length()
    }

    /// Whether `p` lies on the segment (its distance is zero).
    ///
    /// ```
    /// use capsule2d::Segment;
    /// let s = Segment::new([0.0, 0.0], [4.0, 2.0]);
    /// assert!(s.contains_point([2.0, 1.0]));
    /// assert!(!s.contains_point([2.0, 1.5]));
    /// ```
    #[inline]
    pub fn contains_point(&self, p: V) -> bool {
        proximity::within_segment(p, self.a, self.b, Radii::ZERO)
    }

    /// The closest points of two segments, as `(on self, on other)`.
    ///
    /// When the segments cross (or touch, or overlap collinearly) both points are the same
    /// common point. Otherwise the closest pair involves an endpoint of one segment and its
    /// projection onto the other; on a tie the earliest of `self.a, self.b, other.a,
    /// other.b` wins.
    ///
    /// ```
    /// use capsule2d::Segment;
    /// let s = Segment::new([0.0, 0.0], [4.0, 0.0]);
    /// let t = Segment::new([1.0, 1.0], [3.0, 5.0]);
    /// assert_eq!(s.closest_points(&t), ([1.0, 0.0], [1.0, 1.0]));
    /// let u = Segment::new([2.0, -1.0], [2.0, 1.0]);
    /// assert_eq!(s.closest_points(&u), ([2.0, 0.0], [2.0, 0.0]));
    /// ```
    #[inline]
    pub fn closest_points(&self, other: &Self) -> (V, V) {
        match proximity::segment_segment(self.a, self.b, other.a, other.b) {
            SegmentPair::Crossing { point } => (point, point),
            SegmentPair::Apart(apart) => apart.closest_points(),
        }
    }

    /// The squared distance between two segments; zero when they cross or touch.
    ///
    /// ```
    /// use capsule2d::Segment;
    /// let s = Segment::new([0.0, 0.0], [4.0, 0.0]);
    /// assert_eq!(s.distance_squared_to_segment(&Segment::new([5.0, 3.0], [9.0, 3.0])), 10.0);
    /// assert_eq!(s.distance_squared_to_segment(&Segment::new([1.0, -1.0], [1.0, 1.0])), 0.0);
    /// ```
    #[inline]
    pub fn distance_squared_to_segment(&self, other: &Self) -> V::Scalar {
        let (p, q) = self.closest_points(other);
        p.sub(q).length_squared()
    }

    /// The distance between two segments; zero when they cross or touch.
    ///
    /// ```
    /// use capsule2d::Segment;
    /// let s = Segment::new([0.0, 0.0], [4.0, 0.0]);
    /// assert_eq!(s.distance_to_segment(&Segment::new([7.0, 4.0], [9.0, 4.0])), 5.0);
    /// ```
    #[inline]
    pub fn distance_to_segment(&self, other: &Self) -> V::Scalar {
        let (p, q) = self.closest_points(other);
        p.sub(q).length()
    }

    /// Whether two segments share a point (cross, touch or overlap).
    ///
    /// ```
    /// use capsule2d::Segment;
    /// let s = Segment::new([0.0, 0.0], [4.0, 0.0]);
    /// assert!(s.intersects_segment(&Segment::new([4.0, 0.0], [4.0, 3.0])));
    /// assert!(!s.intersects_segment(&Segment::new([5.0, 0.0], [6.0, 0.0])));
    /// ```
    #[inline]
    pub fn intersects_segment(&self, other: &Self) -> bool {
        proximity::segments_within(self.a, self.b, other.a, other.b, Radii::ZERO)
    }

    /// Whether the circle touches or overlaps the segment; same as
    /// [`Circle::intersects_segment`].
    ///
    /// ```
    /// use capsule2d::{Circle, Segment};
    /// let s = Segment::new([0.0, 0.0], [4.0, 0.0]);
    /// assert!(s.intersects_circle(&Circle::new([2.0, 1.0], 1.0)));
    /// ```
    #[inline]
    pub fn intersects_circle(&self, circle: &Circle<V>) -> bool {
        circle.intersects_segment(self)
    }

    /// The contact of the segment against a circle: the normal points from the circle
    /// towards the segment, and `point` is on the circle's surface. The mirror image of
    /// [`Circle::contact_segment`].
    ///
    /// ```
    /// use capsule2d::{Circle, Segment};
    /// let s = Segment::new([0.0, 0.0], [4.0, 0.0]);
    /// let c = s.contact_circle(&Circle::new([2.0, 0.5], 1.0)).unwrap();
    /// assert_eq!(c.normal, [0.0, -1.0]);
    /// assert_eq!(c.depth, 0.5);
    /// assert_eq!(c.point, [2.0, -0.5]);
    /// ```
    #[inline]
    pub fn contact_circle(&self, circle: &Circle<V>) -> Option<Contact<V>> {
        let radii = proximity::inflate(V::Scalar::ZERO, circle.radius)?;
        proximity::point_segment(circle.center, self.a, self.b, radii)
            .map(|core| core.flip().with_point_on_y(circle.radius))
    }

    /// Whether the capsule touches or overlaps the segment.
    ///
    /// ```
    /// use capsule2d::{Capsule, Segment};
    /// let s = Segment::new([0.0, 0.0], [4.0, 0.0]);
    /// assert!(s.intersects_capsule(&Capsule::new([1.0, 1.0], [3.0, 1.0], 1.0)));
    /// ```
    #[inline]
    pub fn intersects_capsule(&self, capsule: &Capsule<V>) -> bool {
        proximity::inflate(V::Scalar::ZERO, capsule.radius).is_some_and(|radii| {
            proximity::segments_within(self.a, self.b, capsule.a, capsule.b, radii)
        })
    }

    /// The contact of the segment against a capsule: the normal points from the capsule
    /// towards the segment, and `point` is on the capsule's surface.
    ///
    /// ```
    /// use capsule2d::{Capsule, Segment};
    /// let s = Segment::new([0.0, 0.0], [4.0, 0.0]);
    /// let c = s.contact_capsule(&Capsule::new([1.0, 0.5], [3.0, 0.5], 1.0)).unwrap();
    /// assert_eq!(c.normal, [0.0, -1.0]);
    /// assert_eq!(c.depth, 0.5);
    /// ```
    #[inline]
    pub fn contact_capsule(&self, capsule: &Capsule<V>) -> Option<Contact<V>> {
        let radii = proximity::inflate(V::Scalar::ZERO, capsule.radius)?;
        proximity::segment_segment_contact(self.a, self.b, capsule.a, capsule.b, radii)
            .map(|core| core.with_point_on_y(capsule.radius))
    }
}
