//! The hand-written baseline: closest point and circle–segment contact in plain,
//! non-generic `f32`, as one would write them inline in an engine.
//!
//! Same algorithm and same answers as capsule2d on ordinary inputs (regions decided
//! before dividing, the interior normal from the segment's unit normal, the same
//! fallbacks), but with none of its robustness: the predicates round (a circle exactly
//! touching may go either way), nothing is rescaled, and NaN is not handled. The ratio
//! of capsule2d's generic `f32` to this is therefore the cost of generics *plus* the
//! cost of exactness and rescaling.

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

/// Whether the circle of centre `c` and radius `r` touches segment `ab`: `|c − q|² ≤ r²`.
#[inline]
pub fn intersects(a: [f32; 2], b: [f32; 2], c: [f32; 2], r: f32) -> bool {
    let q = closest_point(a, b, c);
    let (dx, dy) = (c[0] - q[0], c[1] - q[1]);
    r >= 0.0 && dx * dx + dy * dy <= r * r
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inputs::point_cases;
    use capsule2d::{Circle, Segment};

    /// On the benchmark's inputs the baseline gives capsule2d's answers, so the two do
    /// the same work.
    #[test]
    fn agrees_with_capsule2d_on_the_benchmark_inputs() {
        let f = |p: [f64; 2]| p.map(|x| x as f32);
        for case in point_cases() {
            let (a, b, p, r) = (f(case.a), f(case.b), f(case.p), case.r as f32);
            let segment = Segment::new(a, b);
            assert_eq!(closest_point(a, b, p), segment.closest_point(p));
            assert_eq!(
                intersects(a, b, p, r),
                Circle::new(p, r).intersects_segment(&segment)
            );
            let ours = Circle::new(p, r).contact_segment(&segment);
            let theirs = contact(a, b, p, r);
            assert_eq!(ours.is_some(), theirs.is_some());
            if let (Some(ours), Some(theirs)) = (ours, theirs) {
                assert!((ours.depth - theirs.depth).abs() < 1e-5);
                assert!((ours.normal[0] - theirs.normal[0]).abs() < 1e-6);
                assert!((ours.normal[1] - theirs.normal[1]).abs() < 1e-6);
            }
        }
    }
}
