//! Sowings that go both ways (issue 30, docs/rules.md section 3): the
//! direction chosen by the mover (`direction_choice`, moves `3cw` and
//! `3ccw`) and split sowing (`direction = split`), one rule per test on a
//! concrete position whose result was worked out by hand from
//! docs/rules.md.
//!
//! Notation reminder: per side `house 1,...,house n:store`, side 0 first.
//! Counter-clockwise, side 0 sows from its house 1 towards its store,
//! then side 1's houses 1..n; a clockwise sowing walks that track
//! backwards: from side 0's house 1 to side 1's last house (side 1's
//! store lies off side 0's track in Kalah). `hK` is a house of side 0,
//! `oK` one of side 1.

use mancala_core::*;
use mancala_testkit::pick::{at, compile, houses};

fn with(preset: Preset, changes: &[(&str, &str)]) -> Rules {
    let mut set = preset.rules();
    for (name, value) in changes {
        set.set(name, value).unwrap();
    }
    compile(set)
}

fn cw(n: u8) -> Move {
    Move::Directed(n, Sense::Cw)
}

fn ccw(n: u8) -> Move {
    Move::Directed(n, Sense::Ccw)
}

// ---------------------------------------------------------------------------
// Notation
// ---------------------------------------------------------------------------

#[test]
fn a_directed_move_is_written_as_its_house_and_direction() {
    assert_eq!("3cw".parse::<Move>(), Ok(cw(3)));
    assert_eq!(" 12CCW ".parse::<Move>(), Ok(ccw(12)));
    assert_eq!(cw(3).to_string(), "3cw");
    assert_eq!(ccw(16).to_string(), "16ccw");
    assert_eq!(cw(3).house(), Some(3));
    assert_eq!(cw(3).sense(), Some(Sense::Cw));
    assert_eq!(Move::House(3).sense(), None);
    assert_eq!(
        parse_moves("2, 3cw,swap").unwrap(),
        vec![Move::House(2), cw(3), Move::Swap]
    );
    assert_eq!(format_moves(&[ccw(1), Move::House(4)]), "1ccw,4");
    let json = serde_json::to_string(&[cw(5), Move::House(2)]).unwrap();
    assert_eq!(json, r#"["5cw","2"]"#);
    let back: Vec<Move> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, [cw(5), Move::House(2)]);
}

#[test]
fn a_bad_direction_is_named() {
    assert_eq!(
        "3up".parse::<Move>(),
        Err(MoveParseError::Direction {
            text: "3up".into(),
            direction: "up".into()
        })
    );
    let message = "3c".parse::<Move>().unwrap_err().to_string();
    assert!(message.contains("\"c\" is not a direction"), "{message}");
    // A direction needs a house; a house 0 is no house.
    assert!(matches!(
        "cw".parse::<Move>(),
        Err(MoveParseError::Move { .. })
    ));
    assert!(matches!(
        "0cw".parse::<Move>(),
        Err(MoveParseError::Move { .. })
    ));
    assert!(matches!(
        "cw3".parse::<Move>(),
        Err(MoveParseError::Move { .. })
    ));
    assert!(matches!(
        parse_moves("1,3x"),
        Err(MoveParseError::InList { index: 2, .. })
    ));
}

#[test]
fn move_indices_are_distinct_and_round_trip() {
    let mut seen = std::collections::HashSet::new();
    for n in 1..=MAX_HOUSES as u8 {
        for m in [Move::House(n), cw(n), ccw(n)] {
            let i = m.index().unwrap();
            assert!(seen.insert(i), "{m} shares index {i}");
            assert_eq!(Move::from_index(i), Some(m));
        }
    }
    assert!(seen.insert(Move::Swap.index().unwrap()));
    assert_eq!(cw(17).index(), None);
    assert_eq!(Move::from_index(62), None);
}

// ---------------------------------------------------------------------------
// direction_choice: legal moves
// ---------------------------------------------------------------------------

#[test]
fn a_chosen_house_gives_two_moves_and_its_number_alone_is_refused() {
    let rules = with(Preset::Kalah, &[("direction_choice", "3")]);
    let mut pos = Position::new(&rules);
    // Houses first, then the directed moves, counter-clockwise first.
    let mut expected = houses(&[1, 2, 4, 5, 6]);
    expected.extend([ccw(3), cw(3)]);
    let legal = pos.legal_moves();
    assert_eq!(legal.to_vec(), expected);
    assert_eq!(legal.len(), 7);
    assert_eq!(legal.get(5), Some(ccw(3)));
    assert!(legal.has_directed());
    assert!(
        !Position::new(&compile(Preset::Kalah.rules()))
            .legal_moves()
            .has_directed()
    );
    let err = pos.play(Move::House(3)).unwrap_err();
    assert_eq!(err.reason, IllegalReason::DirectionNeeded);
    assert!(err.to_string().contains("3cw"), "{err}");
    let err = pos.play(cw(2)).unwrap_err();
    assert_eq!(err.reason, IllegalReason::DirectionFixed);
    assert_eq!(
        pos.play(cw(7)).unwrap_err().reason,
        IllegalReason::NoSuchHouse { houses: 6 }
    );
    assert_eq!(pos.to_string(), "4,4,4,4,4,4:0 4,4,4,4,4,4:0 to=0 ply=0");
}

#[test]
fn an_empty_chosen_house_gives_no_move() {
    let rules = with(Preset::Kalah, &[("direction_choice", "1,2")]);
    let pos = at(&rules, "0,3,0,0,0,1:20 4,4,4,4,4,4:0 to=0 ply=9");
    let mut expected = houses(&[6]);
    expected.extend([ccw(2), cw(2)]);
    assert_eq!(pos.legal_moves().to_vec(), expected);
    let mut tried = pos;
    assert!(tried.play(ccw(1)).is_err());
}

// ---------------------------------------------------------------------------
// direction_choice: sowing
// ---------------------------------------------------------------------------

#[test]
fn counter_clockwise_from_a_chosen_house_is_the_usual_sowing() {
    let rules = with(Preset::Kalah, &[("direction_choice", "3")]);
    let mut pos = Position::new(&rules);
    // h3's 4 seeds: h4, h5, h6 and the store: an extra turn, as in Kalah.
    let effect = pos.play(ccw(3)).unwrap();
    assert!(effect.extra_turn);
    assert_eq!(effect.mv, ccw(3));
    assert_eq!(pos.to_string(), "4,4,0,5,5,5:1 4,4,4,4,4,4:0 to=0 ply=1");
}

#[test]
fn clockwise_from_a_chosen_house_walks_the_track_backwards() {
    let rules = with(Preset::Kalah, &[("direction_choice", "3")]);
    let mut pos = Position::new(&rules);
    let side1 = Side::new(1);
    // h3's 4 seeds: h2, h1, then side 1's row from its last house: o6, o5.
    assert_eq!(
        pos.sowing_path(cw(3)).unwrap(),
        [
            Cup::House {
                side: Side::new(0),
                number: 2
            },
            Cup::House {
                side: Side::new(0),
                number: 1
            },
            Cup::House {
                side: side1,
                number: 6
            },
            Cup::House {
                side: side1,
                number: 5
            },
        ]
    );
    assert_eq!(
        pos.landing(cw(3)),
        Some(Cup::House {
            side: side1,
            number: 5
        })
    );
    let effect = pos.play(cw(3)).unwrap();
    assert!(!effect.extra_turn);
    assert_eq!(
        effect.last,
        Some(Cup::House {
            side: side1,
            number: 5
        })
    );
    assert_eq!(pos.to_string(), "5,5,0,4,4,4:0 4,4,4,4,5,5:0 to=1 ply=1");
}

#[test]
fn a_clockwise_sowing_reaches_the_movers_store_after_the_other_row() {
    // Side 1 sows o1 clockwise: h6, h5, h4, h3, h2, h1 of side 0, then
    // side 1's own store, which ends side 1's track going backwards.
    let rules = with(Preset::Kalah, &[("direction_choice", "1")]);
    let mut pos = at(&rules, "1,1,1,1,1,1:0 7,1,1,1,1,1:18 to=1 ply=5");
    let effect = pos.play(cw(1)).unwrap();
    assert!(effect.extra_turn);
    assert_eq!(pos.to_string(), "2,2,2,2,2,2:0 0,1,1,1,1,1:19 to=1 ply=6");
}

#[test]
fn an_opposite_capture_follows_a_clockwise_sowing() {
    let rules = with(Preset::Kalah, &[("direction_choice", "1,2,3,4,5,6")]);
    let mut pos = at(&rules, "0,0,0,1,0,2:0 1,1,1,5,1,1:0 to=0 ply=4");
    // h4's seed goes back into the empty h3: it takes o4 (across) and
    // itself, 5 + 1 seeds.
    let effect = pos.play(cw(4)).unwrap();
    assert_eq!(effect.captured, 6);
    assert_eq!(pos.to_string(), "0,0,0,0,0,2:6 1,1,1,0,1,1:0 to=1 ply=5");
}

#[test]
fn a_count_chain_walks_against_a_clockwise_move() {
    let rules = with(Preset::Oware, &[("direction_choice", "2")]);
    let start = at(&rules, "1,3,0,0,0,4:10 4,4,4,4,2,1:11 to=0 ply=8");
    // h2's 3 seeds clockwise: h1 (2), o6 (2), o5 (3). o5 is taken; the
    // chain walks on away from the sowing's end, against its direction:
    // o6 (2) is taken; h1 is the mover's own, where it stops.
    let mut pos = start;
    let effect = pos.play(cw(2)).unwrap();
    assert_eq!(effect.captured, 5);
    assert_eq!(pos.to_string(), "2,0,0,0,0,4:15 4,4,4,4,0,0:11 to=1 ply=9");
    // Counter-clockwise the same seeds go to h3, h4, h5: no capture.
    let mut pos = start;
    assert_eq!(pos.play(ccw(2)).unwrap().captured, 0);
    assert_eq!(pos.to_string(), "1,0,1,1,1,4:10 4,4,4,4,2,1:11 to=1 ply=9");
}

#[test]
fn feeding_keeps_only_the_direction_that_feeds() {
    let rules = with(Preset::Oware, &[("direction_choice", "1")]);
    // Side 1 is empty. h1's seed counter-clockwise stays on side 0;
    // clockwise it goes to o6: only that move feeds.
    let pos = at(&rules, "1,0,0,0,0,0:24 0,0,0,0,0,0:23 to=0 ply=10");
    assert_eq!(pos.legal_moves().to_vec(), [cw(1)]);
    let mut tried = pos;
    assert_eq!(
        tried.play(ccw(1)).unwrap_err().reason,
        IllegalReason::MustFeed
    );
}

#[test]
fn on_a_clockwise_board_clockwise_is_the_boards_way() {
    let rules = with(
        Preset::Kalah,
        &[("direction", "cw"), ("direction_choice", "3")],
    );
    let mut pos = Position::new(&rules);
    // Under `cw` the board's order is clockwise: 3cw sows h4, h5, h6 and
    // the store, as Kalah's 3.
    assert!(pos.play(cw(3)).unwrap().extra_turn);
    assert_eq!(pos.to_string(), "4,4,0,5,5,5:1 4,4,4,4,4,4:0 to=0 ply=1");
    let mut pos = Position::new(&rules);
    pos.play(ccw(3)).unwrap();
    assert_eq!(pos.to_string(), "5,5,0,4,4,4:0 4,4,4,4,5,5:0 to=1 ply=1");
}

// ---------------------------------------------------------------------------
// split
// ---------------------------------------------------------------------------

#[test]
fn split_rows_sow_towards_their_nearer_end() {
    let rules = with(Preset::Kalah, &[("houses", "4"), ("direction", "split")]);
    let start = Position::new(&rules);
    // An even row: every house is played by its number alone.
    assert_eq!(start.legal_moves().to_vec(), houses(&[1, 2, 3, 4]));
    // h1 (the left half) sows clockwise: o4, o3, o2, o1.
    let mut pos = start;
    pos.play(Move::House(1)).unwrap();
    assert_eq!(pos.to_string(), "0,4,4,4:0 5,5,5,5:0 to=1 ply=1");
    // h2: h1, o4, o3, o2.
    let mut pos = start;
    pos.play(Move::House(2)).unwrap();
    assert_eq!(pos.to_string(), "5,0,4,4:0 4,5,5,5:0 to=1 ply=1");
    // h3 (the right half) counter-clockwise: h4, the store, o1, o2.
    let mut pos = start;
    pos.play(Move::House(3)).unwrap();
    assert_eq!(pos.to_string(), "4,4,0,5:1 5,5,4,4:0 to=1 ply=1");
    // Side 1's o1 is the left of its row: clockwise, its 5 seeds go to
    // h4, h3, h2, h1 and side 1's own store, the last: another move.
    let effect = pos.play(Move::House(1)).unwrap();
    assert!(effect.extra_turn);
    assert_eq!(pos.to_string(), "5,5,1,6:1 0,5,4,4:1 to=1 ply=2");
    assert_eq!(
        pos.play(cw(2)).unwrap_err().reason,
        IllegalReason::DirectionFixed
    );
}

#[test]
fn a_split_odd_row_lets_the_mover_choose_for_its_middle_house() {
    let rules = with(
        Preset::Kalah,
        &[
            ("houses", "5"),
            ("direction", "split"),
            ("direction_choice", "3"),
        ],
    );
    let start = Position::new(&rules);
    let mut expected = houses(&[1, 2, 4, 5]);
    expected.extend([ccw(3), cw(3)]);
    assert_eq!(start.legal_moves().to_vec(), expected);
    // h3's 4 seeds clockwise: h2, h1, o5, o4.
    let mut pos = start;
    pos.play(cw(3)).unwrap();
    assert_eq!(pos.to_string(), "5,5,0,4,4:0 4,4,4,5,5:0 to=1 ply=1");
    // Counter-clockwise: h4, h5, the store, o1.
    let mut pos = start;
    pos.play(ccw(3)).unwrap();
    assert_eq!(pos.to_string(), "4,4,0,5,5:1 5,4,4,4,4:0 to=1 ply=1");
}

// ---------------------------------------------------------------------------
// Validation (docs/rules.md section 14)
// ---------------------------------------------------------------------------

/// Overrides of the Kalah preset, the field refused and why.
type Refusal = (
    &'static [(&'static str, &'static str)],
    &'static str,
    InvalidReason,
);

// ---------------------------------------------------------------------------
// Each player their own way (direction = opposed)
// ---------------------------------------------------------------------------

#[test]
fn opposed_sides_sow_opposite_ways_and_their_moves_are_house_numbers() {
    let rules = with(Preset::Kalah, &[("direction", "opposed")]);
    let mut pos = Position::new(&rules);
    assert_eq!(pos.legal_moves().to_vec(), houses(&[1, 2, 3, 4, 5, 6]));
    // Side 0 counter-clockwise, as in Kalah: h3's 4 seeds into h4, h5,
    // h6 and the store, an extra turn.
    assert!(pos.play(Move::House(3)).unwrap().extra_turn);
    assert_eq!(pos.to_string(), "4,4,0,5,5,5:1 4,4,4,4,4,4:0 to=0 ply=1");
    // h1: h2 to h5, no extra turn.
    pos.play(Move::House(1)).unwrap();
    assert_eq!(pos.to_string(), "0,5,1,6,6,5:1 4,4,4,4,4,4:0 to=1 ply=2");
    // Side 1 clockwise, walking its track backwards: o2's 4 seeds into
    // o1, then side 0's h6, h5, h4 (side 1's own store comes after its
    // o6 on its track, and side 0's is not on it).
    assert_eq!(pos.legal_moves().to_vec(), houses(&[1, 2, 3, 4, 5, 6]));
    let effect = pos.play(Move::House(2)).unwrap();
    assert_eq!(
        effect.last,
        Some(Cup::House {
            side: Side::new(0),
            number: 4
        })
    );
    assert_eq!(pos.to_string(), "0,5,1,7,7,6:1 5,0,4,4,4,4:0 to=0 ply=3");
    // o6 clockwise: o5, o4, o3, and o2, empty: the opposite capture
    // takes h5 (7) and the seed into side 1's store.
    let mut pos = at(&rules, "0,5,1,7,7,6:1 5,0,4,4,4,4:0 to=1 ply=3");
    assert_eq!(pos.play(Move::House(6)).unwrap().captured, 8);
    assert_eq!(pos.to_string(), "0,5,1,7,0,6:1 5,0,5,5,5,0:8 to=0 ply=4");
}

#[test]
fn an_opposed_second_player_chains_against_its_clockwise_sowing() {
    let rules = with(Preset::Oware, &[("direction", "opposed")]);
    // o1's 3 seeds clockwise: h6 (2), h5 (2), h4 (3). h4 is taken, then
    // the run against the move's way: h5, h6; o1, the mover's own and
    // now empty, stops the chain. 3 + 2 + 2 = 7.
    let mut pos = at(&rules, "1,1,1,2,1,1:20 3,1,1,1,1,1:13 to=1 ply=11");
    assert_eq!(pos.play(Move::House(1)).unwrap().captured, 7);
    assert_eq!(pos.to_string(), "1,1,1,0,0,0:20 0,1,1,1,1,1:20 to=0 ply=12");
    // Side 0 still sows counter-clockwise: h3 into h4.
    pos.play(Move::House(3)).unwrap();
    assert_eq!(pos.to_string(), "1,1,0,1,0,0:20 0,1,1,1,1,1:20 to=1 ply=13");
}

// ---------------------------------------------------------------------------
// Relay sowing both ways
// ---------------------------------------------------------------------------

#[test]
fn a_relay_goes_on_the_way_its_move_went() {
    let rules = with(
        Preset::Oware,
        &[("relay", "last"), ("direction_choice", "1")],
    );
    // h1's 2 seeds clockwise: o6 (2), o5 (3), which held seeds: lifted,
    // its 3 seeds go on clockwise, skipping o5: o4 (2), o3 (2), o2 (1),
    // empty before: the move ends there, a 1 captures nothing.
    let mut pos = at(&rules, "2,1,1,1,1,1:20 1,0,1,1,2,1:15 to=0 ply=10");
    let effect = pos.play(cw(1)).unwrap();
    assert_eq!(effect.relays, 1);
    assert_eq!(
        effect.last,
        Some(Cup::House {
            side: Side::new(1),
            number: 2
        })
    );
    assert_eq!(pos.to_string(), "0,1,1,1,1,1:20 1,1,2,2,0,2:15 to=1 ply=11");
    // Split rows and opposed sides relay too (issue 30): no refusal.
    for changes in [
        &[("direction", "split"), ("relay", "last")][..],
        &[("direction", "opposed"), ("relay", "next")][..],
        &[("direction_choice", "1,2"), ("relay", "next")][..],
    ] {
        let mut set = Preset::Kalah.rules();
        for (name, value) in changes {
            set.set(name, value).unwrap();
        }
        assert!(set.validate().is_ok(), "{changes:?}");
    }
    let mut set = Preset::Kalah.rules();
    set.set("direction", "parity").unwrap();
    set.set("relay", "last").unwrap();
    assert!(set.validate().is_err(), "parity still refuses relay sowing");
}

fn refused(changes: &[(&str, &str)]) -> RuleError {
    let mut set = Preset::Kalah.rules();
    for (name, value) in changes {
        set.set(name, value).unwrap();
    }
    set.validate().unwrap_err()
}

#[test]
fn two_way_rules_the_engine_cannot_play_are_refused_naming_the_field() {
    let cases: [Refusal; 5] = [
        (
            &[("direction_choice", "7")],
            "direction_choice",
            InvalidReason::NoSuchHouse,
        ),
        (
            &[("houses", "16"), ("seeds", "3"), ("direction_choice", "1")],
            "direction_choice",
            InvalidReason::TooManyChoices,
        ),
        (
            &[("direction", "parity"), ("direction_choice", "1")],
            "direction_choice",
            InvalidReason::ChoiceWithParity,
        ),
        (
            &[("houses", "5"), ("direction", "split")],
            "direction",
            InvalidReason::SplitMiddle,
        ),
        (
            &[("players", "3"), ("direction", "opposed")],
            "direction",
            InvalidReason::OpposedPlayers,
        ),
    ];
    for (changes, field, reason) in cases {
        match refused(changes) {
            RuleError::InvalidValue {
                field: f,
                reason: r,
                ..
            } => assert_eq!((f, r), (field, reason), "{changes:?}"),
            other => panic!("{changes:?}: {other}"),
        }
    }
    assert!(Preset::Kalah.rules().set("direction_choice", "0").is_err());
    assert!(Preset::Kalah.rules().set("direction_choice", "x").is_err());
    assert!(RuleSet::from_toml("direction_choice = [17]").is_err());
    // Every house of the widest board that still fits: 8 houses, all chosen.
    let mut set = Preset::Kalah.rules();
    set.set("houses", "8").unwrap();
    set.set("seeds", "3").unwrap();
    set.set("direction_choice", "1,2,3,4,5,6,7,8").unwrap();
    assert!(set.validate().is_ok());
}

#[test]
fn direction_choice_is_a_rule_dimension_written_only_when_set() {
    let kalah = Preset::Kalah.rules();
    assert!(!kalah.canonical().contains("direction_choice"));
    let set = RuleSet::from_spec("kalah,direction_choice=1,3").unwrap();
    assert_eq!(set.direction_choice, HouseSet::of(&[1, 3]));
    assert!(set.canonical().contains("direction_choice=1,3"));
    assert_eq!(RuleSet::from_spec(&set.canonical()).unwrap(), set);
    let toml = RuleSet::from_toml("preset = \"kalah\"\ndirection_choice = [2]").unwrap();
    assert_eq!(toml.direction_choice, HouseSet::of(&[2]));
    assert_eq!(RuleSet::from_toml(&toml.to_toml()).unwrap(), toml);
}

// ---------------------------------------------------------------------------
// Games and their lines
// ---------------------------------------------------------------------------

#[test]
fn a_game_line_carries_directed_moves() {
    let line = "kalah,direction_choice=3; 3cw, 1";
    let game: Game = line.parse().unwrap();
    assert_eq!(game.moves().collect::<Vec<_>>(), [cw(3), Move::House(1)]);
    let again: Game = game.to_string().parse().unwrap();
    assert!(again.moves().eq(game.moves()));
    assert!(game.to_string().contains("3cw, 1"), "{game}");
    // The number alone is refused, naming the event.
    assert!("kalah,direction_choice=3; 3".parse::<Game>().is_err());
}
