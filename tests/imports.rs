//! The crate's traits cause no method ambiguity: one module imports the prelude *and* the
//! traits by name (`Scalar`, `Shape`, `Vector2 as _`) beside `std::ops`' operator traits,
//! nalgebra's `Vector2` (feature `nalgebra`), glam's `Vec2` (feature `glam`) and fixed's
//! `I16F16` with `Ord` in scope (feature `fixed`), and calls the methods that could clash:
//! `a.add(b)` and `f64::add(a, b)` on `f64` and on glam's `Vec2`, `I16F16::min(x, y)`,
//! `I16F16::add(x, y)` and `x.max(y)`, glam's
//! own `dot` and `length`, nalgebra's `Vector2::new`, and the shape queries. That this file
//! compiles is the test (no E0034 "multiple applicable items", no E0252 "defined multiple
//! times"); the assertions check that each call means what it meant without the crate.

mod together {
    use capsule2d::prelude::*;
    #[allow(unused_imports)]
    use capsule2d::{Scalar, Shape, Vector2 as _};
    #[cfg(feature = "fixed")]
    use core::cmp::Ord;
    #[cfg(feature = "fixed")]
    use fixed::types::I16F16;
    #[cfg(feature = "nalgebra")]
    use nalgebra::Vector2;
    use std::ops::{Add, Mul, Neg, Sub};

    #[test]
    fn std_operator_traits_on_f64() {
        let (a, b) = (1.5_f64, 2.25_f64);
        assert_eq!(a.add(b), 3.75);
        assert_eq!(a.sub(b), -0.75);
        assert_eq!(a.mul(b), 3.375);
        assert_eq!(a.neg(), -1.5);
        // Path calls too: the crate's arithmetic has its own names (`plus`, not `add`).
        assert_eq!(f64::add(a, b), 3.75);
        assert_eq!(f64::neg(a), -1.5);
        assert_eq!(f64::mul(a, b), 3.375);
        // The crate's arithmetic is there too, by path.
        assert_eq!(f64::plus(a, b), 3.75);
        assert_eq!(<f64 as Scalar>::plus(a, b), 3.75);
        assert_eq!(<f64 as Scalar>::sqrt(2.25), 1.5);
    }

    #[test]
    fn shape_queries_on_arrays() {
        let circle = Circle::new([0.0, 0.0], 1.0);
        let segment = Segment::new([0.5, -2.0], [0.5, 2.0]);
        assert!(circle.intersects(&segment));
        assert!(!circle.intersects(&Segment::new([1.5, -2.0], [1.5, 2.0])));
        let capsule = Capsule::new([0.0, 0.0], [4.0, 0.0], 1.0);
        let p = [2.0, 4.0];
        assert_eq!(capsule.distance(&p), 3.0);
        assert_eq!(Shape::distance(&p, &capsule), 3.0);
        let contact = circle.contact(&segment).unwrap();
        assert_eq!((contact.normal, contact.depth), ([-1.0, 0.0], 0.5));
    }

    #[cfg(feature = "glam")]
    #[test]
    fn glam_vec2_keeps_its_methods() {
        let v = glam::Vec2::new(3.0, 4.0);
        let w = glam::Vec2::new(1.0, -2.0);
        assert_eq!(v.add(w), glam::Vec2::new(4.0, 2.0));
        assert_eq!(v.sub(w), glam::Vec2::new(2.0, 6.0));
        assert_eq!(v.mul(2.0), glam::Vec2::new(6.0, 8.0));
        assert_eq!(v.neg(), glam::Vec2::new(-3.0, -4.0));
        assert_eq!(v.dot(w), -5.0);
        assert_eq!(v.length(), 5.0);
        // And the shape queries on glam's vectors.
        let circle = Circle::new(glam::Vec2::new(0.0, 0.0), 1.0);
        let segment = Segment::new(glam::Vec2::new(0.5, -2.0), glam::Vec2::new(0.5, 2.0));
        assert!(circle.intersects(&segment));
        let capsule = Capsule::new(glam::Vec2::new(0.0, 0.0), glam::Vec2::new(4.0, 0.0), 1.0);
        assert_eq!(capsule.distance(&glam::Vec2::new(2.0, 4.0)), 3.0);
        assert_eq!(capsule.distance(&v), 3.0);
    }

    #[cfg(feature = "fixed")]
    #[test]
    fn fixed_keeps_ord() {
        let x = I16F16::from_num(1.5);
        let y = I16F16::from_num(-2.25);
        assert_eq!(I16F16::min(x, y), y);
        assert_eq!(I16F16::max(x, y), x);
        assert_eq!(x.max(y), x);
        assert_eq!(x.min(y), y);
        assert_eq!(x.add(y), I16F16::from_num(-0.75));
        assert_eq!(x.neg(), I16F16::from_num(-1.5));
        assert_eq!(I16F16::add(x, y), I16F16::from_num(-0.75));
        assert_eq!(I16F16::plus(x, y), I16F16::from_num(-0.75));
        // And the shape queries in fixed point.
        let f = |v: f64| I16F16::from_num(v);
        let circle = Circle::new([f(0.0), f(0.0)], f(1.0));
        let segment = Segment::new([f(0.5), f(-2.0)], [f(0.5), f(2.0)]);
        assert!(circle.intersects(&segment));
        let capsule = Capsule::new([f(0.0), f(0.0)], [f(4.0), f(0.0)], f(1.0));
        assert_eq!(capsule.distance(&[f(2.0), f(4.0)]), f(3.0));
    }

    #[cfg(feature = "nalgebra")]
    #[test]
    fn nalgebra_vector2_is_nalgebras() {
        let v = Vector2::new(1.0, 2.0);
        assert_eq!(v, nalgebra::Vector2::new(1.0, 2.0));
        assert_eq!((v.x, v.y), (1.0, 2.0));
        assert_eq!(v.add(Vector2::new(0.5, 0.5)), Vector2::new(1.5, 2.5));
        assert_eq!(v.dot(&Vector2::new(3.0, 4.0)), 11.0);
        // And the shape queries on nalgebra's vectors.
        let circle = Circle::new(Vector2::new(0.0, 0.0), 1.0);
        let segment = Segment::new(Vector2::new(0.5, -2.0), Vector2::new(0.5, 2.0));
        assert!(circle.intersects(&segment));
        let capsule = Capsule::new(Vector2::new(0.0, 0.0), Vector2::new(4.0, 0.0), 1.0);
        assert_eq!(capsule.distance(&Vector2::new(2.0, 4.0)), 3.0);
    }
}
