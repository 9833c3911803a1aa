//! Unit tests of the rule language: validation's reasons and values.

use super::*;
use crate::error::{InvalidReason, RuleError};
use crate::preset::Preset;

fn reason(result: Result<(), RuleError>) -> InvalidReason {
    match result {
        Err(RuleError::InvalidValue { reason, .. }) => reason,
        other => panic!("not an invalid value: {other:?}"),
    }
}

#[test]
fn invalid_values_say_why_as_values() {
    let kalah = Preset::Kalah.rules();
    let oware = Preset::Oware.rules();
    let check = |set: RuleSet| reason(set.validate());
    assert_eq!(
        check(RuleSet {
            players: 5,
            ..kalah
        }),
        InvalidReason::Players
    );
    assert_eq!(check(RuleSet { houses: 0, ..kalah }), InvalidReason::Houses);
    assert_eq!(check(RuleSet { seeds: 0, ..kalah }), InvalidReason::NoSeeds);
    assert_eq!(
        check(RuleSet {
            min_seeds: 0,
            ..kalah
        }),
        InvalidReason::MinSeeds
    );
    let counts = |c: &[u8]| RuleSet {
        capture_counts: CountSet::of(c),
        ..oware
    };
    assert_eq!(check(counts(&[])), InvalidReason::NoCaptureCounts);
    assert_eq!(check(counts(&[0, 2])), InvalidReason::CaptureCountZero);
    assert_eq!(
        counts(&[1]).validate(),
        Ok(()),
        "Vai Lung Thlan captures on 1"
    );
    let sow = RuleSet {
        sow_capture_counts: CountSet::of(&[0, 4]),
        ..kalah
    };
    assert_eq!(check(sow), InvalidReason::CaptureCountZero);
    let stop = RuleSet {
        capture_ends_relay: true,
        ..kalah
    };
    assert_eq!(check(stop), InvalidReason::CaptureEndsRelayWithoutRelay);
    let relayed = RuleSet {
        relay: Relay::Last,
        ..stop
    };
    assert_eq!(relayed.validate(), Ok(()));
    let end = EndSet::of(&[EndCondition::EmptyFirst, EndCondition::AnySideEmpty]);
    assert_eq!(check(RuleSet { end, ..kalah }), InvalidReason::EndsDisagree);

    let mut set = kalah;
    assert_eq!(
        reason(set.set("seeds", "many")),
        InvalidReason::NotSmallNumber
    );
    assert_eq!(reason(set.set("chain", "maybe")), InvalidReason::NotBool);
    assert_eq!(
        reason(set.set("capture_counts", "x")),
        InvalidReason::NotSeedCount
    );
    assert_eq!(
        reason(set.set("no_capture_moves", "-1")),
        InvalidReason::NotMoveCount
    );
    #[cfg(feature = "toml")]
    assert_eq!(
        reason(RuleSet::from_toml("no_capture_moves = 5000000000").map(drop)),
        InvalidReason::TooManyMoves
    );
}
