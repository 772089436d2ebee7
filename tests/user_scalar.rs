//! A scalar of the user's own: `Newtype(f64)` implements only `capsule2d::Scalar`'s
//! arithmetic (`ZERO`, `ONE`, `plus`, `minus`, `times`, `over`, `negated`, `sqrt`, `is_finite`) with
//! `type Wide = capsule2d::num::Rounded<Self>`, and gets every query.
//!
//! A user scalar has no exact predicates: the crate runs the textbook formulas in the
//! type's own rounded arithmetic (`capsule2d::Scalar`'s docs). So the checks here are
//! those of documented rounded arithmetic, against the exact reference
//! (`common::shapes`), for every pair of point, circle, segment and capsule:
//!
//! - decisions (`intersects`, `contact(..).is_some()`, `contains_point`) may differ from
//!   the exact ones only within the band `|d − (r₁ + r₂)| ≤ BAND · M`, where `d` is the
//!   exact core distance and `M` the inputs' magnitude; outside it, 0 wrong (counted and
//!   asserted; the ones inside are printed);
//! - lengths (`distance`, contact depths, the gap between the closest points), points'
//!   offsets from the surfaces, and how far a normal is from a right one
//!   (`shapes::Pair::normal_miss`) within `BAND · M`;
//! - every normal unit to `UNIT` (a few roundings of a number near 1), every output
//!   finite, `intersects == contact.is_some()`.
//!
//! `BAND = 1e-12`: the formulas chain a handful of roundings of quantities up to a few
//! `M` (or `M²` for squared lengths compared with squared radii), so their errors are a
//! few units of `f64`'s `2^-52 ≈ 2.2e-16` times `M`; 1e-12 leaves a factor of about 1000
//! for the cancellations of the rounded cross products (the crossing point of nearly
//! parallel segments), without letting a wrong formula through. Measured worst errors
//! are printed with `--nocapture` (about 1e-15 relative; decisions in the band: a few
//! per pair at most, on inputs built to touch).
//!
//! Inputs: the hand-picked degenerate scenes of `docs/semantics.md` and
//! `CAPSULE2D_USER_CASES` (default 400) random scenes per pair (`shapes::random_scene`,
//! values on a grid of 2^-40 within ±50, half of them then moved by a full-precision
//! offset so that the formulas' differences round).

use crate::common;

use capsule2d::num::Rounded;
use capsule2d::{Capsule, Circle, Contact, Scalar, Segment, Shape};
use common::shapes::{self, Kind as CoreKind, Pair, Scene, XCore, XShape};
use common::{D, Frac, P, Rng};
use std::fmt::Debug;

/// The user's scalar: an `f64` behind a newtype, with nothing but `Scalar`'s arithmetic.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
struct Newtype(f64);

impl Scalar for Newtype {
    type Wide = Rounded<Self>;
    const ZERO: Self = Self(0.0);
    const ONE: Self = Self(1.0);
    fn plus(a: Self, b: Self) -> Self {
        Self(a.0 + b.0)
    }
    fn minus(a: Self, b: Self) -> Self {
        Self(a.0 - b.0)
    }
    fn times(a: Self, b: Self) -> Self {
        Self(a.0 * b.0)
    }
    fn over(a: Self, b: Self) -> Self {
        Self(a.0 / b.0)
    }
    fn negated(a: Self) -> Self {
        Self(-a.0)
    }
    fn sqrt(a: Self) -> Self {
        Self(a.0.sqrt())
    }
    fn is_finite(a: Self) -> bool {
        a.0.is_finite()
    }
}

type V = [Newtype; 2];

/// The band, relative to the inputs' magnitude.
const BAND: f64 = 1e-12;
/// `| |n|² − 1 |` of a normal: 16 units of 2^-52 (a square root and a division, each of a
/// rounded sum of squares).
const UNIT: f64 = 16.0 * f64::EPSILON;
/// Grid of the generated values: `2^-40`, exact in `f64` within ±50.
const GRID_BITS: i32 = 40;

fn cases() -> usize {
    std::env::var("CAPSULE2D_USER_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(400)
}

fn nv(p: [f64; 2]) -> V {
    [Newtype(p[0]), Newtype(p[1])]
}

fn xp(v: V) -> Option<P> {
    (v[0].0.is_finite() && v[1].0.is_finite()).then(|| P::f(v[0].0, v[1].0))
}

/// A shape type under test.
trait Kind: Shape<V> + Copy + Debug {
    const KIND: CoreKind;
    fn make(a: [f64; 2], b: [f64; 2], r: f64) -> Self;
    fn exact(&self) -> XShape;
}

impl Kind for V {
    const KIND: CoreKind = CoreKind {
        segment: false,
        round: false,
    };
    fn make(a: [f64; 2], _: [f64; 2], _: f64) -> Self {
        nv(a)
    }
    fn exact(&self) -> XShape {
        XShape::new(XCore::Point(P::f(self[0].0, self[1].0)), D::zero())
    }
}

impl Kind for Circle<V> {
    const KIND: CoreKind = CoreKind {
        segment: false,
        round: true,
    };
    fn make(a: [f64; 2], _: [f64; 2], r: f64) -> Self {
        Circle::new(nv(a), Newtype(r))
    }
    fn exact(&self) -> XShape {
        let c = self.center;
        XShape::new(XCore::Point(P::f(c[0].0, c[1].0)), D::f(self.radius.0))
    }
}

impl Kind for Segment<V> {
    const KIND: CoreKind = CoreKind {
        segment: true,
        round: false,
    };
    fn make(a: [f64; 2], b: [f64; 2], _: f64) -> Self {
        Self::new(nv(a), nv(b))
    }
    fn exact(&self) -> XShape {
        let (a, b) = (self.a, self.b);
        XShape::new(
            XCore::Segment(P::f(a[0].0, a[1].0), P::f(b[0].0, b[1].0)),
            D::zero(),
        )
    }
}

impl Kind for Capsule<V> {
    const KIND: CoreKind = CoreKind {
        segment: true,
        round: true,
    };
    fn make(a: [f64; 2], b: [f64; 2], r: f64) -> Self {
        Capsule::new(nv(a), nv(b), Newtype(r))
    }
    fn exact(&self) -> XShape {
        let (a, b) = (self.a, self.b);
        XShape::new(
            XCore::Segment(P::f(a[0].0, a[1].0), P::f(b[0].0, b[1].0)),
            D::f(self.radius.0),
        )
    }
}

/// Failures, decisions and worst errors (relative to `M`) of one test.
#[derive(Default)]
struct Tally {
    name: &'static str,
    decisions: usize,
    in_band: usize,
    wrong: usize,
    failures: Vec<String>,
    worst: f64,
    worst_unit: f64,
}

impl Tally {
    fn check(&mut self, ok: bool, msg: impl FnOnce() -> String) {
        if !ok {
            self.failures.push(msg());
        }
    }

    /// A decision: wrong is allowed only within the band around the boundary.
    fn decision(
        &mut self,
        what: &str,
        got: bool,
        want: bool,
        margin: f64,
        m: f64,
        ctx: impl FnOnce() -> String,
    ) {
        self.decisions += 1;
        if got == want {
            return;
        }
        if margin.abs() <= BAND * m {
            self.in_band += 1;
        } else {
            self.wrong += 1;
            self.failures.push(format!(
                "{what}: {got}, exact {want}, {margin:e} from the boundary (band {:e}): {}",
                BAND * m,
                ctx()
            ));
        }
    }

    /// A length error against `BAND · m`.
    fn length(&mut self, what: &str, err: f64, m: f64, ctx: impl FnOnce() -> String) {
        let relative = if err == 0.0 {
            0.0
        } else {
            err / m.max(f64::MIN_POSITIVE)
        };
        self.worst = self.worst.max(relative);
        if !(err <= BAND * m) {
            self.failures
                .push(format!("{what}: error {err:e} > {:e}: {}", BAND * m, ctx()));
        }
    }

    /// A normal: finite and unit.
    fn unit(&mut self, n: V, ctx: impl FnOnce() -> String) -> Option<P> {
        let Some(p) = xp(n) else {
            self.failures
                .push(format!("non-finite normal {n:?}: {}", ctx()));
            return None;
        };
        let err = shapes::unit_error(&p);
        self.worst_unit = self.worst_unit.max(err);
        if !(err <= UNIT) || p.is_zero() {
            self.failures
                .push(format!("normal {n:?}: | |n|² − 1 | = {err:e}: {}", ctx()));
            return None;
        }
        Some(p)
    }

    fn finish(self) {
        eprintln!(
            "{}: {} decisions, {} within the band, {} wrong outside it; worst length error {:.2e} × M, worst | |n|² − 1 | {:.2e}",
            self.name, self.decisions, self.in_band, self.wrong, self.worst, self.worst_unit
        );
        assert!(
            self.failures.is_empty(),
            "{}: {} failures ({} wrong decisions outside the band); the first:\n{}",
            self.name,
            self.failures.len(),
            self.wrong,
            self.failures[..self.failures.len().min(12)].join("\n")
        );
    }
}

/// `dist(p, core) − r` of a computed point: within the band of the surface when
/// `on_surface`, else not beyond it.
fn on_shape(
    t: &mut Tally,
    what: &str,
    p: V,
    s: &XShape,
    on_surface: bool,
    m: f64,
    ctx: &dyn Fn() -> String,
) {
    let Some(e) = xp(p) else {
        t.failures
            .push(format!("{what}: non-finite {p:?}: {}", ctx()));
        return;
    };
    let offset = s.surface_offset(&e).to_f64();
    let err = if on_surface {
        offset.abs()
    } else {
        offset.max(0.0)
    };
    t.length(what, err, m, || {
        format!("{what} {p:?} is {offset:e} off: {}", ctx())
    });
}

/// A contact that exists: unit normal, depth `r − s*`, right direction, point on `y`.
fn contact_fields(
    t: &mut Tally,
    what: &str,
    c: &Contact<V>,
    pair: &Pair,
    m: f64,
    ctx: &dyn Fn() -> String,
) {
    if let Some(n) = t.unit(c.normal, ctx) {
        let miss = pair.normal_miss(&n).to_f64();
        t.length("normal", miss, m, || {
            format!(
                "{what}: normal {:?} misses by {miss:e}: {}",
                c.normal,
                ctx()
            )
        });
    }
    if !c.depth.0.is_finite() {
        t.failures
            .push(format!("{what}: depth {:?}: {}", c.depth, ctx()));
        return;
    }
    let err = shapes::abs_diff(&D::f(c.depth.0), &pair.depth());
    t.length("depth", err, m, || {
        format!(
            "{what}: depth {:?}, exact {}: {}",
            c.depth,
            pair.depth().to_f64(),
            ctx()
        )
    });
    on_shape(
        t,
        "contact point",
        c.point,
        &pair.y,
        !pair.cores_meet(),
        m,
        ctx,
    );
}

fn run_pair<X: Kind, Y: Kind>(name: &'static str) {
    let mut t = Tally {
        name,
        ..Tally::default()
    };
    let mut rng = Rng::new(
        name.bytes()
            .fold(7, |h, b| h.wrapping_mul(31) ^ u64::from(b)),
    );
    let mut scenes: Vec<Scene> = shapes::hand_picked(X::KIND, Y::KIND);
    for _ in 0..cases() {
        let mut scene = shapes::random_scene(&mut rng, X::KIND, Y::KIND, GRID_BITS);
        if rng.below(2) == 0 {
            // Moved by a full-precision offset: the coordinates round, so the differences
            // the formulas take are no longer exact, and a scene built to touch now
            // touches only within rounding — the band's business.
            let t = [rng.range(-8.0, 8.0), rng.range(-8.0, 8.0)];
            for p in [&mut scene.xa, &mut scene.xb, &mut scene.ya, &mut scene.yb] {
                *p = [p[0] + t[0], p[1] + t[1]];
            }
        }
        scenes.push(scene);
    }
    for scene in &scenes {
        let x = X::make(scene.xa, scene.xb, scene.rx);
        let y = Y::make(scene.ya, scene.yb, scene.ry);
        let pair = Pair::new(x.exact(), y.exact());
        let m = scene.magnitude().max(1.0);
        let ctx = || format!("{} : x = {x:?}, y = {y:?}", scene.label);
        // Distance of the exact core distance from the boundary r₁ + r₂.
        let boundary = (shapes::root(&pair.dist2) - &pair.r).to_f64();

        let hit = x.intersects(&y);
        t.decision("intersects", hit, pair.intersects, boundary, m, ctx);
        let contact = x.contact(&y);
        t.check(contact.is_some() == hit, || {
            format!("contact {contact:?} but intersects {hit}: {}", ctx())
        });

        let distance = x.distance(&y);
        if !distance.0.is_finite() || distance.0 < 0.0 {
            t.failures.push(format!("distance {distance:?}: {}", ctx()));
        } else if hit {
            t.check(distance.0 == 0.0, || {
                format!("distance {distance:?} while intersecting: {}", ctx())
            });
        } else {
            let want = if pair.intersects {
                D::zero()
            } else {
                pair.distance()
            };
            let err = shapes::abs_diff(&D::f(distance.0), &want);
            t.length("distance", err, m, || {
                format!("distance {distance:?}, exact {}: {}", want.to_f64(), ctx())
            });
        }

        if let Some(c) = &contact {
            contact_fields(&mut t, "contact", c, &pair, m, &ctx);
        }

        let cp = x.closest_points(&y);
        let apart = !pair.cores_meet();
        // On the surfaces while the cores are apart (moved along the contact normal).
        let on_surface = apart;
        on_shape(&mut t, "on_self", cp.on_self, &pair.x, on_surface, m, &ctx);
        on_shape(
            &mut t,
            "on_other",
            cp.on_other,
            &pair.y,
            on_surface,
            m,
            &ctx,
        );
        if let (Some(p), Some(q)) = (xp(cp.on_self), xp(cp.on_other)) {
            let gap = shapes::root(&Frac::whole(p.sub(&q).len2()));
            let want = if apart {
                pair.separation().abs()
            } else {
                pair.r.clone()
            };
            let err = shapes::abs_diff(&gap, &want);
            t.length("closest points' gap", err, m, || {
                format!(
                    "|on_self − on_other| = {}, exact {}: {}",
                    gap.to_f64(),
                    want.to_f64(),
                    ctx()
                )
            });
        }
    }
    t.finish();
}

fn run_single<X: Kind>(name: &'static str) {
    let mut t = Tally {
        name,
        ..Tally::default()
    };
    let mut rng = Rng::new(
        name.bytes()
            .fold(11, |h, b| h.wrapping_mul(31) ^ u64::from(b)),
    );
    for _ in 0..cases() {
        let (scene, p, label) = shapes::random_shape_and_point(&mut rng, X::KIND, GRID_BITS);
        let x = X::make(scene.xa, scene.xb, scene.rx);
        let shape = x.exact();
        let point = P::from_f64(p);
        let m = scene.magnitude().max(common::magnitude(&p)).max(1.0);
        let ctx = || format!("{label}: x = {x:?}, p = {p:?}");
        let inside = shape.contains(&point);
        let boundary = shape.surface_offset(&point).to_f64();
        t.decision(
            "contains_point",
            x.contains_point(nv(p)),
            inside,
            boundary,
            m,
            ctx,
        );
        let q = x.project_point(nv(p));
        let Some(eq) = xp(q) else {
            t.failures.push(format!("projection {q:?}: {}", ctx()));
            continue;
        };
        if inside && boundary.abs() > BAND * m {
            t.check(q == nv(p), || {
                format!("p inside, projected to {q:?}: {}", ctx())
            });
            continue;
        }
        let surface = if shape.is_empty() {
            XShape::new(shape.core.clone(), D::zero())
        } else {
            shape.clone()
        };
        if !(inside && q == nv(p)) {
            on_shape(&mut t, "projection", q, &surface, true, m, &ctx);
        }
        let moved = shapes::root(&Frac::whole(eq.sub(&point).len2()));
        let excess = (moved - surface.distance_to(&point)).to_f64();
        t.length("projection distance", excess.max(0.0), m, || {
            format!("|q − p| exceeds the distance by {excess:e}: {}", ctx())
        });
    }
    t.finish();
}

macro_rules! pairs {
    ($($name:ident: $x:ty, $y:ty;)+) => {$(
        #[test]
        fn $name() {
            run_pair::<$x, $y>(stringify!($name));
        }
    )+};
}

pairs! {
    point_point: V, V;
    point_circle: V, Circle<V>;
    point_segment: V, Segment<V>;
    point_capsule: V, Capsule<V>;
    circle_point: Circle<V>, V;
    circle_circle: Circle<V>, Circle<V>;
    circle_segment: Circle<V>, Segment<V>;
    circle_capsule: Circle<V>, Capsule<V>;
    segment_point: Segment<V>, V;
    segment_circle: Segment<V>, Circle<V>;
    segment_segment: Segment<V>, Segment<V>;
    segment_capsule: Segment<V>, Capsule<V>;
    capsule_point: Capsule<V>, V;
    capsule_circle: Capsule<V>, Circle<V>;
    capsule_segment: Capsule<V>, Segment<V>;
    capsule_capsule: Capsule<V>, Capsule<V>;
}

macro_rules! singles {
    ($($name:ident: $x:ty;)+) => {$(
        #[test]
        fn $name() {
            run_single::<$x>(stringify!($name));
        }
    )+};
}

singles! {
    point_project_and_contains: V;
    circle_project_and_contains: Circle<V>;
    segment_project_and_contains: Segment<V>;
    capsule_project_and_contains: Capsule<V>;
}
