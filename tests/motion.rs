//! Motion (issue 4): rays, crossings, sweeps, speculative contacts, chains and stepping.
//!
//! - Expected values come from an independent reference: hand-derived numbers, plain f64
//!   geometry written here, or the tests' shared exact reference (`common::exact`, dyadic
//!   rationals). Times of impact are bracketed by exact bisection on the sign of
//!   `dist²(path(t), core) − r²`, never taken from the crate.
//! - Generic bodies run for `f32`, `f64` and (feature `fixed`) `I32F32`, each with its own
//!   tolerance.
//! - Random cases come from the tests' seeded generator (`common::Rng`), so failures
//!   reproduce. Run with `--nocapture` to see the measured figures.

use crate::common;

use capsule2d::vector::VectorOps;
use capsule2d::{
    Ball, Capsule, Chain, ChainContact, Circle, Contact, Hit, Ray, Scalar, Segment, Shape,
    StepParams,
};
use common::{D, Frac, P, Rng, exact};

// ---------------------------------------------------------------------------------------
// Scalars under test.

/// The tolerances below are about ten times the worst error measured over the tests'
/// cases and eight other seeds with ten times the random cases (the measured value is in
/// the comment beside each).
trait Num: Scalar + core::fmt::Debug {
    const NAME: &'static str;
    /// The relative tolerance of the hand-derived values: `|got − want| ≤ TOL·(1 + |want|)`.
    const TOL: f64;
    /// How far from 1 the length of a unit normal may be.
    const UNIT: f64;
    /// How far past the shared vertex (time 1) a ray through it may hit (`ray_joints`).
    const JOINT: f64;
    fn of(x: f64) -> Self;
    fn f(self) -> f64;
}

impl Num for f32 {
    const NAME: &'static str = "f32";
    const TOL: f64 = 6e-7; // measured 5.8e-8
    const UNIT: f64 = 1.2e-6; // measured 1.26e-7 (about ε)
    const JOINT: f64 = 1e-4; // measured 2.5e-5 (kept: within 10x)
    fn of(x: f64) -> Self {
        x as Self
    }
    fn f(self) -> f64 {
        self.into()
    }
}

impl Num for f64 {
    const NAME: &'static str = "f64";
    const TOL: Self = 7e-16; // measured 6.9e-17
    const UNIT: Self = 3.3e-15; // measured 3.3e-16 (1.5 ε)
    const JOINT: Self = 2e-12; // measured 2.0e-13
    fn of(x: Self) -> Self {
        x
    }
    fn f(self) -> Self {
        self
    }
}

#[cfg(feature = "fixed")]
type Fx = fixed::types::I32F32;

#[cfg(feature = "fixed")]
impl Num for Fx {
    const NAME: &'static str = "I32F32";
    const TOL: f64 = 5e-9; // measured 4.7e-10 (2 LSB)
    const UNIT: f64 = 1.6e-9; // measured 1.6e-10 (0.7 LSB)
    const JOINT: f64 = 1e-6; // measured 3.4e-7 (kept: within 10x)
    fn of(x: f64) -> Self {
        Self::from_num(x)
    }
    fn f(self) -> f64 {
        self.to_num::<f64>()
    }
}

/// One test per scalar type for a generic body.
macro_rules! for_each_scalar {
    ($($name:ident => $body:ident;)*) => {$(
        mod $name {
            #[test]
            fn f32() {
                super::$body::<f32>();
            }
            #[test]
            fn f64() {
                super::$body::<f64>();
            }
            #[cfg(feature = "fixed")]
            #[test]
            fn i32f32() {
                super::$body::<super::Fx>();
            }
        }
    )*};
}

fn v<T: Num>(x: f64, y: f64) -> [T; 2] {
    [T::of(x), T::of(y)]
}

fn vf<T: Num>(p: [T; 2]) -> [f64; 2] {
    [p[0].f(), p[1].f()]
}

fn close(got: f64, want: f64, tol: f64) -> bool {
    (got - want).abs() <= tol * (1.0 + want.abs())
}

fn assert_unit<T: Num>(n: [T; 2]) {
    let [x, y] = vf(n);
    assert!(
        ((x * x + y * y).sqrt() - 1.0).abs() <= T::UNIT,
        "{} normal {n:?} not unit",
        T::NAME
    );
}

fn assert_vec<T: Num>(got: [T; 2], want: [f64; 2], what: &str) {
    let g = vf(got);
    assert!(
        close(g[0], want[0], T::TOL) && close(g[1], want[1], T::TOL),
        "{} {what}: got {g:?}, want {want:?}",
        T::NAME
    );
}

fn assert_num<T: Num>(got: T, want: f64, what: &str) {
    assert!(
        close(got.f(), want, T::TOL),
        "{} {what}: got {}, want {want}",
        T::NAME,
        got.f()
    );
}

// ---------------------------------------------------------------------------------------
// Plain f64 geometry: the brute-force reference, written independently of the crate.

fn dist_sq_point_segment(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    let (vx, vy) = (b[0] - a[0], b[1] - a[1]);
    let (wx, wy) = (p[0] - a[0], p[1] - a[1]);
    let len_sq = vx * vx + vy * vy;
    let t = if len_sq > 0.0 {
        ((wx * vx + wy * vy) / len_sq).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (dx, dy) = (wx - t * vx, wy - t * vy);
    dx * dx + dy * dy
}

// ---------------------------------------------------------------------------------------
// Exact reference: times of impact by bisection on exact signs.

/// A time `t = n / m` on a path, `m > 0` (both dyadic).
type Time = (D, D);

/// `dist²(o + t d, ab) − r²` at `t = n / m`, as a signed fraction: scaled by `m`, the point
/// is `m o + n d` and the segment `m a → m b`, so the value is exact.
fn excess(o: &P, d: &P, a: &P, b: &P, r: &D, (n, m): &Time) -> Frac {
    let p = o.scale(m).add(&d.scale(n));
    let d2 = exact::dist2_point_segment(&a.scale(m), &b.scale(m), &p);
    let m2 = m.square();
    Frac {
        num: d2.num - r.square() * &m2 * &d2.den,
        den: d2.den * m2,
    }
}

/// The times in `[0, t_max]` at which `dist²(o + t d, ab)` can take its minimum over the
/// path: `t_max`, the projections of `a` and `b` onto the path, and the crossing with the
/// segment's line, when inside. `dist²` is convex in `t` and piecewise quadratic, so its
/// minimum is at one of them (or at 0, which the callers check first).
fn path_candidates(o: &P, d: &P, t_max: f64, a: &P, b: &P) -> Vec<Time> {
    let one = D::int(1);
    let tq_max = D::f(t_max);
    let inside = |(n, m): &Time| n.is_positive() && *n < &tq_max * m;
    let mut candidates = vec![(tq_max.clone(), one)];
    let dd = d.len2();
    if !dd.is_zero() {
        for e in [a, b] {
            let t = (e.sub(o).dot(d), dd.clone());
            if inside(&t) {
                candidates.push(t);
            }
        }
        // Crossing of the path's line with ab's line: solve o + t d = a + s (b − a).
        let v = b.sub(a);
        let den = d.cross(&v);
        if !den.is_zero() {
            let num = a.sub(o).cross(&v);
            let t = if den.is_negative() {
                (-num, -den)
            } else {
                (num, den)
            };
            if inside(&t) {
                candidates.push(t);
            }
        }
    }
    candidates
}

/// The exact first time `t ∈ [0, t_max]` at which `o + t d` comes within `r` of segment
/// `ab`, as a bracket `(lo, hi)` of adjacent-or-equal f64 values (`lo == hi == 0` for a
/// start inside); `None` when it never does. `f(t) = dist² − r²` is convex in `t`, so its
/// minimum over `[0, t_max]` is found exactly among [`path_candidates`], and the first
/// root lies between 0 and that minimum.
fn exact_toi(
    o: [f64; 2],
    d: [f64; 2],
    t_max: f64,
    a: [f64; 2],
    b: [f64; 2],
    r: f64,
) -> Option<(f64, f64)> {
    let (po, pd, pa, pb, r) = (
        P::from_f64(o),
        P::from_f64(d),
        P::from_f64(a),
        P::from_f64(b),
        D::f(r),
    );
    let f = |t: &Time| excess(&po, &pd, &pa, &pb, &r, t);
    let at = |t: f64| f(&(D::f(t), D::int(1)));
    if !at(0.0).num.is_positive() {
        return Some((0.0, 0.0));
    }
    let (t_min, f_min) = path_candidates(&po, &pd, t_max, &pa, &pb)
        .into_iter()
        .map(|t| {
            let v = f(&t);
            (t, v)
        })
        .min_by(|x, y| x.1.cmp(&y.1))?;
    if f_min.num.is_positive() {
        return None;
    }
    // Bisection in f64 midpoints (exact dyadics) until the bracket is one ulp.
    let mut lo = 0.0_f64;
    let mut hi = D::div_approx(&t_min.0, &t_min.1, 80).to_f64();
    // The exact minimiser rounded (or truncated) past the root's right side: step up
    // until inside.
    for _ in 0..8 {
        if !at(hi).num.is_positive() {
            break;
        }
        hi = f64::from_bits(hi.to_bits() + 1);
    }
    for _ in 0..200 {
        let mid = lo + (hi - lo) / 2.0;
        if mid <= lo || mid >= hi {
            break;
        }
        if at(mid).num.is_positive() {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some((lo, hi))
}

/// The exact closest approach of the path `o + t d`, `t ∈ [0, t_max]`, to segment `ab`
/// (the minimum of the distance over the path), as an f64.
fn closest_approach(o: [f64; 2], d: [f64; 2], t_max: f64, a: [f64; 2], b: [f64; 2]) -> f64 {
    let (po, pd, pa, pb) = (
        P::from_f64(o),
        P::from_f64(d),
        P::from_f64(a),
        P::from_f64(b),
    );
    let zero = D::zero();
    let f = |t: &Time| excess(&po, &pd, &pa, &pb, &zero, t);
    path_candidates(&po, &pd, t_max, &pa, &pb)
        .into_iter()
        .chain([(D::zero(), D::int(1))])
        .map(|t| f(&t))
        .min()
        .expect("t_max is a candidate")
        .sqrt_f64()
}

/// Relative distance of `got` from the exact bracket.
fn rel_err(got: f64, (lo, hi): (f64, f64)) -> f64 {
    if got >= lo && got <= hi {
        return 0.0;
    }
    let err = (got - lo).abs().max((got - hi).abs());
    if hi == 0.0 { err } else { err / hi }
}

// ---------------------------------------------------------------------------------------
// Rays.

fn ray_circle_cases<T: Num>() {
    let disc = Circle::new(v::<T>(5.0, 0.0), T::of(1.0));
    let ray = Ray::new(v::<T>(0.0, 0.0), v::<T>(2.0, 0.0));
    let hit = ray.cast(&disc, T::of(10.0)).expect("hits");
    // |(2t − 5)| = 1 → t = 2.
    assert_num(hit.time, 2.0, "time");
    assert_vec(hit.point, [4.0, 0.0], "point");
    assert_vec(hit.normal, [-1.0, 0.0], "normal");
    assert!(ray.cast(&disc, T::of(1.9)).is_none());
    // Off-centre: o = (0, 0.6), d = (1, 0): (t − 5)² + 0.36 = 1 → t = 4.2; normal (−0.8, 0.6).
    let hit = Ray::new(v::<T>(0.0, 0.6), v::<T>(1.0, 0.0))
        .cast(&disc, T::of(10.0))
        .unwrap();
    assert_num(hit.time, 4.2, "time");
    assert_vec(hit.normal, [-0.8, 0.6], "normal");
    // Start inside: time 0, outward normal at the origin; at the centre: +x.
    let inside = Ray::new(v::<T>(5.0, 0.5), v::<T>(1.0, 0.0))
        .cast(&disc, T::of(1.0))
        .unwrap();
    assert_num(inside.time, 0.0, "time");
    assert_vec(inside.point, [5.0, 0.5], "point");
    assert_vec(inside.normal, [0.0, 1.0], "normal");
    let centre = Ray::new(v::<T>(5.0, 0.0), v::<T>(0.0, 1.0))
        .cast(&disc, T::of(1.0))
        .unwrap();
    assert_vec(centre.normal, [1.0, 0.0], "fallback normal");
    // Zero direction: only from inside.
    assert!(
        Ray::new(v::<T>(0.0, 0.0), v::<T>(0.0, 0.0))
            .cast(&disc, T::of(10.0))
            .is_none()
    );
    assert!(
        Ray::new(v::<T>(5.5, 0.0), v::<T>(0.0, 0.0))
            .cast(&disc, T::of(10.0))
            .is_some()
    );
    // Negative max time, negative radius: nothing.
    assert!(ray.cast(&disc, T::of(-1.0)).is_none());
    assert!(
        ray.cast(&Circle::new(v::<T>(5.0, 0.0), T::of(-1.0)), T::of(10.0))
            .is_none()
    );
    // Moving away: nothing.
    assert!(
        Ray::new(v::<T>(0.0, 0.0), v::<T>(-1.0, 0.0))
            .cast(&disc, T::of(10.0))
            .is_none()
    );
    // Zero radius: a point, hit only dead on.
    let point = Circle::new(v::<T>(3.0, 0.0), T::of(0.0));
    assert_num(
        ray.cast(&point, T::of(10.0)).unwrap().time,
        1.5,
        "point time",
    );
    assert!(
        Ray::new(v::<T>(0.0, 0.25), v::<T>(1.0, 0.0))
            .cast(&point, T::of(10.0))
            .is_none()
    );
}

fn ray_segment_cases<T: Num>() {
    let wall = Segment::new(v::<T>(3.0, -1.0), v::<T>(3.0, 1.0));
    let hit = Ray::new(v::<T>(0.0, 0.0), v::<T>(1.0, 0.25))
        .cast(&wall, T::of(10.0))
        .unwrap();
    assert_num(hit.time, 3.0, "time");
    assert_vec(hit.point, [3.0, 0.75], "point");
    assert_vec(hit.normal, [-1.0, 0.0], "normal");
    // From the other side the normal flips to face the origin.
    let back = Ray::new(v::<T>(6.0, 0.0), v::<T>(-1.0, 0.0))
        .cast(&wall, T::of(10.0))
        .unwrap();
    assert_vec(back.normal, [1.0, 0.0], "normal");
    // Exactly through an endpoint: the segment is closed.
    let end = Ray::new(v::<T>(0.0, 0.0), v::<T>(3.0, 1.0))
        .cast(&wall, T::of(2.0))
        .unwrap();
    assert_num(end.time, 1.0, "endpoint time");
    // Just past the endpoint: miss.
    assert!(
        Ray::new(v::<T>(0.0, 0.0), v::<T>(3.0, 1.125))
            .cast(&wall, T::of(2.0))
            .is_none()
    );
    // Along the line: the nearer endpoint, facing back.
    let along = Ray::new(v::<T>(3.0, -4.0), v::<T>(0.0, 2.0))
        .cast(&wall, T::of(10.0))
        .unwrap();
    assert_num(along.time, 1.5, "collinear time");
    assert_vec(along.point, [3.0, -1.0], "collinear point");
    assert_vec(along.normal, [0.0, -1.0], "collinear normal");
    // Parallel, off the line: nothing.
    assert!(
        Ray::new(v::<T>(2.0, -4.0), v::<T>(0.0, 1.0))
            .cast(&wall, T::of(10.0))
            .is_none()
    );
    // Starting on the segment: time 0 and the left normal of b − a = (−1, 0).
    let on = Ray::new(v::<T>(3.0, 0.5), v::<T>(1.0, 0.0))
        .cast(&wall, T::of(1.0))
        .unwrap();
    assert_num(on.time, 0.0, "time");
    assert_vec(on.normal, [-1.0, 0.0], "on-segment normal");
    // A zero-length segment is a point.
    let dot = Segment::new(v::<T>(2.0, 0.0), v::<T>(2.0, 0.0));
    assert_num(
        Ray::new(v::<T>(0.0, 0.0), v::<T>(1.0, 0.0))
            .cast(&dot, T::of(5.0))
            .unwrap()
            .time,
        2.0,
        "dot",
    );
}

fn ray_capsule_cases<T: Num>() {
    let pill = Capsule::new(v::<T>(0.0, 0.0), v::<T>(4.0, 0.0), T::of(1.0));
    // Side wall.
    let side = Ray::new(v::<T>(1.0, 5.0), v::<T>(0.0, -2.0))
        .cast(&pill, T::of(10.0))
        .unwrap();
    assert_num(side.time, 2.0, "side time");
    assert_vec(side.normal, [0.0, 1.0], "side normal");
    // End cap, off axis: o = (8, 0.6), d = (−1, 0): (x − 4)² + 0.36 = 1 → x = 4.8, t = 3.2.
    let cap = Ray::new(v::<T>(8.0, 0.6), v::<T>(-1.0, 0.0))
        .cast(&pill, T::of(10.0))
        .unwrap();
    assert_num(cap.time, 3.2, "cap time");
    assert_vec(cap.normal, [0.8, 0.6], "cap normal");
    // Diagonal into the start cap: o = (−3, −3), d = (1, 1)/… reaches (−√½, −√½).
    let diag = Ray::new(v::<T>(-3.0, -3.0), v::<T>(1.0, 1.0))
        .cast(&pill, T::of(10.0))
        .unwrap();
    assert_num(diag.time, 3.0 - 0.5f64.sqrt(), "diagonal time");
    let h = 0.5f64.sqrt();
    assert_vec(diag.normal, [-h, -h], "diagonal normal");
    // Inside: the normal from the core's closest point; on the core: the left normal.
    let inside = Ray::new(v::<T>(2.0, -0.5), v::<T>(1.0, 0.0))
        .cast(&pill, T::of(1.0))
        .unwrap();
    assert_vec(inside.normal, [0.0, -1.0], "inside normal");
    let core = Ray::new(v::<T>(2.0, 0.0), v::<T>(1.0, 0.0))
        .cast(&pill, T::of(1.0))
        .unwrap();
    assert_vec(core.normal, [0.0, 1.0], "core normal");
    // Zero-length capsule: a circle.
    let ball = Capsule::new(v::<T>(0.0, 0.0), v::<T>(0.0, 0.0), T::of(1.0));
    assert_num(
        Ray::new(v::<T>(-5.0, 0.0), v::<T>(1.0, 0.0))
            .cast(&ball, T::of(9.0))
            .unwrap()
            .time,
        4.0,
        "ball",
    );
}

for_each_scalar! {
    ray_circle => ray_circle_cases;
    ray_segment => ray_segment_cases;
    ray_capsule => ray_capsule_cases;
}

/// A ray through the shared vertex of two segments hits at least one of them: the
/// endpoint decision uses the signs of exact cross products.
fn ray_joints_are_watertight<T: Num>() {
    let mut rng = Rng::new(7);
    for _ in 0..5000 {
        let mut p = || v::<T>(rng.int(-20, 20) as f64 / 4.0, rng.int(-20, 20) as f64 / 4.0);
        let (a, j, b, o) = (p(), p(), p(), p());
        let ray = Ray::new(o, j.sub(o));
        let (s1, s2) = (Segment::new(a, j), Segment::new(j, b));
        if vf(o) == vf(j) {
            continue;
        }
        let hit = ray
            .cast(&s1, T::of(2.0))
            .or_else(|| ray.cast(&s2, T::of(2.0)));
        let hit = hit.unwrap_or_else(|| {
            panic!("{} ray {o:?}→{j:?} missed joint {a:?} {j:?} {b:?}", T::NAME)
        });
        assert!(
            hit.time.f() <= 1.0 + T::JOINT,
            "{} joint hit at {:?}",
            T::NAME,
            hit.time
        );
    }
}

#[cfg(feature = "fixed")]
use capsule2d::Vector2;

for_each_scalar! {
    ray_joints => ray_joints_are_watertight;
}

/// Random rays against random capsules: unit normals facing the origin, points on the
/// boundary, and agreement with the exact first-touch time. The bounds are about ten
/// times the worst measured over this seed and eight others with ten times the cases:
/// relative time error 8.1e-14 (2.4e-15 here), normal length 3.3e-16, distance of the
/// point from the boundary 5.0e-15 · (1 + r); the normal faces the origin by at least
/// 0.014 of the way back. Hit or miss agreed with the exact answer in every case; a
/// disagreement is allowed only for a grazing ray, whose exact closest approach is within
/// 1e-9 of the radius.
#[test]
fn ray_casts_match_exact_times() {
    let mut rng = Rng::new(11);
    let mut worst = 0.0_f64;
    let mut checked = 0;
    for case in 0..1000 {
        let a = [rng.range(-5.0, 5.0), rng.range(-5.0, 5.0)];
        let b = if case % 5 == 0 {
            a
        } else {
            [rng.range(-5.0, 5.0), rng.range(-5.0, 5.0)]
        };
        let radius = if case % 3 == 0 {
            0.0
        } else {
            rng.range(0.05, 2.0)
        };
        let o = [rng.range(-12.0, 12.0), rng.range(-12.0, 12.0)];
        let target = [rng.range(-5.0, 5.0), rng.range(-5.0, 5.0)];
        let d = [(target[0] - o[0]) * 0.25, (target[1] - o[1]) * 0.25];
        let max_time = 6.0;
        let ray = Ray::new(o, d);
        let got = ray.cast(&Capsule::new(a, b, radius), max_time);
        let want = exact_toi(o, d, max_time, a, b, radius);
        match (got, want) {
            (Some(hit), Some(bracket)) => {
                let n = hit.normal;
                let length = (n[0] * n[0] + n[1] * n[1]).sqrt();
                assert!(
                    (length - 1.0).abs() <= 3.3e-15,
                    "case {case}: |n| = {length}"
                );
                if bracket.1 > 0.0 {
                    // Outside start: the normal faces the origin.
                    let back = [o[0] - hit.point[0], o[1] - hit.point[1]];
                    assert!(
                        back[0] * n[0] + back[1] * n[1] > 0.0,
                        "case {case}: normal {n:?}"
                    );
                    let dist = dist_sq_point_segment(hit.point, a, b).sqrt();
                    assert!(
                        (dist - radius).abs() <= 5e-14 * (1.0 + radius),
                        "case {case}: {dist}"
                    );
                }
                worst = worst.max(rel_err(hit.time, bracket));
                checked += 1;
            }
            (None, None) => {}
            (got, want) => {
                // Disagreement is allowed only for grazing rays: the path's exact closest
                // approach within 1e-9 of the radius.
                let closest = closest_approach(o, d, max_time, a, b);
                assert!(
                    (closest - radius).abs() <= 1e-9,
                    "case {case}: got {got:?}, exact {want:?}, closest approach {closest} vs r {radius}"
                );
            }
        }
    }
    println!("ray casts: {checked} hits, worst relative time error {worst:.3e}");
    assert!(worst <= 1e-12, "worst relative error {worst}");
}

// ---------------------------------------------------------------------------------------
// Sweeps.

fn sweep_cases<T: Num>() {
    let floor = Segment::new(v::<T>(-5.0, 0.0), v::<T>(5.0, 0.0));
    let ball = Circle::new(v::<T>(1.0, 3.0), T::of(1.0));
    let hit = ball.sweep(&floor, v::<T>(0.0, -4.0)).unwrap();
    assert_num(hit.time, 0.5, "time");
    assert_vec(hit.normal, [0.0, 1.0], "normal");
    assert_vec(hit.point, [1.0, 0.0], "point");
    // Too short.
    assert!(ball.sweep(&floor, v::<T>(0.0, -1.5)).is_none());
    // Already overlapping: time 0 and the contact.
    let sunk = Circle::new(v::<T>(1.0, 0.5), T::of(1.0));
    let hit = sunk.sweep(&floor, v::<T>(3.0, 0.0)).unwrap();
    let contact = sunk.contact(&floor).unwrap();
    assert_num(hit.time, 0.0, "time");
    assert_eq!(hit.normal, contact.normal);
    assert_eq!(hit.point, contact.point);
    // Zero motion: only when overlapping.
    assert!(ball.sweep(&floor, v::<T>(0.0, 0.0)).is_none());
    assert!(sunk.sweep(&floor, v::<T>(0.0, 0.0)).is_some());
    // Against a capsule's end cap: point on the capsule's surface.
    let bar = Capsule::new(v::<T>(0.0, 0.0), v::<T>(4.0, 0.0), T::of(0.5));
    let hit = Circle::new(v::<T>(8.0, 0.0), T::of(0.5))
        .sweep(&bar, v::<T>(-4.0, 0.0))
        .unwrap();
    assert_num(hit.time, 0.75, "cap time");
    assert_vec(hit.point, [4.5, 0.0], "cap point");
    // Circle against circle, off-centre: |(−6 + 8t, 0.6)| = 1 → t = (6 − 0.8) / 8 = 0.65.
    let other = Circle::new(v::<T>(6.0, 0.0), T::of(0.5));
    let hit = Circle::new(v::<T>(0.0, 0.6), T::of(0.5))
        .sweep(&other, v::<T>(8.0, 0.0))
        .unwrap();
    assert_num(hit.time, 0.65, "circle time");
    assert_vec(hit.normal, [-0.8, 0.6], "circle normal");
    assert_vec(hit.point, [5.6, 0.3], "circle point");
    // Empty shapes.
    assert!(
        Circle::new(v::<T>(0.0, 0.0), T::of(-1.0))
            .sweep(&other, v::<T>(8.0, 0.0))
            .is_none()
    );
    // At the time of touch the contact query agrees (touching, same normal).
    let moved = Circle::new(
        v::<T>(0.0, 0.6).add(v::<T>(8.0, 0.0).scale(hit.time)),
        T::of(0.5),
    );
    let c = moved.contact(&other);
    if let Some(c) = c {
        assert!(c.depth.f() <= 10.0 * T::TOL);
        assert_vec(c.normal, vf(hit.normal), "contact at touch");
    }
}

for_each_scalar! {
    sweeps => sweep_cases;
}

/// Sweep times within 2e-11 (relative) of the exact first-touch time, for circles against
/// segments, capsules and circles, on random f64 inputs: about ten times the worst
/// measured over this seed and eight others with ten times the cases, 1.6e-12 (5.7e-15
/// here; the worst are the shortest times, where a relative error is largest). Cases whose
/// exact closest approach is within 1e-9 of touching (grazing) may disagree on hit/miss
/// and are checked to be such; none did.
#[test]
fn sweep_times_match_exact_reference() {
    let mut rng = Rng::new(3);
    let mut worst = 0.0_f64;
    let mut hits = 0;
    for case in 0..3000 {
        let a = [rng.range(-5.0, 5.0), rng.range(-5.0, 5.0)];
        let b = match case % 3 {
            0 => a, // circle obstacle
            _ => [rng.range(-5.0, 5.0), rng.range(-5.0, 5.0)],
        };
        let obstacle_radius = if case % 3 == 1 {
            0.0
        } else {
            rng.range(0.05, 1.5)
        };
        let ball = Circle::new(
            [rng.range(-10.0, 10.0), rng.range(-10.0, 10.0)],
            rng.range(0.05, 1.5),
        );
        let target = [rng.range(-5.0, 5.0), rng.range(-5.0, 5.0)];
        let motion = [
            (target[0] - ball.center[0]) * 1.5,
            (target[1] - ball.center[1]) * 1.5,
        ];
        let got: Option<Hit<[f64; 2]>> = match case % 3 {
            0 => ball.sweep(&Circle::new(a, obstacle_radius), motion),
            1 => ball.sweep(&Segment::new(a, b), motion),
            _ => ball.sweep(&Capsule::new(a, b, obstacle_radius), motion),
        };
        // Exact: the centre against the core inflated by both radii (added exactly as
        // rationals inside `exact_toi` via r = r1 + r2 when that sum is exact in f64).
        let r = ball.radius + obstacle_radius;
        if r - ball.radius != obstacle_radius {
            continue; // the f64 sum rounded; keep the reference exact
        }
        let want = exact_toi(ball.center, motion, 1.0, a, b, r);
        match (got, want) {
            (Some(hit), Some(bracket)) => {
                worst = worst.max(rel_err(hit.time, bracket));
                hits += 1;
            }
            (None, None) => {}
            (got, want) => {
                let closest = closest_approach(ball.center, motion, 1.0, a, b);
                assert!(
                    (closest - r).abs() <= 1e-9,
                    "case {case}: got {got:?}, exact {want:?}, closest approach {closest} vs r {r}"
                );
            }
        }
    }
    println!("sweeps: {hits} hits compared, worst relative time error {worst:.3e}");
    assert!(hits > 500);
    assert!(worst <= 2e-11, "worst relative error {worst}");
}

/// 100,000 fast random sweeps of circles against thin segments: whenever a brute-force
/// fine-step walk (steps of r/8, plain f64 distance) finds the circle overlapping the
/// segment, the sweep reports a touch no later. No tunnelling.
#[test]
fn no_tunnelling_in_100k_fast_sweeps() {
    let mut rng = Rng::new(2024);
    let (mut tunnels, mut caught, mut late) = (0, 0, 0);
    for _ in 0..100_000 {
        let r = rng.range(0.05, 0.5);
        let c = [rng.range(-5.0, 5.0), rng.range(-5.0, 5.0)];
        // Fast: moves 4 to 40 radii in one step.
        let speed = r * rng.range(4.0, 40.0);
        let angle = rng.range(0.0, std::f64::consts::TAU);
        let motion = [speed * angle.cos(), speed * angle.sin()];
        // A thin segment somewhere across or near the path.
        let t = rng.range(-0.2, 1.2);
        let mid = [
            c[0] + t * motion[0] + rng.range(-1.0, 1.0),
            c[1] + t * motion[1] + rng.range(-1.0, 1.0),
        ];
        let half = rng.range(0.01, 3.0);
        let phi = rng.range(0.0, std::f64::consts::TAU);
        let a = [mid[0] - half * phi.cos(), mid[1] - half * phi.sin()];
        let b = [mid[0] + half * phi.cos(), mid[1] + half * phi.sin()];
        let steps = (8.0 * speed / r).ceil() as usize;
        let first_overlap = (0..=steps).map(|k| k as f64 / steps as f64).find(|&t| {
            let p = [c[0] + t * motion[0], c[1] + t * motion[1]];
            dist_sq_point_segment(p, a, b) < r * r * (1.0 - 1e-9)
        });
        let hit = Circle::new(c, r).sweep(&Segment::new(a, b), motion);
        if let Some(t_ref) = first_overlap {
            caught += 1;
            match hit {
                None => tunnels += 1,
                Some(h) if h.time > t_ref + 1e-12 => late += 1,
                Some(_) => {}
            }
        }
    }
    println!(
        "100k fast sweeps: {caught} overlaps found by brute force, {tunnels} tunnelled, {late} late"
    );
    assert!(caught > 20_000, "the test must exercise hits: {caught}");
    assert_eq!((tunnels, late), (0, 0));
}

/// The same property for f32 and fixed point, with overlaps that exceed their rounding.
fn no_tunnelling_generic<T: Num>() {
    let mut rng = Rng::new(99);
    let mut caught = 0;
    for _ in 0..10_000 {
        let r = rng.range(0.05, 0.5);
        let c = [rng.range(-5.0, 5.0), rng.range(-5.0, 5.0)];
        let speed = r * rng.range(4.0, 40.0);
        let angle = rng.range(0.0, std::f64::consts::TAU);
        let motion = [speed * angle.cos(), speed * angle.sin()];
        let t = rng.range(0.0, 1.0);
        let mid = [
            c[0] + t * motion[0] + rng.range(-0.5, 0.5),
            c[1] + t * motion[1] + rng.range(-0.5, 0.5),
        ];
        let half = rng.range(0.01, 3.0);
        let phi = rng.range(0.0, std::f64::consts::TAU);
        // Round the inputs to T first, and run the reference on the rounded values.
        let (ct, mt) = (v::<T>(c[0], c[1]), v::<T>(motion[0], motion[1]));
        let at = v::<T>(mid[0] - half * phi.cos(), mid[1] - half * phi.sin());
        let bt = v::<T>(mid[0] + half * phi.cos(), mid[1] + half * phi.sin());
        let rt = T::of(r);
        let (c, motion, a, b, r) = (vf(ct), vf(mt), vf(at), vf(bt), rt.f());
        let steps = (8.0 * (motion[0].hypot(motion[1])) / r).ceil() as usize;
        let first = (0..=steps).map(|k| k as f64 / steps as f64).find(|&t| {
            let p = [c[0] + t * motion[0], c[1] + t * motion[1]];
            dist_sq_point_segment(p, a, b) < r * r * (1.0 - 1e-3)
        });
        if let Some(t_ref) = first {
            caught += 1;
            let hit = Circle::new(ct, rt).sweep(&Segment::new(at, bt), mt);
            let hit = hit.unwrap_or_else(|| {
                panic!("{} tunnelled: {c:?} {motion:?} {a:?} {b:?} {r}", T::NAME)
            });
            // Never later than the walk (measured: at most equal, over 80,000 cases).
            assert!(
                hit.time.f() <= t_ref,
                "{} late: {} vs {t_ref}",
                T::NAME,
                hit.time.f()
            );
            assert_unit(hit.normal);
        }
    }
    assert!(caught > 2000);
}

for_each_scalar! {
    no_tunnelling => no_tunnelling_generic;
}

// ---------------------------------------------------------------------------------------
// Crossings.

fn crossings_cases<T: Num>() {
    let circle = Circle::new(v::<T>(0.0, 0.0), T::of(5.0));
    let seg = |a: [f64; 2], b: [f64; 2]| Segment::new(v::<T>(a[0], a[1]), v::<T>(b[0], b[1]));
    let params = |s: Segment<[T; 2]>| {
        s.circle_crossings(&circle)
            .iter()
            .map(|t| t.f())
            .collect::<Vec<_>>()
    };
    let check = |got: Vec<f64>, want: &[f64]| {
        assert_eq!(got.len(), want.len(), "{} {got:?} vs {want:?}", T::NAME);
        for (g, w) in got.iter().zip(want) {
            assert!(close(*g, *w, T::TOL), "{} {got:?} vs {want:?}", T::NAME);
        }
    };
    // Through: x = ±4 at y = 3, on x from −10 to 10: t = 0.3, 0.7.
    check(params(seg([-10.0, 3.0], [10.0, 3.0])), &[0.3, 0.7]);
    // Reversed: same points, parameters mirrored and sorted.
    check(params(seg([10.0, 3.0], [-10.0, 3.0])), &[0.3, 0.7]);
    // Out from inside, in from outside.
    check(params(seg([0.0, 0.0], [0.0, 10.0])), &[0.5]);
    check(params(seg([0.0, 10.0], [0.0, 0.0])), &[0.5]);
    // Wholly inside: none, though it intersects.
    let inside = seg([-1.0, -1.0], [2.0, 3.0]);
    assert!(inside.circle_crossings(&circle).is_empty());
    assert!(circle.intersects(&inside));
    // Tangent: one point.
    check(params(seg([-5.0, 5.0], [5.0, 5.0])), &[0.5]);
    // Endpoints on the boundary: (3, 4) to (−3, 4) is a chord → [0, 1]; (5, 0) outwards → [0].
    check(params(seg([3.0, 4.0], [-3.0, 4.0])), &[0.0, 1.0]);
    check(params(seg([5.0, 0.0], [9.0, 0.0])), &[0.0]);
    // In through the boundary point and out: (5, 0) → (−7, 0): t = 0 and 10/12.
    check(params(seg([5.0, 0.0], [-7.0, 0.0])), &[0.0, 10.0 / 12.0]);
    // Ending on the boundary from inside, and from outside through the disc.
    check(params(seg([0.0, 0.0], [0.0, 5.0])), &[1.0]);
    check(params(seg([0.0, -9.0], [0.0, 5.0])), &[4.0 / 14.0, 1.0]);
    // Outside, missing: none.
    assert!(
        seg([6.0, -1.0], [6.0, 1.0])
            .circle_crossings(&circle)
            .is_empty()
    );
    // Degenerate segment on the boundary: [0]; elsewhere none.
    check(params(seg([0.0, 5.0], [0.0, 5.0])), &[0.0]);
    assert!(
        seg([0.0, 1.0], [0.0, 1.0])
            .circle_crossings(&circle)
            .is_empty()
    );
    // Zero-radius circle: the segment through its centre.
    let point = Circle::new(v::<T>(1.0, 0.0), T::of(0.0));
    let through = seg([-1.0, 0.0], [3.0, 0.0]).circle_crossings(&point);
    check(through.iter().map(|t| t.f()).collect(), &[0.5]);
    // Empty circle.
    assert!(
        seg([-9.0, 0.0], [9.0, 0.0])
            .circle_crossings(&Circle::new(v::<T>(0.0, 0.0), T::of(-1.0)))
            .is_empty()
    );
}

for_each_scalar! {
    crossings => crossings_cases;
}

/// Random crossings against the exact quadratic: each parameter's point is on the
/// boundary, the count matches the exact count away from tangency, and crossings are
/// empty ⇔ (wholly inside or not intersecting).
#[test]
fn crossings_match_exact_and_intersects() {
    let mut rng = Rng::new(5);
    for case in 0..20_000 {
        let c = [rng.int(-6, 6) as f64, rng.int(-6, 6) as f64];
        let r = rng.int(0, 6) as f64;
        let a = [rng.int(-12, 12) as f64 * 0.5, rng.int(-12, 12) as f64 * 0.5];
        let b = [rng.int(-12, 12) as f64 * 0.5, rng.int(-12, 12) as f64 * 0.5];
        let (segment, circle) = (Segment::new(a, b), Circle::new(c, r));
        let crossings = segment.circle_crossings(&circle);
        // Exact count: roots of |a + t v − c|² − r² in [0, 1] (small dyadic inputs, so the
        // f64 coefficients below are exact).
        let (vx, vy) = (b[0] - a[0], b[1] - a[1]);
        let (mx, my) = (a[0] - c[0], a[1] - c[1]);
        let qa = vx * vx + vy * vy;
        let qb = mx * vx + my * vy;
        let qc = mx * mx + my * my - r * r;
        let inside = |p: [f64; 2]| (p[0] - c[0]).powi(2) + (p[1] - c[1]).powi(2) < r * r;
        // Roots t₁ ≤ t₂ of qa t² + 2 qb t + qc in [0, 1], by exact sign conditions (every
        // quantity here is a small dyadic, so each product is exact in f64).
        let f1 = qa + 2.0 * qb + qc;
        let disc = qb * qb - qa * qc;
        let exact_count = if qa == 0.0 {
            usize::from(qc == 0.0)
        } else if disc < 0.0 {
            0
        } else if disc == 0.0 {
            usize::from(-qb >= 0.0 && -qb <= qa)
        } else {
            let t1_in = (-qb >= 0.0 && qc >= 0.0) && (qb + qa >= 0.0 || f1 <= 0.0);
            let t2_in = (qb <= 0.0 || qc <= 0.0) && (qa + qb >= 0.0 && f1 >= 0.0);
            usize::from(t1_in) + usize::from(t2_in)
        };
        assert_eq!(
            crossings.len(),
            exact_count,
            "case {case}: {a:?} {b:?} {c:?} {r}"
        );
        let slice = crossings.as_slice();
        assert!(slice.windows(2).all(|w| w[0] <= w[1]));
        for &t in slice {
            assert!((0.0..=1.0).contains(&t));
            let p = segment.point_at(t);
            let d = ((p[0] - c[0]).powi(2) + (p[1] - c[1]).powi(2)).sqrt();
            // Measured: 2.6e-15 · (1 + r).
            assert!(
                (d - r).abs() <= 3e-14 * (1.0 + r),
                "case {case}: t {t} at distance {d} from r {r}"
            );
        }
        let wholly_inside = inside(a) && inside(b);
        assert_eq!(
            circle.intersects(&segment),
            !crossings.is_empty() || wholly_inside,
            "case {case}"
        );
    }
}

/// The same relation for fixed point, whose predicates are exact.
#[cfg(feature = "fixed")]
#[test]
fn crossings_agree_with_intersects_fixed() {
    let mut rng = Rng::new(17);
    for case in 0..20_000 {
        let p = |rng: &mut Rng| v::<Fx>(rng.range(-8.0, 8.0), rng.range(-8.0, 8.0));
        let (a, b, c) = (p(&mut rng), p(&mut rng), p(&mut rng));
        let circle = Circle::new(c, Fx::of(rng.range(0.0, 6.0)));
        let segment = Segment::new(a, b);
        let crossings = segment.circle_crossings(&circle);
        let strictly_inside = |q: [Fx; 2]| {
            let d = q.sub(c);
            let wide = |x: Fx| i128::from(x.to_bits());
            wide(d.x()) * wide(d.x()) + wide(d.y()) * wide(d.y())
                < wide(circle.radius) * wide(circle.radius)
        };
        let wholly_inside = strictly_inside(a) && strictly_inside(b);
        assert_eq!(
            circle.intersects(&segment),
            !crossings.is_empty() || wholly_inside,
            "case {case}"
        );
        for &t in &crossings {
            let q = segment.point_at(t);
            let d = vf(q.sub(c));
            // Measured: 5.3e-9 (23 LSB at radii up to 6).
            assert!(
                ((d[0].hypot(d[1])) - circle.radius.f()).abs() <= 5e-8,
                "case {case}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// Speculative contacts.

fn margin_cases<T: Num>() {
    let floor = Segment::new(v::<T>(-5.0, 0.0), v::<T>(5.0, 0.0));
    let ball = Circle::new(v::<T>(1.0, 1.5), T::of(1.0));
    // Gap 0.5: reported with depth −0.5 once the margin reaches it.
    assert!(ball.contact_with_margin(&floor, T::of(0.25)).is_none());
    let c = ball.contact_with_margin(&floor, T::of(1.0)).unwrap();
    assert_num(c.depth, -0.5, "gap");
    assert_vec(c.normal, [0.0, 1.0], "normal");
    assert_vec(c.point, [1.0, 0.0], "point");
    // Exactly at the margin: reported.
    assert!(ball.contact_with_margin(&floor, T::of(0.5)).is_some());
    // Overlapping: the plain contact, whatever the margin.
    let sunk = Circle::new(v::<T>(1.0, 0.75), T::of(1.0));
    let plain = sunk.contact(&floor).unwrap();
    let spec = sunk.contact_with_margin(&floor, T::of(0.5)).unwrap();
    assert_num(spec.depth, plain.depth.f(), "depth");
    assert_eq!(spec.normal, plain.normal);
    // Capsule, circle, capsule–capsule.
    let bar = Capsule::new(v::<T>(0.0, 0.0), v::<T>(4.0, 0.0), T::of(0.5));
    let c = Circle::new(v::<T>(6.0, 0.0), T::of(1.0))
        .contact_with_margin(&bar, T::of(1.0))
        .unwrap();
    assert_num(c.depth, -0.5, "capsule gap");
    assert_vec(c.point, [4.5, 0.0], "capsule point");
    let c = Circle::new(v::<T>(0.0, 3.0), T::of(1.0))
        .contact_with_margin(&Circle::new(v::<T>(0.0, 0.0), T::of(1.0)), T::of(2.0))
        .unwrap();
    assert_num(c.depth, -1.0, "circle gap");
    assert_vec(c.normal, [0.0, 1.0], "circle normal");
    let other = Capsule::new(v::<T>(1.0, 2.0), v::<T>(3.0, 2.0), T::of(0.5));
    let c = bar.contact_with_margin(&other, T::of(2.0)).unwrap();
    assert_num(c.depth, -1.0, "capsule-capsule gap");
    assert_vec(c.normal, [0.0, -1.0], "capsule-capsule normal");
    // Negative margin: only overlaps deeper than it.
    assert!(sunk.contact_with_margin(&floor, T::of(-0.5)).is_none());
    assert!(sunk.contact_with_margin(&floor, T::of(-0.125)).is_some());
    // Empty shapes.
    let empty = Circle::new(v::<T>(0.0, 0.5), T::of(-1.0));
    assert!(empty.contact_with_margin(&floor, T::of(10.0)).is_none());
}

for_each_scalar! {
    margins => margin_cases;
}

/// Random property: the margin contact's depth is `r − distance` (the signed gap), from a
/// plain f64 distance.
#[test]
fn margin_depth_is_signed_gap() {
    let mut rng = Rng::new(8);
    for _ in 0..20_000 {
        let a = [rng.range(-5.0, 5.0), rng.range(-5.0, 5.0)];
        let b = [rng.range(-5.0, 5.0), rng.range(-5.0, 5.0)];
        let cap_r = rng.range(0.0, 1.0);
        let ball = Circle::new(
            [rng.range(-6.0, 6.0), rng.range(-6.0, 6.0)],
            rng.range(0.1, 1.0),
        );
        let margin = rng.range(0.0, 2.0);
        let dist = dist_sq_point_segment(ball.center, a, b).sqrt();
        let gap = dist - ball.radius - cap_r;
        let got = ball.contact_with_margin(&Capsule::new(a, b, cap_r), margin);
        // The plain f64 gap is itself off by a few ulps: no decision is asked within 1e-13
        // of the margin. Depth against gap, measured: 1.9e-15.
        if gap < margin - 1e-13 {
            let c: Contact<[f64; 2]> = got.expect("within the margin");
            assert!((c.depth + gap).abs() <= 2e-14, "{} vs {}", c.depth, -gap);
        } else if gap > margin + 1e-13 {
            assert!(got.is_none());
        }
    }
}

// ---------------------------------------------------------------------------------------
// Chains.

fn flat_chain<T: Num>(n: usize, dx: f64) -> Vec<Capsule<[T; 2]>> {
    (0..n)
        .map(|i| {
            Capsule::new(
                v::<T>(i as f64 * dx, 0.0),
                v::<T>((i + 1) as f64 * dx, 0.0),
                T::of(0.0),
            )
        })
        .collect()
}

fn chain_cases<T: Num>() {
    let links = flat_chain::<T>(4, 1.0);
    let chain = Chain::new(&links);
    let mut out = [ChainContact {
        link: 0,
        contact: Contact {
            normal: v::<T>(0.0, 0.0),
            depth: T::of(0.0),
            point: v::<T>(0.0, 0.0),
        },
    }; 8];
    // Near every joint, from either side, resting with a little overlap: one face contact.
    for x in [0.8, 0.95, 1.0, 1.05, 1.2, 1.9, 2.0, 2.1] {
        let ball = Circle::new(v::<T>(x, 0.45), T::of(0.5));
        let n = chain.contacts(&ball, &mut out);
        assert_eq!(n, 1, "{} x = {x}", T::NAME);
        assert_vec(out[0].contact.normal, [0.0, 1.0], "face normal");
        assert_num(out[0].contact.depth, 0.05, "depth");
    }
    // The same links unjoined (separate slices) show the ghost normal the rule removes.
    let tilted = Circle::new(v::<T>(0.8, 0.45), T::of(0.5))
        .contact(&links[1])
        .unwrap();
    assert!(
        vf(tilted.normal)[0] < -0.3,
        "ghost normal expected from the lone link"
    );
    // A convex joint: one contact, normal from the vertex.
    let hill = [
        Capsule::new(v::<T>(-2.0, -1.0), v::<T>(0.0, 0.0), T::of(0.0)),
        Capsule::new(v::<T>(0.0, 0.0), v::<T>(2.0, -1.0), T::of(0.0)),
    ];
    let ball = Circle::new(v::<T>(0.0, 0.5), T::of(0.75));
    let n = Chain::new(&hill).contacts(&ball, &mut out);
    assert_eq!(n, 1);
    assert_vec(out[0].contact.normal, [0.0, 1.0], "vertex normal");
    assert_num(out[0].contact.depth, 0.25, "vertex depth");
    // A concave joint: both faces.
    let valley = [
        Capsule::new(v::<T>(-2.0, 2.0), v::<T>(0.0, 0.0), T::of(0.0)),
        Capsule::new(v::<T>(0.0, 0.0), v::<T>(2.0, 2.0), T::of(0.0)),
    ];
    let ball = Circle::new(v::<T>(0.0, 1.0), T::of(1.0));
    let n = Chain::new(&valley).contacts(&ball, &mut out);
    assert_eq!(n, 2);
    // Resolve out of the valley: ends at depth ≤ skin from both faces (√2 above the vertex).
    let done = Chain::new(&valley).resolve(&ball, T::of(0.0));
    assert!(done.depth.f() < 0.02, "{} left {}", T::NAME, done.depth.f());
    assert!(vf(done.center)[1] > 1.3);
    // Deepest first, and a short buffer keeps the deepest.
    let pile = [
        Capsule::new(v::<T>(-3.0, 0.0), v::<T>(3.0, 0.0), T::of(0.0)),
        Capsule::new(v::<T>(-3.0, 0.5), v::<T>(3.0, 0.5), T::of(0.0)),
        Capsule::new(v::<T>(-3.0, 0.25), v::<T>(3.0, 0.25), T::of(0.0)),
    ];
    let ball = Circle::new(v::<T>(0.0, 0.75), T::of(1.0));
    let n = Chain::new(&pile).contacts(&ball, &mut out);
    assert_eq!(n, 3);
    let links_in_order: Vec<usize> = out[..3].iter().map(|c| c.link).collect();
    assert_eq!(links_in_order, [1, 2, 0]);
    let mut two = [out[0]; 2];
    assert_eq!(Chain::new(&pile).contacts(&ball, &mut two), 2);
    assert_eq!((two[0].link, two[1].link), (1, 2));
    assert_eq!(Chain::new(&pile).contacts(&ball, &mut []), 0);
    // Sweeping along a flat chain from a resting position: no hit at any joint.
    let long = flat_chain::<T>(20, 0.5);
    let chain = Chain::new(&long);
    let resting = Circle::new(v::<T>(0.1, 0.49), T::of(0.5));
    assert!(
        chain.sweep(&resting, v::<T>(9.0, 0.0)).is_none(),
        "{} caught on a joint",
        T::NAME
    );
    // Falling onto a joint: the face normal, not a vertex's.
    let hit = chain
        .sweep(
            &Circle::new(v::<T>(1.0, 2.0), T::of(0.5)),
            v::<T>(0.0, -3.0),
        )
        .unwrap();
    assert_vec(hit.hit.normal, [0.0, 1.0], "joint landing");
    assert_num(hit.hit.time, 0.5, "joint landing time");
}

for_each_scalar! {
    chains => chain_cases;
}

/// Random circles near random polylines: every overlap with some link is still reported
/// by the chain (the joint rule never loses a contact), at least as deep.
#[test]
fn chain_rule_never_loses_a_contact() {
    let mut rng = Rng::new(21);
    for case in 0..3000 {
        let n = rng.int(2, 6) as usize;
        let mut points = vec![[0.0, 0.0]];
        for _ in 0..n {
            let last: [f64; 2] = *points.last().unwrap();
            points.push([
                last[0] + rng.range(-1.5, 2.0),
                last[1] + rng.range(-1.5, 1.5),
            ]);
        }
        let radius = rng.range(0.0, 0.3);
        let links: Vec<_> = points
            .windows(2)
            .map(|w| Capsule::new(w[0], w[1], radius))
            .collect();
        let ball = Circle::new(
            [rng.range(-1.0, 8.0), rng.range(-4.0, 4.0)],
            rng.range(0.2, 1.5),
        );
        let deepest_raw = links
            .iter()
            .filter_map(|l| ball.contact(l))
            .map(|c| c.depth)
            .fold(None, |m: Option<f64>, d| Some(m.map_or(d, |m| m.max(d))));
        let mut out = [ChainContact::default(); 8];
        let count = Chain::new(&links).contacts(&ball, &mut out);
        match deepest_raw {
            None => assert_eq!(count, 0),
            Some(d) => {
                assert!(count > 0, "case {case}: lost every contact");
                // The chain's deepest contact is the link's own, bit for bit.
                assert_eq!(out[0].contact.depth, d, "case {case}: deepest");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Stepping.

/// A ball at rest on a flat and on a tilted capsule moves less than the skin over 10,000
/// steps (with friction above the slope's tangent on the tilted one). The ball is dropped
/// first, so it comes to rest through bounces and the skin, not by being placed.
fn resting_does_not_jitter<T: Num>() {
    let skin = 0.01;
    for tilt_deg in [0.0_f64, 20.0] {
        let tilt = tilt_deg.to_radians();
        let (c, s) = (tilt.cos(), tilt.sin());
        let floor = [Capsule::new(
            v::<T>(-5.0 * c, -5.0 * s),
            v::<T>(5.0 * c, 5.0 * s),
            T::of(0.1),
        )];
        let world = Chain::new(&floor);
        // Dropped from 0.25 above touching (centre 0.1 + 0.5 + 0.25 along the normal
        // (−sin, cos)); it bounces, settles, and is then watched for 10,000 steps.
        let start = [-0.85 * s, 0.85 * c];
        let mut ball = Ball::new(
            Circle::new(v::<T>(start[0], start[1]), T::of(0.5)),
            v::<T>(0.0, 0.0),
        )
        .with_material(T::of(0.5), T::of(0.6));
        let params = StepParams::new(T::of(1.0 / 120.0), v::<T>(0.0, -9.81), T::of(skin));
        for _ in 0..240 {
            ball.step(&world, &params);
        }
        let settled = vf(ball.circle.center);
        let height = settled[0] * -s + settled[1] * c;
        assert!(
            height > 0.6 - 2.0 * skin && height <= 0.6 + 1e-6,
            "{} settled at {height}",
            T::NAME
        );
        let (mut lo, mut hi) = ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]);
        for _ in 0..10_000 {
            ball.step(&world, &params);
            let p = vf(ball.circle.center);
            for k in 0..2 {
                lo[k] = lo[k].min(p[k]);
                hi[k] = hi[k].max(p[k]);
            }
        }
        let moved = (hi[0] - lo[0]).hypot(hi[1] - lo[1]);
        println!(
            "{} resting on a {tilt_deg}° capsule: moved {moved:.3e} over 10,000 steps (skin {skin})",
            T::NAME
        );
        assert!(
            moved < skin,
            "{} moved {moved} on a {tilt_deg}° capsule",
            T::NAME
        );
    }
}

/// Restitution 1 keeps the energy: a ball bouncing on a floor for 20 s keeps `½v² + g y`
/// within 1%, and its bounces reach the starting height.
fn restitution_one_keeps_energy<T: Num>() {
    let floor = [Capsule::new(
        v::<T>(-50.0, 0.0),
        v::<T>(50.0, 0.0),
        T::of(0.0),
    )];
    let world = Chain::new(&floor);
    let g = 9.81;
    let mut ball = Ball::new(Circle::new(v::<T>(0.0, 3.0), T::of(0.25)), v::<T>(0.5, 0.0))
        .with_material(T::of(1.0), T::of(0.0));
    let mut params = StepParams::new(T::of(1.0 / 240.0), v::<T>(0.0, -g), T::of(0.005));
    params.bounce_threshold = T::of(0.0);
    let energy = |b: &Ball<[T; 2]>| {
        let (p, vel) = (vf(b.circle.center), vf(b.velocity));
        0.5 * (vel[0] * vel[0] + vel[1] * vel[1]) + g * p[1]
    };
    let e0 = energy(&ball);
    let (mut worst, mut bounces) = (0.0_f64, 0);
    for _ in 0..(20 * 240) {
        let report = ball.step(&world, &params);
        bounces += report.hits;
        worst = worst.max((energy(&ball) - e0).abs() / e0);
    }
    println!(
        "{} restitution 1: {bounces} bounces in 20 s, worst energy drift {:.3}%",
        T::NAME,
        100.0 * worst
    );
    assert!(bounces >= 8);
    assert!(worst < 0.01, "{} energy drift {worst}", T::NAME);
}

/// Sliding on a frictionless slope follows the slope: the motion is parallel to it, the
/// ball stays on it, and it covers `½ g sin θ t²`.
fn sliding_follows_the_slope<T: Num>() {
    let theta = 25.0_f64.to_radians();
    let (c, s) = (theta.cos(), theta.sin());
    // Down to the right: from (−10c, 10s) to (10c, −10s).
    let slope = [Capsule::new(
        v::<T>(-10.0 * c, 10.0 * s),
        v::<T>(10.0 * c, -10.0 * s),
        T::of(0.05),
    )];
    let world = Chain::new(&slope);
    let normal = [s, c];
    let r = 0.3;
    let start = [
        -6.0 * c + (r + 0.05) * normal[0],
        6.0 * s + (r + 0.05) * normal[1],
    ];
    let mut ball = Ball::new(
        Circle::new(v::<T>(start[0], start[1]), T::of(r)),
        v::<T>(0.0, 0.0),
    );
    let dt = 1.0 / 240.0;
    let params = StepParams::new(T::of(dt), v::<T>(0.0, -9.81), T::of(0.005));
    let steps = 240;
    for _ in 0..steps {
        ball.step(&world, &params);
        let p = vf(ball.circle.center);
        let height = (p[0] - start[0]) * normal[0] + (p[1] - start[1]) * normal[1];
        assert!(
            height.abs() < 0.011,
            "{} left the slope by {height}",
            T::NAME
        );
    }
    let p = vf(ball.circle.center);
    let (dx, dy) = (p[0] - start[0], p[1] - start[1]);
    let along = dx * c - dy * s;
    let t = steps as f64 * dt;
    // Semi-implicit Euler covers ½ g sinθ t² (1 + 1/n) exactly on a plane.
    let want = 0.5 * 9.81 * s * t * t * (1.0 + 1.0 / steps as f64);
    println!(
        "{} slope: slid {along:.6} (plane reference {want:.6})",
        T::NAME
    );
    assert!(
        (along - want).abs() < 0.005 * want,
        "{} slid {along}, want {want}",
        T::NAME
    );
    let vel = vf(ball.velocity);
    assert!(
        (vel[0] * normal[0] + vel[1] * normal[1]).abs() < 1e-3,
        "velocity leaves the slope"
    );
}

for_each_scalar! {
    resting => resting_does_not_jitter;
    restitution => restitution_one_keeps_energy;
    slope => sliding_follows_the_slope;
}

/// A ball slides over a convex 100-segment arc (a hill): its speed follows energy
/// conservation within 1% at every step, it never leaves the chain by more than 1e-3
/// (no bumps), and the sweeps register no impacts at the joints.
fn chain_convex_slide<T: Num>() {
    let (rc, r) = (20.0, 0.25);
    let n = 100;
    let points: Vec<[f64; 2]> = (0..=n)
        .map(|i| {
            let phi = (-30.0 + 60.0 * i as f64 / n as f64).to_radians();
            [rc * phi.sin(), rc * phi.cos() - rc]
        })
        .collect();
    let links: Vec<_> = points
        .windows(2)
        .map(|w| {
            Capsule::new(
                v::<T>(w[0][0], w[0][1]),
                v::<T>(w[1][0], w[1][1]),
                T::of(0.0),
            )
        })
        .collect();
    let world = Chain::new(&links);
    let g = 9.81;
    let v0 = 1.0;
    let mut ball = Ball::new(Circle::new(v::<T>(0.0, r), T::of(r)), v::<T>(v0, 0.0));
    let skin = 0.002;
    let params = StepParams::new(T::of(1.0 / 240.0), v::<T>(0.0, -g), T::of(skin));
    let y0 = r;
    let (mut worst_speed, mut worst_gap, mut hits) = (0.0_f64, 0.0_f64, 0);
    for _ in 0..2000 {
        let report = ball.step(&world, &params);
        hits += report.hits;
        let p = vf(ball.circle.center);
        if p[0] > points[n][0] - 0.5 {
            break;
        }
        let vel = vf(ball.velocity);
        let speed = vel[0].hypot(vel[1]);
        let want = (v0 * v0 + 2.0 * g * (y0 - p[1])).sqrt();
        worst_speed = worst_speed.max((speed - want).abs() / want);
        let dist = points
            .windows(2)
            .map(|w| dist_sq_point_segment(p, w[0], w[1]))
            .fold(f64::INFINITY, f64::min)
            .sqrt();
        worst_gap = worst_gap.max(dist - r);
    }
    let p = vf(ball.circle.center);
    println!(
        "{} convex chain: worst speed error {:.3}%, worst lift {worst_gap:.2e}, {hits} impacts, ended at x = {:.2}",
        T::NAME,
        100.0 * worst_speed,
        p[0]
    );
    assert!(p[0] > points[n][0] - 1.0, "{} stopped at {p:?}", T::NAME);
    assert!(worst_speed < 0.01, "{} speed error {worst_speed}", T::NAME);
    assert!(
        worst_gap < 1e-3,
        "{} bumped {worst_gap} off the chain",
        T::NAME
    );
    assert_eq!(hits, 0, "{} impacts at joints", T::NAME);
}

/// A ball slides down a concave 100-segment quarter pipe. Exact polyline physics loses
/// the normal part of the velocity at each concave joint (speed × cos θ); the reference
/// integrates that along the offset polyline independently. The ball must match it within
/// 0.2% at the bottom, and never lift off.
fn chain_concave_slide<T: Num>() {
    let (rc, r) = (5.0, 0.2);
    let n = 100;
    // Quarter circle centred (0, rc): from (−rc, rc) down to (0, 0).
    let points: Vec<[f64; 2]> = (0..=n)
        .map(|i| {
            let phi = std::f64::consts::FRAC_PI_2 * (1.0 - i as f64 / n as f64);
            [-rc * phi.sin(), rc - rc * phi.cos()]
        })
        .collect();
    let mut links: Vec<_> = points
        .windows(2)
        .map(|w| {
            Capsule::new(
                v::<T>(w[0][0], w[0][1]),
                v::<T>(w[1][0], w[1][1]),
                T::of(0.0),
            )
        })
        .collect();
    // A flat run-out after the bottom.
    links.push(Capsule::new(
        v::<T>(0.0, 0.0),
        v::<T>(10.0, 0.0),
        T::of(0.0),
    ));
    let world = Chain::new(&links);
    let g = 9.81;
    // Reference: the centre slides on the polyline offset by r towards the inside (same
    // angles as the chain), from rest, gaining 2 g Δy along each offset segment and keeping
    // cos θ of its speed at each corner.
    let mut faces: Vec<([f64; 2], [f64; 2])> = points
        .windows(2)
        .map(|w| (w[0], [w[1][0] - w[0][0], w[1][1] - w[0][1]]))
        .collect();
    faces.push(([0.0, 0.0], [1.0, 0.0]));
    let offset = |(p, d): ([f64; 2], [f64; 2])| {
        let len = d[0].hypot(d[1]);
        ([p[0] - d[1] / len * r, p[1] + d[0] / len * r], d)
    };
    let meet = |(p, d): ([f64; 2], [f64; 2]), (q, e): ([f64; 2], [f64; 2])| {
        // p + s d = q + u e.
        let den = d[0] * e[1] - d[1] * e[0];
        let s = ((q[0] - p[0]) * e[1] - (q[1] - p[1]) * e[0]) / den;
        [p[0] + s * d[0], p[1] + s * d[1]]
    };
    let lines: Vec<_> = faces.iter().map(|&f| offset(f)).collect();
    let mut vertices = vec![lines[0].0];
    for k in 0..n {
        vertices.push(meet(lines[k], lines[k + 1]));
    }
    let mut speed_sq = 0.0_f64;
    for k in 0..n {
        speed_sq += 2.0 * g * (vertices[k][1] - vertices[k + 1][1]);
        let (u, w) = (lines[k].1, lines[k + 1].1);
        let cos = (u[0] * w[0] + u[1] * w[1]) / (u[0].hypot(u[1]) * w[0].hypot(w[1]));
        speed_sq *= cos * cos;
    }
    let want = speed_sq.sqrt();
    // The ball starts touching the first segment near the top.
    let (a, b) = (points[0], points[1]);
    let (tx, ty) = ((b[0] - a[0]) / 1.0, (b[1] - a[1]) / 1.0);
    let len = tx.hypot(ty);
    let normal = [-ty / len, tx / len];
    let start = [a[0] + normal[0] * r, a[1] + normal[1] * r];
    let mut ball = Ball::new(
        Circle::new(v::<T>(start[0], start[1]), T::of(r)),
        v::<T>(0.0, 0.0),
    );
    let params = StepParams::new(T::of(1.0 / 480.0), v::<T>(0.0, -g), T::of(0.002));
    let mut worst_gap = 0.0_f64;
    let mut got = 0.0;
    for _ in 0..20_000 {
        ball.step(&world, &params);
        let p = vf(ball.circle.center);
        let dist = points
            .windows(2)
            .map(|w| dist_sq_point_segment(p, w[0], w[1]))
            .fold(f64::INFINITY, f64::min)
            .min(p[1] * p[1])
            .sqrt();
        worst_gap = worst_gap.max(dist - r);
        if p[0] > 1.0 {
            let vel = vf(ball.velocity);
            got = vel[0].hypot(vel[1]);
            break;
        }
    }
    let lossless = (2.0 * g * (rc - r)).sqrt();
    println!(
        "{} concave chain: speed {got:.4} at the bottom, polyline reference {want:.4} (lossless {lossless:.4}), worst lift {worst_gap:.2e}",
        T::NAME
    );
    assert!(
        (got - want).abs() < 0.01 * want,
        "{} speed {got}, want {want}",
        T::NAME
    );
    assert!(worst_gap < 1e-3, "{} lifted {worst_gap}", T::NAME);
}

for_each_scalar! {
    chain_convex => chain_convex_slide;
    chain_concave => chain_concave_slide;
}

/// Degenerate inputs of the chain and the stepper, each with its documented answer.
fn degenerate_chains_and_steps<T: Num>() {
    let none = ChainContact {
        link: 0,
        contact: Contact {
            normal: v::<T>(0.0, 0.0),
            depth: T::of(0.0),
            point: v::<T>(0.0, 0.0),
        },
    };
    let mut out = [none; 4];
    // An empty chain: nothing touches, nothing moves.
    let empty: [Capsule<[T; 2]>; 0] = [];
    let chain = Chain::new(&empty);
    let ball = Circle::new(v::<T>(0.0, 0.0), T::of(1.0));
    assert_eq!(chain.contacts(&ball, &mut out), 0);
    assert!(chain.sweep(&ball, v::<T>(1.0, 0.0)).is_none());
    let done = chain.resolve(&ball, T::of(0.0));
    assert_eq!((done.center, done.pushes), (ball.center, 0));
    // A closed square loop: the last link joins the first; a ball in a corner inside gets
    // the two faces, and one resting at a corner outside gets one vertex contact.
    let square = [
        Capsule::new(v::<T>(0.0, 0.0), v::<T>(4.0, 0.0), T::of(0.0)),
        Capsule::new(v::<T>(4.0, 0.0), v::<T>(4.0, 4.0), T::of(0.0)),
        Capsule::new(v::<T>(4.0, 4.0), v::<T>(0.0, 4.0), T::of(0.0)),
        Capsule::new(v::<T>(0.0, 4.0), v::<T>(0.0, 0.0), T::of(0.0)),
    ];
    let loop_ = Chain::new(&square);
    assert_eq!(
        loop_.contacts(&Circle::new(v::<T>(0.5, 0.5), T::of(0.75)), &mut out),
        2
    );
    assert_eq!(
        loop_.contacts(&Circle::new(v::<T>(-0.5, -0.5), T::of(0.75)), &mut out),
        1
    );
    let h = 0.5f64.sqrt();
    assert_vec(out[0].contact.normal, [-h, -h], "outer corner normal");
    // A zero-length link inside a chain is covered by its neighbours: still one contact.
    let with_dot = [
        Capsule::new(v::<T>(0.0, 0.0), v::<T>(1.0, 0.0), T::of(0.0)),
        Capsule::new(v::<T>(1.0, 0.0), v::<T>(1.0, 0.0), T::of(0.0)),
        Capsule::new(v::<T>(1.0, 0.0), v::<T>(2.0, 0.0), T::of(0.0)),
    ];
    for x in [0.9, 1.0, 1.1] {
        let n = Chain::new(&with_dot).contacts(&Circle::new(v::<T>(x, 0.45), T::of(0.5)), &mut out);
        assert!(n >= 1, "{} x = {x}", T::NAME);
        assert!(
            out[..n].iter().all(|c| vf(c.contact.normal) == [0.0, 1.0]),
            "{} x = {x}: {:?}",
            T::NAME,
            &out[..n]
        );
    }
    // Coincident centres: a sweep of one circle from the other's centre is time 0, +x.
    let hit = ball.sweep(&ball, v::<T>(1.0, 1.0)).unwrap();
    assert_num(hit.time, 0.0, "coincident time");
    assert_vec(hit.normal, [1.0, 0.0], "coincident normal");
    // A ball with a negative radius moves under gravity alone, through everything.
    let floor = [Capsule::new(
        v::<T>(-5.0, 0.0),
        v::<T>(5.0, 0.0),
        T::of(0.0),
    )];
    let params = StepParams::new(T::of(0.5), v::<T>(0.0, -2.0), T::of(0.01));
    let mut ghost = Ball::new(
        Circle::new(v::<T>(0.0, 0.25), T::of(-1.0)),
        v::<T>(0.0, 0.0),
    );
    ghost.step(&Chain::new(&floor), &params);
    assert_vec(ghost.circle.center, [0.0, -0.25], "gravity alone");
    // A zero time step changes nothing but responds to nothing either.
    let mut still = Ball::new(Circle::new(v::<T>(0.0, 2.0), T::of(0.5)), v::<T>(1.0, 0.0));
    let report = still.step(
        &Chain::new(&floor),
        &StepParams::new(T::of(0.0), v::<T>(0.0, -9.81), T::of(0.01)),
    );
    assert_vec(still.circle.center, [0.0, 2.0], "dt = 0");
    assert_eq!(report.path().len(), 1);
}

for_each_scalar! {
    degenerate => degenerate_chains_and_steps;
}

/// Non-finite state (floats) is left as it is, and nothing panics.
#[test]
fn non_finite_ball_is_left_alone() {
    let floor = [Capsule::new([-5.0, 0.0], [5.0, 0.0], 0.0)];
    let params = StepParams::new(0.01, [0.0, -9.81], 0.01);
    let mut ball = Ball::new(Circle::new([0.0, 1.0], 0.5), [f64::NAN, 0.0]);
    let report = ball.step(&Chain::new(&floor), &params);
    assert_eq!(ball.circle.center, [0.0, 1.0]);
    assert_eq!(
        (report.hits, report.resolved, report.path().len()),
        (0, 0, 1)
    );
}

// ---------------------------------------------------------------------------------------
// Robustness: no panics, finite outputs, unit normals, for awkward inputs.

fn awkward_inputs_are_safe<T: Num>() {
    let values = [0.0, 1.0, -1.0, 1e-6, -3.5, 1e3, 0.5];
    let mut rng = Rng::new(31);
    let pick = |rng: &mut Rng| values[rng.int(0, values.len() as i64 - 1) as usize];
    for _ in 0..20_000 {
        let p = |rng: &mut Rng| v::<T>(pick(rng), pick(rng));
        let (a, b, c, d) = (p(&mut rng), p(&mut rng), p(&mut rng), p(&mut rng));
        let r = T::of(pick(&mut rng));
        let t = T::of(pick(&mut rng));
        let checks_hit = |time: T, normal: [T; 2], point: [T; 2]| {
            assert!(T::is_finite(time) && T::is_finite(point[0]) && T::is_finite(point[1]));
            assert_unit(normal);
        };
        let ray = Ray::new(a, d);
        for hit in [
            ray.cast(&Circle::new(b, r), t),
            ray.cast(&Segment::new(b, c), t),
            ray.cast(&Capsule::new(b, c, r), t),
        ]
        .into_iter()
        .flatten()
        {
            checks_hit(hit.time, hit.normal, hit.point);
            assert!(hit.time >= T::of(0.0) && hit.time <= t);
        }
        let ball = Circle::new(a, r);
        for hit in [
            ball.sweep(&Segment::new(b, c), d),
            ball.sweep(&Capsule::new(b, c, r), d),
            ball.sweep(&Circle::new(b, r), d),
        ]
        .into_iter()
        .flatten()
        {
            checks_hit(hit.time, hit.normal, hit.point);
            assert!(hit.time >= T::of(0.0) && hit.time <= T::of(1.0));
        }
        let crossings = Segment::new(b, c).circle_crossings(&ball);
        assert!(
            crossings
                .iter()
                .all(|t| *t >= T::of(0.0) && *t <= T::of(1.0))
        );
        if let Some(c) = ball.contact_with_margin(&Capsule::new(b, c, r), t) {
            assert_unit(c.normal);
        }
        let links = [
            Capsule::new(b, c, T::of(0.0)),
            Capsule::new(c, d, T::of(0.0)),
        ];
        let mut body = Ball::new(ball, d).with_material(T::of(0.5), T::of(0.5));
        let params = StepParams::new(T::of(0.01), v::<T>(0.0, -9.81), T::of(0.001));
        let report = body.step(&Chain::new(&links), &params);
        assert!(
            report
                .path()
                .iter()
                .all(|p| T::is_finite(p[0]) && T::is_finite(p[1]))
        );
    }
}

for_each_scalar! {
    awkward => awkward_inputs_are_safe;
}

/// NaN and infinities (floats): no panic, nothing NaN comes out.
#[test]
fn nan_and_infinity_give_none_or_finite() {
    let nan = f64::NAN;
    let inf = f64::INFINITY;
    let shapes = Capsule::new([0.0, 0.0], [1.0, 0.0], 0.5);
    for o in [[nan, 0.0], [inf, 0.0], [0.0, -inf], [2.0, 2.0]] {
        for d in [[nan, 1.0], [inf, 0.0], [0.0, -1.0], [0.0, 0.0]] {
            for t in [nan, inf, -1.0, 5.0] {
                if let Some(hit) = Ray::new(o, d).cast(&shapes, t) {
                    assert!(
                        !hit.time.is_nan() && hit.point.iter().all(|x| x.is_finite()),
                        "{o:?} {d:?} {t}: {hit:?}"
                    );
                }
                if let Some(hit) = Circle::new(o, 0.5).sweep(&shapes, d) {
                    assert!(hit.time.is_finite() && hit.point.iter().all(|x| x.is_finite()));
                }
            }
        }
    }
    // An infinite max time is an unbounded ray.
    let far = Ray::new([-1e12, 0.25], [1.0, 0.0])
        .cast(&shapes, inf)
        .unwrap();
    assert!((far.time - (1e12 - (0.5f64 * 0.5 - 0.25 * 0.25).sqrt())).abs() < 1e-3);
    assert!(
        Segment::new([nan, 0.0], [1.0, 1.0])
            .circle_crossings(&Circle::new([0.0, 0.0], 1.0))
            .is_empty()
    );
}

/// The exact helpers on hand-derived cases: a drop onto a floor touching at `t = 0.5`, a
/// start inside, a miss, and the closest approach of a pass above a segment's end.
#[test]
fn exact_helpers_work() {
    let bracket = exact_toi([0.0, 3.0], [0.0, -4.0], 1.0, [-5.0, 0.0], [5.0, 0.0], 1.0).unwrap();
    assert!(bracket.0 <= 0.5 && bracket.1 >= 0.5 && bracket.1 - bracket.0 < 1e-15);
    let inside = exact_toi([0.0, 0.5], [1.0, 0.0], 1.0, [-5.0, 0.0], [5.0, 0.0], 1.0);
    assert_eq!(inside, Some((0.0, 0.0)));
    assert_eq!(
        exact_toi([0.0, 3.0], [0.0, -1.0], 1.0, [-5.0, 0.0], [5.0, 0.0], 1.0),
        None
    );
    // From (7, 4) to (7, −4) past the end (5, 0): closest at t = 0.5, distance 2.
    assert_eq!(
        closest_approach([7.0, 4.0], [0.0, -8.0], 1.0, [-5.0, 0.0], [5.0, 0.0]),
        2.0
    );
    // Across the segment's line inside it: distance 0.
    assert_eq!(
        closest_approach([1.0, 4.0], [1.0, -8.0], 1.0, [-5.0, 0.0], [5.0, 0.0]),
        0.0
    );
}
