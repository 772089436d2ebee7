//! f64 accuracy against the exact rational reference (`common::exact`).
//!
//! The "Must show" bounds, measured in ulps of the inputs' magnitude `M` (the
//! largest absolute coordinate or radius of the case; one ulp is the f64 spacing at `M`):
//!
//! - closest points within 4 ulps, and the closest parameter `t` within 32 ulps of `M`
//!   once scaled by the segment's length (where its error matters);
//! - contact depths within 8 ulps;
//! - normals within 1e-14 of the exact unit normal (the issue asks for 1e-9);
//! - intersection decisions equal to the exact decision, on random inputs and on inputs
//!   built to touch exactly (small integers and dyadic values, where every product the
//!   crate forms is exact);
//! - no NaN at ordinary magnitudes (coordinates from 1e-3 to 1e7).
//!
//! Cases come from a seeded PRNG, so a failure reproduces; `CAPSULE2D_REF_CASES` sets how
//! many (default 3000 per test). Run with `--nocapture` to see the worst errors measured.

use crate::common;

use capsule2d::{Capsule, Circle, Contact, Segment, Shape};
use common::{D, Frac, H, P, Rng, exact, magnitude, ulp};

type V = [f64; 2];

const CLOSEST_ULPS: f64 = 4.0;
/// The parameter's error times the segment's length, in ulps of `M`: measured 3.5 (5.4
/// with `CAPSULE2D_REF_CASES=200000`).
const PARAMETER_ULPS: f64 = 32.0;
const DEPTH_ULPS: f64 = 8.0;
/// Measured: 3.1e-16 (1.6e-15 with `CAPSULE2D_REF_CASES=200000`; touching constructions:
/// 0).
const NORMAL_TOL: f64 = 1e-14;

fn cases() -> usize {
    std::env::var("CAPSULE2D_REF_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3000)
}

fn p(v: V) -> P {
    P::from_f64(v)
}

fn q(x: f64) -> D {
    D::f(x)
}

/// `|got − want|` in ulps of `m`: `(Euclidean, largest component)`.
fn point_ulps(got: V, want: &H, m: f64) -> (f64, f64) {
    assert!(
        got[0].is_finite() && got[1].is_finite(),
        "non-finite point {got:?}"
    );
    let e = want.to(&p(got));
    let component = |c: &D| D::div_approx(&c.abs(), &want.w, 80).to_f64() / ulp(m);
    (
        want.distance_f64(&p(got)) / ulp(m),
        component(&e.x).max(component(&e.y)),
    )
}

/// A random scene: segment (or capsule core) `ab`, a point/centre `c`, a second segment
/// `cd`, radii `r1` (of the `ab` shape) and `r2` (of the `c`/`cd` shape).
#[derive(Clone, Copy, Debug)]
struct Scene {
    a: V,
    b: V,
    c: V,
    d: V,
    r1: f64,
    r2: f64,
}

impl Scene {
    fn magnitude(&self) -> f64 {
        let Self { a, b, c, d, r1, r2 } = *self;
        magnitude(&[a[0], a[1], b[0], b[1], c[0], c[1], d[0], d[1], r1, r2])
    }
}

fn add(u: V, w: V) -> V {
    [u[0] + w[0], u[1] + w[1]]
}

fn scaled(u: V, k: f64) -> V {
    [u[0] * k, u[1] * k]
}

fn random_unit(rng: &mut Rng) -> V {
    let angle = rng.range(0.0, std::f64::consts::TAU);
    [angle.cos(), angle.sin()]
}

/// Scenes of several kinds, at scales 1e-3 to 1e6, some translated far from the origin
/// (so that the distances involved are much smaller than the coordinates).
fn scene(rng: &mut Rng) -> Scene {
    let scale = 10f64.powi(rng.below(10) as i32 - 3);
    let point = |rng: &mut Rng| [rng.range(-scale, scale), rng.range(-scale, scale)];
    let (a, mut b, mut c, mut d) = (point(rng), point(rng), point(rng), point(rng));
    let (mut r1, mut r2) = (rng.range(0.0, scale), rng.range(0.0, scale));
    match rng.below(6) {
        // Uniform.
        0 => {}
        // A short segment.
        1 => {
            b = add(
                a,
                scaled(random_unit(rng), scale * 1e-6 * rng.range(0.5, 2.0)),
            );
        }
        // A centre near the surface of the capsule `ab` (radius r1 + r2): in front of the
        // interior, or in an end region, at distance (r1 + r2)(1 ± δ).
        2 | 3 => {
            let t = rng.range(-0.3, 1.3);
            let v = [b[0] - a[0], b[1] - a[1]];
            let base = add(a, scaled(v, t.clamp(0.0, 1.0)));
            let dir = if (0.0..=1.0).contains(&t) {
                let len = v[0].hypot(v[1]);
                let sign = if rng.below(2) == 0 { 1.0 } else { -1.0 };
                [-v[1] / len * sign, v[0] / len * sign]
            } else {
                // Away from the segment, inside the end region.
                let mut u = random_unit(rng);
                let outward = if t < 0.0 { scaled(v, -1.0) } else { v };
                if u[0] * outward[0] + u[1] * outward[1] < 0.0 {
                    u = scaled(u, -1.0);
                }
                u
            };
            let delta = rng.log_uniform(-27, -1);
            c = add(base, scaled(dir, (r1 + r2) * (1.0 + delta)));
            // And a second segment leaving c away from ab.
            let mut u = random_unit(rng);
            if u[0] * dir[0] + u[1] * dir[1] < 0.0 {
                u = scaled(u, -1.0);
            }
            d = add(c, scaled(u, rng.range(0.0, scale)));
        }
        // Crossing or nearly crossing segments with radius zero or small.
        4 => {
            r1 = if rng.below(2) == 0 { 0.0 } else { r1 * 1e-3 };
            r2 = if rng.below(2) == 0 { 0.0 } else { r2 * 1e-3 };
        }
        // Nearly parallel segments.
        _ => {
            let v = [b[0] - a[0], b[1] - a[1]];
            let offset = scaled([-v[1], v[0]], rng.range(-0.5, 0.5));
            c = add(add(a, offset), scaled(v, rng.range(-0.5, 0.5)));
            d = add(
                c,
                scaled(v, rng.range(0.2, 1.5) * (1.0 + rng.log_uniform(-30, -8))),
            );
        }
    }
    // Translate some scenes far from the origin, up to 2^17 times their size. (Further out,
    // the coordinates' own rounding, ulp(M), is no longer small against the scene: nearly
    // parallel capsules then tie within rounding, the crate's normal may come from either
    // candidate, and it is off by up to about ulp(M) / size: 8.5e-10 was measured at 2^20.)
    if rng.below(4) == 0 {
        let shift = [
            rng.log_uniform(0, 16) * scale,
            rng.log_uniform(0, 16) * scale,
        ];
        return Scene {
            a: add(a, shift),
            b: add(b, shift),
            c: add(c, shift),
            d: add(d, shift),
            r1,
            r2,
        };
    }
    Scene { a, b, c, d, r1, r2 }
}

/// Worst errors seen, in ulps of the case's magnitude (normals: absolute).
#[derive(Default, Debug)]
struct Worst {
    closest_ulps: f64,
    closest_euclid_ulps: f64,
    parameter_ulps: f64,
    distance_ulps: f64,
    depth_ulps: f64,
    normal: f64,
    point_ulps: f64,
    hits: usize,
    misses: usize,
}

impl Worst {
    fn contact(&mut self, what: &str, got: Option<Contact<V>>, want: &exact::Contact, m: f64) {
        if let Some(c) = got {
            for x in [c.normal[0], c.normal[1], c.depth, c.point[0], c.point[1]] {
                assert!(x.is_finite(), "{what}: NaN or infinity in {c:?}");
            }
        }
        let (n_err, d_err) =
            common::compare_contact(what, got, want, NORMAL_TOL, DEPTH_ULPS * ulp(m));
        if want.hit {
            self.hits += 1;
        } else {
            self.misses += 1;
        }
        self.normal = self.normal.max(n_err);
        self.depth_ulps = self.depth_ulps.max(d_err / ulp(m));
    }

    fn report(&self, name: &str) {
        eprintln!("{name}: {self:?}");
        assert!(
            self.hits > 0 && self.misses > 0,
            "{name}: the scenes must both hit and miss"
        );
    }
}

#[test]
fn closest_point_parameter_and_distance() {
    let mut rng = Rng::new(1);
    let mut worst = Worst::default();
    for _ in 0..cases() {
        let sc = scene(&mut rng);
        let m = sc.magnitude();
        let seg = Segment::new(sc.a, sc.b);
        let (a, b, c) = (p(sc.a), p(sc.b), p(sc.c));
        let (t_num, t_den) = exact::parameter(&a, &b, &c);
        let q_exact = exact::closest_point(&a, &b, &c);
        let d2_exact = exact::dist2_point_segment(&a, &b, &c);

        let t = seg.closest_parameter(sc.c);
        assert!((0.0..=1.0).contains(&t), "{sc:?}: t = {t}");
        // The parameter's error measured where it matters: along the segment.
        let t_err = D::div_approx(&(q(t) * &t_den - &t_num).abs(), &t_den, 80).to_f64();
        let t_err = t_err * seg.length() / ulp(m);
        assert!(
            t_err <= PARAMETER_ULPS,
            "{sc:?}: parameter {t} is {t_err} ulps off along the segment"
        );
        // Per coordinate (an ulp is a per-number notion); the Euclidean error is recorded.
        let (q_euclid, q_err) = point_ulps(seg.project_point(sc.c), &q_exact, m);
        assert!(
            q_err <= CLOSEST_ULPS,
            "{sc:?}: closest point {q_err} ulps off"
        );
        // |c − q|² with q off by ε is off by about 2|c − q|ε.
        let d2 = dist2((seg.project_point(sc.c), sc.c));
        assert!(d2.is_finite());
        let dist = d2_exact.sqrt_f64();
        let d2_tol = 2.0 * dist * CLOSEST_ULPS * ulp(m) + 4.0 * ulp(d2);
        let d2_err = Frac {
            num: (q(d2) * &d2_exact.den - &d2_exact.num).abs(),
            den: d2_exact.den.clone(),
        };
        let d2_err = d2_err.to_f64();
        assert!(
            d2_err <= d2_tol,
            "{sc:?}: distance² {d2} vs {}",
            d2_exact.to_f64()
        );
        let dist_err = (seg.distance(&sc.c) - dist).abs();
        assert!(
            dist_err <= CLOSEST_ULPS * ulp(m),
            "{sc:?}: distance off by {dist_err:e}"
        );
        assert_eq!(seg.contains_point(sc.c), d2_exact.is_zero(), "{sc:?}");

        worst.parameter_ulps = worst.parameter_ulps.max(t_err);
        worst.closest_ulps = worst.closest_ulps.max(q_err);
        worst.closest_euclid_ulps = worst.closest_euclid_ulps.max(q_euclid);
        worst.distance_ulps = worst.distance_ulps.max(dist_err / ulp(m));
    }
    eprintln!("closest point: {worst:?}");
}

#[test]
fn circle_and_point_contacts() {
    let mut rng = Rng::new(2);
    let mut worst = Worst::default();
    for _ in 0..cases() {
        let sc = scene(&mut rng);
        let m = sc.magnitude();
        let (seg, cap) = (Segment::new(sc.a, sc.b), Capsule::new(sc.a, sc.b, sc.r1));
        let circle = Circle::new(sc.c, sc.r2);
        let (a, b, c) = (p(sc.a), p(sc.b), p(sc.c));
        let (r1, r2) = (q(sc.r1), q(sc.r2));
        let sum = &r1 + &r2;

        // Circle against segment: the seed's query. `point` is the closest point of the
        // segment, exactly the projection.
        let want = exact::point_segment(&c, &a, &b, &r2);
        let got = circle.contact(&seg);
        assert_eq!(circle.intersects(&seg), want.hit, "{sc:?}");
        worst.contact("circle/segment", got, &want, m);
        if let (Some(got), Some((_, on_y))) = (got, &want.closest) {
            let (_, err) = point_ulps(got.point, on_y, m);
            assert!(err <= CLOSEST_ULPS, "{sc:?}: contact point {err} ulps off");
            worst.point_ulps = worst.point_ulps.max(err);
        }

        // The mirror image.
        let want = exact::segment_point(&a, &b, &c, &r2);
        assert_eq!(seg.intersects(&circle), want.hit, "{sc:?}");
        worst.contact("segment/circle", seg.contact(&circle), &want, m);

        // Circle against circle (centres c and a).
        let other = Circle::new(sc.a, sc.r1);
        let want = exact::point_point(&c, &a, &sum);
        assert_eq!(circle.intersects(&other), want.hit, "{sc:?}");
        worst.contact("circle/circle", circle.contact(&other), &want, m);

        // Circle against capsule, both ways.
        let want = exact::point_segment(&c, &a, &b, &sum);
        assert_eq!(circle.intersects(&cap), want.hit, "{sc:?}");
        worst.contact("circle/capsule", circle.contact(&cap), &want, m);
        let want = exact::segment_point(&a, &b, &c, &sum);
        assert_eq!(cap.intersects(&circle), want.hit, "{sc:?}");
        worst.contact("capsule/circle", cap.contact(&circle), &want, m);

        // Points.
        let want = exact::segment_point(&a, &b, &c, &r1);
        assert_eq!(cap.contains_point(sc.c), want.hit, "{sc:?}");
        worst.contact("capsule/point", cap.contact(&sc.c), &want, m);
        let want = exact::point_point(&c, &a, &r2);
        assert_eq!(circle.contains_point(sc.a), want.hit, "{sc:?}");
        worst.contact("circle/point", circle.contact(&sc.a), &want, m);
    }
    worst.report("circle and point contacts");
}

#[test]
fn segment_and_capsule_pairs() {
    let mut rng = Rng::new(3);
    let mut worst = Worst::default();
    for _ in 0..cases() {
        let sc = scene(&mut rng);
        let m = sc.magnitude();
        let (x_seg, y_seg) = (Segment::new(sc.a, sc.b), Segment::new(sc.c, sc.d));
        let (x_cap, y_cap) = (
            Capsule::new(sc.a, sc.b, sc.r1),
            Capsule::new(sc.c, sc.d, sc.r2),
        );
        let (a, b, c, d) = (p(sc.a), p(sc.b), p(sc.c), p(sc.d));
        let (r1, r2) = (q(sc.r1), q(sc.r2));

        let want = exact::segment_segment(&a, &b, &c, &d, &(&r1 + &r2));
        assert_eq!(x_cap.intersects(&y_cap), want.hit, "{sc:?}");
        worst.contact("capsule/capsule", x_cap.contact(&y_cap), &want, m);

        let want = exact::segment_segment(&a, &b, &c, &d, &r1);
        assert_eq!(x_cap.intersects(&y_seg), want.hit, "{sc:?}");
        worst.contact("capsule/segment", x_cap.contact(&y_seg), &want, m);

        let want = exact::segment_segment(&a, &b, &c, &d, &r2);
        assert_eq!(x_seg.intersects(&y_cap), want.hit, "{sc:?}");
        worst.contact("segment/capsule", x_seg.contact(&y_cap), &want, m);

        // Segment against segment: decision, distance and closest points.
        let crossing = exact::segments_intersect(&a, &b, &c, &d);
        assert_eq!(x_seg.intersects(&y_seg), crossing, "{sc:?}");
        let d2_exact = exact::dist2_segments(&a, &b, &c, &d);
        let (px, py) = x_seg.closest_points(&y_seg).points();
        // Each point lies on its segment, and their distance is the exact distance.
        let on_x = exact::dist2_point_segment(&a, &b, &p(px)).sqrt_f64() / ulp(m);
        let on_y = exact::dist2_point_segment(&c, &d, &p(py)).sqrt_f64() / ulp(m);
        let gap = (p(px).sub(&p(py)).length_f64() - d2_exact.sqrt_f64()).abs() / ulp(m);
        if !crossing {
            // Disjoint: the closest pair is an endpoint and its projection.
            assert!(
                on_x.max(on_y) <= CLOSEST_ULPS,
                "{sc:?}: closest points {on_x}, {on_y}"
            );
            assert!(
                gap <= CLOSEST_ULPS,
                "{sc:?}: closest distance {gap} ulps off"
            );
            worst.closest_ulps = worst.closest_ulps.max(on_x.max(on_y));
            worst.distance_ulps = worst.distance_ulps.max(gap);
        } else {
            assert_eq!(px, py, "{sc:?}: crossing segments share the point");
            assert_eq!(dist2(x_seg.closest_points(&y_seg).points()), 0.0);
        }
        if want.hit {
            worst.hits += 1;
        } else {
            worst.misses += 1;
        }
    }
    worst.report("segment and capsule pairs");
}

/// The crossing point of two crossing segments lies within 4 ulps of `M` of *both*
/// segments, at every angle: random scenes, and pairs crossing at angles from `10⁻³` down
/// to `10⁻¹²` radians, some of them near an end of one segment. There the rounded cross
/// products that locate the crossing lose most of their digits; a point computed from them
/// drifts along the nearly parallel segments by `ε M / sin θ`, which near an end takes it
/// off the shorter one (the crate takes them exactly instead).
#[test]
fn crossing_point_lies_on_both_segments() {
    let mut rng = Rng::new(4);
    let mut worst = 0.0_f64;
    let mut crossings = 0;
    let mut check = |sc: &Scene| {
        let m = sc.magnitude();
        let (a, b, c, d) = (p(sc.a), p(sc.b), p(sc.c), p(sc.d));
        if !exact::segments_intersect(&a, &b, &c, &d) {
            return;
        }
        crossings += 1;
        let (x, y) = (Segment::new(sc.a, sc.b), Segment::new(sc.c, sc.d));
        for (px, qx) in [x.closest_points(&y).points(), y.closest_points(&x).points()] {
            assert_eq!(px, qx, "{sc:?}: crossing segments share one point");
            let off = exact::dist2_point_segment(&a, &b, &p(px))
                .sqrt_f64()
                .max(exact::dist2_point_segment(&c, &d, &p(px)).sqrt_f64());
            let ulps = off / ulp(m);
            assert!(
                ulps <= 4.0,
                "{sc:?}: crossing point {px:?} {off:e} off ({ulps} ulps)"
            );
            worst = worst.max(ulps);
        }
    };
    for _ in 0..cases() {
        check(&scene(&mut rng));
    }
    // Nearly parallel: y turned by a tiny angle about a point of x.
    for i in 0..cases() {
        let scale = 10f64.powi(rng.below(10) as i32 - 3);
        let a = [rng.range(-scale, scale), rng.range(-scale, scale)];
        let b = [rng.range(-scale, scale), rng.range(-scale, scale)];
        let t = rng.range(0.0, 1.0);
        let on = [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
        let angle = [1e-3, 1e-6, 1e-9, 1e-12][i % 4] * rng.range(-1.0, 1.0);
        let (sin, cos) = angle.sin_cos();
        let u = [b[0] - a[0], b[1] - a[1]];
        let turned = [u[0] * cos - u[1] * sin, u[0] * sin + u[1] * cos];
        // Half of them cross near an end of y, where a point that drifts along the
        // segments (as a rounded `t` would) leaves y.
        let near_end = [1.0, 1e-4, 1e-8, 1e-12][(i / 4) % 4];
        let (back, ahead) = (rng.range(0.05, 1.0) * near_end, rng.range(0.05, 1.0));
        let c = [on[0] - back * turned[0], on[1] - back * turned[1]];
        let d = [on[0] + ahead * turned[0], on[1] + ahead * turned[1]];
        check(&Scene {
            a,
            b,
            c,
            d,
            r1: 0.0,
            r2: 0.0,
        });
    }
    eprintln!("crossing point: {crossings} crossings, worst {worst} ulps of M from either segment");
    assert!(crossings > cases() / 2, "too few crossings: {crossings}");
}

// ---------------------------------------------------------------------------------------
// Exactly touching inputs: small integers and dyadic values, for which every product and
// sum the crate forms is exact in f64. The exact decision is "touching", so the crate must
// say `true`, with depth 0; one ulp further away it must say `false`.
// ---------------------------------------------------------------------------------------

/// The next f64 away from zero.
fn up(x: f64) -> f64 {
    if x == 0.0 {
        f64::from_bits(1)
    } else {
        f64::from_bits(x.to_bits() + 1)
    }
}

fn assert_touching(what: &str, got: Option<Contact<V>>, hit: bool, want: &exact::Contact) {
    assert!(want.touching, "{what}: the construction must touch exactly");
    assert!(hit, "{what}: touching shapes intersect");
    let c = got.unwrap_or_else(|| panic!("{what}: touching shapes have a contact"));
    assert_eq!(c.depth, 0.0, "{what}: touching gives depth 0: {c:?}");
    let n_err = want
        .normals
        .iter()
        .map(|n| common::normal_error(c.normal, n))
        .fold(9.0, f64::min);
    assert!(
        n_err <= NORMAL_TOL,
        "{what}: normal {c:?} vs {:?}",
        want.normals
    );
}

fn assert_apart(what: &str, got: Option<Contact<V>>, hit: bool, want: &exact::Contact) {
    assert!(!want.hit, "{what}: the construction must miss");
    assert!(
        !hit && got.is_none(),
        "{what}: shapes one ulp apart do not intersect: {got:?}"
    );
}

#[test]
fn exactly_touching_circle_above_segment() {
    // A circle of radius r at (x, r) over the segment y = 0, x0 ≤ x ≤ x1: the distance is
    // exactly r. Dyadic radii and positions, over several binades.
    for &r in &[0.5, 1.0, 3.0, 0.375, 1024.0, 1.0 / 1024.0, 12345.0] {
        for &(x0, x, x1) in &[
            (-4.0, 0.0, 4.0),
            (0.0, 0.0, 8.0),
            (-2.0, 2.0, 2.0),
            (1.5, 7.25, 9.0),
        ] {
            let seg = Segment::new([x0, 0.0], [x1, 0.0]);
            for (center, hit) in [([x, r], true), ([x, up(r)], false), ([x, -r], true)] {
                let circle = Circle::new(center, r);
                let want = exact::point_segment(&p(center), &p(seg.a), &p(seg.b), &q(r));
                let what = format!("circle {center:?} r {r} over {seg:?}");
                if hit {
                    assert_touching(&what, circle.contact(&seg), circle.intersects(&seg), &want);
                } else {
                    assert_apart(&what, circle.contact(&seg), circle.intersects(&seg), &want);
                }
            }
        }
    }
}

#[test]
fn exactly_touching_three_four_five() {
    // 3-4-5 right triangles, scaled by powers of two and by small integers.
    for &k in &[1.0, 2.0, 0.25, 7.0, 1024.0, 1.0 / 64.0] {
        let (x3, y4, r5) = (3.0 * k, 4.0 * k, 5.0 * k);
        // Circle against the endpoint (0, 0) of a segment going left.
        let seg = Segment::new([0.0, 0.0], [-10.0 * k, 0.0]);
        for (c, r, hit) in [
            ([x3, y4], r5, true),
            ([x3, y4], r5 * (1.0 - f64::EPSILON / 2.0), false),
        ] {
            let circle = Circle::new(c, r);
            let want = exact::point_segment(&p(c), &p(seg.a), &p(seg.b), &q(r));
            let what = format!("circle {c:?} r {r} at the end of {seg:?}");
            if hit {
                assert_touching(&what, circle.contact(&seg), circle.intersects(&seg), &want);
            } else {
                assert_apart(&what, circle.contact(&seg), circle.intersects(&seg), &want);
            }
        }
        // Circles of radii 2k and 3k with centres 5k apart.
        let (u, w) = (
            Circle::new([0.0, 0.0], 2.0 * k),
            Circle::new([x3, y4], 3.0 * k),
        );
        let want = exact::point_point(&p(w.center), &p(u.center), &q(5.0 * k));
        assert_touching(
            "circle/circle 3-4-5",
            w.contact(&u),
            w.intersects(&u),
            &want,
        );
        let far = Circle::new([x3, up(y4)], 3.0 * k);
        let want = exact::point_point(&p(far.center), &p(u.center), &q(5.0 * k));
        assert_apart(
            "circle/circle 3-4-5 + ulp",
            far.contact(&u),
            far.intersects(&u),
            &want,
        );
        // A circle on the boundary point (3, 4)k.
        let big = Circle::new([0.0, 0.0], r5);
        let want = exact::point_point(&q_pt(0.0, 0.0), &q_pt(x3, y4), &q(r5));
        assert_touching(
            "circle/point 3-4-5",
            big.contact(&[x3, y4]),
            big.contains_point([x3, y4]),
            &want,
        );

        // A slanted segment along (4, 3) and a centre 5 away along its normal (−3, 4):
        // the cross product 4·(4 + 4s)·… is an exact integer, as is r²|v|².
        let seg = Segment::new([0.0, 0.0], [8.0 * k, 6.0 * k]);
        let c = [4.0 * k - 3.0 * k, 3.0 * k + 4.0 * k];
        let circle = Circle::new(c, r5);
        let want = exact::point_segment(&p(c), &p(seg.a), &p(seg.b), &q(r5));
        assert_touching(
            "circle over a 3-4-5 slope",
            circle.contact(&seg),
            circle.intersects(&seg),
            &want,
        );
        let circle = Circle::new(c, r5 * (1.0 - f64::EPSILON / 2.0));
        let want = exact::point_segment(&p(c), &p(seg.a), &p(seg.b), &q(circle.radius));
        assert_apart(
            "circle over a 3-4-5 slope, r − ulp",
            circle.contact(&seg),
            circle.intersects(&seg),
            &want,
        );
    }
}

fn q_pt(x: f64, y: f64) -> P {
    P::f(x, y)
}

#[test]
fn exactly_touching_capsules_and_segments() {
    let sum = |x: f64, y: f64| q(x) + q(y);
    for &k in &[1.0, 0.5, 3.0, 256.0] {
        // Parallel capsules, cores 3k apart, radii k and 2k.
        let x = Capsule::new([0.0, 3.0 * k], [4.0 * k, 3.0 * k], k);
        let y = Capsule::new([-k, 0.0], [2.0 * k, 0.0], 2.0 * k);
        let want = exact::segment_segment(&p(x.a), &p(x.b), &p(y.a), &p(y.b), &sum(k, 2.0 * k));
        assert_touching("parallel capsules", x.contact(&y), x.intersects(&y), &want);
        let lifted = Capsule::new([0.0, up(3.0 * k)], [4.0 * k, up(3.0 * k)], k);
        let want = exact::segment_segment(
            &p(lifted.a),
            &p(lifted.b),
            &p(y.a),
            &p(y.b),
            &sum(k, 2.0 * k),
        );
        assert_apart(
            "parallel capsules + ulp",
            lifted.contact(&y),
            lifted.intersects(&y),
            &want,
        );

        // End to end along a 3-4-5 diagonal: x ends at (0, 0), y starts at (3, 4)k.
        let x = Capsule::new([-2.0 * k, -7.0 * k], [0.0, 0.0], 2.0 * k);
        let y = Capsule::new([3.0 * k, 4.0 * k], [9.0 * k, 5.0 * k], 3.0 * k);
        let want =
            exact::segment_segment(&p(x.a), &p(x.b), &p(y.a), &p(y.b), &sum(2.0 * k, 3.0 * k));
        assert_touching("capsule ends 3-4-5", x.contact(&y), x.intersects(&y), &want);

        // A capsule resting on a segment, and the segment against the capsule.
        let floor = Segment::new([-5.0 * k, 0.0], [5.0 * k, 0.0]);
        let log = Capsule::new([-k, k], [k, k], k);
        let want = exact::segment_segment(&p(log.a), &p(log.b), &p(floor.a), &p(floor.b), &q(k));
        assert_touching(
            "capsule on a segment",
            log.contact(&floor),
            log.intersects(&floor),
            &want,
        );
        let want = exact::segment_segment(&p(floor.a), &p(floor.b), &p(log.a), &p(log.b), &q(k));
        assert_touching(
            "segment under a capsule",
            floor.contact(&log),
            floor.intersects(&log),
            &want,
        );

        // A circle against a capsule's round end, 3-4-5.
        let cap = Capsule::new([-6.0 * k, 0.0], [0.0, 0.0], 2.0 * k);
        let ball = Circle::new([3.0 * k, 4.0 * k], 3.0 * k);
        let want = exact::point_segment(
            &p(ball.center),
            &p(cap.a),
            &p(cap.b),
            &sum(3.0 * k, 2.0 * k),
        );
        assert_touching(
            "circle on a capsule end",
            ball.contact(&cap),
            ball.intersects(&cap),
            &want,
        );
        let point = [3.0 * k, 4.0 * k];
        let cap5 = Capsule::new([-6.0 * k, 0.0], [0.0, 0.0], 5.0 * k);
        let want = exact::segment_point(&p(cap5.a), &p(cap5.b), &p(point), &q(5.0 * k));
        assert_touching(
            "point on a capsule end",
            cap5.contact(&point),
            cap5.contains_point(point),
            &want,
        );

        // Segments touching end to side (a T) and end to end: distance 0.
        let s = Segment::new([0.0, 0.0], [4.0 * k, 0.0]);
        for t in [
            Segment::new([k, 0.0], [k, 3.0 * k]),
            Segment::new([4.0 * k, 0.0], [7.0 * k, 4.0 * k]),
        ] {
            assert!(exact::segments_intersect(
                &p(s.a),
                &p(s.b),
                &p(t.a),
                &p(t.b)
            ));
            assert!(s.intersects(&t) && t.intersects(&s), "{s:?} {t:?}");
            assert_eq!(dist2(s.closest_points(&t).points()), 0.0);
        }
        // The same T lifted by one ulp of k.
        let gap = Segment::new([k, k * f64::EPSILON], [k, 3.0 * k]);
        assert!(!exact::segments_intersect(
            &p(s.a),
            &p(s.b),
            &p(gap.a),
            &p(gap.b)
        ));
        assert!(
            !s.intersects(&gap) && !gap.intersects(&s),
            "a T one ulp off"
        );
        assert!(dist2(s.closest_points(&gap).points()) > 0.0);
    }
}

/// Random inputs in a range where f64 arithmetic on them is exact: integers below 2^20.
/// Products of two are below 2^42 and sums of such products below 2^53, so the crate's
/// decision must equal the exact one, including the many exact ties a grid produces.
#[test]
fn decisions_on_an_integer_grid_are_exact() {
    let mut rng = Rng::new(5);
    let mut ties = 0;
    for _ in 0..cases() * 4 {
        let n = 1 << rng.below(5);
        let mut int = || (rng.below(2 * n + 1) as i64 - n as i64) as f64;
        let (a, b, c, d) = (
            [int(), int()],
            [int(), int()],
            [int(), int()],
            [int(), int()],
        );
        let (r1, r2) = (int().abs(), int().abs());
        let (pa, pb, pc, pd) = (p(a), p(b), p(c), p(d));
        let sum = q(r1) + q(r2);
        let circle = Circle::new(c, r2);
        let (seg, cap) = (Segment::new(a, b), Capsule::new(a, b, r1));
        let want = exact::point_segment(&pc, &pa, &pb, &q(r2));
        ties += usize::from(want.touching);
        let what = format!("{a:?} {b:?} {c:?} {d:?} {r1} {r2}");
        assert_eq!(circle.intersects(&seg), want.hit, "{what}");
        assert_eq!(
            circle.intersects(&cap),
            exact::point_segment(&pc, &pa, &pb, &sum).hit,
            "{what}"
        );
        assert_eq!(
            circle.intersects(&Circle::new(a, r1)),
            exact::point_point(&pc, &pa, &sum).hit
        );
        assert_eq!(
            cap.contains_point(c),
            exact::point_segment(&pc, &pa, &pb, &q(r1)).hit,
            "{what}"
        );
        let y = Capsule::new(c, d, r2);
        assert_eq!(
            cap.intersects(&y),
            exact::segment_segment(&pa, &pb, &pc, &pd, &sum).hit,
            "{what}"
        );
        assert_eq!(
            seg.intersects(&Segment::new(c, d)),
            exact::segments_intersect(&pa, &pb, &pc, &pd),
            "{what}"
        );
        // On the grid, touching gives depth exactly 0 when the normal is axis-aligned.
        if let Some(contact) = circle.contact(&seg) {
            assert!(contact.depth >= 0.0 && contact.depth.is_finite(), "{what}");
        }
    }
    assert!(ties > 0, "the grid should produce exact touches");
}

#[test]
fn no_nan_at_ordinary_magnitudes() {
    // Coordinates and radii from 1e-3 to 1e7 in magnitude, including exact coincidences.
    let mut rng = Rng::new(6);
    for _ in 0..cases() {
        let mut x = || rng.log_uniform(-10, 23);
        let (a, b, c, d) = ([x(), x()], [x(), x()], [x(), x()], [x(), x()]);
        let (r1, r2) = (x().abs(), x().abs());
        for (a, b, c) in [(a, b, c), (a, a, c), (a, b, a), (a, b, b), (c, c, c)] {
            let (seg, cap, circle) = (
                Segment::new(a, b),
                Capsule::new(a, b, r1),
                Circle::new(c, r2),
            );
            let other = Capsule::new(c, d, r2);
            let contacts = [
                circle.contact(&seg),
                circle.contact(&cap),
                circle.contact(&Circle::new(a, r1)),
                circle.contact(&a),
                cap.contact(&c),
                cap.contact(&circle),
                cap.contact(&Segment::new(c, d)),
                cap.contact(&other),
                seg.contact(&circle),
                seg.contact(&other),
            ];
            for contact in contacts.into_iter().flatten() {
                let values = [
                    contact.normal[0],
                    contact.normal[1],
                    contact.depth,
                    contact.point[0],
                    contact.point[1],
                ];
                assert!(
                    values.iter().all(|v| v.is_finite()),
                    "{a:?} {b:?} {c:?}: {contact:?}"
                );
                let len = contact.normal[0].hypot(contact.normal[1]);
                assert!((len - 1.0).abs() <= 4.0 * f64::EPSILON, "{contact:?}");
                assert!(contact.depth >= 0.0);
            }
            let t = seg.closest_parameter(c);
            let (p1, p2) = seg.closest_points(&Segment::new(c, d)).points();
            let values = [
                t,
                dist2((seg.project_point(c), c)),
                seg.project_point(c)[0],
                p1[0],
                p1[1],
                p2[0],
                p2[1],
            ];
            assert!(
                values.iter().all(|v| v.is_finite()),
                "{a:?} {b:?} {c:?}: {values:?}"
            );
        }
    }
}

#[test]
fn exact_reference_self_check() {
    // The reference itself, on hand-worked values: t for (1, 7) on (0,0)–(4,0) is 1/4; the
    // distance from (7, 4) to it is 5; the crossing capsules x = (0,0)–(4,0) and
    // y = (2,−1)–(2,3) with radius 0 separate fastest by moving x down by 1.
    let (a, b) = (q_pt(0.0, 0.0), q_pt(4.0, 0.0));
    assert_eq!(
        exact::closest_parameter(&a, &b, &q_pt(1.0, 7.0)),
        common::q(0.25)
    );
    assert_eq!(
        exact::dist2_point_segment(&a, &b, &q_pt(7.0, 4.0)).to_q(),
        common::q(25.0)
    );
    let c = exact::segment_segment(&a, &b, &q_pt(2.0, -1.0), &q_pt(2.0, 3.0), &D::zero());
    assert!(
        c.hit && c.depth == q(1.0) && c.normals == vec![q_pt(0.0, -4.0)],
        "{c:?}"
    );
    let c = exact::segment_segment(&a, &b, &q_pt(5.0, 3.0), &q_pt(9.0, 3.0), &q(4.0));
    assert!(
        c.hit && !c.touching && (c.depth.to_f64() - (4.0 - 10f64.sqrt())).abs() < 1e-15,
        "{c:?}"
    );
    assert_eq!(Frac::whole(q(2.0)).sqrt_f64(), std::f64::consts::SQRT_2);
    assert_eq!(Frac::whole(q(6.25)).sqrt(), q(2.5));
    assert!(!exact::segment_segment(&a, &b, &a, &b, &q(-1.0)).hit);
    let c = exact::point_segment(&q_pt(2.0, 0.0), &a, &b, &q(1.0));
    assert_eq!(
        c.normals,
        vec![q_pt(0.0, 4.0)],
        "on the segment: its left normal"
    );
    // D arithmetic and conversions.
    assert_eq!((q(0.1) + q(0.2)).to_q(), common::q(0.1) + common::q(0.2));
    assert_eq!((q(0.1) * q(-3.0)).to_q(), common::q(0.1) * common::q(-3.0));
    assert_eq!(q(1e-310).to_f64(), 1e-310);
    assert_eq!(q(-1.5e300).to_f64(), -1.5e300);
}

/// `|p − q|²` of a pair of points (what `Segment::distance_squared` and
/// `distance_squared_to_segment` returned before the `Shape` API).
#[allow(dead_code)]
fn dist2<V: capsule2d::vector::VectorOps>((p, q): (V, V)) -> V::Scalar {
    p.sub(q).length_squared()
}
