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
//!
//! ## Points for positions, vectors for directions
//!
//! nalgebra code keeps positions in `Point2` and displacements in `Vector2`. Shapes built
//! on `Point2` take both as they come, without `.coords` or a conversion:
//!
//! - the direction-like arguments — [`Ray::new`]'s direction, [`Circle::sweep`]'s and
//!   [`Chain::sweep`](crate::Chain::sweep)'s motion, every `translated(by)` — take
//!   `impl Into<V>`, and nalgebra converts a `Vector2` into a `Point2`;
//! - the direction-like results of a `Point2` query come back as `Vector2` through
//!   [`Contact::normal_vector`], [`Contact::offset_vector`],
//!   [`Contact::offset_with_skin_vector`] and [`Hit::normal_vector`] (the fields
//!   themselves are of the shape's vector type, `Point2`).
//!
//! ```
//! use capsule2d::{Circle, Ray, Segment, Shape};
//! use nalgebra::{Point2, Vector2};
//!
//! let floor = Segment::new(Point2::new(-4.0, 0.0), Point2::new(4.0, 0.0));
//! let mut ball = Circle::new(Point2::new(0.0, 0.75), 1.0);
//! let velocity = Vector2::new(1.0, -2.0);
//!
//! // Push out of the floor: `Point2 += Vector2`.
//! let contact = ball.contact(&floor).unwrap();
//! ball.center += contact.offset_vector();
//! assert_eq!(ball.center, Point2::new(0.0, 1.0));
//! let slide: Vector2<f64> = velocity - contact.normal_vector() * velocity.dot(&contact.normal_vector());
//! assert_eq!(slide, Vector2::new(1.0, 0.0));
//!
//! // A ray from a point along a vector, a sweep by a vector.
//! let hit = Ray::new(Point2::new(0.0, 3.0), Vector2::new(0.0, -1.0)).cast(&floor, 10.0).unwrap();
//! assert_eq!((hit.time, hit.normal_vector()), (3.0, Vector2::new(0.0, 1.0)));
//! // Lifted to a height of 3 and moved by twice the velocity: it lands halfway.
//! let lifted = ball.translated(Vector2::new(0.0, 2.0));
//! assert_eq!(lifted.sweep(&floor, velocity * 2.0).unwrap().time, 0.5);
//! ```

use crate::motion::Hit;
use crate::num::Scalar;
use crate::query::Contact;
use crate::vector::Vector2;
#[cfg(doc)]
use crate::{Circle, Ray};

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

impl<S: Scalar + nalgebra::Scalar> Contact<nalgebra::Point2<S>> {
    /// The normal as a nalgebra `Vector2`: a direction, for arithmetic with positions.
    ///
    /// ```
    /// use capsule2d::{Circle, Shape};
    /// use nalgebra::{Point2, Vector2};
    /// let c = Circle::new(Point2::new(0.0, 1.5), 1.0)
    ///     .contact(&Circle::new(Point2::origin(), 1.0))
    ///     .unwrap();
    /// assert_eq!(c.normal_vector(), Vector2::new(0.0, 1.0));
    /// ```
    #[inline]
    pub fn normal_vector(&self) -> nalgebra::Vector2<S> {
        nalgebra::Vector2::new(self.normal.x, self.normal.y)
    }

    /// [`offset`](Self::offset) as a nalgebra `Vector2`: `position += contact.offset_vector()`.
    ///
    /// ```
    /// use capsule2d::{Circle, Shape};
    /// use nalgebra::{Point2, Vector2};
    /// let mut ball = Circle::new(Point2::new(0.0, 1.5), 1.0);
    /// let c = ball.contact(&Circle::new(Point2::origin(), 1.0)).unwrap();
    /// ball.center += c.offset_vector();
    /// assert_eq!(ball.center, Point2::new(0.0, 2.0));
    /// ```
    #[inline]
    pub fn offset_vector(&self) -> nalgebra::Vector2<S> {
        let offset = self.offset();
        nalgebra::Vector2::new(offset.x, offset.y)
    }

    /// [`offset_with_skin`](Self::offset_with_skin) as a nalgebra `Vector2`.
    ///
    /// ```
    /// use capsule2d::{Circle, Shape};
    /// use nalgebra::{Point2, Vector2};
    /// let c = Circle::new(Point2::new(0.0, 1.5), 1.0)
    ///     .contact(&Circle::new(Point2::origin(), 1.0))
    ///     .unwrap();
    /// assert_eq!(c.offset_with_skin_vector(0.125), Vector2::new(0.0, 0.375));
    /// ```
    #[inline]
    pub fn offset_with_skin_vector(&self, skin: S) -> nalgebra::Vector2<S> {
        let offset = self.offset_with_skin(skin);
        nalgebra::Vector2::new(offset.x, offset.y)
    }
}

impl<S: Scalar + nalgebra::Scalar> Hit<nalgebra::Point2<S>> {
    /// The normal as a nalgebra `Vector2`, for reflecting or sliding a velocity.
    ///
    /// ```
    /// use capsule2d::{Ray, Segment};
    /// use nalgebra::{Point2, Vector2};
    /// let floor = Segment::new(Point2::new(-1.0, 0.0), Point2::new(1.0, 0.0));
    /// let hit = Ray::new(Point2::new(0.0, 2.0), Vector2::new(0.0, -1.0))
    ///     .cast(&floor, 5.0)
    ///     .unwrap();
    /// assert_eq!(hit.normal_vector(), Vector2::new(0.0, 1.0));
    /// ```
    #[inline]
    pub fn normal_vector(&self) -> nalgebra::Vector2<S> {
        nalgebra::Vector2::new(self.normal.x, self.normal.y)
    }
}
