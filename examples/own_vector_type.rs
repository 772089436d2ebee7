//! Bringing your own vector type: an engine's `Vec2` with its own operators, made usable by
//! every capsule2d query through three methods.
//!
//! ```text
//! cargo run --example own_vector_type
//! ```
//!
//! The engine keeps its type and its operators; capsule2d only needs to build a vector
//! from two components and read them back. Results come back in the engine's type.

use capsule2d::vector::VectorOps as _;
use capsule2d::{Capsule, Circle, Ray, Segment, Shape, Vector2, response};
use std::ops::{Add, Mul, Sub};

/// The engine's vector: `f32` components, its own arithmetic and formatting.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Vec2 {
    x: f32,
    y: f32,
}

impl Add for Vec2 {
    type Output = Self;
    fn add(self, rhs: Self) -> Self {
        Self {
            x: self.x + rhs.x,
            y: self.y + rhs.y,
        }
    }
}

impl Sub for Vec2 {
    type Output = Self;
    fn sub(self, rhs: Self) -> Self {
        Self {
            x: self.x - rhs.x,
            y: self.y - rhs.y,
        }
    }
}

impl Mul<f32> for Vec2 {
    type Output = Self;
    fn mul(self, s: f32) -> Self {
        Self {
            x: self.x * s,
            y: self.y * s,
        }
    }
}

/// The whole adapter. The provided methods (`dot`, `length`, `normalize`, …) come for
/// free; a type could override them (with SIMD, say) if they give the same results.
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

const fn v(x: f32, y: f32) -> Vec2 {
    Vec2 { x, y }
}

fn main() {
    // A level: a floor and a ramp, and a player shaped as a capsule.
    let floor = Segment::new(v(-10.0, 0.0), v(10.0, 0.0));
    let ramp = Segment::new(v(2.0, 0.0), v(6.0, 3.0));
    let player = Capsule::new(v(-3.0, 0.25), v(-3.0, 1.25), 0.5);

    // Standing on the floor, sunk 0.25: the contact says how to get out.
    let contact = player
        .contact(&floor)
        .expect("the player stands on the floor");
    println!("player on the floor: {contact:?}");
    let standing = player.a + contact.offset();
    println!(
        "  feet moved from {:?} to {standing:?} (the engine's own `+`)",
        player.a
    );
    assert_eq!(contact.normal, v(0.0, 1.0));
    assert_eq!(contact.depth, 0.25);

    // A ball on the ramp. The ramp's left normal is n = (−3, 4)/5; the ball's centre is
    // 0.3 above the ramp's midpoint (4, 1.5) along n, so a radius of 0.5 sinks 0.2 in.
    let ball = Circle::new(v(4.0 - 0.18, 1.5 + 0.24), 0.5);
    if let Some(contact) = ball.contact(&ramp) {
        let velocity = v(2.0, -1.0);
        let bounced = response::reflect(velocity, contact.normal, 0.5);
        println!(
            "ball on the ramp: normal {:?}, depth {:.4}",
            contact.normal, contact.depth
        );
        println!("  velocity {velocity:?} bounces to {bounced:?}");
        assert!((contact.normal - v(-0.6, 0.8)).length() < 1e-6);
        assert!((contact.depth - 0.2).abs() < 1e-6);
        // v·n = −1.2 − 0.8 = −2, so v − 1.5 (v·n) n = (2, −1) + 3 n = (0.2, 1.4).
        assert!((bounced - v(0.2, 1.4)).length() < 1e-5);
    }

    // A line-of-sight ray from the player's eyes to a point behind the ramp.
    let eyes = player.b;
    let target = v(7.0, 1.0);
    let ray = Ray::new(eyes, target - eyes);
    match ray.cast(&ramp, 1.0) {
        Some(hit) => println!(
            "line of sight blocked by the ramp at {:?}, {:.0}% of the way",
            hit.point,
            hit.time * 100.0
        ),
        None => println!("line of sight clear"),
    }

    // Scaling works with the engine's own operators too.
    let half_way = eyes + (target - eyes) * 0.5;
    println!(
        "half way to the target: {half_way:?}, {:.3} from the ramp",
        ramp.distance(&half_way)
    );
}
