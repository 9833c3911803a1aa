//! The rule language: one [`RuleSet`] value per game, one field per rule
//! dimension of the specification, in one module per concern:
//! `values` (the enums of the dimensions' names), `sets` (the bitsets
//! `EndSet` and `CountSet`), `layout` (the start layout), `deal` (a start layout dealt from a seed), `table` (the dimension table: the struct,
//! its defaults and `set`), `validate` (what the engine can play, and
//! what that implies) and `parse` (how values are read from text and
//! from rule files).

mod deal;
pub(crate) use deal::SplitMix64;
mod layout;
mod parse;
mod sets;
mod table;
mod validate;
mod values;

pub use layout::Layout;
pub use sets::{CountSet, EndSet, HouseSet};
pub(crate) use table::DEFAULTS;
pub use table::{DIMENSIONS, RuleSet};
pub use values::{
    Capture, CaptureBeforeSowing, CaptureFrom, CaptureSide, ChildKind, Direction, EndCondition,
    EndSeedsTo, ExtraTurn, FirstMove, GrandSlam, LapCapture, Leftover, NoMove, Origin, Relay,
    RelayOn, RoundFill, RoundStarter, Rounds, SowCaptureBy, StoresSown, TerritoryRest, Unfed,
};

/// The most players a rule set may seat.
pub const MAX_PLAYERS: usize = 4;
/// The most houses a player may own.
pub const MAX_HOUSES: usize = 16;
/// The most seeds a game may hold in all: counts are stored in a `u8`.
pub const MAX_SEEDS: usize = u8::MAX as usize;

#[cfg(test)]
mod tests;
