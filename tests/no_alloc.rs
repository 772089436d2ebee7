//! No query allocates: every public query (the `batch` functions included), for f32, f64
//! and (feature `fixed`) I32F32, runs under a counting global allocator and the count
//! must stay at zero.
//!
//! The library itself is `#![forbid(unsafe_code)]`; this test is a separate crate and needs
//! `unsafe impl GlobalAlloc` for the counting allocator, hence the `allow` below (the
//! lint table in Cargo.toml denies unsafe code, so that test files can opt out).
//!
//! The allocator counts only on the thread that is measuring (a thread-local flag), so the
//! test harness's own threads and output cannot disturb the count; and everything is in a
//! single `#[test]`, so nothing else runs on that thread meanwhile.

#![allow(
    unsafe_code,
    reason = "a GlobalAlloc impl is unsafe by definition; test-only"
)]
#![cfg(any(feature = "std", feature = "libm"))]

use capsule2d::{
    Ball, Capsule, Chain, ChainContact, Circle, Ray, Scalar, Segment, Shape, StepParams, batch,
    response,
};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};

/// `System`, counting allocations (and reallocations) made while [`MEASURING`] is set on
/// the allocating thread.
struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    static MEASURING: Cell<bool> = const { Cell::new(false) };
}

fn note() {
    // `try_with`: the thread-local may be gone while a thread shuts down.
    if MEASURING.try_with(Cell::get).unwrap_or(false) {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
    }
}

// SAFETY: every method forwards to `System` unchanged; the counting has no effect on the
// memory handed out.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note();
        // SAFETY: the caller upholds `GlobalAlloc::alloc`'s contract, which we forward.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note();
        // SAFETY: as above.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note();
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The number of allocations `f` makes on this thread.
fn allocations_in(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    MEASURING.with(|m| m.set(true));
    f();
    MEASURING.with(|m| m.set(false));
    ALLOCATIONS.load(Ordering::SeqCst) - before
}

/// A scalar type under test.
trait Num: Scalar + Default {
    fn n(x: f64) -> Self;
}
impl Num for f32 {
    fn n(x: f64) -> Self {
        x as Self
    }
}
impl Num for f64 {
    fn n(x: f64) -> Self {
        x
    }
}
#[cfg(feature = "fixed")]
impl Num for fixed::types::I32F32 {
    fn n(x: f64) -> Self {
        Self::from_num(x)
    }
}

type V<S> = [S; 2];

fn v<S: Num>(x: f64, y: f64) -> V<S> {
    [S::n(x), S::n(y)]
}

/// Every public query on one configuration; the results go through `black_box` so that
/// nothing is optimised away. Returns how many contacts and hits it saw, so the caller
/// can check that the configurations reach the contact-building code paths.
fn every_query<S: Num>(
    p: V<S>,
    s1: Segment<V<S>>,
    s2: Segment<V<S>>,
    c1: Circle<V<S>>,
    k1: Capsule<V<S>>,
) -> usize {
    let c2 = Circle::new(s2.b, c1.radius);
    let k2 = Capsule::from_segment(s2, k1.radius);
    let velocity = v::<S>(1.0, -2.0);
    let (half, skin) = (S::n(0.5), S::n(0.01));
    let mut seen = 0;
    let mut contact = |c: Option<capsule2d::Contact<V<S>>>| {
        if let Some(c) = c {
            seen += 1;
            black_box(c.offset());
            black_box(c.offset_with_skin(skin));
            black_box(response::reflect(velocity, c.normal, half));
            black_box(response::slide(velocity, c.normal));
            black_box(response::push_out(p, &c, skin));
        }
    };

    // Segment.
    black_box(Segment::try_new(s1.a, s1.b).ok());
    black_box(s1.closest_parameter(p));
    black_box(s1.project_point(p));
    black_box(dist2((s1.project_point(p), p)));
    black_box(s1.distance(&p));
    black_box(s1.contains_point(p));
    black_box(s1.closest_points(&s2).points());
    black_box(dist2(s1.closest_points(&s2).points()));
    black_box(s1.distance(&s2));
    black_box(s1.intersects(&s2));
    black_box(s1.intersects(&c1));
    contact(s1.contact(&c1));
    black_box(s1.intersects(&k1));
    contact(s1.contact(&k1));
    black_box((
        s1.direction(),
        s1.length_squared(),
        s1.length(),
        s1.is_degenerate(),
    ));
    black_box((
        s1.point_at(half),
        s1.midpoint(),
        s1.reversed(),
        s1.left_normal(),
    ));

    // Circle.
    black_box(Circle::try_new(c1.center, c1.radius).ok());
    black_box(c1.contains_point(p));
    contact(c1.contact(&p));
    black_box(c1.intersects(&c2));
    contact(c1.contact(&c2));
    black_box(c1.intersects(&s1));
    contact(c1.contact(&s1));
    black_box(c1.intersects(&k1));
    contact(c1.contact(&k1));

    // Capsule.
    black_box(Capsule::try_new(k1.a, k1.b, k1.radius).ok());
    black_box((k1.segment(), Capsule::from_segment(s1, k1.radius)));
    black_box(k1.contains_point(p));
    contact(k1.contact(&p));
    black_box(k1.intersects(&c1));
    contact(k1.contact(&c1));
    black_box(k1.intersects(&s2));
    contact(k1.contact(&s2));
    black_box(k1.intersects(&k2));
    contact(k1.contact(&k2));

    // Speculative contacts.
    contact(c1.contact_with_margin(&s1, half));
    contact(c1.contact_with_margin(&k1, half));
    contact(c1.contact_with_margin(&c2, half));
    contact(k1.contact_with_margin(&k2, half));
    black_box(k1.manifold(&k2, half));
    black_box(k1.manifold(&s1, half));
    black_box(c1.manifold(&k1, half));

    // `Scalar` hooks.
    black_box((
        p.distance(&[S::ZERO, S::ZERO]),
        capsule2d::Rotation::new(p[0], p[1]),
        S::sqrt(p[0]),
    ));

    // Rays, sweeps, casts, crossings.
    let ray = Ray::new(p, velocity);
    black_box(ray.at(half));
    let hits = [
        ray.cast(&c1, S::n(10.0)).is_some(),
        ray.cast(&s1, S::n(10.0)).is_some(),
        ray.cast(&k1, S::n(10.0)).is_some(),
        c1.sweep(&s1, velocity).is_some(),
        c1.sweep(&k1, velocity).is_some(),
        c1.sweep(&c2, velocity).is_some(),
        k1.cast(&k2, velocity, capsule2d::CastOptions::default())
            .is_some(),
        s1.cast(
            &c1,
            velocity,
            capsule2d::CastOptions::default().with_other_motion(p),
        )
        .is_some(),
        p.cast(&s1, velocity, capsule2d::CastOptions::default())
            .is_some(),
    ];
    seen += hits.iter().filter(|&&h| h).count();
    // Collide and slide, against a slice and against a chain.
    let options = capsule2d::SlideOptions::new(S::n(0.0625));
    let walls = [k1, k2];
    let slide = capsule2d::move_and_slide(&c1, velocity, &walls, &options);
    black_box((
        slide.translation,
        slide.normals().len(),
        slide.clip(velocity),
    ));
    let slide = capsule2d::move_and_slide(&k2, velocity, &Chain::new(&walls), &options);
    black_box((slide.translation, slide.hits));
    let crossings = s1.circle_crossings(&c1);
    black_box((crossings.as_slice(), crossings.len(), crossings.is_empty()));
    black_box(crossings.iter().count());

    // Batches, over more elements than one SIMD chunk (256).
    let points = [p; 300];
    let radii = [c1.radius; 300];
    let circles = [c1; 300];
    let capsules = [k1; 300];
    let mut flags = [false; 300];
    black_box(batch::points_in_capsule(&points, &k1, &mut flags));
    black_box(batch::circles_intersect_segment(
        &points, &radii, &s1, &mut flags,
    ));
    black_box(batch::circles_intersect_capsule(
        &points, &radii, &k1, &mut flags,
    ));
    black_box(batch::circles_intersect_circles(
        &circles, &circles, &mut flags,
    ));
    black_box(batch::circles_intersect_capsules(
        &circles, &capsules, &mut flags,
    ));
    black_box(batch::capsules_intersect_capsules(
        &capsules, &capsules, &mut flags,
    ));
    let mut closest = [p; 300];
    black_box(batch::closest_points_on_segment(&points, &s1, &mut closest));
    let mut distances = [c1.radius; 300];
    black_box(batch::distances_squared_to_segment(
        &points,
        &s1,
        &mut distances,
    ));
    let mut contacts = [None; 300];
    black_box(batch::circles_contact_capsule(
        &points,
        &radii,
        &k1,
        &mut contacts,
    ));
    black_box(batch::capsules_contact_capsules(
        &capsules,
        &capsules,
        &mut contacts,
    ));
    black_box((&flags, &closest, &distances, &contacts));

    // Chains and the stepper.
    let links = [k1, Capsule::new(k1.b, k2.a, k1.radius), k2];
    let chain = Chain::new(&links);
    let mut out = [ChainContact::default(); 4];
    seen += chain.contacts(&c1, &mut out);
    black_box(&out);
    black_box(chain.deepest(&c1));
    black_box(chain.resolve(&c1, skin));
    black_box(chain.sweep(&c1, velocity));
    black_box(chain.links());
    let params = StepParams::new(S::n(1.0 / 60.0), v::<S>(0.0, -10.0), skin);
    let mut ball = Ball::new(c1, velocity).with_material(half, S::n(0.2));
    for _ in 0..4 {
        let report = ball.step(&chain, &params);
        black_box(report.path());
    }
    black_box(ball);
    seen
}

/// A point, two segments, a circle and a capsule.
type Config<S> = (
    V<S>,
    Segment<V<S>>,
    Segment<V<S>>,
    Circle<V<S>>,
    Capsule<V<S>>,
);

/// A few configurations per type: overlapping, touching, apart, degenerate, crossing.
fn all_queries<S: Num>() -> usize {
    let mut seen = 0;
    let configs: [Config<S>; 5] = [
        (
            v(2.0, 0.5),
            Segment::new(v(0.0, 0.0), v(4.0, 0.0)),
            Segment::new(v(2.0, -1.0), v(2.0, 1.0)),
            Circle::new(v(2.0, 0.5), S::n(1.0)),
            Capsule::new(v(0.0, 1.0), v(4.0, 1.0), S::n(0.5)),
        ),
        (
            v(2.0, 0.0),
            Segment::new(v(0.0, 0.0), v(4.0, 0.0)),
            Segment::new(v(5.0, 0.0), v(6.0, 0.0)),
            Circle::new(v(2.0, 1.0), S::n(1.0)),
            Capsule::new(v(1.0, 2.0), v(3.0, 2.0), S::n(1.0)),
        ),
        (
            v(9.0, 9.0),
            Segment::new(v(0.0, 0.0), v(1.0, 0.0)),
            Segment::new(v(0.0, 5.0), v(1.0, 5.0)),
            Circle::new(v(-5.0, -5.0), S::n(0.5)),
            Capsule::new(v(3.0, 3.0), v(4.0, 4.0), S::n(0.25)),
        ),
        (
            v(1.0, 1.0),
            Segment::new(v(1.0, 1.0), v(1.0, 1.0)),
            Segment::new(v(1.0, 1.0), v(1.0, 1.0)),
            Circle::new(v(1.0, 1.0), S::n(0.0)),
            Capsule::new(v(1.0, 1.0), v(1.0, 1.0), S::n(0.0)),
        ),
        (
            v(0.0, 0.0),
            Segment::new(v(-1.0, -1.0), v(1.0, 1.0)),
            Segment::new(v(-1.0, 1.0), v(1.0, -1.0)),
            Circle::new(v(0.0, 0.5), S::n(2.0)),
            Capsule::new(v(-2.0, 0.0), v(2.0, 0.0), S::n(0.5)),
        ),
    ];
    for (p, s1, s2, c1, k1) in configs {
        seen += every_query(p, s1, s2, c1, k1);
    }
    seen
}

#[test]
fn no_query_allocates() {
    // The counter works: a deliberate allocation is seen.
    let control = allocations_in(|| {
        black_box(vec![1_u8; 16]);
    });
    assert_eq!(control, 1, "the counting allocator does not count");

    let mut seen = 0;
    let f32s = allocations_in(|| seen += all_queries::<f32>());
    let f64s = allocations_in(|| seen += all_queries::<f64>());
    #[cfg(feature = "fixed")]
    let fixeds = allocations_in(|| seen += all_queries::<fixed::types::I32F32>());
    #[cfg(not(feature = "fixed"))]
    let fixeds = 0;
    assert_eq!(
        (f32s, f64s, fixeds),
        (0, 0, 0),
        "allocations by (f32, f64, I32F32) queries"
    );
    // The configurations reach the contact and hit paths, where results are built.
    assert!(
        seen > 100,
        "only {seen} contacts and hits: the configurations miss too much"
    );
}

/// `|p − q|²` of a pair of points (what `Segment::distance_squared` and
/// `distance_squared_to_segment` returned before the `Shape` API).
#[allow(dead_code)]
fn dist2<V: capsule2d::vector::VectorOps>((p, q): (V, V)) -> V::Scalar {
    p.sub(q).length_squared()
}
