//! One rule dimension changed at a time, for the sensitivity tests of
//! the rules in words: every change of a dimension that can change the
//! game must change `RuleSet::explain`'s phrases (`mancala-core`) and
//! their words in every language (`mancala-i18n`).

use mancala_core::{
    Capture, CaptureBeforeSowing, CaptureSide, DIMENSIONS, EndCondition, GrandSlam, KalahOptions,
    Preset, Relay, RuleSet, StoresSown,
};

/// A rule set with one dimension changed.
#[derive(Clone, Debug)]
pub struct Change {
    /// The rule set changed: a preset's name, or `kalah3`, `kalah4`.
    pub name: String,
    /// The dimension changed, as `RuleSet::set` names it.
    pub dimension: &'static str,
    /// Its new value, as `RuleSet::set` reads it.
    pub value: String,
    /// The rule set before.
    pub before: RuleSet,
    /// The rule set after: valid, and another game.
    pub after: RuleSet,
}

/// Every change of one dimension of [`presets`] to a valid value that
/// can change the game: those that [`cannot_matter`] are left out.
pub fn changes() -> Vec<Change> {
    let mut all = Vec::new();
    for (name, rules) in presets() {
        for &dimension in DIMENSIONS {
            for value in mutations(&rules, dimension) {
                let mut changed = rules;
                // A value the field cannot hold (relay_limit 256) is no rule set.
                if changed.set(dimension, &value).is_err()
                    || changed.validate().is_err()
                    || changed.canonical() == rules.canonical()
                    || cannot_matter(dimension, &rules, &changed).is_some()
                {
                    continue;
                }
                all.push(Change {
                    name: name.clone(),
                    dimension,
                    value,
                    before: rules,
                    after: changed,
                });
            }
        }
    }
    all
}

/// Every preset, Kalah for 3 and 4 players, and Kalah as a match in
/// rounds (`kalah-rounds`).
pub fn presets() -> Vec<(String, RuleSet)> {
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
    // A match in rounds, so that the rounds dimensions are changed too
    // (docs/rules.md section 8a); not the defaults, so that each has
    // values on both sides.
    let mut rounds = Preset::Kalah.rules();
    for (dimension, value) in [
        ("rounds", "fill"),
        ("round_fill", "from_store"),
        ("round_starter", "loser"),
        ("match_houses", "2"),
        ("round_limit", "5"),
    ] {
        rounds
            .set(dimension, value)
            .expect("a valid rounds dimension");
    }
    all.push(("kalah-rounds".to_string(), rounds));
    // Houses changing hands (issue 30), so that territory_rest is
    // changed too; Oware sows no store.
    let mut territory = Preset::Oware.rules();
    for (dimension, value) in [
        ("rounds", "territory"),
        ("territory_rest", "loser"),
        ("match_houses", "2"),
    ] {
        territory
            .set(dimension, value)
            .expect("a valid territory dimension");
    }
    all.push(("oware-territory".to_string(), territory));
    all
}

/// Other values of one dimension to try, as `RuleSet::set` reads them.
pub fn mutations(rules: &RuleSet, dimension: &str) -> Vec<String> {
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
    match dimension {
        "players" => names(&["2", "3", "4"]),
        "houses" => number(rules.houses.into(), 1, &[]),
        "seeds" => number(rules.seeds.into(), 1, &[]),
        "min_seeds" => number(rules.min_seeds.into(), 1, &[]),
        "relay_limit" => number(rules.relay_limit.into(), 1, &[1]),
        "no_capture_moves" => number(rules.no_capture_moves.into(), 0, &[]),
        "tuzdyk_count" => number(rules.tuzdyk_count.into(), 1, &[]),
        "child_count" => number(rules.child_count.into(), 1, &[]),
        "capacity" => number(rules.capacity.into(), 0, &[0, 17]),
        "capture_extra_turn_limit" => number(rules.capture_extra_turn_limit.into(), 0, &[0]),
        "chain_limit" => number(rules.chain_limit.into(), 0, &[0, 2]),
        "direction" => names(&["ccw", "cw", "parity", "split", "opposed"]),
        "direction_choice" => choices(rules),
        "stores_sown" => names(&["none", "own", "all"]),
        "origin" => names(&["include", "skip", "first", "first_unless_single"]),
        "extra_turn" => names(&["none", "own_store", "any_store"]),
        "relay" => names(&["none", "last", "next"]),
        "relay_on" => names(&["any", "own", "opponent"]),
        "unfed" => names(&["any_move", "end_to_mover", "end_to_starving", "end"]),
        "grand_slam" => names(&["allowed", "no_capture", "forbidden", "leave_first"]),
        "capture" => names(&["none", "opposite", "count", "next", "gap", "match"]),
        "capture_from" => names(&["next", "opposite", "all"]),
        "capture_side" => names(&["opponent", "own", "any", "opponent_first"]),
        "sow_capture_by" => names(&["owner", "sower", "sower_own"]),
        "capture_before_sowing" => names(&["none", "first_seed", "single_opposite"]),
        "leftover" | "cycle_leftover" => {
            names(&["owner", "discard", "split", "last_mover", "split_poorer"])
        }
        "no_move" => names(&["end", "pass"]),
        "rounds" => names(&["none", "fill", "territory", "loser_fills"]),
        "territory_rest" => names(&["over_half", "loser", "loser_empty", "lot"]),
        "lot_seed" => number(rules.lot_seed.into(), 0, &[]),
        "round_fill" => names(&["from_house_1", "from_store"]),
        "round_starter" => names(&["alternate", "loser", "winner", "last_mover"]),
        "match_houses" => number(rules.match_houses.into(), 1, &[]),
        "round_limit" => number(rules.round_limit.into(), 0, &[]),
        "layout_seed" => number(rules.layout_seed.into(), 0, &[]),
        "end_seeds" => number(rules.end_seeds.into(), 0, &[2]),
        "end_seeds_to" => names(&["leftover", "mover", "starter"]),
        "first_move" => names(&["any", "last_house"]),
        "child_kind" => names(&["store", "weg"]),
        "lap_capture" => names(&["none", "relay", "next"]),
        "first_move_extra_turn"
        | "must_feed"
        | "capture_empty_opposite"
        | "capture_leaves_seed"
        | "single_seed_captures"
        | "sow_capture_last"
        | "capture_opponent_store"
        | "chain"
        | "gap_opposite"
        | "capture_extra_turn"
        | "tuzdyk"
        | "capture_ends_relay"
        | "reach_opponent"
        | "single_to_empty"
        | "tuzdyk_across"
        | "children"
        | "child_skip"
        | "relay_store"
        | "pass_store"
        | "no_undo"
        | "no_sides"
        | "gap_occupied"
        | "pie_rule" => names(&["true", "false"]),
        "layout" => layouts(rules),
        "capture_counts" => counts(rules.capture_counts),
        "sow_capture_counts" => counts(rules.sow_capture_counts),
        "relay_counts" => counts(rules.relay_counts),
        "end" => ends(rules),
        other => panic!("no mutations for the dimension {other}: add them"),
    }
}

/// Other count sets to try: one count more (the smallest absent), each
/// end dropped from a set of several, and `2,3` from none.
fn counts(set: mancala_core::CountSet) -> Vec<String> {
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
        .collect()
}

/// Other `end` sets to try: each end condition added or removed.
fn ends(rules: &RuleSet) -> Vec<String> {
    EndCondition::ALL
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
        .collect()
}

/// Other `direction_choice` sets to try: from none, house 1 and every
/// house; from some, none and the first of them only.
fn choices(rules: &RuleSet) -> Vec<String> {
    let join = |l: &[u8]| l.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
    let chosen: Vec<u8> = rules.direction_choice.iter().collect();
    if chosen.is_empty() {
        let all: Vec<u8> = (1..=rules.houses).collect();
        vec!["1".to_string(), join(&all)]
    } else {
        vec![String::new(), join(&chosen[..1])]
    }
}

/// Other start layouts to try: from the uniform one, one seed more in
/// house 1, and seeds in every other house only; from a layout, the
/// uniform one and the layout turned by one house.
fn layouts(rules: &RuleSet) -> Vec<String> {
    let join = |l: &[u8]| l.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
    let houses = usize::from(rules.houses);
    let counts = rules.layout.counts();
    if counts.is_empty() {
        let mut more = vec![rules.seeds; houses];
        more[0] += 1;
        let every_other: Vec<u8> = (0..houses)
            .map(|h| if h % 2 == 0 { rules.seeds } else { 0 })
            .collect();
        vec![join(&more), join(&every_other)]
    } else {
        let mut turned = counts.to_vec();
        turned.rotate_left(1);
        vec![String::new(), join(&turned)]
    }
}

/// Why changing `dimension` from `before` to `after` cannot change the
/// game although the canonical text changes, when it cannot: the
/// justified exceptions to "a different game has different words".
pub fn cannot_matter(dimension: &str, before: &RuleSet, after: &RuleSet) -> Option<&'static str> {
    let r = after;
    let within = |set: mancala_core::CountSet| {
        set.iter()
            .filter(|&c| usize::from(c) <= r.total_seeds())
            .collect::<Vec<_>>()
    };
    let lands_in_a_store = r.stores_sown != StoresSown::None;
    let side_empty_ends = r.end.contains(EndCondition::AnySideEmpty)
        || r.end.contains(EndCondition::EmptyFirst)
        || r.end.contains(EndCondition::TakeAll);
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
        "capacity"
            if [before, r]
                .iter()
                .all(|s| usize::from(s.capacity) > r.total_seeds() || s.capacity == 0) =>
        {
            Some("no house holds more seeds than the game has")
        }
        "capture_side" if r.capture == Capture::None => Some("no capture has no side"),
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
        "capture_side"
            if pair("opponent", "opponent_first")
                && !(r.chain && matches!(r.capture, Capture::Count | Capture::Gap)) =>
        {
            Some("without a chain, opponent_first is opponent")
        }
        "single_seed_captures" if r.capture == Capture::None && !r.tuzdyk => {
            Some("the last seed never captures")
        }
        "capture_leaves_seed" if r.capture != Capture::Opposite => Some("an opposite-capture rule"),
        "chain" | "chain_limit" if !matches!(r.capture, Capture::Count | Capture::Gap) => {
            Some("only count and gap captures chain")
        }
        "gap_opposite" | "gap_occupied" if r.capture != Capture::Gap => Some("a gap-capture rule"),
        "no_undo" if r.min_seeds > 1 => Some("no single seed is ever moved"),
        "capture_opponent_store"
            if r.extra_turn == mancala_core::ExtraTurn::AnyStore && r.first_move_extra_turn =>
        {
            Some("every store landing earns an extra move, which takes no store")
        }
        "sow_capture_by" if r.sow_capture_counts.is_empty() => Some("no captures while sowing"),
        "capture_extra_turn" if r.capture == Capture::None => Some("the last seed never captures"),
        "capture_extra_turn_limit" if r.capture == Capture::None => {
            Some("the last seed never captures")
        }
        "no_capture_moves"
            if r.capture == Capture::None
                && r.sow_capture_counts.is_empty()
                && !r.tuzdyk
                && r.capture_before_sowing == CaptureBeforeSowing::None =>
        {
            Some("nothing is ever captured")
        }
        "tuzdyk_count" | "tuzdyk_across" if !r.tuzdyk => Some("no tuzdyk"),
        "child_count" | "child_skip" | "child_kind" if !r.children => Some("no children"),
        "seeds" if !r.layout.is_uniform() => Some("the layout gives every house its seeds"),
        "relay_on" | "relay_limit" | "relay_counts" | "lap_capture" if r.relay == Relay::None => {
            Some("no relay sowing")
        }
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
        "round_fill" | "round_starter" | "match_houses" | "round_limit"
            if r.rounds == mancala_core::Rounds::None =>
        {
            Some("a match of one game has no next round")
        }
        "round_fill" if r.rounds == mancala_core::Rounds::Territory => {
            Some("under territory every house is filled again: no end is filled first")
        }
        "no_move" if always_a_move => Some("the player to move always has a move"),
        "leftover" | "cycle_leftover" | "end_seeds_to" if r.end.contains(EndCondition::TakeAll) => {
            Some("under take_all every end leaves the board as it is")
        }
        "end_seeds_to"
            if r.leftover == mancala_core::Leftover::LastMover && pair("leftover", "mover") =>
        {
            Some("leftover = last_mover already gives the few seeds left to the mover")
        }
        "leftover"
            if r.end.contains(EndCondition::EmptyFirst)
                && always_a_move
                && !r.end.contains(EndCondition::Majority)
                && r.end_seeds == 0 =>
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
        // Under `own` only the capturing seed, on the opponent's side.
        Capture::Opposite => r.capture_side != CaptureSide::Own || !r.capture_leaves_seed,
        Capture::Count | Capture::Next => r.capture_side != CaptureSide::Own,
        Capture::Gap => r.capture_side != CaptureSide::Own || r.gap_opposite,
        Capture::Match => true,
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
