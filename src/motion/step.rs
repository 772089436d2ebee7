//! A small stepping helper: [`Ball::step`] moves a circle under gravity through a
//! [`Chain`] of obstacles for one time step, with sweeps (no tunnelling), bounces or
//! slides (restitution), Coulomb friction, and a skin (no jitter at rest).
//!
//! One step, with `v` the velocity, `dt` the step, `r` the radius and `s` the skin:
//!
//! 1. **Gravity**: `v += g dt`.
//! 2. **Touching contacts** (full radius, after the chain's joint rule): the part of `v`
//!    that approaches a contact is removed (or reflected, see below), and friction takes
//!    at most `μ ×` that normal change off the tangential part. A resting ball therefore
//!    gets `v = 0` *before* it moves, so it does not creep down a slope or sink.
//! 3. **Sweeps**: the ball moves by `v dt`, swept as a circle of radius `r − 2s` (see
//!    [`Chain::sweep`]); at each touch it stops, responds, and moves on with what is left
//!    of the step, up to four times. Because a ball is kept at least `s` clear of this
//!    smaller circle's surface, sliding and resting balls do not touch it: sweeps meet only
//!    real impacts. Motion left after the fourth touch is dropped, never forced through.
//! 4. **Skin**: the deepest contact deeper than `s` pushes the ball out to depth `s`
//!    (unless the ball is already leaving it) and the approaching part of `v` is removed;
//!    then the contacts are found again, up to eight pushes.
//!
//! The response to a contact with unit normal `n`: when the approach speed `−v · n`
//! exceeds `bounce_threshold`, `v` is reflected with the ball's restitution
//! ([`response::reflect`]); below it the ball slides (restitution 0), which is what brings
//! a bouncing ball to rest. Friction then reduces the tangential speed by at most
//! `friction × |change of v · n|`, never reversing it.
//!
//! The skin is clamped to `[0, r / 4]`, so the swept radius `r − 2s` stays at least `r / 2`.

use crate::motion::chain::{Chain, ChainContact};
use crate::num::{Num, Scalar};
use crate::query::Contact;
use crate::response;
use crate::shape::Circle;
use crate::vector::{Vector2, VectorOps};

/// Touches handled by the sweeps of one step.
const MAX_SWEEPS: usize = 4;
/// Passes over the touching contacts (velocity) and over the skin pushes (position).
const PASSES: usize = 3;
/// Contacts handled at once, deepest first.
const MAX_CONTACTS: usize = 8;
/// Length of [`StepReport::path`]: the start, one point per sweep, the end.
const PATH: usize = MAX_SWEEPS + 2;

/// A moving circle and its material: the body [`Ball::step`] moves.
///
/// # Examples
///
/// ```
/// use capsule2d::{Ball, Capsule, Chain, Circle, StepParams};
///
/// let floor = [Capsule::new([-10.0, 0.0], [10.0, 0.0], 0.0)];
/// let params = StepParams::new(1.0 / 60.0, [0.0, -10.0], 0.01);
/// let mut ball = Ball::new(Circle::new([0.0, 2.0], 0.5), [0.0, 0.0]);
/// for _ in 0..120 {
///     ball.step(&Chain::new(&floor), &params);
/// }
/// // Landed, and resting in the skin: between r − skin and r above the floor.
/// let y = ball.circle.center[1];
/// assert!(y > 0.49 - 1e-9 && y <= 0.5, "{y}");
/// assert_eq!(ball.velocity, [0.0, 0.0]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Ball<V, S = <V as Vector2>::Scalar> {
    /// The circle: position and radius.
    pub circle: Circle<V, S>,
    /// The velocity, in distance per unit time.
    pub velocity: V,
    /// Restitution `e` for impacts faster than the bounce threshold: 1 keeps the normal
    /// speed, 0 kills it (the ball slides).
    pub restitution: S,
    /// Coulomb friction coefficient `μ` (0: frictionless).
    pub friction: S,
}

/// The world's settings for [`Ball::step`].
///
/// # Examples
///
/// ```
/// use capsule2d::StepParams;
/// let params = StepParams::new(1.0 / 120.0, [0.0, -9.81], 0.005);
/// assert_eq!(params.bounce_threshold, 0.5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct StepParams<V, S = <V as Vector2>::Scalar> {
    /// The time step.
    pub dt: S,
    /// Gravity (an acceleration).
    pub gravity: V,
    /// The skin: the overlap left at rest, so that the next step finds the contact again.
    /// Clamped to `[0, r / 4]` for a ball of radius `r`.
    pub skin: S,
    /// Approach speeds at or below this slide instead of bouncing.
    pub bounce_threshold: S,
}

/// What one [`Ball::step`] did.
///
/// # Examples
///
/// ```
/// use capsule2d::{Ball, Capsule, Chain, Circle, StepParams};
/// let floor = [Capsule::new([-10.0, 0.0], [10.0, 0.0], 0.0)];
/// let params = StepParams::new(0.1, [0.0, 0.0], 0.01);
/// let mut ball = Ball::new(Circle::new([0.0, 1.0], 0.5), [0.0, -10.0]);
/// let report = ball.step(&Chain::new(&floor), &params);
/// assert_eq!(report.hits, 1);
/// assert_eq!(report.path().len(), 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct StepReport<V, S = <V as Vector2>::Scalar> {
    /// Sweep touches (impacts) during the step.
    pub hits: usize,
    /// Velocity responses to touching contacts, and skin pushes.
    pub resolved: usize,
    /// The deepest contact left at the end of the step (0 when none touches).
    pub depth: S,
    path: [V; PATH],
    path_len: usize,
}

impl<V: Vector2> StepReport<V> {
    /// The straight moves the centre made, as the points between them: the start, each
    /// point of touch, and the end (after the skin push). Consecutive points are joined by
    /// straight lines; a tunnelling check can test those lines against the obstacles.
    ///
    /// ```
    /// use capsule2d::{Ball, Capsule, Chain, Circle, StepParams};
    /// let floor = [Capsule::new([-10.0, 0.0], [10.0, 0.0], 0.0)];
    /// let params = StepParams::new(0.5, [0.0, 0.0], 0.0);
    /// let mut ball = Ball::new(Circle::new([0.0, 5.0], 1.0), [2.0, 0.0]);
    /// let report = ball.step(&Chain::new(&floor), &params);
    /// assert_eq!(report.path(), &[[0.0, 5.0], [1.0, 5.0]]);
    /// ```
    pub fn path(&self) -> &[V] {
        &self.path[..self.path_len]
    }

    fn push_path(&mut self, p: V) {
        if self.path_len < PATH {
            self.path[self.path_len] = p;
            self.path_len += 1;
        }
    }
}

impl<V: Vector2> StepParams<V> {
    /// Settings with time step `dt`, `gravity` and `skin`, and a bounce threshold of
    /// `0.5` (slower impacts slide).
    ///
    /// ```
    /// use capsule2d::StepParams;
    /// let p = StepParams::new(0.01, [0.0, -9.81], 0.001);
    /// assert_eq!((p.dt, p.gravity, p.skin), (0.01, [0.0, -9.81], 0.001));
    /// ```
    pub fn new(dt: V::Scalar, gravity: V, skin: V::Scalar) -> Self {
        let one = V::Scalar::ONE;
        Self {
            dt,
            gravity,
            skin,
            bounce_threshold: one.half(),
        }
    }
}

impl<V, S> Ball<V, S> {
    /// A ball with restitution 0 (it slides) and no friction.
    ///
    /// ```
    /// use capsule2d::{Ball, Circle};
    /// let ball = Ball::new(Circle::new([0.0, 0.0], 1.0), [1.0, 0.0]);
    /// assert_eq!((ball.restitution, ball.friction), (0.0, 0.0));
    /// ```
    #[inline]
    pub fn new(circle: Circle<V, S>, velocity: V) -> Self
    where
        S: Scalar,
    {
        Self {
            circle,
            velocity,
            restitution: S::ZERO,
            friction: S::ZERO,
        }
    }
}

impl<V: Vector2> Ball<V> {
    /// The same ball with restitution `restitution` and friction `friction`.
    ///
    /// ```
    /// use capsule2d::{Ball, Circle};
    /// let ball = Ball::new(Circle::new([0.0, 0.0], 1.0), [0.0, 0.0]).with_material(0.8, 0.3);
    /// assert_eq!((ball.restitution, ball.friction), (0.8, 0.3));
    /// ```
    #[inline]
    pub fn with_material(self, restitution: V::Scalar, friction: V::Scalar) -> Self {
        Self {
            restitution,
            friction,
            ..self
        }
    }

    /// Advances the ball by one step of `params.dt` through `world`; see the module docs
    /// for the four phases. Never panics; nothing allocates.
    ///
    /// A ball with a negative or NaN radius is moved by gravity alone. A non-finite
    /// position or velocity is left as it is.
    ///
    /// # Examples
    ///
    /// A ball thrown fast at a thin wall stops at it instead of passing through:
    ///
    /// ```
    /// use capsule2d::{Ball, Capsule, Chain, Circle, StepParams};
    /// let wall = [Capsule::new([1.0, -5.0], [1.0, 5.0], 0.0)];
    /// let params = StepParams::new(0.1, [0.0, 0.0], 0.01);
    /// let mut ball = Ball::new(Circle::new([0.0, 0.0], 0.25), [100.0, 0.0]);
    /// ball.step(&Chain::new(&wall), &params);
    /// assert!(ball.circle.center[0] < 1.0 - 0.2);
    /// assert_eq!(ball.velocity, [0.0, 0.0]);
    /// ```
    pub fn step(&mut self, world: &Chain<'_, V>, params: &StepParams<V>) -> StepReport<V> {
        let zero = V::Scalar::ZERO;
        let start = self.circle.center;
        let mut report = StepReport {
            hits: 0,
            resolved: 0,
            depth: zero,
            path: [self.circle.center; PATH],
            path_len: 1,
        };
        let dt = params.dt;
        let velocity = self.velocity.add(params.gravity.scale(dt));
        if !(finite(velocity) && finite(self.circle.center) && dt.is_finite()) {
            return report;
        }
        self.velocity = velocity;
        let radius = self.circle.radius;
        if !(radius >= zero) {
            self.circle.center = self.circle.center.add(self.velocity.scale(dt));
            report.push_path(self.circle.center);
            return report;
        }
        let skin = if params.skin >= zero {
            params.skin.min(radius.half().half())
        } else {
            zero
        };

        // 2. Touching contacts: velocity only.
        let none = ChainContact {
            link: 0,
            contact: Contact {
                normal: V::zero(),
                depth: zero,
                point: V::zero(),
            },
        };
        let mut contacts = [none; MAX_CONTACTS];
        for _ in 0..PASSES {
            let n = world.contacts(&self.circle, &mut contacts);
            let mut changed = false;
            for c in &contacts[..n] {
                if self.respond(c.contact.normal, params.bounce_threshold) {
                    report.resolved += 1;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }

        // 3. Sweeps with the radius less two skins.
        let swept_radius = radius.sub(skin).sub(skin);
        let mut remaining = dt;
        for _ in 0..MAX_SWEEPS {
            let motion = self.velocity.scale(remaining);
            let swept = Circle::new(self.circle.center, swept_radius);
            match world.sweep(&swept, motion) {
                None => {
                    self.circle.center = self.circle.center.add(motion);
                    remaining = zero;
                }
                Some(hit) => {
                    let time = hit.hit.time;
                    self.circle.center = self.circle.center.add(motion.scale(time));
                    remaining = remaining.sub(remaining.mul(time)).max(zero);
                    report.hits += 1;
                    self.respond(hit.hit.normal, params.bounce_threshold);
                }
            }
            if !same(
                *report.path.get(report.path_len - 1).unwrap_or(&start),
                self.circle.center,
            ) {
                report.push_path(self.circle.center);
            }
            if !(remaining > zero) {
                break;
            }
        }

        // 4. Skin: push out of the deepest contact to depth `skin`, unless already leaving
        //    it, then look again (the push may have changed the others).
        let before_push = self.circle.center;
        for _ in 0..MAX_CONTACTS {
            let n = world.contacts(&self.circle, &mut contacts);
            let velocity = self.velocity;
            let deep = contacts[..n]
                .iter()
                .find(|c| c.contact.depth > skin && !(velocity.dot(c.contact.normal) > zero));
            let Some(c) = deep else { break };
            let next = self.circle.center.add(c.contact.offset_with_skin(skin));
            if !finite(next) || same(next, self.circle.center) {
                // Deeper than the skin by less than rounding can move: done.
                break;
            }
            self.circle.center = next;
            self.velocity = response::slide(self.velocity, c.contact.normal);
            report.resolved += 1;
        }
        if !same(before_push, self.circle.center) {
            report.push_path(self.circle.center);
        }
        report.depth = world.deepest(&self.circle);
        report
    }

    /// Responds to a contact with unit normal `normal`: bounce or slide, then friction.
    /// Returns whether the velocity changed.
    fn respond(&mut self, normal: V, bounce_threshold: V::Scalar) -> bool {
        let zero = V::Scalar::ZERO;
        let v = self.velocity;
        let approach = v.dot(normal);
        if !(approach < zero) {
            return false;
        }
        let restitution = if approach.neg() > bounce_threshold {
            self.restitution
        } else {
            zero
        };
        let reflected = response::reflect(v, normal, restitution);
        // Friction: at most μ × |Δ(v·n)| off the tangential speed, never reversing it.
        let normal_change = reflected.dot(normal).sub(approach).abs();
        let along = reflected.dot(normal);
        let tangential = reflected.sub(normal.scale(along));
        let speed = tangential.length();
        let cut = self.friction.max(zero).mul(normal_change);
        let tangential = if speed > cut && speed > zero {
            tangential.scale(speed.sub(cut).div(speed))
        } else {
            V::zero()
        };
        let next = normal.scale(along).add(tangential);
        if finite(next) {
            self.velocity = next;
        }
        true
    }
}

/// Whether both coordinates are finite.
fn finite<V: Vector2>(p: V) -> bool {
    p.x().is_finite() && p.y().is_finite()
}

/// Whether two points are equal.
fn same<V: Vector2>(p: V, q: V) -> bool {
    p.x() == q.x() && p.y() == q.y()
}
