//! [`Vector2`] for mint's `Vector2<S>` and `Point2<S>` (feature `mint`).
//!
//! mint is the interchange format many math crates convert to and from (cgmath, glam,
//! nalgebra, euclid, ultraviolet, …), so a mint vector is a way to hand capsule2d a vector
//! from a crate it has no adapter for. Any [`Scalar`] works as the component type,
//! fixed point included.
//!
//! ```
//! use capsule2d::{Circle, Segment, Shape};
//! use mint::{Point2, Vector2};
//!
//! let wall = Segment::new(Point2 { x: 2.0, y: -1.0 }, Point2 { x: 2.0, y: 1.0 });
//! let ball = Circle::new(Point2 { x: 1.5, y: 0.0 }, 1.0);
//! let contact = ball.contact(&wall).unwrap();
//! assert_eq!(contact.normal, Point2 { x: -1.0, y: 0.0 });
//! assert_eq!(contact.depth, 0.5);
//!
//! let floor = Segment::new(Vector2 { x: 0.0_f32, y: 0.0 }, Vector2 { x: 4.0, y: 0.0 });
//! assert_eq!(floor.project_point(Vector2 { x: 5.0, y: 3.0 }), Vector2 { x: 4.0, y: 0.0 });
//! ```

use crate::num::Scalar;
use crate::vector::Vector2;

impl<S: Scalar> Vector2 for ::mint::Vector2<S> {
    type Scalar = S;
    #[inline]
    fn new(x: S, y: S) -> Self {
        Self { x, y }
    }
    #[inline]
    fn x(&self) -> S {
        self.x
    }
    #[inline]
    fn y(&self) -> S {
        self.y
    }
}

impl<S: Scalar> Vector2 for ::mint::Point2<S> {
    type Scalar = S;
    #[inline]
    fn new(x: S, y: S) -> Self {
        Self { x, y }
    }
    #[inline]
    fn x(&self) -> S {
        self.x
    }
    #[inline]
    fn y(&self) -> S {
        self.y
    }
}
