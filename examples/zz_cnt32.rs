//! Instruction-count harness: casts over fixed pseudo-random inputs.
use capsule2d::{Capsule, CastOptions, Circle, Ray, Segment, Shape};
use std::hint::black_box;
fn main() {
    let mode = std::env::args().nth(1).unwrap_or_default();
    let mut s = 0x1234_5678_9abc_def0_u64;
    let mut r = move || {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((s >> 11) as f64 / (1u64 << 53) as f64) * 8.0 - 4.0
    };
    let n = 100_000;
    let mut hits = 0usize;
    for _ in 0..n {
        let mut r = || r() as f32;
        let (a, b, c, d) = ([r(), r()], [r(), r()], [r(), r()], [r(), r()]);
        let rad = (r() + 4.0) / 16.0;
        let m = [r() * 2.0, r() * 2.0];
        let got = match mode.as_str() {
            "ray_capsule" => Ray::new(a, m).cast(&Capsule::new(c, d, rad), 1.0).is_some(),
            "ray_segment" => Ray::new(a, m).cast(&Segment::new(c, d), 1.0).is_some(),
            "sweep" => Circle::new(a, rad).sweep(&Segment::new(c, d), m).is_some(),
            "cast" => Capsule::new(a, b, rad)
                .cast(&Capsule::new(c, d, rad), m, CastOptions::default())
                .is_some(),
            _ => Ray::new(a, m).cast(&Circle::new(c, rad), 1.0).is_some(),
        };
        hits += black_box(got) as usize;
    }
    println!("{mode}: {hits} hits of {n}");
}
