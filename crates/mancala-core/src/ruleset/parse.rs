//! How rule values are read: from `--set` text and from rule files (TOML,
//! JSON), through the rule-file shape the dimension table generates.

use serde::{Deserialize, Deserializer};

use super::layout::Layout;
use super::sets::{CountSet, EndSet, HouseSet};
use super::table::{RuleFile, RuleSet};
use crate::error::{InvalidReason, RuleError};
use crate::preset::Preset;

impl RuleSet {
    /// Reads a rule set from TOML text and validates it.
    ///
    /// # Errors
    ///
    /// [`RuleError::Syntax`] for text that is not TOML of the rule-file
    /// shape (unknown keys included), otherwise as [`RuleSet::validate`].
    #[cfg(feature = "toml")]
    pub fn from_toml(text: &str) -> Result<RuleSet, RuleError> {
        let file: RuleFile = toml::from_str(text).map_err(|e| {
            // The parser's message names no place; add the line and its text.
            let place = e.span().map(|span| {
                let line = text[..span.start.min(text.len())].matches('\n').count();
                let content = text.lines().nth(line).unwrap_or("").trim();
                format!("line {} ({content}): ", line + 1)
            });
            RuleError::Syntax {
                format: "TOML",
                message: format!("{}{}", place.unwrap_or_default(), e.message().trim()),
            }
        })?;
        file.into_rule_set()
    }

    /// Writes the rule set as TOML, every dimension spelt out.
    #[cfg(feature = "toml")]
    pub fn to_toml(&self) -> String {
        toml::to_string(self).expect("a rule set is always representable as TOML")
    }

    /// Reads a rule set from JSON text and validates it.
    ///
    /// # Errors
    ///
    /// [`RuleError::Syntax`] for text that is not JSON of the rule-file
    /// shape (unknown keys included), otherwise as [`RuleSet::validate`].
    #[cfg(feature = "json")]
    pub fn from_json(text: &str) -> Result<RuleSet, RuleError> {
        let file: RuleFile = serde_json::from_str(text).map_err(|e| RuleError::Syntax {
            format: "JSON",
            message: e.to_string(),
        })?;
        file.into_rule_set()
    }

    /// Writes the rule set as pretty-printed JSON, every dimension spelt out.
    #[cfg(feature = "json")]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a rule set is always representable as JSON")
    }

    /// Reads the text of a rule file named `name`: JSON when the name ends
    /// in `.json` (in any case), TOML otherwise. Reading the file is the
    /// caller's business; this only picks the format.
    ///
    /// # Errors
    ///
    /// As [`RuleSet::from_json`] or [`RuleSet::from_toml`].
    ///
    /// # Examples
    ///
    /// ```
    /// use std::path::Path;
    /// use mancala_core::RuleSet;
    ///
    /// let json = RuleSet::from_file_text(Path::new("my.JSON"), r#"{"preset": "oware"}"#)?;
    /// let toml = RuleSet::from_file_text(Path::new("rules/my"), "preset = \"oware\"")?;
    /// assert_eq!(json, toml);
    /// # Ok::<(), mancala_core::RuleError>(())
    /// ```
    #[cfg(all(feature = "toml", feature = "json"))]
    pub fn from_file_text(name: &std::path::Path, text: &str) -> Result<RuleSet, RuleError> {
        let is_json = name
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("json"));
        if is_json {
            RuleSet::from_json(text)
        } else {
            RuleSet::from_toml(text)
        }
    }
}

/// How one rule dimension's type is read: from `--set`-style text, and
/// from its rule-file representation.
pub(super) trait Dimension: Sized {
    /// What a rule file holds for it (numbers wide, so that an
    /// out-of-range value is our error naming the field).
    type File: for<'de> Deserialize<'de>;

    /// Parses text (already trimmed) for the dimension `field`.
    fn from_text(field: &'static str, text: &str) -> Result<Self, RuleError>;

    /// Converts the rule file's value for the dimension `field`.
    fn from_file(field: &'static str, value: Self::File) -> Result<Self, RuleError>;
}

impl Dimension for u8 {
    type File = u64;

    fn from_text(field: &'static str, text: &str) -> Result<u8, RuleError> {
        text.parse::<u8>().map_err(|_| small_error(field, text))
    }

    fn from_file(field: &'static str, value: u64) -> Result<u8, RuleError> {
        u8::try_from(value).map_err(|_| small_error(field, &value.to_string()))
    }
}

fn small_error(field: &'static str, value: &str) -> RuleError {
    RuleError::InvalidValue {
        field,
        value: value.to_string(),
        reason: InvalidReason::NotSmallNumber,
    }
}

/// Why a `u32` dimension's value is refused: `layout_seed` is no count of
/// moves, the other (`no_capture_moves`) is.
fn wide_reason(field: &'static str, moves: InvalidReason) -> InvalidReason {
    if field == "layout_seed" {
        InvalidReason::NotLayoutSeed
    } else {
        moves
    }
}

/// A `u32` dimension as a rule file holds it: a number, or (for
/// `layout_seed`) the word `each_game`.
#[derive(Deserialize)]
#[serde(untagged)]
pub(super) enum WideFile {
    /// A number, wide so that one out of range is our error.
    Number(u64),
    /// A word: `each_game` for `layout_seed`.
    Word(String),
}

impl Dimension for u32 {
    type File = WideFile;

    fn from_text(field: &'static str, text: &str) -> Result<u32, RuleError> {
        if field == "layout_seed" && text.eq_ignore_ascii_case("each_game") {
            return Ok(RuleSet::DEAL_EACH_GAME);
        }
        text.parse().map_err(|_| RuleError::InvalidValue {
            field,
            value: text.to_string(),
            reason: wide_reason(field, InvalidReason::NotMoveCount),
        })
    }

    fn from_file(field: &'static str, value: WideFile) -> Result<u32, RuleError> {
        match value {
            WideFile::Word(word) => u32::from_text(field, &word),
            WideFile::Number(value) => u32::try_from(value).map_err(|_| RuleError::InvalidValue {
                field,
                value: value.to_string(),
                reason: wide_reason(field, InvalidReason::TooManyMoves),
            }),
        }
    }
}

impl Dimension for bool {
    type File = bool;

    fn from_text(field: &'static str, text: &str) -> Result<bool, RuleError> {
        match text.to_ascii_lowercase().as_str() {
            "true" | "on" | "yes" | "1" => Ok(true),
            "false" | "off" | "no" | "0" => Ok(false),
            _ => Err(RuleError::InvalidValue {
                field,
                value: text.to_string(),
                reason: InvalidReason::NotBool,
            }),
        }
    }

    fn from_file(_: &'static str, value: bool) -> Result<bool, RuleError> {
        Ok(value)
    }
}

impl Dimension for EndSet {
    type File = EndSet;

    fn from_text(field: &'static str, text: &str) -> Result<EndSet, RuleError> {
        text.parse().map_err(|e| for_field(e, field))
    }

    fn from_file(_: &'static str, value: EndSet) -> Result<EndSet, RuleError> {
        Ok(value)
    }
}

impl Dimension for CountSet {
    type File = Vec<u64>;

    fn from_text(field: &'static str, text: &str) -> Result<CountSet, RuleError> {
        text.parse().map_err(|e| for_field(e, field))
    }

    fn from_file(field: &'static str, value: Vec<u64>) -> Result<CountSet, RuleError> {
        let mut set = CountSet::EMPTY;
        for c in value {
            set.insert(u8::from_file(field, c)?);
        }
        Ok(set)
    }
}

impl Dimension for HouseSet {
    type File = Vec<u64>;

    fn from_text(field: &'static str, text: &str) -> Result<HouseSet, RuleError> {
        text.parse().map_err(|e| for_field(e, field))
    }

    fn from_file(field: &'static str, value: Vec<u64>) -> Result<HouseSet, RuleError> {
        let mut set = HouseSet::EMPTY;
        for h in value {
            set.insert(h).map_err(|e| for_field(e, field))?;
        }
        Ok(set)
    }
}

impl Dimension for Layout {
    type File = Vec<u64>;

    fn from_text(field: &'static str, text: &str) -> Result<Layout, RuleError> {
        text.parse().map_err(|e| for_field(e, field))
    }

    fn from_file(field: &'static str, value: Vec<u64>) -> Result<Layout, RuleError> {
        let counts = value
            .into_iter()
            .map(|c| {
                u8::try_from(c).map_err(|_| RuleError::InvalidValue {
                    field,
                    value: c.to_string(),
                    reason: InvalidReason::NotSeedCount,
                })
            })
            .collect::<Result<Vec<u8>, RuleError>>()?;
        Layout::of(&counts)
    }
}

/// Names `field` in an unknown-value error: one enum serves two dimensions
/// (`leftover` and `cycle_leftover`), and the error should name the one set.
pub(super) fn for_field(error: RuleError, field: &'static str) -> RuleError {
    match error {
        RuleError::UnknownValue {
            value, expected, ..
        } => RuleError::UnknownValue {
            field,
            value,
            expected,
        },
        RuleError::InvalidValue { value, reason, .. } => RuleError::InvalidValue {
            field,
            value,
            reason,
        },
        other => other,
    }
}

impl RuleFile {
    fn into_rule_set(self) -> Result<RuleSet, RuleError> {
        let mut rules = match &self.preset {
            Some(name) => name.parse::<Preset>()?.rules(),
            None => RuleSet::default(),
        };
        self.apply(&mut rules)?;
        rules.validate()?;
        Ok(rules)
    }
}

impl<'de> Deserialize<'de> for RuleSet {
    /// Reads the rule-file shape (see [`RuleSet`]) and validates it.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        RuleFile::deserialize(deserializer)?
            .into_rule_set()
            .map_err(serde::de::Error::custom)
    }
}
