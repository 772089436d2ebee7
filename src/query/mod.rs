//! Queries: one function per query, for every pair of cores.
//!
//! Every shape is a core (a point or a segment) with a radius, so each query is one of
//! three kernels — point–point, point–segment, segment–segment — inflated by the sum of
//! the radii, chosen by a `match` on the two cores. [`crate::Shape`]'s methods call these
//! with the cores and radii of their two shapes; on concrete shape types the match is
//! resolved at compile time.
//!
//! - `project.rs`: the point–segment kernel (projection, clamp, the normal rule);
//! - `radii.rs`: the two radii of a pair and the exact "within the radii" decisions;
//! - `core_contact.rs`: contacts of cores, point–point and point–segment;
//! - `segment_pair.rs`: the segment–segment kernel (crossing tests, closest pair, crossing
//!   contacts);
//! - `contact.rs`: [`Contact`], what a contact query returns;
//! - `manifold.rs`: [`Manifold`], up to two contact points with one normal and feature
//!   ids (the reference face, the clip, the bias against flip-flop);
//! - this file: the dispatch, [`ClosestPoints`], and the speculative (margin) contacts.
//!
//! The decision (`intersects`) and the construction (`contact`) of a pair share one
//! predicate, so `intersects == contact.is_some()` holds for every input.

mod contact;
pub(crate) mod core_contact;
pub(crate) mod manifold;
pub(crate) mod project;
pub(crate) mod radii;
pub(crate) mod segment_pair;

pub use contact::Contact;
pub(crate) use manifold::manifold;
pub use manifold::{Feature, FeatureId, Manifold, ManifoldPoint};

use crate::num::{Num, Scalar};
use crate::shape::Core;
use crate::vector::{Vector2, VectorOps};
use core_contact::CoreContact;
use project::xy;
use radii::Radii;
use segment_pair::SegmentPair;

type S<V> = <V as Vector2>::Scalar;

/// The closest points of two shapes, as [`Shape::closest_points`](crate::Shape::closest_points)
/// returns them for `x.closest_points(&y)`.
///
/// When the shapes are apart, `on_self` and `on_other` are the ends of the shortest
/// segment between them (its length is [`Shape::distance`](crate::Shape::distance)). When
/// they overlap, they are the deepest points of each shape inside the other. Both are
/// the cores' closest points moved by the radii along the contact normal (the one
/// [`Shape::contact`](crate::Shape::contact) reports). For two segments (or points) they are the cores' closest points: an
/// endpoint lying exactly on the other segment comes back as the common point it is, and
/// crossing segments give their crossing point twice.
///
/// # Examples
///
/// ```
/// use capsule2d::{Capsule, Segment, Shape};
///
/// let a = Capsule::new([0.0, 0.0], [4.0, 0.0], 0.5);
/// let b = Capsule::new([4.0, 3.0], [8.0, 3.0], 0.5);
/// let c = a.closest_points(&b);
/// assert_eq!((c.on_self, c.on_other), ([4.0, 0.5], [4.0, 2.5]));
///
/// let s = Segment::new([0.0, 0.0], [2.0, 2.0]);
/// let t = Segment::new([0.0, 2.0], [2.0, 0.0]);
/// let crossing = s.closest_points(&t);
/// assert_eq!((crossing.on_self, crossing.on_other), ([1.0, 1.0], [1.0, 1.0]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ClosestPoints<V> {
    /// The point of the receiver nearest the other shape.
    pub on_self: V,
    /// The point of the other shape nearest the receiver.
    pub on_other: V,
}

impl<V: Copy> ClosestPoints<V> {
    /// The two points as a pair, `(on_self, on_other)`.
    ///
    /// ```
    /// use capsule2d::{Segment, Shape};
    /// let s = Segment::new([0.0, 0.0], [4.0, 0.0]);
    /// let (p, q) = s.closest_points(&Segment::new([1.0, 2.0], [3.0, 2.0])).points();
    /// assert_eq!((p, q), ([1.0, 0.0], [1.0, 2.0]));
    /// ```
    #[inline]
    pub fn points(&self) -> (V, V) {
        (self.on_self, self.on_other)
    }
}

/// Whether two inflated cores touch or overlap, by the exact predicates.
#[inline(always)]
pub(crate) fn intersects<V: Vector2>(x: Core<V>, rx: S<V>, y: Core<V>, ry: S<V>) -> bool {
    match (x, y) {
        (Core::Point(p), Core::Point(q)) => radii::within_point(p, q, Radii::unchecked(rx, ry)),
        (Core::Point(p), Core::Segment(a, b)) => {
            radii::within_segment_alone(p, a, b, Radii::unchecked(rx, ry))
        }
        (Core::Segment(a, b), Core::Point(p)) => {
            radii::within_segment_alone(p, a, b, Radii::unchecked(ry, rx))
        }
        (Core::Segment(xa, xb), Core::Segment(ya, yb)) => radii::inflate(rx, ry)
            .is_some_and(|radii| segment_pair::segments_within(xa, xb, ya, yb, radii)),
    }
}

/// The contact of two inflated cores, `None` when they are apart.
#[inline(always)]
pub(crate) fn contact<V: Vector2>(
    x: Core<V>,
    rx: S<V>,
    y: Core<V>,
    ry: S<V>,
) -> Option<Contact<V>> {
    let radii = radii::inflate(rx, ry)?;
    core_contact(x, y, radii).map(|core| core.with_point_on_y(ry))
}

/// The core contact of two cores within `radii`, `None` when they are apart.
#[inline(always)]
fn core_contact<V: Vector2>(x: Core<V>, y: Core<V>, radii: Radii<S<V>>) -> Option<CoreContact<V>> {
    match (x, y) {
        (Core::Point(p), Core::Point(q)) => core_contact::point_point(p, q, radii),
        (Core::Point(p), Core::Segment(a, b)) => core_contact::point_segment(p, a, b, radii),
        (Core::Segment(a, b), Core::Point(p)) => {
            core_contact::point_segment(p, a, b, radii.swapped()).map(CoreContact::flip)
        }
        (Core::Segment(xa, xb), Core::Segment(ya, yb)) => {
            segment_pair::segment_segment_contact(xa, xb, ya, yb, radii)
        }
    }
}

/// The nearest features of two cores, whether or not they are within `radii`.
#[inline(always)]
fn nearest<V: Vector2>(x: Core<V>, y: Core<V>, radii: Radii<S<V>>) -> CoreContact<V> {
    match (x, y) {
        (Core::Point(p), Core::Point(q)) => core_contact::point_point_nearest(p, q, radii),
        (Core::Point(p), Core::Segment(a, b)) => {
            core_contact::point_segment_nearest(p, a, b, radii)
        }
        (Core::Segment(a, b), Core::Point(p)) => {
            core_contact::point_segment_nearest(p, a, b, radii.swapped()).flip()
        }
        (Core::Segment(xa, xb), Core::Segment(ya, yb)) => {
            segment_pair::segment_segment_nearest(xa, xb, ya, yb, radii)
        }
    }
}

/// The closest points of two cores, `(on x, on y)`.
#[inline(always)]
pub(crate) fn core_closest_points<V: Vector2>(x: Core<V>, y: Core<V>) -> (V, V) {
    match (x, y) {
        (Core::Point(p), Core::Point(q)) => (p, q),
        (Core::Point(p), Core::Segment(a, b)) => (p, project::closest(a, b, p)),
        (Core::Segment(a, b), Core::Point(p)) => (project::closest(a, b, p), p),
        (Core::Segment(xa, xb), Core::Segment(ya, yb)) => {
            if let Some(([px, py], [qx, qy])) =
                S::<V>::segment_closest_points(xy(xa), xy(xb), xy(ya), xy(yb))
            {
                return (V::new(px, py), V::new(qx, qy));
            }
            match segment_pair::segment_segment(xa, xb, ya, yb) {
                SegmentPair::Crossing { point } => (point, point),
                SegmentPair::Apart(apart) => apart.closest_points(),
            }
        }
    }
}

/// The distance between two inflated cores: `|p − q| − r_x − r_y`, at least 0, where
/// `p, q` are the cores' closest points; 0 when they touch or overlap (by the exact
/// predicate). An empty shape (a negative or NaN radius) is measured as its core, as
/// [`closest_points`] does. Saturates instead of overflowing.
#[inline(always)]
pub(crate) fn distance<V: Vector2>(x: Core<V>, rx: S<V>, y: Core<V>, ry: S<V>) -> S<V> {
    let zero = S::<V>::ZERO;
    // A point and a segment, or two segments: the scalar's certified fast distance where
    // it has one.
    let fast = match (x, y) {
        (Core::Point(p), Core::Segment(a, b)) | (Core::Segment(a, b), Core::Point(p)) => {
            S::<V>::distance_to_segment(xy(a), xy(b), xy(p))
        }
        (Core::Segment(xa, xb), Core::Segment(ya, yb)) => {
            S::<V>::segment_distance(xy(xa), xy(xb), xy(ya), xy(yb))
        }
        _ => None,
    };
    // Finite for finite inputs: a length beyond MAX saturates (the scalar's `hypot`).
    let gap = match fast {
        Some(gap) => gap,
        None => {
            let (p, q) = core_closest_points(x, y);
            p.sub(q).length()
        }
    };
    if rx == zero && ry == zero {
        return gap;
    }
    let (rx, ry) = (zero.max(rx), zero.max(ry));
    // A gap certainly beyond the radii (its error bounded by the scalar): the exact test
    // would say no.
    let ((xa, xb), (ya, yb)) = (x.ends(), y.ends());
    let [xa, xb, ya, yb] = [xa, xb, ya, yb].map(xy);
    let apart = S::<V>::apart(gap, [rx, ry], [xa, xb, ya, yb], fast.is_some());
    if !apart && intersects(x, rx, y, ry) {
        return zero;
    }
    if !gap.add(gap).is_finite() {
        // Floats within a factor 2 of `MAX`: the length may have saturated before the
        // radii came off it.
        let (p, q) = core_closest_points(x, y);
        return gap_quartered(p, q, rx, ry).max(zero);
    }
    gap.sub(rx).sub(ry).max(zero)
}

/// `|p − q| − r_x − r_y` for floats near `MAX`, where the length (or the difference) may
/// overflow or saturate before the radii come off it: taken on a quarter scale (exact for
/// floats that large) and scaled back, saturated. A cold path, taken by no input whose
/// distance is below `MAX/2`.
#[cold]
#[inline(never)]
fn gap_quartered<V: Vector2>(p: V, q: V, rx: S<V>, ry: S<V>) -> S<V> {
    let quarter = S::<V>::ONE.half().half();
    let gap = p
        .scale(quarter)
        .sub(q.scale(quarter))
        .length()
        .sub(rx.mul(quarter))
        .sub(ry.mul(quarter));
    gap.add(gap).add(gap.add(gap)).saturate()
}

/// The closest points of two inflated cores: the cores' closest points `p` and `q`, moved
/// by the radii along the cores' contact normal (for an empty shape, a negative or NaN
/// radius, its core's point).
#[inline(always)]
pub(crate) fn closest_points<V: Vector2>(
    x: Core<V>,
    rx: S<V>,
    y: Core<V>,
    ry: S<V>,
) -> ClosestPoints<V> {
    let zero = S::<V>::ZERO;
    let (on_x, on_y) = core_closest_points(x, y);
    let (rx, ry) = (zero.max(rx), zero.max(ry));
    if rx == zero && ry == zero {
        return ClosestPoints {
            on_self: on_x,
            on_other: on_y,
        };
    }
    // The contact normal of the cores (never `q − p` normalised: rounding in the closest
    // points would tilt it, and it vanishes where the cores touch).
    let normal = nearest(x, y, Radii::unchecked(rx, ry)).normal;
    let surface = |p: V, r: S<V>, n: V| if r == zero { p } else { p.add(n.scale(r)) };
    ClosestPoints {
        on_self: surface(on_x, rx, normal.neg()),
        on_other: surface(on_y, ry, normal),
    }
}

/// The contact of two inflated cores within `margin` of touching.
///
/// The decision "within the margin" is the exact predicate with the receiver's radius
/// grown by it. The depth is `r_x + r_y − d` for cores `d` apart, taken from the true radii
/// rather than the grown one, so that a margin far larger than the gap (even `MAX`) loses
/// nothing: where the plain contact reports a depth above 0 it is that depth, bit for bit,
/// and elsewhere minus the gap, rounded (within rounding of a touch, either sign). It
/// saturates instead of overflowing.
#[inline(always)]
pub(crate) fn contact_with_margin<V: Vector2>(
    x: Core<V>,
    rx: S<V>,
    y: Core<V>,
    ry: S<V>,
    margin: S<V>,
) -> Option<Contact<V>> {
    contact_with_margin_and_pair(x, rx, y, ry, margin).map(|(contact, _)| contact)
}

/// [`contact_with_margin`], with the relation of two segment cores (`None` for other
/// cores) that it was derived from: a manifold reads it again.
#[inline(always)]
pub(crate) fn contact_with_margin_and_pair<V: Vector2>(
    x: Core<V>,
    rx: S<V>,
    y: Core<V>,
    ry: S<V>,
    margin: S<V>,
) -> Option<(Contact<V>, Option<SegmentPair<V>>)> {
    let radii = radii::inflate(rx, ry)?;
    if margin.is_nan() {
        return None;
    }
    // A reach beyond MAX (floats) is MAX: an infinite radius would be no radius. A negative
    // margin asks for an overlap deeper than it: it shrinks the receiver's radius, and what
    // it cannot take from it the other's, so that the answer does not depend on which
    // shape is the receiver (a negative total reach: nothing).
    let reach = rx.add(margin);
    let reach = if reach.is_finite() {
        reach
    } else {
        reach.saturate()
    };
    let zero = S::<V>::ZERO;
    let grown = if reach < zero {
        radii::inflate(zero, ry.add(reach))?
    } else {
        radii::inflate(reach, ry)?
    };
    // The contact within the true radii once "within the margin" holds; the exact "within
    // the true radii" is asked only where the depth overflowed.
    match (x, y) {
        (Core::Point(p), Core::Point(q)) => {
            if !radii::within_point(p, q, grown) {
                return None;
            }
            let core = core_contact::point_point_nearest(p, q, radii);
            let contact = speculative(core, radii, || {
                radii::within_point(p, q, radii).then_some(core.depth)
            });
            Some((contact, None))
        }
        (Core::Point(p), Core::Segment(a, b)) => {
            if !radii::within_segment(p, a, b, grown) {
                return None;
            }
            let core = core_contact::point_segment_features(p, a, b);
            let contact = speculative(core, radii, || {
                radii::within_segment(p, a, b, radii)
                    .then(|| core_contact::point_segment_nearest(p, a, b, radii).depth)
            });
            Some((contact, None))
        }
        (Core::Segment(a, b), Core::Point(p)) => {
            let (flipped, grown_flipped) = (radii.swapped(), grown.swapped());
            if !radii::within_segment(p, a, b, grown_flipped) {
                return None;
            }
            let core = core_contact::point_segment_features(p, a, b).flip();
            let contact = speculative(core, radii, || {
                radii::within_segment(p, a, b, flipped)
                    .then(|| core_contact::point_segment_nearest(p, a, b, flipped).depth)
            });
            Some((contact, None))
        }
        (Core::Segment(xa, xb), Core::Segment(ya, yb)) => segment_pair::segment_segment_margin(
            [xa, xb, ya, yb],
            radii,
            grown,
            |core, plain, pair| (speculative(core, radii, plain), Some(*pair)),
        ),
    }
}

/// The speculative contact from the cores' contact within the true `radii`: the depth
/// `r_x + r_y − d`, rounded (a construction, like every depth: its sign within rounding of
/// a touch is the rounding's), and saturated where it overflows. There `plain` decides,
/// with the exact predicate: the plain contact's saturated depth when the shapes overlap
/// (`Some`), else (`None`) minus the gap, saturated. `core.depth` is not read.
#[inline(always)]
fn speculative<V: Vector2>(
    core: CoreContact<V>,
    radii: Radii<S<V>>,
    plain: impl FnOnce() -> Option<S<V>>,
) -> Contact<V> {
    let signed = radii.sum().sub(core.separation);
    let depth = if signed.is_finite() {
        signed
    } else {
        overflowed_depth(core, radii, plain())
    };
    Contact {
        normal: core.normal,
        depth,
        point: core.on_y.add(core.normal.scale(radii.y)),
    }
}

/// The depth of a speculative contact whose `r_x + r_y − d` overflowed (floats near
/// `MAX`): the plain contact's saturated depth when the shapes overlap, minus the gap
/// saturated when they are apart.
#[cold]
#[inline(never)]
fn overflowed_depth<V: Vector2>(
    core: CoreContact<V>,
    radii: Radii<S<V>>,
    plain: Option<S<V>>,
) -> S<V> {
    match plain {
        Some(depth) => depth,
        // Apart: the gap on a quarter scale, as the separation itself may be `∞` (cores
        // more than `MAX` apart) and `∞ − ∞` is NaN.
        None => gap_quartered(core.on_x, core.on_y, radii.x, radii.y)
            .max(S::<V>::ZERO)
            .neg(),
    }
}

/// The point of an inflated core nearest `p`: `p` itself inside; for an empty shape (a
/// negative or NaN radius) the point of its core.
#[inline(always)]
pub(crate) fn project_point<V: Vector2>(x: Core<V>, rx: S<V>, p: V) -> V {
    let zero = S::<V>::ZERO;
    if !(rx > zero) {
        return match x {
            Core::Point(c) => c,
            Core::Segment(a, b) => project::closest(a, b, p),
        };
    }
    if intersects(x, rx, Core::Point(p), zero) {
        return p;
    }
    // Outside: from the core's nearest point towards `p` by the radius, along the normal
    // of the contact rules (`p` is not on the core here, so it is `(p − q) / |p − q|`).
    let core = nearest(Core::Point(p), x, Radii::unchecked(zero, rx));
    core.on_y.add(core.normal.scale(rx))
}
