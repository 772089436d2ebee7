//! Exact yes/no answers across the whole finite range: inputs from `2^-1074` (the smallest
//! subnormal) to `2^1023` (`f64`), or `2^-149` to `2^127` (`f32`), mixed freely within
//! one query, against the exact reference (`common::shapes`, dyadic rationals).
//!
//! Every ordered pair of the four shapes (point, circle, segment, capsule) is asked
//! `intersects`, and each shape `contains_point`. The inputs are of two kinds:
//!
//! - **free**: every coordinate and radius drawn uniformly over the type's finite binary
//!   exponents, subnormals included, each with a random sign and mantissa. Large values
//!   overflow the floating-point filters, so these mostly reach the exact paths.
//! - **near ties**, built so that the answer turns on the smallest values in the query:
//!   a point on the diagonal line of a segment with huge ends, nudged by one unit in the
//!   last place; parallel segments exactly `h` apart with radii summing to `h` plus or
//!   minus a subnormal; circles whose centres differ by a scaled 3–4–5 triangle and a
//!   subnormal; a segment crossing another at a tiny height. A third of them keep their
//!   exponents within a window 200 to 300 binary places wide, on both sides of the
//!   switch between the two exact paths.
//!
//! At the same inputs it checks the constructions: the closest point on a segment within
//! 4 ulps of the largest input (the bound `tests/magnitudes.rs` checks at each single
//! magnitude), finite capsule distances and depths, and unit normals.
//!
//! The test counts the queries whose inputs span more binary places than the `f64`
//! expansions handle (268; beyond it the exact path uses wide integers) and requires a
//! good share of them, so that both exact paths are exercised. Case count:
//! `CAPSULE2D_WHOLE_RANGE_CASES` (default 2,000 scenes per scalar, 20 queries each).
#![cfg(feature = "std")]

use crate::common;

use capsule2d::{Capsule, Circle, Segment, Shape};
use common::shapes::{self, XCore, XShape};
use common::{D, P, Rng, TestScalar};
use std::fmt::Debug;

fn cases() -> usize {
    std::env::var("CAPSULE2D_WHOLE_RANGE_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000)
}

/// The float types under test: their finite values as bits, and their neighbours.
trait Float: TestScalar + Copy + Debug {
    /// The exponent of the smallest subnormal and of the largest binade.
    const EXPONENTS: (i32, i32);
    /// The bits of the significand's fraction (52 or 23).
    const FRACTION_BITS: i32;
    /// A finite value drawn uniformly over the binary exponents, subnormals included.
    fn any(rng: &mut Rng) -> f64;
    /// The next value up (towards +∞), in the type.
    fn up(x: f64) -> f64;
    /// The next value down (towards −∞), in the type.
    fn down(x: f64) -> f64 {
        -Self::up(-x)
    }
}

impl Float for f64 {
    const EXPONENTS: (i32, i32) = (-1074, 1023);
    const FRACTION_BITS: i32 = 52;
    fn any(rng: &mut Rng) -> f64 {
        let field = rng.below(2047); // 0 (subnormal) ..= 2046
        let fraction = rng.next_u64() & ((1 << 52) - 1);
        let sign = rng.next_u64() & (1 << 63);
        Self::from_bits(sign | field << 52 | fraction)
    }
    fn up(x: f64) -> f64 {
        x.next_up()
    }
}

impl Float for f32 {
    const EXPONENTS: (i32, i32) = (-149, 127);
    const FRACTION_BITS: i32 = 23;
    fn any(rng: &mut Rng) -> f64 {
        let field = rng.below(255) as u32;
        let fraction = rng.next_u64() as u32 & ((1 << 23) - 1);
        let sign = (rng.next_u64() as u32) & (1 << 31);
        f64::from(Self::from_bits(sign | field << 23 | fraction))
    }
    fn up(x: f64) -> f64 {
        f64::from((x as Self).next_up())
    }
}

/// A scene: two cores (`a..b`, `c..d`), two radii, and a probe point.
#[derive(Clone, Copy, Debug)]
struct Scene {
    a: [f64; 2],
    b: [f64; 2],
    c: [f64; 2],
    d: [f64; 2],
    r1: f64,
    r2: f64,
    probe: [f64; 2],
}

/// `2^e` as an `f64` (exact for `e` in `−1074..=1023`).
fn pow2(e: i32) -> f64 {
    if e < -1022 {
        f64::from_bits(1 << (e + 1074))
    } else {
        f64::from_bits(((1023 + e) as u64) << 52)
    }
}

/// A uniform binary exponent in `lo..=hi`.
fn exponent(rng: &mut Rng, lo: i32, hi: i32) -> i32 {
    lo + rng.below((hi - lo + 1) as u64) as i32
}

/// A value of the type near `2^e` for a uniform `e` in `lo..=hi` (mantissa in `[1, 2)`,
/// rounded to the type).
fn near<F: Float>(rng: &mut Rng, lo: i32, hi: i32) -> f64 {
    let e = exponent(rng, lo, hi);
    F::from_f64(rng.range(1.0, 2.0) * pow2(e)).to_f64()
}

/// A random scene of one of the kinds in the module docs, every value rounded to the type.
fn scene<F: Float>(rng: &mut Rng) -> Scene {
    let s = raw_scene::<F>(rng);
    let r = |x: f64| F::from_f64(x).to_f64();
    let p = |x: [f64; 2]| x.map(r);
    Scene {
        a: p(s.a),
        b: p(s.b),
        c: p(s.c),
        d: p(s.d),
        r1: r(s.r1),
        r2: r(s.r2),
        probe: p(s.probe),
    }
}

fn raw_scene<F: Float>(rng: &mut Rng) -> Scene {
    let (lo, hi) = F::EXPONENTS;
    // Keep sums of a few values finite: no coordinate in the top 3 binades.
    let top = hi - 3;
    // A third of the scenes keep their exponents within a window 200 to 300 wide, around
    // the widest spread the `f64` expansions take (268): both sides of the switch.
    let (lo, top) = if top - lo > 300 && rng.below(3) == 0 {
        let width = exponent(rng, 200, 300);
        let base = exponent(rng, lo, top - width);
        (base, base + width)
    } else {
        (lo, top)
    };
    let tiny = |rng: &mut Rng| pow2(exponent(rng, lo, lo + 40));
    let any = |rng: &mut Rng| {
        let x = F::any(rng);
        if x.abs() >= pow2(top) { x * 0.125 } else { x }
    };
    let nudge = |rng: &mut Rng, x: f64| match rng.below(3) {
        0 => F::down(x),
        1 => x,
        _ => F::up(x),
    };
    match rng.below(5) {
        0 => Scene {
            a: [any(rng), any(rng)],
            b: [any(rng), any(rng)],
            c: [any(rng), any(rng)],
            d: [any(rng), any(rng)],
            r1: any(rng).abs(),
            r2: any(rng).abs(),
            probe: [any(rng), any(rng)],
        },
        1 => {
            // A point on the diagonal of a segment with huge ends, nudged by an ulp.
            let (x, y) = (near::<F>(rng, top - 40, top), -near::<F>(rng, lo, top));
            let z = if rng.below(2) == 0 {
                tiny(rng)
            } else {
                near::<F>(rng, lo, top)
            };
            let z = if rng.below(2) == 0 { z } else { -z };
            let p = [z, nudge(rng, z)];
            let r = if rng.below(2) == 0 { 0.0 } else { tiny(rng) };
            Scene {
                a: [x, x],
                b: [y, y],
                c: p,
                d: p,
                r1: r,
                r2: if rng.below(2) == 0 { 0.0 } else { tiny(rng) },
                probe: [z, nudge(rng, z)],
            }
        }
        2 => {
            // Parallel segments `h` apart, radii summing to about `h`.
            let h = if rng.below(2) == 0 {
                tiny(rng)
            } else {
                near::<F>(rng, lo, top)
            };
            let (x, y) = (near::<F>(rng, lo, top), near::<F>(rng, lo, top));
            let s = near::<F>(rng, lo, top);
            let r2 = if rng.below(2) == 0 { tiny(rng) } else { 0.0 };
            let r1 = nudge(rng, F::from_f64(h - r2).to_f64());
            Scene {
                a: [-x, 0.0],
                b: [x, 0.0],
                c: [s - y, h],
                d: [s + y, h],
                r1: r1.abs(),
                r2,
                probe: [s, nudge(rng, r1.abs())],
            }
        }
        3 => {
            // Centres 5·2^k apart (a 3–4–5 triangle), moved by a tiny value.
            let k = exponent(rng, lo + 3, top - 3);
            let unit = pow2(k);
            let t = tiny(rng);
            let r2 = if rng.below(2) == 0 { t } else { 0.0 };
            let r1 = nudge(rng, F::from_f64(5.0 * unit - r2).to_f64());
            let shift = if rng.below(2) == 0 { t } else { -t };
            Scene {
                a: [3.0 * unit, 4.0 * unit],
                b: [3.0 * unit, 4.0 * unit],
                c: [shift, 0.0],
                d: [shift, 0.0],
                r1,
                r2,
                probe: [nudge(rng, 3.0 * unit), 4.0 * unit],
            }
        }
        _ => {
            // A segment crossing (or just missing) a long one at a tiny height.
            let x = near::<F>(rng, lo, top);
            let t = tiny(rng);
            let z = near::<F>(rng, lo, top);
            let z = if z > x { x * 0.5 } else { z };
            let below = match rng.below(3) {
                0 => -t,
                1 => 0.0,
                _ => t,
            };
            Scene {
                a: [-x, 0.0],
                b: [x, 0.0],
                c: [z, t],
                d: [nudge(rng, z), below],
                r1: 0.0,
                r2: if rng.below(2) == 0 { 0.0 } else { tiny(rng) },
                probe: [z, below],
            }
        }
    }
}

/// The set bits of a scene's values span more than the expansions handle.
fn beyond_expansions(values: &[f64]) -> bool {
    let exps: Vec<(i32, i32)> = values
        .iter()
        .filter(|x| **x != 0.0)
        .map(|&x| {
            // |x| = m · 2^e with an integer m.
            let bits = x.to_bits();
            let field = ((bits >> 52) & 0x7ff) as i32;
            let fraction = bits & ((1 << 52) - 1);
            let (m, e) = if field == 0 {
                (fraction, -1074)
            } else {
                (fraction | 1 << 52, field - 1075)
            };
            (
                e + 63 - m.leading_zeros() as i32,
                e + m.trailing_zeros() as i32,
            )
        })
        .collect();
    let top = exps.iter().map(|e| e.0).max();
    let low = exps.iter().map(|e| e.1).min();
    matches!((top, low), (Some(t), Some(l)) if t - l > 268)
}

fn v<F: Float>(p: [f64; 2]) -> [F; 2] {
    let out = [F::from_f64(p[0]), F::from_f64(p[1])];
    assert_eq!(
        [out[0].to_f64(), out[1].to_f64()],
        p,
        "{p:?} not exact in {}",
        F::NAME
    );
    out
}

/// One of the four shapes, in the crate's types, with its exact counterpart.
#[derive(Clone, Copy, Debug)]
enum Made<F: Float> {
    Point([F; 2]),
    Circle(Circle<[F; 2]>),
    Segment(Segment<[F; 2]>),
    Capsule(Capsule<[F; 2]>),
}

fn make<F: Float>(kind: u8, a: [f64; 2], b: [f64; 2], r: f64) -> (Made<F>, XShape) {
    let (pa, pb) = (P::f(a[0], a[1]), P::f(b[0], b[1]));
    let r_exact = D::f(r);
    let r_typed = F::from_f64(r);
    assert_eq!(r_typed.to_f64(), r);
    match kind {
        0 => (Made::Point(v(a)), XShape::new(XCore::Point(pa), D::zero())),
        1 => (
            Made::Circle(Circle::new(v(a), r_typed)),
            XShape::new(XCore::Point(pa), r_exact),
        ),
        2 => (
            Made::Segment(Segment::new(v(a), v(b))),
            XShape::new(XCore::Segment(pa, pb), D::zero()),
        ),
        _ => (
            Made::Capsule(Capsule::new(v(a), v(b), r_typed)),
            XShape::new(XCore::Segment(pa, pb), r_exact),
        ),
    }
}

macro_rules! with_shape {
    ($made:expr, |$s:ident| $body:expr) => {
        match $made {
            Made::Point($s) => $body,
            Made::Circle($s) => $body,
            Made::Segment($s) => $body,
            Made::Capsule($s) => $body,
        }
    };
}

fn intersects<F: Float>(x: &Made<F>, y: &Made<F>) -> bool {
    with_shape!(x, |x| with_shape!(y, |y| x.intersects(y)))
}

fn contains<F: Float>(x: &Made<F>, p: [F; 2]) -> bool {
    with_shape!(x, |x| x.contains_point(p))
}

/// One unit in the last place of the type at magnitude `m`, `2^(⌊log₂ m⌋ − fraction bits)`
/// (at least the smallest subnormal).
fn ulp_of<F: Float>(m: f64) -> f64 {
    let e = if m > 0.0 {
        ((m.to_bits() >> 52) & 0x7ff) as i32 - 1023
    } else {
        -1100
    };
    pow2((e - F::FRACTION_BITS).max(F::EXPONENTS.0))
}

/// The constructions at the same inputs: the closest point on a segment within 4 ulps of
/// the largest input (the documented bound at every magnitude), finite distances, and
/// unit normals. Returns the error of the closest point in ulps.
fn constructions<F: Float>(s: &Scene) -> f64 {
    let segment = Segment::new(v::<F>(s.a), v::<F>(s.b));
    let probe = v::<F>(s.probe);
    let got = segment.project_point(probe);
    let exact = common::exact::closest_point(
        &P::f(s.a[0], s.a[1]),
        &P::f(s.b[0], s.b[1]),
        &P::f(s.probe[0], s.probe[1]),
    )
    .to_f64();
    let m = common::magnitude(&[s.a[0], s.a[1], s.b[0], s.b[1], s.probe[0], s.probe[1]]);
    let unit = ulp_of::<F>(m);
    let off = (0..2)
        .map(|i| (got[i].to_f64() - exact[i]).abs() / unit)
        .fold(0.0, f64::max);
    assert!(
        off <= 4.0,
        "closest point {off} ulps off: {got:?} vs {exact:?}, {s:?}"
    );
    let capsules = (
        Capsule::new(v::<F>(s.a), v::<F>(s.b), F::from_f64(s.r1)),
        Capsule::new(v::<F>(s.c), v::<F>(s.d), F::from_f64(s.r2)),
    );
    assert!(
        capsules.0.distance(&capsules.1).to_f64().is_finite(),
        "{s:?}"
    );
    if let Some(c) = capsules.0.contact(&capsules.1) {
        let n = [c.normal[0].to_f64(), c.normal[1].to_f64()];
        let length = n[0].hypot(n[1]);
        let eps = pow2(-F::FRACTION_BITS);
        assert!(
            (length - 1.0).abs() <= 4.0 * eps,
            "normal {n:?} of length {length}: {s:?}"
        );
        assert!(c.depth.to_f64().is_finite(), "{s:?}");
    }
    off
}

fn whole_range<F: Float>(seed: u64) {
    let mut rng = Rng::new(seed);
    let (mut checked, mut wide, mut yes) = (0usize, 0usize, 0usize);
    let mut worst = 0.0_f64;
    let mut wrong = Vec::new();
    for _ in 0..cases() {
        let s = scene::<F>(&mut rng);
        worst = worst.max(constructions::<F>(&s));
        let values = [
            s.a[0], s.a[1], s.b[0], s.b[1], s.c[0], s.c[1], s.d[0], s.d[1], s.r1, s.r2,
        ];
        for kx in 0..4u8 {
            let (x, xx) = make::<F>(kx, s.a, s.b, s.r1);
            for ky in 0..4u8 {
                let (y, yy) = make::<F>(ky, s.c, s.d, s.r2);
                let want = shapes::intersects(&xx, &yy);
                let got = intersects(&x, &y);
                checked += 1;
                yes += usize::from(want);
                wide += usize::from(beyond_expansions(&values));
                if got != want {
                    wrong.push(format!(
                        "{kx}×{ky} intersects: got {got}, want {want}: {s:?}"
                    ));
                }
            }
            let want = xx.contains(&P::f(s.probe[0], s.probe[1]));
            let got = contains(&x, v(s.probe));
            checked += 1;
            yes += usize::from(want);
            if got != want {
                wrong.push(format!(
                    "{kx} contains_point: got {got}, want {want}: {s:?}"
                ));
            }
        }
    }
    println!(
        "{}: {checked} yes/no answers over the whole finite range ({yes} yes), \
         {wide} with inputs spread beyond 268 binary places, {} wrong; closest points \
         within {worst:.2} ulps of the largest input",
        F::NAME,
        wrong.len()
    );
    assert!(
        wrong.is_empty(),
        "{} wrong, first: {:#?}",
        wrong.len(),
        &wrong[..wrong.len().min(5)]
    );
    // Both answers occur often, and the widest spreads are exercised.
    assert!(
        yes * 5 > checked && yes * 5 < checked * 4,
        "{yes} yes of {checked}"
    );
    if F::NAME == "f64" {
        assert!(
            wide * 5 > checked,
            "only {wide} of {checked} beyond the expansions"
        );
    }
}

#[test]
fn f64_every_finite_input() {
    whole_range::<f64>(0x0A11_0F64);
}

#[test]
fn f32_every_finite_input() {
    whole_range::<f32>(0x0A11_0F32);
}

/// Found by this test: a circle of radius `3.6e144` whose centre lies under a segment
/// `1.8e-161` long, `h = 3.5770197572299704e144` below it, with `r > h`: they intersect
/// (the centre's `x` is within the segment's, so the distance is exactly `h`). The
/// filter's `|v|² ≈ 3.1e-322` is subnormal (6 significant bits), and `R²` multiplied its
/// underflow far beyond the bound; the interior bound now covers it (`f64` inputs).
#[test]
fn short_segment_under_a_huge_radius() {
    let h = 3.577_019_757_229_970_4e144;
    let r = 3.577_019_757_229_971e144;
    assert!(r > h);
    let centre = [-2.363_491_076_631_450_8e-266, 0.0];
    let segment = Segment::new(
        [-8.839_619_028_575_632e-162, h],
        [8.839_619_028_575_632e-162, h],
    );
    let exact = shapes::intersects(
        &XShape::new(XCore::Point(P::f(centre[0], centre[1])), D::f(r)),
        &XShape::new(
            XCore::Segment(P::f(segment.a[0], h), P::f(segment.b[0], h)),
            D::zero(),
        ),
    );
    assert!(exact);
    assert!(Circle::new(centre, r).intersects(&segment));
    assert!(Capsule::new(centre, centre, r).intersects(&segment));
    assert!(segment.intersects(&Circle::new(centre, r)));
}
