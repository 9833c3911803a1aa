//! A rules page's facts besides the topics: `RuleSet::aim`,
//! `RuleSet::glossary` and `RuleSet::questions`, on the presets the seed
//! documents describe (what each must say, written here from
//! docs/rules.md) and on any rule set (their shape).

use mancala_core::{Phrase, PhraseArg, Preset, Question, RuleSet, Term};
use mancala_testkit::rules::any_rules;
use mancala_testkit::variations::presets;
use proptest::prelude::*;

/// The keyword argument `name` of `phrase`.
fn word<'a>(phrase: &'a Phrase, name: &str) -> &'a str {
    match phrase.arg(name) {
        Some(PhraseArg::Word(w)) => w,
        other => panic!("{}: {name} is {other:?}", phrase.id),
    }
}

fn ids(terms: &[Term]) -> Vec<&'static str> {
    terms.iter().map(|t| t.id).collect()
}

fn question<'a>(questions: &'a [Question], id: &str) -> &'a Question {
    questions
        .iter()
        .find(|q| q.id == id)
        .unwrap_or_else(|| panic!("no question {id}"))
}

/// The answer's first phrase: its id and keyword `name`.
fn answer_word(questions: &[Question], id: &str, name: &str) -> String {
    word(&question(questions, id).answer[0], name).to_string()
}

#[test]
fn kalah_aims_at_the_store_with_extra_turns_and_captures() {
    let rules = Preset::Kalah.rules();
    let aim = rules.aim();
    assert_eq!(aim.len(), 2, "{aim:?}");
    assert_eq!(word(&aim[0], "goal"), "store_most");
    assert_eq!(word(&aim[1], "means"), "extra_turns_and_captures");
    // The seed's glossary (পরিভাষা): house, store, sowing, extra turn,
    // capture, corresponding house; and the seeds.
    assert_eq!(
        ids(&rules.glossary()),
        [
            "house",
            "store",
            "seed",
            "sow",
            "extra_turn",
            "capture",
            "corresponding_house"
        ]
    );
    let q = rules.questions();
    // The seed's questions: no seed in the other stores, the emptied
    // house is not skipped, an empty corresponding house takes nothing,
    // equal stores are a draw.
    assert_eq!(answer_word(&q, "other_stores", "stores"), "own");
    assert_eq!(answer_word(&q, "origin_lap", "origin"), "include");
    assert_eq!(answer_word(&q, "empty_opposite", "empty"), "nothing");
    assert_eq!(answer_word(&q, "draw", "draw"), "equal_stores");
    // The game ends when a side is empty: nobody is ever left without a move.
    assert_eq!(answer_word(&q, "no_move", "rule"), "cannot_happen");
    assert!(
        q.iter()
            .all(|q| q.id != "capture_side" && q.id != "feeding")
    );
}

#[test]
fn kalah_with_four_players_takes_from_the_next_player() {
    let rules = RuleSet::from_spec("kalah,players=4").unwrap();
    let q = rules.questions();
    assert_eq!(
        word(&question(&q, "empty_opposite").question, "target"),
        "next"
    );
    assert_eq!(answer_word(&q, "draw", "draw"), "share_place");
    let corresponding = &question(&q, "corresponding_house").answer[0];
    assert_eq!(corresponding.arg("players"), Some(&PhraseArg::Number(4)));
}

#[test]
fn oware_aims_at_captures_and_more_than_half() {
    let rules = Preset::Oware.rules();
    let aim = rules.aim();
    assert_eq!(word(&aim[0], "goal"), "capture_most");
    assert_eq!(aim[1].id, "rules-aim-majority");
    assert_eq!(aim[1].arg("need"), Some(&PhraseArg::Number(25)));
    assert_eq!(aim[1].arg("total"), Some(&PhraseArg::Number(48)));
    assert_eq!(word(&aim[2], "means"), "captures");
    assert_eq!(
        ids(&rules.glossary()),
        [
            "house",
            "store",
            "seed",
            "sow",
            "capture",
            "chain",
            "grand_slam",
            "feeding"
        ]
    );
    let q = rules.questions();
    assert_eq!(answer_word(&q, "other_stores", "stores"), "none");
    assert_eq!(answer_word(&q, "origin_lap", "origin"), "skip");
    assert_eq!(answer_word(&q, "capture_side", "side"), "opponent");
    assert_eq!(answer_word(&q, "no_move", "rule"), "end");
    assert_eq!(question(&q, "feeding").answer.len(), 2);
}

#[test]
fn mancala_basic_aims_at_emptying_first() {
    let rules = Preset::MancalaBasic.rules();
    let aim = rules.aim();
    assert_eq!(aim.len(), 2, "{aim:?}");
    assert_eq!(word(&aim[0], "goal"), "empty_first");
    assert_eq!(word(&aim[1], "means"), "extra_turns");
    let glossary = rules.glossary();
    assert_eq!(
        ids(&glossary),
        ["house", "store", "seed", "sow", "extra_turn"]
    );
    assert_eq!(word(&glossary[1].meaning[0], "stores"), "all");
    let q = rules.questions();
    assert_eq!(answer_word(&q, "other_stores", "stores"), "all");
    assert_eq!(answer_word(&q, "draw", "draw"), "not_if_emptied");
    assert!(
        q.iter()
            .all(|q| q.id != "empty_opposite" && q.id != "capture_side")
    );
}

#[test]
fn toguz_kumalak_has_its_tuzdyk_and_sows_its_first_seed_back() {
    let rules = Preset::ToguzKumalak.rules();
    let glossary = rules.glossary();
    assert_eq!(
        ids(&glossary),
        ["house", "store", "seed", "sow", "capture", "tuzdyk"]
    );
    let tuzdyk = &glossary[5].meaning[0];
    assert_eq!(tuzdyk.arg("count"), Some(&PhraseArg::Number(3)));
    let q = rules.questions();
    assert_eq!(
        answer_word(&q, "origin_lap", "origin"),
        "first_unless_single"
    );
    assert_eq!(answer_word(&q, "capture_side", "side"), "opponent");
    assert_eq!(answer_word(&q, "draw", "draw"), "equal_stores");
}

#[test]
fn modiar_plays_houses_of_two_and_forbids_the_grand_slam() {
    let rules = Preset::Modiar.rules();
    let q = rules.questions();
    let houses = &question(&q, "which_houses").answer;
    assert_eq!(houses[0].arg("min_seeds"), Some(&PhraseArg::Number(2)));
    assert_eq!(houses[1].id, "rules-feeding");
    assert_eq!(word(&houses[2], "grand_slam"), "forbidden");
    assert_eq!(answer_word(&q, "capture_side", "side"), "any");
    assert_eq!(answer_word(&q, "origin_lap", "origin"), "first");
    // Only singletons left: the game ends, each side's seeds to its owner.
    let no_move = &question(&q, "no_move").answer;
    assert_eq!(word(&no_move[0], "rule"), "end");
    assert_eq!(no_move[1].id, "rules-scoring-leftover");
    assert!(ids(&rules.glossary()).contains(&"grand_slam"));
}

#[test]
fn al_manqala_gives_the_board_to_the_starving_player() {
    let q = Preset::AlManqala.rules().questions();
    assert_eq!(
        question(&q, "no_move").answer[1].id,
        "rules-feeding-starving"
    );
}

#[test]
fn the_capture_dimensions_of_issue_30_in_the_questions_and_glossary() {
    // docs/rules.md section 5: under `opponent_first` a capture may reach
    // one's own side only in a chain; without a chain it reads as
    // `opponent`.
    let first = RuleSet::from_spec("oware,capture_side=opponent_first").unwrap();
    let q = first.questions();
    assert_eq!(answer_word(&q, "capture_side", "side"), "opponent_first");
    let no_chain = RuleSet::from_spec("oware,capture_side=opponent_first,chain=false").unwrap();
    let q = no_chain.questions();
    assert_eq!(answer_word(&q, "capture_side", "side"), "opponent");
    // An opposite capture that leaves its seed is another kind of capture
    // in the glossary.
    let leave = RuleSet::from_spec("kalah,capture_leaves_seed=true").unwrap();
    let capture = leave
        .glossary()
        .into_iter()
        .find(|t| t.id == "capture")
        .unwrap();
    assert_eq!(word(&capture.meaning[0], "kind"), "opposite_leave");
}

#[test]
fn terms_and_questions_serialise_as_ids_and_phrases() {
    let rules = Preset::Kalah.rules();
    assert_eq!(
        serde_json::to_value(&rules.glossary()[0]).unwrap(),
        serde_json::json!({
            "id": "house",
            "name": {"id": "rules-term-house", "args": {}},
            "meaning": [{"id": "rules-term-house-means", "args": {"houses": 6}}]
        })
    );
    let q = rules.questions();
    assert_eq!(
        serde_json::to_value(question(&q, "origin_lap")).unwrap(),
        serde_json::json!({
            "id": "origin_lap",
            "question": {"id": "rules-question-origin-lap", "args": {}},
            "answer": [{"id": "rules-answer-origin-lap", "args": {"origin": "include"}}]
        })
    );
}

/// An id of the rules' domain in kebab case.
fn check_id(name: &str, id: &str) {
    assert!(
        id.starts_with("rules-")
            && id[6..]
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
        "{name}: {id}"
    );
}

fn check_phrases(name: &str, phrases: &[Phrase]) {
    assert!(!phrases.is_empty(), "{name}: no phrase");
    for p in phrases {
        p.ids().iter().for_each(|id| check_id(name, id));
    }
}

/// The aim is said, each term and question once, named after its id.
fn check_guide(name: &str, rules: &RuleSet) {
    check_phrases(name, &rules.aim());
    assert_eq!(rules.aim()[0].id, "rules-aim", "{name}");
    let glossary = rules.glossary();
    let mut seen = Vec::new();
    for term in &glossary {
        assert!(!seen.contains(&term.id), "{name}: {} twice", term.id);
        seen.push(term.id);
        assert_eq!(
            term.name.id,
            format!("rules-term-{}", term.id.replace('_', "-")),
            "{name}"
        );
        check_phrases(name, &term.meaning);
    }
    assert_eq!(&seen[..4], ["house", "store", "seed", "sow"], "{name}");
    let questions = rules.questions();
    let mut seen = Vec::new();
    for q in &questions {
        assert!(!seen.contains(&q.id), "{name}: {} twice", q.id);
        seen.push(q.id);
        check_phrases(name, std::slice::from_ref(&q.question));
        check_phrases(name, &q.answer);
    }
    for id in [
        "other_stores",
        "origin_lap",
        "which_houses",
        "no_move",
        "draw",
    ] {
        assert!(seen.contains(&id), "{name}: no question {id}");
    }
}

#[test]
fn every_preset_has_an_aim_a_glossary_and_questions() {
    for (name, rules) in presets() {
        check_guide(&name, &rules);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn any_rule_set_has_an_aim_a_glossary_and_questions(rules in any_rules()) {
        check_guide(&rules.canonical(), &rules);
    }
}

#[test]
fn take_all_aims_at_every_seed_and_draws_on_equal_houses() {
    let mut rules = Preset::Kalah.rules();
    rules.end = mancala_core::EndSet::of(&[mancala_core::EndCondition::TakeAll]);
    let aim = rules.aim();
    assert_eq!(word(&aim[0], "goal"), "take_all");
    let q = rules.questions();
    assert_eq!(answer_word(&q, "draw", "draw"), "equal_houses");
}
