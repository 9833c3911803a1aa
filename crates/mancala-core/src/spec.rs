//! Rule-set specs: a preset and overrides on one line
//! (`kalah,players=3,seeds=5`), and the canonical text of a rule set.

use std::fmt::Write as _;

use crate::error::RuleSpecError;
use crate::preset::Preset;
use crate::ruleset::RuleSet;

impl RuleSet {
    /// Reads a rule-set spec: a preset, then `NAME=VALUE` overrides, all
    /// separated by commas, and validates the result. This is what the
    /// command line's `--rules` takes besides a rule file, and what the
    /// benches and examples name their rule sets by.
    ///
    /// - The preset is a name or alias as [`Preset`] reads it, optionally
    ///   followed by a player count: `kalah3` is `kalah,players=3`. It may
    ///   be left out when the first part is an override: the base is then
    ///   `kalah`, as in rule files. Where no preset has the name, it may
    ///   be a rule file shipped with the crate, by its name
    ///   ([`shipped_rule_file`](crate::shipped_rule_file): `krur`,
    ///   `dakon-rounds,round_limit=3`).
    /// - Each override sets one rule dimension as [`RuleSet::set`] does
    ///   (`players=3`, `capture-empty-opposite=on`), in order. A list value
    ///   goes on over the following parts that hold no `=`:
    ///   `oware,capture_counts=2,3,seeds=5` sets the counts to `2,3`.
    /// - Overrides are plain dimension values: `kalah,players=3,houses=5`
    ///   plays 5 houses.
    ///
    /// [`RuleSet::canonical`] writes a spec (without a preset) that reads
    /// back to the same rule set.
    ///
    /// # Errors
    ///
    /// [`RuleSpecError::Empty`] for an empty part (two commas in a row, a comma
    /// at either end, or no text), [`RuleSpecError::Preset`] for a first part
    /// that is neither a preset nor an override, [`RuleSpecError::NotAnOverride`]
    /// for a later part that is not `NAME=VALUE`, [`RuleSpecError::Override`]
    /// for an override [`RuleSet::set`] refuses, and [`RuleSpecError::Invalid`]
    /// when the result cannot be played ([`RuleSet::validate`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{EndCondition, KalahOptions, RuleSet, RuleSpecError};
    ///
    /// let three = RuleSet::from_spec("kalah,players=3,seeds=5")?;
    /// assert_eq!((three.players, three.houses, three.seeds), (3, 6, 5));
    /// assert_eq!(RuleSet::from_spec("kalah3")?,
    ///            KalahOptions { players: 3, ..KalahOptions::default() }.rules());
    ///
    /// let oware = RuleSet::from_spec("awari, end=majority,repetition, seeds=5")?;
    /// assert!(oware.end.contains(EndCondition::Repetition));
    ///
    /// let krur = RuleSet::from_spec("krur,seeds=3")?; // a shipped rule file
    /// assert!(krur.children && krur.seeds == 3);
    ///
    /// assert!(matches!(RuleSet::from_spec("kalah,,seeds=5"), Err(RuleSpecError::Empty { index: 2 })));
    /// assert!(matches!(RuleSet::from_spec("kalah,sedes=5"), Err(RuleSpecError::Override { .. })));
    /// assert!(matches!(RuleSet::from_spec("oware3"), Err(RuleSpecError::Invalid(_))));
    /// # Ok::<(), RuleSpecError>(())
    /// ```
    pub fn from_spec(spec: &str) -> Result<RuleSet, RuleSpecError> {
        let mut parts = Vec::new();
        for (i, part) in spec.split(',').map(str::trim).enumerate() {
            if part.is_empty() {
                return Err(RuleSpecError::Empty { index: i + 1 });
            }
            parts.push(part);
        }
        let (mut rules, overrides) = match parts.split_first() {
            Some((head, rest)) if !head.contains('=') => (spec_base(head)?, rest),
            _ => (RuleSet::default(), &parts[..]),
        };
        for (name, value, part) in overrides_of(overrides)? {
            rules
                .set(name, &value)
                .map_err(|source| RuleSpecError::Override { part, source })?;
        }
        rules.validate().map_err(RuleSpecError::Invalid)?;
        Ok(rules)
    }

    /// The rule set as canonical text: every dimension as `name=value` in
    /// [`DIMENSIONS`](crate::DIMENSIONS) order, separated by commas (those
    /// added later, such as `direction`, only when not at their default),
    /// with
    /// the names of rule files (lists comma-separated, booleans
    /// `true`/`false`, sets in specification order). Dimensions added
    /// later (relay sowing, `no_move`) are left out at their defaults, so
    /// that older rule sets keep their text.
    ///
    /// The text depends only on the dimension and value names, which are
    /// the rule-file format, never on Rust's `Debug` output or a
    /// serializer's layout: the same rules give the same text in every
    /// release, and different rules give different texts. It is a spec:
    /// [`RuleSet::from_spec`] reads it back (for a valid rule set).
    /// Endgame database files identify their rules by a hash of it, so
    /// dimensions added since the text was pinned (`tuzdyk`, `tuzdyk_count`)
    /// are written only when they differ from their default: every rule
    /// set that could be written before keeps its text.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Preset, RuleSet};
    ///
    /// let oware = Preset::Oware.rules();
    /// assert!(oware.canonical().starts_with("players=2,houses=6,seeds=4,stores_sown=none,"));
    /// assert!(oware.canonical().contains(",capture_counts=2,3,"));
    /// assert_eq!(RuleSet::from_spec(&oware.canonical())?, oware);
    /// # Ok::<(), mancala_core::RuleSpecError>(())
    /// ```
    pub fn canonical(&self) -> String {
        let mut defaults = Vec::new();
        crate::ruleset::DEFAULTS.for_each_dimension(|_, value| defaults.push(value.to_string()));
        let mut out = String::new();
        let mut at = 0;
        self.for_each_dimension(|name, value| {
            let text = value.to_string();
            let default = &defaults[at];
            at += 1;
            if ADDED_LATER.contains(&name) && text == *default {
                return;
            }
            if !out.is_empty() {
                out.push(',');
            }
            write!(out, "{name}={text}").expect("writing to a String cannot fail");
        });
        out
    }
}

/// Dimensions added after the canonical text was first fixed: written only
/// when they differ from their default, so that every rule set that does
/// not use them keeps its text (and its endgame databases their
/// fingerprint). [`RuleSet::from_spec`] gives a missing one its default.
const ADDED_LATER: &[&str] = &[
    "layout",
    "direction",
    "direction_choice",
    "relay",
    "relay_on",
    "relay_limit",
    "capture_ends_relay",
    "capture_leaves_seed",
    "chain_limit",
    "gap_opposite",
    "sow_capture_counts",
    "sow_capture_by",
    "sow_capture_last",
    "capture_extra_turn",
    "capture_extra_turn_limit",
    "single_seed_captures",
    "no_move",
    "tuzdyk",
    "tuzdyk_count",
    "rounds",
    "round_fill",
    "round_starter",
    "match_houses",
    "round_limit",
    "layout_seed",
    "end_seeds",
    "capture_before_sowing",
    "capture_opponent_store",
    "relay_counts",
    "reach_opponent",
    "single_to_empty",
    "tuzdyk_across",
    "end_seeds_to",
    "lap_capture",
    "territory_rest",
    "children",
    "child_count",
    "child_skip",
    "capacity",
    "lot_seed",
    "first_move",
    "relay_store",
    "pass_store",
    "no_undo",
    "no_sides",
    "gap_occupied",
    "child_kind",
];

/// The rule set a spec's first part names: a preset, a preset and a
/// player count (`kalah3`), or a rule file shipped with the crate
/// ([`shipped_rule_file`](crate::shipped_rule_file): `krur`).
fn spec_base(head: &str) -> Result<RuleSet, RuleSpecError> {
    let unknown = match head.parse::<Preset>() {
        Ok(preset) => return Ok(preset.rules()),
        Err(e) => e,
    };
    if let Some(rules) = crate::shipped_rule_file(head) {
        return Ok(rules);
    }
    let name = head.trim_end_matches(|c: char| c.is_ascii_digit());
    let players = &head[name.len()..];
    match name.parse::<Preset>() {
        Ok(preset) if !players.is_empty() => {
            let mut rules = preset.rules();
            rules
                .set("players", players)
                .map_err(RuleSpecError::Invalid)?;
            Ok(rules)
        }
        _ => Err(RuleSpecError::Preset(unknown)),
    }
}

/// Groups the override parts into `(name, value, part)`: a part without
/// `=` continues the list value of the override before it.
fn overrides_of<'a>(parts: &[&'a str]) -> Result<Vec<(&'a str, String, String)>, RuleSpecError> {
    let mut overrides: Vec<(&str, String, String)> = Vec::new();
    for &part in parts {
        match (part.split_once('='), overrides.last_mut()) {
            (Some((name, value)), _) => {
                overrides.push((name.trim(), value.trim().to_string(), part.to_string()));
            }
            (None, Some((_, value, whole))) => {
                value.push(',');
                value.push_str(part);
                whole.push(',');
                whole.push_str(part);
            }
            (None, None) => {
                return Err(RuleSpecError::NotAnOverride {
                    part: part.to_string(),
                });
            }
        }
    }
    Ok(overrides)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::RuleError;

    #[test]
    fn rule_error_is_still_what_set_reports() {
        // The spec's override errors wrap set()'s, so they read the same.
        let mut rules = RuleSet::default();
        let Err(RuleSpecError::Override { part, source }) = RuleSet::from_spec("kalah,seeds=many")
        else {
            panic!("seeds=many is refused");
        };
        assert_eq!(part, "seeds=many");
        assert_eq!(Err(source), rules.set("seeds", "many"));
        assert!(matches!(
            rules.set("seeds", "many"),
            Err(RuleError::InvalidValue { field: "seeds", .. })
        ));
    }
}
