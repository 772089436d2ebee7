//! The integration tests, as one test binary.
//!
//! Each file in `tests/` is a module here, except those that need a binary of their own:
//! `no_alloc.rs` (it replaces the global allocator), `determinism.rs` (it is also built for
//! other targets and run under qemu), and the per-feature ones CI builds once for each
//! optional feature (`own_vector.rs`, `semantics.rs`, `adapters_*.rs`).
//!
//! One binary compiles the crate's generic code for each scalar once, where twenty binaries
//! compiled it twenty times; that, not the tests' run time, was most of `cargo test` on a
//! fresh clone. Run one file's tests with a filter, e.g.
//! `cargo test --all-features --test suite -- cast::`.

#[macro_use]
mod common;
mod xml;

mod cast;
mod exact_predicates;
mod fixed_overflow;
mod fixed_range;
mod gallery;
mod imports;
mod layout;
mod magnitudes;
mod manifold;
mod motion;
mod mover;
mod mutants;
mod pairs;
mod properties;
mod rain_demo;
mod reference;
mod regressions;
mod reliability;
mod seed_example;
mod toi;
mod user_scalar;
mod whole_range;
