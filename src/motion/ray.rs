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

use crate::motion::cap;
use crate::num::{Num, Scalar, Wide, earlier};
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
        self.cast_inflated(a, b, shape.radius(), max_time)
    }

    /// The cast against the core `ab` inflated by `radius`.
    #[inline]
    fn cast_inflated(&self, a: V, b: V, radius: S<V>, max_time: S<V>) -> Option<Hit<V>> {
        let zero = S::<V>::ZERO;
        if !(max_time >= zero) {
            return None;
        }
        if let Some(found) = S::<V>::cast_certified(
            project::xy(self.origin),
            project::xy(self.direction),
            [project::xy(a), project::xy(b)],
            [zero, radius],
            max_time,
        ) {
            let (time, normal, _) = found?;
            let point = self.at(time);
            return finite_point(point).then(|| Hit {
                time,
                point,
                normal: V::new(normal[0], normal[1]),
            });
        }
        // Fixed point's float filter: certainly too far to hit (the careful kernel would
        // answer "no hit" after all its roundings), or a start certainly clear.
        let outlook = S::<V>::path_outlook(
            project::xy(self.origin),
            project::xy(self.direction),
            max_time,
            [project::xy(a), project::xy(b)],
            [zero, radius],
        );
        if outlook == Some(true) {
            return None;
        }
        self.cast_careful(a, b, radius, max_time, outlook == Some(false))
    }

    /// [`cast_inflated`](Self::cast_inflated) by the careful kernel alone, for a
    /// `max_time ≥ 0`; `clear`: the origin is known to be outside the shape.
    #[inline]
    pub(crate) fn cast_careful(
        &self,
        a: V,
        b: V,
        radius: S<V>,
        max_time: S<V>,
        clear: bool,
    ) -> Option<Hit<V>> {
        let zero = S::<V>::ZERO;
        let cast = cast_core(self.origin, self.direction, a, b, (zero, radius), clear)?;
        // The speed only now, for a candidate: most casts miss before it is needed.
        let speed = self.direction.length();
        if cast.inside.is_none() {
            let reach = speed.mul(max_time);
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
/// against each core). No allocation: two cells on the caller's stack.
pub(crate) struct Frame<V: Vector2> {
    left: Cell<Option<V>>,
    length: Cell<Option<S<V>>>,
}

impl<V: Vector2> Frame<V> {
    /// Nothing formed yet.
    #[inline(always)]
    pub(crate) fn new() -> Self {
        Self {
            left: Cell::new(None),
            length: Cell::new(None),
        }
    }

    /// The unit left normal of `b − a` (`project::left_normal`).
    #[inline(always)]
    fn left(&self, a: V, b: V) -> V {
        self.left.get().unwrap_or_else(|| {
            let left = project::left_normal(a, b);
            self.left.set(Some(left));
            left
        })
    }

    /// `|b − a|`.
    #[inline(always)]
    fn length(&self, a: V, b: V) -> S<V> {
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
/// `path_outlook`), so the contact query would find nothing and is skipped.
#[inline]
pub(crate) fn cast_core<V: Vector2>(
    start: V,
    direction: V,
    a: V,
    b: V,
    (start_radius, core_radius): (S<V>, S<V>),
    clear: bool,
) -> Option<Cast<V>> {
    let zero = S::<V>::ZERO;
    if !(start_radius >= zero) || !(core_radius >= zero) {
        return None;
    }
    let shape = Capsule::new(a, b, core_radius);
    let touching = || Circle::new(start, start_radius).contact(&shape);
    if let Some(contact) = if clear { None } else { touching() } {
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
        &Frame::new(),
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
#[inline(always)]
pub(crate) fn cast_outside<V: Vector2>(
    start: V,
    (direction, low): (V, V),
    unit: V,
    a: V,
    b: V,
    radii: (S<V>, S<V>),
    frame: &Frame<V>,
) -> Option<Entry<V>> {
    let zero = S::<V>::ZERO;
    let finite = |candidate: Option<Entry<V>>| candidate.filter(|entry| entry.0.is_finite());
    let best = if wide::coincide(a, b) {
        finite(cap::disc(start, (direction, low), unit, a, radii))
    } else {
        // An entry through a side wall is *the* entry: the start is outside the convex
        // shape, and the wall point is where the path crosses its boundary inwards. Only
        // when no wall is met can the path enter through an end disc.
        let wall = side(start, (direction, low), unit, a, b, radii, frame);
        finite(wall).or_else(|| {
            // Only the earlier entry's normal is formed, and `b`'s only where it can come
            // before `a`'s (which wins a tie).
            let disc = |c: V, horizon| {
                cap::disc_lazy(start, (direction, low), unit, c, radii, horizon)
                    .filter(|entry| entry.0.is_finite())
            };
            let from_a = disc(a, None);
            let from_b = disc(b, from_a.as_ref().map(|entry| entry.0));
            earlier(from_a, from_b).map(|(distance, normal, c)| (distance, normal.resolve(), c))
        })
    };
    let (distance, normal, core_point) = best?;
    Some((distance.max(zero), normal, core_point))
}

/// The sign of a wide value: -1, 0 or 1 (0 for NaN).
#[inline]
fn sign<T: Wide>(v: T) -> i8 {
    if v > T::ZERO {
        1
    } else if v < T::ZERO {
        -1
    } else {
        0
    }
}

/// A bare segment's wall entry, checked: the point found must lie on the segment. It does
/// unless the path runs nearly along the segment's line, where `σ₀ / |u · n|` divides two
/// near-zeros and rounding can put the point anywhere along the line (a hit at time 0 for
/// a segment still 3 units ahead, in tests/cast.rs): then the exact [`crossing`].
#[inline]
fn on_segment<V: Vector2>(
    wall: Option<Entry<V>>,
    start: V,
    unit: V,
    a: V,
    b: V,
) -> Option<Entry<V>> {
    let (_, _, point) = wall?;
    let v = b.sub(a);
    let along = wide::dot(point.sub(a), v);
    if along >= <W<V> as Wide>::ZERO && along <= wide::dot(v, v) {
        wall
    } else {
        crossing(start, unit, a, b)
    }
}

/// Where the path from `start` along the unit vector `unit` first meets segment `ab`, for
/// a start off the segment's line: a crossing decided by four exact orientation tests on
/// the path from `start` to a point past the segment, placed at the crossing ratio of
/// [`Scalar::crossing_ratios`] (accurate at any angle, so a path nearly along the
/// segment's line is placed where it really crosses, not where the rounding of a
/// near-zero cross product puts it). A start on the line is left to the endpoints (the
/// discs of radius 0). The caller compares the distance with the reach.
#[cold]
#[inline(never)]
fn crossing<V: Vector2>(start: V, unit: V, a: V, b: V) -> Option<Entry<V>> {
    use core::cmp::Ordering::{Equal, Greater};
    // Every point of the segment is within `|start − a| + |b − a|` of the start.
    let span = start.sub(a).length().add(b.sub(a).length());
    let end = start.add(unit.scale(span.add(span)));
    if !finite_point(end) {
        return None;
    }
    let xy = project::xy::<V>;
    let from_start = S::<V>::orient(xy(a), xy(b), xy(start));
    let from_end = S::<V>::orient(xy(a), xy(b), xy(end));
    if from_start == Equal || from_start == from_end {
        return None;
    }
    let side_a = S::<V>::orient(xy(start), xy(end), xy(a));
    let side_b = S::<V>::orient(xy(start), xy(end), xy(b));
    if side_a != Equal && side_a == side_b {
        return None;
    }
    let (t, _) = S::<V>::crossing_ratios(xy(a), xy(b), xy(start), xy(end));
    let left = project::left_normal(a, b);
    let normal = if from_start == Greater {
        left
    } else {
        left.neg()
    };
    let offset = end.sub(start).scale(t);
    Some((offset.length(), normal, start.add(offset)))
}

/// Entry through one of the two side walls of segment `ab` inflated by `radius`, for a
/// start outside the slab `|σ| ≤ radius`.
#[inline]
fn side<V: Vector2>(
    start: V,
    (direction, low): (V, V),
    unit: V,
    a: V,
    b: V,
    radii: (S<V>, S<V>),
    frame: &Frame<V>,
) -> Option<Entry<V>> {
    let zero = S::<V>::ZERO;
    let radius = radii.0.add(radii.1);
    let v = b.sub(a);
    let w = start.sub(a);
    let h1 = wide::cross(v, direction);
    let h0 = wide::cross(v, w);
    // Within about 2⁻¹⁴ radians of parallel the rounded signs and distance below are
    // ill-conditioned, and for a bare segment so are the signs that decide whether the
    // path crosses the line between its ends when it passes within rounding of an end
    // or starts within rounding of the line: the exact entry (floats) decides and
    // measures instead. Fixed point's wide products are exact (no filter needed).
    // Fixed point's products and signs are exact: no filter, and the crossing signs of a
    // bare segment are formed only where they are asked.
    let exact = <W<V> as Wide>::EXACT_PRODUCTS;
    let size = |p: V| p.x().abs().add(p.y().abs());
    let (size_v, size_d) = (size(v), size(direction));
    let slant = size_v.mul(size_d).mul(S::<V>::ONE.half_times(14));
    let parallel = !exact && !(h1.abs() > slant.mul_wide(S::<V>::ONE));
    let roundoff = S::<V>::unit_roundoff();
    // For a bare segment: `h0`, `(a − start) × d = −(w × d)` and `(b − start) × d` each
    // err by at most `8 roundoff (|d|₁ + |v|₁)(|w|₁ + |v|₁)` (a bound on all three).
    let crossing_signs = || {
        (
            wide::cross(direction, a.sub(start)),
            wide::cross(direction, b.sub(start)),
        )
    };
    let (across_a, across_b) = if radius == zero && !exact {
        crossing_signs()
    } else {
        (<W<V> as Wide>::ZERO, <W<V> as Wide>::ZERO)
    };
    let bare_uncertain = !exact && radius == zero && roundoff != zero && {
        let bound = roundoff.mul(size_d.add(size_v)).mul(size(w).add(size_v));
        let bound = bound.add(bound).add(bound).add(bound);
        let bound = bound.add(bound).mul_wide(S::<V>::ONE);
        !(h0.abs() > bound && across_a.abs() > bound && across_b.abs() > bound)
    };
    // A start within rounding of the slab's edge `|σ| = r` (floats): the rounded slab test
    // below could call it inside the slab although it is outside, skip the wall, and
    // report a later entry through an end disc or none at all (a start 6e-18 outside,
    // moving straight in, reported time 0.047 for an exact 1e-18): decided exactly
    // instead. `h0` errs by at most `8 roundoff |v|₁ |w|₁`, `r |v|` by `8 roundoff` of
    // itself.
    let slab_uncertain = !exact && radius != zero && roundoff != zero && {
        let r_length = radius.mul(v.length());
        let bound = roundoff
            .mul(size_v)
            .mul(size(w))
            .add(roundoff.mul(r_length));
        let bound = bound.add(bound).add(bound).add(bound);
        let bound = bound.add(bound).mul_wide(S::<V>::ONE);
        !(h0.abs().sub(r_length.mul_wide(S::<V>::ONE)).abs() > bound)
    };
    if parallel || bare_uncertain || slab_uncertain {
        let exact = S::<V>::wall_entry(
            [start.x(), start.y()],
            [[direction.x(), low.x()], [direction.y(), low.y()]],
            [a.x(), a.y()],
            [b.x(), b.y()],
            [radii.0, radii.1],
        );
        if let Some(entry) = exact {
            let distance = entry?;
            let left = frame.left(a, b);
            let from_left = S::<V>::orient(project::xy(a), project::xy(b), project::xy(start));
            let from_left = from_left == core::cmp::Ordering::Greater;
            let normal = if from_left { left } else { left.neg() };
            return wall_point(
                start,
                unit,
                (a, b, frame),
                radius,
                (normal, from_left),
                distance,
            );
        }
    }
    // Exact signs for fixed point (rounded for floats, away from parallel): which side
    // the start is on, and whether it moves towards the line.
    let (s0, s1) = (sign(h0), sign(h1));
    if s0 == 0 || s0 * s1 >= 0 {
        return None;
    }
    // Outside the slab: σ₀² > r², i.e. h0² > r² |v|² (exact for fixed point). A "yes, inside"
    // may come from squares that overflowed or underflowed (inputs beyond about 2^±250 in
    // f64, 2^±30 in f32): then, and only then, asked again without the squares, rescaled
    // where needed (cold).
    let h0_abs = h0.abs();
    let inside =
        S::<V>::wide_product_le_certain(h0_abs, h0_abs, radius.mul_wide(radius), wide::dot(v, v));
    if inside.unwrap_or_else(|| within_slab_rescaled(v, w, radius)) {
        return None;
    }
    let left = frame.left(a, b);
    let normal = if s0 > 0 { left } else { left.neg() };
    let sigma = w.dot(normal);
    let rate = unit.dot(normal).abs();
    let distance = sigma.sub(radius).max(zero).div(rate);
    if !distance.is_finite() {
        return None;
    }
    if radius == zero {
        // The ray crosses the line between the endpoints (closed): exact signs for fixed
        // point, and for floats certain ones (the filter above).
        let (across_a, across_b) = if exact {
            crossing_signs()
        } else {
            (across_a, across_b)
        };
        let (sa, sb) = (sign(across_a), sign(across_b));
        if sa * sb > 0 {
            return None;
        }
        let core_point = start.add(unit.scale(distance));
        return on_segment(Some((distance, normal, core_point)), start, unit, a, b);
    }
    wall_point(
        start,
        unit,
        (a, b, frame),
        radius,
        (normal, s0 > 0),
        distance,
    )
}

/// Whether the start `a + w` lies within the slab `|σ| ≤ radius` of the line along `v`
/// through `a`, asked again after the squared test said so, as `|v × w| ≤ radius |v|`
/// (products of two inputs, not four) on `v`, `w` and `radius` scaled by the power of two
/// that brings their largest magnitude near 1 where needed: no square overflows or
/// underflows. Fixed point's squared test is exact and stands.
#[cold]
#[inline(never)]
fn within_slab_rescaled<V: Vector2>(v: V, w: V, radius: S<V>) -> bool {
    if <W<V> as Wide>::EXACT_PRODUCTS {
        return true;
    }
    let largest = S::<V>::largest_magnitude([v.x(), v.y(), w.x(), w.y(), radius]);
    let scale = S::<V>::rescale_factor(largest);
    let (v, w, radius) = if scale == S::<V>::ONE {
        (v, w, radius)
    } else {
        (v.scale(scale), w.scale(scale), radius.mul(scale))
    };
    let h0 = wide::cross(v, w).abs();
    !(h0 > radius.mul(v.length()).mul_wide(S::<V>::ONE))
}

/// The entry through the wall of segment `ab` facing `normal`, at `distance` along
/// `unit`, for a radius above 0: kept when the entry point projects onto the segment
/// (closed), else `None` (the end discs answer). `from_left`: whether `normal` is the
/// left normal of `b − a` (else its opposite). For a bare segment (radius 0) the
/// caller has decided the crossing already.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn wall_point<V: Vector2>(
    start: V,
    unit: V,
    (a, b, frame): (V, V, &Frame<V>),
    radius: S<V>,
    (normal, from_left): (V, bool),
    distance: S<V>,
) -> Option<Entry<V>> {
    let zero = S::<V>::ZERO;
    if radius != zero {
        let length = frame.length(a, b);
        // The unit vector along b − a: the left normal turned back a quarter turn.
        let along_unit = if from_left {
            V::new(normal.y(), normal.x().neg())
        } else {
            V::new(normal.y().neg(), normal.x())
        };
        let along = start
            .sub(a)
            .dot(along_unit)
            .add(distance.mul(unit.dot(along_unit)));
        if !(along >= zero && along <= length) {
            return None;
        }
    }
    let core_point = start.add(unit.scale(distance)).sub(normal.scale(radius));
    Some((distance, normal, core_point))
}
