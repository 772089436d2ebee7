//! [`Contact`]: what a contact query returns, and how to push shapes apart with it.

use crate::num::{Num, Scalar};
use crate::vector::{Vector2, VectorOps};

/// The contact between two overlapping (or touching) shapes.
///
/// Every contact query follows one rule: `x.contact(&y)` returns a contact whose
/// [`normal`](Contact::normal) points from `y` towards `x`, and moving `x` by
/// [`offset()`](Contact::offset) leaves the two shapes just touching.
///
/// - `normal` is a unit vector, always; when the shapes' centres or cores coincide it
///   falls back to the documented direction (see `docs/semantics.md`).
/// - `depth ≥ 0` is how far the shapes overlap along `normal`; 0 when they just touch.
/// - `point` lies on the surface of `y`: the point of `y` that faces `x` along the normal.
///   For a circle against a segment it is the closest point on the segment. (One
///   exception: when two capsule cores cross and the separating direction is `x`'s own
///   normal, `point` is the crossing moved by `y`'s radius, which lies inside `y`.)
///
/// # Examples
///
/// ```
/// use capsule2d::{Circle, Segment, Shape};
///
/// let floor = Segment::new([0.0, 0.0], [10.0, 0.0]);
/// let ball = Circle::new([3.0, 0.75], 1.0);
/// let contact = ball.contact(&floor).unwrap();
/// assert_eq!(contact.normal, [0.0, 1.0]);
/// assert_eq!(contact.depth, 0.25);
/// assert_eq!(contact.point, [3.0, 0.0]);
/// assert_eq!(contact.offset(), [0.0, 0.25]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Contact<V, S = <V as Vector2>::Scalar> {
    /// Unit vector from the argument shape towards the receiver.
    pub normal: V,
    /// Overlap along `normal`; never negative.
    pub depth: S,
    /// The point on the argument shape's surface that faces the receiver.
    pub point: V,
}

impl<V: Vector2> Contact<V, V::Scalar> {
    /// `normal × depth`: the translation that, added to the receiver's position, resolves
    /// the overlap exactly (the shapes end up touching).
    ///
    /// ```
    /// use capsule2d::Contact;
    /// let c = Contact { normal: [0.0, 1.0], depth: 0.5, point: [0.0, 0.0] };
    /// assert_eq!(c.offset(), [0.0, 0.5]);
    /// ```
    #[inline]
    pub fn offset(&self) -> V {
        self.normal.scale(self.depth)
    }

    /// Like [`offset`](Self::offset) but leaves `skin` of overlap behind: the translation
    /// `normal × max(depth − skin, 0)`.
    ///
    /// A body resolved this way stays in contact, so the next step finds the contact
    /// again instead of falling back in; this is the "radius minus a little" that stops
    /// resting bodies from jittering. A contact shallower than `skin` is left alone.
    ///
    /// ```
    /// use capsule2d::Contact;
    /// let c = Contact { normal: [1.0, 0.0], depth: 0.5, point: [0.0, 0.0] };
    /// assert_eq!(c.offset_with_skin(0.125), [0.375, 0.0]);
    /// assert_eq!(c.offset_with_skin(1.0), [0.0, 0.0]);
    /// ```
    #[inline]
    pub fn offset_with_skin(&self, skin: V::Scalar) -> V {
        let push = self.depth.sub(skin).max(V::Scalar::ZERO);
        self.normal.scale(push)
    }
}
