//! Contact manifolds (`Shape::manifold`), against the exact reference (`common::shapes`),
//! in `f32`, `f64` and `I32F32`.
//!
//! - `properties`: every pair of the four shape kinds on the random and hand-picked scenes
//!   of `tests/pairs.rs`, at several margins. A manifold exists exactly when
//!   `contact_with_margin` does (and when the exact margin decision says so); its normal
//!   is unit. One point: the contact's normal and `−depth`, bit for bit, the point on the
//!   other's surface, and ids that name nearest features (the named endpoint is as near
//!   the named feature as the cores are to each other, exactly). Two points: the normal is
//!   the reference face's exact unit normal, each separation is the exact signed distance
//!   along it from the face to the incident point the id names (the incident endpoint, or
//!   where the incident segment enters the reference's strip on its way there), at most
//!   the margin, the points lie on the surfaces, and the deeper one is within the bias,
//!   `2⁻⁸ (|x| + |y|)`, of the exact separation of the shapes.
//! - `stacking`: a capsule resting on a capsule, and on a segment, perturbed by up to
//!   `10⁻⁴` (each endpoint, each coordinate) every frame for 10,000 frames: two points and
//!   the same ids in every frame.
//! - the degenerate cases of `docs/semantics.md`, "Manifolds", each a named test.
//!
//! Tolerances are `S::tol(k, M)` (`common::TestScalar::tol`, `M` the largest coordinate
//! or radius): `K_SEP = 32` units for a separation or a point's offset from a surface (a
//! clipped point adds a ratio and a step to the contact's chain of roundings, which
//! `tests/pairs.rs` bounds by 16), `K_UNIT = 4` for `| |n|² − 1 |` and `K_DIR = 8` for a
//! face normal's distance from the exact one. `--nocapture` prints the worst of each
//! check, in those units.

use crate::common;

use capsule2d::{AnyShape, Capsule, Circle, Feature, FeatureId, Manifold, Segment, Shape};
use common::shapes::{self, Kind, Pair, Scene, XCore, root};
use common::{D, Frac, H, P, Rng, TestScalar, pd, sd};

const K_SEP: f64 = 32.0;
const K_UNIT: f64 = 4.0;
const K_DIR: f64 = 8.0;

/// One test per scalar type the issue asks for: f32, f64 and `I32F32`.
macro_rules! three_scalars {
    ($($name:ident),+ $(,)?) => {$(
        mod $name {
            #[test]
            fn f32() {
                super::$name::<f32>();
            }
            #[test]
            fn f64() {
                super::$name::<f64>();
            }
            #[cfg(feature = "fixed")]
            #[test]
            fn i32f32() {
                super::$name::<fixed::types::I32F32>();
            }
        }
    )+};
}

fn cases() -> usize {
    std::env::var("CAPSULE2D_MANIFOLD_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300)
}

fn v<S: TestScalar>(p: [f64; 2]) -> [S; 2] {
    common::v::<S>(p[0], p[1])
}

/// The four kinds: point, circle, segment, capsule.
const KINDS: [(&str, Kind); 4] = [
    (
        "point",
        Kind {
            segment: false,
            round: false,
        },
    ),
    (
        "circle",
        Kind {
            segment: false,
            round: true,
        },
    ),
    (
        "segment",
        Kind {
            segment: true,
            round: false,
        },
    ),
    (
        "capsule",
        Kind {
            segment: true,
            round: true,
        },
    ),
];

fn shape<S: TestScalar>(k: Kind, a: [f64; 2], b: [f64; 2], r: f64) -> AnyShape<[S; 2]> {
    match (k.segment, k.round) {
        (false, false) => AnyShape::Point(v(a)),
        (false, true) => Circle::new(v(a), S::from_f64(r)).into(),
        (true, false) => Segment::new(v(a), v(b)).into(),
        (true, true) => Capsule::new(v(a), v(b), S::from_f64(r)).into(),
    }
}

thread_local! {
    /// The worst of each check in this test (thread), in units of `tol(1, M)`.
    static WORST: std::cell::Cell<[f64; 5]> = const { std::cell::Cell::new([0.0; 5]) };
}
const W_SEP: usize = 0;
const W_SURFACE: usize = 1;
const W_DIR: usize = 2;
const W_ONE_SEP: usize = 3;
const W_DEEPEST: usize = 4;

fn record(i: usize, units: f64) {
    let mut worst = WORST.get();
    worst[i] = worst[i].max(units);
    WORST.set(worst);
}

fn worst(i: usize) -> f64 {
    WORST.get()[i]
}

/// The exact unit face normal of `ab` on `side`, as a direction `m` (not normalised).
fn face_direction(a: &P, b: &P, side: Feature) -> P {
    let left = b.sub(a).perp();
    match side {
        Feature::Left => left,
        Feature::Right => left.neg(),
        other => panic!("not a face: {other:?}"),
    }
}

/// `(c − a) · m / |m|` for a homogeneous `c`, to about 100 bits.
fn beyond(c: &H, a: &P, m: &P) -> D {
    let numer = (&c.x - &a.x * &c.w) * &m.x + (&c.y - &a.y * &c.w) * &m.y;
    let length = root(&Frac::whole(m.len2()));
    D::div_approx(&numer, &(&c.w * &length), 120)
}

/// The incident point named by endpoint `e` (other end `f`) against reference `ab`: `e`
/// inside the strip `0 ≤ (c − a)·(b − a) ≤ |b − a|²`, else where `ef` enters it.
fn clipped(e: &P, f: &P, a: &P, b: &P) -> H {
    let v = b.sub(a);
    let (te, tf, vv) = (e.sub(a).dot(&v), f.sub(a).dot(&v), v.len2());
    let (num, den) = if te.is_negative() {
        (-&te, &tf - &te)
    } else if te > vv {
        (&te - &vv, &te - &tf)
    } else {
        return e.h();
    };
    let d = f.sub(e);
    H {
        x: &e.x * &den + &d.x * &num,
        y: &e.y * &den + &d.y * &num,
        w: den,
    }
}

/// `1 − cos θ` for the angle between two proper segments, as an f64.
fn one_minus_cos(x: (&P, &P), y: (&P, &P)) -> f64 {
    let (u, w) = (x.1.sub(x.0), y.1.sub(y.0));
    let cos = u.dot(&w).to_f64().abs() / (u.len2().to_f64() * w.len2().to_f64()).sqrt();
    (1.0 - cos).max(0.0)
}

/// The distance of a computed point from the surface of an exact shape (core and radius).
fn off_surface(core: &XCore, r: &D, p: &P) -> f64 {
    (core.dist_to(p) - r).abs().to_f64()
}

/// The endpoint `which` of an exact segment core.
fn end_of(core: &XCore, which: Feature) -> (P, P) {
    let [a, b] = core.ends();
    match which {
        Feature::Start => (a.clone(), b.clone()),
        Feature::End => (b.clone(), a.clone()),
        other => panic!("not an endpoint: {other:?}"),
    }
}

/// One scene at one margin: every check of the module docs.
#[allow(clippy::too_many_arguments)]
fn check<S: TestScalar>(
    x: &AnyShape<[S; 2]>,
    y: &AnyShape<[S; 2]>,
    pair: &Pair,
    m: f64,
    margin: f64,
    what: &str,
    counts: &mut [usize; 4],
) {
    let ms = S::from_f64(margin);
    let manifold = x.manifold(y, ms);
    let contact = x.contact_with_margin(y, ms);
    assert_eq!(
        manifold.is_some(),
        contact.is_some(),
        "{what}: manifold and contact_with_margin disagree"
    );
    if !pair.x.is_empty() && !pair.y.is_empty() {
        assert_eq!(
            manifold.is_some(),
            pair.within_margin(&D::f(margin)),
            "{what}: not the exact margin decision"
        );
    }
    let (Some(manifold), Some(contact)) = (manifold, contact) else {
        counts[0] += 1;
        return;
    };
    let unit = |t: f64| S::tol(t, m);
    let n = pd(manifold.normal);
    let unit_error = (n.len2() - D::int(1)).abs().to_f64();
    assert!(
        unit_error <= S::tol(K_UNIT, 1.0),
        "{what}: |n|² − 1 = {unit_error:e}"
    );
    let (rx, ry) = (&pair.x.r, &pair.y.r);
    let points = manifold.points();
    let exact_separation = pair.separation();
    if points.len() == 1 {
        counts[1] += 1;
        let p = points[0];
        assert_eq!(
            manifold.normal, contact.normal,
            "{what}: one point, not the contact's normal"
        );
        assert_eq!(sd(p.separation), -sd(contact.depth), "{what}: not −depth");
        let crossing = pair.cores_meet()
            && pair.x.core.as_segment().is_some()
            && pair.y.core.as_segment().is_some();
        if crossing {
            check_crossing_point(pair, &manifold, m, what);
        } else {
            assert_eq!(p.on_other, contact.point, "{what}: not the contact's point");
        }
        let err = (sd(p.separation) - &exact_separation).abs().to_f64();
        record(W_ONE_SEP, err / unit(1.0));
        assert!(err <= unit(K_SEP), "{what}: separation off by {err:e}");
        check_one_point_ids(pair, &manifold, m, what);
        return;
    }
    counts[2] += 1;
    if manifold.normal == contact.normal {
        counts[3] += 1;
    }
    // Two points: one core gives a face, the other its two ends, in order.
    let (ida, idb) = (points[0].id, points[1].id);
    let reference_is_y = matches!(ida.on_other, Feature::Left | Feature::Right);
    let (reference, incident, r_ref, r_inc) = if reference_is_y {
        assert_eq!(
            (ida.on_self, idb.on_self),
            (Feature::Start, Feature::End),
            "{what}"
        );
        assert_eq!(ida.on_other, idb.on_other, "{what}");
        (&pair.y.core, &pair.x.core, ry, rx)
    } else {
        assert_eq!(
            (ida.on_other, idb.on_other),
            (Feature::Start, Feature::End),
            "{what}"
        );
        assert_eq!(ida.on_self, idb.on_self, "{what}");
        assert!(
            matches!(ida.on_self, Feature::Left | Feature::Right),
            "{what}"
        );
        (&pair.x.core, &pair.y.core, rx, ry)
    };
    let side = if reference_is_y {
        ida.on_other
    } else {
        ida.on_self
    };
    let (a, b) = reference.as_segment().expect("a proper reference segment");
    let inc = incident.as_segment().expect("a proper incident segment");
    let mface = face_direction(a, b, side);
    // The manifold normal is the face's outward normal (reference y), or its opposite.
    let dir = if reference_is_y {
        mface.clone()
    } else {
        mface.neg()
    };
    let dir_error = common::normal_error(common::pf(manifold.normal), &dir);
    record(W_DIR, dir_error / S::tol(1.0, 1.0));
    assert!(
        dir_error <= S::tol(K_DIR, 1.0),
        "{what}: normal {dir_error:e} off the face's"
    );
    let slack = one_minus_cos(inc, (a, b));
    let mut deepest: Option<D> = None;
    for p in points {
        let end = if reference_is_y {
            p.id.on_self
        } else {
            p.id.on_other
        };
        let (e, f) = end_of(incident, end);
        let c = clipped(&e, &f, a, b);
        let exact = beyond(&c, a, &mface) - rx - ry;
        let err = (sd(p.separation) - &exact).abs().to_f64();
        record(W_SEP, err / unit(1.0));
        assert!(
            err <= unit(K_SEP),
            "{what}: separation {:?} off by {err:e}",
            p.separation
        );
        assert!(
            p.separation.to_f64() <= margin + unit(K_SEP),
            "{what}: separation {:?} beyond the margin {margin}",
            p.separation
        );
        let (on_ref, on_inc) = if reference_is_y {
            (pd(p.on_other), pd(p.on_self))
        } else {
            (pd(p.on_self), pd(p.on_other))
        };
        let off_ref = off_surface(reference, r_ref, &on_ref);
        let off_inc = off_surface(incident, r_inc, &on_inc);
        let allowed = r_inc.to_f64() * slack;
        record(
            W_SURFACE,
            off_ref.max((off_inc - allowed).max(0.0)) / unit(1.0),
        );
        assert!(
            off_ref <= unit(K_SEP),
            "{what}: reference point {off_ref:e} off its surface"
        );
        assert!(
            off_inc <= allowed + unit(K_SEP),
            "{what}: incident point {off_inc:e} off its surface (allowed {allowed:e})"
        );
        let gap = pd(p.on_self).sub(&pd(p.on_other)).dot(&n);
        let err = (gap - sd(p.separation)).abs().to_f64();
        assert!(
            err <= unit(2.0 * K_SEP),
            "{what}: (on_self − on_other)·n off by {err:e}"
        );
        deepest = Some(match deepest {
            Some(d) => d.min(exact),
            None => exact,
        });
    }
    // The deeper point is within the bias of the shapes' exact separation.
    let lengths = inc.1.sub(inc.0).length_f64() + b.sub(a).length_f64();
    let bias = lengths / 256.0;
    let off = (deepest.expect("two points") - &exact_separation).to_f64();
    record(W_DEEPEST, (off.abs() - bias).max(0.0) / unit(1.0));
    assert!(
        off.abs() <= bias + unit(K_SEP),
        "{what}: deepest point {off:e} from the exact separation (bias {bias:e})"
    );
}

/// The one point of crossing segment cores: an endpoint of one core (the deeper along
/// the contact's face normal) against that face of the other, the points on their
/// surfaces (the incident one within `r (1 − cos θ)`), `separation` along the normal
/// between them, up to rounding, for the exact depth.
fn check_crossing_point<S: TestScalar>(
    pair: &Pair,
    manifold: &Manifold<[S; 2]>,
    m: f64,
    what: &str,
) {
    let p = manifold.points()[0];
    let face = |f: Feature| matches!(f, Feature::Left | Feature::Right);
    let reference_is_y = face(p.id.on_other);
    assert!(
        face(p.id.on_self) != reference_is_y,
        "{what}: ids {:?}",
        p.id
    );
    let (reference, incident, r_ref, r_inc, on_ref, on_inc) = if reference_is_y {
        (
            &pair.y, &pair.x, &pair.y.r, &pair.x.r, p.on_other, p.on_self,
        )
    } else {
        (
            &pair.x, &pair.y, &pair.x.r, &pair.y.r, p.on_self, p.on_other,
        )
    };
    let (a, b) = reference.core.as_segment().expect("a segment");
    let inc = incident.core.as_segment().expect("a segment");
    let slack = r_inc.to_f64() * one_minus_cos(inc, (a, b));
    let off_ref = off_surface(&reference.core, r_ref, &pd(on_ref));
    let off_inc = off_surface(&incident.core, r_inc, &pd(on_inc));
    record(
        W_SURFACE,
        off_ref.max((off_inc - slack).max(0.0)) / S::tol(1.0, m),
    );
    assert!(
        off_ref <= S::tol(K_SEP, m),
        "{what}: {off_ref:e} off the reference surface"
    );
    assert!(
        off_inc <= slack + S::tol(K_SEP, m),
        "{what}: {off_inc:e} off the incident surface"
    );
    let gap = pd(p.on_self).sub(&pd(p.on_other)).dot(&pd(manifold.normal));
    let err = (gap - sd(p.separation)).abs().to_f64();
    assert!(
        err <= S::tol(2.0 * K_SEP, m),
        "{what}: (on_self − on_other)·n off by {err:e}"
    );
}

/// A one-point manifold's ids name nearest features: the named point or endpoint is as
/// near the named feature of the other core as the cores are to each other.
fn check_one_point_ids<S: TestScalar>(
    pair: &Pair,
    manifold: &Manifold<[S; 2]>,
    m: f64,
    what: &str,
) {
    let id = manifold.points()[0].id;
    let (x, y) = (&pair.x.core, &pair.y.core);
    let feature_ok = |core: &XCore, f: Feature| match core.as_segment() {
        Some(_) => f != Feature::Point,
        None => f == Feature::Point,
    };
    assert!(
        feature_ok(x, id.on_self) && feature_ok(y, id.on_other),
        "{what}: ids {id:?}"
    );
    if pair.cores_meet() {
        // Crossing cores: an endpoint of one against a face of the other (or points).
        return;
    }
    // The end of one core the id names (or its point), and the other core's feature.
    let named = |core: &XCore, f: Feature| -> Option<P> {
        match f {
            Feature::Point => core.as_point().cloned(),
            Feature::Start | Feature::End => Some(end_of(core, f).0),
            Feature::Left | Feature::Right => None,
        }
    };
    let (point, core, feature) = match (named(x, id.on_self), named(y, id.on_other)) {
        (Some(p), Some(q)) => {
            // Two points (or endpoints): their distance is the cores' distance.
            let d = root(&Frac::whole(p.sub(&q).len2()));
            let err = (d - root(&pair.dist2)).abs().to_f64();
            assert!(
                err <= S::tol(K_SEP, m),
                "{what}: {id:?} not nearest ({err:e})"
            );
            return;
        }
        (Some(p), None) => (p, y, id.on_other),
        (None, Some(q)) => (q, x, id.on_self),
        (None, None) => panic!("{what}: two faces for apart cores"),
    };
    let (a, b) = core.as_segment().expect("a face of a segment");
    let d = core.dist_to(&point);
    let err = (d - root(&pair.dist2)).abs().to_f64();
    assert!(
        err <= S::tol(K_SEP, m),
        "{what}: {id:?} not nearest ({err:e})"
    );
    // On the named side (or on the segment).
    let side = common::exact::orient(a, b, &point);
    let expected = if side.is_negative() {
        Feature::Right
    } else {
        Feature::Left
    };
    assert!(
        feature == expected || side.abs().to_f64() <= S::tol(K_SEP, m) * b.sub(a).length_f64(),
        "{what}: {id:?} on the wrong side"
    );
}

fn properties<S: TestScalar>() {
    let mut counts = [0usize; 4];
    let g = 2f64.powi(-S::GRID_BITS);
    for (i, (nx, kx)) in KINDS.iter().enumerate() {
        for (j, (ny, ky)) in KINDS.iter().enumerate() {
            let mut rng = Rng::new(0x6d61_6e69 ^ (i as u64 * 4 + j as u64) ^ S::EPS.to_bits());
            let mut scenes: Vec<Scene> = shapes::hand_picked(*kx, *ky);
            for _ in 0..cases() {
                scenes.push(shapes::random_scene(&mut rng, *kx, *ky, S::GRID_BITS));
                // Nearly parallel capsules resting on each other: the two-point regime.
                if kx.segment && ky.segment {
                    scenes.push(resting(&mut rng, *kx, *ky, g));
                }
            }
            for scene in &scenes {
                let x = shape::<S>(*kx, scene.xa, scene.xb, scene.rx);
                let y = shape::<S>(*ky, scene.ya, scene.yb, scene.ry);
                let (ex, ey) = scene.exact(*kx, *ky);
                let pair = Pair::new(ex, ey);
                let m = scene.magnitude().max(1.0);
                let mut margins = vec![0.0, 1000.0, shapes::on_grid(rng.range(0.0, 2.0), g)];
                margins.extend(scene.margin);
                for margin in margins {
                    let what = format!("{nx}–{ny} {} {scene:?} margin {margin}", S::NAME);
                    check::<S>(
                        &x,
                        &y,
                        &pair,
                        m.max(margin.min(1.0)),
                        margin,
                        &what,
                        &mut counts,
                    );
                }
            }
        }
    }
    println!(
        "{}: {} none, {} one point, {} two points ({} with the contact's normal); worst in units of tol(1, M): separation {:.2}, \
         surface {:.2}, one-point separation {:.2}, deepest beyond the bias {:.2}; normal {:.2} units of tol(1, 1)",
        S::NAME,
        counts[0],
        counts[1],
        counts[2],
        counts[3],
        worst(W_SEP),
        worst(W_SURFACE),
        worst(W_ONE_SEP),
        worst(W_DEEPEST),
        worst(W_DIR),
    );
    assert!(
        counts[2] > cases(),
        "too few two-point manifolds: {counts:?}"
    );
    assert!(
        counts[1] > cases(),
        "too few one-point manifolds: {counts:?}"
    );
}

/// A segment or capsule resting on another, nearly parallel: within a few grid steps of
/// touching, tilted by a few grid steps over its length.
fn resting(rng: &mut Rng, kx: Kind, ky: Kind, g: f64) -> Scene {
    let grid = |x: f64| shapes::on_grid(x, g);
    let ry = if ky.round {
        grid(rng.range(0.0, 1.0))
    } else {
        0.0
    };
    let rx = if kx.round {
        grid(rng.range(0.0, 1.0))
    } else {
        0.0
    };
    let (c, h) = (rng.range(-3.0, 3.0), rng.range(1.0, 6.0));
    let ya = [grid(c - h), grid(rng.range(-0.5, 0.5))];
    let yb = [grid(c + h), grid(ya[1] + rng.range(-0.1, 0.1))];
    let half = rng.range(0.25, 4.0);
    let x0 = c + rng.range(-h, h);
    let lift = (yb[1] + ya[1]) / 2.0 + rx + ry + rng.range(-0.05, 0.05);
    let tilt = rng.range(-0.05, 0.05);
    let (xa, xb) = (
        [grid(x0 - half), grid(lift - tilt)],
        [grid(x0 + half), grid(lift + tilt)],
    );
    let margin = Some(grid(rng.range(0.0, 0.2)));
    // Half the time upside down: `x` below.
    let flip = if rng.below(2) == 0 { 1.0 } else { -1.0 };
    let f = |p: [f64; 2]| [p[0], flip * p[1]];
    Scene {
        xa: f(xa),
        xb: f(xb),
        rx,
        ya: f(ya),
        yb: f(yb),
        ry,
        margin,
        label: if flip > 0.0 {
            "resting"
        } else {
            "resting, x below"
        },
    }
}

three_scalars!(properties);

// ---------------------------------------------------------------------------------------
// Stacking stability.
// ---------------------------------------------------------------------------------------

/// `top` resting on `bottom`, its endpoints moved by up to `10⁻⁴` in each coordinate in
/// each of 10,000 frames (independent draws around the resting pose, so it also turns):
/// two points and the first frame's ids in every frame, from both sides; prints the range
/// of the separations seen.
fn settle<S: TestScalar>(bottom: AnyShape<[S; 2]>, top: ([f64; 2], [f64; 2], f64), label: &str) {
    const FRAMES: usize = 10_000;
    const JITTER: f64 = 1e-4;
    let margin = S::from_f64(0.02);
    let mut rng = Rng::new(0x57ac_4ed0 ^ S::EPS.to_bits());
    let mut first: Option<([FeatureId; 2], [FeatureId; 2])> = None;
    let (mut lo, mut hi) = (f64::MAX, f64::MIN);
    for frame in 0..FRAMES {
        let mut jitter = |p: [f64; 2]| {
            [
                p[0] + rng.range(-JITTER, JITTER),
                p[1] + rng.range(-JITTER, JITTER),
            ]
        };
        let (a, b) = (jitter(top.0), jitter(top.1));
        let capsule = Capsule::new(v::<S>(a), v::<S>(b), S::from_f64(top.2));
        let down = capsule.manifold(&bottom, margin);
        let up = bottom.manifold(&capsule, margin);
        let (Some(down), Some(up)) = (down, up) else {
            panic!("{label}, {}: frame {frame}: no manifold", S::NAME);
        };
        assert_eq!(
            down.points().len(),
            2,
            "{label}, {}: frame {frame}: {down:?}",
            S::NAME
        );
        assert_eq!(
            up.points().len(),
            2,
            "{label}, {}: frame {frame}: {up:?}",
            S::NAME
        );
        let ids = |m: &Manifold<[S; 2]>| [m.points()[0].id, m.points()[1].id];
        let now = (ids(&down), ids(&up));
        match &first {
            None => first = Some(now),
            Some(then) => assert_eq!(&now, then, "{label}, {}: frame {frame}", S::NAME),
        }
        assert!(down.normal[1].to_f64() > 0.99 && up.normal[1].to_f64() < -0.99);
        for p in down.points().iter().chain(up.points()) {
            lo = lo.min(p.separation.to_f64());
            hi = hi.max(p.separation.to_f64());
        }
    }
    let (ids_down, ids_up) = first.expect("frames ran");
    let short = |ids: [FeatureId; 2]| ids.map(|id| format!("{:?}/{:?}", id.on_self, id.on_other));
    println!(
        "{label}, {}: {FRAMES} frames, 2 points and the same ids in each: {:?} (top on \
         bottom), {:?} (bottom on top); separations {lo:.6} … {hi:.6}",
        S::NAME,
        short(ids_down),
        short(ids_up),
    );
}

fn capsule_on_capsule<S: TestScalar>() {
    let bottom: AnyShape<[S; 2]> =
        Capsule::new(v::<S>([-1.0, 0.0]), v([1.0, 0.0]), S::from_f64(0.5)).into();
    // Resting 0.005 deep (a solver's slop): the same length with the ends aligned (the
    // clip boundary at both ends), shorter and centred, longer, and overhanging one end.
    let h = 0.995;
    settle::<S>(
        bottom,
        ([-1.0, h], [1.0, h], 0.5),
        "capsule on capsule, ends aligned",
    );
    settle::<S>(
        bottom,
        ([-0.6, h], [0.6, h], 0.5),
        "capsule on capsule, shorter",
    );
    settle::<S>(
        bottom,
        ([-1.5, h], [1.5, h], 0.5),
        "capsule on capsule, longer",
    );
    settle::<S>(
        bottom,
        ([0.25, h], [2.25, h], 0.5),
        "capsule on capsule, overhanging",
    );
    // Thinner on thicker.
    settle::<S>(
        bottom,
        ([-0.8, 0.62], [0.8, 0.62], 0.125),
        "thin capsule on capsule",
    );
}

fn capsule_on_segment<S: TestScalar>() {
    let floor: AnyShape<[S; 2]> = Segment::new(v::<S>([-5.0, 0.0]), v([5.0, 0.0])).into();
    let h = 0.495;
    settle::<S>(floor, ([-1.0, h], [1.0, h], 0.5), "capsule on segment");
    settle::<S>(
        floor,
        ([4.0, h], [6.0, h], 0.5),
        "capsule on segment, over its end",
    );
    settle::<S>(
        floor,
        ([-5.0, h], [5.0, h], 0.5),
        "capsule on segment, ends aligned",
    );
}

three_scalars!(capsule_on_capsule, capsule_on_segment);

// ---------------------------------------------------------------------------------------
// Degenerate cases (docs/semantics.md, "Manifolds").
// ---------------------------------------------------------------------------------------

fn cap<S: TestScalar>(a: [f64; 2], b: [f64; 2], r: f64) -> Capsule<[S; 2]> {
    Capsule::new(v::<S>(a), v(b), S::from_f64(r))
}

fn seg<S: TestScalar>(a: [f64; 2], b: [f64; 2]) -> Segment<[S; 2]> {
    Segment::new(v::<S>(a), v(b))
}

/// The manifold's one point is the contact's.
fn is_the_contact<S: TestScalar>(
    x: &impl Shape<[S; 2]>,
    y: &impl Shape<[S; 2]>,
    margin: f64,
) -> Manifold<[S; 2]> {
    let margin = S::from_f64(margin);
    let m = x.manifold(y, margin).expect("a manifold");
    let c = x.contact_with_margin(y, margin).expect("a contact");
    assert_eq!(m.points().len(), 1, "{m:?}");
    assert_eq!(m.normal, c.normal);
    assert_eq!(sd(m.points()[0].separation), -sd(c.depth));
    m
}

fn close(a: f64, b: f64, what: &str) {
    assert!(
        (a - b).abs() <= 1e-5 * (1.0 + b.abs()),
        "{what}: {a} against {b}"
    );
}

fn zero_length_capsule_is_a_circle<S: TestScalar>() {
    let ball = cap::<S>([1.0, 0.75], [1.0, 0.75], 1.0);
    let floor = seg::<S>([0.0, 0.0], [4.0, 0.0]);
    let m = is_the_contact(&ball, &floor, 0.0);
    assert_eq!(
        m.points()[0].id,
        FeatureId {
            on_self: Feature::Point,
            on_other: Feature::Left
        }
    );
    close(m.points()[0].separation.to_f64(), -0.25, "separation");
    // Seen from the floor: its face towards the ball is still its left one.
    let m = is_the_contact(&floor, &ball, 0.0);
    assert_eq!(
        m.points()[0].id,
        FeatureId {
            on_self: Feature::Left,
            on_other: Feature::Point
        }
    );
}

fn zero_length_both<S: TestScalar>() {
    let a = cap::<S>([0.0, 0.0], [0.0, 0.0], 1.0);
    let b = cap::<S>([1.5, 0.0], [1.5, 0.0], 1.0);
    let m = is_the_contact(&a, &b, 0.0);
    assert_eq!(m.normal, v::<S>([-1.0, 0.0]));
    assert_eq!(
        m.points()[0].id,
        FeatureId {
            on_self: Feature::Point,
            on_other: Feature::Point
        }
    );
    // At the same place: the +x fallback.
    let m = is_the_contact(&a, &a, 0.0);
    assert_eq!(m.normal, v::<S>([1.0, 0.0]));
}

fn coincident_circle_centres<S: TestScalar>() {
    let a = Circle::new(v::<S>([2.0, 3.0]), S::from_f64(1.0));
    let m = is_the_contact(&a, &a, 0.0);
    assert_eq!(m.normal, v::<S>([1.0, 0.0]));
    close(m.points()[0].separation.to_f64(), -2.0, "separation");
}

fn zero_radius_segments_lying_on_each_other<S: TestScalar>() {
    let x = seg::<S>([0.0, 0.0], [4.0, 0.0]);
    let y = seg::<S>([2.0, 0.0], [6.0, 0.0]);
    let m = x.manifold(&y, S::from_f64(0.0)).expect("touching");
    assert_eq!(m.points().len(), 2);
    assert_eq!(m.normal, v::<S>([0.0, 1.0]));
    // x's start enters y's extent at y's start; x's end is inside.
    let on: Vec<_> = m
        .points()
        .iter()
        .map(|p| (pf(p.on_self), p.separation.to_f64()))
        .collect();
    assert_eq!(on, [([2.0, 0.0], 0.0), ([4.0, 0.0], 0.0)]);
}

fn pf<S: TestScalar>(p: [S; 2]) -> [f64; 2] {
    common::pf(p)
}

fn identical_capsules<S: TestScalar>() {
    let a = cap::<S>([0.0, 0.0], [3.0, 4.0], 0.5);
    let reversed = cap::<S>([3.0, 4.0], [0.0, 0.0], 0.5);
    for other in [a, reversed] {
        let m = a.manifold(&other, S::from_f64(0.0)).expect("overlapping");
        let c = a
            .contact_with_margin(&other, S::from_f64(0.0))
            .expect("overlapping");
        assert_eq!(m.points().len(), 2, "{m:?}");
        for p in m.points() {
            close(p.separation.to_f64(), -1.0, "separation");
        }
        // The deeper point is the contact's depth exactly: the same face, the same ends.
        assert_eq!(m.normal, c.normal);
        assert_eq!(sd(m.deepest().separation), -sd(c.depth));
    }
}

fn crossing_capsules_give_the_deeper_end<S: TestScalar>() {
    // An X: the cores cross; the far ends are beyond the margin, so one point, at the end
    // of x that is deeper along the contact's face normal.
    let x = cap::<S>([-2.0, -1.0], [2.0, 3.0], 0.25);
    let y = cap::<S>([-3.0, 0.0], [3.0, 0.0], 0.25);
    let m = is_the_contact(&x, &y, 0.0);
    let p = m.points()[0];
    assert_eq!(m.normal, v::<S>([0.0, 1.0]));
    assert_eq!(
        p.id,
        FeatureId {
            on_self: Feature::Start,
            on_other: Feature::Left
        }
    );
    close(p.separation.to_f64(), -1.5, "separation");
    let s = std::f64::consts::FRAC_1_SQRT_2;
    // x's start moved by its radius along −n; its projection on y's surface.
    close(pf(p.on_self)[0], -2.0, "on_self.x");
    close(pf(p.on_self)[1], -1.25, "on_self.y");
    assert_eq!(pf(p.on_other), [-2.0, 0.25]);
    let _ = s;
}

fn margin_decides_the_second_point<S: TestScalar>() {
    // Tilted so that the far end is 0.1 above touching.
    let floor = seg::<S>([-5.0, 0.0], [5.0, 0.0]);
    let log = cap::<S>([-1.0, 0.5], [1.0, 0.6], 0.5);
    let two = log.manifold(&floor, S::from_f64(0.125)).expect("touching");
    assert_eq!(two.points().len(), 2);
    close(two.points()[1].separation.to_f64(), 0.1, "far separation");
    let one = is_the_contact(&log, &floor, 0.0625);
    assert_eq!(
        one.points()[0].id,
        FeatureId {
            on_self: Feature::Start,
            on_other: Feature::Left
        }
    );
    // The near point keeps its id across the change.
    assert_eq!(two.points()[0].id, one.points()[0].id);
}

fn negative_margin<S: TestScalar>() {
    let floor = seg::<S>([-5.0, 0.0], [5.0, 0.0]);
    let log = cap::<S>([-1.0, 0.25], [1.0, 0.25], 0.5);
    // 0.25 deep: a margin of −0.125 asks for 0.125 of overlap, which both ends have.
    let m = log
        .manifold(&floor, S::from_f64(-0.125))
        .expect("deep enough");
    assert_eq!(m.points().len(), 2);
    assert!(log.manifold(&floor, S::from_f64(-0.375)).is_none());
    assert!(log.manifold(&floor, S::from_f64(-2.0)).is_none());
}

fn largest_margin<S: TestScalar + MaxValue>() {
    let a = cap::<S>([0.0, 0.0], [4.0, 0.0], 0.5);
    let b = cap::<S>([1.0, 100.0], [3.0, 100.0], 0.5);
    let m = b.manifold(&a, S::MAX_VALUE).expect("no limit");
    assert_eq!(m.points().len(), 2);
    for p in m.points() {
        close(p.separation.to_f64(), 99.0, "separation");
    }
}

fn empty_shapes<S: TestScalar>() {
    let a = cap::<S>([0.0, 0.0], [4.0, 0.0], -0.5);
    let b = cap::<S>([0.0, 0.0], [4.0, 0.0], 0.5);
    assert!(a.manifold(&b, S::from_f64(1.0)).is_none());
    assert!(b.manifold(&a, S::from_f64(1.0)).is_none());
}

fn short_capsule_standing_on_end<S: TestScalar>() {
    // Perpendicular: both ends project to the same place; the top is beyond the margin.
    let floor = seg::<S>([-5.0, 0.0], [5.0, 0.0]);
    let post = cap::<S>([0.0, 0.4], [0.0, 2.0], 0.5);
    let m = is_the_contact(&post, &floor, 0.5);
    assert_eq!(
        m.points()[0].id,
        FeatureId {
            on_self: Feature::Start,
            on_other: Feature::Left
        }
    );
    // Within a margin that reaches the top: both ends, the top's separation 1.5.
    let m = post
        .manifold(&floor, S::from_f64(2.0))
        .expect("within the margin");
    assert_eq!(m.points().len(), 2);
    close(m.points()[1].separation.to_f64(), 1.5, "top separation");
}

fn other_face_when_the_reference_gives_no_two_points<S: TestScalar>() {
    // Found by the comparison with Box2D (peers/tests/manifold_vs_box2d.rs): `y`'s face is
    // the biased reference, but its far clipped point is beyond the margin; the contact
    // stands on `x`'s face, whose clip has both points within it.
    let x = cap::<S>(
        [0.7495975494384766, 5.82711124420166],
        [-2.021381139755249, 3.3248274326324463],
        0.07057064026594162,
    );
    let y = cap::<S>(
        [0.7034872174263, 5.120187759399414],
        [-0.9040260910987854, 3.6107664108276367],
        0.4460732042789459,
    );
    let margin = S::from_f64(0.02);
    let m = x.manifold(&y, margin).expect("touching");
    let c = x.contact_with_margin(&y, margin).expect("touching");
    assert_eq!(m.points().len(), 2, "{m:?}");
    assert_eq!(m.normal, c.normal);
    assert_eq!(sd(m.deepest().separation), -sd(c.depth));
    // `x`'s face is the reference: the ids pair its face with `y`'s ends.
    for (p, end) in m.points().iter().zip([Feature::Start, Feature::End]) {
        assert!(
            matches!(p.id.on_self, Feature::Left | Feature::Right),
            "{p:?}"
        );
        assert_eq!(p.id.on_other, end);
        assert!(p.separation <= margin);
    }
}

/// The scalar's largest value, for the margin.
trait MaxValue {
    const MAX_VALUE: Self;
}
impl MaxValue for f32 {
    const MAX_VALUE: Self = Self::MAX;
}
impl MaxValue for f64 {
    const MAX_VALUE: Self = Self::MAX;
}
#[cfg(feature = "fixed")]
impl MaxValue for fixed::types::I32F32 {
    const MAX_VALUE: Self = Self::MAX;
}

three_scalars!(
    zero_length_capsule_is_a_circle,
    zero_length_both,
    coincident_circle_centres,
    zero_radius_segments_lying_on_each_other,
    identical_capsules,
    crossing_capsules_give_the_deeper_end,
    margin_decides_the_second_point,
    negative_margin,
    empty_shapes,
    short_capsule_standing_on_end,
    other_face_when_the_reference_gives_no_two_points,
);

mod largest_margin {
    #[test]
    fn f32() {
        super::largest_margin::<f32>();
    }
    #[test]
    fn f64() {
        super::largest_margin::<f64>();
    }
    #[cfg(feature = "fixed")]
    #[test]
    fn i32f32() {
        super::largest_margin::<fixed::types::I32F32>();
    }
}

#[test]
fn nan_margin() {
    let a = cap::<f64>([0.0, 0.0], [4.0, 0.0], 0.5);
    assert!(a.manifold(&a, f64::NAN).is_none());
    assert!(
        cap::<f32>([0.0, 0.0], [4.0, 0.0], 0.5)
            .manifold(&seg::<f32>([0.0, 0.0], [1.0, 0.0]), f32::NAN)
            .is_none()
    );
}

#[test]
fn infinite_margin() {
    let a = cap::<f64>([0.0, 0.0], [4.0, 0.0], 0.5);
    let b = cap::<f64>([1.0, 1e6], [3.0, 1e6], 0.5);
    let m = b.manifold(&a, f64::INFINITY).expect("no limit");
    assert_eq!(m.points().len(), 2);
    assert!(m.points().iter().all(|p| p.separation == 1e6 - 1.0));
}

#[test]
fn nan_and_infinite_coordinates() {
    let good = cap::<f64>([0.0, 0.0], [4.0, 0.0], 0.5);
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        for shape in [
            Capsule::new([bad, 0.0], [4.0, 0.0], 0.5),
            Capsule::new([0.0, 0.0], [4.0, bad], 0.5),
            Capsule::new([0.0, 0.0], [4.0, 0.0], bad),
        ] {
            for m in [shape.manifold(&good, 1.0), good.manifold(&shape, 1.0)] {
                if bad.is_nan() {
                    assert!(m.is_none(), "{m:?}");
                }
                // Infinite input: unspecified, but no panic, and a manifold's normal is
                // never NaN.
                if let Some(m) = m {
                    assert!(!m.normal[0].is_nan() && !m.normal[1].is_nan(), "{m:?}");
                }
            }
        }
    }
}

#[test]
fn huge_coordinates_stay_finite() {
    for k in [1e300, 1e307, f64::MAX / 2.0] {
        let a = cap::<f64>([-k, 0.0], [k, 0.0], k / 8.0);
        let b = cap::<f64>([-k / 2.0, k / 4.0], [k / 2.0, k / 4.0], k / 8.0);
        for m in [
            a.manifold(&b, k),
            b.manifold(&a, k),
            a.manifold(&b, f64::MAX),
        ] {
            let m = m.expect("touching");
            let n = m.normal;
            assert!((n[0].hypot(n[1]) - 1.0).abs() < 1e-15, "{m:?}");
            for p in m.points() {
                assert!(p.separation.is_finite(), "{m:?}");
                assert!(
                    p.on_self.iter().chain(&p.on_other).all(|c| c.is_finite()),
                    "{m:?}"
                );
            }
        }
    }
}

#[cfg(feature = "fixed")]
#[test]
fn fixed_point_extremes_saturate() {
    use fixed::types::I32F32;
    let big = I32F32::MAX;
    let small = I32F32::MIN;
    let (z, half) = (I32F32::ZERO, I32F32::from_num(0.5));
    let shapes = [
        Capsule::new([small, z], [big, z], half),
        Capsule::new([small, small], [big, big], big),
        Capsule::new([z, big], [big, big], half),
        Capsule::new([small, small], [small, small], big),
        Capsule::new([z, z], [I32F32::DELTA, z], I32F32::DELTA),
    ];
    for a in &shapes {
        for b in &shapes {
            for margin in [z, big, small, I32F32::DELTA] {
                if let Some(m) = a.manifold(b, margin) {
                    let n = m.normal;
                    let len2 = n[0].to_num::<f64>().powi(2) + n[1].to_num::<f64>().powi(2);
                    assert!((len2 - 1.0).abs() < 1e-8, "{m:?}");
                    assert!(m.points().len() <= 2);
                }
            }
        }
    }
}
