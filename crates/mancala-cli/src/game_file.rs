//! `--game FILE`: a saved game, as the core's JSON record or its one-line
//! text form, told apart by the first character (`{` for JSON).

use std::io::Read as _;
use std::path::Path;

use mancala_core::Game;

use crate::{CliError, CliResult};

/// Reads the game in `path` (`-`: standard input). The game brings its
/// own rules.
pub fn read_game(path: &Path) -> CliResult<Game> {
    let name = path.display();
    let text = if path == Path::new("-") {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| CliError::usage(format!("--game -: cannot read stdin: {e}")))?;
        text
    } else {
        std::fs::read_to_string(path)
            .map_err(|e| CliError::usage(format!("--game {name}: cannot read it: {e}")))?
    };
    parse_game(&text).map_err(|e| CliError::usage(format!("--game {name}: {e}")))
}

/// A game from its JSON record or its one-line text (one line; blank
/// lines around it are fine).
fn parse_game(text: &str) -> Result<Game, String> {
    let text = text.trim();
    if text.starts_with('{') {
        return serde_json::from_str(text).map_err(|e| format!("not a game record: {e}"));
    }
    if text.contains('\n') {
        return Err("expected one game line (RULES; EVENTS) or a JSON record".to_string());
    }
    text.parse().map_err(|e| format!("{e}"))
}
