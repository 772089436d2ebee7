//! The gallery's figures, shared by `examples/gallery/main.rs` (which writes them to
//! `docs/img/`) and `tests/gallery.rs` (which checks the committed files still match).
//!
//! Every coordinate drawn comes from capsule2d's own queries; the only geometry computed
//! here is presentation (outlines, arrowheads, clipping the projection regions and the
//! magnified ramp to their frames, the fixed-point grid, where a label or a marker goes).
//! Numbers are written with a fixed number of decimals, so the output is the same byte for
//! byte on every platform. Every arrow carries a label.

use capsule2d::vector::VectorOps;
use capsule2d::{
    Capsule, CastOptions, Circle, FeatureId, Pose, PoseMotion, Ray, Rotation, Segment, Shape,
    SlideOptions, ToiOptions, ToiState, move_and_slide, response, time_of_impact,
};
use std::fmt::Write as _;

type V = [f64; 2];

/// One picture: its file name (without `.svg`) and its SVG text.
#[derive(Clone, Debug)]
pub(crate) struct Figure {
    /// The file name in `docs/img/`, without the extension.
    pub(crate) name: &'static str,
    /// The SVG document.
    pub(crate) svg: String,
}

/// Every figure: the guide's in the order it shows them, with those of `docs/manifolds.md`
/// and `docs/motion.md` (manifolds, casts, time of impact, the mover) before the last. The fixed-point
/// comparison needs the `fixed` feature; without it that one figure is left out.
pub(crate) fn all() -> Vec<Figure> {
    let mut figures = vec![
        projection_regions(),
        circle_segment_contact(),
        capsule_inflation(),
        capsule_closest_points(),
        responses(),
        ray_and_sweep(),
        crossings(),
        manifolds(),
        cast(),
        toi(),
        mover(),
    ];
    if let Some(figure) = fixed_against_f64() {
        figures.push(figure);
    }
    figures
}

/// The names of every figure the gallery can draw, with or without feature `fixed`.
pub(crate) const NAMES: [&str; 12] = [
    "projection-regions",
    "circle-segment-contact",
    "capsule-inflation",
    "capsule-closest-points",
    "responses",
    "ray-and-sweep",
    "crossings",
    "manifold",
    "cast",
    "toi",
    "mover",
    "fixed-vs-f64",
];

// ---------------------------------------------------------------------------------------
// A tiny SVG writer.

/// A number with two decimals, never `-0.00`.
fn num(x: f64) -> String {
    let s = format!("{x:.2}");
    if s == "-0.00" { "0.00".into() } else { s }
}

/// Text escaped for XML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The palette, by role.
const INK: &str = "#1d2733";
const SHAPE: &str = "#3b6ea8";
const SHAPE_FILL: &str = "#d6e4f5";
const OTHER: &str = "#b5502d";
const OTHER_FILL: &str = "#f7dccf";
const NORMAL: &str = "#c0392b";
const OFFSET: &str = "#1e8449";
const GUIDE: &str = "#8a96a3";
const REGIONS: [&str; 3] = ["#fdebd0", "#d5f5e3", "#e8daef"];
const REGION_INK: [&str; 3] = ["#b9770e", "#1e8449", "#7d3c98"];

/// An SVG canvas showing the world rectangle `[x0, x0 + width/scale] × [y0, y0 + height/scale]`
/// with y pointing up.
struct Svg {
    out: String,
    scale: f64,
    x0: f64,
    y1: f64,
    /// The pixel position of the view's top-left corner (0, 0 unless [`Svg::view`] moved it).
    left: f64,
    top: f64,
    width: f64,
    height: f64,
    title: String,
}

impl Svg {
    /// A `width × height` pixel canvas, `scale` pixels per unit, whose bottom-left corner
    /// is the world point `(x0, y0)`; `title` is the figure's caption.
    fn new(width: u32, height: u32, scale: f64, x0: f64, y0: f64, title: &str) -> Self {
        let (w, h) = (f64::from(width), f64::from(height));
        let mut out = String::new();
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\" font-family=\"DejaVu Sans, Verdana, sans-serif\" \
             font-size=\"14\">"
        );
        let _ = writeln!(out, "<title>{}</title>", escape(title));
        let _ = writeln!(
            out,
            "<rect x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>"
        );
        Self {
            out,
            scale,
            x0,
            y1: y0 + h / scale,
            left: 0.0,
            top: 0.0,
            width: w,
            height: h,
            title: title.to_string(),
        }
    }

    /// Pixel coordinates of a world point.
    fn px(&self, p: V) -> (f64, f64) {
        (
            self.left + (p[0] - self.x0) * self.scale,
            self.top + (self.y1 - p[1]) * self.scale,
        )
    }

    /// The world rectangle the view shows, as `(x0, y0, x1, y1)`.
    fn bounds(&self) -> (f64, f64, f64, f64) {
        let y0 = self.y1 - self.height / self.scale;
        (self.x0, y0, self.x0 + self.width / self.scale, self.y1)
    }

    /// From now on, draw into the `width × height` pixel rectangle whose top-left corner
    /// is `(left, top)`, at `scale` pixels per unit, with the world point `center` in its
    /// middle: a magnified inset. Nothing is clipped to the rectangle.
    #[cfg_attr(not(feature = "fixed"), allow(dead_code))] // Only the fixed-point figure.
    fn view(&mut self, left: f64, top: f64, width: f64, height: f64, scale: f64, center: V) {
        self.left = left;
        self.top = top;
        self.width = width;
        self.height = height;
        self.scale = scale;
        self.x0 = center[0] - width / 2.0 / scale;
        self.y1 = center[1] + height / 2.0 / scale;
    }

    /// A line between two pixel positions.
    fn line_px(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64), color: &str, width: f64) {
        let _ = writeln!(
            self.out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{color}\" \
             stroke-width=\"{}\" stroke-linecap=\"round\"/>",
            num(x1),
            num(y1),
            num(x2),
            num(y2),
            num(width)
        );
    }

    /// A rectangle in pixels.
    #[cfg_attr(not(feature = "fixed"), allow(dead_code))] // Only the fixed-point figure.
    fn rect_px(&mut self, (x, y): (f64, f64), (w, h): (f64, f64), stroke: &str, fill: &str) {
        let _ = writeln!(
            self.out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" stroke=\"{stroke}\" \
             stroke-width=\"1.5\" fill=\"{fill}\"/>",
            num(x),
            num(y),
            num(w),
            num(h)
        );
    }

    fn line(&mut self, a: V, b: V, color: &str, width: f64, dashed: bool) {
        let ((x1, y1), (x2, y2)) = (self.px(a), self.px(b));
        let dash = if dashed {
            " stroke-dasharray=\"6 4\""
        } else {
            ""
        };
        let _ = writeln!(
            self.out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{color}\" \
             stroke-width=\"{}\" stroke-linecap=\"round\"{dash}/>",
            num(x1),
            num(y1),
            num(x2),
            num(y2),
            num(width)
        );
    }

    fn circle(&mut self, c: V, r: f64, stroke: &str, fill: &str, dashed: bool) {
        let (x, y) = self.px(c);
        let dash = if dashed {
            " stroke-dasharray=\"6 4\""
        } else {
            ""
        };
        let _ = writeln!(
            self.out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" stroke=\"{stroke}\" stroke-width=\"2\" \
             fill=\"{fill}\"{dash}/>",
            num(x),
            num(y),
            num(r * self.scale)
        );
    }

    /// A dot of fixed pixel size.
    fn dot(&mut self, p: V, color: &str) {
        let (x, y) = self.px(p);
        let _ = writeln!(
            self.out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"4\" fill=\"{color}\"/>",
            num(x),
            num(y)
        );
    }

    /// A hollow ring of fixed pixel size.
    #[cfg_attr(not(feature = "fixed"), allow(dead_code))] // Only the fixed-point figure.
    fn ring(&mut self, p: V, color: &str) {
        let (x, y) = self.px(p);
        let _ = writeln!(
            self.out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"8\" stroke=\"{color}\" stroke-width=\"2.5\" \
             fill=\"none\"/>",
            num(x),
            num(y)
        );
    }

    /// An arrow from `a` to `b` with a filled head.
    fn arrow(&mut self, a: V, b: V, color: &str) {
        let ((x1, y1), (x2, y2)) = (self.px(a), self.px(b));
        let (dx, dy) = (x2 - x1, y2 - y1);
        let length = dx.hypot(dy);
        if length < 1e-9 {
            return;
        }
        let (ux, uy) = (dx / length, dy / length);
        let head = 11.0_f64.min(length * 0.6);
        let (bx, by) = (x2 - ux * head, y2 - uy * head);
        let _ = writeln!(
            self.out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{color}\" stroke-width=\"2.5\"/>",
            num(x1),
            num(y1),
            num(bx),
            num(by)
        );
        let (nx, ny) = (-uy * head * 0.45, ux * head * 0.45);
        let _ = writeln!(
            self.out,
            "<polygon points=\"{},{} {},{} {},{}\" fill=\"{color}\"/>",
            num(x2),
            num(y2),
            num(bx + nx),
            num(by + ny),
            num(bx - nx),
            num(by - ny)
        );
    }

    /// A capsule's outline (a stadium): two sides and two half circles.
    fn capsule(&mut self, capsule: &Capsule<V>, stroke: &str, fill: &str, dashed: bool) {
        let (pa, pb) = (self.px(capsule.a), self.px(capsule.b));
        let r = capsule.radius * self.scale;
        let (dx, dy) = (pb.0 - pa.0, pb.1 - pa.1);
        let length = dx.hypot(dy);
        if length < 1e-9 {
            self.circle(capsule.a, capsule.radius, stroke, fill, dashed);
            return;
        }
        let (nx, ny) = (-dy / length * r, dx / length * r);
        let dash = if dashed {
            " stroke-dasharray=\"6 4\""
        } else {
            ""
        };
        let _ = writeln!(
            self.out,
            "<path d=\"M {} {} L {} {} A {r} {r} 0 0 0 {} {} L {} {} A {r} {r} 0 0 0 {} {} Z\" \
             stroke=\"{stroke}\" stroke-width=\"2\" fill=\"{fill}\"{dash}/>",
            num(pa.0 + nx),
            num(pa.1 + ny),
            num(pb.0 + nx),
            num(pb.1 + ny),
            num(pb.0 - nx),
            num(pb.1 - ny),
            num(pa.0 - nx),
            num(pa.1 - ny),
            num(pa.0 + nx),
            num(pa.1 + ny),
            r = num(r)
        );
    }

    fn polygon(&mut self, points: &[V], fill: &str) {
        let mut list = String::new();
        for (i, &p) in points.iter().enumerate() {
            let (x, y) = self.px(p);
            if i > 0 {
                list.push(' ');
            }
            let _ = write!(list, "{},{}", num(x), num(y));
        }
        let _ = writeln!(self.out, "<polygon points=\"{list}\" fill=\"{fill}\"/>");
    }

    /// Text at a world point, moved by `(dx, dy)` pixels.
    fn label(&mut self, p: V, dx: f64, dy: f64, text: &str, color: &str) {
        self.label_anchored(p, dx, dy, text, color, "start");
    }

    /// Text at a world point, moved by `(dx, dy)` pixels, with `anchor` (`start`,
    /// `middle` or `end`) there.
    fn label_anchored(&mut self, p: V, dx: f64, dy: f64, text: &str, color: &str, anchor: &str) {
        let (x, y) = self.px(p);
        self.label_px(x + dx, y + dy, text, color, anchor, false);
    }

    fn label_px(&mut self, x: f64, y: f64, text: &str, color: &str, anchor: &str, bold: bool) {
        let weight = if bold { " font-weight=\"bold\"" } else { "" };
        let _ = writeln!(
            self.out,
            "<text x=\"{}\" y=\"{}\" fill=\"{color}\" text-anchor=\"{anchor}\"{weight}>{}</text>",
            num(x),
            num(y),
            escape(text)
        );
    }

    /// The document: the title is drawn last, on top.
    fn finish(mut self) -> String {
        let title = core::mem::take(&mut self.title);
        self.label_px(12.0, 22.0, &title, INK, "start", true);
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// The part of `polygon` where `(p − origin)·direction ≥ 0` (one Sutherland–Hodgman pass).
fn clip(polygon: &[V], origin: V, direction: V) -> Vec<V> {
    let side = |p: V| p.sub(origin).dot(direction);
    let mut out = Vec::new();
    for (i, &p) in polygon.iter().enumerate() {
        let q = polygon[(i + 1) % polygon.len()];
        let (sp, sq) = (side(p), side(q));
        if sp >= 0.0 {
            out.push(p);
        }
        if (sp >= 0.0) != (sq >= 0.0) {
            out.push(p.add(q.sub(p).scale(sp / (sp - sq))));
        }
    }
    out
}

/// `[x, y]`, to keep the figures short.
const fn v(x: f64, y: f64) -> V {
    [x, y]
}

// ---------------------------------------------------------------------------------------
// The figures.

/// Where the closest point on a segment lies: beyond `a` (t = 0), beyond `b` (t = 1), or
/// in between, with sample points coloured by the region `closest_parameter` puts them in.
fn projection_regions() -> Figure {
    let mut svg = Svg::new(
        640,
        400,
        50.0,
        0.0,
        0.0,
        "Closest point on a segment: three regions",
    );
    let segment = Segment::new(v(4.0, 3.0), v(9.0, 5.0));
    let (x0, y0, x1, y1) = svg.bounds();
    let frame = [v(x0, y0), v(x1, y0), v(x1, y1), v(x0, y1)];
    let d = segment.direction();
    // Region boundaries: the lines through a and b perpendicular to the segment.
    let before = clip(&frame, segment.a, d.neg());
    let after = clip(&frame, segment.b, d);
    let between = clip(&clip(&frame, segment.a, d), segment.b, d.neg());
    svg.polygon(&before, REGIONS[0]);
    svg.polygon(&between, REGIONS[1]);
    svg.polygon(&after, REGIONS[2]);
    let samples = [
        v(1.5, 1.5),
        v(2.5, 6.2),
        v(3.2, 3.8),
        v(5.5, 6.8),
        v(6.0, 1.2),
        v(7.5, 6.2),
        v(10.5, 7.0),
        v(11.8, 3.0),
        v(10.0, 1.2),
    ];
    for p in samples {
        let t = segment.closest_parameter(p);
        let q = segment.project_point(p);
        let region = if t <= 0.0 {
            0
        } else if t >= 1.0 {
            2
        } else {
            1
        };
        svg.line(p, q, REGION_INK[region], 1.5, true);
        svg.dot(p, REGION_INK[region]);
    }
    svg.line(segment.a, segment.b, INK, 4.0, false);
    svg.dot(segment.a, INK);
    svg.dot(segment.b, INK);
    svg.label(segment.a, -10.0, 22.0, "a", INK);
    svg.label(segment.b, 6.0, 22.0, "b", INK);
    svg.label_px(
        16.0,
        384.0,
        "t ≤ 0: closest point a",
        REGION_INK[0],
        "start",
        false,
    );
    svg.label_px(
        320.0,
        384.0,
        "0 < t < 1: a + t (b − a)",
        REGION_INK[1],
        "middle",
        false,
    );
    svg.label_px(
        624.0,
        384.0,
        "t ≥ 1: closest point b",
        REGION_INK[2],
        "end",
        false,
    );
    svg.label_px(
        12.0,
        44.0,
        "t = clamp((p − a)·(b − a) / |b − a|², 0, 1), the ends decided before dividing",
        GUIDE,
        "start",
        false,
    );
    Figure {
        name: "projection-regions",
        svg: svg.finish(),
    }
}

/// A circle overlapping a segment: the closest point, the normal, the depth and the
/// offset that moves the circle out.
fn circle_segment_contact() -> Figure {
    let mut svg = Svg::new(
        640,
        400,
        50.0,
        0.0,
        0.0,
        "Circle against segment: the offset",
    );
    let segment = Segment::new(v(1.0, 1.5), v(11.0, 3.5));
    let circle = Circle::new(v(5.4, 3.4), 1.8);
    let contact = circle
        .contact(&segment)
        .expect("the circle overlaps the segment");
    let moved = Circle::new(circle.center.add(contact.offset()), circle.radius);
    svg.circle(circle.center, circle.radius, SHAPE, SHAPE_FILL, false);
    svg.line(segment.a, segment.b, INK, 4.0, false);
    // Drawn over the circle and the segment, so that it is seen to touch the segment.
    svg.circle(moved.center, moved.radius, OFFSET, "none", true);
    svg.line(contact.point, circle.center, GUIDE, 1.5, true);
    // The depth: from q down to the circle's deepest point, c − n·r.
    let deepest = circle.center.sub(contact.normal.scale(circle.radius));
    svg.line(contact.point, deepest, OTHER, 4.0, false);
    // The normal is the same all along the interior: drawn a little to the right of q.
    let along = segment.direction().normalize().unwrap_or([1.0, 0.0]);
    let foot = contact.point.add(along.scale(2.4));
    let tip = foot.add(contact.normal.scale(1.2));
    svg.arrow(foot, tip, NORMAL);
    svg.arrow(circle.center, moved.center, OFFSET);
    svg.dot(circle.center, SHAPE);
    svg.dot(contact.point, INK);
    svg.label(segment.a, -4.0, 24.0, "a", INK);
    svg.label(segment.b, -4.0, 24.0, "b", INK);
    svg.label(contact.point, 10.0, 22.0, "q: closest point", INK);
    svg.label(circle.center, 10.0, 18.0, "c", SHAPE);
    svg.label_anchored(
        contact.point.add(deepest).scale(0.5),
        -10.0,
        10.0,
        "depth",
        OTHER,
        "end",
    );
    svg.label(tip, 8.0, 0.0, "normal n", NORMAL);
    svg.label(moved.center, 10.0, -4.0, "offset", OFFSET);
    let rim = moved
        .center
        .add(v(1.0, 1.0).scale(moved.radius * core::f64::consts::FRAC_1_SQRT_2));
    svg.label(rim, 6.0, -2.0, "moved by the offset", OFFSET);
    let lines = [
        format!(
            "depth = r − |c − q| = {:.3} − {:.3} = {:.3}",
            circle.radius,
            circle.radius - contact.depth,
            contact.depth
        ),
        "offset = n · depth: moving c by it leaves the circle just touching".to_string(),
    ];
    for (i, line) in lines.iter().enumerate() {
        svg.label_px(12.0, 46.0 + 20.0 * i as f64, line, INK, "start", false);
    }
    Figure {
        name: "circle-segment-contact",
        svg: svg.finish(),
    }
}

/// A capsule is a segment inflated by a radius; a circle against it is its centre against
/// the segment inflated by both radii.
fn capsule_inflation() -> Figure {
    let mut svg = Svg::new(640, 400, 50.0, 0.0, 0.0, "A capsule is an inflated segment");
    let capsule = Capsule::new(v(3.0, 3.5), v(8.5, 4.5), 1.0);
    let touching = Circle::new(v(9.2, 5.9), 0.8);
    let clear = Circle::new(v(4.2, 6.6), 0.8);
    // The centre's test: the core inflated by both radii.
    let reach = capsule.radius + touching.radius;
    let grown = Capsule::new(capsule.a, capsule.b, reach);
    svg.capsule(&grown, GUIDE, "none", true);
    svg.capsule(&capsule, SHAPE, SHAPE_FILL, false);
    for i in 0..=4 {
        let c = capsule.segment().point_at(f64::from(i) / 4.0);
        svg.circle(c, capsule.radius, SHAPE, "none", true);
    }
    let core = capsule.segment();
    svg.line(core.a, core.b, INK, 3.0, false);
    for circle in [touching, clear] {
        let hit = circle.intersects(&capsule);
        let (stroke, fill, text, relation) = if hit {
            (OTHER, OTHER_FILL, "overlap", "<")
        } else {
            (OFFSET, "#e9f7ef", "clear", ">")
        };
        // The centre's distance to the core, against r + r_circle.
        let foot = core.project_point(circle.center);
        let distance = core.distance(&circle.center);
        svg.circle(circle.center, circle.radius, stroke, fill, false);
        svg.line(circle.center, foot, stroke, 2.0, true);
        svg.dot(foot, stroke);
        svg.dot(circle.center, stroke);
        svg.label(circle.center, 46.0, 0.0, text, stroke);
        svg.label(
            circle.center,
            46.0,
            18.0,
            &format!("d = {distance:.2} {relation} {reach:.1}"),
            stroke,
        );
    }
    svg.label(capsule.a, -12.0, 26.0, "a", INK);
    svg.label(capsule.b, 0.0, 26.0, "b", INK);
    let lines = [
        format!(
            "capsule = the points within r = {:.1} of segment ab (dashed discs)",
            capsule.radius
        ),
        format!("dashed grey: the points within r + r_circle = {reach:.1} of ab"),
        format!(
            "a circle overlaps iff d, its centre's distance to ab (dashed line), is ≤ {reach:.1}"
        ),
    ];
    for (i, line) in lines.iter().enumerate() {
        svg.label_px(12.0, 344.0 + 20.0 * i as f64, line, INK, "start", false);
    }
    Figure {
        name: "capsule-inflation",
        svg: svg.finish(),
    }
}

/// Two pairs of capsules: apart (closest points of the cores, and the gap) and with
/// crossing cores (the contact's normal and depth).
fn capsule_closest_points() -> Figure {
    let mut svg = Svg::new(
        640,
        400,
        50.0,
        0.0,
        0.0,
        "Capsule against capsule: closest points of the cores",
    );
    // Left: apart.
    let p = Capsule::new(v(0.8, 1.6), v(4.0, 5.2), 0.6);
    let q = Capsule::new(v(3.0, 0.9), v(5.6, 2.6), 0.5);
    svg.capsule(&p, SHAPE, SHAPE_FILL, false);
    svg.capsule(&q, OTHER, OTHER_FILL, false);
    svg.line(p.a, p.b, SHAPE, 2.5, false);
    svg.line(q.a, q.b, OTHER, 2.5, false);
    let (on_p, on_q) = p.segment().closest_points(&q.segment()).points();
    svg.line(on_p, on_q, INK, 1.5, true);
    svg.dot(on_p, SHAPE);
    svg.dot(on_q, OTHER);
    let core_distance = p.segment().distance(&q.segment());
    let gap = core_distance - p.radius - q.radius;
    svg.label_anchored(
        on_p.add(on_q).scale(0.5),
        14.0,
        -16.0,
        &format!("d = {core_distance:.3}"),
        INK,
        "start",
    );
    svg.label_px(
        12.0,
        46.0,
        &format!("left, apart: d between the cores' closest points; gap = d − radii = {gap:.3}"),
        INK,
        "start",
        false,
    );
    // Right: crossing cores.
    let s = Capsule::new(v(8.5, 3.25), v(11.0, 5.75), 0.5);
    let t = Capsule::new(v(8.5, 5.625), v(12.25, 3.5), 0.4);
    svg.capsule(&s, SHAPE, SHAPE_FILL, false);
    svg.capsule(&t, OTHER, OTHER_FILL, false);
    svg.line(s.a, s.b, SHAPE, 2.5, false);
    svg.line(t.a, t.b, OTHER, 2.5, false);
    if let Some(contact) = s.contact(&t) {
        let (on_s, _) = s.segment().closest_points(&t.segment()).points();
        let moved = Capsule::new(
            s.a.add(contact.offset()),
            s.b.add(contact.offset()),
            s.radius,
        );
        svg.capsule(&moved, SHAPE, "none", true);
        svg.dot(on_s, INK);
        let tip = on_s.add(contact.offset());
        svg.arrow(on_s, tip, NORMAL);
        svg.label(tip, 10.0, 10.0, "offset", NORMAL);
        svg.label_px(
            12.0,
            66.0,
            &format!(
                "right, crossing cores: depth {:.3}; moved by the offset (dashed) they touch",
                contact.depth
            ),
            INK,
            "start",
            false,
        );
    }
    svg.label_px(
        12.0,
        86.0,
        "one kernel, segment–segment, inflated by the sum of the radii",
        GUIDE,
        "start",
        false,
    );
    Figure {
        name: "capsule-closest-points",
        svg: svg.finish(),
    }
}

/// One incoming velocity against a ramp: reflected with restitution 1 and 0.5, and slid.
fn responses() -> Figure {
    let mut svg = Svg::new(
        640,
        400,
        50.0,
        0.0,
        0.0,
        "Responses: reflection with restitution, and sliding",
    );
    let ramp = Segment::new(v(0.5, 1.5), v(12.0, 3.8));
    let ball = Circle::new(v(6.0, 3.5), 1.0);
    let contact = ball.contact(&ramp).expect("the ball rests on the ramp");
    let velocity = v(2.2, -3.4);
    // The velocities are the ball's: drawn from its centre, which keeps the slide arrow
    // (parallel to the ramp) off the ramp.
    let at = ball.center;
    let scale = 0.85;
    svg.line(ramp.a, ramp.b, INK, 4.0, false);
    svg.circle(ball.center, ball.radius, SHAPE, SHAPE_FILL, true);
    svg.arrow(at.sub(velocity.scale(scale)), at, INK);
    svg.label(at.sub(velocity.scale(scale)), -8.0, -8.0, "v", INK);
    let outcomes = [
        (
            response::reflect(velocity, contact.normal, 1.0),
            "reflect, e = 1",
            OFFSET,
        ),
        (
            response::reflect(velocity, contact.normal, 0.5),
            "reflect, e = 0.5",
            SHAPE,
        ),
        (
            response::slide(velocity, contact.normal),
            "slide (e = 0)",
            OTHER,
        ),
    ];
    for (out, name, color) in outcomes {
        let tip = at.add(out.scale(scale));
        svg.arrow(at, tip, color);
        svg.label(tip, 8.0, 4.0, name, color);
    }
    // The normal is the ramp's, the same all along it: drawn left of the ball.
    let along = ramp.direction().normalize().unwrap_or([1.0, 0.0]);
    let foot = contact.point.sub(along.scale(2.4));
    let tip = foot.add(contact.normal.scale(1.2));
    svg.arrow(foot, tip, NORMAL);
    svg.label(tip, -8.0, -6.0, "normal n", NORMAL);
    svg.dot(at, INK);
    svg.label_px(
        12.0,
        364.0,
        "v' = v − (1 + e)(v·n) n, only while v·n < 0 (approaching)",
        INK,
        "start",
        false,
    );
    svg.label_px(
        12.0,
        384.0,
        "e = 1 keeps the speed, e = 0 keeps only the tangential part: sliding",
        GUIDE,
        "start",
        false,
    );
    Figure {
        name: "responses",
        svg: svg.finish(),
    }
}

/// Left: rays cast at a capsule (one hit, one miss). Right: a circle swept against a
/// segment, drawn where it first touches.
fn ray_and_sweep() -> Figure {
    let mut svg = Svg::new(640, 400, 50.0, 0.0, 0.0, "Ray casts and swept circles");
    let mut notes = Vec::new();
    // Rays against a capsule; the hit is oblique, so the normal stands apart from the ray.
    let pill = Capsule::new(v(1.5, 4.0), v(5.0, 5.0), 0.75);
    svg.capsule(&pill, SHAPE, SHAPE_FILL, false);
    svg.line(pill.a, pill.b, SHAPE, 2.0, false);
    let max_time = 5.0;
    let origin = v(0.5, 0.75);
    for direction in [v(1.0, 1.0), v(1.0, 0.25)] {
        let ray = Ray::new(origin, direction.normalize().unwrap_or([1.0, 0.0]));
        match ray.cast(&pill, max_time) {
            Some(hit) => {
                svg.arrow(origin, hit.point, INK);
                let tip = hit.point.add(hit.normal.scale(1.0));
                svg.arrow(hit.point, tip, NORMAL);
                svg.dot(hit.point, INK);
                svg.label(hit.point, 6.0, -10.0, "hit", INK);
                svg.label(tip, 8.0, 6.0, "normal", NORMAL);
                svg.label_anchored(
                    origin.add(hit.point).scale(0.5),
                    -8.0,
                    0.0,
                    "ray",
                    INK,
                    "end",
                );
                notes.push(format!(
                    "ray: hit at distance {:.3}, normal ({:.3}, {:.3})",
                    hit.time, hit.normal[0], hit.normal[1]
                ));
            }
            None => {
                svg.line(origin, ray.at(max_time), GUIDE, 1.5, true);
                svg.label(ray.at(max_time), 6.0, 4.0, "miss", GUIDE);
            }
        }
    }
    svg.dot(origin, INK);
    svg.label(origin, 8.0, 16.0, "origin", INK);
    // A circle swept against a segment.
    let wall = Segment::new(v(10.0, 0.75), v(10.6, 5.5));
    let ball = Circle::new(v(7.0, 1.5), 0.6);
    let motion = v(4.5, 2.0);
    let end = Circle::new(ball.center.add(motion), ball.radius);
    svg.circle(end.center, end.radius, GUIDE, "none", true);
    svg.line(ball.center, end.center, GUIDE, 1.5, true);
    svg.circle(ball.center, ball.radius, SHAPE, "none", true);
    svg.label(ball.center, -20.0, 46.0, "start", SHAPE);
    svg.label(end.center, -45.0, 52.0, "unblocked end", GUIDE);
    svg.line(wall.a, wall.b, INK, 4.0, false);
    if let Some(hit) = ball.sweep(&wall, motion) {
        let at = Circle::new(ball.center.add(motion.scale(hit.time)), ball.radius);
        svg.circle(at.center, at.radius, SHAPE, SHAPE_FILL, false);
        let tip = hit.point.add(hit.normal.scale(1.6));
        svg.arrow(hit.point, tip, NORMAL);
        svg.dot(hit.point, INK);
        svg.label_anchored(tip, -8.0, 5.0, "normal", NORMAL, "end");
        svg.label_anchored(at.center, 0.0, -40.0, "first touch", SHAPE, "middle");
        notes.push(format!(
            "sweep: first touch after {:.3} of the motion",
            hit.time
        ));
    }
    notes.push("a sweep is a ray from the centre against the obstacle grown by the radius".into());
    for (i, note) in notes.iter().enumerate() {
        let color = if i + 1 == notes.len() { GUIDE } else { INK };
        svg.label_px(12.0, 46.0 + 20.0 * i as f64, note, color, "start", false);
    }
    Figure {
        name: "ray-and-sweep",
        svg: svg.finish(),
    }
}

/// Where segments cross a circle's boundary: through (two), from inside (one), tangent
/// (one) and wholly inside (none, though the segment does intersect the disc).
fn crossings() -> Figure {
    let mut svg = Svg::new(
        640,
        480,
        50.0,
        0.0,
        -1.6,
        "Crossing points of segments and a circle",
    );
    // Dyadic coordinates, so that the tangent case is exactly tangent.
    let circle = Circle::new(v(6.5, 3.75), 2.5);
    svg.circle(circle.center, circle.radius, SHAPE, SHAPE_FILL, false);
    let cases = [
        (Segment::new(v(1.0, 4.5), v(11.75, 5.25)), "through", INK),
        (
            Segment::new(v(6.5, 3.25), v(10.75, 1.5)),
            "from inside",
            OTHER,
        ),
        (Segment::new(v(2.5, 1.25), v(10.5, 1.25)), "tangent", OFFSET),
        (
            Segment::new(v(5.0, 3.0), v(7.25, 4.25)),
            "both ends inside",
            "#7d3c98",
        ),
    ];
    let mut row = 0.0;
    for (segment, name, color) in cases {
        svg.line(segment.a, segment.b, color, 2.5, false);
        let crossings = segment.circle_crossings(&circle);
        for &t in &crossings {
            let p = segment.point_at(t);
            svg.circle(p, 0.12, color, "#ffffff", false);
        }
        let params: Vec<String> = crossings.iter().map(|t| format!("{t:.3}")).collect();
        let mut text = format!("{name}: {} at t = [{}]", crossings.len(), params.join(", "));
        if crossings.is_empty() && circle.intersects(&segment) {
            text = format!("{name}: none, yet circle.intersects(&segment) is true");
        }
        svg.label_px(12.0, 386.0 + row, &text, color, "start", false);
        row += 18.0;
    }
    svg.label_px(
        12.0,
        386.0 + row,
        "t runs from 0 at each segment's left end to 1 at its right end",
        GUIDE,
        "start",
        false,
    );
    Figure {
        name: "crossings",
        svg: svg.finish(),
    }
}

/// The id of a manifold point, as `(on_self, on_other)` with the features' names.
fn feature_pair(id: FeatureId) -> String {
    format!("({:?}, {:?})", id.on_self, id.on_other)
}

/// A signed number with three decimals and a true minus sign, never `−0.000`.
fn signed(x: f64) -> String {
    let digits = format!("{:.3}", x.abs());
    if x < 0.0 && digits != "0.000" {
        format!("−{digits}")
    } else {
        digits
    }
}

/// Labels `a` and `b` just beyond the ends of a capsule, along its core.
fn label_ends(svg: &mut Svg, capsule: &Capsule<V>, color: &str) {
    let ((ax, ay), (bx, by)) = (svg.px(capsule.a), svg.px(capsule.b));
    let (dx, dy) = (bx - ax, by - ay);
    let length = dx.hypot(dy).max(1e-9);
    let reach = capsule.radius * svg.scale + 10.0;
    let (ux, uy) = (dx / length * reach, dy / length * reach);
    // The text's baseline is lowered by a third of the font size to centre it.
    svg.label_px(ax - ux, ay - uy + 5.0, "a", color, "middle", false);
    svg.label_px(bx + ux, by + uy + 5.0, "b", color, "middle", false);
}

/// Two manifolds: a capsule lying on another nearly parallel (two points, one from each
/// of its ends) and one lying across another at an angle (one point). Each point's
/// `on_self` and `on_other`, its separation and id, and the normal the points share.
fn manifolds() -> Figure {
    let mut svg = Svg::new(
        640,
        440,
        60.0,
        0.0,
        0.2,
        "Contact manifolds: one normal, one or two points",
    );
    let margin = 0.5;
    let mut notes = Vec::new();
    // Left: nearly parallel, one end a little in, the other a little above.
    let floor = Capsule::new(v(0.6, 1.9), v(4.8, 1.9), 0.5);
    let log = Capsule::new(v(1.5, 2.72), v(4.1, 3.0), 0.4);
    // Right: across at an angle, its lower end a little in.
    let beam = Capsule::new(v(6.0, 1.9), v(10.0, 1.9), 0.5);
    let stick = Capsule::new(v(7.2, 2.65), v(8.3, 4.6), 0.35);
    let cases = [
        (log, floor, "left, nearly parallel"),
        (stick, beam, "right, across at an angle"),
    ];
    for (receiver, other, name) in cases {
        svg.capsule(&other, OTHER, OTHER_FILL, false);
        svg.capsule(&receiver, SHAPE, SHAPE_FILL, false);
        svg.line(other.a, other.b, OTHER, 2.0, false);
        svg.line(receiver.a, receiver.b, SHAPE, 2.0, false);
        label_ends(&mut svg, &receiver, SHAPE);
        let Some(m) = receiver.manifold(&other, margin) else {
            continue;
        };
        let points = m.points();
        // The normal, drawn from the other shape's surface left of the first point.
        let along = v(m.normal[1], -m.normal[0]);
        let foot = points[0].on_other.sub(along.scale(0.7));
        let tip = foot.add(m.normal.scale(1.1));
        svg.arrow(foot, tip, NORMAL);
        svg.label_anchored(tip, 0.0, -8.0, "n", NORMAL, "middle");
        for point in points {
            svg.line(point.on_other, point.on_self, INK, 1.5, false);
            svg.dot(point.on_other, OTHER);
            svg.dot(point.on_self, SHAPE);
            // The point's separation and id below the other shape, joined by a guide.
            let (x, top) = svg.px(point.on_other);
            let (_, bottom) = svg.px(v(0.0, other.a[1] - other.radius));
            svg.line_px((x, top + 8.0), (x, bottom + 10.0), GUIDE, 1.0);
            let s = format!("s = {}", signed(point.separation));
            svg.label_px(x, bottom + 30.0, &s, INK, "middle", false);
            let id = feature_pair(point.id);
            svg.label_px(x, bottom + 48.0, &id, GUIDE, "middle", false);
        }
        let count = match points.len() {
            1 => "1 point".to_string(),
            n => format!("{n} points"),
        };
        notes.push((
            format!(
                "{name}: {count}, normal n = ({}, {})",
                signed(m.normal[0]),
                signed(m.normal[1])
            ),
            INK,
        ));
    }
    notes.push((
        "blue dots: on_self, orange dots: on_other, joined across the separation s".into(),
        GUIDE,
    ));
    notes.push((
        "id = (feature of blue core, of orange core): Start = a, End = b, Left = upper face".into(),
        GUIDE,
    ));
    notes.push((
        format!(
            "s = (on_self − on_other)·n: < 0 overlapping, > 0 apart, up to the margin {margin}"
        ),
        GUIDE,
    ));
    for (i, (note, color)) in notes.iter().enumerate() {
        svg.label_px(12.0, 46.0 + 20.0 * i as f64, note, color, "start", false);
    }
    Figure {
        name: "manifold",
        svg: svg.finish(),
    }
}

/// A thrown stick cast against a capsule that moves too: both start positions dashed,
/// each motion over the step, the two shapes where they are at the time of the hit, the
/// hit point and its normal.
fn cast() -> Figure {
    let mut svg = Svg::new(
        640,
        400,
        50.0,
        0.0,
        0.0,
        "Cast: a thrown stick against a moving capsule",
    );
    let stick = Capsule::new(v(1.0, 1.3), v(1.6, 3.3), 0.2);
    let motion = v(8.6, 0.6);
    let post = Capsule::new(v(10.2, 3.9), v(11.2, 5.5), 0.3);
    let other_motion = v(-6.4, -0.4);
    let options = CastOptions::default().with_other_motion(other_motion);
    let middle = |c: &Capsule<V>| c.a.add(c.b).scale(0.5);
    let mut notes = Vec::new();
    svg.capsule(&stick, SHAPE, "none", true);
    svg.capsule(&post, OTHER, "none", true);
    svg.label_anchored(stick.a, 0.0, 30.0, "start", SHAPE, "middle");
    svg.label_anchored(post.b, 24.0, 4.0, "start", OTHER, "start");
    // Each arrow's label: its offset in pixels and its anchor.
    let arrows = [
        (
            middle(&stick),
            motion,
            "motion",
            SHAPE,
            (8.0, 16.0, "start"),
        ),
        (
            middle(&post),
            other_motion,
            "other_motion",
            OTHER,
            (-6.0, -10.0, "end"),
        ),
    ];
    for (from, by, _, color, _) in arrows {
        svg.arrow(from, from.add(by), color);
    }
    if let Some(hit) = stick.cast(&post, motion, options) {
        let stick_at = stick.translated(motion.scale(hit.time));
        let post_at = post.translated(other_motion.scale(hit.time));
        svg.capsule(&post_at, OTHER, OTHER_FILL, false);
        svg.capsule(&stick_at, SHAPE, SHAPE_FILL, false);
        svg.line(post_at.a, post_at.b, OTHER, 2.0, false);
        svg.line(stick_at.a, stick_at.b, SHAPE, 2.0, false);
        let tip = hit.point.add(hit.normal.scale(1.2));
        svg.arrow(hit.point, tip, NORMAL);
        svg.dot(hit.point, INK);
        svg.label_anchored(tip, -6.0, -6.0, "normal", NORMAL, "end");
        svg.label_anchored(hit.point, 8.0, 30.0, "hit point", INK, "start");
        svg.label_anchored(
            stick_at.a,
            -16.0,
            10.0,
            &format!("at time {:.3}", hit.time),
            SHAPE,
            "end",
        );
        notes.push((
            format!(
                "first touch at time {:.3} of the step, normal ({}, {}) towards the stick",
                hit.time,
                signed(hit.normal[0]),
                signed(hit.normal[1])
            ),
            INK,
        ));
    }
    for (from, by, name, color, (dx, dy, anchor)) in arrows {
        svg.label_anchored(from.add(by), dx, dy, name, color, anchor);
    }
    notes.push((
        "dashed: where both start; filled: both moved by time × their motion".into(),
        GUIDE,
    ));
    for (i, (note, color)) in notes.iter().enumerate() {
        svg.label_px(12.0, 46.0 + 20.0 * i as f64, note, color, "start", false);
    }
    Figure {
        name: "cast",
        svg: svg.finish(),
    }
}

/// A thin stick turning fast while it flies at a thin wall: its poses along the step, the
/// times conservative advancement stepped to, and the pose at the time of impact.
fn toi() -> Figure {
    let mut svg = Svg::new(
        640,
        400,
        50.0,
        0.0,
        0.0,
        "Time of impact: a spinning stick against a thin wall",
    );
    let stick = Capsule::new(v(-1.0, 0.0), v(1.0, 0.0), 0.06);
    // From 31° to 148°: a turn of 117°, just under the 120° one step may take.
    let flight = PoseMotion::new(
        Pose::new(Rotation::new(1.0, 0.6), v(1.4, 3.4)),
        Pose::new(Rotation::new(-0.8, 0.5), v(11.4, 3.4)),
    );
    let wall = Segment::new(v(8.0, 0.6), v(8.0, 6.2));
    let still = PoseMotion::still(Pose::identity());
    let options = ToiOptions::new(0.0, 1e-3);
    let toi = time_of_impact(&stick, &flight, &wall, &still, &options);
    let mut notes = Vec::new();
    let (start, end) = (flight.start.translation, flight.end.translation);
    svg.line(start, end, GUIDE, 1.5, true);
    svg.capsule(&stick.transformed(&flight.end), GUIDE, "none", true);
    svg.label_anchored(end, 0.0, 70.0, "unblocked end", GUIDE, "middle");
    for k in 0..10 {
        let t = f64::from(k) / 10.0;
        if t > toi.time - 0.05 {
            break;
        }
        svg.capsule(&stick.transformed(&flight.pose_at(t)), SHAPE, "none", true);
    }
    let first = stick.transformed(&flight.start);
    let low = |c: &Capsule<V>| if c.a[1] < c.b[1] { c.a } else { c.b };
    svg.label_anchored(low(&first), 0.0, 26.0, "start", SHAPE, "middle");
    svg.line(wall.a, wall.b, INK, 4.0, false);
    svg.label_anchored(wall.a, 0.0, 20.0, "wall", INK, "middle");
    // Where conservative advancement stood after each of its iterations.
    for k in 0..toi.iterations {
        let options = options.with_max_iterations(k);
        let step = time_of_impact(&stick, &flight, &wall, &still, &options);
        svg.dot(flight.pose_at(step.time).translation, GUIDE);
    }
    if toi.state == ToiState::Hit {
        let pose = flight.pose_at(toi.time);
        let at = stick.transformed(&pose);
        svg.capsule(&at, SHAPE, SHAPE_FILL, false);
        svg.line(at.a, at.b, SHAPE, 2.0, false);
        let (on_stick, _) = at.closest_points(&wall).points();
        svg.dot(on_stick, INK);
        svg.dot(pose.translation, SHAPE);
        svg.label_anchored(
            low(&at),
            -12.0,
            20.0,
            &format!("time {:.3}", toi.time),
            SHAPE,
            "end",
        );
        notes.push((
            format!(
                "hit at time {:.3} after {} iterations; the gap then {:.5}, within the \
                 tolerance {}",
                toi.time,
                toi.iterations,
                at.distance(&wall),
                options.tolerance
            ),
            INK,
        ));
    }
    notes.push((
        "dashed: the stick every tenth of the step; grey dots: advancement steps".into(),
        GUIDE,
    ));
    for (i, (note, color)) in notes.iter().enumerate() {
        svg.label_px(12.0, 46.0 + 20.0 * i as f64, note, color, "start", false);
    }
    Figure {
        name: "toi",
        svg: svg.finish(),
    }
}

/// A capsule character walking right under gravity with [`move_and_slide`]: across a
/// floor, up a slope, into the acute corner a leaning wall makes with the slope, where it
/// comes to rest.
fn mover() -> Figure {
    let mut svg = Svg::new(
        640,
        400,
        50.0,
        -0.4,
        -0.6,
        "move_and_slide: a capsule walking into a corner",
    );
    let world = [
        Segment::new(v(-0.4, 0.0), v(4.0, 0.0)),
        Segment::new(v(4.0, 0.0), v(9.0, 2.0)),
        Segment::new(v(9.0, 2.0), v(6.5, 5.0)),
    ];
    let options = SlideOptions::new(0.05);
    let (steps, dt) = (150, 1.0 / 30.0);
    let mut body = Capsule::new(v(1.0, 0.6), v(1.0, 1.4), 0.5);
    let mut velocity = v(3.0, 0.0);
    let middle = |c: &Capsule<V>| c.a.add(c.b).scale(0.5);
    let mut bodies = vec![body];
    let mut path = vec![middle(&body)];
    let mut last = None;
    for step in 1..=steps {
        velocity[1] -= 10.0 * dt;
        velocity[0] = 3.0;
        let slide = move_and_slide(&body, velocity.scale(dt), &world, &options);
        body = body.translated(slide.translation);
        velocity = slide.clip(velocity);
        path.push(middle(&body));
        if step % 10 == 0 && step < steps {
            bodies.push(body);
        }
        last = Some(slide);
    }
    for b in &bodies {
        svg.capsule(b, GUIDE, "none", true);
    }
    for pair in path.windows(2) {
        svg.line(pair[0], pair[1], SHAPE, 1.5, false);
    }
    svg.capsule(&body, SHAPE, SHAPE_FILL, false);
    svg.line(body.a, body.b, SHAPE, 2.0, false);
    for wall in &world {
        svg.line(wall.a, wall.b, INK, 4.0, false);
    }
    svg.label_anchored(world[0].a, 4.0, 22.0, "floor", INK, "start");
    svg.label_anchored(
        world[1].a.add(world[1].b).scale(0.5),
        10.0,
        20.0,
        "slope",
        INK,
        "start",
    );
    svg.label_anchored(world[2].b, 8.0, -4.0, "wall", INK, "start");
    svg.label_anchored(path[0], -10.0, 0.0, "start", GUIDE, "end");
    let mut notes = vec![(
        format!(
            "move_and_slide: {steps} steps, skin {}, rests in the corner",
            options.skin
        ),
        INK,
    )];
    if let Some(slide) = last {
        // The surfaces the last step touched: their normals, at the nearest points.
        for wall in &world {
            let (on_body, on_wall) = body.closest_points(wall).points();
            if on_body.sub(on_wall).length() > options.skin * 1.5 {
                continue;
            }
            if let Some(&normal) = slide
                .normals()
                .iter()
                .find(|n| on_body.sub(on_wall).dot(**n) > 0.0)
            {
                svg.arrow(on_wall, on_wall.add(normal.scale(0.9)), NORMAL);
                svg.dot(on_wall, INK);
            }
        }
        notes.push((
            format!(
                "last step: {} casts, {} normals (red); gaps to slope and wall {:.3}, {:.3}",
                slide.moves,
                slide.normals().len(),
                body.distance(&world[1]),
                body.distance(&world[2]),
            ),
            NORMAL,
        ));
    }
    notes.push((
        "dashed: every tenth step; blue line: the path of the centre".into(),
        GUIDE,
    ));
    for (i, (note, color)) in notes.iter().enumerate() {
        svg.label_px(12.0, 46.0 + 20.0 * i as f64, note, color, "start", false);
    }
    Figure {
        name: "mover",
        svg: svg.finish(),
    }
}

/// `x` as `m·10ᵏ` with one decimal, in superscript digits.
#[cfg(feature = "fixed")]
fn scientific(x: f64) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let text = format!("{x:.1e}");
    let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
    let mut power = String::new();
    for c in exponent.chars() {
        match c.to_digit(10) {
            Some(d) => power.push(DIGITS[d as usize]),
            None => power.push('⁻'),
        }
    }
    format!("{mantissa}·10{power}")
}

/// Where the line through `p` along `d` crosses the rectangle `(x0, y0, x1, y1)`, as the
/// two ends of the visible piece (Liang–Barsky), or `None` if it misses.
#[cfg(feature = "fixed")]
fn clip_line(p: V, d: V, (x0, y0, x1, y1): (f64, f64, f64, f64)) -> Option<(V, V)> {
    let (mut lo, mut hi) = (f64::NEG_INFINITY, f64::INFINITY);
    for (start, step, min, max) in [(p[0], d[0], x0, x1), (p[1], d[1], y0, y1)] {
        if step == 0.0 {
            if start < min || start > max {
                return None;
            }
            continue;
        }
        let (a, b) = ((min - start) / step, (max - start) / step);
        lo = lo.max(a.min(b));
        hi = hi.min(a.max(b));
    }
    (lo < hi).then(|| (p.add(d.scale(lo)), p.add(d.scale(hi))))
}

/// One sweep in f64 and in I32F32: at the scale of the scene the answers coincide, so the
/// hit point is magnified until I32F32's grid of representable values shows, with both
/// answers on it.
#[cfg(feature = "fixed")]
fn fixed_against_f64() -> Option<Figure> {
    use fixed::types::I32F32;
    type F = [I32F32; 2];
    let fx = |x: f64| I32F32::from_num(x);
    let to_fixed = |p: V| -> F { [fx(p[0]), fx(p[1])] };
    let to_f64 = |p: F| -> V { [p[0].to_num::<f64>(), p[1].to_num::<f64>()] };
    // The inputs rounded to I32F32 first (every I32F32 value is an f64), so that both
    // types solve the same problem and differ only in their arithmetic.
    let on_grid = |p: V| to_f64(to_fixed(p));
    let step = I32F32::DELTA.to_num::<f64>();

    let ramp = Segment::new(on_grid(v(0.5, 1.0)), on_grid(v(5.5, 3.0)));
    let ball = Circle::new(on_grid(v(1.6, 5.2)), fx(0.6).to_num::<f64>());
    let motion = on_grid(v(2.0, -3.6));
    let ramp_fixed = Segment::new(to_fixed(ramp.a), to_fixed(ramp.b));
    let ball_fixed = Circle::new(to_fixed(ball.center), fx(ball.radius));
    let exact = ball.sweep(&ramp, motion)?;
    let fixed = ball_fixed.sweep(&ramp_fixed, to_fixed(motion))?;
    let (fixed_time, fixed_point) = (fixed.time.to_num::<f64>(), to_f64(fixed.point));

    let mut svg = Svg::new(
        640,
        480,
        50.0,
        0.0,
        -1.4,
        "The same sweep in f64 and I32F32, zoomed to the fixed-point grid",
    );
    // Left: the scene, where the two answers are the same picture.
    svg.label_px(
        12.0,
        60.0,
        "the scene: both answers alike",
        INK,
        "start",
        true,
    );
    svg.line(ramp.a, ramp.b, INK, 4.0, false);
    svg.circle(ball.center, ball.radius, SHAPE, "none", true);
    svg.line(
        ball.center,
        ball.center.add(motion.scale(exact.time)),
        GUIDE,
        1.5,
        true,
    );
    svg.label_anchored(ball.center, 0.0, -40.0, "start", SHAPE, "middle");
    let touch = ball.center.add(motion.scale(exact.time));
    svg.circle(touch, ball.radius, SHAPE, SHAPE_FILL, false);
    svg.label_anchored(touch, -36.0, 4.0, "first touch", SHAPE, "end");
    svg.dot(exact.point, INK);
    // The zoomed window, marked on the scene and joined to the inset.
    let (frame, size) = ((340.0, 70.0), (280.0, 280.0));
    let (hx, hy) = svg.px(exact.point);
    let mark = 9.0;
    svg.line_px((hx + mark, hy - mark), (frame.0, frame.1), GUIDE, 1.0);
    svg.line_px(
        (hx + mark, hy + mark),
        (frame.0, frame.1 + size.1),
        GUIDE,
        1.0,
    );
    svg.rect_px(
        (hx - mark, hy - mark),
        (2.0 * mark, 2.0 * mark),
        INK,
        "none",
    );
    svg.label_px(hx - 10.0, hy + 42.0, "hit point", INK, "start", false);

    // Right: the hit point magnified; the grid lines are the I32F32 values.
    let center = exact.point.add(fixed_point).scale(0.5);
    let apart = fixed_point.sub(exact.point);
    let half = (3.5 * step).max(apart[0].abs().max(apart[1].abs()) / 2.0 + 2.0 * step);
    let zoom = size.0 / 2.0 / half;
    svg.rect_px(frame, size, INK, "#ffffff");
    svg.view(frame.0, frame.1, size.0, size.1, zoom, center);
    let (x0, y0, x1, y1) = svg.bounds();
    for k in ((x0 / step).ceil() as i64)..=((x1 / step).floor() as i64) {
        let x = k as f64 * step;
        svg.line(v(x, y0), v(x, y1), "#c9d1da", 1.0, false);
    }
    for k in ((y0 / step).ceil() as i64)..=((y1 / step).floor() as i64) {
        let y = k as f64 * step;
        svg.line(v(x0, y), v(x1, y), "#c9d1da", 1.0, false);
    }
    if let Some((a, b)) = clip_line(exact.point, ramp.direction(), (x0, y0, x1, y1)) {
        svg.line(a, b, INK, 3.0, false);
        let left = if a[0] < b[0] { a } else { b };
        svg.label(left, 8.0, -18.0, "ramp", INK);
    }
    svg.line(exact.point, fixed_point, INK, 1.5, true);
    let distance = apart[0].hypot(apart[1]) / step;
    svg.label_anchored(
        exact.point.add(fixed_point).scale(0.5),
        -10.0,
        0.0,
        &format!("{distance:.1} steps"),
        INK,
        "end",
    );
    svg.ring(exact.point, SHAPE);
    svg.dot(fixed_point, OTHER);
    // Each label on the side away from the other point.
    let side = |d: f64| if d >= 0.0 { 1.0 } else { -1.0 };
    let (sx, sy) = (side(apart[0]), side(apart[1]));
    let anchor = |s: f64| if s > 0.0 { "start" } else { "end" };
    svg.label_anchored(
        exact.point,
        -14.0 * sx,
        20.0 * sy,
        "f64",
        SHAPE,
        anchor(-sx),
    );
    svg.label_anchored(
        fixed_point,
        12.0 * sx,
        -12.0 * sy,
        "I32F32",
        OTHER,
        anchor(sx),
    );
    svg.label_px(
        frame.0,
        frame.1 - 10.0,
        &format!("the hit point, magnified {}×", scientific(zoom / 50.0)),
        INK,
        "start",
        true,
    );
    let grid = [
        "grid lines: the values I32F32 can hold,".to_string(),
        format!("one step 2⁻³² ≈ {} apart", scientific(step)),
    ];
    for (i, line) in grid.iter().enumerate() {
        let y = frame.1 + size.1 + 20.0 + 18.0 * i as f64;
        svg.label_px(frame.0, y, line, GUIDE, "start", false);
    }
    let rows = [
        (
            format!(
                "time: f64 {:.10}, I32F32 {fixed_time:.10}: {:.1} grid steps apart",
                exact.time,
                (fixed_time - exact.time).abs() / step
            ),
            INK,
        ),
        (
            format!(
                "point: {distance:.1} grid steps apart; the I32F32 answer always lies on the grid"
            ),
            INK,
        ),
        (
            "inputs rounded to I32F32 first, so both solve the same problem".to_string(),
            GUIDE,
        ),
    ];
    for (i, (row, color)) in rows.iter().enumerate() {
        svg.label_px(12.0, 422.0 + 20.0 * i as f64, row, color, "start", false);
    }
    Some(Figure {
        name: "fixed-vs-f64",
        svg: svg.finish(),
    })
}

/// Without feature `fixed` the comparison is not drawn.
#[cfg(not(feature = "fixed"))]
fn fixed_against_f64() -> Option<Figure> {
    None
}
