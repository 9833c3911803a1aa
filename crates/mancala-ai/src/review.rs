//! A whole game reviewed: every move valued before and after, the best
//! move, the value lost and a verdict, within a deterministic budget.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use mancala_core::{Event, Game, Match, Move, Position, Side};
use serde::{Deserialize, Serialize};

use crate::params::{
    ANALYSIS_TABLE_BYTES, BLUNDER_SEEDS, INACCURACY_SEEDS, MISTAKE_SEEDS, REVIEW_DEPTH,
    REVIEW_SOLVER_NODES, REVIEW_STACK_BYTES,
};
use crate::{AlphaBeta, Book, Egdb, Limits, MaxN, MoveValue, Solver, SolverOptions, SpecError};

/// What a move is judged, by the value it lost against the best move
/// ([`Verdict::judge`]); the thresholds are in `docs/rules.md`, section
/// 17.
///
/// # Examples
///
/// ```
/// use mancala_ai::Verdict;
///
/// assert_eq!(Verdict::Mistake.to_string(), "mistake");
/// assert_eq!("blunder".parse::<Verdict>(), Ok(Verdict::Blunder));
/// assert!("oops".parse::<Verdict>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// The best move, or within [`INACCURACY_SEEDS`](Verdict::INACCURACY_SEEDS) of it.
    Best,
    /// Lost at least [`Verdict::INACCURACY_SEEDS`].
    Inaccuracy,
    /// Lost at least [`Verdict::MISTAKE_SEEDS`], or a won game drawn, or
    /// a drawn game lost (exact values).
    Mistake,
    /// Lost at least [`Verdict::BLUNDER_SEEDS`], or a won game lost
    /// (exact values).
    Blunder,
}

impl Verdict {
    /// Every verdict, best first.
    pub const ALL: [Verdict; 4] = [
        Verdict::Best,
        Verdict::Inaccuracy,
        Verdict::Mistake,
        Verdict::Blunder,
    ];

    /// A loss of at least this many seeds (of final score difference, so
    /// one seed handed to the opponent) is an inaccuracy.
    pub const INACCURACY_SEEDS: f64 = INACCURACY_SEEDS;
    /// A loss of at least this many seeds (two seeds handed over) is a
    /// mistake.
    pub const MISTAKE_SEEDS: f64 = MISTAKE_SEEDS;
    /// A loss of at least this many seeds (four seeds handed over) is a
    /// blunder.
    pub const BLUNDER_SEEDS: f64 = BLUNDER_SEEDS;

    /// The verdict's name: `best`, `inaccuracy`, `mistake` or `blunder`.
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::Best => "best",
            Verdict::Inaccuracy => "inaccuracy",
            Verdict::Mistake => "mistake",
            Verdict::Blunder => "blunder",
        }
    }

    /// The verdict on a move that lost `loss` seeds; `results`, when both
    /// values are exact with two players, is the result (1 win, 0 draw,
    /// -1 loss) of the best move and of the move played: a result thrown
    /// away is at least a mistake, a win turned into a loss a blunder,
    /// however few seeds it cost.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_ai::Verdict;
    ///
    /// assert_eq!(Verdict::judge(0.0, None), Verdict::Best);
    /// assert_eq!(Verdict::judge(1.5, None), Verdict::Best);
    /// assert_eq!(Verdict::judge(2.0, None), Verdict::Inaccuracy);
    /// assert_eq!(Verdict::judge(4.0, None), Verdict::Mistake);
    /// assert_eq!(Verdict::judge(8.0, None), Verdict::Blunder);
    /// // +1 to -1: two seeds, but the win is gone.
    /// assert_eq!(Verdict::judge(2.0, Some((1, -1))), Verdict::Blunder);
    /// assert_eq!(Verdict::judge(2.0, Some((0, -1))), Verdict::Mistake);
    /// ```
    pub fn judge(loss: f64, results: Option<(i8, i8)>) -> Verdict {
        let by_seeds = if loss >= BLUNDER_SEEDS {
            Verdict::Blunder
        } else if loss >= MISTAKE_SEEDS {
            Verdict::Mistake
        } else if loss >= INACCURACY_SEEDS {
            Verdict::Inaccuracy
        } else {
            Verdict::Best
        };
        let by_result = match results {
            Some((1, -1)) => Verdict::Blunder,
            Some((best, played)) if played < best => Verdict::Mistake,
            _ => Verdict::Best,
        };
        by_seeds.max(by_result)
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Text that is no [`Verdict`] name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("\"{text}\" is not a verdict (expected best, inaccuracy, mistake or blunder)")]
pub struct VerdictParseError {
    /// The text as given.
    pub text: String,
}

impl FromStr for Verdict {
    type Err = VerdictParseError;

    fn from_str(s: &str) -> Result<Verdict, VerdictParseError> {
        Verdict::ALL
            .into_iter()
            .find(|v| v.name() == s)
            .ok_or_else(|| VerdictParseError {
                text: s.to_string(),
            })
    }
}

/// The review of one move of a game, as [`review_game`] makes it. It
/// serialises with the field names of the server's
/// `GET /api/games/{id}/analysis` (`docs/protocol.md`): `ply`, `side`,
/// `move`, `before`, `after`, `best`, `loss`, `verdict`, `exact`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveReview {
    /// The move's place among the game's moves, from 1 (other events,
    /// such as a seat handed to the computer, are not counted).
    pub ply: usize,
    /// The side that moved.
    pub side: Side,
    /// The move played.
    #[serde(rename = "move")]
    pub mv: Move,
    /// The value of the position before the move for the mover, in
    /// seeds: that of the best move ([`MoveValue::seeds`]).
    pub before: f64,
    /// The value of the move played for the mover, in seeds: that of the
    /// position after it, seen by the mover.
    pub after: f64,
    /// A best move (the first of the best in sowing order when several
    /// tie).
    pub best: Move,
    /// `before - after`, never below 0 (an estimate may rate the move
    /// played above the best one; it then lost nothing).
    pub loss: f64,
    /// What the loss makes of the move ([`Verdict::judge`]).
    pub verdict: Verdict,
    /// Both values are exact (the solver's, or a search that saw the end
    /// of every line); else they are estimates by alpha-beta (two players)
    /// or max^n (three or four) at the budget's depth.
    pub exact: bool,
}

/// How much a review may search for each position: the exact solver's
/// node budget, then the depth of the alpha-beta (or max^n) estimate.
/// No time enters, so a review of the same game with the same budget and
/// the same endgame database gives the same values on every machine.
///
/// The text form is `solver=NODES,depth=PLIES` (either may be left out;
/// `solver=0` skips the solver), e.g. `solver=2m,depth=12`.
///
/// # Examples
///
/// ```
/// use mancala_ai::ReviewBudget;
///
/// let budget: ReviewBudget = "solver=500k,depth=8".parse()?;
/// assert_eq!((budget.solver_nodes, budget.depth), (500_000, 8));
/// assert_eq!(budget.to_string(), "solver=500000,depth=8");
/// assert_eq!("depth=6".parse::<ReviewBudget>()?.solver_nodes, ReviewBudget::default().solver_nodes);
/// assert!("time=1s".parse::<ReviewBudget>().is_err());
/// # Ok::<(), mancala_ai::SpecError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReviewBudget {
    /// Positions the exact solver may visit to value one position's moves
    /// (two players only); 0: never try it.
    pub solver_nodes: u64,
    /// The depth, in moves, to which each move is searched when the
    /// solver did not finish.
    pub depth: u32,
}

impl Default for ReviewBudget {
    /// `solver=2000000,depth=10` (docs/rules.md section 17).
    fn default() -> ReviewBudget {
        ReviewBudget {
            solver_nodes: REVIEW_SOLVER_NODES,
            depth: REVIEW_DEPTH,
        }
    }
}

impl fmt::Display for ReviewBudget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "solver={},depth={}", self.solver_nodes, self.depth)
    }
}

impl FromStr for ReviewBudget {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<ReviewBudget, SpecError> {
        let mut budget = ReviewBudget::default();
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part.split_once('=').ok_or_else(|| SpecError::Syntax {
                text: part.to_string(),
            })?;
            // Limits reads counts with their k/m suffixes.
            let mut limits = Limits::NONE;
            match key.trim() {
                "solver" => {
                    limits
                        .set("nodes", value.trim())
                        .map_err(|_| bad(key, value))?;
                    budget.solver_nodes = limits.nodes.unwrap_or(0);
                }
                "depth" => {
                    limits
                        .set("depth", value.trim())
                        .map_err(|_| bad(key, value))?;
                    budget.depth = limits.depth.unwrap_or(0);
                }
                _ => {
                    return Err(SpecError::Key {
                        key: key.to_string(),
                    });
                }
            }
        }
        Ok(budget)
    }
}

fn bad(key: &str, value: &str) -> SpecError {
    SpecError::Value {
        key: key.to_string(),
        value: value.to_string(),
        reason: "expected a whole number".to_string(),
    }
}

/// Every move of `game` reviewed ([`MoveReview`]), in the order played,
/// within `budget` for each position.
///
/// With two players the exact [`Solver`] (one thread, a 32 MiB table
/// kept from move to move, the endgame `database` when it fits the
/// rules) values every legal move within `budget.solver_nodes`, going
/// from the last move of the game backwards; from the first position it
/// does not finish (and for every position before it, which as a rule
/// holds more seeds), [`AlphaBeta`] estimates each move to
/// `budget.depth` instead.
/// With three or four players each move is valued for the mover by a
/// [`MaxN`] search of the position after it to `budget.depth - 1`. Every
/// budget is a node count or a depth, so the result depends only on the
/// game, the budget and the database.
///
/// # Examples
///
/// ```
/// use mancala_ai::{ReviewBudget, Verdict, review_game};
/// use mancala_core::{Game, Move};
///
/// // Kalah(4,3) is worth +6 by house 2 (docs/rules.md section 11); house
/// // 4 first is worth -2: eight seeds lost, a blunder, exactly.
/// let game: Game = "kalah,houses=4,seeds=3; 4".parse()?;
/// let review = review_game(&game, &ReviewBudget::default(), None);
/// assert_eq!(review.len(), 1);
/// let first = &review[0];
/// assert_eq!((first.before, first.after, first.loss), (6.0, -2.0, 8.0));
/// assert_eq!(first.best, Move::House(2));
/// assert_eq!(first.verdict, Verdict::Blunder);
/// assert!(first.exact);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn review_game(
    game: &Game,
    budget: &ReviewBudget,
    database: Option<Arc<Egdb>>,
) -> Vec<MoveReview> {
    review_game_with(game, budget, database, || {})
}

/// [`review_game`], calling `between` on the reviewing thread after each
/// position is valued, before the next: a server bounds the review's CPU
/// there by sleeping (a duty cycle), and `between` sees the thread's own
/// clock. The reviews are those of [`review_game`]: `between` cannot
/// change them.
///
/// # Examples
///
/// ```
/// use mancala_ai::{ReviewBudget, review_game, review_game_with};
/// use mancala_core::Game;
///
/// let game: Game = "kalah,houses=4,seeds=3; 2, 4".parse()?;
/// let mut calls = 0;
/// let review = review_game_with(&game, &ReviewBudget::default(), None, || calls += 1);
/// assert_eq!(calls, 2);
/// assert_eq!(review, review_game(&game, &ReviewBudget::default(), None));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn review_game_with(
    game: &Game,
    budget: &ReviewBudget,
    database: Option<Arc<Egdb>>,
    between: impl FnMut() + Send,
) -> Vec<MoveReview> {
    // The solver's recursion needs more stack than a runtime's blocking
    // threads have; the new thread takes the caller's priority (nice).
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("review".to_string())
            .stack_size(REVIEW_STACK_BYTES)
            .spawn_scoped(scope, || {
                review_on_this_thread(game, budget, database, between)
            })
            .expect("a thread for the review")
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

/// The review of one round of a match ([`review_match`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundReview {
    /// The round's place in the match, from 1.
    pub round: usize,
    /// The round's moves reviewed, as [`review_game`] reviews a game; each
    /// `ply` counts from 1 in its round.
    pub moves: Vec<MoveReview>,
}

/// Every round of `game`, a match (docs/rules.md section 8a), reviewed
/// as [`review_game`] reviews a game, the first round first.
///
/// Each round is valued under its own rules ([`Game::rules`] of
/// [`Match::rounds`], which burn the houses its start could not fill),
/// so the solver and the searches never move a burnt house; the endgame
/// `database` is used only for the rounds it fits ([`Egdb::supports`]
/// refuses rules with burnt houses). A round is valued as a game of its
/// own, for the seeds it ends with: what the next round makes of them is
/// not looked at. Under `rounds = none` the match is one game and its
/// review is `review_game`'s, as round 1.
///
/// # Examples
///
/// ```
/// use mancala_ai::{ReviewBudget, review_match};
/// use mancala_core::{Match, Move};
///
/// // Three rounds of two houses of two seeds: side 0's house 2 is burnt
/// // in rounds 2 and 3 (docs/rules.md section 8a).
/// let line = "kalah,houses=2,seeds=2,rounds=fill; 2, 2, 1, 1, 2, 2, 1 / 2, 1 / 1";
/// let game: Match = line.parse()?;
/// let review = review_match(&game, &ReviewBudget::default(), None);
/// let moves: Vec<(usize, usize)> = review.iter().map(|r| (r.round, r.moves.len())).collect();
/// assert_eq!(moves, [(1, 7), (2, 2), (3, 1)]);
/// // Round 2, side 0's one move: house 1, the best, 2 seeds to 6.
/// let second = &review[1].moves[1];
/// assert_eq!((second.mv, second.best, second.after), (Move::House(1), Move::House(1), -4.0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn review_match(
    game: &Match,
    budget: &ReviewBudget,
    database: Option<Arc<Egdb>>,
) -> Vec<RoundReview> {
    review_match_with(game, budget, database, || {})
}

/// [`review_match`], calling `between` after each position of every round
/// is valued, as [`review_game_with`] does: the server's analysis
/// worker bounds a match's review with its duty cycle there. The
/// reviews are those of [`review_match`].
///
/// # Examples
///
/// ```
/// use mancala_ai::{ReviewBudget, review_match, review_match_with};
/// use mancala_core::Match;
///
/// let game: Match = "kalah,houses=2,seeds=2,rounds=fill; 2, 2, 1, 1, 2, 2, 1 / 2, 1 / 1".parse()?;
/// let mut calls = 0;
/// let review = review_match_with(&game, &ReviewBudget::default(), None, || calls += 1);
/// // One call a move: 7, 2 and 1 moves.
/// assert_eq!(calls, 10);
/// assert_eq!(review, review_match(&game, &ReviewBudget::default(), None));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn review_match_with(
    game: &Match,
    budget: &ReviewBudget,
    database: Option<Arc<Egdb>>,
    mut between: impl FnMut() + Send,
) -> Vec<RoundReview> {
    game.rounds()
        .iter()
        .enumerate()
        .map(|(i, round)| RoundReview {
            round: i + 1,
            moves: review_game_with(round, budget, database.clone(), &mut between),
        })
        .collect()
}

fn review_on_this_thread(
    game: &Game,
    budget: &ReviewBudget,
    database: Option<Arc<Egdb>>,
    mut between: impl FnMut(),
) -> Vec<MoveReview> {
    let rules = game.rules();
    let mut engine = Engine::new(rules, budget, database);
    let positions: Vec<Position<'_>> = game.positions().collect();
    let moves: Vec<(Position<'_>, Move)> = game
        .events()
        .iter()
        .zip(positions)
        .filter_map(|(event, pos)| match *event {
            Event::Move(mv) => Some((pos, mv)),
            _ => None,
        })
        .collect();
    // From the end backwards: the solver's table fills with the endgame
    // first, which is what the earlier positions lead to.
    let mut reviews: Vec<MoveReview> = moves
        .iter()
        .enumerate()
        .rev()
        .map(|(i, (pos, mv))| {
            let review = review_move(i + 1, pos, *mv, &engine.values(pos));
            between();
            review
        })
        .collect();
    reviews.reverse();
    reviews
}

/// The review of `mv` in `pos` from the values of every legal move, best
/// first.
fn review_move(ply: usize, pos: &Position<'_>, mv: Move, values: &[MoveValue]) -> MoveReview {
    let best = values[0];
    let played = values.iter().find(|v| v.mv == mv).copied().unwrap_or(best);
    let (before, after) = (best.seeds(), played.seeds());
    let loss = (before - after).max(0.0);
    let exact = best.exact && played.exact;
    let results = (exact && pos.rules().players() == 2)
        .then(|| Some((result_sign(&best)?, result_sign(&played)?)))
        .flatten();
    MoveReview {
        ply,
        side: pos.to_move(),
        mv,
        before,
        after,
        best: best.mv,
        loss,
        verdict: Verdict::judge(loss, results),
        exact,
    }
}

/// 1, 0 or -1 for an exact win, draw or loss.
fn result_sign(value: &MoveValue) -> Option<i8> {
    value.wdl().map(|wdl| match wdl {
        mancala_core::Wdl::Win => 1,
        mancala_core::Wdl::Draw => 0,
        mancala_core::Wdl::Loss => -1,
    })
}

/// The searches of a review, kept from position to position.
struct Engine<'r> {
    /// The built-in opening book of the rules, if any: exact values at no
    /// cost.
    book: Option<Arc<Book>>,
    solver: Option<Solver<'r>>,
    solver_nodes: u64,
    alphabeta: AlphaBeta,
    maxn: MaxN,
}

impl<'r> Engine<'r> {
    fn new(
        rules: &'r mancala_core::Rules,
        budget: &ReviewBudget,
        database: Option<Arc<Egdb>>,
    ) -> Engine<'r> {
        let options = SolverOptions {
            table_bytes: ANALYSIS_TABLE_BYTES,
            database_seeds: 0,
        };
        let database = database.filter(|db| Egdb::supports(rules) && db.fits(rules));
        let solver = (budget.solver_nodes > 0)
            .then(|| Solver::with_shared_database(rules, options, database).ok())
            .flatten()
            .map(|mut solver| {
                solver.set_threads(1);
                solver.without_ordering_searches();
                solver
            });
        let depth = budget.depth.max(1);
        Engine {
            book: Book::built_in(rules),
            solver,
            solver_nodes: budget.solver_nodes,
            alphabeta: AlphaBeta::new(Limits::depth(depth)),
            maxn: MaxN::new(Limits::depth(depth - 1)),
        }
    }

    /// The value of every legal move of `pos` for the mover, best first
    /// (ties in sowing order).
    fn values(&mut self, pos: &Position<'_>) -> Vec<MoveValue> {
        let mut values = self.search(pos);
        // Stable: equal values keep their order, then sowing order wins.
        values.sort_by_key(|v| v.mv);
        values.sort_by_key(|v| std::cmp::Reverse(v.value));
        values
    }

    fn search(&mut self, pos: &Position<'_>) -> Vec<MoveValue> {
        if pos.rules().players() > 2 {
            return self.maxn_values(pos);
        }
        if let Some(values) = self.book.as_ref().and_then(|book| book.probe(pos)) {
            return values;
        }
        if let Some(solver) = &mut self.solver {
            match solver.analyse_within(pos, &Limits::nodes(self.solver_nodes)) {
                Ok(values) => return values,
                // Earlier positions hold as many seeds or more: out of
                // reach too, as a rule, and each try would cost the whole
                // budget.
                Err(_) => self.solver = None,
            }
        }
        self.alphabeta.clear();
        self.alphabeta.analyse(pos)
    }

    /// Each move valued for the mover by max^n on the position after it.
    fn maxn_values(&mut self, pos: &Position<'_>) -> Vec<MoveValue> {
        let mover = pos.player_to_move();
        self.maxn.clear();
        pos.legal_moves()
            .iter()
            .map(|mv| {
                let mut child = *pos;
                child.play_unchecked(mv);
                let report = self.maxn.search(&child);
                let side = child.side_of(mover).index();
                MoveValue {
                    mv,
                    value: report.values[side],
                    exact: report.exact,
                }
            })
            .collect()
    }
}
