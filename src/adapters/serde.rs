//! `Serialize` and `Deserialize` for the shapes and results (feature `serde`).
//!
//! Covered: [`Segment`], [`Circle`], [`Capsule`], [`Ray`], [`Contact`], [`Hit`],
//! [`ClosestPoints`], [`Aabb`], [`ChainContact`], [`ChainHit`], [`Resolution`], [`Ball`] and
//! [`StepParams`]. Each is a struct with its Rust field names; vectors and scalars are
//! written however their own types serialize (`[f64; 2]` as a two-element sequence, glam
//! and nalgebra vectors through those crates' `serde` features, fixed-point numbers through
//! `fixed`'s). The feature uses serde with `default-features = false`, so it works in
//! `no_std`.
//!
//! The first seven derive the traits where they are defined; the chain and stepping types
//! implement them here, through serde's remote derive, with the same format.
//!
//! [`Crossings`](crate::Crossings) and [`StepReport`](crate::StepReport) are not covered:
//! they are views whose invariants (sorted parameters, a bounded path) a deserialiser
//! could break.
//!
//! ```
//! use capsule2d::{Capsule, Circle, Contact, Segment, Shape};
//!
//! let pill = Capsule::new([0.0, 0.0], [4.0, 0.0], 0.5);
//! let json = serde_json::to_string(&pill).unwrap();
//! assert_eq!(json, r#"{"a":[0.0,0.0],"b":[4.0,0.0],"radius":0.5}"#);
//! let back: Capsule<[f64; 2]> = serde_json::from_str(&json).unwrap();
//! assert_eq!(back, pill);
//!
//! let contact = Circle::new([1.0, 0.75], 1.0)
//!     .contact(&Segment::new([0.0, 0.0], [4.0, 0.0]))
//!     .unwrap();
//! let json = serde_json::to_string(&contact).unwrap();
//! assert_eq!(json, r#"{"normal":[0.0,1.0],"depth":0.25,"point":[1.0,0.0]}"#);
//! let back: Contact<[f64; 2]> = serde_json::from_str(&json).unwrap();
//! assert_eq!(back, contact);
//! ```

use crate::{
    Ball, ChainContact, ChainHit, Circle as CircleShape, Contact, Hit, Resolution, StepParams,
};
#[cfg(doc)]
use crate::{Capsule, Circle, Ray, Segment};
use ::serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Implements `Serialize` and `Deserialize` for a remote type through its mirror `$def`.
macro_rules! through_remote {
    ($ty:ident, $def:ident) => {
        impl<V: Serialize, S: Serialize> Serialize for $ty<V, S> {
            fn serialize<Ser: Serializer>(&self, serializer: Ser) -> Result<Ser::Ok, Ser::Error> {
                $def::serialize(self, serializer)
            }
        }

        impl<'de, V: Deserialize<'de>, S: Deserialize<'de>> Deserialize<'de> for $ty<V, S> {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                $def::deserialize(deserializer)
            }
        }
    };
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "ChainContact", rename = "ChainContact")]
struct ChainContactDef<V, S> {
    link: usize,
    contact: Contact<V, S>,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "ChainHit", rename = "ChainHit")]
struct ChainHitDef<V, S> {
    link: usize,
    hit: Hit<V, S>,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Resolution", rename = "Resolution")]
struct ResolutionDef<V, S> {
    center: V,
    pushes: usize,
    depth: S,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Ball", rename = "Ball")]
struct BallDef<V, S> {
    circle: CircleShape<V, S>,
    velocity: V,
    restitution: S,
    friction: S,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "StepParams", rename = "StepParams")]
struct StepParamsDef<V, S> {
    dt: S,
    gravity: V,
    skin: S,
    bounce_threshold: S,
}

through_remote!(ChainContact, ChainContactDef);
through_remote!(ChainHit, ChainHitDef);
through_remote!(Resolution, ResolutionDef);
through_remote!(Ball, BallDef);
through_remote!(StepParams, StepParamsDef);
