//! The hand-written baselines: closest point and circle–segment contact in plain,
//! non-generic `f32`, written twice, and the naive yes/no test for any scalar.
//!
//! - The top-level functions are the *naive* version, as one would write it inline in
//!   an engine: regions decided before dividing, the interior normal from the segment's
//!   unit normal, the same fallbacks, but none of capsule2d's robustness — the predicates
//!   round (a circle exactly touching may go either way), nothing is rescaled, NaN is not
//!   handled. capsule2d against this is the cost of generics *plus* exactness.
//! - [`same`] is capsule2d's own algorithm, step for step, written by hand for `f32`:
//!   no `Scalar`, no `Vector2`, no generic helper, only `f32` arithmetic on `[f32; 2]`.
//!   capsule2d's numeric leaves are private now (sealed `Scalar` hooks): the small ones —
//!   the power-of-two rescale, the clamped ratio, the normalisation's slow path — are
//!   copied here in `f32`; the exact predicate, which has no generic layer of its own, is
//!   asked through the public query that calls nothing else (`Circle::intersects` of a
//!   segment), and so is the exact test for a point on the segment, reached only when the
//!   rounded cross product is exactly zero. Its answers are bit-identical to capsule2d's (a
//!   test checks it), so capsule2d against this is the cost of the generics alone.
//! - [`naive_intersects`] is the naive yes/no test once more, over any `Scalar`, for the
//!   exact-against-naive comparison in every scalar type.
//! - [`ray_capsule`] is the naive ray–capsule cast in `f32`, the floor of that row.

use capsule2d::Scalar;

/// The closest point of segment `ab` to `p`.
#[inline]
pub fn closest_point(a: [f32; 2], b: [f32; 2], p: [f32; 2]) -> [f32; 2] {
    let (vx, vy) = (b[0] - a[0], b[1] - a[1]);
    let along = (p[0] - a[0]) * vx + (p[1] - a[1]) * vy;
    if along <= 0.0 {
        return a;
    }
    let length_sq = vx * vx + vy * vy;
    if along >= length_sq {
        return b;
    }
    let t = along / length_sq;
    [a[0] + vx * t, a[1] + vy * t]
}

/// [`closest_point`] without branches: the parameter clamped with `max`/`min` (selects),
/// so that points falling in random regions cost no misprediction. The floor for any
/// closest point in this harness: the plain algorithm, with no certificate and no
/// widening.
#[inline]
pub fn closest_point_branch_free(a: [f32; 2], b: [f32; 2], p: [f32; 2]) -> [f32; 2] {
    let (vx, vy) = (b[0] - a[0], b[1] - a[1]);
    let along = (p[0] - a[0]) * vx + (p[1] - a[1]) * vy;
    let length_sq = vx * vx + vy * vy;
    // `max` then `min`, not `clamp`: a zero-length segment's NaN ratio becomes 0, where
    // `clamp` would keep it, and these are the two selects the comment above counts.
    #[allow(clippy::manual_clamp)]
    let t = (along / length_sq).max(0.0).min(1.0);
    [a[0] + vx * t, a[1] + vy * t]
}

/// Whether the circle of centre `c` and radius `r` touches segment `ab`: `|c − q|² ≤ r²`.
#[inline]
pub fn intersects(a: [f32; 2], b: [f32; 2], c: [f32; 2], r: f32) -> bool {
    let q = closest_point(a, b, c);
    let (dx, dy) = (c[0] - q[0], c[1] - q[1]);
    r >= 0.0 && dx * dx + dy * dy <= r * r
}

/// [`intersects`] over any [`Scalar`]: the naive test written generically, which the
/// exact predicate is measured against for `f64` and `I32F32` as well as `f32`.
#[inline]
pub fn naive_intersects<S: Scalar>(a: [S; 2], b: [S; 2], c: [S; 2], r: S) -> bool {
    let (vx, vy) = (S::minus(b[0], a[0]), S::minus(b[1], a[1]));
    let (wx, wy) = (S::minus(c[0], a[0]), S::minus(c[1], a[1]));
    let along = S::plus(S::times(wx, vx), S::times(wy, vy));
    let length_sq = S::plus(S::times(vx, vx), S::times(vy, vy));
    let q = if !(along > S::ZERO) {
        a
    } else if !(along < length_sq) {
        b
    } else {
        let t = S::over(along, length_sq);
        [
            S::plus(a[0], S::times(vx, t)),
            S::plus(a[1], S::times(vy, t)),
        ]
    };
    let (dx, dy) = (S::minus(c[0], q[0]), S::minus(c[1], q[1]));
    r >= S::ZERO && S::plus(S::times(dx, dx), S::times(dy, dy)) <= S::times(r, r)
}

/// A contact: unit normal from the segment towards the centre, depth, point on the
/// segment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contact {
    /// Unit normal, from the segment towards the circle.
    pub normal: [f32; 2],
    /// Overlap along the normal.
    pub depth: f32,
    /// Closest point on the segment.
    pub point: [f32; 2],
}

/// The contact of the circle of centre `c` and radius `r` against segment `ab`.
#[inline]
pub fn contact(a: [f32; 2], b: [f32; 2], c: [f32; 2], r: f32) -> Option<Contact> {
    if !(r >= 0.0) {
        return None;
    }
    let (vx, vy) = (b[0] - a[0], b[1] - a[1]);
    let (wx, wy) = (c[0] - a[0], c[1] - a[1]);
    let along = wx * vx + wy * vy;
    let length_sq = vx * vx + vy * vy;
    let endpoint = if along <= 0.0 {
        Some(a)
    } else if along >= length_sq {
        Some(b)
    } else {
        None
    };
    match endpoint {
        Some(e) => {
            let (dx, dy) = (c[0] - e[0], c[1] - e[1]);
            let distance_sq = dx * dx + dy * dy;
            if distance_sq > r * r {
                return None;
            }
            let distance = distance_sq.sqrt();
            let normal = if distance > 0.0 {
                [dx / distance, dy / distance]
            } else {
                left_normal(vx, vy)
            };
            Some(Contact {
                normal,
                depth: r - distance,
                point: e,
            })
        }
        None => {
            let cross = vx * wy - vy * wx;
            if cross * cross > r * r * length_sq {
                return None;
            }
            let n = left_normal(vx, vy);
            let normal = if cross < 0.0 { [-n[0], -n[1]] } else { n };
            let distance = (wx * normal[0] + wy * normal[1]).abs();
            let t = along / length_sq;
            Some(Contact {
                normal,
                depth: (r - distance).max(0.0),
                point: [a[0] + vx * t, a[1] + vy * t],
            })
        }
    }
}

/// A ray's hit: time in multiples of the direction, and the capsule's unit normal there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayHit {
    pub time: f32,
    pub normal: [f32; 2],
}

/// The ray from `o` along `d`, up to `max_time`, against the capsule of radius `r` around
/// segment `ab`, as one would write it inline: the side wall the origin faces, then
/// (where the wall is missed) the two end discs by the quadratic formula, the earlier
/// root kept. No certificate, no exact sign, no inside test (a ray starting inside finds
/// nothing or a later exit-side entry), nothing rescaled: the floor for any ray–capsule
/// cast in this harness.
#[inline]
pub fn ray_capsule(
    o: [f32; 2],
    d: [f32; 2],
    (a, b, r): ([f32; 2], [f32; 2], f32),
    max_time: f32,
) -> Option<RayHit> {
    let (vx, vy) = (b[0] - a[0], b[1] - a[1]);
    let length_sq = vx * vx + vy * vy;
    let (wx, wy) = (o[0] - a[0], o[1] - a[1]);
    if length_sq > 0.0 {
        let n = left_normal(vx, vy);
        let side = wx * n[0] + wy * n[1];
        let rate = d[0] * n[0] + d[1] * n[1];
        // Towards the wall on the origin's side, from outside the slab.
        if side.abs() > r && side * rate < 0.0 {
            let time = (side.abs() - r) / rate.abs();
            let along = (wx + time * d[0]) * vx + (wy + time * d[1]) * vy;
            if along >= 0.0 && along <= length_sq {
                let normal = if side > 0.0 { n } else { [-n[0], -n[1]] };
                return (time <= max_time).then_some(RayHit { time, normal });
            }
        }
    }
    let disc = |c: [f32; 2]| {
        let (mx, my) = (o[0] - c[0], o[1] - c[1]);
        let approach = mx * d[0] + my * d[1];
        let dd = d[0] * d[0] + d[1] * d[1];
        let k = mx * mx + my * my - r * r;
        let discriminant = approach * approach - dd * k;
        if !(k > 0.0 && approach < 0.0 && discriminant >= 0.0) {
            return None;
        }
        let time = (-approach - discriminant.sqrt()) / dd;
        Some((time, [mx + time * d[0], my + time * d[1]]))
    };
    let (time, p) = match (disc(a), disc(b)) {
        (Some(x), Some(y)) => {
            if y.0 < x.0 {
                y
            } else {
                x
            }
        }
        (x, y) => x.or(y)?,
    };
    (time <= max_time).then_some(RayHit {
        time,
        normal: [p[0] / r, p[1] / r],
    })
}

/// The unit left normal of `(vx, vy)`, or `+x` for the zero vector.
#[inline]
fn left_normal(vx: f32, vy: f32) -> [f32; 2] {
    let length = (vx * vx + vy * vy).sqrt();
    if length > 0.0 {
        [-vy / length + 0.0, vx / length + 0.0]
    } else {
        [1.0, 0.0]
    }
}

/// capsule2d's closest point and circle–segment contact, written by hand for `f32`: the
/// same steps as the generic code (`proximity::project`, `Projection::normal`,
/// `point_segment`), in plain `f32`.
pub mod same {
    use super::Contact;
    use capsule2d::{Circle, Segment, Shape};

    /// Which feature of the segment is closest, with the cross product's sign.
    #[derive(Clone, Copy, Debug)]
    enum Feature {
        Start,
        End,
        /// `near`: the rounded cross product is within the crate's gap tolerance of 0,
        /// where capsule2d decides the side with its exact orientation test.
        Interior {
            cross_negative: bool,
            near: bool,
        },
    }

    /// The closest point of segment `ab` to `p`, with its region.
    #[inline]
    fn project(a: [f32; 2], b: [f32; 2], p: [f32; 2]) -> ([f32; 2], Feature) {
        let (vx, vy) = (b[0] - a[0], b[1] - a[1]);
        let (wx, wy) = (p[0] - a[0], p[1] - a[1]);
        let k = rescale(wx, wy, vx, vy);
        let (swx, swy, svx, svy) = if k == 1.0 {
            (wx, wy, vx, vy)
        } else {
            (wx * k, wy * k, vx * k, vy * k)
        };
        let along = swx * svx + swy * svy;
        if !(along > 0.0) {
            return (a, Feature::Start);
        }
        let length_sq = svx * svx + svy * svy;
        if !(along < length_sq) {
            return (b, Feature::End);
        }
        let cross = svx * swy - svy * swx;
        // The crate's tolerance: `largest² 2^-15 + MIN_POSITIVE` over the rescaled values.
        let largest = [swx, swy, svx, svy]
            .iter()
            .fold(0.0_f32, |m, x| if x.abs() > m { x.abs() } else { m });
        let tolerance = largest * largest * (1.0 / 32_768.0) + f32::MIN_POSITIVE;
        let feature = Feature::Interior {
            cross_negative: cross < 0.0,
            near: !(cross.abs() > tolerance),
        };
        // capsule2d asks its exact orientation test here: `p` on the line through `a` and
        // `b`. Both rounded regions tests said "interior", which no point of that line
        // outside `[a, b]` passes (the rounding is monotone), so on the line is on the
        // segment here: the same answer from the public exact test.
        if cross == 0.0 && Segment::new(a, b).contains_point(p) {
            return (p, feature);
        }
        let closest = if along + along <= length_sq {
            let t = along / length_sq;
            [a[0] + vx * t, a[1] + vy * t]
        } else {
            let (ux, uy) = (p[0] - b[0], p[1] - b[1]);
            let (backx, backy) = (a[0] - b[0], a[1] - b[1]);
            let k = rescale(ux, uy, backx, backy);
            let (ux, uy, backx, backy) = if k == 1.0 {
                (ux, uy, backx, backy)
            } else {
                (ux * k, uy * k, backx * k, backy * k)
            };
            let s = unit_ratio(ux * backx + uy * backy, backx * backx + backy * backy);
            [b[0] - vx * s, b[1] - vy * s]
        };
        (closest, feature)
    }

    /// The power of two that brings the largest magnitude near 1 (1 when no scaling is
    /// needed): the crate's `f32` rescale factor.
    #[inline]
    fn rescale(a: f32, b: f32, c: f32, d: f32) -> f32 {
        let mut largest = 0.0_f32;
        for x in [a, b, c, d] {
            if x.abs() > largest {
                largest = x.abs();
            }
        }
        rescale_factor(largest)
    }

    /// `2^e` exactly, `e` clamped to the normal range (the crate's `pow2_f32`).
    #[inline]
    const fn pow2(e: i32) -> f32 {
        let e = if e < -126 {
            -126
        } else if e > 127 {
            127
        } else {
            e
        };
        f32::from_bits(((127 + e) as u32) << 23)
    }

    /// The crate's `f32` rescale factor: 1 where squares and products stay normal and
    /// finite (and for 0, infinities and NaN), else the power of two that brings
    /// `largest` near 1, clamped to the normal range.
    #[inline]
    fn rescale_factor(largest: f32) -> f32 {
        if (largest < pow2(50) && largest >= pow2(-50)) || largest == 0.0 || !largest.is_finite() {
            return 1.0;
        }
        pow2(-exponent_of(largest))
    }

    /// The binary exponent of a positive finite `f32`, subnormals included.
    #[inline]
    fn exponent_of(x: f32) -> i32 {
        let field = |v: f32| ((v.to_bits() >> 23) & 0xFF) as i32;
        if x < f32::MIN_POSITIVE {
            field(x * pow2(64)) - 127 - 64
        } else {
            field(x) - 127
        }
    }

    /// The crate's `f32` clamped ratio `num / den` in `[0, 1]` (NaN gives 0).
    #[inline]
    fn unit_ratio(num: f32, den: f32) -> f32 {
        if !(num > 0.0) {
            0.0
        } else if !(num < den) {
            1.0
        } else {
            num / den
        }
    }

    /// The unit vector along `(x, y)`; the crate's `f32` normalisation (its slow path
    /// rescales far-from-1 vectors).
    #[inline]
    fn normalize(x: f32, y: f32) -> Option<[f32; 2]> {
        let squared = x * x + y * y;
        if squared > 7.888_609e-31 && squared <= f32::MAX {
            let length = squared.sqrt();
            return Some([x / length, y / length]);
        }
        normalize_slow(x, y)
    }

    /// The crate's `f32` normalisation past its fast path: `(x, y)` scaled by a power of
    /// two (exactly) so that its squared length is normal and finite, then divided by its
    /// length; `None` for zero, infinite and NaN vectors.
    #[cold]
    #[inline(never)]
    fn normalize_slow(x: f32, y: f32) -> Option<[f32; 2]> {
        let squared = x * x + y * y;
        let (x, y, squared) = if squared > pow2(-100) && squared <= f32::MAX {
            (x, y, squared)
        } else {
            let (ax, ay) = (x.abs(), y.abs());
            let largest = if ax.is_nan() || ay > ax { ay } else { ax };
            let (x, y) = if !(largest > 0.0) || !largest.is_finite() {
                (x, y)
            } else if largest > 1.0 {
                (x * pow2(-80), y * pow2(-80))
            } else {
                (x * pow2(100), y * pow2(100))
            };
            (x, y, x * x + y * y)
        };
        if squared > 0.0 && squared <= f32::MAX {
            let length = squared.sqrt();
            Some([x / length, y / length])
        } else {
            None
        }
    }

    /// The unit left normal of `b − a`, `+x` for a zero-length segment.
    #[inline]
    fn left_normal(a: [f32; 2], b: [f32; 2]) -> [f32; 2] {
        match normalize(-(b[1] - a[1]), b[0] - a[0]) {
            Some(n) => [n[0] + 0.0, n[1] + 0.0],
            None => [1.0, 0.0],
        }
    }

    /// capsule2d's `Segment::project_point`.
    #[inline]
    pub fn closest_point(a: [f32; 2], b: [f32; 2], p: [f32; 2]) -> [f32; 2] {
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        {
            sse2::closest_point(a, b, p)
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
        {
            fast_closest_point(a, b, p).unwrap_or_else(|| project(a, b, p).0)
        }
    }

    /// capsule2d's certified fast path for the f32 closest point (`src/num/fast.rs`): the
    /// plain algorithm in f64, the end regions selected, rounded once, where the point lies
    /// off the segment's line by more than the cross product's rounding.
    #[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
    #[inline]
    fn fast_closest_point(a: [f32; 2], b: [f32; 2], p: [f32; 2]) -> Option<[f32; 2]> {
        let [ax, ay] = a.map(f64::from);
        let [bx, by] = b.map(f64::from);
        let [px, py] = p.map(f64::from);
        let (vx, vy) = (bx - ax, by - ay);
        let (wx, wy) = (px - ax, py - ay);
        let (vx_wy, vy_wx) = (vx * wy, vy * wx);
        let cross = vx_wy - vy_wx;
        if !(cross.abs() > (vx_wy.abs() + vy_wx.abs()) / (1u64 << 50) as f64) {
            return None;
        }
        let along = wx * vx + wy * vy;
        let length_sq = vx * vx + vy * vy;
        let t = along / length_sq;
        let interior = [(ax + t * vx) as f32, (ay + t * vy) as f32];
        let end = if along < length_sq { interior } else { b };
        Some(if along > 0.0 { end } else { a })
    }

    /// The same fast path as capsule2d runs it on x86 (`src/num/fast_sse2.rs`): `x` and `y`
    /// in one SSE2 register of two `f64`, the regions selected on the answer's bits, the
    /// careful path out of line.
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    mod sse2 {
        use safe_arch::{
            add_m128d, cast_to_m128i_from_m128, convert_to_m128_from_m128d,
            convert_to_m128d_from_lower2_m128, get_f64_from_m128d_s, get_i64_from_m128i_s, m128,
            m128d, mul_m128d, set_splat_m128d, shuffle_abi_f64_all_m128d, sub_m128d,
            unpack_high_m128d, unpack_low_m128d,
        };

        #[inline(always)]
        fn widen(p: [f32; 2]) -> m128d {
            convert_to_m128d_from_lower2_m128(m128::from_array([p[0], p[1], 0.0, 0.0]))
        }

        #[inline(always)]
        fn narrow_bits(q: m128d) -> u64 {
            get_i64_from_m128i_s(cast_to_m128i_from_m128(convert_to_m128_from_m128d(q))) as u64
        }

        #[inline(always)]
        fn bits(p: [f32; 2]) -> u64 {
            u64::from(p[0].to_bits()) | (u64::from(p[1].to_bits()) << 32)
        }

        #[inline(always)]
        fn from_bits(q: u64) -> [f32; 2] {
            [f32::from_bits(q as u32), f32::from_bits((q >> 32) as u32)]
        }

        #[inline]
        pub(super) fn closest_point(a: [f32; 2], b: [f32; 2], p: [f32; 2]) -> [f32; 2] {
            let (a2, b2, p2) = (widen(a), widen(b), widen(p));
            let v = sub_m128d(b2, a2);
            let w = sub_m128d(p2, a2);
            let x = mul_m128d(v, shuffle_abi_f64_all_m128d::<1>(w, w));
            let x0 = get_f64_from_m128d_s(x);
            let x1 = get_f64_from_m128d_s(unpack_high_m128d(x, x));
            if !((x0 - x1).abs() > (x0 + x1).abs() / (1u64 << 50) as f64) {
                return careful(a2, b2, p2);
            }
            let (wv, vv) = (mul_m128d(w, v), mul_m128d(v, v));
            let sums = add_m128d(unpack_low_m128d(wv, vv), unpack_high_m128d(wv, vv));
            let along = get_f64_from_m128d_s(sums);
            let length_sq = get_f64_from_m128d_s(unpack_high_m128d(sums, sums));
            let t = along / length_sq;
            let interior = narrow_bits(add_m128d(a2, mul_m128d(v, set_splat_m128d(t))));
            let end = core::hint::select_unpredictable(along < length_sq, interior, bits(b));
            from_bits(core::hint::select_unpredictable(along > 0.0, end, bits(a)))
        }

        #[cold]
        #[inline(never)]
        fn careful(a: m128d, b: m128d, p: m128d) -> [f32; 2] {
            let f32s = |q: m128d| from_bits(narrow_bits(q));
            super::project(f32s(a), f32s(b), f32s(p)).0
        }
    }

    /// capsule2d's certified fast path for the f32 contact features (`src/num/fast.rs`,
    /// `segment_features_f32`): in f64, the regions by signs, one root for the normal and
    /// the distance, the interior's nearest point `p − n·d`; `None` where `p` is at the end
    /// or within the cross product's rounding of the line, or an answer is not finite.
    #[inline]
    fn fast_features(a: [f32; 2], b: [f32; 2], p: [f32; 2]) -> Option<([f32; 2], f32, [f32; 2])> {
        let [ax, ay] = a.map(f64::from);
        let [bx, by] = b.map(f64::from);
        let [px, py] = p.map(f64::from);
        let (vx, vy) = (bx - ax, by - ay);
        let (wx, wy) = (px - ax, py - ay);
        let (ux, uy) = (px - bx, py - by);
        let along = wx * vx + wy * vy;
        let back = ux * vx + uy * vy;
        let (vx_wy, vy_wx) = (vx * wy, vy * wx);
        let cross = vx_wy - vy_wx;
        let start = !(along > 0.0);
        let interior = !start && back < 0.0;
        let (ex, ey) = if start { (wx, wy) } else { (ux, uy) };
        let squared = if interior {
            vx * vx + vy * vy
        } else {
            ex * ex + ey * ey
        };
        let root = squared.sqrt();
        let inverse = 1.0 / root;
        let side = if cross < 0.0 { -1.0 } else { 1.0 };
        let (nx, ny) = if interior {
            ((-vy * inverse + 0.0) * side, (vx * inverse + 0.0) * side)
        } else {
            (ex * inverse, ey * inverse)
        };
        let distance = if interior {
            cross.abs() * inverse
        } else {
            root
        };
        let nearest = if interior {
            [(px - nx * distance) as f32, (py - ny * distance) as f32]
        } else if start {
            a
        } else {
            b
        };
        let off_line = cross.abs() > (vx_wy.abs() + vy_wx.abs()) / (1u64 << 50) as f64;
        let answer = ([nx as f32, ny as f32], distance as f32, nearest);
        let finite = answer.1.is_finite() && nearest[0].is_finite() && nearest[1].is_finite();
        let segment = vx != 0.0 || vy != 0.0;
        let certain =
            segment && root > 0.0 && (off_line || !interior) && finite && inverse.is_finite();
        certain.then_some(answer)
    }

    /// capsule2d's `Circle::contact` of a segment: the exact decision, then the
    /// projection, the normal by region, and the depth.
    #[inline]
    pub fn contact(a: [f32; 2], b: [f32; 2], c: [f32; 2], r: f32) -> Option<Contact> {
        // The exact predicate (capsule2d's f32 point–segment test with radii `r` and 0):
        // `Circle::intersects` of a segment is that call and nothing else.
        if !(r >= 0.0) || !Circle::new(c, r).intersects(&Segment::new(a, b)) {
            return None;
        }
        if let Some((normal, distance, nearest)) = fast_features(a, b, c) {
            let depth = r + 0.0 - distance;
            let depth = if 0.0 > depth { 0.0 } else { depth };
            if depth.is_finite() {
                return Some(Contact {
                    normal,
                    depth,
                    point: [nearest[0] + normal[0] * 0.0, nearest[1] + normal[1] * 0.0],
                });
            }
        }
        let (closest, feature) = project(a, b, c);
        let (normal, distance) = match feature {
            Feature::Start | Feature::End => {
                let (dx, dy) = (c[0] - closest[0], c[1] - closest[1]);
                match normalize(dx, dy) {
                    Some(n) => (n, dx * n[0] + dy * n[1]),
                    None => (left_normal(a, b), 0.0),
                }
            }
            Feature::Interior { near: true, .. } => {
                // A near tie: capsule2d's exact side decision (rare; the crate's own call).
                return Circle::new(c, r)
                    .contact(&Segment::new(a, b))
                    .map(|k| Contact {
                        normal: k.normal,
                        depth: k.depth,
                        point: k.point,
                    });
            }
            Feature::Interior {
                cross_negative,
                near: false,
            } => {
                let n = left_normal(a, b);
                let n = if cross_negative { [-n[0], -n[1]] } else { n };
                let distance = ((c[0] - a[0]) * n[0] + (c[1] - a[1]) * n[1]).abs();
                (n, distance)
            }
        };
        let depth = r + 0.0 - distance;
        let depth = if 0.0 > depth { 0.0 } else { depth };
        if !depth.is_finite() {
            // Within a factor of 4 of f32::MAX: the crate's cold path.
            return Circle::new(c, r)
                .contact(&Segment::new(a, b))
                .map(|k| Contact {
                    normal: k.normal,
                    depth: k.depth,
                    point: k.point,
                });
        }
        Some(Contact {
            normal,
            depth,
            point: [closest[0] + normal[0] * 0.0, closest[1] + normal[1] * 0.0],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inputs::{Rng, point_cases};
    use capsule2d::{Circle, Segment, Shape};

    /// The same-algorithm baseline is bit for bit capsule2d, on the benchmark's inputs
    /// and on random ones at every scale (touching, degenerate and far-from-1 included).
    #[test]
    fn same_algorithm_is_bit_identical_to_capsule2d() {
        let mut rng = Rng::new(99);
        type Case = ([f32; 2], [f32; 2], [f32; 2], f32);
        let mut cases: Vec<Case> = point_cases()
            .iter()
            .map(|c| {
                let f = |p: [f64; 2]| p.map(|x| x as f32);
                (f(c.a), f(c.b), f(c.p), c.r as f32)
            })
            .collect();
        for i in 0..20_000 {
            let scale = [1e-30_f32, 1e-3, 1.0, 1e3, 1e30][i % 5];
            let mut point = || {
                let p = rng.point();
                [p[0] as f32 * scale, p[1] as f32 * scale]
            };
            let (a, b, p) = (point(), point(), point());
            let b = if i % 7 == 0 { a } else { b };
            // On the segment, or at an end, now and then.
            let p = match i % 11 {
                0 => a,
                1 => [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0],
                _ => p,
            };
            let r = rng.uniform(0.0, 2.0) as f32 * scale;
            cases.push((a, b, p, r));
        }
        let bits = |v: [f32; 2]| v.map(f32::to_bits);
        for (a, b, p, r) in cases {
            let segment = Segment::new(a, b);
            assert_eq!(
                bits(same::closest_point(a, b, p)),
                bits(segment.project_point(p)),
                "closest point {a:?} {b:?} {p:?}"
            );
            let ours = Circle::new(p, r).contact(&segment);
            let theirs = same::contact(a, b, p, r);
            assert_eq!(ours.is_some(), theirs.is_some(), "{a:?} {b:?} {p:?} {r}");
            if let (Some(ours), Some(theirs)) = (ours, theirs) {
                assert_eq!(bits(ours.normal), bits(theirs.normal));
                assert_eq!(ours.depth.to_bits(), theirs.depth.to_bits());
                assert_eq!(bits(ours.point), bits(theirs.point));
            }
        }
    }

    /// On the benchmark's inputs the naive baseline gives capsule2d's answers, up to
    /// rounding (capsule2d steps from the nearer end), so the two do the same work.
    #[test]
    fn agrees_with_capsule2d_on_the_benchmark_inputs() {
        let f = |p: [f64; 2]| p.map(|x| x as f32);
        for case in point_cases() {
            let (a, b, p, r) = (f(case.a), f(case.b), f(case.p), case.r as f32);
            let segment = Segment::new(a, b);
            let (naive, ours) = (closest_point(a, b, p), segment.project_point(p));
            assert!((naive[0] - ours[0]).abs() < 1e-5 && (naive[1] - ours[1]).abs() < 1e-5);
            assert_eq!(
                intersects(a, b, p, r),
                Circle::new(p, r).intersects(&segment)
            );
            let ours = Circle::new(p, r).contact(&segment);
            let theirs = contact(a, b, p, r);
            assert_eq!(ours.is_some(), theirs.is_some());
            if let (Some(ours), Some(theirs)) = (ours, theirs) {
                assert!((ours.depth - theirs.depth).abs() < 1e-5);
                assert!((ours.normal[0] - theirs.normal[0]).abs() < 1e-6);
                assert!((ours.normal[1] - theirs.normal[1]).abs() < 1e-6);
            }
        }
    }

    /// The naive ray baseline hits where capsule2d's ray does on the benchmark's rays, at
    /// the same time and normal up to the naive algorithm's own error (its `f32`
    /// discriminant cancels near grazing: normals off by up to `10⁻³` at 65,536 rays), so the two do
    /// the same work.
    #[test]
    fn naive_ray_agrees_with_capsule2d_on_the_benchmark_inputs() {
        let f = |p: [f64; 2]| p.map(|x| x as f32);
        let mut hits = 0;
        let cases = crate::inputs::cast_cases();
        for case in &cases {
            let (a, b, r) = (f(case.a), f(case.b), case.r as f32);
            let (o, d) = (f(case.origin), f(case.motion));
            let ours = capsule2d::Ray::new(o, d).cast(&capsule2d::Capsule::new(a, b, r), 1.0);
            let theirs = ray_capsule(o, d, (a, b, r), 1.0);
            assert_eq!(ours.is_some(), theirs.is_some(), "{case:?}");
            if let (Some(ours), Some(theirs)) = (ours, theirs) {
                hits += 1;
                assert!(
                    (ours.time - theirs.time).abs() < 1e-4,
                    "{case:?} {ours:?} {theirs:?}"
                );
                for i in 0..2 {
                    let error = (ours.normal[i] - theirs.normal[i]).abs();
                    assert!(error < 1e-2, "{case:?} {ours:?} {theirs:?}");
                }
            }
        }
        assert!(hits * 4 > cases.len(), "{hits} hits of {}", cases.len());
    }
}
