//! [`Chain`]: a slice of capsules joined end to end, with smooth travel over the joints.
//!
//! A polyline of segments (radius 0) or capsules, the "series of capsules" a ball rolls
//! along. Links `i` and `i + 1` are **joined** when `links[i].b == links[i + 1].a` exactly
//! and their radii are equal; the last link joins the first the same way (a closed loop).
//! Links that do not meet are simply independent shapes, so one `Chain` can hold a whole
//! course of separate pieces.
//!
//! # Joints: the ghost-vertex rule
//!
//! A circle near the joint `J` between link `p` (ending at `J`) and link `n` (starting at
//! `J`) may touch `n`'s end cap at `J` while it really rests on `p`'s face. That cap
//! contact has a normal tilted away from the face, and resolving it makes a rolling ball
//! catch or hop at every vertex: the "ghost vertex" problem of chain shapes in engines.
//! The circle's centre `c` is at least as close to `p` as to `J` (since `J` lies on `p`),
//! so `p`'s own contact is at least as deep and the cap contact adds nothing but a wrong
//! normal. The rule, per joint, keeps exactly one owner for the vertex:
//!
//! - `n`'s contact in its start region (closest point `J`) is dropped when `p`'s closest
//!   feature is its interior or its end (`J` itself): `p` reports it.
//! - `p`'s contact in its end region (closest point `J`) is dropped when `c` projects into
//!   `n`'s interior: `n`'s face contact reports it.
//!
//! Interior (face) contacts are never dropped, so a dropped contact always has a kept
//! contact at least as deep, and a circle never falls through a joint. Zero-length links
//! at a joint are points of it: the rule looks past them to the nearest real neighbour. Sweeps apply the
//! same rule at the position of first touch: the neighbour then touches at the same time
//! or earlier. On a flat chain this leaves exactly the face normal; over a convex joint the
//! normal turns continuously around the vertex; in a concave joint both faces push.

use crate::motion::cast::{CastOptions, StartOverlap};
use crate::motion::mover::{Obstacles, insert_deepest, swept_box, translate};
use crate::motion::ray::Hit;
use crate::num::{Num, Scalar};
use crate::query::project::{self, Feature};
use crate::query::{self, Contact};
use crate::shape::{Capsule, Circle, Core, Shape};
use crate::vector::wide;
use crate::vector::{Vector2, VectorOps};

/// A slice of capsules; consecutive links that share an endpoint (and radius) are joined.
///
/// See the module docs for the joint rule. A segment is a capsule of radius 0; build a
/// polyline of segments with [`Capsule::new`]`(a, b, 0.0)`.
///
/// # Examples
///
/// A ball resting across the joint of a flat chain gets one straight-up contact, not a
/// tilted one from the next link's end cap:
///
/// ```
/// use capsule2d::{Capsule, Chain, ChainContact, Circle};
///
/// let links = [
///     Capsule::new([0.0, 0.0], [1.0, 0.0], 0.0),
///     Capsule::new([1.0, 0.0], [2.0, 0.0], 0.0),
/// ];
/// let chain = Chain::new(&links);
/// let ball = Circle::new([0.9, 0.45], 0.5);
/// let mut out = [ChainContact::default(); 4];
/// let n = chain.contacts(&ball, &mut out);
/// assert_eq!(n, 1);
/// assert_eq!((out[0].link, out[0].contact.normal), (0, [0.0, 1.0]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chain<'a, V, S = <V as Vector2>::Scalar> {
    links: &'a [Capsule<V, S>],
}

/// A contact of a circle against one link of a [`Chain`].
///
/// # Examples
///
/// ```
/// use capsule2d::{Capsule, Chain, ChainContact, Circle};
/// let links = [Capsule::new([0.0, 0.0], [4.0, 0.0], 0.25)];
/// let mut out = [ChainContact::default(); 2];
/// let n = Chain::new(&links).contacts(&Circle::new([1.0, 0.5], 0.5), &mut out);
/// assert_eq!((n, out[0].link, out[0].contact.depth), (1, 0, 0.25));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct ChainContact<V, S = <V as Vector2>::Scalar> {
    /// The index of the link in the chain's slice.
    pub link: usize,
    /// The contact, as [`Shape::contact`](crate::Shape::contact) of a circle against a capsule reports it.
    pub contact: Contact<V, S>,
}

/// The first touch of a circle swept against a [`Chain`].
///
/// # Examples
///
/// ```
/// use capsule2d::{Capsule, Chain, Circle};
/// let links = [Capsule::new([-5.0, 0.0], [5.0, 0.0], 0.0)];
/// let hit = Chain::new(&links).sweep(&Circle::new([0.0, 2.0], 1.0), [0.0, -4.0]).unwrap();
/// assert_eq!((hit.link, hit.hit.time, hit.hit.normal), (0, 0.25, [0.0, 1.0]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct ChainHit<V, S = <V as Vector2>::Scalar> {
    /// The index of the link touched first.
    pub link: usize,
    /// The time, normal and point of the touch.
    pub hit: Hit<V, S>,
}

/// What [`Chain::resolve`] did.
///
/// # Examples
///
/// ```
/// use capsule2d::{Capsule, Chain, Circle};
/// let links = [Capsule::new([-5.0, 0.0], [5.0, 0.0], 0.0)];
/// let done = Chain::new(&links).resolve(&Circle::new([0.0, 0.5], 1.0), 0.0);
/// assert_eq!((done.center, done.pushes, done.depth), ([0.0, 1.0], 1, 0.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Resolution<V, S = <V as Vector2>::Scalar> {
    /// The circle's new centre.
    pub center: V,
    /// How many pushes were applied.
    pub pushes: usize,
    /// The deepest contact left at the new centre (at most `skin` once converged; 0 when
    /// nothing touches).
    pub depth: S,
}

/// Passes of [`Chain::resolve`] over the links.
const RESOLVE_PASSES: usize = 4;

impl<'a, V, S> Chain<'a, V, S> {
    /// The chain of `links`.
    ///
    /// ```
    /// use capsule2d::{Capsule, Chain};
    /// let links = [Capsule::new([0.0, 0.0], [1.0, 0.0], 0.1)];
    /// assert_eq!(Chain::new(&links).links().len(), 1);
    /// ```
    #[inline]
    pub const fn new(links: &'a [Capsule<V, S>]) -> Self {
        Self { links }
    }

    /// The links.
    ///
    /// ```
    /// use capsule2d::{Capsule, Chain};
    /// let links = [Capsule::new([0.0, 0.0], [1.0, 0.0], 0.1)];
    /// assert_eq!(Chain::new(&links).links()[0].radius, 0.1);
    /// ```
    #[inline]
    pub const fn links(&self) -> &'a [Capsule<V, S>] {
        self.links
    }
}

impl<V: Vector2> Chain<'_, V> {
    /// Whether link `i` ends where link `j` starts, with the same radius.
    fn joined(&self, i: usize, j: usize) -> bool {
        let (p, n) = (&self.links[i], &self.links[j]);
        i != j && wide::coincide(p.b, n.a) && p.radius == n.radius
    }

    /// The nearest link of nonzero length joined before link `i`, if any. Zero-length
    /// links in between are points on the joint and are passed over.
    fn before(&self, i: usize) -> Option<usize> {
        let len = self.links.len();
        let mut at = i;
        for _ in 0..len {
            let p = if at > 0 { at - 1 } else { len.checked_sub(1)? };
            if p == i || !self.joined(p, at) {
                return None;
            }
            if !self.degenerate(p) {
                return Some(p);
            }
            at = p;
        }
        None
    }

    /// The nearest link of nonzero length joined after link `i`, if any.
    fn after(&self, i: usize) -> Option<usize> {
        let len = self.links.len();
        let mut at = i;
        for _ in 0..len {
            let n = if at + 1 < len { at + 1 } else { 0 };
            if n == i || !self.joined(at, n) {
                return None;
            }
            if !self.degenerate(n) {
                return Some(n);
            }
            at = n;
        }
        None
    }

    /// Whether link `i` has zero length.
    fn degenerate(&self, i: usize) -> bool {
        wide::coincide(self.links[i].a, self.links[i].b)
    }

    /// The closest feature of link `i` to `p`.
    fn feature(&self, i: usize, p: V) -> Feature<wide::W<V>> {
        let link = &self.links[i];
        project::project(link.a, link.b, p).feature
    }

    /// The point of `core` nearest link `i`: where the joint rule looks from.
    fn nearest_on(&self, core: Core<V>, i: usize) -> V {
        match core {
            Core::Point(p) => p,
            segment => {
                let link = &self.links[i];
                query::core_closest_points(segment, Core::Segment(link.a, link.b)).0
            }
        }
    }

    /// The ghost-vertex rule: whether link `i` reports its contact with a circle centred
    /// at `p`, or leaves it to the neighbour that owns the joint (see the module docs).
    fn owns(&self, i: usize, p: V) -> bool {
        match self.feature(i, p) {
            Feature::Interior { .. } => true,
            Feature::Start => match self.before(i) {
                Some(prev) => matches!(self.feature(prev, p), Feature::Start),
                None => true,
            },
            Feature::End => match self.after(i) {
                Some(next) => !matches!(self.feature(next, p), Feature::Interior { .. }),
                None => true,
            },
        }
    }

    /// The contact of `circle` with link `i` after the joint rule.
    fn link_contact(&self, circle: &Circle<V>, i: usize) -> Option<Contact<V>> {
        let contact = circle.contact(&self.links[i])?;
        self.owns(i, circle.center).then_some(contact)
    }

    /// Whether the boxes of the swept circle and link `i` can touch (a cheap early out,
    /// with a generous slack so that rounding never rejects a real contact).
    fn near(&self, circle: &Circle<V>, motion: V, i: usize) -> bool {
        let link = &self.links[i];
        let (c, e) = (circle.center, circle.center.add(motion));
        let reach = circle
            .radius
            .add(link.radius)
            .add(motion.x().abs())
            .add(motion.y().abs());
        let slack = reach.half().half().half().half();
        let reach = reach.add(slack);
        let lo = |p: S2<V>, q: S2<V>| p.min(q);
        let hi = |p: S2<V>, q: S2<V>| p.max(q);
        let apart = |c0: S2<V>, c1: S2<V>, l0: S2<V>, l1: S2<V>| {
            lo(c0, c1).sub(reach) > hi(l0, l1) || hi(c0, c1).add(reach) < lo(l0, l1)
        };
        !(apart(c.x(), e.x(), link.a.x(), link.b.x())
            || apart(c.y(), e.y(), link.a.y(), link.b.y()))
    }

    /// Every contact of `circle` with the chain, deepest first, written to `out`; returns
    /// how many were written.
    ///
    /// Each is [`Shape::contact`](crate::Shape::contact) of a circle against a capsule against one link, after the joint rule of the
    /// module docs (so a circle across a joint gets one contact per touching *face*, not a
    /// tilted one from a neighbour's end cap). Ties in depth keep link order. When `out`
    /// is too short the deepest `out.len()` are kept. Nothing allocates.
    ///
    /// ```
    /// use capsule2d::{Capsule, Chain, ChainContact, Circle};
    /// // A V-shaped valley: the ball touches both faces.
    /// let links = [
    ///     Capsule::new([-2.0, 2.0], [0.0, 0.0], 0.0),
    ///     Capsule::new([0.0, 0.0], [2.0, 2.0], 0.0),
    /// ];
    /// let mut out = [ChainContact::default(); 4];
    /// let n = Chain::new(&links).contacts(&Circle::new([0.0, 1.0], 1.0), &mut out);
    /// assert_eq!(n, 2);
    /// assert!(out[0].contact.depth >= out[1].contact.depth);
    /// ```
    pub fn contacts(&self, circle: &Circle<V>, out: &mut [ChainContact<V>]) -> usize {
        let mut count = 0;
        for i in 0..self.links.len() {
            if !self.near(circle, V::zero(), i) {
                continue;
            }
            let Some(contact) = self.link_contact(circle, i) else {
                continue;
            };
            count = insert_deepest(out, count, ChainContact { link: i, contact }, |c| {
                c.contact.depth
            });
        }
        count
    }

    /// Pushes `circle` out of every link it overlaps, leaving `skin` of overlap (see
    /// [`Contact::offset_with_skin`]); returns the new centre.
    ///
    /// Gauss–Seidel: each pass visits the links in order and pushes the circle out of each
    /// contact (after the joint rule) by `depth − skin`, then the next link sees the moved
    /// circle, so two links sharing a joint never push twice. Up to four passes, stopping
    /// when a pass pushes nothing. In a corner the pushes converge geometrically;
    /// [`Resolution::depth`] tells what is left.
    ///
    /// ```
    /// use capsule2d::{Capsule, Chain, Circle};
    /// let links = [
    ///     Capsule::new([0.0, 0.0], [1.0, 0.0], 0.0),
    ///     Capsule::new([1.0, 0.0], [2.0, 0.0], 0.0),
    /// ];
    /// let done = Chain::new(&links).resolve(&Circle::new([1.0, 0.25], 0.5), 0.125);
    /// // One push straight up, to the skin: not two.
    /// assert_eq!((done.center, done.pushes, done.depth), ([1.0, 0.375], 1, 0.125));
    /// ```
    pub fn resolve(&self, circle: &Circle<V>, skin: V::Scalar) -> Resolution<V> {
        let zero = V::Scalar::ZERO;
        let mut center = circle.center;
        let mut pushes = 0;
        for _ in 0..RESOLVE_PASSES {
            let mut moved = false;
            for i in 0..self.links.len() {
                let moving = Circle::new(center, circle.radius);
                if !self.near(&moving, V::zero(), i) {
                    continue;
                }
                let Some(contact) = self.link_contact(&moving, i) else {
                    continue;
                };
                let offset = contact.offset_with_skin(skin);
                if offset.x() != zero || offset.y() != zero {
                    let next = center.add(offset);
                    if !(next.x().is_finite() && next.y().is_finite()) {
                        continue;
                    }
                    center = next;
                    pushes += 1;
                    moved = true;
                }
            }
            if !moved {
                break;
            }
        }
        Resolution {
            center,
            pushes,
            depth: self.deepest(&Circle::new(center, circle.radius)),
        }
    }

    /// The depth of the deepest contact of `circle` with the chain (0 when none).
    ///
    /// ```
    /// use capsule2d::{Capsule, Chain, Circle};
    /// let links = [Capsule::new([-1.0, 0.0], [1.0, 0.0], 0.0)];
    /// assert_eq!(Chain::new(&links).deepest(&Circle::new([0.0, 0.75], 1.0)), 0.25);
    /// ```
    pub fn deepest(&self, circle: &Circle<V>) -> V::Scalar {
        let mut depth = V::Scalar::ZERO;
        for i in 0..self.links.len() {
            if !self.near(circle, V::zero(), i) {
                continue;
            }
            if let Some(contact) = self.link_contact(circle, i) {
                depth = depth.max(contact.depth);
            }
        }
        depth
    }

    /// Sweeps `circle` by `motion` against the chain: the first touch, if any.
    ///
    /// Each link is swept with [`Circle::sweep`]; a touch is kept only if its link
    /// owns it under the joint rule at the position of touch, so a circle moving along a
    /// flat chain never hits the next link's end cap, and the earliest kept touch wins.
    ///
    /// One difference from the single-shape sweeps: a link the circle **already overlaps
    /// while moving away from it or along it** (`motion · normal ≥ 0`) is skipped, since
    /// the distance to a convex shape cannot shrink along such a motion. A link overlapped
    /// and approached still stops the circle at time 0. So a circle resting on a chain
    /// can always slide along it or leave it.
    ///
    /// ```
    /// use capsule2d::{Capsule, Chain, Circle};
    /// let links = [
    ///     Capsule::new([0.0, 0.0], [1.0, 0.0], 0.0),
    ///     Capsule::new([1.0, 0.0], [2.0, 0.0], 0.0),
    /// ];
    /// let chain = Chain::new(&links);
    /// // Resting on the chain (overlapping a little) and sliding across the joint: no hit.
    /// assert!(chain.sweep(&Circle::new([0.5, 0.49], 0.5), [1.0, 0.0]).is_none());
    /// // Falling onto it: the face, at a quarter of the motion.
    /// let hit = chain.sweep(&Circle::new([1.0, 1.5], 0.5), [0.0, -4.0]).unwrap();
    /// assert_eq!((hit.hit.time, hit.hit.normal), (0.25, [0.0, 1.0]));
    /// ```
    pub fn sweep(&self, circle: &Circle<V>, motion: impl Into<V>) -> Option<ChainHit<V>> {
        let motion = motion.into();
        let zero = V::Scalar::ZERO;
        let mut best: Option<ChainHit<V>> = None;
        for i in 0..self.links.len() {
            if !self.near(circle, motion, i) {
                continue;
            }
            let Some(hit) = circle.sweep(&self.links[i], motion) else {
                continue;
            };
            if hit.time == zero && !(motion.dot(hit.normal) < zero) {
                continue;
            }
            let at = circle.center.add(motion.scale(hit.time));
            if !self.owns(i, at) {
                continue;
            }
            if best.is_none_or(|b| hit.time < b.hit.time) {
                best = Some(ChainHit { link: i, hit });
            }
        }
        best
    }
}

/// A chain as obstacles for [`move_and_slide`](crate::move_and_slide): any shape, with
/// the joint rule of the module docs applied at the point of the mover's core nearest
/// each link (its centre, for a circle), so a body sliding along the chain does not
/// catch on the vertices between links.
///
/// ```
/// use capsule2d::{move_and_slide, Capsule, Chain, SlideOptions};
///
/// // A floor of two links; a capsule body sliding across the joint goes straight on.
/// let links = [
///     Capsule::new([0.0, 0.0], [2.0, 0.0], 0.0),
///     Capsule::new([2.0, 0.0], [4.0, 0.0], 0.0),
/// ];
/// let body = Capsule::new([1.0, 0.6], [1.5, 0.6], 0.5);
/// let slide = move_and_slide(&body, [2.0, 0.0], &Chain::new(&links), &SlideOptions::new(0.1));
/// assert_eq!((slide.translation, slide.hits), ([2.0, 0.0], 0));
/// ```
impl<V: Vector2> Obstacles<V> for Chain<'_, V> {
    fn cast<M: Shape<V> + ?Sized>(&self, mover: &M, motion: V) -> Option<Hit<V>> {
        let reach = swept_box(mover, motion);
        let options = CastOptions::default().with_start(StartOverlap::IgnoreSeparating);
        let core = mover.core();
        let mut best: Option<Hit<V>> = None;
        for (i, link) in self.links.iter().enumerate() {
            if !reach.intersects(&link.aabb()) {
                continue;
            }
            let Some(hit) = mover.cast(link, motion, options) else {
                continue;
            };
            let at = translate(core, motion.scale(hit.time));
            if !self.owns(i, self.nearest_on(at, i)) {
                continue;
            }
            if best.is_none_or(|b| hit.time < b.time) {
                best = Some(hit);
            }
        }
        best
    }

    fn contacts<M: Shape<V> + ?Sized>(&self, mover: &M, out: &mut [Contact<V>]) -> usize {
        let reach = swept_box(mover, V::zero());
        let core = mover.core();
        let mut count = 0;
        for (i, link) in self.links.iter().enumerate() {
            if !reach.intersects(&link.aabb()) {
                continue;
            }
            let Some(contact) = mover.contact(link) else {
                continue;
            };
            if self.owns(i, self.nearest_on(core, i)) {
                count = insert_deepest(out, count, contact, |c| c.depth);
            }
        }
        count
    }
}

/// Shorthand for a vector's scalar.
type S2<V> = <V as Vector2>::Scalar;
