//! The deterministic generator of the crate's unit tests (`SplitMix64`), in one place.
// Its users test float or fixed-point queries: with neither feature, nothing draws.
#![cfg_attr(
    not(any(feature = "std", feature = "libm", feature = "fixed")),
    allow(dead_code)
)]

/// `SplitMix64`, seeded by its state.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    /// The next 64 random bits.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`, on a grid of `2⁻⁵³`.
    #[cfg_attr(
        not(any(feature = "std", feature = "libm")),
        allow(dead_code, reason = "the fixed-point tests draw raw integers only")
    )]
    pub(crate) fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1_u64 << 53) as f64
    }

    /// Uniform in `[lo, hi)` (for the tests that need `std`).
    #[cfg(feature = "std")]
    pub(crate) fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
}

/// The point–segment regimes of the fast paths' tests: `(name, parameter range along the
/// segment, offset range across it)`, for [`Rng::segment_and_point`]. The first four are
/// common inputs, on which the fast paths must take nearly every query; the last two lie
/// within rounding of a region's boundary.
#[cfg(feature = "std")]
pub(crate) const SEGMENT_REGIMES: [(&str, (f64, f64), f64); 6] = [
    (
        "benchmark: t in [-0.25, 1.25), off in [-3, 3)",
        (-0.25, 1.25),
        3.0,
    ),
    ("random regions, far: t in [-10, 10)", (-10.0, 10.0), 1000.0),
    ("near the line: off in [-1e-6, 1e-6)", (-0.25, 1.25), 1e-6),
    (
        "near b: t in [1 - 1e-6, 1 + 1e-6)",
        (1.0 - 1e-6, 1.0 + 1e-6),
        1e-3,
    ),
    (
        "at b: t in [1 - 1e-14, 1 + 1e-14)",
        (1.0 - 1e-14, 1.0 + 1e-14),
        1e-3,
    ),
    ("on the line: off in [-1e-15, 1e-15)", (-0.25, 1.25), 1e-15),
];

#[cfg(feature = "std")]
impl Rng {
    /// A segment `ab` of length in `[0.5, 10)` with `a` in `[-10, 10)²`, and a point at
    /// parameter `t` in `t_range` along it and offset across it by up to `off_range`.
    pub(crate) fn segment_and_point(
        &mut self,
        t_range: (f64, f64),
        off_range: f64,
    ) -> ([f64; 2], [f64; 2], [f64; 2]) {
        let a = [self.uniform(-10.0, 10.0), self.uniform(-10.0, 10.0)];
        let angle = self.uniform(0.0, core::f64::consts::TAU);
        let length = self.uniform(0.5, 10.0);
        let (ux, uy) = (angle.cos(), angle.sin());
        let b = [a[0] + length * ux, a[1] + length * uy];
        let (t, off) = (
            self.uniform(t_range.0, t_range.1),
            self.uniform(-off_range, off_range),
        );
        let p = [
            a[0] + t * length * ux - off * uy,
            a[1] + t * length * uy + off * ux,
        ];
        (a, b, p)
    }
}
