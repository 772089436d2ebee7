//! Regression tests for bugs found by the test suite, each with its hand-derived answer.
#![cfg(feature = "std")]

use capsule2d::{Capsule, Segment};
use core::f64::consts::FRAC_1_SQRT_2;

/// A point core at the end of a segment core: the point-against-segment rule (the
/// segment's right normal, seen from the segment's side), not the `+x` fallback.
#[test]
fn point_core_at_a_segment_end_uses_the_segment_normal() {
    let x = Capsule::new([0.0, 0.0], [-4.0, 4.0], 1.0);
    let y = Capsule::new([0.0, 0.0], [0.0, 0.0], 1.0);
    let c = x.contact_capsule(&y).expect("overlap");
    // x's direction (−4, 4); its left normal is (−1, −1)/√2, its right normal (1, 1)/√2.
    assert!(
        (c.normal[0] - FRAC_1_SQRT_2).abs() < 1e-15 && (c.normal[1] - FRAC_1_SQRT_2).abs() < 1e-15
    );
    assert_eq!(c.depth, 2.0);
    // The mirror query agrees.
    let m = y.contact_capsule(&x).expect("overlap");
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
        assert!(!x.intersects_capsule(&other), "NaN at {nan_at}");
        assert!(x.contact_capsule(&other).is_none());
        assert!(!other.intersects_capsule(&x));
        assert!(!x.intersects_segment(&other.segment()));
        assert!(x.contact_segment(&other.segment()).is_none());
        assert!(!other.segment().intersects_capsule(&x));
        assert!(!x.segment().intersects_segment(&other.segment()));
    }
}

/// A zero-length segment lying on another segment is at distance exactly 0 from it, and
/// both closest points are that point.
#[test]
fn zero_length_segment_on_a_segment_touches_exactly() {
    let dot = Segment::new([0.0, 0.7], [0.0, 0.7]);
    let line = Segment::new([0.0, 0.0], [0.0, 3.0]);
    assert!(dot.intersects_segment(&line));
    assert_eq!(dot.distance_squared_to_segment(&line), 0.0);
    assert_eq!(dot.closest_points(&line), ([0.0, 0.7], [0.0, 0.7]));
    assert_eq!(line.closest_points(&dot), ([0.0, 0.7], [0.0, 0.7]));
    assert_eq!(line.closest_point([0.0, 0.7]), [0.0, 0.7]);
}

#[cfg(feature = "fixed")]
mod fixed_point {
    use capsule2d::{Capsule, Segment};
    use fixed::FixedI32;
    use fixed::types::extra::U31;

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
        assert_eq!(
            cap.intersects_segment(&seg),
            cap.contact_segment(&seg).is_some()
        );
        assert_eq!(
            seg.intersects_capsule(&cap),
            seg.contact_capsule(&cap).is_some()
        );
    }
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
    let got = s.closest_point([-0.10741084945154719, 0.002534791418334681]);
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
    use capsule2d::Circle;
    let s = Segment::new(
        [0.0, 6.566774662047603e279],
        [6.566774662047604e279, 6.566774662047603e279],
    );
    let circle = Circle::new(
        [6.566774662047605e279, 6.566774662047604e279],
        6.566774662047602e279,
    );
    assert!(circle.intersects_segment(&s));
    let got = s.circle_crossings(&circle);
    assert_eq!(got.len(), 1, "{got:?}");
    let expected = 4.603_364_224_636_282e-16_f64;
    assert!(
        (got.as_slice()[0] - expected).abs() <= f64::EPSILON,
        "{got:?}"
    );

    let s = Segment::new([-75.000_01_f32, 9.903_520_3e27], [-75.000_01, -75.000_01]);
    let circle = Circle::new([-75.000_015_f32, -75.000_015], 9.903_519e27);
    assert!(circle.intersects_segment(&s));
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
    assert!(x.intersects_capsule(&y));
    let contact = x.contact_capsule(&y).expect("they intersect");
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
    use capsule2d::Circle;
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
    let contact = x.contact_capsule(&y).expect("they overlap");
    let expected = 1.292_283_228_407_921_5e308_f64;
    assert!(
        (contact.depth - expected).abs() <= 8.0 * f64::EPSILON * expected,
        "{contact:?}"
    );

    let a = Circle::new([6.000_001_f32, 6.000_001], 3.396_167e38);
    let b = Circle::new([3.396_167_6e38_f32, 3.396_167_4e38], 3.396_167_2e38);
    let contact = a.contact_circle(&b).expect("they overlap");
    let expected = 1.989_428_e38_f32;
    assert!(
        (contact.depth - expected).abs() <= 8.0 * f32::EPSILON * expected,
        "{contact:?}"
    );
}
