//! Test support shared by the tests of the `mancala` workspace, so that
//! each helper is written once: a dev-dependency only, never published.
//!
//! - [`rules`]: proptest strategies for small rule sets (trees small enough
//!   for plain search) and for every valid rule set.
//! - [`pick`]: positions a few moves into a game (chosen by proptest
//!   values, by a seeded generator, or never ending the game), random
//!   games, and positions from their notation.
//! - [`variations`]: every preset with one rule dimension changed, when
//!   the change can change the game (the rules in words must change too).
//! - [`assert_mentions`]: an error message names what it should.
//! - `oracle` (feature `ai`): plain minimax and max^n with no pruning,
//!   no table and no ordering, the reference every search must agree with.
//!
//! A crate takes it as a dev-dependency, never a dependency:
//!
//! ```toml
//! [dev-dependencies]
//! mancala-testkit = { workspace = true, features = ["ai"] }
//! ```
//!
//! `mancala-core`'s tests use it without the `ai` feature, so that testing
//! the core crate alone does not build `mancala-ai`. A helper belongs here
//! once a second test file needs it; one file's own helpers stay in it.

pub mod pick;
pub mod rules;
pub mod variations;

#[cfg(feature = "ai")]
pub mod oracle;

/// Asserts that `text` contains every one of `parts`: error messages must
/// name what went wrong, in whatever words.
///
/// # Panics
///
/// If a part is missing, naming it.
pub fn assert_mentions(text: &str, parts: &[&str]) {
    for part in parts {
        assert!(text.contains(part), "{text:?} should mention {part:?}");
    }
}
