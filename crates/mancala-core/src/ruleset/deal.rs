//! The start layout dealt at random from `layout_seed` (docs/rules.md
//! section 1): the generator and the deal, spelt out there so that any
//! program can deal the same board from the same seed.

use super::table::RuleSet;

/// SplitMix64 (Steele, Lea and Flood, 2014), the generator docs/rules.md
/// section 1 names: a deal is part of the rules, so its numbers must not
/// change with a crate's version, and the reference `perft.py` draws the
/// same ones from the text of the rules alone.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
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
    /// The start layout dealt from `layout_seed`, one row of counts per
    /// side (side 0 first, house 1 first); `None` when `layout_seed` is 0.
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
        if self.layout_seed == 0 {
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
