//! Shared pieces of capsule2d's comparison benchmarks: the fixed random inputs, the
//! hand-written f32 baseline, thin safe wrappers over Box2D's C functions, and the report
//! that turns criterion's estimates into the table of `docs/benchmarks.md`.
//!
//! The benchmarks themselves are in `benches/peers.rs` (single queries, against parry2d,
//! Box2D and the baseline) and `benches/batch.rs` (the `batch` module against a plain
//! copy of the same bytes). Run both, and print the table, with
//!
//! ```sh
//! cargo bench -p capsule2d-bench -- --warm-up-time 1 --measurement-time 2
//! ```

pub mod baseline;
pub mod box2d;
pub mod inputs;
pub mod report;

/// How many queries one criterion iteration runs by default: each benchmark walks an array
/// of [`queries()`] pre-generated inputs, so the time per query is the iteration time
/// divided by it.
pub const QUERIES: usize = 1024;

/// The number of distinct inputs each benchmark walks: `$CAPSULE2D_BENCH_QUERIES`, else
/// [`QUERIES`].
///
/// A branch predictor can learn a short sequence walked again and again: on the AMD EPYC
/// (Zen 5) of `docs/benchmarks.md`, parry2d's branchy closest point takes 2.3 ns per query
/// over 1024 or 16384 inputs and 5.4 to 5.7 ns over 65536, while a branch-free loop takes 1.7 ns
/// at all three sizes. The regime "inputs in random regions" is therefore run with
/// 65536 inputs, into its own criterion directory:
///
/// ```sh
/// CAPSULE2D_BENCH_QUERIES=65536 CRITERION_HOME=$PWD/target/criterion-65536 \
///     cargo bench -p capsule2d-bench --bench peers -- --warm-up-time 1 --measurement-time 2
/// ```
pub fn queries() -> usize {
    std::env::var("CAPSULE2D_BENCH_QUERIES")
        .ok()
        .and_then(|n| n.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(QUERIES)
}
