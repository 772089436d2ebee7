//! The shared kernel: closest features of two *cores* (points or segments), the decision
//! "within a radius", and the one rule for contact normals.
//!
//! Every shape in the crate is a core with a radius: a point is a zero-length segment
//! with radius 0, a circle a point with a radius, a capsule a segment with a radius. So
//! every query reduces to one of three kernels, each inflated by the sum of the radii:
//!
//! - point against point ([`point_point`]);
//! - point against segment ([`project`], [`Projection::within`], [`point_segment`]);
//! - segment against segment ([`segment_segment`]).
//!
//! The decision (`intersects`) and the contact (`contact`) of a pair share one predicate,
//! so `intersects == contact.is_some()` holds for every input.

use crate::contact::Contact;
use crate::scalar::{Scalar, Wide};
use crate::vector::Vector2;
use crate::vector::wide::{self, W};

type S<V> = <V as Vector2>::Scalar;

/// The fallback direction when nothing else defines one: `+x`.
#[inline]
pub(crate) fn unit_x<V: Vector2>() -> V {
    V::new(S::<V>::ONE, S::<V>::ZERO)
}

/// The unit left normal of `b − a` (counter-clockwise), or `+x` when `a == b`.
/// Negative zeros become positive ones (`x + 0`), so a horizontal segment's normal is
/// `(0, 1)` and not `(−0, 1)`.
#[inline]
pub(crate) fn left_normal<V: Vector2>(a: V, b: V) -> V {
    let zero = S::<V>::ZERO;
    match b.sub(a).perp().normalize() {
        Some(n) => V::new(n.x().add(zero), n.y().add(zero)),
        None => unit_x(),
    }
}

/// Which feature of a segment is closest to a point.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Feature<W> {
    /// The start point `a` (`(p − a)·(b − a) ≤ 0`, or a zero-length segment).
    Start,
    /// The open interior; `cross = (b − a) × (p − a)`, `length_sq = |b − a|²`.
    Interior { cross: W, length_sq: W },
    /// The end point `b` (`(p − a)·(b − a) ≥ |b − a|²`).
    End,
}

/// A point projected onto a segment.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Projection<V: Vector2> {
    /// Parameter of the closest point, in `[0, 1]`.
    pub(crate) t: S<V>,
    /// The closest point `a + t (b − a)` (exactly `a` or `b` in the end regions).
    pub(crate) closest: V,
    /// The region the point falls in.
    pub(crate) feature: Feature<W<V>>,
}

/// Projects `p` onto segment `ab`: `t = clamp((p − a)·(b − a) / |b − a|², 0, 1)`.
///
/// The end regions are decided before any division, so a zero-length segment (and a NaN
/// input) lands in [`Feature::Start`] and nothing divides by zero.
#[inline]
pub(crate) fn project<V: Vector2>(a: V, b: V, p: V) -> Projection<V> {
    let v = b.sub(a);
    let w = p.sub(a);
    let along = wide::dot(w, v);
    if !(along > <W<V> as Wide>::ZERO) {
        return Projection { t: S::<V>::ZERO, closest: a, feature: Feature::Start };
    }
    let length_sq = wide::dot(v, v);
    if !(along < length_sq) {
        return Projection { t: S::<V>::ONE, closest: b, feature: Feature::End };
    }
    let t = S::<V>::unit_ratio(along, length_sq);
    Projection {
        t,
        closest: a.add(v.scale(t)),
        feature: Feature::Interior { cross: wide::cross(v, w), length_sq },
    }
}

/// Whether the squared radius `radius²` reaches the wide squared length `d · d`.
#[inline]
fn reaches<V: Vector2>(d: V, radius: S<V>) -> bool {
    radius >= S::<V>::ZERO && wide::dot(d, d) <= radius.mul_wide(radius)
}

impl<V: Vector2> Projection<V> {
    /// Whether `p` (the point this projection came from) lies within `radius` of the
    /// segment `ab`: `|p − q|² ≤ r²`, with no square root. In the interior the test is
    /// `((b − a) × (p − a))² ≤ r² |b − a|²`, which does not depend on the rounded `q`.
    #[inline]
    pub(crate) fn within(&self, a: V, b: V, p: V, radius: S<V>) -> bool {
        match self.feature {
            Feature::Start => reaches(p.sub(a), radius),
            Feature::End => reaches(p.sub(b), radius),
            Feature::Interior { cross, length_sq } => {
                let cross = cross.abs();
                radius >= S::<V>::ZERO
                    && S::<V>::wide_product_le(cross, cross, radius.mul_wide(radius), length_sq)
            }
        }
    }

    /// The squared distance from `p` to the closest point, in the wide type.
    #[inline]
    pub(crate) fn distance_sq_wide(&self, p: V) -> W<V> {
        let d = p.sub(self.closest);
        wide::dot(d, d)
    }

    /// The unit normal from the segment towards `p`, and the distance along it.
    ///
    /// - End regions: `(p − endpoint) / |p − endpoint|`.
    /// - Interior: the segment's unit normal, on `p`'s side (sign of the cross product);
    ///   `p − q` is never normalised there, since rounding in `q` would tilt it.
    /// - `p` on the segment: the left normal of `b − a`; `+x` for a zero-length segment.
    #[inline]
    pub(crate) fn normal(&self, a: V, b: V, p: V) -> (V, S<V>) {
        match self.feature {
            Feature::Start | Feature::End => {
                let d = p.sub(self.closest);
                match d.normalize() {
                    Some(n) => (n, d.dot(n)),
                    None => (left_normal(a, b), S::<V>::ZERO),
                }
            }
            Feature::Interior { cross, .. } => {
                let n = left_normal(a, b);
                let n = if cross < <W<V> as Wide>::ZERO { n.neg() } else { n };
                (n, p.sub(a).dot(n).abs())
            }
        }
    }
}

/// A contact between two cores, before the radii place the contact point.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CoreContact<V: Vector2> {
    /// Unit normal from core `y` towards core `x`.
    pub(crate) normal: V,
    /// Penetration depth, radii included; never negative.
    pub(crate) depth: S<V>,
    /// Closest point on core `x`.
    pub(crate) on_x: V,
    /// Closest point on core `y`.
    pub(crate) on_y: V,
}

impl<V: Vector2> CoreContact<V> {
    /// The same contact seen from the other side.
    #[inline]
    pub(crate) fn flip(self) -> Self {
        Self { normal: self.normal.neg(), depth: self.depth, on_x: self.on_y, on_y: self.on_x }
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

/// The inflation radius `r₁ + r₂` of two shapes, or `None` when either radius is
/// negative or NaN (such a shape is empty and touches nothing).
#[inline]
pub(crate) fn inflate<T: Scalar>(r1: T, r2: T) -> Option<T> {
    if r1 >= T::ZERO && r2 >= T::ZERO { Some(r1.add(r2)) } else { None }
}

/// `max(radius − distance, 0)`.
#[inline]
fn depth<V: Vector2>(radius: S<V>, distance: S<V>) -> S<V> {
    radius.sub(distance).max(S::<V>::ZERO)
}

/// Point `x` against point `y`, inflated by `radius`: the normal points from `y` to `x`,
/// and is `+x` when they coincide.
#[inline]
pub(crate) fn point_point<V: Vector2>(x: V, y: V, radius: S<V>) -> Option<CoreContact<V>> {
    let d = x.sub(y);
    if !reaches(d, radius) {
        return None;
    }
    let (normal, distance) = match d.normalize() {
        Some(n) => (n, d.dot(n)),
        None => (unit_x(), S::<V>::ZERO),
    };
    Some(CoreContact { normal, depth: depth::<V>(radius, distance), on_x: x, on_y: y })
}

/// Point `p` (core `x`) against segment `ab` (core `y`), inflated by `radius`.
#[inline]
pub(crate) fn point_segment<V: Vector2>(p: V, a: V, b: V, radius: S<V>) -> Option<CoreContact<V>> {
    let projection = project(a, b, p);
    if !projection.within(a, b, p, radius) {
        return None;
    }
    let (normal, distance) = projection.normal(a, b, p);
    Some(CoreContact {
        normal,
        depth: depth::<V>(radius, distance),
        on_x: p,
        on_y: projection.closest,
    })
}

/// How two segments relate: crossing (or touching, or overlapping collinear), or apart.
#[derive(Clone, Copy, Debug)]
pub(crate) enum SegmentPair<V: Vector2> {
    /// The segments share at least one point; `point` is one of them.
    Crossing {
        /// A common point.
        point: V,
    },
    /// The segments are disjoint; the closest pair is among the endpoint projections.
    Apart(Apart<V>),
}

/// The four endpoint projections of two disjoint segments, and the nearest of them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Apart<V: Vector2> {
    candidates: [EndpointProjection<V>; 4],
    best: usize,
}

impl<V: Vector2> Apart<V> {
    /// The closest pair. Ties go to the first in the order `xa, xb, ya, yb`.
    #[inline]
    pub(crate) fn closest(&self) -> &EndpointProjection<V> {
        &self.candidates[self.best]
    }

    /// Whether the segments come within `radius`: some endpoint does.
    #[inline]
    pub(crate) fn within(&self, radius: S<V>) -> bool {
        self.candidates.iter().any(|c| c.within(radius))
    }
}

/// An endpoint of one segment projected onto the other.
#[derive(Clone, Copy, Debug)]
pub(crate) struct EndpointProjection<V: Vector2> {
    /// The endpoint.
    pub(crate) endpoint: V,
    /// The segment it is projected onto.
    pub(crate) onto: (V, V),
    /// Its projection onto that segment.
    pub(crate) projection: Projection<V>,
    /// Whether the endpoint belongs to `y` (so it projects onto `x`).
    pub(crate) endpoint_on_y: bool,
}

impl<V: Vector2> EndpointProjection<V> {
    #[inline]
    fn new(endpoint: V, onto: (V, V), endpoint_on_y: bool) -> Self {
        Self { endpoint, onto, projection: project(onto.0, onto.1, endpoint), endpoint_on_y }
    }

    /// The closest points as `(on x, on y)`.
    #[inline]
    pub(crate) fn points(&self) -> (V, V) {
        if self.endpoint_on_y {
            (self.projection.closest, self.endpoint)
        } else {
            (self.endpoint, self.projection.closest)
        }
    }

    #[inline]
    fn within(&self, radius: S<V>) -> bool {
        self.projection.within(self.onto.0, self.onto.1, self.endpoint, radius)
    }

    /// The unit normal from `y` towards `x`, and the distance between the cores.
    #[inline]
    fn normal(&self) -> (V, S<V>) {
        let (normal, distance) = self.projection.normal(self.onto.0, self.onto.1, self.endpoint);
        // The projection's normal points from the segment to the endpoint.
        if self.endpoint_on_y { (normal.neg(), distance) } else { (normal, distance) }
    }
}

/// The sign of a wide value: -1, 0 or 1 (0 for NaN).
#[inline]
fn sign<T: Wide>(v: T) -> i8 {
    if v > T::ZERO {
        1
    } else if v < T::ZERO {
        -1
    } else {
        0
    }
}

/// Relates segments `x = [xa, xb]` and `y = [ya, yb]`.
///
/// They cross when each one's endpoints lie on opposite sides of (or on) the other's
/// line, by the signs of four cross products (exact for fixed point); collinear segments
/// cross when their extents overlap. A zero-length segment never "crosses": it is handled
/// as a point by the endpoint projections.
pub(crate) fn segment_segment<V: Vector2>(xa: V, xb: V, ya: V, yb: V) -> SegmentPair<V> {
    let dx = xb.sub(xa);
    let dy = yb.sub(ya);
    let o1 = sign(wide::cross(dx, ya.sub(xa)));
    let o2 = sign(wide::cross(dx, yb.sub(xa)));
    let o3_wide = wide::cross(dy, xa.sub(ya));
    let o4_wide = wide::cross(dy, xb.sub(ya));
    let (o3, o4) = (sign(o3_wide), sign(o4_wide));
    let proper = !wide::coincide(xa, xb) && !wide::coincide(ya, yb);
    if proper && o1 * o2 <= 0 && o3 * o4 <= 0 {
        if (o1 != 0 || o2 != 0) && (o3 != 0 || o4 != 0) {
            // x meets y's line at t = |o3| / (|o3| + |o4|).
            let (o3_abs, o4_abs) = (o3_wide.abs(), o4_wide.abs());
            let t = S::<V>::unit_ratio(o3_abs, o3_abs.add(o4_abs));
            return SegmentPair::Crossing { point: xa.add(dx.scale(t)) };
        }
        if let Some(point) = collinear_overlap(xa, xb, ya, yb) {
            return SegmentPair::Crossing { point };
        }
    }
    let candidates = [
        EndpointProjection::new(xa, (ya, yb), false),
        EndpointProjection::new(xb, (ya, yb), false),
        EndpointProjection::new(ya, (xa, xb), true),
        EndpointProjection::new(yb, (xa, xb), true),
    ];
    let mut best = 0;
    let mut best_sq = candidates[0].projection.distance_sq_wide(candidates[0].endpoint);
    for (i, candidate) in candidates.iter().enumerate().skip(1) {
        let sq = candidate.projection.distance_sq_wide(candidate.endpoint);
        if sq < best_sq {
            best = i;
            best_sq = sq;
        }
    }
    SegmentPair::Apart(Apart { candidates, best })
}

/// For collinear segments, a common point if their extents overlap.
fn collinear_overlap<V: Vector2>(xa: V, xb: V, ya: V, yb: V) -> Option<V> {
    [(ya, (xa, xb)), (yb, (xa, xb)), (xa, (ya, yb)), (xb, (ya, yb))]
        .into_iter()
        .find(|&(p, (a, b))| wide::coincide(p, project(a, b, p).closest))
        .map(|(p, _)| p)
}

/// Whether segments `x` and `y` come within `radius` of each other.
pub(crate) fn segments_within<V: Vector2>(xa: V, xb: V, ya: V, yb: V, radius: S<V>) -> bool {
    if !(radius >= S::<V>::ZERO) {
        return false;
    }
    match segment_segment(xa, xb, ya, yb) {
        SegmentPair::Crossing { .. } => true,
        SegmentPair::Apart(apart) => apart.within(radius),
    }
}

/// Segment `x` against segment `y`, inflated by `radius`: the capsule–capsule kernel.
pub(crate) fn segment_segment_contact<V: Vector2>(
    xa: V,
    xb: V,
    ya: V,
    yb: V,
    radius: S<V>,
) -> Option<CoreContact<V>> {
    if !(radius >= S::<V>::ZERO) {
        return None;
    }
    match segment_segment(xa, xb, ya, yb) {
        SegmentPair::Crossing { point } => Some(crossing_contact(xa, xb, ya, yb, point, radius)),
        SegmentPair::Apart(apart) => {
            if !apart.within(radius) {
                return None;
            }
            let closest = apart.closest();
            let (normal, distance) = closest.normal();
            let (on_x, on_y) = closest.points();
            Some(CoreContact { normal, depth: depth::<V>(radius, distance), on_x, on_y })
        }
    }
}
/// The contact of two crossing segments: the smallest translation of `x` that separates
/// the cores (their Minkowski difference is a parallelogram with edge normals `±n_x`, `±n_y`),
/// plus the radii. Ties prefer y's left normal, then its right, then x's normals.
fn crossing_contact<V: Vector2>(xa: V, xb: V, ya: V, yb: V, point: V, radius: S<V>) -> CoreContact<V> {
    let zero = S::<V>::ZERO;
    let n_y = left_normal(ya, yb);
    let n_x = left_normal(xa, xb);
    // x's endpoints along y's normal.
    let (sa, sb) = (xa.sub(ya).dot(n_y), xb.sub(ya).dot(n_y));
    // y's endpoints along x's normal.
    let (ta, tb) = (ya.sub(xa).dot(n_x), yb.sub(xa).dot(n_x));
    let candidates = [
        (n_y, sa.min(sb).neg().max(zero)),
        (n_y.neg(), sa.max(sb).max(zero)),
        (n_x, ta.max(tb).max(zero)),
        (n_x.neg(), ta.min(tb).neg().max(zero)),
    ];
    let mut best = candidates[0];
    for candidate in &candidates[1..] {
        if candidate.1 < best.1 {
            best = *candidate;
        }
    }
    CoreContact { normal: best.0, depth: best.1.add(radius), on_x: point, on_y: point }
}
