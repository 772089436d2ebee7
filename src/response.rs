//! Collision responses: reflection, sliding, and repositioning with a skin.
//!
//! All three take the contact normal `n` (unit, pointing from the obstacle towards the
//! moving body, as every [`Contact`] does) and act only on the *approaching* part of the
//! velocity, where `v · n < 0`. A body already moving away keeps its velocity.
//! [`clip`] does what [`slide`] does against several planes at once (the velocity nearest
//! `v` that presses into none of them), as [`move_and_slide`](crate::move_and_slide) uses it.

pub use crate::motion::mover::clip;
use crate::num::{Num, Scalar};
use crate::query::Contact;
use crate::vector::{Vector2, VectorOps};

/// Reflects `velocity` off a surface with unit normal `normal`:
/// `v' = v − (1 + e)(v · n) n` when `v · n < 0`, and `v` unchanged otherwise.
///
/// `restitution` (`e`) is 1 for a perfect bounce (speed kept), 0 for a dead stop along the
/// normal (the same as [`slide`]); values in between lose energy. Values outside `[0, 1]`
/// are used as given.
///
/// # Examples
///
/// ```
/// use capsule2d::response::reflect;
///
/// // A ball falling at 45° onto a floor whose normal is +y.
/// assert_eq!(reflect([1.0, -1.0], [0.0, 1.0], 1.0), [1.0, 1.0]);
/// assert_eq!(reflect([1.0, -1.0], [0.0, 1.0], 0.5), [1.0, 0.5]);
/// // Already leaving: unchanged.
/// assert_eq!(reflect([1.0, 1.0], [0.0, 1.0], 1.0), [1.0, 1.0]);
/// ```
#[inline]
pub fn reflect<V: Vector2>(velocity: V, normal: V, restitution: V::Scalar) -> V {
    let approach = velocity.dot(normal);
    if approach < V::Scalar::ZERO {
        let impulse = V::Scalar::ONE.add(restitution).mul(approach);
        velocity.sub(normal.scale(impulse))
    } else {
        velocity
    }
}

/// Removes the approaching part of `velocity` along `normal`: `v' = v − (v · n) n` when
/// `v · n < 0`, and `v` unchanged otherwise. The body slides along the surface.
///
/// # Examples
///
/// ```
/// use capsule2d::response::slide;
///
/// assert_eq!(slide([2.0, -1.0], [0.0, 1.0]), [2.0, 0.0]);
/// assert_eq!(slide([2.0, 1.0], [0.0, 1.0]), [2.0, 1.0]);
/// ```
#[inline]
pub fn slide<V: Vector2>(velocity: V, normal: V) -> V {
    reflect(velocity, normal, V::Scalar::ZERO)
}

/// Moves `position` out of the overlap that `contact` describes, leaving `skin` of
/// overlap behind: `position + n · max(depth − skin, 0)`.
///
/// Keeping a small skin ("the radius minus a little") means the body still touches the
/// surface after the step, so the next step sees the contact again instead of letting the
/// body fall back in and out: a body at rest stays at rest, without jitter.
///
/// # Examples
///
/// ```
/// use capsule2d::{Circle, Segment, Shape, response::push_out};
///
/// let floor = Segment::new([-5.0, 0.0], [5.0, 0.0]);
/// let ball = Circle::new([0.0, 0.5], 1.0);
/// let contact = ball.contact(&floor).unwrap();
/// assert_eq!(push_out(ball.center, &contact, 0.125), [0.0, 0.875]);
/// ```
#[inline]
pub fn push_out<V: Vector2>(position: V, contact: &Contact<V>, skin: V::Scalar) -> V {
    position.add(contact.offset_with_skin(skin))
}
