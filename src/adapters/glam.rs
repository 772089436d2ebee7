//! [`Vector2`] for glam's `Vec2` (`f32`) and `DVec2` (`f64`): feature `glam` for glam 0.34,
//! feature `glam033` for glam 0.33 (the version current Bevy and parry use). A type from
//! another crate can only get the trait here (the orphan rule), so each glam version a
//! user may have has its own feature; both can be on at once.
//!
//! glam is pulled in with `default-features = false` and its `nostd-libm` feature, so
//! the adapter builds for `no_std` targets too. Its vectors hold floats, so the feature
//! needs one of capsule2d's float backends, `std` (the default) or `libm`.

#[cfg(not(any(feature = "std", feature = "libm")))]
compile_error!(
    "capsule2d's `glam` and `glam033` features need `std` or `libm`: glam's vectors hold \
     f32 and f64, which implement `Scalar` only with a float backend"
);

use crate::vector::Vector2;

/// `Vector2` for one glam version's `Vec2` and `DVec2`.
macro_rules! glam_vectors {
    ($glam:ident) => {
        impl Vector2 for ::$glam::Vec2 {
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

        impl Vector2 for ::$glam::DVec2 {
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
    };
}

/// glam 0.34:
///
/// ```
/// use capsule2d::{Capsule, Circle, Ray, Segment, Shape};
/// use glam::{DVec2, Vec2};
///
/// // A Bevy-style f32 world: a ball resting on a ramp.
/// let ramp = Segment::new(Vec2::new(0.0, 0.0), Vec2::new(4.0, 3.0));
/// let ball = Circle::new(Vec2::new(1.0, 2.0), 1.25);
/// let contact = ball.contact(&ramp).unwrap();
/// // The ramp's left normal is (−3, 4)/5; the centre is 1·(−3/5) + 2·(4/5) = 1 above the
/// // ramp's line, so a ball of radius 1.25 sinks 0.25 into it.
/// assert!((contact.normal - Vec2::new(-0.6, 0.8)).length() < 1e-6);
/// assert!((contact.depth - 0.25).abs() < 1e-6);
///
/// // DVec2 for f64 precision: a ray down onto a capsule.
/// let pill = Capsule::new(DVec2::new(-2.0, 0.0), DVec2::new(2.0, 0.0), 0.5);
/// let hit = Ray::new(DVec2::new(1.0, 3.0), DVec2::NEG_Y).cast(&pill, 10.0).unwrap();
/// assert_eq!((hit.time, hit.point, hit.normal), (2.5, DVec2::new(1.0, 0.5), DVec2::Y));
/// ```
#[cfg(feature = "glam")]
mod glam034 {
    use super::Vector2;
    glam_vectors!(glam);
}

/// glam 0.33, as Bevy 0.20 and parry 0.31 (through glamx) use it:
///
/// ```
/// use capsule2d::{Circle, Segment, Shape};
/// use glam033::Vec2;
///
/// let floor = Segment::new(Vec2::new(-5.0, 0.0), Vec2::new(5.0, 0.0));
/// let ball = Circle::new(Vec2::new(0.0, 0.75), 1.0);
/// assert_eq!(ball.contact(&floor).unwrap().offset(), Vec2::new(0.0, 0.25));
/// ```
#[cfg(feature = "glam033")]
mod glam033 {
    use super::Vector2;
    glam_vectors!(glam033);
}
