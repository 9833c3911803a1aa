//! `mancala agent --protocol mankalah`, driven by a test that plays the
//! Manchester engine's side: it keeps the game with `mancala-core`, sends
//! `START`, `CHANGE` and `END` lines, and checks every reply.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use mancala_core::{Move, Position, Preset, Rules, Side};

struct Engine {
    child: Child,
    to_agent: ChildStdin,
    from_agent: BufReader<ChildStdout>,
}

impl Engine {
    fn start() -> Engine {
        Engine::start_with(&["--ai", "ai:3"])
    }

    /// The agent with `args` after `agent --protocol mankalah`.
    fn start_with(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
            .args(["agent", "--protocol", "mankalah"])
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the agent starts");
        let to_agent = child.stdin.take().unwrap();
        let from_agent = BufReader::new(child.stdout.take().unwrap());
        Engine {
            child,
            to_agent,
            from_agent,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.to_agent, "{line}").expect("the agent reads");
        self.to_agent.flush().unwrap();
    }

    fn receive(&mut self) -> String {
        let mut line = String::new();
        self.from_agent
            .read_line(&mut line)
            .expect("the agent answers");
        assert!(line.ends_with('\n'), "unterminated reply {line:?}");
        line.trim_end_matches('\n').to_string()
    }

    fn finish(mut self) -> (i32, String) {
        drop(self.to_agent);
        let out = self.child.wait_with_output().unwrap();
        let mut rest = String::new();
        std::io::Read::read_to_string(&mut self.from_agent, &mut rest).unwrap();
        assert_eq!(rest, "", "the agent said more than it was asked");
        (
            out.status.code().expect("not killed"),
            String::from_utf8(out.stderr).unwrap(),
        )
    }
}

/// The engine's state field: North (side 1) holes and store, then South.
fn state(pos: &Position<'_>) -> String {
    let mut values: Vec<u8> = pos.houses(Side::new(1)).to_vec();
    values.push(pos.store(Side::new(1)));
    values.extend_from_slice(pos.houses(Side::new(0)));
    values.push(pos.store(Side::new(0)));
    values
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

fn parse_reply(reply: &str) -> Move {
    if reply == "SWAP" {
        return Move::Swap;
    }
    let n = reply
        .strip_prefix("MOVE;")
        .unwrap_or_else(|| panic!("bad reply {reply:?}"));
    let n: u8 = n.parse().unwrap_or_else(|_| panic!("bad reply {reply:?}"));
    assert!((1..=7).contains(&n), "hole out of range: {reply}");
    Move::House(n)
}

/// Plays a whole game with the agent as player `agent` (0 South, 1
/// North); the engine's side plays `ours` on its turns (a function of
/// the position and the engine's move count). Returns the moves played.
fn play_game(agent: usize, ours: impl Fn(&Position<'_>, usize) -> Move) -> Vec<Move> {
    play_game_with(&["--ai", "ai:3"], agent, ours).0
}

/// [`play_game`] with the agent's arguments `args`; also returns its stderr.
fn play_game_with(
    args: &[&str],
    agent: usize,
    ours: impl Fn(&Position<'_>, usize) -> Move,
) -> (Vec<Move>, String) {
    let rules = Rules::new(&Preset::Mankalah.rules()).unwrap();
    let mut pos = Position::new(&rules);
    let mut engine = Engine::start_with(args);
    engine.send(if agent == 0 {
        "START;South"
    } else {
        "START;North"
    });
    let mut played = Vec::new();
    let mut engine_moves = 0;
    while !pos.is_over() {
        let mover = pos.player_to_move();
        let m = if mover == agent {
            let m = parse_reply(&engine.receive());
            assert!(pos.is_legal(m), "the agent played {m} in {pos}");
            m
        } else {
            engine_moves += 1;
            ours(&pos, engine_moves)
        };
        pos.play(m).unwrap();
        played.push(m);
        let turn = if pos.is_over() {
            "END"
        } else if pos.player_to_move() == agent {
            "YOU"
        } else {
            "OPP"
        };
        // As the Manchester engine does, an agent is not told its own swap.
        if mover == agent && m == Move::Swap {
            continue;
        }
        let mv = match m {
            Move::Swap => "SWAP".to_string(),
            Move::House(n) => n.to_string(),
            Move::Directed(..) => panic!("Kalah(7,7) has no directed move: {m}"),
        };
        engine.send(&format!("CHANGE;{mv};{};{turn}", state(&pos)));
    }
    engine.send("END");
    let (status, stderr) = engine.finish();
    assert_eq!(status, 0, "{stderr}");
    (played, stderr)
}

/// One `--verbose` line: (left, soft, hard, used) in seconds, `left`
/// `None` without a game clock.
fn time_lines(stderr: &str) -> Vec<(Option<f64>, f64, f64, f64)> {
    stderr
        .lines()
        .map(|line| {
            let rest = line
                .strip_prefix("time: left ")
                .unwrap_or_else(|| panic!("not a time line: {line:?}"));
            let fields: Vec<&str> = rest.split(", ").collect();
            let secs = |text: &str, name: &str| -> f64 {
                let value = text
                    .strip_prefix(name)
                    .unwrap_or_else(|| panic!("{name} in {line:?}"));
                value.trim_end_matches('s').parse().unwrap()
            };
            let left = (fields[0] != "-").then(|| secs(fields[0], ""));
            (
                left,
                secs(fields[1], "soft "),
                secs(fields[2], "hard "),
                secs(fields[3], "used "),
            )
        })
        .collect()
}

#[test]
fn at_its_defaults_the_agent_thinks_up_to_a_second_a_move() {
    // The referee's hour for the game, at most a second a move: the
    // first move is given 0.99 s (a 10 ms margin), iterations started
    // until 0.495 s.
    let mut engine = Engine::start_with(&["--verbose"]);
    engine.send("START;South");
    parse_reply(&engine.receive());
    engine.send("END");
    let (status, stderr) = engine.finish();
    assert_eq!(status, 0, "{stderr}");
    let lines = time_lines(&stderr);
    assert_eq!(lines.len(), 1, "{stderr}");
    let (left, soft, hard, _) = lines[0];
    assert_eq!(left, Some(3600.0));
    assert_eq!((soft, hard), (0.495, 0.99));
}

#[test]
fn on_a_game_clock_no_move_is_given_more_than_is_left() {
    // Three seconds for the whole game: by the agent's own accounting,
    // each move is given at most a third of what is left, the clock loses
    // exactly what each move took, and it never runs out.
    let (moves, stderr) = play_game_with(&["--time", "3s+0s", "--verbose"], 1, |pos, _| {
        first_legal(pos)
    });
    let lines = time_lines(&stderr);
    assert!(lines.len() >= 5, "{} moves: {stderr}", moves.len());
    let mut expected_left = 3.0;
    for &(left, soft, hard, used) in &lines {
        let left = left.expect("a game clock");
        assert!(
            (left - expected_left).abs() < 2e-6,
            "{left} vs {expected_left}: {stderr}"
        );
        assert!(soft <= hard, "{stderr}");
        assert!(
            hard <= (left - 0.01) / 3.0 + 1e-6,
            "{hard} of {left}: {stderr}"
        );
        expected_left = (left - used).max(0.0);
    }
    assert!(expected_left > 0.0, "out of time: {stderr}");
}

#[test]
fn a_budget_per_move_bounds_every_move() {
    let (_, stderr) = play_game_with(
        &["--time", "40ms", "--verbose", "--ai", "mcts"],
        0,
        |pos, _| first_legal(pos),
    );
    let lines = time_lines(&stderr);
    assert!(!lines.is_empty());
    for &(left, soft, hard, _) in &lines {
        assert_eq!(left, None);
        // A forced move gets a millisecond, any other 30 ms (20 before
        // iterating stops).
        assert!(
            (soft, hard) == (0.015, 0.03) || (soft, hard) == (0.0, 0.001),
            "{stderr}"
        );
    }
}

#[test]
fn a_bad_time_is_a_clear_error() {
    for bad in ["5x", "5m+", "1s,2s"] {
        // The agent stops before reading anything.
        let engine = Engine::start_with(&["--time", bad]);
        let (status, stderr) = engine.finish();
        assert_eq!(status, 2, "{bad}: {stderr}");
        assert!(
            stderr.starts_with(&format!("mancala: --time {bad}: ")),
            "{stderr}"
        );
        assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    }
}

fn first_legal(pos: &Position<'_>) -> Move {
    pos.legal_moves()
        .iter()
        .find(|&m| m != Move::Swap)
        .expect("a move")
}

#[test]
fn agent_as_south_moves_first_and_survives_a_swap() {
    // The engine (North) swaps at once: the agent becomes North and,
    // since the other side moves after a swap, moves next.
    let moves = play_game(
        0,
        |pos, n| if n == 1 { Move::Swap } else { first_legal(pos) },
    );
    assert_eq!(moves[1], Move::Swap);
}

#[test]
fn agent_as_north_is_not_told_its_own_swap() {
    // The lines of a game under the Manchester engine (ManKalah.jar), as
    // it sent them to an agent that swapped: it tells a swap to the other
    // agent only, so the swapper's next line is the opponent's move.
    // `ai:3` with seed 0 swaps after South's 1 (the premise, checked).
    let mut engine = Engine::start_with(&["--ai", "ai:3", "--seed", "0"]);
    engine.send("START;North");
    // South's hole 1: its 7 seeds to holes 2-7 and the store.
    engine.send("CHANGE;1;7,7,7,7,7,7,7,0,0,8,8,8,8,8,8,1;YOU");
    assert_eq!(engine.receive(), "SWAP");
    // The first player, now North, sows its hole 1 into its store (another
    // turn), then hole 2: holes 3-7, the store, South's holes 1 and 2.
    engine.send("CHANGE;1;0,8,8,8,8,8,8,1,0,8,8,8,8,8,8,1;OPP");
    engine.send("CHANGE;2;0,0,9,9,9,9,9,2,1,9,8,8,8,8,8,1;YOU");
    // We are South now, every hole full: any hole is a move.
    assert!(matches!(parse_reply(&engine.receive()), Move::House(_)));
    engine.send("END");
    let (status, stderr) = engine.finish();
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(stderr, "");
}

#[test]
fn agent_as_north_answers_south() {
    let moves = play_game(1, |pos, _| first_legal(pos));
    assert!(moves.len() > 2);
}

#[test]
fn agent_stops_on_end_and_on_end_of_input() {
    let mut engine = Engine::start();
    engine.send("START;North");
    engine.send("END");
    assert_eq!(engine.finish().0, 0);
    let engine = Engine::start();
    assert_eq!(engine.finish().0, 0);
}

#[test]
fn agent_rejects_malformed_lines_and_wrong_states() {
    for script in [
        vec!["HELLO"],
        vec!["START;East"],
        vec!["CHANGE;1;0,0;YOU"],
        vec![
            "START;North",
            "CHANGE;8;7,7,7,7,7,7,7,0,0,8,8,8,8,8,8,1;YOU",
        ],
        vec!["START;North", "CHANGE;1;7,7,7,7,7,7,7,0,0,8,8,8,8,8,8;YOU"],
        vec![
            "START;North",
            "CHANGE;1;7,7,7,7,7,7,7,0,0,8,8,8,8,8,8,1;MAYBE",
        ],
        // South's hole 1 holds 7 seeds: they reach the store, which holds 1, not 2.
        vec![
            "START;North",
            "CHANGE;1;7,7,7,7,7,7,7,0,0,8,8,8,8,8,8,2;YOU",
        ],
        // After South's first move (no extra turn) it is North's turn: YOU is wrong.
        vec![
            "START;South",
            "CHANGE;1;7,7,7,7,7,7,7,0,0,8,8,8,8,8,8,1;YOU",
        ],
    ] {
        let mut engine = Engine::start();
        for line in &script {
            engine.send(line);
        }
        // An agent that is South answers START with a move first.
        if script[0] == "START;South" {
            let _ = engine.receive();
        }
        let (status, stderr) = engine.finish();
        assert_ne!(status, 0, "{script:?} accepted");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}
