//! The terms a rule set uses, each with what it means under these rules.

use super::Term;
use crate::explain::{
    can_capture, can_lack_move, counts_phrase, extra_turn_when, grand_slam_rule, n,
};
use crate::phrase::Phrase;
use crate::ruleset::{
    Capture, CaptureBeforeSowing, NoMove, Relay, RuleSet, SowCaptureBy, StoresSown,
};

/// A term with a one-sentence meaning.
fn term(id: &'static str, name: &'static str, meaning: Phrase) -> Term {
    Term {
        id,
        name: Phrase::new(name),
        meaning: vec![meaning],
    }
}

impl RuleSet {
    /// The terms these rules use, for a glossary, in the order a player
    /// meets them: `house`, `store`, `seed` and `sow` always, then
    /// `relay`, `extra_turn`, `capture`, `corresponding_house`, `chain`,
    /// `sow_capture`, `tuzdyk`, `grand_slam`, `feeding`, `pass` and
    /// `pie_rule` when the rules have them. Each [`Term`]'s name is the
    /// message `rules-term-` and its id in kebab case; its meaning says
    /// what the term is under these rules (how many houses, which stores
    /// are sown, what a capture takes).
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::Preset;
    ///
    /// let ids: Vec<&str> = Preset::Kalah.rules().glossary().iter().map(|t| t.id).collect();
    /// assert_eq!(
    ///     ids,
    ///     ["house", "store", "seed", "sow", "extra_turn", "capture", "corresponding_house"]
    /// );
    /// ```
    pub fn glossary(&self) -> Vec<Term> {
        let mut terms = vec![
            term(
                "house",
                "rules-term-house",
                Phrase::new("rules-term-house-means").number("houses", self.houses),
            ),
            term(
                "store",
                "rules-term-store",
                Phrase::new("rules-term-store-means").word("stores", stores_word(self)),
            ),
            term(
                "seed",
                "rules-term-seed",
                Phrase::new("rules-term-seed-means").number("total", n(self.total_seeds())),
            ),
            term(
                "sow",
                "rules-term-sow",
                Phrase::new("rules-term-sow-means")
                    .word("direction", crate::explain::direction_word(self)),
            ),
        ];
        let relay = match self.relay {
            Relay::None => None,
            Relay::Last => Some("last"),
            Relay::Next => Some("next"),
        };
        if let Some(relay) = relay {
            terms.push(term(
                "relay",
                "rules-term-relay",
                Phrase::new("rules-term-relay-means").word("relay", relay),
            ));
        }
        if let Some(when) = extra_turn_when(self) {
            terms.push(term(
                "extra_turn",
                "rules-term-extra-turn",
                Phrase::new("rules-term-extra-turn-means").word("when", when),
            ));
        }
        terms.extend(capture_terms(self));
        terms.extend(move_terms(self));
        terms
    }
}

/// `own`, `all` or `none`: which stores are sown.
fn stores_word(r: &RuleSet) -> &'static str {
    match r.stores_sown {
        StoresSown::Own => "own",
        StoresSown::All => "all",
        StoresSown::None => "none",
    }
}

/// The terms of capturing: `capture`, `corresponding_house`, `chain`,
/// `sow_capture` and `tuzdyk`, as the rules have them.
fn capture_terms(r: &RuleSet) -> Vec<Term> {
    let mut terms = Vec::new();
    if !can_capture(r) {
        return terms;
    }
    let total = r.total_seeds();
    let meaning = match r.capture {
        Capture::Opposite if r.capture_leaves_seed => {
            Phrase::new("rules-term-capture-means").word("kind", "opposite_leave")
        }
        Capture::Opposite => Phrase::new("rules-term-capture-means").word("kind", "opposite"),
        Capture::Count => Phrase::new("rules-term-capture-means")
            .word("kind", "count")
            .phrase("counts", counts_phrase(r.capture_counts, total)),
        Capture::Next => Phrase::new("rules-term-capture-means").word("kind", "next"),
        Capture::Gap => Phrase::new("rules-term-capture-means").word("kind", "gap"),
        Capture::Match => Phrase::new("rules-term-capture-means").word("kind", "match"),
        Capture::None if !r.sow_capture_counts.is_empty() => {
            Phrase::new("rules-term-capture-means")
                .word("kind", "sowing")
                .phrase("counts", counts_phrase(r.sow_capture_counts, total))
        }
        Capture::None if r.capture_before_sowing != CaptureBeforeSowing::None => {
            Phrase::new("rules-term-capture-means").word("kind", "before_sowing")
        }
        Capture::None => Phrase::new("rules-term-capture-means").word("kind", "tuzdyk"),
    };
    terms.push(term("capture", "rules-term-capture", meaning));
    let opposite = r.capture == Capture::Opposite
        || (r.capture == Capture::Gap && r.gap_opposite && r.players == 2);
    if opposite {
        terms.push(term(
            "corresponding_house",
            "rules-term-corresponding-house",
            Phrase::new("rules-term-corresponding-house-means").number("players", r.players),
        ));
    }
    let chain = match r.capture {
        Capture::Count if r.chain => Some("count"),
        Capture::Gap if r.chain => Some("gap"),
        _ => None,
    };
    if let Some(kind) = chain {
        terms.push(term(
            "chain",
            "rules-term-chain",
            Phrase::new("rules-term-chain-means").word("kind", kind),
        ));
    }
    if !r.sow_capture_counts.is_empty() {
        let store = match r.sow_capture_by {
            SowCaptureBy::Owner => "owner",
            SowCaptureBy::Sower => "sower",
            SowCaptureBy::SowerOwn => "sower_own",
        };
        terms.push(term(
            "sow_capture",
            "rules-term-sow-capture",
            Phrase::new("rules-term-sow-capture-means")
                .phrase("counts", counts_phrase(r.sow_capture_counts, total))
                .word("store", store),
        ));
    }
    if r.tuzdyk {
        terms.push(term(
            "tuzdyk",
            "rules-term-tuzdyk",
            Phrase::new("rules-term-tuzdyk-means").number("count", r.tuzdyk_count),
        ));
    }
    terms
}

/// The terms of what a player may, must or cannot play: `grand_slam`,
/// `feeding`, `pass` and `pie_rule`, as the rules have them.
fn move_terms(r: &RuleSet) -> Vec<Term> {
    let mut terms = Vec::new();
    if let Some(rule) = grand_slam_rule(r) {
        terms.push(term(
            "grand_slam",
            "rules-term-grand-slam",
            Phrase::new("rules-term-grand-slam-means").word("grand_slam", rule),
        ));
    }
    if r.must_feed {
        terms.push(term(
            "feeding",
            "rules-term-feeding",
            Phrase::new("rules-term-feeding-means"),
        ));
    }
    if r.no_move == NoMove::Pass && can_lack_move(r) {
        terms.push(term(
            "pass",
            "rules-term-pass",
            Phrase::new("rules-term-pass-means"),
        ));
    }
    if r.pie_rule {
        terms.push(term(
            "pie_rule",
            "rules-term-pie-rule",
            Phrase::new("rules-term-pie-rule-means"),
        ));
    }
    terms
}
