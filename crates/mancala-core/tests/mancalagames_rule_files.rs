//! The games of the MancalaGames collection shipped as rule files under
//! `rules/` (issue 30; docs/games.md, "Every MancalaGames game"): each
//! file's distinctive rule on a concrete position. Every expected board
//! was worked out by hand from the game's section of docs/games.md and
//! docs/rules.md sections 3 to 7.
//!
//! Notation: per side `house 1,...,house n:store`, side 0 first, then
//! `to=SIDE ply=N`. Counter-clockwise sowing runs through side 0's houses
//! 1..n (then side 0's store, where stores are sown), then side 1's houses
//! 1..n. `hK` is a house of side 0, `oK` one of side 1. The stores make
//! up each game's total of seeds, so that `majority` (docs/rules.md
//! section 7) ends no game before the test means it to.

use std::path::Path;

use mancala_core::*;
use mancala_testkit::pick::{at, compile, houses};

/// The rule file `rules/NAME.toml` of this crate.
fn rule_file(name: &str) -> RuleSet {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("rules/{name}.toml"));
    RuleSet::from_toml(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn play(pos: &mut Position<'_>, house: u8) -> Effect {
    pos.play(Move::House(house))
        .unwrap_or_else(|e| panic!("house {house} should be legal in {pos}: {e}"))
}

#[test]
fn adji_kui_i_moves_two_seeds_or_more_chains_on_the_opponents_side_and_passes() {
    let rules = compile(rule_file("adji-kui-i"));
    // h1's single seed may not be moved (`min_seeds = 2`).
    let mut pos = at(&rules, "1,0,0,0,0,2:19 1,2,1,0,0,3:19 to=0 ply=10");
    assert_eq!(pos.legal_moves().to_vec(), houses(&[6]));
    // h6's 2 seeds go into o1 (1 -> 2) and o2 (2 -> 3): o2 is taken, then
    // o1 before it; h6 before o1 is the mover's own, so the chain stops.
    assert_eq!(play(&mut pos, 6).captured, 5);
    assert_eq!(pos.to_string(), "1,0,0,0,0,0:24 0,0,1,0,0,3:19 to=1 ply=11");
    // o6's 3 seeds go into h1 (2), h2 (1), h3 (1): nothing to take.
    play(&mut pos, 6);
    assert_eq!(pos.to_string(), "2,1,1,0,0,0:24 0,0,1,0,0,0:19 to=0 ply=12");
    // h1 now holds 2. After it, side 1 holds a single seed, so it cannot
    // move and passes: side 0 moves again (docs/rules.md section 7).
    play(&mut pos, 1);
    assert_eq!(pos.to_string(), "0,2,2,0,0,0:24 0,0,1,0,0,0:19 to=0 ply=13");
}

#[test]
fn bakuk_chains_across_both_sides_and_scores_no_seed_left_on_the_board() {
    let rules = compile(rule_file("bakuk"));
    // h2's 3 seeds go into h3 (1 -> 2), o1 (1 -> 2), o2 (3 -> 4): o2 is
    // taken, then o1 and h3 before it (either side), then h2, emptied,
    // stops the chain.
    let mut pos = at(&rules, "0,3,1:10 1,3,5:13 to=0 ply=10");
    assert_eq!(play(&mut pos, 2).captured, 8);
    assert_eq!(pos.to_string(), "0,0,0:18 0,0,5:13 to=1 ply=11");
    // h1's seed goes into h2, capturing nothing; side 1 has no seed and no
    // move: the game ends, and the 2 seeds left count for nobody.
    let mut pos = at(&rules, "1,0,1:17 0,0,0:17 to=0 ply=20");
    play(&mut pos, 1);
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.reason(), EndReason::NoLegalMove);
    assert_eq!(outcome.scores(), &[17, 17]);
    assert!(outcome.is_draw());
}

#[test]
fn cross_wari_sows_an_odd_count_clockwise_and_chains_against_it() {
    let rules = compile(rule_file("cross-wari"));
    let start = "3,0,0,0,0,1:16 1,0,0,1,2,1:23 to=0 ply=10";
    // h1's 3 seeds (odd) go clockwise: o6 (1 -> 2), o5 (2 -> 3), o4
    // (1 -> 2). o4 is taken, and the chain walks back against the sowing:
    // o5, o6, then h1, the mover's own, stops it. o1 keeps its seed, so
    // this is no grand slam.
    let mut pos = at(&rules, start);
    assert_eq!(play(&mut pos, 1).captured, 7);
    assert_eq!(pos.to_string(), "0,0,0,0,0,1:23 1,0,0,0,0,0:23 to=1 ply=11");
    // Oware sows the same 3 seeds counter-clockwise into h2, h3, h4.
    let oware = compile(Preset::Oware.rules());
    let mut pos = at(&oware, start);
    assert_eq!(play(&mut pos, 1).captured, 0);
    assert_eq!(pos.to_string(), "0,1,1,1,0,1:16 1,0,0,1,2,1:23 to=1 ply=11");
    // An even count keeps to counter-clockwise: h6's 2 seeds go into o1
    // (1 -> 2) and o2 (0 -> 1); o2 holds 1, nothing is taken.
    let mut pos = at(&rules, "0,0,0,0,0,2:17 1,0,0,1,2,1:23 to=0 ply=10");
    assert_eq!(play(&mut pos, 6).captured, 0);
    assert_eq!(pos.to_string(), "0,0,0,0,0,0:17 2,1,0,1,2,1:23 to=1 ply=11");
}

#[test]
fn djenon_aboure_puts_each_laps_first_seed_back_and_a_capture_ends_the_relay() {
    let rules = compile(rule_file("djenon-aboure"));
    let start = "2,2,0,1,1,0:12 3,3,3,3,3,3:0 to=0 ply=10";
    let mut pos = at(&rules, start);
    // h5's single seed may not be moved (`min_seeds = 2`).
    assert_eq!(pos.legal_moves().to_vec(), houses(&[1, 2]));
    // h1's first seed goes back into h1, the second into h2 (2 -> 3): h2
    // held seeds and 3 captures nothing, so h2 is lifted. Its first seed
    // goes back into h2, then h3 (0 -> 1), h4 (1 -> 2): 2 captures, which
    // ends the relay; h3 before it holds 1, so the chain stops.
    assert_eq!(play(&mut pos, 1).captured, 2);
    assert_eq!(pos.to_string(), "1,1,1,0,1,0:14 3,3,3,3,3,3:0 to=1 ply=11");
    // MancalaGames' file has no first seed back: h1's 2 seeds go into h2
    // (2 -> 3) and h3, empty, where the move ends.
    let mut mg = rule_file("djenon-aboure");
    mg.origin = Origin::Include;
    let mg = compile(mg);
    let mut pos = at(&mg, start);
    assert_eq!(play(&mut pos, 1).captured, 0);
    assert_eq!(pos.to_string(), "0,3,1,1,1,0:12 3,3,3,3,3,3:0 to=1 ply=11");
}

#[test]
fn djenon_abe_unfed_ends_the_game_and_shares_the_seeds_left() {
    let rules = compile(rule_file("djenon-abe"));
    // Side 1 has no seed and h1's 3 seeds (into h2, h3, h4, the last one
    // in an empty house) do not reach it: no move feeds, so the game ends
    // (`unfed = end`) and the 3 seeds left are shared (`split_poorer`,
    // docs/rules.md sections 4 and 7): one each, and the odd one to side
    // 0, the poorer (21 against 24).
    let start = "3,0,0,0,0,0:21 0,0,0,0,0,0:24 to=0 ply=20";
    let pos = at(&rules, start);
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.reason(), EndReason::CannotFeed);
    assert_eq!(outcome.scores(), &[23, 25]);
    // Under `last_mover` they go to side 1, the side before the mover.
    let mut last_mover = rule_file("djenon-abe");
    last_mover.leftover = Leftover::LastMover;
    let last_mover = compile(last_mover);
    assert_eq!(
        at(&last_mover, start).outcome().unwrap().scores(),
        &[21, 27]
    );
    // Oware's `end_to_mover` gives them all to side 0.
    let mut to_mover = rule_file("djenon-abe");
    to_mover.unfed = Unfed::EndToMover;
    let to_mover = compile(to_mover);
    assert_eq!(at(&to_mover, start).outcome().unwrap().scores(), &[24, 24]);
}

#[test]
fn mangala_ii_takes_six_and_a_long_sowing_drops_a_seed_into_its_origin() {
    let rules = compile(rule_file("mangala-ii"));
    // h6's 13 seeds: o1..o6 (o1 4 -> 5), h1..h5, h6 itself (the origin is
    // a cup like any other), and the 13th into o1 (5 -> 6): 6 is taken.
    // The house before o1 is h6, the mover's own: the chain stops.
    let mut pos = at(&rules, "0,0,0,0,0,13:25 4,1,1,1,1,1:25 to=0 ply=10");
    assert_eq!(play(&mut pos, 6).captured, 6);
    assert_eq!(pos.to_string(), "1,1,1,1,1,1:31 0,2,2,2,2,2:25 to=1 ply=11");
}

#[test]
fn micro_wari_takes_a_last_seed_falling_into_an_empty_opponents_house() {
    let rules = compile(rule_file("micro-wari"));
    // h2's seed falls into o1, empty: it is taken.
    let mut pos = at(&rules, "1,1:0 0,1:1 to=0 ply=3");
    assert_eq!(play(&mut pos, 2).captured, 1);
    assert_eq!(pos.to_string(), "1,0:1 0,1:1 to=1 ply=4");
    // h1's seed falls into h2, the mover's own: nothing is taken.
    let mut pos = at(&rules, "1,1:0 0,1:1 to=0 ply=3");
    assert_eq!(play(&mut pos, 1).captured, 0);
    assert_eq!(pos.to_string(), "0,2:0 0,1:1 to=1 ply=4");
}

#[test]
fn nocapt_skips_the_origin_captures_nothing_and_passes() {
    let rules = compile(rule_file("nocapt"));
    // h1's 13 seeds: h2..h6, the store, o1..o6, then h1 is passed over
    // and the 13th falls into h2. Nothing is ever captured.
    let mut pos = at(&rules, "13,0,0,0,0,0:17 0,0,0,0,0,1:17 to=0 ply=10");
    assert_eq!(play(&mut pos, 1).captured, 0);
    assert_eq!(pos.to_string(), "0,2,1,1,1,1:18 1,1,1,1,1,2:17 to=1 ply=11");
    // A last seed in an empty own house takes nothing from across.
    let mut pos = at(&rules, "0,0,0,1,0,0:10 4,4,4,4,4,4:13 to=0 ply=20");
    assert_eq!(play(&mut pos, 4).captured, 0);
    assert_eq!(pos.to_string(), "0,0,0,0,1,0:10 4,4,4,4,4,4:13 to=1 ply=21");
    // h5's seed goes into h6; side 1 has no seed, passes, and side 0
    // moves again (a side emptying does not end this game).
    let mut pos = at(&rules, "0,0,0,0,1,1:22 0,0,0,0,0,0:24 to=0 ply=30");
    play(&mut pos, 5);
    assert_eq!(pos.to_string(), "0,0,0,0,0,2:22 0,0,0,0,0,0:24 to=0 ply=31");
}

#[test]
fn valah_relays_and_a_relay_ending_in_the_own_store_moves_again() {
    let rules = compile(rule_file("valah"));
    // h3's seed makes h4 hold 2: h4 is lifted, its seeds go into h5 and
    // the store, which ends the relay with another move.
    let mut pos = at(&rules, "0,0,1,1,0:12 0,1,1,1,1:12 to=0 ply=10");
    assert_eq!(play(&mut pos, 3).captured, 0);
    assert_eq!(pos.to_string(), "0,0,0,0,1:13 0,1,1,1,1:12 to=0 ply=11");
    // h3's 2 seeds go into h4 (0 -> 1) and h5 (1 -> 2): h5 is lifted, into
    // the store and o1, empty: the move ends there, nothing captured.
    let mut pos = at(&rules, "0,0,2,0,1:12 0,1,1,1,1:11 to=0 ply=10");
    assert_eq!(play(&mut pos, 3).captured, 0);
    assert_eq!(pos.to_string(), "0,0,0,1,0:13 1,1,1,1,1:11 to=1 ply=11");
}

// ---------------------------------------------------------------------------
// Sowing both ways (docs/games.md, "Games whose sowing goes both ways")
// ---------------------------------------------------------------------------

fn cw(n: u8) -> Move {
    Move::Directed(n, Sense::Cw)
}

fn ccw(n: u8) -> Move {
    Move::Directed(n, Sense::Ccw)
}

#[test]
fn mbangbi_lets_the_mover_choose_the_way_and_chains_against_it() {
    let rules = compile(rule_file("mbangbi"));
    // Every house is chosen: ten moves at the start, two a house.
    let start = Position::new(&rules);
    assert_eq!(start.legal_moves().len(), 10);
    assert_eq!(start.legal_moves().get(0), Some(ccw(1)));
    let mut tried = start;
    assert_eq!(
        tried.play(Move::House(1)).unwrap_err().reason,
        IllegalReason::DirectionNeeded
    );
    let mut pos = at(&rules, "3,0,0,0,2:31 4,4,1,3,1:31 to=0 ply=10");
    assert_eq!(pos.legal_moves().to_vec(), [ccw(1), cw(1), ccw(5), cw(5)]);
    // h1's 3 seeds clockwise: o5 (2), o4 (4), o3 (2). o3 is taken, then
    // the run after it against the move's way, o4 and o5; h1 is the
    // mover's own, where the chain stops.
    assert_eq!(pos.play(cw(1)).unwrap().captured, 8);
    assert_eq!(pos.to_string(), "0,0,0,0,2:39 4,4,0,0,0:31 to=1 ply=11");
}

#[test]
fn cow_sows_towards_the_nearer_end_and_chooses_for_the_middle_house() {
    let rules = compile(rule_file("cow"));
    let start = Position::new(&rules);
    let mut expected = houses(&[1, 2, 4, 5]);
    expected.extend([ccw(3), cw(3)]);
    assert_eq!(start.legal_moves().to_vec(), expected);
    // h1, on the left of the row, sows clockwise: o5 (2), o4 (2). o4 is
    // taken, then o5 after it against the move's way; then h1, the
    // mover's own.
    let mut pos = at(&rules, "2,0,0,0,3:21 2,0,0,1,1:20 to=0 ply=10");
    assert_eq!(pos.play(Move::House(1)).unwrap().captured, 4);
    assert_eq!(pos.to_string(), "0,0,0,0,3:25 2,0,0,0,0:20 to=1 ply=11");
    // o1 is on the left of side 1's row: clockwise, into h5 and h4.
    pos.play(Move::House(1)).unwrap();
    assert_eq!(pos.to_string(), "0,0,0,1,4:25 0,0,0,0,0:20 to=0 ply=12");
}

#[test]
fn goat_takes_a_two_on_whichever_side_the_middle_house_sows_to() {
    let rules = compile(rule_file("goat"));
    let start = at(&rules, "0,2,0:6 1,2,1:6 to=0 ply=10");
    assert_eq!(start.legal_moves().to_vec(), [ccw(2), cw(2)]);
    // Clockwise: h1 (1), o3 (2): o3 is taken.
    let mut pos = start;
    assert_eq!(pos.play(cw(2)).unwrap().captured, 2);
    assert_eq!(pos.to_string(), "1,0,0:8 1,2,0:6 to=1 ply=11");
    // Counter-clockwise: h3 (1), o1 (2): o1 is taken.
    let mut pos = start;
    assert_eq!(pos.play(ccw(2)).unwrap().captured, 2);
    assert_eq!(pos.to_string(), "0,0,1:8 0,2,1:6 to=1 ply=11");
}

#[test]
fn mangala_iii_splits_its_rows_and_takes_a_single_house_on_either_side() {
    let rules = compile(rule_file("mangala-iii"));
    let mut pos = at(&rules, "1,0,2,0,0,3:22 2,2,2,2,2,0:22 to=0 ply=10");
    // Two seeds or more: h3 and h6, each sown its fixed way.
    assert_eq!(pos.legal_moves().to_vec(), houses(&[3, 6]));
    // h3 sows clockwise: h2 (1), h1 (2): the mover's own h1 is taken.
    assert_eq!(pos.play(Move::House(3)).unwrap().captured, 2);
    assert_eq!(pos.to_string(), "0,1,0,0,0,3:24 2,2,2,2,2,0:22 to=1 ply=11");
    // o5 sows counter-clockwise: o6 (1), h1 (1): no capture. No chain:
    // o4's 2 before it is not a run of the last seed's.
    pos.play(Move::House(5)).unwrap();
    assert_eq!(pos.to_string(), "1,1,0,0,0,3:24 2,2,2,2,0,1:22 to=0 ply=12");
}
