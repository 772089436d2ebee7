//! `use capsule2d::prelude::*;` brings the shapes, the results and the traits' methods.
//!
//! The traits come in anonymously (`as _`): their methods work, but their names do not
//! enter your scope, so the prelude sits beside `nalgebra::Vector2` or your own `Shape`
//! without a name clash. Name them as `capsule2d::Vector2` where you implement them.
//!
//! # Examples
//!
//! ```
//! use capsule2d::prelude::*;
//!
//! let ball = Circle::new([0.0, 0.5], 1.0);
//! let floor = Segment::new([-1.0, 0.0], [1.0, 0.0]);
//! assert!(ball.intersects(&floor));
//! ```

pub use crate::num::Scalar as _;
pub use crate::shape::Shape as _;
pub use crate::vector::Vector2 as _;
pub use crate::{
    Aabb, AnyShape, Capsule, CastOptions, Circle, ClosestPoints, Contact, Core, Feature, FeatureId,
    Hit, Manifold, ManifoldPoint, Pose, Ray, Rotation, Segment, StartOverlap,
};
