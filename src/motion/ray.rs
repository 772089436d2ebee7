//! [`Ray`] and [`Hit`]: a half-line cast against any shape, analytically.
//!
//! Every cast is one kernel, [`cast_core`]: a point moving along a direction against a
//! *core* (a point or a segment) inflated by a radius. A circle is a point core, a segment
//! a core of radius zero, a capsule a core with its radius. The kernel also serves the
//! swept circles of [`crate::sweep`]: sweeping a circle is casting its centre against the
//! obstacle inflated by the circle's radius.
//!
//! The entry point is the smallest of up to four candidates, each solved in closed form:
//!
//! - the two side walls (the lines at `±radius` from the core's line), entered at distance
//!   `(|σ₀| − radius) / |u · n|`, where `σ₀` is the start's signed distance from the line,
//!   `n` the core's unit normal and `u` the unit direction; kept only where the entry point
//!   projects inside the core (for radius 0: where the ray passes between the endpoints,
//!   by the signs of two exact cross products);
//! - the two end discs: the smaller root of `|m + s u|² = radius²` with `m = start − c`,
//!   written `s = k² / (|m·u| + √(radius² − (m × u)²))` with `k² = |m|² − radius²`, a form
//!   with no cancellation (the discriminant `(m·u)² − k²` is taken as `radius² − (m × u)²`,
//!   which stays accurate when the start is far away).
//!
//! A start inside the inflated core (by the same predicate as the contact queries) hits
//! at distance 0 with the contact normal of the start point.

use core::cell::Cell;

use crate::motion::cap::{self, LazyEntry};
use crate::motion::wall::{Outlook, side};
use crate::num::{Num, Scalar, Wide, cold, earlier};
use crate::query::Contact;
use crate::query::project::{self, finite_point};
use crate::shape::{Capsule, Circle, Shape};
use crate::vector::wide::{self, W};
use crate::vector::{Vector2, VectorOps};

type S<V> = <V as Vector2>::Scalar;

/// A ray: the points `origin + t · direction` for `t ≥ 0`.
///
/// The direction need not be unit length: a cast's [`Hit::time`] is measured in
/// multiples of it, so with a unit direction the time is a distance and with a velocity
/// it is a time in seconds. Every cast takes a `max_time` and reports only hits with
/// `0 ≤ time ≤ max_time`.
///
/// - A ray that **starts inside** a shape (or on its boundary) hits at time 0, at its
///   origin, with the *contact normal of the origin point*: the unit vector from the
///   closest point of the shape's core (centre or segment) to the origin. When the origin
///   lies exactly on the core, the normal falls back to the crate's rule: the core's left
///   normal for a segment or capsule, `+x` for a circle's centre.
/// - A **zero direction** hits only when the origin is inside (time 0); otherwise it
///   finds nothing. It never divides by zero.
/// - A negative or NaN `max_time`, a negative or NaN radius, and NaN coordinates find
///   nothing. An infinite `max_time` (floats) is an unbounded ray.
///
/// # Examples
///
/// ```
/// use capsule2d::{Circle, Ray};
///
/// let ray = Ray::new([0.0, 0.0], [1.0, 0.0]);
/// let hit = ray.cast(&Circle::new([5.0, 0.0], 1.0), 10.0).unwrap();
/// assert_eq!(hit.time, 4.0);
/// assert_eq!(hit.point, [4.0, 0.0]);
/// assert_eq!(hit.normal, [-1.0, 0.0]);
/// // Too short to reach it:
/// assert!(ray.cast(&Circle::new([5.0, 0.0], 1.0), 3.5).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ray<V> {
    /// Where the ray starts.
    pub origin: V,
    /// The direction, in units of time: `origin + direction` is the point at time 1.
    pub direction: V,
}

/// Where a ray or a moving shape first meets a shape: the one hit type of the crate.
///
/// The time is counted in multiples of the motion: the hit is at `start + time · d`,
/// where `d` is the ray's direction ([`Ray::cast`]) or the sweep's motion
/// ([`Circle::sweep`], where `time` is then the fraction of the motion travelled, in
/// `[0, 1]`). A start that already touches or overlaps hits at time 0.
///
/// # Examples
///
/// ```
/// use capsule2d::{Circle, Ray, Segment};
///
/// let wall = Segment::new([3.0, -1.0], [3.0, 1.0]);
/// let hit = Ray::new([0.0, 0.0], [2.0, 0.0]).cast(&wall, 5.0).unwrap();
/// assert_eq!((hit.time, hit.point, hit.normal), (1.5, [3.0, 0.0], [-1.0, 0.0]));
/// // A ball of radius 0.5 moving by (4, 0) touches the wall after 2.5 of the 4 units:
/// // time 0.625, a fraction of the motion.
/// let hit = Circle::new([0.0, 0.0], 0.5).sweep(&wall, [4.0, 0.0]).unwrap();
/// assert_eq!((hit.time, hit.point, hit.normal), (0.625, [3.0, 0.0], [-1.0, 0.0]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hit<V, S = <V as Vector2>::Scalar> {
    /// The time of the hit, in multiples of the direction or motion: the start is at
    /// `start + time · d` when it first touches.
    pub time: S,
    /// The point of first touch, on the surface of the shape that was hit (for a ray
    /// that starts inside, its origin; for a sweep that starts overlapping, the contact
    /// point).
    pub point: V,
    /// The unit normal of the shape that was hit at `point`, facing the mover: the
    /// contact normal there (for a start inside, the contact normal of the start).
    pub normal: V,
}

impl<V> Ray<V> {
    /// The ray from `origin` along `direction`.
    ///
    /// ```
    /// use capsule2d::Ray;
    /// let ray = Ray::new([1.0, 2.0], [0.0, -1.0]);
    /// assert_eq!(ray.direction, [0.0, -1.0]);
    /// ```
    #[inline]
    pub fn new(origin: V, direction: impl Into<V>) -> Self {
        Self {
            origin,
            direction: direction.into(),
        }
    }
}

impl<V: Vector2> Ray<V> {
    /// The point `origin + time · direction`.
    ///
    /// ```
    /// use capsule2d::Ray;
    /// assert_eq!(Ray::new([1.0, 2.0], [2.0, 0.0]).at(1.5), [4.0, 2.0]);
    /// ```
    #[inline]
    pub fn at(&self, time: V::Scalar) -> V {
        self.origin.add(self.direction.scale(time))
    }

    /// The first hit of the ray on a shape, with `0 ≤ time ≤ max_time`.
    ///
    /// The shape is its core inflated by its radius, and the entry point is the smallest
    /// of up to four closed-form candidates: the two side walls of a segment core (at
    /// `±radius` from its line) and the two end discs (see the module docs).
    ///
    /// - A ray starting inside (or on the boundary) hits at time 0, at its origin, with
    ///   the contact normal of the origin: from the core's closest point to the origin;
    ///   the core's left normal for an origin on a segment core, `+x` at a circle's
    ///   centre.
    /// - A ray running along a segment's line hits the nearer endpoint with normal
    ///   `−direction / |direction|`. Rays through an endpoint hit (the segment is
    ///   closed), decided by exact cross products, so a ray through the joint of two
    ///   segments that share an endpoint always hits at least one of them.
    /// - A zero direction hits only from inside; a negative or NaN `max_time`, an empty
    ///   shape (negative or NaN radius) and NaN coordinates find nothing. An infinite
    ///   `max_time` (floats) is an unbounded ray.
    ///
    /// ```
    /// use capsule2d::{Capsule, Circle, Ray, Segment};
    /// let disc = Circle::new([0.0, 0.0], 2.0);
    /// let hit = Ray::new([0.0, 5.0], [0.0, -1.0]).cast(&disc, 10.0).unwrap();
    /// assert_eq!((hit.time, hit.normal), (3.0, [0.0, 1.0]));
    /// // Starting inside: time 0 and the outward normal at the origin.
    /// let inside = Ray::new([0.0, -1.0], [1.0, 0.0]).cast(&disc, 10.0).unwrap();
    /// assert_eq!((inside.time, inside.point, inside.normal), (0.0, [0.0, -1.0], [0.0, -1.0]));
    ///
    /// let pill = Capsule::new([0.0, 0.0], [4.0, 0.0], 1.0);
    /// let end = Ray::new([8.0, 0.0], [-2.0, 0.0]).cast(&pill, 10.0).unwrap();
    /// assert_eq!((end.time, end.point, end.normal), (1.5, [5.0, 0.0], [1.0, 0.0]));
    ///
    /// // Along a segment's line: the nearer endpoint, normal facing back.
    /// let floor = Segment::new([-1.0, 0.0], [1.0, 0.0]);
    /// let along = Ray::new([-3.0, 0.0], [1.0, 0.0]).cast(&floor, 5.0).unwrap();
    /// assert_eq!((along.time, along.point, along.normal), (2.0, [-1.0, 0.0], [-1.0, 0.0]));
    /// // Too short to reach:
    /// assert!(Ray::new([0.0, 5.0], [0.0, -1.0]).cast(&disc, 2.5).is_none());
    /// ```
    #[inline]
    pub fn cast<O: Shape<V> + ?Sized>(&self, shape: &O, max_time: V::Scalar) -> Option<Hit<V>> {
        let (a, b) = shape.core().ends();
        S::<V>::cast_layout(
            || self.cast_inflated(a, b, shape.radius(), max_time),
            || {
                if !(max_time >= S::<V>::ZERO) {
                    return None;
                }
                match self.certified(a, b, shape.radius(), max_time) {
                    Some(found) => self.certified_hit(found?),
                    // The careful path reads the shape again, so that the loop keeps
                    // nothing alive for it but the shape's address.
                    None => cold(|| {
                        let (a, b) = shape.core().ends();
                        self.cast_rest(a, b, shape.radius(), max_time)
                    }),
                }
            },
        )
    }

    /// The cast against the core `ab` inflated by `radius`, all inline: the certified fast
    /// cast, else [`cast_rest`](Self::cast_rest).
    #[inline]
    fn cast_inflated(&self, a: V, b: V, radius: S<V>, max_time: S<V>) -> Option<Hit<V>> {
        if !(max_time >= S::<V>::ZERO) {
            return None;
        }
        if let Some(found) = self.certified(a, b, radius, max_time) {
            return self.certified_hit(found?);
        }
        self.cast_rest(a, b, radius, max_time)
    }

    /// The certified fast cast against the core `ab` inflated by `radius` (floats):
    /// `Some(Some((time, normal, core point)))` for a hit, `Some(None)` for a miss, `None`
    /// where it does not answer.
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn certified(
        &self,
        a: V,
        b: V,
        radius: S<V>,
        max_time: S<V>,
    ) -> Option<Option<(S<V>, [S<V>; 2], [S<V>; 2])>> {
        S::<V>::cast_certified(
            project::xy(self.origin),
            project::xy(self.direction),
            [project::xy(a), project::xy(b)],
            [S::<V>::ZERO, radius],
            max_time,
        )
    }

    /// The hit of a certified cast at `time` with `normal`.
    #[inline(always)]
    fn certified_hit(&self, (time, normal, _): (S<V>, [S<V>; 2], [S<V>; 2])) -> Option<Hit<V>> {
        let point = self.at(time);
        finite_point(point).then(|| Hit {
            time,
            point,
            normal: V::new(normal[0], normal[1]),
        })
    }

    /// The cast where the certified fast cast did not answer: fixed point's float filter
    /// (certainly too far to hit, where the careful kernel would answer "no hit" after all
    /// its roundings, or a start certainly clear), then the careful kernel.
    #[inline(always)]
    fn cast_rest(&self, a: V, b: V, radius: S<V>, max_time: S<V>) -> Option<Hit<V>> {
        let zero = S::<V>::ZERO;
        let (outlook, wall) = S::<V>::path_outlook(
            project::xy(self.origin),
            project::xy(self.direction),
            max_time,
            [project::xy(a), project::xy(b)],
            [zero, radius],
            true,
        );
        if outlook == Some(true) {
            return None;
        }
        self.cast_careful(
            a,
            b,
            radius,
            max_time,
            (outlook == Some(false)).then_some(wall),
        )
    }

    /// [`cast_rest`](Self::cast_rest)'s careful kernel alone, for a
    /// `max_time ≥ 0`; `clear`: the origin is known to be outside the shape, with what
    /// is known of the wall test ([`cast_core`]).
    #[inline]
    pub(crate) fn cast_careful(
        &self,
        a: V,
        b: V,
        radius: S<V>,
        max_time: S<V>,
        clear: Option<Outlook>,
    ) -> Option<Hit<V>> {
        let zero = S::<V>::ZERO;
        // The speed, a root, only for a candidate: most casts miss before it is needed.
        // Where a filter has found the start clear of the shape (fixed point), the cast
        // mostly hits, and the root is asked first, so that it runs alongside the entry
        // rather than after it (`docs/benchmarks.md`, stop 41).
        let early = clear.map(|_| self.direction.length());
        let cast = cast_core(self.origin, self.direction, a, b, (zero, radius), clear)?;
        let speed = early.unwrap_or_else(|| self.direction.length());
        if cast.inside.is_none() {
            // Fixed point's `speed · 1` is `speed` exactly (where one is representable): the
            // common whole-direction cast skips a product.
            let one = S::<V>::ONE;
            let identity = <W<V> as Wide>::EXACT_PRODUCTS && one.mul(one) == one;
            let reach = if identity && max_time == one {
                speed
            } else {
                speed.mul(max_time)
            };
            let reach = if reach.is_nan() { zero } else { reach };
            if !(cast.distance <= reach) {
                return None;
            }
        }
        let (time, point) = match cast.inside {
            Some(_) => (zero, self.origin),
            None => {
                let time = cast.distance.div(speed).min(max_time).max(zero);
                (time, self.at(time))
            }
        };
        finite_point(point).then_some(Hit {
            time,
            point,
            normal: cast.normal,
        })
    }
}

/// Where a cast first meets an inflated core.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cast<V: Vector2> {
    /// Distance travelled along the unit direction; zero when the start overlaps.
    pub(crate) distance: S<V>,
    /// Unit normal of the inflated core at the hit, facing the start.
    pub(crate) normal: V,
    /// The point of the core closest to the hit position.
    pub(crate) core_point: V,
    /// The contact of the start with the shape, when the start already overlapped.
    pub(crate) inside: Option<Contact<V>>,
}

/// A candidate entry: distance, normal, core point.
pub(crate) type Entry<V> = (S<V>, V, V);

/// What the casts of several starts against one segment `ab` share: its left normal and
/// its length, each formed once, when first asked for (a capsule cast runs two starts
/// against each core). No allocation: two cells on the caller's stack. For a single cast,
/// also what a filter knows of its wall test, where it has formed that.
pub(crate) struct Frame<V: Vector2> {
    left: Cell<Option<V>>,
    length: Cell<Option<S<V>>>,
    wall: Option<Outlook>,
}

impl<V: Vector2> Frame<V> {
    /// Nothing formed yet.
    #[inline(always)]
    pub(crate) fn new() -> Self {
        Self::knowing(None)
    }

    /// Nothing formed yet but, where given, the wall test's [`Outlook`] for the one cast
    /// made against it.
    #[inline(always)]
    pub(crate) fn knowing(wall: Option<Outlook>) -> Self {
        Self {
            left: Cell::new(None),
            length: Cell::new(None),
            wall,
        }
    }

    /// The wall test's [`Outlook`], where a filter formed it.
    #[inline(always)]
    pub(crate) fn wall(&self) -> Option<Outlook> {
        self.wall
    }

    /// The unit left normal of `b − a` (`project::left_normal`).
    #[inline(always)]
    pub(crate) fn left(&self, a: V, b: V) -> V {
        self.left.get().unwrap_or_else(|| {
            let left = project::left_normal(a, b);
            self.left.set(Some(left));
            left
        })
    }

    /// `|b − a|`.
    #[inline(always)]
    pub(crate) fn length(&self, a: V, b: V) -> S<V> {
        self.length.get().unwrap_or_else(|| {
            let length = b.sub(a).length();
            self.length.set(Some(length));
            length
        })
    }
}

/// Casts a circle of radius `start_radius` (0 for a ray) centred at `start`, moving along
/// `direction`, against the capsule of `core_radius` around segment `ab` (`a == b` for a
/// circle): the first entry at any distance (the caller compares it with its reach).
///
/// The start-inside test is the contact query itself ([`Shape::contact`](crate::Shape::contact) of a circle against a capsule), so a
/// cast hits at distance 0 exactly when that query reports a contact, with its normal.
///
/// `clear`: the start is known to be outside (a filter certified it, `Scalar`'s
/// `path_outlook`), so the contact query would find nothing and is skipped; with it, the
/// filter's [`Outlook`] of the wall test, which then need not be formed again.
#[inline]
pub(crate) fn cast_core<V: Vector2>(
    start: V,
    direction: V,
    a: V,
    b: V,
    (start_radius, core_radius): (S<V>, S<V>),
    clear: Option<Outlook>,
) -> Option<Cast<V>> {
    let zero = S::<V>::ZERO;
    if !(start_radius >= zero) || !(core_radius >= zero) {
        return None;
    }
    let shape = Capsule::new(a, b, core_radius);
    let touching = || Circle::new(start, start_radius).contact(&shape);
    if let Some(contact) = if clear.is_some() { None } else { touching() } {
        let core_point = contact.point.sub(contact.normal.scale(core_radius));
        return Some(Cast {
            distance: zero,
            normal: contact.normal,
            core_point,
            inside: Some(contact),
        });
    }
    let unit = direction.normalize()?;
    let (distance, normal, core_point) = cast_outside(
        start,
        (direction, V::zero()),
        unit,
        a,
        b,
        (start_radius, core_radius),
        (&Frame::knowing(clear), false),
    )?;
    Some(Cast {
        distance,
        normal,
        core_point,
        inside: None,
    })
}

/// [`cast_core`] for a start known to be outside the inflated core (its caller decided
/// that exactly): the entry `(distance, normal, core point)`, along `unit`
/// (`direction` normalised), against segment `ab` inflated by `radii.0 + radii.1` (kept
/// apart for the exact refinements, which add them exactly). `low` is the rounding error
/// of `direction` when it is a difference of motions (zero for a ray): the exact
/// refinements use `direction + low`. `frame`: the segment's normal and length, shared
/// with other casts against it.
///
/// `walls_only`: a proper segment's end discs are left out, the entry is through a side
/// wall or none (for a capsule cast whose other casts meet these discs already, see
/// `motion/cast.rs`).
#[inline(always)]
pub(crate) fn cast_outside<V: Vector2>(
    start: V,
    (direction, low): (V, V),
    unit: V,
    a: V,
    b: V,
    radii: (S<V>, S<V>),
    (frame, walls_only): (&Frame<V>, bool),
) -> Option<Entry<V>> {
    let zero = S::<V>::ZERO;
    let finite = |candidate: Option<Entry<V>>| candidate.filter(|entry| entry.0.is_finite());
    let best = if wide::coincide(a, b) {
        finite(cap::disc(start, (direction, low), unit, a, radii))
    } else {
        // An entry through a side wall is *the* entry: the start is outside the convex
        // shape, and the wall point is where the path crosses its boundary inwards. Only
        // when no wall is met can the path enter through an end disc.
        let (wall, b_nearer) = side(start, (direction, low), unit, a, b, radii, frame);
        finite(wall).or_else(|| {
            if walls_only {
                return None;
            }
            // Only the earlier entry's normal is formed. The nearer end's disc first (`a`'s
            // unless the filter saw the path enter the slab beyond `b`); the other's only
            // where it can come first: `b`'s where certainly before `a`'s (which wins a
            // tie), `a`'s where no later than `b`'s. Where the other disc's entry is
            // certainly later by distance alone (fixed point's filter), it is not cast.
            let disc = |c: V, horizon| {
                cap::disc_lazy(start, (direction, low), unit, c, radii, horizon)
                    .filter(|entry| entry.0.is_finite())
            };
            let xy = project::xy::<V>;
            let radius = radii.0.add(radii.1);
            let later = |c: V, first: &Option<LazyEntry<V>>| {
                first.as_ref().is_some_and(|entry| {
                    S::<V>::disc_entry_after(xy(start), xy(c), radius, entry.0)
                })
            };
            let (from_a, from_b) = if b_nearer {
                let from_b = disc(b, None);
                let horizon = from_b.as_ref().and_then(|entry| entry.0.next_up());
                let from_a = if later(a, &from_b) {
                    None
                } else {
                    disc(a, horizon)
                };
                (from_a, from_b)
            } else {
                let from_a = disc(a, None);
                let from_b = if later(b, &from_a) {
                    None
                } else {
                    disc(b, from_a.as_ref().map(|entry| entry.0))
                };
                (from_a, from_b)
            };
            earlier(from_a, from_b).map(|(distance, normal, c)| {
                (distance, normal.resolve(start, unit, (distance, c)), c)
            })
        })
    };
    let (distance, normal, core_point) = best?;
    Some((distance.max(zero), normal, core_point))
}
