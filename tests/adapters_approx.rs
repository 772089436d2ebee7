//! The `approx` feature: tolerant comparison of shapes and results, with every field
//! taking part and exact fields (indices, counts) compared exactly.
#![cfg(feature = "approx")]

use approx::{AbsDiffEq, RelativeEq, UlpsEq, assert_abs_diff_eq, assert_relative_eq};
use capsule2d::{
    Capsule, ChainContact, ChainHit, Circle, Contact, Hit, Ray, Resolution, Segment, Shape,
};

type V = [f64; 2];

/// `x + d` in f64; a helper so that the perturbations read clearly.
fn plus(x: f64, d: f64) -> f64 {
    x + d
}

/// Checks that `a ≈ b` at tolerance `1e-6` but not at `1e-12`, for each `b` built by
/// moving one non-zero field of `a` (of order 1) by `1e-9`: every field takes part in the
/// comparison.
fn every_field_counts<T: AbsDiffEq<Epsilon = f64> + RelativeEq + UlpsEq + core::fmt::Debug>(
    a: &T,
    perturbed: &[T],
) {
    assert!(a.abs_diff_eq(a, 0.0));
    for b in perturbed {
        assert!(a.abs_diff_eq(b, 1e-6), "{a:?} vs {b:?}");
        assert!(!a.abs_diff_eq(b, 1e-12), "{a:?} vs {b:?}");
        assert!(a.relative_eq(b, 0.0, 1e-6), "{a:?} vs {b:?}");
        assert!(!a.relative_eq(b, 0.0, 1e-12), "{a:?} vs {b:?}");
        // 1e-9 on values of order 1 is millions of ulps.
        assert!(!a.ulps_eq(b, 0.0, 1000), "{a:?} vs {b:?}");
    }
}

#[test]
fn shapes_compare_every_field() {
    let d = 1e-9;
    let s = Segment::new([1.0, 2.0], [3.0, 4.0]);
    every_field_counts(
        &s,
        &[
            Segment::new([plus(1.0, d), 2.0], [3.0, 4.0]),
            Segment::new([1.0, plus(2.0, d)], [3.0, 4.0]),
            Segment::new([1.0, 2.0], [plus(3.0, d), 4.0]),
            Segment::new([1.0, 2.0], [3.0, plus(4.0, d)]),
        ],
    );
    let c = Circle::new([1.0, 2.0], 3.0);
    every_field_counts(
        &c,
        &[
            Circle::new([plus(1.0, d), 2.0], 3.0),
            Circle::new([1.0, plus(2.0, d)], 3.0),
            Circle::new([1.0, 2.0], plus(3.0, d)),
        ],
    );
    let k = Capsule::new([1.0, 2.0], [3.0, 4.0], 0.5);
    every_field_counts(
        &k,
        &[
            Capsule::new([plus(1.0, d), 2.0], [3.0, 4.0], 0.5),
            Capsule::new([1.0, 2.0], [3.0, plus(4.0, d)], 0.5),
            Capsule::new([1.0, 2.0], [3.0, 4.0], plus(0.5, d)),
        ],
    );
    let r = Ray::new([1.0, 2.0], [0.5, -1.0]);
    every_field_counts(
        &r,
        &[
            Ray::new([1.0, plus(2.0, d)], [0.5, -1.0]),
            Ray::new([1.0, 2.0], [plus(0.5, d), -1.0]),
        ],
    );
}

#[test]
fn results_compare_every_field() {
    let d = 1e-9;
    let c: Contact<V> = Contact {
        normal: [0.6, 0.8],
        depth: 0.25,
        point: [1.0, 2.0],
    };
    every_field_counts(
        &c,
        &[
            Contact {
                normal: [plus(0.6, d), 0.8],
                ..c
            },
            Contact {
                normal: [0.6, plus(0.8, d)],
                ..c
            },
            Contact {
                depth: plus(0.25, d),
                ..c
            },
            Contact {
                point: [plus(1.0, d), 2.0],
                ..c
            },
            Contact {
                point: [1.0, plus(2.0, d)],
                ..c
            },
        ],
    );
    let h: Hit<V> = Hit {
        time: 2.0,
        point: [1.0, 1.0],
        normal: [0.0, 1.0],
    };
    every_field_counts(
        &h,
        &[
            Hit {
                time: plus(2.0, d),
                ..h
            },
            Hit {
                point: [1.0, plus(1.0, d)],
                ..h
            },
            Hit {
                normal: [0.0, plus(1.0, d)],
                ..h
            },
        ],
    );
    let w: Hit<V> = Hit {
        time: 0.5,
        normal: [1.0, 0.0],
        point: [3.0, 3.0],
    };
    every_field_counts(
        &w,
        &[
            Hit {
                time: plus(0.5, d),
                ..w
            },
            Hit {
                normal: [plus(1.0, d), 0.0],
                ..w
            },
            Hit {
                point: [plus(3.0, d), 3.0],
                ..w
            },
        ],
    );
    every_field_counts(
        &ChainContact {
            link: 3,
            contact: c,
        },
        &[ChainContact {
            link: 3,
            contact: Contact {
                depth: plus(0.25, d),
                ..c
            },
        }],
    );
    every_field_counts(
        &ChainHit { link: 1, hit: w },
        &[ChainHit {
            link: 1,
            hit: Hit {
                time: plus(0.5, d),
                ..w
            },
        }],
    );
    let z: Resolution<V> = Resolution {
        center: [0.0, 1.0],
        pushes: 2,
        depth: 0.5,
    };
    every_field_counts(
        &z,
        &[
            Resolution {
                center: [0.0, plus(1.0, d)],
                ..z
            },
            Resolution {
                depth: plus(0.5, d),
                ..z
            },
        ],
    );
}

#[test]
fn indices_and_counts_are_exact() {
    let c: Contact<V> = Contact {
        normal: [0.0, 1.0],
        depth: 0.0,
        point: [0.0, 0.0],
    };
    let a = ChainContact {
        link: 0,
        contact: c,
    };
    let b = ChainContact {
        link: 1,
        contact: c,
    };
    assert!(!a.abs_diff_eq(&b, 1e9));
    assert!(!a.relative_eq(&b, 1e9, 1e9));
    assert!(!a.ulps_eq(&b, 1e9, u32::MAX));
    let r: Resolution<V> = Resolution {
        center: [0.0, 0.0],
        pushes: 1,
        depth: 0.0,
    };
    assert!(!r.abs_diff_eq(&Resolution { pushes: 2, ..r }, 1e9));
}

#[test]
fn relative_and_ulps_tolerances() {
    // Radii 1e6 and 1e6 + 1 differ by one part in a million.
    let a = Circle::new([0.0, 0.0], 1e6);
    let b = Circle::new([0.0, 0.0], 1e6 + 1.0);
    assert!(a.relative_eq(&b, 0.0, 2e-6));
    assert!(!a.relative_eq(&b, 0.0, 5e-7));
    // One ulp: 1 and 1 + 2⁻⁵².
    let one_ulp = 1.0 + f64::EPSILON;
    let a = Segment::new([1.0, 0.0], [0.0, 0.0]);
    let b = Segment::new([one_ulp, 0.0], [0.0, 0.0]);
    assert!(a.ulps_eq(&b, 0.0, 1));
    assert!(!a.ulps_eq(&b, 0.0, 0));
    // The defaults are the scalar's: f64's default epsilon is f64::EPSILON.
    assert_eq!(Segment::<V>::default_epsilon(), f64::EPSILON);
    assert_eq!(Capsule::<[f32; 2]>::default_epsilon(), f32::EPSILON);
}

#[test]
fn crossings_compare_count_and_parameters() {
    // Chord (−4,0)–(4,0) through a circle of radius 2 at the origin: t = 1/4 and 3/4.
    let chord = Segment::new([-4.0, 0.0], [4.0, 0.0]);
    let here = chord.circle_crossings(&Circle::new([0.0, 0.0], 2.0));
    // Shift the circle by 8e-9 along x: both parameters move by 1e-9.
    let there = chord.circle_crossings(&Circle::new([8e-9, 0.0], 2.0));
    assert_abs_diff_eq!(here, there, epsilon = 1e-8);
    assert!(!here.abs_diff_eq(&there, 1e-10));
    // A circle the chord leaves only once (centred on its end): one crossing against two.
    let once = chord.circle_crossings(&Circle::new([4.0, 0.0], 2.0));
    assert_eq!(once.len(), 1);
    assert!(!here.abs_diff_eq(&once, 10.0));
    assert!(!here.relative_eq(&once, 10.0, 10.0));
    assert!(!here.ulps_eq(&once, 10.0, u32::MAX));
}

#[test]
fn a_computed_contact_against_its_derivation() {
    // Segment (0,0)–(4,3), circle at (1,2) of radius 1.5: the centre is 1 above the line
    // along the left normal (−3,4)/5, at t = (4 + 6)/25 = 0.4, so the contact point is
    // (1.6, 1.2) and the depth 0.5.
    let contact = Circle::new([1.0_f32, 2.0], 1.5)
        .contact(&Segment::new([0.0, 0.0], [4.0, 3.0]))
        .unwrap();
    let expected = Contact {
        normal: [-0.6, 0.8],
        depth: 0.5,
        point: [1.6, 1.2],
    };
    assert_relative_eq!(contact, expected, epsilon = 1e-6, max_relative = 1e-6);
}
