//! docs/games.md shows rule files in full ("Rule file `PATH` ...:" and a
//! TOML block): each block is the file it names, byte for byte, so the
//! page cannot drift from the presets' one source (issue 30).

use std::path::Path;

/// Each `(path, block)` docs/games.md shows: the path after "Rule file",
/// the TOML block after it.
fn shown_files(text: &str) -> Vec<(String, String)> {
    let mut shown = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let Some(rest) = line.strip_prefix("Rule file `") else {
            continue;
        };
        let path = rest.split('`').next().unwrap().to_string();
        assert_eq!(
            lines.next(),
            Some(""),
            "{path}: a blank line after the title"
        );
        assert_eq!(lines.next(), Some("```toml"), "{path}: a TOML block");
        let mut block = String::new();
        for line in lines.by_ref().take_while(|line| *line != "```") {
            block.push_str(line);
            block.push('\n');
        }
        shown.push((path, block));
    }
    shown
}

#[test]
fn every_rule_file_docs_games_shows_is_the_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("docs/games.md")).unwrap();
    let shown = shown_files(&text);
    // The 16 traditional presets, Dakon, Ohvalhu, Congkak, Pallanguzhi and
    // Pandi in rounds, and the 69 MancalaGames games shipped as rule files.
    assert_eq!(shown.len(), 90, "rule files shown in docs/games.md");
    for (path, block) in shown {
        let file = std::fs::read_to_string(root.join(&path))
            .unwrap_or_else(|e| panic!("docs/games.md names {path}: {e}"));
        assert_eq!(block, file, "docs/games.md's copy of {path}");
    }
}
