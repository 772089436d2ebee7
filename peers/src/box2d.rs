//! Safe wrappers over the Box2D v3 functions the benchmarks call, through `boxdd-sys`
//! (which compiles Box2D's C sources with the system C compiler, `-O2`, no bindgen).
//!
//! Every function here takes plain values and calls one pure Box2D function on them.
//! Box2D cannot be inlined into Rust, so each query pays a cross-language call (a few
//! nanoseconds); that is part of what a Rust engine using Box2D's collision pays too.
#![allow(unsafe_code)]

use boxdd_sys::ffi::{
    b2CastOutput, b2CollideCapsuleAndCircle, b2CollideCapsules, b2CollideSegmentAndCircle,
    b2LocalManifold, b2MakeProxy, b2RayCastCapsule, b2RayCastInput, b2Rot, b2SegmentDistance,
    b2SegmentDistanceResult, b2ShapeCast, b2ShapeCastPairInput, b2ShapeProxy, b2Sweep, b2TOIInput,
    b2TOIOutput, b2TimeOfImpact, b2Transform, b2Vec2,
};

pub use boxdd_sys::ffi::{b2Capsule, b2Circle, b2Segment};

/// `(x, y)` as Box2D's vector.
pub fn vec2(p: [f64; 2]) -> b2Vec2 {
    b2Vec2 {
        x: p[0] as f32,
        y: p[1] as f32,
    }
}

/// The identity transform: both shapes in one frame.
pub const IDENTITY: b2Transform = b2Transform {
    p: b2Vec2 { x: 0.0, y: 0.0 },
    q: b2Rot { c: 1.0, s: 0.0 },
};

/// A segment.
pub fn segment(a: [f64; 2], b: [f64; 2]) -> b2Segment {
    b2Segment {
        point1: vec2(a),
        point2: vec2(b),
    }
}

/// A circle.
pub fn circle(center: [f64; 2], radius: f64) -> b2Circle {
    b2Circle {
        center: vec2(center),
        radius: radius as f32,
    }
}

/// A capsule.
pub fn capsule(a: [f64; 2], b: [f64; 2], radius: f64) -> b2Capsule {
    b2Capsule {
        center1: vec2(a),
        center2: vec2(b),
        radius: radius as f32,
    }
}

/// `b2CollideSegmentAndCircle`: the manifold of a circle against a segment.
#[inline]
pub fn collide_segment_circle(segment: &b2Segment, circle: &b2Circle) -> b2LocalManifold {
    // SAFETY: both pointers come from live references; the function only reads them.
    unsafe { b2CollideSegmentAndCircle(segment, circle, IDENTITY) }
}

/// `b2CollideCapsuleAndCircle`: the manifold of a circle against a capsule.
#[inline]
pub fn collide_capsule_circle(capsule: &b2Capsule, circle: &b2Circle) -> b2LocalManifold {
    // SAFETY: as above.
    unsafe { b2CollideCapsuleAndCircle(capsule, circle, IDENTITY) }
}

/// `b2CollideCapsules`: the manifold (up to two points) of two capsules.
#[inline]
pub fn collide_capsules(a: &b2Capsule, b: &b2Capsule) -> b2LocalManifold {
    // SAFETY: as above.
    unsafe { b2CollideCapsules(a, b, IDENTITY) }
}

/// `b2SegmentDistance`: the closest points of two segments.
#[inline]
pub fn segment_distance(p1: b2Vec2, q1: b2Vec2, p2: b2Vec2, q2: b2Vec2) -> b2SegmentDistanceResult {
    // SAFETY: a pure function of its by-value arguments.
    unsafe { b2SegmentDistance(p1, q1, p2, q2) }
}

/// The input of a ray cast: origin, translation, max fraction 1.
pub fn ray(origin: [f64; 2], translation: [f64; 2]) -> b2RayCastInput {
    b2RayCastInput {
        origin: vec2(origin),
        translation: vec2(translation),
        maxFraction: 1.0,
    }
}

/// `b2RayCastCapsule`.
#[inline]
pub fn ray_cast_capsule(capsule: &b2Capsule, input: &b2RayCastInput) -> b2CastOutput {
    // SAFETY: as above.
    unsafe { b2RayCastCapsule(capsule, input) }
}

/// A proxy (point cloud and radius) for the shape cast.
pub fn proxy(points: &[[f64; 2]], radius: f64) -> b2ShapeProxy {
    let points: Vec<b2Vec2> = points.iter().map(|&p| vec2(p)).collect();
    let count = i32::try_from(points.len()).unwrap_or(0);
    // SAFETY: `points` holds `count` (1 to 8) vectors; the proxy copies them.
    unsafe { b2MakeProxy(points.as_ptr(), count, radius as f32) }
}

/// The input of a shape cast of a circle (proxy B, moving by `translation`) against a
/// capsule (proxy A), both in one frame.
pub fn shape_cast_input(
    capsule: b2ShapeProxy,
    circle: b2ShapeProxy,
    translation: [f64; 2],
) -> b2ShapeCastPairInput {
    b2ShapeCastPairInput {
        proxyA: capsule,
        proxyB: circle,
        transform: IDENTITY,
        translationB: vec2(translation),
        maxFraction: 1.0,
        canEncroach: false,
    }
}

/// `b2ShapeCast`: the time of impact of proxy B moving against proxy A.
#[inline]
pub fn shape_cast(input: &b2ShapeCastPairInput) -> b2CastOutput {
    // SAFETY: as above.
    unsafe { b2ShapeCast(input) }
}

/// The input of `b2TimeOfImpact`: proxy A still at the origin, proxy B (in its own frame,
/// centre of mass at its origin) moving from `(position, (cos, sin))` at the start to the
/// same at the end.
pub fn toi_input(
    still: b2ShapeProxy,
    moving: b2ShapeProxy,
    start: ([f64; 2], [f64; 2]),
    end: ([f64; 2], [f64; 2]),
) -> b2TOIInput {
    let rot = |r: [f64; 2]| b2Rot {
        c: r[0] as f32,
        s: r[1] as f32,
    };
    let origin = vec2([0.0, 0.0]);
    b2TOIInput {
        proxyA: still,
        proxyB: moving,
        sweepA: b2Sweep {
            localCenter: origin,
            c1: origin,
            c2: origin,
            q1: IDENTITY.q,
            q2: IDENTITY.q,
        },
        sweepB: b2Sweep {
            localCenter: origin,
            c1: vec2(start.0),
            c2: vec2(end.0),
            q1: rot(start.1),
            q2: rot(end.1),
        },
        maxFraction: 1.0,
    }
}

/// `b2TimeOfImpact`: the first time proxy B's sweep comes within Box2D's target
/// separation of proxy A's (conservative advancement on a separating axis).
#[inline]
pub fn time_of_impact(input: &b2TOIInput) -> b2TOIOutput {
    // SAFETY: as above: a pure function of its plain-data input.
    unsafe { b2TimeOfImpact(input) }
}
