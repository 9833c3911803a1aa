//! The tests of [`Mcts`](super::Mcts): its tree, playouts and opponent
//! modelling.

use super::playout::greedy_move;
use super::tree::NONE;
use super::*;
use crate::strategy::greedy_moves;
use mancala_core::{Preset, RuleSet, Rules, Side};

#[test]
fn the_greedy_playout_move_takes_the_most_seeds_then_the_extra_turn() {
    let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
    // From the start every house holds 4: house 3 ends in the store
    // (one seed, and an extra turn), houses 4 to 6 put one seed there
    // without one, houses 1 and 2 none.
    assert_eq!(greedy_move(&Position::new(&rules)), Move::House(3));
    // After 3 (extra turn), house 6 (5 seeds) puts one in the store and
    // house 4 and 5 one each too, none with an extra turn: the first.
    let mut pos = Position::new(&rules);
    pos.play(Move::House(3)).unwrap();
    assert_eq!(pos.to_move(), Side::new(0));
    assert_eq!(greedy_move(&pos), Move::House(4));
}

#[test]
fn children_sit_side_by_side_in_their_block_and_the_cap_counts_nodes() {
    assert_eq!(std::mem::size_of::<Node>(), 24, "the docs' node size");
    let rules = Rules::new(&Preset::Oware.rules()).unwrap();
    let kalah = Rules::new(&Preset::Kalah.rules()).unwrap();
    let cases = [(1 << 20, 3_000, 1), (500, 3_000, 1), (2, 50, 1)];
    // In lanes too (4, 3 or 2 playouts going at a time).
    let lanes = [
        (1 << 20, 3_001, 4),
        (500, 3_002, 4),
        (2, 51, 3),
        (1 << 20, 2_999, 2),
    ];
    for (rules, (cap, iterations, lanes)) in std::iter::repeat_n(&rules, 3)
        .chain(std::iter::repeat_n(&kalah, 4))
        .zip(cases.into_iter().chain(lanes))
    {
        let mut mcts = Mcts::new(Limits::nodes(iterations), 3)
            .tree_nodes(cap)
            .rollout_lanes(lanes);
        let report = mcts.search(&Position::new(rules));
        assert_eq!(report.iterations, iterations);
        assert_eq!(mcts.nodes[0].visits as u64, iterations);
        let children = report.visits.iter().map(|v| u64::from(v.1)).sum::<u64>();
        assert_eq!(
            children, iterations,
            "every iteration passes a child of the root"
        );
        // Walk the tree from the root: every node made is reached once.
        let mut reached = 0;
        let mut stack = vec![0u32];
        while let Some(i) = stack.pop() {
            reached += 1;
            let n = mcts.nodes[i as usize];
            if n.first_child == NONE {
                assert_eq!(n.children, 0);
                continue;
            }
            let block = u32::from(n.children) + n.untried.count_ones();
            assert!(n.children >= 1 && n.first_child + block <= mcts.nodes.len() as u32);
            let mut below = 0;
            let mut moves = Vec::new();
            for c in n.first_child..n.first_child + u32::from(n.children) {
                below += mcts.nodes[c as usize].visits;
                moves.push(mcts.nodes[c as usize].mv());
                stack.push(c);
            }
            // Each child once, and the slots after them unused.
            moves.sort_by_key(|m| format!("{m:?}"));
            moves.dedup();
            assert_eq!(moves.len(), usize::from(n.children));
            assert!(below <= n.visits);
            // Every virtual loss was made good: rewards are in [0, 1].
            assert!((0.0..=f64::from(n.visits)).contains(&n.reward), "{n:?}");
            for c in n.first_child + u32::from(n.children)..n.first_child + block {
                assert_eq!(mcts.nodes[c as usize].visits, 0);
            }
        }
        assert_eq!(reached, mcts.live);
        assert!(
            mcts.live <= cap.max(2),
            "{} nodes under a cap of {cap}",
            mcts.live
        );
        if cap < 1 << 20 {
            assert_eq!(mcts.live, cap, "a full tree");
        }
    }
}

fn kalah3() -> Rules {
    Rules::new(&RuleSet::from_spec("kalah3").unwrap()).unwrap()
}

#[test]
fn the_trail_follows_the_moves_told_extra_turns_and_all() {
    let rules = kalah3();
    let mut pos = Position::new(&rules);
    // Player 0 chose house 1 (4 seeds: no extra turn) ...
    let mut trail = Trail::new(&pos, Move::House(1));
    // ... but house 2 was played: the trail starts after it.
    assert!(trail.extend(&pos, Move::House(2)));
    pos.play(Move::House(2)).unwrap();
    assert_eq!(trail.start, pos.to_setup());
    // Player 1: house 3 ends in its store (an extra turn), then house
    // 1; then player 2 sows house 2 and player 0 is to move.
    let played = [
        (1, Move::House(3)),
        (1, Move::House(1)),
        (2, Move::House(2)),
    ];
    for (player, m) in played {
        assert_eq!(pos.player_to_move(), player, "{pos}");
        assert!(trail.extend(&pos, m));
        pos.play(m).unwrap();
    }
    assert_eq!(pos.player_to_move(), 0);
    assert_eq!(trail.moves, played.map(|(_, m)| m));
    assert_eq!(trail.end, pos.to_setup());
    // A move in a position that does not follow breaks it, as does
    // an illegal one; one in the position player 0 chose in restarts it.
    let mut elsewhere = Position::new(&rules);
    elsewhere.play(Move::House(3)).unwrap();
    assert!(!trail.clone().extend(&elsewhere, Move::House(1)));
    assert!(!trail.clone().extend(&pos, Move::House(9)));
    assert!(trail.extend(&Position::new(&rules), Move::House(1)));
    assert!(trail.moves.is_empty());
}

/// Plays `plies` plies (or to the end) of 3-player Kalah, `mcts` as
/// player 0.
fn play_against(rules: &Rules, mcts: &mut Mcts, others: [&mut dyn Strategy; 2], plies: u32) {
    let [one, two] = others;
    let mut pos = Position::new(rules);
    while !pos.is_over() && pos.ply() < plies {
        let before = pos;
        let m = match pos.player_to_move() {
            0 => mcts.choose(&pos),
            1 => one.choose(&pos),
            _ => two.choose(&pos),
        }
        .unwrap();
        pos.play(m).unwrap();
        mcts.observe(&before, m);
        one.observe(&before, m);
        two.observe(&before, m);
    }
}

#[test]
fn moves_seen_tell_random_greedy_and_searching_players_apart() {
    let rules = kalah3();
    let mut mcts = Mcts::new(Limits::nodes(10_000), 1);
    let mut random = crate::Random::new(2);
    let mut greedy = crate::Greedy::new(3);
    play_against(&rules, &mut mcts, [&mut random, &mut greedy], 1_000);
    let (one, two) = (mcts.opponent_model(1), mcts.opponent_model(2));
    assert!(
        one.moves_seen >= 5 && two.moves_seen >= 5,
        "{one:?} {two:?}"
    );
    assert!(one.random > 0.9, "{one:?}");
    assert!(two.greedy > 0.9, "{two:?}");
    // Its own moves are not modelled.
    assert_eq!(mcts.opponent_model(0), OpponentModel::UNKNOWN);
    assert_eq!(mcts.opponent_model(9), OpponentModel::UNKNOWN);

    // Searching players (plain UCT, a bigger budget).
    let mut mcts = Mcts::new(Limits::nodes(10_000), 1);
    let mut a = Mcts::new(Limits::nodes(4_000), 2).opponent_modelling(false);
    let mut b = Mcts::new(Limits::nodes(4_000), 3).opponent_modelling(false);
    play_against(&rules, &mut mcts, [&mut a, &mut b], 1_000);
    for player in [1, 2] {
        let model = mcts.opponent_model(player);
        assert!(model.moves_seen >= 5, "{model:?}");
        assert!(model.searching() > 0.8, "player {player}: {model:?}");
    }

    // A position that does not follow from the last one: a new game.
    mcts.choose(&Position::new(&rules));
    assert_eq!(mcts.opponent_model(1), OpponentModel::UNKNOWN);
    // Modelling off: nothing is learnt.
    let mut plain = Mcts::new(Limits::nodes(300), 1).opponent_modelling(false);
    play_against(&rules, &mut plain, [&mut random, &mut greedy], 30);
    assert_eq!(plain.opponent_model(2), OpponentModel::UNKNOWN);
}

#[test]
fn before_any_move_is_seen_modelling_changes_nothing() {
    let rules = kalah3();
    let mut pos = Position::new(&rules);
    let mut random = crate::Random::new(4);
    for _ in 0..12 {
        // (2,000 iterations: smaller searches never model.)
        let on = Mcts::new(Limits::nodes(2_000), 8).search(&pos);
        let off = Mcts::new(Limits::nodes(2_000), 8)
            .opponent_modelling(false)
            .search(&pos);
        assert_eq!(on, off, "{pos}");
        pos.play(random.choose(&pos).unwrap()).unwrap();
    }
}

#[test]
fn a_search_not_told_the_moves_is_plain_uct() {
    // The observation contract: a caller that reports no moves still
    // gets legal moves, those of a search without modelling.
    let rules = kalah3();
    let mut untold = Mcts::new(Limits::nodes(2_000), 6);
    let mut plain = Mcts::new(Limits::nodes(2_000), 6).opponent_modelling(false);
    let mut greedy = crate::Greedy::new(1);
    let mut pos = Position::new(&rules);
    while !pos.is_over() && pos.ply() < 24 {
        let m = if pos.player_to_move() == 0 {
            let m = untold.choose(&pos);
            assert_eq!(m, plain.choose(&pos), "{pos}");
            m.unwrap()
        } else {
            greedy.choose(&pos).unwrap()
        };
        pos.play(m).unwrap();
    }
    assert_eq!(untold.opponent_model(1), OpponentModel::UNKNOWN);
    assert_eq!(untold.opponent_model(2), OpponentModel::UNKNOWN);
}

#[test]
fn modelled_players_choose_in_the_tree_as_the_model_says() {
    let rules = kalah3();
    let mut mcts = Mcts::new(Limits::nodes(1), 5);
    let sure = |random, greedy| OpponentModel {
        random,
        greedy,
        moves_seen: 1,
    };
    mcts.beliefs[1].model = sure(0.0, 1.0);
    mcts.beliefs[2].model = sure(1.0, 0.0);
    mcts.me = Some(0);
    mcts.run(&Position::new(&rules), 4_000, Clock::timer(None));
    // Walk the tree with the positions.
    let mut stack = vec![(0u32, Position::new(&rules))];
    let (mut greedy_nodes, mut random_nodes, mut random_spread) = (0, 0, 0);
    while let Some((i, pos)) = stack.pop() {
        let n = mcts.nodes[i as usize];
        if n.first_child == NONE {
            continue;
        }
        let player = pos.player_to_move();
        let moves = pos.legal_moves();
        let greedy = greedy_moves(&pos);
        let mut children = 0;
        for c in n.first_child..n.first_child + u32::from(n.children) {
            let m = mcts.nodes[c as usize].mv();
            if player == 1 {
                let i = moves.iter().position(|x| x == m).unwrap();
                assert_eq!(greedy >> i & 1, 1, "{pos}: {m} is not greedy");
            }
            children += 1;
            let mut child = pos;
            child.play_unchecked(m);
            stack.push((c, child));
        }
        match player {
            1 => greedy_nodes += 1,
            2 if n.visits >= 50 => {
                random_nodes += 1;
                // Random moves: every one tried, however bad.
                random_spread += usize::from(children == moves.len());
            }
            _ => {}
        }
    }
    assert!(greedy_nodes > 10, "{greedy_nodes}");
    assert!(
        random_nodes > 3 && random_spread == random_nodes,
        "{random_spread}/{random_nodes}"
    );
}

#[test]
fn greedy_playouts_are_a_chance() {
    let mcts = Mcts::new(Limits::nodes(10), 1);
    assert_eq!(mcts.greed, Mcts::<Heuristic>::DEFAULT_GREED);
    assert_eq!(mcts.clone().greedy_playouts(2.0).greed, 1.0);
    assert_eq!(mcts.clone().greedy_playouts(-1.0).greed, 0.0);
    assert_eq!(mcts.greedy_playouts(f64::NAN).greed, 0.0);
}

/// An MCTS player with the plain evaluation (no Kalah terms), the one
/// the golden searches were made with: capped playouts end on it.
fn plain(limits: Limits, seed: u64) -> Mcts {
    let plain = crate::Heuristic::default().without_kalah_terms();
    Mcts::with_evaluator(plain, limits, seed)
}

/// The searches of the golden test: a game against a random player with
/// modelling (Kalah), a capped tree and playouts (Kalah), and Oware; what
/// each chose and reported, printed.
fn golden_trace(one_lane: impl Fn(Mcts) -> Mcts) -> Vec<String> {
    let mut out = Vec::new();
    let kalah = Rules::new(&Preset::Kalah.rules()).unwrap();
    let oware = Rules::new(&Preset::Oware.rules()).unwrap();
    let mut mcts = one_lane(plain(Limits::nodes(2_500), 11));
    let mut other = crate::Random::new(5);
    let mut pos = Position::new(&kalah);
    for _ in 0..16 {
        if pos.is_over() {
            break;
        }
        let m = if pos.to_move() == Side::new(0) {
            let r = mcts.search(&pos);
            out.push(format!("{:?} {:?} {:.12}", r.best, r.visits, r.value));
            r.best.unwrap()
        } else {
            other.choose(&pos).unwrap()
        };
        mcts.observe(&pos, m);
        other.observe(&pos, m);
        pos.play(m).unwrap();
    }
    let mut capped = one_lane(
        plain(Limits::nodes(3_000), 2)
            .tree_nodes(300)
            .playout_cap(20),
    );
    let r = capped.search(&Position::new(&kalah));
    out.push(format!("{:?} {:?} {:.12}", r.best, r.visits, r.value));
    let mut ow = one_lane(plain(Limits::nodes(3_000), 9));
    let r = ow.search(&Position::new(&oware));
    out.push(format!("{:?} {:?} {:.12}", r.best, r.visits, r.value));
    out
}

/// What [`golden_trace`] printed at 7b42ca0, before playouts in lanes:
/// the search of earlier versions.
const GOLDEN: [&str; 10] = [
    "Some(House(6)) [(House(1), 277), (House(2), 172), (House(3), 412), (House(4), 436), (House(5), 455), (House(6), 748)] 0.555729166667",
    "Some(House(1)) [(House(1), 1940), (House(2), 190), (House(3), 143), (House(4), 118), (House(5), 109)] 0.627237972509",
    "Some(House(4)) [(House(1), 465), (House(2), 159), (House(3), 154), (House(4), 1352), (House(5), 370)] 0.622250986193",
    "Some(House(6)) [(House(1), 305), (House(2), 848), (House(3), 218), (House(5), 264), (House(6), 865)] 0.690332369942",
    "Some(House(2)) [(House(1), 413), (House(2), 1266), (House(3), 394), (House(5), 427)] 0.724101500790",
    "Some(House(3)) [(House(1), 117), (House(2), 469), (House(3), 715), (House(4), 268), (House(5), 296), (House(6), 635)] 0.731716200466",
    "Some(House(6)) [(House(1), 232), (House(2), 97), (House(4), 763), (House(5), 232), (House(6), 1176)] 0.806797406463",
    "Some(House(2)) [(House(1), 984), (House(2), 1066), (House(4), 173), (House(5), 277)] 0.863952079425",
    "Some(House(3)) [(House(1), 134), (House(2), 348), (House(3), 1070), (House(4), 537), (House(5), 268), (House(6), 643)] 0.562771855530",
    "Some(House(6)) [(House(1), 258), (House(2), 673), (House(3), 365), (House(4), 599), (House(5), 377), (House(6), 728)] 0.499038998111",
];

#[test]
fn one_lane_is_the_search_of_earlier_versions_move_for_move() {
    assert_eq!(golden_trace(|m| m.rollout_lanes(1)), GOLDEN);
    // Greedy playouts, or rules that do not play in registers (three
    // players), are searched one playout at a time whatever the lanes.
    let kalah3 = kalah3();
    let pos = Position::new(&kalah3);
    let kalah = Rules::new(&Preset::Kalah.rules()).unwrap();
    let greedy = |lanes| {
        let mcts = Mcts::new(Limits::nodes(1_500), 4).greedy_playouts(0.5);
        mcts.rollout_lanes(lanes).search(&Position::new(&kalah))
    };
    assert_eq!(greedy(1), greedy(4));
    let three = |lanes| {
        Mcts::new(Limits::nodes(1_500), 4)
            .rollout_lanes(lanes)
            .search(&pos)
    };
    assert_eq!(three(1), three(4));
}

#[test]
fn playouts_in_lanes_are_seeded_and_stop_on_time() {
    let kalah = Rules::new(&Preset::Kalah.rules()).unwrap();
    let start = Position::new(&kalah);
    // The default plays in lanes; a seed gives the same search, and
    // another seed another.
    let search = |lanes: Option<usize>, seed| {
        let mcts = Mcts::new(Limits::nodes(3_000), seed);
        let mut mcts = match lanes {
            Some(n) => mcts.rollout_lanes(n),
            None => mcts,
        };
        mcts.search(&start)
    };
    assert_eq!(search(None, 5), search(Some(2), 5));
    assert_eq!(search(Some(4), 5), search(Some(4), 5));
    assert_ne!(search(Some(4), 5).visits, search(Some(4), 6).visits);
    assert_ne!(search(Some(2), 5).visits, search(Some(1), 5).visits);
    // Under a time limit alone the clock is looked at every 256
    // iterations in lanes, and the tree holds them all.
    for lanes in [2, 4] {
        let limits = Limits::time(std::time::Duration::from_millis(30));
        let mut mcts = Mcts::new(limits, 3).rollout_lanes(lanes);
        let report = mcts.search(&start);
        assert!(report.iterations >= 256, "{report:?}");
        assert_eq!(report.iterations % 256, 0, "{report:?}");
        assert_eq!(u64::from(mcts.nodes[0].visits), report.iterations);
        let children = report.visits.iter().map(|v| u64::from(v.1)).sum::<u64>();
        assert_eq!(children, report.iterations);
    }
    // With a node budget too, the last stretch is what the budget leaves.
    let limits = Limits {
        nodes: Some(1_000),
        ..Limits::time(std::time::Duration::from_secs(60))
    };
    let report = Mcts::new(limits, 3).rollout_lanes(3).search(&start);
    assert_eq!(report.iterations, 1_000);
}
