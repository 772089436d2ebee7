//! The safe range of each fixed-point type, and the worst errors inside it, measured
//! against exact rationals and against the crate's own `f64` answers.
//!
//! For `I16F16`, `I32F32` and `I48F16` this test draws random configurations (point and
//! segment, circle and segment, two circles, two capsules) at every scale up to the safe
//! range, plus configurations that touch to within one unit in the last place (LSB), and
//! checks:
//!
//! - every yes/no answer (`intersects_*`) equals the exact one;
//! - closest points, distances, contact depths, normals and contact points are within the
//!   bounds documented in `docs/numerics-fixed.md` (the constants below), in LSBs of the type
//!   (`2^-frac`), against exact rational answers;
//!
//! and, outside the range (coordinate differences that overflow the type), that nothing
//! panics: results saturate. The test runs in debug builds, where `fixed`'s own overflow
//! checks are on.
//!
//! **The safe range.** With `M` the type's largest value: every coordinate within `±M/4`
//! and every radius in `[0, M/4]`. Then every coordinate difference, every sum of radii,
//! every depth and every contact point fits the type (`|difference| ≤ M/2`,
//! `r₁ + r₂ ≤ M/2`, contact points within `±3M/4`).
//!
//! `CAPSULE2D_FIXED_CASES` sets the number of random cases per type and kind (default 300,
//! 100 in debug builds);
//! `CAPSULE2D_FIXED_REPORT=1` prints the measured table (run it in release with a large
//! count to regenerate the table in the docs:
//! `CAPSULE2D_FIXED_REPORT=1 CAPSULE2D_FIXED_CASES=20000 cargo test --release --all-features
//! --test suite -- fixed_range:: --nocapture`).

#![cfg(feature = "fixed")]

use crate::common;

use capsule2d::{Capsule, Circle, Contact, Scalar, Segment, Shape};
use common::{D, Frac, H, P, Rng, exact};
use fixed::types::{I16F16, I32F32, I48F16};
use std::fmt::Debug;

// ---------------------------------------------------------------------------------------
// The fixed-point types.
// ---------------------------------------------------------------------------------------

trait Fx: Scalar + PartialEq + Debug {
    const NAME: &'static str;
    const FRAC: u32;
    /// The largest raw value.
    const MAX_RAW: i128;
    fn from_raw(raw: i128) -> Self;
    fn raw(self) -> i128;
}

macro_rules! fx {
    ($t:ty, $name:expr, $inner:ty) => {
        impl Fx for $t {
            const NAME: &'static str = $name;
            const FRAC: u32 = <$t>::FRAC_NBITS;
            const MAX_RAW: i128 = <$inner>::MAX as i128;
            fn from_raw(raw: i128) -> Self {
                <$t>::from_bits(<$inner>::try_from(raw).expect("raw value in range"))
            }
            fn raw(self) -> i128 {
                i128::from(self.to_bits())
            }
        }
    };
}
fx!(I16F16, "I16F16", i32);
fx!(I32F32, "I32F32", i64);
fx!(I48F16, "I48F16", i64);

type V<T> = [T; 2];

/// The exact value of `x`.
fn q<T: Fx>(x: T) -> D {
    D::new(x.raw(), -i64::from(T::FRAC))
}
fn to_f64<T: Fx>(x: T) -> f64 {
    x.raw() as f64 / (1_u64 << T::FRAC) as f64
}
/// `x` in LSBs of `T`, as an f64.
fn lsb<T: Fx>(x: &D) -> f64 {
    (x * D::new(1, i64::from(T::FRAC))).to_f64()
}
/// An exact point from a vector of `T`.
fn pt_exact<T: Fx>(v: V<T>) -> P {
    P::new(q(v[0]), q(v[1]))
}

// ---------------------------------------------------------------------------------------
// The exact reference: the tests' shared one (`common::exact`), with the near-ties of the
// capsule pairs and the contact points (to about 200 bits) that this measurement needs.
// ---------------------------------------------------------------------------------------

/// The closest pairs `(on x, on y)` of two disjoint segments: the best, and every other
/// endpoint pair whose distance is within `tie` of it.
fn closest_pairs(xa: &P, xb: &P, ya: &P, yb: &P, tie: &D) -> Vec<(H, H)> {
    let pairs = exact::candidate_pairs(xa, xb, ya, yb);
    let distance = |(p, q): &(H, H)| p.dist2_h(q).sqrt();
    let best = pairs.iter().map(distance).min().expect("four");
    let bound = best + tie;
    pairs
        .into_iter()
        .filter(|pair| distance(pair) <= bound)
        .collect()
}

/// An exact contact: decision, acceptable normal directions (unnormalised), depth, and
/// the acceptable contact points.
struct Exact {
    hit: bool,
    normals: Vec<P>,
    depth: D,
    points: Vec<P>,
    /// The distance between the cores (`None` when they cross).
    gap: Option<D>,
}

/// Point `p` (radius `rp`) against segment `ab` (radius `rs`); normal from the segment
/// towards `p`, point on the segment's surface.
fn point_segment(p: &P, a: &P, b: &P, rp: &D, rs: &D) -> Exact {
    let qp = exact::closest_point(a, b, p);
    let d = qp.to(p);
    let d2 = qp.dist2(p);
    let r = rp + rs;
    let hit = !rp.is_negative() && !rs.is_negative() && d2.le_square(&r);
    let n = if !d.is_zero() {
        d
    } else {
        exact::on_segment_normal(a, b)
    };
    let unit = n.unit_approx();
    let point = qp.approx().add(&unit.scale(rs));
    let gap = d2.sqrt();
    Exact {
        hit,
        normals: vec![n],
        depth: r - &gap,
        points: vec![point],
        gap: Some(gap),
    }
}

/// Capsule `x` against capsule `y`. Candidate pairs (or crossing translations) within
/// `tie` of the best are accepted as near-ties: their normals are as good an answer as
/// the exact best, up to rounding.
fn capsule_capsule(xa: &P, xb: &P, rx: &D, ya: &P, yb: &P, ry: &D, tie: &D) -> Exact {
    let r = rx + ry;
    if !exact::segments_intersect(xa, xb, ya, yb) {
        let pairs = closest_pairs(xa, xb, ya, yb, tie);
        let d2 = exact::dist2_segments(xa, xb, ya, yb);
        let normals: Vec<P> = pairs.iter().map(|(p, q)| p.minus(q)).collect();
        let points = pairs
            .iter()
            .zip(&normals)
            .map(|((_, q), n)| q.approx().add(&n.unit_approx().scale(ry)))
            .collect();
        let gap = d2.sqrt();
        return Exact {
            hit: d2.le_square(&r),
            normals,
            depth: r - &gap,
            points,
            gap: Some(gap),
        };
    }
    if xa == xb || ya == yb {
        // A zero-length core touching the other: distance 0, and the normal is one of the
        // documented fallbacks (`+x` for coincident points, a segment's left or right
        // normal for a point on it); docs/semantics.md.
        let mut normals = vec![exact::unit_x()];
        for n in [xb.sub(xa).perp(), yb.sub(ya).perp()] {
            if !n.is_zero() {
                normals.push(n.neg());
                normals.push(n);
            }
        }
        return Exact {
            hit: true,
            normals,
            depth: r,
            points: Vec::new(),
            gap: None,
        };
    }
    // Crossing cores: the smallest separating translation along ±n_y, ±n_x, of length
    // `h / |m|` along `m`.
    let mut candidates: Vec<(P, D)> = Vec::new();
    for n in [yb.sub(ya).perp(), xb.sub(xa).perp()] {
        if n.is_zero() {
            continue;
        }
        for m in [n.clone(), n.neg()] {
            let max_y = std::cmp::max(ya.dot(&m), yb.dot(&m));
            let min_x = std::cmp::min(xa.dot(&m), xb.dot(&m));
            let h = max_y - min_x;
            let length = Frac {
                num: h.square(),
                den: m.len2(),
            }
            .sqrt();
            candidates.push((m, length));
        }
    }
    let best = candidates
        .iter()
        .map(|(_, length)| length.clone())
        .min()
        .expect("a segment of non-zero length");
    let bound = &best + tie;
    let normals = candidates
        .iter()
        .filter(|(_, length)| *length <= bound)
        .map(|(m, _)| m.clone())
        .collect();
    Exact {
        hit: true,
        normals,
        depth: r + best,
        points: Vec::new(),
        gap: None,
    }
}

// ---------------------------------------------------------------------------------------
// Measuring.
// ---------------------------------------------------------------------------------------

/// The worst errors seen. Fixed point rounds in absolute steps of one LSB (`2^-frac`), and
/// an error in a direction or a parameter is multiplied by the length it is applied to,
/// so each error is measured in LSBs *per unit of the relevant magnitude*:
///
/// - closest point on a segment: `|q − q*|∞ / (1 + |b − a|)`;
/// - distance: `|d − d*| / (1 + E)`, with `E` the configuration's extent (the largest
///   coordinate difference between its points, plus the radii);
/// - depth: `|depth − depth*| / (1 + E)`;
/// - normal: `|n − n*|∞ / (1 + 1/g)`, with `g` the distance between the cores (one LSB of
///   position error tilts a direction by `LSB/g`; crossing cores: `1/g = 0`); any normal
///   of a candidate within 4 LSB·(1 + E) of the best counts (a near-tie);
/// - contact point: `|p − p*|∞ / (1 + E + r_y (1 + 1/g))`;
///
/// all in LSBs, magnitudes in units of the type.
#[derive(Default, Debug, Clone)]
struct Worst {
    cases: usize,
    /// Yes/no answers that differ from the exact ones.
    wrong: usize,
    /// Yes/no answers of the crate's f64 queries, on the same inputs converted to f64, that
    /// differ from the exact ones (f64 cannot hold every I32F32 or I48F16 value).
    f64_wrong: usize,
    closest: f64,
    distance: f64,
    depth: f64,
    normal: f64,
    point: f64,
    /// The same measures, against the crate's f64 answers instead of the exact ones.
    closest_f64: f64,
    depth_f64: f64,
    normal_f64: f64,
}

impl Worst {
    fn merge(&mut self, o: &Self) {
        self.cases += o.cases;
        self.wrong += o.wrong;
        self.f64_wrong += o.f64_wrong;
        for (a, b) in [
            (&mut self.closest, o.closest),
            (&mut self.distance, o.distance),
            (&mut self.depth, o.depth),
            (&mut self.normal, o.normal),
            (&mut self.point, o.point),
            (&mut self.closest_f64, o.closest_f64),
            (&mut self.depth_f64, o.depth_f64),
            (&mut self.normal_f64, o.normal_f64),
        ] {
            *a = a.max(b);
        }
    }
}

fn f64v<T: Fx>(v: V<T>) -> [f64; 2] {
    [to_f64(v[0]), to_f64(v[1])]
}
fn units(x: &D) -> f64 {
    x.to_f64().abs()
}

/// Compares a contact with the exact one and with the f64 contact on the same inputs.
/// `extent` is the configuration's size (see [`extent`]) and `radius_y` the radius of the
/// shape the contact point lies on.
fn compare_contact<T: Fx>(
    w: &mut Worst,
    what: &str,
    got: Option<Contact<V<T>>>,
    exact: &Exact,
    f64_contact: Option<Contact<[f64; 2]>>,
    extent: f64,
    radius_y: T,
) {
    w.cases += 1;
    if got.is_some() != exact.hit {
        w.wrong += 1;
        eprintln!(
            "{} {what}: decision {} but exact {}",
            T::NAME,
            got.is_some(),
            exact.hit
        );
    }
    if f64_contact.is_some() != exact.hit {
        w.f64_wrong += 1;
    }
    let Some(c) = got else { return };
    if !exact.hit {
        return;
    }
    let gap = exact.gap.as_ref().map_or(0.0, units);
    let inverse_gap = if exact.gap.is_none() { 0.0 } else { 1.0 / gap };
    let depth_scale = 1.0 + extent;
    let normal_scale = 1.0 + inverse_gap;
    let point_scale = 1.0 + extent + to_f64(radius_y) * (1.0 + inverse_gap);

    w.depth = w
        .depth
        .max(lsb::<T>(&(q(c.depth) - &exact.depth).abs()) / depth_scale);
    let n = pt_exact(c.normal);
    let normal = exact
        .normals
        .iter()
        .map(|d| lsb::<T>(&n.dist_inf(&d.unit_approx())))
        .fold(f64::INFINITY, f64::min);
    w.normal = w.normal.max(normal / normal_scale);
    if !exact.points.is_empty() {
        let p = pt_exact(c.point);
        let e = exact
            .points
            .iter()
            .map(|x| lsb::<T>(&p.dist_inf(x)))
            .fold(f64::INFINITY, f64::min);
        w.point = w.point.max(e / point_scale);
    }
    if let Some(f) = f64_contact {
        w.depth_f64 = w
            .depth_f64
            .max(lsb::<T>(&(q(c.depth) - D::f(f.depth)).abs()) / depth_scale);
        // Only where the normal is unique: on a near-tie f64 may pick another candidate.
        if exact.normals.len() == 1 {
            w.normal_f64 = w
                .normal_f64
                .max(lsb::<T>(&n.dist_inf(&P::from_f64(f.normal))) / normal_scale);
        }
    }
}

/// Uniform raw value in `[-bound, bound]`.
fn raw(rng: &mut Rng, bound: i128) -> i128 {
    let span = (2 * bound + 1) as u128;
    let r = ((u128::from(rng.next_u64()) << 64) | u128::from(rng.next_u64())) % span;
    r as i128 - bound
}

fn pt<T: Fx>(rng: &mut Rng, bound: i128) -> V<T> {
    [T::from_raw(raw(rng, bound)), T::from_raw(raw(rng, bound))]
}

fn length<T: Fx>(a: V<T>, b: V<T>) -> f64 {
    Frac::whole(pt_exact(b).sub(&pt_exact(a)).len2()).sqrt_f64()
}

/// The extent of a configuration, in units: the largest coordinate difference between
/// `points`, plus `radii`.
fn extent<T: Fx>(points: &[V<T>], radii: &[T]) -> f64 {
    let mut e = 0.0_f64;
    for p in points {
        for q in points {
            e = e
                .max((to_f64(p[0]) - to_f64(q[0])).abs())
                .max((to_f64(p[1]) - to_f64(q[1])).abs());
        }
    }
    e + radii.iter().map(|&r| to_f64(r)).sum::<f64>()
}

/// The near-tie tolerance for a configuration of extent `e`: 4 LSB · (1 + e).
fn tie<T: Fx>(e: f64) -> D {
    D::f(4.0 * (1.0 + e)) * D::new(1, -i64::from(T::FRAC))
}

/// One random configuration of every kind with coordinates and radii within `bound`
/// (raw), at a random scale `bound / 2^k` so that every magnitude from one LSB up is
/// covered; with `touching`, the circles' radii are set to within an LSB of touching.
fn measure_one<T: Fx>(rng: &mut Rng, bound: i128, touching: bool, w: &mut Worst) {
    let bits = 128 - bound.leading_zeros();
    let scale = (bound >> (rng.next_u64() % u64::from(bits))).max(1);
    let radius = |rng: &mut Rng| T::from_raw(raw(rng, scale).abs());
    let a = pt::<T>(rng, scale);
    let b = if rng.next_u64().is_multiple_of(8) {
        a
    } else {
        pt::<T>(rng, scale)
    };
    let p = pt::<T>(rng, scale);
    let (ea, eb, ep) = (pt_exact(a), pt_exact(b), pt_exact(p));
    let seg = Segment::new(a, b);
    let segf = Segment::new(f64v(a), f64v(b));
    let len = length(a, b);

    // Closest point and distance.
    let exact_q = exact::closest_point(&ea, &eb, &ep);
    let got = pt_exact(seg.project_point(p));
    w.closest = w
        .closest
        .max(lsb::<T>(&exact_q.dist_inf(&got)) / (1.0 + len));
    let f64_q = P::from_f64(segf.project_point(f64v(p)));
    w.closest_f64 = w
        .closest_f64
        .max(lsb::<T>(&got.dist_inf(&f64_q)) / (1.0 + len));
    let exact_d = exact_q.dist2(&ep).sqrt();
    let e = extent(&[a, b, p], &[]);
    w.distance = w
        .distance
        .max(lsb::<T>(&(q(seg.distance(&p)) - &exact_d).abs()) / (1.0 + e));

    // Circle against segment.
    let to_raw = |x: D| (x * D::new(1, i64::from(T::FRAC))).round_to_i128();
    let nudge = |rng: &mut Rng| (rng.next_u64() % 3) as i128 - 1;
    let r = if touching {
        T::from_raw((to_raw(exact_d.clone()) + nudge(rng)).clamp(0, bound))
    } else {
        radius(rng)
    };
    let circle = Circle::new(p, r);
    let exact = point_segment(&ep, &ea, &eb, &q(r), &D::zero());
    let fc = Circle::new(f64v(p), to_f64(r)).contact(&segf);
    let got = circle.contact(&seg);
    assert_eq!(circle.intersects(&seg), got.is_some());
    let e = extent(&[a, b, p], &[r]);
    compare_contact(w, "Circle::contact_segment", got, &exact, fc, e, T::ZERO);

    // Circle against circle.
    let c2 = pt::<T>(rng, scale);
    let r2 = if touching {
        let d = Frac::whole(pt_exact(c2).sub(&ep).len2()).sqrt();
        T::from_raw((to_raw(d) - r.raw() + nudge(rng)).clamp(0, bound))
    } else {
        radius(rng)
    };
    let other = Circle::new(c2, r2);
    let exact = point_segment(&ep, &pt_exact(c2), &pt_exact(c2), &q(r), &q(r2));
    let fc = Circle::new(f64v(p), to_f64(r)).contact(&Circle::new(f64v(c2), to_f64(r2)));
    let got = circle.contact(&other);
    assert_eq!(circle.intersects(&other), got.is_some());
    let e = extent(&[p, c2], &[r, r2]);
    compare_contact(w, "Circle::contact_circle", got, &exact, fc, e, r2);

    // Capsule against capsule.
    let (ya, yb) = (pt::<T>(rng, scale), pt::<T>(rng, scale));
    let (ey_a, ey_b) = (pt_exact(ya), pt_exact(yb));
    let rx = radius(rng);
    let ry = if touching && !exact::segments_intersect(&ea, &eb, &ey_a, &ey_b) {
        let d = exact::dist2_segments(&ea, &eb, &ey_a, &ey_b).sqrt();
        T::from_raw((to_raw(d) - rx.raw() + nudge(rng)).clamp(0, bound))
    } else {
        radius(rng)
    };
    let (kx, ky) = (Capsule::new(a, b, rx), Capsule::new(ya, yb, ry));
    let e = extent(&[a, b, ya, yb], &[rx, ry]);
    let exact = capsule_capsule(&ea, &eb, &q(rx), &ey_a, &ey_b, &q(ry), &tie::<T>(e));
    let fx = Capsule::new(f64v(a), f64v(b), to_f64(rx));
    let fy = Capsule::new(f64v(ya), f64v(yb), to_f64(ry));
    let got = kx.contact(&ky);
    assert_eq!(kx.intersects(&ky), got.is_some());
    compare_contact(
        w,
        "Capsule::contact_capsule",
        got,
        &exact,
        fx.contact(&fy),
        e,
        ry,
    );
}

/// Random cases per type and kind: `CAPSULE2D_FIXED_CASES`, or 300 (100 in debug builds,
/// where rational arithmetic is slow).
fn cases() -> usize {
    let default = if cfg!(debug_assertions) { 100 } else { 300 };
    std::env::var("CAPSULE2D_FIXED_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// Measures `T` in its safe range (random, then touching), returning the worst errors.
fn measure<T: Fx>(seed: u64) -> (Worst, Worst) {
    let bound = T::MAX_RAW / 4;
    let mut rng = Rng::new(seed);
    let (mut random, mut touching) = (Worst::default(), Worst::default());
    for _ in 0..cases() {
        measure_one::<T>(&mut rng, bound, false, &mut random);
        measure_one::<T>(&mut rng, bound, true, &mut touching);
    }
    (random, touching)
}

/// The bounds `docs/numerics-fixed.md` documents, in LSBs per unit of magnitude (see
/// [`Worst`]), for every type.
const CLOSEST: f64 = 1.0;
const DISTANCE: f64 = 2.0;
const DEPTH: f64 = 2.0;
const NORMAL: f64 = 1.0;
const POINT: f64 = 2.0;

fn check_type<T: Fx>(seed: u64) {
    let (random, touching) = measure::<T>(seed);
    let mut all = random.clone();
    all.merge(&touching);
    if std::env::var_os("CAPSULE2D_FIXED_REPORT").is_some() {
        println!("{} random: {random:?}", T::NAME);
        println!("{} touching: {touching:?}", T::NAME);
    }
    let name = T::NAME;
    assert!(random.cases >= 3 && touching.cases >= 3, "{name}: no cases");
    assert_eq!(
        all.wrong, 0,
        "{name}: {} wrong yes/no answers in range",
        all.wrong
    );
    assert!(
        all.closest <= CLOSEST,
        "{name}: closest point {} LSB per unit length",
        all.closest
    );
    assert!(
        all.distance <= DISTANCE,
        "{name}: distance {} LSB per unit",
        all.distance
    );
    assert!(
        all.depth <= DEPTH,
        "{name}: depth {} LSB per unit",
        all.depth
    );
    assert!(
        all.normal <= NORMAL,
        "{name}: normal {} LSB per (1 + 1/gap)",
        all.normal
    );
    assert!(
        all.point <= POINT,
        "{name}: contact point {} LSB per unit",
        all.point
    );
}

#[test]
fn i16f16_in_range() {
    check_type::<I16F16>(0x16f16);
}

#[test]
fn i32f32_in_range() {
    check_type::<I32F32>(0x32f32);
}

#[test]
fn i48f16_in_range() {
    check_type::<I48F16>(0x48f16);
}

// ---------------------------------------------------------------------------------------
// Beyond the safe range.
// ---------------------------------------------------------------------------------------

/// What happens with coordinates anywhere in the type's range: the yes/no answers of
/// every pair whose coordinate differences and radius sum fit the type must still be exact;
/// pairs whose differences overflow saturate (and may be wrong), but nothing panics (this
/// runs with debug overflow checks, and the library's arithmetic never overflows).
/// Returns `(pairs that fit, pairs that do not, wrong answers among those)`.
fn full_range<T: Fx>(seed: u64) -> (usize, usize, usize) {
    let mut rng = Rng::new(seed);
    let m = T::MAX_RAW;
    let (mut fit, mut overflow, mut wrong) = (0, 0, 0);
    let fits = |points: &[V<T>], radii: &[T]| {
        let diff = points.iter().all(|p| {
            points.iter().all(|q| {
                (p[0].raw() - q[0].raw()).abs() <= m && (p[1].raw() - q[1].raw()).abs() <= m
            })
        });
        diff && radii.iter().map(|r| r.raw()).sum::<i128>() <= m
    };
    for _ in 0..cases() {
        let bits = 128 - m.leading_zeros();
        let scale = (m >> (rng.next_u64() % u64::from(bits / 4))).max(1);
        let (a, b, p, c2, ya, yb) = (
            pt::<T>(&mut rng, scale),
            pt::<T>(&mut rng, scale),
            pt::<T>(&mut rng, scale),
            pt::<T>(&mut rng, scale),
            pt::<T>(&mut rng, scale),
            pt::<T>(&mut rng, scale),
        );
        let r = T::from_raw(raw(&mut rng, scale).abs());
        let r2 = T::from_raw(raw(&mut rng, scale).abs());
        let (ea, eb, ep) = (pt_exact(a), pt_exact(b), pt_exact(p));
        let seg = Segment::new(a, b);
        let circle = Circle::new(p, r);
        let checks = [
            (
                fits(&[a, b, p], &[r]),
                circle.intersects(&seg),
                point_segment(&ep, &ea, &eb, &q(r), &D::zero()).hit,
            ),
            (
                fits(&[p, c2], &[r, r2]),
                circle.intersects(&Circle::new(c2, r2)),
                point_segment(&ep, &pt_exact(c2), &pt_exact(c2), &q(r), &q(r2)).hit,
            ),
            (
                fits(&[a, b, ya, yb], &[r, r2]),
                Capsule::new(a, b, r).intersects(&Capsule::new(ya, yb, r2)),
                capsule_capsule(
                    &ea,
                    &eb,
                    &q(r),
                    &pt_exact(ya),
                    &pt_exact(yb),
                    &q(r2),
                    &D::zero(),
                )
                .hit,
            ),
        ];
        for (in_type, got, want) in checks {
            if in_type {
                fit += 1;
                assert_eq!(
                    got,
                    want,
                    "{}: wrong answer with every difference in range",
                    T::NAME
                );
            } else {
                overflow += 1;
                wrong += usize::from(got != want);
            }
        }
        // Every other query on the same shapes: no panic, whatever the inputs.
        let _ = (
            seg.project_point(p),
            seg.distance(&p),
            dist2((seg.project_point(p), p)),
        );
        let _ = (circle.contact(&seg), circle.contact(&Circle::new(c2, r2)));
        let _ = Capsule::new(a, b, r).contact(&Capsule::new(ya, yb, r2));
        let _ = seg.closest_points(&Segment::new(ya, yb)).points();
    }
    if std::env::var_os("CAPSULE2D_FIXED_REPORT").is_some() {
        println!(
            "{} full range: {fit} pairs fit (all exact), {overflow} overflow, {wrong} of those wrong",
            T::NAME
        );
    }
    (fit, overflow, wrong)
}

/// Saturation, spelled out: the distance between the type's corners is the largest value.
fn saturates<T: Fx>() {
    let (lo, hi) = (T::from_raw(-T::MAX_RAW - 1), T::from_raw(T::MAX_RAW));
    let corner = Segment::new([lo, lo], [lo, lo]);
    assert_eq!(
        corner.distance(&[hi, hi]),
        hi,
        "{}: distance saturates at MAX",
        T::NAME
    );
    assert_eq!(
        dist2((corner.project_point([hi, hi]), [hi, hi])),
        hi,
        "{}: squared distance saturates",
        T::NAME
    );
    let far = Circle::new([hi, hi], hi);
    let c = far.contact(&Circle::new([lo, lo], hi));
    // The exact distance (2·MAX·√2) exceeds the radius sum (2·MAX): no contact...
    assert!(
        !point_segment(
            &pt_exact([hi, hi]),
            &pt_exact([lo, lo]),
            &pt_exact([lo, lo]),
            &q(hi),
            &q(hi)
        )
        .hit
    );
    // ...but the radius sum and the difference both saturate, so the crate may report one;
    // whatever it reports is a unit normal and a depth in range, never a panic.
    if let Some(c) = c {
        let n = pt_exact(c.normal);
        assert!(
            lsb::<T>(&(n.len2() - D::int(1)).abs()) <= 4.0,
            "{}: {c:?}",
            T::NAME
        );
        assert!(c.depth >= T::ZERO);
    }
}

#[test]
fn i16f16_full_range() {
    let (fit, overflow, _) = full_range::<I16F16>(0x16f17);
    assert!(fit > 0 && overflow > 0);
    saturates::<I16F16>();
}

#[test]
fn i32f32_full_range() {
    let (fit, overflow, _) = full_range::<I32F32>(0x32f33);
    assert!(fit > 0 && overflow > 0);
    saturates::<I32F32>();
}

#[test]
fn i48f16_full_range() {
    let (fit, overflow, _) = full_range::<I48F16>(0x48f17);
    assert!(fit > 0 && overflow > 0);
    saturates::<I48F16>();
}

/// `|p − q|²` of a pair of points (what `Segment::distance_squared` and
/// `distance_squared_to_segment` returned before the `Shape` API).
#[allow(dead_code)]
fn dist2<V: capsule2d::vector::VectorOps>((p, q): (V, V)) -> V::Scalar {
    p.sub(q).length_squared()
}
