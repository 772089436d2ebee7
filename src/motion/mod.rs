//! Motion: rays, swept circles, the points where a segment crosses a circle, chains of
//! segments, and a stepping ball.
//!
//! - `ray.rs`: [`Ray`] and the one analytic cast kernel (a point moving against an
//!   inflated core) that every ray and sweep uses;
//! - `wall.rs`: the kernel's side walls (a point entering a segment's slab), exact near
//!   parallel, with fixed point's float filter in front;
//! - `cap.rs`: the kernel's end caps (a point entering a disc), exact near tangency;
//! - `sweep.rs`: swept circles, the first time of touch;
//! - `cast.rs`: any shape moving against any other moving shape ([`Shape::cast`](crate::Shape::cast));
//! - `toi.rs`: time of impact with rotation, by conservative advancement ([`time_of_impact`]);
//! - `crossings.rs`: where a segment crosses a circle ([`Crossings`]);
//! - `mover.rs`: collide and slide ([`move_and_slide`]): a shape moved through obstacles,
//!   sliding along every surface it meets, with a skin;
//! - `chain.rs`: [`Chain`], a polyline with the ghost-vertex rule against bumps at joints;
//! - `step.rs`: [`Ball`], a circle stepped through a chain with the sweep and the skin.
//!
//! Rays and sweeps report the same [`Hit`], whose `time` counts multiples of the ray's
//! direction or of the sweep's motion:
//!
//! ```
//! use capsule2d::{Circle, Ray, Segment};
//! let wall = Segment::new([4.0, -1.0], [4.0, 1.0]);
//! assert_eq!(Ray::new([0.0, 0.0], [2.0, 0.0]).cast(&wall, 10.0).unwrap().time, 2.0);
//! assert_eq!(Circle::new([0.0, 0.0], 1.0).sweep(&wall, [6.0, 0.0]).unwrap().time, 0.5);
//! ```

pub(crate) mod cap;
pub(crate) mod cast;
mod chain;
mod crossings;
pub(crate) mod mover;
pub(crate) mod ray;
mod step;
pub(crate) mod sweep;
mod toi;
mod wall;

pub use cast::{CastOptions, StartOverlap};
pub use chain::{Chain, ChainContact, ChainHit, Resolution};
pub use crossings::Crossings;
pub use mover::{MAX_PLANES, MAX_PUSHES, Obstacles, Slide, SlideOptions, move_and_slide};
pub use ray::{Hit, Ray};
pub use step::{Ball, StepParams, StepReport};
pub use toi::{PoseMotion, Toi, ToiOptions, ToiState, time_of_impact};
