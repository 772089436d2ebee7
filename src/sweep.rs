//! Swept circles ([`SweepHit`]) and speculative contacts (contacts with a margin).
//!
//! **Sweeps.** A circle of radius `r` moving by `motion` first touches a shape when its
//! centre, moving along the same motion, enters the shape inflated by `r`. A circle
//! inflated by `r` is a circle, a segment inflated is a capsule and a capsule inflated is
//! a fatter capsule, so every sweep is one ray cast against an inflated core (the kernel of
//! [`crate::Ray`]), analytic, with no iteration.
//!
//! **Speculative contacts.** `contact_*_with_margin(shape, margin)` reports the pair as
//! soon as the shapes are within `margin` of touching: it is the plain contact query with
//! the receiver's radius grown by `margin`, and `margin` taken off the depth again. The
//! depth is then negative while the shapes are apart (`−depth` is the gap) and positive
//! when they overlap. Engines solve such contacts as "may approach by at most the gap",
//! which keeps resting bodies still and fast bodies from passing through.

use crate::capsule::Capsule;
use crate::circle::Circle;
use crate::contact::Contact;
use crate::ray::{cast_core, finite_point};
use crate::scalar::Scalar;
use crate::segment::Segment;
use crate::vector::Vector2;

/// Where a moving circle first touches a shape.
///
/// Returned by [`Circle::sweep_segment`], [`Circle::sweep_capsule`] and
/// [`Circle::sweep_circle`]. The circle touches the shape when its centre is at
/// `center + time · motion`.
///
/// # Examples
///
/// ```
/// use capsule2d::{Circle, Segment};
///
/// let floor = Segment::new([-5.0, 0.0], [5.0, 0.0]);
/// let ball = Circle::new([0.0, 3.0], 1.0);
/// let hit = ball.sweep_segment([0.0, -4.0], &floor).unwrap();
/// assert_eq!(hit.time, 0.5);
/// assert_eq!(hit.normal, [0.0, 1.0]);
/// assert_eq!(hit.point, [0.0, 0.0]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SweepHit<V, S = <V as Vector2>::Scalar> {
    /// The fraction of `motion` travelled at first touch, in `[0, 1]`; 0 when the shapes
    /// already overlap (or touch) at the start.
    pub time: S,
    /// Unit normal from the shape towards the circle at first touch: the normal the
    /// contact query would report there. At time 0 it is the contact's normal.
    pub normal: V,
    /// The point of first touch, on the shape's surface (at time 0: the contact's point).
    pub point: V,
}

/// Sweeps `circle` by `motion` against the core `ab` inflated by `radius_y`.
fn sweep_core<V: Vector2>(
    circle: &Circle<V>,
    motion: V,
    a: V,
    b: V,
    radius_y: V::Scalar,
) -> Option<SweepHit<V>> {
    let zero = V::Scalar::ZERO;
    let reach = motion.length();
    let reach = if reach.is_finite() { reach } else { zero };
    let cast = cast_core(
        circle.center,
        motion,
        reach,
        (a, b),
        circle.radius,
        radius_y,
    )?;
    let (time, point) = match cast.inside {
        Some(contact) => (zero, contact.point),
        None => {
            let time = cast.distance.div(reach).min(V::Scalar::ONE).max(zero);
            (time, cast.core_point.add(cast.normal.scale(radius_y)))
        }
    };
    (finite_point(point) && time.is_finite()).then_some(SweepHit {
        time,
        normal: cast.normal,
        point,
    })
}

impl<V: Vector2> Circle<V> {
    /// Sweeps the circle by `motion` against a segment: the first touch, if any.
    ///
    /// This is a ray from the centre along `motion` against the capsule of the circle's
    /// radius around the segment. Overlapping (or touching) at the start gives time 0 and
    /// the normal and point of [`contact_segment`](Self::contact_segment). A zero
    /// `motion` hits only when already overlapping. A negative or NaN radius hits nothing.
    ///
    /// ```
    /// use capsule2d::{Circle, Segment};
    /// let wall = Segment::new([4.0, -1.0], [4.0, 1.0]);
    /// let ball = Circle::new([0.0, 0.0], 0.5);
    /// // Fast enough to pass the wall in one step, but the sweep catches it.
    /// let hit = ball.sweep_segment([10.0, 0.0], &wall).unwrap();
    /// assert_eq!((hit.time, hit.normal, hit.point), (0.35, [-1.0, 0.0], [4.0, 0.0]));
    /// ```
    pub fn sweep_segment(&self, motion: V, segment: &Segment<V>) -> Option<SweepHit<V>> {
        sweep_core(self, motion, segment.a, segment.b, V::Scalar::ZERO)
    }

    /// Sweeps the circle by `motion` against a capsule: the first touch, if any.
    ///
    /// A ray from the centre against the capsule grown by the circle's radius; `point` is
    /// on the capsule's surface. Overlapping at the start gives time 0 and the normal and
    /// point of [`contact_capsule`](Self::contact_capsule).
    ///
    /// ```
    /// use capsule2d::{Capsule, Circle};
    /// let bar = Capsule::new([0.0, 0.0], [4.0, 0.0], 0.5);
    /// let ball = Circle::new([6.0, 0.0], 0.5);
    /// let hit = ball.sweep_capsule([-4.0, 0.0], &bar).unwrap();
    /// assert_eq!((hit.time, hit.normal, hit.point), (0.25, [1.0, 0.0], [4.5, 0.0]));
    /// ```
    pub fn sweep_capsule(&self, motion: V, capsule: &Capsule<V>) -> Option<SweepHit<V>> {
        sweep_core(self, motion, capsule.a, capsule.b, capsule.radius)
    }

    /// Sweeps the circle by `motion` against another (still) circle: the first touch.
    ///
    /// For two moving circles pass the relative motion (`motion₁ − motion₂`). Overlapping
    /// at the start gives time 0 and the normal of [`contact_circle`](Self::contact_circle)
    /// (`+x` for coincident centres).
    ///
    /// ```
    /// use capsule2d::Circle;
    /// let a = Circle::new([0.0, 0.0], 1.0);
    /// let b = Circle::new([5.0, 0.0], 1.0);
    /// let hit = a.sweep_circle([6.0, 0.0], &b).unwrap();
    /// assert_eq!((hit.time, hit.normal, hit.point), (0.5, [-1.0, 0.0], [4.0, 0.0]));
    /// ```
    pub fn sweep_circle(&self, motion: V, other: &Self) -> Option<SweepHit<V>> {
        sweep_core(self, motion, other.center, other.center, other.radius)
    }

    /// The contact against a segment, reported while the two are within `margin` of
    /// touching: `depth < 0` is a gap of `−depth`, `depth ≥ 0` an overlap.
    ///
    /// The same as [`contact_segment`](Self::contact_segment) with the radius grown by
    /// `margin` and `margin` taken off the depth, so `normal` and `point` follow the same
    /// rules (and `depth ≥ −margin`). A negative `margin` asks for an overlap of at least
    /// `−margin`. NaN, or a negative radius, gives `None`.
    ///
    /// ```
    /// use capsule2d::{Circle, Segment};
    /// let floor = Segment::new([-5.0, 0.0], [5.0, 0.0]);
    /// let ball = Circle::new([0.0, 1.25], 1.0);
    /// assert!(ball.contact_segment(&floor).is_none());
    /// let near = ball.contact_segment_with_margin(&floor, 0.5).unwrap();
    /// assert_eq!((near.normal, near.depth, near.point), ([0.0, 1.0], -0.25, [0.0, 0.0]));
    /// ```
    pub fn contact_segment_with_margin(
        &self,
        segment: &Segment<V>,
        margin: V::Scalar,
    ) -> Option<Contact<V>> {
        let grown = self.grown(margin)?;
        grown
            .contact_segment(segment)
            .map(|c| less_margin(c, margin))
    }

    /// The contact against a capsule within `margin` of touching; see
    /// [`contact_segment_with_margin`](Self::contact_segment_with_margin).
    ///
    /// ```
    /// use capsule2d::{Capsule, Circle};
    /// let bar = Capsule::new([0.0, 0.0], [4.0, 0.0], 0.5);
    /// let ball = Circle::new([2.0, 2.0], 1.0);
    /// let near = ball.contact_capsule_with_margin(&bar, 1.0).unwrap();
    /// assert_eq!((near.normal, near.depth, near.point), ([0.0, 1.0], -0.5, [2.0, 0.5]));
    /// assert!(ball.contact_capsule_with_margin(&bar, 0.25).is_none());
    /// ```
    pub fn contact_capsule_with_margin(
        &self,
        capsule: &Capsule<V>,
        margin: V::Scalar,
    ) -> Option<Contact<V>> {
        let grown = self.grown(margin)?;
        grown
            .contact_capsule(capsule)
            .map(|c| less_margin(c, margin))
    }

    /// The contact against another circle within `margin` of touching; see
    /// [`contact_segment_with_margin`](Self::contact_segment_with_margin).
    ///
    /// ```
    /// use capsule2d::Circle;
    /// let a = Circle::new([0.0, 0.0], 1.0);
    /// let near = a.contact_circle_with_margin(&Circle::new([3.0, 0.0], 1.0), 1.5).unwrap();
    /// assert_eq!((near.normal, near.depth, near.point), ([-1.0, 0.0], -1.0, [2.0, 0.0]));
    /// ```
    pub fn contact_circle_with_margin(
        &self,
        other: &Self,
        margin: V::Scalar,
    ) -> Option<Contact<V>> {
        let grown = self.grown(margin)?;
        if !(other.radius >= V::Scalar::ZERO) {
            return None;
        }
        grown.contact_circle(other).map(|c| less_margin(c, margin))
    }

    /// The circle with its radius grown by `margin`, or `None` for an empty circle.
    fn grown(&self, margin: V::Scalar) -> Option<Self> {
        if !(self.radius >= V::Scalar::ZERO) || margin.is_nan() {
            return None;
        }
        Some(Self::new(self.center, self.radius.add(margin)))
    }
}

impl<V: Vector2> Capsule<V> {
    /// The contact against another capsule, reported while the two are within `margin` of
    /// touching: `depth < 0` is a gap of `−depth`. The same as
    /// [`contact_capsule`](Self::contact_capsule) with this capsule's radius grown by
    /// `margin` and `margin` taken off the depth.
    ///
    /// ```
    /// use capsule2d::Capsule;
    /// let a = Capsule::new([0.0, 0.0], [4.0, 0.0], 0.5);
    /// let b = Capsule::new([0.0, 2.0], [4.0, 2.0], 0.5);
    /// let near = a.contact_capsule_with_margin(&b, 2.0).unwrap();
    /// assert_eq!((near.normal, near.depth), ([0.0, -1.0], -1.0));
    /// assert!(a.contact_capsule_with_margin(&b, 0.5).is_none());
    /// ```
    pub fn contact_capsule_with_margin(
        &self,
        other: &Self,
        margin: V::Scalar,
    ) -> Option<Contact<V>> {
        if !(self.radius >= V::Scalar::ZERO)
            || !(other.radius >= V::Scalar::ZERO)
            || margin.is_nan()
        {
            return None;
        }
        let grown = Self::new(self.a, self.b, self.radius.add(margin));
        grown.contact_capsule(other).map(|c| less_margin(c, margin))
    }
}

/// The contact with `margin` taken off its depth.
#[inline]
fn less_margin<V: Vector2>(contact: Contact<V>, margin: V::Scalar) -> Contact<V> {
    Contact {
        depth: contact.depth.sub(margin),
        ..contact
    }
}
