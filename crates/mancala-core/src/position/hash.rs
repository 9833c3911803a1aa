//! Hashing: keys for transposition tables and for repetition.

use super::Position;

impl<'r> Position<'r> {
    /// A hash of what makes positions the same for `repetition`: the cups,
    /// the side to move, the pie-rule state, the tuzdyks and children, the extra
    /// moves captures earned in this turn (under
    /// `capture_extra_turn_limit`) and the house `no_undo` bars.
    #[inline]
    pub fn repetition_key(&self) -> u64 {
        const K: u64 = 0x517c_c1b7_2722_0a95;
        let mix = |h: u64, word: u64| (h.rotate_left(5) ^ word).wrapping_mul(K);
        let cups = &self.state.cups;
        let word = |i: usize| {
            let bytes = cups[8 * i..].first_chunk::<8>();
            u64::from_le_bytes(*bytes.expect("the cup array is a whole number of words"))
        };
        let mut h = u64::from(self.state.to_move)
            | (self.state.pie as u64) << 8
            | self.tuzdyk_bits()
            | u64::from(self.state.capture_turns) << 32
            | u64::from(self.state.barred) << 40
            | self.own_children_bits() << 48;
        // Boards of up to 16 cups (two players, up to 7 houses) are two words.
        h = mix(mix(h, word(0)), word(1));
        for i in 2..usize::from(self.rules.words) {
            h = mix(h, word(i));
        }
        h
    }

    /// A 64-bit hash of everything that decides the rest of the game from
    /// here: the cups, the tuzdyks, the side to move, the pie-rule state,
    /// the extra moves captures earned in this turn, the house `no_undo` bars, whether the game is over, and the move count as far as a rule still looks at it
    /// (`no_capture_moves`, `first_move_extra_turn`, the pie rule), and the
    /// burnt houses of the round ([`Rules::with_burnt`](crate::Rules::with_burnt);
    /// nothing when none is burnt). Two
    /// positions with the same key play the same from here on (up to hash
    /// collisions), which is what a transposition table needs, kept across
    /// the rounds of a match too. Resignations
    /// and the `repetition` history are not part of it. Rules that differ
    /// otherwise are not part of it either: a table is for one rule set.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Position, Preset, Rules, Setup};
    ///
    /// let at = |rules, text: &str| Position::from_setup(rules, &text.parse::<Setup>().unwrap());
    /// // Kalah never looks at the move count: same board, same key.
    /// let kalah = Rules::new(&Preset::Kalah.rules())?;
    /// let a = at(&kalah, "0,4,4,4,4,4:0 5,5,5,4,4,4:0 to=1 ply=1")?;
    /// let b = at(&kalah, "0,4,4,4,4,4:0 5,5,5,4,4,4:0 to=1 ply=9")?;
    /// assert_eq!(a.key(), b.key());
    /// // Modiar's opening move captures nothing, so there the count matters.
    /// let modiar = Rules::new(&Preset::Modiar.rules())?;
    /// let first = at(&modiar, "7,7,7:0 7,7,7:0 to=0 ply=0")?;
    /// let later = at(&modiar, "7,7,7:0 7,7,7:0 to=0 ply=2")?;
    /// assert_ne!(first.key(), later.key());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn key(&self) -> u64 {
        let r = self.rules;
        let played = self.sowings().min(r.ply_horizon);
        let h = self.repetition_key() ^ u64::from(played) << 40 ^ u64::from(self.is_over()) << 63;
        h.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(23) ^ r.burnt_key
    }

    /// Like [`Position::key`] but without the stores and discarded seeds: a
    /// hash of the houses, the tuzdyks, the side to move, the pie-rule state,
    /// the extra moves captures earned, the house `no_undo` bars, whether
    /// the game is over, the move count as far as a rule looks at it and
    /// the burnt houses.
    /// For rules whose end never looks at the stores (no `majority`, no
    /// `repetition`), everything that happens from a position on depends
    /// only on this, so a solver can share results between positions that
    /// differ only in their scores.
    ///
    /// Every bit of the key depends on every cup (the hash ends with
    /// murmur3's finaliser), so that a table may take its index from the
    /// low bits, however big it is.
    #[inline]
    pub fn board_key(&self) -> u64 {
        const K: u64 = 0x517c_c1b7_2722_0a95;
        let r = self.rules;
        let mut h = u64::from(self.state.to_move)
            | (self.state.pie as u64) << 8
            | u64::from(self.sowings().min(r.ply_horizon)) << 16
            | u64::from(self.is_over()) << 63
            | self.tuzdyk_bits() << 32
            | u64::from(self.state.capture_turns) << 48
            | u64::from(self.state.barred) << 56;
        for side in 0..r.players() {
            let w = r.side_word(&self.state.cups, side);
            h = (h.rotate_left(5) ^ w as u64).wrapping_mul(K);
            h = (h.rotate_left(5) ^ (w >> 64) as u64).wrapping_mul(K);
        }
        if r.wegs {
            h = (h.rotate_left(5) ^ self.own_children_bits()).wrapping_mul(K);
        }
        // A product's low bits depend only on its factors' low bits: mixed
        // down, or a table indexed by them would crowd a few buckets
        // (Kalah(6,5)'s solver searched 22% more positions, docs/results.md
        // section 4.5).
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^= h >> 33;
        h ^ r.burnt_key
    }

    /// The tuzdyks (docs/rules.md section 5) as bits 16 to 31 of a key:
    /// part of the position, as the cups are.
    #[inline]
    fn tuzdyk_bits(&self) -> u64 {
        let [a, b, _, _] = self.state.tuzdyk;
        u64::from(u16::from_le_bytes([a, b])) << 16
    }

    /// Under `child_kind = weg`, each side's own houses that are its wegs
    /// (docs/rules.md section 5) as the low 16 bits; 0 under other rules.
    #[inline]
    fn own_children_bits(&self) -> u64 {
        let [_, _, a, b] = self.state.tuzdyk;
        u64::from(u16::from_le_bytes([a, b]))
    }
}
