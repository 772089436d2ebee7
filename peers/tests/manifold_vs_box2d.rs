//! capsule2d's `manifold` against Box2D v3's `b2CollideCapsules` on the same random
//! capsule pairs, both judged by an exact reference.
//!
//! ```sh
//! cargo test -p capsule2d-bench --release --test manifold_vs_box2d -- --nocapture
//! ```
//!
//! The pairs are `f32` (Box2D's type), generated near each other: half of them anyhow
//! (touching, overlapping, crossing or a little apart), half of them resting on each other
//! nearly parallel (within 0.05 rad, a tenth of them exactly), where manifolds have two
//! points. Box2D is asked for `b2CollideCapsules(y, x)`: its normal points from its first
//! shape to its second, so from `y` towards `x`, as `x.manifold(&y, margin)`'s does, and
//! its first shape is the one it prefers as the reference face, as capsule2d prefers `y`.
//! The margin is Box2D's speculative distance, `4 × 0.005`.
//!
//! The reference is exact to far below the `10⁻⁴` the comparison asks for: `f64`
//! arithmetic on the `f32` inputs (exact conversions), whose rounding is below `10⁻¹³`
//! on these magnitudes. For every manifold point it names the features the point stands
//! for — the reference face and the incident end (capsule2d's ids; for Box2D the face
//! whose normal is the manifold's, and the end by the point's index, as its clip orders
//! them) — and computes the exact separation of those features along that face's exact
//! normal; for a one-point manifold, the shapes' exact signed distance (the core distance,
//! or minus the smallest separating translation of crossing cores, minus the radii) and
//! the exact normal.
//!
//! Every disagreement is put in a class with its reason (see `docs/manifolds.md`), and the
//! test fails on any it cannot explain, or on any capsule2d answer off the exact one by
//! more than `10⁻⁴`.

use capsule2d::{Capsule, Feature, Manifold, Segment, Shape};
use capsule2d_bench::box2d;
use capsule2d_bench::inputs::Rng;

const PAIRS: usize = 20_000;
const TOLERANCE: f64 = 1e-4;
/// Box2D's `B2_SPECULATIVE_DISTANCE` at one length unit per metre.
const MARGIN: f32 = 4.0 * 0.005;
/// Box2D's `B2_LINEAR_SLOP`.
const SLOP: f64 = 0.005;

type V = [f64; 2];

fn sub(a: V, b: V) -> V {
    [a[0] - b[0], a[1] - b[1]]
}
fn add(a: V, b: V) -> V {
    [a[0] + b[0], a[1] + b[1]]
}
fn scale(a: V, k: f64) -> V {
    [a[0] * k, a[1] * k]
}
fn dot(a: V, b: V) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}
fn cross(a: V, b: V) -> f64 {
    a[0] * b[1] - a[1] * b[0]
}
fn length(a: V) -> f64 {
    a[0].hypot(a[1])
}
fn unit(a: V) -> V {
    scale(a, 1.0 / length(a))
}
fn left(a: V, b: V) -> V {
    let d = unit(sub(b, a));
    [-d[1], d[0]]
}
fn dist(a: V, b: V) -> f64 {
    length(sub(a, b))
}
fn f32s(p: V) -> V {
    [f64::from(p[0] as f32), f64::from(p[1] as f32)]
}

/// A capsule: core `a..b`, radius `r` (all exactly `f32` values).
#[derive(Clone, Copy, Debug)]
struct Cap {
    a: V,
    b: V,
    r: f64,
}

/// The point of segment `ab` nearest `p`.
fn closest_on(a: V, b: V, p: V) -> V {
    let v = sub(b, a);
    let t = (dot(sub(p, a), v) / dot(v, v)).clamp(0.0, 1.0);
    add(a, scale(v, t))
}

/// Whether two segments cross or touch (orientation signs).
fn crossing(x: &Cap, y: &Cap) -> bool {
    let o = |a: V, b: V, c: V| cross(sub(b, a), sub(c, a));
    let (o1, o2) = (o(x.a, x.b, y.a), o(x.a, x.b, y.b));
    let (o3, o4) = (o(y.a, y.b, x.a), o(y.a, y.b, x.b));
    o1 * o2 <= 0.0 && o3 * o4 <= 0.0
}

/// The exact signed separation of the shapes and the exact normal (from `y` towards
/// `x`): the core distance minus the radii and the direction of the closest pair when the
/// cores are apart; minus the smallest separating translation of `x` (over the four edge
/// normals of the cores' Minkowski difference) and its direction when they cross.
fn exact_one(x: &Cap, y: &Cap) -> (f64, V) {
    let r = x.r + y.r;
    if crossing(x, y) {
        let (ny, nx) = (left(y.a, y.b), left(x.a, x.b));
        let along = |n: V| {
            // How far x must move along n to clear y: max over y of y·n − min over x.
            let xmin = dot(x.a, n).min(dot(x.b, n));
            let ymax = dot(y.a, n).max(dot(y.b, n));
            (ymax - xmin, n)
        };
        let best = [ny, scale(ny, -1.0), nx, scale(nx, -1.0)]
            .into_iter()
            .map(along)
            .fold(
                (f64::MAX, [0.0; 2]),
                |best, c| if c.0 < best.0 { c } else { best },
            );
        return (-best.0 - r, best.1);
    }
    let candidates = [
        (x.a, closest_on(y.a, y.b, x.a)),
        (x.b, closest_on(y.a, y.b, x.b)),
        (closest_on(x.a, x.b, y.a), y.a),
        (closest_on(x.a, x.b, y.b), y.b),
    ];
    let (p, q) = candidates.into_iter().fold(candidates[0], |best, c| {
        if dist(c.0, c.1) < dist(best.0, best.1) {
            c
        } else {
            best
        }
    });
    (dist(p, q) - r, unit(sub(p, q)))
}

/// The exact separation of the point derived from incident end `e` (other end `f`)
/// against the face of `reference` with outward unit normal `n`: `e` inside the strip
/// across the reference, else where `ef` enters it; its distance beyond the face minus
/// the radii.
fn exact_clipped(reference: &Cap, n: V, e: V, f: V, radii: f64) -> f64 {
    let v = sub(reference.b, reference.a);
    let (te, tf, vv) = (
        dot(sub(e, reference.a), v),
        dot(sub(f, reference.a), v),
        dot(v, v),
    );
    let c = if te < 0.0 {
        add(e, scale(sub(f, e), -te / (tf - te)))
    } else if te > vv {
        add(e, scale(sub(f, e), (te - vv) / (te - tf)))
    } else {
        e
    };
    dot(sub(c, reference.a), n) - radii
}

/// One library's answer, in f64: normal, and per point (separation, exact separation).
#[derive(Clone, Debug)]
struct Answer {
    normal: V,
    points: Vec<(f64, f64)>,
    /// Whether the reference face is `y`'s (two points).
    reference_y: bool,
}

/// Which segment's face a two-point normal is, and its outward normal: `y`'s face when
/// the manifold normal is (nearly) `±left(y)`, else `x`'s.
/// With `reference_y` given (capsule2d's ids say it), that segment's face.
fn face_of(normal: V, x: &Cap, y: &Cap, reference_y: Option<bool>) -> (bool, V) {
    let (ly, lx) = (left(y.a, y.b), left(x.a, x.b));
    let dy = dist(normal, ly).min(dist(normal, scale(ly, -1.0)));
    let dx = dist(normal, lx).min(dist(normal, scale(lx, -1.0)));
    if reference_y.unwrap_or(dy <= dx) {
        let n = if dot(normal, ly) >= 0.0 {
            ly
        } else {
            scale(ly, -1.0)
        };
        (true, n)
    } else {
        // x's outward face normal points towards y: against the manifold normal.
        let m = if dot(normal, lx) >= 0.0 {
            scale(lx, -1.0)
        } else {
            lx
        };
        (false, m)
    }
}

fn ours<S>(m: &Manifold<[S; 2]>, x: &Cap, y: &Cap, f: impl Fn(S) -> f64) -> Answer
where
    S: capsule2d::Scalar,
{
    let normal = [f(m.normal[0]), f(m.normal[1])];
    let radii = x.r + y.r;
    let points = m.points();
    if points.len() == 1 {
        let (exact, _) = exact_one(x, y);
        return Answer {
            normal,
            points: vec![(f(points[0].separation), exact)],
            reference_y: true,
        };
    }
    let reference_y = matches!(points[0].id.on_other, Feature::Left | Feature::Right);
    let (reference, incident) = if reference_y { (y, x) } else { (x, y) };
    let (_, n) = face_of(normal, x, y, Some(reference_y));
    let out = points
        .iter()
        .map(|p| {
            let end = if reference_y {
                p.id.on_self
            } else {
                p.id.on_other
            };
            let (e, other) = match end {
                Feature::Start => (incident.a, incident.b),
                _ => (incident.b, incident.a),
            };
            (
                f(p.separation),
                exact_clipped(reference, n, e, other, radii),
            )
        })
        .collect();
    Answer {
        normal,
        points: out,
        reference_y,
    }
}

/// The separating-axis separation of `y`'s best face: how far `x` lies beyond it.
fn sat_y(x: &Cap, y: &Cap) -> f64 {
    let n = left(y.a, y.b);
    let (sa, sb) = (dot(sub(x.a, y.a), n), dot(sub(x.b, y.a), n));
    sa.min(sb).max(-sa.max(sb))
}

/// The same for `x`'s best face: how far `y` lies beyond it.
fn sat_x(x: &Cap, y: &Cap) -> f64 {
    sat_y(y, x)
}

fn box2d_answer(x: &Cap, y: &Cap) -> Option<Answer> {
    let a = box2d::capsule(y.a, y.b, y.r);
    let b = box2d::capsule(x.a, x.b, x.r);
    let m = box2d::collide_capsules(&a, &b);
    if m.pointCount == 0 {
        return None;
    }
    let normal = [f64::from(m.normal.x), f64::from(m.normal.y)];
    let radii = x.r + y.r;
    if m.pointCount == 1 {
        let (exact, _) = exact_one(x, y);
        return Some(Answer {
            normal,
            points: vec![(f64::from(m.points[0].separation), exact)],
            reference_y: true,
        });
    }
    // Two points: the face is A's (= y) or B's (= x); the points come from the incident
    // segment's first and second end, in that order.
    let (reference_y, n) = face_of(normal, x, y, None);
    let (reference, incident) = if reference_y { (y, x) } else { (x, y) };
    let points = [(incident.a, incident.b), (incident.b, incident.a)]
        .iter()
        .zip(&m.points)
        .map(|(&(e, f), p)| {
            (
                f64::from(p.separation),
                exact_clipped(reference, n, e, f, radii),
            )
        })
        .collect();
    Some(Answer {
        normal,
        points,
        reference_y,
    })
}

/// A random pair near each other (see the module docs).
fn pair(rng: &mut Rng) -> (Cap, Cap) {
    let y_half = rng.uniform(0.25, 3.0);
    let centre = [rng.uniform(-8.0, 8.0), rng.uniform(-8.0, 8.0)];
    let dir = rng.direction();
    let ya = sub(centre, scale(dir, y_half));
    let yb = add(centre, scale(dir, y_half));
    // A quarter of the `y`s are segments (radius 0): Box2D's `b2CollideSegmentAndCapsule`
    // is `b2CollideCapsules` with a radius-0 capsule.
    let ry = if rng.next_u64().is_multiple_of(4) {
        0.0
    } else {
        rng.uniform(0.05, 1.0)
    };
    let rx = rng.uniform(0.05, 1.0);
    let normal = [-dir[1], dir[0]];
    let x = if rng.next_u64().is_multiple_of(2) {
        // Anyhow: from a point of y's core, out along a random direction by about the
        // radii, then a random orientation.
        let t = rng.uniform(-0.3, 1.3);
        let base = add(ya, scale(sub(yb, ya), t));
        let out = rng.direction();
        let gap = rng.uniform(-0.6, 0.05);
        let c = add(base, scale(out, rx + ry + gap));
        let d = rng.direction();
        let h = rng.uniform(0.25, 3.0);
        (sub(c, scale(d, h)), add(c, scale(d, h)))
    } else {
        // Resting, nearly parallel, on either side.
        let angle = if rng.next_u64().is_multiple_of(10) {
            0.0
        } else {
            rng.uniform(-0.05, 0.05)
        };
        let (cs, sn) = (angle.cos(), angle.sin());
        let d = [dir[0] * cs - dir[1] * sn, dir[0] * sn + dir[1] * cs];
        let side = if rng.next_u64().is_multiple_of(2) {
            1.0
        } else {
            -1.0
        };
        let c = add(
            add(centre, scale(dir, rng.uniform(-y_half, y_half) * 1.2)),
            scale(normal, side * (rx + ry + rng.uniform(-0.05, 0.01))),
        );
        let h = rng.uniform(0.25, 3.0);
        (sub(c, scale(d, h)), add(c, scale(d, h)))
    };
    let x = Cap {
        a: f32s(x.0),
        b: f32s(x.1),
        r: f64::from(rx as f32),
    };
    let y = Cap {
        a: f32s(ya),
        b: f32s(yb),
        r: f64::from(ry as f32),
    };
    (x, y)
}

/// Why the two libraries' answers differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Why {
    /// Box2D keeps a second point whose separation is beyond the speculative margin.
    Box2dBeyondMargin,
    /// capsule2d gives two points within the margin, Box2D one: it clips only when each
    /// segment projects at least partly onto the other (`outsideA`, `outsideB`) and a
    /// clipped point is within `distance + slop`; capsule2d clips to the reference face
    /// alone.
    Box2dOnePoint,
    /// Both give two points on different reference faces: the biases differ (Box2D's
    /// absolute `0.1 × slop`, capsule2d's relative `2⁻⁸ (|x| + |y|)`), checked: `x`'s face
    /// separates more than `y`'s by over `0.1 × slop` and by at most the bias. For crossing
    /// cores the two faces can push `x` opposite ways.
    ReferenceBias,
    /// One point each, Box2D's normal off the exact one by more than `10⁻⁴`: it normalises
    /// the difference of two rounded closest points, capsule2d takes the segment's normal.
    Box2dNormalRounding,
    /// One point each for crossing cores: Box2D's separation ignores the cores' own
    /// penetration (its closest distance is 0), capsule2d's is the smallest separating
    /// translation.
    Box2dCrossingDepth,
    /// Box2D's separation off the exact value by more than `10⁻⁴` otherwise.
    Box2dSeparation,
}

#[test]
fn manifolds_against_box2d() {
    let mut rng = Rng::new(0x6d61_6e69_666f_6c64);
    let mut counts = [[0usize; 3]; 3]; // [ours][box2d] point counts
    let mut whys: std::collections::BTreeMap<Why, usize> = Default::default();
    let mut unexplained = Vec::new();
    let (mut worst_ours_sep, mut worst_ours_normal, mut worst_f64_sep) =
        (0.0_f64, 0.0_f64, 0.0_f64);
    let mut worst_box2d_sep = 0.0_f64;
    let mut agree_normal = 0;
    let mut overlapping_missed = 0;
    let mut segment_pairs = 0;
    let mut box2d_beyond = 0.0_f64;
    let mut bias_angle = 0.0_f64;
    let mut opposite = 0;
    for case in 0..PAIRS {
        let (x, y) = pair(&mut rng);
        let cx = Capsule::new(
            [x.a[0] as f32, x.a[1] as f32],
            [x.b[0] as f32, x.b[1] as f32],
            x.r as f32,
        );
        let ya = [y.a[0] as f32, y.a[1] as f32];
        let yb = [y.b[0] as f32, y.b[1] as f32];
        let mine = if y.r == 0.0 {
            cx.manifold(&Segment::new(ya, yb), MARGIN)
        } else {
            cx.manifold(&Capsule::new(ya, yb, y.r as f32), MARGIN)
        };
        if y.r == 0.0 {
            segment_pairs += 1;
        }
        let theirs = box2d_answer(&x, &y);
        // capsule2d in f64 on the same inputs: the reference's own check.
        let wide =
            Capsule::new(x.a, x.b, x.r).manifold(&Capsule::new(y.a, y.b, y.r), f64::from(MARGIN));
        let mine_answer = mine.as_ref().map(|m| ours(m, &x, &y, f64::from));
        if let Some(w) = &wide {
            for (s, exact) in ours(w, &x, &y, |v| v).points {
                worst_f64_sep = worst_f64_sep.max((s - exact).abs());
            }
        }
        let n_ours = mine_answer.as_ref().map_or(0, |a| a.points.len());
        let n_box = theirs.as_ref().map_or(0, |a| a.points.len());
        counts[n_ours][n_box] += 1;
        // capsule2d against the exact values.
        if let Some(a) = &mine_answer {
            for &(s, exact) in &a.points {
                worst_ours_sep = worst_ours_sep.max((s - exact).abs());
            }
            let exact_normal = if a.points.len() == 1 {
                exact_one(&x, &y).1
            } else {
                let (reference_y, n) = face_of(a.normal, &x, &y, Some(a.reference_y));
                if reference_y { n } else { scale(n, -1.0) }
            };
            worst_ours_normal = worst_ours_normal.max(dist(a.normal, exact_normal));
        }
        if let Some(b) = &theirs {
            for &(s, exact) in &b.points {
                worst_box2d_sep = worst_box2d_sep.max((s - exact).abs());
            }
        }
        // The comparison.
        let (Some(a), Some(b)) = (&mine_answer, &theirs) else {
            if n_ours != n_box {
                unexplained.push(format!(
                    "{case}: {n_ours} against {n_box} points: {x:?} {y:?}"
                ));
            }
            continue;
        };
        let normals_agree = dist(a.normal, b.normal) <= TOLERANCE;
        let seps_ok = |ans: &Answer| ans.points.iter().all(|&(s, e)| (s - e).abs() <= TOLERANCE);
        if n_ours == n_box && normals_agree && seps_ok(b) {
            agree_normal += 1;
            continue;
        }
        let sat_gap = sat_x(&x, &y) - sat_y(&x, &y);
        let beta = (dist(x.a, x.b) + dist(y.a, y.b)) / 256.0;
        let why = if n_box == 2 && b.points.iter().any(|&(s, _)| s > f64::from(MARGIN)) {
            for &(s, _) in &b.points {
                box2d_beyond = box2d_beyond.max(s);
            }
            Some(Why::Box2dBeyondMargin)
        } else if n_ours == 2 && n_box == 1 {
            if a.points.iter().all(|&(s, _)| s < 0.0) {
                overlapping_missed += 1;
            }
            Some(Why::Box2dOnePoint)
        } else if n_ours == 2 && a.reference_y != b.reference_y {
            // Box2D left y's face (x's better by over 0.1 × slop), capsule2d kept it (not
            // better by over the bias): check both.
            bias_angle = bias_angle.max(dist(a.normal, b.normal));
            if dot(a.normal, b.normal) < 0.0 {
                opposite += 1;
                if !crossing(&x, &y) {
                    unexplained.push(format!("{case}: opposite normals for cores apart"));
                }
            }
            (sat_gap > 0.1 * SLOP - 1e-6 && sat_gap <= beta + 1e-6).then_some(Why::ReferenceBias)
        } else if n_ours == 1 && n_box == 2 {
            None
        } else if n_ours == 1 && !normals_agree {
            let exact = exact_one(&x, &y).1;
            (dist(b.normal, exact) > TOLERANCE && dist(a.normal, exact) <= TOLERANCE)
                .then_some(Why::Box2dNormalRounding)
        } else if n_ours == 1 && crossing(&x, &y) {
            Some(Why::Box2dCrossingDepth)
        } else if normals_agree && !seps_ok(b) && seps_ok(a) {
            Some(Why::Box2dSeparation)
        } else {
            None
        };
        match why {
            Some(w) => *whys.entry(w).or_default() += 1,
            None => unexplained.push(format!(
                "{case}: ours {a:?}\n  box2d {b:?}\n  {x:?}\n  {y:?}"
            )),
        }
    }
    println!(
        "{PAIRS} pairs (f32; {segment_pairs} capsule–segment, the rest capsule–capsule), margin {MARGIN}"
    );
    println!("point counts, capsule2d (rows 0, 1, 2) × Box2D (columns 0, 1, 2):");
    for (n, row) in counts.iter().enumerate() {
        println!("  {n}: {row:?}");
    }
    println!(
        "the same count, normals within {TOLERANCE:e} and Box2D's separations within {TOLERANCE:e} of exact: {agree_normal}"
    );
    for (why, count) in &whys {
        println!("  differ: {why:?}: {count}");
    }
    println!(
        "  Box2D's points beyond the margin reach separation {box2d_beyond:.3}; of capsule2d's \
         two-point manifolds where Box2D gives one, {overlapping_missed} have both points \
         overlapping; normals on different reference faces differ by up to {bias_angle:.4} \
         ({opposite} pairs of crossing cores with normals more than 90° apart)"
    );
    println!(
        "capsule2d f32: separations within {worst_ours_sep:.2e} of exact, normals within {worst_ours_normal:.2e}; \
         f64: separations within {worst_f64_sep:.2e}; Box2D separations within {worst_box2d_sep:.2e}"
    );
    assert!(
        unexplained.is_empty(),
        "{} unexplained:\n{}",
        unexplained.len(),
        unexplained[..unexplained.len().min(10)].join("\n")
    );
    assert!(
        worst_ours_sep <= TOLERANCE,
        "capsule2d separation off by {worst_ours_sep:e}"
    );
    assert!(
        worst_ours_normal <= TOLERANCE,
        "capsule2d normal off by {worst_ours_normal:e}"
    );
    assert!(
        counts[2][2] + counts[2][1] + counts[2][0] > PAIRS / 10,
        "too few two-point manifolds: {counts:?}"
    );
}
