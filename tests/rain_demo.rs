//! The rain demo (`examples/rain.rs`) run headless at a small size: it reports no
//! tunnelling, its numbers are sane, and the SVG it writes is well-formed XML with one
//! SMIL animation per coordinate of every ball.
//!
//! The XML check is the tests' shared well-formedness parser (`tests/xml/mod.rs`, no
//! dependency): every tag closes in order, attributes are quoted and unique, entities are
//! the predefined ones or numeric, and there is exactly one root element, `svg`.

#[allow(dead_code, unreachable_pub)]
#[path = "../examples/rain.rs"]
mod rain;
use crate::xml;

use xml::{Element, parse_xml};

#[test]
fn rain_runs_headless_with_no_tunnelling_and_a_valid_svg() {
    let config = rain::Config {
        balls: 40,
        seed: 7,
        seconds: 4.0,
        rate: 120,
        fps: 20,
    };
    let summary = rain::run(&config);
    for line in rain::report_lines(&config, &summary) {
        println!("{line}");
    }
    assert_eq!(summary.frames, 480);
    assert_eq!(summary.tunnelled, 0);
    assert!(summary.contacts > 0);
    // Nothing sinks past two skins (the sweep stops at r − 2·skin).
    assert!(
        summary.max_penetration <= 2.0 * summary.skin + 1e-12,
        "{}",
        summary.max_penetration
    );
    assert!(
        summary.jitter < summary.skin,
        "resting jitter {}",
        summary.jitter
    );
    let lines = rain::report_lines(&config, &summary);
    assert!(lines.iter().any(|l| l == "tunnelled: 0"));
    assert!(lines.iter().any(|l| l.starts_with("frames: ")));
    assert!(lines.iter().any(|l| l.starts_with("max penetration: ")));
    assert!(lines.iter().any(|l| l.starts_with("resting jitter: ")));

    let elements =
        parse_xml(&summary.svg).unwrap_or_else(|e| panic!("SVG is not well-formed: {e}"));
    let animations: Vec<&Element> = elements.iter().filter(|e| e.name == "animate").collect();
    assert_eq!(animations.len(), 2 * config.balls);
    let expected_frames = 1 + 480 / (120 / 20);
    for animation in animations {
        let attr = |name: &str| {
            animation
                .attributes
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_str())
        };
        assert!(matches!(attr("attributeName"), Some("cx" | "cy")));
        assert_eq!(attr("repeatCount"), Some("indefinite"));
        let values = attr("values").expect("values");
        let parsed: Vec<f64> = values
            .split(';')
            .map(|v| v.parse().expect("a number"))
            .collect();
        assert_eq!(parsed.len(), expected_frames);
        assert!(parsed.iter().all(|v| v.is_finite()));
    }
}

#[test]
fn the_same_seed_gives_the_same_run() {
    let config = rain::Config {
        balls: 12,
        seed: 3,
        seconds: 1.5,
        rate: 120,
        fps: 10,
    };
    let (a, b) = (rain::run(&config), rain::run(&config));
    assert_eq!(a.svg, b.svg);
    let other = rain::run(&rain::Config {
        seed: 4,
        ..config.clone()
    });
    assert_ne!(a.svg, other.svg);
}
