//! A house capacity (`capacity`, docs/rules.md section 3; Urim's 17): a
//! sowing passes over a house that holds `capacity` seeds or more, and a
//! store is never full. Every expected board was worked out by hand from
//! docs/rules.md sections 3 to 5.
//!
//! Notation: per side `house 1,...,house n:store`, side 0 first, then
//! `to=SIDE ply=N`. Counter-clockwise sowing runs through side 0's houses
//! 1..n, then side 0's store where stores are sown, then side 1's houses.

use mancala_core::*;
use mancala_testkit::pick::{at, compile};

fn spec(spec: &str) -> RuleSet {
    RuleSet::from_spec(spec).unwrap()
}

#[test]
fn a_seed_passes_over_two_full_houses_into_the_store_and_moves_again() {
    let rules = compile(spec("kalah,capacity=5"));
    // h4's one seed: h5 and h6 hold 5, the capacity, and are passed over;
    // it falls into side 0's store, which is never full: another move.
    let mut pos = at(&rules, "0,0,0,1,5,5:10 4,4,4,4,4,4:3 to=0 ply=20");
    let store = Cup::Store { side: Side::new(0) };
    assert_eq!(pos.landing(Move::House(4)), Some(store));
    assert_eq!(pos.sowing_path(Move::House(4)).unwrap(), [store]);
    let effect = pos.play(Move::House(4)).unwrap();
    assert!(effect.extra_turn);
    assert_eq!(pos.to_string(), "0,0,0,0,5,5:11 4,4,4,4,4,4:3 to=0 ply=21");
    // Without the capacity the seed falls into h5.
    let plain = compile(spec("kalah"));
    let mut pos = at(&plain, "0,0,0,1,5,5:10 4,4,4,4,4,4:3 to=0 ply=20");
    pos.play(Move::House(4)).unwrap();
    assert_eq!(pos.to_string(), "0,0,0,0,6,5:10 4,4,4,4,4,4:3 to=1 ply=21");
}

#[test]
fn a_house_that_fills_up_during_a_sowing_is_passed_over_on_the_next_lap() {
    let rules = compile(spec("oware,capacity=17,capture_counts=2,3,4"));
    // h4's 15 seeds, the emptied house passed over (origin = skip): h5,
    // h6, o1 (16 -> 17, now full), o2, o3 passed over (17), o4, o5, o6,
    // h1, h2, h3, then h5, h6, o1 passed over (full now), o2, o4, o5: the
    // last seed makes o5 hold 2, taken, then o4 (2) before it; o3 (17)
    // ends the chain. 4 seeds taken.
    let mut pos = at(&rules, "0,0,0,15,0,0:0 16,0,17,0,0,0:0 to=0 ply=30");
    let path: Vec<String> = pos
        .sowing_path(Move::House(4))
        .unwrap()
        .iter()
        .map(Cup::to_string)
        .collect();
    assert_eq!(path.len(), 15);
    assert_eq!(pos.play(Move::House(4)).unwrap().captured, 4);
    assert_eq!(pos.to_string(), "1,1,1,0,2,2:4 17,2,17,0,0,1:0 to=1 ply=31");
}

#[test]
fn capacity_is_refused_without_room_for_every_seed_and_with_rules_it_does_not_play() {
    // Oware's 48 seeds in 11 houses of at most 4: 44 places.
    for (text, field) in [
        ("oware,capacity=4", "capacity"),
        ("oware,capacity=17,rounds=fill", "rounds"),
        ("kalah,capacity=9,direction=parity", "direction"),
        ("kalah,capacity=9,reach_opponent=true", "reach_opponent"),
        ("kalah,capacity=9,single_to_empty=true", "single_to_empty"),
        ("toguz-kumalak,capacity=100", "tuzdyk"),
    ] {
        let err = RuleSet::from_spec(text).unwrap_err();
        assert!(
            matches!(
                err,
                RuleSpecError::Invalid(RuleError::InvalidValue { field: f, reason: InvalidReason::Capacity, .. }) if f == field
            ),
            "{text}: {err}"
        );
        assert!(err.to_string().contains("capacity"), "{text}: {err}");
    }
    // 5 places a house, 11 houses: 55 places for Oware's 48 seeds.
    spec("oware,capacity=5").validate().unwrap();
}

#[test]
fn a_position_with_more_seeds_than_all_houses_but_one_hold_is_refused() {
    let rules = compile(spec("kalah,capacity=5"));
    // 56 seeds in the houses, 55 places in all but one of the 12.
    let setup = "5,5,5,5,5,5:0 5,5,5,5,5,1:0".parse().unwrap();
    assert_eq!(
        Position::from_setup(&rules, &setup).unwrap_err(),
        SetupError::OverCapacity {
            seeds: 56,
            most: 55,
            capacity: 5
        }
    );
    let setup = "5,5,5,5,5,5:1 5,5,5,5,5,0:0".parse().unwrap();
    Position::from_setup(&rules, &setup).unwrap();
}

#[test]
fn urim_passes_over_a_full_house_and_takes_a_house_of_two_beyond_it() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/urim.toml");
    let set = RuleSet::from_toml(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(set.capacity, 17);
    let rules = compile(set);
    // h6's 3 seeds: o1 holds 17 and is passed over; o2 (1 -> 2), o3
    // (0 -> 1), o4 (1 -> 2): o4 is taken, and o3 (1) before it ends the
    // chain. Side 0's row is empty now, so side 1 must feed it: only o1
    // reaches it.
    let mut pos = at(&rules, "0,0,0,0,0,3:13 17,1,0,1,0,0:13 to=0 ply=20");
    assert_eq!(pos.play(Move::House(6)).unwrap().captured, 2);
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:15 17,2,1,0,0,0:13 to=1 ply=21"
    );
    assert_eq!(pos.legal_moves().to_vec(), [Move::House(1)]);
}
