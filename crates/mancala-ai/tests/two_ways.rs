//! The searches on rules whose sowings go both ways (docs/rules.md
//! section 3, issue 30): the direction chosen by the mover, a move being
//! a house and a direction (`1cw`), and split sowing. Every player must
//! play legal moves only, and a search must tell the two directions of a
//! house apart (its tables keep a move as one byte, `Move::index`).

use mancala_ai::{AlphaBeta, Greedy, Limits, Mcts, Strategy};
use mancala_core::{Move, Position, RuleSet, Rules, Sense};
use mancala_testkit::pick::Choices;

fn rules(spec: &str) -> Rules {
    Rules::new(&RuleSet::from_spec(spec).unwrap()).unwrap()
}

fn at<'r>(rules: &'r Rules, text: &str) -> Position<'r> {
    Position::from_setup(rules, &text.parse().unwrap()).unwrap()
}

/// Mbangbi's rules (`rules/mbangbi.toml`): every house chosen.
const MBANGBI: &str = "oware,houses=5,seeds=8,direction_choice=1,2,3,4,5,origin=skip,\
    min_seeds=2,must_feed=false,unfed=any_move,grand_slam=allowed,capture_counts=2,4,\
    no_move=pass,end=no_legal_move,majority,repetition";

#[test]
fn the_capturing_direction_is_found_and_kept_apart_from_the_other() {
    // By hand (as in mancala-core's mancalagames_rule_files.rs): h1's 3
    // seeds clockwise make o5 2, o4 4 and o3 2, all taken (8 seeds);
    // counter-clockwise they stay on the mover's side; h5's 2 seeds take
    // nothing either way.
    let rules = rules(MBANGBI);
    let pos = at(&rules, "3,0,0,0,2:31 4,4,1,3,1:31 to=0 ply=10");
    let best = Move::Directed(1, Sense::Cw);
    let players: Vec<(&str, Box<dyn Strategy>)> = vec![
        ("greedy", Box::new(Greedy::new(0))),
        (
            "alphabeta depth 1",
            Box::new(AlphaBeta::new(Limits::depth(1))),
        ),
        (
            "alphabeta depth 4",
            Box::new(AlphaBeta::new(Limits::depth(4))),
        ),
    ];
    for (name, mut player) in players {
        assert_eq!(player.choose(&pos), Some(best), "{name}");
    }
}

#[test]
fn every_player_plays_legal_moves_both_ways() {
    let specs = [
        MBANGBI,
        "oware,houses=5,seeds=5,direction=split,direction_choice=3,min_seeds=2,\
         capture_counts=2,4,must_feed=false,no_move=pass",
        "kalah,houses=4,seeds=3,direction_choice=1,4",
    ];
    for spec in specs {
        let rules = rules(spec);
        let mut players: Vec<(&str, Box<dyn Strategy>)> = vec![
            ("alphabeta", Box::new(AlphaBeta::new(Limits::depth(3)))),
            ("mcts", Box::new(Mcts::new(Limits::nodes(300), 7))),
            ("greedy", Box::new(Greedy::new(1))),
        ];
        let mut directed = 0;
        for seed in 0..4 {
            let mut pos = Position::new(&rules);
            let mut choices = Choices(seed);
            for ply in 0..40 {
                if pos.is_over() {
                    break;
                }
                // The players take turns with random moves between them.
                let m = if ply % 2 == 0 {
                    let (name, player) = &mut players[(ply / 2) % 3];
                    let m = player.choose(&pos).expect("a move");
                    assert!(pos.is_legal(m), "{name} chose {m} in {pos} ({spec})");
                    m
                } else {
                    choices.pick(&pos)
                };
                directed += usize::from(m.sense().is_some());
                pos.play(m).unwrap();
            }
        }
        assert!(directed > 0, "no directed move was played ({spec})");
    }
}
