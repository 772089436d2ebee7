//! The report: reads criterion's estimates for every benchmark of this crate and prints
//! the tables of `docs/benchmarks.md` (time per query, the targets of issue 5 as ratios
//! measured in the same run, and the batch throughput against a plain copy).
//!
//! Each bench binary calls [`print`] at its end, so after
//! `cargo bench -p capsule2d-bench` the last table printed covers both binaries. A
//! benchmark that did not run shows as `—`.

use std::fmt::Write as _;
use std::path::PathBuf;

use crate::queries;

/// Where criterion keeps its results: `$CRITERION_HOME`, else `$CARGO_TARGET_DIR/criterion`,
/// else `<target>/criterion` found from this executable's path
/// (`<target>/release/deps/<bench>`), as criterion itself resolves it.
pub fn criterion_dir() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return PathBuf::from(home);
    }
    if let Some(target) = std::env::var_os("CARGO_TARGET_DIR") {
        return PathBuf::from(target).join("criterion");
    }
    std::env::current_exe()
        .ok()
        .and_then(|exe| {
            exe.ancestors()
                .nth(3)
                .map(|target| target.join("criterion"))
        })
        .unwrap_or_else(|| PathBuf::from("target/criterion"))
}

/// One iteration of `group/function`, in nanoseconds: the *fastest* of criterion's
/// samples (each sample's time divided by its iteration count).
///
/// On a machine shared with other work, a sample that ran while another process held the
/// core is slower; the fastest sample is the one that did not, so it is the stable
/// figure (criterion's own mean and confidence interval are printed above the table).
pub fn iteration_ns(group: &str, function: &str) -> Option<f64> {
    let path = criterion_dir()
        .join(group)
        .join(function)
        .join("new")
        .join("sample.json");
    let text = std::fs::read_to_string(path).ok()?;
    let json: serde_json::Value = serde_json::from_str(&text).ok()?;
    let iters = json.get("iters")?.as_array()?;
    let times = json.get("times")?.as_array()?;
    iters
        .iter()
        .zip(times)
        .filter_map(|(n, t)| Some(t.as_f64()? / n.as_f64()?))
        .min_by(f64::total_cmp)
}

/// Nanoseconds per query of `group/function` (an iteration runs [`queries()`] queries).
pub fn query_ns(group: &str, function: &str) -> Option<f64> {
    iteration_ns(group, function).map(|ns| ns / queries() as f64)
}

/// The rows of the per-query table: criterion group and label.
pub const QUERY_ROWS: [(&str, &str); 14] = [
    ("closest_point", "closest point on a segment"),
    ("circle_segment_intersects", "circle–segment intersects"),
    ("circle_segment_contact", "circle–segment contact"),
    ("circle_capsule_contact", "circle–capsule contact"),
    ("segment_distance", "segment–segment distance"),
    ("capsule_intersects", "capsule–capsule intersects"),
    ("capsule_distance", "capsule–capsule distance"),
    ("capsule_contact", "capsule–capsule contact"),
    ("capsule_manifold", "capsule–capsule manifold (margin 0.02)"),
    ("ray_capsule", "ray–capsule"),
    ("sweep_circle_capsule", "sweep circle vs capsule"),
    ("capsule_cast", "cast capsule vs capsule (b2ShapeCast)"),
    (
        "capsule_toi",
        "time of impact with rotation (b2TimeOfImpact)",
    ),
    ("crossings", "segment crossings"),
];

/// The columns of the per-query table: criterion function id and label.
pub const QUERY_COLUMNS: [(&str, &str); 8] = [
    ("capsule2d_f32", "capsule2d f32"),
    ("capsule2d_f64", "capsule2d f64"),
    ("capsule2d_i32f32", "capsule2d I32F32"),
    ("parry2d_f32", "parry2d f32"),
    ("parry2d_f64", "parry2d-f64"),
    ("box2d_f32", "Box2D v3"),
    ("same_f32", "hand-written f32, same algorithm"),
    ("baseline_f32", "hand-written f32, naive"),
];

/// One target of issue 5: `slow / fast ≥ min` (a speed-up) or `value / reference ≤ max`
/// (a cost bound).
struct Target {
    measure: String,
    target: &'static str,
    /// The measured ratio, when both sides ran.
    ratio: Option<f64>,
    /// Whether the target is a lower bound on `ratio` (speed-up) or an upper bound (cost).
    at_least: bool,
    bound: f64,
}

impl Target {
    fn speedup(
        measure: &str,
        target: &'static str,
        slow: Option<f64>,
        fast: Option<f64>,
        bound: f64,
    ) -> Self {
        let ratio = slow.zip(fast).map(|(s, f)| s / f);
        Self {
            measure: measure.to_owned(),
            target,
            ratio,
            at_least: true,
            bound,
        }
    }

    fn share(
        measure: &str,
        target: &'static str,
        value: Option<f64>,
        reference: Option<f64>,
        bound: f64,
    ) -> Self {
        let ratio = value.zip(reference).map(|(v, r)| v / r);
        Self {
            measure: measure.to_owned(),
            target,
            ratio,
            at_least: true,
            bound,
        }
    }

    fn cost(
        measure: &str,
        target: &'static str,
        value: Option<f64>,
        reference: Option<f64>,
        bound: f64,
    ) -> Self {
        let ratio = value.zip(reference).map(|(v, r)| v / r);
        Self {
            measure: measure.to_owned(),
            target,
            ratio,
            at_least: false,
            bound,
        }
    }

    fn verdict(&self) -> &'static str {
        match self.ratio {
            None => "not measured",
            Some(r)
                if (self.at_least && r >= self.bound) || (!self.at_least && r <= self.bound) =>
            {
                "met"
            }
            Some(_) => "**gap**",
        }
    }
}

fn cell(value: Option<f64>) -> String {
    match value {
        Some(ns) if ns >= 100.0 => format!("{ns:.0}"),
        Some(ns) if ns >= 10.0 => format!("{ns:.1}"),
        Some(ns) => format!("{ns:.2}"),
        None => "—".to_owned(),
    }
}

fn ratio_cell(ratio: Option<f64>) -> String {
    ratio.map_or_else(|| "—".to_owned(), |r| format!("{r:.2}x"))
}

fn targets() -> Vec<Target> {
    let q = query_ns;
    let ours = |group| q(group, "capsule2d_f32");
    let mut t = vec![
        Target::speedup(
            "closest point vs parry2d",
            "≥ 2x",
            q("closest_point", "parry2d_f32"),
            ours("closest_point"),
            2.0,
        ),
        Target::speedup(
            "circle–segment intersects vs parry2d",
            "≥ 5x",
            q("circle_segment_intersects", "parry2d_f32"),
            ours("circle_segment_intersects"),
            5.0,
        ),
        Target::speedup(
            "circle–segment contact vs parry2d",
            "≥ 5x",
            q("circle_segment_contact", "parry2d_f32"),
            ours("circle_segment_contact"),
            5.0,
        ),
        Target::speedup(
            "circle–segment contact vs Box2D `b2CollideSegmentAndCircle`",
            "≥ 2.5x",
            q("circle_segment_contact", "box2d_f32"),
            ours("circle_segment_contact"),
            2.5,
        ),
        Target::speedup(
            "segment–segment distance vs Box2D `b2SegmentDistance`",
            "≥ 1.5x",
            q("segment_distance", "box2d_f32"),
            ours("segment_distance"),
            1.5,
        ),
        Target::speedup(
            "capsule–capsule distance vs parry2d (GJK)",
            "≥ 10x",
            q("capsule_distance", "parry2d_f32"),
            ours("capsule_distance"),
            10.0,
        ),
        Target::speedup(
            "capsule–capsule manifold vs Box2D `b2CollideCapsules`",
            "≥ 1.5x",
            q("capsule_manifold", "box2d_f32"),
            ours("capsule_manifold"),
            1.5,
        ),
        Target::speedup(
            "capsule–capsule cast vs Box2D `b2ShapeCast`",
            "≥ 1.5x",
            q("capsule_cast", "box2d_f32"),
            ours("capsule_cast"),
            1.5,
        ),
        Target::speedup(
            "time of impact with rotation vs Box2D `b2TimeOfImpact`",
            "≥ 1.5x",
            q("capsule_toi", "box2d_f32"),
            ours("capsule_toi"),
            1.5,
        ),
        Target::speedup(
            "capsule–capsule contact vs parry2d",
            "≥ 10x",
            q("capsule_contact", "parry2d_f32"),
            ours("capsule_contact"),
            10.0,
        ),
        Target::speedup(
            "ray–capsule vs parry2d",
            "≥ 1.5x",
            q("ray_capsule", "parry2d_f32"),
            ours("ray_capsule"),
            1.5,
        ),
        Target::speedup(
            "ray–capsule vs Box2D `b2RayCastCapsule`",
            "≥ 1.5x",
            q("ray_capsule", "box2d_f32"),
            ours("ray_capsule"),
            1.5,
        ),
        Target::speedup(
            "sweep circle vs capsule vs parry2d `cast_shapes`",
            "≥ 10x",
            q("sweep_circle_capsule", "parry2d_f32"),
            ours("sweep_circle_capsule"),
            10.0,
        ),
        Target::speedup(
            "sweep circle vs capsule vs Box2D `b2ShapeCast`",
            "≥ 3x",
            q("sweep_circle_capsule", "box2d_f32"),
            ours("sweep_circle_capsule"),
            3.0,
        ),
        Target::cost(
            "generic f32 / the same algorithm hand-written in f32, closest point",
            "≤ 1.05x",
            ours("closest_point"),
            q("closest_point", "same_f32"),
            1.05,
        ),
        Target::cost(
            "generic f32 / the same algorithm hand-written in f32, circle–segment contact",
            "≤ 1.05x",
            ours("circle_segment_contact"),
            q("circle_segment_contact", "same_f32"),
            1.05,
        ),
    ];
    for (group, label) in QUERY_ROWS {
        t.push(Target::cost(
            &format!("I32F32 / f64, {label}"),
            "≤ 3x",
            q(group, "capsule2d_i32f32"),
            q(group, "capsule2d_f64"),
            3.0,
        ));
    }
    for (ty, label) in [("f32", "f32"), ("f64", "f64"), ("i32f32", "I32F32")] {
        t.push(Target::cost(
            &format!("exact / naive predicate, circle–segment intersects, {label}"),
            "≤ 1.2x",
            q("circle_segment_intersects", &format!("capsule2d_{ty}")),
            q("circle_segment_intersects", &format!("naive_{ty}")),
            1.2,
        ));
    }
    t
}

/// The batch rows: criterion function id (in group `batch_circles_capsule`), label and
/// the bytes of input one iteration reads.
pub const BATCH_ROWS: [(&str, &str, usize); 7] = [
    ("copy_f32", "plain copy of the same bytes, f32", 12 * BATCH),
    ("batch_f32", "`circles_intersect_capsule`, f32", 12 * BATCH),
    (
        "par_f32",
        "`par_circles_intersect_capsule`, f32",
        12 * BATCH,
    ),
    ("copy_f64", "plain copy of the same bytes, f64", 24 * BATCH),
    ("batch_f64", "`circles_intersect_capsule`, f64", 24 * BATCH),
    (
        "par_f64",
        "`par_circles_intersect_capsule`, f64",
        24 * BATCH,
    ),
    (
        "batch_i32f32",
        "`circles_intersect_capsule`, I32F32",
        24 * BATCH,
    ),
];

/// The number of circles in the batch benchmark.
pub const BATCH: usize = 1 << 20;

/// Input gigabytes (10⁹ bytes) per second of a batch row.
pub fn batch_gbps(function: &str, bytes: usize) -> Option<f64> {
    iteration_ns("batch_circles_capsule", function).map(|ns| bytes as f64 / ns)
}

fn batch_targets() -> Vec<Target> {
    let g = |f: &str| {
        BATCH_ROWS
            .iter()
            .find(|r| r.0 == f)
            .and_then(|r| batch_gbps(r.0, r.2))
    };
    let mut t = Vec::new();
    for (ty, share, shown) in [("f32", 0.6, "≥ 60%"), ("f64", 0.7, "≥ 70%")] {
        t.push(Target::share(
            &format!("batch of 1M circles vs capsule, {ty}: GB/s as a share of the copy's"),
            shown,
            g(&format!("batch_{ty}")),
            g(&format!("copy_{ty}")),
            share,
        ));
        t.push(Target::share(
            &format!("rayon speed-up on 2 cores, {ty}"),
            "≥ 1.7x",
            g(&format!("par_{ty}")),
            g(&format!("batch_{ty}")),
            1.7,
        ));
    }
    t
}

/// The whole report, as Markdown.
pub fn markdown() -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "#### Time per query (ns), {} distinct inputs per pass\n",
        queries()
    );
    let mut header = String::from("| query |");
    let mut rule = String::from("|---|");
    for (_, label) in QUERY_COLUMNS {
        let _ = write!(header, " {label} |");
        rule.push_str("---:|");
    }
    let _ = writeln!(s, "{header}\n{rule}");
    for (group, label) in QUERY_ROWS {
        let _ = write!(s, "| {label} |");
        for (function, _) in QUERY_COLUMNS {
            let _ = write!(s, " {} |", cell(query_ns(group, function)));
        }
        let _ = writeln!(s);
    }
    let _ = writeln!(
        s,
        "\n#### Exact predicate against the naive test (ns per query)\n"
    );
    let _ = writeln!(
        s,
        "| scalar | exact (capsule2d) | naive | ratio |\n|---|---:|---:|---:|"
    );
    for (ty, label) in [("f32", "f32"), ("f64", "f64"), ("i32f32", "I32F32")] {
        let exact = query_ns("circle_segment_intersects", &format!("capsule2d_{ty}"));
        let naive = query_ns("circle_segment_intersects", &format!("naive_{ty}"));
        let ratio = exact.zip(naive).map(|(e, n)| e / n);
        let _ = writeln!(
            s,
            "| {label} | {} | {} | {} |",
            cell(exact),
            cell(naive),
            ratio_cell(ratio)
        );
    }
    let _ = writeln!(
        s,
        "\n#### The cost of robustness: capsule2d f32 against the naive hand-written f32\n"
    );
    let _ = writeln!(
        s,
        "| query | capsule2d f32 | same algorithm, by hand | naive, by hand | capsule2d / naive |\n|---|---:|---:|---:|---:|"
    );
    for (group, label) in [
        ("closest_point", "closest point on a segment"),
        ("circle_segment_contact", "circle–segment contact"),
        ("ray_capsule", "ray–capsule"),
    ] {
        let ours = query_ns(group, "capsule2d_f32");
        let naive = query_ns(group, "baseline_f32");
        let _ = writeln!(
            s,
            "| {label} | {} | {} | {} | {} |",
            cell(ours),
            cell(query_ns(group, "same_f32")),
            cell(naive),
            ratio_cell(ours.zip(naive).map(|(o, n)| o / n))
        );
    }
    let _ = writeln!(
        s,
        "\n#### Batch: 1M circles against one capsule (input GB/s)\n"
    );
    let _ = writeln!(s, "| kernel | ms per batch | GB/s |\n|---|---:|---:|");
    for (function, label, bytes) in BATCH_ROWS {
        let ms = iteration_ns("batch_circles_capsule", function).map(|ns| ns / 1e6);
        let _ = writeln!(
            s,
            "| {label} | {} | {} |",
            cell(ms),
            cell(batch_gbps(function, bytes))
        );
    }
    let _ = writeln!(s, "\n#### Targets (ratios from this run)\n");
    let _ = writeln!(
        s,
        "| measure | target | measured | verdict |\n|---|---|---:|---|"
    );
    for t in targets().into_iter().chain(batch_targets()) {
        let measured = if t.target.ends_with('%') {
            t.ratio
                .map_or_else(|| "—".to_owned(), |r| format!("{:.0}%", 100.0 * r))
        } else {
            ratio_cell(t.ratio)
        };
        let _ = writeln!(
            s,
            "| {} | {} | {measured} | {} |",
            t.measure,
            t.target,
            t.verdict()
        );
    }
    s
}

/// Prints the report and writes it to `<criterion dir>/capsule2d-table.md`.
pub fn print() {
    let text = markdown();
    println!("\n{text}");
    let path = criterion_dir().join("capsule2d-table.md");
    if std::fs::write(&path, &text).is_ok() {
        println!("(written to {})", path.display());
    }
}
