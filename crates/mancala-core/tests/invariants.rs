//! Property tests: the invariants of docs/rules.md hold in random games of every
//! preset and of randomly generated valid rule sets (2 to 4 players), and
//! every parser turns any text into a value or a typed error, never a panic.

use mancala_core::{
    CaptureBeforeSowing, ChildKind, Cup, Direction, Effect, EndCondition, EndSet, FirstMove,
    GrandSlam, History, IllegalReason, Move, Position, Preset, Relay, RuleSet, Rules, Sense, Setup,
    Side, SowingStep, StoresSown, parse_moves,
};
use mancala_testkit::pick::{Choices, random_game};
use mancala_testkit::rules::{any_rules, fit_layout, random_rules, with_children, with_wegs};
use proptest::prelude::*;

/// A game cap for rule sets that do not promise to end.
const OPEN_CAP: u64 = 3_000;

fn cap_for(set: &RuleSet) -> u64 {
    set.move_bound().unwrap_or(OPEN_CAP).min(200_000)
}

/// Every move a player could type in this position: each house number,
/// the numbers just outside the range, and `swap`.
fn candidate_moves(rules: &Rules) -> Vec<Move> {
    let mut moves: Vec<Move> = (0..=rules.houses() as u8 + 1).map(Move::House).collect();
    moves.push(Move::House(u8::MAX));
    // Both directions of every house: legal only from a chosen house.
    for n in 0..=rules.houses() as u8 + 1 {
        moves.extend(Sense::ALL.map(|sense| Move::Directed(n, sense)));
    }
    moves.push(Move::Swap);
    moves
}

/// The sowing path of house `n` ends where the move landed, has a cup a
/// seed, and, when nothing was captured and the game goes on, is exactly
/// where the seeds went: `after` is `pos` with the house emptied and one
/// seed more per visit of each cup.
fn check_sowing_path(pos: &Position<'_>, after: &Position<'_>, m: Move, effect: &Effect) {
    let n = m.house().expect("a house move");
    let path = pos.sowing_path(m).expect("a legal move has a path");
    check_sowing_steps(pos, after, m, effect);
    let set = pos.rules().rule_set();
    if set.relay != Relay::None {
        return check_relay(pos, &path, n, effect);
    }
    assert_eq!(effect.relays, 0, "{n} relays without relay sowing in {pos}");
    assert_eq!(path.len(), usize::from(effect.sown), "{n} in {pos}");
    assert_eq!(path.last().copied(), effect.last, "{n} in {pos}");
    if effect.captured > 0 || effect.sow_taken > 0 || effect.ended.is_some() {
        return;
    }
    let side = pos.to_move();
    let wegs = set.child_kind == ChildKind::Weg;
    // A store given to the opponent (`pass_store`, docs/rules.md section
    // 5) leaves the mover's store empty though seeds were in it.
    let sown_in_store = path.iter().filter(|&&c| c == Cup::Store { side }).count() as u8;
    if set.pass_store && after.store(side) == 0 && pos.store(side) + sown_in_store > 0 {
        return;
    }
    for s in pos.rules().sides() {
        let visits = |target: Cup| path.iter().filter(|&&c| c == target).count() as u8;
        let store = Cup::Store { side: s };
        // A seed sown into a tuzdyk or a child goes on to its owner's
        // store; one sown into a weg stays there (docs/rules.md section 5).
        let other = Side::new(1 - s.index().min(1));
        let children = (1..=pos.rules().houses())
            .filter(|&number| pos.rules().players() == 2 && !wegs && pos.is_child(other, number))
            .map(|number| {
                visits(Cup::House {
                    side: other,
                    number: number as u8,
                })
            })
            .sum::<u8>();
        let paid = pos.tuzdyk(s).map_or(0, visits) + children;
        assert_eq!(
            after.store(s),
            pos.store(s) + visits(store) + paid,
            "store {s:?}: {n} in {pos}"
        );
        for number in 1..=pos.rules().houses() {
            let house = Cup::House {
                side: s,
                number: number as u8,
            };
            let before = pos.house(s, number).unwrap();
            let emptied = if (s, number) == lifted_house(pos, n) {
                before
            } else {
                0
            };
            if wegs && pos.child_owner(s, number).is_some() {
                assert_eq!(
                    after.house(s, number).unwrap(),
                    before + visits(house),
                    "a weg keeps what is sown into it, {house:?}: {n} in {pos}"
                );
                continue;
            }
            if pos.is_tuzdyk(s, number) || pos.is_child(s, number) {
                assert_eq!(before, 0, "a tuzdyk or a child holds no seed: {pos}");
                assert_eq!(after.house(s, number), Some(0), "{house:?}: {n} in {pos}");
                continue;
            }
            assert_eq!(
                after.house(s, number).unwrap(),
                before - emptied + visits(house),
                "{house:?}: {n} in {pos}"
            );
        }
    }
}

/// The side and house number that the side to move's move of house `n`
/// lifts: its own house `n`, or under `no_sides` (docs/rules.md section
/// 4) the opponent's house `n - houses` for a number above `houses`.
fn lifted_house(pos: &Position<'_>, n: u8) -> (Side, usize) {
    let set = pos.rules().rule_set();
    if set.no_sides && n > set.houses {
        (
            Side::new(1 - pos.to_move().index()),
            usize::from(n - set.houses),
        )
    } else {
        (pos.to_move(), usize::from(n))
    }
}

/// The sowing steps of house `n`, replayed on `pos`'s board (a lift
/// empties a house, a seed adds one, a take moves a house to a store),
/// keep every seed, start with the lift of house `n`, lift once per relay
/// and, when the landing captured nothing, made no tuzdyk and did not end
/// the game, give `after`'s board.
fn check_sowing_steps(pos: &Position<'_>, after: &Position<'_>, m: Move, effect: &Effect) {
    let n = m.house().expect("a house move");
    let steps = pos.sowing_steps(m).expect("a legal move has steps");
    let (side, number) = lifted_house(pos, n);
    assert_eq!(
        steps.first(),
        Some(&SowingStep::Lift(Cup::House {
            side,
            number: number as u8
        }))
    );
    let lifts = steps
        .iter()
        .filter(|s| matches!(s, SowingStep::Lift(_)))
        .count();
    assert_eq!(lifts, 1 + usize::from(effect.relays), "{n} in {pos}");
    let sides: Vec<Side> = pos.rules().sides().collect();
    let mut houses: Vec<Vec<u8>> = sides
        .iter()
        .map(|&s| {
            (1..=pos.rules().houses())
                .map(|k| pos.house(s, k).unwrap())
                .collect()
        })
        .collect();
    let mut stores: Vec<u8> = sides.iter().map(|&s| pos.store(s)).collect();
    let mut hand = 0u8;
    // Seeds the mover's store got by takes while sowing. Under
    // `relay_store` the same seeds can be taken many times in one move,
    // past the 255 that `Effect::captured` counts to.
    let mut taken_by_mover = 0u32;
    for step in &steps {
        match *step {
            SowingStep::Lift(Cup::House { side, number }) => {
                let cup = &mut houses[side.index()][usize::from(number) - 1];
                hand += std::mem::take(cup);
            }
            // Under `relay_store` a relay lifts the mover's own store
            // (docs/rules.md section 3), and no other.
            SowingStep::Lift(Cup::Store { side: lifted })
                if pos.rules().rule_set().relay_store && lifted == side =>
            {
                hand += std::mem::take(&mut stores[lifted.index()]);
            }
            SowingStep::Seed(cup) => {
                hand -= 1;
                match cup {
                    Cup::House { side, number } => {
                        houses[side.index()][usize::from(number) - 1] += 1
                    }
                    Cup::Store { side } => stores[side.index()] += 1,
                }
            }
            SowingStep::Take {
                cup: Cup::House { side, number },
                to,
            } => {
                let seeds = std::mem::take(&mut houses[side.index()][usize::from(number) - 1]);
                stores[to.index()] += seeds;
                // A tuzdyk's seeds are not captures (docs/rules.md section 5).
                let tuzdyk = pos.tuzdyk(to) == Some(Cup::House { side, number })
                    || pos.is_child(side, usize::from(number));
                if to == pos.to_move() && !tuzdyk {
                    taken_by_mover += u32::from(seeds);
                }
            }
            other => panic!("{other:?} lifts or takes a store: {n} in {pos}"),
        }
    }
    assert_eq!(hand, 0, "every lifted seed is sown: {n} in {pos}");
    // A landing's capture goes to the mover: more than the takes gave.
    // A count stopped at 255 cannot tell.
    let landing_took = effect.captured == u8::MAX || u32::from(effect.captured) > taken_by_mover;
    if landing_took || effect.tuzdyk.is_some() || effect.ended.is_some() || effect.grand_slam {
        return;
    }
    let shown: Vec<Vec<u8>> = sides
        .iter()
        .map(|&s| {
            (1..=pos.rules().houses())
                .map(|k| after.house(s, k).unwrap())
                .collect()
        })
        .collect();
    assert_eq!(houses, shown, "houses after the steps of {n} in {pos}");
    let stored: Vec<u8> = sides.iter().map(|&s| after.store(s)).collect();
    // Under `pass_store` (docs/rules.md section 5) the landing may give
    // the mover's store to the opponent: the stores' sum is kept.
    // (two players, section 14).
    let mover = side.index();
    if pos.rules().rule_set().pass_store && stored[mover] == 0 && stores[mover] > 0 {
        let other = 1 - mover;
        assert_eq!(stored[other], stores[other] + stores[mover], "{n} in {pos}");
        return;
    }
    assert_eq!(stores, stored, "stores after the steps of {n} in {pos}");
}

/// Under relay sowing (docs/rules.md section 3) a move makes at most
/// `relay_limit` lifts, each of at most every seed in the game; its path
/// starts with the origin's seeds and ends where the move landed; a move
/// stopped by the limit captures nothing and earns no extra turn.
fn check_relay(pos: &Position<'_>, path: &[Cup], n: u8, effect: &Effect) {
    let set = pos.rules().rule_set();
    assert!(effect.relays <= set.relay_limit, "{n} in {pos}");
    let most = usize::from(effect.sown) + usize::from(effect.relays) * pos.total_seeds() as usize;
    assert!(path.len() >= usize::from(effect.sown), "{n} in {pos}");
    assert!(path.len() <= most, "{n} in {pos}");
    assert_eq!(path.len() > usize::from(effect.sown), effect.relays > 0);
    assert_eq!(path.last().copied(), effect.last, "{n} in {pos}");
    if effect.relay_limited {
        assert_eq!(effect.relays, set.relay_limit, "{n} in {pos}");
        // No capture at the end: only what the legs took while sowing.
        assert!(effect.captured <= effect.sow_taken, "{n} in {pos}");
        assert!(!effect.extra_turn, "{n} in {pos}");
    }
}

fn check_legality(pos: &Position<'_>) {
    let rules = pos.rules();
    let set = rules.rule_set();
    let legal = pos.legal_moves();
    if pos.is_over() {
        assert!(legal.is_empty(), "a finished game has no moves: {pos}");
    } else {
        assert!(!legal.is_empty(), "an ongoing game has a move: {pos}");
    }
    let side = pos.to_move();
    let opponent_empty = set.players == 2 && pos.side_seeds(Side::new(1 - side.index())) == 0;
    let fed_by_some = opponent_empty
        && legal.iter().any(|m| {
            let mut next = *pos;
            next.play_unchecked(m);
            m != Move::Swap && next.side_seeds(Side::new(1 - side.index())) > 0
        });
    for m in candidate_moves(rules) {
        let mut tried = *pos;
        let result = tried.play(m);
        assert_eq!(pos.is_legal(m), legal.contains(m), "is_legal({m}) in {pos}");
        assert_eq!(result.is_ok(), legal.contains(m), "play({m}) in {pos}");
        match result {
            Ok(effect) => {
                // The fast path (the rules' sowing kernel) and the
                // reporting one (the general kernel) reach the same position.
                let mut fast = *pos;
                fast.play_unchecked(m);
                assert_eq!(fast, tried, "play_unchecked({m}) and play({m}) in {pos}");
                assert_eq!(pos.landing(m), effect.last, "landing of {m} in {pos}");
                let Some(n) = m.house() else {
                    assert_eq!(pos.sowing_path(m), None);
                    continue;
                };
                check_sowing_path(pos, &tried, m, &effect);
                let (owner, number) = lifted_house(pos, n);
                let seeds = pos.house(owner, number).unwrap();
                check_bar(pos, &tried, n, seeds, &effect);
                assert!(
                    seeds >= set.min_seeds.max(1),
                    "{m} sows {seeds} seeds in {pos}"
                );
                assert_eq!(effect.sown, seeds);
                if set.grand_slam == GrandSlam::Forbidden {
                    assert!(
                        !effect.grand_slam,
                        "a forbidden grand slam was played: {m} in {pos}"
                    );
                }
                if set.must_feed && opponent_empty && fed_by_some {
                    assert!(
                        tried.side_seeds(Side::new(1 - side.index())) > 0 || tried.is_over(),
                        "{m} does not feed in {pos}"
                    );
                }
            }
            Err(err) => {
                assert_eq!(pos.landing(m), None, "an illegal move lands nowhere");
                assert_eq!(tried, *pos, "a refused move changed the position");
                assert_eq!(err.mv, m);
                // The reason must be one the rules and the board explain.
                let seeds = m
                    .house()
                    .and_then(|n| moved_seeds(pos, set, usize::from(n)));
                let chosen = m.house().is_some_and(|n| set.direction_choice.contains(n));
                let explained = match err.reason {
                    IllegalReason::GameOver => pos.is_over(),
                    IllegalReason::NoSuchHouse { .. } => seeds.is_none() && m != Move::Swap,
                    IllegalReason::EmptyHouse => seeds == Some(0),
                    IllegalReason::BurntHouse => {
                        seeds == Some(0)
                            && m.house()
                                .is_some_and(|n| pos.is_burnt(side, usize::from(n)))
                    }
                    IllegalReason::TooFewSeeds { .. } => {
                        seeds.is_some_and(|s| s > 0 && s < set.min_seeds)
                    }
                    IllegalReason::MustFeed => set.must_feed && opponent_empty,
                    IllegalReason::GrandSlam => set.grand_slam == GrandSlam::Forbidden,
                    IllegalReason::MustReach => set.reach_opponent,
                    IllegalReason::SingleToEmpty => set.single_to_empty && seeds == Some(1),
                    IllegalReason::FirstMove { house } => {
                        set.first_move == FirstMove::LastHouse
                            && pos.sowings() == 0
                            && house == set.houses
                            && m.house() != Some(house)
                    }
                    IllegalReason::StraightBack => {
                        set.no_undo
                            && seeds == Some(1)
                            && m.house().is_some_and(|n| {
                                (n == 1 || n == set.houses) && pos.to_setup().barred == n
                            })
                    }
                    IllegalReason::Weg => {
                        set.child_kind == ChildKind::Weg
                            && m.house()
                                .is_some_and(|n| pos.child_owner(side, usize::from(n)).is_some())
                    }
                    IllegalReason::SwapNotAllowed => m == Move::Swap,
                    IllegalReason::DirectionNeeded => matches!(m, Move::House(_)) && chosen,
                    IllegalReason::DirectionFixed => m.sense().is_some() && !chosen,
                    _ => false,
                };
                assert!(explained, "{m} refused with {:?} in {pos}", err.reason);
            }
        }
    }
    // Without look-ahead rules, the legal houses are exactly those holding
    // at least min_seeds: an oracle independent of the generator.
    // (`reach_opponent` and `single_to_empty` are checked against the
    // reference instead:
    // reference_games.rs, perft files.)
    if !pos.is_over()
        && !set.must_feed
        && set.grand_slam != GrandSlam::Forbidden
        && !set.reach_opponent
        && !set.single_to_empty
        && (set.first_move != FirstMove::LastHouse || pos.sowings() != 0)
    {
        // A chosen house gives both directions (docs/rules.md section 3),
        // listed after the other houses; the house `no_undo` bars is none
        // (section 4; `check_bar` checks the bar against the move).
        let barred = pos.to_setup().barred;
        // Under `no_sides` the opponent's houses follow as moves
        // `houses + 1` on (section 4).
        let numbers = if set.no_sides {
            2 * set.houses
        } else {
            set.houses
        };
        let movable = (1..=numbers)
            .filter(|&h| moved_seeds(pos, set, usize::from(h)).unwrap() >= set.min_seeds)
            .filter(|&h| h != barred)
            .filter(|&h| h > set.houses || pos.child_owner(side, usize::from(h)).is_none());
        let (chosen, fixed): (Vec<u8>, Vec<u8>) =
            movable.partition(|&h| set.direction_choice.contains(h));
        let expected: Vec<Move> = fixed
            .into_iter()
            .map(Move::House)
            .chain(
                chosen
                    .into_iter()
                    .flat_map(|h| Sense::ALL.map(|s| Move::Directed(h, s))),
            )
            .collect();
        let houses: Vec<Move> = legal.iter().filter(|m| *m != Move::Swap).collect();
        assert_eq!(houses, expected, "legal houses in {pos}");
    }
}

/// The seeds in the house that the side to move's move numbered `n`
/// lifts: its own house `n`, or under `no_sides` (docs/rules.md section
/// 4) the opponent's house `n - houses`; `None` for no such move.
fn moved_seeds(pos: &Position<'_>, set: &RuleSet, n: usize) -> Option<u8> {
    let side = pos.to_move();
    let houses = usize::from(set.houses);
    if set.no_sides && n > houses && n <= 2 * houses {
        pos.house(Side::new(1 - side.index()), n - houses)
    } else {
        pos.house(side, n)
    }
}

/// `no_undo` (docs/rules.md section 4) after the mover's house `n`,
/// holding `seeds`, was played from `pos` to `after`: a house is barred
/// exactly when a single seed went from an end house, with no relay and
/// no extra move, into the opponent's house across that end and lies
/// there alone, the game going on with the opponent to move.
fn check_bar(pos: &Position<'_>, after: &Position<'_>, n: u8, seeds: u8, effect: &Effect) {
    let set = pos.rules().rule_set();
    let barred = after.to_setup().barred;
    let houses = set.houses;
    let mover = pos.to_move().index();
    let across = houses + 1 - n;
    let other = Side::new(1 - mover % 2);
    let expected = set.no_undo
        && seeds == 1
        && (n == 1 || n == houses)
        && effect.relays == 0
        && !effect.extra_turn
        && !after.is_over()
        && after.to_move() == other
        && effect.last
            == Some(Cup::House {
                side: other,
                number: across,
            })
        && after.house(other, usize::from(across)) == Some(1);
    let want = if expected { across } else { 0 };
    assert_eq!(barred, want, "the house barred after {n} in {pos}: {after}");
}

fn check_conservation(pos: &Position<'_>, total: u32) {
    let stores: u32 = pos.scores().iter().map(|&s| u32::from(s)).sum();
    assert_eq!(
        pos.board_seeds() + stores + u32::from(pos.discarded()),
        total,
        "seeds are conserved in {pos}"
    );
}

/// The tuzdyks (docs/rules.md section 5): only under the rule, never in
/// the opponent's last house, never facing each other, always empty, and
/// once made kept for the rest of the game.
fn check_tuzdyks(game: &History<'_>) {
    let pos = game.position();
    let rules = pos.rules();
    let made: Vec<Option<Cup>> = rules.sides().map(|s| pos.tuzdyk(s)).collect();
    if !rules.rule_set().tuzdyk {
        assert!(
            made.iter().all(Option::is_none),
            "a tuzdyk without the rule: {pos}"
        );
        return;
    }
    let numbers: Vec<u8> = made
        .iter()
        .map(|t| match t {
            Some(Cup::House { number, .. }) => *number,
            _ => 0,
        })
        .collect();
    for (s, &number) in numbers.iter().enumerate() {
        if number == 0 {
            continue;
        }
        let on = Side::new(1 - s);
        assert!(
            usize::from(number) < rules.houses(),
            "in the last house: {pos}"
        );
        // The other tuzdyk bars the house with its number, or under
        // `tuzdyk_across` the house across the board from it.
        let theirs = numbers[1 - s];
        let barred = if rules.rule_set().tuzdyk_across && theirs != 0 {
            rules.houses() as u8 + 1 - theirs
        } else {
            theirs
        };
        assert_ne!(barred, number, "facing tuzdyks: {pos}");
        assert_eq!(pos.house(on, usize::from(number)), Some(0), "{pos}");
        assert!(
            !pos.is_legal(Move::House(number)) || pos.to_move() != on,
            "{pos}"
        );
    }
    if let [.., before, _] = game.positions() {
        for s in rules.sides() {
            if before.tuzdyk(s).is_some() {
                assert_eq!(before.tuzdyk(s), pos.tuzdyk(s), "a tuzdyk is kept: {pos}");
            }
        }
    }
}

/// The end conditions read off the board, checked from scratch: an ongoing
/// position meets none of them, and a position ended by one meets it.
fn check_end_conditions(pos: &Position<'_>) {
    let set = pos.rules().rule_set();
    let empty_side = pos.rules().sides().any(|s| pos.side_seeds(s) == 0);
    let total = pos.total_seeds();
    let twice: Vec<u32> = pos.scores().iter().map(|&s| 2 * u32::from(s)).collect();
    let majority =
        twice.iter().any(|&t| t > total) || twice.iter().filter(|&&t| t == total).count() >= 2;
    if !pos.is_over() {
        if set.end.contains(EndCondition::AnySideEmpty)
            || set.end.contains(EndCondition::EmptyFirst)
            || set.end.contains(EndCondition::TakeAll)
        {
            assert!(!empty_side, "a side is empty but the game goes on: {pos}");
        }
        if set.end.contains(EndCondition::Majority) {
            assert!(!majority, "a majority but the game goes on: {pos}");
        }
    }
    if pos.end_reason() == Some(mancala_core::EndReason::EmptyFirst) {
        assert!(
            empty_side,
            "ended by empty_first without an empty side: {pos}"
        );
    }
    if pos.end_reason() == Some(mancala_core::EndReason::TakeAll) {
        assert!(empty_side, "ended by take_all without an empty side: {pos}");
    }
    if pos.end_reason() == Some(mancala_core::EndReason::Majority) {
        assert!(majority, "ended by majority without one: {pos}");
    }
}

/// Under `repetition`, a game ends exactly when a position (board, stores,
/// side to move, pie state, the house `no_undo` bars) comes back: checked
/// against every earlier one.
fn check_repetitions(game: &History<'_>) {
    if !game.rules().detects_repetition() {
        return;
    }
    let same = |a: &Setup, b: &Setup| {
        a.houses == b.houses
            && a.stores == b.stores
            && a.to_move == b.to_move
            && a.pie == b.pie
            && a.tuzdyk == b.tuzdyk
            && a.capture_turns == b.capture_turns
            && a.barred == b.barred
    };
    let setups: Vec<Setup> = game.positions().iter().map(Position::to_setup).collect();
    let Some((last, earlier)) = setups.split_last() else {
        return;
    };
    let repeated = earlier.iter().any(|e| same(e, last));
    let by_repetition = game.position().end_reason() == Some(mancala_core::EndReason::Repetition);
    if by_repetition {
        // The board was given away when the game ended: compare the position
        // the last move reached, before the leftover rule.
        let mut replay = game.positions()[game.positions().len() - 2];
        replay.play(*game.moves().last().unwrap()).unwrap();
        let reached = replay.to_setup();
        assert!(
            earlier.iter().any(|e| same(e, &reached)),
            "ended by repetition without one: {}",
            game.position()
        );
    } else {
        assert!(
            !repeated,
            "a position repeated but the game goes on: {}",
            game.position()
        );
    }
}

/// `from_parts` builds the same position as `from_setup` for what it
/// covers; `board_key` ignores the stores and nothing else.
fn check_from_parts(pos: &Position<'_>) {
    let setup = pos.to_setup();
    if pos.is_over()
        || setup.pie != mancala_core::PieState::Pending
        || !setup.resigned.is_empty()
        || !setup.tuzdyk.is_empty()
        || !setup.children.is_empty()
        || !setup.own_children.is_empty()
        || setup.capture_turns != 0
        || setup.barred != 0
    {
        return;
    }
    let houses: Vec<u8> = setup.houses.concat();
    let built = Position::from_parts(
        pos.rules(),
        &houses,
        &setup.stores,
        setup.to_move,
        setup.ply,
    )
    .expect("a position's parts are valid");
    assert_eq!(built, *pos, "from_parts of {pos}");
    // Moving seeds between the stores changes the key, not the board key.
    if let Some(s) = (0..setup.stores.len()).find(|&s| setup.stores[s] > 0) {
        let mut stores = setup.stores.clone();
        stores[s] -= 1;
        let next = (s + 1) % stores.len();
        stores[next] += 1;
        let other =
            Position::from_parts(pos.rules(), &houses, &stores, setup.to_move, setup.ply).unwrap();
        if !other.is_over() {
            assert_eq!(
                other.board_key(),
                pos.board_key(),
                "board keys of {pos} and {other}"
            );
            assert_ne!(other.key(), pos.key(), "keys of {pos} and {other}");
        }
    }
}

fn check_notation(pos: &Position<'_>) {
    let text = pos.to_string();
    let setup: Setup = text.parse().expect("notation parses");
    assert_eq!(setup, pos.to_setup(), "notation round-trips for {text}");
    let back = Position::from_setup(pos.rules(), &setup).expect("a position's setup is valid");
    assert_eq!(back, *pos, "position round-trips through {text}");
    let json = serde_json::to_string(&setup).unwrap();
    let from_json: Setup = serde_json::from_str(&json).unwrap();
    assert_eq!(from_json, setup, "setup JSON round-trips");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 192, ..ProptestConfig::default() })]

    #[test]
    fn seeds_are_conserved_after_every_move(set in any_rules(), seed in any::<u64>()) {
        let rules = Rules::new(&set).unwrap();
        let total = set.total_seeds() as u32;
        random_game(&rules, seed, cap_for(&set), |g| {
            check_conservation(g.position(), total);
            check_end_conditions(g.position());
            check_tuzdyks(g);
        });
    }

    #[test]
    fn is_legal_agrees_with_legal_moves(set in any_rules(), seed in any::<u64>()) {
        let rules = Rules::new(&set).unwrap();
        random_game(&rules, seed, 400, |g| check_legality(g.position()));
    }

    /// Wegs come up in few of `any_rules`' cases (children a sixth of the
    /// time, wegs half of those, and a game must make one), so they get
    /// cases of their own: a weg keeps every seed sown into it.
    #[test]
    fn wegs_keep_their_seeds_and_moves_agree(
        set in (random_rules(), 1u8..=6)
            .prop_map(|(set, count)| {
                let set = RuleSet { no_sides: false, ..with_children(set, count, false) };
                with_wegs(set, true)
            })
            .prop_filter("rules that take wegs", |set| {
                set.child_kind == ChildKind::Weg && set.validate().is_ok()
            }),
        seed in any::<u64>(),
    ) {
        let rules = Rules::new(&set).unwrap();
        let total = set.total_seeds() as u32;
        random_game(&rules, seed, 400, |g| {
            check_conservation(g.position(), total);
            check_legality(g.position());
        });
    }

    #[test]
    fn every_random_game_ends(set in any_rules(), seed in any::<u64>()) {
        let rules = Rules::new(&set).unwrap();
        let game = random_game(&rules, seed, cap_for(&set), |_| {});
        if let Some(bound) = set.move_bound() {
            prop_assert!(game.is_over(), "no end within the proven bound of {bound} moves");
        }
        if game.is_over() {
            let outcome = game.outcome().unwrap();
            let ranks = outcome.ranks();
            prop_assert_eq!(ranks.len(), usize::from(set.players));
            prop_assert!(ranks.contains(&1));
        }
    }

    #[test]
    fn repetition_ends_the_game_exactly_when_a_position_comes_back(
        set in prop_oneof![
            any_rules(),
            // Small store-less boards, where seeds circle and positions recur.
            random_rules().prop_map(|mut set| {
                set.houses = 1 + set.houses % 3;
                set.match_houses = set.match_houses.min(set.houses);
                set.seeds = 1 + set.seeds % 2;
                set.stores_sown = StoresSown::None;
                // Without both stores sown no store can be taken, nor,
                // without the own store sown, lifted.
                set.capture_opponent_store = false;
                set.relay_store = false;
                set.min_seeds = 1;
                // Moves of a single seed have nothing left to sow under
                // first_seed (docs/rules.md section 14).
                if set.capture_before_sowing == CaptureBeforeSowing::FirstSeed {
                    set.capture_before_sowing = CaptureBeforeSowing::None;
                }
                set.end = EndSet::EMPTY;
                fit_layout(set)
            }),
        ]
        .prop_map(|mut set| {
            set.end.insert(EndCondition::Repetition);
            set
        }),
        seed in any::<u64>(),
    ) {
        let rules = Rules::new(&set).unwrap();
        random_game(&rules, seed, 300, check_repetitions);
    }

    #[test]
    fn notation_round_trips(set in any_rules(), seed in any::<u64>()) {
        let rules = Rules::new(&set).unwrap();
        random_game(&rules, seed, 400, |g| {
            check_notation(g.position());
            check_from_parts(g.position());
        });
    }

    /// Termination of a move under relay sowing (docs/rules.md section 3):
    /// every move of a random game, with small limits so that moves reach
    /// them, makes at most `relay_limit` lifts.
    #[test]
    fn relay_moves_end_within_the_relay_limit(
        set in random_rules(),
        relay in 1usize..3,
        relay_limit in 1u8..=4,
        seed in any::<u64>(),
    ) {
        // Relay sowing is refused under parity (docs/rules.md section 14).
        let direction = match set.direction {
            Direction::Parity => Direction::Ccw,
            direction => direction,
        };
        // ... and is played without a tuzdyk; `relay = next` may lift a
        // single seed, which first_seed cannot play (section 14).
        let before = match set.capture_before_sowing {
            CaptureBeforeSowing::FirstSeed if Relay::ALL[relay] == Relay::Next => {
                CaptureBeforeSowing::None
            }
            before => before,
        };
        // `relay_store` needs `relay = next`; `no_sides` plays no relay
        // (section 14).
        let set = RuleSet {
            no_sides: false,
            capture_before_sowing: before,
            relay: Relay::ALL[relay],
            relay_store: set.relay_store && Relay::ALL[relay] == Relay::Next,
            relay_limit,
            direction,
            tuzdyk: false,
            ..set
        };
        let rules = Rules::new(&set).unwrap();
        random_game(&rules, seed, 300, |g| {
            let pos = g.position();
            for m in pos.legal_moves() {
                let mut next = *pos;
                let effect = next.play(m).expect("a legal move plays");
                assert!(effect.relays <= relay_limit, "{m} in {pos}");
                if effect.relay_limited {
                    assert_eq!(effect.relays, relay_limit, "{m} in {pos}");
                    // No capture at the end: only what legs took while sowing.
                    assert!(effect.captured <= effect.sow_taken, "{m} in {pos}");
                    assert!(!effect.extra_turn, "{m} in {pos}");
                }
            }
        });
    }

    #[test]
    fn undo_restores_every_position(set in any_rules(), seed in any::<u64>()) {
        let rules = Rules::new(&set).unwrap();
        let mut game = random_game(&rules, seed, 300, |_| {});
        let positions = game.positions().to_vec();
        let moves = game.moves().to_vec();
        for k in (0..moves.len()).rev() {
            prop_assert_eq!(game.undo(), Some(moves[k]));
            prop_assert_eq!(game.position(), &positions[k]);
        }
        prop_assert_eq!(game.undo(), None);
        // Replaying the same moves gives the same positions again.
        let replayed = History::replay(*game.start(), &moves).unwrap();
        prop_assert_eq!(replayed.positions(), &positions[..]);
    }

    #[test]
    fn rule_files_round_trip(set in any_rules()) {
        prop_assert_eq!(RuleSet::from_toml(&set.to_toml()).unwrap(), set);
        prop_assert_eq!(RuleSet::from_json(&set.to_json()).unwrap(), set);
        // Every dimension, written as text the way --set takes it, reads back.
        let mut copy = Preset::MancalaBasic.rules();
        let value: toml::Table = toml::from_str(&set.to_toml()).unwrap();
        for (name, v) in &value {
            let text = match v {
                toml::Value::Array(items) => items
                    .iter()
                    .map(|i| i.to_string().trim_matches('"').to_string())
                    .collect::<Vec<_>>()
                    .join(","),
                other => other.to_string().trim_matches('"').to_string(),
            };
            copy.set(name, &text).unwrap();
        }
        prop_assert_eq!(copy, set);
    }

    #[test]
    fn parsers_never_panic_on_random_text(text in "\\PC{0,80}") {
        let _ = RuleSet::from_toml(&text);
        let _ = RuleSet::from_json(&text);
        let _ = text.parse::<Setup>();
        let _ = text.parse::<Move>();
        let _ = text.parse::<Preset>();
        let _ = parse_moves(&text);
        let mut set = RuleSet::default();
        for name in mancala_core::DIMENSIONS {
            let _ = set.set(name, &text);
        }
        let _ = set.set(&text, "1");
    }

    #[test]
    fn a_clockwise_game_plays_as_its_counter_clockwise_twin(
        set in any_rules(),
        seed in any::<u64>(),
    ) {
        // docs/rules.md section 3: `cw` is the mirror image of the board,
        // every rule read in sowing order, so the same moves give the same
        // positions and notation.
        // A direction the mover chose is seen on the board: on the mirror
        // image it is the other one. A split set is taken as `ccw` (its
        // middle house stays chosen; `no_undo`, a split rule, is dropped).
        let set = RuleSet { no_undo: false, ..set };
        let ccw = Rules::new(&RuleSet { direction: Direction::Ccw, ..set }).unwrap();
        let cw = Rules::new(&RuleSet { direction: Direction::Cw, ..set }).unwrap();
        let game = random_game(&ccw, seed, 300, |_| {});
        let mirrored: Vec<Move> = game.moves().iter().map(|&m| match m {
            Move::Directed(n, sense) => Move::Directed(n, sense.reversed()),
            m => m,
        }).collect();
        let twin = History::replay(Position::new(&cw), &mirrored).unwrap();
        prop_assert_eq!(twin.position().to_string(), game.position().to_string());
        prop_assert_eq!(twin.is_over(), game.is_over());
    }

    #[test]
    fn parsers_never_panic_on_mutated_input(
        set in any_rules(),
        seed in any::<u64>(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, any::<char>()), 1..6),
    ) {
        let rules = Rules::new(&set).unwrap();
        let game = random_game(&rules, seed, 60, |_| {});
        let inputs = [
            game.position().to_string(),
            set.to_toml(),
            set.to_json(),
            mancala_core::format_moves(game.moves()),
        ];
        for input in inputs {
            let mut chars: Vec<char> = input.chars().collect();
            for (at, kind, c) in &edits {
                let i = at.index(chars.len() + 1);
                match kind {
                    0 => chars.insert(i, *c),
                    1 if i < chars.len() => { chars.remove(i); }
                    _ if i < chars.len() => chars[i] = *c,
                    _ => chars.push(*c),
                }
            }
            let text: String = chars.into_iter().collect();
            let _ = RuleSet::from_toml(&text);
            let _ = RuleSet::from_json(&text);
            if let Ok(moves) = parse_moves(&text) {
                // Replaying any parsed list is a value or an illegal-move error.
                let _ = History::replay(Position::new(&rules), &moves);
            }
            if let Ok(setup) = text.parse::<Setup>()
                && let Ok(pos) = Position::from_setup(&rules, &setup) {
                    // Whatever the setup, the position it gives plays by the rules.
                    let total = pos.total_seeds();
                    let mut choices = Choices(seed);
                    let mut pos = pos;
                    for _ in 0..50 {
                        check_conservation(&pos, total);
                        check_legality(&pos);
                        check_notation(&pos);
                        if pos.is_over() { break; }
                        pos.play(choices.pick(&pos)).unwrap();
                    }
                }
        }
    }

    #[test]
    fn random_setups_are_positions_or_errors(
        set in any_rules(),
        cups in prop::collection::vec(prop::collection::vec(0u8..12, 0..18), 1..6),
        stores in prop::collection::vec(0u8..40, 0..6),
        to_move in 0usize..6,
        ply in 0u32..4,
        shaped in any::<bool>(),
        seed in any::<u64>(),
        tuzdyk in prop::collection::vec(0u8..12, 0..3),
    ) {
        let rules = Rules::new(&set).unwrap();
        let mut setup = Setup { houses: cups, stores, to_move, ply, tuzdyk, ..Setup::default() };
        if shaped {
            // Half the cases fit the rules' board, so most of them are positions.
            let (players, houses) = (rules.players(), rules.houses());
            setup.houses.resize(players, vec![1]);
            for side in &mut setup.houses {
                let fill: Vec<u8> = side.iter().copied().cycle().take(houses).collect();
                *side = if fill.len() == houses { fill } else { vec![0; houses] };
            }
            setup.stores.resize(players, 0);
            setup.to_move %= players;
            // Tuzdyks hold no seed (docs/rules.md section 5).
            for (owner, &number) in setup.tuzdyk.iter().enumerate().take(players.min(2)) {
                if (1..=houses).contains(&usize::from(number)) {
                    setup.houses[1 - owner][usize::from(number) - 1] = 0;
                }
            }
        }
        if let Ok(mut pos) = Position::from_setup(&rules, &setup) {
            let total = pos.total_seeds();
            let mut choices = Choices(seed);
            for _ in 0..200 {
                check_conservation(&pos, total);
                check_legality(&pos);
                check_notation(&pos);
                check_end_conditions(&pos);
                if pos.is_over() { break; }
                pos.play(choices.pick(&pos)).unwrap();
            }
        }
    }
}
