//! Points as shapes: every [`Vector2`] is a [`Shape`] with a point core and radius 0.

use crate::shape::{Core, Shape, zero};
use crate::vector::Vector2;

/// A point is a shape: a point core with radius 0.
///
/// ```
/// use capsule2d::{Circle, Segment, Shape};
///
/// let p = [3.0, 4.0];
/// assert_eq!(p.distance(&[0.0, 0.0]), 5.0);
/// assert!(p.intersects(&Circle::new([0.0, 0.0], 5.0)));
/// let c = p.contact(&Segment::new([0.0, 4.0], [6.0, 4.0])).unwrap();
/// assert_eq!((c.normal, c.depth), ([0.0, 1.0], 0.0));
/// ```
impl<V: Vector2> Shape<V> for V {
    #[inline(always)]
    fn core(&self) -> Core<V> {
        Core::Point(*self)
    }
    #[inline(always)]
    fn radius(&self) -> V::Scalar {
        zero::<V>()
    }
}
