//! [`Aabb`]: axis-aligned bounding boxes, for broad phases.

use crate::num::{Num, Scalar};
use crate::shape::Core;
use crate::vector::{Vector2, VectorOps};

/// An axis-aligned box: the points with `min.x ≤ x ≤ max.x` and `min.y ≤ y ≤ max.y`.
///
/// [`Shape::aabb`](crate::Shape::aabb) gives the box around any shape. The tests are
/// closed (boxes that share an edge intersect) and exact: they compare coordinates, never
/// round. Growth saturates at the largest finite value, so a box around finite shapes has
/// finite corners.
///
/// # Examples
///
/// A broad phase keeps the pairs whose boxes overlap, and hands only those to the exact
/// queries:
///
/// ```
/// use capsule2d::{Circle, Shape};
///
/// let balls = [
///     Circle::new([0.0, 0.0], 1.0),
///     Circle::new([1.5, 0.0], 1.0),
///     Circle::new([9.0, 0.0], 1.0),
/// ];
/// let mut touching = Vec::new();
/// for i in 0..balls.len() {
///     for j in i + 1..balls.len() {
///         if balls[i].aabb().intersects(&balls[j].aabb()) && balls[i].intersects(&balls[j]) {
///             touching.push((i, j));
///         }
///     }
/// }
/// assert_eq!(touching, [(0, 1)]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Aabb<V> {
    /// The corner with the smallest coordinates.
    pub min: V,
    /// The corner with the largest coordinates.
    pub max: V,
}

impl<V> Aabb<V> {
    /// The box with corners `min` and `max` (taken as given: a box with `min > max` on an
    /// axis is empty, and intersects and contains nothing).
    ///
    /// ```
    /// use capsule2d::Aabb;
    /// let b = Aabb::new([0.0, 0.0], [2.0, 1.0]);
    /// assert_eq!(b.max, [2.0, 1.0]);
    /// ```
    #[inline]
    pub const fn new(min: V, max: V) -> Self {
        Self { min, max }
    }
}

impl<V: Vector2> Aabb<V> {
    /// The smallest box holding both points, in any order.
    ///
    /// ```
    /// use capsule2d::Aabb;
    /// assert_eq!(Aabb::from_corners([2.0, 0.0], [0.0, 1.0]), Aabb::new([0.0, 0.0], [2.0, 1.0]));
    /// ```
    #[inline]
    pub fn from_corners(p: V, q: V) -> Self {
        Self {
            min: V::new(p.x().min(q.x()), p.y().min(q.y())),
            max: V::new(p.x().max(q.x()), p.y().max(q.y())),
        }
    }

    /// The box around a core inflated by `radius` (the core's own box for a negative or
    /// NaN radius, an empty shape).
    #[inline]
    pub(crate) fn around(core: Core<V>, radius: V::Scalar) -> Self {
        let boxed = match core {
            Core::Point(c) => Self { min: c, max: c },
            Core::Segment(a, b) => Self::from_corners(a, b),
        };
        // `ZERO.max(NaN)` is zero.
        boxed.expanded(V::Scalar::ZERO.max(radius))
    }

    /// Whether the two boxes share at least one point (touching edges count).
    ///
    /// ```
    /// use capsule2d::Aabb;
    /// let a = Aabb::new([0.0, 0.0], [1.0, 1.0]);
    /// assert!(a.intersects(&Aabb::new([1.0, 0.5], [2.0, 2.0])));
    /// assert!(!a.intersects(&Aabb::new([1.5, 0.5], [2.0, 2.0])));
    /// ```
    #[inline]
    pub fn intersects(&self, other: &Self) -> bool {
        self.min.x() <= other.max.x()
            && other.min.x() <= self.max.x()
            && self.min.y() <= other.max.y()
            && other.min.y() <= self.max.y()
    }

    /// Whether `other` lies entirely inside this box (edges included).
    ///
    /// ```
    /// use capsule2d::Aabb;
    /// let a = Aabb::new([0.0, 0.0], [4.0, 4.0]);
    /// assert!(a.contains(&Aabb::new([1.0, 1.0], [4.0, 2.0])));
    /// assert!(!a.contains(&Aabb::new([1.0, 1.0], [5.0, 2.0])));
    /// ```
    #[inline]
    pub fn contains(&self, other: &Self) -> bool {
        self.min.x() <= other.min.x()
            && self.min.y() <= other.min.y()
            && other.max.x() <= self.max.x()
            && other.max.y() <= self.max.y()
    }

    /// Whether the point `p` lies in the box (edges included).
    ///
    /// ```
    /// use capsule2d::Aabb;
    /// let a = Aabb::new([0.0, 0.0], [4.0, 4.0]);
    /// assert!(a.contains_point([4.0, 0.0]));
    /// assert!(!a.contains_point([4.5, 0.0]));
    /// ```
    #[inline]
    pub fn contains_point(&self, p: V) -> bool {
        self.min.x() <= p.x()
            && p.x() <= self.max.x()
            && self.min.y() <= p.y()
            && p.y() <= self.max.y()
    }

    /// The smallest box holding both boxes.
    ///
    /// ```
    /// use capsule2d::Aabb;
    /// let a = Aabb::new([0.0, 0.0], [1.0, 1.0]).merge(&Aabb::new([3.0, -1.0], [4.0, 0.0]));
    /// assert_eq!(a, Aabb::new([0.0, -1.0], [4.0, 1.0]));
    /// ```
    #[inline]
    pub fn merge(&self, other: &Self) -> Self {
        Self {
            min: V::new(
                self.min.x().min(other.min.x()),
                self.min.y().min(other.min.y()),
            ),
            max: V::new(
                self.max.x().max(other.max.x()),
                self.max.y().max(other.max.y()),
            ),
        }
    }

    /// The box grown by `margin` on every side (shrunk, for a negative margin), saturating
    /// at the largest finite value: a "fat" box for a broad phase that moves rarely.
    ///
    /// ```
    /// use capsule2d::Aabb;
    /// let a = Aabb::new([0.0, 0.0], [1.0, 1.0]).expanded(0.5);
    /// assert_eq!(a, Aabb::new([-0.5, -0.5], [1.5, 1.5]));
    /// ```
    #[inline]
    pub fn expanded(&self, margin: V::Scalar) -> Self {
        let grow = |v: V, m: V::Scalar| V::new(v.x().add(m).saturate(), v.y().add(m).saturate());
        Self {
            min: grow(self.min, margin.neg()),
            max: grow(self.max, margin),
        }
    }

    /// The centre of the box, `(min + max) / 2` (without overflow).
    ///
    /// ```
    /// use capsule2d::Aabb;
    /// assert_eq!(Aabb::new([0.0, 0.0], [4.0, 2.0]).center(), [2.0, 1.0]);
    /// ```
    #[inline]
    pub fn center(&self) -> V {
        let mid = |a: V::Scalar, b: V::Scalar| a.half().add(b.half());
        V::new(
            mid(self.min.x(), self.max.x()),
            mid(self.min.y(), self.max.y()),
        )
    }

    /// The box's width and height, `max − min` (saturating).
    ///
    /// ```
    /// use capsule2d::Aabb;
    /// assert_eq!(Aabb::new([0.0, 1.0], [4.0, 2.0]).extents(), [4.0, 1.0]);
    /// ```
    #[inline]
    pub fn extents(&self) -> V {
        let d = self.max.sub(self.min);
        V::new(d.x().saturate(), d.y().saturate())
    }
}
