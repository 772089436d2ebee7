//! Fixed point at the edges of its range: `I16F16`, `I32F32`, `I48F16`, `FixedI32<U31>`
//! (range [−1, 1)) and `FixedI64<U60>` (range [−8, 8)) with extreme bit patterns — `MIN`,
//! `MAX`, one bit either side of them and of zero, halves, huge radii — through every
//! public query and response of the core.
//!
//! The tests run in the test profile, with overflow checks on, so any arithmetic in the
//! crate that overflows (fixed's own operators panic on overflow in debug builds) fails
//! them. Beyond "no panic":
//!
//! - every normal is unit length within 4 units of `2^-frac` (checked exactly);
//! - `intersects == contact.is_some()` for every pair, depths are never negative,
//!   `closest_parameter` lies in `[0, ONE]`;
//! - when every coordinate difference and radius sum of a query fits in the type (so that
//!   nothing saturates), the decision equals the exact one.

#![cfg(feature = "fixed")]

use crate::common;

use capsule2d::vector::VectorOps;
use capsule2d::{Capsule, Circle, Contact, Scalar, Segment, Shape, response};
use common::{D, Rng, exact};
use fixed::types::extra::{U31, U60};
use fixed::types::{I16F16, I32F32, I48F16};
use fixed::{FixedI32, FixedI64};

/// Raw access to the fixed-point types under test.
trait Fx: Scalar + PartialEq + 'static {
    const FRAC: i64;
    const NAME: &'static str;
    const MIN_BITS: i128;
    const MAX_BITS: i128;
    fn bits(self) -> i128;
    /// The value with these raw bits, clamped to the type's range.
    fn raw(bits: i128) -> Self;
}

macro_rules! fx {
    ($t:ty, $inner:ty, $frac:expr) => {
        impl Fx for $t {
            const FRAC: i64 = $frac;
            const NAME: &'static str = stringify!($t);
            const MIN_BITS: i128 = <$inner>::MIN as i128;
            const MAX_BITS: i128 = <$inner>::MAX as i128;
            fn bits(self) -> i128 {
                i128::from(self.to_bits())
            }
            fn raw(bits: i128) -> Self {
                <$t>::from_bits(bits.clamp(Self::MIN_BITS, Self::MAX_BITS) as $inner)
            }
        }
    };
}

fx!(I16F16, i32, 16);
fx!(I32F32, i64, 32);
fx!(I48F16, i64, 16);
fx!(FixedI32<U31>, i32, 31);
fx!(FixedI64<U60>, i64, 60);

type V<F> = [F; 2];

fn d<F: Fx>(x: F) -> D {
    D::new(x.bits(), -F::FRAC)
}

fn p<F: Fx>(v: V<F>) -> common::P {
    common::P::new(d(v[0]), d(v[1]))
}

/// Extreme values: the ends of the range, one bit inside them, halves, ±1 (where the
/// type holds it), ±1 bit, zero.
fn specials<F: Fx>() -> Vec<F> {
    let (min, max) = (F::MIN_BITS, F::MAX_BITS);
    let one = 1_i128 << F::FRAC;
    [
        min,
        min + 1,
        min / 2,
        -one,
        -1,
        0,
        1,
        one,
        max / 2,
        max - 1,
        max,
    ]
    .into_iter()
    .map(F::raw)
    .collect()
}

/// An extreme value most of the time, otherwise random bits (at a random scale); in
/// `small` cases, random values below an eighth of the range (so that nothing saturates).
fn pick<F: Fx>(rng: &mut Rng, specials: &[F], small: bool) -> F {
    if small {
        let bits = 127 - i64::from(F::MAX_BITS.leading_zeros());
        return F::raw(i128::from(rng.next_u64() as i64) >> (64 - (bits - 3)));
    }
    if rng.below(3) > 0 {
        specials[rng.below(specials.len() as u64) as usize]
    } else {
        let bits = rng.next_u64() as i64 as i128;
        let shift = rng.below(64) as u32;
        F::raw(bits >> shift)
    }
}

/// `|n|` within `4 · 2^-frac` of 1, exactly: `(1 − δ)² ≤ |n|² ≤ (1 + δ)²`.
fn assert_unit<F: Fx>(what: &str, n: V<F>) {
    let len2 = d(n[0]).square() + d(n[1]).square();
    let delta = D::new(4, -F::FRAC);
    let (lo, hi) = ((D::int(1) - &delta).square(), (D::int(1) + &delta).square());
    assert!(
        lo <= len2 && len2 <= hi,
        "{what} [{}]: normal {n:?} is not unit",
        F::NAME
    );
}

fn check_contact<F: Fx>(what: &str, hit: bool, contact: Option<Contact<V<F>>>) {
    assert_eq!(
        hit,
        contact.is_some(),
        "{what} [{}]: intersects vs contact: {contact:?}",
        F::NAME
    );
    if let Some(c) = contact {
        assert_unit(what, c.normal);
        assert!(
            c.depth >= F::ZERO,
            "{what} [{}]: negative depth {c:?}",
            F::NAME
        );
        // Responses and offsets at the extremes: no panic.
        let skin = F::over(c.depth, F::plus(F::ONE, F::ONE));
        let _ = (
            c.offset(),
            c.offset_with_skin(skin),
            c.offset_with_skin(F::raw(F::MAX_BITS)),
        );
        let _ = response::push_out(c.point, &c, skin);
        let _ = response::reflect(c.point, c.normal, F::ONE);
        let _ = response::slide(c.point, c.normal);
    }
}

/// Whether `x` fits the type (so that computing it would not saturate).
fn fits<F: Fx>(x: &D) -> bool {
    *x >= D::new(F::MIN_BITS, -F::FRAC) && *x <= D::new(F::MAX_BITS, -F::FRAC)
}

/// Whether every coordinate difference among `points`, and the radius sum, fit the type.
fn unsaturated<F: Fx>(points: &[V<F>], radii: &[F]) -> bool {
    let coords: Vec<[D; 2]> = points.iter().map(|q| [d(q[0]), d(q[1])]).collect();
    let differences = coords.iter().all(|u| {
        coords
            .iter()
            .all(|w| fits::<F>(&(&u[0] - &w[0])) && fits::<F>(&(&u[1] - &w[1])))
    });
    let sum = radii.iter().fold(D::zero(), |s, r| s + d(*r));
    differences && fits::<F>(&sum)
}

fn every_query_at_the_extremes<F: Fx>(seed: u64, cases: usize) {
    let specials = specials::<F>();
    let mut rng = Rng::new(seed);
    let mut exact_checked = 0;
    for _ in 0..cases {
        let small = rng.below(4) == 0;
        let point = |rng: &mut Rng| [pick(rng, &specials, small), pick(rng, &specials, small)];
        let (a, b, c, q) = (
            point(&mut rng),
            point(&mut rng),
            point(&mut rng),
            point(&mut rng),
        );
        let (r1, r2) = (
            pick(&mut rng, &specials, small),
            pick(&mut rng, &specials, small),
        );
        let (seg, seg2) = (Segment::new(a, b), Segment::new(c, q));
        let (cap, cap2) = (Capsule::new(a, b, r1), Capsule::new(c, q, r2));
        let (circle, other) = (Circle::new(c, r2), Circle::new(a, r1));

        // Segment queries.
        let t = seg.closest_parameter(c);
        assert!(t >= F::ZERO && t <= F::ONE, "[{}] t = {t:?}", F::NAME);
        let _ = (
            seg.project_point(c),
            dist2((seg.project_point(c), c)),
            seg.distance(&c),
        );
        let _ = (
            seg.closest_points(&seg2).points(),
            dist2(seg.closest_points(&seg2).points()),
        );
        let _ = (seg.distance(&seg2), seg.direction(), seg.length_squared());
        let _ = (
            seg.length(),
            seg.midpoint(),
            seg.reversed(),
            seg.point_at(r1),
            seg.point_at(t),
        );
        let _ = (
            seg.is_degenerate(),
            cap.segment(),
            Capsule::from_segment(seg, r2),
        );
        if !seg.is_degenerate() {
            assert_unit("left normal", seg.left_normal());
        } else {
            assert_eq!(seg.left_normal(), [F::ONE, F::ZERO], "+x for a point");
        }
        if let Some(n) = VectorOps::normalize(VectorOps::sub(c, a)) {
            assert_unit("normalize", n);
        }
        let on = seg.contains_point(c);
        assert_eq!(
            on,
            Capsule::from_segment(seg, F::ZERO).contains_point(c),
            "[{}]",
            F::NAME
        );

        // Every contact pair: (name, intersects, contact, x core, y core, radius sum).
        let pairs = [
            (
                "circle/segment",
                circle.intersects(&seg),
                circle.contact(&seg),
            ),
            (
                "segment/circle",
                seg.intersects(&circle),
                seg.contact(&circle),
            ),
            (
                "circle/circle",
                circle.intersects(&other),
                circle.contact(&other),
            ),
            (
                "circle/capsule",
                circle.intersects(&cap),
                circle.contact(&cap),
            ),
            (
                "capsule/circle",
                cap.intersects(&circle),
                cap.contact(&circle),
            ),
            ("circle/point", circle.contains_point(a), circle.contact(&a)),
            ("capsule/point", cap.contains_point(c), cap.contact(&c)),
            ("capsule/capsule", cap.intersects(&cap2), cap.contact(&cap2)),
            ("capsule/segment", cap.intersects(&seg2), cap.contact(&seg2)),
            ("segment/capsule", seg.intersects(&cap2), seg.contact(&cap2)),
        ];
        for (what, hit, contact) in pairs {
            let case = || format!("{a:?} {b:?} {c:?} {q:?} r1 {r1:?} r2 {r2:?}");
            if hit != contact.is_some() {
                panic!(
                    "{what} [{}]: intersects {hit}, contact {contact:?}: {}",
                    F::NAME,
                    case()
                );
            }
            check_contact(what, hit, contact);
        }
        let _ = seg.intersects(&seg2);

        // Without saturation the decisions are exact.
        let (pa, pb, pc, pq) = (p(a), p(b), p(c), p(q));
        let sum = d(r1) + d(r2);
        let neg = r1 < F::ZERO || r2 < F::ZERO;
        if !neg && unsaturated::<F>(&[a, b, c, q], &[r1, r2]) {
            exact_checked += 1;
            let want = |hit: bool, what: &str, exact: bool| {
                assert_eq!(
                    hit,
                    exact,
                    "{what} [{}]: {a:?} {b:?} {c:?} {q:?} {r1:?} {r2:?}",
                    F::NAME
                );
            };
            want(
                circle.intersects(&seg),
                "circle/segment",
                exact::point_segment(&pc, &pa, &pb, &d(r2)).hit,
            );
            want(
                circle.intersects(&cap),
                "circle/capsule",
                exact::point_segment(&pc, &pa, &pb, &sum).hit,
            );
            want(
                circle.intersects(&other),
                "circle/circle",
                exact::point_point(&pc, &pa, &sum).hit,
            );
            want(
                cap.contains_point(c),
                "capsule/point",
                exact::point_segment(&pc, &pa, &pb, &d(r1)).hit,
            );
            want(
                cap.intersects(&cap2),
                "capsule/capsule",
                exact::segment_segment(&pa, &pb, &pc, &pq, &sum).hit,
            );
            want(
                seg.intersects(&seg2),
                "segment/segment",
                exact::segments_intersect(&pa, &pb, &pc, &pq),
            );
            want(
                on,
                "segment/point",
                exact::dist2_point_segment(&pa, &pb, &pc).is_zero(),
            );
        }

        // Responses with extreme velocities, normals and restitutions.
        let n = VectorOps::normalize(VectorOps::sub(q, c)).unwrap_or([F::ONE, F::ZERO]);
        for e in [
            F::ZERO,
            F::ONE,
            r1,
            F::raw(F::MAX_BITS),
            F::raw(F::MIN_BITS),
        ] {
            let _ = response::reflect(a, n, e);
        }
        let _ = (response::slide(a, n), response::slide(b, c));
        let k = Contact {
            normal: n,
            depth: r2,
            point: q,
        };
        let _ = (
            response::push_out(a, &k, r1),
            k.offset(),
            k.offset_with_skin(r1),
        );
    }
    assert!(
        exact_checked > cases / 50,
        "[{}] only {exact_checked} unsaturated cases",
        F::NAME
    );
}

/// Every function of `Scalar` on every pair of extreme values, and the numerics hooks
/// behind it through the public queries that use them: `hypot` (a point's distance to
/// the origin), `normalize` (`Rotation::new`), `unit_ratio` (`Segment::closest_parameter`).
/// The hooks themselves, which are private, are tested on the same extremes in
/// `src/num/mod.rs`.
fn scalar_methods_at_the_extremes<F: Fx>() {
    let specials = specials::<F>();
    for &x in &specials {
        let _ = (F::negated(x), F::sqrt(x), F::is_finite(x));
        assert!(F::sqrt(x) >= F::ZERO, "[{}] sqrt({x:?})", F::NAME);
        for &y in &specials {
            let _ = (F::plus(x, y), F::minus(x, y), F::times(x, y), F::over(x, y));
            let length = [x, y].distance(&[F::ZERO, F::ZERO]);
            assert!(
                length >= F::ZERO,
                "[{}] |({x:?}, {y:?})| = {length:?}",
                F::NAME
            );
            let t = Segment::new([F::ZERO, F::ZERO], [x, y]).closest_parameter([y, x]);
            assert!(
                t >= F::ZERO && t <= F::ONE,
                "[{}] closest_parameter {t:?}",
                F::NAME
            );
            let turn = capsule2d::Rotation::new(x, y);
            if x == F::ZERO && y == F::ZERO {
                assert_eq!(turn, capsule2d::Rotation::IDENTITY);
            } else {
                assert_unit("Rotation::new", [turn.cos, turn.sin]);
            }
        }
    }
}

/// Hand-picked worst cases: shapes spanning the whole range.
fn whole_range_shapes<F: Fx>() {
    let (min, max) = (F::raw(F::MIN_BITS), F::raw(F::MAX_BITS));
    let zero = F::ZERO;
    let diagonal = Segment::new([min, min], [max, max]);
    let across = Segment::new([min, max], [max, min]);
    // The diagonals cross at (about) the origin.
    assert!(diagonal.intersects(&across), "[{}]", F::NAME);
    let huge = Circle::new([max, max], max);
    let tiny = Circle::new([min, min], F::raw(1));
    let corner = Capsule::new([min, min], [min, max], max);
    check_contact(
        "huge circle/diagonal",
        huge.intersects(&diagonal),
        huge.contact(&diagonal),
    );
    check_contact(
        "tiny circle/diagonal",
        tiny.intersects(&diagonal),
        tiny.contact(&diagonal),
    );
    check_contact("huge/tiny", huge.intersects(&tiny), huge.contact(&tiny));
    check_contact(
        "corner/huge",
        corner.intersects(&huge),
        corner.contact(&huge),
    );
    check_contact(
        "corner/across",
        corner.intersects(&across),
        corner.contact(&across),
    );
    let spanning = Capsule::from_segment(across, max);
    check_contact(
        "crossing capsules",
        spanning.intersects(&corner),
        spanning.contact(&corner),
    );
    check_contact(
        "point at MIN",
        corner.contains_point([min, min]),
        corner.contact(&[min, min]),
    );
    // A one-bit segment and a one-bit offset.
    let bit = F::raw(1);
    let short = Segment::new([zero, zero], [bit, zero]);
    assert_unit("one-bit segment", short.left_normal());
    let above = Circle::new([zero, bit], bit);
    assert!(
        above.intersects(&short),
        "[{}] touching at one bit",
        F::NAME
    );
    let c = above.contact(&short).expect("touching");
    assert_eq!((c.normal, c.depth), ([zero, F::ONE], zero), "[{}]", F::NAME);
    let apart = Circle::new([zero, F::raw(2)], bit);
    assert!(!apart.intersects(&short), "[{}] one bit apart", F::NAME);
}

macro_rules! fixed_tests {
    ($($name:ident: $t:ty, $seed:expr;)+) => {$(
        mod $name {
            use super::*;
            #[test]
            fn every_query() {
                every_query_at_the_extremes::<$t>($seed, std::env::var("CAPSULE2D_FIXED_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(5000));
            }
            #[test]
            fn scalar_methods() {
                scalar_methods_at_the_extremes::<$t>();
            }
            #[test]
            fn whole_range() {
                whole_range_shapes::<$t>();
            }
        }
    )+};
}

fixed_tests! {
    i16f16: I16F16, 11;
    i32f32: I32F32, 12;
    i48f16: I48F16, 13;
    i1f31: FixedI32<U31>, 14;
    i4f60: FixedI64<U60>, 15;
}

/// `|p − q|²` of a pair of points (what `Segment::distance_squared` and
/// `distance_squared_to_segment` returned before the `Shape` API).
#[allow(dead_code)]
fn dist2<V: capsule2d::vector::VectorOps>((p, q): (V, V)) -> V::Scalar {
    p.sub(q).length_squared()
}
