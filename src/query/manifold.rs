//! Contact manifolds: up to two contact points sharing one normal, each with its
//! separation, its point on each shape and a feature id, for a solver that warm-starts.
//!
//! The one-point manifold is the speculative contact (`contact_with_margin`) itself, with
//! the features of its nearest points named. Two segment cores may give two points:
//!
//! 1. **Reference face.** Each segment has two faces (sides); for each, the separation of
//!    the other segment along that face's outward normal is the smaller of its two
//!    endpoints' (a separating-axis test). The face of each segment that separates more
//!    is its candidate; `other` (core `y`) is the reference unless `self`'s candidate
//!    separates more by over `2⁻⁸ (|x| + |y|)`: the bias against flip-flop.
//! 2. **Clip.** The other (incident) segment is clipped to the strip across the reference
//!    segment's extent, giving two points, each derived from one incident endpoint (the
//!    endpoint itself, or where the incident segment leaves the strip on its way there).
//! 3. **Keep.** Both points are kept when each one's separation is at most `margin` and
//!    the deeper one is within the bias of the speculative contact's (so that a clip far
//!    from the true nearest features, around an end, is not taken for the contact).
//!    Otherwise the other candidate face is tried the same way, unless the contact's
//!    normal is the reference face's own (then the contact's one point, whose id is the
//!    near point's, is the continuation); if that gives no two points either, the
//!    manifold is the speculative contact's one point.
//!
//! The rule and why it is stable are in `docs/semantics.md`, "Manifolds".

use crate::num::{Num, Scalar, Wide};
use crate::query::project::{self, left_normal, xy};
use crate::query::segment_pair::SegmentPair;
use crate::query::{Contact, contact_with_margin_and_pair};
use crate::shape::Core;
use crate::vector::wide::{self, W};
use crate::vector::{Vector2, VectorOps};

type S<V> = <V as Vector2>::Scalar;

/// A feature of a core: the point of a point core, an endpoint or a face (side) of a
/// segment core. Half of a [`FeatureId`].
///
/// A zero-length segment is a point: its feature is [`Feature::Point`].
///
/// # Examples
///
/// ```
/// use capsule2d::{Capsule, Feature, Segment, Shape};
///
/// // A capsule lying on a floor: its two ends against the floor's upper (left) face.
/// let floor = Segment::new([-5.0, 0.0], [5.0, 0.0]);
/// let log = Capsule::new([-1.0, 0.45], [1.0, 0.45], 0.5);
/// let m = log.manifold(&floor, 0.1).unwrap();
/// let ids: Vec<_> = m.points().iter().map(|p| (p.id.on_self, p.id.on_other)).collect();
/// assert_eq!(ids, [(Feature::Start, Feature::Left), (Feature::End, Feature::Left)]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Feature {
    /// The core is a point (a point, a circle, a zero-length segment or capsule).
    Point,
    /// The segment's first endpoint, `a`.
    Start,
    /// The segment's second endpoint, `b`.
    End,
    /// The segment's left face: the side `b − a` turned counter-clockwise points to.
    Left,
    /// The segment's right face.
    Right,
}

/// Which features of the two cores a manifold point comes from: the same ids, frame after
/// frame, say "the same contact" to a solver that warm-starts its impulses.
///
/// A two-point manifold pairs an endpoint of one segment (the incident one) with a face
/// of the other (the reference): each point is named after the incident endpoint it is
/// derived from, whether it is that endpoint or the point where the incident segment
/// leaves the reference's extent on its way there. A one-point manifold names the nearest
/// features: an endpoint or a face of each segment, or [`Feature::Point`] for a point
/// core.
///
/// # Examples
///
/// ```
/// use capsule2d::{Circle, Feature, FeatureId, Segment, Shape};
///
/// let floor = Segment::new([0.0, 0.0], [4.0, 0.0]);
/// let ball = Circle::new([1.0, 0.9], 1.0);
/// let m = ball.manifold(&floor, 0.0).unwrap();
/// assert_eq!(m.points()[0].id, FeatureId { on_self: Feature::Point, on_other: Feature::Left });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FeatureId {
    /// The feature of the receiver's core.
    pub on_self: Feature,
    /// The feature of the other shape's core.
    pub on_other: Feature,
}

/// One point of a [`Manifold`].
///
/// `on_self` and `on_other` are the points of each shape facing the other along the
/// manifold's normal `n`, and `separation = (on_self − on_other) · n` (up to rounding):
/// negative when the shapes overlap there, positive (up to the margin) for a speculative
/// point. See [`Manifold`] for where each point lies.
///
/// # Examples
///
/// ```
/// use capsule2d::{Circle, Shape};
///
/// let a = Circle::new([0.0, 0.0], 1.0);
/// let p = a.manifold(&Circle::new([3.0, 0.0], 1.5), 1.0).unwrap().points()[0];
/// assert_eq!((p.separation, p.on_self, p.on_other), (0.5, [1.0, 0.0], [1.5, 0.0]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ManifoldPoint<V, S = <V as Vector2>::Scalar> {
    /// The signed distance between the shapes along the normal at this point: minus the
    /// depth of the overlap, or the gap (at most the margin).
    pub separation: S,
    /// The point of the receiver facing the other shape.
    pub on_self: V,
    /// The point of the other shape facing the receiver.
    pub on_other: V,
    /// The features of the two cores this point comes from.
    pub id: FeatureId,
}

/// A contact manifold: one unit normal and one or two points, as
/// [`Shape::manifold`](crate::Shape::manifold) returns it.
///
/// - `normal` points from the other shape towards the receiver, as in
///   [`Contact`](crate::Contact).
/// - **One point** (point or circle cores, segments whose overlap along a face gives no
///   second point within the margin): the speculative contact, `normal` and
///   `separation = −depth` exactly those of
///   [`contact_with_margin`](crate::Shape::contact_with_margin); `on_other` is its
///   `point`, `on_self = on_other + separation · normal` (on the receiver's surface when
///   the cores are apart; for crossing segment cores both come from the deeper endpoint
///   of the other segment, as in the two-point case).
/// - **Two points** (two segment cores, parallel or nearly, or crossing with both clipped
///   points within the margin): `normal` is the unit normal of the reference face; each
///   point is a point `c` of the incident segment, `on_reference = c` projected onto the
///   reference segment plus its radius along the face normal (on its surface), and
///   `on_incident = c` minus the incident's radius along the same normal (on its surface
///   at an endpoint meeting the face square on; within `r (1 − cos θ)` of it for cores
///   at an angle `θ`). The points come in the order of the incident segment's ends.
///
/// # Examples
///
/// ```
/// use capsule2d::{Capsule, Segment, Shape};
///
/// let floor = Segment::new([-5.0, 0.0], [5.0, 0.0]);
/// let log = Capsule::new([-1.0, 0.5], [1.0, 0.75], 0.5);
/// let m = log.manifold(&floor, 0.5).unwrap();
/// assert_eq!(m.normal, [0.0, 1.0]);
/// let separations: Vec<f64> = m.points().iter().map(|p| p.separation).collect();
/// assert_eq!(separations, [0.0, 0.25]);
/// assert_eq!(m.deepest().on_other, [-1.0, 0.0]);
///
/// // Beyond the margin: none.
/// assert!(log.manifold(&floor, -0.5).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Manifold<V, S = <V as Vector2>::Scalar> {
    /// Unit normal from the other shape towards the receiver, shared by the points.
    pub normal: V,
    points: [ManifoldPoint<V, S>; 2],
    len: u8,
}

impl<V, S: PartialOrd> Manifold<V, S> {
    /// The points: one or two.
    ///
    /// ```
    /// use capsule2d::{Circle, Shape};
    /// let m = Circle::new([0.0, 0.0], 1.0).manifold(&[1.5, 0.0], 1.0).unwrap();
    /// assert_eq!(m.points().len(), 1);
    /// ```
    #[inline]
    pub fn points(&self) -> &[ManifoldPoint<V, S>] {
        let len = if self.len >= 2 { 2 } else { 1 };
        &self.points[..len]
    }

    /// The point with the smallest separation (the first of two equal ones).
    ///
    /// ```
    /// use capsule2d::{Capsule, Shape};
    /// let a = Capsule::new([0.0, 1.0], [2.0, 1.5], 0.5);
    /// let b = Capsule::new([-1.0, 0.0], [3.0, 0.0], 0.5);
    /// assert_eq!(a.manifold(&b, 1.0).unwrap().deepest().separation, 0.0);
    /// ```
    #[inline]
    pub fn deepest(&self) -> &ManifoldPoint<V, S> {
        let [first, second] = &self.points;
        if self.len >= 2 && second.separation < first.separation {
            second
        } else {
            first
        }
    }
}

/// The manifold of two inflated cores within `margin` of touching: `None` exactly when
/// [`contact_with_margin`] is.
#[inline]
pub(crate) fn manifold<V: Vector2>(
    x: Core<V>,
    rx: S<V>,
    y: Core<V>,
    ry: S<V>,
    margin: S<V>,
) -> Option<Manifold<V>> {
    manifold_certified::<V, true>(x, rx, y, ry, margin)
}

/// [`manifold`]; `CERTIFY` is whether the scalar's certificate (`no_two_points`) may skip
/// the clipping of two segment cores (the tests compare the manifolds without it).
#[inline(always)]
pub(crate) fn manifold_certified<V: Vector2, const CERTIFY: bool>(
    x: Core<V>,
    rx: S<V>,
    y: Core<V>,
    ry: S<V>,
    margin: S<V>,
) -> Option<Manifold<V>> {
    let (contact, relation) = contact_with_margin_and_pair(x, rx, y, ry, margin)?;
    if let (Core::Segment(xa, xb), Core::Segment(ya, yb), Some(relation)) = (x, y, relation)
        && !wide::coincide(xa, xb)
        && !wide::coincide(ya, yb)
    {
        let pair = Pair {
            x: [xa, xb],
            y: [ya, yb],
            rx,
            ry,
        };
        // Where the certificate holds, the clipping would find no two points on any face.
        let one = CERTIFY
            && S::<V>::no_two_points(
                [xy(xa), xy(xb)],
                [xy(ya), xy(yb)],
                [rx, ry],
                margin,
                contact.depth,
            );
        if !one && let Some(two) = pair.two_points(&contact, margin) {
            return Some(two);
        }
        return Some(pair.one_point(&contact, relation));
    }
    Some(one_point(x, y, &contact))
}

/// The one-point manifold of the speculative contact, for a pair with a point core (or a
/// zero-length segment).
fn one_point<V: Vector2>(x: Core<V>, y: Core<V>, contact: &Contact<V>) -> Manifold<V> {
    let point_of = |core: Core<V>| match core {
        Core::Point(p) => p,
        Core::Segment(a, _) => a,
    };
    // A zero-length segment is its point; a proper one faces the other core's point.
    let feature = |core: Core<V>, p: V| match core {
        Core::Segment(a, b) if !wide::coincide(a, b) => segment_feature(a, b, p),
        _ => Feature::Point,
    };
    let id = FeatureId {
        on_self: feature(x, point_of(y)),
        on_other: feature(y, point_of(x)),
    };
    from_contact(contact, id)
}

/// The manifold of the contact's single point, named `id`.
fn from_contact<V: Vector2>(contact: &Contact<V>, id: FeatureId) -> Manifold<V> {
    let separation = contact.depth.neg();
    let point = ManifoldPoint {
        separation,
        on_self: contact.point.add(contact.normal.scale(separation)),
        on_other: contact.point,
        id,
    };
    Manifold {
        normal: contact.normal,
        points: [point, point],
        len: 1,
    }
}

/// The feature of segment `ab` nearest `p`: an endpoint, or the face on `p`'s side (the
/// left one when `p` lies on the segment, as the left normal is then the contact's).
fn segment_feature<V: Vector2>(a: V, b: V, p: V) -> Feature {
    region_feature(&project::project(a, b, p), a, b, p)
}

/// The feature of segment `ab` that `p`'s projection falls on: the face on `p`'s side
/// (decided exactly, as the normal's side is) in the interior.
fn region_feature<V: Vector2>(projection: &project::Projection<V>, a: V, b: V, p: V) -> Feature {
    match projection.feature {
        project::Feature::Start => Feature::Start,
        project::Feature::End => Feature::End,
        project::Feature::Interior { .. } => {
            if projection.side(a, b, p) == core::cmp::Ordering::Less {
                Feature::Right
            } else {
                Feature::Left
            }
        }
    }
}

/// A face of a segment core, and how far the other segment lies beyond it.
#[derive(Clone, Copy, Debug)]
struct Face<V: Vector2> {
    /// The segment.
    a: V,
    b: V,
    /// Its unit outward normal: `±left_normal(a, b)`.
    normal: V,
    /// Which face.
    side: Feature,
    /// The smaller of the other segment's endpoints' distances beyond the face, along
    /// `normal` (negative when they lie behind it).
    separation: S<V>,
}

/// The face of segment `ab` that segment `pq` lies farthest beyond (its candidate as the
/// reference face); ties go to the left face when `ties_left`, else to the right.
#[inline]
fn face<V: Vector2>([a, b]: [V; 2], [p, q]: [V; 2], ties_left: bool) -> Face<V> {
    let n = left_normal(a, b);
    let (sp, sq) = (p.sub(a).dot(n), q.sub(a).dot(n));
    let left = sp.min(sq);
    let right = sp.max(sq).neg();
    if left > right || (ties_left && left == right) {
        Face {
            a,
            b,
            normal: n,
            side: Feature::Left,
            separation: left,
        }
    } else {
        Face {
            a,
            b,
            normal: n.neg(),
            side: Feature::Right,
            separation: right,
        }
    }
}

/// A point of the incident segment inside the reference face's strip, with its
/// distance beyond the face.
#[derive(Clone, Copy, Debug)]
struct Clipped<V: Vector2> {
    point: V,
    beyond: S<V>,
}

/// Segment `pq` clipped to the strip across the face's segment (`0 ≤ (c − a)·(b − a) ≤
/// |b − a|²`): for each end, the end itself when inside, else where `pq` enters the strip
/// on its way from that end. `None` when `pq` misses the strip.
fn clip<V: Vector2>(face: &Face<V>, [p, q]: [V; 2]) -> Option<[Clipped<V>; 2]> {
    let (a, v) = (face.a, face.b.sub(face.a));
    // `(c − a)·v` on a common power-of-two scale: the scale does not move the cut.
    let (wp, wq) = (p.sub(a), q.sub(a));
    let k = S::<V>::rescale_factor(S::<V>::largest_magnitude([
        wp.x(),
        wp.y(),
        wq.x(),
        wq.y(),
        v.x(),
        v.y(),
    ]));
    let (wp, wq, v) = if k == S::<V>::ONE {
        (wp, wq, v)
    } else {
        (wp.scale(k), wq.scale(k), v.scale(k))
    };
    let (tp, tq, vv) = (wide::dot(wp, v), wide::dot(wq, v), wide::dot(v, v));
    let zero = <W<V> as Wide>::ZERO;
    if !(tp.max_w(tq) >= zero) || !(tp.min_w(tq) <= vv) {
        return None;
    }
    let end = |from: V, to: V, t_from: W<V>, t_to: W<V>| {
        let point = if t_from < zero {
            cut(from, to, zero.sub(t_from), t_to)
        } else if t_from > vv {
            cut(from, to, t_from.sub(vv), vv.sub(t_to))
        } else {
            from
        };
        Clipped {
            point,
            beyond: point.sub(a).dot(face.normal),
        }
    };
    Some([end(p, q, tp, tq), end(q, p, tq, tp)])
}

/// The point of segment `pq` where a linear function that is `−outside` at `p` (outside
/// ≥ 0) and `inside` at `q` is zero: `p + (q − p) · outside / (outside + inside)`, stepped
/// from the nearer end so that the rounding of the step stays below half the segment.
fn cut<V: Vector2>(p: V, q: V, outside: W<V>, inside: W<V>) -> V {
    let total = outside.add(inside);
    let t = S::<V>::unit_ratio(outside, total);
    if t.add(t) <= S::<V>::ONE {
        p.add(q.sub(p).scale(t))
    } else {
        q.add(p.sub(q).scale(S::<V>::unit_ratio(inside, total)))
    }
}

/// Two proper segment cores with their radii: `x` the receiver's, `y` the other's.
#[derive(Clone, Copy, Debug)]
struct Pair<V: Vector2> {
    x: [V; 2],
    y: [V; 2],
    rx: S<V>,
    ry: S<V>,
}

impl<V: Vector2> Pair<V> {
    /// The two-point manifold, when the clip gives two points within `margin` and the
    /// deeper is within the bias of the contact's depth: on the biased reference face,
    /// else on the other candidate face unless the contact's normal is the biased face's.
    fn two_points(&self, contact: &Contact<V>, margin: S<V>) -> Option<Manifold<V>> {
        let on_y = face(self.y, self.x, true);
        let on_x = face(self.x, self.y, false);
        let bias = bias(self.x, self.y);
        // `other` is the reference unless `self`'s face separates more by over the bias.
        let reference_is_y = !(on_x.separation > on_y.separation.add(bias));
        let (reference, fallback) = if reference_is_y {
            (on_y, on_x)
        } else {
            (on_x, on_y)
        };
        self.clipped_pair(&reference, reference_is_y, contact, margin, bias)
            .or_else(|| {
                // The other face, unless the contact itself stands on the biased one (then
                // its one point, whose id is the near point's, is the continuation).
                let own = manifold_normal(&reference, reference_is_y);
                (!wide::coincide(own, contact.normal))
                    .then(|| self.clipped_pair(&fallback, !reference_is_y, contact, margin, bias))
                    .flatten()
            })
    }

    /// The two points clipped to `reference`, when both are within `margin` and the deeper
    /// is within `bias` of the contact's depth.
    fn clipped_pair(
        &self,
        reference: &Face<V>,
        reference_is_y: bool,
        contact: &Contact<V>,
        margin: S<V>,
        bias: S<V>,
    ) -> Option<Manifold<V>> {
        let incident = if reference_is_y { self.x } else { self.y };
        let points = self.manifold_points(reference, incident, reference_is_y)?;
        let [first, second] = points;
        let deepest = first.separation.min(second.separation);
        let kept = |p: &ManifoldPoint<V>| p.separation <= margin && finite(p);
        if !(kept(&first) && kept(&second) && deepest <= bias.sub(contact.depth)) {
            return None;
        }
        Some(Manifold {
            normal: manifold_normal(reference, reference_is_y),
            points,
            len: 2,
        })
    }

    /// The points of the incident segment clipped to the reference face, as manifold
    /// points of `x` against `y`.
    fn manifold_points(
        &self,
        reference: &Face<V>,
        incident: [V; 2],
        reference_is_y: bool,
    ) -> Option<[ManifoldPoint<V>; 2]> {
        let clipped = clip(reference, incident)?;
        let (r_reference, r_incident) = if reference_is_y {
            (self.ry, self.rx)
        } else {
            (self.rx, self.ry)
        };
        let radii = self.rx.add(self.ry);
        // Written out, not `clipped.map(…)`: through `array::map` the closure was at the
        // mercy of the inliner, which left it out of line (a call per point, 10% of a
        // manifold) after unrelated changes elsewhere in the crate.
        #[inline(always)]
        fn point<V: Vector2>(
            c: Clipped<V>,
            end: Feature,
            reference: &Face<V>,
            (r_reference, r_incident, radii): (S<V>, S<V>, S<V>),
            reference_is_y: bool,
        ) -> ManifoldPoint<V> {
            let n = reference.normal;
            let on_reference = c.point.add(n.scale(r_reference.sub(c.beyond)));
            let on_incident = c.point.sub(n.scale(r_incident));
            // `−(r_x + r_y − beyond)`: the contact's depth, bit for bit, at the same
            // features.
            let separation = radii.sub(c.beyond).neg();
            if reference_is_y {
                ManifoldPoint {
                    separation,
                    on_self: on_incident,
                    on_other: on_reference,
                    id: FeatureId {
                        on_self: end,
                        on_other: reference.side,
                    },
                }
            } else {
                ManifoldPoint {
                    separation,
                    on_self: on_reference,
                    on_other: on_incident,
                    id: FeatureId {
                        on_self: reference.side,
                        on_other: end,
                    },
                }
            }
        }
        let radii = (r_reference, r_incident, radii);
        let [first, second] = clipped;
        Some([
            point(first, Feature::Start, reference, radii, reference_is_y),
            point(second, Feature::End, reference, radii, reference_is_y),
        ])
    }

    /// The one-point manifold of the speculative contact, with the features of its
    /// nearest points. For crossing cores, whose contact normal is a face normal of one of
    /// them, the point is the deeper clipped end of the other along that face, where the
    /// overlap is; its separation and the normal stay the contact's.
    ///
    /// `relation` is how the cores relate (`segment_segment`), as the contact found it.
    fn one_point(&self, contact: &Contact<V>, relation: SegmentPair<V>) -> Manifold<V> {
        match relation {
            SegmentPair::Apart(apart) => {
                let closest = apart.closest();
                let endpoint = if closest.endpoint_on_y {
                    self.y
                } else {
                    self.x
                };
                let end = if wide::coincide(closest.endpoint, endpoint[0]) {
                    Feature::Start
                } else {
                    Feature::End
                };
                let face = region_feature(
                    &closest.projection,
                    closest.onto.0,
                    closest.onto.1,
                    closest.endpoint,
                );
                let id = if closest.endpoint_on_y {
                    FeatureId {
                        on_self: face,
                        on_other: end,
                    }
                } else {
                    FeatureId {
                        on_self: end,
                        on_other: face,
                    }
                };
                from_contact(contact, id)
            }
            SegmentPair::Crossing { .. } => self.crossing(contact),
        }
    }

    /// The one point of crossing cores: see [`Pair::one_point`].
    fn crossing(&self, contact: &Contact<V>) -> Manifold<V> {
        let n_y = left_normal(self.y[0], self.y[1]);
        let along_y =
            wide::coincide(contact.normal, n_y) || wide::coincide(contact.normal, n_y.neg());
        let (segment, other, outward) = if along_y {
            (self.y, self.x, contact.normal)
        } else {
            (self.x, self.y, contact.normal.neg())
        };
        let side = if wide::coincide(outward, left_normal(segment[0], segment[1])) {
            Feature::Left
        } else {
            Feature::Right
        };
        let reference = Face {
            a: segment[0],
            b: segment[1],
            normal: outward,
            side,
            separation: S::<V>::ZERO,
        };
        let fallback = FeatureId {
            on_self: if along_y { Feature::Start } else { side },
            on_other: if along_y { side } else { Feature::Start },
        };
        let Some([first, second]) = self.manifold_points(&reference, other, along_y) else {
            return from_contact(contact, fallback);
        };
        let deeper = if second.separation < first.separation {
            second
        } else {
            first
        };
        if !finite(&deeper) {
            return from_contact(contact, fallback);
        }
        Manifold {
            normal: contact.normal,
            points: [
                ManifoldPoint {
                    separation: contact.depth.neg(),
                    ..deeper
                },
                deeper,
            ],
            len: 1,
        }
    }
}

/// The manifold normal (from `y` towards `x`) of a reference face: its outward normal
/// when it is `y`'s, the opposite when it is `x`'s.
fn manifold_normal<V: Vector2>(reference: &Face<V>, reference_is_y: bool) -> V {
    if reference_is_y {
        reference.normal
    } else {
        reference.normal.neg()
    }
}

/// The bias towards `other`'s face: `2⁻⁸ (|x| + |y|)`.
fn bias<V: Vector2>(x: [V; 2], y: [V; 2]) -> S<V> {
    let mut sum = x[1].sub(x[0]).length().add(y[1].sub(y[0]).length());
    for _ in 0..8 {
        sum = sum.half();
    }
    sum
}

/// Whether a point's values are all finite (floats near `MAX` can overflow; then the
/// contact's own point, which saturates, is used instead).
fn finite<V: Vector2>(p: &ManifoldPoint<V>) -> bool {
    p.separation.is_finite()
        && [p.on_self, p.on_other]
            .iter()
            .all(|v| v.x().is_finite() && v.y().is_finite())
}

/// `min` and `max` of wide values (NaN-safe as [`Num`]'s: the first when unordered).
trait WideOrd: Wide {
    fn min_w(self, rhs: Self) -> Self {
        if rhs < self { rhs } else { self }
    }
    fn max_w(self, rhs: Self) -> Self {
        if rhs > self { rhs } else { self }
    }
}

impl<T: Wide> WideOrd for T {}
