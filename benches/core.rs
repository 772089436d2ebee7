//! capsule2d's own benchmarks: the main queries over f32 and f64 (and I32F32 with the
//! `fixed` feature), and one batch, with no peer to build. The side-by-side comparison
//! with parry2d and `Box2D` lives in the `peers/` crate; see `docs/benchmarks.md`.
//!
//! ```sh
//! cargo bench -p capsule2d-benches --bench core                      # f32, f64, I32F32
//! cargo bench -p capsule2d-benches --bench core --no-default-features # f32 and f64
//! ```

use std::hint::black_box;

use capsule2d::{Capsule, Circle, Scalar, Segment, Shape, batch};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// Queries per iteration.
const QUERIES: usize = 1024;

/// Fixed pseudo-random values in `[-10, 10)` (`SplitMix64`).
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

fn queries<S: Scalar>(c: &mut Criterion, ty: &str, f: impl Fn(f64) -> S) {
    let v = values(1, 8 * QUERIES);
    let chunks: Vec<&[f64]> = v.chunks(8).collect();
    let circle_segment: Vec<_> = chunks
        .iter()
        .map(|c| {
            let segment = Segment::new([f(c[0]), f(c[1])], [f(c[2]), f(c[3])]);
            (
                Circle::new([f(c[4]), f(c[5])], f(c[6].abs() / 2.0)),
                segment,
            )
        })
        .collect();
    let capsules: Vec<_> = chunks
        .iter()
        .zip(chunks.iter().skip(1))
        .map(|(c, d)| {
            let x = Capsule::new([f(c[0]), f(c[1])], [f(c[2]), f(c[3])], f(c[7].abs() / 4.0));
            let y = Capsule::new([f(d[4]), f(d[5])], [f(d[6]), f(d[7])], f(d[0].abs() / 4.0));
            (x, y)
        })
        .collect();

    let mut group = c.benchmark_group("core");
    group.throughput(Throughput::Elements(QUERIES as u64));
    group.bench_function(format!("closest_point_{ty}"), |b| {
        b.iter(|| {
            for (circle, segment) in black_box(&circle_segment) {
                black_box(segment.project_point(black_box(circle.center)));
            }
        });
    });
    group.bench_function(format!("circle_segment_intersects_{ty}"), |b| {
        b.iter(|| {
            for (circle, segment) in black_box(&circle_segment) {
                black_box(black_box(circle).intersects(segment));
            }
        });
    });
    group.bench_function(format!("circle_segment_contact_{ty}"), |b| {
        b.iter(|| {
            for (circle, segment) in black_box(&circle_segment) {
                black_box(black_box(circle).contact(segment));
            }
        });
    });
    group.bench_function(format!("capsule_contact_{ty}"), |b| {
        b.iter(|| {
            for (x, y) in black_box(&capsules) {
                black_box(black_box(x).contact(y));
            }
        });
    });
    group.finish();

    let centers: Vec<[S; 2]> = chunks.iter().map(|c| [f(c[4]), f(c[5])]).collect();
    let radii: Vec<S> = chunks.iter().map(|c| f(c[6].abs() / 2.0)).collect();
    let capsule = Capsule::new([f(-3.0), f(-1.0)], [f(2.5), f(1.75)], f(0.5));
    let mut hits = vec![false; centers.len()];
    let mut group = c.benchmark_group("core_batch");
    group.throughput(Throughput::Elements(centers.len() as u64));
    group.bench_function(format!("circles_intersect_capsule_{ty}"), |b| {
        b.iter(|| {
            black_box(batch::circles_intersect_capsule(
                black_box(&centers),
                &radii,
                &capsule,
                &mut hits,
            ))
        });
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    queries(c, "f32", |x| x as f32);
    queries(c, "f64", |x| x);
    #[cfg(feature = "fixed")]
    queries(c, "i32f32", fixed::types::I32F32::from_num);
}

criterion_group!(core, benches);
criterion_main!(core);
