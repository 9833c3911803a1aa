#![doc = include_str!("../README.md")]

pub use mancala_core::*;

/// Search and players (the `mancala-ai` crate).
pub use mancala_ai as ai;
