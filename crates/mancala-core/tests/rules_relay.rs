//! Relay sowing (docs/rules.md section 3: `relay`, `relay_on`,
//! `relay_limit`) and passing (section 7: `no_move`), one test per rule on
//! a hand-built position whose expected result was worked out by hand
//! from docs/rules.md.
//!
//! Notation reminder: per side `house 1,...,house n:store`, side 0 first,
//! then `to=SIDE ply=N`. On a Kalah board side 0's track is h1..h6, its
//! store, o1..o6 (side 1's store skipped). `hK` is a house of the mover,
//! `oK` one of the opponent.

use mancala_core::*;
use mancala_testkit::pick::{at, compile};

fn rules(spec: &str) -> Rules {
    compile(RuleSet::from_spec(spec).expect("the spec is valid"))
}

fn mine(number: u8) -> Cup {
    Cup::House {
        side: Side::new(0),
        number,
    }
}

fn theirs(number: u8) -> Cup {
    Cup::House {
        side: Side::new(1),
        number,
    }
}

#[test]
fn relay_last_lifts_the_landing_house_and_sows_on() {
    let rules = rules("kalah,relay=last");
    let mut pos = at(&rules, "0,1,1,0,0,0:0 1,1,1,1,1,1:0 to=0 ply=4");
    // h2's seed lands in h3, which held 1: its 2 seeds are lifted and sown
    // into h4 and h5. h5 was empty: the final landing, an opposite capture
    // of o2's seed and the capturing one.
    assert_eq!(
        pos.sowing_path(Move::House(2)),
        Some(vec![mine(3), mine(4), mine(5)])
    );
    assert_eq!(pos.landing(Move::House(2)), Some(mine(5)));
    let effect = pos.play(Move::House(2)).unwrap();
    assert_eq!(pos.to_string(), "0,0,0,1,0,0:2 1,0,1,1,1,1:0 to=1 ply=5");
    assert_eq!(effect.sown, 1);
    assert_eq!(effect.relays, 1);
    assert_eq!(effect.last, Some(mine(5)));
    assert_eq!(effect.captured, 2);
    assert!(!effect.relay_limited);
}

#[test]
fn relay_last_goes_on_across_both_sides_until_an_empty_house() {
    let rules = rules("kalah,relay=last");
    let mut pos = at(&rules, "1,0,0,0,0,2:0 1,1,1,1,1,1:0 to=0 ply=4");
    // h6: store, o1 (held 1, lifted: 2 seeds) -> o2, o3 (held 1, lifted)
    // -> o4, o5 (lifted) -> o6, h1 (side 1's store skipped; held 1,
    // lifted) -> h2, h3. h3 was empty: it captures o4's 2 seeds.
    let effect = pos.play(Move::House(6)).unwrap();
    assert_eq!(pos.to_string(), "0,1,0,0,0,0:4 0,2,0,0,0,2:0 to=1 ply=5");
    assert_eq!(effect.relays, 4);
    assert_eq!(effect.last, Some(mine(3)));
    assert_eq!(effect.captured, 3);
}

#[test]
fn relay_on_own_lifts_only_the_movers_houses() {
    let rules = rules("kalah,relay=last,relay_on=own");
    let mut pos = at(&rules, "1,0,0,0,0,2:0 1,1,1,1,1,1:0 to=0 ply=4");
    // The last seed lands in o1, which held 1, but it is not the mover's.
    let effect = pos.play(Move::House(6)).unwrap();
    assert_eq!(pos.to_string(), "1,0,0,0,0,0:1 2,1,1,1,1,1:0 to=1 ply=5");
    assert_eq!(effect.relays, 0);
    assert_eq!(effect.last, Some(theirs(1)));
}

#[test]
fn relay_on_opponent_lifts_only_the_opponents_houses() {
    let rules = rules("kalah,relay=last,relay_on=opponent");
    let mut pos = at(&rules, "0,1,1,0,0,0:0 1,1,1,1,1,1:0 to=0 ply=4");
    // h3 held 1 but is the mover's: the sowing ends there, no capture
    // (h3 now holds 2).
    let effect = pos.play(Move::House(2)).unwrap();
    assert_eq!(pos.to_string(), "0,0,2,0,0,0:0 1,1,1,1,1,1:0 to=1 ply=5");
    assert_eq!(effect.relays, 0);
}

#[test]
fn relay_limit_ends_the_move() {
    let rules = rules("kalah,relay=last,relay_limit=2");
    let mut pos = at(&rules, "1,0,0,0,0,2:0 1,1,1,1,1,1:0 to=0 ply=4");
    // As in the test above: o1 and o3 are lifted; the landing in o5 would
    // be a third lift, so the move ends there, with no capture.
    let effect = pos.play(Move::House(6)).unwrap();
    assert_eq!(pos.to_string(), "1,0,0,0,0,0:1 0,2,0,2,2,1:0 to=1 ply=5");
    assert_eq!(effect.relays, 2);
    assert!(effect.relay_limited);
    assert_eq!(effect.last, Some(theirs(5)));
    assert_eq!(effect.captured, 0);
}

#[test]
fn relay_limit_of_one_allows_a_single_lift() {
    let rules = rules("kalah,relay=last,relay_limit=1");
    let mut pos = at(&rules, "1,0,0,0,1,1:0 1,1,1,1,1,1:0 to=0 ply=4");
    // h5 -> h6 (held 1: the one lift, 2 seeds) -> store, o1 (held 1): a
    // second lift is one too many; the move ends in o1, side 1 to move.
    let effect = pos.play(Move::House(5)).unwrap();
    assert_eq!(pos.to_string(), "1,0,0,0,0,0:1 2,1,1,1,1,1:0 to=1 ply=5");
    assert_eq!(effect.relays, 1);
    assert!(effect.relay_limited);
    assert!(!effect.extra_turn);
}

#[test]
fn relay_limit_ends_a_next_relay_mid_board() {
    let rules = rules("kalah,relay=next,relay_limit=1");
    let mut pos = at(&rules, "1,0,0,1,0,2:0 1,1,1,1,1,1:0 to=0 ply=4");
    // h4 -> h5; the cup after it, h6, holds 2: lifted, sown into the
    // store and o1; the cup after o1, o2, holds 1: a second lift is one
    // too many, so the move ends in o1.
    let effect = pos.play(Move::House(4)).unwrap();
    assert_eq!(pos.to_string(), "1,0,0,0,1,0:1 2,1,1,1,1,1:0 to=1 ply=5");
    assert_eq!(effect.relays, 1);
    assert!(effect.relay_limited);
    assert_eq!(effect.last, Some(theirs(1)));
}

#[test]
fn relay_next_lifts_the_house_after_the_last() {
    let rules = rules("kalah,relay=next");
    let mut pos = at(&rules, "2,0,0,3,0,0:0 1,1,1,1,1,1:0 to=0 ply=4");
    // h1 -> h2, h3; the cup after h3 is h4, holding 3: lifted and sown from
    // the cup after it: h5, h6, the store. A store ends the sowing: the
    // final landing earns the extra turn.
    assert_eq!(
        pos.sowing_path(Move::House(1)),
        Some(vec![
            mine(2),
            mine(3),
            mine(5),
            mine(6),
            Cup::Store { side: Side::new(0) }
        ])
    );
    let effect = pos.play(Move::House(1)).unwrap();
    assert_eq!(pos.to_string(), "0,1,1,0,1,1:1 1,1,1,1,1,1:0 to=0 ply=5");
    assert_eq!(effect.relays, 1);
    assert!(effect.extra_turn);
}

#[test]
fn relay_next_ends_before_an_empty_house_and_the_landing_captures() {
    let rules = rules("kalah,relay=next");
    let mut pos = at(&rules, "1,0,2,0,0,0:0 1,1,1,1,1,1:0 to=0 ply=4");
    // h1 -> h2; h3 after it holds 2: lifted, sown into h4, h5. The cup
    // after h5 (h6) is empty: the sowing ends in h5, which was empty, so
    // it captures o2 opposite.
    let effect = pos.play(Move::House(1)).unwrap();
    assert_eq!(pos.to_string(), "0,1,0,1,0,0:2 1,0,1,1,1,1:0 to=1 ply=5");
    assert_eq!(effect.relays, 1);
    assert_eq!(effect.last, Some(mine(5)));
    assert_eq!(effect.captured, 2);
}

#[test]
fn relay_legs_skip_their_own_origin_under_origin_skip() {
    // An Ayoayo-like board of 2 houses a side: the track is h1, h2, o1,
    // o2; under `skip` a leg never sows back into the house it lifted.
    let rules = rules("kalah,houses=2,stores_sown=none,origin=skip,relay=last,capture=none");
    let mut pos = at(&rules, "0,1:0 3,0:0 to=0 ply=2");
    // h2 -> o1 (held 3: lift 4) -> o2, h1, h2 (the move's origin is an
    // ordinary cup now), o1 skipped, o2 (held 1: lift 2) -> h1, h2 (held
    // 1: lift 2) -> o1, o2 (empty before): the end.
    let effect = pos.play(Move::House(2)).unwrap();
    assert_eq!(pos.to_string(), "2,0:0 1,1:0 to=1 ply=3");
    assert_eq!(effect.relays, 3);
    assert_eq!(effect.last, Some(theirs(2)));
}

#[test]
fn relay_limit_zero_is_refused_by_validation() {
    let err = RuleSet::from_spec("kalah,relay=last,relay_limit=0").unwrap_err();
    assert!(err.to_string().contains("relay_limit"), "{err}");
    let mut set = Preset::Kalah.rules();
    set.relay_limit = 0;
    assert!(matches!(
        set.validate(),
        Err(RuleError::InvalidValue {
            field: "relay_limit",
            reason: InvalidReason::RelayLimit,
            ..
        })
    ));
    assert!(set.set("relay_limit", "256").is_err());
}

#[test]
fn no_move_pass_skips_the_player() {
    let rules = rules("kalah,min_seeds=2,end=no_legal_move,no_move=pass");
    let mut pos = at(&rules, "0,3,0,0,0,2:10 1,1,0,0,0,0:10 to=0 ply=10");
    // h2 -> h3, h4, h5; h5 was empty: it captures o2. Side 1 is left with
    // a single seed in o1, less than min_seeds: it passes, and side 0
    // moves again without a move being counted.
    pos.play(Move::House(2)).unwrap();
    assert_eq!(pos.to_string(), "0,0,1,1,0,2:12 1,0,0,0,0,0:10 to=0 ply=11");
    assert_eq!(
        pos.legal_moves().iter().collect::<Vec<_>>(),
        [Move::House(6)]
    );
}

#[test]
fn no_move_end_ends_the_game_where_pass_would_skip() {
    let rules = rules("kalah,min_seeds=2,end=no_legal_move");
    let mut pos = at(&rules, "0,3,0,0,0,2:10 1,1,0,0,0,0:10 to=0 ply=10");
    pos.play(Move::House(2)).unwrap();
    assert_eq!(pos.end_reason(), Some(EndReason::NoLegalMove));
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:16 0,0,0,0,0,0:11 to=1 ply=11 over=no_legal_move"
    );
}

#[test]
fn no_move_pass_ends_the_game_when_nobody_can_move() {
    let rules = rules("kalah,min_seeds=2,end=no_legal_move,no_move=pass");
    let mut pos = at(&rules, "0,3,0,0,0,0:10 1,1,0,0,0,0:10 to=0 ply=10");
    // After the capture, side 1 has only o1's single seed and side 0 only
    // single seeds in h3 and h4: nobody can move. Each side keeps its own.
    pos.play(Move::House(2)).unwrap();
    assert_eq!(pos.end_reason(), Some(EndReason::NoLegalMove));
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:14 0,0,0,0,0,0:11 to=1 ply=11 over=no_legal_move"
    );
}

fn passed(effect: &Effect) -> Vec<usize> {
    effect.passed().map(Side::index).collect()
}

#[test]
fn vai_lung_thlan_reports_the_side_passed_over() {
    let rules = compile(Preset::VaiLungThlan.rules());
    let mut pos = at(&rules, "2,1,0,0,0,0:30 0,0,0,0,0,1:26 to=1 ply=40");
    // o6's seed goes on to h1 (2 seeds then: no capture). Side 1 is empty
    // now, but side 0 was due to move anyway: nobody passed.
    let effect = pos.play(Move::House(6)).unwrap();
    assert_eq!(pos.to_string(), "3,1,0,0,0,0:30 0,0,0,0,0,0:26 to=0 ply=41");
    assert_eq!(passed(&effect), [] as [usize; 0]);
    // h2's seed falls alone into h3 and is captured (count 1). Side 1, due
    // to move, has no seed: it is passed over and side 0 moves again.
    let effect = pos.play(Move::House(2)).unwrap();
    assert_eq!(pos.to_string(), "3,0,0,0,0,0:31 0,0,0,0,0,0:26 to=0 ply=42");
    assert_eq!(passed(&effect), [1]);
    assert_eq!(effect.ended, None);
}

#[test]
fn no_move_pass_reports_the_mover_passed_over_after_an_extra_turn() {
    let rules = rules("kalah,min_seeds=2,end=no_legal_move,no_move=pass");
    let mut pos = at(&rules, "0,0,0,1,2,0:20 1,2,0,0,0,0:22 to=0 ply=10");
    // h5 -> h6, store: an extra turn, but side 0 holds only single seeds
    // (min_seeds 2): it is passed over and side 1 moves.
    let effect = pos.play(Move::House(5)).unwrap();
    assert!(effect.extra_turn);
    assert_eq!(pos.to_string(), "0,0,0,1,0,1:21 1,2,0,0,0,0:22 to=1 ply=11");
    assert_eq!(passed(&effect), [0]);
}

#[test]
fn no_move_pass_reports_nobody_when_nobody_can_move() {
    let rules = rules("kalah,min_seeds=2,end=no_legal_move,no_move=pass");
    // The position of no_move_pass_ends_the_game_when_nobody_can_move.
    let mut pos = at(&rules, "0,3,0,0,0,0:10 1,1,0,0,0,0:10 to=0 ply=10");
    let effect = pos.play(Move::House(2)).unwrap();
    assert_eq!(effect.ended, Some(EndReason::NoLegalMove));
    assert_eq!(passed(&effect), [] as [usize; 0]);
}

#[test]
fn no_move_pass_reports_every_side_passed_over_in_turn_order() {
    let three = rules("kalah,players=3,min_seeds=2,end=no_legal_move,no_move=pass");
    // h2 -> h3, h4, h5 (2 seeds then: no capture). Sides 1 and 2 hold
    // single seeds only: both are passed over, side 1 first.
    let mut pos = at(
        &three,
        "0,3,0,0,1,0:20 1,0,0,0,0,1:20 0,1,0,0,0,0:25 to=0 ply=30",
    );
    let effect = pos.play(Move::House(2)).unwrap();
    assert_eq!(pos.to_move(), Side::new(0));
    assert_eq!(passed(&effect), [1, 2]);
    // Four players, side 2 moving: sides 3 and 0 are passed over, in turn
    // order round the board, and side 1 moves.
    let four = rules("kalah,players=4,min_seeds=2,end=no_legal_move,no_move=pass");
    let mut pos = at(
        &four,
        "1,0,0,0,0,0:23 2,0,0,0,0,0:23 0,3,0,0,1,0:20 0,0,0,1,0,0:22 to=2 ply=30",
    );
    let effect = pos.play(Move::House(2)).unwrap();
    assert_eq!(pos.to_move(), Side::new(1));
    assert_eq!(passed(&effect), [3, 0]);
}

#[test]
fn sowing_steps_tell_each_relay_lift() {
    // The position of relay_last_lifts_the_landing_house_and_sows_on: h2's
    // seed goes to h3, whose 2 seeds are lifted and sown into h4 and h5.
    let last = rules("kalah,relay=last");
    let pos = at(&last, "0,1,1,0,0,0:0 1,1,1,1,1,1:0 to=0 ply=4");
    assert_eq!(
        pos.sowing_steps(Move::House(2)),
        Some(vec![
            SowingStep::Lift(mine(2)),
            SowingStep::Seed(mine(3)),
            SowingStep::Lift(mine(3)),
            SowingStep::Seed(mine(4)),
            SowingStep::Seed(mine(5)),
        ])
    );
    // relay = next: h4 is lifted after the last seed fell in h3.
    let next = rules("kalah,relay=next");
    let pos = at(&next, "2,0,0,3,0,0:0 1,1,1,1,1,1:0 to=0 ply=4");
    let store = Cup::Store { side: Side::new(0) };
    assert_eq!(
        pos.sowing_steps(Move::House(1)),
        Some(vec![
            SowingStep::Lift(mine(1)),
            SowingStep::Seed(mine(2)),
            SowingStep::Seed(mine(3)),
            SowingStep::Lift(mine(4)),
            SowingStep::Seed(mine(5)),
            SowingStep::Seed(mine(6)),
            SowingStep::Seed(store),
        ])
    );
    assert_eq!(pos.sowing_steps(Move::House(2)), None, "an empty house");
    assert_eq!(pos.sowing_steps(Move::Swap), None);
}

/// Oware's board (no stores on the track: side 0's track is h1..h6,
/// o1..o6) with a relay and a capture of 3 on either side, unchained,
/// without feeding (so that an emptied side does not end the game).
const FISHING: &str = "oware,relay=last,origin=include,capture_counts=3,capture_side=any,\
                       chain=false,must_feed=false";

#[test]
fn capture_ends_relay_captures_where_the_relay_would_lift() {
    let ends = rules(&format!("{FISHING},capture_ends_relay=true"));
    let mut pos = at(&ends, "0,2,0,2,0,0:0 1,1,1,1,1,1:0 to=0 ply=4");
    // h2's 2 seeds go to h3 (empty: now 1) and h4 (held 2: now 3). The
    // landing would capture h4's 3 seeds, so it is not lifted: the move
    // ends there and captures them (docs/rules.md section 3).
    let effect = pos.play(Move::House(2)).unwrap();
    assert_eq!(pos.to_string(), "0,0,1,0,0,0:3 1,1,1,1,1,1:0 to=1 ply=5");
    assert_eq!(effect.relays, 0);
    assert_eq!(effect.last, Some(mine(4)));
    assert_eq!(effect.captured, 3);

    // Off (the default), the same landing relays: h4's 3 seeds go to h5,
    // h6, o1 (held 1: lifted, 2 seeds) -> o2, o3 (held 1: lifted) -> o4,
    // o5 (held 1: lifted) -> o6, h1. h1 was empty: it holds 1, which is
    // no capture count.
    let relays = rules(FISHING);
    let mut pos = at(&relays, "0,2,0,2,0,0:0 1,1,1,1,1,1:0 to=0 ply=4");
    let effect = pos.play(Move::House(2)).unwrap();
    assert_eq!(pos.to_string(), "1,0,1,0,1,1:0 0,2,0,2,0,2:0 to=1 ply=5");
    assert_eq!(effect.relays, 4);
    assert_eq!(effect.last, Some(mine(1)));
    assert_eq!(effect.captured, 0);
}

#[test]
fn capture_ends_relay_is_judged_before_the_relay_limit() {
    let ends = rules(&format!("{FISHING},relay_limit=1,capture_ends_relay=true"));
    let mut pos = at(&ends, "0,1,1,0,2,0:0 1,1,1,1,1,1:0 to=0 ply=4");
    // h2's seed makes h3 hold 2, no capture count: lifted (the one lift
    // allowed), its 2 seeds go to h4 and h5, which held 2 and now holds 3.
    // That landing captures, so it ends the move though a second lift
    // would have passed relay_limit.
    let effect = pos.play(Move::House(2)).unwrap();
    assert_eq!(pos.to_string(), "0,0,0,1,0,0:3 1,1,1,1,1,1:0 to=1 ply=5");
    assert_eq!(effect.relays, 1);
    assert!(!effect.relay_limited);
    assert_eq!(effect.captured, 3);

    // Off, the landing in h5 is a second lift: the move ends there,
    // nothing captured.
    let limited = rules(&format!("{FISHING},relay_limit=1"));
    let mut pos = at(&limited, "0,1,1,0,2,0:0 1,1,1,1,1,1:0 to=0 ply=4");
    let effect = pos.play(Move::House(2)).unwrap();
    assert_eq!(pos.to_string(), "0,0,0,1,3,0:0 1,1,1,1,1,1:0 to=1 ply=5");
    assert!(effect.relay_limited);
    assert_eq!(effect.captured, 0);
}

#[test]
fn capture_ends_relay_relays_on_when_no_capture_cancels_a_grand_slam() {
    // Oware's grand_slam = no_capture: h6's seed makes o1 hold 3, but
    // taking it would empty side 1, so the capture would take nothing
    // (docs/rules.md section 6) and the house is lifted as usual: its 3
    // seeds go to o2, o3, o4; o4 was empty, the move ends there.
    let ends = rules(&format!("{FISHING},capture_ends_relay=true"));
    let mut pos = at(&ends, "0,0,0,0,0,1:0 2,0,0,0,0,0:0 to=0 ply=4");
    let effect = pos.play(Move::House(6)).unwrap();
    assert_eq!(pos.to_string(), "0,0,0,0,0,0:0 0,1,1,1,0,0:0 to=1 ply=5");
    assert_eq!(effect.relays, 1);
    assert_eq!(effect.last, Some(theirs(4)));
    assert!(!effect.grand_slam);

    // Under grand_slam = allowed the same landing captures and ends.
    let allowed = rules(&format!(
        "{FISHING},grand_slam=allowed,capture_ends_relay=true"
    ));
    let mut pos = at(&allowed, "0,0,0,0,0,1:0 2,0,0,0,0,0:0 to=0 ply=4");
    let effect = pos.play(Move::House(6)).unwrap();
    assert_eq!(effect.relays, 0);
    assert_eq!(effect.captured, 3);
    assert!(effect.grand_slam);
}

#[test]
fn capture_ends_relay_sowing_steps_stop_at_the_capture() {
    // The first position of capture_ends_relay_captures_where_the_relay_would_lift:
    // no lift after the seed that makes h4 hold 3.
    let ends = rules(&format!("{FISHING},capture_ends_relay=true"));
    let pos = at(&ends, "0,2,0,2,0,0:0 1,1,1,1,1,1:0 to=0 ply=4");
    assert_eq!(
        pos.sowing_steps(Move::House(2)),
        Some(vec![
            SowingStep::Lift(mine(2)),
            SowingStep::Seed(mine(3)),
            SowingStep::Seed(mine(4)),
        ])
    );
    assert_eq!(pos.landing(Move::House(2)), Some(mine(4)));
}

#[test]
fn capture_ends_relay_without_relay_sowing_is_refused_by_validation() {
    let err = RuleSet::from_spec("kalah,capture_ends_relay=true").unwrap_err();
    assert!(err.to_string().contains("capture_ends_relay"), "{err}");
    let mut set = Preset::Kalah.rules();
    set.capture_ends_relay = true;
    assert!(matches!(
        set.validate(),
        Err(RuleError::InvalidValue {
            field: "capture_ends_relay",
            reason: InvalidReason::CaptureEndsRelayWithoutRelay,
            ..
        })
    ));
    set.relay = Relay::Next;
    assert_eq!(set.validate(), Ok(()));
}

#[test]
fn lap_capture_next_takes_a_leg_landing_and_lifts_the_house_after_it() {
    let laps = rules(&format!("{FISHING},grand_slam=allowed,lap_capture=next"));
    let mut pos = at(&laps, "0,2,0,2,2,0:0 1,1,1,1,1,1:0 to=0 ply=4");
    // h2's 2 seeds go to h3 (0 -> 1) and h4 (2 -> 3): that leg's landing
    // captures h4's 3 seeds, and the house after it, h5, is lifted (a
    // lift): its 2 seeds go to h6 (1) and o1 (1 -> 2, no capture count),
    // which relays as usual: o2, o3 (1 -> 2: lifted) -> o4, o5 (lifted)
    // -> o6, h1. h1 was empty: the final landing, 1 seed, no capture
    // (docs/rules.md section 3).
    let effect = pos.play(Move::House(2)).unwrap();
    assert_eq!(pos.to_string(), "1,0,1,0,0,1:3 0,2,0,2,0,2:0 to=1 ply=5");
    assert_eq!(effect.relays, 4);
    assert_eq!(effect.last, Some(mine(1)));
    assert_eq!(effect.captured, 3);
    assert_eq!(effect.captured_cups().collect::<Vec<_>>(), vec![mine(4)]);

    // The house after the capture empty: the move ends there, captured.
    let mut pos = at(&laps, "0,2,0,2,0,0:0 1,1,1,1,1,1:0 to=0 ply=4");
    let effect = pos.play(Move::House(2)).unwrap();
    assert_eq!(pos.to_string(), "0,0,1,0,0,0:3 1,1,1,1,1,1:0 to=1 ply=5");
    assert_eq!(effect.relays, 0);
    assert_eq!(effect.captured, 3);
}

#[test]
fn lap_capture_next_shows_the_take_and_counts_the_lift_against_the_limit() {
    let laps = rules(&format!("{FISHING},grand_slam=allowed,lap_capture=next"));
    let pos = at(&laps, "0,2,0,2,2,0:0 1,1,1,1,1,1:0 to=0 ply=4");
    let steps = pos.sowing_steps(Move::House(2)).unwrap();
    assert_eq!(
        steps[..6],
        [
            SowingStep::Lift(mine(2)),
            SowingStep::Seed(mine(3)),
            SowingStep::Seed(mine(4)),
            SowingStep::Take {
                cup: mine(4),
                to: Side::new(0)
            },
            SowingStep::Lift(mine(5)),
            SowingStep::Seed(mine(6)),
        ]
    );
    // With relay_limit 1 the lift of h5 is the one allowed; o1's landing
    // would be a second: the move ends there, h4's capture kept.
    let limited = rules(&format!(
        "{FISHING},grand_slam=allowed,lap_capture=next,relay_limit=1"
    ));
    let mut pos = at(&limited, "0,2,0,2,2,0:0 1,1,1,1,1,1:0 to=0 ply=4");
    let effect = pos.play(Move::House(2)).unwrap();
    assert_eq!(pos.to_string(), "0,0,1,0,0,1:3 2,1,1,1,1,1:0 to=1 ply=5");
    assert!(effect.relay_limited);
    assert_eq!(effect.captured, 3);
}

#[test]
fn lap_capture_relay_captures_across_a_gap_before_each_lift() {
    let gap = "oware,relay=last,origin=include,capture=gap,capture_side=any,chain=false,\
               must_feed=false,grand_slam=allowed";
    let laps = rules(&format!("{gap},lap_capture=relay"));
    let mut pos = at(&laps, "0,1,1,0,2,0:0 1,1,1,1,1,1:0 to=0 ply=4");
    // h2's seed makes h3 hold 2: it relays, so it first captures as a last
    // seed would: h4 is empty, h5 beyond it holds 2, taken. h3's 2 seeds
    // go to h4 (1) and h5 (now empty: 1), the final landing: h6 is empty
    // and o1 beyond it holds 1, taken too.
    let effect = pos.play(Move::House(2)).unwrap();
    assert_eq!(pos.to_string(), "0,0,0,1,1,0:3 0,1,1,1,1,1:0 to=1 ply=5");
    assert_eq!(effect.relays, 1);
    assert_eq!(effect.last, Some(mine(5)));
    assert_eq!(effect.captured, 3);

    // Without lap_capture the gap at h3's landing takes nothing: h3's 2
    // seeds make h5 hold 3, lifted -> h6, o1, o2 (1 -> 2: lifted) -> o3,
    // o4 (lifted) -> o5, o6 (lifted) -> h1, h2. h2 was emptied: the final
    // landing; h3 beyond it is empty, a gap, and h4 beyond holds 1: taken.
    let plain = rules(gap);
    let mut pos = at(&plain, "0,1,1,0,2,0:0 1,1,1,1,1,1:0 to=0 ply=4");
    let effect = pos.play(Move::House(2)).unwrap();
    assert_eq!(pos.to_string(), "1,1,0,0,0,1:1 2,0,2,0,2,0:0 to=1 ply=5");
    assert_eq!(effect.captured, 1);
}

#[test]
fn lap_capture_relay_ends_the_move_when_its_capture_empties_the_house() {
    // A count capture takes the landing itself: h4, made 3, would relay,
    // so it captures first; then there is nothing to lift and the move
    // ends, with no second judgement of the landing.
    let laps = rules(&format!("{FISHING},grand_slam=allowed,lap_capture=relay"));
    let mut pos = at(&laps, "0,2,0,2,0,0:0 1,1,1,1,1,1:0 to=0 ply=4");
    let effect = pos.play(Move::House(2)).unwrap();
    assert_eq!(pos.to_string(), "0,0,1,0,0,0:3 1,1,1,1,1,1:0 to=1 ply=5");
    assert_eq!(effect.relays, 0);
    assert_eq!(effect.captured, 3);
}

#[test]
fn lap_capture_needs_relay_sowing_without_capture_ends_relay() {
    let err = RuleSet::from_spec("kalah,lap_capture=next").unwrap_err();
    assert!(err.to_string().contains("lap_capture"), "{err}");
    // Without relay sowing; with capture_ends_relay; with an extra move
    // for a capture; with a grand slam rule (Oware's no_capture).
    for spec in [
        "kalah",
        &format!("{FISHING},grand_slam=allowed,capture_ends_relay=true"),
        &format!("{FISHING},grand_slam=allowed,capture_extra_turn=true"),
        FISHING,
    ] {
        let mut set = RuleSet::from_spec(spec).unwrap();
        set.lap_capture = LapCapture::Relay;
        assert!(
            matches!(
                set.validate(),
                Err(RuleError::InvalidValue {
                    field: "lap_capture",
                    reason: InvalidReason::LapCaptureRelay,
                    ..
                })
            ),
            "{spec}"
        );
    }
    assert!(RuleSet::from_spec(&format!("{FISHING},grand_slam=allowed,lap_capture=next")).is_ok());
}

#[test]
fn ot_tjin_fishes_a_house_made_three_on_either_side() {
    let ot_tjin = compile(Preset::OtTjin.rules());
    // h10's 2 seeds go to o1 (3 -> 4: it would relay) and o2 (held 2, now
    // 3): the opponent's house is fished, the move ends.
    let mut pos = at(
        &ot_tjin,
        "0,0,0,0,0,0,0,0,1,2:0 3,2,1,1,1,1,1,1,1,1:0 to=0 ply=2",
    );
    let effect = pos.play(Move::House(10)).unwrap();
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0,0,0,1,0:3 4,0,1,1,1,1,1,1,1,1:0 to=1 ply=3"
    );
    assert_eq!(effect.captured, 3);
    assert_eq!(effect.relays, 0);
    // A last seed in an empty house ("gok") ends the move, nothing taken:
    // side 1's house 1 (4 seeds) sows o2..o5; o5 held 1 (now 2): lifted,
    // 2 seeds to o6, o7 (held 1: lifted) -> o8, o9 (held 1: lifted) ->
    // o10, h1, which was empty. Seen from side 1, "oK" is its own house K.
    let effect = pos.play(Move::House(1)).unwrap();
    assert_eq!(
        pos.to_string(),
        "1,0,0,0,0,0,0,0,1,0:3 0,1,2,2,0,2,0,2,0,2:0 to=0 ply=4"
    );
    assert_eq!(effect.relays, 3);
    assert_eq!(effect.captured, 0);
}

// ---------------------------------------------------------------------------
// Relay on some counts only (docs/rules.md section 3, `relay_counts`)
// ---------------------------------------------------------------------------

#[test]
fn relay_counts_lift_a_house_only_at_those_counts() {
    let rules = rules("kalah,relay=last,relay_counts=3");
    // h2's seed makes h3 hold 3: lifted, into h4, h5, h6. h6 was empty:
    // the final landing takes o1's seed across with the capturing one.
    let mut pos = at(&rules, "0,1,2,0,0,0:0 1,1,1,1,1,1:0 to=0 ply=4");
    let effect = pos.play(Move::House(2)).unwrap();
    assert_eq!(pos.to_string(), "0,0,0,1,1,0:2 0,1,1,1,1,1:0 to=1 ply=5");
    assert_eq!(effect.relays, 1);
    // h2's seed makes h3 hold 2, not 3: the sowing ends there (plain
    // `relay = last` would lift it, see the first test). h3 held a seed,
    // so nothing is captured.
    let mut pos = at(&rules, "0,1,1,0,0,0:0 1,1,1,1,1,1:0 to=0 ply=4");
    let effect = pos.play(Move::House(2)).unwrap();
    assert_eq!(pos.to_string(), "0,0,2,0,0,0:0 1,1,1,1,1,1:0 to=1 ply=5");
    assert_eq!(effect.relays, 0);
    assert_eq!(effect.last, Some(mine(3)));
}

#[test]
fn relay_counts_under_next_read_the_house_after_the_last_seed() {
    let rules = rules("kalah,relay=next,relay_counts=2");
    // h1 -> h2, h3; h4 after it holds 3, not 2: not lifted, and the
    // sowing ends in h3, which was empty: o4's seed is taken across.
    let mut pos = at(&rules, "2,0,0,3,0,0:0 1,1,1,1,1,1:0 to=0 ply=4");
    let effect = pos.play(Move::House(1)).unwrap();
    assert_eq!(pos.to_string(), "0,1,0,3,0,0:2 1,1,1,0,1,1:0 to=1 ply=5");
    assert_eq!(effect.relays, 0);
    assert_eq!(effect.captured, 2);
}

#[test]
fn relay_counts_need_relay_sowing_and_no_zero() {
    let mut without_relay = Preset::Kalah.rules();
    without_relay.relay_counts = CountSet::of(&[6]);
    let mut zero = Preset::Kalah.rules();
    zero.relay = Relay::Last;
    zero.relay_counts = CountSet::of(&[0, 6]);
    for (set, reason) in [
        (without_relay, InvalidReason::RelayCountsWithoutRelay),
        (zero, InvalidReason::RelayCountZero),
    ] {
        match set.validate() {
            Err(RuleError::InvalidValue {
                field: "relay_counts",
                reason: r,
                ..
            }) => assert_eq!(r, reason),
            other => panic!("expected relay_counts refused ({reason:?}), got {other:?}"),
        }
    }
    let err = RuleSet::from_spec("kalah,relay_counts=6").unwrap_err();
    assert!(err.to_string().contains("relay_counts"), "{err}");
}
