//! The start layout dealt at random from `layout_seed` (docs/rules.md
//! section 1): the generator and the deal, spelt out there so that any
//! program can deal the same board from the same seed.

use super::table::RuleSet;

/// SplitMix64 (Steele, Lea and Flood, 2014), the generator docs/rules.md
/// section 1 names: a deal is part of the rules, so its numbers must not
/// change with a crate's version, and the reference `perft.py` draws the
/// same ones from the text of the rules alone.
pub(crate) struct SplitMix64(pub(crate) u64);

impl SplitMix64 {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (at least 1): the next number modulo `n`.
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

impl RuleSet {
    /// The `layout_seed` that deals a new start for every game, written
    /// `each_game` in rules (`layout_seed = "each_game"`, `--set
    /// layout_seed=each_game`) and stored as the largest seed, 4294967295,
    /// which no game is dealt with (docs/rules.md section 1, "A dealt
    /// start"). Such rules are resolved to a concrete seed when a game is
    /// created ([`RuleSet::dealt_for_game`]); [`Rules::new`](crate::Rules::new)
    /// refuses them unresolved.
    pub const DEAL_EACH_GAME: u32 = u32::MAX;

    /// Whether these rules deal a new start for every game (`layout_seed =
    /// "each_game"`, [`RuleSet::DEAL_EACH_GAME`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::RuleSet;
    ///
    /// assert!(RuleSet::from_spec("kalah,layout_seed=each_game")?.deals_each_game());
    /// assert!(!RuleSet::from_spec("kalah,layout_seed=7")?.deals_each_game());
    /// # Ok::<(), mancala_core::RuleSpecError>(())
    /// ```
    pub fn deals_each_game(&self) -> bool {
        self.layout_seed == RuleSet::DEAL_EACH_GAME
    }

    /// The rules of one game: under `layout_seed = "each_game"` these
    /// rules with the concrete seed `game_seed` picks, which deals that
    /// game's start; any other rules unchanged. The seed is `1 + (g mod
    /// 4294967294)`, `g` the SplitMix64 number drawn from `game_seed`
    /// (docs/rules.md section 1, step 1), so it is never 0 (no deal) nor
    /// [`RuleSet::DEAL_EACH_GAME`]; the same `game_seed` always picks the
    /// same deal. A program keeps the returned rules as the game's record
    /// (a [`Game`](crate::Game) does), so the game replays exactly.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Position, RuleSet, Rules};
    ///
    /// let each = RuleSet::from_spec("kalah,layout_seed=each_game")?;
    /// assert!(Rules::new(&each).is_err()); // not resolved yet
    /// let one = each.dealt_for_game(1);
    /// let two = each.dealt_for_game(2);
    /// assert_ne!(one.layout_seed, two.layout_seed);
    /// assert_eq!(each.dealt_for_game(1), one);
    /// let (one, two) = (Rules::new(&one)?, Rules::new(&two)?);
    /// assert_ne!(Position::new(&one).to_string(), Position::new(&two).to_string());
    /// // Other rules are their own rules for every game.
    /// let kalah = RuleSet::from_spec("kalah,layout_seed=7")?;
    /// assert_eq!(kalah.dealt_for_game(1), kalah);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn dealt_for_game(&self, game_seed: u64) -> RuleSet {
        if !self.deals_each_game() {
            return *self;
        }
        let drawn = SplitMix64(game_seed).next() % u64::from(RuleSet::DEAL_EACH_GAME - 1);
        RuleSet {
            layout_seed: 1 + drawn as u32,
            ..*self
        }
    }

    /// The start layout dealt from `layout_seed`, one row of counts per
    /// side (side 0 first, house 1 first); `None` when `layout_seed` is 0,
    /// and when it is [`RuleSet::DEAL_EACH_GAME`] (no board is dealt until
    /// [`RuleSet::dealt_for_game`] picks the game's seed).
    ///
    /// Every house first gets `min(seeds, 2)` seeds; the rest of the
    /// `players x houses x seeds` seeds are dealt so that every way of
    /// sharing them among the houses is as likely, from SplitMix64 seeded
    /// with `layout_seed` (docs/rules.md section 1 gives the steps). The
    /// same seed always deals the same board.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::RuleSet;
    ///
    /// let rules = RuleSet::from_spec("kalah,layout_seed=7")?;
    /// let rows = rules.dealt_layout().unwrap();
    /// assert_eq!(rows.len(), 2);
    /// assert!(rows.iter().flatten().all(|&c| c >= 2));
    /// assert_eq!(rows.iter().flatten().map(|&c| u32::from(c)).sum::<u32>(), 48);
    /// assert_eq!(rules.dealt_layout(), Some(rows));
    /// assert_eq!(RuleSet::from_spec("kalah")?.dealt_layout(), None);
    /// # Ok::<(), mancala_core::RuleSpecError>(())
    /// ```
    pub fn dealt_layout(&self) -> Option<Vec<Vec<u8>>> {
        if self.layout_seed == 0 || self.deals_each_game() {
            return None;
        }
        let houses = usize::from(self.houses);
        let cups = usize::from(self.players) * houses;
        let least = self.seeds.min(2);
        let rest = cups * usize::from(self.seeds) - cups * usize::from(least);
        // Stars and bars: `rest` seeds and `cups - 1` bars in a row of
        // slots; the bars' slots, drawn by a partial Fisher-Yates shuffle,
        // cut the seeds into one run per house.
        let mut rng = SplitMix64(u64::from(self.layout_seed));
        let mut slots: Vec<usize> = (0..rest + cups - 1).collect();
        for i in 0..cups - 1 {
            let j = i + rng.below(slots.len() - i);
            slots.swap(i, j);
        }
        let mut bars = slots[..cups - 1].to_vec();
        bars.sort_unstable();
        bars.push(rest + cups - 1);
        let mut before = None::<usize>;
        let counts: Vec<u8> = bars
            .into_iter()
            .map(|bar| {
                let run = bar - before.map_or(0, |b| b + 1);
                before = Some(bar);
                least + run as u8
            })
            .collect();
        Some(counts.chunks(houses).map(<[u8]>::to_vec).collect())
    }
}
