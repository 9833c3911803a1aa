//! The one-line text form of a game (`RULES; [start POSITION;] EVENTS`):
//! concrete games with every kind of event, every way a line is refused,
//! and a round trip for every preset.

use mancala_core::{
    Event, EventError, Game, GameLineError, IllegalReason, Move, Position, Preset, RuleSet,
    RuleSpecError, Rules, Setup, Side,
};

fn line(text: &str) -> Game {
    text.parse()
        .unwrap_or_else(|e| panic!("{text:?} should read: {e}"))
}

fn refused(text: &str) -> GameLineError {
    match text.parse::<Game>() {
        Ok(game) => panic!("{text:?} read as {game}"),
        Err(e) => e,
    }
}

#[test]
fn a_small_kalah_game_replays_its_moves_and_writes_the_same_line() {
    let game = line("kalah,houses=4,seeds=3; 2, 4, resign 1");
    // By hand: house 2's three seeds reach houses 3, 4 and the store (an
    // extra turn); house 4's five go to the store and the other side's
    // houses 1 to 3.
    let positions: Vec<String> = game.positions().map(|p| p.to_string()).collect();
    assert_eq!(
        positions[1..3],
        [
            "3,0,4,4:1 3,3,3,3:0 to=0 ply=1",
            "3,0,4,0:2 4,4,4,3:0 to=1 ply=2",
        ]
    );
    assert_eq!(
        game.events().last(),
        Some(&Event::Resign { side: Side::new(1) })
    );
    assert!(game.is_over());
    assert_eq!(game.to_string(), "kalah,houses=4,seeds=3; 2, 4, resign 1");
}

#[test]
fn spaces_around_separators_do_not_matter_and_the_canonical_rules_are_read() {
    let rules = RuleSet {
        houses: 4,
        seeds: 3,
        ..Preset::Kalah.rules()
    };
    let spaced = line("  kalah, houses=4, seeds=3 ;2,4 ,  resign 1  ");
    let canonical = line(&format!("{}; 2, 4, resign 1", rules.canonical()));
    assert_eq!(spaced.events(), canonical.events());
    assert_eq!(spaced.to_string(), canonical.to_string());
    assert_eq!(*canonical.rules().rule_set(), rules);
}

#[test]
fn a_game_without_events_is_its_rules_and_a_semicolon() {
    let game = line("oware;");
    assert_eq!(game.events(), []);
    assert_eq!(game.to_string(), "oware;");
    assert_eq!(line("oware; ").to_string(), "oware;");
}

#[test]
fn a_pie_swap_is_written_swap() {
    // Mankalah has the pie rule: the second player may swap after the
    // first move.
    let mut game = Game::new(Rules::new(&Preset::Mankalah.rules()).unwrap());
    game.play(Move::House(1)).unwrap();
    assert!(game.legal_moves().contains(Move::Swap));
    game.play(Move::Swap).unwrap();
    let text = game.to_string();
    assert_eq!(text, "mankalah; 1, swap");
    let again = line(&text);
    assert_eq!(again.events(), game.events());
    assert_eq!(again.position(), game.position());
}

#[test]
fn three_players_with_seats_handed_over_resigning_and_agreeing() {
    let text = "kalah3; 1, computer 1 on, 2, computer 1 off, resign 2, agreement";
    let game = line(text);
    assert_eq!(
        game.events(),
        [
            Event::Move(Move::House(1)),
            Event::Computer {
                side: Side::new(1),
                playing: true
            },
            Event::Move(Move::House(2)),
            Event::Computer {
                side: Side::new(1),
                playing: false
            },
            Event::Resign { side: Side::new(2) },
            Event::Agreement,
        ]
    );
    assert!(game.is_over());
    assert_eq!(game.to_string(), text.replace("kalah3", "kalah,players=3"));
}

#[test]
fn a_game_from_a_set_up_position_names_its_start() {
    let rules = Rules::new(&Preset::Oware.rules()).unwrap();
    let setup: Setup = "1,0,0,0,0,0:23 1,0,0,0,0,0:23 to=0 ply=0".parse().unwrap();
    let mut game = Game::from_setup(rules, &setup).unwrap();
    game.play(Move::House(1)).unwrap();
    let text = game.to_string();
    assert_eq!(
        text,
        "oware; start 1,0,0,0,0,0:23 1,0,0,0,0,0:23 to=0 ply=0; 1"
    );
    let again = line(&text);
    assert_eq!(again.start().to_string(), setup.to_string());
    assert_eq!(again.position(), game.position());
}

#[test]
fn the_text_and_the_json_record_are_the_same_game() {
    let game = line("kalah; 3, 6, 2, agreement");
    let json: Game = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
    assert_eq!(json.to_string(), game.to_string());
    assert_eq!(json.position(), game.position());
}

#[test]
fn a_line_of_the_wrong_shape_is_refused() {
    assert_eq!(refused("kalah 3 6"), GameLineError::Shape { fields: 1 });
    assert_eq!(
        refused("kalah; start x; 3; 4"),
        GameLineError::Shape { fields: 4 }
    );
    assert!(refused("kalah").to_string().contains("\"RULES; EVENTS\""));
}

#[test]
fn unknown_rules_are_named() {
    let err = refused("kalahh; 3");
    assert!(
        matches!(&err, GameLineError::Rules { text, source: RuleSpecError::Preset(_) } if text == "kalahh"),
        "{err:?}"
    );
    assert!(
        err.to_string().starts_with("the rules \"kalahh\": "),
        "{err}"
    );
    // Rules that parse but cannot be played.
    assert!(matches!(
        refused("oware3; 1"),
        GameLineError::Rules {
            source: RuleSpecError::Invalid(_),
            ..
        }
    ));
}

#[test]
fn a_bad_start_is_named() {
    assert_eq!(
        refused("kalah; begin 4,4:0 4,4:0; 1"),
        GameLineError::NotAStart {
            text: "begin 4,4:0 4,4:0".to_string()
        }
    );
    assert!(matches!(
        refused("kalah; start 4,x:0 4,4:0; 1"),
        GameLineError::StartNotation(_)
    ));
    // Three sides for two players.
    assert!(matches!(
        refused("kalah; start 4,4,4,4,4,4:0 4,4,4,4,4,4:0 4,4,4,4,4,4:0 to=0 ply=0; 1"),
        GameLineError::Start(_)
    ));
}

#[test]
fn a_bad_event_is_named_with_its_place() {
    let err = refused("kalah; 3, x, 6");
    assert!(
        matches!(&err, GameLineError::BadEvent { index: 2, source } if source.text == " x"),
        "{err:?}"
    );
    assert!(err.to_string().starts_with("event 2: "), "{err}");
    assert!(matches!(
        refused("kalah; 3,,6"),
        GameLineError::BadEvent { index: 2, .. }
    ));
}

#[test]
fn an_illegal_event_is_named_with_its_place_and_ply() {
    // After 3 (an extra turn) house 3 is empty.
    let err = refused("kalah; 3, 3");
    assert_eq!(
        err,
        GameLineError::Illegal {
            index: 2,
            event: Event::Move(Move::House(3)),
            ply: 1,
            error: EventError::Illegal(mancala_core::IllegalMove {
                mv: Move::House(3),
                reason: IllegalReason::EmptyHouse,
            }),
        }
    );
    assert_eq!(
        err.to_string(),
        "event 2 (3) at ply 1: illegal move 3: the house is empty"
    );
    // Seven houses on a board of six; a side the game does not have; an
    // event after the end.
    assert!(matches!(
        refused("kalah; 7"),
        GameLineError::Illegal {
            index: 1,
            ply: 0,
            ..
        }
    ));
    assert!(matches!(
        refused("kalah; 1, resign 2"),
        GameLineError::Illegal {
            index: 2,
            error: EventError::NoSuchSide { .. },
            ..
        }
    ));
    assert!(matches!(
        refused("kalah; resign 0, 1"),
        GameLineError::Illegal {
            index: 2,
            ply: 0,
            ..
        }
    ));
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]

        /// For every preset: a random game of moves (swaps included where
        /// the rules have the pie rule), seats handed over and back, and
        /// at times a resignation or an agreement, reads back from its
        /// line to the same events and positions, and writes the same line.
        #[test]
        fn every_game_reads_back_from_its_line(
            preset in 0..Preset::ALL.len(),
            choices in proptest::collection::vec(any::<u16>(), 0..200),
        ) {
            let rules = Rules::new(&Preset::ALL[preset].rules()).unwrap();
            let mut game = Game::new(rules.clone());
            for &c in &choices {
                if game.is_over() {
                    break;
                }
                let side = Side::new(usize::from(c / 7) % rules.players());
                match c % 97 {
                    0 => game.end_by_agreement().unwrap(),
                    1 => { let _ = game.resign(side); }
                    2..=8 => game.record_computer(side, c % 2 == 0).unwrap(),
                    _ => {
                        let moves = game.legal_moves();
                        let m = moves.get(usize::from(c) % moves.len()).unwrap();
                        game.play(m).unwrap();
                    }
                }
            }
            let text = game.to_string();
            prop_assert!(!text.contains('\n'));
            let again: Game = text.parse().unwrap();
            prop_assert_eq!(again.events(), game.events());
            prop_assert!(again.positions().eq(game.positions()));
            prop_assert_eq!(again.to_string(), text);
            prop_assert_eq!(again.start(), Position::new(&rules));
        }
    }
}
