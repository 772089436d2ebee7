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
//! compiler turns it into SIMD code (SSE2 on the baseline x86-64 target, wider with
//! `-C target-cpu=native`): it evaluates the test in plain floating point together with
//! a bound on its rounding error, and records whether the answer is *certain*. The
//! single queries are exact (they decide every touching case exactly), so wherever the
//! computed value lies within its error bound of the boundary, or an input is outside
//! the range the bound covers (`|coordinate| ≤ 1/ε`, about 8·10⁶ for `f32`; NaN;
//! infinity), the second pass calls the single query for that element. On ordinary
//! inputs that is one element in millions. `docs/benchmarks.md` measures the throughput
//! against a plain copy of the same bytes.
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

use crate::num::{Num, Scalar, Wide};
use crate::query::Contact;
use crate::shape::Capsule;
use crate::shape::Circle;
use crate::shape::Segment;
use crate::shape::Shape;
use crate::vector::{Vector2, VectorOps};

type S<V> = <V as Vector2>::Scalar;

/// The number of elements the SIMD pass handles before the fix-up pass looks at them.
const CHUNK: usize = 256;

/// How far plain floating-point arithmetic in `T` can be trusted: what the filters need.
#[derive(Clone, Copy, Debug)]
struct Tolerance<T> {
    /// `32ε`, with `ε = ulp(1)` (twice the unit roundoff `u`): the factor on
    /// `|d|² + R²` in the error bound of [`Prepared::within`], whose derivation needs
    /// `48u`.
    factor: T,
    /// `ε³`: an absolute slack that covers underflow (for `f32`, 2^-69 against a worst
    /// case below 2^-98 within `limit`).
    tiny: T,
    /// `1/ε`: the largest coordinate or radius the bounds cover. Squares then stay below
    /// `2^52` for `f32`, far from overflow.
    limit: T,
    /// `limit²`: the largest squared distance the bounds cover.
    limit_sq: T,
    /// `ε`: the smallest segment extent the bounds cover (below it, underflow in
    /// `(p − a)·v` could move the projection too far).
    small: T,
    /// Whether `rescale_factor` is 1 at both `small` and `limit` (checked once), so that
    /// the single query's `project` works on the same rounded values as the batch.
    unscaled: bool,
}

/// The tolerance of `T`'s arithmetic, or `None` when products in `T` are exact (fixed
/// point), in which case the functions call the single queries.
///
/// `ε` is found by halving 1 until `1 + ε/2 == 1`; a float's rounded square of `1 + ε`
/// loses the `ε²` term, an exact product keeps it. Both probes are a few dozen cheap
/// operations per call.
fn tolerance<T: Scalar>() -> Option<Tolerance<T>> {
    let one = T::ONE;
    let mut ulp = one;
    for _ in 0..256 {
        let half = ulp.half();
        if !(one.add(half) > one) {
            break;
        }
        ulp = half;
    }
    let x = one.add(ulp);
    let twice = Wide::add(ulp.mul_wide(one), ulp.mul_wide(one));
    if x.mul_wide(x) > Wide::add(one.mul_wide(one), twice) {
        return None;
    }
    let four = ulp.add(ulp).add(ulp.add(ulp));
    let limit = one.div(ulp);
    let sixteen = four.add(four).add(four.add(four));
    Some(Tolerance {
        factor: sixteen.add(sixteen),
        tiny: ulp.mul(ulp).mul(ulp),
        limit,
        limit_sq: limit.mul(limit),
        small: ulp,
        unscaled: T::rescale_factor(limit) == one && T::rescale_factor(ulp) == one,
    })
}

impl<T: Scalar> Tolerance<T> {
    /// Whether `|p − q| ≤ R = r₁ + r₂`, and whether that answer is certain; the exact
    /// answer is `Circle::new(p, r₁).intersects(&Circle::new(q, r₂))`. Branch-free, so that a loop of it
    /// vectorises.
    ///
    /// With `u` the unit roundoff, `|d|² − R²` is off by at most `5u |d|² + 4u R²`. The
    /// bound used, `2 · factor · R² = 128u R²` plus `tiny`, needs no `|d|²`: where
    /// `|d|² ≤ 2R²` it exceeds the error (`14u R²`); where `|d|² > 2R²`, `|d|² − R²` is
    /// more than `|d|²/2`, far above the error, and "no" is certain. Underflow loses at
    /// most a few units of the smallest subnormal, far below `tiny`. An `|d|²` beyond
    /// `limit²` is left to the single query (its overflow would make a "no" uncertain near
    /// the largest float); an `R²` that overflows makes the excess infinite or NaN and the
    /// bound infinite: not decided.
    #[inline(always)]
    fn point_within(&self, p: [T; 2], q: [T; 2], r1: T, r2: T) -> (bool, bool) {
        let zero = T::ZERO;
        let valid = (r1 >= zero) & (r2 >= zero);
        let d = [p[0].sub(q[0]), p[1].sub(q[1])];
        let distance_sq = d[0].mul(d[0]).add(d[1].mul(d[1]));
        let radius = r1.add(r2);
        let radius_sq = radius.mul(radius);
        let excess = distance_sq.sub(radius_sq);
        let slack = self.factor.add(self.factor).mul(radius_sq).add(self.tiny);
        let decided = (excess.abs() > slack) & (distance_sq <= self.limit_sq);
        (valid & (excess < zero), !valid | decided)
    }
}

/// `if condition { x } else { y }`, written so that it compiles to a select.
#[inline(always)]
fn pick<T: Scalar>(condition: bool, x: T, y: T) -> T {
    if condition { x } else { y }
}

/// A segment prepared for many point queries: computed once per batch (or per pair).
#[derive(Clone, Copy)]
struct Prepared<T> {
    a: [T; 2],
    b: [T; 2],
    /// `v = b − a`.
    v: [T; 2],
    /// `|v|²`, rounded.
    length_sq: T,
    /// `1/|v|²`, or 0 for a zero-length segment (whose projection is `a`).
    inverse_length_sq: T,
    /// `64ε V² + ε³` with `V = max(|vₓ|, |v_y|)` (the extent): the per-segment part of the error bound of
    /// [`within`](Self::within).
    extent_slack: T,
    /// `a == b`.
    degenerate: bool,
    /// Endpoints within `limit`, and an extent of 0 or at least `small`: the range the
    /// error bound of [`within`](Self::within) covers.
    covered: bool,
    /// `small ≤ extent ≤ limit`, so `rescale_factor` keeps `b − a` unscaled.
    unscaled: bool,
}

impl<T: Scalar> Prepared<T> {
    #[inline(always)]
    fn new<V: Vector2<Scalar = T>>(a: V, b: V, tol: &Tolerance<T>) -> Self {
        let (a, b) = ([a.x(), a.y()], [b.x(), b.y()]);
        let v = [b[0].sub(a[0]), b[1].sub(a[1])];
        let extent = v[0].abs().max(v[1].abs());
        let length_sq = v[0].mul(v[0]).add(v[1].mul(v[1]));
        // A difference of floats is zero only when they are equal.
        let degenerate = (v[0] == T::ZERO) & (v[1] == T::ZERO);
        let in_range = (a[0].abs() <= tol.limit)
            & (a[1].abs() <= tol.limit)
            & (b[0].abs() <= tol.limit)
            & (b[1].abs() <= tol.limit);
        Self {
            a,
            b,
            v,
            length_sq,
            inverse_length_sq: pick(degenerate, T::ZERO, T::ONE.div(length_sq)),
            extent_slack: tol
                .factor
                .add(tol.factor)
                .mul(extent.mul(extent))
                .add(tol.tiny),
            degenerate,
            covered: in_range & (degenerate | (extent >= tol.small)),
            unscaled: tol.unscaled & (extent >= tol.small) & (extent <= tol.limit),
        }
    }

    /// Whether `p` lies within `R = r₁ + r₂` of the segment, and whether that answer is
    /// certain; the exact answer is `Circle::new(p, r₁).intersects(&Capsule::new(a, b, r₂))`.
    ///
    /// The distance is taken to the clamped projection: with `w = p − a`,
    /// `t = clamp(w·v / |v|², 0, 1)` and `d = w − t v`, the test is `|d|² ≤ R²`. No
    /// region is decided, so no rounding can pick the wrong one: the distance to a
    /// segment is continuous in `t`.
    ///
    /// The error bound, with `u` the unit roundoff, `M = max(|wₓ|, |w_y|)` and
    /// `V = max(|vₓ|, |v_y|)`: the rounded `w·v` is off by at most `8u M V`, so `t` by at
    /// most `8u M / V + 7u` (`|v|² ≥ V²`), and each component of `d` by at most
    /// `9u (M + V) + u |d|`. Hence `|d| ` is within `δ = 13u (M + V) + 1.5u |d|` of the
    /// true distance, and since `2δ|d| ≤ 13u ((M + V)² + |d|²) + 3u |d|²`, the true `|d|²`
    /// is within `20u |d|² + 13u (M + V)²` of the computed one. `R²` is within `4u R²`.
    ///
    /// `M` need not be computed per point: `w = d + t v` with `t ∈ [0, 1]`, so
    /// `M ≤ (1 + 2u)(|d| + V)` and `(M + V)² ≤ 2(1 + 2u)² (|d|² + 4V²)`, which turns the
    /// `13u (M + V)²` term into at most `27u |d|² + 105u V²`. With the rounding of
    /// `|d|² − R²` (`u (|d|² + R²)`) the whole error is below
    /// `48u |d|² + 5u R² + 105u V²`. The filter uses `32ε = 64u` on `|d|² + R²` and,
    /// computed once per segment, `64ε = 128u` on `V²`, plus `ε³` for underflow.
    ///
    /// The bound needs no overflow in the distance: the answer counts as certain only
    /// when `|d|² ≤ limit²`, on a segment whose endpoints lie within `limit` (`covered`);
    /// then `M ≤ (1 + 2u)(limit + 2·limit)` and every product stays far below the
    /// overflow threshold. The radii need no range check: the bound on `R²` is relative,
    /// and an `R²` that overflows to `∞` makes `|d|² − R²` infinite and the slack
    /// infinite too, which is never "decided". A NaN anywhere fails a comparison and is
    /// left to the single query.
    #[inline(always)]
    fn within(&self, p: [T; 2], r1: T, r2: T, tol: &Tolerance<T>) -> (bool, bool) {
        let zero = T::ZERO;
        let valid = (r1 >= zero) & (r2 >= zero);
        let w = [p[0].sub(self.a[0]), p[1].sub(self.a[1])];
        let along = w[0].mul(self.v[0]).add(w[1].mul(self.v[1]));
        let t = along.mul(self.inverse_length_sq).max(zero).min(T::ONE);
        let d = [w[0].sub(self.v[0].mul(t)), w[1].sub(self.v[1].mul(t))];
        let distance_sq = d[0].mul(d[0]).add(d[1].mul(d[1]));
        let radius = r1.add(r2);
        let radius_sq = radius.mul(radius);
        let excess = distance_sq.sub(radius_sq);
        let slack = tol
            .factor
            .mul(distance_sq.add(radius_sq))
            .add(self.extent_slack);
        let decided = excess.abs() > slack;
        let covered = self.covered & (distance_sq <= tol.limit_sq);
        (valid & (excess < zero), !valid | (covered & decided))
    }

    /// The closest point of the segment to `p`, computed as the single query does
    /// (`project`), and whether it is certain to be the same: it is when
    /// the `rescale_factor` hook leaves `p − a` and `v` unscaled, which holds for
    /// components within `[ε, 1/ε]` in magnitude.
    #[inline(always)]
    fn closest(&self, p: [T; 2], tol: &Tolerance<T>) -> ([T; 2], bool) {
        let w = [p[0].sub(self.a[0]), p[1].sub(self.a[1])];
        let along = w[0].mul(self.v[0]).add(w[1].mul(self.v[1]));
        // The single query's regions, with its (rounded) comparisons.
        let start = !(along > T::ZERO);
        let end = !(along < self.length_sq);
        let length_sq = along_wide(self.length_sq);
        let t = T::unit_ratio(along_wide(along), length_sq);
        // The single query steps from the nearer end: from `b` by
        // `s = (p − b)·(a − b) / |v|²` when `2 along > |v|²`.
        let u = [p[0].sub(self.b[0]), p[1].sub(self.b[1])];
        let back = u[0].mul(self.v[0]).add(u[1].mul(self.v[1])).neg();
        let s = T::unit_ratio(along_wide(back), length_sq);
        let from_a = [
            self.a[0].add(self.v[0].mul(t)),
            self.a[1].add(self.v[1].mul(t)),
        ];
        let from_b = [
            self.b[0].sub(self.v[0].mul(s)),
            self.b[1].sub(self.v[1].mul(s)),
        ];
        let interior = pick_point(along.add(along) <= self.length_sq, from_a, from_b);
        let q = [
            pick(start, self.a[0], pick(end, self.b[0], interior[0])),
            pick(start, self.a[1], pick(end, self.b[1], interior[1])),
        ];
        // A point exactly on the line is its own closest point in the single query
        // (after an exact orientation test): leave those to it.
        let on_line = w[0].mul(self.v[1]).sub(w[1].mul(self.v[0])) == T::ZERO;
        let certain = self.degenerate
            | (self.unscaled
                & !on_line
                & (w[0].abs() <= tol.limit)
                & (w[1].abs() <= tol.limit)
                & (u[0].abs() <= tol.limit)
                & (u[1].abs() <= tol.limit));
        // A zero-length segment is all start region: `a`, whatever the scaling.
        (pick_point(self.degenerate, self.a, q), certain)
    }
}

/// A rounded value as the wide type. Only used where the tolerance exists, that is for
/// scalars whose products are rounded like floats; for those the wide type is the
/// scalar itself, and `x · 1` is `x`.
#[inline(always)]
fn along_wide<T: Scalar>(x: T) -> T::Wide {
    x.mul_wide(T::ONE)
}

#[inline(always)]
fn pick_point<T: Scalar>(condition: bool, x: [T; 2], y: [T; 2]) -> [T; 2] {
    [pick(condition, x[0], y[0]), pick(condition, x[1], y[1])]
}

#[inline(always)]
fn xy<V: Vector2>(v: V) -> [S<V>; 2] {
    [v.x(), v.y()]
}

/// Runs `fast` over `a` (and `out`) chunk by chunk; where it is not certain, replaces
/// its answer with `single`'s. Returns the length of the common prefix.
#[inline(always)]
fn filtered1<A: Copy, O>(
    a: &[A],
    out: &mut [O],
    fast: impl Fn(A) -> (O, bool),
    single: impl Fn(A) -> O,
) -> usize {
    let mut n = 0;
    for (out, a) in out.chunks_mut(CHUNK).zip(a.chunks(CHUNK)) {
        let mut certain = true;
        for (o, &a) in out.iter_mut().zip(a) {
            let (value, sure) = fast(a);
            *o = value;
            certain &= sure;
        }
        if !certain {
            fix_up1(a, out, &fast, &single);
        }
        n += out.len().min(a.len());
    }
    n
}

#[cold]
#[inline(never)]
fn fix_up1<A: Copy, O>(
    a: &[A],
    out: &mut [O],
    fast: &impl Fn(A) -> (O, bool),
    single: &impl Fn(A) -> O,
) {
    for (o, &a) in out.iter_mut().zip(a) {
        if !fast(a).1 {
            *o = single(a);
        }
    }
}

/// [`filtered1`] for two input slices.
#[inline(always)]
fn filtered2<A: Copy, B: Copy, O>(
    a: &[A],
    b: &[B],
    out: &mut [O],
    fast: impl Fn(A, B) -> (O, bool),
    single: impl Fn(A, B) -> O,
) -> usize {
    let mut n = 0;
    for ((out, a), b) in out
        .chunks_mut(CHUNK)
        .zip(a.chunks(CHUNK))
        .zip(b.chunks(CHUNK))
    {
        let mut certain = true;
        for ((o, &a), &b) in out.iter_mut().zip(a).zip(b) {
            let (value, sure) = fast(a, b);
            *o = value;
            certain &= sure;
        }
        if !certain {
            fix_up2(a, b, out, &fast, &single);
        }
        n += out.len().min(a.len()).min(b.len());
    }
    n
}

#[cold]
#[inline(never)]
fn fix_up2<A: Copy, B: Copy, O>(
    a: &[A],
    b: &[B],
    out: &mut [O],
    fast: &impl Fn(A, B) -> (O, bool),
    single: &impl Fn(A, B) -> O,
) {
    for ((o, &a), &b) in out.iter_mut().zip(a).zip(b) {
        if !fast(a, b).1 {
            *o = single(a, b);
        }
    }
}

/// The SIMD pass for points (and optional per-point radii) against one prepared shape.
///
/// Each chunk of points is first copied, component by component, into two small stack
/// arrays: the kernel then reads three plain arrays (structure of arrays), which the
/// compiler vectorises at full width, where reading `[x, y]` pairs directly would cost a
/// shuffle per element. Where the kernel is not certain, `single` decides.
#[inline(always)]
fn filtered_points<V: Vector2>(
    points: &[V],
    radii: Option<&[S<V>]>,
    out: &mut [bool],
    fast: impl Fn(S<V>, S<V>, S<V>) -> (bool, bool),
    single: impl Fn(V, S<V>) -> bool,
) -> usize {
    let zero = S::<V>::ZERO;
    let (mut xs, mut ys) = ([zero; CHUNK], [zero; CHUNK]);
    let mut n = 0;
    let mut radii = radii.map(|r| r.chunks(CHUNK));
    for (out, points) in out.chunks_mut(CHUNK).zip(points.chunks(CHUNK)) {
        // With no radii the kernel gets zeros; with radii, stop when they run out.
        let radii = match radii.as_mut().map(Iterator::next) {
            None => None,
            Some(Some(r)) => Some(r),
            Some(None) => break,
        };
        let m = out
            .len()
            .min(points.len())
            .min(radii.map_or(CHUNK, <[_]>::len));
        for ((x, y), p) in xs.iter_mut().zip(ys.iter_mut()).zip(points) {
            *x = p.x();
            *y = p.y();
        }
        let (xs, ys) = (xs.get(..m).unwrap_or(&[]), ys.get(..m).unwrap_or(&[]));
        let out = out.get_mut(..m).unwrap_or(&mut []);
        let mut certain = true;
        match radii {
            Some(radii) => {
                for (((o, &x), &y), &r) in out.iter_mut().zip(xs).zip(ys).zip(radii) {
                    let (value, sure) = fast(x, y, r);
                    *o = value;
                    certain &= sure;
                }
            }
            None => {
                for ((o, &x), &y) in out.iter_mut().zip(xs).zip(ys) {
                    let (value, sure) = fast(x, y, zero);
                    *o = value;
                    certain &= sure;
                }
            }
        }
        if !certain {
            fix_up_points(points, radii, out, &fast, &single);
        }
        n += m;
    }
    n
}

#[cold]
#[inline(never)]
fn fix_up_points<V: Vector2>(
    points: &[V],
    radii: Option<&[S<V>]>,
    out: &mut [bool],
    fast: &impl Fn(S<V>, S<V>, S<V>) -> (bool, bool),
    single: &impl Fn(V, S<V>) -> bool,
) {
    let zero = S::<V>::ZERO;
    for (i, (o, &p)) in out.iter_mut().zip(points).enumerate() {
        let r = radii.and_then(|r| r.get(i).copied()).unwrap_or(zero);
        if !fast(p.x(), p.y(), r).1 {
            *o = single(p, r);
        }
    }
}

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

/// Whether each point lies in the capsule: [`Capsule::contains_point`] for every point.
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

/// Whether each circle touches or overlaps the segment: [`Shape::intersects`] of a circle and a segment
/// for the circle of centre `centers[i]` and radius `radii[i]`.
///
/// Writes the common prefix of `out` and returns its length (see
/// [Lengths](self#lengths)).
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

/// Whether each circle touches or overlaps the capsule: [`Shape::intersects`] of a circle and a capsule
/// for the circle of centre `centers[i]` and radius `radii[i]`.
///
/// Writes the common prefix of `out` and returns its length (see
/// [Lengths](self#lengths)). This is the kernel `docs/benchmarks.md` measures against
/// the memory bandwidth.
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

/// The closest point of the segment to each point: [`Shape::project_point`] of a segment for every
/// point.
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

/// The squared distance from each point to the segment: the squared length of `p` less its [`Shape::project_point`]
/// for every point.
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

/// The contact of each circle against the capsule: [`Shape::contact`] of a circle against a capsule for the
/// circle of centre `centers[i]` and radius `radii[i]`; `None` where they do not touch.
///
/// Writes the common prefix of `out` and returns its length (see
/// [Lengths](self#lengths)). This calls the single query in a loop; to find which
/// circles touch at SIMD speed, use [`circles_intersect_capsule`] first.
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
/// [`Shape::intersects`] of two circles pairwise.
///
/// Writes the common prefix of `out` and returns its length (see
/// [Lengths](self#lengths)).
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
/// [`Shape::intersects`] of a circle and a capsule pairwise.
///
/// Writes the common prefix of `out` and returns its length (see
/// [Lengths](self#lengths)). This calls the single query in a loop (see [Speed](self#speed)).
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
/// [`Shape::intersects`] of two capsules pairwise.
///
/// Writes the common prefix of `out` and returns its length (see
/// [Lengths](self#lengths)). This calls the single query in a loop.
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

/// The contact of `xs[i]` against `ys[i]`, for each pair of capsules:
/// [`Shape::contact`] of two capsules pairwise; `None` where they do not touch.
///
/// Writes the common prefix of `out` and returns its length (see
/// [Lengths](self#lengths)). This calls the single query in a loop.
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

#[cfg(feature = "rayon")]
pub use self::parallel::*;

/// The `par_` twins of the batch functions (feature `rayon`).
#[cfg(feature = "rayon")]
mod parallel {
    use super::{Capsule, Circle, Contact, S, Segment, Vector2};
    use rayon::prelude::*;

    /// The number of elements each rayon task processes.
    ///
    /// Large enough that the cost of a task (well under a microsecond) is lost in the
    /// work, small enough that a batch of a few hundred thousand elements still splits
    /// across every core.
    ///
    /// ```
    /// assert!(capsule2d::batch::PAR_CHUNK >= 1024);
    /// ```
    pub const PAR_CHUNK: usize = 16 * 1024;

    /// Runs `kernel` on matching chunks of one input slice and `out`, in parallel, and
    /// returns the number of elements processed: the common prefix.
    fn split1<A: Sync, O: Send>(
        a: &[A],
        out: &mut [O],
        kernel: impl Fn(&[A], &mut [O]) -> usize + Sync,
    ) -> usize {
        out.par_chunks_mut(PAR_CHUNK)
            .zip(a.par_chunks(PAR_CHUNK))
            .map(|(o, a)| kernel(a, o))
            .sum()
    }

    /// [`split1`] for two input slices.
    fn split2<A: Sync, B: Sync, O: Send>(
        a: &[A],
        b: &[B],
        out: &mut [O],
        kernel: impl Fn(&[A], &[B], &mut [O]) -> usize + Sync,
    ) -> usize {
        out.par_chunks_mut(PAR_CHUNK)
            .zip(a.par_chunks(PAR_CHUNK))
            .zip(b.par_chunks(PAR_CHUNK))
            .map(|((o, a), b)| kernel(a, b, o))
            .sum()
    }

    /// [`points_in_capsule`](super::points_in_capsule), split across rayon's threads in
    /// chunks of [`PAR_CHUNK`]. Same results, same common-prefix rule.
    ///
    /// ```
    /// use capsule2d::{Capsule, batch};
    ///
    /// let capsule = Capsule::new([0.0, 0.0], [4.0, 0.0], 1.0);
    /// let points: Vec<[f64; 2]> = (0..100_000).map(|i| [i as f64 * 4e-5, 0.5]).collect();
    /// let mut inside = vec![false; points.len()];
    /// assert_eq!(batch::par_points_in_capsule(&points, &capsule, &mut inside), 100_000);
    /// assert!(inside.iter().all(|&b| b));
    /// ```
    pub fn par_points_in_capsule<V>(points: &[V], capsule: &Capsule<V>, out: &mut [bool]) -> usize
    where
        V: Vector2 + Sync,
        S<V>: Sync,
    {
        split1(points, out, |p, o| super::points_in_capsule(p, capsule, o))
    }

    /// [`circles_intersect_segment`](super::circles_intersect_segment), split across
    /// rayon's threads in chunks of [`PAR_CHUNK`].
    ///
    /// ```
    /// use capsule2d::{Segment, batch};
    ///
    /// let floor = Segment::new([0.0, 0.0], [4.0, 0.0]);
    /// let mut hit = [false; 2];
    /// batch::par_circles_intersect_segment(&[[2.0, 1.0], [5.0, 1.0]], &[1.0, 1.0], &floor, &mut hit);
    /// assert_eq!(hit, [true, false]);
    /// ```
    pub fn par_circles_intersect_segment<V>(
        centers: &[V],
        radii: &[S<V>],
        segment: &Segment<V>,
        out: &mut [bool],
    ) -> usize
    where
        V: Vector2 + Sync,
        S<V>: Sync,
    {
        split2(centers, radii, out, |c, r, o| {
            super::circles_intersect_segment(c, r, segment, o)
        })
    }

    /// [`circles_intersect_capsule`](super::circles_intersect_capsule), split across
    /// rayon's threads in chunks of [`PAR_CHUNK`].
    ///
    /// ```
    /// use capsule2d::{Capsule, batch};
    ///
    /// let capsule = Capsule::new([0.0_f32, 0.0], [4.0, 0.0], 1.0);
    /// let centers = vec![[2.0, 2.0]; 50_000];
    /// let radii = vec![1.0; 50_000];
    /// let mut hit = vec![false; 50_000];
    /// assert_eq!(batch::par_circles_intersect_capsule(&centers, &radii, &capsule, &mut hit), 50_000);
    /// assert!(hit.iter().all(|&h| h));
    /// ```
    pub fn par_circles_intersect_capsule<V>(
        centers: &[V],
        radii: &[S<V>],
        capsule: &Capsule<V>,
        out: &mut [bool],
    ) -> usize
    where
        V: Vector2 + Sync,
        S<V>: Sync,
    {
        split2(centers, radii, out, |c, r, o| {
            super::circles_intersect_capsule(c, r, capsule, o)
        })
    }

    /// [`closest_points_on_segment`](super::closest_points_on_segment), split across
    /// rayon's threads in chunks of [`PAR_CHUNK`].
    ///
    /// ```
    /// use capsule2d::{Segment, batch};
    ///
    /// let s = Segment::new([0.0, 0.0], [4.0, 0.0]);
    /// let mut closest = [[0.0; 2]; 1];
    /// batch::par_closest_points_on_segment(&[[1.0, 7.0]], &s, &mut closest);
    /// assert_eq!(closest, [[1.0, 0.0]]);
    /// ```
    pub fn par_closest_points_on_segment<V>(
        points: &[V],
        segment: &Segment<V>,
        out: &mut [V],
    ) -> usize
    where
        V: Vector2 + Sync + Send,
        S<V>: Sync,
    {
        split1(points, out, |p, o| {
            super::closest_points_on_segment(p, segment, o)
        })
    }

    /// [`distances_squared_to_segment`](super::distances_squared_to_segment), split
    /// across rayon's threads in chunks of [`PAR_CHUNK`].
    ///
    /// ```
    /// use capsule2d::{Segment, batch};
    ///
    /// let s = Segment::new([0.0, 0.0], [4.0, 0.0]);
    /// let mut distance_sq = [0.0; 1];
    /// batch::par_distances_squared_to_segment(&[[7.0, 4.0]], &s, &mut distance_sq);
    /// assert_eq!(distance_sq, [25.0]);
    /// ```
    pub fn par_distances_squared_to_segment<V>(
        points: &[V],
        segment: &Segment<V>,
        out: &mut [S<V>],
    ) -> usize
    where
        V: Vector2 + Sync,
        S<V>: Sync + Send,
    {
        split1(points, out, |p, o| {
            super::distances_squared_to_segment(p, segment, o)
        })
    }

    /// [`circles_contact_capsule`](super::circles_contact_capsule), split across rayon's
    /// threads in chunks of [`PAR_CHUNK`].
    ///
    /// ```
    /// use capsule2d::{Capsule, batch};
    ///
    /// let capsule = Capsule::new([0.0, 0.0], [4.0, 0.0], 1.0);
    /// let mut contacts = [None; 1];
    /// batch::par_circles_contact_capsule(&[[2.0, 1.5]], &[1.0], &capsule, &mut contacts);
    /// assert_eq!(contacts[0].map(|c| c.depth), Some(0.5));
    /// ```
    pub fn par_circles_contact_capsule<V>(
        centers: &[V],
        radii: &[S<V>],
        capsule: &Capsule<V>,
        out: &mut [Option<Contact<V>>],
    ) -> usize
    where
        V: Vector2 + Sync + Send,
        S<V>: Sync + Send,
    {
        split2(centers, radii, out, |c, r, o| {
            super::circles_contact_capsule(c, r, capsule, o)
        })
    }

    /// [`circles_intersect_circles`](super::circles_intersect_circles), split across
    /// rayon's threads in chunks of [`PAR_CHUNK`].
    ///
    /// ```
    /// use capsule2d::{Circle, batch};
    ///
    /// let xs = [Circle::new([0.0, 0.0], 1.0)];
    /// let ys = [Circle::new([3.0, 0.0], 2.0)];
    /// let mut hit = [false];
    /// batch::par_circles_intersect_circles(&xs, &ys, &mut hit);
    /// assert_eq!(hit, [true]);
    /// ```
    pub fn par_circles_intersect_circles<V>(
        xs: &[Circle<V>],
        ys: &[Circle<V>],
        out: &mut [bool],
    ) -> usize
    where
        V: Vector2 + Sync,
        S<V>: Sync,
    {
        split2(xs, ys, out, super::circles_intersect_circles)
    }

    /// [`circles_intersect_capsules`](super::circles_intersect_capsules), split across
    /// rayon's threads in chunks of [`PAR_CHUNK`].
    ///
    /// ```
    /// use capsule2d::{Capsule, Circle, batch};
    ///
    /// let circles = [Circle::new([2.0, 2.0], 1.0)];
    /// let capsules = [Capsule::new([0.0, 0.0], [4.0, 0.0], 1.0)];
    /// let mut hit = [false];
    /// batch::par_circles_intersect_capsules(&circles, &capsules, &mut hit);
    /// assert_eq!(hit, [true]);
    /// ```
    pub fn par_circles_intersect_capsules<V>(
        circles: &[Circle<V>],
        capsules: &[Capsule<V>],
        out: &mut [bool],
    ) -> usize
    where
        V: Vector2 + Sync,
        S<V>: Sync,
    {
        split2(circles, capsules, out, super::circles_intersect_capsules)
    }

    /// [`capsules_intersect_capsules`](super::capsules_intersect_capsules), split across
    /// rayon's threads in chunks of [`PAR_CHUNK`].
    ///
    /// ```
    /// use capsule2d::{Capsule, batch};
    ///
    /// let xs = [Capsule::new([0.0, 0.0], [4.0, 0.0], 1.0)];
    /// let ys = [Capsule::new([2.0, 2.0], [2.0, 6.0], 1.0)];
    /// let mut hit = [false];
    /// batch::par_capsules_intersect_capsules(&xs, &ys, &mut hit);
    /// assert_eq!(hit, [true]);
    /// ```
    pub fn par_capsules_intersect_capsules<V>(
        xs: &[Capsule<V>],
        ys: &[Capsule<V>],
        out: &mut [bool],
    ) -> usize
    where
        V: Vector2 + Sync,
        S<V>: Sync,
    {
        split2(xs, ys, out, super::capsules_intersect_capsules)
    }

    /// [`capsules_contact_capsules`](super::capsules_contact_capsules), split across
    /// rayon's threads in chunks of [`PAR_CHUNK`].
    ///
    /// ```
    /// use capsule2d::{Capsule, batch};
    ///
    /// let xs = [Capsule::new([0.0, 0.0], [4.0, 0.0], 1.0)];
    /// let ys = [Capsule::new([2.0, 1.5], [2.0, 6.0], 1.0)];
    /// let mut contacts = [None];
    /// batch::par_capsules_contact_capsules(&xs, &ys, &mut contacts);
    /// assert_eq!(contacts[0].map(|c| c.depth), Some(0.5));
    /// ```
    pub fn par_capsules_contact_capsules<V>(
        xs: &[Capsule<V>],
        ys: &[Capsule<V>],
        out: &mut [Option<Contact<V>>],
    ) -> usize
    where
        V: Vector2 + Sync + Send,
        S<V>: Sync + Send,
    {
        split2(xs, ys, out, super::capsules_contact_capsules)
    }
}

#[cfg(all(test, any(feature = "std", feature = "libm")))]
mod tests {
    use super::*;

    /// A small deterministic generator (`SplitMix64`) for test inputs.
    pub(super) struct Rng(pub(super) u64);

    impl Rng {
        pub(super) fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }

        /// A coordinate in `[-4, 4)` on a grid of 1/8, so that ties and touching
        /// contacts (the edge cases of the region selection) come up often.
        fn coord(&mut self) -> f64 {
            (self.next() % 64) as f64 / 8.0 - 4.0
        }
    }

    /// Points, radii and segments for one run: on a grid of 1/8 (ties and touching
    /// contacts, exactly representable) or continuous and placed within a few ulps of
    /// the boundary (the filter's uncertain band, and both sides of it).
    struct Inputs {
        points: [[f64; 2]; 2000],
        radii: [f64; 2000],
        segments: [([f64; 2], [f64; 2], f64); 40],
    }

    fn grid_inputs() -> Inputs {
        let mut rng = Rng(7);
        let points = core::array::from_fn(|_| [rng.coord(), rng.coord()]);
        let radii = core::array::from_fn(|_| rng.coord() / 2.0);
        let segments = core::array::from_fn(|_| {
            (
                [rng.coord(), rng.coord()],
                [rng.coord(), rng.coord()],
                rng.coord().abs() / 2.0,
            )
        });
        Inputs {
            points,
            radii,
            segments,
        }
    }

    /// Continuous inputs around one segment family: each point sits at distance
    /// `r (1 + δ)` from the segment `(-3, -1) → (2.5, 1.75)` (or from one of its ends),
    /// with `δ` a few ulps of f32 or f64 either way, so that the single query's exact
    /// predicate and the batch filter are tested where they are hardest.
    fn boundary_inputs() -> Inputs {
        let mut rng = Rng(17);
        let mut unit = move || (rng.next() >> 11) as f64 / (1_u64 << 53) as f64;
        let (a, b) = ([-3.0, -1.0], [2.5, 1.75]);
        let (vx, vy) = (b[0] - a[0], b[1] - a[1]);
        let length = f64::hypot(vx, vy);
        let (nx, ny) = (-vy / length, vx / length);
        let deltas = [
            0.0, 1e-16, -1e-16, 3e-16, -3e-16, 1e-7, -1e-7, 2e-7, -2e-7, 1e-3, -1e-3,
        ];
        let mut radii = [0.0; 2000];
        let points = core::array::from_fn(|i| {
            let radius = 0.25 + 2.0 * unit();
            let delta = deltas[i % deltas.len()];
            let t = 1.4 * unit() - 0.2;
            let side = if unit() < 0.5 { 1.0 } else { -1.0 };
            let reach = radius * (1.0 + delta);
            radii[i] = radius;
            if !(0.0..=1.0).contains(&t) {
                let angle = core::f64::consts::TAU * unit();
                let end = if t < 0.0 { a } else { b };
                [end[0] + reach * angle.cos(), end[1] + reach * angle.sin()]
            } else {
                [
                    a[0] + t * vx + side * reach * nx,
                    a[1] + t * vy + side * reach * ny,
                ]
            }
        });
        let segments = core::array::from_fn(|i| match i % 4 {
            0 => (a, b, 0.0),
            1 => (b, a, 0.0),
            2 => (a, b, 0.0), // radius 0, circles carry it all
            _ => (a, a, 0.0), // zero-length
        });
        Inputs {
            points,
            radii,
            segments,
        }
    }

    /// Checks every batch function against the single queries, for one scalar type.
    fn agrees_with_single_queries<T: Scalar>(inputs: &Inputs, convert: impl Fn(f64) -> T) {
        let count = 2000;
        let points: [[T; 2]; 2000] = core::array::from_fn(|i| inputs.points[i].map(&convert));
        let radii: [T; 2000] = core::array::from_fn(|i| convert(inputs.radii[i]));
        for &(a, b, r) in &inputs.segments {
            let (a, b) = (a.map(&convert), b.map(&convert));
            let segment = Segment::new(a, b);
            let capsule = Capsule::new(a, b, convert(r));

            let mut flags = [false; 2000];
            assert_eq!(points_in_capsule(&points, &capsule, &mut flags), count);
            for (p, f) in points.iter().zip(&flags) {
                assert_eq!(*f, capsule.contains_point(*p), "{p:?} in {capsule:?}");
            }
            circles_intersect_segment(&points, &radii, &segment, &mut flags);
            for ((c, r), f) in points.iter().zip(&radii).zip(&flags) {
                assert_eq!(*f, Circle::new(*c, *r).intersects(&segment), "{c:?} {r:?}");
            }
            circles_intersect_capsule(&points, &radii, &capsule, &mut flags);
            for ((c, r), f) in points.iter().zip(&radii).zip(&flags) {
                assert_eq!(*f, Circle::new(*c, *r).intersects(&capsule), "{c:?} {r:?}");
            }
            let mut closest = [[T::ZERO; 2]; 2000];
            closest_points_on_segment(&points, &segment, &mut closest);
            for (p, q) in points.iter().zip(&closest) {
                assert_eq!(*q, segment.project_point(*p));
            }
            let mut distance_sq = [T::ZERO; 2000];
            distances_squared_to_segment(&points, &segment, &mut distance_sq);
            for (p, d) in points.iter().zip(&distance_sq) {
                assert_eq!(*d, p.sub(segment.project_point(*p)).length_squared());
            }
            let mut contacts = [None; 2000];
            circles_contact_capsule(&points, &radii, &capsule, &mut contacts);
            for ((c, r), contact) in points.iter().zip(&radii).zip(&contacts) {
                assert_eq!(*contact, Circle::new(*c, *r).contact(&capsule));
            }
        }

        // Pairwise.
        let circles: [Circle<[T; 2]>; 1000] =
            core::array::from_fn(|i| Circle::new(points[2 * i], radii[2 * i]));
        let others: [Circle<[T; 2]>; 1000] =
            core::array::from_fn(|i| Circle::new(points[2 * i + 1], radii[2 * i + 1]));
        let capsules: [Capsule<[T; 2]>; 1000] = core::array::from_fn(|i| {
            let (a, b, r) = inputs.segments[i % 40];
            Capsule::new(a.map(&convert), b.map(&convert), convert(r))
        });
        let capsules2: [Capsule<[T; 2]>; 1000] = core::array::from_fn(|i| {
            Capsule::new(points[(5 * i) % 2000], points[(7 * i + 3) % 2000], radii[i])
        });
        let mut flags = [false; 1000];
        assert_eq!(
            circles_intersect_circles(&circles, &others, &mut flags),
            1000
        );
        for ((x, y), f) in circles.iter().zip(&others).zip(&flags) {
            assert_eq!(*f, x.intersects(y));
        }
        circles_intersect_capsules(&circles, &capsules, &mut flags);
        for ((x, y), f) in circles.iter().zip(&capsules).zip(&flags) {
            assert_eq!(*f, x.intersects(y));
        }
        capsules_intersect_capsules(&capsules, &capsules2, &mut flags);
        for ((x, y), f) in capsules.iter().zip(&capsules2).zip(&flags) {
            assert_eq!(*f, x.intersects(y));
        }
        let mut contacts = [None; 1000];
        capsules_contact_capsules(&capsules, &capsules2, &mut contacts);
        for ((x, y), c) in capsules.iter().zip(&capsules2).zip(&contacts) {
            assert_eq!(*c, x.contact(y));
        }
    }

    /// Runs both input sets; returns nothing, panics on the first disagreement.
    fn agrees_everywhere<T: Scalar>(convert: impl Fn(f64) -> T + Copy) {
        agrees_with_single_queries(&grid_inputs(), convert);
        agrees_with_single_queries(&boundary_inputs(), convert);
    }

    #[test]
    fn batches_agree_with_single_queries_f32() {
        agrees_everywhere(|x| x as f32);
    }

    #[test]
    fn batches_agree_with_single_queries_f64() {
        agrees_everywhere(|x| x);
    }

    #[cfg(feature = "fixed")]
    #[test]
    fn batches_agree_with_single_queries_fixed() {
        agrees_everywhere(fixed::types::I32F32::from_num);
        agrees_everywhere(fixed::types::I16F16::from_num);
    }

    #[test]
    fn non_finite_input_agrees_too() {
        let specials = [
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            0.0,
            -0.0,
            1.0,
            f64::MAX,
        ];
        let mut points = [[0.0; 2]; 49];
        for (i, p) in points.iter_mut().enumerate() {
            *p = [specials[i % 7], specials[i / 7]];
        }
        for &a in &points {
            for &b in &points[..7] {
                for &r in &specials {
                    let capsule = Capsule::new(a, b, r);
                    let mut flags = [false; 49];
                    let radii = [r; 49];
                    points_in_capsule(&points, &capsule, &mut flags);
                    for (p, f) in points.iter().zip(&flags) {
                        assert_eq!(*f, capsule.contains_point(*p));
                    }
                    circles_intersect_capsule(&points, &radii, &capsule, &mut flags);
                    for (c, f) in points.iter().zip(&flags) {
                        assert_eq!(*f, Circle::new(*c, r).intersects(&capsule));
                    }
                    let mut closest = [[0.0; 2]; 49];
                    closest_points_on_segment(&points, &capsule.segment(), &mut closest);
                    for (p, q) in points.iter().zip(&closest) {
                        let expected = capsule.segment().project_point(*p);
                        assert!(
                            q.iter()
                                .zip(&expected)
                                .all(|(x, y)| x == y || (x.is_nan() && y.is_nan())),
                            "{p:?} on {capsule:?}: {q:?} vs {expected:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn mismatched_lengths_process_the_common_prefix() {
        let capsule = Capsule::new([0.0, 0.0], [4.0, 0.0], 1.0);
        let centers = [[1.0, 0.0]; 5];
        let mut out = [false; 8];
        assert_eq!(
            circles_intersect_capsule(&centers, &[1.0; 3], &capsule, &mut out),
            3
        );
        assert_eq!(out, [true, true, true, false, false, false, false, false]);
        assert_eq!(
            circles_intersect_capsule(&centers, &[1.0; 9], &capsule, &mut out[..2]),
            2
        );
        assert_eq!(points_in_capsule(&[] as &[[f64; 2]], &capsule, &mut out), 0);
        let mut closest: [[f64; 2]; 0] = [];
        assert_eq!(
            closest_points_on_segment(&centers, &capsule.segment(), &mut closest),
            0
        );
    }

    #[cfg(feature = "rayon")]
    #[test]
    fn parallel_twins_agree_and_keep_the_prefix_rule() {
        extern crate std;
        use std::vec;
        use std::vec::Vec;

        let mut rng = Rng(3);
        let n = 3 * PAR_CHUNK + 17;
        let centers: Vec<[f32; 2]> = (0..n)
            .map(|_| [rng.coord() as f32, rng.coord() as f32])
            .collect();
        let radii: Vec<f32> = (0..n - 5).map(|_| rng.coord() as f32 / 2.0).collect();
        let capsule = Capsule::new([-1.0, 0.5], [2.0, -0.25], 0.75);
        let mut sequential = vec![false; n];
        let mut parallel = vec![false; n];
        let count = circles_intersect_capsule(&centers, &radii, &capsule, &mut sequential);
        assert_eq!(count, n - 5);
        assert_eq!(
            par_circles_intersect_capsule(&centers, &radii, &capsule, &mut parallel),
            count
        );
        assert_eq!(sequential, parallel);
        assert_eq!(
            par_points_in_capsule(&centers, &capsule, &mut parallel[..10]),
            10
        );
    }
}

#[cfg(all(test, any(feature = "std", feature = "libm")))]
mod filter_tests {
    use super::tests::Rng;
    use super::*;

    /// The fast pass must decide almost every ordinary input itself, and leave the ones
    /// within a few ulps of touching to the exact single query.
    #[test]
    fn the_filter_decides_ordinary_inputs_and_defers_touching_ones() {
        let tol = tolerance::<f32>().unwrap();
        assert_eq!(tol.limit, 8_388_608.0);
        assert_eq!(tol.factor, 32.0 * f32::EPSILON);
        assert!(tolerance::<f64>().is_some());
        let segment = Prepared::new([-3.0_f32, -1.0], [2.5, 1.75], &tol);
        let mut certain = 0;
        for i in 0..1000 {
            let p = [(i % 37) as f32 * 0.31 - 5.0, (i % 23) as f32 * 0.47 - 5.0];
            certain += usize::from(segment.within(p, 0.7, 0.1, &tol).1);
        }
        assert!(certain >= 990, "{certain}");
        // Exactly touching, at an end and in the interior: deferred.
        assert!(!segment.within([-3.0, -2.0], 1.0, 0.0, &tol).1);
        assert!(!segment.within([0.0, 0.5], 0.0, 0.0, &tol).1);
        // Out of range: deferred.
        assert!(!segment.within([1e8, 0.0], 1.0, 0.0, &tol).1);
        // An empty circle needs no exact arithmetic.
        assert_eq!(segment.within([0.0, 0.5], -1.0, 0.0, &tol), (false, true));
    }

    /// `r` moved by `steps` relative steps of `f64::EPSILON` (at least `1e-30`), up or
    /// down: a few ulps of `f32` or `f64` either side of a boundary, or exactly on it.
    fn nudged<T: Scalar>(mut r: T, steps: i32, convert: impl Fn(f64) -> T) -> T {
        for _ in 0..steps.unsigned_abs() {
            let nudge = r.mul(convert(f64::EPSILON)).max(convert(1e-30));
            r = if steps > 0 {
                r.add(nudge)
            } else {
                r.sub(nudge)
            };
        }
        r
    }

    /// The filter's error bound at many scales and segment shapes: circles whose radius
    /// is the (rounded) distance to the capsule core moved by a few ulps, for long, short
    /// and steep segments, with coordinates from `2^-20` to `2^20`. Every batch answer must
    /// equal the exact single query's.
    fn near_boundary_agrees<T: Scalar>(convert: impl Fn(f64) -> T) {
        let mut rng = Rng(99);
        let mut unit = move || (rng.next() >> 11) as f64 / (1_u64 << 53) as f64;
        const N: usize = 512;
        for round in 0..24 {
            let scale = 2.0_f64.powi(round - 12 - (round % 3) * 3);
            let a = [(unit() - 0.5) * scale, (unit() - 0.5) * scale];
            let stretch = [1e-4, 1.0, 40.0][round as usize % 3];
            let angle = core::f64::consts::TAU * unit();
            let b = [
                a[0] + stretch * scale * angle.cos(),
                a[1] + stretch * scale * angle.sin(),
            ];
            let capsule_radius = 0.25 * scale * unit();
            let capsule = Capsule::new(a.map(&convert), b.map(&convert), convert(capsule_radius));
            let (mut centers, mut radii) = ([[T::ZERO; 2]; N], [T::ZERO; N]);
            for i in 0..N {
                let p = [
                    a[0] + (unit() - 0.3) * (b[0] - a[0]) * 1.6 + (unit() - 0.5) * scale,
                    a[1] + (unit() - 0.3) * (b[1] - a[1]) * 1.6 + (unit() - 0.5) * scale,
                ];
                centers[i] = p.map(&convert);
                let core = Segment::new(capsule.a, capsule.b);
                // The distance in T, then a few ulps either way (or exactly it).
                let d = core.distance(&centers[i]).sub(capsule.radius).max(T::ZERO);
                radii[i] = nudged(d, (i % 7) as i32 - 3, &convert).max(T::ZERO);
            }
            let mut got = [false; N];
            circles_intersect_capsule(&centers, &radii, &capsule, &mut got);
            for i in 0..N {
                let single = Circle::new(centers[i], radii[i]).intersects(&capsule);
                assert_eq!(got[i], single, "round {round}, case {i}");
            }
        }
    }

    #[test]
    fn near_boundary_agrees_at_every_scale() {
        near_boundary_agrees(|x| x as f32);
        near_boundary_agrees(|x| x);
    }

    /// The pairwise circle–circle kernel's bound: pairs whose radii add up to their
    /// distance within a few ulps, at scales `2^-40 … 2^20` (the radius split unevenly
    /// between the two circles, so that its sum rounds), against the exact single query.
    /// The kernel must leave them to it; it fails with the bound's factor at zero.
    fn circle_pairs_near_touching_agree<T: Scalar>(convert: impl Fn(f64) -> T) {
        let mut rng = Rng(7);
        let mut unit = move || (rng.next() >> 11) as f64 / (1_u64 << 53) as f64;
        const N: usize = 600;
        for round in 0..20 {
            let scale = 2.0_f64.powi(round * 3 - 40);
            let xs: [Circle<[T; 2]>; N] = core::array::from_fn(|_| {
                Circle::new([unit() * scale, unit() * scale].map(&convert), T::ZERO)
            });
            let mut ys = [Circle::new([T::ZERO; 2], T::ZERO); N];
            for (i, (x, y)) in xs.iter().zip(ys.iter_mut()).enumerate() {
                let c = [unit() * scale, unit() * scale].map(&convert);
                let d = Segment::new(x.center, x.center).distance(&c);
                let r = nudged(d, (i % 7) as i32 - 3, &convert);
                let share = convert(unit());
                *y = Circle::new(c, r.mul(share));
            }
            // x's radius is the rest of r, so the sum is r up to rounding.
            let xs: [Circle<[T; 2]>; N] = core::array::from_fn(|i| {
                let total = Segment::new(xs[i].center, xs[i].center).distance(&ys[i].center);
                let r = total.sub(ys[i].radius).max(T::ZERO);
                Circle::new(xs[i].center, r)
            });
            let mut got = [false; N];
            circles_intersect_circles(&xs, &ys, &mut got);
            for i in 0..N {
                assert_eq!(got[i], xs[i].intersects(&ys[i]), "round {round}, pair {i}");
            }
        }
        // Ordinary pairs are decided by the kernel itself.
        let tol = tolerance::<T>().unwrap();
        let mut certain = 0;
        for i in 0..1000 {
            let p = [
                convert(f64::from(i % 37) * 0.31),
                convert(f64::from(i % 23) * 0.47),
            ];
            certain += usize::from(
                tol.point_within(p, [T::ZERO; 2], convert(2.0), convert(1.5))
                    .1,
            );
        }
        assert!(certain >= 990, "{certain}");
    }

    #[test]
    fn circle_pairs_near_touching_agree_at_every_scale() {
        circle_pairs_near_touching_agree(|x| x as f32);
        circle_pairs_near_touching_agree(|x| x);
    }

    #[cfg(feature = "fixed")]
    #[test]
    fn fixed_point_goes_straight_to_the_single_queries() {
        assert!(tolerance::<fixed::types::I32F32>().is_none());
        assert!(tolerance::<fixed::types::I16F16>().is_none());
    }
}
