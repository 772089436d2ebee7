//! The yes/no answers for floats are exact: checked against exact rational arithmetic on
//! touching and one-ulp-off inputs, at every magnitude from 1e-300 to 1e300.
//!
//! The reference is the tests' shared exact one (`common::exact`, dyadic rationals),
//! written from the definitions; it shares no code with the crate.
#![cfg(feature = "std")]

use crate::common;

use capsule2d::{Capsule, Circle, Scalar, Segment, Shape};
use common::{D, Frac, P, Rng, exact, ldexp};

/// Exact squared distance from `p` to segment `ab`.
fn dist_sq_exact(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> Frac {
    exact::dist2_point_segment(&P::from_f64(a), &P::from_f64(b), &P::from_f64(p))
}

/// Whether `p` is within `r1 + r2` (added exactly) of segment `ab`.
fn within_exact(p: [f64; 2], a: [f64; 2], b: [f64; 2], r1: f64, r2: f64) -> bool {
    dist_sq_exact(p, a, b).le_square(&(D::f(r1) + D::f(r2)))
}

fn cases() -> usize {
    std::env::var("CAPSULE2D_EXACT_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000)
}

fn next_up(x: f64) -> f64 {
    f64::from_bits(x.to_bits() + 1)
}
fn next_down(x: f64) -> f64 {
    if x == 0.0 {
        0.0
    } else {
        f64::from_bits(x.to_bits() - 1)
    }
}

/// Radii straddling the exact distance: the float nearest √d², and its neighbours.
fn boundary_radii(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> [f64; 3] {
    radii_around(&dist_sq_exact(p, a, b))
}

/// The largest float `r` with `r² ≤ d2`, and its two neighbours.
fn radii_around(d2: &Frac) -> [f64; 3] {
    // Start from √d² (to about an ulp) and walk to the largest float whose square ≤ d².
    let square_le = |r: f64| d2.ge_square(&D::f(r));
    let mut r = d2.sqrt_f64();
    for _ in 0..64 {
        if r > 0.0 && !square_le(r) {
            r = next_down(r);
        } else {
            break;
        }
    }
    for _ in 0..64 {
        if square_le(next_up(r)) {
            r = next_up(r);
        } else {
            break;
        }
    }
    assert!(
        square_le(r) && !square_le(next_up(r)),
        "estimate did not converge"
    );
    [next_down(r), r, next_up(r)]
}

/// `2^e` for any `e` the result can represent.
fn pow2(e: i64) -> f64 {
    ldexp(1.0, e)
}

/// Scales a configuration by 2^k exactly (k within the normal range of the inputs).
fn scale(p: [f64; 2], k: f64) -> [f64; 2] {
    [p[0] * k, p[1] * k]
}

#[test]
fn circle_segment_decisions_are_exact_at_the_boundary() {
    let mut rng = Rng::new(0x5EED_0001);
    let mut checked = 0;
    let mut naive_wrong = 0;
    for i in 0..cases() {
        let a = [rng.signed_unit() * 10.0, rng.signed_unit() * 10.0];
        let b = if i % 7 == 0 {
            a
        } else {
            [rng.signed_unit() * 10.0, rng.signed_unit() * 10.0]
        };
        let p = [rng.signed_unit() * 12.0, rng.signed_unit() * 12.0];
        for r in boundary_radii(p, a, b) {
            let expected = within_exact(p, a, b, r, 0.0);
            let circle = Circle::new(p, r);
            let segment = Segment::new(a, b);
            assert_eq!(
                circle.intersects(&segment),
                expected,
                "{p:?} {a:?} {b:?} r={r:e}"
            );
            assert_eq!(circle.contact(&segment).is_some(), expected);
            assert_eq!(Capsule::new(a, b, r).contains_point(p), expected);
            // The naive formula, for the record.
            let qp = segment.project_point(p);
            let (dx, dy) = (p[0] - qp[0], p[1] - qp[1]);
            if (dx * dx + dy * dy <= r * r) != expected {
                naive_wrong += 1;
            }
            checked += 1;
        }
    }
    println!(
        "circle–segment boundary cases: {checked} checked, 0 wrong; naive formula wrong on {naive_wrong}"
    );
    // The inputs are hard: the naive `|p − q|² ≤ r²` gets some of them wrong (measured: 400
    // of 3,000 with the default 1,000 cases).
    assert!(
        naive_wrong > 0,
        "the naive formula got all {checked} boundary cases right: the inputs are too easy"
    );
}

#[test]
fn decisions_are_exact_at_every_magnitude() {
    let mut rng = Rng::new(0x5EED_0002);
    let mut checked = 0;
    for i in 0..cases() / 4 {
        let a = [rng.signed_unit(), rng.signed_unit()];
        let b = [rng.signed_unit(), rng.signed_unit()];
        let p = [rng.signed_unit() * 1.5, rng.signed_unit() * 1.5];
        let radii = boundary_radii(p, a, b);
        for exponent in [-996, -700, -300, -100, 0, 100, 300, 700, 996] {
            let k = 2.0_f64.powi(exponent);
            let (ps, as_, bs) = (scale(p, k), scale(a, k), scale(b, k));
            for &r in &radii {
                let rs = r * k;
                let expected = within_exact(ps, as_, bs, rs, 0.0);
                let segment = Segment::new(as_, bs);
                assert_eq!(
                    Circle::new(ps, rs).intersects(&segment),
                    expected,
                    "2^{exponent}"
                );
                checked += 1;
            }
        }
        // Decimal magnitudes too (inexact scaling, so the reference recomputes the radius).
        for m in [1e-300, 1e-150, 1e150, 1e300] {
            let (ps, as_, bs) = (scale(p, m), scale(a, m), scale(b, m));
            for r in boundary_radii(ps, as_, bs) {
                let expected = within_exact(ps, as_, bs, r, 0.0);
                let got = Circle::new(ps, r).intersects(&Segment::new(as_, bs));
                assert_eq!(got, expected, "case {i} at {m:e}: r={r:e}");
                checked += 1;
            }
        }
    }
    println!("magnitude cases: {checked} checked, 0 wrong");
}

#[test]
fn circle_circle_and_capsule_radii_add_exactly() {
    let mut rng = Rng::new(0x5EED_0003);
    for _ in 0..cases() {
        let p = [rng.signed_unit() * 5.0, rng.signed_unit() * 5.0];
        let c = [rng.signed_unit() * 5.0, rng.signed_unit() * 5.0];
        let [_, r, _] = boundary_radii(p, c, c);
        // Split r into r1 + r2 whose float sum rounds: the exact sum decides.
        let r1 = r * 0.3;
        for r2 in [next_down(r - r1), r - r1, next_up(r - r1)] {
            let expected = within_exact(p, c, c, r1, r2);
            let got = Circle::new(p, r1).intersects(&Circle::new(c, r2));
            assert_eq!(got, expected, "{p:?} {c:?} {r1:e} {r2:e}");
            assert_eq!(
                Circle::new(p, r1).contact(&Circle::new(c, r2)).is_some(),
                expected
            );
        }
    }
}

// `orientation_is_exact` moved into `src/num/exact.rs`'s unit tests: the orientation
// predicate is a private numerics hook now, with no public query that exposes its sign alone.

#[test]
fn f32_decisions_are_exact() {
    let mut rng = Rng::new(0x5EED_0005);
    for _ in 0..cases() {
        let a = [
            (rng.signed_unit() * 10.0) as f32,
            (rng.signed_unit() * 10.0) as f32,
        ];
        let b = [
            (rng.signed_unit() * 10.0) as f32,
            (rng.signed_unit() * 10.0) as f32,
        ];
        let p = [
            (rng.signed_unit() * 12.0) as f32,
            (rng.signed_unit() * 12.0) as f32,
        ];
        let wide = |v: [f32; 2]| [f64::from(v[0]), f64::from(v[1])];
        let [_, r64, _] = boundary_radii(wide(p), wide(a), wide(b));
        let r = r64 as f32;
        for r in [
            f32::from_bits(r.to_bits().saturating_sub(1)),
            r,
            f32::from_bits(r.to_bits() + 1),
        ] {
            let expected = within_exact(wide(p), wide(a), wide(b), f64::from(r), 0.0);
            assert_eq!(Circle::new(p, r).intersects(&Segment::new(a, b)), expected);
        }
    }
}

/// `f32` inputs are widened to `f64` and decided by the `f64` filter, then exactly.
/// Segments, offsets and radii of independent magnitudes `2^-140 … 2^120` (squares that
/// would underflow or overflow `f32`, tiny radii against long segments), with the radius
/// at the exact distance's boundary and one `f32` ulp either side. Fails when the segment
/// filter's bound is set to zero.
#[test]
fn f32_decisions_are_exact_at_mixed_magnitudes() {
    let mut rng = Rng::new(0x5EED_0032);
    let wide = |v: [f32; 2]| [f64::from(v[0]), f64::from(v[1])];
    let scale_of = |rng: &mut Rng| pow2(((rng.signed_unit() + 1.0) * 130.0) as i64 - 140);
    let mut checked = 0;
    for _ in 0..cases() {
        let (s1, s2) = (scale_of(&mut rng), scale_of(&mut rng));
        let f = |x: f64| x as f32;
        let a = [f(rng.signed_unit() * s1), f(rng.signed_unit() * s1)];
        let b = [f(rng.signed_unit() * s1), f(rng.signed_unit() * s1)];
        // A point near the segment (within s2 of a point on it), or anywhere.
        let t = (rng.signed_unit() + 1.0) * 0.75 - 0.25;
        let p = [
            f(f64::from(a[0]) + t * f64::from(b[0] - a[0]) + rng.signed_unit() * s2),
            f(f64::from(a[1]) + t * f64::from(b[1] - a[1]) + rng.signed_unit() * s2),
        ];
        if !(a.iter().chain(&b).chain(&p).all(|x| x.is_finite())) {
            continue;
        }
        let [_, r64, _] = boundary_radii(wide(p), wide(a), wide(b));
        let r = r64 as f32;
        if !r.is_finite() {
            continue;
        }
        for r in [
            f32::from_bits(r.to_bits().saturating_sub(1)),
            r,
            f32::from_bits(r.to_bits() + 1),
        ] {
            let expected = within_exact(wide(p), wide(a), wide(b), f64::from(r), 0.0);
            let got = Circle::new(p, r).intersects(&Segment::new(a, b));
            assert_eq!(got, expected, "p {p:?} a {a:?} b {b:?} r {r:e}");
            let circles = Circle::new(p, r).intersects(&Circle::new(a, 0.0));
            assert_eq!(
                circles,
                within_exact(wide(p), wide(a), wide(a), f64::from(r), 0.0)
            );
            checked += 1;
        }
    }
    assert!(checked >= cases(), "only {checked} cases were finite");

    // A tiny radius against a long segment: `r²` underflows `f32` while `|v|²` is huge, so
    // `r² |v|²` loses everything; the distance is `|y|` exactly.
    let (a, b) = ([0.0_f32, 0.0], [1e18_f32, 0.0]);
    let r = 1e-23_f32;
    for (y, expected) in [
        (0.7e-23_f32, true),
        (1e-23, true),
        (1.3e-23, false),
        (-0.9e-23, true),
    ] {
        let p = [5e17_f32, y];
        assert_eq!(
            Circle::new(p, r).intersects(&Segment::new(a, b)),
            expected,
            "y = {y:e}"
        );
    }
}

/// A point within a few ulps of the line through an endpoint perpendicular to a long
/// segment: which region it is in (end disc or interior) is decided by `along`, whose
/// rounding scales with the segment's length, not with the distance. A filter that
/// trusted the rounded region answered these wrongly (found while adding the `f32`
/// filter: `|v| = 10¹⁰`, distance 1, radius one ulp from the boundary).
#[test]
fn regions_near_the_end_perpendicular_of_long_segments_are_exact() {
    // Three cases the old filter got wrong (f64), each with the radius at the boundary.
    for (p, a, b, r) in [
        (
            [67_414_861_912.023_07, 284_487_344_923.234_5],
            [0.518_232_365_432_880_4, 0.200_417_660_264_499_14],
            [67_414_861_913.737_305, 284_487_344_922.828_3],
            1.761_699_639_124_634_2,
        ),
        (
            [-7_237_183_761.774_012, 2_954_308_785.561_258],
            [0.373_026_261_316_401_26, 0.462_843_898_322_143_7],
            [-7_237_183_761.449_908, 2_954_308_786.355_216],
            0.857_562_002_338_478_3,
        ),
    ] {
        let expected = within_exact(p, a, b, r, 0.0);
        assert_eq!(Circle::new(p, r).intersects(&Segment::new(a, b)), expected);
    }
    let mut rng = Rng::new(0x5EED_0033);
    let mut f32_cases = 0;
    for i in 0..cases() * 4 {
        let length = 10f64.powf(3.0 + 9.0 * (rng.signed_unit() + 1.0) / 2.0);
        let angle = rng.signed_unit() * core::f64::consts::PI;
        let (ux, uy) = (angle.cos(), angle.sin());
        let a = [rng.signed_unit(), rng.signed_unit()];
        let b = [a[0] + length * ux, a[1] + length * uy];
        let h = 1.0 + rng.signed_unit() / 2.0;
        let delta = rng.signed_unit() * 3.0 * f64::EPSILON * length;
        // Near the perpendicular at b (even i) or at a (odd i).
        let end = if i % 2 == 0 { b } else { a };
        let p = [end[0] - h * uy + delta * ux, end[1] + h * ux + delta * uy];
        for r in boundary_radii(p, a, b) {
            let expected = within_exact(p, a, b, r, 0.0);
            assert_eq!(
                Circle::new(p, r).intersects(&Segment::new(a, b)),
                expected,
                "p {p:?} a {a:?} b {b:?} r {r:e}"
            );
        }
        // The same in f32, where the rounding of `along` is 2^29 times coarser.
        let f = |v: [f64; 2]| [v[0] as f32, v[1] as f32];
        let wide = |v: [f32; 2]| [f64::from(v[0]), f64::from(v[1])];
        let (p32, a32, b32) = (f(p), f(a), f(b));
        let [_, r64, _] = boundary_radii(wide(p32), wide(a32), wide(b32));
        let r = r64 as f32;
        for r in [
            f32::from_bits(r.to_bits().saturating_sub(1)),
            r,
            f32::from_bits(r.to_bits() + 1),
        ] {
            let expected = within_exact(wide(p32), wide(a32), wide(b32), f64::from(r), 0.0);
            let got = Circle::new(p32, r).intersects(&Segment::new(a32, b32));
            assert_eq!(got, expected, "p {p32:?} a {a32:?} b {b32:?} r {r:e}");
            f32_cases += 1;
        }
    }
    assert!(f32_cases > 0);
}

#[test]
fn touching_shapes_built_from_small_integers_touch() {
    // 3-4-5 triangles at every scale and orientation: exactly touching.
    for k in [1.0, 0.5, 1e-3, 1e3, 2f64.powi(-500), 2f64.powi(500)] {
        for (sx, sy) in [(1.0, 1.0), (-1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)] {
            let end = [0.0, 0.0];
            let seg = Segment::new([-7.0 * k, 0.0], end);
            let centre = [3.0 * k * sx, 4.0 * k * sy];
            if sx > 0.0 {
                // Beyond the end point: distance 5k from it.
                assert!(Circle::new(centre, 5.0 * k).intersects(&seg));
                assert!(!Circle::new(centre, next_down(5.0 * k)).intersects(&seg));
                let c = Circle::new(centre, 5.0 * k).contact(&seg).unwrap();
                assert_eq!(c.depth, 0.0);
            }
            let other = Circle::new([0.0, 0.0], 2.0 * k);
            assert!(Circle::new(centre, 3.0 * k).intersects(&other));
            assert!(!Circle::new(centre, next_down(3.0 * k)).intersects(&other));
        }
    }
}

/// Exact squared distance between two segments: zero when they touch or cross.
fn segment_dist_sq_exact(xa: [f64; 2], xb: [f64; 2], ya: [f64; 2], yb: [f64; 2]) -> Frac {
    let p = P::from_f64;
    exact::dist2_segments(&p(xa), &p(xb), &p(ya), &p(yb))
}

#[test]
fn capsule_capsule_decisions_are_exact_at_the_boundary() {
    let mut rng = Rng::new(0x5EED_0006);
    let mut checked = 0;
    for i in 0..cases() {
        let xa = [rng.signed_unit() * 10.0, rng.signed_unit() * 10.0];
        let xb = [rng.signed_unit() * 10.0, rng.signed_unit() * 10.0];
        let ya = [rng.signed_unit() * 10.0, rng.signed_unit() * 10.0];
        // Some parallel pairs, whose four endpoint distances tie in pairs.
        let yb = if i % 5 == 0 {
            [ya[0] + (xb[0] - xa[0]), ya[1] + (xb[1] - xa[1])]
        } else {
            [rng.signed_unit() * 10.0, rng.signed_unit() * 10.0]
        };
        let d2 = segment_dist_sq_exact(xa, xb, ya, yb);
        if d2.is_zero() {
            continue;
        }
        let [below, at, above] = radii_around(&d2);
        for r in [below, at, above] {
            let r1 = r * 0.25;
            let r2 = r - r1;
            let expected = d2.le_square(&(D::f(r1) + D::f(r2)));
            let x = Capsule::new(xa, xb, r1);
            let y = Capsule::new(ya, yb, r2);
            assert_eq!(
                x.intersects(&y),
                expected,
                "{xa:?} {xb:?} {ya:?} {yb:?} r={r:e}"
            );
            assert_eq!(x.contact(&y).is_some(), expected);
            assert_eq!(y.intersects(&x), expected);
            checked += 1;
        }
    }
    println!("capsule–capsule boundary cases: {checked} checked, 0 wrong");
}

/// Segment pairs that touch or nearly touch at a point, in `f32` and `f64`: an endpoint of
/// `y` within a few ulps of `x` (on either side of it, or exactly on it), sometimes a shared
/// endpoint. `intersects_segment` must agree with the exact answer both ways round, and
/// intersecting pairs must get one common point from `closest_points`. (Found wanting in
/// `f32`: the local side tests used `f64`'s rounding tolerance, and about 3% of such
/// `f32` pairs that do not touch were said to.)
#[test]
fn segment_pairs_near_touching_are_exact_in_f32_and_f64() {
    fn check<S: Scalar + Into<f64> + core::fmt::Debug>(
        xa: [S; 2],
        xb: [S; 2],
        ya: [S; 2],
        yb: [S; 2],
    ) -> bool {
        let wide = |p: [S; 2]| [p[0].into(), p[1].into()];
        let expected = segment_dist_sq_exact(wide(xa), wide(xb), wide(ya), wide(yb)).is_zero();
        let (x, y) = (Segment::new(xa, xb), Segment::new(ya, yb));
        assert_eq!(x.intersects(&y), expected, "{xa:?} {xb:?} {ya:?} {yb:?}");
        assert_eq!(y.intersects(&x), expected, "{ya:?} {yb:?} {xa:?} {xb:?}");
        if expected {
            let (p, q) = x.closest_points(&y).points();
            assert_eq!(p, q, "{xa:?} {xb:?} {ya:?} {yb:?}");
        }
        expected
    }
    let mut rng = Rng::new(0x5EED_0009);
    let (mut touching, mut apart) = (0, 0);
    for i in 0..cases() * 4 {
        let size = [1.0, 40.0, 1000.0, 1e-3][i % 4];
        let mut point = || [rng.signed_unit() * size, rng.signed_unit() * size];
        let (xa, xb, ya) = (point(), point(), point());
        let t = rng.signed_unit().abs();
        let on = [xa[0] + t * (xb[0] - xa[0]), xa[1] + t * (xb[1] - xa[1])];
        let steps = [rng.next_u64() % 7, rng.next_u64() % 7].map(|k| k as i64 - 3);
        // f32: the nearest f32 point to `on`, moved by a few f32 ulps.
        let f = |x: f64| x as f32;
        let nudge32 = |x: f32, k: i64| f32::from_bits((x.to_bits() as i64 + k) as u32);
        let (xa32, xb32, ya32) = (xa.map(f), xb.map(f), ya.map(f));
        let mut yb32 = [nudge32(f(on[0]), steps[0]), nudge32(f(on[1]), steps[1])];
        if i % 9 == 0 {
            yb32 = xb32; // a shared endpoint
        }
        // f64 likewise.
        let nudge64 = |x: f64, k: i64| f64::from_bits((x.to_bits() as i64 + k) as u64);
        let mut yb = [nudge64(on[0], steps[0]), nudge64(on[1], steps[1])];
        if i % 9 == 0 {
            yb = xb;
        }
        for hit in [check(xa32, xb32, ya32, yb32), check(xa, xb, ya, yb)] {
            if hit {
                touching += 1;
            } else {
                apart += 1;
            }
        }
    }
    println!("near-touching segment pairs: {touching} touching, {apart} apart, 0 wrong");
    assert!(touching > cases() / 4 && apart > cases() / 4);
}
