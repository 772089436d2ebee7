// The body of the glam examples, `examples/glam.rs` (glam 0.34) and `examples/glam033.rs`
// (glam 0.33): each brings its glam version's `Vec2` and `DVec2` into scope and includes
// this file, so the two versions run the very same code.

use capsule2d::{Capsule, Circle, Segment, Shape, response};

/// The course: a floor, two walls and a capsule-shaped bumper.
struct Course {
    segments: [Segment<Vec2>; 3],
    bumper: Capsule<Vec2>,
}

/// One step of `dt`: sweep the motion against every obstacle, stop at the first touch,
/// bounce, and spend the rest of the step (at most a few impacts per step).
fn step(course: &Course, ball: &mut Circle<Vec2>, velocity: &mut Vec2, dt: f32) -> usize {
    const GRAVITY: Vec2 = Vec2::new(0.0, -9.81);
    const RESTITUTION: f32 = 0.8;
    *velocity += GRAVITY * dt;
    let mut remaining = 1.0_f32;
    let mut impacts = 0;
    for _ in 0..4 {
        let motion = *velocity * dt * remaining;
        let hits = course
            .segments
            .iter()
            .filter_map(|s| ball.sweep(s, motion))
            .chain(ball.sweep(&course.bumper, motion));
        let first = hits.min_by(|a, b| a.time.total_cmp(&b.time));
        match first {
            Some(hit) if hit.time < 1.0 => {
                // Move to the touch, and bounce only if approaching (reflect leaves a
                // separating velocity alone).
                ball.center += motion * hit.time;
                *velocity = response::reflect(*velocity, hit.normal, RESTITUTION);
                // Keep a hair of clearance so the next sweep does not start touching.
                ball.center += hit.normal * 1e-4;
                remaining *= 1.0 - hit.time;
                impacts += 1;
            }
            _ => {
                ball.center += motion;
                break;
            }
        }
    }
    impacts
}

fn main() {
    let course = Course {
        segments: [
            Segment::new(Vec2::new(-5.0, 0.0), Vec2::new(5.0, 0.0)),
            Segment::new(Vec2::new(-5.0, 0.0), Vec2::new(-5.0, 8.0)),
            Segment::new(Vec2::new(5.0, 0.0), Vec2::new(5.0, 8.0)),
        ],
        bumper: Capsule::new(Vec2::new(-1.0, 2.5), Vec2::new(1.5, 3.0), 0.3),
    };
    let mut ball = Circle::new(Vec2::new(-3.0, 6.0), 0.25);
    let mut velocity = Vec2::new(6.0, 0.0);
    let dt = 1.0 / 60.0;
    let mut impacts = 0;
    for frame in 0..=240 {
        impacts += step(&course, &mut ball, &mut velocity, dt);
        if frame % 30 == 0 {
            println!(
                "t = {:4.2} s  position ({:+6.3}, {:+6.3})  velocity ({:+6.3}, {:+6.3})  impacts {impacts}",
                frame as f32 * dt,
                ball.center.x,
                ball.center.y,
                velocity.x,
                velocity.y
            );
        }
        // The sweeps keep the ball inside the box, whatever its speed.
        assert!(
            ball.center.x.abs() < 5.0 && ball.center.y > 0.0,
            "escaped at frame {frame}"
        );
    }
    assert!(impacts > 0);

    // f64 works the same through DVec2: the contact of a ball resting 0.1 into the floor.
    let floor = Segment::new(DVec2::new(-5.0, 0.0), DVec2::new(5.0, 0.0));
    let resting = Circle::new(DVec2::new(1.0, 0.4), 0.5);
    let contact = resting.contact(&floor).expect("resting on the floor");
    assert_eq!(contact.normal, DVec2::Y);
    assert!((contact.depth - 0.1).abs() < 1e-15);
    println!("DVec2: resting contact {contact:?}");
}
