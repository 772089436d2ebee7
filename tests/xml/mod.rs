//! A small XML well-formedness checker (no dependency), shared by the tests that check
//! generated SVG: every tag closes in order, attributes are quoted and unique, entities are
//! the predefined ones or numeric, and there is exactly one root element, `svg`.
//!
//! Used by `tests/rain_demo.rs` and `tests/gallery.rs` (`mod xml;`).

#![allow(dead_code)]

use std::collections::HashSet;

/// An element as the checker saw it.
#[derive(Debug)]
pub(crate) struct Element {
    pub(crate) name: String,
    pub(crate) attributes: Vec<(String, String)>,
}

/// Checks that `text` is well-formed XML; returns every element (start or empty tag)
/// in document order.
pub(crate) fn parse_xml(text: &str) -> Result<Vec<Element>, String> {
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut stack: Vec<String> = Vec::new();
    let mut elements = Vec::new();
    let mut roots = 0;
    let check_text = |s: &str| -> Result<(), String> {
        let mut rest = s;
        while let Some(at) = rest.find('&') {
            let end = rest[at..].find(';').ok_or("unterminated entity")? + at;
            let entity = &rest[at + 1..end];
            let ok = matches!(entity, "amp" | "lt" | "gt" | "quot" | "apos")
                || (entity.starts_with("#x") && u32::from_str_radix(&entity[2..], 16).is_ok())
                || (entity.starts_with('#') && entity[1..].parse::<u32>().is_ok());
            if !ok {
                return Err(format!("bad entity &{entity};"));
            }
            rest = &rest[end + 1..];
        }
        if s.contains('<') {
            return Err("stray <".into());
        }
        Ok(())
    };
    let is_name = |s: &str| {
        !s.is_empty()
            && s.chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == ':')
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | ':' | '-' | '.'))
    };
    while i < bytes.len() {
        if bytes[i] != b'<' {
            let end = text[i..].find('<').map_or(text.len(), |k| i + k);
            let chunk = &text[i..end];
            if stack.is_empty() && !chunk.trim().is_empty() {
                return Err(format!(
                    "text outside the root: {:?}",
                    &chunk[..chunk.len().min(40)]
                ));
            }
            check_text(chunk)?;
            i = end;
            continue;
        }
        if text[i..].starts_with("<?") {
            let end = text[i..].find("?>").ok_or("unterminated <?")?;
            if i != 0 && !elements.is_empty() {
                return Err("processing instruction after the root".into());
            }
            i += end + 2;
            continue;
        }
        if text[i..].starts_with("<!--") {
            let end = text[i..].find("-->").ok_or("unterminated comment")?;
            i += end + 3;
            continue;
        }
        let end = i + text[i..].find('>').ok_or("unterminated tag")?;
        let inner = &text[i + 1..end];
        i = end + 1;
        if let Some(name) = inner.strip_prefix('/') {
            let open = stack
                .pop()
                .ok_or_else(|| format!("close </{name}> with nothing open"))?;
            if open != name.trim() {
                return Err(format!("</{}> closes <{open}>", name.trim()));
            }
            continue;
        }
        let (inner, empty) = match inner.strip_suffix('/') {
            Some(rest) => (rest, true),
            None => (inner, false),
        };
        let name_end = inner
            .find(|c: char| c.is_whitespace())
            .unwrap_or(inner.len());
        let name = &inner[..name_end];
        if !is_name(name) {
            return Err(format!("bad element name {name:?}"));
        }
        // Attributes: name="value" or name='value', separated by whitespace.
        let mut attributes = Vec::new();
        let mut seen = HashSet::new();
        let mut rest = inner[name_end..].trim_start();
        while !rest.is_empty() {
            let eq = rest
                .find('=')
                .ok_or_else(|| format!("attribute without value in <{name}>"))?;
            let attr = rest[..eq].trim();
            if !is_name(attr) || !seen.insert(attr.to_string()) {
                return Err(format!("bad or repeated attribute {attr:?} in <{name}>"));
            }
            let after = rest[eq + 1..].trim_start();
            let quote = after.chars().next().ok_or("missing quote")?;
            if quote != '"' && quote != '\'' {
                return Err(format!("unquoted attribute {attr} in <{name}>"));
            }
            let close = after[1..].find(quote).ok_or("unterminated attribute")? + 1;
            let value = &after[1..close];
            check_text(value)?;
            attributes.push((attr.to_string(), value.to_string()));
            rest = after[close + 1..].trim_start();
        }
        if stack.is_empty() {
            roots += 1;
        }
        elements.push(Element {
            name: name.to_string(),
            attributes,
        });
        if !empty {
            stack.push(name.to_string());
        }
    }
    if let Some(open) = stack.pop() {
        return Err(format!("<{open}> never closed"));
    }
    if roots != 1 {
        return Err(format!("{roots} root elements"));
    }
    if elements.first().map(|e| e.name.as_str()) != Some("svg") {
        return Err("the root is not <svg>".into());
    }
    Ok(elements)
}

/// The checker itself, wherever it is used: it rejects each kind of broken XML.
#[test]
fn the_checker_rejects_broken_xml() {
    assert!(parse_xml("<svg><g></svg>").is_err());
    assert!(parse_xml("<svg><line></svg>").is_err());
    assert!(parse_xml("<svg><text>a < b</text></svg>").is_err());
    assert!(parse_xml("<svg a=1/>").is_err());
    assert!(parse_xml("<svg a=\"1\" a=\"2\"/>").is_err());
    assert!(parse_xml("<svg>&nbsp;</svg>").is_err());
    assert!(parse_xml("<svg/><svg/>").is_err());
    assert!(parse_xml("<g/>").is_err());
    assert!(parse_xml("<svg><g x=\"1\">a &amp; b</g></svg>").is_ok());
    assert!(parse_xml("<svg><text>a &amp; b</text></svg>").is_ok());
}
