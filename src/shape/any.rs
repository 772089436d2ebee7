//! [`AnyShape`]: one type for mixed collections of shapes.

use crate::shape::{Capsule, Circle, Core, Pose, Segment, Shape};
use crate::vector::Vector2;

/// Any of the crate's shapes, for mixed collections: a world of walls, balls and links
/// in one `Vec` or slice.
///
/// It is a [`Shape`] itself, so it has every query, against any shape (another
/// `AnyShape` included); each query is dispatched with a `match` on the two cores.
///
/// # Examples
///
/// ```
/// use capsule2d::{AnyShape, Capsule, Circle, Segment, Shape};
///
/// let world: [AnyShape<[f64; 2]>; 3] = [
///     Segment::new([-10.0, 0.0], [10.0, 0.0]).into(),
///     Circle::new([4.0, 2.0], 1.0).into(),
///     Capsule::new([-4.0, 1.0], [-4.0, 5.0], 0.5).into(),
/// ];
/// let probe = AnyShape::Point([4.0, 2.5]);
/// let hits: Vec<usize> = (0..world.len()).filter(|&i| world[i].intersects(&probe)).collect();
/// assert_eq!(hits, [1]);
/// assert_eq!(world[0].distance(&world[1]), 1.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum AnyShape<V, S = <V as Vector2>::Scalar> {
    /// A point.
    Point(V),
    /// A circle.
    Circle(Circle<V, S>),
    /// A segment.
    Segment(Segment<V>),
    /// A capsule.
    Capsule(Capsule<V, S>),
}

impl<V: Vector2> Shape<V> for AnyShape<V> {
    #[inline]
    fn core(&self) -> Core<V> {
        match self {
            Self::Point(p) => Core::Point(*p),
            Self::Circle(c) => c.core(),
            Self::Segment(s) => s.core(),
            Self::Capsule(c) => c.core(),
        }
    }
    #[inline]
    fn radius(&self) -> V::Scalar {
        match self {
            Self::Point(p) => p.radius(),
            Self::Circle(c) => c.radius,
            Self::Segment(s) => s.radius(),
            Self::Capsule(c) => c.radius,
        }
    }
}

impl<V: Vector2> AnyShape<V> {
    /// The same shape moved by `by`.
    ///
    /// ```
    /// use capsule2d::{AnyShape, Circle};
    /// let c = AnyShape::from(Circle::new([1.0, 1.0], 0.5)).translated([1.0, 0.0]);
    /// assert_eq!(c, AnyShape::Circle(Circle::new([2.0, 1.0], 0.5)));
    /// ```
    #[inline]
    pub fn translated(&self, by: impl Into<V>) -> Self {
        let by = by.into();
        match self {
            Self::Point(p) => Self::Point(crate::vector::VectorOps::add(*p, by)),
            Self::Circle(c) => Self::Circle(c.translated(by)),
            Self::Segment(s) => Self::Segment(s.translated(by)),
            Self::Capsule(c) => Self::Capsule(c.translated(by)),
        }
    }

    /// The same shape placed by `pose` (rotated, then translated).
    ///
    /// ```
    /// use capsule2d::{AnyShape, Pose, Rotation, Segment};
    /// let pose = Pose::new(Rotation::new(0.0, 1.0), [1.0, 0.0]);
    /// let s = AnyShape::from(Segment::new([0.0, 0.0], [2.0, 0.0])).transformed(&pose);
    /// assert_eq!(s, AnyShape::Segment(Segment::new([1.0, 0.0], [1.0, 2.0])));
    /// ```
    #[inline]
    pub fn transformed(&self, pose: &Pose<V>) -> Self {
        match self {
            Self::Point(p) => Self::Point(pose.transform_point(*p)),
            Self::Circle(c) => Self::Circle(c.transformed(pose)),
            Self::Segment(s) => Self::Segment(s.transformed(pose)),
            Self::Capsule(c) => Self::Capsule(c.transformed(pose)),
        }
    }
}

impl<V, S> From<Circle<V, S>> for AnyShape<V, S> {
    #[inline]
    fn from(c: Circle<V, S>) -> Self {
        Self::Circle(c)
    }
}

impl<V, S> From<Segment<V>> for AnyShape<V, S> {
    #[inline]
    fn from(s: Segment<V>) -> Self {
        Self::Segment(s)
    }
}

impl<V, S> From<Capsule<V, S>> for AnyShape<V, S> {
    #[inline]
    fn from(c: Capsule<V, S>) -> Self {
        Self::Capsule(c)
    }
}
