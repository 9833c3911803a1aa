//! `Playout::play_lanes` plays the very games of the general path, one
//! game at a time: game `g` is `Position::play_unchecked` (through a
//! `History` under `repetition`) on the moves its own chooser, seeded by
//! `g`, picks from `legal_moves`, whichever lane it runs in; and so it is
//! also `Playout::play_out` of the same game. For every preset, 1 to 8
//! lanes, move budgets of 0 to 17 and none, fewer games than lanes, random
//! positions along games, and random rule sets. `Playout::play_lanes_from`
//! likewise, each game from its own start (random positions along games,
//! some over; starts of other rules or seeds among them).

use mancala_core::{
    EndCondition, EndReason, EndSet, Playout, Position, Preset, Rules, Setup, StoresSown,
};
use mancala_testkit::pick::{Choices, general_playout};
use mancala_testkit::rules::{any_rules, fit_layout, register_rules};
use proptest::prelude::*;

/// Game `game`'s chooser: a uniform index below the number of moves,
/// from a generator seeded by `seed` and the game's index.
fn chooser(seed: u64, game: u64) -> impl FnMut(usize) -> usize {
    let mut choices = Choices(seed ^ game.wrapping_mul(0xd1b5_4a32_d192_ed03));
    move |n| (choices.next_u64() % n as u64) as usize
}

/// `games` games from `start` in `N` lanes, with one playout reused for
/// all of them (and for the one-at-a-time games that follow): each game
/// ends once, and is the game of the general path and of `play_out`.
fn check_lanes<const N: usize>(
    playout: &mut Playout,
    start: Position<'_>,
    games: u64,
    max_moves: u32,
    seed: u64,
) {
    let what = format!(
        "{} from {start}, {N} lanes, {games} games of at most {max_moves} moves, seed {seed}",
        start.rules().rule_set().canonical()
    );
    let mut ended = vec![None; games as usize];
    playout.play_lanes::<N, _>(
        &start,
        games,
        max_moves,
        |g| chooser(seed, g),
        |g, pos, moves| {
            let slot = &mut ended[g as usize];
            assert!(slot.is_none(), "{what}: game {g} ended twice");
            *slot = Some((*pos, moves));
        },
    );
    for (g, got) in ended.into_iter().enumerate() {
        let (pos, moves) = got.unwrap_or_else(|| panic!("{what}: game {g} never ended"));
        let at = format!("{what}, game {g}");
        assert_game(playout, &at, start, (pos, moves), max_moves, seed, g as u64);
    }
}

/// That game `g`, from `start`, ended at `pos` after `moves` moves as the
/// general path and `play_out` play it with the same chooser.
fn assert_game(
    playout: &mut Playout,
    at: &str,
    start: Position<'_>,
    (pos, moves): (Position<'_>, u32),
    max_moves: u32,
    seed: u64,
    g: u64,
) {
    let (want, played) = general_playout(start, max_moves, chooser(seed, g), true);
    assert_eq!(moves, played, "{at}: moves");
    assert_eq!(pos, want, "{at}");
    assert_eq!(pos.end_reason(), want.end_reason(), "{at}");
    assert_eq!(pos.outcome(), want.outcome(), "{at}");
    let mut alone = start;
    let alone_moves = playout.play_out(&mut alone, max_moves, &mut chooser(seed, g));
    assert_eq!((alone, alone_moves), (pos, moves), "{at}: play_out");
}

/// [`check_lanes`] with 1, 2, 3, 4 and 8 lanes.
fn check_all_lanes(playout: &mut Playout, start: Position<'_>, games: u64, cap: u32, seed: u64) {
    check_lanes::<1>(playout, start, games, cap, seed);
    check_lanes::<2>(playout, start, games, cap, seed);
    check_lanes::<3>(playout, start, games, cap, seed);
    check_lanes::<4>(playout, start, games, cap, seed);
    check_lanes::<8>(playout, start, games, cap, seed);
}

#[test]
fn every_preset_plays_in_lanes_the_games_of_the_general_path() {
    let mut playout = Playout::new();
    for preset in Preset::ALL {
        let rules = Rules::new(&preset.rules()).unwrap();
        let start = Position::new(&rules);
        for cap in 0..18 {
            check_all_lanes(&mut playout, start, 11, cap, u64::from(cap));
        }
        check_all_lanes(&mut playout, start, 13, u32::MAX, 99);
    }
}

#[test]
fn fewer_games_than_lanes() {
    let mut playout = Playout::new();
    for preset in [Preset::Kalah, Preset::Oware, Preset::Mankalah] {
        let rules = Rules::new(&preset.rules()).unwrap();
        let start = Position::new(&rules);
        for games in 0..8 {
            check_lanes::<8>(&mut playout, start, games, u32::MAX, 5);
            check_lanes::<8>(&mut playout, start, games, 9, 5);
        }
    }
}

#[test]
fn the_games_checked_take_the_two_register_form() {
    // Not a promise of the API: the presets whose lanes move in turn
    // include a `repetition` one (Oware) and one with the pie rule
    // (Manchester Kalah), so that both are tested above.
    let oware = Rules::new(&Preset::Oware.rules()).unwrap();
    assert!(oware.plays_in_registers() && oware.detects_repetition());
    let mankalah = Preset::Mankalah.rules();
    assert!(mankalah.pie_rule && Rules::new(&mankalah).unwrap().plays_in_registers());
}

#[test]
fn a_repetition_ends_each_lane_as_it_ends_a_history() {
    // Two lone seeds chase each other round an Oware board: after 12
    // moves the first position is back (the History example), in every
    // lane and every game, not only the first a lane plays.
    let rules = Rules::new(&Preset::Oware.rules()).unwrap();
    let setup: Setup = "1,0,0,0,0,0:23 1,0,0,0,0,0:23".parse().unwrap();
    let start = Position::from_setup(&rules, &setup).unwrap();
    let mut playout = Playout::new();
    let mut ended = 0;
    playout.play_lanes::<4, _>(
        &start,
        9,
        1_000,
        |_| |_| 0,
        |g, pos, moves| {
            assert_eq!(moves, 12, "game {g}");
            assert_eq!(pos.end_reason(), Some(EndReason::Repetition), "game {g}");
            ended += 1;
        },
    );
    assert_eq!(ended, 9);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn random_rules_play_in_lanes_the_games_of_the_general_path(
        set in prop_oneof![any_rules(), register_rules()],
        seed in any::<u64>(),
        games in 0u64..12,
        cap in prop_oneof![0u32..40, Just(3_000)],
    ) {
        let rules = Rules::new(&set).unwrap();
        check_all_lanes(&mut Playout::new(), Position::new(&rules), games, cap, seed);
    }

    #[test]
    fn repetition_ends_games_in_lanes_as_it_ends_histories(
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
        games in 0u64..12,
    ) {
        let rules = Rules::new(&set).unwrap();
        check_all_lanes(&mut Playout::new(), Position::new(&rules), games, 300, seed);
    }

    #[test]
    fn lanes_from_random_positions_play_the_games_of_the_general_path(
        preset in prop::sample::select(Preset::ALL.to_vec()),
        walk in any::<u64>(),
        plies in 0u32..60,
        seed in any::<u64>(),
        games in 0u64..10,
    ) {
        let rules = Rules::new(&preset.rules()).unwrap();
        let (start, _) = general_playout(Position::new(&rules), plies, chooser(walk, 0), true);
        check_all_lanes(&mut Playout::new(), start, games, u32::MAX, seed);
    }
}

/// `Playout::play_lanes_from` in `N` lanes, game `g` from `starts[g]`:
/// each game ends once, and is the game of the general path and of
/// `play_out` from its own start.
fn check_lanes_from<const N: usize>(
    playout: &mut Playout,
    starts: &[Position<'_>],
    max_moves: u32,
    seed: u64,
) {
    let what = format!(
        "{N} lanes, {} games of at most {max_moves} moves, seed {seed}",
        starts.len()
    );
    let games = starts.len() as u64;
    let mut ended = vec![None; starts.len()];
    let mut asked = 0;
    // Games started and not yet reported: never more than the lanes (a
    // lane's game is reported before the lane takes up the next, what a
    // tree search's rollouts rely on).
    let going = std::cell::Cell::new(0usize);
    playout.play_lanes_from::<N, _>(
        games,
        max_moves,
        |g| {
            assert_eq!(g, asked, "{what}: starts asked out of order");
            asked += 1;
            going.set(going.get() + 1);
            assert!(going.get() <= N, "{what}: game {g} started with {N} going");
            starts[g as usize]
        },
        |g| chooser(seed, g),
        |g, pos, moves| {
            let slot = &mut ended[g as usize];
            assert!(slot.is_none(), "{what}: game {g} ended twice");
            *slot = Some((*pos, moves));
            going.set(going.get() - 1);
        },
    );
    assert_eq!(asked, games, "{what}: starts asked");
    assert_eq!(going.get(), 0, "{what}: games never reported");
    for (g, got) in ended.into_iter().enumerate() {
        let start = starts[g];
        let (pos, moves) = got.unwrap_or_else(|| panic!("{what}: game {g} never ended"));
        let at = format!(
            "{what}, game {g} from {start} ({})",
            start.rules().rule_set().canonical()
        );
        assert_game(playout, &at, start, (pos, moves), max_moves, seed, g as u64);
    }
}

/// [`check_lanes_from`] with 1, 2, 3, 4 and 8 lanes.
fn check_all_lanes_from(playout: &mut Playout, starts: &[Position<'_>], cap: u32, seed: u64) {
    check_lanes_from::<1>(playout, starts, cap, seed);
    check_lanes_from::<2>(playout, starts, cap, seed);
    check_lanes_from::<3>(playout, starts, cap, seed);
    check_lanes_from::<4>(playout, starts, cap, seed);
    check_lanes_from::<8>(playout, starts, cap, seed);
}

/// `games` starts, game `g`'s `plies[g % len]` random moves (by the
/// general path) into a game of `rules`, from a walk seeded by `walk`.
fn walked_starts<'r>(rules: &'r Rules, walk: u64, plies: &[u32], games: u64) -> Vec<Position<'r>> {
    (0..games)
        .map(|g| {
            let plies = plies[g as usize % plies.len()];
            general_playout(Position::new(rules), plies, chooser(walk, g), true).0
        })
        .collect()
}

#[test]
fn lanes_from_starts_of_other_rules_or_seeds_play_their_own_games() {
    // Starts the lanes cannot play together (the first game's rules and
    // seeds are theirs): another `Rules` value of the same rule set, a
    // board with fewer seeds, other rules, all among Kalah positions.
    let kalah = Rules::new(&Preset::Kalah.rules()).unwrap();
    let twin = Rules::new(&Preset::Kalah.rules()).unwrap();
    let oware = Rules::new(&Preset::Oware.rules()).unwrap();
    let few: Setup = "1,2,0,3,0,1:0 0,1,1,2,0,4:0".parse().unwrap();
    let few = Position::from_setup(&kalah, &few).unwrap();
    assert!(few.total_seeds() < Position::new(&kalah).total_seeds());
    let mut starts = walked_starts(&kalah, 3, &[0, 5, 17, 2, 30], 14);
    starts[1] = few;
    starts[4] = Position::new(&twin);
    starts[7] = Position::new(&oware);
    starts[8] = few;
    starts[12] = walked_starts(&oware, 4, &[9], 1)[0];
    let mut playout = Playout::new();
    for cap in [0, 1, 7, 40, u32::MAX] {
        check_all_lanes_from(&mut playout, &starts, cap, u64::from(cap));
    }
    // The first game's start decides which the lanes play together.
    starts.swap(0, 1);
    check_all_lanes_from(&mut playout, &starts, u32::MAX, 8);
    // Only a few games fit the lanes: they go one by one too.
    let mut lone = vec![Position::new(&oware); 9];
    lone[3] = Position::new(&kalah);
    lone[6] = Position::new(&kalah);
    check_all_lanes_from(&mut playout, &lone, u32::MAX, 9);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn lanes_from_own_starts_play_the_games_of_the_general_path(
        preset in prop::sample::select(Preset::ALL.to_vec()),
        walk in any::<u64>(),
        plies in prop::collection::vec(prop_oneof![0u32..40, Just(500)], 1..6),
        seed in any::<u64>(),
        games in 0u64..12,
        cap in prop_oneof![0u32..40, Just(u32::MAX)],
    ) {
        let rules = Rules::new(&preset.rules()).unwrap();
        let starts = walked_starts(&rules, walk, &plies, games);
        check_all_lanes_from(&mut Playout::new(), &starts, cap, seed);
    }

    #[test]
    fn random_rules_play_in_lanes_from_own_starts_the_games_of_the_general_path(
        set in prop_oneof![any_rules(), register_rules()],
        walk in any::<u64>(),
        plies in prop::collection::vec(0u32..50, 1..6),
        seed in any::<u64>(),
        games in 0u64..12,
    ) {
        let rules = Rules::new(&set).unwrap();
        let starts = walked_starts(&rules, walk, &plies, games);
        check_all_lanes_from(&mut Playout::new(), &starts, 3_000, seed);
    }
}
