//! A certificate for `f32` manifolds: that no face of two segment cores can give the
//! two-point manifold, so that the careful clipping (`src/query/manifold.rs`,
//! `Pair::two_points`) need not run. Evaluated in `f64` with a margin far above the
//! careful path's rounding; where it cannot tell, the careful path runs as before, and
//! where it can, the careful path's answer is the one it would have given (`None`), so
//! the manifolds are the same bit for bit (`docs/numerics.md`, "Manifolds").

/// The correctly rounded root (the scalar's, through `std` or `libm`).
#[inline(always)]
fn sqrt(x: f64) -> f64 {
    <f64 as super::Scalar>::sqrt(x)
}

/// The `f64` scalar has no manifold certificate: the careful path runs.
#[inline(always)]
pub(crate) fn no_two_points_none<T>(
    x: [[T; 2]; 2],
    y: [[T; 2]; 2],
    radii: [T; 2],
    margin: T,
    depth: T,
) -> bool {
    let _ = (x, y, radii, margin, depth);
    false
}

/// `2^-12`: the certificate's margin, relative to the pair's scale, the sum of `M` (the
/// largest input coordinate's magnitude), `r₁ + r₂`, `|depth|`, `|margin|` and the bias.
///
/// The careful path's separations of the clipped points in `f32` err by at most about
/// `32 u` of that scale (`u = 2^-24`): the face normal's normalisation (a few `u`), the
/// clip ratio (`u`), the cut point (`p + (q − p)·t`, three roundings of values below
/// `2M`), the point's offset from the face and its dot with the normal (a few `u` of
/// `2M`), and `r₁ + r₂ − beyond` (two roundings); `bias − depth` adds one more. The
/// margin is 128 times that, and this file's own `f64` values err by some `2^-48` of the
/// scale.
const MARGIN: f64 = 1.0 / 4096.0;

/// Whether no face of `x` or `y` can give [`Pair::two_points`]'s pair of clipped points,
/// for proper segments `x`, `y` whose contact (within `margin`, of depth `depth`) exists:
/// true only where that is certain (every value finite, and each face failing its keep
/// test, or missing the strip, by more than [`MARGIN`] of the scale).
///
/// For each segment `s` and the other, incident, segment `i = [p, q]`: `i` clipped to the
/// strip across `s` (`0 ≤ (c − a)·v ≤ |v|²`) gives the points at parameters `λ` from `p`
/// and `μ` from `q`, and their heights beyond `s`'s line along its left normal are `h_p +
/// λ (h_q − h_p)` and `h_q + μ (h_p − h_q)`, as the line's height is linear along `i`.
/// The left face keeps its two points only when both `h − r ≤ margin` and the lower `h − r
/// ≤ bias − depth`; the right face the same with `−h`. Of each segment's two faces the
/// careful path's candidate is the one the other segment lies farther beyond (the sign of
/// `h_p + h_q`); the reference face and its fallback are the two segments' candidates,
/// whichever it picks, so both candidates failing means no two points.
///
/// [`Pair::two_points`]: crate::query::manifold
#[inline(always)]
pub(crate) fn no_two_points_f32(
    [xa, xb]: [[f32; 2]; 2],
    [ya, yb]: [[f32; 2]; 2],
    [rx, ry]: [f32; 2],
    margin: f32,
    depth: f32,
) -> bool {
    // `max` by comparison (see `tests/determinism.rs`).
    let largest = [xa, xb, ya, yb].iter().flatten().fold(0.0_f64, |m, &c| {
        let c = f64::from(c).abs();
        if c > m { c } else { m }
    });
    if !(largest.is_finite() && [rx, ry, margin, depth].iter().all(|v| v.is_finite())) {
        // Nothing below is NaN for finite inputs (every division's divisor is positive).
        return false;
    }
    let w = |p: [f32; 2]| p.map(f64::from);
    let ([xa, xb, ya, yb], [rx, ry, margin, depth]) = (
        [xa, xb, ya, yb].map(w),
        [rx, ry, margin, depth].map(f64::from),
    );
    let length = |a: [f64; 2], b: [f64; 2]| {
        let v = [b[0] - a[0], b[1] - a[1]];
        sqrt(v[0] * v[0] + v[1] * v[1])
    };
    let (length_x, length_y) = (length(xa, xb), length(ya, yb));
    // `2^-8 (|x| + |y|)`, as the careful path biases towards `y`'s face.
    let bias = (length_x + length_y) / 256.0;
    let radii = rx + ry;
    let scale = largest + radii + depth.abs() + margin.abs() + bias;
    let slack = MARGIN * scale;
    let faces = Limits {
        radii,
        shallow: margin + slack,
        deep: bias - depth + slack,
        slack,
    };
    faces.candidate_fails([xa, xb], length_x, [ya, yb])
        && faces.candidate_fails([ya, yb], length_y, [xa, xb])
}

/// What the keep test of a face asks of its two clipped points, each with the certificate's
/// slack added: the shallower one's separation at most `shallow`, the deeper one's at most
/// `deep`.
struct Limits {
    radii: f64,
    shallow: f64,
    deep: f64,
    slack: f64,
}

impl Limits {
    /// Whether the candidate face of segment `s = [a, b]` (see below), of length `length`,
    /// certainly fails with incident segment `i = [p, q]`: `i` misses the strip by more
    /// than the slack, or a clipped point's separation exceeds its limit.
    #[inline(always)]
    fn candidate_fails(&self, [a, b]: [[f64; 2]; 2], length: f64, [p, q]: [[f64; 2]; 2]) -> bool {
        let v = [b[0] - a[0], b[1] - a[1]];
        let vv = v[0] * v[0] + v[1] * v[1];
        let (wp, wq) = ([p[0] - a[0], p[1] - a[1]], [q[0] - a[0], q[1] - a[1]]);
        let (tp, tq) = (wp[0] * v[0] + wp[1] * v[1], wq[0] * v[0] + wq[1] * v[1]);
        // Positions along `s` in units of `|v|`: the slack there is `slack · |v|`.
        let reach = self.slack * length;
        let (low, high) = if tp < tq { (tp, tq) } else { (tq, tp) };
        if high < -reach || low > vv + reach {
            return true;
        }
        if !(high > reach && low < vv - reach) {
            // Within the slack of missing the strip: the careful clip may hit or miss.
            return false;
        }
        // The parameters of the clipped points along `p → q` and `q → p`: 0 for an end
        // inside the strip, else where `i` crosses the strip's edge on its way in.
        let enter = |t_from: f64, t_to: f64| {
            if t_from < 0.0 {
                -t_from / (t_to - t_from)
            } else if t_from > vv {
                (t_from - vv) / (t_from - t_to)
            } else {
                0.0
            }
        };
        let (lambda, mu) = (enter(tp, tq), enter(tq, tp));
        // Heights beyond `s`'s line along its left normal `(−v_y, v_x) / |v|`.
        let height = |w: [f64; 2]| (w[1] * v[0] - w[0] * v[1]) / length;
        let (hp, hq) = (height(wp), height(wq));
        let first = hp + lambda * (hq - hp);
        let second = hq + mu * (hp - hq);
        // The careful path's candidate face of `s` is the one `i` lies farther beyond: the
        // left where `min(h_p, h_q) > −max(h_p, h_q)`, that is `h_p + h_q > 0`. Within the
        // slack of a tie, both must fail.
        let lean = hp + hq;
        (lean < -self.slack || self.fails(first, second))
            && (lean > self.slack || self.fails(-first, -second))
    }

    /// Whether a face whose clipped points lie `h₁`, `h₂` beyond it certainly fails the keep
    /// test: a separation `h − r₁ − r₂` above the margin, or the deeper one's above
    /// `bias − depth` (each limit with the slack added). False for NaN.
    #[inline(always)]
    fn fails(&self, h1: f64, h2: f64) -> bool {
        let (deeper, shallower) = if h1 < h2 { (h1, h2) } else { (h2, h1) };
        shallower - self.radii > self.shallow || deeper - self.radii > self.deep
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::no_two_points_f32;
    use crate::Shape;
    use crate::query::manifold::{manifold, manifold_certified};
    use crate::shape::Core;
    use crate::test_rng::Rng;

    /// The manifold with the certificate against the careful clipping alone, bit for bit,
    /// on random `f32` capsule pairs: general positions, near-parallel overlapping pairs
    /// (where two points are common and the certificate must decline), pairs far from the
    /// origin, and with several margins. The certificate must also hold on most general
    /// pairs, or it saves nothing.
    #[test]
    fn certified_manifolds_are_the_careful_ones() {
        let mut rng = Rng(5);
        let (mut contacts, mut certified, mut two_points) = (0, 0, 0);
        for i in 0..40_000 {
            let offset = if i % 8 == 7 { 5000.0 } else { 0.0 };
            let mut coordinate = |half: f64| (offset + rng.uniform(-half, half)) as f32;
            let (a, b) = (
                [coordinate(4.0), coordinate(4.0)],
                [coordinate(4.0), coordinate(4.0)],
            );
            let c = [coordinate(4.0), coordinate(4.0)];
            let mut d = [coordinate(4.0), coordinate(4.0)];
            if i % 4 == 0 {
                // Near-parallel: `d − c` is `b − a`, nudged.
                let nudge = rng.uniform(-0.01, 0.01) as f32;
                d = [c[0] + b[0] - a[0], c[1] + b[1] - a[1] + nudge];
            }
            let (rx, ry) = (rng.uniform(0.1, 1.0) as f32, rng.uniform(0.1, 1.0) as f32);
            let margin = [0.0, 0.02, 0.5, -0.05][i % 4];
            let (x, y) = (Core::Segment(a, b), Core::Segment(c, d));
            let careful = manifold_certified::<_, false>(x, rx, y, ry, margin);
            assert_eq!(
                manifold(x, rx, y, ry, margin),
                careful,
                "{a:?} {b:?} {c:?} {d:?}"
            );
            let Some(careful) = careful else {
                continue;
            };
            contacts += 1;
            two_points += usize::from(careful.points().len() == 2);
            let depth = crate::Capsule::new(a, b, rx)
                .contact_with_margin(&crate::Capsule::new(c, d, ry), margin)
                .expect("a manifold has a contact")
                .depth;
            if no_two_points_f32([a, b], [c, d], [rx, ry], margin, depth) {
                certified += 1;
                assert_eq!(careful.points().len(), 1, "{a:?} {b:?} {c:?} {d:?}");
            }
        }
        std::eprintln!(
            "manifold certificate: {certified} of {contacts} contacts ({two_points} with two points)"
        );
        assert!(two_points > 1_000, "two-point manifolds {two_points}");
        assert!(
            certified * 2 > contacts,
            "certified {certified} of {contacts}"
        );
    }
}
