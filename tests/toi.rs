//! Time of impact with rotation (`time_of_impact`): fast spinning thin capsules against
//! thin walls, checked by an independent certified verifier.
//!
//! The verifier never calls the crate's geometry. It places the shapes itself (the
//! normalised interpolation of the two rotations, in plain f64), measures gaps with a
//! textbook segment distance, and bounds how fast the gap can shrink with the angle
//! between the rotations taken by `atan2` (`2 tan(Δ/2)` for the interpolated rotation;
//! `nlerp_turns_no_faster_than_its_bound` checks that bound by finite differences). It then
//! certifies, by branch and bound over `[0, time]`, that the gap stays above
//! `target − ε` until the reported time: an interval `[l, h]` is certified when
//! `gap(l) − μ (h − l)` is above it, and split otherwise, so a tunnel (a gap below the
//! target before the reported time) cannot hide between samples. A reported hit must also
//! be within `target + tolerance + ε` (no phantom).
//!
//! `CAPSULE2D_TOI_CASES` sets the number of f64 cases (default 2,000; CI runs 10,000 in
//! release). Run with `--nocapture` for the iteration counts.

use capsule2d::{
    Capsule, Pose, PoseMotion, Rotation, Segment, Shape, Toi, ToiOptions, ToiState, time_of_impact,
};

use crate::common;
use common::Rng;

fn case_count() -> usize {
    std::env::var("CAPSULE2D_TOI_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000)
}

type V2 = [f64; 2];

fn dist_point_segment(p: V2, a: V2, b: V2) -> f64 {
    let (vx, vy) = (b[0] - a[0], b[1] - a[1]);
    let (wx, wy) = (p[0] - a[0], p[1] - a[1]);
    let len_sq = vx * vx + vy * vy;
    let t = if len_sq > 0.0 {
        ((wx * vx + wy * vy) / len_sq).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (wx - t * vx).hypot(wy - t * vy)
}

fn cross(o: V2, a: V2, b: V2) -> f64 {
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
}

/// The distance between two segments: 0 when they cross, else the least endpoint distance.
fn dist_segments(a: V2, b: V2, c: V2, d: V2) -> f64 {
    let (d1, d2, d3, d4) = (
        cross(a, b, c),
        cross(a, b, d),
        cross(c, d, a),
        cross(c, d, b),
    );
    if d1 * d2 < 0.0 && d3 * d4 < 0.0 {
        return 0.0;
    }
    dist_point_segment(a, c, d)
        .min(dist_point_segment(b, c, d))
        .min(dist_point_segment(c, a, b))
        .min(dist_point_segment(d, a, b))
}

/// A shape's motion as the verifier sees it.
#[derive(Clone, Copy, Debug)]
struct Mover {
    a: V2,
    b: V2,
    radius: f64,
    /// `(cos, sin)` at the start and the end, and the translations.
    r0: V2,
    r1: V2,
    c0: V2,
    c1: V2,
}

impl Mover {
    fn at(&self, t: f64) -> (V2, V2) {
        let (c, s) = (
            (1.0 - t) * self.r0[0] + t * self.r1[0],
            (1.0 - t) * self.r0[1] + t * self.r1[1],
        );
        let n = c.hypot(s);
        let (c, s) = (c / n, s / n);
        let tr = [
            self.c0[0] + t * (self.c1[0] - self.c0[0]),
            self.c0[1] + t * (self.c1[1] - self.c0[1]),
        ];
        let place = |p: V2| [c * p[0] - s * p[1] + tr[0], s * p[0] + c * p[1] + tr[1]];
        (place(self.a), place(self.b))
    }

    /// The fastest any surface point moves relative to the frame origin's path: the
    /// angular bound times the reach.
    fn spin_bound(&self) -> f64 {
        let delta = (self.r0[0] * self.r1[1] - self.r0[1] * self.r1[0])
            .atan2(self.r0[0] * self.r1[0] + self.r0[1] * self.r1[1])
            .abs();
        let reach = self.a[0].hypot(self.a[1]).max(self.b[0].hypot(self.b[1])) + self.radius;
        2.0 * (delta / 2.0).tan() * reach
    }

    fn shift(&self) -> V2 {
        [self.c1[0] - self.c0[0], self.c1[1] - self.c0[1]]
    }

    fn capsule(&self) -> Capsule<V2> {
        Capsule::new(self.a, self.b, self.radius)
    }

    fn motion(&self) -> PoseMotion<V2> {
        PoseMotion::new(
            Pose::new(Rotation::new(self.r0[0], self.r0[1]), self.c0),
            Pose::new(Rotation::new(self.r1[0], self.r1[1]), self.c1),
        )
    }
}

fn gap(x: &Mover, y: &Mover, t: f64) -> f64 {
    let (xa, xb) = x.at(t);
    let (ya, yb) = y.at(t);
    dist_segments(xa, xb, ya, yb) - x.radius - y.radius
}

/// What the verifier found below the target before `until`: `Some(t)` for a tunnel.
fn certify(x: &Mover, y: &Mover, until: f64, floor: f64, evaluations: &mut usize) -> Option<f64> {
    let shift = [x.shift()[0] - y.shift()[0], x.shift()[1] - y.shift()[1]];
    let mu = shift[0].hypot(shift[1]) + x.spin_bound() + y.spin_bound();
    let mut stack = vec![(0.0_f64, until)];
    while let Some((l, h)) = stack.pop() {
        *evaluations += 1;
        let g = gap(x, y, l);
        if g < floor {
            return Some(l);
        }
        if g - mu * (h - l) > floor || h - l < 1e-12 {
            continue;
        }
        let m = l + (h - l) / 2.0;
        stack.push((m, h));
        stack.push((l, m));
    }
    None
}

/// The mover with every value rounded to `f32` (and held in `f64`).
fn rounded(m: Mover) -> Mover {
    let f = |p: V2| p.map(|x| f64::from(x as f32));
    Mover {
        a: f(m.a),
        b: f(m.b),
        radius: f64::from(m.radius as f32),
        r0: f(m.r0),
        r1: f(m.r1),
        c0: f(m.c0),
        c1: f(m.c1),
    }
}

fn angle(rng: &mut Rng, max: f64) -> V2 {
    let a = rng.range(-max, max);
    [a.cos(), a.sin()]
}

fn random_case(rng: &mut Rng) -> (Mover, Mover) {
    // A thin capsule, 0.5 to 3 long, spinning up to 120° while flying 5 to 30 units.
    let half = rng.range(0.25, 1.5);
    let stick = Mover {
        a: [-half, 0.0],
        b: [half, 0.0],
        radius: rng.range(0.005, 0.05),
        r0: angle(rng, std::f64::consts::PI),
        r1: [1.0, 0.0],
        c0: [rng.range(-2.0, 2.0), rng.range(-2.0, 2.0)],
        c1: [0.0, 0.0],
    };
    let turn = angle(rng, 2.0 * std::f64::consts::PI / 3.0 * 0.999);
    let r1 = [
        stick.r0[0] * turn[0] - stick.r0[1] * turn[1],
        stick.r0[0] * turn[1] + stick.r0[1] * turn[0],
    ];
    let heading = angle(rng, std::f64::consts::PI);
    let speed = rng.range(5.0, 30.0);
    let c1 = [
        stick.c0[0] + speed * heading[0],
        stick.c0[1] + speed * heading[1],
    ];
    // A thin wall across the path (a bare segment or a thin capsule), at a random place
    // along it, sometimes moving and turning a little too.
    let along = rng.range(0.1, 0.9);
    let centre = [
        stick.c0[0] + along * speed * heading[0] + rng.range(-1.0, 1.0),
        stick.c0[1] + along * speed * heading[1] + rng.range(-1.0, 1.0),
    ];
    let wall_half = rng.range(1.0, 4.0);
    let moving = rng.below(3) == 0;
    let wall = Mover {
        a: [0.0, -wall_half],
        b: [0.0, wall_half],
        radius: if rng.below(2) == 0 {
            0.0
        } else {
            rng.range(0.001, 0.02)
        },
        r0: angle(rng, std::f64::consts::PI),
        r1: [1.0, 0.0],
        c0: centre,
        c1: centre,
    };
    let wall = if moving {
        let turn = angle(rng, 0.5);
        Mover {
            r1: [
                wall.r0[0] * turn[0] - wall.r0[1] * turn[1],
                wall.r0[0] * turn[1] + wall.r0[1] * turn[0],
            ],
            c1: [
                centre[0] + rng.range(-3.0, 3.0),
                centre[1] + rng.range(-3.0, 3.0),
            ],
            ..wall
        }
    } else {
        Mover {
            r1: wall.r0,
            ..wall
        }
    };
    (Mover { r1, c1, ..stick }, wall)
}

#[test]
fn spinning_thin_capsules_never_tunnel() {
    let options = ToiOptions::new(0.005, 0.001);
    never_tunnel("f64", 1e-9, |stick, wall| {
        time_of_impact(
            &stick.capsule(),
            &stick.motion(),
            &wall.capsule(),
            &wall.motion(),
            &options,
        )
    });
}

/// The same cases in `f32`: the shapes and motions rounded to `f32` (the verifier measures
/// the rounded inputs in `f64`), the gaps held to `10⁻⁴` (the `f32` placements' rounding at
/// these magnitudes is about `10⁻⁶`).
#[test]
fn spinning_thin_capsules_never_tunnel_f32() {
    let options = ToiOptions::new(0.005_f32, 0.001);
    let f = |p: V2| p.map(|x| x as f32);
    never_tunnel("f32", 1e-4, |stick, wall| {
        let capsule = |m: &Mover| Capsule::new(f(m.a), f(m.b), m.radius as f32);
        let motion = |m: &Mover| {
            PoseMotion::new(
                Pose::new(Rotation::new(m.r0[0] as f32, m.r0[1] as f32), f(m.c0)),
                Pose::new(Rotation::new(m.r1[0] as f32, m.r1[1] as f32), f(m.c1)),
            )
        };
        let toi = time_of_impact(
            &capsule(stick),
            &motion(stick),
            &capsule(wall),
            &motion(wall),
            &options,
        );
        Toi {
            state: toi.state,
            time: f64::from(toi.time),
            iterations: toi.iterations,
        }
    });
}

/// Every case's answer, from `toi` (of the inputs rounded as `toi` rounds them), held to
/// the verifier within `eps`.
fn never_tunnel(scalar: &str, eps: f64, toi_of: impl Fn(&Mover, &Mover) -> Toi<f64>) {
    let mut rng = Rng::new(0x0701);
    let n = case_count();
    let options = ToiOptions::new(0.005, 0.001);
    let (mut hits, mut misses, mut overlapping, mut stalled) = (0, 0, 0, 0);
    let (mut tunnels, mut phantoms) = (0, 0);
    let (mut iterations, mut most, mut evaluations) = (0_u64, 0_u32, 0_usize);
    for case in 0..n {
        let (stick, wall) = random_case(&mut rng);
        let (stick, wall) = if scalar == "f32" {
            (rounded(stick), rounded(wall))
        } else {
            (stick, wall)
        };
        let toi = toi_of(&stick, &wall);
        iterations += u64::from(toi.iterations);
        most = most.max(toi.iterations);
        let until = match toi.state {
            ToiState::Hit => {
                hits += 1;
                let g = gap(&stick, &wall, toi.time);
                if g > options.target + options.tolerance + eps {
                    phantoms += 1;
                    eprintln!("phantom: case {case}: gap {g} at {toi:?}");
                }
                toi.time
            }
            ToiState::Miss => {
                misses += 1;
                1.0
            }
            ToiState::MaxIterations => {
                stalled += 1;
                toi.time
            }
            ToiState::Overlapping => {
                overlapping += 1;
                assert!(
                    gap(&stick, &wall, 0.0) <= options.target + eps,
                    "case {case}"
                );
                continue;
            }
            ToiState::Invalid => panic!("case {case}: {toi:?} for {stick:?} {wall:?}"),
        };
        if let Some(t) = certify(&stick, &wall, until, options.target - eps, &mut evaluations) {
            tunnels += 1;
            eprintln!("tunnel: case {case}: gap below the target at {t}, reported {toi:?}");
        }
    }
    println!(
        "{n} spinning thin capsules ({scalar}): {hits} hits, {misses} misses, {overlapping} overlapping at \
         the start, {stalled} at the iteration bound; {tunnels} tunnels, {phantoms} phantoms; \
         iterations mean {:.1}, most {most}; {evaluations} verifier gap evaluations",
        iterations as f64 / n as f64
    );
    assert!(hits > n / 3, "the cases must hit: {hits}");
    assert_eq!((tunnels, phantoms), (0, 0));
}

/// The normalised interpolation of two rotations `Δ` apart turns at most `2 tan(Δ/2)` per
/// unit of time (the bound the advancement uses), measured by finite differences.
#[test]
fn nlerp_turns_no_faster_than_its_bound() {
    for degrees in [1.0_f64, 30.0, 60.0, 90.0, 119.0] {
        let delta = degrees.to_radians();
        let m = Mover {
            a: [1.0, 0.0],
            b: [1.0, 0.0],
            radius: 0.0,
            r0: [1.0, 0.0],
            r1: [delta.cos(), delta.sin()],
            c0: [0.0, 0.0],
            c1: [0.0, 0.0],
        };
        let steps = 10_000;
        let fastest = (0..steps)
            .map(|k| {
                let (t0, t1) = (k as f64 / steps as f64, (k + 1) as f64 / steps as f64);
                let (p, _) = m.at(t0);
                let (q, _) = m.at(t1);
                (p[0] - q[0]).hypot(p[1] - q[1]) * steps as f64
            })
            .fold(0.0, f64::max);
        let bound = m.spin_bound();
        assert!(
            fastest <= bound * (1.0 + 1e-9),
            "{degrees}°: {fastest} > {bound}"
        );
        // And the bound is reached (at the middle of the step), so it is not loose.
        assert!(
            fastest >= bound * (1.0 - 1e-3),
            "{degrees}°: {fastest} ≪ {bound}"
        );
    }
}

/// The degenerate and invalid inputs, for every scalar the crate runs on.
fn degenerate<S: common::TestScalar>() {
    let n = |x: f64| S::from_f64(x);
    let v = |x: f64, y: f64| [n(x), n(y)];
    let stick = Capsule::new(v(-1.0, 0.0), v(1.0, 0.0), n(0.0625));
    let wall = Segment::new(v(5.0, -3.0), v(5.0, 3.0));
    let still = PoseMotion::still(Pose::identity());
    let options = ToiOptions::new(n(0.0), n(0.001));
    // No relative motion: a miss, at once.
    let toi = time_of_impact(&stick, &still, &wall, &still, &options);
    assert_eq!((toi.state, toi.iterations), (ToiState::Miss, 0));
    // Overlapping at the start.
    let near = PoseMotion::still(Pose::from_translation(v(4.0, 0.0)));
    let toi = time_of_impact(&stick, &near, &wall, &still, &options);
    assert_eq!((toi.state, toi.time), (ToiState::Overlapping, n(0.0)));
    // A turn of more than 120°, a tolerance of 0, a negative radius: invalid, no panic.
    let half_turn = PoseMotion::new(
        Pose::identity(),
        Pose::new(Rotation::new(n(-1.0), n(0.01)), v(1.0, 0.0)),
    );
    let toi = time_of_impact(&stick, &half_turn, &wall, &still, &options);
    assert_eq!(toi.state, ToiState::Invalid);
    let zero_tolerance = ToiOptions::new(n(0.0), n(0.0));
    let flight = PoseMotion::new(Pose::identity(), Pose::from_translation(v(10.0, 0.0)));
    assert_eq!(
        time_of_impact(&stick, &flight, &wall, &still, &zero_tolerance).state,
        ToiState::Invalid
    );
    let empty = Capsule::new(v(-1.0, 0.0), v(1.0, 0.0), n(-1.0));
    assert_eq!(
        time_of_impact(&empty, &flight, &wall, &still, &options).state,
        ToiState::Invalid
    );
    // A flight straight at the wall: the tip (at x = 1 + r) reaches x = 5 at t ≈ 0.39.
    let toi = time_of_impact(&stick, &flight, &wall, &still, &options);
    assert_eq!(toi.state, ToiState::Hit);
    let at = stick.transformed(&flight.pose_at(toi.time));
    assert!(at.distance(&wall).to_f64() <= 0.001 + 1e-3);
    assert!((toi.time.to_f64() - (5.0 - 1.0 - 0.0625) / 10.0).abs() < 2e-4);
    // An iteration bound of 0 stops at the start, known apart.
    let toi = time_of_impact(
        &stick,
        &flight,
        &wall,
        &still,
        &options.with_max_iterations(0),
    );
    assert_eq!((toi.state, toi.time), (ToiState::MaxIterations, n(0.0)));
}

#[test]
fn degenerate_f32() {
    degenerate::<f32>();
}

#[test]
fn degenerate_f64() {
    degenerate::<f64>();
}

#[cfg(feature = "fixed")]
#[test]
fn degenerate_i32f32() {
    degenerate::<fixed::types::I32F32>();
}

/// A shape that neither turns nor approaches along the line of its closest points (sliding
/// past a wall, or leaving it) keeps its separation along that line: a miss after one
/// measurement, where the speed bound alone would have stepped `gap / speed` at a time.
/// One that does approach steps along that line at its approach speed: the first step
/// lands on the impact when the motion is square to the wall.
#[test]
fn steps_along_the_line_of_the_closest_points() {
    let wall = Segment::new([-100.0, 0.0], [100.0, 0.0]);
    let still = PoseMotion::still(Pose::identity());
    let stick = Capsule::new([-1.0, 0.0], [1.0, 0.0], 0.25);
    let options = ToiOptions::new(0.0, 1e-6);
    let from = |x: f64, y: f64| Pose::from_translation([x, y]);
    for (end, what) in [((50.0, 2.0), "sliding past"), ((-30.0, 7.0), "leaving")] {
        let motion = PoseMotion::new(from(0.0, 2.0), from(end.0, end.1));
        let toi = time_of_impact(&stick, &motion, &wall, &still, &options);
        assert_eq!(
            (toi.state, toi.time, toi.iterations),
            (ToiState::Miss, 1.0, 0),
            "{what}"
        );
    }
    // Square to the wall, 1.75 above it at 40 units per step, with a long slide across: the
    // surfaces meet at 1.75 / 40 of the step, in one step (the speed bound, |v| ≈ 56.6,
    // would take many).
    let motion = PoseMotion::new(from(0.0, 2.0), from(40.0, -38.0));
    let toi = time_of_impact(&stick, &motion, &wall, &still, &options);
    assert_eq!(toi.state, ToiState::Hit);
    assert!((toi.time - 1.75 / 40.0).abs() < 1e-12, "{toi:?}");
    assert!(toi.iterations <= 2, "{toi:?}");
}

/// The square approach of `steps_along_the_line_of_the_closest_points`, placed `offset`
/// from the origin, in every scalar: where the step along the closest points is in range
/// it lands on the impact at once; where its products would leave the type's range (a
/// long wall in `I16F16`) the speed bound alone steps, more often, to the same impact.
fn square_approach_far_out<S: common::TestScalar>(
    name: &str,
    offset: f64,
    most: u32,
    tolerance: f64,
) {
    let n = |x: f64| S::from_f64(x);
    let v = |x: f64, y: f64| [n(offset + x), n(offset + y)];
    let wall = Segment::new(v(-100.0, 0.0), v(100.0, 0.0));
    let still = PoseMotion::still(Pose::identity());
    let stick = Capsule::new([n(-1.0), n(0.0)], [n(1.0), n(0.0)], n(0.25));
    let options = ToiOptions::new(n(0.0), n(1e-3));
    let motion = PoseMotion::new(
        Pose::from_translation(v(0.0, 2.0)),
        Pose::from_translation(v(40.0, -38.0)),
    );
    let toi = time_of_impact(&stick, &motion, &wall, &still, &options);
    assert_eq!(toi.state, ToiState::Hit, "{offset}");
    let time = S::to_f64(toi.time);
    // The surfaces meet at 1.75 / 40; the hit stops within the tolerance before that.
    assert!(
        time <= 1.75 / 40.0 + tolerance && time >= (1.75 - 1e-3) / 40.0 - tolerance,
        "{offset}: {toi:?}"
    );
    assert!(toi.iterations <= most, "{offset}: {toi:?}");
    eprintln!(
        "square approach at {offset:e}, {name}: {} iterations",
        toi.iterations
    );
}

#[test]
fn directional_steps_far_from_the_origin() {
    square_approach_far_out::<f64>("f64", 0.0, 1, 1e-12);
    square_approach_far_out::<f64>("f64", 1e12, 1, 1e-3);
    square_approach_far_out::<f32>("f32", 0.0, 1, 1e-6);
    square_approach_far_out::<f32>("f32", 65_536.0, 1, 1e-2);
    #[cfg(feature = "fixed")]
    {
        use fixed::types::{I16F16, I32F32};
        square_approach_far_out::<I32F32>("I32F32", 0.0, 1, 1e-6);
        // Near I32F32's limit (2³¹): the values are taken from the closest point, so they
        // stay as small as the scene.
        square_approach_far_out::<I32F32>("I32F32", -2e9, 1, 1e-6);
        // I16F16 (limit 2¹⁵): the wall's ends, 100 from the closest point, make `16 L²`
        // unrepresentable; the speed bound alone steps.
        square_approach_far_out::<I16F16>("I16F16", 0.0, 64, 1e-3);
    }
}
