//! The certified branch-free filter behind the one-against-many functions and the
//! pairwise circle–circle test: [`Tolerance`] (how far plain arithmetic in a scalar can be
//! trusted), [`Prepared`] (a segment set up once per batch), and the chunked two-pass
//! drivers ([`filtered1`], [`filtered2`], [`filtered_points`]) that run a branch-free
//! kernel over a chunk and hand the elements it is not certain of to the single query.
//!
//! The yes/no kernels ([`Tolerance::point_within`], [`Prepared::within`]) are filters of
//! their own, not copies of the single queries' exact predicates: plain arithmetic in the
//! scalar's type, no regions, an error bound derived below, and "not certain" instead of
//! an exact fallback. Their answer is used only where it is certain, which makes it the
//! exact predicate's answer; the exact predicates and their proofs are in
//! `src/num/exact.rs`. The closest point ([`Prepared::closest`]) is not a filter: it is
//! the single query's own arithmetic, [`step_from_a`] and [`step_from_b`] of
//! `src/query/project.rs`, and
//! only the rescaling and exact on-segment test of the single query are left to it.

use super::dispatch::vectorized;
use crate::num::{Num, Scalar, Wide};
use crate::query::project::{nearer_a, step_from_a, step_from_b, xy};
use crate::vector::Vector2;
use crate::vector::wide;

type S<V> = <V as Vector2>::Scalar;

/// The number of elements the SIMD pass handles before the fix-up pass looks at them.
const CHUNK: usize = 256;

/// How far plain floating-point arithmetic in `T` can be trusted: what the filters need.
#[derive(Clone, Copy, Debug)]
pub(super) struct Tolerance<T> {
    /// `32ε`, with `ε = ulp(1)` (twice the unit roundoff `u`): the factor on
    /// `|d|² + R²` in the error bound of [`Prepared::within`], whose derivation needs
    /// `48u`.
    pub(super) factor: T,
    /// `ε³`: an absolute slack that covers underflow (for `f32`, 2^-69 against a worst
    /// case below 2^-98 within `limit`).
    tiny: T,
    /// `1/ε`: the largest coordinate or radius the bounds cover. Squares then stay below
    /// `2^52` for `f32`, far from overflow.
    pub(super) limit: T,
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
pub(super) fn tolerance<T: Scalar>() -> Option<Tolerance<T>> {
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
    /// answer is `Circle::new(p, r₁).intersects(&Circle::new(q, r₂))`. Branch-free, so
    /// that a loop of it vectorises.
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
    pub(super) fn point_within(&self, p: [T; 2], q: [T; 2], r1: T, r2: T) -> (bool, bool) {
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
pub(super) struct Prepared<T> {
    a: [T; 2],
    b: [T; 2],
    /// `v = b − a`.
    v: [T; 2],
    /// `1/|v|²`, or 0 for a zero-length segment (whose projection is `a`).
    inverse_length_sq: T,
    /// `64ε V² + ε³` with `V = max(|vₓ|, |v_y|)` (the extent): the per-segment part of
    /// the error bound of [`within`](Self::within).
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
    pub(super) fn new<V: Vector2<Scalar = T>>(a: V, b: V, tol: &Tolerance<T>) -> Self {
        let (a, b) = (xy(a), xy(b));
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
    pub(super) fn within(&self, p: [T; 2], r1: T, r2: T, tol: &Tolerance<T>) -> (bool, bool) {
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
    ///
    /// The regions and the interior point are the single query's own arithmetic: the same
    /// wide dot products and comparisons, and the same steps, [`step_from_a`] and
    /// [`step_from_b`], for the point stepped from the nearer end. Only the order differs: every value is computed
    /// and the region then selects, so that a loop of it has no branch.
    #[inline(always)]
    pub(super) fn closest(&self, p: [T; 2], tol: &Tolerance<T>) -> ([T; 2], bool) {
        let w = [p[0].sub(self.a[0]), p[1].sub(self.a[1])];
        let u = [p[0].sub(self.b[0]), p[1].sub(self.b[1])];
        let back = [self.a[0].sub(self.b[0]), self.a[1].sub(self.b[1])];
        let along = wide::dot(w, self.v);
        let length_sq = wide::dot(self.v, self.v);
        let (from_a, from_b) = (
            step_from_a(self.a, self.v, along, length_sq),
            step_from_b(self.b, self.v, wide::dot(u, back), wide::dot(back, back)),
        );
        let near_a = nearer_a(along, length_sq);
        let interior = pick_point(near_a, from_a, from_b);
        let start = !(along > <T::Wide as Wide>::ZERO);
        let end = !(along < length_sq);
        let q = [
            pick(start, self.a[0], pick(end, self.b[0], interior[0])),
            pick(start, self.a[1], pick(end, self.b[1], interior[1])),
        ];
        // A point exactly on the line is its own closest point in the single query
        // (after an exact orientation test): leave those to it.
        let on_line = wide::cross(self.v, w) == <T::Wide as Wide>::ZERO;
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

#[inline(always)]
fn pick_point<T: Scalar>(condition: bool, x: [T; 2], y: [T; 2]) -> [T; 2] {
    [pick(condition, x[0], y[0]), pick(condition, x[1], y[1])]
}

/// Runs `fast` over `a` (and `out`) chunk by chunk; where it is not certain, replaces
/// its answer with `single`'s. Returns the length of the common prefix.
#[inline(always)]
pub(super) fn filtered1<A: Copy, O>(
    a: &[A],
    out: &mut [O],
    fast: impl Fn(A) -> (O, bool),
    single: impl Fn(A) -> O,
) -> usize {
    vectorized!(pass1(a, out, fast, single))
}

/// The loop of [`filtered1`], inlined into each vector level's copy.
#[inline(always)]
fn pass1<A: Copy, O>(
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
pub(super) fn filtered2<A: Copy, B: Copy, O>(
    a: &[A],
    b: &[B],
    out: &mut [O],
    fast: impl Fn(A, B) -> (O, bool),
    single: impl Fn(A, B) -> O,
) -> usize {
    vectorized!(pass2(a, b, out, fast, single))
}

/// The loop of [`filtered2`], inlined into each vector level's copy.
#[inline(always)]
fn pass2<A: Copy, B: Copy, O>(
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
pub(super) fn filtered_points<V: Vector2>(
    points: &[V],
    radii: Option<&[S<V>]>,
    out: &mut [bool],
    fast: impl Fn(S<V>, S<V>, S<V>) -> (bool, bool),
    single: impl Fn(V, S<V>) -> bool,
) -> usize {
    vectorized!(points_pass(points, radii, out, fast, single))
}

/// The loop of [`filtered_points`], inlined into each vector level's copy.
#[inline(always)]
fn points_pass<V: Vector2>(
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
