//! Rule-set validation: `RuleSet::validate` and `Rules::new` refuse every
//! invalid rule set with the same typed error, naming the offending value.

use mancala_core::{
    Capture, CountSet, EndCondition, EndSet, GrandSlam, Preset, RuleError, RuleSet, Rules,
};
use mancala_testkit::assert_mentions;
use mancala_testkit::rules::kalah;

/// The error `validate` gives; `Rules::new` must refuse the set with the same error.
fn rejected(set: &RuleSet) -> RuleError {
    let error = set.validate().expect_err("the rule set should be rejected");
    assert_eq!(
        Rules::new(set).expect_err("Rules::new should refuse it too"),
        error
    );
    error
}

#[test]
fn validation_rejects_five_players() {
    let e = rejected(&kalah(5));
    assert!(matches!(&e, RuleError::InvalidValue { field: "players", value, .. } if value == "5"));
    assert_mentions(&e.to_string(), &["players", "5"]);
}

#[test]
fn validation_rejects_one_player() {
    let e = rejected(&kalah(1));
    assert!(matches!(&e, RuleError::InvalidValue { field: "players", value, .. } if value == "1"));
    assert_mentions(&e.to_string(), &["players", "1"]);
}

#[test]
fn validation_rejects_zero_houses() {
    let mut set = Preset::Kalah.rules();
    set.houses = 0;
    let e = rejected(&set);
    assert!(matches!(&e, RuleError::InvalidValue { field: "houses", value, .. } if value == "0"));
    assert_mentions(&e.to_string(), &["houses", "0"]);
}

#[test]
fn validation_rejects_seventeen_houses() {
    let mut set = Preset::Kalah.rules();
    set.houses = 17;
    let e = rejected(&set);
    assert!(matches!(&e, RuleError::InvalidValue { field: "houses", value, .. } if value == "17"));
    assert_mentions(&e.to_string(), &["houses", "17"]);
    // 16 is the limit and is accepted (2 x 16 x 4 = 128 seeds).
    set.houses = 16;
    assert_eq!(set.validate(), Ok(()));
}

#[test]
fn validation_rejects_zero_seeds() {
    let mut set = Preset::Kalah.rules();
    set.seeds = 0;
    let e = rejected(&set);
    assert!(matches!(&e, RuleError::InvalidValue { field: "seeds", value, .. } if value == "0"));
    assert_mentions(&e.to_string(), &["seeds", "0"]);
}

#[test]
fn validation_rejects_more_than_255_seeds_in_all() {
    let mut set = kalah(4);
    set.houses = 16;
    set.seeds = 4;
    // 4 x 16 x 4 = 256 > 255.
    let e = rejected(&set);
    assert_eq!(
        e,
        RuleError::TooManySeeds {
            total: 256,
            max: 255
        }
    );
    assert_mentions(&e.to_string(), &["seeds", "256", "255"]);
    // 3 x 5 x 17 = 255 is exactly the limit.
    let mut set = kalah(3);
    set.houses = 5;
    set.seeds = 17;
    assert_eq!(set.validate(), Ok(()));
}

/// docs/rules.md section 14: a count of 1 is Vai Lung Thlan's capture,
/// played since issue 20; a count of 0 can never be reached by a seed.
#[test]
fn validation_accepts_a_count_capture_on_one_and_rejects_zero() {
    let mut set = Preset::Oware.rules();
    set.capture_counts = CountSet::of(&[1]);
    assert_eq!(set.validate(), Ok(()));
    set.capture_counts = CountSet::of(&[0, 2]);
    let e = rejected(&set);
    assert!(
        matches!(&e, RuleError::InvalidValue { field: "capture_counts", value, .. } if value == "0")
    );
    assert_mentions(&e.to_string(), &["capture_counts", "0"]);
}

#[test]
fn validation_rejects_a_sowing_capture_count_of_zero() {
    let mut set = Preset::Kalah.rules();
    set.sow_capture_counts = CountSet::of(&[0]);
    let e = rejected(&set);
    assert!(
        matches!(&e, RuleError::InvalidValue { field: "sow_capture_counts", value, .. } if value == "0")
    );
    assert_mentions(&e.to_string(), &["sow_capture_counts", "0"]);
}

#[test]
fn validation_rejects_gap_opposite_with_three_players() {
    let mut set = Preset::Kalah.rules();
    set.players = 3;
    set.capture = mancala_core::Capture::Gap;
    set.gap_opposite = true;
    let e = rejected(&set);
    assert!(matches!(
        &e,
        RuleError::TwoPlayerRule {
            field: "gap_opposite",
            players: 3,
            ..
        }
    ));
    assert_mentions(&e.to_string(), &["gap_opposite", "3"]);
}

#[test]
fn validation_rejects_a_count_capture_without_counts() {
    let mut set = Preset::Oware.rules();
    set.capture_counts = CountSet::EMPTY;
    let e = rejected(&set);
    assert!(matches!(
        &e,
        RuleError::InvalidValue {
            field: "capture_counts",
            ..
        }
    ));
    assert_mentions(&e.to_string(), &["capture_counts", "[]"]);
}

#[test]
fn validation_rejects_the_pie_rule_with_three_players() {
    let mut set = kalah(3);
    set.pie_rule = true;
    let e = rejected(&set);
    assert_eq!(
        e,
        RuleError::TwoPlayerRule {
            field: "pie_rule",
            value: "true".into(),
            players: 3
        }
    );
    assert_mentions(&e.to_string(), &["pie_rule", "true", "3"]);
}

#[test]
fn validation_rejects_must_feed_with_three_players() {
    let mut set = kalah(3);
    set.must_feed = true;
    let e = rejected(&set);
    assert!(matches!(
        &e,
        RuleError::TwoPlayerRule {
            field: "must_feed",
            players: 3,
            ..
        }
    ));
    assert_mentions(&e.to_string(), &["must_feed", "true", "3"]);
}

#[test]
fn validation_rejects_a_count_capture_with_three_players() {
    let mut set = kalah(3);
    set.capture = Capture::Count;
    set.capture_counts = CountSet::of(&[2, 3]);
    let e = rejected(&set);
    assert!(matches!(
        &e,
        RuleError::TwoPlayerRule {
            field: "capture",
            players: 3,
            ..
        }
    ));
    assert_mentions(&e.to_string(), &["capture", "count", "3"]);
}

#[test]
fn validation_rejects_a_grand_slam_rule_other_than_allowed_with_three_players() {
    for (rule, name) in [
        (GrandSlam::NoCapture, "no_capture"),
        (GrandSlam::Forbidden, "forbidden"),
    ] {
        let mut set = kalah(3);
        set.grand_slam = rule;
        let e = rejected(&set);
        assert!(matches!(
            &e,
            RuleError::TwoPlayerRule {
                field: "grand_slam",
                players: 3,
                ..
            }
        ));
        assert_mentions(&e.to_string(), &["grand_slam", name, "3"]);
    }
    // `allowed` is no restriction: fine with 3 and 4 players.
    assert_eq!(kalah(3).validate(), Ok(()));
    assert_eq!(kalah(4).validate(), Ok(()));
}

#[test]
fn validation_rejects_empty_first_together_with_any_side_empty() {
    let mut set = Preset::MancalaBasic.rules();
    set.end = EndSet::of(&[EndCondition::EmptyFirst, EndCondition::AnySideEmpty]);
    let e = rejected(&set);
    assert!(matches!(&e, RuleError::InvalidValue { field: "end", .. }));
    assert_mentions(&e.to_string(), &["end", "empty_first", "any_side_empty"]);
}

#[test]
fn validation_rejects_min_seeds_zero() {
    let mut set = Preset::Kalah.rules();
    set.min_seeds = 0;
    let e = rejected(&set);
    assert!(
        matches!(&e, RuleError::InvalidValue { field: "min_seeds", value, .. } if value == "0")
    );
    assert_mentions(&e.to_string(), &["min_seeds", "0"]);
}

#[test]
fn validation_rejects_take_all_with_another_rule_for_an_emptied_side() {
    for other in [EndCondition::AnySideEmpty, EndCondition::EmptyFirst] {
        let mut set = Preset::Kalah.rules();
        set.end = EndSet::of(&[EndCondition::TakeAll, other]);
        let e = rejected(&set);
        assert!(matches!(&e, RuleError::InvalidValue { field: "end", .. }));
        assert_mentions(&e.to_string(), &["end", "take_all", other.name()]);
    }
}

#[test]
fn validation_rejects_take_all_with_three_players() {
    let mut set = Preset::Kalah.rules();
    set.players = 3;
    set.end = EndSet::of(&[EndCondition::TakeAll]);
    let e = rejected(&set);
    assert!(matches!(&e, RuleError::TwoPlayerRule { field: "end", .. }));
}
