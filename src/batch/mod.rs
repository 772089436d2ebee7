//! Batches: many circles or points against one segment or capsule, and shapes pairwise
//! over two slices, with the results written into slices the caller provides.
//!
//! Every function here gives, element by element, exactly the answer of the matching
//! single query (`circle.intersects(&capsule)`, `capsule.contains_point(p)`,
//! `segment.project_point(p)`, …); only the speed differs.
//!
//! # Lengths
//!
//! No function here panics or allocates. When the slices differ in length, a function
//! processes their *common prefix*, the first `n = min(len of every input, out.len())`
//! elements, leaves the rest of `out` untouched, and returns `n`. Comparing the returned
//! count with the length you expected is the whole error check:
//!
//! ```
//! use capsule2d::{Capsule, batch};
//!
//! let capsule = Capsule::new([0.0_f32, 0.0], [4.0, 0.0], 1.0);
//! let points = [[1.0, 0.5], [9.0, 9.0], [4.5, 0.5]];
//! let mut inside = [false; 2]; // one short
//! let n = batch::points_in_capsule(&points, &capsule, &mut inside);
//! assert_eq!(n, 2);
//! assert_eq!(inside, [true, false]);
//! ```
//!
//! # Speed
//!
//! The one-against-many functions and the pairwise circle–circle test run in two passes
//! over chunks of the input. The first pass has no branches, so that for `f32` and `f64` the
//! compiler turns it into SIMD code (SSE2 on the baseline x86-64 target; with the `simd`
//! feature, AVX-512 or AVX2 where the CPU has them, chosen at run time, see
//! `dispatch.rs`; or whatever `-C target-cpu` allows): it evaluates the test in plain floating point together with
//! a bound on its rounding error, and records whether the answer is *certain*. The
//! single queries are exact (they decide every touching case exactly), so wherever the
//! computed value lies within its error bound of the boundary, or an input is outside
//! the range the bound covers (`|coordinate| ≤ 1/ε`, about 8·10⁶ for `f32`; NaN;
//! infinity), the second pass calls the single query for that element. On ordinary
//! inputs that is one element in millions. `docs/benchmarks.md` measures the throughput
//! against a plain copy of the same bytes.
//!
//! The yes/no filters (`filter.rs`) are algorithms of their own, not copies of the single
//! queries' predicates: one expression for every region (the distance to the clamped
//! projection), plain arithmetic in the scalar's type, and an error bound derived in
//! `filter.rs` for that expression alone; where they are not certain they decide nothing
//! and the single query does. The exact predicates they stand in for, with their filters
//! and the proofs of their bounds, are in `src/num/exact.rs`. The closest points
//! ([`closest_points_on_segment`], [`distances_squared_to_segment`]) approximate nothing:
//! they run the single query's own projection arithmetic (the regions, and for the
//! interior the steps `step_from_a` and `step_from_b` of `src/query/project.rs`), computed for
//! every region and then selected, so that the loop has no branch. Only the points the
//! single query would treat apart (inputs it rescales, points on the segment's line) go
//! to it. For `f32`, whose single query takes a certified fast path (`src/num/fast.rs`),
//! the loop runs that path's branch-free kernel, and only the points its certificate
//! rejects go to the single query.
//!
//! For fixed point (or any scalar whose products are exact) the functions call the
//! single query for each element: the products are 128-bit integers, which do not
//! vectorise.
//!
//! The contact and capsule–capsule functions call the single query in a loop: their
//! kernels branch on the closest feature and take a square root, and gain little from
//! SIMD. So does the pairwise circle–capsule test: a branch-free kernel must prepare each
//! pair's segment (a division) and costs more than the single query's filter, which has
//! no division (4.8 against 3.5 ns per pair in `f32`, 4.6 against 3.0 in `f64`,
//! `benches/predicates.rs`, 2026-11-24).
//!
//! With the `rayon` feature, each function has a `par_` twin that splits the slices into
//! chunks of [`PAR_CHUNK`] elements and runs the chunks on rayon's thread pool.

//!
//! # Layout
//!
//! - this file: the public functions, one against many and pairwise;
//! - `dispatch.rs`: `vectorized!`, the run-time choice of vector unit (feature `simd`);
//! - `filter.rs`: the certified branch-free filter (`Tolerance`, `Prepared`) and the
//!   chunked two-pass drivers;
//! - `par.rs`: the `par_` twins (feature `rayon`);
//! - `tests.rs`: every function against the single queries, element by element.

mod dispatch;
mod filter;
#[cfg(feature = "rayon")]
mod par;
#[cfg(all(test, any(feature = "std", feature = "libm")))]
mod tests;

#[cfg(feature = "rayon")]
pub use par::*;

use crate::num::{Num, Scalar};
use crate::query::Contact;
use crate::query::project::xy;
use crate::shape::{Capsule, Circle, Segment, Shape};
use crate::vector::{Vector2, VectorOps};
use filter::{Prepared, filtered_points, filtered1, filtered2, tolerance};

type S<V> = <V as Vector2>::Scalar;

/// `out[i] = single(a[i])` over the common prefix; returns its length.
#[inline(always)]
fn each1<A: Copy, O>(a: &[A], out: &mut [O], single: impl Fn(A) -> O) -> usize {
    let mut n = 0;
    for (o, &a) in out.iter_mut().zip(a) {
        *o = single(a);
        n += 1;
    }
    n
}

/// `out[i] = single(a[i], b[i])` over the common prefix; returns its length.
#[inline(always)]
fn each2<A: Copy, B: Copy, O>(
    a: &[A],
    b: &[B],
    out: &mut [O],
    single: impl Fn(A, B) -> O,
) -> usize {
    let mut n = 0;
    for ((o, &a), &b) in out.iter_mut().zip(a).zip(b) {
        *o = single(a, b);
        n += 1;
    }
    n
}

/// Whether each point lies in the capsule: [`Shape::contains_point`] for every point.
///
/// Writes `out[i] = capsule.contains_point(points[i])` for the common prefix and returns
/// its length (see [Lengths](self#lengths)).
///
/// # Examples
///
/// ```
/// use capsule2d::{Capsule, batch};
///
/// let capsule = Capsule::new([0.0, 0.0], [4.0, 0.0], 1.0);
/// let mut inside = [false; 3];
/// let n = batch::points_in_capsule(&[[2.0, 1.0], [4.6, 0.8], [4.8, 0.8]], &capsule, &mut inside);
/// assert_eq!((n, inside), (3, [true, true, false]));
/// ```
pub fn points_in_capsule<V: Vector2>(
    points: &[V],
    capsule: &Capsule<V>,
    out: &mut [bool],
) -> usize {
    let single = |p: V| capsule.contains_point(p);
    let Some(tol) = tolerance::<S<V>>() else {
        return each1(points, out, single);
    };
    let segment = Prepared::new(capsule.a, capsule.b, &tol);
    let radius = capsule.radius;
    filtered_points(
        points,
        None,
        out,
        |x, y, zero| segment.within([x, y], radius, zero, &tol),
        |p, _| single(p),
    )
}

/// Whether each circle touches or overlaps the segment: [`Shape::intersects`] for every
/// circle.
///
/// Writes `out[i] = Circle::new(centers[i], radii[i]).intersects(segment)` for the common
/// prefix and returns its length (see [Lengths](self#lengths)).
///
/// # Examples
///
/// ```
/// use capsule2d::{Segment, batch};
///
/// let floor = Segment::new([0.0, 0.0], [4.0, 0.0]);
/// let mut hit = [false; 3];
/// let n = batch::circles_intersect_segment(
///     &[[2.0, 1.0], [5.0, 1.0], [2.0, 0.5]],
///     &[1.0, 1.0, -1.0], // a negative radius is an empty circle
///     &floor,
///     &mut hit,
/// );
/// assert_eq!((n, hit), (3, [true, false, false]));
/// ```
pub fn circles_intersect_segment<V: Vector2>(
    centers: &[V],
    radii: &[S<V>],
    segment: &Segment<V>,
    out: &mut [bool],
) -> usize {
    let single = |center: V, radius: S<V>| Circle { center, radius }.intersects(segment);
    let Some(tol) = tolerance::<S<V>>() else {
        return each2(centers, radii, out, single);
    };
    let prepared = Prepared::new(segment.a, segment.b, &tol);
    let zero = S::<V>::ZERO;
    filtered_points(
        centers,
        Some(radii),
        out,
        |x, y, r| prepared.within([x, y], r, zero, &tol),
        single,
    )
}

/// Whether each circle touches or overlaps the capsule: [`Shape::intersects`] for every
/// circle.
///
/// Writes `out[i] = Circle::new(centers[i], radii[i]).intersects(capsule)` for the common
/// prefix and returns its length (see [Lengths](self#lengths)). This is the kernel
/// `docs/benchmarks.md` measures against the memory bandwidth.
///
/// # Examples
///
/// ```
/// use capsule2d::{Capsule, batch};
///
/// let capsule = Capsule::new([0.0_f32, 0.0], [4.0, 0.0], 1.0);
/// let centers = [[2.0, 2.0], [2.0, 2.5], [-1.5, 0.0]];
/// let radii = [1.0, 1.0, 0.5];
/// let mut hit = [false; 3];
/// assert_eq!(batch::circles_intersect_capsule(&centers, &radii, &capsule, &mut hit), 3);
/// assert_eq!(hit, [true, false, true]);
/// ```
pub fn circles_intersect_capsule<V: Vector2>(
    centers: &[V],
    radii: &[S<V>],
    capsule: &Capsule<V>,
    out: &mut [bool],
) -> usize {
    let single = |center: V, radius: S<V>| Circle { center, radius }.intersects(capsule);
    let Some(tol) = tolerance::<S<V>>() else {
        return each2(centers, radii, out, single);
    };
    let prepared = Prepared::new(capsule.a, capsule.b, &tol);
    let capsule_radius = capsule.radius;
    let fast = |x, y, r| prepared.within([x, y], r, capsule_radius, &tol);
    filtered_points(centers, Some(radii), out, fast, single)
}

/// The closest point of the segment to each point: [`Shape::project_point`] for every
/// point.
///
/// Writes `out[i] = segment.project_point(points[i])` for the common prefix and returns
/// its length (see [Lengths](self#lengths)).
///
/// # Examples
///
/// ```
/// use capsule2d::{Segment, batch};
///
/// let s = Segment::new([0.0, 0.0], [4.0, 0.0]);
/// let mut closest = [[0.0; 2]; 3];
/// let n = batch::closest_points_on_segment(&[[1.0, 7.0], [9.0, 1.0], [-3.0, -1.0]], &s, &mut closest);
/// assert_eq!((n, closest), (3, [[1.0, 0.0], [4.0, 0.0], [0.0, 0.0]]));
/// ```
pub fn closest_points_on_segment<V: Vector2>(
    points: &[V],
    segment: &Segment<V>,
    out: &mut [V],
) -> usize {
    let single = |p: V| segment.project_point(p);
    if let Some(fast) = fast_closest(segment) {
        return filtered1(points, out, fast, single);
    }
    let Some(tol) = tolerance::<S<V>>() else {
        return each1(points, out, single);
    };
    let prepared = Prepared::new(segment.a, segment.b, &tol);
    let fast = |p: V| {
        let (q, certain) = prepared.closest(xy(p), &tol);
        (V::new(q[0], q[1]), certain)
    };
    filtered1(points, out, fast, single)
}

/// The squared distance from each point to the segment: `|p − segment.project_point(p)|²`
/// (see [`Shape::project_point`]) for every point `p`, rounded as `dx·dx + dy·dy`.
///
/// Writes the common prefix of `out` and returns its length (see
/// [Lengths](self#lengths)).
///
/// # Examples
///
/// ```
/// use capsule2d::{Segment, batch};
///
/// let s = Segment::new([0.0, 0.0], [4.0, 0.0]);
/// let mut distance_sq = [0.0; 2];
/// batch::distances_squared_to_segment(&[[1.0, 3.0], [7.0, 4.0]], &s, &mut distance_sq);
/// assert_eq!(distance_sq, [9.0, 25.0]);
/// ```
pub fn distances_squared_to_segment<V: Vector2>(
    points: &[V],
    segment: &Segment<V>,
    out: &mut [S<V>],
) -> usize {
    let single = |p: V| p.sub(segment.project_point(p)).length_squared();
    if let Some(fast) = fast_closest(segment) {
        let fast = |p: V| {
            let (q, certain) = fast(p);
            (p.sub(q).length_squared(), certain)
        };
        return filtered1(points, out, fast, single);
    }
    let Some(tol) = tolerance::<S<V>>() else {
        return each1(points, out, single);
    };
    let prepared = Prepared::new(segment.a, segment.b, &tol);
    let fast = |p: V| {
        let (q, certain) = prepared.closest(xy(p), &tol);
        (p.sub(V::new(q[0], q[1])).length_squared(), certain)
    };
    filtered1(points, out, fast, single)
}

/// The single query's certified fast closest point (`src/num/fast.rs`) as a batch kernel,
/// for a scalar that has one (f32): the point, and whether its certificate holds (where
/// it does not, the single query's careful path decides). `None` for the other scalars,
/// whose batches run the filter of `filter.rs`.
#[inline(always)]
fn fast_closest<V: Vector2>(segment: &Segment<V>) -> Option<impl Fn(V) -> (V, bool)> {
    let (a, b) = (xy(segment.a), xy(segment.b));
    S::<V>::closest_on_segment_kernel(a, b, a)?;
    Some(
        move |p: V| match S::<V>::closest_on_segment_kernel(a, b, xy(p)) {
            Some(([x, y], certain)) => (V::new(x, y), certain),
            None => (p, false),
        },
    )
}

/// The contact of each circle against the capsule: [`Shape::contact`] for every circle;
/// `None` where they do not touch.
///
/// Writes `out[i] = Circle::new(centers[i], radii[i]).contact(capsule)` for the common
/// prefix and returns its length (see [Lengths](self#lengths)). This calls the single
/// query in a loop; to find which circles touch at SIMD speed, use
/// [`circles_intersect_capsule`] first.
///
/// # Examples
///
/// ```
/// use capsule2d::{Capsule, Contact, batch};
///
/// let capsule = Capsule::new([0.0, 0.0], [4.0, 0.0], 1.0);
/// let mut contacts = [None; 2];
/// batch::circles_contact_capsule(&[[2.0, 1.5], [2.0, 9.0]], &[1.0, 1.0], &capsule, &mut contacts);
/// assert_eq!(
///     contacts,
///     [Some(Contact { normal: [0.0, 1.0], depth: 0.5, point: [2.0, 1.0] }), None],
/// );
/// ```
pub fn circles_contact_capsule<V: Vector2>(
    centers: &[V],
    radii: &[S<V>],
    capsule: &Capsule<V>,
    out: &mut [Option<Contact<V>>],
) -> usize {
    each2(centers, radii, out, |center, radius| {
        Circle { center, radius }.contact(capsule)
    })
}

/// Whether `xs[i]` and `ys[i]` touch or overlap, for each pair of circles:
/// [`Shape::intersects`] pairwise.
///
/// Writes `out[i] = xs[i].intersects(&ys[i])` for the common prefix and returns its length
/// (see [Lengths](self#lengths)).
///
/// # Examples
///
/// ```
/// use capsule2d::{Circle, batch};
///
/// let xs = [Circle::new([0.0, 0.0], 1.0), Circle::new([0.0, 0.0], 1.0)];
/// let ys = [Circle::new([3.0, 0.0], 2.0), Circle::new([3.5, 0.0], 2.0)];
/// let mut hit = [false; 2];
/// batch::circles_intersect_circles(&xs, &ys, &mut hit);
/// assert_eq!(hit, [true, false]);
/// ```
pub fn circles_intersect_circles<V: Vector2>(
    xs: &[Circle<V>],
    ys: &[Circle<V>],
    out: &mut [bool],
) -> usize {
    let single = |x: Circle<V>, y: Circle<V>| x.intersects(&y);
    let Some(tol) = tolerance::<S<V>>() else {
        return each2(xs, ys, out, single);
    };
    let fast = |x: Circle<V>, y: Circle<V>| {
        tol.point_within(xy(x.center), xy(y.center), x.radius, y.radius)
    };
    filtered2(xs, ys, out, fast, single)
}

/// Whether `circles[i]` touches or overlaps `capsules[i]`, for each pair:
/// [`Shape::intersects`] pairwise.
///
/// Writes `out[i] = circles[i].intersects(&capsules[i])` for the common prefix and returns
/// its length (see [Lengths](self#lengths)). This calls the single query in a loop (see
/// [Speed](self#speed)).
///
/// # Examples
///
/// ```
/// use capsule2d::{Capsule, Circle, batch};
///
/// let circles = [Circle::new([2.0, 2.0], 1.0), Circle::new([2.0, 2.0], 1.0)];
/// let capsules = [
///     Capsule::new([0.0, 0.0], [4.0, 0.0], 1.0),
///     Capsule::new([0.0, -1.0], [4.0, -1.0], 1.0),
/// ];
/// let mut hit = [false; 2];
/// batch::circles_intersect_capsules(&circles, &capsules, &mut hit);
/// assert_eq!(hit, [true, false]);
/// ```
pub fn circles_intersect_capsules<V: Vector2>(
    circles: &[Circle<V>],
    capsules: &[Capsule<V>],
    out: &mut [bool],
) -> usize {
    each2(circles, capsules, out, |circle, capsule| {
        circle.intersects(&capsule)
    })
}

/// Whether `xs[i]` and `ys[i]` touch or overlap, for each pair of capsules:
/// [`Shape::intersects`] pairwise.
///
/// Writes `out[i] = xs[i].intersects(&ys[i])` for the common prefix and returns its length
/// (see [Lengths](self#lengths)). This calls the single query in a loop.
///
/// # Examples
///
/// ```
/// use capsule2d::{Capsule, batch};
///
/// let a = Capsule::new([0.0, 0.0], [4.0, 0.0], 1.0);
/// let xs = [a, a];
/// let ys = [Capsule::new([2.0, 2.0], [2.0, 6.0], 1.0), Capsule::new([2.0, 2.5], [2.0, 6.0], 1.0)];
/// let mut hit = [false; 2];
/// batch::capsules_intersect_capsules(&xs, &ys, &mut hit);
/// assert_eq!(hit, [true, false]);
/// ```
pub fn capsules_intersect_capsules<V: Vector2>(
    xs: &[Capsule<V>],
    ys: &[Capsule<V>],
    out: &mut [bool],
) -> usize {
    each2(xs, ys, out, |x, y| x.intersects(&y))
}

/// The contact of `xs[i]` against `ys[i]`, for each pair of capsules: [`Shape::contact`]
/// pairwise; `None` where they do not touch.
///
/// Writes `out[i] = xs[i].contact(&ys[i])` for the common prefix and returns its length
/// (see [Lengths](self#lengths)). This calls the single query in a loop.
///
/// # Examples
///
/// ```
/// use capsule2d::{Capsule, batch};
///
/// let xs = [Capsule::new([0.0, 0.0], [4.0, 0.0], 1.0)];
/// let ys = [Capsule::new([2.0, 1.5], [2.0, 6.0], 1.0)];
/// let mut contacts = [None];
/// batch::capsules_contact_capsules(&xs, &ys, &mut contacts);
/// let c = contacts[0].unwrap();
/// assert_eq!((c.normal, c.depth), ([0.0, -1.0], 0.5));
/// ```
pub fn capsules_contact_capsules<V: Vector2>(
    xs: &[Capsule<V>],
    ys: &[Capsule<V>],
    out: &mut [Option<Contact<V>>],
) -> usize {
    each2(xs, ys, out, |x, y| x.contact(&y))
}
