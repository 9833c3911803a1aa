//! Rule sets to test on: proptest strategies for small ones whose game
//! trees plain search can walk to the end and for any valid rule set.

use mancala_core::{
    Capture, CaptureFrom, CaptureSide, CountSet, EndCondition, EndSet, ExtraTurn, GrandSlam,
    KalahOptions, Leftover, Origin, Preset, RuleSet, StoresSown, Unfed,
};
use proptest::prelude::*;
use rand::RngExt;

/// The `kalah` preset with `players` players, valid or not (validation
/// tests give it 1 or 5).
pub fn kalah(players: u8) -> RuleSet {
    let mut set = Preset::Kalah.rules();
    set.players = players;
    set
}

/// Small rule sets whose games always end (stores on the track), 2 or 3
/// players, with every capture family and extra-turn rule: for the
/// alpha-beta oracle test.
pub fn small_rules() -> impl Strategy<Value = RuleSet> {
    (
        2u8..=3,
        1u8..=3,
        1u8..=2,
        prop::sample::select(vec![StoresSown::Own, StoresSown::All]),
        prop::sample::select(vec![Origin::Include, Origin::Skip]),
        prop::sample::select(ExtraTurn::ALL.to_vec()),
        prop::sample::select(vec![Capture::None, Capture::Opposite, Capture::Count]),
        prop::sample::select(CaptureFrom::ALL.to_vec()),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(players, houses, seeds, stores, origin, extra, capture, from, empty, pie)| {
                let two = players == 2;
                RuleSet {
                    players,
                    // Keep the trees small enough for plain minimax.
                    houses: if two { houses } else { houses.min(2) },
                    seeds: if two { seeds } else { 1 },
                    stores_sown: stores,
                    origin,
                    extra_turn: extra,
                    capture: if capture == Capture::Count && !two {
                        Capture::Opposite
                    } else {
                        capture
                    },
                    capture_counts: CountSet::of(&[2, 3]),
                    capture_from: from,
                    capture_empty_opposite: empty,
                    end: EndSet::of(&[if empty {
                        EndCondition::AnySideEmpty
                    } else {
                        EndCondition::NoLegalMove
                    }]),
                    pie_rule: pie && two,
                    ..Preset::Kalah.rules()
                }
            },
        )
}

/// Tiny rule sets whose games always end (stores on the track, no origin
/// `first`), 2 to 4 players, with every extra-turn rule, capture family
/// and end condition, and the pie rule with two players: for the max^n
/// oracle test.
pub fn tiny_rules() -> impl Strategy<Value = RuleSet> {
    (
        2u8..=4,
        1u8..=3,
        1u8..=2,
        prop::sample::select(vec![StoresSown::Own, StoresSown::All]),
        prop::sample::select(vec![Origin::Include, Origin::Skip]),
        prop::sample::select(ExtraTurn::ALL.to_vec()),
        prop::sample::select(vec![Capture::None, Capture::Opposite, Capture::Count]),
        prop::sample::select(CaptureFrom::ALL.to_vec()),
        prop::sample::select(vec![
            EndCondition::AnySideEmpty,
            EndCondition::NoLegalMove,
            EndCondition::EmptyFirst,
        ]),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(players, houses, seeds, stores, origin, extra, capture, from, end, pie, discard)| {
                let two = players == 2;
                RuleSet {
                    players,
                    // Small enough for plain max^n to the end of the game.
                    houses: if two { houses } else { houses.min(2) },
                    seeds: if two && houses < 3 { seeds } else { 1 },
                    stores_sown: stores,
                    origin,
                    extra_turn: extra,
                    capture: if capture == Capture::Count && !two {
                        Capture::Opposite
                    } else {
                        capture
                    },
                    capture_counts: CountSet::of(&[2, 3]),
                    capture_from: from,
                    capture_empty_opposite: discard,
                    end: EndSet::of(&[end]),
                    leftover: if discard {
                        Leftover::Discard
                    } else {
                        Leftover::Owner
                    },
                    pie_rule: pie && two,
                    ..Preset::Kalah.rules()
                }
            },
        )
}

/// Small two-player rule sets whose games always end: additive ones
/// (Kalah-like) and whole-position ones (majority, empty_first, the pie
/// rule, the tuzdyk): for the exact solver's oracle test.
pub fn small_two_player_rules() -> impl Strategy<Value = RuleSet> {
    (
        1u8..=3,
        1u8..=2,
        prop::sample::select(vec![StoresSown::Own, StoresSown::All]),
        prop::sample::select(vec![Origin::Include, Origin::Skip, Origin::First]),
        prop::sample::select(ExtraTurn::ALL.to_vec()),
        prop::sample::select(vec![Capture::None, Capture::Opposite, Capture::Count]),
        any::<bool>(),
        prop::sample::select(vec![
            EndSet::of(&[EndCondition::AnySideEmpty]),
            EndSet::of(&[EndCondition::NoLegalMove]),
            EndSet::of(&[EndCondition::AnySideEmpty, EndCondition::Majority]),
            EndSet::of(&[EndCondition::EmptyFirst]),
        ]),
        prop::sample::select(vec![Leftover::Owner, Leftover::Discard]),
        any::<bool>(),
        (any::<bool>(), 1u8..=3),
    )
        .prop_map(
            |(houses, seeds, stores, origin, extra, capture, empty, end, leftover, pie, tuzdyk)| {
                RuleSet {
                    houses,
                    seeds,
                    stores_sown: stores,
                    origin,
                    // origin = first needs singletons barred for games to end.
                    min_seeds: if origin == Origin::First { 2 } else { 1 },
                    extra_turn: extra,
                    capture,
                    capture_counts: CountSet::of(&[2, 3]),
                    capture_empty_opposite: empty,
                    end,
                    leftover,
                    pie_rule: pie,
                    tuzdyk: tuzdyk.0,
                    tuzdyk_count: tuzdyk.1,
                    ..Preset::Kalah.rules()
                }
            },
        )
}

/// A two-player Kalah rule set small enough to solve at once, drawn from
/// `rng` (for tests that are not proptests).
pub fn tiny_two_player_rules(rng: &mut impl rand::Rng) -> RuleSet {
    let houses = rng.random_range(2..=3u8);
    RuleSet {
        houses,
        seeds: rng.random_range(1..=2u8),
        extra_turn: if rng.random_bool(0.8) {
            ExtraTurn::OwnStore
        } else {
            ExtraTurn::None
        },
        capture_empty_opposite: rng.random_bool(0.3),
        pie_rule: rng.random_bool(0.2),
        ..Preset::Kalah.rules()
    }
}

/// Every preset, plus Kalah for 3 and 4 players with each `capture_from`.
pub fn preset_rules() -> impl Strategy<Value = RuleSet> {
    prop_oneof![
        prop::sample::select(Preset::ALL.to_vec()).prop_map(Preset::rules),
        (
            3u8..=4,
            prop::sample::select(vec![4u8, 6]),
            3u8..=4,
            0usize..3
        )
            .prop_map(|(players, houses, seeds, from)| KalahOptions {
                players,
                houses,
                seeds,
                capture_from: CaptureFrom::ALL[from],
                ..KalahOptions::default()
            }
            .rules()),
    ]
}

/// Any valid rule set: every dimension drawn at random, then the few
/// combinations the engine refuses are repaired.
pub fn random_rules() -> impl Strategy<Value = RuleSet> {
    let shape = (
        2u8..=4,
        1u8..=16,
        1u8..=8,
        0usize..3,
        0..Origin::ALL.len(),
        0usize..3,
    );
    let feeding = (any::<bool>(), 1u8..=3, any::<bool>(), 0usize..3, 0usize..3);
    let capture = (
        0usize..3,
        0usize..3,
        any::<bool>(),
        prop::collection::vec(2u8..=8, 1..4),
        0usize..3,
        any::<bool>(),
        0u32..3,
    );
    let ending = (
        0u8..32,
        0usize..3,
        0usize..3,
        any::<bool>(),
        (any::<bool>(), 1u8..=4),
    );
    (shape, feeding, capture, ending).prop_map(|(shape, feeding, capture, ending)| {
        let (players, houses, mut seeds, stores, origin, extra) = shape;
        let (first_extra, min_seeds, must_feed, unfed, grand_slam) = feeding;
        let (kind, from, empty_opposite, counts, side, chain, no_capture) = capture;
        let (end_bits, leftover, cycle_leftover, pie, (tuzdyk, tuzdyk_count)) = ending;
        while usize::from(players) * usize::from(houses) * usize::from(seeds) > 255 {
            seeds -= 1;
        }
        let mut end: EndSet = EndCondition::ALL
            .iter()
            .enumerate()
            .filter(|(i, _)| end_bits >> i & 1 == 1)
            .map(|(_, c)| *c)
            .collect();
        if end.contains(EndCondition::EmptyFirst) {
            end.remove(EndCondition::AnySideEmpty);
        }
        let two = players == 2;
        let capture = Capture::ALL[kind];
        let grand_slam = if two {
            GrandSlam::ALL[grand_slam]
        } else {
            GrandSlam::Allowed
        };
        RuleSet {
            players,
            houses,
            seeds,
            stores_sown: StoresSown::ALL[stores],
            origin: Origin::ALL[origin],
            extra_turn: ExtraTurn::ALL[extra],
            first_move_extra_turn: first_extra,
            min_seeds,
            must_feed: must_feed && two,
            unfed: Unfed::ALL[unfed],
            grand_slam,
            capture: if capture == Capture::Count && !two {
                Capture::Opposite
            } else {
                capture
            },
            capture_from: CaptureFrom::ALL[from],
            capture_empty_opposite: empty_opposite,
            capture_counts: counts.into_iter().collect::<CountSet>(),
            capture_side: CaptureSide::ALL[side],
            chain,
            no_capture_moves: no_capture,
            tuzdyk: tuzdyk && two && grand_slam == GrandSlam::Allowed,
            tuzdyk_count,
            end,
            leftover: Leftover::ALL[leftover],
            cycle_leftover: Leftover::ALL[cycle_leftover],
            pie_rule: pie && two,
        }
    })
}

/// A preset (or multiplayer Kalah) or any valid rule set, evenly.
pub fn any_rules() -> impl Strategy<Value = RuleSet> {
    prop_oneof![preset_rules(), random_rules()]
}
