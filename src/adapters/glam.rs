//! [`Vector2`] for glam's `Vec2` (`f32`) and `DVec2` (`f64`) (feature `glam`).
//!
//! glam 0.34 is pulled in with `default-features = false` and its `nostd-libm` feature, so
//! the adapter builds for `no_std` targets too. Its vectors hold floats, so the feature
//! needs one of capsule2d's float backends, `std` (the default) or `libm`.
//!
//! ```
//! use capsule2d::{Capsule, Circle, Ray, Segment, Shape};
//! use glam::{DVec2, Vec2};
//!
//! // A Bevy-style f32 world: a ball resting on a ramp.
//! let ramp = Segment::new(Vec2::new(0.0, 0.0), Vec2::new(4.0, 3.0));
//! let ball = Circle::new(Vec2::new(1.0, 2.0), 1.25);
//! let contact = ball.contact(&ramp).unwrap();
//! // The ramp's left normal is (−3, 4)/5; the centre is 1·(−3/5) + 2·(4/5) = 1 above the
//! // ramp's line, so a ball of radius 1.25 sinks 0.25 into it.
//! assert!((contact.normal - Vec2::new(-0.6, 0.8)).length() < 1e-6);
//! assert!((contact.depth - 0.25).abs() < 1e-6);
//!
//! // DVec2 for f64 precision: a ray down onto a capsule.
//! let pill = Capsule::new(DVec2::new(-2.0, 0.0), DVec2::new(2.0, 0.0), 0.5);
//! let hit = Ray::new(DVec2::new(1.0, 3.0), DVec2::NEG_Y).cast(&pill, 10.0).unwrap();
//! assert_eq!((hit.time, hit.point, hit.normal), (2.5, DVec2::new(1.0, 0.5), DVec2::Y));
//! ```

#[cfg(not(any(feature = "std", feature = "libm")))]
compile_error!(
    "capsule2d's `glam` feature needs `std` or `libm`: glam's vectors hold f32 and f64, \
     which implement `Scalar` only with a float backend"
);

use crate::vector::Vector2;

impl Vector2 for ::glam::Vec2 {
    type Scalar = f32;
    #[inline]
    fn new(x: f32, y: f32) -> Self {
        Self::new(x, y)
    }
    #[inline]
    fn x(&self) -> f32 {
        self.x
    }
    #[inline]
    fn y(&self) -> f32 {
        self.y
    }
}

impl Vector2 for ::glam::DVec2 {
    type Scalar = f64;
    #[inline]
    fn new(x: f64, y: f64) -> Self {
        Self::new(x, y)
    }
    #[inline]
    fn x(&self) -> f64 {
        self.x
    }
    #[inline]
    fn y(&self) -> f64 {
        self.y
    }
}
