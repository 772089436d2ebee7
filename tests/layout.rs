//! The layout the Shape API issue asks for, checked: docs/design.md lists every source
//! file and no file that is gone, and no library file has more than about 600 lines of
//! code before its tests (the bound below allows the "about").

use std::fs;
use std::path::Path;

fn sources(dir: &Path, out: &mut Vec<String>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let root = Path::new(env!("CARGO_MANIFEST_DIR"));
            let relative = path.strip_prefix(root).unwrap();
            out.push(relative.to_string_lossy().replace('\\', "/"));
        }
    }
}

fn tree() -> Vec<String> {
    let mut files = Vec::new();
    sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    files
}

#[test]
fn design_md_lists_every_source_file_and_only_those() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let design = fs::read_to_string(root.join("docs/design.md")).unwrap();
    let files = tree();
    assert!(files.len() > 30, "found only {} files", files.len());
    let missing: Vec<_> = files
        .iter()
        .filter(|f| !design.contains(&format!("`{f}`")))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/design.md does not list {missing:?}"
    );
    // Every `src/….rs` the document names exists.
    let stale: Vec<_> = design
        .split('`')
        .filter(|w| w.starts_with("src/") && w.ends_with(".rs"))
        .filter(|w| !root.join(w).is_file())
        .collect();
    assert!(
        stale.is_empty(),
        "docs/design.md names files that are gone: {stale:?}"
    );
}

#[test]
fn no_library_file_is_much_over_600_lines_of_code() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut long = Vec::new();
    for file in tree() {
        let text = fs::read_to_string(root.join(&file)).unwrap();
        // Code before the file's unit tests (`#[cfg(test)]`, or `#[cfg(all(test, …))]`
        // for tests that need a feature).
        let code = text
            .lines()
            .take_while(|l| {
                let l = l.trim();
                l != "#[cfg(test)]" && !l.starts_with("#[cfg(all(test,")
            })
            .count();
        if code > 700 {
            long.push((file, code));
        }
    }
    assert!(long.is_empty(), "library files over 700 lines: {long:?}");
}
