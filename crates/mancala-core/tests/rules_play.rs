//! Rule-by-rule play tests: one test per row of docs/rules.md sections 3
//! (sowing), 4 (legal moves), 5 (captures) and 6 (grand slam), and per
//! special rule of the presets, each on a hand-built position whose
//! expected result was worked out by hand from docs/rules.md.
//!
//! Notation reminder: per side `house 1,...,house n:store`, side 0 first,
//! then `to=SIDE ply=N`. Sowing goes counter-clockwise: side 0's houses 1..n,
//! side 0's store (when sown), side 1's houses 1..n, side 1's store, ...
//! Below, `hK` is a house of the mover and `oK` a house of the opponent.

use mancala_core::*;
use mancala_testkit::pick::{at, compile, houses};

fn preset(p: Preset) -> Rules {
    compile(p.rules())
}

fn reason(pos: &Position<'_>, house: u8) -> IllegalReason {
    let mut copy = *pos;
    let err = copy
        .play(Move::House(house))
        .expect_err("the move must be illegal");
    assert_eq!(err.mv, Move::House(house));
    assert_eq!(copy, *pos, "an illegal move leaves the position unchanged");
    err.reason
}

fn kalah_with(players: u8, capture_from: CaptureFrom) -> Rules {
    let mut rs = Preset::Kalah.rules();
    rs.players = players;
    rs.capture_from = capture_from;
    compile(rs)
}

// ---------------------------------------------------------------------------
// Section 3: sowing
// ---------------------------------------------------------------------------

#[test]
fn kalah_origin_include_puts_a_seed_back_in_the_origin_on_a_lap() {
    let rules = preset(Preset::Kalah);
    let mut pos = at(&rules, "14,0,0,0,0,0:0 1,1,1,1,1,1:0 to=0 ply=10");
    // 14 seeds from h1; a lap is 13 cups (h2..h6, store 0, o1..o6; store 1
    // skipped). Seeds 1-12: h2..h6, store, o1..o6; seed 13: h1 (the origin
    // is included); seed 14: h2 again. h2 held 1 before the last seed: no
    // capture.
    let effect = pos.play(Move::House(1)).unwrap();
    assert_eq!(pos.to_string(), "1,2,1,1,1,1:1 2,2,2,2,2,2:0 to=1 ply=11");
    assert_eq!(
        effect.last,
        Some(Cup::House {
            side: Side::new(0),
            number: 2
        })
    );
    assert_eq!(effect.sown, 14);
    assert_eq!(effect.captured, 0);
}

#[test]
fn oware_origin_is_skipped_on_a_lap_of_12_or_more() {
    let rules = preset(Preset::Oware);
    let mut pos = at(&rules, "12,0,0,0,0,0:0 1,1,1,1,1,1:0 to=0 ply=10");
    // 12 seeds from h1; the track without the origin is 11 houses.
    // Seeds 1-11: h2..h6, o1..o6; seed 12 skips h1 and lands in h2.
    // The origin stays empty; h2 is on the mover's side: no capture.
    let effect = pos.play(Move::House(1)).unwrap();
    assert_eq!(pos.to_string(), "0,2,1,1,1,1:0 2,2,2,2,2,2:0 to=1 ply=11");
    assert_eq!(pos.house(Side::new(0), 1), Some(0));
    assert_eq!(
        effect.last,
        Some(Cup::House {
            side: Side::new(0),
            number: 2
        })
    );
}

/// The cups `hK` (the mover's, side 0) and `oK` (side 1) and stores.
fn cup(name: &str) -> Cup {
    let (side, number) = match name.split_at(1) {
        ("h", n) => (0, n),
        ("o", n) => (1, n),
        ("s", n) => {
            let side = Side::new(n.parse().unwrap());
            return Cup::Store { side };
        }
        _ => panic!("no cup {name}"),
    };
    Cup::House {
        side: Side::new(side),
        number: number.parse().unwrap(),
    }
}

#[test]
fn the_sowing_path_goes_lap_after_lap_including_or_skipping_the_origin() {
    // The two lap rules above, seed by seed (docs/rules.md section 3).
    let kalah = preset(Preset::Kalah);
    let pos = at(&kalah, "14,0,0,0,0,0:0 1,1,1,1,1,1:0 to=0 ply=10");
    let expected = "h2 h3 h4 h5 h6 s0 o1 o2 o3 o4 o5 o6 h1 h2";
    let expected: Vec<Cup> = expected.split(' ').map(cup).collect();
    assert_eq!(pos.sowing_path(Move::House(1)), Some(expected));
    let oware = preset(Preset::Oware);
    let pos = at(&oware, "12,0,0,0,0,0:0 1,1,1,1,1,1:0 to=0 ply=10");
    let expected = "h2 h3 h4 h5 h6 o1 o2 o3 o4 o5 o6 h2";
    let expected: Vec<Cup> = expected.split(' ').map(cup).collect();
    assert_eq!(pos.sowing_path(Move::House(1)), Some(expected));
    // Nothing for an empty house or a swap.
    assert_eq!(pos.sowing_path(Move::House(2)), None);
    assert_eq!(pos.sowing_path(Move::Swap), None);
}

#[test]
fn modiar_first_seed_goes_back_into_the_emptied_origin_house() {
    let rules = preset(Preset::Modiar);
    let mut pos = at(&rules, "2,3,2:0 2,2,2:0 to=0 ply=4");
    // 3 seeds from h2: seed 1 back into h2 (0 -> 1), seed 2 into h3 (2 -> 3),
    // seed 3 into o1 (2 -> 3). 3 is not in {2,4,6}: no capture.
    let effect = pos.play(Move::House(2)).unwrap();
    assert_eq!(pos.to_string(), "2,1,3:0 3,2,2:0 to=1 ply=5");
    assert_eq!(
        effect.last,
        Some(Cup::House {
            side: Side::new(1),
            number: 1
        })
    );
    assert_eq!(effect.captured, 0);
}

#[test]
fn modiar_later_laps_include_the_origin_house() {
    let rules = preset(Preset::Modiar);
    let mut pos = at(&rules, "9,0,1:0 2,2,2:0 to=0 ply=4");
    // 9 seeds from h1 on a 6-house track: seed 1 -> h1, 2 -> h2, 3 -> h3,
    // 4-6 -> o1..o3, 7 -> h1 (the lap includes the origin), 8 -> h2, 9 -> h3.
    // h1 = 2, h2 = 0+2 = 2, h3 = 1+2 = 3, o = 3,3,3. Last in h3 = 3: no capture.
    let effect = pos.play(Move::House(1)).unwrap();
    assert_eq!(pos.to_string(), "2,2,3:0 3,3,3:0 to=1 ply=5");
    assert_eq!(
        effect.last,
        Some(Cup::House {
            side: Side::new(0),
            number: 3
        })
    );
}

#[test]
fn oware_stores_are_not_on_the_sowing_track() {
    let rules = preset(Preset::Oware);
    let mut pos = at(&rules, "4,4,4,4,4,4:5 0,0,0,0,0,3:5 to=1 ply=11");
    // Side 1 sows 3 seeds from its h6: its own store is skipped, so they go
    // to side 0's h1, h2, h3 (4 -> 5 each). 5 does not capture; stores unchanged.
    pos.play(Move::House(6)).unwrap();
    assert_eq!(pos.to_string(), "5,5,5,4,4,4:5 0,0,0,0,0,0:5 to=0 ply=12");
}

#[test]
fn stores_sown_none_on_a_kalah_board_skips_the_movers_store() {
    let mut rs = Preset::Kalah.rules();
    rs.stores_sown = StoresSown::None;
    let rules = compile(rs);
    let mut pos = at(&rules, "1,0,0,0,0,2:0 1,1,1,1,1,1:0 to=0 ply=10");
    // 2 seeds from h6: store 0 is not on the track, so o1 (1 -> 2), o2 (1 -> 2).
    let effect = pos.play(Move::House(6)).unwrap();
    assert_eq!(pos.to_string(), "1,0,0,0,0,0:0 2,2,1,1,1,1:0 to=1 ply=11");
    assert_eq!(
        effect.last,
        Some(Cup::House {
            side: Side::new(1),
            number: 2
        })
    );
    assert!(!effect.extra_turn);
}

#[test]
fn kalah_sows_own_store_and_skips_the_opponents_store() {
    let rules = preset(Preset::Kalah);
    let mut pos = at(&rules, "1,1,0,0,0,9:0 1,1,1,1,1,1:0 to=0 ply=10");
    // 9 seeds from h6: store 0 (1), o1..o6 (6), store 1 skipped, h1, h2 (2).
    // h2 held 1 before the last seed: no capture.
    let effect = pos.play(Move::House(6)).unwrap();
    assert_eq!(pos.to_string(), "2,2,0,0,0,0:1 2,2,2,2,2,2:0 to=1 ply=11");
    assert_eq!(pos.store(Side::new(1)), 0);
    assert_eq!(
        effect.last,
        Some(Cup::House {
            side: Side::new(0),
            number: 2
        })
    );
}

#[test]
fn mancala_basic_sows_into_every_store() {
    let rules = preset(Preset::MancalaBasic);
    let mut pos = at(&rules, "1,0,0,0,0,9:0 1,1,1,1,1,1:0 to=0 ply=10");
    // 9 seeds from h6: store 0, o1..o6, store 1, h1 (1 -> 2). Last in a house:
    // no extra turn, the turn passes.
    let effect = pos.play(Move::House(6)).unwrap();
    assert_eq!(pos.to_string(), "2,0,0,0,0,0:1 2,2,2,2,2,2:1 to=1 ply=11");
    assert!(!effect.extra_turn);
}

#[test]
fn kalah_extra_turn_on_own_store() {
    let rules = preset(Preset::Kalah);
    let mut pos = at(&rules, "4,4,4,4,4,4:0 4,4,4,2,0,1:3 to=1 ply=5");
    // Side 1's h6 holds 1 seed: it goes into store 1 (3 -> 4). Extra turn:
    // side 1 moves again.
    let effect = pos.play(Move::House(6)).unwrap();
    assert!(effect.extra_turn);
    assert_eq!(effect.last, Some(Cup::Store { side: Side::new(1) }));
    assert_eq!(pos.to_string(), "4,4,4,4,4,4:0 4,4,4,2,0,0:4 to=1 ply=6");
}

#[test]
fn kalah_first_move_into_own_store_earns_an_extra_turn() {
    // first_move_extra_turn defaults to true.
    let rules = preset(Preset::Kalah);
    let mut pos = Position::new(&rules);
    // 4 seeds from h3: h4, h5, h6, store 0. Extra turn even on move 1.
    let effect = pos.play(Move::House(3)).unwrap();
    assert!(effect.extra_turn);
    assert_eq!(pos.to_string(), "4,4,0,5,5,5:1 4,4,4,4,4,4:0 to=0 ply=1");
}

#[test]
fn extra_turn_none_gives_no_extra_turn_on_own_store() {
    let mut rs = Preset::Kalah.rules();
    rs.extra_turn = ExtraTurn::None;
    let rules = compile(rs);
    let mut pos = at(&rules, "1,0,0,0,0,1:0 1,1,1,1,1,1:0 to=0 ply=10");
    // h6's single seed goes into store 0; with extra_turn none, side 1 moves.
    let effect = pos.play(Move::House(6)).unwrap();
    assert!(!effect.extra_turn);
    assert_eq!(effect.last, Some(Cup::Store { side: Side::new(0) }));
    assert_eq!(pos.to_string(), "1,0,0,0,0,0:1 1,1,1,1,1,1:0 to=1 ply=11");
}

#[test]
fn extra_turn_own_store_ignores_a_landing_in_another_store() {
    let mut rs = Preset::Kalah.rules();
    rs.stores_sown = StoresSown::All;
    rs.extra_turn = ExtraTurn::OwnStore;
    let rules = compile(rs);
    let mut pos = at(&rules, "1,0,0,0,0,8:0 1,1,1,1,1,1:0 to=0 ply=10");
    // 8 seeds from h6: store 0, o1..o6, store 1 (last). Not the mover's own
    // store: no extra turn.
    let effect = pos.play(Move::House(6)).unwrap();
    assert_eq!(effect.last, Some(Cup::Store { side: Side::new(1) }));
    assert!(!effect.extra_turn);
    assert_eq!(pos.to_string(), "1,0,0,0,0,0:1 2,2,2,2,2,2:1 to=1 ply=11");
}

#[test]
fn mancala_basic_extra_turn_on_own_store() {
    let rules = preset(Preset::MancalaBasic);
    let mut pos = at(&rules, "1,0,0,0,0,1:0 1,1,1,1,1,1:0 to=0 ply=10");
    // h6's single seed lands in store 0: extra turn.
    let effect = pos.play(Move::House(6)).unwrap();
    assert!(effect.extra_turn);
    assert_eq!(pos.to_string(), "1,0,0,0,0,0:1 1,1,1,1,1,1:0 to=0 ply=11");
}

#[test]
fn mancala_basic_extra_turn_on_the_opponents_store() {
    let rules = preset(Preset::MancalaBasic);
    let mut pos = at(&rules, "1,0,0,0,0,8:0 1,1,1,1,1,1:0 to=0 ply=10");
    // 8 seeds from h6: store 0, o1..o6, store 1 (last). any_store: extra turn.
    let effect = pos.play(Move::House(6)).unwrap();
    assert_eq!(effect.last, Some(Cup::Store { side: Side::new(1) }));
    assert!(effect.extra_turn);
    assert_eq!(pos.to_string(), "1,0,0,0,0,0:1 2,2,2,2,2,2:1 to=0 ply=11");
}

#[test]
fn mancala_basic_has_no_captures() {
    let rules = preset(Preset::MancalaBasic);
    let mut pos = at(&rules, "1,0,0,0,0,1:0 4,4,4,4,4,4:0 to=0 ply=10");
    // h1 -> h2, an own empty house facing o5 = 4. Under Kalah that would
    // capture 5; with capture none nothing happens.
    let effect = pos.play(Move::House(1)).unwrap();
    assert_eq!(effect.captured, 0);
    assert_eq!(pos.to_string(), "0,1,0,0,0,1:0 4,4,4,4,4,4:0 to=1 ply=11");
}

#[test]
fn mankalah_first_move_into_the_store_earns_no_extra_turn() {
    let rules = preset(Preset::Mankalah);
    let mut pos = Position::new(&rules);
    // Kalah(7,7): 7 seeds from h1 go to h2..h7 (6) and store 0 (last).
    // first_move_extra_turn = false: side 1 moves next.
    let effect = pos.play(Move::House(1)).unwrap();
    assert_eq!(effect.last, Some(Cup::Store { side: Side::new(0) }));
    assert!(!effect.extra_turn);
    assert_eq!(
        pos.to_string(),
        "0,8,8,8,8,8,8:1 7,7,7,7,7,7,7:0 to=1 ply=1"
    );
}

#[test]
fn mankalah_a_later_move_into_the_store_earns_an_extra_turn() {
    let rules = preset(Preset::Mankalah);
    let mut pos = Position::new(&rules);
    pos.play(Move::House(1)).unwrap();
    // Move 2: side 1 sows 7 seeds from its h1: h2..h7 and store 1 (last).
    // Not the first move, so the extra turn is earned; side 1 moved instead
    // of swapping, so the pie rule is declined.
    let effect = pos.play(Move::House(1)).unwrap();
    assert!(effect.extra_turn);
    assert_eq!(
        pos.to_string(),
        "0,8,8,8,8,8,8:1 0,8,8,8,8,8,8:1 to=1 ply=2 pie=declined"
    );
}

// ---------------------------------------------------------------------------
// Section 4: which moves are legal
// ---------------------------------------------------------------------------

#[test]
fn an_empty_house_is_never_a_legal_move() {
    let rules = preset(Preset::Kalah);
    let pos = at(&rules, "0,4,4,4,4,4:0 4,4,4,4,4,4:0 to=0 ply=2");
    assert_eq!(pos.legal_moves().to_vec(), houses(&[2, 3, 4, 5, 6]));
    assert_eq!(reason(&pos, 1), IllegalReason::EmptyHouse);
    assert_eq!(reason(&pos, 7), IllegalReason::NoSuchHouse { houses: 6 });
}

#[test]
fn min_seeds_one_lets_a_single_seed_move() {
    let rules = preset(Preset::Kalah);
    let mut pos = at(&rules, "1,3,0,0,0,0:0 1,1,1,1,1,1:0 to=0 ply=2");
    assert_eq!(pos.legal_moves().to_vec(), houses(&[1, 2]));
    // h1's single seed goes to h2 (3 -> 4): not empty before, no capture.
    pos.play(Move::House(1)).unwrap();
    assert_eq!(pos.to_string(), "0,4,0,0,0,0:0 1,1,1,1,1,1:0 to=1 ply=3");
}

#[test]
fn modiar_singleton_cannot_move() {
    let rules = preset(Preset::Modiar);
    let pos = at(&rules, "1,3,2:0 2,2,3:0 to=0 ply=4");
    // min_seeds 2: h1 (a singleton) is not a move; h2 and h3 are.
    assert_eq!(pos.legal_moves().to_vec(), houses(&[2, 3]));
    assert_eq!(
        reason(&pos, 1),
        IllegalReason::TooFewSeeds { seeds: 1, min: 2 }
    );
}

#[test]
fn modiar_grand_slam_move_is_illegal() {
    let rules = preset(Preset::Modiar);
    let pos = at(&rules, "2,2,3:0 1,1,0:0 to=0 ply=4");
    // h1 (2): h1 = 1, h2 = 3; 3 captures nothing. Legal.
    // h2 (2): h2 = 1, h3 = 4; captures own h3 (4), chain stops at h2 = 1.
    //         Nothing taken from side 1: not a grand slam. Legal.
    // h3 (3): h3 = 1, o1 = 2, o2 = 2; captures o2 and o1 (chain), stops at
    //         h3 = 1; o3 was 0, so side 1 is left empty: a grand slam, which
    //         Modiar forbids.
    assert_eq!(pos.legal_moves().to_vec(), houses(&[1, 2]));
    assert_eq!(reason(&pos, 3), IllegalReason::GrandSlam);
}

#[test]
fn modiar_no_legal_move_when_every_move_is_a_grand_slam() {
    let rules = preset(Preset::Modiar);
    // Side 0's only movable house is h3 and it is the grand slam of the
    // previous test: side 0 has no legal move and the game ends. Leftover
    // `owner`: side 0 takes its 3 (10 + 3), side 1 its 2 (10 + 2).
    // (25 seeds in all; 13 is not a majority, so this is not a majority end.)
    let pos = at(&rules, "0,0,3:10 1,1,0:10 to=0 ply=20");
    assert!(pos.legal_moves().to_vec().is_empty());
    assert_eq!(pos.end_reason(), Some(EndReason::NoLegalMove));
    assert_eq!(
        pos.to_string(),
        "0,0,0:13 0,0,0:12 to=0 ply=20 over=no_legal_move"
    );
    assert_eq!(pos.outcome().unwrap().winner(), Some(Side::new(0)));
}

#[test]
fn oware_must_feed_a_non_feeding_move_is_illegal() {
    // OpenSpiel oware_test.cc LegalActionsLeaveTheOpponentSeedsTest:
    // board {1,0,0,0,0,1, 0,0,0,0,0,0}, player 0: only action 5 (our h6).
    let rules = preset(Preset::Oware);
    let mut pos = at(&rules, "1,0,0,0,0,1:0 0,0,0,0,0,0:0 to=0 ply=10");
    // h1 -> h2 leaves side 1 empty; h6 -> o1 feeds it.
    assert_eq!(pos.legal_moves().to_vec(), houses(&[6]));
    assert_eq!(reason(&pos, 1), IllegalReason::MustFeed);
    pos.play(Move::House(6)).unwrap();
    assert_eq!(pos.to_string(), "1,0,0,0,0,0:0 1,0,0,0,0,0:0 to=1 ply=11");
}

#[test]
fn oware_every_nonempty_house_is_legal_when_the_opponent_has_seeds() {
    // OpenSpiel oware_test.cc LegalActionsNoConstraintsTest:
    // board {1,0,9,0,0,1, 1,0,0,0,0,0}, player 0: actions {0, 2, 5}.
    let rules = preset(Preset::Oware);
    let pos = at(&rules, "1,0,9,0,0,1:0 1,0,0,0,0,0:0 to=0 ply=10");
    assert_eq!(pos.legal_moves().to_vec(), houses(&[1, 3, 6]));
}

#[test]
fn al_manqala_must_feed_counts_the_seeds_left_after_captures() {
    let rules = preset(Preset::AlManqala);
    // Side 1 is empty. 83 seeds in all, stores 30 each: no majority.
    let mut pos = at(&rules, "0,0,0,0,0,2,21:30 0,0,0,0,0,0,0:30 to=0 ply=40");
    // h7 (21 seeds, track of 14 cups from h7: o1..o7, h1..h7, o1..o7):
    //   o1..o7 get 2 each, h1..h5 1, h6 2+1 = 3, h7 1. Last in o7 = 2:
    //   capture, chain o6..o1 (2 each), stops at h7 = 1. Side 1 ends empty:
    //   the move does not feed once its captures are done.
    // h6 (2 seeds): h7 (21 -> 22), o1 (0 -> 1). 1 captures nothing: feeds.
    assert_eq!(pos.legal_moves().to_vec(), houses(&[6]));
    assert_eq!(reason(&pos, 7), IllegalReason::MustFeed);
    pos.play(Move::House(6)).unwrap();
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0,22:30 1,0,0,0,0,0,0:30 to=1 ply=41"
    );
}

#[test]
fn modiar_must_feed_when_able() {
    let rules = preset(Preset::Modiar);
    // Side 1 is empty; 44 seeds, stores 20 each: no majority.
    let mut pos = at(&rules, "2,0,2:20 0,0,0:20 to=0 ply=40");
    // h1 (2): h1 = 1, h2 = 1: leaves side 1 empty.
    // h3 (2): h3 = 1, o1 = 1: feeds. So only h3 is legal.
    assert_eq!(pos.legal_moves().to_vec(), houses(&[3]));
    assert_eq!(reason(&pos, 1), IllegalReason::MustFeed);
    // After h3, side 1 holds only a singleton (o1 = 1): no legal move, the
    // game ends; leftover owner: side 0 takes 2 + 1 = 3, side 1 takes 1.
    let effect = pos.play(Move::House(3)).unwrap();
    assert_eq!(effect.ended, Some(EndReason::NoLegalMove));
    assert_eq!(
        pos.to_string(),
        "0,0,0:23 0,0,0:21 to=1 ply=41 over=no_legal_move"
    );
}

#[test]
fn modiar_unfed_any_move_allows_a_move_that_cannot_feed() {
    let rules = preset(Preset::Modiar);
    let mut pos = at(&rules, "2,0,0:20 0,0,0:20 to=0 ply=40");
    // Side 1 is empty and h1 (the only move: h1 = 1, h2 = 1) cannot feed:
    // unfed = any_move keeps it legal and the game goes on.
    assert_eq!(pos.legal_moves().to_vec(), houses(&[1]));
    assert!(!pos.is_over());
    pos.play(Move::House(1)).unwrap();
    // Side 1 then has no seeds and so no legal move: the game ends with the
    // leftover going to its owner (side 0: 20 + 2).
    assert_eq!(
        pos.to_string(),
        "0,0,0:22 0,0,0:20 to=1 ply=41 over=no_legal_move"
    );
}

#[test]
fn oware_mover_takes_all_when_they_cannot_feed() {
    let rules = preset(Preset::Oware);
    // 15 seeds in all.
    let mut pos = at(&rules, "1,1,0,0,0,0:7 0,0,0,0,0,1:5 to=1 ply=39");
    // Side 1 sows its last seed into side 0's h1 (1 -> 2): capture 2 (the
    // chain goes back to side 1's own h6 and stops). Side 0 keeps h2 = 1,
    // so this is no grand slam. Store 1 = 7 (14 of 15: no majority).
    // Side 0 to move, side 1 empty: the only move h2 -> h3 cannot feed, so
    // the game ends and the mover, side 0, takes the last seed: 7 + 1.
    let effect = pos.play(Move::House(6)).unwrap();
    assert_eq!(effect.captured, 2);
    assert_eq!(effect.ended, Some(EndReason::CannotFeed));
    assert_eq!(pos.end_reason(), Some(EndReason::CannotFeed));
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:8 0,0,0,0,0,0:7 to=0 ply=40 over=cannot_feed"
    );
    assert_eq!(pos.outcome().unwrap().winner(), Some(Side::new(0)));
}

#[test]
fn al_manqala_starving_opponent_claims_the_board_when_no_move_feeds() {
    let rules = preset(Preset::AlManqala);
    // Side 1 is empty; side 0's moves (h1 -> h2, h2 -> h3) cannot reach it.
    // unfed = end_to_starving: side 1 claims the 2 seeds left (20 + 2).
    let pos = at(&rules, "1,1,0,0,0,0,0:20 0,0,0,0,0,0,0:20 to=0 ply=40");
    assert_eq!(pos.end_reason(), Some(EndReason::CannotFeed));
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0,0:20 0,0,0,0,0,0,0:22 to=0 ply=40 over=cannot_feed"
    );
    assert_eq!(pos.outcome().unwrap().winner(), Some(Side::new(1)));
}

#[test]
fn al_manqala_player_with_an_empty_side_is_starving_and_claims_the_board() {
    let rules = preset(Preset::AlManqala);
    // Side 0 is to move with no seeds: it cannot move, is starving, and
    // claims every seed left (docs/rules.md section 7): 20 + 2.
    let pos = at(&rules, "0,0,0,0,0,0,0:20 1,1,0,0,0,0,0:20 to=0 ply=40");
    assert_eq!(pos.end_reason(), Some(EndReason::Starved));
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0,0:22 0,0,0,0,0,0,0:20 to=0 ply=40 over=starved"
    );
}

// ---------------------------------------------------------------------------
// Section 5: captures (opposite family)
// ---------------------------------------------------------------------------

#[test]
fn kalah_opposite_capture_takes_the_corresponding_house_and_the_last_seed() {
    let rules = preset(Preset::Kalah);
    let mut pos = at(&rules, "2,0,0,0,0,1:0 1,1,1,5,1,1:0 to=0 ply=10");
    // h1 (2): h2, h3. h3 (index 2) was empty; it corresponds to side 1's
    // index 6-1-2 = 3, i.e. o4 = 5. Store 0 gets 5 + 1 = 6.
    let effect = pos.play(Move::House(1)).unwrap();
    assert_eq!(effect.captured, 6);
    assert_eq!(pos.to_string(), "0,1,0,0,0,1:6 1,1,1,0,1,1:0 to=1 ply=11");
}

#[test]
fn kalah_nothing_is_captured_when_the_opposite_house_is_empty() {
    let rules = preset(Preset::Kalah);
    let mut pos = at(&rules, "2,0,0,0,0,1:0 1,1,1,0,1,1:0 to=0 ply=10");
    // Same move, but o4 is empty: nothing is captured, the last seed stays in h3.
    let effect = pos.play(Move::House(1)).unwrap();
    assert_eq!(effect.captured, 0);
    assert_eq!(pos.to_string(), "0,1,1,0,0,1:0 1,1,1,0,1,1:0 to=1 ply=11");
}

#[test]
fn kalah_capture_empty_opposite_sends_the_lone_seed_to_the_store() {
    let rules = compile(
        KalahOptions {
            capture_empty_opposite: true,
            ..KalahOptions::default()
        }
        .rules(),
    );
    let mut pos = at(&rules, "2,0,0,0,0,1:0 1,1,1,0,1,1:0 to=0 ply=10");
    // o4 is empty, but with the variant the lone last seed in h3 goes to store 0.
    let effect = pos.play(Move::House(1)).unwrap();
    assert_eq!(effect.captured, 1);
    assert_eq!(pos.to_string(), "0,1,0,0,0,1:1 1,1,1,0,1,1:0 to=1 ply=11");
}

#[test]
fn kalah_no_capture_when_the_own_house_was_not_empty() {
    let rules = preset(Preset::Kalah);
    let mut pos = at(&rules, "2,0,1,0,0,1:0 1,1,1,5,1,1:0 to=0 ply=10");
    // h3 held 1 before the last seed (now 2): no capture of o4.
    let effect = pos.play(Move::House(1)).unwrap();
    assert_eq!(effect.captured, 0);
    assert_eq!(pos.to_string(), "0,1,2,0,0,1:0 1,1,1,5,1,1:0 to=1 ply=11");
}

#[test]
fn kalah_no_opposite_capture_on_the_opponents_side() {
    let rules = preset(Preset::Kalah);
    let mut pos = at(&rules, "1,0,0,0,0,2:0 0,1,1,1,1,1:0 to=0 ply=10");
    // h6 (2): store 0, o1 (0 -> 1). An empty house, but the opponent's: no capture.
    let effect = pos.play(Move::House(6)).unwrap();
    assert_eq!(effect.captured, 0);
    assert_eq!(pos.to_string(), "1,0,0,0,0,0:1 1,1,1,1,1,1:0 to=1 ply=11");
}

#[test]
fn kalah_capture_in_the_origin_house_after_a_full_lap() {
    let rules = preset(Preset::Kalah);
    let mut pos = at(&rules, "13,0,0,0,0,0:0 1,1,1,1,1,2:0 to=0 ply=10");
    // 13 seeds from h1: h2..h6 (5), store 0 (1), o1..o6 (6), then h1, the
    // emptied origin (13th). It now holds exactly 1: capture its
    // corresponding house o6 (2 + 1 = 3) plus the seed: store 0 = 1 + 4 = 5.
    let effect = pos.play(Move::House(1)).unwrap();
    assert_eq!(
        effect.last,
        Some(Cup::House {
            side: Side::new(0),
            number: 1
        })
    );
    assert_eq!(effect.captured, 4);
    assert_eq!(pos.to_string(), "0,1,1,1,1,1:5 2,2,2,2,2,0:0 to=1 ply=11");
}

#[test]
fn kalah_capture_from_every_value_takes_from_the_opponent_with_two_players() {
    for from in [CaptureFrom::Next, CaptureFrom::Opposite, CaptureFrom::All] {
        let rules = kalah_with(2, from);
        let mut pos = at(&rules, "2,0,0,0,0,1:0 1,1,1,5,1,1:0 to=0 ply=10");
        // As in the basic capture: h3 takes o4 (5) + 1.
        pos.play(Move::House(1)).unwrap();
        assert_eq!(
            pos.to_string(),
            "0,1,0,0,0,1:6 1,1,1,0,1,1:0 to=1 ply=11",
            "capture_from = {from}"
        );
    }
}

// Three and four players. Side 0 sows h1 (2 seeds) into h2 and its empty h3
// (index 2); the corresponding house of every target is index 6-1-2 = 3,
// i.e. house 4. Side 1's h4 = 5, side 2's h4 = 7, side 3's h4 = 9.

const THREE: &str = "2,0,0,0,0,1:0 1,1,1,5,1,1:0 1,1,1,7,1,1:0 to=0 ply=10";
const FOUR: &str = "2,0,0,0,0,1:0 1,1,1,5,1,1:0 1,1,1,7,1,1:0 1,1,1,9,1,1:0 to=0 ply=10";

#[test]
fn kalah_capture_from_next_with_three_players() {
    let rules = kalah_with(3, CaptureFrom::Next);
    let mut pos = at(&rules, THREE);
    // Target: side 1's h4 (5) + 1 = 6.
    pos.play(Move::House(1)).unwrap();
    assert_eq!(
        pos.to_string(),
        "0,1,0,0,0,1:6 1,1,1,0,1,1:0 1,1,1,7,1,1:0 to=1 ply=11"
    );
}

#[test]
fn kalah_capture_from_opposite_with_three_players_means_next() {
    let rules = kalah_with(3, CaptureFrom::Opposite);
    let mut pos = at(&rules, THREE);
    // No one sits opposite with 3 players: the next seat, side 1 (5 + 1).
    pos.play(Move::House(1)).unwrap();
    assert_eq!(
        pos.to_string(),
        "0,1,0,0,0,1:6 1,1,1,0,1,1:0 1,1,1,7,1,1:0 to=1 ply=11"
    );
}

#[test]
fn kalah_capture_from_all_with_three_players() {
    let rules = kalah_with(3, CaptureFrom::All);
    let mut pos = at(&rules, THREE);
    // Every other seat: side 1's h4 (5) + side 2's h4 (7) + 1 = 13.
    let effect = pos.play(Move::House(1)).unwrap();
    assert_eq!(effect.captured, 13);
    assert_eq!(
        pos.to_string(),
        "0,1,0,0,0,1:13 1,1,1,0,1,1:0 1,1,1,0,1,1:0 to=1 ply=11"
    );
}

#[test]
fn kalah_capture_from_next_with_four_players() {
    let rules = kalah_with(4, CaptureFrom::Next);
    let mut pos = at(&rules, FOUR);
    // Target: side 1's h4 (5) + 1 = 6.
    pos.play(Move::House(1)).unwrap();
    assert_eq!(
        pos.to_string(),
        "0,1,0,0,0,1:6 1,1,1,0,1,1:0 1,1,1,7,1,1:0 1,1,1,9,1,1:0 to=1 ply=11"
    );
}

#[test]
fn kalah_capture_from_opposite_with_four_players_is_seat_plus_two() {
    let rules = kalah_with(4, CaptureFrom::Opposite);
    let mut pos = at(&rules, FOUR);
    // Target: seat 0 + 2 = side 2's h4 (7) + 1 = 8.
    pos.play(Move::House(1)).unwrap();
    assert_eq!(
        pos.to_string(),
        "0,1,0,0,0,1:8 1,1,1,5,1,1:0 1,1,1,0,1,1:0 1,1,1,9,1,1:0 to=1 ply=11"
    );
}

#[test]
fn kalah_capture_from_all_with_four_players() {
    let rules = kalah_with(4, CaptureFrom::All);
    let mut pos = at(&rules, FOUR);
    // Every other seat: 5 + 7 + 9 + 1 = 22.
    let effect = pos.play(Move::House(1)).unwrap();
    assert_eq!(effect.captured, 22);
    assert_eq!(
        pos.to_string(),
        "0,1,0,0,0,1:22 1,1,1,0,1,1:0 1,1,1,0,1,1:0 1,1,1,0,1,1:0 to=1 ply=11"
    );
}

#[test]
fn kalah_capture_from_next_from_the_last_seat_takes_from_seat_0() {
    let rules = kalah_with(3, CaptureFrom::Next);
    let mut pos = at(
        &rules,
        "1,1,1,5,1,1:0 1,1,1,7,1,1:0 2,0,0,0,0,1:0 to=2 ply=10",
    );
    // Side 2 sows h1 into h2 and its empty h3; the next seat CCW after seat 2
    // is seat 0: its h4 (5) + 1 = 6 go to store 2. Then seat 0 moves.
    pos.play(Move::House(1)).unwrap();
    assert_eq!(
        pos.to_string(),
        "1,1,1,0,1,1:0 1,1,1,7,1,1:0 0,1,0,0,0,1:6 to=0 ply=11"
    );
}

#[test]
fn kalah_capture_from_opposite_with_four_players_wraps_around() {
    let rules = kalah_with(4, CaptureFrom::Opposite);
    let mut pos = at(
        &rules,
        "1,1,1,5,1,1:0 1,1,1,7,1,1:0 1,1,1,9,1,1:0 2,0,0,0,0,1:0 to=3 ply=10",
    );
    // Seat 3 + 2 = seat 1 (mod 4): side 1's h4 (7) + 1 = 8 go to store 3.
    pos.play(Move::House(1)).unwrap();
    assert_eq!(
        pos.to_string(),
        "1,1,1,5,1,1:0 1,1,1,0,1,1:0 1,1,1,9,1,1:0 0,1,0,0,0,1:8 to=0 ply=11"
    );
}

// ---------------------------------------------------------------------------
// Section 5: captures (count family)
// ---------------------------------------------------------------------------

#[test]
fn oware_captures_two_on_the_opponents_side() {
    let rules = preset(Preset::Oware);
    let mut pos = at(&rules, "1,0,0,0,0,1:0 1,4,4,4,4,4:0 to=0 ply=10");
    // h6 -> o1 (1 -> 2): captured. The chain steps back to h6, the mover's
    // own side, and stops.
    let effect = pos.play(Move::House(6)).unwrap();
    assert_eq!(effect.captured, 2);
    assert_eq!(pos.to_string(), "1,0,0,0,0,0:2 0,4,4,4,4,4:0 to=1 ply=11");
}

#[test]
fn oware_captures_three_on_the_opponents_side() {
    let rules = preset(Preset::Oware);
    let mut pos = at(&rules, "1,0,0,0,0,1:0 2,4,4,4,4,4:0 to=0 ply=10");
    // h6 -> o1 (2 -> 3): captured.
    let effect = pos.play(Move::House(6)).unwrap();
    assert_eq!(effect.captured, 3);
    assert_eq!(pos.to_string(), "1,0,0,0,0,0:3 0,4,4,4,4,4:0 to=1 ply=11");
}

#[test]
fn oware_no_capture_of_a_house_of_one() {
    // OpenSpiel oware_test.cc NoCaptureBecauseTooFewSeedsTest.
    let rules = preset(Preset::Oware);
    let mut pos = at(&rules, "3,1,1,1,0,0:0 0,0,8,0,0,1:0 to=1 ply=10");
    // Side 1's h3 (8): its h4, h5, h6, then side 0's h1..h5. Side 0's h5
    // goes 0 -> 1: no capture.
    let effect = pos.play(Move::House(3)).unwrap();
    assert_eq!(effect.captured, 0);
    assert_eq!(pos.to_string(), "4,2,2,2,1,0:0 0,0,0,1,1,2:0 to=0 ply=11");
}

#[test]
fn oware_no_capture_of_a_house_of_four() {
    // OpenSpiel oware_test.cc NoCaptureBecauseTooManySeedsTest.
    let rules = preset(Preset::Oware);
    let mut pos = at(&rules, "0,0,8,0,0,1:0 3,1,1,1,3,0:0 to=0 ply=10");
    // h3 (8): h4, h5, h6, o1..o5. o5 goes 3 -> 4: no capture.
    let effect = pos.play(Move::House(3)).unwrap();
    assert_eq!(effect.captured, 0);
    assert_eq!(pos.to_string(), "0,0,0,1,1,2:0 4,2,2,2,4,0:0 to=1 ply=11");
}

#[test]
fn oware_no_capture_on_the_movers_own_side() {
    let rules = preset(Preset::Oware);
    let mut pos = at(&rules, "1,1,0,0,0,0:0 1,1,1,1,1,1:0 to=0 ply=10");
    // h1 -> h2 (1 -> 2): a count of 2, but on the mover's side.
    let effect = pos.play(Move::House(1)).unwrap();
    assert_eq!(effect.captured, 0);
    assert_eq!(pos.to_string(), "0,2,0,0,0,0:0 1,1,1,1,1,1:0 to=1 ply=11");
}

#[test]
fn oware_chain_capture_matches_openspiel_capture_till_begin() {
    // OpenSpiel oware_test.cc CaptureOpponentHousesTillBeginTest: board
    // {0,0,8,0,0,1, 1,1,1,1,2,3}, scores {0,0}; action 2 ends the game with
    // scores {15,3}.
    let rules = preset(Preset::Oware);
    let mut pos = at(&rules, "0,0,8,0,0,1:0 1,1,1,1,2,3:0 to=0 ply=10");
    // h3 (8): h4 1, h5 1, h6 2, o1..o4 2, o5 3 (last). Capture o5 (3), chain
    // o4..o1 (2 each) = 11; the chain stops at h6 (own side). 11 of 18 is a
    // majority: the game ends, leftover to owner: side 0 11 + 4, side 1 3.
    let effect = pos.play(Move::House(3)).unwrap();
    assert_eq!(effect.captured, 11);
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:15 0,0,0,0,0,0:3 to=1 ply=11 over=majority"
    );
}

#[test]
fn oware_chain_stops_at_the_movers_own_side() {
    // The OpenSpiel position again, with stores (10, 20) so that 48 seeds
    // are in play and the capture is no majority.
    let rules = preset(Preset::Oware);
    let mut pos = at(&rules, "0,0,8,0,0,1:10 1,1,1,1,2,3:20 to=0 ply=10");
    // o5 (3), o4..o1 (2 each) are captured: 11, store 0 = 21. The next house
    // back is the mover's h6, which holds 2 but is on the mover's side: the
    // chain stops and h6 keeps its 2. o6 (3) was never on the walk.
    pos.play(Move::House(3)).unwrap();
    assert_eq!(pos.to_string(), "0,0,0,1,1,2:21 0,0,0,0,0,3:20 to=1 ply=11");
}

#[test]
fn oware_chain_stops_at_the_first_house_that_does_not_qualify() {
    // Board of OpenSpiel oware_test.cc CaptureMostOpponentHousesTest
    // {0,0,8,0,0,1, 3,1,1,1,2,0} (only the capture is checked here; stores
    // 10 and 20 keep the game going).
    let rules = preset(Preset::Oware);
    let mut pos = at(&rules, "0,0,8,0,0,1:10 3,1,1,1,2,0:20 to=0 ply=10");
    // h3 (8): h4 1, h5 1, h6 2, o1 4, o2 2, o3 2, o4 2, o5 3 (last).
    // Capture o5 3, o4 2, o3 2, o2 2 = 9; o1 holds 4: the chain stops.
    let effect = pos.play(Move::House(3)).unwrap();
    assert_eq!(effect.captured, 9);
    assert_eq!(pos.to_string(), "0,0,0,1,1,2:19 4,0,0,0,0,0:20 to=1 ply=11");
}

#[test]
fn oware_capture_most_opponent_houses_matches_openspiel() {
    // OpenSpiel oware_test.cc CaptureMostOpponentHousesTest, in full:
    // {0,0,8,0,0,1, 3,1,1,1,2,0}, scores 0/0, 17 seeds in all.
    let rules = preset(Preset::Oware);
    let mut pos = at(&rules, "0,0,8,0,0,1:0 3,1,1,1,2,0:0 to=0 ply=10");
    // h3 (8): h4 1, h5 1, h6 2, o1 4, o2 2, o3 2, o4 2, o5 3 (last).
    // Capture o5..o2 = 9 > 17 / 2: a majority ends the game, and the seeds
    // left go to their owners: side 0 9 + 4 = 13, side 1 0 + 4 = 4,
    // OpenSpiel's expected {13, 4}.
    pos.play(Move::House(3)).unwrap();
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:13 0,0,0,0,0,0:4 to=1 ply=11 over=majority"
    );
}

#[test]
fn al_manqala_chain_captures_two_and_four_on_either_side() {
    let rules = preset(Preset::AlManqala);
    let mut pos = at(&rules, "1,0,0,0,4,3,1:0 3,1,0,9,9,9,9:0 to=0 ply=10");
    // h5 (4): h6 3 -> 4, h7 1 -> 2, o1 3 -> 4, o2 1 -> 2 (last).
    // Capture o2 (2), chain o1 (4), h7 (2), h6 (4) — across to the mover's
    // own side — and stop at h5 (0). 2 + 4 + 2 + 4 = 12 (of 49: no majority).
    let effect = pos.play(Move::House(5)).unwrap();
    assert_eq!(effect.captured, 12);
    assert_eq!(
        pos.to_string(),
        "1,0,0,0,0,0,0:12 0,0,0,9,9,9,9:0 to=1 ply=11"
    );
}

#[test]
fn al_manqala_captures_on_the_movers_own_side() {
    let rules = preset(Preset::AlManqala);
    let mut pos = at(&rules, "1,1,0,0,0,0,3:0 1,1,1,1,1,1,1:0 to=0 ply=10");
    // h1 -> h2 (1 -> 2): capture_side any, so the mover's own house is
    // taken; the chain steps back to h1 (0) and stops.
    let effect = pos.play(Move::House(1)).unwrap();
    assert_eq!(effect.captured, 2);
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0,3:2 1,1,1,1,1,1,1:0 to=1 ply=11"
    );
}

#[test]
fn al_manqala_chain_wraps_round_the_board_and_takes_each_house_once() {
    let rules = preset(Preset::AlManqala);
    let mut pos = at(&rules, "0,0,0,0,0,0,28:0 2,2,2,2,2,2,2:0 to=0 ply=10");
    // h7 (28) = two laps of the 14-house track: every house gets 2, the
    // origin included, and the last seed lands in h7 (0 -> 2).
    // Board: side 0 all 2, side 1 all 4. Capture h7, then the chain walks
    // back h6..h1 (2 each) and o7..o1 (4 each), reaching h7 again, which now
    // holds 0: every house once, 14 + 28 = 42 (a grand slam, allowed).
    // 42 of 42 is a majority: the game ends.
    let effect = pos.play(Move::House(7)).unwrap();
    assert_eq!(effect.captured, 42);
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0,0:42 0,0,0,0,0,0,0:0 to=1 ply=11 over=majority"
    );
}

#[test]
fn count_capture_side_own_takes_only_the_movers_own_houses() {
    let mut rs = Preset::Oware.rules();
    rs.capture_side = CaptureSide::Own;
    let rules = compile(rs);

    let mut pos = at(&rules, "0,2,1,1,0,1:0 1,1,1,1,1,1:0 to=0 ply=10");
    // h2 (2): h3 1 -> 2, h4 1 -> 2 (last). Own side: capture h4, chain h3,
    // stop at h2 (0). 4 seeds.
    let effect = pos.play(Move::House(2)).unwrap();
    assert_eq!(effect.captured, 4);
    assert_eq!(pos.to_string(), "0,0,0,0,0,1:4 1,1,1,1,1,1:0 to=1 ply=11");

    let mut pos = at(&rules, "0,0,0,0,0,1:0 1,1,1,1,1,1:0 to=0 ply=10");
    // h6 -> o1 (1 -> 2): a count of 2 on the opponent's side: not captured.
    let effect = pos.play(Move::House(6)).unwrap();
    assert_eq!(effect.captured, 0);
    assert_eq!(pos.to_string(), "0,0,0,0,0,0:0 2,1,1,1,1,1:0 to=1 ply=11");
}

#[test]
fn modiar_the_opening_move_captures_nothing() {
    let rules = preset(Preset::Modiar);
    let mut pos = Position::new(&rules);
    // h1 (7), origin first: h1, h2, h3, o1, o2, o3, then h1 again.
    // h1 = 2, h2 = h3 = 8, o = 8,8,8. The last seed makes h1 = 2, a capture
    // count, but no_capture_moves = 1: the opening move captures nothing.
    let effect = pos.play(Move::House(1)).unwrap();
    assert_eq!(effect.captured, 0);
    assert_eq!(pos.to_string(), "2,8,8:0 8,8,8:0 to=1 ply=1");
}

#[test]
fn modiar_the_second_move_captures() {
    let rules = preset(Preset::Modiar);
    let mut pos = Position::new(&rules);
    pos.play(Move::House(1)).unwrap();
    // Side 1's h3 (8), origin first: its h3 (0 -> 1), side 0's h1 (2 -> 3),
    // h2 (9), h3 (9), its h1 (9), h2 (9), h3 (1 -> 2), side 0's h1 (3 -> 4).
    // Capture side 0's h1 (4); the chain steps back to side 1's h3 (2),
    // captured, then its h2 (9) stops it. 4 + 2 = 6. Side 0 keeps 9 + 9: no
    // grand slam.
    let effect = pos.play(Move::House(3)).unwrap();
    assert_eq!(effect.captured, 6);
    assert_eq!(pos.to_string(), "0,9,9:0 9,9,0:6 to=0 ply=2");
}

#[test]
fn no_capture_moves_suppresses_captures_for_the_first_n_moves() {
    let mut rs = Preset::Kalah.rules();
    rs.no_capture_moves = 2;
    let rules = compile(rs);
    // The basic opposite capture (h3 takes o4 = 5) as the game's 2nd move
    // (ply=1): nothing captured, the seed stays in h3.
    let mut pos = at(&rules, "2,0,0,0,0,1:0 1,1,1,5,1,1:0 to=0 ply=1");
    pos.play(Move::House(1)).unwrap();
    assert_eq!(pos.to_string(), "0,1,1,0,0,1:0 1,1,1,5,1,1:0 to=1 ply=2");
    // As the 3rd move (ply=2) it captures 5 + 1.
    let mut pos = at(&rules, "2,0,0,0,0,1:0 1,1,1,5,1,1:0 to=0 ply=2");
    pos.play(Move::House(1)).unwrap();
    assert_eq!(pos.to_string(), "0,1,0,0,0,1:6 1,1,1,0,1,1:0 to=1 ply=3");
}

#[test]
fn two_player_rules_are_rejected_with_three_or_four_players() {
    for players in [3, 4] {
        let mut count = Preset::Oware.rules();
        count.players = players;
        count.must_feed = false;
        count.grand_slam = GrandSlam::Allowed;
        let mut feed = Preset::Kalah.rules();
        feed.players = players;
        feed.must_feed = true;
        let mut slam = Preset::Kalah.rules();
        slam.players = players;
        slam.grand_slam = GrandSlam::NoCapture;
        let mut pie = Preset::Kalah.rules();
        pie.players = players;
        pie.pie_rule = true;
        for (name, rs) in [
            ("count capture", count),
            ("must_feed", feed),
            ("grand_slam", slam),
            ("pie_rule", pie),
        ] {
            assert!(
                matches!(Rules::new(&rs), Err(RuleError::TwoPlayerRule { .. })),
                "{name} with {players} players must be rejected"
            );
        }
    }
}

// ---------------------------------------------------------------------------
// Section 6: grand slam
// ---------------------------------------------------------------------------

#[test]
fn al_manqala_grand_slam_captures_as_usual() {
    let rules = preset(Preset::AlManqala);
    // 26 seeds in all.
    let mut pos = at(&rules, "2,0,0,0,0,0,1:10 1,0,0,0,0,0,0:12 to=0 ply=10");
    // h7 -> o1 (1 -> 2): captured (chain stops at h7 = 0). Side 1 is left
    // empty: a grand slam, allowed: store 0 = 12 (24 of 26: no majority).
    // Side 1 then cannot move: starving, it claims the 2 seeds left (12 + 2).
    let effect = pos.play(Move::House(7)).unwrap();
    assert_eq!(effect.captured, 2);
    assert!(
        effect.grand_slam,
        "reported even where grand slams are allowed"
    );
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0,0:12 0,0,0,0,0,0,0:14 to=1 ply=11 over=starved"
    );
}

#[test]
fn oware_grand_slam_captures_nothing() {
    // OpenSpiel oware_test.cc NoCaptureBecauseGrandSlamTest.
    let rules = preset(Preset::Oware);
    let mut pos = at(&rules, "1,1,1,1,1,0:0 0,0,8,0,0,1:0 to=1 ply=10");
    // Side 1's h3 (8): its h4, h5, h6, side 0's h1..h5 (1 -> 2 each, last).
    // Capturing h5..h1 would empty side 0 (h6 = 0): a grand slam, which
    // under no_capture captures nothing; the board keeps the seeds.
    let effect = pos.play(Move::House(3)).unwrap();
    assert!(effect.grand_slam);
    assert_eq!(effect.captured, 0);
    assert_eq!(pos.to_string(), "2,2,2,2,2,0:0 0,0,0,1,1,2:0 to=0 ply=11");
}

#[test]
fn oware_feeding_then_capturing_everything_is_a_grand_slam() {
    let rules = preset(Preset::Oware);
    // Side 1 is empty; 37 seeds, stores 10 each.
    let mut pos = at(&rules, "0,0,0,0,0,17:10 0,0,0,0,0,0:10 to=0 ply=30");
    // h6 (17), origin skipped: o1..o6 (6), h1..h5 (5), o1..o6 (6).
    // o = 2 each, h1..h5 = 1, h6 = 0. Last in o6 = 2; the chain would take
    // o6..o1, every seed it fed: a grand slam, so nothing is captured, and
    // the move does feed (it is legal under must_feed).
    assert_eq!(pos.legal_moves().to_vec(), houses(&[6]));
    let effect = pos.play(Move::House(6)).unwrap();
    assert!(effect.grand_slam);
    assert_eq!(effect.captured, 0);
    assert_eq!(pos.to_string(), "1,1,1,1,1,0:10 2,2,2,2,2,2:10 to=1 ply=31");
}

#[test]
fn a_capture_only_on_the_movers_own_side_is_never_a_grand_slam() {
    let rules = preset(Preset::Modiar);
    // Side 1 is empty; 15 seeds in all (stores 5 and 7: no majority).
    let mut pos = at(&rules, "2,1,0:5 0,0,0:7 to=0 ply=20");
    // h1 (2): h1 = 1, h2 = 2: captures h2 (own side) and leaves side 1 empty,
    // but takes nothing from it: not a grand slam, so not forbidden. It
    // cannot feed, and no move can (h2 is a singleton): unfed any_move.
    assert_eq!(pos.legal_moves().to_vec(), houses(&[1]));
    let effect = pos.play(Move::House(1)).unwrap();
    assert!(!effect.grand_slam);
    assert_eq!(effect.captured, 2);
    // Store 0 = 7 (14 of 15: no majority). Side 1 has no move: the game
    // ends, leftover owner: side 0 takes its last seed (8).
    assert_eq!(
        pos.to_string(),
        "0,0,0:8 0,0,0:7 to=1 ply=21 over=no_legal_move"
    );
}

#[test]
fn effect_names_the_cups_an_opposite_capture_empties() {
    let rules = preset(Preset::Kalah);
    let mut pos = at(&rules, "0,0,0,1,0,0:0 0,3,0,0,0,1:0 to=0 ply=9");
    // h4 (1) -> h5, empty before: its corresponding house is side 1's
    // house 6 - 5 + 1 = 2 (3 seeds): 3 + 1 to the store.
    let effect = pos.play(Move::House(4)).unwrap();
    assert_eq!(effect.captured, 4);
    assert_eq!(
        effect.captured_cups().collect::<Vec<_>>(),
        [
            Cup::House {
                side: Side::new(0),
                number: 5
            },
            Cup::House {
                side: Side::new(1),
                number: 2
            }
        ]
    );
    assert_eq!(
        effect.last,
        Some(Cup::House {
            side: Side::new(0),
            number: 5
        })
    );
}

#[test]
fn effect_names_the_houses_a_chain_capture_empties() {
    // OpenSpiel oware_test.cc CaptureOpponentHousesTillBeginTest.
    let rules = preset(Preset::Oware);
    let mut pos = at(&rules, "0,0,8,0,0,1:0 1,1,1,1,2,3:0 to=0 ply=10");
    // h3 (8): h4..h6, o1..o5; o5 = 3, o4..o1 = 2: all five captured.
    let effect = pos.play(Move::House(3)).unwrap();
    let houses: Vec<Cup> = (1..=5)
        .map(|number| Cup::House {
            side: Side::new(1),
            number,
        })
        .collect();
    assert_eq!(effect.captured_cups().collect::<Vec<_>>(), houses);
    assert_eq!(effect.captured, 11);
}
