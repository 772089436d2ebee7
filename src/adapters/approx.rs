//! approx's `AbsDiffEq`, `RelativeEq` and `UlpsEq` for the shapes and results (feature
//! `approx`).
//!
//! Two values are approximately equal when every scalar and every vector component is,
//! under the same tolerance; counts and indices (a chain link, a number of pushes, how many
//! crossings) must match exactly. Vector components are read through [`Vector2`], so this
//! works for any vector type: arrays, tuples, glam, nalgebra or your own.
//!
//! The impls exist where the scalar implements the approx trait with itself as epsilon
//! (`S: AbsDiffEq<Epsilon = S>`): `f32` and `f64`. The `fixed` crate's types do not
//! implement approx's traits, and fixed-point results are exact enough to compare with
//! `==` or by their bits.
//!
//! Covered: [`Segment`], [`Circle`], [`Capsule`], [`Ray`], [`Contact`], [`Hit`],
//! [`ClosestPoints`], [`Aabb`], [`ChainContact`], [`ChainHit`], [`Resolution`] and [`Crossings`].
//!
//! ```
//! use approx::{assert_abs_diff_eq, assert_relative_eq, assert_ulps_eq};
//! use capsule2d::{Circle, Contact, Segment, Shape};
//!
//! // A ramp at 30°: the normal's components are irrational, so compare with a tolerance.
//! let (s, c) = (0.5_f64, 0.75_f64.sqrt());
//! let ramp = Segment::new([0.0, 0.0], [c * 10.0, s * 10.0]);
//! let ball = Circle::new([4.0, 3.0], 1.0);
//! let contact = ball.contact(&ramp).unwrap();
//!
//! // By hand: the ramp's left normal is (−sin 30°, cos 30°) = (−1/2, √3/2); the centre's
//! // height above the ramp's line is −4/2 + 3·√3/2, and the depth is 1 minus that.
//! let expected = Contact {
//!     normal: [-s, c],
//!     depth: 1.0 - (-4.0 * s + 3.0 * c),
//!     point: [4.0 + s * (-4.0 * s + 3.0 * c), 3.0 - c * (-4.0 * s + 3.0 * c)],
//! };
//! assert_abs_diff_eq!(contact, expected, epsilon = 1e-12);
//! assert_relative_eq!(contact, expected, max_relative = 1e-12);
//! assert_ulps_eq!(contact, expected, max_ulps = 64);
//! ```

use crate::{
    Aabb, Capsule, ChainContact, ChainHit, Circle, ClosestPoints, Contact, Crossings, Hit, Ray,
    Resolution, Scalar, Segment, Vector2,
};
use ::approx::{AbsDiffEq, RelativeEq, UlpsEq};

/// Stamps out the three traits for a struct whose fields are vectors (compared component
/// by component), scalars, nested approx types, and exact values.
macro_rules! approx_struct {
    (
        impl<$($gen:ident),*> for $ty:ty;
        vectors: [$($v:ident),*];
        scalars: [$($s:ident),*];
        nested: [$($n:ident),*];
        exact: [$($e:ident),*];
    ) => {
        impl<V> AbsDiffEq for $ty
        where
            V: Vector2 + PartialEq,
            V::Scalar: AbsDiffEq<Epsilon = V::Scalar>,
        {
            type Epsilon = V::Scalar;

            #[inline]
            fn default_epsilon() -> V::Scalar {
                V::Scalar::default_epsilon()
            }

            #[inline]
            fn abs_diff_eq(&self, other: &Self, epsilon: V::Scalar) -> bool {
                true $(&& self.$e == other.$e)*
                    $(&& self.$n.abs_diff_eq(&other.$n, epsilon))*
                    $(&& self.$s.abs_diff_eq(&other.$s, epsilon))*
                    $(&& self.$v.x().abs_diff_eq(&other.$v.x(), epsilon)
                        && self.$v.y().abs_diff_eq(&other.$v.y(), epsilon))*
            }
        }

        impl<V> RelativeEq for $ty
        where
            V: Vector2 + PartialEq,
            V::Scalar: RelativeEq<Epsilon = V::Scalar>,
        {
            #[inline]
            fn default_max_relative() -> V::Scalar {
                V::Scalar::default_max_relative()
            }

            #[inline]
            fn relative_eq(&self, other: &Self, epsilon: V::Scalar, max_relative: V::Scalar) -> bool {
                true $(&& self.$e == other.$e)*
                    $(&& self.$n.relative_eq(&other.$n, epsilon, max_relative))*
                    $(&& self.$s.relative_eq(&other.$s, epsilon, max_relative))*
                    $(&& self.$v.x().relative_eq(&other.$v.x(), epsilon, max_relative)
                        && self.$v.y().relative_eq(&other.$v.y(), epsilon, max_relative))*
            }
        }

        impl<V> UlpsEq for $ty
        where
            V: Vector2 + PartialEq,
            V::Scalar: UlpsEq<Epsilon = V::Scalar>,
        {
            #[inline]
            fn default_max_ulps() -> u32 {
                V::Scalar::default_max_ulps()
            }

            #[inline]
            fn ulps_eq(&self, other: &Self, epsilon: V::Scalar, max_ulps: u32) -> bool {
                true $(&& self.$e == other.$e)*
                    $(&& self.$n.ulps_eq(&other.$n, epsilon, max_ulps))*
                    $(&& self.$s.ulps_eq(&other.$s, epsilon, max_ulps))*
                    $(&& self.$v.x().ulps_eq(&other.$v.x(), epsilon, max_ulps)
                        && self.$v.y().ulps_eq(&other.$v.y(), epsilon, max_ulps))*
            }
        }
    };
}

approx_struct! {
    impl<V> for Segment<V>;
    vectors: [a, b]; scalars: []; nested: []; exact: [];
}
approx_struct! {
    impl<V> for Circle<V, V::Scalar>;
    vectors: [center]; scalars: [radius]; nested: []; exact: [];
}
approx_struct! {
    impl<V> for Capsule<V, V::Scalar>;
    vectors: [a, b]; scalars: [radius]; nested: []; exact: [];
}
approx_struct! {
    impl<V> for Ray<V>;
    vectors: [origin, direction]; scalars: []; nested: []; exact: [];
}
approx_struct! {
    impl<V> for Contact<V, V::Scalar>;
    vectors: [normal, point]; scalars: [depth]; nested: []; exact: [];
}
approx_struct! {
    impl<V> for Hit<V, V::Scalar>;
    vectors: [point, normal]; scalars: [time]; nested: []; exact: [];
}
approx_struct! {
    impl<V> for ClosestPoints<V>;
    vectors: [on_self, on_other]; scalars: []; nested: []; exact: [];
}
approx_struct! {
    impl<V> for Aabb<V>;
    vectors: [min, max]; scalars: []; nested: []; exact: [];
}
approx_struct! {
    impl<V> for ChainContact<V, V::Scalar>;
    vectors: []; scalars: []; nested: [contact]; exact: [link];
}
approx_struct! {
    impl<V> for ChainHit<V, V::Scalar>;
    vectors: []; scalars: []; nested: [hit]; exact: [link];
}
approx_struct! {
    impl<V> for Resolution<V, V::Scalar>;
    vectors: [center]; scalars: [depth]; nested: []; exact: [pushes];
}

// Crossings: the same count, and each parameter close.

impl<S: Scalar + AbsDiffEq<Epsilon = S>> AbsDiffEq for Crossings<S> {
    type Epsilon = S;

    #[inline]
    fn default_epsilon() -> S {
        S::default_epsilon()
    }

    #[inline]
    fn abs_diff_eq(&self, other: &Self, epsilon: S) -> bool {
        self.len() == other.len()
            && self
                .iter()
                .zip(other)
                .all(|(t, u)| t.abs_diff_eq(u, epsilon))
    }
}

impl<S: Scalar + RelativeEq<Epsilon = S>> RelativeEq for Crossings<S> {
    #[inline]
    fn default_max_relative() -> S {
        S::default_max_relative()
    }

    #[inline]
    fn relative_eq(&self, other: &Self, epsilon: S, max_relative: S) -> bool {
        self.len() == other.len()
            && self
                .iter()
                .zip(other)
                .all(|(t, u)| t.relative_eq(u, epsilon, max_relative))
    }
}

impl<S: Scalar + UlpsEq<Epsilon = S>> UlpsEq for Crossings<S> {
    #[inline]
    fn default_max_ulps() -> u32 {
        S::default_max_ulps()
    }

    #[inline]
    fn ulps_eq(&self, other: &Self, epsilon: S, max_ulps: u32) -> bool {
        self.len() == other.len()
            && self
                .iter()
                .zip(other)
                .all(|(t, u)| t.ulps_eq(u, epsilon, max_ulps))
    }
}
