//! Differential tests against OpenSpiel, an independent implementation:
//! random full games of OpenSpiel's `mancala` and `oware` must give the
//! same side to move and the same legal moves at every step, and the same
//! result and final scores, in our `kalah` and `oware` presets; and
//! OpenSpiel must count the perft vectors of `tests/perft/kalah.perft` and
//! `tests/perft/oware.perft` as written there.
//!
//! The games come from `tests/openspiel/random_games.py` and the counts
//! from `tests/openspiel/perft.py`, run with a
//! Python that can `import pyspiel`: the one named by the environment
//! variable `MANCALA_OPENSPIEL_PYTHON` (CI installs OpenSpiel into a
//! virtual environment and sets it), or else a virtual environment this
//! test creates under the target directory with `pip install open_spiel`.
//! If neither works the test fails, loudly: it never skips.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, PoisonError};

use mancala_core::{History, Move, Preset, Rules, Side, Wdl};
use serde_json::Value;

const GAMES_PER_KIND: usize = 500;
const SEED: u64 = 20_261_129;

fn imports_pyspiel(python: &Path) -> bool {
    Command::new(python)
        .args(["-c", "import pyspiel"])
        .output()
        .is_ok_and(|out| out.status.success())
}

fn run(cmd: &mut Command, what: &str) {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("{what}: could not start {cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{what} failed ({cmd:?}):\n{}\n{}\nThe differential test needs OpenSpiel: install it \
         with `pip install open_spiel` and point MANCALA_OPENSPIEL_PYTHON at that Python.",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A Python with OpenSpiel, installing it into a private virtual
/// environment when none is given (one test at a time).
fn openspiel_python() -> PathBuf {
    static INSTALLING: Mutex<()> = Mutex::new(());
    let _one_at_a_time = INSTALLING.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(python) = std::env::var_os("MANCALA_OPENSPIEL_PYTHON") {
        let python = PathBuf::from(python);
        assert!(
            imports_pyspiel(&python),
            "MANCALA_OPENSPIEL_PYTHON={} cannot `import pyspiel`",
            python.display()
        );
        return python;
    }
    let venv = Path::new(env!("CARGO_TARGET_TMPDIR")).join("openspiel-venv");
    let python = venv.join("bin").join("python");
    if !imports_pyspiel(&python) {
        run(
            Command::new("python3").arg("-m").arg("venv").arg(&venv),
            "creating a virtual environment for OpenSpiel",
        );
        run(
            Command::new(&python).args(["-m", "pip", "install", "--quiet", "open_spiel"]),
            "pip install open_spiel",
        );
        assert!(
            imports_pyspiel(&python),
            "open_spiel installed but `import pyspiel` fails"
        );
    }
    python
}

/// OpenSpiel's action for `player` as our move.
fn our_move(game: &str, player: u64, action: u64) -> Move {
    let house = match (game, player) {
        // mancala: player 0's houses are pits 1..=6, player 1's are 8..=13.
        ("mancala", 0) => action,
        ("mancala", _) => action - 7,
        // oware: actions 0..=5 are the mover's houses in sowing order.
        _ => action + 1,
    };
    Move::House(u8::try_from(house).expect("a house number"))
}

fn numbers(v: &Value) -> Vec<u64> {
    v.as_array()
        .expect("an array")
        .iter()
        .map(|x| x.as_u64().expect("a whole number"))
        .collect()
}

#[test]
fn random_games_agree_with_openspiel() {
    let python = openspiel_python();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/openspiel/random_games.py");
    let out = Command::new(&python)
        .arg(&script)
        .arg(GAMES_PER_KIND.to_string())
        .arg(SEED.to_string())
        .output()
        .expect("running the OpenSpiel script");
    assert!(
        out.status.success(),
        "the OpenSpiel script failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let kalah = Rules::new(&Preset::Kalah.rules()).unwrap();
    let oware = Rules::new(&Preset::Oware.rules()).unwrap();
    let mut played = [0usize; 2];
    let mut steps_checked = 0usize;
    for (g, line) in String::from_utf8(out.stdout).unwrap().lines().enumerate() {
        let record: Value = serde_json::from_str(line).expect("a JSON game record");
        let name = record["game"].as_str().unwrap();
        let rules = if name == "mancala" { &kalah } else { &oware };
        let mut game = History::new(rules);
        let steps = record["steps"].as_array().unwrap();
        // OpenSpiel's mancala calls a game of over 1000 moves a draw; random
        // games never get near that.
        assert!(steps.len() < 1000, "game {g} hit OpenSpiel's length limit");
        for (i, step) in steps.iter().enumerate() {
            let player = step["player"].as_u64().unwrap();
            let pos = game.position();
            let context = || format!("{name} game {g}, step {i}, position {pos}");
            assert!(!pos.is_over(), "we ended the game early: {}", context());
            assert_eq!(
                pos.to_move().index() as u64,
                player,
                "side to move: {}",
                context()
            );
            let theirs: Vec<Move> = numbers(&step["legal"])
                .into_iter()
                .map(|a| our_move(name, player, a))
                .collect();
            assert_eq!(
                pos.legal_moves().to_vec(),
                theirs,
                "legal moves: {}",
                context()
            );
            let m = our_move(name, player, step["action"].as_u64().unwrap());
            game.play(m).unwrap();
            steps_checked += 1;
        }
        let pos = game.position();
        assert!(
            pos.is_over(),
            "{name} game {g}: OpenSpiel ended it, we did not: {pos}"
        );
        let outcome = game.outcome().unwrap();
        let returns: Vec<f64> = record["returns"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_f64().unwrap())
            .collect();
        let expected = if returns[0] > 0.0 {
            Wdl::Win
        } else if returns[0] < 0.0 {
            Wdl::Loss
        } else {
            Wdl::Draw
        };
        assert_eq!(
            outcome.wdl(Side::new(0)),
            Some(expected),
            "{name} game {g}: result, {pos}"
        );
        // OpenSpiel's mancala leaves the last seeds on the board and counts
        // them for their side; its oware, like us, moves them to the stores
        // (leftover = owner). Either way a side's final score is its store
        // plus the seeds left on its side.
        let scores = numbers(&record["scores"]);
        let left = numbers(&record["left"]);
        for side in 0..2 {
            assert_eq!(
                u64::from(outcome.scores()[side]),
                scores[side] + left[side],
                "{name} game {g}: side {side}'s final score, {pos}"
            );
        }
        played[usize::from(name != "mancala")] += 1;
    }
    assert_eq!(played, [GAMES_PER_KIND; 2], "every game was checked");
    println!(
        "checked {steps_checked} steps of {} games",
        2 * GAMES_PER_KIND
    );
}

#[test]
fn perft_vectors_agree_with_openspiel() {
    let python = openspiel_python();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let out = Command::new(&python)
        .arg(dir.join("openspiel/perft.py"))
        .arg(dir.join("perft/kalah.perft"))
        .arg(dir.join("perft/oware.perft"))
        .output()
        .expect("running the OpenSpiel perft script");
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "OpenSpiel counts differently:\n{report}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The start positions and every position with a `moves` line.
    let checked = report.lines().filter(|l| l.ends_with(" ok")).count();
    assert_eq!(checked, 59, "{report}");
}
