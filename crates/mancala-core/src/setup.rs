//! [`Setup`]: a position as plain, unchecked data, and its one-line text
//! notation.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::{NameError, NotationError, NotationField, NotationReason};
use crate::outcome::EndReason;

/// Where the pie rule stands in a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PieState {
    /// The second player has not yet taken their first turn (or there is no
    /// pie rule).
    #[default]
    Pending,
    /// The second player swapped sides.
    Swapped,
    /// The second player moved instead of swapping.
    Declined,
}

impl PieState {
    /// The state's name in position notation.
    pub const fn name(self) -> &'static str {
        match self {
            PieState::Pending => "pending",
            PieState::Swapped => "swapped",
            PieState::Declined => "declined",
        }
    }
}

impl fmt::Display for PieState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for PieState {
    type Err = NameError;

    /// Reads a name, ignoring case.
    fn from_str(s: &str) -> Result<Self, NameError> {
        [PieState::Pending, PieState::Swapped, PieState::Declined]
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| NameError::PieState {
                text: s.to_string(),
            })
    }
}

impl Serialize for PieState {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for PieState {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// A position as plain data, not checked against any rules: what you write
/// by hand, read from a file or get from [`Position::to_setup`](crate::Position::to_setup).
/// [`Position::from_setup`](crate::Position::from_setup) turns it into a
/// playable [`Position`](crate::Position) or says what is wrong with it.
///
/// # Notation
///
/// One line, fields separated by spaces: first one field per side, side 0
/// first, each the side's houses (house 1 first, in sowing order) separated
/// by commas, a colon, and the side's store; then `key=value` fields:
///
/// | field | meaning | default |
/// |---|---|---|
/// | `to=S` | the side to move | `0` |
/// | `ply=N` | moves played so far (a pie swap counts) | `0` |
/// | `pie=pending\|swapped\|declined` | pie rule state | `pending` |
/// | `discarded=N` | seeds out of the game (leftover `discard`/`split`) | `0` |
/// | `resigned=S,S` | sides that resigned, in order | none |
/// | `tuzdyk=A,B` | per side, the opponent's house it made its tuzdyk, `0` for none | none |
/// | `children=A,B` | per side, the set of the opponent's houses that are its children (`children`), house `n` as bit `n - 1`, `0` for none | none |
/// | `own_children=A,B` | per side, the set of its own houses that are its children (wegs, `child_kind = weg`), house `n` as bit `n - 1`, `0` for none | none |
/// | `capture_turns=N` | extra moves captures have earned the side to move in this turn (under `capture_extra_turn_limit`) | `0` |
/// | `barred=N` | the house of the side to move that `no_undo` bars on this move (the opponent's last move sowed its single seed across the end of the row), `0` for none | `0` |
/// | `over=REASON` | the game is over, and why (an [`EndReason`] name) | not over |
///
/// The written form always has `to` and `ply`, and the others only when
/// they differ from the default. The Kalah start position is
/// `4,4,4,4,4,4:0 4,4,4,4,4,4:0 to=0 ply=0`.
///
/// # Examples
///
/// ```
/// use mancala_core::Setup;
///
/// let setup: Setup = "0,5,5,5,5,4:0 4,4,4,4,4,4:0 to=1 ply=1".parse()?;
/// assert_eq!(setup.houses[0], vec![0, 5, 5, 5, 5, 4]);
/// assert_eq!(setup.to_move, 1);
/// assert_eq!(setup.to_string(), "0,5,5,5,5,4:0 4,4,4,4,4,4:0 to=1 ply=1");
///
/// assert!("4,4,x:0 4,4,4:0".parse::<Setup>().is_err());
/// # Ok::<(), mancala_core::NotationError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Per side, the seeds in each house, house 1 first.
    pub houses: Vec<Vec<u8>>,
    /// Per side, the seeds in the store (captured seeds in store-less games).
    pub stores: Vec<u8>,
    /// The side to move, as a plain number (not a
    /// [`Side`](crate::Side)): a setup is unchecked and may name a side
    /// the rules do not have, which
    /// [`Position::from_setup`](crate::Position::from_setup) refuses.
    #[serde(default)]
    pub to_move: usize,
    /// Moves played so far (a pie swap counts).
    #[serde(default)]
    pub ply: u32,
    /// Where the pie rule stands.
    #[serde(default)]
    pub pie: PieState,
    /// Seeds taken out of the game by a `discard` or `split` leftover rule.
    #[serde(default)]
    pub discarded: u8,
    /// Sides that resigned, in the order they did (plain numbers, as
    /// `to_move`).
    #[serde(default)]
    pub resigned: Vec<usize>,
    /// Per side, the number of the opponent's house that side has made its
    /// tuzdyk, 0 for none (docs/rules.md section 5); empty when no side has
    /// one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tuzdyk: Vec<u8>,
    /// Per side, under `children`, the set of the opponent's houses that
    /// are its children (house `n` as bit `n - 1`, 0 for none;
    /// docs/rules.md section 5); empty when no side has one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<u8>,
    /// Per side, under `child_kind = weg`, the set of its own houses that
    /// are its children (wegs; house `n` as bit `n - 1`, 0 for none;
    /// docs/rules.md section 5); empty when no side has one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub own_children: Vec<u8>,
    /// Extra moves that captures have earned the side to move in its
    /// current turn: counted only under `capture_extra_turn_limit`
    /// (docs/rules.md section 5), 0 otherwise.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub capture_turns: u8,
    /// Under `no_undo` (docs/rules.md section 4): the house (from 1) of
    /// the side to move that it may not move now, the opponent's last
    /// move having sown that house's single seed across the end of the
    /// row; 0 for none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub barred: u8,
    /// Whether the game is over, and why.
    #[serde(default)]
    pub over: Option<EndReason>,
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (s, houses) in self.houses.iter().enumerate() {
            if s > 0 {
                f.write_str(" ")?;
            }
            for (i, n) in houses.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{n}")?;
            }
            write!(f, ":{}", self.stores.get(s).copied().unwrap_or(0))?;
        }
        write!(f, " to={} ply={}", self.to_move, self.ply)?;
        if self.pie != PieState::Pending {
            write!(f, " pie={}", self.pie)?;
        }
        if self.discarded != 0 {
            write!(f, " discarded={}", self.discarded)?;
        }
        if !self.resigned.is_empty() {
            let sides: Vec<String> = self.resigned.iter().map(usize::to_string).collect();
            write!(f, " resigned={}", sides.join(","))?;
        }
        if self.tuzdyk.iter().any(|&t| t != 0) {
            let houses: Vec<String> = self.tuzdyk.iter().map(u8::to_string).collect();
            write!(f, " tuzdyk={}", houses.join(","))?;
        }
        if self.children.iter().any(|&t| t != 0) {
            let sets: Vec<String> = self.children.iter().map(u8::to_string).collect();
            write!(f, " children={}", sets.join(","))?;
        }
        if self.own_children.iter().any(|&t| t != 0) {
            let sets: Vec<String> = self.own_children.iter().map(u8::to_string).collect();
            write!(f, " own_children={}", sets.join(","))?;
        }
        if self.capture_turns != 0 {
            write!(f, " capture_turns={}", self.capture_turns)?;
        }
        if self.barred != 0 {
            write!(f, " barred={}", self.barred)?;
        }
        if let Some(reason) = self.over {
            write!(f, " over={reason}")?;
        }
        Ok(())
    }
}

/// Serde's test for leaving `capture_turns` and `barred` out of a saved setup.
fn is_zero(n: &u8) -> bool {
    *n == 0
}

fn bad(token: &str, reason: impl Into<NotationReason>) -> NotationError {
    NotationError {
        token: token.to_string(),
        reason: reason.into(),
    }
}

fn number<T: FromStr>(token: &str, text: &str, field: NotationField) -> Result<T, NotationError> {
    let reason = if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        NotationReason::NotANumber {
            field,
            text: text.to_string(),
        }
    } else {
        match text.parse() {
            Ok(n) => return Ok(n),
            Err(_) => NotationReason::TooLarge {
                field,
                text: text.to_string(),
            },
        }
    };
    Err(bad(token, reason))
}

impl FromStr for Setup {
    type Err = NotationError;

    fn from_str(s: &str) -> Result<Self, NotationError> {
        let mut setup = Setup::default();
        let mut seen: Vec<&str> = Vec::new();
        for token in s.split_whitespace() {
            if let Some((key, value)) = token.split_once('=') {
                if seen.contains(&key) {
                    return Err(bad(
                        token,
                        NotationReason::Repeated {
                            key: key.to_string(),
                        },
                    ));
                }
                seen.push(key);
                match key {
                    "to" => setup.to_move = number(token, value, NotationField::ToMove)?,
                    "ply" => setup.ply = number(token, value, NotationField::Ply)?,
                    "pie" => setup.pie = value.parse().map_err(|e: NameError| bad(token, e))?,
                    "discarded" => {
                        setup.discarded = number(token, value, NotationField::Discarded)?;
                    }
                    "resigned" => {
                        setup.resigned = value
                            .split(',')
                            .map(|v| number(token, v, NotationField::Resigned))
                            .collect::<Result<_, _>>()?;
                    }
                    "tuzdyk" => {
                        setup.tuzdyk = value
                            .split(',')
                            .map(|v| number(token, v, NotationField::Tuzdyk))
                            .collect::<Result<_, _>>()?;
                    }
                    "children" => {
                        setup.children = value
                            .split(',')
                            .map(|v| number(token, v, NotationField::Children))
                            .collect::<Result<_, _>>()?;
                    }
                    "own_children" => {
                        setup.own_children = value
                            .split(',')
                            .map(|v| number(token, v, NotationField::Children))
                            .collect::<Result<_, _>>()?;
                    }
                    "capture_turns" => {
                        setup.capture_turns = number(token, value, NotationField::CaptureTurns)?;
                    }
                    "barred" => setup.barred = number(token, value, NotationField::Barred)?,
                    "over" => {
                        setup.over = Some(value.parse().map_err(|e: NameError| bad(token, e))?)
                    }
                    _ => {
                        let key = key.to_string();
                        return Err(bad(token, NotationReason::UnknownKey { key }));
                    }
                }
            } else {
                if !seen.is_empty() {
                    return Err(bad(token, NotationReason::SideAfterFields));
                }
                let (houses, store) = token
                    .split_once(':')
                    .ok_or_else(|| bad(token, NotationReason::NotASide))?;
                let houses = houses
                    .split(',')
                    .map(|h| number(token, h, NotationField::Houses))
                    .collect::<Result<Vec<u8>, _>>()?;
                setup.houses.push(houses);
                setup
                    .stores
                    .push(number(token, store, NotationField::Store)?);
            }
        }
        if setup.houses.is_empty() {
            return Err(bad(s.trim(), NotationReason::NoSides));
        }
        Ok(setup)
    }
}

impl Setup {
    /// Parses position notation; the same as `text.parse()`.
    ///
    /// # Errors
    ///
    /// A [`NotationError`] naming the field that does not parse.
    pub fn from_notation(text: &str) -> Result<Setup, NotationError> {
        text.parse()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reason(text: &str) -> NotationReason {
        text.parse::<Setup>().unwrap_err().reason
    }

    #[test]
    fn notation_errors_say_what_is_wrong_as_values() {
        let text = |t: &str| t.to_string();
        assert_eq!(
            reason("4,x:0 4,4:0"),
            NotationReason::NotANumber {
                field: NotationField::Houses,
                text: text("x")
            }
        );
        assert_eq!(
            reason("4,4:999 4,4:0"),
            NotationReason::TooLarge {
                field: NotationField::Store,
                text: text("999")
            }
        );
        assert_eq!(
            reason("4,4:0 4,4:0 resigned=0,x"),
            NotationReason::NotANumber {
                field: NotationField::Resigned,
                text: text("x")
            }
        );
        assert_eq!(
            reason("4,4:0 4,4:0 ply=1 ply=2"),
            NotationReason::Repeated { key: text("ply") }
        );
        assert_eq!(
            reason("4,4:0 4,4:0 who=1"),
            NotationReason::UnknownKey { key: text("who") }
        );
        assert_eq!(reason("4,4:0 to=1 4,4:0"), NotationReason::SideAfterFields);
        assert_eq!(reason("4,4 4,4:0"), NotationReason::NotASide);
        assert_eq!(reason("to=1"), NotationReason::NoSides);
        assert_eq!(
            reason("4,4:0 4,4:0 pie=maybe"),
            NotationReason::Name(NameError::PieState {
                text: text("maybe")
            })
        );
        assert_eq!(
            reason("4,4:0 4,4:0 over=bored"),
            NotationReason::Name(NameError::EndReason {
                text: text("bored")
            })
        );
    }
}
