//! How games end and how they are scored: one test per rule of docs/rules.md
//! section 7 (end conditions, `unfed`, starving, leftover, cycles) and
//! section 8 (ranks, win/draw/loss, resignation, pie rule), each on a
//! hand-built position.
//!
//! Board reminder (docs/rules.md section 1): a side is written `h1,h2,...:store`,
//! house 1 first in sowing order; sowing goes from a side's last house into
//! its own store (Kalah family) or straight into the next side's house 1
//! (store-less Oware family). Every expected value is worked out by hand in
//! the comment next to it.

use mancala_core::{
    EndCondition, EndReason, EndSeedsTo, EndSet, History, IllegalMove, IllegalReason, KalahOptions,
    Leftover, Move, PieState, Playout, Position, Preset, RuleSet, Rules, Side, Wdl,
};
use mancala_testkit::pick::{at, compile, houses};

fn play(pos: &mut Position<'_>, house: u8) {
    if let Err(e) = pos.play(Move::House(house)) {
        panic!("house {house} should be legal in {pos}: {e}");
    }
}

fn moves(pos: &Position<'_>) -> Vec<Move> {
    pos.legal_moves().to_vec()
}

fn kalah_with(options: KalahOptions) -> Rules {
    compile(options.rules())
}

// ---------------------------------------------------------------------------
// Section 7: end conditions
// ---------------------------------------------------------------------------

#[test]
fn kalah_ends_at_once_when_the_movers_own_side_empties_even_with_an_extra_turn_pending() {
    let rules = compile(Preset::Kalah.rules());
    // Side 0's last seed (house 6) goes into its own store: an extra turn would follow,
    // but side 0's houses are now all empty, so `any_side_empty` ends the game at once.
    let mut pos = at(&rules, "0,0,0,0,0,1:20 4,4,4,4,4,4:3 to=0 ply=10");
    let effect = pos.play(Move::House(6)).unwrap();
    assert!(effect.extra_turn);
    assert_eq!(effect.ended, Some(EndReason::AnySideEmpty));
    // store 0: 20 + 1 = 21; leftover to owners: side 1 keeps its 6 x 4 = 24, store 1 = 3 + 24 = 27.
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:21 0,0,0,0,0,0:27 to=0 ply=11 over=any_side_empty"
    );
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.scores(), &[21, 27]);
    assert_eq!(outcome.wdl(Side::new(0)), Some(Wdl::Loss));
    assert!(pos.legal_moves().is_empty());
}

#[test]
fn kalah_ends_at_once_when_a_capture_empties_the_opponents_side() {
    let rules = compile(Preset::Kalah.rules());
    // Side 0 house 1 (1 seed) -> house 2, which was empty: opposite capture. Own index 1
    // corresponds to side 1 index 6 - 1 - 1 = 4 (house 5), which holds 3: 3 + 1 = 4 to store 0.
    // Side 1 is now empty: the game ends; leftover to owners: side 0's house 6 (5) -> store 0.
    let mut pos = at(&rules, "1,0,0,0,0,5:10 0,0,0,0,3,0:29 to=0 ply=20");
    let effect = pos.play(Move::House(1)).unwrap();
    assert_eq!(effect.captured, 4);
    assert_eq!(effect.ended, Some(EndReason::AnySideEmpty));
    // store 0 = 10 + 4 + 5 = 19, store 1 = 29; total 6 + 10 + 3 + 29 = 48 = 19 + 29.
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:19 0,0,0,0,0,0:29 to=1 ply=21 over=any_side_empty"
    );
}

#[test]
fn kalah_delayed_end_waits_for_a_player_who_cannot_move() {
    let delayed = KalahOptions {
        delayed_end: true,
        ..KalahOptions::default()
    };
    let rules = kalah_with(delayed);
    assert_eq!(
        rules.rule_set().end,
        EndSet::of(&[EndCondition::NoLegalMove])
    );
    // Side 0 house 6 (2 seeds): store 0 (+1 = 21), side 1 house 1 (4 -> 5). Side 0 is empty,
    // but side 1, to move, can move: the game goes on.
    let mut pos = at(&rules, "0,0,0,0,0,2:20 4,4,4,4,4,4:2 to=0 ply=20");
    play(&mut pos, 6);
    assert_eq!(pos.to_string(), "0,0,0,0,0,0:21 5,4,4,4,4,4:2 to=1 ply=21");
    assert!(!pos.is_over());
    assert_eq!(moves(&pos), houses(&[1, 2, 3, 4, 5, 6]));

    // If side 1 feeds side 0 (house 6, 4 seeds: store 1, then side 0 houses 1, 2, 3),
    // side 0 can move again and the game still goes on.
    let mut fed = pos;
    play(&mut fed, 6);
    assert_eq!(fed.to_string(), "1,1,1,0,0,0:21 5,4,4,4,4,0:3 to=0 ply=22");
    assert_eq!(moves(&fed), houses(&[1, 2, 3]));

    // If side 1 does not (house 1, 5 seeds: houses 2..6), side 0 is to move with nothing to
    // move: the game ends. Leftover to owners: side 1's 0+5+5+5+5+5 = 25, store 1 = 2 + 25 = 27.
    play(&mut pos, 1);
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:21 0,0,0,0,0,0:27 to=0 ply=22 over=no_legal_move"
    );
    assert_eq!(pos.outcome().unwrap().reason(), EndReason::NoLegalMove);
}

#[test]
fn kalah_standard_end_does_not_wait_where_the_delayed_variant_would() {
    let rules = compile(Preset::Kalah.rules());
    // The same first move as in the delayed test: side 0 empties its own side and, without an
    // extra turn, side 1 would be to move; under `any_side_empty` the game ends at once.
    // Side 1's 5+4+4+4+4+4 = 25 go to store 1: 2 + 25 = 27.
    let mut pos = at(&rules, "0,0,0,0,0,2:20 4,4,4,4,4,4:2 to=0 ply=20");
    play(&mut pos, 6);
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:21 0,0,0,0,0,0:27 to=1 ply=21 over=any_side_empty"
    );
}

#[test]
fn oware_game_ends_when_a_score_exceeds_half_of_the_seeds() {
    let rules = compile(Preset::Oware.rules());
    // Total 3 + 23 + 10 + 12 = 48, half is 24. Side 0 house 6 (1 seed) -> side 1 house 1,
    // 1 -> 2: captured (opponent's side, count 2). The chain steps back to side 0's house 6
    // (own side): stop. Store 0 = 23 + 2 = 25 > 24: majority.
    let mut pos = at(&rules, "0,0,0,0,2,1:23 1,0,0,3,4,2:12 to=0 ply=30");
    let effect = pos.play(Move::House(6)).unwrap();
    assert_eq!(effect.captured, 2);
    assert_eq!(effect.ended, Some(EndReason::Majority));
    // Leftover to owners: side 0's 2 -> 27; side 1's 3 + 4 + 2 = 9 -> 12 + 9 = 21.
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:27 0,0,0,0,0,0:21 to=1 ply=31 over=majority"
    );
    assert_eq!(pos.outcome().unwrap().winner(), Some(Side::new(0)));
}

#[test]
fn majority_ends_the_game_when_two_players_hold_exactly_half_each() {
    let rules = compile(Preset::AlManqala.rules());
    // Total 1 + 47 + 1 + 49 = 98, half is 49. Side 1 holding exactly half alone does not end it.
    let mut pos = at(&rules, "0,0,0,0,0,0,1:47 1,0,0,0,0,0,0:49 to=0 ply=50");
    assert!(!pos.is_over());
    // Side 0 house 7 (1 seed) -> side 1 house 1, 1 -> 2: captured (any side; grand slams are
    // allowed). Store 0 = 47 + 2 = 49: both hold exactly half -> majority, a draw.
    play(&mut pos, 7);
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0,0:49 0,0,0,0,0,0,0:49 to=1 ply=51 over=majority"
    );
    let outcome = pos.outcome().unwrap();
    assert!(outcome.is_draw());
    assert_eq!(outcome.wdl(Side::new(0)), Some(Wdl::Draw));
}

#[test]
fn mancala_basic_player_who_empties_their_side_wins_at_once_and_the_board_stays() {
    let rules = compile(Preset::MancalaBasic.rules());
    // Side 0 house 6 (1 seed) -> its store (stores are sown), an extra turn, but side 0's
    // houses are empty: side 0 wins at once, although 3 < 30. Side 1's seeds stay on the board.
    let mut pos = at(&rules, "0,0,0,0,0,1:2 3,0,2,0,0,1:30 to=0 ply=7");
    let effect = pos.play(Move::House(6)).unwrap();
    assert_eq!(effect.ended, Some(EndReason::EmptyFirst));
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:3 3,0,2,0,0,1:30 to=0 ply=8 over=empty_first"
    );
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.scores(), &[3, 30]);
    assert_eq!(outcome.ranks(), &[1, 2]);
    assert_eq!(outcome.wdl(Side::new(0)), Some(Wdl::Win));
    assert_eq!(outcome.wdl(Side::new(1)), Some(Wdl::Loss));
}

#[test]
fn oware_repetition_ends_the_game_as_openspiel_game_ends_by_repetition_test() {
    let rules = compile(Preset::Oware.rules());
    let start = at(&rules, "1,0,0,0,0,0:23 1,0,0,0,0,0:23 to=0");
    let mut game = History::from_position(start);
    // Each lone seed steps one house per move: after 1,1,2,2,...,6,6 side 0's seed has gone
    // round to side 1's house 1 and side 1's to side 0's house 1, side 0 to move: the start
    // again. (On move 12 side 0 is empty and side 1's house 6 is the only move that feeds.)
    for house in 1..=6u8 {
        for _ in 0..2 {
            assert!(!game.is_over());
            game.play(Move::House(house)).unwrap();
        }
    }
    assert_eq!(game.position().end_reason(), Some(EndReason::Repetition));
    // cycle_leftover owner: each side's 1 seed to its store: 24-24.
    assert_eq!(
        game.position().to_string(),
        "0,0,0,0,0,0:24 0,0,0,0,0,0:24 to=0 ply=12 over=repetition"
    );
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.scores(), &[24, 24]);
    assert!(outcome.is_draw());
}

#[test]
fn oware_repeated_position_is_not_over_without_the_game_history() {
    let rules = compile(Preset::Oware.rules());
    // A lone Position cannot see a repeat: the same 12 moves leave it open.
    let mut pos = at(&rules, "1,0,0,0,0,0:23 1,0,0,0,0,0:23 to=0");
    for house in 1..=6u8 {
        play(&mut pos, house);
        play(&mut pos, house);
    }
    assert_eq!(pos.to_string(), "1,0,0,0,0,0:23 1,0,0,0,0,0:23 to=0 ply=12");
    assert!(!pos.is_over());
}

#[test]
fn repetition_sees_a_position_from_before_a_store_was_lifted() {
    // Found by the proptest draw (CI of 2026-12-05): under `relay_store`
    // (docs/rules.md section 3) a relay lifts the mover's store back onto
    // the board, so the seeds in the stores fall, and a position from
    // before a capture can come back. CrossCapt Eight on 3 houses of 2.
    let rules = compile(
        RuleSet::from_spec("crosscapt-eight,houses=3,seeds=2,end=any_side_empty,repetition")
            .unwrap(),
    );
    assert!(rules.stores_can_shrink());
    let moves = [1, 2, 1, 2, 2, 3, 1, 1, 1, 2, 2, 1, 3, 1, 1, 1, 2, 2, 3u8];
    // By hand, at the plies that matter:
    let expected = [
        (11, "1,0,0:2 2,0,1:6 to=0 ply=11"),
        (13, "0,1,0:2 2,0,0:7 to=1 ply=13"),
        // Side 1's house 1 (2 seeds) ends in its house 3; the next cup,
        // its own store of 7, is lifted: side 0's three houses, side 1's
        // three, its store (an extra move). The stores fall from 9 to 3.
        (14, "1,2,1:2 1,2,2:1 to=1 ply=14"),
        (18, "1,0,1:1 2,0,1:6 to=0 ply=18"),
    ];
    let mut game = History::new(&rules);
    // The index of each move among the legal ones, for a playout.
    let mut picks = Vec::new();
    for (ply, &house) in (1..).zip(&moves) {
        assert!(
            !game.is_over(),
            "over before ply {ply}: {}",
            game.position()
        );
        let legal: Vec<Move> = game.legal_moves().iter().collect();
        picks.push(legal.iter().position(|&m| m == Move::House(house)).unwrap());
        game.play(Move::House(house)).unwrap();
        if let Some((_, text)) = expected.iter().find(|(at, _)| *at == ply) {
            assert_eq!(game.position().to_string(), *text);
        }
    }
    // Side 0's house 3 (1 seed) ends in its store, an extra move: the
    // position of ply 11 again. cycle_leftover `owner` gives each side its
    // houses' seeds: 2 + 1 and 6 + 3.
    assert_eq!(
        game.position().to_string(),
        "0,0,0:3 0,0,0:9 to=0 ply=19 over=repetition"
    );
    // A playout with the repetition rule applied plays the same game.
    let mut pos = Position::new(&rules);
    let mut next = picks.into_iter();
    let played = Playout::new().play_out(&mut pos, u32::MAX, &mut |_| next.next().unwrap());
    assert_eq!(played, 19);
    assert_eq!(pos, *game.position());
}

// ---------------------------------------------------------------------------
// Section 7: leftover
// ---------------------------------------------------------------------------

#[test]
fn leftover_owner_gives_each_sides_seeds_to_that_side() {
    let rules = kalah_with(KalahOptions {
        players: 3,
        ..KalahOptions::default()
    });
    // Side 0 house 6 (1 seed) -> store 0 (5 + 1 = 6), side 0 empty: any_side_empty.
    // Side 1 keeps 1 + 2 + 3 = 6 -> store 1 = 6; side 2 keeps 5 -> store 2 = 4 + 5 = 9.
    let mut pos = at(
        &rules,
        "0,0,0,0,0,1:5 1,2,3,0,0,0:0 0,0,0,0,0,5:4 to=0 ply=12",
    );
    play(&mut pos, 6);
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:6 0,0,0,0,0,0:6 0,0,0,0,0,0:9 to=0 ply=13 over=any_side_empty"
    );
    assert_eq!(pos.discarded(), 0);
    assert_eq!(pos.outcome().unwrap().ranks(), &[2, 2, 1]);
}

#[test]
fn leftover_discard_scores_nobody_and_counts_the_seeds_as_discarded() {
    let rules = kalah_with(KalahOptions {
        discard_leftover: true,
        ..KalahOptions::default()
    });
    // As in the first test: store 0 = 21 and side 0 empty; side 1's 24 seeds go to nobody.
    let mut pos = at(&rules, "0,0,0,0,0,1:20 4,4,4,4,4,4:3 to=0 ply=10");
    play(&mut pos, 6);
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:21 0,0,0,0,0,0:3 to=0 ply=11 discarded=24 over=any_side_empty"
    );
    assert_eq!(pos.discarded(), 24);
    assert_eq!(pos.total_seeds(), 48);
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.scores(), &[21, 3]);
    assert_eq!(outcome.wdl(Side::new(0)), Some(Wdl::Win));
}

#[test]
fn leftover_split_shares_equally_and_discards_the_remainder_between_two() {
    let mut set = Preset::Kalah.rules();
    set.leftover = Leftover::Split;
    let rules = compile(set);
    // Store 0 = 20 + 1 = 21, side 0 empty; side 1 holds 4*5 + 5 = 25: 12 each, 1 discarded.
    let mut pos = at(&rules, "0,0,0,0,0,1:20 4,4,4,4,4,5:3 to=0 ply=10");
    play(&mut pos, 6);
    // store 0 = 21 + 12 = 33, store 1 = 3 + 12 = 15; 33 + 15 + 1 = 49 = 1 + 20 + 25 + 3.
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:33 0,0,0,0,0,0:15 to=0 ply=11 discarded=1 over=any_side_empty"
    );
    assert_eq!(pos.discarded(), 1);
}

#[test]
fn leftover_split_shares_equally_and_discards_the_remainder_between_three() {
    let mut set = KalahOptions {
        players: 3,
        ..KalahOptions::default()
    }
    .rules();
    set.leftover = Leftover::Split;
    let rules = compile(set);
    // Same position as the owner test: board after the move holds 6 + 5 = 11 seeds:
    // 11 / 3 = 3 each, 11 - 9 = 2 discarded. Stores: 6 + 3 = 9, 0 + 3 = 3, 4 + 3 = 7.
    let mut pos = at(
        &rules,
        "0,0,0,0,0,1:5 1,2,3,0,0,0:0 0,0,0,0,0,5:4 to=0 ply=12",
    );
    play(&mut pos, 6);
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:9 0,0,0,0,0,0:3 0,0,0,0,0,0:7 to=0 ply=13 discarded=2 over=any_side_empty"
    );
    assert_eq!(pos.outcome().unwrap().ranks(), &[1, 3, 2]);
}

#[test]
fn al_manqala_cycle_by_agreement_splits_the_board() {
    let rules = compile(Preset::AlManqala.rules());
    // Total 3 + 40 + 4 + 45 = 92; 2 x 45 = 90 < 92, so no majority yet.
    let mut pos = at(&rules, "1,2,0,0,0,0,0:40 0,3,0,0,0,1,0:45 to=0 ply=30");
    assert!(!pos.is_over());
    pos.end_by_agreement();
    // cycle_leftover split: 7 board seeds, 3 each, 1 discarded (owner would give 3 and 4).
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0,0:43 0,0,0,0,0,0,0:48 to=0 ply=30 discarded=1 over=agreement"
    );
    assert_eq!(pos.outcome().unwrap().reason(), EndReason::Agreement);
}

#[test]
fn al_manqala_cycle_by_repetition_splits_the_board() {
    let rules = compile(Preset::AlManqala.rules());
    // Three lone seeds on the 14 houses, numbered 0..13 (side 0's houses 1..7 are 0..6, side
    // 1's are 7..13): A at 0, B at 7 (side 1 house 1), C at 10 (side 1 house 4).
    // Stores 44 and 46 of 93: no majority (92 < 93).
    let start = at(&rules, "1,0,0,0,0,0,0:44 1,0,0,1,0,0,0:46 to=0 ply=20");
    let mut game = History::from_position(start);
    // Side 0 walks A from 0 to 7 (houses 1..7); side 1 walks C 10 -> 13 (houses 4, 5, 6),
    // then B 7 -> 10 (houses 1, 2, 3), then C 13 -> 0 (house 7, the only move that feeds the
    // then empty side 0). No seed ever lands on another (no count of 2 or 4, no capture), and
    // the seeds {0, 7, 10} with side 0 to move come back only after all 14 moves.
    let sequence = [1, 4, 2, 5, 3, 6, 4, 1, 5, 2, 6, 3, 7, 7];
    for (i, &house) in sequence.iter().enumerate() {
        assert!(!game.is_over(), "over early, before move {}", i + 1);
        game.play(Move::House(house)).unwrap();
    }
    // cycle_leftover split: 3 board seeds, 1 each, 1 discarded: 45 and 47 (owner: 45 and 48).
    assert_eq!(
        game.position().to_string(),
        "0,0,0,0,0,0,0:45 0,0,0,0,0,0,0:47 to=0 ply=34 discarded=1 over=repetition"
    );
    assert_eq!(game.position().discarded(), 1);
}

// ---------------------------------------------------------------------------
// Section 4 / 7: unfed and starving
// ---------------------------------------------------------------------------

#[test]
fn modiar_unfed_any_move_allows_moves_that_do_not_feed() {
    let rules = compile(Preset::Modiar.rules());
    // Side 1 is empty. Origin first: house 1 (2 seeds) -> house 1, house 2 (last, count 3);
    // house 2 (2 seeds) -> house 2, house 3 (last, count 1). Neither reaches side 1, so no move
    // feeds; under `any_move` both stay legal. Total 4 + 20 + 20 = 44, no majority.
    let mut pos = at(&rules, "2,2,0:20 0,0,0:20 to=0 ply=10");
    assert_eq!(moves(&pos), houses(&[1, 2]));
    play(&mut pos, 2);
    // Side 1 is to move with an empty side: no legal move, leftover to owners:
    // side 0's 2 + 1 + 1 = 4 -> store 0 = 24.
    assert_eq!(
        pos.to_string(),
        "0,0,0:24 0,0,0:20 to=1 ply=11 over=no_legal_move"
    );
}

#[test]
fn oware_unfed_end_to_mover_gives_the_board_to_the_player_who_cannot_feed() {
    let rules = compile(Preset::Oware.rules());
    // Side 1 house 6 (1 seed) -> side 0 house 1 (count 1, no capture); side 1 is then empty.
    // Side 0 (1,1,0,0,0,0): house 1 -> house 2, house 2 -> house 3; neither reaches side 1.
    // No move feeds: side 0, the mover, takes the 2 seeds left: 23 + 2 = 25.
    let mut pos = at(&rules, "0,1,0,0,0,0:23 0,0,0,0,0,1:23 to=1 ply=41");
    let effect = pos.play(Move::House(6)).unwrap();
    assert_eq!(effect.ended, Some(EndReason::CannotFeed));
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:25 0,0,0,0,0,0:23 to=0 ply=42 over=cannot_feed"
    );
    assert_eq!(pos.outcome().unwrap().winner(), Some(Side::new(0)));
}

#[test]
fn al_manqala_starving_player_claims_the_board_when_no_move_feeds() {
    let rules = compile(Preset::AlManqala.rules());
    // Side 1 house 7 (1 seed) -> side 0 house 1; side 1 is empty. Side 0 (1,0,1,0,0,0,0):
    // house 1 -> house 2, house 3 -> house 4 (counts 1, no capture); neither feeds.
    // `end_to_starving`: side 1 claims the 2 seeds: 40 + 2 = 42. Total 82, no majority before.
    let mut pos = at(&rules, "0,0,1,0,0,0,0:40 0,0,0,0,0,0,1:40 to=1 ply=41");
    let effect = pos.play(Move::House(7)).unwrap();
    assert_eq!(effect.ended, Some(EndReason::CannotFeed));
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0,0:40 0,0,0,0,0,0,0:42 to=0 ply=42 over=cannot_feed"
    );
    assert_eq!(pos.outcome().unwrap().winner(), Some(Side::new(1)));
}

#[test]
fn al_manqala_player_who_cannot_move_because_their_side_is_empty_is_starving_too() {
    let rules = compile(Preset::AlManqala.rules());
    // Side 0 house 7 (1 seed) -> side 1 house 1, 1 -> 2: captured (grand slams are allowed);
    // the chain steps back to side 0's house 7 (now 0): stop. Store 0 = 40 + 2 = 42; total 85,
    // 84 < 85: no majority. Side 1 is to move with an empty side: it starves and claims
    // side 0's 3 seeds: 40 + 3 = 43.
    let mut pos = at(&rules, "3,0,0,0,0,0,1:40 1,0,0,0,0,0,0:40 to=0 ply=41");
    let effect = pos.play(Move::House(7)).unwrap();
    assert_eq!(effect.captured, 2);
    assert_eq!(effect.ended, Some(EndReason::Starved));
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0,0:42 0,0,0,0,0,0,0:43 to=1 ply=42 over=starved"
    );
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.scores(), &[42, 43]);
    assert_eq!(outcome.wdl(Side::new(1)), Some(Wdl::Win));
}

// ---------------------------------------------------------------------------
// Section 7: no legal move ends every game
// ---------------------------------------------------------------------------

#[test]
fn modiar_player_left_with_only_singletons_has_no_move_and_the_game_ends() {
    let rules = compile(Preset::Modiar.rules());
    // Side 1 house 3 (2 seeds), origin first: one back into house 3, one into side 0's
    // house 1 (0 -> 1, no capture). Side 0 now holds 1,1,1: singletons may not be moved
    // (min_seeds 2), so side 0 has no legal move. Total 37; no majority.
    let mut pos = at(&rules, "0,1,1:15 2,0,2:16 to=1 ply=20");
    play(&mut pos, 3);
    // Leftover to owners: store 0 = 15 + 3 = 18, store 1 = 16 + 2 + 1 = 19.
    assert_eq!(
        pos.to_string(),
        "0,0,0:18 0,0,0:19 to=0 ply=21 over=no_legal_move"
    );
}

#[test]
fn a_player_with_no_legal_move_ends_the_game_even_when_no_legal_move_is_not_listed() {
    let mut set = Preset::Kalah.rules();
    set.min_seeds = 2;
    assert!(!set.end.contains(EndCondition::NoLegalMove));
    let rules = compile(set);
    // Side 1 house 1 (2 seeds) -> side 1 houses 2 and 3; house 3 was empty but the opposite
    // house (side 0 index 6 - 1 - 2 = 3, house 4) is empty too: no capture. Side 0 holds only
    // singletons (min_seeds 2) and no side is empty: no legal move ends the game.
    let mut pos = at(&rules, "1,0,1,0,0,1:20 2,2,0,0,0,0:18 to=1 ply=20");
    play(&mut pos, 1);
    // Leftover to owners: store 0 = 20 + 3 = 23, store 1 = 18 + 3 + 1 = 22.
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:23 0,0,0,0,0,0:22 to=0 ply=21 over=no_legal_move"
    );
}

#[test]
fn oware_player_to_move_with_an_empty_side_ends_the_game_with_leftover_to_owners() {
    let rules = compile(Preset::Oware.rules());
    // Side 0 is to move with an empty side: no legal move. Oware's unfed rule is
    // `end_to_mover`, not `end_to_starving`, so the leftover rule (owner) applies:
    // side 1's 1 + 2 = 3 -> 23 + 3 = 26. Total 48; 2 x 23 = 46 < 48, no majority first.
    let pos = at(&rules, "0,0,0,0,0,0:22 1,2,0,0,0,0:23 to=0 ply=60");
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:22 0,0,0,0,0,0:26 to=0 ply=60 over=no_legal_move"
    );
}

// ---------------------------------------------------------------------------
// Section 8: outcome
// ---------------------------------------------------------------------------

#[test]
fn ranks_share_places_for_equal_scores_with_three_players() {
    let rules = kalah_with(KalahOptions {
        players: 3,
        ..KalahOptions::default()
    });
    // Sides 0 and 2 are empty: over at once; side 1's 2 seeds -> 8 + 2 = 10.
    // Scores 10, 10, 4: ranks 1, 1, 3 (standard competition ranking).
    let pos = at(
        &rules,
        "0,0,0,0,0,0:10 2,0,0,0,0,0:8 0,0,0,0,0,0:4 to=0 ply=30",
    );
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:10 0,0,0,0,0,0:10 0,0,0,0,0,0:4 to=0 ply=30 over=any_side_empty"
    );
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.scores(), &[10, 10, 4]);
    assert_eq!(outcome.ranks(), &[1, 1, 3]);
    assert_eq!(outcome.winner(), None);
    assert_eq!(
        outcome.winners().collect::<Vec<_>>(),
        vec![Side::new(0), Side::new(1)]
    );
    assert!(!outcome.is_draw());
    assert_eq!(outcome.wdl(Side::new(0)), None);
}

#[test]
fn ranks_use_standard_competition_ranking_with_four_players() {
    let rules = kalah_with(KalahOptions {
        players: 4,
        houses: 4,
        ..KalahOptions::default()
    });
    // Side 2's lone seed goes to store 2: 6 + 1 = 7. Scores 9, 7, 7, 3: ranks 1, 2, 2, 4.
    let pos = at(
        &rules,
        "0,0,0,0:9 0,0,0,0:7 1,0,0,0:6 0,0,0,0:3 to=0 ply=40",
    );
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.scores(), &[9, 7, 7, 3]);
    assert_eq!(outcome.ranks(), &[1, 2, 2, 4]);
    assert_eq!(outcome.winner(), Some(Side::new(0)));

    // Scores 8, 8, 5, 5: ranks 1, 1, 3, 3.
    let pos = at(
        &rules,
        "0,0,0,0:8 0,0,0,0:8 0,0,0,0:5 0,0,0,0:5 to=0 ply=40",
    );
    assert_eq!(pos.outcome().unwrap().ranks(), &[1, 1, 3, 3]);

    // Everybody equal: a draw, all rank 1.
    let pos = at(
        &rules,
        "0,0,0,0:6 0,0,0,0:6 0,0,0,0:6 0,0,0,0:6 to=0 ply=40",
    );
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.ranks(), &[1, 1, 1, 1]);
    assert!(outcome.is_draw());
}

#[test]
fn two_players_win_lose_or_draw_by_score() {
    let rules = compile(Preset::Kalah.rules());
    // Side 0 is empty: side 1's 1+2+3+4+5+3 = 18 -> store 1. 30 - 18 = +12.
    let pos = at(&rules, "0,0,0,0,0,0:30 1,2,3,4,5,3:0 to=0 ply=40");
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.scores(), &[30, 18]);
    assert_eq!(outcome.score_difference(), 12);
    assert_eq!(outcome.wdl(Side::new(0)), Some(Wdl::Win));
    assert_eq!(outcome.wdl(Side::new(1)), Some(Wdl::Loss));
    assert_eq!(outcome.wdl(Side::new(2)), None);
    assert_eq!(outcome.winner(), Some(Side::new(0)));

    // 20 against 20 + 8 = 28: -8, side 0 loses.
    let pos = at(&rules, "0,0,0,0,0,0:20 0,0,0,0,0,8:20 to=0 ply=40");
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.scores(), &[20, 28]);
    assert_eq!(outcome.score_difference(), -8);
    assert_eq!(outcome.wdl(Side::new(0)), Some(Wdl::Loss));
    assert_eq!(outcome.wdl(Side::new(1)), Some(Wdl::Win));

    // 24 against 0 + 6 x 4 = 24: a draw.
    let pos = at(&rules, "0,0,0,0,0,0:24 4,4,4,4,4,4:0 to=0 ply=40");
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.score_difference(), 0);
    assert_eq!(outcome.wdl(Side::new(0)), Some(Wdl::Draw));
    assert_eq!(outcome.wdl(Side::new(1)), Some(Wdl::Draw));
    assert!(outcome.is_draw());
    assert_eq!(outcome.winner(), None);
}

#[test]
fn two_player_resignation_loses_at_once_whatever_the_score() {
    let rules = compile(Preset::Kalah.rules());
    // Side 0 leads 10 to 0 and resigns: it loses; the board is left as it is.
    let mut pos = at(&rules, "0,4,4,4,4,4:10 4,4,4,4,4,2:0 to=1 ply=5");
    pos.resign(Side::new(0));
    assert!(pos.is_over());
    assert_eq!(
        pos.to_string(),
        "0,4,4,4,4,4:10 4,4,4,4,4,2:0 to=1 ply=5 resigned=0 over=resignation"
    );
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.reason(), EndReason::Resignation);
    assert_eq!(outcome.wdl(Side::new(0)), Some(Wdl::Loss));
    assert_eq!(outcome.wdl(Side::new(1)), Some(Wdl::Win));
    assert_eq!(
        pos.play(Move::House(1)).unwrap_err().reason,
        IllegalReason::GameOver
    );
}

#[test]
fn three_player_resignation_lets_the_game_go_on_and_ranks_the_resigner_last() {
    let rules = kalah_with(KalahOptions {
        players: 3,
        ..KalahOptions::default()
    });
    let mut pos = at(
        &rules,
        "3,0,0,0,0,0:20 0,0,0,0,0,1:2 0,0,0,0,0,2:4 to=0 ply=30",
    );
    pos.resign(Side::new(0));
    // Two players have not resigned: the game goes on, side 0 still moves.
    assert!(!pos.is_over());
    assert!(pos.has_resigned(Side::new(0)));
    // Side 0 house 1 (3 seeds) -> houses 2, 3, 4; house 4 was empty, but the target (next
    // seat, side 1, index 6 - 1 - 3 = 2, house 3) is empty: no capture.
    play(&mut pos, 1);
    assert_eq!(
        pos.to_string(),
        "0,1,1,1,0,0:20 0,0,0,0,0,1:2 0,0,0,0,0,2:4 to=1 ply=31 resigned=0"
    );
    // Side 1 house 6 -> store 1 (3), side 1 empty: over. Leftover: store 0 = 20 + 3 = 23,
    // store 2 = 4 + 2 = 6.
    play(&mut pos, 6);
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:23 0,0,0,0,0,0:3 0,0,0,0,0,0:6 to=1 ply=32 resigned=0 over=any_side_empty"
    );
    // Side 0 has the best score (23) but resigned: last. Side 2 (6) first, side 1 (3) second.
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.scores(), &[23, 3, 6]);
    assert_eq!(outcome.ranks(), &[3, 2, 1]);
}

#[test]
fn four_player_resignations_rank_the_first_to_resign_last_and_end_with_one_player_left() {
    let rules = kalah_with(KalahOptions {
        players: 4,
        houses: 4,
        seeds: 3,
        ..KalahOptions::default()
    });
    let mut pos = Position::new(&rules);
    pos.resign(Side::new(2));
    assert!(!pos.is_over());
    // Side 0 house 1 (3 seeds) -> houses 2, 3, 4 (3 -> 4, no capture).
    play(&mut pos, 1);
    pos.resign(Side::new(0));
    assert!(!pos.is_over());
    assert_eq!(moves(&pos), houses(&[1, 2, 3, 4]));
    pos.resign(Side::new(3));
    // Only side 1 has not resigned: over, the board left as it is.
    assert_eq!(
        pos.to_string(),
        "0,4,4,4:0 3,3,3,3:0 3,3,3,3:0 3,3,3,3:0 to=1 ply=1 resigned=2,0,3 over=resignation"
    );
    // Side 1 first; then the resigners, latest first: side 3, side 0, side 2.
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.reason(), EndReason::Resignation);
    assert_eq!(outcome.ranks(), &[3, 1, 4, 2]);
    assert_eq!(outcome.winner(), Some(Side::new(1)));
}

#[test]
fn mancala_basic_ranks_by_who_emptied_their_side_first() {
    let mut set = Preset::MancalaBasic.rules();
    set.players = 4;
    let rules = compile(set);
    // Side 0 house 6 (1 seed) -> store 0: side 0 empty, it wins at once. The others follow by
    // the seeds they still hold, fewest first (lib.rs choice): side 2 and side 3 (2 each)
    // share second place, side 1 (3) is fourth.
    let mut pos = at(
        &rules,
        "0,0,0,0,0,1:0 3,0,0,0,0,0:0 1,1,0,0,0,0:0 0,0,2,0,0,0:0 to=0",
    );
    play(&mut pos, 6);
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:1 3,0,0,0,0,0:0 1,1,0,0,0,0:0 0,0,2,0,0,0:0 to=0 ply=1 over=empty_first"
    );
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.ranks(), &[1, 4, 2, 2]);
    assert_eq!(outcome.winner(), Some(Side::new(0)));
}

// ---------------------------------------------------------------------------
// Section 8: pie rule
// ---------------------------------------------------------------------------

#[test]
fn mankalah_swap_is_legal_on_the_second_players_first_turn_and_trades_sides() {
    let rules = compile(Preset::Mankalah.rules());
    let mut pos = Position::new(&rules);
    assert!(!pos.is_legal(Move::Swap));
    // Side 0 house 1 (7 seeds): houses 2..7 (8 each) and store 0; the very first move earns
    // no extra turn (first_move_extra_turn = false), so side 1 is to move.
    play(&mut pos, 1);
    assert_eq!(
        pos.to_string(),
        "0,8,8,8,8,8,8:1 7,7,7,7,7,7,7:0 to=1 ply=1"
    );
    assert_eq!(
        moves(&pos),
        vec![
            Move::House(1),
            Move::House(2),
            Move::House(3),
            Move::House(4),
            Move::House(5),
            Move::House(6),
            Move::House(7),
            Move::Swap
        ]
    );
    let effect = pos.play(Move::Swap).unwrap();
    assert_eq!(effect.sown, 0);
    // Not mirrored; side 1 (now the first player's side) moves next.
    assert_eq!(
        pos.to_string(),
        "0,8,8,8,8,8,8:1 7,7,7,7,7,7,7:0 to=1 ply=2 pie=swapped"
    );
    assert_eq!(pos.pie(), PieState::Swapped);
    assert_eq!(pos.to_move(), Side::new(1));
    assert_eq!(pos.player_of(Side::new(0)), 1);
    assert_eq!(pos.player_of(Side::new(1)), 0);
    assert_eq!(pos.side_of(0), Side::new(1));
    assert!(!pos.is_legal(Move::Swap));
    // Side 1 house 1 (7 seeds): houses 2..7 (8 each) and store 1, an extra turn (not the
    // first sowing any more); still no second swap.
    play(&mut pos, 1);
    assert_eq!(
        pos.to_string(),
        "0,8,8,8,8,8,8:1 0,8,8,8,8,8,8:1 to=1 ply=3 pie=swapped"
    );
    assert_eq!(moves(&pos), houses(&[2, 3, 4, 5, 6, 7]));
}

#[test]
fn mankalah_swap_is_not_legal_after_the_second_player_has_sown() {
    let rules = compile(Preset::Mankalah.rules());
    let mut pos = Position::new(&rules);
    play(&mut pos, 1);
    // Side 1 house 1 (7 seeds) -> houses 2..7 and store 1: extra turn, pie declined.
    play(&mut pos, 1);
    assert_eq!(
        pos.to_string(),
        "0,8,8,8,8,8,8:1 0,8,8,8,8,8,8:1 to=1 ply=2 pie=declined"
    );
    assert_eq!(pos.pie(), PieState::Declined);
    let before = pos.to_string();
    assert_eq!(
        pos.play(Move::Swap),
        Err(IllegalMove {
            mv: Move::Swap,
            reason: IllegalReason::SwapNotAllowed
        })
    );
    assert_eq!(pos.to_string(), before);
    assert_eq!(pos.player_of(Side::new(0)), 0);
}

#[test]
fn kalah_pie_rule_waits_until_the_opening_players_extra_turns_are_over() {
    let rules = kalah_with(KalahOptions {
        pie_rule: true,
        ..KalahOptions::default()
    });
    let mut pos = Position::new(&rules);
    // Side 0 house 3 (4 seeds): houses 4, 5, 6 and store 0: extra turn, side 0 again.
    play(&mut pos, 3);
    assert_eq!(pos.to_string(), "4,4,0,5,5,5:1 4,4,4,4,4,4:0 to=0 ply=1");
    assert!(!pos.is_legal(Move::Swap));
    assert_eq!(
        pos.play(Move::Swap).unwrap_err().reason,
        IllegalReason::SwapNotAllowed
    );
    // Side 0 house 1 (4 seeds): houses 2, 3, 4, 5 (last 5 -> 6): side 1's first turn.
    play(&mut pos, 1);
    assert_eq!(pos.to_string(), "0,5,1,6,6,5:1 4,4,4,4,4,4:0 to=1 ply=2");
    assert!(pos.is_legal(Move::Swap));
    pos.play(Move::Swap).unwrap();
    assert_eq!(
        pos.to_string(),
        "0,5,1,6,6,5:1 4,4,4,4,4,4:0 to=1 ply=3 pie=swapped"
    );
    assert_eq!(pos.player_of(Side::new(0)), 1);
    // Side 1 house 1 (4 seeds): side 1 houses 2..5 (last 4 -> 5): side 0 to move.
    play(&mut pos, 1);
    assert_eq!(
        pos.to_string(),
        "0,5,1,6,6,5:1 0,5,5,5,5,4:0 to=0 ply=4 pie=swapped"
    );
    assert!(!pos.is_legal(Move::Swap));
    // Side 0 house 6 (5 seeds): store 0, side 1 houses 1..4 (last 5 -> 6): side 1 to move,
    // and the swap, used once already, stays illegal.
    play(&mut pos, 6);
    assert_eq!(
        pos.to_string(),
        "0,5,1,6,6,0:2 1,6,6,6,5,4:0 to=1 ply=5 pie=swapped"
    );
    assert!(!pos.is_legal(Move::Swap));
}

#[test]
fn mankalah_outcome_ranks_each_player_by_the_side_it_ended_on() {
    let rules = compile(Preset::Mankalah.rules());
    // Player 1 swapped, so it owns side 0. Side 0 house 7 (1 seed) -> store 0 (41): side 0
    // is empty, the game ends, and side 1's 2 seeds go to store 1 (57).
    let mut pos = at(
        &rules,
        "0,0,0,0,0,0,1:40 0,0,0,0,0,0,2:55 to=0 ply=30 pie=swapped",
    );
    assert_eq!(pos.player_to_move(), 1);
    play(&mut pos, 7);
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.reason(), EndReason::AnySideEmpty);
    assert_eq!(
        (outcome.scores(), outcome.ranks()),
        (&[41, 57][..], &[2, 1][..])
    );
    // Player 0 (the first to move) ended on side 1 and won.
    assert_eq!(outcome.player_scores(), [57, 41]);
    assert_eq!(outcome.player_ranks(), [1, 2]);
    assert_eq!(
        (outcome.rank_of_player(0), outcome.score_of_player(0)),
        (1, 57)
    );
    assert_eq!(outcome.side_of(0), Side::new(1));
    assert_eq!(outcome.player_of(Side::new(0)), 1);
    // Without the swap the same end ranks the players as their sides.
    let mut pos = at(
        &rules,
        "0,0,0,0,0,0,1:40 0,0,0,0,0,0,2:55 to=0 ply=30 pie=declined",
    );
    assert_eq!(pos.player_to_move(), 0);
    play(&mut pos, 7);
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.player_scores(), [41, 57]);
    assert_eq!(outcome.player_ranks(), [2, 1]);
    assert_eq!(outcome.side_of(0), Side::new(0));
}

#[test]
fn swap_is_not_legal_without_the_pie_rule() {
    let rules = compile(Preset::Kalah.rules());
    let mut pos = Position::new(&rules);
    // Side 0 house 1 (4 seeds): houses 2..5; side 1's first turn.
    play(&mut pos, 1);
    assert_eq!(pos.to_string(), "0,5,5,5,5,4:0 4,4,4,4,4,4:0 to=1 ply=1");
    assert_eq!(moves(&pos), houses(&[1, 2, 3, 4, 5, 6]));
    assert_eq!(
        pos.play(Move::Swap).unwrap_err().reason,
        IllegalReason::SwapNotAllowed
    );
    assert_eq!(pos.pie(), PieState::Pending);
}

/// Oware with `end_seeds` (docs/rules.md section 7, "Few seeds left").
fn oware_ending_on(seeds: u8, leftover: Leftover) -> Rules {
    let mut set = Preset::Oware.rules();
    set.end_seeds = seeds;
    set.leftover = leftover;
    compile(set)
}

#[test]
fn end_seeds_ends_the_game_when_so_few_seeds_are_left() {
    // h6's 2 seeds go into o1 (1 -> 2) and o2 (2 -> 3): 3 takes o2, and
    // the chain o1 (2) too. Left in the houses: h1's 1 and o4's 1, two
    // seeds. Stores 20 + 5 = 25 and 21 (48 seeds; 25 is a majority).
    let start = "1,0,0,0,0,2:20 1,2,0,1,0,0:21 to=0 ply=30";
    // So the majority ends it first, whatever end_seeds says.
    let rules = oware_ending_on(2, Leftover::Owner);
    let mut pos = at(&rules, start);
    play(&mut pos, 6);
    assert_eq!(pos.end_reason(), Some(EndReason::Majority));
    // Two seeds fewer in the stores: 23 after the capture, no majority.
    let start = "1,0,0,0,0,2:18 1,2,0,1,0,0:23 to=0 ply=30";
    let rules = oware_ending_on(2, Leftover::Owner);
    let mut pos = at(&rules, start);
    play(&mut pos, 6);
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.reason(), EndReason::FewSeeds);
    // Each side's seed to its owner: 23 + 1 and 23 + 1.
    assert_eq!(outcome.scores(), &[24, 24]);
    // Under last_mover both go to side 0, which moved.
    let rules = oware_ending_on(2, Leftover::LastMover);
    let mut pos = at(&rules, start);
    play(&mut pos, 6);
    assert_eq!(pos.outcome().unwrap().scores(), &[25, 23]);
    // With end_seeds 1 two seeds are not few enough: side 1 moves o4.
    let rules = oware_ending_on(1, Leftover::Owner);
    let mut pos = at(&rules, start);
    play(&mut pos, 6);
    assert!(!pos.is_over());
    assert_eq!(pos.to_string(), "1,0,0,0,0,0:23 0,0,0,1,0,0:23 to=1 ply=31");
    // A move that puts no seed in a store leaves as many in the houses.
    let rules = oware_ending_on(2, Leftover::Owner);
    let mut pos = at(&rules, "2,0,0,0,0,0:22 0,0,1,0,0,0:23 to=0 ply=30");
    assert!(!pos.is_over());
    play(&mut pos, 1);
    assert!(!pos.is_over());
}

#[test]
fn end_seeds_judges_a_position_set_up_with_few_seeds() {
    // Section 13: a position that already meets an end condition is over.
    let rules = oware_ending_on(3, Leftover::Owner);
    let pos = at(&rules, "1,0,0,0,0,1:22 0,1,0,0,0,0:23 to=0 ply=30");
    assert_eq!(pos.end_reason(), Some(EndReason::FewSeeds));
    assert_eq!(pos.outcome().unwrap().scores(), &[24, 24]);
}

#[test]
fn end_seeds_must_be_below_the_seeds_in_the_game() {
    use mancala_core::{InvalidReason, RuleError, RuleSet};
    let e = RuleSet::from_spec("kalah,houses=2,seeds=2,end_seeds=8").unwrap_err();
    assert!(e.to_string().contains("end_seeds"), "{e}");
    let mut set = RuleSet::from_spec("kalah,houses=2,seeds=2").unwrap();
    set.end_seeds = 8;
    let Err(RuleError::InvalidValue { field, reason, .. }) = set.validate() else {
        panic!("8 of 8 seeds is refused");
    };
    assert_eq!((field, reason), ("end_seeds", InvalidReason::EndSeeds));
    assert!(RuleSet::from_spec("kalah,houses=2,seeds=2,end_seeds=7").is_ok());
}

/// Oware with `end_seeds` and `end_seeds_to = mover` (docs/rules.md
/// section 7, "Few seeds left"; MancalaGames' PICKLASTSEEDS).
fn oware_ending_to_mover(seeds: u8) -> Rules {
    let mut set = Preset::Oware.rules();
    set.end_seeds = seeds;
    set.end_seeds_to = EndSeedsTo::Mover;
    compile(set)
}

#[test]
fn end_seeds_to_mover_gives_the_few_seeds_left_to_the_mover() {
    // As in end_seeds_ends_the_game_when_so_few_seeds_are_left: h6's 2
    // seeds take o2 (3) and o1 (2), 23 in side 0's store; h1's 1 and o4's
    // 1 are left. Under leftover = owner each would go to its owner
    // (24-24); here both go to side 0, which moved: 25-23.
    let rules = oware_ending_to_mover(2);
    let mut pos = at(&rules, "1,0,0,0,0,2:18 1,2,0,1,0,0:23 to=0 ply=30");
    play(&mut pos, 6);
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.reason(), EndReason::FewSeeds);
    assert_eq!(outcome.scores(), &[25, 23]);
    // A position set up with so few seeds is over (section 13) with no
    // move: the side before the side to move takes them, as under
    // last_mover. h1's 1, h6's 1 and o2's 1 go to side 1.
    let rules = oware_ending_to_mover(3);
    let pos = at(&rules, "1,0,0,0,0,1:22 0,1,0,0,0,0:23 to=0 ply=30");
    assert_eq!(pos.end_reason(), Some(EndReason::FewSeeds));
    assert_eq!(pos.outcome().unwrap().scores(), &[22, 26]);
}

#[test]
fn end_seeds_to_mover_leaves_the_other_ends_to_the_leftover_rule() {
    // Kalah with end_seeds = 2 to the mover: h6's seed goes into side 0's
    // store (21), and side 0's houses are empty: any_side_empty ends the
    // game with 3 seeds left, more than 2, so they go by leftover = owner,
    // to side 1: 21-27.
    let mut set = Preset::Kalah.rules();
    set.end_seeds = 2;
    set.end_seeds_to = EndSeedsTo::Mover;
    let rules = compile(set);
    let mut pos = at(&rules, "0,0,0,0,0,1:20 0,0,1,1,1,0:24 to=0 ply=30");
    play(&mut pos, 6);
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.reason(), EndReason::AnySideEmpty);
    assert_eq!(outcome.scores(), &[21, 27]);
}

#[test]
fn end_seeds_to_mover_needs_end_seeds() {
    use mancala_core::{InvalidReason, RuleError, RuleSet};
    let e = RuleSet::from_spec("oware,end_seeds_to=mover").unwrap_err();
    assert!(e.to_string().contains("end_seeds_to"), "{e}");
    let mut set = Preset::Oware.rules();
    set.end_seeds_to = EndSeedsTo::Mover;
    let Err(RuleError::InvalidValue { field, reason, .. }) = set.validate() else {
        panic!("end_seeds_to = mover without end_seeds is refused");
    };
    assert_eq!(
        (field, reason),
        ("end_seeds_to", InvalidReason::EndSeedsToWithoutEndSeeds)
    );
    assert!(RuleSet::from_spec("oware,end_seeds=1,end_seeds_to=mover").is_ok());
}

/// Oware with `end_seeds` and `end_seeds_to = starter` (docs/rules.md
/// section 7; MancalaGames' PICK2XLASTSEEDS), compiled for a round that
/// `starter` started.
fn oware_ending_to_starter(seeds: u8, starter: usize) -> Rules {
    let mut set = Preset::Oware.rules();
    set.end_seeds = seeds;
    set.end_seeds_to = EndSeedsTo::Starter;
    Rules::for_round(&set, [0; 4], Side::new(starter)).unwrap()
}

#[test]
fn end_seeds_to_starter_gives_the_few_seeds_left_to_the_rounds_starter() {
    // Side 1's h6 (2 seeds): o1 2, o2 3 on side 0's row; o2 (3) and o1
    // (2) are taken, 23 in side 1's store. Side 1's h1 and side 0's o4
    // hold a seed each: 2 left, the game ends. Under `mover` they would be
    // side 1's (23-25); here they go to the side that started: side 0 in
    // a game (25-23), side 1 in a round side 1 started (23-25).
    let line = "1,2,0,1,0,0:23 1,0,0,0,0,2:18 to=1 ply=31";
    let rules = oware_ending_to_starter(2, 0);
    assert_eq!(rules.starter(), Side::new(0));
    let mut pos = at(&rules, line);
    play(&mut pos, 6);
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.reason(), EndReason::FewSeeds);
    assert_eq!(outcome.scores(), &[25, 23]);
    let mut set = Preset::Oware.rules();
    set.end_seeds = 2;
    set.end_seeds_to = EndSeedsTo::Starter;
    assert_eq!(Rules::new(&set).unwrap().starter(), Side::new(0));
    let rules = oware_ending_to_starter(2, 1);
    let mut pos = at(&rules, line);
    play(&mut pos, 6);
    assert_eq!(pos.outcome().unwrap().scores(), &[23, 25]);
    // A position set up with so few seeds is over with no move: the
    // starter takes them too (h1's 1, h6's 1 and o2's 1 to side 1, who
    // is not the side before the side to move here).
    let rules = oware_ending_to_starter(3, 1);
    let pos = at(&rules, "1,0,0,0,0,1:22 0,1,0,0,0,0:23 to=1 ply=30");
    assert_eq!(pos.end_reason(), Some(EndReason::FewSeeds));
    assert_eq!(pos.outcome().unwrap().scores(), &[22, 26]);
}

#[test]
fn end_seeds_to_starter_leaves_the_other_ends_to_the_leftover_rule() {
    // As for `mover`: Kalah, side 0's houses empty after h6, 3 seeds left,
    // more than end_seeds = 2: any_side_empty gives them by leftover =
    // owner, to side 1, though side 0 started.
    let mut set = Preset::Kalah.rules();
    set.end_seeds = 2;
    set.end_seeds_to = EndSeedsTo::Starter;
    let rules = Rules::for_round(&set, [0; 4], Side::new(0)).unwrap();
    let mut pos = at(&rules, "0,0,0,0,0,1:20 0,0,1,1,1,0:24 to=0 ply=30");
    play(&mut pos, 6);
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.reason(), EndReason::AnySideEmpty);
    assert_eq!(outcome.scores(), &[21, 27]);
}

#[test]
fn the_rounds_starter_is_part_of_the_rules_and_the_keys_only_when_read() {
    use mancala_core::{InvalidReason, RuleError, RuleSet};
    let line = "1,2,0,1,0,0:23 1,0,0,0,0,3:18 to=1 ply=31";
    let (zero, one) = (oware_ending_to_starter(2, 0), oware_ending_to_starter(2, 1));
    assert_ne!(zero, one);
    // Same cups, another starter: another position to a table kept across
    // the rounds of a match.
    assert_ne!(at(&zero, line).key(), at(&one, line).key());
    assert_ne!(at(&zero, line).board_key(), at(&one, line).board_key());
    // The starter leaves other rules as they are: equal, the same keys.
    let mut set = Preset::Oware.rules();
    set.end_seeds = 2;
    set.end_seeds_to = EndSeedsTo::Mover;
    let plain = Rules::new(&set).unwrap();
    let round = Rules::for_round(&set, [0; 4], Side::new(1)).unwrap();
    assert_eq!(round.starter(), Side::new(0));
    assert_eq!(plain, round);
    assert_eq!(at(&plain, line).key(), at(&round, line).key());
    assert_eq!(at(&plain, line).key(), at(&zero, line).key());
    // A starter that is not a side in play is refused by name.
    let Err(RuleError::InvalidValue { field, reason, .. }) =
        Rules::for_round(&set, [0; 4], Side::new(2))
    else {
        panic!("side 2 of 2 players is refused");
    };
    assert_eq!(
        (field, reason),
        ("starter", InvalidReason::RoundStarterSide)
    );
    // And, as `mover`, it needs end_seeds.
    let e = RuleSet::from_spec("oware,end_seeds_to=starter").unwrap_err();
    assert!(e.to_string().contains("end_seeds_to"), "{e}");
    assert!(RuleSet::from_spec("oware,end_seeds=2,end_seeds_to=starter").is_ok());
}

/// Kalah under `take_all` (issue 30): the player left with no seed in their
/// houses loses, and every end leaves the board as it is.
fn kalah_take_all(min_seeds: u8) -> Rules {
    let mut set = Preset::Kalah.rules();
    set.end = EndSet::of(&[EndCondition::TakeAll, EndCondition::NoLegalMove]);
    set.min_seeds = min_seeds;
    compile(set)
}

#[test]
fn take_all_the_capturer_of_the_last_seeds_wins_whatever_the_stores_hold() {
    let rules = kalah_take_all(1);
    // Side 0 house 5 (1 seed) -> house 6, empty: it takes side 1's house 1
    // (3 seeds) opposite, with the capturing seed: store 2 + 4 = 6. Side 1's
    // houses are now empty: side 0 wins with 1 seed left in its houses,
    // although 6 < 40; the board stays as it is.
    let mut pos = at(&rules, "1,0,0,0,1,0:2 3,0,0,0,0,0:40 to=0 ply=20");
    let effect = pos.play(Move::House(5)).unwrap();
    assert_eq!(effect.ended, Some(EndReason::TakeAll));
    assert_eq!(
        pos.to_string(),
        "1,0,0,0,0,0:6 0,0,0,0,0,0:40 to=1 ply=21 over=take_all"
    );
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.scores(), &[6, 40]);
    assert_eq!(outcome.ranks(), &[1, 2]);
    assert_eq!(outcome.wdl(Side::new(0)), Some(Wdl::Win));
}

#[test]
fn take_all_a_player_who_empties_their_own_houses_loses() {
    let rules = kalah_take_all(1);
    // Side 0 house 6 (1 seed) -> its store, an extra turn, but side 0's houses
    // are empty: side 1, with 2 seeds left, wins, although 5 < 11.
    let mut pos = at(&rules, "0,0,0,0,0,1:10 2,0,0,0,0,0:5 to=0 ply=9");
    play(&mut pos, 6);
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:11 2,0,0,0,0,0:5 to=0 ply=10 over=take_all"
    );
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.wdl(Side::new(1)), Some(Wdl::Win));
    assert_eq!(outcome.wdl(Side::new(0)), Some(Wdl::Loss));
}

#[test]
fn take_all_a_player_without_a_move_the_houses_decide_and_stay() {
    // min_seeds 2: a house of one seed cannot be played.
    let rules = kalah_take_all(2);
    // Side 1 house 3 (2 seeds) -> houses 4 and 5; house 5 was empty: it
    // takes side 0's house 2 (1 seed) opposite with the capturing seed:
    // store 30 + 2 = 32. Side 0 keeps 1 + 1 seeds in houses 1 and 6, neither
    // playable: no legal move. Nothing is handed out: 2 seeds against
    // side 1's 1 (house 4) in the houses, side 0 wins, although 5 < 32.
    let mut pos = at(&rules, "1,1,0,0,0,1:5 0,0,2,0,0,0:30 to=1 ply=30");
    play(&mut pos, 3);
    assert_eq!(
        pos.to_string(),
        "1,0,0,0,0,1:5 0,0,0,1,0,0:32 to=0 ply=31 over=no_legal_move"
    );
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.scores(), &[5, 32]);
    assert_eq!(outcome.wdl(Side::new(0)), Some(Wdl::Win));
}

#[test]
fn take_all_equal_houses_at_an_end_are_a_draw() {
    let rules = kalah_take_all(2);
    // As above with side 0's house 6 empty: 1 seed each in the houses.
    let mut pos = at(&rules, "1,1,0,0,0,0:6 0,0,2,0,0,0:30 to=1 ply=30");
    play(&mut pos, 3);
    assert_eq!(pos.end_reason(), Some(EndReason::NoLegalMove));
    assert!(pos.outcome().unwrap().is_draw());
}
