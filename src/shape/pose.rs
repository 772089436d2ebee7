//! [`Rotation`] and [`Pose`]: placing shapes, in any scalar, fixed point included.

use crate::num::{Num, Scalar};
use crate::vector::{Vector2, VectorOps};

/// A rotation as a unit complex number `cos + i sin`: multiplying by it turns a vector by
/// the angle.
///
/// Stored as `(cos, sin)` rather than an angle, so that rotating needs no trigonometry
/// and works in fixed point; [`Rotation::new`] normalises what it is given. The crate
/// computes with `+ − × ÷ √` only, so that results are bit-identical on every platform;
/// from an angle, write `Rotation::new(angle.cos(), angle.sin())` (the platform's
/// trigonometry then decides the last bits of the rotation, nothing after it).
///
/// # Examples
///
/// ```
/// use capsule2d::Rotation;
///
/// let quarter = Rotation::new(0.0, 1.0);
/// assert_eq!(quarter.rotate([2.0, 0.0]), [0.0, 2.0]);
/// assert_eq!(quarter.inverse().rotate([0.0, 2.0]), [2.0, 0.0]);
/// // From any (cos, sin) direction, normalised:
/// assert_eq!(Rotation::new(0.0, 5.0), quarter);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rotation<S> {
    /// The cosine of the angle.
    pub cos: S,
    /// The sine of the angle.
    pub sin: S,
}

impl<S: Scalar> Rotation<S> {
    /// No rotation: `(1, 0)`.
    ///
    /// ```
    /// use capsule2d::Rotation;
    /// assert_eq!(Rotation::<f32>::IDENTITY.rotate([1.0, 2.0]), [1.0, 2.0]);
    /// ```
    pub const IDENTITY: Self = Self {
        cos: S::ONE,
        sin: S::ZERO,
    };

    /// The rotation towards the direction `(cos, sin)`, normalised to unit length; the
    /// identity for the zero vector (or NaN).
    ///
    /// ```
    /// use capsule2d::Rotation;
    /// let r = Rotation::new(3.0, 4.0);
    /// assert_eq!((r.cos, r.sin), (0.6, 0.8));
    /// assert_eq!(Rotation::new(0.0, 0.0), Rotation::IDENTITY);
    /// ```
    #[inline]
    pub fn new(cos: S, sin: S) -> Self {
        match S::normalize(cos, sin) {
            Some((cos, sin)) => Self { cos, sin },
            None => Self::IDENTITY,
        }
    }

    /// `v` turned by the rotation: `(c x − s y, s x + c y)`.
    ///
    /// ```
    /// use capsule2d::Rotation;
    /// assert_eq!(Rotation::new(-1.0, 0.0).rotate([1.0, 2.0]), [-1.0, -2.0]);
    /// ```
    #[inline]
    pub fn rotate<V: Vector2<Scalar = S>>(&self, v: V) -> V {
        let (c, s) = (self.cos, self.sin);
        V::new(
            c.mul(v.x()).sub(s.mul(v.y())),
            s.mul(v.x()).add(c.mul(v.y())),
        )
    }

    /// The opposite rotation (the conjugate `(cos, −sin)`).
    ///
    /// ```
    /// use capsule2d::Rotation;
    /// assert_eq!(Rotation::new(0.0, 1.0).inverse(), Rotation::new(0.0, -1.0));
    /// ```
    #[inline]
    pub fn inverse(&self) -> Self {
        Self {
            cos: self.cos,
            sin: self.sin.neg(),
        }
    }

    /// This rotation followed by `next`: the product of the two unit complex numbers.
    ///
    /// ```
    /// use capsule2d::Rotation;
    /// let quarter = Rotation::new(0.0, 1.0);
    /// assert_eq!(quarter.then(&quarter), Rotation::new(-1.0, 0.0));
    /// ```
    #[inline]
    pub fn then(&self, next: &Self) -> Self {
        Self {
            cos: next.cos.mul(self.cos).sub(next.sin.mul(self.sin)),
            sin: next.sin.mul(self.cos).add(next.cos.mul(self.sin)),
        }
    }
}

/// A placement: a [`Rotation`] about the origin, then a translation. It maps a shape's
/// local frame (a body's frame) into the world, and [`inverse`](Self::inverse) maps back.
///
/// # Examples
///
/// ```
/// use capsule2d::{Capsule, Pose, Rotation, Shape};
///
/// // A link of length 2 along its local x axis, placed at (1, 1) and turned a quarter.
/// let local = Capsule::new([0.0, 0.0], [2.0, 0.0], 0.25);
/// let pose = Pose::new(Rotation::new(0.0, 1.0), [1.0, 1.0]);
/// let world = local.transformed(&pose);
/// assert_eq!((world.a, world.b), ([1.0, 1.0], [1.0, 3.0]));
/// assert_eq!(pose.inverse().transform_point([1.0, 3.0]), [2.0, 0.0]);
/// assert!(world.contains_point([1.0, 2.0]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Pose<V, S = <V as Vector2>::Scalar> {
    /// The rotation, applied first.
    pub rotation: Rotation<S>,
    /// The translation, applied after the rotation.
    pub translation: V,
}

impl<V, S> Pose<V, S> {
    /// The pose that rotates by `rotation`, then translates by `translation`.
    ///
    /// ```
    /// use capsule2d::{Pose, Rotation};
    /// let p = Pose::new(Rotation::<f64>::IDENTITY, [1.0, 2.0]);
    /// assert_eq!(p.translation, [1.0, 2.0]);
    /// ```
    #[inline]
    pub const fn new(rotation: Rotation<S>, translation: V) -> Self {
        Self {
            rotation,
            translation,
        }
    }
}

impl<V: Vector2> Pose<V> {
    /// The identity: no rotation, no translation.
    ///
    /// ```
    /// use capsule2d::Pose;
    /// assert_eq!(Pose::<[f64; 2]>::identity().transform_point([3.0, 4.0]), [3.0, 4.0]);
    /// ```
    #[inline]
    pub fn identity() -> Self {
        Self::new(Rotation::IDENTITY, V::zero())
    }

    /// A pure translation.
    ///
    /// ```
    /// use capsule2d::Pose;
    /// assert_eq!(Pose::from_translation([1.0, 0.0]).transform_point([3.0, 4.0]), [4.0, 4.0]);
    /// ```
    #[inline]
    pub fn from_translation(translation: V) -> Self {
        Self::new(Rotation::IDENTITY, translation)
    }

    /// The point `p` of the local frame in the world: `R p + t`.
    ///
    /// ```
    /// use capsule2d::{Pose, Rotation};
    /// let pose = Pose::new(Rotation::new(0.0, 1.0), [1.0, 0.0]);
    /// assert_eq!(pose.transform_point([1.0, 0.0]), [1.0, 1.0]);
    /// ```
    #[inline]
    pub fn transform_point(&self, p: V) -> V {
        self.rotation.rotate(p).add(self.translation)
    }

    /// A direction of the local frame in the world: `R v` (no translation).
    ///
    /// ```
    /// use capsule2d::{Pose, Rotation};
    /// let pose = Pose::new(Rotation::new(0.0, 1.0), [5.0, 5.0]);
    /// assert_eq!(pose.transform_vector([1.0, 0.0]), [0.0, 1.0]);
    /// ```
    #[inline]
    pub fn transform_vector(&self, v: V) -> V {
        self.rotation.rotate(v)
    }

    /// The inverse placement: `p ↦ R⁻¹ (p − t)`.
    ///
    /// ```
    /// use capsule2d::{Pose, Rotation};
    /// let pose = Pose::new(Rotation::new(0.0, 1.0), [1.0, 0.0]);
    /// assert_eq!(pose.inverse().transform_point(pose.transform_point([2.0, 3.0])), [2.0, 3.0]);
    /// ```
    #[inline]
    pub fn inverse(&self) -> Self {
        let rotation = self.rotation.inverse();
        Self::new(rotation, rotation.rotate(self.translation).neg())
    }

    /// This pose followed by `next` (first `self`, then `next`).
    ///
    /// ```
    /// use capsule2d::{Pose, Rotation};
    /// let turn = Pose::new(Rotation::new(0.0, 1.0), [0.0, 0.0]);
    /// let shift = Pose::from_translation([1.0, 0.0]);
    /// assert_eq!(turn.then(&shift).transform_point([1.0, 0.0]), [1.0, 1.0]);
    /// ```
    #[inline]
    pub fn then(&self, next: &Self) -> Self {
        Self::new(
            self.rotation.then(&next.rotation),
            next.transform_point(self.translation),
        )
    }
}
