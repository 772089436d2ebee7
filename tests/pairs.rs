//! Every pair × every query, against the exact reference (`common::shapes`).
//!
//! The shapes are a point (`[S; 2]`), `Circle`, `Segment` and `Capsule`: 16 ordered pairs,
//! each queried with `intersects`, `distance`, `closest_points`, `contact` and
//! `contact_with_margin`; and each shape alone with `project_point`, `contains_point` and
//! `aabb`. One test per cell and scalar: `f32`, `f64` and (feature `fixed`) `I32F32`, e.g.
//! `circle_segment::contact::f64`.
//!
//! # Inputs
//!
//! Every cell runs the hand-picked inputs of `docs/semantics.md` (`shapes::hand_picked`:
//! coincident centres, a centre on a segment, touching exactly, crossing cores, collinear
//! and parallel segments, zero-length segments, zero radii; both ways round, turned by
//! quarter turns and reflected, moved and scaled) and `CAPSULE2D_PAIR_CASES` (default 300)
//! random scenes from a seeded PRNG (`shapes::random_scene`: uniform, a grid step from
//! touching, touching exactly by construction, meeting cores, nearly parallel segments),
//! shared by the five query cells of a pair.
//! Every value is a multiple of `2^-GRID_BITS` within about ±50, so it is exact in all
//! three types and every squared distance fits `I32F32`.
//!
//! # What is checked, and the tolerances
//!
//! Decisions (`intersects`, `contact(..).is_some()`, the margin decision,
//! `contains_point`) must equal the exact decision: 0 wrong. The box is compared exactly.
//! `contact` and `contact_with_margin`: a unit normal that is a right one, depth `r − s*`
//! (minus the gap while apart), the point on `y`'s surface, the mirror image from `y`'s
//! side where the rules make it one. `closest_points` (`on_self`, `on_other`): on the
//! surfaces, as far apart as the shapes (or as deep as their overlap). `distance`:
//! `max(s* − r, 0)`, exactly 0 when they intersect. `project_point`: `p` itself inside,
//! otherwise on the surface and no farther than the exact distance.
//!
//! Lengths and points are compared with `S::tol(k, M)` (`common::TestScalar::tol`): `k`
//! units of the type's resolution at the case's magnitude `M` (the largest coordinate or
//! radius): `k · eps · M` for floats, `k · 2^-32 · (1 + M)` for `I32F32`. The error
//! analysis behind each `k`:
//!
//! - `K_LEN = 16`, for a length (distance, depth), a point's offset from a surface, and
//!   how far a normal is from a right one (below): each is a short chain of roundings —
//!   coordinate differences up to `2√2 M`, a dot product with a unit normal whose
//!   components carry about 2 units of relative error, a square root, a radius sum and a
//!   subtraction — each worth at most about one unit of a quantity below `2√2 M`: about
//!   10–13 units in the worst case. A difference of two such points (the gap between the
//!   two closest points) gets `2 K_LEN`.
//! - `K_UNIT = 4`, for `| |n|² − 1 |` (against `tol(1, 1)`): each component of a normal is
//!   a rounding or two of a number at most 1 (`|n|² − 1 ≈ 2 n·δn`, about 3 units).
//! - `K_DIR = 8`, for `|n − n_exact|` where the rules of `docs/semantics.md` fix the
//!   normal (hand-picked inputs, small integers: well conditioned), and `K_MIRROR = 8` for
//!   `|n(x, y) + n(y, x)|`: two normals of a few units each.
//!
//! A normal is judged by [`shapes::Pair::normal_miss`], a length: for cores apart, how far
//! `s* n` is from the Minkowski difference `X − Y` (0 when `n` points at a nearest point
//! of it, small when it points at a point nearly as near — what rounding may choose
//! between the nearly tied closest pairs of nearly parallel segments, whose directions
//! can differ a lot); for meeting cores, how much shallower than the smallest
//! separating translation moving `x` along `n` is. A mirror image is required only where
//! the runner-up candidate (another direction) is more than `4 tol(K_LEN, M)` away.
//!
//! Measured with the default 300 cases (`--nocapture` prints the worst of each check per
//! cell, in units of `tol(1, M)`; here the worst over all cells, f32 / f64 / I32F32):
//! distance 1.5 / 1.6 / 0.2; depth 2.4 / 2.3 / 1.4; closest points' gap 1.1 / 1.8 / 0.7;
//! points off their surface (closest points, contact points, projections) 1.1 / 1.0 / 0.9;
//! normal miss 0.8 / 0.7 / 1.3; `| |n|² − 1 |` 2.0 / 2.0 / 0.7; documented normals 0.2 /
//! 0 / 0.2; mirror normals 0.5 / 0 / 0; 0 wrong decisions. Every bound has a margin of 6 or
//! more over what was seen, and none was tuned to what was seen.
//!
//! Two checks are off, each behind a constant, for library bugs found here (see
//! `q_closest_points` and `q_contact_with_margin`).

use crate::common;

use capsule2d::{Capsule, Circle, Contact, Segment, Shape};
use common::shapes::{self, Kind as CoreKind, Nearest, Pair, Scene, XCore, XShape};
use common::{D, Frac, P, Rng, TestScalar, normal_error, pf};
use std::any::Any;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

const K_LEN: f64 = 16.0;
const K_UNIT: f64 = 4.0;
const K_DIR: f64 = 8.0;
const K_MIRROR: f64 = 8.0;

/// Random cases per cell and type.
fn cases() -> usize {
    std::env::var("CAPSULE2D_PAIR_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300)
}

// ---------------------------------------------------------------------------------------
// The four shapes.
// ---------------------------------------------------------------------------------------

/// A shape type under test.
trait Kind<S: TestScalar>: Shape<[S; 2]> + Copy + Debug + PartialEq {
    const KIND: CoreKind;
    /// The shape with core `a..b` (a point kind takes `a`) and radius `r` (ignored by the
    /// kinds without one). The values must be exact in `S`.
    fn make(a: [f64; 2], b: [f64; 2], r: f64) -> Self;
    /// The exact shape, from the values it holds.
    fn exact(&self) -> XShape;
    /// The same shape made empty (radius −1), for the kinds with a radius.
    fn emptied(&self) -> Option<Self>;
}

type Point<S> = [S; 2];
type Round<S> = Circle<[S; 2]>;
type Seg<S> = Segment<[S; 2]>;
type Caps<S> = Capsule<[S; 2]>;

/// `x` in `S`, which must hold it exactly.
fn exactly<S: TestScalar>(x: f64) -> S {
    let s = S::from_f64(x);
    assert_eq!(s.to_f64(), x, "{x} is not exact in {}", S::NAME);
    s
}

fn vec2<S: TestScalar>(p: [f64; 2]) -> [S; 2] {
    [exactly(p[0]), exactly(p[1])]
}

/// The exact value of a finite vector.
fn xp<S: TestScalar>(v: [S; 2]) -> Option<P> {
    Some(P::new(v[0].to_d()?, v[1].to_d()?))
}

impl<S: TestScalar> Kind<S> for Point<S> {
    const KIND: CoreKind = CoreKind {
        segment: false,
        round: false,
    };
    fn make(a: [f64; 2], _: [f64; 2], _: f64) -> Self {
        vec2(a)
    }
    fn exact(&self) -> XShape {
        XShape::new(XCore::Point(common::pd(*self)), D::zero())
    }
    fn emptied(&self) -> Option<Self> {
        None
    }
}

impl<S: TestScalar> Kind<S> for Round<S> {
    const KIND: CoreKind = CoreKind {
        segment: false,
        round: true,
    };
    fn make(a: [f64; 2], _: [f64; 2], r: f64) -> Self {
        Circle::new(vec2(a), exactly(r))
    }
    fn exact(&self) -> XShape {
        XShape::new(
            XCore::Point(common::pd(self.center)),
            common::sd(self.radius),
        )
    }
    fn emptied(&self) -> Option<Self> {
        Some(Circle::new(self.center, S::from_f64(-1.0)))
    }
}

impl<S: TestScalar> Kind<S> for Seg<S> {
    const KIND: CoreKind = CoreKind {
        segment: true,
        round: false,
    };
    fn make(a: [f64; 2], b: [f64; 2], _: f64) -> Self {
        Self::new(vec2(a), vec2(b))
    }
    fn exact(&self) -> XShape {
        XShape::new(
            XCore::Segment(common::pd(self.a), common::pd(self.b)),
            D::zero(),
        )
    }
    fn emptied(&self) -> Option<Self> {
        None
    }
}

impl<S: TestScalar> Kind<S> for Caps<S> {
    const KIND: CoreKind = CoreKind {
        segment: true,
        round: true,
    };
    fn make(a: [f64; 2], b: [f64; 2], r: f64) -> Self {
        Capsule::new(vec2(a), vec2(b), exactly(r))
    }
    fn exact(&self) -> XShape {
        XShape::new(
            XCore::Segment(common::pd(self.a), common::pd(self.b)),
            common::sd(self.radius),
        )
    }
    fn emptied(&self) -> Option<Self> {
        Some(Capsule::new(self.a, self.b, S::from_f64(-1.0)))
    }
}

// ---------------------------------------------------------------------------------------
// Cases and bookkeeping.
// ---------------------------------------------------------------------------------------

/// One input of a pair cell.
struct Case<S, X, Y> {
    x: X,
    y: Y,
    pair: Pair,
    /// The magnitude the tolerances scale with.
    m: f64,
    /// Margins for `contact_with_margin`: multiples of the grid (so `r₁ + m` is exact).
    margins: Vec<(S, D)>,
    hand_picked: bool,
    label: &'static str,
}

impl<S: TestScalar, X: Kind<S>, Y: Kind<S>> Case<S, X, Y> {
    fn describe(&self) -> String {
        format!(
            "[{}] {} ({}): x = {:?}, y = {:?}",
            S::NAME,
            self.label,
            if self.hand_picked {
                "hand-picked"
            } else {
                "random"
            },
            self.x,
            self.y
        )
    }

    /// Whether the cores are disjoint (then closest points lie on the surfaces).
    fn cores_apart(&self) -> bool {
        !self.pair.cores_meet()
    }
}

/// FNV-1a, for a seed per cell and type.
fn seed(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn build<S: TestScalar, X: Kind<S>, Y: Kind<S>>(
    rng: &mut Rng,
    scene: &Scene,
    hand_picked: bool,
) -> Case<S, X, Y> {
    let x = X::make(scene.xa, scene.xb, scene.rx);
    let y = Y::make(scene.ya, scene.yb, scene.ry);
    let pair = Pair::new(x.exact(), y.exact());
    // The scene as the kinds read it must be what the shapes hold.
    let (ex, ey) = scene.exact(X::KIND, Y::KIND);
    assert!(ex.core == pair.x.core && ey.core == pair.y.core);
    let g = 2f64.powi(-S::GRID_BITS);
    let mut margins = vec![0.0, 1000.0, shapes::on_grid(rng.range(0.0, 10.0), g)];
    margins.extend(scene.margin);
    if !pair.intersects {
        let gap = pair.separation();
        let gap_f = gap.to_f64();
        if D::f(gap_f) == gap {
            // The gap exactly (a tie), and a grid step less.
            margins.push(gap_f);
            margins.push((gap_f - g).max(0.0));
        } else {
            let k = 1 + rng.below(30) as i32;
            let sign = if rng.below(2) == 0 { 1.0 } else { -1.0 };
            margins.push(shapes::on_grid(gap_f * (1.0 + sign * 2f64.powi(-k)), g).max(0.0));
        }
    }
    Case {
        x,
        y,
        pair,
        m: scene.magnitude(),
        margins: margins
            .into_iter()
            .map(|m| (exactly::<S>(m), D::f(m)))
            .collect(),
        hand_picked,
        label: scene.label,
    }
}

/// The hand-picked inputs and `cases()` random ones for the pair `X`, `Y` (named `pair`).
fn pair_cases<S: TestScalar, X: Kind<S>, Y: Kind<S>>(pair: &str) -> Vec<Case<S, X, Y>> {
    let mut rng = Rng::new(seed(&format!("{pair}/{}", S::NAME)));
    let mut out: Vec<Case<S, X, Y>> = shapes::hand_picked(X::KIND, Y::KIND)
        .iter()
        .map(|scene| build(&mut rng, scene, true))
        .collect();
    for _ in 0..cases() {
        let scene = shapes::random_scene(&mut rng, X::KIND, Y::KIND, S::GRID_BITS);
        out.push(build(&mut rng, &scene, false));
    }
    out
}

type Shared = Arc<dyn Any + Send + Sync>;

/// The cases of a pair and scalar, built once and shared by its five query cells (the
/// exact reference is most of the cost).
fn shared_cases<
    S: TestScalar,
    X: Kind<S> + Send + Sync + 'static,
    Y: Kind<S> + Send + Sync + 'static,
>(
    pair: &str,
) -> Arc<Vec<Case<S, X, Y>>> {
    static CACHE: OnceLock<Mutex<HashMap<String, Arc<OnceLock<Shared>>>>> = OnceLock::new();
    let slot = CACHE
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .entry(format!("{pair}/{}", S::NAME))
        .or_default()
        .clone();
    slot.get_or_init(|| Arc::new(pair_cases::<S, X, Y>(pair)) as Shared)
        .clone()
        .downcast::<Vec<Case<S, X, Y>>>()
        .expect("one type per key")
}

/// Failures, wrong decisions, worst errors and coverage counts of one cell.
#[derive(Default)]
struct Stats {
    cell: String,
    failures: Vec<String>,
    wrong: usize,
    decisions: usize,
    /// The worst error of each check, in units of `tol(1, M)`.
    worst: BTreeMap<&'static str, f64>,
    counts: BTreeMap<&'static str, usize>,
}

impl Stats {
    fn new(cell: String) -> Self {
        Self {
            cell,
            ..Self::default()
        }
    }

    fn fail(&mut self, msg: String) {
        self.failures.push(msg);
    }

    fn check(&mut self, ok: bool, msg: impl FnOnce() -> String) {
        if !ok {
            self.fail(msg());
        }
    }

    fn count(&mut self, what: &'static str) {
        *self.counts.entry(what).or_default() += 1;
    }

    /// A decision against the exact one.
    fn decision(&mut self, what: &str, got: bool, want: bool, ctx: impl FnOnce() -> String) {
        self.decisions += 1;
        if got != want {
            self.wrong += 1;
            self.fail(format!(
                "{what}: crate says {got}, the exact decision is {want}: {}",
                ctx()
            ));
        }
    }

    /// An error `err` against `k` units of `tol(1, m)`.
    fn error<S: TestScalar>(
        &mut self,
        what: &'static str,
        err: f64,
        k: f64,
        m: f64,
        ctx: impl FnOnce() -> String,
    ) {
        let units = if err == 0.0 {
            0.0
        } else {
            err / S::tol(1.0, m)
        };
        let worst = self.worst.entry(what).or_insert(0.0);
        *worst = worst.max(units);
        if !(units <= k) {
            self.fail(format!(
                "{what}: error {err:e} = {units:.2} × tol(1, M = {m}) > {k}: {}",
                ctx()
            ));
        }
    }

    /// Prints the worst errors and counts, requires the `needed` counts to be non-zero,
    /// and fails with the first failures.
    fn finish(self, needed: &[&str]) {
        eprintln!(
            "{}: {} decisions, {} wrong; worst (× tol(1, M)) {:.3?}; {:?}",
            self.cell, self.decisions, self.wrong, self.worst, self.counts
        );
        for what in needed {
            assert!(
                self.counts.get(what).copied().unwrap_or(0) > 0,
                "{}: no case exercised `{what}` ({:?})",
                self.cell,
                self.counts
            );
        }
        assert!(
            self.failures.is_empty(),
            "{}: {} failures ({} wrong decisions of {}); the first:\n{}",
            self.cell,
            self.failures.len(),
            self.wrong,
            self.decisions,
            self.failures
                .iter()
                .take(12)
                .cloned()
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

/// Runs one pair cell (`cell` is the test's module path, `pairs::<pair>::<query>`).
fn run_pair<
    S: TestScalar,
    X: Kind<S> + Send + Sync + 'static,
    Y: Kind<S> + Send + Sync + 'static,
>(
    cell: &str,
    check: fn(&Case<S, X, Y>, &mut Stats),
    needed: &[&str],
) {
    // From `pairs::` on: the same names, and so the same seeds, in whichever binary.
    let cell = cell.find("pairs::").map_or(cell, |at| &cell[at..]);
    let mut stats = Stats::new(format!("{cell} [{}]", S::NAME));
    let pair = cell.rsplit_once("::").map_or(cell, |(pair, _)| pair);
    for case in shared_cases::<S, X, Y>(pair).iter() {
        if case.pair.intersects {
            stats.count("intersecting");
            if case.pair.dist2.eq_square(&case.pair.r) {
                stats.count("touching exactly");
            }
        } else {
            stats.count("apart");
        }
        if case.pair.cores_meet() {
            stats.count("cores meet");
        }
        check(case, &mut stats);
    }
    stats.finish(needed);
}

// ---------------------------------------------------------------------------------------
// Shared checks.
// ---------------------------------------------------------------------------------------

/// A normal: finite, unit length, separating the cores as well as the exact normal does
/// (within `K_LEN`), and on hand-picked inputs along the documented direction. Returns
/// its exact value.
fn check_normal<S: TestScalar, X: Kind<S>, Y: Kind<S>>(
    what: &'static str,
    n: [S; 2],
    c: &Case<S, X, Y>,
    st: &mut Stats,
) -> Option<P> {
    let Some(exact_n) = xp(n) else {
        st.fail(format!("{what}: non-finite normal {n:?}: {}", c.describe()));
        return None;
    };
    if exact_n.is_zero() {
        st.fail(format!("{what}: zero normal: {}", c.describe()));
        return None;
    }
    st.error::<S>(
        "| |n|² − 1 |",
        shapes::unit_error(&exact_n),
        K_UNIT,
        1.0,
        || format!("{what}: n = {n:?}: {}", c.describe()),
    );
    let miss = c.pair.normal_miss(&exact_n).to_f64();
    st.error::<S>("normal miss", miss, K_LEN, c.m, || {
        format!(
            "{what}: n = {n:?} misses by {miss:e}; the exact normal is along {:?}: {}",
            c.pair
                .normals()
                .dirs
                .iter()
                .map(P::unit_f64)
                .collect::<Vec<_>>(),
            c.describe()
        )
    });
    if c.hand_picked {
        let err = c
            .pair
            .normals()
            .dirs
            .iter()
            .map(|dir| normal_error(pf(n), dir))
            .fold(f64::INFINITY, f64::min);
        st.error::<S>("documented normal", err, K_DIR, 1.0, || {
            format!(
                "{what}: n = {n:?}, the rules say {:?}: {}",
                c.pair
                    .normals()
                    .dirs
                    .iter()
                    .map(P::unit_f64)
                    .collect::<Vec<_>>(),
                c.describe()
            )
        });
        st.count("documented normal checked");
    }
    Some(exact_n)
}

/// `dist(p, core) − r` of shape `s` for a computed point: `|·| ≤ tol` when `on_surface`,
/// `≤ tol` (inside) otherwise.
fn check_on<S: TestScalar>(
    what: &'static str,
    p: [S; 2],
    s: &XShape,
    on_surface: bool,
    m: f64,
    st: &mut Stats,
    ctx: impl Fn() -> String,
) -> Option<P> {
    let Some(exact_p) = xp(p) else {
        st.fail(format!("{what}: non-finite point {p:?}: {}", ctx()));
        return None;
    };
    let offset = s.surface_offset(&exact_p).to_f64();
    let err = if on_surface {
        offset.abs()
    } else {
        offset.max(0.0)
    };
    st.error::<S>(what, err, K_LEN, m, || {
        format!("{what} {p:?} is {offset:e} off the surface: {}", ctx())
    });
    Some(exact_p)
}

/// A contact that must exist: normal, depth `r − s*`, point on (or, for meeting cores,
/// in) `y`.
fn check_contact_fields<S: TestScalar, X: Kind<S>, Y: Kind<S>>(
    what: &'static str,
    contact: &Contact<[S; 2]>,
    c: &Case<S, X, Y>,
    st: &mut Stats,
) {
    check_normal(what, contact.normal, c, st);
    let Some(depth) = contact.depth.to_d() else {
        st.fail(format!(
            "{what}: non-finite depth {contact:?}: {}",
            c.describe()
        ));
        return;
    };
    st.error::<S>(
        "depth",
        shapes::abs_diff(&depth, &c.pair.depth()),
        K_LEN,
        c.m,
        || {
            format!(
                "{what}: depth {:?}, exact {}: {}",
                contact.depth,
                c.pair.depth().to_f64(),
                c.describe()
            )
        },
    );
    check_on(
        "contact point on y",
        contact.point,
        &c.pair.y,
        c.cores_apart(),
        c.m,
        st,
        || format!("{what} {contact:?}: {}", c.describe()),
    );
}

// ---------------------------------------------------------------------------------------
// The pair cells.
// ---------------------------------------------------------------------------------------

const DECISIONS: &[&str] = &["intersecting", "apart", "touching exactly"];

/// `intersects` is the exact decision, agrees with `contact`, and empty shapes touch
/// nothing.
fn q_intersects<S: TestScalar, X: Kind<S>, Y: Kind<S>>(c: &Case<S, X, Y>, st: &mut Stats) {
    let got = c.x.intersects(&c.y);
    st.decision("intersects", got, c.pair.intersects, || c.describe());
    st.check(got == c.x.contact(&c.y).is_some(), || {
        format!("intersects = {got} but contact disagrees: {}", c.describe())
    });
    if let Some(e) = c.x.emptied() {
        st.check(!e.intersects(&c.y), || {
            format!("an empty x intersects: {}", c.describe())
        });
    }
    if let Some(e) = c.y.emptied() {
        st.check(!c.x.intersects(&e), || {
            format!("an empty y intersects: {}", c.describe())
        });
    }
}

/// `distance` is `max(s* − r, 0)` within `K_LEN`, exactly 0 when the shapes intersect
/// (and for an empty shape), never negative.
fn q_distance<S: TestScalar, X: Kind<S>, Y: Kind<S>>(c: &Case<S, X, Y>, st: &mut Stats) {
    let got = c.x.distance(&c.y);
    let Some(d) = got.to_d() else {
        st.fail(format!("distance {got:?} not finite: {}", c.describe()));
        return;
    };
    st.check(!d.is_negative(), || {
        format!("negative distance {got:?}: {}", c.describe())
    });
    if c.pair.intersects {
        st.check(d.is_zero(), || {
            format!("distance {got:?} of intersecting shapes: {}", c.describe())
        });
    }
    st.error::<S>(
        "distance",
        shapes::abs_diff(&d, &c.pair.distance()),
        K_LEN,
        c.m,
        || {
            format!(
                "distance {got:?}, exact {}: {}",
                c.pair.distance().to_f64(),
                c.describe()
            )
        },
    );
    // An empty shape is measured as its core.
    if let Some(e) = c.x.emptied() {
        let got = e.distance(&c.y);
        let core = Pair::new(
            XShape::new(c.pair.x.core.clone(), D::zero()),
            c.pair.y.clone(),
        );
        match got.to_d() {
            Some(d) if core.intersects => st.check(d.is_zero(), || {
                format!(
                    "distance {got:?} from an empty x whose core touches y: {}",
                    c.describe()
                )
            }),
            Some(d) => st.error::<S>(
                "distance of an empty shape",
                shapes::abs_diff(&d, &core.distance()),
                K_LEN,
                c.m,
                || format!("distance {got:?} from an empty x: {}", c.describe()),
            ),
            None => st.fail(format!(
                "distance {got:?} from an empty x: {}",
                c.describe()
            )),
        }
    }
}

/// `closest_points` (`on_self`, `on_other`): the cores' closest points moved towards each
/// other by the radii. So each lies on its shape's surface while the cores are apart (in
/// the shape when they meet), and they are `|s* − r|` apart: the distance when the shapes
/// are apart, the depth when they overlap; `r` apart for meeting cores (the common point
/// moved by each radius along the contact normal), one common point without radii.
fn q_closest_points<S: TestScalar, X: Kind<S>, Y: Kind<S>>(c: &Case<S, X, Y>, st: &mut Stats) {
    let cp = c.x.closest_points(&c.y);
    let ctx = || format!("{cp:?}: {}", c.describe());
    let apart = c.cores_apart();
    // On the surfaces while the cores are apart (the points are moved along the contact
    // normal, never along the normalised difference of the rounded core points, which
    // rounding dominates where the cores nearly touch: a regression once put them up to
    // `r (1 − cos φ)` inside the shapes).
    let on_surface = apart;
    let on_self = check_on(
        "on_self on x",
        cp.on_self,
        &c.pair.x,
        on_surface,
        c.m,
        st,
        ctx,
    );
    let on_other = check_on(
        "on_other on y",
        cp.on_other,
        &c.pair.y,
        on_surface,
        c.m,
        st,
        ctx,
    );
    if let (Some(p), Some(q)) = (&on_self, &on_other) {
        let gap = shapes::root(&Frac::whole(p.sub(q).len2()));
        let want = if apart {
            c.pair.separation().abs()
        } else {
            c.pair.r.clone()
        };
        st.error::<S>(
            "closest points' gap",
            shapes::abs_diff(&gap, &want),
            2.0 * K_LEN,
            c.m,
            || {
                format!(
                    "|on_self − on_other| = {}, exact {}: {}",
                    gap.to_f64(),
                    want.to_f64(),
                    ctx()
                )
            },
        );
    }
    let bare = c.pair.x.r.is_zero() && c.pair.y.r.is_zero();
    if bare && !apart {
        st.check(cp.on_self == cp.on_other, || {
            format!(
                "meeting cores without radius: not one common point: {}",
                ctx()
            )
        });
        st.count("common point");
    }
    // Bare cores with a unique closest pair (one of them a single point): the exact
    // projection.
    let single = c.pair.x.core.as_point().is_some() || c.pair.y.core.as_point().is_some();
    if let (true, true, Nearest::Apart { on_x, on_y, .. }) = (bare, single, &c.pair.nearest) {
        for (what, got, want) in [("on_self", on_self, on_x), ("on_other", on_other, on_y)] {
            if let Some(got) = got {
                let err = shapes::root(&want.dist2(&got)).to_f64();
                st.error::<S>("closest core point", err, K_LEN, c.m, || {
                    format!(
                        "{what} is {err:e} from the exact {:?}: {}",
                        want.to_f64(),
                        ctx()
                    )
                });
            }
        }
        st.count("exact projection checked");
    }
}

/// `contact`: `Some` exactly when the shapes intersect (exactly), then a separating unit
/// normal, depth `r − s*`, point on `y`; and the mirror image from `y`'s side.
fn q_contact<S: TestScalar, X: Kind<S>, Y: Kind<S>>(c: &Case<S, X, Y>, st: &mut Stats) {
    let got = c.x.contact(&c.y);
    st.decision("contact", got.is_some(), c.pair.intersects, || {
        format!("{got:?}: {}", c.describe())
    });
    st.check(got.is_some() == c.x.intersects(&c.y), || {
        format!(
            "contact {got:?} disagrees with intersects: {}",
            c.describe()
        )
    });
    let Some(contact) = got else {
        return;
    };
    st.check(contact.depth >= S::from_f64(0.0), || {
        format!("negative depth {contact:?}: {}", c.describe())
    });
    check_contact_fields("contact", &contact, c, st);
    // The mirror image.
    let Some(back) = c.y.contact(&c.x) else {
        st.fail(format!("y.contact(x) is None: {}", c.describe()));
        return;
    };
    let (d1, d2) = (contact.depth.to_d(), back.depth.to_d());
    if let (Some(d1), Some(d2)) = (d1, d2) {
        st.error::<S>(
            "mirror depth",
            shapes::abs_diff(&d1, &d2),
            K_LEN,
            c.m,
            || {
                format!(
                    "x.contact(y) {contact:?}, y.contact(x) {back:?}: {}",
                    c.describe()
                )
            },
        );
    }
    let normals = c.pair.normals();
    if normals.mirrored && normals.runner_up > 4.0 * S::tol(K_LEN, c.m) {
        let (n1, n2) = (pf(contact.normal), pf(back.normal));
        let err = (n1[0] + n2[0]).hypot(n1[1] + n2[1]);
        st.error::<S>("mirror normal", err, K_MIRROR, 1.0, || {
            format!(
                "x.contact(y) {contact:?}, y.contact(x) {back:?}: {}",
                c.describe()
            )
        });
        st.count("mirror checked");
    }
}

/// `contact_with_margin`: `Some` exactly when `d ≤ r₁ + r₂ + m`; the plain contact when
/// the shapes intersect; otherwise depth `−gap = r − s*`, a separating unit normal and the
/// point on `y`'s surface. `None` for a negative margin while apart, and for empty shapes.
fn q_contact_with_margin<S: TestScalar, X: Kind<S>, Y: Kind<S>>(c: &Case<S, X, Y>, st: &mut Stats) {
    let mut first: Option<Contact<[S; 2]>> = None;
    for (margin, exact_margin) in &c.margins {
        let got = c.x.contact_with_margin(&c.y, *margin);
        let want = c.pair.within_margin(exact_margin);
        st.decision("contact_with_margin", got.is_some(), want, || {
            format!("margin {margin:?}, {got:?}: {}", c.describe())
        });
        if c.pair.intersects {
            // The plain contact; its depth is clamped at 0, the margin contact's is not (an
            // exact touch may read a rounding below 0).
            let plain = c.x.contact(&c.y);
            let same = match (got, plain) {
                (Some(m), Some(p)) => {
                    m.normal == p.normal
                        && m.point == p.point
                        && (m.depth == p.depth
                            || (p.depth == S::from_f64(0.0) && m.depth <= p.depth))
                }
                _ => false,
            };
            st.check(same, || {
                format!(
                    "margin {margin:?}: {got:?}, but the plain contact is {plain:?}: {}",
                    c.describe()
                )
            });
            continue;
        }
        let Some(contact) = got else {
            continue;
        };
        st.count("speculative contact");
        if want && c.pair.dist2.eq_square(&(&c.pair.r + exact_margin)) {
            st.count("margin tie");
        }
        // The margin only decides: every margin that reports the contact reports the same
        // one (so the fields are checked once).
        match first {
            Some(f) => st.check(contact == f, || {
                format!(
                    "margin {margin:?} gives {contact:?}, another margin gave {f:?}: {}",
                    c.describe()
                )
            }),
            None => {
                // Apart by the exact predicate: the depth is minus the gap, rounded, so it
                // reads above 0 only within rounding of a touch (`docs/semantics.md`: its
                // sign there is the rounding's; the exact answer is `intersects`).
                let slack = S::tol(K_LEN, c.m);
                st.check(contact.depth.to_f64() <= slack, || {
                    format!(
                        "margin {margin:?}: positive depth while apart {contact:?}: {}",
                        c.describe()
                    )
                });
                check_contact_fields("contact_with_margin", &contact, c, st);
                first = Some(contact);
            }
        }
    }
    if !c.pair.intersects {
        let got = c.x.contact_with_margin(&c.y, S::from_f64(-1.0));
        st.check(got.is_none(), || {
            format!("negative margin gave {got:?}: {}", c.describe())
        });
    }
    if let Some(e) = c.x.emptied() {
        let got = e.contact_with_margin(&c.y, S::from_f64(1000.0));
        st.check(got.is_none(), || {
            format!("an empty x gave {got:?}: {}", c.describe())
        });
    }
}

// ---------------------------------------------------------------------------------------
// The one-shape cells.
// ---------------------------------------------------------------------------------------

/// One input of a one-shape cell: a shape and a point.
struct Single<S, X> {
    x: X,
    shape: XShape,
    p: [S; 2],
    exact_p: P,
    m: f64,
    label: &'static str,
}

impl<S: TestScalar, X: Kind<S>> Single<S, X> {
    fn describe(&self) -> String {
        format!(
            "[{}] {}: x = {:?}, p = {:?}",
            S::NAME,
            self.label,
            self.x,
            self.p
        )
    }
}

/// Hand-picked shapes and points (as scene `x` parts): on the surface, at the centre, on
/// the core, at an end, a zero-length core, zero and negative radii.
fn single_hand_picked() -> Vec<(Scene, [f64; 2], &'static str)> {
    let shape = |xa: [f64; 2], xb: [f64; 2], rx: f64| Scene {
        xa,
        xb,
        rx,
        ya: xa,
        yb: xa,
        ry: 0.0,
        margin: None,
        label: "hand-picked",
    };
    let circle = shape([0.0, 0.0], [0.0, 0.0], 5.0);
    let capsule = shape([0.0, 0.0], [4.0, 0.0], 1.0);
    let slanted = shape([1.0, 1.0], [7.0, 9.0], 5.0);
    let dot = shape([2.0, -3.0], [2.0, -3.0], 0.0);
    let empty = shape([0.0, 0.0], [4.0, 0.0], -1.0);
    vec![
        (circle.clone(), [3.0, 4.0], "on the surface"),
        (circle.clone(), [3.0, 4.0 + 1.0 / 1024.0], "just outside"),
        (circle.clone(), [0.0, 0.0], "at the centre"),
        (circle.clone(), [-5.0, 0.0], "on the surface, on an axis"),
        (circle, [30.0, -40.0], "far"),
        (capsule.clone(), [5.0, 0.0], "on an end cap"),
        (capsule.clone(), [2.0, 1.0], "on a side"),
        (capsule.clone(), [2.0, 0.0], "on the core"),
        (capsule.clone(), [4.0, 0.0], "at an end"),
        (capsule.clone(), [5.0, 0.5], "outside an end"),
        (capsule, [4.75, -1.0], "beyond an end cap, slanted"),
        (slanted.clone(), [0.0, 9.0], "on a slanted side"),
        (slanted.clone(), [4.0, 5.0], "on a slanted core"),
        (slanted, [-2.0, -3.0], "on a slanted end cap"),
        (dot.clone(), [2.0, -3.0], "on a zero-length core"),
        (dot, [5.0, 1.0], "off a zero-length core"),
        (empty.clone(), [2.0, 0.0], "on the core of an empty shape"),
        (empty, [2.0, 3.0], "off an empty shape"),
    ]
}

fn run_single<S: TestScalar, X: Kind<S>>(
    cell: &str,
    check: fn(&Single<S, X>, &mut Stats),
    needed: &[&str],
) {
    // From `pairs::` on: the same names, and so the same seeds, in whichever binary.
    let cell = cell.find("pairs::").map_or(cell, |at| &cell[at..]);
    let mut stats = Stats::new(format!("{cell} [{}]", S::NAME));
    let mut rng = Rng::new(seed(&format!("{cell}/{}", S::NAME)));
    let kind = X::KIND;
    let mut inputs: Vec<(Scene, [f64; 2], &'static str)> = single_hand_picked()
        .into_iter()
        // Scenes a kind cannot hold: a segment for a point kind, a radius for a bare one.
        .filter(|(s, _, _)| (kind.segment || s.xa == s.xb) && (kind.round || s.rx == 0.0))
        .collect();
    for _ in 0..cases() {
        inputs.push(shapes::random_shape_and_point(&mut rng, kind, S::GRID_BITS));
    }
    for (scene, p, label) in inputs {
        let x = X::make(scene.xa, scene.xb, scene.rx);
        let shape = x.exact();
        let m = scene.magnitude().max(common::magnitude(&p));
        let single = Single {
            x,
            shape,
            p: vec2(p),
            exact_p: P::from_f64(p),
            m,
            label,
        };
        if single.shape.contains(&single.exact_p) {
            stats.count("inside");
            if single
                .shape
                .core
                .dist2_to(&single.exact_p)
                .eq_square(&single.shape.r)
            {
                stats.count("on the surface exactly");
            }
        } else {
            stats.count("outside");
        }
        if single.shape.is_empty() {
            stats.count("empty");
        }
        check(&single, &mut stats);
    }
    stats.finish(needed);
}

/// `project_point`: `p` itself when the shape contains it; otherwise a point on the
/// surface, no farther from `p` than the exact distance (within `K_LEN`); for an empty
/// shape, the nearest point of its core.
fn q_project_point<S: TestScalar, X: Kind<S>>(c: &Single<S, X>, st: &mut Stats) {
    let q = c.x.project_point(c.p);
    let ctx = || format!("projection {q:?}: {}", c.describe());
    if c.shape.contains(&c.exact_p) {
        st.check(q == c.p, || format!("p is inside, but moved: {}", ctx()));
        return;
    }
    let Some(exact_q) = xp(q) else {
        st.fail(format!("non-finite: {}", ctx()));
        return;
    };
    let (surface, reach) = if c.shape.is_empty() {
        // Measured against the core.
        let core = XShape::new(c.shape.core.clone(), D::zero());
        let reach = core.distance_to(&c.exact_p);
        (core, reach)
    } else {
        (c.shape.clone(), c.shape.distance_to(&c.exact_p))
    };
    check_on("projection on the surface", q, &surface, true, c.m, st, ctx);
    let moved = shapes::root(&Frac::whole(exact_q.sub(&c.exact_p).len2()));
    let excess = (moved - &reach).to_f64();
    st.error::<S>("projection distance", excess.max(0.0), K_LEN, c.m, || {
        format!("|q − p| exceeds the distance by {excess:e}: {}", ctx())
    });
}

/// `contains_point` is the exact decision.
fn q_contains_point<S: TestScalar, X: Kind<S>>(c: &Single<S, X>, st: &mut Stats) {
    let got = c.x.contains_point(c.p);
    st.decision("contains_point", got, c.shape.contains(&c.exact_p), || {
        c.describe()
    });
}

/// `aabb`: exactly the core's box grown by the radius (tight), holding the shape's
/// extreme points (a circle's `centre ± r`).
fn q_aabb<S: TestScalar, X: Kind<S>>(c: &Single<S, X>, st: &mut Stats) {
    let bb = c.x.aabb();
    let (Some(lo), Some(hi)) = (xp(bb.min), xp(bb.max)) else {
        st.fail(format!("non-finite box {bb:?}: {}", c.describe()));
        return;
    };
    let (want_lo, want_hi) = c.shape.aabb();
    st.check(lo == want_lo && hi == want_hi, || {
        format!(
            "box {bb:?}, exact {:?}..{:?}: {}",
            want_lo.to_f64(),
            want_hi.to_f64(),
            c.describe()
        )
    });
    for e in c.shape.extreme_points() {
        let inside = lo.x <= e.x && e.x <= hi.x && lo.y <= e.y && e.y <= hi.y;
        st.check(inside, || {
            format!(
                "extreme point {:?} outside {bb:?}: {}",
                e.to_f64(),
                c.describe()
            )
        });
    }
    st.count("boxes");
}

// ---------------------------------------------------------------------------------------
// The cells.
// ---------------------------------------------------------------------------------------

/// One test per scalar for a cell.
macro_rules! per_scalar {
    ($runner:ident, $check:ident, $needed:expr, $($ty:ident),+) => {
        #[test]
        fn f32() {
            super::super::$runner::<f32, $(super::super::$ty<f32>),+>(
                module_path!(),
                super::super::$check,
                $needed,
            );
        }
        #[test]
        fn f64() {
            super::super::$runner::<f64, $(super::super::$ty<f64>),+>(
                module_path!(),
                super::super::$check,
                $needed,
            );
        }
        #[cfg(feature = "fixed")]
        #[test]
        fn i32f32() {
            type I = fixed::types::I32F32;
            super::super::$runner::<I, $(super::super::$ty<I>),+>(
                module_path!(),
                super::super::$check,
                $needed,
            );
        }
    };
}

/// The five queries of a pair.
macro_rules! pair_cells {
    ($($pair:ident: $x:ident, $y:ident;)+) => {$(
        mod $pair {
            mod intersects {
                per_scalar!(run_pair, q_intersects, super::super::DECISIONS, $x, $y);
            }
            mod distance {
                per_scalar!(run_pair, q_distance, super::super::DECISIONS, $x, $y);
            }
            mod closest_points {
                per_scalar!(run_pair, q_closest_points, super::super::DECISIONS, $x, $y);
            }
            mod contact {
                per_scalar!(run_pair, q_contact, super::super::DECISIONS, $x, $y);
            }
            mod contact_with_margin {
                per_scalar!(
                    run_pair,
                    q_contact_with_margin,
                    &["apart", "speculative contact", "margin tie"],
                    $x,
                    $y
                );
            }
        }
    )+};
}

pair_cells! {
    point_point: Point, Point;
    point_circle: Point, Round;
    point_segment: Point, Seg;
    point_capsule: Point, Caps;
    circle_point: Round, Point;
    circle_circle: Round, Round;
    circle_segment: Round, Seg;
    circle_capsule: Round, Caps;
    segment_point: Seg, Point;
    segment_circle: Seg, Round;
    segment_segment: Seg, Seg;
    segment_capsule: Seg, Caps;
    capsule_point: Caps, Point;
    capsule_circle: Caps, Round;
    capsule_segment: Caps, Seg;
    capsule_capsule: Caps, Caps;
}

/// The one-shape queries of a shape.
macro_rules! shape_cells {
    ($($shape:ident: $x:ident;)+) => {$(
        mod $shape {
            mod project_point {
                per_scalar!(run_single, q_project_point, &["inside", "outside"], $x);
            }
            mod contains_point {
                per_scalar!(
                    run_single,
                    q_contains_point,
                    &["inside", "outside", "on the surface exactly"],
                    $x
                );
            }
            mod aabb {
                per_scalar!(run_single, q_aabb, &["boxes"], $x);
            }
        }
    )+};
}

shape_cells! {
    point: Point;
    circle: Round;
    segment: Seg;
    capsule: Caps;
}
