//! The end caps of the cast kernel (`ray.rs`): where a point moving along a line enters a
//! disc, with the exact refinements of `src/num/exact_cast.rs` near tangency and through
//! a point, and a rescaled copy where the squares of the inputs overflow or underflow;
//! and the entry's quotient `k² / den` without cancellation ([`over`]), which the
//! crossings of a segment and a circle share.

use crate::motion::ray::Entry;
use crate::num::{Num, Scalar, Wide};
use crate::vector::wide::{self, W};
use crate::vector::{Vector2, VectorOps};

type S<V> = <V as Vector2>::Scalar;

/// The normal of a disc entry, formed only for the entry that is kept: known already, or
/// the unit vector along `m + unit · distance` with `m = start − c` (the touch point seen
/// from the centre `c`; `−unit` where that is zero). Nothing but the entry itself is kept
/// for the second form (two discs' entries are passed around before one is kept).
#[derive(Clone, Copy)]
pub(crate) enum Normal<V: Vector2> {
    Known(V),
    Along,
}

impl<V: Vector2> Normal<V> {
    /// The unit normal of the entry at `distance` into the disc around `c`, for the path
    /// from `start` along `unit`.
    #[inline(always)]
    pub(crate) fn resolve(self, start: V, unit: V, (distance, c): (S<V>, V)) -> V {
        match self {
            Self::Known(normal) => normal,
            Self::Along => start
                .sub(c)
                .add(unit.scale(distance))
                .normalize()
                .unwrap_or(unit.neg()),
        }
    }
}

/// A disc entry whose normal is not formed yet: distance, [`Normal`], centre.
pub(crate) type LazyEntry<V> = (S<V>, Normal<V>, V);

/// Entry into the disc of `radius` around `c`.
#[inline(always)]
pub(crate) fn disc<V: Vector2>(
    start: V,
    moving: (V, V),
    unit: V,
    c: V,
    radii: (S<V>, S<V>),
) -> Option<Entry<V>> {
    disc_lazy(start, moving, unit, c, radii, None)
        .map(|(distance, normal, c)| (distance, normal.resolve(start, unit, (distance, c)), c))
}

/// [`disc`] with the normal left to form: of two discs only the earlier entry's is
/// needed. `horizon`: the entry of the other disc, where that one comes first on a tie;
/// where the scalar's products are exact (fixed point), an entry certainly no earlier
/// than it is answered `None` before its root and division ([`disc_entry`]).
pub(crate) fn disc_lazy<V: Vector2>(
    start: V,
    (direction, low): (V, V),
    unit: V,
    c: V,
    radii: (S<V>, S<V>),
    horizon: Option<S<V>>,
) -> Option<LazyEntry<V>> {
    let zero = S::<V>::ZERO;
    let radius = radii.0.add(radii.1);
    let m = start.sub(c);
    let facing = unit.neg();
    if radius == zero {
        // A point: hit only when the ray passes exactly through it (this also covers a
        // ray running along a zero-radius segment's line: it meets the nearer endpoint).
        let across = wide::cross(direction, m);
        // Within rounding of passing through (floats): decided exactly, with the
        // direction's own rounding (`low`) put back. Fixed point's `across` is exact.
        let roundoff = S::<V>::unit_roundoff();
        let size = |p: V| p.x().abs().add(p.y().abs());
        let uncertain = || {
            let bound = roundoff.mul(size(direction)).mul(size(m));
            let bound = bound.add(bound).add(bound).add(bound);
            !(across.abs() > bound.add(bound).mul_wide(S::<V>::ONE))
        };
        if !<W<V> as Wide>::EXACT_PRODUCTS && roundoff != zero && uncertain() {
            let through = S::<V>::through_point(
                [start.x(), start.y()],
                [[direction.x(), low.x()], [direction.y(), low.y()]],
                [c.x(), c.y()],
            );
            if let Some(through) = through {
                return through.then(|| (m.length(), Normal::Known(facing), c));
            }
        }
        if across != <W<V> as Wide>::ZERO {
            return None;
        }
        if !(wide::dot(direction, m) < <W<V> as Wide>::ZERO) {
            return None;
        }
        return Some((m.length(), Normal::Known(facing), c));
    }
    // Moving away from the centre (or square across it): the path never gets closer.
    let approach = m.dot(unit);
    if !(approach < zero) {
        return None;
    }
    disc_entry(start, (direction, low), unit, c, radii, m, (true, horizon))
}

/// [`disc`]'s entry for a start outside the disc moving closer to its centre, with
/// `m = start − c`. Where squares of the inputs overflow or underflow (beyond about
/// `2^±450` in f64, `2^±50` in f32, which the chord's hook reports) and `rescale` is set,
/// the entry is measured on a copy scaled by a power of two instead.
///
/// `horizon` as in [`disc_lazy`] (`None` on the rescaled copy). With
/// exact products the entry is `k² / (|m·u| + q)` rounded once (monotone in both), and the
/// half chord `q = √(r² − (m × u)²)` rounds to at most `r`, so `k² ≥ (|m·u| + r) · h`
/// (exact wide products, the sum saturating, which only lowers it) puts the entry at or
/// beyond `h`.
#[inline(always)]
fn disc_entry<V: Vector2>(
    start: V,
    (direction, low): (V, V),
    unit: V,
    c: V,
    radii: (S<V>, S<V>),
    m: V,
    (rescale, horizon): (bool, Option<S<V>>),
) -> Option<LazyEntry<V>> {
    let zero = S::<V>::ZERO;
    let radius = radii.0.add(radii.1);
    let facing = unit.neg();
    let approach = m.dot(unit);
    let k_sq = wide::dot(m, m).sub(radius.mul_wide(radius));
    if !(k_sq > <W<V> as Wide>::ZERO) {
        // Perhaps squares that underflowed or overflowed, rather than rounding: rescaled.
        let scale = S::<V>::rescale_factor(S::<V>::largest_magnitude([m.x(), m.y(), radius]));
        if rescale && scale != S::<V>::ONE {
            return disc_rescaled(start, (direction, low), unit, c, radii, scale);
        }
        // Inside by rounding although the exact predicate said outside, and moving
        // closer: enter at once.
        let normal = m.normalize().unwrap_or(facing);
        return Some((zero, Normal::Known(normal), c));
    }
    if let Some(horizon) = horizon
        && <W<V> as Wide>::EXACT_PRODUCTS
        && k_sq >= approach.abs().add(radius).mul_wide(horizon)
    {
        return None;
    }
    // (m·u)² − (|m|² − r²) = r² − (m × u)² for a unit u: the second form does not cancel
    // when the start is far from the disc.
    let miss = m.perp_dot(unit);
    let discriminant = radius.mul_wide(radius).sub(miss.mul_wide(miss));
    // Near tangency the rounded discriminant decides and sizes the chord badly: refined
    // exactly there (`None`: the line misses the disc).
    let chord = S::<V>::half_chord(
        [start.x(), start.y()],
        [[direction.x(), low.x()], [direction.y(), low.y()]],
        [c.x(), c.y()],
        [radii.0, radii.1],
        discriminant,
        approach.abs(),
    );
    let q = match chord {
        Some(chord) => chord?,
        None => {
            let scale = S::<V>::rescale_factor(S::<V>::largest_magnitude([m.x(), m.y(), radius]));
            if rescale && scale != S::<V>::ONE {
                return disc_rescaled(start, (direction, low), unit, c, radii, scale);
            }
            if !(discriminant >= <W<V> as Wide>::ZERO) {
                return None;
            }
            S::<V>::sqrt_wide(discriminant)
        }
    };
    // s = k² / (|m·u| + q): both terms positive, so nothing cancels.
    let distance = over::<V>(|| k_squared(m, radius, k_sq), approach.abs().add(q), k_sq);
    Some((distance, Normal::Along, c))
}

/// [`disc_entry`] on the start, the centre and the radii scaled by the power of two
/// `scale` (exact, short of underflow), the distance scaled back.
#[cold]
#[inline(never)]
fn disc_rescaled<V: Vector2>(
    start: V,
    (direction, low): (V, V),
    unit: V,
    c: V,
    radii: (S<V>, S<V>),
    scale: S<V>,
) -> Option<LazyEntry<V>> {
    let (start_scaled, c_scaled) = (start.scale(scale), c.scale(scale));
    let radii = (radii.0.mul(scale), radii.1.mul(scale));
    let m = start_scaled.sub(c_scaled);
    let scaled = disc_entry(
        start_scaled,
        (direction, low),
        unit,
        c_scaled,
        radii,
        m,
        (false, None),
    );
    // The normal formed here, on the scaled copy.
    scaled.map(|(distance, normal, _)| {
        let normal = normal.resolve(start_scaled, unit, (distance, c_scaled));
        (distance.div(scale), Normal::Known(normal), c)
    })
}

/// `|m|² − r²` as a narrow scalar: computed directly when that agrees exactly with the
/// wide value `k_sq` (always for floats, where the two are the same operations), `None`
/// otherwise (fixed point, whose narrow products round or saturate).
#[inline]
pub(crate) fn k_squared<V: Vector2>(m: V, radius: S<V>, k_sq: W<V>) -> Option<S<V>> {
    let narrow = m.dot(m).sub(radius.mul(radius));
    (narrow.mul_wide(S::<V>::ONE) == k_sq).then_some(narrow)
}

/// `k² / den` for `k² = |k_sq|` carrying the sign of `k_sq`: the wide value divided
/// exactly where the scalar can (fixed point: one rounding, no root); else the narrow `k²`
/// (asked of `narrow` only then: [`k_squared`]) divided when it is exact, else
/// `k · (k / den)` with `k = √|k_sq|`, which neither overflows nor loses the small values
/// of a scalar whose narrow square rounds.
#[inline]
pub(crate) fn over<V: Vector2>(
    narrow: impl FnOnce() -> Option<S<V>>,
    den: S<V>,
    k_sq: W<V>,
) -> S<V> {
    if let Some(ratio) = S::<V>::wide_over(k_sq, den) {
        return ratio;
    }
    if let Some(k2) = narrow() {
        return k2.div(den);
    }
    let k = S::<V>::sqrt_wide(k_sq.abs());
    let ratio = k.mul(k.div(den));
    if k_sq < <W<V> as Wide>::ZERO {
        ratio.neg()
    } else {
        ratio
    }
}

/// The horizon of [`disc_lazy`] answers `None` only for an entry at or beyond it: the
/// entry with and without it on random fixed-point paths, for horizons just below, at and
/// just above the entry and for the other end's entry (as the cast kernel passes it).
#[cfg(all(test, feature = "fixed", feature = "std"))]
mod horizon {
    use super::disc_lazy;
    use crate::num::Num;
    use crate::test_rng::Rng;
    use crate::vector::VectorOps;
    use fixed::types::{I16F16, I32F32, I48F16};

    fn agree<T: crate::Scalar + core::fmt::Debug>(from: impl Fn(f64) -> T, ulp: T) -> usize {
        let mut rng = Rng(41);
        let (mut skipped, mut entries) = (0, 0);
        for i in 0..20_000 {
            let mut point = |half: f64| [rng.uniform(-half, half), rng.uniform(-half, half)];
            let (c, other, start) = (point(4.0), point(4.0), point(12.0));
            let aim = point(1.5);
            let direction = [c[0] + aim[0] - start[0], c[1] + aim[1] - start[1]];
            let p = |q: [f64; 2]| q.map(&from);
            let Some(unit) = p(direction).normalize() else {
                continue;
            };
            let radii = (from(rng.uniform(0.0, 1.5)), from(rng.uniform(0.0, 1.0)));
            let moving = (p(direction), p([0.0, 0.0]));
            let disc = |centre, horizon| disc_lazy(p(start), moving, unit, centre, radii, horizon);
            let Some((entry, ..)) = disc(p(c), None) else {
                continue;
            };
            entries += 1;
            let near = [entry.sub(ulp), entry, entry.add(ulp)];
            let horizons = [near[i % 3], disc(p(other), None).map_or(entry, |e| e.0)];
            for horizon in horizons {
                match disc(p(c), Some(horizon)) {
                    None => {
                        skipped += 1;
                        assert!(entry >= horizon, "{entry:?} < {horizon:?}: {start:?} {c:?}");
                    }
                    Some(with) => assert!(with.0 == entry, "{start:?} {c:?} {direction:?}"),
                }
            }
        }
        assert!(entries > 5_000, "{entries} entries");
        skipped
    }

    #[test]
    fn a_horizon_skips_only_entries_beyond_it() {
        let one = |bits: u32| 1.0 / f64::from(1_u32 << bits);
        let skipped = [
            agree(I32F32::from_num, I32F32::from_num(one(31) / 2.0)),
            agree(I16F16::from_num, I16F16::from_num(one(16))),
            agree(I48F16::from_num, I48F16::from_num(one(16))),
        ];
        std::eprintln!("entries skipped by the horizon: {skipped:?}");
        assert!(skipped.iter().all(|&s| s > 1_000), "{skipped:?}");
    }
}
