//! The Kalah yardstick of the benches (`benches/kalah_yardstick.rs`)
//! plays the same game as `mancala_core`'s Kalah preset: 2,000 random
//! games, both engines fed the same move choices, compared after every
//! move (board, stores, side to move, end, legal moves) and at the end
//! (scores and result); and its bit tricks agree with plain loops on
//! every input they can meet.

use mancala::{Move, Position, Preset, Rules, Side};
use rand::SeedableRng;
use rand::rngs::SmallRng;

#[path = "../benches/kalah_lanes.rs"]
mod kalah_lanes;
#[path = "../benches/kalah_yardstick.rs"]
mod kalah_yardstick;

use kalah_yardstick::{HOUSES, Kalah, LAST, SELECT, SOW, STRIDE, movable, nth_bit, pick};

/// The generic position's legal moves as the yardstick's mask.
fn mask(pos: &Position<'_>) -> usize {
    pos.legal_moves()
        .iter()
        .map(|m| match m {
            Move::House(n) => 1 << (n - 1),
            Move::Swap | Move::Directed(..) => panic!("{m} in Kalah"),
        })
        .fold(0, |a, b| a | b)
}

fn assert_same(k: &Kalah, pos: &Position<'_>, game: usize, ply: u32) {
    let at = || format!("game {game}, ply {ply}: yardstick {k:?}, engine {pos}");
    let board = k.board();
    for side in 0..2 {
        let base = side * (HOUSES + 1);
        assert_eq!(
            &board[base..base + HOUSES],
            pos.houses(Side::new(side)),
            "houses of side {side}, {}",
            at()
        );
        assert_eq!(
            board[base + HOUSES],
            pos.store(Side::new(side)),
            "store of side {side}, {}",
            at()
        );
    }
    assert_eq!(k.is_over(), pos.is_over(), "end, {}", at());
    assert_eq!(
        k.side_to_move(),
        pos.to_move().index(),
        "side to move, {}",
        at()
    );
    assert_eq!(k.legal(), mask(pos), "legal moves, {}", at());
}

#[test]
fn yardstick_plays_the_kalah_preset() {
    let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
    let mut rng = SmallRng::seed_from_u64(2024);
    let (mut plies_total, mut wins0, mut draws) = (0u64, 0, 0);
    for game in 0..2_000 {
        let mut k = Kalah::new();
        let mut pos = Position::new(&rules);
        let mut ply = 0;
        assert_same(&k, &pos, game, ply);
        while !pos.is_over() {
            // Both engines choose from the same draw.
            let mut twin = rng.clone();
            let legal = k.legal();
            let house = nth_bit(legal, pick(&mut rng, legal.count_ones() as usize));
            assert_eq!(usize::from(SELECT[legal][0]), legal.count_ones() as usize);
            let m = Move::House(house as u8 + 1);
            let moves = pos.legal_moves();
            assert_eq!(
                moves.get(pick(&mut twin, moves.len())),
                Some(m),
                "the same choice, game {game}, ply {ply}"
            );
            k.play(house);
            pos.play(m).expect("a legal move");
            ply += 1;
            assert_same(&k, &pos, game, ply);
            assert!(ply < kalah_yardstick::MAX_PLIES, "game {game} does not end");
        }
        let outcome = pos.outcome().expect("over");
        let board = k.board();
        let scores = [board[HOUSES], board[2 * HOUSES + 1]];
        assert_eq!(outcome.scores(), &scores, "final scores, game {game}");
        assert_eq!(u32::from(scores[0] + scores[1]), 48, "seeds, game {game}");
        assert_eq!(
            outcome.score_difference(),
            k.score_difference(),
            "score difference, game {game}"
        );
        let winner = match k.score_difference() {
            d if d > 0 => Some(0),
            d if d < 0 => Some(1),
            _ => None,
        };
        assert_eq!(
            outcome.winner().map(Side::index),
            winner,
            "winner, game {game}"
        );
        plies_total += u64::from(ply);
        wins0 += usize::from(winner == Some(0));
        draws += usize::from(winner.is_none());
    }
    // The games were real games: long enough, and both results happen.
    assert!(plies_total > 2_000 * 20, "{plies_total} moves in all");
    assert!(
        wins0 > 500 && wins0 + draws < 1_900,
        "{wins0} wins for side 0"
    );
}

/// The lanes yardstick's chooser, as an engine chooser: xorshift, the
/// index `x >> 32` times the count, shifted down 32.
struct Xorshift(u64);

impl mancala::Choose for Xorshift {
    fn pick(&mut self, moves: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (((self.0 >> 32) * moves as u64) >> 32) as usize
    }
}

/// Game `g` of the lanes yardstick in `N` lanes: the board, the side to
/// move and the moves of `Position::play_out` from the start, with the
/// same draws; every game ends once.
fn check_yardstick_lanes<const N: usize>(rules: &Rules, games: u64) {
    let mut seen = vec![false; games as usize];
    kalah_lanes::play_lanes::<N>(games, |g, k, moves| {
        assert!(
            !std::mem::replace(&mut seen[g as usize], true),
            "game {g} twice"
        );
        let mut pos = Position::new(rules);
        let played = pos.play_out(u32::MAX, &mut Xorshift(kalah_lanes::game_seed(g)));
        assert_eq!(moves, played, "{N} lanes, game {g}: moves");
        assert!(k.is_over() && pos.is_over(), "{N} lanes, game {g}");
        assert_same(k, &pos, g as usize, moves);
    });
    assert!(seen.iter().all(|&s| s), "{N} lanes: a game never ended");
}

#[test]
fn lanes_yardstick_plays_the_games_of_play_out() {
    let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
    // Fewer games than lanes, as many, and many more.
    for games in [0, 1, 3, 8, 9, 500] {
        check_yardstick_lanes::<1>(&rules, games);
        check_yardstick_lanes::<2>(&rules, games);
        check_yardstick_lanes::<3>(&rules, games);
        check_yardstick_lanes::<4>(&rules, games);
        check_yardstick_lanes::<8>(&rules, games);
    }
}

#[test]
fn movable_finds_the_houses_holding_seeds() {
    // Every emptiness pattern, with every seed count a house can hold in
    // the full house, with the store byte full and the side mark on or off.
    for pattern in 0..64usize {
        for seeds in 1..=48u8 {
            let mut bytes = [0u8; 8];
            for h in 0..HOUSES {
                if pattern >> h & 1 == 1 {
                    bytes[h] = if h % 2 == 0 { seeds } else { 1 + seeds % 7 };
                }
            }
            bytes[HOUSES] = 48 - seeds;
            bytes[7] = if seeds % 2 == 0 { 0x80 } else { 0 };
            assert_eq!(movable(u64::from_le_bytes(bytes)), pattern, "{bytes:?}");
        }
    }
}

#[test]
fn sowing_table_matches_seed_by_seed_sowing() {
    // A straightforward sowing on the 14-cup board, side 0 to move, from
    // every house with every count, on a board where no cup overflows.
    for house in 0..HOUSES {
        for n in 1..=48u8 {
            let mut board = [0u8; 14];
            let mut c = house;
            let mut left = n;
            while left > 0 {
                c = (c + 1) % 14;
                if c != 13 {
                    board[c] += 1;
                    left -= 1;
                }
            }
            let at = house * STRIDE + usize::from(n);
            let start = u64::from(n) << (8 * house);
            let (a, b) = SOW[at];
            let (mover, other) = (start.wrapping_add(a), b);
            let mut got = [0u8; 14];
            got[..7].copy_from_slice(&mover.to_le_bytes()[..7]);
            got[7..].copy_from_slice(&other.to_le_bytes()[..7]);
            assert_eq!(got, board, "house {house}, {n} seeds");
            assert_eq!(mover >> 56, 0, "house {house}, {n} seeds: top byte");
            assert_eq!(other >> 56, 0, "house {house}, {n} seeds: top byte");
            assert_eq!(usize::from(LAST[at]), c, "house {house}, {n} seeds: last");
        }
    }
}
