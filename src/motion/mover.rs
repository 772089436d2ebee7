//! Collide and slide: [`move_and_slide`] moves a circle, capsule or any other shape by a
//! translation through a set of obstacles, as far as the motion allows against every
//! surface it meets at once.
//!
//! This is the seeds' "slide along the wall" generalised to many walls, for kinematic
//! bodies: characters, cursors, robot links driven by a planner. The mover keeps a gap
//! of `skin` between itself and every obstacle, and the obstacles are any slice of
//! shapes, a [`Chain`](crate::Chain) (whose joint rule keeps a body from catching on the vertices
//! between links), or a world of your own behind the [`Obstacles`] trait.
//!
//! # One move
//!
//! The mover works with itself grown by the skin: the shape with radius `r + skin`. The
//! real shape is `skin` clear of an obstacle exactly when the grown one touches it.
//!
//! 1. **Out of overlaps.** While the grown shape overlaps an obstacle by more than
//!    `skin / 2` (the real gap is under half a skin), it is pushed out along the contact
//!    normal until the grown shape just touches, deepest contact first, up to
//!    [`MAX_PUSHES`] pushes. Gaps between `skin / 2` and `skin` are left alone, so a
//!    resting body is not nudged every step.
//! 2. **Planes.** Every obstacle the grown shape touches gives a plane: its contact
//!    normal `n`, which the motion may not press into (`motion · n < 0`).
//! 3. **Clip.** The motion is replaced by the nearest motion that presses into none of the
//!    planes (see [`clip`]): unchanged when it presses into none, its projection on one
//!    plane when that respects the others, otherwise zero (an acute corner).
//! 4. **Cast and repeat.** The grown shape is cast along the clipped motion
//!    ([`Obstacles::cast`], with [`StartOverlap::IgnoreSeparating`]): with no hit the
//!    mover makes the whole motion; at a hit it moves to the touch, the hit's normal joins
//!    the planes, and what is left of the motion is clipped again and cast again, up to
//!    [`SlideOptions::max_moves`] casts. Motion left after the last cast is dropped, never
//!    forced through.
//!
//! # Guarantees
//!
//! - **No tunnelling.** The mover only moves along casts, which are analytic and never
//!   pass through an obstacle, so the real shape never reaches an obstacle it did not
//!   already overlap: it stays at least `skin / 2` clear, up to rounding.
//! - **No jitter.** A body at rest against one or several surfaces stays between
//!   `skin / 2` and `skin` from them, plus the overclip sliver below (at most `2⁻¹⁰` of
//!   one move's motion); nothing pushes it back and forth. In an acute corner
//!   the clip gives zero, so gravity does not rattle it between the two faces.
//! - **Energy.** The clip never lengthens a motion: `|clip(v)| ≤ |v|` up to rounding.
//!   Projecting on a plane removes the pressing part `(v · n) n` and adds back a sliver
//!   `σ = min(2⁻¹⁰ (|v.x| + |v.y|), |v · n|)` pointing away (the "overclip" that keeps a
//!   sliding body from re-touching the plane through rounding), so the squared length
//!   drops by `(v · n)² − σ² ≥ 0`.
//!   [`Slide::clip`] applies the same clip to a velocity, so a body that feeds its
//!   velocity through it never gains kinetic energy from a contact; with gravity and the
//!   usual update (`v += g dt`, then move by `v dt`), kinetic plus potential energy never
//!   grows by more than `|g| · skin` (the mover's gap moving within its band).
//!
//! # Degenerate input
//!
//! A non-finite motion or skin, or a shape with a non-finite core, does not move (an
//! empty [`Slide`]). A negative or NaN skin counts as 0. An empty mover (negative or NaN
//! radius) touches nothing and makes the whole motion. Obstacles that are empty are
//! passed through, as every query treats them.

use crate::motion::cast::{CastOptions, StartOverlap};
use crate::motion::ray::Hit;
use crate::num::{Num, Scalar};
use crate::query::Contact;
use crate::query::project::finite_point;
use crate::shape::{Aabb, Core, Shape};
use crate::vector::{Vector2, VectorOps, wide};

type S<V> = <V as Vector2>::Scalar;

/// The most pushes out of overlaps in one [`move_and_slide`].
pub const MAX_PUSHES: usize = 8;
/// The most planes (distinct surfaces touched) one [`move_and_slide`] remembers.
pub const MAX_PLANES: usize = 8;
/// Contacts looked at when the mover starts, deepest first.
const MAX_CONTACTS: usize = 8;

/// A set of obstacles the mover can query: the earliest touch of a moving shape, and the
/// contacts of a shape at rest.
///
/// Implemented for slices and arrays of any [`Shape`] (every obstacle is tested, after a
/// bounding-box check) and for [`Chain`](crate::Chain), whose joint rule drops the contacts and hits
/// that a vertex between two links would add. Implement it for your own broad phase by
/// handing the nearby shapes to the slice implementation.
///
/// # Examples
///
/// ```
/// use capsule2d::{Circle, Obstacles, Segment};
///
/// let walls = [Segment::new([0.0, 0.0], [4.0, 0.0]), Segment::new([4.0, 0.0], [4.0, 4.0])];
/// let ball = Circle::new([1.0, 2.0], 1.0);
/// let hit = walls[..].cast(&ball, [0.0, -4.0]).unwrap();
/// assert_eq!((hit.time, hit.normal), (0.25, [0.0, 1.0]));
/// ```
pub trait Obstacles<V: Vector2> {
    /// The earliest touch of `mover` moving by `motion`, as
    /// [`Shape::cast`] with [`StartOverlap::IgnoreSeparating`] against each obstacle:
    /// an obstacle the mover already touches counts only when the motion presses into it.
    ///
    /// ```
    /// use capsule2d::{Circle, Obstacles, Segment};
    /// let floor = [Segment::new([-5.0, 0.0], [5.0, 0.0])];
    /// // Resting on the floor: sliding along it or leaving it hits nothing.
    /// let ball = Circle::new([0.0, 1.0], 1.0);
    /// assert!(floor[..].cast(&ball, [3.0, 0.0]).is_none());
    /// assert_eq!(floor[..].cast(&ball, [1.0, -1.0]).unwrap().time, 0.0);
    /// ```
    fn cast<M: Shape<V> + ?Sized>(&self, mover: &M, motion: V) -> Option<Hit<V>>;

    /// Every contact of `mover` with the obstacles (touching counts), deepest first,
    /// written to `out`; returns how many were written. When `out` is too short the
    /// deepest `out.len()` are kept.
    ///
    /// ```
    /// use capsule2d::{Circle, Contact, Obstacles, Segment};
    /// let corner = [Segment::new([0.0, 0.0], [4.0, 0.0]), Segment::new([0.0, 0.0], [0.0, 4.0])];
    /// let mut out = [Contact::default(); 4];
    /// let n = corner[..].contacts(&Circle::new([1.0, 0.5], 1.0), &mut out);
    /// assert_eq!(n, 2);
    /// assert_eq!((out[0].normal, out[0].depth), ([0.0, 1.0], 0.5));
    /// ```
    fn contacts<M: Shape<V> + ?Sized>(&self, mover: &M, out: &mut [Contact<V>]) -> usize;
}

impl<V: Vector2, T: Shape<V>> Obstacles<V> for [T] {
    fn cast<M: Shape<V> + ?Sized>(&self, mover: &M, motion: V) -> Option<Hit<V>> {
        let reach = swept_box(mover, motion);
        let options = CastOptions::default().with_start(StartOverlap::IgnoreSeparating);
        let mut best: Option<Hit<V>> = None;
        for obstacle in self {
            if !reach.intersects(&obstacle.aabb()) {
                continue;
            }
            if let Some(hit) = mover.cast(obstacle, motion, options)
                && best.is_none_or(|b| hit.time < b.time)
            {
                best = Some(hit);
            }
        }
        best
    }

    fn contacts<M: Shape<V> + ?Sized>(&self, mover: &M, out: &mut [Contact<V>]) -> usize {
        let reach = swept_box(mover, V::zero());
        let mut count = 0;
        for obstacle in self {
            if !reach.intersects(&obstacle.aabb()) {
                continue;
            }
            if let Some(contact) = mover.contact(obstacle) {
                count = insert_deepest(out, count, contact, |c| c.depth);
            }
        }
        count
    }
}

impl<V: Vector2, T: Shape<V>, const N: usize> Obstacles<V> for [T; N] {
    #[inline]
    fn cast<M: Shape<V> + ?Sized>(&self, mover: &M, motion: V) -> Option<Hit<V>> {
        self[..].cast(mover, motion)
    }

    #[inline]
    fn contacts<M: Shape<V> + ?Sized>(&self, mover: &M, out: &mut [Contact<V>]) -> usize {
        self[..].contacts(mover, out)
    }
}

/// Inserts `item` into the prefix `out[..count]`, kept sorted deepest first (ties keep
/// their order), dropping the shallowest when `out` is full; returns the new count.
pub(crate) fn insert_deepest<T: Copy, D: PartialOrd>(
    out: &mut [T],
    count: usize,
    item: T,
    depth: impl Fn(&T) -> D,
) -> usize {
    let mut at = count.min(out.len());
    while at > 0 && depth(&out[at - 1]) < depth(&item) {
        at -= 1;
    }
    if at >= out.len() {
        return count;
    }
    let end = count.min(out.len() - 1);
    let mut k = end;
    while k > at {
        out[k] = out[k - 1];
        k -= 1;
    }
    out[at] = item;
    (count + 1).min(out.len())
}

/// The box around `mover` over its motion, grown by a sixteenth of its reach so that
/// rounding in the boxes never hides an obstacle the exact queries would touch.
pub(crate) fn swept_box<V: Vector2, M: Shape<V> + ?Sized>(mover: &M, motion: V) -> Aabb<V> {
    let core = mover.core();
    let radius = mover.radius();
    let start = Aabb::around(core, radius);
    let end = Aabb::around(translate(core, motion), radius);
    let size = start.extents();
    let reach = size
        .x()
        .add(size.y())
        .add(motion.x().abs())
        .add(motion.y().abs());
    start
        .merge(&end)
        .expanded(reach.half().half().half().half())
}

/// `core` moved by `by`.
#[inline]
pub(crate) fn translate<V: Vector2>(core: Core<V>, by: V) -> Core<V> {
    match core {
        Core::Point(p) => Core::Point(p.add(by)),
        Core::Segment(a, b) => Core::Segment(a.add(by), b.add(by)),
    }
}

/// The options of [`move_and_slide`]: the skin kept between the mover and the
/// obstacles, and how many casts one move may make.
///
/// ```
/// use capsule2d::SlideOptions;
/// let options = SlideOptions::new(0.01_f32);
/// assert_eq!((options.skin, options.max_moves), (0.01, 4));
/// assert_eq!(options.with_max_moves(8).max_moves, 8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SlideOptions<S> {
    /// The gap kept between the mover and every obstacle: casts stop the mover this far
    /// from what it hits, and overlaps push it out to this gap. A body at rest stays
    /// between `skin / 2` and `skin` away. Negative or NaN counts as 0.
    pub skin: S,
    /// The most casts in one move (4 by default): each hit uses one, and the motion left
    /// after the last is dropped.
    pub max_moves: usize,
}

impl<S> SlideOptions<S> {
    /// Options with gap `skin` and four casts a move.
    ///
    /// ```
    /// use capsule2d::SlideOptions;
    /// assert_eq!(SlideOptions::new(0.5).max_moves, 4);
    /// ```
    #[inline]
    pub const fn new(skin: S) -> Self {
        Self { skin, max_moves: 4 }
    }

    /// The same options with at most `max_moves` casts a move.
    ///
    /// ```
    /// use capsule2d::SlideOptions;
    /// assert_eq!(SlideOptions::new(0.5).with_max_moves(2).max_moves, 2);
    /// ```
    #[inline]
    #[must_use]
    pub fn with_max_moves(self, max_moves: usize) -> Self {
        Self { max_moves, ..self }
    }
}

/// What one [`move_and_slide`] did: how far the mover went and which surfaces it
/// touched on the way.
///
/// ```
/// use capsule2d::{move_and_slide, Circle, Segment, SlideOptions};
/// let floor = [Segment::new([-10.0, 0.0], [10.0, 0.0])];
/// let ball = Circle::new([0.0, 2.0], 1.0);
/// // Thrown down and to the right: lands, then slides along the floor.
/// let slide = move_and_slide(&ball, [2.0, -2.0], &floor, &SlideOptions::new(0.125));
/// assert_eq!(slide.normals(), &[[0.0, 1.0]]);
/// assert_eq!(slide.hits, 1);
/// let landed = ball.translated(slide.translation);
/// // A skin (0.125) above the floor, plus the sliver (2⁻¹⁰ of the motion) the clip
/// // points away from it.
/// assert!(landed.center[1] >= 1.125 && landed.center[1] < 1.13);
/// assert!(landed.center[0] > 1.99);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slide<V> {
    /// How far the mover went: add it to the mover's position
    /// (`shape.translated(slide.translation)`).
    pub translation: V,
    /// The motion that was clipped away or left after the last cast: `motion −
    /// translation` when nothing pushed the mover out of an overlap.
    pub blocked: V,
    /// Casts that ended at a touch.
    pub hits: usize,
    /// Pushes out of overlaps deeper than half the skin.
    pub pushes: usize,
    /// Casts made.
    pub moves: usize,
    normals: [V; MAX_PLANES],
    planes: usize,
}

impl<V: Vector2> Slide<V> {
    fn still() -> Self {
        Self {
            translation: V::zero(),
            blocked: V::zero(),
            hits: 0,
            pushes: 0,
            moves: 0,
            normals: [V::zero(); MAX_PLANES],
            planes: 0,
        }
    }

    /// The unit normals of the surfaces the mover touched (at its start or where a cast
    /// stopped it), each facing the mover, oldest first; nearly equal normals are kept
    /// once.
    ///
    /// ```
    /// use capsule2d::{move_and_slide, Circle, Segment, SlideOptions};
    /// let walls = [Segment::new([0.0, 0.0], [9.0, 0.0])];
    /// let free = move_and_slide(&Circle::new([1.0, 5.0], 1.0), [1.0, 0.0], &walls, &SlideOptions::new(0.1));
    /// assert!(free.normals().is_empty());
    /// ```
    #[inline]
    pub fn normals(&self) -> &[V] {
        &self.normals[..self.planes]
    }

    /// `velocity` clipped against every surface touched, as the motion was (see
    /// [`clip`]): the velocity to carry into the next step. Never longer than
    /// `velocity`, so contacts never add kinetic energy.
    ///
    /// ```
    /// use capsule2d::{move_and_slide, Circle, Segment, SlideOptions};
    /// let floor = [Segment::new([-10.0, 0.0], [10.0, 0.0])];
    /// let ball = Circle::new([0.0, 1.1], 1.0);
    /// let slide = move_and_slide(&ball, [0.5, -0.5], &floor, &SlideOptions::new(0.1));
    /// let v = slide.clip([3.0, -3.0]);
    /// assert_eq!(v[0], 3.0);
    /// assert!(v[1] >= 0.0 && v[1] < 0.01);
    /// ```
    #[inline]
    pub fn clip(&self, velocity: V) -> V {
        clip(velocity, self.normals())
    }

    /// Remembers `normal` as a plane: replaces a nearly equal one, or is added. Returns
    /// false when there is no room.
    fn add_plane(&mut self, normal: V) -> bool {
        let one = S::<V>::ONE;
        // Within 2^-12 of parallel: the same surface, seen again after rounding.
        let near = one.sub(one.half_times(12));
        for plane in &mut self.normals[..self.planes] {
            if plane.dot(normal) > near {
                *plane = normal;
                return true;
            }
        }
        if self.planes < MAX_PLANES {
            self.normals[self.planes] = normal;
            self.planes += 1;
            true
        } else {
            false
        }
    }
}

/// The motion nearest `v` that presses into none of the `planes` (unit normals, each
/// facing the mover): `v` itself when `v · n ≥ 0` for every `n`; otherwise the longest
/// of the projections of `v` on one plane that respects all the others; otherwise zero.
///
/// In 2D this is the exact nearest point of the cone of allowed motions: the nearest
/// point of a cone lies inside it, on one of its edges, or at its apex. A projection
/// removes the pressing part `(v · n) n` and adds back a sliver pointing away from the
/// plane, `min(2⁻¹⁰ (|v.x| + |v.y|), |v · n|)`, so that rounding never leaves a sliding
/// motion pressing into the plane it slides on; the result is never longer than `v`
/// (up to rounding).
///
/// ```
/// use capsule2d::response::clip;
/// // Along a floor: the downward part goes, and a sliver (2⁻¹⁰ of |2| + |−1|) points up.
/// let v = clip([2.0, -1.0], &[[0.0, 1.0]]);
/// assert_eq!(v, [2.0, 3.0 / 1024.0]);
/// // Into an acute corner (a floor and a wall leaning over it): nothing is allowed.
/// let wall = [-0.6, -0.8];
/// assert_eq!(clip([1.0, -1.0], &[[0.0, 1.0], wall]), [0.0, 0.0]);
/// // Away from both: unchanged.
/// assert_eq!(clip([-1.0, 0.5], &[[0.0, 1.0], wall]), [-1.0, 0.5]);
/// ```
pub fn clip<V: Vector2>(v: V, planes: &[V]) -> V {
    let zero = S::<V>::ZERO;
    let allowed = |w: V| planes.iter().all(|n| !(w.dot(*n) < zero));
    if allowed(v) {
        return v;
    }
    let mut best: Option<(V, S<V>)> = None;
    for n in planes {
        let pressing = v.dot(*n);
        if !(pressing < zero) {
            continue;
        }
        let Some(w) = project_away(v, *n, pressing) else {
            continue;
        };
        if allowed(w) {
            let length = w.length_squared();
            if best.is_none_or(|(_, l)| length > l) {
                best = Some((w, length));
            }
        }
    }
    best.map_or(V::zero(), |(w, _)| w)
}

/// `v` with its part along `n` (`pressing = v · n < 0`) replaced by `2⁻¹⁰` of it
/// pointing away; `None` when rounding still leaves it pressing into `n`.
fn project_away<V: Vector2>(v: V, n: V, pressing: S<V>) -> Option<V> {
    let zero = S::<V>::ZERO;
    let away = pressing.neg();
    // The sliver: 2⁻¹⁰ of the motion's size `|x| + |y|`, above the rounding of a unit
    // normal and of the dot products with it (a few 2⁻¹⁶ in 16-fraction-bit fixed point),
    // so that the next contact, computed afresh, does not see the motion press; but never
    // more than the pressing part, so that the result is never longer than `v`.
    let size = v.x().abs().add(v.y().abs());
    let sliver = size.half_times(10).min(away);
    let mut w = v.add(n.scale(away.add(sliver)));
    // A pressing part far below the rounding of `v` can survive the projection; push
    // away by growing amounts, then give up (the caller then tries the next candidate).
    for _ in 0..4 {
        let left = w.dot(n);
        if !(left < zero) {
            return w.x().is_finite().then_some(w);
        }
        let push = left.neg();
        w = w.add(n.scale(push.add(push).add(push).add(push)));
    }
    None
}

/// A mover grown by the skin, at an offset from where it started.
struct Grown<V: Vector2> {
    core: Core<V>,
    radius: S<V>,
}

impl<V: Vector2> Shape<V> for Grown<V> {
    #[inline]
    fn core(&self) -> Core<V> {
        self.core
    }

    #[inline]
    fn radius(&self) -> S<V> {
        self.radius
    }
}

/// Moves `mover` by `motion` through `world`, sliding along what it meets; see the module
/// docs for the four phases and the guarantees. Returns how far it went and what it
/// touched; apply it with `mover.translated(slide.translation)`. Never panics; nothing
/// allocates.
///
/// # Examples
///
/// A capsule character walking into a corner slides along the floor, stops at the wall,
/// and keeps the skin from both:
///
/// ```
/// use capsule2d::{move_and_slide, Capsule, Segment, Shape, SlideOptions};
///
/// let room = [
///     Segment::new([-10.0, 0.0], [10.0, 0.0]), // floor
///     Segment::new([4.0, 0.0], [4.0, 10.0]),   // wall
/// ];
/// let options = SlideOptions::new(0.05);
/// let mut body = Capsule::new([0.0, 1.0], [0.0, 2.0], 0.5);
/// for _ in 0..100 {
///     let slide = move_and_slide(&body, [0.25, -0.25], &room, &options);
///     body = body.translated(slide.translation);
/// }
/// // Against the wall and on the floor, each about a skin away.
/// let gap_wall = 4.0 - (body.a[0] + 0.5);
/// let gap_floor = body.a[1] - 0.5;
/// assert!(gap_wall >= 0.025 && gap_wall <= 0.051, "{gap_wall}");
/// assert!(gap_floor >= 0.025 && gap_floor <= 0.051, "{gap_floor}");
/// assert!(room.iter().all(|wall| !body.intersects(wall)));
/// ```
pub fn move_and_slide<V, M, W>(
    mover: &M,
    motion: impl Into<V>,
    world: &W,
    options: &SlideOptions<S<V>>,
) -> Slide<V>
where
    V: Vector2,
    M: Shape<V> + ?Sized,
    W: Obstacles<V> + ?Sized,
{
    let zero = S::<V>::ZERO;
    let motion = motion.into();
    let mut slide = Slide::still();
    let core = mover.core();
    if !(finite_point(motion) && finite_core(core)) {
        return slide;
    }
    let radius = mover.radius();
    if !(radius >= zero) {
        slide.translation = motion;
        return slide;
    }
    let skin = if options.skin >= zero && options.skin.is_finite() {
        options.skin
    } else {
        zero
    };
    let grown = |offset: V| Grown {
        core: translate(core, offset),
        radius: radius.add(skin),
    };
    let mut offset = V::zero();
    let none = Contact {
        normal: V::zero(),
        depth: zero,
        point: V::zero(),
    };
    let mut contacts = [none; MAX_CONTACTS];

    // 1. Out of overlaps deeper than half the skin, deepest first.
    let tolerated = skin.half();
    let mut touching = 0;
    for pass in 0..=MAX_PUSHES {
        touching = world.contacts(&grown(offset), &mut contacts);
        if pass == MAX_PUSHES {
            break;
        }
        let Some(deep) = contacts[..touching].iter().find(|c| c.depth > tolerated) else {
            break;
        };
        let next = offset.add(deep.offset());
        if !finite_point(next) || wide::coincide(next, offset) {
            break;
        }
        offset = next;
        slide.pushes += 1;
    }

    // 2. The surfaces touched at the start are planes.
    for c in &contacts[..touching] {
        slide.add_plane(c.normal);
    }

    // 3, 4. Clip, cast, repeat.
    let mut remaining = clip(motion, slide.normals());
    for _ in 0..options.max_moves {
        if wide::coincide(remaining, V::zero()) {
            break;
        }
        slide.moves += 1;
        match world.cast(&grown(offset), remaining) {
            None => {
                offset = offset.add(remaining);
                remaining = V::zero();
            }
            Some(hit) => {
                slide.hits += 1;
                let time = hit.time.max(zero).min(S::<V>::ONE);
                let moved = remaining.scale(time);
                offset = offset.add(moved);
                remaining = remaining.sub(moved);
                if !slide.add_plane(hit.normal) {
                    remaining = V::zero();
                }
                remaining = clip(remaining, slide.normals());
            }
        }
    }
    if !finite_point(offset) {
        return Slide::still();
    }
    slide.translation = offset;
    slide.blocked = motion.sub(offset);
    slide
}

/// Whether the core's points are finite.
#[inline]
fn finite_core<V: Vector2>(core: Core<V>) -> bool {
    match core {
        Core::Point(p) => finite_point(p),
        Core::Segment(a, b) => finite_point(a) && finite_point(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_keeps_the_deepest() {
        let mut out = [0i32; 3];
        let mut n = 0;
        for d in [2, 5, 1, 7, 3] {
            n = insert_deepest(&mut out, n, d, |x| *x);
        }
        assert_eq!((n, out), (3, [7, 5, 3]));
    }

    // `f64` is a scalar with `std` or `libm`; its `cos` and `sin` need `std`.
    #[cfg(feature = "std")]
    #[test]
    fn clip_never_lengthens() {
        let planes = [[0.0_f64, 1.0], [-0.6, 0.8]];
        for k in 0..64 {
            let angle = f64::from(k) * core::f64::consts::TAU / 64.0;
            let v = [angle.cos() * 3.0, angle.sin() * 3.0];
            let w = clip(v, &planes);
            assert!(w.length_squared() <= v.length_squared());
            assert!(planes.iter().all(|n| w.dot(*n) >= 0.0), "{v:?} -> {w:?}");
        }
    }
}
