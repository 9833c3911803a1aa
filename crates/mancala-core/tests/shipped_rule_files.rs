//! Every rule file shipped under the crate's `rules/` reads, validates,
//! and describes the game its comment names.

use std::path::Path;

use mancala_core::{
    CaptureFrom, EndCondition, Leftover, Preset, RuleSet, Rules, shipped_rule_file,
    shipped_rule_files,
};

fn load(name: &str) -> RuleSet {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rules")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    let rules = match path.extension().and_then(|e| e.to_str()) {
        Some("toml") => RuleSet::from_toml(&text),
        Some("json") => RuleSet::from_json(&text),
        other => panic!("{name}: unexpected extension {other:?}"),
    };
    rules.unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn every_shipped_rule_file_is_playable() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
    let mut count = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        // A file that deals each game is played by its games' rules.
        Rules::new(&load(&name).dealt_for_game(7)).unwrap();
        count += 1;
    }
    assert_eq!(count, 95, "rule files under rules/");
}

#[test]
fn every_other_rule_file_is_known_by_its_name() {
    // The files compiled in (build.rs) are the files: each by its name
    // and through a spec is the rule set its file reads to, and every
    // file that is not a preset's is there.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
    let mut want: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter_map(|name| name.strip_suffix(".toml").map(str::to_string))
        .filter(|name| name.parse::<Preset>().is_err())
        .collect();
    want.sort();
    let known: Vec<&str> = shipped_rule_files().collect();
    assert_eq!(known, want);
    assert_eq!(known.len(), 78);
    for name in known {
        let file = load(&format!("{name}.toml"));
        assert_eq!(shipped_rule_file(name), Some(file), "{name}");
        assert_eq!(RuleSet::from_spec(name).unwrap(), file, "{name}");
    }
    // Case and `_` as the presets' names; overrides after the name.
    assert_eq!(
        shipped_rule_file("Dakon_Rounds"),
        shipped_rule_file("dakon-rounds")
    );
    let krur = RuleSet::from_spec("krur,seeds=3").unwrap();
    assert_eq!((krur.houses, krur.seeds, krur.children), (4, 3, true));
    assert!(shipped_rule_file("no-such-game").is_none());
    assert!(RuleSet::from_spec("no-such-game").is_err());
}

#[test]
fn the_traditional_games_rule_files_are_their_presets() {
    // docs/games.md: each game's rule file is the preset of that name.
    let games = [
        Preset::Wari,
        Preset::Songo,
        Preset::CrossKalah,
        Preset::ToguzKumalak,
        Preset::Bohnenspiel,
        Preset::Ayoayo,
        Preset::Endodoi,
        Preset::Dakon,
        Preset::Ohvalhu,
        Preset::Congkak,
        Preset::VaiLungThlan,
        Preset::LongbeuACha,
        Preset::Pallanguzhi,
        Preset::Pandi,
        Preset::Halusa,
        Preset::OtTjin,
    ];
    for preset in games {
        assert_eq!(load(&format!("{preset}.toml")), preset.rules(), "{preset}");
    }
}

#[test]
fn rule_files_describe_their_games() {
    let kalah = Preset::Kalah.rules();
    assert_eq!(
        load("kalah-6-4-empty-capture.toml"),
        RuleSet {
            capture_empty_opposite: true,
            ..kalah
        }
    );
    let four = load("kalah-4p-capture-all.toml");
    assert_eq!((four.players, four.houses, four.seeds), (4, 6, 3));
    assert_eq!(four.capture_from, CaptureFrom::All);
    let delayed = load("kalah-delayed-discard.toml");
    assert!(delayed.end.contains(EndCondition::NoLegalMove));
    assert!(!delayed.end.contains(EndCondition::AnySideEmpty));
    assert_eq!(delayed.leftover, Leftover::Discard);
    // The JSON file spells out every field of the Modiar preset.
    assert_eq!(load("modiar.json"), Preset::Modiar.rules());
    assert_eq!(load("toguz-kumalak.toml"), Preset::ToguzKumalak.rules());
}

#[test]
fn mangala_iv_deals_every_game_afresh() {
    // docs/games.md, "mangala-iv": MancalaGames' random start, a new one
    // for every game.
    let set = load("mangala-iv.toml");
    assert!(set.deals_each_game());
    assert!(Rules::new(&set).is_err());
    assert_ne!(
        set.dealt_for_game(1).dealt_layout(),
        set.dealt_for_game(2).dealt_layout()
    );
}
