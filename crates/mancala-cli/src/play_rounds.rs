//! What `mancala play` plays: one game, or a match in rounds (docs/rules.md
//! section 8a), and the words said between rounds.

use std::sync::Arc;

use mancala_core::{Effect, RuleSet};
use mancala_core::{
    EndReason, EventError, Game, IllegalMove, Match, Move, Position, Rounds, Rules, Side,
};

/// The game of a session: one [`Game`] (its start may be any position),
/// or a [`Match`] of rounds for rules with `rounds` other than `none`.
#[derive(Clone, Debug)]
pub enum Record {
    /// One game.
    Game(Game),
    /// Rounds of games.
    Match(Match),
}

impl Record {
    /// A new game of `rules` from the start: a match when the rules play
    /// rounds.
    pub fn new(rules: &Arc<Rules>) -> Record {
        let set = rules.rule_set();
        if set.rounds == Rounds::None {
            Record::Game(Game::new(Arc::clone(rules)))
        } else {
            Record::Match(Match::new(set).expect("compiled rules are valid"))
        }
    }

    /// Whether this is a match in rounds.
    pub fn is_match(&self) -> bool {
        matches!(self, Record::Match(_))
    }

    /// The round being played (the game itself outside a match).
    pub fn round(&self) -> &Game {
        match self {
            Record::Game(g) => g,
            Record::Match(m) => m.round(),
        }
    }

    /// Every round so far (one outside a match).
    pub fn rounds(&self) -> &[Game] {
        match self {
            Record::Game(g) => std::slice::from_ref(g),
            Record::Match(m) => m.rounds(),
        }
    }

    /// The rules of the round being played, burnt houses included.
    pub fn rules(&self) -> Arc<Rules> {
        Arc::clone(self.round().rules())
    }

    /// Plays `m`; in a match a move that ends a round starts the next.
    pub fn play(&mut self, m: Move) -> Result<Effect, IllegalMove> {
        match self {
            Record::Game(g) => g.play(m),
            Record::Match(x) => x.play(m),
        }
    }

    /// `side` resigns (the match, in a match).
    pub fn resign(&mut self, side: Side) -> Result<(), EventError> {
        match self {
            Record::Game(g) => g.resign(side),
            Record::Match(x) => x.resign(side),
        }
    }

    /// Takes back the last move, across a round boundary too.
    pub fn undo_move(&mut self) -> Option<Move> {
        match self {
            Record::Game(g) => g.undo_move(),
            Record::Match(x) => x.undo_move(),
        }
    }

    /// Whether any move was played, in any round.
    pub fn has_moves(&self) -> bool {
        self.rounds().iter().any(|r| r.moves().next().is_some())
    }

    /// Where the record stands, to tell a new turn: the round and its
    /// events so far.
    pub fn turn_mark(&self) -> (usize, usize) {
        (self.rounds().len(), self.round().events().len())
    }
}

/// The lines said when `ended` is over and `next` begins: who won the
/// round and with how many seeds, what each side carries into the next
/// (the houses filled, the seeds left in the store, the houses burnt),
/// and who starts. `houses` is the houses a row of the board as the
/// players see it (the match's rule set's); `name(side)` names who plays
/// a side.
pub fn between_rounds(
    ended: &Game,
    next: &Game,
    number: usize,
    houses: usize,
    name: &dyn Fn(Side) -> String,
) -> Vec<String> {
    let end = ended.position();
    let start = next.position();
    let scores = end.scores();
    let rules = next.rules();
    let seeds: Vec<String> = rules
        .sides()
        .map(|s| format!("{} {}", name(s), seeds_word(scores[s.index()])))
        .collect();
    let verdict = match end.outcome().and_then(|o| o.winner()) {
        Some(side) => format!("{} wins it", name(side)),
        None => "a draw".to_string(),
    };
    let mut lines = vec![format!(
        "round {number} is over: {verdict} ({})",
        seeds.join(", ")
    )];
    for side in rules.sides() {
        let won = scores[side.index()];
        lines.push(if rules.houses() == houses {
            carried(&start, side, won, number + 1, name)
        } else {
            owned(&start, side, won, number + 1, houses, name)
        });
    }
    lines.push(format!(
        "{} starts round {}",
        name(start.to_move()),
        number + 1
    ));
    lines
}

/// What `side` carries into round `number`: `won` seeds, the houses they
/// fill, the rest in the store, the houses burnt.
fn carried(
    start: &Position<'_>,
    side: Side,
    won: u8,
    number: usize,
    name: &dyn Fn(Side) -> String,
) -> String {
    let houses = start.rules().houses();
    let burnt: Vec<String> = (1..=houses)
        .filter(|&h| start.is_burnt(side, h))
        .map(|h| h.to_string())
        .collect();
    let filled = houses - burnt.len();
    let store = start.store(side);
    let burns = match burnt.len() {
        0 => "no house burns".to_string(),
        1 => format!("house {} burns", burnt[0]),
        _ => format!("houses {} burn", burnt.join(", ")),
    };
    format!(
        "{} carries {} into round {number}: {filled} house{} filled, {} in the store; {burns}",
        name(side),
        seeds_word(won),
        if filled == 1 { "" } else { "s" },
        seeds_word(store),
    )
}

/// [`carried`] for a later round of `rounds = territory`, whose engine
/// board is wider than the `houses` a row the players see (docs/rules.md
/// section 8a): the houses `side` owns, on its own row and on the other.
fn owned(
    start: &Position<'_>,
    side: Side,
    won: u8,
    number: usize,
    houses: usize,
    name: &dyn Fn(Side) -> String,
) -> String {
    let rules = start.rules();
    let held = |row: Side| -> Vec<(usize, usize)> {
        (1..=houses)
            .filter_map(|n| match rules.physical_house(houses, row, n) {
                Some((owner, h)) if owner == side => Some((n, h)),
                _ => None,
            })
            .collect()
    };
    let list = |numbers: &mut dyn Iterator<Item = usize>| -> String {
        numbers
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let own = held(side);
    let across = held(Side::new(1 - side.index()));
    let count = own.len() + across.len();
    let mut text = format!(
        "{} carries {} into round {number} and owns {count} house{}: ",
        name(side),
        seeds_word(won),
        if count == 1 { "" } else { "s" },
    );
    text += &match own.len() {
        0 => "none of its row".to_string(),
        n if n == houses => "its whole row".to_string(),
        1 => format!("house {} of its row", own[0].0),
        _ => format!("houses {} of its row", list(&mut own.iter().map(|p| p.0))),
    };
    if !across.is_empty() {
        text += &format!(
            " and the other row's house{} {} (its house{} {})",
            if across.len() == 1 { "" } else { "s" },
            list(&mut across.iter().map(|p| p.0)),
            if across.len() == 1 { "" } else { "s" },
            list(&mut across.iter().map(|p| p.1)),
        );
    }
    text
}

/// Why a match that is over ended after its last round `last` (the
/// `number`th): a resignation or agreement says so itself, so `None`.
pub fn match_end(
    set: &RuleSet,
    last: &Game,
    number: usize,
    name: &dyn Fn(Side) -> String,
) -> Option<String> {
    let end = last.position();
    let reason = end.end_reason()?;
    if set.rounds == Rounds::None || matches!(reason, EndReason::Resignation | EndReason::Agreement)
    {
        return None;
    }
    if last.moves().next().is_none() {
        return Some(format!(
            "the match is over: round {number} ended before its first move"
        ));
    }
    let short: Vec<String> = last
        .rules()
        .sides()
        .filter(|s| end.scores()[s.index()] / set.seeds < set.match_houses)
        .map(name)
        .collect();
    let houses = if set.match_houses == 1 {
        "1 house".to_string()
    } else {
        format!("{} houses", set.match_houses)
    };
    if !short.is_empty() {
        let verb = if short.len() == 1 {
            "cannot"
        } else {
            "cannot each"
        };
        return Some(format!(
            "the match is over after {number} round{}: {} {verb} fill {houses}",
            if number == 1 { "" } else { "s" },
            short.join(" and ")
        ));
    }
    Some(format!("the match is over: its {number} rounds are played"))
}

/// `n seeds` or `1 seed`.
fn seeds_word(n: u8) -> String {
    if n == 1 {
        "1 seed".to_string()
    } else {
        format!("{n} seeds")
    }
}
