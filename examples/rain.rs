//! Rain: a few hundred balls of different sizes rain onto a course of capsules, segments
//! and a chain, bounce off it and off each other, and pile up; the run is written as an
//! animated SVG that loops.
//!
//! ```text
//! cargo run --release --example rain -- --balls 300 --seed 1 --out rain.svg
//! ```
//!
//! The balls enter at the top edge one after another; those released in the first 0.6 s
//! are already falling in the first frame. Every physics step has four phases:
//!
//! 1. **Gravity** on every ball in play.
//! 2. **Ball–ball velocities.** A broad phase sorts the balls' boxes ([`Shape::aabb`],
//!    grown by how far each ball can move in the step) by their left edge and sweeps along
//!    x, keeping the pairs whose boxes overlap ([`Aabb::intersects`]). Each pair gets a
//!    speculative contact ([`Shape::contact_with_margin`]): two balls a gap `g` apart may
//!    close at most `g` in the step, so a fast ball cannot pass through another. A few
//!    rounds of sequential impulses (equal masses, restitution above the bounce threshold,
//!    Coulomb friction), started from the impulses of the step before, then make the
//!    velocities respect every contact. The course contacts of the balls touching it
//!    ([`Chain::contacts`]) take part in the rounds with the same bounce and friction
//!    rules as [`Ball::step`], so the floor carries a stack instead of the bottom ball
//!    being pushed into it.
//! 3. **The course.** [`Ball::step`] (with gravity already applied) moves each ball by its
//!    velocity, swept against the course, so a fast ball stops at a thin segment instead
//!    of passing it; it bounces or slides at each impact, and a skin keeps resting balls
//!    still.
//! 4. **Ball–ball positions.** Pairs that still overlap by more than the skin are pushed
//!    apart, half each, down to the skin ([`Contact::offset_with_skin`], as
//!    [`response::push_out`] does). Each push is swept against the course with the ball's
//!    radius less one skin, so it never takes a ball through an obstacle or deeper than
//!    the skin into it; a ball that is blocked leaves its share to the other.
//!
//! The run is checked as it goes, independently of the library's own answers:
//!
//! - **tunnelled**: a ball whose centre, on any straight move (the points of
//!   [`StepReport::path`] and every push of phase 4), crossed an obstacle's core or came
//!   within half of the contact distance of it. Must be 0.
//! - **max penetration**: the deepest course contact left at the end of any step.
//! - **deepest ball–ball overlap**: the deepest overlap of two balls left at the end of
//!   any step.
//! - **resting jitter**: among the balls slower than 0.001 throughout the last second, the
//!   largest vertical movement during that second.
//!
//! [`Contact::offset_with_skin`]: capsule2d::Contact::offset_with_skin
//!
//! The SVG draws the course once and moves each ball with SMIL `<animate>` on `cx`/`cy`,
//! which browsers play when the file is opened directly. It loops without a jump: near the
//! end a soft curtain sweeps down over the pile (the course stays on top of it), the balls
//! go back above the top edge behind it, and the curtain uncovers the empty course just as
//! the rain of the first frame comes in again, along the same paths. The statistics sit
//! in a band under the course, where no ball goes.

use capsule2d::vector::VectorOps;
use capsule2d::{
    Aabb, Ball, Capsule, Chain, ChainContact, Circle, Shape, StepParams, StepReport, response,
};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::time::Instant;

type V = [f64; 2];

/// The area the balls move in: world `x ∈ [0, 16]`, `y ∈ [0, 10.4]` (y up).
const WIDTH: f64 = 16.0;
/// The top edge of the picture, where the balls come in.
const TOP: f64 = 10.4;
/// SVG pixels per world unit.
const SCALE: f64 = 50.0;
/// Height of the statistics band under the course, in pixels.
const BAND: f64 = 66.0;
/// Gravity.
const GRAVITY: V = [0.0, -9.81];
/// The skin: the overlap left at rest, against the course and between balls.
const SKIN: f64 = 0.004;
/// Rounds of sequential impulses in the velocity phase.
const ROUNDS: usize = 12;
/// Passes over the overlapping pairs in the position phase.
const PASSES: usize = 3;
/// Friction between two balls: low, because the balls do not spin and so cannot roll off
/// one another; with the friction they have on the course they would stack like bricks.
const BALL_FRICTION: f64 = 0.05;
/// The part of the loop over which the balls come in, after the lead-in.
const RAIN: f64 = 0.35;
/// Seconds of rain already falling in the first frame, for a run of 8 s or more.
const LEAD_IN: f64 = 0.6;

/// What to run.
#[derive(Clone, Debug)]
pub struct Config {
    /// Number of balls.
    pub balls: usize,
    /// Seed of the generator that places and sizes them.
    pub seed: u64,
    /// Simulated seconds: the length of the loop.
    pub seconds: f64,
    /// Physics steps per second.
    pub rate: u32,
    /// Animation frames per second in the SVG.
    pub fps: u32,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            balls: 300,
            seed: 1,
            seconds: 8.0,
            rate: 120,
            fps: 30,
        }
    }
}

/// What a run measured, and the SVG it drew.
#[derive(Clone, Debug)]
pub struct Summary {
    /// Physics steps in the loop (the lead-in is not counted).
    pub frames: usize,
    /// Physics steps of the lead-in before the loop's first frame.
    pub lead_in: usize,
    /// Course contacts: sweep impacts, contact responses and skin pushes.
    pub contacts: usize,
    /// Ball–ball contacts: pairs given an impulse in a step, and pairs pushed apart.
    pub ball_contacts: usize,
    /// The deepest course contact left at the end of any step.
    pub max_penetration: f64,
    /// The deepest overlap of two balls left at the end of any step.
    pub max_overlap: f64,
    /// The skin used.
    pub skin: f64,
    /// Balls that tunnelled (see the module docs).
    pub tunnelled: usize,
    /// Largest vertical movement of a resting ball over the last second.
    pub jitter: f64,
    /// Balls at rest over the last second.
    pub resting: usize,
    /// Obstacles in the course.
    pub obstacles: usize,
    /// The animated SVG.
    pub svg: String,
}

/// A tiny deterministic generator (xorshift64*), so a seed reproduces a run.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Self {
        // SplitMix64 scrambles the seed so that 0, 1, 2… give unrelated streams.
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Self((z ^ (z >> 31)) | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in `[lo, hi)`.
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * ((self.next() >> 11) as f64 / (1u64 << 53) as f64)
    }
}

/// The course, in world units (y up, 16 × 10.4): walls, a floor, tilted platforms,
/// deflectors, pegs and a bowl-shaped chain of 28 segments.
fn course() -> Vec<Capsule<V>> {
    let mut links = vec![
        // Walls and floor.
        Capsule::new([0.2, 12.0], [0.2, 0.2], 0.0),
        Capsule::new([0.2, 0.2], [15.8, 0.2], 0.12),
        Capsule::new([15.8, 0.2], [15.8, 12.0], 0.0),
        // Tilted platforms (capsules) and deflectors (segments).
        Capsule::new([1.2, 7.8], [5.2, 6.3], 0.15),
        Capsule::new([10.8, 6.2], [14.8, 7.6], 0.15),
        Capsule::new([6.4, 8.8], [9.6, 8.0], 0.0),
        Capsule::new([12.2, 3.6], [15.0, 2.4], 0.0),
        Capsule::new([1.0, 3.0], [3.4, 3.9], 0.0),
        // Pegs: zero-length capsules.
        Capsule::new([3.4, 5.2], [3.4, 5.2], 0.3),
        Capsule::new([12.8, 5.0], [12.8, 5.0], 0.3),
        Capsule::new([8.0, 6.1], [8.0, 6.1], 0.25),
    ];
    // The bowl: y = 2 + 0.13 (x − 8)², from x = 4.4 to 11.6, as a chain of segments.
    let n = 28;
    let point = |i: usize| {
        let x = 4.4 + 7.2 * i as f64 / n as f64;
        [x, 2.0 + 0.13 * (x - 8.0) * (x - 8.0)]
    };
    links.extend((0..n).map(|i| Capsule::new(point(i), point(i + 1), 0.0)));
    links
}

/// Plain-f64 distance² from `p` to segment `ab` (independent of the library).
fn dist_sq(p: V, a: V, b: V) -> f64 {
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

/// Closest approach of segments `pq` and `ab` (0 when they cross), plain f64.
fn segment_gap(p: V, q: V, a: V, b: V) -> f64 {
    let orient = |o: V, u: V, w: V| (u[0] - o[0]) * (w[1] - o[1]) - (u[1] - o[1]) * (w[0] - o[0]);
    let (d1, d2) = (orient(a, b, p), orient(a, b, q));
    let (d3, d4) = (orient(p, q, a), orient(p, q, b));
    if d1 * d2 < 0.0 && d3 * d4 < 0.0 {
        return 0.0;
    }
    [
        dist_sq(p, a, b),
        dist_sq(q, a, b),
        dist_sq(a, p, q),
        dist_sq(b, p, q),
    ]
    .into_iter()
    .fold(f64::INFINITY, f64::min)
    .sqrt()
}

/// A contact that the velocity phase enforces: between balls `i` and `j` (the normal
/// points from `j` towards `i`), or between ball `i` and the course (`j` is `None`).
struct Constraint {
    i: usize,
    j: Option<usize>,
    /// `(i, j)`, or `(i, balls + link)` for the course: finds last step's impulses.
    key: (usize, usize),
    normal: V,
    /// The lowest normal speed of `i` relative to `j` (or to the course) allowed.
    target: f64,
    friction: f64,
    /// Accumulated impulses along the normal and the tangent, as velocity changes of
    /// a unit mass.
    normal_impulse: f64,
    tangent_impulse: f64,
}

impl Constraint {
    /// The velocity of `i` relative to `j`, or to the course.
    fn relative(&self, balls: &[Ball<V>]) -> V {
        match self.j {
            Some(j) => balls[self.i].velocity.sub(balls[j].velocity),
            None => balls[self.i].velocity,
        }
    }

    /// Gives `i` the velocity change `dv` and `j` the opposite one.
    fn apply(&self, balls: &mut [Ball<V>], dv: V) {
        balls[self.i].velocity = balls[self.i].velocity.add(dv);
        if let Some(j) = self.j {
            balls[j].velocity = balls[j].velocity.sub(dv);
        }
    }

    /// One round: the normal impulse (never pulling), then friction (at most `μ` times
    /// the normal impulse, never reversing the sliding).
    fn solve(&mut self, balls: &mut [Ball<V>]) {
        // A pair of equal masses shares the change; the course does not move.
        let share = if self.j.is_some() { 0.5 } else { 1.0 };
        let speed = self.relative(balls).dot(self.normal);
        let total = (self.normal_impulse + share * (self.target - speed)).max(0.0);
        self.apply(balls, self.normal.scale(total - self.normal_impulse));
        self.normal_impulse = total;

        let tangent = self.normal.perp();
        let slip = self.relative(balls).dot(tangent);
        let limit = self.friction * self.normal_impulse;
        let total = (self.tangent_impulse - share * slip).clamp(-limit, limit);
        self.apply(balls, tangent.scale(total - self.tangent_impulse));
        self.tangent_impulse = total;
    }
}

/// The lowest normal speed allowed after a contact whose approach speed is `approach`:
/// a bounce with `restitution` above `threshold` (as [`Ball::step`] does), else 0.
fn rebound(approach: f64, restitution: f64, threshold: f64) -> f64 {
    if approach > threshold {
        restitution * approach
    } else {
        0.0
    }
}

/// Pairs of `live` balls whose boxes, each grown by `grow(ball)`, overlap: sort and sweep
/// along x, then [`Aabb::intersects`].
fn broad_phase(
    balls: &[Ball<V>],
    live: &[usize],
    grow: impl Fn(&Ball<V>) -> f64,
) -> Vec<(usize, usize)> {
    let mut boxes: Vec<(Aabb<V>, usize)> = live
        .iter()
        .map(|&i| (balls[i].circle.aabb().expanded(grow(&balls[i])), i))
        .collect();
    boxes.sort_by(|a, b| a.0.min[0].total_cmp(&b.0.min[0]));
    let mut pairs = Vec::new();
    for (k, (a, i)) in boxes.iter().enumerate() {
        for (b, j) in &boxes[k + 1..] {
            if b.min[0] > a.max[0] {
                break;
            }
            if a.intersects(b) {
                pairs.push((*i.min(j), *i.max(j)));
            }
        }
    }
    pairs
}

/// The simulation: the course, the balls, and what the checks have seen so far.
struct Rain<'a> {
    links: &'a [Capsule<V>],
    /// The links' boxes, to skip far links in the tunnelling check.
    boxes: Vec<Aabb<V>>,
    world: Chain<'a, V>,
    /// The stepper's settings; gravity is zero there, phase 1 applies it.
    params: StepParams<V>,
    balls: Vec<Ball<V>>,
    /// Where each ball waits, just above the top edge, and comes in.
    spawn: Vec<V>,
    /// The step at which each ball comes in (negative in the lead-in).
    release: Vec<i64>,
    live: Vec<bool>,
    /// Last step's impulses of each contact, by [`Constraint::key`].
    warm: HashMap<(usize, usize), (f64, f64)>,
    contacts: usize,
    ball_contacts: usize,
    max_penetration: f64,
    max_overlap: f64,
    tunnelled: Vec<bool>,
}

impl Rain<'_> {
    /// Advances the run by one step, to the end of step `frame`.
    fn advance(&mut self, frame: i64) {
        self.bring_in(frame);
        let live: Vec<usize> = (0..self.balls.len()).filter(|&i| self.live[i]).collect();
        let dt = self.params.dt;

        // 1. Gravity.
        for &i in &live {
            let ball = &mut self.balls[i];
            ball.velocity = ball.velocity.add(GRAVITY.scale(dt));
        }

        // 2. Ball–ball velocities, with the course contacts carrying the stacks.
        let mut constraints = self.constraints(&live);
        // Warm start: a contact that was there last step starts from last step's
        // impulses, so a pile carries its weight from one step to the next.
        for c in &mut constraints {
            if let Some(&(normal, tangent)) = self.warm.get(&c.key) {
                c.normal_impulse = normal;
                c.tangent_impulse = tangent;
                let dv = c.normal.scale(normal).add(c.normal.perp().scale(tangent));
                c.apply(&mut self.balls, dv);
            }
        }
        for _ in 0..ROUNDS {
            for c in &mut constraints {
                c.solve(&mut self.balls);
            }
        }
        self.warm = constraints
            .iter()
            .map(|c| (c.key, (c.normal_impulse, c.tangent_impulse)))
            .collect();
        for c in &constraints {
            if c.normal_impulse > 0.0 {
                match c.j {
                    Some(_) => self.ball_contacts += 1,
                    None => self.contacts += 1,
                }
            }
        }

        // 3. The course.
        for &i in &live {
            let report = self.balls[i].step(&self.world, &self.params);
            self.contacts += report.hits + report.resolved;
            self.max_penetration = self.max_penetration.max(report.depth);
            if self.crossed(&report, self.balls[i].circle.radius) {
                self.tunnelled[i] = true;
            }
        }

        // 4. Ball–ball positions.
        self.separate(&live);
    }

    /// Lets in the balls due by step `frame`; one whose place is still taken waits.
    fn bring_in(&mut self, frame: i64) {
        for i in 0..self.balls.len() {
            if self.live[i] || self.release[i] >= frame {
                continue;
            }
            let circle = self.balls[i].circle;
            let taken = (0..self.balls.len())
                .any(|j| self.live[j] && self.balls[j].circle.intersects(&circle));
            if taken {
                self.release[i] = frame;
            } else {
                self.live[i] = true;
            }
        }
    }

    /// The contacts of phase 2: speculative ball–ball contacts from the broad phase, and
    /// the course contacts of the balls touching it; lowest first, so that the impulses
    /// travel up a stack within a round.
    fn constraints(&self, live: &[usize]) -> Vec<Constraint> {
        let dt = self.params.dt;
        let threshold = self.params.bounce_threshold;
        let reach = |ball: &Ball<V>| ball.velocity.length() * dt + SKIN;
        let mut constraints = Vec::new();
        for (i, j) in broad_phase(&self.balls, live, reach) {
            let (a, b) = (&self.balls[i], &self.balls[j]);
            let margin = reach(a) + reach(b);
            let Some(contact) = a.circle.contact_with_margin(&b.circle, margin) else {
                continue;
            };
            let approach = -a.velocity.sub(b.velocity).dot(contact.normal);
            let target = if contact.depth < 0.0 {
                // Apart: close at most the gap in this step.
                contact.depth / dt
            } else {
                rebound(approach, 0.5 * (a.restitution + b.restitution), threshold)
            };
            constraints.push(Constraint {
                i,
                j: Some(j),
                key: (i, j),
                normal: contact.normal,
                target,
                friction: BALL_FRICTION,
                normal_impulse: 0.0,
                tangent_impulse: 0.0,
            });
        }
        let mut found = [ChainContact::default(); 4];
        for &i in live {
            let ball = &self.balls[i];
            let n = self.world.contacts(&ball.circle, &mut found);
            for c in &found[..n] {
                let approach = -ball.velocity.dot(c.contact.normal);
                constraints.push(Constraint {
                    i,
                    j: None,
                    key: (i, self.balls.len() + c.link),
                    normal: c.contact.normal,
                    target: rebound(approach, ball.restitution, threshold),
                    friction: ball.friction,
                    normal_impulse: 0.0,
                    tangent_impulse: 0.0,
                });
            }
        }
        let height = |c: &Constraint| {
            let y = self.balls[c.i].circle.center[1];
            c.j.map_or(y, |j| y.min(self.balls[j].circle.center[1]))
        };
        constraints.sort_by(|a, b| height(a).total_cmp(&height(b)));
        constraints
    }

    /// Phase 4: pushes apart the pairs that overlap by more than the skin, and records
    /// the deepest overlap left.
    fn separate(&mut self, live: &[usize]) {
        let mut pairs = broad_phase(&self.balls, live, |_| SKIN);
        // Bottom up, so that one pass lifts a pile from the ground.
        let low = |&(i, j): &(usize, usize)| {
            self.balls[i].circle.center[1].min(self.balls[j].circle.center[1])
        };
        pairs.sort_by(|a, b| low(a).total_cmp(&low(b)));
        let mut pushed = vec![false; pairs.len()];
        for _ in 0..PASSES {
            for (k, &(i, j)) in pairs.iter().enumerate() {
                let Some(contact) = self.balls[i].circle.contact(&self.balls[j].circle) else {
                    continue;
                };
                if contact.depth <= SKIN {
                    continue;
                }
                // Half each; what one ball cannot take (the course blocks it) goes to the
                // other, and back once more.
                let half = contact.offset_with_skin(SKIN).scale(0.5);
                let left_by_i = 1.0 - self.nudge(i, half);
                let share_j = 1.0 + left_by_i;
                let left_by_j = share_j * (1.0 - self.nudge(j, half.scale(-share_j)));
                if left_by_j > 0.0 {
                    self.nudge(i, half.scale(left_by_j));
                }
                pushed[k] = true;
            }
        }
        self.ball_contacts += pushed.iter().filter(|&&p| p).count();
        for &(i, j) in &pairs {
            if let Some(contact) = self.balls[i].circle.contact(&self.balls[j].circle) {
                self.max_overlap = self.max_overlap.max(contact.depth);
            }
        }
    }

    /// Moves ball `i` by up to `by`, swept against the course with its radius less one
    /// skin: at an obstacle the rest of the push slides along it ([`response::slide`]),
    /// once, and stops at the next. So a push never takes a ball deeper than the skin into
    /// the course. Returns how much of `by` the ball moved, measured along `by`.
    fn nudge(&mut self, i: usize, by: V) -> f64 {
        let circle = self.balls[i].circle;
        let inner = |center| Circle::new(center, circle.radius - SKIN);
        let mut path = vec![circle.center];
        let mut rest = by;
        for _ in 0..2 {
            let at = path[path.len() - 1];
            match self.world.sweep(&inner(at), rest) {
                None => {
                    path.push(at.add(rest));
                    break;
                }
                Some(hit) => {
                    path.push(at.add(rest.scale(hit.hit.time)));
                    rest = response::slide(rest.scale(1.0 - hit.hit.time), hit.hit.normal);
                }
            }
        }
        // The sweeps skip links the ball is leaving or moving along; a push must still not
        // take it deeper into any link than it was, or than the skin.
        let depth = |center| self.world.deepest(&Circle::new(center, circle.radius));
        let limit = depth(circle.center).max(SKIN) + 1e-12;
        while path.len() > 1 && depth(path[path.len() - 1]) > limit {
            path.pop();
        }
        if path
            .windows(2)
            .any(|m| self.crosses(m[0], m[1], circle.radius))
        {
            self.tunnelled[i] = true;
        }
        let to = path[path.len() - 1];
        self.balls[i].circle.center = to;
        self.max_penetration = self.max_penetration.max(depth(to));
        (to.sub(circle.center).dot(by) / by.dot(by)).clamp(0.0, 1.0)
    }

    /// Whether a step's moves took a ball through (or deep into) an obstacle.
    fn crossed(&self, report: &StepReport<V>, radius: f64) -> bool {
        report
            .path()
            .windows(2)
            .any(|m| self.crosses(m[0], m[1], radius))
    }

    /// Whether the straight move `from → to` of a ball of `radius` crossed an obstacle's
    /// core or came within half of the contact distance of it (plain f64).
    fn crosses(&self, from: V, to: V, radius: f64) -> bool {
        let reach = Aabb::from_corners(from, to).expanded(radius);
        self.links.iter().zip(&self.boxes).any(|(l, b)| {
            b.intersects(&reach) && segment_gap(from, to, l.a, l.b) < 0.5 * (radius + l.radius)
        })
    }
}

/// The steps of the lead-in: [`LEAD_IN`] seconds (less for short runs), a whole number of
/// animation frames.
fn lead_in_steps(config: &Config, every: usize) -> usize {
    let seconds = LEAD_IN * (config.seconds / 8.0).min(1.0);
    let frames = (seconds * f64::from(config.rate) / every as f64).round() as usize;
    frames.max(1) * every
}

/// Runs the rain headless and returns the summary and the SVG.
pub fn run(config: &Config) -> Summary {
    let links = course();
    let mut rng = Rng::new(config.seed);
    let rate = f64::from(config.rate);
    let dt = 1.0 / rate;
    let frames = (config.seconds * rate).round() as usize;
    let every = (config.rate / config.fps.max(1)).max(1) as usize;
    let lead = lead_in_steps(config, every);

    // The rain: the balls come in one after another over the lead-in and the first
    // [`RAIN`] of the loop, at random places along the top edge.
    let span = lead as f64 + RAIN * frames as f64;
    let n = config.balls.max(1) as f64;
    let mut balls = Vec::with_capacity(config.balls);
    let mut release = Vec::with_capacity(config.balls);
    for i in 0..config.balls {
        let radius = rng.range(0.06, 0.17);
        let center = [
            rng.range(0.4 + radius, WIDTH - 0.4 - radius),
            TOP + radius + 0.05,
        ];
        let velocity = [rng.range(-0.6, 0.6), rng.range(-2.5, -1.0)];
        let at = span * (i as f64 + rng.range(0.0, 1.0)) / n;
        release.push(at.floor() as i64 - lead as i64);
        let ball = Ball::new(Circle::new(center, radius), velocity);
        balls.push(if i % 2 == 0 {
            ball.with_material(rng.range(0.5, 0.85), 0.05)
        } else {
            ball.with_material(0.0, rng.range(0.1, 0.4))
        });
    }
    let spawn: Vec<V> = balls.iter().map(|b| b.circle.center).collect();
    let mut rain = Rain {
        links: &links,
        boxes: links.iter().map(Shape::aabb).collect(),
        world: Chain::new(&links),
        params: StepParams::new(dt, [0.0, 0.0], SKIN),
        live: vec![false; balls.len()],
        warm: HashMap::new(),
        tunnelled: vec![false; balls.len()],
        balls,
        spawn,
        release,
        contacts: 0,
        ball_contacts: 0,
        max_penetration: 0.0,
        max_overlap: 0.0,
    };

    // Tracks from the start of the lead-in, one point per animation frame.
    let mut tracks: Vec<Vec<V>> = rain.spawn.iter().map(|&p| vec![p]).collect();
    let last_second = frames.saturating_sub(config.rate as usize) as i64;
    let mut slow = vec![true; rain.balls.len()];
    let mut low = vec![f64::INFINITY; rain.balls.len()];
    let mut high = vec![f64::NEG_INFINITY; rain.balls.len()];
    let started = -(lead as i64);
    for frame in started + 1..=frames as i64 {
        rain.advance(frame);
        for (i, ball) in rain.balls.iter().enumerate() {
            if frame > last_second {
                let speed = ball.velocity.length();
                slow[i] &= rain.live[i] && speed < 1e-3;
                low[i] = low[i].min(ball.circle.center[1]);
                high[i] = high[i].max(ball.circle.center[1]);
            }
            if ((frame - started) as usize).is_multiple_of(every) {
                tracks[i].push(ball.circle.center);
            }
        }
    }
    let resting: Vec<usize> = (0..rain.balls.len())
        .filter(|&i| slow[i] && frames as i64 > last_second)
        .collect();
    let jitter = resting
        .iter()
        .map(|&i| high[i] - low[i])
        .fold(0.0, f64::max);
    let mut summary = Summary {
        frames,
        lead_in: lead,
        contacts: rain.contacts,
        ball_contacts: rain.ball_contacts,
        max_penetration: rain.max_penetration,
        max_overlap: rain.max_overlap,
        skin: SKIN,
        tunnelled: rain.tunnelled.iter().filter(|&&t| t).count(),
        jitter,
        resting: resting.len(),
        obstacles: links.len(),
        svg: String::new(),
    };
    let film = Film {
        frames: frames / every,
        lead: lead / every,
        frame_seconds: every as f64 * dt,
    };
    let shown = film.cut(&tracks, &rain.spawn);
    summary.svg = svg(&links, &rain.balls, &shown, &film, &summary);
    summary
}

/// The timing of the animation, in animation frames.
struct Film {
    /// Frames in the loop (the last one equals the first).
    frames: usize,
    /// Frames of the lead-in.
    lead: usize,
    /// Seconds per frame.
    frame_seconds: f64,
}

impl Film {
    /// The loop's length in seconds.
    fn seconds(&self) -> f64 {
        self.frames as f64 * self.frame_seconds
    }

    /// Seconds before the loop's end at which the curtain starts down, covers the view,
    /// starts to lift off it, and is gone (below the course): scaled down for short runs.
    fn curtain(&self) -> [f64; 4] {
        let lead = self.lead as f64 * self.frame_seconds;
        let k = (self.seconds() / 8.0).min(1.0);
        [
            lead + 1.1 * k,
            lead + 0.4 * k,
            lead + 0.1 * k,
            lead - 0.3 * k,
        ]
    }

    /// The frame, counted from the loop's start, at which every ball goes back above the
    /// top edge: halfway through the time the curtain covers the view.
    fn back_frame(&self) -> usize {
        let [_, covered, lifting, _] = self.curtain();
        let at = self.seconds() - 0.5 * (covered + lifting);
        ((at / self.frame_seconds).round() as usize).min(self.frames.saturating_sub(self.lead))
    }

    /// What each ball shows, one point per frame of the loop: its simulated track until
    /// the curtain covers the view, then its place above the top edge, then the lead-in
    /// again, so that the last frame is the first.
    fn cut(&self, tracks: &[Vec<V>], spawn: &[V]) -> Vec<Vec<V>> {
        let back = self.back_frame();
        let replay = self.frames.saturating_sub(self.lead);
        tracks
            .iter()
            .zip(spawn)
            .map(|(track, &home)| {
                (0..=self.frames)
                    .map(|j| match j {
                        j if j < back => track[self.lead + j],
                        j if j >= replay => track[j - replay],
                        _ => home,
                    })
                    .collect()
            })
            .collect()
    }
}

/// World to SVG pixels, y flipped.
fn px(p: V) -> (f64, f64) {
    (p[0] * SCALE, (TOP - p[1]) * SCALE)
}

/// The animated SVG: the balls (each a circle whose `cx`/`cy` follow its track, SMIL,
/// looping), the curtain that covers the loop's turn, the course on top, and the band of
/// statistics under it.
fn svg(
    links: &[Capsule<V>],
    balls: &[Ball<V>],
    tracks: &[Vec<V>],
    film: &Film,
    s: &Summary,
) -> String {
    let (width, height) = (WIDTH * SCALE, TOP * SCALE);
    let full = height + BAND;
    let seconds = film.seconds();
    let mut out = String::new();
    let _ = writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{full}" viewBox="0 0 {width} {full}">"#
    );
    let _ = writeln!(
        out,
        "<title>capsule2d rain: {} balls, tunnelled: {}</title>",
        balls.len(),
        s.tunnelled
    );
    let _ = writeln!(
        out,
        r##"<rect width="{width}" height="{height}" fill="#f7f7f2"/>"##
    );

    // The balls.
    let _ = writeln!(out, r#"<g stroke-width="0.8">"#);
    for (ball, track) in balls.iter().zip(tracks) {
        let (fill, stroke) = if ball.restitution > 0.0 {
            ("#2a6fdb", "#1d4f9e")
        } else {
            ("#e07a1f", "#a8560f")
        };
        let (x0, y0) = px(track[0]);
        let xs: Vec<String> = track.iter().map(|&p| format!("{:.1}", px(p).0)).collect();
        let ys: Vec<String> = track.iter().map(|&p| format!("{:.1}", px(p).1)).collect();
        let _ = writeln!(
            out,
            r#"<circle cx="{x0:.1}" cy="{y0:.1}" r="{:.1}" fill="{fill}" stroke="{stroke}">"#,
            ball.circle.radius * SCALE
        );
        for (attribute, values) in [("cx", xs), ("cy", ys)] {
            let _ = writeln!(
                out,
                r#"<animate attributeName="{attribute}" dur="{seconds:.2}s" repeatCount="indefinite" calcMode="linear" values="{}"/>"#,
                values.join(";")
            );
        }
        let _ = writeln!(out, "</circle>");
    }
    let _ = writeln!(out, "</g>");

    // The curtain: the background colour, soft at both ends, waiting above the view. It
    // comes down over the pile, stays while the balls go back above the top edge, and
    // goes on down and out, uncovering the empty course top first.
    // In pixels: a soft edge, an opaque body a little taller than the view, a soft edge.
    let edge = 180.0;
    let body = height + 120.0;
    let length = 2.0 * edge + body;
    // How far it moves down: until its body covers the view, and until it is all below.
    let covered = length - edge - 0.5 * (body - height);
    let gone = length + height;
    let [down, cover, lift, out_at] = film.curtain().map(|t| (seconds - t) / seconds);
    let _ = writeln!(
        out,
        r##"<defs><linearGradient id="curtain" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7f7f2" stop-opacity="0"/><stop offset="{:.3}" stop-color="#f7f7f2"/><stop offset="{:.3}" stop-color="#f7f7f2"/><stop offset="1" stop-color="#f7f7f2" stop-opacity="0"/></linearGradient></defs>"##,
        edge / length,
        1.0 - edge / length
    );
    let _ = writeln!(
        out,
        r#"<rect y="{:.0}" width="{width}" height="{length:.0}" fill="url(#curtain)"><animateMotion dur="{seconds:.2}s" repeatCount="indefinite" calcMode="linear" keyTimes="0;{down:.4};{cover:.4};{lift:.4};{out_at:.4};1" values="0,0;0,0;0,{covered:.0};0,{covered:.0};0,{gone:.0};0,{gone:.0}"/></rect>"#,
        -length
    );

    // The course, over the balls and the curtain.
    let _ = writeln!(
        out,
        r##"<g stroke="#444" stroke-linecap="round" fill="#444">"##
    );
    for link in links {
        let ((x1, y1), (x2, y2)) = (px(link.a), px(link.b));
        let width = (2.0 * link.radius * SCALE).max(2.0);
        if link.a == link.b {
            let _ = writeln!(
                out,
                r#"<circle cx="{x1:.1}" cy="{y1:.1}" r="{:.1}"/>"#,
                link.radius * SCALE
            );
        } else {
            let _ = writeln!(
                out,
                r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke-width="{width:.1}"/>"#
            );
        }
    }
    let _ = writeln!(out, "</g>");

    // The statistics, in a band under the course.
    let _ = writeln!(
        out,
        r##"<rect y="{height}" width="{width}" height="{BAND}" fill="#e8e8e0"/>"##
    );
    let _ = writeln!(
        out,
        r##"<g font-family="sans-serif" font-size="13" fill="#222"><circle cx="16" cy="{:.0}" r="5" fill="#2a6fdb"/><circle cx="28" cy="{:.0}" r="5" fill="#e07a1f"/>"##,
        height + 20.0,
        height + 20.0
    );
    let lines = [
        format!(
            "{} balls (blue bounce, orange slide) · {} obstacles · {} steps at {} Hz, {:.1} s loop",
            balls.len(),
            s.obstacles,
            s.frames,
            (s.frames as f64 / seconds).round(),
            seconds
        ),
        format!(
            "course: {} contacts · max penetration {:.4} (skin {}) · tunnelled: {} · resting jitter {:.1e}",
            s.contacts, s.max_penetration, s.skin, s.tunnelled, s.jitter
        ),
        format!(
            "ball–ball: {} contacts · deepest overlap {:.4} (skin {})",
            s.ball_contacts, s.max_overlap, s.skin
        ),
    ];
    for (k, line) in lines.iter().enumerate() {
        let x = if k == 0 { 40 } else { 10 };
        let _ = writeln!(
            out,
            r#"<text x="{x}" y="{:.0}">{line}</text>"#,
            height + 25.0 + 18.0 * k as f64
        );
    }
    let _ = writeln!(out, "</g>");
    let _ = writeln!(out, "</svg>");
    out
}

/// The summary lines the example prints.
pub fn report_lines(config: &Config, s: &Summary) -> Vec<String> {
    vec![
        format!(
            "rain: {} balls, seed {}, {} obstacles, {:.1} s at {} Hz",
            config.balls, config.seed, s.obstacles, config.seconds, config.rate
        ),
        format!("frames: {} (plus {} of lead-in)", s.frames, s.lead_in),
        format!("course contacts resolved: {}", s.contacts),
        format!("ball–ball contacts resolved: {}", s.ball_contacts),
        format!(
            "max penetration: {:.5} (skin {})",
            s.max_penetration, s.skin
        ),
        format!(
            "deepest ball–ball overlap: {:.5} (skin {})",
            s.max_overlap, s.skin
        ),
        format!("tunnelled: {}", s.tunnelled),
        format!(
            "resting jitter: {:.3e} (largest vertical movement of {} balls at rest over the last second)",
            s.jitter, s.resting
        ),
    ]
}

const USAGE: &str = "usage: rain [--balls N] [--seed S] [--out PATH] [--seconds T]";

fn main() {
    let mut config = Config::default();
    let mut out = String::from("rain.svg");
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next();
        let ok = match (flag.as_str(), value) {
            ("--balls", Some(v)) => v.parse().map(|n| config.balls = n).is_ok(),
            ("--seed", Some(v)) => v.parse().map(|n| config.seed = n).is_ok(),
            ("--seconds", Some(v)) => v
                .parse()
                .map(|t: f64| config.seconds = t.clamp(1.0, 120.0))
                .is_ok(),
            ("--out", Some(v)) => {
                out = v;
                true
            }
            _ => false,
        };
        if !ok {
            eprintln!("{USAGE}");
            std::process::exit(2);
        }
    }
    let started = Instant::now();
    let summary = run(&config);
    let elapsed = started.elapsed().as_secs_f64();
    if let Err(e) = std::fs::write(&out, &summary.svg) {
        eprintln!("rain: cannot write {out}: {e}");
        std::process::exit(1);
    }
    for line in report_lines(&config, &summary) {
        println!("{line}");
    }
    println!(
        "wrote {out} ({} KB, animated SVG), in {elapsed:.2} s",
        summary.svg.len() / 1024
    );
    if summary.tunnelled > 0 {
        std::process::exit(1);
    }
}
