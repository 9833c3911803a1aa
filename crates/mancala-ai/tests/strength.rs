//! Player specs, the levels and the match harness: parsing and its errors,
//! determinism, levels on every rule set, rotation, thread independence,
//! the move cap, the Elo formula, and a quick strength check.
//!
//! Budgets are small so that the whole file runs in seconds in the debug
//! profile; the real strength programme is `examples/strength.rs`.

use mancala_ai::arena::{Elo, MatchOptions, elo_of_score, play_match, play_match_with};
use mancala_ai::{
    Algorithm, EvalKind, LEVEL_NODES_MP, LEVEL_PLAYOUT_MOVES, Limits, MAX_LEVEL, Mcts, Player,
    Spec, SpecError, Strategy,
};
use mancala_core::{History, KalahOptions, Move, Preset, RuleSet, Rules, Side};

/// Kalah for three players (6 houses of 4 seeds each).
fn kalah3() -> Rules {
    Rules::new(&RuleSet::from_spec("kalah3").unwrap()).unwrap()
}

fn parse(text: &str) -> Spec {
    text.parse()
        .unwrap_or_else(|e| panic!("{text} should parse: {e}"))
}

fn error(text: &str) -> SpecError {
    match text.parse::<Spec>() {
        Ok(spec) => panic!("{text} should not parse, got {spec:?}"),
        Err(e) => e,
    }
}

/// Every rule set the levels must play: the presets, and Kalah for 3 and 4.
fn all_rules() -> Vec<(String, Rules)> {
    let mut sets: Vec<(String, RuleSet)> = Preset::ALL
        .iter()
        .map(|p| (p.name().to_string(), p.rules()))
        .collect();
    for players in [3, 4] {
        sets.push((
            format!("kalah-{players}p"),
            KalahOptions {
                players,
                ..Default::default()
            }
            .rules(),
        ));
    }
    sets.into_iter()
        .map(|(name, set)| (name, Rules::new(&set).expect("valid rules")))
        .collect()
}

/// Plays a whole game with one strategy per player (built from the specs
/// with the given seeds); the moves.
fn game_moves(rules: &Rules, specs: &[Spec], seeds: &[u64]) -> Vec<Move> {
    let mut players: Vec<_> = specs
        .iter()
        .zip(seeds)
        .map(|(s, &seed)| s.strategy(rules, seed).expect("a player"))
        .collect();
    let mut game = History::new(rules);
    while !game.is_over() && game.moves().len() < 2_000 {
        let pos = *game.position();
        let m = players[pos.player_to_move()]
            .choose(&pos)
            .expect("a move while the game is on");
        game.play(m).expect("a legal move");
        for player in &mut players {
            player.observe(&pos, m);
        }
    }
    game.moves().to_vec()
}

#[test]
fn specs_parse_into_their_parts() {
    let spec = parse("ai:5,time=100ms");
    assert_eq!(spec.player, Player::Level(5));
    assert_eq!(
        spec.limits.time,
        Some(std::time::Duration::from_millis(100))
    );
    assert_eq!(spec.limits.nodes, None);
    assert_eq!(spec.seed, None);

    let spec = parse("mcts:nodes=20000,seed=3");
    assert_eq!(spec.player, Player::Search(Algorithm::Mcts));
    assert_eq!(spec.limits.nodes, Some(20_000));
    assert_eq!(spec.seed, Some(3));

    let spec = parse("alphabeta:depth=8,eval=store");
    assert_eq!(spec.player, Player::Search(Algorithm::AlphaBeta));
    assert_eq!(spec.limits.depth, Some(8));
    assert_eq!(spec.eval, EvalKind::Store);
    assert_eq!(parse("ai:10,eval=plain").eval, EvalKind::Plain);

    assert_eq!(parse("human").player, Player::Human);
    assert!(parse("human").is_human());
    assert_eq!(parse("random").player, Player::Random);
    assert_eq!(parse("greedy,seed=9").seed, Some(9));
    assert_eq!(parse("maxn").player, Player::Search(Algorithm::MaxN));
    assert_eq!(parse("ai:10").player, Player::Level(10));
    assert_eq!(parse("ai:1").player, Player::Level(1));
    assert_eq!(parse("ai:3,nodes=2k").limits.nodes, Some(2_000));
    assert_eq!(parse("mcts:nodes=100k,playout=10").playout, Some(10));
    assert_eq!(parse("mcts").playout, None);
    assert_eq!(parse("mcts:model=off").model, Some(false));
    assert_eq!(parse("ai:10,Model=ON").model, Some(true));
    assert_eq!(parse("mcts").model, None);
}

#[test]
fn specs_display_canonically_and_round_trip() {
    let cases = [
        ("human", "human"),
        ("random", "random"),
        ("Random,seed=4", "random,seed=4"),
        ("greedy", "greedy"),
        ("ai:5", "ai:5"),
        ("AI:7, time=100ms", "ai:7,time=100ms"),
        ("ai:5,seed=3,time=100ms", "ai:5,time=100ms,seed=3"),
        ("ai:2,depth=3,nodes=500", "ai:2,depth=3,nodes=500"),
        ("alphabeta", "alphabeta"),
        ("alpha-beta:depth=8", "alphabeta:depth=8"),
        ("ab,depth=8", "alphabeta:depth=8"),
        ("maxn:nodes=1m,eval=store", "maxn:nodes=1000000,eval=store"),
        ("mcts:nodes=20000,seed=3", "mcts:nodes=20000,seed=3"),
        ("uct:time=2s", "mcts:time=2s"),
        ("ai:4,eval=store", "ai:4,eval=store"),
        ("ai:10, eval=plain", "ai:10,eval=plain"),
        ("mcts:playout=10,nodes=100k", "mcts:nodes=100000,playout=10"),
        ("ai:9, Playout=4", "ai:9,playout=4"),
        (
            "mcts,eval=store,playout=7,seed=2",
            "mcts:seed=2,eval=store,playout=7",
        ),
        ("mcts:model=off", "mcts:model=off"),
        ("ai:8, model=on", "ai:8,model=on"),
        (
            "mcts,model=off,playout=7,nodes=5k",
            "mcts:nodes=5000,playout=7,model=off",
        ),
    ];
    for (text, canonical) in cases {
        let spec = parse(text);
        assert_eq!(spec.to_string(), canonical, "{text}");
        assert_eq!(parse(canonical), spec, "{canonical} parses back");
    }
}

#[test]
fn spec_errors_name_what_is_wrong() {
    // (text, the key or text the error names, a word of the reason).
    let values = [
        ("ai:11", "level", "11"),
        ("ai:0", "level", "0"),
        ("ai:x", "level", "x"),
        ("ai", "level", ""),
        ("wizard", "player", "wizard"),
        ("ai:5,time=fast", "time", "fast"),
        ("ai:5,nodes=lots", "nodes", "lots"),
        ("ai:5,depth=-1", "depth", "-1"),
        ("ai:5,seed=x", "seed", "x"),
        ("ai:5,eval=magic", "eval", "magic"),
        ("random,depth=3", "depth", "3"),
        ("greedy,nodes=10", "nodes", "10"),
        ("human,seed=1", "seed", "1"),
        ("mcts:depth=4", "depth", "4"),
        ("ai:5,seed=1,seed=2", "seed", "2"),
        ("mcts:playout=0", "playout", "0"),
        ("mcts:playout=many", "playout", "many"),
        ("mcts:playout=-3", "playout", "-3"),
        ("alphabeta:playout=10", "playout", "10"),
        ("maxn:playout=10", "playout", "10"),
        ("greedy,playout=10", "playout", "10"),
        ("random,playout=10", "playout", "10"),
        ("human,playout=10", "playout", "10"),
        ("mcts:playout=5,playout=6", "playout", "6"),
        ("mcts:model=maybe", "model", "maybe"),
        ("mcts:model=", "model", ""),
        ("alphabeta:model=off", "model", "off"),
        ("maxn:model=on", "model", "on"),
        ("greedy,model=off", "model", "off"),
        ("random,model=off", "model", "off"),
        ("human,model=off", "model", "off"),
        ("mcts:model=on,model=off", "model", "off"),
    ];
    for (text, key, value) in values {
        match error(text) {
            SpecError::Value {
                key: k, value: v, ..
            } => {
                assert_eq!((k.as_str(), v.as_str()), (key, value), "{text}");
            }
            other => panic!("{text}: expected a value error, got {other:?}"),
        }
        let message = error(text).to_string();
        assert!(message.contains(key), "{text}: {message}");
    }
    // Reasons say what is expected.
    assert!(error("ai:11").to_string().contains("1 to 10"));
    assert!(error("random,depth=3").to_string().contains("random"));
    assert!(error("mcts:depth=4").to_string().contains("MCTS"));
    assert!(error("ai:5,seed=1,seed=2").to_string().contains("twice"));
    assert!(error("alphabeta:playout=10").to_string().contains("MCTS"));
    assert!(error("mcts:playout=0").to_string().contains("at least 1"));
    assert!(error("mcts:model=maybe").to_string().contains("on or off"));
    assert!(error("maxn:model=on").to_string().contains("MCTS"));
    assert!(error("wizard").to_string().contains("greedy"));

    match error("ai:5,colour=red") {
        SpecError::Key { key } => assert_eq!(key, "colour"),
        other => panic!("expected an unknown key, got {other:?}"),
    }
    for (text, shown) in [
        ("ai:5,depth", "depth"),
        ("ai:5,", "ai:5,"),
        ("random:seed=3", ":seed=3"),
    ] {
        match error(text) {
            SpecError::Syntax { text: t } => assert!(t.contains(shown), "{text}: {t}"),
            other => panic!("{text}: expected a syntax error, got {other:?}"),
        }
    }

    // A person parses, but has no strategy.
    let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
    match parse("human").strategy(&rules, 1) {
        Err(SpecError::Value { key, value, .. }) => {
            assert_eq!((key.as_str(), value.as_str()), ("player", "human"));
        }
        Err(other) => panic!("expected a value error, got {other:?}"),
        Ok(_) => panic!("a human has no strategy"),
    }
}

#[test]
fn same_spec_and_seed_play_the_same_game() {
    let kalah = Rules::new(&Preset::Kalah.rules()).unwrap();
    let kalah3 = Rules::new(
        &KalahOptions {
            players: 3,
            houses: 4,
            seeds: 3,
            ..Default::default()
        }
        .rules(),
    )
    .unwrap();
    let cases: [(&Rules, &str); 7] = [
        (&kalah, "random"),
        (&kalah, "greedy"),
        (&kalah, "ai:3"),
        (&kalah, "mcts:nodes=100"),
        (&kalah, "maxn:nodes=300"),
        (&kalah3, "ai:3"),
        (&kalah3, "alphabeta:nodes=3000"),
    ];
    for (rules, text) in cases {
        let specs = vec![parse(text); rules.players()];
        let seeds: Vec<u64> = (0..rules.players() as u64).map(|i| 10 + i).collect();
        let first = game_moves(rules, &specs, &seeds);
        let again = game_moves(rules, &specs, &seeds);
        assert_eq!(first, again, "{text}: the same seeds replay the same game");
        // Other seeds give another game, for one seed pair at least.
        let differs = (0..64u64).any(|k| {
            let other: Vec<u64> = seeds.iter().map(|s| s + 100 * (k + 1)).collect();
            game_moves(rules, &specs, &other) != first
        });
        assert!(differs, "{text}: the seed makes a difference");
    }
    // `seed=` overrides the seed given to `strategy`.
    let fixed = parse("ai:2,seed=5");
    let a = game_moves(&kalah, &[fixed, fixed], &[1, 2]);
    let b = game_moves(&kalah, &[fixed, fixed], &[3, 4]);
    assert_eq!(a, b);
}

/// Levels below `KALAH_TERMS_LEVEL` play the plain evaluation under
/// Kalah's rules, so the same games as `eval=plain`; from level 8 the
/// Kalah terms change the game.
#[test]
fn only_the_top_levels_play_the_kalah_terms() {
    let kalah = Rules::new(&Preset::Kalah.rules()).unwrap();
    let game = |text: &str| game_moves(&kalah, &[parse(text), parse("ai:4")], &[3, 4]);
    for level in [3, 5, 7] {
        assert_eq!(
            game(&format!("ai:{level}")),
            game(&format!("ai:{level},eval=plain")),
            "ai:{level}"
        );
    }
    assert_eq!(mancala_ai::KALAH_TERMS_LEVEL, 8);
    assert_ne!(game("ai:8"), game("ai:8,eval=plain"));
}

#[test]
fn levels_play_every_preset_with_two_to_four_players() {
    for (name, rules) in all_rules() {
        let players = rules.players();
        for level in 1..=MAX_LEVEL {
            // Small budgets keep this quick; the algorithm is the level's.
            let spec = Spec::level(level);
            let (algorithm, limits) = spec.search(&rules).expect("a searching player");
            if players == 2 {
                assert_eq!(algorithm, Algorithm::AlphaBeta, "{name}");
            } else {
                assert_eq!(algorithm, Algorithm::Mcts, "{name}");
            }
            assert!(
                limits.nodes.is_some() && limits.time.is_none(),
                "{name}: nodes"
            );
            let quick = spec.with_limits(Limits::nodes(200));
            let moves = game_moves(
                &rules,
                &vec![quick; players],
                &vec![u64::from(level); players],
            );
            assert!(!moves.is_empty(), "{name} ai:{level}");
        }
        // The real top-level budget, for one move from the start.
        let mut top = Spec::level(MAX_LEVEL).strategy(&rules, 1).unwrap();
        let start = mancala_core::Position::new(&rules);
        let m = top.choose(&start).expect("a move");
        assert!(start.is_legal(m), "{name}");
    }
}

#[test]
fn levels_with_three_players_are_mcts_with_short_playouts_that_a_spec_can_name() {
    // ai:3 with 3 players is MCTS with the level's iterations and playouts
    // of LEVEL_PLAYOUT_MOVES moves: the same seed picks the same moves as
    // that search built by hand, and not those of whole-game playouts.
    let rules = kalah3();
    let iterations = LEVEL_NODES_MP[2];
    let by_level = |playout: Option<u32>| {
        let mut spec = Spec::level(3);
        spec.playout = playout;
        spec.strategy(&rules, 5).unwrap()
    };
    let by_mcts = |text: &str| {
        parse(&format!("mcts:nodes={iterations},{text}"))
            .strategy(&rules, 5)
            .unwrap()
    };
    // `mcts:nodes=N,playout=10` is the level; `playout=` on the level
    // replaces the level's cap; without it an `mcts` spec plays whole games.
    let mut level = by_level(None);
    let mut named = by_mcts(&format!("playout={LEVEL_PLAYOUT_MOVES}"));
    let mut level_capped = by_level(Some(2));
    let mut mcts_capped = by_mcts("playout=2");
    let mut whole = by_mcts("seed=5");
    let mut short = Mcts::new(Limits::nodes(iterations), 5).playout_cap(LEVEL_PLAYOUT_MOVES);
    let mut by_hand = Mcts::new(Limits::nodes(iterations), 5).playout_cap(2);
    let mut game = History::new(&rules);
    let (mut whole_differs, mut cap_differs) = (false, false);
    for _ in 0..30 {
        if game.is_over() {
            break;
        }
        let pos = *game.position();
        let m = level.choose(&pos).unwrap();
        assert_eq!(Some(m), short.choose(&pos), "{pos}");
        assert_eq!(Some(m), named.choose(&pos), "{pos}");
        let capped = level_capped.choose(&pos);
        assert_eq!(capped, mcts_capped.choose(&pos), "{pos}");
        assert_eq!(capped, by_hand.choose(&pos), "{pos}");
        cap_differs |= capped != Some(m);
        whole_differs |= whole.choose(&pos) != Some(m);
        game.play(m).unwrap();
        for player in [
            &mut level,
            &mut named,
            &mut level_capped,
            &mut mcts_capped,
            &mut whole,
        ] {
            player.observe(&pos, m);
        }
        short.observe(&pos, m);
        by_hand.observe(&pos, m);
    }
    assert!(cap_differs, "2-move playouts chose the level's 30 moves");
    assert!(
        whole_differs,
        "whole-game playouts chose the level's 30 moves"
    );

    // With two players the level is alpha-beta: no playouts to cap.
    let kalah = Rules::new(&Preset::Kalah.rules()).unwrap();
    let err = parse("ai:3,playout=10").strategy(&kalah, 1).err().unwrap();
    assert!(
        matches!(&err, SpecError::Value { key, .. } if key == "playout"),
        "{err:?}"
    );
    let message = err.to_string();
    assert!(
        message.contains("2 players ai:3 plays alphabeta"),
        "{message}"
    );
    assert!(parse("mcts:playout=10").strategy(&kalah, 1).is_ok());
}

#[test]
fn model_off_is_plain_uct_and_only_mcts_takes_it() {
    // Against two greedy players, `model=off` plays the moves of an `Mcts`
    // without opponent modelling, and the default those of one with it
    // (the searches differ once the opponents' moves have been seen).
    let rules = kalah3();
    let iterations = 3_000;
    let spec = |text: &str| {
        parse(&format!("mcts:nodes={iterations},playout=10{text}"))
            .strategy(&rules, 4)
            .unwrap()
    };
    let by_hand = |on: bool| {
        Mcts::new(Limits::nodes(iterations), 4)
            .playout_cap(10)
            .opponent_modelling(on)
    };
    let (mut off, mut on, mut default) = (spec(",model=off"), spec(",model=on"), spec(""));
    let (mut plain, mut modelling) = (by_hand(false), by_hand(true));
    let mut greedy = parse("greedy").strategy(&rules, 9).unwrap();
    let mut game = History::new(&rules);
    let mut differs = false;
    while !game.is_over() && game.moves().len() < 60 {
        let pos = *game.position();
        let m = if pos.to_move() == Side::new(0) {
            let m = off.choose(&pos).unwrap();
            assert_eq!(Some(m), plain.choose(&pos), "{pos}");
            let modelled = modelling.choose(&pos);
            assert_eq!(modelled, on.choose(&pos), "{pos}");
            assert_eq!(modelled, default.choose(&pos), "{pos}");
            differs |= modelled != Some(m);
            m
        } else {
            greedy.choose(&pos).unwrap()
        };
        game.play(m).unwrap();
        for player in [&mut off, &mut on, &mut default, &mut greedy] {
            player.observe(&pos, m);
        }
        plain.observe(&pos, m);
        modelling.observe(&pos, m);
    }
    assert!(differs, "modelling the greedy players changed no move");

    // With two players the level is alpha-beta: nothing to model.
    let kalah = Rules::new(&Preset::Kalah.rules()).unwrap();
    let err = parse("ai:3,model=off").strategy(&kalah, 1).err().unwrap();
    assert!(
        matches!(&err, SpecError::Value { key, value, .. } if key == "model" && value == "off"),
        "{err:?}"
    );
    assert!(
        err.to_string().contains("2 players ai:3 plays alphabeta"),
        "{err}"
    );
    assert!(parse("ai:3,model=off").strategy(&rules, 1).is_ok());
    assert!(parse("mcts:model=off").strategy(&kalah, 1).is_ok());
}

#[test]
fn level_budgets_grow_geometrically() {
    let kalah = Rules::new(&Preset::Kalah.rules()).unwrap();
    let kalah3 = kalah3();
    for rules in [&kalah, &kalah3] {
        let nodes: Vec<u64> = (1..=MAX_LEVEL)
            .map(|l| Spec::level(l).search(rules).unwrap().1.nodes.unwrap())
            .collect();
        for pair in nodes.windows(2) {
            let ratio = pair[1] as f64 / pair[0] as f64;
            assert!((1.8..=3.5).contains(&ratio), "{nodes:?}");
        }
    }
    // A budget in the spec replaces the level's.
    let spec = parse("ai:5,time=100ms");
    let (_, limits) = spec.search(&kalah).unwrap();
    assert_eq!(limits, "time=100ms".parse::<Limits>().unwrap());
}

#[test]
fn a_match_counts_every_game_and_rotates_the_first_move() {
    // Kalah(3,3) is a first-player win (+2, docs/rules.md section 11): two
    // perfect players give every game to whoever moves first.
    let rules = Rules::new(&RuleSet {
        houses: 3,
        seeds: 3,
        ..Preset::Kalah.rules()
    })
    .unwrap();
    let perfect = parse("alphabeta:depth=200");
    let report = play_match(&rules, &[perfect, perfect], 7, 1, 2);
    assert_eq!(report.games, 7);
    assert_eq!(report.records.len(), 7);
    for (g, record) in report.records.iter().enumerate() {
        let first = g % 2;
        assert_eq!(record.order, vec![first, 1 - first], "game {g}");
        assert_eq!(record.ranks[first], 1, "game {g}: the first mover wins");
        assert_eq!(record.ranks[1 - first], 2, "game {g}");
        assert_eq!(
            i32::from(record.scores[first]) - i32::from(record.scores[1 - first]),
            2,
            "game {g}"
        );
    }
    assert_eq!((report.seats[0].wins, report.seats[0].losses), (4, 3));
    assert_eq!((report.seats[1].wins, report.seats[1].losses), (3, 4));
    assert_eq!(report.seats[0].draws + report.seats[1].draws, 0);
    assert_eq!(report.capped + report.forfeits, 0);
    assert_eq!(
        report.moves,
        report.records.iter().map(|r| r.moves as u64).sum::<u64>()
    );
    assert_eq!(report.seats[0].moves + report.seats[1].moves, report.moves);

    // Three seats: the first mover rotates through all of them.
    let kalah3 = Rules::new(
        &KalahOptions {
            players: 3,
            houses: 3,
            seeds: 2,
            ..Default::default()
        }
        .rules(),
    )
    .unwrap();
    let seats = [parse("random"), parse("greedy"), parse("ai:1")];
    let report = play_match(&kalah3, &seats, 6, 3, 1);
    for (g, record) in report.records.iter().enumerate() {
        assert_eq!(record.order[0], g % 3, "game {g}");
        let mut order = record.order.clone();
        order.sort();
        assert_eq!(order, vec![0, 1, 2]);
    }
    for seat in &report.seats {
        assert_eq!(seat.games(), 6);
        assert!((1.0..=3.0).contains(&seat.average_rank()));
    }
    assert!(report.elo.is_none());
    // Pairwise points: each game hands out 3 pairs' worth between 3 seats.
    let points: f64 = report.seats.iter().map(|s| s.pair_points).sum();
    assert_eq!(points, 6.0 * 3.0);
}

#[test]
fn match_results_do_not_depend_on_the_thread_count() {
    let rules = Rules::new(&Preset::Oware.rules()).unwrap();
    let seats = [parse("ai:2"), parse("mcts:nodes=30")];
    let one = play_match(&rules, &seats, 6, 42, 1);
    let two = play_match(&rules, &seats, 6, 42, 2);
    let three = play_match(&rules, &seats, 6, 42, 3);
    for other in [&two, &three] {
        assert_eq!(one.records, other.records);
        for (a, b) in one.seats.iter().zip(&other.seats) {
            assert_eq!(
                (a.wins, a.draws, a.losses, a.rank_sum, a.score_sum, a.moves),
                (b.wins, b.draws, b.losses, b.rank_sum, b.score_sum, b.moves)
            );
        }
        assert_eq!(one.elo, other.elo);
    }
    // Another match seed plays other games.
    let other_seed = play_match(&rules, &seats, 6, 43, 2);
    assert_ne!(one.records, other_seed.records);
}

#[test]
fn the_move_cap_ends_games_by_agreement() {
    let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
    let options = MatchOptions {
        games: 4,
        seed: 1,
        threads: 2,
        move_cap: 6,
        opening: 0,
    };
    let report = play_match_with(&rules, &[parse("random"), parse("random")], &options).unwrap();
    assert_eq!(report.capped, 4);
    assert!(report.records.iter().all(|r| r.capped && r.moves == 6));
    assert_eq!(report.moves, 24);
    // Kalah can't end in 6 moves... but the cap did: every game ranked.
    for seat in &report.seats {
        assert_eq!(seat.games(), 4);
    }
}

#[test]
fn seats_are_ranked_by_the_side_they_ended_on_after_a_pie_swap() {
    // Mankalah has the pie rule. The cap ends each game right after its
    // random opening, so replaying the opening gives the final position.
    let rules = Rules::new(&Preset::Mankalah.rules()).unwrap();
    let options = MatchOptions {
        games: 60,
        seed: 3,
        threads: 2,
        move_cap: 3,
        opening: 3,
    };
    let report = play_match_with(&rules, &[parse("random"), parse("random")], &options).unwrap();
    let mut swapped = 0;
    for record in &report.records {
        let mut game = History::new(&rules);
        for &m in &record.opening {
            game.play(m).unwrap();
        }
        game.end_by_agreement();
        let pos = game.position();
        let outcome = pos.outcome().unwrap();
        for player in 0..2 {
            let side = pos.side_of(player);
            let seat = record.order[player];
            assert_eq!(record.scores[seat], pos.store(side), "{record:?}");
            assert_eq!(record.ranks[seat], outcome.rank(side), "{record:?}");
        }
        if record.opening.contains(&Move::Swap) && record.scores[0] != record.scores[1] {
            swapped += 1;
        }
    }
    // Some games swapped, and with unequal scores, so a seat ranked by
    // the side it started on would have been caught.
    assert!(swapped > 0);
}

#[test]
fn random_openings_are_shared_by_the_games_that_rotate_the_seats() {
    let rules = Rules::new(&Preset::Oware.rules()).unwrap();
    let options = MatchOptions {
        games: 6,
        seed: 5,
        threads: 2,
        opening: 4,
        ..MatchOptions::default()
    };
    let seats = [parse("alphabeta:depth=2"), parse("alphabeta:depth=2")];
    let report = play_match_with(&rules, &seats, &options).unwrap();
    let openings: Vec<&Vec<Move>> = report.records.iter().map(|r| &r.opening).collect();
    assert!(openings.iter().all(|o| o.len() == 4));
    assert_eq!(openings[0], openings[1]);
    assert_eq!(openings[2], openings[3]);
    assert_eq!(openings[4], openings[5]);
    assert!(openings[0] != openings[2] || openings[2] != openings[4]);
    // The seats' moves do not count the opening.
    let seat_moves: u64 = report.seats.iter().map(|s| s.moves).sum();
    assert_eq!(seat_moves + 6 * 4, report.moves);
    // Without an opening, none is recorded.
    let plain = play_match(&rules, &seats, 2, 5, 1);
    assert!(plain.records.iter().all(|r| r.opening.is_empty()));
}

#[test]
fn bad_seats_are_errors() {
    let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
    let options = MatchOptions::default();
    match play_match_with(&rules, &[parse("random")], &options) {
        Err(SpecError::Value { key, value, .. }) => {
            assert_eq!((key.as_str(), value.as_str()), ("seats", "1"))
        }
        other => panic!("expected an error, got {other:?}"),
    }
    match play_match_with(&rules, &[parse("random"), parse("human")], &options) {
        Err(SpecError::Value { value, .. }) => assert_eq!(value, "human"),
        other => panic!("expected an error, got {other:?}"),
    }
}

#[test]
fn elo_is_the_logistic_difference_with_a_95_percent_margin() {
    // 300 wins, 100 losses: a score of 3/4, 400 log10(3) = 190.8 Elo.
    let mut scores = vec![1.0; 300];
    scores.extend(vec![0.0; 100]);
    let elo = Elo::from_scores(&scores);
    assert!((elo.difference - 400.0 * 3f64.log10()).abs() < 1e-9);
    // Standard error sqrt(0.75 * 0.25 / 400); the interval's ends by hand.
    let se = (0.75f64 * 0.25 / 400.0).sqrt();
    let low = 400.0 * ((0.75 - 1.96 * se) / (0.25 + 1.96 * se)).log10();
    let high = 400.0 * ((0.75 + 1.96 * se) / (0.25 - 1.96 * se)).log10();
    assert!((elo.margin - (high - low) / 2.0).abs() < 1e-9);
    assert!((35.0..45.0).contains(&elo.margin), "{}", elo.margin);

    // All draws: even, and no spread.
    let even = Elo::from_scores(&[0.5; 10]);
    assert_eq!((even.difference, even.margin), (0.0, 0.0));
    assert_eq!(even.to_string(), "+0 +/- 0");
    // A clean sweep is infinite.
    assert_eq!(elo_of_score(1.0), f64::INFINITY);
    assert_eq!(Elo::from_scores(&[1.0; 5]).to_string(), "+inf +/- inf");
    assert_eq!(Elo::from_scores(&[1.0; 5]).margin, f64::INFINITY);
    assert!((elo_of_score(0.5)).abs() < 1e-12);
}

#[test]
fn low_levels_beat_random_in_kalah() {
    let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
    for level in ["ai:1", "ai:3"] {
        let report = play_match(&rules, &[parse(level), parse("random")], 20, 7, 2);
        let seat = &report.seats[0];
        assert!(seat.wins >= 17, "{level}: {report}");
        assert!(report.elo.unwrap().difference > 200.0, "{report}");
    }
    // Three players: ai:3 against two random players wins most games.
    let kalah3 = kalah3();
    let seats = [parse("ai:3"), parse("random"), parse("random")];
    let report = play_match(&kalah3, &seats, 12, 7, 2);
    assert!(report.seats[0].first_share() > 0.6, "{report}");
}

#[test]
fn lanes_play_mcts_playouts_together_and_only_mcts_takes_them() {
    // `lanes=4` plays the moves of an `Mcts` with four rollout lanes,
    // `lanes=1` those of one lane, and the default those of two
    // (`Mcts::DEFAULT_ROLLOUT_LANES`, an `Mcts` told nothing); the
    // searches differ (virtual losses steer the selections made while
    // playouts are going apart).
    let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
    let iterations = 500;
    let spec = |text: &str| {
        parse(&format!("mcts:nodes={iterations}{text}"))
            .strategy(&rules, 6)
            .unwrap()
    };
    assert_eq!(Mcts::<mancala_ai::Heuristic>::DEFAULT_ROLLOUT_LANES, 2);
    let by_hand = |lanes: usize| Mcts::new(Limits::nodes(iterations), 6).rollout_lanes(lanes);
    let (mut four, mut one, mut default) = (spec(",lanes=4"), spec(",lanes=1"), spec(""));
    let (mut four_by_hand, mut one_by_hand) = (by_hand(4), by_hand(1));
    let mut untold = Mcts::new(Limits::nodes(iterations), 6);
    let mut game = History::new(&rules);
    let mut differs = false;
    while !game.is_over() && game.moves().len() < 16 {
        let pos = *game.position();
        let m = four.choose(&pos).unwrap();
        assert_eq!(Some(m), four_by_hand.choose(&pos), "{pos}");
        let single = one_by_hand.choose(&pos);
        assert_eq!(single, one.choose(&pos), "{pos}");
        let two = untold.choose(&pos);
        assert_eq!(two, default.choose(&pos), "{pos}");
        differs |= single != Some(m) && single != two;
        game.play(m).unwrap();
        for player in [&mut four, &mut one, &mut default] {
            player.observe(&pos, m);
        }
        for player in [&mut four_by_hand, &mut one_by_hand, &mut untold] {
            player.observe(&pos, m);
        }
    }
    assert!(differs, "one lane chose the moves of two or four all game");

    // The canonical form, and the errors.
    let spec = parse("MCTS:Lanes=4, nodes=5k");
    assert_eq!(spec.lanes, Some(4));
    assert_eq!(spec.to_string(), "mcts:nodes=5000,lanes=4");
    assert_eq!(parse("ai:9,lanes=2").to_string(), "ai:9,lanes=2");
    for (text, value, word) in [
        ("mcts:lanes=0", "0", "1 to 4"),
        ("mcts:lanes=5", "5", "1 to 4"),
        ("mcts:lanes=many", "many", "1 to 4"),
        ("mcts:lanes=300", "300", "1 to 4"),
        ("alphabeta:lanes=2", "2", "only MCTS"),
        ("random,lanes=2", "2", "only MCTS"),
        ("mcts:lanes=2,lanes=3", "3", "twice"),
    ] {
        let err = text.parse::<Spec>().unwrap_err();
        assert!(
            matches!(&err, SpecError::Value { key, value: v, .. } if key == "lanes" && v == value),
            "{text}: {err:?}"
        );
        assert!(err.to_string().contains(word), "{text}: {err}");
    }
    // With two players a level is alpha-beta: no playouts to play in lanes.
    let err = parse("ai:3,lanes=2").strategy(&rules, 1).err().unwrap();
    assert!(
        matches!(&err, SpecError::Value { key, .. } if key == "lanes"),
        "{err:?}"
    );
    assert!(
        err.to_string().contains("2 players ai:3 plays alphabeta"),
        "{err}"
    );
}
