//! Every shape pair and query of the old per-pair API, timed under one name each, so that
//! the `Shape` API's static dispatch can be compared with the per-pair methods it replaced
//! (`docs/benchmarks.md`, "Static dispatch"). 1024 random queries per sample, coordinates
//! in [-10, 10), radii in [0, 2.5).

use std::hint::black_box;

use capsule2d::{Capsule, Circle, Ray, Scalar, Segment, Shape};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const QUERIES: usize = 1024;

fn values(seed: u64, count: usize) -> Vec<f64> {
    let mut state = seed;
    (0..count)
        .map(|_| {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            (z >> 11) as f64 / (1_u64 << 53) as f64 * 20.0 - 10.0
        })
        .collect()
}

struct Inputs<S: Scalar> {
    points: Vec<[S; 2]>,
    circles: Vec<Circle<[S; 2]>>,
    segments: Vec<Segment<[S; 2]>>,
    capsules: Vec<Capsule<[S; 2]>>,
    rays: Vec<Ray<[S; 2]>>,
}

fn inputs<S: Scalar>(f: &impl Fn(f64) -> S, seed: u64) -> Inputs<S> {
    let v = values(seed, 8 * QUERIES);
    let c: Vec<&[f64]> = v.chunks(8).collect();
    Inputs {
        points: c.iter().map(|c| [f(c[0]), f(c[1])]).collect(),
        circles: c
            .iter()
            .map(|c| Circle::new([f(c[2]), f(c[3])], f(c[4].abs() / 4.0)))
            .collect(),
        segments: c
            .iter()
            .map(|c| Segment::new([f(c[4]), f(c[5])], [f(c[6]), f(c[7])]))
            .collect(),
        capsules: c
            .iter()
            .map(|c| Capsule::new([f(c[1]), f(c[6])], [f(c[3]), f(c[0])], f(c[5].abs() / 4.0)))
            .collect(),
        rays: c
            .iter()
            .map(|c| Ray::new([f(c[7]), f(c[2])], [f(c[0]), f(c[4])]))
            .collect(),
    }
}

macro_rules! bench {
    ($group:ident, $name:expr, $xs:expr, $ys:expr, |$x:ident, $y:ident| $body:expr) => {
        $group.bench_function($name, |b| {
            b.iter(|| {
                for ($x, $y) in black_box($xs).iter().zip(black_box($ys)) {
                    black_box($body);
                }
            });
        });
    };
}

fn pairs<S: Scalar>(c: &mut Criterion, ty: &str, f: impl Fn(f64) -> S) {
    let a = inputs(&f, 1);
    let b = inputs(&f, 2);
    let mut group = c.benchmark_group(format!("pairs_{ty}"));
    group.throughput(Throughput::Elements(QUERIES as u64));
    let ten = f(10.0);
    bench!(
        group,
        "segment_closest_point",
        &a.segments,
        &a.points,
        |s, p| s.project_point(*p)
    );
    bench!(
        group,
        "segment_distance_point",
        &a.segments,
        &a.points,
        |s, p| s.distance(p)
    );
    bench!(
        group,
        "segment_contains_point",
        &a.segments,
        &a.points,
        |s, p| s.contains_point(*p)
    );
    bench!(
        group,
        "segment_closest_points",
        &a.segments,
        &b.segments,
        |s, t| s.closest_points(t)
    );
    bench!(
        group,
        "segment_distance_segment",
        &a.segments,
        &b.segments,
        |s, t| s.distance(t)
    );
    bench!(
        group,
        "segment_intersects_segment",
        &a.segments,
        &b.segments,
        |s, t| s.intersects(t)
    );
    bench!(
        group,
        "segment_contact_circle",
        &a.segments,
        &a.circles,
        |s, c| s.contact(c)
    );
    bench!(
        group,
        "segment_contact_capsule",
        &a.segments,
        &a.capsules,
        |s, k| s.contact(k)
    );
    bench!(
        group,
        "circle_contains_point",
        &a.circles,
        &a.points,
        |c, p| c.contains_point(*p)
    );
    bench!(
        group,
        "circle_contact_point",
        &a.circles,
        &a.points,
        |c, p| c.contact(p)
    );
    bench!(
        group,
        "circle_intersects_circle",
        &a.circles,
        &b.circles,
        |c, d| c.intersects(d)
    );
    bench!(
        group,
        "circle_contact_circle",
        &a.circles,
        &b.circles,
        |c, d| c.contact(d)
    );
    bench!(
        group,
        "circle_intersects_segment",
        &a.circles,
        &a.segments,
        |c, s| c.intersects(s)
    );
    bench!(
        group,
        "circle_contact_segment",
        &a.circles,
        &a.segments,
        |c, s| c.contact(s)
    );
    bench!(
        group,
        "circle_intersects_capsule",
        &a.circles,
        &a.capsules,
        |c, k| c.intersects(k)
    );
    bench!(
        group,
        "circle_contact_capsule",
        &a.circles,
        &a.capsules,
        |c, k| c.contact(k)
    );
    bench!(
        group,
        "capsule_contains_point",
        &a.capsules,
        &a.points,
        |k, p| k.contains_point(*p)
    );
    bench!(
        group,
        "capsule_contact_point",
        &a.capsules,
        &a.points,
        |k, p| k.contact(p)
    );
    bench!(
        group,
        "capsule_contact_circle",
        &a.capsules,
        &a.circles,
        |k, c| k.contact(c)
    );
    bench!(
        group,
        "capsule_intersects_segment",
        &a.capsules,
        &a.segments,
        |k, s| k.intersects(s)
    );
    bench!(
        group,
        "capsule_contact_segment",
        &a.capsules,
        &a.segments,
        |k, s| k.contact(s)
    );
    bench!(
        group,
        "capsule_intersects_capsule",
        &a.capsules,
        &b.capsules,
        |k, l| k.intersects(l)
    );
    bench!(
        group,
        "capsule_contact_capsule",
        &a.capsules,
        &b.capsules,
        |k, l| k.contact(l)
    );
    bench!(
        group,
        "capsule_margin_capsule",
        &a.capsules,
        &b.capsules,
        |k, l| k.contact_with_margin(l, ten)
    );
    bench!(
        group,
        "circle_margin_segment",
        &a.circles,
        &a.segments,
        |c, s| c.contact_with_margin(s, ten)
    );
    bench!(group, "ray_cast_circle", &a.rays, &a.circles, |r, c| r
        .cast(c, ten));
    bench!(group, "ray_cast_segment", &a.rays, &a.segments, |r, s| r
        .cast(s, ten));
    bench!(group, "ray_cast_capsule", &a.rays, &a.capsules, |r, k| r
        .cast(k, ten));
    bench!(
        group,
        "circle_sweep_segment",
        &a.circles,
        &a.segments,
        |c, s| c.sweep(s, [ten, ten])
    );
    bench!(
        group,
        "circle_sweep_capsule",
        &a.circles,
        &a.capsules,
        |c, k| c.sweep(k, [ten, ten])
    );
    bench!(
        group,
        "circle_sweep_circle",
        &a.circles,
        &b.circles,
        |c, d| c.sweep(d, [ten, ten])
    );
    let _ = ten;
    group.finish();
}

fn benches(c: &mut Criterion) {
    pairs(c, "f32", |x| x as f32);
    pairs(c, "f64", |x| x);
    #[cfg(feature = "fixed")]
    pairs(c, "i32f32", fixed::types::I32F32::from_num);
}

criterion_group! {
    name = group;
    config = Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(300))
        .measurement_time(std::time::Duration::from_millis(900))
        .sample_size(30);
    targets = benches
}
criterion_main!(group);
