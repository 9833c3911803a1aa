//! `--rules SPEC|FILE` and `--set NAME=VALUE`: the rule set of a command.

use std::path::Path;

use mancala_core::{Move, RuleSet, RuleSpecError, Rules, parse_moves};

use crate::{CliError, CliResult};

/// Reads a rule file: JSON for `.json`, TOML otherwise.
pub fn read_rule_file(path: &Path) -> CliResult<RuleSet> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::usage(format!("cannot read rule file {}: {e}", path.display())))?;
    RuleSet::from_file_text(path, &text)
        .map_err(|e| CliError::usage(format!("{}: {e}", path.display())))
}

/// A rule-set spec (a preset name or alias, then `NAME=VALUE` overrides:
/// see [`RuleSet::from_spec`]), or a rule file.
pub fn named_rules(name: &str) -> CliResult<RuleSet> {
    named_rules_of("--rules", name)
}

/// [`named_rules`] for the flag `flag`, which its errors name.
pub fn named_rules_of(flag: &str, name: &str) -> CliResult<RuleSet> {
    let spec_error = match RuleSet::from_spec(name) {
        Ok(rules) => return Ok(rules),
        Err(e) => e,
    };
    let path = Path::new(name);
    let looks_like_file = path.exists()
        || name.ends_with(".toml")
        || name.ends_with(".json")
        || name.contains(std::path::MAIN_SEPARATOR);
    if looks_like_file {
        return read_rule_file(path);
    }
    Err(CliError::usage(match spec_error {
        RuleSpecError::Preset(preset_error) => {
            format!("{flag} {name}: {preset_error}, and there is no rule file of that name")
        }
        other => format!("{flag} {name}: {other}"),
    }))
}

/// The rules of `--rules` with every `--set` applied in order, validated.
pub fn rule_set(rules: &str, sets: &[String]) -> CliResult<RuleSet> {
    let mut set = named_rules(rules)?;
    for item in sets {
        let (name, value) = item.split_once('=').ok_or_else(|| {
            CliError::usage(format!("--set {item}: expected NAME=VALUE, e.g. seeds=5"))
        })?;
        set.set(name.trim(), value)
            .map_err(|e| CliError::usage(format!("--set {item}: {e}")))?;
    }
    set.validate()
        .map_err(|e| CliError::usage(format!("the rules cannot be played: {e}")))?;
    Ok(set)
}

/// Compiles a validated rule set.
pub fn compile(set: &RuleSet) -> CliResult<Rules> {
    Rules::new(set).map_err(|e| CliError::usage(format!("the rules cannot be played: {e}")))
}

/// `--moves`: a comma-separated move list.
pub fn moves(text: &str) -> CliResult<Vec<Move>> {
    parse_moves(text).map_err(|e| CliError::usage(format!("--moves: {e}")))
}
