//! The gallery: draws the figures of `docs/guide.md`, `docs/motion.md` and
//! `docs/manifolds.md` with capsule2d's own queries, as SVG.
//!
//! ```text
//! cargo run --example gallery --features fixed            # writes docs/img/*.svg
//! cargo run --example gallery --features fixed -- --out /tmp/img
//! ```
//!
//! Without feature `fixed` the fixed-point figure is skipped (the others are written).
//! `tests/gallery.rs` draws the same figures and checks that they match the committed
//! files, so the pictures in the docs cannot drift from the code.

mod figures;

use std::path::PathBuf;

fn main() {
    let mut args = std::env::args().skip(1);
    let mut dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("docs")
        .join("img");
    while let Some(flag) = args.next() {
        match (flag.as_str(), args.next()) {
            ("--out", Some(path)) => dir = PathBuf::from(path),
            _ => {
                eprintln!("usage: gallery [--out DIR]");
                std::process::exit(2);
            }
        }
    }
    if let Err(error) = std::fs::create_dir_all(&dir) {
        eprintln!("cannot create {}: {error}", dir.display());
        std::process::exit(1);
    }
    let figures = figures::all();
    for figure in &figures {
        let path = dir.join(format!("{}.svg", figure.name));
        if let Err(error) = std::fs::write(&path, &figure.svg) {
            eprintln!("cannot write {}: {error}", path.display());
            std::process::exit(1);
        }
        println!("wrote {}", path.display());
    }
    if figures.len() < figures::NAMES.len() {
        println!("(the fixed-point figure needs --features fixed; left as it was)");
    }
}
