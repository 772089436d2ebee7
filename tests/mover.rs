//! The collide-and-slide mover (`move_and_slide`): a corner, a slope, a chain and a narrow
//! corridor, 10,000 steps each, for a circle and a capsule, on every scalar type.
//!
//! Each step adds gravity (and, where the scenario walks, sets the walking speed), moves
//! the body by `velocity · dt`, and carries the velocity through `Slide::clip`. Checked at
//! every step, against exact rationals (`common::exact`), never against the crate:
//!
//! - **No tunnelling, no overlap:** the body stays at least `skin / 4` clear of every
//!   obstacle (the docs promise `skin / 2` up to rounding), so it never crossed a wall.
//!   Where an f64 estimate of the gap clears `skin / 4` by far more than its rounding error
//!   the exact check is skipped; `float_gap_is_within_its_margin` checks that estimate
//!   against the exact distance.
//! - **No jitter above the skin:** where the body rests or slides on a surface, its gap to
//!   that surface stays within the skin band, and at rest its position moves by less
//!   than a skin over thousands of steps.
//! - **Energy, as documented:** the clip never lengthens the velocity, and without
//!   walking, kinetic plus potential energy never exceeds the start's by more than
//!   `|g| · 2 · skin`.
//!
//! Measured figures are printed (`--nocapture`) and bounded by asserts.

use crate::common;

use capsule2d::{
    AnyShape, Capsule, Chain, Circle, Core, Obstacles, Shape, Slide, SlideOptions, move_and_slide,
};
use common::{D, P, TestScalar, exact, pd, pf, s, sd, v};

const STEPS: usize = 10_000;
const DT: f64 = 1.0 / 60.0;
const G: f64 = 10.0;
const SKIN: f64 = 1.0 / 64.0;

type V<S> = [S; 2];

/// The body: a circle or a capsule.
fn bodies<S: TestScalar>(at: [f64; 2]) -> [(&'static str, AnyShape<V<S>>); 2] {
    [
        (
            "circle",
            AnyShape::from(Circle::new(v::<S>(at[0], at[1]), s::<S>(0.5))),
        ),
        (
            "capsule",
            AnyShape::from(Capsule::new(
                v::<S>(at[0] - 0.25, at[1]),
                v::<S>(at[0] + 0.25, at[1] + 0.5),
                s::<S>(0.375),
            )),
        ),
    ]
}

fn segment<S: TestScalar>(a: [f64; 2], b: [f64; 2]) -> Capsule<V<S>> {
    Capsule::new(v::<S>(a[0], a[1]), v::<S>(b[0], b[1]), s::<S>(0.0))
}

/// The body's core ends, exactly.
fn core_ends<S: TestScalar>(body: &AnyShape<V<S>>) -> (P, P) {
    match body.core() {
        Core::Point(p) => (pd(p), pd(p)),
        Core::Segment(a, b) => (pd(a), pd(b)),
    }
}

/// The gap between the body and link `link` (radius 0), as an f64, after checking that it
/// is at least `skin / 4`: exactly, unless a float estimate clears `skin / 4` by far more
/// than its error ([`float_gap`]). Links far away (by an f64 estimate with a wide margin)
/// are skipped and return `None`.
fn checked_gap<S: TestScalar>(
    body: &AnyShape<V<S>>,
    link: &Capsule<V<S>>,
    what: &str,
) -> Option<f64> {
    let (c, r) = (body.core(), pf::<S>([body.radius(), body.radius()])[0]);
    let (a, b) = (pf(link.a), pf(link.b));
    let mid = match c {
        Core::Point(p) => pf(p),
        Core::Segment(p, q) => {
            let (p, q) = (pf(p), pf(q));
            [(p[0] + q[0]) / 2.0, (p[1] + q[1]) / 2.0]
        }
    };
    let box_far = mid[0] + 3.0 < a[0].min(b[0])
        || mid[0] - 3.0 > a[0].max(b[0])
        || mid[1] + 3.0 < a[1].min(b[1])
        || mid[1] - 3.0 > a[1].max(b[1]);
    if box_far {
        return None;
    }
    // A float filter with a rigorous margin: where the f64 gap clears `skin / 4` by far more
    // than its rounding error, the exact check cannot fail, and is skipped.
    let ends = match c {
        Core::Point(p) => (pf(p), pf(p)),
        Core::Segment(p, q) => (pf(p), pf(q)),
    };
    if let Some(gap) = float_gap(ends, (a, b)).map(|d| d - r)
        && gap > SKIN / 4.0 + FLOAT_MARGIN
    {
        return Some(gap);
    }
    let (xa, xb) = core_ends(body);
    let d2 = exact::dist2_segments(&xa, &xb, &pd(link.a), &pd(link.b));
    let clear = sd(body.radius()) + D::f(SKIN / 4.0);
    assert!(
        d2.ge_square(&clear),
        "{what} ({}): the body comes within skin/4 of link {link:?}: gap {} (body {body:?})",
        S::NAME,
        d2.sqrt_f64() - r
    );
    Some(d2.sqrt_f64() - r)
}

/// The float filter's margin. Every scenario's coordinates stay below [`FLOAT_SPAN`]; there
/// an f64 orientation or point–segment distance is off by under `2⁻⁴⁰` (a dozen roundings
/// of values below 2¹⁰), so `10⁻⁹` leaves a thousandfold room.
const FLOAT_MARGIN: f64 = 1e-9;
const FLOAT_SPAN: f64 = 1024.0;

/// The distance between segments `pq` and `ab` in f64, when the float computation is
/// certainly within [`FLOAT_MARGIN`] of it: every coordinate below [`FLOAT_SPAN`], and the
/// segments certainly apart (one's ends strictly on one side of the other's line by more
/// than the margin), so that the distance is that of an end to the other segment.
fn float_gap((p, q): ([f64; 2], [f64; 2]), (a, b): ([f64; 2], [f64; 2])) -> Option<f64> {
    if [p, q, a, b]
        .iter()
        .flatten()
        .any(|x| !(x.abs() < FLOAT_SPAN))
    {
        return None;
    }
    let sub = |u: [f64; 2], w: [f64; 2]| [u[0] - w[0], u[1] - w[1]];
    let cross = |u: [f64; 2], w: [f64; 2]| u[0] * w[1] - u[1] * w[0];
    let one_side = |o1: f64, o2: f64| {
        (o1 > FLOAT_MARGIN && o2 > FLOAT_MARGIN) || (o1 < -FLOAT_MARGIN && o2 < -FLOAT_MARGIN)
    };
    let point_segment = |x: [f64; 2], (u, w): ([f64; 2], [f64; 2])| {
        let (e, d) = (sub(w, u), sub(x, u));
        let ee = len2(e);
        let t = if ee > 0.0 {
            ((d[0] * e[0] + d[1] * e[1]) / ee).clamp(0.0, 1.0)
        } else {
            0.0
        };
        len2(sub(d, [t * e[0], t * e[1]])).sqrt()
    };
    let apart = one_side(cross(sub(b, a), sub(p, a)), cross(sub(b, a), sub(q, a)))
        || one_side(cross(sub(q, p), sub(a, p)), cross(sub(q, p), sub(b, p)));
    apart.then(|| {
        [
            point_segment(p, (a, b)),
            point_segment(q, (a, b)),
            point_segment(a, (p, q)),
            point_segment(b, (p, q)),
        ]
        .into_iter()
        .fold(f64::INFINITY, f64::min)
    })
}

/// The smallest gap to any link near the body, checked exactly (∞ when none is near).
fn min_gap<S: TestScalar>(body: &AnyShape<V<S>>, links: &[Capsule<V<S>>], what: &str) -> f64 {
    links
        .iter()
        .filter_map(|link| checked_gap(body, link, what))
        .fold(f64::INFINITY, f64::min)
}

fn len2(p: [f64; 2]) -> f64 {
    p[0] * p[0] + p[1] * p[1]
}

/// One step: gravity, the move, the velocity through the clip (checked not to grow).
fn step<S: TestScalar, W: Obstacles<V<S>> + ?Sized>(
    body: &mut AnyShape<V<S>>,
    velocity: &mut V<S>,
    world: &W,
    options: &SlideOptions<S>,
) -> Slide<V<S>> {
    let dt = s::<S>(DT);
    velocity[1] = S::minus(velocity[1], s::<S>(G * DT));
    let motion = [S::times(velocity[0], dt), S::times(velocity[1], dt)];
    let slide = move_and_slide(body, motion, world, options);
    *body = body.translated(slide.translation);
    let clipped = slide.clip(*velocity);
    // Never longer, up to rounding: 8 units of the type's rounding at the speed's size
    // (fixed point rounds each component to 2^-16 or 2^-32).
    let (before, after) = (len2(pf(*velocity)).sqrt(), len2(pf(clipped)).sqrt());
    assert!(
        after <= before + S::tol(8.0, before),
        "the clip lengthened {velocity:?} to {clipped:?}"
    );
    *velocity = clipped;
    slide
}

/// The body's lowest point's height above y = 0 along the up axis, as f64 (for energy).
fn height<S: TestScalar>(body: &AnyShape<V<S>>) -> f64 {
    match body.core() {
        Core::Point(p) => pf(p)[1],
        Core::Segment(a, b) => (pf(a)[1] + pf(b)[1]) / 2.0,
    }
}

fn energy<S: TestScalar>(body: &AnyShape<V<S>>, velocity: V<S>) -> f64 {
    0.5 * len2(pf(velocity)) + G * height(body)
}

fn options<S: TestScalar>() -> SlideOptions<S> {
    SlideOptions::new(s::<S>(SKIN))
}

/// An acute corner: a floor and a wall leaning over it at 56°. The body walks into it
/// under gravity, then must rest there without rattling between the two faces.
fn corner<S: TestScalar>() {
    let links = [
        segment::<S>([-12.0, 0.0], [4.0, 0.0]),
        segment::<S>([4.0, 0.0], [0.0, 6.0]),
    ];
    for (name, mut body) in bodies::<S>([-6.0, 3.0]) {
        let what = format!("corner, {name}");
        let mut velocity = v::<S>(0.0, 0.0);
        let (mut lo, mut hi) = ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]);
        let mut max_gap_at_rest = 0.0_f64;
        for k in 0..STEPS {
            velocity[0] = s::<S>(3.0);
            step(&mut body, &mut velocity, &links[..], &options());
            let gap = min_gap(&body, &links, &what);
            if k >= 1000 {
                let c = pf(body.aabb().center());
                for i in 0..2 {
                    lo[i] = lo[i].min(c[i]);
                    hi[i] = hi[i].max(c[i]);
                }
                max_gap_at_rest = max_gap_at_rest.max(gap);
            }
        }
        let range = (hi[0] - lo[0]).max(hi[1] - lo[1]);
        println!(
            "{what} ({}): at rest over 9,000 steps, position range {range:.3e}, largest gap {:.4} skins",
            S::NAME,
            max_gap_at_rest / SKIN
        );
        assert!(range < SKIN, "{what} ({}): rattles by {range}", S::NAME);
        assert!(
            max_gap_at_rest <= SKIN * 1.05,
            "{what}: rests {max_gap_at_rest} away"
        );
    }
}

/// A valley of two 10° slopes: the body slides down, across and up, back and forth,
/// losing energy only at the bottom where the velocity meets the other face, and comes
/// to rest there. It must never bounce off a slope (gap within the skin band while it
/// slides) and never gain energy.
fn slope<S: TestScalar>() {
    let (w, h) = (30.0, 30.0 * (10.0_f64).to_radians().tan());
    let links = [
        segment::<S>([-w, h], [0.0, 0.0]),
        segment::<S>([0.0, 0.0], [w, h]),
    ];
    for (name, mut body) in bodies::<S>([-20.0, 5.0]) {
        let what = format!("slope, {name}");
        let mut velocity = v::<S>(0.0, 0.0);
        let start = energy(&body, velocity);
        let mut landed = false;
        let (mut max_gap, mut max_energy, mut crossings) = (0.0_f64, f64::NEG_INFINITY, 0);
        let mut side = -1.0_f64;
        for _ in 0..STEPS {
            let slide = step(&mut body, &mut velocity, &links[..], &options());
            let gap = min_gap(&body, &links, &what);
            landed |= !slide.normals().is_empty();
            if landed {
                max_gap = max_gap.max(gap);
            }
            let e = energy(&body, velocity);
            max_energy = max_energy.max(e);
            let x = pf(body.aabb().center())[0];
            if x.signum() != side && x.abs() > 0.5 {
                side = x.signum();
                crossings += 1;
            }
        }
        let end = energy(&body, velocity);
        println!(
            "{what} ({}): {crossings} crossings of the bottom, largest gap while sliding {:.4} skins, \
             energy {start:.3} -> {end:.3}, highest {:.6} above the start",
            S::NAME,
            max_gap / SKIN,
            max_energy - start
        );
        assert!(
            landed && crossings >= 3,
            "{what}: never slid across ({crossings})"
        );
        assert!(
            max_gap <= SKIN * 1.05,
            "{what} ({}): bounced {max_gap} off",
            S::NAME
        );
        assert!(
            max_energy <= start + G * 2.0 * SKIN,
            "{what} ({}): energy grew from {start} to {max_energy}",
            S::NAME
        );
        assert!(end < start, "{what}: no energy lost at the bottom");
    }
}

/// Rolling hills of short links, with a flat stretch in the middle: the body walks back
/// and forth across them. Over the flat stretch, every step must make the whole walking
/// motion (no catching on the joints between links: the chain's joint rule) and keep the
/// same height within the skin.
fn chain<S: TestScalar>() {
    let mut points = Vec::new();
    let mut x: f64 = -40.0;
    while x <= 40.0 {
        let y = if x.abs() <= 12.0 {
            0.0
        } else {
            0.75 * (1.0 - ((x.abs() - 12.0) * core::f64::consts::PI / 6.0).cos())
        };
        points.push([x, y]);
        x += 0.5;
    }
    let links: Vec<Capsule<V<S>>> = points
        .windows(2)
        .map(|w| segment::<S>(w[0], w[1]))
        .collect();
    let world = Chain::new(&links);
    for (name, mut body) in bodies::<S>([-30.0, 4.0]) {
        let what = format!("chain, {name}");
        let mut velocity = v::<S>(0.0, 0.0);
        let mut walk = 4.0;
        let (mut flat_steps, mut stalls, mut turns) = (0, 0, 0);
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        let mut on_flat_before = false;
        for _ in 0..STEPS {
            let x = pf(body.aabb().center())[0];
            if (x > 32.0 && walk > 0.0) || (x < -32.0 && walk < 0.0) {
                walk = -walk;
                turns += 1;
            }
            velocity[0] = s::<S>(walk);
            let before = pf(body.aabb().center());
            let slide = step(&mut body, &mut velocity, &world, &options());
            let after = pf(body.aabb().center());
            min_gap(&body, &links, &what);
            // Well inside the flat stretch, after having walked onto it (and landed).
            let on_flat = before[0].abs() < 10.0 && !slide.normals().is_empty();
            if on_flat && on_flat_before {
                flat_steps += 1;
                let dx = after[0] - before[0];
                if (dx - walk * DT).abs() > 1e-3 * walk.abs() * DT {
                    stalls += 1;
                }
                lo = lo.min(after[1]);
                hi = hi.max(after[1]);
            }
            on_flat_before = on_flat;
        }
        println!(
            "{what} ({}): {turns} turns, {flat_steps} steps on the flat stretch, {stalls} short, \
             height range there {:.3e}",
            S::NAME,
            hi - lo
        );
        assert!(
            turns >= 4 && flat_steps > 1000,
            "{what}: did not walk ({turns}, {flat_steps})"
        );
        assert_eq!(stalls, 0, "{what} ({}): caught on joints", S::NAME);
        assert!(
            hi - lo < SKIN,
            "{what} ({}): bobbed by {}",
            S::NAME,
            hi - lo
        );
    }
}

/// A corridor one skin wider than the body plus a skin on each side, with gravity across
/// it: the body walks along the floor, jumps against the ceiling now and then, and turns
/// at the ends. It must stay inside, clear of both walls, and never stall on the floor.
fn corridor<S: TestScalar>() {
    for (name, body) in bodies::<S>([0.0, 0.0]) {
        let what = format!("corridor, {name}");
        let aabb = body.aabb();
        let half = (pf(aabb.max)[1] - pf(aabb.min)[1]) / 2.0;
        let y = half + 1.5 * SKIN;
        let links = [
            segment::<S>([-20.0, -y], [20.0, -y]),
            segment::<S>([20.0, y], [-20.0, y]),
            segment::<S>([20.0, -y], [20.0, y]),
            segment::<S>([-20.0, y], [-20.0, -y]),
        ];
        let mut body = body;
        let mut velocity = v::<S>(0.0, 0.0);
        let mut walk = 5.0;
        let (mut turns, mut ceiling_hits, mut floor_steps, mut stalls) = (0, 0, 0, 0);
        for k in 0..STEPS {
            let x = pf(body.aabb().center())[0];
            if (x > 17.0 && walk > 0.0) || (x < -17.0 && walk < 0.0) {
                walk = -walk;
                turns += 1;
            }
            velocity[0] = s::<S>(walk);
            if k % 97 == 0 {
                velocity[1] = s::<S>(6.0);
            }
            let before = pf(body.aabb().center());
            let slide = step(&mut body, &mut velocity, &links[..], &options());
            let after = pf(body.aabb().center());
            let gap = min_gap(&body, &links, &what);
            assert!(
                gap <= 2.0 * SKIN + 1e-9,
                "{what}: gap {gap} in a corridor 3 skins wide"
            );
            let c = pf(body.aabb().center());
            assert!(
                c[1].abs() < y,
                "{what} ({}): left the corridor at {c:?}",
                S::NAME
            );
            if slide.normals().iter().any(|n| pf(*n)[1] < -0.5) {
                ceiling_hits += 1;
            }
            if (after[1] - before[1]).abs() < 1e-6 && x.abs() < 15.0 {
                floor_steps += 1;
                if (after[0] - before[0] - walk * DT).abs() > 1e-3 * walk.abs() * DT {
                    stalls += 1;
                }
            }
        }
        println!(
            "{what} ({}): {turns} turns, {ceiling_hits} steps touching the ceiling, \
             {floor_steps} level steps, {stalls} short",
            S::NAME
        );
        assert!(
            turns >= 4 && ceiling_hits > 50,
            "{what}: {turns} turns, {ceiling_hits} ceiling"
        );
        assert_eq!(stalls, 0, "{what} ({}): stalled", S::NAME);
    }
}

all_scalars!(corner, slope, chain, corridor);

/// The float filter of the gap checks against the exact distance: wherever it answers, it
/// is within a thousandth of [`FLOAT_MARGIN`] of the exact distance. The pairs are short
/// segments around a common point anywhere in the span, so that a good share of them
/// cross, touch end to end, or lie on one line; crossings must get no answer.
#[test]
fn float_gap_is_within_its_margin() {
    let mut rng = common::Rng::new(0x6a9_6a9);
    let (mut answered, mut crossing_or_close) = (0, 0);
    for k in 0..20_000 {
        let half = FLOAT_SPAN / 2.0;
        let c = [rng.range(-half, half), rng.range(-half, half)];
        let mut near = |reach: f64| {
            [
                c[0] + rng.range(-reach, reach),
                c[1] + rng.range(-reach, reach),
            ]
        };
        let (p, q, a) = (near(1.0), near(1.0), near(1.0));
        // Every fourth pair puts b on line pq's extension (collinear up to rounding).
        let b = if k % 4 == 0 {
            let t = rng.range(-2.0, 3.0);
            [p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]
        } else {
            near(1.0)
        };
        let exact = exact::dist2_segments(
            &P::f(p[0], p[1]),
            &P::f(q[0], q[1]),
            &P::f(a[0], a[1]),
            &P::f(b[0], b[1]),
        )
        .sqrt_f64();
        if exact < 1e-6 {
            crossing_or_close += 1;
        }
        if let Some(gap) = float_gap((p, q), (a, b)) {
            answered += 1;
            assert!(
                (gap - exact).abs() <= FLOAT_MARGIN / 1000.0,
                "float gap {gap} against exact {exact} for {p:?} {q:?} / {a:?} {b:?}"
            );
        }
    }
    println!(
        "float gap: {answered} of 20000 answered, {crossing_or_close} crossing or within 1e-6"
    );
    assert!(
        answered > 10_000 && crossing_or_close > 2_000,
        "{answered}, {crossing_or_close}"
    );
}
