//! Any magnitude: finite inputs from 1e-300 to 1e300 give finite outputs, unit normals,
//! and f64 closest points within 4 ulps of the exact answer (ulps of the inputs'
//! magnitude), checked against exact rationals.
#![cfg(feature = "std")]

use crate::common;

use capsule2d::vector::VectorOps;
use capsule2d::{Capsule, Circle, Segment, Shape};
use common::{D, P, Rng, exact, ulp};

/// `|x − exact|` in units of the last place of `magnitude`.
fn ulps_off(x: f64, exact: &D, magnitude: f64) -> f64 {
    D::div_approx(&(D::f(x) - exact).abs(), &D::f(ulp(magnitude)), 80).to_f64()
}

const MAGNITUDES: [f64; 9] = [
    1e-300, 1e-200, 1e-100, 1e-10, 1.0, 1e10, 1e100, 1e200, 1e300,
];

fn unit_length(v: [f64; 2]) -> bool {
    (v.length() - 1.0).abs() < 1e-14 && v[0].is_finite() && v[1].is_finite()
}

#[test]
fn closest_points_within_four_ulps_at_every_magnitude() {
    let mut rng = Rng::new(0xABCD);
    let mut worst = 0.0_f64;
    for &m in &MAGNITUDES {
        for _ in 0..300 {
            let a = [rng.signed_unit() * m, rng.signed_unit() * m];
            let b = [rng.signed_unit() * m, rng.signed_unit() * m];
            let p = [rng.signed_unit() * m * 1.5, rng.signed_unit() * m * 1.5];
            let got = Segment::new(a, b).project_point(p);
            let exact = exact::closest_point(&P::from_f64(a), &P::from_f64(b), &P::from_f64(p));
            let magnitude = [a[0], a[1], b[0], b[1]]
                .iter()
                .fold(0.0_f64, |acc, v| acc.max(v.abs()));
            for axis in 0..2 {
                assert!(got[axis].is_finite());
                // |got − X / W| = |got · W − X| / W, W > 0.
                let num = [&exact.x, &exact.y][axis];
                let err = (D::f(got[axis]) * &exact.w - num).abs();
                let off = D::div_approx(&err, &(&exact.w * D::f(ulp(magnitude))), 80).to_f64();
                worst = worst.max(off);
                assert!(off <= 4.0, "{off} ulps at {m:e}: p={p:?} a={a:?} b={b:?}");
            }
        }
    }
    println!("worst closest-point error: {worst:.3} ulps of the inputs' magnitude");
}

#[test]
fn every_query_is_finite_with_unit_normals_at_every_magnitude() {
    let mut rng = Rng::new(0x1234);
    for &m in &MAGNITUDES {
        for _ in 0..200 {
            let pt = |rng: &mut Rng| [rng.signed_unit() * m, rng.signed_unit() * m];
            let (a, b, c, d, p) = (
                pt(&mut rng),
                pt(&mut rng),
                pt(&mut rng),
                pt(&mut rng),
                pt(&mut rng),
            );
            let r = (rng.signed_unit().abs() + 0.1) * m;
            let seg = Segment::new(a, b);
            let other = Segment::new(c, d);
            let circle = Circle::new(p, r);
            let cap = Capsule::new(a, b, r * 0.5);
            let cap2 = Capsule::new(c, d, r * 0.5);
            assert!(seg.closest_parameter(p).is_finite());
            assert!(seg.distance(&p).is_finite());
            let (x, y) = seg.closest_points(&other).points();
            assert!(x.iter().chain(y.iter()).all(|v| v.is_finite()));
            assert!(seg.distance(&other).is_finite());
            let contacts = [
                circle.contact(&seg),
                circle.contact(&cap),
                circle.contact(&Circle::new(c, r)),
                cap.contact(&cap2),
                cap.contact(&circle),
                cap.contact(&other),
                seg.contact(&circle),
                seg.contact(&cap2),
                circle.contact(&c),
                cap.contact(&p),
            ];
            for contact in contacts.into_iter().flatten() {
                assert!(unit_length(contact.normal), "{contact:?} at {m:e}");
                assert!(contact.depth.is_finite() && contact.depth >= 0.0);
                assert!(contact.point.iter().all(|v| v.is_finite()), "{contact:?}");
                assert!(contact.offset().iter().all(|v| v.is_finite()));
            }
        }
    }
}

#[test]
fn contact_depths_are_accurate_at_every_magnitude() {
    // A circle above the middle of a horizontal segment, at every scale: depth = r − h.
    for &m in &MAGNITUDES {
        let seg = Segment::new([-3.0 * m, 2.0 * m], [5.0 * m, 2.0 * m]);
        let circle = Circle::new([1.0 * m, 2.75 * m], 1.0 * m);
        let contact = circle.contact(&seg).expect("overlaps");
        assert_eq!(contact.normal, [0.0, 1.0]);
        let exact = D::f(1.0 * m) - (D::f(2.75 * m) - D::f(2.0 * m));
        assert!(
            ulps_off(contact.depth, &exact, 5.0 * m) <= 8.0,
            "{m:e}: {}",
            contact.depth
        );
        // A tilted capsule pair: finite, unit, and moving by the offset leaves them touching.
        let x = Capsule::new([0.0, 0.0], [3.0 * m, 1.0 * m], 0.5 * m);
        let y = Capsule::new([1.0 * m, 1.2 * m], [2.0 * m, 4.0 * m], 0.5 * m);
        let c = x.contact(&y).expect("overlaps");
        assert!(unit_length(c.normal));
        let moved = Capsule::new(x.a.add(c.offset()), x.b.add(c.offset()), x.radius);
        let gap = moved.segment().distance(&y.segment());
        assert!((gap - 1.0 * m).abs() <= 1e-12 * m, "{m:e}: gap {gap:e}");
    }
}

#[test]
fn crossing_points_are_accurate_at_every_magnitude() {
    // x from (0, 0) to (4, 2), y from (1, 3) to (3, -1): they cross at (2, 1) exactly.
    for &m in &MAGNITUDES {
        let x = Segment::new([0.0, 0.0], [4.0 * m, 2.0 * m]);
        let y = Segment::new([1.0 * m, 3.0 * m], [3.0 * m, -m]);
        let (p, p_other) = x.closest_points(&y).points();
        assert_eq!(p, p_other);
        for (got, want) in p.iter().zip([2.0 * m, 1.0 * m]) {
            assert!(ulps_off(*got, &D::f(want), 4.0 * m) <= 4.0, "{m:e}: {p:?}");
        }
        assert!(x.intersects(&y));
        let c = Capsule::from_segment(x, 0.1 * m).contact(&Capsule::from_segment(y, 0.1 * m));
        let c = c.expect("crossing capsules overlap");
        assert!(unit_length(c.normal) && c.depth.is_finite() && c.depth > 0.2 * m);
    }
}
