//! `RuleSet::explain`: the rules as phrases. Their words are
//! `mancala-i18n`'s (its tests hold the English written by hand from
//! docs/rules.md); here, the shape of the phrases, and the sensitivity
//! test: changing one dimension at a time changes the phrases whenever
//! the game changes.

use mancala_core::{Phrase, PhraseArg, RuleSet};
use mancala_testkit::rules::any_rules;
use mancala_testkit::variations::{changes, presets};
use proptest::prelude::*;

/// The topics in their fixed order: a valid explanation lists some of
/// them, in this order, each once.
const ORDER: &[&str] = &[
    "board",
    "sowing",
    "relay",
    "extra_turns",
    "captures",
    "sow_captures",
    "tuzdyk",
    "children",
    "grand_slam",
    "feeding",
    "no_move",
    "pie_rule",
    "end",
    "scoring",
    "rounds",
];

/// A phrase and those nested in it are messages of the rules' domain,
/// with arguments named once each in `snake_case`.
fn check_phrase(name: &str, phrase: &Phrase) {
    assert!(
        phrase.id.starts_with("rules-")
            && phrase.id[6..]
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
        "{name}: {} is not a rules- id in kebab case",
        phrase.id
    );
    for (i, (arg, value)) in phrase.args.iter().enumerate() {
        assert!(
            arg.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
            "{name}: {}: argument {arg}",
            phrase.id
        );
        assert!(
            phrase.args[..i].iter().all(|(a, _)| a != arg),
            "{name}: {}: {arg} twice",
            phrase.id
        );
        match value {
            PhraseArg::Phrase(p) => check_phrase(name, p),
            PhraseArg::Phrases(list) => {
                assert!(!list.is_empty(), "{name}: {}: an empty list", phrase.id);
                list.iter().for_each(|p| check_phrase(name, p));
            }
            PhraseArg::Numbers(list) => {
                assert!(list.len() >= 2, "{name}: {}: a list of {list:?}", phrase.id)
            }
            PhraseArg::Word(w) => assert!(
                w.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
                "{name}: {}: the word {w}",
                phrase.id
            ),
            PhraseArg::Number(_) => {}
        }
    }
}

fn check_shape(name: &str, rules: &RuleSet) {
    let topics = rules.explain();
    let mut at = 0;
    for topic in &topics {
        let place = ORDER
            .iter()
            .position(|t| *t == topic.id)
            .unwrap_or_else(|| panic!("{name}: unknown topic {}", topic.id));
        assert!(place >= at, "{name}: {} out of order", topic.id);
        at = place + 1;
        assert!(!topic.phrases.is_empty(), "{name}: {} is empty", topic.id);
        assert_eq!(
            topic.title,
            format!("rules-topic-{}", topic.id.replace('_', "-")),
            "{name}"
        );
        for phrase in &topic.phrases {
            check_phrase(name, phrase);
        }
    }
    for topic in ["board", "sowing", "captures", "end", "scoring"] {
        assert!(topics.iter().any(|t| t.id == topic), "{name}: no {topic}");
    }
}

#[test]
fn every_preset_explains_every_topic_in_order() {
    for (name, rules) in presets() {
        check_shape(&name, &rules);
    }
}

#[test]
fn topics_serialise_as_ids_and_phrases() {
    let kalah = mancala_core::Preset::Kalah.rules().explain();
    let json = serde_json::to_value(&kalah[0]).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "id": "board",
            "phrases": [{
                "id": "rules-board",
                "args": {"players": 2, "houses": 6, "seeds": 4, "total": 48, "store_side": "right"}
            }]
        })
    );
}

#[test]
fn every_change_of_the_game_changes_the_phrases() {
    let changes = changes();
    for c in &changes {
        assert_ne!(
            c.after.explain(),
            c.before.explain(),
            "{} with {}={} is another game in the same words",
            c.name,
            c.dimension,
            c.value
        );
    }
    // Every preset has several dimensions that matter: the loop did check.
    assert!(
        changes.len() > 23 * 30,
        "only {} changes checked",
        changes.len()
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn any_rule_set_explains(rules in any_rules()) {
        check_shape(&rules.canonical(), &rules);
    }
}
