//! The [`Vector2`] trait: the one trait a caller implements to bring their own vector type.

use crate::num::{Num, Scalar};

/// A 2D vector (or point) of some [`Scalar`].
///
/// Three methods, and nothing else: [`new`](Vector2::new), [`x`](Vector2::x) and
/// [`y`](Vector2::y). The crate does its vector arithmetic itself, in terms of these and of
/// [`Scalar`]'s total arithmetic, so the trait adds no `add`, `dot` or `length` that could
/// clash with your type's own methods or operators when it is in scope.
///
/// Implemented for `[S; 2]` and `(S, S)` for every scalar `S`, and (feature `nalgebra`) for
/// nalgebra's `Vector2<S>` and `Point2<S>`.
///
/// # Examples
///
/// An engine's own vector type takes a few lines:
///
/// ```
/// use capsule2d::{Circle, Segment, Shape, Vector2};
///
/// #[derive(Clone, Copy, Debug, PartialEq)]
/// struct Vec2 {
///     x: f32,
///     y: f32,
/// }
///
/// impl Vector2 for Vec2 {
///     type Scalar = f32;
///     fn new(x: f32, y: f32) -> Self {
///         Vec2 { x, y }
///     }
///     fn x(&self) -> f32 {
///         self.x
///     }
///     fn y(&self) -> f32 {
///         self.y
///     }
/// }
///
/// let floor = Segment::new(Vec2::new(-5.0, 0.0), Vec2::new(5.0, 0.0));
/// let ball = Circle::new(Vec2::new(1.0, 0.5), 1.0);
/// let contact = ball.contact(&floor).unwrap();
/// assert_eq!(contact.normal, Vec2::new(0.0, 1.0));
/// assert_eq!(contact.depth, 0.5);
/// ```
pub trait Vector2: Copy {
    /// The number type of the components.
    type Scalar: Scalar;

    /// The vector `(x, y)`.
    ///
    /// ```
    /// use capsule2d::Vector2;
    /// let v: [f64; 2] = Vector2::new(1.0, 2.0);
    /// assert_eq!(v, [1.0, 2.0]);
    /// ```
    fn new(x: Self::Scalar, y: Self::Scalar) -> Self;

    /// The first component.
    ///
    /// ```
    /// use capsule2d::Vector2;
    /// assert_eq!(Vector2::x(&(1.0_f32, 2.0)), 1.0);
    /// ```
    fn x(&self) -> Self::Scalar;

    /// The second component.
    ///
    /// ```
    /// use capsule2d::Vector2;
    /// assert_eq!(Vector2::y(&(1.0_f32, 2.0)), 2.0);
    /// ```
    fn y(&self) -> Self::Scalar;
}

/// Vector arithmetic on any [`Vector2`], through its components and the total [`Scalar`]
/// arithmetic: what the crate computes with, offered for generic code of your own.
///
/// It is deliberately *not* in the prelude nor at the crate root: its `add`, `sub` and
/// `neg` share their names with `std::ops`, so a type with operators of its own (glam's
/// `Vec2`) would see two candidates where both are imported. Import it where you want it,
/// on arrays and tuples (which have no operators) it never clashes.
///
/// ```
/// use capsule2d::vector::VectorOps;
///
/// let (u, v) = ([3.0_f64, 4.0], [1.0, -2.0]);
/// assert_eq!(u.add(v), [4.0, 2.0]);
/// assert_eq!(u.dot(v), -5.0);
/// assert_eq!(u.length(), 5.0);
/// assert_eq!(u.perp(), [-4.0, 3.0]);
/// assert_eq!([0.0, 2.0].normalize(), Some([0.0, 1.0]));
/// ```
pub trait VectorOps: Vector2 {
    /// The zero vector.
    ///
    /// ```
    /// use capsule2d::vector::VectorOps;
    /// assert_eq!(<[f32; 2]>::zero(), [0.0, 0.0]);
    /// ```
    #[inline(always)]
    fn zero() -> Self {
        Self::new(Self::Scalar::ZERO, Self::Scalar::ZERO)
    }
    /// `self + rhs`.
    ///
    /// ```
    /// use capsule2d::vector::VectorOps;
    /// assert_eq!([1.0, 2.0].add([3.0, -1.0]), [4.0, 1.0]);
    /// ```
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        Self::new(self.x().add(rhs.x()), self.y().add(rhs.y()))
    }
    /// `self − rhs`.
    ///
    /// ```
    /// use capsule2d::vector::VectorOps;
    /// assert_eq!([1.0, 2.0].sub([3.0, -1.0]), [-2.0, 3.0]);
    /// ```
    #[inline(always)]
    fn sub(self, rhs: Self) -> Self {
        Self::new(self.x().sub(rhs.x()), self.y().sub(rhs.y()))
    }
    /// `self × s`.
    ///
    /// ```
    /// use capsule2d::vector::VectorOps;
    /// assert_eq!((1.5_f64, -2.0).scale(2.0), (3.0, -4.0));
    /// ```
    #[inline(always)]
    fn scale(self, s: Self::Scalar) -> Self {
        Self::new(self.x().mul(s), self.y().mul(s))
    }
    /// `−self`.
    ///
    /// ```
    /// use capsule2d::vector::VectorOps;
    /// assert_eq!([1.0, -2.0].neg(), [-1.0, 2.0]);
    /// ```
    #[inline(always)]
    fn neg(self) -> Self {
        Self::new(self.x().neg(), self.y().neg())
    }
    /// `self · rhs`.
    ///
    /// ```
    /// use capsule2d::vector::VectorOps;
    /// assert_eq!([1.0, 2.0].dot([3.0, -1.0]), 1.0);
    /// ```
    #[inline(always)]
    fn dot(self, rhs: Self) -> Self::Scalar {
        self.x().mul(rhs.x()).add(self.y().mul(rhs.y()))
    }
    /// `self × rhs = x₁y₂ − y₁x₂`: positive when `rhs` turns counter-clockwise from `self`.
    ///
    /// ```
    /// use capsule2d::vector::VectorOps;
    /// assert_eq!([1.0, 0.0].perp_dot([0.0, 2.0]), 2.0);
    /// assert_eq!([0.0, 2.0].perp_dot([1.0, 0.0]), -2.0);
    /// ```
    #[inline(always)]
    fn perp_dot(self, rhs: Self) -> Self::Scalar {
        self.x().mul(rhs.y()).sub(self.y().mul(rhs.x()))
    }
    /// `|self|²`.
    ///
    /// ```
    /// use capsule2d::vector::VectorOps;
    /// assert_eq!([3.0, 4.0].length_squared(), 25.0);
    /// ```
    #[inline(always)]
    fn length_squared(self) -> Self::Scalar {
        self.dot(self)
    }
    /// `|self|`, without overflow or underflow for the crate's scalars.
    ///
    /// ```
    /// use capsule2d::vector::VectorOps;
    /// assert_eq!([3.0, 4.0].length(), 5.0);
    /// // No overflow where |v|² would: (3·2⁶⁰⁰)² is beyond f64.
    /// let big = 2.0_f64.powi(600);
    /// assert_eq!([3.0 * big, 4.0 * big].length(), 5.0 * big);
    /// ```
    #[inline(always)]
    fn length(self) -> Self::Scalar {
        Self::Scalar::hypot(self.x(), self.y())
    }
    /// `self` turned a quarter counter-clockwise: `(−y, x)`.
    ///
    /// ```
    /// use capsule2d::vector::VectorOps;
    /// assert_eq!([1.0, 2.0].perp(), [-2.0, 1.0]);
    /// ```
    #[inline(always)]
    fn perp(self) -> Self {
        Self::new(self.y().neg(), self.x())
    }
    /// The unit vector along `self`, or `None` for the zero vector (and NaN).
    ///
    /// ```
    /// use capsule2d::vector::VectorOps;
    /// assert_eq!([0.0, -3.0].normalize(), Some([0.0, -1.0]));
    /// assert_eq!([0.0, 0.0].normalize(), None);
    /// assert_eq!([f64::NAN, 1.0].normalize(), None);
    /// ```
    #[inline(always)]
    fn normalize(self) -> Option<Self> {
        Self::Scalar::normalize(self.x(), self.y()).map(|(x, y)| Self::new(x, y))
    }
}

impl<V: Vector2> VectorOps for V {}

impl<S: Scalar> Vector2 for [S; 2] {
    type Scalar = S;
    #[inline]
    fn new(x: S, y: S) -> Self {
        [x, y]
    }
    #[inline]
    fn x(&self) -> S {
        self[0]
    }
    #[inline]
    fn y(&self) -> S {
        self[1]
    }
}

impl<S: Scalar> Vector2 for (S, S) {
    type Scalar = S;
    #[inline]
    fn new(x: S, y: S) -> Self {
        (x, y)
    }
    #[inline]
    fn x(&self) -> S {
        self.0
    }
    #[inline]
    fn y(&self) -> S {
        self.1
    }
}

/// Internal helpers over the wide products, shared by every query.
pub(crate) mod wide {
    use super::Vector2;
    use crate::num::{Num, Scalar, Wide};

    /// Shorthand for the wide type of a vector's scalar.
    pub(crate) type W<V> = <<V as Vector2>::Scalar as Scalar>::Wide;

    /// `u · v`, in the wide type (exact for fixed point).
    #[inline]
    pub(crate) fn dot<V: Vector2>(u: V, v: V) -> W<V> {
        u.x().mul_wide(v.x()).add(u.y().mul_wide(v.y()))
    }

    /// `u × v`, in the wide type (exact for fixed point).
    #[inline]
    pub(crate) fn cross<V: Vector2>(u: V, v: V) -> W<V> {
        u.x().mul_wide(v.y()).sub(u.y().mul_wide(v.x()))
    }

    /// Whether two points are the same point.
    #[inline]
    pub(crate) fn coincide<V: Vector2>(u: V, v: V) -> bool {
        u.x() == v.x() && u.y() == v.y()
    }
}
