//! A custom rule set built in code, and the same one loaded from the TOML
//! file `crates/mancala-core/rules/custom-chain.toml`: they are equal, and a game under them
//! is played to the end.
//!
//! ```text
//! cargo run --example custom_rules
//! ```

use mancala::{
    Capture, CaptureSide, CountSet, EndCondition, EndSet, Game, Origin, Preset, RuleSet, Rules,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Kalah's board, stores and extra turns, with Oware-style captures of
    // 2 or 3 seeds on either side, chained backwards.
    let in_code = RuleSet {
        houses: 5,
        origin: Origin::Skip,
        capture: Capture::Count,
        capture_counts: CountSet::of(&[2, 3]),
        capture_side: CaptureSide::Any,
        chain: true,
        end: EndSet::of(&[EndCondition::AnySideEmpty]),
        ..Preset::Kalah.rules()
    };
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/mancala-core/rules/custom-chain.toml"
    );
    let from_file = RuleSet::from_toml(&std::fs::read_to_string(path)?)?;
    assert_eq!(in_code, from_file, "the file describes the same game");
    println!(
        "crates/mancala-core/rules/custom-chain.toml, every dimension spelt out:\n\n{}",
        from_file.to_toml()
    );

    // Both players always sow their fullest house (the first one on ties).
    let rules = Rules::new(&from_file)?;
    let mut game = Game::new(rules);
    while !game.is_over() {
        let pos = game.position();
        let side = pos.to_move();
        let m = pos
            .legal_moves()
            .iter()
            .max_by_key(|m| {
                (
                    m.house().and_then(|h| pos.house(side, h.into())),
                    std::cmp::Reverse(*m),
                )
            })
            .expect("an ongoing game has a move");
        game.play(m)?;
    }
    println!("{:#}", game.position());
    let moves: Vec<_> = game.moves().collect();
    println!("moves: {}", mancala::format_moves(&moves));
    Ok(())
}
