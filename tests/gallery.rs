//! The gallery (`examples/gallery/`): every figure is well-formed SVG, and the committed
//! pictures in `docs/img/` are exactly what the gallery draws today.
//!
//! The byte-for-byte comparison is a drift check, not a correctness check: when a query's
//! answer changes, the pictures must be redrawn (`cargo run --example gallery --features
//! fixed`) and the change reviewed in the diff. The figures' geometry is checked against
//! hand derivations by the library's own tests.

#[allow(dead_code)]
#[path = "../examples/gallery/figures.rs"]
mod figures;
use crate::xml;

use std::path::PathBuf;

fn committed(name: &str) -> Option<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("docs")
        .join("img")
        .join(format!("{name}.svg"));
    std::fs::read_to_string(path).ok()
}

#[test]
fn every_figure_is_well_formed_svg() {
    let figures = figures::all();
    assert!(figures.len() >= 7);
    for figure in &figures {
        let elements = xml::parse_xml(&figure.svg)
            .unwrap_or_else(|e| panic!("{}.svg is not well-formed: {e}", figure.name));
        let root = &elements[0];
        let attr = |name: &str| {
            root.attributes
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.as_str())
        };
        assert_eq!(attr("xmlns"), Some("http://www.w3.org/2000/svg"));
        assert!(attr("width").is_some() && attr("height").is_some());
        // Something is drawn besides the background and the title.
        let drawn = elements
            .iter()
            .filter(|e| matches!(e.name.as_str(), "line" | "circle" | "path" | "polygon"))
            .count();
        assert!(drawn >= 5, "{}: only {drawn} shapes", figure.name);
        assert!(elements.iter().any(|e| e.name == "title"));
    }
}

#[test]
fn committed_pictures_match_the_gallery() {
    let figures = figures::all();
    for figure in &figures {
        let Some(text) = committed(figure.name) else {
            panic!("docs/img/{}.svg is missing: run the gallery", figure.name);
        };
        assert!(
            text == figure.svg,
            "docs/img/{}.svg differs from what the gallery draws now: rerun \
             `cargo run --example gallery --features fixed` and review the change",
            figure.name
        );
    }
    // With every feature the gallery draws all figures, and docs/img holds no others.
    if cfg!(feature = "fixed") {
        let names: Vec<&str> = figures.iter().map(|f| f.name).collect();
        assert_eq!(names, figures::NAMES);
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("docs")
            .join("img");
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let stem = path.file_stem().unwrap().to_str().unwrap().to_string();
            if path.extension().is_some_and(|e| e == "svg") {
                assert!(
                    figures::NAMES.contains(&stem.as_str()),
                    "docs/img/{stem}.svg is not drawn by the gallery"
                );
            }
        }
    }
}
