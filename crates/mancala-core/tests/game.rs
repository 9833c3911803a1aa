//! The owned `Game`: its event record, undo, errors and serde, and that it
//! can live anywhere (`Send + Sync + 'static`).

use std::sync::Arc;

use mancala_core::{
    EndReason, Event, EventError, Game, History, IllegalReason, Move, Position, Preset,
    RecordError, RuleSet, Rules, Setup, Side,
};

fn kalah() -> Rules {
    Rules::new(&Preset::Kalah.rules()).unwrap()
}

fn kalah3() -> Rules {
    Rules::new(&RuleSet::from_spec("kalah3").unwrap()).unwrap()
}

fn house(n: u8) -> Move {
    Move::House(n)
}

#[test]
fn a_game_outlives_the_frame_that_made_its_rules_and_crosses_threads() {
    fn assert_owned<T: Send + Sync + 'static>(_: &T) {}
    let game = {
        let rules = kalah();
        Game::new(rules)
    };
    assert_owned(&game);
    let handle = std::thread::spawn(move || {
        let mut game = game;
        game.play(house(3)).unwrap();
        game
    });
    let game = handle.join().unwrap();
    assert_eq!(
        game.position().to_string(),
        "4,4,0,5,5,5:1 4,4,4,4,4,4:0 to=0 ply=1"
    );
}

#[test]
fn games_share_one_compiled_rule_set() {
    let rules = Arc::new(kalah());
    let a = Game::new(Arc::clone(&rules));
    let b = Game::new(Arc::clone(&rules));
    assert!(Arc::ptr_eq(a.rules(), b.rules()));
    assert_eq!(Arc::strong_count(&rules), 3);
}

#[test]
fn every_event_is_recorded_with_the_position_after_it() {
    let mut game = Game::new(kalah3());
    game.play(house(1)).unwrap();
    game.record_computer(Side::new(1), true).unwrap();
    game.play(house(2)).unwrap();
    game.resign(Side::new(2)).unwrap();
    assert_eq!(
        game.events(),
        [
            Event::Move(house(1)),
            Event::Computer {
                side: Side::new(1),
                playing: true
            },
            Event::Move(house(2)),
            Event::Resign { side: Side::new(2) },
        ]
    );
    assert_eq!(game.moves().collect::<Vec<_>>(), [house(1), house(2)]);
    assert_eq!(game.positions().len(), 5);
    // Handing a seat to the computer changes no position.
    let positions: Vec<Position<'_>> = game.positions().collect();
    assert_eq!(positions[1], positions[2]);
    // With three players a resignation does not end the game: the
    // resigned side plays on (by computer) and ranks last.
    assert!(!game.is_over());
    assert!(game.position().has_resigned(Side::new(2)));
    game.resign(Side::new(0)).unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason(), EndReason::Resignation);
    assert_eq!(outcome.ranks(), [2, 1, 3]);
}

#[test]
fn events_that_cannot_be_taken_are_refused_and_change_nothing() {
    let mut game = Game::new(kalah3());
    assert_eq!(
        game.resign(Side::new(3)),
        Err(EventError::NoSuchSide {
            side: Side::new(3),
            players: 3
        })
    );
    game.resign(Side::new(1)).unwrap();
    assert_eq!(
        game.resign(Side::new(1)),
        Err(EventError::AlreadyResigned { side: Side::new(1) })
    );
    assert_eq!(
        game.record_computer(Side::new(3), true),
        Err(EventError::NoSuchSide {
            side: Side::new(3),
            players: 3
        })
    );
    let err = game.play(house(9)).unwrap_err();
    assert_eq!(err.reason, IllegalReason::NoSuchHouse { houses: 6 });
    assert_eq!(game.events(), [Event::Resign { side: Side::new(1) }]);

    game.end_by_agreement().unwrap();
    assert_eq!(
        game.position().end_reason(),
        Some(EndReason::Agreement),
        "{}",
        game.position()
    );
    assert_eq!(game.end_by_agreement(), Err(EventError::GameOver));
    assert_eq!(game.resign(Side::new(0)), Err(EventError::GameOver));
    assert_eq!(
        game.record_computer(Side::new(0), false),
        Err(EventError::GameOver)
    );
    assert_eq!(
        game.apply(Event::Move(house(1))).unwrap_err(),
        EventError::Illegal(game.position().play(house(1)).unwrap_err())
    );
    assert_eq!(game.events().len(), 2);
}

#[test]
fn undo_takes_back_one_event_and_undo_move_a_move_with_what_followed() {
    let mut game = Game::new(kalah3());
    let start = game.position().to_string();
    game.play(house(1)).unwrap();
    let after_one = game.position().to_string();
    game.play(house(2)).unwrap();
    game.resign(Side::new(0)).unwrap();
    game.record_computer(Side::new(0), true).unwrap();

    assert_eq!(
        game.undo(),
        Some(Event::Computer {
            side: Side::new(0),
            playing: true
        })
    );
    // The resignation after move 2 goes with it.
    assert_eq!(game.undo_move(), Some(house(2)));
    assert_eq!(game.events(), [Event::Move(house(1))]);
    assert_eq!(game.position().to_string(), after_one);
    assert!(!game.position().has_resigned(Side::new(0)));
    assert_eq!(game.undo_move(), Some(house(1)));
    assert_eq!(game.position().to_string(), start);
    assert_eq!(game.undo_move(), None);
    assert_eq!(game.undo(), None);
}

#[test]
fn undo_move_without_a_move_changes_nothing() {
    let mut game = Game::new(kalah3());
    game.resign(Side::new(1)).unwrap();
    assert_eq!(game.undo_move(), None);
    assert_eq!(game.events(), [Event::Resign { side: Side::new(1) }]);
}

#[test]
fn a_record_reads_back_to_the_same_game() {
    let mut game = Game::new(kalah3());
    for m in [1, 2, 3, 4] {
        game.play(house(m)).unwrap();
    }
    game.resign(Side::new(1)).unwrap();
    game.play(game.legal_moves().iter().next().unwrap())
        .unwrap();
    let text = serde_json::to_string(&game).unwrap();
    // The usual start is left out; events are their text form.
    assert!(!text.contains("\"start\""), "{text}");
    assert!(text.contains("\"resign 1\""), "{text}");
    let again: Game = serde_json::from_str(&text).unwrap();
    assert_eq!(again.events(), game.events());
    assert_eq!(
        again.positions().collect::<Vec<_>>(),
        game.positions().collect::<Vec<_>>()
    );
    assert_eq!(again.rules().rule_set(), game.rules().rule_set());
}

#[test]
fn a_record_from_a_set_up_position_keeps_its_start() {
    let setup: Setup = "0,0,0,0,0,1:23 1,0,0,0,0,0:23 to=0".parse().unwrap();
    let mut game = Game::from_setup(Rules::new(&Preset::Oware.rules()).unwrap(), &setup).unwrap();
    game.play(house(6)).unwrap();
    let text = serde_json::to_string(&game).unwrap();
    let again: Game = serde_json::from_str(&text).unwrap();
    assert_eq!(again.start().to_setup(), setup);
    assert_eq!(again.position(), game.position());
}

#[test]
fn a_record_that_does_not_replay_names_the_event_and_why() {
    let rules = Preset::Kalah.rules();
    let events = [Event::Move(house(3)), Event::Move(house(3))];
    let err = Game::from_record(&rules, None, &events).unwrap_err();
    match &err {
        RecordError::Event {
            index: 2,
            event: Event::Move(Move::House(3)),
            error: EventError::Illegal(illegal),
        } => assert_eq!(illegal.reason, IllegalReason::EmptyHouse),
        other => panic!("unexpected {other:?}"),
    }
    assert_eq!(
        err.to_string(),
        "event 2 of the record (3): illegal move 3: the house is empty"
    );

    let text = r#"{"rules": {"preset": "kalah"}, "events": ["3", "resign 3"]}"#;
    let err = serde_json::from_str::<Game>(text).unwrap_err().to_string();
    assert!(err.contains("event 2 of the record (resign 3)"), "{err}");
    assert!(err.contains("there is no side 3"), "{err}");

    // No game has a side 4 or more: such an event does not even read.
    let text = r#"{"rules": {"preset": "kalah"}, "events": ["3", "resign 5"]}"#;
    let err = serde_json::from_str::<Game>(text).unwrap_err().to_string();
    assert!(err.contains("\"resign 5\" is not a game event"), "{err}");

    let text = r#"{"rules": {"preset": "kalah"}, "events": ["3", "jump"]}"#;
    let err = serde_json::from_str::<Game>(text).unwrap_err().to_string();
    assert!(err.contains("\"jump\" is not a game event"), "{err}");

    let text = r#"{"rules": {"preset": "kalah"}, "start": {"houses": [[1]], "stores": [0]}, "events": []}"#;
    let err = serde_json::from_str::<Game>(text).unwrap_err().to_string();
    assert!(err.contains("the start position"), "{err}");
}

#[test]
fn event_text_round_trips_and_bad_text_is_refused() {
    let events = [
        Event::Move(house(12)),
        Event::Move(Move::Swap),
        Event::Resign { side: Side::new(3) },
        Event::Agreement,
        Event::Computer {
            side: Side::new(0),
            playing: false,
        },
    ];
    for event in events {
        assert_eq!(event.to_string().parse::<Event>(), Ok(event));
    }
    for bad in [
        "",
        "0",
        "resign",
        "resign x",
        "resign 4",
        "computer 9 on",
        "computer 1",
        "computer 1 maybe",
        "agreement now",
    ] {
        let err = bad.parse::<Event>().unwrap_err();
        assert_eq!(err.text, bad);
    }
}

#[test]
fn a_game_ends_by_repetition_like_a_history_and_a_seat_handed_over_is_no_repeat() {
    // Two lone seeds chase each other round an Oware board: after 12 moves
    // the first position is back (OpenSpiel's repetition test).
    let rules = Rules::new(&Preset::Oware.rules()).unwrap();
    let setup: Setup = "1,0,0,0,0,0:23 1,0,0,0,0,0:23".parse().unwrap();
    let mut game = Game::from_setup(rules.clone(), &setup).unwrap();
    let mut history = History::from_position(Position::from_setup(&rules, &setup).unwrap());
    for n in 1..=6 {
        for _ in 0..2 {
            game.play(house(n)).unwrap();
            history.play(house(n)).unwrap();
            if n == 1 && !game.is_over() {
                // A seat handed over and back is no position of its own.
                game.record_computer(Side::new(0), true).unwrap();
                game.record_computer(Side::new(0), false).unwrap();
            }
        }
    }
    assert_eq!(game.position().end_reason(), Some(EndReason::Repetition));
    assert_eq!(game.position(), *history.position());
    game.undo_move();
    assert!(!game.is_over());
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// For every preset: a random game played through `Game`, with
        /// seats handed over now and then, goes through the same positions
        /// as a `History` of the same moves, reads back from its record, and
        /// undoes to the start.
        #[test]
        fn a_game_follows_its_history_and_its_record(
            preset in 0..Preset::ALL.len(),
            choices in proptest::collection::vec(any::<u16>(), 1..300),
        ) {
            let rules = Rules::new(&Preset::ALL[preset].rules()).unwrap();
            let mut game = Game::new(rules.clone());
            let mut history = History::new(&rules);
            for &c in &choices {
                if game.is_over() {
                    break;
                }
                if c % 7 == 0 {
                    let side = Side::new(usize::from(c) % rules.players());
                    game.record_computer(side, c % 2 == 0).unwrap();
                    continue;
                }
                let moves = game.legal_moves();
                let m = moves.get(usize::from(c) % moves.len()).unwrap();
                prop_assert_eq!(game.play(m), history.play(m));
                prop_assert_eq!(game.position(), *history.position());
            }
            prop_assert!(game.moves().eq(history.moves().iter().copied()));

            let text = serde_json::to_string(&game).unwrap();
            let again: Game = serde_json::from_str(&text).unwrap();
            prop_assert_eq!(again.events(), game.events());
            prop_assert_eq!(again.position(), game.position());

            while let Some(m) = game.undo_move() {
                prop_assert_eq!(history.undo(), Some(m));
                prop_assert_eq!(game.position(), *history.position());
            }
            prop_assert_eq!(history.undo(), None);
            prop_assert_eq!(game.position(), Position::new(&rules));
        }
    }
}
