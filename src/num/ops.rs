//! `Num`: the crate's own view of a [`Scalar`], its arithmetic as methods (`a.add(b)`)
//! and its numerics hooks, unsealed. Crate-private, so that it never meets a user's
//! `std::ops` or `Ord`.

use core::cmp::Ordering;

use super::{SEAL, Scalar, Seal, Wide};

/// The crate's own view of a [`Scalar`]: its arithmetic as methods (`a.add(b)`) and its
/// numerics hooks, unsealed. Private, so that it never meets a user's `std::ops` or `Ord`.
pub(crate) trait Num: Scalar {
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        <Self as Scalar>::plus(self, rhs)
    }
    #[inline(always)]
    fn sub(self, rhs: Self) -> Self {
        <Self as Scalar>::minus(self, rhs)
    }
    #[inline(always)]
    fn mul(self, rhs: Self) -> Self {
        <Self as Scalar>::times(self, rhs)
    }
    #[inline(always)]
    fn div(self, rhs: Self) -> Self {
        <Self as Scalar>::over(self, rhs)
    }
    #[inline(always)]
    fn neg(self) -> Self {
        <Self as Scalar>::negated(self)
    }
    #[inline(always)]
    fn is_finite(self) -> bool {
        <Self as Scalar>::is_finite(self)
    }
    /// `self ÷ 2`, exactly where the type allows.
    #[inline(always)]
    fn half(self) -> Self {
        Self::__half(self, SEAL)
    }
    /// `self` halved `k` times: a power-of-two fraction, exact in every scalar type
    /// (until it underflows).
    #[inline(always)]
    fn half_times(self, k: u32) -> Self {
        let mut x = self;
        for _ in 0..k {
            x = x.half();
        }
        x
    }
    /// `±∞` becomes the largest finite value of the same sign; the rest is unchanged.
    #[inline(always)]
    fn saturate(self) -> Self {
        Self::__saturate(self, SEAL)
    }
    #[inline(always)]
    fn is_nan(self) -> bool {
        Self::__is_nan(self, SEAL)
    }
    #[inline(always)]
    fn abs(self) -> Self {
        Self::__abs(self, SEAL)
    }
    /// The smaller of two values; `self` when they are unordered (NaN) or equal (so that
    /// `min(−0, +0)` is deterministic).
    #[inline(always)]
    fn min(self, rhs: Self) -> Self {
        if rhs < self { rhs } else { self }
    }
    /// The larger of two values; `self` when unordered or equal.
    #[inline(always)]
    fn max(self, rhs: Self) -> Self {
        if rhs > self { rhs } else { self }
    }
    /// The product in the wide type: exact for fixed point.
    #[inline(always)]
    fn mul_wide(self, rhs: Self) -> Self::Wide {
        Self::__mul_wide(self, rhs, SEAL)
    }
    /// `√w` back in the narrow type; zero for a negative input.
    #[inline(always)]
    fn sqrt_wide(w: Self::Wide) -> Self {
        Self::__sqrt_wide(w, SEAL)
    }
    /// `num ÷ den` clamped to `[0, 1]`: 0 when `num ≤ 0` (or NaN), 1 when `num ≥ den`.
    #[inline(always)]
    fn unit_ratio(num: Self::Wide, den: Self::Wide) -> Self {
        Self::__unit_ratio(num, den, SEAL)
    }
    /// Whether `a × b ≤ c × d` for non-negative wide values (exact for fixed point).
    #[inline(always)]
    fn wide_product_le(a: Self::Wide, b: Self::Wide, c: Self::Wide, d: Self::Wide) -> bool {
        Self::__wide_product_le(a, b, c, d, SEAL)
    }
    /// [`wide_product_le`](Self::wide_product_le) where its "yes" is certain: `None` for
    /// a "yes" that squares which overflowed or underflowed may have given (floats: the
    /// right side infinite, or the left one below the smallest normal; a user scalar's
    /// every "yes"), for the caller to ask again without the squares.
    #[inline(always)]
    fn wide_product_le_certain(
        a: Self::Wide,
        b: Self::Wide,
        c: Self::Wide,
        d: Self::Wide,
    ) -> Option<bool> {
        Self::__wide_product_le_certain(a, b, c, d, SEAL)
    }
    /// `√(x² + y²)`, without overflow or underflow for the crate's scalars.
    #[inline(always)]
    fn hypot(x: Self, y: Self) -> Self {
        Self::__hypot(x, y, SEAL)
    }
    /// The unit vector along `(x, y)`, or `None` for the zero vector (and NaN).
    #[inline(always)]
    fn normalize(x: Self, y: Self) -> Option<(Self, Self)> {
        Self::__normalize(x, y, SEAL)
    }
    /// The sign of `(u − o) × (v − o)` (exact for the crate's scalars).
    #[inline(always)]
    fn orient(o: [Self; 2], u: [Self; 2], v: [Self; 2]) -> Ordering {
        Self::__orient(o, u, v, SEAL)
    }
    /// Where segment `pq` crosses the line `uv`, as parameters in `[0, 1]` from `p` towards
    /// `q` and from `q` towards `p` (each computed on its own, not as one minus the other).
    #[inline(always)]
    fn crossing_ratios(u: [Self; 2], v: [Self; 2], p: [Self; 2], q: [Self; 2]) -> (Self, Self) {
        Self::__crossing_ratios(u, v, p, q, SEAL)
    }
    /// The unit roundoff of the wide products that [`wide::cross`](crate::vector) forms, for
    /// the filters in front of the exact cast refinements: `2^-53` for f64, `2^-24` for
    /// f32, 0 where those products are exact or no exact refinement exists.
    #[inline(always)]
    fn unit_roundoff() -> Self {
        Self::__unit_roundoff(SEAL)
    }
    /// Whether the path from `start` along `direction` (`[[x, x_low], [y, y_low]]`) passes
    /// exactly through `c`, ahead of the start (see `exact::through_point`); `None` where
    /// no exact answer exists.
    #[inline(always)]
    fn through_point(start: [Self; 2], direction: [[Self; 2]; 2], c: [Self; 2]) -> Option<bool> {
        Self::__through_point(start, direction, c, SEAL)
    }
    /// A cast's entry through the side walls of a segment, decided and measured exactly
    /// for a path nearly along it (see `exact::wall_entry`); `direction` is
    /// `[[x, x_low], [y, y_low]]`, the direction and its rounding. `None`: no exact
    /// answer (fixed point keeps its rounded one); `Some(None)`: no entry.
    #[inline(always)]
    fn wall_entry(
        start: [Self; 2],
        direction: [[Self; 2]; 2],
        a: [Self; 2],
        b: [Self; 2],
        radii: [Self; 2],
    ) -> Option<Option<Self>> {
        Self::__wall_entry(start, direction, a, b, radii, SEAL)
    }
    /// Where a cast's side-wall entry lies along the segment `core`, exactly (see
    /// `exact_cast::wall_extent`): `Less` before its start, `Greater` beyond its end,
    /// `Equal` between. `None`: no exact answer (fixed point keeps its rounded one).
    #[inline(always)]
    fn wall_extent(
        start: [Self; 2],
        direction: [[Self; 2]; 2],
        core: [[Self; 2]; 2],
        radii: [Self; 2],
    ) -> Option<core::cmp::Ordering> {
        Self::__wall_extent(start, direction, core, radii, SEAL)
    }
    /// Half the chord a cast's line cuts from a disc (see `exact_cast::half_chord`), given
    /// the rounded discriminant: `Some(None)` for a miss, `None` when the squares of the
    /// inputs overflow or underflow (the caller rescales).
    #[inline(always)]
    fn half_chord(
        start: [Self; 2],
        direction: [[Self; 2]; 2],
        c: [Self; 2],
        radii: [Self; 2],
        discriminant: Self::Wide,
        approach: Self,
    ) -> Option<Option<Self>> {
        Self::__half_chord(start, direction, c, radii, discriminant, approach, SEAL)
    }
    /// Whether `|p − q| ≤ r₁ + r₂`; false for a negative or NaN radius.
    #[inline(always)]
    fn within_point(p: [Self; 2], q: [Self; 2], r1: Self, r2: Self) -> bool {
        Self::__within_point(p, q, r1, r2, SEAL)
    }
    /// Whether the distance from `p` to segment `ab` is at most `r₁ + r₂`.
    #[inline(always)]
    fn within_segment(p: [Self; 2], a: [Self; 2], b: [Self; 2], r1: Self, r2: Self) -> bool {
        Self::__within_segment(p, a, b, r1, r2, SEAL)
    }
    /// [`within_segment`](Self::within_segment) asked on its own, not inside a larger
    /// kernel (the `within_segment_alone` hook).
    #[inline(always)]
    fn within_segment_alone(p: [Self; 2], a: [Self; 2], b: [Self; 2], r1: Self, r2: Self) -> bool {
        Self::__within_segment_alone(p, a, b, r1, r2, SEAL)
    }
    /// `num ÷ den` for a wide `num`, rounded once, where the scalar divides wide values
    /// exactly (fixed point: the quotient of the raw values is the answer's raw value,
    /// rounded half away from zero and saturated); `None` for the other scalars.
    #[inline(always)]
    fn wide_over(num: Self::Wide, den: Self) -> Option<Self> {
        Self::__wide_over(num, den, SEAL)
    }
    /// The careful projection's integers, computed without saturation where that is
    /// certain (fixed point within its fast paths' limit, `num/fast_fixed.rs`): the
    /// closest point, `(p − a)·v`, `|v|²` and `v × (p − a)` for `v = b − a`. `None` for the
    /// other scalars and inputs: the careful projection runs.
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn project_exact(
        a: [Self; 2],
        b: [Self; 2],
        p: [Self; 2],
    ) -> Option<([Self; 2], Self::Wide, Self::Wide, Self::Wide)> {
        Self::__project_exact(a, b, p, SEAL)
    }
    /// The point of segment `ab` nearest `p`: by the certified fast path where the scalar
    /// has one and its certificate holds, `careful(a, b, p)` elsewhere. The scalar decides
    /// where the careful path runs (out of line for `f32`'s, so that its fast path keeps
    /// nothing alive for it).
    #[inline(always)]
    fn closest_on_segment_or<F>(a: [Self; 2], b: [Self; 2], p: [Self; 2], careful: F) -> [Self; 2]
    where
        F: FnOnce([Self; 2], [Self; 2], [Self; 2]) -> [Self; 2],
    {
        Self::__closest_on_segment_or(a, b, p, careful, SEAL)
    }
    /// The nearest features of `p` and segment `ab` for a contact (unit normal from the
    /// segment towards `p`, distance, the segment's nearest point) by a certified fast path
    /// (`num/fast.rs`), or `None` where the certificate fails or the scalar has none.
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn segment_features(
        a: [Self; 2],
        b: [Self; 2],
        p: [Self; 2],
    ) -> Option<([Self; 2], Self, [Self; 2])> {
        Self::__segment_features(a, b, p, SEAL)
    }
    /// Whether `p` lies within `r₁ + r₂` of segment `ab` and, where it does, the
    /// [`segment_features`](Self::segment_features), by one pass over shared integers
    /// (fixed point within its fast paths' limit, `num/fast_fixed.rs`): `Some(None)` for
    /// "apart", `Some(Some(features))` for "within", `None` where the scalar has no such
    /// pass or it does not answer (the predicate, then the features, decide).
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn segment_contact(
        p: [Self; 2],
        a: [Self; 2],
        b: [Self; 2],
        r1: Self,
        r2: Self,
    ) -> Option<Option<([Self; 2], Self, [Self; 2])>> {
        Self::__segment_contact(p, a, b, r1, r2, SEAL)
    }
    /// [`segment_features`](Self::segment_features) by a path whose answers are the
    /// careful path's bit for bit (`f64`'s), or `None` where the scalar has none or its
    /// case is not the common one: for the segment pairs, whose manifolds compare the
    /// contact normal with a face normal bit for bit.
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn segment_features_identical(
        a: [Self; 2],
        b: [Self; 2],
        p: [Self; 2],
    ) -> Option<([Self; 2], Self, [Self; 2])> {
        Self::__segment_features_identical(a, b, p, SEAL)
    }
    /// The distance from `p` to segment `ab` by a certified fast path (`num/fast.rs`), or
    /// `None` where the certificate fails or the scalar has none.
    #[inline(always)]
    fn distance_to_segment(a: [Self; 2], b: [Self; 2], p: [Self; 2]) -> Option<Self> {
        Self::__distance_to_segment(a, b, p, SEAL)
    }
    /// A cast by the certified fast path (`num/fast_cast.rs`): the point `start` moving
    /// along `direction` against segment `core` inflated by `radii[0] + radii[1]`, within
    /// `max_time`. `Some(Some((time, normal, core point)))` for a hit, `Some(None)` for a
    /// miss, `None` where the certificate fails or the scalar has none (the careful path
    /// decides).
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn cast_certified(
        start: [Self; 2],
        direction: [Self; 2],
        core: [[Self; 2]; 2],
        radii: [Self; 2],
        max_time: Self,
    ) -> Option<Option<(Self, [Self; 2], [Self; 2])>> {
        Self::__cast_certified(start, direction, core, radii, max_time, SEAL)
    }
    /// A cast of core `x` moving by `motion` against core `y` held still, inflated by
    /// `radii[0] + radii[1]`, by the certified fast path (`num/fast_cast.rs`): `(time,
    /// normal facing x, y's core point)`, `Some(None)` for a miss, `None` where the
    /// certificate fails or the scalar has none.
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn cast_cores_certified(
        x: [[Self; 2]; 2],
        y: [[Self; 2]; 2],
        radii: [Self; 2],
        motion: [Self; 2],
    ) -> Option<Option<(Self, [Self; 2], [Self; 2])>> {
        Self::__cast_cores_certified(x, y, radii, motion, SEAL)
    }
    /// A cast in the layout that suits the scalar: `whole()`, the fast and the careful
    /// path inline together (`f64`, fixed point), or `split()`, the fast path inline and
    /// the careful path out of line, reading its inputs again from the shape (`f32`: the
    /// loop that casts then keeps nothing alive for that rare path and loads its inputs
    /// straight into the vector registers). Both give the same answer; only code layout
    /// depends on the choice (measured in `docs/benchmarks.md`).
    #[inline(always)]
    fn cast_layout<R>(whole: impl FnOnce() -> R, split: impl FnOnce() -> R) -> R {
        Self::__cast_layout(whole, split, SEAL)
    }
    /// What a filter in front of the careful cast kernel knows of the point moving from
    /// `start` along `direction`, `0 ≤ t ≤ max_time`, against segment `core` inflated by
    /// `radii[0] + radii[1]` (fixed point, `num/fixed_miss.rs`): `Some(true)`, certainly no
    /// hit; `Some(false)`, the start certainly clear of the shape; `None` (and for the
    /// other scalars), neither. With `Some(false)` and `wall` set comes
    /// [`Scalar::wall_outlook`]'s answer for the same path and radius, formed from the
    /// filter's own values (`(false, None)`, nothing known, otherwise).
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn path_outlook(
        start: [Self; 2],
        direction: [Self; 2],
        max_time: Self,
        core: [[Self; 2]; 2],
        radii: [Self; 2],
        wall: bool,
    ) -> (Option<bool>, (bool, Option<Ordering>)) {
        Self::__path_outlook(start, direction, max_time, core, radii, wall, SEAL)
    }
    /// The next value above `self` where the scalar has one on a fixed grid (fixed
    /// point, short of its maximum), `None` otherwise (floats).
    #[inline(always)]
    fn next_up(self) -> Option<Self> {
        Self::__next_up(self, SEAL)
    }
    /// Whether the careful kernel's entry into the disc of `radius` around `c` (`disc_lazy`
    /// in `src/motion/cap.rs`), for a path from `start` in any direction, is certainly
    /// later than `entry`, by distance alone (fixed point, `num/fixed_miss.rs`): then an
    /// end disc need not be cast once the other one's entry is known. `false` where not
    /// certain, and for the other scalars.
    #[inline(always)]
    fn disc_entry_after(start: [Self; 2], c: [Self; 2], radius: Self, entry: Self) -> bool {
        Self::__disc_entry_after(start, c, radius, entry, SEAL)
    }
    /// What a filter knows of the careful kernel's wall test for a start moving towards
    /// the line of segment `core` inflated by `radius` (fixed point,
    /// `num/fixed_miss.rs`): whether the start is certainly outside the slab `|σ| ≤
    /// radius` (`true`), and, for a start outside it, where the path enters the slab
    /// along the segment: certainly before `core[0]` (`Less`), between the ends
    /// (`Equal`), beyond `core[1]` (`Greater`), or not certain (`None`). The other scalars
    /// know nothing: `(false, None)`.
    #[inline(always)]
    fn wall_outlook(
        start: [Self; 2],
        direction: [Self; 2],
        core: [[Self; 2]; 2],
        radius: Self,
    ) -> (bool, Option<Ordering>) {
        Self::__wall_outlook(start, direction, core, radius, SEAL)
    }
    /// The same for core `x` swept by `motion` against core `y` held still: `Some(true)`,
    /// certainly no hit; `Some(false)`, the two certainly apart at the start; `None`,
    /// neither.
    #[inline(always)]
    fn swept_outlook(
        x: [[Self; 2]; 2],
        motion: [Self; 2],
        y: [[Self; 2]; 2],
        radii: [Self; 2],
    ) -> Option<bool> {
        Self::__swept_outlook(x, motion, y, radii, SEAL)
    }
    /// The fast path's kernel as the batch functions run it, branch-free: the point and
    /// whether its certificate holds; `None` for a scalar without one (a constant, so
    /// the batch picks its kernel once).
    #[inline(always)]
    fn closest_on_segment_kernel(
        a: [Self; 2],
        b: [Self; 2],
        p: [Self; 2],
    ) -> Option<([Self; 2], bool)> {
        Self::__closest_on_segment(a, b, p, SEAL)
    }
    /// The closest points of segments `x` and `y` by a certified fast path
    /// (`num/fast.rs`): a crossing point twice, or the nearest endpoint and its projection;
    /// `None` where the certificate fails or the scalar has none.
    #[inline(always)]
    fn segment_closest_points(
        xa: [Self; 2],
        xb: [Self; 2],
        ya: [Self; 2],
        yb: [Self; 2],
    ) -> Option<([Self; 2], [Self; 2])> {
        Self::__segment_closest_points(xa, xb, ya, yb, SEAL)
    }
    /// The distance between segments `x` and `y` by a certified fast path
    /// (`num/fast.rs`), without their closest points; `None` where the certificate fails or
    /// the scalar has none.
    #[inline(always)]
    fn segment_distance(
        xa: [Self; 2],
        xb: [Self; 2],
        ya: [Self; 2],
        yb: [Self; 2],
    ) -> Option<Self> {
        Self::__segment_distance(xa, xb, ya, yb, SEAL)
    }
    /// Whether cores with the ends `points`, whose distance is `gap` (from the scalar's
    /// fast path where `fast`, else the careful one), are certainly more than
    /// `radii[0] + radii[1]` apart (`num/fast_pair.rs`, `num/fixed_miss.rs`); false where
    /// uncertain or the scalar has no such certificate.
    #[inline(always)]
    fn apart(gap: Self, radii: [Self; 2], points: [[Self; 2]; 4], fast: bool) -> bool {
        Self::__apart(gap, radii, points, fast, SEAL)
    }
    /// Whether no face of segments `x` and `y` can give a two-point manifold (within
    /// `margin`, their contact `depth` deep), by a certificate (`num/fast_manifold.rs`);
    /// false where it cannot tell or the scalar has none.
    #[inline(always)]
    fn no_two_points(
        x: [[Self; 2]; 2],
        y: [[Self; 2]; 2],
        radii: [Self; 2],
        margin: Self,
        depth: Self,
    ) -> bool {
        Self::__no_two_points(x, y, radii, margin, depth, SEAL)
    }
    /// A bound on the rounding of the wide values a segment pair forms in its local frame.
    #[inline(always)]
    fn gap_tolerance(magnitude: Self) -> Self::Wide {
        Self::__gap_tolerance(magnitude, SEAL)
    }
    /// A power of two that brings `largest` near 1 (`ONE` when no scaling is needed).
    #[inline(always)]
    fn rescale_factor(largest: Self) -> Self {
        Self::__rescale_factor(largest, SEAL)
    }
    /// Whether `largest` (a largest magnitude, never negative) is finite and needs no
    /// scaling: [`rescale_factor`](Self::rescale_factor) is `ONE` for it and the rare paths
    /// for overflowed or non-finite values can be skipped. One range test on the common
    /// path instead of a finiteness test and the factor's own. May be `false` for values
    /// that need no scaling either (floats: zero), which the general path handles.
    #[inline(always)]
    fn scale_free(largest: Self) -> bool {
        Self::__scale_free(largest, SEAL)
    }
    /// The largest absolute value among `values`.
    #[inline(always)]
    fn largest_magnitude<const N: usize>(values: [Self; N]) -> Self {
        values
            .iter()
            .fold(Self::ZERO, |m, v| Num::max(m, Num::abs(*v)))
    }
}

impl<T: Scalar> Num for T {}

/// The earlier of two candidate hits `(time, …)`: the one with the smaller time, the first
/// on a tie, either where the other is missing. The casts (`motion/ray.rs`,
/// `motion/cast.rs`, `num/fast_cast.rs`) take their earliest candidate with it.
#[inline(always)]
pub(crate) fn earlier<T: PartialOrd, A, B>(
    x: Option<(T, A, B)>,
    y: Option<(T, A, B)>,
) -> Option<(T, A, B)> {
    match (x, y) {
        (Some(p), Some(q)) => Some(if q.0 < p.0 { q } else { p }),
        (p, q) => p.or(q),
    }
}

/// The provided [`Scalar::__within_segment`]: the regions by exact wide dot products, then
/// the squared distance to the nearest end, or in the interior `cross² ≤ R² |v|²` by
/// [`Scalar::__wide_product_le`]. A free function, so that a scalar overriding the hook
/// (fixed point, on a fast path) can still fall back to it.
#[inline]
pub(crate) fn provided_within_segment<T: Scalar>(
    p: [T; 2],
    a: [T; 2],
    b: [T; 2],
    r1: T,
    r2: T,
    seal: Seal,
) -> bool {
    if !(r1 >= T::ZERO && r2 >= T::ZERO) {
        return false;
    }
    let mw = |x, y| T::__mul_wide(x, y, seal);
    let (vx, vy) = (T::minus(b[0], a[0]), T::minus(b[1], a[1]));
    let (wx, wy) = (T::minus(p[0], a[0]), T::minus(p[1], a[1]));
    let along = mw(wx, vx).add(mw(wy, vy));
    if !(along > <T::Wide as Wide>::ZERO) {
        return T::__within_point(p, a, r1, r2, seal);
    }
    let length_sq = mw(vx, vx).add(mw(vy, vy));
    if !(along < length_sq) {
        return T::__within_point(p, b, r1, r2, seal);
    }
    let cross = mw(vx, wy).sub(mw(vy, wx)).abs();
    let radius = T::plus(r1, r2);
    T::__wide_product_le(cross, cross, mw(radius, radius), length_sq, seal)
}

/// `f32`'s cast layout (`Num::cast_layout`): `split`, the fast path inline and the careful
/// path out of line ([`cold`]).
#[inline(always)]
pub(crate) fn split<R, F: FnOnce() -> R, G: FnOnce() -> R>(whole: F, split: G) -> R {
    let _ = whole;
    split()
}

/// `f64`'s cast layout (`Num::cast_layout`): `whole`, all inline (its ray was measured
/// slower split).
#[inline(always)]
pub(crate) fn whole<R, F: FnOnce() -> R, G: FnOnce() -> R>(whole: F, split: G) -> R {
    let _ = split;
    whole()
}

/// `careful()` out of line: a cast's careful path in the split layout.
#[cold]
#[inline(never)]
pub(crate) fn cold<R>(careful: impl FnOnce() -> R) -> R {
    careful()
}
