//! The `glam` adapter: `Vec2` and `DVec2` as [`Vector2`]s.
//!
//! Expected values are derived by hand from 3-4-5 triangles and axis-aligned geometry, and
//! every query must give bit for bit the answer the same query gives on `[f32; 2]` /
//! `[f64; 2]`: the adapter only moves components in and out.
#![cfg(feature = "glam")]

use crate::common;

use capsule2d::vector::VectorOps;
use capsule2d::{Capsule, Circle, Ray, Segment, Shape, Vector2};
use common::Rng;
use glam::{DVec2, Vec2};

#[test]
fn components_go_in_and_out_unchanged() {
    let v: Vec2 = Vector2::new(1.5, -2.25);
    assert_eq!((v.x, v.y), (1.5, -2.25));
    assert_eq!((Vector2::x(&v), Vector2::y(&v)), (1.5, -2.25));
    let d: DVec2 = Vector2::new(1e300, -1e-300);
    assert_eq!((Vector2::x(&d), Vector2::y(&d)), (1e300, -1e-300));
    // Provided methods act on the components: (3, 4)·(3, 4) = 25, |(3, 4)| = 5.
    assert_eq!(VectorOps::length_squared(DVec2::new(3.0, 4.0)), 25.0);
    assert_eq!(VectorOps::length(Vec2::new(3.0, 4.0)), 5.0);
    assert_eq!(VectorOps::perp(DVec2::new(1.0, 2.0)), DVec2::new(-2.0, 1.0));
}

#[test]
fn circle_against_segment_with_dvec2() {
    // Segment (0,0)–(8,6); p = (1,7): t = (1·8 + 7·6)/100 = 1/2, so q = (4,3) and
    // p − q = (−3, 4), of length 5. A circle of radius 6 there sinks 1 into the segment,
    // along the segment's left normal (−6, 8)/10.
    let segment = Segment::new(DVec2::ZERO, DVec2::new(8.0, 6.0));
    let p = DVec2::new(1.0, 7.0);
    assert_eq!(segment.closest_parameter(p), 0.5);
    assert_eq!(segment.project_point(p), DVec2::new(4.0, 3.0));
    assert_eq!(segment.distance(&p), 5.0);
    let contact = Circle::new(p, 6.0).contact(&segment).unwrap();
    assert!((contact.normal - DVec2::new(-0.6, 0.8)).length() < 1e-15);
    assert!((contact.depth - 1.0).abs() < 1e-14);
    assert!((contact.point - DVec2::new(4.0, 3.0)).length() < 1e-14);
    // A radius of 4.5 leaves a gap of 0.5: no contact.
    assert!(Circle::new(p, 4.5).contact(&segment).is_none());
}

#[test]
fn ray_and_sweep_with_vec2() {
    // A ray along +x from the origin meets the disc of radius 1 at (5, 0) at x = 4.
    let ray = Ray::new(Vec2::ZERO, Vec2::X);
    let hit = ray
        .cast(&Circle::new(Vec2::new(5.0, 0.0), 1.0), 100.0)
        .unwrap();
    assert_eq!(
        (hit.time, hit.point, hit.normal),
        (4.0, Vec2::new(4.0, 0.0), -Vec2::X)
    );
    // A ball of radius 1 at height 3 falling by 4 onto the x axis touches when its centre
    // is at height 1: after (3 − 1)/4 = 1/2 of the motion.
    let floor = Segment::new(Vec2::new(-5.0, 0.0), Vec2::new(5.0, 0.0));
    let hit = Circle::new(Vec2::new(0.0, 3.0), 1.0)
        .sweep(&floor, Vec2::new(0.0, -4.0))
        .unwrap();
    assert_eq!(
        (hit.time, hit.normal, hit.point),
        (0.5, Vec2::Y, Vec2::ZERO)
    );
}

#[test]
fn capsules_with_vec2() {
    // Two horizontal capsules of radius 0.5, cores 0.75 apart vertically: overlap 0.25,
    // and the upper one is pushed up.
    let lower = Capsule::new(Vec2::new(0.0, 0.0), Vec2::new(4.0, 0.0), 0.5);
    let upper = Capsule::new(Vec2::new(1.0, 0.75), Vec2::new(3.0, 0.75), 0.5);
    let contact = upper.contact(&lower).unwrap();
    assert_eq!((contact.normal, contact.depth), (Vec2::Y, 0.25));
    assert_eq!(contact.offset(), Vec2::new(0.0, 0.25));
}

#[test]
fn same_answers_as_arrays() {
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    for _ in 0..2000 {
        let v: [f64; 7] = core::array::from_fn(|_| rng.range(-4.0, 4.0));
        let radius = v[6].abs();
        let (a, b, c) = ([v[0], v[1]], [v[2], v[3]], [v[4], v[5]]);
        let (ga, gb, gc) = (DVec2::from(a), DVec2::from(b), DVec2::from(c));
        let array = Circle::new(c, radius).contact(&Capsule::new(a, b, 0.25));
        let glam = Circle::new(gc, radius).contact(&Capsule::new(ga, gb, 0.25));
        assert_eq!(array.map(|k| k.normal), glam.map(|k| k.normal.to_array()));
        assert_eq!(array.map(|k| k.depth), glam.map(|k| k.depth));
        assert_eq!(array.map(|k| k.point), glam.map(|k| k.point.to_array()));
        // The same in f32.
        let (fa, fb, fc) = (
            a.map(|x| x as f32),
            b.map(|x| x as f32),
            c.map(|x| x as f32),
        );
        let array = Segment::new(fa, fb)
            .closest_points(&Segment::new(fc, [0.0, 0.0]))
            .points();
        let glam = Segment::new(Vec2::from(fa), Vec2::from(fb))
            .closest_points(&Segment::new(Vec2::from(fc), Vec2::ZERO))
            .points();
        assert_eq!(array, (glam.0.to_array(), glam.1.to_array()));
    }
}
