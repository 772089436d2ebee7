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
