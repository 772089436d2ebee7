//! No query allocates: a counting global allocator wraps the system one, and every public
//! query runs for f32, f64 and (feature `fixed`) I32F32 while the count must stay zero.
#![allow(
    unsafe_code,
    reason = "a GlobalAlloc impl is unsafe by definition; test-only"
)]
#![cfg(feature = "std")]

use capsule2d::{Capsule, Chain, ChainContact, Circle, Ray, Scalar, Segment, Vector2, response};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards to the system allocator unchanged, only counting calls.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Runs every query on a handful of configurations (touching, crossing, degenerate, far)
/// and returns a checksum so nothing is optimised away.
fn run_all<S: Scalar + Default>(n: impl Fn(f64) -> S) -> usize {
    let p = |x: f64, y: f64| [n(x), n(y)];
    let mut sink = 0_usize;
    let configs = [
        (
            p(0.0, 0.0),
            p(4.0, 0.0),
            p(2.0, 1.0),
            p(1.0, -1.0),
            p(3.0, 2.0),
        ),
        (
            p(0.0, 0.0),
            p(0.0, 0.0),
            p(0.0, 0.0),
            p(0.0, 0.0),
            p(0.0, 0.0),
        ),
        (
            p(-3.0, 1.0),
            p(5.0, -2.0),
            p(1.0, 1.0),
            p(-1.0, -4.0),
            p(2.0, 6.0),
        ),
        (
            p(0.0, 0.0),
            p(4.0, 0.0),
            p(6.0, 0.0),
            p(8.0, 0.0),
            p(2.0, 0.0),
        ),
    ];
    for (a, b, c, d, e) in configs {
        let r = n(1.0);
        let seg = Segment::new(a, b);
        let other = Segment::new(c, d);
        let circle = Circle::new(e, r);
        let cap = Capsule::new(a, b, r);
        let cap2 = Capsule::new(c, d, n(0.5));
        sink += usize::from(seg.closest_parameter(e) > S::ZERO);
        sink += usize::from(seg.closest_point(e).x() > S::ZERO);
        sink += usize::from(seg.distance_squared(e) > S::ZERO);
        sink += usize::from(seg.distance(e) > S::ZERO);
        sink += usize::from(seg.contains_point(e));
        sink += usize::from(seg.closest_points(&other).0.x() > S::ZERO);
        sink += usize::from(seg.distance_to_segment(&other) > S::ZERO);
        sink += usize::from(seg.intersects_segment(&other));
        sink += usize::from(seg.contact_circle(&circle).is_some());
        sink += usize::from(seg.contact_capsule(&cap2).is_some());
        sink += usize::from(circle.contains_point(a));
        sink += usize::from(circle.contact_point(a).is_some());
        sink += usize::from(circle.contact_circle(&Circle::new(c, r)).is_some());
        sink += usize::from(circle.contact_segment(&seg).is_some());
        sink += usize::from(circle.contact_capsule(&cap).is_some());
        sink += usize::from(cap.contains_point(e));
        sink += usize::from(cap.contact_point(e).is_some());
        sink += usize::from(cap.contact_circle(&circle).is_some());
        sink += usize::from(cap.contact_segment(&other).is_some());
        sink += usize::from(cap.contact_capsule(&cap2).is_some());
        sink += usize::from(cap.intersects_capsule(&cap2));
        if let Some(contact) = circle.contact_segment(&seg) {
            let v = p(1.0, -1.0);
            sink += usize::from(response::reflect(v, contact.normal, n(0.5)).x() > S::ZERO);
            sink += usize::from(response::slide(v, contact.normal).x() > S::ZERO);
            sink += usize::from(response::push_out(e, &contact, n(0.01)).x() > S::ZERO);
        }
        let ray = Ray::new(c, p(1.0, 0.5));
        sink += usize::from(ray.cast_circle(&circle, n(100.0)).is_some());
        sink += usize::from(ray.cast_segment(&seg, n(100.0)).is_some());
        sink += usize::from(ray.cast_capsule(&cap, n(100.0)).is_some());
        sink += seg.circle_crossings(&circle).as_slice().len();
        let motion = p(0.0, -5.0);
        sink += usize::from(circle.sweep_segment(motion, &seg).is_some());
        sink += usize::from(circle.sweep_capsule(motion, &cap).is_some());
        sink += usize::from(circle.sweep_circle(motion, &Circle::new(c, r)).is_some());
        sink += usize::from(circle.contact_segment_with_margin(&seg, n(0.5)).is_some());
        let links = [cap, Capsule::new(b, d, r)];
        let chain = Chain::new(&links);
        let mut out = [ChainContact::default(); 4];
        sink += chain.contacts(&circle, &mut out);
        sink += usize::from(chain.resolve(&circle, n(0.01)).center.x() > S::ZERO);
    }
    sink
}

#[test]
fn no_query_allocates() {
    // Warm up anything the test harness itself may allocate lazily.
    let warm = run_all(|x| x) + run_all(|x| x as f32);
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    let mut sink = run_all(|x| x);
    sink += run_all(|x| x as f32);
    #[cfg(feature = "fixed")]
    {
        sink += run_all(fixed::types::I32F32::from_num);
    }
    let after = ALLOCATIONS.load(Ordering::SeqCst);
    // The counter is live: a real allocation is seen.
    let boxed = std::hint::black_box(Box::new(sink));
    assert!(
        ALLOCATIONS.load(Ordering::SeqCst) > after,
        "the counting allocator is not in use"
    );
    drop(boxed);
    assert!(sink > 0 && warm > 0, "the queries ran");
    assert_eq!(
        after - before,
        0,
        "queries allocated {} times",
        after - before
    );
}
