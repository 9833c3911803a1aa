//! Start layouts (`layout`, docs/rules.md section 2): the start position
//! of a layout, moves from houses that start unlike the others, the
//! dimension's text, TOML and JSON forms, and its validation errors.

use mancala_core::{
    InvalidReason, Layout, Move, Position, Preset, RuleError, RuleSet, Rules, Side,
};
use mancala_testkit::assert_mentions;

/// Kalah on six houses, each side starting 1,0,2,0,3,1 from house 1.
const SPEC: &str = "kalah,layout=1,0,2,0,3,1";

fn start(rules: &Rules) -> Position<'_> {
    Position::new(rules)
}

#[test]
fn layout_fills_every_side_from_house_1() {
    let set = RuleSet::from_spec(SPEC).unwrap();
    let rules = Rules::new(&set).unwrap();
    let pos = start(&rules);
    assert_eq!(pos.to_string(), "1,0,2,0,3,1:0 1,0,2,0,3,1:0 to=0 ply=0");
    // 2 sides of 1 + 0 + 2 + 0 + 3 + 1 = 7 seeds.
    assert_eq!(set.total_seeds(), 14);
    assert_eq!(pos.total_seeds(), 14);
    assert_eq!(pos.house(Side::new(1), 5), Some(3));
}

#[test]
fn layout_lone_seed_captures_the_opposite_layout_house() {
    // House 1's lone seed lands in the empty house 2; its corresponding
    // house (section 1: index 1 faces index 6 - 1 - 1 = 4, house 5) holds
    // 3 seeds: 3 + 1 go to the store, and the turn passes.
    let rules = Rules::new(&RuleSet::from_spec(SPEC).unwrap()).unwrap();
    let mut pos = start(&rules);
    let effect = pos.play(Move::House(1)).unwrap();
    assert!(!effect.extra_turn);
    assert_eq!(pos.to_string(), "0,0,2,0,3,1:4 1,0,2,0,0,1:0 to=1 ply=1");
}

#[test]
fn layout_house_of_three_sows_past_the_store() {
    // House 5's 3 seeds: house 6 (1 -> 2), the store, then the opponent's
    // house 1 (1 -> 2); the last seed is not in the store: no extra turn.
    let rules = Rules::new(&RuleSet::from_spec(SPEC).unwrap()).unwrap();
    let mut pos = start(&rules);
    let effect = pos.play(Move::House(5)).unwrap();
    assert!(!effect.extra_turn);
    assert_eq!(pos.to_string(), "1,0,2,0,0,2:1 2,0,2,0,3,1:0 to=1 ply=1");
    // An empty house of the layout is no move.
    let rules = Rules::new(&RuleSet::from_spec(SPEC).unwrap()).unwrap();
    let mut pos = start(&rules);
    assert!(pos.play(Move::House(2)).is_err());
}

#[test]
fn layout_in_oware_captures_by_the_counts_of_the_layout() {
    // Oware, 1,1,0,0,0,2: house 6's 2 seeds bring the opponent's houses 1
    // and 2 to 2 each; the last (house 2) and, by the chain, house 1 are
    // captured: 4 seeds, the opponent keeps house 6.
    let set = RuleSet::from_spec("oware,layout=1,1,0,0,0,2").unwrap();
    let rules = Rules::new(&set).unwrap();
    let mut pos = start(&rules);
    pos.play(Move::House(6)).unwrap();
    assert_eq!(pos.houses(Side::new(1)), [0, 0, 0, 0, 0, 2]);
    assert_eq!(pos.store(Side::new(0)), 4);
    // Four of the eight seeds is half, not a majority: the game goes on.
    assert!(!pos.is_over());
}

#[test]
fn layout_reads_and_writes_as_spec_toml_and_json() {
    let set = RuleSet::from_spec(SPEC).unwrap();
    assert_eq!(set.layout.counts(), [1, 0, 2, 0, 3, 1]);
    assert!(set.canonical().contains(",layout=1,0,2,0,3,1,"));
    assert_eq!(RuleSet::from_spec(&set.canonical()), Ok(set));
    assert_eq!(RuleSet::from_toml(&set.to_toml()), Ok(set));
    assert_eq!(RuleSet::from_json(&set.to_json()), Ok(set));
    let toml = RuleSet::from_toml("preset = \"kalah\"\nlayout = [1, 0, 2, 0, 3, 1]").unwrap();
    let json = RuleSet::from_json(r#"{"preset": "kalah", "layout": [1, 0, 2, 0, 3, 1]}"#).unwrap();
    assert_eq!((toml, json), (set, set));
    assert!(set.to_json().contains("\"layout\": [\n    1,"));

    // The empty layout is the uniform one, and no preset writes it.
    let uniform = RuleSet::from_toml("layout = []").unwrap();
    assert_eq!(uniform, Preset::Kalah.rules());
    assert!(uniform.layout.is_uniform());
    assert_eq!(RuleSet::from_spec("kalah,layout="), Ok(uniform));
    for preset in Preset::ALL {
        assert!(!preset.rules().canonical().contains("layout"), "{preset}");
    }
    // The short spec of a game's one-line form keeps it too.
    assert_eq!(set.short_spec(), SPEC);
    let game: mancala_core::Game = format!("{SPEC}; 1, 3").parse().unwrap();
    let again: mancala_core::Game = game.to_string().parse().unwrap();
    assert_eq!(again.rules().rule_set(), &set);
    assert_eq!(again.to_string(), game.to_string());
    let mut brackets = Preset::Kalah.rules();
    brackets.set("layout", "[1, 0, 2, 0, 3, 1]").unwrap();
    assert_eq!(brackets, set);
}

fn invalid(result: Result<RuleSet, RuleError>) -> (String, InvalidReason, String) {
    match result {
        Err(e @ RuleError::InvalidValue { .. }) => {
            let text = e.to_string();
            let RuleError::InvalidValue {
                field,
                value,
                reason,
            } = e
            else {
                unreachable!()
            };
            assert_eq!(field, "layout", "{text}");
            (value, reason, text)
        }
        other => panic!("not an invalid layout: {other:?}"),
    }
}

#[test]
fn layout_errors_name_the_layout_and_say_why() {
    let (value, reason, text) = invalid(RuleSet::from_toml("layout = [1, 2, 3]"));
    assert_eq!(
        (value.as_str(), reason),
        ("1,2,3", InvalidReason::LayoutLength)
    );
    assert_mentions(&text, &["layout", "1,2,3", "as many counts as houses"]);

    let (value, reason, _) = invalid(RuleSet::from_toml("layout = [0, 0, 0, 0, 0, 0]"));
    assert_eq!(
        (value.as_str(), reason),
        ("0,0,0,0,0,0", InvalidReason::LayoutEmpty)
    );

    let (value, reason, _) = invalid(RuleSet::from_toml("layout = [1, 2, 3, 256, 0, 0]"));
    assert_eq!(
        (value.as_str(), reason),
        ("256", InvalidReason::NotSeedCount)
    );
    // A negative count is no number serde reads as a count: a syntax error.
    let negative = RuleSet::from_json(r#"{"layout": [1, -1]}"#);
    assert!(
        matches!(negative, Err(RuleError::Syntax { .. })),
        "{negative:?}"
    );

    let seventeen = format!("layout = [{}]", ["1"; 17].join(", "));
    let (_, reason, _) = invalid(RuleSet::from_toml(&seventeen));
    assert_eq!(reason, InvalidReason::LayoutLength);

    let (_, reason, _) = invalid(RuleSet::from_toml(
        "layout = [1, 0, 2, 0, 3, 1]\nrounds = \"fill\"",
    ));
    assert_eq!(reason, InvalidReason::LayoutWithRounds);

    let mut set = Preset::Kalah.rules();
    let Err(RuleError::InvalidValue {
        field,
        value,
        reason,
    }) = set.set("layout", "1,x")
    else {
        panic!("x is no count");
    };
    assert_eq!(
        (field, value.as_str(), reason),
        ("layout", "x", InvalidReason::NotSeedCount)
    );

    // Changing the houses under a layout leaves it one count short.
    let e = RuleSet::from_spec("kalah,layout=1,0,2,0,3,1,houses=5").unwrap_err();
    assert_mentions(&e.to_string(), &["layout", "as many counts as houses"]);
}

#[test]
fn layout_total_is_limited_like_seeds() {
    // 4 players x 16 houses x 4 seeds = 256, one more than a count holds.
    let set = RuleSet::from_spec(&format!(
        "kalah,players=4,houses=16,seeds=1,layout={}",
        ["4"; 16].join(",")
    ));
    let Err(mancala_core::RuleSpecError::Invalid(RuleError::TooManySeeds { total, max })) = set
    else {
        panic!("256 seeds: {set:?}");
    };
    assert_eq!((total, max), (256, 255));
    let fits = RuleSet::from_spec(&format!(
        "kalah,players=4,houses=16,seeds=1,layout=3,{}",
        ["4"; 15].join(",")
    ))
    .unwrap();
    assert_eq!(fits.total_seeds(), 252);
    let long = Layout::of(&[0; 17]).unwrap_err();
    assert_mentions(&long.to_string(), &["layout", "as many counts as houses"]);
}
