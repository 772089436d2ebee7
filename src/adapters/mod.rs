//! Adapters to the ecosystem's types, each behind its own feature: [`crate::Vector2`] for
//! glam, mint and nalgebra vectors, serde's traits and approx's comparisons for the shapes
//! and results.

#[cfg(feature = "approx")]
mod approx;
#[cfg(any(feature = "glam", feature = "glam033"))]
mod glam;
#[cfg(feature = "mint")]
mod mint;
#[cfg(feature = "nalgebra")]
mod nalgebra;
#[cfg(feature = "serde")]
mod serde;
