//! The batch functions against the single queries, element by element: on a grid (ties
//! and touching contacts), within a few ulps of touching at every scale, on non-finite
//! input, for `f32`, `f64` and fixed point; and the filter's own properties.

// The module is declared under `cfg(test)` already; the attribute below repeats it so that
// the float-function scanner of `tests/determinism.rs`, which reads a source file up to its
// first `#[cfg(test)]` line, sees that everything from here on is test code (which may
// call `sin`, `cos`, `powi`, `hypot` for its inputs).
#[cfg(test)]
use super::*;
use crate::num::{Num, Scalar};

use crate::test_rng::Rng;

/// Grid coordinates for test inputs.
trait Grid {
    /// A coordinate in `[-4, 4)` on a grid of 1/8, so that ties and touching
    /// contacts (the edge cases of the region selection) come up often.
    fn coord(&mut self) -> f64;
}

impl Grid for Rng {
    fn coord(&mut self) -> f64 {
        (self.next() % 64) as f64 / 8.0 - 4.0
    }
}

/// Points, radii and segments for one run: on a grid of 1/8 (ties and touching
/// contacts, exactly representable) or continuous and placed within a few ulps of
/// the boundary (the filter's uncertain band, and both sides of it).
struct Inputs {
    points: [[f64; 2]; 2000],
    radii: [f64; 2000],
    segments: [([f64; 2], [f64; 2], f64); 40],
}

fn grid_inputs() -> Inputs {
    let mut rng = Rng(7);
    let points = core::array::from_fn(|_| [rng.coord(), rng.coord()]);
    let radii = core::array::from_fn(|_| rng.coord() / 2.0);
    let segments = core::array::from_fn(|_| {
        (
            [rng.coord(), rng.coord()],
            [rng.coord(), rng.coord()],
            rng.coord().abs() / 2.0,
        )
    });
    Inputs {
        points,
        radii,
        segments,
    }
}

/// Continuous inputs around one segment family: each point sits at distance
/// `r (1 + δ)` from the segment `(-3, -1) → (2.5, 1.75)` (or from one of its ends),
/// with `δ` a few ulps of f32 or f64 either way, so that the single query's exact
/// predicate and the batch filter are tested where they are hardest.
fn boundary_inputs() -> Inputs {
    let mut rng = Rng(17);
    let mut unit = move || rng.unit();
    let (a, b) = ([-3.0, -1.0], [2.5, 1.75]);
    let (vx, vy) = (b[0] - a[0], b[1] - a[1]);
    let length = f64::hypot(vx, vy);
    let (nx, ny) = (-vy / length, vx / length);
    let deltas = [
        0.0, 1e-16, -1e-16, 3e-16, -3e-16, 1e-7, -1e-7, 2e-7, -2e-7, 1e-3, -1e-3,
    ];
    let mut radii = [0.0; 2000];
    let points = core::array::from_fn(|i| {
        let radius = 0.25 + 2.0 * unit();
        let delta = deltas[i % deltas.len()];
        let t = 1.4 * unit() - 0.2;
        let side = if unit() < 0.5 { 1.0 } else { -1.0 };
        let reach = radius * (1.0 + delta);
        radii[i] = radius;
        if !(0.0..=1.0).contains(&t) {
            let angle = core::f64::consts::TAU * unit();
            let end = if t < 0.0 { a } else { b };
            [end[0] + reach * angle.cos(), end[1] + reach * angle.sin()]
        } else {
            [
                a[0] + t * vx + side * reach * nx,
                a[1] + t * vy + side * reach * ny,
            ]
        }
    });
    let segments = core::array::from_fn(|i| match i % 4 {
        0 => (a, b, 0.0),
        1 => (b, a, 0.0),
        2 => (a, b, 0.0), // radius 0, circles carry it all
        _ => (a, a, 0.0), // zero-length
    });
    Inputs {
        points,
        radii,
        segments,
    }
}

/// Checks every batch function against the single queries, for one scalar type.
fn agrees_with_single_queries<T: Scalar>(inputs: &Inputs, convert: impl Fn(f64) -> T) {
    let count = 2000;
    let points: [[T; 2]; 2000] = core::array::from_fn(|i| inputs.points[i].map(&convert));
    let radii: [T; 2000] = core::array::from_fn(|i| convert(inputs.radii[i]));
    for &(a, b, r) in &inputs.segments {
        let (a, b) = (a.map(&convert), b.map(&convert));
        let segment = Segment::new(a, b);
        let capsule = Capsule::new(a, b, convert(r));

        let mut flags = [false; 2000];
        assert_eq!(points_in_capsule(&points, &capsule, &mut flags), count);
        for (p, f) in points.iter().zip(&flags) {
            assert_eq!(*f, capsule.contains_point(*p), "{p:?} in {capsule:?}");
        }
        circles_intersect_segment(&points, &radii, &segment, &mut flags);
        for ((c, r), f) in points.iter().zip(&radii).zip(&flags) {
            assert_eq!(*f, Circle::new(*c, *r).intersects(&segment), "{c:?} {r:?}");
        }
        circles_intersect_capsule(&points, &radii, &capsule, &mut flags);
        for ((c, r), f) in points.iter().zip(&radii).zip(&flags) {
            assert_eq!(*f, Circle::new(*c, *r).intersects(&capsule), "{c:?} {r:?}");
        }
        let mut closest = [[T::ZERO; 2]; 2000];
        closest_points_on_segment(&points, &segment, &mut closest);
        for (p, q) in points.iter().zip(&closest) {
            assert_eq!(*q, segment.project_point(*p));
        }
        let mut distance_sq = [T::ZERO; 2000];
        distances_squared_to_segment(&points, &segment, &mut distance_sq);
        for (p, d) in points.iter().zip(&distance_sq) {
            assert_eq!(*d, p.sub(segment.project_point(*p)).length_squared());
        }
        let mut contacts = [None; 2000];
        circles_contact_capsule(&points, &radii, &capsule, &mut contacts);
        for ((c, r), contact) in points.iter().zip(&radii).zip(&contacts) {
            assert_eq!(*contact, Circle::new(*c, *r).contact(&capsule));
        }
    }

    // Pairwise.
    let circles: [Circle<[T; 2]>; 1000] =
        core::array::from_fn(|i| Circle::new(points[2 * i], radii[2 * i]));
    let others: [Circle<[T; 2]>; 1000] =
        core::array::from_fn(|i| Circle::new(points[2 * i + 1], radii[2 * i + 1]));
    let capsules: [Capsule<[T; 2]>; 1000] = core::array::from_fn(|i| {
        let (a, b, r) = inputs.segments[i % 40];
        Capsule::new(a.map(&convert), b.map(&convert), convert(r))
    });
    let capsules2: [Capsule<[T; 2]>; 1000] = core::array::from_fn(|i| {
        Capsule::new(points[(5 * i) % 2000], points[(7 * i + 3) % 2000], radii[i])
    });
    let mut flags = [false; 1000];
    assert_eq!(
        circles_intersect_circles(&circles, &others, &mut flags),
        1000
    );
    for ((x, y), f) in circles.iter().zip(&others).zip(&flags) {
        assert_eq!(*f, x.intersects(y));
    }
    circles_intersect_capsules(&circles, &capsules, &mut flags);
    for ((x, y), f) in circles.iter().zip(&capsules).zip(&flags) {
        assert_eq!(*f, x.intersects(y));
    }
    capsules_intersect_capsules(&capsules, &capsules2, &mut flags);
    for ((x, y), f) in capsules.iter().zip(&capsules2).zip(&flags) {
        assert_eq!(*f, x.intersects(y));
    }
    let mut contacts = [None; 1000];
    capsules_contact_capsules(&capsules, &capsules2, &mut contacts);
    for ((x, y), c) in capsules.iter().zip(&capsules2).zip(&contacts) {
        assert_eq!(*c, x.contact(y));
    }
}

/// Runs both input sets; returns nothing, panics on the first disagreement.
fn agrees_everywhere<T: Scalar>(convert: impl Fn(f64) -> T + Copy) {
    agrees_with_single_queries(&grid_inputs(), convert);
    agrees_with_single_queries(&boundary_inputs(), convert);
}

#[test]
fn batches_agree_with_single_queries_f32() {
    agrees_everywhere(|x| x as f32);
}

#[test]
fn batches_agree_with_single_queries_f64() {
    agrees_everywhere(|x| x);
}

#[cfg(feature = "fixed")]
#[test]
fn batches_agree_with_single_queries_fixed() {
    agrees_everywhere(fixed::types::I32F32::from_num);
    agrees_everywhere(fixed::types::I16F16::from_num);
}

#[test]
fn non_finite_input_agrees_too() {
    let specials = [
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        0.0,
        -0.0,
        1.0,
        f64::MAX,
    ];
    let mut points = [[0.0; 2]; 49];
    for (i, p) in points.iter_mut().enumerate() {
        *p = [specials[i % 7], specials[i / 7]];
    }
    for &a in &points {
        for &b in &points[..7] {
            for &r in &specials {
                let capsule = Capsule::new(a, b, r);
                let mut flags = [false; 49];
                let radii = [r; 49];
                points_in_capsule(&points, &capsule, &mut flags);
                for (p, f) in points.iter().zip(&flags) {
                    assert_eq!(*f, capsule.contains_point(*p));
                }
                circles_intersect_capsule(&points, &radii, &capsule, &mut flags);
                for (c, f) in points.iter().zip(&flags) {
                    assert_eq!(*f, Circle::new(*c, r).intersects(&capsule));
                }
                let mut closest = [[0.0; 2]; 49];
                closest_points_on_segment(&points, &capsule.segment(), &mut closest);
                for (p, q) in points.iter().zip(&closest) {
                    let expected = capsule.segment().project_point(*p);
                    assert!(
                        q.iter()
                            .zip(&expected)
                            .all(|(x, y)| x == y || (x.is_nan() && y.is_nan())),
                        "{p:?} on {capsule:?}: {q:?} vs {expected:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn mismatched_lengths_process_the_common_prefix() {
    let capsule = Capsule::new([0.0, 0.0], [4.0, 0.0], 1.0);
    let centers = [[1.0, 0.0]; 5];
    let mut out = [false; 8];
    assert_eq!(
        circles_intersect_capsule(&centers, &[1.0; 3], &capsule, &mut out),
        3
    );
    assert_eq!(out, [true, true, true, false, false, false, false, false]);
    assert_eq!(
        circles_intersect_capsule(&centers, &[1.0; 9], &capsule, &mut out[..2]),
        2
    );
    assert_eq!(points_in_capsule(&[] as &[[f64; 2]], &capsule, &mut out), 0);
    let mut closest: [[f64; 2]; 0] = [];
    assert_eq!(
        closest_points_on_segment(&centers, &capsule.segment(), &mut closest),
        0
    );
}

#[cfg(feature = "rayon")]
#[test]
fn parallel_twins_agree_and_keep_the_prefix_rule() {
    extern crate std;
    use std::vec;
    use std::vec::Vec;

    let mut rng = Rng(3);
    let n = 3 * PAR_CHUNK + 17;
    let centers: Vec<[f32; 2]> = (0..n)
        .map(|_| [rng.coord() as f32, rng.coord() as f32])
        .collect();
    let radii: Vec<f32> = (0..n - 5).map(|_| rng.coord() as f32 / 2.0).collect();
    let capsule = Capsule::new([-1.0, 0.5], [2.0, -0.25], 0.75);
    let mut sequential = vec![false; n];
    let mut parallel = vec![false; n];
    let count = circles_intersect_capsule(&centers, &radii, &capsule, &mut sequential);
    assert_eq!(count, n - 5);
    assert_eq!(
        par_circles_intersect_capsule(&centers, &radii, &capsule, &mut parallel),
        count
    );
    assert_eq!(sequential, parallel);
    assert_eq!(
        par_points_in_capsule(&centers, &capsule, &mut parallel[..10]),
        10
    );
}

mod filter_tests {
    use super::*;
    use crate::batch::filter::{Prepared, tolerance};

    /// The fast pass must decide almost every ordinary input itself, and leave the ones
    /// within a few ulps of touching to the exact single query.
    #[test]
    fn the_filter_decides_ordinary_inputs_and_defers_touching_ones() {
        let tol = tolerance::<f32>().unwrap();
        assert_eq!(tol.limit, 8_388_608.0);
        assert_eq!(tol.factor, 32.0 * f32::EPSILON);
        assert!(tolerance::<f64>().is_some());
        let segment = Prepared::new([-3.0_f32, -1.0], [2.5, 1.75], &tol);
        let mut certain = 0;
        for i in 0..1000 {
            let p = [(i % 37) as f32 * 0.31 - 5.0, (i % 23) as f32 * 0.47 - 5.0];
            certain += usize::from(segment.within(p, 0.7, 0.1, &tol).1);
        }
        assert!(certain >= 990, "{certain}");
        // Exactly touching, at an end and in the interior: deferred.
        assert!(!segment.within([-3.0, -2.0], 1.0, 0.0, &tol).1);
        assert!(!segment.within([0.0, 0.5], 0.0, 0.0, &tol).1);
        // Out of range: deferred.
        assert!(!segment.within([1e8, 0.0], 1.0, 0.0, &tol).1);
        // An empty circle needs no exact arithmetic.
        assert_eq!(segment.within([0.0, 0.5], -1.0, 0.0, &tol), (false, true));
    }

    /// `r` moved by `steps` relative steps of `f64::EPSILON` (at least `1e-30`), up or
    /// down: a few ulps of `f32` or `f64` either side of a boundary, or exactly on it.
    fn nudged<T: Scalar>(mut r: T, steps: i32, convert: impl Fn(f64) -> T) -> T {
        for _ in 0..steps.unsigned_abs() {
            let nudge = r.mul(convert(f64::EPSILON)).max(convert(1e-30));
            r = if steps > 0 {
                r.add(nudge)
            } else {
                r.sub(nudge)
            };
        }
        r
    }

    /// The filter's error bound at many scales and segment shapes: circles whose radius
    /// is the (rounded) distance to the capsule core moved by a few ulps, for long, short
    /// and steep segments, with coordinates from `2^-20` to `2^20`. Every batch answer must
    /// equal the exact single query's.
    fn near_boundary_agrees<T: Scalar>(convert: impl Fn(f64) -> T) {
        let mut rng = Rng(99);
        let mut unit = move || rng.unit();
        const N: usize = 512;
        for round in 0..24 {
            let scale = 2.0_f64.powi(round - 12 - (round % 3) * 3);
            let a = [(unit() - 0.5) * scale, (unit() - 0.5) * scale];
            let stretch = [1e-4, 1.0, 40.0][round as usize % 3];
            let angle = core::f64::consts::TAU * unit();
            let b = [
                a[0] + stretch * scale * angle.cos(),
                a[1] + stretch * scale * angle.sin(),
            ];
            let capsule_radius = 0.25 * scale * unit();
            let capsule = Capsule::new(a.map(&convert), b.map(&convert), convert(capsule_radius));
            let (mut centers, mut radii) = ([[T::ZERO; 2]; N], [T::ZERO; N]);
            for i in 0..N {
                let p = [
                    a[0] + (unit() - 0.3) * (b[0] - a[0]) * 1.6 + (unit() - 0.5) * scale,
                    a[1] + (unit() - 0.3) * (b[1] - a[1]) * 1.6 + (unit() - 0.5) * scale,
                ];
                centers[i] = p.map(&convert);
                let core = Segment::new(capsule.a, capsule.b);
                // The distance in T, then a few ulps either way (or exactly it).
                let d = core.distance(&centers[i]).sub(capsule.radius).max(T::ZERO);
                radii[i] = nudged(d, (i % 7) as i32 - 3, &convert).max(T::ZERO);
            }
            let mut got = [false; N];
            circles_intersect_capsule(&centers, &radii, &capsule, &mut got);
            for i in 0..N {
                let single = Circle::new(centers[i], radii[i]).intersects(&capsule);
                assert_eq!(got[i], single, "round {round}, case {i}");
            }
        }
    }

    #[test]
    fn near_boundary_agrees_at_every_scale() {
        near_boundary_agrees(|x| x as f32);
        near_boundary_agrees(|x| x);
    }

    /// The closest points and squared distances at every scale: `2^-40 … 2^38`, and from
    /// near the smallest to near the largest power of two of the type (where the single
    /// query rescales, and the batch must leave the points to it), for long, short and
    /// steep segments,
    /// with points in every region, near the segment's line, and (every third round, on
    /// a grid where it is exact) on the segment itself: bit for bit the single query's.
    fn closest_points_agree<T: Scalar>(convert: impl Fn(f64) -> T, max_exp: i32) {
        let mut rng = Rng(23);
        let mut unit = move || rng.unit();
        const N: usize = 600;
        for round in 0..54 {
            let exponent = if round < 27 {
                round * 3 - 40
            } else {
                -max_exp + (round - 27) * 2 * max_exp / 26
            };
            let scale = 2.0_f64.powi(exponent);
            // On a grid of `scale / 1024`: `a`, `b = a + m·step`, and the points `a + k·step`
            // on the segment are exact in `f32` (at most 12 significant bits).
            let grid = |u: f64, n: f64| ((u * n).floor() - n / 2.0) * scale / 1024.0;
            let on_grid = round % 3 == 1;
            let (a, b, step, m) = if on_grid {
                let a = [grid(unit(), 2048.0), grid(unit(), 2048.0)];
                let step = [grid(unit(), 80.0), grid(unit(), 80.0)];
                let m = [3.0, 5.0, 7.0, 11.0, 13.0][(unit() * 5.0) as usize];
                let b = [a[0] + m * step[0], a[1] + m * step[1]];
                (a, b, step, m)
            } else {
                let a = [(unit() - 0.5) * scale, (unit() - 0.5) * scale];
                let stretch = [1e-6, 1.0, 300.0][round as usize % 3];
                let angle = core::f64::consts::TAU * unit();
                let b = [
                    a[0] + stretch * scale * angle.cos(),
                    a[1] + stretch * scale * angle.sin(),
                ];
                (a, b, [0.0; 2], 0.0)
            };
            let length = f64::hypot(b[0] - a[0], b[1] - a[1]).max(f64::MIN_POSITIVE);
            let normal = [(a[1] - b[1]) / length, (b[0] - a[0]) / length];
            let segment = Segment::new(a.map(&convert), b.map(&convert));
            let points: [[T; 2]; N] = core::array::from_fn(|i| {
                if on_grid && i % 4 == 0 {
                    let k = (unit() * (m + 1.0)).floor();
                    return [a[0] + k * step[0], a[1] + k * step[1]].map(&convert);
                }
                let t = 1.6 * unit() - 0.3;
                let off = match i % 4 {
                    0 => 0.0,
                    1 => unit() * 1e-7,
                    _ => unit() - 0.5,
                } * scale;
                [
                    a[0] + t * (b[0] - a[0]) + off * normal[0],
                    a[1] + t * (b[1] - a[1]) + off * normal[1],
                ]
                .map(&convert)
            });
            let mut closest = [[T::ZERO; 2]; N];
            let mut distance_sq = [T::ZERO; N];
            closest_points_on_segment(&points, &segment, &mut closest);
            distances_squared_to_segment(&points, &segment, &mut distance_sq);
            for (i, p) in points.iter().enumerate() {
                let q = segment.project_point(*p);
                assert_eq!(closest[i], q, "round {round}, point {i}");
                assert_eq!(distance_sq[i], p.sub(q).length_squared(), "round {round}");
            }
        }
    }

    #[test]
    fn closest_points_agree_at_every_scale() {
        closest_points_agree(|x| x as f32, 110);
        closest_points_agree(|x| x, 1000);
    }

    /// The pairwise circle–circle kernel's bound: pairs whose radii add up to their
    /// distance within a few ulps, at scales `2^-40 … 2^20` (the radius split unevenly
    /// between the two circles, so that its sum rounds), against the exact single query.
    /// The kernel must leave them to it; it fails with the bound's factor at zero.
    fn circle_pairs_near_touching_agree<T: Scalar>(convert: impl Fn(f64) -> T) {
        let mut rng = Rng(7);
        let mut unit = move || rng.unit();
        const N: usize = 600;
        for round in 0..20 {
            let scale = 2.0_f64.powi(round * 3 - 40);
            let xs: [Circle<[T; 2]>; N] = core::array::from_fn(|_| {
                Circle::new([unit() * scale, unit() * scale].map(&convert), T::ZERO)
            });
            let mut ys = [Circle::new([T::ZERO; 2], T::ZERO); N];
            for (i, (x, y)) in xs.iter().zip(ys.iter_mut()).enumerate() {
                let c = [unit() * scale, unit() * scale].map(&convert);
                let d = Segment::new(x.center, x.center).distance(&c);
                let r = nudged(d, (i % 7) as i32 - 3, &convert);
                let share = convert(unit());
                *y = Circle::new(c, r.mul(share));
            }
            // x's radius is the rest of r, so the sum is r up to rounding.
            let xs: [Circle<[T; 2]>; N] = core::array::from_fn(|i| {
                let total = Segment::new(xs[i].center, xs[i].center).distance(&ys[i].center);
                let r = total.sub(ys[i].radius).max(T::ZERO);
                Circle::new(xs[i].center, r)
            });
            let mut got = [false; N];
            circles_intersect_circles(&xs, &ys, &mut got);
            for i in 0..N {
                assert_eq!(got[i], xs[i].intersects(&ys[i]), "round {round}, pair {i}");
            }
        }
        // Ordinary pairs are decided by the kernel itself.
        let tol = tolerance::<T>().unwrap();
        let mut certain = 0;
        for i in 0..1000 {
            let p = [
                convert(f64::from(i % 37) * 0.31),
                convert(f64::from(i % 23) * 0.47),
            ];
            certain += usize::from(
                tol.point_within(p, [T::ZERO; 2], convert(2.0), convert(1.5))
                    .1,
            );
        }
        assert!(certain >= 990, "{certain}");
    }

    #[test]
    fn circle_pairs_near_touching_agree_at_every_scale() {
        circle_pairs_near_touching_agree(|x| x as f32);
        circle_pairs_near_touching_agree(|x| x);
    }

    #[cfg(feature = "fixed")]
    #[test]
    fn fixed_point_goes_straight_to_the_single_queries() {
        assert!(tolerance::<fixed::types::I32F32>().is_none());
        assert!(tolerance::<fixed::types::I16F16>().is_none());
    }
}
