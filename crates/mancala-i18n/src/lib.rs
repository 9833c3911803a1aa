//! The words of the mancala site, in every language it speaks: one set of
//! [Project Fluent](https://projectfluent.org) message catalogs that the
//! server serves to its page (`GET /locales/{lang}.ftl`), that the page
//! formats with `@fluent/bundle`, and that Rust front ends read here.
//!
//! A language's catalog is every file of `locales/<code>/` (`site.ftl`
//! for the page, `rules.ftl` for the rules in words, and so on), in the
//! order of their names. English is complete and is the fallback of the
//! others: a message missing from a catalog is shown in English, and a
//! test lists every key missing anywhere.
//!
//! ```
//! let bn = mancala_i18n::language("bn").expect("Bengali is offered");
//! assert_eq!(bn.name, "বাংলা");
//! let catalog = mancala_i18n::catalog("bn").expect("and has a catalog");
//! assert!(catalog.contains("site-title ="));
//! ```

use std::borrow::Cow;

use rust_embed::RustEmbed;

mod words;

pub use words::{Error, Incomplete, Paragraph, Words};

/// The catalogs, from `crates/mancala-i18n/locales/`.
#[derive(RustEmbed)]
#[folder = "locales/"]
struct Locales;

/// Which way a language's text runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Left to right.
    Ltr,
    /// Right to left (Arabic, Hebrew, ...). The board keeps its own
    /// direction of play whatever the page's is.
    Rtl,
}

impl Direction {
    /// The value of HTML's `dir` attribute: `"ltr"` or `"rtl"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Direction::Ltr => "ltr",
            Direction::Rtl => "rtl",
        }
    }
}

/// A language the site speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Language {
    /// Its BCP 47 code, as the catalogs' folder is named (`"bn"`).
    pub code: &'static str,
    /// Its name in itself, as a language menu shows it (`"বাংলা"`).
    pub name: &'static str,
    /// Which way its text runs.
    pub direction: Direction,
}

/// The languages of the site, English (the fallback) first.
pub const LANGUAGES: &[Language] = &[
    Language {
        code: "en",
        name: "English",
        direction: Direction::Ltr,
    },
    Language {
        code: "bn",
        name: "বাংলা",
        direction: Direction::Ltr,
    },
    Language {
        code: "hi",
        name: "हिन्दी",
        direction: Direction::Ltr,
    },
    Language {
        code: "ja",
        name: "日本語",
        direction: Direction::Ltr,
    },
];

/// The language every catalog falls back to.
pub const FALLBACK: &str = "en";

/// The language of code `code` (exactly as in [`LANGUAGES`]), if the site
/// speaks it.
pub fn language(code: &str) -> Option<&'static Language> {
    LANGUAGES.iter().find(|l| l.code == code)
}

/// The names of the files of `code`'s catalog, in order.
pub fn files(code: &str) -> Vec<String> {
    let prefix = format!("{code}/");
    let mut names: Vec<String> = Locales::iter()
        .filter_map(|path| path.strip_prefix(&prefix).map(str::to_string))
        .collect();
    names.sort();
    names
}

/// The text of one file of a catalog (`"bn"`, `"site.ftl"`).
pub fn file(code: &str, name: &str) -> Option<Cow<'static, str>> {
    let file = Locales::get(&format!("{code}/{name}"))?;
    Some(match file.data {
        Cow::Borrowed(bytes) => String::from_utf8_lossy(bytes),
        Cow::Owned(bytes) => Cow::Owned(String::from_utf8_lossy(&bytes).into_owned()),
    })
}

/// The whole catalog of language `code`: its files, in the order of their
/// names, one after the other. `None` for a language the site does not
/// speak.
pub fn catalog(code: &str) -> Option<String> {
    language(code)?;
    let mut text = String::new();
    for name in files(code) {
        if let Some(body) = file(code, &name) {
            text.push_str(&body);
            if !text.ends_with('\n') {
                text.push('\n');
            }
        }
    }
    Some(text)
}

/// The language to speak to someone whose preferences are `accept` (an
/// HTTP `Accept-Language` value, `"bn-IN,bn;q=0.9,en;q=0.8"`): the first
/// preference the site speaks, by its primary subtag, else English. The
/// quality values are read; a malformed entry is skipped.
pub fn negotiate(accept: &str) -> &'static Language {
    let mut wanted: Vec<(f32, usize, &str)> = accept
        .split(',')
        .enumerate()
        .filter_map(|(i, part)| {
            let mut pieces = part.split(';');
            let tag = pieces.next()?.trim();
            let q = pieces
                .find_map(|p| p.trim().strip_prefix("q="))
                .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())?;
            (!tag.is_empty() && q > 0.0).then_some((q, i, tag))
        })
        .collect();
    wanted.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    wanted
        .iter()
        .find_map(|(_, _, tag)| {
            let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
            language(&primary)
        })
        .unwrap_or(&LANGUAGES[0])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_a_catalog_with_its_site_file() {
        for l in LANGUAGES {
            assert!(
                files(l.code).contains(&"site.ftl".to_string()),
                "{}",
                l.code
            );
            assert!(catalog(l.code).is_some());
        }
        assert_eq!(catalog("xx"), None);
    }

    #[test]
    fn accept_language_picks_the_first_language_spoken() {
        assert_eq!(negotiate("bn-IN,bn;q=0.9,en;q=0.8").code, "bn");
        assert_eq!(negotiate("fr-FR, hi;q=0.5, en;q=0.4").code, "hi");
        assert_eq!(negotiate("en;q=0.2, ja;q=0.9").code, "ja");
        assert_eq!(negotiate("de, fr").code, "en");
        assert_eq!(negotiate("").code, "en");
        assert_eq!(negotiate(";;, ja;q=x, hi").code, "hi");
        assert_eq!(negotiate("bn;q=0").code, "en");
    }
}
