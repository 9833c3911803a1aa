//! Random identifiers and secrets, and the hashes stored in their place.

use sha2::{Digest, Sha256};

use crate::error::Error;

/// Bytes of randomness in every identifier and secret: 128 bits.
const RANDOM_BYTES: usize = 16;

/// A fresh random token of 128 bits from the operating system's generator,
/// as 32 lowercase hex digits: player ids, secrets, room codes, game ids.
///
/// # Errors
///
/// [`Error::Random`] if the operating system has no randomness to give.
pub(crate) fn token() -> Result<String, Error> {
    let mut bytes = [0u8; RANDOM_BYTES];
    getrandom::fill(&mut bytes).map_err(Error::Random)?;
    Ok(hex(&bytes))
}

/// The hash stored for `secret` (SHA-256, hex). Secrets are 128 random
/// bits, so a fast hash without salt cannot be brute-forced.
pub(crate) fn hash(secret: &str) -> String {
    hex(&Sha256::digest(secret.as_bytes()))
}

/// Whether `secret` hashes to `stored`. Compares hashes, never secrets, so
/// the time taken tells nothing about the secret.
pub(crate) fn matches(secret: &str, stored: &str) -> bool {
    hash(secret) == stored
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_bits_and_differ() {
        let (a, b) = (token().unwrap(), token().unwrap());
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
    }

    #[test]
    fn a_secret_matches_its_hash_only() {
        let stored = hash("s3cret");
        assert!(matches("s3cret", &stored));
        assert!(!matches("s3creT", &stored));
        assert_ne!(stored, "s3cret");
    }
}
