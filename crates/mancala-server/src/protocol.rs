//! The WebSocket messages of protocol version 1, as serde types.
//!
//! Every message is a JSON object whose `type` names it; `docs/protocol.md`
//! shows each with an example. Seats are player numbers (seat 0 moves
//! first); sides are board sides, the same as seats unless the pie rule
//! swapped them.

use mancala_core::{
    CaptureFrom, Cup, Effect, EndReason, Event, Game, Match, Outcome, Position, RecordError,
    Rounds, Rules, Setup, Side, SowingStep,
};
use serde::{Deserialize, Serialize};

/// A message from a client.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// The first message of a connection: who the client is.
    Hello {
        /// The protocol version the client speaks ([`PROTOCOL_VERSION`](crate::PROTOCOL_VERSION)).
        version: u32,
        /// The player id from `POST /api/players`.
        player: String,
        /// The player's secret.
        secret: String,
    },
    /// Take a seat: `seat`, or the first free one.
    Sit {
        /// The seat wanted (0-based), if any.
        #[serde(default)]
        seat: Option<usize>,
        /// Take it as well as the seats one has (pass and play, casual
        /// rooms only); without it, a seated player is refused.
        #[serde(default)]
        also: bool,
    },
    /// Leave one's seat and watch (between games only).
    Stand,
    /// Change one's display name, everywhere.
    Rename {
        /// The new name (at most [`MAX_NAME`](crate::MAX_NAME) characters,
        /// no control characters).
        name: String,
    },
    /// Start a game (host only): the seated players, at least
    /// [`RoomView::min_players`] of them, play it.
    Start,
    /// Play a move in the client's own seat.
    Move {
        /// The move as text: a house number from the mover's view (`"3"`)
        /// or `"swap"`.
        #[serde(rename = "move")]
        mv: String,
        /// The seat the client moves for; refused when it is not theirs.
        #[serde(default)]
        seat: Option<usize>,
    },
    /// Resign the game in the client's own seat.
    Resign,
    /// Ask for another game with the same players, after a game: it
    /// starts once every person seated has asked (the host may also
    /// `start` it, except in a room the queue made).
    Rematch,
    /// Put the computer in a seat, or take it out (host only, between
    /// games).
    Computer {
        /// The seat (0-based).
        seat: usize,
        /// The computer's level, 1 to 10 (`ai:1` .. `ai:10`); `null`
        /// empties a computer's seat.
        level: Option<u8>,
    },
}

/// A message from the server.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The answer to `hello`: the client is in the room.
    Welcome {
        /// The protocol version of the server.
        version: u32,
        /// The client's player id.
        you: String,
    },
    /// The whole state of the room: sent after `welcome` and whenever a
    /// seat changes (someone sits, the computer is put in or taken out,
    /// a player goes away, is taken over or comes back).
    Room(RoomView),
    /// A game started.
    Started(GameView),
    /// A move was played (and committed).
    Moved(MovedView),
    /// A round of a match ended and the next began (docs/rules.md
    /// section 8a): sent after the `moved` that ended the round, only in
    /// a room whose rules have rounds. The match goes on; `over` comes
    /// only when the match ends.
    RoundStarted {
        /// The round now being played, its burnt houses, the rounds won.
        round: RoundView,
        /// How the round that just ended ended.
        previous: OutcomeView,
        /// The start of the new round.
        position: Setup,
        /// The seat to move first in it.
        to_move: Option<usize>,
        /// The legal moves of the seat to move, as in `moved`.
        #[serde(default)]
        legal_moves: Vec<String>,
        /// Per seat, the board side it plays.
        sides: Vec<usize>,
        /// The clock of the first turn, in a room with a time per turn.
        #[serde(default)]
        clock: Option<ClockView>,
    },
    /// A seat resigned (committed).
    Resigned {
        /// The seat that resigned.
        seat: usize,
        /// The position after it.
        position: Setup,
        /// The seat to move, `null` once the game is over.
        to_move: Option<usize>,
        /// The legal moves of the seat to move, as in `moved`.
        #[serde(default)]
        legal_moves: Vec<String>,
        /// The clock of the turn that follows, in a room with a time per
        /// turn.
        #[serde(default)]
        clock: Option<ClockView>,
    },
    /// The game ended.
    Over {
        /// How.
        outcome: OutcomeView,
        /// In a rated room, each seat's rating change, seat by seat;
        /// `null` in a casual room.
        #[serde(default)]
        ratings: Option<Vec<RatingChangeView>>,
    },
    /// A request of this client was refused; nothing changed.
    Error {
        /// The kind of failure (see [`Error::code`](crate::Error::code)).
        code: String,
        /// A sentence for developers, in English (pages word `code` with
        /// `args` in their own language).
        message: String,
        /// The facts of the failure ([`Error::args`](crate::Error::args)):
        /// numbers by name, `{}` for most codes.
        #[serde(default)]
        args: serde_json::Map<String, serde_json::Value>,
    },
}

/// The state of a room.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RoomView {
    /// The room's code.
    pub code: String,
    /// The host's player id.
    pub host: String,
    /// The rules, as a canonical spec, of a game started now: for the
    /// players seated (at least [`RoomView::min_players`]). During a game,
    /// the game's rules.
    pub rules: String,
    /// The preset the room plays (`"kalah"` for the house rules), `null`
    /// for rules of one's own: a page names the game by it.
    #[serde(default)]
    pub preset: Option<String>,
    /// The Kalah house rules the host chose, `null` in a room made with a
    /// rules spec.
    pub house_rules: Option<HouseRules>,
    /// Whether the seats turn by one at each rematch.
    pub rotation: bool,
    /// Whether the room's games are rated.
    pub rated: bool,
    /// The fewest players a game here takes; the most is the number of
    /// seats.
    pub min_players: usize,
    /// The time per turn in seconds (30 or 60), `null` for none.
    #[serde(default)]
    pub turn_seconds: Option<u32>,
    /// Per seat, who sits there.
    pub seats: Vec<Option<SeatView>>,
    /// Whether the host may start a game now: no game is being played
    /// and at least [`RoomView::min_players`] seats are taken (every seat,
    /// where the rules fix the count).
    #[serde(default)]
    pub can_start: bool,
    /// The players connected without a seat, once each, in the order they
    /// came.
    pub spectators: Vec<SpectatorView>,
    /// The game being played or last played, if any.
    pub game: Option<GameView>,
    /// Whether the queue made the room (strangers seated together): a
    /// rematch starts when every person seated asked for it.
    #[serde(default)]
    pub matched: bool,
    /// The seats whose players asked for a rematch since the last game.
    #[serde(default)]
    pub rematch: Vec<usize>,
}

/// The Kalah house rules of the site, as a room keeps them: instantiated
/// with [`mancala_core::KalahOptions`] for the number of players at each
/// start, the house count falling back to 6 when it does not suit them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HouseRules {
    /// Houses per player as chosen: 4, 6 or 7. A game plays 6 when the
    /// choice does not suit its players (7 is for two, 4 for three or four).
    pub houses: u8,
    /// Seeds per house at the start: 3 or 4.
    pub seeds: u8,
    /// Whose corresponding houses a capture takes with 3 or 4 players.
    pub capture: CaptureFrom,
}

/// A player watching the room.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpectatorView {
    /// Their player id.
    pub player: String,
    /// Their display name (plain text, never markup).
    pub name: String,
}

/// Who sits in a seat.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SeatView {
    /// Their player id (`ai:N` for the computer at level N).
    pub player: String,
    /// Their display name (plain text, never markup).
    pub name: String,
    /// Whether the player has no connection to the room (never for the
    /// computer).
    #[serde(default)]
    pub away: bool,
    /// Who plays the seat's turns when it is not its player: `computer`
    /// for a computer seat and for a seat taken over after its player
    /// stayed away; `null` when the player plays.
    #[serde(default)]
    pub played_by: Option<PlayedBy>,
    /// The computer's level (1 to 10) when the computer sits here,
    /// `null` for a person.
    #[serde(default)]
    pub level: Option<u8>,
}

/// Who plays a seat in place of its player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayedBy {
    /// The server's computer player.
    Computer,
}

/// Who played a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MovedBy {
    /// The seat's player, from their connection.
    Player,
    /// The server's computer player (see [`ComputerReason`]).
    Computer,
}

/// Why the computer played a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ComputerReason {
    /// The seat is the computer's.
    ComputerSeat,
    /// The seat resigned and the game goes on (3 or 4 players).
    Resigned,
    /// The seat's player stayed away past the takeover delay.
    Takeover,
    /// The seat's time for the turn ran out.
    Timeout,
}

impl ComputerReason {
    /// Every reason, in the order declared.
    pub const ALL: [ComputerReason; 4] = [
        ComputerReason::ComputerSeat,
        ComputerReason::Resigned,
        ComputerReason::Takeover,
        ComputerReason::Timeout,
    ];

    /// The reason's name, as the protocol and the database write it
    /// (`"computer_seat"`, `"resigned"`, `"takeover"`, `"timeout"`).
    pub const fn as_str(self) -> &'static str {
        match self {
            ComputerReason::ComputerSeat => "computer_seat",
            ComputerReason::Resigned => "resigned",
            ComputerReason::Takeover => "takeover",
            ComputerReason::Timeout => "timeout",
        }
    }

    /// The reason named `name` ([`ComputerReason::as_str`]), if any.
    pub fn from_name(name: &str) -> Option<ComputerReason> {
        ComputerReason::ALL.into_iter().find(|r| r.as_str() == name)
    }
}

/// The clock of the turn being played, in a room with a time per turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockView {
    /// The seat to move.
    pub seat: usize,
    /// What is left of the turn, in milliseconds, when the message was
    /// sent.
    pub remaining_ms: u64,
    /// The whole time of a turn, in milliseconds.
    pub limit_ms: u64,
}

/// A game: everything a client needs to show it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameView {
    /// The game's id.
    pub id: String,
    /// Its rules, as a canonical spec (for as many players as it has).
    pub rules: String,
    /// Its events so far, as text (`"3"`, `"resign 1"`).
    pub events: Vec<String>,
    /// Its events so far with who made each: a page's move list, whole.
    #[serde(default)]
    pub record: Vec<RecordView>,
    /// The current position.
    pub position: Setup,
    /// The seat to move, `null` once the game is over.
    pub to_move: Option<usize>,
    /// The legal moves of the seat to move, as text in the engine's order
    /// (docs/rules.md section 16: houses, then the houses whose direction
    /// the mover chooses as `3ccw` and `3cw`, then `swap`); empty once the
    /// game is over.
    #[serde(default)]
    pub legal_moves: Vec<String>,
    /// Per seat, the board side it plays now: the seat's own number but
    /// after a pie swap.
    #[serde(default)]
    pub sides: Vec<usize>,
    /// How it ended, if it did.
    pub outcome: Option<OutcomeView>,
    /// The clock of the turn being played, in a room with a time per
    /// turn while the game goes on.
    #[serde(default)]
    pub clock: Option<ClockView>,
    /// In a match of rounds (docs/rules.md section 8a), the round being
    /// played; left out for rules without rounds. `events` and `record`
    /// then hold every round's events, one after the other, and
    /// `position` is the round's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<RoundView>,
}

/// Where a match of rounds stands (docs/rules.md section 8a).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundView {
    /// The round, from 1: the one being played, or the last once the
    /// match is over.
    pub number: usize,
    /// Per seat, the rounds won so far (this one counts once it is over):
    /// a round is won by the one seat that ranks first alone.
    pub rounds_won: Vec<u8>,
    /// Per board side, the burnt houses of the round (out of play: no
    /// seed, never sown, never moved), by house number from 1.
    pub burnt: Vec<Vec<u8>>,
    /// The events of the match before the round began: its first event
    /// is `seq` `first_seq + 1`.
    pub first_seq: usize,
    /// Under `rounds = territory` (docs/rules.md section 8a), who owns
    /// each house of the board as it stands (two rows of the rules'
    /// `houses`): per board side, the houses of its row from house 1,
    /// each with its owner and its number on the round's board (which
    /// has `2 x houses - 1` houses a side after the first round: the
    /// numbers `position`, moves and `burnt` use). Left out for other
    /// rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub territory: Option<Vec<Vec<OwnedHouse>>>,
    /// The rules the round is played under, as a canonical spec, when
    /// they are not the match's: a round of `rounds = territory` after
    /// the first is played on its wider board (what `POST
    /// /api/preview` takes with `burnt` for a position of the round).
    /// Left out when the round plays the match's rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
}

/// A house of the board as it stands in a round of `rounds = territory`
/// (docs/rules.md section 8a): whose it is, and which of the owner's
/// houses it is on the round's board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnedHouse {
    /// The board side that owns the house this round.
    pub owner: usize,
    /// Its number among the owner's houses on the round's board, from 1:
    /// what a move from it names.
    pub house: usize,
}

/// Who owns each house of a board of two rows of `houses` in a round of
/// `rounds = territory` played under `rules` (docs/rules.md section 8a;
/// [`Rules::physical_house`]): a house of a row is the row's player's
/// under its own number, unless it is burnt there; then it is the other
/// player's house `houses + n`. A house owned by neither (never so in a
/// territory round) is left out of its row's list, which then has fewer
/// than `houses` entries.
fn territory_owners(rules: &Rules, houses: usize) -> Vec<Vec<OwnedHouse>> {
    (0..2)
        .map(|row| {
            (1..=houses)
                .filter_map(|n| rules.physical_house(houses, Side::new(row), n))
                .map(|(owner, house)| OwnedHouse {
                    owner: owner.index(),
                    house,
                })
                .collect()
        })
        .collect()
}

impl RoundView {
    /// Round `index` (from 0) of `game`, `None` under `rounds = none`.
    pub(crate) fn of(game: &Match, index: usize) -> Option<RoundView> {
        if game.rule_set().rounds == Rounds::None {
            return None;
        }
        let rounds = game.rounds();
        let round = rounds.get(index)?;
        let rules = round.rules();
        let rounds_won = mancala_core::rounds_won(&rounds[..=index])
            .into_iter()
            .map(|n| u8::try_from(n).unwrap_or(u8::MAX))
            .collect();
        let houses = rules.houses();
        let burnt = rules
            .sides()
            .map(|side| {
                (1..=houses)
                    .filter(|&h| rules.is_burnt(side, h))
                    .map(|h| h as u8)
                    .collect()
            })
            .collect();
        let first_seq = rounds[..index].iter().map(|g| g.events().len()).sum();
        let set = game.rule_set();
        let territory = (set.rounds == Rounds::Territory)
            .then(|| territory_owners(rules, usize::from(set.houses)));
        let own = rules.rule_set();
        let rules = (own != set).then(|| own.canonical());
        Some(RoundView {
            number: index + 1,
            rounds_won,
            burnt,
            first_seq,
            territory,
            rules,
        })
    }

    /// The round being played (or the last) of `game`.
    pub(crate) fn current(game: &Match) -> Option<RoundView> {
        RoundView::of(game, game.round_count() - 1)
    }
}

/// Every event of `game`, round after round: what the database holds,
/// one `seq` an event.
pub(crate) fn match_events(game: &Match) -> Vec<Event> {
    game.rounds()
        .iter()
        .flat_map(|g| g.events().iter().copied())
        .collect()
}

/// The events of `game` so far, every round's.
pub(crate) fn event_count(game: &Match) -> usize {
    game.rounds().iter().map(|g| g.events().len()).sum()
}

impl GameView {
    /// The view of `game`, whose id is `id`, whose events the computer
    /// played for the reasons of `played_by` (one an event, `None` for
    /// the seat's player; missing entries read as `None`), with the
    /// turn's `clock`.
    pub(crate) fn new(
        id: &str,
        game: &Match,
        played_by: &[Option<ComputerReason>],
        clock: Option<ClockView>,
    ) -> GameView {
        let record = game
            .rounds()
            .iter()
            .flat_map(|round| round.positions().zip(round.events()))
            .enumerate()
            .map(|(i, (before, event))| {
                let reason = played_by.get(i).copied().flatten();
                RecordView {
                    seat: event_seat(&before, event),
                    event: event.to_string(),
                    by: if reason.is_some() {
                        MovedBy::Computer
                    } else {
                        MovedBy::Player
                    },
                    reason,
                }
            })
            .collect();
        GameView {
            id: id.to_string(),
            rules: game.rule_set().canonical(),
            events: match_events(game).iter().map(ToString::to_string).collect(),
            record,
            position: game.position().to_setup(),
            to_move: to_move_in(&game.position()),
            legal_moves: legal_moves_in(&game.position()),
            sides: seat_sides(&game.position()),
            outcome: game.outcome().as_ref().map(OutcomeView::from),
            clock,
            round: RoundView::current(game),
        }
    }
}

/// The seat that made `event` in the position `before` it: the seat to
/// move for a move or an agreement, the seat of the side named otherwise.
fn event_seat(before: &Position<'_>, event: &Event) -> usize {
    match *event {
        Event::Resign { side } | Event::Computer { side, .. } => before.player_of(side),
        Event::Move(_) | Event::Agreement => before.player_to_move(),
    }
}

/// One event of a game's record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordView {
    /// The seat that made it.
    pub seat: usize,
    /// The event as text, as in [`GameView::events`].
    pub event: String,
    /// Who made it: the seat's `player`, or the `computer`.
    pub by: MovedBy,
    /// Why the computer made it, `null` for the player's own.
    #[serde(default)]
    pub reason: Option<ComputerReason>,
}

/// The seat to move in `game`, `None` once it is over.
pub(crate) fn to_move(game: &Game) -> Option<usize> {
    to_move_in(&game.position())
}

/// The seat to move in `position`, `None` once it is over.
pub(crate) fn to_move_in(position: &Position<'_>) -> Option<usize> {
    (!position.is_over()).then(|| position.player_to_move())
}

/// The legal moves of the side to move in `position`, as text in the
/// engine's order; none once it is over.
pub(crate) fn legal_moves_in(position: &Position<'_>) -> Vec<String> {
    if position.is_over() {
        return Vec::new();
    }
    position
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect()
}

/// Per seat, the board side it plays in `position`.
pub(crate) fn seat_sides(position: &Position<'_>) -> Vec<usize> {
    (0..position.rules().players())
        .map(|seat| position.side_of(seat).index())
        .collect()
}

/// The seats whose turn `effect`, played to reach `after`, passed over
/// (`no_move = pass`), in turn order.
pub(crate) fn passed_seats(effect: &Effect, after: &Position<'_>) -> Vec<usize> {
    effect.passed().map(|side| after.player_of(side)).collect()
}

/// A move that was played.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MovedView {
    /// The seat that moved.
    pub seat: usize,
    /// The move as text.
    #[serde(rename = "move")]
    pub mv: String,
    /// The number of the event in the game, from 1.
    pub seq: usize,
    /// What the move did.
    pub effect: EffectView,
    /// The position after it.
    pub position: Setup,
    /// The seat to move, `null` once the game is over.
    pub to_move: Option<usize>,
    /// The legal moves of the seat to move, as text in the engine's order
    /// (docs/rules.md section 16: houses, then the houses whose direction
    /// the mover chooses as `3ccw` and `3cw`, then `swap`); empty once the
    /// game or its round is over (`round_started` then lists the next
    /// round's).
    #[serde(default)]
    pub legal_moves: Vec<String>,
    /// The seats passed over after the move because they had no legal
    /// move (`no_move = pass`), in turn order; left out when none was.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub passed: Vec<usize>,
    /// Per seat, the board side it plays after the move: the seat's own
    /// number but after a pie swap.
    #[serde(default)]
    pub sides: Vec<usize>,
    /// Who played it: the seat's `player`, or the `computer`.
    pub by: MovedBy,
    /// Why the computer played it, `null` for the player's own move.
    #[serde(default)]
    pub reason: Option<ComputerReason>,
    /// The clock of the turn that follows, in a room with a time per
    /// turn.
    #[serde(default)]
    pub clock: Option<ClockView>,
    /// In a match of rounds, the round the move was played in, as it
    /// stands after the move (a move that ends the round counts it won;
    /// `round_started` follows); left out for rules without rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<RoundView>,
}

/// What a move did, from [`mancala_core::Effect`].
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct EffectView {
    /// The board side that moved.
    pub side: usize,
    /// Seeds lifted and sown (0 for a swap).
    pub sown: u8,
    /// The cups the seeds went into, one a seed in sowing order, before
    /// any capture (empty for a swap): the seeds of `steps`.
    #[serde(default)]
    pub path: Vec<CupView>,
    /// The sowing step by step (empty for a swap): what a page animates.
    /// Besides the seeds of `path`, the lifts (the house sown, then each
    /// relay) and the houses taken while sowing or passed on by a tuzdyk.
    #[serde(default)]
    pub steps: Vec<StepView>,
    /// Where the last seed landed (`null` for a swap).
    pub last: Option<CupView>,
    /// Seeds captured into the mover's store (the seeds of a child the
    /// move made included: see `child`).
    pub captured: u8,
    /// The cups the capture emptied.
    pub captured_cups: Vec<CupView>,
    /// Whether the capture took every seed of the opponent.
    pub grand_slam: bool,
    /// Whether the mover moves again.
    pub extra_turn: bool,
    /// The house this move made the mover's tuzdyk, if it did
    /// (docs/rules.md section 5; left out otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tuzdyk: Option<CupView>,
    /// The house this move made the mover's child, if it did
    /// (`children`, docs/rules.md section 5; left out otherwise): its
    /// seeds, in `captured`, went to the mover's store by the making of
    /// a child, which is no capture.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub child: Option<CupView>,
    /// The relay lifts this move made after its first (docs/rules.md
    /// section 3; left out when 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub relays: u8,
    /// Why the game ended with this move, if it did.
    pub ended: Option<EndReason>,
}

impl EffectView {
    /// The view of effect `e` of a move sown in `steps` (from
    /// [`mancala_core::Position::sowing_steps`] before the move; `None`
    /// for a swap).
    pub(crate) fn new(e: &mancala_core::Effect, steps: Option<Vec<SowingStep>>) -> EffectView {
        let steps: Vec<StepView> = steps.into_iter().flatten().map(StepView::from).collect();
        let path = steps
            .iter()
            .filter_map(|s| match s {
                StepView::Seed { cup } => Some(*cup),
                _ => None,
            })
            .collect();
        EffectView {
            side: e.side.index(),
            sown: e.sown,
            path,
            steps,
            last: e.last.map(CupView::from),
            captured: e.captured,
            captured_cups: e.captured_cups().map(CupView::from).collect(),
            grand_slam: e.grand_slam,
            extra_turn: e.extra_turn,
            tuzdyk: e.tuzdyk.map(CupView::from),
            child: e.child.map(CupView::from),
            relays: e.relays,
            ended: e.ended,
        }
    }
}

/// A cup: a house (`number` from 1, in sowing order) or a store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CupView {
    /// A house.
    House {
        /// The board side owning it.
        side: usize,
        /// The house number, from 1.
        number: u8,
    },
    /// A store.
    Store {
        /// The board side owning it.
        side: usize,
    },
}

impl From<Cup> for CupView {
    fn from(cup: Cup) -> CupView {
        match cup {
            Cup::House { side, number } => CupView::House {
                side: side.index(),
                number,
            },
            Cup::Store { side } => CupView::Store { side: side.index() },
        }
    }
}

/// Whether `n` is 0 (serde leaves such a count out).
fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// A step of a sowing ([`mancala_core::SowingStep`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum StepView {
    /// Every seed of a house is lifted.
    Lift {
        /// The house.
        cup: CupView,
    },
    /// One seed goes into a cup.
    Seed {
        /// The cup.
        cup: CupView,
    },
    /// Every seed of a house goes to a store at once.
    Take {
        /// The house.
        cup: CupView,
        /// The board side whose store gets the seeds.
        to: usize,
    },
}

impl From<SowingStep> for StepView {
    fn from(step: SowingStep) -> StepView {
        match step {
            SowingStep::Lift(cup) => StepView::Lift { cup: cup.into() },
            SowingStep::Seed(cup) => StepView::Seed { cup: cup.into() },
            SowingStep::Take { cup, to } => StepView::Take {
                cup: cup.into(),
                to: to.index(),
            },
        }
    }
}

/// How a game ended, per board side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutcomeView {
    /// Why it ended.
    pub reason: EndReason,
    /// Final scores per side.
    pub scores: Vec<u8>,
    /// Final ranks per side, 1 for first place.
    pub ranks: Vec<u8>,
    /// The winning side, `null` when first place is shared.
    pub winner: Option<usize>,
    /// Final scores per seat (the same as per side unless the pie rule
    /// swapped them).
    #[serde(default)]
    pub seat_scores: Vec<u8>,
    /// Final ranks per seat, 1 for first place.
    #[serde(default)]
    pub seat_ranks: Vec<u8>,
    /// The winning seat, `null` when first place is shared.
    #[serde(default)]
    pub winner_seat: Option<usize>,
}

impl From<&Outcome> for OutcomeView {
    fn from(o: &Outcome) -> OutcomeView {
        OutcomeView {
            reason: o.reason(),
            scores: o.scores().to_vec(),
            ranks: o.ranks().to_vec(),
            winner: o.winner().map(Side::index),
            seat_scores: o.player_scores(),
            seat_ranks: o.player_ranks(),
            winner_seat: o.winner().map(|side| o.player_of(side)),
        }
    }
}

/// How one seat's rating changed with a rated game (Glicko-2: a rating
/// and its deviation, both in rating points).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChangeView {
    /// The seat.
    pub seat: usize,
    /// Its player's id.
    pub player: String,
    /// The seat's rank in the game, 1 for first place.
    pub rank: u8,
    /// The rating before the game.
    pub rating_before: f64,
    /// The rating after it.
    pub rating_after: f64,
    /// The rating deviation before the game.
    pub deviation_before: f64,
    /// The rating deviation after it.
    pub deviation_after: f64,
}

/// A row of `GET /api/leaderboard`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LeaderboardEntry {
    /// The player's id.
    pub player: String,
    /// Their display name.
    pub name: String,
    /// Their current rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// The rated games they finished.
    pub games: u64,
}

/// A row of `GET /api/players/{id}/games`: one rated game of the player.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HistoryEntry {
    /// The player's rated games in the order finished, from 1.
    pub number: u64,
    /// The game's id.
    pub game: String,
    /// The room it was played in.
    pub room: String,
    /// The rating change, with the player's seat and rank.
    #[serde(flatten)]
    pub change: RatingChangeView,
}

/// The answer of `GET /api/games/{id}`: a game whole, finished or being
/// played, with every event and the position after it, so that a page
/// draws and animates it without rules of its own.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ReplayView {
    /// The game's id.
    pub id: String,
    /// The room it is played in.
    pub room: String,
    /// Its number among the room's games, from 1.
    pub number: u64,
    /// Its rules, as a canonical spec (for as many players as it has).
    pub rules: String,
    /// The preset the room plays (as in [`RoomView::preset`]), `null` for
    /// rules of one's own: a page names the game by it.
    pub preset: Option<String>,
    /// Whether the game is rated.
    pub rated: bool,
    /// Who played each seat, seat 0 (the first to move) first.
    pub seats: Vec<ReplaySeatView>,
    /// The position at the start.
    pub start: Setup,
    /// Per seat, the board side it plays at the start.
    pub sides: Vec<usize>,
    /// The seat to move at the start.
    pub to_move: Option<usize>,
    /// Every event in the order played, with the position after it.
    pub plies: Vec<PlyView>,
    /// Whether the game is over.
    pub over: bool,
    /// How it ended, if it did.
    pub outcome: Option<OutcomeView>,
    /// When it started, in milliseconds since 1970 (UTC); `null` for games
    /// stored before the server kept it.
    pub started_at: Option<i64>,
    /// When it ended, in milliseconds since 1970 (UTC); `null` while it
    /// goes on.
    pub ended_at: Option<i64>,
    /// For a match of rounds (docs/rules.md section 8a), the rounds it
    /// has had (`plies` hold every round's events, `over` and `outcome`
    /// are the match's). Left out for rules without rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<usize>,
    /// For a match of rounds, the start of each round, the first first
    /// (its `start` is the game's). Left out for rules without rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round_starts: Option<Vec<RoundStartView>>,
}

/// The start of a round of a match, as a replay shows it between the
/// last event of the round before and its own first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundStartView {
    /// The round (its `rounds_won` as it starts: the rounds before it).
    pub round: RoundView,
    /// Its start position.
    pub start: Setup,
    /// Per seat, the board side it plays there.
    pub sides: Vec<usize>,
    /// The seat to move first.
    pub to_move: Option<usize>,
}

/// Who played a seat of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplaySeatView {
    /// The seat.
    pub seat: usize,
    /// The player's id (`ai:N` for the computer at level N).
    pub player: String,
    /// Their display name now (plain text, never markup).
    pub name: String,
    /// The computer's level (1 to 10) for a computer seat, `null` for a
    /// person.
    pub level: Option<u8>,
}

/// One event of a game, as a replay shows it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PlyView {
    /// The number of the event in the game, from 1 (as `seq` in `moved`).
    pub ply: usize,
    /// The seat that made it.
    pub seat: usize,
    /// The event as text (`"3"`, `"swap"`, `"resign 1"`).
    pub event: String,
    /// Who made it: the seat's `player`, or the `computer`.
    pub by: MovedBy,
    /// Why the computer made it, `null` for the player's own.
    pub reason: Option<ComputerReason>,
    /// What a move did, as in `moved` (`null` for an event that is not a
    /// move: a resignation, an agreement, a seat handed to the computer).
    pub effect: Option<EffectView>,
    /// The position after it.
    pub position: Setup,
    /// The seat to move after it, `null` once the game is over.
    pub to_move: Option<usize>,
    /// Per seat, the board side it plays after it.
    pub sides: Vec<usize>,
    /// The seats passed over after it (as in `moved`), in turn order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub passed: Vec<usize>,
    /// In a match of rounds, the round it was played in, its
    /// `rounds_won` as they stand after it (the round counts once this
    /// event ended it); left out for rules without rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<RoundView>,
}

impl ReplayView {
    /// Every event of `game` (every round's, one after the other: `ply`
    /// counts over the whole match) with the position after it, each
    /// played by the computer for the reason of `played_by` (one an
    /// event, `None` for the seat's player); in a match of rounds, each
    /// with its round.
    ///
    /// # Errors
    ///
    /// [`RecordError`] for an event that does not replay (none of a
    /// `Match`, whose rounds took every event already).
    pub(crate) fn plies(
        game: &Match,
        played_by: &[Option<ComputerReason>],
    ) -> Result<Vec<PlyView>, RecordError> {
        let mut plies = Vec::with_capacity(event_count(game));
        for (r, round) in game.rounds().iter().enumerate() {
            // The round from its start, each event taken again for its
            // effect.
            let mut replayed = round.clone();
            while replayed.undo().is_some() {}
            for &event in round.events() {
                let i = plies.len();
                let before = replayed.position();
                let seat = event_seat(&before, &event);
                let steps = match event {
                    Event::Move(m) => before.sowing_steps(m),
                    _ => None,
                };
                let effect = replayed.apply(event).map_err(|error| RecordError::Event {
                    index: i + 1,
                    event,
                    error,
                })?;
                let after = replayed.position();
                let reason = played_by.get(i).copied().flatten();
                plies.push(PlyView {
                    ply: i + 1,
                    seat,
                    event: event.to_string(),
                    by: if reason.is_some() {
                        MovedBy::Computer
                    } else {
                        MovedBy::Player
                    },
                    reason,
                    passed: effect
                        .as_ref()
                        .map(|e| passed_seats(e, &after))
                        .unwrap_or_default(),
                    effect: effect.as_ref().map(|e| EffectView::new(e, steps)),
                    position: after.to_setup(),
                    to_move: to_move(&replayed),
                    sides: seat_sides(&after),
                    round: round_as_of(game, r, replayed.is_over()),
                });
            }
        }
        Ok(plies)
    }

    /// The start of every round of `game`, `None` under rules without
    /// rounds.
    pub(crate) fn round_starts(game: &Match) -> Option<Vec<RoundStartView>> {
        (0..game.round_count())
            .map(|r| {
                let round = round_as_of(game, r, false)?;
                let start = game.rounds()[r].start();
                Some(RoundStartView {
                    round,
                    start: start.to_setup(),
                    sides: seat_sides(&start),
                    to_move: to_move_in(&start),
                })
            })
            .collect()
    }
}

/// Round `r` (from 0) of `game` with the rounds won before it, and this
/// one too when `over`; `None` under rules without rounds.
fn round_as_of(game: &Match, r: usize, over: bool) -> Option<RoundView> {
    let mut view = RoundView::of(game, r)?;
    if !over {
        view.rounds_won = mancala_core::rounds_won(&game.rounds()[..r])
            .into_iter()
            .map(|n| u8::try_from(n).unwrap_or(u8::MAX))
            .collect();
        // No round before the first: nobody has won one.
        view.rounds_won
            .resize(game.rounds()[r].rules().players(), 0);
    }
    Some(view)
}

/// The answer of `GET /api/players/{id}`: a player's page.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PlayerView {
    /// The player's id.
    pub id: String,
    /// Their display name (plain text, never markup).
    pub name: String,
    /// The computer's level for a computer player (`ai:N`), `null` for a
    /// person.
    pub level: Option<u8>,
    /// Their current rating (1500 before any rated game).
    pub rating: f64,
    /// Its deviation (350 before any rated game).
    pub deviation: f64,
    /// The rated games they finished.
    pub rated_games: u64,
    /// The rating after each rated game, in the order finished.
    pub history: Vec<RatingPoint>,
    /// Wins, draws and losses of their finished games, by game.
    pub record: Vec<RecordTally>,
}

/// A point of a player's rating over time: where a rated game left it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingPoint {
    /// The player's rated games in the order finished, from 1.
    pub number: u64,
    /// The game.
    pub game: String,
    /// The rating after it.
    pub rating: f64,
    /// Its deviation after it.
    pub deviation: f64,
    /// When the game ended, in milliseconds since 1970 (UTC), `null` if
    /// unknown.
    pub at: Option<i64>,
}

/// A player's wins, draws and losses in one game (a preset, or rules of
/// their own).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordTally {
    /// The preset (`"kalah"`), `null` for rules of one's own.
    pub preset: Option<String>,
    /// The rules as a canonical spec, for rules of one's own; `null`
    /// with a preset (whose rules vary with the players and house rules).
    pub rules: Option<String>,
    /// Games the player finished alone in first place.
    pub wins: u64,
    /// Games in which they shared first place.
    pub draws: u64,
    /// Games in which someone else ranked above them.
    pub losses: u64,
}

/// A row of `GET /api/players/{id}/games?scope=all`: a game the player
/// sat in, rated or casual.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayedEntry {
    /// The game's id (its page is `/g/{id}`).
    pub game: String,
    /// The room it was played in.
    pub room: String,
    /// Its number among the room's games, from 1.
    pub number: u64,
    /// Its rules, as a canonical spec.
    pub rules: String,
    /// The preset the room plays, `null` for rules of one's own.
    pub preset: Option<String>,
    /// Whether it was rated.
    pub rated: bool,
    /// The player's seat (the first of theirs, in pass and play).
    pub seat: usize,
    /// Who played each seat.
    pub seats: Vec<ReplaySeatView>,
    /// Whether it is over.
    pub over: bool,
    /// The player's result once it is over: `win`, `draw` or `loss`
    /// (as in [`RecordTally`]); `null` while it goes on and in pass and
    /// play.
    pub result: Option<GameResult>,
    /// When it started, in milliseconds since 1970 (UTC), `null` if
    /// unknown.
    pub started_at: Option<i64>,
}

/// A player's result in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// Alone in first place.
    Win,
    /// First place shared.
    Draw,
    /// Someone else ranked above.
    Loss,
}

impl GameResult {
    /// The result of `seat` in a game whose seats ranked `ranks` (1 for
    /// first place), `None` if there is no such seat.
    pub(crate) fn of(seat: usize, ranks: &[u8]) -> Option<GameResult> {
        let rank = *ranks.get(seat)?;
        Some(if rank != 1 {
            GameResult::Loss
        } else if ranks.iter().filter(|&&r| r == 1).count() > 1 {
            GameResult::Draw
        } else {
            GameResult::Win
        })
    }
}

/// A queue of "Play now" (`/ws/queue`): a game, a player count, rated or
/// casual.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QueueChoice {
    /// `house` (the site's Kalah house rules, their defaults) or a preset's
    /// name (`kalah`, `oware`, ...).
    pub game: String,
    /// The players of a game, 2 to 4 (as the game seats).
    pub players: u8,
    /// Whether the game is rated.
    #[serde(default)]
    pub rated: bool,
}

/// A message from a client of the queue's WebSocket, `/ws/queue`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum QueueRequest {
    /// The first message, as in a room: who the client is.
    Hello {
        /// The protocol version the client speaks.
        version: u32,
        /// The player id.
        player: String,
        /// The player's secret.
        secret: String,
    },
    /// Waits in a queue (again: the ticket and its waiting time stay).
    Join(QueueChoice),
    /// Stops waiting in a queue.
    Leave(QueueChoice),
    /// Takes the computer's offer of a queue: a game at once, the
    /// computer in every other seat.
    Computer(QueueChoice),
}

/// One queue a player waits in, as `queue` tells them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TicketView {
    /// The queue.
    #[serde(flatten)]
    pub choice: QueueChoice,
    /// How long the player has waited there, in milliseconds.
    pub waited_ms: u64,
    /// How long until the computer is offered, in milliseconds (0 once
    /// it is).
    pub offer_in_ms: u64,
    /// The computer's offer, once the wait is over.
    pub offer: Option<OfferView>,
}

/// The computer's offer to a player who waited in vain.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OfferView {
    /// The level offered, near the player's rating.
    pub level: u8,
    /// The computer seats the game would have if taken now: the seats
    /// the other players present in the queue leave (they are seated
    /// too), at least one.
    pub computers: u8,
}

/// A message from the queue's WebSocket.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum QueueMessage {
    /// The answer to `hello`.
    Welcome {
        /// The protocol version of the server.
        version: u32,
        /// The client's player id.
        you: String,
    },
    /// Every queue the player waits in (after `hello`, and whenever it
    /// changes: a join, a leave, an offer).
    Queue {
        /// The player's tickets, in the order of the queues.
        tickets: Vec<TicketView>,
    },
    /// The player was seated: the room `code` holds the game, started.
    Matched {
        /// The room's code (`/r/CODE`, `/ws/rooms/CODE`).
        code: String,
        /// The queue it came from.
        #[serde(flatten)]
        choice: QueueChoice,
        /// How many seats the computer plays.
        computers: u8,
    },
    /// A request of this client was refused.
    Error {
        /// The stable error code.
        code: String,
        /// For developers.
        message: String,
        /// The refusal's facts.
        args: serde_json::Map<String, serde_json::Value>,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::RuleSet;

    /// Side 1 won a round on three houses a side and owns five: its row
    /// and side 0's houses 1 and 2 (its houses 4 and 5 on the round's
    /// board of 5); side 0 keeps its house 3 (docs/rules.md section 8a,
    /// worked by hand).
    #[test]
    fn the_winner_on_side_1_owns_the_first_houses_of_side_0s_row() {
        let set =
            RuleSet::from_spec("kalah,houses=5,seeds=2,stores_sown=none,capture=none").unwrap();
        let burnt = [0b11011, 0, 0, 0];
        let rules = Rules::with_burnt(&set, burnt).unwrap();
        let owned = |owner, house| OwnedHouse { owner, house };
        assert_eq!(
            territory_owners(&rules, 3),
            [
                vec![owned(1, 4), owned(1, 5), owned(0, 3)],
                vec![owned(1, 1), owned(1, 2), owned(1, 3)],
            ]
        );
    }
}
