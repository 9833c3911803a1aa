//! `--rules NAME|FILE` and `--set NAME=VALUE`: the rule set of a command.

use std::path::Path;

use mancala_core::{Move, Preset, RuleSet, Rules, parse_moves};

use crate::{CliError, CliResult};

/// Reads a rule file: JSON for `.json`, TOML otherwise.
pub fn read_rule_file(path: &Path) -> CliResult<RuleSet> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::usage(format!("cannot read rule file {}: {e}", path.display())))?;
    let is_json = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"));
    let parsed = if is_json {
        RuleSet::from_json(&text)
    } else {
        RuleSet::from_toml(&text)
    };
    parsed.map_err(|e| CliError::usage(format!("{}: {e}", path.display())))
}

/// A preset name or alias, or a rule file.
pub fn named_rules(name: &str) -> CliResult<RuleSet> {
    match name.parse::<Preset>() {
        Ok(preset) => Ok(preset.rules()),
        Err(preset_error) => {
            let path = Path::new(name);
            let looks_like_file = path.exists()
                || name.ends_with(".toml")
                || name.ends_with(".json")
                || name.contains(std::path::MAIN_SEPARATOR);
            if looks_like_file {
                read_rule_file(path)
            } else {
                Err(CliError::usage(format!(
                    "--rules {name}: {preset_error}, and there is no rule file of that name"
                )))
            }
        }
    }
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
