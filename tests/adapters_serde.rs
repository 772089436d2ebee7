//! The `serde` feature: every covered type round-trips through JSON, and the JSON is the
//! one written out by hand here (field names and order as in the structs).
#![cfg(feature = "serde")]

use capsule2d::{
    Ball, Capsule, ChainContact, ChainHit, Circle, Contact, Hit, Ray, Resolution, Segment, Shape,
    StepParams,
};
use serde::{Serialize, de::DeserializeOwned};

type V = [f64; 2];

/// Serialises `value`, checks the text against `json`, and reads it back.
fn round_trip<T>(value: T, json: &str)
where
    T: Serialize + DeserializeOwned + PartialEq + core::fmt::Debug,
{
    let text = serde_json::to_string(&value).unwrap();
    assert_eq!(text, json);
    let back: T = serde_json::from_str(json).unwrap();
    assert_eq!(back, value);
}

#[test]
fn shapes() {
    round_trip(
        Segment::new([0.0, 1.0], [2.5, -3.0]),
        r#"{"a":[0.0,1.0],"b":[2.5,-3.0]}"#,
    );
    round_trip(
        Circle::new([1.0, 2.0], 0.5),
        r#"{"center":[1.0,2.0],"radius":0.5}"#,
    );
    round_trip(
        Capsule::new([0.0, 0.0], [4.0, 0.0], 0.25),
        r#"{"a":[0.0,0.0],"b":[4.0,0.0],"radius":0.25}"#,
    );
    round_trip(
        Ray::new([1.0, 1.0], [0.0, -1.0]),
        r#"{"origin":[1.0,1.0],"direction":[0.0,-1.0]}"#,
    );
}

#[test]
fn results() {
    round_trip(
        Contact::<V> {
            normal: [0.0, 1.0],
            depth: 0.25,
            point: [3.0, 0.0],
        },
        r#"{"normal":[0.0,1.0],"depth":0.25,"point":[3.0,0.0]}"#,
    );
    round_trip(
        Hit::<V> {
            time: 4.0,
            point: [4.0, 0.0],
            normal: [-1.0, 0.0],
        },
        r#"{"time":4.0,"point":[4.0,0.0],"normal":[-1.0,0.0]}"#,
    );
    let hit = Hit::<V> {
        time: 0.5,
        normal: [0.0, 1.0],
        point: [0.0, 0.0],
    };
    round_trip(hit, r#"{"time":0.5,"point":[0.0,0.0],"normal":[0.0,1.0]}"#);
    round_trip(
        ChainHit { link: 2, hit },
        r#"{"link":2,"hit":{"time":0.5,"point":[0.0,0.0],"normal":[0.0,1.0]}}"#,
    );
    round_trip(
        ChainContact::<V> {
            link: 1,
            contact: Contact {
                normal: [1.0, 0.0],
                depth: 0.125,
                point: [2.0, 0.0],
            },
        },
        r#"{"link":1,"contact":{"normal":[1.0,0.0],"depth":0.125,"point":[2.0,0.0]}}"#,
    );
    round_trip(
        Resolution::<V> {
            center: [0.0, 1.0],
            pushes: 3,
            depth: 0.0,
        },
        r#"{"center":[0.0,1.0],"pushes":3,"depth":0.0}"#,
    );
}

#[test]
fn stepping_state() {
    let ball = Ball::new(Circle::new([0.0, 2.0], 0.5), [1.0, 0.0]).with_material(0.5, 0.25);
    round_trip(
        ball,
        r#"{"circle":{"center":[0.0,2.0],"radius":0.5},"velocity":[1.0,0.0],"restitution":0.5,"friction":0.25}"#,
    );
    let params = StepParams {
        dt: 0.5,
        gravity: [0.0, -10.0],
        skin: 0.01,
        bounce_threshold: 0.5,
    };
    round_trip(
        params,
        r#"{"dt":0.5,"gravity":[0.0,-10.0],"skin":0.01,"bounce_threshold":0.5}"#,
    );
}

#[test]
fn a_query_answer_survives_the_trip() {
    // A ball of radius 1 at height 0.75 above a floor: depth 0.25, normal +y, point below.
    let contact = Circle::new([3.0, 0.75], 1.0)
        .contact(&Segment::new([0.0, 0.0], [10.0, 0.0]))
        .unwrap();
    let text = serde_json::to_string(&contact).unwrap();
    assert_eq!(
        text,
        r#"{"normal":[0.0,1.0],"depth":0.25,"point":[3.0,0.0]}"#
    );
}

#[test]
fn other_vector_types_and_field_order() {
    // Tuples serialise as sequences too; fields may come in any order in the input.
    let seg: Segment<(f32, f32)> = serde_json::from_str(r#"{"b":[3,4],"a":[1,2]}"#).unwrap();
    assert_eq!(seg, Segment::new((1.0, 2.0), (3.0, 4.0)));
    assert_eq!(
        serde_json::to_string(&seg).unwrap(),
        r#"{"a":[1.0,2.0],"b":[3.0,4.0]}"#
    );
}

#[test]
fn malformed_input_is_an_error_not_a_panic() {
    assert!(serde_json::from_str::<Circle<V>>(r#"{"center":[1.0,2.0]}"#).is_err());
    assert!(serde_json::from_str::<Circle<V>>(r#"{"center":[1.0],"radius":1}"#).is_err());
    assert!(serde_json::from_str::<ChainHit<V>>(r#"{"link":-1,"hit":null}"#).is_err());
    assert!(serde_json::from_str::<Ball<V>>("[]").is_err());
}
