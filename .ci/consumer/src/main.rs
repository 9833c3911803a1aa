//! A project outside the workspace that uses `mancala-core` through its
//! public API only: CI builds and runs it to prove the library is usable
//! from another Rust project.

use mancala_core::{Game, Move, Position, Preset, RuleSet, Rules, Setup, perft};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    for preset in Preset::ALL {
        let rules = Rules::new(&preset.rules())?;
        let mut game = Game::new(rules);
        // Always sow the last legal house: deterministic, and it ends every preset.
        let mut moves = 0;
        while !game.is_over() && moves < 10_000 {
            let m = game.legal_moves().iter().filter(|m| *m != Move::Swap).last();
            let m = m.or_else(|| game.legal_moves().iter().next()).expect("a legal move");
            game.play(m)?;
            moves += 1;
        }
        if !game.is_over() {
            game.end_by_agreement()?;
        }
        let outcome = game.outcome().expect("the game is over");
        println!("{preset}: {outcome} after {} moves", game.moves().count());
    }

    let rules = Rules::new(&RuleSet::from_toml("preset = \"kalah\"\nseeds = 3")?)?;
    let setup: Setup = "3,3,3,3,3,3:0 3,3,3,3,3,3:0 to=0 ply=0".parse()?;
    let start = Position::from_setup(&rules, &setup)?;
    println!("Kalah(6,3) perft 4 = {}", perft(&start, 4));
    Ok(())
}
