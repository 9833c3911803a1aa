//! Matches between players: [`play_match`] plays a series of games with
//! the first move rotating between the seats, in parallel, and reports
//! wins, draws and losses per seat and, for two seats, an Elo difference.
//!
//! # Games
//!
//! In game `g` (counted from 0) of a match between `n` seats, player `p`
//! (player 0 moves first) is seat `(p + g) % n` ([`seat_of`]): in game 0
//! seat 0 moves first and the seats follow in their order, in game 1 seat
//! 1 moves first, then seat 2, ..., then seat 0, and so on. Each game is
//! independent: its players are built afresh from
//! their specs ([`Spec::strategy`]) with a seed drawn from the match seed
//! (or the seat's own `seed=`), the game index and the seat, so a match
//! gives the same results on any number of threads. Games are played
//! through a [`mancala_core::History`], so the `repetition` end condition
//! applies; a game that reaches [`MOVE_CAP`] moves is ended by agreement
//! ([`History::end_by_agreement`](mancala_core::History::end_by_agreement);
//! the cap can be changed with [`play_match_with`]) and counted in
//! [`MatchReport::capped`]. Under rules with `rounds` (docs/rules.md
//! section 8a) each game is a whole [`Match`] of rounds, its result the
//! last round's, the cap counting the moves of every round.
//! Under rules that deal every game afresh (`layout_seed = each_game`),
//! [`play_dealt_match`] deals each game its own start from the match seed
//! and the game index, and its record keeps the seed it was dealt from.
//! [`play_match_with`] can also open every game with random moves
//! ([`MatchOptions::opening`]), each opening played with every seat
//! moving first: a fairer test between deterministic players.
//! A player that returns no move, or an illegal one, resigns and the game
//! ends there (counted in [`MatchReport::forfeits`]). Every player is told
//! every move of its game ([`Strategy::observe`]), the opening's included.
//!
//! # Results
//!
//! Ranks come from the [`Outcome`](mancala_core::Outcome): a seat *wins*
//! when it ranks first alone, *draws* when it shares first place, and
//! *loses* otherwise ([`SeatReport::add_game`], which other series of
//! games use too). With three or four seats the average rank is reported
//! too.
//!
//! # Elo
//!
//! With two seats, seat 0's score is `s = (wins + draws / 2) / games` and
//! its Elo difference over seat 1 the logistic one,
//! `D(s) = -400 log10(1/s - 1)`. The 95% margin comes from the standard
//! error of the mean score, `se = sqrt((mean of x^2 - s^2) / games)` over
//! the per-game scores `x` (1, 1/2 or 0): the interval is
//! `D(s - 1.96 se) .. D(s + 1.96 se)` and the margin is half its width.
//! A score of 0 or 1 gives an infinite difference.
//!
//! # Examples
//!
//! ```
//! use mancala_ai::arena::play_match;
//! use mancala_ai::Spec;
//! use mancala_core::{Preset, Rules};
//!
//! let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
//! let seats: Vec<Spec> = vec!["ai:2".parse()?, "random".parse()?];
//! let report = play_match(&rules, &seats, 4, 1, 2);
//! assert_eq!(report.games, 4);
//! assert_eq!(report.seats[0].wins + report.seats[0].draws + report.seats[0].losses, 4);
//! println!("{report}");
//! # Ok::<(), mancala_ai::SpecError>(())
//! ```

use std::fmt;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use mancala_core::{Event, History, Match, Move, Rounds, RuleSet, Rules};

use crate::spec::splitmix;
use crate::{Spec, SpecError, Strategy};

/// Moves after which a game is ended by agreement, by default.
pub const MOVE_CAP: usize = 10_000;

/// How a match is played (see [`play_match_with`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchOptions {
    /// Games to play.
    pub games: usize,
    /// The match seed.
    pub seed: u64,
    /// Threads to play them on (at least 1 is used).
    pub threads: usize,
    /// Moves after which a game is ended by agreement.
    pub move_cap: usize,
    /// Random moves that open every game before the seats play (0: none).
    /// Games `g` with the same `g / n` (`n` seats) share their opening, so
    /// each opening is played once with every seat moving first. The
    /// opening's moves count in [`GameRecord::moves`] but no seat's.
    pub opening: usize,
}

impl Default for MatchOptions {
    /// 100 games, seed 0, one thread, a cap of [`MOVE_CAP`] moves, no
    /// random opening.
    fn default() -> Self {
        MatchOptions {
            games: 100,
            seed: 0,
            threads: 1,
            move_cap: MOVE_CAP,
            opening: 0,
        }
    }
}

/// One game of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The seat of each player, player 0 (the first to move) first.
    pub order: Vec<usize>,
    /// Each seat's rank (1 is first), seat 0 first.
    pub ranks: Vec<u8>,
    /// Each seat's final score, seat 0 first.
    pub scores: Vec<u8>,
    /// The random opening's moves (see [`MatchOptions::opening`]).
    pub opening: Vec<Move>,
    /// Moves played, the opening's included.
    pub moves: usize,
    /// Ended by agreement at the move cap.
    pub capped: bool,
    /// Ended by a player returning no move or an illegal one.
    pub forfeit: bool,
    /// The `layout_seed` the game was played with: the seed its start
    /// was dealt from, picked for the game under `layout_seed =
    /// each_game` ([`play_dealt_match`]); the rules' own otherwise (0
    /// for none).
    pub layout_seed: u32,
}

/// One seat's results over a match.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatReport {
    /// The seat's player.
    pub spec: Spec,
    /// Games ranked first alone.
    pub wins: usize,
    /// Games with first place shared.
    pub draws: usize,
    /// Games not ranked first.
    pub losses: usize,
    /// Sum of the ranks (1 is first): divide by the games for the average.
    pub rank_sum: usize,
    /// Pairwise points: in every game, 1 for each other seat ranked below
    /// this one and 1/2 for each ranked equal (see
    /// [`SeatReport::pairwise_score`]).
    pub pair_points: f64,
    /// Final scores (seeds) added up over the games.
    pub score_sum: u64,
    /// Moves this seat chose.
    pub moves: u64,
    /// Time this seat spent choosing them.
    pub time: Duration,
}

impl SeatReport {
    /// No games yet for the seat of `spec`.
    pub fn new(spec: Spec) -> SeatReport {
        SeatReport {
            spec,
            wins: 0,
            draws: 0,
            losses: 0,
            rank_sum: 0,
            pair_points: 0.0,
            score_sum: 0,
            moves: 0,
            time: Duration::ZERO,
        }
    }

    /// Counts one game for seat `seat`, given every seat's rank in it
    /// (1 is first, seat 0 first): a win, a draw or a loss (see the
    /// [module docs](self#results)), the rank and the pairwise points.
    /// The score, moves and time are left to the caller.
    ///
    /// # Panics
    ///
    /// If `seat` is not an index of `ranks`.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_ai::arena::SeatReport;
    ///
    /// let mut seat = SeatReport::new("human".parse()?);
    /// seat.add_game(&[1, 3, 2], 0);
    /// seat.add_game(&[1, 1, 3], 0);
    /// seat.add_game(&[2, 1, 3], 0);
    /// assert_eq!((seat.wins, seat.draws, seat.losses), (1, 1, 1));
    /// assert_eq!(seat.rank_sum, 4);
    /// assert_eq!(seat.pair_points, 4.5);
    /// # Ok::<(), mancala_ai::SpecError>(())
    /// ```
    pub fn add_game(&mut self, ranks: &[u8], seat: usize) {
        let rank = ranks[seat];
        let firsts = ranks.iter().filter(|&&r| r == 1).count();
        if rank == 1 && firsts == 1 {
            self.wins += 1;
        } else if rank == 1 {
            self.draws += 1;
        } else {
            self.losses += 1;
        }
        self.rank_sum += usize::from(rank);
        for (other_seat, &other) in ranks.iter().enumerate() {
            if other_seat != seat {
                self.pair_points += match rank.cmp(&other) {
                    std::cmp::Ordering::Less => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Greater => 0.0,
                };
            }
        }
    }

    /// Games played.
    pub fn games(&self) -> usize {
        self.wins + self.draws + self.losses
    }

    /// The score: wins plus half the draws, over the games (0 to 1).
    pub fn score(&self) -> f64 {
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games().max(1) as f64
    }

    /// The pairwise score: the share of (game, other seat) pairs in which
    /// this seat ranked above the other, ties counting half (with two
    /// seats, the same as [`SeatReport::score`]).
    pub fn pairwise_score(&self, seats: usize) -> f64 {
        self.pair_points / (self.games().max(1) * seats.saturating_sub(1).max(1)) as f64
    }

    /// Games ranked first, alone or shared, over the games played.
    pub fn first_share(&self) -> f64 {
        (self.wins + self.draws) as f64 / self.games().max(1) as f64
    }

    /// The average rank (1 is first).
    pub fn average_rank(&self) -> f64 {
        self.rank_sum as f64 / self.games().max(1) as f64
    }

    /// The mean time per move.
    pub fn time_per_move(&self) -> Duration {
        self.time / u32::try_from(self.moves.max(1)).unwrap_or(u32::MAX)
    }
}

/// An Elo difference with its 95% margin (see the [module docs](self)).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// Seat 0's rating minus seat 1's (infinite for a score of 0 or 1).
    pub difference: f64,
    /// Half the width of the 95% interval (infinite when an end of the
    /// interval reaches a score of 0 or 1).
    pub margin: f64,
}

impl Elo {
    /// The Elo difference and margin of per-game scores (each 0, 1/2 or 1).
    pub fn from_scores(scores: &[f64]) -> Elo {
        let n = scores.len().max(1) as f64;
        let mean = scores.iter().sum::<f64>() / n;
        let square = scores.iter().map(|x| x * x).sum::<f64>() / n;
        let se = ((square - mean * mean).max(0.0) / n).sqrt();
        let low = elo_of_score(mean - 1.96 * se);
        let high = elo_of_score(mean + 1.96 * se);
        // inf - inf is NaN: an interval with an infinite end is infinitely wide.
        let margin = if low.is_finite() && high.is_finite() {
            (high - low) / 2.0
        } else {
            f64::INFINITY
        };
        Elo {
            difference: elo_of_score(mean),
            margin,
        }
    }
}

/// The logistic Elo difference of a score `s`: `-400 log10(1/s - 1)`.
pub fn elo_of_score(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        // + 0.0: an even score is +0, not -0.
        -400.0 * (1.0 / s - 1.0).log10() + 0.0
    }
}

impl fmt::Display for Elo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.difference.is_finite() {
            write!(f, "{:+.0}", self.difference)?;
        } else if self.difference > 0.0 {
            f.write_str("+inf")?;
        } else {
            f.write_str("-inf")?;
        }
        if self.margin.is_finite() {
            write!(f, " +/- {:.0}", self.margin)
        } else {
            f.write_str(" +/- inf")
        }
    }
}

/// The results of a match.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchReport {
    /// Games played.
    pub games: usize,
    /// Per seat, in the order given.
    pub seats: Vec<SeatReport>,
    /// Games ended by agreement at the move cap.
    pub capped: usize,
    /// Games a player lost by returning no move or an illegal one.
    pub forfeits: usize,
    /// Moves played in all the games.
    pub moves: u64,
    /// With two seats: seat 0's Elo difference over seat 1.
    pub elo: Option<Elo>,
    /// Every game, game 0 first.
    pub records: Vec<GameRecord>,
}

impl MatchReport {
    /// With two seats, seat 0's score in each game (1, 1/2 or 0), game 0
    /// first; empty otherwise.
    pub fn scores(&self) -> Vec<f64> {
        if self.seats.len() != 2 {
            return Vec::new();
        }
        self.records
            .iter()
            .map(|r| match r.ranks[0].cmp(&r.ranks[1]) {
                std::cmp::Ordering::Less => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Greater => 0.0,
            })
            .collect()
    }
}

impl fmt::Display for MatchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self
            .seats
            .iter()
            .map(|s| s.spec.to_string().len())
            .max()
            .unwrap_or(4)
            .max(4);
        writeln!(
            f,
            "{:<width$}  {:>5} {:>5} {:>5}  {:>6}  {:>5}  {:>9}",
            "seat", "wins", "draws", "losses", "score", "rank", "ms/move"
        )?;
        for seat in &self.seats {
            writeln!(
                f,
                "{:<width$}  {:>5} {:>5} {:>6}  {:>5.1}%  {:>5.2}  {:>9.3}",
                seat.spec.to_string(),
                seat.wins,
                seat.draws,
                seat.losses,
                100.0 * seat.score(),
                seat.average_rank(),
                seat.time_per_move().as_secs_f64() * 1e3,
            )?;
        }
        write!(f, "{} games, {} moves", self.games, self.moves)?;
        if self.capped > 0 {
            write!(f, ", {} ended at the move cap", self.capped)?;
        }
        if self.forfeits > 0 {
            write!(f, ", {} forfeited", self.forfeits)?;
        }
        if let Some(elo) = &self.elo {
            write!(f, "\nElo difference (seat 0 - seat 1): {elo} (95%)")?;
        }
        Ok(())
    }
}

/// The result of one game, with each seat's moves and time.
#[derive(Clone, Debug)]
struct GameResult {
    record: GameRecord,
    moves: Vec<u64>,
    time: Vec<Duration>,
}

/// The seat that plays as player `player` (player 0 moves first) in game
/// `game` (from 0) of a series between `seats` seats that rotates the
/// first move: `(player + game) % seats` (see the [module docs](self#games)).
///
/// # Panics
///
/// If `seats` is 0.
///
/// # Examples
///
/// ```
/// use mancala_ai::arena::seat_of;
///
/// // Three seats: game 1 is opened by seat 1, then seat 2, then seat 0.
/// let order: Vec<usize> = (0..3).map(|player| seat_of(1, player, 3)).collect();
/// assert_eq!(order, [1, 2, 0]);
/// ```
pub fn seat_of(game: usize, player: usize, seats: usize) -> usize {
    (player + game) % seats
}

/// The seed of seat `seat` in game `game`.
fn game_seed(base: u64, game: usize, seat: usize) -> u64 {
    splitmix(splitmix(base ^ splitmix(game as u64)) ^ (seat as u64).wrapping_add(1))
}

/// Plays `games` games between `seats` (one per player of `rules`) on
/// `threads` threads, with a cap of [`MOVE_CAP`] moves; see the
/// [module docs](self).
///
/// # Panics
///
/// If the seats do not suit the rules; [`play_match_with`] reports that
/// as an error instead.
pub fn play_match(
    rules: &Rules,
    seats: &[Spec],
    games: usize,
    seed: u64,
    threads: usize,
) -> MatchReport {
    let options = MatchOptions {
        games,
        seed,
        threads,
        ..MatchOptions::default()
    };
    match play_match_with(rules, seats, &options) {
        Ok(report) => report,
        Err(e) => panic!("play_match: {e}"),
    }
}

/// [`play_match`] with every option, and an error when there is not one
/// seat per player or a seat cannot be built ([`Spec::strategy`]: for
/// example `human`).
///
/// # Errors
///
/// [`SpecError::Value`] naming the seat count, or the seat's own error.
pub fn play_match_with(
    rules: &Rules,
    seats: &[Spec],
    options: &MatchOptions,
) -> Result<MatchReport, SpecError> {
    play_match_with_progress(rules, seats, options, &|_, _| {})
}

/// [`play_match_with`], calling `progress(finished, games)` from the
/// playing threads each time a game ends (a progress bar).
///
/// # Errors
///
/// As [`play_match_with`].
pub fn play_match_with_progress(
    rules: &Rules,
    seats: &[Spec],
    options: &MatchOptions,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<MatchReport, SpecError> {
    check_seats(rules, seats)?;
    Ok(play_games(seats, options, progress, &|g| {
        play_game(rules, seats, g, options)
    }))
}

/// [`play_match_with_progress`] under rules that may deal a new start for
/// every game (`layout_seed = each_game`, docs/rules.md section 1): game
/// `g` is played under `set.dealt_for_game(s)`, `s` drawn from the match
/// seed and `g` (as the seats' seeds are), so every game has its own
/// start, the same for the same match seed, and its
/// [`GameRecord::layout_seed`] tells which. Other rules play as
/// [`play_match_with_progress`] does.
///
/// # Errors
///
/// [`SpecError::Value`] (key `rules`) for rules that do not compile, else
/// as [`play_match_with`].
///
/// # Examples
///
/// ```
/// use mancala_ai::arena::{MatchOptions, play_dealt_match};
/// use mancala_ai::Spec;
/// use mancala_core::RuleSet;
///
/// let set = RuleSet::from_spec("kalah,houses=3,seeds=3,layout_seed=each_game")?;
/// let seats: Vec<Spec> = vec!["greedy".parse()?, "random".parse()?];
/// let options = MatchOptions { games: 2, ..MatchOptions::default() };
/// let report = play_dealt_match(&set, &seats, &options, &|_, _| {})?;
/// let dealt: Vec<u32> = report.records.iter().map(|r| r.layout_seed).collect();
/// assert_ne!(dealt[0], dealt[1]);
/// let again = play_dealt_match(&set, &seats, &options, &|_, _| {})?;
/// assert_eq!(again.records, report.records);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn play_dealt_match(
    set: &RuleSet,
    seats: &[Spec],
    options: &MatchOptions,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<MatchReport, SpecError> {
    let compile = |set: &RuleSet| {
        Rules::new(set).map_err(|e| SpecError::Value {
            key: "rules".to_string(),
            value: "the rule set".to_string(),
            reason: e.to_string(),
        })
    };
    if !set.deals_each_game() {
        return play_match_with_progress(&compile(set)?, seats, options, progress);
    }
    check_seats(&compile(&set.dealt_for_game(0))?, seats)?;
    Ok(play_games(seats, options, progress, &|g| {
        let dealt = set.dealt_for_game(game_seed(options.seed, g, usize::MAX - 1));
        let rules = Rules::new(&dealt).expect("a dealt game of valid rules compiles");
        play_game(&rules, seats, g, options)
    }))
}

/// Refuses seats that are not one per player of `rules`, or that cannot
/// be built.
fn check_seats(rules: &Rules, seats: &[Spec]) -> Result<(), SpecError> {
    let n = rules.players();
    if seats.len() != n {
        return Err(SpecError::Value {
            key: "seats".to_string(),
            value: seats.len().to_string(),
            reason: format!("these rules are for {n} players"),
        });
    }
    for spec in seats {
        spec.strategy(rules, 0)?;
    }
    Ok(())
}

/// Plays `options.games` games, game `g` by `play(g)`, on
/// `options.threads` threads, and adds up their report.
fn play_games(
    seats: &[Spec],
    options: &MatchOptions,
    progress: &(dyn Fn(usize, usize) + Sync),
    play: &(dyn Fn(usize) -> GameResult + Sync),
) -> MatchReport {
    let n = seats.len();
    let games = options.games;
    let next = AtomicUsize::new(0);
    let finished = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<GameResult>>> = Mutex::new(vec![None; games]);
    let threads = options.threads.clamp(1, games.max(1));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= games {
                        break;
                    }
                    let result = play(g);
                    results.lock().expect("no thread panicked")[g] = Some(result);
                    progress(finished.fetch_add(1, Ordering::Relaxed) + 1, games);
                }
            });
        }
    });
    let results = results.into_inner().expect("no thread panicked");
    let mut report = MatchReport {
        games,
        seats: seats.iter().map(|&s| SeatReport::new(s)).collect(),
        capped: 0,
        forfeits: 0,
        moves: 0,
        elo: None,
        records: Vec::with_capacity(games),
    };
    for result in results.into_iter().map(|r| r.expect("every game played")) {
        let record = &result.record;
        report.capped += usize::from(record.capped);
        report.forfeits += usize::from(record.forfeit);
        report.moves += record.moves as u64;
        for (i, seat) in report.seats.iter_mut().enumerate() {
            seat.add_game(&record.ranks, i);
            seat.score_sum += u64::from(record.scores[i]);
            seat.moves += result.moves[i];
            seat.time += result.time[i];
        }
        report.records.push(result.record);
    }
    if n == 2 && games > 0 {
        report.elo = Some(Elo::from_scores(&report.scores()));
    }
    report
}

/// Plays the random opening of game `g` (the same for the games that
/// rotate the seats), telling the players; returns its length.
fn play_opening(
    game: &mut History<'_>,
    players: &mut [Box<dyn Strategy + Send>],
    g: usize,
    options: &MatchOptions,
) -> usize {
    if options.opening == 0 {
        return 0;
    }
    let mut random = crate::Random::new(game_seed(options.seed, g / players.len(), usize::MAX));
    while game.moves().len() < options.opening && !game.is_over() {
        let before = *game.position();
        let m = random.choose(&before).expect("a move");
        game.play(m).expect("a legal move");
        for player in players.iter_mut() {
            player.observe(&before, m);
        }
    }
    game.moves().len()
}

/// By player of game `g`: the seat, and its strategy.
fn players_of(
    rules: &Rules,
    seats: &[Spec],
    g: usize,
    options: &MatchOptions,
) -> (Vec<usize>, Vec<Box<dyn Strategy + Send>>) {
    let n = seats.len();
    let order: Vec<usize> = (0..n).map(|p| seat_of(g, p, n)).collect();
    let players = order
        .iter()
        .map(|&i| {
            let spec = seats[i];
            let base = spec.seed.unwrap_or(options.seed);
            Spec { seed: None, ..spec }
                .strategy(rules, game_seed(base, g, i))
                .expect("checked before the games")
        })
        .collect();
    (order, players)
}

/// Plays game `g`: player `p` is seat `(p + g) % n`. Under rules with
/// `rounds`, the game is a whole match of rounds ([`play_rounds`]).
fn play_game(rules: &Rules, seats: &[Spec], g: usize, options: &MatchOptions) -> GameResult {
    if rules.rule_set().rounds != Rounds::None {
        return play_rounds(rules, seats, g, options);
    }
    let n = seats.len();
    let (order, mut players) = players_of(rules, seats, g, options);
    let mut moves = vec![0u64; n];
    let mut time = vec![Duration::ZERO; n];
    let mut game = History::new(rules);
    let mut capped = false;
    let mut forfeit = false;
    let opening = play_opening(&mut game, &mut players, g, options);
    while !game.is_over() {
        if game.moves().len() >= options.move_cap {
            game.end_by_agreement();
            capped = true;
            break;
        }
        let pos = *game.position();
        let side = pos.to_move();
        let player = pos.player_to_move();
        let seat = order[player];
        let start = Instant::now();
        let choice = players[player].choose(&pos);
        time[seat] += start.elapsed();
        moves[seat] += 1;
        match choice.map(|m| game.play(m).map(|_| m)) {
            Some(Ok(m)) => {
                for player in &mut players {
                    player.observe(&pos, m);
                }
            }
            _ => {
                // With 3-4 players a resignation does not end the game:
                // end it here (the resigned side still ranks last).
                game.resign(side);
                game.end_by_agreement();
                forfeit = true;
            }
        }
    }
    let outcome = game.outcome().expect("the game is over");
    let mut ranks = vec![0u8; n];
    let mut scores = vec![0u8; n];
    for player in 0..n {
        ranks[order[player]] = outcome.rank_of_player(player);
        scores[order[player]] = outcome.score_of_player(player);
    }
    GameResult {
        record: GameRecord {
            opening: game.moves()[..opening].to_vec(),
            order,
            ranks,
            scores,
            moves: game.moves().len(),
            capped,
            forfeit,
            layout_seed: rules.rule_set().layout_seed,
        },
        moves,
        time,
    }
}

/// Game `g` under rules with `rounds`: a [`Match`] of rounds (docs/rules.md
/// section 8a), its result the last round's. The opening is played at
/// the start of the first round; the move cap counts the moves of every
/// round and ends the round it falls in by agreement, and the match with
/// it; a forfeit resigns the match.
fn play_rounds(rules: &Rules, seats: &[Spec], g: usize, options: &MatchOptions) -> GameResult {
    let n = seats.len();
    let (order, mut players) = players_of(rules, seats, g, options);
    let mut moves = vec![0u64; n];
    let mut time = vec![Duration::ZERO; n];
    let mut game = Match::new(rules.rule_set()).expect("compiled rules are valid");
    let mut played = Vec::new();
    let (mut capped, mut forfeit) = (false, false);
    let mut random = crate::Random::new(game_seed(options.seed, g / n, usize::MAX));
    while !game.is_over() {
        let pos = game.position();
        let in_opening = played.len() < options.opening;
        if !in_opening && played.len() >= options.move_cap {
            game.apply(Event::Agreement).expect("a round not over");
            capped = true;
            break;
        }
        let player = pos.player_to_move();
        let seat = order[player];
        let start = Instant::now();
        let choice = if in_opening {
            random.choose(&pos)
        } else {
            players[player].choose(&pos)
        };
        if !in_opening {
            time[seat] += start.elapsed();
            moves[seat] += 1;
        }
        match choice.filter(|&m| pos.is_legal(m)) {
            Some(m) => {
                for p in &mut players {
                    p.observe(&pos, m);
                }
                game.play(m).expect("a legal move");
                played.push(m);
            }
            None => {
                // With 3-4 players a resignation does not end the round:
                // end it here, and the match with it.
                let side = pos.to_move();
                game.resign(side).expect("a round not over");
                if !game.is_over() {
                    game.apply(Event::Agreement).expect("a round not over");
                }
                forfeit = true;
            }
        }
    }
    let outcome = game.outcome().expect("the match is over");
    let mut ranks = vec![0u8; n];
    let mut scores = vec![0u8; n];
    for player in 0..n {
        ranks[order[player]] = outcome.rank_of_player(player);
        scores[order[player]] = outcome.score_of_player(player);
    }
    GameResult {
        record: GameRecord {
            opening: played[..played.len().min(options.opening)].to_vec(),
            order,
            ranks,
            scores,
            moves: played.len(),
            capped,
            forfeit,
            layout_seed: rules.rule_set().layout_seed,
        },
        moves,
        time,
    }
}
