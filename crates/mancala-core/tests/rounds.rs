//! Matches in rounds (docs/rules.md section 8a), on positions worked out
//! by hand: the end of a round with a player short of seeds, the next
//! round's layout with burnt houses, sowing past them, who starts, the
//! end of the match, notation, serde and undo.

use mancala_core::{
    EndReason, IllegalReason, InvalidReason, Match, MatchLineError, Move, Position, Preset,
    RuleError, RuleSet, Rules, SetupError, Side,
};

/// Two houses of two seeds a side, in rounds.
const SMALL: &str = "kalah,houses=2,seeds=2,rounds=fill";

/// Round 1 by hand (side 0 = A, side 1 = B; A sows a1 a2 SA b1 b2):
/// A 2: a2=0, SA 1, b1 3. B 2: SB 1, a1 3. A 1: a2 1, SA 2, b1 4.
/// B 1: b2 1, SB 2, a1 1, a2 2. A 2: SA 3, b1 1. B 2: SB 3, extra turn.
/// B 1: the seed lands in the empty b2 and takes a1's seed: SB 5, and
/// both sides are empty. A won 3 seeds, B 5; B moved last.
const ROUND_1: &str = "2, 2, 1, 1, 2, 2, 1";

fn small(overrides: &str) -> RuleSet {
    RuleSet::from_spec(&format!("{SMALL}{overrides}")).unwrap()
}

fn after_round_1(overrides: &str) -> Match {
    let line = format!("{}; {ROUND_1}", small(overrides).short_spec());
    line.parse().unwrap_or_else(|e| panic!("{line}: {e}"))
}

#[test]
fn a_round_ends_and_the_next_fills_the_houses_it_can() {
    let game = after_round_1("");
    let first = &game.rounds()[0];
    assert_eq!(
        first.position().to_string(),
        "0,0:3 0,0:5 to=0 ply=7 over=any_side_empty"
    );
    assert_eq!(game.round_count(), 2);
    // A's 3 seeds fill house 1 and leave 1 in the store; house 2 is burnt.
    // B's 5 fill both houses and leave 1. B starts: the turn alternates.
    let pos = game.position();
    assert_eq!(pos.to_string(), "2,0:1 2,2:1 to=1 ply=0");
    assert!(pos.is_burnt(Side::new(0), 2));
    assert!(!pos.is_burnt(Side::new(0), 1));
    assert_eq!(game.round_rules().burnt(), [0b10, 0, 0, 0]);
    assert!(!game.is_over());
    assert_eq!(pos.total_seeds(), 8);
}

#[test]
fn sowing_passes_over_a_burnt_house() {
    let mut game = after_round_1("");
    // B 2: SB, a1. Then A 1 (3 seeds): SA, b1, b2, passing no a2.
    game.play(Move::House(2)).unwrap();
    assert_eq!(game.position().to_string(), "3,0:1 2,0:2 to=0 ply=1");
    game.play(Move::House(1)).unwrap();
    // A's side is empty: round 2 ends, B takes its 4 seeds: A 2, B 6.
    let second = &game.rounds()[1];
    assert_eq!(
        second.position().to_string(),
        "0,0:2 0,0:6 to=1 ply=2 over=any_side_empty"
    );
    // Round 3: A fills one house, B both with 2 left over; A starts.
    assert_eq!(game.round_count(), 3);
    assert_eq!(game.position().to_string(), "2,0:0 2,2:2 to=0 ply=0");
}

#[test]
fn round_fill_from_the_store_burns_house_1_first() {
    let game = after_round_1(",round_fill=from_store");
    assert_eq!(game.position().to_string(), "0,2:1 2,2:1 to=1 ply=0");
    assert!(game.position().is_burnt(Side::new(0), 1));
}

#[test]
fn who_starts_the_next_round() {
    // A won 3, B 5, B moved last.
    let starter = |rule: &str| {
        let game = after_round_1(&format!(",round_starter={rule}"));
        game.position().to_move()
    };
    assert_eq!(starter("alternate"), Side::new(1));
    assert_eq!(starter("loser"), Side::new(0));
    assert_eq!(starter("winner"), Side::new(1));
    assert_eq!(starter("last_mover"), Side::new(1));
}

#[test]
fn the_match_ends_when_a_player_cannot_fill_match_houses() {
    let game = after_round_1(",match_houses=2");
    assert_eq!(game.round_count(), 1);
    assert!(game.is_over());
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.scores(), [3, 5]);
    assert_eq!(outcome.winner(), Some(Side::new(1)));
    // No round follows: another move is refused.
    assert!(game.legal_moves().is_empty());
}

#[test]
fn the_match_ends_at_the_round_limit() {
    let game = after_round_1(",round_limit=1");
    assert_eq!(game.round_count(), 1);
    assert!(game.is_over());
    let game = after_round_1(",round_limit=2");
    assert_eq!(game.round_count(), 2);
    assert!(!game.is_over());
}

#[test]
fn one_round_without_rounds() {
    let line = format!("kalah,houses=2,seeds=2; {ROUND_1}");
    let game: Match = line.parse().unwrap();
    assert_eq!(game.round_count(), 1);
    assert!(game.is_over());
}

#[test]
fn a_resignation_ends_the_match() {
    let mut game = after_round_1("");
    game.resign(Side::new(1)).unwrap();
    assert!(game.is_over());
    assert_eq!(game.round_count(), 2);
    assert_eq!(game.position().end_reason(), Some(EndReason::Resignation));
    assert_eq!(game.outcome().unwrap().winner(), Some(Side::new(0)));
}

#[test]
fn undo_crosses_the_round_boundary() {
    let mut game = after_round_1("");
    assert_eq!(game.undo_move(), Some(Move::House(1)));
    assert_eq!(game.round_count(), 1);
    assert_eq!(game.position().to_string(), "1,0:3 1,0:3 to=1 ply=6");
    // Playing it again starts the same round 2.
    game.play(Move::House(1)).unwrap();
    assert_eq!(game.position().to_string(), "2,0:1 2,2:1 to=1 ply=0");
    // Undo inside a round, and at the very start.
    game.play(Move::House(2)).unwrap();
    assert_eq!(game.undo_move(), Some(Move::House(2)));
    assert_eq!(game.round_count(), 2);
    let mut fresh = Match::new(&small("")).unwrap();
    assert_eq!(fresh.undo_move(), None);
}

#[test]
fn the_match_line_round_trips() {
    let mut game = after_round_1("");
    game.play(Move::House(2)).unwrap();
    let line = game.to_string();
    assert_eq!(line, format!("{SMALL}; {ROUND_1} / 2"));
    let again: Match = line.parse().unwrap();
    assert_eq!(again.to_string(), line);
    assert_eq!(again.position(), game.position());
    // A round that is over, then nothing: an empty next round.
    let ended = after_round_1("");
    assert_eq!(ended.to_string(), format!("{SMALL}; {ROUND_1} /"));
    assert_eq!(ended.to_string().parse::<Match>().unwrap().round_count(), 2);
}

#[test]
fn match_line_errors_name_the_round() {
    let err = format!("{SMALL}; 2 / 2").parse::<Match>().unwrap_err();
    assert_eq!(err, MatchLineError::RoundNotOver { round: 1 });
    // The round is over after its 7th event; an 8th belongs to round 2.
    let err = format!("{SMALL}; {ROUND_1}, 2")
        .parse::<Match>()
        .unwrap_err();
    assert_eq!(err, MatchLineError::RoundOver { round: 1, index: 8 });
    // Round 2: B 1 ends in B's store (extra turn), so B's house 1 is empty.
    let err = format!("{SMALL}; {ROUND_1} / 1, 1")
        .parse::<Match>()
        .unwrap_err();
    assert!(
        matches!(
            err,
            MatchLineError::Illegal {
                round: 2,
                index: 2,
                ..
            }
        ),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        "round 2, event 2 (1) at ply 1: illegal move 1: the house is empty"
    );
    let err = format!("{SMALL}; x").parse::<Match>().unwrap_err();
    assert!(matches!(
        err,
        MatchLineError::BadEvent {
            round: 1,
            index: 1,
            ..
        }
    ));
    assert!(matches!(
        "kalah".parse::<Match>(),
        Err(MatchLineError::Shape { fields: 1 })
    ));
}

#[test]
fn serde_round_trips_and_refuses_what_does_not_replay() {
    let mut game = after_round_1("");
    game.play(Move::House(2)).unwrap();
    let json = serde_json::to_string(&game).unwrap();
    assert!(
        json.contains(r#""rounds":[["2","2","1","1","2","2","1"],["2"]]"#),
        "{json}"
    );
    let again: Match = serde_json::from_str(&json).unwrap();
    assert_eq!(again.to_string(), game.to_string());
    let bad = json.replace(r#"["2"]]"#, r#"["1","1"]]"#);
    let err = serde_json::from_str::<Match>(&bad).unwrap_err().to_string();
    assert!(err.contains("round 2, event 2 (1) at ply 1"), "{err}");
}

#[test]
fn burnt_houses_are_checked() {
    let set = Preset::Kalah.rules();
    let all = Rules::with_burnt(&set, [0b11_1111, 0, 0, 0]).unwrap_err();
    assert!(matches!(
        all,
        RuleError::InvalidValue {
            field: "burnt",
            reason: InvalidReason::Burnt,
            ..
        }
    ));
    assert!(Rules::with_burnt(&set, [0b100_0000, 0, 0, 0]).is_err());
    assert!(Rules::with_burnt(&set, [0, 0, 1, 0]).is_err());
    // A capacity with burnt houses could leave a sowing no house with
    // room: 2 x 2 houses of 2 under capacity 3 with one burnt leave three
    // houses, any two of which hold 6 of the 8 seeds at most; refused.
    let full = RuleSet::from_spec("kalah,houses=2,seeds=2,capacity=3").unwrap();
    assert!(Rules::with_burnt(&full, [0; 4]).is_ok());
    let refused = Rules::with_burnt(&full, [0b10, 0, 0, 0]).unwrap_err();
    assert!(matches!(
        refused,
        RuleError::InvalidValue {
            field: "capacity",
            reason: InvalidReason::Capacity,
            ..
        }
    ));
    let rules = Rules::with_burnt(&set, [0, 0b10, 0, 0]).unwrap();
    assert_ne!(rules, Rules::new(&set).unwrap());
    let setup = "4,4,4,4,4,4:0 4,4,4,4,4,4:0".parse().unwrap();
    assert_eq!(
        Position::from_setup(&rules, &setup).unwrap_err(),
        SetupError::BurntHouse {
            side: 1,
            house: 2,
            seeds: 4
        }
    );
}

#[test]
fn a_capture_chain_steps_over_a_burnt_house() {
    // Oware, side 1's house 2 burnt. Side 0's house 6 (3 seeds) sows
    // b1, b3, b4 (b2 passed over), bringing b4 to 2 and b3 to 3, then
    // the chain walks back b3 (3), b1 (2): 2 + 3 + 2 = 7 taken.
    let rules = Rules::with_burnt(&Preset::Oware.rules(), [0, 0b10, 0, 0]).unwrap();
    let setup = "1,0,0,0,0,3:10 1,0,2,1,0,5:13".parse().unwrap();
    let mut pos = Position::from_setup(&rules, &setup).unwrap();
    pos.play(Move::House(6)).unwrap();
    assert_eq!(pos.to_string(), "1,0,0,0,0,0:17 0,0,0,0,0,5:13 to=1 ply=1");
}

#[test]
fn rounds_rules_are_validated() {
    let err = RuleSet::from_spec("kalah,rounds=fill,pie_rule=true").unwrap_err();
    assert!(err.to_string().contains("pie_rule"), "{err}");
    let err = RuleSet::from_spec("kalah,match_houses=7").unwrap_err();
    assert!(err.to_string().contains("match_houses = 7"), "{err}");
    assert!(RuleSet::from_spec("kalah,match_houses=0").is_err());
    assert!(RuleSet::from_spec("kalah,rounds=many").is_err());
}

mod random {
    use mancala_core::{
        ChildKind, FirstMove, Layout, MAX_PLAYERS, Match, Position, Rounds, RuleSet, Rules,
        TerritoryRest,
    };
    use mancala_testkit::pick::{Choices, random_game};
    use mancala_testkit::rules::any_rules;
    use proptest::prelude::*;

    /// Every burnt house of `pos` holds no seed, and no seed is lost.
    fn check_burnt(pos: &Position<'_>) -> Result<(), TestCaseError> {
        let rules = pos.rules();
        for side in rules.sides() {
            for h in 1..=rules.houses() {
                if rules.is_burnt(side, h) {
                    prop_assert_eq!(pos.house(side, h), Some(0), "{} in {}", h, pos);
                }
            }
        }
        let stores: u32 = pos.scores().iter().map(|&s| u32::from(s)).sum();
        let held = pos.board_seeds() + stores + u32::from(pos.discarded());
        prop_assert_eq!(held, pos.total_seeds(), "{}", pos);
        Ok(())
    }

    /// Burnt houses for `set` from random bits: within the board, and
    /// every side keeping house 1 or its last house in play; none under a
    /// `capacity`, which burnt houses could leave without room for every
    /// seed (docs/rules.md section 14).
    fn burnt_of(set: &RuleSet, bits: [u16; MAX_PLAYERS]) -> [u16; MAX_PLAYERS] {
        if set.capacity != 0 {
            return [0; MAX_PLAYERS];
        }
        let houses = u32::from(set.houses);
        let all = if houses == 16 {
            u16::MAX
        } else {
            (1 << houses) - 1
        };
        let mut burnt = [0u16; MAX_PLAYERS];
        for s in 0..usize::from(set.players) {
            let mut mask = bits[s] & all;
            if mask == all {
                mask &= !(1 << (bits[s] as u32 % houses));
            }
            burnt[s] = mask;
        }
        burnt
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn random_games_never_sow_into_a_burnt_house(
            set in any_rules(),
            bits in any::<[u16; MAX_PLAYERS]>(),
            seed in any::<u64>(),
        ) {
            let rules = Rules::with_burnt(&set, burnt_of(&set, bits)).unwrap();
            let mut failure = Ok(());
            random_game(&rules, seed, 400, |g| {
                if failure.is_ok() {
                    failure = check_burnt(g.position());
                }
            });
            failure?;
        }

        #[test]
        fn a_match_keeps_its_seeds_from_round_to_round(
            set in any_rules(),
            limit in 1u8..=4,
            seed in any::<u64>(),
        ) {
            // A drawn territory_rest needs rounds = territory.
            let set = RuleSet { rounds: Rounds::Fill, round_limit: limit, pie_rule: false, child_kind: ChildKind::Store, layout: Layout::UNIFORM, layout_seed: 0, territory_rest: TerritoryRest::OverHalf, first_move: FirstMove::Any, no_sides: false, ..set };
            // A uniform start may hold fewer seeds than the drawn layout:
            // `end_seeds` stays below them (docs/rules.md section 14).
            let set = mancala_testkit::rules::fit_layout(set);
            let mut game = Match::new(&set).unwrap();
            let mut choices = Choices(seed);
            let mut plies = 0;
            while !game.is_over() && plies < 1500 {
                let m = choices.pick(&game.position());
                game.play(m).unwrap();
                check_burnt(&game.position())?;
                plies += 1;
            }
            prop_assert!(game.round_count() <= usize::from(limit));
            for (i, pair) in game.rounds().windows(2).enumerate() {
                let (end, next) = (pair[0].position(), pair[1].start());
                prop_assert!(end.is_over());
                // The seeds won go on; those discarded, or left on the
                // board by `empty_first` or `take_all`, leave the match.
                let won: u32 = end.scores().iter().map(|&s| u32::from(s)).sum();
                prop_assert_eq!(next.total_seeds(), won);
                if !set.end.contains(mancala_core::EndCondition::EmptyFirst)
                    && !set.end.contains(mancala_core::EndCondition::TakeAll)
                {
                    prop_assert_eq!(won, end.total_seeds() - u32::from(end.discarded()));
                }
                for side in next.rules().sides() {
                    let in_play = (1..=usize::from(set.houses))
                        .filter(|&h| !next.is_burnt(side, h))
                        .count();
                    prop_assert!(in_play >= usize::from(set.match_houses));
                    if next.is_over() {
                        // The round ended before its first move (a
                        // majority at its start, say): its end already
                        // gave the houses' seeds by `leftover`, and the
                        // match ends with it (docs/rules.md section 8a).
                        prop_assert_eq!(i + 2, game.round_count());
                        continue;
                    }
                    let filled = (1..=usize::from(set.houses))
                        .filter(|&h| next.house(side, h) == Some(set.seeds))
                        .count();
                    prop_assert_eq!(filled, in_play, "side {} of {}", side, next);
                    prop_assert!(next.store(side) < set.seeds || in_play == usize::from(set.houses));
                }
            }
            // The line replays to the same match.
            let again: Match = game.to_string().parse().unwrap();
            prop_assert_eq!(again.position(), game.position());
        }
    }
}

#[test]
fn dakon_in_rounds_is_the_dakon_preset_in_rounds() {
    use mancala_core::{RoundFill, RoundStarter, Rounds};
    let text = include_str!("../rules/dakon-rounds.toml");
    let set = RuleSet::from_toml(text).unwrap();
    assert_eq!(
        set,
        RuleSet {
            rounds: Rounds::Fill,
            round_fill: RoundFill::FromStore,
            round_starter: RoundStarter::LastMover,
            match_houses: 1,
            round_limit: 0,
            ..Preset::Dakon.rules()
        }
    );
    // Random play: after the first round a short player's burnt houses
    // are its first ones (the store end is filled first). Random players
    // split the seeds about evenly, so the match itself runs long.
    let mut game = Match::new(&set).unwrap();
    let mut choices = mancala_testkit::pick::Choices(7);
    while !game.is_over() && game.round_count() < 60 {
        let m = choices.pick(&game.position());
        game.play(m).unwrap();
    }
    let mut burnt_rounds = 0;
    for round in &game.rounds()[1..] {
        let start = round.start();
        for side in [Side::new(0), Side::new(1)] {
            let burnt: Vec<usize> = (1..=7).filter(|&h| start.is_burnt(side, h)).collect();
            assert_eq!(burnt, (1..=burnt.len()).collect::<Vec<_>>(), "{start}");
            burnt_rounds += usize::from(!burnt.is_empty());
        }
    }
    assert!(burnt_rounds > 0, "no round had a burnt house");
}

#[test]
fn keys_tell_a_burnt_house_from_an_empty_one() {
    // Round 2's start: A's house 2 is burnt. The same cups under the rules
    // with nothing burnt are another position (A's house 2 could be sown
    // into), so a table kept across rounds must not take one for the other.
    let game = after_round_1("");
    let burnt = game.position();
    let plain = Rules::new(&small("")).unwrap();
    let same = Position::from_setup(&plain, &"2,0:1 2,2:1 to=1 ply=0".parse().unwrap()).unwrap();
    assert_eq!(same.to_string(), burnt.to_string());
    assert_ne!(same.key(), burnt.key());
    assert_ne!(same.board_key(), burnt.board_key());
    // Nothing burnt: the keys are those of the plain rules.
    let unburnt = Rules::with_burnt(&small(""), [0; 4]).unwrap();
    let again = Position::from_setup(&unburnt, &"2,0:1 2,2:1 to=1 ply=0".parse().unwrap()).unwrap();
    assert_eq!(again.key(), same.key());
    assert_eq!(again.board_key(), same.board_key());
    // Other burnt houses, other keys.
    let other = Rules::with_burnt(&small(""), [0, 0b10, 0, 0]).unwrap();
    let b = Position::from_setup(&other, &"2,2:1 2,0:1 to=1 ply=0".parse().unwrap()).unwrap();
    let a_burnt = Rules::with_burnt(&small(""), [0b10, 0, 0, 0]).unwrap();
    let a = Position::from_setup(&a_burnt, &"2,0:1 2,2:1 to=1 ply=0".parse().unwrap()).unwrap();
    assert_eq!(a.key(), burnt.key());
    assert_ne!(b.key(), a.key());
}

#[test]
fn a_burnt_house_is_never_a_legal_move() {
    // A to move in round 2 of the doc example, with house 2 burnt: only
    // house 1 can move; under the plain rules house 2 holds nothing
    // either, but a burnt house is refused even as a setup with seeds.
    let mut game = after_round_1("");
    game.play(Move::House(2)).unwrap();
    let pos = game.position();
    assert_eq!(pos.to_string(), "3,0:1 2,0:2 to=0 ply=1");
    assert_eq!(
        pos.legal_moves().iter().collect::<Vec<_>>(),
        vec![Move::House(1)]
    );
    assert!(!pos.is_legal(Move::House(2)));
    let err = game.play(Move::House(2)).unwrap_err();
    assert_eq!(err.reason, IllegalReason::BurntHouse);
    assert_eq!(
        err.to_string(),
        "illegal move 2: the house is burnt (out of play this round)"
    );
}

/// Plays `set` by random choices (seed `seed`) until the match ends or
/// 60 rounds are played, and checks every round after the first: its
/// burnt houses are those `fill` burns first (`first` true: house 1
/// first, the store end filled first; false: the last houses first), and
/// it is started by `starter(previous round's scores, previous starter)`.
/// Returns how many rounds started with a burnt house.
fn check_rounds(
    set: &RuleSet,
    seed: u64,
    burns_house_1_first: bool,
    starter: fn(&[u8], usize) -> usize,
) -> usize {
    let mut game = Match::new(set).unwrap();
    let mut choices = mancala_testkit::pick::Choices(seed);
    while !game.is_over() && game.round_count() < 60 {
        let m = choices.pick(&game.position());
        game.play(m).unwrap();
    }
    let houses = usize::from(set.houses);
    let mut burnt_rounds = 0;
    for pair in game.rounds().windows(2) {
        let (before, round) = (&pair[0], &pair[1]);
        let Some(outcome) = before.outcome() else {
            continue;
        };
        let start = round.start();
        for side in [Side::new(0), Side::new(1)] {
            let burnt: Vec<usize> = (1..=houses).filter(|&h| start.is_burnt(side, h)).collect();
            let expected: Vec<usize> = if burns_house_1_first {
                (1..=burnt.len()).collect()
            } else {
                (houses + 1 - burnt.len()..=houses).collect()
            };
            assert_eq!(burnt, expected, "{start}");
            burnt_rounds += usize::from(!burnt.is_empty());
        }
        let previous = before.start().to_move().index();
        assert_eq!(
            start.to_move().index(),
            starter(outcome.scores(), previous),
            "{start} after {:?}",
            outcome.scores()
        );
    }
    burnt_rounds
}

/// docs/rules.md section 8a: the side after the last round's starter.
fn alternate(_: &[u8], previous: usize) -> usize {
    1 - previous
}

/// The side that won more seeds; a tie alternates.
fn winner(scores: &[u8], previous: usize) -> usize {
    match scores[0].cmp(&scores[1]) {
        std::cmp::Ordering::Greater => 0,
        std::cmp::Ordering::Less => 1,
        std::cmp::Ordering::Equal => 1 - previous,
    }
}

#[test]
fn ohvalhu_congkak_pallanguzhi_and_pandi_in_rounds_are_their_presets_in_rounds() {
    use mancala_core::{RoundFill, RoundStarter, Rounds};
    // docs/games.md: each file, its preset, its fill and its starter.
    type Starter = fn(&[u8], usize) -> usize;
    let files: [(&str, Preset, RoundFill, RoundStarter, Starter); 4] = [
        (
            include_str!("../rules/ohvalhu-rounds.toml"),
            Preset::Ohvalhu,
            RoundFill::FromHouse1,
            RoundStarter::Alternate,
            alternate,
        ),
        (
            include_str!("../rules/congkak-rounds.toml"),
            Preset::Congkak,
            RoundFill::FromStore,
            RoundStarter::Winner,
            winner,
        ),
        (
            include_str!("../rules/pallanguzhi-rounds.toml"),
            Preset::Pallanguzhi,
            RoundFill::FromHouse1,
            RoundStarter::Alternate,
            alternate,
        ),
        (
            include_str!("../rules/pandi-rounds.toml"),
            Preset::Pandi,
            RoundFill::FromHouse1,
            RoundStarter::Winner,
            winner,
        ),
    ];
    for (text, preset, fill, start, starter) in files {
        let set = RuleSet::from_toml(text).unwrap();
        assert_eq!(
            set,
            RuleSet {
                rounds: Rounds::Fill,
                round_fill: fill,
                round_starter: start,
                match_houses: 1,
                round_limit: 0,
                ..preset.rules()
            },
            "{preset:?}"
        );
        // Random play: from the store end, the first houses burn first
        // (house 1 is the farthest from the store); from house 1, the last.
        let burns_house_1_first = fill == RoundFill::FromStore;
        let burnt: usize = (0..4)
            .map(|seed| check_rounds(&set, seed, burns_house_1_first, starter))
            .sum();
        assert!(burnt > 0, "{preset:?}: no round had a burnt house");
    }
}
