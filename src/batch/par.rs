//! The `par_` twins of the batch functions (feature `rayon`): each splits its slices
//! into chunks of [`PAR_CHUNK`] elements and runs the sequential function on each chunk
//! on rayon's thread pool.

use super::{Capsule, Circle, Contact, S, Segment, Vector2};
use rayon::prelude::*;

/// The number of elements each rayon task processes.
///
/// Large enough that the cost of a task (well under a microsecond) is lost in the
/// work, small enough that a batch of a few hundred thousand elements still splits
/// across every core.
///
/// ```
/// assert!(capsule2d::batch::PAR_CHUNK >= 1024);
/// ```
pub const PAR_CHUNK: usize = 16 * 1024;

/// Runs `kernel` on matching chunks of one input slice and `out`, in parallel, and
/// returns the number of elements processed: the common prefix.
fn split1<A: Sync, O: Send>(
    a: &[A],
    out: &mut [O],
    kernel: impl Fn(&[A], &mut [O]) -> usize + Sync,
) -> usize {
    out.par_chunks_mut(PAR_CHUNK)
        .zip(a.par_chunks(PAR_CHUNK))
        .map(|(o, a)| kernel(a, o))
        .sum()
}

/// [`split1`] for two input slices.
fn split2<A: Sync, B: Sync, O: Send>(
    a: &[A],
    b: &[B],
    out: &mut [O],
    kernel: impl Fn(&[A], &[B], &mut [O]) -> usize + Sync,
) -> usize {
    out.par_chunks_mut(PAR_CHUNK)
        .zip(a.par_chunks(PAR_CHUNK))
        .zip(b.par_chunks(PAR_CHUNK))
        .map(|((o, a), b)| kernel(a, b, o))
        .sum()
}

/// [`points_in_capsule`](super::points_in_capsule), split across rayon's threads in
/// chunks of [`PAR_CHUNK`]. Same results, same common-prefix rule.
///
/// ```
/// use capsule2d::{Capsule, batch};
///
/// let capsule = Capsule::new([0.0, 0.0], [4.0, 0.0], 1.0);
/// let points: Vec<[f64; 2]> = (0..100_000).map(|i| [i as f64 * 4e-5, 0.5]).collect();
/// let mut inside = vec![false; points.len()];
/// assert_eq!(batch::par_points_in_capsule(&points, &capsule, &mut inside), 100_000);
/// assert!(inside.iter().all(|&b| b));
/// ```
pub fn par_points_in_capsule<V>(points: &[V], capsule: &Capsule<V>, out: &mut [bool]) -> usize
where
    V: Vector2 + Sync,
    S<V>: Sync,
{
    split1(points, out, |p, o| super::points_in_capsule(p, capsule, o))
}

/// [`circles_intersect_segment`](super::circles_intersect_segment), split across
/// rayon's threads in chunks of [`PAR_CHUNK`].
///
/// ```
/// use capsule2d::{Segment, batch};
///
/// let floor = Segment::new([0.0, 0.0], [4.0, 0.0]);
/// let mut hit = [false; 2];
/// batch::par_circles_intersect_segment(&[[2.0, 1.0], [5.0, 1.0]], &[1.0, 1.0], &floor, &mut hit);
/// assert_eq!(hit, [true, false]);
/// ```
pub fn par_circles_intersect_segment<V>(
    centers: &[V],
    radii: &[S<V>],
    segment: &Segment<V>,
    out: &mut [bool],
) -> usize
where
    V: Vector2 + Sync,
    S<V>: Sync,
{
    split2(centers, radii, out, |c, r, o| {
        super::circles_intersect_segment(c, r, segment, o)
    })
}

/// [`circles_intersect_capsule`](super::circles_intersect_capsule), split across
/// rayon's threads in chunks of [`PAR_CHUNK`].
///
/// ```
/// use capsule2d::{Capsule, batch};
///
/// let capsule = Capsule::new([0.0_f32, 0.0], [4.0, 0.0], 1.0);
/// let centers = vec![[2.0, 2.0]; 50_000];
/// let radii = vec![1.0; 50_000];
/// let mut hit = vec![false; 50_000];
/// assert_eq!(batch::par_circles_intersect_capsule(&centers, &radii, &capsule, &mut hit), 50_000);
/// assert!(hit.iter().all(|&h| h));
/// ```
pub fn par_circles_intersect_capsule<V>(
    centers: &[V],
    radii: &[S<V>],
    capsule: &Capsule<V>,
    out: &mut [bool],
) -> usize
where
    V: Vector2 + Sync,
    S<V>: Sync,
{
    split2(centers, radii, out, |c, r, o| {
        super::circles_intersect_capsule(c, r, capsule, o)
    })
}

/// [`closest_points_on_segment`](super::closest_points_on_segment), split across
/// rayon's threads in chunks of [`PAR_CHUNK`].
///
/// ```
/// use capsule2d::{Segment, batch};
///
/// let s = Segment::new([0.0, 0.0], [4.0, 0.0]);
/// let mut closest = [[0.0; 2]; 1];
/// batch::par_closest_points_on_segment(&[[1.0, 7.0]], &s, &mut closest);
/// assert_eq!(closest, [[1.0, 0.0]]);
/// ```
pub fn par_closest_points_on_segment<V>(points: &[V], segment: &Segment<V>, out: &mut [V]) -> usize
where
    V: Vector2 + Sync + Send,
    S<V>: Sync,
{
    split1(points, out, |p, o| {
        super::closest_points_on_segment(p, segment, o)
    })
}

/// [`distances_squared_to_segment`](super::distances_squared_to_segment), split
/// across rayon's threads in chunks of [`PAR_CHUNK`].
///
/// ```
/// use capsule2d::{Segment, batch};
///
/// let s = Segment::new([0.0, 0.0], [4.0, 0.0]);
/// let mut distance_sq = [0.0; 1];
/// batch::par_distances_squared_to_segment(&[[7.0, 4.0]], &s, &mut distance_sq);
/// assert_eq!(distance_sq, [25.0]);
/// ```
pub fn par_distances_squared_to_segment<V>(
    points: &[V],
    segment: &Segment<V>,
    out: &mut [S<V>],
) -> usize
where
    V: Vector2 + Sync,
    S<V>: Sync + Send,
{
    split1(points, out, |p, o| {
        super::distances_squared_to_segment(p, segment, o)
    })
}

/// [`circles_contact_capsule`](super::circles_contact_capsule), split across rayon's
/// threads in chunks of [`PAR_CHUNK`].
///
/// ```
/// use capsule2d::{Capsule, batch};
///
/// let capsule = Capsule::new([0.0, 0.0], [4.0, 0.0], 1.0);
/// let mut contacts = [None; 1];
/// batch::par_circles_contact_capsule(&[[2.0, 1.5]], &[1.0], &capsule, &mut contacts);
/// assert_eq!(contacts[0].map(|c| c.depth), Some(0.5));
/// ```
pub fn par_circles_contact_capsule<V>(
    centers: &[V],
    radii: &[S<V>],
    capsule: &Capsule<V>,
    out: &mut [Option<Contact<V>>],
) -> usize
where
    V: Vector2 + Sync + Send,
    S<V>: Sync + Send,
{
    split2(centers, radii, out, |c, r, o| {
        super::circles_contact_capsule(c, r, capsule, o)
    })
}

/// [`circles_intersect_circles`](super::circles_intersect_circles), split across
/// rayon's threads in chunks of [`PAR_CHUNK`].
///
/// ```
/// use capsule2d::{Circle, batch};
///
/// let xs = [Circle::new([0.0, 0.0], 1.0)];
/// let ys = [Circle::new([3.0, 0.0], 2.0)];
/// let mut hit = [false];
/// batch::par_circles_intersect_circles(&xs, &ys, &mut hit);
/// assert_eq!(hit, [true]);
/// ```
pub fn par_circles_intersect_circles<V>(
    xs: &[Circle<V>],
    ys: &[Circle<V>],
    out: &mut [bool],
) -> usize
where
    V: Vector2 + Sync,
    S<V>: Sync,
{
    split2(xs, ys, out, super::circles_intersect_circles)
}

/// [`circles_intersect_capsules`](super::circles_intersect_capsules), split across
/// rayon's threads in chunks of [`PAR_CHUNK`].
///
/// ```
/// use capsule2d::{Capsule, Circle, batch};
///
/// let circles = [Circle::new([2.0, 2.0], 1.0)];
/// let capsules = [Capsule::new([0.0, 0.0], [4.0, 0.0], 1.0)];
/// let mut hit = [false];
/// batch::par_circles_intersect_capsules(&circles, &capsules, &mut hit);
/// assert_eq!(hit, [true]);
/// ```
pub fn par_circles_intersect_capsules<V>(
    circles: &[Circle<V>],
    capsules: &[Capsule<V>],
    out: &mut [bool],
) -> usize
where
    V: Vector2 + Sync,
    S<V>: Sync,
{
    split2(circles, capsules, out, super::circles_intersect_capsules)
}

/// [`capsules_intersect_capsules`](super::capsules_intersect_capsules), split across
/// rayon's threads in chunks of [`PAR_CHUNK`].
///
/// ```
/// use capsule2d::{Capsule, batch};
///
/// let xs = [Capsule::new([0.0, 0.0], [4.0, 0.0], 1.0)];
/// let ys = [Capsule::new([2.0, 2.0], [2.0, 6.0], 1.0)];
/// let mut hit = [false];
/// batch::par_capsules_intersect_capsules(&xs, &ys, &mut hit);
/// assert_eq!(hit, [true]);
/// ```
pub fn par_capsules_intersect_capsules<V>(
    xs: &[Capsule<V>],
    ys: &[Capsule<V>],
    out: &mut [bool],
) -> usize
where
    V: Vector2 + Sync,
    S<V>: Sync,
{
    split2(xs, ys, out, super::capsules_intersect_capsules)
}

/// [`capsules_contact_capsules`](super::capsules_contact_capsules), split across
/// rayon's threads in chunks of [`PAR_CHUNK`].
///
/// ```
/// use capsule2d::{Capsule, batch};
///
/// let xs = [Capsule::new([0.0, 0.0], [4.0, 0.0], 1.0)];
/// let ys = [Capsule::new([2.0, 1.5], [2.0, 6.0], 1.0)];
/// let mut contacts = [None];
/// batch::par_capsules_contact_capsules(&xs, &ys, &mut contacts);
/// assert_eq!(contacts[0].map(|c| c.depth), Some(0.5));
/// ```
pub fn par_capsules_contact_capsules<V>(
    xs: &[Capsule<V>],
    ys: &[Capsule<V>],
    out: &mut [Option<Contact<V>>],
) -> usize
where
    V: Vector2 + Sync + Send,
    S<V>: Sync + Send,
{
    split2(xs, ys, out, super::capsules_contact_capsules)
}
