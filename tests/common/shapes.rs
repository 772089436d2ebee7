//! Exact references for the shape queries of every pair (points, circles, segments,
//! capsules): decisions, distances, closest points and contacts of inflated cores, built
//! on [`super::exact`]. Never calls the crate.
