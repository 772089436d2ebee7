//! The `f64` contact features of a point and a segment (`docs/numerics.md`, "Fast paths
//! (f32)", its `f64` paragraph): the careful path's own arithmetic (`query/project.rs`),
//! bit for bit, on its common case only, written out on plain values instead of the
//! generic projection's record and its normal, so that they stay in registers; `None` for
//! every other case, which the careful path answers as before.
//!
//! Unlike `f32`'s fast paths (`num/fast.rs`), this one has no wider type to evaluate in,
//! so it does not round differently: every value is computed by the same operations in
//! the same order as the careful path, the answers agree bit for bit (the golden hashes of
//! `tests/determinism.rs` hold it, and the test below compares them over seven regimes at
//! nine scales), and every accuracy figure of the careful path carries over unchanged.
//!
//! The common case: inputs in the scale-free range (nothing rescaled, no difference
//! overflows, no NaN), and nothing the careful path would ask more: no exact orientation
//! (a point within rounding of the segment's line), no end region within rounding of its
//! boundary, no rescaled length. The same written-out form of the point–segment
//! distance measured no faster than the careful path's, and was not kept.

use super::float::pow2_f64;

/// The range of the largest magnitude among `p − a` and `b − a` that the fast path takes:
/// `[2^-450, 2^448)`, inside the careful projection's scale-free range `[2^-450, 2^450)`
/// (`Scalar::scale_free`), where it rescales nothing. Short of its top, so that `p − b`,
/// below `2^449` (rounding included), stays inside it too.
const RANGE: (f64, f64) = (pow2_f64(448), pow2_f64(-450));

/// `2^-896`: a squared segment length `|v|² ≥ 2^-896` puts its largest component at
/// `2^-448.5` or more, inside the scale-free range (the careful normal's test on the
/// segment, and the step from `b`'s on `p − b` and `a − b`), with one comparison on a value
/// at hand.
const LENGTH_SQ_FLOOR: f64 = pow2_f64(-896);

/// `f64`'s `gap_tolerance`: `m²·2^-44` plus the smallest normal.
#[inline(always)]
fn gap_tolerance(magnitude: f64) -> f64 {
    magnitude * magnitude * pow2_f64(-44) + f64::MIN_POSITIVE
}

/// The largest magnitude among `values`, as `largest_magnitude` folds it (a NaN loses).
#[inline(always)]
fn largest_magnitude<const N: usize>(values: [f64; N]) -> f64 {
    values
        .iter()
        .fold(0.0, |m, x| if x.abs() > m { x.abs() } else { m })
}

/// `(x, y)/|(x, y)|` where the squared length is normal and finite (the careful
/// `normalize`'s own first branch), else `None`.
#[inline(always)]
fn unit(x: f64, y: f64) -> Option<[f64; 2]> {
    let squared = x * x + y * y;
    if !(squared > pow2_f64(-900) && squared <= f64::MAX) {
        return None;
    }
    let length = <f64 as super::Scalar>::sqrt(squared);
    Some([x / length, y / length])
}

/// The region of the careful projection.
#[derive(Clone, Copy, PartialEq)]
enum Region {
    /// `(p − a)·v ≤ 0`: the start `a`.
    Start,
    /// `(p − a)·v ≥ |v|²`, by more than its rounding.
    End,
    /// `(p − a)·v ≥ |v|²` within its rounding (`end_uncertain`): the careful normal asks
    /// again, with `(p − b)·(a − b)`.
    EndUncertain,
    /// The interior, with `p` off the line (a zero cross product, which would need the
    /// exact orientation, is left to the careful path).
    Interior,
    /// The interior by `(p − a)·v`, but at `b` or beyond by `(p − b)·(a − b)`: the careful
    /// projection calls it the end (its closest point is `b` either way).
    StepBeyond,
}

/// The careful projection's values that its normal reads.
#[derive(Clone, Copy)]
struct Projected {
    closest: [f64; 2],
    region: Region,
    /// `w = p − a` and `v = b − a`, as `[w_x, w_y, v_x, v_y]`.
    frame: [f64; 4],
    /// `v × w` (0 in the end regions, where it is not read).
    cross: f64,
    /// The largest magnitude in `frame`.
    largest: f64,
    /// `|v|²`.
    length_sq: f64,
}

/// The careful projection of `p` onto `ab` (`project`), on its common case. `None`
/// outside the scale-free range, for a NaN, and for a `p` whose cross product is zero in
/// the interior.
#[inline(always)]
fn project(a: [f64; 2], b: [f64; 2], p: [f64; 2]) -> Option<Projected> {
    let [ax, ay] = a;
    let [bx, by] = b;
    let [px, py] = p;
    let (vx, vy) = (bx - ax, by - ay);
    let (wx, wy) = (px - ax, py - ay);
    let largest = largest_magnitude([wx, wy, vx, vy]);
    if !(largest < RANGE.0 && largest >= RANGE.1) {
        return None;
    }
    let along = wx * vx + wy * vy;
    let length_sq = vx * vx + vy * vy;
    let frame = [wx, wy, vx, vy];
    if !(along > 0.0) {
        // A NaN input makes `along` NaN (the magnitudes above let it through).
        return (!along.is_nan()).then_some(Projected {
            closest: a,
            region: Region::Start,
            frame,
            cross: 0.0,
            largest,
            length_sq,
        });
    }
    if !(along < length_sq) {
        let region = if along - length_sq > gap_tolerance(largest) {
            Region::End
        } else {
            Region::EndUncertain
        };
        return Some(Projected {
            closest: b,
            region,
            frame,
            cross: 0.0,
            largest,
            length_sq,
        });
    }
    let cross = vx * wy - vy * wx;
    if cross == 0.0 {
        return None;
    }
    if along + along <= length_sq {
        let t = along / length_sq;
        return Some(Projected {
            closest: [ax + vx * t, ay + vy * t],
            region: Region::Interior,
            frame,
            cross,
            largest,
            length_sq,
        });
    }
    // `a − b = −v` exactly, and `|p − b| ≤ 2^449` for `p − a` and `v` below `2^448`: with
    // `|v|²` above the floor, nothing here is rescaled either.
    if !(length_sq >= LENGTH_SQ_FLOOR) {
        return None;
    }
    let (ux, uy) = (px - bx, py - by);
    let (back_x, back_y) = (ax - bx, ay - by);
    let along_b = ux * back_x + uy * back_y;
    let length_b = back_x * back_x + back_y * back_y;
    // `unit_ratio`, whose first branch takes a NaN.
    let s = if !(along_b > 0.0) {
        0.0
    } else if !(along_b < length_b) {
        1.0
    } else {
        along_b / length_b
    };
    let region = if along_b > 0.0 {
        Region::Interior
    } else {
        Region::StepBeyond
    };
    Some(Projected {
        closest: [bx - vx * s, by - vy * s],
        region,
        frame,
        cross,
        largest,
        length_sq,
    })
}

/// The nearest features of `p` and segment `ab` for a contact, for `f64`: the unit normal
/// from the segment towards `p`, their distance, and the segment's point nearest `p`, as
/// the careful projection and its normal (`Projection::normal`) give them, bit for bit;
/// `None` off the common case (see the module docs), and where the careful normal would
/// ask more: an end region within rounding of its boundary, a `p` within the gap
/// tolerance of the line (its side then needs the exact orientation), a segment or offset
/// whose squared length is not normal, and a zero-length segment.
#[inline(always)]
pub(crate) fn segment_features_f64(
    a: [f64; 2],
    b: [f64; 2],
    p: [f64; 2],
) -> Option<([f64; 2], f64, [f64; 2])> {
    let Projected {
        closest,
        region,
        frame: [wx, wy, vx, vy],
        cross,
        largest,
        length_sq,
    } = project(a, b, p)?;
    // The end normal's own rescaling test, on the segment alone.
    if !(length_sq >= LENGTH_SQ_FLOOR) {
        return None;
    }
    match region {
        Region::Start => {
            let [nx, ny] = unit(wx, wy)?;
            Some(([nx, ny], wx * nx + wy * ny, a))
        }
        Region::End => {
            let (ux, uy) = (p[0] - b[0], p[1] - b[1]);
            let [nx, ny] = unit(ux, uy)?;
            Some(([nx, ny], ux * nx + uy * ny, b))
        }
        Region::Interior => {
            if !(cross.abs() > gap_tolerance(largest)) {
                return None;
            }
            let [nx, ny] = unit(-vy, vx)?;
            // `left_normal`'s positive zeros, then turned to `p`'s side.
            let (nx, ny) = (nx + 0.0, ny + 0.0);
            let (nx, ny) = if cross < 0.0 { (-nx, -ny) } else { (nx, ny) };
            Some(([nx, ny], (wx * nx + wy * ny).abs(), closest))
        }
        Region::EndUncertain | Region::StepBeyond => None,
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    //! Bit for bit against the careful path, on every input the fast paths accept.
    use super::segment_features_f64;
    use crate::query::project::project;
    use crate::test_rng::{Rng, SEGMENT_REGIMES};

    /// The regimes: [`SEGMENT_REGIMES`], and a `p` within `10⁻⁹` of the start.
    const REGIMES: [(&str, (f64, f64), f64); 7] = [
        SEGMENT_REGIMES[0],
        SEGMENT_REGIMES[1],
        SEGMENT_REGIMES[2],
        SEGMENT_REGIMES[3],
        ("near a: t in [-1e-9, 1e-9)", (-1e-9, 1e-9), 1e-3),
        SEGMENT_REGIMES[4],
        SEGMENT_REGIMES[5],
    ];

    /// Whether the fast path must take regime `i` (the first five) nearly always.
    fn common(i: usize) -> bool {
        i < 5
    }

    /// Every magnitude: the scale-free range, its edges, and beyond them.
    const SCALES: [f64; 9] = [
        1.0, 1e-140, 1e130, 8.7e-133, 1.1e134, 4.5e133, 2.2e-137, 1e200, 1e-300,
    ];

    /// Runs `check` on 5,000 inputs of every regime at every scale and returns the share
    /// it accepted in each regime at scale 1.
    fn by_regime(
        seed: u64,
        mut check: impl FnMut([f64; 2], [f64; 2], [f64; 2]) -> bool,
    ) -> [f64; 7] {
        let mut rng = Rng(seed);
        let mut rates = [0.0; 7];
        for (i, (_, t_range, off_range)) in REGIMES.into_iter().enumerate() {
            for scale in SCALES {
                let mut hits = 0;
                for _ in 0..5_000 {
                    let (a, b, p) = rng.segment_and_point(t_range, off_range);
                    let scaled = |q: [f64; 2]| q.map(|c| c * scale);
                    let (a, b, p) = (scaled(a), scaled(b), scaled(p));
                    hits += usize::from(check(a, b, p));
                }
                if scale == 1.0 {
                    rates[i] = hits as f64 / 5_000.0;
                }
            }
        }
        rates
    }

    #[test]
    fn contact_features_are_the_careful_paths_bit_for_bit() {
        let bits = |(n, d, q): ([f64; 2], f64, [f64; 2])| {
            (n.map(f64::to_bits), d.to_bits(), q.map(f64::to_bits))
        };
        let rates = by_regime(23, |a, b, p| {
            let Some(fast) = segment_features_f64(a, b, p) else {
                return false;
            };
            let projection = project(a, b, p);
            let (normal, distance) = projection.normal(a, b, p);
            assert_eq!(
                bits(fast),
                bits((normal, distance, projection.closest)),
                "{a:?} {b:?} {p:?}"
            );
            true
        });
        for (i, ((name, ..), rate)) in REGIMES.into_iter().zip(rates).enumerate() {
            std::eprintln!(
                "f64 contact features, {name}: fast path {:.2}%",
                100.0 * rate
            );
            // At `b` the end region is within rounding of its boundary, and on the line
            // the side needs the exact orientation: the careful path asks again.
            assert!(rate > 0.99 || !common(i), "{name}: {rate}");
        }
        // On the segment, at an end, a zero-length segment, non-finite, overflowing
        // differences, and beyond the scale-free range: the careful path answers.
        for (a, b, p) in [
            ([0.0, 0.0], [4.0, 0.0], [1.0, 0.0]),
            ([-1.0, -1.0], [3.0, 3.0], [0.5, 0.5]),
            ([0.0, 0.0], [4.0, 0.0], [4.0, 0.0]),
            ([0.0, 0.0], [4.0, 0.0], [0.0, 0.0]),
            ([2.0, 2.0], [2.0, 2.0], [5.0, 6.0]),
            ([0.0, 0.0], [4.0, 0.0], [f64::NAN, 1.0]),
            ([0.0, 0.0], [f64::NAN, 0.0], [1.0, 1.0]),
            ([0.0, 0.0], [f64::INFINITY, 0.0], [1.0, 1.0]),
            ([-1.7e308, 0.0], [-1.7e308, 1.0], [1.7e308, 0.0]),
            ([0.0, 0.0], [1e300, 0.0], [1.0, 1.0]),
            ([0.0, 0.0], [1e-300, 0.0], [1e-300, 1e-300]),
        ] {
            assert_eq!(segment_features_f64(a, b, p), None, "{a:?} {b:?} {p:?}");
        }
        // The interior on either side, beyond each end: the plain answers, with the
        // careful path's signs of zero.
        for (a, b, p, expected) in [
            (
                [0.0, 0.0],
                [4.0, 0.0],
                [1.0, -2.5],
                ([-0.0, -1.0], 2.5, [1.0, 0.0]),
            ),
            (
                [0.0, 0.0],
                [4.0, 0.0],
                [3.0, 2.5],
                ([0.0, 1.0], 2.5, [3.0, 0.0]),
            ),
            (
                [0.0, 0.0],
                [4.0, 0.0],
                [7.0, 4.0],
                ([0.6, 0.8], 5.0, [4.0, 0.0]),
            ),
            (
                [0.0, 0.0],
                [4.0, 0.0],
                [-3.0, -4.0],
                ([-0.6, -0.8], 5.0, [0.0, 0.0]),
            ),
        ] {
            let got = segment_features_f64(a, b, p).expect("certified");
            assert_eq!(bits(got), bits(expected), "{a:?} {b:?} {p:?}");
        }
    }
}
