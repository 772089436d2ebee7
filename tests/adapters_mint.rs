//! The `mint` adapter: `mint::Vector2<S>` and `mint::Point2<S>` as [`Vector2`]s, for float
//! and (with feature `fixed`) fixed-point components. Expected values are derived by hand.
#![cfg(feature = "mint")]

use capsule2d::vector::VectorOps;
use capsule2d::{Capsule, Circle, Ray, Segment, Shape, Vector2};
use mint::{Point2, Vector2 as MintVector2};

fn p(x: f64, y: f64) -> Point2<f64> {
    Point2 { x, y }
}

#[test]
fn components_go_in_and_out_unchanged() {
    let v: MintVector2<f32> = Vector2::new(0.5, -3.0);
    assert_eq!((v.x, v.y), (0.5, -3.0));
    let q: Point2<f64> = Vector2::new(7.0, 8.0);
    assert_eq!((Vector2::x(&q), Vector2::y(&q)), (7.0, 8.0));
    assert_eq!(VectorOps::dot(p(1.0, 2.0), p(3.0, 4.0)), 11.0);
}

#[test]
fn the_three_projection_regions() {
    // Segment (0,0)–(4,0): a point left of a clamps to a, right of b to b, between
    // projects straight down.
    let s = Segment::new(p(0.0, 0.0), p(4.0, 0.0));
    assert_eq!(s.project_point(p(-2.0, 1.0)), p(0.0, 0.0));
    assert_eq!(s.project_point(p(6.0, -1.0)), p(4.0, 0.0));
    assert_eq!(s.project_point(p(1.0, 3.0)), p(1.0, 0.0));
    assert_eq!(s.closest_parameter(p(1.0, 3.0)), 0.25);
}

#[test]
fn contact_and_ray_with_points() {
    // The centre (4.6, 0.8) lies beyond the end b = (4, 0), at distance |(0.6, 0.8)| = 1
    // from it: a circle of radius 1.5 there overlaps by 0.5, along (0.6, 0.8).
    let s = Segment::new(p(0.0, 0.0), p(4.0, 0.0));
    let contact = Circle::new(p(4.6, 0.8), 1.5).contact(&s).unwrap();
    assert!((contact.normal.x - 0.6).abs() < 1e-15 && (contact.normal.y - 0.8).abs() < 1e-15);
    assert!((contact.depth - 0.5).abs() < 1e-15);
    assert_eq!(contact.point, p(4.0, 0.0));
    // A ray straight down from (2, 5) meets a capsule of radius 1 around the segment at
    // height 1, after 4 units.
    let hit = Ray::new(p(2.0, 5.0), p(0.0, -1.0))
        .cast(&Capsule::new(p(0.0, 0.0), p(4.0, 0.0), 1.0), 10.0)
        .unwrap();
    assert_eq!(
        (hit.time, hit.point, hit.normal),
        (4.0, p(2.0, 1.0), p(0.0, 1.0))
    );
}

#[cfg(feature = "fixed")]
#[test]
fn fixed_point_components() {
    use fixed::types::I32F32;
    let n = |x: i32| I32F32::from_num(x);
    let v = |x: i32, y: i32| MintVector2 { x: n(x), y: n(y) };
    // Circle at (1, 3) of radius 4 against the segment (0,0)–(8,0): depth 1, normal +y,
    // contact point (1, 0). All exact in fixed point.
    let floor = Segment::new(v(0, 0), v(8, 0));
    let contact = Circle::new(v(1, 3), n(4)).contact(&floor).unwrap();
    assert_eq!(
        (contact.normal, contact.depth, contact.point),
        (v(0, 1), n(1), v(1, 0))
    );
}
