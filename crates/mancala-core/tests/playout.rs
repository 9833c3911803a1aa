//! `Position::play_out` and `Playout::play_out` play the very games that
//! the general path plays: `Position::play_unchecked` (or a `History`,
//! under `repetition`) on the move the same chooser picks from
//! `legal_moves`, for every preset and for random rule sets, whole games
//! and games cut off by a move budget and taken up again.

use mancala_core::{
    EndCondition, EndReason, EndSet, History, Playout, Position, Preset, RuleSet, Rules, Setup,
    StoresSown,
};
use mancala_testkit::pick::{Choices, general_playout};
use mancala_testkit::rules::{any_rules, fit_layout, register_rules};
use proptest::prelude::*;

/// A chooser: a uniform index below the number of moves, from `seed`.
fn chooser(seed: u64) -> impl FnMut(usize) -> usize {
    let mut choices = Choices(seed);
    move |n| (choices.next_u64() % n as u64) as usize
}

/// Both play-outs against the general path from `start`, whole and cut
/// into two pieces of `first` moves and the rest.
fn check_from(start: Position<'_>, seed: u64, first: u32, cap: u32) {
    let what = format!(
        "{} from {start}, seed {seed}",
        start.rules().rule_set().canonical()
    );
    // Without repetition: Position::play_out.
    let (want, moves) = general_playout(start, cap, chooser(seed), false);
    let mut pos = start;
    assert_eq!(pos.play_out(cap, &mut chooser(seed)), moves, "{what}");
    assert_eq!(pos, want, "{what}");
    // With it: Playout::play_out, one playout reused for both pieces.
    let (want, moves) = general_playout(start, cap, chooser(seed), true);
    let mut playout = Playout::new();
    let mut pos = start;
    assert_eq!(
        playout.play_out(&mut pos, cap, &mut chooser(seed)),
        moves,
        "{what}"
    );
    assert_eq!(pos, want, "{what}");
    assert_eq!(pos.end_reason(), want.end_reason(), "{what}");
    // In two pieces: the first `first` moves, then the rest with the
    // same chooser (a repetition needs the positions of both pieces, so
    // only the bare positions are compared here).
    let (want, moves) = general_playout(start, cap, chooser(seed), false);
    let mut choose = chooser(seed);
    let mut pos = start;
    let one = pos.play_out(first.min(cap), &mut choose);
    let two = pos.play_out(cap - one, &mut choose);
    assert_eq!(one + two, moves, "{what}, in pieces of {first}");
    assert_eq!(pos, want, "{what}, in pieces of {first}");
}

#[test]
fn every_preset_plays_the_games_of_the_general_path() {
    for preset in Preset::ALL {
        let rules = Rules::new(&preset.rules()).unwrap();
        for seed in 0..40 {
            check_from(Position::new(&rules), seed, (seed * 7) as u32 % 60, 100_000);
        }
    }
}

#[test]
fn move_by_move_a_play_out_is_play_unchecked() {
    for preset in Preset::ALL {
        let rules = Rules::new(&preset.rules()).unwrap();
        for seed in 0..40 {
            let mut pos = Position::new(&rules);
            let mut choose = chooser(seed);
            while !pos.is_over() && pos.ply() < 2_000 {
                let (before, moves) = (pos, pos.legal_moves());
                let k = choose(moves.len());
                let mut want = pos;
                want.play_unchecked(moves.get(k).unwrap());
                assert_eq!(pos.play_out(1, &mut |_| k), 1);
                assert_eq!(
                    pos,
                    want,
                    "{preset} from {before}, move {}",
                    moves.get(k).unwrap()
                );
            }
        }
    }
}

#[test]
fn houses_past_the_tables_take_the_general_path() {
    // 62 seeds is the most the two-register tables sow; 63 and 69 are
    // sown by the general path. Every move from positions holding them.
    let rules = Rules::new(&Preset::AlManqala.rules()).unwrap();
    for notation in [
        "63,62,0,0,0,0,0:0 69,0,0,0,0,0,0:0",
        "0,0,0,0,0,0,62:0 0,0,0,0,0,63,69:0 to=1",
        "1,0,0,0,0,0,61:30 0,1,2,3,0,0,2:30",
        "1,0,0,0,0,0,62:0 0,1,2,3,0,0,2:0",
    ] {
        let setup: Setup = notation.parse().unwrap();
        let start = Position::from_setup(&rules, &setup).unwrap();
        assert!(start.rules().plays_in_registers());
        for (k, m) in start.legal_moves().iter().enumerate() {
            let (mut fast, mut want) = (start, start);
            want.play_unchecked(m);
            fast.play_out(1, &mut |_| k);
            assert_eq!(fast, want, "{m} from {notation}");
        }
    }
}

#[test]
fn the_seeded_games_take_the_two_register_form() {
    // Not a promise of the API: a check that the fast path is exercised
    // by the games whose speed it is for.
    for preset in [
        Preset::Kalah,
        Preset::Oware,
        Preset::AlManqala,
        Preset::MancalaBasic,
        Preset::Mankalah,
    ] {
        let rules = Rules::new(&preset.rules()).unwrap();
        assert!(rules.plays_in_registers(), "{preset}");
    }
}

#[test]
fn a_repetition_ends_the_play_out_as_it_ends_a_history() {
    // Two lone seeds chase each other round an Oware board: after 12
    // moves the first position is back (the History example).
    let rules = Rules::new(&Preset::Oware.rules()).unwrap();
    let setup: Setup = "1,0,0,0,0,0:23 1,0,0,0,0,0:23".parse().unwrap();
    let start = Position::from_setup(&rules, &setup).unwrap();
    let mut playout = Playout::new();
    let mut pos = start;
    assert_eq!(playout.play_out(&mut pos, 1_000, &mut |_| 0), 12);
    assert_eq!(pos.end_reason(), Some(EndReason::Repetition));
    // The same playout again: nothing of the last game is remembered.
    let mut again = start;
    assert_eq!(playout.play_out(&mut again, 1_000, &mut |_| 0), 12);
    assert_eq!(again, pos);
    // A bare position knows no repetition: the budget ends it.
    let mut bare = start;
    assert_eq!(bare.play_out(100, &mut |_| 0), 100);
    assert!(!bare.is_over());
}

#[test]
fn a_side_left_empty_is_fed_as_the_general_path_feeds_it() {
    // Oware (docs/rules.md sections 4 and 9: `must_feed`). Side 0 plays
    // its lone seed of house 1 on to house 2; side 1 plays its only seed,
    // from house 6 into side 0's house 1 (a 1, no capture), and its own
    // row is empty. Side 0 must feed it: house 5 (3 seeds: to house 6
    // and side 1's houses 1 and 2) and house 6 (2: side 1's houses 1 and
    // 2) do; houses 1 and 2 (a seed each) do not.
    let rules = Rules::new(&Preset::Oware.rules()).unwrap();
    let setup: Setup = "1,0,0,0,3,2:20 0,0,0,0,0,1:21".parse().unwrap();
    let start = Position::from_setup(&rules, &setup).unwrap();
    let mut pos = start;
    assert_eq!(pos.play_out(2, &mut |_| 0), 2);
    assert_eq!(pos.to_string(), "1,1,0,0,3,2:20 0,0,0,0,0,0:21 to=0 ply=2");
    let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["5", "6"]);
    // The first of them (house 5), as the general path plays it.
    let mut want = start;
    for _ in 0..3 {
        want.play_unchecked(want.legal_moves().get(0).unwrap());
    }
    assert_eq!(pos.play_out(1, &mut |_| 0), 1);
    assert_eq!(pos, want);
    assert_eq!(pos.to_string(), "1,1,0,0,0,3:20 1,1,0,0,0,0:21 to=1 ply=3");
}

#[test]
fn a_majority_ends_the_play_out_and_the_seeds_left_go_to_their_owners() {
    // Oware (docs/rules.md sections 7 and 9: `majority`, leftover
    // `owner`). Side 0's lone seed in house 6 lands in side 1's house 1,
    // making 2: a capture of 2, and 25 of the 48 seeds in side 0's store.
    // The game ends; side 1's 3 seeds left go to its store (20 + 3).
    let rules = Rules::new(&Preset::Oware.rules()).unwrap();
    let setup: Setup = "0,0,0,0,0,1:23 1,0,0,0,0,3:20".parse().unwrap();
    let start = Position::from_setup(&rules, &setup).unwrap();
    let mut want = start;
    want.play_unchecked(want.legal_moves().get(0).unwrap());
    // With `repetition` (Playout) and without (Position::play_out).
    let (mut with, mut bare) = (start, start);
    assert_eq!(Playout::new().play_out(&mut with, 10, &mut |_| 0), 1);
    assert_eq!(bare.play_out(10, &mut |_| 0), 1);
    for pos in [with, bare] {
        assert_eq!(pos.end_reason(), Some(EndReason::Majority));
        let text = "0,0,0,0,0,0:25 0,0,0,0,0,0:23 to=1 ply=1 over=majority";
        assert_eq!(pos.to_string(), text);
        assert_eq!(pos, want);
    }
    // One store at exactly half, the other below it, is no end: the
    // same capture of 2 takes side 0's store from 22 to 24, half the 48,
    // side 1's holds 21, and side 1 moves (feeding side 0's empty row).
    let setup: Setup = "0,0,0,0,0,1:22 1,0,0,0,0,3:21".parse().unwrap();
    let start = Position::from_setup(&rules, &setup).unwrap();
    let mut pos = start;
    assert_eq!(pos.play_out(1, &mut |_| 0), 1);
    assert!(!pos.is_over());
    assert_eq!(pos.to_string(), "0,0,0,0,0,0:24 0,0,0,0,0,3:21 to=1 ply=1");
    let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["6"]);
}

#[test]
fn an_index_past_the_last_move_plays_the_last() {
    let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
    let mut pos = Position::new(&rules);
    pos.play_out(1, &mut |_| usize::MAX);
    // House 6 of the start: four seeds, none in the store.
    assert_eq!(pos.to_string(), "4,4,4,4,4,0:1 5,5,5,4,4,4:0 to=1 ply=1");
    let (want, _) = general_playout(Position::new(&rules), 1_000, |n| n - 1, false);
    // Just past the last, past the eighth move, and the last possible index.
    let pasts: [fn(usize) -> usize; 5] = [|n| n, |n| n + 1, |_| 7, |_| 8, |_| usize::MAX];
    for (i, past) in pasts.into_iter().enumerate() {
        let mut pos = Position::new(&rules);
        pos.play_out(1_000, &mut |n| past(n));
        assert_eq!(pos, want, "chooser {i}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_rules_play_the_games_of_the_general_path(
        set in prop_oneof![any_rules(), register_rules()],
        seed in any::<u64>(),
        first in 0u32..80,
    ) {
        let rules = Rules::new(&set).unwrap();
        check_from(Position::new(&rules), seed, first, 3_000);
    }

    #[test]
    fn repetition_ends_play_outs_as_it_ends_histories(
        set in register_rules().prop_map(|mut set| {
            // Small store-less boards, where seeds circle and positions recur.
            set.houses = 1 + set.houses % 3;
            set.match_houses = set.match_houses.min(set.houses);
            set.seeds = 1 + set.seeds % 2;
            set.stores_sown = StoresSown::None;
            set.end = EndSet::EMPTY;
            set.end.insert(EndCondition::Repetition);
            fit_layout(set)
        }).prop_filter("a rule set the engine refuses", |set| Rules::new(set).is_ok()),
        seed in any::<u64>(),
    ) {
        let rules = Rules::new(&set).unwrap();
        check_from(Position::new(&rules), seed, 5, 300);
    }

    #[test]
    fn play_outs_from_random_positions_agree(
        preset in prop::sample::select(Preset::ALL.to_vec()),
        walk in any::<u64>(),
        plies in 0u32..60,
        seed in any::<u64>(),
    ) {
        let rules = Rules::new(&preset.rules()).unwrap();
        let (start, _) = general_playout(Position::new(&rules), plies, chooser(walk), true);
        check_from(start, seed, 3, 100_000);
    }
}

/// A repetition on the budget's last move ends the game there, as in a
/// `History` (a random rule set of the proptests found `play_out`
/// stopping at the budget without looking): two houses, no store sown,
/// the forty moves below bring back a position at ply 40.
#[test]
fn a_repetition_on_the_last_move_of_the_budget_ends_the_game() {
    let spec = "kalah,houses=2,seeds=4,stores_sown=none,origin=first,relay_on=own,\
                capture=count,capture_from=all,capture_empty_opposite=true,capture_counts=7,\
                chain=true,gap_opposite=true,capture_extra_turn=true,no_capture_moves=1,\
                end=no_legal_move,majority,repetition,leftover=split_poorer,cycle_leftover=discard";
    let rules = Rules::new(&RuleSet::from_spec(spec).unwrap()).unwrap();
    let picks = [
        0, 0, 1, 1, 1, 0, 0, 1, 1, 1, 0, 1, 0, 1, 1, 0, 1, 0, 1, 1, 1, 0, 1, 1, 0, 1, 0, 1, 0, 0,
        1, 0, 0, 0, 1, 0, 0, 0, 0, 0,
    ];
    let mut game = History::from_position(Position::new(&rules));
    for &i in &picks {
        let moves = game.legal_moves();
        game.play_unchecked(moves.get(i).unwrap());
    }
    let want = "0,0:0 0,0:0 to=0 ply=40 discarded=16 over=repetition";
    assert_eq!(game.position().to_string(), want);
    for budget in [40, 41, 1000] {
        let mut pos = Position::new(&rules);
        let mut next = picks.iter().copied();
        let moves = Playout::new().play_out(&mut pos, budget, &mut |_| next.next().unwrap_or(0));
        assert_eq!(
            (pos.to_string().as_str(), moves),
            (want, 40),
            "budget {budget}"
        );
    }
}
