//! The shared harness of the fuzz targets.
//!
//! [`check`] decodes the fuzzer's raw bytes into points, segments, circles, capsules and
//! response parameters of one scalar type, runs **every public query** of capsule2d on
//! them, and checks, for every input:
//!
//! 1. no panic (debug assertions and overflow checks are on in `cargo fuzz` builds, so a
//!    fixed-point overflow inside the `fixed` crate panics too);
//! 2. `intersects == contact.is_some()` for every pair of shapes, and
//!    `contains_point(p) == contact(&p).is_some()`;
//! 3. `closest_parameter ∈ [0, 1]`; `try_new` accepts exactly the finite shapes with
//!    a non-negative radius;
//! 4. every `batch` function gives the single query's answer element by element;
//!
//! for every *finite* input:
//!
//! 5. every normal (contact normals, `left_normal`) is unit length within
//!    [`FuzzScalar::UNIT_TOL`];
//!
//! and for finite inputs within the documented magnitude range (see
//! [`FuzzScalar::LINEAR_BOUND`] and [`FuzzScalar::SQUARE_BOUND`]):
//!
//! 6. every contact depth is `≥ 0` (and not NaN);
//! 7. every output is finite: closest points, parameters, distances, contact normals,
//!    depths and points, offsets, and the responses (`reflect`, `slide`, `push_out`).
//!
//! [`check_motion`] does the same for the motion queries. `docs/fuzzing.md` lists every
//! property.
//!
//! With the `strict` feature it also checks properties beyond the list: every
//! `intersects` is symmetric (for fixed point: where differences and radius sums fit),
//! intersecting segments get a common point twice from `closest_points`, and a
//! zero-radius capsule agrees with its core segment.
//!
//! # Input decoding
//!
//! Each scalar starts with a tag byte choosing how it is made: its **raw bit pattern**
//! (so NaN, ±∞, subnormals, ±MAX and every fixed-point pattern occur), a small integer, a
//! small dyadic fraction, or the previous scalar moved by a few units in the last place.
//! Each point may instead copy an earlier point, moved by a few ulps. The structured modes
//! make touching, collinear, coincident and degenerate configurations common: from raw
//! bits alone they would almost never occur.

// `!(a < b)` is the deliberate idiom that lets NaN through, as in the crate itself.
#![allow(clippy::neg_cmp_op_on_partial_ord)]

use arbitrary::Unstructured;
use capsule2d::{
    Ball, Capsule, CastOptions, Chain, ChainContact, Circle, Contact, Hit, Manifold, Pose,
    PoseMotion, Ray, Rotation, Scalar, Segment, Shape, StartOverlap, StepParams, ToiOptions,
    ToiState, batch, response, time_of_impact,
};
use core::fmt::Debug;
use fixed::types::{I16F16, I32F32};

/// The vector type the targets use.
pub type V<S> = [S; 2];

/// A scalar type under fuzzing: how to make one from bytes, and its tolerances.
pub trait FuzzScalar: Scalar + PartialEq + Debug + Default {
    /// For messages.
    const NAME: &'static str;
    /// Inputs whose magnitudes are all at most this must give finite *linear* outputs
    /// (points, distances, depths, normals). Floats: the "1e±300" range for f64
    /// and the same headroom below `f32::MAX` for f32; fixed point is always finite.
    const LINEAR_BOUND: f64;
    /// Inputs whose magnitudes are all at most this must give finite *squared* outputs
    /// (`distance_squared`, `length_squared`, …), which are squares of linear ones and so
    /// overflow for larger inputs by definition: `2^(max_exp/2 − 3)`.
    const SQUARE_BOUND: f64;
    /// `strict` checks the symmetry of the predicates only for inputs within this bound:
    /// everywhere for floats, and for fixed point where every coordinate difference and
    /// radius sum fits the type (`MAX/4`); beyond, results saturate by design.
    const PAIR_BOUND: f64;
    /// The largest allowed `| |n| − 1 |` of a normal.
    const UNIT_TOL: f64;

    /// A value with a raw bit pattern taken from `u`.
    fn from_raw(u: &mut Unstructured<'_>) -> Self;
    /// `n / 2^shift`, saturating.
    fn dyadic(n: i16, shift: u32) -> Self;
    /// The value `k` units in the last place (raw-bit steps) away.
    fn nudge(self, k: i64) -> Self;
    /// The value as an f64 (NaN and ±∞ for floats' NaN and ±∞).
    fn to_f64(self) -> f64;
}

impl FuzzScalar for f32 {
    const NAME: &'static str = "f32";
    // f32::MAX ≈ 3.4e38; 1e30 leaves the same ~2^27 headroom as 1e300 does below f64::MAX.
    const LINEAR_BOUND: f64 = 1e30;
    const PAIR_BOUND: f64 = f64::INFINITY;
    const SQUARE_BOUND: f64 = 1_152_921_504_606_846_976.0; // 2^60
    const UNIT_TOL: f64 = 4.0 * f32::EPSILON as f64;
    fn from_raw(u: &mut Unstructured<'_>) -> Self {
        f32::from_bits(u.arbitrary().unwrap_or(0))
    }
    fn dyadic(n: i16, shift: u32) -> Self {
        f32::from(n) / (1_u32 << shift) as f32
    }
    fn nudge(self, k: i64) -> Self {
        f32::from_bits(self.to_bits().wrapping_add(k as u32))
    }
    fn to_f64(self) -> f64 {
        f64::from(self)
    }
}

impl FuzzScalar for f64 {
    const NAME: &'static str = "f64";
    const LINEAR_BOUND: f64 = 1e300;
    const PAIR_BOUND: f64 = f64::INFINITY;
    const SQUARE_BOUND: f64 = 8.379_879_956_214_711e152; // 2^508
    const UNIT_TOL: f64 = 4.0 * f64::EPSILON;
    fn from_raw(u: &mut Unstructured<'_>) -> Self {
        f64::from_bits(u.arbitrary().unwrap_or(0))
    }
    fn dyadic(n: i16, shift: u32) -> Self {
        f64::from(n) / f64::from(1_u32 << shift)
    }
    fn nudge(self, k: i64) -> Self {
        f64::from_bits(self.to_bits().wrapping_add(k as u64))
    }
    fn to_f64(self) -> f64 {
        self
    }
}

macro_rules! fixed_fuzz_scalar {
    ($t:ty, $name:expr, $raw:ty) => {
        impl FuzzScalar for $t {
            const NAME: &'static str = $name;
            const LINEAR_BOUND: f64 = f64::INFINITY;
            const PAIR_BOUND: f64 =
                <$t>::MAX.to_bits() as f64 / (1_u64 << <$t>::FRAC_NBITS) as f64 / 4.0;
            const SQUARE_BOUND: f64 = f64::INFINITY;
            // Each component is rounded to the nearest 2^-frac: |n| is within
            // √2 · 2^-(frac+1) of 1; allow twice that.
            const UNIT_TOL: f64 = 2.0 / (1_u64 << <$t>::FRAC_NBITS) as f64;
            fn from_raw(u: &mut Unstructured<'_>) -> Self {
                <$t>::from_bits(u.arbitrary::<$raw>().unwrap_or(0))
            }
            fn dyadic(n: i16, shift: u32) -> Self {
                <$t>::saturating_from_num(f64::from(n) / f64::from(1_u32 << shift))
            }
            fn nudge(self, k: i64) -> Self {
                <$t>::from_bits(self.to_bits().wrapping_add(k as $raw))
            }
            fn to_f64(self) -> f64 {
                self.to_num::<f64>()
            }
        }
    };
}

fixed_fuzz_scalar!(I16F16, "I16F16", i32);
fixed_fuzz_scalar!(I32F32, "I32F32", i64);

/// Turns the fuzzer's bytes into scalars and points (see the module docs).
struct Decoder<'a, S> {
    u: Unstructured<'a>,
    last: S,
    points: Vec<V<S>>,
}

impl<'a, S: FuzzScalar> Decoder<'a, S> {
    fn new(data: &'a [u8]) -> Self {
        Self {
            u: Unstructured::new(data),
            last: S::ZERO,
            points: Vec::new(),
        }
    }

    fn byte(&mut self) -> u8 {
        self.u.arbitrary().unwrap_or(0)
    }

    fn scalar(&mut self) -> S {
        let tag = self.byte();
        let value = match tag % 4 {
            0 => S::from_raw(&mut self.u),
            1 => S::dyadic(i16::from(self.byte() as i8), 0),
            2 => {
                let n = self.u.arbitrary::<i16>().unwrap_or(0);
                S::dyadic(n, u32::from(tag >> 2) % 24)
            }
            _ => self.last.nudge(i64::from((tag as i8) >> 4)),
        };
        self.last = value;
        value
    }

    fn point(&mut self) -> V<S> {
        let tag = self.byte();
        let p = if tag % 4 == 3 && !self.points.is_empty() {
            let q = self.points[usize::from(tag >> 2) % self.points.len()];
            let k = self.byte();
            // Moves of −2..=1 ulps per coordinate; 0 (an exact copy) most often.
            let kx = i64::from(k & 3) - 2;
            let ky = i64::from((k >> 2) & 3) - 2;
            let kx = if k & 0x10 == 0 { 0 } else { kx };
            let ky = if k & 0x20 == 0 { 0 } else { ky };
            [q[0].nudge(kx), q[1].nudge(ky)]
        } else {
            [self.scalar(), self.scalar()]
        };
        self.points.push(p);
        p
    }
}

/// Whether to check crossings against `Circle::intersects` of the segment beyond the
/// documented range (see `docs/fuzzing.md`): where a query mixes magnitudes more than
/// 2^200 apart, and for fixed point beyond `MAX/4`. Set `CAPSULE2D_FUZZ_DOCUMENTED=1` to
/// check them.
fn documented_extras() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("CAPSULE2D_FUZZ_DOCUMENTED").is_some())
}

/// Whether the known finding `name` is suppressed for this run: `CAPSULE2D_FUZZ_SUPPRESS`
/// is a comma-separated list of finding names (see `docs/fuzzing.md`), so that a long run
/// can go on exploring past a finding that is already reported. Nothing is suppressed by
/// default.
#[allow(dead_code)] // no finding is open that a check skips; kept for the next one
fn suppressed(name: &str) -> bool {
    static LIST: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    LIST.get_or_init(|| std::env::var("CAPSULE2D_FUZZ_SUPPRESS").unwrap_or_default())
        .split(',')
        .any(|s| s.trim() == name)
}

/// Which output checks apply to a query's inputs.
#[derive(Clone, Copy, Debug)]
struct Domain {
    /// Every input is finite.
    finite: bool,
    /// Finite and within [`FuzzScalar::LINEAR_BOUND`].
    linear: bool,
    /// Finite and within [`FuzzScalar::SQUARE_BOUND`].
    square: bool,
    /// `linear`, and no non-zero input is more than 2^200 times smaller than the
    /// largest. The yes/no answers are exact for every finite input, but constructions
    /// (closest points, crossing points) at mixed magnitudes carry errors relative to the
    /// largest input (findings F5, F12), so checks that compare a construction with a
    /// predicate are made here.
    narrow: bool,
    /// Every finite input within [`FuzzScalar::PAIR_BOUND`] (always, for floats): for
    /// fixed point, the safe range, where coordinate differences and radius sums fit and
    /// the predicates of different queries agree. Beyond it each query saturates on its
    /// own (numerics-fixed.md), so checks that compare two queries need it.
    paired: bool,
}

fn domain<S: FuzzScalar>(values: &[S]) -> Domain {
    let mut finite = true;
    let mut largest = 0.0_f64;
    let mut smallest = f64::INFINITY;
    for v in values {
        let x = v.to_f64();
        if x.is_finite() {
            largest = largest.max(x.abs());
            if x != 0.0 {
                smallest = smallest.min(x.abs());
            }
        } else {
            finite = false;
        }
    }
    let square = finite && largest <= S::SQUARE_BOUND;
    // 2^-200; fixed point has no such limit (its range spans less than 2^64).
    let spread = S::LINEAR_BOUND.is_infinite() || smallest >= largest * 6.223_015_277_861_142e-61;
    Domain {
        finite,
        linear: finite && largest <= S::LINEAR_BOUND,
        square,
        narrow: finite && largest <= S::LINEAR_BOUND && spread,
        paired: largest <= S::PAIR_BOUND,
    }
}

fn pt<S: Scalar>(p: &V<S>) -> Vec<S> {
    p.to_vec()
}
fn seg<S: Scalar>(s: &Segment<V<S>>) -> Vec<S> {
    vec![s.a[0], s.a[1], s.b[0], s.b[1]]
}
fn circ<S: Scalar>(c: &Circle<V<S>>) -> Vec<S> {
    vec![c.center[0], c.center[1], c.radius]
}
fn caps<S: Scalar>(k: &Capsule<V<S>>) -> Vec<S> {
    vec![k.a[0], k.a[1], k.b[0], k.b[1], k.radius]
}

fn is_finite<S: FuzzScalar>(x: S) -> bool {
    x.to_f64().is_finite()
}
fn is_finite_v<S: FuzzScalar>(p: V<S>) -> bool {
    is_finite(p[0]) && is_finite(p[1])
}
/// Equal, or both NaN.
fn same<S: FuzzScalar>(x: S, y: S) -> bool {
    x == y || (x.to_f64().is_nan() && y.to_f64().is_nan())
}
fn same_v<S: FuzzScalar>(p: V<S>, q: V<S>) -> bool {
    same(p[0], q[0]) && same(p[1], q[1])
}
/// `|p − q|²` in the scalar's arithmetic, as the crate computes squared distances
/// (`(p − q)·(p − q)`): what `Segment::distance_squared` and
/// `distance_squared_to_segment` returned from the closest points before the `Shape` API.
fn distance_squared<S: Scalar>(p: V<S>, q: V<S>) -> S {
    let (dx, dy) = (S::minus(p[0], q[0]), S::minus(p[1], q[1]));
    S::plus(S::times(dx, dx), S::times(dy, dy))
}
fn is_unit<S: FuzzScalar>(n: V<S>) -> bool {
    let (x, y) = (n[0].to_f64(), n[1].to_f64());
    ((x * x + y * y).sqrt() - 1.0).abs() <= S::UNIT_TOL
}

/// Panics with the scalar type, the query, the inputs and the failing property.
macro_rules! ensure {
    ($cond:expr, $what:expr, $inputs:expr, $($fmt:tt)+) => {
        if !($cond) {
            panic!(
                "[{}] {}: property `{}` violated: {}\n  inputs: {:?}",
                S::NAME,
                $what,
                stringify!($cond),
                format_args!($($fmt)+),
                $inputs
            );
        }
    };
}

/// The response parameters fuzzed alongside the shapes.
#[derive(Clone, Copy, Debug)]
struct Motion<S> {
    velocity: V<S>,
    restitution: S,
    skin: S,
    position: V<S>,
}

/// Checks one contact query against its predicate, then the contact's outputs, the
/// `Contact` helpers and the three responses driven by it.
fn check_contact<S: FuzzScalar>(
    what: &str,
    inputs: &dyn Debug,
    values: &[S],
    hit: bool,
    contact: Option<Contact<V<S>>>,
    motion: &Motion<S>,
) {
    ensure!(
        hit == contact.is_some(),
        what,
        inputs,
        "predicate {hit}, contact {contact:?}"
    );
    let Some(c) = contact else { return };
    let dom = domain(values);
    if dom.finite {
        ensure!(is_unit(c.normal), what, inputs, "normal not unit: {c:?}");
    }
    // Depth ≥ 0 (and not NaN) for every finite input, up to ±MAX: fixed findings F2 and
    // F8 (fuzz/regressions/*-depth-nan-*.bin, tests/regressions.rs).
    if dom.finite {
        ensure!(
            c.depth >= S::ZERO,
            what,
            inputs,
            "negative or NaN depth: {c:?}"
        );
    }
    if dom.linear {
        ensure!(
            is_finite_v(c.normal) && is_finite(c.depth) && is_finite_v(c.point),
            what,
            inputs,
            "non-finite contact {c:?}"
        );
    }
    // The helpers and the responses, with the fuzzed velocity, restitution, skin and
    // position: never a panic; finite where everything is in range and |e| ≤ 1.
    let offset = c.offset();
    let skinned = c.offset_with_skin(motion.skin);
    let pushed = response::push_out(motion.position, &c, motion.skin);
    let reflected = response::reflect(motion.velocity, c.normal, motion.restitution);
    let slid = response::slide(motion.velocity, c.normal);
    let mut all = values.to_vec();
    all.extend([
        motion.velocity[0],
        motion.velocity[1],
        motion.restitution,
        motion.skin,
    ]);
    all.extend(motion.position);
    let dom = domain(&all);
    let e = motion.restitution.to_f64();
    if dom.linear && e.abs() <= 1.0 {
        let outs = [offset, skinned, pushed, reflected, slid];
        ensure!(
            outs.iter().all(|&o| is_finite_v(o)),
            what,
            (inputs, motion),
            "non-finite response: offset {offset:?}, offset_with_skin {skinned:?}, \
             push_out {pushed:?}, reflect {reflected:?}, slide {slid:?} for {c:?}"
        );
    }
}

/// Runs every public query on the shapes decoded from `data` and checks the properties
/// listed in the module docs. Panics on a violation.
pub fn check<S: FuzzScalar>(data: &[u8]) {
    let mut d = Decoder::<S>::new(data);
    let p = d.point();
    let s1 = Segment::new(d.point(), d.point());
    let s2 = Segment::new(d.point(), d.point());
    let c1 = Circle::new(d.point(), d.scalar());
    let c2 = Circle::new(d.point(), d.scalar());
    let k1 = Capsule::new(d.point(), d.point(), d.scalar());
    let k2 = Capsule::new(d.point(), d.point(), d.scalar());
    let motion = Motion {
        velocity: d.point(),
        restitution: d.scalar(),
        skin: d.scalar(),
        position: d.point(),
    };
    let t_free = d.scalar();

    segment_queries(&s1, &s2, p, t_free);
    shape_constructors(&s1, &c1, &k1);
    pair_queries(p, &s1, &s2, &c1, &c2, &k1, &k2, &motion);

    let out_len = usize::from(d.byte() % 12);
    batch_queries(p, &s1, &s2, &c1, &c2, &k1, &k2, &motion, out_len);

    // Responses with an arbitrary (not necessarily unit) normal: only "no panic".
    let _ = response::reflect(motion.velocity, p, motion.restitution);
    let _ = response::slide(motion.velocity, p);
}

/// The segment's own queries: parameters, closest points, distances, the segment pair.
fn segment_queries<S: FuzzScalar>(s1: &Segment<V<S>>, s2: &Segment<V<S>>, p: V<S>, t_free: S) {
    let inputs = (s1, p);
    let vals = [seg(s1), pt(&p)].concat();
    let dom = domain(&vals);
    let dom_s = domain(&seg(s1));

    let t = s1.closest_parameter(p);
    ensure!(
        t >= S::ZERO && t <= S::ONE,
        "closest_parameter",
        inputs,
        "t = {t:?}"
    );
    let q = s1.project_point(p);
    let d2 = distance_squared(p, q);
    let d = s1.distance(&p);
    let _ = s1.contains_point(p);
    if dom.linear {
        ensure!(is_finite_v(q), "project_point", inputs, "{q:?}");
        ensure!(is_finite(d), "distance", inputs, "{d:?}");
    }
    if dom.square {
        ensure!(
            is_finite(d2),
            "distance_squared (|p − project_point|²)",
            inputs,
            "{d2:?}"
        );
    }
    if dom.finite {
        ensure!(
            d >= S::ZERO && d2 >= S::ZERO,
            "distance",
            inputs,
            "d = {d:?}, d² = {d2:?}"
        );
    }

    // The segment's own accessors.
    let n = s1.left_normal();
    let dir = s1.direction();
    let len2 = s1.length_squared();
    let len = s1.length();
    let _ = s1.is_degenerate();
    let at = s1.point_at(t);
    let at_free = s1.point_at(t_free);
    let mid = s1.midpoint();
    let rev = s1.reversed();
    ensure!(
        same_v(rev.a, s1.b) && same_v(rev.b, s1.a),
        "reversed",
        s1,
        "{rev:?}"
    );
    if dom_s.finite {
        ensure!(is_unit(n), "left_normal", s1, "{n:?}");
    }
    if dom_s.linear {
        ensure!(
            is_finite_v(dir) && is_finite(len) && is_finite_v(at) && is_finite_v(mid),
            "direction/length/point_at/midpoint",
            s1,
            "{dir:?} {len:?} {at:?} {mid:?}"
        );
        let _ = at_free;
    }
    if dom_s.square {
        ensure!(is_finite(len2), "length_squared", s1, "{len2:?}");
    }

    // Segment against segment.
    let inputs = (s1, s2);
    let vals = [seg(s1), seg(s2)].concat();
    let dom = domain(&vals);
    let closest = s1.closest_points(s2);
    let (on1, on2) = (closest.on_self, closest.on_other);
    let dd2 = distance_squared(on1, on2);
    let dd = s1.distance(s2);
    let hit = s1.intersects(s2);
    if dom.linear {
        ensure!(
            is_finite_v(on1) && is_finite_v(on2),
            "closest_points",
            inputs,
            "{on1:?} {on2:?}"
        );
        ensure!(
            is_finite(dd),
            "Segment::distance (segment)",
            inputs,
            "{dd:?}"
        );
    }
    if dom.square {
        ensure!(
            is_finite(dd2),
            "distance_squared of closest_points (segments)",
            inputs,
            "{dd2:?}"
        );
    }
    #[cfg(feature = "strict")]
    {
        if dom.paired {
            let yx = s2.intersects(s1);
            ensure!(
                hit == yx,
                "Segment::intersects (segment, symmetry)",
                inputs,
                "{hit} vs {yx}"
            );
        }
        // docs/semantics.md: intersecting segments get "a common point twice" from
        // `closest_points` (fuzz/regressions/strict-i32f32-closest-points-not-common.bin),
        // where the decision is exact: magnitudes not mixed beyond the documented limit,
        // and for fixed point the safe range (findings F12 and F13 beyond them, checked
        // with `CAPSULE2D_FUZZ_DOCUMENTED=1`).
        if hit && dom.finite && ((dom.narrow && dom.paired) || documented_extras()) {
            ensure!(
                on1 == on2,
                "closest_points of intersecting segments",
                inputs,
                "{on1:?} {on2:?}"
            );
        }
        let as_capsule = Capsule::from_segment(*s1, S::ZERO);
        ensure!(
            hit == as_capsule.intersects(s2),
            "zero-radius capsule vs its segment",
            inputs,
            "{hit}"
        );
    }
    let _ = hit;
}

/// `try_new` accepts exactly finite shapes with a non-negative radius; the other
/// constructors round-trip.
fn shape_constructors<S: FuzzScalar>(s: &Segment<V<S>>, c: &Circle<V<S>>, k: &Capsule<V<S>>) {
    let fin = |v: &[S]| v.iter().all(|&x| is_finite(x));
    let ok = Segment::try_new(s.a, s.b).is_ok();
    ensure!(ok == fin(&seg(s)), "Segment::try_new", s, "{ok}");
    let ok = Circle::try_new(c.center, c.radius).is_ok();
    let want = fin(&circ(c)) && c.radius >= S::ZERO;
    ensure!(ok == want, "Circle::try_new", c, "{ok}");
    let ok = Capsule::try_new(k.a, k.b, k.radius).is_ok();
    let want = fin(&caps(k)) && k.radius >= S::ZERO;
    ensure!(ok == want, "Capsule::try_new", k, "{ok}");
    let from = Capsule::from_segment(k.segment(), k.radius);
    let round_trip = same_v(from.a, k.a) && same_v(from.b, k.b) && same(from.radius, k.radius);
    ensure!(round_trip, "Capsule::from_segment", k, "{from:?}");
}

/// Every predicate against its contact, for every pair of shapes.
#[allow(clippy::too_many_arguments)]
fn pair_queries<S: FuzzScalar>(
    p: V<S>,
    s1: &Segment<V<S>>,
    s2: &Segment<V<S>>,
    c1: &Circle<V<S>>,
    c2: &Circle<V<S>>,
    k1: &Capsule<V<S>>,
    k2: &Capsule<V<S>>,
    m: &Motion<S>,
) {
    // Circle.
    let v = [circ(c1), pt(&p)].concat();
    check_contact(
        "Circle::contact (point)",
        &(c1, p),
        &v,
        c1.contains_point(p),
        c1.contact(&p),
        m,
    );
    let v = [circ(c1), circ(c2)].concat();
    let hit = c1.intersects(c2);
    check_contact(
        "Circle::contact (circle)",
        &(c1, c2),
        &v,
        hit,
        c1.contact(c2),
        m,
    );
    let v = [circ(c1), seg(s1)].concat();
    let hit = c1.intersects(s1);
    check_contact(
        "Circle::contact (segment)",
        &(c1, s1),
        &v,
        hit,
        c1.contact(s1),
        m,
    );
    let v = [circ(c1), caps(k1)].concat();
    let hit = c1.intersects(k1);
    check_contact(
        "Circle::contact (capsule)",
        &(c1, k1),
        &v,
        hit,
        c1.contact(k1),
        m,
    );

    // Segment.
    let v = [seg(s1), circ(c1)].concat();
    let hit = s1.intersects(c1);
    check_contact(
        "Segment::contact (circle)",
        &(s1, c1),
        &v,
        hit,
        s1.contact(c1),
        m,
    );
    let v = [seg(s1), caps(k1)].concat();
    let hit = s1.intersects(k1);
    check_contact(
        "Segment::contact (capsule)",
        &(s1, k1),
        &v,
        hit,
        s1.contact(k1),
        m,
    );

    // Capsule.
    let v = [caps(k1), pt(&p)].concat();
    check_contact(
        "Capsule::contact (point)",
        &(k1, p),
        &v,
        k1.contains_point(p),
        k1.contact(&p),
        m,
    );
    let v = [caps(k1), circ(c1)].concat();
    let hit = k1.intersects(c1);
    check_contact(
        "Capsule::contact (circle)",
        &(k1, c1),
        &v,
        hit,
        k1.contact(c1),
        m,
    );
    let v = [caps(k1), seg(s2)].concat();
    let hit = k1.intersects(s2);
    check_contact(
        "Capsule::contact (segment)",
        &(k1, s2),
        &v,
        hit,
        k1.contact(s2),
        m,
    );
    let v = [caps(k1), caps(k2)].concat();
    let hit = k1.intersects(k2);
    check_contact(
        "Capsule::contact (capsule)",
        &(k1, k2),
        &v,
        hit,
        k1.contact(k2),
        m,
    );

    #[cfg(feature = "strict")]
    {
        let sym = [
            ("circle/circle", c1.intersects(c2), c2.intersects(c1)),
            ("circle/segment", c1.intersects(s1), s1.intersects(c1)),
            ("circle/capsule", c1.intersects(k1), k1.intersects(c1)),
            ("segment/capsule", s1.intersects(k1), k1.intersects(s1)),
            ("capsule/capsule", k1.intersects(k2), k2.intersects(k1)),
        ];
        let all = [seg(s1), circ(c1), circ(c2), caps(k1), caps(k2)].concat();
        let in_range = domain(&all).paired;
        for (what, xy, yx) in sym {
            if in_range {
                ensure!(
                    xy == yx,
                    what,
                    (s1, c1, c2, k1, k2),
                    "symmetry: {xy} vs {yx}"
                );
            }
        }
    }
    let _ = s2;
}

/// Equal contacts (NaN-aware).
fn same_contact<S: FuzzScalar>(x: &Option<Contact<V<S>>>, y: &Option<Contact<V<S>>>) -> bool {
    match (x, y) {
        (None, None) => true,
        (Some(x), Some(y)) => {
            same_v(x.normal, y.normal) && same(x.depth, y.depth) && same_v(x.point, y.point)
        }
        _ => false,
    }
}

/// The `batch` module: each function must write, element by element, exactly the answer
/// of the single query (its documented contract), for the common prefix of its slices,
/// and return that prefix's length. The slices are built from the decoded shapes, so
/// they hold the same touching, degenerate and extreme values; `out_len` (0..12) makes
/// some outputs shorter than the inputs.
#[allow(clippy::too_many_arguments)]
fn batch_queries<S: FuzzScalar>(
    p: V<S>,
    s1: &Segment<V<S>>,
    s2: &Segment<V<S>>,
    c1: &Circle<V<S>>,
    c2: &Circle<V<S>>,
    k1: &Capsule<V<S>>,
    k2: &Capsule<V<S>>,
    m: &Motion<S>,
    out_len: usize,
) {
    let points = [
        p, s1.a, s1.b, s2.a, s2.b, c1.center, c2.center, k1.a, k2.b, m.velocity,
    ];
    let radii = [
        c1.radius,
        c2.radius,
        k1.radius,
        k2.radius,
        m.skin,
        m.restitution,
        c1.radius,
    ];
    let circles = [
        *c1,
        *c2,
        Circle::new(p, k1.radius),
        Circle::new(s2.a, c2.radius),
        *c1,
    ];
    let capsules = [
        *k1,
        *k2,
        Capsule::from_segment(*s1, c1.radius),
        *k2,
        *k1,
        *k1,
    ];
    let inputs = (p, s1, s2, c1, c2, k1, k2, m, out_len);
    let expect = |what: &str, n: usize, lens: &[usize]| {
        let want = lens.iter().copied().fold(out_len, usize::min);
        ensure!(
            n == want,
            what,
            inputs,
            "returned {n}, common prefix {want}"
        );
    };

    let mut flags = [false; 12];
    let out = &mut flags[..out_len];
    let n = batch::points_in_capsule(&points, k1, out);
    expect("batch::points_in_capsule", n, &[points.len()]);
    for (i, &got) in out[..n].iter().enumerate() {
        let want = k1.contains_point(points[i]);
        ensure!(
            got == want,
            "batch::points_in_capsule",
            (inputs, i),
            "{got} vs {want}"
        );
    }
    let n = batch::circles_intersect_segment(&points, &radii, s1, out);
    expect(
        "batch::circles_intersect_segment",
        n,
        &[points.len(), radii.len()],
    );
    for (i, &got) in out[..n].iter().enumerate() {
        let want = Circle::new(points[i], radii[i]).intersects(s1);
        ensure!(
            got == want,
            "batch::circles_intersect_segment",
            (inputs, i),
            "{got} vs {want}"
        );
    }
    let n = batch::circles_intersect_capsule(&points, &radii, k2, out);
    expect(
        "batch::circles_intersect_capsule",
        n,
        &[points.len(), radii.len()],
    );
    for (i, &got) in out[..n].iter().enumerate() {
        let want = Circle::new(points[i], radii[i]).intersects(k2);
        ensure!(
            got == want,
            "batch::circles_intersect_capsule",
            (inputs, i),
            "{got} vs {want}"
        );
    }
    let n = batch::circles_intersect_circles(&circles, &circles[1..], out);
    expect("batch::circles_intersect_circles", n, &[circles.len() - 1]);
    for (i, &got) in out[..n].iter().enumerate() {
        let want = circles[i].intersects(&circles[i + 1]);
        ensure!(
            got == want,
            "batch::circles_intersect_circles",
            (inputs, i),
            "{got} vs {want}"
        );
    }
    let n = batch::circles_intersect_capsules(&circles, &capsules, out);
    expect(
        "batch::circles_intersect_capsules",
        n,
        &[circles.len(), capsules.len()],
    );
    for (i, &got) in out[..n].iter().enumerate() {
        let want = circles[i].intersects(&capsules[i]);
        ensure!(
            got == want,
            "batch::circles_intersect_capsules",
            (inputs, i),
            "{got} vs {want}"
        );
    }
    let n = batch::capsules_intersect_capsules(&capsules, &capsules[1..], out);
    expect(
        "batch::capsules_intersect_capsules",
        n,
        &[capsules.len() - 1],
    );
    for (i, &got) in out[..n].iter().enumerate() {
        let want = capsules[i].intersects(&capsules[i + 1]);
        ensure!(
            got == want,
            "batch::capsules_intersect_capsules",
            (inputs, i),
            "{got} vs {want}"
        );
    }

    let mut closest = [[S::ZERO; 2]; 12];
    let out = &mut closest[..out_len];
    let n = batch::closest_points_on_segment(&points, s2, out);
    expect("batch::closest_points_on_segment", n, &[points.len()]);
    for (i, &got) in out[..n].iter().enumerate() {
        let want = s2.project_point(points[i]);
        ensure!(
            same_v(got, want),
            "batch::closest_points_on_segment",
            (inputs, i),
            "{got:?} vs {want:?}"
        );
    }
    let mut dist = [S::ZERO; 12];
    let out = &mut dist[..out_len];
    let n = batch::distances_squared_to_segment(&points, s1, out);
    expect("batch::distances_squared_to_segment", n, &[points.len()]);
    for (i, &got) in out[..n].iter().enumerate() {
        let want = distance_squared(points[i], s1.project_point(points[i]));
        ensure!(
            same(got, want),
            "batch::distances_squared_to_segment",
            (inputs, i),
            "{got:?} vs {want:?}"
        );
    }

    let mut contacts = [None; 12];
    let out = &mut contacts[..out_len];
    let n = batch::circles_contact_capsule(&points, &radii, k1, out);
    expect(
        "batch::circles_contact_capsule",
        n,
        &[points.len(), radii.len()],
    );
    for (i, got) in out[..n].iter().enumerate() {
        let want = Circle::new(points[i], radii[i]).contact(k1);
        ensure!(
            same_contact(got, &want),
            "batch::circles_contact_capsule",
            (inputs, i),
            "{got:?} vs {want:?}"
        );
    }
    let n = batch::capsules_contact_capsules(&capsules, &capsules[1..], out);
    expect("batch::capsules_contact_capsules", n, &[capsules.len() - 1]);
    for (i, got) in out[..n].iter().enumerate() {
        let want = capsules[i].contact(&capsules[i + 1]);
        ensure!(
            same_contact(got, &want),
            "batch::capsules_contact_capsules",
            (inputs, i),
            "{got:?} vs {want:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Motion: ray casts, sweeps, speculative contacts, crossings, chains and the stepper.
// ---------------------------------------------------------------------------------------

/// Inputs of the motion stepper whose magnitudes are all at most this must keep the
/// ball's position and velocity finite (products such as `g · dt²` stay far from
/// overflow for f32 and f64; fixed point saturates and is always finite).
const STEP_BOUND: f64 = 1_048_576.0; // 2^20

/// Runs every public motion query on shapes decoded from `data` and checks:
///
/// - rays: `time ∈ [0, max_time]`; for finite inputs a unit normal, and an origin inside
///   the shape (its `contains_point`) hits at time 0 at the origin;
/// - sweeps: `time ∈ [0, 1]`; for finite inputs a unit normal, and overlapping at the start
///   (the `intersects` predicate) gives time 0 with the contact's normal;
/// - speculative contacts: unit normal, `depth ≥ −margin` up to rounding; with
///   `margin ≥ 0` reported whenever the plain contact is, and with `margin = 0` the plain
///   contact but for the clamp of its depth at 0;
/// - crossings: at most two, sorted, in `[0, 1]`; a crossing implies that the circle
///   `intersects` the segment, and intersecting with an endpoint outside implies a crossing;
/// - chains: at most `out.len()` contacts, deepest first, unit normals, `deepest` equal to
///   the first contact's depth; `resolve` and `sweep` in range; `Ball::step` never
///   panics, takes at most four sweep touches, and stays finite for moderate inputs.
pub fn check_motion<S: FuzzScalar>(data: &[u8]) {
    let mut d = Decoder::<S>::new(data);
    let ray = Ray::new(d.point(), d.point());
    let max_time = d.scalar();
    let s1 = Segment::new(d.point(), d.point());
    let c1 = Circle::new(d.point(), d.scalar());
    let c2 = Circle::new(d.point(), d.scalar());
    let k1 = Capsule::new(d.point(), d.point(), d.scalar());
    let k2 = Capsule::new(d.point(), d.point(), d.scalar());
    let motion = d.point();
    let margin = d.scalar();
    let skin = d.scalar();
    let out_len = usize::from(d.byte() % 5);
    let (dt, gravity, restitution, friction) = (d.scalar(), d.point(), d.scalar(), d.scalar());

    rays(&ray, max_time, &s1, &c1, &k1);
    sweeps(&c1, motion, &s1, &k1, &c2);
    casts(&k1, &k2, &s1, &c2, motion, gravity);
    toi(&k1, &s1, motion, gravity, margin, skin);
    margins(&c1, &c2, &s1, &k1, &k2, margin);
    crossings(&s1, &c1);
    let links = [k1, Capsule::new(k1.b, k2.a, k1.radius), k2];
    chain(&links, &c1, motion, skin, out_len);
    let params = StepParams::new(dt, gravity, skin);
    let ball = Ball::new(c1, motion).with_material(restitution, friction);
    step(&links, ball, &params);
}

/// One ray cast against a shape whose containment predicate says `inside`.
fn check_ray_hit<S: FuzzScalar>(
    what: &str,
    inputs: &dyn Debug,
    values: &[S],
    ray: &Ray<V<S>>,
    max_time: S,
    inside: bool,
    hit: Option<Hit<V<S>>>,
) {
    if let Some(h) = hit {
        ensure!(
            h.time >= S::ZERO && h.time <= max_time,
            what,
            inputs,
            "time out of range: {h:?}"
        );
        ensure!(
            is_finite_v(h.point),
            what,
            inputs,
            "non-finite point: {h:?}"
        );
    }
    let dom = domain(values);
    if !dom.finite {
        return;
    }
    if let Some(h) = hit {
        ensure!(is_unit(h.normal), what, inputs, "normal not unit: {h:?}");
    }
    // For fixed point beyond the safe range, `contains_point` and the cast's own
    // start-inside test saturate independently (finding F11,
    // findings/i16f16-ray-origin-out-of-range.bin): checked where `dom.paired`.
    if inside && max_time >= S::ZERO && (dom.paired || documented_extras()) {
        let at_origin = hit.is_some_and(|h| h.time == S::ZERO && h.point == ray.origin);
        ensure!(at_origin, what, inputs, "origin inside, but {hit:?}");
    }
}

fn rays<S: FuzzScalar>(
    ray: &Ray<V<S>>,
    max_time: S,
    s: &Segment<V<S>>,
    c: &Circle<V<S>>,
    k: &Capsule<V<S>>,
) {
    let r = [pt(&ray.origin), pt(&ray.direction), vec![max_time]].concat();
    let at = ray.at(max_time);
    if domain(&r).linear && max_time.to_f64().abs() <= 1.0 {
        ensure!(is_finite_v(at), "Ray::at", (ray, max_time), "{at:?}");
    }
    let v = [r.clone(), circ(c)].concat();
    let hit = ray.cast(c, max_time);
    check_ray_hit(
        "Ray::cast (circle)",
        &(ray, max_time, c),
        &v,
        ray,
        max_time,
        c.contains_point(ray.origin),
        hit,
    );
    let v = [r.clone(), seg(s)].concat();
    let hit = ray.cast(s, max_time);
    check_ray_hit(
        "Ray::cast (segment)",
        &(ray, max_time, s),
        &v,
        ray,
        max_time,
        s.contains_point(ray.origin),
        hit,
    );
    let v = [r, caps(k)].concat();
    let hit = ray.cast(k, max_time);
    check_ray_hit(
        "Ray::cast (capsule)",
        &(ray, max_time, k),
        &v,
        ray,
        max_time,
        k.contains_point(ray.origin),
        hit,
    );
}

/// One sweep against a shape, with the plain contact at the start.
fn check_sweep<S: FuzzScalar>(
    what: &str,
    inputs: &dyn Debug,
    values: &[S],
    contact: Option<Contact<V<S>>>,
    hit: Option<Hit<V<S>>>,
) {
    if let Some(h) = hit {
        ensure!(
            h.time >= S::ZERO && h.time <= S::ONE,
            what,
            inputs,
            "time out of [0, 1]: {h:?}"
        );
    }
    let dom = domain(values);
    if !dom.finite {
        return;
    }
    if let Some(h) = hit {
        ensure!(is_unit(h.normal), what, inputs, "normal not unit: {h:?}");
    }
    if dom.linear {
        if let Some(h) = hit {
            ensure!(
                is_finite_v(h.point),
                what,
                inputs,
                "non-finite point: {h:?}"
            );
        }
        if let Some(c) = contact {
            let same = hit.is_some_and(|h| h.time == S::ZERO && h.normal == c.normal);
            ensure!(
                same,
                what,
                inputs,
                "overlapping at the start ({c:?}), but {hit:?}"
            );
        }
    }
}

fn sweeps<S: FuzzScalar>(
    c: &Circle<V<S>>,
    motion: V<S>,
    s: &Segment<V<S>>,
    k: &Capsule<V<S>>,
    other: &Circle<V<S>>,
) {
    let m = [circ(c), pt(&motion)].concat();
    let v = [m.clone(), seg(s)].concat();
    let hit = c.sweep(s, motion);
    check_sweep(
        "Circle::sweep (segment)",
        &(c, motion, s),
        &v,
        c.contact(s),
        hit,
    );
    let v = [m.clone(), caps(k)].concat();
    let hit = c.sweep(k, motion);
    check_sweep(
        "Circle::sweep (capsule)",
        &(c, motion, k),
        &v,
        c.contact(k),
        hit,
    );
    let v = [m, circ(other)].concat();
    let hit = c.sweep(other, motion);
    check_sweep(
        "Circle::sweep (circle)",
        &(c, motion, other),
        &v,
        c.contact(other),
        hit,
    );
}

/// Casts of any shape, both moving: the sweeps' rules (`time ∈ [0, 1]`, unit normals for
/// finite inputs, and an overlap at the start reported at time 0 with the contact's
/// normal); with `IgnoreSeparating`, never a hit after time 0 where the default reports
/// none.
fn casts<S: FuzzScalar>(
    k1: &Capsule<V<S>>,
    k2: &Capsule<V<S>>,
    s: &Segment<V<S>>,
    c: &Circle<V<S>>,
    motion: V<S>,
    other_motion: V<S>,
) {
    let moving = CastOptions::default().with_other_motion(other_motion);
    let m = [pt(&motion), pt(&other_motion)].concat();
    let v = [m.clone(), caps(k1), caps(k2)].concat();
    let hit = k1.cast(k2, motion, moving);
    check_sweep(
        "Shape::cast (capsule, capsule)",
        &(k1, k2, motion, other_motion),
        &v,
        k1.contact(k2),
        hit,
    );
    let ignoring = k1.cast(
        k2,
        motion,
        moving.with_start(StartOverlap::IgnoreSeparating),
    );
    if let Some(h) = ignoring {
        // Compared as printed: a non-finite input may give NaN coordinates, which are
        // unequal to themselves under `==` (F19).
        ensure!(
            format!("{hit:?}") == format!("{:?}", Some(h)),
            "Shape::cast (IgnoreSeparating)",
            &(k1, k2, motion, other_motion),
            "{h:?} where the default gives {hit:?}"
        );
    }
    let v = [m.clone(), seg(s), circ(c)].concat();
    let hit = s.cast(c, motion, moving);
    check_sweep(
        "Shape::cast (segment, circle)",
        &(s, c, motion, other_motion),
        &v,
        s.contact(c),
        hit,
    );
    let v = [m, circ(c), seg(s)].concat();
    let hit = c.cast(s, motion, moving);
    check_sweep(
        "Shape::cast (circle, segment)",
        &(c, s, motion, other_motion),
        &v,
        c.contact(s),
        hit,
    );
}

/// Time of impact with rotation: never a panic, a time in `[0, 1]`, and a hit within the
/// target plus the tolerance (for finite, moderate inputs).
fn toi<S: FuzzScalar>(
    k: &Capsule<V<S>>,
    s: &Segment<V<S>>,
    motion: V<S>,
    turn: V<S>,
    target: S,
    tolerance: S,
) {
    let flight = PoseMotion::new(
        Pose::identity(),
        Pose::new(Rotation::new(turn[0], turn[1]), motion),
    );
    let still = PoseMotion::still(Pose::identity());
    let options = ToiOptions::new(target, tolerance).with_max_iterations(32);
    let toi = time_of_impact(k, &flight, s, &still, &options);
    let inputs = &(k, s, motion, turn, target, tolerance);
    ensure!(
        toi.time >= S::ZERO && toi.time <= S::ONE && toi.iterations <= 32,
        "time_of_impact",
        inputs,
        "{toi:?}"
    );
    if toi.state == ToiState::Hit {
        let gap = k.transformed(&flight.pose_at(toi.time)).distance(s);
        let values = [
            caps(k),
            seg(s),
            pt(&motion),
            pt(&turn),
            vec![target, tolerance],
        ]
        .concat();
        let dom = domain(&values);
        if dom.finite && dom.linear {
            ensure!(
                gap.to_f64() <= target.to_f64() + tolerance.to_f64() * 1.01 + 1e-3,
                "time_of_impact",
                inputs,
                "a hit with gap {gap:?}: {toi:?}"
            );
        }
    }
}

/// One speculative contact against the plain one.
fn check_margin<S: FuzzScalar>(
    what: &str,
    inputs: &dyn Debug,
    values: &[S],
    margin: S,
    plain: Option<Contact<V<S>>>,
    spec: Option<Contact<V<S>>>,
) {
    let mut all = values.to_vec();
    all.push(margin);
    let dom = domain(&all);
    if !dom.finite {
        return;
    }
    // The depth is `r − d` rounded (docs/semantics.md): within rounding of the margin's
    // edge it may read a little below `−margin` (the decision itself is exact). The slack
    // is a generous multiple of the type's resolution at the inputs' magnitude.
    let magnitude = all.iter().map(|v| v.to_f64().abs()).fold(0.0, f64::max);
    let slack = 64.0 * S::UNIT_TOL * (1.0 + magnitude);
    // The depth and the comparisons with the plain contact need the sums `r_x + r_y` and
    // `r_x + margin` to fit: for fixed point that is the safe range (`dom.paired`, every
    // input within `MAX/4`); beyond it the sum saturates at `MAX` and the depth with it,
    // as documented (finding F17, fuzz/findings/i16f16-margin-depth-radius-sum-out-of-range.bin
    // and fuzz/findings/i32f32-margin-depth-radius-sum-out-of-range.bin).
    let in_range = dom.linear && (dom.paired || documented_extras());
    if let Some(c) = spec {
        ensure!(is_unit(c.normal), what, inputs, "normal not unit: {c:?}");
        if in_range {
            ensure!(
                c.depth.to_f64() >= -margin.to_f64() - slack,
                what,
                inputs,
                "depth below −margin beyond rounding: {c:?}"
            );
        }
    }
    if !in_range {
        return;
    }
    if margin >= S::ZERO && plain.is_some() {
        ensure!(
            spec.is_some(),
            what,
            inputs,
            "plain contact {plain:?}, none with margin"
        );
    }
    if margin == S::ZERO {
        // The same decision, the same contact; the plain one clamps its depth at 0, the
        // speculative one keeps the rounded sign.
        let same = match (spec, plain) {
            (None, None) => true,
            (Some(s), Some(p)) => {
                s.normal == p.normal
                    && s.point == p.point
                    && p.depth.to_f64() == s.depth.to_f64().max(0.0)
            }
            _ => false,
        };
        ensure!(same, what, inputs, "margin 0: {spec:?} vs plain {plain:?}");
    }
}

/// A manifold against the speculative contact of the same pair and margin
/// (docs/semantics.md, "Manifolds"): `None` exactly when the contact is `None`; one or two
/// points; for finite inputs a unit normal and separations that are not NaN; one point
/// exactly when it is the contact's (same normal, separation `−depth`).
fn check_manifold<S: FuzzScalar>(
    what: &str,
    inputs: &dyn Debug,
    values: &[S],
    manifold: Option<Manifold<V<S>>>,
    spec: Option<Contact<V<S>>>,
) {
    ensure!(
        manifold.is_some() == spec.is_some(),
        what,
        inputs,
        "manifold {manifold:?} against contact {spec:?}"
    );
    let (Some(m), Some(c)) = (manifold, spec) else {
        return;
    };
    let points = m.points();
    ensure!(
        (1..=2).contains(&points.len()),
        what,
        inputs,
        "{} points: {m:?}",
        points.len()
    );
    if !domain(values).finite {
        return;
    }
    ensure!(is_unit(m.normal), what, inputs, "normal not unit: {m:?}");
    ensure!(
        points.iter().all(|p| !p.separation.to_f64().is_nan()),
        what,
        inputs,
        "NaN separation: {m:?}"
    );
    if let [only] = points {
        ensure!(
            m.normal == c.normal && only.separation == S::minus(S::ZERO, c.depth),
            what,
            inputs,
            "one point unlike the contact {c:?}: {m:?}"
        );
    }
}

fn margins<S: FuzzScalar>(
    c1: &Circle<V<S>>,
    c2: &Circle<V<S>>,
    s: &Segment<V<S>>,
    k1: &Capsule<V<S>>,
    k2: &Capsule<V<S>>,
    margin: S,
) {
    let v = [circ(c1), seg(s)].concat();
    let (plain, spec) = (c1.contact(s), c1.contact_with_margin(s, margin));
    check_margin(
        "Circle::contact_with_margin (segment)",
        &(c1, s, margin),
        &v,
        margin,
        plain,
        spec,
    );
    let v = [circ(c1), caps(k1)].concat();
    let (plain, spec) = (c1.contact(k1), c1.contact_with_margin(k1, margin));
    check_margin(
        "Circle::contact_with_margin (capsule)",
        &(c1, k1, margin),
        &v,
        margin,
        plain,
        spec,
    );
    let v = [circ(c1), circ(c2)].concat();
    let (plain, spec) = (c1.contact(c2), c1.contact_with_margin(c2, margin));
    check_margin(
        "Circle::contact_with_margin (circle)",
        &(c1, c2, margin),
        &v,
        margin,
        plain,
        spec,
    );
    let v = [caps(k1), caps(k2)].concat();
    let (plain, spec) = (k1.contact(k2), k1.contact_with_margin(k2, margin));
    check_margin(
        "Capsule::contact_with_margin (capsule)",
        &(k1, k2, margin),
        &v,
        margin,
        plain,
        spec,
    );
    let mut with_margin = v.clone();
    with_margin.push(margin);
    check_manifold(
        "Capsule::manifold (capsule)",
        &(k1, k2, margin),
        &with_margin,
        k1.manifold(k2, margin),
        spec,
    );
    let mut with_margin = [caps(k1), seg(s)].concat();
    with_margin.push(margin);
    check_manifold(
        "Capsule::manifold (segment)",
        &(k1, s, margin),
        &with_margin,
        k1.manifold(s, margin),
        k1.contact_with_margin(s, margin),
    );
    let mut with_margin = [circ(c1), caps(k1)].concat();
    with_margin.push(margin);
    check_manifold(
        "Circle::manifold (capsule)",
        &(c1, k1, margin),
        &with_margin,
        c1.manifold(k1, margin),
        c1.contact_with_margin(k1, margin),
    );
}

fn crossings<S: FuzzScalar>(s: &Segment<V<S>>, c: &Circle<V<S>>) {
    let what = "Segment::circle_crossings";
    let inputs = (s, c);
    let found = s.circle_crossings(c);
    let ts = found.as_slice();
    ensure!(
        ts.len() <= 2 && ts.len() == found.len(),
        what,
        inputs,
        "{found:?}"
    );
    ensure!(found.is_empty() == ts.is_empty(), what, inputs, "{found:?}");
    ensure!(found.iter().count() == ts.len(), what, inputs, "{found:?}");
    let dom = domain(&[seg(s), circ(c)].concat());
    if dom.linear || !dom.finite {
        ensure!(
            ts.iter().all(|&t| t >= S::ZERO && t <= S::ONE),
            what,
            inputs,
            "outside [0, 1]: {ts:?}"
        );
        ensure!(
            ts.windows(2).all(|w| w[0] <= w[1]),
            what,
            inputs,
            "not sorted: {ts:?}"
        );
    }
    // Checked in the documented range where magnitudes are not mixed (`Domain::narrow`),
    // and for fixed point where coordinate differences and radius sums fit the type
    // (`PAIR_BOUND`): beyond it the containment and intersection predicates each
    // saturate on their own and may disagree (documented in numerics-fixed.md;
    // fuzz/findings/i16f16-crossings-vs-intersects-out-of-range.bin).
    // Fixed finding F1 (fuzz/regressions/f64-crossings-missing-huge.bin): beyond the
    // squares' range (|x| > 2^508) a segment leaving the circle got no crossing. With
    // `CAPSULE2D_FUZZ_DOCUMENTED=1` also checks mixed magnitudes
    // (fuzz/findings/f64-crossings-vs-intersects-mixed-magnitudes.bin).
    let in_range = (dom.narrow && dom.paired) || (dom.linear && documented_extras());
    if in_range && c.radius >= S::ZERO {
        let hit = c.intersects(s);
        ensure!(
            ts.is_empty() || hit,
            what,
            inputs,
            "crossings {ts:?} but no intersection"
        );
        let wholly_inside = c.contains_point(s.a) && c.contains_point(s.b);
        ensure!(
            !hit || wholly_inside || !ts.is_empty(),
            what,
            inputs,
            "intersects, an endpoint outside, no crossing"
        );
    }
}

fn chain<S: FuzzScalar>(
    links: &[Capsule<V<S>>; 3],
    c: &Circle<V<S>>,
    motion: V<S>,
    skin: S,
    out_len: usize,
) {
    let chain = Chain::new(links);
    let inputs = (links, c, motion, skin, out_len);
    let mut values = [caps(&links[0]), caps(&links[2]), circ(c)].concat();
    let dom = domain(&values);

    let mut out = [ChainContact::default(); 4];
    let out = &mut out[..out_len];
    let n = chain.contacts(c, out);
    ensure!(n <= out.len(), "Chain::contacts", inputs, "{n} written");
    let found = &out[..n];
    ensure!(
        found.iter().all(|x| x.link < 3),
        "Chain::contacts",
        inputs,
        "{found:?}"
    );
    ensure!(
        found
            .windows(2)
            .all(|w| !(w[0].contact.depth < w[1].contact.depth)),
        "Chain::contacts",
        inputs,
        "not deepest first: {found:?}"
    );
    let deepest = chain.deepest(c);
    if dom.finite {
        for x in found {
            ensure!(
                is_unit(x.contact.normal),
                "Chain::contacts",
                inputs,
                "normal not unit: {x:?}"
            );
        }
    }
    if dom.linear {
        ensure!(deepest >= S::ZERO, "Chain::deepest", inputs, "{deepest:?}");
        if let Some(first) = found.first() {
            ensure!(
                deepest == first.contact.depth,
                "Chain::deepest",
                inputs,
                "{deepest:?} vs {first:?}"
            );
        } else if !out.is_empty() {
            ensure!(
                deepest == S::ZERO,
                "Chain::deepest",
                inputs,
                "{deepest:?} with no contact"
            );
        }
    }

    let done = chain.resolve(c, skin);
    ensure!(
        done.pushes <= 4 * links.len(),
        "Chain::resolve",
        inputs,
        "{done:?}"
    );
    values.push(skin);
    if domain(&values).linear {
        ensure!(
            is_finite_v(done.center) && done.depth >= S::ZERO,
            "Chain::resolve",
            inputs,
            "{done:?}"
        );
    }

    let hit = chain.sweep(c, motion);
    if let Some(h) = hit {
        ensure!(h.link < 3, "Chain::sweep", inputs, "{h:?}");
        ensure!(
            h.hit.time >= S::ZERO && h.hit.time <= S::ONE,
            "Chain::sweep",
            inputs,
            "{h:?}"
        );
        values.extend(motion);
        if domain(&values).finite {
            ensure!(
                is_unit(h.hit.normal),
                "Chain::sweep",
                inputs,
                "normal not unit: {h:?}"
            );
        }
    }
}

fn step<S: FuzzScalar>(
    links: &[Capsule<V<S>>; 3],
    mut ball: Ball<V<S>>,
    params: &StepParams<V<S>>,
) {
    let inputs = (links, ball, params);
    let report = ball.step(&Chain::new(links), params);
    ensure!(report.hits <= 4, "Ball::step", inputs, "{report:?}");
    ensure!(
        (1..=6).contains(&report.path().len()),
        "Ball::step",
        inputs,
        "{report:?}"
    );
    let values = [
        caps(&links[0]),
        caps(&links[2]),
        circ(&inputs.1.circle),
        pt(&inputs.1.velocity),
        vec![
            inputs.1.restitution,
            inputs.1.friction,
            params.dt,
            params.skin,
            params.bounce_threshold,
        ],
        pt(&params.gravity),
    ]
    .concat();
    let dom = domain(&values);
    // Physically sensible settings: restitution in [0, 1], friction in [0, 4], dt in
    // [0, 1] and everything else moderate. (A restitution of 10^4 multiplies the speed at
    // every bounce and overflows f32 by design: fuzz/findings/f32-step-nan-*.bin.)
    let (e, mu, dt) = (
        inputs.1.restitution.to_f64(),
        inputs.1.friction.to_f64(),
        params.dt.to_f64(),
    );
    let sensible =
        (0.0..=1.0).contains(&e) && (0.0..=4.0).contains(&mu) && (0.0..=1.0).contains(&dt);
    let moderate = dom.finite && sensible && values.iter().all(|x| x.to_f64().abs() <= STEP_BOUND);
    if moderate {
        let fine = is_finite_v(ball.circle.center)
            && is_finite_v(ball.velocity)
            && is_finite(report.depth);
        ensure!(
            fine,
            "Ball::step",
            inputs,
            "non-finite result: {ball:?} {report:?}"
        );
        ensure!(
            report.path().iter().all(|&p| is_finite_v(p)),
            "Ball::step",
            inputs,
            "{report:?}"
        );
    }
}
