//! [`Crossings`]: where a segment meets a circle's boundary, without allocating.
//!
//! The points `a + t (b − a)` on the circle satisfy `|m + t v|² = r²` with `m = a − c`,
//! `v = b − a`. In distance units along the unit direction `u = v / |v|` the roots are
//! `s = −(m·u) ± √((m·u)² − (|m|² − r²))`, and each is computed in the form that does not
//! cancel: the root of the same sign as `−(m·u)` directly, the other as the product of the
//! roots `|m|² − r²` divided by it. *How many* roots lie in `[0, 1]` is decided apart from
//! their values: by whether each endpoint is inside, on or outside the circle (the crate's
//! containment predicate [`Circle::contains_point`], with `|p − c|² − r² ≥ 0` telling "on"),
//! and, when both endpoints are outside, by [`Shape::intersects`](crate::Shape::intersects) of a circle and a segment. So the count
//! never contradicts the containment and intersection tests.

use crate::motion::cap::{k_squared, over};
use crate::num::{Num, Scalar, Wide};
use crate::query::project;
use crate::shape::Circle;
use crate::shape::Segment;
use crate::shape::Shape;
use crate::vector::wide::{self, W};
use crate::vector::{Vector2, VectorOps};

/// Zero, one or two sorted parameters in `[0, 1]`, stored inline (no allocation).
///
/// Returned by [`Segment::circle_crossings`]. Read it as a slice ([`as_slice`]) or
/// iterate over it ([`iter`], or `for t in &crossings`).
///
/// [`as_slice`]: Crossings::as_slice
/// [`iter`]: Crossings::iter
///
/// # Examples
///
/// ```
/// use capsule2d::{Circle, Segment, Shape};
///
/// let chord = Segment::new([-4.0, 0.0], [4.0, 0.0]);
/// let crossings = chord.circle_crossings(&Circle::new([0.0, 0.0], 2.0));
/// assert_eq!(crossings.as_slice(), &[0.25, 0.75]);
/// let points: Vec<_> = crossings.iter().map(|&t| chord.point_at(t)).collect();
/// assert_eq!(points, [[-2.0, 0.0], [2.0, 0.0]]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Crossings<S> {
    params: [S; 2],
    len: u8,
}

impl<S: Scalar> Crossings<S> {
    fn none() -> Self {
        Self {
            params: [S::ZERO; 2],
            len: 0,
        }
    }

    fn one(t: S) -> Self {
        Self {
            params: [t, S::ZERO],
            len: 1,
        }
    }

    fn two(t0: S, t1: S) -> Self {
        Self {
            params: [t0, t1],
            len: 2,
        }
    }

    /// The parameters, sorted ascending.
    ///
    /// ```
    /// use capsule2d::{Circle, Segment, Shape};
    /// let s = Segment::new([0.0, 0.0], [4.0, 0.0]);
    /// let c = s.circle_crossings(&Circle::new([0.0, 0.0], 2.0));
    /// assert_eq!(c.as_slice(), &[0.5]);
    /// ```
    #[inline]
    pub fn as_slice(&self) -> &[S] {
        &self.params[..usize::from(self.len)]
    }

    /// How many parameters: 0, 1 or 2.
    ///
    /// ```
    /// use capsule2d::{Circle, Segment, Shape};
    /// let s = Segment::new([-4.0, 0.0], [4.0, 0.0]);
    /// assert_eq!(s.circle_crossings(&Circle::new([0.0, 0.0], 2.0)).len(), 2);
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether there are none.
    ///
    /// ```
    /// use capsule2d::{Circle, Segment, Shape};
    /// let inside = Segment::new([-1.0, 0.0], [1.0, 0.0]);
    /// assert!(inside.circle_crossings(&Circle::new([0.0, 0.0], 2.0)).is_empty());
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// An iterator over the parameters, in ascending order.
    ///
    /// ```
    /// use capsule2d::{Circle, Segment, Shape};
    /// let s = Segment::new([-4.0, 0.0], [4.0, 0.0]);
    /// let sum: f64 = s.circle_crossings(&Circle::new([0.0, 0.0], 2.0)).iter().sum();
    /// assert_eq!(sum, 1.0);
    /// ```
    #[inline]
    pub fn iter(&self) -> core::slice::Iter<'_, S> {
        self.as_slice().iter()
    }
}

impl<'a, S: Scalar> IntoIterator for &'a Crossings<S> {
    type Item = &'a S;
    type IntoIter = core::slice::Iter<'a, S>;

    /// ```
    /// use capsule2d::{Circle, Segment, Shape};
    /// let s = Segment::new([-4.0, 0.0], [4.0, 0.0]);
    /// let crossings = s.circle_crossings(&Circle::new([1.0, 0.0], 1.0));
    /// for t in &crossings {
    ///     assert!(*t == 0.5 || *t == 0.75);
    /// }
    /// ```
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<V: Vector2> Segment<V> {
    /// The parameters `t ∈ [0, 1]` at which the segment meets the circle's boundary:
    /// zero, one or two of them, sorted.
    ///
    /// - A segment that enters and leaves gives two; one that starts inside and leaves (or
    ///   enters and ends inside) gives one; a tangent segment gives its one touching point.
    /// - An endpoint exactly on the boundary gives its parameter (0 or 1).
    /// - A segment **wholly inside** the circle (both endpoints strictly inside) gives
    ///   none: it overlaps the disc but never crosses the boundary.
    /// - A zero-length segment gives `[0]` when its point is on the boundary, else none.
    /// - A segment too short to resolve at the circle's scale (after the power-of-two
    ///   rescaling of far-from-1 inputs, `|b − a|` below the float's smallest subnormal:
    ///   about `2^-149` of the circle's size in `f32`) still gets the right number of
    ///   crossings, from the exact containment tests; one strictly inside it is reported
    ///   at `t = ½`, within `|b − a|` (less than an ulp of the coordinates) of the true
    ///   point.
    /// - A zero-radius circle is its centre: a segment through it gives that parameter.
    ///   A negative or NaN radius (an empty circle) gives none, as do NaN coordinates.
    ///
    /// # Crossings and `intersects`
    ///
    /// [`Shape::intersects`](crate::Shape::intersects) of a circle and a segment asks whether the segment has *any* point in the
    /// closed disc; this asks where it meets the *boundary*. They differ exactly when the
    /// segment lies wholly inside: `intersects` is true and the crossings are empty. In
    /// every other case `intersects` is true if and only if there is a crossing
    /// (both use the same closest-point predicate, exact for fixed point).
    ///
    /// # Examples
    ///
    /// ```
    /// use capsule2d::{Circle, Segment, Shape};
    ///
    /// let circle = Circle::new([0.0, 0.0], 5.0);
    /// // In and out: two crossings.
    /// let through = Segment::new([-10.0, 3.0], [10.0, 3.0]);
    /// assert_eq!(through.circle_crossings(&circle).as_slice(), &[0.3, 0.7]);
    /// // From the centre outwards: one.
    /// let out = Segment::new([0.0, 0.0], [0.0, 10.0]);
    /// assert_eq!(out.circle_crossings(&circle).as_slice(), &[0.5]);
    /// // Wholly inside: none, though the segment intersects the disc.
    /// let inside = Segment::new([-1.0, 0.0], [1.0, 1.0]);
    /// assert!(inside.circle_crossings(&circle).is_empty());
    /// assert!(circle.intersects(&inside));
    /// ```
    pub fn circle_crossings(&self, circle: &Circle<V>) -> Crossings<V::Scalar> {
        let zero = V::Scalar::ZERO;
        let one = V::Scalar::ONE;
        let radius = circle.radius;
        if !(radius >= zero) {
            return Crossings::none();
        }
        let (a, b, c) = (self.a, self.b, circle.center);
        // Far from 1 (floats beyond about 2^±60 in f32, 2^±500 in f64), the squares below
        // would overflow or underflow: scale the differences and the radius by a power of
        // two first. The parameters are ratios of lengths, so the scale cancels; the
        // containment and intersection tests still see the caller's shapes.
        let (ma, mb, v, radius) = {
            let (ma, mb, v) = (a.sub(c), b.sub(c), b.sub(a));
            let k = V::Scalar::rescale_factor(V::Scalar::largest_magnitude([
                ma.x(),
                ma.y(),
                mb.x(),
                mb.y(),
                v.x(),
                v.y(),
                radius,
            ]));
            if k == one {
                (ma, mb, v, radius)
            } else {
                (ma.scale(k), mb.scale(k), v.scale(k), radius.mul(k))
            }
        };
        let r_sq = radius.mul_wide(radius);
        // |p − c|² − r²: negative inside, zero on the boundary, positive outside.
        let ka = wide::dot(ma, ma).sub(r_sq);
        let kb = wide::dot(mb, mb).sub(r_sq);
        if ka.is_nan_wide() || kb.is_nan_wide() {
            return Crossings::none();
        }
        // Inside-or-on by the crate's containment predicate (exact), on the boundary when
        // additionally `|p − c|² − r² ≥ 0` (exact for fixed point).
        let class = |p: V, k: W<V>| match (circle.contains_point(p), k >= <W<V> as Wide>::ZERO) {
            (false, _) => 1_i8,
            (true, true) => 0,
            (true, false) => -1,
        };
        let (sa, sb) = (class(a, ka), class(b, kb));
        // Both endpoints outside, and the segment misses the disc (the crate's predicate):
        // no crossing, and none of the roots and quotients below is needed. This is the
        // common case for a segment near a circle but not on it.
        if sa == 1 && sb == 1 && !circle.intersects(self) {
            return Crossings::none();
        }
        // A segment far shorter than the circle (by more than the float's exponent range,
        // about 2^149 in f32) has `v` underflow to zero in the scaled frame although
        // `a ≠ b`. Its direction then comes from the unscaled difference; `length` is zero
        // and tells the steps below.
        let unit = if wide::coincide(a, b) {
            None
        } else {
            v.normalize().or_else(|| b.sub(a).normalize())
        };
        let Some(unit) = unit else {
            return if sa == 0 {
                Crossings::one(zero)
            } else {
                Crossings::none()
            };
        };
        let length = v.length();
        let resolved = length > zero;
        // Roots in distance units along `unit`, each in its non-cancelling form.
        let approach = ma.dot(unit);
        // The discriminant (m·u)² − (|m|² − r²), taken as r² − (m × u)² (no cancellation).
        let miss = ma.perp_dot(unit);
        let q = V::Scalar::sqrt_wide(r_sq.sub(miss.mul_wide(miss)).max_wide());
        // The product of the roots, |a − c|² − r², divided by the root computed directly.
        let narrow = || k_squared(ma, radius, ka);
        let (near, far) = if approach < zero {
            let far = approach.abs().add(q);
            (over::<V>(narrow, far, ka), far)
        } else {
            let near = approach.add(q).neg();
            let far = if near < zero {
                over::<V>(narrow, near, ka)
            } else {
                zero
            };
            (near, far)
        };
        // A crossing inside a segment too short to resolve at the circle's scale is put at
        // its middle: the point is then within |b − a|, less than an ulp of the
        // coordinates, of the true one. (The count still follows the exact predicates.)
        let param = |s: V::Scalar| {
            if resolved {
                s.div(length).max(zero).min(one)
            } else {
                one.half()
            }
        };
        // Moving out of (or into) the circle at an endpoint: the sign of (p − c)·v.
        let (leaving_b, entering_a) = if resolved {
            (
                wide::dot(mb, v) > <W<V> as Wide>::ZERO,
                wide::dot(ma, v) < <W<V> as Wide>::ZERO,
            )
        } else {
            (mb.dot(unit) > zero, approach < zero)
        };
        match (sa, sb) {
            (-1, -1) => Crossings::none(),
            (-1, 0) => Crossings::one(one),
            (-1, _) => Crossings::one(param(far)),
            (0, -1) => Crossings::one(zero),
            (0, 0) => Crossings::two(zero, one),
            (0, _) if entering_a => Crossings::two(zero, param(far)),
            (0, _) => Crossings::one(zero),
            (_, -1) => Crossings::one(param(near)),
            (_, 0) if leaving_b => Crossings::two(param(near), one),
            (_, 0) => Crossings::one(one),
            // Both outside, and the segment reaches the disc (decided above).
            _ => both_outside(self, circle, (v, ma, r_sq), param(near), param(far)),
        }
    }
}

/// Both endpoints outside, and the segment reaches the disc (by the crate's predicate,
/// [`Shape::intersects`](crate::Shape::intersects) of a circle and a segment, which the
/// caller has asked): two crossings when it reaches into the circle, one when it only
/// touches: `((b − a) × (c − a))² = r² |b − a|²`, exact for fixed point and for floats
/// whenever those products are exact.
fn both_outside<V: Vector2>(
    segment: &Segment<V>,
    circle: &Circle<V>,
    (v, ma, r_sq): (V, V, W<V>),
    near: V::Scalar,
    far: V::Scalar,
) -> Crossings<V::Scalar> {
    let t = project::project(segment.a, segment.b, circle.center).t();
    // `v = b − a`, `ma = a − c` and `r_sq` as scaled by the caller.
    let cross = wide::cross(v, ma).abs();
    let length_sq = wide::dot(v, v);
    if V::Scalar::wide_product_le(r_sq, length_sq, cross, cross) {
        // Tangent at the closest point.
        return Crossings::one(t);
    }
    Crossings::two(near.min(t), far.max(t))
}

trait WideExt: Wide {
    /// Whether the value is NaN (unordered with itself).
    fn is_nan_wide(self) -> bool {
        self.partial_cmp(&self).is_none()
    }
    /// `max(self, 0)`; NaN gives 0.
    fn max_wide(self) -> Self {
        if self > Self::ZERO { self } else { Self::ZERO }
    }
}

impl<T: Wide> WideExt for T {}
