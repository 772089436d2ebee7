//! The glam example (`examples/glam.rs`) on glam 0.33, the glam of Bevy 0.20 and parry
//! 0.31: a fixed-timestep loop moving a ball with `Vec2` position and velocity through a
//! small course with sweeps and reflection, and a `DVec2` resting contact.
//!
//! ```text
//! cargo run --example glam033 --features glam033
//! ```
//!
//! capsule2d implements its `Vector2` for each supported glam version behind its own
//! feature (`glam` for 0.34, `glam033` for 0.33), so code written against one runs on the
//! other unchanged: this file only brings glam 0.33's types into scope.

use glam033::{DVec2, Vec2};

include!("shared/glam_course.rs");
