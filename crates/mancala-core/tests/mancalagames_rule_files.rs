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

/// One move of a rule file's game from a position, worked out by hand:
/// the rule file, the start, the house played, the seeds the mover
/// captures, the position after.
type Row = (&'static str, &'static str, u8, u8, &'static str);

/// The games issue 30's capture dimensions made playable, each on its
/// distinctive rule (docs/games.md, each game's section).
const CAPTURE_ROWS: &[Row] = &[
    // Bule Perga: h6's 2 seeds make h7 4, taken at once by its owner, the
    // mover, and o1 4: the move's last seed, and still o1 goes to its
    // owner, side 1 (`sow_capture_last`). o2, after it, is empty: the
    // move ends.
    (
        "bule-perga",
        "0,0,0,0,0,2,3:23 3,0,1,0,0,0,0:24 to=0 ply=10",
        6,
        4,
        "0,0,0,0,0,0,0:27 0,0,1,0,0,0,0:28 to=1 ply=11",
    ),
    // Hufesay: h2's 2 seeds go into h3 and h4, which held 1: its 2 are
    // lifted into h5 and h6 (empty), where the sowing ends. o1, opposite,
    // holds 3: they are taken, and the last seed stays in h6
    // (`capture_leaves_seed`).
    (
        "hufesay",
        "0,2,0,1,0,0:18 3,0,0,5,0,0:19 to=0 ply=10",
        2,
        3,
        "0,0,1,0,1,1:21 0,0,0,5,0,0:19 to=1 ply=11",
    ),
    // Sadeqa III: h7's seed falls into h8 (empty); o1 opposite holds 5:
    // taken, the seed stays.
    (
        "sadeqa-iii",
        "0,0,0,0,0,0,1,0:42 5,3,0,0,0,0,0,3:42 to=0 ply=20",
        7,
        5,
        "0,0,0,0,0,0,0,1:47 0,3,0,0,0,0,0,3:42 to=1 ply=21",
    ),
    // Tihbat: h1's 3 seeds go into h2, o1 (1 -> 2) and o2 (3 -> 4): o2 is
    // even and at most 8, taken; no chain, so o1 stays.
    (
        "tihbat",
        "3,0:10 1,3:11 to=0 ply=6",
        1,
        4,
        "0,1:14 2,0:11 to=1 ply=7",
    ),
    // Tihbat: the same sowing making o2 hold 10 takes nothing (over 8).
    (
        "tihbat",
        "3,0:10 1,9:5 to=0 ply=6",
        1,
        0,
        "0,1:10 2,10:5 to=1 ply=7",
    ),
    // Tihbat: h1's seed makes h2, the mover's own, hold 2: taken.
    (
        "tihbat",
        "1,1:12 2,3:9 to=0 ply=6",
        1,
        2,
        "0,0:14 2,3:9 to=1 ply=7",
    ),
    // Voleur: h6's 2 seeds go into o1 and o2 (empty): the last seed's
    // house is taken whatever it holds, here the last seed alone.
    (
        "voleur",
        "0,0,0,0,0,2:22 3,0,0,0,0,0:21 to=0 ply=8",
        6,
        1,
        "0,0,0,0,0,0:23 4,0,0,0,0,0:21 to=1 ply=9",
    ),
    // Kale: h5's 2 seeds make h6 2 and o1 2. o1, on the opponent's side,
    // is taken, and the chain goes on onto the mover's own side
    // (`capture_side = "opponent_first"`): h6 too; h5, emptied, stops it.
    (
        "kale",
        "0,0,0,0,2,1:20 1,3,0,0,0,1:20 to=0 ply=10",
        5,
        4,
        "0,0,0,0,0,0:24 0,3,0,0,0,1:20 to=1 ply=11",
    ),
    // Kale: h6's single seed makes o1 hold 2, but a move of a single seed
    // captures nothing (`single_seed_captures = false`).
    (
        "kale",
        "0,0,0,0,2,1:20 1,3,0,0,0,1:20 to=0 ply=10",
        6,
        0,
        "0,0,0,0,2,0:20 2,3,0,0,0,1:20 to=1 ply=11",
    ),
    // Mandoli: h3's 4 seeds make h4 2, h5 2, h6 4 and o1 2. o1 held a
    // seed, but a landing that captures ends the relay: o1 is taken, then
    // h6 before it, and `chain_limit = 2` stops the chain there.
    (
        "mandoli",
        "0,0,4,1,1,3:24 1,0,0,0,0,5:33 to=0 ply=4",
        3,
        6,
        "0,0,0,2,2,0:30 0,0,0,0,0,5:33 to=1 ply=5",
    ),
    // Mandoli: the same move as the game's second captures nothing
    // (`no_capture_moves = 2`), so o1's 2 seeds relay into o2 and o3.
    (
        "mandoli",
        "0,0,4,1,1,3:24 1,0,0,0,0,5:33 to=0 ply=1",
        3,
        0,
        "0,0,0,2,2,4:24 0,1,1,0,0,5:33 to=1 ply=2",
    ),
];

#[test]
fn the_games_of_the_new_capture_rules_play_their_distinctive_moves() {
    for &(file, start, house, captured, after) in CAPTURE_ROWS {
        let rules = compile(rule_file(file));
        let mut pos = at(&rules, start);
        assert_eq!(play(&mut pos, house).captured, captured, "{file}: {start}");
        assert_eq!(pos.to_string(), after, "{file}: {start}");
        assert!(!pos.is_over(), "{file}: {start}");
    }
}

#[test]
fn sadeqa_iii_gives_the_seeds_left_to_the_last_mover() {
    let rules = compile(rule_file("sadeqa-iii"));
    // As in the table, with 44 in side 0's store: the 5 taken make 49 of
    // 96, a majority. The 7 seeds left (h8's 1, o2's 3, o8's 3) go to
    // side 0, who moved last, not to their owners.
    let mut pos = at(&rules, "0,0,0,0,0,0,1,0:44 5,3,0,0,0,0,0,3:40 to=0 ply=20");
    play(&mut pos, 7);
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.reason(), EndReason::Majority);
    assert_eq!(outcome.scores(), &[56, 40]);
}

#[test]
fn voleur_always_captures_and_gives_the_seeds_left_to_their_owner() {
    let rules = compile(rule_file("voleur"));
    // o1's 4 seeds go into o2 .. o5; o5's lone seed is taken. Side 0 has
    // no seed and cannot move: the game ends, and o2 .. o4 go to side 1.
    let mut pos = at(&rules, "0,0,0,0,0,0:23 4,0,0,0,0,0:21 to=1 ply=9");
    assert_eq!(play(&mut pos, 1).captured, 1);
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.reason(), EndReason::NoLegalMove);
    assert_eq!(outcome.scores(), &[23, 25]);
}
