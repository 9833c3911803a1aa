//! The rules of a rule set in plain English, topic by topic, for players
//! who never read docs/rules.md: what the home page and `mancala rules
//! explain` show. Built from the rule set itself, so house rules and rule
//! files are explained as well as the presets.

use serde::Serialize;

use crate::ruleset::{
    Capture, CaptureFrom, CaptureSide, CountSet, Direction, EndCondition, ExtraTurn, GrandSlam,
    Leftover, NoMove, Origin, Relay, RelayOn, RuleSet, SowCaptureBy, StoresSown, Unfed,
};

/// One topic of a rule set's explanation: a short title and a paragraph.
///
/// Serialised as `{"topic": ..., "text": ...}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct RuleText {
    /// The topic, such as `"Board"`, `"Sowing"` or `"Captures"`.
    pub topic: &'static str,
    /// The rules of that topic in plain English, numbers as digits.
    pub text: String,
}

/// A topic's title and the function that words it (`None`: the topic does
/// not apply to these rules).
type Topic = (&'static str, fn(&RuleSet) -> Option<String>);

/// The topics in the order a turn meets them.
const TOPICS: &[Topic] = &[
    ("Board", board),
    ("Sowing", sowing),
    ("Relay", relay),
    ("Extra turns", extra_turns),
    ("Captures", captures),
    ("Captures while sowing", sow_captures),
    ("Tuzdyk", tuzdyk),
    ("Grand slam", grand_slam),
    ("Feeding", feeding),
    ("No move", no_move),
    ("Pie rule", pie_rule),
    ("End", end),
    ("Scoring", scoring),
];

impl RuleSet {
    /// The rules in plain English, one [`RuleText`] per topic that applies,
    /// in play order: "Board", "Sowing", "Relay", "Extra turns", "Captures",
    /// "Captures while sowing", "Tuzdyk", "Grand slam", "Feeding", "No
    /// move", "Pie rule", "End", "Scoring".
    ///
    /// Every dimension that can change the game is said; those that cannot
    /// matter given the others (the capture counts of a game without count
    /// captures, the relay limit without relay sowing, ...) are left out.
    /// The rule set is expected to be valid ([`RuleSet::validate`]); an
    /// invalid one is still explained, without panicking.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::Preset;
    ///
    /// let kalah = Preset::Kalah.rules().explain();
    /// assert_eq!(kalah[0].topic, "Board");
    /// assert_eq!(
    ///     kalah[0].text,
    ///     "Each of the 2 players has 6 houses holding 4 seeds each (48 seeds in all), \
    ///      and a store on their right."
    /// );
    /// ```
    pub fn explain(&self) -> Vec<RuleText> {
        TOPICS
            .iter()
            .filter_map(|&(topic, words)| words(self).map(|text| RuleText { topic, text }))
            .collect()
    }
}

/// The number of players, their houses and seeds, and where the stores are.
fn board(r: &RuleSet) -> Option<String> {
    let right = if r.direction == Direction::Cw {
        "left"
    } else {
        "right"
    };
    let mut text = format!(
        "Each of the {} players has {} {} holding {} {} each ({} seeds in all), \
         and a store on their {right}.",
        r.players,
        r.houses,
        plural(r.houses.into(), "house", "houses"),
        r.seeds,
        plural(r.seeds.into(), "seed", "seeds"),
        r.total_seeds(),
    );
    if r.players > 2 {
        text.push_str(&format!(
            " The players sit round the board and take turns {}.",
            turn_way(r)
        ));
    }
    Some(text)
}

/// Which houses may be played, which way the seeds go, which stores they
/// pass through and what becomes of the emptied house.
fn sowing(r: &RuleSet) -> Option<String> {
    let which = if r.min_seeds <= 1 {
        "that holds seeds".to_string()
    } else {
        format!("that holds at least {} seeds", r.min_seeds)
    };
    let way = match r.direction {
        Direction::Ccw => "counter-clockwise into the cups that follow",
        Direction::Cw => "clockwise into the cups that follow",
        Direction::Parity => {
            "into the cups that follow: clockwise if you lifted an odd number of seeds, \
             counter-clockwise if an even number"
        }
    };
    let stores = match r.stores_sown {
        StoresSown::None => "skipping the stores, which only keep captured seeds".to_string(),
        StoresSown::Own => format!("including your own store but not {}", others_possessive(r)),
        StoresSown::All => "including every store on the way".to_string(),
    };
    let origin = match r.origin {
        Origin::Include => {
            "A sowing that goes all the way round drops a seed into the emptied house too."
        }
        Origin::Skip => "A sowing that goes all the way round skips the house it started from.",
        Origin::First => {
            "The first seed goes back into the emptied house, the rest into the cups after it."
        }
        Origin::FirstUnlessSingle if first_is_first(r) => {
            "The first seed goes back into the emptied house, the rest into the cups after it."
        }
        Origin::FirstUnlessSingle => {
            "The first seed goes back into the emptied house, the rest into the cups after it; \
             a single seed goes on to the next cup instead."
        }
    };
    Some(format!(
        "On your turn, pick one of your houses {which} and lift all its seeds. \
         Sow them one by one {way}, {stores}. {origin}"
    ))
}

/// Whether `first_unless_single` plays as `first`: no house holding a
/// single seed is ever sown from (`min_seeds` 2 or more, and no relay
/// from the next house, which may lift a single seed).
fn first_is_first(r: &RuleSet) -> bool {
    r.min_seeds >= 2 && r.relay != Relay::Next
}

/// Relay sowing: where it goes on from, which houses it lifts, its limit.
fn relay(r: &RuleSet) -> Option<String> {
    let store = if r.stores_sown == StoresSown::None {
        ""
    } else {
        " or a store"
    };
    let how = match r.relay {
        Relay::None => return None,
        Relay::Last => format!(
            "If the last seed lands in a house that already held seeds, lift all the seeds \
             of that house, the last one included, and go on sowing from the next cup. \
             The move ends when the last seed lands in an empty house{store}."
        ),
        Relay::Next => format!(
            "When the last seed has been sown, if the cup after it is a house holding seeds, \
             lift them and go on sowing from the cup after that house. The move ends when \
             that cup is an empty house{store}."
        ),
    };
    let on = match r.relay_on {
        RelayOn::Any => String::new(),
        RelayOn::Own => {
            " Only your own houses are lifted this way: on another side the move ends.".into()
        }
        RelayOn::Opponent => format!(
            " Only {} houses are lifted this way: on your own side the move ends.",
            others_possessive(r)
        ),
    };
    let fishing = if r.capture_ends_relay {
        " But a last seed that would capture (see the captures) captures there and ends \
         the move instead of being lifted."
    } else {
        ""
    };
    let legs = if r.origin == Origin::Include {
        ""
    } else {
        " Each lift is sown by the same rules, the house just lifted being the emptied one."
    };
    let lifts = plural(r.relay_limit.into(), "lift", "lifts");
    Some(format!(
        "{how}{on}{fishing}{legs} A move makes at most {} {lifts}; where one more would be made, \
         the move ends at once, with no capture and no extra turn.",
        r.relay_limit
    ))
}

/// Which store landings and captures earn another move.
fn extra_turns(r: &RuleSet) -> Option<String> {
    let store = match (r.stores_sown, r.extra_turn) {
        (StoresSown::None, _) | (_, ExtraTurn::None) => None,
        (StoresSown::All, ExtraTurn::AnyStore) => Some("lands in any store"),
        _ => Some("lands in your own store"),
    };
    let capture = r.capture_extra_turn && r.capture != Capture::None;
    let when = match (store, capture) {
        (None, false) => return None,
        (Some(store), false) => store.to_string(),
        (None, true) => "captures".to_string(),
        (Some(store), true) => format!("{store} or captures"),
    };
    let mut text = format!("If your last seed {when}, you move again.");
    if !r.first_move_extra_turn {
        text.push_str(" The very first move of the game never earns another move.");
    }
    Some(text)
}

/// What the last seed of a move captures, and when captures begin.
fn captures(r: &RuleSet) -> Option<String> {
    let mut text = match r.capture {
        Capture::None if can_capture(r) => "The last seed of a move captures nothing.".to_string(),
        Capture::None => "Nothing is ever captured.".to_string(),
        Capture::Opposite => opposite_capture(r),
        Capture::Count => count_capture(r),
        Capture::Next => format!(
            "If your last seed lands in a house, you capture the seeds of the house after it \
             (stores are skipped) if it holds seeds{}.",
            and_is_on(r)
        ),
        Capture::Gap => gap_capture(r),
    };
    if can_capture(r) && r.no_capture_moves > 0 {
        text.push_str(&match r.no_capture_moves {
            1 => " The first move of the game captures nothing.".to_string(),
            n => format!(" The first {n} moves of the game capture nothing."),
        });
    }
    Some(text)
}

/// Whether anything can ever be captured or claimed by a move.
fn can_capture(r: &RuleSet) -> bool {
    r.capture != Capture::None || !r.sow_capture_counts.is_empty() || r.tuzdyk
}

/// The Kalah family's capture, with its targets for 3 or 4 players.
fn opposite_capture(r: &RuleSet) -> String {
    let (houses, them) = match (r.players, r.capture_from) {
        (2, _) => ("the house opposite holds".to_string(), "its seeds"),
        (4, CaptureFrom::Opposite) => (
            format!(
                "{} holds",
                corresponding("house", "the player across the board")
            ),
            "its seeds",
        ),
        (_, CaptureFrom::All) => (
            format!("{} hold", corresponding("houses", "every other player")),
            "their seeds",
        ),
        _ => {
            let next = format!("the next player {}", turn_way(r));
            (
                format!("{} holds", corresponding("house", &next)),
                "its seeds",
            )
        }
    };
    let that = match (r.players, r.capture_from) {
        (2, _) => "the house opposite is",
        (_, CaptureFrom::All) => "those houses are all",
        _ => "that house is",
    };
    let empty = if r.capture_empty_opposite {
        format!("If {that} empty, the last seed alone goes to your store.")
    } else {
        format!("If {that} empty, nothing is captured.")
    };
    format!(
        "If your last seed lands in an empty house of your own and {houses} seeds, \
         you capture {them} together with that last seed into your store. {empty}"
    )
}

/// "the corresponding house of `whose`", with what corresponds to what.
fn corresponding(house: &str, whose: &str) -> String {
    format!(
        "the corresponding {house} of {whose} (your house next to your store faces their \
         house 1, and so on)"
    )
}

/// The Oware family's capture: the counts, the side and the chain.
fn count_capture(r: &RuleSet) -> String {
    let counts = counts_phrase(r.capture_counts, r.total_seeds());
    let side = match r.capture_side {
        CaptureSide::Opponent => " on your opponent's side",
        CaptureSide::Own => " on your own side",
        CaptureSide::Any => " on either side",
    };
    let mut text = format!(
        "If your last seed makes a house{side} hold {counts}, you capture the seeds of that house into your store."
    );
    if r.chain {
        text.push_str(&format!(
            " Then the capture goes back over the houses before it, one by one, taking each \
             that also holds {counts}{side}, and stops at the first that does not."
        ));
    }
    text
}

/// The Pallanguzhi family's capture across an empty house.
fn gap_capture(r: &RuleSet) -> String {
    let opposite = if r.gap_opposite && r.players == 2 {
        " together with the seeds of the house opposite it"
    } else {
        ""
    };
    let mut text = format!(
        "If your last seed lands in a house, the house after it is empty and the one beyond \
         holds seeds{}, you capture the seeds of that house beyond{opposite} (stores are \
         skipped).",
        and_is_on(r)
    );
    if r.chain {
        text.push_str(&format!(
            " The capture goes on while the pattern repeats: an empty house, then one \
             holding seeds{}.",
            on_side(r)
        ));
    }
    text
}

/// The side condition of the `next` and `gap` captures: " and is on
/// your opponent's side", or nothing when any side will do.
fn and_is_on(r: &RuleSet) -> String {
    match on_side(r) {
        "" => String::new(),
        side => format!(" and is{side}"),
    }
}

/// Where the `next` and `gap` captures may take a house.
fn on_side(r: &RuleSet) -> &'static str {
    match (r.capture_side, r.players) {
        (CaptureSide::Opponent, 2) => " on your opponent's side",
        (CaptureSide::Opponent, _) => " on another player's side",
        (CaptureSide::Own, _) => " on your own side",
        (CaptureSide::Any, _) => "",
    }
}

/// Houses taken while the seeds are being sown.
fn sow_captures(r: &RuleSet) -> Option<String> {
    if r.sow_capture_counts.is_empty() {
        return None;
    }
    let store = match r.sow_capture_by {
        SowCaptureBy::Owner => "the store of the house's owner",
        SowCaptureBy::Sower => "your store",
    };
    Some(format!(
        "While you sow, every seed but the very last of the move that makes a house hold {} \
         takes that house's seeds at once to {store}, whichever side the house is on.",
        counts_phrase(r.sow_capture_counts, r.total_seeds())
    ))
}

/// Toguz Kumalak's tuzdyk.
fn tuzdyk(r: &RuleSet) -> Option<String> {
    if !r.tuzdyk {
        return None;
    }
    Some(format!(
        "Once in a game, if your last seed makes a house of your opponent's hold exactly {} \
         {}, that house becomes your tuzdyk, unless it is their house {} or has the number of \
         your house that is their tuzdyk. Its seeds go to your store, and from then on every \
         seed sown into it goes to your store.",
        r.tuzdyk_count,
        plural(r.tuzdyk_count.into(), "seed", "seeds"),
        r.houses
    ))
}

/// What becomes of a capture that would empty the opponent's side.
fn grand_slam(r: &RuleSet) -> Option<String> {
    if r.players != 2 || !takes_from_opponent(r) {
        return None;
    }
    let what = match r.grand_slam {
        GrandSlam::Allowed => return None,
        GrandSlam::NoCapture => "may be played, but captures nothing",
        GrandSlam::Forbidden => "may not be played",
    };
    Some(format!(
        "A move whose capture would take every seed left on your opponent's side \
         (a grand slam) {what}."
    ))
}

/// Whether the last seed's capture can take seeds from the opponent.
fn takes_from_opponent(r: &RuleSet) -> bool {
    match r.capture {
        Capture::None => false,
        Capture::Opposite => true,
        Capture::Count | Capture::Next => r.capture_side != CaptureSide::Own,
        Capture::Gap => r.capture_side != CaptureSide::Own || r.gap_opposite,
    }
}

/// The duty to feed an opponent whose houses are empty.
fn feeding(r: &RuleSet) -> Option<String> {
    if !r.must_feed {
        return None;
    }
    let unfed = match r.unfed {
        Unfed::AnyMove => "If no move can, you may play any move.",
        Unfed::EndToMover => "If no move can, the game ends and you take every seed left.",
        Unfed::EndToStarving => {
            "If no move can, the game ends and your opponent takes every seed left. \
             A player who cannot move because their houses are empty also takes every seed left."
        }
    };
    Some(format!(
        "If your opponent has no seeds in their houses, you must play a move that leaves \
         them at least one, if you can. {unfed}"
    ))
}

/// Whether the player to move can ever have no legal move while the game
/// goes on. Not when a side emptying ends the game, every house with
/// seeds may be played and no grand slam is forbidden: then the side to
/// move always holds a seed it may sow.
fn can_lack_move(r: &RuleSet) -> bool {
    let empty_side_ends =
        r.end.contains(EndCondition::AnySideEmpty) || r.end.contains(EndCondition::EmptyFirst);
    !(empty_side_ends && r.min_seeds <= 1 && r.grand_slam != GrandSlam::Forbidden)
}

/// Passing when a player cannot move.
fn no_move(r: &RuleSet) -> Option<String> {
    (r.no_move == NoMove::Pass && can_lack_move(r)).then(|| {
        "A player who has no legal move is skipped: the turn goes on to the next player \
         who can move."
            .to_string()
    })
}

/// Swapping sides after the first turn.
fn pie_rule(r: &RuleSet) -> Option<String> {
    r.pie_rule.then(|| {
        "Once the first player has finished their first turn, the second player may swap \
         sides instead of moving: they take the side that opened, and the first player \
         moves next, from the other side."
            .to_string()
    })
}

/// Every way the game ends.
fn end(r: &RuleSet) -> Option<String> {
    let total = r.total_seeds();
    let mut when = Vec::new();
    if r.end.contains(EndCondition::AnySideEmpty) {
        when.push("a player's houses are all empty after a move".to_string());
    }
    if r.end.contains(EndCondition::Majority) {
        when.push(format!(
            "a player holds more than half of the {total} seeds in their store ({} or more)",
            total / 2 + 1
        ));
        if total.is_multiple_of(2) {
            let two = if r.players == 2 { "both" } else { "two" };
            when.push(format!("{two} players hold {} each", total / 2));
        }
    }
    if r.end.contains(EndCondition::Repetition) {
        when.push("a position comes back (an endless cycle)".to_string());
    }
    if can_lack_move(r) {
        when.push(match r.no_move {
            NoMove::End => "the player to move has no legal move".to_string(),
            NoMove::Pass => "no player can move".to_string(),
        });
    }
    let mut sentences = Vec::new();
    if !when.is_empty() {
        sentences.push(format!("The game ends when {}.", or_list(&when, "when ")));
    }
    if r.end.contains(EndCondition::EmptyFirst) {
        let others = if r.players > 2 {
            " The others are ranked by the seeds left in their houses, fewest first."
        } else {
            ""
        };
        sentences.push(format!(
            "A player whose houses become empty wins at once, and the seeds left stay where \
             they are.{others}"
        ));
    }
    Some(sentences.join(" "))
}

/// Where the seeds left on the board go, and who wins.
fn scoring(r: &RuleSet) -> Option<String> {
    let mut sentences = Vec::new();
    let leftover_counts = leftover_matters(r);
    if leftover_counts {
        sentences.push(format!(
            "When the game ends, the seeds left in the houses {}.",
            leftover(r.leftover, r.players)
        ));
    }
    if !leftover_counts || r.cycle_leftover != r.leftover {
        sentences.push(format!(
            "When the game ends as an endless cycle (a position comes back, or the players agree \
             to stop), the seeds left in the houses {}.",
            leftover(r.cycle_leftover, r.players)
        ));
    }
    let rank = if r.players == 2 {
        "the player with more seeds in their store wins; equal stores are a draw."
    } else {
        "players are ranked by the seeds in their stores, most first; equal stores share a place."
    };
    sentences.push(if r.end.contains(EndCondition::EmptyFirst) {
        format!("If no player emptied their houses, {rank}")
    } else {
        capitalised(rank)
    });
    let text = sentences.join(" ");
    Some(text)
}

/// Whether `leftover` can ever be used. Not when emptying a side wins at
/// once, no player can be left without a move and no majority ends the
/// game: every end then leaves the board as it is or is a cycle.
fn leftover_matters(r: &RuleSet) -> bool {
    !(r.end.contains(EndCondition::EmptyFirst)
        && !can_lack_move(r)
        && !r.end.contains(EndCondition::Majority))
}

/// What a leftover rule does with the seeds left in the houses.
fn leftover(l: Leftover, players: u8) -> &'static str {
    match (l, players) {
        (Leftover::Owner, _) => "go to their owners' stores",
        (Leftover::Discard, _) => "count for nobody",
        (Leftover::Split, _) => {
            "are shared equally among the players, and those that cannot be shared count \
             for nobody"
        }
        (Leftover::LastMover, _) => "all go to the player who made the last move",
        (Leftover::SplitPoorer, 2) => {
            "are shared equally; an odd seed goes to the player with fewer seeds in their \
             store, and counts for nobody when both have as many"
        }
        (Leftover::SplitPoorer, _) => {
            "are shared equally; those that cannot be shared go one each to the players \
             with the fewest seeds in their stores, fewest first, and count for nobody \
             between players with as many"
        }
    }
}

/// Which way the turn passes (and the seeds go round the board's order).
fn turn_way(r: &RuleSet) -> &'static str {
    if r.direction == Direction::Cw {
        "clockwise"
    } else {
        "counter-clockwise"
    }
}

/// `text` with its first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// `one` or `many` by `n`.
fn plural(n: usize, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 { one } else { many }
}

/// "a, b or c", each item after the first led by `lead`.
fn or_list(items: &[String], lead: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => {
            let init: Vec<String> = init
                .iter()
                .enumerate()
                .map(|(i, item)| {
                    if i == 0 {
                        item.clone()
                    } else {
                        format!("{lead}{item}")
                    }
                })
                .collect();
            format!("{}, or {lead}{last}", init.join(", "))
        }
    }
}

/// A set of seed counts as words: "1 seed", "2 or 3 seeds", "2, 4 or 6
/// seeds", "an even number of seeds" (every even count the game's `total`
/// seeds allow), "an even number of seeds from 4 to 20". Counts above the
/// total cannot occur and are left out, unless nothing else is left.
fn counts_phrase(set: CountSet, total: usize) -> String {
    let possible: Vec<u8> = set.iter().filter(|&c| usize::from(c) <= total).collect();
    let counts = if possible.is_empty() {
        set.iter().collect()
    } else {
        possible
    };
    if let Some(words) = progression(&counts, total) {
        return words;
    }
    let numbers: Vec<String> = counts.iter().map(u8::to_string).collect();
    let list = match numbers.as_slice() {
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
        [] => "no number of".to_string(),
    };
    let seeds = if counts == [1] { "seed" } else { "seeds" };
    format!("{list} {seeds}")
}

/// Words for a run of 4 or more counts one or two apart ("an even number
/// of seeds"), or `None`.
fn progression(counts: &[u8], total: usize) -> Option<String> {
    let (&first, &last) = (counts.first()?, counts.last()?);
    if counts.len() < 4 {
        return None;
    }
    let step = counts[1] - counts[0];
    if !(1..=2).contains(&step) || counts.windows(2).any(|w| w[1] - w[0] != step) {
        return None;
    }
    let kind = match (step, first % 2) {
        (1, _) => "any number of seeds",
        (_, 0) => "an even number of seeds",
        _ => "an odd number of seeds",
    };
    let lowest = if step == 2 && first % 2 == 0 { 2 } else { 1 };
    let whole = first == lowest && usize::from(last) + usize::from(step) > total;
    Some(if whole {
        kind.to_string()
    } else {
        format!("{kind} from {first} to {last}")
    })
}

/// "your opponent's" with two players, "the other players'" with more.
fn others_possessive(r: &RuleSet) -> &'static str {
    if r.players == 2 {
        "your opponent's"
    } else {
        "the other players'"
    }
}
