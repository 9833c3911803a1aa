//! The lanes of a batch under rules with rounds (docs/rules.md section
//! 8a): each lane a whole match, played by core's [`Match`] as
//! `mancala.State` plays it.

use mancala_core::{Match, RuleSet, Rules};

use super::arrays::{Ends, Views};
use super::view::{Layout, legal_actions};
use crate::observation::write_observation;
use crate::state::{final_returns, play_match_action};

/// `n` matches of `set` at the start of their first round.
pub(super) fn new_matches(set: &RuleSet, n: usize) -> Vec<Match> {
    let start = Match::new(set).expect("compiled rules are valid");
    vec![start; n]
}

/// Writes what the player to move sees of `game`, a match of `rules`
/// still going, as `State.observation_tensor` does (burnt flags
/// included, the first round's shape), and its legal mask; returns that
/// player and its legal actions, one bit each.
fn view_match(rules: &Rules, game: &Match, obs: &mut [f32], mask: &mut [bool]) -> (i64, u64) {
    let pos = game.position();
    let (player, legal) = legal_actions(pos.rules(), &pos);
    write_observation(rules, &pos, pos.player_to_move(), obs);
    for (a, cell) in mask.iter_mut().enumerate() {
        *cell = legal >> a & 1 != 0;
    }
    (player, legal)
}

/// Shows every match of `rules` in `views`; remembers the legal actions.
pub(super) fn show_matches(
    rules: &Rules,
    games: &[Match],
    layout: Layout,
    legal: &mut [u64],
    views: Views<'_>,
) {
    let cells = views.observations.chunks_exact_mut(layout.observation);
    let masks = views.masks.chunks_exact_mut(layout.actions);
    let each = games.iter().zip(cells).zip(masks).zip(legal);
    for ((((game, obs), mask), legal), player) in each.zip(views.players) {
        (*player, *legal) = view_match(rules, game, obs, mask);
    }
}

/// Plays `actions[i]` (legal, checked) in match `i` and shows every
/// match: a match that ends (its last round over, or ended by agreement
/// at the length cap as a state's is) writes its returns as rewards
/// (else 0), is flagged terminated and restarts as a new match of
/// `rules`.
pub(super) fn advance_matches(
    rules: &Rules,
    games: &mut [Match],
    layout: Layout,
    actions: &[u8],
    legal: &mut [u64],
    (views, ends): (Views<'_>, Ends<'_>),
) {
    ends.rewards.fill(0.0);
    ends.terminated.fill(false);
    let cells = views.observations.chunks_exact_mut(layout.observation);
    let masks = views.masks.chunks_exact_mut(layout.actions);
    let each = games.iter_mut().zip(actions).zip(cells).zip(masks);
    let each = each.zip(legal).zip(views.players).enumerate();
    for (i, (((((game, &a), obs), mask), legal), player)) in each {
        play_match_action(game, usize::from(a)).expect("the action was checked legal");
        if game.is_over() {
            let returns = final_returns(game.round()).expect("the match is over");
            let rewards = &mut ends.rewards[i * layout.players..][..layout.players];
            for (cell, r) in rewards.iter_mut().zip(returns) {
                *cell = r as f32;
            }
            ends.terminated[i] = true;
            *game = Match::new(rules.rule_set()).expect("compiled rules are valid");
        }
        (*player, *legal) = view_match(rules, game, obs, mask);
    }
}
