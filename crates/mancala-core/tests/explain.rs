//! `RuleSet::explain`: the rules in words. The expected sentences are
//! written by hand from docs/rules.md (sections 3 to 9 and the presets of
//! section 9); the sensitivity test changes one dimension at a time and
//! asks that the words change with the game.

use mancala_core::{
    Capture, CaptureSide, DIMENSIONS, EndCondition, GrandSlam, KalahOptions, Preset, Relay,
    RuleSet, StoresSown,
};
use mancala_testkit::rules::any_rules;
use proptest::prelude::*;

/// The explanation as `(topic, text)` pairs, for comparing with a table.
fn words(rules: &RuleSet) -> Vec<(&'static str, String)> {
    rules
        .explain()
        .into_iter()
        .map(|t| (t.topic, t.text))
        .collect()
}

fn assert_words(rules: &RuleSet, expected: &[(&str, &str)]) {
    let got = words(rules);
    let got: Vec<(&str, &str)> = got.iter().map(|(t, s)| (*t, s.as_str())).collect();
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
                "End",
                "The game ends when a position comes back (an endless cycle), or when no \
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
            "Sowing",
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
            .find(|(t, _)| *t == topic)
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

/// Every preset, and Kalah for 3 and 4 players.
fn presets() -> Vec<(String, RuleSet)> {
    let mut all: Vec<(String, RuleSet)> = Preset::ALL
        .iter()
        .map(|p| (p.name().to_string(), p.rules()))
        .collect();
    for players in [3, 4] {
        let rules = KalahOptions {
            players,
            ..KalahOptions::default()
        }
        .rules();
        all.push((format!("kalah{players}"), rules));
    }
    all
}

/// The topics in their fixed order: a valid explanation lists some of
/// them, in this order, each once.
const ORDER: &[&str] = &[
    "Board",
    "Sowing",
    "Relay",
    "Extra turns",
    "Captures",
    "Captures while sowing",
    "Tuzdyk",
    "Grand slam",
    "Feeding",
    "No move",
    "Pie rule",
    "End",
    "Scoring",
];

fn check_shape(name: &str, rules: &RuleSet) {
    let words = words(rules);
    let mut at = 0;
    for (topic, text) in &words {
        let place = ORDER
            .iter()
            .position(|t| t == topic)
            .unwrap_or_else(|| panic!("{name}: unknown topic {topic}"));
        assert!(place >= at, "{name}: {topic} out of order");
        at = place + 1;
        assert!(!text.trim().is_empty(), "{name}: {topic} is empty");
        assert!(
            text.ends_with('.'),
            "{name}: {topic} is not a sentence: {text}"
        );
    }
    for topic in ["Board", "Sowing", "Captures", "End", "Scoring"] {
        assert!(words.iter().any(|(t, _)| *t == topic), "{name}: no {topic}");
    }
}

#[test]
fn every_preset_explains_every_topic_in_order() {
    for (name, rules) in presets() {
        check_shape(&name, &rules);
    }
}

/// Other values of one dimension to try, as `RuleSet::set` reads them.
fn mutations(rules: &RuleSet, dimension: &str) -> Vec<String> {
    let number = |n: u64, low: u64, extra: &[u64]| {
        let mut out: Vec<u64> = n
            .checked_sub(1)
            .into_iter()
            .chain([n + 1])
            .chain(extra.iter().copied())
            .filter(|&v| v >= low && v != n)
            .collect();
        out.dedup();
        out.into_iter().map(|v| v.to_string()).collect::<Vec<_>>()
    };
    let names = |all: &[&str]| all.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let counts = |set: mancala_core::CountSet| {
        let list: Vec<u8> = set.iter().collect();
        let absent = (1..=u8::MAX).find(|c| !set.contains(*c)).unwrap();
        let mut out = Vec::new();
        let mut more = list.clone();
        more.push(absent);
        more.sort();
        out.push(more);
        if list.len() > 1 {
            out.push(list[1..].to_vec());
            out.push(list[..list.len() - 1].to_vec());
        }
        if list.is_empty() {
            out.push(vec![2, 3]);
        }
        out.into_iter()
            .map(|l| l.iter().map(u8::to_string).collect::<Vec<_>>().join(","))
            .collect::<Vec<_>>()
    };
    match dimension {
        "players" => names(&["2", "3", "4"]),
        "houses" => number(rules.houses.into(), 1, &[]),
        "seeds" => number(rules.seeds.into(), 1, &[]),
        "min_seeds" => number(rules.min_seeds.into(), 1, &[]),
        "relay_limit" => number(rules.relay_limit.into(), 1, &[1]),
        "no_capture_moves" => number(rules.no_capture_moves.into(), 0, &[]),
        "tuzdyk_count" => number(rules.tuzdyk_count.into(), 1, &[]),
        "direction" => names(&["ccw", "cw", "parity"]),
        "stores_sown" => names(&["none", "own", "all"]),
        "origin" => names(&["include", "skip", "first", "first_unless_single"]),
        "extra_turn" => names(&["none", "own_store", "any_store"]),
        "relay" => names(&["none", "last", "next"]),
        "relay_on" => names(&["any", "own", "opponent"]),
        "unfed" => names(&["any_move", "end_to_mover", "end_to_starving"]),
        "grand_slam" => names(&["allowed", "no_capture", "forbidden"]),
        "capture" => names(&["none", "opposite", "count", "next", "gap"]),
        "capture_from" => names(&["next", "opposite", "all"]),
        "capture_side" => names(&["opponent", "own", "any"]),
        "sow_capture_by" => names(&["owner", "sower"]),
        "leftover" | "cycle_leftover" => {
            names(&["owner", "discard", "split", "last_mover", "split_poorer"])
        }
        "no_move" => names(&["end", "pass"]),
        "first_move_extra_turn"
        | "must_feed"
        | "capture_empty_opposite"
        | "chain"
        | "gap_opposite"
        | "capture_extra_turn"
        | "tuzdyk"
        | "capture_ends_relay"
        | "pie_rule" => names(&["true", "false"]),
        "capture_counts" => counts(rules.capture_counts),
        "sow_capture_counts" => counts(rules.sow_capture_counts),
        "end" => EndCondition::ALL
            .iter()
            .map(|c| {
                let mut end = rules.end;
                if end.contains(*c) {
                    end.remove(*c);
                } else {
                    end.insert(*c);
                }
                end.to_string()
            })
            .collect(),
        other => panic!("no mutations for the dimension {other}: add them"),
    }
}

/// Why changing `dimension` from `before` to `after` cannot change the
/// game although the canonical text changes, when it cannot: the
/// justified exceptions to "a different game has different words".
fn cannot_matter(dimension: &str, before: &RuleSet, after: &RuleSet) -> Option<&'static str> {
    let r = after;
    let within = |set: mancala_core::CountSet| {
        set.iter()
            .filter(|&c| usize::from(c) <= r.total_seeds())
            .collect::<Vec<_>>()
    };
    let lands_in_a_store = r.stores_sown != StoresSown::None;
    let side_empty_ends =
        r.end.contains(EndCondition::AnySideEmpty) || r.end.contains(EndCondition::EmptyFirst);
    // docs/rules.md section 7: with a side's emptying ending the game, the
    // side to move always holds a seed, and may sow it unless min_seeds
    // or a forbidden grand slam says no.
    let always_a_move = side_empty_ends && r.min_seeds == 1 && r.grand_slam != GrandSlam::Forbidden;
    let pair = |a: &str, b: &str| {
        let (x, y) = (field(before, dimension), field(after, dimension));
        (x == a && y == b) || (x == b && y == a)
    };
    match dimension {
        "capture_counts" if r.capture != Capture::Count => {
            Some("only count captures read the counts")
        }
        "capture_counts" if within(before.capture_counts) == within(r.capture_counts) => {
            Some("no house holds more seeds than the game has")
        }
        "sow_capture_counts"
            if within(before.sow_capture_counts) == within(r.sow_capture_counts) =>
        {
            Some("no house holds more seeds than the game has")
        }
        "capture_side" if matches!(r.capture, Capture::None | Capture::Opposite) => {
            Some("an opposite capture lands on the mover's side; no capture has no side")
        }
        "capture_from" if r.capture != Capture::Opposite => {
            Some("only opposite captures have targets")
        }
        "capture_from" if r.players == 2 => Some("with 2 players every target is the opponent"),
        "capture_from" if r.players == 3 && pair("next", "opposite") => {
            Some("with 3 players nobody sits across: opposite is the next side")
        }
        "capture_empty_opposite" if r.capture != Capture::Opposite => {
            Some("an opposite-capture rule")
        }
        "chain" if !matches!(r.capture, Capture::Count | Capture::Gap) => {
            Some("only count and gap captures chain")
        }
        "gap_opposite" if r.capture != Capture::Gap => Some("a gap-capture rule"),
        "sow_capture_by" if r.sow_capture_counts.is_empty() => Some("no captures while sowing"),
        "capture_extra_turn" if r.capture == Capture::None => Some("the last seed never captures"),
        "no_capture_moves"
            if r.capture == Capture::None && r.sow_capture_counts.is_empty() && !r.tuzdyk =>
        {
            Some("nothing is ever captured")
        }
        "tuzdyk_count" if !r.tuzdyk => Some("no tuzdyk"),
        "relay_on" | "relay_limit" if r.relay == Relay::None => Some("no relay sowing"),
        "unfed" if !r.must_feed => Some("unfed applies only under must_feed (section 4)"),
        "grand_slam" if !can_take_from_opponent(r) => Some("no capture takes the opponent's seeds"),
        "extra_turn" if !lands_in_a_store => Some("no store is on the track"),
        "extra_turn" if r.stores_sown == StoresSown::Own && pair("own_store", "any_store") => {
            Some("the mover's own store is the only one on their track")
        }
        "first_move_extra_turn"
            if (!lands_in_a_store || r.extra_turn.name() == "none")
                && !(r.capture_extra_turn && r.capture != Capture::None) =>
        {
            Some("no move earns an extra turn")
        }
        "origin"
            if pair("first", "first_unless_single")
                && r.min_seeds >= 2
                && r.relay != Relay::Next =>
        {
            Some("no house of a single seed is ever sown from")
        }
        "end"
            if before.end.contains(EndCondition::NoLegalMove)
                != r.end.contains(EndCondition::NoLegalMove) =>
        {
            Some("no_legal_move is always in force: listing it documents it (section 7)")
        }
        "no_move" if always_a_move => Some("the player to move always has a move"),
        "leftover"
            if r.end.contains(EndCondition::EmptyFirst)
                && always_a_move
                && !r.end.contains(EndCondition::Majority) =>
        {
            Some("the game ends only with the board left as it is, or as a cycle")
        }
        _ => None,
    }
}

/// docs/rules.md section 6: which captures can take seeds from the
/// opponent's side.
fn can_take_from_opponent(r: &RuleSet) -> bool {
    match r.capture {
        Capture::None => false,
        Capture::Opposite => true,
        Capture::Count | Capture::Next => r.capture_side != CaptureSide::Own,
        Capture::Gap => r.capture_side != CaptureSide::Own || r.gap_opposite,
    }
}

/// One dimension's value as the canonical text writes it.
fn field(rules: &RuleSet, dimension: &str) -> String {
    let full = rules.to_json();
    let value: serde_json::Value = serde_json::from_str(&full).unwrap();
    match &value[dimension] {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[test]
fn every_change_of_the_game_changes_the_words() {
    let mut checked = 0;
    for (name, rules) in presets() {
        let base = rules.explain();
        for &dimension in DIMENSIONS {
            for value in mutations(&rules, dimension) {
                let mut changed = rules;
                // A value the field cannot hold (relay_limit 256) is no rule set.
                if changed.set(dimension, &value).is_err()
                    || changed.validate().is_err()
                    || changed.canonical() == rules.canonical()
                {
                    continue;
                }
                if let Some(_why) = cannot_matter(dimension, &rules, &changed) {
                    continue;
                }
                checked += 1;
                assert_ne!(
                    changed.explain(),
                    base,
                    "{name} with {dimension}={value} is another game in the same words"
                );
            }
        }
    }
    // Every preset has several dimensions that matter: the loop did check.
    assert!(checked > 23 * 30, "only {checked} changes checked");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn any_rule_set_explains(rules in any_rules()) {
        check_shape(&rules.canonical(), &rules);
    }
}
