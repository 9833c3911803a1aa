//! Rule files: TOML and JSON round trips, hand-written files over a named
//! preset, their errors, and `RuleSet::set` by dimension name.

use mancala_core::{
    Capture, CaptureBeforeSowing, CaptureFrom, CaptureSide, ChildKind, CountSet, DIMENSIONS,
    Direction, EndCondition, EndSeedsTo, EndSet, ExtraTurn, FirstMove, GrandSlam, HouseSet,
    KalahOptions, LapCapture, Layout, Leftover, NoMove, Origin, Preset, Relay, RelayOn, RoundFill,
    RoundStarter, Rounds, RuleError, RuleSet, SowCaptureBy, StoresSown, TerritoryRest, Unfed,
};
use mancala_testkit::assert_mentions;

#[test]
fn every_preset_round_trips_through_toml_and_json() {
    for preset in Preset::ALL {
        let set = preset.rules();
        assert_eq!(RuleSet::from_toml(&set.to_toml()), Ok(set), "{preset} TOML");
        assert_eq!(RuleSet::from_json(&set.to_json()), Ok(set), "{preset} JSON");
    }
}

#[test]
fn modified_rule_sets_round_trip_through_toml_and_json() {
    let mut split = KalahOptions {
        players: 4,
        houses: 4,
        seeds: 3,
        capture_from: CaptureFrom::All,
        capture_empty_opposite: true,
        delayed_end: true,
        discard_leftover: false,
        pie_rule: false,
    }
    .rules();
    split.leftover = Leftover::Split;
    split.no_capture_moves = 3;
    for set in [split, Preset::Kalah.rules()] {
        assert_eq!(RuleSet::from_toml(&set.to_toml()), Ok(set));
        assert_eq!(RuleSet::from_json(&set.to_json()), Ok(set));
    }
}

#[test]
fn written_rule_files_spell_out_every_dimension() {
    let mut expected: Vec<&str> = DIMENSIONS.to_vec();
    expected.sort_unstable();
    let toml: toml::Table = toml::from_str(&Preset::Oware.rules().to_toml()).unwrap();
    let mut keys: Vec<&str> = toml.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, expected);
    let json: serde_json::Value = serde_json::from_str(&Preset::Oware.rules().to_json()).unwrap();
    let mut keys: Vec<&str> = json
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(keys, expected);
}

#[test]
fn hand_written_toml_overrides_the_named_preset() {
    let text = r#"
        # Oware with five seeds, no chains, no repetition, and 4 also capturing.
        preset = "oware"
        seeds = 5
        chain = false
        end = ["majority"]
        capture_counts = [2, 3, 4]
    "#;
    let set = RuleSet::from_toml(text).unwrap();
    let mut expected = Preset::Oware.rules();
    expected.seeds = 5;
    expected.chain = false;
    expected.end = EndSet::of(&[EndCondition::Majority]);
    expected.capture_counts = CountSet::of(&[2, 3, 4]);
    assert_eq!(set, expected);
    // The rest is still Oware.
    assert_eq!(set.origin, Origin::Skip);
    assert!(set.must_feed);
    assert_eq!(set.grand_slam, GrandSlam::NoCapture);
}

#[test]
fn hand_written_json_overrides_the_named_preset() {
    let text = r#"{ "preset": "Al_Manqala", "seeds": 4, "cycle_leftover": "discard" }"#;
    let set = RuleSet::from_json(text).unwrap();
    let mut expected = Preset::AlManqala.rules();
    expected.seeds = 4;
    expected.cycle_leftover = Leftover::Discard;
    assert_eq!(set, expected);
}

#[test]
fn missing_fields_default_to_standard_kalah() {
    assert_eq!(RuleSet::from_toml(""), Ok(Preset::Kalah.rules()));
    assert_eq!(RuleSet::from_json("{}"), Ok(Preset::Kalah.rules()));
    assert_eq!(RuleSet::default(), Preset::Kalah.rules());
    let mut six = Preset::Kalah.rules();
    six.seeds = 6;
    six.capture_empty_opposite = true;
    assert_eq!(
        RuleSet::from_toml("seeds = 6\ncapture_empty_opposite = true"),
        Ok(six)
    );
    assert_eq!(
        RuleSet::from_json(r#"{"seeds": 6, "capture_empty_opposite": true}"#),
        Ok(six)
    );
}

#[test]
fn unknown_keys_in_rule_files_are_errors_naming_the_key() {
    let e = RuleSet::from_toml("sedes = 5").unwrap_err();
    assert!(matches!(&e, RuleError::Syntax { format: "TOML", .. }));
    assert_mentions(&e.to_string(), &["sedes"]);
    let e = RuleSet::from_json(r#"{"sedes": 5}"#).unwrap_err();
    assert!(matches!(&e, RuleError::Syntax { format: "JSON", .. }));
    assert_mentions(&e.to_string(), &["sedes"]);
}

#[test]
fn bad_enum_values_in_rule_files_list_the_allowed_names() {
    let e = RuleSet::from_toml(r#"origin = "sideways""#).unwrap_err();
    assert_mentions(
        &e.to_string(),
        &["origin", "sideways", "include", "skip", "first"],
    );
    let e = RuleSet::from_json(r#"{"unfed": "starve"}"#).unwrap_err();
    assert_mentions(
        &e.to_string(),
        &[
            "unfed",
            "starve",
            "any_move",
            "end_to_mover",
            "end_to_starving",
        ],
    );
    let e = RuleSet::from_toml(r#"end = ["majority", "forever"]"#).unwrap_err();
    assert_mentions(
        &e.to_string(),
        &[
            "end",
            "forever",
            "any_side_empty",
            "no_legal_move",
            "majority",
            "empty_first",
            "repetition",
        ],
    );
}

#[test]
fn out_of_range_numbers_in_rule_files_name_the_field() {
    // 300 does not fit a u8.
    for e in [
        RuleSet::from_toml("houses = 300").unwrap_err(),
        RuleSet::from_json(r#"{"houses": 300}"#).unwrap_err(),
    ] {
        assert!(
            matches!(&e, RuleError::InvalidValue { field: "houses", value, .. } if value == "300")
        );
        assert_mentions(&e.to_string(), &["houses", "300"]);
    }
    // 17 fits a u8 but not the board: the validation error.
    let e = RuleSet::from_toml("houses = 17").unwrap_err();
    assert!(matches!(&e, RuleError::InvalidValue { field: "houses", value, .. } if value == "17"));
    let e = RuleSet::from_toml("capture = \"count\"\ncapture_counts = [2, 300]").unwrap_err();
    assert_mentions(&e.to_string(), &["capture_counts", "300"]);
    let e = RuleSet::from_toml("players = 5").unwrap_err();
    assert_mentions(&e.to_string(), &["players", "5"]);
}

#[test]
fn negative_numbers_in_toml_rule_files_name_the_field() {
    // -1 is as out of range as 300, and the error should say which field it is in
    // (RuleError::Syntax documents "the parser's message, which names the key or line").
    let e = RuleSet::from_toml("seeds = 4\nhouses = -1").unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains("houses") || text.contains("line 2"),
        "{text:?} names neither the field nor the line"
    );
}

#[test]
fn negative_numbers_in_json_rule_files_name_the_field() {
    let e = RuleSet::from_json(r#"{"seeds": 4, "houses": -1}"#).unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains("houses") || text.contains("line 1"),
        "{text:?} names neither the field nor the line"
    );
}

#[test]
fn unknown_preset_in_a_rule_file_is_an_error() {
    let e = RuleSet::from_toml(r#"preset = "senet""#).unwrap_err();
    assert!(matches!(&e, RuleError::UnknownPreset { name, .. } if name == "senet"));
}

#[test]
fn set_changes_every_dimension_by_name() {
    type Change = fn(&mut RuleSet);
    let table: [(&str, &str, Change); 69] = [
        ("players", "3", |s| s.players = 3),
        ("houses", "7", |s| s.houses = 7),
        ("seeds", "5", |s| s.seeds = 5),
        ("layout", "1,2,3,4,5,6", |s| {
            s.layout = Layout::of(&[1, 2, 3, 4, 5, 6]).unwrap()
        }),
        ("layout_seed", "12", |s| s.layout_seed = 12),
        ("direction", "cw", |s| s.direction = Direction::Cw),
        ("direction_choice", "2,5", |s| {
            s.direction_choice = HouseSet::of(&[2, 5])
        }),
        ("stores_sown", "all", |s| s.stores_sown = StoresSown::All),
        ("origin", "skip", |s| s.origin = Origin::Skip),
        ("extra_turn", "any_store", |s| {
            s.extra_turn = ExtraTurn::AnyStore
        }),
        ("first_move_extra_turn", "false", |s| {
            s.first_move_extra_turn = false
        }),
        ("relay", "last", |s| s.relay = Relay::Last),
        ("relay_on", "opponent", |s| s.relay_on = RelayOn::Opponent),
        ("relay_limit", "12", |s| s.relay_limit = 12),
        ("capture_ends_relay", "on", |s| s.capture_ends_relay = true),
        ("min_seeds", "2", |s| s.min_seeds = 2),
        ("must_feed", "true", |s| s.must_feed = true),
        ("unfed", "end_to_starving", |s| {
            s.unfed = Unfed::EndToStarving
        }),
        ("grand_slam", "forbidden", |s| {
            s.grand_slam = GrandSlam::Forbidden
        }),
        ("capture", "count", |s| s.capture = Capture::Count),
        ("capture_from", "all", |s| s.capture_from = CaptureFrom::All),
        ("capture_empty_opposite", "on", |s| {
            s.capture_empty_opposite = true
        }),
        ("capture_leaves_seed", "true", |s| {
            s.capture_leaves_seed = true
        }),
        ("capture_counts", "2,4,6", |s| {
            s.capture_counts = CountSet::of(&[2, 4, 6])
        }),
        ("capture_side", "any", |s| s.capture_side = CaptureSide::Any),
        ("chain", "yes", |s| s.chain = true),
        ("chain_limit", "2", |s| s.chain_limit = 2),
        ("gap_opposite", "true", |s| s.gap_opposite = true),
        ("sow_capture_counts", "4", |s| {
            s.sow_capture_counts = CountSet::of(&[4])
        }),
        ("sow_capture_by", "sower", |s| {
            s.sow_capture_by = SowCaptureBy::Sower
        }),
        ("sow_capture_last", "true", |s| s.sow_capture_last = true),
        ("capture_extra_turn", "on", |s| s.capture_extra_turn = true),
        ("capture_extra_turn_limit", "1", |s| {
            s.capture_extra_turn_limit = 1
        }),
        ("single_seed_captures", "false", |s| {
            s.single_seed_captures = false
        }),
        ("no_capture_moves", "1", |s| s.no_capture_moves = 1),
        ("tuzdyk", "true", |s| s.tuzdyk = true),
        ("tuzdyk_count", "4", |s| s.tuzdyk_count = 4),
        ("end", "majority,repetition", |s| {
            s.end = EndSet::of(&[EndCondition::Majority, EndCondition::Repetition])
        }),
        ("end_seeds", "2", |s| s.end_seeds = 2),
        ("leftover", "discard", |s| s.leftover = Leftover::Discard),
        ("cycle_leftover", "split", |s| {
            s.cycle_leftover = Leftover::Split
        }),
        ("no_move", "pass", |s| s.no_move = NoMove::Pass),
        ("pie_rule", "1", |s| s.pie_rule = true),
        ("rounds", "fill", |s| s.rounds = Rounds::Fill),
        ("round_fill", "from_store", |s| {
            s.round_fill = RoundFill::FromStore
        }),
        ("round_starter", "last_mover", |s| {
            s.round_starter = RoundStarter::LastMover
        }),
        ("match_houses", "4", |s| s.match_houses = 4),
        ("round_limit", "3", |s| s.round_limit = 3),
        ("capture_before_sowing", "first_seed", |s| {
            s.capture_before_sowing = CaptureBeforeSowing::FirstSeed
        }),
        ("capture_opponent_store", "true", |s| {
            s.capture_opponent_store = true
        }),
        ("relay_counts", "6,7", |s| {
            s.relay_counts = CountSet::of(&[6, 7])
        }),
        ("reach_opponent", "true", |s| s.reach_opponent = true),
        ("single_to_empty", "true", |s| s.single_to_empty = true),
        ("tuzdyk_across", "true", |s| s.tuzdyk_across = true),
        ("end_seeds_to", "mover", |s| {
            s.end_seeds_to = EndSeedsTo::Mover
        }),
        ("lap_capture", "next", |s| s.lap_capture = LapCapture::Next),
        ("territory_rest", "loser_empty", |s| {
            s.territory_rest = TerritoryRest::LoserEmpty
        }),
        ("children", "true", |s| s.children = true),
        ("child_count", "3", |s| s.child_count = 3),
        ("child_skip", "true", |s| s.child_skip = true),
        ("capacity", "17", |s| s.capacity = 17),
        ("lot_seed", "7", |s| s.lot_seed = 7),
        ("first_move", "last_house", |s| {
            s.first_move = FirstMove::LastHouse
        }),
        ("relay_store", "true", |s| s.relay_store = true),
        ("pass_store", "true", |s| s.pass_store = true),
        ("no_undo", "true", |s| s.no_undo = true),
        ("no_sides", "true", |s| s.no_sides = true),
        ("gap_occupied", "true", |s| s.gap_occupied = true),
        ("child_kind", "weg", |s| s.child_kind = ChildKind::Weg),
    ];
    let names: Vec<&str> = table.iter().map(|(name, _, _)| *name).collect();
    assert_eq!(
        names, DIMENSIONS,
        "the table covers every dimension, in order"
    );
    for (name, value, change) in table {
        let mut set = Preset::Kalah.rules();
        set.set(name, value)
            .unwrap_or_else(|e| panic!("{name} = {value}: {e}"));
        let mut expected = Preset::Kalah.rules();
        change(&mut expected);
        assert_ne!(
            expected,
            Preset::Kalah.rules(),
            "{name} must change something"
        );
        assert_eq!(set, expected, "{name} = {value}");
    }
}

#[test]
fn set_reads_lists_with_spaces_and_brackets_and_names_with_dashes() {
    let mut set = Preset::Oware.rules();
    set.set("capture_counts", " 2, 3 ,4 ").unwrap();
    assert_eq!(set.capture_counts, CountSet::of(&[2, 3, 4]));
    set.set("end", "[no_legal_move, majority]").unwrap();
    assert_eq!(
        set.end,
        EndSet::of(&[EndCondition::NoLegalMove, EndCondition::Majority])
    );
    set.set("end", "").unwrap();
    assert_eq!(set.end, EndSet::EMPTY);
    set.set("must-feed", "off").unwrap();
    assert!(!set.must_feed);
    set.set("GRAND_SLAM", "Forbidden").unwrap();
    assert_eq!(set.grand_slam, GrandSlam::Forbidden);
}

#[test]
fn set_rejects_unknown_names_and_bad_values() {
    let mut set = Preset::Kalah.rules();
    let e = set.set("sedes", "5").unwrap_err();
    assert!(matches!(&e, RuleError::UnknownField { field } if field == "sedes"));
    assert_mentions(&e.to_string(), &["sedes", "seeds"]);

    let e = set.set("seeds", "many").unwrap_err();
    assert!(matches!(&e, RuleError::InvalidValue { field: "seeds", value, .. } if value == "many"));
    let e = set.set("houses", "300").unwrap_err();
    assert_mentions(&e.to_string(), &["houses", "300"]);
    let e = set.set("origin", "sideways").unwrap_err();
    assert!(matches!(
        &e,
        RuleError::UnknownValue {
            field: "origin",
            ..
        }
    ));
    assert_mentions(&e.to_string(), &["sideways", "include", "skip", "first"]);
    let e = set.set("chain", "maybe").unwrap_err();
    assert!(
        matches!(&e, RuleError::InvalidValue { field: "chain", value, .. } if value == "maybe")
    );
    let e = set.set("capture_counts", "2,x").unwrap_err();
    assert!(
        matches!(&e, RuleError::InvalidValue { field: "capture_counts", value, .. } if value == "x")
    );
    let e = set.set("end", "majority,forever").unwrap_err();
    assert!(
        matches!(&e, RuleError::UnknownValue { field: "end", value, .. } if value == "forever")
    );
    let e = set.set("cycle_leftover", "halves").unwrap_err();
    assert!(matches!(
        &e,
        RuleError::UnknownValue {
            field: "cycle_leftover",
            ..
        }
    ));
    assert_mentions(
        &e.to_string(),
        &["cycle_leftover", "halves", "owner, discard, split"],
    );
    let e = set.set("no_capture_moves", "-1").unwrap_err();
    assert!(matches!(
        &e,
        RuleError::InvalidValue {
            field: "no_capture_moves",
            ..
        }
    ));
    // Nothing was changed by the refused values.
    assert_eq!(set, Preset::Kalah.rules());
}
