//! The strength programme of the players: level ladder, top level against
//! `random` and `greedy`, the evaluation against plain store difference,
//! its Kalah terms against the plain heuristic, and the 3-4 player
//! algorithms against each other.
//!
//! ```text
//! cargo run --release --example strength                  # everything
//! cargo run --release --example strength -- ladder kalah  # one part, one rule set
//! cargo run --release --example strength -- --games 100 --threads 2 top
//! ```
//!
//! Parts (any of them; all when none is named): `speed` (time per move of
//! each level), `ladder` (each level against the one below), `top` (the
//! top level against `random` and `greedy`), `eval` (alpha-beta with the
//! default evaluation against store difference at equal depth), `terms`
//! (alpha-beta at the node budgets of levels 3, 5, 8 and 10 with the
//! evaluation's Kalah terms against the same with `eval=plain`, under the
//! named rule sets that play as Kalah; `kalah` and `mankalah` when none
//! is named), `multi`
//! (paranoid alpha-beta, max^n and MCTS at about equal time per move, 3-
//! and 4-player Kalah). Rule sets: `kalah`, `oware`, `modiar`,
//! `al-manqala`, `kalah3` (3-player Kalah); all five by default (`multi`
//! uses its own). Any rule-set spec names one (`RuleSet::from_spec`:
//! `kalah4`, `kalah,seeds=5`, ...).
//!
//! Options: `--games N` (per match; default 200, `multi` and `eval` use
//! it too), `--opening N` (random moves opening each game of `ladder`,
//! `eval`, `terms` and `multi`, each opening played with every seat first;
//! default 4), `--threads T` (default: the machine's cores), `--seed S`.
//! Every match rotates the first move between the seats (see
//! `mancala::ai::arena`); `top` plays whole games, no random opening. All
//! budgets are node budgets, so the results are the same on every
//! machine; the times per move are measured.

use std::time::Instant;

use mancala::ai::arena::{MatchOptions, MatchReport, play_match, play_match_with};
use mancala::ai::{LEVEL_NODES_2P, MAX_LEVEL, Spec};
use mancala::{RuleSet, Rules};

struct Options {
    games: usize,
    opening: usize,
    threads: usize,
    seed: u64,
    parts: Vec<String>,
    rule_sets: Vec<String>,
}

const PARTS: [&str; 6] = ["speed", "ladder", "top", "eval", "terms", "multi"];
const RULE_SETS: [&str; 5] = ["kalah", "oware", "modiar", "al-manqala", "kalah3"];

/// The rule set a spec names (see [`RuleSet::from_spec`]): `kalah3` is
/// 3-player Kalah.
fn rule_set(spec: &str) -> RuleSet {
    RuleSet::from_spec(spec).unwrap_or_else(|e| panic!("{spec}: {e}"))
}

fn parse_options() -> Options {
    let mut options = Options {
        games: 200,
        opening: 4,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        seed: 1,
        parts: Vec::new(),
        rule_sets: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| -> u64 {
            args.next()
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("{name} needs a number"))
        };
        match arg.as_str() {
            "--games" => options.games = value("--games") as usize,
            "--opening" => options.opening = value("--opening") as usize,
            "--threads" => options.threads = value("--threads") as usize,
            "--seed" => options.seed = value("--seed"),
            part if PARTS.contains(&part) => options.parts.push(arg),
            spec if RuleSet::from_spec(spec).is_ok() => options.rule_sets.push(arg),
            _ => panic!("unknown argument {arg}: parts {PARTS:?}, rule sets {RULE_SETS:?}"),
        }
    }
    if options.parts.is_empty() {
        options.parts = PARTS.iter().map(|s| s.to_string()).collect();
    }
    if options.rule_sets.is_empty() {
        options.rule_sets = RULE_SETS.iter().map(|s| s.to_string()).collect();
    }
    options
}

fn spec(text: &str) -> Spec {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// One line of a two-seat table: seat 0's record and score, Elo, times.
fn line(label: &str, report: &MatchReport) -> String {
    let a = &report.seats[0];
    let b = &report.seats[1];
    let elo = report
        .elo
        .map_or_else(|| "-".to_string(), |e| e.to_string());
    format!(
        "| {label} | {}-{}-{} | {:.1}% | {elo} | {:.2} / {:.2} |",
        a.wins,
        a.draws,
        a.losses,
        100.0 * a.score(),
        a.time_per_move().as_secs_f64() * 1e3,
        b.time_per_move().as_secs_f64() * 1e3,
    )
}

/// One line for a seat among three or four: its firsts and average rank.
fn multi_line(label: &str, report: &MatchReport) -> String {
    let a = &report.seats[0];
    let others: Vec<String> = report.seats[1..]
        .iter()
        .map(|s| format!("{:.2}", s.time_per_move().as_secs_f64() * 1e3))
        .collect();
    format!(
        "| {label} | {}+{} of {} ({:.1}%) | {:.2} | {:.2} / {} |",
        a.wins,
        a.draws,
        a.games(),
        100.0 * a.first_share(),
        a.average_rank(),
        a.time_per_move().as_secs_f64() * 1e3,
        others.join(" / "),
    )
}

/// A match with the random opening of the options.
fn opened_match(rules: &Rules, seats: &[Spec], options: &Options) -> MatchReport {
    let match_options = MatchOptions {
        games: options.games,
        seed: options.seed,
        threads: options.threads,
        opening: options.opening,
        ..MatchOptions::default()
    };
    play_match_with(rules, seats, &match_options).expect("valid seats")
}

/// Two matches of `seats`, one from the random openings of the options
/// and one from the start, each printed as a line after `label`.
fn opened_and_from_the_start(rules: &Rules, seats: [Spec; 2], options: &Options, label: &str) {
    for opening in [options.opening, 0] {
        let with_opening = Options {
            opening,
            parts: Vec::new(),
            rule_sets: Vec::new(),
            ..*options
        };
        let report = opened_match(rules, &seats, &with_opening);
        println!("{}", line(&format!("{label} | {opening} moves"), &report));
    }
}

fn seats_against(players: usize, first: Spec, other: Spec) -> Vec<Spec> {
    let mut seats = vec![first];
    seats.extend(std::iter::repeat_n(other, players - 1));
    seats
}

fn main() {
    let options = parse_options();
    let started = Instant::now();
    println!(
        "strength programme: {} games per match, {} threads, seed {}",
        options.games, options.threads, options.seed
    );
    for part in &options.parts {
        match part.as_str() {
            "speed" => speed(&options),
            "ladder" => ladder(&options),
            "top" => top(&options),
            "eval" => eval(&options),
            "terms" => terms(&options),
            "multi" => multi(&options),
            _ => unreachable!(),
        }
    }
    println!("\ntotal {:.0} s", started.elapsed().as_secs_f64());
}

/// Time per move of every level in self-play (a few games each).
fn speed(options: &Options) {
    println!("\n## Time per move of each level (self-play, ms/move, 1 thread per game)\n");
    let header: Vec<String> = (1..=MAX_LEVEL).map(|l| format!("ai:{l}")).collect();
    println!("| rules | {} |", header.join(" | "));
    println!("|---|{}", "---|".repeat(MAX_LEVEL as usize));
    for name in &options.rule_sets {
        let rules = Rules::new(&rule_set(name)).expect("valid rules");
        let mut cells = Vec::new();
        for level in 1..=MAX_LEVEL {
            let seats = vec![Spec::level(level); rules.players()];
            let report = play_match(&rules, &seats, 4, options.seed, options.threads);
            let time: f64 = report
                .seats
                .iter()
                .map(|s| s.time.as_secs_f64())
                .sum::<f64>()
                / report.moves.max(1) as f64;
            cells.push(format!("{:.3}", time * 1e3));
        }
        println!("| {name} | {} |", cells.join(" | "));
    }
}

fn ladder(options: &Options) {
    println!("\n## Ladder: each level against the one below\n");
    for name in &options.rule_sets {
        let rules = Rules::new(&rule_set(name)).expect("valid rules");
        let players = rules.players();
        println!("\n### {name}\n");
        if players == 2 {
            println!("| match | W-D-L | score | Elo (95%) | ms/move |");
        } else {
            println!(
                "| match (1 vs {} of the level below) | firsts | avg rank | ms/move |",
                players - 1
            );
        }
        println!("|---|---|---|---|---|");
        for level in 2..=MAX_LEVEL {
            let seats = seats_against(players, Spec::level(level), Spec::level(level - 1));
            let report = opened_match(&rules, &seats, options);
            let label = format!("ai:{level} vs ai:{}", level - 1);
            if players == 2 {
                println!("{}", line(&label, &report));
            } else {
                println!("{}", multi_line(&label, &report));
            }
        }
    }
}

fn top(options: &Options) {
    println!("\n## Top level (ai:{MAX_LEVEL}) against random and greedy\n");
    println!(
        "| rules | opponent | W-D-L (firsts) | score | pairwise score | Elo or avg rank | ms/move |"
    );
    println!("|---|---|---|---|---|---|---|");
    for name in &options.rule_sets {
        let rules = Rules::new(&rule_set(name)).expect("valid rules");
        let players = rules.players();
        for opponent in ["random", "greedy"] {
            let seats = seats_against(players, Spec::level(MAX_LEVEL), spec(opponent));
            let report = play_match(&rules, &seats, options.games, options.seed, options.threads);
            let a = &report.seats[0];
            let extra = match report.elo {
                Some(elo) => elo.to_string(),
                None => format!("rank {:.2}", a.average_rank()),
            };
            println!(
                "| {name} | {opponent} x{} | {}-{}-{} | {:.1}% | {:.1}% | {extra} | {:.2} |",
                players - 1,
                a.wins,
                a.draws,
                a.losses,
                100.0 * a.score(),
                100.0 * a.pairwise_score(players),
                a.time_per_move().as_secs_f64() * 1e3,
            );
        }
    }
}

fn eval(options: &Options) {
    println!("\n## Evaluation: heuristic against store difference, alpha-beta at equal depth\n");
    println!(
        "| rules | depth | random opening | W-D-L (heuristic) | score | Elo (95%) | ms/move |"
    );
    println!("|---|---|---|---|---|---|---|");
    for name in &options.rule_sets {
        let rules = Rules::new(&rule_set(name)).expect("valid rules");
        if rules.players() != 2 {
            continue;
        }
        for depth in [4, 8] {
            // Both with the seeded tie-break of `Spec` players; from random
            // openings, and from the start position (where deterministic
            // searchers play few distinct games).
            let a = spec(&format!("alphabeta:depth={depth}"));
            let b = spec(&format!("alphabeta:depth={depth},eval=store"));
            opened_and_from_the_start(&rules, [a, b], options, &format!("{name} | {depth}"));
        }
    }
}

/// The Kalah terms of the evaluation against the plain one
/// (`eval=plain`), alpha-beta at a level's node budget against the same,
/// under the rule sets that play as Kalah (`kalah` and `mankalah` when
/// none is named).
fn terms(options: &Options) {
    println!(
        "\n## Evaluation: the Kalah terms against the plain heuristic, at the levels' budgets\n"
    );
    println!(
        "| rules | nodes (level) | random opening | W-D-L (Kalah terms) | score | Elo (95%) | ms/move |"
    );
    println!("|---|---|---|---|---|---|---|");
    let named: Vec<String> = if options.rule_sets == RULE_SETS {
        vec!["kalah".to_string(), "mankalah".to_string()]
    } else {
        options.rule_sets.clone()
    };
    for name in &named {
        let rules = Rules::new(&rule_set(name)).expect("valid rules");
        if !rules.plays_as_kalah() {
            continue;
        }
        for level in [3, 5, 8, 10] {
            // The level's budget with each evaluation (levels below
            // KALAH_TERMS_LEVEL play the plain one themselves).
            let nodes = LEVEL_NODES_2P[level - 1];
            let a = spec(&format!("alphabeta:nodes={nodes}"));
            let b = spec(&format!("alphabeta:nodes={nodes},eval=plain"));
            let label = format!("{name} | {nodes} (ai:{level})");
            opened_and_from_the_start(&rules, [a, b], options, &label);
        }
    }
}

fn multi(options: &Options) {
    println!("\n## 3-4 players: paranoid alpha-beta, max^n and MCTS at about equal time\n");
    println!("Each pair plays with the first in one seat and the second in the others; the");
    println!("pairwise score counts the games where the first ranked above each other seat.\n");
    for name in ["kalah3", "kalah4"] {
        let rules = Rules::new(&rule_set(name)).expect("valid rules");
        let players = rules.players();
        let budgets = multi_budgets(name);
        println!("\n### {name}: {}\n", budgets.join(", "));
        println!("| first vs the others | firsts | avg rank | pairwise score | ms/move |");
        println!("|---|---|---|---|---|");
        for a in &budgets {
            for b in &budgets {
                if a == b {
                    continue;
                }
                let seats = seats_against(players, spec(a), spec(b));
                let report = opened_match(&rules, &seats, options);
                let s = &report.seats[0];
                let pairwise = s.pairwise_score(players);
                println!(
                    "| {} vs {} | {:.1}% | {:.2} | {:.1}% | {:.2} / {:.2} |",
                    a,
                    b,
                    100.0 * s.first_share(),
                    s.average_rank(),
                    100.0 * pairwise,
                    s.time_per_move().as_secs_f64() * 1e3,
                    report.seats[1].time_per_move().as_secs_f64() * 1e3,
                );
            }
        }
    }
}

/// The three multiplayer algorithms at about the same time per move.
fn multi_budgets(name: &str) -> Vec<String> {
    let _ = name;
    vec![
        "alphabeta:nodes=40000".to_string(),
        "maxn:nodes=40000".to_string(),
        "mcts:nodes=5000".to_string(),
    ]
}
