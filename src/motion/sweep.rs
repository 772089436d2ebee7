//! Swept circles: the first time a moving circle touches a shape ([`Hit`]).
//!
//! A circle of radius `r` moving by `motion` first touches a shape when its centre,
//! moving along the same motion, enters the shape inflated by `r`. A circle inflated by
//! `r` is a circle, a segment inflated is a capsule and a capsule inflated is a fatter
//! capsule, so every sweep is one ray cast against an inflated core (the kernel of
//! [`crate::Ray`]), analytic, with no iteration.
//!
//! Speculative contacts (contacts within a margin) are
//! [`Shape::contact_with_margin`](crate::Shape::contact_with_margin).

use crate::motion::ray::{Hit, cast_core};
use crate::motion::wall::Outlook;
use crate::num::{Num, Scalar, cold};
use crate::query::project::{self, finite_point};
use crate::shape::{Circle, Shape};
use crate::vector::{Vector2, VectorOps};

/// Sweeps `circle` by `motion` against the core `ab` inflated by `radius_y`, all inline:
/// the certified fast cast, else [`sweep_rest`].
fn sweep_core<V: Vector2>(
    circle: &Circle<V>,
    motion: V,
    a: V,
    b: V,
    radius_y: V::Scalar,
) -> Option<Hit<V>> {
    if let Some(found) = certified(circle, motion, a, b, radius_y) {
        return certified_hit(found?, radius_y);
    }
    sweep_rest(circle, motion, a, b, radius_y)
}

/// The certified fast sweep of `circle` by `motion` against the core `ab` inflated by
/// `radius_y` (floats): `Some(Some((time, normal, core point)))` for a hit, `Some(None)`
/// for a miss, `None` where it does not answer.
#[inline(always)]
#[allow(clippy::type_complexity)]
fn certified<V: Vector2>(
    circle: &Circle<V>,
    motion: V,
    a: V,
    b: V,
    radius_y: V::Scalar,
) -> Option<Option<(V::Scalar, [V::Scalar; 2], [V::Scalar; 2])>> {
    let xy = project::xy::<V>;
    V::Scalar::cast_certified(
        xy(circle.center),
        xy(motion),
        [xy(a), xy(b)],
        [circle.radius, radius_y],
        V::Scalar::ONE,
    )
}

/// The hit of a certified sweep: at `time`, with `normal`, touching at `core` pushed out
/// by `radius_y`.
#[inline(always)]
fn certified_hit<V: Vector2>(
    (time, normal, core): (V::Scalar, [V::Scalar; 2], [V::Scalar; 2]),
    radius_y: V::Scalar,
) -> Option<Hit<V>> {
    let normal = V::new(normal[0], normal[1]);
    let point = V::new(core[0], core[1]).add(normal.scale(radius_y));
    finite_point(point).then_some(Hit {
        time,
        normal,
        point,
    })
}

/// The sweep where the certified fast cast did not answer: fixed point's float filter
/// (certainly too far to touch, or a start certainly clear), then the careful kernel.
#[inline(always)]
fn sweep_rest<V: Vector2>(
    circle: &Circle<V>,
    motion: V,
    a: V,
    b: V,
    radius_y: V::Scalar,
) -> Option<Hit<V>> {
    let xy = project::xy::<V>;
    let (outlook, wall) = V::Scalar::path_outlook(
        xy(circle.center),
        xy(motion),
        V::Scalar::ONE,
        [xy(a), xy(b)],
        [circle.radius, radius_y],
        true,
    );
    if outlook == Some(true) {
        return None;
    }
    let clear = (outlook == Some(false)).then_some(wall);
    sweep_careful(circle, motion, a, b, radius_y, clear)
}

/// [`sweep_rest`]'s careful kernel alone; `clear`: the circle is known to be apart
/// from the shape at the start, with what is known of the wall test (`cast_core`).
#[inline]
pub(crate) fn sweep_careful<V: Vector2>(
    circle: &Circle<V>,
    motion: V,
    a: V,
    b: V,
    radius_y: V::Scalar,
    clear: Option<Outlook>,
) -> Option<Hit<V>> {
    let zero = V::Scalar::ZERO;
    // The reach, a root, only for a candidate, and first where the start is known clear
    // (as in `Ray::cast_careful`).
    let early = clear.map(|_| motion.length());
    let cast = cast_core(
        circle.center,
        motion,
        a,
        b,
        (circle.radius, radius_y),
        clear,
    )?;
    let reach = early.unwrap_or_else(|| motion.length());
    let reach = if reach.is_finite() { reach } else { zero };
    if cast.inside.is_none() && !(cast.distance <= reach) {
        return None;
    }
    let (time, point) = match cast.inside {
        Some(contact) => (zero, contact.point),
        None => {
            let time = cast.distance.div(reach).min(V::Scalar::ONE).max(zero);
            (time, cast.core_point.add(cast.normal.scale(radius_y)))
        }
    };
    (finite_point(point) && time.is_finite()).then_some(Hit {
        time,
        normal: cast.normal,
        point,
    })
}

impl<V: Vector2> Circle<V> {
    /// Sweeps the circle by `motion` against `other`: the first touch, if any, with
    /// [`Hit::time`] the fraction of `motion` travelled, in `[0, 1]`.
    ///
    /// A ray from the centre along `motion` against `other` grown by the circle's radius
    /// (a circle, a segment or a capsule grown by a radius is a circle or a capsule), so
    /// it is analytic and cannot tunnel. `point` is on `other`'s surface, and `normal`
    /// the contact normal there, from `other` towards the circle.
    ///
    /// - Touching or overlapping at the start gives time 0 and the normal and point of
    ///   [`contact`](crate::Shape::contact), whatever the direction of `motion` (to let a
    ///   body resting on a wall move away, ignore a time-0 hit whose normal faces along
    ///   `motion`, as [`Chain::sweep`](crate::Chain::sweep) does).
    /// - A zero `motion` hits only when already overlapping. An empty shape (negative or
    ///   NaN radius) hits nothing.
    ///
    /// ```
    /// use capsule2d::{Capsule, Circle, Segment};
    /// let wall = Segment::new([4.0, -1.0], [4.0, 1.0]);
    /// let ball = Circle::new([0.0, 0.0], 0.5);
    /// // Fast enough to pass the wall in one step, but the sweep catches it.
    /// let hit = ball.sweep(&wall, [10.0, 0.0]).unwrap();
    /// assert_eq!((hit.time, hit.normal, hit.point), (0.35, [-1.0, 0.0], [4.0, 0.0]));
    ///
    /// let bar = Capsule::new([0.0, 0.0], [4.0, 0.0], 0.5);
    /// let hit = Circle::new([6.0, 0.0], 0.5).sweep(&bar, [-4.0, 0.0]).unwrap();
    /// assert_eq!((hit.time, hit.normal, hit.point), (0.25, [1.0, 0.0], [4.5, 0.0]));
    /// ```
    #[inline]
    pub fn sweep<O: Shape<V> + ?Sized>(&self, other: &O, motion: impl Into<V>) -> Option<Hit<V>> {
        let motion = motion.into();
        let (a, b) = other.core().ends();
        V::Scalar::cast_layout(
            || sweep_core(self, motion, a, b, other.radius()),
            || match certified(self, motion, a, b, other.radius()) {
                Some(found) => certified_hit(found?, other.radius()),
                // The careful path reads the shape again, so that the loop keeps nothing
                // alive for it but the shape's address.
                None => cold(|| {
                    let (a, b) = other.core().ends();
                    sweep_rest(self, motion, a, b, other.radius())
                }),
            },
        )
    }
}
