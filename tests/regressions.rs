//! Regression tests for bugs found by the test suite, each with its hand-derived answer.
#![cfg(feature = "std")]

use crate::common;

use capsule2d::{Capsule, Segment, Shape};
use core::f64::consts::FRAC_1_SQRT_2;

/// A point core at the end of a segment core: the point-against-segment rule (the
/// segment's right normal, seen from the segment's side), not the `+x` fallback.
#[test]
fn point_core_at_a_segment_end_uses_the_segment_normal() {
    let x = Capsule::new([0.0, 0.0], [-4.0, 4.0], 1.0);
    let y = Capsule::new([0.0, 0.0], [0.0, 0.0], 1.0);
    let c = x.contact(&y).expect("overlap");
    // x's direction (−4, 4); its left normal is (−1, −1)/√2, its right normal (1, 1)/√2.
    assert!(
        (c.normal[0] - FRAC_1_SQRT_2).abs() < 1e-15 && (c.normal[1] - FRAC_1_SQRT_2).abs() < 1e-15
    );
    assert_eq!(c.depth, 2.0);
    // The mirror query agrees.
    let m = y.contact(&x).expect("overlap");
    assert!(
        (m.normal[0] + FRAC_1_SQRT_2).abs() < 1e-15 && (m.normal[1] + FRAC_1_SQRT_2).abs() < 1e-15
    );
}

/// NaN anywhere in either core means no intersection and no contact.
#[test]
fn nan_in_any_endpoint_gives_no_contact() {
    let other = Capsule::new([1.0, 0.5], [2.0, 0.5], 1.0);
    for nan_at in 0..4 {
        let mut pts = [[0.0, 0.0], [3.0, 0.0]];
        pts[nan_at / 2][nan_at % 2] = f64::NAN;
        let x = Capsule::new(pts[0], pts[1], 2.0);
        assert!(!x.intersects(&other), "NaN at {nan_at}");
        assert!(x.contact(&other).is_none());
        assert!(!other.intersects(&x));
        assert!(!x.intersects(&other.segment()));
        assert!(x.contact(&other.segment()).is_none());
        assert!(!other.segment().intersects(&x));
        assert!(!x.segment().intersects(&other.segment()));
    }
}

/// A zero-length segment lying on another segment is at distance exactly 0 from it, and
/// both closest points are that point.
#[test]
fn zero_length_segment_on_a_segment_touches_exactly() {
    let dot = Segment::new([0.0, 0.7], [0.0, 0.7]);
    let line = Segment::new([0.0, 0.0], [0.0, 3.0]);
    assert!(dot.intersects(&line));
    assert_eq!(dist2(dot.closest_points(&line).points()), 0.0);
    assert_eq!(dot.closest_points(&line).points(), ([0.0, 0.7], [0.0, 0.7]));
    assert_eq!(line.closest_points(&dot).points(), ([0.0, 0.7], [0.0, 0.7]));
    assert_eq!(line.project_point([0.0, 0.7]), [0.0, 0.7]);
}

#[cfg(feature = "fixed")]
mod fixed_point {
    use capsule2d::{Capsule, Segment, Shape};
    use fixed::FixedI32;
    use fixed::types::extra::U31;
    use fixed::types::{I16F16, I32F32};

    #[test]
    fn near_tie_cores_get_one_of_the_tied_normals_i16f16() {
        super::near_tie_cores_get_one_of_the_tied_normals::<I16F16>();
    }

    #[test]
    fn near_tie_cores_get_one_of_the_tied_normals_i32f32() {
        super::near_tie_cores_get_one_of_the_tied_normals::<I32F32>();
    }

    /// Under saturation, `intersects_segment` and `contact_segment` still agree.
    #[test]
    fn saturated_capsule_segment_agrees_with_its_contact() {
        type F = FixedI32<U31>;
        let b = F::from_bits;
        let cap = Capsule::new(
            [b(-2147483648), b(2147483646)],
            [b(2147483647), b(292085166)],
            b(1073741823),
        );
        let seg = Segment::new([b(1), b(0)], [b(465), b(2147483647)]);
        assert_eq!(cap.intersects(&seg), cap.contact(&seg).is_some());
        assert_eq!(seg.intersects(&cap), seg.contact(&cap).is_some());
    }
}

/// Two capsule cores `k` units of rounding apart near `x.a` (`y.a = x.a + (k, k)·δ`, with
/// `δ` one LSB for fixed point and one ulp of the coordinates for floats), where the
/// end-to-end pair `(x.a, y.a)` and the pair `(y.a, its projection into x)` are the
/// nearest within rounding: a near-tie (`docs/numerics-fixed.md`), the true nearest being
/// the projection, whose normal is `x`'s own. Floats decide the tie exactly and must give
/// that normal. Fixed point ranks the candidates in its rounded arithmetic and may take
/// either pair (today it takes the end-to-end one, whose `offset` does not separate the
/// shapes): the documented limitation for which `tests/properties.rs` leaves the offset
/// checks out (`fixed_point_near_tie`). What still holds there is pinned here, so that the
/// skip cannot hide anything worse: the yes/no answer is exact, both queries' normals are
/// the unit direction of one of the tied pairs to within 1 LSB, and the depth is within
/// 32 LSB of the exact one (the documented bound is 2 LSB · (1 + E), 174 LSB here).
fn near_tie_cores_get_one_of_the_tied_normals<S: common::TestScalar>() {
    use common::{exact, pd, pf, s, sd, v};
    // Floats: one ulp of coordinates in [32, 64); fixed point: one LSB.
    let delta = if S::FLOAT { 32.0 * S::EPS } else { S::EPS };
    for k in [1.0, 2.0, 3.0, 7.0, 64.0] {
        let x = Capsule::new(v::<S>(-40.0, -40.0), v::<S>(32.0, -36.0), s::<S>(2.0));
        let y = Capsule::new(
            v::<S>(-40.0 + k * delta, -40.0 + k * delta),
            v::<S>(24.0, -16.0),
            s::<S>(12.0),
        );
        let (xa, xb, ya, yb) = (pd(x.a), pd(x.b), pd(y.a), pd(y.b));
        let r = sd(x.radius) + sd(y.radius);
        let want = exact::segment_segment(&xa, &xb, &ya, &yb, &r);
        let what = format!("[{}] k = {k}", S::NAME);
        assert!(want.hit && x.intersects(&y) && y.intersects(&x), "{what}");
        // The candidate pairs within the near-tie tolerance 4δ · (1 + E) of the best
        // (E = 72 + 14, the extent; 4 LSB · (1 + E) for fixed point): the case must be a
        // near-tie for the test to mean anything.
        let extent = 86.0;
        let tie = 4.0 * delta * (1.0 + extent);
        let gaps: Vec<(f64, [f64; 2])> = exact::candidate_pairs(&xa, &xb, &ya, &yb)
            .iter()
            .map(|(hx, hy)| (hx.dist2_h(hy).sqrt_f64(), hx.minus(hy).unit_f64()))
            .collect();
        let best = gaps.iter().map(|g| g.0).fold(f64::INFINITY, f64::min);
        let tied: Vec<[f64; 2]> = gaps
            .iter()
            .filter(|g| g.0 <= best + tie)
            .map(|g| g.1)
            .collect();
        let nearest = want.normals[0].unit_f64();
        assert!(
            tied.iter().any(|n| (n[0] - nearest[0]).abs() > 0.1),
            "{what}: not a near-tie: {gaps:?}"
        );
        // Floats: the exact nearest pair. Fixed point: any tied pair.
        let allowed = if S::FLOAT { vec![nearest] } else { tied };
        let off = |n: [f64; 2], m: &[f64; 2]| (n[0] - m[0]).abs().max((n[1] - m[1]).abs());
        for (name, contact, sign) in [("x/y", x.contact(&y), 1.0), ("y/x", y.contact(&x), -1.0)] {
            let c = contact.unwrap_or_else(|| panic!("{what} {name}: no contact"));
            let n = pf(c.normal).map(|u| sign * u);
            // Observed at worst: 0.28 LSB (I16F16), 0.37 LSB (I32F32), 0.49 ε (f32), 0 (f64);
            // fixed point's documented bound is 1 LSB.
            let err = allowed
                .iter()
                .map(|m| off(n, m))
                .fold(f64::INFINITY, f64::min);
            assert!(
                err <= S::EPS,
                "{what} {name}: normal {n:?} is {err:e} from every allowed {allowed:?}"
            );
            // Observed at worst: 3.4 LSB (fixed point), 3.6 ε (floats); documented for fixed
            // point: 2 LSB · (1 + E) = 174 LSB.
            let depth_err = (sd(c.depth) - &want.depth).abs().to_f64();
            assert!(
                depth_err <= 32.0 * S::EPS,
                "{what} {name}: depth {:?}, exact {}",
                c.depth,
                want.depth.to_f64()
            );
        }
    }
}

#[test]
fn near_tie_cores_get_the_nearest_normal_f32() {
    near_tie_cores_get_one_of_the_tied_normals::<f32>();
}

#[test]
fn near_tie_cores_get_the_nearest_normal_f64() {
    near_tie_cores_get_one_of_the_tied_normals::<f64>();
}

/// An endpoint pair ranked first within rounding of a tie with the nearer interior
/// candidate (found by `tests/properties.rs`'s offset property in CI, 2026-11-27): `y`
/// starts 4 `f32` ulps above `x`'s end `b`, so `b` projects onto `y`'s start and `y`'s start
/// projects just inside `x`. The interior pair is nearer (by 1.5·10⁻⁵ of the gap, far below
/// the rounding of the ranked gaps); the end-to-end normal `(0, −1)` is 0.0055 rad off
/// `x`'s own, and with a depth of 393 its offset left 5.9·10⁻³ of overlap. The contact must
/// take the exact nearest pair's normal both ways (the rational reference), and its offset
/// must separate the shapes to within rounding.
#[test]
fn endpoint_pair_near_tie_takes_the_interior_normal() {
    use common::{exact, pd, pf, sd};
    let x = Capsule::new([948.70605_f32, -993.41187], [-250.7793, -1000.0], 372.89087);
    let y = Capsule::new(
        [-250.7793_f32, -999.99976],
        [17.450684, 110.63208],
        19.745361,
    );
    let (xa, xb, ya, yb) = (pd(x.a), pd(x.b), pd(y.a), pd(y.b));
    let r = sd(x.radius) + sd(y.radius);
    let want = exact::segment_segment(&xa, &xb, &ya, &yb, &r);
    assert!(want.hit && x.intersects(&y));
    let nearest = want.normals[0].unit_f64();
    for (name, contact, sign) in [("x/y", x.contact(&y), 1.0), ("y/x", y.contact(&x), -1.0)] {
        let c = contact.unwrap_or_else(|| panic!("{name}: no contact"));
        let n = pf(c.normal).map(|u| sign * u);
        let off = (n[0] - nearest[0]).abs().max((n[1] - nearest[1]).abs());
        assert!(
            off <= f64::from(f32::EPSILON),
            "{name}: {n:?} against {nearest:?}"
        );
    }
    // The offset separates them: the cores end `r` apart, within 8 ulps of the coordinates.
    let c = x.contact(&y).expect("overlap");
    let moved = |p: [f32; 2]| [p[0] + c.normal[0] * c.depth, p[1] + c.normal[1] * c.depth];
    let after = exact::segment_segment(&pd(moved(x.a)), &pd(moved(x.b)), &ya, &yb, &r);
    let overlap = after.depth.to_f64();
    assert!(
        overlap.abs() <= 8.0 * 1024.0 * f64::from(f32::EPSILON),
        "overlap {overlap:e}"
    );
}

/// A closest point near the far end of its segment: stepping back from `b` keeps it within
/// 4 ulps (it was 4.22 when the step was computed as `1 − t`). The exact answer comes from
/// the rational reference in `tests/common`.
#[test]
fn closest_point_near_the_far_end_is_within_four_ulps() {
    let s = Segment::new(
        [0.079877514153261, -0.010235815586432537],
        [-0.0924453216697909, -0.08160531337400595],
    );
    let got = s.project_point([-0.10741084945154719, 0.002534791418334681]);
    let exact: [f64; 2] = [-0.07547428888087473, -0.07457656363636171];
    let magnitude: f64 = 0.10741084945154719;
    let ulp = f64::from_bits(magnitude.to_bits() + 1) - magnitude;
    for axis in 0..2 {
        assert!((got[axis] - exact[axis]).abs() <= 4.0 * ulp, "{got:?}");
    }
}

/// Fuzz finding F1: a segment that enters a circle of radius about `6.6e279` (f64) or
/// `9.9e27` (f32) had no crossing, because `|a − c|²` overflowed; the crossings are now
/// computed on differences scaled by a power of two. The expected parameters come from
/// exact rationals (Python's `fractions`, with a 60-digit square root):
/// `4.603364224636282e-16` and `1.1920928955078125e-7`. The crossing is found to within
/// one unit in the last place of the coordinates, `|Δt| · |b − a| ≤ ulp(|b − a|)`, i.e.
/// `|Δt| ≤ ε`: the parameter itself is tiny, so its relative error is not the measure.
#[test]
fn crossings_far_from_the_origin_are_found() {
    use capsule2d::{Circle, Shape};
    let s = Segment::new(
        [0.0, 6.566774662047603e279],
        [6.566774662047604e279, 6.566774662047603e279],
    );
    let circle = Circle::new(
        [6.566774662047605e279, 6.566774662047604e279],
        6.566774662047602e279,
    );
    assert!(circle.intersects(&s));
    let got = s.circle_crossings(&circle);
    assert_eq!(got.len(), 1, "{got:?}");
    let expected = 4.603_364_224_636_282e-16_f64;
    assert!(
        (got.as_slice()[0] - expected).abs() <= f64::EPSILON,
        "{got:?}"
    );

    let s = Segment::new([-75.000_01_f32, 9.903_520_3e27], [-75.000_01, -75.000_01]);
    let circle = Circle::new([-75.000_015_f32, -75.000_015], 9.903_519e27);
    assert!(circle.intersects(&s));
    let got = s.circle_crossings(&circle);
    assert_eq!(got.len(), 1, "{got:?}");
    let expected = 1.192_092_9e-7_f32;
    assert!(
        (got.as_slice()[0] - expected).abs() <= f32::EPSILON,
        "{got:?}"
    );
}

/// Fuzz finding F2: capsules whose cores cross, with coordinates near `±MAX`, got a NaN
/// depth and point: the coordinate differences overflowed. The cores share an endpoint
/// (`x.b == y.a`). With exact rationals (Python's `fractions`, and an 80-digit `decimal`
/// square root for the normals), every separating candidate but one is
/// about `1.05e284` and that one is exactly 0: the depth is exactly the radius, and the
/// common point is the shared endpoint.
#[test]
fn crossing_capsules_near_max_get_a_finite_contact() {
    let x = Capsule::new(
        [6.526_135_122_173_316e299, 6.526_135_122_173_316e299],
        [-1.797_693_134_862_315_7e308, -1.797_693_134_862_314_7e308],
        1.01855798017e-312_f64,
    );
    let y = Capsule::new(
        [-1.797_693_134_862_315_7e308, -1.797_693_134_862_314_7e308],
        [6.526_135_122_173_317e299, 6.526_135_122_173_315e299],
        0.0,
    );
    assert!(x.intersects(&y));
    let contact = x.contact(&y).expect("they intersect");
    assert_eq!(contact.depth, 1.01855798017e-312, "{contact:?}");
    let n: [f64; 2] = contact.normal;
    assert!(((n[0] * n[0] + n[1] * n[1]).sqrt() - 1.0).abs() <= 4.0 * f64::EPSILON);
    let shared: [f64; 2] = y.a;
    for (got, want) in contact.point.iter().zip(shared) {
        assert!(got.is_finite(), "{contact:?}");
        assert!(
            (got - want).abs() <= 4.0 * want.abs() * f64::EPSILON,
            "{contact:?}"
        );
    }
}

/// Fuzz findings F8: within a factor of about 4 of `MAX`, a radius sum and a distance both
/// overflowed and the depth `∞ − ∞` came back NaN. The exact depths, from rationals
/// (Python's `fractions`, an 80-digit `decimal` square root), are representable:
/// `1.2922832284079215e308` for the f64 capsules and `1.9894280e38` for the f32 circles.
#[test]
fn depths_near_max_are_finite_and_accurate() {
    use capsule2d::{Circle, Shape};
    let x = Capsule::new(
        [0.0, 5e-324],
        [5e-324, 1e-323],
        1.292_283_228_407_922_9e308_f64,
    );
    let y = Capsule::new(
        [1.292_283_228_407_922_7e308, 1.292_283_228_407_922_5e308],
        [-7.864_907_448_280_311e307, 1.292_283_228_407_924_3e308],
        1.292_283_228_407_922_3e308,
    );
    let contact = x.contact(&y).expect("they overlap");
    let expected = 1.292_283_228_407_921_5e308_f64;
    assert!(
        (contact.depth - expected).abs() <= 8.0 * f64::EPSILON * expected,
        "{contact:?}"
    );

    let a = Circle::new([6.000_001_f32, 6.000_001], 3.396_167e38);
    let b = Circle::new([3.396_167_6e38_f32, 3.396_167_4e38], 3.396_167_2e38);
    let contact = a.contact(&b).expect("they overlap");
    let expected = 1.989_428_e38_f32;
    assert!(
        (contact.depth - expected).abs() <= 8.0 * f32::EPSILON * expected,
        "{contact:?}"
    );
}

/// Fuzz finding F9 (`motion_f32`, `fuzz/regressions/f32-crossings-short-segment-huge-circle.bin`):
/// a segment `2^-78` long ending exactly on a circle of radius `2^97`. Scaled so that the
/// circle is near 1, `b − a` underflowed to zero in `f32` although `a ≠ b`, and the segment
/// was taken for a point: no crossing, while `intersects_segment` held and `a` lay outside.
/// Exactly (rationals from the `f32` inputs): `|b − c|² − r² = 0` and `|a − c|² − r² > 0`,
/// and the segment moves into the circle at `b` (`(b − c)·(b − a) < 0`), so its one crossing
/// is `t = 1`.
#[test]
fn a_segment_too_short_for_the_circles_scale_still_crosses() {
    use capsule2d::{Circle, Shape};
    use common::{D, P};

    let a = [-3.944_516e-24_f32, -3.944_516e-24];
    let b = [0.0_f32, 0.0];
    let c = [0.0_f32, 1.584_563_1e29];
    let r = 1.584_563_1e29_f32;
    let p = |v: [f32; 2]| P::f(v[0].into(), v[1].into());
    let rest = |v: [f32; 2]| p(v).sub(&p(c)).len2() - D::f(r.into()).square();
    assert!(rest(b).is_zero());
    assert!(rest(a).is_positive());
    let inward = p(b).sub(&p(c)).dot(&p(b).sub(&p(a)));
    assert!(inward.is_negative());

    let circle = Circle::new(c, r);
    let segment = Segment::new(a, b);
    assert!(circle.intersects(&segment));
    assert_eq!(segment.circle_crossings(&circle).as_slice(), &[1.0]);
    // Reversed, the crossing is at the start.
    assert_eq!(
        segment.reversed().circle_crossings(&circle).as_slice(),
        &[0.0]
    );
    // Moved a little into the circle (b strictly inside), the crossing is inside the
    // unresolvable segment: reported at its middle.
    let inside = Segment::new(a, [0.0, 1.0]);
    assert!(circle.contains_point(inside.b) && !circle.contains_point(inside.a));
    assert_eq!(inside.circle_crossings(&circle).len(), 1);
}

/// Fuzz finding F10 (`queries_f32 --features strict`,
/// `fuzz/regressions/f32-capsules-near-max-asymmetric.bin`): two capsules near `±f32::MAX`
/// whose core `x` is longer than `f32::MAX`, so `b − a` overflows and the approximate gaps
/// that rank the endpoint candidates are NaN. `x.intersects(&y)` asked only the
/// first candidate and said no; `y.intersects(&x)` said yes. Exactly (rationals
/// from the `f32` inputs), `y.a` lies within `x`'s radius of `x`'s core, so both are yes.
#[test]
fn capsules_longer_than_max_are_asked_every_endpoint() {
    use common::{D, P, exact};

    let x = Capsule::new(
        [2.540_360_2e38_f32, 2.540_358_6e38],
        [-3.283_141_6e38, -3.283_141_4e38],
        2.540_355_8e38,
    );
    let y = Capsule::new([-3.283_141_4e38_f32, -3.283_141e38], [0.0, 0.0], 0.0);

    let p = |v: [f32; 2]| P::f(v[0].into(), v[1].into());
    let reach = D::f(x.radius.into()) + D::f(y.radius.into());
    assert!(exact::dist2_point_segment(&p(x.a), &p(x.b), &p(y.a)).le_square(&reach));

    assert!(x.intersects(&y));
    assert!(y.intersects(&x));
    assert!(x.contact(&y).is_some());
    assert!(y.contact(&x).is_some());
}

/// Fuzz finding F14 (`queries_f32` and `queries_f64 --features strict`): a zero-length
/// segment lying exactly on another got two different "closest points". In f64, `(0, 0)`
/// lies on the segment from `(−1, −1)` to `(δ, δ)`, `δ = 1.5737234885893463e-47` (exactly:
/// collinear, and between the ends), but `b − a` rounds to `(1, 1)`, so `(p − a)·(b − a)`
/// rounded equals `|b − a|²` and the projection went to the end `b`. In f32, `(0, 0)` on
/// the segment from `(0, −2^-15)` to `(0, 9.1545e-41)` likewise. The semantics (a common
/// point twice for touching segments) now hold: `((0, 0), (0, 0))`, distance 0.
#[test]
fn a_point_segment_on_another_is_a_common_point() {
    use common::P;

    fn check<S: capsule2d::Scalar + Into<f64> + core::fmt::Debug>(a: [S; 2], b: [S; 2]) {
        // Exactly: (0, 0) is collinear with a and b, and between them.
        let (pa, pb) = (
            P::f(a[0].into(), a[1].into()),
            P::f(b[0].into(), b[1].into()),
        );
        assert!(pa.cross(&pb).is_zero());
        assert!(pa.len2().is_positive() && !pa.dot(&pb).is_positive());

        let origin = [S::ZERO, S::ZERO];
        let segment = Segment::new(a, b);
        let point = Segment::new(origin, origin);
        assert!(segment.intersects(&point));
        assert_eq!(segment.closest_points(&point).points(), (origin, origin));
        assert_eq!(point.closest_points(&segment).points(), (origin, origin));
        assert_eq!(dist2(segment.closest_points(&point).points()), S::ZERO);
    }
    check(
        [-1.0_f64, -1.0],
        [1.573_723_488_589_346_3e-47, 1.573_723_488_589_346_3e-47],
    );
    check([0.0_f32, -3.051_757e-5], [0.0, 9.1545e-41]);
}

/// `|p − q|²` of a pair of points (what `Segment::distance_squared` and
/// `distance_squared_to_segment` returned before the `Shape` API).
#[allow(dead_code)]
fn dist2<V: capsule2d::vector::VectorOps>((p, q): (V, V)) -> V::Scalar {
    p.sub(q).length_squared()
}

/// Found by the fuzzers' manifold check: a circle and a capsule more than `MAX` apart
/// (centre to core `3.8e38`) whose radii sum beyond `MAX` too. The speculative contact's
/// depth was `∞ − ∞ = NaN` (the features' separation overflowed), and `distance` took the
/// radii off a length already saturated at `MAX` and said 0. Both now take the gap on a
/// quarter scale: `−depth` and the distance are the exact gap `4.0e37`, within 8 ulps.
#[test]
fn gap_between_shapes_beyond_max_apart() {
    use capsule2d::Circle;
    use common::shapes::{Pair, XCore, XShape};
    use common::{D, P};
    let (centre, r) = ([1.175_467_3e-38_f32, 1.701_411_8e38], 1.701_413_3e38_f32);
    let (a, b, rk) = (
        [3.402_784_7e38_f32, 3.402_786_1e38],
        [3.402_785_1e38_f32, 3.402_786_6e38],
        1.701_416e38_f32,
    );
    let margin = 1.701_412_8e38_f32;
    let (circle, capsule) = (Circle::new(centre, r), Capsule::new(a, b, rk));
    let pf = |v: [f32; 2]| P::f(f64::from(v[0]), f64::from(v[1]));
    let exact = Pair::new(
        XShape::new(XCore::Point(pf(centre)), D::f(f64::from(r))),
        XShape::new(XCore::Segment(pf(a), pf(b)), D::f(f64::from(rk))),
    )
    .distance()
    .to_f64();
    assert!(exact > 3.9e37 && exact < 4.1e37, "{exact}");
    let tolerance = 8.0 * f64::from(f32::EPSILON) * 3.5e38;
    for (what, got) in [
        ("distance", circle.distance(&capsule)),
        ("distance, mirrored", capsule.distance(&circle)),
        (
            "−depth",
            -circle
                .contact_with_margin(&capsule, margin)
                .expect("within the margin")
                .depth,
        ),
        (
            "−depth, mirrored",
            -capsule
                .contact_with_margin(&circle, margin)
                .expect("within the margin")
                .depth,
        ),
        (
            "separation of the manifold",
            circle
                .manifold(&capsule, margin)
                .expect("within the margin")
                .deepest()
                .separation,
        ),
    ] {
        let got = f64::from(got);
        assert!(
            (got - exact).abs() <= tolerance,
            "{what}: {got} against {exact}"
        );
    }
    assert!(!circle.intersects(&capsule));
}

/// Found by CI on 2026-11-25 (tests/properties.rs, feature-build step): two f32 capsules
/// whose cores nearly meet at an end of each (`3.4e-4` apart, at magnitude 1000). `y`'s
/// start projects into the interior of `x`, `1.1e-5` off its line, where the rounded
/// cross product `(b − a) × (p − a)` (error about `0.2`, value `0.02`) had the wrong
/// sign: the normal was `x`'s face normal on the wrong side, and `offset` left the shapes
/// overlapping by 455. The side is now decided exactly near the line (the orientation
/// test), and moving `x` by the offset leaves them touching; the normal is checked
/// against the exact side too.
#[test]
fn f32_near_tie_offset_separates() {
    let x = Capsule::new([317.319_58_f32, 232.839_11], [-1000.0, -1000.0], 376.200_93);
    let y = Capsule::new(
        [-999.999_76_f32, -999.999_76],
        [-805.875_24, -194.544_43],
        115.972_41,
    );
    let c = x.contact(&y).expect("they overlap");
    let moved = x.translated(c.offset());
    let pd = |v: [f32; 2]| common::P::f(f64::from(v[0]), f64::from(v[1]));
    let after = common::overlap(
        &pd(moved.a),
        &pd(moved.b),
        &pd(y.a),
        &pd(y.b),
        &common::D::f(f64::from(x.radius + y.radius)),
    )
    .to_f64();
    assert!(after.abs() < 0.01, "overlap {after} after the offset");
    // `y`'s start lies on the right of `x` (exactly), so the normal from `y` towards `x`
    // points to `x`'s left: positive along `x`'s left normal.
    let (xa, xb, ya) = (pd(x.a), pd(x.b), pd(y.a));
    let side = xb.sub(&xa).cross(&ya.sub(&xa));
    assert!(side.is_negative(), "the case has y's start right of x");
    let left = [x.a[1] - x.b[1], x.b[0] - x.a[0]];
    let along_left = c.normal[0] * left[0] + c.normal[1] * left[1];
    assert!(along_left > 0.0, "normal {:?} on the wrong side", c.normal);
}

/// Rays and casts against circles at every magnitude (helper 15's mutation run found that
/// they found nothing beyond about 1e154 in f64 and 1e37 in f32, where `|m|²` and `r²`
/// overflow, and a kernel reading of the code says the squares underflow the same way below
/// about 1e-154). The scene scales exactly with `s` (powers of ten are not powers of two, so
/// each coordinate is rounded once): a ray from the origin along +x at a circle of radius
/// `s/4` centred at `(s, 0)` enters at `3s/4`; a circle of radius `s/4` moving by `(s, 0)`
/// at it touches at time `1/2`.
#[test]
fn circle_casts_work_at_every_magnitude() {
    use capsule2d::{CastOptions, Circle, Ray};
    for e in [
        -300, -200, -170, -154, -100, 0, 100, 154, 155, 200, 250, 300, 307,
    ] {
        let s = 10f64.powi(e);
        let ray = Ray::new([0.0, 0.0], [1.0, 0.0]);
        let target = Circle::new([s, 0.0], s / 4.0);
        let hit = ray
            .cast(&target, 10.0 * s)
            .expect("the ray enters the circle");
        assert!(
            (hit.time - 0.75 * s).abs() <= 4.0 * f64::EPSILON * s,
            "f64 1e{e}: {hit:?}"
        );
        let ball = Circle::new([0.0, 0.0], s / 4.0);
        let hit = ball
            .cast(&target, [s, 0.0], CastOptions::default())
            .expect("they touch");
        assert!(
            (hit.time - 0.5).abs() <= 4.0 * f64::EPSILON,
            "f64 1e{e}: {hit:?}"
        );
        assert_eq!(hit.normal, [-1.0, 0.0]);
    }
    for e in [-37, -30, -20, -19, 0, 19, 20, 30, 37] {
        let s = 10f32.powi(e);
        let ray = Ray::new([0.0_f32, 0.0], [1.0, 0.0]);
        let target = Circle::new([s, 0.0], s / 4.0);
        let hit = ray
            .cast(&target, 8.0 * s)
            .expect("the ray enters the circle");
        assert!(
            (hit.time - 0.75 * s).abs() <= 4.0 * f32::EPSILON * s,
            "f32 1e{e}: {hit:?}"
        );
        let ball = Circle::new([0.0_f32, 0.0], s / 4.0);
        let hit = ball
            .cast(&target, [s, 0.0], CastOptions::default())
            .expect("they touch");
        assert!(
            (hit.time - 0.5).abs() <= 4.0 * f32::EPSILON,
            "f32 1e{e}: {hit:?}"
        );
    }
}

/// Rays and casts head-on into a capsule's or a bare segment's side at every magnitude
/// (helper 18's mutation run: the "outside the slab" test `h₀² > r² |v|²` overflowed
/// (∞ ≤ ∞) or underflowed (0 ≤ 0) and said "inside", so the path missed, beyond about
/// 2^250 and below 2^-270 in f64, and beyond about 2e9 in f32). The scene scales exactly
/// with the power of two `s`: a ray from `(−s, 0)` along `(s, 0)` meets the capsule of
/// radius `s` around `x = s`, `|y| ≤ 4s`, at `x = 0` (time 1), and the bare segment
/// `x = 0`, `|y| ≤ s`, at time 1 as well.
#[test]
fn rays_hit_a_side_head_on_at_every_magnitude() {
    use capsule2d::{CastOptions, Circle, Ray};
    for e in [
        -1000, -545, -300, -271, -270, -100, 0, 100, 255, 300, 500, 1000,
    ] {
        let s = 2f64.powi(e);
        if !(s > 0.0 && (4.0 * s).is_finite()) {
            continue;
        }
        let capsule = Capsule::new([s, -4.0 * s], [s, 4.0 * s], s);
        let hit = Ray::new([-s, 0.0], [s, 0.0])
            .cast(&capsule, 2.0)
            .unwrap_or_else(|| panic!("f64 2^{e}: the ray misses the capsule"));
        assert_eq!((hit.time, hit.normal), (1.0, [-1.0, 0.0]), "f64 2^{e}");
        let ball = Circle::new([-s, 0.0], s / 2.0);
        let hit = ball
            .cast(&capsule, [2.0 * s, 0.0], CastOptions::default())
            .unwrap_or_else(|| panic!("f64 2^{e}: the circle misses the capsule"));
        assert_eq!(hit.time, 0.25, "f64 2^{e}");
        if e >= -540 {
            let segment = Segment::new([0.0, -s], [0.0, s]);
            let hit = Ray::new([-s, 0.0], [s, 0.0])
                .cast(&segment, 2.0)
                .unwrap_or_else(|| panic!("f64 2^{e}: the ray misses the segment"));
            assert_eq!(hit.time, 1.0, "f64 2^{e}");
        }
    }
    for e in [-120, -60, -40, -30, 0, 30, 31, 40, 60, 120] {
        let s = 2f32.powi(e);
        let capsule = Capsule::new([s, -4.0 * s], [s, 4.0 * s], s);
        let hit = Ray::new([-s, 0.0], [s, 0.0])
            .cast(&capsule, 2.0)
            .unwrap_or_else(|| panic!("f32 2^{e}: the ray misses the capsule"));
        assert_eq!((hit.time, hit.normal), (1.0, [-1.0, 0.0]), "f32 2^{e}");
        let segment = Segment::new([0.0, -s], [0.0, s]);
        let hit = Ray::new([-s, 0.0], [s, 0.0])
            .cast(&segment, 2.0)
            .unwrap_or_else(|| panic!("f32 2^{e}: the ray misses the segment"));
        assert_eq!(hit.time, 1.0, "f32 2^{e}");
    }
}

/// Segments whose extent overflows: finite endpoints of opposite signs beyond `MAX/2`, so
/// that `b − a` is infinite in the scalar. The projection used to land at an endpoint
/// (the point `(1e-38, 1e-7)` against the segment from `(1, −MAX)` to `(0, MAX)` projected
/// to `(0, MAX)`, off by `MAX`), the segment's normal fell back to `+x`, and a circle's
/// depth against it was 0 (found by the f32 fast path's golden check, whose `f64`
/// evaluation does not overflow). Now projected at half scale: every closest point
/// within 4 ulps of `MAX` of the exact one (exact rationals), normals unit and across
/// the segment, depths right.
#[test]
fn segments_spanning_more_than_max_project_correctly() {
    use capsule2d::Circle;
    use common::{P, exact};
    fn check<S: common::TestScalar>(max: f64, xs: &[f64]) {
        let s = |x: f64| S::from_f64(x);
        let ulp = common::ulp(max) * 2f64.powi(if S::NAME == "f32" { 29 } else { 0 });
        for (a, b) in [
            ([1.0, -max], [0.0, max]),
            ([-max, 1.0], [max, 0.0]),
            ([max, -max], [-max, max]),
        ] {
            let segment = Segment::new([s(a[0]), s(a[1])], [s(b[0]), s(b[1])]);
            let (pa, pb) = (P::from_f64(a), P::from_f64(b));
            for &x in xs {
                for p in [[x, 1e-7], [1e-7, x], [x, -x / 3.0]] {
                    let p = [s(p[0]).to_f64(), s(p[1]).to_f64()];
                    let want = exact::closest_point(&pa, &pb, &P::from_f64(p));
                    let got = segment.project_point([s(p[0]), s(p[1])]);
                    let got = [got[0].to_f64(), got[1].to_f64()];
                    let off = want.distance_f64(&P::from_f64(got));
                    assert!(
                        off <= 4.0 * ulp,
                        "{}: {p:?} onto {a:?}–{b:?}: {got:?} is {off:e} off",
                        S::NAME
                    );
                    // A circle around `p` reaching twice its exact distance: a contact
                    // whose depth is that distance, within the same rounding.
                    let distance = exact::dist2_point_segment(&pa, &pb, &P::from_f64(p)).sqrt_f64();
                    if distance > 0.0 && (2.0 * distance) < max {
                        let circle = Circle::new([s(p[0]), s(p[1])], s(2.0 * distance));
                        let contact = circle
                            .contact(&segment)
                            .unwrap_or_else(|| panic!("{}: {p:?} no contact", S::NAME));
                        let n = [contact.normal[0].to_f64(), contact.normal[1].to_f64()];
                        assert!((n[0].hypot(n[1]) - 1.0).abs() < 1e-6, "{}: {n:?}", S::NAME);
                        let depth = contact.depth.to_f64();
                        assert!(
                            (depth - distance).abs() <= 8.0 * ulp + 1e-6 * distance,
                            "{}: {p:?} depth {depth:e}, want {distance:e}",
                            S::NAME
                        );
                    }
                }
            }
            // Against a short segment across the long one's middle: the closest points
            // lie on their segments, and their distance is the exact one.
            let other = Segment::new([s(xs[0]), s(xs[0] / 8.0)], [s(xs[0]), s(xs[0] / 4.0)]);
            let (oa, ob) = (
                [other.a[0].to_f64(), other.a[1].to_f64()],
                [other.b[0].to_f64(), other.b[1].to_f64()],
            );
            let pair = segment.closest_points(&other);
            let (px, py) = (
                [pair.on_self[0].to_f64(), pair.on_self[1].to_f64()],
                [pair.on_other[0].to_f64(), pair.on_other[1].to_f64()],
            );
            let on = |p: [f64; 2], a: [f64; 2], b: [f64; 2]| {
                exact::dist2_point_segment(&P::from_f64(a), &P::from_f64(b), &P::from_f64(p))
                    .sqrt_f64()
            };
            assert!(
                on(px, a, b) <= 4.0 * ulp,
                "{}: {px:?} off its segment",
                S::NAME
            );
            assert!(
                on(py, oa, ob) <= 4.0 * ulp,
                "{}: {py:?} off its segment",
                S::NAME
            );
            let exact_gap =
                exact::dist2_segments(&pa, &pb, &P::from_f64(oa), &P::from_f64(ob)).sqrt_f64();
            let gap = (px[0] - py[0]).hypot(px[1] - py[1]);
            assert!(
                (gap - exact_gap).abs() <= 8.0 * ulp,
                "{}: gap {gap:e}, want {exact_gap:e}",
                S::NAME
            );
        }
    }
    check::<f64>(f64::MAX, &[1e300, 1e-38, -3e307, 0.0]);
    check::<f32>(f32::MAX as f64, &[1e30, 1e-20, -3e37, 0.0]);
}

/// A circle whose centre `p` lies `2.4e-4` from the end `b` of a segment 1,166 long, and
/// projects just inside it (quickcheck's find, CI 2026-11-27): `(p − b)·(a − b) = +0.0345`
/// exactly, but the rounded `(p − a)·(b − a) ≥ |b − a|²` test (values near `1.36e6`, an
/// `f32` ulp `0.125` there) called it beyond `b`. The contact normal was then `p − b`
/// normalised, `(1, 0)`, where the exact one is the segment's normal `(0.993, −0.121)`,
/// and moving the circle by the offset left 1.56 of overlap. The end region is now decided
/// by the sign of `(p − b)·(a − b)` near `b`.
#[test]
fn f32_centre_just_inside_a_segment_end_gets_the_segment_normal() {
    use capsule2d::Circle;
    let (a, b) = ([-858.780_76_f32, 157.739_26], [-1000.0_f32, -1000.0]);
    let c = [-999.999_76_f32, -1000.0];
    let circle = Circle::new(c, 211.583_98);
    let contact = circle.contact(&Segment::new(a, b)).expect("they overlap");
    // The exact normal: the segment's unit normal on `c`'s side, from the f64 values of
    // the f32 inputs.
    let (vx, vy) = (f64::from(a[0] - b[0]), f64::from(a[1] - b[1]));
    let len = vx.hypot(vy);
    let expected = [vy / len, -vx / len];
    let side = f64::from(c[0] - b[0]) * expected[0] + f64::from(c[1] - b[1]) * expected[1];
    assert!(side > 0.0, "the case has c on the normal's side");
    for k in 0..2 {
        let err = (f64::from(contact.normal[k]) - expected[k]).abs();
        assert!(
            err < 1e-6,
            "normal {:?}, exact {expected:?}",
            contact.normal
        );
    }
}

/// Points within a few `f32` ulps of a long segment's end, on both sides of the boundary
/// between the interior and the end region. For `f32` inputs of this size, the
/// differences and products are exact in `f64`, so the sign of `(p − b)·(a − b)` and of
/// `(b − a) × (p − a)` computed there is exact, and so is each point's region. The contact
/// normal must be the exact region's normal: the segment's own on `p`'s side in the
/// interior, `(p − b)/|p − b|` beyond `b`.
#[test]
fn f32_points_near_a_segment_end_get_their_exact_regions_normal() {
    use capsule2d::Circle;
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 11) as f64 / (1u64 << 53) as f64
    };
    let (mut interior, mut beyond) = (0, 0);
    for _ in 0..20_000 {
        let a = [
            (next() * 2000.0 - 1000.0) as f32,
            (next() * 2000.0 - 1000.0) as f32,
        ];
        let b = [
            (next() * 2000.0 - 1000.0) as f32,
            (next() * 2000.0 - 1000.0) as f32,
        ];
        // Up to 8 ulps (of 1,000) from `b`, in any direction.
        let ulps = 8.0 * 6.1e-5;
        let p = [
            b[0] + ((next() * 2.0 - 1.0) * ulps) as f32,
            b[1] + ((next() * 2.0 - 1.0) * ulps) as f32,
        ];
        let d = |u: [f32; 2], w: [f32; 2]| {
            [
                f64::from(u[0]) - f64::from(w[0]),
                f64::from(u[1]) - f64::from(w[1]),
            ]
        };
        let (v, pb, pa) = (d(b, a), d(p, b), d(p, a));
        let back = -(pb[0] * v[0] + pb[1] * v[1]);
        let cross = v[0] * pa[1] - v[1] * pa[0];
        if pb == [0.0, 0.0] || cross == 0.0 {
            continue;
        }
        let expected = if back > 0.0 {
            interior += 1;
            let len = v[0].hypot(v[1]);
            let s = cross.signum();
            [-v[1] / len * s, v[0] / len * s]
        } else {
            beyond += 1;
            let len = pb[0].hypot(pb[1]);
            [pb[0] / len, pb[1] / len]
        };
        let contact = Circle::new(p, 1.0)
            .contact(&Segment::new(a, b))
            .expect("the centre is on the segment's end");
        let err = (f64::from(contact.normal[0]) - expected[0])
            .abs()
            .max((f64::from(contact.normal[1]) - expected[1]).abs());
        assert!(
            err < 1e-5,
            "a {a:?} b {b:?} p {p:?}: normal {:?}, exact {expected:?} ({})",
            contact.normal,
            if back > 0.0 { "interior" } else { "beyond b" }
        );
    }
    assert!(
        interior > 5_000 && beyond > 5_000,
        "{interior} interior, {beyond} beyond"
    );
}

/// The same end-region rounding on a segment too long for the scale-free range (f64 beyond
/// `2^450`), whose end normals take their own path (`end_normal_rescaled`), which did not
/// decide it again: `p` at `(0, 10⁻¹⁸)` above a segment from `(−10¹⁴⁰, −10⁻⁵)` to
/// `(2·10⁵, 0)` projects into its interior (`(p − b)·(a − b) = 2·10¹⁴⁵ > 0`, about `10⁻³⁵`
/// of `|b − a|²`), and its normal is the segment's own, within `10⁻¹⁴⁴` of `(0, 1)`; it
/// was `(−1, 0)`, `p − b` normalised. Found in the golden inputs' f32 trace, where the
/// segment was `10¹⁹` long (f32's range ends at `2^50`).
#[test]
fn f64_point_near_the_end_of_a_very_long_segment_gets_the_segment_normal() {
    use capsule2d::Circle;
    let segment = Segment::new([-1e140_f64, -1e-5], [2e5, 0.0]);
    let ball = Circle::new([0.0, 1e-18], 1.0);
    let contact = ball.contact(&segment).expect("they overlap");
    assert!(
        contact.normal[0].abs() < 1e-12 && (contact.normal[1] - 1.0).abs() < 1e-12,
        "normal {:?}",
        contact.normal
    );
    // The mirror query, and the same with the segment reversed.
    let mirror = segment.contact(&ball).expect("they overlap");
    assert!(mirror.normal[0].abs() < 1e-12 && (mirror.normal[1] + 1.0).abs() < 1e-12);
    let reversed = Segment::new(segment.b, segment.a);
    let again = ball.contact(&reversed).expect("they overlap");
    assert!(again.normal[0].abs() < 1e-12 && (again.normal[1] - 1.0).abs() < 1e-12);
}

/// A circle's sweep that starts overlapping another circle answers with their contact,
/// bit for bit (the fuzzer's `motion_f32` property "same"). The sweep casts against the
/// other circle's core as a zero-length segment; when the f32 fast contact features
/// (`src/num/fast.rs`) took such cores, their normal, normalised in f64, came out one ulp
/// from the point–point kernel's `(0.62469506, 0.78086877)`. Zero-length segments are
/// left to the careful path, which is the point–point kernel's arithmetic.
#[test]
fn f32_sweep_starting_inside_a_circle_reports_the_circles_contact() {
    use capsule2d::Circle;
    let x = Circle::new([33.0_f32, 33.0], 33.0);
    let y = Circle::new([32.999_985_f32, 32.999_98], 32.999_977);
    let contact = x.contact(&y).expect("they overlap");
    let hit = x
        .sweep(&y, [33.0, 33.0])
        .expect("they overlap at the start");
    assert_eq!(hit.time, 0.0);
    assert_eq!(
        hit.normal.map(f32::to_bits),
        contact.normal.map(f32::to_bits)
    );
    assert_eq!(hit.point.map(f32::to_bits), contact.point.map(f32::to_bits));
    // A zero-length segment at a point is that point, bit for bit.
    let p = [53.614_906_f32, 58.768_63];
    let dot = capsule2d::Segment::new(y.center, y.center);
    let as_point = Circle::new(p, 1.0).contact(&y.center);
    let as_segment = Circle::new(p, 1.0).contact(&dot);
    assert_eq!(
        as_point.map(|c| (c.normal.map(f32::to_bits), c.depth.to_bits())),
        as_segment.map(|c| (c.normal.map(f32::to_bits), c.depth.to_bits()))
    );
}

/// The careful kernel's check that a side-wall entry lies between the segment's ends was
/// rounded, and for a segment `2¹²⁹` times longer than the radius it took an entry 1
/// beyond the end (where the end disc, of radius 0.5, does not reach) for a wall entry: a
/// hit at time `1.19e-4` (found in stop 36; near an end the check is now exact,
/// `exact_cast::wall_extent`). By hand: the segment's nearest point to the circle's centre `(−1, 0.5)` is its
/// end `(2⁻²³, 1.0000001)`, at distance `√((1 + 2⁻²³)² + 0.5000001²) > 1.118`; the circle
/// (radius 0.5) moves by `10⁻³`, so it comes no nearer than 0.617 and cannot touch.
#[test]
fn f32_sweep_past_the_end_of_a_segment_longer_than_2_pow_129_radii_misses() {
    use capsule2d::Circle;
    let circle = Circle::new([-1.0_f32, 0.5], 0.5);
    let segment = Segment::new([3.402_823_5e38_f32, 0.0], [1.192_092_9e-7, 1.000_000_1]);
    assert!(!circle.intersects(&segment));
    assert_eq!(circle.sweep(&segment, [0.0, 1e-3]), None);
}

/// Sweeps and rays at the end of segments `2⁸` to `2¹⁰⁰` times longer than the inflated
/// radius, on paths that meet the wall's line within `±2 R` of the end (`R` the radius
/// sum), and a thousandth of that: whether they hit, against an exact reference (the
/// squared distance of the path's step to the segment, in rationals, against `R²`).
///
/// Segments along an axis have exact heights (the cross products of the kernel's rounded
/// differences lose nothing across the segment), so there the wall-extent check decides:
/// it is exact now (`wall_point`, src/motion/wall.rs), and a mismatch is allowed only
/// within `2⁻¹⁶ R` (`f32`; `2⁻⁴⁰ R` for `f64`) of touching, where the end disc's own entry
/// is grazing. Before, a rounding of the segment's length could exceed `R` and give a hit
/// beyond the end. Segments at other angles round their heights by units of the largest
/// coordinate `M`, a known limit (`docs/motion.md`, "Known limits"): there the tolerance is
/// `64` units of rounding of `M`.
#[test]
fn casts_at_the_ends_of_long_segments_hit_exactly_when_they_touch() {
    use crate::common::{Q, Rng, q};
    use capsule2d::{Circle, Ray};
    use num_traits::{Signed, Zero};
    // The squared distance from `p` to segment `ab`, exactly.
    let point_segment = |p: [Q; 2], a: &[Q; 2], b: &[Q; 2]| -> Q {
        let v = [&b[0] - &a[0], &b[1] - &a[1]];
        let w = [&p[0] - &a[0], &p[1] - &a[1]];
        let vv = &v[0] * &v[0] + &v[1] * &v[1];
        let wv = &w[0] * &v[0] + &w[1] * &v[1];
        let t = if vv.is_zero() || !wv.is_positive() {
            Q::zero()
        } else if wv >= vv {
            Q::from_integer(1.into())
        } else {
            wv / vv
        };
        let d = [&w[0] - &t * &v[0], &w[1] - &t * &v[1]];
        &d[0] * &d[0] + &d[1] * &d[1]
    };
    let orient = |o: &[Q; 2], u: &[Q; 2], v: &[Q; 2]| {
        ((&u[0] - &o[0]) * (&v[1] - &o[1]) - (&u[1] - &o[1]) * (&v[0] - &o[0])).signum()
    };
    // The squared distance between segments `pq` and `ab`, exactly.
    let segments = |p: [Q; 2], e: [Q; 2], a: [Q; 2], b: [Q; 2]| -> Q {
        let crossing = orient(&p, &e, &a) * orient(&p, &e, &b) <= Q::zero()
            && orient(&a, &b, &p) * orient(&a, &b, &e) <= Q::zero()
            && !(orient(&p, &e, &a).is_zero() && orient(&p, &e, &b).is_zero());
        if crossing {
            return Q::zero();
        }
        [
            point_segment(p.clone(), &a, &b),
            point_segment(e.clone(), &a, &b),
            point_segment(a.clone(), &p, &e),
            point_segment(b.clone(), &p, &e),
        ]
        .into_iter()
        .min()
        .expect("four")
    };
    fn run<S: capsule2d::Scalar + Into<f64> + Copy>(
        narrow: fn(f64) -> S,
        (tolerance, unit): (f64, f64),
        segments: &dyn Fn([Q; 2], [Q; 2], [Q; 2], [Q; 2]) -> Q,
    ) -> (usize, usize) {
        let mut rng = Rng::new(36);
        let (mut hits, mut cases) = (0, 0);
        for case in 0..3_000 {
            let exponent = [8, 16, 24, 30, 40, 52, 60, 100][case % 8];
            let (r0, r1) = (rng.range(0.0, 0.5), rng.range(0.1, 1.0));
            let r = r0 + r1;
            let along_an_axis = case % 2 == 0;
            let u = if along_an_axis {
                [[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [0.0, -1.0]][(case / 2) % 4]
            } else {
                let angle = rng.range(0.0, core::f64::consts::TAU);
                [angle.cos(), angle.sin()]
            };
            let n = [-u[1], u[0]];
            let a = [rng.range(-10.0, 10.0), rng.range(-10.0, 10.0)];
            let length = r * 2f64.powi(exponent);
            let b = [a[0] + length * u[0], a[1] + length * u[1]];
            // Where the path meets the wall's line, relative to `b`'s foot.
            let beyond = rng.range(-2.0, 2.0) * r * if case % 3 == 0 { 1e-3 } else { 1.0 };
            let theta = rng.range(0.2, core::f64::consts::PI - 0.2);
            let (toward, reach) = ([theta.cos(), theta.sin()], rng.range(1.0, 10.0) * r);
            // From the wall point, back along the path to the start.
            let wall = [
                b[0] + beyond * u[0] + r * n[0],
                b[1] + beyond * u[1] + r * n[1],
            ];
            let back = [
                toward[0] * u[0] + toward[1] * n[0],
                toward[0] * u[1] + toward[1] * n[1],
            ];
            let start = [wall[0] + reach * back[0], wall[1] + reach * back[1]];
            let travel = reach + rng.range(0.0, 2.0) * r;
            let motion = [-travel * back[0], -travel * back[1]];
            let s = |p: [f64; 2]| p.map(narrow);
            let (a, b, start, motion) = (s(a), s(b), s(start), s(motion));
            let (r0, r1) = (narrow(r0), narrow(r1));
            let exact = |p: [S; 2]| p.map(|x| q(x.into()));
            let end = {
                let (o, m) = (exact(start), exact(motion));
                [&o[0] + &m[0], &o[1] + &m[1]]
            };
            let d2 = segments(exact(start), end, exact(a), exact(b));
            let capsule = capsule2d::Capsule::new(a, b, r1);
            for (radius, found) in [
                (
                    r0.into() + r1.into(),
                    Circle::new(start, r0).sweep(&capsule, motion).is_some(),
                ),
                (
                    r1.into(),
                    Ray::new(start, motion).cast(&capsule, S::ONE).is_some(),
                ),
            ] {
                cases += 1;
                let rr = q(radius) * q(radius);
                let touches = d2 <= rr;
                hits += usize::from(touches);
                if found != touches {
                    let gap = (crate::common::fq(&d2).sqrt() - radius).abs();
                    let m = [start, a, b]
                        .iter()
                        .flatten()
                        .fold(0.0_f64, |m, &x| m.max(x.into().abs()));
                    let room = if along_an_axis {
                        tolerance * radius
                    } else {
                        (tolerance * radius).max(64.0 * unit * m)
                    };
                    assert!(
                        gap <= room,
                        "case {case}: found {found}, exact {touches}, off by {gap:e} \
                         ({start:?} + {motion:?} against {a:?}–{b:?}, radius {radius})"
                    );
                }
            }
        }
        (hits, cases)
    }
    let f32s = run::<f32>(
        |x| x as f32,
        (1.0 / 65536.0, f64::from(f32::EPSILON)),
        &segments,
    );
    let f64s = run::<f64>(|x| x, (1.0 / 1_099_511_627_776.0, f64::EPSILON), &segments);
    // Both outcomes occur often enough to mean something.
    for (hits, cases) in [f32s, f64s] {
        assert!(
            hits * 5 > cases && hits * 5 < cases * 4,
            "{hits} of {cases}"
        );
    }
}
