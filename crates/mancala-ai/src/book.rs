//! Opening books: the exact value of every move of the positions a game
//! starts with, solved beforehand with an endgame database, where the
//! solver cannot finish in a move's time. The built-in book is
//! Kalah(6,4)'s ([`Book::built_in`]); [`Booked`] keeps another player to
//! a book's best moves.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::{Arc, OnceLock};

use mancala_core::{Move, Position, Preset, RuleSet, Rules, Setup, Wdl};

use crate::spec::splitmix;
use crate::{Allocation, MoveValue, Strategy};

/// The built-in Kalah(6,4) book, as `examples/opening_book.rs` wrote it.
const KALAH_6_4: &str = include_str!("../books/kalah-6-4.txt");

/// The comment lines a book file starts with, saying how to read it (the
/// book format). Lines starting with `#` and blank lines are comments.
pub const HEADER: &str = "\
# An opening book of mancala-ai (crates/mancala-ai/src/book.rs).
# One position a line: the position in the notation of mancala_core::Setup
# (each side's houses, house 1 first, a colon and its store; then to=SIDE),
# a bar, then the exact value of each house's move for the player to move,
# houses 1 to N: the final score difference under perfect play, - for a
# house that cannot be moved. Written by
#   cargo run --release -p mancala-ai --example opening_book -- DATABASE TURNS
";

/// An opening book: for each position it holds, the exact value of every
/// legal move (the final score difference under perfect play, for the
/// player who makes it), read from text in the [`HEADER`]'s format.
///
/// A book is for Kalah's rules on one board: the Kalah preset's rule set
/// with its houses and seeds ([`Preset::Kalah`]), nothing else changed
/// (the pie rule, for one, would make the side to move a matter of the
/// game's history). A position is looked up by its houses, stores and
/// side to move.
///
/// # Examples
///
/// ```
/// use mancala_ai::Book;
/// use mancala_core::{Move, Position, Preset, Rules};
///
/// let rules = Rules::new(&Preset::Kalah.rules())?;
/// let book = Book::built_in(&rules).expect("Kalah(6,4) has a book");
/// let values = book.probe(&Position::new(&rules)).expect("the start is in it");
/// // docs/rules.md section 11: Kalah(6,4) is worth +8 to the first player.
/// assert_eq!(values[0].score_difference(), Some(8));
/// assert!(values[0].exact);
/// # Ok::<(), mancala_core::RuleError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Book {
    /// The rules the book is for.
    rule_set: RuleSet,
    /// Per position ([`key`]), the value of each legal move in house order.
    entries: HashMap<Vec<u8>, Vec<(Move, i32)>>,
}

/// Why a book's text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    /// The rules are not Kalah's on some board.
    #[error(
        "an opening book is for Kalah's rules (the Kalah preset with its houses and seeds \
         changed, nothing else)"
    )]
    Rules,
    /// A line of the text is wrong.
    #[error("line {line}: {reason}")]
    Line {
        /// The line's number, from 1.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
}

/// The Kalah preset's rule set on the board of `rule_set`.
fn kalah_on_board(rule_set: &RuleSet) -> RuleSet {
    RuleSet {
        houses: rule_set.houses,
        seeds: rule_set.seeds,
        ..Preset::Kalah.rules()
    }
}

/// A position's key in a book: both sides' houses, the stores, the side
/// to move.
fn key(pos: &Position<'_>) -> Vec<u8> {
    let rules = pos.rules();
    let mut key = Vec::with_capacity(2 * rules.houses() + 3);
    for side in rules.sides() {
        key.extend_from_slice(pos.houses(side));
    }
    for side in rules.sides() {
        key.push(pos.store(side));
    }
    key.push(pos.to_move().index() as u8);
    key
}

impl Book {
    /// Reads a book for `rules` from `text` (the [`HEADER`]'s format).
    /// Every position is checked against the rules, and its values
    /// against its legal moves.
    ///
    /// # Errors
    ///
    /// [`BookError::Rules`] when the rules are not Kalah's on some board;
    /// [`BookError::Line`] naming the first line that is not a position
    /// of these rules holding the game's seeds, its game going on, then a
    /// bar and one value or `-` for each house (a value for each legal
    /// move, `-` for each other house, no value beyond the game's seeds),
    /// or that repeats a position.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_ai::{Book, BookError};
    /// use mancala_core::{Preset, RuleSet, Rules};
    ///
    /// let rules = Rules::new(&RuleSet { houses: 3, seeds: 3, ..Preset::Kalah.rules() })?;
    /// // docs/rules.md section 11: Kalah(3,3) is worth +2 to the first player.
    /// let book = Book::parse(&rules, "3,3,3:0 3,3,3:0 to=0 | +2 +2 -4")?;
    /// assert_eq!(book.len(), 1);
    /// let err = Book::parse(&rules, "3,3,3:0 3,3,3:0 to=0 | +2 +2").unwrap_err();
    /// assert_eq!(err.to_string(), "line 1: expected 3 values (one a house), found 2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(rules: &Rules, text: &str) -> Result<Book, BookError> {
        if *rules.rule_set() != kalah_on_board(rules.rule_set()) {
            return Err(BookError::Rules);
        }
        let mut entries = HashMap::new();
        for (number, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let error = |reason: String| BookError::Line {
                line: number + 1,
                reason,
            };
            let (pos, values) = parse_line(rules, line).map_err(error)?;
            if entries.insert(key(&pos), values).is_some() {
                return Err(error("the position is in the book twice".to_string()));
            }
        }
        Ok(Book {
            rule_set: *rules.rule_set(),
            entries,
        })
    }

    /// The built-in book for `rules`, if there is one: Kalah(6,4)'s (the
    /// Kalah preset), whose 2,533 positions are every one of the game's
    /// first four turns (South's first, North's first, South's second,
    /// North's second; a turn is one player's moves until the other
    /// moves, extra turns included), solved with the 30-seed endgame
    /// database (docs/results.md section 5.4). Read once, then shared.
    pub fn built_in(rules: &Rules) -> Option<Arc<Book>> {
        static KALAH: OnceLock<Arc<Book>> = OnceLock::new();
        (*rules.rule_set() == Preset::Kalah.rules()).then(|| {
            KALAH
                .get_or_init(|| {
                    Arc::new(Book::parse(rules, KALAH_6_4).expect("the built-in book reads"))
                })
                .clone()
        })
    }

    /// Whether the book is for `rules`.
    pub fn fits(&self, rules: &Rules) -> bool {
        *rules.rule_set() == self.rule_set
    }

    /// The number of positions in the book.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book holds no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The exact value of every legal move of `pos`, best first (moves of
    /// equal value in house order), when the book holds the position and
    /// is for its rules; else `None`.
    pub fn probe(&self, pos: &Position<'_>) -> Option<Vec<MoveValue>> {
        if !self.fits(pos.rules()) {
            return None;
        }
        let moves = self.entries.get(&key(pos))?;
        let mut values: Vec<MoveValue> = moves
            .iter()
            .map(|&(mv, difference)| MoveValue::solved(mv, difference, wdl(difference)))
            .collect();
        values.sort_by_key(|v| std::cmp::Reverse(v.value));
        Some(values)
    }

    /// The book line of `pos` with the values `values` of its moves (as
    /// [`Solver::analyse`](crate::Solver::analyse) gives them), in the
    /// [`HEADER`]'s format: `None` when a legal move of `pos` has no exact
    /// value in `values`, or the game is over.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_ai::{Book, Solver, SolverOptions};
    /// use mancala_core::{Position, Preset, RuleSet, Rules};
    ///
    /// let rules = Rules::new(&RuleSet { houses: 3, seeds: 3, ..Preset::Kalah.rules() })?;
    /// let start = Position::new(&rules);
    /// let values = Solver::new(&rules, SolverOptions::default())?.analyse(&start);
    /// let line = Book::line(&start, &values).unwrap();
    /// assert_eq!(line, "3,3,3:0 3,3,3:0 to=0 | +2 +2 -4");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn line(pos: &Position<'_>, values: &[MoveValue]) -> Option<String> {
        if pos.is_over() {
            return None;
        }
        let rules = pos.rules();
        let setup = pos.to_setup();
        let mut line = String::new();
        for side in rules.sides() {
            let houses: Vec<String> = setup.houses[side.index()]
                .iter()
                .map(u8::to_string)
                .collect();
            let _ = write!(line, "{}:{} ", houses.join(","), setup.stores[side.index()]);
        }
        let _ = write!(line, "to={} |", setup.to_move);
        let legal = pos.legal_moves();
        for house in 1..=rules.houses() as u8 {
            let mv = Move::House(house);
            if !legal.contains(mv) {
                line.push_str(" -");
                continue;
            }
            let value = values.iter().find(|v| v.mv == mv && v.exact)?;
            let _ = write!(line, " {:+}", value.score_difference()?);
        }
        Some(line)
    }
}

/// The result a final score difference stands for under Kalah's ranking.
fn wdl(difference: i32) -> Wdl {
    match difference.signum() {
        1 => Wdl::Win,
        0 => Wdl::Draw,
        _ => Wdl::Loss,
    }
}

/// One line of a book: the position and the value of each legal move, or
/// what is wrong with the line.
fn parse_line<'r>(
    rules: &'r Rules,
    line: &str,
) -> Result<(Position<'r>, Vec<(Move, i32)>), String> {
    let (notation, values) = line
        .split_once('|')
        .ok_or("expected a position, a bar and the values of its moves")?;
    let setup: Setup = notation.trim().parse().map_err(|e| format!("{e}"))?;
    let pos = Position::from_setup(rules, &setup).map_err(|e| format!("{e}"))?;
    if pos.is_over() {
        return Err("the game is over in this position".to_string());
    }
    let seeds = Position::new(rules).total_seeds();
    if pos.total_seeds() != seeds {
        return Err(format!(
            "the position holds {} seeds, the game {seeds}",
            pos.total_seeds()
        ));
    }
    let tokens: Vec<&str> = values.split_whitespace().collect();
    if tokens.len() != rules.houses() {
        return Err(format!(
            "expected {} values (one a house), found {}",
            rules.houses(),
            tokens.len()
        ));
    }
    let legal = pos.legal_moves();
    let most = i32::try_from(pos.total_seeds()).unwrap_or(i32::MAX);
    let mut moves = Vec::with_capacity(tokens.len());
    for (house, token) in (1..).zip(tokens) {
        let mv = Move::House(house);
        match (legal.contains(mv), token) {
            (false, "-") => {}
            (true, "-") => return Err(format!("house {house} can be moved: expected its value")),
            (false, _) => {
                return Err(format!(
                    "house {house} cannot be moved: expected -, found {token}"
                ));
            }
            (true, _) => {
                let value: i32 = token.parse().map_err(|_| {
                    format!("house {house}: expected a whole number, found {token}")
                })?;
                if value.abs() > most {
                    return Err(format!(
                        "house {house}: {value} is more than the game's {most} seeds"
                    ));
                }
                moves.push((mv, value));
            }
        }
    }
    Ok((pos, moves))
}

/// Another player kept to the best moves of an opening book: the levels
/// from [`BOOK_LEVEL`](crate::spec::BOOK_LEVEL) up, [`Exact`](crate::Exact)
/// and the time-managed searchers play this way with the built-in book
/// ([`Book::built_in`]; see the [spec docs](crate::spec)).
///
/// The other player chooses every move. Where the book holds the
/// position, its move stands if the book values it best; if not, a best
/// move of the book is played instead, picked among moves of equal value
/// from the seed and the position (so games with different seeds differ
/// and the same seed replays the same game). [`Strategy::last_value`] is
/// then the move's exact value. So the player never loses a seed to the
/// book's perfect play, and where several moves are best its own choice
/// decides: at equal value, the search's move did better than a pick by
/// lot against OpenSpiel's alpha-beta (docs/results.md section 5.4).
/// Every move observed and every time allocation is passed on to the
/// other player.
///
/// # Examples
///
/// ```
/// use mancala_ai::{Book, Booked, Random, Strategy};
/// use mancala_core::{Move, Position, Preset, Rules};
///
/// let rules = Rules::new(&Preset::Kalah.rules())?;
/// let book = Book::built_in(&rules).expect("Kalah(6,4) has a book");
/// let mut player = Booked::new(book, Box::new(Random::new(1)), 1);
/// // House 3 is Kalah(6,4)'s only first move worth its +8 (docs/rules.md
/// // section 11), by this engine's solver.
/// assert_eq!(player.choose(&Position::new(&rules)), Some(Move::House(3)));
/// assert!(player.last_value().unwrap().exact);
/// # Ok::<(), mancala_core::RuleError>(())
/// ```
pub struct Booked {
    /// The book.
    book: Arc<Book>,
    /// Who chooses every move (kept to the book's best where it holds the
    /// position).
    player: Box<dyn Strategy + Send>,
    /// Picks among the book's moves of equal value.
    seed: u64,
    /// The move chosen last in the book, valued; `None` out of it.
    last: Option<MoveValue>,
}

impl Booked {
    /// `player`, kept to the best moves of `book` where it holds the
    /// position; `seed` picks among the book's moves of equal value when
    /// `player`'s is not one of them.
    pub fn new(book: Arc<Book>, player: Box<dyn Strategy + Send>, seed: u64) -> Booked {
        Booked {
            book,
            player,
            seed,
            last: None,
        }
    }
}

impl Strategy for Booked {
    fn choose(&mut self, pos: &Position<'_>) -> Option<Move> {
        self.last = None;
        let Some(values) = self.book.probe(pos) else {
            return self.player.choose(pos);
        };
        let best = values.first()?.value;
        // The other player proposes; a best move stands.
        let proposed = self.player.choose(pos);
        if let Some(value) = values
            .iter()
            .find(|v| Some(v.mv) == proposed && v.value == best)
        {
            self.last = Some(*value);
            return proposed;
        }
        let ties = values.iter().take_while(|v| v.value == best).count();
        let hash = key(pos)
            .iter()
            .fold(self.seed, |h, &b| splitmix(h ^ u64::from(b)));
        let pick = values[(hash % ties as u64) as usize];
        self.last = Some(pick);
        Some(pick.mv)
    }

    fn observe(&mut self, before: &Position<'_>, m: Move) {
        self.player.observe(before, m);
    }

    fn set_time(&mut self, time: Option<Allocation>) {
        self.player.set_time(time);
    }

    fn last_value(&self) -> Option<MoveValue> {
        if self.last.is_some() {
            return self.last;
        }
        self.player.last_value()
    }
}
