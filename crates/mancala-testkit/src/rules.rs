//! Rule sets to test on: proptest strategies for small ones whose game
//! trees plain search can walk to the end and for any valid rule set.

use mancala_core::{
    Capture, CaptureBeforeSowing, CaptureFrom, CaptureSide, ChildKind, CountSet, Direction,
    EndCondition, EndSeedsTo, EndSet, ExtraTurn, FirstMove, GrandSlam, HouseSet, KalahOptions,
    LapCapture, Layout, Leftover, NoMove, Origin, Preset, Relay, RelayOn, RoundFill, RoundStarter,
    Rounds, RuleSet, SowCaptureBy, StoresSown, TerritoryRest, Unfed,
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

/// Kalah on `houses` houses of `seeds` seeds each, compiled.
pub fn small_kalah(houses: u8, seeds: u8) -> mancala_core::Rules {
    mancala_core::Rules::new(&RuleSet {
        houses,
        seeds,
        ..Preset::Kalah.rules()
    })
    .expect("Kalah on a small board is valid")
}

/// The solved values of the small Kalah boards, from docs/rules.md
/// section 11 (published numbers, not this engine's): `(houses, seeds,
/// side 0's final margin under perfect play)`.
pub const SMALL_KALAH_VALUES: [(u8, u8, i32); 3] = [(3, 3, 2), (4, 3, 6), (4, 4, 2)];

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
                    // Count and match captures are two-player rules (section 14).
                    capture: if matches!(capture, Capture::Count | Capture::Match) && !two {
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
                    capture: if matches!(capture, Capture::Count | Capture::Match) && !two {
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
/// rule, `split_poorer`, the tuzdyk), with every capture family, captures
/// while sowing and extra turns after captures, passing or not: for the
/// exact solver's oracle test.
pub fn small_two_player_rules() -> impl Strategy<Value = RuleSet> {
    (
        1u8..=3,
        1u8..=2,
        prop::sample::select(vec![StoresSown::Own, StoresSown::All]),
        prop::sample::select(vec![Origin::Include, Origin::Skip, Origin::First]),
        prop::sample::select(ExtraTurn::ALL.to_vec()),
        prop::sample::select(Capture::ALL.to_vec()),
        any::<bool>(),
        prop::sample::select(vec![
            EndSet::of(&[EndCondition::AnySideEmpty]),
            EndSet::of(&[EndCondition::NoLegalMove]),
            EndSet::of(&[EndCondition::AnySideEmpty, EndCondition::Majority]),
            EndSet::of(&[EndCondition::EmptyFirst]),
        ]),
        prop::sample::select(Leftover::ALL.to_vec()),
        any::<bool>(),
        // Captures while sowing (of 2), an extra turn after a capture,
        // passing, the tuzdyk and its count.
        (
            any::<bool>(),
            any::<bool>(),
            prop::sample::select(NoMove::ALL.to_vec()),
            (any::<bool>(), 1u8..=3, any::<bool>()),
        ),
    )
        .prop_map(
            |(
                houses,
                seeds,
                stores,
                origin,
                extra,
                capture,
                empty,
                end,
                leftover,
                pie,
                (sow_two, extra_capture, no_move, tuzdyk),
            )| {
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
                    // A tuzdyk is played without captures while sowing.
                    sow_capture_counts: if sow_two && !tuzdyk.0 {
                        CountSet::of(&[2])
                    } else {
                        CountSet::EMPTY
                    },
                    capture_extra_turn: extra_capture,
                    end,
                    leftover,
                    pie_rule: pie,
                    no_move,
                    tuzdyk: tuzdyk.0,
                    tuzdyk_count: tuzdyk.1,
                    tuzdyk_across: tuzdyk.0 && tuzdyk.2,
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

/// Every preset, every preset sown in each `direction`, every preset
/// with a start layout, plus Kalah for 3 and 4 players with each
/// `capture_from`.
pub fn preset_rules() -> impl Strategy<Value = RuleSet> {
    prop_oneof![
        prop::sample::select(Preset::ALL.to_vec()).prop_map(Preset::rules),
        (
            prop::sample::select(Preset::ALL.to_vec()),
            prop::sample::select(Direction::ALL.to_vec())
        )
            .prop_map(|(preset, direction)| {
                // Repaired as docs/rules.md section 14 asks.
                fit_directions(
                    RuleSet {
                        direction,
                        ..preset.rules()
                    },
                    0,
                )
            }),
        // A preset whose mover chooses the direction of some houses
        // (docs/rules.md section 3, `direction_choice`).
        (prop::sample::select(Preset::ALL.to_vec()), 1u16..)
            .prop_map(|(preset, choice)| fit_directions(preset.rules(), choice)),
        // A preset with a start layout of its own (docs/rules.md section 2).
        (
            prop::sample::select(Preset::ALL.to_vec()),
            prop::collection::vec(0u8..=6, 16)
        )
            .prop_map(|(preset, counts)| with_layout(preset.rules(), &counts)),
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
    (base_draws(), extra_draws()).prop_map(|(base, (layout, extra))| {
        let (shape, feeding, capture, ending, (more, relaying, rounding)) = base;
        let rules = rule_set_of(shape, feeding, capture, ending, more, relaying, rounding);
        with_extras(rules, layout, extra)
    })
}

/// The draws of [`rule_set_of`]: the board, feeding, captures, ending,
/// sowing captures, relay sowing and rounds.
fn base_draws()
-> impl Strategy<Value = (Shape, Feeding, Captures, Ending, (More, Relaying, Rounding))> {
    let shape = (
        2u8..=4,
        1u8..=16,
        1u8..=8,
        0usize..3,
        0..Origin::ALL.len(),
        0usize..3,
        0..Direction::ALL.len(),
    );
    let feeding = (any::<bool>(), 1u8..=3, any::<bool>(), 0usize..4, 0usize..3);
    // The lone last seed of an opposite capture: taken with the capture
    // (0), also alone (1, capture_empty_opposite) or left (2,
    // capture_leaves_seed); a chain without a limit half the time.
    let capture = (
        0usize..Capture::ALL.len(),
        0usize..3,
        0usize..3,
        prop::collection::vec(1u8..=8, 1..4),
        (0..CaptureSide::ALL.len(), prop::bool::weighted(0.8)),
        (any::<bool>(), prop::sample::select(vec![0u8, 0, 1, 2, 3])),
        0u32..3,
    );
    let ending = (
        0u8..40,
        0usize..Leftover::ALL.len(),
        0usize..Leftover::ALL.len(),
        any::<bool>(),
        (any::<bool>(), 1u8..=4),
    );
    // Captures while sowing and the rest of section 5: often off.
    // The limit on capture-earned extra moves: none half the time.
    let more = (
        prop::collection::vec(1u8..=6, 0..3),
        (0..SowCaptureBy::ALL.len(), any::<bool>()),
        (any::<bool>(), any::<bool>()),
        (any::<bool>(), prop::sample::select(vec![0u8, 0, 1, 2])),
    );
    // Small relay limits too, so that moves reach them; a capture ending
    // the relay half the time it can; relays on one count only
    // (`relay_counts`) half the time; captures at the end of every leg
    // (`lap_capture`) two times in three when the relay is not ended.
    let relaying = (
        0usize..3,
        0usize..3,
        prop::sample::select(vec![1u8, 2, 3, 64, 255]),
        0usize..2,
        (
            any::<bool>(),
            prop::collection::vec(1u8..=8, 0..2),
            0usize..LapCapture::ALL.len(),
        ),
    );
    // Rounds (docs/rules.md section 8a): a one-game match half the time.
    let rounding = (
        any::<bool>(),
        0..RoundFill::ALL.len(),
        0..RoundStarter::ALL.len(),
        1u8..=16,
        0u8..4,
    );
    (shape, feeding, capture, ending, (more, relaying, rounding))
}

/// A start layout drawn for [`with_extras`]: whether to set one, its
/// counts, whether to deal one instead, the deal's seed.
type LayoutDraw = (bool, Vec<u8>, bool, u32);

/// The other draws of [`with_extras`]: few seeds, chosen directions, a
/// capture before sowing, move restrictions, houses changing hands or
/// only the loser refilling, children, a house capacity, the first move
/// from the last house, the relay from the mover's store, the store
/// given to the opponent, no move straight back.
type Extras = (
    (bool, u8, usize),
    (bool, u16),
    (bool, usize, bool),
    (bool, bool, bool),
    (bool, usize, bool),
    (bool, u8, bool, bool),
    (bool, u8),
    (bool, bool, bool),
    (bool, bool),
);

/// The draws of the dimensions [`with_extras`] sets on top of
/// [`rule_set_of`]'s.
fn extra_draws() -> impl Strategy<Value = (LayoutDraw, Extras)> {
    // A start layout (docs/rules.md section 1) a quarter of the time, a
    // dealt one (`layout_seed`) a fifth of the rest; an end on few seeds
    // (`end_seeds`, section 7) a fifth of the time, its seeds to the
    // mover or to the round's starter (`end_seeds_to`) a third of those
    // each.
    let layout = (
        prop::bool::weighted(0.25),
        prop::collection::vec(0u8..=8, 16),
        prop::bool::weighted(0.2),
        1u32..=u32::MAX,
    );
    let few = (prop::bool::weighted(0.2), 1u8..=6, 0..EndSeedsTo::ALL.len());
    // Houses whose direction the mover chooses a quarter of the time;
    // moves that must reach the opponent's side (`reach_opponent`,
    // section 4) a fifth of the time, single seeds moved only into an
    // empty house or a store (`single_to_empty`) a fifth; a tuzdyk barring
    // the house across from the opponent's (`tuzdyk_across`) half the time
    // there is one.
    let choice = (prop::bool::weighted(0.25), any::<u16>());
    // A capture before sowing a quarter of the time; a capture of the
    // opponent's store half the time both stores are sown.
    let before = (
        prop::bool::weighted(0.25),
        1..CaptureBeforeSowing::ALL.len(),
        any::<bool>(),
    );
    let reach = (
        prop::bool::weighted(0.2),
        prop::bool::weighted(0.2),
        any::<bool>(),
    );
    // Houses changing hands (`rounds = territory`, section 8a) half the
    // time a match is in rounds, each `territory_rest` alike.
    // The other half, a third of the time, only the loser refills
    // (`rounds = loser_fills`).
    let territory = (
        any::<bool>(),
        0..TerritoryRest::ALL.len(),
        prop::bool::weighted(0.33),
    );
    // Children (Krur's) a sixth of the time, made on 1 to 6 seeds,
    // passing over the opponent's half the time; wegs (`child_kind =
    // weg`, Qelat II) half the time they can be.
    let kids = (
        prop::bool::weighted(0.16),
        1u8..=6,
        any::<bool>(),
        any::<bool>(),
    );
    // A house capacity (Urim's) a sixth of the time, as small as the
    // seeds allow (docs/rules.md section 3).
    let full = (prop::bool::weighted(0.16), 1u8..=12);
    // The game's first move from the mover's last house (`first_move`,
    // section 4) a sixth of the time it can be (a uniform start, one game).
    // The relay from the mover's store (`relay_store`, section 3) half
    // the time it can be (relay = next, stores_sown = own); the store
    // given to the opponent (`pass_store`, section 5) a sixth of the time
    // it can be (two players, no tuzdyk, no children).
    let first = (
        prop::bool::weighted(0.16),
        any::<bool>(),
        prop::bool::weighted(0.16),
    );
    // No move straight back (`no_undo`, section 4) half the time it can
    // be (two players on split rows whose end houses are not chosen).
    // Either player moving any house (`no_sides`, section 4) half the
    // time it can be (two players, at most 8 houses), the rules it is
    // refused with repaired.
    let undo = (any::<bool>(), any::<bool>());
    (
        layout,
        (
            few, choice, before, reach, territory, kids, full, first, undo,
        ),
    )
}

/// `rules` with the dimensions of `layout` and `extra` (as
/// [`extra_draws`] draws them), each repaired as docs/rules.md section 14
/// asks.
fn with_extras(mut rules: RuleSet, layout: LayoutDraw, extra: Extras) -> RuleSet {
    let (few, choice, before, reach, territory, kids, full, first, (undo, sides)) = extra;
    (rules.reach_opponent, rules.single_to_empty) = (reach.0, reach.1);
    rules.tuzdyk_across = rules.tuzdyk && reach.2;
    let rules = RuleSet {
        capture_opponent_store: before.2 && rules.stores_sown == StoresSown::All,
        ..rules
    };
    let rules = match before {
        (true, kind, _) => with_capture_before_sowing(rules, CaptureBeforeSowing::ALL[kind]),
        (false, _, _) => rules,
    };
    let rules = match kids {
        (true, count, skip, _) => with_children(rules, count, skip),
        (false, _, _, _) => rules,
    };
    let rules = fit_directions(rules, if choice.0 { choice.1 } else { 0 });
    let rules = match layout {
        (true, counts, _, _) => with_layout(rules, &counts),
        (false, _, true, seed) => with_layout_seed(rules, seed),
        (false, _, false, _) => rules,
    };
    let rules = match few {
        (true, seeds, to) => {
            let rules = with_end_seeds(rules, seeds);
            RuleSet {
                end_seeds_to: if rules.end_seeds > 0 {
                    EndSeedsTo::ALL[to]
                } else {
                    EndSeedsTo::Leftover
                },
                ..rules
            }
        }
        (false, _, _) => rules,
    };
    let rules = match territory {
        (true, rest, _) if rules.rounds == Rounds::Fill && !rules.children => {
            with_territory(rules, TerritoryRest::ALL[rest])
        }
        (false, _, true) if rules.rounds == Rounds::Fill => with_loser_fills(rules),
        _ => rules,
    };
    let rules = match full {
        (true, capacity) => with_capacity(rules, capacity),
        (false, _) => rules,
    };
    let rules = with_relay_store(with_first_move(rules, first.0), first.1);
    let rules = with_pass_store(rules, first.2);
    let rules = with_no_undo(rules, undo);
    with_no_sides(with_wegs(rules, kids.3), sides)
}

/// `rules` letting either player move any house (`no_sides`,
/// docs/rules.md section 4) when `on` and the rules have two players and
/// at most 8 houses, the dimensions it is refused with set back to
/// Kalah's (one way round, no store sown, no relay, capacity, children,
/// tuzdyk, captures while or before sowing, feeding, grand slam rule,
/// move restriction or rounds; `no_legal_move` instead of an end on an
/// empty side); else as they are.
pub fn with_no_sides(rules: RuleSet, on: bool) -> RuleSet {
    if !on || rules.players != 2 || rules.houses > 8 {
        return rules;
    }
    let mut end = rules.end;
    for c in [
        EndCondition::AnySideEmpty,
        EndCondition::EmptyFirst,
        EndCondition::TakeAll,
    ] {
        end.remove(c);
    }
    end.insert(EndCondition::NoLegalMove);
    let kalah = RuleSet::default();
    let direction = match rules.direction {
        Direction::Cw => Direction::Cw,
        _ => Direction::Ccw,
    };
    let set = RuleSet {
        no_sides: true,
        direction,
        direction_choice: HouseSet::EMPTY,
        stores_sown: StoresSown::None,
        extra_turn: ExtraTurn::None,
        must_feed: false,
        unfed: Unfed::AnyMove,
        grand_slam: GrandSlam::Allowed,
        end,
        relay: Relay::None,
        relay_on: kalah.relay_on,
        relay_limit: kalah.relay_limit,
        relay_counts: CountSet::EMPTY,
        capture_ends_relay: kalah.capture_ends_relay,
        lap_capture: kalah.lap_capture,
        relay_store: false,
        capacity: 0,
        children: false,
        child_count: kalah.child_count,
        child_skip: kalah.child_skip,
        tuzdyk: false,
        tuzdyk_count: kalah.tuzdyk_count,
        tuzdyk_across: false,
        sow_capture_counts: CountSet::EMPTY,
        sow_capture_by: kalah.sow_capture_by,
        sow_capture_last: false,
        capture_before_sowing: CaptureBeforeSowing::None,
        capture_opponent_store: false,
        pass_store: false,
        reach_opponent: false,
        single_to_empty: false,
        first_move: FirstMove::Any,
        no_undo: false,
        rounds: Rounds::None,
        round_fill: kalah.round_fill,
        round_starter: kalah.round_starter,
        match_houses: kalah.match_houses,
        round_limit: kalah.round_limit,
        territory_rest: kalah.territory_rest,
        lot_seed: 0,
        ..rules
    };
    if on && set.validate().is_ok() {
        set
    } else {
        rules
    }
}

/// `rules`, which have children, with wegs (`child_kind = weg`,
/// docs/rules.md section 5) when `on`, repaired as section 14 asks: no
/// `child_skip`, rounds, `no_capture_moves`, `capture_extra_turn`,
/// `direction_choice`, `end_seeds` or end that reads a side as empty
/// (`no_legal_move` then ends the game); else as they are.
pub fn with_wegs(rules: RuleSet, on: bool) -> RuleSet {
    if !on || !rules.children {
        return rules;
    }
    let mut end = rules.end;
    end.remove(EndCondition::EmptyFirst);
    end.remove(EndCondition::AnySideEmpty);
    end.remove(EndCondition::TakeAll);
    end.insert(EndCondition::NoLegalMove);
    let set = RuleSet {
        child_kind: ChildKind::Weg,
        child_skip: false,
        rounds: Rounds::None,
        no_capture_moves: 0,
        capture_extra_turn: false,
        direction_choice: HouseSet::EMPTY,
        end_seeds: 0,
        end_seeds_to: EndSeedsTo::Leftover,
        end,
        ..rules
    };
    if set.validate().is_ok() { set } else { rules }
}

/// `rules` barring a single seed's move straight back across the end of
/// a row (`no_undo`, docs/rules.md section 4) when `on` and the rules
/// allow it (two players, `direction = split`, neither end house
/// chosen); else as they are.
pub fn with_no_undo(rules: RuleSet, on: bool) -> RuleSet {
    let set = RuleSet {
        no_undo: true,
        ..rules
    };
    if on && set.validate().is_ok() {
        set
    } else {
        rules
    }
}

/// `rules` with a house `capacity` of at least `capacity` (docs/rules.md
/// section 3), raised until all the houses but one hold every seed, as
/// section 14 asks; `rules` unchanged where a capacity is refused (rounds,
/// `parity`, a tuzdyk, children, `reach_opponent`, `single_to_empty`).
pub fn with_capacity(rules: RuleSet, capacity: u8) -> RuleSet {
    if rules.rounds != Rounds::None
        || rules.direction == Direction::Parity
        || rules.tuzdyk
        || rules.children
        || rules.reach_opponent
        || rules.single_to_empty
    {
        return rules;
    }
    let houses = usize::from(rules.players) * usize::from(rules.houses) - 1;
    let least = rules.total_seeds().div_ceil(houses);
    let capacity = usize::from(capacity).max(least).min(usize::from(u8::MAX)) as u8;
    RuleSet { capacity, ..rules }
}

/// `rules` with the game's first move from the mover's last house
/// (`first_move = last_house`, docs/rules.md section 4) when `on` and the
/// rules allow it (a uniform start, no deal, one game); else as they are.
pub fn with_first_move(rules: RuleSet, on: bool) -> RuleSet {
    let set = RuleSet {
        first_move: FirstMove::LastHouse,
        ..rules
    };
    if on && set.validate().is_ok() {
        set
    } else {
        rules
    }
}

/// `rules` with the relay from the mover's own store (`relay_store`,
/// docs/rules.md section 3) when `on` and the rules allow it (`relay =
/// next`, `stores_sown = own`, no `lap_capture`, no
/// `capture_before_sowing`); else as they are.
pub fn with_relay_store(rules: RuleSet, on: bool) -> RuleSet {
    let set = RuleSet {
        relay_store: true,
        ..rules
    };
    if on && set.validate().is_ok() {
        set
    } else {
        rules
    }
}

/// `rules` with the mover's store given to the opponent by a last seed in
/// an empty house of the opponent's (`pass_store`, docs/rules.md section
/// 5) when `on` and the rules allow it (two players, no tuzdyk, no
/// children); else as they are.
pub fn with_pass_store(rules: RuleSet, on: bool) -> RuleSet {
    let set = RuleSet {
        pass_store: true,
        ..rules
    };
    if on && set.validate().is_ok() {
        set
    } else {
        rules
    }
}

/// `rules`, a match in rounds, with houses changing hands between its
/// rounds (`rounds = territory`, `territory_rest = rest`, docs/rules.md
/// section 8a), repaired as section 14 asks: no store sown, count
/// captures (of 2 and 3 when none are named) for captures across the
/// board, no `gap_opposite`, `tuzdyk`, `reach_opponent`, house chosen or
/// turned by its number, seeds discarded or split (a remainder
/// is discarded), `empty_first` or `take_all`,
/// and at most 8 houses; `rules` as they are for 3 or 4 players.
pub fn with_territory(rules: RuleSet, rest: TerritoryRest) -> RuleSet {
    if rules.players != 2 {
        return rules;
    }
    let mut end = rules.end;
    end.remove(EndCondition::EmptyFirst);
    end.remove(EndCondition::TakeAll);
    let counts = if rules.capture_counts.is_empty() {
        CountSet::of(&[2, 3])
    } else {
        rules.capture_counts
    };
    let houses = rules.houses.min(8);
    let owner = |l: Leftover| match l {
        Leftover::Discard | Leftover::Split => Leftover::Owner,
        l => l,
    };
    let set = RuleSet {
        rounds: Rounds::Territory,
        territory_rest: rest,
        houses,
        match_houses: rules.match_houses.min(houses),
        stores_sown: StoresSown::None,
        capture: match rules.capture {
            Capture::Opposite | Capture::Match => Capture::Count,
            capture => capture,
        },
        capture_counts: counts,
        capture_from: match rules.capture_from {
            CaptureFrom::Opposite => CaptureFrom::Next,
            from => from,
        },
        capture_empty_opposite: false,
        gap_opposite: false,
        capture_before_sowing: match rules.capture_before_sowing {
            CaptureBeforeSowing::SingleOpposite => CaptureBeforeSowing::None,
            before => before,
        },
        tuzdyk: false,
        tuzdyk_across: false,
        reach_opponent: false,
        direction: match rules.direction {
            Direction::Split | Direction::Opposed => Direction::Ccw,
            direction => direction,
        },
        direction_choice: HouseSet::EMPTY,
        leftover: owner(rules.leftover),
        cycle_leftover: owner(rules.cycle_leftover),
        end,
        ..rules
    };
    let set = with_end_seeds(set, set.end_seeds);
    if set.validate().is_ok() { set } else { rules }
}

/// `rules` as a plain match in rounds of at most `limit` (`rounds =
/// fill`), with nothing a match refuses: no pie rule, plain stores for
/// children, the uniform start, sides kept (docs/rules.md section 14).
/// The starting point of [`with_loser_fills`] and [`with_territory`]
/// draws.
pub fn in_rounds(rules: RuleSet, limit: u8) -> RuleSet {
    RuleSet {
        rounds: Rounds::Fill,
        round_limit: limit,
        pie_rule: false,
        child_kind: ChildKind::Store,
        layout: Layout::UNIFORM,
        layout_seed: 0,
        no_sides: false,
        ..rules
    }
}

/// `rules`, a match in rounds, with only the loser of a round filling
/// their houses again (`rounds = loser_fills`, docs/rules.md section 8a),
/// repaired as section 14 asks: every seed left at an end going to its
/// houses' owner, no `empty_first` or `take_all`, no tuzdyk or children;
/// `rules` as they are for 3 or 4 players.
pub fn with_loser_fills(rules: RuleSet) -> RuleSet {
    if rules.players != 2 {
        return rules;
    }
    let mut end = rules.end;
    end.remove(EndCondition::EmptyFirst);
    end.remove(EndCondition::TakeAll);
    let set = RuleSet {
        rounds: Rounds::LoserFills,
        leftover: Leftover::Owner,
        cycle_leftover: Leftover::Owner,
        end_seeds_to: EndSeedsTo::Leftover,
        tuzdyk: false,
        tuzdyk_across: false,
        children: false,
        end,
        ..rules
    };
    if set.validate().is_ok() { set } else { rules }
}

/// `rules` with children made on `count` seeds (`children`, docs/rules.md
/// section 5), passing over the opponent's under `skip`, repaired as
/// section 14 asks: no capture, no tuzdyk, no capture while or before
/// sowing, no `reach_opponent` or `single_to_empty`; left out with 3 or
/// 4 players or more than 8 houses.
pub fn with_children(rules: RuleSet, count: u8, skip: bool) -> RuleSet {
    if rules.players != 2 || rules.houses > 8 {
        return rules;
    }
    RuleSet {
        children: true,
        child_count: count,
        child_skip: skip,
        capture: Capture::None,
        tuzdyk: false,
        sow_capture_counts: CountSet::EMPTY,
        sow_capture_last: false,
        capture_before_sowing: CaptureBeforeSowing::None,
        capture_opponent_store: false,
        reach_opponent: false,
        single_to_empty: false,
        ..rules
    }
}

/// `rules` with `capture_before_sowing = kind` (docs/rules.md section
/// 5), repaired as section 14 asks: `first_seed` raises `min_seeds` to 2
/// and is left out under `relay = next` and `lap_capture = next`;
/// `single_opposite` is left out
/// with 3 or 4 players.
pub fn with_capture_before_sowing(rules: RuleSet, kind: CaptureBeforeSowing) -> RuleSet {
    match kind {
        CaptureBeforeSowing::FirstSeed
            if rules.relay != Relay::Next && rules.lap_capture != LapCapture::Next =>
        {
            RuleSet {
                capture_before_sowing: kind,
                min_seeds: rules.min_seeds.max(2),
                ..rules
            }
        }
        CaptureBeforeSowing::SingleOpposite if rules.players == 2 => RuleSet {
            capture_before_sowing: kind,
            ..rules
        },
        _ => rules,
    }
}

/// `rules` dealing its start from `seed` (`layout_seed`, docs/rules.md
/// section 1), unless a match in rounds or a layout forbids it (section
/// 14).
pub fn with_layout_seed(rules: RuleSet, seed: u32) -> RuleSet {
    if rules.rounds != Rounds::None || !rules.layout.is_uniform() {
        return rules;
    }
    RuleSet {
        layout_seed: seed,
        ..rules
    }
}

/// `rules` ending on `seeds` seeds or fewer left in the houses
/// (`end_seeds`, docs/rules.md section 7), lowered below the seeds in the
/// game (section 14); `end_seeds_to` back to `leftover` when that leaves
/// no end on few seeds.
pub fn with_end_seeds(rules: RuleSet, seeds: u8) -> RuleSet {
    let below = rules.total_seeds().saturating_sub(1).min(255) as u8;
    let end_seeds = seeds.min(below);
    RuleSet {
        end_seeds,
        end_seeds_to: if end_seeds == 0 {
            EndSeedsTo::Leftover
        } else {
            rules.end_seeds_to
        },
        ..rules
    }
}

/// `rules` with the houses of `choice` (bit `h` for house `h + 1`) added
/// to its `direction_choice`, then the directions repaired as
/// docs/rules.md section 14 asks: no chosen house past `houses`, at most
/// 16 houses and chosen houses together, no choice under `parity`, the
/// middle house of an odd split row chosen, no choice with wegs (an odd
/// split row then sows `ccw`), no `parity` with relay
/// sowing (which then sows `ccw`), `opposed` with two players only and
/// `no_undo` only on a split row whose end houses are not chosen.
/// For tests that change the houses of a drawn rule set too.
pub fn fit_directions(rules: RuleSet, choice: u16) -> RuleSet {
    let houses = rules.houses;
    let mut chosen: Vec<u8> = rules.direction_choice.iter().collect();
    chosen.extend((1..=16u8).filter(|&h| choice >> (h - 1) & 1 == 1));
    chosen.retain(|&h| h <= houses);
    chosen.sort_unstable();
    chosen.dedup();
    let mut direction = rules.direction;
    if rules.relay != Relay::None && direction == Direction::Parity {
        direction = Direction::Ccw;
    }
    if direction == Direction::Parity {
        chosen.clear();
    }
    if direction == Direction::Opposed && rules.players != 2 {
        direction = Direction::Ccw;
    }
    // Wegs are played without a chosen direction (section 14), so an odd
    // split row, whose middle house must be chosen, sows `ccw` instead.
    if rules.children && rules.child_kind == ChildKind::Weg {
        chosen.clear();
        if direction == Direction::Split && houses % 2 == 1 {
            direction = Direction::Ccw;
        }
    }
    let middle = houses.div_ceil(2);
    let split_middle = direction == Direction::Split && houses % 2 == 1;
    if split_middle && !chosen.contains(&middle) {
        chosen.push(middle);
    }
    // Drop other houses first: the split middle must stay.
    while usize::from(houses) + chosen.len() > 16 {
        let at = chosen.iter().rposition(|&h| !(split_middle && h == middle));
        match at {
            Some(at) => chosen.remove(at),
            None => break,
        };
    }
    let no_undo = rules.no_undo
        && direction == Direction::Split
        && rules.players == 2
        && !chosen.contains(&1)
        && !chosen.contains(&houses);
    RuleSet {
        direction,
        direction_choice: HouseSet::of(&chosen),
        no_undo,
        ..rules
    }
}

/// `rules` with its start layout fitted to its `houses` (the layout's
/// counts repeated as far as needed, then repaired as by
/// [`with_layout`]), its directions repaired (as by [`fit_directions`])
/// and its `end_seeds` kept below the seeds in the game (as by
/// [`with_end_seeds`]): for tests that change the houses or seeds of a
/// drawn rule set.
pub fn fit_layout(rules: RuleSet) -> RuleSet {
    let rules = fit_start(fit_directions(rules, 0));
    // A capacity raised to the seeds now in play, or dropped where a
    // rule it is refused with came in.
    let rules = match rules.capacity {
        0 => rules,
        capacity => with_capacity(
            RuleSet {
                capacity: 0,
                ..rules
            },
            capacity,
        ),
    };
    if rules.end_seeds == 0 {
        return rules;
    }
    with_end_seeds(rules, rules.end_seeds)
}

/// The layout part of [`fit_layout`].
fn fit_start(rules: RuleSet) -> RuleSet {
    let counts = rules.layout.counts();
    if counts.is_empty() {
        return rules;
    }
    let cycled: Vec<u8> = (0..16).map(|i| counts[i % counts.len()]).collect();
    let uniform = RuleSet {
        layout: Layout::UNIFORM,
        ..rules
    };
    with_layout(uniform, &cycled)
}

/// `rules` with the start layout of the first `houses` of `counts`,
/// repaired to be valid: at least one seed, at most 255 in all, and no
/// match in rounds (docs/rules.md section 14).
pub fn with_layout(rules: RuleSet, counts: &[u8]) -> RuleSet {
    let houses = usize::from(rules.houses).min(counts.len());
    if houses < usize::from(rules.houses) || rules.rounds != Rounds::None {
        return rules;
    }
    let mut counts = counts[..houses].to_vec();
    let players = usize::from(rules.players);
    while players * counts.iter().map(|&c| usize::from(c)).sum::<usize>() > 255 {
        let most = counts.iter().copied().max().unwrap_or(0);
        let at = counts.iter().position(|&c| c == most).unwrap_or(0);
        counts[at] -= 1;
    }
    if counts.iter().all(|&c| c == 0) {
        counts[0] = 1;
    }
    let layout = Layout::of(&counts).expect("at most 16 houses");
    RuleSet { layout, ..rules }
}

/// What [`random_rules`] draws, dimension group by dimension group.
type Shape = (u8, u8, u8, usize, usize, usize, usize);
type Feeding = (bool, u8, bool, usize, usize);
type Captures = (usize, usize, usize, Vec<u8>, (usize, bool), (bool, u8), u32);
type Ending = (u8, usize, usize, bool, (bool, u8));
type More = (Vec<u8>, (usize, bool), (bool, bool), (bool, u8));
type Relaying = (usize, usize, u8, usize, (bool, Vec<u8>, usize));
type Rounding = (bool, usize, usize, u8, u8);

/// The rule set of [`random_rules`]'s draws, with the few combinations
/// the engine refuses repaired.
fn rule_set_of(
    shape: Shape,
    feeding: Feeding,
    capture: Captures,
    ending: Ending,
    more: More,
    relaying: Relaying,
    rounding: Rounding,
) -> RuleSet {
    let (rounds, round_fill, round_starter, match_houses, round_limit) = rounding;
    let (players, houses, mut seeds, stores, origin, extra, direction) = shape;
    let (first_extra, min_seeds, must_feed, unfed, grand_slam) = feeding;
    let (kind, from, lone_seed, counts, (side, single), (chain, chain_limit), no_capture) = capture;
    let (end_bits, leftover, cycle_leftover, pie, (tuzdyk, tuzdyk_count)) = ending;
    let (sow_counts, (sow_by, sow_last), gap_opposite, (capture_extra_turn, capture_limit)) = more;
    // The last seed taking its house too needs captures while sowing.
    let sow_capture_last = sow_last && !sow_counts.is_empty();
    let (relay, relay_on, relay_limit, no_move, (capture_ends_relay, relay_counts, lap)) = relaying;
    let sows_plainly = sow_counts.is_empty() && Relay::ALL[relay] == Relay::None;
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
    // take_all: two players, and no other rule for an emptied side.
    if end.contains(EndCondition::TakeAll) {
        if two {
            end.remove(EndCondition::AnySideEmpty);
            end.remove(EndCondition::EmptyFirst);
        } else {
            end.remove(EndCondition::TakeAll);
        }
    }
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
        layout: Layout::UNIFORM,
        layout_seed: 0,
        // Relay sowing is refused under parity (section 14).
        direction: match Direction::ALL[direction] {
            Direction::Parity if Relay::ALL[relay] != Relay::None => Direction::Ccw,
            // Each of two players their own way (section 14).
            Direction::Opposed if players != 2 => Direction::Ccw,
            direction => direction,
        },
        // Split odd rows get their middle house in `fit_directions`.
        direction_choice: HouseSet::EMPTY,
        stores_sown: StoresSown::ALL[stores],
        origin: Origin::ALL[origin],
        extra_turn: ExtraTurn::ALL[extra],
        first_move_extra_turn: first_extra,
        relay: Relay::ALL[relay],
        relay_on: RelayOn::ALL[relay_on],
        relay_limit,
        // Only with relay sowing (docs/rules.md section 14).
        capture_ends_relay: capture_ends_relay && Relay::ALL[relay] != Relay::None,
        // Only with relay sowing, grand slams allowed, and neither
        // capture_ends_relay nor capture_extra_turn (docs/rules.md
        // section 14).
        lap_capture: if Relay::ALL[relay] == Relay::None
            || capture_ends_relay
            || capture_extra_turn
            || grand_slam != GrandSlam::Allowed
        {
            LapCapture::None
        } else {
            LapCapture::ALL[lap]
        },
        min_seeds,
        must_feed: must_feed && two,
        unfed: Unfed::ALL[unfed],
        grand_slam,
        capture: if matches!(capture, Capture::Count | Capture::Match) && !two {
            Capture::Opposite
        } else {
            capture
        },
        capture_from: CaptureFrom::ALL[from],
        // Never both (docs/rules.md section 14).
        capture_empty_opposite: lone_seed == 1,
        capture_leaves_seed: lone_seed == 2,
        capture_counts: counts.into_iter().collect::<CountSet>(),
        // The opposite capture from the opponent's side is a two-player
        // rule (docs/rules.md section 14); with more players every
        // capture above is the opposite one.
        capture_side: match CaptureSide::ALL[side] {
            CaptureSide::Any | CaptureSide::Own if !two => CaptureSide::Opponent,
            side => side,
        },
        chain,
        // A limit needs chain (docs/rules.md section 14).
        chain_limit: if chain { chain_limit } else { 0 },
        gap_opposite: gap_opposite.0 && two,
        gap_occupied: gap_opposite.1,
        sow_capture_counts: sow_counts.into_iter().collect::<CountSet>(),
        sow_capture_by: SowCaptureBy::ALL[sow_by],
        sow_capture_last,
        capture_extra_turn,
        // A single seed's move captures nothing a fifth of the time.
        single_seed_captures: single,
        // A limit needs capture_extra_turn (docs/rules.md section 14).
        capture_extra_turn_limit: if capture_extra_turn { capture_limit } else { 0 },
        no_capture_moves: no_capture,
        // A tuzdyk needs two players, grand slams allowed, and no relay
        // sowing or captures while sowing (docs/rules.md section 14).
        tuzdyk: tuzdyk && two && grand_slam == GrandSlam::Allowed && sows_plainly,
        tuzdyk_count,
        end,
        end_seeds: 0,
        leftover: Leftover::ALL[leftover],
        cycle_leftover: Leftover::ALL[cycle_leftover],
        no_move: NoMove::ALL[no_move],
        pie_rule: pie && two,
        // A match in rounds has no pie rule (docs/rules.md section 14).
        rounds: if rounds && !(pie && two) {
            Rounds::Fill
        } else {
            Rounds::None
        },
        round_fill: RoundFill::ALL[round_fill],
        round_starter: RoundStarter::ALL[round_starter],
        match_houses: match_houses.min(houses),
        round_limit,
        // Drawn apart (`with_capture_before_sowing`), as is
        // capture_opponent_store.
        capture_before_sowing: CaptureBeforeSowing::None,
        capture_opponent_store: false,
        reach_opponent: false,
        single_to_empty: false,
        tuzdyk_across: false,
        // Drawn with end_seeds, which it needs (docs/rules.md section 14).
        end_seeds_to: EndSeedsTo::Leftover,
        territory_rest: TerritoryRest::OverHalf,
        // Drawn apart (`with_children`).
        children: false,
        child_count: 4,
        child_skip: false,
        capacity: 0,
        // Under `territory_rest = lot` the seed 0 draws its lots.
        lot_seed: 0,
        // Drawn apart (`with_first_move`).
        first_move: FirstMove::Any,
        // Drawn apart (`with_relay_store`, `with_pass_store`).
        relay_store: false,
        pass_store: false,
        // Drawn apart (`with_no_undo`).
        no_undo: false,
        // Drawn apart (`with_no_sides`).
        no_sides: false,
        // Drawn apart (`with_wegs`).
        child_kind: ChildKind::Store,
        // Only with relay sowing (docs/rules.md section 14).
        relay_counts: if Relay::ALL[relay] == Relay::None {
            CountSet::EMPTY
        } else {
            relay_counts.into_iter().collect::<CountSet>()
        },
    }
}

/// A preset (or multiplayer Kalah) or any valid rule set, evenly.
pub fn any_rules() -> impl Strategy<Value = RuleSet> {
    prop_oneof![preset_rules(), random_rules()]
}

/// Rule sets near the seeded games, which the two-register form plays:
/// two players, at most 7 houses, plain sowing, the opposite or count
/// capture or none, and whatever else `random_rules` draws.
pub fn register_rules() -> impl Strategy<Value = RuleSet> {
    (random_rules(), 0usize..3, 1u8..=7).prop_filter_map(
        "a rule set the engine refuses",
        |(mut set, capture, houses)| {
            set.players = 2;
            set.houses = houses;
            set.match_houses = set.match_houses.min(houses);
            set.relay = Relay::None;
            set.relay_counts = CountSet::EMPTY;
            set.lap_capture = LapCapture::None;
            set.reach_opponent = false;
            set.single_to_empty = false;
            set.sow_capture_counts = Default::default();
            set.tuzdyk = false;
            set.tuzdyk_across = false;
            if set.origin == Origin::FirstUnlessSingle {
                set.origin = Origin::Include;
            }
            if matches!(
                set.direction,
                Direction::Parity | Direction::Split | Direction::Opposed
            ) {
                set.direction = Direction::Ccw;
            }
            set.direction_choice = HouseSet::EMPTY;
            set.capture_before_sowing = CaptureBeforeSowing::None;
            set.capture_opponent_store = false;
            set.capture = [Capture::None, Capture::Opposite, Capture::Count][capture];
            set.min_seeds = 1;
            let set = fit_layout(set);
            mancala_core::Rules::new(&set).is_ok().then_some(set)
        },
    )
}
