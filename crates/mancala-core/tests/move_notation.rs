//! Move notation and move lists, and the illegal-move errors with their
//! text.

use mancala_core::{
    IllegalReason, Move, MoveParseError, Position, Preset, Rules, format_moves, parse_moves,
};
use mancala_testkit::assert_mentions;
use mancala_testkit::pick::at;

#[test]
fn moves_parse_and_display() {
    assert_eq!("3".parse::<Move>(), Ok(Move::House(3)));
    assert_eq!(" 16 ".parse::<Move>(), Ok(Move::House(16)));
    assert_eq!("swap".parse::<Move>(), Ok(Move::Swap));
    assert_eq!("SWAP".parse::<Move>(), Ok(Move::Swap));
    assert_eq!(" Swap".parse::<Move>(), Ok(Move::Swap));
    assert_eq!(Move::House(12).to_string(), "12");
    assert_eq!(Move::Swap.to_string(), "swap");
    assert_eq!(Move::House(4).house(), Some(4));
    assert_eq!(Move::Swap.house(), None);
    // A house number followed by something else names what follows.
    assert_eq!(
        "3a".parse::<Move>(),
        Err(MoveParseError::Direction {
            text: "3a".to_string(),
            direction: "a".to_string()
        })
    );
    for bad in ["0", "x", "-1", "+3", "", "256", "swapp", "0cw"] {
        let e = bad.parse::<Move>().unwrap_err();
        assert_eq!(
            e,
            MoveParseError::Move {
                text: bad.to_string()
            }
        );
        assert_mentions(&e.to_string(), &[&format!("\"{bad}\"")]);
    }
}

#[test]
fn move_lists_take_commas_and_spaces() {
    let expected = vec![Move::House(3), Move::House(1), Move::Swap, Move::House(6)];
    for text in ["3,1,swap,6", "3 1 swap 6", "3, 1 ,swap  6", " 3,1,swap,6 "] {
        assert_eq!(parse_moves(text), Ok(expected.clone()), "{text:?}");
    }
    assert_eq!(parse_moves(""), Ok(vec![]));
    assert_eq!(format_moves(&expected), "3,1,swap,6");
    assert_eq!(parse_moves(&format_moves(&expected)), Ok(expected));
}

#[test]
fn move_list_errors_name_the_index_of_the_bad_move() {
    let e = parse_moves("3, 1 x,6").unwrap_err();
    assert_eq!(
        e,
        MoveParseError::InList {
            index: 3,
            text: "x".into()
        }
    );
    assert_mentions(&e.to_string(), &["move 3", "\"x\""]);
    // Runs of spaces are one separator: "0" is the third move.
    let e = parse_moves("3,  1  0").unwrap_err();
    assert_eq!(
        e,
        MoveParseError::InList {
            index: 3,
            text: "0".into()
        }
    );
}

#[test]
fn move_list_empty_entries_are_errors_naming_their_place() {
    // An empty entry is refused, not skipped: `1,,2` is not `1,2`.
    let cases = [
        (",,,", 1),
        (",3", 1),
        ("3,,0", 2),
        ("1, ,2", 2),
        (" 3,1,,swap,6, ", 3),
        ("3,1,swap,6,", 5),
        ("3 1,", 3),
    ];
    for (text, index) in cases {
        let e = parse_moves(text).unwrap_err();
        assert_eq!(e, MoveParseError::Empty { index }, "{text:?}");
        assert_mentions(&e.to_string(), &[&format!("move {index}"), "empty"]);
    }
    // A blank list is still the empty list.
    assert_eq!(parse_moves("  "), Ok(vec![]));
}

/// Plays an illegal move: the position must not change; returns the reason and the text.
fn refuse(pos: &mut Position<'_>, m: Move) -> (IllegalReason, String) {
    let before = pos.to_string();
    let e = pos.play(m).expect_err("the move should be illegal");
    assert_eq!(e.mv, m);
    assert_eq!(pos.to_string(), before, "an illegal move changes nothing");
    assert!(!pos.is_legal(m));
    (e.reason, e.to_string())
}

#[test]
fn illegal_move_no_such_house() {
    let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
    let mut pos = Position::new(&rules);
    let (reason, text) = refuse(&mut pos, Move::House(7));
    assert_eq!(reason, IllegalReason::NoSuchHouse { houses: 6 });
    assert_mentions(&text, &["illegal move 7", "no such house", "1 to 6"]);
    let (reason, _) = refuse(&mut pos, Move::House(0));
    assert_eq!(reason, IllegalReason::NoSuchHouse { houses: 6 });
}

#[test]
fn illegal_move_empty_house() {
    let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
    let mut pos = at(&rules, "0,5,5,5,5,4:0 4,4,4,4,4,4:0 to=0 ply=2");
    let (reason, text) = refuse(&mut pos, Move::House(1));
    assert_eq!(reason, IllegalReason::EmptyHouse);
    assert_mentions(&text, &["illegal move 1", "empty"]);
}

#[test]
fn illegal_move_too_few_seeds() {
    let rules = Rules::new(&Preset::Modiar.rules()).unwrap();
    // Modiar: min_seeds 2, house 2 is a singleton.
    let mut pos = at(&rules, "3,1,2:10 2,2,2:10 to=0 ply=4");
    let (reason, text) = refuse(&mut pos, Move::House(2));
    assert_eq!(reason, IllegalReason::TooFewSeeds { seeds: 1, min: 2 });
    assert_mentions(&text, &["illegal move 2", "1 seed", "at least 2"]);
}

#[test]
fn illegal_move_must_feed() {
    let rules = Rules::new(&Preset::Oware.rules()).unwrap();
    // Side 1 is empty: house 6 (1 seed) reaches side 1's house 1, house 1 only reaches
    // house 2. Only house 6 is legal.
    let mut pos = at(&rules, "1,0,0,0,0,1:23 0,0,0,0,0,0:23 to=0 ply=30");
    assert_eq!(pos.legal_moves().to_vec(), vec![Move::House(6)]);
    let (reason, text) = refuse(&mut pos, Move::House(1));
    assert_eq!(reason, IllegalReason::MustFeed);
    assert_mentions(&text, &["illegal move 1", "feed"]);
}

#[test]
fn illegal_move_grand_slam() {
    let rules = Rules::new(&Preset::Modiar.rules()).unwrap();
    // Modiar, origin first: house 3 (2 seeds) -> house 3 (1), side 1 house 1 (1 -> 2): a
    // count of 2 captured, and side 1's only seeds: a grand slam, forbidden. House 1
    // (3 seeds) -> houses 1, 2, 3 (last 2 -> 3): legal.
    let mut pos = at(&rules, "3,0,2:10 1,0,0:10 to=0 ply=10");
    assert_eq!(pos.legal_moves().to_vec(), vec![Move::House(1)]);
    let (reason, text) = refuse(&mut pos, Move::House(3));
    assert_eq!(reason, IllegalReason::GrandSlam);
    assert_mentions(&text, &["illegal move 3", "grand slam"]);
}

#[test]
fn illegal_move_swap_not_allowed() {
    let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
    let mut pos = Position::new(&rules);
    let (reason, text) = refuse(&mut pos, Move::Swap);
    assert_eq!(reason, IllegalReason::SwapNotAllowed);
    assert_mentions(&text, &["illegal move swap", "pie rule"]);
}

#[test]
fn illegal_move_game_over() {
    let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
    // Side 0 is empty: over at once, side 1's 24 seeds -> store 1.
    let mut pos = at(&rules, "0,0,0,0,0,0:24 4,4,4,4,4,4:0 to=1 ply=40");
    assert!(pos.is_over());
    for m in [Move::House(1), Move::Swap, Move::House(9)] {
        let (reason, text) = refuse(&mut pos, m);
        assert_eq!(reason, IllegalReason::GameOver);
        assert_mentions(&text, &["game is over"]);
    }
}
