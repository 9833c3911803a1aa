//! `RuleSet::explain` in English, from the English catalog. The expected
//! sentences are written by hand from docs/rules.md (sections 3 to 9 and
//! the presets of section 9).

use mancala_core::{KalahOptions, Preset, RuleSet};
use mancala_i18n::Words;

/// The explanation as `(topic, text)` pairs, for comparing with a table.
fn words(rules: &RuleSet) -> Vec<(String, String)> {
    Words::get("en")
        .unwrap()
        .explain(rules)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn assert_words(rules: &RuleSet, expected: &[(&str, &str)]) {
    let got = words(rules);
    let got: Vec<(&str, &str)> = got.iter().map(|(t, s)| (t.as_str(), s.as_str())).collect();
    for (g, e) in got.iter().zip(expected) {
        assert_eq!(g, e, "topic {}", e.0);
    }
    assert_eq!(got, expected);
}

const TWO_SIX_FOUR: &str = "Each of the 2 players has 6 houses holding 4 seeds each \
     (48 seeds in all), and a store on their right.";
const KALAH_CAPTURE: &str = "If your last seed lands in an empty house of your own and \
     the house opposite holds seeds, you capture its seeds together with that last seed into \
     your store. If the house opposite is empty, nothing is captured.";
const OWNERS_TWO: &str = "When the game ends, the seeds left in the houses go to their \
     owners' stores. The player with more seeds in their store wins; equal stores are a draw.";

#[test]
fn kalah_in_words() {
    // docs/rules.md section 9: own store sown, origin included, an extra
    // turn in the own store, opposite captures, any side empty ends it,
    // each side's seeds to its owner.
    assert_words(
        &Preset::Kalah.rules(),
        &[
            ("Board", TWO_SIX_FOUR),
            (
                "Sowing",
                "On your turn, pick one of your houses that holds seeds and lift all its \
                 seeds. Sow them one by one counter-clockwise into the cups that follow, \
                 including your own store but not your opponent's. A sowing that goes all \
                 the way round drops a seed into the emptied house too.",
            ),
            (
                "Extra turns",
                "If your last seed lands in your own store, you move again.",
            ),
            ("Captures", KALAH_CAPTURE),
            (
                "End",
                "The game ends when a player's houses are all empty after a move.",
            ),
            ("Scoring", OWNERS_TWO),
        ],
    );
}

#[test]
fn oware_in_words() {
    // docs/rules.md section 9: stores off the track, the origin skipped,
    // 2 or 3 chained on the opponent's side, must feed or the mover takes
    // the board, a grand slam captures nothing, 25 of 48 wins.
    assert_words(
        &Preset::Oware.rules(),
        &[
            ("Board", TWO_SIX_FOUR),
            (
                "Sowing",
                "On your turn, pick one of your houses that holds seeds and lift all its \
                 seeds. Sow them one by one counter-clockwise into the cups that follow, \
                 skipping the stores, which only keep captured seeds. A sowing that goes all \
                 the way round skips the house it started from.",
            ),
            (
                "Captures",
                "If your last seed makes a house on your opponent's side hold 2 or 3 seeds, \
                 you capture the seeds of that house into your store. Then the capture goes \
                 back over the houses before it, one by one, taking each that also holds 2 or \
                 3 seeds on your opponent's side, and stops at the first that does not.",
            ),
            (
                "Grand slam",
                "A move whose capture would take every seed left on your opponent's side \
                 (a grand slam) may be played, but captures nothing.",
            ),
            (
                "Feeding",
                "If your opponent has no seeds in their houses, you must play a move that \
                 leaves them at least one, if you can. If no move can, the game ends and you \
                 take every seed left.",
            ),
            (
                "End",
                "The game ends when a player holds more than half of the 48 seeds in their \
                 store (25 or more), when both players hold 24 each, when a position comes \
                 back (an endless cycle), or when the player to move has no legal move.",
            ),
            ("Scoring", OWNERS_TWO),
        ],
    );
}

#[test]
fn toguz_kumalak_in_words() {
    // docs/rules.md sections 5 and 13: 9 houses of 9, the first seed back
    // unless alone, every even count captured on the opponent's side, the
    // tuzdyk of 3 (not house 9, not facing the other one), 82 of 162 wins.
    assert_words(
        &Preset::ToguzKumalak.rules(),
        &[
            (
                "Board",
                "Each of the 2 players has 9 houses holding 9 seeds each (162 seeds in all), \
                 and a store on their right.",
            ),
            (
                "Sowing",
                "On your turn, pick one of your houses that holds seeds and lift all its \
                 seeds. Sow them one by one counter-clockwise into the cups that follow, \
                 skipping the stores, which only keep captured seeds. The first seed goes \
                 back into the emptied house, the rest into the cups after it; a single seed \
                 goes on to the next cup instead.",
            ),
            (
                "Captures",
                "If your last seed makes a house on your opponent's side hold an even number \
                 of seeds, you capture the seeds of that house into your store.",
            ),
            (
                "Tuzdyk",
                "Once in a game, if your last seed makes a house of your opponent's hold \
                 exactly 3 seeds, that house becomes your tuzdyk, unless it is their house 9 \
                 or has the number of your house that is their tuzdyk. Its seeds go to your \
                 store, and from then on every seed sown into it goes to your store.",
            ),
            (
                "End",
                "The game ends when a player holds more than half of the 162 seeds in their \
                 store (82 or more), when both players hold 81 each, when a position comes \
                 back (an endless cycle), or when the player to move has no legal move.",
            ),
            ("Scoring", OWNERS_TWO),
        ],
    );
}

#[test]
fn congkak_in_words() {
    // docs/rules.md section 9 and docs/games.md: clockwise on a mirrored
    // board (stores on the left), relay sowing from a house that held
    // seeds, through the own store, passing when stuck.
    assert_words(
        &Preset::Congkak.rules(),
        &[
            (
                "Board",
                "Each of the 2 players has 7 houses holding 7 seeds each (98 seeds in all), \
                 and a store on their left.",
            ),
            (
                "Sowing",
                "On your turn, pick one of your houses that holds seeds and lift all its \
                 seeds. Sow them one by one clockwise into the cups that follow, including \
                 your own store but not your opponent's. A sowing that goes all the way round \
                 drops a seed into the emptied house too.",
            ),
            (
                "Relay",
                "If the last seed lands in a house that already held seeds, lift all the \
                 seeds of that house, the last one included, and go on sowing from the next \
                 cup. The move ends when the last seed lands in an empty house or a store. \
                 A move makes at most 64 lifts; where one more would be made, the move ends \
                 at once, with no capture and no extra turn.",
            ),
            (
                "Extra turns",
                "If your last seed lands in your own store, you move again.",
            ),
            ("Captures", KALAH_CAPTURE),
            (
                "No move",
                "A player who has no legal move is skipped: the turn goes on to the next \
                 player who can move.",
            ),
            (
                // CLDR's English "or" list of two has no comma (before the
                // catalogs, this sentence had one: "cycle), or when").
                "End",
                "The game ends when a position comes back (an endless cycle) or when no \
                 player can move.",
            ),
            ("Scoring", OWNERS_TWO),
        ],
    );
}

#[test]
fn cross_kalah_in_words() {
    // docs/rules.md section 3: odd counts clockwise, even counts
    // counter-clockwise; Kalah otherwise.
    let words = words(&Preset::CrossKalah.rules());
    assert_eq!(
        words[1],
        (
            "Sowing".to_string(),
            "On your turn, pick one of your houses that holds seeds and lift all its seeds. \
             Sow them one by one into the cups that follow: clockwise if you lifted an odd \
             number of seeds, counter-clockwise if an even number, including your own store \
             but not your opponent's. A sowing that goes all the way round drops a seed into \
             the emptied house too."
                .to_string()
        )
    );
    let mut kalah = self::words(&Preset::Kalah.rules());
    kalah[1] = words[1].clone();
    assert_eq!(words, kalah, "Cross-Kalah is Kalah but for its sowing");
}

#[test]
fn three_player_kalah_in_words() {
    // docs/rules.md sections 1 and 5: turns pass counter-clockwise; the
    // next player's corresponding house is taken (the mover's house next
    // to the store faces the target's house 1); players are ranked.
    let rules = KalahOptions {
        players: 3,
        ..KalahOptions::default()
    }
    .rules();
    assert_words(
        &rules,
        &[
            (
                "Board",
                "Each of the 3 players has 6 houses holding 4 seeds each (72 seeds in all), \
                 and a store on their right. The players sit round the board and take turns \
                 counter-clockwise.",
            ),
            (
                "Sowing",
                "On your turn, pick one of your houses that holds seeds and lift all its \
                 seeds. Sow them one by one counter-clockwise into the cups that follow, \
                 including your own store but not the other players'. A sowing that goes all \
                 the way round drops a seed into the emptied house too.",
            ),
            (
                "Extra turns",
                "If your last seed lands in your own store, you move again.",
            ),
            (
                "Captures",
                "If your last seed lands in an empty house of your own and the corresponding \
                 house of the next player counter-clockwise (your house next to your store \
                 faces their house 1, and so on) holds seeds, you capture its seeds together \
                 with that last seed into your store. If that house is empty, nothing is \
                 captured.",
            ),
            (
                "End",
                "The game ends when a player's houses are all empty after a move.",
            ),
            (
                "Scoring",
                "When the game ends, the seeds left in the houses go to their owners' stores. \
                 Players are ranked by the seeds in their stores, most first; equal stores \
                 share a place.",
            ),
        ],
    );
    let mut all = rules;
    all.set("capture_from", "all").unwrap();
    let captures = &words(&all)[3].1;
    assert!(
        captures.contains("the corresponding houses of every other player")
            && captures.ends_with("If those houses are all empty, nothing is captured."),
        "{captures}"
    );
}

#[test]
fn house_rules_are_said_too() {
    let mut rules = Preset::Kalah.rules();
    for (name, value) in [
        ("capture_empty_opposite", "true"),
        ("leftover", "discard"),
        ("end", "no_legal_move"),
        ("pie_rule", "true"),
        ("min_seeds", "2"),
    ] {
        rules.set(name, value).unwrap();
    }
    let words = words(&rules);
    let text = |topic: &str| {
        words
            .iter()
            .find(|(t, _)| t == topic)
            .map(|(_, s)| s.as_str())
            .unwrap_or_else(|| panic!("no topic {topic}"))
    };
    assert!(text("Sowing").contains("that holds at least 2 seeds"));
    assert!(
        text("Captures")
            .ends_with("If the house opposite is empty, the last seed alone goes to your store.")
    );
    assert_eq!(
        text("End"),
        "The game ends when the player to move has no legal move."
    );
    assert!(
        text("Scoring")
            .starts_with("When the game ends, the seeds left in the houses count for nobody.")
    );
    assert!(text("Pie rule").contains("swap sides"));
}

#[test]
fn a_match_in_rounds_in_words() {
    // docs/rules.md section 8a, with Dakon's choices (crates/mancala-core/rules/dakon-rounds.toml)
    // and then the others.
    let mut rules = Preset::Kalah.rules();
    for (name, value) in [
        ("rounds", "fill"),
        ("round_fill", "from_store"),
        ("round_starter", "last_mover"),
        ("match_houses", "1"),
    ] {
        rules.set(name, value).unwrap();
    }
    let rounds = |rules: &RuleSet| {
        let words = words(rules);
        let (topic, text) = words.last().unwrap().clone();
        assert_eq!(topic, "Rounds");
        text
    };
    assert_eq!(
        rounds(&rules),
        "The game is a match of rounds. When a round ends, each player fills their own \
         houses for the next round with the seeds they won, 4 to a house, starting from the \
         house beside their store; seeds too few to fill one more house start the round in \
         their store. A house left empty is burnt for that round: no seed is sown into it, \
         it cannot be played, and a capture counts it as empty. The player who made the last \
         move of a round starts the next one. The match ends when a player cannot fill a \
         single house, or when a round ends by resignation or agreement. The match's result \
         is the result of its last round."
    );
    for (name, value) in [
        ("round_fill", "from_house_1"),
        ("round_starter", "alternate"),
        ("match_houses", "4"),
        ("round_limit", "3"),
    ] {
        rules.set(name, value).unwrap();
    }
    let text = rounds(&rules);
    for part in [
        "starting from their first house, the one furthest from their store;",
        "The players take turns to start the rounds: each round is started by the player \
         after the one who started the last.",
        "cannot fill 4 houses,",
        "agreement. It also ends after 3 rounds. The match's",
    ] {
        assert!(text.contains(part), "{part:?} not in {text:?}");
    }
    rules.set("rounds", "none").unwrap();
    assert!(words(&rules).iter().all(|(topic, _)| topic != "Rounds"));
}

#[test]
fn a_start_layout_in_words() {
    // docs/rules.md section 1: every side starts with the layout's
    // counts, house 1 first; 2 x (5 + 0 + 5) = 20 seeds.
    let layout = RuleSet::from_spec("kalah,houses=3,layout=5,0,5").unwrap();
    assert_eq!(
        words(&layout)[0],
        (
            "Board".to_string(),
            "Each of the 2 players has 3 houses and a store on their right. At the start \
             every player's houses hold, from house 1 on, 5, 0, 5 seeds (20 seeds in all)."
                .to_string()
        )
    );
    // A layout of equal counts is the uniform board it spells out.
    let equal = RuleSet::from_spec("kalah,layout=4,4,4,4,4,4").unwrap();
    assert_eq!(words(&equal)[0].1, TWO_SIX_FOUR);
    for lang in ["bn", "hi", "ja"] {
        let text = Words::get(lang).unwrap().explain(&layout);
        assert!(text.is_ok(), "{lang}: {:?}", text.err());
    }
}

#[test]
fn an_unfed_end_under_the_leftover_rule_in_words() {
    // docs/rules.md section 4: under `unfed = end` the game ends and the
    // seeds left go by `leftover` (Djenon Abe's `split_poorer`).
    let set = RuleSet::from_spec("oware,unfed=end,leftover=split_poorer").unwrap();
    let feeding = words(&set)
        .into_iter()
        .find(|(topic, _)| topic == "Feeding")
        .unwrap();
    assert_eq!(
        feeding.1,
        "If your opponent has no seeds in their houses, you must play a move that leaves them \
         at least one, if you can. If no move can, the game ends and the seeds left go as the \
         scoring says."
    );
    for lang in ["bn", "hi", "ja"] {
        let text = Words::get(lang).unwrap().explain(&set).unwrap();
        let oware = RuleSet::from_spec("oware,leftover=split_poorer").unwrap();
        let other = Words::get(lang).unwrap().explain(&oware).unwrap();
        assert_ne!(text, other, "{lang}: the words say the new ending");
    }
}

#[test]
fn a_dealt_start_and_an_end_on_few_seeds_in_words() {
    // docs/rules.md section 1: a start dealt from layout_seed, 2 a house
    // first; section 7: the game ends with end_seeds seeds or fewer left.
    let set = RuleSet::from_spec("oware,layout_seed=1,end_seeds=3").unwrap();
    let got = words(&set);
    assert_eq!(
        got[0],
        (
            "Board".to_string(),
            "Each of the 2 players has 6 houses and a store on their right. At the start the \
             48 seeds are dealt at random, each side its own counts, at least 2 to a house \
             (deal number 1)."
                .to_string()
        )
    );
    let end = got.iter().find(|(topic, _)| topic == "End").unwrap();
    assert_eq!(
        end.1,
        "The game ends when a player holds more than half of the 48 seeds in their store \
         (25 or more), when both players hold 24 each, when a position comes back (an endless \
         cycle), when 3 seeds or fewer are left in the houses after a move, or when the player \
         to move has no legal move."
    );
    let one = RuleSet::from_spec("oware,end_seeds=1").unwrap();
    let end = words(&one)
        .into_iter()
        .find(|(topic, _)| topic == "End")
        .unwrap();
    assert!(
        end.1
            .contains("when 1 seed or none is left in the houses after a move"),
        "{}",
        end.1
    );
    let oware = RuleSet::from_spec("oware").unwrap();
    for lang in ["bn", "hi", "ja"] {
        let words = Words::get(lang).unwrap();
        let text = words.explain(&set).unwrap();
        assert_ne!(
            text,
            words.explain(&oware).unwrap(),
            "{lang}: the words say the new rules"
        );
    }
}

/// The text of `topic` in English.
fn topic_words(rules: &RuleSet, topic: &str) -> String {
    words(rules)
        .into_iter()
        .find(|(t, _)| t == topic)
        .unwrap_or_else(|| panic!("no topic {topic}"))
        .1
}

#[test]
fn an_opposite_capture_that_leaves_the_seed_in_words() {
    // docs/rules.md section 5, `capture_leaves_seed` (Hufesay).
    let set = RuleSet::from_spec("kalah,capture_leaves_seed=true").unwrap();
    assert_eq!(
        topic_words(&set, "Captures"),
        "If your last seed lands in an empty house of your own and the house opposite holds \
         seeds, you capture its seeds into your store; your last seed stays where it landed. \
         If the house opposite is empty, nothing is captured."
    );
    for lang in ["bn", "hi", "ja"] {
        let words = Words::get(lang).unwrap();
        let leave = words.explain(&set).unwrap();
        let kalah = words.explain(&Preset::Kalah.rules()).unwrap();
        assert_ne!(leave, kalah, "{lang}: the words say the seed stays");
    }
}

#[test]
fn a_chain_limit_in_words() {
    // docs/rules.md section 5, `chain_limit` (Mandoli: 2).
    let set = RuleSet::from_spec("oware,chain_limit=2").unwrap();
    assert_eq!(
        topic_words(&set, "Captures"),
        "If your last seed makes a house on your opponent's side hold 2 or 3 seeds, you \
         capture the seeds of that house into your store. Then the capture goes back over the \
         houses before it, one by one, taking each that also holds 2 or 3 seeds on your \
         opponent's side, and stops at the first that does not. One capture takes at most 2 \
         houses, the first one included."
    );
    for lang in ["bn", "hi", "ja"] {
        let words = Words::get(lang).unwrap();
        let limited = words.explain(&set).unwrap();
        let oware = words.explain(&Preset::Oware.rules()).unwrap();
        assert_ne!(limited, oware, "{lang}: the words say the limit");
    }
}

#[test]
fn kales_captures_in_words() {
    // docs/rules.md section 5: `capture_side = opponent_first` and
    // `single_seed_captures = false` (Kale).
    let set = RuleSet::from_spec(
        "oware,capture_side=opponent_first,single_seed_captures=false,grand_slam=allowed",
    )
    .unwrap();
    assert_eq!(
        topic_words(&set, "Captures"),
        "If your last seed makes a house on your opponent's side hold 2 or 3 seeds, you \
         capture the seeds of that house into your store. Then the capture goes back over the \
         houses before it, one by one, taking each that also holds 2 or 3 seeds on either \
         side, and stops at the first that does not. A move from a house holding a single \
         seed captures nothing with its last seed."
    );
    for lang in ["bn", "hi", "ja"] {
        let words = Words::get(lang).unwrap();
        let oware = RuleSet::from_spec("oware,grand_slam=allowed").unwrap();
        assert_ne!(
            words.explain(&set).unwrap(),
            words.explain(&oware).unwrap(),
            "{lang}: the words say Kale's captures"
        );
    }
}

#[test]
fn captures_while_sowing_that_include_the_last_seed_in_words() {
    // docs/rules.md section 5, `sow_capture_last` (Bule Perga).
    let set = RuleSet::from_spec("pallanguzhi,sow_capture_last=true").unwrap();
    assert_eq!(
        topic_words(&set, "Captures while sowing"),
        "While you sow, every seed that makes a house hold 4 seeds, the very last one included, \
         takes that house's seeds at once to the store of the house's owner, whichever side the \
         house is on."
    );
    for lang in ["bn", "hi", "ja"] {
        let words = Words::get(lang).unwrap();
        let pallanguzhi = RuleSet::from_spec("pallanguzhi").unwrap();
        assert_ne!(
            words.explain(&set).unwrap(),
            words.explain(&pallanguzhi).unwrap(),
            "{lang}: the words say the last seed takes too"
        );
    }
}

#[test]
fn sowing_both_ways_in_words() {
    // docs/rules.md section 3: split sowing, and the houses whose
    // direction the mover chooses (every house: `chosen`).
    let sowing = |spec: &str| {
        words(&RuleSet::from_spec(spec).unwrap())
            .into_iter()
            .find(|(topic, _)| topic == "Sowing")
            .unwrap()
            .1
    };
    let split = sowing("oware,houses=5,direction=split,direction_choice=3");
    for sentence in [
        "Sow them one by one into the cups that follow towards the nearer end of your row: \
         clockwise from the houses of its left half, counter-clockwise from those of its right \
         half, skipping the stores, which only keep captured seeds.",
        "From house 3 you choose which way to sow, clockwise or counter-clockwise.",
    ] {
        assert!(split.contains(sentence), "{split}");
    }
    let two = sowing("kalah,direction_choice=1,3");
    assert!(
        two.contains(
            "From houses 1 or 3 you choose which way to sow, clockwise or counter-clockwise."
        ),
        "{two}"
    );
    let every = sowing("oware,houses=2,direction_choice=1,2");
    assert!(
        every.contains(
            "Sow them one by one into the cups that follow, clockwise or counter-clockwise as \
             you choose, skipping the stores"
        ),
        "{every}"
    );
    assert!(!every.contains("From house"), "{every}");
    for lang in ["bn", "hi", "ja"] {
        let words = Words::get(lang).unwrap();
        let set = RuleSet::from_spec("oware,houses=5,direction=split,direction_choice=3").unwrap();
        let plain = RuleSet::from_spec("oware,houses=5").unwrap();
        assert_ne!(
            words.explain(&set).unwrap(),
            words.explain(&plain).unwrap(),
            "{lang}"
        );
    }
}

#[test]
fn sowing_each_player_their_own_way_in_words() {
    // docs/rules.md section 3, `direction = opposed` (SowOpDirs).
    let set = RuleSet::from_spec("oware,houses=5,direction=opposed").unwrap();
    let sowing = words(&set)
        .into_iter()
        .find(|(topic, _)| topic == "Sowing")
        .unwrap()
        .1;
    assert!(
        sowing.contains(
            "Sow them one by one into the cups that follow: counter-clockwise if you play first, \
             clockwise if you play second, skipping the stores"
        ),
        "{sowing}"
    );
    let plain = RuleSet::from_spec("oware,houses=5").unwrap();
    for lang in ["bn", "hi", "ja"] {
        let words = Words::get(lang).unwrap();
        assert_ne!(
            words.explain(&set).unwrap(),
            words.explain(&plain).unwrap(),
            "{lang}"
        );
    }
}

#[test]
fn captures_before_sowing_in_words() {
    // docs/rules.md section 5, `capture_before_sowing` (Sokusowo,
    // Achochodi).
    let first =
        RuleSet::from_spec("kalah,min_seeds=2,capture=none,capture_before_sowing=first_seed")
            .unwrap();
    assert_eq!(
        topic_words(&first, "Captures"),
        "The last seed of a move captures nothing. Each time you lift a house's seeds, the house \
         you play and every house you lift to go on, the first seed goes to your store before \
         you sow the others."
    );
    let single = RuleSet::from_spec("oware,capture_before_sowing=single_opposite").unwrap();
    assert!(
        topic_words(&single, "Captures").ends_with(
            "When you lift a single seed, the seeds of the house opposite the one you lift go \
             to your store first; then you sow it."
        ),
        "{}",
        topic_words(&single, "Captures")
    );
    for lang in ["bn", "hi", "ja"] {
        let words = Words::get(lang).unwrap();
        let kalah = RuleSet::from_spec("kalah,min_seeds=2,capture=none").unwrap();
        assert_ne!(
            words.explain(&first).unwrap(),
            words.explain(&kalah).unwrap(),
            "{lang}: the words say the first seed is stored"
        );
        let oware = RuleSet::from_spec("oware").unwrap();
        assert_ne!(
            words.explain(&single).unwrap(),
            words.explain(&oware).unwrap(),
            "{lang}: the words say a single seed takes the house opposite"
        );
    }
}

#[test]
fn a_capture_of_the_opponents_store_in_words() {
    // docs/rules.md section 5, `capture_opponent_store` (CrossCapt Nine).
    let set = RuleSet::from_spec("kalah,stores_sown=all,capture_opponent_store=true").unwrap();
    assert!(
        topic_words(&set, "Captures").ends_with(
            "If your last seed falls into your opponent's store and earns you no extra move, \
             you take every seed in that store into yours."
        ),
        "{}",
        topic_words(&set, "Captures")
    );
    let both = RuleSet::from_spec("kalah,stores_sown=all").unwrap();
    for lang in ["bn", "hi", "ja"] {
        let words = Words::get(lang).unwrap();
        assert_ne!(
            words.explain(&set).unwrap(),
            words.explain(&both).unwrap(),
            "{lang}: the words say the opponent's store is taken"
        );
    }
}

#[test]
fn a_match_capture_in_words() {
    // docs/rules.md section 5, `capture = match` (Mangala I).
    let set = RuleSet::from_spec("kalah,capture=match,capture_side=any").unwrap();
    assert_eq!(
        topic_words(&set, "Captures"),
        "If your last seed lands in a house on either side and makes it hold as many seeds as \
         the house across the board, you capture the seeds of both houses."
    );
    let kalah = RuleSet::from_spec("kalah").unwrap();
    for lang in ["bn", "hi", "ja"] {
        let words = Words::get(lang).unwrap();
        assert_ne!(
            words.explain(&set).unwrap(),
            words.explain(&kalah).unwrap(),
            "{lang}: the words say the match capture"
        );
    }
}

#[test]
fn a_relay_on_some_counts_only_in_words() {
    // docs/rules.md section 3, `relay_counts` (Leb Bbut Ahbochen: 6, on
    // the opponent's side, one lift).
    let set = RuleSet::from_spec(
        "oware,houses=10,origin=include,relay=last,relay_on=opponent,relay_counts=6,relay_limit=1",
    )
    .unwrap();
    assert_eq!(
        topic_words(&set, "Relay"),
        "If the last seed lands in a house that already held seeds, lift all the seeds of \
         that house, the last one included, and go on sowing from the next cup. The move \
         ends when the last seed lands in an empty house. Only your opponent's houses are \
         lifted this way: on your own side the move ends. That house is lifted only when it \
         holds 6 seeds, the last seed included; with any other number the move ends there. \
         A move makes at most 1 lift; where one more would be made, the move ends at once, \
         with no capture and no extra turn."
    );
    let any = RuleSet::from_spec("oware,relay=next").unwrap();
    let some = RuleSet::from_spec("oware,relay=next,relay_counts=2,3").unwrap();
    for lang in ["bn", "hi", "ja"] {
        let words = Words::get(lang).unwrap();
        assert_ne!(
            words.explain(&some).unwrap(),
            words.explain(&any).unwrap(),
            "{lang}: the words say the counts"
        );
    }
}

#[test]
fn moves_that_must_reach_the_opponent_in_words() {
    // docs/rules.md section 4, `reach_opponent` (Dabuda).
    let set = RuleSet::from_spec("kalah,reach_opponent=true").unwrap();
    let sowing = topic_words(&set, "Sowing");
    assert!(
        sowing.ends_with(
            "A house holding 6 seeds or fewer may be played only if its sowing reaches \
             another player's side, or a store, or ends in an empty house of your own; under \
             relay sowing the first lap decides."
        ),
        "{sowing}"
    );
    for lang in ["bn", "hi", "ja"] {
        let words = Words::get(lang).unwrap();
        assert_ne!(
            words.explain(&set).unwrap(),
            words.explain(&Preset::Kalah.rules()).unwrap(),
            "{lang}: the words say the restriction"
        );
    }
}

#[test]
fn single_seeds_moved_only_into_empty_cups_in_words() {
    // docs/rules.md section 4, `single_to_empty` (Ndoto).
    let set = RuleSet::from_spec("kalah,single_to_empty=true").unwrap();
    let sowing = topic_words(&set, "Sowing");
    assert!(
        sowing.ends_with(
            "A house holding a single seed may be played only if that seed falls into an \
             empty house or a store."
        ),
        "{sowing}"
    );
    for lang in ["bn", "hi", "ja"] {
        let words = Words::get(lang).unwrap();
        assert_ne!(
            words.explain(&set).unwrap(),
            words.explain(&Preset::Kalah.rules()).unwrap(),
            "{lang}: the words say the restriction"
        );
    }
}

#[test]
fn a_tuzdyk_barred_across_the_board_in_words() {
    // docs/rules.md section 5, `tuzdyk_across` (Toguz Xorgol).
    let set = RuleSet::from_spec("toguz-kumalak,tuzdyk_across=true").unwrap();
    assert_eq!(
        topic_words(&set, "Tuzdyk"),
        "Once in a game, if your last seed makes a house of your opponent's hold \
         exactly 3 seeds, that house becomes your tuzdyk, unless it is their house 9 \
         or lies across the board from your house that is their tuzdyk. Its seeds go to \
         your store, and from then on every seed sown into it goes to your store."
    );
    for lang in ["bn", "hi", "ja"] {
        let words = Words::get(lang).unwrap();
        assert_ne!(
            words.explain(&set).unwrap(),
            words.explain(&Preset::ToguzKumalak.rules()).unwrap(),
            "{lang}: the words say which house is barred"
        );
    }
}

#[test]
fn a_grand_slam_that_leaves_a_house_in_words() {
    // docs/rules.md section 6, `grand_slam = leave_first` (Olowuka).
    let set = RuleSet::from_spec("oware,grand_slam=leave_first").unwrap();
    assert_eq!(
        topic_words(&set, "Grand slam"),
        "A move whose capture would take every seed left on your opponent's side (a \
         grand slam) captures, but leaves them their lowest-numbered house that holds \
         seeds, unless only one house holds seeds."
    );
    for lang in ["bn", "hi", "ja"] {
        let words = Words::get(lang).unwrap();
        assert_ne!(
            words.explain(&set).unwrap(),
            words.explain(&Preset::Oware.rules()).unwrap(),
            "{lang}: the words say the grand slam rule"
        );
    }
}

#[test]
fn the_few_seeds_left_going_to_the_mover_in_words() {
    // docs/rules.md section 7: under end_seeds_to = mover the seeds left
    // when end_seeds ends the game go to the mover; the other ends keep
    // the leftover rule (here: to their owners).
    let set = RuleSet::from_spec("oware,end_seeds=4,end_seeds_to=mover").unwrap();
    let scoring = topic_words(&set, "Scoring");
    assert!(
        scoring.starts_with(
            "When the game ends, the seeds left in the houses go to their owners' stores."
        ),
        "{scoring}"
    );
    assert!(
        scoring.contains(
            "When a move leaves 4 seeds or fewer in the houses and so ends the game, the player \
             who made it takes them all."
        ),
        "{scoring}"
    );
    let one = RuleSet::from_spec("oware,end_seeds=1,end_seeds_to=mover").unwrap();
    assert!(
        topic_words(&one, "Scoring").contains("When a move leaves 1 seed or none in the houses"),
        "{}",
        topic_words(&one, "Scoring")
    );
    // Under leftover = last_mover the mover has them anyway: no sentence.
    let last =
        RuleSet::from_spec("oware,end_seeds=4,end_seeds_to=mover,leftover=last_mover").unwrap();
    assert!(!topic_words(&last, "Scoring").contains("When a move leaves"));
    let leftover = RuleSet::from_spec("oware,end_seeds=4").unwrap();
    for lang in ["bn", "hi", "ja"] {
        let words = Words::get(lang).unwrap();
        assert_ne!(
            words.explain(&set).unwrap(),
            words.explain(&leftover).unwrap(),
            "{lang}: the words say who takes the few seeds left"
        );
    }
}

#[test]
fn taking_every_seed_in_words() {
    // docs/rules.md section 7: under take_all a player whose houses become
    // empty loses, and at every end the houses, not the stores, rank the
    // players; no leftover rule is worded.
    let set = RuleSet::from_spec("kalah,end=take_all").unwrap();
    assert_eq!(
        topic_words(&set, "End"),
        "A player whose houses become empty after a move loses at once, and the seeds left stay \
         where they are: the aim is to take every seed of the opponent."
    );
    assert_eq!(
        topic_words(&set, "Scoring"),
        "However the game ends, the player with more seeds left in their houses wins, whatever \
         the stores hold; equal houses are a draw."
    );
    let kalah = Preset::Kalah.rules();
    for lang in ["bn", "hi", "ja"] {
        let words = Words::get(lang).unwrap();
        assert_ne!(
            words.explain(&set).unwrap(),
            words.explain(&kalah).unwrap(),
            "{lang}: the words say who wins by taking every seed"
        );
    }
}

#[test]
fn children_passed_over_in_words() {
    // docs/rules.md section 5, `children` and `child_skip` (Krur).
    let set =
        RuleSet::from_spec("kalah,houses=4,capture=none,children=true,child_skip=true").unwrap();
    assert_eq!(
        topic_words(&set, "Children"),
        "If your last seed makes a house of your opponent's hold exactly 4 seeds, that \
         house becomes your child, as many times as it happens. Its seeds go to your store, \
         and from then on every seed sown into it goes to your store; nobody moves from a \
         child. Making a child ends your move, even in the middle of a relay sowing, and so \
         does a last seed that falls into a child. Your sowing passes over your opponent's \
         children."
    );
    // A child's making takes its seeds: the captures topic does not say
    // that nothing is ever captured.
    assert_eq!(
        topic_words(&set, "Captures"),
        "Seeds are taken only when a last seed makes a child, as Children says: that \
         house's seeds go to your store."
    );
    let plain = RuleSet::from_spec("kalah,houses=4,capture=none").unwrap();
    assert_eq!(topic_words(&plain, "Captures"), "Nothing is ever captured.");
    let one =
        RuleSet::from_spec("kalah,houses=4,capture=none,children=true,child_count=1").unwrap();
    assert!(topic_words(&one, "Children").contains("exactly 1 seed, that house"));
    for lang in ["bn", "hi", "ja"] {
        let words = Words::get(lang).unwrap();
        let with = words.explain(&set).unwrap();
        assert_ne!(
            with,
            words.explain(&plain).unwrap(),
            "{lang}: the words say children"
        );
    }
}

#[test]
fn a_relay_from_the_movers_store_in_words() {
    // docs/rules.md section 3, `relay_store` (CrossCapt Eight).
    let set = RuleSet::from_spec("kalah,relay=next,relay_store=true").unwrap();
    let relay = topic_words(&set, "Relay");
    assert!(
        relay.contains(
            "But when that cup is your own store and it holds seeds, lift them from the store \
             and go on sowing from the cup after it."
        ),
        "{relay}"
    );
    let without = RuleSet::from_spec("kalah,relay=next").unwrap();
    assert!(!topic_words(&without, "Relay").contains("your own store"));
    for lang in ["bn", "hi", "ja"] {
        let words = Words::get(lang).unwrap();
        assert_ne!(
            words.explain(&set).unwrap(),
            words.explain(&without).unwrap(),
            "{lang}: the words say the store is lifted"
        );
    }
}

#[test]
fn a_store_given_to_the_opponent_in_words() {
    // docs/rules.md section 5, `pass_store` (SimpleCapt PCapt).
    let set = RuleSet::from_spec("kalah,capture=none,pass_store=true").unwrap();
    assert_eq!(
        topic_words(&set, "Captures"),
        "The last seed of a move captures nothing. If your last seed falls into an empty house \
         of your opponent's and your store holds seeds, they all go to your opponent's store, \
         and nothing else is captured."
    );
    let without = RuleSet::from_spec("kalah,capture=none").unwrap();
    for lang in ["bn", "hi", "ja"] {
        let words = Words::get(lang).unwrap();
        assert_ne!(
            words.explain(&set).unwrap(),
            words.explain(&without).unwrap(),
            "{lang}: the words say the store is given away"
        );
    }
}
