//! Certified fast paths for a pair of `f32` segments, evaluated in `f64`
//! (`docs/numerics.md`, "Fast paths (f32)"): their closest points
//! ([`segment_closest_points_f32`]) and their distance ([`segment_distance_f32`]).
//!
//! Both decide crossing by the four orientations (each endpoint against the other
//! segment's line), certified nonzero, and rank the four endpoint candidates of segments
//! apart ([`Widened::gaps`]). The closest points also need the ranking certain and a
//! crossing far from parallel; the distance needs neither. `fast_sse2.rs` runs the closest
//! points on SSE2 pairs on x86-64, with the same operations in the same order.

use super::fast::select;

/// The closest points of two segments by [`segment_pair_bits`]: a crossing point twice.
#[inline(always)]
pub(crate) fn segment_closest_points_f32(
    xa: [f32; 2],
    xb: [f32; 2],
    ya: [f32; 2],
    yb: [f32; 2],
) -> Option<([f32; 2], [f32; 2])> {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    let (_, on_x, on_y) = super::fast_sse2::segment_pair_bits_f32(xa, xb, ya, yb)?;
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    let (_, on_x, on_y) = segment_pair_bits(xa, xb, ya, yb)?;
    Some((bits_pair(on_x), bits_pair(on_y)))
}

/// The `f64` scalar has no fast segment pair yet: its careful path runs.
#[inline(always)]
pub(crate) fn segment_closest_points_none<T>(
    xa: [T; 2],
    xb: [T; 2],
    ya: [T; 2],
    yb: [T; 2],
) -> Option<([T; 2], [T; 2])> {
    let _ = (xa, xb, ya, yb);
    None
}

/// Two segments related by the fast path: crossing at a point, or apart with their
/// closest points (what the unit tests read of [`segment_pair_bits`]).
#[cfg(all(test, feature = "std"))]
#[derive(Clone, Copy, Debug)]
pub(crate) enum FastPair {
    /// Certified crossing (properly: each one's endpoints strictly on opposite sides of
    /// the other's line), at this point.
    Crossing([f32; 2]),
    /// Certified apart; the closest points `(on x, on y)`.
    Apart([f32; 2], [f32; 2]),
}

/// `2^-47 = 64u` of `m²`, with `m` the largest input magnitude: covers the rounding of
/// every cross product `(q − o) × (s − r)` of input differences (each below `8m²`, its
/// error below `32u m²`).
const ORIENT_BOUND: f64 = 1.0 / (1u64 << 47) as f64;

/// `2^-44 = 512u` of `m²`: covers the rounding of each candidate's squared gap (below
/// `8m²`, from sums and products of differences that each carry up to `u`, and one
/// reciprocal), so that two gaps further apart than this rank the same as exactly.
pub(super) const GAP_BOUND: f64 = 1.0 / (1u64 << 44) as f64;

/// `2^-16`: a crossing whose segments' cross product `|d₁ × d₂|` is below this of `m²` is
/// left to the careful path (its crossing parameter would amplify the rounding of the
/// orientations beyond a thousandth of an `f32` ulp).
const CROSSING_ANGLE: f64 = 1.0 / (1u64 << 16) as f64;

/// Segments `x = [xa, xb]` and `y = [ya, yb]` in `f32`, by the fast path in `f64`
/// ([`segment_pair_bits`], as the unit tests read it): [`FastPair`] when its certificate
/// holds, else `None` (the careful path decides).
///
/// The certificate: every input is finite, every one of the four orientations (each
/// segment's endpoints against the other's line) is further from zero than its rounding
/// (so crossing is decided as exactly; collinear, touching and zero-length segments fail
/// it), a crossing's segments are not within `2^-16` of parallel, and apart, the nearest of
/// the four endpoint candidates is nearer than the second by more than the candidates'
/// rounding (so it is the same candidate the exact ranking picks).
///
/// Apart, the closest pair is an endpoint of one segment and its projection onto the
/// other (for disjoint segments in the plane the minimum is always attained at an
/// endpoint); each candidate's squared gap is the squared endpoint distance in the end
/// regions and `(v × w)² / |v|²` in the interior, selected rather than branched on.
#[cfg(all(test, feature = "std"))]
#[inline(always)]
pub(crate) fn segment_pair_f32(
    xa: [f32; 2],
    xb: [f32; 2],
    ya: [f32; 2],
    yb: [f32; 2],
) -> Option<FastPair> {
    let (crossing, on_x, on_y) = segment_pair_bits(xa, xb, ya, yb)?;
    Some(if crossing {
        FastPair::Crossing(bits_pair(on_x))
    } else {
        FastPair::Apart(bits_pair(on_x), bits_pair(on_y))
    })
}

/// [`segment_pair_f32`] without a branch on its answer: whether the segments cross, and
/// the closest points `(on x, on y)` as the 64 bits of their `f32` pairs (the crossing
/// point twice). Both answers are formed and the one that applies is selected, and so is
/// the certificate that applies: whether two random segments cross is as random as they
/// are, and a branch on it mispredicted about 0.7 times per query on 65536 random pairs.
#[cfg_attr(
    all(target_arch = "x86_64", target_feature = "sse2", not(test)),
    allow(dead_code)
)]
#[inline(always)]
pub(super) fn segment_pair_bits(
    xa: [f32; 2],
    xb: [f32; 2],
    ya: [f32; 2],
    yb: [f32; 2],
) -> Option<(bool, u64, u64)> {
    // The inputs' bits, for the answer's selects (below).
    let [xa_bits, xb_bits, ya_bits, yb_bits] = [xa, xb, ya, yb].map(pair_bits);
    let pair = Widened::new(xa, xb, ya, yb);
    let Widened {
        m, xa, ya, dx, dy, ..
    } = pair;
    let (crossing, crossing_certain, t_crossing) = orientations(pair.orient, m)?;
    // Crossing: where x meets y's line.
    let crossing_point = pair_bits([
        (xa[0] + t_crossing * dx[0]) as f32,
        (xa[1] + t_crossing * dx[1]) as f32,
    ]);
    let (dxx, dyy) = (dot(dx, dx), dot(dy, dy));
    let (inv_x, inv_y) = (1.0 / dxx, 1.0 / dyy);
    let along = pair.along();
    let gaps = pair.gaps(along, [dyy, dxx], [inv_y, inv_x]);
    let (best, apart_certain) = nearest_candidate(gaps, m * m * GAP_BOUND);
    if !select(crossing, crossing_certain, apart_certain) {
        return None;
    }
    // The winner's projection: onto y for candidates 0 and 1, onto x for 2 and 3, both
    // formed so that no `f64` operand is selected (a branch on inputs a predictor cannot
    // learn: on 65536 random pairs the selects had mispredicted 0.8 times per query), and
    // their bits selected.
    let project = |start: [f64; 2], v: [f64; 2], t: f64, start_bits: u64, end_bits: u64| {
        let interior = pair_bits([(start[0] + t * v[0]) as f32, (start[1] + t * v[1]) as f32]);
        select(t > 0.0, select(t < 1.0, interior, end_bits), start_bits)
    };
    let projections = [
        project(ya, dy, along[best & 1] * inv_y, ya_bits, yb_bits),
        project(xa, dx, along[2 | (best & 1)] * inv_x, xa_bits, xb_bits),
    ];
    let ends = [xa_bits, xb_bits, ya_bits, yb_bits];
    Some(pair_answer(
        crossing,
        crossing_point,
        best,
        ends,
        projections,
    ))
}

/// A pair of `f32` segments `x = [xa, xb]`, `y = [ya, yb]` widened to `f64`, with what
/// both fast paths start from: the segments' directions, the four endpoint differences (x's
/// endpoints from y's) and the four orientations (x's endpoints against y's line, then y's
/// against x's). Every difference of two widened `f32` values carries at most one rounding.
#[derive(Clone, Copy)]
struct Widened {
    /// The largest input magnitude ([`pair_magnitude`]).
    m: f64,
    xa: [f64; 2],
    ya: [f64; 2],
    dx: [f64; 2],
    dy: [f64; 2],
    aa: [f64; 2],
    ab: [f64; 2],
    ba: [f64; 2],
    bb: [f64; 2],
    orient: [f64; 4],
}

impl Widened {
    #[inline(always)]
    fn new(xa: [f32; 2], xb: [f32; 2], ya: [f32; 2], yb: [f32; 2]) -> Self {
        let m = pair_magnitude([xa, xb, ya, yb]);
        let [xa, xb, ya, yb] = [xa, xb, ya, yb].map(|p| p.map(f64::from));
        let (dx, dy) = (sub(xb, xa), sub(yb, ya));
        let (aa, ab, ba, bb) = (sub(xa, ya), sub(xa, yb), sub(xb, ya), sub(xb, yb));
        let orient = [cross(dy, aa), cross(dy, ba), cross(dx, aa), cross(dx, ab)];
        Self {
            m,
            xa,
            ya,
            dx,
            dy,
            aa,
            ab,
            ba,
            bb,
            orient,
        }
    }

    /// Each endpoint's offset from the other segment's start, dotted with that segment:
    /// `xa` and `xb` onto y (offsets `aa`, `ba` from `ya`), then `ya` and `yb` onto x.
    #[inline(always)]
    fn along(&self) -> [f64; 4] {
        let Self {
            dx, dy, aa, ab, ba, ..
        } = *self;
        [dot(aa, dy), dot(ba, dy), -dot(aa, dx), -dot(ab, dx)]
    }

    /// The four candidates' squared gaps, `xa` and `xb` against y, then `ya` and `yb`
    /// against x, given [`along`](Self::along), the squared lengths `[|y|², |x|²]` and their
    /// reciprocals. In the interior a gap is `orient² / |v|²`, in an end region the squared
    /// distance to that end, selected rather than branched on.
    ///
    /// y's endpoints clamped to an end of x give an endpoint pair that x's own candidates
    /// already rank: `(xa, ya)` is candidate 0's where `xa` projects to `ya`, and where it
    /// does not, candidate 0 is strictly nearer than `ya`. They are left out (infinite), so
    /// that the pair is not its own runner-up (the common case for segments far apart) and
    /// ties go to x's candidate, as in the careful path. The smallest gap is the segments'
    /// squared distance when they do not cross.
    #[inline(always)]
    fn gaps(&self, along: [f64; 4], [dyy, dxx]: [f64; 2], [inv_y, inv_x]: [f64; 2]) -> [f64; 4] {
        let Self {
            aa,
            ab,
            ba,
            bb,
            orient,
            ..
        } = *self;
        let gap =
            |along: f64, length_sq: f64, orient: f64, inv: f64, at_start: f64, at_end: f64| {
                let interior = orient * orient * inv;
                let end = select(along < length_sq, interior, at_end);
                select(along > 0.0, end, at_start)
            };
        let never = f64::INFINITY;
        [
            gap(along[0], dyy, orient[0], inv_y, dot(aa, aa), dot(ab, ab)),
            gap(along[1], dyy, orient[1], inv_y, dot(ba, ba), dot(bb, bb)),
            gap(along[2], dxx, orient[2], inv_x, never, never),
            gap(along[3], dxx, orient[3], inv_x, never, never),
        ]
    }
}

#[inline(always)]
fn sub(p: [f64; 2], q: [f64; 2]) -> [f64; 2] {
    [p[0] - q[0], p[1] - q[1]]
}

#[inline(always)]
fn dot(p: [f64; 2], q: [f64; 2]) -> f64 {
    p[0] * q[0] + p[1] * q[1]
}

#[inline(always)]
fn cross(p: [f64; 2], q: [f64; 2]) -> f64 {
    p[0] * q[1] - p[1] * q[0]
}

/// The distance between segments `x = [xa, xb]` and `y = [ya, yb]` in `f32`, evaluated in
/// `f64` from the segment pair's candidate gaps ([`Widened::gaps`]) without forming the
/// closest points: 0 where the orientations certify a crossing, else the square root of
/// the smallest candidate gap, rounded once. `None` where the certificate fails (the
/// careful path decides).
///
/// The certificate: the four orientations each further from zero than their rounding, as
/// for [`segment_pair_bits`] (so crossing is decided as exactly; touching, collinear and
/// zero-length segments fail it), and a finite answer. Unlike the closest points, the
/// distance needs no certain ranking of the candidates: two gaps within rounding of each
/// other give the same distance within that rounding. Nor does a crossing need to be far
/// from parallel: its distance is 0 at any angle.
///
/// Accuracy: each gap errs by a few `u` of the largest input's square, so the distance is
/// within half an `f32` ulp of the exact distance plus `2^-26` ulp of the largest input,
/// as [`distance_to_segment_f32`]'s; the careful path's `|p − q|` carries its two closest
/// points' roundings, up to an `f32` ulp of the largest input each.
#[inline(always)]
pub(crate) fn segment_distance_f32(
    xa: [f32; 2],
    xb: [f32; 2],
    ya: [f32; 2],
    yb: [f32; 2],
) -> Option<f32> {
    let pair = Widened::new(xa, xb, ya, yb);
    let (crossing, _, _) = orientations(pair.orient, pair.m)?;
    let (dxx, dyy) = (dot(pair.dx, pair.dx), dot(pair.dy, pair.dy));
    let gaps = pair.gaps(pair.along(), [dyy, dxx], [1.0 / dyy, 1.0 / dxx]);
    // `min` by comparison (see `tests/determinism.rs`).
    let lesser = |x: f64, y: f64| select(y < x, y, x);
    let nearest = lesser(lesser(gaps[0], gaps[1]), lesser(gaps[2], gaps[3]));
    let distance = select(crossing, 0.0, <f64 as super::Scalar>::sqrt(nearest) as f32);
    distance.is_finite().then_some(distance)
}

/// The `f64` scalar has no fast segment distance: its careful path runs.
#[inline(always)]
pub(crate) fn segment_distance_none<T>(
    xa: [T; 2],
    xb: [T; 2],
    ya: [T; 2],
    yb: [T; 2],
) -> Option<T> {
    let _ = (xa, xb, ya, yb);
    None
}

/// Whether two cores whose distance the `f32` fast path gave as `gap`
/// ([`segment_distance_f32`], [`distance_to_segment_f32`]) are certainly more than
/// `r₁ + r₂` apart, so that the exact intersection test would say no: the distance then
/// follows from `gap` alone (`query::distance`). `points` are the cores' ends (a point
/// core's twice).
///
/// The fast gap is within half an `f32` ulp of the exact distance plus `2^-26` ulp of the
/// largest input, below `2^-24 gap + 2^-49 m + 2^-150` (`m` the largest magnitude). The
/// certificate asks `gap − (r₁ + r₂)`, in `f64`, to exceed four times that: the `f64`
/// roundings (`2^-52` of the values) are far below the room. A NaN or infinite radius
/// fails it, and the fast gap exists only for finite inputs.
///
/// [`distance_to_segment_f32`]: super::fast::distance_to_segment_f32
#[inline(always)]
pub(crate) fn apart_f32(gap: f32, [r1, r2]: [f32; 2], points: [[f32; 2]; 4], fast: bool) -> bool {
    if !fast {
        return false;
    }
    let m = pair_magnitude(points);
    let gap = f64::from(gap);
    let slack = gap * (1.0 / 4_194_304.0) + m * (1.0 / 140_737_488_355_328.0) + 1e-42;
    gap - (f64::from(r1) + f64::from(r2)) > slack
}

/// No certificate for `f64`: the exact intersection test decides. (Its careful gap errs by
/// less than `2^-48 m + 2^-50 gap`, and a certificate of `2^-44 (gap + m)` measured `f64`
/// time of impact 609 → 433 ns per query on the Zen 4; not taken, since fixed point's went
/// only 1785 → 1396 and the `I32F32 / f64` time-of-impact row would read 3.2x, above its
/// target of 3x.)
#[inline(always)]
pub(crate) fn apart_none<T>(gap: T, radii: [T; 2], points: [[T; 2]; 4], fast: bool) -> bool {
    let _ = (gap, radii, points, fast);
    false
}

/// The largest magnitude among the four points' coordinates, widened: the scale of the
/// segment pair's bounds. An infinite input makes the bounds infinite, and a NaN one (which
/// loses every comparison here) the orientations that use it: either fails the
/// certificate. Every coordinate enters one of the four orientations.
#[inline(always)]
pub(super) fn pair_magnitude(points: [[f32; 2]; 4]) -> f64 {
    let largest = points
        .iter()
        .flatten()
        .fold(0.0_f32, |m, &c| if c.abs() > m { c.abs() } else { m });
    f64::from(largest)
}

/// What the four orientations say, when each is further from zero than its rounding
/// (`None` otherwise): whether the segments cross, whether a crossing is far enough from
/// parallel to certify its point, and the crossing's parameter along x,
/// `t = o_xa / (o_xa − o_xb)` (formed either way; apart, it is not used).
#[inline(always)]
pub(super) fn orientations(
    [o_xa, o_xb, o_ya, o_yb]: [f64; 4],
    m: f64,
) -> Option<(bool, bool, f64)> {
    let certain = |o: f64| o.abs() > m * m * ORIENT_BOUND;
    if !(certain(o_xa) && certain(o_xb) && certain(o_ya) && certain(o_yb)) {
        return None;
    }
    let crossing = ((o_xa > 0.0) != (o_xb > 0.0)) & ((o_ya > 0.0) != (o_yb > 0.0));
    let turn = o_xa - o_xb;
    Some((crossing, turn.abs() > m * m * CROSSING_ANGLE, o_xa / turn))
}

/// The nearest of the four candidates' squared gaps and whether it beats the second by
/// more than `gap_bound`, by selects. Ties go to the lower index (x's candidates first, as
/// in the careful path).
#[inline(always)]
pub(super) fn nearest_candidate(gaps: [f64; 4], gap_bound: f64) -> (usize, bool) {
    let (lo01, hi01) = select(gaps[1] < gaps[0], (1, 0), (0, 1));
    let (lo23, hi23) = select(gaps[3] < gaps[2], (3, 2), (2, 3));
    let (best, other_lo) = select(gaps[lo23] < gaps[lo01], (lo23, lo01), (lo01, lo23));
    // `min` by comparison (see `tests/determinism.rs`).
    let lesser = |x: f64, y: f64| select(y < x, y, x);
    let second = lesser(gaps[other_lo], lesser(gaps[hi01], gaps[hi23]));
    (best, second - gaps[best] > gap_bound)
}

/// The segment pair's answer as [`segment_pair_bits`] returns it, from the winning
/// candidate `best` (its endpoint among `ends = [xa, xb, ya, yb]`, as bits) and both
/// projections (onto y of x's endpoint, onto x of y's), or the crossing point twice. All
/// selected on the points' bits: x86 turns a select of `f64` values whose condition
/// compares other values into a branch.
#[inline(always)]
pub(super) fn pair_answer(
    crossing: bool,
    crossing_point: u64,
    best: usize,
    ends: [u64; 4],
    [onto_y_point, onto_x_point]: [u64; 2],
) -> (bool, u64, u64) {
    let onto_y = best < 2;
    let endpoint = select(
        onto_y,
        select(best == 0, ends[0], ends[1]),
        select(best == 2, ends[2], ends[3]),
    );
    let on = select(onto_y, onto_y_point, onto_x_point);
    (
        crossing,
        select(crossing, crossing_point, select(onto_y, endpoint, on)),
        select(crossing, crossing_point, select(onto_y, on, endpoint)),
    )
}

/// The 64 bits of an `f32` pair, `x` in the low half.
#[inline(always)]
pub(super) fn pair_bits(p: [f32; 2]) -> u64 {
    u64::from(p[0].to_bits()) | (u64::from(p[1].to_bits()) << 32)
}

/// The `f32` pair of [`pair_bits`].
#[inline(always)]
pub(super) fn bits_pair(q: u64) -> [f32; 2] {
    [f32::from_bits(q as u32), f32::from_bits((q >> 32) as u32)]
}
