//! The `batch` module at scale: 1M circles against one capsule, single-threaded and
//! with rayon, against a plain copy of the same input bytes in the same run (the
//! streaming limit); then the table of `docs/benchmarks.md`.
//!
//! Throughput counts the *input* bytes (centres and radii: 12 bytes a circle in f32,
//! 24 in f64 and I32F32). The copy reads those bytes and writes as many; the batch reads
//! them and writes one `bool` a circle.
//!
//! ```sh
//! cargo bench -p capsule2d-bench --bench batch -- --warm-up-time 1 --measurement-time 2
//! ```

use std::hint::black_box;

use capsule2d::{Capsule, Scalar, Shape, batch};
use capsule2d_bench::inputs::Rng;
use capsule2d_bench::report::{self, BATCH};
use criterion::{Criterion, Throughput};
use fixed::types::I32F32;

/// 1M circles (centres in `[-10, 10)²`, radii in `[0.1, 1.1)`) and a capsule, in `S`.
fn scene<S: Scalar>(convert: impl Fn(f64) -> S) -> (Vec<[S; 2]>, Vec<S>, Capsule<[S; 2]>) {
    let mut rng = Rng::new(4);
    let centers = (0..BATCH).map(|_| rng.point().map(&convert)).collect();
    let radii = (0..BATCH).map(|_| convert(rng.uniform(0.1, 1.1))).collect();
    let capsule = Capsule::new(
        [convert(-3.0), convert(-1.0)],
        [convert(2.5), convert(1.75)],
        convert(0.5),
    );
    (centers, radii, capsule)
}

fn bench_type<S: Scalar + Send + Sync>(
    c: &mut Criterion,
    ty: &str,
    convert: impl Fn(f64) -> S,
    copy: bool,
    par: bool,
) {
    let (centers, radii, capsule) = scene(convert);
    let bytes = size_of_val(centers.as_slice()) + size_of_val(radii.as_slice());
    let mut group = c.benchmark_group("batch_circles_capsule");
    group.throughput(Throughput::Bytes(bytes as u64));
    if ty == "i32f32" {
        group.sample_size(10);
    }
    if copy {
        let (mut centers_copy, mut radii_copy) = (centers.clone(), radii.clone());
        group.bench_function(format!("copy_{ty}"), |b| {
            b.iter(|| {
                centers_copy.copy_from_slice(black_box(&centers));
                radii_copy.copy_from_slice(black_box(&radii));
                black_box((&centers_copy, &radii_copy));
            });
        });
    }
    let mut hits = vec![false; BATCH];
    group.bench_function(format!("batch_{ty}"), |b| {
        b.iter(|| {
            let n = batch::circles_intersect_capsule(
                black_box(&centers),
                black_box(&radii),
                &capsule,
                &mut hits,
            );
            black_box((n, &hits));
        });
    });
    if par {
        group.bench_function(format!("par_{ty}"), |b| {
            b.iter(|| {
                let n = batch::par_circles_intersect_capsule(
                    black_box(&centers),
                    black_box(&radii),
                    &capsule,
                    &mut hits,
                );
                black_box((n, &hits));
            });
        });
    }
    group.finish();
    // Sanity: the batch agrees with the single query (it is tested exhaustively in
    // capsule2d; here it guards the benchmark's own inputs).
    batch::circles_intersect_capsule(&centers, &radii, &capsule, &mut hits);
    let agree = centers
        .iter()
        .zip(&radii)
        .zip(&hits)
        .all(|((&center, &radius), &hit)| {
            capsule2d::Circle::new(center, radius).intersects(&capsule) == hit
        });
    assert!(agree, "batch and single queries disagree ({ty})");
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    bench_type(&mut c, "f32", |x| x as f32, true, true);
    bench_type(&mut c, "f64", |x| x, true, true);
    bench_type(&mut c, "i32f32", I32F32::from_num, false, false);
    c.final_summary();
    report::print();
}
