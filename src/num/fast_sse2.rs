//! The `f32` closest point's certified fast path ([`super::fast::closest_on_segment_f32`])
//! and the `f32` segment pair's ([`super::fast_pair::segment_pair_bits`]) written for
//! SSE2's packed `f64` pairs, which every x86-64 CPU has: the same operations in the same
//! order, so the same answers bit for bit, in about half the vector instructions
//! (`docs/numerics.md`, "Fast paths (f32)").
//!
//! The segment pair's scale, the largest of its eight coordinates' magnitudes, is reduced
//! as a tree of packed `f32` maxima (`maxps`), three steps deep, where the portable fold
//! chains eight comparisons. The scale sits at the head of the certificate's bounds, and
//! the query is bound by the length of that chain: segment–segment distance on the Zen 4
//! went from 21.0 to 19.4 ns per query at 65536 inputs, and from 20.9 to 19.4 at 1024.
//!
//! The intrinsics come from `safe_arch`, which offers `core::arch` as safe functions behind
//! `#[cfg(target_feature)]`: this crate keeps `forbid(unsafe_code)`. The module is compiled
//! for x86-64 only (every x86-64 CPU has SSE2; 32-bit x86 lacks the 64-bit move from a
//! vector register that the selects use); elsewhere the portable function answers.
//!
//! Why the layout matters: written on scalars, the compiler packs the wrong pairs (`b` with
//! `p` rather than `x` with `y`) and spends a dozen shuffles on it. Here `x` and `y` share a
//! register from the load (`cvtps2pd` widens both at once) to the store, and the region
//! selects act on the answer's 64 bits in an integer register, where `cmov` is free of the
//! vector unit that the rest of the query keeps busy. The careful path sits out of line
//! (`#[cold]`), so that nothing is kept alive for it.

use super::fast::select;
use super::fast_pair::{
    GAP_BOUND, bits_pair, nearest_candidate, orientations, pair_answer, pair_bits,
};
use safe_arch::{
    add_m128d, bitand_m128d, bitandnot_m128, bitandnot_m128d, bitor_m128d, bitxor_m128d,
    cast_to_m128i_from_m128, cmp_gt_mask_m128d, cmp_lt_mask_m128d, convert_to_m128_from_m128d,
    convert_to_m128d_from_lower2_m128, div_m128d, get_f32_from_m128_s, get_f64_from_m128d_s,
    get_i64_from_m128i_s, m128, m128d, max_m128, mul_m128d, set_splat_m128, set_splat_m128d,
    shuffle_abi_f32_all_m128, shuffle_abi_f64_all_m128d, sub_m128d, unpack_high_m128d,
    unpack_low_m128d,
};

/// `2^-50`, the certificate's bound on the cross product's rounding, as in
/// [`super::fast::closest_on_segment_f32`].
const CROSS_BOUND: f64 = 1.0 / (1u64 << 50) as f64;

/// `[x, y]` widened exactly to a pair of `f64`.
#[inline(always)]
fn widen(p: [f32; 2]) -> m128d {
    convert_to_m128d_from_lower2_m128(m128::from_array([p[0], p[1], 0.0, 0.0]))
}

/// `[x, y]` widened exactly, as two `f64`.
#[inline(always)]
pub(crate) fn widen_lanes(p: [f32; 2]) -> [f64; 2] {
    lanes(widen(p))
}

/// Two `f64` rounded once each to `f32`, in one instruction.
#[inline(always)]
pub(crate) fn narrow_lanes(p: [f64; 2]) -> [f32; 2] {
    bits_pair(narrow_bits(m128d::from_array(p)))
}

/// The pair rounded once to `f32`, as the 64 bits of `[x, y]` (`x` in the low half).
#[inline(always)]
fn narrow_bits(q: m128d) -> u64 {
    get_i64_from_m128i_s(cast_to_m128i_from_m128(convert_to_m128_from_m128d(q))) as u64
}

/// The point of segment `ab` nearest `p`: the plain algorithm where its certificate holds,
/// `careful(a, b, p)` elsewhere. Bit for bit [`super::fast::closest_on_segment_f32`] where
/// that certifies its answer, and the same certificate: `p` lies off the line `ab` by more
/// than the rounding of the `f64` cross product `v × w` (`v = b − a`, `w = p − a`).
///
/// The certificate is written `|x₀ − x₁| > 2^-50 |x₀ + x₁|` with `x₀ = v_x w_y` and
/// `x₁ = v_y w_x`, which decides as `|x₀ − x₁| > 2^-50 (|x₀| + |x₁|)` does: where the two
/// products share a sign the right-hand sides are the same rounded value, and where they
/// do not, both sides hold exactly when the cross product is not zero (`|x₀ + x₁|` is then
/// below `|x₀ − x₁|`). NaN and infinite products fail both.
#[inline(always)]
pub(crate) fn closest_on_segment_or_f32<F>(
    a: [f32; 2],
    b: [f32; 2],
    p: [f32; 2],
    careful: F,
) -> [f32; 2]
where
    F: FnOnce([f32; 2], [f32; 2], [f32; 2]) -> [f32; 2],
{
    let (a_pair, b_pair, p_pair) = (widen(a), widen(b), widen(p));
    let v = sub_m128d(b_pair, a_pair);
    let w = sub_m128d(p_pair, a_pair);
    // [v_x w_y, v_y w_x]
    let cross_terms = mul_m128d(v, shuffle_abi_f64_all_m128d::<1>(w, w));
    let x0 = get_f64_from_m128d_s(cross_terms);
    let x1 = get_f64_from_m128d_s(unpack_high_m128d(cross_terms, cross_terms));
    if !((x0 - x1).abs() > (x0 + x1).abs() * CROSS_BOUND) {
        return careful_out_of_line(careful, a_pair, b_pair, p_pair);
    }
    // [(p − a)·v, |v|²]: [w_x v_x, v_x v_x] + [w_y v_y, v_y v_y]
    let (wv, vv) = (mul_m128d(w, v), mul_m128d(v, v));
    let sums = add_m128d(unpack_low_m128d(wv, vv), unpack_high_m128d(wv, vv));
    let along = get_f64_from_m128d_s(sums);
    let length_sq = get_f64_from_m128d_s(unpack_high_m128d(sums, sums));
    let t = along / length_sq;
    let interior = narrow_bits(add_m128d(a_pair, mul_m128d(v, set_splat_m128d(t))));
    let end = core::hint::select_unpredictable(along < length_sq, interior, pair_bits(b));
    bits_pair(core::hint::select_unpredictable(
        along > 0.0,
        end,
        pair_bits(a),
    ))
}

/// `careful` on the inputs narrowed back to `f32` (exactly: they were widened from it),
/// out of line so that the fast path keeps nothing alive for it.
#[cold]
#[inline(never)]
fn careful_out_of_line<F>(careful: F, a: m128d, b: m128d, p: m128d) -> [f32; 2]
where
    F: FnOnce([f32; 2], [f32; 2], [f32; 2]) -> [f32; 2],
{
    let f32s = |q: m128d| bits_pair(narrow_bits(q));
    careful(f32s(a), f32s(b), f32s(p))
}

/// The two lanes of a pair.
#[inline(always)]
fn lanes(q: m128d) -> [f64; 2] {
    [
        get_f64_from_m128d_s(q),
        get_f64_from_m128d_s(unpack_high_m128d(q, q)),
    ]
}

/// `[p₀ q₁ − p₁ q₀, r₀ s₁ − r₁ s₀]`: two cross products, each rounded as
/// `p[0] * q[1] - p[1] * q[0]` is.
#[inline(always)]
fn crosses(p: m128d, q: m128d, r: m128d, s: m128d) -> m128d {
    let pq = mul_m128d(p, shuffle_abi_f64_all_m128d::<1>(q, q));
    let rs = mul_m128d(r, shuffle_abi_f64_all_m128d::<1>(s, s));
    sub_m128d(unpack_low_m128d(pq, rs), unpack_high_m128d(pq, rs))
}

/// `[p₀ q₀ + p₁ q₁, r₀ s₀ + r₁ s₁]`: two dot products, each rounded as
/// `p[0] * q[0] + p[1] * q[1]` is.
#[inline(always)]
fn dots(p: m128d, q: m128d, r: m128d, s: m128d) -> m128d {
    let (pq, rs) = (mul_m128d(p, q), mul_m128d(r, s));
    add_m128d(unpack_low_m128d(pq, rs), unpack_high_m128d(pq, rs))
}

/// [`super::fast_pair::pair_magnitude`] on SSE's packed `f32`: the same largest magnitude
/// (a NaN coordinate counts as 0, as it loses every comparison there), reduced as a tree of
/// `maxps` rather than a chain of eight comparisons.
#[inline(always)]
fn magnitude([xa, xb, ya, yb]: [[f32; 2]; 4]) -> f64 {
    let zero = set_splat_m128(0.0);
    // `maxps` returns its second operand where either is NaN.
    let abs = |q: m128| max_m128(bitandnot_m128(set_splat_m128(-0.0), q), zero);
    let x = abs(m128::from_array([xa[0], xa[1], xb[0], xb[1]]));
    let y = abs(m128::from_array([ya[0], ya[1], yb[0], yb[1]]));
    let four = max_m128(x, y);
    let two = max_m128(four, shuffle_abi_f32_all_m128::<0b01_00_11_10>(four, four));
    let one = max_m128(two, shuffle_abi_f32_all_m128::<0b10_11_00_01>(two, two));
    f64::from(get_f32_from_m128_s(one))
}

/// `if mask { x } else { y }` lane by lane.
#[inline(always)]
fn blend(mask: m128d, x: m128d, y: m128d) -> m128d {
    bitor_m128d(bitand_m128d(mask, x), bitandnot_m128d(mask, y))
}

/// [`super::fast_pair::segment_pair_bits`] on SSE2 pairs: the same operations in the same order
/// (each lane of a packed operation rounds as the scalar one does), so the same
/// certificate and the same answers bit for bit. `x` and `y` share a register, and two
/// cross or dot products share one subtraction or addition.
#[inline(always)]
pub(crate) fn segment_pair_bits_f32(
    xa: [f32; 2],
    xb: [f32; 2],
    ya: [f32; 2],
    yb: [f32; 2],
) -> Option<(bool, u64, u64)> {
    let m = magnitude([xa, xb, ya, yb]);
    let [xa_bits, xb_bits, ya_bits, yb_bits] = [xa, xb, ya, yb].map(pair_bits);
    let [xa, xb, ya, yb] = [xa, xb, ya, yb].map(widen);
    let (dx, dy) = (sub_m128d(xb, xa), sub_m128d(yb, ya));
    let (aa, ab, ba, bb) = (
        sub_m128d(xa, ya),
        sub_m128d(xa, yb),
        sub_m128d(xb, ya),
        sub_m128d(xb, yb),
    );
    // The orientations stay packed for the gaps below.
    let (orient_x, orient_y) = (crosses(dy, aa, dy, ba), crosses(dx, aa, dx, ab));
    let ([o_xa, o_xb], [o_ya, o_yb]) = (lanes(orient_x), lanes(orient_y));
    let (crossing, crossing_certain, t_crossing) = orientations([o_xa, o_xb, o_ya, o_yb], m)?;
    let crossing_point = narrow_bits(add_m128d(xa, mul_m128d(dx, set_splat_m128d(t_crossing))));
    let lengths_sq = dots(dx, dx, dy, dy);
    let [dxx, dyy] = lanes(lengths_sq);
    // [1 / |dy|², 1 / |dx|²], in the order the gaps take them.
    let inv = div_m128d(
        set_splat_m128d(1.0),
        shuffle_abi_f64_all_m128d::<1>(lengths_sq, lengths_sq),
    );
    let [inv_y, inv_x] = lanes(inv);
    let squares = [dots(aa, aa, ba, ba), dots(ab, ab, bb, bb)];
    let along_x = dots(aa, dy, ba, dy);
    // Negated exactly (the sign bit flipped), as `-dot(…)`.
    let along_y = bitxor_m128d(dots(aa, dx, ab, dx), set_splat_m128d(-0.0));
    let gaps_of = |along: m128d, length_sq: f64, orient: m128d, inv: f64, at_start, at_end| {
        let interior = mul_m128d(mul_m128d(orient, orient), set_splat_m128d(inv));
        let end = blend(
            cmp_lt_mask_m128d(along, set_splat_m128d(length_sq)),
            interior,
            at_end,
        );
        blend(
            cmp_gt_mask_m128d(along, set_splat_m128d(0.0)),
            end,
            at_start,
        )
    };
    let never = set_splat_m128d(f64::INFINITY);
    let [g0, g1] = lanes(gaps_of(
        along_x, dyy, orient_x, inv_y, squares[0], squares[1],
    ));
    let [g2, g3] = lanes(gaps_of(along_y, dxx, orient_y, inv_x, never, never));
    let (best, apart_certain) = nearest_candidate([g0, g1, g2, g3], m * m * GAP_BOUND);
    if !select(crossing, crossing_certain, apart_certain) {
        return None;
    }
    let project = |start: m128d, v: m128d, t: f64, start_bits: u64, end_bits: u64| {
        let interior = narrow_bits(add_m128d(start, mul_m128d(v, set_splat_m128d(t))));
        select(t > 0.0, select(t < 1.0, interior, end_bits), start_bits)
    };
    let [along_0, along_1] = lanes(along_x);
    let [along_2, along_3] = lanes(along_y);
    let onto_y_point = project(
        ya,
        dy,
        [along_0, along_1][best & 1] * inv_y,
        ya_bits,
        yb_bits,
    );
    let onto_x_point = project(
        xa,
        dx,
        [along_2, along_3][best & 1] * inv_x,
        xa_bits,
        xb_bits,
    );
    let ends = [xa_bits, xb_bits, ya_bits, yb_bits];
    Some(pair_answer(
        crossing,
        crossing_point,
        best,
        ends,
        [onto_y_point, onto_x_point],
    ))
}

#[cfg(test)]
mod tests {
    use super::super::fast::closest_on_segment_f32;
    use super::closest_on_segment_or_f32;
    use crate::test_rng::Rng;

    /// A marker the careful path returns, so that the test sees which path answered.
    const CAREFUL: [f32; 2] = [f32::NAN, -7.0];

    /// Whether the certificate held.
    fn agree(a: [f32; 2], b: [f32; 2], p: [f32; 2]) -> bool {
        let packed = closest_on_segment_or_f32(a, b, p, |_, _, _| CAREFUL);
        let (portable, certain) = closest_on_segment_f32(a, b, p);
        let packed_bits = packed.map(f32::to_bits);
        if certain {
            assert_eq!(packed_bits, portable.map(f32::to_bits), "{a:?} {b:?} {p:?}");
        } else {
            assert_eq!(packed_bits, CAREFUL.map(f32::to_bits), "{a:?} {b:?} {p:?}");
        }
        certain
    }

    /// The SSE2 segment pair against the portable one: the same verdict and the same bits,
    /// on random pairs (crossing, apart, near-parallel, touching, at every magnitude) and
    /// special values.
    #[test]
    fn segment_pairs_agree_with_the_portable_path_bit_for_bit() {
        use super::super::fast_pair::segment_pair_bits;
        use super::segment_pair_bits_f32;
        let specials = [
            0.0,
            -0.0,
            1.0,
            -1.0,
            1e-45,
            f32::MAX,
            f32::INFINITY,
            f32::NAN,
        ];
        let mut rng = Rng(0x5e61);
        let mut outcomes = [0_u32; 3];
        for _ in 0..200_000 {
            let scale = 10f64.powi((rng.next() % 40) as i32 - 20);
            let point = |rng: &mut Rng| {
                [0, 1].map(|_| match rng.next() % 16 {
                    0 => specials[(rng.next() % specials.len() as u64) as usize],
                    1 => f32::from_bits(rng.next() as u32),
                    _ => ((rng.unit() * 2.0 - 1.0) * scale) as f32,
                })
            };
            let (xa, xb, ya) = (point(&mut rng), point(&mut rng), point(&mut rng));
            let yb = match rng.next() % 4 {
                // Parallel to x, or through one of its endpoints.
                0 => [ya[0] + (xb[0] - xa[0]), ya[1] + (xb[1] - xa[1])],
                1 => xa,
                _ => point(&mut rng),
            };
            let packed = segment_pair_bits_f32(xa, xb, ya, yb);
            let portable = segment_pair_bits(xa, xb, ya, yb);
            assert_eq!(packed, portable, "{xa:?} {xb:?} {ya:?} {yb:?}");
            outcomes[match portable {
                None => 0,
                Some((false, _, _)) => 1,
                Some((true, _, _)) => 2,
            }] += 1;
        }
        // Every outcome was seen often.
        assert!(outcomes.iter().all(|&n| n > 10_000), "{outcomes:?}");
    }

    /// The packed largest magnitude against the portable one, bit for bit: random bit
    /// patterns (NaNs, infinities, subnormals, zeros of both signs among them) and
    /// special values in every position.
    #[test]
    fn magnitude_agrees_with_the_portable_one_bit_for_bit() {
        use super::super::fast_pair::pair_magnitude;
        use super::magnitude;
        let specials = [
            0.0,
            -0.0,
            1e-45,
            -3.0,
            f32::MAX,
            f32::NEG_INFINITY,
            f32::NAN,
            -f32::NAN,
        ];
        let mut rng = Rng(0x3a61);
        for round in 0..100_000 {
            let points = [0, 1, 2, 3].map(|_| {
                [0, 1].map(|_| match rng.next() % 4 {
                    0 => specials[(rng.next() % specials.len() as u64) as usize],
                    _ => f32::from_bits(rng.next() as u32),
                })
            });
            let (packed, portable) = (magnitude(points), pair_magnitude(points));
            assert_eq!(packed.to_bits(), portable.to_bits(), "{round}: {points:?}");
        }
        // Every coordinate position decides when it is the only nonzero one.
        for i in 0..8 {
            let mut points = [[0.0_f32; 2]; 4];
            points[i / 2][i % 2] = -2.5;
            assert_eq!(magnitude(points), 2.5, "{i}");
        }
    }

    /// The careful path gets the inputs back exactly.
    #[test]
    fn careful_path_sees_the_inputs_unchanged() {
        let (a, b) = ([1.5e-40_f32, -3.0], [f32::MAX, 2.5]);
        let p = a; // on the segment: the certificate fails
        let seen = closest_on_segment_or_f32(a, b, p, |x, y, z| {
            assert_eq!(
                [x, y, z].map(|q| q.map(f32::to_bits)),
                [a, b, p].map(|q| q.map(f32::to_bits))
            );
            [0.25, 0.5]
        });
        assert_eq!(seen, [0.25, 0.5]);
    }

    /// Bit for bit the portable fast path where it certifies, and its certificate's
    /// verdict everywhere: random inputs over the whole `f32` range, special values, points
    /// on, near and beyond the segment.
    #[test]
    fn agrees_with_the_portable_path_bit_for_bit() {
        let specials = [
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.5,
            3.0,
            1e-30,
            -1e-38,
            1e-45,
            f32::MIN_POSITIVE,
            f32::MAX,
            -f32::MAX,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
        ];
        let mut rng = Rng(0x55e2);
        let coordinate = |rng: &mut Rng| match rng.next() % 4 {
            0 => specials[(rng.next() % specials.len() as u64) as usize],
            1 => f32::from_bits(rng.next() as u32),
            2 => (rng.unit() * 2.0 - 1.0) as f32 * 100.0,
            _ => ((rng.unit() * 2.0 - 1.0) * 10f64.powi((rng.next() % 60) as i32 - 30)) as f32,
        };
        let mut certified = [0_u32; 2];
        for _ in 0..200_000 {
            let a = [coordinate(&mut rng), coordinate(&mut rng)];
            let b = [coordinate(&mut rng), coordinate(&mut rng)];
            let p = [coordinate(&mut rng), coordinate(&mut rng)];
            // On the segment, and just off it.
            let t = rng.unit() as f32;
            let on = [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
            let off = [f32::from_bits(on[0].to_bits() ^ 1), on[1]];
            for q in [p, on, off, a, b] {
                certified[usize::from(agree(a, b, q))] += 1;
            }
            certified[usize::from(agree(a, a, p))] += 1;
        }
        // Both paths were taken often.
        assert!(certified.iter().all(|&n| n > 100_000), "{certified:?}");
    }
}
