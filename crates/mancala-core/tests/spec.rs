//! Rule-set specs (`RuleSet::from_spec`) and the canonical text of a rule
//! set (`RuleSet::canonical`).

use mancala_core::{
    CaptureFrom, CountSet, EndCondition, EndSet, KalahOptions, Preset, RuleError, RuleSet,
    RuleSpecError,
};

#[test]
fn a_preset_alone_is_its_rules() {
    for preset in Preset::ALL {
        assert_eq!(RuleSet::from_spec(preset.name()), Ok(preset.rules()));
        for alias in preset.aliases() {
            assert_eq!(RuleSet::from_spec(alias), Ok(preset.rules()), "{alias}");
        }
    }
    assert_eq!(
        RuleSet::from_spec(" Al_Manqala "),
        Ok(Preset::AlManqala.rules())
    );
}

#[test]
fn a_player_count_after_the_preset_seats_that_many() {
    for players in 2..=4 {
        let expected = KalahOptions {
            players,
            ..KalahOptions::default()
        }
        .rules();
        assert_eq!(RuleSet::from_spec(&format!("kalah{players}")), Ok(expected));
        assert_eq!(
            RuleSet::from_spec(&format!("kalah,players={players}")),
            Ok(expected)
        );
    }
    assert_eq!(
        RuleSet::from_spec("kalah3,houses=4,seeds=3"),
        Ok(KalahOptions {
            players: 3,
            houses: 4,
            seeds: 3,
            ..KalahOptions::default()
        }
        .rules())
    );
}

#[test]
fn overrides_apply_in_order_with_set_names() {
    let rules = RuleSet::from_spec(
        "kalah, players=4, seeds=3, capture-from=all, seeds=2, capture_empty_opposite=on",
    )
    .unwrap();
    assert_eq!(
        rules,
        RuleSet {
            players: 4,
            seeds: 2,
            capture_from: CaptureFrom::All,
            capture_empty_opposite: true,
            ..Preset::Kalah.rules()
        }
    );
    // Without a preset the base is kalah, as in rule files.
    assert_eq!(
        RuleSet::from_spec("seeds=5"),
        Ok(RuleSet {
            seeds: 5,
            ..Preset::Kalah.rules()
        })
    );
}

#[test]
fn list_values_go_on_over_parts_without_an_equals_sign() {
    let rules = RuleSet::from_spec("oware,capture_counts=2,3,4,end=majority,seeds=5").unwrap();
    assert_eq!(rules.capture_counts, CountSet::of(&[2, 3, 4]));
    assert_eq!(rules.end, EndSet::of(&[EndCondition::Majority]));
    assert_eq!(rules.seeds, 5);
}

#[test]
fn spec_errors_name_the_offending_part() {
    for (spec, index) in [("", 1), ("kalah,", 2), (",kalah", 1), ("kalah,,seeds=5", 2)] {
        let e = RuleSet::from_spec(spec).unwrap_err();
        assert_eq!(e, RuleSpecError::Empty { index }, "{spec:?}");
        assert!(e.to_string().contains(&format!("part {index}")), "{e}");
    }

    let e = RuleSet::from_spec("chess,seeds=5").unwrap_err();
    assert!(
        matches!(&e, RuleSpecError::Preset(RuleError::UnknownPreset { name, .. }) if name == "chess")
    );
    // The same text as the preset parser's own error.
    assert_eq!(
        e.to_string(),
        "chess".parse::<Preset>().unwrap_err().to_string()
    );
    let e = RuleSet::from_spec("chess3").unwrap_err();
    assert!(
        matches!(&e, RuleSpecError::Preset(RuleError::UnknownPreset { name, .. }) if name == "chess3")
    );

    let e = RuleSet::from_spec("kalah,many").unwrap_err();
    assert_eq!(
        e,
        RuleSpecError::NotAnOverride {
            part: "many".into()
        }
    );
    assert!(e.to_string().contains("\"many\""), "{e}");

    let e = RuleSet::from_spec("kalah,sedes=5").unwrap_err();
    assert!(
        matches!(&e, RuleSpecError::Override { part, source: RuleError::UnknownField { field } }
            if part == "sedes=5" && field == "sedes")
    );
    assert!(
        e.to_string().starts_with("sedes=5: unknown rule \"sedes\""),
        "{e}"
    );
    let e = RuleSet::from_spec("kalah,end=majority,bored").unwrap_err();
    assert!(
        matches!(&e, RuleSpecError::Override { part, source: RuleError::UnknownValue { field: "end", value, .. } }
            if part == "end=majority,bored" && value == "bored"),
        "{e:?}"
    );

    for spec in ["oware3", "kalah5", "kalah,players=9", "kalah300"] {
        let e = RuleSet::from_spec(spec).unwrap_err();
        assert!(matches!(e, RuleSpecError::Invalid(_)), "{spec}: {e:?}");
        assert!(
            e.to_string().starts_with("the rules cannot be played: "),
            "{e}"
        );
    }
}

/// Dimensions added later appear in the canonical text only when they
/// differ from their defaults, and it still reads back.
#[test]
fn canonical_text_names_a_tuzdyk_only_when_there_is_one() {
    let toguz = Preset::ToguzKumalak.rules();
    let text = toguz.canonical();
    assert!(
        text.contains(",no_capture_moves=0,tuzdyk=true,end="),
        "{text}"
    );
    assert!(!text.contains("tuzdyk_count"), "{text}");
    assert_eq!(RuleSet::from_spec(&text).unwrap(), toguz);
    let counted = RuleSet {
        tuzdyk_count: 4,
        ..toguz
    };
    assert!(counted.canonical().contains(",tuzdyk=true,tuzdyk_count=4,"));
    assert_eq!(RuleSet::from_spec(&counted.canonical()).unwrap(), counted);
    assert!(!Preset::Oware.rules().canonical().contains("tuzdyk"));
}

/// Pins the canonical text: endgame database files identify their rules by
/// a hash of it, so a change here orphans every database on disk.
#[test]
fn canonical_text_of_kalah_is_pinned() {
    assert_eq!(
        Preset::Kalah.rules().canonical(),
        "players=2,houses=6,seeds=4,stores_sown=own,origin=include,extra_turn=own_store,\
         first_move_extra_turn=true,min_seeds=1,must_feed=false,unfed=any_move,\
         grand_slam=allowed,capture=opposite,capture_from=next,capture_empty_opposite=false,\
         capture_counts=,capture_side=opponent,chain=false,no_capture_moves=0,\
         end=any_side_empty,leftover=owner,cycle_leftover=owner,pie_rule=false"
    );
    assert!(
        Preset::Oware
            .rules()
            .canonical()
            .contains(",capture_counts=2,3,capture_side=opponent,chain=true,")
    );
    assert!(
        Preset::Oware
            .rules()
            .canonical()
            .contains(",end=majority,repetition,leftover=owner,")
    );
}

#[test]
fn canonical_text_reads_back_and_tells_rule_sets_apart() {
    let mut sets: Vec<RuleSet> = Preset::ALL.iter().map(|p| p.rules()).collect();
    sets.push(RuleSet::from_spec("kalah3,capture_from=all,end=no_legal_move").unwrap());
    sets.push(RuleSet::from_spec("oware,end=,seeds=3").unwrap());
    for (spec, later) in [
        ("kalah,direction=cw", "direction"),
        ("kalah,direction=parity", "direction"),
        ("oware,direction=cw", "direction"),
        ("oware,capture=gap,gap_opposite=true", "gap_opposite"),
        ("oware,sow_capture_counts=4", "sow_capture_counts"),
        (
            "oware,sow_capture_counts=4,sow_capture_by=sower",
            "sow_capture_by",
        ),
        ("kalah,capture_extra_turn=true", "capture_extra_turn"),
    ] {
        let set = RuleSet::from_spec(spec).unwrap();
        // A dimension added later is written only away from its default.
        assert!(set.canonical().contains(&format!(",{later}=")), "{spec}");
        sets.push(set);
    }
    // Dimensions added later are written only away from their defaults.
    sets.push(RuleSet::from_spec("kalah,relay=last,relay_limit=9,no_move=pass").unwrap());
    sets.push(RuleSet::from_spec("kalah,relay=next,relay_on=own").unwrap());
    sets.push(RuleSet::from_spec("kalah,relay_limit=9").unwrap());
    for set in &sets {
        assert_eq!(RuleSet::from_spec(&set.canonical()).as_ref(), Ok(set));
    }
    for (i, a) in sets.iter().enumerate() {
        // (`cross-kalah` is `kalah,direction=parity`: equal sets, one text.)
        for b in sets[i + 1..].iter().filter(|&b| b != a) {
            assert_ne!(a.canonical(), b.canonical());
        }
    }
}
