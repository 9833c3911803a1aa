//! Formats and validation: `RuleSet::validate`, rule files (TOML, JSON,
//! `RuleSet::set`), the presets against RULES.md section 9, `KalahOptions`,
//! and the position and move notations with their errors.

use mancala_core::{
    Capture, CaptureFrom, CaptureSide, CountSet, DIMENSIONS, EndCondition, EndReason, EndSet,
    ExtraTurn, GrandSlam, IllegalReason, KalahOptions, Leftover, Move, MoveParseError,
    NotationError, NotationReason, Origin, PieState, Position, Preset, RuleError, RuleSet, Rules,
    Setup, SetupError, StoresSown, Unfed, format_moves, parse_moves,
};

/// The error `validate` gives; `Rules::new` must refuse the set with the same error.
fn rejected(set: &RuleSet) -> RuleError {
    let error = set.validate().expect_err("the rule set should be rejected");
    assert_eq!(
        Rules::new(set).expect_err("Rules::new should refuse it too"),
        error
    );
    error
}

/// Asserts that `text` contains every one of `parts`.
fn assert_mentions(text: &str, parts: &[&str]) {
    for part in parts {
        assert!(text.contains(part), "{text:?} should mention {part:?}");
    }
}

fn kalah(players: u8) -> RuleSet {
    let mut set = Preset::Kalah.rules();
    set.players = players;
    set
}

// ---------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------

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

#[test]
fn validation_rejects_a_count_capture_with_a_count_of_one() {
    let mut set = Preset::Oware.rules();
    set.capture_counts = CountSet::of(&[1]);
    let e = rejected(&set);
    assert!(
        matches!(&e, RuleError::InvalidValue { field: "capture_counts", value, .. } if value == "1")
    );
    assert_mentions(&e.to_string(), &["capture_counts", "1"]);
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

// ---------------------------------------------------------------------------
// Rule files
// ---------------------------------------------------------------------------

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
    let table: [(&str, &str, Change); 22] = [
        ("players", "3", |s| s.players = 3),
        ("houses", "7", |s| s.houses = 7),
        ("seeds", "5", |s| s.seeds = 5),
        ("stores_sown", "all", |s| s.stores_sown = StoresSown::All),
        ("origin", "skip", |s| s.origin = Origin::Skip),
        ("extra_turn", "any_store", |s| {
            s.extra_turn = ExtraTurn::AnyStore
        }),
        ("first_move_extra_turn", "false", |s| {
            s.first_move_extra_turn = false
        }),
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
        ("capture_counts", "2,4,6", |s| {
            s.capture_counts = CountSet::of(&[2, 4, 6])
        }),
        ("capture_side", "any", |s| s.capture_side = CaptureSide::Any),
        ("chain", "yes", |s| s.chain = true),
        ("no_capture_moves", "1", |s| s.no_capture_moves = 1),
        ("end", "majority,repetition", |s| {
            s.end = EndSet::of(&[EndCondition::Majority, EndCondition::Repetition])
        }),
        ("leftover", "discard", |s| s.leftover = Leftover::Discard),
        ("cycle_leftover", "split", |s| {
            s.cycle_leftover = Leftover::Split
        }),
        ("pie_rule", "1", |s| s.pie_rule = true),
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

// ---------------------------------------------------------------------------
// Presets
// ---------------------------------------------------------------------------

#[test]
fn preset_list_and_names() {
    assert_eq!(
        Preset::ALL,
        [
            Preset::Kalah,
            Preset::Oware,
            Preset::Modiar,
            Preset::AlManqala,
            Preset::MancalaBasic,
            Preset::Mankalah
        ]
    );
    let names = [
        "kalah",
        "oware",
        "modiar",
        "al-manqala",
        "mancala-basic",
        "mankalah",
    ];
    for (preset, name) in Preset::ALL.into_iter().zip(names) {
        assert_eq!(preset.name(), name);
        assert_eq!(preset.to_string(), name);
        assert_eq!(name.parse::<Preset>(), Ok(preset));
        assert!(!preset.description().is_empty());
    }
}

#[test]
fn every_preset_alias_parses() {
    let written = [
        ("awale", Preset::Oware),
        ("awari", Preset::Oware),
        ("abapa", Preset::Oware),
        ("oware-abapa", Preset::Oware),
        ("ayo", Preset::Oware),
        ("kalaha", Preset::Kalah),
        ("mancala", Preset::Kalah),
        ("almanqala", Preset::AlManqala),
        ("manqala", Preset::AlManqala),
        ("basic", Preset::MancalaBasic),
        ("japanese-mancala", Preset::MancalaBasic),
        ("manchester-kalah", Preset::Mankalah),
        ("man-kalah", Preset::Mankalah),
    ];
    for (alias, preset) in written {
        assert_eq!(alias.parse::<Preset>(), Ok(preset), "{alias}");
        assert!(preset.aliases().contains(&alias), "{alias} listed");
    }
    for preset in Preset::ALL {
        for alias in preset.aliases() {
            assert_eq!(alias.parse::<Preset>(), Ok(preset), "{alias}");
        }
    }
}

#[test]
fn preset_names_ignore_case_underscores_and_spaces() {
    for (text, preset) in [
        ("KALAH", Preset::Kalah),
        (" Oware ", Preset::Oware),
        ("Al_Manqala", Preset::AlManqala),
        ("al manqala", Preset::AlManqala),
        ("MANCALA BASIC", Preset::MancalaBasic),
        ("mancala_basic", Preset::MancalaBasic),
        ("Oware_Abapa", Preset::Oware),
        ("Manchester Kalah", Preset::Mankalah),
    ] {
        assert_eq!(text.parse::<Preset>(), Ok(preset), "{text:?}");
    }
}

#[test]
fn unknown_preset_error_lists_the_known_names() {
    let e = "senet".parse::<Preset>().unwrap_err();
    assert!(matches!(&e, RuleError::UnknownPreset { name, .. } if name == "senet"));
    assert_mentions(
        &e.to_string(),
        &[
            "senet",
            "kalah",
            "oware",
            "modiar",
            "al-manqala",
            "mancala-basic",
            "mankalah",
        ],
    );
}

/// RULES.md section 9, "Defaults for every dimension a row does not name", with the row
/// fields (players .. end) left for each row to fill in.
fn section9(row: RuleSet) -> RuleSet {
    RuleSet {
        min_seeds: 1,
        must_feed: false,
        unfed: Unfed::AnyMove,
        grand_slam: GrandSlam::Allowed,
        no_capture_moves: 0,
        capture_from: CaptureFrom::Next,
        capture_empty_opposite: false,
        chain: false,
        leftover: Leftover::Owner,
        cycle_leftover: Leftover::Owner,
        pie_rule: false,
        first_move_extra_turn: true,
        ..row
    }
}

/// Compares a preset with its table row field by field. `capture_counts` and
/// `capture_side` are only compared for count-capture rows: the table names them nowhere else.
fn assert_row(preset: Preset, expected: RuleSet) {
    let actual = preset.rules();
    macro_rules! fields {
        ($($field:ident),*) => {
            $( assert_eq!(actual.$field, expected.$field, "{preset}: {}", stringify!($field)); )*
        };
    }
    fields!(
        players,
        houses,
        seeds,
        stores_sown,
        origin,
        extra_turn,
        first_move_extra_turn,
        min_seeds,
        must_feed,
        unfed,
        grand_slam,
        capture,
        capture_from,
        capture_empty_opposite,
        chain,
        no_capture_moves,
        end,
        leftover,
        cycle_leftover,
        pie_rule
    );
    if expected.capture == Capture::Count {
        fields!(capture_counts, capture_side);
    }
    assert_eq!(actual.validate(), Ok(()), "{preset} is valid");
}

#[test]
fn kalah_preset_matches_the_section_9_table() {
    // kalah | 2 (of 2-4) | 6 | 4 | own | include | own_store | opposite, capture_from next |
    // end any_side_empty, leftover owner
    assert_row(
        Preset::Kalah,
        section9(RuleSet {
            players: 2,
            houses: 6,
            seeds: 4,
            stores_sown: StoresSown::Own,
            origin: Origin::Include,
            extra_turn: ExtraTurn::OwnStore,
            capture: Capture::Opposite,
            capture_counts: CountSet::EMPTY,
            capture_side: CaptureSide::Opponent,
            end: EndSet::of(&[EndCondition::AnySideEmpty]),
            ..RuleSet::default()
        }),
    );
}

#[test]
fn oware_preset_matches_the_section_9_table() {
    // oware | 2 | 6 | 4 | none | skip | none | count {2,3}, opponent side, chain | must_feed,
    // unfed end_to_mover, grand_slam no_capture, end majority + repetition, leftover and
    // cycle_leftover owner
    assert_row(
        Preset::Oware,
        RuleSet {
            must_feed: true,
            unfed: Unfed::EndToMover,
            grand_slam: GrandSlam::NoCapture,
            chain: true,
            ..section9(RuleSet {
                players: 2,
                houses: 6,
                seeds: 4,
                stores_sown: StoresSown::None,
                origin: Origin::Skip,
                extra_turn: ExtraTurn::None,
                capture: Capture::Count,
                capture_counts: CountSet::of(&[2, 3]),
                capture_side: CaptureSide::Opponent,
                end: EndSet::of(&[EndCondition::Majority, EndCondition::Repetition]),
                ..RuleSet::default()
            })
        },
    );
}

#[test]
fn modiar_preset_matches_the_section_9_table() {
    // modiar | 2 | 3 | 7 | none | first | none | count {2,4,6}, any side, chain | min_seeds 2,
    // must_feed, unfed any_move, grand_slam forbidden, no_capture_moves 1,
    // end no_legal_move + majority, leftover owner
    assert_row(
        Preset::Modiar,
        RuleSet {
            min_seeds: 2,
            must_feed: true,
            unfed: Unfed::AnyMove,
            grand_slam: GrandSlam::Forbidden,
            no_capture_moves: 1,
            chain: true,
            ..section9(RuleSet {
                players: 2,
                houses: 3,
                seeds: 7,
                stores_sown: StoresSown::None,
                origin: Origin::First,
                extra_turn: ExtraTurn::None,
                capture: Capture::Count,
                capture_counts: CountSet::of(&[2, 4, 6]),
                capture_side: CaptureSide::Any,
                end: EndSet::of(&[EndCondition::NoLegalMove, EndCondition::Majority]),
                ..RuleSet::default()
            })
        },
    );
}

#[test]
fn al_manqala_preset_matches_the_section_9_table() {
    // al-manqala | 2 | 7 | 7 | none | include | none | count {2,4}, any side, chain |
    // must_feed, unfed end_to_starving, grand_slam allowed, end majority + repetition,
    // cycle_leftover split
    assert_row(
        Preset::AlManqala,
        RuleSet {
            must_feed: true,
            unfed: Unfed::EndToStarving,
            grand_slam: GrandSlam::Allowed,
            chain: true,
            cycle_leftover: Leftover::Split,
            ..section9(RuleSet {
                players: 2,
                houses: 7,
                seeds: 7,
                stores_sown: StoresSown::None,
                origin: Origin::Include,
                extra_turn: ExtraTurn::None,
                capture: Capture::Count,
                capture_counts: CountSet::of(&[2, 4]),
                capture_side: CaptureSide::Any,
                end: EndSet::of(&[EndCondition::Majority, EndCondition::Repetition]),
                ..RuleSet::default()
            })
        },
    );
}

#[test]
fn mancala_basic_preset_matches_the_section_9_table() {
    // mancala-basic | 2 | 6 | 4 | all | include | any_store | none | end empty_first
    assert_row(
        Preset::MancalaBasic,
        section9(RuleSet {
            players: 2,
            houses: 6,
            seeds: 4,
            stores_sown: StoresSown::All,
            origin: Origin::Include,
            extra_turn: ExtraTurn::AnyStore,
            capture: Capture::None,
            capture_counts: CountSet::EMPTY,
            capture_side: CaptureSide::Opponent,
            end: EndSet::of(&[EndCondition::EmptyFirst]),
            ..RuleSet::default()
        }),
    );
}

#[test]
fn mankalah_preset_matches_the_section_9_table() {
    // mankalah | 2 | 7 | 7 | own | include | own_store | opposite | as kalah (capture_from
    // next, end any_side_empty, leftover owner), plus pie_rule and first_move_extra_turn = false
    assert_row(
        Preset::Mankalah,
        RuleSet {
            pie_rule: true,
            first_move_extra_turn: false,
            ..section9(RuleSet {
                players: 2,
                houses: 7,
                seeds: 7,
                stores_sown: StoresSown::Own,
                origin: Origin::Include,
                extra_turn: ExtraTurn::OwnStore,
                capture: Capture::Opposite,
                capture_counts: CountSet::EMPTY,
                capture_side: CaptureSide::Opponent,
                end: EndSet::of(&[EndCondition::AnySideEmpty]),
                ..RuleSet::default()
            })
        },
    );
}

#[test]
fn kalah_options_keep_the_house_counts_the_site_offers_and_fall_back_to_six() {
    // 2 players: 6 or 7 kept; 3-4 players: 6 or 4 kept; anything else becomes 6.
    let table = [
        (2, 6, 6),
        (2, 7, 7),
        (2, 4, 6),
        (2, 5, 6),
        (2, 16, 6),
        (3, 6, 6),
        (3, 4, 4),
        (3, 7, 6),
        (3, 3, 6),
        (4, 6, 6),
        (4, 4, 4),
        (4, 7, 6),
        (4, 1, 6),
    ];
    for (players, houses, kept) in table {
        assert_eq!(KalahOptions::site_houses(players, houses), kept);
        let set = KalahOptions {
            players,
            houses,
            ..KalahOptions::default()
        }
        .rules();
        assert_eq!(
            (set.players, set.houses),
            (players, kept),
            "{players}p {houses}"
        );
        assert_eq!(set.validate(), Ok(()));
    }
}

#[test]
fn kalah_options_default_is_the_kalah_preset() {
    assert_eq!(KalahOptions::default().rules(), Preset::Kalah.rules());
}

#[test]
fn kalah_options_variant_switches_set_the_right_fields() {
    let base = Preset::Kalah.rules();
    let variants: [(KalahOptions, RuleSet); 6] = [
        (
            KalahOptions {
                capture_empty_opposite: true,
                ..KalahOptions::default()
            },
            RuleSet {
                capture_empty_opposite: true,
                ..base
            },
        ),
        (
            KalahOptions {
                delayed_end: true,
                ..KalahOptions::default()
            },
            RuleSet {
                end: EndSet::of(&[EndCondition::NoLegalMove]),
                ..base
            },
        ),
        (
            KalahOptions {
                discard_leftover: true,
                ..KalahOptions::default()
            },
            RuleSet {
                leftover: Leftover::Discard,
                ..base
            },
        ),
        (
            KalahOptions {
                pie_rule: true,
                ..KalahOptions::default()
            },
            RuleSet {
                pie_rule: true,
                ..base
            },
        ),
        (
            KalahOptions {
                seeds: 6,
                ..KalahOptions::default()
            },
            RuleSet { seeds: 6, ..base },
        ),
        (
            KalahOptions {
                players: 4,
                houses: 4,
                seeds: 3,
                capture_from: CaptureFrom::Opposite,
                ..KalahOptions::default()
            },
            RuleSet {
                players: 4,
                houses: 4,
                seeds: 3,
                capture_from: CaptureFrom::Opposite,
                ..base
            },
        ),
    ];
    for (options, expected) in variants {
        assert_eq!(options.rules(), expected, "{options:?}");
    }
}

// ---------------------------------------------------------------------------
// Position notation
// ---------------------------------------------------------------------------

#[test]
fn position_notation_reads_sides_and_fields() {
    let setup: Setup = "0,5,5,5,5,4:0 4,4,4,4,4,4:0 to=1 ply=1".parse().unwrap();
    assert_eq!(
        setup,
        Setup {
            houses: vec![vec![0, 5, 5, 5, 5, 4], vec![4, 4, 4, 4, 4, 4]],
            stores: vec![0, 0],
            to_move: 1,
            ply: 1,
            ..Setup::default()
        }
    );
    assert_eq!(setup.to_string(), "0,5,5,5,5,4:0 4,4,4,4,4,4:0 to=1 ply=1");
    assert_eq!(
        Setup::from_notation("0,5,5,5,5,4:0 4,4,4,4,4,4:0 to=1 ply=1"),
        Ok(setup)
    );
}

#[test]
fn position_notation_reads_and_writes_every_optional_field() {
    let text = "0,0,0:5 1,2,3:4 to=1 ply=9 pie=swapped discarded=3 resigned=1,0 over=resignation";
    let setup: Setup = text.parse().unwrap();
    assert_eq!(
        setup,
        Setup {
            houses: vec![vec![0, 0, 0], vec![1, 2, 3]],
            stores: vec![5, 4],
            to_move: 1,
            ply: 9,
            pie: PieState::Swapped,
            discarded: 3,
            resigned: vec![1, 0],
            over: Some(EndReason::Resignation),
        }
    );
    assert_eq!(setup.to_string(), text);

    let three = "1,2:3 4,5:6 7,8:9 to=2 ply=5 pie=declined over=cannot_feed";
    let setup: Setup = three.parse().unwrap();
    assert_eq!(setup.houses, vec![vec![1, 2], vec![4, 5], vec![7, 8]]);
    assert_eq!(setup.stores, vec![3, 6, 9]);
    assert_eq!(setup.pie, PieState::Declined);
    assert_eq!(setup.over, Some(EndReason::CannotFeed));
    assert_eq!(setup.to_string(), three);
}

#[test]
fn position_notation_defaults_and_canonical_order() {
    // `to` and `ply` may be omitted; they default to 0 and are always written.
    let setup: Setup = "4,4:0 4,4:0".parse().unwrap();
    assert_eq!(
        setup,
        Setup {
            houses: vec![vec![4, 4], vec![4, 4]],
            stores: vec![0, 0],
            to_move: 0,
            ply: 0,
            pie: PieState::Pending,
            discarded: 0,
            resigned: vec![],
            over: None,
        }
    );
    assert_eq!(setup.to_string(), "4,4:0 4,4:0 to=0 ply=0");
    // Fields in any order; defaults (pie=pending, discarded=0) are not written back.
    let setup: Setup = "4,4:0 4,4:0 over=majority discarded=0 pie=pending ply=7 to=1"
        .parse()
        .unwrap();
    assert_eq!(setup.to_string(), "4,4:0 4,4:0 to=1 ply=7 over=majority");
    // Extra spaces are only separators.
    let setup: Setup = "  4,4:0   4,4:0  to=1 ".parse().unwrap();
    assert_eq!(setup.to_string(), "4,4:0 4,4:0 to=1 ply=0");
}

#[test]
fn position_notation_errors_name_the_offending_token() {
    let cases = [
        ("4,4,4 4,4,4:0", "4,4,4"),        // missing colon
        ("4,x,4:0 4,4,4:0", "4,x,4:0"),    // a house is not a number
        ("4,4,4:y 4,4,4:0", "4,4,4:y"),    // the store is not a number
        ("4,,4:0 4,4,4:0", "4,,4:0"),      // an empty house count
        ("256,0:0 0,0:0", "256,0:0"),      // more than a cup holds
        ("4,4:0 4,4:0 who=1", "who=1"),    // unknown key
        ("4,4:0 4,4:0 to=1 to=0", "to=0"), // duplicate key
        ("4,4:0 to=1 3,3:0", "3,3:0"),     // a side after key=value fields
        ("4,4:0 4,4:0 ply=-1", "ply=-1"),  // not a number
        ("4,4:0 4,4:0 to=one", "to=one"),  // not a number
        ("4,4:0 4,4:0 pie=maybe", "pie=maybe"),
        ("4,4:0 4,4:0 over=bored", "over=bored"),
        ("4,4:0 4,4:0 resigned=0,x", "resigned=0,x"),
        ("4,4:0 4,4:0 discarded=lots", "discarded=lots"),
    ];
    for (text, token) in cases {
        let e: NotationError = text.parse::<Setup>().unwrap_err();
        assert_eq!(e.token, token, "{text:?}");
        assert!(!e.reason.to_string().is_empty());
        assert_mentions(&e.to_string(), &[&format!("\"{token}\"")]);
    }
}

#[test]
fn position_notation_without_sides_is_an_error() {
    for text in ["", "   ", "to=1 ply=2"] {
        let e = text.parse::<Setup>().unwrap_err();
        assert_eq!(e.token, text.trim(), "{text:?}");
        assert_eq!(e.reason, NotationReason::NoSides);
        assert_mentions(&e.reason.to_string(), &["side"]);
    }
}

#[test]
fn position_from_setup_round_trips_its_notation() {
    let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
    let text = "0,5,5,5,5,4:0 4,4,4,4,4,4:0 to=1 ply=1";
    let setup: Setup = text.parse().unwrap();
    let pos = Position::from_setup(&rules, &setup).unwrap();
    assert_eq!(pos.to_string(), text);
    assert_eq!(pos.to_setup(), setup);
    assert_eq!(pos.houses(0), &[0, 5, 5, 5, 5, 4]);
    assert_eq!(pos.house(0, 6), Some(4));
    assert_eq!(pos.house(0, 7), None);
    assert_eq!(pos.to_move(), 1);
    assert_eq!(pos.ply(), 1);
    // The start position in notation.
    assert_eq!(
        Position::new(&rules).to_string(),
        "4,4,4,4,4,4:0 4,4,4,4,4,4:0 to=0 ply=0"
    );
}

fn setup_error(rules: &RuleSet, text: &str) -> SetupError {
    let rules = Rules::new(rules).unwrap();
    let setup: Setup = text.parse().unwrap();
    Position::from_setup(&rules, &setup).expect_err("the setup should not fit the rules")
}

#[test]
fn from_setup_rejects_the_wrong_number_of_sides() {
    let kalah = Preset::Kalah.rules();
    let e = setup_error(
        &kalah,
        "4,4,4,4,4,4:0 4,4,4,4,4,4:0 4,4,4,4,4,4:0 to=0 ply=0",
    );
    assert_eq!(
        e,
        SetupError::Sides {
            found: 3,
            expected: 2
        }
    );
    assert_mentions(&e.to_string(), &["3", "2"]);
    let e = setup_error(&kalah, "4,4,4,4,4,4:0");
    assert_eq!(
        e,
        SetupError::Sides {
            found: 1,
            expected: 2
        }
    );
}

#[test]
fn from_setup_rejects_the_wrong_number_of_houses() {
    let e = setup_error(&Preset::Kalah.rules(), "4,4,4,4,4,4:0 4,4,4,4,4:0");
    assert_eq!(
        e,
        SetupError::Houses {
            side: 1,
            found: 5,
            expected: 6
        }
    );
    assert_mentions(&e.to_string(), &["side 1", "5", "6"]);
}

#[test]
fn from_setup_rejects_the_wrong_number_of_stores() {
    let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
    let setup = Setup {
        houses: vec![vec![4; 6], vec![4; 6]],
        stores: vec![0],
        ..Setup::default()
    };
    assert_eq!(
        Position::from_setup(&rules, &setup).unwrap_err(),
        SetupError::Stores {
            found: 1,
            expected: 2
        }
    );
}

#[test]
fn from_setup_rejects_more_than_255_seeds() {
    let kalah = Preset::Kalah.rules();
    // 200 + 56 = 256.
    let e = setup_error(&kalah, "200,56,0,0,0,0:0 0,0,0,0,0,0:0");
    assert_eq!(
        e,
        SetupError::TooManySeeds {
            total: 256,
            max: 255
        }
    );
    assert_mentions(&e.to_string(), &["256", "255"]);
    // Stores and discarded seeds count too: 200 + 50 + 5 + 1 = 256.
    let e = setup_error(&kalah, "200,50,0,0,0,0:5 0,0,0,0,0,0:1 discarded=0");
    assert!(matches!(e, SetupError::TooManySeeds { total: 256, .. }));
    let e = setup_error(&kalah, "200,50,0,0,0,0:5 0,0,0,0,0,0:0 discarded=1");
    assert!(matches!(e, SetupError::TooManySeeds { total: 256, .. }));
    // 255 fits.
    let rules = Rules::new(&kalah).unwrap();
    let setup: Setup = "200,50,0,0,0,0:5 0,0,0,0,0,0:0".parse().unwrap();
    assert!(Position::from_setup(&rules, &setup).is_ok());
}

#[test]
fn from_setup_rejects_a_side_to_move_that_does_not_exist() {
    let e = setup_error(&Preset::Kalah.rules(), "4,4,4,4,4,4:0 4,4,4,4,4,4:0 to=2");
    assert_eq!(
        e,
        SetupError::ToMove {
            side: 2,
            players: 2
        }
    );
    assert_mentions(&e.to_string(), &["side 2", "2 players"]);
}

#[test]
fn from_setup_rejects_a_pie_state_without_the_pie_rule() {
    let e = setup_error(
        &Preset::Kalah.rules(),
        "0,5,5,5,5,4:0 4,4,4,4,4,4:0 to=1 ply=2 pie=swapped",
    );
    assert!(matches!(&e, SetupError::Pie { state, .. } if state.name() == "swapped"));
    assert_mentions(&e.to_string(), &["pie", "swapped"]);
    // With the pie rule, a swap before any move is impossible.
    let e = setup_error(
        &Preset::Mankalah.rules(),
        "7,7,7,7,7,7,7:0 7,7,7,7,7,7,7:0 to=1 ply=0 pie=swapped",
    );
    assert!(matches!(&e, SetupError::Pie { state, .. } if state.name() == "swapped"));
}

#[test]
fn from_setup_rejects_a_resigned_side_out_of_range_or_listed_twice() {
    let e = setup_error(
        &Preset::Kalah.rules(),
        "4,4,4,4,4,4:0 4,4,4,4,4,4:0 resigned=2",
    );
    assert!(matches!(e, SetupError::Resigned { side: 2, .. }));
    assert_mentions(&e.to_string(), &["2"]);
    let e = setup_error(
        &kalah(3),
        "4,4,4,4,4,4:0 4,4,4,4,4,4:0 4,4,4,4,4,4:0 resigned=1,1",
    );
    assert!(matches!(e, SetupError::Resigned { side: 1, .. }));
    assert_mentions(&e.to_string(), &["1", "twice"]);
}

// ---------------------------------------------------------------------------
// Move notation
// ---------------------------------------------------------------------------

#[test]
fn moves_parse_and_display() {
    assert_eq!("3".parse::<Move>(), Ok(Move::House(3)));
    assert_eq!(" 16 ".parse::<Move>(), Ok(Move::House(16)));
    assert_eq!("swap".parse::<Move>(), Ok(Move::Swap));
    assert_eq!("SWAP".parse::<Move>(), Ok(Move::Swap));
    assert_eq!(" Swap".parse::<Move>(), Ok(Move::Swap));
    assert_eq!(Move::House(12).to_string(), "12");
    assert_eq!(Move::Swap.to_string(), "swap");
    assert_eq!(Move::House(4).house(), Some(4));
    assert_eq!(Move::Swap.house(), None);
    for bad in ["0", "x", "-1", "+3", "3a", "", "256", "swapp"] {
        let e = bad.parse::<Move>().unwrap_err();
        assert_eq!(
            e,
            MoveParseError::Move {
                text: bad.to_string()
            }
        );
        assert_mentions(&e.to_string(), &[&format!("\"{bad}\"")]);
    }
}

#[test]
fn move_lists_take_commas_and_spaces() {
    let expected = vec![Move::House(3), Move::House(1), Move::Swap, Move::House(6)];
    for text in ["3,1,swap,6", "3 1 swap 6", "3, 1 ,swap  6", " 3,1,swap,6 "] {
        assert_eq!(parse_moves(text), Ok(expected.clone()), "{text:?}");
    }
    assert_eq!(parse_moves(""), Ok(vec![]));
    assert_eq!(format_moves(&expected), "3,1,swap,6");
    assert_eq!(parse_moves(&format_moves(&expected)), Ok(expected));
}

#[test]
fn move_list_errors_name_the_index_of_the_bad_move() {
    let e = parse_moves("3, 1 x,6").unwrap_err();
    assert_eq!(
        e,
        MoveParseError::InList {
            index: 3,
            text: "x".into()
        }
    );
    assert_mentions(&e.to_string(), &["move 3", "\"x\""]);
    // Runs of spaces are one separator: "0" is the third move.
    let e = parse_moves("3,  1  0").unwrap_err();
    assert_eq!(
        e,
        MoveParseError::InList {
            index: 3,
            text: "0".into()
        }
    );
}

#[test]
fn move_list_empty_entries_are_errors_naming_their_place() {
    // An empty entry is refused, not skipped: `1,,2` is not `1,2`.
    let cases = [
        (",,,", 1),
        (",3", 1),
        ("3,,0", 2),
        ("1, ,2", 2),
        (" 3,1,,swap,6, ", 3),
        ("3,1,swap,6,", 5),
        ("3 1,", 3),
    ];
    for (text, index) in cases {
        let e = parse_moves(text).unwrap_err();
        assert_eq!(e, MoveParseError::Empty { index }, "{text:?}");
        assert_mentions(&e.to_string(), &[&format!("move {index}"), "empty"]);
    }
    // A blank list is still the empty list.
    assert_eq!(parse_moves("  "), Ok(vec![]));
}

/// Plays an illegal move: the position must not change; returns the reason and the text.
fn refuse(pos: &mut Position<'_>, m: Move) -> (IllegalReason, String) {
    let before = pos.to_string();
    let e = pos.play(m).expect_err("the move should be illegal");
    assert_eq!(e.mv, m);
    assert_eq!(pos.to_string(), before, "an illegal move changes nothing");
    assert!(!pos.is_legal(m));
    (e.reason, e.to_string())
}

fn position_of<'r>(rules: &'r Rules, text: &str) -> Position<'r> {
    Position::from_setup(rules, &text.parse().unwrap()).unwrap()
}

#[test]
fn illegal_move_no_such_house() {
    let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
    let mut pos = Position::new(&rules);
    let (reason, text) = refuse(&mut pos, Move::House(7));
    assert_eq!(reason, IllegalReason::NoSuchHouse { houses: 6 });
    assert_mentions(&text, &["illegal move 7", "no such house", "1 to 6"]);
    let (reason, _) = refuse(&mut pos, Move::House(0));
    assert_eq!(reason, IllegalReason::NoSuchHouse { houses: 6 });
}

#[test]
fn illegal_move_empty_house() {
    let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
    let mut pos = position_of(&rules, "0,5,5,5,5,4:0 4,4,4,4,4,4:0 to=0 ply=2");
    let (reason, text) = refuse(&mut pos, Move::House(1));
    assert_eq!(reason, IllegalReason::EmptyHouse);
    assert_mentions(&text, &["illegal move 1", "empty"]);
}

#[test]
fn illegal_move_too_few_seeds() {
    let rules = Rules::new(&Preset::Modiar.rules()).unwrap();
    // Modiar: min_seeds 2, house 2 is a singleton.
    let mut pos = position_of(&rules, "3,1,2:10 2,2,2:10 to=0 ply=4");
    let (reason, text) = refuse(&mut pos, Move::House(2));
    assert_eq!(reason, IllegalReason::TooFewSeeds { seeds: 1, min: 2 });
    assert_mentions(&text, &["illegal move 2", "1 seed", "at least 2"]);
}

#[test]
fn illegal_move_must_feed() {
    let rules = Rules::new(&Preset::Oware.rules()).unwrap();
    // Side 1 is empty: house 6 (1 seed) reaches side 1's house 1, house 1 only reaches
    // house 2. Only house 6 is legal.
    let mut pos = position_of(&rules, "1,0,0,0,0,1:23 0,0,0,0,0,0:23 to=0 ply=30");
    assert_eq!(pos.legal_moves().to_vec(), vec![Move::House(6)]);
    let (reason, text) = refuse(&mut pos, Move::House(1));
    assert_eq!(reason, IllegalReason::MustFeed);
    assert_mentions(&text, &["illegal move 1", "feed"]);
}

#[test]
fn illegal_move_grand_slam() {
    let rules = Rules::new(&Preset::Modiar.rules()).unwrap();
    // Modiar, origin first: house 3 (2 seeds) -> house 3 (1), side 1 house 1 (1 -> 2): a
    // count of 2 captured, and side 1's only seeds: a grand slam, forbidden. House 1
    // (3 seeds) -> houses 1, 2, 3 (last 2 -> 3): legal.
    let mut pos = position_of(&rules, "3,0,2:10 1,0,0:10 to=0 ply=10");
    assert_eq!(pos.legal_moves().to_vec(), vec![Move::House(1)]);
    let (reason, text) = refuse(&mut pos, Move::House(3));
    assert_eq!(reason, IllegalReason::GrandSlam);
    assert_mentions(&text, &["illegal move 3", "grand slam"]);
}

#[test]
fn illegal_move_swap_not_allowed() {
    let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
    let mut pos = Position::new(&rules);
    let (reason, text) = refuse(&mut pos, Move::Swap);
    assert_eq!(reason, IllegalReason::SwapNotAllowed);
    assert_mentions(&text, &["illegal move swap", "pie rule"]);
}

#[test]
fn illegal_move_game_over() {
    let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
    // Side 0 is empty: over at once, side 1's 24 seeds -> store 1.
    let mut pos = position_of(&rules, "0,0,0,0,0,0:24 4,4,4,4,4,4:0 to=1 ply=40");
    assert!(pos.is_over());
    for m in [Move::House(1), Move::Swap, Move::House(9)] {
        let (reason, text) = refuse(&mut pos, m);
        assert_eq!(reason, IllegalReason::GameOver);
        assert_mentions(&text, &["game is over"]);
    }
}
