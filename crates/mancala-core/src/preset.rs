//! The seeded games, as values of [`RuleSet`].

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use crate::error::RuleError;
use crate::ruleset::{
    Capture, CaptureFrom, CaptureSide, CountSet, DEFAULTS, EndCondition, EndSet, ExtraTurn,
    GrandSlam, Leftover, Origin, RuleSet, StoresSown, Unfed,
};

/// The preset games.
///
/// Each is a [`RuleSet`] value; the engine has no per-game code.
///
/// # Examples
///
/// ```
/// use mancala_core::Preset;
///
/// assert_eq!("awari".parse::<Preset>()?, Preset::Oware);
/// assert_eq!("Al_Manqala".parse::<Preset>()?, Preset::AlManqala);
/// assert_eq!(Preset::MancalaBasic.to_string(), "mancala-basic");
/// assert_eq!(Preset::Modiar.rules().houses, 3);
/// assert_eq!(Preset::ALL.len(), 22);
/// # Ok::<(), mancala_core::RuleError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Preset {
    /// Kalah: 2 players, 6 houses, 4 seeds, own store sown, extra turns,
    /// opposite capture (see [`KalahOptions`] for the variants and 3-4 players).
    Kalah,
    /// Oware Abapa: no stores on the track, 2/3 chain captures on the
    /// opponent's side, must feed, no grand slam captures.
    Oware,
    /// Modiar (northern Morocco): 2x3 houses, 7 seeds, first seed back in
    /// the origin, no singleton moves, 2/4/6 chain captures on either side.
    Modiar,
    /// Al-manqala (Galilee): 2x7 houses, 7 seeds, 2/4 chain captures on
    /// either side, the starving player claims the board.
    AlManqala,
    /// The Japanese mancala basic: sow into every store, an extra turn on
    /// any store, no captures, emptying your side first wins.
    MancalaBasic,
    /// The University of Manchester Kalah engine: Kalah(7,7) with the pie
    /// rule, and no extra turn for the very first move.
    Mankalah,
    /// Wari (West Africa, the Caribbean): Oware whose grand slam captures
    /// as usual (docs/games.md, "wari").
    Wari,
    /// Songo (Cameroon, Gabon; Russ's rules): 2x7 houses, 5 seeds, sown
    /// clockwise, 2/4 chain captures on the opponent's side, must feed
    /// (docs/games.md, "songo").
    Songo,
    /// Cross-Kalah (W. D. Troyka, 2001): Kalah whose odd counts are sown
    /// clockwise and even counts counter-clockwise (docs/games.md,
    /// "cross-kalah").
    CrossKalah,
    /// Toguz Kumalak (Kazakh; Toguz Korgool in Kyrgyz): 2x9 houses of 9
    /// seeds, the first seed back into the origin unless it is alone, even
    /// counts captured on the opponent's side, and the tuzdyk.
    ToguzKumalak,
    /// Bohnenspiel (Germany): 2x6 houses of 6 seeds, chain captures of 2, 4
    /// or 6 on either side, the seeds left to the player who moved last.
    Bohnenspiel,
    /// Ayoayo (the Yoruba, Nigeria): 2x6 houses of 4 seeds, stores off the
    /// track, relay sowing skipping each leg's origin, opposite captures,
    /// must feed.
    Ayoayo,
    /// Endodoi (the Maasai, Kenya and Tanzania): 2x8 houses of 4 seeds, stores
    /// off the track, relay sowing, opposite captures.
    Endodoi,
    /// Dakon (Java; one round): 2x7 houses of 7 seeds, clockwise relay sowing
    /// through the own store, extra turns, opposite captures, passing.
    Dakon,
    /// Ohvalhu (the Maldives; one round): 2x8 houses of 8 seeds, relay sowing
    /// through the own store, extra turns, opposite captures.
    Ohvalhu,
    /// Congkak (Malaysia, Indonesia; one round, turns taken in order): 2x7
    /// houses of 7 seeds, clockwise relay sowing through the own store, extra
    /// turns, opposite captures, passing.
    Congkak,
    /// Vai Lung Thlan (the Mizo, India): 2x6 houses of 5 seeds, sown
    /// clockwise, chain captures of houses made to hold 1, passing.
    VaiLungThlan,
    /// Longbeu-a-cha (the Lakher, India and Myanmar): 2x5 houses of 5 seeds,
    /// relay sowing from the next house, captures across the gap, chained,
    /// passing.
    LongbeuACha,
    /// Pallanguzhi (Tamil Nadu, Kerala, Sri Lanka; one round): 2x7 houses of 6
    /// seeds, relay sowing from the next house, a house made 4 while sowing
    /// taken by its owner (pasu), captures across the gap.
    Pallanguzhi,
    /// Pandi or Ali Guli Mane (Karnataka, India): 2x7 houses of 5 seeds, relay
    /// sowing from the next house, captures across the gap with the house
    /// opposite, one more sowing a turn after a capture, passing.
    Pandi,
    /// Halusa (Iraq, Hyde 1694): 2x6 houses of 6 seeds, chain captures of even
    /// counts on one's own side, must feed, the rest to the last mover.
    Halusa,
    /// Ot-tjin or Aw-li On-nam Ot-tjin (the Penihing, Borneo): 2x10 houses
    /// of 3 seeds, sown clockwise, relay sowing, a house made 3 on either
    /// side captured, which ends the relay.
    OtTjin,
}

impl Preset {
    /// Every preset.
    pub const ALL: [Preset; 22] = [
        Preset::Kalah,
        Preset::Oware,
        Preset::Modiar,
        Preset::AlManqala,
        Preset::MancalaBasic,
        Preset::Mankalah,
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

    /// The preset's name.
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Kalah => "kalah",
            Preset::Oware => "oware",
            Preset::Modiar => "modiar",
            Preset::AlManqala => "al-manqala",
            Preset::MancalaBasic => "mancala-basic",
            Preset::Mankalah => "mankalah",
            Preset::Wari => "wari",
            Preset::Songo => "songo",
            Preset::CrossKalah => "cross-kalah",
            Preset::ToguzKumalak => "toguz-kumalak",
            Preset::Bohnenspiel => "bohnenspiel",
            Preset::Ayoayo => "ayoayo",
            Preset::Endodoi => "endodoi",
            Preset::Dakon => "dakon",
            Preset::Ohvalhu => "ohvalhu",
            Preset::Congkak => "congkak",
            Preset::VaiLungThlan => "vai-lung-thlan",
            Preset::LongbeuACha => "longbeu-a-cha",
            Preset::Pallanguzhi => "pallanguzhi",
            Preset::Pandi => "pandi",
            Preset::Halusa => "halusa",
            Preset::OtTjin => "ot-tjin",
        }
    }

    /// Other names the preset answers to.
    pub const fn aliases(self) -> &'static [&'static str] {
        match self {
            Preset::Kalah => &["kalaha", "mancala"],
            Preset::Oware => &["awale", "awari", "abapa", "oware-abapa", "ayo"],
            Preset::Modiar => &[],
            Preset::AlManqala => &["almanqala", "manqala"],
            Preset::MancalaBasic => &["basic", "japanese-mancala"],
            Preset::Mankalah => &["manchester-kalah", "man-kalah"],
            Preset::Wari => &["warri", "ouri"],
            Preset::Songo => &["songo-ewondo"],
            Preset::CrossKalah => &["crosskalah"],
            Preset::ToguzKumalak => &["togyz-kumalak", "toguz-korgool"],
            Preset::Bohnenspiel => &["das-bohnenspiel"],
            Preset::Ayoayo => &["ayo-olopon"],
            Preset::Endodoi => &["en-dodoi"],
            Preset::Dakon => &["dhakon"],
            Preset::Ohvalhu => &["ovalhu"],
            Preset::Congkak => &["congklak", "main-congkak"],
            Preset::VaiLungThlan => &["vailungthlan"],
            Preset::LongbeuACha => &["longbeuacha"],
            Preset::Pallanguzhi => &["pallankuli", "pallanguli"],
            Preset::Pandi => &["ali-guli-mane", "aligulimane"],
            Preset::Halusa => &["halusi"],
            Preset::OtTjin => &["otjin", "aw-li-on-nam-ot-tjin"],
        }
    }

    /// A one-line description.
    pub const fn description(self) -> &'static str {
        match self {
            Preset::Kalah => {
                "Kalah(6,4): sow through your own store, extra turns, opposite captures"
            }
            Preset::Oware => {
                "Oware Abapa: 2/3 chain captures, must feed, grand slam captures nothing"
            }
            Preset::Modiar => "Modiar: 2x3, 7 seeds, origin first, no singletons, 2/4/6 captures",
            Preset::AlManqala => {
                "Al-manqala: 2x7, 7 seeds, 2/4 captures, the starving player claims the board"
            }
            Preset::MancalaBasic => {
                "Mancala basic: sow into every store, no captures, empty your side first"
            }
            Preset::Mankalah => "Manchester Kalah(7,7): pie rule, no extra turn on the first move",
            Preset::Wari => "Wari: Oware whose grand slam captures as usual",
            Preset::Songo => "Songo: 2x7, 5 seeds, sown clockwise, 2/4 chain captures, must feed",
            Preset::CrossKalah => {
                "Cross-Kalah: Kalah, odd counts sown clockwise, even counter-clockwise"
            }
            Preset::ToguzKumalak => {
                "Toguz Kumalak: 2x9, 9 seeds, even captures, one tuzdyk each, 82 of 162 wins"
            }
            Preset::Bohnenspiel => {
                "Bohnenspiel: 2x6, 6 seeds, 2/4/6 chain captures on either side, rest to the last mover"
            }
            Preset::Ayoayo => "Ayoayo: 2x6, 4 seeds, relay sowing, opposite captures, must feed",
            Preset::Endodoi => "Endodoi: 2x8, 4 seeds, relay sowing, opposite captures",
            Preset::Dakon => {
                "Dakon (one round): 2x7, 7 seeds, clockwise relay sowing through the stores, passing"
            }
            Preset::Ohvalhu => "Ohvalhu (one round): 2x8, 8 seeds, relay sowing through the stores",
            Preset::Congkak => {
                "Congkak (one round, turns in order): 2x7, 7 seeds, clockwise relay sowing, passing"
            }
            Preset::VaiLungThlan => {
                "Vai Lung Thlan: 2x6, 5 seeds, clockwise, chain captures of single seeds, passing"
            }
            Preset::LongbeuACha => {
                "Longbeu-a-cha: 2x5, 5 seeds, relay from the next house, chained captures across the gap"
            }
            Preset::Pallanguzhi => {
                "Pallanguzhi (one round): 2x7, 6 seeds, relay from the next house, pasu of 4, captures across the gap"
            }
            Preset::Pandi => {
                "Pandi / Ali Guli Mane: 2x7, 5 seeds, relay from the next house, captures across the gap and opposite"
            }
            Preset::Halusa => {
                "Halusa: 2x6, 6 seeds, even chain captures on one's own side, must feed"
            }
            Preset::OtTjin => {
                "Ot-tjin: 2x10, 3 seeds, clockwise relay sowing ended by captures of 3 on either side"
            }
        }
    }

    /// The preset's rule set.
    pub fn rules(self) -> RuleSet {
        match self {
            Preset::Kalah => KalahOptions::default().rules(),
            Preset::Oware => RuleSet {
                houses: 6,
                seeds: 4,
                stores_sown: StoresSown::None,
                origin: Origin::Skip,
                extra_turn: ExtraTurn::None,
                must_feed: true,
                unfed: Unfed::EndToMover,
                grand_slam: GrandSlam::NoCapture,
                capture: Capture::Count,
                capture_counts: CountSet::of(&[2, 3]),
                capture_side: CaptureSide::Opponent,
                chain: true,
                end: EndSet::of(&[EndCondition::Majority, EndCondition::Repetition]),
                ..base()
            },
            Preset::Modiar => RuleSet {
                houses: 3,
                seeds: 7,
                stores_sown: StoresSown::None,
                origin: Origin::First,
                extra_turn: ExtraTurn::None,
                min_seeds: 2,
                must_feed: true,
                unfed: Unfed::AnyMove,
                grand_slam: GrandSlam::Forbidden,
                capture: Capture::Count,
                capture_counts: CountSet::of(&[2, 4, 6]),
                capture_side: CaptureSide::Any,
                chain: true,
                no_capture_moves: 1,
                end: EndSet::of(&[EndCondition::NoLegalMove, EndCondition::Majority]),
                ..base()
            },
            Preset::AlManqala => RuleSet {
                houses: 7,
                seeds: 7,
                stores_sown: StoresSown::None,
                origin: Origin::Include,
                extra_turn: ExtraTurn::None,
                must_feed: true,
                unfed: Unfed::EndToStarving,
                grand_slam: GrandSlam::Allowed,
                capture: Capture::Count,
                capture_counts: CountSet::of(&[2, 4]),
                capture_side: CaptureSide::Any,
                chain: true,
                end: EndSet::of(&[EndCondition::Majority, EndCondition::Repetition]),
                cycle_leftover: Leftover::Split,
                ..base()
            },
            Preset::MancalaBasic => RuleSet {
                stores_sown: StoresSown::All,
                extra_turn: ExtraTurn::AnyStore,
                capture: Capture::None,
                end: EndSet::of(&[EndCondition::EmptyFirst]),
                ..base()
            },
            Preset::Mankalah => RuleSet {
                houses: 7,
                seeds: 7,
                pie_rule: true,
                first_move_extra_turn: false,
                ..KalahOptions::default().rules()
            },
            // docs/games.md's games: their rule files.
            game => traditional_rules(game),
        }
    }
}

// `RULE_FILES`: every traditional game's rule file, and `SHIPPED_FILES`:
// every other, compiled in by build.rs.
include!(concat!(env!("OUT_DIR"), "/rule_files.rs"));

/// The rule sets of the traditional games of docs/games.md: each is its
/// rule file `rules/NAME.toml`, the one source of the preset, compiled in
/// by build.rs and applied on its base preset once, at first use.
fn traditional_rules(game: Preset) -> RuleSet {
    static RULES: OnceLock<Vec<(&'static str, RuleSet)>> = OnceLock::new();
    let all = RULES.get_or_init(|| {
        RULE_FILES
            .iter()
            .map(|&(name, base, pairs)| (name, rule_file(name, base, pairs)))
            .collect()
    });
    all.iter()
        .find(|(name, _)| *name == game.name())
        .map(|&(_, rules)| rules)
        .unwrap_or_else(|| unreachable!("{game} is a seeded preset or has a rule file"))
}

/// The rule file `rules/NAME.toml` shipped with the crate (docs/games.md:
/// the MancalaGames games and the games in rounds, every file that is not
/// a preset's), by its name, ignoring case, with `_` or spaces for `-`;
/// compiled in by build.rs and applied on its base preset at each call.
/// [`RuleSet::from_spec`](crate::RuleSet::from_spec) reads these names
/// after the presets'.
///
/// # Examples
///
/// ```
/// use mancala_core::{shipped_rule_file, shipped_rule_files};
///
/// let krur = shipped_rule_file("krur").expect("shipped");
/// assert_eq!((krur.houses, krur.seeds), (4, 4));
/// assert!(krur.children);
/// assert!(shipped_rule_files().any(|name| name == "dakon-rounds"));
/// assert!(shipped_rule_file("kalah").is_none()); // a preset, not a file
/// ```
pub fn shipped_rule_file(name: &str) -> Option<RuleSet> {
    let wanted = name.trim().to_ascii_lowercase().replace(['_', ' '], "-");
    SHIPPED_FILES
        .iter()
        .find(|(file, ..)| *file == wanted)
        .map(|&(file, base, pairs)| rule_file(file, base, pairs))
}

/// The names of the rule files [`shipped_rule_file`] knows, in name
/// order.
pub fn shipped_rule_files() -> impl Iterator<Item = &'static str> {
    SHIPPED_FILES.iter().map(|(name, ..)| *name)
}

/// A rule file's rule set: its base preset with each `(dimension, value)`
/// set as a rule file or `--set` would.
///
/// # Panics
///
/// If a preset's file names a base that is not a seeded preset, or a file
/// a dimension or value `RuleSet::set` refuses, or rules that do not
/// validate: the files are part of the crate, and the tests build every
/// one of them.
fn rule_file(name: &str, base: &str, pairs: &[(&str, &str)]) -> RuleSet {
    let base: Preset = base
        .parse()
        .unwrap_or_else(|e| panic!("rules/{name}.toml: preset: {e}"));
    let is_preset = RULE_FILES.iter().any(|(file, ..)| *file == name);
    assert!(
        !is_preset || !RULE_FILES.iter().any(|(file, ..)| *file == base.name()),
        "rules/{name}.toml: the base preset {base} must be a seeded one"
    );
    let mut rules = base.rules();
    for (dimension, value) in pairs {
        rules
            .set(dimension, value)
            .unwrap_or_else(|e| panic!("rules/{name}.toml: {dimension}: {e}"));
    }
    rules
        .validate()
        .unwrap_or_else(|e| panic!("rules/{name}.toml: {e}"));
    rules
}

/// The defaults of docs/rules.md section 9 for every dimension a preset does not
/// name, on a 2-player Kalah board.
const fn base() -> RuleSet {
    DEFAULTS
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Preset {
    type Err = RuleError;

    /// Accepts names and aliases, ignoring case, with `_` or spaces for `-`.
    fn from_str(s: &str) -> Result<Self, RuleError> {
        let wanted = s.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        Preset::ALL
            .into_iter()
            .find(|p| p.name() == wanted || p.aliases().contains(&wanted.as_str()))
            .ok_or_else(|| RuleError::UnknownPreset {
                name: s.to_string(),
                known: Preset::ALL
                    .iter()
                    .map(|p| p.name())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }
}

/// Kalah's common choices: 2 to 4 players, the house and seed counts,
/// whose seeds a capture takes, and the Kalah variant switches of
/// docs/rules.md section 9.
///
/// The counts are used as given; which of them a site offers is the
/// site's policy (the server's house rules, for one, fall back to 6
/// houses when a count does not suit the players). [`RuleSet::validate`]
/// still refuses what the engine cannot play.
///
/// # Examples
///
/// ```
/// use mancala_core::{CaptureFrom, KalahOptions};
///
/// let rules = KalahOptions { players: 4, houses: 4, seeds: 3, capture_from: CaptureFrom::All,
///                            ..KalahOptions::default() }.rules();
/// assert_eq!((rules.players, rules.houses, rules.seeds), (4, 4, 3));
///
/// let five = KalahOptions { players: 3, houses: 5, ..KalahOptions::default() }.rules();
/// assert_eq!(five.houses, 5);
/// # assert_eq!(five.validate(), Ok(()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KalahOptions {
    /// Players, 2 to 4.
    pub players: u8,
    /// Houses each (6 in Kalah).
    pub houses: u8,
    /// Seeds per house (3 to 6 are common).
    pub seeds: u8,
    /// Whose seeds a capture takes with 3-4 players.
    pub capture_from: CaptureFrom,
    /// Variant: capture the lone last seed even when the opposite house is empty.
    pub capture_empty_opposite: bool,
    /// Variant: the game ends only when the player to move cannot move
    /// (end `no_legal_move` instead of `any_side_empty`).
    pub delayed_end: bool,
    /// Variant: seeds left on the board at the end score for nobody.
    pub discard_leftover: bool,
    /// Variant: the pie rule.
    pub pie_rule: bool,
}

impl Default for KalahOptions {
    fn default() -> Self {
        KalahOptions {
            players: 2,
            houses: 6,
            seeds: 4,
            capture_from: CaptureFrom::Next,
            capture_empty_opposite: false,
            delayed_end: false,
            discard_leftover: false,
            pie_rule: false,
        }
    }
}

impl KalahOptions {
    /// The rule set.
    pub fn rules(&self) -> RuleSet {
        RuleSet {
            players: self.players,
            houses: self.houses,
            seeds: self.seeds,
            capture_from: self.capture_from,
            capture_empty_opposite: self.capture_empty_opposite,
            end: EndSet::of(&[if self.delayed_end {
                EndCondition::NoLegalMove
            } else {
                EndCondition::AnySideEmpty
            }]),
            leftover: if self.discard_leftover {
                Leftover::Discard
            } else {
                Leftover::Owner
            },
            pie_rule: self.pie_rule,
            ..base()
        }
    }
}

impl RuleSet {
    /// Whether these are Kalah's rules on some board: two players and
    /// every rule dimension [`Preset::Kalah`]'s, except the board
    /// (`houses`, `seeds`, `layout`, `layout_seed`), the pie rule and
    /// `first_move_extra_turn`. Kalah(6,4), Kalah(6,5) and the Manchester
    /// Kalah(7,7) (`mankalah`) are; Kalah's variant switches (captures of
    /// a lone seed opposite an empty house, the delayed end, discarded
    /// leftovers), Cross-Kalah and 3-4 player Kalah are not. The
    /// evaluation's Kalah terms count only here (`mancala_ai::Heuristic`).
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Preset, RuleSet};
    ///
    /// assert!(Preset::Kalah.rules().plays_as_kalah());
    /// assert!(Preset::Mankalah.rules().plays_as_kalah());
    /// assert!(RuleSet::from_spec("kalah,houses=4,seeds=6")?.plays_as_kalah());
    /// assert!(!RuleSet::from_spec("kalah3")?.plays_as_kalah());
    /// assert!(!Preset::CrossKalah.rules().plays_as_kalah());
    /// assert!(!Preset::Oware.rules().plays_as_kalah());
    /// # Ok::<(), mancala_core::RuleSpecError>(())
    /// ```
    pub fn plays_as_kalah(&self) -> bool {
        *self
            == RuleSet {
                houses: self.houses,
                seeds: self.seeds,
                layout: self.layout,
                layout_seed: self.layout_seed,
                pie_rule: self.pie_rule,
                first_move_extra_turn: self.first_move_extra_turn,
                ..Preset::Kalah.rules()
            }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_after_the_seeded_six_is_its_rule_file() {
        let files: Vec<&str> = RULE_FILES.iter().map(|(name, ..)| *name).collect();
        let traditional: Vec<&str> = Preset::ALL[6..].iter().map(|p| p.name()).collect();
        assert_eq!(files, traditional);
        for preset in Preset::ALL {
            assert_eq!(preset.rules().validate(), Ok(()), "{preset}");
        }
        // Built once: the same value every time.
        assert_eq!(Preset::Pandi.rules(), Preset::Pandi.rules());
        assert_eq!(Preset::Pandi.rules().capture_extra_turn_limit, 1);
    }
}
