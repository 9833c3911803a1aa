//! What the rules imply for search: `Rules::board_decides_future`,
//! `Rules::max_plies` and `Rules::plies_left`.

use mancala_core::{EndCondition, Position, Preset, RuleSet, Rules};

/// The condition the endgame database used before it moved to core.
fn additive_as_before(set: &RuleSet) -> bool {
    set.players == 2
        && !set.end.contains(EndCondition::Majority)
        && !set.end.contains(EndCondition::Repetition)
        && !set.end.contains(EndCondition::EmptyFirst)
        && set.move_bound().is_some()
        && !set.pie_rule
}

fn rule_sets() -> Vec<RuleSet> {
    let mut sets: Vec<RuleSet> = Preset::ALL.iter().map(|p| p.rules()).collect();
    for spec in [
        "kalah3",
        "kalah4,houses=4,seeds=3",
        "kalah,end=no_legal_move,leftover=discard",
        "kalah,end=any_side_empty,majority",
        "kalah,houses=4,seeds=3,capture_empty_opposite=on",
        "modiar,stores_sown=own,min_seeds=1",
        "modiar,stores_sown=own",
        "mancala-basic,end=any_side_empty",
        "oware,stores_sown=own,end=",
    ] {
        sets.push(RuleSet::from_spec(spec).unwrap_or_else(|e| panic!("{spec}: {e}")));
    }
    sets
}

#[test]
fn the_board_decides_the_future_exactly_where_the_database_said_so() {
    let mut seen = [false; 2];
    for set in rule_sets() {
        let rules = Rules::new(&set).unwrap();
        assert_eq!(
            rules.board_decides_future(),
            additive_as_before(&set),
            "{}",
            set.canonical()
        );
        seen[usize::from(rules.board_decides_future())] = true;
        assert_eq!(rules.max_plies(), set.move_bound());
    }
    assert_eq!(seen, [true, true], "both answers are exercised");
}

/// A capture of the opponent's store (docs/rules.md section 5) takes what
/// that store holds, so two positions with the same houses and the same
/// store difference can end differently: Kalah with stores (0, 0) or
/// (5, 5), the mover's last seed reaching the opponent's store, takes 1
/// seed in the first and 6 in the second. Without `majority` (which would
/// already say no) the board alone does not decide the rest of the game.
#[test]
fn a_capture_of_the_opponents_store_makes_the_stores_matter() {
    let set = RuleSet::from_spec("kalah,stores_sown=all,capture_opponent_store=true").unwrap();
    assert!(!set.end.contains(EndCondition::Majority));
    assert!(!Rules::new(&set).unwrap().board_decides_future());
}

#[test]
fn no_game_outlasts_its_plies_left() {
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    for set in rule_sets() {
        let rules = Rules::new(&set).unwrap();
        let start = Position::new(&rules);
        let Some(max) = rules.max_plies() else {
            assert_eq!(rules.plies_left(&start), None);
            continue;
        };
        assert!(rules.plies_left(&start).unwrap() <= max);
        for _ in 0..20 {
            let mut positions = vec![start];
            let mut pos = start;
            while !pos.is_over() {
                let moves = pos.legal_moves();
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                pos.play_unchecked(moves.get(state as usize % moves.len()).unwrap());
                positions.push(pos);
            }
            let length = positions.len() - 1;
            let mut previous = u64::MAX;
            for (ply, p) in positions.iter().enumerate() {
                let left = rules.plies_left(p).unwrap();
                assert!((length - ply) as u64 <= left, "{}: {p}", set.canonical());
                assert!(left <= previous, "{}: {p}", set.canonical());
                previous = left;
            }
            assert_eq!(rules.plies_left(&pos), Some(0));
        }
    }
}
