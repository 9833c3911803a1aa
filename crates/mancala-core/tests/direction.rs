//! The `direction` dimension (docs/rules.md section 3), one test per rule
//! on a hand-built position whose expected result was worked out by hand
//! from docs/rules.md.
//!
//! Notation reminder: per side `house 1,...,house n:store`, side 0 first.
//! The board's order is side 0's houses 1..n, side 0's store, side 1's
//! houses 1..n, side 1's store; under `cw` that order runs clockwise on a
//! mirrored board, under `parity` an odd count runs it backwards. Below,
//! `hK` is a house of the mover, `oK` one of the opponent, `s0`/`s1` the
//! stores.

use mancala_core::*;
use mancala_testkit::pick::{at, compile, houses};

fn with(preset: Preset, changes: &[(&str, &str)]) -> Rules {
    let mut set = preset.rules();
    for (name, value) in changes {
        set.set(name, value).unwrap();
    }
    compile(set)
}

fn parity(preset: Preset) -> Rules {
    with(preset, &[("direction", "parity")])
}

fn cup(name: &str) -> Cup {
    let (kind, number) = name.split_at(1);
    match kind {
        "h" => Cup::House {
            side: Side::new(0),
            number: number.parse().unwrap(),
        },
        "o" => Cup::House {
            side: Side::new(1),
            number: number.parse().unwrap(),
        },
        _ => Cup::Store {
            side: Side::new(number.parse().unwrap()),
        },
    }
}

// ---------------------------------------------------------------------------
// cw: the mirror image, every rule in sowing order
// ---------------------------------------------------------------------------

#[test]
fn direction_cw_sows_clockwise() {
    let rules = with(Preset::Kalah, &[("direction", "cw")]);
    let mut pos = Position::new(&rules);
    // House 3's four seeds go to h4, h5, h6 and the store, which on the
    // mirrored board lies left of side 0's row: an extra turn, as in Kalah.
    let effect = pos.play(Move::House(3)).unwrap();
    assert!(effect.extra_turn);
    assert_eq!(pos.to_string(), "4,4,0,5,5,5:1 4,4,4,4,4,4:0 to=0 ply=1");
    // Side 0 sows right to left along the bottom row, up past its store on
    // the left, then left to right along side 1's row: clockwise.
    let expected = "        1   2   3   4   5   6    side 1\n     \
                    [  4|  4|  4|  4|  4|  4]\n   \
                    1                          0   \n     \
                    [  5|  5|  5|  0|  4|  4]\n        \
                    6   5   4   3   2   1    side 0\n\
                    seeds travel clockwise\n\
                    side 0 to move";
    assert_eq!(format!("{pos:#}"), expected);
}

#[test]
fn direction_ccw_board_is_drawn_as_before() {
    let rules = compile(Preset::Kalah.rules());
    let mut pos = Position::new(&rules);
    pos.play(Move::House(3)).unwrap();
    let expected = "        6   5   4   3   2   1    side 1\n     \
                    [  4|  4|  4|  4|  4|  4]\n   \
                    0                          1   \n     \
                    [  4|  4|  0|  5|  5|  5]\n        \
                    1   2   3   4   5   6    side 0\n\
                    side 0 to move";
    assert_eq!(format!("{pos:#}"), expected);
}

#[test]
fn direction_cw_plays_house_for_house_as_its_ccw_twin() {
    // Section 3: a cw game plays as the ccw one; only the drawing differs.
    for preset in [Preset::Kalah, Preset::Oware, Preset::Modiar] {
        let ccw = compile(preset.rules());
        let cw = with(preset, &[("direction", "cw")]);
        let (mut a, mut b) = (Position::new(&ccw), Position::new(&cw));
        for d in 1..=4 {
            assert_eq!(perft(&a, d), perft(&b, d), "{preset} depth {d}");
        }
        for k in [2u8, 5, 1, 6, 3, 3, 4, 1, 2, 6] {
            let moves = a.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves.iter().nth(usize::from(k) % moves.len()).unwrap();
            assert_eq!(a.play(m).unwrap(), b.play(m).unwrap());
            assert_eq!(a.to_string(), b.to_string());
        }
    }
}

#[test]
fn direction_cw_keeps_the_move_bound() {
    let mut cw = Preset::Kalah.rules();
    cw.direction = Direction::Cw;
    assert_eq!(cw.move_bound(), Preset::Kalah.rules().move_bound());
}

// ---------------------------------------------------------------------------
// parity: odd counts clockwise, even counts counter-clockwise
// ---------------------------------------------------------------------------

#[test]
fn direction_parity_odd_goes_clockwise() {
    let rules = parity(Preset::Kalah);
    let mut pos = at(&rules, "0,0,3,0,0,0:0 1,1,1,1,1,1:0 to=0 ply=10");
    // Three seeds from h3, backwards: h2, h1, then s1 (the opponent's
    // store, skipped) and o6.
    let effect = pos.play(Move::House(3)).unwrap();
    assert_eq!(pos.to_string(), "1,1,0,0,0,0:0 1,1,1,1,1,2:0 to=1 ply=11");
    assert_eq!(effect.last, Some(cup("o6")));
    assert!(!effect.extra_turn);
}

#[test]
fn direction_parity_even_goes_counter_clockwise() {
    let rules = parity(Preset::Kalah);
    let mut pos = at(&rules, "0,0,4,0,0,0:0 1,1,1,1,1,1:0 to=0 ply=10");
    // Four seeds from h3, the usual way: h4, h5, h6, s0 (extra turn).
    let effect = pos.play(Move::House(3)).unwrap();
    assert_eq!(pos.to_string(), "0,0,0,1,1,1:1 1,1,1,1,1,1:0 to=0 ply=11");
    assert!(effect.extra_turn);
}

#[test]
fn direction_parity_clockwise_reaches_the_own_store_after_the_opponents_row() {
    let rules = parity(Preset::Kalah);
    let mut pos = at(&rules, "7,0,0,0,0,1:0 1,1,1,1,1,1:0 to=0 ply=10");
    // Seven seeds from h1, clockwise: s1 skipped, o6..o1, then s0: the
    // mover's own store, just before h6. An extra turn.
    assert_eq!(
        pos.sowing_path(Move::House(1)),
        Some(["o6", "o5", "o4", "o3", "o2", "o1", "s0"].map(cup).to_vec())
    );
    let effect = pos.play(Move::House(1)).unwrap();
    assert_eq!(pos.to_string(), "0,0,0,0,0,1:1 2,2,2,2,2,2:0 to=0 ply=11");
    assert!(effect.extra_turn);
}

#[test]
fn direction_parity_clockwise_passes_every_store_under_stores_sown_all() {
    let rules = with(
        Preset::Kalah,
        &[("direction", "parity"), ("stores_sown", "all")],
    );
    let mut pos = at(&rules, "1,0,0,0,0,1:0 1,1,1,1,1,1:0 to=0 ply=10");
    // One seed from h1, clockwise: straight into s1, the opponent's store,
    // which earns no extra turn under `own_store`.
    let effect = pos.play(Move::House(1)).unwrap();
    assert_eq!(pos.to_string(), "0,0,0,0,0,1:0 1,1,1,1,1,1:1 to=1 ply=11");
    assert_eq!(effect.last, Some(cup("s1")));
    assert!(!effect.extra_turn);
}

#[test]
fn direction_parity_opposite_capture_takes_the_house_across() {
    let rules = parity(Preset::Kalah);
    let mut pos = at(&rules, "0,0,1,0,0,1:0 1,1,1,1,3,1:0 to=0 ply=10");
    // One seed from h3, clockwise, into the empty h2: the house across is
    // o5 (section 1: h2 corresponds to o5 whichever way the move went).
    let effect = pos.play(Move::House(3)).unwrap();
    assert_eq!(pos.to_string(), "0,0,0,0,0,1:4 1,1,1,1,0,1:0 to=1 ply=11");
    assert_eq!(effect.captured, 4);
}

#[test]
fn direction_parity_chain_walks_against_the_clockwise_sowing() {
    let rules = parity(Preset::Oware);
    let mut pos = at(&rules, "3,0,0,0,0,5:0 1,1,2,1,2,1:0 to=0 ply=10");
    // Three seeds from h1, clockwise: o6 (2), o5 (3), o4 (2). The chain
    // walks back against the sowing, to o5 and o6 (both taken), then h1
    // (the mover's own side: it stops). o3 holds 2 but lies the other way.
    let effect = pos.play(Move::House(1)).unwrap();
    assert_eq!(pos.to_string(), "0,0,0,0,0,5:7 1,1,2,0,0,0:0 to=1 ply=11");
    assert_eq!(effect.captured, 7);
}

#[test]
fn direction_parity_origin_skip_on_a_clockwise_lap() {
    let rules = parity(Preset::Oware);
    let mut pos = at(&rules, "13,0,0,0,0,0:0 0,0,0,0,0,0:0 to=0 ply=10");
    // Thirteen seeds from h1, clockwise: o6..o1, h6..h2 (11 cups, h1
    // skipped), then o6 and o5 again. o5 holds 2: taken, and the chain
    // goes on to o6 (2), then stops at h1. o1..o4 keep theirs: no grand
    // slam, and the move feeds.
    let effect = pos.play(Move::House(1)).unwrap();
    assert_eq!(pos.to_string(), "0,1,1,1,1,1:4 1,1,1,1,0,0:0 to=1 ply=11");
    assert_eq!(effect.last, Some(cup("o5")));
    assert!(!effect.grand_slam);
}

#[test]
fn direction_parity_origin_first_on_a_clockwise_sowing() {
    let rules = with(
        Preset::Kalah,
        &[("direction", "parity"), ("origin", "first")],
    );
    let mut pos = at(&rules, "1,0,3,0,0,1:0 1,1,1,1,1,1:0 to=0 ply=10");
    // Three seeds from h3, clockwise, the first back into h3: h3, h2, h1.
    // h1 held a seed already: no capture.
    pos.play(Move::House(3)).unwrap();
    assert_eq!(pos.to_string(), "2,1,1,0,0,1:0 1,1,1,1,1,1:0 to=1 ply=11");
}

#[test]
fn direction_parity_must_feed_looks_at_each_moves_own_direction() {
    let rules = parity(Preset::Oware);
    let pos = at(&rules, "1,2,0,0,0,1:0 0,0,0,0,0,0:0 to=0 ply=10");
    // h1 (1, clockwise) reaches o6 and feeds; h2 (2, counter-clockwise)
    // stays home; h6 (1, clockwise) goes to h5, not to o1.
    assert_eq!(pos.legal_moves().to_vec(), houses(&[1]));
}

#[test]
fn direction_parity_grand_slam_captures_nothing() {
    let rules = parity(Preset::Oware);
    let mut pos = at(&rules, "1,0,0,0,0,4:0 0,0,0,0,0,1:0 to=0 ply=10");
    // One seed from h1, clockwise, makes o6 hold 2: taking it would empty
    // side 1, a grand slam, which under `no_capture` takes nothing.
    let effect = pos.play(Move::House(1)).unwrap();
    assert!(effect.grand_slam);
    assert_eq!(effect.captured, 0);
    assert_eq!(pos.to_string(), "0,0,0,0,0,4:0 0,0,0,0,0,2:0 to=1 ply=11");
}

#[test]
fn direction_parity_has_no_move_bound() {
    // Section 13: a clockwise sowing carries seeds away from their store.
    let mut set = Preset::Kalah.rules();
    set.direction = Direction::Parity;
    assert_eq!(set.move_bound(), None);
    assert!(!set.always_ends());
}

#[test]
fn direction_parity_board_says_which_way_the_counts_go() {
    let rules = parity(Preset::Kalah);
    let pos = Position::new(&rules);
    let drawing = format!("{pos:#}");
    assert!(drawing.starts_with("        6   5   4   3   2   1    side 1\n"));
    assert!(drawing.contains("an odd count sows clockwise, an even one counter-clockwise"));
}

#[test]
fn direction_values_read_from_files_and_specs() {
    let set = RuleSet::from_toml("preset = \"kalah\"\ndirection = \"parity\"").unwrap();
    assert_eq!(set.direction, Direction::Parity);
    let set = RuleSet::from_spec("oware,direction=cw").unwrap();
    assert_eq!(set.direction, Direction::Cw);
    let mut set = Preset::Kalah.rules();
    assert!(matches!(
        set.set("direction", "widdershins"),
        Err(RuleError::UnknownValue {
            field: "direction",
            ..
        })
    ));
}
