//! [`CoreContact`]: the contact of two cores before the radii place its point, and the
//! point–point and point–segment contact kernels, with their saturating cold path for
//! depths that overflow near `MAX`.

use crate::num::{Num, Scalar, Wide};
use crate::query::Contact;
use crate::query::project::{project, unit_x, xy};
use crate::query::radii::{Radii, within_point, within_segment};
use crate::vector::wide::W;
use crate::vector::{Vector2, VectorOps};

type S<V> = <V as Vector2>::Scalar;

/// A contact between two cores, before the radii place the contact point.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CoreContact<V: Vector2> {
    /// Unit normal from core `y` towards core `x`.
    pub(crate) normal: V,
    /// Penetration depth, radii included; never negative.
    pub(crate) depth: S<V>,
    /// The signed distance between the cores, radii not included: their distance when
    /// apart, minus the cores' own penetration when they cross (then `depth` is
    /// `radii − separation`, saturated).
    pub(crate) separation: S<V>,
    /// Closest point on core `x`.
    pub(crate) on_x: V,
    /// Closest point on core `y`.
    pub(crate) on_y: V,
}

impl<V: Vector2> CoreContact<V> {
    /// The same contact seen from the other side.
    #[inline]
    pub(crate) fn flip(self) -> Self {
        Self {
            normal: self.normal.neg(),
            depth: self.depth,
            separation: self.separation,
            on_x: self.on_y,
            on_y: self.on_x,
        }
    }

    /// The public contact, with `point` on the surface of `y` (radius `radius_y`).
    #[inline]
    pub(crate) fn with_point_on_y(self, radius_y: S<V>) -> Contact<V> {
        Contact {
            normal: self.normal,
            depth: self.depth,
            point: self.on_y.add(self.normal.scale(radius_y)),
        }
    }
}

/// `max(radius − distance, 0)`.
#[inline]
pub(crate) fn depth<V: Vector2>(radius: S<V>, distance: S<V>) -> S<V> {
    radius.sub(distance).max(S::<V>::ZERO)
}

/// Point `x` against point `y`, inflated by `radius`: the normal points from `y` to `x`,
/// and is `+x` when they coincide.
#[inline]
pub(crate) fn point_point<V: Vector2>(x: V, y: V, radii: Radii<S<V>>) -> Option<CoreContact<V>> {
    if !within_point(x, y, radii) {
        return None;
    }
    Some(if <W<V> as Wide>::INLINE_NEAREST {
        point_point_nearest(x, y, radii)
    } else {
        point_point_nearest_outlined(x, y, radii)
    })
}

/// [`point_point_nearest`] out of line, for the plain contact of floats: it is reached
/// only on a hit, and inlined its values stay live across the loop of a caller that
/// mostly misses.
#[inline(never)]
fn point_point_nearest_outlined<V: Vector2>(x: V, y: V, radii: Radii<S<V>>) -> CoreContact<V> {
    point_point_nearest(x, y, radii)
}

/// [`point_point`] without the decision: the nearest features of two points, whether or
/// not they come within `radii` (the depth is then 0).
#[inline]
pub(crate) fn point_point_nearest<V: Vector2>(x: V, y: V, radii: Radii<S<V>>) -> CoreContact<V> {
    let d = x.sub(y);
    let (normal, distance) = match d.normalize() {
        Some(n) => (n, d.dot(n)),
        None => (unit_x(), S::<V>::ZERO),
    };
    let contact = CoreContact {
        normal,
        depth: depth::<V>(radii.sum(), distance),
        separation: distance,
        on_x: x,
        on_y: y,
    };
    if contact.depth.is_finite() || !all_finite([x, y], radii) {
        return contact;
    }
    depth_rescaled(contact, || {
        Some(point_point_nearest(
            quarter(x),
            quarter(y),
            radii.quartered(),
        ))
    })
}

/// Whether every coordinate and both radii are finite: [`depth_rescaled`] needs it, or
/// quartering would never bring an infinity into range.
pub(crate) fn all_finite<V: Vector2, const N: usize>(points: [V; N], radii: Radii<S<V>>) -> bool {
    radii.x.is_finite()
        && radii.y.is_finite()
        && points
            .iter()
            .all(|p| p.x().is_finite() && p.y().is_finite())
}

/// `p / 4`, exact for floats of the size that reaches [`depth_rescaled`].
pub(crate) fn quarter<V: Vector2>(p: V) -> V {
    V::new(p.x().half().half(), p.y().half().half())
}

/// A contact whose depth overflowed: floats within a factor of about 4 of `MAX`, where a
/// radius sum or a distance is `∞` and the depth `∞ − ∞` is NaN (or `∞`). `quartered`
/// runs the same kernel on every point and radius quartered (exact for floats that
/// large); its depth is scaled back and saturated at the largest finite value (reached
/// only when the true depth exceeds `MAX`). The normal and the points stay those of the
/// full-scale contact, which are finite for finite inputs. Never NaN: where even the
/// quartered kernel gives none (non-finite input), the depth is 0.
#[cold]
#[inline(never)]
pub(crate) fn depth_rescaled<V: Vector2>(
    contact: CoreContact<V>,
    quartered: impl FnOnce() -> Option<CoreContact<V>>,
) -> CoreContact<V> {
    let four = |x: S<V>| x.add(x).add(x.add(x));
    let depth = match quartered() {
        Some(q) if !q.depth.is_nan() => four(q.depth).saturate(),
        _ if !contact.depth.is_nan() => contact.depth.saturate(),
        _ => S::<V>::ZERO,
    };
    CoreContact { depth, ..contact }
}

/// Point `p` (core `x`) against segment `ab` (core `y`), inflated by `radius`.
///
/// Where the scalar decides and forms the features in one pass (fixed point,
/// `Num::segment_contact`), that pass answers; elsewhere the exact predicate decides and
/// the features follow.
#[inline]
pub(crate) fn point_segment<V: Vector2>(
    p: V,
    a: V,
    b: V,
    radii: Radii<S<V>>,
) -> Option<CoreContact<V>> {
    if let Some(within) = S::<V>::segment_contact(xy(p), xy(a), xy(b), radii.x, radii.y) {
        let ([nx, ny], distance, [qx, qy]) = within?;
        let depth = depth::<V>(radii.sum(), distance);
        if depth.is_finite() {
            return Some(CoreContact {
                normal: V::new(nx, ny),
                depth,
                separation: distance,
                on_x: p,
                on_y: V::new(qx, qy),
            });
        }
    }
    if !within_segment(p, a, b, radii) {
        return None;
    }
    Some(if <W<V> as Wide>::INLINE_NEAREST {
        point_segment_nearest_inlined(p, a, b, radii)
    } else {
        point_segment_nearest(p, a, b, radii)
    })
}

/// [`point_segment`] without the decision: the nearest features of a point and a segment,
/// whether or not they come within `radii` (the depth is then 0).
///
/// The scalar's fast features are tried here, with the careful kernel one call further
/// out: this function then needs few registers and little stack on the common path (with
/// the careful kernel inlined, its prologue saved six registers and reserved 472 bytes on
/// every call).
#[inline(never)]
pub(crate) fn point_segment_nearest<V: Vector2>(
    p: V,
    a: V,
    b: V,
    radii: Radii<S<V>>,
) -> CoreContact<V> {
    if let Some(([nx, ny], distance, [qx, qy])) = S::<V>::segment_features(xy(a), xy(b), xy(p)) {
        let depth = depth::<V>(radii.sum(), distance);
        if depth.is_finite() {
            return CoreContact {
                normal: V::new(nx, ny),
                depth,
                separation: distance,
                on_x: p,
                on_y: V::new(qx, qy),
            };
        }
    }
    point_segment_nearest_careful(p, a, b, radii)
}

/// [`point_segment_nearest`] where the fast features do not answer.
#[inline(never)]
fn point_segment_nearest_careful<V: Vector2>(
    p: V,
    a: V,
    b: V,
    radii: Radii<S<V>>,
) -> CoreContact<V> {
    point_segment_nearest_inlined(p, a, b, radii)
}

/// The nearest features of point `p` (core `x`) and segment `ab` (core `y`): the normal,
/// the separation (their distance) and the two closest points, with no depth (left 0).
/// The speculative contact takes its depth from the separation, and reaches this on
/// every call, so it is always inlined there; the plain contact reaches it only on a hit,
/// and is faster calling [`point_segment_nearest`] out of line.
#[inline(always)]
pub(crate) fn point_segment_features<V: Vector2>(p: V, a: V, b: V) -> CoreContact<V> {
    let (normal, distance, closest) = normal_distance_closest(p, a, b);
    CoreContact {
        normal,
        depth: S::<V>::ZERO,
        separation: distance,
        on_x: p,
        on_y: closest,
    }
}

/// The unit normal from segment `ab` towards `p`, their distance, and the segment's point
/// nearest `p`: by the scalar's certified fast path where it has one and its certificate
/// holds (`num/fast.rs`), else by the projection and its normal.
#[inline(always)]
fn normal_distance_closest<V: Vector2>(p: V, a: V, b: V) -> (V, S<V>, V) {
    if let Some(([nx, ny], distance, [qx, qy])) = S::<V>::segment_features(xy(a), xy(b), xy(p)) {
        return (V::new(nx, ny), distance, V::new(qx, qy));
    }
    let projection = project(a, b, p);
    let (normal, distance) = projection.normal(a, b, p);
    (normal, distance, projection.closest)
}

/// [`point_segment_nearest`]'s body.
#[inline(always)]
fn point_segment_nearest_inlined<V: Vector2>(
    p: V,
    a: V,
    b: V,
    radii: Radii<S<V>>,
) -> CoreContact<V> {
    let (normal, distance, closest) = normal_distance_closest(p, a, b);
    let depth = depth::<V>(radii.sum(), distance);
    // The contact is assembled only on its way out: built before the test and handed to
    // the cold path too, it lived in memory, written a field at a time and copied out in
    // wider pieces, a store-forwarding stall on every hit (f32 fields, 8-byte copies).
    if depth.is_finite() || !all_finite([p, a, b], radii) {
        return CoreContact {
            normal,
            depth,
            separation: distance,
            on_x: p,
            on_y: closest,
        };
    }
    point_segment_rescaled(p, a, b, radii, [normal, closest], distance)
}

/// [`point_segment_nearest_inlined`] where the depth overflowed: [`depth_rescaled`].
#[cold]
#[inline(never)]
fn point_segment_rescaled<V: Vector2>(
    p: V,
    a: V,
    b: V,
    radii: Radii<S<V>>,
    [normal, closest]: [V; 2],
    distance: S<V>,
) -> CoreContact<V> {
    let contact = CoreContact {
        normal,
        depth: depth::<V>(radii.sum(), distance),
        separation: distance,
        on_x: p,
        on_y: closest,
    };
    depth_rescaled(contact, || {
        Some(point_segment_nearest(
            quarter(p),
            quarter(a),
            quarter(b),
            radii.quartered(),
        ))
    })
}
