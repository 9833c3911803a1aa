//! Reading the board a side at a time, as words: seeds, empty sides and
//! movable houses without a loop over the houses.

use super::{CUPS, Rules};

impl Rules {
    /// Cup indices of `side`'s houses.
    #[inline]
    pub(crate) fn house_range(&self, side: usize) -> std::ops::Range<usize> {
        let b = self.base(side);
        b..b + usize::from(self.houses)
    }

    /// `side`'s houses as one little-endian word, house 1 in the low byte
    /// and zeros above the last house. Cups past the board are always 0 and
    /// the array is long enough to read 16 bytes at any side's house 1.
    #[inline]
    pub(crate) fn side_word(&self, cups: &[u8; CUPS], side: usize) -> u128 {
        let b = self.base(side);
        let bytes = cups[b..]
            .first_chunk::<16>()
            .expect("CUPS leaves 16 bytes after every side's house 1");
        u128::from_le_bytes(*bytes) & self.house_mask
    }

    /// Seeds in `side`'s houses.
    #[inline]
    pub(crate) fn side_seeds(&self, cups: &[u8; CUPS], side: usize) -> u32 {
        let w = self.side_word(cups, side);
        let low = byte_sum(w as u64);
        if self.wide {
            low + byte_sum((w >> 64) as u64)
        } else {
            low
        }
    }

    /// Whether `side`'s houses are all empty.
    #[inline]
    pub(crate) fn side_empty(&self, cups: &[u8; CUPS], side: usize) -> bool {
        self.side_word(cups, side) == 0
    }

    /// Sides whose houses are all empty, one bit each.
    #[inline]
    pub(crate) fn empty_sides(&self, cups: &[u8; CUPS]) -> u32 {
        let mut empties = 0;
        for s in 0..usize::from(self.players) {
            empties |= u32::from(self.side_empty(cups, s)) << s;
        }
        empties
    }

    /// Bit per house of `side` that holds at least `min_seeds`.
    #[inline]
    pub(crate) fn movable(&self, cups: &[u8; CUPS], side: usize) -> u32 {
        if self.min_seeds == 1 {
            let w = self.side_word(cups, side);
            let low = nonzero_bytes(w as u64);
            if self.wide {
                low | nonzero_bytes((w >> 64) as u64) << 8
            } else {
                low
            }
        } else {
            let mut mask = 0u32;
            for (i, &c) in cups[self.house_range(side)].iter().enumerate() {
                mask |= u32::from(c >= self.min_seeds) << i;
            }
            mask
        }
    }
}

const ONES: u64 = 0x0101_0101_0101_0101;

/// The sum of the 8 bytes of `x`, when it is below 256 (a game holds at
/// most 255 seeds).
#[inline]
pub(crate) fn byte_sum(x: u64) -> u32 {
    (x.wrapping_mul(ONES) >> 56) as u32
}

/// Bit `i` set for each nonzero byte `i` of `x`.
#[inline]
pub(crate) fn nonzero_bytes(x: u64) -> u32 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Bit 7 of each byte: set when the byte is nonzero (no carry crosses bytes).
    let high = (((x & LOW7) + LOW7) | x) & HIGH;
    // Gather the 8 flags into one byte, byte i's flag to bit i.
    ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_tricks_match_plain_loops() {
        let mut x: u64 = 0x0123_4567_89ab_cdef;
        for _ in 0..10_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Random bytes, some forced to 0 and 128, with a sum below 256.
            let mut bytes = x.to_le_bytes();
            for (i, b) in bytes.iter_mut().enumerate() {
                *b = match (x >> (8 * i + 3)) & 3 {
                    0 => 0,
                    1 => 128,
                    _ => *b % 16,
                };
            }
            if bytes.iter().map(|&b| u32::from(b)).sum::<u32>() > 255 {
                bytes[0] = 0;
                bytes[7] = 0;
            }
            let word = u64::from_le_bytes(bytes);
            let sum: u32 = bytes.iter().map(|&b| u32::from(b)).sum();
            if sum <= 255 {
                assert_eq!(byte_sum(word), sum, "{bytes:?}");
            }
            let nonzero = bytes
                .iter()
                .enumerate()
                .fold(0, |m, (i, &b)| m | u32::from(b != 0) << i);
            assert_eq!(nonzero_bytes(word), nonzero, "{bytes:?}");
        }
    }
}
