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

/// How many queries one criterion iteration runs: each benchmark walks an array of this
/// many pre-generated inputs, so the time per query is the iteration time divided by it.
pub const QUERIES: usize = 1024;
