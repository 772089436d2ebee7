//! Rain: a few hundred circles of different sizes fall under gravity onto a course of
//! capsules, segments and a chain, and the run is written as an animated SVG.
//!
//! ```text
//! cargo run --release --example rain -- --balls 300 --seed 1 --out rain.svg
//! ```
//!
//! Every ball moves with [`Ball::step`]: its motion is swept against the course (so a fast
//! ball stops at a thin segment instead of passing it), it bounces (restitution) or slides,
//! friction brings it to rest, and a skin keeps resting balls still. Balls do not collide
//! with each other: they are rain.
//!
//! The run is checked as it goes, independently of the library's own answers:
//!
//! - **tunnelled**: a ball whose centre, on any straight move of a step (the points of
//!   [`StepReport::path`]), crossed an obstacle's core or came within half of the contact
//!   distance of it. Must be 0.
//! - **max penetration**: the deepest contact left at the end of any step.
//! - **resting jitter**: among the balls slower than 0.001 throughout the last second, the
//!   largest vertical movement during that second.
//!
//! The SVG uses SMIL (`<animate>` on `cx`/`cy`), which browsers play when the file is
//! opened directly.

use capsule2d::{Ball, Capsule, Chain, Circle, StepParams, StepReport};
use std::fmt::Write as _;
use std::time::Instant;

type V = [f64; 2];

/// What to run.
#[derive(Clone, Debug)]
pub struct Config {
    /// Number of balls.
    pub balls: usize,
    /// Seed of the generator that places and sizes them.
    pub seed: u64,
    /// Simulated seconds.
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
    /// Physics steps taken.
    pub frames: usize,
    /// Sweep impacts plus contact responses and skin pushes.
    pub contacts: usize,
    /// The deepest contact left at the end of any step.
    pub max_penetration: f64,
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

/// Whether a step's moves took the ball through (or deep into) an obstacle.
fn tunnelled(report: &StepReport<V>, radius: f64, links: &[Capsule<V>]) -> bool {
    report.path().windows(2).any(|m| {
        links
            .iter()
            .any(|l| segment_gap(m[0], m[1], l.a, l.b) < 0.5 * (radius + l.radius))
    })
}

/// Runs the rain headless and returns the summary and the SVG.
pub fn run(config: &Config) -> Summary {
    let links = course();
    let world = Chain::new(&links);
    let mut rng = Rng::new(config.seed);
    let skin = 0.004;
    let dt = 1.0 / f64::from(config.rate);
    let params = StepParams::new(dt, [0.0, -9.81], skin);
    let mut balls: Vec<Ball<V>> = (0..config.balls)
        .map(|i| {
            let radius = rng.range(0.06, 0.17);
            let center = [rng.range(0.8, 15.2), rng.range(10.6, 34.0)];
            let velocity = [rng.range(-0.6, 0.6), rng.range(-2.0, 0.0)];
            let ball = Ball::new(Circle::new(center, radius), velocity);
            if i % 2 == 0 {
                ball.with_material(rng.range(0.5, 0.85), 0.05)
            } else {
                ball.with_material(0.0, rng.range(0.1, 0.4))
            }
        })
        .collect();
    let frames = (config.seconds * f64::from(config.rate)).round() as usize;
    let every = (config.rate / config.fps.max(1)).max(1) as usize;
    let last_second = frames.saturating_sub(config.rate as usize);
    let mut tracks: Vec<Vec<V>> = balls.iter().map(|b| vec![b.circle.center]).collect();
    let mut slow = vec![true; balls.len()];
    let mut low = vec![f64::INFINITY; balls.len()];
    let mut high = vec![f64::NEG_INFINITY; balls.len()];
    let (mut contacts, mut max_penetration) = (0, 0.0_f64);
    let mut tunnels = vec![false; balls.len()];
    for frame in 1..=frames {
        for (i, ball) in balls.iter_mut().enumerate() {
            let report = ball.step(&world, &params);
            contacts += report.hits + report.resolved;
            max_penetration = max_penetration.max(report.depth);
            if tunnelled(&report, ball.circle.radius, &links) {
                tunnels[i] = true;
            }
            if frame > last_second {
                let speed = ball.velocity[0].hypot(ball.velocity[1]);
                slow[i] &= speed < 1e-3;
                low[i] = low[i].min(ball.circle.center[1]);
                high[i] = high[i].max(ball.circle.center[1]);
            }
            if frame % every == 0 {
                tracks[i].push(ball.circle.center);
            }
        }
    }
    let resting: Vec<usize> = (0..balls.len())
        .filter(|&i| slow[i] && frames > last_second)
        .collect();
    let jitter = resting
        .iter()
        .map(|&i| high[i] - low[i])
        .fold(0.0, f64::max);
    let mut summary = Summary {
        frames,
        contacts,
        max_penetration,
        skin,
        tunnelled: tunnels.iter().filter(|&&t| t).count(),
        jitter,
        resting: resting.len(),
        obstacles: links.len(),
        svg: String::new(),
    };
    summary.svg = svg(&links, &balls, &tracks, frames as f64 * dt, &summary);
    summary
}

/// World to SVG pixels: 50 px per unit, y flipped.
fn px(p: V) -> (f64, f64) {
    (p[0] * 50.0, (10.4 - p[1]) * 50.0)
}

/// The animated SVG: obstacles drawn once, each ball a circle whose `cx`/`cy` follow its
/// recorded track (SMIL, looping).
fn svg(
    links: &[Capsule<V>],
    balls: &[Ball<V>],
    tracks: &[Vec<V>],
    seconds: f64,
    s: &Summary,
) -> String {
    let mut out = String::new();
    let _ = writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="800" height="520" viewBox="0 0 800 520">"#
    );
    let _ = writeln!(
        out,
        "<title>capsule2d rain: {} balls, tunnelled: {}</title>",
        balls.len(),
        s.tunnelled
    );
    let _ = writeln!(out, r##"<rect width="800" height="520" fill="#f7f7f2"/>"##);
    let _ = writeln!(
        out,
        r##"<g stroke="#444" stroke-linecap="round" fill="#444">"##
    );
    for link in links {
        let ((x1, y1), (x2, y2)) = (px(link.a), px(link.b));
        let width = (2.0 * link.radius * 50.0).max(2.0);
        if link.a == link.b {
            let _ = writeln!(
                out,
                r#"<circle cx="{x1:.1}" cy="{y1:.1}" r="{:.1}"/>"#,
                link.radius * 50.0
            );
        } else {
            let _ = writeln!(
                out,
                r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke-width="{width:.1}"/>"#
            );
        }
    }
    let _ = writeln!(out, "</g>");
    for (ball, track) in balls.iter().zip(tracks) {
        let colour = if ball.restitution > 0.0 {
            "#2a6fdb"
        } else {
            "#e07a1f"
        };
        let (x0, y0) = px(track[0]);
        let xs: Vec<String> = track.iter().map(|&p| format!("{:.1}", px(p).0)).collect();
        let ys: Vec<String> = track.iter().map(|&p| format!("{:.1}", px(p).1)).collect();
        let _ = writeln!(
            out,
            r#"<circle cx="{x0:.1}" cy="{y0:.1}" r="{:.1}" fill="{colour}" fill-opacity="0.85">"#,
            ball.circle.radius * 50.0
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
    let _ = writeln!(
        out,
        r##"<text x="10" y="18" font-family="sans-serif" font-size="13" fill="#222">{} balls · {} frames · tunnelled: {} · max penetration {:.4} (skin {}) · resting jitter {:.1e}</text>"##,
        balls.len(),
        s.frames,
        s.tunnelled,
        s.max_penetration,
        s.skin,
        s.jitter
    );
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
        format!("frames: {}", s.frames),
        format!("contacts resolved: {}", s.contacts),
        format!(
            "max penetration: {:.5} (skin {})",
            s.max_penetration, s.skin
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
