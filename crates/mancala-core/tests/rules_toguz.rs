//! Toguz Kumalak's rules, one test per rule on a hand-built position whose
//! expected result was worked out by hand from docs/rules.md: `origin =
//! first_unless_single` (section 3), even counts captured on the
//! opponent's side and the tuzdyk (section 5), the tuzdyk in the notation
//! (section 16) and in validation (section 14).
//!
//! Notation reminder: per side `house 1,...,house 9:store`, side 0 first.
//! Stores are off the track: side 0's house 9 is followed by side 1's
//! house 1. `tuzdyk=A,B` gives the opponent's house each side owns.

use std::sync::Arc;

use mancala_core::*;
use mancala_testkit::pick::{at, compile, houses};

fn toguz() -> Rules {
    compile(Preset::ToguzKumalak.rules())
}

fn played(rules: &Rules, notation: &str, house: u8) -> (String, Effect) {
    let mut pos = at(rules, notation);
    let effect = pos.play(Move::House(house)).expect("a legal move");
    (pos.to_string(), effect)
}

fn opponent_house(number: u8) -> Cup {
    Cup::House {
        side: Side::new(1),
        number,
    }
}

// ---------------------------------------------------------------------------
// Section 3: origin = first_unless_single
// ---------------------------------------------------------------------------

#[test]
fn first_unless_single_sends_a_lone_seed_on_to_the_next_house() {
    let rules = toguz();
    // h9 holds one seed: it goes to o1, which then holds 2, an even count.
    let start = "2,0,0,0,0,0,0,0,1:0 1,1,1,1,1,1,1,1,1:0 to=0 ply=4";
    let (after, effect) = played(&rules, start, 9);
    assert_eq!(after, "2,0,0,0,0,0,0,0,0:2 0,1,1,1,1,1,1,1,1:0 to=1 ply=5");
    assert_eq!(effect.last, Some(opponent_house(1)));
    assert_eq!(effect.captured, 2);
    // Two seeds or more: the first goes back into the origin (h1, h2).
    let (after, _) = played(&rules, start, 1);
    assert_eq!(after, "1,1,0,0,0,0,0,0,1:0 1,1,1,1,1,1,1,1,1:0 to=1 ply=5");
    let mut pos = at(&rules, start);
    let path = pos.sowing_path(Move::House(9)).unwrap();
    assert_eq!(path, [opponent_house(1)]);
    assert_eq!(pos.landing(Move::House(9)), Some(opponent_house(1)));
    pos.play(Move::House(9)).unwrap();
}

#[test]
fn toguz_even_counts_are_captured_on_the_opponents_side_up_to_large_ones() {
    let rules = toguz();
    // 17 seeds from h1: h1 (first seed back), h2..h9, o1..o8: o8 holds 18.
    let start = "17,0,0,0,0,0,0,0,0:0 1,1,1,1,1,1,1,17,1:0 to=0 ply=6";
    let (after, effect) = played(&rules, start, 1);
    assert_eq!(after, "1,1,1,1,1,1,1,1,1:18 2,2,2,2,2,2,2,0,1:0 to=1 ply=7");
    assert_eq!(effect.captured, 18);
    // An even count on the mover's own side is not taken: h1's 3 seeds go
    // to h1, h2, h3, and h3 now holds 2.
    let start = "3,1,1,1,1,1,1,1,1:0 1,1,1,1,1,1,1,1,1:0 to=0 ply=6";
    let (after, effect) = played(&rules, start, 1);
    assert_eq!(after, "1,2,2,1,1,1,1,1,1:0 1,1,1,1,1,1,1,1,1:0 to=1 ply=7");
    assert_eq!(effect.captured, 0);
}

// ---------------------------------------------------------------------------
// Section 5: the tuzdyk
// ---------------------------------------------------------------------------

#[test]
fn tuzdyk_is_made_when_the_last_seed_brings_an_opponents_house_to_three() {
    let rules = toguz();
    // h8's 4 seeds: h8, h9, o1, o2; o2 held 2 and now 3: side 0's tuzdyk,
    // its 3 seeds to side 0's store.
    let start = "1,0,0,0,0,0,0,4,1:0 5,2,1,1,1,1,1,1,1:0 to=0 ply=2";
    let (after, effect) = played(&rules, start, 8);
    assert_eq!(
        after,
        "1,0,0,0,0,0,0,1,2:3 6,0,1,1,1,1,1,1,1:0 to=1 ply=3 tuzdyk=2,0"
    );
    assert_eq!(effect.tuzdyk, Some(opponent_house(2)));
    assert_eq!(effect.captured, 3);
    assert_eq!(
        effect.captured_cups().collect::<Vec<_>>(),
        [opponent_house(2)]
    );
    let pos = at(&rules, &after);
    assert_eq!(pos.tuzdyk(Side::new(0)), Some(opponent_house(2)));
    assert_eq!(pos.tuzdyk(Side::new(1)), None);
    assert!(pos.is_tuzdyk(Side::new(1), 2));
    assert!(!pos.is_tuzdyk(Side::new(0), 2));
}

#[test]
fn tuzdyk_is_never_made_in_the_opponents_last_house() {
    let rules = toguz();
    // h9's 10 seeds: h9, then o1..o9; o9 held 2 and now 3, but it is house 9.
    let start = "1,0,0,0,0,0,0,0,10:0 1,1,1,1,1,1,1,1,2:0 to=0 ply=2";
    let (after, effect) = played(&rules, start, 9);
    assert_eq!(after, "1,0,0,0,0,0,0,0,1:0 2,2,2,2,2,2,2,2,3:0 to=1 ply=3");
    assert_eq!((effect.tuzdyk, effect.captured), (None, 0));
}

#[test]
fn tuzdyk_is_never_made_facing_the_opponents_tuzdyk() {
    let rules = toguz();
    // Side 1 owns side 0's house 2, so side 0 cannot take side 1's house 2.
    let start = "1,0,0,0,0,0,0,4,1:0 5,2,1,1,1,1,1,1,1:0 to=0 ply=2 tuzdyk=0,2";
    let (after, effect) = played(&rules, start, 8);
    assert_eq!(
        after,
        "1,0,0,0,0,0,0,1,2:0 6,3,1,1,1,1,1,1,1:0 to=1 ply=3 tuzdyk=0,2"
    );
    assert_eq!((effect.tuzdyk, effect.captured), (None, 0));
    // With side 1's tuzdyk on side 0's house 3 instead, house 2 is free.
    let start = "1,0,0,0,0,0,0,4,1:0 5,2,1,1,1,1,1,1,1:0 to=0 ply=2 tuzdyk=0,3";
    let (after, effect) = played(&rules, start, 8);
    assert_eq!(
        after,
        "1,0,0,0,0,0,0,1,2:3 6,0,1,1,1,1,1,1,1:0 to=1 ply=3 tuzdyk=2,3"
    );
    assert_eq!(effect.tuzdyk, Some(opponent_house(2)));
}

#[test]
fn tuzdyk_is_made_once_a_game_and_takes_every_seed_sown_into_it() {
    let rules = toguz();
    // Side 0 owns o2. h8's 5 seeds: h8, h9, o1, o2 (to side 0's store), o3;
    // o3 now holds 3, but side 0 already has its tuzdyk, and 3 is odd.
    let start = "1,0,0,0,0,0,0,5,1:0 5,0,2,1,1,1,1,1,1:0 to=0 ply=8 tuzdyk=2,0";
    let (after, effect) = played(&rules, start, 8);
    assert_eq!(
        after,
        "1,0,0,0,0,0,0,1,2:1 6,0,3,1,1,1,1,1,1:0 to=1 ply=9 tuzdyk=2,0"
    );
    assert_eq!((effect.tuzdyk, effect.captured), (None, 0));
}

#[test]
fn tuzdyk_takes_the_seeds_its_owners_opponent_sows_into_it() {
    let rules = toguz();
    // Side 1 owns side 0's h5. Side 0's h3 (4 seeds): h3, h4, h5 (to side
    // 1's store), h6.
    let start = "1,0,4,0,0,0,0,0,1:0 1,1,1,1,1,1,1,1,1:0 to=0 ply=8 tuzdyk=0,5";
    let (after, _) = played(&rules, start, 3);
    assert_eq!(
        after,
        "1,0,1,1,0,1,0,0,1:0 1,1,1,1,1,1,1,1,1:1 to=1 ply=9 tuzdyk=0,5"
    );
    // A last seed in a tuzdyk goes to its owner and captures nothing: side
    // 1's o9 (2 seeds): o9, then side 0's h1, side 1's tuzdyk.
    let start = "0,4,1,1,1,1,1,1,1:0 1,1,1,1,1,1,1,1,2:0 to=1 ply=8 tuzdyk=0,1";
    let (after, effect) = played(&rules, start, 9);
    assert_eq!(
        after,
        "0,4,1,1,1,1,1,1,1:0 1,1,1,1,1,1,1,1,1:1 to=0 ply=9 tuzdyk=0,1"
    );
    assert_eq!(effect.captured, 0);
}

#[test]
fn tuzdyk_is_never_a_legal_move_and_never_holds_seeds() {
    let rules = toguz();
    // Side 1 owns side 0's h5: side 0 cannot play it, it is always empty.
    let pos = at(
        &rules,
        "1,0,4,0,0,0,0,0,1:0 1,1,1,1,1,1,1,1,1:0 to=0 ply=8 tuzdyk=0,5",
    );
    assert_eq!(pos.legal_moves().to_vec(), houses(&[1, 3, 9]));
    let mut copy = pos;
    assert_eq!(
        copy.play(Move::House(5)).unwrap_err().reason,
        IllegalReason::EmptyHouse
    );
    let holding: Setup = "1,0,4,0,7,0,0,0,1:0 1,1,1,1,1,1,1,1,1:0 to=0 tuzdyk=0,5"
        .parse()
        .unwrap();
    assert_eq!(
        Position::from_setup(&rules, &holding).unwrap_err(),
        SetupError::Tuzdyk {
            side: 1,
            house: 5,
            reason: ImpossibleTuzdyk::HoldsSeeds
        }
    );
}

#[test]
fn tuzdyk_positions_that_cannot_be_are_refused() {
    let rules = toguz();
    let board = "1,0,4,0,0,0,0,0,1:0 1,1,1,1,0,1,1,1,0:0 to=0";
    let refused = |tuzdyk: &str, rules: &Rules| {
        let setup: Setup = format!("{board} tuzdyk={tuzdyk}").parse().unwrap();
        match Position::from_setup(rules, &setup).unwrap_err() {
            SetupError::Tuzdyk { reason, .. } => reason,
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(refused("9,0", &rules), ImpossibleTuzdyk::LastHouse);
    assert_eq!(refused("10,0", &rules), ImpossibleTuzdyk::NoSuchHouse);
    assert_eq!(refused("5,5", &rules), ImpossibleTuzdyk::Facing);
    assert_eq!(refused("0,0,1", &rules), ImpossibleTuzdyk::NoSuchSide);
    let plain = compile(RuleSet {
        tuzdyk: false,
        ..Preset::ToguzKumalak.rules()
    });
    assert_eq!(refused("5,0", &plain), ImpossibleTuzdyk::NotARule);
    let e = SetupError::Tuzdyk {
        side: 0,
        house: 9,
        reason: ImpossibleTuzdyk::LastHouse,
    };
    assert_eq!(
        e.to_string(),
        "tuzdyk of side 0 at house 9: the opponent's last house cannot be a tuzdyk"
    );
}

// ---------------------------------------------------------------------------
// Section 16: notation, keys, boards and games
// ---------------------------------------------------------------------------

#[test]
fn tuzdyk_notation_round_trips_and_old_notation_is_unchanged() {
    let text = "1,0,0,0,0,0,0,1,2:3 6,0,1,1,1,1,1,1,1:0 to=1 ply=3 tuzdyk=2,0";
    let setup: Setup = text.parse().unwrap();
    assert_eq!(setup.tuzdyk, vec![2, 0]);
    assert_eq!(setup.to_string(), text);
    // No tuzdyk: nothing written, nothing in JSON either.
    let plain: Setup = "4,4:0 4,4:0 tuzdyk=0,0".parse().unwrap();
    assert_eq!(plain.to_string(), "4,4:0 4,4:0 to=0 ply=0");
    let json = serde_json::to_string(&at(&toguz(), text)).unwrap();
    assert!(json.contains("\"tuzdyk\":[2,0]"), "{json}");
    let back: Setup = serde_json::from_str(&json).unwrap();
    assert_eq!(back, setup);
    let kalah = serde_json::to_string(&Setup::default()).unwrap();
    assert!(!kalah.contains("tuzdyk"), "{kalah}");
    assert_eq!(
        "4,4:0 4,4:0 tuzdyk=x".parse::<Setup>().unwrap_err().reason,
        NotationReason::NotANumber {
            field: NotationField::Tuzdyk,
            text: "x".into()
        }
    );
}

#[test]
fn tuzdyk_is_part_of_the_position_keys() {
    let rules = toguz();
    let board = "1,0,4,0,0,0,0,0,1:0 1,1,1,1,0,1,1,1,1:0 to=0 ply=8";
    let none = at(&rules, board);
    let one = at(&rules, &format!("{board} tuzdyk=0,5"));
    let other = at(&rules, &format!("{board} tuzdyk=5,0"));
    for (a, b) in [(none, one), (none, other), (one, other)] {
        assert_ne!(a, b);
        assert_ne!(a.key(), b.key());
        assert_ne!(a.board_key(), b.board_key());
        assert_ne!(a.repetition_key(), b.repetition_key());
    }
}

#[test]
fn tuzdyk_shows_on_the_board_drawing() {
    let rules = toguz();
    let pos = at(
        &rules,
        "1,0,0,0,0,0,0,1,2:3 6,0,1,1,1,1,1,1,1:0 to=1 ply=3 tuzdyk=2,0",
    );
    let drawing = format!("{pos:#}");
    // Side 1's row runs from house 9 down to house 1: house 2 is second last.
    let north = drawing.lines().nth(1).unwrap();
    assert_eq!(north, "     [  1|  1|  1|  1|  1|  1|  1|  T|  6]");
}

#[test]
fn tuzdyk_games_replay_from_their_moves() {
    let rules = Arc::new(toguz());
    let moves = parse_moves("7,8,1,5,9,7,5,8,4,4,9,4,5,3,2,6,7,4,4,2,2,7,6,9").unwrap();
    let mut game = Game::new(rules.clone());
    let mut made = Vec::new();
    for &m in &moves {
        if let Some(cup) = game.play(m).unwrap().tuzdyk {
            made.push(cup);
        }
    }
    let end = game.position().to_string();
    assert_eq!(
        end,
        "0,3,20,2,2,2,3,4,4:26 2,3,4,3,10,4,3,8,2:57 to=0 ply=24 tuzdyk=0,1"
    );
    assert_eq!(
        made,
        [Cup::House {
            side: Side::new(0),
            number: 1
        }]
    );
    let events: Vec<Event> = game.events().to_vec();
    let replayed = Game::from_record(rules.rule_set(), None, &events).unwrap();
    assert_eq!(replayed.position().to_string(), end);
    // Undoing the move that made the tuzdyk takes it away again.
    let mut undone = replayed;
    while undone.position().tuzdyk(Side::new(1)).is_some() {
        undone.undo_move();
    }
    assert_eq!(undone.position().to_setup().tuzdyk, Vec::<u8>::new());
}

// ---------------------------------------------------------------------------
// Section 14: validation
// ---------------------------------------------------------------------------

#[test]
fn tuzdyk_rule_sets_the_engine_cannot_play_are_refused() {
    let toguz = Preset::ToguzKumalak.rules();
    let three = RuleSet {
        players: 3,
        houses: 9,
        seeds: 9,
        tuzdyk: true,
        ..Preset::Kalah.rules()
    };
    assert!(matches!(
        three.validate(),
        Err(RuleError::TwoPlayerRule {
            field: "tuzdyk",
            ..
        })
    ));
    let reason = |set: RuleSet| match set.validate() {
        Err(RuleError::InvalidValue { reason, .. }) => reason,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        reason(RuleSet {
            tuzdyk_count: 0,
            ..toguz
        }),
        InvalidReason::TuzdykCount
    );
    assert_eq!(
        reason(RuleSet {
            grand_slam: GrandSlam::Forbidden,
            ..toguz
        }),
        InvalidReason::TuzdykGrandSlam
    );
    // Off, the count is not looked at.
    assert_eq!(
        RuleSet {
            tuzdyk: false,
            tuzdyk_count: 0,
            ..toguz
        }
        .validate(),
        Ok(())
    );
    let mut set = Preset::Kalah.rules();
    set.set("tuzdyk", "on").unwrap();
    set.set("tuzdyk-count", "4").unwrap();
    assert!(set.tuzdyk && set.tuzdyk_count == 4);
    set.set("origin", "first_unless_single").unwrap();
    assert_eq!(set.origin, Origin::FirstUnlessSingle);
}

#[test]
fn toguz_kumalak_rule_file_is_the_preset() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/rules/toguz-kumalak.toml");
    let text = std::fs::read_to_string(path).unwrap();
    assert_eq!(
        RuleSet::from_toml(&text).unwrap(),
        Preset::ToguzKumalak.rules()
    );
    for alias in ["togyz-kumalak", "Toguz Kumalak", "toguz_korgool"] {
        assert_eq!(alias.parse::<Preset>(), Ok(Preset::ToguzKumalak), "{alias}");
    }
}

#[test]
fn sowing_steps_pass_a_tuzdyks_seed_to_its_owner() {
    // The position of tuzdyk_takes_the_seeds_its_owners_opponent_sows_into_it:
    // side 1 owns side 0's h5; h3's 4 seeds go to h3 (origin first), h4,
    // h5 (on to side 1's store) and h6.
    let rules = toguz();
    let pos = at(
        &rules,
        "1,0,4,0,0,0,0,0,1:0 1,1,1,1,1,1,1,1,1:0 to=0 ply=8 tuzdyk=0,5",
    );
    let mine = |number| Cup::House {
        side: Side::new(0),
        number,
    };
    assert_eq!(
        pos.sowing_steps(Move::House(3)),
        Some(vec![
            SowingStep::Lift(mine(3)),
            SowingStep::Seed(mine(3)),
            SowingStep::Seed(mine(4)),
            SowingStep::Seed(mine(5)),
            SowingStep::Take {
                cup: mine(5),
                to: Side::new(1),
            },
            SowingStep::Seed(mine(6)),
        ])
    );
}

// ---------------------------------------------------------------------------
// Section 5: tuzdyk_across (Toguz Xorgol)
// ---------------------------------------------------------------------------

fn toguz_across() -> Rules {
    compile(RuleSet {
        tuzdyk_across: true,
        ..Preset::ToguzKumalak.rules()
    })
}

#[test]
fn tuzdyk_across_bars_the_house_across_from_the_opponents_tuzdyk() {
    // Side 1 owns side 0's h8, which lies across from side 1's h2 (9 + 1 -
    // 8). h7's 5 seeds: h7 (first seed back), h8 (on to side 1's store),
    // h9, o1, o2; o2 held 2 and now 3.
    let start = "1,0,0,0,0,0,5,0,1:0 5,2,1,1,1,1,1,1,1:0 to=0 ply=2 tuzdyk=0,8";
    // Under tuzdyk_across o2 is barred: 3 is odd, nothing is taken.
    let (after, effect) = played(&toguz_across(), start, 7);
    assert_eq!(
        after,
        "1,0,0,0,0,0,1,0,2:0 6,3,1,1,1,1,1,1,1:1 to=1 ply=3 tuzdyk=0,8"
    );
    assert_eq!((effect.tuzdyk, effect.captured), (None, 0));
    // Toguz Kumalak bars o8 instead: o2 becomes side 0's tuzdyk.
    let (after, effect) = played(&toguz(), start, 7);
    assert_eq!(
        after,
        "1,0,0,0,0,0,1,0,2:3 6,0,1,1,1,1,1,1,1:1 to=1 ply=3 tuzdyk=2,8"
    );
    assert_eq!(effect.tuzdyk, Some(opponent_house(2)));
}

#[test]
fn tuzdyk_across_allows_the_house_with_the_same_number() {
    // Side 1 owns side 0's h2, across from side 1's h8: o2 is free.
    let start = "1,0,0,0,0,0,5,1,1:0 5,2,1,1,1,1,1,1,1:0 to=0 ply=2 tuzdyk=0,2";
    let (after, effect) = played(&toguz_across(), start, 7);
    assert_eq!(
        after,
        "1,0,0,0,0,0,1,2,2:3 6,0,1,1,1,1,1,1,1:0 to=1 ply=3 tuzdyk=2,2"
    );
    assert_eq!(effect.tuzdyk, Some(opponent_house(2)));
    // Toguz Kumalak bars it.
    let (after, effect) = played(&toguz(), start, 7);
    assert_eq!(
        after,
        "1,0,0,0,0,0,1,2,2:0 6,3,1,1,1,1,1,1,1:0 to=1 ply=3 tuzdyk=0,2"
    );
    assert_eq!((effect.tuzdyk, effect.captured), (None, 0));
}

#[test]
fn tuzdyk_across_positions_are_checked_across_the_board() {
    let board = "1,0,4,0,0,0,0,0,1:0 1,0,1,1,0,1,1,1,0:0 to=0";
    let setup = |tuzdyk: &str| -> Setup { format!("{board} tuzdyk={tuzdyk}").parse().unwrap() };
    let refused = |tuzdyk: &str, rules: &Rules| match Position::from_setup(rules, &setup(tuzdyk)) {
        Err(SetupError::Tuzdyk { reason, .. }) => Some(reason),
        Err(other) => panic!("{other:?}"),
        Ok(_) => None,
    };
    let across = toguz_across();
    // o2 (side 0's) and h8 (side 1's) face each other; h5 faces itself.
    assert_eq!(refused("2,8", &across), Some(ImpossibleTuzdyk::Facing));
    assert_eq!(refused("5,5", &across), Some(ImpossibleTuzdyk::Facing));
    assert_eq!(refused("2,2", &across), None);
    assert_eq!(refused("2,8", &toguz()), None);
    assert_eq!(refused("2,2", &toguz()), Some(ImpossibleTuzdyk::Facing));
}

#[test]
fn tuzdyk_across_is_written_only_when_set_and_does_nothing_without_a_tuzdyk() {
    // Off, as tuzdyk_count, it is not looked at.
    let set = RuleSet {
        tuzdyk_across: true,
        ..Preset::Kalah.rules()
    };
    assert_eq!(set.validate(), Ok(()));
    let text = RuleSet {
        tuzdyk_across: true,
        ..Preset::ToguzKumalak.rules()
    }
    .canonical();
    assert!(text.ends_with(",tuzdyk_across=true"), "{text}");
    assert!(
        !Preset::ToguzKumalak
            .rules()
            .canonical()
            .contains("tuzdyk_across")
    );
}
