//! capsule2d against parry2d (f32 and f64), Box2D v3 and two hand-written f32 baselines,
//! query by query, in one run; then the table of `docs/benchmarks.md`.
//!
//! Each benchmark walks [`queries()`] pre-generated inputs (fixed seeds, see
//! `src/inputs.rs`; 1024 unless `CAPSULE2D_BENCH_QUERIES` says otherwise), each passed through `black_box` and each answer into `black_box`,
//! so the figure per query is criterion's time per iteration divided by [`queries()`].
//! Function ids are `<library>_<scalar>`; the groups are the rows of the table.
//!
//! ```sh
//! cargo bench -p capsule2d-bench --bench peers -- --warm-up-time 1 --measurement-time 2
//! ```

use std::hint::black_box;

use capsule2d::{
    Capsule, CastOptions, Circle, Pose, PoseMotion, Ray, Rotation, Scalar, Segment, Shape,
    ToiOptions, time_of_impact,
};
use capsule2d_bench::inputs::{CastCase, PairCase, PointCase, cast_cases, pair_cases, point_cases};
use capsule2d_bench::{baseline, box2d, queries, report};
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput};
use fixed::types::I32F32;

type Group<'a> = BenchmarkGroup<'a, WallTime>;

/// Benchmarks `query` over every input, as function `id` of `group`.
fn run<T, R>(group: &mut Group<'_>, id: &str, inputs: &[T], query: impl Fn(&T) -> R) {
    group.bench_function(id, |b| {
        b.iter(|| {
            for input in black_box(inputs) {
                black_box(query(black_box(input)));
            }
        });
    });
}

/// The three scalar types capsule2d is measured with, and their function-id suffixes.
trait Bench: Scalar {
    const ID: &'static str;
    fn from_f64(x: f64) -> Self;
    fn point(p: [f64; 2]) -> [Self; 2] {
        p.map(Self::from_f64)
    }
}

impl Bench for f32 {
    const ID: &'static str = "f32";
    fn from_f64(x: f64) -> Self {
        x as f32
    }
}

impl Bench for f64 {
    const ID: &'static str = "f64";
    fn from_f64(x: f64) -> Self {
        x
    }
}

impl Bench for I32F32 {
    const ID: &'static str = "i32f32";
    fn from_f64(x: f64) -> Self {
        I32F32::from_num(x)
    }
}

/// Radius of the capsule in the circle–capsule contact.
const CAPSULE_RADIUS: f64 = 0.5;

fn segment_of<S: Bench>(c: &PointCase) -> Segment<[S; 2]> {
    Segment::new(S::point(c.a), S::point(c.b))
}

fn circle_of<S: Bench>(c: &PointCase) -> Circle<[S; 2]> {
    Circle::new(S::point(c.p), S::from_f64(c.r))
}

fn capsules_of<S: Bench>(c: &PairCase) -> (Capsule<[S; 2]>, Capsule<[S; 2]>) {
    (
        Capsule::new(S::point(c.a1), S::point(c.b1), S::from_f64(c.r1)),
        Capsule::new(S::point(c.a2), S::point(c.b2), S::from_f64(c.r2)),
    )
}

fn capsule2d_queries<S: Bench>(
    c: &mut Criterion,
    points: &[PointCase],
    pairs: &[PairCase],
    casts: &[CastCase],
) {
    let id = format!("capsule2d_{}", S::ID);
    let segment_point: Vec<_> = points
        .iter()
        .map(|c| (segment_of::<S>(c), S::point(c.p)))
        .collect();
    let circle_segment: Vec<_> = points
        .iter()
        .map(|c| (circle_of::<S>(c), segment_of::<S>(c)))
        .collect();
    let circle_capsule: Vec<_> = points
        .iter()
        .map(|c| {
            let capsule = Capsule::new(S::point(c.a), S::point(c.b), S::from_f64(CAPSULE_RADIUS));
            (circle_of::<S>(c), capsule)
        })
        .collect();
    let capsules: Vec<_> = pairs.iter().map(capsules_of::<S>).collect();

    run(
        &mut group(c, "closest_point"),
        &id,
        &segment_point,
        |(s, p)| s.project_point(*p),
    );
    let mut g = group(c, "circle_segment_intersects");
    run(&mut g, &id, &circle_segment, |(circle, s)| {
        circle.intersects(s)
    });
    run(
        &mut g,
        &format!("naive_{}", S::ID),
        &circle_segment,
        |(circle, s)| baseline::naive_intersects(s.a, s.b, circle.center, circle.radius),
    );
    drop(g);
    run(
        &mut group(c, "circle_segment_contact"),
        &id,
        &circle_segment,
        |(circle, s)| circle.contact(s),
    );
    run(
        &mut group(c, "circle_capsule_contact"),
        &id,
        &circle_capsule,
        |(circle, capsule)| circle.contact(capsule),
    );
    run(
        &mut group(c, "segment_distance"),
        &id,
        &capsules,
        |(x, y)| {
            // The squared distance of the cores' closest points (the old
            // `distance_squared_to_segment`, computed the same way).
            let c = x.segment().closest_points(&y.segment());
            length_squared(c.on_self, c.on_other)
        },
    );
    run(
        &mut group(c, "capsule_intersects"),
        &id,
        &capsules,
        |(x, y)| x.intersects(y),
    );
    run(
        &mut group(c, "capsule_distance"),
        &id,
        &capsules,
        |(x, y)| {
            // Capsule–capsule distance: the cores' distance less the radii, zero on overlap.
            let d = S::minus(
                S::minus(x.segment().distance(&y.segment()), x.radius),
                y.radius,
            );
            if S::ZERO > d { S::ZERO } else { d }
        },
    );
    run(
        &mut group(c, "capsule_contact"),
        &id,
        &capsules,
        |(x, y)| x.contact(y),
    );
    // Box2D's speculative distance (`B2_SPECULATIVE_DISTANCE`, 4 × 0.005 m), the margin
    // its `b2CollideCapsules` keeps points within.
    let margin = S::from_f64(0.02);
    run(
        &mut group(c, "capsule_manifold"),
        &id,
        &capsules,
        |(x, y)| x.manifold(y, margin),
    );
    let rays: Vec<_> = casts
        .iter()
        .map(|c| {
            let capsule = Capsule::new(S::point(c.a), S::point(c.b), S::from_f64(c.r));
            (Ray::new(S::point(c.origin), S::point(c.motion)), capsule)
        })
        .collect();
    let sweeps: Vec<_> = casts
        .iter()
        .map(|c| {
            let capsule = Capsule::new(S::point(c.a), S::point(c.b), S::from_f64(c.r));
            (
                Circle::new(S::point(c.origin), S::from_f64(c.radius)),
                S::point(c.motion),
                capsule,
            )
        })
        .collect();
    run(
        &mut group(c, "ray_capsule"),
        &id,
        &rays,
        |(ray, capsule)| ray.cast(capsule, S::ONE),
    );
    run(
        &mut group(c, "sweep_circle_capsule"),
        &id,
        &sweeps,
        |(circle, motion, capsule)| circle.sweep(capsule, *motion),
    );
    // A capsule moving against a capsule (b2ShapeCast's job): the cast's stick, 0.5 by
    // 0.25 from the circle's centre, with the circle's radius.
    let capsule_casts: Vec<_> = casts
        .iter()
        .map(|c| {
            let stick = Capsule::new(
                S::point(c.origin),
                S::point(stick_end(c.origin)),
                S::from_f64(c.radius),
            );
            let capsule = Capsule::new(S::point(c.a), S::point(c.b), S::from_f64(c.r));
            (stick, S::point(c.motion), capsule)
        })
        .collect();
    run(
        &mut group(c, "capsule_cast"),
        &id,
        &capsule_casts,
        |(stick, motion, capsule)| stick.cast(capsule, *motion, CastOptions::default()),
    );
    // The same stick turning (up to 0.5 rad each way) while it moves: time of impact
    // with rotation (b2TimeOfImpact's job), target 0.005 (Box2D's linear slop) within a
    // quarter of it.
    let tois: Vec<_> = casts
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let (start, end) = toi_rotations(i);
            let stick = Capsule::new(
                S::point([0.0, 0.0]),
                S::point(stick_end([0.0, 0.0])),
                S::from_f64(c.radius),
            );
            let end_at = [c.origin[0] + c.motion[0], c.origin[1] + c.motion[1]];
            let rotation = |r: [f64; 2]| Rotation::new(S::from_f64(r[0]), S::from_f64(r[1]));
            let flight = PoseMotion::new(
                Pose::new(rotation(start), S::point(c.origin)),
                Pose::new(rotation(end), S::point(end_at)),
            );
            let capsule = Capsule::new(S::point(c.a), S::point(c.b), S::from_f64(c.r));
            (stick, flight, capsule)
        })
        .collect();
    let still = PoseMotion::still(Pose::identity());
    let options = ToiOptions::new(S::from_f64(0.005), S::from_f64(0.00125));
    run(
        &mut group(c, "capsule_toi"),
        &id,
        &tois,
        |(stick, flight, capsule)| time_of_impact(stick, flight, capsule, &still, &options),
    );
    // Where a segment crosses a circle's boundary; no peer has this query.
    run(
        &mut group(c, "crossings"),
        &id,
        &circle_segment,
        |(circle, s)| s.circle_crossings(circle),
    );
}

/// The parry2d benchmarks, for either crate (`parry2d` with f32, `parry2d-f64`).
macro_rules! parry_benches {
    ($name:ident, $krate:ident, $id:expr) => {
        fn $name(c: &mut Criterion, points: &[PointCase], pairs: &[PairCase], casts: &[CastCase]) {
            use $krate::math::{Pose, Real, Vector};
            use $krate::query::{self, PointQuery, Ray, RayCast, ShapeCastOptions};
            use $krate::shape::{Ball, Capsule, Segment};

            let v = |p: [f64; 2]| Vector::new(p[0] as Real, p[1] as Real);
            let id = $id;
            let segment_point: Vec<_> = points
                .iter()
                .map(|c| (Segment::new(v(c.a), v(c.b)), v(c.p)))
                .collect();
            let ball_segment: Vec<_> = points
                .iter()
                .map(|c| {
                    (
                        Pose::from_translation(v(c.p)),
                        Ball::new(c.r as Real),
                        Segment::new(v(c.a), v(c.b)),
                    )
                })
                .collect();
            let ball_capsule: Vec<_> = points
                .iter()
                .map(|c| {
                    let capsule = Capsule::new(v(c.a), v(c.b), CAPSULE_RADIUS as Real);
                    (
                        Pose::from_translation(v(c.p)),
                        Ball::new(c.r as Real),
                        capsule,
                    )
                })
                .collect();
            let capsules: Vec<_> = pairs
                .iter()
                .map(|c| {
                    (
                        Capsule::new(v(c.a1), v(c.b1), c.r1 as Real),
                        Capsule::new(v(c.a2), v(c.b2), c.r2 as Real),
                    )
                })
                .collect();
            let segments: Vec<_> = pairs
                .iter()
                .map(|c| {
                    (
                        Segment::new(v(c.a1), v(c.b1)),
                        Segment::new(v(c.a2), v(c.b2)),
                    )
                })
                .collect();
            let rays: Vec<_> = casts
                .iter()
                .map(|c| {
                    (
                        Capsule::new(v(c.a), v(c.b), c.r as Real),
                        Ray::new(v(c.origin), v(c.motion)),
                    )
                })
                .collect();
            let sweeps: Vec<_> = casts
                .iter()
                .map(|c| {
                    let capsule = Capsule::new(v(c.a), v(c.b), c.r as Real);
                    (
                        Pose::from_translation(v(c.origin)),
                        v(c.motion),
                        Ball::new(c.radius as Real),
                        capsule,
                    )
                })
                .collect();
            let id_pose = Pose::IDENTITY;

            run(
                &mut group(c, "closest_point"),
                id,
                &segment_point,
                |(s, p)| s.project_local_point(*p, true),
            );
            run(
                &mut group(c, "circle_segment_intersects"),
                id,
                &ball_segment,
                |(pose, ball, s)| query::intersection_test(pose, ball, &id_pose, s).ok(),
            );
            run(
                &mut group(c, "circle_segment_contact"),
                id,
                &ball_segment,
                |(pose, ball, s)| query::contact(pose, ball, &id_pose, s, 0.0).ok(),
            );
            run(
                &mut group(c, "circle_capsule_contact"),
                id,
                &ball_capsule,
                |(pose, ball, capsule)| query::contact(pose, ball, &id_pose, capsule, 0.0).ok(),
            );
            run(
                &mut group(c, "segment_distance"),
                id,
                &segments,
                |(x, y)| query::details::closest_points_segment_segment(&id_pose, x, y, Real::MAX),
            );
            run(
                &mut group(c, "capsule_intersects"),
                id,
                &capsules,
                |(x, y)| query::intersection_test(&id_pose, x, &id_pose, y).ok(),
            );
            run(
                &mut group(c, "capsule_distance"),
                id,
                &capsules,
                |(x, y)| query::distance(&id_pose, x, &id_pose, y).ok(),
            );
            run(&mut group(c, "capsule_contact"), id, &capsules, |(x, y)| {
                query::contact(&id_pose, x, &id_pose, y, 0.0).ok()
            });
            run(&mut group(c, "ray_capsule"), id, &rays, |(capsule, ray)| {
                capsule.cast_local_ray_and_get_normal(ray, 1.0, true)
            });
            run(
                &mut group(c, "sweep_circle_capsule"),
                id,
                &sweeps,
                |(pose, motion, ball, capsule)| {
                    let options = ShapeCastOptions::with_max_time_of_impact(1.0);
                    query::cast_shapes(
                        pose,
                        *motion,
                        ball,
                        &id_pose,
                        Vector::ZERO,
                        capsule,
                        options,
                    )
                    .ok()
                },
            );
        }
    };
}

parry_benches!(parry_f32, parry2d, "parry2d_f32");
parry_benches!(parry_f64, parry2d_f64, "parry2d_f64");

fn box2d_queries(c: &mut Criterion, points: &[PointCase], pairs: &[PairCase], casts: &[CastCase]) {
    let id = "box2d_f32";
    let segment_circle: Vec<_> = points
        .iter()
        .map(|c| (box2d::segment(c.a, c.b), box2d::circle(c.p, c.r)))
        .collect();
    let capsule_circle: Vec<_> = points
        .iter()
        .map(|c| {
            (
                box2d::capsule(c.a, c.b, CAPSULE_RADIUS),
                box2d::circle(c.p, c.r),
            )
        })
        .collect();
    let capsules: Vec<_> = pairs
        .iter()
        .map(|c| {
            (
                box2d::capsule(c.a1, c.b1, c.r1),
                box2d::capsule(c.a2, c.b2, c.r2),
            )
        })
        .collect();
    let rays: Vec<_> = casts
        .iter()
        .map(|c| {
            (
                box2d::capsule(c.a, c.b, c.r),
                box2d::ray(c.origin, c.motion),
            )
        })
        .collect();
    let sweeps: Vec<_> = casts
        .iter()
        .map(|c| {
            let capsule = box2d::proxy(&[c.a, c.b], c.r);
            let circle = box2d::proxy(&[c.origin], c.radius);
            box2d::shape_cast_input(capsule, circle, c.motion)
        })
        .collect();

    run(
        &mut group(c, "circle_segment_contact"),
        id,
        &segment_circle,
        |(s, circle)| box2d::collide_segment_circle(s, circle),
    );
    run(
        &mut group(c, "circle_capsule_contact"),
        id,
        &capsule_circle,
        |(capsule, circle)| box2d::collide_capsule_circle(capsule, circle),
    );
    run(
        &mut group(c, "segment_distance"),
        id,
        &capsules,
        |(x, y)| box2d::segment_distance(x.center1, x.center2, y.center1, y.center2),
    );
    run(&mut group(c, "capsule_contact"), id, &capsules, |(x, y)| {
        box2d::collide_capsules(x, y)
    });
    run(
        &mut group(c, "capsule_manifold"),
        id,
        &capsules,
        |(x, y)| box2d::collide_capsules(x, y),
    );
    run(&mut group(c, "ray_capsule"), id, &rays, |(capsule, ray)| {
        box2d::ray_cast_capsule(capsule, ray)
    });
    run(
        &mut group(c, "sweep_circle_capsule"),
        id,
        &sweeps,
        box2d::shape_cast,
    );
    let capsule_casts: Vec<_> = casts
        .iter()
        .map(|c| {
            let capsule = box2d::proxy(&[c.a, c.b], c.r);
            let stick = box2d::proxy(&[c.origin, stick_end(c.origin)], c.radius);
            box2d::shape_cast_input(capsule, stick, c.motion)
        })
        .collect();
    run(
        &mut group(c, "capsule_cast"),
        id,
        &capsule_casts,
        box2d::shape_cast,
    );
    let tois: Vec<_> = casts
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let (start, end) = toi_rotations(i);
            let capsule = box2d::proxy(&[c.a, c.b], c.r);
            let stick = box2d::proxy(&[[0.0, 0.0], stick_end([0.0, 0.0])], c.radius);
            let end_at = [c.origin[0] + c.motion[0], c.origin[1] + c.motion[1]];
            box2d::toi_input(capsule, stick, (c.origin, start), (end_at, end))
        })
        .collect();
    run(
        &mut group(c, "capsule_toi"),
        id,
        &tois,
        box2d::time_of_impact,
    );
}

fn baseline_queries(c: &mut Criterion, points: &[PointCase], casts: &[CastCase]) {
    let id = "baseline_f32";
    let f = |p: [f64; 2]| p.map(|x| x as f32);
    let rays: Vec<_> = casts
        .iter()
        .map(|c| (f(c.origin), f(c.motion), (f(c.a), f(c.b), c.r as f32)))
        .collect();
    run(
        &mut group(c, "ray_capsule"),
        id,
        &rays,
        |&(o, d, capsule)| baseline::ray_capsule(o, d, capsule, 1.0),
    );
    let cases: Vec<_> = points
        .iter()
        .map(|c| (f(c.a), f(c.b), f(c.p), c.r as f32))
        .collect();
    run(
        &mut group(c, "closest_point"),
        id,
        &cases,
        |&(a, b, p, _)| baseline::closest_point(a, b, p),
    );
    run(
        &mut group(c, "closest_point"),
        "branch_free_f32",
        &cases,
        |&(a, b, p, _)| baseline::closest_point_branch_free(a, b, p),
    );
    run(
        &mut group(c, "circle_segment_intersects"),
        id,
        &cases,
        |&(a, b, p, r)| baseline::intersects(a, b, p, r),
    );
    run(
        &mut group(c, "circle_segment_contact"),
        id,
        &cases,
        |&(a, b, p, r)| baseline::contact(a, b, p, r),
    );
    // capsule2d's algorithm written by hand in f32: the generics' cost alone.
    let same = "same_f32";
    run(
        &mut group(c, "closest_point"),
        same,
        &cases,
        |&(a, b, p, _)| baseline::same::closest_point(a, b, p),
    );
    run(
        &mut group(c, "circle_segment_contact"),
        same,
        &cases,
        |&(a, b, p, r)| baseline::same::contact(a, b, p, r),
    );
}

/// The far end of the moving stick of `capsule_cast` and `capsule_toi`.
fn stick_end(p: [f64; 2]) -> [f64; 2] {
    [p[0] + 0.5, p[1] + 0.25]
}

/// The stick's rotations at the start and the end of case `i` of `capsule_toi`, as
/// `(cos, sin)`: a turn of up to 0.5 rad either way.
fn toi_rotations(i: usize) -> ([f64; 2], [f64; 2]) {
    let turn = ((i * 37) % 101) as f64 / 100.0 - 0.5;
    ([1.0, 0.0], [turn.cos(), turn.sin()])
}

/// A group that reports elements (queries) per second.
fn group<'a>(c: &'a mut Criterion, name: &str) -> Group<'a> {
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(queries() as u64));
    g
}

fn main() {
    let (points, pairs, casts) = (point_cases(), pair_cases(), cast_cases());
    let mut c = Criterion::default().configure_from_args();
    capsule2d_queries::<f32>(&mut c, &points, &pairs, &casts);
    capsule2d_queries::<f64>(&mut c, &points, &pairs, &casts);
    capsule2d_queries::<I32F32>(&mut c, &points, &pairs, &casts);
    parry_f32(&mut c, &points, &pairs, &casts);
    parry_f64(&mut c, &points, &pairs, &casts);
    box2d_queries(&mut c, &points, &pairs, &casts);
    baseline_queries(&mut c, &points, &casts);
    c.final_summary();
    report::print();
}

/// `|p − q|²` in the scalar's own arithmetic: what `Segment::distance_squared_to_segment`
/// computed from the closest points before the `Shape` API.
fn length_squared<S: Scalar>(p: [S; 2], q: [S; 2]) -> S {
    let (dx, dy) = (S::minus(p[0], q[0]), S::minus(p[1], q[1]));
    S::plus(S::times(dx, dx), S::times(dy, dy))
}
