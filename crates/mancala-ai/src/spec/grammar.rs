//! A spec's text: parsing (`FromStr`), the canonical form (`Display`)
//! and the checks parsing cannot make.

use std::fmt;
use std::str::FromStr;

use super::{Algorithm, EvalKind, MAX_LEVEL, Player, Spec, on_off_name, value_error};
use crate::limits::Limits;
use crate::{Mcts, SpecError};

/// Why `exact` refuses a setting.
const EXACT_KEYS: &str = "exact takes only nodes=, time=, seed= and book=";

impl Spec {
    /// The name of the player when it can never be MCTS (levels can be).
    fn not_mcts(&self) -> Option<&'static str> {
        match self.player {
            Player::Human => Some("human"),
            Player::Random => Some("random"),
            Player::Greedy => Some("greedy"),
            Player::Exact => Some("exact"),
            Player::Search(algorithm) if algorithm != Algorithm::Mcts => Some(algorithm.name()),
            _ => None,
        }
    }

    /// Checks what parsing cannot: the level's range and that the budget
    /// suits the player.
    pub(crate) fn check(&self) -> Result<(), SpecError> {
        let budget = |what: &str| -> Result<(), SpecError> {
            if let Some(d) = self.limits.depth {
                return Err(value_error("depth", &d.to_string(), what));
            }
            if let Some(n) = self.limits.nodes {
                return Err(value_error("nodes", &n.to_string(), what));
            }
            if self.limits.time.is_some() {
                let shown = Limits {
                    depth: None,
                    nodes: None,
                    ..self.limits
                };
                let shown = shown.to_string();
                return Err(value_error("time", &shown["time=".len()..], what));
            }
            Ok(())
        };
        match self.player {
            Player::Human => {
                budget("a human player takes no search budget")?;
                self.check_human()?;
            }
            Player::Random => budget("the random player takes no search budget")?,
            Player::Greedy => budget("the greedy player takes no search budget")?,
            Player::Level(level) => {
                if !(1..=MAX_LEVEL).contains(&level) {
                    return Err(value_error(
                        "level",
                        &level.to_string(),
                        "expected a level from 1 to 10",
                    ));
                }
            }
            Player::Search(_) => {}
            Player::Exact => {
                if let Some(d) = self.limits.depth {
                    return Err(value_error("depth", &d.to_string(), EXACT_KEYS));
                }
                if self.eval != EvalKind::Heuristic {
                    return Err(value_error("eval", self.eval.name(), EXACT_KEYS));
                }
            }
        }
        if let Some(moves) = self.playout {
            let reason = match self.not_mcts() {
                Some(name) => Some(format!("only MCTS takes a playout cap, not {name}")),
                None if moves == 0 => Some("expected a playout of at least 1 move".to_string()),
                None => None,
            };
            if let Some(reason) = reason {
                return Err(value_error("playout", &moves.to_string(), &reason));
            }
        }
        if let Some(n) = self.lanes {
            let reason = match self.not_mcts() {
                Some(name) => Some(format!("only MCTS plays playouts in lanes, not {name}")),
                None if !(1..=Mcts::MAX_ROLLOUT_LANES).contains(&usize::from(n)) => Some(format!(
                    "expected 1 to {} playouts at a time",
                    Mcts::MAX_ROLLOUT_LANES
                )),
                None => None,
            };
            if let Some(reason) = reason {
                return Err(value_error("lanes", &n.to_string(), &reason));
            }
        }
        if let Some(on) = self.model
            && let Some(name) = self.not_mcts()
        {
            return Err(value_error(
                "model",
                on_off_name(on),
                &format!("only MCTS models its opponents, not {name}"),
            ));
        }
        if let Some(d) = self.limits.depth
            && matches!(self.player, Player::Search(Algorithm::Mcts))
        {
            return Err(value_error(
                "depth",
                &d.to_string(),
                "MCTS takes nodes= (iterations) or time=, not a depth",
            ));
        }
        Ok(())
    }
}

impl Spec {
    /// Checks that a human's spec has no seed and no book.
    fn check_human(&self) -> Result<(), SpecError> {
        if let Some(seed) = self.seed {
            return Err(value_error(
                "seed",
                &seed.to_string(),
                "a human player takes no seed",
            ));
        }
        if let Some(on) = self.book {
            return Err(value_error(
                "book",
                on_off_name(on),
                "a human player plays from no book",
            ));
        }
        Ok(())
    }
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sep = match self.player {
            Player::Human => return f.write_str("human"),
            Player::Random => {
                f.write_str("random")?;
                ","
            }
            Player::Greedy => {
                f.write_str("greedy")?;
                ","
            }
            Player::Level(level) => {
                write!(f, "ai:{level}")?;
                ","
            }
            Player::Exact => {
                f.write_str("exact")?;
                ","
            }
            Player::Search(algorithm) => {
                f.write_str(algorithm.name())?;
                ":"
            }
        };
        if !self.limits.is_unlimited() {
            write!(f, "{sep}{}", self.limits)?;
            sep = ",";
        }
        if let Some(seed) = self.seed {
            write!(f, "{sep}seed={seed}")?;
            sep = ",";
        }
        if self.eval != EvalKind::Heuristic {
            write!(f, "{sep}eval={}", self.eval.name())?;
            sep = ",";
        }
        if let Some(moves) = self.playout {
            write!(f, "{sep}playout={moves}")?;
            sep = ",";
        }
        if let Some(on) = self.model {
            write!(f, "{sep}model={}", on_off_name(on))?;
            sep = ",";
        }
        if let Some(n) = self.lanes {
            write!(f, "{sep}lanes={n}")?;
            sep = ",";
        }
        if let Some(on) = self.book {
            write!(f, "{sep}book={}", on_off_name(on))?;
        }
        Ok(())
    }
}

impl FromStr for Spec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<Spec, SpecError> {
        let text = s.trim();
        let lower = text.to_ascii_lowercase();
        let split = lower.find([',', ':']).unwrap_or(lower.len());
        let (name, rest) = lower.split_at(split);
        let (player, rest) = parse_player(name.trim(), rest)?;
        // Levels, random and greedy take `,settings`; algorithms `:` or `,`.
        let settings = match rest.chars().next() {
            None => "",
            Some(',') => &rest[1..],
            Some(':') if matches!(player, Player::Search(_)) => &rest[1..],
            Some(_) => {
                return Err(SpecError::Syntax {
                    text: rest.to_string(),
                });
            }
        };
        let mut spec = Spec::new(player);
        let mut seen: Vec<&str> = Vec::new();
        let items: Vec<&str> = if rest.is_empty() {
            Vec::new()
        } else {
            settings.split(',').map(str::trim).collect()
        };
        for item in items {
            if item.is_empty() {
                return Err(SpecError::Syntax {
                    text: format!("{text} (an empty setting)"),
                });
            }
            let (key, value) = item.split_once('=').ok_or_else(|| SpecError::Syntax {
                text: item.to_string(),
            })?;
            let (key, value) = (key.trim(), value.trim());
            if seen.contains(&key) {
                return Err(value_error(key, value, "the setting is given twice"));
            }
            spec.set(key, value)?;
            seen.push(key);
        }
        spec.check()?;
        Ok(spec)
    }
}

/// The player a spec names (`name`, lower case), and the rest of the text
/// after it (after a level's number for `ai:N`).
fn parse_player<'a>(name: &str, rest: &'a str) -> Result<(Player, &'a str), SpecError> {
    let player = match name {
        "human" => Player::Human,
        "random" => Player::Random,
        "greedy" => Player::Greedy,
        "exact" => Player::Exact,
        "ai" | "level" => {
            let Some(after) = rest.strip_prefix(':') else {
                return Err(value_error(
                    "level",
                    "",
                    "expected ai:N with a level N from 1 to 10",
                ));
            };
            let end = after.find(',').unwrap_or(after.len());
            let number = after[..end].trim();
            let level = number
                .parse::<u8>()
                .ok()
                .filter(|l| (1..=MAX_LEVEL).contains(l))
                .ok_or_else(|| value_error("level", number, "expected a level from 1 to 10"))?;
            return Ok((Player::Level(level), &after[end..]));
        }
        _ => match Algorithm::parse(name) {
            Some(algorithm) => Player::Search(algorithm),
            None => {
                return Err(value_error(
                    "player",
                    name,
                    "expected human, random, greedy, ai:1 to ai:10, exact, alphabeta, maxn or mcts",
                ));
            }
        },
    };
    Ok((player, rest))
}

/// A setting's `on` or `off`.
fn on_or_off(key: &str, value: &str) -> Result<bool, SpecError> {
    match value {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(value_error(key, value, "expected on or off")),
    }
}

impl Spec {
    /// Applies one `key=value` setting of a spec.
    fn set(&mut self, key: &str, value: &str) -> Result<(), SpecError> {
        if self.player == Player::Exact && !matches!(key, "nodes" | "time" | "seed" | "book") {
            return Err(value_error(key, value, EXACT_KEYS));
        }
        match key {
            "seed" => {
                self.seed = Some(value.parse().map_err(|_| {
                    value_error(key, value, "expected a whole number from 0 to 2^64-1")
                })?)
            }
            "eval" => {
                self.eval = match value {
                    "heuristic" => EvalKind::Heuristic,
                    "store" | "store-difference" => EvalKind::Store,
                    "plain" => EvalKind::Plain,
                    _ => {
                        return Err(value_error(
                            key,
                            value,
                            "expected heuristic, plain or store",
                        ));
                    }
                }
            }
            "playout" => {
                self.playout = Some(value.parse().map_err(|_| {
                    value_error(key, value, "expected a number of moves from 1 to 2^32-1")
                })?)
            }
            "model" => self.model = Some(on_or_off(key, value)?),
            "book" => self.book = Some(on_or_off(key, value)?),
            "lanes" => {
                self.lanes = Some(value.parse().map_err(|_| {
                    value_error(
                        key,
                        value,
                        &format!(
                            "expected 1 to {} playouts at a time",
                            Mcts::MAX_ROLLOUT_LANES
                        ),
                    )
                })?)
            }
            _ => self.limits.set(key, value)?,
        }
        Ok(())
    }
}
