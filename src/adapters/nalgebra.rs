//! [`Vector2`] for nalgebra's `Vector2<S>` and `Point2<S>` (feature `nalgebra`).
//!
//! ```
//! use capsule2d::{Circle, Segment, Shape};
//! use nalgebra::{Point2, Vector2};
//!
//! let floor = Segment::new(Point2::new(-1.0, 0.0), Point2::new(1.0, 0.0));
//! let contact = Circle::new(Point2::new(0.0, 0.5), 1.0).contact(&floor).unwrap();
//! assert_eq!(contact.normal, Point2::new(0.0, 1.0));
//!
//! let v = Segment::new(Vector2::new(0.0_f32, 0.0), Vector2::new(2.0, 0.0));
//! assert_eq!(v.project_point(Vector2::new(1.0, 5.0)), Vector2::new(1.0, 0.0));
//! ```

use crate::num::Scalar;
use crate::vector::Vector2;

impl<S: Scalar + nalgebra::Scalar> Vector2 for nalgebra::Vector2<S> {
    type Scalar = S;
    #[inline]
    fn new(x: S, y: S) -> Self {
        Self::new(x, y)
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

impl<S: Scalar + nalgebra::Scalar> Vector2 for nalgebra::Point2<S> {
    type Scalar = S;
    #[inline]
    fn new(x: S, y: S) -> Self {
        Self::new(x, y)
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
