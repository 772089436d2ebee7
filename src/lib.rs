//! 2D collision geometry for points, circles, segments and capsules, generic over the
//! number type (f32, f64, fixed point or your own) and over your own vector type.
//!
//! Every shape is a *core* (a point or a segment) with a radius, so every query is one
//! of three kernels — point–point, point–segment, segment–segment — inflated by the
//! radii. The classic derivations, made robust:
//!
//! - closest point on segment `ab` to `p`: `t = clamp((p − a)·(b − a) / |b − a|², 0, 1)`,
//!   `q = a + t (b − a)`, with the end regions decided *before* the division;
//! - a circle overlaps a segment when `|c − q|² ≤ r²`: no square root;
//! - the push-out offset `(r − |d|) d / |d|` with `d = c − q` ([`Contact::offset`]);
//! - capsules against points, circles and capsules are segment distances with the radii
//!   added;
//! - responses: [`response::reflect`], [`response::slide`] and a skin-preserving
//!   [`response::push_out`];
//! - motion: [`Ray::cast`], swept circles ([`Circle::sweep`]), the crossings of a
//!   segment and a circle, chains of segments and a stepping ball.
//!
//! # One query API
//!
//! The [`Shape`] trait gives every shape — points, [`Circle`], [`Segment`], [`Capsule`],
//! and [`AnyShape`] for mixed collections — the same queries against every other, one
//! name each: [`intersects`](Shape::intersects), [`distance`](Shape::distance),
//! [`closest_points`](Shape::closest_points), [`contact`](Shape::contact),
//! [`contact_with_margin`](Shape::contact_with_margin), [`manifold`](Shape::manifold)
//! (up to two contact points with feature ids, for a solver),
//! [`contains_point`](Shape::contains_point), [`project_point`](Shape::project_point) and
//! [`aabb`](Shape::aabb). The receiver is the queried or moving shape, the other shape
//! comes next, options last; results are seen from the receiver. The [`shape`] module's
//! docs give the whole table.
//!
//! # Guarantees
//!
//! - No public function panics, for any input and any scalar, in debug or release:
//!   fixed-point arithmetic saturates and never divides by zero.
//! - Finite inputs give finite outputs, and every normal is unit length. Degenerate input
//!   (zero-length segments, coincident centres, a centre exactly on a segment) gets a
//!   documented normal, never a zero vector or NaN; see `docs/semantics.md`.
//! - `intersects` and `contact` share one predicate, so
//!   `x.intersects(&y) == x.contact(&y).is_some()` for every pair and every input; for
//!   `f32`, `f64` and fixed point that predicate is exact.
//! - Nothing allocates, and the crate is `no_std` and `#![forbid(unsafe_code)]`.
//!
//! # Quick start
//!
//! ```
//! use capsule2d::{Capsule, Circle, Segment, Shape, response};
//!
//! let floor = Segment::new([0.0, 0.0], [10.0, 0.0]);
//! let mut ball = Circle::new([2.0_f64, 0.8], 1.0);
//! let mut velocity = [3.0, -4.0];
//!
//! if let Some(contact) = ball.contact(&floor) {
//!     // Move out, keeping a thin skin of contact, and bounce with restitution 0.5.
//!     ball.center = response::push_out(ball.center, &contact, 0.01);
//!     velocity = response::reflect(velocity, contact.normal, 0.5);
//! }
//! assert_eq!(velocity, [3.0, 2.0]);
//! assert!((ball.center[1] - 0.99).abs() < 1e-12);
//!
//! // A capsule is a segment with a radius: a robot link against an obstacle.
//! let link = Capsule::new([0.0, 0.0], [2.0, 2.0], 0.25);
//! let obstacle = Circle::new([2.0, 0.0], 1.0);
//! assert!(!link.intersects(&obstacle));
//! assert!((link.distance(&obstacle) - (2.0_f64.sqrt() - 1.25)).abs() < 1e-12);
//! ```
//!
//! # Your own types
//!
//! Implement [`Vector2`] (three methods: `new`, `x`, `y`) for your vector type; the scalar
//! can be `f32`, `f64`, a `fixed` type, or your own number type implementing [`Scalar`]'s
//! arithmetic (see [`num::Rounded`]). `use capsule2d::prelude::*;` brings the shapes and
//! the traits' methods without putting the trait names in scope.
//!
//! # Feature flags
//!
//! - `std` (default): float square roots from the standard library.
//! - `libm`: float square roots from `libm`, for `no_std` targets. Without `std` or
//!   `libm`, `f32` and `f64` do not implement [`Scalar`] (fixed point still works).
//! - `fixed`: [`Scalar`] for the `fixed` crate's `FixedI32<Frac>` and `FixedI64<Frac>`
//!   (`I16F16`, `I32F32`, `I48F16`, …), with saturating, panic-free arithmetic.
//! - `nalgebra`: [`Vector2`] for nalgebra's `Vector2<S>` and `Point2<S>`.
//! - `glam`: [`Vector2`] for glam 0.34's `Vec2` (`f32`) and `DVec2` (`f64`); needs `std`
//!   or `libm`.
//! - `glam033`: the same for glam 0.33, the glam of Bevy 0.20 and parry 0.31.
//! - `mint`: [`Vector2`] for mint 0.5's `Vector2<S>` and `Point2<S>`, the interchange
//!   types of the Rust math crates.
//! - `serde`: `Serialize` and `Deserialize` for the shapes, [`Ray`], [`Contact`], [`Hit`],
//!   [`ClosestPoints`], [`Aabb`], [`Pose`], the chain results, [`Ball`] and
//!   [`StepParams`].
//! - `approx`: approx 0.5's `AbsDiffEq`, `RelativeEq` and `UlpsEq` for the shapes and
//!   results, for `f32` and `f64` scalars.
//! - `rayon`: `par_` versions of the [`batch`] functions, which split large batches
//!   across threads (implies `std`).
//!
//! Every feature but `std` and `rayon` builds for `no_std`. The guide, `docs/guide.md`,
//! walks through the derivations with pictures the crate draws itself
//! (`cargo run --example gallery --features fixed`).
//!
//! # Layout
//!
//! The modules are the layers, each built on the ones before it: [`num`] (the
//! [`Scalar`] trait and the numerics: exact predicates, fixed point), vectors
//! ([`Vector2`]), [`shape`] (the shapes and the [`Shape`] trait, [`Aabb`], [`Pose`]),
//! [`query`] (the kernels behind every query, [`Contact`], [`ClosestPoints`],
//! [`Manifold`]),
//! [`motion`] (rays, sweeps, crossings, chains, stepping), [`response`], [`batch`] and
//! [`adapters`]. `docs/design.md` lists every file and where each algorithm lives.

#![no_std]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "std")]
extern crate std;

pub mod adapters;
pub mod batch;
pub mod motion;
pub mod num;
pub mod prelude;
pub mod query;
pub mod response;
pub mod shape;
pub mod vector;

#[cfg(test)]
mod test_rng;

pub use motion::{
    Ball, CastOptions, Chain, ChainContact, ChainHit, Crossings, Hit, Obstacles, PoseMotion, Ray,
    Resolution, Slide, SlideOptions, StartOverlap, StepParams, StepReport, Toi, ToiOptions,
    ToiState, move_and_slide, time_of_impact,
};
pub use num::Scalar;
pub use query::{ClosestPoints, Contact, Feature, FeatureId, Manifold, ManifoldPoint};
pub use shape::{
    Aabb, AnyShape, Capsule, Circle, Core, Pose, Rotation, Segment, Shape, ShapeError,
};
pub use vector::Vector2;

/// The README's Rust examples, run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The guide's Rust examples, run as doc tests (some need features `fixed` and `glam`).
#[cfg(all(doctest, feature = "fixed", feature = "glam"))]
#[doc = include_str!("../docs/guide.md")]
struct GuideDoctests;
