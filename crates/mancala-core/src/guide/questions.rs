//! The questions players ask about a game, each answered from the rule
//! set.

use super::Question;
use crate::explain::{
    can_lack_move, capture_turn_limit, extra_turn_when, grand_slam_rule, leftover,
    leftover_matters, on_side, opposite_target, origin_word, stores_word,
};
use crate::phrase::Phrase;
use crate::ruleset::{Capture, CaptureSide, EndCondition, NoMove, RuleSet, Unfed};

/// A question without arguments and its answer.
fn ask(id: &'static str, question: &'static str, answer: Vec<Phrase>) -> Question {
    Question {
        id,
        question: Phrase::new(question),
        answer,
    }
}

impl RuleSet {
    /// The questions players ask about these rules, each with its answer
    /// chosen from the rule set, in this order: `other_stores` (do seeds
    /// go into the other stores?), `origin_lap` (is the emptied house
    /// skipped on a lap?), `which_houses` (which houses may I play?),
    /// `empty_opposite` (what if the corresponding house is empty?) and
    /// `corresponding_house` (where is it?) for the Kalah family's
    /// capture, `capture_side` (on whose side are captures made?),
    /// `extra_turns` (several in a row?), `feeding` (what if my opponent
    /// has no seeds?), `no_move` (what if a player cannot move?) and
    /// `draw` (can the game be a draw, or players share a place?).
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Phrase, Preset};
    ///
    /// let kalah = Preset::Kalah.rules().questions();
    /// let draw = kalah.iter().find(|q| q.id == "draw").unwrap();
    /// assert_eq!(
    ///     draw.answer,
    ///     [Phrase::new("rules-answer-draw").word("draw", "equal_stores")]
    /// );
    /// ```
    pub fn questions(&self) -> Vec<Question> {
        let mut questions = vec![
            Question {
                id: "other_stores",
                question: Phrase::new("rules-question-other-stores")
                    .number("players", self.players),
                answer: vec![other_stores(self)],
            },
            ask(
                "origin_lap",
                "rules-question-origin-lap",
                vec![origin_lap(self)],
            ),
            ask(
                "which_houses",
                "rules-question-which-houses",
                which_houses(self),
            ),
        ];
        questions.extend(capture_questions(self));
        if extra_turn_when(self).is_some() {
            // "As often as it keeps happening" is wrong once captures
            // earn only so many.
            let mut answer = match capture_turn_limit(self) {
                Some(limit) => {
                    vec![Phrase::new("rules-extra-turn-capture-limit").number("limit", limit)]
                }
                None => vec![Phrase::new("rules-answer-extra-turns")],
            };
            if !self.first_move_extra_turn {
                answer.push(Phrase::new("rules-extra-turn-not-first"));
            }
            questions.push(ask("extra_turns", "rules-question-extra-turns", answer));
        }
        if self.must_feed {
            questions.push(ask("feeding", "rules-question-feeding", feeding(self)));
        }
        questions.push(ask("no_move", "rules-question-no-move", no_move(self)));
        questions.push(Question {
            id: "draw",
            question: Phrase::new("rules-question-draw").number("players", self.players),
            answer: vec![draw(self)],
        });
        questions
    }
}

/// Whether seeds go into the other players' stores.
fn other_stores(r: &RuleSet) -> Phrase {
    Phrase::new("rules-answer-other-stores")
        .word("stores", stores_word(r))
        .number("players", r.players)
}

/// What a lap does with the emptied house.
fn origin_lap(r: &RuleSet) -> Phrase {
    Phrase::new("rules-answer-origin-lap").word("origin", origin_word(r))
}

/// Which houses may be played: the seeds they must hold, the duty to
/// feed, a forbidden grand slam.
fn which_houses(r: &RuleSet) -> Vec<Phrase> {
    let mut answer =
        vec![Phrase::new("rules-answer-which-houses").number("min_seeds", r.min_seeds.max(1))];
    if r.must_feed {
        answer.push(Phrase::new("rules-feeding"));
    }
    if grand_slam_rule(r) == Some("forbidden") {
        answer.push(Phrase::new("rules-grand-slam").word("grand_slam", "forbidden"));
    }
    answer
}

/// The questions of the last seed's capture: what an empty
/// corresponding house does and where it is (the Kalah family), or on
/// whose side captures are made (the others).
fn capture_questions(r: &RuleSet) -> Vec<Question> {
    match r.capture {
        Capture::None => Vec::new(),
        Capture::Opposite => {
            let empty = if r.capture_empty_opposite {
                "last_seed"
            } else {
                "nothing"
            };
            vec![
                Question {
                    id: "empty_opposite",
                    question: Phrase::new("rules-question-empty-opposite")
                        .word("target", opposite_target(r)),
                    answer: vec![Phrase::new("rules-answer-empty-opposite").word("empty", empty)],
                },
                ask(
                    "corresponding_house",
                    "rules-question-corresponding-house",
                    vec![
                        Phrase::new("rules-term-corresponding-house-means")
                            .number("players", r.players),
                    ],
                ),
            ]
        }
        Capture::Count | Capture::Next | Capture::Gap | Capture::Match => vec![Question {
            id: "capture_side",
            question: Phrase::new("rules-question-capture-side"),
            answer: vec![
                Phrase::new("rules-answer-capture-side").word("side", capture_side_answer(r)),
            ],
        }],
    }
}

/// The duty to feed and what happens when no move can.
fn feeding(r: &RuleSet) -> Vec<Phrase> {
    let unfed = match r.unfed {
        Unfed::AnyMove => "any_move",
        Unfed::EndToMover => "end_to_mover",
        Unfed::EndToStarving => "end_to_starving",
        Unfed::End => "end",
    };
    vec![
        Phrase::new("rules-feeding"),
        Phrase::new("rules-feeding-unfed").word("unfed", unfed),
    ]
}

/// What happens to a player who cannot move, if it can happen at all.
fn no_move(r: &RuleSet) -> Vec<Phrase> {
    if !can_lack_move(r) {
        return vec![Phrase::new("rules-answer-no-move").word("rule", "cannot_happen")];
    }
    let rule = match r.no_move {
        NoMove::End => "end",
        NoMove::Pass => "pass",
    };
    let mut answer = vec![Phrase::new("rules-answer-no-move").word("rule", rule)];
    if r.must_feed && r.unfed == Unfed::EndToStarving {
        answer.push(Phrase::new("rules-feeding-starving"));
    } else if leftover_matters(r) {
        answer.push(
            Phrase::new("rules-scoring-leftover").phrase("leftover", leftover(r.leftover, r)),
        );
    }
    answer
}

/// Whether the game can be a draw (two players) or players can share a
/// place (three or four). Two players' seeds are always an even number,
/// so equal stores are always possible.
fn draw(r: &RuleSet) -> Phrase {
    let draw = if r.players > 2 {
        "share_place"
    } else if r.end.contains(EndCondition::EmptyFirst) {
        "not_if_emptied"
    } else if r.end.contains(EndCondition::TakeAll) {
        "equal_houses"
    } else {
        "equal_stores"
    };
    Phrase::new("rules-answer-draw").word("draw", draw)
}

/// The answer to "Can I capture on my own side?": `on_side`'s word, or
/// `opponent_first` when a chain may go on onto the mover's side.
fn capture_side_answer(r: &RuleSet) -> &'static str {
    let chains = r.chain && r.players == 2 && matches!(r.capture, Capture::Count | Capture::Gap);
    if r.capture_side == CaptureSide::OpponentFirst && chains {
        "opponent_first"
    } else {
        on_side(r)
    }
}
