//! Certified fast paths: the plain algorithm, taken when a cheap certificate shows that
//! its answer meets the crate's guarantees, and `None` otherwise, so that the caller
//! falls back to its careful path (`docs/numerics.md`, "Fast paths").
//!
//! `f32` queries are evaluated in `f64`. The widening is exact, and on `f32` inputs no
//! `f64` product or sum of this module overflows or underflows: coordinates are below
//! `2^128`, so squares of their differences stay below `2^258`, and nonzero differences are
//! multiples of `2^-149`, so nonzero products stay above `2^-298`. Each operation then
//! carries a relative error below `u = 2^-53` and the answer, rounded once to `f32`, is
//! within half an `f32` ulp of the `f64` one, itself within a few `u` of the exact value.

/// `2^-50 = 8u`: covers the `≈ 3u` relative error of `x·y − z·w` formed from differences
/// that each carry up to `u`, with room to spare.
const CROSS_BOUND: f64 = 1.0 / (1u64 << 50) as f64;

/// The point of segment `ab` nearest `p`, for `f32`, and whether the certificate holds:
/// `a` where `(p − a)·(b − a) ≤ 0`, `b` where it is at least `|b − a|²`, and otherwise
/// `a + t (b − a)` with `t = (p − a)·(b − a) / |b − a|²`, all in `f64` and rounded once.
/// Where the certificate fails, the point is meaningless and the caller takes its careful
/// path.
///
/// The certificate is that `p` lies off the line `ab` by more than the rounding of the
/// `f64` cross product `(b − a) × (p − a)`: then `p` is not on the segment (the careful
/// path's rule "a point on the segment is its own closest point" does not apply), the
/// segment is not degenerate, and no input is infinite or NaN.
///
/// Accuracy: the region decisions round in `f64` (a point within `2^-50` relative of an
/// end region's boundary may take the neighbouring formula, which gives the same point
/// within that rounding); the interior point is within `4u` of `max(|a|, |b|, |p|)` before
/// its rounding to `f32`, so the answer is within `0.5` `f32` ulp of the exact point plus
/// `2^-24` ulp of the largest input (the crate promises 4).
///
/// Branch-free: the end regions are selected, not branched on (on inputs that fall in
/// random regions a branch would mispredict about half the time), and the batch functions
/// run it as their loop's kernel.
#[inline(always)]
pub(crate) fn closest_on_segment_f32(a: [f32; 2], b: [f32; 2], p: [f32; 2]) -> ([f32; 2], bool) {
    let [ax, ay] = a.map(f64::from);
    let [bx, by] = b.map(f64::from);
    let [px, py] = p.map(f64::from);
    let (vx, vy) = (bx - ax, by - ay);
    let (wx, wy) = (px - ax, py - ay);
    let (vx_wy, vy_wx) = (vx * wy, vy * wx);
    let cross = vx_wy - vy_wx;
    let certain = cross.abs() > (vx_wy.abs() + vy_wx.abs()) * CROSS_BOUND;
    let along = wx * vx + wy * vy;
    let length_sq = vx * vx + vy * vy;
    let t = along / length_sq;
    let interior = [(ax + t * vx) as f32, (ay + t * vy) as f32];
    let end = if along < length_sq { interior } else { b };
    (if along > 0.0 { end } else { a }, certain)
}

/// [`closest_on_segment_f32`] as the closest-point hook returns it.
#[inline(always)]
pub(crate) fn closest_on_segment_hook_f32(
    a: [f32; 2],
    b: [f32; 2],
    p: [f32; 2],
) -> Option<([f32; 2], bool)> {
    Some(closest_on_segment_f32(a, b, p))
}

/// The `f64` scalar has no fast closest point yet: its careful path runs.
#[inline(always)]
pub(crate) fn closest_on_segment_none<T>(
    a: [T; 2],
    b: [T; 2],
    p: [T; 2],
) -> Option<([T; 2], bool)> {
    let _ = (a, b, p);
    None
}

/// The closest points of two segments by [`segment_pair_f32`]: a crossing point twice.
#[inline(always)]
pub(crate) fn segment_closest_points_f32(
    xa: [f32; 2],
    xb: [f32; 2],
    ya: [f32; 2],
    yb: [f32; 2],
) -> Option<([f32; 2], [f32; 2])> {
    match segment_pair_f32(xa, xb, ya, yb)? {
        FastPair::Crossing(point) => Some((point, point)),
        FastPair::Apart(on_x, on_y) => Some((on_x, on_y)),
    }
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
/// closest points.
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
const GAP_BOUND: f64 = 1.0 / (1u64 << 44) as f64;

/// `2^-16`: a crossing whose segments' cross product `|d₁ × d₂|` is below this of `m²` is
/// left to the careful path (its crossing parameter would amplify the rounding of the
/// orientations beyond a thousandth of an `f32` ulp).
const CROSSING_ANGLE: f64 = 1.0 / (1u64 << 16) as f64;

/// Segments `x = [xa, xb]` and `y = [ya, yb]` in `f32`, by the fast path in `f64`:
/// [`FastPair`] when its certificate holds, else `None` (the careful path decides).
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
#[inline(always)]
pub(crate) fn segment_pair_f32(
    xa: [f32; 2],
    xb: [f32; 2],
    ya: [f32; 2],
    yb: [f32; 2],
) -> Option<FastPair> {
    let largest = [xa, xb, ya, yb]
        .iter()
        .flatten()
        .fold(0.0_f32, |m, &c| if c.abs() > m { c.abs() } else { m });
    let m = f64::from(largest);
    // An infinite input makes the bound infinite, and a NaN one (which loses every
    // comparison in the fold above) the orientations that use it: either fails the
    // certificate below. Every coordinate enters one of the four orientations.
    let orient_bound = m * m * ORIENT_BOUND;
    let [xa, xb, ya, yb] = [xa, xb, ya, yb].map(|p| p.map(f64::from));
    let sub = |p: [f64; 2], q: [f64; 2]| [p[0] - q[0], p[1] - q[1]];
    let dot = |p: [f64; 2], q: [f64; 2]| p[0] * q[0] + p[1] * q[1];
    let cross = |p: [f64; 2], q: [f64; 2]| p[0] * q[1] - p[1] * q[0];
    let (dx, dy) = (sub(xb, xa), sub(yb, ya));
    // The four endpoint differences (x's endpoints from y's).
    let (aa, ab, ba, bb) = (sub(xa, ya), sub(xa, yb), sub(xb, ya), sub(xb, yb));
    // Sides of x's endpoints against y's line, and of y's against x's line.
    let (o_xa, o_xb) = (cross(dy, aa), cross(dy, ba));
    let (o_ya, o_yb) = (cross(dx, aa), cross(dx, ab));
    let certain = |o: f64| o.abs() > orient_bound;
    if !(certain(o_xa) && certain(o_xb) && certain(o_ya) && certain(o_yb)) {
        return None;
    }
    if (o_xa > 0.0) != (o_xb > 0.0) && (o_ya > 0.0) != (o_yb > 0.0) {
        // Crossing: where x meets y's line, `t = o_xa / (o_xa − o_xb)` along x.
        let turn = o_xa - o_xb;
        if !(turn.abs() > m * m * CROSSING_ANGLE) {
            return None;
        }
        let t = o_xa / turn;
        return Some(FastPair::Crossing([
            (xa[0] + t * dx[0]) as f32,
            (xa[1] + t * dx[1]) as f32,
        ]));
    }
    let (dxx, dyy) = (dot(dx, dx), dot(dy, dy));
    let (inv_x, inv_y) = (1.0 / dxx, 1.0 / dyy);
    // Candidate gaps. `along` is the endpoint's offset from the other segment's start,
    // dotted with that segment; the end regions take the squared endpoint distances.
    let gap = |along: f64, length_sq: f64, orient: f64, inv: f64, at_start: f64, at_end: f64| {
        let interior = orient * orient * inv;
        let end = if along < length_sq { interior } else { at_end };
        if along > 0.0 { end } else { at_start }
    };
    let (aa2, ab2, ba2, bb2) = (dot(aa, aa), dot(ab, ab), dot(ba, ba), dot(bb, bb));
    // x's endpoints onto y: offsets from ya are `aa`, `ba`.
    let along = [dot(aa, dy), dot(ba, dy), -dot(aa, dx), -dot(ab, dx)];
    let gaps = [
        gap(along[0], dyy, o_xa, inv_y, aa2, ab2),
        gap(along[1], dyy, o_xb, inv_y, ba2, bb2),
        gap(along[2], dxx, o_ya, inv_x, aa2, ba2),
        gap(along[3], dxx, o_yb, inv_x, ab2, bb2),
    ];
    // The nearest and the second nearest, by selects.
    let (lo01, hi01) = if gaps[1] < gaps[0] { (1, 0) } else { (0, 1) };
    let (lo23, hi23) = if gaps[3] < gaps[2] { (3, 2) } else { (2, 3) };
    let (best, other_lo) = if gaps[lo23] < gaps[lo01] {
        (lo23, lo01)
    } else {
        (lo01, lo23)
    };
    // `min` by comparison (see `tests/determinism.rs`).
    let lesser = |x: f64, y: f64| if y < x { y } else { x };
    let second = lesser(gaps[other_lo], lesser(gaps[hi01], gaps[hi23]));
    let gap_bound = m * m * GAP_BOUND;
    if !(second - gaps[best] > gap_bound) {
        return None;
    }
    // The winner's projection: onto y for candidates 0 and 1, onto x for 2 and 3.
    let (endpoint, start, end, v, inv) = match best {
        0 => (xa, ya, yb, dy, inv_y),
        1 => (xb, ya, yb, dy, inv_y),
        2 => (ya, xa, xb, dx, inv_x),
        _ => (yb, xa, xb, dx, inv_x),
    };
    let t = along[best] * inv;
    let on = if !(t > 0.0) {
        start
    } else if !(t < 1.0) {
        end
    } else {
        [start[0] + t * v[0], start[1] + t * v[1]]
    };
    let narrow = |p: [f64; 2]| [p[0] as f32, p[1] as f32];
    let (endpoint, on) = (narrow(endpoint), narrow(on));
    Some(if best < 2 {
        FastPair::Apart(endpoint, on)
    } else {
        FastPair::Apart(on, endpoint)
    })
}
