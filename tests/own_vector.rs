//! A user's own vector types implementing `Vector2` in a few lines — an f32 struct, a
//! fixed-point struct, a generic tuple struct, and one that overrides provided methods —
//! and nalgebra's `Vector2` and `Point2` (feature `nalgebra`), used through every shape,
//! query and response.
//!
//! Every query is run twice, on the user's type and on `[S; 2]`, and the answers must be
//! identical: the algorithms only see the scalars. (`[S; 2]` itself is checked against the
//! exact reference in `reference.rs` and `properties.rs`.) A few hand-derived values anchor
//! the user's types directly.

use crate::common;

use capsule2d::{Capsule, Circle, Contact, Scalar, Segment, Shape, Vector2, response};
use common::TestScalar;
use std::fmt::Debug;

/// The struct from an engine: a few lines to bring it in.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Vec2 {
    x: f32,
    y: f32,
}

impl Vector2 for Vec2 {
    type Scalar = f32;
    fn new(x: f32, y: f32) -> Self {
        Self { x, y }
    }
    fn x(&self) -> f32 {
        self.x
    }
    fn y(&self) -> f32 {
        self.y
    }
}

/// A generic tuple struct, for any scalar.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Pair<S>(S, S);

impl<S: capsule2d::Scalar> Vector2 for Pair<S> {
    type Scalar = S;
    fn new(x: S, y: S) -> Self {
        Self(x, y)
    }
    fn x(&self) -> S {
        self.0
    }
    fn y(&self) -> S {
        self.1
    }
}

/// A second vector type of the caller's own (a struct around an array), with the same results.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Wide {
    v: [f64; 2],
}

impl Vector2 for Wide {
    type Scalar = f64;
    fn new(x: f64, y: f64) -> Self {
        Self { v: [x, y] }
    }
    fn x(&self) -> f64 {
        self.v[0]
    }
    fn y(&self) -> f64 {
        self.v[1]
    }
}

fn arr<V: Vector2>(p: V) -> [V::Scalar; 2] {
    [p.x(), p.y()]
}

/// A contact with its vectors as arrays: `(normal, depth, point)`.
type Flat<S> = ([S; 2], S, [S; 2]);

fn contact<V: Vector2>(c: Option<Contact<V>>) -> Option<Flat<V::Scalar>> {
    c.map(|c| (arr(c.normal), c.depth, arr(c.point)))
}

/// Every query and response on inputs of type `V`, as text with all vectors converted
/// to arrays, so that two vector types can be compared.
fn all_answers<V>(p: [V; 4], r1: V::Scalar, r2: V::Scalar) -> Vec<String>
where
    V: Vector2 + Debug,
{
    let [a, b, c, d] = p;
    let (seg, seg2) = (Segment::new(a, b), Segment::new(c, d));
    let (cap, cap2) = (Capsule::new(a, b, r1), Capsule::new(c, d, r2));
    let (circle, other) = (Circle::new(c, r2), Circle::new(a, r1));
    let one = <V::Scalar as Scalar>::ONE;
    let half = <V::Scalar as Scalar>::over(one, <V::Scalar as Scalar>::plus(one, one));
    let mut out = vec![
        format!("{:?}", seg.closest_parameter(c)),
        format!("{:?}", arr(seg.project_point(c))),
        format!("{:?}", dist2((seg.project_point(c), c))),
        format!("{:?}", seg.distance(&c)),
        format!("{:?}", seg.contains_point(c)),
        {
            let (p, q) = seg.closest_points(&seg2).points();
            format!("{:?}", (arr(p), arr(q)))
        },
        format!("{:?}", dist2(seg.closest_points(&seg2).points())),
        format!("{:?}", seg.distance(&seg2)),
        format!("{:?}", seg.intersects(&seg2)),
        format!(
            "{:?}",
            (arr(seg.direction()), seg.length_squared(), seg.length())
        ),
        format!(
            "{:?}",
            (
                seg.is_degenerate(),
                arr(seg.point_at(half)),
                arr(seg.midpoint())
            )
        ),
        format!("{:?}", (arr(seg.left_normal()), arr(seg.reversed().a))),
        format!(
            "{:?}",
            (circle.intersects(&seg), contact(circle.contact(&seg)))
        ),
        format!(
            "{:?}",
            (seg.intersects(&circle), contact(seg.contact(&circle)))
        ),
        format!(
            "{:?}",
            (circle.intersects(&other), contact(circle.contact(&other)))
        ),
        format!(
            "{:?}",
            (circle.intersects(&cap), contact(circle.contact(&cap)))
        ),
        format!(
            "{:?}",
            (cap.intersects(&circle), contact(cap.contact(&circle)))
        ),
        format!(
            "{:?}",
            (circle.contains_point(a), contact(circle.contact(&a)))
        ),
        format!("{:?}", (cap.contains_point(c), contact(cap.contact(&c)))),
        format!("{:?}", (cap.intersects(&cap2), contact(cap.contact(&cap2)))),
        format!("{:?}", (cap.intersects(&seg2), contact(cap.contact(&seg2)))),
        format!("{:?}", (seg.intersects(&cap2), contact(seg.contact(&cap2)))),
        format!("{:?}", arr(Capsule::from_segment(seg, r1).segment().b)),
    ];
    if let Some(k) = cap.contact(&cap2).or(circle.contact(&seg)) {
        let n = k.normal;
        out.push(format!(
            "{:?}",
            (arr(k.offset()), arr(k.offset_with_skin(half)))
        ));
        out.push(format!("{:?}", arr(response::reflect(d, n, half))));
        out.push(format!("{:?}", arr(response::slide(d, n))));
        out.push(format!("{:?}", arr(response::push_out(c, &k, half))));
    }
    out
}

/// The inputs of the comparisons: small dyadic values (exact in every scalar), with
/// crossing, touching and degenerate cases among them.
fn inputs() -> Vec<([[f64; 2]; 4], f64, f64)> {
    vec![
        ([[0.0, 0.0], [4.0, 0.0], [1.0, 0.5], [3.0, 2.0]], 1.0, 0.75),
        ([[0.0, 0.0], [4.0, 3.0], [2.0, 1.5], [2.0, -1.0]], 0.5, 1.0),
        ([[1.0, 1.0], [1.0, 1.0], [4.0, 5.0], [4.0, 5.0]], 2.0, 3.5),
        (
            [[-3.0, -1.0], [5.0, 2.0], [0.5, 1.75], [6.0, -2.0]],
            0.25,
            1.5,
        ),
        ([[0.0, 0.0], [4.0, 0.0], [7.0, 4.0], [9.0, 4.0]], 0.0, 5.0),
        ([[2.0, 1.0], [8.0, 5.0], [9.0, 6.0], [12.0, 6.0]], 1.0, 2.5),
    ]
}

fn same_answers<S, V>(convert: fn(S, S) -> V)
where
    S: TestScalar,
    V: Vector2<Scalar = S> + Debug,
{
    for (points, r1, r2) in inputs() {
        let ours = points.map(|p| convert(S::from_f64(p[0]), S::from_f64(p[1])));
        let theirs = points.map(|p| [S::from_f64(p[0]), S::from_f64(p[1])]);
        let (r1, r2) = (S::from_f64(r1), S::from_f64(r2));
        let (got, want) = (all_answers(ours, r1, r2), all_answers(theirs, r1, r2));
        assert_eq!(got.len(), want.len());
        for (g, w) in got.iter().zip(&want) {
            assert_eq!(g, w, "{} {points:?}", std::any::type_name::<V>());
        }
    }
}

#[test]
fn an_engines_f32_struct() {
    // Hand-derived: a ball of radius 1 at (1, 0.5) over the floor y = 0 overlaps by 0.5.
    let floor = Segment::new(Vec2::new(-5.0, 0.0), Vec2::new(5.0, 0.0));
    let ball = Circle::new(Vec2::new(1.0, 0.5), 1.0);
    let c = ball.contact(&floor).expect("overlap");
    assert_eq!(
        (c.normal, c.depth, c.point),
        (Vec2::new(0.0, 1.0), 0.5, Vec2::new(1.0, 0.0))
    );
    assert_eq!(c.offset(), Vec2 { x: 0.0, y: 0.5 });
    assert_eq!(
        response::reflect(Vec2::new(3.0, -4.0), c.normal, 1.0),
        Vec2::new(3.0, 4.0)
    );
    let arm = Capsule::new(Vec2::new(0.0, 0.0), Vec2::new(2.0, 2.0), 0.25);
    assert!(!arm.intersects(&Circle::new(Vec2::new(2.0, 0.0), 1.0)));
    assert!(arm.contains_point(Vec2::new(1.0, 1.2)));
    same_answers::<f32, Vec2>(|x, y| Vec2 { x, y });
}

#[test]
fn a_generic_tuple_struct() {
    let seg = Segment::new(Pair(0.0_f64, 0.0), Pair(4.0, 0.0));
    assert_eq!(seg.project_point(Pair(1.0, 7.0)), Pair(1.0, 0.0));
    assert_eq!(
        dist2((seg.project_point(Pair(7.0, 4.0)), Pair(7.0, 4.0))),
        25.0
    );
    same_answers::<f64, Pair<f64>>(Pair);
    same_answers::<f32, Pair<f32>>(Pair);
}

#[test]
fn a_type_overriding_provided_methods() {
    let seg = Segment::new(Wide::new(0.0, 0.0), Wide::new(4.0, 3.0));
    assert_eq!(seg.length(), 5.0);
    same_answers::<f64, Wide>(Wide::new);
}

#[cfg(feature = "fixed")]
mod fixed_point {
    use super::*;
    use fixed::types::{I16F16, I32F32};

    /// A fixed-point vector of a console engine.
    #[derive(Clone, Copy, Debug, PartialEq)]
    struct FixVec {
        x: I16F16,
        y: I16F16,
    }

    impl Vector2 for FixVec {
        type Scalar = I16F16;
        fn new(x: I16F16, y: I16F16) -> Self {
            Self { x, y }
        }
        fn x(&self) -> I16F16 {
            self.x
        }
        fn y(&self) -> I16F16 {
            self.y
        }
    }

    #[test]
    fn a_fixed_point_struct() {
        let f = I16F16::from_num::<f64>;
        let floor = Segment::new(FixVec::new(f(-5.0), f(0.0)), FixVec::new(f(5.0), f(0.0)));
        let ball = Circle::new(FixVec::new(f(1.0), f(0.5)), f(1.0));
        let c = ball.contact(&floor).expect("overlap");
        assert_eq!(c.normal, FixVec::new(f(0.0), f(1.0)));
        assert_eq!(c.depth, f(0.5));
        assert_eq!(c.offset(), FixVec::new(f(0.0), f(0.5)));
        same_answers::<I16F16, FixVec>(FixVec::new);
        same_answers::<I32F32, Pair<I32F32>>(Pair);
    }
}

#[cfg(feature = "nalgebra")]
mod nalgebra_types {
    use super::*;
    use nalgebra::{Point2, Vector2 as NVector2};

    #[test]
    fn nalgebra_points_and_vectors() {
        let floor = Segment::new(Point2::new(-1.0, 0.0), Point2::new(1.0, 0.0));
        let c = Circle::new(Point2::new(0.0, 0.5), 1.0)
            .contact(&floor)
            .expect("overlap");
        assert_eq!(c.normal, Point2::new(0.0, 1.0));
        assert_eq!(c.depth, 0.5);
        let v = Segment::new(NVector2::new(0.0_f32, 0.0), NVector2::new(2.0, 0.0));
        assert_eq!(
            v.project_point(NVector2::new(1.0, 5.0)),
            NVector2::new(1.0, 0.0)
        );
        same_answers::<f64, Point2<f64>>(Point2::new);
        same_answers::<f64, NVector2<f64>>(NVector2::new);
        same_answers::<f32, Point2<f32>>(Point2::new);
        same_answers::<f32, NVector2<f32>>(NVector2::new);
    }

    #[cfg(feature = "fixed")]
    #[test]
    fn nalgebra_with_fixed_point() {
        use fixed::types::I32F32;
        same_answers::<I32F32, Point2<I32F32>>(Point2::new);
        same_answers::<I32F32, NVector2<I32F32>>(NVector2::new);
    }
}

/// `|p − q|²` of a pair of points (what `Segment::distance_squared` and
/// `distance_squared_to_segment` returned before the `Shape` API).
#[allow(dead_code)]
fn dist2<V: capsule2d::vector::VectorOps>((p, q): (V, V)) -> V::Scalar {
    p.sub(q).length_squared()
}
