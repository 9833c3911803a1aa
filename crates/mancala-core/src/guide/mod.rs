//! What a rules page says besides the rules topic by topic
//! ([`RuleSet::explain`](crate::RuleSet::explain)): the aim of the game
//! ([`RuleSet::aim`](crate::RuleSet::aim)), the terms these rules use
//! ([`RuleSet::glossary`](crate::RuleSet::glossary)) and the questions
//! players ask, answered for these rules
//! ([`RuleSet::questions`](crate::RuleSet::questions)).
//!
//! As for the explanation, core chooses what is said and the catalogs
//! say it (`crates/mancala-i18n/locales/<lang>/rules.ftl`, the
//! `rules-aim-`, `rules-term-`, `rules-question-` and `rules-answer-`
//! messages): every id is a literal in these files, so a test can list
//! them all.

use serde::Serialize;

use crate::phrase::Phrase;

mod aim;
mod glossary;
mod questions;

/// A term a rule set uses, for a glossary: its id, its name and what it
/// means under these rules.
///
/// Serialised as `{"id": "house", "name": PHRASE, "meaning": [PHRASE, ...]}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Term {
    /// The term: `house`, `store`, `seed`, `sow`, `relay`, `extra_turn`,
    /// `capture`, `corresponding_house`, `chain`, `sow_capture`,
    /// `tuzdyk`, `grand_slam`, `feeding`, `pass` or `pie_rule`.
    pub id: &'static str,
    /// The term's name (`rules-term-` and the id in kebab case).
    pub name: Phrase,
    /// What it means, in one or more sentences.
    pub meaning: Vec<Phrase>,
}

/// A question players ask about a rule set, with its answer under these
/// rules.
///
/// Serialised as `{"id": "draw", "question": PHRASE, "answer": [PHRASE, ...]}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Question {
    /// The question: `other_stores`, `origin_lap`, `which_houses`,
    /// `empty_opposite`, `corresponding_house`, `capture_side`,
    /// `extra_turns`, `no_move` or `draw`.
    pub id: &'static str,
    /// The question itself.
    pub question: Phrase,
    /// Its answer, in one or more sentences.
    pub answer: Vec<Phrase>,
}
