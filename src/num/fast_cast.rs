//! The certified fast path of a cast: a point moving from `o` along `d` against segment
//! `ab` inflated by `r = r₁ + r₂` (a ray against any shape, a circle swept against any
//! shape), solved by the plain closed forms in `f64` with an a-posteriori error bound on
//! every decision and on the time, for `f32` and `f64` inputs
//! (`docs/numerics.md`, "Fast paths: casts").
//!
//! The answer is `Some(Some(hit))` or `Some(None)` (a miss) only where every decision it
//! rests on is further from its boundary than its bound, and the time's bound is within
//! the type's target; anything else is `None`, and the caller takes its careful path (the
//! contact query for a start that touches, the exact expansions of `exact_cast.rs` near
//! tangency, along a wall or through a point). So where the fast path answers, it answers
//! what the careful path would, to the target's accuracy.
//!
//! Time is counted in multiples of `d` throughout, as the caller reports it: no
//! normalisation of `d`, no inside test of its own (the start is certified outside on
//! the way: outside the slab that holds the shape, or beyond an end and outside its
//! disc), no exact sign.
//!
//! **Bounds.** `u = 2⁻⁵³`. Every input is an `f64` (an `f32` widens exactly). A difference
//! of two inputs carries at most `u` of itself; `x·y ± z·w` formed from such differences
//! at most `4u (|x·y| + |z·w|)`, which [`cross`] and [`dot`] return beside the value, with
//! a little room (`5u`). The other bounds follow by the usual first-order rules, each
//! with room to spare; a quotient's relative bound is the sum of its terms' plus `4u`,
//! which also covers the second-order terms, since a time is kept only when that sum is
//! below `2⁻³⁰`. Each bound also carries `ETA = 2⁻⁹⁰⁰`, which covers the absolute error
//! of any result among the subnormals (`f64` inputs only; on `f32` inputs no product here
//! leaves `[2⁻⁵⁹⁶, 2⁵¹²]`). The squares that are later scaled up (`r²`, `|v|²`, `|d|²`,
//! the normal's `|p|²`) must moreover be within `6u` of themselves, which `ETA` alone
//! would not give them among the subnormals. Products that overflow make their bound
//! infinite, and a NaN fails every comparison: both leave the certificate unmet.

use super::earlier;
use super::fast::select;

/// `u = 2⁻⁵³`, the unit roundoff of `f64`.
const U: f64 = 1.0 / 9_007_199_254_740_992.0;

/// `2⁻⁹⁰⁰`: an absolute term in every bound, for results among the subnormals.
const ETA: f64 = f64::from_bits((1023 - 900) << 52);

/// `2⁻⁴⁰`: the pretests' slack ([`swept_apart`], [`passes_by`]), relative to the
/// magnitudes of their products, far above their errors (a few `2⁻⁵³`).
const SLACK: f64 = 1.0 / 1_099_511_627_776.0;

/// The relative bound on an `f32` cast's time (`2⁻³⁰`): the answer is then rounded to `f32`
/// once, within `2⁻²⁴` of itself.
pub(crate) const TARGET_F32: f64 = 1.0 / 1_073_741_824.0;

/// `2^-27`: how near `r²` the square of a disc's touch point must be for `p / r` to be
/// its `f32` normal ([`cap`]).
const NEAR_UNIT: f64 = 1.0 / 134_217_728.0;

/// The relative bound on an `f64` cast's time (`2⁻⁴⁴`, below `10⁻¹³`).
pub(crate) const TARGET_F64: f64 = 1.0 / 17_592_186_044_416.0;

/// A certified hit: time in multiples of `d`, unit normal of the inflated core facing the
/// mover, and the point of the core nearest the hit.
pub(crate) type FastHit = (f64, [f64; 2], [f64; 2]);

/// A float scalar the fast casts serve: widened to `f64` exactly, its answer rounded back
/// once, with the time's relative target for that rounding.
pub(crate) trait CastFloat: Copy {
    /// [`TARGET_F32`] or [`TARGET_F64`].
    const TARGET: f64;
    /// Whether the widened values are `f32`'s: then no product of up to four of them,
    /// differences included, leaves `[2⁻⁵⁹⁶, 2⁵¹²]`, and no bound needs `ETA` or a guard
    /// against the subnormals.
    const NARROW: bool;
    /// The value in `f64` (exact).
    fn wide(self) -> f64;
    /// An `f64` rounded to the type.
    fn narrow(x: f64) -> Self;
    /// A pair in `f64` (exact).
    #[inline(always)]
    fn wide_pair(p: [Self; 2]) -> [f64; 2] {
        p.map(Self::wide)
    }
    /// A pair of `f64` rounded to the type.
    #[inline(always)]
    fn narrow_pair(p: [f64; 2]) -> [Self; 2] {
        p.map(Self::narrow)
    }
}

impl CastFloat for f32 {
    const TARGET: f64 = TARGET_F32;
    const NARROW: bool = true;
    #[inline(always)]
    fn wide(self) -> f64 {
        f64::from(self)
    }
    #[inline(always)]
    fn narrow(x: f64) -> Self {
        x as Self
    }
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    #[inline(always)]
    fn wide_pair(p: [Self; 2]) -> [f64; 2] {
        super::fast_sse2::widen_lanes(p)
    }
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    #[inline(always)]
    fn narrow_pair(p: [f64; 2]) -> [Self; 2] {
        super::fast_sse2::narrow_lanes(p)
    }
}

impl CastFloat for f64 {
    const TARGET: Self = TARGET_F64;
    const NARROW: bool = false;
    #[inline(always)]
    fn wide(self) -> f64 {
        self
    }
    #[inline(always)]
    fn narrow(x: f64) -> Self {
        x
    }
}

/// A certified hit in the scalar's own type.
type Hit<T> = (T, [T; 2], [T; 2]);

#[inline(always)]
fn widened<T: CastFloat>(p: [T; 2]) -> [f64; 2] {
    T::wide_pair(p)
}

#[inline(always)]
fn narrowed<T: CastFloat>(found: Option<FastHit>) -> Option<Hit<T>> {
    found.map(|(time, normal, point)| {
        (
            T::narrow(time),
            T::narrow_pair(normal),
            T::narrow_pair(point),
        )
    })
}

/// [`cast`] for the scalar hook (`Scalar::__cast_certified` of `f32` and `f64`): inputs
/// widened, the answer rounded back once.
#[inline(always)]
pub(crate) fn cast_hook<T: CastFloat>(
    start: [T; 2],
    direction: [T; 2],
    core: [[T; 2]; 2],
    radii: [T; 2],
    max_time: T,
) -> Option<Option<Hit<T>>> {
    let (o, d, ab, radii, max_time) = (
        widened(start),
        widened(direction),
        (widened(core[0]), widened(core[1])),
        (radii[0].wide(), radii[1].wide()),
        max_time.wide(),
    );
    if misses_early(o, d, ab, radii, max_time, T::NARROW) {
        return Some(None);
    }
    let found = cast(o, d, ab, radii, max_time, T::TARGET)?;
    Some(narrowed(found))
}

/// [`cast_cores`] for the scalar hook (`Scalar::__cast_cores_certified`).
#[inline(always)]
pub(crate) fn cast_cores_hook<T: CastFloat>(
    x: [[T; 2]; 2],
    y: [[T; 2]; 2],
    radii: [T; 2],
    motion: [T; 2],
) -> Option<Option<Hit<T>>> {
    let found = cast_cores(
        (widened(x[0]), widened(x[1])),
        (widened(y[0]), widened(y[1])),
        (radii[0].wide(), radii[1].wide()),
        widened(motion),
        T::TARGET,
    )?;
    Some(narrowed(found))
}

#[inline(always)]
fn sub(p: [f64; 2], q: [f64; 2]) -> [f64; 2] {
    [p[0] - q[0], p[1] - q[1]]
}

/// `p · q` and a bound on its rounding (see the module docs).
#[inline(always)]
fn dot(p: [f64; 2], q: [f64; 2]) -> (f64, f64) {
    let (x, y) = (p[0] * q[0], p[1] * q[1]);
    (x + y, (x.abs() + y.abs()) * (5.0 * U) + ETA)
}

/// `p × q = p_x q_y − p_y q_x` and a bound on its rounding.
#[inline(always)]
fn cross(p: [f64; 2], q: [f64; 2]) -> (f64, f64) {
    let (x, y) = (p[0] * q[1], p[1] * q[0]);
    (x - y, (x.abs() + y.abs()) * (5.0 * U) + ETA)
}

/// The correctly rounded square root (IEEE; `libm`'s in `no_std`).
#[inline(always)]
fn root(x: f64) -> f64 {
    <f64 as super::Scalar>::sqrt(x)
}

/// The cast of `o` along `d` against segment `ab` inflated by `r₁ + r₂`, within
/// `max_time`, certified to `target` (relative, on the time); see the module docs.
///
/// `None` where the certificate fails: negative or NaN radii, non-finite values, a start
/// within rounding of the shape (or inside it), a path within rounding of parallel to
/// the core, of tangent to an end disc, of an end of the wall, or of `max_time`, a time
/// whose bound exceeds `target`.
#[inline(always)]
pub(crate) fn cast(
    o: [f64; 2],
    d: [f64; 2],
    (a, b): ([f64; 2], [f64; 2]),
    radii: (f64, f64),
    max_time: f64,
    target: f64,
) -> Option<Option<FastHit>> {
    cast_to(o, d, &Segment::new(a, b)?, radii, max_time, target)
}

/// Segment `ab` with what a cast against it needs whatever the start: `b − a`, `|b − a|²`
/// and `|b − a|`, so that casts from several starts share them (`cast_cores`).
#[derive(Clone, Copy)]
struct Segment {
    a: [f64; 2],
    b: [f64; 2],
    v: [f64; 2],
    length_sq: f64,
    e_length_sq: f64,
    length: f64,
}

impl Segment {
    /// `None` where `|b − a|²` is not within `6u` of itself (among the subnormals, where
    /// `r |v|` would later scale an absolute error up; `f64` inputs only).
    #[inline(always)]
    fn new(a: [f64; 2], b: [f64; 2]) -> Option<Self> {
        let v = sub(b, a);
        let (length_sq, e_length_sq) = dot(v, v);
        if !(e_length_sq <= length_sq * (6.0 * U)) && v != [0.0, 0.0] {
            return None;
        }
        let length = root(length_sq);
        Some(Self {
            a,
            b,
            v,
            length_sq,
            e_length_sq,
            length,
        })
    }
}

/// [`cast`] against a prepared segment.
#[inline(always)]
fn cast_to(
    o: [f64; 2],
    d: [f64; 2],
    segment: &Segment,
    (r1, r2): (f64, f64),
    max_time: f64,
    target: f64,
) -> Option<Option<FastHit>> {
    let Segment {
        a,
        b,
        v,
        length_sq,
        e_length_sq,
        length,
    } = *segment;
    if !(r1 >= 0.0 && r2 >= 0.0) {
        return None;
    }
    let r = r1 + r2;
    let rr = r * r;
    // `r²` and below `|v|²` and `|d|²` must carry their relative bound, not an absolute one
    // (a square among the subnormals, scaled up by a large factor later, would not be
    // covered by `ETA`): `f64` inputs beyond about `2^±500` go to the careful path.
    if !(rr >= f64::MIN_POSITIVE || r == 0.0) {
        return None;
    }
    let w = sub(o, a);
    // The start is certified outside the shape on the way, with no squared distance of
    // its own: outside the slab `|σ| ≤ r` (which holds the shape), or inside it beyond an
    // end and outside that end's disc (`cap` certifies `|m|² > r²` before anything else).
    let found = if v == [0.0, 0.0] {
        cap(o, d, a, r, max_time, target)?
    } else {
        let (along, e_along) = dot(w, v);
        let (h0, e_h0) = cross(v, w);
        let r_length = r * length;
        // `r · |v|` errs by `u` (the sum `r`) + `4u` (the root of `|v|²`, within `6u`) + `u`.
        let e_slab = e_h0 + r_length * (8.0 * U);
        // How far outside the slab |σ| ≤ r the start is, times |v|.
        let outside = h0.abs() - r_length;
        if outside > e_slab {
            let (h1, e_h1) = cross(v, d);
            if !(h1.abs() > e_h1) {
                return None;
            }
            if (h0 > 0.0) == (h1 > 0.0) {
                // Outside the slab and moving away from it (or along it): never inside.
                return Some(None);
            }
            // The time's relative bound, `e_slab / outside + e_h1 / |h1| + 4u`, times `t`:
            // `(e_slab + t e_h1) / |h1| + 4u t`, since `t` is `outside / |h1|` within `u`,
            // with `5u` for that and the bound's own roundings. Both divisions are by
            // `|h1|`, so neither waits for the other's operands. The bound is held to
            // `target` only if the wall is the entry (a path nearly along it may still be
            // certain to pass an end, far from it).
            let h1_abs = h1.abs();
            let t = outside / h1_abs;
            let h1_inverse = 1.0 / h1_abs;
            let err_t = e_slab * h1_inverse + t * (e_h1 * h1_inverse + 5.0 * U);
            if !(err_t < f64::INFINITY) {
                return None;
            }
            // The path enters the slab, which holds the shape, at `t`: certainly after
            // `max_time`, it misses, wherever along the wall or beyond an end it would
            // enter (the bound is first-order, kept only where it is small).
            if err_t <= TARGET_F32 * t && t - err_t > max_time {
                return Some(None);
            }
            // Where the path meets the wall, along v (times |v|²).
            let (dv, e_dv) = dot(d, v);
            let at = along + t * dv;
            let e_at = e_along
                + t * e_dv
                + err_t * dv.abs()
                + (along.abs() + t * dv.abs()) * (4.0 * U)
                + e_length_sq;
            if at > e_at && at < length_sq - e_at {
                // `+ 0.0` turns a −0 into +0, as the careful path's `left_normal` does.
                let inverse = 1.0 / length;
                let left = [-v[1] * inverse + 0.0, v[0] * inverse + 0.0];
                let normal = if h0 > 0.0 { left } else { [-left[0], -left[1]] };
                let f = at / length_sq;
                let core = [a[0] + f * v[0], a[1] + f * v[1]];
                if !(err_t <= target * t) {
                    return None;
                }
                Some((t, err_t, normal, core))
            } else if at < -e_at {
                cap(o, d, a, r, max_time, target)?
            } else if at > length_sq + e_at {
                cap(o, d, b, r, max_time, target)?
            } else {
                return None;
            }
        } else if outside < -e_slab {
            // Within the slab but outside the shape: beyond one end, whose disc is the
            // only way in.
            let e = e_along + e_length_sq;
            if along < -e {
                cap(o, d, a, r, max_time, target)?
            } else if along > length_sq + e {
                cap(o, d, b, r, max_time, target)?
            } else {
                return None;
            }
        } else {
            return None;
        }
    };
    let Some((t, err_t, normal, core)) = found else {
        return Some(None);
    };
    if t + err_t < max_time {
        Some(Some((t, normal, core)))
    } else if t - err_t > max_time {
        Some(None)
    } else {
        None
    }
}

/// The cast of core `x` (a segment, or a point when its ends coincide) moving by `d`
/// against core `y` held still, inflated by `r₁ + r₂`, within one step (`Shape::cast`
/// with the other shape still): the earliest of [`cast`] from each end of `x` along `d`
/// against `y` and from each end of `y` along `−d` against `x`, as the careful kernel
/// composes it (`src/motion/cast.rs`). The normal faces `x`, the core point is `y`'s.
///
/// Two segments must be certified apart first, beyond the four ends' own certificates
/// (two crossing segments can have every end far from the other): one segment's ends
/// both strictly on the same side of the other's line, by more than the orientations'
/// rounding. `None` wherever anything is uncertain.
#[inline]
pub(crate) fn cast_cores(
    x: ([f64; 2], [f64; 2]),
    y: ([f64; 2], [f64; 2]),
    radii: (f64, f64),
    d: [f64; 2],
    target: f64,
) -> Option<Option<FastHit>> {
    if swept_apart(x, y, radii, d, Some(1.0)) {
        return Some(None);
    }
    let back = [-d[0], -d[1]];
    let of_y = |found: Option<FastHit>, end: [f64; 2]| {
        found.map(|(t, normal, _)| (t, [-normal[0], -normal[1]], end))
    };
    if x.0 == x.1 {
        return cast(x.0, d, y, radii, 1.0, target);
    }
    if y.0 == y.1 {
        return Some(of_y(cast(y.0, back, x, radii, 1.0, target)?, y.0));
    }
    if !(one_side(x, y) | one_side(y, x)) {
        return None;
    }
    // Each segment's extent and length, shared by the two casts against it.
    let (on_x, on_y) = (Segment::new(x.0, x.1)?, Segment::new(y.0, y.1)?);
    // Each cast after the first runs only up to the earliest time found so far, with room
    // (`2^-20` of it, far above a certified time's bound), so that a later one certainly
    // beyond it stops at its first certain miss (`cast_to`'s early answers). The earliest
    // of the four is the same, and ties keep the first, as before.
    let x0 = cast_to(x.0, d, &on_y, radii, 1.0, target)?;
    let x1 = cast_to(x.1, d, &on_y, radii, until(x0), target)?;
    let best = earlier(x0, x1);
    let y0 = of_y(cast_to(y.0, back, &on_x, radii, until(best), target)?, y.0);
    let best = earlier(best, y0);
    let y1 = of_y(cast_to(y.1, back, &on_x, radii, until(best), target)?, y.1);
    Some(earlier(best, y1))
}

/// Whether core `x` swept by `d` (the hull of its ends at the start and at `max_time`)
/// certainly lies farther than `r₁ + r₂` from core `y`, so that every cast from it
/// misses: a separating-axis test across `d`, and along `d` too where `max_time` is
/// given. No root, no division, and one branch for the whole query where a miss would
/// otherwise take the casts' branches.
///
/// A single cast ([`cast_hook`]) tests across `d` alone: its own first step answers a
/// path that stops short of the slab holding the shape. [`cast_cores`], whose miss runs
/// four casts, tests along `d` as well.
///
/// Positions are measured times `|d|`: across as `d × p`, along as `d · p` (the swept end
/// of `x` adding `max_time |d|²`). A gap `g` between the projections is a distance `g /
/// |d|`, and more than `r` when `g > 0` and `g² > r² |d|²`. Each projection errs by at
/// most `2u` of `(|d_x| + |d_y|)(|p_x| + |p_y|)`, a gap by three of those and, along,
/// `3u` of the reach `max_time |d|²` more; the slack `2⁻⁴⁰ (|d_x| + |d_y|)(Σ (|p_x| +
/// |p_y|) + |d_x| + |d_y|) + ETA` (and `2⁻⁴⁰` of the reach) is far above that, and the
/// squares' comparison has room `2⁻³⁰` with `r² |d|²` kept out of the subnormals. A NaN
/// or an overflow fails the test.
#[inline(always)]
fn swept_apart(
    x: ([f64; 2], [f64; 2]),
    y: ([f64; 2], [f64; 2]),
    (r1, r2): (f64, f64),
    d: [f64; 2],
    max_time: Option<f64>,
) -> bool {
    let ordered = |p: f64, q: f64| if p < q { (p, q) } else { (q, p) };
    // The larger of the gaps `y` beyond `x` and `x` beyond `y`, `x`'s upper end `reach`
    // further (its sweep).
    let gap = |along: fn([f64; 2], [f64; 2]) -> f64, reach: f64| {
        let (x_low, x_high) = ordered(along(d, x.0), along(d, x.1));
        let (y_low, y_high) = ordered(along(d, y.0), along(d, y.1));
        let (ahead, behind) = (y_low - (x_high + reach), x_low - y_high);
        if ahead > behind { ahead } else { behind }
    };
    let dd = d[0] * d[0] + d[1] * d[1];
    let mut g = gap(|d, p| d[0] * p[1] - d[1] * p[0], 0.0);
    if let Some(max_time) = max_time {
        let reach = max_time * dd;
        let g_along = gap(|d, p| d[0] * p[0] + d[1] * p[1], reach) - reach * SLACK;
        g = if g > g_along { g } else { g_along };
    }
    let size = |p: [f64; 2]| p[0].abs() + p[1].abs();
    let d_size = size(d);
    let slack = d_size * (size(x.0) + size(x.1) + size(y.0) + size(y.1) + d_size) * SLACK + ETA;
    beyond(g - slack, r1 + r2, dd, false)
}

/// Whether the path from `o` along `d` up to `max_time` certainly misses segment `ab`
/// inflated by `r = r₁ + r₂`, by a separating axis: across the motion ([`passes_by`]: the
/// core's ends on one side of the path's line) or across the core ([`stays_beside`]: the
/// path's two ends on one side of the core's line). Both are formed before the one branch
/// on their union: on random paths each is a coin toss for a branch, and a mispredicted
/// branch here costs as long as the chain that decides it.
#[inline(always)]
fn misses_early(
    o: [f64; 2],
    d: [f64; 2],
    ab: ([f64; 2], [f64; 2]),
    radii: (f64, f64),
    max_time: f64,
    narrow: bool,
) -> bool {
    passes_by(o, d, ab, radii, narrow) | stays_beside(o, d, ab, radii, max_time, narrow)
}

/// Whether the path from `o` to `o + max_time · d` certainly lies on one side of the line
/// through segment `ab`, farther than `r = r₁ + r₂` from it, so that it never enters the
/// slab `|σ| ≤ r` that holds the shape, and a cast up to `max_time` misses.
///
/// With `w = o − a` and `v = b − a`, the path's heights above the line, times `|v|`, are
/// `h(t) = v × w + t (v × d)`, linear in `t`: both ends beyond `r |v|` on the same side is
/// a miss over the whole step. `h(0)` errs by less than `4u` of `|v_x w_y| + |v_y w_x|`,
/// `h(max_time)` by less than `6u` of that plus `max_time (|v_x d_y| + |v_y d_x|)`, far
/// under the slack's `2⁻⁴⁰` of the sum (plus `ETA`); the squares' comparison is
/// [`beyond`]'s, with `|v|²` for `|d|²`. A negative or NaN `max_time` fails the test, an
/// infinite one too (its slack is infinite), and so do a zero-length core (its heights
/// are 0) and any overflow.
#[inline(always)]
fn stays_beside(
    o: [f64; 2],
    d: [f64; 2],
    (a, b): ([f64; 2], [f64; 2]),
    (r1, r2): (f64, f64),
    max_time: f64,
    narrow: bool,
) -> bool {
    let (w, v) = (sub(o, a), sub(b, a));
    let (v_w, v_d) = ([v[0] * w[1], v[1] * w[0]], [v[0] * d[1], v[1] * d[0]]);
    let start = v_w[0] - v_w[1];
    let end = start + max_time * (v_d[0] - v_d[1]);
    let size = v_w[0].abs() + v_w[1].abs() + max_time * (v_d[0].abs() + v_d[1].abs());
    let vv = v[0] * v[0] + v[1] * v[1];
    (max_time >= 0.0) & both_beyond([start, end], size, r1 + r2, vv, narrow)
}

/// Whether the line through `o` along `d` certainly passes segment `ab` on one side by
/// more than `r = r₁ + r₂`, so that a cast from `o` misses however far it goes:
/// [`swept_apart`] across `d` for a point, formed from the values [`cast_to`] forms anyway.
///
/// With `w = o − a` and `v = b − a`, the ends lie across `d` at `w × d` (`a`) and `w × d −
/// v × d` (`b`), times `|d|`. Both beyond `r |d|` on the same side is a miss: the lower
/// above `r |d|`, or the upper below `−r |d|`. Each errs by less than `5u` of the sum of
/// the four products' magnitudes (`w` and `v` rounded once each, then the products and
/// two differences), far under the slack's `2⁻⁴⁰` of it (plus `ETA`); the squares'
/// comparison is [`swept_apart`]'s. On `narrow` (`f32`) inputs neither `ETA` nor the
/// guard against the subnormals is needed.
#[inline(always)]
fn passes_by(
    o: [f64; 2],
    d: [f64; 2],
    (a, b): ([f64; 2], [f64; 2]),
    (r1, r2): (f64, f64),
    narrow: bool,
) -> bool {
    let (w, v) = (sub(o, a), sub(b, a));
    let (w_d, v_d) = ([w[0] * d[1], w[1] * d[0]], [v[0] * d[1], v[1] * d[0]]);
    let at_a = w_d[0] - w_d[1];
    let at_b = at_a - (v_d[0] - v_d[1]);
    let size = w_d[0].abs() + w_d[1].abs() + (v_d[0].abs() + v_d[1].abs());
    let dd = d[0] * d[0] + d[1] * d[1];
    both_beyond([at_a, at_b], size, r1 + r2, dd, narrow)
}

/// The last steps of [`passes_by`] and [`stays_beside`]: whether two positions across a
/// line (times the length `|u|` of its direction, `uu = |u|²`), each erring far below
/// `2⁻⁴⁰` of `size`, certainly lie on one side of it, both farther than `r |u|`: the nearer
/// one's distance where both lie on one side (else negative), the slack taken off, then
/// [`beyond`].
#[inline(always)]
fn both_beyond([p, q]: [f64; 2], size: f64, r: f64, uu: f64, narrow: bool) -> bool {
    let (low, high) = if p < q { (p, q) } else { (q, p) };
    let near = if low > -high { low } else { -high };
    let eta = if narrow { 0.0 } else { ETA };
    beyond(near - (size * SLACK + eta), r, uu, narrow)
}

/// The pretests' last step: whether a gap `clear` (its slack already taken off), measured
/// times `|d|` as the pretests measure, is more than `r |d|`: `clear > 0` and `clear² >
/// r² |d|²` with room `2⁻³⁰`, `r² |d|²` a normal number (or `r = 0`) unless the inputs are
/// `narrow` (`f32`). Not short-circuited: one branch for the whole test. ([`stays_beside`]
/// measures times `|v|` and passes `|v|²` as `dd`.) A negative
/// radius needs no test of its own: the careful kernel answers "no hit" for it too.
#[inline(always)]
fn beyond(clear: f64, r: f64, dd: f64, narrow: bool) -> bool {
    let rr_dd = r * r * dd;
    // `clear > 0` and `clear² > r² |d|²` in one comparison (`r² |d|² ≥ 0`), so that the
    // compiler emits one branch, not two.
    (narrow | (rr_dd >= f64::MIN_POSITIVE) | (r == 0.0))
        & (clear * clear.abs() > rr_dd * (1.0 + 1.0 / 1_073_741_824.0))
}

/// How far the next cast of [`cast_cores`] must look: to the step's end, or just past the
/// earliest hit found so far (by `2^-20` of its time).
#[inline(always)]
fn until(best: Option<FastHit>) -> f64 {
    // Selected, not branched on: whether a cast hit is as random as the casts.
    let (found, t) = best.map_or((false, 1.0), |(t, ..)| (t < 1.0, t));
    select(found, t + t * (1.0 / 1_048_576.0), 1.0)
}

/// Whether both ends of `y` lie strictly on the same side of the line through `x`,
/// certainly.
#[inline(always)]
fn one_side(x: ([f64; 2], [f64; 2]), y: ([f64; 2], [f64; 2])) -> bool {
    let v = sub(x.1, x.0);
    let (o0, e0) = cross(v, sub(y.0, x.0));
    let (o1, e1) = cross(v, sub(y.1, x.0));
    // Not short-circuited: on random pairs each comparison is a coin toss for a branch.
    ((o0 > e0) & (o1 > e1)) | ((o0 < -e0) & (o1 < -e1))
}

/// A candidate: time, its bound, normal, core point; `None` for a certain miss.
type Candidate = Option<(f64, f64, [f64; 2], [f64; 2])>;

/// Entry of `o` moving along `d` into the disc of radius `√rr` around `c`: `Some(None)`
/// for a certain miss, `None` where uncertain, a start within rounding of the disc or
/// inside it included (certified outside first).
#[inline(always)]
fn cap(
    o: [f64; 2],
    d: [f64; 2],
    c: [f64; 2],
    r: f64,
    max_time: f64,
    target: f64,
) -> Option<Candidate> {
    let rr = r * r;
    let m = sub(o, c);
    // The start outside the disc first: a start inside hits at once, whatever its motion.
    let (mm, e_mm) = dot(m, m);
    let k_sq = mm - rr;
    let e_k_sq = e_mm + rr * (4.0 * U) + k_sq.abs() * U;
    if !(k_sq > e_k_sq) {
        return None;
    }
    let (approach, e_approach) = dot(m, d);
    if !(approach < -e_approach) {
        // Moving away from the centre: the path never gets closer.
        return (approach > e_approach).then_some(None);
    }
    // The entry time `k² / (|m · d| + √disc)` is at least `k² / (2 |m · d|)`, since
    // `disc = (m · d)² − |d|² k² ≤ (m · d)²`: beyond `max_time` with that, certainly, the
    // path misses with no root and no division. Each side's roundings (two and three
    // of `u`) are covered by the factor; the left side is kept out of the subnormals.
    let least = k_sq - e_k_sq;
    let most = 2.0 * (e_approach - approach) * max_time;
    if least >= f64::MIN_POSITIVE && least > most * (1.0 + 16.0 * U) {
        return Some(None);
    }
    let (md, e_md) = cross(m, d);
    let (dd, e_dd) = dot(d, d);
    if !(e_dd <= dd * (6.0 * U)) {
        return None;
    }
    // |d|² times (m · u)² − (|m|² − r²) for a unit u, as r² |d|² − (m × d)², which does
    // not cancel when the start is far away.
    let rr_dd = rr * dd;
    let disc = rr_dd - md * md;
    let e_disc = rr_dd * (8.0 * U) + (2.0 * md.abs() + e_md) * e_md + (md * md) * (2.0 * U) + ETA;
    if disc < -e_disc {
        return Some(None);
    }
    if !(disc > e_disc) {
        return None;
    }
    let q = root(disc);
    // t = k² / (|m · d| + q): both terms positive, so nothing cancels.
    let den = q - approach;
    // The time's relative bound, `e_k² / k² + (e_approach + e_q) / den + 4u` with the
    // root's `e_q = e_disc / q + 2u q`, within `target`: multiplied out by `k² den q`, so
    // that the check divides nothing.
    let scale = k_sq * den * q;
    let bound =
        e_k_sq * den * q + (e_approach * q + e_disc + q * q * (2.0 * U)) * k_sq + scale * (4.0 * U);
    if !(bound <= target * scale && scale < f64::INFINITY) {
        return None;
    }
    let t = k_sq / den;
    let p = [m[0] + t * d[0], m[1] + t * d[1]];
    let (length_sq, e_length_sq) = dot(p, p);
    if !(e_length_sq <= length_sq * (6.0 * U)) {
        return None;
    }
    // The touch point lies on the circle, so for an `f32` answer `p / r` is the unit
    // normal where `|p|²` is within `2^-27` of `r²`: `|p| / r` is then within `2^-28` of 1,
    // far below the answer's rounding, and `1 / r` is at hand, off the time's chain
    // (elsewhere the careful path answers: in practice never, see the tests). An `f64`
    // answer takes `p / |p|`.
    let inverse = if target >= TARGET_F32 {
        if !((length_sq - rr).abs() + e_length_sq <= rr * NEAR_UNIT) {
            return None;
        }
        1.0 / r
    } else {
        1.0 / root(length_sq)
    };
    Some(Some((
        t,
        t * (bound / scale),
        [p[0] * inverse, p[1] * inverse],
        c,
    )))
}

#[cfg(all(test, feature = "std"))]
mod tests {
    //! The certificate's hit rates by input regime (printed with `--nocapture`, recorded
    //! in `docs/benchmarks.md`), the certified answers against the careful kernel on the
    //! same inputs, and the inputs it must never certify. Exactness against an exact
    //! reference is in `tests/cast.rs` (`rays_and_sweeps_match_the_exact_reference`).
    use super::{TARGET_F32, TARGET_F64, cast};
    use crate::motion::ray::cast_core;
    use crate::test_rng::Rng;

    /// A `SplitMix64` generator, uniform in `[lo, hi)`.
    /// A point uniform in the square of half-side `scale`.
    trait Points {
        fn point(&mut self, scale: f64) -> [f64; 2];
    }

    impl Points for Rng {
        fn point(&mut self, scale: f64) -> [f64; 2] {
            [self.uniform(-scale, scale), self.uniform(-scale, scale)]
        }
    }

    /// One cast's inputs: start, motion, core, the mover's radius and the core's.
    type Input = ([f64; 2], [f64; 2], [f64; 2], [f64; 2], f64, f64);

    /// The input regimes: the benchmark's (`benches/pairs.rs`: coordinates in
    /// `[−10, 10)`, radii in `[0, 2.5)`, a motion of `(10, 10)` for sweeps and random
    /// directions for rays), far starts, paths within `10⁻⁶` rad of the core's direction,
    /// and paths within `10⁻⁹` of tangent to an end disc.
    fn regime(name: &str, rng: &mut Rng) -> Input {
        let (a, b) = (rng.point(10.0), rng.point(10.0));
        let (r1, r2) = (rng.uniform(0.0, 2.5), rng.uniform(0.0, 2.5));
        match name {
            "benchmark rays" => (rng.point(10.0), rng.point(10.0), a, b, 0.0, r2),
            "benchmark sweeps" => (rng.point(10.0), [10.0, 10.0], a, b, r1, r2),
            "far" => (rng.point(1000.0), rng.point(1000.0), a, b, r1, r2),
            "near parallel" => {
                let angle = rng.uniform(-1e-6, 1e-6);
                let (v, c, s) = ([b[0] - a[0], b[1] - a[1]], angle.cos(), angle.sin());
                let d = [v[0] * c - v[1] * s, v[0] * s + v[1] * c];
                let o = [a[0] - d[0] + rng.uniform(-3.0, 3.0), a[1] - d[1]];
                (o, d, a, b, r1, r2)
            }
            _ => {
                // Tangent to the disc around a, from far away, nudged by up to 1e-9.
                let r = r1 + r2 + 0.01;
                let t = rng.uniform(0.0, core::f64::consts::TAU);
                let n = [t.cos(), t.sin()];
                let touch = [
                    a[0] + n[0] * (r + rng.uniform(-1e-9, 1e-9)),
                    a[1] + n[1] * r,
                ];
                let d = [-n[1] * 20.0, n[0] * 20.0];
                let o = [touch[0] - d[0] / 2.0, touch[1] - d[1] / 2.0];
                (o, d, a, a, r1 + 0.01, r2)
            }
        }
    }

    const REGIMES: [&str; 5] = [
        "benchmark rays",
        "benchmark sweeps",
        "far",
        "near parallel",
        "grazing",
    ];

    /// `f32` inputs, or `f64` ones, as `f64`.
    fn rounded(input: Input, single: bool) -> Input {
        let r = |x: f64| if single { f64::from(x as f32) } else { x };
        let p = |p: [f64; 2]| p.map(r);
        let (o, d, a, b, r1, r2) = input;
        (p(o), p(d), p(a), p(b), r(r1), r(r2))
    }

    #[test]
    fn hit_rates_by_regime_and_agreement_with_the_careful_kernel() {
        for single in [true, false] {
            let target = if single { TARGET_F32 } else { TARGET_F64 };
            for name in REGIMES {
                let mut rng = Rng(7);
                let (mut certified, mut hits, mut inside, n) = (0, 0, 0, 20_000);
                let mut passing = 0;
                for _ in 0..n {
                    let (o, d, a, b, r1, r2) = rounded(regime(name, &mut rng), single);
                    let reach = (d[0] * d[0] + d[1] * d[1]).sqrt();
                    let careful =
                        cast_core(o, d, a, b, (r1, r2), None).filter(|c| c.distance <= reach);
                    // The hook's pretests, before `cast`: a certain miss of the step.
                    if super::misses_early(o, d, (a, b), (r1, r2), 1.0, single) {
                        assert!(careful.is_none(), "{name}: a certain miss hits");
                        passing += 1;
                    }
                    if careful.is_some_and(|c| c.inside.is_some()) {
                        // A start that touches: the careful path's contact answers.
                        inside += 1;
                        continue;
                    }
                    let Some(fast) = cast(o, d, (a, b), (r1, r2), 1.0, target) else {
                        continue;
                    };
                    certified += 1;
                    match (fast, careful) {
                        (None, None) => {}
                        (Some((t, normal, core)), Some(c)) => {
                            hits += 1;
                            assert!(c.inside.is_none(), "{name}: certified a start inside");
                            let time = c.distance / reach;
                            let tolerance = if single { 1e-6 } else { 1e-12 };
                            assert!((t - time).abs() <= tolerance * time, "{name}: {t} {time}");
                            // An `f32` answer's disc normal is `p / r`, within `2^-28` of
                            // unit before its rounding to `f32`, which leaves it unit
                            // within that rounding.
                            let length = normal[0].hypot(normal[1]);
                            let unit = if single { 1.0 / 268_435_456.0 } else { 4e-16 };
                            assert!((length - 1.0).abs() <= unit, "{name}: |n| = {length}");
                            if single {
                                let rounded = normal.map(|n| f64::from(n as f32));
                                let length = rounded[0].hypot(rounded[1]);
                                assert!((length - 1.0).abs() <= 1.2e-7, "{name}: |n| = {length}");
                            }
                            assert!((normal[0] - c.normal[0]).abs() <= 1e-6, "{name}");
                            assert!((normal[1] - c.normal[1]).abs() <= 1e-6, "{name}");
                            let gap = (core[0] - c.core_point[0]).abs()
                                + (core[1] - c.core_point[1]).abs();
                            assert!(gap <= 1e-6 * (1.0 + a[0].abs() + a[1].abs()), "{name}");
                        }
                        (fast, careful) => panic!("{name}: fast {fast:?}, careful {careful:?}"),
                    }
                }
                let rate = 100.0 * f64::from(certified) / f64::from(n - inside);
                let scalar = if single { "f32" } else { "f64" };
                let passed = 100.0 * f64::from(passing) / f64::from(n);
                std::eprintln!(
                    "cast, {scalar}, {name}: {rate:.2}% of the starts outside certified \
                     ({hits} hits; {inside} starts inside of {n}); {passed:.2}% missed early"
                );
                if name.starts_with("benchmark") || name == "far" {
                    assert!(rate > 99.0, "{scalar} {name}: {rate}%");
                }
            }
        }
    }

    /// Starts within a few ulps of the surface, on a wall or on an end disc, moving in:
    /// wherever the exact contact predicate (the careful path's inside test) says the start
    /// touches, the cast must hit at time 0; the fast path may answer only starts it has
    /// certified outside, so a margin dropped from its slab or disc test shows here as a
    /// positive time for a start that touches; a start outside by a few ulps must hit at
    /// once (time 0 or within `10⁻¹²`: the careful path's cap rounds such a start in).
    #[test]
    fn starts_within_rounding_of_the_surface_hit_at_time_zero_when_they_touch() {
        use crate::{Capsule, Ray, Shape};
        let mut rng = Rng(11);
        let (mut touching, mut apart, mut late, mut missed) = (0, 0, 0, 0);
        for case in 0..20_000 {
            let (a, b) = (rng.point(10.0), rng.point(10.0));
            let r = rng.uniform(0.1, 3.0);
            let v = [b[0] - a[0], b[1] - a[1]];
            let length = v[0].hypot(v[1]);
            // A surface point: on a wall (half the cases) or on the disc around `a`.
            let (q, n) = if case % 2 == 0 {
                let f = rng.uniform(0.05, 0.95);
                let n = [-v[1] / length, v[0] / length];
                ([a[0] + f * v[0], a[1] + f * v[1]], n)
            } else {
                let angle = rng.uniform(0.0, core::f64::consts::TAU);
                let n = [angle.cos(), angle.sin()];
                let away = n[0] * v[0] + n[1] * v[1];
                let n = if away > 0.0 { [-n[0], -n[1]] } else { n };
                (a, n)
            };
            let start = [q[0] + n[0] * r, q[1] + n[1] * r];
            // Nudged by up to 4 ulps per coordinate, either way.
            let nudge = |x: f64, k: i64| f64::from_bits((x.to_bits() as i64 + k) as u64);
            let k = (case as i64 % 9) - 4;
            let start = [nudge(start[0], k), nudge(start[1], -k)];
            let motion = [-n[0] * 5.0, -n[1] * 5.0];
            let capsule = Capsule::new(a, b, r);
            let inside = crate::Circle::new(start, 0.0).contact(&capsule).is_some();
            let hit = Ray::new(start, motion).cast(&capsule, 1.0);
            if inside {
                touching += 1;
                assert_eq!(
                    hit.map(|h| h.time),
                    Some(0.0),
                    "case {case}: {start:?} touches"
                );
            } else {
                // Outside by a few ulps and moving in: the path enters at once. The fast
                // path leaves these to the careful kernel, whose rounded slab test used to
                // call some of them inside the slab, skip the wall and report a later entry
                // through an end disc, or none (a start 6.3e-18 outside reported time 0.047
                // for an exact 1.3e-18): it now decides them exactly.
                apart += 1;
                match hit {
                    None => missed += 1,
                    Some(hit) if hit.time > 1e-12 => late += 1,
                    Some(_) => {}
                }
            }
        }
        std::eprintln!(
            "{touching} starts touching, {apart} apart: {late} of them hit late, {missed} miss"
        );
        assert!(touching > 1000 && apart > 1000, "{touching} {apart}");
        assert_eq!((late, missed), (0, 0), "of {apart} starts apart");
    }

    /// The same for `f32` starts, nudged by up to 4 `f32` ulps.
    #[test]
    fn f32_starts_within_rounding_of_the_surface_hit_at_once() {
        use crate::{Capsule, Circle, Ray, Shape};
        let mut rng = Rng(12);
        let (mut touching, mut apart) = (0, 0);
        for case in 0..20_000 {
            let p = |rng: &mut Rng| rng.point(10.0).map(|x| x as f32);
            let (a, b) = (p(&mut rng), p(&mut rng));
            let r = rng.uniform(0.1, 3.0) as f32;
            let v = [b[0] - a[0], b[1] - a[1]];
            let length = v[0].hypot(v[1]);
            let (q, n) = if case % 2 == 0 {
                let f = rng.uniform(0.05, 0.95) as f32;
                (
                    [a[0] + f * v[0], a[1] + f * v[1]],
                    [-v[1] / length, v[0] / length],
                )
            } else {
                let angle = rng.uniform(0.0, core::f64::consts::TAU);
                let n = [angle.cos() as f32, angle.sin() as f32];
                let n = if n[0] * v[0] + n[1] * v[1] > 0.0 {
                    [-n[0], -n[1]]
                } else {
                    n
                };
                (a, n)
            };
            let nudge = |x: f32, k: i32| f32::from_bits((x.to_bits() as i32 + k) as u32);
            let k = (case % 9) - 4;
            let start = [nudge(q[0] + n[0] * r, k), nudge(q[1] + n[1] * r, -k)];
            let capsule = Capsule::new(a, b, r);
            let inside = Circle::new(start, 0.0).contact(&capsule).is_some();
            let hit = Ray::new(start, [-n[0] * 5.0, -n[1] * 5.0]).cast(&capsule, 1.0);
            let time = hit.map(|h| h.time);
            if inside {
                touching += 1;
                assert_eq!(time, Some(0.0), "case {case}: {start:?} touches");
            } else {
                apart += 1;
                assert!(
                    time.is_some_and(|t| t <= 1e-5),
                    "case {case}: {start:?} {time:?}"
                );
            }
        }
        assert!(touching > 1000 && apart > 1000, "{touching} {apart}");
    }

    #[test]
    fn uncertain_inputs_are_never_certified() {
        let target = TARGET_F64;
        let never = |o, d, a, b, r: (f64, f64)| {
            assert_eq!(
                cast(o, d, (a, b), r, 10.0, target),
                None,
                "{o:?} {d:?} {a:?} {b:?}"
            );
        };
        let (a, b) = ([-1.0, 0.0], [1.0, 0.0]);
        // A start on the boundary, on the core, and inside.
        never([0.0, 1.0], [0.0, -1.0], a, b, (0.5, 0.5));
        never([0.5, 0.0], [0.0, -1.0], a, b, (0.0, 0.0));
        never([0.0, 0.5], [0.0, -1.0], a, b, (0.5, 0.5));
        never([2.0, 0.0], [-1.0, 0.0], a, b, (1.0, 0.0));
        // A zero motion, a path exactly along the wall, exactly tangent to a cap, through
        // a bare segment's end.
        never([0.0, 5.0], [0.0, 0.0], a, b, (0.5, 0.0));
        never([-5.0, 1.0], [1.0, 0.0], a, b, (1.0, 0.0));
        never([-5.0, 1.0], [1.0, 0.0], a, a, (1.0, 0.0));
        never([1.0, 5.0], [0.0, -1.0], a, b, (0.0, 0.0));
        // A hit exactly at `max_time`.
        never([0.0, 11.0], [0.0, -1.0], a, b, (1.0, 0.0));
        // Negative and NaN radii, NaN and infinite coordinates.
        never([0.0, 5.0], [0.0, -1.0], a, b, (-1.0, 0.0));
        never([0.0, 5.0], [0.0, -1.0], a, b, (f64::NAN, 0.0));
        never([f64::NAN, 5.0], [0.0, -1.0], a, b, (1.0, 0.0));
        never([0.0, 5.0], [0.0, f64::NEG_INFINITY], a, b, (1.0, 0.0));
        never([0.0, 5.0], [0.0, -1.0], a, [f64::INFINITY, 0.0], (1.0, 0.0));
        // Squares among the subnormals, scaled up by a huge radius (a start deep inside).
        never(
            [9.027772995521711e148, 1.0632220640737648e-234],
            [-3.9424143848391124e-27, 5.03481961223293e126],
            [-1.0517983920484114e-230, 5.717688670485342e-193],
            [6.811777110833452e-165, 2.9772725844042147e-239],
            (0.0, 1.4222403924537972e249),
        );
        never([0.0, 5.0], [0.0, -1.0], a, b, (1e-300, 0.0));
        // Products beyond f64's range.
        never(
            [0.0, 5e200],
            [0.0, -1e200],
            [-1e200, 0.0],
            [1e200, 0.0],
            (1.0, 0.0),
        );
    }

    /// The certain misses of the pretests ([`passes_by`] for one cast, [`swept_apart`] for
    /// a moving segment) on paths whose gap to the core is tight, `r (1 + δ)` across or
    /// along the motion with `δ` from `±10⁻¹⁵` to `±10⁻³`, and on the benchmark's kind of
    /// paths: wherever a pretest says "miss", the careful kernel (`cast_core`, a ray's
    /// whole line; `cast_careful`, the segment's step) finds no hit. Also that the tight
    /// gaps at `δ = 10⁻³` are certified: the pretests' slack is not too wide.
    #[test]
    fn certain_misses_are_misses() {
        use super::{passes_by, swept_apart};
        use crate::CastOptions;
        use crate::motion::cast::cast_careful;
        use crate::shape::Core;
        let dot = |p: [f64; 2], q: [f64; 2]| p[0] * q[0] + p[1] * q[1];
        for single in [true, false] {
            let mut rng = Rng(29);
            let (mut said, mut wide_said, mut wide) = (0, 0, 0);
            for case in 0..20_000 {
                let (a, b) = (rng.point(10.0), rng.point(10.0));
                let (r1, r2) = (rng.uniform(0.0, 1.5), rng.uniform(0.0, 1.5));
                let r = r1 + r2;
                let angle = rng.uniform(0.0, core::f64::consts::TAU);
                let u = [angle.cos(), angle.sin()];
                let length = rng.uniform(0.5, 30.0);
                let d = [u[0] * length, u[1] * length];
                let delta = [1e-15, 1e-12, 1e-9, 1e-6, 1e-3][case % 5]
                    * if case % 10 < 5 { 1.0 } else { -1.0 };
                // The mover: a point, or a stick; the tight axis: across or along `d`.
                let stick = case % 3 != 0;
                let across = case % 4 != 0;
                let o = rng.point(10.0);
                let e = if stick { rng.point(1.5) } else { [0.0, 0.0] };
                let x = (o, [o[0] + e[0], o[1] + e[1]]);
                let axis = if across { [-u[1], u[0]] } else { u };
                let reach = if across { 0.0 } else { length };
                let high = dot(axis, x.0).max(dot(axis, x.1)) + reach;
                let low = dot(axis, a).min(dot(axis, b));
                // Shift the core so that it lies `r (1 + δ)` beyond the mover's sweep.
                let shift = r * (1.0 + delta) - (low - high);
                let moved = |p: [f64; 2]| [p[0] + axis[0] * shift, p[1] + axis[1] * shift];
                let round = |x: f64| if single { f64::from(x as f32) } else { x };
                let point = |p: [f64; 2]| p.map(round);
                let (x, d) = ((point(x.0), point(x.1)), point(d));
                let (y, radii) = ((point(moved(a)), point(moved(b))), (round(r1), round(r2)));
                let miss = if stick {
                    swept_apart(x, y, radii, d, Some(1.0))
                } else {
                    // Both look across alone, whatever the reach.
                    let passes = passes_by(x.0, d, y, radii, single);
                    let apart = swept_apart(x, y, radii, d, None);
                    passes | apart
                };
                if miss {
                    said += 1;
                    let found = if stick {
                        let core = |(p, q): ([f64; 2], [f64; 2])| Core::Segment(p, q);
                        let zero = [0.0, 0.0];
                        let careful = cast_careful(
                            (core(x), radii.0),
                            (core(y), radii.1),
                            (d, zero),
                            CastOptions::default(),
                            false,
                        );
                        careful.map(|hit| hit.time)
                    } else {
                        cast_core(x.0, d, y.0, y.1, radii, None).map(|c| c.distance)
                    };
                    assert_eq!(found, None, "{case}: {x:?} {d:?} {y:?} {radii:?}");
                }
                // Well clear (`δ = 10⁻³`) and along the axis the pretest looks at.
                if delta == 1e-3 && (stick || across) && r > 0.1 {
                    wide += 1;
                    wide_said += usize::from(miss);
                }
            }
            let scalar = if single { "f32" } else { "f64" };
            std::eprintln!(
                "pretests, {scalar}: {said} certain misses; {wide_said} of {wide} clear by 10^-3 r"
            );
            assert!(
                wide_said * 100 >= wide * 99,
                "{scalar}: {wide_said} of {wide}"
            );
        }
    }

    /// [`stays_beside`](super::stays_beside): paths whose step, from `o` to `o +
    /// max_time · d`, lies `r (1 + δ)` to one side of the core's line at its nearer end,
    /// with `δ` from `±10⁻¹⁵` to `±10⁻³` and `max_time` of 0.5, 1 or 2: wherever it says
    /// "miss", the careful kernel finds no hit within the step; every path clear by `δ =
    /// 10⁻³` (and `r > 0.1`) is said "miss"; negative, NaN and infinite `max_time` never.
    #[test]
    fn paths_beside_the_core_are_misses() {
        use super::stays_beside;
        let dot = |p: [f64; 2], q: [f64; 2]| p[0] * q[0] + p[1] * q[1];
        for single in [true, false] {
            let mut rng = Rng(31);
            let (mut said, mut wide_said, mut wide) = (0, 0, 0);
            for case in 0..20_000 {
                let (a, b) = (rng.point(10.0), rng.point(10.0));
                let (r1, r2) = (rng.uniform(0.0, 1.5), rng.uniform(0.0, 1.5));
                let r = r1 + r2;
                let delta = [1e-15, 1e-12, 1e-9, 1e-6, 1e-3][case % 5]
                    * if case % 10 < 5 { 1.0 } else { -1.0 };
                let max_time = [1.0, 0.5, 2.0][case % 3];
                let side = if (case / 10) % 2 == 0 { 1.0 } else { -1.0 };
                let v = [b[0] - a[0], b[1] - a[1]];
                let length = v[0].hypot(v[1]);
                let n = [-v[1] / length * side, v[0] / length * side];
                let (o, d) = (rng.point(10.0), rng.point(15.0));
                let end = [o[0] + max_time * d[0], o[1] + max_time * d[1]];
                let low = (dot(n, o) - dot(n, a)).min(dot(n, end) - dot(n, a));
                // Shift the path along `n` so that its nearer end is `r (1 + δ)` from the line.
                let shift = r * (1.0 + delta) - low;
                let o = [o[0] + n[0] * shift, o[1] + n[1] * shift];
                let round = |x: f64| if single { f64::from(x as f32) } else { x };
                let point = |p: [f64; 2]| p.map(round);
                let (o, d, a, b) = (point(o), point(d), point(a), point(b));
                let radii = (round(r1), round(r2));
                let miss = stays_beside(o, d, (a, b), radii, max_time, single);
                if miss {
                    said += 1;
                    let reach = max_time * d[0].hypot(d[1]);
                    let found = cast_core(o, d, a, b, radii, None).filter(|c| c.distance <= reach);
                    assert!(found.is_none(), "{case}: {o:?} {d:?} {a:?} {b:?} {radii:?}");
                }
                if delta == 1e-3 && r > 0.1 {
                    wide += 1;
                    wide_said += usize::from(miss);
                }
                for never in [-1.0, f64::NAN, f64::INFINITY] {
                    assert!(!stays_beside(o, d, (a, b), radii, never, single), "{never}");
                }
            }
            let scalar = if single { "f32" } else { "f64" };
            std::eprintln!(
                "beside the core, {scalar}: {said} certain misses; {wide_said} of {wide} clear by 10^-3 r"
            );
            assert!(
                wide > 1000 && wide_said == wide,
                "{scalar}: {wide_said} of {wide}"
            );
        }
    }

    #[test]
    fn certified_answers_on_simple_inputs() {
        // Far away but no bound overflows: certified, time 5 − 10⁻¹⁰⁰ rounded.
        let far = cast(
            [0.0, 5e100],
            [0.0, -1e100],
            ([-1.0, 0.0], [1.0, 0.0]),
            (1.0, 0.0),
            10.0,
            TARGET_F64,
        );
        assert_eq!(far, Some(Some((5.0, [0.0, 1.0], [0.0, 0.0]))));
        let (a, b) = ([-1.0, 0.0], [1.0, 0.0]);
        // Head-on into the wall: time 4 of the unit motion, normal up, core point below.
        let hit = cast(
            [0.5, 5.0],
            [0.0, -1.0],
            (a, b),
            (0.5, 0.5),
            10.0,
            TARGET_F64,
        );
        assert_eq!(hit, Some(Some((4.0, [0.0, 1.0], [0.5, 0.0]))));
        // Into the cap at b from the right.
        let hit = cast(
            [4.0, 0.0],
            [-1.0, 0.0],
            (a, b),
            (1.0, 0.0),
            10.0,
            TARGET_F64,
        );
        assert_eq!(hit, Some(Some((2.0, [1.0, 0.0], b))));
        // Too short, moving away, and passing beside: certain misses.
        let miss = |o, d| cast(o, d, (a, b), (0.5, 0.0), 1.0, TARGET_F64);
        assert_eq!(miss([0.0, 5.0], [0.0, -1.0]), Some(None));
        assert_eq!(miss([0.0, 5.0], [0.0, 1.0]), Some(None));
        assert_eq!(miss([5.0, 5.0], [0.0, -10.0]), Some(None));
    }
}
