//! The cost of exact yes/no answers: capsule2d's circle–segment and circle–circle tests
//! against the naive floating-point formulas they replace, on the same random inputs.
//!
//! ```sh
//! cargo bench -p capsule2d-benches --bench predicates
//! ```
//!
//! The exact predicates filter with a proven error bound and fall back to expansion
//! arithmetic only near the boundary, which random inputs almost never reach; the target
//! (issue 3) is within 1.2x of the naive test.
//!
//! Rows per scalar: `*_naive` (rounded arithmetic, inlined), `*_exact` (one query at a
//! time), and `*_batch` (the same exact answers from the `batch` module, pairwise, into a
//! slice). LLVM vectorises the naive circle–circle loop, which has no branch; a loop of
//! single exact queries cannot be vectorised (its rare exact path is a call), and the
//! batch rows are the vectorised form of the exact test.

use std::hint::black_box;

use capsule2d::{Capsule, Circle, Segment, Shape, batch};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

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

/// The classic test: project, clamp, compare `|c − q|² ≤ r²` in plain floats.
macro_rules! naive_circle_segment {
    ($t:ty) => {
        |c: [$t; 2], r: $t, a: [$t; 2], b: [$t; 2]| -> bool {
            let v = [b[0] - a[0], b[1] - a[1]];
            let w = [c[0] - a[0], c[1] - a[1]];
            let along = w[0] * v[0] + w[1] * v[1];
            let q = if along <= 0.0 {
                a
            } else {
                let length_sq = v[0] * v[0] + v[1] * v[1];
                if along >= length_sq {
                    b
                } else {
                    let t = along / length_sq;
                    [a[0] + v[0] * t, a[1] + v[1] * t]
                }
            };
            let d = [c[0] - q[0], c[1] - q[1]];
            d[0] * d[0] + d[1] * d[1] <= r * r
        }
    };
}

macro_rules! compare {
    ($c:expr, $t:ty, $name:literal) => {{
        let v = values(7, 7 * QUERIES);
        let inputs: Vec<([$t; 2], $t, [$t; 2], [$t; 2])> = v
            .chunks(7)
            .map(|c| {
                (
                    [c[0] as $t, c[1] as $t],
                    (c[2].abs() / 2.0) as $t,
                    [c[3] as $t, c[4] as $t],
                    [c[5] as $t, c[6] as $t],
                )
            })
            .collect();
        let naive = naive_circle_segment!($t);
        let mut group = $c.benchmark_group(concat!("predicates_", $name));
        group.throughput(Throughput::Elements(QUERIES as u64));
        group.bench_function("circle_segment_naive", |bench| {
            bench.iter(|| {
                let mut hits = 0_u32;
                for &(c, r, a, b) in black_box(&inputs) {
                    hits += u32::from(naive(c, r, a, b));
                }
                hits
            });
        });
        group.bench_function("circle_segment_exact", |bench| {
            bench.iter(|| {
                let mut hits = 0_u32;
                for &(c, r, a, b) in black_box(&inputs) {
                    hits += u32::from(Circle::new(c, r).intersects(&Segment::new(a, b)));
                }
                hits
            });
        });
        let circles: Vec<Circle<[$t; 2]>> = inputs
            .iter()
            .map(|&(c, r, _, _)| Circle::new(c, r))
            .collect();
        let others: Vec<Circle<[$t; 2]>> = inputs
            .iter()
            .map(|&(_, r, a, _)| Circle::new(a, r))
            .collect();
        let segments: Vec<Capsule<[$t; 2]>> = inputs
            .iter()
            .map(|&(_, _, a, b)| Capsule::new(a, b, 0.0))
            .collect();
        let mut out = vec![false; QUERIES];
        group.bench_function("circle_segment_batch", |bench| {
            bench.iter(|| {
                batch::circles_intersect_capsules(
                    black_box(&circles),
                    black_box(&segments),
                    &mut out,
                );
                out.iter().filter(|&&hit| hit).count()
            });
        });
        group.bench_function("circle_circle_naive", |bench| {
            bench.iter(|| {
                let mut hits = 0_u32;
                for &(c, r, a, _) in black_box(&inputs) {
                    let (dx, dy) = (c[0] - a[0], c[1] - a[1]);
                    let sum = r + r;
                    hits += u32::from(dx * dx + dy * dy <= sum * sum);
                }
                hits
            });
        });
        group.bench_function("circle_circle_exact", |bench| {
            bench.iter(|| {
                let mut hits = 0_u32;
                for &(c, r, a, _) in black_box(&inputs) {
                    hits += u32::from(Circle::new(c, r).intersects(&Circle::new(a, r)));
                }
                hits
            });
        });
        group.bench_function("circle_circle_batch", |bench| {
            bench.iter(|| {
                batch::circles_intersect_circles(black_box(&circles), black_box(&others), &mut out);
                out.iter().filter(|&&hit| hit).count()
            });
        });
        group.finish();
    }};
}

fn benches(c: &mut Criterion) {
    compare!(c, f64, "f64");
    compare!(c, f32, "f32");
}

criterion_group!(predicates, benches);
criterion_main!(predicates);
