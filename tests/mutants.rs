//! Tests from the mutation check of the numeric kernels (`docs/mutants.md`): each covers
//! a computation that mutants changed without failing the tests aimed at it, and asserts
//! a value derived by hand or from exact rationals, never one read from the crate's output.
#![cfg(feature = "std")]

use capsule2d::{Segment, Shape};

/// `2^e` for `e` in `f64`'s normal range.
fn pow2(e: i32) -> f64 {
    assert!((-1022..=1023).contains(&e));
    f64::from_bits(((1023 + e) as u64) << 52)
}

/// The smallest positive subnormal, `2^-1074`.
const TINY: f64 = 5e-324;

/// A vertical segment at `x₀ = 2^-1001` from `y = −1` to `y = 2^-1074` crosses the
/// horizontal segment from `(0, 0)` to `(2^-1000, 0)` at `(x₀, 0)` (hand-derived: the
/// lines are `x = x₀` and `y = 0`, and `x₀` lies inside both extents).
///
/// Its cross products against the horizontal line, `−2^-1000` and `2^-2074`, are below
/// the filter's underflow slack and the inputs span 1074 binary places, so the crossing
/// ratio comes from exact integers with the two products `2^1074` apart: the smaller one
/// is scaled by `2^-1074`, which `pow2` clamps to `2^-1022` (the exact crossing ratio in
/// `src/num/exact.rs`). The crossing point must be within 4 ulps of the inputs'
/// magnitude, 1, from `(x₀, 0)`, from both endpoint orders and both receivers.
#[test]
fn crossing_at_a_subnormal_height_over_a_wide_spread() {
    let x0 = pow2(-1001);
    let tolerance = 4.0 * f64::EPSILON;
    let horizontal = Segment::new([0.0, 0.0], [pow2(-1000), 0.0]);
    let (far, near) = ([x0, -1.0], [x0, TINY]);
    for vertical in [Segment::new(far, near), Segment::new(near, far)] {
        for (a, b) in [
            vertical.closest_points(&horizontal).points(),
            horizontal.closest_points(&vertical).points(),
        ] {
            for p in [a, b] {
                assert!(
                    (p[0] - x0).abs() <= tolerance && p[1].abs() <= tolerance,
                    "{p:?} is not the crossing ({x0:e}, 0) of {vertical:?} and {horizontal:?}"
                );
            }
        }
        assert!(vertical.intersects(&horizontal));
        assert_eq!(vertical.distance(&horizontal), 0.0);
    }
}

/// "NaN makes every predicate false" (`docs/numerics.md`, non-finite input). Two circles
/// centred at the same NaN coordinate reach the exact path of the point–point predicate
/// (the filter's value is NaN), whose finiteness check must answer "no": read as the
/// large number its bits spell, the NaN would cancel in `p − q` and the circles would
/// "touch".
#[test]
fn circles_centred_at_nan_never_touch() {
    use capsule2d::Circle;
    for nan in [f64::NAN, -f64::NAN] {
        for centre in [[nan, 0.0], [0.0, nan], [nan, nan]] {
            let c = Circle::new(centre, 1.0);
            assert!(!c.intersects(&c), "{c:?}");
            assert!(c.contact(&c).is_none(), "{c:?}");
            let p = Circle::new(centre, 0.0);
            assert!(!p.intersects(&c), "{p:?}");
        }
    }
}

type Q = num_rational::BigRational;

fn q(x: f64) -> Q {
    Q::from_float(x).expect("finite")
}

/// The crossing point of segments `pq` and `uv` (which must cross), exactly:
/// `p + t (q − p)` with `t = o₃ / (o₃ − o₄)`, `o₃ = (v − u) × (p − u)`, `o₄ = (v − u) × (q − u)`.
fn exact_crossing(p: [f64; 2], r: [f64; 2], u: [f64; 2], v: [f64; 2]) -> [Q; 2] {
    let [p, r, u, v] = [p, r, u, v].map(|a| [q(a[0]), q(a[1])]);
    let cross = |a: &[Q; 2], b: &[Q; 2]| {
        (&v[0] - &u[0]) * (&b[1] - &a[1]) - (&v[1] - &u[1]) * (&b[0] - &a[0])
    };
    let (o3, o4) = (cross(&u, &p), cross(&u, &r));
    let t = &o3 / (&o3 - &o4);
    [&p[0] + &t * (&r[0] - &p[0]), &p[1] + &t * (&r[1] - &p[1])]
}

/// Asserts that the closest points of two crossing segments, asked both ways, are the
/// exact crossing point within `tolerance`.
fn assert_crossing(x: Segment<[f64; 2]>, y: Segment<[f64; 2]>, tolerance: f64) {
    use num_traits::ToPrimitive;
    let want = exact_crossing(x.a, x.b, y.a, y.b);
    for (a, b) in [x.closest_points(&y).points(), y.closest_points(&x).points()] {
        for p in [a, b] {
            let error = [0, 1].map(|i| (q(p[i]) - &want[i]).to_f64().expect("finite").abs());
            assert!(
                error[0] <= tolerance && error[1] <= tolerance,
                "{p:?} is {error:?} from the crossing of {x:?} and {y:?}"
            );
        }
    }
}

/// Nearly parallel crossings where one endpoint's cross product cancels (`o = l − r` with
/// `l ≈ r ≈ 6`, `o` about `2^-50`) and the other's does not. The rounded products would get
/// the cancelling one wrong by a third, and with it the crossing point by about `0.06`; the
/// cancellation test (`magnitude ≤ 1024 · total`, `magnitude` the sum of all four
/// products' sizes) must send these to the exact products. Each endpoint order puts the
/// cancelling product first or second, and the crossing on the side of the first endpoint
/// (`t ≤ ½`), so that ratio is the one used. The crossing is checked against exact
/// rationals, within 4 ulps of the inputs' magnitude (3).
#[test]
fn nearly_parallel_crossings_take_the_exact_products() {
    let y = Segment::new([0.0, 0.0], [3.0, 3.0]);
    let tolerance = 4.0 * 3.0 * f64::EPSILON;
    // `3 · (2 − 3·2^-52) − 3 · 2 = −9·2^-52` rounds to `−8·2^-52`; the other end gives
    // `3·2^-52` exactly. Cancelling product second, t = 1/4.
    let cancelling_second = Segment::new([0.0, pow2(-52)], [2.0, 2.0 - 3.0 * pow2(-52)]);
    // `3 · (2 − 2^-52) − 6 = −3·2^-52` rounds to `−4·2^-52`; the other end gives `12·2^-52`.
    // Cancelling product first, t = 1/5.
    let cancelling_first = Segment::new([2.0, 2.0 - pow2(-52)], [0.0, pow2(-50)]);
    for x in [cancelling_second, cancelling_first] {
        assert!(x.intersects(&y));
        assert_crossing(x, y, tolerance);
    }
}

/// A crossing at `2^-600` whose inputs also hold a subnormal (`u = (2^-1074, 0)`), so that
/// the products underflow in `f64` and the crossing ratio comes from exact integers, where
/// each cross product is read back as a float from its top 64 bits
/// (`Int::magnitude_estimate` in `src/num/bigint.rs`). The products have full mantissas
/// spread over two limbs, so the bits taken from the lower limb matter. Checked against
/// exact rationals, within 4 ulps of the inputs' magnitude.
#[test]
fn crossing_from_exact_integers_with_full_mantissas() {
    let s = pow2(-600);
    let y = Segment::new([TINY, 0.0], [0.9 * s, 0.1 * s]);
    let tolerance = 4.0 * s * f64::EPSILON;
    for x in [
        Segment::new([0.2 * s, 0.7 * s], [0.6 * s, -0.3 * s]),
        Segment::new([0.6 * s, -0.3 * s], [0.2 * s, 0.7 * s]),
    ] {
        assert!(x.intersects(&y));
        assert_crossing(x, y, tolerance);
    }
}

/// `round(√n)` for a fixed-point square root, checked exactly in integers: the raw result
/// `r` of `sqrt` on raw `bits` with `frac` fractional bits must satisfy
/// `(2r − 1)² < 4n < (2r + 1)²` with `n = bits · 2^frac` (`4n` is even and `(2r ± 1)²` odd,
/// so there are no ties).
#[cfg(feature = "fixed")]
fn assert_rounded_root(bits: u128, frac: u32, root: u128) {
    use num_bigint::BigUint;
    let four_n = BigUint::from(bits) << (frac + 2);
    let (below, above) = (2 * root - 1, 2 * root + 1);
    assert!(
        BigUint::from(below) * below < four_n && four_n < BigUint::from(above) * above,
        "sqrt of raw {bits} (frac {frac}) gave raw {root}, not round(√(bits · 2^frac))"
    );
}

/// Fixed-point square roots of `n = m² − m` (raw `n = bits · 2^frac`), where `√n` lies just
/// below `m − ½` and rounds to `m − 1`. The float estimate of `√n` there rounds to the
/// half-integer `m − ½` itself, whose nearest integer is the even `m`: the integer check of
/// that estimate must reject it (`n − m² = −m` is just outside `(−m, m]`), and the exact
/// path must round `n − (m − 1)² = m − 1 = root` down.
///
/// `I32F32`: `m = 2^40`, raw bits `m(m − 1) / 2^32 = 2^48 − 2^8` (`65536 − 2^-24`), whose
/// root is `256 − 2^-32`; likewise `m = 2^33 · 3` and `m = 2^35 · 5`. `I48F16`: `m = 2^36`,
/// raw bits `2^56 − 2^20`.
#[cfg(feature = "fixed")]
#[test]
fn fixed_square_roots_just_below_a_half() {
    use capsule2d::Scalar;
    use fixed::types::{I32F32, I48F16};
    for m in [1_u128 << 40, 3 << 33, 5 << 35] {
        let bits = (m * (m - 1)) >> 32;
        let root = <I32F32 as Scalar>::sqrt(I32F32::from_bits(bits as i64));
        assert_eq!(
            root.to_bits() as u128,
            m - 1,
            "sqrt({})",
            I32F32::from_bits(bits as i64)
        );
        assert_rounded_root(bits, 32, root.to_bits() as u128);
    }
    let m = 1_u128 << 36;
    let bits = (m * (m - 1)) >> 16;
    let root = <I48F16 as Scalar>::sqrt(I48F16::from_bits(bits as i64));
    assert_eq!(root.to_bits() as u128, m - 1);
    assert_rounded_root(bits, 16, root.to_bits() as u128);
    // Just above `m² − m` and just below `m² + m` the roots are `m` (the same tiles).
    let m = 1_u128 << 40;
    for bits in [((m * (m - 1)) >> 32) + 1, ((m * (m + 1)) >> 32) - 1] {
        let root = <I32F32 as Scalar>::sqrt(I32F32::from_bits(bits as i64));
        assert_eq!(root.to_bits() as u128, m);
        assert_rounded_root(bits, 32, root.to_bits() as u128);
    }
}

/// A deterministic stream of raw values for the fixed-point checks (`SplitMix64`), each
/// with a random number of significant bits (so that small and large magnitudes, and
/// every branch of the integer division and square root, come up), and a random sign.
#[cfg(feature = "fixed")]
struct Raw(u64);

#[cfg(feature = "fixed")]
impl Raw {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// A raw value of an inner type of `bits` bits (`i32` or `i64`): up to `bits − 1`
    /// significant bits, and a random sign.
    fn signed(&mut self, bits: u32) -> i64 {
        let width = 1 + self.next_u64() % u64::from(bits - 1);
        let magnitude = (self.next_u64() >> (64 - width)) as i64;
        if self.next_u64() & 1 == 0 {
            magnitude
        } else {
            -magnitude
        }
    }
}

/// `a ÷ b` for fixed point with `frac` fractional bits, on raw values, from the definition:
/// the exact quotient `a · 2^frac / b` rounded to nearest, ties away from zero, then
/// clamped to `[min, max]`; `±max`/`min` for a non-zero `a` over zero, zero for `0 ÷ 0`.
#[cfg(feature = "fixed")]
fn exact_quotient(a: i64, b: i64, frac: u32, (min, max): (i64, i64)) -> i64 {
    use num_bigint::BigInt;
    use num_traits::{Signed, ToPrimitive, Zero};
    if b == 0 {
        return match a.signum() {
            1 => max,
            -1 => min,
            _ => 0,
        };
    }
    let num = BigInt::from(a).abs() << frac;
    let den = BigInt::from(b).abs();
    let (mut q, r) = (&num / &den, &num % &den);
    if r * 2 >= den {
        q += 1;
    }
    if (a < 0) != (b < 0) && !q.is_zero() {
        q = -q;
    }
    q.clamp(BigInt::from(min), BigInt::from(max))
        .to_i64()
        .expect("clamped")
}

/// Fixed-point division (`Scalar::over`) against the exact quotient, for every split the
/// crate treats apart: 16 and 32 fractional bits (the float estimate corrected in
/// integers, with quotients below and above `2^50` and dividends above `2^64`), 63, and 64
/// (`FixedI64<U64>`, whose shifted dividend can reach `i128::MIN`), plus `i32` with 31.
#[cfg(feature = "fixed")]
#[test]
fn fixed_division_rounds_to_nearest() {
    use capsule2d::Scalar;
    use fixed::types::extra::{U16, U31, U32, U63, U64};
    use fixed::{FixedI32, FixedI64};
    macro_rules! check {
        ($t:ty, $inner:ty, $frac:expr, $rng:expr, $extra:expr) => {{
            let range = (i64::from(<$inner>::MIN), i64::from(<$inner>::MAX));
            let bits = <$inner>::BITS;
            let mut pairs: Vec<(i64, i64)> = $extra;
            for _ in 0..4000 {
                pairs.push(($rng.signed(bits), $rng.signed(bits)));
            }
            for (a, b) in pairs {
                let (x, y) = (<$t>::from_bits(a as $inner), <$t>::from_bits(b as $inner));
                let got = i64::from(<$t as Scalar>::over(x, y).to_bits());
                let want = exact_quotient(a, b, $frac, range);
                assert_eq!(got, want, "{x:?} / {y:?} (raw {a} / {b}, frac {})", $frac);
            }
        }};
    }
    let mut rng = Raw(0xd1f1);
    let edges32: Vec<(i64, i64)> = [i32::MIN, i32::MIN + 1, -1, 0, 1, i32::MAX]
        .iter()
        .flat_map(|&a| {
            [i32::MIN, -3, -1, 0, 1, 2, 3, i32::MAX].map(|b| (i64::from(a), i64::from(b)))
        })
        .collect();
    let edges64: Vec<(i64, i64)> = [i64::MIN, i64::MIN + 1, -1, 0, 1, i64::MAX]
        .iter()
        .flat_map(|&a| [i64::MIN, -3, -1, 0, 1, 2, 3, i64::MAX].map(|b| (a, b)))
        .collect();
    check!(FixedI32<U16>, i32, 16, rng, edges32.clone());
    check!(FixedI32<U31>, i32, 31, rng, edges32.clone());
    check!(FixedI32<U32>, i32, 32, rng, edges32);
    check!(FixedI64<U16>, i64, 16, rng, edges64.clone());
    check!(FixedI64<U32>, i64, 32, rng, edges64.clone());
    check!(FixedI64<U63>, i64, 63, rng, edges64.clone());
    check!(FixedI64<U64>, i64, 64, rng, edges64);
}

/// Fixed-point square roots (`Scalar::sqrt`) against `round(√(bits · 2^frac))`, exactly,
/// over raw values of every size (zero and negative inputs give zero).
#[cfg(feature = "fixed")]
#[test]
fn fixed_square_roots_round_to_nearest() {
    use capsule2d::Scalar;
    use fixed::types::extra::{U16, U31, U32, U60};
    use fixed::{FixedI32, FixedI64};
    macro_rules! check {
        ($t:ty, $inner:ty, $frac:expr, $rng:expr) => {{
            for _ in 0..4000 {
                let a = $rng.signed(<$inner>::BITS);
                let root = <$t as Scalar>::sqrt(<$t>::from_bits(a as $inner)).to_bits();
                if a <= 0 {
                    assert_eq!(root, 0, "sqrt of raw {a}");
                } else {
                    assert_rounded_root(a as u128, $frac, root as u128);
                }
            }
        }};
    }
    let mut rng = Raw(0x5917);
    check!(FixedI32<U16>, i32, 16, rng);
    check!(FixedI32<U31>, i32, 31, rng);
    check!(FixedI64<U16>, i64, 16, rng);
    check!(FixedI64<U32>, i64, 32, rng);
    check!(FixedI64<U60>, i64, 60, rng);
}

/// Fixed-point vector lengths (`VectorOps::length`, the `hypot` hook) against
/// `round(√(x² + y²))` in raw units, exactly: random vectors, and long ones nearly along an
/// axis (raw `x` of 62 or 63 bits, `|y| ≤ 3`), whose squared length, just above a perfect
/// square beyond `2^102`, takes the Newton step from the float estimate; that step, rounded
/// down in floats and truncated, can land one below `⌊√n⌋`, where only the upward
/// correction of the integer square root brings it back.
#[cfg(feature = "fixed")]
#[test]
fn fixed_lengths_round_to_nearest() {
    use capsule2d::vector::VectorOps;
    use fixed::types::{I16F16, I32F32};
    let mut rng = Raw(0x1e57);
    for i in 0..6000 {
        let (x, y) = if i % 2 == 0 {
            let x = (rng.next_u64() >> 1) | (1 << 61);
            let x = if i % 4 == 0 { x as i64 } else { -(x as i64) };
            (x, (rng.next_u64() % 7) as i64 - 3)
        } else {
            (rng.signed(64), rng.signed(64))
        };
        let length = [I32F32::from_bits(x), I32F32::from_bits(y)].length();
        let n = (i128::from(x) * i128::from(x)) as u128 + (i128::from(y) * i128::from(y)) as u128;
        // (A root past `i64::MAX` saturates.)
        let root = length.to_bits();
        if n == 0 {
            assert_eq!(root, 0);
        } else if root < i64::MAX {
            assert_rounded_root(n, 0, root as u128);
        }
        let (x, y) = (rng.signed(32) as i32, rng.signed(32) as i32);
        let length = [I16F16::from_bits(x), I16F16::from_bits(y)].length();
        let n = (i64::from(x) * i64::from(x) + i64::from(y) * i64::from(y)) as u128;
        // (A root past `i32::MAX` saturates.)
        if n > 0 && length.to_bits() < i32::MAX {
            assert_rounded_root(n, 0, length.to_bits() as u128);
        }
    }
}

/// Unit vectors (`VectorOps::normalize`) whose component `c · 2^frac / √(c² + y²)` lies
/// within about `2^-46` above a half-integer `k + ½` (found by construction:
/// `c = (2k + 1) t`, `y = ⌊√(L² − c²)⌋` with `L = 2^(frac + 1) t`, so `c · 2^frac / L` is
/// exactly `k + ½` and the true length is a little below `L`). The float estimate of that
/// component lands just below `k + ½`, so only the margin of the float shortcut (`2^(frac − 46)`
/// from a half-integer) sends it to the exact computation, which rounds it up to `k + 1`.
/// Checked exactly: `(2r − 1)² (c² + y²) < 4 c² 2^(2 frac) < (2r + 1)² (c² + y²)`.
#[cfg(feature = "fixed")]
#[test]
fn fixed_unit_components_just_above_a_half() {
    use capsule2d::vector::VectorOps;
    use fixed::types::{I32F32, I48F16};
    use num_bigint::BigInt;
    /// `got` is `|c| · 2^frac / √(c² + y²)` rounded to nearest (`c` the component).
    fn assert_component(c: i64, y: i64, frac: u32, got: i64) {
        let n = BigInt::from(c) * c + BigInt::from(y) * y;
        let target = (BigInt::from(c) * c) << (2 * frac + 2);
        let got = got.abs();
        let (below, above) = (BigInt::from(2 * got - 1), BigInt::from(2 * got + 1));
        assert!(
            &below * &below * &n < target && target < &above * &above * &n,
            "component {got} of the unit vector along ({c}, {y}) (frac {frac}) is not rounded"
        );
    }
    fn assert_rounded(c: i64, y: i64, frac: u32, got: i64, k: i64) {
        assert_component(c, y, frac, got);
        assert_eq!(got, k + 1, "({c}, {y}), frac {frac}");
    }
    for (c, y, k) in [
        (1_284_307_091_223_808_635, 590_743_212_143_558_837, 59_539),
        (1_264_053_002_365_929_600, 873_995_150_809_356_015, 53_905),
        (1_180_067_158_794_764_208, 231_859_316_971_676_715, 64_306),
    ] {
        let [ux, _] = [I48F16::from_bits(c), I48F16::from_bits(y)]
            .normalize()
            .expect("non-zero");
        assert_rounded(c, y, 16, ux.to_bits(), k);
    }
    for (c, y, k) in [
        (
            1_158_325_927_632_883_836,
            74_549_446_878_593_848,
            4_286_099_605,
        ),
        (
            1_599_691_855_178_637_374,
            946_358_361_743_725_074,
            3_696_551_799,
        ),
        (
            1_687_488_913_654_579_575,
            1_507_132_480_067_824_279,
            3_203_357_257,
        ),
    ] {
        let [ux, _] = [I32F32::from_bits(c), I32F32::from_bits(y)]
            .normalize()
            .expect("non-zero");
        assert_rounded(c, y, 32, ux.to_bits(), k);
    }
    // Both components within `2^-14` of half-integers (`c = a t`, `y = b t` with odd `a`, `b`
    // and `a² + b²` within `2^15` of `2^66`): the float shortcut must leave both to the exact
    // computation (here its estimates round one of them the wrong way).
    for (c, y) in [
        (1_152_921_511_295_018_626, 418_958_924_692_261_618),
        (1_152_921_527_441_829_420, 418_958_930_559_834_060),
        (1_152_921_506_810_722_666, 735_757_157_674_947_206),
    ] {
        let [ux, uy] = [I32F32::from_bits(c), I32F32::from_bits(y)]
            .normalize()
            .expect("non-zero");
        assert_component(c, y, 32, ux.to_bits());
        assert_component(y, c, 32, uy.to_bits());
    }
}

/// A hit's point is on the other shape's surface, where that shape is at the time of the
/// hit (`Shape::cast`): a hit whose point the scalar cannot hold cannot be reported. The
/// circle `x` of radius 1 at `(s, 0)` moves by `1.6 s` along `x`; the vertical segment `y`
/// from `(1.15 s, −1)` to `(1.15 s, 1)` moves by `1.4 s` the same way. The relative motion
/// is `0.2 s` and the gap `0.15 s − 1`, so they touch at time `0.75 − 5/s` (hand-derived),
/// with the normal `(−1, 0)`, where `y`'s touched point is at `x = 1.15 s + 1.4 s (0.75 −
/// 5/s) = 2.2 s − 7`: a point for `s = 1e300` (`f64`) and `s = 1e30` (`f32`), beyond the
/// largest value for `s = 1e308` (`f64::MAX` is `1.8e308`) and `s = 1.6e38` (`f32::MAX` is
/// `3.4e38`), where nothing may be reported. (`src/motion/cast.rs`: the check
/// `finite_point(point) && time.is_finite()`; with `||` the overflowed point was reported.)
#[test]
fn cast_hits_beyond_the_largest_float_are_not_reported() {
    use capsule2d::{CastOptions, Circle};
    macro_rules! scene {
        ($s:expr) => {{
            let s = $s;
            let x = Circle::new([s, 0.0], 1.0);
            let y = Segment::new([1.15 * s, -1.0], [1.15 * s, 1.0]);
            let options = CastOptions::default().with_other_motion([1.4 * s, 0.0]);
            x.cast(&y, [1.6 * s, 0.0], options)
        }};
    }
    let hit = scene!(1e300_f64).expect("the f64 scene at 1e300 hits");
    assert!((hit.time - 0.75).abs() <= 1e-14, "{hit:?}");
    assert!((hit.point[0] / 2.2e300 - 1.0).abs() <= 1e-14, "{hit:?}");
    assert_eq!((hit.point[1], hit.normal), (0.0, [-1.0, 0.0]));
    let hit = scene!(1e30_f32).expect("the f32 scene at 1e30 hits");
    assert!((hit.time - 0.75).abs() <= 1e-6, "{hit:?}");
    assert!((hit.point[0] / 2.2e30 - 1.0).abs() <= 1e-6, "{hit:?}");
    assert_eq!((hit.point[1], hit.normal), (0.0, [-1.0, 0.0]));
    if let Some(hit) = scene!(1e308_f64) {
        panic!("a hit at {hit:?}, whose point 2.2e308 f64 cannot hold");
    }
    if let Some(hit) = scene!(1.6e38_f32) {
        panic!("a hit at {hit:?}, whose point 3.5e38 f32 cannot hold");
    }
}

/// A ray through an endpoint of a bare segment, across it: from `(4, −1)` along `(−3, 0)`
/// against the segment from `(−3, 2)` to `(2, −1)` (both orders). Hand-derived: the ray's
/// line `y = −1` meets the segment's line only at the endpoint `(2, −1)`, after `2/3` of a
/// time unit; the segment is closed, so that is the hit, through its side, with the
/// segment's unit normal on the ray's side, `(3, 5)/√34` (`(b − a) × (o − a) = 6 > 0`,
/// so the origin is on the left of `(5, −3)`). For `I32F32` with the segment from
/// `(−3, 2)`, the side wall's rounded point falls just beyond the endpoint, so the hit comes
/// from the exact fallback (`crossing` in `src/motion/ray.rs`: four exact orientation tests
/// and `crossing_ratios`); without it the path would meet only the endpoint's disc, with
/// the normal `(1, 0)` against the direction. Tolerances: a few units of the last place at
/// magnitude 2 (measured: `f64` exact, `f32` 1 ulp, `I32F32` 2 raw units).
#[test]
fn rays_through_a_segment_end_hit_its_side() {
    use capsule2d::Ray;
    fn check(hit: Option<[f64; 5]>, tolerance: f64, what: &str) {
        let [time, x, y, nx, ny] = hit.unwrap_or_else(|| panic!("{what}: no hit"));
        let root = 34f64.sqrt();
        let want = [2.0 / 3.0, 2.0, -1.0, 3.0 / root, 5.0 / root];
        for (got, want) in [time, x, y, nx, ny].into_iter().zip(want) {
            assert!(
                (got - want).abs() <= tolerance,
                "{what}: {:?}, want {want:?}",
                [time, x, y, nx, ny]
            );
        }
    }
    let (origin, direction) = ([4.0, -1.0], [-3.0, 0.0]);
    let (a, b) = ([-3.0, 2.0], [2.0, -1.0]);
    for (a, b) in [(a, b), (b, a)] {
        let hit = Ray::new(origin, direction).cast(&Segment::new(a, b), 2.0);
        let hit = hit.map(|h| [h.time, h.point[0], h.point[1], h.normal[0], h.normal[1]]);
        check(hit, 4.0 * f64::EPSILON, "f64");
        let f = |v: [f64; 2]| v.map(|x| x as f32);
        let hit = Ray::new(f(origin), f(direction)).cast(&Segment::new(f(a), f(b)), 2.0);
        let hit =
            hit.map(|h| [h.time, h.point[0], h.point[1], h.normal[0], h.normal[1]].map(f64::from));
        check(hit, 4.0 * f64::from(f32::EPSILON), "f32");
        #[cfg(feature = "fixed")]
        {
            use fixed::types::I32F32;
            let x = |v: [f64; 2]| v.map(I32F32::from_num);
            let ray = Ray::new(x(origin), x(direction));
            let hit = ray.cast(&Segment::new(x(a), x(b)), I32F32::from_num(2));
            let hit = hit.map(|h| {
                [h.time, h.point[0], h.point[1], h.normal[0], h.normal[1]]
                    .map(|v| v.to_num::<f64>())
            });
            check(hit, 8.0 * 2f64.powi(-32), "I32F32");
        }
    }
}

/// A path `(start, direction, centre, radius, time of the tangent point)`.
type TangentPath = ([f64; 2], [f64; 2], [f64; 2], f64, f64);

/// Paths exactly tangent to a disc, built from Pythagorean triples so that every input is
/// an integer (times a power of two): the direction `d = (k² − l², 2kl)` (components
/// swapped and signs flipped for the other octants) has length `L = k² + l²`, the disc of
/// radius `r = ρ L` around `c` touches the line through `c + n` along `d`, with
/// `n = ρ (−2kl, k² − l²)` (or `−n`) perpendicular to `d` and `|n| = r`, and the path
/// starts at `c + n − t d`: it reaches the tangent point `c + n` at time `t`, exactly, and
/// touches the disc there and nowhere else (hand-derived: `|start + τ d − c|² = r² +
/// (t − τ)² L²`). The centre is placed at the origin, at `−(n − t d)/2` (so that
/// `start + c = 0`: the start and the centre mirror each other) and far off it.
/// Yields `(start, d, c, r, t)`.
fn tangent_paths() -> Vec<TangentPath> {
    let mut out = Vec::new();
    let triples = [
        (2, 1),
        (3, 2),
        (4, 1),
        (5, 2),
        (7, 4),
        (8, 3),
        (11, 6),
        (1000, 1),
        (1001, 1000),
    ];
    for (k, l) in triples {
        let (k, l) = (f64::from(k), f64::from(l));
        let (p, q, len) = (k * k - l * l, 2.0 * k * l, k * k + l * l);
        for (dx, dy) in [(p, q), (q, p), (-p, q), (p, -q), (-q, -p)] {
            for side in [1.0, -1.0] {
                for (rho, t) in [
                    (2.0, 2.0),
                    (2.0, 3.0),
                    (4.0, 6.0),
                    (2.0, 400.0),
                    (2.0, 2000.0),
                ] {
                    let n = [-dy * rho * side, dx * rho * side];
                    let m = [n[0] - t * dx, n[1] - t * dy];
                    let r = rho * len;
                    for c in [
                        [0.0, 0.0],
                        [-m[0] / 2.0, -m[1] / 2.0],
                        [3.0 * len * t, -5.0 * len],
                    ] {
                        for scale in [1.0, 0.5f64.powi(20), 2f64.powi(20)] {
                            let s = |v: [f64; 2]| [v[0] * scale, v[1] * scale];
                            let start = [c[0] + m[0], c[1] + m[1]];
                            out.push((s(start), s([dx, dy]), s(c), r * scale, t));
                        }
                    }
                }
            }
        }
    }
    out
}

/// A path exactly tangent to a disc touches it (a touch is a hit: `Ray::cast` and
/// `Shape::cast` report the first time the shapes are within their radii) at the tangent
/// point's time `t`, hand-derived ([`tangent_paths`]). The rounded discriminant
/// `r² − (m × u)²` of such a path is a few units of rounding either side of 0, so the
/// filter of `half_chord` (`src/num/exact_cast.rs`) must send it to the exact chord, which
/// is 0: a rounded negative discriminant would miss the disc, a rounded positive one would
/// shorten the time by about `√ε` of it. Checked for rays (radii `0` and `r`) and for
/// circle casts (radii `r/4` and `3r/4`, the circle moving by `2t d`, so the time is `½`),
/// in f64 within `10⁻⁹` of the time (the casts' contract for f64).
#[test]
fn paths_exactly_tangent_to_a_disc_touch_it() {
    use capsule2d::{CastOptions, Circle, Ray};
    let mut checked = 0;
    for (start, d, c, r, t) in tangent_paths() {
        // The construction is exact (integers below 2^53 times a power of two): in exact
        // rationals, the line is tangent, `((start − c) × d)² = r² |d|²`, and the tangent
        // point is reached at time `t`, `(start − c) · d = −t |d|²`.
        let [sx, sy, dx, dy, cx, cy, rq, tq] =
            [start[0], start[1], d[0], d[1], c[0], c[1], r, t].map(q);
        let (mx, my) = (&sx - &cx, &sy - &cy);
        let dd = &dx * &dx + &dy * &dy;
        let cross = &mx * &dy - &my * &dx;
        assert_eq!(
            &cross * &cross,
            &rq * &rq * &dd,
            "{start:?} {d:?} {c:?} {r}"
        );
        assert_eq!(
            &mx * &dx + &my * &dy,
            -(tq * dd),
            "{start:?} {d:?} {c:?} {r}"
        );
        let hit = Ray::new(start, d).cast(&Circle::new(c, r), 2.0 * t);
        let hit =
            hit.unwrap_or_else(|| panic!("ray {start:?} + τ {d:?}: misses the disc {c:?}, {r}"));
        assert!(
            (hit.time - t).abs() <= 1e-9 * t,
            "ray {start:?} + τ {d:?} against the disc {c:?}, {r}: {hit:?}, want time {t}"
        );
        let x = Circle::new(start, r / 4.0);
        let y = Circle::new(c, 0.75 * r);
        let motion = [2.0 * t * d[0], 2.0 * t * d[1]];
        let hit = x.cast(&y, motion, CastOptions::default());
        let hit = hit.unwrap_or_else(|| panic!("cast {x:?} by {motion:?}: misses {y:?}"));
        assert!(
            (hit.time - 0.5).abs() <= 1e-9,
            "cast {x:?} by {motion:?} against {y:?}: {hit:?}, want time 0.5"
        );
        checked += 1;
    }
    assert!(checked > 1000);
}

/// Circles moving exactly parallel to a capsule's side, just outside it, never touch it.
/// The capsule's core runs from `(0, 0)` to `v = (p, q)` (small integers); the relative
/// motion `d = motion − other_motion` is exactly `s v` with `s = 1 + k·2^-54`, but each
/// component rounds on its own, so the rounded `d` is not parallel to `v`: it turns towards
/// or away from the core by about `2^-52`. The circle's centre is `along·v + (−q, p)`, at
/// `|v|` from the core's line (`v × (c − a) = p² + q²`, hand-derived), its projection inside
/// the core, and the radii add up to a value 1 to 3 units of the last place below `|v|`:
/// the shapes are apart by less than `10⁻¹⁴` and stay so (the path is parallel to the
/// core's line, and the end discs are no nearer than the line), so there is no hit. The
/// wall entry must be decided with the rounding of `d` put back (`wall_entry` in
/// `src/num/exact_cast.rs`: "no entry through a wall" for an exactly parallel path): the
/// rounded path would enter through the wall at once, its distance to the wall rounding
/// to 0.
#[test]
fn circles_moving_exactly_parallel_to_a_wall_just_outside_it_never_touch() {
    use capsule2d::{Capsule, CastOptions, Circle};
    let tiny = 2f64.powi(-54);
    for (p, q) in [
        (1.0, 3.0),
        (1.0, 5.0),
        (3.0, 7.0),
        (2.0, 5.0),
        (5.0, 3.0),
        (7.0, 1.0),
        (3.0, 4.0),
    ] {
        let length = f64::hypot(p, q);
        for k in [1.0, 3.0, 5.0, 7.0] {
            for below in 1..=3 {
                // The radii's sum: below `|v|` by `below` units of the last place.
                let radius = f64::from_bits(length.to_bits() - below);
                assert!(radius < length && radius * radius <= p * p + q * q);
                for along in [0.25, 0.5, 0.75] {
                    let centre = [along * p - q, along * q + p];
                    for sign in [1.0, -1.0] {
                        let motion = [p * sign, q * sign];
                        let other = [-k * tiny * p * sign, -k * tiny * q * sign];
                        for (rx, ry) in [(0.5, radius - 0.5), (radius - 1.0, 1.0)] {
                            let x = Circle::new(centre, rx);
                            let y = Capsule::new([0.0, 0.0], [p, q], ry);
                            let options = CastOptions::default().with_other_motion(other);
                            let hit = x.cast(&y, motion, options);
                            assert!(
                                hit.is_none(),
                                "{x:?} by {motion:?} against {y:?} moving by {other:?}: {hit:?}"
                            );
                        }
                    }
                }
            }
        }
    }
}

/// A ray square across a bare segment at the bottom of f64's range: from `(−s, 0)` along
/// `(t, 0)` against the segment from `(0, −s)` to `(0, s)`, `s = 2^-545`, `t = 2^-300`
/// (the inputs span 245 binary places, within the exact expansions' range); hand-derived,
/// it crosses the segment at `(0, 0)` at time `s / t = 2^-245`, through its side, normal
/// `(−1, 0)`. The cross product `(b − a) × (o − a) = 2s² = 2^-1089` that gives the origin's
/// side underflows to 0 in f64, and so does its rounding bound, while the others do not:
/// the filter on the bare segment's signs (`side` in `src/motion/ray.rs`: a product no
/// larger than its bound is uncertain) must send it to the exact entry, which scales the
/// inputs first; the rounded side would be "on the line", and the ray would miss.
#[test]
fn rays_across_a_segment_at_the_bottom_of_the_range_hit_it() {
    use capsule2d::Ray;
    let (s, t) = (2f64.powi(-545), 2f64.powi(-300));
    for (a, b) in [([0.0, -s], [0.0, s]), ([0.0, s], [0.0, -s])] {
        let hit = Ray::new([-s, 0.0], [t, 0.0]).cast(&Segment::new(a, b), 1.0);
        let hit = hit.unwrap_or_else(|| panic!("the ray misses the segment from {a:?} to {b:?}"));
        let time = 2f64.powi(-245);
        assert_eq!(
            (hit.time, hit.point, hit.normal),
            (time, [0.0, 0.0], [-1.0, 0.0]),
            "{a:?} {b:?}"
        );
    }
}

/// A ray passing beside a point at the bottom of f64's range misses it: from `(−s, 0)`
/// along `(t, 0)`, `s = 2^-545`, `t = 2^-540`, against the point (a circle of radius 0) at
/// `(0, s)`, which is `s` off the ray's line (hand-derived: the line is `y = 0`). The cross
/// product `d × (o − c) = −ts = −2^-1085` underflows to 0 in f64, and so does its rounding
/// bound: the filter of the point's "passes through" test (`disc` in `src/motion/ray.rs`:
/// a product no larger than its bound is uncertain) must send it to the exact test, which
/// scales the inputs first; the rounded product would say "through the point". The mirror
/// image, a point `(0, 0)` on the line, is hit at time `s / t = 2^-5`.
#[test]
fn rays_beside_a_point_at_the_bottom_of_the_range_miss_it() {
    use capsule2d::{Circle, Ray};
    let (s, t) = (2f64.powi(-545), 2f64.powi(-540));
    for y in [s, -s] {
        let hit = Ray::new([-s, 0.0], [t, 0.0]).cast(&Circle::new([0.0, y], 0.0), 1.0);
        assert!(hit.is_none(), "the ray hits the point (0, {y:e}): {hit:?}");
    }
    let hit = Ray::new([-s, 0.0], [t, 0.0]).cast(&Circle::new([0.0, 0.0], 0.0), 1.0);
    let hit = hit.expect("the ray passes through the point (0, 0)");
    assert_eq!(
        (hit.time, hit.point, hit.normal),
        (2f64.powi(-5), [0.0, 0.0], [-1.0, 0.0])
    );
}

/// `SlideOptions::with_max_moves` bounds the casts of one `move_and_slide`. A circle of
/// radius ½ at `(0, 1.5)` moving by `(2, −2)` above the floor `y = 0` (skin `0.05`, so the
/// grown circle has radius `0.55`): hand-derived, the grown circle touches the floor at
/// time `(1.5 − 0.55) / 2 = 0.475`, after `(0.95, −0.95)`, and what is left of the motion,
/// clipped against the floor, would slide along it. With one cast allowed, the move stops
/// at the touch; with the default four it slides on (and the next cast meets nothing).
#[test]
fn slides_make_at_most_max_moves_casts() {
    use capsule2d::{Circle, SlideOptions, move_and_slide};
    let floor = [Segment::new([-10.0_f64, 0.0], [10.0, 0.0])];
    let ball = Circle::new([0.0_f64, 1.5], 0.5);
    let options = SlideOptions::new(0.05).with_max_moves(1);
    assert_eq!(options.max_moves, 1);
    let slide = move_and_slide(&ball, [2.0, -2.0], &floor[..], &options);
    assert_eq!((slide.moves, slide.hits), (1, 1), "{slide:?}");
    let [x, y]: [f64; 2] = slide.translation;
    assert!(
        (x - 0.95).abs() <= 1e-12 && (y + 0.95).abs() <= 1e-12,
        "{slide:?}"
    );
    let slide = move_and_slide(&ball, [2.0, -2.0], &floor[..], &SlideOptions::new(0.05));
    assert_eq!((slide.moves, slide.hits), (2, 1), "{slide:?}");
    assert!(slide.translation[0] > 1.9, "{slide:?}");
}

/// `Slide::normals`: the surfaces touched, nearly equal normals kept once, at most
/// `MAX_PLANES` (8). A circle of radius 1 at the origin, skin `0.1` (grown radius `1.1`),
/// rests on eight short segments tangent to the circle of radius `1.08` at the angles
/// `200°, 220°, …, 340°` (each `0.02` inside the grown circle, less than half a skin: no
/// push), and moves by `(0, 1)`, which presses into none of them, towards a ceiling at
/// `y = 2`: hand-derived, the grown circle touches it at time `0.9`, after `(0, 0.9)`. The
/// eight floor pieces fill the planes, so the ceiling's has no room and the move ends at
/// the touch. Then a circle resting across the joint of two collinear segments touches
/// both with the same normal `(0, 1)`, which is kept once.
#[test]
fn slides_keep_each_surface_once_and_at_most_eight() {
    use capsule2d::{Circle, SlideOptions, move_and_slide};
    let mut pieces = Vec::new();
    for k in 0..8 {
        let angle = (200.0_f64 + 20.0 * f64::from(k)).to_radians();
        let (c, s) = (angle.cos(), angle.sin());
        let foot = [1.08 * c, 1.08 * s];
        let along = [-s * 0.3, c * 0.3];
        pieces.push(Segment::new(
            [foot[0] - along[0], foot[1] - along[1]],
            [foot[0] + along[0], foot[1] + along[1]],
        ));
    }
    pieces.push(Segment::new([-5.0, 2.0], [5.0, 2.0]));
    let ball = Circle::new([0.0_f64, 0.0], 1.0);
    let slide = move_and_slide(&ball, [0.0, 1.0], &pieces[..], &SlideOptions::new(0.1));
    assert_eq!((slide.pushes, slide.hits), (0, 1), "{slide:?}");
    assert_eq!(slide.normals().len(), 8, "{slide:?}");
    for (k, n) in slide.normals().iter().enumerate() {
        assert!(n[1] > 0.3, "normal {k}, {n:?}, does not face up");
    }
    let [x, y]: [f64; 2] = slide.translation;
    assert!(x.abs() <= 1e-12 && (y - 0.9).abs() <= 1e-12, "{slide:?}");

    let floor = [
        Segment::new([-4.0_f64, 0.0], [0.0, 0.0]),
        Segment::new([0.0, 0.0], [4.0, 0.0]),
    ];
    let ball = Circle::new([0.0_f64, 1.08], 1.0);
    let slide = move_and_slide(&ball, [1.0, 0.0], &floor[..], &SlideOptions::new(0.1));
    assert_eq!(slide.normals(), &[[0.0, 1.0]], "{slide:?}");
}

/// `response::clip` leaves a motion alone when it presses into no plane, `v · n ≥ 0` for
/// every `n` (its documentation): a motion exactly along a floor, between a floor and a
/// ceiling, or between two facing walls, is not pressing and comes back unchanged
/// (hand-derived: the dot products are exactly 0). Treating `v · n = 0` as pressing would stop a body sliding
/// exactly along a surface.
#[test]
fn motions_exactly_along_a_plane_are_not_clipped() {
    use capsule2d::response::clip;
    assert_eq!(clip([1.0, 0.0], &[[0.0, 1.0]]), [1.0, 0.0]);
    assert_eq!(clip([-3.0, 0.0], &[[0.0, 1.0], [0.0, -1.0]]), [-3.0, 0.0]);
    assert_eq!(clip([0.0, 2.0], &[[1.0, 0.0], [-1.0, 0.0]]), [0.0, 2.0]);
}
