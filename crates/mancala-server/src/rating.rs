//! Ratings: Glicko-2 through the `skillratings` crate, and the
//! decomposition of a game of 2 to 4 seats into pairwise results.
//!
//! Glicko-2 rather than Elo: people play online irregularly, and Glicko-2
//! carries how sure it is of each rating (the deviation) and how erratic
//! the player is (the volatility). A newcomer's rating moves fast until
//! a few games have pinned it down, and a settled one moves little, which
//! Elo's single K factor cannot do.
//!
//! A game is one Glicko-2 rating period for each seated player: against
//! every other seat, a better rank is a win, a worse one a loss and a
//! shared one a draw, all scored against the ratings from before the
//! game. A seat played by the computer (after a resignation, a timeout or
//! a takeover) still counts for the player who sits there: the computer
//! plays in their place, and a resigned side is ranked last anyway.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};

/// The rating system, as `GET /api/site` names it.
pub(crate) const SYSTEM: &str = "glicko2";

/// What a draw scores against a seat, a win being 1 and a loss 0
/// ([`Outcomes::DRAW`]).
pub(crate) const DRAW: f64 = 0.5;

/// A player's rating as stored: Glicko-2's rating, deviation and volatility.
pub(crate) type Rating = Glicko2Rating;

/// The rating of a player who has not played a rated game: 1500, deviation
/// 350, volatility 0.06 (Glickman's defaults).
pub(crate) fn initial() -> Rating {
    Rating::new()
}

/// The outcome for a seat of rank `mine` against a seat of rank `theirs`
/// (rank 1 is first place).
fn pairwise(mine: u8, theirs: u8) -> Outcomes {
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Less => Outcomes::WIN,
        std::cmp::Ordering::Greater => Outcomes::LOSS,
        std::cmp::Ordering::Equal => Outcomes::DRAW,
    }
}

/// The ratings after a game, seat by seat, from the ratings `before` and
/// the `ranks` of the seats (both indexed by seat).
///
/// # Panics
///
/// If `before` and `ranks` differ in length.
pub(crate) fn update(before: &[Rating], ranks: &[u8]) -> Vec<Rating> {
    assert_eq!(before.len(), ranks.len(), "one rank per rated seat");
    let config = Glicko2Config::new();
    (0..before.len())
        .map(|seat| {
            let results: Vec<(Rating, Outcomes)> = (0..before.len())
                .filter(|&other| other != seat)
                .map(|other| (before[other], pairwise(ranks[seat], ranks[other])))
                .collect();
            glicko2_rating_period(&before[seat], &results, &config)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_draw_score_told_to_pages_is_glicko_2s() {
        assert_eq!(Outcomes::DRAW.to_chess_points(), DRAW);
    }

    #[test]
    fn a_draw_between_equals_moves_no_rating() {
        let after = update(&[initial(), initial()], &[1, 1]);
        for r in &after {
            assert!((r.rating - 1500.0).abs() < 1e-9, "{r:?}");
            assert!(r.deviation < 350.0);
        }
    }

    #[test]
    fn a_win_and_a_loss_between_equals_are_symmetric() {
        let after = update(&[initial(), initial()], &[2, 1]);
        assert!(after[1].rating > 1500.0);
        assert!((after[0].rating + after[1].rating - 3000.0).abs() < 1e-9);
        assert!((after[0].deviation - after[1].deviation).abs() < 1e-9);
    }

    #[test]
    fn three_seats_decompose_into_pairs() {
        let after = update(&[initial(); 3], &[1, 2, 2]);
        // Seat 0 beat both; seats 1 and 2 lost once and drew once.
        assert!(after[0].rating > 1500.0);
        assert!((after[1].rating - after[2].rating).abs() < 1e-9);
        assert!(after[1].rating < 1500.0);
    }

    /// The mean rating of five players after `games` random results of
    /// 2 to 4 of them, from the random stream seeded by `seed`.
    fn mean_after_random_games(seed: u64, games: usize) -> f64 {
        // A small xorshift: the test needs no quality, only repeatability.
        let mut state = seed;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut ratings = [initial(); 5];
        for _ in 0..games {
            let count = 2 + (next() % 3) as usize;
            let mut seats: Vec<usize> = (0..ratings.len()).collect();
            // Pick `count` distinct players, in a random order.
            for i in 0..count {
                let j = i + (next() as usize) % (seats.len() - i);
                seats.swap(i, j);
            }
            let seats = &seats[..count];
            let ranks: Vec<u8> = seats.iter().map(|_| 1 + (next() % 3) as u8).collect();
            let before: Vec<Rating> = seats.iter().map(|&p| ratings[p]).collect();
            for (&p, r) in seats.iter().zip(update(&before, &ranks)) {
                ratings[p] = r;
            }
        }
        ratings.iter().map(|r| r.rating).sum::<f64>() / ratings.len() as f64
    }

    #[test]
    fn random_results_do_not_inflate_the_mean() {
        // Glicko-2 is not exactly zero-sum (unequal deviations), so one
        // series wanders a little either way; over many series the mean
        // must stay put, or ratings would inflate (or deflate) with play.
        let series = 20_u64;
        let mut total = 0.0;
        for seed in 1..=series {
            let mean = mean_after_random_games(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15), 5000);
            assert!((mean - 1500.0).abs() < 75.0, "seed {seed}: mean {mean}");
            total += mean;
        }
        let mean = total / series as f64;
        assert!((mean - 1500.0).abs() < 15.0, "mean of means {mean}");
    }
}
