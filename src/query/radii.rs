//! [`Radii`]: the two radii of a pair, kept apart so that the exact predicates can add
//! them exactly, and the two decisions "within the radii" (point–point, point–segment).

use crate::num::{Num, Scalar};
use crate::query::project::xy;
use crate::vector::Vector2;

type S<V> = <V as Vector2>::Scalar;

/// The radii of two shapes whose cores are compared, kept apart so that the predicates
/// can add them exactly.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Radii<T> {
    /// The radius around core `x`.
    pub(crate) x: T,
    /// The radius around core `y`.
    pub(crate) y: T,
}

impl<T: Scalar> Radii<T> {
    /// No radius at all: the cores themselves.
    pub(crate) const ZERO: Self = Self {
        x: T::ZERO,
        y: T::ZERO,
    };

    /// The radii as given, unchecked: for [`within_point`] and [`within_segment`], whose
    /// predicates answer no to a negative or NaN radius themselves (the [`Scalar`]
    /// contract), so that the yes/no queries pay no branch of their own for it.
    #[inline]
    pub(crate) const fn unchecked(x: T, y: T) -> Self {
        Self { x, y }
    }

    /// The same radii seen from the other side.
    #[inline(always)]
    pub(crate) fn swapped(self) -> Self {
        Self {
            x: self.y,
            y: self.x,
        }
    }

    /// `r_x + r_y`.
    #[inline]
    pub(crate) fn sum(self) -> T {
        self.x.add(self.y)
    }

    /// Both radii divided by 4.
    pub(crate) fn quartered(self) -> Self {
        Self {
            x: self.x.half().half(),
            y: self.y.half().half(),
        }
    }
}

/// The radii of two shapes, or `None` when either is negative or NaN (such a shape is
/// empty and touches nothing).
#[inline]
pub(crate) fn inflate<T: Scalar>(x: T, y: T) -> Option<Radii<T>> {
    if x >= T::ZERO && y >= T::ZERO {
        Some(Radii { x, y })
    } else {
        None
    }
}

/// Whether `p` lies within `radii` of segment `ab`: the `within_segment` hook.
#[inline(always)]
pub(crate) fn within_segment<V: Vector2>(p: V, a: V, b: V, radii: Radii<S<V>>) -> bool {
    S::<V>::within_segment(xy(p), xy(a), xy(b), radii.x, radii.y)
}

/// [`within_segment`] asked on its own (a query of its own, not inside a larger kernel):
/// the `within_segment_alone` hook.
#[inline(always)]
pub(crate) fn within_segment_alone<V: Vector2>(p: V, a: V, b: V, radii: Radii<S<V>>) -> bool {
    S::<V>::within_segment_alone(xy(p), xy(a), xy(b), radii.x, radii.y)
}

/// Whether `p` lies within `radii` of `q`: the `within_point` hook.
#[inline(always)]
pub(crate) fn within_point<V: Vector2>(p: V, q: V, radii: Radii<S<V>>) -> bool {
    S::<V>::within_point(xy(p), xy(q), radii.x, radii.y)
}
