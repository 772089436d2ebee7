//! Regression tests for the three wrong answers found by outside checks (the Reliability
//! issue), each against exact rationals, for `f32` and `f64` and every query family that
//! shares the code path:
//!
//! 1. capsule contact depths that overflowed to `∞` for finite inputs (they saturate at
//!    `MAX`, the nearest finite value to a true depth beyond it);
//! 2. a point exactly on (or beside) a long segment near one of its ends, at magnitudes
//!    so mixed that a common power-of-two scale flushed its offset to zero: it got a
//!    normal along the segment instead of the segment's normal;
//! 3. margin contacts that lost the gap when the margin was much larger than the gap.

use crate::common;

use capsule2d::{Capsule, Circle, Contact, Segment, Shape};
use common::{P, exact};

/// The sign of the exact `(p − a)·(b − a)` and `(b − a) × (p − a)`.
fn exact_signs(a: [f64; 2], b: [f64; 2], p: [f64; 2]) -> (i8, i8) {
    let (a, b, p) = (P::from_f64(a), P::from_f64(b), P::from_f64(p));
    let along = p.sub(&a).dot(&b.sub(&a));
    (
        along.signum() as i8,
        exact::orient(&a, &b, &p).signum() as i8,
    )
}

/// The unit left normal of `b − a`, in f64.
fn left_normal(a: [f64; 2], b: [f64; 2]) -> [f64; 2] {
    let (x, y) = (b[0] - a[0], b[1] - a[1]);
    let length = x.hypot(y);
    [-y / length, x / length]
}

macro_rules! both_floats {
    ($name:ident, $body:ident) => {
        mod $name {
            #[test]
            fn f32() {
                super::$body::<f32>();
            }
            #[test]
            fn f64() {
                super::$body::<f64>();
            }
        }
    };
}

/// The value as an `f64` (exact for both float types).
fn f<S: Float>(x: S) -> f64 {
    x.into()
}

trait Float: capsule2d::Scalar + Copy + core::fmt::Debug + Into<f64> {
    const MAX: Self;
    fn of(x: f64) -> Self;
    fn pow2(e: i32) -> Self;
    /// The extreme exponents of the mixed-magnitude cases of bug 2.
    const TINY_EXP: i32;
    const HUGE_EXP: i32;
    /// How far (per component) a normal of bug 2's cases may be from the exact one: about
    /// ten times the worst measured (f32: 4.8e-8, f64: 1.1e-16).
    const NORMAL_TOL: f64;
}

#[allow(clippy::use_self)] // `Self::MAX` would name the trait's constant
impl Float for f32 {
    const MAX: Self = f32::MAX;
    fn of(x: f64) -> Self {
        x as f32
    }
    fn pow2(e: i32) -> Self {
        2f32.powi(e)
    }
    const TINY_EXP: i32 = -99;
    const HUGE_EXP: i32 = 60;
    const NORMAL_TOL: f64 = 5e-7;
}

#[allow(clippy::use_self)]
impl Float for f64 {
    const MAX: Self = f64::MAX;
    fn of(x: f64) -> Self {
        x
    }
    fn pow2(e: i32) -> Self {
        2f64.powi(e)
    }
    const TINY_EXP: i32 = -600;
    const HUGE_EXP: i32 = 500;
    const NORMAL_TOL: f64 = 1.2e-15;
}

fn depth<S: Float>(c: Option<Contact<[S; 2]>>) -> f64 {
    c.expect("the shapes overlap").depth.into()
}

// ---------------------------------------------------------------------------------------
// 1. Depths beyond MAX saturate at MAX.
// ---------------------------------------------------------------------------------------

fn depth_beyond_max_saturates<S: Float>() {
    let zero = S::of(0.0);
    let max: f64 = S::MAX.into();
    // A capsule of radius MAX against itself: the true depth is 2·MAX.
    let fat = Capsule::new([zero, zero], [S::of(1.0), zero], S::MAX);
    assert_eq!(depth(fat.contact(&fat)), max);
    // Crossing cores with radii of 0.75·MAX each: the true depth exceeds 1.5·MAX.
    let r = S::of(0.75 * max);
    let x = Capsule::new([S::of(-1.0), zero], [S::of(1.0), zero], r);
    let y = Capsule::new([zero, S::of(-1.0)], [zero, S::of(1.0)], r);
    assert_eq!(depth(x.contact(&y)), max);
    assert_eq!(depth(y.contact(&x)), max);
    // Cores spanning the whole range, crossing at the origin; radius MAX/2.
    let wide = Capsule::new([S::of(-max), zero], [S::MAX, zero], S::of(max / 2.0));
    let tall = Segment::new([zero, S::of(-max)], [zero, S::MAX]);
    assert_eq!(depth(wide.contact(&tall)), max);
    assert_eq!(depth(tall.contact(&wide)), max);
    // Every family through the same kernel: closest points and margin contacts.
    assert_eq!(depth(fat.contact_with_margin(&fat, S::of(1.0))), max);
    assert_eq!(f(fat.distance(&fat)), 0.0);
    assert_eq!(depth(wide.contact_with_margin(&tall, S::of(1.0))), max);
    // Below MAX nothing saturates: radii of MAX/4 give the exact depth MAX/2 + 1
    // (rounded to the type).
    let quarter = Capsule::new([S::of(-1.0), zero], [S::of(1.0), zero], S::of(max / 4.0));
    let expected: f64 = S::of(max / 2.0).into();
    assert_eq!(depth(quarter.contact(&quarter)), expected);
}
both_floats!(depth_beyond_max, depth_beyond_max_saturates);

// ---------------------------------------------------------------------------------------
// 2. Mixed magnitudes near an end of a long segment.
// ---------------------------------------------------------------------------------------

fn centre_on_segment_gets_left_normal<S: Float>() {
    let zero = S::of(0.0);
    let (tiny, huge) = (S::pow2(S::TINY_EXP), S::pow2(S::HUGE_EXP));
    let one = S::of(1.0);
    let c = [tiny, tiny];
    let (a, b) = ([zero, zero], [huge, huge]);
    let half = core::f64::consts::FRAC_1_SQRT_2;
    // The exact distance is 0: the centre is on the segment, at t = 2^(TINY − HUGE).
    assert_eq!(
        exact_signs([0.0, 0.0], [huge.into(); 2], [tiny.into(); 2]),
        (1, 0)
    );
    let normal = |n: [S; 2]| -> [f64; 2] { [n[0].into(), n[1].into()] };
    let close = |n: [f64; 2], m: [f64; 2]| {
        (n[0] - m[0]).abs() <= S::NORMAL_TOL && (n[1] - m[1]).abs() <= S::NORMAL_TOL
    };
    let contact = Circle::new(c, one).contact(&Segment::new(a, b)).unwrap();
    assert!(close(normal(contact.normal), [-half, half]), "{contact:?}");
    assert_eq!(f(contact.depth), 1.0);
    // The mirror: the same segment from b to a; its left normal is the other way.
    let contact = Circle::new(c, one).contact(&Segment::new(b, a)).unwrap();
    assert!(close(normal(contact.normal), [half, -half]), "{contact:?}");
    // The capsule query, and the segment's view of the circle (the opposite normal).
    let contact = Circle::new(c, one)
        .contact(&Capsule::new(a, b, one))
        .unwrap();
    assert!(close(normal(contact.normal), [-half, half]), "{contact:?}");
    assert_eq!(f(contact.depth), 2.0);
    let contact = Segment::new(a, b).contact(&Circle::new(c, one)).unwrap();
    assert!(close(normal(contact.normal), [half, -half]), "{contact:?}");
    // The closest point lies on the segment's line (exact rationals) and within the
    // centre's own tiny offset of it, far below an ulp of the segment (the end region
    // that the common scale picks is right there, within rounding).
    let projected = normal(Segment::new(a, b).project_point(c));
    let huge_f: f64 = huge.into();
    let tiny_f: f64 = tiny.into();
    assert_eq!(exact_signs([0.0, 0.0], [huge_f, huge_f], projected).1, 0);
    assert!(
        projected.iter().all(|&x| (0.0..=tiny_f).contains(&x)),
        "{projected:?}"
    );
}
both_floats!(centre_on_segment_mixed, centre_on_segment_gets_left_normal);

/// Points at every angle around each end of a long segment, at offsets so small that a
/// common scale flushes them: the contact normal is the segment's normal on the point's
/// side when the point projects into the interior (exact rationals decide), and points
/// from the end to the point otherwise.
fn normals_near_the_ends_follow_the_exact_region<S: Float>() {
    let zero = S::of(0.0);
    let (tiny, huge) = (S::pow2(S::TINY_EXP), S::pow2(S::HUGE_EXP));
    let (a, b) = ([zero, zero], [huge, S::of(0.5 * f(huge))]);
    let af: [f64; 2] = [a[0].into(), a[1].into()];
    let bf: [f64; 2] = [b[0].into(), b[1].into()];
    let mut checked = [0usize; 2];
    for end in [a, b] {
        for step in 0..64 {
            let angle = step as f64 * core::f64::consts::TAU / 64.0;
            let offset = [S::of(f(tiny) * angle.cos()), S::of(f(tiny) * angle.sin())];
            let p = [S::plus(end[0], offset[0]), S::plus(end[1], offset[1])];
            let pf: [f64; 2] = [p[0].into(), p[1].into()];
            let contact = Circle::new(p, S::of(1.0))
                .contact(&Segment::new(a, b))
                .expect("the point is within 1 of the segment");
            let n: [f64; 2] = [contact.normal[0].into(), contact.normal[1].into()];
            let (along, cross) = exact_signs(af, bf, pf);
            let (along_b, _) = exact_signs(bf, af, pf);
            let left = left_normal(af, bf);
            if along > 0 && along_b > 0 {
                // Interior: the segment's normal, on the point's side (left when on it).
                let side = if cross < 0 { -1.0 } else { 1.0 };
                let expected = [side * left[0], side * left[1]];
                assert!(
                    (n[0] - expected[0]).abs() <= S::NORMAL_TOL
                        && (n[1] - expected[1]).abs() <= S::NORMAL_TOL,
                    "interior point {pf:?}: normal {n:?}, expected {expected:?}"
                );
                checked[0] += 1;
            } else {
                // An end region: the normal points from the end to the point.
                let d = [pf[0] - f(end[0]), pf[1] - f(end[1])];
                let length = d[0].hypot(d[1]);
                if length > 0.0 {
                    let expected = [d[0] / length, d[1] / length];
                    assert!(
                        (n[0] - expected[0]).abs() <= S::NORMAL_TOL
                            && (n[1] - expected[1]).abs() <= S::NORMAL_TOL,
                        "end point {pf:?}: normal {n:?}, expected {expected:?}"
                    );
                    checked[1] += 1;
                }
            }
        }
    }
    // Both kinds of region were met.
    assert!(checked[0] > 20 && checked[1] > 20, "{checked:?}");
}
both_floats!(
    normals_near_ends,
    normals_near_the_ends_follow_the_exact_region
);

// ---------------------------------------------------------------------------------------
// 3. Margin contacts keep the gap, whatever the margin.
// ---------------------------------------------------------------------------------------

fn margin_keeps_the_gap<S: Float>() {
    let zero = S::of(0.0);
    let one = S::of(1.0);
    // Two unit circles 5 apart: the gap is exactly 3.
    let x = Circle::new([zero, zero], one);
    let y = Circle::new([S::of(5.0), zero], one);
    for margin in [3.0, 4.0, 1e8, 1e17, 1e30] {
        let c = x.contact_with_margin(&y, S::of(margin)).unwrap();
        assert_eq!(f(c.depth), -3.0, "margin {margin}");
    }
    let c = x.contact_with_margin(&y, S::MAX).unwrap();
    assert_eq!(f(c.depth), -3.0);
    assert!(x.contact_with_margin(&y, S::of(2.5)).is_none());
    // Every pair shares the path: circle–segment, capsule–capsule, segment–capsule.
    let wall = Segment::new([S::of(5.0), S::of(-1.0)], [S::of(5.0), one]);
    let pill = Capsule::new([S::of(6.0), S::of(-1.0)], [S::of(6.0), one], one);
    let rod = Capsule::new([zero, S::of(-1.0)], [zero, one], one);
    for margin in [S::of(1e8), S::MAX] {
        assert_eq!(f(x.contact_with_margin(&wall, margin).unwrap().depth), -4.0);
        assert_eq!(
            f(rod.contact_with_margin(&pill, margin).unwrap().depth),
            -4.0
        );
        assert_eq!(
            f(wall.contact_with_margin(&pill, margin).unwrap().depth),
            0.0
        );
        assert_eq!(f(x.contact_with_margin(&pill, margin).unwrap().depth), -4.0);
    }
    // The exact gap of an irrational distance, against a rational reference: the circle
    // at (3, 3) is √18 − 2 from the unit circle at the origin... within a few ulps.
    let z = Circle::new([S::of(3.0), S::of(3.0)], one);
    let gap = -f(x.contact_with_margin(&z, S::MAX).unwrap().depth);
    let exact = 18f64.sqrt() - 2.0;
    let ulp = if core::mem::size_of::<S>() == 4 {
        2e-7
    } else {
        5e-16
    };
    assert!((gap - exact).abs() <= 8.0 * ulp * 4.3, "{gap} vs {exact}");
}
both_floats!(margin_gap, margin_keeps_the_gap);
