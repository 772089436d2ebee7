//! Adapters to the ecosystem's types, each behind its own feature: [`crate::Vector2`] for
//! glam, mint and nalgebra vectors, serde's traits and approx's comparisons for the shapes
//! and results.
//!
//! | feature | what it adds |
//! |---|---|
//! | `glam` | `Vector2` for glam 0.34's `Vec2` (f32) and `DVec2` (f64) |
//! | `glam033` | the same for glam 0.33 (Bevy 0.20, parry 0.31) |
//! | `nalgebra` | `Vector2` for `nalgebra::Vector2<S>` and `Point2<S>`; for shapes on `Point2`, `Contact::normal_vector`, `offset_vector`, `offset_with_skin_vector` and `Hit::normal_vector` return a `Vector2` |
//! | `mint` | `Vector2` for `mint::Vector2<S>` and `Point2<S>` |
//! | `serde` | `Serialize`, `Deserialize` for the shapes and results |
//! | `approx` | `AbsDiffEq`, `RelativeEq`, `UlpsEq` for the shapes and results |
//!
//! nalgebra code keeps positions in `Point2` and directions in `Vector2`, and needs no
//! `.coords`: the direction-like arguments (a ray's direction, a sweep's motion,
//! `translated`) take `impl Into<V>`, and the results above come back as `Vector2`.
//!
#![cfg_attr(feature = "nalgebra", doc = "```")]
#![cfg_attr(not(feature = "nalgebra"), doc = "```ignore")]
//! use capsule2d::{Circle, Ray, Segment, Shape};
//! use nalgebra::{Point2, Vector2};
//!
//! let floor = Segment::new(Point2::new(-4.0, 0.0), Point2::new(4.0, 0.0));
//! let mut ball = Circle::new(Point2::new(0.0, 0.75), 1.0);
//! ball.center += ball.contact(&floor).unwrap().offset_vector();
//! assert_eq!(ball.center, Point2::new(0.0, 1.0));
//!
//! let hit = Ray::new(Point2::new(0.0, 3.0), Vector2::new(0.0, -1.0)).cast(&floor, 5.0);
//! assert_eq!(hit.unwrap().normal_vector(), Vector2::new(0.0, 1.0));
//! ```

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
