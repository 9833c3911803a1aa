//! Positions and games to test on: a few moves into a game, chosen by
//! proptest values or a seeded generator, and positions from notation.

use mancala_core::{History, Move, Position, RuleSet, Rules, Setup};
use rand::RngExt;

/// The rules of a rule set the test knows to be valid.
///
/// # Panics
///
/// If the rule set is invalid.
pub fn compile(set: RuleSet) -> Rules {
    Rules::new(&set).expect("the rule set is valid")
}

/// The position written `notation` under `rules`.
///
/// # Panics
///
/// If the notation does not parse or does not fit the rules.
pub fn at<'r>(rules: &'r Rules, notation: &str) -> Position<'r> {
    let setup: Setup = notation.parse().expect("the notation parses");
    Position::from_setup(rules, &setup).expect("the setup fits the rules")
}

/// House moves by number, to compare with a list of legal moves.
pub fn houses(numbers: &[u8]) -> Vec<Move> {
    numbers.iter().map(|&n| Move::House(n)).collect()
}

/// A position a few moves into a game: each pick `k` plays legal move
/// number `k` modulo their count, until the picks run out or the game ends.
pub fn position<'r>(rules: &'r Rules, picks: &[u8]) -> Position<'r> {
    let mut pos = Position::new(rules);
    for &k in picks {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        pos.play_unchecked(legal.get(usize::from(k) % legal.len()).unwrap());
    }
    pos
}

/// Like [`position`], but never plays the move that would end the game.
pub fn ongoing<'r>(rules: &'r Rules, picks: &[u8]) -> Position<'r> {
    let mut pos = Position::new(rules);
    for &k in picks {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mut next = pos;
        next.play_unchecked(legal.get(usize::from(k) % legal.len()).unwrap());
        if next.is_over() {
            break;
        }
        pos = next;
    }
    pos
}

/// A position `plies` random moves into a game (fewer if it ends).
pub fn random_position<'r>(
    rules: &'r Rules,
    plies: usize,
    rng: &mut impl rand::Rng,
) -> Position<'r> {
    let mut pos = Position::new(rules);
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        pos.play_unchecked(legal.get(rng.random_range(0..legal.len())).unwrap());
    }
    pos
}

/// SplitMix64: a tiny deterministic generator for move choices, so that
/// a proptest seed replays the same game.
pub struct Choices(pub u64);

impl Choices {
    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A legal move of `pos`, chosen uniformly.
    ///
    /// # Panics
    ///
    /// If `pos` has no legal move.
    pub fn pick(&mut self, pos: &Position<'_>) -> Move {
        let moves = pos.legal_moves();
        moves
            .get((self.next_u64() % moves.len() as u64) as usize)
            .expect("an ongoing position has a legal move")
    }
}

/// Plays a random game of at most `cap` moves, choosing by [`Choices`]
/// from `seed`, and calls `check` on every position (the start included).
/// Returns the game.
pub fn random_game<'r>(
    rules: &'r Rules,
    seed: u64,
    cap: u64,
    mut check: impl FnMut(&History<'r>),
) -> History<'r> {
    let mut choices = Choices(seed);
    let mut game = History::new(rules);
    check(&game);
    let mut plies = 0;
    while !game.is_over() && plies < cap {
        let m = choices.pick(game.position());
        game.play(m).expect("a move from legal_moves is legal");
        check(&game);
        plies += 1;
    }
    game
}

/// The general path of a playout: at most `max_moves` moves from
/// `start`, each the legal move at the index `choose` picks below their
/// count, through a `History` when `repetition` is on and a rule
/// (applied from `start` on), else through the bare position; returns
/// the last position and the moves played. The reference `Playout`'s
/// fast paths must agree with.
pub fn general_playout<'r>(
    start: Position<'r>,
    max_moves: u32,
    mut choose: impl FnMut(usize) -> usize,
    repetition: bool,
) -> (Position<'r>, u32) {
    let mut played = 0;
    if repetition && start.rules().detects_repetition() {
        let mut game = History::from_position(start);
        while !game.is_over() && played < max_moves {
            let moves = game.legal_moves();
            game.play_unchecked(moves.get(choose(moves.len())).unwrap());
            played += 1;
        }
        return (*game.position(), played);
    }
    let mut pos = start;
    while !pos.is_over() && played < max_moves {
        let moves = pos.legal_moves();
        pos.play_unchecked(moves.get(choose(moves.len())).unwrap());
        played += 1;
    }
    (pos, played)
}
