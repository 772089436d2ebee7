//! Every case of issue 2, point 6 (and `docs/semantics.md`), for every scalar type: f32,
//! f64 and, with feature `fixed`, `I32F32`, `I16F16` and `I48F16`.
//!
//! The inputs are small integers and dyadic values, exactly representable in every type,
//! and the expected values are worked out by hand in the comments. Where the crate's answer
//! is exact (axis-aligned normals, depths that are differences of dyadics) the tests ask
//! for equality; elsewhere (a 3-4-5 normal is `(0.6, 0.8)`, which no binary type holds)
//! they allow `S::tol(4, m)`: 4 units of the type's resolution at the case's magnitude.

use crate::common;

use capsule2d::vector::VectorOps;
use capsule2d::{Capsule, Circle, Contact, Segment, Shape as _, ShapeError, response};
use common::{TestScalar, exact, length_of, overlap, pd, s, sd, v};

type V<S> = [S; 2];

/// The largest magnitude in a hand case; tolerances scale with it.
const M: f64 = 10.0;

/// One step of the type's resolution at `x`: an ulp for floats, `2^-frac` for fixed point.
fn step<S: TestScalar>(x: f64) -> f64 {
    if S::FLOAT {
        let e = x.abs().log2().floor() as i32;
        S::EPS * 2f64.powi(e)
    } else {
        S::EPS
    }
}

fn assert_near<S: TestScalar>(what: &str, got: S, want: f64) {
    let err = (got.to_f64() - want).abs();
    assert!(
        err <= S::tol(4.0, M),
        "{what} [{}]: {got:?}, expected {want}",
        S::NAME
    );
}

fn assert_near_v<S: TestScalar>(what: &str, got: V<S>, want: [f64; 2]) {
    assert_near(what, got[0], want[0]);
    assert_near(what, got[1], want[1]);
}

fn assert_unit<S: TestScalar>(what: &str, n: V<S>) {
    let len = length_of(n);
    assert!(
        (len - 1.0).abs() <= S::tol(4.0, 1.0),
        "{what} [{}]: |{n:?}| = {len}",
        S::NAME
    );
}

/// A contact with the given normal, depth and point (hand values, within tolerance).
fn assert_contact<S: TestScalar>(
    what: &str,
    got: Option<Contact<V<S>>>,
    normal: [f64; 2],
    depth: f64,
    point: Option<[f64; 2]>,
) -> Contact<V<S>> {
    let c = got.unwrap_or_else(|| panic!("{what} [{}]: expected a contact", S::NAME));
    assert_unit(what, c.normal);
    assert_near_v(&format!("{what}: normal"), c.normal, normal);
    assert_near(&format!("{what}: depth"), c.depth, depth);
    if let Some(point) = point {
        assert_near_v(&format!("{what}: point"), c.point, point);
    }
    c
}

/// A contact whose normal and depth are exactly the given values.
fn assert_exact<S: TestScalar>(
    what: &str,
    got: Option<Contact<V<S>>>,
    normal: [f64; 2],
    depth: f64,
) -> Contact<V<S>> {
    let c = got.unwrap_or_else(|| panic!("{what} [{}]: expected a contact", S::NAME));
    assert_eq!(
        c.normal,
        v::<S>(normal[0], normal[1]),
        "{what} [{}]: {c:?}",
        S::NAME
    );
    assert_eq!(c.depth, s::<S>(depth), "{what} [{}]: {c:?}", S::NAME);
    c
}

// ---------------------------------------------------------------------------------------
// Shapes are closed: touching intersects, with depth 0.
// ---------------------------------------------------------------------------------------

fn touching_shapes_intersect_with_depth_zero<S: TestScalar>() {
    let floor = Segment::new(v::<S>(-4.0, 0.0), v(4.0, 0.0));

    // A circle of radius 2 centred 2 above (below, beside) the segment touches it.
    let above = Circle::new(v::<S>(1.0, 2.0), s(2.0));
    assert!(above.intersects(&floor) && floor.intersects(&above));
    let c = assert_exact(
        "circle on a segment",
        above.contact(&floor),
        [0.0, 1.0],
        0.0,
    );
    assert_eq!(c.point, v(1.0, 0.0), "the closest point of the segment");
    let below = Circle::new(v::<S>(1.0, -2.0), s(2.0));
    assert_exact(
        "circle under a segment",
        below.contact(&floor),
        [0.0, -1.0],
        0.0,
    );
    let beside = Circle::new(v::<S>(6.0, 0.0), s(2.0));
    let c = assert_exact(
        "circle beside an end",
        beside.contact(&floor),
        [1.0, 0.0],
        0.0,
    );
    assert_eq!(c.point, v(4.0, 0.0));
    // The mirror image: the normal points from the circle to the segment.
    assert_exact(
        "segment under a circle",
        floor.contact(&above),
        [0.0, -1.0],
        0.0,
    );

    // 3-4-5: a circle of radius 5 centred at (7, 4) touches the end (4, 0). The normal is
    // (0.6, 0.8), which no binary type holds, so the depth may be a rounding above 0.
    let diagonal = Circle::new(v::<S>(7.0, 4.0), s(5.0));
    assert!(diagonal.intersects(&floor));
    let c = assert_contact("3-4-5 end", diagonal.contact(&floor), [0.6, 0.8], 0.0, None);
    assert!(c.depth >= S::ZERO);
    assert_eq!(c.point, v(4.0, 0.0));

    // Circles: radii 1 and 2 with centres 3 apart; radii 2 and 3 with centres 5 apart (3-4-5).
    let (u, w) = (
        Circle::new(v::<S>(0.0, 0.0), s(1.0)),
        Circle::new(v::<S>(3.0, 0.0), s(2.0)),
    );
    assert!(u.intersects(&w) && w.intersects(&u));
    let c = assert_exact("touching circles", u.contact(&w), [-1.0, 0.0], 0.0);
    assert_eq!(c.point, v(1.0, 0.0), "on w's boundary");
    let (u, w) = (
        Circle::new(v::<S>(0.0, 0.0), s(2.0)),
        Circle::new(v::<S>(3.0, 4.0), s(3.0)),
    );
    assert!(u.intersects(&w));
    assert_contact(
        "3-4-5 circles",
        w.contact(&u),
        [0.6, 0.8],
        0.0,
        Some([1.2, 1.6]),
    );

    // Points on the boundary.
    let ring = Circle::new(v::<S>(0.0, 0.0), s(5.0));
    assert!(ring.contains_point(v(3.0, 4.0)) && ring.contains_point(v(0.0, -5.0)));
    // The normal points from the point towards the centre.
    assert_exact(
        "point on a circle",
        ring.contact(&v(5.0, 0.0)),
        [-1.0, 0.0],
        0.0,
    );
    assert_contact(
        "3-4-5 point",
        ring.contact(&v(3.0, 4.0)),
        [-0.6, -0.8],
        0.0,
        None,
    );
    let cap = Capsule::new(v::<S>(0.0, 0.0), v(4.0, 0.0), s(1.0));
    assert!(cap.contains_point(v(2.0, 1.0)) && cap.contains_point(v(5.0, 0.0)));
    assert_exact(
        "point on a capsule side",
        cap.contact(&v(2.0, 1.0)),
        [0.0, -1.0],
        0.0,
    );
    assert_exact(
        "point on a capsule end",
        cap.contact(&v(5.0, 0.0)),
        [-1.0, 0.0],
        0.0,
    );

    // Capsules: parallel cores 3 apart with radii 1 and 2; end to end along an axis.
    let x = Capsule::new(v::<S>(0.0, 3.0), v(4.0, 3.0), s(1.0));
    let y = Capsule::new(v::<S>(-1.0, 0.0), v(2.0, 0.0), s(2.0));
    assert!(x.intersects(&y) && y.intersects(&x));
    assert_exact("parallel capsules", x.contact(&y), [0.0, 1.0], 0.0);
    let z = Capsule::new(v::<S>(7.0, 3.0), v(9.0, 3.0), s(2.0));
    assert_exact("capsules end to end", z.contact(&x), [1.0, 0.0], 0.0);

    // Capsule and circle, capsule and segment.
    let ball = Circle::new(v::<S>(7.0, 3.0), s(2.0));
    assert!(x.intersects(&ball) && ball.intersects(&x));
    assert_exact(
        "capsule against a circle",
        x.contact(&ball),
        [-1.0, 0.0],
        0.0,
    );
    assert_exact(
        "circle against a capsule",
        ball.contact(&x),
        [1.0, 0.0],
        0.0,
    );
    let log = Capsule::new(v::<S>(-1.0, 1.0), v(1.0, 1.0), s(1.0));
    assert!(log.intersects(&floor) && floor.intersects(&log));
    assert_exact("capsule on a segment", log.contact(&floor), [0.0, 1.0], 0.0);
    assert_exact(
        "segment under a capsule",
        floor.contact(&log),
        [0.0, -1.0],
        0.0,
    );

    // Segments touching end to side (a T) and end to end: they intersect, distance 0.
    for t in [
        Segment::new(v::<S>(1.0, 0.0), v(1.0, 3.0)),
        Segment::new(v::<S>(4.0, 0.0), v(7.0, 4.0)),
        Segment::new(v::<S>(-6.0, 0.0), v(-4.0, 0.0)),
    ] {
        assert!(floor.intersects(&t) && t.intersects(&floor), "{t:?}");
        assert_eq!(dist2(floor.closest_points(&t).points()), S::ZERO);
        let zero = Capsule::from_segment(t, S::ZERO);
        let c = zero.contact(&floor).expect("touching cores");
        assert_eq!(c.depth, S::ZERO, "{t:?}: {c:?}");
    }
}

/// The same shapes one step of resolution further apart do not intersect.
fn one_step_apart_shapes_do_not_intersect<S: TestScalar>() {
    let floor = Segment::new(v::<S>(-4.0, 0.0), v(4.0, 0.0));
    let up = 2.0 + step::<S>(2.0);
    let above = Circle::new(v::<S>(1.0, up), s(2.0));
    assert!(!above.intersects(&floor) && above.contact(&floor).is_none());
    let beside = Circle::new(v::<S>(6.0 + step::<S>(6.0), 0.0), s(2.0));
    assert!(!beside.intersects(&floor) && beside.contact(&floor).is_none());
    let (u, w) = (
        Circle::new(v::<S>(0.0, 0.0), s(1.0)),
        Circle::new(v::<S>(3.0, 0.0), s(2.0)),
    );
    let w_apart = Circle::new(v::<S>(3.0 + step::<S>(3.0), 0.0), s(2.0));
    assert!(u.intersects(&w) && !u.intersects(&w_apart));
    assert!(u.contact(&w_apart).is_none());
    let ring = Circle::new(v::<S>(0.0, 0.0), s(5.0));
    assert!(!ring.contains_point(v(5.0 + step::<S>(5.0), 0.0)));
    let x = Capsule::new(
        v::<S>(0.0, 3.0 + step::<S>(3.0)),
        v(4.0, 3.0 + step::<S>(3.0)),
        s(1.0),
    );
    let y = Capsule::new(v::<S>(-1.0, 0.0), v(2.0, 0.0), s(2.0));
    assert!(!x.intersects(&y) && x.contact(&y).is_none());
    let t = Segment::new(v::<S>(1.0, step::<S>(1.0)), v(1.0, 3.0));
    assert!(!floor.intersects(&t) && !t.intersects(&floor));
    // One step apart: the distance is that step. (Its square, 2^-2frac for fixed point, is
    // below the type's resolution, so `distance_squared_to_segment` may round to 0.)
    assert_near("one step", floor.distance(&t), step::<S>(1.0));
    assert!(floor.distance(&t) > S::ZERO);
}

// ---------------------------------------------------------------------------------------
// Degenerate shapes.
// ---------------------------------------------------------------------------------------

fn zero_length_segment_is_a_point<S: TestScalar>() {
    let p = v::<S>(1.0, 1.0);
    let dot = Segment::new(p, p);
    assert!(dot.is_degenerate());
    for q in [v::<S>(4.0, 5.0), v(-3.0, 1.0), p] {
        assert_eq!(dot.closest_parameter(q), S::ZERO, "t = 0 on a point");
        assert_eq!(dot.project_point(q), p);
    }
    // |(4, 5) − (1, 1)|² = 3² + 4² = 25.
    assert_eq!(
        dist2((dot.project_point(v(4.0, 5.0)), v(4.0, 5.0))),
        s(25.0)
    );
    assert_near("distance", dot.distance(&v(4.0, 5.0)), 5.0);
    assert!(dot.contains_point(p) && !dot.contains_point(v(1.5, 1.0)));
    assert_eq!(
        dot.left_normal(),
        v(1.0, 0.0),
        "+x for a zero-length segment"
    );

    // A circle of radius 6 at (4, 5): 5 away, so normal (0.6, 0.8), depth 1, point (1, 1) —
    // the same as the circle against the point.
    let circle = Circle::new(v::<S>(4.0, 5.0), s(6.0));
    let as_segment = circle.contact(&dot);
    let as_point = circle.contact(&p);
    assert_contact(
        "circle/zero-length segment",
        as_segment,
        [0.6, 0.8],
        1.0,
        Some([1.0, 1.0]),
    );
    assert_eq!(as_segment, as_point, "a zero-length segment is its point");
    assert_eq!(circle.intersects(&dot), circle.contains_point(p));

    // A zero-length capsule is a circle.
    let blob = Capsule::new(p, p, s(2.0));
    let round = Circle::new(p, s(2.0));
    for q in [v::<S>(4.0, 5.0), v(2.0, 2.0), v(1.0, 3.0), v(1.0, 3.5)] {
        assert_eq!(blob.contains_point(q), round.contains_point(q), "{q:?}");
        let other = Circle::new(q, s(3.0));
        assert_eq!(blob.intersects(&other), round.intersects(&other));
        assert_eq!(blob.contact(&other), round.contact(&other), "{q:?}");
    }
    // Two capsules 5 apart with radii 2 and 4: normal (−0.6, −0.8), depth 1.
    let far = Capsule::new(v::<S>(4.0, 5.0), v(4.0, 5.0), s(4.0));
    assert_contact(
        "zero-length capsules",
        blob.contact(&far),
        [-0.6, -0.8],
        1.0,
        None,
    );

    // Segment queries against it are point queries.
    let floor = Segment::new(v::<S>(-4.0, 1.0), v(4.0, 1.0));
    assert!(dot.intersects(&floor) && floor.intersects(&dot));
    let off = Segment::new(v::<S>(1.0, 1.5), v(1.0, 1.5));
    assert!(!off.intersects(&floor));
    assert_eq!(dist2(floor.closest_points(&off).points()), s(0.25));
}

fn zero_radius_circle_is_a_point<S: TestScalar>() {
    let floor = Segment::new(v::<S>(0.0, 0.0), v(4.0, 0.0));
    for (c, on) in [
        ((1.0, 0.0), true),
        ((4.0, 0.0), true),
        ((1.0, 0.5), false),
        ((5.0, 0.0), false),
    ] {
        let dot = Circle::new(v::<S>(c.0, c.1), S::ZERO);
        assert_eq!(dot.intersects(&floor), on, "{c:?}");
        assert_eq!(floor.contains_point(dot.center), on, "{c:?}");
        assert_eq!(dot.contact(&floor).is_some(), on);
    }
    // On the segment: touching, depth 0, the segment's left normal.
    let dot = Circle::new(v::<S>(1.0, 0.0), S::ZERO);
    let c = assert_exact(
        "zero circle on a segment",
        dot.contact(&floor),
        [0.0, 1.0],
        0.0,
    );
    assert_eq!(c.point, v(1.0, 0.0));
    // Against a circle of radius 5 at the origin: the point (3, 4) is on its boundary.
    let ring = Circle::new(v::<S>(0.0, 0.0), s(5.0));
    let dot = Circle::new(v::<S>(3.0, 4.0), S::ZERO);
    assert_eq!(dot.intersects(&ring), ring.contains_point(dot.center));
    assert_contact(
        "zero circle on a ring",
        dot.contact(&ring),
        [0.6, 0.8],
        0.0,
        None,
    );
    let outside = Circle::new(v::<S>(3.0, 4.5), S::ZERO);
    assert!(!outside.intersects(&ring) && !ring.contains_point(outside.center));
    // A zero circle contains its centre, with the +x fallback.
    assert_exact(
        "zero circle, own centre",
        dot.contact(&dot.center),
        [1.0, 0.0],
        0.0,
    );
}

fn zero_radius_capsule_is_a_segment<S: TestScalar>() {
    let (a, b) = (v::<S>(0.0, 0.0), v::<S>(4.0, 2.0));
    let seg = Segment::new(a, b);
    let line = Capsule::new(a, b, S::ZERO);
    for p in [
        v::<S>(2.0, 1.0),
        v(4.0, 2.0),
        v(2.0, 1.5),
        v(-1.0, -0.5),
        v(1.0, 0.5),
    ] {
        assert_eq!(line.contains_point(p), seg.contains_point(p), "{p:?}");
    }
    assert!(line.contains_point(v(2.0, 1.0)) && !line.contains_point(v(2.0, 1.5)));
    let others = [
        Segment::new(v::<S>(0.0, 2.0), v(4.0, 0.0)), // crosses at (2, 1)
        Segment::new(v::<S>(2.0, 1.0), v(2.0, 5.0)), // a T at (2, 1)
        Segment::new(v::<S>(0.0, 1.0), v(4.0, 3.0)), // parallel, apart
        Segment::new(v::<S>(-2.0, -1.0), v(8.0, 4.0)), // collinear, overlapping
        Segment::new(v::<S>(5.0, 2.5), v(8.0, 4.0)), // collinear, apart
    ];
    for t in others {
        assert_eq!(line.intersects(&t), seg.intersects(&t), "{t:?}");
        assert_eq!(line.contact(&t).is_some(), seg.intersects(&t), "{t:?}");
        let cap = Capsule::new(t.a, t.b, s(0.5));
        assert_eq!(line.contact(&cap), seg.contact(&cap), "{t:?}");
        assert_eq!(line.intersects(&cap), seg.intersects(&cap), "{t:?}");
    }
    let circle = Circle::new(v::<S>(2.0, 3.0), s(2.5));
    assert_eq!(circle.contact(&line), circle.contact(&seg));
    assert_eq!(circle.intersects(&line), circle.intersects(&seg));
}

fn centre_on_segment_gets_left_normal_and_full_depth<S: TestScalar>() {
    let floor = Segment::new(v::<S>(0.0, 0.0), v(4.0, 0.0));
    let ball = Circle::new(v::<S>(1.0, 0.0), s(2.0));
    // The left normal of b − a = (4, 0) is (0, 1); the depth is the whole radius.
    let c = assert_exact("centre on a segment", ball.contact(&floor), [0.0, 1.0], 2.0);
    assert_eq!(c.point, v(1.0, 0.0));
    assert_exact(
        "reversed segment",
        ball.contact(&floor.reversed()),
        [0.0, -1.0],
        2.0,
    );
    // At either endpoint, too.
    for end in [v::<S>(0.0, 0.0), v(4.0, 0.0)] {
        let at_end = Circle::new(end, s(2.0));
        assert_exact(
            "centre on an endpoint",
            at_end.contact(&floor),
            [0.0, 1.0],
            2.0,
        );
    }
    // A slanted segment along (4, 3): the point (2, 1.5) is on it; the left normal is
    // (−3, 4) / 5 = (−0.6, 0.8).
    let slope = Segment::new(v::<S>(0.0, 0.0), v(4.0, 3.0));
    let on = Circle::new(v::<S>(2.0, 1.5), s(1.0));
    assert_contact(
        "centre on a slope",
        on.contact(&slope),
        [-0.6, 0.8],
        1.0,
        Some([2.0, 1.5]),
    );
    assert_near_v("the slope's left normal", slope.left_normal(), [-0.6, 0.8]);
    // Against a capsule: the core's left normal, depth the sum of the radii.
    let cap = Capsule::new(v::<S>(0.0, 0.0), v(4.0, 0.0), s(0.5));
    assert_exact("centre on a core", ball.contact(&cap), [0.0, 1.0], 2.5);
    // Seen from the segment's side, the right normal (the mirror image).
    assert_exact(
        "segment under a centre",
        floor.contact(&ball),
        [0.0, -1.0],
        2.0,
    );
    assert_exact("core under a centre", cap.contact(&ball), [0.0, -1.0], 2.5);
    assert_exact(
        "point on a core",
        cap.contact(&v(1.0, 0.0)),
        [0.0, -1.0],
        0.5,
    );
    // A zero-length capsule whose core lies inside another core: y's left normal.
    let dot = Capsule::new(v::<S>(1.0, 0.0), v(1.0, 0.0), s(1.0));
    assert_exact("point core on a core", dot.contact(&cap), [0.0, 1.0], 1.5);
    assert_exact(
        "core under a point core",
        cap.contact(&dot),
        [0.0, -1.0],
        1.5,
    );
    // Identical cores (collinear overlap): ties go to y's left normal first.
    let twin = Capsule::new(v::<S>(0.0, 0.0), v(4.0, 0.0), s(1.0));
    assert_exact("identical cores", twin.contact(&cap), [0.0, 1.0], 1.5);
}

fn coincident_points_get_plus_x<S: TestScalar>() {
    let p = v::<S>(1.0, 1.0);
    let dot = Segment::new(p, p);
    let ball = Circle::new(p, s(2.0));
    assert_exact(
        "centre on a zero-length segment",
        ball.contact(&dot),
        [1.0, 0.0],
        2.0,
    );
    let other = Circle::new(p, s(3.0));
    assert_exact("coincident centres", ball.contact(&other), [1.0, 0.0], 5.0);
    assert_exact(
        "circle against its centre",
        ball.contact(&p),
        [1.0, 0.0],
        2.0,
    );
    let (blob, small) = (Capsule::new(p, p, s(2.0)), Capsule::new(p, p, s(1.0)));
    assert_exact(
        "coincident zero-length capsules",
        blob.contact(&small),
        [1.0, 0.0],
        3.0,
    );
    assert_exact(
        "zero-length capsule and segment",
        blob.contact(&dot),
        [1.0, 0.0],
        2.0,
    );
    assert_exact(
        "zero-length segment and capsule",
        dot.contact(&small),
        [1.0, 0.0],
        1.0,
    );
    // The mirrored queries (segment.contact_circle, capsule.contact_point,
    // capsule.contact_circle) flip their core contact: they are the mirror images of the
    // queries above. (The report discusses whether they should say +x as well.)
    for (what, mirrored, direct) in [
        ("segment/circle", dot.contact(&ball), ball.contact(&dot)),
        (
            "capsule/point",
            blob.contact(&p),
            Circle::new(p, s(2.0)).contact(&p),
        ),
        ("capsule/circle", blob.contact(&other), other.contact(&blob)),
    ] {
        let (m, d) = (mirrored.expect(what), direct.expect(what));
        assert_eq!(m.depth, d.depth, "{what}");
        assert_near_v(what, m.normal, [-1.0, 0.0]);
        assert_unit(what, m.normal);
    }
}

/// Every normal is a unit vector, never zero or NaN, in every degenerate configuration.
fn normals_are_unit_in_degenerate_cases<S: TestScalar>() {
    let step = step::<S>(1.0);
    let points = [
        (1.0, 1.0),
        (1.0 + step, 1.0),
        (1.0, 1.0 + step),
        (3.0, 2.0),
        (1.0, 3.0),
    ];
    let points: Vec<V<S>> = points.iter().map(|&(x, y)| v(x, y)).collect();
    let radii = [S::ZERO, s(step), s(1.0), s(4.0)];
    let mut checked = 0;
    for &a in &points {
        for &b in &points {
            for &c in &points {
                for &r in &radii {
                    let (seg, cap, circle) =
                        (Segment::new(a, b), Capsule::new(a, b, r), Circle::new(c, r));
                    let cap2 = Capsule::new(c, c, r);
                    let contacts = [
                        circle.contact(&seg),
                        seg.contact(&circle),
                        circle.contact(&cap),
                        cap.contact(&circle),
                        circle.contact(&a),
                        cap.contact(&c),
                        circle.contact(&Circle::new(a, r)),
                        cap.contact(&cap2),
                        cap2.contact(&cap),
                        cap.contact(&Segment::new(c, c)),
                        seg.contact(&cap2),
                    ];
                    for contact in contacts.into_iter().flatten() {
                        assert_unit("degenerate", contact.normal);
                        assert!(contact.depth >= S::ZERO, "{contact:?}");
                        checked += 1;
                    }
                    if a != b {
                        assert_unit("left normal", seg.left_normal());
                    }
                }
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// End regions are decided before any division: a segment one step long, and one of zero
/// length, give exact endpoints and finite results.
fn end_regions_are_decided_before_dividing<S: TestScalar>() {
    let step = step::<S>(1.0);
    let (a, b) = (v::<S>(1.0, 1.0), v::<S>(1.0 + step, 1.0));
    let tiny = Segment::new(a, b);
    for (p, t, q) in [
        (v::<S>(5.0, 7.0), S::ONE, b),
        (v(1.0 + step, 5.0), S::ONE, b),
        (v(-3.0, 0.0), S::ZERO, a),
        (v(1.0, -5.0), S::ZERO, a),
    ] {
        assert_eq!(tiny.closest_parameter(p), t, "{p:?}");
        assert_eq!(tiny.project_point(p), q, "{p:?}");
        let c = Circle::new(p, s(10.0)).contact(&tiny).expect("within 10");
        assert_unit("tiny segment", c.normal);
        assert!(c.depth.to_f64().is_finite());
    }
    let dot = Segment::new(a, a);
    assert_eq!(dot.closest_parameter(v(5.0, 7.0)), S::ZERO);
    assert_eq!(dot.project_point(v(5.0, 7.0)), a);
    // Points in the end regions of an ordinary segment: exactly its endpoints.
    let floor = Segment::new(v::<S>(0.0, 0.0), v(4.0, 0.0));
    assert_eq!(floor.project_point(v(-1.0, 3.0)), v(0.0, 0.0));
    assert_eq!(floor.project_point(v(0.0, 3.0)), v(0.0, 0.0));
    assert_eq!(floor.project_point(v(4.0, -3.0)), v(4.0, 0.0));
    assert_eq!(floor.project_point(v(9.0, -3.0)), v(4.0, 0.0));
    assert_eq!(floor.closest_parameter(v(1.0, 7.0)), s(0.25));
}

fn negative_radius_intersects_nothing<S: TestScalar>() {
    let neg = s::<S>(-1.0);
    let floor = Segment::new(v::<S>(-4.0, 0.0), v(4.0, 0.0));
    let ghost = Circle::new(v::<S>(0.0, 0.0), neg);
    let ghost_cap = Capsule::new(v::<S>(-1.0, 0.0), v(1.0, 0.0), neg);
    let big = Circle::new(v::<S>(0.0, 0.0), s(5.0));
    let big_cap = Capsule::new(v::<S>(-1.0, 0.0), v(1.0, 0.0), s(5.0));
    // Centred on everything, and the other radius is large: the sum is positive, but a
    // shape with a negative radius is empty.
    assert!(!ghost.intersects(&floor) && ghost.contact(&floor).is_none());
    assert!(!floor.intersects(&ghost) && floor.contact(&ghost).is_none());
    assert!(!ghost.intersects(&big) && ghost.contact(&big).is_none());
    assert!(!big.intersects(&ghost) && big.contact(&ghost).is_none());
    assert!(!ghost.intersects(&big_cap) && ghost.contact(&big_cap).is_none());
    assert!(!big_cap.intersects(&ghost) && big_cap.contact(&ghost).is_none());
    assert!(!ghost.contains_point(v(0.0, 0.0)) && ghost.contact(&v(0.0, 0.0)).is_none());
    assert!(!ghost_cap.contains_point(v(0.0, 0.0)) && ghost_cap.contact(&v(0.0, 0.0)).is_none());
    assert!(!ghost_cap.intersects(&big_cap) && ghost_cap.contact(&big_cap).is_none());
    assert!(!big_cap.intersects(&ghost_cap) && big_cap.contact(&ghost_cap).is_none());
    assert!(!ghost_cap.intersects(&floor) && ghost_cap.contact(&floor).is_none());
    assert!(!floor.intersects(&ghost_cap) && floor.contact(&ghost_cap).is_none());
    assert!(!ghost_cap.intersects(&big) && big.contact(&ghost_cap).is_none());
}

fn try_new_checks_the_radius<S: TestScalar>() {
    let o = v::<S>(0.0, 0.0);
    assert_eq!(Circle::try_new(o, s(-0.5)), Err(ShapeError::NegativeRadius));
    assert_eq!(
        Capsule::try_new(o, v(1.0, 0.0), s(-0.5)),
        Err(ShapeError::NegativeRadius)
    );
    assert_eq!(Circle::try_new(o, S::ZERO), Ok(Circle::new(o, S::ZERO)));
    assert_eq!(Circle::try_new(o, s(2.5)), Ok(Circle::new(o, s(2.5))));
    assert_eq!(
        Capsule::try_new(o, v(1.0, 0.0), s(0.5)),
        Ok(Capsule::new(o, v(1.0, 0.0), s(0.5)))
    );
    assert_eq!(
        Segment::try_new(o, v(1.0, 0.0)),
        Ok(Segment::new(o, v(1.0, 0.0)))
    );
    assert_eq!(
        Segment::try_new(o, o),
        Ok(Segment::new(o, o)),
        "zero length is allowed"
    );
}

// ---------------------------------------------------------------------------------------
// The one rule: x.contact_y(&y) points from y towards x, and moving x by offset()
// separates them; offset_with_skin(skin) leaves `skin` of overlap.
// ---------------------------------------------------------------------------------------

/// A core (a point when `a == b`) and its radius.
type Shape<S> = (V<S>, V<S>, S);

/// Checks the contact against the hand values, then moves `x` by `offset()` (overlap 0)
/// and by `offset_with_skin(1/8)` (overlap 1/8), measuring the overlap exactly.
fn check_rule<S: TestScalar>(
    what: &str,
    x: Shape<S>,
    y: Shape<S>,
    got: Option<Contact<V<S>>>,
    normal: [f64; 2],
    depth: f64,
) {
    let c = assert_contact(what, got, normal, depth, None);
    let r = sd(x.2) + sd(y.2);
    let (ya, yb) = (pd(y.0), pd(y.1));
    let after = |by: V<S>| {
        let (a, b) = (pd(VectorOps::add(x.0, by)), pd(VectorOps::add(x.1, by)));
        overlap(&a, &b, &ya, &yb, &r).to_f64()
    };
    let tol = S::tol(8.0, M);
    let touching = after(c.offset());
    assert!(
        touching.abs() <= tol,
        "{what} [{}]: offset leaves {touching:e}",
        S::NAME
    );
    let skin = s::<S>(0.125);
    let skinned = after(c.offset_with_skin(skin));
    assert!(
        (skinned - 0.125).abs() <= tol,
        "{what} [{}]: skin leaves {skinned:e}",
        S::NAME
    );
    // `point` lies on y: at distance r_y from y's core (inside y when the cores cross).
    let gap = exact::dist2_point_segment(&ya, &yb, &pd(c.point)).sqrt_f64() - y.2.to_f64();
    let crossing = exact::segments_intersect(&pd(x.0), &pd(x.1), &ya, &yb);
    let gap = if crossing { gap.max(0.0) } else { gap.abs() };
    assert!(
        gap <= tol,
        "{what} [{}]: point {:?} is {gap:e} off y",
        S::NAME,
        c.point
    );
}

fn every_contact_points_from_y_to_x_and_offset_separates<S: TestScalar>() {
    let p = |x: f64, y: f64| v::<S>(x, y);
    let floor = Segment::new(p(-4.0, 0.0), p(4.0, 0.0));
    let seg_shape = (floor.a, floor.b, S::ZERO);

    // circle.contact_segment: centre 0.5 above, radius 1: up, 0.5.
    let ball = Circle::new(p(1.0, 0.5), s(1.0));
    let ball_shape = (ball.center, ball.center, ball.radius);
    check_rule(
        "circle/segment",
        ball_shape,
        seg_shape,
        ball.contact(&floor),
        [0.0, 1.0],
        0.5,
    );
    // In the end region: centre (5.5, 0), radius 2 against the end (4, 0): right, 0.5.
    let end = Circle::new(p(5.5, 0.0), s(2.0));
    let end_shape = (end.center, end.center, end.radius);
    check_rule(
        "circle/segment end",
        end_shape,
        seg_shape,
        end.contact(&floor),
        [1.0, 0.0],
        0.5,
    );
    // 3-4-5 end region: centre (7, 4), radius 6, 5 from the end: (0.6, 0.8), 1.
    let diag = Circle::new(p(7.0, 4.0), s(6.0));
    let diag_shape = (diag.center, diag.center, diag.radius);
    check_rule(
        "circle/segment 3-4-5",
        diag_shape,
        seg_shape,
        diag.contact(&floor),
        [0.6, 0.8],
        1.0,
    );
    // segment.contact_circle: the mirror image: down, 0.5.
    check_rule(
        "segment/circle",
        seg_shape,
        ball_shape,
        floor.contact(&ball),
        [0.0, -1.0],
        0.5,
    );
    // circle.contact_circle: radii 1 and 1, centres 1.5 apart along x: from the other
    // towards this one, (−1, 0), depth 0.5.
    let (u, w) = (
        Circle::new(p(0.0, 0.0), s(1.0)),
        Circle::new(p(1.5, 0.0), s(1.0)),
    );
    let (us, ws) = (
        (u.center, u.center, u.radius),
        (w.center, w.center, w.radius),
    );
    check_rule("circle/circle", us, ws, u.contact(&w), [-1.0, 0.0], 0.5);
    check_rule(
        "circle/circle mirrored",
        ws,
        us,
        w.contact(&u),
        [1.0, 0.0],
        0.5,
    );
    // circle.contact_capsule: centre (2, 1.5), radius 1 over a core on y = 0, radius 1.
    let cap = Capsule::new(p(0.0, 0.0), p(4.0, 0.0), s(1.0));
    let cap_shape = (cap.a, cap.b, cap.radius);
    let over = Circle::new(p(2.0, 1.5), s(1.0));
    let over_shape = (over.center, over.center, over.radius);
    check_rule(
        "circle/capsule",
        over_shape,
        cap_shape,
        over.contact(&cap),
        [0.0, 1.0],
        0.5,
    );
    // capsule.contact_circle: circle at (5.5, 0), radius 1, beyond the end (4, 0).
    let side = Circle::new(p(5.5, 0.0), s(1.0));
    let side_shape = (side.center, side.center, side.radius);
    check_rule(
        "capsule/circle",
        cap_shape,
        side_shape,
        cap.contact(&side),
        [-1.0, 0.0],
        0.5,
    );
    // circle.contact_point: radius 2 at the origin, point (0, −1.5): up, 0.5.
    let ring = Circle::new(p(0.0, 0.0), s(2.0));
    let pt = p(0.0, -1.5);
    let ring_shape = (ring.center, ring.center, ring.radius);
    check_rule(
        "circle/point",
        ring_shape,
        (pt, pt, S::ZERO),
        ring.contact(&pt),
        [0.0, 1.0],
        0.5,
    );
    // capsule.contact_point: point (2, 0.75) inside a core on y = 0, radius 1: down, 0.25.
    let pt = p(2.0, 0.75);
    check_rule(
        "capsule/point",
        cap_shape,
        (pt, pt, S::ZERO),
        cap.contact(&pt),
        [0.0, -1.0],
        0.25,
    );
    // capsule.contact_capsule, apart cores: y's core is vertical from (2, 1.5), radii 1
    // and 1: down, 0.5.
    let post = Capsule::new(p(2.0, 1.5), p(2.0, 6.0), s(1.0));
    let post_shape = (post.a, post.b, post.radius);
    check_rule(
        "capsule/capsule",
        cap_shape,
        post_shape,
        cap.contact(&post),
        [0.0, -1.0],
        0.5,
    );
    check_rule(
        "capsule/capsule mirrored",
        post_shape,
        cap_shape,
        post.contact(&cap),
        [0.0, 1.0],
        0.5,
    );
    // capsule.contact_capsule, crossing cores: x = (0,0)–(4,0), y = (1.5,−1)–(1.5,2), radii
    // 1/2. Support values: along −n_x = (0, −1), y reaches 1 below x; along ±x, x reaches
    // 1.5 and 2.5 past y; along +n_x, 2. The smallest is 1, so the normal is (0, −1) and
    // the depth 1 + 1/2 + 1/2 = 2.
    let thin = Capsule::new(p(0.0, 0.0), p(4.0, 0.0), s(0.5));
    let pole = Capsule::new(p(1.5, -1.0), p(1.5, 2.0), s(0.5));
    let (thin_shape, pole_shape) = ((thin.a, thin.b, thin.radius), (pole.a, pole.b, pole.radius));
    check_rule(
        "crossing capsules",
        thin_shape,
        pole_shape,
        thin.contact(&pole),
        [0.0, -1.0],
        2.0,
    );
    check_rule(
        "crossing capsules mirrored",
        pole_shape,
        thin_shape,
        pole.contact(&thin),
        [0.0, 1.0],
        2.0,
    );
    // capsule.contact_segment: a core 0.5 above a segment, radius 1: up, 0.5.
    let log = Capsule::new(p(0.0, 0.5), p(4.0, 0.5), s(1.0));
    let log_shape = (log.a, log.b, log.radius);
    let long = Segment::new(p(-1.0, 0.0), p(5.0, 0.0));
    let long_shape = (long.a, long.b, S::ZERO);
    check_rule(
        "capsule/segment",
        log_shape,
        long_shape,
        log.contact(&long),
        [0.0, 1.0],
        0.5,
    );
    // segment.contact_capsule: the mirror image: down, 0.5.
    check_rule(
        "segment/capsule",
        long_shape,
        log_shape,
        long.contact(&log),
        [0.0, -1.0],
        0.5,
    );
}

// ---------------------------------------------------------------------------------------
// Responses act only on the approaching component.
// ---------------------------------------------------------------------------------------

fn responses_act_only_on_approach<S: TestScalar>() {
    let up = v::<S>(0.0, 1.0);
    // v = (1, −1) against n = (0, 1): v·n = −1. Reflect: v − (1 + e)(v·n) n.
    assert_eq!(
        response::reflect(v::<S>(1.0, -1.0), up, S::ONE),
        v(1.0, 1.0)
    );
    assert_eq!(
        response::reflect(v::<S>(1.0, -1.0), up, s(0.5)),
        v(1.0, 0.5)
    );
    assert_eq!(
        response::reflect(v::<S>(1.0, -1.0), up, S::ZERO),
        v(1.0, 0.0)
    );
    assert_eq!(response::slide(v::<S>(2.0, -1.0), up), v(2.0, 0.0));
    // Moving away or along: unchanged.
    for vel in [v::<S>(1.0, 1.0), v(3.0, 0.0), v(0.0, 0.0)] {
        assert_eq!(response::reflect(vel, up, S::ONE), vel);
        assert_eq!(response::slide(vel, up), vel);
    }
    // push_out keeps the skin: depth 0.5, skin 0.125, so the body moves 0.375 along n.
    let contact = Contact {
        normal: up,
        depth: s(0.5),
        point: v(0.0, 0.0),
    };
    assert_eq!(
        response::push_out(v::<S>(0.0, 0.5), &contact, s(0.125)),
        v(0.0, 0.875)
    );
    assert_eq!(contact.offset(), v(0.0, 0.5));
    assert_eq!(contact.offset_with_skin(s(0.125)), v(0.0, 0.375));
    assert_eq!(
        contact.offset_with_skin(s(1.0)),
        v(0.0, 0.0),
        "shallower than the skin"
    );
    // A 3-4-5 normal: v = (0, −5) against n = (0.6, 0.8): v·n = −4; reflect with e = 1
    // gives (0, −5) + 8 (0.6, 0.8) = (4.8, 1.4), still of length 5.
    let n = VectorOps::normalize(v::<S>(3.0, 4.0)).expect("non-zero");
    let bounced = response::reflect(v::<S>(0.0, -5.0), n, S::ONE);
    assert_near_v("reflect 3-4-5", bounced, [4.8, 1.4]);
    let speed = length_of(bounced);
    assert!(
        (speed - 5.0).abs() <= S::tol(4.0, M),
        "reflect changed the speed to {speed}"
    );
    let slid = response::slide(v::<S>(0.0, -5.0), n);
    assert_near_v("slide 3-4-5", slid, [2.4, -1.8]);
    let along = pd(slid).dot(&pd(n)).to_f64();
    assert!(along.abs() <= S::tol(4.0, M), "slide leaves {along}");
}

all_scalars!(
    touching_shapes_intersect_with_depth_zero,
    one_step_apart_shapes_do_not_intersect,
    zero_length_segment_is_a_point,
    zero_radius_circle_is_a_point,
    zero_radius_capsule_is_a_segment,
    centre_on_segment_gets_left_normal_and_full_depth,
    coincident_points_get_plus_x,
    normals_are_unit_in_degenerate_cases,
    end_regions_are_decided_before_dividing,
    negative_radius_intersects_nothing,
    try_new_checks_the_radius,
    every_contact_points_from_y_to_x_and_offset_separates,
    responses_act_only_on_approach,
);

// ---------------------------------------------------------------------------------------
// Non-finite input (floats only): never a panic; predicates false, contacts None.
// ---------------------------------------------------------------------------------------

fn try_new_refuses_non_finite<S: TestScalar>() {
    let o = v::<S>(0.0, 0.0);
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let p = v::<S>(bad, 1.0);
        let q = v::<S>(1.0, bad);
        assert_eq!(Segment::try_new(p, o), Err(ShapeError::NonFiniteCoordinate));
        assert_eq!(Segment::try_new(o, q), Err(ShapeError::NonFiniteCoordinate));
        assert_eq!(
            Circle::try_new(q, s(1.0)),
            Err(ShapeError::NonFiniteCoordinate)
        );
        assert_eq!(
            Capsule::try_new(o, p, s(1.0)),
            Err(ShapeError::NonFiniteCoordinate)
        );
        assert_eq!(Circle::try_new(o, s(bad)), Err(ShapeError::NonFiniteRadius));
        assert_eq!(
            Capsule::try_new(o, o, s(bad)),
            Err(ShapeError::NonFiniteRadius)
        );
    }
    assert!(Circle::try_new(o, s(-0.0)).is_ok(), "−0 is not negative");
    assert_eq!(ShapeError::NegativeRadius.to_string(), "radius is negative");
}

/// The query inputs: a segment/capsule core `ab` with radius `r`, a point/centre `c` and
/// a segment `cd` with radius `r2`. Index 0–9 names the scalar that is made NaN.
const SLOTS: [&str; 10] = [
    "a.x", "a.y", "b.x", "b.y", "c.x", "c.y", "d.x", "d.y", "r", "r2",
];

/// Every predicate and contact query on the inputs `x` (see `SLOTS`), as
/// `(name, the slots it reads, intersects, contact.is_some())`.
fn nan_queries<S: TestScalar>(x: [f64; 10]) -> Vec<(&'static str, Vec<usize>, bool, bool)> {
    let (a, b) = (v::<S>(x[0], x[1]), v::<S>(x[2], x[3]));
    let (c, d) = (v::<S>(x[4], x[5]), v::<S>(x[6], x[7]));
    let (r, r2) = (s::<S>(x[8]), s::<S>(x[9]));
    let (seg, cap) = (Segment::new(a, b), Capsule::new(a, b, r));
    let (seg2, cap2) = (Segment::new(c, d), Capsule::new(c, d, r2));
    let (circle, other) = (Circle::new(c, r2), Circle::new(a, r));
    let (ab, ab_r, cc, cd): (&[usize], &[usize], &[usize], &[usize]) =
        (&[0, 1, 2, 3], &[0, 1, 2, 3, 8], &[4, 5, 9], &[4, 5, 6, 7]);
    let cat = |parts: &[&[usize]]| parts.concat();
    vec![
        (
            "circle/segment",
            cat(&[cc, ab]),
            circle.intersects(&seg),
            circle.contact(&seg).is_some(),
        ),
        (
            "segment/circle",
            cat(&[cc, ab]),
            seg.intersects(&circle),
            seg.contact(&circle).is_some(),
        ),
        (
            "circle/circle",
            cat(&[cc, &[0, 1, 8]]),
            circle.intersects(&other),
            circle.contact(&other).is_some(),
        ),
        (
            "circle/capsule",
            cat(&[cc, ab_r]),
            circle.intersects(&cap),
            circle.contact(&cap).is_some(),
        ),
        (
            "capsule/circle",
            cat(&[cc, ab_r]),
            cap.intersects(&circle),
            cap.contact(&circle).is_some(),
        ),
        (
            "circle/point",
            cat(&[cc, &[0, 1]]),
            circle.contains_point(a),
            circle.contact(&a).is_some(),
        ),
        (
            "capsule/point",
            cat(&[ab_r, &[4, 5]]),
            cap.contains_point(c),
            cap.contact(&c).is_some(),
        ),
        (
            "segment/point",
            cat(&[ab, &[4, 5]]),
            seg.contains_point(c),
            seg.contains_point(c),
        ),
        (
            "capsule/capsule",
            cat(&[ab_r, cd, &[9]]),
            cap.intersects(&cap2),
            cap.contact(&cap2).is_some(),
        ),
        (
            "capsule/segment",
            cat(&[ab_r, cd]),
            cap.intersects(&seg2),
            cap.contact(&seg2).is_some(),
        ),
        (
            "segment/capsule",
            cat(&[ab, cd, &[9]]),
            seg.intersects(&cap2),
            seg.contact(&cap2).is_some(),
        ),
        (
            "segment/segment",
            cat(&[ab, cd]),
            seg.intersects(&seg2),
            seg.intersects(&seg2),
        ),
    ]
}

fn nan_input_is_false_or_none<S: TestScalar>() {
    // a = (0, 0), b = (4, 0), r = 2; c = (1, 0.5), d = (2, 0.5), r2 = 1: every pair overlaps.
    let base = [0.0, 0.0, 4.0, 0.0, 1.0, 0.5, 2.0, 0.5, 2.0, 1.0];
    let base_hits = nan_queries::<S>(base);
    assert!(
        base_hits
            .iter()
            .all(|q| q.2 || q.0.ends_with("point") || q.0 == "segment/segment")
    );
    let mut leaks = Vec::new();
    for (slot, name) in SLOTS.iter().enumerate() {
        let mut x = base;
        x[slot] = f64::NAN;
        for ((what, inputs, hit, contact), base) in nan_queries::<S>(x).into_iter().zip(&base_hits)
        {
            assert_eq!(hit, contact, "{what} with NaN {name}");
            if !inputs.contains(&slot) {
                assert_eq!(
                    hit,
                    base.2,
                    "{what} [{}]: NaN in {name}, which it does not read",
                    S::NAME
                );
            } else if hit {
                leaks.push(format!("{what}: NaN {name}"));
            }
        }
        let (a, b) = (v::<S>(x[0], x[1]), v::<S>(x[2], x[3]));
        let (c, d, r) = (v::<S>(x[4], x[5]), v::<S>(x[6], x[7]), s::<S>(x[8]));
        let (seg, seg2) = (Segment::new(a, b), Segment::new(c, d));
        // closest_parameter with a NaN input returns 0, so closest_point returns a.
        if slot < 6 {
            assert_eq!(seg.closest_parameter(c), S::ZERO, "t with NaN {name}");
            let q = seg.project_point(c);
            if slot >= 2 {
                assert_eq!(q, a, "closest point with NaN {name}");
            }
        }
        // Everything else: no panic, whatever comes back.
        let _ = (
            dist2((seg.project_point(c), c)),
            seg.distance(&c),
            seg.closest_points(&seg2).points(),
        );
        let _ = (
            dist2(seg.closest_points(&seg2).points()),
            seg.distance(&seg2),
        );
        let _ = (
            seg.length(),
            seg.midpoint(),
            seg.left_normal(),
            seg.point_at(s(0.5)),
        );
        if let Some(contact) = Circle::new(c, r).contact(&seg) {
            let _ = (contact.offset(), contact.offset_with_skin(s(0.1)));
        }
        let _ = (response::reflect(c, a, r), response::slide(c, b));
        let _ = response::push_out(
            a,
            &Contact {
                normal: c,
                depth: r,
                point: d,
            },
            r,
        );
    }
    assert!(
        leaks.is_empty(),
        "[{}] NaN input gives a hit: {leaks:#?}",
        S::NAME
    );
}

#[test]
fn nan_input_is_false_or_none_f32() {
    nan_input_is_false_or_none::<f32>();
}

#[test]
fn nan_input_is_false_or_none_f64() {
    nan_input_is_false_or_none::<f64>();
}

#[test]
fn try_new_refuses_non_finite_f32() {
    try_new_refuses_non_finite::<f32>();
}

#[test]
fn try_new_refuses_non_finite_f64() {
    try_new_refuses_non_finite::<f64>();
}

#[cfg(feature = "fixed")]
#[test]
fn fixed_try_new_accepts_every_coordinate() {
    use fixed::types::I16F16;
    let (lo, hi) = ([I16F16::MIN, I16F16::MIN], [I16F16::MAX, I16F16::MAX]);
    assert!(Segment::try_new(lo, hi).is_ok());
    assert!(Circle::try_new(lo, I16F16::MAX).is_ok());
    assert_eq!(
        Circle::try_new(hi, I16F16::MIN),
        Err(ShapeError::NegativeRadius)
    );
    assert_eq!(
        Capsule::try_new(lo, hi, -I16F16::DELTA),
        Err(ShapeError::NegativeRadius)
    );
}

/// `|p − q|²` of a pair of points (what `Segment::distance_squared` and
/// `distance_squared_to_segment` returned before the `Shape` API).
#[allow(dead_code)]
fn dist2<V: capsule2d::vector::VectorOps>((p, q): (V, V)) -> V::Scalar {
    p.sub(q).length_squared()
}
