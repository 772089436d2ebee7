//! Exact references for the shape queries of every pair (points, circles, segments,
//! capsules): decisions, distances, closest points and contacts of inflated cores, built
//! on [`super::exact`]. Never calls the crate.
//!
//! A shape is a core — a point, or a closed segment (a zero-length one is a point) — and
//! a radius ([`XShape`]); a negative radius is an empty shape. Everything here is exact
//! arithmetic on the dyadic inputs ([`D`], [`P`], homogeneous points [`H`], squared
//! distances [`Frac`]): decisions compare squares (`d² ≤ (r₁ + r₂)²`), never roots.
//! Square roots are taken only to *measure* (distances, depths, separations), to about
//! 100 bits ([`root`]: an f64 estimate and a Newton step in exact arithmetic), far below
//! any tolerance a test applies (the finest is a few units of `f64`'s 2^-52).
//!
//! The signed core separation `s*` ([`core_separation`]) unifies apart and meeting cores:
//! for unit `n`, let `g(n) = min_{x ∈ X} x·n − max_{y ∈ Y} y·n` be how far core `X` lies
//! beyond core `Y` along `n`; then `s* = max_n g(n)`. Apart, that is the core distance;
//! when the cores share a point, it is minus the smallest translation of `X` that
//! separates them (the Minkowski difference of two segments is a parallelogram, whose
//! edge normals `±n_x`, `±n_y` are the only candidates), and 0 when they only touch. A
//! shape pair then has `distance = max(s* − r, 0)`, `separation = s* − r` and
//! `depth = r − s*` (`r = r₁ + r₂`). A computed normal `n` is judged by
//! [`Pair::normal_miss`], a length: apart, the distance from `s* n/|n|` to the Minkowski
//! difference `X − Y` (0 when `n` points at a nearest point of it); meeting,
//! `s* − g(n/|n|) ≥ 0` (0 for the best translation and its ties).
//!
//! Also here, shared by `tests/pairs.rs` and `tests/user_scalar.rs`: the scene generators
//! ([`random_scene`], [`hand_picked`], [`random_shape_and_point`]), plain `f64` values on a
//! grid, built so that many inputs touch *exactly* (Pythagorean lattice offsets) or sit a
//! grid step from touching.

use super::{D, Frac, H, P, Rng, exact};
use std::sync::OnceLock;

/// `√f` to about 100 bits: the f64 root, then one Newton step `(x + f/x) / 2` in exact
/// arithmetic (divisions to 120 bits), which squares the f64's relative error of 2^-53.
/// (`Frac::sqrt` takes 200 bits through a big-integer root: several times slower, and no
/// test needs that many.)
pub(crate) fn root(f: &Frac) -> D {
    if f.is_zero() {
        return D::zero();
    }
    let guess = f.to_f64().sqrt();
    assert!(guess > 0.0 && guess.is_finite(), "root of {f:?}");
    let x = D::f(guess);
    let quotient = D::div_approx(&f.num, &(&f.den * &x), 120);
    (x + quotient) * D::new(1, -1)
}

/// The exact core of a shape: a point or a closed segment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum XCore {
    /// A single point.
    Point(P),
    /// The closed segment between two points (a zero-length one is a point).
    Segment(P, P),
}

impl XCore {
    /// The two ends (a point twice).
    pub(crate) fn ends(&self) -> [&P; 2] {
        match self {
            Self::Point(p) => [p, p],
            Self::Segment(a, b) => [a, b],
        }
    }

    /// The point, when the core is a single point (a point or a zero-length segment).
    pub(crate) fn as_point(&self) -> Option<&P> {
        match self {
            Self::Point(p) => Some(p),
            Self::Segment(a, b) if a == b => Some(a),
            Self::Segment(..) => None,
        }
    }

    /// The segment, when the core is a segment of non-zero length.
    pub(crate) fn as_segment(&self) -> Option<(&P, &P)> {
        match self {
            Self::Segment(a, b) if a != b => Some((a, b)),
            _ => None,
        }
    }

    /// The point of the core nearest `p` (the projection, clamped; exact).
    pub(crate) fn closest_to(&self, p: &P) -> H {
        match self {
            Self::Point(c) => c.h(),
            Self::Segment(a, b) => exact::closest_point(a, b, p),
        }
    }

    /// `dist(p, core)²`, exactly.
    pub(crate) fn dist2_to(&self, p: &P) -> Frac {
        self.closest_to(p).dist2(p)
    }

    /// `dist(p, core)`, to about 100 bits.
    pub(crate) fn dist_to(&self, p: &P) -> D {
        root(&self.dist2_to(p))
    }

    /// `min` over the core of `z · m` (attained at an end).
    pub(crate) fn min_along(&self, m: &P) -> D {
        let [a, b] = self.ends();
        a.dot(m).min(b.dot(m))
    }

    /// `max` over the core of `z · m` (attained at an end).
    pub(crate) fn max_along(&self, m: &P) -> D {
        let [a, b] = self.ends();
        a.dot(m).max(b.dot(m))
    }

    /// The core's own box, `(min, max)`.
    pub(crate) fn bbox(&self) -> (P, P) {
        let [a, b] = self.ends();
        (
            P::new(a.x.clone().min(b.x.clone()), a.y.clone().min(b.y.clone())),
            P::new(a.x.clone().max(b.x.clone()), a.y.clone().max(b.y.clone())),
        )
    }
}

/// An exact shape: a core inflated by a radius (empty when the radius is negative).
#[derive(Clone, Debug)]
pub(crate) struct XShape {
    /// The core.
    pub(crate) core: XCore,
    /// The radius.
    pub(crate) r: D,
}

impl XShape {
    pub(crate) fn new(core: XCore, r: D) -> Self {
        Self { core, r }
    }

    /// Whether the shape is empty (negative radius).
    pub(crate) fn is_empty(&self) -> bool {
        self.r.is_negative()
    }

    /// Whether `p` lies in the closed shape: `dist(p, core)² ≤ r²`, `r ≥ 0`.
    pub(crate) fn contains(&self, p: &P) -> bool {
        !self.is_empty() && self.core.dist2_to(p).le_square(&self.r)
    }

    /// `dist(p, core) − r`: negative inside, 0 on the surface (to about 100 bits).
    pub(crate) fn surface_offset(&self, p: &P) -> D {
        self.core.dist_to(p) - &self.r
    }

    /// The distance from `p` to the (non-empty) shape: `max(dist(p, core) − r, 0)`.
    pub(crate) fn distance_to(&self, p: &P) -> D {
        if self.contains(p) {
            D::zero()
        } else {
            self.surface_offset(p)
        }
    }

    /// The exact box `(min, max)`: the core's box grown by `max(r, 0)`.
    pub(crate) fn aabb(&self) -> (P, P) {
        let (lo, hi) = self.core.bbox();
        let r = if self.is_empty() {
            D::zero()
        } else {
            self.r.clone()
        };
        (
            P::new(&lo.x - &r, &lo.y - &r),
            P::new(&hi.x + &r, &hi.y + &r),
        )
    }

    /// The shape's extreme points along `±x` and `±y` (for a circle, `centre ± r`): all on
    /// the boundary of its box.
    pub(crate) fn extreme_points(&self) -> Vec<P> {
        let r = if self.is_empty() {
            D::zero()
        } else {
            self.r.clone()
        };
        let mut out = Vec::new();
        for e in self.core.ends() {
            out.push(P::new(&e.x + &r, e.y.clone()));
            out.push(P::new(&e.x - &r, e.y.clone()));
            out.push(P::new(e.x.clone(), &e.y + &r));
            out.push(P::new(e.x.clone(), &e.y - &r));
        }
        out
    }
}

// ---------------------------------------------------------------------------------------
// Cores: distance, decision, closest points.
// ---------------------------------------------------------------------------------------

/// The exact squared distance between two cores.
pub(crate) fn core_dist2(x: &XCore, y: &XCore) -> Frac {
    match (x, y) {
        (XCore::Point(p), XCore::Point(q)) => Frac::whole(p.sub(q).len2()),
        (XCore::Point(p), XCore::Segment(a, b)) | (XCore::Segment(a, b), XCore::Point(p)) => {
            exact::dist2_point_segment(a, b, p)
        }
        (XCore::Segment(xa, xb), XCore::Segment(ya, yb)) => exact::dist2_segments(xa, xb, ya, yb),
    }
}

/// Whether the cores come within `r` of each other: `d² ≤ r²`, `r ≥ 0`, compared exactly.
pub(crate) fn within(x: &XCore, y: &XCore, r: &D) -> bool {
    !r.is_negative() && core_dist2(x, y).le_square(r)
}

/// Whether the shapes touch or overlap: both non-empty and `d ≤ r₁ + r₂`, exactly.
pub(crate) fn intersects(x: &XShape, y: &XShape) -> bool {
    !x.is_empty() && !y.is_empty() && within(&x.core, &y.core, &(&x.r + &y.r))
}

/// Whether the cores share a point.
pub(crate) fn cores_meet(x: &XCore, y: &XCore) -> bool {
    core_dist2(x, y).is_zero()
}

/// The closest points of two cores.
#[derive(Clone, Debug)]
pub(crate) enum Nearest {
    /// Disjoint cores: a closest pair `(on x, on y)` (for parallel segments one of many:
    /// an endpoint and its projection) and their squared distance, `> 0`.
    Apart { on_x: H, on_y: H, dist2: Frac },
    /// The cores share a point; `point` is one. `unique` when it is the only one (not two
    /// collinear segments overlapping along a stretch).
    Meet { point: H, unique: bool },
}

/// The closest points of two cores: a common point when they meet (crossing, touching,
/// overlapping), otherwise the closest endpoint projection.
pub(crate) fn nearest(x: &XCore, y: &XCore) -> Nearest {
    match (x.as_point(), y.as_point()) {
        (Some(p), Some(q)) => {
            if p == q {
                Nearest::Meet {
                    point: p.h(),
                    unique: true,
                }
            } else {
                Nearest::Apart {
                    on_x: p.h(),
                    on_y: q.h(),
                    dist2: Frac::whole(p.sub(q).len2()),
                }
            }
        }
        (Some(p), None) => point_vs(p, y, false),
        (None, Some(q)) => point_vs(q, x, true),
        (None, None) => {
            let (xa, xb) = x.as_segment().expect("a proper segment");
            let (ya, yb) = y.as_segment().expect("a proper segment");
            segments_nearest(xa, xb, ya, yb)
        }
    }
}

/// A point against a core (`point_is_y`: the point is the second shape).
fn point_vs(p: &P, core: &XCore, point_is_y: bool) -> Nearest {
    let q = core.closest_to(p);
    if q.is_point(p) {
        return Nearest::Meet {
            point: p.h(),
            unique: true,
        };
    }
    let dist2 = q.dist2(p);
    if point_is_y {
        Nearest::Apart {
            on_x: q,
            on_y: p.h(),
            dist2,
        }
    } else {
        Nearest::Apart {
            on_x: p.h(),
            on_y: q,
            dist2,
        }
    }
}

/// Two proper segments.
fn segments_nearest(xa: &P, xb: &P, ya: &P, yb: &P) -> Nearest {
    if !exact::segments_intersect(xa, xb, ya, yb) {
        let (on_x, on_y) = exact::closest_pair(xa, xb, ya, yb);
        let dist2 = on_x.dist2_h(&on_y);
        return Nearest::Apart { on_x, on_y, dist2 };
    }
    let o3 = exact::orient(ya, yb, xa);
    let o4 = exact::orient(ya, yb, xb);
    let o1 = exact::orient(xa, xb, ya);
    let o2 = exact::orient(xa, xb, yb);
    if o3.signum() * o4.signum() < 0 && o1.signum() * o2.signum() < 0 {
        // A proper crossing: xa + t (xb − xa), t = o3 / (o3 − o4), as a homogeneous point
        // with a positive weight.
        let mut w = &o3 - &o4;
        let mut t = o3;
        if w.is_negative() {
            w = -w;
            t = -t;
        }
        let v = xb.sub(xa);
        return Nearest::Meet {
            point: H {
                x: &xa.x * &w + &v.x * &t,
                y: &xa.y * &w + &v.y * &t,
                w,
            },
            unique: true,
        };
    }
    // An endpoint of one lies on the other.
    let collinear = o1.is_zero() && o2.is_zero();
    let on = |p: &P, a: &P, b: &P| exact::dist2_point_segment(a, b, p).is_zero();
    let point = [(xa, ya, yb), (xb, ya, yb), (ya, xa, xb), (yb, xa, xb)]
        .into_iter()
        .find(|(p, a, b)| on(p, a, b))
        .map(|(p, _, _)| p.h())
        .expect("meeting segments share an endpoint");
    // Collinear segments meet in a single point only when they just touch end to end.
    let unique = !collinear || {
        let v = xb.sub(xa);
        let (x0, x1) = (xa.dot(&v), xb.dot(&v));
        let (y0, y1) = (ya.dot(&v).min(yb.dot(&v)), ya.dot(&v).max(yb.dot(&v)));
        x1.clone().min(y1) == x0.max(y0)
    };
    Nearest::Meet { point, unique }
}

// ---------------------------------------------------------------------------------------
// Separation, depth and normals.
// ---------------------------------------------------------------------------------------

/// `g(m) = min_X x·m − max_Y y·m` for a direction `m` (not normalised): exact.
pub(crate) fn along(x: &XCore, y: &XCore, m: &P) -> D {
    x.min_along(m) - y.max_along(m)
}

/// `g(n / |n|)`, the separation of the cores along the (non-zero) direction `n`, to about
/// 200 bits: at most [`core_separation`].
pub(crate) fn separation_along(x: &XCore, y: &XCore, n: &P) -> D {
    let length = root(&Frac::whole(n.len2()));
    D::div_approx(&along(x, y, n), &length, 120)
}

/// For cores that meet: the candidate translations of `x`, `(m, (g(m)/|m|)²)` for the
/// edge normals `m = ±n_y, ±n_x` of their Minkowski difference (`g(m) ≤ 0` for each,
/// so a smaller key is a shallower translation). None for two single points.
pub(crate) fn crossing_candidates(x: &XCore, y: &XCore) -> Vec<(P, Frac)> {
    let mut out = Vec::new();
    for core in [y, x] {
        if let Some((a, b)) = core.as_segment() {
            let n = b.sub(a).perp();
            for m in [n.clone(), n.neg()] {
                let g = along(x, y, &m);
                assert!(!g.is_positive(), "meeting cores separated along {m:?}");
                let key = Frac {
                    num: g.square(),
                    den: m.len2(),
                };
                out.push((m, key));
            }
        }
    }
    out
}

/// The signed separation `s*` of the cores: their distance when apart; when they meet,
/// minus the smallest translation of `x` that separates them (0 when they only touch, or
/// when one is a single point). To about 200 bits.
pub(crate) fn core_separation(x: &XCore, y: &XCore) -> D {
    separation_of(x, y, &nearest(x, y))
}

fn separation_of(x: &XCore, y: &XCore, nearest: &Nearest) -> D {
    match nearest {
        Nearest::Apart { dist2, .. } => root(dist2),
        Nearest::Meet { .. } => match crossing_candidates(x, y).into_iter().map(|(_, k)| k).min() {
            Some(best) => -root(&best),
            None => D::zero(),
        },
    }
}

/// The candidate closest pairs of two disjoint cores: each end of one against its
/// projection on the other, as `(direction from y to x, squared distance)`.
fn apart_candidates(x: &XCore, y: &XCore) -> Vec<(P, Frac)> {
    let mut out = Vec::new();
    for e in x.ends() {
        let q = y.closest_to(e);
        out.push((q.to(e), q.dist2(e)));
    }
    for e in y.ends() {
        let q = x.closest_to(e);
        out.push((q.to(e).neg(), q.dist2(e)));
    }
    out
}

/// The normal the rules of `docs/semantics.md` give for `x` against `y` (pointing from `y`
/// towards `x`), as exact directions (not normalised): the computed normal must lie along
/// one of them.
#[derive(Clone, Debug)]
pub(crate) struct Normals {
    /// The acceptable directions: one, or several on an exact tie.
    pub(crate) dirs: Vec<P>,
    /// Whether `y` against `x` must give the mirror image (opposite normal, same depth):
    /// whenever geometry decides the normal, and for a point on a segment (rule 2 from both
    /// sides); not for coincident points (`+x` from both sides, rule 3) nor on a tie.
    pub(crate) mirrored: bool,
    /// How much farther (apart) or deeper (meeting) the best candidate with another
    /// direction is than the best one: ∞ when there is none, 0 on a tie. Rounding can
    /// pick either of two candidates closer than that, so a mirror image (or the
    /// documented direction) is expected only when this is well above rounding.
    pub(crate) runner_up: f64,
}

/// `+x`.
fn unit_x() -> P {
    exact::unit_x()
}

/// Whether `m` points along `dir` (same direction).
fn same_direction(m: &P, dir: &P) -> bool {
    m.cross(dir).is_zero() && m.dot(dir).is_positive()
}

/// The documented normal of `x` against `y` (see [`Normals`]).
///
/// - Apart cores: from `y`'s closest core point to `x`'s.
/// - A single point on a proper segment: the segment's left normal `perp(b − a)` seen from
///   the point, its right normal seen from the segment (rules 2 and 5).
/// - Coincident single points: `+x`, except from a zero-length *segment* core against a
///   *point* core (`capsule.contact(&circle)`, `segment.contact(&p)`, the segment side of
///   the point kernel), which gives `−x` (rule 3).
/// - Meeting proper segments: the smallest separating translation, ties kept (rule 4).
pub(crate) fn normals(x: &XCore, y: &XCore) -> Normals {
    normals_of(x, y, &nearest(x, y))
}

fn normals_of(x: &XCore, y: &XCore, nearest: &Nearest) -> Normals {
    let decided = |dir: P, runner_up: f64| Normals {
        dirs: vec![dir],
        mirrored: true,
        runner_up,
    };
    match nearest {
        Nearest::Apart { on_x, on_y, dist2 } => {
            let dir = on_x.minus(on_y);
            let best = dist2.to_f64().sqrt();
            let runner_up = apart_candidates(x, y)
                .iter()
                .filter(|(m, _)| !m.is_zero() && !same_direction(m, &dir))
                .map(|(_, d2)| d2.to_f64().sqrt() - best)
                .fold(f64::INFINITY, f64::min);
            decided(dir, runner_up)
        }
        Nearest::Meet { .. } => match (x.as_point(), y.as_point()) {
            (Some(_), Some(_)) => {
                let minus_x = matches!(x, XCore::Segment(..)) && matches!(y, XCore::Point(_));
                Normals {
                    dirs: vec![if minus_x { unit_x().neg() } else { unit_x() }],
                    mirrored: false,
                    runner_up: f64::INFINITY,
                }
            }
            (Some(_), None) => {
                let (a, b) = y.as_segment().expect("proper");
                decided(b.sub(a).perp(), f64::INFINITY)
            }
            (None, Some(_)) => {
                let (a, b) = x.as_segment().expect("proper");
                decided(b.sub(a).perp().neg(), f64::INFINITY)
            }
            (None, None) => {
                let candidates = crossing_candidates(x, y);
                let best = candidates
                    .iter()
                    .map(|(_, k)| k.clone())
                    .min()
                    .expect("proper segments");
                let dirs: Vec<P> = candidates
                    .iter()
                    .filter(|(_, k)| *k == best)
                    .map(|(m, _)| m.clone())
                    .collect();
                // Tied candidates pointing the same way are one direction (collinear
                // segments have the same normal twice).
                let tie = dirs.iter().any(|m| !same_direction(m, &dirs[0]));
                let runner_up = candidates
                    .iter()
                    .filter(|(m, _)| !same_direction(m, &dirs[0]))
                    .map(|(_, k)| k.to_f64().sqrt() - best.to_f64().sqrt())
                    .fold(f64::INFINITY, f64::min);
                Normals {
                    mirrored: !tie,
                    runner_up: if tie { 0.0 } else { runner_up },
                    dirs,
                }
            }
        },
    }
}

/// The Minkowski difference `X − Y` of two cores: the convex hull of the differences of
/// their ends (a parallelogram, a segment or a point).
fn minkowski(x: &XCore, y: &XCore) -> Vec<P> {
    let mut out: Vec<P> = Vec::new();
    for a in x.ends() {
        for b in y.ends() {
            let d = a.sub(b);
            if !out.contains(&d) {
                out.push(d);
            }
        }
    }
    out
}

/// The distance from point `z` to `X − Y`, outside it (0 on it), to about 100 bits: the
/// nearest of the segments joining its vertices (the hull's edges among them).
fn dist_to_minkowski(k: &[P], z: &P) -> D {
    let mut best: Option<Frac> = None;
    for (i, a) in k.iter().enumerate() {
        for b in &k[i..] {
            let d2 = exact::dist2_point_segment(a, b, z);
            if best.as_ref().is_none_or(|m| d2 < *m) {
                best = Some(d2);
            }
        }
    }
    root(&best.expect("a vertex"))
}

// ---------------------------------------------------------------------------------------
// Shape pairs.
// ---------------------------------------------------------------------------------------

/// Everything a query of `x` against `y` is measured against. The separation and the
/// normals are computed when first asked for.
#[derive(Debug)]
pub(crate) struct Pair {
    pub(crate) x: XShape,
    pub(crate) y: XShape,
    /// `r₁ + r₂`.
    pub(crate) r: D,
    /// The exact squared core distance.
    pub(crate) dist2: Frac,
    /// The exact decision.
    pub(crate) intersects: bool,
    /// The closest core points.
    pub(crate) nearest: Nearest,
    s: OnceLock<D>,
    normals: OnceLock<Normals>,
}

impl Pair {
    pub(crate) fn new(x: XShape, y: XShape) -> Self {
        let r = &x.r + &y.r;
        let nearest = nearest(&x.core, &y.core);
        let dist2 = match &nearest {
            Nearest::Apart { dist2, .. } => dist2.clone(),
            Nearest::Meet { .. } => Frac::whole(D::zero()),
        };
        let intersects = !x.is_empty() && !y.is_empty() && dist2.le_square(&r);
        Self {
            x,
            y,
            r,
            dist2,
            intersects,
            nearest,
            s: OnceLock::new(),
            normals: OnceLock::new(),
        }
    }

    /// `s*` (see the module docs), to about 100 bits.
    pub(crate) fn s(&self) -> &D {
        self.s
            .get_or_init(|| separation_of(&self.x.core, &self.y.core, &self.nearest))
    }

    /// The documented normal.
    pub(crate) fn normals(&self) -> &Normals {
        self.normals
            .get_or_init(|| normals_of(&self.x.core, &self.y.core, &self.nearest))
    }

    /// Whether the cores share a point.
    pub(crate) fn cores_meet(&self) -> bool {
        self.dist2.is_zero()
    }

    /// The exact margin decision: `d ≤ r₁ + r₂ + margin` (non-empty shapes, margin ≥ 0).
    pub(crate) fn within_margin(&self, margin: &D) -> bool {
        !self.x.is_empty()
            && !self.y.is_empty()
            && !margin.is_negative()
            && self.dist2.le_square(&(&self.r + margin))
    }

    /// `max(s* − r, 0)`: the distance between the shapes.
    pub(crate) fn distance(&self) -> D {
        if self.intersects {
            D::zero()
        } else {
            self.s() - &self.r
        }
    }

    /// `s* − r`: the signed separation (minus the depth when they overlap).
    pub(crate) fn separation(&self) -> D {
        self.s() - &self.r
    }

    /// `r − s*`: the contact depth (negative when apart: minus the gap).
    pub(crate) fn depth(&self) -> D {
        &self.r - self.s()
    }

    /// How far a computed normal `n` (non-zero) is from being a right one, as a length
    /// (so it is compared with a length tolerance):
    ///
    /// - cores apart: the distance from `s* n/|n|` to `X − Y`. Zero exactly when `n` points
    ///   from the origin at a nearest point of `X − Y`; small when it points at a point of
    ///   `X − Y` that is nearly as near, which is what rounding can choose between two
    ///   nearly tied closest pairs of nearly parallel segments (the direction may then
    ///   differ a lot, but the points are nearly as close). A wrong direction points
    ///   elsewhere: at distance about `s* · angle` from a point of `X − Y`, or more.
    /// - cores meeting: how much less than the smallest separating translation moving `x`
    ///   along `n` needs (`g(n/|n|) − s*`, as `s* ≤ 0`): 0 for the best direction and its
    ///   ties, small for a nearly tied one.
    pub(crate) fn normal_miss(&self, n: &P) -> D {
        if self.cores_meet() {
            let g = separation_along(&self.x.core, &self.y.core, n);
            let shortfall = self.s() - g;
            if shortfall.is_negative() {
                D::zero()
            } else {
                shortfall
            }
        } else {
            let length = root(&Frac::whole(n.len2()));
            let z = P::new(
                D::div_approx(&(self.s() * &n.x), &length, 120),
                D::div_approx(&(self.s() * &n.y), &length, 120),
            );
            dist_to_minkowski(&minkowski(&self.x.core, &self.y.core), &z)
        }
    }
}

/// `|a − b|` as an f64.
pub(crate) fn abs_diff(a: &D, b: &D) -> f64 {
    (a - b).abs().to_f64()
}

/// `| |n|² − 1 |` as an f64, exactly computed.
pub(crate) fn unit_error(n: &P) -> f64 {
    (n.len2() - D::int(1)).abs().to_f64()
}

// ---------------------------------------------------------------------------------------
// Scenes: two inflated cores, random or hand-picked, as f64 values on a grid.
// ---------------------------------------------------------------------------------------

/// What a shape type's core and radius can be: a segment core (else a point) and a radius
/// (else 0).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Kind {
    pub(crate) segment: bool,
    pub(crate) round: bool,
}

/// Two shapes as f64 values: core `xa..xb` (a point when `xa == xb`) with radius `rx`,
/// core `ya..yb` with radius `ry`.
#[derive(Clone, Debug)]
pub(crate) struct Scene {
    pub(crate) xa: [f64; 2],
    pub(crate) xb: [f64; 2],
    pub(crate) rx: f64,
    pub(crate) ya: [f64; 2],
    pub(crate) yb: [f64; 2],
    pub(crate) ry: f64,
    /// A margin for `contact_with_margin` that the scene was built for, if any.
    pub(crate) margin: Option<f64>,
    pub(crate) label: &'static str,
}

impl Scene {
    /// The largest magnitude among the coordinates and radii.
    pub(crate) fn magnitude(&self) -> f64 {
        super::magnitude(&[
            self.xa[0], self.xa[1], self.xb[0], self.xb[1], self.rx, self.ya[0], self.ya[1],
            self.yb[0], self.yb[1], self.ry,
        ])
    }

    /// The exact shapes, cores as the kinds make them (a point kind takes `xa`).
    pub(crate) fn exact(&self, kx: Kind, ky: Kind) -> (XShape, XShape) {
        let core = |k: Kind, a: [f64; 2], b: [f64; 2]| {
            if k.segment {
                XCore::Segment(P::from_f64(a), P::from_f64(b))
            } else {
                XCore::Point(P::from_f64(a))
            }
        };
        (
            XShape::new(core(kx, self.xa, self.xb), D::f(self.rx)),
            XShape::new(core(ky, self.ya, self.yb), D::f(self.ry)),
        )
    }
}

/// `x` rounded to a multiple of `g`.
pub(crate) fn on_grid(x: f64, g: f64) -> f64 {
    (x / g).round() * g
}

fn add(u: [f64; 2], w: [f64; 2]) -> [f64; 2] {
    [u[0] + w[0], u[1] + w[1]]
}

fn scaled(u: [f64; 2], k: f64) -> [f64; 2] {
    [u[0] * k, u[1] * k]
}

fn dot(u: [f64; 2], w: [f64; 2]) -> f64 {
    u[0] * w[0] + u[1] * w[1]
}

/// Pythagorean triples `(a, b, c)`, `a² + b² = c²`: lattice directions of rational length.
const TRIPLES: [(f64, f64, f64); 7] = [
    (3.0, 4.0, 5.0),
    (5.0, 12.0, 13.0),
    (8.0, 15.0, 17.0),
    (7.0, 24.0, 25.0),
    (20.0, 21.0, 29.0),
    (1.0, 0.0, 1.0),
    (0.0, 1.0, 1.0),
];

/// A random lattice direction of integer length: `(d, |d|)`.
fn lattice_dir(rng: &mut Rng) -> ([f64; 2], f64) {
    let t = TRIPLES[rng.below(TRIPLES.len() as u64) as usize];
    (lattice_dir_of(rng, t), t.2)
}

/// Random scenes for shapes of kinds `kx`, `ky`, with every value a multiple of
/// `2^-grid_bits` within about ±50 (radii ≤ 35, margins ≤ 10). Six families:
///
/// 0. uniform cores and radii (zero-length segments and zero radii now and then);
/// 1. radii summing to the core distance times `1 ± 2^-k` (then rounded to the grid):
///    decisions a grid step or less from the boundary;
/// 2. touching exactly, built on Pythagorean lattice directions: `y`'s core is pushed
///    from a point of `x`'s core along a normal of integer length (a perpendicular in the
///    interior, or an outward direction at an end), and the radii (and sometimes the
///    margin) share that distance; then sometimes nudged by one grid step. With no radius
///    the cores touch: a point on a segment, an endpoint on a segment, collinear segments;
/// 3. meeting cores through a common point (crossings, T-junctions, shared endpoints,
///    collinear overlaps, zero-length segments, coincident points);
/// 4. nearly parallel or collinear segments a few grid steps apart;
/// 5. a single point of each core on the other's: coincident centres, zero radii.
pub(crate) fn random_scene(rng: &mut Rng, kx: Kind, ky: Kind, grid_bits: i32) -> Scene {
    let g = 2f64.powi(-grid_bits);
    let point =
        |rng: &mut Rng, h: f64| [on_grid(rng.range(-h, h), g), on_grid(rng.range(-h, h), g)];
    let radius = |rng: &mut Rng, round: bool, max: f64| {
        if !round || rng.below(6) == 0 {
            0.0
        } else {
            on_grid(rng.range(0.0, max), g)
        }
    };
    let mut scene = Scene {
        xa: [0.0; 2],
        xb: [0.0; 2],
        rx: 0.0,
        ya: [0.0; 2],
        yb: [0.0; 2],
        ry: 0.0,
        margin: None,
        label: "uniform",
    };
    let either_round = kx.round || ky.round;
    let any_segment = kx.segment || ky.segment;
    let mut family = rng.below(6);
    if family == 4 && !any_segment {
        family = 0;
    }
    match family {
        1 => {
            scene.label = "near-touching radii";
            let core = |rng: &mut Rng, seg: bool| {
                let a = point(rng, 12.0);
                let b = if seg { point(rng, 12.0) } else { a };
                (a, b)
            };
            (scene.xa, scene.xb) = core(rng, kx.segment);
            (scene.ya, scene.yb) = core(rng, ky.segment);
            let (x, y) = scene.exact(kx, ky);
            let s = core_separation(&x.core, &y.core).to_f64();
            if either_round && s > 0.0 {
                let k = 1 + rng.below(40) as i32;
                let sign = if rng.below(2) == 0 { 1.0 } else { -1.0 };
                let total = on_grid(s * (1.0 + sign * 2f64.powi(-k)), g);
                split(rng, &mut scene, kx, ky, total, g);
            } else {
                scene.rx = radius(rng, kx.round, 10.0);
                scene.ry = radius(rng, ky.round, 10.0);
            }
        }
        2 => touching(rng, &mut scene, kx, ky, grid_bits),
        3 => {
            scene.label = "meeting cores";
            let z = point(rng, 20.0);
            let v1 = point(rng, 5.0);
            let v2 = match rng.below(4) {
                0 => scaled(v1, [-2.0, -1.0, 1.0, 2.0][rng.below(4) as usize]),
                _ => point(rng, 5.0),
            };
            let through = |rng: &mut Rng, seg: bool, v: [f64; 2]| {
                if !seg {
                    return (z, z);
                }
                let i = rng.below(4) as f64;
                let j = rng.below(4) as f64;
                (add(z, scaled(v, i)), add(z, scaled(v, -j)))
            };
            (scene.xa, scene.xb) = through(rng, kx.segment, v1);
            (scene.ya, scene.yb) = through(rng, ky.segment, v2);
            scene.rx = radius(rng, kx.round, 10.0);
            scene.ry = radius(rng, ky.round, 10.0);
        }
        4 => {
            scene.label = "nearly parallel";
            let a = point(rng, 20.0);
            let v = point(rng, 10.0);
            let offset = [
                g * (rng.below(9) as f64 - 4.0),
                g * (rng.below(9) as f64 - 4.0),
            ];
            let s = on_grid(rng.range(-1.5, 1.5), 0.25);
            let t = on_grid(rng.range(-1.5, 1.5), 0.25);
            let (pa, pb) = (a, add(a, v));
            let snap = |p: [f64; 2]| [on_grid(p[0], g), on_grid(p[1], g)];
            let (qa, qb) = (
                snap(add(add(a, offset), scaled(v, s))),
                snap(add(add(a, offset), scaled(v, t))),
            );
            (scene.xa, scene.xb) = if kx.segment { (pa, pb) } else { (pa, pa) };
            (scene.ya, scene.yb) = if ky.segment { (qa, qb) } else { (qa, qa) };
            if !kx.segment {
                // A point near the segment y (or near another point).
                scene.xa = snap(add(add(a, scaled(v, s)), offset));
                scene.xb = scene.xa;
                (scene.ya, scene.yb) = if ky.segment { (pa, pb) } else { (pa, pa) };
            }
            let small = rng.below(2) == 0;
            let max = if small { 64.0 * g } else { 5.0 };
            scene.rx = radius(rng, kx.round, max);
            scene.ry = radius(rng, ky.round, max);
        }
        5 => {
            scene.label = "point on the other core";
            let z = point(rng, 20.0);
            let other = point(rng, 20.0);
            let core = |rng: &mut Rng, seg: bool| match (seg, rng.below(3)) {
                (false, _) | (true, 0) => (z, z),
                (true, 1) => (z, other),
                _ => (other, z),
            };
            (scene.xa, scene.xb) = core(rng, kx.segment);
            (scene.ya, scene.yb) = core(rng, ky.segment);
            scene.rx = radius(rng, kx.round, 10.0);
            scene.ry = radius(rng, ky.round, 10.0);
        }
        _ => {
            let core = |rng: &mut Rng, seg: bool| {
                let a = point(rng, 40.0);
                let b = match (seg, rng.below(8)) {
                    (false, _) | (true, 0) => a,
                    (true, 1) => add(a, point(rng, 64.0 * g)),
                    _ => point(rng, 40.0),
                };
                (a, b)
            };
            (scene.xa, scene.xb) = core(rng, kx.segment);
            (scene.ya, scene.yb) = core(rng, ky.segment);
            scene.rx = radius(rng, kx.round, 10.0);
            scene.ry = radius(rng, ky.round, 10.0);
        }
    }
    scene
}

/// Shares `total` (a grid multiple) between the radii the kinds have.
fn split(rng: &mut Rng, scene: &mut Scene, kx: Kind, ky: Kind, total: f64, g: f64) {
    match (kx.round, ky.round) {
        (true, true) => {
            scene.rx = on_grid(total * rng.unit(), g).min(total);
            scene.ry = total - scene.rx;
        }
        (true, false) => scene.rx = total,
        (false, true) => scene.ry = total,
        (false, false) => {}
    }
}

/// Family 2 of [`random_scene`]: exactly touching, then perhaps nudged.
fn touching(rng: &mut Rng, scene: &mut Scene, kx: Kind, ky: Kind, grid_bits: i32) {
    scene.label = "touching exactly";
    let g = 2f64.powi(-grid_bits);
    let step = |rng: &mut Rng, h: f64| {
        let mut e = 2f64.powi(-(rng.below(grid_bits.min(8) as u64 + 1) as i32));
        while h * e > 8.0 {
            e /= 2.0;
        }
        e
    };
    let (d, h) = lattice_dir(rng);
    let e = step(rng, h);
    let xa = [
        on_grid(rng.range(-15.0, 15.0), g),
        on_grid(rng.range(-15.0, 15.0), g),
    ];
    let (xb, foot, (nrm, hn)) = if kx.segment && rng.below(8) != 0 {
        let n_max = ((15.0 / (h * e)).floor() as u64).max(1);
        let n_len = 1 + rng.below(n_max) as i64;
        let xb = add(xa, scaled(d, n_len as f64 * e));
        if rng.below(3) != 0 {
            // In front of the interior (or an end), along a perpendicular of length h.
            let j = rng.below(n_len as u64 + 1) as f64;
            let foot = add(xa, scaled(d, j * e));
            let sign = if rng.below(2) == 0 { 1.0 } else { -1.0 };
            (xb, foot, ([-d[1] * sign, d[0] * sign], h))
        } else {
            // In an end region: outward from the end.
            let (foot, other) = if rng.below(2) == 0 {
                (xa, xb)
            } else {
                (xb, xa)
            };
            let (mut n, hn) = lattice_dir(rng);
            if dot(n, [other[0] - foot[0], other[1] - foot[1]]) > 0.0 {
                n = scaled(n, -1.0);
            }
            (xb, foot, (n, hn))
        }
    } else {
        (xa, xa, lattice_dir(rng))
    };
    let either_round = kx.round || ky.round;
    let en = step(rng, hn);
    let u = if !either_round || rng.below(5) == 0 {
        0.0
    } else {
        (1 + rng.below(((10.0 / (hn * en)).floor() as u64).max(1))) as f64
    };
    let total = u * hn * en;
    let q = add(foot, scaled(nrm, u * en));
    let (ya, yb) = if ky.segment && rng.below(6) != 0 {
        // Leaving q away from x (w · nrm ≥ 0), or along x (parallel).
        let mut w = if rng.below(4) == 0 {
            scaled(
                d,
                e * (1 + rng.below(4)) as f64 * if rng.below(2) == 0 { 1.0 } else { -1.0 },
            )
        } else {
            [
                on_grid(rng.range(-8.0, 8.0), g),
                on_grid(rng.range(-8.0, 8.0), g),
            ]
        };
        if dot(w, nrm) < 0.0 {
            w = scaled(w, -1.0);
        }
        if rng.below(2) == 0 {
            (q, add(q, w))
        } else {
            (add(q, w), q)
        }
    } else {
        (q, q)
    };
    (scene.xa, scene.xb, scene.ya, scene.yb) = (xa, xb, ya, yb);
    // A share of the distance may go to the margin: then the margin decision is the tie.
    let margin = if either_round && total > 0.0 && rng.below(4) == 0 {
        on_grid(total * rng.unit(), g).min(total)
    } else {
        0.0
    };
    split(rng, scene, kx, ky, total - margin, g);
    if margin > 0.0 {
        scene.margin = Some(margin);
        scene.label = "touching exactly with the margin";
        return;
    }
    match rng.below(3) {
        0 if either_round => {
            // One grid step off, either way (radii stay ≥ 0).
            scene.label = "touching, one grid step off";
            let step = if rng.below(2) == 0 { g } else { -g };
            if kx.round && scene.rx + step >= 0.0 {
                scene.rx += step;
            } else if ky.round && scene.ry + step >= 0.0 {
                scene.ry += step;
            } else if kx.round {
                scene.rx += g;
            } else {
                scene.ry += g;
            }
        }
        0 => {
            // No radius: move y's core off x's by a grid step.
            scene.label = "cores one grid step apart";
            let step = [
                g * (rng.below(3) as f64 - 1.0),
                g * (rng.below(3) as f64 - 1.0),
            ];
            scene.ya = add(scene.ya, step);
            scene.yb = add(scene.yb, step);
        }
        _ => {}
    }
}

/// A hand-picked core for [`hand_picked`].
#[derive(Clone, Copy, Debug)]
enum C {
    Pt(f64, f64),
    Sg(f64, f64, f64, f64),
}

/// The degenerate and boundary inputs of `docs/semantics.md`, for shapes of kinds `kx`,
/// `ky`: coincident centres, a centre exactly on a segment (interior and end), touching
/// exactly (interior, end region, slanted), crossing cores (a cross, an X with a tie, a T,
/// an L), collinear segments (overlapping, end to end, nested, identical, reversed, apart
/// touching by the radius), parallel segments at an exact distance, zero-length segments
/// (a point given to a segment kind becomes one), zero radii. Each comes both ways round,
/// under the rotations of the square and a reflection, moved and scaled by powers of two
/// (exact).
/// A scene a kind cannot hold is left out (a segment for a point kind; a radius for two
/// kinds without one).
pub(crate) fn hand_picked(kx: Kind, ky: Kind) -> Vec<Scene> {
    use C::{Pt, Sg};
    // (x, y, r₁ + r₂, the share of it that goes to x, what).
    let raw: Vec<(C, C, f64, f64, &'static str)> = vec![
        (Pt(0.0, 0.0), Pt(0.0, 0.0), 0.0, 0.5, "coincident points"),
        (Pt(0.0, 0.0), Pt(0.0, 0.0), 1.5, 0.5, "coincident centres"),
        (
            Pt(0.0, 0.0),
            Pt(0.0, 0.0),
            1.0,
            1.0,
            "coincident centres, one radius 0",
        ),
        (
            Pt(1.0, 0.0),
            Sg(-2.0, 0.0, 3.0, 0.0),
            0.0,
            0.5,
            "point on a segment",
        ),
        (
            Pt(1.0, 0.0),
            Sg(-2.0, 0.0, 3.0, 0.0),
            0.5,
            0.5,
            "centre on a segment",
        ),
        (
            Pt(3.0, 4.0),
            Sg(0.0, 0.0, 6.0, 8.0),
            0.0,
            0.5,
            "point on a slanted segment",
        ),
        (
            Pt(3.0, 4.0),
            Sg(0.0, 0.0, 6.0, 8.0),
            2.0,
            0.25,
            "centre on a slanted segment",
        ),
        (
            Pt(3.0, 0.0),
            Sg(-2.0, 0.0, 3.0, 0.0),
            0.0,
            0.5,
            "point on a segment's end",
        ),
        (
            Pt(3.0, 0.0),
            Sg(-2.0, 0.0, 3.0, 0.0),
            1.0,
            0.5,
            "centre on a segment's end",
        ),
        (Pt(0.0, 0.0), Pt(3.0, 4.0), 5.0, 0.375, "touching centres"),
        (Pt(0.0, 0.0), Pt(3.0, 4.0), 4.0, 0.5, "apart centres"),
        (
            Pt(1.0, 2.0),
            Sg(-2.0, 0.0, 3.0, 0.0),
            2.0,
            0.5,
            "touching a segment's interior",
        ),
        (
            Pt(1.0, 2.0),
            Sg(-2.0, 0.0, 3.0, 0.0),
            0.0,
            0.5,
            "apart from a segment's interior",
        ),
        (
            Pt(-3.0, 4.0),
            Sg(0.0, 0.0, 5.0, 0.0),
            0.0,
            0.5,
            "apart in an end region",
        ),
        (
            Pt(-3.0, 4.0),
            Sg(0.0, 0.0, 5.0, 0.0),
            5.0,
            0.5,
            "touching in an end region",
        ),
        (
            Pt(-1.0, 7.0),
            Sg(0.0, 0.0, 6.0, 8.0),
            5.0,
            0.5,
            "touching a slanted segment",
        ),
        (
            Pt(-1.0, 7.0),
            Sg(0.0, 0.0, 6.0, 8.0),
            4.75,
            0.5,
            "apart from a slanted segment",
        ),
        (
            Sg(-2.0, 0.0, 2.0, 0.0),
            Sg(0.0, -1.0, 0.0, 3.0),
            0.0,
            0.5,
            "crossing",
        ),
        (
            Sg(-2.0, 0.0, 2.0, 0.0),
            Sg(0.0, -1.0, 0.0, 3.0),
            1.0,
            0.5,
            "crossing cores",
        ),
        (
            Sg(-1.0, -1.0, 1.0, 1.0),
            Sg(-1.0, 1.0, 1.0, -1.0),
            0.0,
            0.5,
            "an X (tie)",
        ),
        (
            Sg(-1.0, -1.0, 1.0, 1.0),
            Sg(-1.0, 1.0, 1.0, -1.0),
            0.5,
            0.5,
            "an X of capsules",
        ),
        (
            Sg(0.0, 0.0, 0.0, 2.0),
            Sg(-1.0, 0.0, 1.0, 0.0),
            0.0,
            0.5,
            "a T",
        ),
        (
            Sg(0.0, 0.0, 0.0, 2.0),
            Sg(-1.0, 0.0, 1.0, 0.0),
            0.25,
            0.5,
            "a T of capsules",
        ),
        (
            Sg(0.0, 0.0, 2.0, 0.0),
            Sg(0.0, 0.0, 0.0, 3.0),
            0.0,
            0.5,
            "an L",
        ),
        (
            Sg(0.0, 0.0, 4.0, 0.0),
            Sg(2.0, 0.0, 6.0, 0.0),
            0.0,
            0.5,
            "collinear overlapping",
        ),
        (
            Sg(0.0, 0.0, 4.0, 0.0),
            Sg(2.0, 0.0, 6.0, 0.0),
            1.0,
            0.5,
            "collinear capsules",
        ),
        (
            Sg(0.0, 0.0, 2.0, 0.0),
            Sg(2.0, 0.0, 5.0, 0.0),
            0.0,
            0.5,
            "collinear end to end",
        ),
        (
            Sg(0.0, 0.0, 6.0, 0.0),
            Sg(1.0, 0.0, 2.0, 0.0),
            0.0,
            0.5,
            "collinear nested",
        ),
        (
            Sg(0.0, 0.0, 3.0, 4.0),
            Sg(0.0, 0.0, 3.0, 4.0),
            0.0,
            0.5,
            "identical",
        ),
        (
            Sg(0.0, 0.0, 3.0, 4.0),
            Sg(3.0, 4.0, 0.0, 0.0),
            0.5,
            0.5,
            "identical reversed",
        ),
        (
            Sg(0.0, 0.0, 1.0, 0.0),
            Sg(3.0, 0.0, 5.0, 0.0),
            2.0,
            0.5,
            "collinear, touching",
        ),
        (
            Sg(0.0, 0.0, 1.0, 0.0),
            Sg(3.0, 0.0, 5.0, 0.0),
            0.0,
            0.5,
            "collinear, apart",
        ),
        (
            Sg(0.0, 0.0, 4.0, 0.0),
            Sg(1.0, 3.0, 6.0, 3.0),
            3.0,
            0.5,
            "parallel, touching",
        ),
        (
            Sg(0.0, 0.0, 4.0, 0.0),
            Sg(1.0, 3.0, 6.0, 3.0),
            0.0,
            0.5,
            "parallel, apart",
        ),
        (
            Sg(0.0, 0.0, 4.0, 0.0),
            Sg(-3.0, 4.0, -3.0, 9.0),
            5.0,
            0.5,
            "end to end, touching",
        ),
        (Pt(1.0, 1.0), Pt(4.0, 5.0), 0.0, 0.5, "apart points"),
        (
            Pt(1.0, 1.0),
            Pt(1.0, 1.0),
            2.0,
            0.0,
            "coincident, radius on y only",
        ),
    ];
    let transforms: [(f64, [f64; 2]); 3] = [
        (1.0, [0.0, 0.0]),
        (4.0, [7.25, -13.5]),
        (0.125, [-20.5, 3.75]),
    ];
    let mut out = Vec::new();
    for (cx, cy, r, share, label) in raw {
        for (x, y, share) in [(cx, cy, share), (cy, cx, 1.0 - share)] {
            // The four rotations by quarter turns and one reflection (the rules' tie-breaks
            // are orientation-dependent: left and right normals, `+x`).
            for sym in [0, 5, 3, 6, 1] {
                let (k, shift) = transforms[sym % 3];
                let map = |p: [f64; 2]| {
                    let [mut a, mut b] = p;
                    if sym & 1 != 0 {
                        a = -a;
                    }
                    if sym & 2 != 0 {
                        b = -b;
                    }
                    if sym & 4 != 0 {
                        (a, b) = (b, a);
                    }
                    [a * k + shift[0], b * k + shift[1]]
                };
                let core = |c: C, kind: Kind| -> Option<([f64; 2], [f64; 2])> {
                    let (a, b) = match c {
                        Pt(a, b) => ([a, b], [a, b]),
                        Sg(a, b, c, d) => ([a, b], [c, d]),
                    };
                    if a != b && !kind.segment {
                        return None;
                    }
                    Some((map(a), map(b)))
                };
                let (Some((xa, xb)), Some((ya, yb))) = (core(x, kx), core(y, ky)) else {
                    continue;
                };
                let total = r * k;
                let (rx, ry) = match (kx.round, ky.round) {
                    _ if total == 0.0 => (0.0, 0.0),
                    (true, true) => (total * share, total - total * share),
                    (true, false) => (total, 0.0),
                    (false, true) => (0.0, total),
                    (false, false) => continue,
                };
                out.push(Scene {
                    xa,
                    xb,
                    rx,
                    ya,
                    yb,
                    ry,
                    margin: None,
                    label,
                });
            }
        }
    }
    out
}

/// A random shape of kind `k` (as the `x` of a [`Scene`]) and a point `p` near it, for the
/// one-shape queries: uniform; on the core; at a centre or end; on the surface exactly
/// (the core runs along a Pythagorean lattice direction and the radius is a multiple of
/// its length, so a perpendicular offset in the interior, or an outward lattice offset at
/// an end, lands on the surface); or a grid step off it. Now and then the shape is empty
/// (a negative radius) or degenerate (zero length, zero radius).
pub(crate) fn random_shape_and_point(
    rng: &mut Rng,
    k: Kind,
    grid_bits: i32,
) -> (Scene, [f64; 2], &'static str) {
    let g = 2f64.powi(-grid_bits);
    let triple = TRIPLES[rng.below(TRIPLES.len() as u64) as usize];
    let (d, h) = (lattice_dir_of(rng, triple), triple.2);
    let mut e = 2f64.powi(-(rng.below(grid_bits.min(8) as u64 + 1) as i32));
    while h * e > 8.0 {
        e /= 2.0;
    }
    let xa = [
        on_grid(rng.range(-20.0, 20.0), g),
        on_grid(rng.range(-20.0, 20.0), g),
    ];
    let n_len = 1 + rng.below(((15.0 / (h * e)).floor() as u64).max(1));
    let xb = if !k.segment || rng.below(8) == 0 {
        xa
    } else if rng.below(4) == 0 {
        [
            on_grid(rng.range(-20.0, 20.0), g),
            on_grid(rng.range(-20.0, 20.0), g),
        ]
    } else {
        add(xa, scaled(d, n_len as f64 * e))
    };
    let u = 1 + rng.below(((10.0 / (h * e)).floor() as u64).max(1));
    let r = match (k.round, rng.below(16)) {
        (false, _) | (true, 0) => 0.0,
        (true, 1) => -on_grid(rng.range(0.0, 4.0), g) - g,
        (true, 2..=5) => on_grid(rng.range(0.0, 10.0), g),
        _ => u as f64 * h * e,
    };
    let x = Scene {
        xa,
        xb,
        rx: r,
        ya: xa,
        yb: xa,
        ry: 0.0,
        margin: None,
        label: "one shape",
    };
    let r_steps = if r > 0.0 { u as f64 } else { 0.0 };
    let (p, label) = match rng.below(6) {
        0 => (
            [
                on_grid(rng.range(-50.0, 50.0), g),
                on_grid(rng.range(-50.0, 50.0), g),
            ],
            "uniform",
        ),
        1 => (
            if rng.below(2) == 0 { xa } else { xb },
            "an end or the centre",
        ),
        2 => {
            let t = rng.below(5) as f64 / 4.0;
            let p = add(xa, scaled([xb[0] - xa[0], xb[1] - xa[1]], t));
            ([on_grid(p[0], g), on_grid(p[1], g)], "on the core")
        }
        3 if xb != xa && (xb[0] - xa[0]) * d[1] == (xb[1] - xa[1]) * d[0] => {
            // In front of the interior: a lattice point of the segment plus the radius
            // along the perpendicular (on the surface when the radius is u h e).
            let j = rng.below(n_len + 1) as f64 / n_len as f64;
            let foot = add(xa, scaled([xb[0] - xa[0], xb[1] - xa[1]], j));
            let sign = if rng.below(2) == 0 { 1.0 } else { -1.0 };
            let p = add(foot, scaled([-d[1] * sign, d[0] * sign], r_steps * e));
            (
                [on_grid(p[0], g), on_grid(p[1], g)],
                "beside the interior, on the surface",
            )
        }
        _ => {
            // At an end, outward along a lattice direction of the same length h.
            let (base, other) = if rng.below(2) == 0 {
                (xa, xb)
            } else {
                (xb, xa)
            };
            let mut n = lattice_dir_of(rng, triple);
            if dot(n, [other[0] - base[0], other[1] - base[1]]) > 0.0 {
                n = scaled(n, -1.0);
            }
            let p = add(base, scaled(n, r_steps * e));
            if rng.below(2) == 0 {
                (p, "beyond an end, on the surface")
            } else {
                (
                    add(p, [g * (rng.below(3) as f64 - 1.0), g]),
                    "a grid step off the surface",
                )
            }
        }
    };
    (x, p, label)
}

/// A random orientation of the lattice direction of triple `t`.
fn lattice_dir_of(rng: &mut Rng, t: (f64, f64, f64)) -> [f64; 2] {
    let (a, b, _) = t;
    let (a, b) = if rng.below(2) == 0 { (a, b) } else { (b, a) };
    let sx = if rng.below(2) == 0 { 1.0 } else { -1.0 };
    let sy = if rng.below(2) == 0 { 1.0 } else { -1.0 };
    [a * sx, b * sy]
}
