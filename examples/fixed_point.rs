//! Fixed point on `I32F32`, written the way `no_std` firmware or a lockstep multiplayer
//! game would write it: the simulation in `mod sim` uses only `core`, `fixed` and
//! capsule2d — no floats, no allocation, no `std` — so it gives the same bits on every
//! machine. Only `main` (the host side) uses `std`, to print.
//!
//! ```text
//! cargo run --example fixed_point --features fixed
//! ```
//!
//! For a real `no_std` build of this kind of code see `nostd-probe/` (a `staticlib` with
//! its own panic handler and no allocator) and `docs/guide.md`.

mod sim {
    //! Everything here would compile in a `#![no_std]` crate.

    use capsule2d::{Ball, Capsule, Chain, Circle, Segment, Shape, StepParams};
    use fixed::types::I32F32;

    /// The scalar: 32 integer bits, 32 fraction bits.
    pub(crate) type Fx = I32F32;
    /// Points and vectors.
    pub(crate) type V = [Fx; 2];

    /// An exact constant `n / d` (computed in integers, at compile time).
    pub(crate) const fn q(n: i64, d: i64) -> Fx {
        Fx::from_bits((n << 32) / d)
    }

    /// The course: a box (two walls and a floor, joined end to end) and a ramp, as a
    /// chain of capsules of radius 0.
    pub(crate) const COURSE: [Capsule<V>; 4] = [
        Capsule::new([q(-8, 1), q(8, 1)], [q(-8, 1), q(0, 1)], q(0, 1)),
        Capsule::new([q(-8, 1), q(0, 1)], [q(8, 1), q(0, 1)], q(0, 1)),
        Capsule::new([q(8, 1), q(0, 1)], [q(8, 1), q(8, 1)], q(0, 1)),
        Capsule::new([q(-8, 1), q(4, 1)], [q(-2, 1), q(1, 1)], q(0, 1)),
    ];

    /// Drops three balls and steps them `steps` times at 60 Hz; returns the final balls.
    pub(crate) fn run(steps: usize) -> [Ball<V>; 3] {
        let params = StepParams::new(q(1, 60), [q(0, 1), q(-981, 100)], q(1, 200));
        let world = Chain::new(&COURSE);
        let mut balls = [
            Ball::new(
                Circle::new([q(-6, 1), q(6, 1)], q(1, 2)),
                [q(1, 1), q(0, 1)],
            ),
            Ball::new(
                Circle::new([q(0, 1), q(3, 1)], q(1, 4)),
                [q(-2, 1), q(0, 1)],
            ),
            Ball::new(Circle::new([q(5, 1), q(2, 1)], q(3, 8)), [q(0, 1), q(0, 1)]),
        ];
        for ball in &mut balls {
            *ball = ball.with_material(q(1, 2), q(1, 10));
        }
        for _ in 0..steps {
            for ball in &mut balls {
                ball.step(&world, &params);
            }
        }
        balls
    }

    /// A checksum of the balls' raw bits: equal checksums mean bit-identical runs.
    pub(crate) fn checksum(balls: &[Ball<V>]) -> u64 {
        balls.iter().fold(0xcbf2_9ce4_8422_2325, |hash, ball| {
            let words = [
                ball.circle.center[0],
                ball.circle.center[1],
                ball.velocity[0],
                ball.velocity[1],
            ];
            words.iter().fold(hash, |h, w| {
                (h ^ w.to_bits() as u64).wrapping_mul(0x0100_0000_01b3)
            })
        })
    }

    /// Queries whose answers are exact in fixed point, returned for checking.
    pub(crate) fn exact_answers() -> (Fx, V, Fx) {
        let floor = Segment::new([q(0, 1), q(0, 1)], [q(10, 1), q(0, 1)]);
        // A ball of radius 1 at height 3/4: depth 1/4, normal +y.
        let contact = Circle::new([q(3, 1), q(3, 4)], q(1, 1))
            .contact(&floor)
            .map_or((q(0, 1), [q(0, 1); 2]), |c| (c.depth, c.normal));
        // A ball of radius 1 at height 3, moved by (0, −4): touches at time (3 − 1)/4.
        let time = Circle::new([q(5, 1), q(3, 1)], q(1, 1))
            .sweep(&floor, [q(0, 1), q(-4, 1)])
            .map_or(q(-1, 1), |hit| hit.time);
        (contact.0, contact.1, time)
    }

    /// Far outside I32F32's comfortable range: saturates, never panics.
    pub(crate) fn saturating_query() -> Fx {
        let far = Segment::new([Fx::MIN, Fx::MIN], [Fx::MAX, Fx::MAX]);
        far.distance(&[Fx::MAX, Fx::MIN])
    }
}

use sim::{Fx, q};

fn main() {
    let (depth, normal, time) = sim::exact_answers();
    println!(
        "contact depth {depth}, normal ({}, {}); sweep time {time}",
        normal[0], normal[1]
    );
    assert_eq!(depth, q(1, 4));
    assert_eq!(normal, [q(0, 1), q(1, 1)]);
    assert_eq!(time, q(1, 2));

    let balls = sim::run(600);
    for (i, ball) in balls.iter().enumerate() {
        println!(
            "ball {i}: at ({:.4}, {:.4}), velocity ({:.4}, {:.4})",
            ball.circle.center[0], ball.circle.center[1], ball.velocity[0], ball.velocity[1]
        );
        // After ten seconds every ball rests on the floor: its centre one radius up, give
        // or take the skin (0.005).
        let height = ball.circle.center[1] - ball.circle.radius;
        assert!(height.abs() <= q(1, 100), "ball {i} at height {height}");
    }
    let first = sim::checksum(&balls);
    let again = sim::checksum(&sim::run(600));
    println!("checksum {first:016x} (a second run: {again:016x})");
    assert_eq!(first, again);

    let saturated: Fx = sim::saturating_query();
    println!("a query at the edge of the range saturates: distance {saturated}");
}
