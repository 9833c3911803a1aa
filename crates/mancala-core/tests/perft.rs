//! Perft vectors: one `tests/perft/PRESET.perft` file per preset (and
//! `PRESET-MECHANIC.perft` files for rule sets that vary one), with
//! positions and their move-sequence counts from independent sources named
//! in each file; one generic runner checks them all.
//!
//! File format, one item per line, `#` starts a comment:
//!
//! - `rules PRESET [NAME=VALUE ...]`: the preset, with some dimensions
//!   changed as [`RuleSet::set`] takes them (`rules kalah players=3`);
//!   `rules NAME.toml [NAME=VALUE ...]` reads the rule file
//!   `rules/NAME.toml` of this crate instead of a preset;
//! - `position NOTATION`: a position (the [`Setup`] notation), counted by
//!   [`perft`], which sees no history and so no repetition;
//! - `game NOTATION`: the same, but counted by playing a [`History`] from it,
//!   where a move that brings back an earlier position ends the game under
//!   the `repetition` end condition;
//! - `moves LIST` (optional, after a position): moves from the start
//!   position that reach it, so that engines that cannot read our notation
//!   (OpenSpiel) can check the counts too;
//! - `perft DEPTH NODES`: the number of move sequences of `DEPTH` moves.
//!
//! `tests/reference/perft.py --check tests/perft/*.perft` recomputes every
//! count with a brute-force reference written from the rules alone (the
//! ignored test below runs it), and `tests/openspiel/perft.py` the Kalah
//! and Oware ones with OpenSpiel (run by `tests/openspiel.rs`).

use std::path::{Path, PathBuf};
use std::process::Command;

use mancala_core::{History, Position, Preset, RuleSet, Rules, Setup, parse_moves, perft};

/// The number of move sequences of `depth` moves in `game`, repetition
/// included; the game is left as it was.
fn game_perft(game: &mut History<'_>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for m in game.legal_moves() {
        game.play(m).unwrap();
        nodes += game_perft(game, depth - 1);
        game.undo();
    }
    nodes
}

fn rule_set(line: &str) -> RuleSet {
    let mut words = line.split_whitespace();
    let name = words.next().expect("a preset name or a rule file");
    let mut set = match name.strip_suffix(".toml") {
        Some(file) => rule_file(file),
        None => name.parse::<Preset>().unwrap().rules(),
    };
    for change in words {
        let (name, value) = change.split_once('=').expect("NAME=VALUE");
        set.set(name, value).unwrap();
    }
    set
}

/// The rule file `rules/NAME.toml` of this crate.
fn rule_file(name: &str) -> RuleSet {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("rules/{name}.toml"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}.toml: {e}"));
    RuleSet::from_toml(&text).unwrap_or_else(|e| panic!("{name}.toml: {e}"))
}

/// What a perft file says, one test case per `perft` line.
struct Case {
    line: usize,
    rules: RuleSet,
    notation: String,
    game: bool,
    depth: u32,
    nodes: u64,
}

/// Reads a perft file; checks its `moves` lines on the way.
fn read_file(path: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.display();
    let mut rules: Option<RuleSet> = None;
    let mut position: Option<(String, bool)> = None;
    let mut cases = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap().trim();
        let Some((key, rest)) = line.split_once(' ') else {
            assert!(line.is_empty(), "{name}:{}: bad line", n + 1);
            continue;
        };
        let rest = rest.trim();
        match key {
            "rules" => rules = Some(rule_set(rest)),
            "position" | "game" => position = Some((rest.to_string(), key == "game")),
            "moves" => {
                let compiled = Rules::new(rules.as_ref().expect("a rules line first")).unwrap();
                let mut pos = Position::new(&compiled);
                for m in parse_moves(rest).unwrap() {
                    pos.play(m).unwrap();
                }
                let (notation, _) = position.as_ref().expect("a position line first");
                assert_eq!(
                    &pos.to_string(),
                    notation,
                    "{name}:{}: the moves reach another position",
                    n + 1
                );
            }
            "perft" => {
                let (depth, nodes) = rest.split_once(' ').unwrap();
                let (notation, game) = position.clone().expect("a position line first");
                cases.push(Case {
                    line: n + 1,
                    rules: rules.expect("a rules line first"),
                    notation,
                    game,
                    depth: depth.parse().unwrap(),
                    nodes: nodes.parse().unwrap(),
                });
            }
            _ => panic!("{name}:{}: unknown line {line:?}", n + 1),
        }
    }
    cases
}

fn check(path: &Path, case: &Case) {
    let rules = Rules::new(&case.rules).unwrap();
    let setup: Setup = case.notation.parse().unwrap();
    let pos = Position::from_setup(&rules, &setup).unwrap();
    let nodes = if case.game {
        game_perft(&mut History::from_position(pos), case.depth)
    } else {
        perft(&pos, case.depth)
    };
    assert_eq!(
        nodes,
        case.nodes,
        "{}:{}: perft {} of {pos}",
        path.display(),
        case.line,
        case.depth
    );
}

/// Every `tests/perft/*.perft` file, sorted.
fn perft_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    files
}

#[test]
fn perft_vectors() {
    let files = perft_files();
    let names: Vec<_> = files
        .iter()
        .map(|p| p.file_stem().unwrap().to_str().unwrap().to_string())
        .collect();
    let presets: Vec<_> = Preset::ALL.iter().map(|p| p.name().to_string()).collect();
    for preset in &presets {
        assert!(names.contains(preset), "no perft file for {preset}");
    }
    // The other files vary a preset by a mechanic (PRESET-MECHANIC.perft)
    // or count a rule file of rules/ (NAME.perft for rules/NAME.toml).
    let rules_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
    for name in &names {
        assert!(
            presets
                .iter()
                .any(|p| name == p || name.starts_with(&format!("{p}-")))
                || rules_dir.join(format!("{name}.toml")).exists(),
            "{name}.perft is neither a preset, a variant of one nor a rule file"
        );
    }
    let mut checked = 0;
    for path in &files {
        for case in read_file(path) {
            check(path, &case);
            checked += 1;
        }
    }
    assert_eq!(checked, 2101);
}

/// The brute-force reference recomputes every count (a few minutes of
/// Python, hence ignored by default; needs `python3`).
#[test]
#[ignore = "slow: runs tests/reference/perft.py over every file"]
fn perft_vectors_agree_with_the_reference() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/reference/perft.py");
    let out = Command::new("python3")
        .arg(script)
        .arg("--check")
        .args(perft_files())
        .output()
        .expect("running python3");
    assert!(
        out.status.success(),
        "the reference counts differently:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
