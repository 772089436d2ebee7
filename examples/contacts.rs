//! A tour of the core queries: closest points, overlap tests, contacts and responses,
//! on f64, on a user's own vector type and on fixed point.
//!
//! Run with `cargo run --release --example contacts`.

use capsule2d::{Capsule, Circle, Segment, Shape, Vector2, response};

fn main() {
    let floor = Segment::new([0.0_f64, 0.0], [10.0, 0.0]);
    let p = [3.0, 4.0];
    println!(
        "closest point on {floor:?} to {p:?}: {:?}",
        floor.project_point(p)
    );
    println!("  parameter t = {}", floor.closest_parameter(p));
    println!(
        "  squared distance = {}",
        dist2((floor.project_point(p), p))
    );

    let ball = Circle::new([2.0, 0.75], 1.0);
    let velocity = [3.0, -4.0];
    match ball.contact(&floor) {
        Some(contact) => {
            println!("ball {ball:?} touches the floor: {contact:?}");
            println!("  push-out offset      {:?}", contact.offset());
            println!(
                "  offset with skin .01 {:?}",
                contact.offset_with_skin(0.01)
            );
            println!(
                "  reflect (e = 1)      {:?}",
                response::reflect(velocity, contact.normal, 1.0)
            );
            println!(
                "  reflect (e = 0.5)    {:?}",
                response::reflect(velocity, contact.normal, 0.5)
            );
            println!(
                "  slide                {:?}",
                response::slide(velocity, contact.normal)
            );
        }
        None => println!("ball {ball:?} is clear of the floor"),
    }

    // Degenerate input still gets a unit normal: a centre exactly on the segment.
    let on = Circle::new([5.0, 0.0], 0.5).contact(&floor);
    println!("centre on the segment: {on:?}");

    // Capsules: a robot link against an obstacle, and two crossing links.
    let link = Capsule::new([0.0, 0.0], [4.0, 4.0], 0.5);
    let obstacle = Circle::new([3.0, 1.0], 1.0);
    println!("link vs obstacle: {:?}", link.contact(&obstacle));
    let other = Capsule::new([0.0, 4.0], [4.0, 0.0], 0.5);
    println!("crossing links: {:?}", link.contact(&other));

    // The caller's own vector type: three methods.
    #[derive(Clone, Copy, Debug)]
    struct V2 {
        x: f32,
        y: f32,
    }
    impl Vector2 for V2 {
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
    let wall = Segment::new(V2::new(0.0, -1.0), V2::new(0.0, 1.0));
    println!(
        "own vector type: {:?}",
        Circle::new(V2::new(0.25, 0.0), 0.5).contact(&wall)
    );

    fixed_point();
}

#[cfg(feature = "fixed")]
fn fixed_point() {
    use fixed::types::I32F32;
    let n = |v: f64| I32F32::from_num(v);
    let floor = Segment::new([n(0.0), n(0.0)], [n(10.0), n(0.0)]);
    let ball = Circle::new([n(2.0), n(0.75)], n(1.0));
    println!("fixed point (I32F32): {:?}", ball.contact(&floor));
}

#[cfg(not(feature = "fixed"))]
fn fixed_point() {
    println!("(run with --features fixed for the fixed-point part)");
}

/// `|p − q|²` of a pair of points (what `Segment::distance_squared` and
/// `distance_squared_to_segment` returned before the `Shape` API).
#[allow(dead_code)]
fn dist2<V: capsule2d::vector::VectorOps>((p, q): (V, V)) -> V::Scalar {
    p.sub(q).length_squared()
}
