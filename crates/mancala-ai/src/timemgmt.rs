//! Time management: how long to think about each move, given a budget per
//! move and/or a clock for the whole game.
//!
//! A [`TimeControl`] says what a player is given; [`allocate`] turns it,
//! the time left on the game clock and the moves still expected
//! ([`moves_to_go`]) into an [`Allocation`]: a soft limit, after which
//! iterative deepening starts no new iteration, and a hard limit, at which
//! the search stops wherever it is. [`TimeManager`] keeps a game's clock;
//! [`Timed`] wraps any [`Strategy`] so that each of its moves gets the
//! manager's allocation ([`Strategy::set_time`]).

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use mancala_core::{Move, Position};

use crate::limits::{Limits, parse_duration};
use crate::params::{
    GAME_HARD_FACTOR, GAME_MAX_SHARE, INCREMENT_SHARE, MAX_MOVES_TO_GO, MIN_MOVES_TO_GO, MIN_THINK,
    MOVE_OVERHEAD, MOVE_SOFT_SHARE, SEEDS_PER_MOVE_TENTHS,
};
use crate::{SpecError, Strategy};

/// A game clock: the time for all of a player's moves, and the time added
/// to it after each of them (a Fischer increment, possibly zero).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameClock {
    /// The time on the clock at the start of the game.
    pub total: Duration,
    /// The time added after each move.
    pub increment: Duration,
}

/// What a player is given to think: a budget for every move, a clock for
/// the whole game, or both (each move then keeps within both).
///
/// The text form (`mancala agent --time`, `mancala play --time`) is one or
/// two comma-separated parts:
///
/// - `DURATION`: a budget per move, e.g. `200ms`, `2s`;
/// - `DURATION+DURATION`: a clock for the game and its increment per
///   move, e.g. `5m+2s`, or `5m+0s` without one;
///
/// where a duration is a number and a unit, `us`, `ms`, `s`, `m` (or
/// `min`) or `h`, e.g. `1.5s`. A game clock always has its `+`, so a bare
/// `5m` is five minutes a move, not a game. `1h+0s,1s` is an hour for the
/// game and at most a second a move.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use mancala_ai::{GameClock, TimeControl};
///
/// let control: TimeControl = "5m+2s,1s".parse()?;
/// assert_eq!(control.per_move, Some(Duration::from_secs(1)));
/// assert_eq!(control.game, Some(GameClock {
///     total: Duration::from_secs(300),
///     increment: Duration::from_secs(2),
/// }));
/// assert_eq!(control.to_string(), "5m+2s,1s");
/// assert!("5 minutes".parse::<TimeControl>().is_err());
/// # Ok::<(), mancala_ai::SpecError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// The most a single move may take.
    pub per_move: Option<Duration>,
    /// The clock for the whole game.
    pub game: Option<GameClock>,
}

impl TimeControl {
    /// The Manchester ManKalah referee's limit: an hour for all of an
    /// agent's moves in a game, no increment (`agentTimeout`, 3,600,000
    /// ms, in its `GameEngine`).
    pub const MANKALAH_GAME: GameClock = GameClock {
        total: Duration::from_secs(3600),
        increment: Duration::ZERO,
    };

    /// A budget of `time` per move.
    pub const fn per_move(time: Duration) -> TimeControl {
        TimeControl {
            per_move: Some(time),
            game: None,
        }
    }

    /// A clock of `total` for the game, `increment` added after each move.
    pub const fn game(total: Duration, increment: Duration) -> TimeControl {
        TimeControl {
            per_move: None,
            game: Some(GameClock { total, increment }),
        }
    }

    /// This control with, in addition, at most `time` per move.
    pub const fn with_per_move(mut self, time: Duration) -> TimeControl {
        self.per_move = Some(time);
        self
    }

    /// Whether the control gives no limit at all.
    pub fn is_unlimited(&self) -> bool {
        self.per_move.is_none() && self.game.is_none()
    }
}

impl FromStr for TimeControl {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<TimeControl, SpecError> {
        let bad = |value: &str, reason: &str| SpecError::Value {
            key: "time".to_string(),
            value: value.to_string(),
            reason: reason.to_string(),
        };
        let duration = |text: &str| {
            parse_duration(text).ok_or_else(|| {
                bad(
                    text,
                    "expected a duration such as 200ms, 2s, 5m or 1h (units us, ms, s, m, h)",
                )
            })
        };
        let mut control = TimeControl::default();
        let text = s.trim();
        if text.is_empty() {
            return Err(bad(
                text,
                "expected a time per move (200ms) or a game clock and increment (5m+2s)",
            ));
        }
        for part in text.split(',').map(str::trim) {
            if let Some((total, increment)) = part.split_once('+') {
                if control.game.is_some() {
                    return Err(bad(part, "a second game clock"));
                }
                control.game = Some(GameClock {
                    total: duration(total)?,
                    increment: duration(increment)?,
                });
            } else {
                if control.per_move.is_some() {
                    return Err(bad(
                        part,
                        "a second time per move (a game clock is written 5m+0s)",
                    ));
                }
                let time = duration(part)?;
                if time.is_zero() {
                    return Err(bad(part, "a move needs more than no time"));
                }
                control.per_move = Some(time);
            }
        }
        if control.game.is_some_and(|g| g.total.is_zero()) {
            return Err(bad(text, "a game clock needs more than no time"));
        }
        Ok(control)
    }
}

/// Writes `d` in the largest unit that gives a whole number.
fn write_duration(f: &mut fmt::Formatter<'_>, d: Duration) -> fmt::Result {
    let micros = d.as_micros();
    for (unit, name) in [
        (3_600_000_000, "h"),
        (60_000_000, "m"),
        (1_000_000, "s"),
        (1_000, "ms"),
    ] {
        if micros > 0 && micros.is_multiple_of(unit) {
            return write!(f, "{}{name}", micros / unit);
        }
    }
    if micros == 0 {
        f.write_str("0s")
    } else {
        write!(f, "{micros}us")
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(game) = self.game {
            write_duration(f, game.total)?;
            f.write_str("+")?;
            write_duration(f, game.increment)?;
            if self.per_move.is_some() {
                f.write_str(",")?;
            }
        }
        if let Some(time) = self.per_move {
            write_duration(f, time)?;
        }
        Ok(())
    }
}

/// The time of one move: iterative deepening starts no new iteration
/// after `soft`; the search stops wherever it is at `hard`. Anytime
/// searches (MCTS) stop at `soft`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Allocation {
    /// Start no new iteration after this long.
    pub soft: Duration,
    /// Stop after this long.
    pub hard: Duration,
}

/// `limits` with its time cut to `allocation`'s hard limit, if any.
pub(crate) fn within(limits: Limits, allocation: Option<Allocation>) -> Limits {
    match allocation {
        Some(a) => Limits {
            time: Some(limits.time.map_or(a.hard, |t| t.min(a.hard))),
            ..limits
        },
        None => limits,
    }
}

/// How long to think about one move under `control`, with `left` on the
/// game clock (ignored without one; `None` there means the whole of
/// `control`'s clock) and about `moves_to_go` more moves of this player
/// expected (see [`moves_to_go`]; 0 is taken as 1).
///
/// - Per move (`T`): the hard limit is `T` less a margin for the
///   exchange with the engine, 10 ms; the soft limit half of it (an
///   iteration started later would seldom finish).
/// - Per game (`left`, increment `i`): the soft limit is `left /
///   moves_to_go + 3/4 i`, the hard limit three times that, neither more
///   than a third of what is left (less the margin), so that no move can
///   empty the clock.
/// - Both: the smaller of each.
///
/// Neither limit is under 1 ms: a search needs that much to find a move.
/// Without any limit, the allocation is unbounded ([`Duration::MAX`]).
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use mancala_ai::{TimeControl, allocate};
///
/// let ms = Duration::from_millis;
/// let per_move = allocate(&"200ms".parse()?, None, 30);
/// assert_eq!((per_move.soft, per_move.hard), (ms(95), ms(190)));
///
/// // Five minutes for 30 moves: 10 s a move (less the margin), up to 30 s.
/// let game = allocate(&"5m+0s".parse()?, Some(Duration::from_secs(300)), 30);
/// assert_eq!((game.soft.as_millis(), game.hard.as_millis()), (9_999, 29_998));
/// # Ok::<(), mancala_ai::SpecError>(())
/// ```
pub fn allocate(control: &TimeControl, left: Option<Duration>, moves_to_go: u32) -> Allocation {
    let mut soft = Duration::MAX;
    let mut hard = Duration::MAX;
    if let Some(time) = control.per_move {
        let h = time.saturating_sub(MOVE_OVERHEAD);
        hard = hard.min(h);
        soft = soft.min(h.mul_f64(MOVE_SOFT_SHARE));
    }
    if let Some(game) = control.game {
        let left = left.unwrap_or(game.total);
        let usable = left.saturating_sub(MOVE_OVERHEAD);
        let moves = moves_to_go.max(1);
        let target = usable / moves + game.increment.mul_f64(INCREMENT_SHARE);
        let cap = usable / GAME_MAX_SHARE;
        hard = hard.min((target * GAME_HARD_FACTOR).min(cap));
        soft = soft.min(target.min(cap));
    }
    Allocation {
        soft: soft.max(MIN_THINK),
        hard: hard.max(MIN_THINK),
    }
}

/// About how many more moves the player to move will make in `pos`: the
/// seeds still in the houses, taken to leave them at about 1.5 a move
/// between all the players, shared out among the players, between 10 and
/// 50. A rough guess, cautious near the end (the solver finishes those
/// positions quickly anyway).
///
/// # Examples
///
/// ```
/// use mancala_ai::moves_to_go;
/// use mancala_core::{Position, Preset, Rules};
///
/// // Kalah(6,4): 48 seeds, 16 moves each.
/// let rules = Rules::new(&Preset::Kalah.rules())?;
/// assert_eq!(moves_to_go(&Position::new(&rules)), 16);
/// # Ok::<(), mancala_core::RuleError>(())
/// ```
pub fn moves_to_go(pos: &Position<'_>) -> u32 {
    let rules = pos.rules();
    let seeds: u32 = rules
        .sides()
        .map(|s| pos.houses(s).iter().map(|&x| u32::from(x)).sum::<u32>())
        .sum();
    let players = rules.players() as u32;
    (seeds * 10 / (SEEDS_PER_MOVE_TENTHS * players)).clamp(MIN_MOVES_TO_GO, MAX_MOVES_TO_GO)
}

/// One game's clock under a [`TimeControl`]: what is left, and the
/// allocation of the next move. Pure: the caller measures the time and
/// tells it ([`TimeManager::spent`]), so it runs on any clock.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use mancala_ai::TimeManager;
///
/// let mut clock = TimeManager::new("10s+1s".parse()?);
/// let first = clock.allocation(20);
/// assert!(first.soft < first.hard);
/// clock.spent(Duration::from_millis(600));
/// // 10 s - 0.6 s + 1 s.
/// assert_eq!(clock.left(), Some(Duration::from_millis(10_400)));
/// // No move takes more than a third of what is left.
/// assert!(clock.allocation(20).hard <= Duration::from_millis(10_400) / 3);
/// # Ok::<(), mancala_ai::SpecError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeManager {
    control: TimeControl,
    left: Option<Duration>,
}

impl TimeManager {
    /// A clock at the start of a game under `control`.
    pub fn new(control: TimeControl) -> TimeManager {
        TimeManager {
            control,
            left: control.game.map(|g| g.total),
        }
    }

    /// The control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The time left on the game clock (`None` without one).
    pub fn left(&self) -> Option<Duration> {
        self.left
    }

    /// The allocation of the next move, `moves_to_go` more moves expected
    /// (see [`allocate`]).
    pub fn allocation(&self, moves_to_go: u32) -> Allocation {
        allocate(&self.control, self.left, moves_to_go)
    }

    /// Records a move that took `used`: the game clock loses it and gains
    /// the increment (it never goes below zero).
    pub fn spent(&mut self, used: Duration) {
        if let (Some(left), Some(game)) = (self.left, self.control.game) {
            self.left = Some(left.saturating_sub(used) + game.increment);
        }
    }
}

/// What [`Timed`] gave its last move, and what the move took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveTime {
    /// The allocation.
    pub allocation: Allocation,
    /// The time left on the game clock before the move (`None` without a
    /// clock).
    pub left: Option<Duration>,
    /// The time the move took.
    pub used: Duration,
}

/// A [`Strategy`] whose every move gets the time a [`TimeManager`]
/// allocates, measured on the real clock; a move with a single legal
/// choice gets a millisecond.
///
/// # Examples
///
/// ```
/// use mancala_ai::{Spec, Strategy, Timed};
/// use mancala_core::{Position, Preset, Rules};
///
/// let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
/// let spec: Spec = "alphabeta".parse()?;
/// let control = "50ms".parse()?;
/// let mut player = Timed::new(spec.timed_strategy(&rules, 1, &control)?, control);
/// assert!(player.choose(&Position::new(&rules)).is_some());
/// let last = player.last().unwrap();
/// assert!(last.allocation.hard.as_millis() <= 40);
/// # Ok::<(), mancala_ai::SpecError>(())
/// ```
pub struct Timed {
    player: Box<dyn Strategy + Send>,
    clock: TimeManager,
    last: Option<MoveTime>,
}

impl Timed {
    /// `player`, given the time of `control` for each of its moves.
    pub fn new(player: Box<dyn Strategy + Send>, control: TimeControl) -> Timed {
        Timed {
            player,
            clock: TimeManager::new(control),
            last: None,
        }
    }

    /// The game clock.
    pub fn clock(&self) -> &TimeManager {
        &self.clock
    }

    /// The time of the last move chosen, if any.
    pub fn last(&self) -> Option<MoveTime> {
        self.last
    }
}

impl fmt::Debug for Timed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Timed")
            .field("clock", &self.clock)
            .field("last", &self.last)
            .finish_non_exhaustive()
    }
}

impl Strategy for Timed {
    fn choose(&mut self, pos: &Position<'_>) -> Option<Move> {
        let mut allocation = self.clock.allocation(moves_to_go(pos));
        if pos.legal_moves().len() <= 1 {
            // Nothing to think about: the player is still asked, for what
            // it learns from the game.
            allocation = Allocation {
                soft: Duration::ZERO,
                hard: MIN_THINK,
            };
        }
        let left = self.clock.left();
        let start = Instant::now();
        // Unlimited: the player's own budget alone.
        let limited = !self.clock.control().is_unlimited();
        self.player.set_time(limited.then_some(allocation));
        let m = self.player.choose(pos);
        let used = start.elapsed();
        self.clock.spent(used);
        self.last = Some(MoveTime {
            allocation,
            left,
            used,
        });
        m
    }

    fn observe(&mut self, before: &Position<'_>, m: Move) {
        self.player.observe(before, m);
    }

    fn set_time(&mut self, time: Option<Allocation>) {
        self.player.set_time(time);
    }

    fn last_value(&self) -> Option<crate::MoveValue> {
        self.player.last_value()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn control(text: &str) -> TimeControl {
        text.parse().unwrap()
    }

    #[test]
    fn a_budget_per_move_keeps_a_margin_and_stops_iterating_at_half() {
        let a = allocate(&control("1s"), None, 5);
        assert_eq!(
            a,
            Allocation {
                soft: ms(495),
                hard: ms(990)
            }
        );
        // The moves still to come do not matter.
        assert_eq!(allocate(&control("1s"), None, 50), a);
        // Too short for the margin: a millisecond each.
        let tiny = allocate(&control("5ms"), None, 5);
        assert_eq!(
            tiny,
            Allocation {
                soft: ms(1),
                hard: ms(1)
            }
        );
    }

    fn us(d: Duration) -> u128 {
        d.as_micros()
    }

    #[test]
    fn a_game_clock_shares_what_is_left_among_the_moves_to_come() {
        // 60 s for 20 moves: 3 s a move (less the margin's share), 9 s at most.
        let a = allocate(&control("1m+0s"), Some(Duration::from_secs(60)), 20);
        assert_eq!((us(a.soft), us(a.hard)), (2_999_500, 8_998_500));
        // With 3 s left and 20 moves: 150 ms each.
        let late = allocate(&control("1m+0s"), Some(ms(3_000)), 20);
        assert_eq!((us(late.soft), us(late.hard)), (149_500, 448_500));
        // An increment adds three quarters of itself to the soft limit
        // (1,649.5 ms here), but no move takes over a third of what is left.
        let inc = allocate(&control("1m+2s"), Some(ms(3_000)), 20);
        assert_eq!((us(inc.soft), us(inc.hard)), (996_666, 996_666));
        // An empty clock still gives a search its millisecond.
        let out = allocate(&control("1m+0s"), Some(Duration::ZERO), 20);
        assert_eq!(
            out,
            Allocation {
                soft: ms(1),
                hard: ms(1)
            }
        );
        // Fewer moves to go, more a move; none counts as one.
        let one = allocate(&control("1m+0s"), Some(ms(3_000)), 0);
        assert_eq!(us(one.soft), 996_666);
    }

    #[test]
    fn both_limits_take_the_smaller_of_each() {
        let both = allocate(&control("1m+0s,1s"), Some(Duration::from_secs(60)), 20);
        assert_eq!(
            both,
            Allocation {
                soft: ms(495),
                hard: ms(990)
            }
        );
        // 600 ms left for 20 moves: the clock's 29.5 and 88.5 ms win.
        let late = allocate(&control("1m+0s,1s"), Some(ms(600)), 20);
        assert_eq!((us(late.soft), us(late.hard)), (29_500, 88_500));
    }

    #[test]
    fn no_control_gives_no_limit() {
        let a = allocate(&TimeControl::default(), None, 10);
        assert_eq!(a.hard, Duration::MAX);
        assert_eq!(a.soft, Duration::MAX);
    }

    #[test]
    fn no_move_at_its_hard_limit_empties_the_clock() {
        // The worst case: every move takes its whole hard limit, 60 moves.
        for text in ["10s+0s", "1m+0s", "3s+100ms", "1h+0s,1s"] {
            let mut clock = TimeManager::new(control(text));
            for done in 0..60u32 {
                let left = clock.left().unwrap();
                let a = clock.allocation(50u32.saturating_sub(done));
                if left > MOVE_OVERHEAD + MIN_THINK {
                    assert!(
                        a.hard + MOVE_OVERHEAD <= left,
                        "{text}: {a:?} with {left:?}"
                    );
                }
                clock.spent(a.hard);
            }
        }
    }

    #[test]
    fn the_clock_loses_what_a_move_took_and_gains_the_increment() {
        let mut clock = TimeManager::new(control("10s+1s"));
        clock.spent(ms(2_500));
        assert_eq!(clock.left(), Some(ms(8_500)));
        clock.spent(Duration::from_secs(60));
        assert_eq!(
            clock.left(),
            Some(ms(1_000)),
            "never below zero, then the increment"
        );
        let mut none = TimeManager::new(control("1s"));
        none.spent(ms(900));
        assert_eq!(none.left(), None);
    }

    #[test]
    fn time_controls_parse_print_and_reject_bad_text() {
        for (text, shown) in [
            ("200ms", "200ms"),
            ("5m+2s", "5m+2s"),
            ("5m+0s", "5m+0s"),
            (" 1h+0s , 1s ", "1h+0s,1s"),
            ("1s,60m+0s", "1h+0s,1s"),
            ("1.5s", "1500ms"),
            ("90s+0.5s", "90s+500ms"),
        ] {
            let c = control(text);
            assert_eq!(c.to_string(), shown, "{text}");
            assert_eq!(control(shown), c);
        }
        assert_eq!(
            control("5m"),
            TimeControl::per_move(Duration::from_secs(300))
        );
        for bad in [
            "",
            "5",
            "fast",
            "5m+",
            "+2s",
            "1s,2s",
            "1m+0s,2m+0s",
            "0s",
            "0s+1s",
            "-1s",
            "1s,",
        ] {
            let err = bad.parse::<TimeControl>().unwrap_err().to_string();
            assert!(err.starts_with("time="), "{bad}: {err}");
        }
    }

    #[test]
    fn a_move_given_no_time_or_a_millisecond_is_still_a_legal_move() {
        use crate::{Greedy, MAX_LEVEL, Spec};
        use mancala_core::{Preset, RuleSet, Rules};

        let none = Allocation {
            soft: Duration::ZERO,
            hard: Duration::ZERO,
        };
        let one = Allocation {
            soft: ms(1),
            hard: ms(1),
        };
        let mut specs: Vec<Spec> = ["alphabeta", "maxn", "mcts", "exact"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        specs.extend((1..=MAX_LEVEL).map(Spec::level));
        for players in [2, 3, 4] {
            let rules = Rules::new(&RuleSet {
                players,
                ..Preset::Kalah.rules()
            })
            .unwrap();
            let control = TimeControl::per_move(ms(1));
            let mut searchers: Vec<_> = (specs.iter())
                .map(|spec| (spec, spec.timed_strategy(&rules, 3, &control).unwrap()))
                .collect();
            let mut pos = Position::new(&rules);
            let mut greedy = Greedy::new(5);
            for ply in 0..6 {
                let legal = pos.legal_moves();
                for (spec, player) in &mut searchers {
                    for time in [none, one] {
                        // An unlimited search (`alphabeta`) would never end:
                        // the allocation stops it.
                        player.set_time(Some(time));
                        let m = player.choose(&pos);
                        assert!(
                            m.is_some_and(|m| legal.iter().any(|l| l == m)),
                            "{spec}, {players} players, ply {ply}, {time:?}: {m:?}"
                        );
                    }
                }
                pos.play_unchecked(greedy.choose(&pos).unwrap());
            }
        }
    }
}
