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
/// A rule file's rules; for a file that deals every game afresh
/// (Mangala IV), the first game's (`RuleSet::dealt_for_game(0)`).
fn rule_file(name: &str) -> RuleSet {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("rules/{name}.toml"));
    let set = RuleSet::from_toml(&std::fs::read_to_string(path).unwrap()).unwrap();
    set.dealt_for_game(0)
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

/// One move of a rule file on a position, worked out by hand: the
/// position after it, or how the game ended (its reason and scores).
struct Step {
    file: &'static str,
    start: &'static str,
    house: u8,
    why: &'static str,
    after: After,
}

enum After {
    /// The game goes on from this position.
    Position(&'static str),
    /// The game is over: its end reason and final scores, side 0 first.
    Over(EndReason, [u8; 2]),
}

/// The games of issue 30's endings, starts and rounds (docs/games.md):
/// each file's distinctive rule on a position of 48 seeds (98 for
/// Mangala IV and Raja Pasu, 96 for Anywoli, 84 for Pallanguli, 40 for
/// Bosh), every expected value worked by hand.
const STEPS: &[Step] = &[
    Step {
        file: "crosscapt",
        start: "0,0,0,0,0,1:20 1,2,1,0,0,0:23 to=0 ply=30",
        house: 6,
        why: "h6's seed goes to the store (21) and side 0's houses are empty: the \
              game ends and the 4 seeds left go to side 0, who moved (last_mover): \
              25 to 23, where Kalah gives them to side 1 (21 to 27)",
        after: After::Over(EndReason::AnySideEmpty, [25, 23]),
    },
    Step {
        file: "crosscapt",
        start: "1,0,0,0,0,3:18 0,0,0,0,4,1:21 to=0 ply=30",
        house: 1,
        why: "h1's seed falls into the empty h2: the house across (o5, 4 seeds) is \
              taken with it, 5 to the store; Kalah's capture",
        after: After::Position("0,0,0,0,0,3:23 0,0,0,0,0,1:21 to=1 ply=31"),
    },
    Step {
        file: "simplecapt",
        start: "1,0,0,0,0,3:18 0,0,0,0,4,1:21 to=0 ply=30",
        house: 1,
        why: "the same seed into the empty h2 takes nothing: no capture",
        after: After::Position("0,1,0,0,0,3:18 0,0,0,0,4,1:21 to=1 ply=31"),
    },
    Step {
        file: "simplecapt",
        start: "0,0,0,0,0,1:20 1,2,1,0,0,0:23 to=0 ply=30",
        house: 6,
        why: "as in CrossCapt, emptying one's houses takes the 4 seeds left",
        after: After::Over(EndReason::AnySideEmpty, [25, 23]),
    },
    Step {
        file: "goempty-one",
        start: "0,0,0,1,1,0:2 4,4,4,4,4,4:20 to=0 ply=20",
        house: 4,
        why: "h4's seed makes h5 hold 2: h5 is lifted, into h6 and the store, which \
              ends the relay with another move",
        after: After::Position("0,0,0,0,0,1:3 4,4,4,4,4,4:20 to=0 ply=21"),
    },
    Step {
        file: "goempty-one",
        start: "0,0,0,0,0,1:3 4,4,4,4,4,4:20 to=0 ply=21",
        house: 6,
        why: "h6's seed goes to the store and side 0's houses are empty: side 0 \
              wins at once (empty_first), 4 seeds in its store against 20, and the \
              board stays as it is",
        after: After::Over(EndReason::EmptyFirst, [4, 20]),
    },
    Step {
        file: "waurie",
        start: "13,0,0,0,0,0:10 1,1,1,1,1,1:19 to=0 ply=20",
        house: 1,
        why: "h1's 13 seeds: h2..h6, the store, o1..o6, then h1 is passed over \
              (origin skip) and the 13th goes into h2",
        after: After::Position("0,2,1,1,1,1:11 2,2,2,2,2,2:19 to=1 ply=21"),
    },
    Step {
        file: "mangala-iv",
        start: "0,0,0,0,0,0,1:47 1,1,0,0,0,0,0:48 to=0 ply=40 pie=declined",
        house: 7,
        why: "h7's seed makes o1 hold 2: taken (either side), which ends the relay; \
              h7 before it is empty, so the chain stops. One seed is left (o2): \
              end_seeds = 1 ends the game, o2's seed to its owner: 49 each",
        after: After::Over(EndReason::FewSeeds, [49, 49]),
    },
    Step {
        file: "mangala-iv",
        start: "0,0,0,0,0,0,2:44 1,2,0,0,0,0,5:44 to=0 ply=40 pie=declined",
        house: 7,
        why: "h7's 2 seeds: o1 (1 -> 2), o2 (2 -> 3): 3 takes nothing, so o2 is \
              lifted (relay) into o3, o4 and o5, empty, where the move ends; o1's \
              2 was no last seed and stays",
        after: After::Position("0,0,0,0,0,0,0:44 2,0,1,1,1,0,5:44 to=1 ply=41 pie=declined"),
    },
    Step {
        file: "bosh",
        start: "0,0,0,0,1:20 0,0,1,0,0:18 to=0 ply=20",
        house: 5,
        why: "h5's seed goes into o1; the house after it, o2, is empty: the move \
              ends, and o3 beyond the gap is taken (either side). One seed is left \
              (o1): the round ends (end_seeds = 1), o1's seed to side 1",
        after: After::Over(EndReason::FewSeeds, [21, 19]),
    },
    Step {
        file: "bosh",
        start: "2,2,2,2,2:10 2,2,2,2,2:10 to=0 ply=4",
        house: 4,
        why: "h4's 2 seeds: h5 (3), o1 (3); o2 after it holds 2: lifted, into o3 \
              (3) and o4 (3); o5 after it holds 2: lifted, into h1 (3) and h2 (3); \
              h3 after it holds 2: lifted, into h4 (1) and h5 (4); o1 after it \
              holds 3: lifted, into o2 (1), o3 (4), o4 (4); o5 after it is empty: \
              the move ends, and h1 beyond it (3 seeds) is taken",
        after: After::Position("0,3,0,1,4:13 0,1,4,4,0:10 to=1 ply=5"),
    },
    Step {
        file: "erherhe",
        start: "0,0,0,0,1,2:20 0,2,1,1,0,0:21 to=0 ply=20",
        house: 6,
        why: "h6's 2 seeds: o1 (0 -> 1), o2 (2 -> 3): 3 is taken, then o1 (1) \
              before it; h6, the mover's own, stops the chain: 4 to the store",
        after: After::Position("0,0,0,0,1,0:24 0,0,1,1,0,0:21 to=1 ply=21"),
    },
    Step {
        file: "raja-pasu",
        start: "0,0,0,0,3,0,0:40 3,0,5,0,0,0,0:47 to=0 ply=20",
        house: 5,
        why: "h5's 3 seeds: h6 (1), h7 (1), o1 (3 -> 4), the lap's last seed, so \
              no pasu; o2 after it is empty: the move ends, and o3 beyond the gap \
              (5, either side) is taken",
        after: After::Position("0,0,0,0,0,1,1:45 4,0,0,0,0,0,0:47 to=1 ply=21"),
    },
    Step {
        file: "raja-pasu",
        start: "0,0,0,0,0,0,3:40 3,0,0,1,0,0,0:51 to=0 ply=20",
        house: 7,
        why: "h7's 3 seeds: o1 (3 -> 4) is a pasu, to its owner, side 1; o2 (1), \
              o3 (1), the last; o4 after it holds 1: lifted, into o5; o6 after it is \
              empty: the move ends, and o7 beyond it is empty: nothing taken",
        after: After::Position("0,0,0,0,0,0,0:40 0,1,1,0,1,0,0:55 to=1 ply=21"),
    },
    Step {
        file: "rio-kadalis",
        start: "0,0,0,0,0,2:18 3,2,0,0,1,1:21 to=0 ply=20",
        house: 6,
        why: "h6's 2 seeds: o1 (3 -> 4) goes to its owner, side 1; o2 (2 -> 3), \
              the lap's last, held seeds and 3 takes nothing: lifted, into o3, o4 \
              and o5 (1 -> 2): lifted, into o6 and h1, empty, where the move ends",
        after: After::Position("1,0,0,0,0,0:18 0,0,1,1,0,2:25 to=1 ply=21"),
    },
    Step {
        file: "rio-kadalis",
        start: "0,0,0,0,0,2:20 1,3,0,0,0,0:22 to=0 ply=20",
        house: 6,
        why: "h6's 2 seeds: o1 (1 -> 2), o2 (3 -> 4), the lap's last: taken by the \
              mover, which ends the move. Two seeds are left (o1): the round ends \
              (end_seeds = 3), o1's 2 to side 1",
        after: After::Over(EndReason::FewSeeds, [24, 24]),
    },
    Step {
        file: "anywoli",
        start: "0,0,0,0,0,0,0,0,0,0,0,2:46 3,1,0,0,0,0,0,0,0,0,0,2:42 to=0 ply=20",
        house: 12,
        why: "h12's 2 seeds: o1 (3 -> 4) goes to its owner, side 1 (46); o2 (1 -> \
              2), the lap's last, held seeds: lifted, into o3 and o4, empty, where the \
              move ends. Four seeds are left (o3, o4, o12): end_seeds = 4 ends the \
              game and they go to side 0, who moved, not to their owner (who would \
              have won 50-46)",
        after: After::Over(EndReason::FewSeeds, [50, 46]),
    },
    Step {
        file: "anywoli",
        start: "1,0,0,0,0,0,0,0,0,0,0,2:39 1,3,0,0,0,0,0,0,0,0,4,4:42 to=0 ply=20",
        house: 12,
        why: "h12's 2 seeds: o1 (1 -> 2), o2 (3 -> 4), the lap's last: taken by the \
              mover, which ends the move and earns another: side 0 moves again",
        after: After::Position("1,0,0,0,0,0,0,0,0,0,0,0:43 2,0,0,0,0,0,0,0,0,0,4,4:42 to=0 ply=21"),
    },
    Step {
        file: "hoyito-i",
        start: "0,0,0,0,0,2:20 3,2,0,0,1,1:19 to=0 ply=20",
        house: 6,
        why: "h6's 2 seeds: o1 (3 -> 4) goes to the sower, side 0; o2 (2 -> 3), the \
              lap's last: lifted, into o3, o4 and o5 (1 -> 2): lifted, into o6 and \
              h1, empty, where the move ends",
        after: After::Position("1,0,0,0,0,0:24 0,0,1,1,0,2:19 to=1 ply=21"),
    },
    Step {
        file: "hoyito-i",
        start: "0,0,0,0,0,2:20 1,3,0,0,0,0:22 to=0 ply=20",
        house: 6,
        why: "h6's 2 seeds: o1 (1 -> 2), o2 (3 -> 4), the lap's last: taken by the \
              mover, which ends the move. Two seeds are left (o1): the round ends \
              (end_seeds = 4) and they go to side 0, who moved",
        after: After::Over(EndReason::FewSeeds, [26, 22]),
    },
    Step {
        file: "hoyito-ii",
        start: "1,0,0,0,0,2:20 3,3,1,0,0,4:14 to=0 ply=20",
        house: 6,
        why: "h6's 2 seeds: o1 (3 -> 4), nothing taken while sowing; o2 (3 -> 4), \
              the lap's last: taken, then o1 (4) before it; h6 before o1 is the \
              mover's own, so the chain stops. The capture earns another move",
        after: After::Position("1,0,0,0,0,0:28 0,0,1,0,0,4:14 to=0 ply=21"),
    },
    Step {
        file: "pallanguli-rounds",
        start: "0,0,0,0,0,0,1:40 0,0,5,0,0,0,2:36 to=0 ply=20",
        house: 7,
        why: "h7's seed goes into o1; o2 after it is empty: the move ends, and o3 \
              beyond the gap (5) is taken. Three seeds are left (o1, o7): the round \
              ends (end_seeds = 6) and they go to side 0, who moved",
        after: After::Over(EndReason::FewSeeds, [48, 36]),
    },
    Step {
        file: "tap-urdy",
        start: "0,0,0,0,1,1:21 0,3,0,0,1,0:21 to=0 ply=20",
        house: 5,
        why: "h5's seed makes h6 hold 2: the lap relays, so it first captures: o1 \
              after it is empty and o2 beyond holds 3, taken. h6's 2 seeds go to o1 \
              and o2, now empty: the move ends there, and o3 and o4 after it are \
              both empty: nothing more taken",
        after: After::Position("0,0,0,0,0,0:24 1,1,0,0,1,0:21 to=1 ply=21"),
    },
    Step {
        file: "tap-urdy",
        start: "0,0,2,0,0,0:20 1,0,1,0,2,0:22 to=0 ply=20",
        house: 3,
        why: "h3's 2 seeds go to h4 and h5, empty: the move ends there, and the \
              final landing captures across the gap as MancalaGames plays it: h6 \
              is empty and o1 beyond holds 1, taken",
        after: After::Position("0,0,0,1,1,0:21 0,0,1,0,2,0:22 to=1 ply=21"),
    },
    Step {
        file: "depouiller",
        start: "0,1,0,3,2:3 1,0,2,2,1:5 to=0 ply=10",
        house: 5,
        why: "h5's 2 seeds reach the opponent (legal): o1 (1 -> 2) and o2, empty: \
              a last seed in an empty house of the opponent's takes the mover's own \
              house across, h4 (3), and stays in o2",
        after: After::Position("0,1,0,0,0:6 2,1,2,2,1:5 to=1 ply=11"),
    },
    Step {
        file: "depouiller",
        start: "0,0,0,2,2:8 1,0,3,2,0:2 to=0 ply=10",
        house: 5,
        why: "h5's 2 seeds: o1 (1 -> 2) and o2, empty, across from h4 (2), taken: \
              the mover's houses are empty, so the game ends (take_all) and side 1, \
              whose houses still hold seeds, wins; the stores decide nothing",
        after: After::Over(EndReason::TakeAll, [10, 2]),
    },
];

#[test]
fn endings_starts_and_rounds_play_as_their_sections_say() {
    for step in STEPS {
        let rules = compile(rule_file(step.file));
        let mut pos = at(&rules, step.start);
        play(&mut pos, step.house);
        let context = format!("{} from {}: {}", step.file, step.start, step.why);
        match step.after {
            After::Position(expected) => {
                assert!(!pos.is_over(), "{context}");
                assert_eq!(pos.to_string(), expected, "{context}");
            }
            After::Over(reason, scores) => {
                let outcome = pos.outcome().unwrap_or_else(|| panic!("{context}: {pos}"));
                assert_eq!(outcome.reason(), reason, "{context}");
                assert_eq!(outcome.scores(), &scores, "{context}");
            }
        }
    }
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
    // Achochodi: h4's single seed first takes o3, opposite h4 (4 seeds:
    // `capture_before_sowing = "single_opposite"`), then goes into h5.
    (
        "achochodi",
        "0,0,0,1,0,1:20 1,3,4,0,0,3:15 to=0 ply=6",
        4,
        4,
        "0,0,0,0,1,1:24 1,3,0,0,0,3:15 to=1 ply=7",
    ),
    // Achochodi: h6's single seed takes o1 (2) before it is sown into
    // the emptied o1, which then holds 1: no count capture (Oware's h6
    // would make o1 hold 3 and take it).
    (
        "achochodi",
        "0,0,0,0,2,1:20 2,3,0,0,0,1:19 to=0 ply=6",
        6,
        2,
        "0,0,0,0,2,0:22 1,3,0,0,0,1:19 to=1 ply=7",
    ),
    // Sokusowo: every lap's first seed goes to the mover's store
    // (`capture_before_sowing = "first_seed"`). h2's 3: one stored, h3 (1),
    // h4 (2 -> 3): relay. h4's 3: one stored, o1 (2), o2 (2 -> 3): relay.
    // o2's 3: one stored, o3 (1), o4 (1 -> 2): relay. o4's 2: one stored,
    // h1 (0 -> 1), empty before: the move ends, 4 seeds stored.
    (
        "sokusowo",
        "0,3,0,2:10 1,2,0,1:13 to=0 ply=4",
        2,
        4,
        "1,0,1,0:14 2,0,1,0:13 to=1 ply=5",
    ),
    // CrossCapt Nine: h6's 8 seeds go into the mover's store, o1 to o6
    // and last the opponent's store (5 -> 6), whose 6 seeds the mover
    // takes (`capture_opponent_store`).
    (
        "crosscapt-nine",
        "8,8,8,0,0,8:5 1,1,1,1,1,1:5 to=0 ply=10",
        6,
        6,
        "8,8,8,0,0,0:12 2,2,2,2,2,2:0 to=1 ply=11",
    ),
    // Obridjie: h5's 3 seeds go into h6 (1), o1 (3 -> 4: not the lap's
    // last seed, so its owner, side 1, takes it at once) and o2 (3 -> 4:
    // the last seed, so the mover takes it and the relay ends).
    (
        "obridjie",
        "0,0,0,0,3,0:20 3,3,1,0,0,0:18 to=0 ply=10",
        5,
        4,
        "0,0,0,0,0,1:24 0,0,1,0,0,0:22 to=1 ply=11",
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
fn crosscapt_differs_from_kalah_only_in_who_takes_the_seeds_left() {
    let rules = compile(Preset::Kalah.rules());
    let mut pos = at(&rules, "0,0,0,0,0,1:20 1,2,1,0,0,0:23 to=0 ply=30");
    play(&mut pos, 6);
    assert_eq!(pos.outcome().unwrap().scores(), &[21, 27]);
}

#[test]
fn mangala_iv_deals_its_start_from_its_seed() {
    // The deal of layout_seed = 1 on 2 x 7 houses of 7 (98 seeds), as the
    // independent reference tests/reference/perft.py deals it.
    let mut one = rule_file("mangala-iv");
    one.layout_seed = 1;
    let rules = compile(one);
    assert_eq!(
        Position::new(&rules).to_string(),
        "8,2,19,29,2,11,5:0 5,4,3,2,4,2,2:0 to=0 ply=0"
    );
    let mut other = rule_file("mangala-iv");
    other.layout_seed = 2;
    let other = compile(other);
    assert_ne!(
        Position::new(&other).to_string(),
        Position::new(&rules).to_string()
    );
}

#[test]
fn bosh_and_erherhe_are_matches_in_rounds() {
    // Bosh round 1, h1's 4 seeds: h2..h5 (5 each); o1 after h5 holds 4:
    // lifted, into o2..o5 (5 each); h1 after o5 is empty: the move ends
    // and h2 beyond it (5) is taken. Side 1 then has 4 houses of 5, side 0
    // three: the round goes on.
    let mut game = Match::new(&rule_file("bosh")).unwrap();
    game.play(Move::House(1)).unwrap();
    assert_eq!(
        game.position().to_string(),
        "0,0,5,5,5:5 0,5,5,5,5:0 to=1 ply=1"
    );
    assert_eq!(game.round_count(), 1);
    let erherhe = rule_file("erherhe");
    assert_eq!(erherhe.rounds, Rounds::Fill);
    assert_eq!(erherhe.match_houses, 2);
    assert_eq!(erherhe.round_starter, RoundStarter::Loser);
    // Raja Pasu and Rio Kadalis fill from the store end; Raja Pasu's last
    // mover starts the next round, Rio Kadalis' rounds alternate.
    for (file, starter) in [
        ("raja-pasu", RoundStarter::LastMover),
        ("rio-kadalis", RoundStarter::Alternate),
    ] {
        let set = rule_file(file);
        assert_eq!(set.rounds, Rounds::Fill, "{file}");
        assert_eq!(set.round_fill, RoundFill::FromStore, "{file}");
        assert_eq!(set.round_starter, starter, "{file}");
        assert_eq!(set.match_houses, 1, "{file}");
    }
}

#[test]
fn pallanguli_feeds_an_empty_opponent_and_hoyito_i_passes() {
    // Pallanguli: side 1 has no seed. h3's 4 seeds end in h7, h6's seed
    // too, o1 after h7 being empty: neither feeds. h7's 2 seeds go into o1
    // and o2: the only move (must_feed). o3 after o2 is empty and o4
    // beyond it too: nothing taken; 7 seeds stay on the board.
    let rules = compile(rule_file("pallanguli-rounds"));
    let mut pos = at(&rules, "0,0,4,0,0,1,2:40 0,0,0,0,0,0,0:37 to=0 ply=20");
    assert_eq!(pos.legal_moves().to_vec(), houses(&[7]));
    play(&mut pos, 7);
    assert_eq!(
        pos.to_string(),
        "0,0,4,0,0,1,0:40 1,1,0,0,0,0,0:37 to=1 ply=21"
    );
    // Hoyito I: h1's seed goes into h2, empty: the move ends. Side 1 has
    // no seed and passes (no_move = pass): side 0 moves again.
    let rules = compile(rule_file("hoyito-i"));
    let mut pos = at(&rules, "1,0,0,0,4,0:19 0,0,0,0,0,0:24 to=0 ply=20");
    play(&mut pos, 1);
    assert_eq!(pos.to_string(), "0,1,0,0,4,0:19 0,0,0,0,0,0:24 to=0 ply=21");
    // The last few seeds go to the mover in all four games.
    for file in ["anywoli", "hoyito-i", "hoyito-ii", "pallanguli-rounds"] {
        assert_eq!(rule_file(file).end_seeds_to, EndSeedsTo::Mover, "{file}");
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

#[test]
fn sowopdirs_sows_each_player_their_own_way_and_takes_an_even_count_anywhere() {
    let rules = compile(rule_file("sowopdirs"));
    assert_eq!(
        Position::new(&rules).legal_moves().to_vec(),
        houses(&[1, 2, 3, 4, 5])
    );
    // Side 0 counter-clockwise: h4's 3 seeds into h5 (1), o1 (1), o2
    // (2): an even count, taken; no chain.
    let mut pos = at(&rules, "2,0,0,3,0:15 0,1,2,1,1:15 to=0 ply=10");
    assert_eq!(play(&mut pos, 4).captured, 2);
    assert_eq!(pos.to_string(), "2,0,0,0,1:17 1,0,2,1,1:15 to=1 ply=11");
    // Side 1 clockwise: o1's seed goes into h5 (2), on side 0's row, and
    // takes it (counter-clockwise it would have fallen into the empty o2).
    assert_eq!(play(&mut pos, 1).captured, 2);
    assert_eq!(pos.to_string(), "2,0,0,0,0:17 0,0,2,1,1:17 to=0 ply=12");
    // A player who cannot move passes: side 1 has no seed, side 0 moves
    // again.
    let mut pos = at(&rules, "2,0,0,0,1:18 0,0,0,0,0:19 to=0 ply=20");
    pos.play(Move::House(1)).unwrap();
    assert_eq!(pos.to_string(), "0,1,1,0,1:18 0,0,0,0,0:19 to=0 ply=21");
}

#[test]
fn bay_khom_relays_the_way_the_player_chose_and_takes_beyond_each_gap() {
    let rules = compile(rule_file("bay-khom"));
    // Five seeds in each player's last house; every house chosen: ten
    // moves, two a house.
    let start = Position::new(&rules);
    assert_eq!(start.to_string(), "4,4,4,4,5:0 4,4,4,4,5:0 to=0 ply=0");
    assert_eq!(start.legal_moves().len(), 10);
    let before = at(&rules, "0,2,3,2,0:14 3,0,1,1,0:16 to=0 ply=10");
    // h2's 2 seeds clockwise: h1 (1), o5 (1); the next house that way,
    // o4, holds a seed: lifted and sown on clockwise into o3 (2). The
    // house after it, o2, is empty: the move ends, and o1 beyond the gap
    // is taken (3); after o1 that way h5 is empty and h4 beyond it holds
    // 2: taken too; then h3 is full and the chain stops.
    let mut pos = before;
    let effect = pos.play(cw(2)).unwrap();
    assert_eq!((effect.relays, effect.captured), (1, 5));
    assert_eq!(pos.to_string(), "1,0,3,0,0:19 0,0,2,0,1:16 to=1 ply=11");
    // Counter-clockwise: h3 (4), h4 (3); h5 is empty: o1 beyond it is
    // taken (3), then o2 empty and o3 (1) beyond: taken; o4 is full.
    let mut pos = before;
    let effect = pos.play(ccw(2)).unwrap();
    assert_eq!((effect.relays, effect.captured), (0, 4));
    assert_eq!(pos.to_string(), "0,0,4,3,0:18 0,0,0,1,0:16 to=1 ply=11");
}

#[test]
fn goempty_two_sows_either_way_through_both_stores_and_the_first_to_empty_wins() {
    let rules = compile(rule_file("goempty-two"));
    // Every house is chosen: twelve moves at the start, two a house.
    let start = Position::new(&rules);
    assert_eq!(start.legal_moves().len(), 12);
    let mut pos = at(&rules, "1,0,0,0,0,2:8 3,3,3,3,3,0:10 to=0 ply=10");
    assert_eq!(pos.legal_moves().to_vec(), [ccw(1), cw(1), ccw(6), cw(6)]);
    // h6's 2 seeds clockwise: h5 (1), h4 (1); the turn passes.
    let mut back = pos;
    back.play(cw(6)).unwrap();
    assert_eq!(back.to_string(), "1,0,0,1,1,0:8 3,3,3,3,3,0:10 to=1 ply=11");
    // h1's seed clockwise falls into the store before h1, side 1's: both
    // stores are on the track, and a last seed in either moves again.
    pos.play(cw(1)).unwrap();
    assert_eq!(pos.to_string(), "0,0,0,0,0,2:8 3,3,3,3,3,0:11 to=0 ply=11");
    // h6's 2 seeds counter-clockwise: the own store (9), o1 (4). Side 0's
    // houses are empty: it wins at once (empty_first), with 9 seeds in its
    // store against 11 and 16 in side 1's houses.
    pos.play(ccw(6)).unwrap();
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:9 4,3,3,3,3,0:11 to=1 ply=12 over=empty_first"
    );
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.reason(), EndReason::EmptyFirst);
    assert_eq!(outcome.wdl(Side::new(0)), Some(Wdl::Win));
}

// ---------------------------------------------------------------------------
// Relay on some counts only (docs/rules.md section 3, `relay_counts`)
// ---------------------------------------------------------------------------

#[test]
fn leb_bbut_ahbochen_relays_once_from_an_opponents_six_and_takes_no_chain() {
    let rules = compile(rule_file("leb-bbut-ahbochen"));
    // h10's 3 seeds: o1 (2), o2 (2), o3 (5 -> 6), an opponent's house
    // made six: lifted, into o4..o9. o9 (1 -> 2) is taken; o8's 2 before
    // it is not (no chain), nor o1's and o2's.
    let mut pos = at(
        &rules,
        "1,0,0,0,0,0,0,0,0,3:29 1,1,5,0,0,0,0,1,1,0:38 to=0 ply=10",
    );
    let effect = play(&mut pos, 10);
    assert_eq!((effect.relays, effect.captured), (1, 2));
    assert_eq!(
        pos.to_string(),
        "1,0,0,0,0,0,0,0,0,0:31 2,2,0,1,1,1,1,2,0,0:38 to=1 ply=11"
    );
    // o3 made seven is not lifted, and seven takes nothing.
    let mut pos = at(
        &rules,
        "1,0,0,0,0,0,0,0,0,3:29 1,1,6,0,0,0,0,1,1,0:37 to=0 ply=10",
    );
    assert_eq!(play(&mut pos, 10).relays, 0);
    assert_eq!(
        pos.to_string(),
        "1,0,0,0,0,0,0,0,0,0:29 2,2,7,0,0,0,0,1,1,0:37 to=1 ply=11"
    );
    // One more lap only: the lap from o3 makes o9 six too, and the move
    // ends there (relay_limit = 1), nothing lifted or taken.
    let mut pos = at(
        &rules,
        "1,0,0,0,0,0,0,0,0,3:29 1,1,5,0,0,0,0,1,5,0:34 to=0 ply=10",
    );
    let effect = play(&mut pos, 10);
    assert_eq!((effect.relays, effect.captured), (1, 0));
    assert!(effect.relay_limited);
    assert_eq!(
        pos.to_string(),
        "1,0,0,0,0,0,0,0,0,0:29 2,2,0,1,1,1,1,2,6,0:34 to=1 ply=11"
    );
    // A six made on the mover's own side is not lifted: h1's seed makes
    // h2 hold 6, and the move ends.
    let mut pos = at(
        &rules,
        "1,5,0,0,0,0,0,0,0,0:29 1,1,5,0,0,0,0,1,1,0:36 to=0 ply=10",
    );
    assert_eq!(play(&mut pos, 1).relays, 0);
    assert_eq!(
        pos.to_string(),
        "0,6,0,0,0,0,0,0,0,0:29 1,1,5,0,0,0,0,1,1,0:36 to=1 ply=11"
    );
}

// ---------------------------------------------------------------------------
// Moves that must reach the opponent (docs/rules.md section 4,
// `reach_opponent`)
// ---------------------------------------------------------------------------

#[test]
fn dabuda_plays_only_houses_whose_first_lap_reaches_the_opponent_or_an_empty_house() {
    let rules = compile(rule_file("dabuda"));
    let start = at(
        &rules,
        "0,0,1,1,0,0,0,0,0,3:35 1,1,1,0,0,2,0,0,0,0:35 to=0 ply=10",
    );
    // h3's seed would end in h4, a house of the mover's own holding a
    // seed: refused. h4's ends in the empty h5, h10's on side 1.
    assert_eq!(start.legal_moves().to_vec(), houses(&[4, 10]));
    let mut tried = start;
    assert_eq!(
        tried.play(Move::House(3)).unwrap_err().reason,
        IllegalReason::MustReach
    );
    // h4 -> h5, empty: o6 opposite (2) is taken with the last seed.
    let mut pos = start;
    assert_eq!(play(&mut pos, 4).captured, 3);
    assert_eq!(
        pos.to_string(),
        "0,0,1,0,0,0,0,0,0,3:38 1,1,1,0,0,0,0,0,0,0:35 to=1 ply=11"
    );
    // Side 1 alike: o1 and o2 would end in an own house holding a seed;
    // o3 ends in the empty o4.
    assert_eq!(pos.legal_moves().to_vec(), houses(&[3]));
    // h10's 3 seeds: o1 (2), o2 (2), o3 (1 -> 2): lifted, into o4 and
    // o5, empty, on side 1's row: the move ends, nothing taken.
    let mut pos = start;
    let effect = play(&mut pos, 10);
    assert_eq!((effect.relays, effect.captured), (1, 0));
    assert_eq!(
        pos.to_string(),
        "0,0,1,1,0,0,0,0,0,0:35 2,2,0,1,1,2,0,0,0,0:35 to=1 ply=11"
    );
}

#[test]
fn ndoto_moves_a_single_seed_only_into_an_empty_house_and_leaves_the_capturing_seed() {
    let rules = compile(rule_file("ndoto"));
    let start = at(&rules, "1,1,0,1,0,0,0,2:10 0,0,1,2,2,0,1,1:10 to=0 ply=10");
    // h1's single seed would fall into h2, which holds one: refused. h2's
    // and h4's fall into empty houses; h8 holds two.
    assert_eq!(start.legal_moves().to_vec(), houses(&[2, 4, 8]));
    let mut tried = start;
    assert_eq!(
        tried.play(Move::House(1)).unwrap_err().reason,
        IllegalReason::SingleToEmpty
    );
    // h4 -> h5, empty: o4 opposite (2) is taken, the seed stays in h5.
    let mut pos = start;
    assert_eq!(play(&mut pos, 4).captured, 2);
    assert_eq!(
        pos.to_string(),
        "1,1,0,0,1,0,0,2:12 0,0,1,0,2,0,1,1:10 to=1 ply=11"
    );
    // Side 1: o3's seed falls into the empty o4; o7's into o8 (1) and
    // o8's into h1 (1) are refused; o5 holds two.
    assert_eq!(pos.legal_moves().to_vec(), houses(&[3, 5]));
}

#[test]
fn toguz_xorgol_takes_even_counts_from_four_and_bars_the_tuzdyk_across() {
    let rules = compile(rule_file("toguz-xorgol"));
    // h9's 2 seeds: the first back into h9, the second into o1 (1 -> 2):
    // 2 is below 4, nothing is taken (Toguz Kumalak would take it).
    let mut pos = at(
        &rules,
        "1,0,0,0,0,0,0,0,2:70 1,1,1,1,1,1,1,1,1:80 to=0 ply=20",
    );
    assert_eq!(play(&mut pos, 9).captured, 0);
    assert_eq!(
        pos.to_string(),
        "1,0,0,0,0,0,0,0,1:70 2,1,1,1,1,1,1,1,1:80 to=1 ply=21"
    );
    // o1 held 3 and now 4: taken.
    let mut pos = at(
        &rules,
        "1,0,0,0,0,0,0,0,2:70 3,1,1,1,1,1,1,1,1:78 to=0 ply=20",
    );
    assert_eq!(play(&mut pos, 9).captured, 4);
    assert_eq!(
        pos.to_string(),
        "1,0,0,0,0,0,0,0,1:74 0,1,1,1,1,1,1,1,1:78 to=1 ply=21"
    );
    // Side 1's tuzdyk is h8, across from o2. h7's 5 seeds: h7, h8 (on to
    // side 1's store), h9, o1, o2 (2 -> 3): o2 may not become side 0's
    // tuzdyk, and 3 is odd.
    let start = "1,0,0,0,0,0,5,0,1:70 5,2,1,1,1,1,1,1,1:71 to=0 ply=30 tuzdyk=0,8";
    let mut pos = at(&rules, start);
    let effect = play(&mut pos, 7);
    assert_eq!((effect.tuzdyk, effect.captured), (None, 0));
    assert_eq!(
        pos.to_string(),
        "1,0,0,0,0,0,1,0,2:70 6,3,1,1,1,1,1,1,1:72 to=1 ply=31 tuzdyk=0,8"
    );
}

#[test]
fn olowuka_relays_from_four_and_a_grand_slam_leaves_the_first_house() {
    let rules = compile(rule_file("olowuka"));
    // h1's 2 seeds: h2, h3 (3 -> 4): four or more, so h3's 4 are lifted
    // and sown into h4, h5, h6, o1 (1 -> 2): below 4 the sowing ends, and
    // o1 is taken; h6 before it is the mover's own.
    let mut pos = at(&rules, "2,0,3,0,0,0:18 1,1,1,1,1,1:19 to=0 ply=10");
    assert_eq!(play(&mut pos, 1).captured, 2);
    assert_eq!(pos.to_string(), "0,1,0,1,1,1:20 0,1,1,1,1,1:19 to=1 ply=11");
    // h4's 5 seeds: h5, h6, o1 (1 -> 2), o2 (2 -> 3), o3 (1 -> 2). The
    // chain from o3 takes every seed of side 1, a grand slam: o1, the
    // first of the houses that held seeds, keeps its 2.
    let mut pos = at(&rules, "0,0,0,5,0,0:18 1,2,1,0,0,0:21 to=0 ply=4");
    let effect = play(&mut pos, 4);
    assert!(effect.grand_slam);
    assert_eq!(effect.captured, 5);
    assert_eq!(pos.to_string(), "0,0,0,0,1,1:23 2,0,0,0,0,0:21 to=1 ply=5");
}

#[test]
fn depouillers_mover_who_takes_their_own_last_seeds_loses() {
    let rules = compile(rule_file("depouiller"));
    let mut pos = at(&rules, "0,0,0,2,2:8 1,0,3,2,0:2 to=0 ply=10");
    // As in STEPS: h5's last seed in o2 takes h4, side 0's last seeds.
    pos.play(Move::House(5)).unwrap();
    let outcome = pos.outcome().expect("take_all ends the game");
    assert_eq!(outcome.winner(), Some(Side::new(1)));
    // h3 (1 seed, landing in h4 which holds seeds) may not move: its last
    // seed neither reaches the opponent nor an empty house of side 0's.
    let pos = at(&rules, "0,0,1,2,2:8 1,0,3,2,0:1 to=0 ply=10");
    let moves: Vec<Move> = pos.legal_moves().into_iter().collect();
    assert_eq!(moves, vec![Move::House(4), Move::House(5)]);
}

#[test]
fn krur_makes_children_on_four_and_sows_past_the_opponents() {
    let rules = compile(rule_file("krur"));
    // h4's seed makes o1 hold 4: o1 becomes side 0's child (set 1), its
    // 4 seeds to side 0's store, and the move ends.
    let mut pos = at(&rules, "2,5,5,1:0 3,5,5,6:0 to=0 ply=10");
    let effect = play(&mut pos, 4);
    assert_eq!(effect.captured, 4);
    let o1 = Cup::House {
        side: Side::new(1),
        number: 1,
    };
    assert_eq!((effect.child, effect.tuzdyk), (Some(o1), None));
    assert_eq!(
        pos.to_string(),
        "2,5,5,0:4 0,5,5,6:0 to=1 ply=11 children=1,0"
    );
    assert!(pos.is_child(Side::new(1), 1));
    // o4's 6 seeds: h1..h4, then o2 and o3, passing over o1 (side 0's
    // child); o3 held 5: relay its 6 (o4, h1..h4, o2 past o1); o2 held
    // 6: relay its 7 (o3, o4, h1..h4, o2 past o1), the last into the
    // emptied o2: the move ends there.
    play(&mut pos, 4);
    assert_eq!(
        pos.to_string(),
        "5,8,8,3:4 0,1,1,2:0 to=0 ply=12 children=1,0"
    );
    // h4's 3 seeds: o1 (side 0's own child: to its store), o2, o3 (1 ->
    // 2): relay o3's 2 (o4, h1 5 -> 6); relay h1's 6 (h2, h3, h4, o1 to
    // the store, o2, o3 into the emptied o3): 2 seeds sown to the child.
    play(&mut pos, 4);
    assert_eq!(
        pos.to_string(),
        "0,9,9,1:6 0,3,1,3:0 to=1 ply=13 children=1,0"
    );
}

#[test]
fn krur_ends_a_move_on_a_child_and_the_game_with_one_on_the_board() {
    let rules = compile(rule_file("krur"));
    // h4's lone seed falls into o1, side 0's child: to side 0's store,
    // and the move ends (no relay, no child made).
    let mut pos = at(&rules, "5,8,8,1:5 0,2,3,0:0 to=0 ply=20 children=1,0");
    let effect = play(&mut pos, 4);
    assert_eq!((effect.captured, effect.child), (0, None));
    assert_eq!(
        pos.to_string(),
        "5,8,8,0:6 0,2,3,0:0 to=1 ply=21 children=1,0"
    );
    // A child (always empty) is never moved from: side 1's o1 is side
    // 0's child, so side 1 may move only o2 and o3.
    assert_eq!(pos.legal_moves().to_vec(), houses(&[2, 3]));
    // h4's seed makes o1 a child of side 0 (18 seeds, more than half of
    // 32): the game ends, side 1 left with 14 and no seed to move.
    let mut pos = at(&rules, "0,0,0,1:14 3,0,0,0:14 to=0 ply=40");
    play(&mut pos, 4);
    assert!(pos.is_over());
    assert_eq!((pos.store(Side::new(0)), pos.store(Side::new(1))), (18, 14));
    assert!(pos.is_child(Side::new(1), 1));
    // A child holding seeds, or children in rules without them, are
    // refused by name.
    let setup: Setup = "2,5,5,1:0 3,5,5,6:0 to=0 ply=10 children=1,0"
        .parse()
        .unwrap();
    assert!(matches!(
        Position::from_setup(&rules, &setup),
        Err(SetupError::Children {
            side: 0,
            set: 1,
            reason: ImpossibleChildren::HoldsSeeds
        })
    ));
    let kalah = compile(RuleSet::from_spec("kalah").unwrap());
    let setup: Setup = "4,4,4,4,4,4:0 4,4,4,4,4,4:0 to=0 ply=0 children=0,1"
        .parse()
        .unwrap();
    assert!(matches!(
        Position::from_setup(&kalah, &setup),
        Err(SetupError::Children {
            side: 1,
            set: 1,
            reason: ImpossibleChildren::NotARule
        })
    ));
}

#[test]
fn qelat_ii_makes_wegs_that_keep_their_seeds_and_takes_two_from_the_opponents() {
    let rules = compile(rule_file("qelat-ii"));
    // h1's seed makes h2 hold 4: h2 becomes side 0's weg on its own side
    // (own_children set 2), keeps its 4 seeds, and the move ends.
    let mut pos = at(&rules, "1,3,2,0,0,0:19 1,6,0,0,0,0:16 to=0 ply=10");
    let effect = play(&mut pos, 1);
    let h2 = Cup::House {
        side: Side::new(0),
        number: 2,
    };
    assert_eq!((effect.child, effect.captured), (Some(h2), 0));
    assert_eq!(
        pos.to_string(),
        "0,4,2,0,0,0:19 1,6,0,0,0,0:16 to=1 ply=11 own_children=2,0"
    );
    assert_eq!(pos.child_owner(Side::new(0), 2), Some(Side::new(0)));
    // o2's 6 seeds: o3..o6, h1, and the last into h2, side 0's weg (4 ->
    // 5): side 1 takes 2 of them, 3 stay.
    let effect = play(&mut pos, 2);
    assert_eq!(effect.captured, 2);
    assert_eq!(
        pos.to_string(),
        "1,3,2,0,0,0:19 1,0,1,1,1,1:18 to=0 ply=12 own_children=2,0"
    );
    // Nobody moves a weg: side 0 may move h1 and h3, not h2.
    assert_eq!(pos.legal_moves().to_vec(), houses(&[1, 3]));
    let err = pos.play(Move::House(2)).unwrap_err();
    assert_eq!(err.reason, IllegalReason::Weg);
    // h3's 2 seeds end in the empty h5. Then o6's seed makes h1 hold 2:
    // relay its 2, one into h2 (the weg keeps it: 3 -> 4, not a new weg,
    // not a capture) and the last into the empty h3.
    play(&mut pos, 3);
    let effect = play(&mut pos, 6);
    assert_eq!((effect.captured, effect.child), (0, None));
    assert_eq!(
        pos.to_string(),
        "0,4,1,1,1,0:19 1,0,1,1,1,0:18 to=0 ply=14 own_children=2,0"
    );
}

#[test]
fn qelat_ii_takes_the_one_seed_of_an_empty_weg_and_counts_wegs_for_their_owners() {
    let rules = compile(rule_file("qelat-ii"));
    // o1 is side 1's weg, empty: h6's seed falls into it and side 0 takes
    // that one seed.
    let mut pos = at(
        &rules,
        "0,0,0,0,0,1:22 0,2,2,1,1,1:18 to=0 ply=30 own_children=0,1",
    );
    let effect = play(&mut pos, 6);
    assert_eq!(effect.captured, 1);
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:23 0,2,2,1,1,1:18 to=1 ply=31 own_children=0,1"
    );
    // o3 is side 0's weg with 5 seeds: side 1 may move o1 and o5, not
    // o3. o5's seed ends in the empty o6. Side 0 then has no seed to
    // move: the game ends, o3's 5 seeds go to side 0 (their weg's owner,
    // not the house's) and o1's and o6's to side 1: 23 to 25.
    let mut pos = at(
        &rules,
        "0,0,0,0,0,0:18 1,0,5,0,1,0:23 to=1 ply=40 children=4,0",
    );
    assert_eq!(pos.legal_moves().to_vec(), houses(&[1, 5]));
    play(&mut pos, 5);
    assert!(pos.is_over());
    assert_eq!(pos.end_reason(), Some(EndReason::NoLegalMove));
    assert_eq!((pos.store(Side::new(0)), pos.store(Side::new(1))), (23, 25));
    // `majority` counts a side's wegs with its store: 20 in side 0's
    // store and 5 in its weg are more than half of 48, so the game is
    // over; the weg's seeds go to side 0, o5's seed to side 1.
    let pos = at(
        &rules,
        "0,0,0,0,0,0:20 0,0,5,0,1,0:22 to=1 ply=40 children=4,0",
    );
    assert_eq!(pos.end_reason(), Some(EndReason::Majority));
    assert_eq!((pos.store(Side::new(0)), pos.store(Side::new(1))), (25, 23));
    assert_eq!(pos.outcome().unwrap().wdl(Side::new(0)), Some(Wdl::Win));
}

#[test]
fn qelat_ii_refuses_what_wegs_cannot_be_by_name() {
    let rules = compile(rule_file("qelat-ii"));
    // A house that is a weg of both sides: side 0's own house 1 and side
    // 1's child on side 0's house 1.
    let setup: Setup = "4,4,4,4,4,4:0 4,4,4,4,4,4:0 to=0 ply=0 children=0,1 own_children=1,0"
        .parse()
        .unwrap();
    assert!(matches!(
        Position::from_setup(&rules, &setup),
        Err(SetupError::Children {
            side: 0,
            set: 1,
            reason: ImpossibleChildren::Twice
        })
    ));
    // Children on their owner's side are wegs only (Krur's are not).
    let krur = compile(rule_file("krur"));
    let setup: Setup = "4,4,4,4:0 4,4,4,4:0 to=0 ply=0 own_children=1,0"
        .parse()
        .unwrap();
    assert!(matches!(
        Position::from_setup(&krur, &setup),
        Err(SetupError::Children {
            side: 0,
            set: 1,
            reason: ImpossibleChildren::NotWegs
        })
    ));
    // A weg keeps seeds nobody moves: an end that reads a side as empty
    // is refused, naming it.
    let mut set = rule_file("qelat-ii");
    set.end = EndSet::from_iter([EndCondition::AnySideEmpty]);
    assert_eq!(
        set.validate(),
        Err(RuleError::InvalidValue {
            field: "end",
            value: "any_side_empty".into(),
            reason: InvalidReason::WegWith
        })
    );
    set.end = EndSet::from_iter([EndCondition::NoLegalMove]);
    set.child_skip = true;
    assert!(matches!(
        set.validate(),
        Err(RuleError::InvalidValue {
            field: "child_skip",
            reason: InvalidReason::WegWith,
            ..
        })
    ));
}

#[test]
fn sadeqa_iv_opens_from_the_first_players_last_house() {
    let rules = compile(rule_file("sadeqa-iv"));
    // The start: only house 6 may move (`first_move = last_house`).
    let mut pos = Position::new(&rules);
    let moves: Vec<Move> = pos.legal_moves().into_iter().collect();
    assert_eq!(moves, vec![Move::House(6)]);
    assert_eq!(
        pos.play(Move::House(1)).unwrap_err().reason,
        IllegalReason::FirstMove { house: 6 }
    );
    // h6 (3): o1 4, o2 4, o3 4; o3 held seeds: lifted, o4 4, o5 4, o6 4,
    // h1 4; h1 lifted: h2 4, h3 4, h4 4, h5 4; h5 lifted: h6 1, o1 5, o2
    // 5, o3 1, an empty house of the opponent's: side 0's own house
    // across from it, h4 (4), is taken, the last seed staying.
    let effect = play(&mut pos, 6);
    assert_eq!(effect.captured, 4);
    assert_eq!(pos.to_string(), "0,4,4,0,0,1:4 5,5,1,4,4,4:0 to=1 ply=1");
    // After it every house holding seeds may move, side 1's first too.
    let moves: Vec<Move> = pos.legal_moves().into_iter().collect();
    assert_eq!(moves.len(), 6);
    // The same board later in the game is another position: any house.
    let later = at(&rules, "3,3,3,3,3,3:0 3,3,3,3,3,3:0 to=0 ply=2");
    assert_eq!(later.legal_moves().len(), 6);
    assert_ne!(later.key(), Position::new(&rules).key());
}

#[test]
fn first_move_needs_a_uniform_start_and_one_game() {
    for spec in [
        "kalah,first_move=last_house,layout=4,4,4,4,4,0",
        "kalah,first_move=last_house,layout_seed=7",
        "kalah,first_move=last_house,rounds=fill",
    ] {
        let e = RuleSet::from_spec(spec).unwrap_err();
        assert!(e.to_string().contains("first_move"), "{spec}: {e}");
    }
    let mut set = Preset::Kalah.rules();
    set.first_move = FirstMove::LastHouse;
    set.rounds = Rounds::Fill;
    let Err(RuleError::InvalidValue { field, reason, .. }) = set.validate() else {
        panic!("first_move with rounds is refused");
    };
    assert_eq!(
        (field, reason),
        ("first_move", InvalidReason::FirstMoveWith)
    );
    assert!(RuleSet::from_spec("kalah,first_move=last_house").is_ok());
}

#[test]
fn crosscapt_eight_relays_from_the_movers_store_after_its_last_house() {
    let rules = compile(rule_file("crosscapt-eight"));
    // h5's seed goes into h6 (2 -> 3): the cup after it is side 0's store,
    // holding 3: lifted (`relay_store`). o1 8, o2 8, o3 8; the cup after
    // o3, o4, holds 7: lifted. o5 8, o6 8, h1 1, h2 1, h3 1, h4 1, h5 1:
    // h5 was emptied by the move, so the last seed would take it and o2
    // across (8) and the relay ends there (`capture_ends_relay`): 9 taken.
    let mut pos = at(&rules, "0,0,0,0,1,2:3 7,7,7,7,7,7:0 to=0 ply=10");
    let effect = play(&mut pos, 5);
    assert_eq!(effect.captured, 9);
    assert_eq!(pos.to_string(), "1,1,1,1,0,3:9 8,0,8,0,8,8:0 to=1 ply=11");
    // The same with an empty store: the sowing ends in h6, which held
    // seeds, so nothing is taken.
    let mut pos = at(&rules, "0,0,0,0,1,2:0 7,7,7,8,8,8:0 to=0 ply=10");
    assert_eq!(play(&mut pos, 5).captured, 0);
    assert_eq!(pos.to_string(), "0,0,0,0,0,3:0 7,7,7,8,8,8:0 to=1 ply=11");
    // A last seed in the store ends the sowing (MancalaGames' STOP_STORE)
    // and earns another move; the store is not lifted.
    let mut pos = at(&rules, "1,0,0,0,0,1:3 7,7,7,7,7,8:0 to=0 ply=10");
    assert!(play(&mut pos, 6).extra_turn);
    assert_eq!(pos.to_string(), "1,0,0,0,0,0:4 7,7,7,7,7,8:0 to=0 ply=11");
    // Side 1's store is not on side 0's track: h6's 7 seeds end in o6
    // (4 -> 5), and the cup after it is h1 (2), lifted: h2 1, h3 1, an
    // empty house of the mover's across from o4 (1): 2 taken.
    let mut pos = at(&rules, "2,0,0,0,0,7:15 0,0,0,0,0,4:20 to=0 ply=10");
    assert_eq!(play(&mut pos, 6).captured, 2);
    assert_eq!(pos.to_string(), "0,1,0,0,0,0:18 1,1,1,0,1,5:20 to=1 ply=11");
}

#[test]
fn relay_store_needs_relay_from_the_next_cup_and_the_own_store_sown() {
    for spec in [
        "kalah,relay_store=true",
        "kalah,relay=last,relay_store=true",
        "kalah,relay=next,stores_sown=all,relay_store=true",
        "kalah,relay=next,lap_capture=next,relay_store=true",
    ] {
        let e = RuleSet::from_spec(spec).unwrap_err();
        assert!(e.to_string().contains("relay_store"), "{spec}: {e}");
    }
    let mut set = Preset::Kalah.rules();
    set.relay_store = true;
    let Err(RuleError::InvalidValue { field, reason, .. }) = set.validate() else {
        panic!("relay_store without relay sowing is refused");
    };
    assert_eq!(
        (field, reason),
        ("relay_store", InvalidReason::RelayStoreWith)
    );
    assert!(RuleSet::from_spec("kalah,relay=next,relay_store=true").is_ok());
}

#[test]
fn simplecapt_pcapt_gives_the_movers_store_to_the_opponent() {
    let rules = compile(rule_file("simplecapt-pcapt"));
    // h6's 2 seeds go into the store (5 -> 6) and o1, an empty house of
    // the opponent's: side 0's 6 stored seeds go to side 1's store.
    let mut pos = at(&rules, "1,0,0,0,0,2:5 0,6,6,6,6,6:10 to=0 ply=10");
    assert_eq!(play(&mut pos, 6).captured, 0);
    assert_eq!(pos.to_string(), "1,0,0,0,0,0:0 1,6,6,6,6,6:16 to=1 ply=11");
    // h4's 2: h5 (1 -> 2), h6 (1 -> 2), a house of the mover's that held
    // seeds: lifted (relay on the own side). h6's 2: the store (6), o1,
    // empty: the store's 6 go to side 1.
    let mut pos = at(&rules, "0,0,0,2,1,1:5 0,6,6,6,6,5:10 to=0 ply=10");
    play(&mut pos, 4);
    assert_eq!(pos.to_string(), "0,0,0,0,2,0:0 1,6,6,6,6,5:16 to=1 ply=11");
    // A last seed in a house of the opponent's that held seeds is not
    // lifted (`relay_on = "own"`) and gives nothing.
    let mut pos = at(&rules, "1,0,0,0,0,2:5 3,6,6,6,6,3:10 to=0 ply=10");
    play(&mut pos, 6);
    assert_eq!(pos.to_string(), "1,0,0,0,0,0:6 4,6,6,6,6,3:10 to=1 ply=11");
}

#[test]
fn pass_store_needs_two_players_and_no_tuzdyk_or_children() {
    for spec in ["kalah3,pass_store=true", "toguz-kumalak,pass_store=true"] {
        let e = RuleSet::from_spec(spec).unwrap_err();
        assert!(e.to_string().contains("pass_store"), "{spec}: {e}");
    }
    let mut set = Preset::Kalah.rules();
    set.pass_store = true;
    set.players = 3;
    let Err(RuleError::InvalidValue { field, reason, .. }) = set.validate() else {
        panic!("pass_store with 3 players is refused");
    };
    assert_eq!(
        (field, reason),
        ("pass_store", InvalidReason::PassStoreWith)
    );
    assert!(RuleSet::from_spec("kalah,pass_store=true").is_ok());
}

#[test]
fn alemungula_bars_a_single_seed_sown_across_the_end_from_going_straight_back() {
    let rules = compile(rule_file("alemungula"));
    // Split sowing on 5 houses: h1 and h2 sow clockwise (h1 across the
    // left end into o5), h4 and h5 counter-clockwise (h5 across the right
    // end into o1), h3 either way; the same for side 1 on its own row.
    let mut pos = at(&rules, "1,0,2,0,1:20 0,3,0,0,2:21 to=0 ply=10");
    // h5's single seed crosses the end into the empty o1: 1 seed, no
    // capture (captures take 2 or 4). Side 1 may not move o1 now: its
    // seed would go straight back into h5 (`no_undo`).
    let effect = play(&mut pos, 5);
    assert_eq!(effect.captured, 0);
    assert_eq!(
        pos.to_string(),
        "1,0,2,0,0:20 1,3,0,0,2:21 to=1 ply=11 barred=1"
    );
    assert_eq!(pos.legal_moves().to_vec(), houses(&[2, 5]));
    assert_eq!(
        pos.play(Move::House(1)).unwrap_err().reason,
        IllegalReason::StraightBack
    );
    // o5's 2 seeds go counter-clockwise across the end: h1 (1 -> 2), h2
    // (0 -> 1); the last makes 1, nothing is taken. Two seeds bar nothing,
    // and the bar on o1 is gone once side 1 has moved.
    play(&mut pos, 5);
    assert_eq!(pos.to_string(), "2,1,2,0,0:20 1,3,0,0,0:21 to=0 ply=12");
    let moves: Vec<Move> = pos.legal_moves().into_iter().collect();
    assert_eq!(
        moves,
        vec![
            Move::House(1),
            Move::House(2),
            Move::Directed(3, Sense::Ccw),
            Move::Directed(3, Sense::Cw),
        ]
    );
    // The position is read back with its bar; the same board without it
    // is another position (its key too), where o1 may move.
    let barred = at(&rules, "1,0,2,0,0:20 1,3,0,0,2:21 to=1 ply=11 barred=1");
    let free = at(&rules, "1,0,2,0,0:20 1,3,0,0,2:21 to=1 ply=11");
    assert_eq!(barred.legal_moves().to_vec(), houses(&[2, 5]));
    assert_eq!(free.legal_moves().to_vec(), houses(&[1, 2, 5]));
    assert_ne!(barred.key(), free.key());
    assert_ne!(barred.repetition_key(), free.repetition_key());
    // h1's single seed crosses the left end into o5 (1 -> 2), which is
    // taken: o5 is empty, so nothing is barred.
    let mut pos = at(&rules, "1,0,0,3,0:20 0,2,1,0,1:22 to=0 ply=20");
    assert_eq!(play(&mut pos, 1).captured, 2);
    assert_eq!(pos.to_string(), "0,0,0,3,0:22 0,2,1,0,0:22 to=1 ply=21");
    // h4's single seed stays on the mover's row (into h5): nothing barred.
    let mut pos = at(&rules, "1,0,0,1,0:20 0,2,1,0,1:24 to=0 ply=20");
    play(&mut pos, 4);
    assert_eq!(pos.to_string(), "1,0,0,0,1:20 0,2,1,0,1:24 to=1 ply=21");
}

#[test]
fn no_undo_needs_a_split_row_for_two_and_bars_only_a_lone_seed_at_an_end() {
    let split = |changes: &[(&str, &str)]| {
        let mut set = Preset::Oware.rules();
        for (name, value) in [("direction", "split"), ("houses", "4"), ("no_undo", "true")]
            .iter()
            .chain(changes)
        {
            set.set(name, value).unwrap();
        }
        set
    };
    for changes in [
        &[("direction", "ccw")][..],
        &[("houses", "5"), ("direction_choice", "1,3")],
        &[("direction_choice", "4")],
        &[
            ("players", "3"),
            ("capture", "opposite"),
            ("must_feed", "false"),
            ("grand_slam", "allowed"),
        ],
    ] {
        let refused = split(changes).validate();
        let Err(RuleError::InvalidValue { field, reason, .. }) = refused else {
            panic!("{changes:?} is refused: {refused:?}");
        };
        assert_eq!(
            (field, reason),
            ("no_undo", InvalidReason::NoUndoWith),
            "{changes:?}"
        );
    }
    assert!(split(&[]).validate().is_ok());
    // A bar no move could have made is refused by name: on a middle
    // house, on a house holding two seeds, under rules without `no_undo`.
    let rules = compile(rule_file("alemungula"));
    for text in [
        "1,0,2,0,0:20 1,3,0,0,2:21 to=1 ply=11 barred=2",
        "1,0,2,0,0:20 1,3,0,0,2:21 to=1 ply=11 barred=5",
    ] {
        let setup: Setup = text.parse().unwrap();
        assert!(
            matches!(
                Position::from_setup(&rules, &setup),
                Err(SetupError::Barred { .. })
            ),
            "{text}"
        );
    }
    let kalah = compile(RuleSet::from_spec("kalah").unwrap());
    let setup: Setup = "1,4,4,4,4,4:0 4,4,4,4,4,4:0 to=0 ply=9 barred=1"
        .parse()
        .unwrap();
    assert!(matches!(
        Position::from_setup(&kalah, &setup),
        Err(SetupError::Barred { house: 1 })
    ));
}

#[test]
fn adi_ii_takes_only_the_sowers_own_houses_while_sowing() {
    let rules = compile(rule_file("adi-ii"));
    // h5's 3 seeds: h6 (3 -> 4, A's own house: taken by A at once), o1
    // (3 -> 4, B's house: it stays under `sower_own`; Adi would give it
    // to B), o2 (0 -> 1, the last seed, in an empty house: no relay, no
    // capture of 4).
    let mut pos = at(&rules, "1,0,0,0,3,3:18 3,0,2,0,0,1:17 to=0 ply=10");
    let effect = play(&mut pos, 5);
    assert_eq!(pos.to_string(), "1,0,0,0,0,0:22 4,1,2,0,0,1:17 to=1 ply=11");
    assert_eq!((effect.sow_taken, effect.captured), (4, 4));
}

#[test]
fn nosides_moves_either_row_and_captures_on_either_side() {
    let rules = compile(rule_file("nosides"));
    // Every house of the board is a move: the mover's own 1 to 5, the
    // opponent's house n as 5 + n (docs/rules.md section 4). From the
    // start, o2's 2 seeds go counter-clockwise into o3 (2 -> 3) and o4
    // (2 -> 3): no 2, nothing taken.
    let mut pos = Position::new(&rules);
    assert_eq!(pos.legal_moves().len(), 10);
    play(&mut pos, 7);
    assert_eq!(pos.to_string(), "2,2,2,2,2:0 2,0,3,3,2:0 to=1 ply=1");
    // Side 0 may move h1, h3, o2 (7) and o3 (8); o2's single seed makes 2
    // in o3, which side 0 takes (captures on either side).
    let mut pos = at(&rules, "1,0,3,0,0:8 0,1,1,0,0:6 to=0 ply=20");
    assert_eq!(pos.legal_moves().to_vec(), houses(&[1, 3, 7, 8]));
    let effect = play(&mut pos, 7);
    assert_eq!((effect.sown, effect.captured), (1, 2));
    assert_eq!(pos.to_string(), "1,0,3,0,0:10 0,0,0,0,0:6 to=1 ply=21");
    // Side 1's row is empty, yet it moves: side 0's h1 is its 6, h3 its 8.
    // h3's 3 seeds go into h4, h5 and, the store not sown, o1: no 2.
    assert_eq!(pos.legal_moves().to_vec(), houses(&[6, 8]));
    play(&mut pos, 8);
    assert_eq!(pos.to_string(), "1,0,0,1,1:10 1,0,0,0,0:6 to=0 ply=22");
    // No house numbered past 10.
    assert_eq!(
        pos.play(Move::House(11)).unwrap_err().reason,
        IllegalReason::NoSuchHouse { houses: 10 }
    );
    assert_eq!(
        pos.play(Move::House(7)).unwrap_err().reason,
        IllegalReason::EmptyHouse
    );
}

#[test]
fn nosides_ends_on_one_seed_left_which_counts_for_nobody() {
    let rules = compile(rule_file("nosides"));
    // h5's seed makes 2 in o1, taken: 10 for side 0 (half, no majority),
    // one seed left on the board, too few for a capture of 2: the game
    // ends (`end_seeds = 1`) and the seed in o5 counts for nobody.
    let mut pos = at(&rules, "0,0,0,0,1:8 1,0,0,0,1:9 to=0 ply=30");
    assert_eq!(play(&mut pos, 5).captured, 2);
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.reason(), EndReason::FewSeeds);
    assert_eq!(outcome.scores(), &[10, 9]);
    assert_eq!(outcome.winner(), Some(Side::new(0)));
}

#[test]
fn no_sides_is_refused_where_a_rule_reads_the_movers_row() {
    let refused = |set: RuleSet| {
        assert!(
            matches!(
                set.validate(),
                Err(RuleError::InvalidValue {
                    field: "no_sides",
                    reason: InvalidReason::NoSidesWith,
                    ..
                })
            ),
            "{set:?}"
        )
    };
    let nosides = rule_file("nosides");
    // Kalah sows its stores and ends on an empty side.
    refused(RuleSet {
        no_sides: true,
        ..Preset::Kalah.rules()
    });
    // More than 8 houses: the opponent's moves would pass 16.
    refused(RuleSet {
        houses: 9,
        ..nosides
    });
    refused(RuleSet {
        must_feed: true,
        ..nosides
    });
    refused(RuleSet {
        direction: Direction::Opposed,
        ..nosides
    });
    assert!(nosides.validate().is_ok());
}

#[test]
fn eson_xorgol_captures_across_the_gap_only_from_an_occupied_house() {
    let rules = compile(rule_file("eson-xorgol"));
    // Clockwise on the board, but numbered in sowing order as ever: h2's
    // seed goes into h3. h3 was empty, so although h4 is empty and h5
    // holds 5, nothing is taken (`gap_occupied`).
    let mut pos = at(&rules, "0,1,0,0,5:40 1,0,2,0,0:40 to=0 ply=20");
    assert_eq!(play(&mut pos, 2).captured, 0);
    assert_eq!(pos.to_string(), "0,0,1,0,5:40 1,0,2,0,0:40 to=1 ply=21");
    // Side 1 moves side 0's h4 (its move 9): 3 seeds into h5, o1 and o2,
    // which held a seed (now 2); o3 is empty, so side 1 takes o4's seed,
    // on its own row (captures on either side).
    let mut pos = at(&rules, "2,0,0,3,0:40 0,1,0,1,0:40 to=1 ply=21");
    let effect = play(&mut pos, 9);
    assert_eq!((effect.sown, effect.captured), (3, 1));
    assert_eq!(pos.to_string(), "2,0,0,0,1:40 1,2,0,0,0:41 to=0 ply=22");
    // Without `gap_occupied` the first move takes h5's 5 seeds.
    let set = RuleSet {
        gap_occupied: false,
        ..rule_file("eson-xorgol")
    };
    let rules = compile(set);
    let mut pos = at(&rules, "0,1,0,0,5:40 1,0,2,0,0:40 to=0 ply=20");
    assert_eq!(play(&mut pos, 2).captured, 5);
}
