//! no_std probe: exported functions that exercise capsule2d with f32 and I32F32.
#![no_std]

use capsule2d::{Capsule, Circle, Segment, Shape, response};
use fixed::types::I32F32;

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    loop {}
}

/// Circle against segment and capsule, and a reflection, in f32.
#[unsafe(no_mangle)]
pub extern "C" fn probe_f32(x: f32, y: f32, r: f32) -> f32 {
    let floor = Segment::new([0.0_f32, 0.0], [10.0, 0.0]);
    let ball = Circle::new([x, y], r);
    let capsule = Capsule::new([0.0_f32, 1.0], [5.0, 2.0], 0.5);
    let mut sum = floor.distance(&[x, y]) + floor.closest_parameter([x, y]);
    if let Some(c) = ball.contact(&floor) {
        sum += c.depth + response::reflect([1.0, -1.0], c.normal, 0.5)[1];
    }
    if let Some(c) = capsule.contact(&Capsule::new([x, y], [y, x], r)) {
        sum += c.depth;
    }
    sum + if ball.intersects(&capsule) { 1.0 } else { 0.0 }
}

/// The same queries in I32F32; returns the raw bits.
#[unsafe(no_mangle)]
pub extern "C" fn probe_i32f32(x: i64, y: i64, r: i64) -> i64 {
    let (x, y, r) = (
        I32F32::from_bits(x),
        I32F32::from_bits(y),
        I32F32::from_bits(r),
    );
    let ten = I32F32::from_num(10);
    let zero = I32F32::ZERO;
    let floor = Segment::new([zero, zero], [ten, zero]);
    let ball = Circle::new([x, y], r);
    let mut bits = floor.closest_parameter([x, y]).to_bits();
    if let Some(c) = ball.contact(&floor) {
        bits ^= c.depth.to_bits() ^ response::slide([ten, -ten], c.normal)[1].to_bits();
    }
    if let Some(c) =
        Capsule::new([zero, zero], [ten, ten], r).contact(&Capsule::new([x, y], [y, x], r))
    {
        bits ^= c.normal[0].to_bits();
    }
    bits
}
