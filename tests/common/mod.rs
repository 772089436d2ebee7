//! Shared helpers for the integration tests.
//!
//! - [`TestScalar`]: converts between `f64` and every scalar type under test (f32, f64 and,
//!   with feature `fixed`, `I32F32`, `I16F16`, `I48F16`), exactly to rationals, and
//!   carries the per-type resolution that tolerances are derived from.
//! - `all_scalars!` / `qc_scalars!`: stamp out one `#[test]` per scalar type from a
//!   generic body (as geo does).
//! - [`exact`]: an independent exact reference: closest parameters and points, squared
//!   distances, intersection decisions and contacts. It never calls the crate; it is
//!   written from the textbook definitions (projection and clamp, orientation tests,
//!   support functions of the Minkowski difference).
//! - [`Rng`]: a tiny deterministic PRNG (`SplitMix64`), the one every test draws from, so
//!   that a failure reproduces.
//!
//! # Exact arithmetic
//!
//! Every input the tests build is a dyadic rational (an f64, an f32 or a fixed-point
//! value), so the reference computes on [`D`], `m · 2^e` with a `BigInt` mantissa: sums,
//! differences and products are exact, and no gcd is ever taken. The one division of the
//! algorithms (the projection parameter `t = num / den`) is kept as a fraction: points on
//! a segment are homogeneous ([`H`], `(X/W, Y/W)`), squared distances are fractions
//! ([`Frac`]), and every decision is an exact integer comparison by cross-multiplication.
//! (`BigRational` would normalise by a gcd after every operation, which costs about a
//! millisecond per closest point in an unoptimised test build.) Values are converted to
//! `BigRational` ([`Q`]) at the edges, where exact hand-derived values are compared, and
//! square roots, needed only to *measure* depths, are taken to about 200 bits.

#![allow(dead_code, unused_macros, unused_imports)]

pub(crate) mod shapes;

use capsule2d::Scalar;
use core::cmp::Ordering;
use core::ops::{Add, Mul, Neg, Sub};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// An exact rational number.
pub(crate) type Q = BigRational;

/// `x` as an exact rational (`x` must be finite).
pub(crate) fn q(x: f64) -> Q {
    BigRational::from_float(x).unwrap_or_else(|| panic!("not finite: {x}"))
}

/// The f64 nearest to `x` (num-rational's conversion is correctly rounded).
pub(crate) fn fq(x: &Q) -> f64 {
    x.to_f64().expect("rational converts to f64")
}

/// The spacing of f64 values at magnitude `m` ("one ulp of `m`"): `2^(⌊log₂ m⌋ − 52)`.
pub(crate) fn ulp(m: f64) -> f64 {
    let m = m.abs();
    if m < f64::MIN_POSITIVE {
        return f64::from_bits(1);
    }
    let e = ((m.to_bits() >> 52) & 0x7ff) as i64 - 1023;
    // `ldexp`, not `powi`: `2^(e − 52)` is subnormal below magnitude 2^-970.
    ldexp(1.0, e - 52)
}

/// `x · 2^e` without intermediate overflow or underflow.
pub(crate) fn ldexp(mut x: f64, mut e: i64) -> f64 {
    while e > 1000 {
        x *= 2f64.powi(1000);
        e -= 1000;
    }
    while e < -1000 {
        x *= 2f64.powi(-1000);
        e += 1000;
    }
    x * 2f64.powi(e as i32)
}

/// The largest magnitude among `values`.
pub(crate) fn magnitude(values: &[f64]) -> f64 {
    values.iter().fold(0.0_f64, |m, v| m.max(v.abs()))
}

// ---------------------------------------------------------------------------------------
// Exact dyadic numbers, fractions and points.
// ---------------------------------------------------------------------------------------

/// An exact dyadic rational `m · 2^e`.
#[derive(Clone, Debug)]
pub(crate) struct D {
    m: BigInt,
    e: i64,
}

impl D {
    pub(crate) fn zero() -> Self {
        Self {
            m: BigInt::zero(),
            e: 0,
        }
    }
    pub(crate) fn int(n: i64) -> Self {
        Self {
            m: BigInt::from(n),
            e: 0,
        }
    }
    /// `m · 2^e`.
    pub(crate) fn new(m: impl Into<BigInt>, e: i64) -> Self {
        Self { m: m.into(), e }
    }
    /// The exact value of a finite f64.
    pub(crate) fn f(x: f64) -> Self {
        assert!(x.is_finite(), "not finite: {x}");
        if x == 0.0 {
            return Self::zero();
        }
        let bits = x.to_bits();
        let exponent = ((bits >> 52) & 0x7ff) as i64;
        let fraction = bits & ((1 << 52) - 1);
        let (m, e) = if exponent == 0 {
            (fraction, -1074)
        } else {
            (fraction | (1 << 52), exponent - 1075)
        };
        // Trailing zero bits moved into the exponent: short mantissas keep the shifts of
        // `aligned` short (0.5 is `1 · 2^-1`, not `2^52 · 2^-53`).
        let zeros = m.trailing_zeros();
        let m = BigInt::from(m >> zeros);
        Self {
            m: if x < 0.0 { -m } else { m },
            e: e + i64::from(zeros),
        }
    }
    /// Applies `op` to the two mantissas brought to the smaller exponent, which it returns.
    /// Only the operand with the larger exponent is shifted (none when they are equal).
    fn aligned<R>(&self, o: &Self, op: impl FnOnce(&BigInt, &BigInt) -> R) -> (R, i64) {
        match self.e.cmp(&o.e) {
            Ordering::Equal => (op(&self.m, &o.m), self.e),
            Ordering::Greater => (op(&(&self.m << (self.e - o.e) as usize), &o.m), o.e),
            Ordering::Less => (op(&self.m, &(&o.m << (o.e - self.e) as usize)), self.e),
        }
    }
    pub(crate) fn is_zero(&self) -> bool {
        self.m.is_zero()
    }
    pub(crate) fn is_negative(&self) -> bool {
        self.m.is_negative()
    }
    pub(crate) fn is_positive(&self) -> bool {
        self.m.is_positive()
    }
    pub(crate) fn signum(&self) -> i32 {
        if self.m.is_positive() {
            1
        } else if self.m.is_negative() {
            -1
        } else {
            0
        }
    }
    pub(crate) fn abs(&self) -> Self {
        Self {
            m: self.m.abs(),
            e: self.e,
        }
    }
    pub(crate) fn square(&self) -> Self {
        self * self
    }
    /// The nearest f64 (to within an ulp).
    pub(crate) fn to_f64(&self) -> f64 {
        let shift = self.m.bits().saturating_sub(64);
        let top = (&self.m >> shift as usize)
            .to_f64()
            .expect("64 bits fit an f64");
        ldexp(top, self.e + shift as i64)
    }
    /// The nearest integer (halves rounded up), which must fit an `i128`.
    pub(crate) fn round_to_i128(&self) -> i128 {
        let rounded = if self.e >= 0 {
            &self.m << self.e as usize
        } else {
            let shift = (-self.e) as usize;
            (&self.m + (BigInt::one() << (shift - 1))) >> shift
        };
        rounded.to_i128().expect("fits an i128")
    }
    /// The exact value as a rational.
    pub(crate) fn to_q(&self) -> Q {
        if self.e >= 0 {
            Q::from_integer(&self.m << self.e as usize)
        } else {
            Q::new(self.m.clone(), BigInt::one() << (-self.e) as usize)
        }
    }
    /// `num / den` (`den ≠ 0`) to about `bits` significant bits, truncated.
    pub(crate) fn div_approx(num: &Self, den: &Self, bits: u64) -> Self {
        assert!(!den.is_zero(), "division by zero");
        let spread = num.m.bits() as i64 - den.m.bits() as i64;
        let shift = (bits as i64 - spread).max(0);
        Self {
            m: (&num.m << shift as usize) / &den.m,
            e: num.e - den.e - shift,
        }
    }
}

macro_rules! d_ops {
    ($lhs:ty, $rhs:ty) => {
        impl Add<$rhs> for $lhs {
            type Output = D;
            fn add(self, o: $rhs) -> D {
                if o.m.is_zero() {
                    return self.clone();
                }
                if self.m.is_zero() {
                    return o.clone();
                }
                let (m, e) = self.aligned(&o, |a, b| a + b);
                D { m, e }
            }
        }
        impl Sub<$rhs> for $lhs {
            type Output = D;
            fn sub(self, o: $rhs) -> D {
                if o.m.is_zero() {
                    return self.clone();
                }
                let (m, e) = self.aligned(&o, |a, b| a - b);
                D { m, e }
            }
        }
        impl Mul<$rhs> for $lhs {
            type Output = D;
            fn mul(self, o: $rhs) -> D {
                D {
                    m: &self.m * &o.m,
                    e: self.e + o.e,
                }
            }
        }
    };
}
d_ops!(&D, &D);
d_ops!(D, D);
d_ops!(D, &D);
d_ops!(&D, D);

impl Neg for &D {
    type Output = D;
    fn neg(self) -> D {
        D {
            m: -&self.m,
            e: self.e,
        }
    }
}

impl Neg for D {
    type Output = Self;
    fn neg(self) -> Self {
        Self {
            m: -self.m,
            e: self.e,
        }
    }
}

impl PartialEq for D {
    fn eq(&self, o: &Self) -> bool {
        self.cmp(o) == Ordering::Equal
    }
}

impl Eq for D {}

impl PartialOrd for D {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl Ord for D {
    fn cmp(&self, o: &Self) -> Ordering {
        // Signs first: most comparisons are decided without aligning.
        match self.signum().cmp(&o.signum()) {
            Ordering::Equal if self.m.is_zero() => Ordering::Equal,
            Ordering::Equal => self.aligned(o, |a, b| a.cmp(b)).0,
            by_sign => by_sign,
        }
    }
}

/// A non-negative fraction `num / den` of dyadics, `den > 0`: a squared distance.
#[derive(Clone, Debug)]
pub(crate) struct Frac {
    pub(crate) num: D,
    pub(crate) den: D,
}

impl Frac {
    pub(crate) fn whole(d: D) -> Self {
        Self {
            num: d,
            den: D::int(1),
        }
    }
    pub(crate) fn is_zero(&self) -> bool {
        self.num.is_zero()
    }
    /// Whether `self ≤ r²`.
    pub(crate) fn le_square(&self, r: &D) -> bool {
        self.num <= r.square() * &self.den
    }
    /// Whether `self ≥ r²`.
    pub(crate) fn ge_square(&self, r: &D) -> bool {
        self.num >= r.square() * &self.den
    }
    /// Whether `self == r²`.
    pub(crate) fn eq_square(&self, r: &D) -> bool {
        self.num == r.square() * &self.den
    }
    pub(crate) fn to_f64(&self) -> f64 {
        D::div_approx(&self.num, &self.den, 80).to_f64()
    }
    pub(crate) fn to_q(&self) -> Q {
        self.num.to_q() / self.den.to_q()
    }
    /// `√self` to about 200 bits, truncated.
    pub(crate) fn sqrt(&self) -> D {
        if self.num.is_zero() {
            return D::zero();
        }
        // √(m_n 2^e_n / (m_d 2^e_d)) = √(m_n 2^(2s+k) / m_d) · 2^((e_n − e_d − k)/2 − s),
        // with k ∈ {0, 1} making the exponent even.
        let mut mn = self.num.m.clone();
        let mut e = self.num.e - self.den.e;
        if e.rem_euclid(2) == 1 {
            mn <<= 1;
            e -= 1;
        }
        let spread = mn.bits() as i64 - self.den.m.bits() as i64;
        let s = ((420 - spread).max(0) / 2 + 1) as usize;
        let root = ((mn << (2 * s)) / &self.den.m).sqrt();
        D {
            m: root,
            e: e / 2 - s as i64,
        }
    }
    /// `√self` as an f64.
    pub(crate) fn sqrt_f64(&self) -> f64 {
        self.sqrt().to_f64()
    }
}

impl PartialEq for Frac {
    fn eq(&self, o: &Self) -> bool {
        self.cmp(o) == Ordering::Equal
    }
}

impl Eq for Frac {}

impl PartialOrd for Frac {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl Ord for Frac {
    fn cmp(&self, o: &Self) -> Ordering {
        (&self.num * &o.den).cmp(&(&o.num * &self.den))
    }
}

/// An exact 2D point or vector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct P {
    pub(crate) x: D,
    pub(crate) y: D,
}

impl P {
    pub(crate) fn new(x: D, y: D) -> Self {
        Self { x, y }
    }
    pub(crate) fn f(x: f64, y: f64) -> Self {
        Self::new(D::f(x), D::f(y))
    }
    pub(crate) fn from_f64(v: [f64; 2]) -> Self {
        Self::f(v[0], v[1])
    }
    pub(crate) fn add(&self, o: &Self) -> Self {
        Self::new(&self.x + &o.x, &self.y + &o.y)
    }
    pub(crate) fn sub(&self, o: &Self) -> Self {
        Self::new(&self.x - &o.x, &self.y - &o.y)
    }
    pub(crate) fn scale(&self, s: &D) -> Self {
        Self::new(&self.x * s, &self.y * s)
    }
    pub(crate) fn neg(&self) -> Self {
        Self::new(-&self.x, -&self.y)
    }
    pub(crate) fn dot(&self, o: &Self) -> D {
        &self.x * &o.x + &self.y * &o.y
    }
    /// `self × o = self.x·o.y − self.y·o.x`.
    pub(crate) fn cross(&self, o: &Self) -> D {
        &self.x * &o.y - &self.y * &o.x
    }
    pub(crate) fn len2(&self) -> D {
        self.dot(self)
    }
    /// The length, as an f64.
    pub(crate) fn length_f64(&self) -> f64 {
        Frac::whole(self.len2()).sqrt_f64()
    }
    /// `max(|x − o.x|, |y − o.y|)`, exactly.
    pub(crate) fn dist_inf(&self, o: &Self) -> D {
        let (dx, dy) = ((&self.x - &o.x).abs(), (&self.y - &o.y).abs());
        if dx > dy { dx } else { dy }
    }
    /// `self / |self|` (non-zero) to about 200 bits: for measuring errors in the last
    /// place of types up to 64 bits wide.
    pub(crate) fn unit_approx(&self) -> Self {
        assert!(!self.is_zero(), "unit of the zero vector");
        let length = Frac::whole(self.len2()).sqrt();
        Self::new(
            D::div_approx(&self.x, &length, 200),
            D::div_approx(&self.y, &length, 200),
        )
    }
    /// The left normal `(−y, x)`, not normalised.
    pub(crate) fn perp(&self) -> Self {
        Self::new(-&self.y, self.x.clone())
    }
    pub(crate) fn is_zero(&self) -> bool {
        self.x.is_zero() && self.y.is_zero()
    }
    pub(crate) fn to_f64(&self) -> [f64; 2] {
        [self.x.to_f64(), self.y.to_f64()]
    }
    /// As a homogeneous point with weight 1.
    pub(crate) fn h(&self) -> H {
        H {
            x: self.x.clone(),
            y: self.y.clone(),
            w: D::int(1),
        }
    }
    /// The unit vector along `self` (non-zero), as f64s accurate to about 2 ulps: the
    /// components are first divided by the larger one.
    pub(crate) fn unit_f64(&self) -> [f64; 2] {
        assert!(!self.is_zero(), "unit of the zero vector");
        let m = if self.x.abs() > self.y.abs() {
            self.x.abs()
        } else {
            self.y.abs()
        };
        let (x, y) = (
            D::div_approx(&self.x, &m, 80).to_f64(),
            D::div_approx(&self.y, &m, 80).to_f64(),
        );
        let h = x.hypot(y);
        [x / h, y / h]
    }
}

/// A homogeneous point `(x / w, y / w)`, `w > 0`: a point on a segment at a rational
/// parameter.
#[derive(Clone, Debug)]
pub(crate) struct H {
    pub(crate) x: D,
    pub(crate) y: D,
    pub(crate) w: D,
}

impl H {
    /// The vector `p − self`, scaled by `w > 0` (so its direction is exact).
    pub(crate) fn to(&self, p: &P) -> P {
        P::new(&p.x * &self.w - &self.x, &p.y * &self.w - &self.y)
    }
    /// `|p − self|²`.
    pub(crate) fn dist2(&self, p: &P) -> Frac {
        Frac {
            num: self.to(p).len2(),
            den: self.w.square(),
        }
    }
    /// The vector `self − o`, scaled by `w · o.w > 0`.
    pub(crate) fn minus(&self, o: &Self) -> P {
        P::new(
            &self.x * &o.w - &o.x * &self.w,
            &self.y * &o.w - &o.y * &self.w,
        )
    }
    /// `|self − o|²`.
    pub(crate) fn dist2_h(&self, o: &Self) -> Frac {
        Frac {
            num: self.minus(o).len2(),
            den: (&self.w * &o.w).square(),
        }
    }
    /// `|p − self|` as an f64.
    pub(crate) fn distance_f64(&self, p: &P) -> f64 {
        self.dist2(p).sqrt_f64()
    }
    pub(crate) fn to_f64(&self) -> [f64; 2] {
        [
            D::div_approx(&self.x, &self.w, 80).to_f64(),
            D::div_approx(&self.y, &self.w, 80).to_f64(),
        ]
    }
    /// The point to about 200 bits.
    pub(crate) fn approx(&self) -> P {
        P::new(
            D::div_approx(&self.x, &self.w, 200),
            D::div_approx(&self.y, &self.w, 200),
        )
    }
    /// `max(|p.x − x / w|, |p.y − y / w|)` to about 80 bits.
    pub(crate) fn dist_inf(&self, p: &P) -> D {
        let d = self.to(p);
        let m = if d.x.abs() > d.y.abs() { d.x } else { d.y };
        D::div_approx(&m.abs(), &self.w, 80)
    }
    pub(crate) fn is_point(&self, p: &P) -> bool {
        self.to(p).is_zero()
    }
}

/// `|n − unit(dir)|`: how far a computed normal is from the exact unit vector along `dir`.
pub(crate) fn normal_error(n: [f64; 2], dir: &P) -> f64 {
    let u = dir.unit_f64();
    (n[0] - u[0]).hypot(n[1] - u[1])
}

// ---------------------------------------------------------------------------------------
// The scalar types under test.
// ---------------------------------------------------------------------------------------

/// A scalar type under test: conversions and the resolution that tolerances come from.
pub(crate) trait TestScalar: Scalar + PartialEq + Send + Sync + 'static {
    /// For messages.
    const NAME: &'static str;
    /// The resolution near 1: the machine epsilon of a float, `2^-frac` for fixed point.
    const EPS: f64;
    /// Whether rounding is relative (floats) or absolute (fixed point).
    const FLOAT: bool;
    /// The coordinate range the generated tests use: squared distances between any two
    /// generated points (`(2·RANGE)²·2`) must fit the type, because
    /// `Segment::distance_squared` returns a narrow scalar.
    const RANGE: f64;
    /// Generated coordinates are multiples of `2^-GRID_BITS`: exactly representable.
    const GRID_BITS: i32;

    /// The value nearest `x` (panics when `x` is out of range: a test bug).
    fn from_f64(x: f64) -> Self;
    /// The value as an f64 (exact for everything the tests generate, except that
    /// I32F32/I48F16 results may carry more bits than an f64 holds).
    fn to_f64(self) -> f64;
    /// The exact value, or `None` for NaN and infinities.
    fn to_d(self) -> Option<D>;
    /// The exact value as a rational, or `None` for NaN and infinities.
    fn to_q(self) -> Option<Q> {
        self.to_d().map(|d| d.to_q())
    }

    /// An absolute tolerance of `k` units of rounding for a quantity computed from inputs of
    /// magnitude `m`. Floats round relative to the magnitude: `k · eps · m`. Fixed point
    /// rounds in absolute steps of `2^-frac`, and a unit normal rounded to that step and then
    /// scaled by a length `m` errs by `m · 2^-frac`: so `k · 2^-frac · (1 + m)`.
    fn tol(k: f64, m: f64) -> f64 {
        if Self::FLOAT {
            k * Self::EPS * m
        } else {
            k * Self::EPS * (1.0 + m)
        }
    }
}

impl TestScalar for f64 {
    const NAME: &'static str = "f64";
    const EPS: Self = Self::EPSILON;
    const FLOAT: bool = true;
    const RANGE: Self = 1.0e6;
    const GRID_BITS: i32 = 24;
    fn from_f64(x: f64) -> Self {
        x
    }
    fn to_f64(self) -> f64 {
        self
    }
    fn to_d(self) -> Option<D> {
        self.is_finite().then(|| D::f(self))
    }
}

impl TestScalar for f32 {
    const NAME: &'static str = "f32";
    const EPS: f64 = 1.0 / 8_388_608.0; // f32::EPSILON, 2^-23
    const FLOAT: bool = true;
    const RANGE: f64 = 1000.0;
    const GRID_BITS: i32 = 12;
    fn from_f64(x: f64) -> Self {
        x as Self
    }
    fn to_f64(self) -> f64 {
        f64::from(self)
    }
    fn to_d(self) -> Option<D> {
        self.is_finite().then(|| D::f(f64::from(self)))
    }
}

#[cfg(feature = "fixed")]
macro_rules! fixed_test_scalar {
    ($t:ty, $name:expr, $frac:expr, $range:expr, $grid:expr) => {
        impl TestScalar for $t {
            const NAME: &'static str = $name;
            const EPS: f64 = 1.0 / (1_u64 << $frac) as f64;
            const FLOAT: bool = false;
            const RANGE: f64 = $range;
            const GRID_BITS: i32 = $grid;
            fn from_f64(x: f64) -> Self {
                <$t>::checked_from_num(x)
                    .unwrap_or_else(|| panic!("{x} out of range for {}", $name))
            }
            fn to_f64(self) -> f64 {
                self.to_num::<f64>()
            }
            fn to_d(self) -> Option<D> {
                Some(D::new(self.to_bits(), -$frac))
            }
        }
    };
}

// I16F16 holds ±32767: coordinates within ±50 keep squared distances (≤ 2·100²) in range.
#[cfg(feature = "fixed")]
fixed_test_scalar!(fixed::types::I16F16, "I16F16", 16, 50.0, 10);
#[cfg(feature = "fixed")]
fixed_test_scalar!(fixed::types::I32F32, "I32F32", 32, 1.0e4, 20);
#[cfg(feature = "fixed")]
fixed_test_scalar!(fixed::types::I48F16, "I48F16", 16, 1.0e6, 8);

/// `[x, y]` in the scalar type.
pub(crate) fn v<S: TestScalar>(x: f64, y: f64) -> [S; 2] {
    [S::from_f64(x), S::from_f64(y)]
}

/// `x` in the scalar type.
pub(crate) fn s<S: TestScalar>(x: f64) -> S {
    S::from_f64(x)
}

/// The exact value of a scalar (which must be finite).
pub(crate) fn sd<S: TestScalar>(x: S) -> D {
    x.to_d().unwrap_or_else(|| panic!("not finite: {x:?}"))
}

/// An exact point from a vector of the scalar type (which must be finite).
pub(crate) fn pd<S: TestScalar>(p: [S; 2]) -> P {
    P::new(sd(p[0]), sd(p[1]))
}

/// A vector of the scalar type as f64s.
pub(crate) fn pf<S: TestScalar>(p: [S; 2]) -> [f64; 2] {
    [p[0].to_f64(), p[1].to_f64()]
}

/// The exact length of a vector of the scalar type, as an f64.
pub(crate) fn length_of<S: TestScalar>(p: [S; 2]) -> f64 {
    pd(p).length_f64()
}

/// Stamps out one test per scalar type (f32, f64 and, with `fixed`, `I32F32`, `I16F16`,
/// `I48F16`) for each generic body `fn name<S: TestScalar>()`, in a module `name`.
macro_rules! all_scalars {
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
            #[cfg(feature = "fixed")]
            #[test]
            fn i16f16() {
                super::$name::<fixed::types::I16F16>();
            }
            #[cfg(feature = "fixed")]
            #[test]
            fn i48f16() {
                super::$name::<fixed::types::I48F16>();
            }
        }
    )+};
}

/// Like `all_scalars!` for the four types the quickcheck properties run on: f32, f64,
/// `I32F32` and `I16F16`.
macro_rules! qc_scalars {
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
            #[cfg(feature = "fixed")]
            #[test]
            fn i16f16() {
                super::$name::<fixed::types::I16F16>();
            }
        }
    )+};
}

// ---------------------------------------------------------------------------------------
// A deterministic PRNG.
// ---------------------------------------------------------------------------------------

/// `SplitMix64` (Steele, Lea and Flood; the constants of Vigna's `splitmix64.c`): small,
/// fast, and reproducible from its seed. The one generator of the integration tests.
///
/// `tests/determinism.rs` pins hashes of outputs over inputs drawn from this stream, and
/// checks the published test vectors (`splitmix64_test_vectors`): changing the algorithm or
/// the way `below` and `signed_unit` use it moves those pins, and the test vectors say why.
#[derive(Clone, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Self {
        Self(seed)
    }
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in `[0, 1)`.
    pub(crate) fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1_u64 << 53) as f64
    }
    /// Uniform in `[lo, hi)`.
    pub(crate) fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
    /// Uniform in `[-1, 1)`, a multiple of `2^-52`: built from integer bits only, so it is
    /// the same on every platform.
    pub(crate) fn signed_unit(&mut self) -> f64 {
        ((self.next_u64() >> 11) as i64 - (1_i64 << 52)) as f64 / (1_u64 << 52) as f64
    }
    /// Uniform in `0..n`.
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
    /// Uniform in `lo..=hi`.
    pub(crate) fn int(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
    /// `±m · 2^e` with a uniform mantissa in `[1, 2)` and a uniform exponent in `lo..=hi`.
    pub(crate) fn log_uniform(&mut self, lo: i32, hi: i32) -> f64 {
        let e = lo + self.below((hi - lo + 1) as u64) as i32;
        let sign = if self.next_u64() & 1 == 0 { 1.0 } else { -1.0 };
        sign * self.range(1.0, 2.0) * 2f64.powi(e)
    }
}

// ---------------------------------------------------------------------------------------
// The exact reference.
// ---------------------------------------------------------------------------------------

/// Exact geometry, written from the definitions, independent of the crate.
pub(crate) mod exact {
    use super::{D, Frac, H, P, Q};

    /// The parameter of the point of segment `ab` closest to `p`, as `(num, den)`, `den > 0`:
    /// `t = clamp((p − a)·(b − a) / |b − a|², 0, 1)`, and 0 for a zero-length segment.
    pub(crate) fn parameter(a: &P, b: &P, p: &P) -> (D, D) {
        let v = b.sub(a);
        let den = v.len2();
        let num = p.sub(a).dot(&v);
        if den.is_zero() || !num.is_positive() {
            (D::zero(), D::int(1))
        } else if num >= den {
            (D::int(1), D::int(1))
        } else {
            (num, den)
        }
    }

    /// The parameter `t` as an exact rational.
    pub(crate) fn closest_parameter(a: &P, b: &P, p: &P) -> Q {
        let (num, den) = parameter(a, b, p);
        num.to_q() / den.to_q()
    }

    /// The point of segment `ab` closest to `p`: `a + t (b − a)`.
    pub(crate) fn closest_point(a: &P, b: &P, p: &P) -> H {
        let (num, den) = parameter(a, b, p);
        let v = b.sub(a);
        H {
            x: &a.x * &den + &v.x * &num,
            y: &a.y * &den + &v.y * &num,
            w: den,
        }
    }

    /// The squared distance from `p` to segment `ab`.
    pub(crate) fn dist2_point_segment(a: &P, b: &P, p: &P) -> Frac {
        closest_point(a, b, p).dist2(p)
    }

    /// `(b − a) × (c − a)`: positive when `c` is left of `a → b`.
    pub(crate) fn orient(a: &P, b: &P, c: &P) -> D {
        b.sub(a).cross(&c.sub(a))
    }

    /// Whether closed segments `x` and `y` share a point: a proper crossing (strictly
    /// opposite orientations both ways), or an endpoint of one lying on the other.
    pub(crate) fn segments_intersect(xa: &P, xb: &P, ya: &P, yb: &P) -> bool {
        let (o1, o2) = (orient(xa, xb, ya).signum(), orient(xa, xb, yb).signum());
        let (o3, o4) = (orient(ya, yb, xa).signum(), orient(ya, yb, xb).signum());
        if o1 * o2 < 0 && o3 * o4 < 0 {
            return true;
        }
        dist2_point_segment(ya, yb, xa).is_zero()
            || dist2_point_segment(ya, yb, xb).is_zero()
            || dist2_point_segment(xa, xb, ya).is_zero()
            || dist2_point_segment(xa, xb, yb).is_zero()
    }

    /// The four candidate closest pairs `(on x, on y)` of two segments: each endpoint and
    /// its projection on the other segment.
    pub(crate) fn candidate_pairs(xa: &P, xb: &P, ya: &P, yb: &P) -> [(H, H); 4] {
        [
            (xa.h(), closest_point(ya, yb, xa)),
            (xb.h(), closest_point(ya, yb, xb)),
            (closest_point(xa, xb, ya), ya.h()),
            (closest_point(xa, xb, yb), yb.h()),
        ]
    }

    /// For segments that do not intersect: the closest pair `(on x, on y)`, an endpoint of
    /// one and its projection on the other (the smallest of the four).
    pub(crate) fn closest_pair(xa: &P, xb: &P, ya: &P, yb: &P) -> (H, H) {
        let mut best: Option<((H, H), Frac)> = None;
        for (hx, hy) in candidate_pairs(xa, xb, ya, yb) {
            let d2 = hx.dist2_h(&hy);
            if best.as_ref().is_none_or(|(_, b)| d2 < *b) {
                best = Some(((hx, hy), d2));
            }
        }
        best.expect("four candidates").0
    }

    /// The squared distance between closed segments.
    pub(crate) fn dist2_segments(xa: &P, xb: &P, ya: &P, yb: &P) -> Frac {
        if segments_intersect(xa, xb, ya, yb) {
            return Frac::whole(D::zero());
        }
        let (hx, hy) = closest_pair(xa, xb, ya, yb);
        hx.dist2_h(&hy)
    }

    /// The exact answer to a contact query between core `x` and core `y` inflated by `r`.
    #[derive(Clone, Debug)]
    pub(crate) struct Contact {
        /// Whether the shapes touch or overlap (`dist ≤ r`, `r ≥ 0`).
        pub(crate) hit: bool,
        /// Whether they touch exactly (depth exactly 0).
        pub(crate) touching: bool,
        /// The acceptable normal directions (unnormalised), from `y` towards `x`: one when
        /// it is unique, several on an exact tie, the documented direction when the cores
        /// meet at a point of `y` (see `on_segment_normal`).
        pub(crate) normals: Vec<P>,
        /// `r − dist`, or for crossing cores `r` plus the smallest separating translation;
        /// to about 200 bits.
        pub(crate) depth: D,
        /// The closest points of the cores `(on x, on y)`, when the cores do not cross.
        pub(crate) closest: Option<(H, H)>,
    }

    impl Contact {
        fn miss() -> Self {
            Self {
                hit: false,
                touching: false,
                normals: Vec::new(),
                depth: D::zero(),
                closest: None,
            }
        }
    }

    /// `+x`.
    pub(crate) fn unit_x() -> P {
        P::new(D::int(1), D::zero())
    }

    /// The documented direction for a point exactly on segment `ab`: its left normal
    /// (`b − a` turned counter-clockwise), or `+x` when `a == b`.
    pub(crate) fn on_segment_normal(a: &P, b: &P) -> P {
        let n = b.sub(a).perp();
        if n.is_zero() { unit_x() } else { n }
    }

    /// Point `p` (core `x`) against segment `ab` (core `y`), inflated by `r`.
    pub(crate) fn point_segment(p: &P, a: &P, b: &P, r: &D) -> Contact {
        let q = closest_point(a, b, p);
        let d = q.to(p);
        let d2 = q.dist2(p);
        if r.is_negative() || !d2.le_square(r) {
            return Contact::miss();
        }
        let normal = if d.is_zero() {
            on_segment_normal(a, b)
        } else {
            d
        };
        Contact {
            hit: true,
            touching: d2.eq_square(r),
            normals: vec![normal],
            depth: r - d2.sqrt(),
            closest: Some((p.h(), q)),
        }
    }

    /// Segment `ab` (core `x`) against point `p` (core `y`): the mirror image, so that the
    /// normal still points from `y` to `x`.
    pub(crate) fn segment_point(a: &P, b: &P, p: &P, r: &D) -> Contact {
        let mut c = point_segment(p, a, b, r);
        c.normals = c.normals.iter().map(P::neg).collect();
        c.closest = c.closest.map(|(x, y)| (y, x));
        c
    }

    /// Point `x` against point `y`, inflated by `r`; `+x` when they coincide.
    pub(crate) fn point_point(x: &P, y: &P, r: &D) -> Contact {
        point_segment(x, y, y, r)
    }

    /// Segment `x` against segment `y`, inflated by `r`.
    ///
    /// Disjoint cores: the normal joins the closest points. Crossing cores: the smallest
    /// translation of `x` that separates them. Their Minkowski difference is a
    /// parallelogram with edge normals `±n_x`, `±n_y`; moving `x` along a unit `m` by
    /// `h(m) + r`, where `h(m) = max_y y·m − min_x x·m` (support functions), separates the
    /// cores by `r`, and the depth is the smallest of these. A core that is a single point
    /// is a point (so it has no normal of its own).
    pub(crate) fn segment_segment(xa: &P, xb: &P, ya: &P, yb: &P, r: &D) -> Contact {
        if r.is_negative() {
            return Contact::miss();
        }
        if xa == xb && ya == yb {
            return point_point(xa, ya, r);
        }
        if !segments_intersect(xa, xb, ya, yb) {
            let (hx, hy) = closest_pair(xa, xb, ya, yb);
            let d2 = hx.dist2_h(&hy);
            if !d2.le_square(r) {
                return Contact::miss();
            }
            return Contact {
                hit: true,
                touching: d2.eq_square(r),
                normals: vec![hx.minus(&hy)],
                depth: r - d2.sqrt(),
                closest: Some((hx, hy)),
            };
        }
        // Crossing (or touching): candidate directions m (not normalised); the depth along
        // m / |m| is r + h(m) / |m|.
        let mut candidates: Vec<(P, Frac)> = Vec::new();
        for n in [yb.sub(ya).perp(), xb.sub(xa).perp()] {
            if n.is_zero() {
                continue;
            }
            for m in [n.clone(), n.neg()] {
                let max_y = ya.dot(&m).max(yb.dot(&m));
                let min_x = xa.dot(&m).min(xb.dot(&m));
                let h = max_y - min_x;
                assert!(!h.is_negative(), "support of a set containing the origin");
                // (h / |m|)², compared exactly.
                let key = Frac {
                    num: h.square(),
                    den: m.len2(),
                };
                candidates.push((m, key));
            }
        }
        let best = candidates
            .iter()
            .map(|(_, k)| k.clone())
            .min()
            .expect("a proper core");
        let normals = candidates
            .iter()
            .filter(|(_, k)| *k == best)
            .map(|(m, _)| m.clone())
            .collect();
        Contact {
            hit: true,
            touching: best.is_zero() && r.is_zero(),
            normals,
            depth: r + best.sqrt(),
            closest: None,
        }
    }
}

/// How deep cores `x` and `y` inflated by `r ≥ 0` overlap: `r − dist` when the cores are
/// apart (negative when the shapes are apart), and for crossing cores the depth of the
/// smallest separating translation.
pub(crate) fn overlap(xa: &P, xb: &P, ya: &P, yb: &P, r: &D) -> D {
    if exact::segments_intersect(xa, xb, ya, yb) {
        exact::segment_segment(xa, xb, ya, yb, r).depth
    } else {
        r - exact::dist2_segments(xa, xb, ya, yb).sqrt()
    }
}

/// Checks a crate contact against the exact one: the same decision, a unit normal within
/// `normal_tol` of an acceptable exact normal, and a depth within `depth_tol`. Returns the
/// normal error and the absolute depth error (0, 0 on a miss).
pub(crate) fn compare_contact<S: TestScalar>(
    what: &str,
    got: Option<capsule2d::Contact<[S; 2]>>,
    want: &exact::Contact,
    normal_tol: f64,
    depth_tol: f64,
) -> (f64, f64) {
    match (got, want.hit) {
        (None, false) => (0.0, 0.0),
        (Some(c), true) => {
            let n = pf(c.normal);
            assert!(
                n[0].is_finite() && n[1].is_finite(),
                "{what}: non-finite normal {c:?}"
            );
            let n_err = want
                .normals
                .iter()
                .map(|dir| normal_error(n, dir))
                .fold(f64::INFINITY, f64::min);
            let depth = c
                .depth
                .to_d()
                .unwrap_or_else(|| panic!("{what}: non-finite depth {c:?}"));
            let d_err = (depth - &want.depth).abs().to_f64();
            assert!(
                n_err <= normal_tol,
                "{what}: normal {n:?} is {n_err:e} from the exact {:?}; {c:?}",
                want.normals.iter().map(P::unit_f64).collect::<Vec<_>>()
            );
            assert!(
                d_err <= depth_tol,
                "{what}: depth {:?} is {d_err:e} from the exact {}; {c:?}",
                c.depth,
                want.depth.to_f64()
            );
            (n_err, d_err)
        }
        (got, hit) => panic!("{what}: crate says {got:?}, the exact decision is hit = {hit}"),
    }
}
