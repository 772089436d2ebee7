//! Certified fast paths: the plain algorithm, taken when a cheap certificate shows that
//! its answer meets the crate's guarantees, and `None` otherwise, so that the caller
//! falls back to its careful path (`docs/numerics.md`, "Fast paths (f32)").
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

/// The point of segment `ab` nearest `p`, for `f32`: [`closest_on_segment_f32`] where its
/// certificate holds, `careful(a, b, p)` elsewhere. On x86-64 the same operations on SSE2's
/// packed `f64` pairs answer, bit for bit (`num/fast_sse2.rs`).
#[inline(always)]
pub(crate) fn closest_on_segment_or_f32<F>(
    a: [f32; 2],
    b: [f32; 2],
    p: [f32; 2],
    careful: F,
) -> [f32; 2]
where
    F: FnOnce([f32; 2], [f32; 2], [f32; 2]) -> [f32; 2],
{
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        super::fast_sse2::closest_on_segment_or_f32(a, b, p, careful)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    {
        match closest_on_segment_f32(a, b, p) {
            (q, true) => q,
            _ => careful(a, b, p),
        }
    }
}

/// The careful path's closest point, for a scalar without a fast one (`f64`).
#[inline(always)]
pub(crate) fn closest_on_segment_or_none<T, F>(
    a: [T; 2],
    b: [T; 2],
    p: [T; 2],
    careful: F,
) -> [T; 2]
where
    F: FnOnce([T; 2], [T; 2], [T; 2]) -> [T; 2],
{
    careful(a, b, p)
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

/// What the `f32` point–segment kernels share, widened to `f64` (exactly): `p`, `v = b − a`,
/// `w = p − a`, `u = p − b`, the signs' carriers `(p − a)·v` and `(p − b)·v`, the cross
/// product `v × w`, whether `p` lies off the line by more than that product's rounding
/// ([`CROSS_BOUND`], as [`closest_on_segment_f32`]), and whether the segment has a nonzero
/// length.
struct PointSegment {
    p: [f64; 2],
    v: [f64; 2],
    w: [f64; 2],
    u: [f64; 2],
    along: f64,
    back: f64,
    cross: f64,
    off_line: bool,
    segment: bool,
}

impl PointSegment {
    #[inline(always)]
    fn new(a: [f32; 2], b: [f32; 2], p: [f32; 2]) -> Self {
        let [ax, ay] = a.map(f64::from);
        let [bx, by] = b.map(f64::from);
        let [px, py] = p.map(f64::from);
        let (vx, vy) = (bx - ax, by - ay);
        let (wx, wy) = (px - ax, py - ay);
        let (ux, uy) = (px - bx, py - by);
        let (vx_wy, vy_wx) = (vx * wy, vy * wx);
        let cross = vx_wy - vy_wx;
        Self {
            p: [px, py],
            v: [vx, vy],
            w: [wx, wy],
            u: [ux, uy],
            along: wx * vx + wy * vy,
            back: ux * vx + uy * vy,
            cross,
            off_line: cross.abs() > (vx_wy.abs() + vy_wx.abs()) * CROSS_BOUND,
            segment: vx != 0.0 || vy != 0.0,
        }
    }
}

/// The distance from `p` to segment `ab`, for `f32`, evaluated in `f64`; `None` where an
/// input is not finite (the careful path gives those their documented answers).
///
/// The regions are decided by signs: `a` where `(p − a)·(b − a) ≤ 0`, `b` where
/// `(p − b)·(b − a) ≥ 0`, the interior otherwise. Near `b` the sign is taken from `p − b`,
/// whose rounding scales with `|p − b|`, not from `(p − a)·(b − a)` against `|b − a|²`, two
/// values of size `|b − a|²`. A sign can be wrong only where `p − a` (or `p − b`) is
/// within `f64` rounding of perpendicular to the segment, where both formulas give the
/// same distance within that rounding. A zero-length segment falls in `a`'s region.
///
/// The squared distance is then `|p − a|²`, `|p − b|²`, or `((b − a) × (p − a))² / |b − a|²`
/// in the interior: no closest point is formed, the perpendicular's length comes from the
/// cross product. Its error is a few `u` of the largest input (the differences, products
/// and their sum each round once), far below an `f32` ulp of it, so the answer is within
/// half an `f32` ulp of the exact distance plus `2^-26` of an ulp of the largest input
/// (the careful path's `|p − q|` carries its closest point's few ulps of the largest
/// input). A distance above `f32::MAX` (differences of finite inputs that exceed it)
/// rounds to infinity and is left to the careful path, which saturates it.
///
/// The certificate: finite inputs and answer, a segment of nonzero length (a point's
/// distance is the point–point one, bit for bit), and in the interior `p` off the line by
/// more than the cross product's rounding ([`closest_on_segment_f32`]'s): a `p` on the
/// segment is left to the careful path, whose answer is then 0 exactly.
///
/// Branch-free, as [`closest_on_segment_f32`] is.
#[inline(always)]
pub(crate) fn distance_to_segment_f32(a: [f32; 2], b: [f32; 2], p: [f32; 2]) -> Option<f32> {
    let PointSegment {
        v: [vx, vy],
        w: [wx, wy],
        u: [ux, uy],
        along,
        back,
        cross,
        off_line,
        segment,
        ..
    } = PointSegment::new(a, b, p);
    let interior = cross * cross / (vx * vx + vy * vy);
    let to_b = ux * ux + uy * uy;
    let to_a = wx * wx + wy * wy;
    let squared = if back < 0.0 { interior } else { to_b };
    let squared = if along > 0.0 { squared } else { to_a };
    let distance = <f64 as super::Scalar>::sqrt(squared) as f32;
    // In the interior, `p` must lie off the line by more than the cross product's
    // rounding: a `p` on the segment is at distance 0 exactly (the careful path's rule,
    // which the intersection predicate agrees with). A zero-length segment is a point:
    // its distance is the point–point one, bit for bit.
    let certain = off_line || !(along > 0.0) || !(back < 0.0);
    (segment && certain && distance.is_finite()).then_some(distance)
}

/// The nearest features of `p` and segment `ab` for a contact, for `f32`, evaluated in
/// `f64`: the unit normal from the segment towards `p`, their distance, and the segment's
/// point nearest `p`, as the careful path's projection and normal give them
/// (`Projection::normal`); `None` where the certificate fails.
///
/// The regions are decided by signs, as in [`distance_to_segment_f32`]. One square root
/// serves both the normal and the distance: of `|b − a|²` in the interior, where the
/// normal is the segment's own, `(−v_y, v_x)/|v|` on `p`'s side (the sign of the cross
/// product `v × w`), and the distance `|v × w| / |v|`; of `|p − e|²` beyond an end `e`,
/// where the normal is `(p − e)/|p − e|`. The nearest point is the end itself, or in the
/// interior `p − n·d` (no second division).
///
/// Accuracy: every value errs by a few `u` of the largest input before its one rounding
/// to `f32`, so the normal is a unit vector within an `f32` ulp, and the distance and the
/// point are within half an `f32` ulp plus `2^-26` ulp of the largest input.
///
/// The certificate: finite inputs and answers, a segment of nonzero length (a point's
/// contact is the point–point kernel's, bit for bit), `p` not at the nearest end (the
/// careful path's rule for a `p` at an end gives the segment's normal), and in the
/// interior `p` off the line by more than the cross product's rounding (its side is then
/// certain, and a `p` on the segment gets the careful path's rule).
#[inline(always)]
pub(crate) fn segment_features_f32(
    a: [f32; 2],
    b: [f32; 2],
    p: [f32; 2],
) -> Option<([f32; 2], f32, [f32; 2])> {
    let PointSegment {
        p: [px, py],
        v: [vx, vy],
        w: [wx, wy],
        u: [ux, uy],
        along,
        back,
        cross,
        off_line,
        segment,
    } = PointSegment::new(a, b, p);
    // The regions are selected, not branched on (`select_unpredictable`): inputs in
    // random regions would mispredict, and a branch here made the circle–capsule contact
    // 25% slower.
    let start = !(along > 0.0);
    let interior = !start & (back < 0.0);
    let ex = select(start, wx, ux);
    let ey = select(start, wy, uy);
    let squared = select(interior, vx * vx + vy * vy, ex * ex + ey * ey);
    let root = <f64 as super::Scalar>::sqrt(squared);
    let inverse = 1.0 / root;
    let side = select(cross < 0.0, -1.0, 1.0);
    // The segment's left normal with its zeros positive, then turned to `p`'s side: the
    // careful path's signs of zero.
    let nx = select(interior, (-vy * inverse + 0.0) * side, ex * inverse);
    let ny = select(interior, (vx * inverse + 0.0) * side, ey * inverse);
    let distance = select(interior, cross.abs() * inverse, root);
    let end = select_point(start, a, b);
    let nearest = [
        select(interior, (px - nx * distance) as f32, end[0]),
        select(interior, (py - ny * distance) as f32, end[1]),
    ];
    let answer = ([nx as f32, ny as f32], distance as f32, nearest);
    let finite = answer.1.is_finite() && nearest[0].is_finite() && nearest[1].is_finite();
    // A zero-length segment is a point: the point–point contact's own normalisation
    // answers, so that a circle's sweep, which casts against such a core, starts with the
    // very contact of the two circles.
    let certain = segment && root > 0.0 && (off_line || !interior) && finite && inverse.is_finite();
    certain.then_some(answer)
}

/// `if condition { x } else { y }` as a select (`cmov`, `blend`), never a branch.
#[inline(always)]
pub(super) fn select<T>(condition: bool, x: T, y: T) -> T {
    core::hint::select_unpredictable(condition, x, y)
}

/// [`select`] for points.
#[inline(always)]
fn select_point<T>(condition: bool, x: [T; 2], y: [T; 2]) -> [T; 2] {
    core::hint::select_unpredictable(condition, x, y)
}

/// No contact features bit for bit the careful path's (`f32`'s fast ones round once,
/// from `f64`): the careful path runs.
#[inline(always)]
pub(crate) fn segment_features_none<T>(
    a: [T; 2],
    b: [T; 2],
    p: [T; 2],
) -> Option<([T; 2], T, [T; 2])> {
    let _ = (a, b, p);
    None
}

/// The `f64` scalar has no fast distance: its careful path runs (a bit-identical form of
/// it, written out as `num/fast_f64.rs`'s contact features are, measured no faster).
#[inline(always)]
pub(crate) fn distance_to_segment_none<T>(a: [T; 2], b: [T; 2], p: [T; 2]) -> Option<T> {
    let _ = (a, b, p);
    None
}

#[cfg(all(test, feature = "std"))]
mod tests {
    //! The certificates' hit rates by input regime (printed with `--nocapture`, and
    //! recorded in `docs/benchmarks.md`), and the fast answers against the careful paths
    //! on the inputs they accept. Exactness against rationals is in `tests/`.
    use super::super::fast_pair::{FastPair, segment_distance_f32, segment_pair_f32};
    use super::{closest_on_segment_f32, distance_to_segment_f32, segment_features_f32};
    use crate::query::project::project;
    use crate::query::segment_pair::{SegmentPair, segment_segment};
    use crate::test_rng::{Rng, SEGMENT_REGIMES};

    /// The regimes of the distance and contact-feature tests: the common ones.
    const NEAR_END_REGIMES: [(&str, (f64, f64), f64); 4] = [
        SEGMENT_REGIMES[0],
        SEGMENT_REGIMES[1],
        SEGMENT_REGIMES[2],
        SEGMENT_REGIMES[3],
    ];

    /// Test inputs in `f32`.
    trait Points {
        fn point(&mut self, scale: f64) -> [f32; 2];
        fn segment_and_point_f32(
            &mut self,
            t_range: (f64, f64),
            off_range: f64,
        ) -> ([f32; 2], [f32; 2], [f32; 2]);
    }

    impl Points for Rng {
        fn point(&mut self, scale: f64) -> [f32; 2] {
            [
                self.uniform(-scale, scale) as f32,
                self.uniform(-scale, scale) as f32,
            ]
        }
        /// [`Rng::segment_and_point`], each coordinate rounded to `f32`.
        fn segment_and_point_f32(
            &mut self,
            t_range: (f64, f64),
            off_range: f64,
        ) -> ([f32; 2], [f32; 2], [f32; 2]) {
            let (a, b, p) = self.segment_and_point(t_range, off_range);
            let narrow = |q: [f64; 2]| q.map(|c| c as f32);
            (narrow(a), narrow(b), narrow(p))
        }
    }

    /// Largest coordinate difference between two points, in f32 ulps of `m`.
    fn apart_ulps(p: [f32; 2], q: [f32; 2], m: f32) -> f64 {
        let ulp = f64::from(m) * f64::from(f32::EPSILON);
        let d = |i: usize| (f64::from(p[i]) - f64::from(q[i])).abs();
        d(0).max(d(1)) / ulp
    }

    fn magnitude(points: &[[f32; 2]]) -> f32 {
        points.iter().flatten().fold(
            f32::MIN_POSITIVE,
            |m, c| if c.abs() > m { c.abs() } else { m },
        )
    }

    #[test]
    fn closest_point_certificate_by_regime() {
        let mut rng = Rng(7);
        let n = 20_000;
        // (name, parameter range along the segment, offset range across it)
        for (name, t_range, off_range) in [
            (
                "benchmark: t in [-0.25, 1.25), off in [-3, 3)",
                (-0.25, 1.25),
                3.0,
            ),
            (
                "random regions, far: t in [-10, 10), off in [-1000, 1000)",
                (-10.0, 10.0),
                1000.0,
            ),
            ("near the line: off in [-1e-6, 1e-6)", (-0.25, 1.25), 1e-6),
        ] {
            let mut hits = 0;
            for _ in 0..n {
                let (a, b, p) = rng.segment_and_point_f32(t_range, off_range);
                let (q, certain) = closest_on_segment_f32(a, b, p);
                if certain {
                    hits += 1;
                    let careful = project(a, b, p).closest;
                    let m = magnitude(&[a, b, p]);
                    assert!(
                        apart_ulps(q, careful, m) <= 8.0,
                        "{a:?} {b:?} {p:?}: {q:?} {careful:?}"
                    );
                }
            }
            let rate = f64::from(hits) / f64::from(n);
            std::eprintln!("closest point, {name}: fast path {:.2}%", 100.0 * rate);
            assert!(rate > 0.99, "{name}: {rate}");
        }
        // On the segment's line, exactly: never certified (the careful path's exact rule).
        for (a, b, p) in [
            ([0.0, 0.0], [4.0, 0.0], [1.0, 0.0]),
            ([-1.0, -1.0], [3.0, 3.0], [0.5, 0.5]),
            ([-1.0, -1.0], [3.0, 3.0], [7.0, 7.0]),
            ([2.0, 2.0], [2.0, 2.0], [1.0, 0.0]),
            ([0.0, 0.0], [4.0, 0.0], [f32::NAN, 1.0]),
            ([0.0, 0.0], [f32::INFINITY, 0.0], [1.0, 1.0]),
        ] {
            assert!(!closest_on_segment_f32(a, b, p).1, "{a:?} {b:?} {p:?}");
        }
    }

    #[test]
    fn distance_certificate_by_regime() {
        let mut rng = Rng(13);
        let n = 20_000;
        for (name, t_range, off_range) in NEAR_END_REGIMES {
            let mut hits = 0;
            for _ in 0..n {
                let (a, b, p) = rng.segment_and_point_f32(t_range, off_range);
                if let Some(d) = distance_to_segment_f32(a, b, p) {
                    hits += 1;
                    // The careful path's `|p − q|`, with its closest point's few ulps.
                    let q = project(a, b, p).closest;
                    let careful = (f64::from(p[0]) - f64::from(q[0]))
                        .hypot(f64::from(p[1]) - f64::from(q[1]));
                    let ulp = f64::from(magnitude(&[a, b, p])) * f64::from(f32::EPSILON);
                    assert!(
                        (f64::from(d) - careful).abs() <= 8.0 * ulp,
                        "{a:?} {b:?} {p:?}: {d} {careful}"
                    );
                }
            }
            let rate = f64::from(hits) / f64::from(n);
            std::eprintln!(
                "distance to a segment, {name}: fast path {:.2}%",
                100.0 * rate
            );
            assert!(rate > 0.99, "{name}: {rate}");
        }
        // Exactly on the segment's interior, a zero-length segment, non-finite, or beyond
        // `f32::MAX`: the careful path answers.
        for (a, b, p) in [
            ([0.0, 0.0], [4.0, 0.0], [1.0, 0.0]),
            ([-1.0, -1.0], [3.0, 3.0], [0.5, 0.5]),
            ([2.0, 2.0], [2.0, 2.0], [5.0, 6.0]),
            ([0.0, 0.0], [4.0, 0.0], [f32::NAN, 1.0]),
            ([0.0, 0.0], [f32::INFINITY, 0.0], [1.0, 1.0]),
            ([-3e38, 0.0], [-3e38, 1.0], [3e38, 0.0]),
        ] {
            assert_eq!(distance_to_segment_f32(a, b, p), None, "{a:?} {b:?} {p:?}");
        }
        // Beyond an end, at an end, in the interior: the plain lengths.
        for (a, b, p, d) in [
            ([-1.0, -1.0], [3.0, 3.0], [7.0, 6.0], 5.0),
            ([0.0, 0.0], [4.0, 0.0], [-3.0, 4.0], 5.0),
            ([0.0, 0.0], [4.0, 0.0], [4.0, 0.0], 0.0),
            ([0.0, 0.0], [4.0, 0.0], [1.0, -2.5], 2.5),
        ] {
            assert_eq!(
                distance_to_segment_f32(a, b, p),
                Some(d),
                "{a:?} {b:?} {p:?}"
            );
        }
    }

    #[test]
    fn contact_features_certificate_by_regime() {
        let mut rng = Rng(17);
        let n = 20_000;
        for (name, t_range, off_range) in NEAR_END_REGIMES {
            let mut hits = 0;
            for _ in 0..n {
                let (a, b, p) = rng.segment_and_point_f32(t_range, off_range);
                if let Some((normal, distance, nearest)) = segment_features_f32(a, b, p) {
                    hits += 1;
                    let projection = project(a, b, p);
                    let (careful_normal, careful_distance) = projection.normal(a, b, p);
                    let m = magnitude(&[a, b, p]);
                    let ulp = f64::from(m) * f64::from(f32::EPSILON);
                    let unit = f64::from(normal[0]).hypot(f64::from(normal[1]));
                    assert!((unit - 1.0).abs() < 1e-6, "{a:?} {b:?} {p:?}: |n| = {unit}");
                    // The normals agree within the rounding of the careful path's own,
                    // which near a region's boundary is relative to |p − q|.
                    let turn = (f64::from(normal[0]) - f64::from(careful_normal[0]))
                        .abs()
                        .max((f64::from(normal[1]) - f64::from(careful_normal[1])).abs());
                    assert!(
                        turn <= 8.0 * ulp / f64::from(distance).max(ulp) + 1e-6,
                        "{a:?} {b:?} {p:?}: {normal:?} {careful_normal:?}"
                    );
                    assert!(
                        (f64::from(distance) - f64::from(careful_distance)).abs() <= 8.0 * ulp,
                        "{a:?} {b:?} {p:?}: {distance} {careful_distance}"
                    );
                    assert!(
                        apart_ulps(nearest, projection.closest, m) <= 8.0,
                        "{a:?} {b:?} {p:?}: {nearest:?} {:?}",
                        projection.closest
                    );
                }
            }
            let rate = f64::from(hits) / f64::from(n);
            std::eprintln!("contact features, {name}: fast path {:.2}%", 100.0 * rate);
            assert!(rate > 0.99, "{name}: {rate}");
        }
        // On the segment, at an end, a zero-length segment, non-finite, or beyond
        // `f32::MAX`: the careful path answers.
        for (a, b, p) in [
            ([0.0, 0.0], [4.0, 0.0], [1.0, 0.0]),
            ([-1.0, -1.0], [3.0, 3.0], [0.5, 0.5]),
            ([0.0, 0.0], [4.0, 0.0], [4.0, 0.0]),
            ([2.0, 2.0], [2.0, 2.0], [2.0, 2.0]),
            ([2.0, 2.0], [2.0, 2.0], [5.0, 6.0]),
            ([0.0, 0.0], [4.0, 0.0], [f32::NAN, 1.0]),
            ([0.0, 0.0], [f32::INFINITY, 0.0], [1.0, 1.0]),
            ([-3e38, 0.0], [-3e38, 1.0], [3e38, 0.0]),
        ] {
            assert_eq!(segment_features_f32(a, b, p), None, "{a:?} {b:?} {p:?}");
        }
        // The interior and beyond an end: the plain answers, with the careful path's signs
        // of zero.
        for (a, b, p, expected) in [
            (
                [0.0, 0.0],
                [4.0, 0.0],
                [1.0, 2.5],
                ([0.0, 1.0], 2.5, [1.0, 0.0]),
            ),
            (
                [0.0, 0.0],
                [4.0, 0.0],
                [1.0, -2.5],
                ([-0.0, -1.0], 2.5, [1.0, 0.0]),
            ),
            (
                [0.0, 0.0],
                [4.0, 0.0],
                [7.0, 4.0],
                ([0.6, 0.8], 5.0, [4.0, 0.0]),
            ),
        ] {
            let got = segment_features_f32(a, b, p).expect("certified");
            assert_eq!(got, expected, "{a:?} {b:?} {p:?}");
            assert_eq!(got.0.map(f32::to_bits), expected.0.map(f32::to_bits));
        }
    }

    #[test]
    fn segment_pair_certificate_by_regime() {
        let mut rng = Rng(11);
        let n = 20_000;
        // (name, angle between the segments' directions, distance between their middles)
        for (name, max_turn, spread) in [
            (
                "benchmark: any angle, middles within 3",
                core::f64::consts::PI,
                3.0,
            ),
            (
                "far apart: any angle, middles within 1000",
                core::f64::consts::PI,
                1000.0,
            ),
            (
                "near-parallel: within 1e-3 rad, middles within 3",
                1e-3,
                3.0,
            ),
            (
                "parallel within rounding: within 1e-7 rad, middles within 3",
                1e-7,
                3.0,
            ),
        ] {
            let (mut hits, mut crossing, mut distance_hits) = (0, 0, 0);
            for _ in 0..n {
                let xa = rng.point(10.0);
                let angle = rng.uniform(0.0, core::f64::consts::TAU);
                let length = rng.uniform(0.5, 4.0);
                let xb = [
                    (f64::from(xa[0]) + length * angle.cos()) as f32,
                    (f64::from(xa[1]) + length * angle.sin()) as f32,
                ];
                let mid = [
                    (f64::from(xa[0]) + f64::from(xb[0])) / 2.0,
                    (f64::from(xa[1]) + f64::from(xb[1])) / 2.0,
                ];
                let (d, toward) = (
                    rng.uniform(0.0, spread),
                    rng.uniform(0.0, core::f64::consts::TAU),
                );
                let c = [mid[0] + d * toward.cos(), mid[1] + d * toward.sin()];
                let turn = angle + rng.uniform(-max_turn, max_turn);
                let half = rng.uniform(0.25, 2.0);
                let ya = [
                    (c[0] - half * turn.cos()) as f32,
                    (c[1] - half * turn.sin()) as f32,
                ];
                let yb = [
                    (c[0] + half * turn.cos()) as f32,
                    (c[1] + half * turn.sin()) as f32,
                ];
                let m = magnitude(&[xa, xb, ya, yb]);
                let (cp, cq) = match segment_segment(xa, xb, ya, yb) {
                    SegmentPair::Crossing { point } => (point, point),
                    SegmentPair::Apart(apart) => apart.closest_points(),
                };
                let length = |p: [f32; 2], q: [f32; 2]| {
                    (f64::from(p[0]) - f64::from(q[0])).hypot(f64::from(p[1]) - f64::from(q[1]))
                };
                let ulp = f64::from(m) * f64::from(f32::EPSILON);
                // The distance alone: the careful closest points' distance, within their
                // rounding (a few ulps of the largest input).
                if let Some(d) = segment_distance_f32(xa, xb, ya, yb) {
                    distance_hits += 1;
                    assert!(
                        (f64::from(d) - length(cp, cq)).abs() <= 8.0 * ulp,
                        "{xa:?} {xb:?} {ya:?} {yb:?}: {d} against {cp:?} {cq:?}"
                    );
                }
                let Some(fast) = segment_pair_f32(xa, xb, ya, yb) else {
                    continue;
                };
                hits += 1;
                let (p, q) = match fast {
                    FastPair::Crossing(point) => {
                        crossing += 1;
                        (point, point)
                    }
                    FastPair::Apart(p, q) => (p, q),
                };
                // The same distance. (Not always the same points: where two candidates
                // are within the careful path's f32 rounding of a tie, it may take the
                // other one, an equally close pair; the fast path ranks them as exactly.)
                assert!(
                    (length(p, q) - length(cp, cq)).abs() <= 8.0 * ulp,
                    "{xa:?} {xb:?} {ya:?} {yb:?}: {p:?} {q:?} against {cp:?} {cq:?}"
                );
                if matches!(fast, FastPair::Crossing(_)) {
                    assert!(apart_ulps(p, cp, m) <= 8.0, "{xa:?} {xb:?} {ya:?} {yb:?}");
                }
            }
            let rate = f64::from(hits) / f64::from(n);
            std::eprintln!(
                "segment pair, {name}: fast path {:.2}% ({crossing} crossing), distance {:.2}%",
                100.0 * rate,
                100.0 * f64::from(distance_hits) / f64::from(n)
            );
            // The distance's certificate is the closest points' less the ranking and the
            // crossing angle: it holds wherever theirs does.
            assert!(distance_hits >= hits, "{name}: {distance_hits} < {hits}");
            // Within rounding of parallel, ties and uncertain orientations go to the
            // careful path (reported, not bounded).
            assert!(max_turn < 1e-6 || rate > 0.99, "{name}: {rate}");
        }
        // Touching, collinear, degenerate and non-finite pairs are never certified.
        for (xa, xb, ya, yb) in [
            ([0.0, 0.0], [4.0, 0.0], [2.0, 0.0], [2.0, 3.0]),
            ([0.0, 0.0], [4.0, 0.0], [5.0, 0.0], [6.0, 0.0]),
            ([0.0, 0.0], [0.0, 0.0], [1.0, 1.0], [2.0, 3.0]),
            ([0.0, 0.0], [4.0, 0.0], [f32::NAN, 1.0], [2.0, 3.0]),
            ([0.0, 0.0], [4.0, 0.0], [0.0, 1.0], [4.0, 1.0]),
        ] {
            assert!(
                segment_pair_f32(xa, xb, ya, yb).is_none(),
                "{xa:?} {xb:?} {ya:?} {yb:?}"
            );
            // The distance too, but for the last pair: parallel and apart, a tie of two
            // candidates that the distance does not need to break.
            let distance = segment_distance_f32(xa, xb, ya, yb);
            let expected = (ya == [0.0, 1.0]).then_some(1.0);
            assert_eq!(distance, expected, "{xa:?} {xb:?} {ya:?} {yb:?}");
        }
        // Crossing at any angle is distance 0: here within 2⁻²⁰ rad of parallel, which
        // the closest points leave to the careful path.
        let (xa, xb, ya, yb) = ([-4.0, 0.0], [4.0, 0.0], [-4.0, -3e-6], [4.0, 3e-6]);
        assert_eq!(segment_pair_f32(xa, xb, ya, yb).map(|_| ()), None);
        assert_eq!(segment_distance_f32(xa, xb, ya, yb), Some(0.0));
    }

    /// The certificate that two cores are apart beyond their radii (`query::distance`
    /// skips the exact intersection test where it holds) against that exact test, on
    /// segment pairs and point–segment pairs near and far from the origin, with radii
    /// summing to within a few ulps of the fast gap on either side, and with radii far
    /// below it (where it must hold).
    #[test]
    fn apart_certificate_agrees_with_the_exact_test() {
        use super::super::fast_pair::apart_f32;
        use crate::{Capsule, Shape};
        let mut rng = Rng(17);
        let (mut near, mut certified_near, mut far, mut certified_far) = (0, 0, 0, 0);
        for i in 0..200_000 {
            let offset = [0.0, 0.0, 3e3, -2e5][i % 4];
            let mut point = || {
                [
                    (offset + rng.uniform(-4.0, 4.0)) as f32,
                    (offset + rng.uniform(-4.0, 4.0)) as f32,
                ]
            };
            let (a, b, c) = (point(), point(), point());
            let d = if i % 3 == 0 { c } else { point() };
            let gap = if c == d {
                distance_to_segment_f32(a, b, c)
            } else {
                segment_distance_f32(a, b, c, d)
            };
            // Crossing segments are at distance 0: never apart.
            let Some(gap) = gap.filter(|&gap| gap > 0.0) else {
                continue;
            };
            let share = rng.unit() as f32;
            // Near: the radii's sum within a few ulps of the gap; far: half of it.
            let scale = if i % 2 == 0 {
                1.0 + (rng.uniform(-8.0, 8.0) as f32) * f32::EPSILON
            } else {
                0.5
            };
            let total = gap * scale;
            let radii = [total * share, total * (1.0 - share)];
            let certified = apart_f32(gap, radii, [a, b, c, d], true);
            let exact = Capsule::new(a, b, radii[0]).intersects(&Capsule::new(c, d, radii[1]));
            if certified {
                assert!(!exact, "{a:?} {b:?} {c:?} {d:?} {radii:?}");
            }
            if scale == 0.5 {
                far += 1;
                certified_far += usize::from(certified);
            } else {
                near += 1;
                certified_near += usize::from(certified);
            }
        }
        std::eprintln!(
            "apart certificate: {certified_far} of {far} far pairs, {certified_near} of {near} \
             within a few ulps"
        );
        assert!(
            certified_far * 1000 >= far * 999,
            "{certified_far} of {far}"
        );
        assert!(near > 10_000);
    }
}
