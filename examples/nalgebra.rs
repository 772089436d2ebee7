//! capsule2d with nalgebra: a two-link robot arm, posed with nalgebra matrices and checked
//! against obstacles with capsule2d's queries on `Point2<f64>`.
//!
//! ```text
//! cargo run --example nalgebra --features nalgebra
//! ```
//!
//! nalgebra does the kinematics (a rotation matrix per joint); capsule2d does the collision
//! geometry. Each link is a capsule; the queries take nalgebra's points directly, and the
//! contacts come back as nalgebra points. Positions stay `Point2` and directions
//! `Vector2`: a ray's direction, a sweep's motion and a translation take a `Vector2`, and
//! `normal_vector()` and `offset_vector()` give the results as `Vector2` (no `.coords`).
//!
//! (capsule2d depends on nalgebra without its `std` feature, so this example builds its
//! rotations from `f64::sin_cos` rather than with `Isometry2`, which needs nalgebra's
//! float math; with nalgebra's `std` or `libm` feature on, `Isometry2` works the same.)

use capsule2d::vector::VectorOps as _;
use capsule2d::{Capsule, Circle, Ray, Segment, Shape};
use nalgebra::{Matrix2, Point2, Vector2};
use std::f64::consts::FRAC_PI_2;

/// The rotation by `angle` (radians, counter-clockwise).
fn rotation(angle: f64) -> Matrix2<f64> {
    let (s, c) = angle.sin_cos();
    Matrix2::new(c, -s, s, c)
}

/// The two links of an arm whose shoulder is at the origin, for joint angles `q`: link 1
/// of length 2 from the shoulder, link 2 of length 1.5 from the elbow, both of radius 0.2.
fn arm(q: [f64; 2]) -> [Capsule<Point2<f64>>; 2] {
    let (l1, l2, radius) = (2.0, 1.5, 0.2);
    let shoulder = Point2::origin();
    let r1 = rotation(q[0]);
    let elbow = shoulder + r1 * Vector2::new(l1, 0.0);
    let tip = elbow + r1 * rotation(q[1]) * Vector2::new(l2, 0.0);
    [
        Capsule::new(shoulder, elbow, radius),
        Capsule::new(elbow, tip, radius),
    ]
}

fn main() {
    let obstacles = [
        Circle::new(Point2::new(2.5, 1.2), 0.4),
        Circle::new(Point2::new(-1.0, 2.0), 0.5),
    ];
    let table = Segment::new(Point2::new(-3.0, -0.5), Point2::new(4.0, -0.5));

    // Turn the elbow from −90° to +90° with the shoulder at 0 and look for contacts.
    for step in 0..=4 {
        let elbow_angle = f64::from(step) * FRAC_PI_2 / 2.0 - FRAC_PI_2;
        let links = arm([0.0, elbow_angle]);
        let mut report = Vec::new();
        for (i, link) in links.iter().enumerate() {
            for obstacle in &obstacles {
                if let Some(contact) = link.contact(obstacle) {
                    report.push(format!(
                        "link {i} hits the obstacle at ({:.2}, {:.2}), {:.3} deep",
                        obstacle.center.x, obstacle.center.y, contact.depth
                    ));
                }
            }
            if let Some(contact) = link.contact(&table) {
                report.push(format!(
                    "link {i} hits the table, {:.3} deep",
                    contact.depth
                ));
            }
        }
        let tip = links[1].b;
        println!(
            "elbow {:+6.1}°: tip at ({:+.3}, {:+.3}); {}",
            elbow_angle.to_degrees(),
            tip.x,
            tip.y,
            if report.is_empty() {
                "clear".to_string()
            } else {
                report.join("; ")
            }
        );
    }

    // Straight out along +x the tip is at (3.5, 0). The obstacle at (2.5, 1.2) is 1.2
    // above the second link's core: 1.2 − 0.2 − 0.4 = 0.6 clear of it.
    let straight = arm([0.0, 0.0]);
    assert!((straight[1].b - Point2::new(3.5, 0.0)).length() < 1e-12);
    let clearance = straight[1].segment().distance(&obstacles[0].center)
        - straight[1].radius
        - obstacles[0].radius;
    assert!((clearance - 0.6).abs() < 1e-12);
    println!("straight arm: {clearance:.3} clear of the first obstacle");

    // Elbow bent up by 90°: the second link runs from (2, 0) to (2, 1.5), its core 0.5 from
    // the obstacle's centre, so the two overlap by 0.2 + 0.4 − 0.5 = 0.1, and the normal
    // points from the obstacle towards the link: −x.
    let bent = arm([0.0, FRAC_PI_2]);
    let contact = bent[1]
        .contact(&obstacles[0])
        .expect("the bent arm touches the obstacle");
    assert!((contact.depth - 0.1).abs() < 1e-12);
    assert!((contact.normal_vector() - Vector2::new(-1.0, 0.0)).length() < 1e-12);
    println!("bent arm: overlaps the obstacle by {:.3}", contact.depth);

    // Positions stay `Point2` and directions `Vector2`, with no `.coords`: a ray from the
    // straight arm's tip along the link (a `Point2` origin, a `Vector2` direction), and a
    // ball with a `Vector2` velocity dropped onto the bent arm's upper link and pushed out
    // by a `Vector2` offset.
    let direction: Vector2<f64> = (straight[1].b - straight[1].a)
        .normalize()
        .expect("a link has a length");
    let beam = Ray::new(straight[1].b, direction);
    let wall = Segment::new(Point2::new(5.0, -1.0), Point2::new(5.0, 1.0));
    let hit = beam.cast(&wall, 10.0).expect("the beam reaches the wall");
    assert!((hit.time - 1.5).abs() < 1e-12 && hit.normal_vector() == Vector2::new(-1.0, 0.0));
    println!("beam from the tip: hits the wall {:.3} away", hit.time);

    let mut ball = Circle::new(Point2::new(2.0, 3.0), 0.25);
    let velocity = Vector2::new(0.0, -4.0);
    let dt = 0.5;
    let hit = ball
        .sweep(&bent[1], velocity * dt)
        .expect("the ball lands on the upper link's end");
    // The link ends at (2, 1.5) with radius 0.2: the ball's centre stops 0.45 above it,
    // after (3 − 1.95) / 2 = 0.525 of the step.
    assert!((hit.time - 0.525).abs() < 1e-12);
    ball.center += velocity * dt * hit.time;
    ball.center += Vector2::new(0.1, -0.1); // nudged into the link
    let push = ball.contact(&bent[1]).expect("nudged in");
    ball.center += push.offset_vector();
    assert!(ball.contact(&bent[1]).is_none_or(|c| c.depth < 1e-12));
    println!(
        "ball: lands at {:.3} of the step, pushed out to ({:.3}, {:.3})",
        hit.time, ball.center.x, ball.center.y
    );
}
