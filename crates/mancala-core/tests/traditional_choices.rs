//! The choices docs/games.md makes where the sources of a traditional
//! game disagree or were misread (issue 30): the gap-capture presets
//! (Longbeu-a-cha, Pallanguzhi, Pandi) take the house beyond the gap on
//! either side (`capture_side = any`), Pandi's capture earns one more
//! sowing, not one after every capture, and Halusa's capture is chained
//! (Hyde). Each expected board was worked out by hand from docs/rules.md
//! sections 3 and 5.
//!
//! Notation: per side `house 1,...,house n:store`, side 0 first, then
//! `to=SIDE ply=N`. Sowing goes counter-clockwise, no store on the track:
//! side 0's houses 1..n, then side 1's houses 1..n. `hK` is a house of
//! the mover (side 0), `oK` one of side 1.

use mancala_core::*;
use mancala_testkit::pick::{at, compile};

fn play(pos: &mut Position<'_>, house: u8) -> Effect {
    pos.play(Move::House(house)).unwrap()
}

/// The preset, and the same with the side limit the presets had before
/// issue 30 (`capture_side = opponent`, inherited from Oware).
fn preset_and_opponent_only(preset: Preset) -> (Rules, Rules) {
    let mut opponent = preset.rules();
    opponent.capture_side = CaptureSide::Opponent;
    (compile(preset.rules()), compile(opponent))
}

#[test]
fn longbeu_a_cha_takes_the_house_beyond_the_gap_on_the_movers_own_side() {
    let (rules, opponent_only) = preset_and_opponent_only(Preset::LongbeuACha);
    let start = "1,0,0,2,1:0 1,1,1,1,1:0 to=0 ply=10";
    // h1's seed goes into h2; the next house, h3, is empty (the gap), so
    // the sowing ends and h4 beyond it (2 seeds, the mover's own) is taken.
    // The chain looks on: the house after h4, h5, holds a seed, no gap.
    let mut pos = at(&rules, start);
    let effect = play(&mut pos, 1);
    assert_eq!(pos.to_string(), "0,1,0,0,1:2 1,1,1,1,1:0 to=1 ply=11");
    assert_eq!(effect.captured, 2);
    // Under the old side limit h4 stays.
    let mut pos = at(&opponent_only, start);
    assert_eq!(play(&mut pos, 1).captured, 0);
    assert_eq!(pos.to_string(), "0,1,0,2,1:0 1,1,1,1,1:0 to=1 ply=11");
}

#[test]
fn longbeu_a_cha_chain_crosses_from_the_opponents_side_to_the_movers() {
    let rules = compile(Preset::LongbeuACha.rules());
    // h5's seed goes into o1; o2 is empty, o3 (1) is taken; o4 after it is
    // empty and o5 (2) is taken; h1 after o5 is empty and h2 (3, the
    // mover's own) is taken; h3 after it holds a seed: the chain stops.
    let mut pos = at(&rules, "0,3,1,0,1:0 0,0,1,0,2:0 to=0 ply=10");
    let effect = play(&mut pos, 5);
    assert_eq!(pos.to_string(), "0,0,1,0,0:6 1,0,0,0,0:0 to=1 ply=11");
    assert_eq!(effect.captured, 6);
}

#[test]
fn pallanguzhi_takes_the_house_beyond_the_gap_on_the_movers_own_side() {
    let (rules, opponent_only) = preset_and_opponent_only(Preset::Pallanguzhi);
    let start = "1,0,0,2,1,1,1:0 1,1,1,1,1,1,1:0 to=0 ply=10";
    // h1's seed goes into h2 (the last seed: no pasu); h3 is the gap and
    // h4 (2, the mover's own) is taken. No chain in Pallanguzhi.
    let mut pos = at(&rules, start);
    let effect = play(&mut pos, 1);
    assert_eq!(
        pos.to_string(),
        "0,1,0,0,1,1,1:2 1,1,1,1,1,1,1:0 to=1 ply=11"
    );
    assert_eq!(effect.captured, 2);
    let mut pos = at(&opponent_only, start);
    assert_eq!(play(&mut pos, 1).captured, 0);
}

#[test]
fn pandi_takes_the_house_beyond_the_gap_on_the_movers_own_side_and_its_opposite() {
    let (rules, opponent_only) = preset_and_opponent_only(Preset::Pandi);
    let start = "1,0,0,2,1,1,1:0 1,1,1,3,1,1,1:0 to=0 ply=10";
    // h1's seed goes into h2; h3 is the gap; h4 (2, the mover's own) is
    // taken with the house across the board, o4 (3): 5 seeds, and the
    // capture earns another sowing, the turn's first (capture_turns=1).
    let mut pos = at(&rules, start);
    let effect = play(&mut pos, 1);
    assert_eq!(
        pos.to_string(),
        "0,1,0,0,1,1,1:5 1,1,1,0,1,1,1:0 to=0 ply=11 capture_turns=1"
    );
    assert_eq!(effect.captured, 5);
    assert!(effect.extra_turn);
    let mut pos = at(&opponent_only, start);
    let effect = play(&mut pos, 1);
    assert_eq!((effect.captured, effect.extra_turn), (0, false));
    assert_eq!(
        pos.to_string(),
        "0,1,0,2,1,1,1:0 1,1,1,3,1,1,1:0 to=1 ply=11"
    );
}

#[test]
fn halusa_chains_its_even_captures_on_the_movers_own_side() {
    let rules = compile(Preset::Halusa.rules());
    // h1's 3 seeds go into h2, h3 and h4, making each 2: h4 (even, the
    // mover's own) is taken, and the walk back takes h3 and h2 (2 each),
    // stopping at h1, now empty.
    let mut pos = at(&rules, "3,1,1,1,1,0:0 1,1,1,1,1,1:0 to=0 ply=10");
    let effect = play(&mut pos, 1);
    assert_eq!(pos.to_string(), "0,0,0,0,1,0:6 1,1,1,1,1,1:0 to=1 ply=11");
    assert_eq!(effect.captured, 6);
}

#[test]
fn pandi_captures_earn_one_more_sowing_a_turn_not_one_after_every_capture() {
    let rules = compile(Preset::Pandi.rules());
    // The first sowing: h1's seed into h2, h3 the gap, h4 (2) and o4 (3)
    // taken; the capture earns one more sowing (capture_turns=1).
    let mut pos = at(&rules, "1,0,0,2,1,1,3:0 1,1,0,3,1,1,1:0 to=0 ply=10");
    let effect = play(&mut pos, 1);
    assert!(effect.extra_turn);
    assert_eq!(
        pos.to_string(),
        "0,1,0,0,1,1,3:5 1,1,0,0,1,1,1:0 to=0 ply=11 capture_turns=1"
    );
    // The second sowing captures too: h2's seed into h3, h4 the gap, h5 (1)
    // and o3 opposite it (empty) taken. That capture earns nothing: the
    // turn passes, and the count starts again.
    let effect = play(&mut pos, 2);
    assert_eq!(effect.captured, 1);
    assert!(!effect.extra_turn);
    assert_eq!(
        pos.to_string(),
        "0,0,1,0,0,1,3:6 1,1,0,0,1,1,1:0 to=1 ply=12"
    );
}

#[test]
fn a_turn_without_a_limit_keeps_no_count() {
    // Unlimited capture_extra_turn (the dimension's default 0): every
    // capture earns another sowing and no count is written.
    let mut set = Preset::Pandi.rules();
    set.capture_extra_turn_limit = 0;
    let rules = compile(set);
    let mut pos = at(&rules, "1,0,0,2,1,1,3:0 1,1,0,3,1,1,1:0 to=0 ply=10");
    play(&mut pos, 1);
    let effect = play(&mut pos, 2);
    assert!(effect.extra_turn);
    assert_eq!(
        pos.to_string(),
        "0,0,1,0,0,1,3:6 1,1,0,0,1,1,1:0 to=0 ply=12"
    );
}

#[test]
fn capture_turns_in_the_notation_are_checked_against_the_limit() {
    let pandi = compile(Preset::Pandi.rules());
    let setup: Setup = "0,1,0,0,1,1,3:5 1,1,0,0,1,1,1:0 to=0 ply=11 capture_turns=2"
        .parse()
        .unwrap();
    assert_eq!(
        Position::from_setup(&pandi, &setup).unwrap_err(),
        SetupError::CaptureTurns { turns: 2, limit: 1 }
    );
    let oware = compile(Preset::Oware.rules());
    let setup: Setup = "4,4,4,4,4,4:0 4,4,4,4,4,4:0 to=0 ply=0 capture_turns=1"
        .parse()
        .unwrap();
    assert_eq!(
        Position::from_setup(&oware, &setup).unwrap_err(),
        SetupError::CaptureTurns { turns: 1, limit: 0 }
    );
    // A position one capture into the turn is another position than the
    // same board at the turn's start: the next capture earns nothing.
    let counted = at(
        &pandi,
        "0,1,0,0,1,1,3:5 1,1,0,0,1,1,1:0 to=0 ply=11 capture_turns=1",
    );
    let fresh = at(&pandi, "0,1,0,0,1,1,3:5 1,1,0,0,1,1,1:0 to=0 ply=11");
    assert_ne!(counted.key(), fresh.key());
    assert_ne!(counted.repetition_key(), fresh.repetition_key());
}

#[test]
fn capture_extra_turn_limit_needs_capture_extra_turn() {
    let mut set = Preset::Oware.rules();
    set.capture_extra_turn_limit = 1;
    assert_eq!(
        set.validate(),
        Err(RuleError::InvalidValue {
            field: "capture_extra_turn_limit",
            value: "1".into(),
            reason: InvalidReason::CaptureTurnLimitWithoutCaptureTurn,
        })
    );
}

#[test]
fn pandi_explains_its_one_more_sowing() {
    let limit = |rules: &RuleSet| {
        rules
            .explain()
            .into_iter()
            .flat_map(|topic| topic.phrases)
            .find(|p| p.id == "rules-extra-turn-capture-limit")
            .map(|p| p.args)
    };
    assert_eq!(
        limit(&Preset::Pandi.rules()),
        Some(vec![("limit", PhraseArg::Number(1))])
    );
    // The players' question gets the limit, not "as often as it keeps
    // happening".
    let question = Preset::Pandi
        .rules()
        .questions()
        .into_iter()
        .find(|q| q.id == "extra_turns")
        .expect("Pandi has extra turns");
    assert_eq!(question.answer[0].id, "rules-extra-turn-capture-limit");
    let mut unlimited = Preset::Pandi.rules();
    unlimited.capture_extra_turn_limit = 0;
    assert_eq!(limit(&unlimited), None);
}

#[test]
fn pandi_a_pass_back_to_the_mover_starts_a_new_turn_and_its_count() {
    let rules = compile(Preset::Pandi.rules());
    // Side 0's second sowing of the turn: h2's seed into h3, h4 the gap,
    // h5 (1) taken with o3 (empty). The turn passes; side 1 has no seed
    // and passes back: side 0's new turn, whose captures earn again.
    let mut pos = at(
        &rules,
        "0,1,0,0,1,1,3:5 0,0,0,0,0,0,0:0 to=0 ply=11 capture_turns=1",
    );
    let effect = play(&mut pos, 2);
    assert_eq!((effect.captured, effect.extra_turn), (1, false));
    assert_eq!(
        pos.to_string(),
        "0,0,1,0,0,1,3:6 0,0,0,0,0,0,0:0 to=0 ply=12"
    );
}
