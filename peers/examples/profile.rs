//! One workload at a time, for a profiler: runs the named workload over the benchmark's
//! inputs `rounds` times and prints a checksum.
//!
//! ```sh
//! cargo build --release -p capsule2d-bench --example profile
//! valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out \
//!     target/release/examples/profile contact_f32 200
//! callgrind_annotate --inclusive=yes /tmp/cg.out | head -40
//! ```
//!
//! Instruction counts from callgrind do not depend on what else the machine runs, which
//! makes them the reliable measure on a shared machine. Workloads: see `main`.

use std::hint::black_box;

use capsule2d::{
    Capsule, CastOptions, Circle, Pose, PoseMotion, Ray, Rotation, Scalar, Segment, Shape,
    ToiOptions, batch, time_of_impact,
};
use capsule2d_bench::baseline;
use capsule2d_bench::inputs::{Rng, cast_cases, pair_cases, point_cases};
use fixed::types::I32F32;

type PointInputs<S> = Vec<(Segment<[S; 2]>, Circle<[S; 2]>)>;
type PairInputs<S> = Vec<(Capsule<[S; 2]>, Capsule<[S; 2]>)>;

fn point_inputs<S: Scalar>(f: impl Fn(f64) -> S) -> PointInputs<S> {
    point_cases()
        .iter()
        .map(|c| {
            (
                Segment::new(c.a.map(&f), c.b.map(&f)),
                Circle::new(c.p.map(&f), f(c.r)),
            )
        })
        .collect()
}

fn pair_inputs<S: Scalar>(f: impl Fn(f64) -> S) -> PairInputs<S> {
    pair_cases()
        .iter()
        .map(|c| {
            (
                Capsule::new(c.a1.map(&f), c.b1.map(&f), f(c.r1)),
                Capsule::new(c.a2.map(&f), c.b2.map(&f), f(c.r2)),
            )
        })
        .collect()
}

/// Runs `query` over `inputs`, `rounds` times; returns how many answers were "true".
fn each<T, R>(
    inputs: &[T],
    rounds: usize,
    query: impl Fn(&T) -> R,
    truthy: impl Fn(&R) -> bool,
) -> usize {
    let mut count = 0;
    for _ in 0..rounds {
        for input in black_box(inputs) {
            count += usize::from(truthy(&black_box(query(black_box(input)))));
        }
    }
    count
}

fn queries<S: Scalar>(name: &str, rounds: usize, f: impl Fn(f64) -> S + Copy) -> Option<usize> {
    let points = point_inputs(f);
    let pairs = pair_inputs(f);
    let some = |c: &Option<capsule2d::Contact<[S; 2]>>| c.is_some();
    Some(match name {
        "closest" => each(
            &points,
            rounds,
            |(s, c)| s.project_point(c.center),
            |_| true,
        ),
        "intersects" => each(&points, rounds, |(s, c)| c.intersects(s), |&b| b),
        "naive" => each(
            &points,
            rounds,
            |(s, c)| baseline::naive_intersects(s.a, s.b, c.center, c.radius),
            |&b| b,
        ),
        "contact" => each(&points, rounds, |(s, c)| c.contact(s), some),
        "segment_distance" => each(
            &pairs,
            rounds,
            |(x, y)| {
                // The squared distance of the cores' closest points, as the old
                // `distance_squared_to_segment` computed it.
                let c = x.segment().closest_points(&y.segment());
                let (dx, dy) = (
                    S::minus(c.on_self[0], c.on_other[0]),
                    S::minus(c.on_self[1], c.on_other[1]),
                );
                S::plus(S::times(dx, dx), S::times(dy, dy))
            },
            |d| *d > S::ZERO,
        ),
        "capsule_distance" => each(
            &pairs,
            rounds,
            |(x, y)| {
                // As the benchmark: the cores' distance less the radii.
                let d = S::minus(x.segment().distance(&y.segment()), x.radius);
                S::minus(d, y.radius)
            },
            |d| *d > S::ZERO,
        ),
        "capsule_intersects" => each(&pairs, rounds, |(x, y)| x.intersects(y), |&b| b),
        "capsule_contact" => each(&pairs, rounds, |(x, y)| x.contact(y), some),
        "manifold" | "manifold_two" => {
            // The benchmark's margin: Box2D's speculative distance. `manifold_two` counts
            // the two-point manifolds, `manifold` all of them.
            let margin = f(0.02);
            let two = name == "manifold_two";
            each(
                &pairs,
                rounds,
                |(x, y)| x.manifold(y, margin),
                |m| m.is_some_and(|m| !two || m.points().len() == 2),
            )
        }
        "ray" | "sweep" => {
            let casts: Vec<_> = cast_cases()
                .iter()
                .map(|c| {
                    let capsule = Capsule::new(c.a.map(&f), c.b.map(&f), f(c.r));
                    (c.origin.map(&f), c.motion.map(&f), f(c.radius), capsule)
                })
                .collect();
            if name == "ray" {
                each(
                    &casts,
                    rounds,
                    |(o, m, _, cap)| Ray::new(*o, *m).cast(cap, S::ONE),
                    Option::is_some,
                )
            } else {
                each(
                    &casts,
                    rounds,
                    |(o, m, r, cap)| Circle::new(*o, *r).sweep(cap, *m),
                    Option::is_some,
                )
            }
        }
        "cast" => {
            // As the benchmark's `capsule_cast`: a stick moving against a capsule.
            let casts: Vec<_> = cast_cases()
                .iter()
                .map(|c| {
                    let end = [c.origin[0] + 0.5, c.origin[1] + 0.25];
                    let stick = Capsule::new(c.origin.map(&f), end.map(&f), f(c.radius));
                    let capsule = Capsule::new(c.a.map(&f), c.b.map(&f), f(c.r));
                    (stick, c.motion.map(&f), capsule)
                })
                .collect();
            each(
                &casts,
                rounds,
                |(stick, motion, capsule)| stick.cast(capsule, *motion, CastOptions::default()),
                Option::is_some,
            )
        }
        "toi" => {
            // As the benchmark's `capsule_toi`: a stick flying and turning at a capsule.
            let tois: Vec<_> = cast_cases()
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let turn = ((i * 37) % 101) as f64 / 100.0 - 0.5;
                    let rotation = |r: [f64; 2]| Rotation::new(f(r[0]), f(r[1]));
                    let stick = Capsule::new([f(0.0), f(0.0)], [f(0.5), f(0.25)], f(c.radius));
                    let end_at = [c.origin[0] + c.motion[0], c.origin[1] + c.motion[1]];
                    let flight = PoseMotion::new(
                        Pose::new(rotation([1.0, 0.0]), c.origin.map(&f)),
                        Pose::new(rotation([turn.cos(), turn.sin()]), end_at.map(&f)),
                    );
                    let capsule = Capsule::new(c.a.map(&f), c.b.map(&f), f(c.r));
                    (stick, flight, capsule)
                })
                .collect();
            let still = PoseMotion::still(Pose::identity());
            let options = ToiOptions::new(f(0.005), f(0.00125));
            each(
                &tois,
                rounds,
                |(stick, flight, capsule)| time_of_impact(stick, flight, capsule, &still, &options),
                |_| true,
            )
        }
        _ => return None,
    })
}

fn batch<S: Scalar>(rounds: usize, f: impl Fn(f64) -> S) -> usize {
    let mut rng = Rng::new(4);
    let n = 1 << 16;
    let centers: Vec<[S; 2]> = (0..n).map(|_| rng.point().map(&f)).collect();
    let radii: Vec<S> = (0..n).map(|_| f(rng.uniform(0.1, 1.1))).collect();
    let capsule = Capsule::new([f(-3.0), f(-1.0)], [f(2.5), f(1.75)], f(0.5));
    let mut hits = vec![false; n];
    let mut count = 0;
    for _ in 0..rounds {
        batch::circles_intersect_capsule(
            black_box(&centers),
            black_box(&radii),
            &capsule,
            &mut hits,
        );
        count += hits.iter().filter(|&&h| h).count();
    }
    count
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let name = args.get(1).map_or("contact_f32", String::as_str);
    let rounds = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(100);
    let (query, ty) = name.rsplit_once('_').unwrap_or((name, "f32"));
    let count = match (query, ty) {
        ("batch", "f32") => Some(batch(rounds, |x| x as f32)),
        ("batch", "f64") => Some(batch(rounds, |x| x)),
        ("batch", "i32f32") => Some(batch(rounds, I32F32::from_num)),
        ("baseline", "closest") => {
            let points = point_inputs(|x| x as f32);
            Some(each(
                &points,
                rounds,
                |(s, c)| baseline::closest_point(s.a, s.b, c.center),
                |_| true,
            ))
        }
        ("baseline", "contact") => {
            let points = point_inputs(|x| x as f32);
            Some(each(
                &points,
                rounds,
                |(s, c)| baseline::contact(s.a, s.b, c.center, c.radius),
                Option::is_some,
            ))
        }
        ("same", "closest") => {
            let points = point_inputs(|x| x as f32);
            Some(each(
                &points,
                rounds,
                |(s, c)| baseline::same::closest_point(s.a, s.b, c.center),
                |_| true,
            ))
        }
        ("same", "contact") => {
            let points = point_inputs(|x| x as f32);
            Some(each(
                &points,
                rounds,
                |(s, c)| baseline::same::contact(s.a, s.b, c.center, c.radius),
                Option::is_some,
            ))
        }
        (q, "f32") => queries(q, rounds, |x| x as f32),
        (q, "f64") => queries(q, rounds, |x| x),
        (q, "i32f32") => queries(q, rounds, I32F32::from_num),
        _ => None,
    };
    match count {
        Some(count) => println!("{name}: {count}"),
        None => {
            eprintln!(
                "unknown workload {name}: <closest|intersects|naive|contact|segment_distance|capsule_intersects|\
                 capsule_distance|capsule_contact|manifold|manifold_two|ray|sweep|cast|toi>_<f32|f64|i32f32>, batch_<f32|f64|i32f32>, baseline_closest, baseline_contact, \
                 same_closest, same_contact"
            );
            std::process::exit(2);
        }
    }
}
