//! Runtime dispatch of the batch passes to the widest vector unit the CPU has.
//!
//! The batch filters are plain branch-free loops that the compiler vectorises on its own
//! (see `filter.rs`). Compiled for the baseline x86-64 target, that means
//! SSE2: four `f32` or two `f64` lanes. With the `simd` feature, [`vectorized!`] runs the
//! same loop inside a function compiled for AVX-512 or AVX2 when the CPU has them (checked
//! once per process, then one cached load per call), through `fearless_simd`'s safe
//! `vectorize`, so this crate keeps `forbid(unsafe_code)`.
//!
//! The answers do not change, bit for bit. Rust never contracts `a * b + c` into a fused
//! multiply-add and never reassociates, so every lane computes the IEEE operations the
//! scalar code names, whatever the vector width; AVX2's FMA unit goes unused by these
//! loops. The batch tests compare every element with the single query, and they run under
//! `--all-features` on whatever level the test machine has.
//!
//! Without the feature, or on other architectures, [`vectorized!`] just runs the loop
//! (compiled for the target's baseline, or for `-C target-cpu=…`).

/// Evaluates `$pass`, a call of an `#[inline(always)]` loop, compiled for the widest
/// vector unit available: AVX-512 or AVX2 (with the `simd` feature, on x86 and x86-64),
/// or the compilation target's baseline.
///
/// A macro, not a function taking a closure: each level gets a closure of its own,
/// called from one place only, so that the compiler inlines it, and the loop with it,
/// into that level's `#[target_feature]` function. One closure shared by the three
/// calls stayed out of line, compiled for the baseline (measured: 3x slower than SSE2).
macro_rules! vectorized {
    ($pass:expr) => {{
        #[cfg(all(feature = "simd", any(target_arch = "x86", target_arch = "x86_64")))]
        {
            use fearless_simd::{Level, Simd};
            let level = Level::new();
            if let Some(avx512) = level.as_avx512() {
                avx512.vectorize(|| $pass)
            } else if let Some(avx2) = level.as_avx2() {
                avx2.vectorize(|| $pass)
            } else {
                $pass
            }
        }
        #[cfg(not(all(feature = "simd", any(target_arch = "x86", target_arch = "x86_64"))))]
        {
            $pass
        }
    }};
}
pub(super) use vectorized;

#[cfg(all(
    test,
    feature = "simd",
    any(target_arch = "x86", target_arch = "x86_64")
))]
mod tests {
    use super::super::filter::{Prepared, tolerance};
    use crate::num::Scalar;
    use crate::test_rng::Rng;
    use fearless_simd::{Level, Simd};
    use std::vec::Vec;

    /// The filter and the closest point over `n` points near a segment, as bits.
    #[inline(always)]
    fn pass<T: Scalar + Into<f64>>(
        points: &[[T; 2]],
        radii: &[T],
        a: [T; 2],
        b: [T; 2],
    ) -> Vec<u64> {
        let tol = tolerance::<T>().unwrap_or_else(|| unreachable!("floats have a tolerance"));
        let segment = Prepared::new(a, b, &tol);
        let mut out = Vec::with_capacity(points.len());
        for (&p, &r) in points.iter().zip(radii) {
            let (inside, sure) = segment.within(p, r, T::ZERO, &tol);
            let (q, exact) = segment.closest(p, &tol);
            let flags = u64::from(inside) | u64::from(sure) << 1 | u64::from(exact) << 2;
            out.push(flags ^ q[0].into().to_bits() ^ q[1].into().to_bits().rotate_left(17));
        }
        out
    }

    /// Every vector level the CPU has gives the baseline's answers, bit for bit: the
    /// claim `vectorized!` rests on (no contraction into FMA, no reassociation).
    fn same_on_every_level<T: Scalar + Into<f64>>(from: fn(f64) -> T) {
        let mut rng = Rng(99);
        for _ in 0..20 {
            let mut point = || [from(rng.uniform(-6.0, 6.0)), from(rng.uniform(-6.0, 6.0))];
            let (a, b) = (point(), point());
            let points: Vec<[T; 2]> = (0..1000).map(|_| point()).collect();
            let radii: Vec<T> = (0..1000).map(|i| from(f64::from(i % 40) / 8.0)).collect();
            let baseline = pass(&points, &radii, a, b);
            let level = Level::new();
            if let Some(avx512) = level.as_avx512() {
                assert_eq!(avx512.vectorize(|| pass(&points, &radii, a, b)), baseline);
            }
            if let Some(avx2) = level.as_avx2() {
                assert_eq!(avx2.vectorize(|| pass(&points, &radii, a, b)), baseline);
            }
            assert!(baseline.iter().any(|&x| x & 1 == 1), "some circles touch");
        }
    }

    #[test]
    fn f32_same_on_every_level() {
        same_on_every_level(|x| x as f32);
    }

    #[test]
    fn f64_same_on_every_level() {
        same_on_every_level(|x| x);
    }
}
