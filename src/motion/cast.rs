//! Casts of any moving shape against any other, both translating ([`Shape::cast`](crate::Shape::cast)).
//!
//! Two shapes moving by `motion` and `other_motion` over a step meet when the receiver,
//! moving by the relative motion `d = motion − other_motion` against the other shape held
//! still, first comes within the sum of the radii of it. That is the ray kernel of
//! [`crate::Ray`] (a point moving against an inflated core) applied to the cores:
//!
//! - a point core against any core: one cast of the point along `d`;
//! - a segment core against a point core: one cast of the point along `−d` against the
//!   segment, the normal turned round;
//! - two segment cores: the first touch of two moving segments is always between an
//!   endpoint of one and the other segment (their Minkowski difference is a parallelogram
//!   whose edges are those endpoint–segment pairs, and a path from outside enters it
//!   through an edge), so it is the earliest of four casts: each end of `x` along `d`
//!   against `y`, and each end of `y` along `−d` against `x`. In other words the
//!   receiver's relative path against a rounded parallelogram, solved in closed form.
//!
//! Each cast is analytic (no iteration, no tolerance to tune), so a cast cannot tunnel
//! through a thin shape however fast it moves, and reports nothing that its exact
//! predicates do not see.

use crate::motion::ray::{Entry, Frame, Hit, cast_outside};
use crate::num::{Num, Scalar, Wide};
use crate::query;
use crate::query::project::{self, finite_point};
use crate::shape::Core;
use crate::vector::wide::{self, W};
use crate::vector::{Vector2, VectorOps};

type S<V> = <V as Vector2>::Scalar;

/// What a cast reports for shapes that already touch or overlap at its start.
///
/// ```
/// use capsule2d::{CastOptions, Circle, Segment, Shape, StartOverlap};
/// let floor = Segment::new([-5.0, 0.0], [5.0, 0.0]);
/// let resting = Circle::new([0.0, 1.0], 1.0);
/// // Leaving the floor: a hit at time 0 by default, none when separating is ignored.
/// let up = [0.0, 2.0];
/// assert_eq!(resting.cast(&floor, up, CastOptions::default()).unwrap().time, 0.0);
/// let leave = CastOptions::default().with_start(StartOverlap::IgnoreSeparating);
/// assert!(resting.cast(&floor, up, leave).is_none());
/// // Pressing into it is a hit at time 0 either way.
/// assert_eq!(resting.cast(&floor, [0.0, -2.0], leave).unwrap().time, 0.0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum StartOverlap {
    /// Report a hit at time 0, with the contact normal and point of
    /// [`contact`](crate::Shape::contact), whatever the motion.
    #[default]
    Hit,
    /// Report a hit at time 0 only when the relative motion presses the shapes together
    /// (it has a component against the contact normal); otherwise report nothing, so
    /// that a body resting on another moves away freely. Convex shapes moving in a
    /// straight line that separate at the start keep separating, so nothing is missed.
    IgnoreSeparating,
}

/// The options of [`Shape::cast`](crate::Shape::cast): the other shape's own motion over the step, and what
/// a touch at the start means.
///
/// ```
/// use capsule2d::{CastOptions, StartOverlap};
/// let options = CastOptions::default()
///     .with_other_motion([1.0, 0.0])
///     .with_start(StartOverlap::IgnoreSeparating);
/// assert_eq!(options.other_motion, [1.0, 0.0]);
/// assert_eq!(CastOptions::<[f64; 2]>::default().other_motion, [0.0, 0.0]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CastOptions<V> {
    /// How far the other shape moves over the same step (zero by default).
    pub other_motion: V,
    /// What a touch or overlap at the start reports.
    pub start: StartOverlap,
}

impl<V: Vector2> Default for CastOptions<V> {
    /// The other shape still, and a touch at the start a hit at time 0.
    #[inline]
    fn default() -> Self {
        Self {
            other_motion: V::new(S::<V>::ZERO, S::<V>::ZERO),
            start: StartOverlap::Hit,
        }
    }
}

impl<V> CastOptions<V> {
    /// The same options with the other shape moving by `other_motion` over the step.
    ///
    /// ```
    /// use capsule2d::CastOptions;
    /// let options = CastOptions::default().with_other_motion([0.0, -1.0]);
    /// assert_eq!(options.other_motion, [0.0, -1.0]);
    /// ```
    #[inline]
    #[must_use]
    pub fn with_other_motion(self, other_motion: V) -> Self {
        Self {
            other_motion,
            ..self
        }
    }

    /// The same options with `start` deciding what a touch at the start reports.
    ///
    /// ```
    /// use capsule2d::{CastOptions, StartOverlap};
    /// let options = CastOptions::<[f32; 2]>::default().with_start(StartOverlap::IgnoreSeparating);
    /// assert_eq!(options.start, StartOverlap::IgnoreSeparating);
    /// ```
    #[inline]
    #[must_use]
    pub fn with_start(self, start: StartOverlap) -> Self {
        Self { start, ..self }
    }
}

/// `a − b − x` for `x = a − b` rounded: the rounding error of the difference, exactly
/// (Knuth's two-difference), for floats; zero where the difference is exact.
#[inline(always)]
fn rounding_of_difference<T: Num>(a: T, b: T, x: T) -> T {
    let b_virtual = a.sub(x);
    let a_virtual = x.add(b_virtual);
    a.sub(a_virtual).add(b_virtual.sub(b))
}

/// Casts core `x` (radius `rx`), moving by `motion`, against core `y` (radius `ry`),
/// moving by `other_motion`. See [`Shape::cast`].
pub(crate) fn cast<V: Vector2>(
    (x, rx): (Core<V>, S<V>),
    (y, ry): (Core<V>, S<V>),
    motion: V,
    options: CastOptions<V>,
) -> Option<Hit<V>> {
    let zero = S::<V>::ZERO;
    if !(rx >= zero) || !(ry >= zero) {
        return None;
    }
    let d = motion.sub(options.other_motion);
    // The rounding error of `d` (zero in fixed point): the exact refinements of the cast
    // kernel use the relative motion itself, not its rounding.
    let low = V::new(
        rounding_of_difference(motion.x(), options.other_motion.x(), d.x()),
        rounding_of_difference(motion.y(), options.other_motion.y(), d.y()),
    );
    // The certified fast path (floats), where the relative motion is exact: a start
    // certified apart, and the earliest entry certified, or a certain miss.
    if low.x() == zero && low.y() == zero {
        let xy = |(a, b): (V, V)| [project::xy(a), project::xy(b)];
        let fast =
            S::<V>::cast_cores_certified(xy(x.ends()), xy(y.ends()), [rx, ry], project::xy(d));
        if let Some(found) = fast {
            let (time, normal, core_point) = found?;
            let normal = V::new(normal[0], normal[1]);
            let point = V::new(core_point[0], core_point[1])
                .add(normal.scale(ry))
                .add(options.other_motion.scale(time));
            return (finite_point(point) && time.is_finite()).then_some(Hit {
                time,
                normal,
                point,
            });
        }
    }
    // Fixed point's float filter: certainly too far to touch within the step (the careful
    // kernel would answer "no hit" after all its roundings), or certainly apart at the
    // start.
    let xy = |(a, b): (V, V)| [project::xy(a), project::xy(b)];
    let outlook = S::<V>::swept_outlook(xy(x.ends()), project::xy(d), xy(y.ends()), [rx, ry]);
    if outlook == Some(true) {
        return None;
    }
    cast_careful((x, rx), (y, ry), (d, low), options, outlook == Some(false))
}

/// [`cast`] by the careful kernel alone: `d` is the relative motion, `low` its rounding
/// error; `apart`: the shapes are known to be apart at the start.
#[inline]
pub(crate) fn cast_careful<V: Vector2>(
    x: (Core<V>, S<V>),
    y: (Core<V>, S<V>),
    motion: (V, V),
    options: CastOptions<V>,
    apart: bool,
) -> Option<Hit<V>> {
    cast_careful_pruned::<V, true, true>(x, y, motion, options, apart)
}

/// [`cast_careful`], with (`PRUNE`) or without the filter's skipping of endpoint casts
/// that cannot come first, and with (`ONCE`) or without the casts of `y`'s ends meeting
/// `x`'s end discs again (the unit tests compare them).
fn cast_careful_pruned<V: Vector2, const PRUNE: bool, const ONCE: bool>(
    (x, rx): (Core<V>, S<V>),
    (y, ry): (Core<V>, S<V>),
    (d, low): (V, V),
    options: CastOptions<V>,
    apart: bool,
) -> Option<Hit<V>> {
    let zero = S::<V>::ZERO;
    let touching = || query::contact(x, rx, y, ry);
    if let Some(contact) = if apart { None } else { touching() } {
        let presses = d.dot(contact.normal) < zero;
        return (options.start == StartOverlap::Hit || presses).then_some(Hit {
            time: zero,
            normal: contact.normal,
            point: contact.point,
        });
    }
    let reach = d.length();
    if !(reach > zero) || !reach.is_finite() {
        return None;
    }
    let unit = d.normalize()?;
    let (back, back_unit) = (d.neg(), unit.neg());
    // A cast of `start` against core `ab`, as an entry seen from `x`. The shapes are
    // apart (the exact contact said so), so no endpoint starts inside the other shape.
    // Each core's normal and length, shared by the two casts against it.
    let (frame_x, frame_y) = (Frame::new(), Frame::new());
    // Two proper segments meet end to end when an end of one enters an end disc of the
    // other, an event that the casts of both ends see: `x`'s end against `y`'s disc, and
    // `y`'s end against `x`'s disc. In fixed point the two compute the same distance (the
    // same exact products: the offset and the direction both turned round), and the rank
    // gives a tie to `x`'s cast. So where products are exact, the casts of `y`'s ends look
    // at `x`'s side walls alone, which halves the discs formed. It changes an answer only
    // where `y`'s cast found the end-to-end event by an ulp before `x`'s end entered `y`'s
    // wall (where the wall meets the disc) and reported the end-to-end normal: the wall's
    // entry, now kept, is the closer one (`pruning::discs_met_once_are_closer`).
    let proper = |(a, b): (V, V)| !wide::coincide(a, b);
    let once = ONCE && <W<V> as Wide>::EXACT_PRODUCTS && proper(x.ends()) && proper(y.ends());
    let entry = |start: V, direction: V, unit: V, (a, b): (V, V), of_x: bool| {
        let low = if of_x { low } else { low.neg() };
        let frame = if of_x { &frame_y } else { &frame_x };
        let walls_only = once && !of_x;
        let (distance, normal, core_point) = cast_outside(
            start,
            (direction, low),
            unit,
            a,
            b,
            (rx, ry),
            (frame, walls_only),
        )
        .filter(|entry| entry.0 <= reach)?;
        Some(if of_x {
            // `start` is on x: the normal already faces x, and y's core point is the
            // cast's.
            (distance, normal, core_point)
        } else {
            // `start` is on y: the cast's normal faces y, and y's core point is `start`.
            (distance, normal.neg(), start)
        })
    };
    // Whether an endpoint's cast certainly cannot come before the earliest entry found so
    // far: fixed point's filter (`Scalar::path_outlook`) sees it miss up to just past that
    // entry's time, where the kernel's own reach covers the entry's distance. Only then is
    // it skipped: its entry would be later, and ties keep the earlier cast anyway. (The
    // floats' filter knows nothing, and every cast runs.)
    let beaten = |start: V, direction: V, (a, b): (V, V), best: Option<Entry<V>>| {
        let Some((distance, ..)) = best.filter(|_| PRUNE) else {
            return false;
        };
        let t = distance.div(reach);
        let t = t.add(t.half_times(10)).add(S::<V>::ONE.half_times(24));
        let xy = project::xy;
        let skip = reach.mul(t) >= distance
            && S::<V>::path_outlook(xy(start), xy(direction), t, [xy(a), xy(b)], [rx, ry], false).0
                == Some(true);
        #[cfg(all(test, feature = "fixed", feature = "std"))]
        pruning::SKIPPED.with(|skipped| skipped.set(skipped.get() + usize::from(skip)));
        skip
    };
    let best = match (x, y) {
        (Core::Point(p), _) => entry(p, d, unit, y.ends(), true),
        (Core::Segment(a, b), Core::Point(q)) => entry(q, back, back_unit, (a, b), false),
        (Core::Segment(xa, xb), Core::Segment(ya, yb)) => {
            // The earliest of the four, the first among ties in the order `xa`, `xb`, `ya`,
            // `yb`. Where casts can be skipped (fixed point), each segment's leading end
            // (the one further along its motion) is cast first: it usually enters first,
            // and the trailing end, behind it, is then skipped. The order changes which
            // casts run, never the answer: each candidate keeps its rank for ties.
            let leading = PRUNE && <W<V> as Wide>::EXACT_PRODUCTS;
            let x_swapped = leading && xb.sub(xa).dot(d) > zero;
            let y_swapped = leading && yb.sub(ya).dot(d) < zero;
            let ([x0, x1], [y0, y1]) = ([(xa, 0), (xb, 1)], [(ya, 2), (yb, 3)]);
            let (x0, x1) = if x_swapped { (x1, x0) } else { (x0, x1) };
            let (y0, y1) = if y_swapped { (y1, y0) } else { (y0, y1) };
            let mut best = entry(x0.0, d, unit, (ya, yb), true).map(|found| (found, x0.1));
            for ((start, rank), of_x) in [(x1, true), (y0, false), (y1, false)] {
                let (direction, along, core) = if of_x {
                    (d, unit, (ya, yb))
                } else {
                    (back, back_unit, (xa, xb))
                };
                if !beaten(start, direction, core, best.map(|(found, _)| found)) {
                    best = earliest_ranked(best, entry(start, direction, along, core, of_x), rank);
                }
            }
            best.map(|(found, _)| found)
        }
    };
    let (distance, normal, core_point) = best?;
    let time = distance.div(reach).min(S::<V>::ONE).max(zero);
    // y's surface point, carried along by y's own motion to the time of the hit.
    let point = core_point
        .add(normal.scale(ry))
        .add(options.other_motion.scale(time));
    (finite_point(point) && time.is_finite()).then_some(Hit {
        time,
        normal,
        point,
    })
}

/// The earlier of the best entry so far (with its rank) and a `candidate` of rank `rank`:
/// the smaller distance, the lower rank on a tie. Folding the candidates in any order
/// gives what `num::earlier` gives folding them in rank order.
#[inline(always)]
fn earliest_ranked<V: Vector2>(
    best: Option<(Entry<V>, usize)>,
    candidate: Option<Entry<V>>,
    rank: usize,
) -> Option<(Entry<V>, usize)> {
    match (best, candidate) {
        (Some((found, r)), Some(c)) => Some(if c.0 < found.0 || (c.0 == found.0 && rank < r) {
            (c, rank)
        } else {
            (found, r)
        }),
        (best, candidate) => best.or(candidate.map(|c| (c, rank))),
    }
}

/// Fixed point's skipped endpoint casts change nothing: the careful cast with and without
/// the skipping, bit for bit, on the benchmark's kind of casts (a short stick flying at a
/// capsule), near misses and grazing ones, for two fixed-point formats. And leaving `x`'s
/// end discs out of the casts of `y`'s ends changes an answer only where it was an
/// end-to-end entry that rounding put before the true wall entry: the answer is then
/// closer to the `f64` one.
#[cfg(all(test, feature = "fixed", feature = "std"))]
mod pruning {
    use super::{CastOptions, Core, Hit, cast_careful_pruned};
    use crate::test_rng::Rng;
    use fixed::types::{I16F16, I32F32};

    std::thread_local! {
        /// Endpoint casts skipped on this thread, for the test to see that it skips any.
        pub(super) static SKIPPED: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
    }

    type Case<T> = ((Core<[T; 2]>, T), (Core<[T; 2]>, T), [T; 2]);

    /// The benchmark's kind of casts, one in five nearly along the capsule, past an end.
    fn cases<T: crate::Scalar>(from: impl Fn(f64) -> T, count: usize) -> std::vec::Vec<Case<T>> {
        let mut rng = Rng(23);
        (0..count)
            .map(|i| {
                let mut point = |half: f64| [rng.uniform(-half, half), rng.uniform(-half, half)];
                let (a, b) = (point(4.0), point(4.0));
                let origin = point(10.0);
                let mid = [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0];
                let aim = rng.uniform(0.5, 1.5);
                let mut motion = [(mid[0] - origin[0]) * aim, (mid[1] - origin[1]) * aim];
                if i % 5 == 0 {
                    motion = [
                        (b[0] - a[0]) * 3.0,
                        (b[1] - a[1]) * 3.0 + rng.uniform(-0.1, 0.1),
                    ];
                }
                let stick = [origin, [origin[0] + 0.5, origin[1] + 0.25]];
                let p = |q: [f64; 2]| q.map(&from);
                let x = (
                    Core::Segment(p(stick[0]), p(stick[1])),
                    from(rng.uniform(0.1, 1.1)),
                );
                let y = (Core::Segment(p(a), p(b)), from(rng.uniform(0.25, 1.25)));
                (x, y, p(motion))
            })
            .collect()
    }

    fn agree<T: crate::Scalar + core::fmt::Debug>(from: impl Fn(f64) -> T, count: usize) {
        let (mut hits, mut all) = (0, 0);
        SKIPPED.with(|skipped| skipped.set(0));
        for (x, y, motion) in cases(from, count) {
            let d = (motion, [T::ZERO; 2]);
            let options = CastOptions::default();
            let with = cast_careful_pruned::<_, true, true>(x, y, d, options, false);
            let without = cast_careful_pruned::<_, false, true>(x, y, d, options, false);
            assert_eq!(with, without, "{x:?} {y:?} {motion:?}");
            hits += usize::from(with.is_some());
            all += 1;
        }
        let skipped = SKIPPED.with(core::cell::Cell::get);
        std::eprintln!("{hits} hits of {all} casts; {skipped} endpoint casts skipped");
        assert!(hits * 5 > all, "{hits} hits of {all}");
        assert!(
            skipped * 2 > hits,
            "{skipped} endpoint casts skipped, {hits} hits"
        );
    }

    #[test]
    fn skipped_casts_change_nothing() {
        let count = if cfg!(debug_assertions) {
            3_000
        } else {
            30_000
        };
        agree(I32F32::from_num, count);
        agree(I16F16::from_num, count);
    }

    /// How far a hit is from the `f64` one: in time, and in its normal.
    fn errors<T: crate::Scalar>(
        hit: &Hit<[T; 2]>,
        reference: &Hit<[f64; 2]>,
        to: impl Fn(T) -> f64,
    ) -> (f64, f64) {
        let normal = [0, 1].map(|i| to(hit.normal[i]) - reference.normal[i]);
        (
            (to(hit.time) - reference.time).abs(),
            normal[0].hypot(normal[1]),
        )
    }

    /// The casts with `x`'s discs met once (as `cast` runs) and twice, and the careful
    /// `f64` cast of the same values: where the first two differ, the first is at least
    /// as close to the third in time and normal (within an ulp), and they differ rarely.
    fn closer<T: crate::Scalar + core::fmt::Debug>(
        from: impl Fn(f64) -> T,
        to: impl Fn(T) -> f64 + Copy,
        ulp: f64,
        count: usize,
    ) -> usize {
        let (mut differ, mut hits) = (0, 0);
        for (x, y, motion) in cases(from, count) {
            let d = (motion, [T::ZERO; 2]);
            let options = CastOptions::default();
            let once = cast_careful_pruned::<_, false, true>(x, y, d, options, false);
            let twice = cast_careful_pruned::<_, false, false>(x, y, d, options, false);
            hits += usize::from(once.is_some());
            if once == twice {
                continue;
            }
            differ += 1;
            let wide = |(core, r): (Core<[T; 2]>, T)| {
                let core = match core {
                    Core::Segment(p, q) => Core::Segment(p.map(to), q.map(to)),
                    Core::Point(p) => Core::Point(p.map(to)),
                };
                (core, to(r))
            };
            let d = (motion.map(to), [0.0; 2]);
            let reference = cast_careful_pruned::<_, false, false>(
                wide(x),
                wide(y),
                d,
                CastOptions::default(),
                false,
            );
            let (Some(once), Some(twice), Some(reference)) = (once, twice, reference) else {
                panic!("{once:?} {twice:?} {reference:?}: {x:?} {y:?} {motion:?}");
            };
            let (time_once, normal_once) = errors(&once, &reference, to);
            let (time_twice, normal_twice) = errors(&twice, &reference, to);
            assert!(
                time_once <= time_twice + ulp && normal_once <= normal_twice + 4.0 * ulp,
                "{once:?} {twice:?} {reference:?}: {x:?} {y:?} {motion:?}"
            );
        }
        std::eprintln!("{differ} of {hits} hits differ");
        assert!(differ * 100 < hits, "{differ} of {hits} hits differ");
        differ
    }

    #[test]
    fn discs_met_once_are_closer() {
        let count = if cfg!(debug_assertions) {
            3_000
        } else {
            30_000
        };
        let differ = closer(
            I16F16::from_num,
            I16F16::to_num::<f64>,
            1.0 / 65536.0,
            count,
        );
        // The coarse grid shows the rounding that `ONCE` removes.
        assert!(differ > 0 || cfg!(debug_assertions));
        closer(
            I32F32::from_num,
            I32F32::to_num::<f64>,
            1.0 / 4_294_967_296.0,
            count,
        );
    }
}

// Float queries: `f32` and `f64` are scalars with `std` or `libm` only.
#[cfg(all(test, any(feature = "std", feature = "libm")))]
mod tests {
    use super::*;
    use crate::{Capsule, Segment, Shape};

    #[test]
    fn segment_ends_and_faces_lead() {
        // A vertical stick moving right meets a vertical wall face to face.
        let stick = Segment::new([0.0, -1.0], [0.0, 1.0]);
        let wall = Capsule::new([4.0, -2.0], [4.0, 2.0], 0.5);
        let hit = stick
            .cast(&wall, [8.0, 0.0], CastOptions::default())
            .unwrap();
        assert_eq!((hit.time, hit.normal), (3.5 / 8.0, [-1.0, 0.0]));
        // The wall moving left as fast: they meet halfway in time.
        let options = CastOptions::default().with_other_motion([-8.0, 0.0]);
        let hit = stick.cast(&wall, [8.0, 0.0], options).unwrap();
        assert_eq!(hit.time, 3.5 / 16.0);
        assert_eq!(hit.point[0], 4.0 - 0.5 - 8.0 * 3.5 / 16.0);
    }
}
