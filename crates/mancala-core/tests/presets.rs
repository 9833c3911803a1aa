//! The presets: names, aliases and `FromStr`, each preset against its row
//! of docs/rules.md section 9, and `KalahOptions`.

use mancala_core::{
    Capture, CaptureFrom, CaptureSide, CountSet, EndCondition, EndSet, ExtraTurn, GrandSlam,
    KalahOptions, Leftover, Origin, Preset, RuleError, RuleSet, StoresSown, Unfed,
};
use mancala_testkit::assert_mentions;

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
            Preset::Mankalah,
            Preset::Wari,
            Preset::Songo,
            Preset::CrossKalah,
            Preset::ToguzKumalak,
            Preset::Bohnenspiel,
            Preset::Ayoayo,
            Preset::Endodoi,
            Preset::Dakon,
            Preset::Ohvalhu,
            Preset::Congkak,
            Preset::VaiLungThlan,
            Preset::LongbeuACha,
            Preset::Pallanguzhi,
            Preset::Pandi,
            Preset::Halusa,
            Preset::OtTjin,
        ]
    );
    let names = [
        "kalah",
        "oware",
        "modiar",
        "al-manqala",
        "mancala-basic",
        "mankalah",
        "wari",
        "songo",
        "cross-kalah",
        "toguz-kumalak",
        "bohnenspiel",
        "ayoayo",
        "endodoi",
        "dakon",
        "ohvalhu",
        "congkak",
        "vai-lung-thlan",
        "longbeu-a-cha",
        "pallanguzhi",
        "pandi",
        "halusa",
        "ot-tjin",
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
        ("warri", Preset::Wari),
        ("ouri", Preset::Wari),
        ("songo-ewondo", Preset::Songo),
        ("crosskalah", Preset::CrossKalah),
        ("togyz-kumalak", Preset::ToguzKumalak),
        ("toguz-korgool", Preset::ToguzKumalak),
        ("das-bohnenspiel", Preset::Bohnenspiel),
        ("ayo-olopon", Preset::Ayoayo),
        ("en-dodoi", Preset::Endodoi),
        ("dhakon", Preset::Dakon),
        ("ovalhu", Preset::Ohvalhu),
        ("congklak", Preset::Congkak),
        ("main-congkak", Preset::Congkak),
        ("vailungthlan", Preset::VaiLungThlan),
        ("longbeuacha", Preset::LongbeuACha),
        ("pallankuli", Preset::Pallanguzhi),
        ("pallanguli", Preset::Pallanguzhi),
        ("ali-guli-mane", Preset::Pandi),
        ("aligulimane", Preset::Pandi),
        ("halusi", Preset::Halusa),
        ("otjin", Preset::OtTjin),
        ("aw-li-on-nam-ot-tjin", Preset::OtTjin),
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
        ("Ot Tjin", Preset::OtTjin),
        ("Aw-li On-nam Ot-tjin", Preset::OtTjin),
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

/// docs/rules.md section 9, "Defaults for every dimension a row does not name", with the row
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
        tuzdyk: false,
        tuzdyk_count: 3,
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
        pie_rule,
        tuzdyk,
        tuzdyk_count
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
fn toguz_kumalak_preset_matches_the_section_9_table() {
    // toguz-kumalak | 2 | 9 | 9 | none | first_unless_single | none | count {2,4,...,162},
    // capture_side = opponent | tuzdyk (count 3), end no_legal_move + majority + repetition
    let evens: CountSet = (1..=81).map(|k| 2 * k).collect();
    assert!(evens.contains(162) && evens.contains(2) && !evens.contains(3));
    assert_row(
        Preset::ToguzKumalak,
        RuleSet {
            tuzdyk: true,
            tuzdyk_count: 3,
            ..section9(RuleSet {
                players: 2,
                houses: 9,
                seeds: 9,
                stores_sown: StoresSown::None,
                origin: Origin::FirstUnlessSingle,
                extra_turn: ExtraTurn::None,
                capture: Capture::Count,
                capture_counts: evens,
                capture_side: CaptureSide::Opponent,
                end: EndSet::of(&[
                    EndCondition::NoLegalMove,
                    EndCondition::Majority,
                    EndCondition::Repetition,
                ]),
                ..RuleSet::default()
            })
        },
    );
    assert_eq!(Preset::ToguzKumalak.rules().total_seeds(), 162);
}

#[test]
fn kalah_options_play_the_house_count_they_are_given() {
    // No site policy in core: counts a site may not offer are kept.
    for (players, houses) in [(2, 4), (2, 7), (3, 7), (4, 5), (3, 16)] {
        let set = KalahOptions {
            players,
            houses,
            ..KalahOptions::default()
        }
        .rules();
        assert_eq!((set.players, set.houses), (players, houses));
        assert_eq!(set.validate(), Ok(()), "{players}p {houses}");
    }
    // What the engine cannot play is still refused: 16 houses of 4 seeds
    // for four players are 256 seeds.
    let too_big = KalahOptions {
        players: 4,
        houses: 16,
        ..KalahOptions::default()
    };
    assert_eq!(
        too_big.rules().validate(),
        Err(RuleError::TooManySeeds {
            total: 256,
            max: 255
        })
    );
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

#[test]
fn every_preset_keeps_its_recorded_canonical_text() {
    // Recorded from the presets before their rule files moved (issue 30):
    // moving or regenerating the sources must not change one rule.
    let pinned = include_str!("presets/canonical.txt");
    let lines: Vec<(&str, &str)> = pinned
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| line.split_once(' ').expect("NAME CANONICAL"))
        .collect();
    let names: Vec<&str> = lines.iter().map(|&(name, _)| name).collect();
    let all: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
    assert_eq!(names, all);
    for (preset, (_, canonical)) in Preset::ALL.into_iter().zip(lines) {
        assert_eq!(preset.rules().canonical(), canonical, "{preset}");
        assert_eq!(
            RuleSet::from_spec(canonical),
            Ok(preset.rules()),
            "{preset}"
        );
    }
}
