//! Perft vectors: every `tests/perft/*.perft` file names a preset and
//! positions with their move-sequence counts from independent engines
//! (RULES.md section 11); one generic runner checks them all.
//!
//! File format, one item per line, `#` starts a comment:
//! `rules PRESET`, then `position NOTATION` followed by `perft DEPTH NODES` lines.

use std::path::Path;

use mancala_core::{Position, Preset, Rules, Setup, perft};

fn check_file(path: &Path) -> usize {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.display();
    let mut rules: Option<Rules> = None;
    let mut setup: Option<Setup> = None;
    let mut checked = 0;
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap().trim();
        let Some((key, rest)) = line.split_once(' ') else {
            assert!(line.is_empty(), "{name}:{}: bad line", n + 1);
            continue;
        };
        match key {
            "rules" => {
                let preset: Preset = rest.parse().unwrap();
                rules = Some(Rules::new(&preset.rules()).unwrap());
            }
            "position" => setup = Some(rest.parse().unwrap()),
            "perft" => {
                let rules = rules.as_ref().expect("a rules line first");
                let pos =
                    Position::from_setup(rules, setup.as_ref().expect("a position line first"))
                        .unwrap();
                let (depth, nodes) = rest.split_once(' ').unwrap();
                let (depth, nodes): (u32, u64) = (depth.parse().unwrap(), nodes.parse().unwrap());
                assert_eq!(
                    perft(&pos, depth),
                    nodes,
                    "{name}:{}: perft {depth} of {pos}",
                    n + 1
                );
                checked += 1;
            }
            _ => panic!("{name}:{}: unknown line {line:?}", n + 1),
        }
    }
    checked
}

#[test]
fn perft_vectors() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    let names: Vec<_> = files
        .iter()
        .map(|p| p.file_name().unwrap().to_owned())
        .collect();
    assert_eq!(names, ["kalah.perft", "oware.perft"], "the perft files");
    let checked: usize = files.iter().map(|f| check_file(f)).sum();
    assert_eq!(checked, 15);
}
