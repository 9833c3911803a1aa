//! Position notation (`Setup`'s text form) and `Position::from_setup`'s
//! checks, with their errors.

use mancala_core::{
    EndReason, NotationError, NotationReason, PieState, Position, Preset, RuleSet, Rules, Setup,
    SetupError, Side,
};
use mancala_testkit::assert_mentions;
use mancala_testkit::rules::kalah;

#[test]
fn position_notation_reads_sides_and_fields() {
    let setup: Setup = "0,5,5,5,5,4:0 4,4,4,4,4,4:0 to=1 ply=1".parse().unwrap();
    assert_eq!(
        setup,
        Setup {
            houses: vec![vec![0, 5, 5, 5, 5, 4], vec![4, 4, 4, 4, 4, 4]],
            stores: vec![0, 0],
            to_move: 1,
            ply: 1,
            ..Setup::default()
        }
    );
    assert_eq!(setup.to_string(), "0,5,5,5,5,4:0 4,4,4,4,4,4:0 to=1 ply=1");
    assert_eq!(
        Setup::from_notation("0,5,5,5,5,4:0 4,4,4,4,4,4:0 to=1 ply=1"),
        Ok(setup)
    );
}

#[test]
fn position_notation_reads_and_writes_every_optional_field() {
    let text = "0,0,0:5 1,2,3:4 to=1 ply=9 pie=swapped discarded=3 resigned=1,0 over=resignation";
    let setup: Setup = text.parse().unwrap();
    assert_eq!(
        setup,
        Setup {
            houses: vec![vec![0, 0, 0], vec![1, 2, 3]],
            stores: vec![5, 4],
            to_move: 1,
            ply: 9,
            pie: PieState::Swapped,
            discarded: 3,
            resigned: vec![1, 0],
            tuzdyk: vec![],
            children: vec![],
            own_children: vec![],
            capture_turns: 0,
            barred: 0,
            over: Some(EndReason::Resignation),
        }
    );
    assert_eq!(setup.to_string(), text);

    let three = "1,2:3 4,5:6 7,8:9 to=2 ply=5 pie=declined over=cannot_feed";
    let setup: Setup = three.parse().unwrap();
    assert_eq!(setup.houses, vec![vec![1, 2], vec![4, 5], vec![7, 8]]);
    assert_eq!(setup.stores, vec![3, 6, 9]);
    assert_eq!(setup.pie, PieState::Declined);
    assert_eq!(setup.over, Some(EndReason::CannotFeed));
    assert_eq!(setup.to_string(), three);

    // `no_undo`'s barred house (docs/rules.md section 16), after
    // `capture_turns`.
    let barred = "1,0,2,0,0:20 1,3,0,0,2:21 to=1 ply=11 barred=1";
    let setup: Setup = barred.parse().unwrap();
    assert_eq!(setup.barred, 1);
    assert_eq!(setup.to_string(), barred);
}

#[test]
fn position_notation_defaults_and_canonical_order() {
    // `to` and `ply` may be omitted; they default to 0 and are always written.
    let setup: Setup = "4,4:0 4,4:0".parse().unwrap();
    assert_eq!(
        setup,
        Setup {
            houses: vec![vec![4, 4], vec![4, 4]],
            stores: vec![0, 0],
            to_move: 0,
            ply: 0,
            pie: PieState::Pending,
            discarded: 0,
            resigned: vec![],
            tuzdyk: vec![],
            children: vec![],
            own_children: vec![],
            capture_turns: 0,
            barred: 0,
            over: None,
        }
    );
    assert_eq!(setup.to_string(), "4,4:0 4,4:0 to=0 ply=0");
    // Fields in any order; defaults (pie=pending, discarded=0) are not written back.
    let setup: Setup = "4,4:0 4,4:0 over=majority discarded=0 pie=pending ply=7 to=1"
        .parse()
        .unwrap();
    assert_eq!(setup.to_string(), "4,4:0 4,4:0 to=1 ply=7 over=majority");
    // Extra spaces are only separators.
    let setup: Setup = "  4,4:0   4,4:0  to=1 ".parse().unwrap();
    assert_eq!(setup.to_string(), "4,4:0 4,4:0 to=1 ply=0");
}

#[test]
fn position_notation_errors_name_the_offending_token() {
    let cases = [
        ("4,4,4 4,4,4:0", "4,4,4"),        // missing colon
        ("4,x,4:0 4,4,4:0", "4,x,4:0"),    // a house is not a number
        ("4,4,4:y 4,4,4:0", "4,4,4:y"),    // the store is not a number
        ("4,,4:0 4,4,4:0", "4,,4:0"),      // an empty house count
        ("256,0:0 0,0:0", "256,0:0"),      // more than a cup holds
        ("4,4:0 4,4:0 who=1", "who=1"),    // unknown key
        ("4,4:0 4,4:0 to=1 to=0", "to=0"), // duplicate key
        ("4,4:0 to=1 3,3:0", "3,3:0"),     // a side after key=value fields
        ("4,4:0 4,4:0 ply=-1", "ply=-1"),  // not a number
        ("4,4:0 4,4:0 to=one", "to=one"),  // not a number
        ("4,4:0 4,4:0 pie=maybe", "pie=maybe"),
        ("4,4:0 4,4:0 over=bored", "over=bored"),
        ("4,4:0 4,4:0 resigned=0,x", "resigned=0,x"),
        ("4,4:0 4,4:0 discarded=lots", "discarded=lots"),
    ];
    for (text, token) in cases {
        let e: NotationError = text.parse::<Setup>().unwrap_err();
        assert_eq!(e.token, token, "{text:?}");
        assert!(!e.reason.to_string().is_empty());
        assert_mentions(&e.to_string(), &[&format!("\"{token}\"")]);
    }
}

#[test]
fn position_notation_without_sides_is_an_error() {
    for text in ["", "   ", "to=1 ply=2"] {
        let e = text.parse::<Setup>().unwrap_err();
        assert_eq!(e.token, text.trim(), "{text:?}");
        assert_eq!(e.reason, NotationReason::NoSides);
        assert_mentions(&e.reason.to_string(), &["side"]);
    }
}

#[test]
fn position_from_setup_round_trips_its_notation() {
    let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
    let text = "0,5,5,5,5,4:0 4,4,4,4,4,4:0 to=1 ply=1";
    let setup: Setup = text.parse().unwrap();
    let pos = Position::from_setup(&rules, &setup).unwrap();
    assert_eq!(pos.to_string(), text);
    assert_eq!(pos.to_setup(), setup);
    assert_eq!(pos.houses(Side::new(0)), &[0, 5, 5, 5, 5, 4]);
    assert_eq!(pos.house(Side::new(0), 6), Some(4));
    assert_eq!(pos.house(Side::new(0), 7), None);
    assert_eq!(pos.to_move(), Side::new(1));
    assert_eq!(pos.ply(), 1);
    // The start position in notation.
    assert_eq!(
        Position::new(&rules).to_string(),
        "4,4,4,4,4,4:0 4,4,4,4,4,4:0 to=0 ply=0"
    );
}

fn setup_error(rules: &RuleSet, text: &str) -> SetupError {
    let rules = Rules::new(rules).unwrap();
    let setup: Setup = text.parse().unwrap();
    Position::from_setup(&rules, &setup).expect_err("the setup should not fit the rules")
}

#[test]
fn from_setup_rejects_the_wrong_number_of_sides() {
    let kalah = Preset::Kalah.rules();
    let e = setup_error(
        &kalah,
        "4,4,4,4,4,4:0 4,4,4,4,4,4:0 4,4,4,4,4,4:0 to=0 ply=0",
    );
    assert_eq!(
        e,
        SetupError::Sides {
            found: 3,
            expected: 2
        }
    );
    assert_mentions(&e.to_string(), &["3", "2"]);
    let e = setup_error(&kalah, "4,4,4,4,4,4:0");
    assert_eq!(
        e,
        SetupError::Sides {
            found: 1,
            expected: 2
        }
    );
}

#[test]
fn from_setup_rejects_the_wrong_number_of_houses() {
    let e = setup_error(&Preset::Kalah.rules(), "4,4,4,4,4,4:0 4,4,4,4,4:0");
    assert_eq!(
        e,
        SetupError::Houses {
            side: 1,
            found: 5,
            expected: 6
        }
    );
    assert_mentions(&e.to_string(), &["side 1", "5", "6"]);
}

#[test]
fn from_setup_rejects_the_wrong_number_of_stores() {
    let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
    let setup = Setup {
        houses: vec![vec![4; 6], vec![4; 6]],
        stores: vec![0],
        ..Setup::default()
    };
    assert_eq!(
        Position::from_setup(&rules, &setup).unwrap_err(),
        SetupError::Stores {
            found: 1,
            expected: 2
        }
    );
}

#[test]
fn from_setup_rejects_more_than_255_seeds() {
    let kalah = Preset::Kalah.rules();
    // 200 + 56 = 256.
    let e = setup_error(&kalah, "200,56,0,0,0,0:0 0,0,0,0,0,0:0");
    assert_eq!(
        e,
        SetupError::TooManySeeds {
            total: 256,
            max: 255
        }
    );
    assert_mentions(&e.to_string(), &["256", "255"]);
    // Stores and discarded seeds count too: 200 + 50 + 5 + 1 = 256.
    let e = setup_error(&kalah, "200,50,0,0,0,0:5 0,0,0,0,0,0:1 discarded=0");
    assert!(matches!(e, SetupError::TooManySeeds { total: 256, .. }));
    let e = setup_error(&kalah, "200,50,0,0,0,0:5 0,0,0,0,0,0:0 discarded=1");
    assert!(matches!(e, SetupError::TooManySeeds { total: 256, .. }));
    // 255 fits.
    let rules = Rules::new(&kalah).unwrap();
    let setup: Setup = "200,50,0,0,0,0:5 0,0,0,0,0,0:0".parse().unwrap();
    assert!(Position::from_setup(&rules, &setup).is_ok());
}

#[test]
fn from_setup_rejects_a_side_to_move_that_does_not_exist() {
    let e = setup_error(&Preset::Kalah.rules(), "4,4,4,4,4,4:0 4,4,4,4,4,4:0 to=2");
    assert_eq!(
        e,
        SetupError::ToMove {
            side: 2,
            players: 2
        }
    );
    assert_mentions(&e.to_string(), &["side 2", "2 players"]);
}

#[test]
fn from_setup_rejects_a_pie_state_without_the_pie_rule() {
    let e = setup_error(
        &Preset::Kalah.rules(),
        "0,5,5,5,5,4:0 4,4,4,4,4,4:0 to=1 ply=2 pie=swapped",
    );
    assert!(matches!(&e, SetupError::Pie { state, .. } if state.name() == "swapped"));
    assert_mentions(&e.to_string(), &["pie", "swapped"]);
    // With the pie rule, a swap before any move is impossible.
    let e = setup_error(
        &Preset::Mankalah.rules(),
        "7,7,7,7,7,7,7:0 7,7,7,7,7,7,7:0 to=1 ply=0 pie=swapped",
    );
    assert!(matches!(&e, SetupError::Pie { state, .. } if state.name() == "swapped"));
}

#[test]
fn from_setup_rejects_a_resigned_side_out_of_range_or_listed_twice() {
    let e = setup_error(
        &Preset::Kalah.rules(),
        "4,4,4,4,4,4:0 4,4,4,4,4,4:0 resigned=2",
    );
    assert!(matches!(e, SetupError::Resigned { side: 2, .. }));
    assert_mentions(&e.to_string(), &["2"]);
    let e = setup_error(
        &kalah(3),
        "4,4,4,4,4,4:0 4,4,4,4,4,4:0 4,4,4,4,4,4:0 resigned=1,1",
    );
    assert!(matches!(e, SetupError::Resigned { side: 1, .. }));
    assert_mentions(&e.to_string(), &["1", "twice"]);
}
