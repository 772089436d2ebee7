//! The seed's worked example: its Python `closest_point_on_seg` and `segment_circle`
//! (seed write-up 000), reproduced with `Segment::closest_point` and
//! `Circle::contact_segment(..).offset()`.
//!
//! The expected numbers below came from running the seed's Python, ported to Python 3
//! (`raise ValueError, "…"` → `raise ValueError("…")`) with the minimal `vec` class it
//! assumes (`+`, `-`, `*` and `/` by a scalar, `dot`, `len` = `sqrt(x² + y²)`, `copy`), under
//! `CPython` 3 on f64. They are the seed's output, **not** this crate's. The Python
//! normalises `seg_v` before projecting, and this crate divides by `|seg_v|²` instead, so the
//! two round differently: they are compared within a few units of rounding.
//!
//! Where the seed has no answer the crate documents one: the Python returns `(0, 0)` for
//! "no contact" (the crate: `None`), and raises for a centre exactly on the segment and
//! for a zero-length segment (the crate: the left normal with the full radius, and the
//! segment as a point).

use crate::common;

use capsule2d::vector::VectorOps;
use capsule2d::{Circle, Segment, Shape};
use common::{TestScalar, length_of, s, v};

type Case = ([f64; 2], [f64; 2], [f64; 2], f64, [f64; 2], [f64; 2]);

/// `(seg_a, seg_b, circ_pos, circ_rad, closest, offset)`, the last two printed by the
/// seed's Python (see the module docs); `offset` is `vec(0, 0)` when it finds no overlap.
const SEED_PYTHON: [Case; 7] = [
    (
        [0.0, 0.0],
        [10.0, 0.0],
        [3.0, 0.75],
        1.0,
        [3.0, 0.0],
        [0.0, 0.25],
    ),
    (
        [0.0, 0.0],
        [4.0, 3.0],
        [1.0, 2.0],
        2.0,
        [1.6, 1.2],
        [-0.6000000000000001, 0.8],
    ),
    (
        [2.0, 1.0],
        [8.0, 5.0],
        [9.0, 6.0],
        2.5,
        [8.0, 5.0],
        [0.7677669529663687, 0.7677669529663687],
    ),
    (
        [-3.0, -1.0],
        [5.0, 2.0],
        [0.5, 1.75],
        1.5,
        [0.9726027397260273, 0.48972602739726034],
        [-0.05408242265656016, 0.1442197937508271],
    ),
    (
        [1.0, 1.0],
        [1.0, 7.0],
        [0.25, 8.5],
        2.0,
        [1.0, 7.0],
        [-0.14442719099991583, 0.28885438199983166],
    ),
    // Too far: the seed returns vec(0, 0).
    (
        [0.0, 0.0],
        [10.0, 0.0],
        [3.0, 2.5],
        1.0,
        [3.0, 0.0],
        [0.0, 0.0],
    ),
    // Exactly touching: |dist_v| == circ_rad, so the seed's offset is 0 · unit = (0, 0).
    (
        [0.0, 0.0],
        [10.0, 0.0],
        [3.0, 1.0],
        1.0,
        [3.0, 0.0],
        [0.0, 0.0],
    ),
];

/// Rounding units allowed between the seed's f64 arithmetic and the crate's.
const K: f64 = 8.0;
/// The largest coordinate in the cases.
const M: f64 = 10.0;

fn near<S: TestScalar>(what: &str, got: [S; 2], want: [f64; 2]) {
    let err = (got[0].to_f64() - want[0]).hypot(got[1].to_f64() - want[1]);
    assert!(
        err <= S::tol(K, M),
        "{what} [{}]: {got:?}, the seed's Python gives {want:?}",
        S::NAME
    );
}

fn seed_worked_example<S: TestScalar>() {
    for (a, b, c, r, closest, offset) in SEED_PYTHON {
        let what = format!("segment {a:?}–{b:?}, circle {c:?} r {r}");
        let seg = Segment::new(v::<S>(a[0], a[1]), v(b[0], b[1]));
        let circle = Circle::new(v::<S>(c[0], c[1]), s(r));
        near(
            &format!("{what}: closest point"),
            seg.project_point(circle.center),
            closest,
        );
        let contact = circle.contact(&seg);
        // The seed's "no overlap" is vec(0, 0); the crate's is None, and touching is a
        // contact of depth 0, whose offset is (0, 0) as in the seed.
        let seed_overlaps = offset != [0.0, 0.0] || c == [3.0, 1.0];
        assert_eq!(contact.is_some(), seed_overlaps, "{what}");
        let got = contact.map_or(<[S; 2]>::zero(), |k| k.offset());
        near(&format!("{what}: offset"), got, offset);
        if let Some(k) = contact {
            // The seed's formula: offset = dist_v / |dist_v| · (r − |dist_v|), and `point` is
            // its `closest`.
            near(&format!("{what}: contact point"), k.point, closest);
            let len = length_of(k.normal);
            assert!((len - 1.0).abs() <= S::tol(4.0, 1.0), "{what}: |n| = {len}");
        }
    }
}

/// The seed raises `ValueError("Circle's center is exactly on segment")`; the crate
/// answers with the segment's left normal and the full radius.
fn where_the_seed_raises_on_the_segment<S: TestScalar>() {
    let seg = Segment::new(v::<S>(0.0, 0.0), v(10.0, 0.0));
    let circle = Circle::new(v::<S>(3.0, 0.0), s(1.0));
    let contact = circle
        .contact(&seg)
        .expect("a centre on the segment overlaps");
    assert_eq!(
        contact.normal,
        v(0.0, 1.0),
        "(10, 0) turned counter-clockwise"
    );
    assert_eq!(contact.depth, s(1.0));
    assert_eq!(contact.offset(), v(0.0, 1.0));
}

/// The seed raises `ValueError("Invalid segment length")`; the crate treats the segment
/// as its point: a circle of radius 4 at (3, 0) against the point (2, 2) is √5 away, so the
/// offset is (1, −2)/√5 · (4 − √5).
fn where_the_seed_raises_on_a_zero_length_segment<S: TestScalar>() {
    let p = v::<S>(2.0, 2.0);
    let circle = Circle::new(v::<S>(3.0, 0.0), s(4.0));
    let contact = circle.contact(&Segment::new(p, p)).expect("within 4");
    let root5 = 5f64.sqrt();
    let push = 4.0 - root5;
    near(
        "zero-length segment: offset",
        contact.offset(),
        [push / root5, -2.0 * push / root5],
    );
    assert_eq!(contact.point, p);
}

all_scalars!(
    seed_worked_example,
    where_the_seed_raises_on_the_segment,
    where_the_seed_raises_on_a_zero_length_segment,
);
