//! Start layouts (`layout`, docs/rules.md section 2): the start position
//! of a layout, moves from houses that start unlike the others, the
//! dimension's text, TOML and JSON forms, and its validation errors.

use mancala_core::{
    Game, InvalidReason, Layout, Move, Position, Preset, RuleError, RuleSet, Rules, Side,
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

/// docs/rules.md section 1, "A dealt start", by hand on the smallest
/// board: one house a side, 3 seeds a house, 6 in all. Every house gets
/// 2, and rest = 2 seeds and N - 1 = 1 bar share 3 slots {0, 1, 2}. The
/// first SplitMix64 number from state 1 is 0x910A2DEC89025CC1 (the
/// generator's published first output for seed 1), which is 2 modulo 3:
/// items 0 and 2 swap, the bar is slot 2, so house 0 gets 2 + 2 = 4
/// seeds and house 1 gets 2 + (3 - 2 - 1) = 2.
#[test]
fn a_dealt_start_follows_the_steps_of_the_rules() {
    let set = RuleSet::from_spec("kalah,houses=1,seeds=3,layout_seed=1").unwrap();
    assert_eq!(set.dealt_layout(), Some(vec![vec![4], vec![2]]));
    let rules = Rules::new(&set).unwrap();
    assert_eq!(start(&rules).to_string(), "4:0 2:0 to=0 ply=0");
}

/// The deal of Kalah's board from seed 1, as the independent reference
/// `tests/reference/perft.py` deals it from the steps of docs/rules.md
/// section 1 (and as that section quotes it); and Mangala IV's 98 seeds
/// on 2 x 7 from the same seed.
#[test]
fn a_dealt_start_is_the_references() {
    for (spec, expected) in [
        (
            "kalah,layout_seed=1",
            "4,3,5,6,2,5:0 5,3,4,3,2,6:0 to=0 ply=0",
        ),
        (
            "kalah,layout_seed=7",
            "2,3,2,6,2,6:0 5,3,2,5,10,2:0 to=0 ply=0",
        ),
        (
            "kalah,houses=7,seeds=7,layout_seed=1",
            "8,2,19,29,2,11,5:0 5,4,3,2,4,2,2:0 to=0 ply=0",
        ),
    ] {
        let rules = Rules::new(&RuleSet::from_spec(spec).unwrap()).unwrap();
        assert_eq!(start(&rules).to_string(), expected, "{spec}");
    }
}

#[test]
fn a_dealt_start_keeps_the_seeds_and_two_a_house() {
    for seed in 1..=200u32 {
        let set = RuleSet::from_spec(&format!("oware,layout_seed={seed}")).unwrap();
        let rows = set.dealt_layout().unwrap();
        let all: Vec<u8> = rows.iter().flatten().copied().collect();
        assert_eq!(all.len(), 12, "seed {seed}");
        assert!(all.iter().all(|&c| c >= 2), "seed {seed}: {all:?}");
        assert_eq!(all.iter().map(|&c| u32::from(c)).sum::<u32>(), 48);
        let pos = Position::new(&Rules::new(&set).unwrap()).to_string();
        assert_eq!(pos, start(&Rules::new(&set).unwrap()).to_string());
    }
    // One seed a house: every house gets its one seed, whatever the seed.
    let one = RuleSet::from_spec("kalah,seeds=1,layout_seed=9").unwrap();
    assert_eq!(one.dealt_layout(), Some(vec![vec![1; 6], vec![1; 6]]));
    // Different seeds deal different boards (not always, but these do).
    let deal = |seed: u32| {
        RuleSet::from_spec(&format!("kalah,layout_seed={seed}"))
            .unwrap()
            .dealt_layout()
    };
    assert_ne!(deal(1), deal(2));
    assert_eq!(deal(3), deal(3));
}

#[test]
fn a_dealt_start_is_written_in_the_rules_and_read_back() {
    let set = RuleSet::from_spec("kalah,layout_seed=4000000000").unwrap();
    assert_eq!(set.layout_seed, 4_000_000_000);
    assert!(set.canonical().contains("layout_seed=4000000000"));
    assert_eq!(RuleSet::from_spec(&set.canonical()).unwrap(), set);
    assert_eq!(RuleSet::from_toml(&set.to_toml()).unwrap(), set);
    assert_eq!(RuleSet::from_json(&set.to_json()).unwrap(), set);
    // Rules without a seed keep their canonical text.
    assert!(!Preset::Kalah.rules().canonical().contains("layout_seed"));
}

#[test]
fn a_dealt_start_refuses_a_layout_and_rounds() {
    let (field, value, reason) =
        match RuleSet::from_toml("layout = [1, 0, 2, 0, 3, 1]\nlayout_seed = 5") {
            Err(RuleError::InvalidValue {
                field,
                value,
                reason,
            }) => (field, value, reason),
            other => panic!("a layout with a seed: {other:?}"),
        };
    assert_eq!(
        (field, value.as_str(), reason),
        ("layout_seed", "5", InvalidReason::LayoutSeedWithLayout)
    );
    let e = RuleSet::from_spec("kalah,layout_seed=5,rounds=fill").unwrap_err();
    assert_mentions(&e.to_string(), &["layout_seed", "5", "match in rounds"]);
    let e = RuleSet::from_toml("layout_seed = 5000000000").unwrap_err();
    assert_mentions(&e.to_string(), &["layout_seed", "5000000000"]);
}

#[test]
fn a_game_on_a_dealt_start_replays_from_its_line() {
    use mancala_core::Game;
    // The line's rules carry the seed, so no start is written: the line
    // deals the same board and replays the same moves.
    let text = "kalah,layout_seed=1; 1, 3";
    let game: Game = text.parse().unwrap();
    assert_eq!(game.to_string(), text);
    let positions: Vec<String> = game.positions().map(|p| p.to_string()).collect();
    // From 4,3,5,6,2,5 / 5,3,4,3,2,6: side 0's house 1 (4 seeds) sows
    // houses 2 to 5; side 1's house 3 (4 seeds) sows its houses 4 to 6
    // and its store, an extra turn.
    assert_eq!(
        positions,
        [
            "4,3,5,6,2,5:0 5,3,4,3,2,6:0 to=0 ply=0",
            "0,4,6,7,3,5:0 5,3,4,3,2,6:0 to=1 ply=1",
            "0,4,6,7,3,5:0 5,3,0,4,3,7:1 to=1 ply=2",
        ]
    );
}

#[test]
fn each_game_reads_from_text_and_files_and_writes_back() {
    let text = RuleSet::from_spec("kalah,layout_seed=each_game").unwrap();
    assert!(text.deals_each_game());
    assert_eq!(text.layout_seed, RuleSet::DEAL_EACH_GAME);
    let toml = RuleSet::from_toml("layout_seed = \"each_game\"").unwrap();
    let json = RuleSet::from_json(r#"{"layout_seed": "each_game"}"#).unwrap();
    assert_eq!(toml, text);
    assert_eq!(json, text);
    assert_eq!(RuleSet::from_spec(&text.canonical()).unwrap(), text);
    assert_eq!(RuleSet::from_toml(&text.to_toml()).unwrap(), text);
    assert_eq!(RuleSet::from_json(&text.to_json()).unwrap(), text);
    // Any other word is refused, naming the field.
    let Err(RuleError::InvalidValue {
        field,
        value,
        reason,
    }) = RuleSet::from_toml("layout_seed = \"each\"")
    else {
        panic!("layout_seed = \"each\" was taken");
    };
    assert_eq!(
        (field, reason, value.as_str()),
        ("layout_seed", InvalidReason::NotLayoutSeed, "each")
    );
    // Like a seed, each_game is refused with a layout and with rounds.
    let e = RuleSet::from_spec("kalah,layout_seed=each_game,rounds=fill").unwrap_err();
    assert!(e.to_string().contains("layout_seed"), "{e}");
}

#[test]
fn each_game_is_refused_until_a_game_picks_its_seed() {
    let each = RuleSet::from_spec("kalah,layout_seed=each_game").unwrap();
    let Err(RuleError::InvalidValue { field, reason, .. }) = Rules::new(&each) else {
        panic!("each_game compiled unresolved");
    };
    assert_eq!(
        (field, reason),
        ("layout_seed", InvalidReason::DealEachGame)
    );
    assert_eq!(each.dealt_layout(), None);
    // A record naming each_game is no game.
    let record = format!(r#"{{"rules": {}, "events": []}}"#, each.to_json());
    let e = serde_json::from_str::<Game>(&record)
        .unwrap_err()
        .to_string();
    assert!(e.contains("each_game"), "{e}");
}

/// The seeds `dealt_for_game` picks: 1 + the first SplitMix64 number
/// drawn from the game seed, modulo 4294967294. SplitMix64's first number
/// from 0 is 0xE220A8397B1DCDAF (Vigna's splitmix64.c), from 1
/// 0x910A2DEC89025CC1 (worked out apart from the engine, in Python).
#[test]
fn each_game_picks_the_seed_the_rules_spell_out() {
    let each = RuleSet::from_spec("kalah,layout_seed=each_game").unwrap();
    assert_eq!(each.dealt_for_game(0).layout_seed, 1_063_198_246);
    assert_eq!(0xE220_A839_7B1D_CDAF_u64 % 4_294_967_294 + 1, 1_063_198_246);
    assert_eq!(each.dealt_for_game(1).layout_seed, 2_870_392_988);
    assert_eq!(0x910A_2DEC_8902_5CC1_u64 % 4_294_967_294 + 1, 2_870_392_988);
    // The game's rules are the rules with that seed, and deal its board.
    let one = each.dealt_for_game(1);
    assert_eq!(
        one,
        RuleSet::from_spec("kalah,layout_seed=2870392988").unwrap()
    );
    assert_ne!(one.dealt_layout(), each.dealt_for_game(0).dealt_layout());
    // Rules that do not deal each game are every game's rules.
    let fixed = RuleSet::from_spec("kalah,layout_seed=7").unwrap();
    assert_eq!(fixed.dealt_for_game(1), fixed);
    assert_eq!(
        Preset::Kalah.rules().dealt_for_game(1),
        Preset::Kalah.rules()
    );
}

#[test]
fn a_dealt_games_record_keeps_its_seed_and_replays() {
    let each = RuleSet::from_spec("kalah,layout_seed=each_game").unwrap();
    let rules = Rules::new(&each.dealt_for_game(5)).unwrap();
    let mut game = Game::new(rules);
    let first = game.legal_moves().iter().next().unwrap();
    game.play(first).unwrap();
    let text = serde_json::to_string(&game).unwrap();
    assert!(text.contains(&format!(
        "\"layout_seed\":{}",
        each.dealt_for_game(5).layout_seed
    )));
    let again: Game = serde_json::from_str(&text).unwrap();
    assert_eq!(again.start().to_string(), game.start().to_string());
    assert_eq!(again.position().to_string(), game.position().to_string());
    assert_eq!(again.rules().rule_set(), game.rules().rule_set());
}
