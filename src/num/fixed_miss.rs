//! Certain misses for fixed point's casts: a float filter in front of the careful cast
//! kernel (`src/motion/ray.rs`, `src/motion/cast.rs`), which it only ever skips where
//! that kernel's answer is known: "no hit" for a path that certainly stays too far from
//! the shape, "outside" for the start-inside contact of a start certainly clear of it.
//!
//! The careful kernel works on the fixed-point grid and rounds at every step, so a hit it
//! reports may be slightly off the exact geometry, but not far: at the distance `s` it
//! reports (at most its rounded reach), the exact path's point lies within `r + e` of the
//! core, where `e` is a few units in the last place per unit of the inputs' magnitude.
//! Through a wall, from the rounded signed distance and rate, `|σ(s) − r|` is at most
//! `s·|δrate|` plus a few `|δσ|`. Through an end disc, only within `e` of tangency can a
//! rounded discriminant be `≥ 0` for a line that misses, and the rounded root then moves
//! the point along the tangent, which changes its distance from the centre only to second
//! order. The rounded reach errs by `max_time + 1` units at most. So where the exact path
//! stays farther than `r + E` from the core, `E = 2¹² (M + max_time + 2)` units in the
//! last place with `M` the sum of the inputs' magnitudes (`docs/numerics.md`, "Certain
//! misses (fixed point)"), the kernel finds no hit, and the filter says so.
//!
//! The distances are measured in `f64` on the raw values (units in the last place), with
//! a slack of `2⁻⁴⁰ M` for the conversions and the float roundings (a few `2⁻⁵³ M`): two
//! segments are apart by more than `ρ` when their boxes are, or when they certainly do not
//! cross (the orientations of one's ends against the other's line certainly alike) and
//! each end of each is farther than `ρ` from the other. The filter's answer never changes
//! a result, only how soon it comes, so it need not be the same on every target (an x87
//! FPU may round its last bits differently): the results, decided by the careful kernel's
//! integers, are.

use super::fast_fixed::{Raw, in_range};
use core::cmp::Ordering;

/// The margin's factor: `2¹²` units in the last place per unit of magnitude. The unit
/// tests still pass with 1 and fail with 0: a thousandfold room over the errors they
/// provoke.
const MARGIN_ULPS: f64 = 4096.0;

/// The gap's margin factor in [`apart_by`]: `2⁶` units in the last place per unit of
/// magnitude, sixteen times the careful gap's error.
const GAP_ULPS: f64 = 64.0;

/// [`wall_outlook`]'s margin factor: `2⁶` units in the last place per unit of
/// magnitude, over the rate.
#[cfg(any(feature = "std", feature = "libm"))]
const MARGIN_WALL: f64 = 64.0;

/// `2⁻⁴⁰`: the float slack, relative to the inputs' magnitude.
const SLACK: f64 = 1.0 / 1_099_511_627_776.0;

type P = [f64; 2];

/// The raw value of a fixed-point number, in units in its last place (rounded to `f64`
/// beyond 53 significant bits, within the slack): the geometry is measured in those units,
/// which saves scaling every input.
#[inline(always)]
fn units<T: Raw>(x: T) -> f64 {
    x.raw() as f64
}

#[inline(always)]
fn unit_point<T: Raw>(p: [T; 2]) -> P {
    [units(p[0]), units(p[1])]
}

#[inline(always)]
fn sub(p: P, q: P) -> P {
    [p[0] - q[0], p[1] - q[1]]
}

#[inline(always)]
fn add(p: P, q: P) -> P {
    [p[0] + q[0], p[1] + q[1]]
}

/// `|x|`, by clearing the sign bit (branch-free).
#[inline(always)]
fn abs(x: f64) -> f64 {
    f64::from_bits(x.to_bits() & !(1 << 63))
}

/// `|p|₁`, at least `|p|∞` and `|p|₂` (a magnitude for the margins, which a larger one
/// only widens), with no comparison.
#[inline(always)]
fn size(p: P) -> f64 {
    abs(p[0]) + abs(p[1])
}

#[inline(always)]
fn cross(p: P, q: P) -> f64 {
    p[0] * q[1] - p[1] * q[0]
}

/// The squared distance from `p` to segment `ab` (`a` itself for a point segment), in
/// floats: within a few `2⁻⁵³ M²` of the exact one (a rounded projection parameter only
/// changes it to second order).
#[inline(always)]
fn distance_sq(p: P, a: P, b: P) -> f64 {
    let v = sub(b, a);
    distance_sq_along(p, a, v, v[0] * v[0] + v[1] * v[1])
}

/// [`distance_sq`] to the segment from `a` along `v`, with `|v|²` given (shared by the
/// several points measured against one segment).
#[inline(always)]
fn distance_sq_along(p: P, a: P, v: P, length_sq: f64) -> f64 {
    let w = sub(p, a);
    let along = v[0] * w[0] + v[1] * w[1];
    // Clamped to `[0, |v|²]` before the division, by selects (no branch: the region is
    // data, and a branch on it is mispredicted), for the same `t` as a test of each end
    // region first: exactly 0 or 1 there (a point segment: `0 / 1`).
    let along = if along < 0.0 { 0.0 } else { along };
    let along = if along > length_sq { length_sq } else { along };
    let t = along / if length_sq > 0.0 { length_sq } else { 1.0 };
    let q = sub(w, [v[0] * t, v[1] * t]);
    q[0] * q[0] + q[1] * q[1]
}

/// Whether `u` and `v` (orientations) certainly have the same strict sign, each beyond
/// `bound`.
#[inline(always)]
fn same_side(u: f64, v: f64, bound: f64) -> bool {
    // Non-short-circuit: four comparisons, no branch.
    ((u > bound) & (v > bound)) | ((u < -bound) & (v < -bound))
}

/// Whether segments `pq` and `ab` are certainly farther apart than `rho`, given the
/// inputs' magnitude `m` (for the slack). NaN anywhere answers `false`.
#[inline(always)]
fn apart(p: P, q: P, a: P, b: P, rho: f64, m: f64) -> bool {
    let slack = m * SLACK;
    let far = rho + slack;
    // Boxes apart: one comparison per side.
    let boxes_apart = |i: usize| {
        let (p_lo, p_hi) = lo_hi(p[i], q[i]);
        let (a_lo, a_hi) = lo_hi(a[i], b[i]);
        p_lo > a_hi + far || a_lo > p_hi + far
    };
    if boxes_apart(0) || boxes_apart(1) {
        return true;
    }
    let orient_bound = m * m * SLACK;
    if crossing_possible(p, q, a, b, orient_bound) {
        return false;
    }
    // Then the nearest pair has an end of one segment: each end farther than `rho`.
    let far_sq = far * far + orient_bound;
    distance_sq(p, a, b) > far_sq
        && distance_sq(q, a, b) > far_sq
        && distance_sq(a, p, q) > far_sq
        && distance_sq(b, p, q) > far_sq
}

/// Whether segments `pq` and `ab` may cross: unless the ends of one are certainly on one
/// side of the other's line (a rounded orientation errs by at most a few `2⁻⁵³ M²`, below
/// `bound`).
#[inline(always)]
fn crossing_possible(p: P, q: P, a: P, b: P, bound: f64) -> bool {
    let (v, u) = (sub(b, a), sub(q, p));
    !(same_side(cross(v, sub(p, a)), cross(v, sub(q, a)), bound)
        | same_side(cross(u, sub(a, p)), cross(u, sub(b, p)), bound))
}

/// The smaller and the larger of two floats.
#[inline(always)]
fn lo_hi(x: f64, y: f64) -> (f64, f64) {
    if x < y { (x, y) } else { (y, x) }
}

/// Whether the lines along `d` through the points `x` lie certainly farther than `far`
/// from segment `y`, all on one side of it: a separating axis across `d`, positions
/// measured as `d × p` (times `|d|`), compared in squares. One test answers most paths
/// that pass by, before any distance or division. A rounded `d × p` errs by a few `2⁻⁵³`
/// of `|d|∞ m`, below the slack.
#[inline(always)]
fn apart_across(x: [P; 2], y: [P; 2], d: P, far: f64, m: f64) -> bool {
    let (x_lo, x_hi) = lo_hi(cross(d, x[0]), cross(d, x[1]));
    let (y_lo, y_hi) = lo_hi(cross(d, y[0]), cross(d, y[1]));
    let (ahead, behind) = (y_lo - x_hi, x_lo - y_hi);
    let gap = if ahead > behind { ahead } else { behind };
    let clear = gap - 4.0 * size(d) * m * SLACK;
    let dd = d[0] * d[0] + d[1] * d[1];
    (clear > 0.0) & (clear * clear > far * far * dd * (1.0 + SLACK))
}

/// `2^−frac`, one unit in the last place.
#[inline(always)]
fn ulp<T: Raw>() -> f64 {
    f64::from_bits(u64::from(1023 - T::FRAC) << 52)
}

/// The careful kernel's error margin `E` in units in the last place, for inputs of
/// magnitude `m` (in the same units) and a reach of `max_time` steps:
/// `2¹² (m · ulp + max_time + 2)`.
#[inline(always)]
fn margin<T: Raw>(m: f64, max_time: f64) -> f64 {
    MARGIN_ULPS * (m * ulp::<T>() + max_time + 2.0)
}

/// What the filter knows of the careful kernel's wall test: [`wall_outlook`]'s answer.
pub(crate) type Wall = (bool, Option<Ordering>);

/// The wall test's outlook where nothing is known.
const UNKNOWN: Wall = (false, None);

/// What the filter knows of a point moving from `start` along `direction` for
/// `0 ≤ t ≤ max_time` against segment `core` inflated by `radii[0] + radii[1]` (a ray, or
/// a circle of `radii[0]` swept against a shape of `radii[1]`): `Some(true)` where the
/// path certainly stays farther than the careful kernel's margin (no hit), `Some(false)`
/// where only the start is certainly clear of the shape (the kernel's start-inside test
/// would say "outside"), `None` where neither is certain.
///
/// With `Some(false)` and `with_wall` set comes [`wall_outlook`]'s answer for the same
/// path and the radius `radii[0] + radii[1]`, from the values already converted here (the
/// careful kernel then goes on to its wall test, and mostly hits); [`UNKNOWN`] otherwise.
#[inline(always)]
pub(crate) fn path_outlook<T: Raw>(
    start: [T; 2],
    direction: [T; 2],
    max_time: T,
    core: [[T; 2]; 2],
    radii: [T; 2],
    with_wall: bool,
) -> (Option<bool>, Wall) {
    let (o, d, steps) = (unit_point(start), unit_point(direction), units(max_time));
    let (a, b) = (unit_point(core[0]), unit_point(core[1]));
    let (r0, r1) = (units(radii[0]), units(radii[1]));
    // Every input below the limit: their sum is (a float sum of magnitudes is at least
    // each of them, and the conversions are monotone), one comparison for eleven.
    let inputs = size(o) + size(d) + size(a) + size(b) + abs(r0) + abs(r1) + abs(steps);
    let t = steps * ulp::<T>();
    // The reach `|direction| · max_time` must not saturate either (a saturated reach and
    // distance would compare equal).
    if !(inputs < T::LIMIT as f64) || !(2.0 * size(d) * t < T::LIMIT as f64) {
        return (None, UNKNOWN);
    }
    let radius = r0 + r1;
    let end = add(o, [d[0] * t, d[1] * t]);
    let m = size(o) + size(end) + size(a) + size(b) + abs(radius);
    let rho = radius + margin::<T>(m, abs(t));
    let far = rho + m * SLACK;
    // A path passing by: the most common miss, first.
    if apart_across([o, o], [a, b], d, far, m) {
        return (Some(true), UNKNOWN);
    }
    let far_sq = far * far + m * m * SLACK;
    let v = sub(b, a);
    let length_sq = v[0] * v[0] + v[1] * v[1];
    if !(distance_sq_along(o, a, v, length_sq) > far_sq) {
        return (None, UNKNOWN);
    }
    // The wall test's outlook, where [`wall_outlook`] would give one: every raw value of
    // its inputs below its limit (their sum is; `radius`, a sum of two of them, is exact).
    // Only where the kernel asks for it: a proper segment (a point has no walls) and a
    // radius (`side` decides a bare segment's crossing without it).
    #[cfg(not(any(feature = "std", feature = "libm")))]
    let _ = with_wall;
    let wall = || {
        #[cfg(any(feature = "std", feature = "libm"))]
        {
            let asked = with_wall & (length_sq > 0.0) & (radius > 0.0);
            if asked && wall_fits::<T>() && inputs < WALL_LIMIT as f64 {
                return wall_units::<T>(o, d, [a, b], (v, length_sq), abs(radius));
            }
        }
        UNKNOWN
    };
    // The rest of `apart`, cheapest first for a hit: a path that hits mostly ends near
    // the shape or crosses its core.
    if !(distance_sq_along(end, a, v, length_sq) > far_sq) {
        return (Some(false), wall());
    }
    let box_apart = |i: usize| {
        let (p_lo, p_hi) = lo_hi(o[i], end[i]);
        let (a_lo, a_hi) = lo_hi(a[i], b[i]);
        p_lo > a_hi + far || a_lo > p_hi + far
    };
    if box_apart(0) || box_apart(1) {
        return (Some(true), UNKNOWN);
    }
    let miss = !crossing_possible(o, end, a, b, m * m * SLACK)
        && distance_sq(a, o, end) > far_sq
        && distance_sq(b, o, end) > far_sq;
    if miss {
        (Some(true), UNKNOWN)
    } else {
        (Some(false), wall())
    }
}

/// Whether cores with the ends `points`, whose distance the careful path gave as `gap`,
/// are certainly more than `radii[0] + radii[1]` apart, so that the exact intersection
/// test would say no (`query::distance`; `time_of_impact` asks it at every step).
///
/// The careful gap's closest points are each off by at most `|v| + 2` units in the last
/// place (`|v|` a segment's length in whole units, at most `2M`), and the length of their
/// difference rounds once more: under `4M + 6` units. The margin, `2⁶ (M + 2)` units, is
/// sixteen times that, and the `f64` slack covers the conversions. Only a skipped test
/// depends on the floats: the answer is the careful path's `gap − r₁ − r₂`, in fixed
/// point, either way.
#[inline(always)]
pub(crate) fn apart_by<T: Raw>(gap: T, radii: [T; 2], points: [[T; 2]; 4]) -> bool {
    let [p, q, a, b] = points.map(|p| p.map(T::raw));
    let values = [
        gap.raw(),
        radii[0].raw(),
        radii[1].raw(),
        p[0],
        p[1],
        q[0],
        q[1],
        a[0],
        a[1],
        b[0],
        b[1],
    ];
    if !in_range(values, T::LIMIT) {
        return false;
    }
    let [p, q, a, b] = points.map(unit_point);
    let m = size(p) + size(q) + size(a) + size(b);
    let excess = units(gap) - units(radii[0]) - units(radii[1]);
    excess > GAP_ULPS * (m * ulp::<T>() + 2.0) + m * SLACK
}

/// What the filter knows of core `x` swept by `motion` (the parallelogram of
/// `x + t·motion`, `0 ≤ t ≤ 1`) against core `y` held still, inflated by `radii[0] +
/// radii[1]`: `Some(true)` where it certainly stays farther than the careful kernel's
/// margin (no hit), `Some(false)` where only the start is certainly apart (the exact
/// contact would find none), `None` where neither is certain.
#[inline(always)]
pub(crate) fn swept_outlook<T: Raw>(
    x: [[T; 2]; 2],
    motion: [T; 2],
    y: [[T; 2]; 2],
    radii: [T; 2],
) -> Option<bool> {
    let raw = |p: [T; 2]| p.map(T::raw);
    let [xa, xb, ya, yb, r, d] = [x[0], x[1], y[0], y[1], radii, motion].map(raw);
    if !in_range(
        [
            xa[0], xa[1], xb[0], xb[1], ya[0], ya[1], yb[0], yb[1], r[0], r[1], d[0], d[1],
        ],
        T::LIMIT,
    ) {
        return None;
    }
    let (xa, xb, d) = (unit_point(x[0]), unit_point(x[1]), unit_point(motion));
    let (ya, yb) = (unit_point(y[0]), unit_point(y[1]));
    let radius = units(radii[0]) + units(radii[1]);
    let (xa_end, xb_end) = (add(xa, d), add(xb, d));
    let m = size(xa) + size(xb) + size(xa_end) + size(xb_end) + size(ya) + size(yb) + abs(radius);
    let rho = radius + margin::<T>(m, 1.0);
    // The whole parallelogram's box apart from `y`'s, or `y` to one side of its sweep:
    // one test each for most misses.
    let far = rho + m * SLACK;
    if apart_across([xa, xb], [ya, yb], d, far, m) {
        return Some(true);
    }
    let box_apart = |i: usize| {
        let (lo, hi) = lo_hi(xa[i], xb[i]);
        let (lo, hi) = (lo + lo_hi(0.0, d[i]).0, hi + lo_hi(0.0, d[i]).1);
        let (y_lo, y_hi) = lo_hi(ya[i], yb[i]);
        lo > y_hi + far || y_lo > hi + far
    };
    if box_apart(0) || box_apart(1) {
        return Some(true);
    }
    if !apart(xa, xb, ya, yb, rho, m) {
        return None;
    }
    // Each other edge of the parallelogram apart from `y` (the end position first: for a
    // hit it is usually the near one)…
    let edges_apart = apart(xa_end, xb_end, ya, yb, rho, m)
        && apart(xa, xa_end, ya, yb, rho, m)
        && apart(xb, xb_end, ya, yb, rho, m);
    if !edges_apart {
        return Some(false);
    }
    // …and `y` not inside it (then it would cross no edge): `ya − xa = α v + β d` with
    // `α` or `β` certainly outside `[0, 1]`. A parallelogram within rounding of flat
    // answers `false`.
    let (v, w) = (sub(xb, xa), sub(ya, xa));
    let area = cross(v, d);
    let bound = m * m * SLACK;
    if !(abs(area) > bound) {
        return Some(false);
    }
    let (alpha, beta) = (cross(w, d), cross(v, w));
    let outside = |c: f64| {
        // c / area outside [0, 1], beyond the rounding of both.
        let (c, area) = if area < 0.0 { (-c, -area) } else { (c, area) };
        c < -bound || c > area + bound
    };
    Some(outside(alpha) || outside(beta))
}

/// The rate's floor in [`wall_outlook`]: `2⁻⁶`, in squares `2⁻¹²`.
#[cfg(any(feature = "std", feature = "libm"))]
const RATE_SQ_FLOOR: f64 = 1.0 / 4096.0;

/// What the filter knows of the careful kernel's wall test (`side` in
/// `src/motion/ray.rs`) for a start moving along `direction` towards the line of segment
/// `core` (the kernel decided that exactly), inflated by `radius`:
///
/// - whether the start is certainly outside the slab `|σ| ≤ radius` (`true`: the
///   kernel's exact test would say so), with `|v × w|` beyond `radius |v|` by more than
///   the float slack;
/// - for a start outside it, where the path enters the slab, measured along the segment:
///   certainly before `core[0]` (`Less`: the kernel's rounded check fails, and the end
///   discs answer), between the ends (`Equal`: it passes), beyond `core[1]`
///   (`Greater`), or not certain, or within `2⁻⁶` radians of parallel to the segment
///   (`None`).
///
/// The kernel rounds the unit normal `n`, the unit direction `u` and the unit `t` along
/// the segment (each component within one unit in the last place, `ε`), the height
/// `σ = (o − a)·n`, the rate `|u·n|`, the distance `s = (σ − radius) / rate` and the
/// position `(o − a)·t + s (u·t)`, each product and quotient once. So its position errs
/// by at most `3 (|o − a|₁ + 4s + 4) ε / rate`, and its length of the segment by half a
/// unit. The filter's margin is `2⁶ ((|o − a|₁ + |b − a|₁ + s + radius) ε + 1) / rate`,
/// five times that, plus two units and the float slack `2⁻⁴⁰ (…) / rate`: with raw
/// inputs below `2^52`, exact in floats with their differences, the float position errs
/// by under `2⁻⁴⁵` of the same sum over the rate (`docs/numerics.md`, "Certain wall
/// entries (fixed point)").
#[cfg(any(feature = "std", feature = "libm"))]
#[inline(always)]
pub(crate) fn wall_outlook<T: Raw>(
    start: [T; 2],
    direction: [T; 2],
    core: [[T; 2]; 2],
    radius: T,
) -> Wall {
    let raw = |p: [T; 2]| p.map(T::raw);
    let [o, d, a, b] = [start, direction, core[0], core[1]].map(raw);
    if !wall_inputs::<T, 9>([o[0], o[1], d[0], d[1], a[0], a[1], b[0], b[1], radius.raw()]) {
        return UNKNOWN;
    }
    let (o, d) = (unit_point(start), unit_point(direction));
    let (a, b, r) = (unit_point(core[0]), unit_point(core[1]), abs(units(radius)));
    let v = sub(b, a);
    wall_units::<T>(o, d, [a, b], (v, dot(v, v)), r)
}

/// Raw values below `2^52`, so that they and their differences are exact in floats
/// ([`wall_outlook`], [`disc_entry_after`]).
const WALL_LIMIT: i64 = 1 << 52;

/// Whether the format suits [`wall_outlook`] and [`disc_entry_after`] ([`wall_fits`]) and
/// the raw `values` lie below its limit and [`WALL_LIMIT`].
#[inline(always)]
fn wall_inputs<T: Raw, const N: usize>(values: [i64; N]) -> bool {
    let limit = if T::LIMIT < WALL_LIMIT {
        T::LIMIT
    } else {
        WALL_LIMIT
    };
    wall_fits::<T>() && in_range(values, limit)
}

/// Whether the format suits [`wall_outlook`] and [`disc_entry_after`]: one (`2^FRAC`
/// raw) well inside the limit, so that unit vectors do not saturate, and at least 12
/// fractional bits, so that the rounded rate stays within `2⁻⁴` of itself.
#[inline(always)]
const fn wall_fits<T: Raw>() -> bool {
    T::FRAC >= 12 && T::FRAC < 60 && (1_i64 << T::FRAC) < T::LIMIT
}

/// Whether the careful kernel's entry into the disc of `radius` around `c`
/// (`disc_lazy`, `src/motion/cap.rs`), for a path from `start` along any rounded unit
/// vector `u`, is certainly later than `entry`, by distance alone.
///
/// With `m = start − c` and `R` the radius, in units in the last place, the kernel forms
/// `k² = |m|² − R²` exactly, returns distance 0 only where `k² ≤ 0`, and otherwise enters
/// at `k² / (|m·u| + q)` rounded once (half a unit), with the half chord `0 ≤ q ≤ R` (the
/// rounded root of at most `R²`) and `|m·u|` rounded once from a `u` whose components are
/// each within a unit of the exact unit vector's: `|m·u| ≤ |m| (1 + 2⁻ᶠ·2) + 1` for `f`
/// fractional bits. So the entry is at least `(|m| − R)(|m| + R) / (|m| + R + ε) − ½ ≥
/// |m| − R − ε − ½` with `ε = 2|m| 2⁻ᶠ + 1` (a point disc, `R = 0`, enters at `|m|`
/// rounded). This answers `true` where `|m| (1 − 4·2⁻ᶠ − 2⁻⁴⁰) > entry + R + 4`, compared
/// in squares (the float roundings, a few `2⁻⁵³` of each side, are far inside the
/// `2⁻⁴⁰`), with raw inputs below `2^52`, so that `m` is exact in floats.
#[inline(always)]
pub(crate) fn disc_entry_after<T: Raw>(start: [T; 2], c: [T; 2], radius: T, entry: T) -> bool {
    if !wall_inputs::<T, 6>([start[0], start[1], c[0], c[1], radius, entry].map(T::raw)) {
        return false;
    }
    #[cfg(all(test, feature = "std"))]
    if walls::OFF.with(core::cell::Cell::get) {
        return false;
    }
    let m = sub(unit_point(start), unit_point(c));
    let reach = abs(units(entry)) + abs(units(radius)) + 4.0;
    let k = 1.0 - 4.0 * ulp::<T>() - SLACK;
    reach * reach < (m[0] * m[0] + m[1] * m[1]) * (k * k)
}

/// [`wall_outlook`] on the inputs in units in the last place, exact (raw values below
/// [`WALL_LIMIT`], in a format that [`wall_fits`]): the start `o`, the direction `d`,
/// the core's ends, `v = b − a` with `|v|²`, and the radius `r ≥ 0`.
#[cfg(any(feature = "std", feature = "libm"))]
#[inline(always)]
fn wall_units<T: Raw>(o: P, d: P, [a, b]: [P; 2], (v, vv): (P, f64), r: f64) -> Wall {
    #[cfg(all(test, feature = "std"))]
    if walls::OFF.with(core::cell::Cell::get) {
        return UNKNOWN;
    }
    let w = sub(o, a);
    let (h0, h1) = (abs(cross(v, w)), abs(cross(v, d)));
    let dd = dot(d, d);
    let length = super::fixed::float_sqrt(vv);
    let m = size(o) + size(a) + size(b);
    let clear = h0 - m * m * SLACK > r * length * (1.0 + SLACK);
    // rate = |h1| / (|v| |d|) ≥ 2⁻⁶ (NaN answers `None`).
    if !(h1 * h1 >= RATE_SQ_FLOOR * vv * dd) {
        #[cfg(all(test, feature = "std"))]
        walls::count(clear, None);
        return (clear, None);
    }
    let speed = super::fixed::float_sqrt(dd);
    let rate = h1 / (length * speed);
    // The entry after τ directions, `s = τ |d|` along the path.
    let tau = (h0 - r * length) / h1;
    let s = abs(tau * speed);
    // The kernel's values stay far from saturating.
    if !(s < T::LIMIT as f64) {
        return (clear, None);
    }
    let along = (dot(w, v) + tau * dot(d, v)) / length;
    let x = size(w) + size(v) + s + r;
    let e = (MARGIN_WALL * (x * ulp::<T>() + 1.0) + x * SLACK) / rate + 2.0;
    let outlook = if along > e && along < length - e {
        Some(Ordering::Equal)
    } else if along < -e {
        Some(Ordering::Less)
    } else if along > length + e {
        Some(Ordering::Greater)
    } else {
        None
    };
    #[cfg(all(test, feature = "std"))]
    walls::count(clear, outlook);
    (clear, outlook)
}

#[cfg(any(feature = "std", feature = "libm"))]
#[inline(always)]
fn dot(p: P, q: P) -> f64 {
    p[0] * q[0] + p[1] * q[1]
}

// The tests' float generator (`test_rng`'s `uniform`) needs `std`.
#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use crate::motion::cast::{CastOptions, cast_careful};
    use crate::motion::ray::Ray;
    use crate::motion::sweep::sweep_careful;
    use crate::num::{Num, Scalar};
    use crate::shape::{Capsule, Circle, Core, Shape};
    use crate::test_rng::Rng;
    use fixed::types::{I16F16, I32F32, I48F16};

    /// The value of a fixed-point number.
    fn value<T: Raw>(x: T) -> f64 {
        units(x) * ulp::<T>()
    }

    fn point<T: Raw>(p: [T; 2]) -> P {
        [value(p[0]), value(p[1])]
    }

    /// The exact segment–segment distance's float approximation, for placing test inputs
    /// near the filter's threshold (`None` for crossing segments).
    fn gap(p: P, q: P, a: P, b: P) -> Option<f64> {
        let (v, u) = (sub(b, a), sub(q, p));
        let crossing = !same_side(cross(v, sub(p, a)), cross(v, sub(q, a)), 0.0)
            && !same_side(cross(u, sub(a, p)), cross(u, sub(b, p)), 0.0);
        if crossing {
            return None;
        }
        let d = [
            distance_sq(p, a, b),
            distance_sq(q, a, b),
            distance_sq(a, p, q),
            distance_sq(b, p, q),
        ];
        Some(<f64 as Scalar>::sqrt(
            d.into_iter().fold(f64::INFINITY, f64::min),
        ))
    }

    /// Rays, sweeps and capsule casts whose exact clearance from the shape is placed at
    /// multiples of the filter's margin around its threshold (and at random): wherever
    /// the filter says "certainly no hit", the careful kernel finds none; wherever it says
    /// "the start is clear", the contact query finds none. Returns how many certain misses
    /// lay within four margins of the threshold (the cases that test the margin itself).
    fn certain_misses_hold<T: Raw + Scalar + fixed::traits::Fixed>(scales: [f64; 4]) -> usize {
        let mut rng = Rng(0x0f1e_2d3c_4b5a_6978);
        let of = |x: f64| T::saturating_from_num(x);
        let mut near = 0;
        // `CAPSULE2D_MISS_CASES` (CI: 200,000) overrides the count.
        let cases = std::env::var("CAPSULE2D_MISS_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(30_000);
        for case in 0..cases {
            let s = scales[case % 4];
            let pick = |rng: &mut Rng, span: f64| {
                [of(rng.uniform(-span, span)), of(rng.uniform(-span, span))]
            };
            let a = pick(&mut rng, s);
            let b = if case % 6 == 0 { a } else { pick(&mut rng, s) };
            let (o, d) = if case % 7 == 3 && a != b {
                // Alongside the core, nearly parallel to it (the wall entry's worst
                // conditioning): from behind `a`, off the line by up to `s / 4`, slanting
                // towards it by up to `2⁻²⁰`.
                let (pa, pb) = (point(a), point(b));
                let v = sub(pb, pa);
                let normal = [-v[1], v[0]];
                let off = rng.uniform(-0.25, 0.25);
                let o = [0, 1].map(|i| of(pa[i] - 0.3 * v[i] + off * normal[i]));
                let slant = rng.uniform(-1.0, 1.0) / 1_048_576.0;
                let d = [0, 1].map(|i| of(1.6 * v[i] + slant * normal[i]));
                (o, d)
            } else {
                let o = pick(&mut rng, 3.0 * s);
                let target = [rng.uniform(-s, s), rng.uniform(-s, s)];
                let share = rng.uniform(0.2, 2.0);
                (o, [0, 1].map(|i| of((target[i] - value(o[i])) * share)))
            };
            let max_time = of(rng.uniform(0.0, 1.5));
            let start_radius = if case % 2 == 0 {
                <T as Scalar>::ZERO
            } else {
                of(rng.uniform(0.0, s / 8.0))
            };
            // The path's clearance from the core; the shape's radius set to leave a gap of
            // a chosen number of margins (or a random radius).
            let (pa, pb) = (point(a), point(b));
            let end = add(
                point(o),
                [value(d[0]) * value(max_time), value(d[1]) * value(max_time)],
            );
            let m = size(point(o)) + size(end) + size(pa) + size(pb) + size(point(d)) + 2.0 * s;
            let e = margin::<T>(m / ulp::<T>(), value(max_time)) * ulp::<T>();
            let k = [-1.0, 0.0, 0.5, 1.0, 1.01, 1.5, 2.0, 4.0, 100.0][case % 9];
            let radius = match gap(point(o), end, pa, pb) {
                Some(clearance) if case % 5 != 0 => clearance - value(start_radius) - k * e,
                _ => rng.uniform(0.0, s / 4.0),
            };
            if !(radius >= 0.0) {
                continue;
            }
            let radius = of(radius);
            let (outlook, wall) =
                path_outlook(o, d, max_time, [a, b], [start_radius, radius], true);
            let capsule = Capsule::new(a, b, radius);
            match outlook {
                Some(true) => {
                    if (1.0..=4.0).contains(&k) && case % 5 != 0 {
                        near += 1;
                    }
                    if start_radius == <T as Scalar>::ZERO {
                        let hit = Ray::new(o, d).cast_careful(a, b, radius, max_time, None);
                        assert!(
                            hit.is_none(),
                            "ray {case}: {o:?} {d:?} {max_time:?} {a:?} {b:?} {radius:?}: {hit:?}"
                        );
                    } else {
                        let circle = Circle::new(o, start_radius);
                        // A sweep's whole motion is one step: scaled to `max_time`.
                        let motion = [Num::mul(d[0], max_time), Num::mul(d[1], max_time)];
                        let short = path_outlook(
                            o,
                            motion,
                            <T as Scalar>::ONE,
                            [a, b],
                            [start_radius, radius],
                            false,
                        );
                        if short.0 == Some(true) {
                            let hit = sweep_careful(&circle, motion, a, b, radius, None);
                            assert!(hit.is_none(), "sweep {case}: {hit:?}");
                        }
                    }
                }
                Some(false) => {
                    let contact = Circle::new(o, start_radius).contact(&capsule);
                    assert!(contact.is_none(), "clear start {case}: {contact:?}");
                    // The wall test's outlook that comes with it is `wall_outlook`'s.
                    // (Or nothing, where the inputs' magnitudes sum beyond its range.)
                    let alone = wall_outlook(o, d, [a, b], Num::add(start_radius, radius));
                    assert!(wall == alone || wall == UNKNOWN, "wall outlook {case}");
                }
                None => assert_eq!(wall, UNKNOWN),
            }
            // A capsule cast: a short stick from `o` swept by `d` against the capsule.
            let tip = [
                Num::add(o[0], of(rng.uniform(-s, s) / 4.0)),
                Num::add(o[1], of(rng.uniform(-s, s) / 4.0)),
            ];
            let x = [o, tip];
            let swept = swept_outlook(x, d, [a, b], [start_radius, radius]);
            let options = CastOptions::default();
            let xcore = Core::Segment(o, tip);
            let ycore = capsule.core();
            match swept {
                Some(true) => {
                    let hit = cast_careful(
                        (xcore, start_radius),
                        (ycore, radius),
                        (d, [<T as Scalar>::ZERO, <T as Scalar>::ZERO]),
                        options,
                        false,
                    );
                    assert!(
                        hit.is_none(),
                        "cast {case}: {x:?} {d:?} {a:?} {b:?}: {hit:?}"
                    );
                }
                Some(false) => {
                    let stick = Capsule::new(o, tip, start_radius);
                    assert!(stick.contact(&capsule).is_none(), "apart start {case}");
                }
                None => {}
            }
        }
        near
    }

    #[test]
    fn same_side_needs_both_beyond_the_bound_with_one_sign() {
        assert!(same_side(1.0, 2.0, 0.5));
        assert!(same_side(-1.0, -2.0, 0.5));
        assert!(!same_side(1.0, -2.0, 0.5));
        assert!(!same_side(-1.0, 2.0, 0.5));
        // Within the bound on either side: not certain.
        assert!(!same_side(0.5, 2.0, 0.5));
        assert!(!same_side(2.0, 0.4, 0.5));
        assert!(!same_side(-0.5, -2.0, 0.5));
        assert!(!same_side(-2.0, -0.4, 0.5));
        assert!(!same_side(f64::NAN, 2.0, 0.5));
    }

    #[test]
    fn crossings_are_excluded_only_when_certain() {
        let b = 1e-9;
        // An X: they cross.
        assert!(crossing_possible(
            [-1.0, -1.0],
            [1.0, 1.0],
            [-1.0, 1.0],
            [1.0, -1.0],
            b
        ));
        // Parallel, one above the other: excluded.
        assert!(!crossing_possible(
            [0.0, 1.0],
            [4.0, 1.0],
            [0.0, 0.0],
            [4.0, 0.0],
            b
        ));
        // A T whose stem stops short of the bar: excluded (both ends of the stem lie on one
        // side of the bar's line).
        assert!(!crossing_possible(
            [0.0, 0.5],
            [0.0, 3.0],
            [-1.0, 0.0],
            [1.0, 0.0],
            b
        ));
        // A T whose stem touches the bar: an orientation is zero, not certain.
        assert!(crossing_possible(
            [0.0, 0.0],
            [0.0, 3.0],
            [-1.0, 0.0],
            [1.0, 0.0],
            b
        ));
        // Collinear and apart: every orientation is zero, not certain either.
        assert!(crossing_possible(
            [2.0, 0.0],
            [3.0, 0.0],
            [-1.0, 0.0],
            [1.0, 0.0],
            b
        ));
    }

    #[test]
    fn apart_decides_by_boxes_or_by_the_ends() {
        let m = 10.0;
        // Side by side, 1 apart: apart for `ρ` below 1, not for `ρ` above.
        let (p, q, a, b) = ([0.0, 1.0], [4.0, 1.0], [0.0, 0.0], [4.0, 0.0]);
        assert!(apart(p, q, a, b, 0.9, m));
        assert!(!apart(p, q, a, b, 1.1, m));
        // Boxes 5 apart along x.
        let (p, q) = ([10.0, 0.0], [12.0, 3.0]);
        assert!(apart(p, q, a, b, 5.9, m));
        assert!(!apart(p, q, a, b, 6.1, m));
        // Crossing (an X): never apart, however small `ρ`.
        assert!(!apart(
            [-1.0, -1.0],
            [1.0, 1.0],
            [-1.0, 1.0],
            [1.0, -1.0],
            0.0,
            m
        ));
        // The nearest pair is an end of the second segment against the first's interior.
        let (p, q, a, b) = ([0.0, 0.0], [4.0, 0.0], [2.0, 1.5], [2.0, 5.0]);
        assert!(apart(p, q, a, b, 1.4, m));
        assert!(!apart(p, q, a, b, 1.6, m));
        // And the other way round.
        assert!(apart(a, b, p, q, 1.4, m));
        assert!(!apart(a, b, p, q, 1.6, m));
        // Boxes that overlap, so that the ends decide: parallel diagonals `√2` apart.
        let (p, q, a, b) = ([0.0, 2.0], [1.0, 3.0], [0.0, 0.0], [4.0, 4.0]);
        assert!(apart(p, q, a, b, 1.41, m));
        assert!(!apart(p, q, a, b, 1.42, m));
        // Collinear and apart, which only the boxes can tell (every orientation is zero).
        let (p, q, a, b) = ([2.0, 0.0], [3.0, 0.0], [-1.0, 0.0], [1.0, 0.0]);
        assert!(apart(p, q, a, b, 0.9, m));
        assert!(!apart(p, q, a, b, 1.1, m));
        // The same with the first segment on the left: the boxes' other comparison.
        assert!(apart(a, b, p, q, 0.9, m));
        assert!(!apart(a, b, p, q, 1.1, m));
        let (p, q, a, b) = ([0.0, 2.0], [0.0, 3.0], [0.0, -1.0], [0.0, 1.0]);
        assert!(apart(p, q, a, b, 0.9, m));
    }

    #[test]
    fn the_margin_is_two_to_the_twelve_units_per_unit_of_magnitude() {
        // I32F32: `m` of 1.0 is 2^32 units; (1 + 3 + 2) · 2^12 units.
        let m = 4_294_967_296.0;
        assert_eq!(margin::<I32F32>(m, 3.0), 6.0 * 4096.0);
        assert_eq!(margin::<I16F16>(65536.0 * 10.0, 0.0), 12.0 * 4096.0);
    }

    /// Wherever `disc_entry_after` says the kernel's disc entry is later than `entry`, it
    /// is (or the disc is missed): random discs and paths, head on, grazing within a few
    /// units in the last place of tangency and in between, at four magnitudes, against
    /// `entry` placed a few units below the kernel's own entry and further off. Returns
    /// how many times it said so within 64 units of the entry (the margin's own cases).
    fn later_discs_are_later<T: Raw + Scalar + fixed::traits::Fixed>(ulp: f64) -> usize {
        use crate::motion::cap::disc_lazy;
        use crate::vector::VectorOps;
        let mut rng = Rng(0x0d15_c0de_5eed);
        let of = |x: f64| T::saturating_from_num(x);
        let (mut near, mut said) = (0, 0);
        for case in 0..20_000 {
            let scale = [1.0, 10.0, 100.0, 0.01][case % 4];
            let c = [
                rng.uniform(-4.0, 4.0) * scale,
                rng.uniform(-4.0, 4.0) * scale,
            ];
            let r = [0.0, rng.uniform(0.0, 1.5) * scale][usize::from(case % 5 != 0)];
            let distance = rng.uniform(0.0, 6.0) * scale + r;
            let angle = rng.uniform(0.0, core::f64::consts::TAU);
            let start = [c[0] + distance * angle.cos(), c[1] + distance * angle.sin()];
            // The miss distance of the line: through the centre, at the edge give or take a
            // few units, or anywhere across the disc.
            let miss = match case % 3 {
                0 => 0.0,
                1 => r + rng.uniform(-8.0, 8.0) * ulp * scale,
                _ => rng.uniform(-1.2, 1.2) * r,
            };
            let toward = [c[0] - start[0], c[1] - start[1]];
            let length = (toward[0] * toward[0] + toward[1] * toward[1]).sqrt();
            let aim = [0, 1].map(|i| c[i] + miss * [-toward[1], toward[0]][i] / length);
            let d = [0, 1].map(|i| (aim[i] - start[i]) * rng.uniform(0.5, 2.0));
            let (p, dp) = (start.map(of), d.map(of));
            let Some(unit) = dp.normalize() else {
                continue;
            };
            let (cp, rp) = (c.map(of), of(r));
            let radii = (<T as Scalar>::ZERO, rp);
            let zero = [<T as Scalar>::ZERO; 2];
            let kernel = disc_lazy(p, (dp, zero), unit, cp, radii, None).map(|e| e.0);
            // Candidates: the kernel's own entry less a few units, and fractions of it.
            let base: f64 = match kernel {
                Some(s) => value(s),
                None => distance - r,
            };
            let offsets = [0.0, 1.0, 4.0, 16.0, 64.0, 4096.0].map(|k: f64| base - k * ulp * scale);
            let units = [8.0, 24.0, 32.0, 48.0].map(|k: f64| base - k * ulp);
            let fractions = [0.5, 0.9, 0.99].map(|f| base * f);
            for entry in offsets.into_iter().chain(units).chain(fractions) {
                let entry = of(entry.max(0.0));
                if disc_entry_after(p, cp, rp, entry) {
                    said += 1;
                    if kernel.is_some_and(|s| value(s) - value(entry) <= 64.0 * ulp * scale) {
                        near += 1;
                    }
                    assert!(
                        kernel.is_none_or(|s| s > entry),
                        "case {case}: {p:?} {dp:?} {cp:?} {rp:?}: {kernel:?} <= {entry:?}"
                    );
                }
            }
        }
        assert!(said > 10_000, "said {said}");
        near
    }

    #[test]
    fn later_discs_are_later_in_every_format() {
        let near = [
            later_discs_are_later::<I32F32>(1.0 / 4_294_967_296.0),
            later_discs_are_later::<I16F16>(1.0 / 65_536.0),
            later_discs_are_later::<I48F16>(1.0 / 65_536.0),
        ];
        std::eprintln!("certain within 64 units of the entry: {near:?}");
    }

    #[test]
    fn far_paths_are_certain_misses_and_far_starts_are_clear() {
        let v = |x: f64, y: f64| [I32F32::from_num(x), I32F32::from_num(y)];
        let core = [v(0.0, 0.0), v(4.0, 0.0)];
        let radii = [I32F32::ZERO, I32F32::from_num(0.5)];
        let one = <I32F32 as Scalar>::ONE;
        // Parallel to the core, 0.6 from it: 0.1 beyond the radius, far more than `E`.
        assert_eq!(
            path_outlook(v(-1.0, 0.6), v(6.0, 0.0), one, core, radii, true),
            (Some(true), UNKNOWN)
        );
        // 0.4 from it: it hits, and the start is clear; it runs along the walls, inside
        // their slab (nothing known of the wall test).
        assert_eq!(
            path_outlook(v(-1.0, 0.4), v(6.0, 0.0), one, core, radii, true),
            (Some(false), (false, None))
        );
        // Too short to reach: a certain miss.
        assert_eq!(
            path_outlook(v(-3.0, 0.0), v(1.0, 0.0), one, core, radii, true),
            (Some(true), UNKNOWN)
        );
        // Crossing the core from far away: the start is clear, the path is not; it starts
        // outside the slab and enters it through the upper wall, at x = 2 between the ends.
        assert_eq!(
            path_outlook(v(2.0, 5.0), v(0.0, -10.0), one, core, radii, true),
            (Some(false), (true, Some(Ordering::Equal)))
        );
        // The same beyond the end at x = 4: into the slab at x = 4.21, `b`'s disc decides.
        assert_eq!(
            path_outlook(v(4.3, 5.0), v(-0.2, -10.0), one, core, radii, true),
            (Some(false), (true, Some(Ordering::Greater)))
        );
        // Starting inside: nothing certain.
        assert_eq!(
            path_outlook(v(2.0, 0.2), v(0.0, 1.0), one, core, radii, true),
            (None, UNKNOWN)
        );
        // Beyond the safe range: nothing certain.
        let far = [I32F32::from_bits(1 << 61), I32F32::ZERO];
        assert_eq!(
            path_outlook(far, v(1.0, 0.0), one, core, radii, true),
            (None, UNKNOWN)
        );
        // A stick swept past the capsule: apart by 0.1 beyond the radii, a certain miss…
        let stick = [v(-1.0, 1.1), v(-1.0, 2.0)];
        assert_eq!(swept_outlook(stick, v(6.0, 0.0), core, radii), Some(true));
        // …and swept through it: apart at the start only.
        let low = [v(-1.0, 0.3), v(-1.0, 2.0)];
        assert_eq!(swept_outlook(low, v(6.0, 0.0), core, radii), Some(false));
        // The capsule inside the parallelogram a long stick sweeps: no edge is near it.
        let tall = [v(-2.0, -9.0), v(-2.0, 9.0)];
        assert_eq!(swept_outlook(tall, v(10.0, 0.0), core, radii), Some(false));
        // Touching at the start: nothing certain.
        let touching = [v(-0.4, 0.0), v(-0.4, 2.0)];
        assert_eq!(swept_outlook(touching, v(-6.0, 0.0), core, radii), None);
    }

    #[test]
    fn certain_misses_are_misses_i32f32() {
        let near = certain_misses_hold::<I32F32>([1.0, 64.0, 4096.0, 1.0e6]);
        assert!(near >= 100, "only {near} certain misses near the threshold");
    }

    #[test]
    fn certain_misses_are_misses_i16f16() {
        let near = certain_misses_hold::<I16F16>([1.0, 16.0, 256.0, 2048.0]);
        assert!(near >= 100, "only {near} certain misses near the threshold");
    }

    #[test]
    fn certain_misses_are_misses_i48f16() {
        let near = certain_misses_hold::<I48F16>([1.0, 1.0e3, 1.0e6, 1.0e9]);
        assert!(near >= 100, "only {near} certain misses near the threshold");
    }

    /// `apart_by` against the exact intersection test, on segment pairs and point–segment
    /// pairs in three formats at several magnitudes, with the radii summing to within a
    /// few margins of the careful gap on either side, and far below it (where it must
    /// hold).
    #[test]
    fn apart_by_agrees_with_the_exact_test() {
        fn run<T: Raw + Scalar + core::fmt::Debug>(from: impl Fn(f64) -> T, ulp: f64, rate: usize) {
            let mut rng = Rng(31);
            let (mut far, mut certified_far, mut near) = (0, 0, 0);
            for i in 0..20_000 {
                let offset = [0.0, 3.0, -40.0][i % 3];
                let mut point = || {
                    [
                        from(offset + rng.uniform(-4.0, 4.0)),
                        from(offset + rng.uniform(-4.0, 4.0)),
                    ]
                };
                let (a, b, c) = (point(), point(), point());
                let d = if i % 4 == 0 { c } else { point() };
                let (x, y) = (Capsule::new(a, b, from(0.0)), Capsule::new(c, d, from(0.0)));
                let gap = x.distance(&y);
                if !(value(gap) > 0.0) {
                    continue;
                }
                // Near: the radii within a few thousand units of the gap; far: half of it.
                let total = if i % 2 == 0 {
                    value(gap) + rng.uniform(-3e4, 3e4) * ulp
                } else {
                    value(gap) / 2.0
                };
                let share = rng.unit();
                let radii = [from(total * share), from(total * (1.0 - share))];
                let certified = apart_by(gap, radii, [a, b, c, d]);
                let exact = Capsule::new(a, b, radii[0]).intersects(&Capsule::new(c, d, radii[1]));
                if certified {
                    assert!(!exact, "{a:?} {b:?} {c:?} {d:?} {radii:?}");
                }
                if i % 2 == 0 {
                    near += 1;
                } else {
                    far += 1;
                    certified_far += usize::from(certified || value(gap) < 1e-3);
                }
            }
            std::eprintln!("apart_by: {certified_far} of {far} pairs apart by half their gap");
            assert!(
                near > 5_000 && certified_far * 100 >= far * rate,
                "{certified_far} of {far}"
            );
        }
        // A coarse grid (16 fractional bits) leaves the margin a larger share of the gap.
        run(I32F32::from_num, 1.0 / 4_294_967_296.0, 99);
        run(I16F16::from_num, 1.0 / 65_536.0, 90);
        run(I48F16::from_num, 1.0 / 65_536.0, 90);
    }
}

/// [`wall_outlook`] changes no result: rays, sweeps and capsule casts with and without it,
/// bit for bit, in three fixed-point formats, on paths aimed at the segment's ends (the
/// entry within a few units in the last place up to a tenth of the segment beyond or
/// short of an end), at slants near the filter's floor of `2⁻⁶` radians, and at random.
#[cfg(all(test, feature = "std"))]
mod walls {
    use crate::motion::cast::CastOptions;
    use crate::motion::ray::Ray;
    use crate::shape::{Capsule, Circle, Shape};
    use crate::test_rng::Rng;
    use core::cell::Cell;
    use fixed::types::{I16F16, I32F32, I48F16};

    std::thread_local! {
        /// Set: the filter answers `None`, as the careful kernel alone would run.
        pub(super) static OFF: Cell<bool> = const { Cell::new(false) };
        /// The filter's answers on this thread: the entry between the ends, beyond one,
        /// not certain; the start certainly outside the slab.
        static ANSWERS: Cell<[usize; 4]> = const { Cell::new([0; 4]) };
    }

    /// Counts an answer of the filter.
    pub(super) fn count(clear: bool, outlook: Option<core::cmp::Ordering>) {
        let i = match outlook {
            Some(core::cmp::Ordering::Equal) => 0,
            Some(_) => 1,
            None => 2,
        };
        ANSWERS.with(|answers| {
            let mut all = answers.get();
            all[i] += 1;
            all[3] += usize::from(clear);
            answers.set(all);
        });
    }

    fn agree<T>(of: impl Fn(f64) -> T, ulp: f64, big: f64, cases: usize) -> [usize; 4]
    where
        T: crate::Scalar + core::fmt::Debug,
    {
        let mut rng = Rng(0x5eed_0f0a_11a5 ^ cases as u64);
        ANSWERS.with(|answers| answers.set([0; 4]));
        for case in 0..cases {
            // Four magnitudes, and one near the format's limits (its filters' range
            // checks, and raw values beyond 2^52).
            let scale = [1.0, 10.0, 100.0, 0.01, big][case % 5];
            let mut point = |half: f64| {
                [
                    rng.uniform(-half, half) * scale,
                    rng.uniform(-half, half) * scale,
                ]
            };
            let (a, b) = (point(4.0), point(4.0));
            let r = rng.uniform(0.0, 1.25) * scale;
            let (v, normal) = ([b[0] - a[0], b[1] - a[1]], [a[1] - b[1], b[0] - a[0]]);
            let length = (v[0] * v[0] + v[1] * v[1]).sqrt();
            // The entry point on the wall: at an end give or take up to a tenth of the
            // segment, down to a few units in the last place, or anywhere along it.
            let near = [0.0, 1.0][case % 2];
            let off = match case % 3 {
                0 => rng.uniform(-0.1, 0.1),
                1 => rng.uniform(-64.0, 64.0) * ulp * scale / length,
                _ => rng.uniform(-0.5, 1.5) - near,
            };
            let side = if rng.unit() < 0.5 { 1.0 } else { -1.0 };
            let target =
                [0, 1].map(|i| a[i] + (near + off) * v[i] + side * normal[i] / length * r.max(ulp));
            // Arriving at an angle to the wall: square on, near the floor of 2⁻⁶, or
            // anywhere in between.
            let slant = match case % 5 {
                0 => rng.uniform(0.014, 0.018),
                1 => rng.uniform(0.9, 1.0),
                _ => rng.uniform(0.0, 1.0),
            };
            let (along, across) = (
                if rng.unit() < 0.5 { 1.0 } else { -1.0 } * (1.0 - slant * slant).sqrt(),
                slant,
            );
            let travel = rng.uniform(1.0, 10.0) * scale;
            let d = [0, 1]
                .map(|i| (along * v[i] / length - across * side * normal[i] / length) * travel);
            let k = rng.uniform(0.3, 0.9);
            let mut start = [0, 1].map(|i| target[i] - d[i] * k);
            if case % 7 == 6 {
                // On the slab's edge, give or take a few units in the last place (the
                // certainly-outside test's boundary), anywhere along the segment.
                let height = r + rng.uniform(-64.0, 64.0) * ulp * scale;
                let at = rng.uniform(-0.5, 1.5);
                start = [0, 1].map(|i| a[i] + at * v[i] + side * normal[i] / length * height);
            }
            let p = |q: [f64; 2]| q.map(&of);
            let capsule = Capsule::new(p(a), p(b), of(r));
            let radius = rng.uniform(0.0, 0.5) * scale;
            let stick = Capsule::new(p(start), p([start[0] + 0.5 * scale, start[1]]), of(radius));
            let run = |off: bool| {
                OFF.with(|o| o.set(off));
                let ray = Ray::new(p(start), p(d)).cast(&capsule, of(1.0));
                let sweep = Circle::new(p(start), of(radius)).sweep(&capsule, p(d));
                let cast = stick.cast(&capsule, p(d), CastOptions::default());
                OFF.with(|o| o.set(false));
                (ray, sweep, cast)
            };
            let (with, without) = (run(false), run(true));
            assert_eq!(with, without, "{a:?} {b:?} {r} {start:?} {d:?} {radius}");
        }
        ANSWERS.with(Cell::get)
    }

    #[test]
    fn certain_wall_entries_change_nothing() {
        let cases = std::env::var("CAPSULE2D_WALL_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(if cfg!(debug_assertions) {
                4_000
            } else {
                40_000
            });
        for (name, answers) in [
            (
                "I32F32",
                agree(I32F32::from_num, 1.0 / 4_294_967_296.0, 4.0e5, cases),
            ),
            (
                "I16F16",
                agree(I16F16::from_num, 1.0 / 65_536.0, 1.5e3, cases),
            ),
            (
                "I48F16",
                agree(I48F16::from_num, 1.0 / 65_536.0, 1.0e10, cases),
            ),
        ] {
            let [within, beyond, unsure, clear] = answers;
            std::eprintln!(
                "{name}: entries within {within}, beyond an end {beyond}, uncertain {unsure}; \
                 starts certainly outside {clear}"
            );
            let all = within + beyond + unsure;
            assert!(
                within * 10 > cases && beyond * 10 > cases && unsure > 0 && clear * 10 < all * 9,
                "{answers:?}"
            );
        }
    }
}
