//! The rules of a rule set as data, topic by topic, for players who never
//! read docs/rules.md: what the home page and `mancala rules explain`
//! word. Built from the rule set itself, so house rules and rule files
//! are explained as well as the presets.
//!
//! Core decides what is said (which topics apply, which dimensions
//! matter, which of two phrasings fits); the words are the catalogs'
//! (`crates/mancala-i18n/locales/<lang>/rules.ftl`), one message per id
//! below. Every id is a literal here, so a test can list them all.

use serde::Serialize;

use crate::phrase::{Phrase, PhraseArg};
use crate::ruleset::{
    Capture, CaptureBeforeSowing, CaptureFrom, CaptureSide, ChildKind, CountSet, Direction,
    EndCondition, EndSeedsTo, ExtraTurn, FirstMove, GrandSlam, LapCapture, Leftover, NoMove,
    Origin, Relay, RelayOn, RoundFill, RoundStarter, Rounds, RuleSet, SowCaptureBy, StoresSown,
    TerritoryRest, Unfed,
};

/// One topic of a rule set's explanation: its id and its sentences.
///
/// Serialised as `{"id": "board", "phrases": [...]}` (see [`Phrase`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct RuleTopic {
    /// The topic: `board`, `sowing`, `relay`, `extra_turns`, `captures`,
    /// `sow_captures`, `tuzdyk`, `children`, `grand_slam`, `feeding`, `no_move`,
    /// `pie_rule`, `end`, `scoring` or `rounds`.
    pub id: &'static str,
    /// The message id of the topic's title: `rules-topic-` and the id in
    /// kebab case (`rules-topic-extra-turns`). Not serialised: a front
    /// end finds it from `id` the same way.
    #[serde(skip)]
    pub title: &'static str,
    /// The topic's sentences, in order.
    pub phrases: Vec<Phrase>,
}

/// A topic's id, the message id of its title, and the function that
/// says it (`None`: the topic does not apply to these rules).
type Topic = (
    &'static str,
    &'static str,
    fn(&RuleSet) -> Option<Vec<Phrase>>,
);

/// The topics in the order a turn meets them.
const TOPICS: &[Topic] = &[
    ("board", "rules-topic-board", board),
    ("sowing", "rules-topic-sowing", sowing),
    ("relay", "rules-topic-relay", relay),
    ("extra_turns", "rules-topic-extra-turns", extra_turns),
    ("captures", "rules-topic-captures", captures),
    ("sow_captures", "rules-topic-sow-captures", sow_captures),
    ("tuzdyk", "rules-topic-tuzdyk", tuzdyk),
    ("children", "rules-topic-children", children),
    ("grand_slam", "rules-topic-grand-slam", grand_slam),
    ("feeding", "rules-topic-feeding", feeding),
    ("no_move", "rules-topic-no-move", no_move),
    ("pie_rule", "rules-topic-pie-rule", pie_rule),
    ("end", "rules-topic-end", end),
    ("scoring", "rules-topic-scoring", scoring),
    ("rounds", "rules-topic-rounds", rounds),
];

impl RuleSet {
    /// The rules as data, one [`RuleTopic`] per topic that applies, in
    /// play order: `board`, `sowing`, `relay`, `extra_turns`, `captures`,
    /// `sow_captures`, `tuzdyk`, `children`, `grand_slam`, `feeding`, `no_move`,
    /// `pie_rule`, `end`, `scoring`, and `rounds` for a match in rounds
    /// (what a round leaves behind comes after a game's end and score).
    /// Each topic's sentences are
    /// [`Phrase`]s, message ids with arguments, for a front end to word
    /// in its language (`mancala_i18n::Words` does, in Rust).
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
    /// use mancala_core::{Phrase, Preset};
    ///
    /// let kalah = Preset::Kalah.rules().explain();
    /// assert_eq!(kalah[0].id, "board");
    /// assert_eq!(kalah[0].title, "rules-topic-board");
    /// assert_eq!(
    ///     kalah[0].phrases,
    ///     [Phrase::new("rules-board")
    ///         .number("players", 2u8)
    ///         .number("houses", 6u8)
    ///         .number("seeds", 4u8)
    ///         .number("total", 48u8)
    ///         .word("store_side", "right")]
    /// );
    /// ```
    pub fn explain(&self) -> Vec<RuleTopic> {
        TOPICS
            .iter()
            .filter_map(|&(id, title, say)| {
                say(self).map(|phrases| RuleTopic { id, title, phrases })
            })
            .collect()
    }
}

/// A count as a phrase argument (the limits keep every count far below
/// `u32::MAX`; an absurd invalid one saturates).
pub(crate) fn n(count: usize) -> u32 {
    u32::try_from(count).unwrap_or(u32::MAX)
}

/// The number of players, their houses and seeds, and where the stores are.
fn board(r: &RuleSet) -> Option<Vec<Phrase>> {
    let side = if r.direction == Direction::Cw {
        "left"
    } else {
        "right"
    };
    let counts = r.layout.counts();
    // A layout of equal counts is the uniform board of that many seeds.
    let start = match counts.split_first() {
        _ if r.deals_each_game() => Phrase::new("rules-board-dealt-each-game")
            .number("players", r.players)
            .number("houses", r.houses)
            .number("total", n(r.total_seeds()))
            .number("least", r.seeds.min(2))
            .word("store_side", side),
        _ if r.layout_seed != 0 => Phrase::new("rules-board-dealt")
            .number("players", r.players)
            .number("houses", r.houses)
            .number("total", n(r.total_seeds()))
            .number("least", r.seeds.min(2))
            .number("seed", r.layout_seed)
            .word("store_side", side),
        Some((&first, rest)) if rest.iter().any(|&c| c != first) => {
            Phrase::new("rules-board-layout")
                .number("players", r.players)
                .number("houses", r.houses)
                .phrase("layout", layout_phrase(counts))
                .number("total", n(r.total_seeds()))
                .word("store_side", side)
        }
        first => Phrase::new("rules-board")
            .number("players", r.players)
            .number("houses", r.houses)
            .number("seeds", first.map_or(r.seeds, |(&c, _)| c))
            .number("total", n(r.total_seeds()))
            .word("store_side", side),
    };
    let mut phrases = vec![start];
    if r.players > 2 {
        phrases.push(Phrase::new("rules-board-turns").word("turns", turn_way(r)));
    }
    Some(phrases)
}

/// A start layout's counts, house 1 first, as a list without a
/// conjunction ("4, 0, 4"): each count a phrase holding the rest, so that
/// every front end words it with the phrases it already has.
fn layout_phrase(counts: &[u8]) -> Phrase {
    let (&last, before) = counts.split_last().unwrap_or((&0, &[]));
    let mut phrase = Phrase::new("rules-layout-last").number("count", last);
    for &count in before.iter().rev() {
        phrase = Phrase::new("rules-layout-next")
            .number("count", count)
            .phrase("rest", phrase);
    }
    phrase
}

/// The keyword of the stores a sowing passes through (`stores_sown`).
pub(crate) fn stores_word(r: &RuleSet) -> &'static str {
    match r.stores_sown {
        StoresSown::None => "none",
        StoresSown::Own => "own",
        StoresSown::All => "all",
    }
}

/// The keyword of what a lap does with the emptied house (`origin`), a
/// `first_unless_single` that always plays as `first` worded as `first`.
pub(crate) fn origin_word(r: &RuleSet) -> &'static str {
    match r.origin {
        Origin::Include => "include",
        Origin::Skip => "skip",
        Origin::First => "first",
        Origin::FirstUnlessSingle if first_is_first(r) => "first",
        Origin::FirstUnlessSingle => "first_unless_single",
    }
}

/// Which houses may be played, which way the seeds go, which stores they
/// pass through and what becomes of the emptied house.
fn sowing(r: &RuleSet) -> Option<Vec<Phrase>> {
    let stores = stores_word(r);
    let origin = origin_word(r);
    let mut phrases = vec![
        // 1 is "a house that holds seeds": min_seeds 0 plays as 1.
        Phrase::new("rules-sowing-pick").number("min_seeds", r.min_seeds.max(1)),
        Phrase::new("rules-sowing-sow")
            .word("direction", direction_word(r))
            .word("stores", stores)
            .number("players", r.players),
    ];
    // Some houses only: which (every house is worded as `chosen` above).
    let chosen: Vec<u32> = r.direction_choice.iter().map(u32::from).collect();
    if !chosen.is_empty() && chosen.len() < usize::from(r.houses) {
        let count = chosen.len() as u32;
        // One house is a number; several, a list.
        let houses = match chosen[..] {
            [house] => PhraseArg::Number(house),
            _ => PhraseArg::Numbers(chosen),
        };
        phrases.push(
            Phrase::new("rules-sowing-choice")
                .number("count", count)
                .with("houses", houses),
        );
    }
    phrases.push(Phrase::new("rules-sowing-origin").word("origin", origin));
    if r.reach_opponent {
        phrases.push(Phrase::new("rules-sowing-reach").number("houses", r.houses));
    }
    if r.single_to_empty {
        phrases.push(Phrase::new("rules-sowing-single-to-empty"));
    }
    if r.capacity > 0 {
        phrases.push(Phrase::new("rules-sowing-capacity").number("count", r.capacity));
    }
    // `first_move = last_house` (Sadeqa IV).
    if r.first_move == FirstMove::LastHouse {
        phrases.push(Phrase::new("rules-sowing-first-move-last").number("house", r.houses));
    }
    // `no_undo` (Alemungula).
    if r.no_undo {
        phrases.push(Phrase::new("rules-sowing-no-undo"));
    }
    // `no_sides` (NoSides, Eson Xorgol).
    if r.no_sides {
        phrases.push(Phrase::new("rules-sowing-no-sides").number("houses", r.houses));
    }
    Some(phrases)
}

/// Which way the seeds go: `ccw`, `cw`, `parity`, `split`, `opposed`, or `chosen`
/// when the mover chooses the direction of every house
/// (`direction_choice`).
pub(crate) fn direction_word(r: &RuleSet) -> &'static str {
    if !r.direction_choice.is_empty() && r.direction_choice.len() >= usize::from(r.houses) {
        return "chosen";
    }
    match r.direction {
        Direction::Ccw => "ccw",
        Direction::Cw => "cw",
        Direction::Parity => "parity",
        Direction::Split => "split",
        Direction::Opposed => "opposed",
    }
}

/// Whether `first_unless_single` plays as `first`: no house holding a
/// single seed is ever sown from (`min_seeds` 2 or more, and no relay
/// from the next house, which may lift a single seed).
pub(crate) fn first_is_first(r: &RuleSet) -> bool {
    r.min_seeds >= 2 && r.relay != Relay::Next
}

/// Relay sowing: where it goes on from, which houses it lifts, its limit.
fn relay(r: &RuleSet) -> Option<Vec<Phrase>> {
    let ends = if r.stores_sown == StoresSown::None {
        "house"
    } else {
        "house_or_store"
    };
    let mut phrases = match r.relay {
        Relay::None => return None,
        Relay::Last => vec![
            Phrase::new("rules-relay-last"),
            Phrase::new("rules-relay-last-ends").word("ends", ends),
        ],
        Relay::Next => vec![
            Phrase::new("rules-relay-next"),
            Phrase::new("rules-relay-next-ends").word("ends", ends),
        ],
    };
    let on = match r.relay_on {
        RelayOn::Any => None,
        RelayOn::Own => Some("own"),
        RelayOn::Opponent => Some("opponent"),
    };
    if let Some(on) = on {
        phrases.push(
            Phrase::new("rules-relay-on")
                .word("relay_on", on)
                .number("players", r.players),
        );
    }
    if !r.relay_counts.is_empty() {
        phrases.push(
            Phrase::new("rules-relay-counts")
                .word(
                    "relay",
                    if r.relay == Relay::Next {
                        "next"
                    } else {
                        "last"
                    },
                )
                .phrase("counts", counts_phrase(r.relay_counts, r.total_seeds())),
        );
    }
    // `relay_store`: the mover's own store is lifted too (CrossCapt Eight).
    if r.relay_store {
        phrases.push(Phrase::new("rules-relay-store"));
    }
    if r.capture_ends_relay {
        phrases.push(Phrase::new("rules-relay-capture-ends"));
    }
    // `lap_capture`: a leg's landing captures before the sowing goes on.
    match r.lap_capture {
        LapCapture::None => {}
        LapCapture::Relay => phrases.push(Phrase::new("rules-relay-lap-capture-relay")),
        LapCapture::Next => phrases.push(Phrase::new("rules-relay-lap-capture-next")),
    }
    if r.origin != Origin::Include {
        phrases.push(Phrase::new("rules-relay-legs"));
    }
    phrases.push(Phrase::new("rules-relay-limit").number("limit", r.relay_limit));
    Some(phrases)
}

/// Which last seeds earn another move: `own_store`, `any_store`,
/// `capture`, `own_store_or_capture` or `any_store_or_capture`; `None`
/// when no move ever earns one.
pub(crate) fn extra_turn_when(r: &RuleSet) -> Option<&'static str> {
    // Some(true): any store on the track; Some(false): the mover's own.
    let any_store = match (r.stores_sown, r.extra_turn) {
        (StoresSown::None, _) | (_, ExtraTurn::None) => None,
        (StoresSown::All, ExtraTurn::AnyStore) => Some(true),
        _ => Some(false),
    };
    let capture = r.capture_extra_turn && r.capture != Capture::None;
    match (any_store, capture) {
        (None, false) => None,
        (Some(true), false) => Some("any_store"),
        (Some(false), false) => Some("own_store"),
        (None, true) => Some("capture"),
        (Some(true), true) => Some("any_store_or_capture"),
        (Some(false), true) => Some("own_store_or_capture"),
    }
}

/// The most extra moves captures earn in a turn, when captures earn
/// any and `capture_extra_turn_limit` limits them.
pub(crate) fn capture_turn_limit(r: &RuleSet) -> Option<u8> {
    let earns = r.capture_extra_turn && r.capture != Capture::None;
    (earns && r.capture_extra_turn_limit > 0).then_some(r.capture_extra_turn_limit)
}

/// Which store landings and captures earn another move.
fn extra_turns(r: &RuleSet) -> Option<Vec<Phrase>> {
    let when = extra_turn_when(r)?;
    let mut phrases = vec![Phrase::new("rules-extra-turn").word("when", when)];
    if let Some(limit) = capture_turn_limit(r) {
        phrases.push(Phrase::new("rules-extra-turn-capture-limit").number("limit", limit));
    }
    if !r.first_move_extra_turn {
        phrases.push(Phrase::new("rules-extra-turn-not-first"));
    }
    Some(phrases)
}

/// What the last seed of a move captures, and when captures begin.
fn captures(r: &RuleSet) -> Option<Vec<Phrase>> {
    let mut phrases = match r.capture {
        Capture::None if can_capture(r) => vec![Phrase::new("rules-capture-none")],
        // A child's making takes its seeds: not "nothing is ever
        // captured" (children refuse every other capture, docs/rules.md
        // section 14).
        Capture::None if r.children && r.child_kind == ChildKind::Weg => {
            vec![Phrase::new("rules-capture-wegs")]
        }
        Capture::None if r.children => vec![Phrase::new("rules-capture-children")],
        Capture::None => vec![Phrase::new("rules-capture-never")],
        Capture::Opposite => opposite_capture(r),
        Capture::Count => count_capture(r),
        Capture::Next => vec![Phrase::new("rules-capture-next").word("side", on_side(r))],
        Capture::Gap => gap_capture(r),
        Capture::Match => vec![Phrase::new("rules-capture-match").word("side", on_side(r))],
    };
    if can_capture(r) && r.no_capture_moves > 0 {
        phrases.push(Phrase::new("rules-capture-first-moves").number("moves", r.no_capture_moves));
    }
    // `single_seed_captures` off: only the last seed's capture (or
    // tuzdyk) is lost, so it matters only when there is one.
    if !r.single_seed_captures && (r.capture != Capture::None || r.tuzdyk) {
        phrases.push(Phrase::new("rules-capture-single-seed"));
    }
    // `capture_before_sowing`: what a lift takes before its seeds are sown.
    let before = match r.capture_before_sowing {
        CaptureBeforeSowing::None => None,
        CaptureBeforeSowing::FirstSeed => Some("first_seed"),
        CaptureBeforeSowing::SingleOpposite => Some("single_opposite"),
    };
    if let Some(kind) = before {
        phrases.push(Phrase::new("rules-capture-before-sowing").word("kind", kind));
    }
    if r.capture_opponent_store {
        phrases.push(Phrase::new("rules-capture-opponent-store"));
    }
    // `pass_store` (SimpleCapt PCapt).
    if r.pass_store {
        phrases.push(Phrase::new("rules-capture-pass-store"));
    }
    Some(phrases)
}

/// Whether anything can ever be captured or claimed by a move.
pub(crate) fn can_capture(r: &RuleSet) -> bool {
    r.capture != Capture::None
        || !r.sow_capture_counts.is_empty()
        || r.tuzdyk
        || r.capture_before_sowing != CaptureBeforeSowing::None
        || r.capture_opponent_store
        || r.pass_store
}

/// The Kalah family's capture, with its targets for 3 or 4 players:
/// `opposite` (2 players), `across` (the player across the board),
/// `all` (every other player) or `next` (the next player in turn).
fn opposite_capture(r: &RuleSet) -> Vec<Phrase> {
    let target = opposite_target(r);
    let empty = if r.capture_empty_opposite {
        "last_seed"
    } else {
        "nothing"
    };
    // Under `capture_leaves_seed` the last seed stays in its house.
    let capture = if r.capture_leaves_seed {
        "rules-capture-opposite-leave"
    } else {
        "rules-capture-opposite"
    };
    let leave = if r.capture_leaves_seed { "yes" } else { "no" };
    // Two players, `capture_side` any or own: a last seed in an empty
    // house of the opponent's takes the mover's own house across.
    let across = |side: &'static str| {
        Phrase::new("rules-capture-opposite-across")
            .word("side", side)
            .word("leave", leave)
    };
    match (r.players, r.capture_side) {
        (2, CaptureSide::Own) => vec![across("own")],
        (2, CaptureSide::Any) => vec![
            Phrase::new(capture)
                .word("target", target)
                .word("turns", turn_way(r)),
            Phrase::new("rules-capture-opposite-empty")
                .word("target", target)
                .word("empty", empty),
            across("any"),
        ],
        _ => vec![
            Phrase::new(capture)
                .word("target", target)
                .word("turns", turn_way(r)),
            Phrase::new("rules-capture-opposite-empty")
                .word("target", target)
                .word("empty", empty),
        ],
    }
}

/// Whose corresponding houses the Kalah family's capture takes:
/// `opposite` (2 players), `across`, `all` or `next`.
pub(crate) fn opposite_target(r: &RuleSet) -> &'static str {
    match (r.players, r.capture_from) {
        (2, _) => "opposite",
        (4, CaptureFrom::Opposite) => "across",
        (_, CaptureFrom::All) => "all",
        _ => "next",
    }
}

/// The Oware family's capture: the counts, the side and the chain.
fn count_capture(r: &RuleSet) -> Vec<Phrase> {
    let counts = counts_phrase(r.capture_counts, r.total_seeds());
    // Under `opponent_first` the chain goes on on either side.
    let (side, chain_side) = match r.capture_side {
        CaptureSide::Opponent => ("opponent", "opponent"),
        CaptureSide::Own => ("own", "own"),
        CaptureSide::Any => ("any", "any"),
        CaptureSide::OpponentFirst => ("opponent", "any"),
    };
    let mut phrases = vec![
        Phrase::new("rules-capture-count")
            .word("side", side)
            .phrase("counts", counts.clone()),
    ];
    if r.chain {
        phrases.push(
            Phrase::new("rules-capture-count-chain")
                .word("side", chain_side)
                .phrase("counts", counts),
        );
        phrases.extend(chain_limit(r));
    }
    phrases
}

/// The most houses one chain capture takes, when `chain_limit` limits it.
fn chain_limit(r: &RuleSet) -> Option<Phrase> {
    (r.chain_limit > 0)
        .then(|| Phrase::new("rules-capture-chain-limit").number("limit", r.chain_limit))
}

/// The Pallanguzhi family's capture across an empty house.
fn gap_capture(r: &RuleSet) -> Vec<Phrase> {
    let take = if r.gap_opposite && r.players == 2 {
        "beyond_and_opposite"
    } else {
        "beyond"
    };
    let mut phrases = vec![
        Phrase::new("rules-capture-gap")
            .word("side", on_side(r))
            .word("take", take),
    ];
    if r.chain {
        // Under `opponent_first` the chain goes on on any side.
        let side = if r.capture_side == CaptureSide::OpponentFirst {
            "any"
        } else {
            on_side(r)
        };
        phrases.push(Phrase::new("rules-capture-gap-chain").word("side", side));
        phrases.extend(chain_limit(r));
    }
    // `gap_occupied` (Eson Xorgol).
    if r.gap_occupied {
        phrases.push(Phrase::new("rules-capture-gap-occupied"));
    }
    phrases
}

/// Where the `next` and `gap` captures may take a house (the first
/// house, under `opponent_first`): `opponent` (of two players), `others`
/// (another player's side), `own` or `any`.
pub(crate) fn on_side(r: &RuleSet) -> &'static str {
    match (r.capture_side, r.players) {
        (CaptureSide::Opponent | CaptureSide::OpponentFirst, 2) => "opponent",
        (CaptureSide::Opponent | CaptureSide::OpponentFirst, _) => "others",
        (CaptureSide::Own, _) => "own",
        (CaptureSide::Any, _) => "any",
    }
}

/// Houses taken while the seeds are being sown.
fn sow_captures(r: &RuleSet) -> Option<Vec<Phrase>> {
    if r.sow_capture_counts.is_empty() {
        return None;
    }
    let store = match r.sow_capture_by {
        SowCaptureBy::Owner => "owner",
        SowCaptureBy::Sower => "sower",
        SowCaptureBy::SowerOwn => "sower_own",
    };
    // Under `sow_capture_last` the last seed takes its house too.
    let id = if r.sow_capture_last {
        "rules-sow-capture-last"
    } else {
        "rules-sow-capture"
    };
    Some(vec![
        Phrase::new(id)
            .phrase(
                "counts",
                counts_phrase(r.sow_capture_counts, r.total_seeds()),
            )
            .word("store", store),
    ])
}

/// Toguz Kumalak's tuzdyk (Toguz Xorgol's under `tuzdyk_across`).
fn tuzdyk(r: &RuleSet) -> Option<Vec<Phrase>> {
    r.tuzdyk.then(|| {
        let key = if r.tuzdyk_across {
            "rules-tuzdyk-across"
        } else {
            "rules-tuzdyk"
        };
        vec![
            Phrase::new(key)
                .number("count", r.tuzdyk_count)
                .number("house", r.houses),
            Phrase::new("rules-tuzdyk-store"),
        ]
    })
}

/// Children (`children`, `child_count`, `child_skip`, `child_kind`;
/// Krur, Qelat II).
fn children(r: &RuleSet) -> Option<Vec<Phrase>> {
    r.children.then(|| {
        let key = match r.child_kind {
            ChildKind::Store => "rules-children",
            ChildKind::Weg => "rules-children-weg",
        };
        let mut phrases = vec![Phrase::new(key).number("count", r.child_count)];
        if r.child_skip {
            phrases.push(Phrase::new("rules-children-skip"));
        }
        phrases
    })
}

/// What becomes of a capture that would empty the opponent's side.
fn grand_slam(r: &RuleSet) -> Option<Vec<Phrase>> {
    let rule = grand_slam_rule(r)?;
    Some(vec![
        Phrase::new("rules-grand-slam").word("grand_slam", rule),
    ])
}

/// The grand slam rule when it can matter: `no_capture`, `forbidden` or
/// `leave_first`.
pub(crate) fn grand_slam_rule(r: &RuleSet) -> Option<&'static str> {
    if r.players != 2 || !takes_from_opponent(r) {
        return None;
    }
    match r.grand_slam {
        GrandSlam::Allowed => None,
        GrandSlam::NoCapture => Some("no_capture"),
        GrandSlam::Forbidden => Some("forbidden"),
        GrandSlam::LeaveFirst => Some("leave_first"),
    }
}

/// Whether the last seed's capture can take seeds from the opponent.
fn takes_from_opponent(r: &RuleSet) -> bool {
    match r.capture {
        Capture::None => false,
        // Under `own` only a capturing seed on the opponent's side.
        Capture::Opposite => r.capture_side != CaptureSide::Own || !r.capture_leaves_seed,
        Capture::Count | Capture::Next => r.capture_side != CaptureSide::Own,
        Capture::Gap => r.capture_side != CaptureSide::Own || r.gap_opposite,
        // One of the two houses taken is the opponent's.
        Capture::Match => true,
    }
}

/// The duty to feed an opponent whose houses are empty.
fn feeding(r: &RuleSet) -> Option<Vec<Phrase>> {
    if !r.must_feed {
        return None;
    }
    let unfed = match r.unfed {
        Unfed::AnyMove => "any_move",
        Unfed::EndToMover => "end_to_mover",
        Unfed::EndToStarving => "end_to_starving",
        Unfed::End => "end",
    };
    let mut phrases = vec![
        Phrase::new("rules-feeding"),
        Phrase::new("rules-feeding-unfed").word("unfed", unfed),
    ];
    if r.unfed == Unfed::EndToStarving {
        phrases.push(Phrase::new("rules-feeding-starving"));
    }
    Some(phrases)
}

/// Whether the player to move can ever have no legal move while the game
/// goes on. Not when a side emptying ends the game, every house with
/// seeds may be played and no grand slam is forbidden: then the side to
/// move always holds a seed it may sow.
pub(crate) fn can_lack_move(r: &RuleSet) -> bool {
    let empty_side_ends = r.end.contains(EndCondition::AnySideEmpty)
        || r.end.contains(EndCondition::EmptyFirst)
        || r.end.contains(EndCondition::TakeAll);
    !(empty_side_ends && r.min_seeds <= 1 && r.grand_slam != GrandSlam::Forbidden)
}

/// Passing when a player cannot move.
fn no_move(r: &RuleSet) -> Option<Vec<Phrase>> {
    (r.no_move == NoMove::Pass && can_lack_move(r)).then(|| vec![Phrase::new("rules-no-move-pass")])
}

/// Swapping sides after the first turn.
fn pie_rule(r: &RuleSet) -> Option<Vec<Phrase>> {
    r.pie_rule.then(|| vec![Phrase::new("rules-pie-rule")])
}

/// Every way the game ends: the conditions as one "or" list of clauses
/// (`rules-end`), then emptying first.
fn end(r: &RuleSet) -> Option<Vec<Phrase>> {
    let total = n(r.total_seeds());
    let mut when = Vec::new();
    if r.end.contains(EndCondition::AnySideEmpty) {
        when.push(Phrase::new("rules-end-side-empty"));
    }
    if r.end.contains(EndCondition::Majority) {
        when.push(
            Phrase::new("rules-end-majority")
                .number("total", total)
                .number("need", total / 2 + 1),
        );
        if total.is_multiple_of(2) {
            when.push(
                Phrase::new("rules-end-half")
                    .number("players", r.players)
                    .number("half", total / 2),
            );
        }
    }
    if r.end.contains(EndCondition::Repetition) {
        when.push(Phrase::new("rules-end-repetition"));
    }
    if r.end_seeds > 0 {
        when.push(Phrase::new("rules-end-few-seeds").number("seeds", r.end_seeds));
    }
    if can_lack_move(r) {
        when.push(Phrase::new(match r.no_move {
            NoMove::End => "rules-end-no-move",
            NoMove::Pass => "rules-end-nobody-moves",
        }));
    }
    let mut phrases = Vec::new();
    if !when.is_empty() {
        phrases.push(Phrase::new("rules-end").with("when", PhraseArg::Phrases(when)));
    }
    if r.end.contains(EndCondition::EmptyFirst) {
        phrases.push(Phrase::new("rules-end-empty-first"));
        if r.players > 2 {
            phrases.push(Phrase::new("rules-end-empty-first-others"));
        }
    }
    if r.end.contains(EndCondition::TakeAll) {
        phrases.push(Phrase::new("rules-end-take-all"));
    }
    Some(phrases)
}

/// Where the seeds left on the board go, and who wins.
fn scoring(r: &RuleSet) -> Option<Vec<Phrase>> {
    if r.end.contains(EndCondition::TakeAll) {
        // Every end leaves the board as it is: the houses rank the players.
        return Some(vec![Phrase::new("rules-scoring-rank-take-all")]);
    }
    let mut phrases = Vec::new();
    let leftover_counts = leftover_matters(r);
    if leftover_counts {
        phrases.push(
            Phrase::new("rules-scoring-leftover").phrase("leftover", leftover(r.leftover, r)),
        );
    }
    if !leftover_counts || r.cycle_leftover != r.leftover {
        phrases.push(
            Phrase::new("rules-scoring-cycle").phrase("leftover", leftover(r.cycle_leftover, r)),
        );
    }
    // `end_seeds_to = mover`: the few seeds left go to the mover, whatever
    // `leftover` does at the other ends.
    if r.end_seeds_to == EndSeedsTo::Mover && r.leftover != Leftover::LastMover {
        phrases.push(Phrase::new("rules-scoring-few-seeds-mover").number("seeds", r.end_seeds));
    }
    // `end_seeds_to = starter`: to the player who started the game or round.
    if r.end_seeds_to == EndSeedsTo::Starter {
        phrases.push(Phrase::new("rules-scoring-few-seeds-starter").number("seeds", r.end_seeds));
    }
    let rank = if r.end.contains(EndCondition::EmptyFirst) {
        "rules-scoring-rank-otherwise"
    } else {
        "rules-scoring-rank"
    };
    phrases.push(Phrase::new(rank).number("players", r.players));
    Some(phrases)
}

/// A match in rounds (docs/rules.md section 8a): how the seeds won fill
/// the next round's houses, who starts it, and when the match ends.
fn rounds(r: &RuleSet) -> Option<Vec<Phrase>> {
    if r.rounds == Rounds::None {
        return None;
    }
    if r.rounds == Rounds::Territory {
        return Some(territory(r));
    }
    let fill = match r.round_fill {
        RoundFill::FromHouse1 => "far_end",
        RoundFill::FromStore => "store_end",
    };
    let (fill_key, end_key) = if r.rounds == Rounds::LoserFills {
        ("rules-rounds-loser-fills", "rules-rounds-loser-fills-end")
    } else {
        ("rules-rounds-fill", "rules-rounds-end")
    };
    let mut phrases = vec![
        Phrase::new(fill_key)
            .number("seeds", r.seeds)
            .word("fill", fill),
        Phrase::new("rules-rounds-burnt"),
        Phrase::new("rules-rounds-starter").word("starter", round_starter(r)),
        Phrase::new(end_key).number("houses", r.match_houses),
    ];
    if r.round_limit > 0 {
        phrases.push(Phrase::new("rules-rounds-limit").number("rounds", r.round_limit));
    }
    phrases.push(Phrase::new("rules-rounds-result"));
    Some(phrases)
}

/// Who starts a round after the first, as a phrase's word.
fn round_starter(r: &RuleSet) -> &'static str {
    match r.round_starter {
        RoundStarter::Alternate => "alternate",
        RoundStarter::Loser => "loser",
        RoundStarter::Winner => "winner",
        RoundStarter::LastMover => "last_mover",
    }
}

/// Houses changing hands between rounds (`rounds = territory`): how the
/// seeds won decide the owners, who starts, and when the match ends.
fn territory(r: &RuleSet) -> Vec<Phrase> {
    let rest = match r.territory_rest {
        TerritoryRest::OverHalf => "over_half",
        TerritoryRest::Loser => "loser",
        TerritoryRest::LoserEmpty => "loser_empty",
        TerritoryRest::Lot => "lot",
    };
    let mut phrases = vec![
        Phrase::new("rules-rounds-territory")
            .number("seeds", r.seeds)
            .word("rest", rest),
        Phrase::new("rules-rounds-starter").word("starter", round_starter(r)),
        Phrase::new("rules-rounds-territory-end").number("houses", r.match_houses),
    ];
    if r.round_limit > 0 {
        phrases.push(Phrase::new("rules-rounds-limit").number("rounds", r.round_limit));
    }
    phrases.push(Phrase::new("rules-rounds-result"));
    phrases
}

/// Whether `leftover` can ever be used. Not when emptying a side wins at
/// once, no player can be left without a move and no majority or
/// `end_seeds` ends the game: every end then leaves the board as it is or is a cycle.
pub(crate) fn leftover_matters(r: &RuleSet) -> bool {
    !r.end.contains(EndCondition::EmptyFirst)
        || can_lack_move(r)
        || r.end.contains(EndCondition::Majority)
        || r.end_seeds > 0
}

/// What a leftover rule does with the seeds left in the houses.
pub(crate) fn leftover(l: Leftover, r: &RuleSet) -> Phrase {
    let rule = match l {
        Leftover::Owner => "owner",
        Leftover::Discard => "discard",
        Leftover::Split => "split",
        Leftover::LastMover => "last_mover",
        Leftover::SplitPoorer => "split_poorer",
    };
    Phrase::new("rules-leftover")
        .word("rule", rule)
        .number("players", r.players)
}

/// Which way the turn passes (and the seeds go round the board's order):
/// `cw` or `ccw`.
pub(crate) fn turn_way(r: &RuleSet) -> &'static str {
    if r.direction == Direction::Cw {
        "cw"
    } else {
        "ccw"
    }
}

/// A set of seed counts as a phrase: one count ("1 seed"), a list ("2 or
/// 3 seeds", "2, 4, or 6 seeds"), or a run of 4 or more ("an even number
/// of seeds": every even count the game's `total` seeds allow; "an even
/// number of seeds from 4 to 20"). Counts above the total cannot occur
/// and are left out, unless nothing else is left.
pub(crate) fn counts_phrase(set: CountSet, total: usize) -> Phrase {
    let possible: Vec<u8> = set.iter().filter(|&c| usize::from(c) <= total).collect();
    let counts = if possible.is_empty() {
        set.iter().collect()
    } else {
        possible
    };
    if let Some(run) = progression(&counts, total) {
        return run;
    }
    match counts.as_slice() {
        [] => Phrase::new("rules-counts-none"),
        [one] => Phrase::new("rules-counts-one").number("count", *one),
        many => Phrase::new("rules-counts-list").with(
            "counts",
            PhraseArg::Numbers(many.iter().map(|&c| c.into()).collect()),
        ),
    }
}

/// A run of 4 or more counts one or two apart ("an even number of
/// seeds"), or `None`.
fn progression(counts: &[u8], total: usize) -> Option<Phrase> {
    let (&first, &last) = (counts.first()?, counts.last()?);
    if counts.len() < 4 {
        return None;
    }
    let step = counts[1] - counts[0];
    if !(1..=2).contains(&step) || counts.windows(2).any(|w| w[1] - w[0] != step) {
        return None;
    }
    let kind = match (step, first % 2) {
        (1, _) => "any",
        (_, 0) => "even",
        _ => "odd",
    };
    let lowest = if step == 2 && first % 2 == 0 { 2 } else { 1 };
    let whole = first == lowest && usize::from(last) + usize::from(step) > total;
    Some(if whole {
        Phrase::new("rules-counts-kind").word("kind", kind)
    } else {
        Phrase::new("rules-counts-range")
            .word("kind", kind)
            .number("from", first)
            .number("to", last)
    })
}
