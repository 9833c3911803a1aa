//! The message catalogs (crates/mancala-i18n/locales/) against each other
//! and against the code that uses them: every catalog parses, has every
//! key English has and no other, and every key is used by some code (a
//! literal id in the page or the Rust sources, or an id of a family the
//! code builds: `game-<preset>`, `lore-<preset>-history` and
//! `-variants`, `error-<code>`, `site-end-<reason>`,
//! `rules-topic-<topic>`); every literal id in the code is in English.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use fluent_syntax::ast::Entry;
use mancala::{EndReason, Preset};

/// The message ids of one language, from all its files.
fn keys(code: &str) -> BTreeSet<String> {
    let mut keys = BTreeSet::new();
    for name in mancala_i18n::files(code) {
        let text = mancala_i18n::file(code, &name).expect("listed files exist");
        let resource = match fluent_syntax::parser::parse(text.as_ref()) {
            Ok(resource) => resource,
            Err((_, errors)) => panic!("{code}/{name} does not parse: {errors:?}"),
        };
        for entry in resource.body {
            if let Entry::Message(m) = entry {
                let id = m.id.name.to_string();
                assert!(keys.insert(id.clone()), "{code}: {id} is defined twice");
            }
        }
    }
    keys
}

#[test]
fn every_catalog_has_the_keys_english_has_and_no_other() {
    let english = keys(mancala_i18n::FALLBACK);
    assert!(
        english.len() > 100,
        "English has only {} keys",
        english.len()
    );
    let mut problems = Vec::new();
    for language in mancala_i18n::LANGUAGES {
        let theirs = keys(language.code);
        for missing in english.difference(&theirs) {
            problems.push(format!("{}: lacks {missing}", language.code));
        }
        for extra in theirs.difference(&english) {
            problems.push(format!(
                "{}: has {extra}, which English lacks",
                language.code
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The root of the workspace.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every file under `dir` ending with `ext`, but for `skip` folders.
fn files(dir: &Path, ext: &str, skip: &[&str]) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return found;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().to_string();
        if path.is_dir() {
            if !skip.contains(&name.as_str()) {
                found.extend(files(&path, ext, skip));
            }
        } else if name.ends_with(ext) {
            found.push(path);
        }
    }
    found
}

/// The message ids written as string literals in `text` (quoted with `'`,
/// `"` or a backquote): a domain prefix, then letters, digits and dashes;
/// with `call`, only those passed straight to it (`t('site-title')`: the
/// page's class names and test ids look like ids too).
fn literal_ids(text: &str, call: Option<&str>) -> BTreeSet<String> {
    const DOMAINS: [&str; 9] = [
        "site-", "board-", "rules-", "game-", "error-", "lore-", "player-", "replay-", "queue-",
    ];
    let mut ids = BTreeSet::new();
    let bytes = text.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if !matches!(b, b'\'' | b'"' | b'`') {
            continue;
        }
        if call.is_some_and(|c| !text[..i].ends_with(c)) {
            continue;
        }
        let rest = &text[i + 1..];
        if !DOMAINS.iter().any(|d| rest.starts_with(d)) {
            continue;
        }
        let len = rest
            .find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'))
            .unwrap_or(rest.len());
        // A literal that goes on with `${` or `{}` is the start of a
        // family, and so is a prefix ending with a dash.
        if rest[len..].starts_with(b as char) && !rest[..len].ends_with('-') {
            ids.insert(rest[..len].to_string());
        }
    }
    ids
}

/// The error codes of the server: the literals of `Error::code`.
fn error_codes() -> BTreeSet<String> {
    let source = fs::read_to_string(root().join("crates/mancala-server/src/error.rs")).unwrap();
    let start = source.find("pub fn code(&self)").expect("Error::code");
    let end = start + source[start..].find("\n    }\n").expect("its end");
    source[start..end]
        .split("=> \"")
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .map(str::to_string)
        .collect()
}

/// The ids the code builds rather than writes: a family and its members.
fn family_ids() -> BTreeMap<String, &'static str> {
    let mut ids = BTreeMap::new();
    for preset in Preset::ALL {
        ids.insert(format!("game-{}", preset.name()), "the presets' names");
        ids.insert(format!("game-{}-summary", preset.name()), "their summaries");
        ids.insert(format!("lore-{}-history", preset.name()), "their histories");
        ids.insert(format!("lore-{}-variants", preset.name()), "their variants");
    }
    for code in error_codes() {
        ids.insert(
            format!("error-{}", code.replace('_', "-")),
            "the error codes",
        );
    }
    for reason in EndReason::ALL {
        let name = reason.to_string().replace('_', "-");
        ids.insert(format!("site-end-{name}"), "the end reasons");
    }
    ids
}

/// Every id the code uses: its literals, and the families it builds.
fn used_ids() -> BTreeSet<String> {
    let web = root().join("crates/mancala-server/web/assets");
    let mut used: BTreeSet<String> = files(&web, ".js", &["vendor"])
        .iter()
        .flat_map(|path| literal_ids(&fs::read_to_string(path).unwrap(), Some("t(")))
        .collect();
    for dir in [
        "crates/mancala-core/src",
        "crates/mancala-server/src",
        "crates/mancala-cli/src",
        "crates/mancala-i18n/src",
    ] {
        for path in files(&root().join(dir), ".rs", &[]) {
            // A file's unit tests use made-up ids of their own.
            let text = fs::read_to_string(path).unwrap();
            // A file's comments and doc examples are no use either.
            let code = text.split("#[cfg(test)]").next().unwrap_or_default();
            let code: String = code
                .lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .collect::<Vec<_>>()
                .join("\n");
            used.extend(literal_ids(&code, None));
        }
    }
    used.extend(family_ids().into_keys());
    used
}

#[test]
fn every_key_is_used_and_every_id_used_is_in_english() {
    let english = keys(mancala_i18n::FALLBACK);
    let used = used_ids();
    let unused: Vec<&String> = english.difference(&used).collect();
    assert!(unused.is_empty(), "keys no code uses: {unused:?}");
    let unknown: Vec<&String> = used.difference(&english).collect();
    assert!(
        unknown.is_empty(),
        "ids the code uses that English lacks: {unknown:?}"
    );
}

#[test]
fn the_families_are_found() {
    // Guards the scans above: a change of Error::code or of the
    // literals' shape must not leave them empty.
    assert!(error_codes().contains("seat_taken"));
    assert!(error_codes().len() > 30, "{:?}", error_codes());
    let text = "t('site-title'); t(`site-end-${x}`); \"board-label\"; { class: 'board-wrap' }";
    assert_eq!(
        literal_ids(text, None),
        BTreeSet::from(["site-title", "board-label", "board-wrap"].map(String::from))
    );
    assert_eq!(
        literal_ids(text, Some("t(")),
        BTreeSet::from(["site-title".to_string()])
    );
}
