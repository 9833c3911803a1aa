//! The start layout (`layout`): the seeds each house holds at the start,
//! the same list for every side, or the empty list for `seeds` in every
//! house.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::MAX_HOUSES;
use crate::error::{InvalidReason, RuleError};

/// The seeds of each house of a side at the start, house 1 first (in the
/// side's sowing order from its first house), the same for every side; in
/// files a list such as `[4, 0, 4, 0, 4, 0]`, on the command line
/// `4,0,4,0,4,0`. The empty layout (the default) puts `seeds` in every
/// house. [`RuleSet::validate`](crate::RuleSet::validate) checks that a
/// layout has one count per house.
///
/// # Examples
///
/// ```
/// use mancala_core::Layout;
///
/// let layout: Layout = "5,0,5".parse()?;
/// assert_eq!(layout.counts(), [5, 0, 5]);
/// assert_eq!(layout.to_string(), "5,0,5");
/// assert!("".parse::<Layout>()?.is_uniform());
/// # Ok::<(), mancala_core::RuleError>(())
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Layout {
    len: u8,
    counts: [u8; MAX_HOUSES],
}

impl Layout {
    /// The empty layout: `seeds` in every house.
    pub const UNIFORM: Layout = Layout {
        len: 0,
        counts: [0; MAX_HOUSES],
    };

    /// The layout of `counts`, house 1 first.
    ///
    /// # Errors
    ///
    /// [`RuleError::InvalidValue`] (reason [`InvalidReason::LayoutLength`])
    /// for more than 16 counts, the most houses a side has.
    pub fn of(counts: &[u8]) -> Result<Layout, RuleError> {
        if counts.len() > MAX_HOUSES {
            return Err(RuleError::InvalidValue {
                field: "layout",
                value: list(counts),
                reason: InvalidReason::LayoutLength,
            });
        }
        let mut layout = Layout::UNIFORM;
        layout.counts[..counts.len()].copy_from_slice(counts);
        layout.len = counts.len() as u8;
        Ok(layout)
    }

    /// The counts, house 1 first; empty for the uniform layout.
    pub fn counts(&self) -> &[u8] {
        &self.counts[..usize::from(self.len)]
    }

    /// Whether this is the empty layout, `seeds` in every house.
    pub const fn is_uniform(&self) -> bool {
        self.len == 0
    }
}

fn list(counts: &[u8]) -> String {
    let items: Vec<String> = counts.iter().map(u8::to_string).collect();
    items.join(",")
}

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.counts()).finish()
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&list(self.counts()))
    }
}

impl FromStr for Layout {
    type Err = RuleError;

    /// Parses a comma-separated list of counts (optionally in brackets);
    /// an empty string is the uniform layout.
    fn from_str(s: &str) -> Result<Self, RuleError> {
        let s = s.trim();
        let s = s
            .strip_prefix('[')
            .and_then(|t| t.strip_suffix(']'))
            .unwrap_or(s);
        let mut counts = Vec::new();
        for item in s.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            counts.push(item.parse::<u8>().map_err(|_| RuleError::InvalidValue {
                field: "layout",
                value: item.to_string(),
                reason: InvalidReason::NotSeedCount,
            })?);
        }
        Layout::of(&counts)
    }
}

impl Serialize for Layout {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.counts())
    }
}

impl<'de> Deserialize<'de> for Layout {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let counts = Vec::<u8>::deserialize(deserializer)?;
        Layout::of(&counts).map_err(serde::de::Error::custom)
    }
}
