//! Shapes: every shape is a *core* — a point or a segment — with a radius.
//!
//! | shape | core | radius |
//! |---|---|---|
//! | a point `V` (any [`Vector2`]) | the point | 0 |
//! | [`Circle`] | its centre | its radius |
//! | [`Segment`] | itself | 0 |
//! | [`Capsule`] | its segment | its radius |
//! | [`AnyShape`] | whichever it holds | whichever it holds |
//!
//! The [`Shape`] trait says just that ([`Shape::core`], [`Shape::radius`]), and gives
//! every shape the same queries against every other, each under one name:
//!
//! | query | returns |
//! |---|---|
//! | [`intersects`](Shape::intersects) | `bool`: the shapes touch or overlap |
//! | [`distance`](Shape::distance) | the gap between them, 0 when they touch or overlap |
//! | [`closest_points`](Shape::closest_points) | [`ClosestPoints`]: the nearest point of each shape |
//! | [`contact`](Shape::contact) | [`Option<Contact>`](Contact): normal, depth and point when they touch or overlap |
//! | [`contact_with_margin`](Shape::contact_with_margin) | the same, already when they are within a margin (speculative) |
//! | [`manifold`](Shape::manifold) | [`Option<Manifold>`](crate::Manifold): one normal, one or two points with feature ids |
//! | [`contains_point`](Shape::contains_point) | `bool` |
//! | [`project_point`](Shape::project_point) | the point of the shape nearest a point |
//! | [`aabb`](Shape::aabb) | the [`Aabb`] around the shape |
//! | [`cast`](Shape::cast) | [`Option<Hit>`](crate::Hit): the first touch of the two shapes moving over a step |
//!
//! # The naming rule and the argument order
//!
//! One name per query, generic over the other shape. The receiver is the queried (or,
//! for motion, the moving) shape; the other shape comes next; options (a margin, a
//! motion, a maximum time) come last: `x.contact_with_margin(&y, margin)`,
//! `circle.sweep(&y, motion)`, `ray.cast(&y, max_time)`. Every result is seen from the
//! receiver: a normal points from the other shape towards the receiver, and moving the
//! receiver along it separates the two.
//!
//! # Placement
//!
//! Each shape has `translated(by)` and `transformed(&pose)`; a [`Pose`] is a
//! [`Rotation`] (a unit complex number `(cos, sin)`, exact enough for fixed point) and a
//! translation.
//!
//! # Examples
//!
//! ```
//! use capsule2d::{AnyShape, Capsule, Circle, Segment, Shape};
//!
//! let ball = Circle::new([0.0_f64, 0.9], 1.0);
//! let floor = Segment::new([-5.0, 0.0], [5.0, 0.0]);
//! let post = Capsule::new([3.0, 0.0], [3.0, 4.0], 0.5);
//!
//! assert!(ball.intersects(&floor));
//! assert_eq!(ball.distance(&post), 1.5);
//! assert!((ball.contact(&floor).unwrap().depth - 0.1).abs() < 1e-12);
//!
//! // Mixed collections: the same queries through an enum.
//! let world = [AnyShape::from(floor), AnyShape::from(post)];
//! let touching = world.iter().filter(|shape| ball.intersects(*shape)).count();
//! assert_eq!(touching, 1);
//! ```

mod aabb;
mod any;
mod capsule;
mod circle;
pub(crate) mod error;
mod point;
mod pose;
mod segment;

pub use aabb::Aabb;
pub use any::AnyShape;
pub use capsule::Capsule;
pub use circle::Circle;
pub use error::ShapeError;
pub use pose::{Pose, Rotation};
pub use segment::Segment;

use crate::query::{self, ClosestPoints, Contact};
use crate::vector::Vector2;

/// The core of a shape: the point or segment that its radius inflates.
///
/// # Examples
///
/// ```
/// use capsule2d::{Capsule, Core, Shape};
///
/// let arm = Capsule::new([0.0, 0.0], [2.0, 0.0], 0.5);
/// assert_eq!(arm.core(), Core::Segment([0.0, 0.0], [2.0, 0.0]));
/// assert_eq!(arm.radius(), 0.5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Core<V> {
    /// A single point.
    Point(V),
    /// The closed segment between two points (a zero-length one is a point).
    Segment(V, V),
}

impl<V: Copy> Core<V> {
    /// The two ends of the core: a point's twice.
    #[inline(always)]
    pub(crate) fn ends(self) -> (V, V) {
        match self {
            Self::Point(p) => (p, p),
            Self::Segment(a, b) => (a, b),
        }
    }
}

/// A shape: a [`Core`] inflated by a radius, with every query against every other shape.
///
/// Implemented by points (every [`Vector2`]), [`Circle`], [`Segment`], [`Capsule`] and
/// [`AnyShape`]. A type of your own implements [`core`](Self::core) and
/// [`radius`](Self::radius) and gets the queries. The queries are the same functions for
/// every pair, chosen by a `match` on the two cores that the compiler resolves
/// statically, so a call on concrete types costs what a hand-written pair function would.
///
/// The rules every query follows, degenerate input included, are in `docs/semantics.md`:
/// normals are unit vectors pointing from the other shape towards the receiver, finite
/// input gives finite output, `intersects` agrees with `contact(..).is_some()` for every
/// input, and a negative or NaN radius makes an empty shape that touches nothing.
///
/// A point's own methods come first in Rust's method lookup: where a vector type has an
/// inherent `distance` (glam's `Vec2`), query from the other side (`circle.distance(&p)`)
/// or write `Shape::distance(&p, &circle)`.
///
/// # Examples
///
/// ```
/// use capsule2d::{Capsule, Circle, Segment, Shape};
///
/// let arm = Capsule::new([0.0, 0.0], [4.0, 0.0], 0.5);
/// let ball = Circle::new([2.0, 1.25], 1.0);
/// let contact = ball.contact(&arm).unwrap();
/// assert_eq!((contact.normal, contact.depth), ([0.0, 1.0], 0.25));
///
/// // A point is a shape too.
/// assert!(arm.intersects(&[4.25, 0.0]));
/// assert_eq!(Segment::new([0.0, 0.0], [0.0, 2.0]).distance(&[3.0, 1.0]), 3.0);
/// ```
pub trait Shape<V: Vector2> {
    /// The core: a point or a segment.
    ///
    /// ```
    /// use capsule2d::{Circle, Core, Shape};
    /// assert_eq!(Circle::new([1.0, 2.0], 3.0).core(), Core::Point([1.0, 2.0]));
    /// ```
    fn core(&self) -> Core<V>;

    /// The radius around the core: 0 for points and segments.
    ///
    /// ```
    /// use capsule2d::{Circle, Segment, Shape};
    /// assert_eq!(Circle::new([1.0, 2.0], 3.0).radius(), 3.0);
    /// assert_eq!(Segment::new([0.0, 0.0], [1.0, 0.0]).radius(), 0.0);
    /// ```
    fn radius(&self) -> V::Scalar;

    /// Whether the two shapes touch or overlap. Exact for `f32`, `f64` and fixed point:
    /// touching counts, and no rounding decides the answer.
    ///
    /// ```
    /// use capsule2d::{Circle, Segment, Shape};
    /// let floor = Segment::new([0.0, 0.0], [4.0, 0.0]);
    /// assert!(Circle::new([2.0, 1.0], 1.0).intersects(&floor));
    /// assert!(!Circle::new([5.0, 1.0], 1.0).intersects(&floor));
    /// ```
    #[inline]
    fn intersects<O: Shape<V> + ?Sized>(&self, other: &O) -> bool {
        query::intersects(self.core(), self.radius(), other.core(), other.radius())
    }

    /// The distance between the two shapes: the length of the shortest segment from one
    /// to the other; 0 when they touch or overlap (by the same exact predicate as
    /// [`intersects`](Self::intersects)). Apart, it is the gap computed in the scalar's
    /// arithmetic, which can round to 0 only for a gap below the rounding of the inputs.
    /// An empty shape (a negative or NaN radius) is measured as its core.
    ///
    /// ```
    /// use capsule2d::{Capsule, Circle, Shape};
    /// let a = Circle::new([0.0, 0.0], 1.0);
    /// assert_eq!(a.distance(&Capsule::new([4.0, -1.0], [4.0, 1.0], 0.5)), 2.5);
    /// assert_eq!(a.distance(&[0.5, 0.0]), 0.0);
    /// ```
    #[inline]
    fn distance<O: Shape<V> + ?Sized>(&self, other: &O) -> V::Scalar {
        query::distance(self.core(), self.radius(), other.core(), other.radius())
    }

    /// The closest points of the two shapes: the ends of the shortest segment between
    /// them, or, when they overlap, the deepest point of each inside the other (see
    /// [`ClosestPoints`]). For two segments, the closest points of the segments, with
    /// crossing segments meeting at their crossing point.
    ///
    /// ```
    /// use capsule2d::{Circle, Segment, Shape};
    /// let s = Segment::new([0.0, 0.0], [4.0, 0.0]);
    /// let c = Circle::new([1.0, 3.0], 1.0).closest_points(&s);
    /// assert_eq!((c.on_self, c.on_other), ([1.0, 2.0], [1.0, 0.0]));
    /// ```
    #[inline]
    fn closest_points<O: Shape<V> + ?Sized>(&self, other: &O) -> ClosestPoints<V> {
        query::closest_points(self.core(), self.radius(), other.core(), other.radius())
    }

    /// The contact when the shapes touch or overlap: a unit normal from `other` towards
    /// `self`, the depth of the overlap (≥ 0), and the point of `other`'s surface that
    /// faces `self`. Moving `self` by [`Contact::offset`] leaves them just touching.
    /// `Some` exactly when [`intersects`](Self::intersects) is true.
    ///
    /// ```
    /// use capsule2d::{Circle, Segment, Shape};
    /// let floor = Segment::new([0.0, 0.0], [4.0, 0.0]);
    /// let c = Circle::new([1.0, 0.75], 1.0).contact(&floor).unwrap();
    /// assert_eq!((c.normal, c.depth, c.point), ([0.0, 1.0], 0.25, [1.0, 0.0]));
    /// assert!(Circle::new([1.0, 2.0], 1.0).contact(&floor).is_none());
    /// ```
    #[inline]
    fn contact<O: Shape<V> + ?Sized>(&self, other: &O) -> Option<Contact<V>> {
        query::contact(self.core(), self.radius(), other.core(), other.radius())
    }

    /// A speculative contact: reported as soon as the shapes come within `margin` of
    /// touching, with a *negative* depth while they are apart (`−depth` is the gap) and
    /// the plain contact's depth when they overlap. `None` beyond the margin, for a NaN
    /// margin and for an empty shape; a negative margin asks for an overlap deeper than
    /// it. A margin of `MAX` means "no limit": the gap is computed from the true radii,
    /// so it is the same whatever the margin.
    ///
    /// ```
    /// use capsule2d::{Circle, Shape};
    /// let a = Circle::new([0.0, 0.0], 1.0);
    /// let b = Circle::new([5.0, 0.0], 1.0);
    /// assert!(a.contact(&b).is_none());
    /// let c = a.contact_with_margin(&b, 4.0).unwrap();
    /// assert_eq!((c.normal, c.depth), ([-1.0, 0.0], -3.0));
    /// assert_eq!(a.contact_with_margin(&b, f64::MAX).unwrap().depth, -3.0);
    /// assert!(a.contact_with_margin(&b, 2.0).is_none());
    /// ```
    #[inline]
    fn contact_with_margin<O: Shape<V> + ?Sized>(
        &self,
        other: &O,
        margin: V::Scalar,
    ) -> Option<Contact<V>> {
        query::contact_with_margin(
            self.core(),
            self.radius(),
            other.core(),
            other.radius(),
            margin,
        )
    }

    /// The contact manifold within `margin` of touching: one unit normal (from `other`
    /// towards `self`, as in [`contact`](Self::contact)) and one or two points, each with
    /// its separation, its point on each shape and a [`FeatureId`](crate::FeatureId) for
    /// warm-starting a solver. `None` exactly when
    /// [`contact_with_margin`](Self::contact_with_margin) is: beyond the margin, for a NaN
    /// margin and for an empty shape.
    ///
    /// Two segment cores (segments, capsules) give two points when the other segment,
    /// clipped to the extent of the reference face, has both ends within the margin;
    /// otherwise, and for point and circle cores, the one point is the speculative
    /// contact's (its normal, and `separation = −depth`). The reference face is `other`'s
    /// unless `self`'s separates more by over `2⁻⁸ (|x| + |y|)`, which keeps it, and the
    /// ids, from flip-flopping on a resting pair. See [`Manifold`](crate::Manifold) and
    /// `docs/semantics.md`, "Manifolds".
    ///
    /// ```
    /// use capsule2d::{Capsule, Feature, Shape};
    ///
    /// let below = Capsule::new([0.0_f64, 0.0], [4.0, 0.0], 0.5);
    /// let above = Capsule::new([1.0, 0.9], [3.0, 0.9], 0.5);
    /// let m = above.manifold(&below, 0.02).unwrap();
    /// assert_eq!(m.normal, [0.0, 1.0]);
    /// assert_eq!(m.points().len(), 2);
    /// for (point, end) in m.points().iter().zip([Feature::Start, Feature::End]) {
    ///     assert!((point.separation + 0.1).abs() < 1e-12);
    ///     assert_eq!((point.id.on_self, point.id.on_other), (end, Feature::Left));
    /// }
    /// ```
    #[inline]
    fn manifold<O: Shape<V> + ?Sized>(
        &self,
        other: &O,
        margin: V::Scalar,
    ) -> Option<crate::Manifold<V>> {
        query::manifold(
            self.core(),
            self.radius(),
            other.core(),
            other.radius(),
            margin,
        )
    }

    /// Whether `p` lies in the shape (its boundary included). Exact for the crate's
    /// scalars.
    ///
    /// ```
    /// use capsule2d::{Capsule, Shape};
    /// let arm = Capsule::new([0.0, 0.0], [4.0, 0.0], 1.0);
    /// assert!(arm.contains_point([5.0, 0.0]));
    /// assert!(!arm.contains_point([5.0, 0.5]));
    /// ```
    #[inline]
    fn contains_point(&self, p: V) -> bool {
        query::intersects(self.core(), self.radius(), Core::Point(p), zero::<V>())
    }

    /// The point of the shape nearest `p`: `p` itself when the shape contains it. For a
    /// segment this is the classic `a + t (b − a)`, `t = clamp((p − a)·(b − a) / |b − a|²,
    /// 0, 1)`, with the end regions decided before any division.
    ///
    /// ```
    /// use capsule2d::{Circle, Segment, Shape};
    /// let s = Segment::new([0.0, 0.0], [4.0, 0.0]);
    /// assert_eq!(s.project_point([1.0, 3.0]), [1.0, 0.0]);
    /// assert_eq!(s.project_point([6.0, 1.0]), [4.0, 0.0]);
    /// assert_eq!(Circle::new([0.0, 0.0], 2.0).project_point([0.0, 5.0]), [0.0, 2.0]);
    /// ```
    #[inline]
    fn project_point(&self, p: V) -> V {
        query::project_point(self.core(), self.radius(), p)
    }

    /// The axis-aligned box around the shape: its core's box grown by the radius (the
    /// core's box alone for an empty shape, a negative or NaN radius). Saturates at the
    /// largest finite value instead of overflowing.
    ///
    /// ```
    /// use capsule2d::{Aabb, Capsule, Shape};
    /// let arm = Capsule::new([0.0, 0.0], [4.0, 2.0], 1.0);
    /// assert_eq!(arm.aabb(), Aabb::new([-1.0, -1.0], [5.0, 3.0]));
    /// ```
    #[inline]
    fn aabb(&self) -> Aabb<V> {
        Aabb::around(self.core(), self.radius())
    }

    /// Casts the shape, moving by `motion` over a step, against `other`, moving by
    /// `options.other_motion` over the same step: the first touch, if any, with
    /// [`Hit::time`](crate::Hit::time) the fraction of the step, in `[0, 1]`.
    ///
    /// Analytic for every pair (see `src/motion/cast.rs`): the relative motion
    /// `motion − other_motion` against the other shape held still, as casts of the
    /// cores' endpoints, so a fast thin shape cannot pass through another. `normal` is the
    /// contact normal at the touch, from `other` towards the receiver; `point` is on
    /// `other`'s surface, where `other` is at that time.
    ///
    /// - Shapes that touch or overlap at the start: time 0 with the normal and point of
    ///   [`contact`](Self::contact), or nothing when `options.start` is
    ///   [`StartOverlap::IgnoreSeparating`](crate::StartOverlap::IgnoreSeparating) and
    ///   the motion does not press them together.
    /// - Equal motions (no relative motion) hit only at the start. An empty shape
    ///   (negative or NaN radius) hits nothing, nor does a relative motion that
    ///   overflows.
    ///
    /// [`Circle::sweep`](crate::Circle::sweep) is this cast for a circle against a still
    /// shape.
    ///
    /// ```
    /// use capsule2d::{CastOptions, Capsule, Segment, Shape};
    /// // A thrown stick moving 10 to the right in one step, past a thin post.
    /// let stick = Capsule::new([0.0_f64, 0.0], [1.0, 1.0], 0.1);
    /// let post = Segment::new([5.0, -1.0], [5.0, 3.0]);
    /// let hit = stick.cast(&post, [10.0, 0.0], CastOptions::default()).unwrap();
    /// assert!((hit.time - 0.39).abs() < 1e-12);
    /// assert_eq!(hit.normal, [-1.0, 0.0]);
    /// // The post moving right at the same speed is never reached.
    /// let options = CastOptions::default().with_other_motion([10.0, 0.0]);
    /// assert!(stick.cast(&post, [10.0, 0.0], options).is_none());
    /// ```
    #[inline]
    fn cast<O: Shape<V> + ?Sized>(
        &self,
        other: &O,
        motion: impl Into<V>,
        options: crate::CastOptions<V>,
    ) -> Option<crate::Hit<V>> {
        crate::motion::cast::cast(
            (self.core(), self.radius()),
            (other.core(), other.radius()),
            motion.into(),
            options,
        )
    }
}

/// The zero radius.
#[inline(always)]
pub(crate) fn zero<V: Vector2>() -> V::Scalar {
    <V::Scalar as crate::Scalar>::ZERO
}
