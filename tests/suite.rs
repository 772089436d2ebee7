//! The integration tests, as one test binary.
//!
//! Each file in `tests/` is a module here, except the two that need a binary of their own:
//! `no_alloc.rs` (it replaces the global allocator) and `determinism.rs` (it is also built
//! for other targets and run under qemu).
//!
//! One binary compiles the crate's generic code for each scalar once, where thirty
//! binaries compiled it thirty times; that, not the tests' run time, was most of `cargo
//! test` on a fresh clone. Run one file's tests with a filter, e.g.
//! `cargo test --all-features --test suite -- cast::`.

#[macro_use]
mod common;
mod xml;

mod adapters_approx;
mod adapters_glam;
mod adapters_mint;
mod adapters_serde;
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
mod own_vector;
mod pairs;
mod properties;
mod rain_demo;
mod reference;
mod regressions;
mod reliability;
mod seed_example;
mod semantics;
mod toi;
mod user_scalar;
mod whole_range;
