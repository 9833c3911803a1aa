//! The aim of a game: what a player is trying to do, and what helps.

use crate::explain::{can_capture, extra_turn_when, n};
use crate::phrase::Phrase;
use crate::ruleset::{EndCondition, RuleSet, StoresSown};

impl RuleSet {
    /// What a player is trying to do under these rules, as [`Phrase`]s
    /// (never empty): `rules-aim` with the goal (`empty_first`: be the
    /// first to empty your houses; `take_all`: take every seed of the
    /// opponent's houses; `store_most`: the most seeds in your
    /// store; `capture_most`: capture the most seeds), then
    /// `rules-aim-majority` when more than half of the seeds wins at
    /// once, and `rules-aim-means` naming what helps (extra turns,
    /// captures) when the rules have them.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Phrase, Preset};
    ///
    /// let aim = Preset::MancalaBasic.rules().aim();
    /// assert_eq!(aim[0], Phrase::new("rules-aim").word("goal", "empty_first").number("players", 2u8));
    /// ```
    pub fn aim(&self) -> Vec<Phrase> {
        let empty_first = self.end.contains(EndCondition::EmptyFirst);
        let goal = if empty_first {
            "empty_first"
        } else if self.end.contains(EndCondition::TakeAll) {
            "take_all"
        } else if self.stores_sown == StoresSown::None && can_capture(self) {
            "capture_most"
        } else {
            "store_most"
        };
        let mut phrases = vec![
            Phrase::new("rules-aim")
                .word("goal", goal)
                .number("players", self.players),
        ];
        if self.end.contains(EndCondition::Majority) && !empty_first {
            let total = n(self.total_seeds());
            phrases.push(
                Phrase::new("rules-aim-majority")
                    .number("need", total / 2 + 1)
                    .number("total", total),
            );
        }
        let means = match (extra_turn_when(self).is_some(), can_capture(self)) {
            (true, true) => Some("extra_turns_and_captures"),
            (true, false) => Some("extra_turns"),
            (false, true) => Some("captures"),
            (false, false) => None,
        };
        if let Some(means) = means {
            phrases.push(Phrase::new("rules-aim-means").word("means", means));
        }
        phrases
    }
}
