//! Fixed random inputs, generated in `f64` from a fixed seed and converted to each scalar
//! type, so that every library and every type answers the same questions.
//!
//! The shapes are placed so that a good share of the queries touch (as they do after a
//! broad phase): points lie within a few radii of their segment, capsule pairs overlap
//! about half the time, rays and sweeps head roughly towards their target.

use crate::queries;

/// A small deterministic generator (SplitMix64).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[lo, hi)`.
    pub fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        let unit = (self.next_u64() >> 11) as f64 / (1_u64 << 53) as f64;
        lo + (hi - lo) * unit
    }

    /// A point uniform in `[-10, 10)²`.
    pub fn point(&mut self) -> [f64; 2] {
        [self.uniform(-10.0, 10.0), self.uniform(-10.0, 10.0)]
    }

    /// A unit vector at a uniform angle.
    pub fn direction(&mut self) -> [f64; 2] {
        let angle = self.uniform(0.0, core::f64::consts::TAU);
        [angle.cos(), angle.sin()]
    }
}

/// A segment and a point (or circle centre) near it, with a radius.
#[derive(Clone, Copy, Debug)]
pub struct PointCase {
    /// Segment start.
    pub a: [f64; 2],
    /// Segment end.
    pub b: [f64; 2],
    /// The point or circle centre: at parameter `[-0.25, 1.25)` along the segment and
    /// `[-3, 3)` off it.
    pub p: [f64; 2],
    /// Circle radius, `[0.25, 2.25)`; also the capsule radius where one is needed.
    pub r: f64,
}

/// Two capsules (or segments, ignoring the radii).
#[derive(Clone, Copy, Debug)]
pub struct PairCase {
    /// First core: start, end, radius.
    pub a1: [f64; 2],
    /// First core end.
    pub b1: [f64; 2],
    /// First radius, `[0.25, 1.25)`.
    pub r1: f64,
    /// Second core start.
    pub a2: [f64; 2],
    /// Second core end.
    pub b2: [f64; 2],
    /// Second radius, `[0.25, 1.25)`.
    pub r2: f64,
}

/// A capsule and a moving circle (or a ray: the circle's centre and motion).
#[derive(Clone, Copy, Debug)]
pub struct CastCase {
    /// Capsule start.
    pub a: [f64; 2],
    /// Capsule end.
    pub b: [f64; 2],
    /// Capsule radius, `[0.25, 1.25)`.
    pub r: f64,
    /// Start of the circle's centre (the ray's origin), 4 to 10 away from the capsule.
    pub origin: [f64; 2],
    /// The motion over the step (the ray's direction times its length): towards the
    /// capsule's middle, turned by up to ±0.5 rad, of length 4 to 14.
    pub motion: [f64; 2],
    /// Circle radius, `[0.1, 1.1)`.
    pub radius: f64,
}

fn segment(rng: &mut Rng, lo: f64, hi: f64) -> ([f64; 2], [f64; 2]) {
    let a = rng.point();
    let d = rng.direction();
    let length = rng.uniform(lo, hi);
    (a, [a[0] + length * d[0], a[1] + length * d[1]])
}

/// [`queries()`](crate::queries) point–segment cases.
pub fn point_cases() -> Vec<PointCase> {
    let mut rng = Rng::new(1);
    (0..queries())
        .map(|_| {
            let (a, b) = segment(&mut rng, 0.5, 10.0);
            let (vx, vy) = (b[0] - a[0], b[1] - a[1]);
            let length = vx.hypot(vy);
            let (t, off) = (rng.uniform(-0.25, 1.25), rng.uniform(-3.0, 3.0));
            let p = [
                a[0] + t * vx - off * vy / length,
                a[1] + t * vy + off * vx / length,
            ];
            PointCase {
                a,
                b,
                p,
                r: rng.uniform(0.25, 2.25),
            }
        })
        .collect()
}

/// [`queries()`](crate::queries) capsule–capsule cases: cores of length 0.5 to 4 whose middles are at
/// most 3 apart.
pub fn pair_cases() -> Vec<PairCase> {
    let mut rng = Rng::new(2);
    (0..queries())
        .map(|_| {
            let (a1, b1) = segment(&mut rng, 0.5, 4.0);
            let mid = [(a1[0] + b1[0]) / 2.0, (a1[1] + b1[1]) / 2.0];
            let offset = rng.direction();
            let distance = rng.uniform(0.0, 3.0);
            let d = rng.direction();
            let half = rng.uniform(0.25, 2.0);
            let c = [mid[0] + distance * offset[0], mid[1] + distance * offset[1]];
            let a2 = [c[0] - half * d[0], c[1] - half * d[1]];
            let b2 = [c[0] + half * d[0], c[1] + half * d[1]];
            PairCase {
                a1,
                b1,
                r1: rng.uniform(0.25, 1.25),
                a2,
                b2,
                r2: rng.uniform(0.25, 1.25),
            }
        })
        .collect()
}

/// [`queries()`](crate::queries) ray and sweep cases.
pub fn cast_cases() -> Vec<CastCase> {
    let mut rng = Rng::new(3);
    (0..queries())
        .map(|_| {
            let (a, b) = segment(&mut rng, 0.5, 4.0);
            let mid = [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0];
            let from = rng.direction();
            let distance = rng.uniform(4.0, 10.0);
            let origin = [mid[0] + distance * from[0], mid[1] + distance * from[1]];
            let turn = rng.uniform(-0.5, 0.5);
            let (c, s) = (turn.cos(), turn.sin());
            let (tx, ty) = (-from[0], -from[1]);
            let length = rng.uniform(4.0, 14.0);
            let motion = [length * (c * tx - s * ty), length * (s * tx + c * ty)];
            CastCase {
                a,
                b,
                r: rng.uniform(0.25, 1.25),
                origin,
                motion,
                radius: rng.uniform(0.1, 1.1),
            }
        })
        .collect()
}
