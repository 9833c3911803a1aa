//! [`Match`]: a match of rounds (docs/rules.md section 8a), each round a
//! [`Game`] whose start the last round's result decides.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use crate::error::{RuleError, RuleSpecError};
use crate::game::{Event, EventError, EventParseError, Game, RecordError};
use crate::mv::{Move, MoveList};
use crate::outcome::{EndReason, Outcome};
use crate::position::{Effect, Position};
use crate::rules::Rules;
use crate::ruleset::{
    Layout, MAX_PLAYERS, RoundFill, RoundStarter, Rounds, RuleSet, TerritoryRest,
};
use crate::setup::Setup;
use crate::side::Side;

/// A match: one [`Game`] under `rounds = none`, else rounds of games, the
/// seeds each player won in a round filling their houses for the next
/// (docs/rules.md section 8a).
///
/// When a round ends, the next begins at once unless the match is over:
/// every player fills as many houses as their seeds allow, `seeds` to a
/// house, from the end `round_fill` names; the houses left are burnt
/// (out of play, [`Rules::with_burnt`]) for that round, and the seeds too
/// few to fill a house start the round in the player's store. The match
/// ends when a player cannot fill `match_houses` houses, after
/// `round_limit` rounds, when a round ends by resignation or agreement,
/// or when a round ends before its first move. So the last round is over
/// exactly when the match is.
///
/// # Examples
///
/// ```
/// use mancala_core::{Match, Move, Side};
///
/// // Two houses of two seeds, in rounds. Side 0 ends the first round
/// // with 3 seeds, side 1 with 5.
/// let mut game: Match = "kalah,houses=2,seeds=2,rounds=fill; 2, 2, 1, 1, 2, 2, 1".parse()?;
/// assert_eq!(game.round_count(), 2);
/// // Side 0 fills one house and keeps a seed in its store; its house 2
/// // is burnt. Side 1 starts (round_starter = alternate).
/// assert!(game.position().is_burnt(Side::new(0), 2));
/// assert_eq!(game.position().to_string(), "2,0:1 2,2:1 to=1 ply=0");
/// assert_eq!(game.undo_move(), Some(Move::House(1)));
/// assert_eq!(game.round_count(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Match {
    set: RuleSet,
    /// Every round so far; the last one is being played, or the match is over.
    rounds: Vec<Game>,
}

impl Match {
    /// A new match of `set`, at the start of its first round.
    ///
    /// # Errors
    ///
    /// As [`RuleSet::validate`].
    pub fn new(set: &RuleSet) -> Result<Match, RuleError> {
        Ok(Match {
            set: *set,
            rounds: vec![Game::new(Rules::new(set)?)],
        })
    }

    /// The match of `set` whose events, every round's one after the
    /// other, are `events` (what a server stores, one `seq` an event):
    /// the move that ends a round ends its events, and the next event is
    /// the next round's first (see [`Match::apply`]). The one way the
    /// server, the command line and Python read a match from a flat list
    /// of events; a match line ([`Match::from_str`]) separates its rounds
    /// instead.
    ///
    /// # Errors
    ///
    /// [`RecordError::Rules`] for rules that cannot be played, or
    /// [`RecordError::Event`] for the first event that cannot be taken
    /// (an illegal move, a move on a burnt house, any event after the
    /// match ended), its `index` counted over the whole match from 1.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Event, Match, RecordError, RuleSet};
    ///
    /// let set = RuleSet::from_spec("kalah,houses=2,seeds=2,rounds=fill")?;
    /// let events = |text: &str| -> Vec<Event> {
    ///     text.split(',').map(|e| e.trim().parse().unwrap()).collect()
    /// };
    /// // Round 1 ends with its seventh event (3 seeds to 5); the eighth
    /// // and ninth are side 1's in round 2.
    /// let game = Match::from_events(&set, &events("2, 2, 1, 1, 2, 2, 1, 1, 2"))?;
    /// assert_eq!(game.round_count(), 2);
    /// assert_eq!(game.rounds()[1].events().len(), 2);
    /// assert_eq!(game.to_string(), "kalah,houses=2,seeds=2,rounds=fill; 2, 2, 1, 1, 2, 2, 1 / 1, 2");
    ///
    /// // Side 0's house 2 is burnt in round 2: its tenth event is refused.
    /// let err = Match::from_events(&set, &events("2, 2, 1, 1, 2, 2, 1, 1, 2, 2")).unwrap_err();
    /// assert!(matches!(err, RecordError::Event { index: 10, .. }));
    /// assert!(err.to_string().contains("burnt"), "{err}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_events(set: &RuleSet, events: &[Event]) -> Result<Match, RecordError> {
        let mut game = Match::new(set)?;
        for (i, &event) in events.iter().enumerate() {
            game.apply(event).map_err(|error| RecordError::Event {
                index: i + 1,
                event,
                error,
            })?;
        }
        Ok(game)
    }

    /// The rule set.
    pub fn rule_set(&self) -> &RuleSet {
        &self.set
    }

    /// The round being played (the last one once the match is over).
    pub fn round(&self) -> &Game {
        self.rounds.last().expect("a match has a round")
    }

    /// Every round so far, the first first.
    pub fn rounds(&self) -> &[Game] {
        &self.rounds
    }

    /// Rounds so far, the one being played included.
    pub fn round_count(&self) -> usize {
        self.rounds.len()
    }

    /// Per side, the rounds won so far ([`rounds_won`] of every round).
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::Match;
    ///
    /// // Side 1 ends the first round with 5 seeds to 3.
    /// let game: Match = "kalah,houses=2,seeds=2,rounds=fill; 2, 2, 1, 1, 2, 2, 1".parse()?;
    /// assert_eq!(game.rounds_won(), vec![0, 1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rounds_won(&self) -> Vec<usize> {
        rounds_won(&self.rounds)
    }

    /// The current position of the round being played.
    pub fn position(&self) -> Position<'_> {
        self.round().position()
    }

    /// The legal moves in the current position.
    pub fn legal_moves(&self) -> MoveList {
        self.round().legal_moves()
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.round().is_over()
    }

    /// The result of the match, once it is over: the last round's
    /// outcome, so the players rank by the seeds they hold at the end.
    pub fn outcome(&self) -> Option<Outcome> {
        self.round().outcome()
    }

    /// Plays `m` in the round being played; if that ends the round and
    /// not the match, the next round begins.
    ///
    /// # Errors
    ///
    /// [`IllegalMove`](crate::IllegalMove) if `m` is not legal; the match
    /// is then unchanged.
    pub fn play(&mut self, m: Move) -> Result<Effect, crate::IllegalMove> {
        let rounds = self.rounds.len();
        let effect = self.rounds[rounds - 1].play(m)?;
        self.start_next_round();
        Ok(effect)
    }

    /// Takes `event` in the round being played ([`Game::apply`]); a move
    /// that ends the round starts the next (see [`Match::play`]); a
    /// resignation or an agreement ends the match.
    ///
    /// # Errors
    ///
    /// As [`Game::apply`]; the match is then unchanged.
    pub fn apply(&mut self, event: Event) -> Result<Option<Effect>, EventError> {
        let rounds = self.rounds.len();
        let effect = self.rounds[rounds - 1].apply(event)?;
        self.start_next_round();
        Ok(effect)
    }

    /// `side` resigns the match.
    ///
    /// # Errors
    ///
    /// As [`Game::resign`].
    pub fn resign(&mut self, side: Side) -> Result<(), EventError> {
        self.apply(Event::Resign { side }).map(|_| ())
    }

    /// Takes back the last move and every event after it, across a round
    /// boundary too (the round it began is dropped, with any event
    /// recorded in it before its first move); returns the move, or `None`
    /// (and the match unchanged) if no move was played.
    pub fn undo_move(&mut self) -> Option<Move> {
        if self.rounds.len() > 1 && self.round().moves().next().is_none() {
            let dropped = self.rounds.pop().expect("more than one round");
            return match self.rounds.last_mut().expect("a round is left").undo_move() {
                Some(m) => Some(m),
                None => {
                    self.rounds.push(dropped);
                    None
                }
            };
        }
        self.rounds
            .last_mut()
            .expect("a match has a round")
            .undo_move()
    }

    /// If the round being played is over and the match is not, begins the
    /// next round.
    fn start_next_round(&mut self) {
        if let Some(next) = self.next_round() {
            self.rounds.push(next);
        }
    }

    /// The next round, when the last one is over and the match goes on.
    fn next_round(&self) -> Option<Game> {
        let set = &self.set;
        let last = self.round();
        let end = last.position();
        let reason = end.end_reason()?;
        let played = last.moves().next().is_some();
        let limit = set.round_limit != 0 && self.rounds.len() >= usize::from(set.round_limit);
        if set.rounds == Rounds::None
            || matches!(reason, EndReason::Resignation | EndReason::Agreement)
            || !played
            || limit
        {
            return None;
        }
        let (round_set, setup, burnt) = match set.rounds {
            Rounds::Territory => territory_layout(set, &end.scores(), self.rounds.len())?,
            Rounds::LoserFills => {
                let (setup, burnt) = loser_layout(set, last, &end.scores())?;
                (*set, setup, burnt)
            }
            _ => {
                let (setup, burnt) = next_layout(set, &end.scores())?;
                (*set, setup, burnt)
            }
        };
        let starter = next_starter(set.round_starter, last, &end.scores());
        let setup = Setup {
            to_move: starter.index(),
            ..setup
        };
        let rules = Rules::for_round(&round_set, burnt, starter)
            .expect("every side keeps a house in play, and the starter is a side");
        if set.rounds == Rounds::LoserFills && !winner_can_move(&rules, &setup, &end.scores()) {
            return None;
        }
        Some(Game::from_setup(rules, &setup).expect("a round's start fits its rules"))
    }

    fn from_rounds(set: &RuleSet, rounds: &[Vec<Event>]) -> Result<Match, MatchLineError> {
        let mut game = Match::new(set).map_err(|e| MatchLineError::Rules {
            text: set.short_spec(),
            source: RuleSpecError::Invalid(e),
        })?;
        for (r, events) in rounds.iter().enumerate() {
            if r + 1 != game.round_count() {
                return Err(MatchLineError::RoundNotOver { round: r });
            }
            for (i, &event) in events.iter().enumerate() {
                if game.round_count() != r + 1 {
                    return Err(MatchLineError::RoundOver {
                        round: r + 1,
                        index: i + 1,
                    });
                }
                let ply = game.position().ply();
                game.apply(event).map_err(|error| MatchLineError::Illegal {
                    round: r + 1,
                    index: i + 1,
                    event,
                    ply,
                    error,
                })?;
            }
        }
        Ok(game)
    }
}

/// The start of the round after one that ended with these scores, and
/// its burnt houses; `None` when a player cannot fill `match_houses`.
fn next_layout(set: &RuleSet, scores: &[u8]) -> Option<(Setup, [u16; MAX_PLAYERS])> {
    let houses = usize::from(set.houses);
    let mut burnt = [0u16; MAX_PLAYERS];
    let mut setup = Setup::default();
    for (s, &won) in scores.iter().enumerate() {
        let filled = (usize::from(won) / usize::from(set.seeds)).min(houses);
        if filled < usize::from(set.match_houses) {
            return None;
        }
        let first = match set.round_fill {
            RoundFill::FromHouse1 => 0,
            RoundFill::FromStore => houses - filled,
        };
        let mut row = vec![0u8; houses];
        for (h, cell) in row.iter_mut().enumerate() {
            if (first..first + filled).contains(&h) {
                *cell = set.seeds;
            } else {
                burnt[s] |= 1 << h;
            }
        }
        setup.houses.push(row);
        setup.stores.push(won - (filled as u8) * set.seeds);
    }
    Some((setup, burnt))
}

/// How many houses the winner of a round that ended with `won` seeds
/// (to the loser's fewer, or as many) owns in the next, of the `2 x
/// houses` (docs/rules.md section 8a): as many as its seeds fill, and the
/// one they fill in part as `territory_rest` says.
pub(crate) fn territory_houses(set: &RuleSet, won: u8) -> usize {
    let (whole, rest) = (usize::from(won / set.seeds), won % set.seeds);
    let part = matches!(
        set.territory_rest,
        TerritoryRest::OverHalf | TerritoryRest::Lot
    ) && 2 * u16::from(rest) > u16::from(set.seeds);
    (whole + usize::from(part)).min(2 * usize::from(set.houses))
}

/// Under `territory_rest = lot`, whether the lot drawn after round
/// `round` (from 1) gives the contested house to the round's winner: the
/// `round`-th number SplitMix64 draws from the state `lot_seed` is odd
/// (docs/rules.md section 8a; the generator of section 1's dealt start).
pub(crate) fn lot_to_winner(lot_seed: u32, round: usize) -> bool {
    let mut rng = crate::ruleset::SplitMix64(u64::from(lot_seed));
    let mut number = 0;
    for _ in 0..round {
        number = rng.next();
    }
    number % 2 == 1
}

/// Under `rounds = territory`, the round after one that ended with these
/// scores (two players), or `None` when a player would own fewer than
/// `match_houses` houses: the rule set it is played under, its start and
/// its burnt houses.
///
/// Every house is filled again; the winner (the side with more seeds; on
/// a tie, side 0 with no house changing hands) owns its row and the
/// loser's first `k` houses, the loser its houses `k + 1` on. The round is
/// played on a board of `2 x houses - 1` houses a side, each side's
/// houses its own in sowing order: the winner's row, then the loser's
/// houses 1 to `k` as its houses `houses + 1` on; the loser's houses keep
/// their numbers. The houses no one owns there are burnt, so the sowing
/// track is the board's own. A layout of the first `houses` houses keeps
/// the seeds in the game as they are (`majority`, `end_seeds`).
fn territory_layout(
    set: &RuleSet,
    scores: &[u8],
    round: usize,
) -> Option<(RuleSet, Setup, [u16; MAX_PLAYERS])> {
    let h = usize::from(set.houses);
    let seeds = set.seeds;
    let winner = usize::from(scores[1] > scores[0]);
    let loser = 1 - winner;
    let mut owned = territory_houses(set, scores[winner]);
    if 2 * h - owned < usize::from(set.match_houses) {
        return None;
    }
    // A house filled exactly half is drawn by lot (never on a tie, and
    // never the loser's last house); a lot won does not end the match.
    let contested = set.territory_rest == TerritoryRest::Lot
        && scores[0] != scores[1]
        && 2 * u16::from(scores[winner] % seeds) == u16::from(seeds);
    if contested && 2 * h - owned > 1 && lot_to_winner(set.lot_seed, round) {
        owned += 1;
    }
    let k = owned.saturating_sub(h);
    let wide = 2 * h - 1;
    let mut round = *set;
    round.houses = wide as u8;
    round.layout = Layout::of(
        &(0..wide)
            .map(|i| if i < h { seeds } else { 0 })
            .collect::<Vec<u8>>(),
    )
    .expect("a layout of at most 15 counts");
    round.rounds = Rounds::None;
    round.match_houses = 1;
    round.round_limit = 0;
    round.territory_rest = TerritoryRest::OverHalf;
    round.lot_seed = 0;
    let mut setup = Setup::default();
    let mut burnt = [0u16; MAX_PLAYERS];
    let mut houses = [vec![0u8; wide], vec![0u8; wide]];
    for i in 0..wide {
        if i < h + k {
            houses[winner][i] = seeds;
        } else {
            burnt[winner] |= 1 << i;
        }
        if (k..h).contains(&i) {
            houses[loser][i] = seeds;
        } else {
            burnt[loser] |= 1 << i;
        }
    }
    let mut stores = vec![0u8; 2];
    if set.territory_rest == TerritoryRest::LoserEmpty {
        stores[winner] = scores[winner] % seeds;
        stores[loser] = scores[loser] % seeds;
        if stores[winner] + stores[loser] > 0 {
            houses[loser][k] = 0;
        }
    }
    setup.houses = houses.to_vec();
    setup.stores = stores;
    Some((round, setup, burnt))
}

/// Under `rounds = loser_fills`, the round after `last`, which ended with
/// these scores (two players), and its burnt houses; `None` on a tie
/// (there is no loser) or when the loser cannot fill `match_houses`
/// houses (docs/rules.md section 8a).
///
/// The loser fills its houses with the seeds it won as under `fill`, from
/// the end `round_fill` names, the rest burnt and the seeds too few for a
/// house in its store. The winner's houses and store are as the round's
/// last move left them, before the leftover rule swept its houses into
/// its store, and its burnt houses stay burnt.
fn loser_layout(set: &RuleSet, last: &Game, scores: &[u8]) -> Option<(Setup, [u16; MAX_PLAYERS])> {
    if scores[0] == scores[1] {
        return None;
    }
    let winner = usize::from(scores[1] > scores[0]);
    let loser = 1 - winner;
    let (setup, burnt) = next_layout(set, &[scores[loser], scores[loser]])?;
    let (houses, store) = before_leftover(last, Side::new(winner))?;
    let mut rows = [setup.houses[0].clone(), setup.houses[1].clone()];
    let mut stores = [setup.stores[0], setup.stores[1]];
    rows[winner] = houses;
    stores[winner] = store;
    let mut kept = [0u16; MAX_PLAYERS];
    kept[loser] = burnt[loser];
    kept[winner] = last.rules().burnt()[winner];
    let setup = Setup {
        houses: rows.to_vec(),
        stores: stores.to_vec(),
        ..Setup::default()
    };
    Some((setup, kept))
}

/// `side`'s houses and store once `last`'s last move was sown and its
/// captures taken, before the end of the round gave out the seeds left
/// on the board: the move replayed under the same rules with every end
/// leaving the board as it is (as `take_all` does).
fn before_leftover(last: &Game, side: Side) -> Option<(Vec<u8>, u8)> {
    let at = last
        .events()
        .iter()
        .rposition(|e| matches!(e, Event::Move(_)))?;
    let Event::Move(m) = last.events()[at] else {
        return None;
    };
    let before = last.positions().nth(at)?.to_setup();
    let mut keep = Rules::clone(last.rules());
    keep.end_take_all = true;
    let mut pos = Position::from_setup(&keep, &before).ok()?;
    pos.play(m).ok()?;
    Some((pos.houses(side).to_vec(), pos.store(side)))
}

/// Under `rounds = loser_fills`, whether the winner of the last round
/// (the side with more seeds in `scores`) could move from the houses it
/// kept: the match ends if not (MancalaGames' LOSER_ONLY).
fn winner_can_move(rules: &Rules, setup: &Setup, scores: &[u8]) -> bool {
    let winner = usize::from(scores[1] > scores[0]);
    let probe = Setup {
        to_move: winner,
        ..setup.clone()
    };
    // A side with no move passes at once (`no_move = pass`): the probe is
    // then the other side's to move.
    Position::from_setup(rules, &probe)
        .is_ok_and(|p| !p.is_over() && p.to_move().index() == winner && !p.legal_moves().is_empty())
}

/// Who starts the round after `last`, which ended with these scores.
fn next_starter(rule: RoundStarter, last: &Game, scores: &[u8]) -> Side {
    let players = scores.len();
    let alternate = Side::new((last.start().to_move().index() + 1) % players);
    let unique = |best: u8| {
        let mut sides = (0..players).filter(|&s| scores[s] == best);
        match (sides.next(), sides.next()) {
            (Some(s), None) => Side::new(s),
            _ => alternate,
        }
    };
    match rule {
        RoundStarter::Alternate => alternate,
        RoundStarter::Loser => unique(*scores.iter().min().expect("two players or more")),
        RoundStarter::Winner => unique(*scores.iter().max().expect("two players or more")),
        RoundStarter::LastMover => {
            // The side to move before the last move.
            let positions: Vec<Position<'_>> = last.positions().collect();
            let at = last
                .events()
                .iter()
                .rposition(|e| matches!(e, Event::Move(_)));
            at.map_or(alternate, |i| positions[i].to_move())
        }
    }
}

/// A match line that cannot be read back into a [`Match`]: each variant
/// names the part that is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MatchLineError {
    /// The line is not `RULES; ROUNDS`.
    #[error(
        "a match line is \"RULES; ROUNDS\", the rounds' events separated by '/' (e.g. \"dakon,rounds=fill; 3, 6 / 2\"); this one has {fields} field(s) separated by ';'"
    )]
    Shape {
        /// The `;`-separated fields found.
        fields: usize,
    },
    /// The rules field is no rule-set spec that can be played.
    #[error("the rules \"{text}\": {source}")]
    Rules {
        /// The field as written.
        text: String,
        /// Why it was refused.
        source: RuleSpecError,
    },
    /// An event that does not parse.
    #[error("round {round}, event {index}: {source}")]
    BadEvent {
        /// The round, from 1.
        round: usize,
        /// Place of the event in its round, from 1.
        index: usize,
        /// Why it does not parse.
        source: EventParseError,
    },
    /// An event that cannot be taken where it stands.
    #[error("round {round}, event {index} ({event}) at ply {ply}: {error}")]
    Illegal {
        /// The round, from 1.
        round: usize,
        /// Place of the event in its round, from 1.
        index: usize,
        /// The event.
        event: Event,
        /// Moves played before it in its round.
        ply: u32,
        /// Why it was refused.
        error: EventError,
    },
    /// A round's events end but the round does not.
    #[error("round {round} is not over, so no round follows it")]
    RoundNotOver {
        /// The round, from 1.
        round: usize,
    },
    /// An event after its round ended (it belongs to the next one).
    #[error("round {round} is over before its event {index}")]
    RoundOver {
        /// The round, from 1.
        round: usize,
        /// Place of the event in its round, from 1.
        index: usize,
    },
}

/// Per side, how many of `rounds` (the rounds of a match, in order) each
/// side won: a round counts for the one side ranked first alone once it
/// is over, so a drawn round and the round being played count for
/// nobody (docs/rules.md section 8a). Sides are players: rounds refuse
/// the pie rule. Empty for no rounds.
pub fn rounds_won(rounds: &[Game]) -> Vec<usize> {
    let mut won = vec![0; rounds.first().map_or(0, |r| r.rules().players())];
    for round in rounds {
        if let Some(side) = round.outcome().and_then(|o| o.winner()) {
            won[side.index()] += 1;
        }
    }
    won
}

impl fmt::Display for Match {
    /// The match line: `RULES; ROUNDS`, the rules as
    /// [`RuleSet::short_spec`], each round's events as in a game line
    /// (separated by `", "`), the rounds separated by `" / "`. A round's
    /// start is not written: the rounds before decide it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{};", self.set.short_spec())?;
        for (r, round) in self.rounds.iter().enumerate() {
            if r > 0 {
                f.write_str(" /")?;
            }
            crate::record::write_events(f, round.events())?;
        }
        Ok(())
    }
}

impl FromStr for Match {
    type Err = MatchLineError;

    /// Reads a match line and replays it:
    ///
    /// ```text
    /// line   = RULES ";" ROUND { "/" ROUND }
    /// ROUND  = nothing | EVENT { "," EVENT }
    /// ```
    ///
    /// `RULES` as in a game line ([`RuleSet::from_spec`]), each `EVENT` as
    /// there ([`Event`]). Every round but the last must end with its
    /// events, and none may go on after its end.
    ///
    /// # Errors
    ///
    /// [`MatchLineError`] naming the first part that does not fit.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Match, MatchLineError};
    ///
    /// let err = "kalah,rounds=fill; 3 / 4".parse::<Match>().unwrap_err();
    /// assert_eq!(err, MatchLineError::RoundNotOver { round: 1 });
    /// ```
    fn from_str(s: &str) -> Result<Match, MatchLineError> {
        let fields: Vec<&str> = s.trim().split(';').map(str::trim).collect();
        let [rules_text, rounds_text] = fields.as_slice() else {
            return Err(MatchLineError::Shape {
                fields: fields.len(),
            });
        };
        let set = RuleSet::from_spec(rules_text).map_err(|source| MatchLineError::Rules {
            text: rules_text.to_string(),
            source,
        })?;
        let mut rounds = Vec::new();
        for (r, text) in rounds_text.split('/').enumerate() {
            let text = text.trim();
            let mut events = Vec::new();
            if !text.is_empty() {
                for (i, event) in text.split(',').enumerate() {
                    events.push(event.parse().map_err(|source| MatchLineError::BadEvent {
                        round: r + 1,
                        index: i + 1,
                        source,
                    })?);
                }
            }
            rounds.push(events);
        }
        Match::from_rounds(&set, &rounds).map_err(|e| match e {
            MatchLineError::Rules { source, .. } => MatchLineError::Rules {
                text: rules_text.to_string(),
                source,
            },
            e => e,
        })
    }
}

/// What a [`Match`] reads and writes with serde.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct MatchRecord {
    rules: RuleSet,
    rounds: Vec<Vec<Event>>,
}

impl Serialize for Match {
    /// Serialises as `{rules, rounds}`, `rounds` holding each round's
    /// events.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        MatchRecord {
            rules: self.set,
            rounds: self.rounds.iter().map(|g| g.events().to_vec()).collect(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Match {
    /// Reads a record and replays it: a record that does not replay is an
    /// error naming what does not fit ([`MatchLineError`]).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let record = MatchRecord::deserialize(deserializer)?;
        record.rules.validate().map_err(serde::de::Error::custom)?;
        Match::from_rounds(&record.rules, &record.rounds).map_err(serde::de::Error::custom)
    }
}

/// The rules of a round: those of [`Match::round`], shared.
impl Match {
    /// The compiled rules of the round being played, its burnt houses
    /// included.
    pub fn round_rules(&self) -> &Arc<Rules> {
        self.round().rules()
    }
}
