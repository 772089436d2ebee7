//! capsule2d with glam: a Bevy-style fixed-timestep loop moving a ball with `Vec2`
//! position and velocity through a small course, using sweeps so that it never passes
//! through a wall, and reflection with restitution at each impact.
//!
//! ```text
//! cargo run --example glam --features glam
//! ```
//!
//! The same program runs on glam 0.33 (`examples/glam033.rs`, feature `glam033`): both
//! include `examples/shared/glam_course.rs`.
//!
//! glam's operators do the integration; capsule2d answers where the ball first touches
//! something during a step and which way the surface faces.

use glam::{DVec2, Vec2};

include!("shared/glam_course.rs");
