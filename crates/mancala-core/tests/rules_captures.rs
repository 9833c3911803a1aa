//! The captures of issue 20, one test per rule of docs/rules.md section 5
//! (a count of 1, the next house, across the gap, captures while sowing,
//! an extra turn after a capture), section 6 (grand slams of the new
//! captures) and section 7 (the `last_mover` and `split_poorer`
//! leftovers), each on a hand-built position whose expected board was
//! worked out by hand from docs/rules.md.
//!
//! Notation reminder: per side `house 1,...,house n:store`, side 0 first,
//! then `to=SIDE ply=N`. Sowing goes counter-clockwise: side 0's houses
//! 1..n, side 0's store (when sown), side 1's houses 1..n, ... Below, `hK`
//! is a house of the mover (side 0) and `oK` one of side 1.

use mancala_core::*;
use mancala_testkit::pick::{at, compile};

/// Oware (no stores on the track, origin skipped) with another capture.
fn oware_with(change: impl FnOnce(&mut RuleSet)) -> Rules {
    let mut set = Preset::Oware.rules();
    change(&mut set);
    compile(set)
}

fn kalah_with(change: impl FnOnce(&mut RuleSet)) -> Rules {
    let mut set = Preset::Kalah.rules();
    change(&mut set);
    compile(set)
}

fn play(pos: &mut Position<'_>, house: u8) -> Effect {
    pos.play(Move::House(house)).unwrap()
}

// ---------------------------------------------------------------------------
// Section 5: a count of 1 (Vai Lung Thlan)
// ---------------------------------------------------------------------------

#[test]
fn vai_lung_thlan_count_one_takes_the_lone_last_seed_and_the_singles_behind_it() {
    let rules = oware_with(|s| {
        s.capture_counts = CountSet::of(&[1]);
        s.capture_side = CaptureSide::Any;
    });
    let mut pos = at(&rules, "2,0,0,0,0,3:0 0,0,0,2,2,2:0 to=0 ply=10");
    // h6's 3 seeds: o1, o2, o3, each empty before. o3 holds 1: taken; the
    // chain walks back over o2 and o1 (1 each) and stops at h6 (empty).
    let effect = play(&mut pos, 6);
    assert_eq!(pos.to_string(), "2,0,0,0,0,0:3 0,0,0,2,2,2:0 to=1 ply=11");
    assert_eq!(effect.captured, 3);
    // A last seed in a house that held seeds makes 2: nothing.
    let mut pos = at(&rules, "2,0,0,0,0,3:0 0,0,1,2,2,2:0 to=0 ply=10");
    play(&mut pos, 6);
    assert_eq!(pos.to_string(), "2,0,0,0,0,0:0 1,1,2,2,2,2:0 to=1 ply=11");
}

// ---------------------------------------------------------------------------
// Section 5: capture the next house
// ---------------------------------------------------------------------------

#[test]
fn capture_next_takes_the_house_after_the_last_one() {
    let rules = kalah_with(|s| s.capture = Capture::Next);
    let mut pos = at(&rules, "1,0,0,0,0,2:0 1,3,0,0,0,1:0 to=0 ply=10");
    // h6's 2 seeds: the store, o1. The next house, o2, holds 3: taken.
    let effect = play(&mut pos, 6);
    assert_eq!(pos.to_string(), "1,0,0,0,0,0:4 2,0,0,0,0,1:0 to=1 ply=11");
    assert_eq!(effect.captured, 3);
}

#[test]
fn capture_next_takes_nothing_from_an_empty_next_house() {
    let rules = kalah_with(|s| s.capture = Capture::Next);
    let mut pos = at(&rules, "1,0,0,0,0,2:0 1,0,3,0,0,1:0 to=0 ply=10");
    let effect = play(&mut pos, 6);
    assert_eq!(pos.to_string(), "1,0,0,0,0,0:1 2,0,3,0,0,1:0 to=1 ply=11");
    assert_eq!(effect.captured, 0);
}

#[test]
fn capture_next_respects_capture_side() {
    // h4's single seed lands in h5; the next house, h6, is the mover's own:
    // `capture_side = opponent` keeps it, `own` takes it.
    let opponent = kalah_with(|s| s.capture = Capture::Next);
    let mut pos = at(&opponent, "1,0,0,1,0,2:0 1,1,1,1,1,1:0 to=0 ply=10");
    play(&mut pos, 4);
    assert_eq!(pos.to_string(), "1,0,0,0,1,2:0 1,1,1,1,1,1:0 to=1 ply=11");
    let own = kalah_with(|s| {
        s.capture = Capture::Next;
        s.capture_side = CaptureSide::Own;
    });
    let mut pos = at(&own, "1,0,0,1,0,2:0 1,1,1,1,1,1:0 to=0 ply=10");
    play(&mut pos, 4);
    assert_eq!(pos.to_string(), "1,0,0,0,1,0:2 1,1,1,1,1,1:0 to=1 ply=11");
}

// ---------------------------------------------------------------------------
// Section 5: capture across the gap (Pallanguzhi family)
// ---------------------------------------------------------------------------

fn gap_rules(opposite: bool, chain: bool) -> Rules {
    oware_with(|s| {
        s.capture = Capture::Gap;
        s.capture_side = CaptureSide::Any;
        s.gap_opposite = opposite;
        s.chain = chain;
    })
}

#[test]
fn capture_gap_takes_the_house_beyond_an_empty_next_house() {
    let rules = gap_rules(false, false);
    let mut pos = at(&rules, "1,0,0,2,0,0:0 0,3,1,0,0,0:0 to=0 ply=10");
    // h4's 2 seeds: h5, h6. The next house, o1, is empty: the gap; o2
    // beyond it holds 3: taken.
    let effect = play(&mut pos, 4);
    assert_eq!(pos.to_string(), "1,0,0,0,1,1:3 0,0,1,0,0,0:0 to=1 ply=11");
    assert_eq!(effect.captured, 3);
}

#[test]
fn capture_gap_needs_an_empty_next_house_and_seeds_beyond_it() {
    let rules = gap_rules(false, false);
    // The next house o1 holds seeds: no gap.
    let mut pos = at(&rules, "1,0,0,2,0,0:0 1,3,1,0,0,0:0 to=0 ply=10");
    play(&mut pos, 4);
    assert_eq!(pos.to_string(), "1,0,0,0,1,1:0 1,3,1,0,0,0:0 to=1 ply=11");
    // Two empty houses in a row, o1 and o2: nothing.
    let mut pos = at(&rules, "1,0,0,2,0,0:0 0,0,3,0,0,0:0 to=0 ply=10");
    play(&mut pos, 4);
    assert_eq!(pos.to_string(), "1,0,0,0,1,1:0 0,0,3,0,0,0:0 to=1 ply=11");
}

#[test]
fn capture_gap_opposite_also_takes_the_house_across_the_board() {
    let rules = gap_rules(true, false);
    let mut pos = at(&rules, "9,0,0,2,0,0:0 0,3,1,0,0,0:0 to=0 ply=10");
    // o2 is taken, and across from o2 lies h5 (1 seed after the sowing).
    let effect = play(&mut pos, 4);
    assert_eq!(pos.to_string(), "9,0,0,0,0,1:4 0,0,1,0,0,0:0 to=1 ply=11");
    assert_eq!(effect.captured, 4);
}

#[test]
fn capture_gap_chain_goes_on_across_every_further_gap() {
    let rules = gap_rules(false, true);
    let mut pos = at(&rules, "9,0,0,2,0,0:0 0,3,0,2,1,1:0 to=0 ply=10");
    // o2 (3) beyond the gap o1; then o3 empty and o4 (2) beyond it; then o5
    // holds a seed: the chain stops.
    let effect = play(&mut pos, 4);
    assert_eq!(pos.to_string(), "9,0,0,0,1,1:5 0,0,0,0,1,1:0 to=1 ply=11");
    assert_eq!(effect.captured, 5);
    let without = gap_rules(false, false);
    let mut pos = at(&without, "9,0,0,2,0,0:0 0,3,0,2,1,1:0 to=0 ply=10");
    play(&mut pos, 4);
    assert_eq!(pos.to_string(), "9,0,0,0,1,1:3 0,0,0,2,1,1:0 to=1 ply=11");
}

#[test]
fn capture_gap_grand_slam_is_cancelled_under_no_capture() {
    // Oware's grand_slam = no_capture: taking o2 would empty side 1.
    let rules = gap_rules(false, false);
    let mut pos = at(&rules, "1,0,0,2,0,0:0 0,3,0,0,0,0:0 to=0 ply=10");
    let effect = play(&mut pos, 4);
    assert!(effect.grand_slam);
    assert_eq!(effect.captured, 0);
    assert_eq!(pos.to_string(), "1,0,0,0,1,1:0 0,3,0,0,0,0:0 to=1 ply=11");
}

// ---------------------------------------------------------------------------
// Section 5: captures while sowing (Pallanguzhi's pasu)
// ---------------------------------------------------------------------------

fn pasu(by: SowCaptureBy) -> Rules {
    oware_with(|s| {
        s.capture = Capture::None;
        s.sow_capture_counts = CountSet::of(&[4]);
        s.sow_capture_by = by;
    })
}

#[test]
fn sow_capture_takes_a_house_made_four_but_not_by_the_last_seed() {
    let rules = pasu(SowCaptureBy::Owner);
    let mut pos = at(&rules, "1,0,4,3,0,0:0 3,1,3,0,0,1:0 to=0 ply=10");
    // h3's 4 seeds: h4 (3 -> 4: taken by its owner, the mover), h5, h6,
    // o1 (3 -> 4, but the last seed: left to the capture rule).
    let effect = play(&mut pos, 3);
    assert_eq!(pos.to_string(), "1,0,0,0,1,1:4 4,1,3,0,0,1:0 to=1 ply=11");
    assert_eq!(effect.sow_taken, 4);
    assert_eq!(effect.captured, 4);
}

#[test]
fn sow_capture_by_owner_or_sower_decides_whose_store() {
    // h3's 5 seeds: h4, h5, h6, o1 (3 -> 4: taken), o2 (the last seed).
    let owner = pasu(SowCaptureBy::Owner);
    let mut pos = at(&owner, "1,0,5,0,0,0:0 3,1,3,0,0,1:0 to=0 ply=10");
    let effect = play(&mut pos, 3);
    assert_eq!(pos.to_string(), "1,0,0,1,1,1:0 0,2,3,0,0,1:4 to=1 ply=11");
    assert_eq!((effect.sow_taken, effect.captured), (4, 0));
    let sower = pasu(SowCaptureBy::Sower);
    let mut pos = at(&sower, "1,0,5,0,0,0:0 3,1,3,0,0,1:0 to=0 ply=10");
    let effect = play(&mut pos, 3);
    assert_eq!(pos.to_string(), "1,0,0,1,1,1:4 0,2,3,0,0,1:0 to=1 ply=11");
    assert_eq!((effect.sow_taken, effect.captured), (4, 4));
}

#[test]
fn sow_capture_by_sower_own_takes_only_the_sowers_houses() {
    // The position of sow_capture_by_owner_or_sower_decides_whose_store,
    // by hand: h3's 5 seeds: h4, h5, h6, o1 (3 -> 4, but B's house: it
    // stays), o2 (the last seed). Nothing is taken.
    let own = pasu(SowCaptureBy::SowerOwn);
    let mut pos = at(&own, "1,0,5,0,0,0:0 3,1,3,0,0,1:0 to=0 ply=10");
    let effect = play(&mut pos, 3);
    assert_eq!(pos.to_string(), "1,0,0,1,1,1:0 4,2,3,0,0,1:0 to=1 ply=11");
    assert_eq!((effect.sow_taken, effect.captured), (0, 0));
    // h3's 4 seeds: h4 (3 -> 4, A's own house: taken by A), h5, h6, o1
    // (the last seed: left to the capture rule, none here).
    let mut pos = at(&own, "1,0,4,3,0,0:0 3,1,3,0,0,1:0 to=0 ply=10");
    let effect = play(&mut pos, 3);
    assert_eq!(pos.to_string(), "1,0,0,0,1,1:4 4,1,3,0,0,1:0 to=1 ply=11");
    assert_eq!((effect.sow_taken, effect.captured), (4, 4));
    // B sowing is the same: o1's 3 seeds: o2 (1 -> 2), o3 (3 -> 4: B's
    // own house, taken by B), o4 (the last seed).
    let mut pos = at(&own, "1,0,4,3,0,0:0 3,1,3,0,0,1:0 to=1 ply=11");
    let effect = play(&mut pos, 1);
    assert_eq!(pos.to_string(), "1,0,4,3,0,0:0 0,2,0,1,0,1:4 to=0 ply=12");
    assert_eq!((effect.sow_taken, effect.captured), (4, 4));
}

#[test]
fn seeds_taken_again_and_again_from_the_store_do_not_overflow_the_counts() {
    // Found by the proptest draw: relay from the mover's store
    // (`relay_store`) with captures while sowing to the sower takes the
    // same seeds back to the store on every leg, 64 legs: the move's
    // counts of seeds taken passed 255 and overflowed (a panic). The
    // seeds on the board are still the 64 of the game.
    let set = RuleSet::from_spec(
        "kalah,houses=4,seeds=8,origin=first,relay=next,min_seeds=3,capture=none,sow_capture_counts=4,sow_capture_by=sower,sow_capture_last=true,relay_store=true",
    )
    .unwrap();
    let rules = compile(set);
    let mut pos = at(&rules, "1,3,1,3:16 3,1,3,1:32 to=1 ply=3");
    let effect = play(&mut pos, 1);
    let held: u32 = pos
        .to_string()
        .split([',', ':', ' '])
        .map_while(|t| t.parse::<u32>().ok())
        .sum();
    assert_eq!(held, 64, "{pos}");
    assert_eq!(effect.sow_taken, 255);
}

#[test]
fn a_landing_capture_after_the_count_stopped_at_255_does_not_overflow_it() {
    // Found by the invariants proptest: as above, the legs take the
    // store's seeds back again and again, and then the last seed falls
    // in an empty house of the mover's (its house 2) and captures it
    // with the house across (docs/rules.md section 5): one more capture
    // on a count already at 255, which overflowed (a panic in debug
    // builds; `capture_empty_opposite` did the same). The board after it is
    // `tests/reference/perft.py`'s (`python3 perft.py` with these rules
    // lists the same children of this position).
    let set = RuleSet::from_spec(
        "kalah,houses=4,seeds=8,origin=first,relay=next,capture=opposite,capture_empty_opposite=true,sow_capture_counts=4,sow_capture_by=sower,relay_store=true",
    )
    .unwrap();
    let rules = compile(set);
    let mut pos = at(&rules, "3,0,0,3:7 3,3,3,1:41 to=1 ply=18");
    let effect = play(&mut pos, 1);
    assert_eq!(pos.to_string(), "1,3,0,1:7 1,0,0,16:35 to=0 ply=19");
    assert_eq!(
        effect.last,
        Some(Cup::House {
            side: Side::new(1),
            number: 2
        })
    );
    assert!(!effect.relay_limited);
    assert_eq!((effect.sow_taken, effect.captured), (255, 255));
}

#[test]
fn sow_capture_and_gap_capture_together() {
    // Pallanguzhi-like: pasu of 4 while sowing, then across the gap.
    let rules = oware_with(|s| {
        s.capture = Capture::Gap;
        s.capture_side = CaptureSide::Any;
        s.chain = false;
        s.sow_capture_counts = CountSet::of(&[4]);
    });
    let mut pos = at(&rules, "2,0,0,3,3,0:0 0,2,1,1,0,0:0 to=0 ply=10");
    // h4's 3 seeds: h5 (3 -> 4: taken by side 0), h6, o1 (the last). o2
    // holds 2: no gap, nothing more.
    let effect = play(&mut pos, 4);
    assert_eq!(pos.to_string(), "2,0,0,0,0,1:4 1,2,1,1,0,0:0 to=1 ply=11");
    assert_eq!(effect.captured, 4);
    // h5's 3 seeds: h6, o1, o2 (the last). o3 is empty, o4 beyond: taken.
    let mut pos = at(&rules, "2,0,0,0,3,0:0 0,0,0,2,0,1:0 to=0 ply=10");
    let effect = play(&mut pos, 5);
    assert_eq!(pos.to_string(), "2,0,0,0,0,1:2 1,1,0,0,0,1:0 to=1 ply=11");
    assert_eq!(effect.captured, 2);
}

#[test]
fn sow_capture_waits_for_no_capture_moves() {
    let rules = oware_with(|s| {
        s.capture = Capture::None;
        s.sow_capture_counts = CountSet::of(&[4]);
        s.no_capture_moves = 1;
    });
    let mut pos = at(&rules, "1,0,4,3,0,0:0 3,1,3,0,0,1:0 to=0 ply=0");
    play(&mut pos, 3);
    assert_eq!(pos.to_string(), "1,0,0,4,1,1:0 4,1,3,0,0,1:0 to=1 ply=1");
}

// ---------------------------------------------------------------------------
// Section 5: an extra turn after a capture
// ---------------------------------------------------------------------------

#[test]
fn capture_extra_turn_lets_the_capturer_move_again() {
    // h1's seed lands in the empty h2; o5 across holds 3: captured.
    let start = "1,0,0,0,0,2:0 1,1,1,1,3,1:0 to=0 ply=10";
    let rules = kalah_with(|s| s.capture_extra_turn = true);
    let mut pos = at(&rules, start);
    let effect = play(&mut pos, 1);
    assert!(effect.extra_turn);
    assert_eq!(pos.to_string(), "0,0,0,0,0,2:4 1,1,1,1,0,1:0 to=0 ply=11");
    let plain = kalah_with(|_| {});
    let mut pos = at(&plain, start);
    assert!(!play(&mut pos, 1).extra_turn);
    assert_eq!(pos.to_string(), "0,0,0,0,0,2:4 1,1,1,1,0,1:0 to=1 ply=11");
}

#[test]
fn capture_extra_turn_is_not_earned_by_a_cancelled_grand_slam() {
    let rules = oware_with(|s| {
        s.capture = Capture::Gap;
        s.capture_side = CaptureSide::Any;
        s.capture_extra_turn = true;
    });
    let mut pos = at(&rules, "1,0,0,2,0,0:0 0,3,0,0,0,0:0 to=0 ply=10");
    let effect = play(&mut pos, 4);
    assert!(effect.grand_slam && !effect.extra_turn);
    assert_eq!(pos.to_move(), Side::new(1));
}

// ---------------------------------------------------------------------------
// Section 7: leftovers
// ---------------------------------------------------------------------------

#[test]
fn leftover_last_mover_gives_the_board_to_whoever_moved_last() {
    let rules = kalah_with(|s| s.leftover = Leftover::LastMover);
    // h6's seed reaches the store (an extra turn) and empties side 0: side
    // 0 moved last and takes the 3 seeds left on side 1.
    let mut pos = at(&rules, "0,0,0,0,0,1:10 1,2,0,0,0,0:5 to=0 ply=10");
    play(&mut pos, 6);
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:14 0,0,0,0,0,0:5 to=0 ply=11 over=any_side_empty"
    );
    // Side 1 empties its own side the same way and takes side 0's seed.
    let mut pos = at(&rules, "0,0,0,0,0,1:10 0,0,0,0,0,1:5 to=1 ply=10");
    play(&mut pos, 6);
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:10 0,0,0,0,0,0:7 to=1 ply=11 over=any_side_empty"
    );
}

#[test]
fn leftover_split_poorer_gives_the_odd_seed_to_the_lower_score() {
    let rules = kalah_with(|s| s.leftover = Leftover::SplitPoorer);
    // 3 seeds left: one each, the third to side 1 (5 against 11).
    let mut pos = at(&rules, "0,0,0,0,0,1:10 1,2,0,0,0,0:5 to=0 ply=10");
    play(&mut pos, 6);
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:12 0,0,0,0,0,0:7 to=0 ply=11 over=any_side_empty"
    );
    // Equal scores (5 and 5): the odd seed is discarded.
    let mut pos = at(&rules, "0,0,0,0,0,1:4 1,2,0,0,0,0:5 to=0 ply=10");
    play(&mut pos, 6);
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:6 0,0,0,0,0,0:6 to=0 ply=11 discarded=1 over=any_side_empty"
    );
}

#[test]
fn leftover_split_poorer_with_three_players_goes_poorest_first() {
    let rules = kalah_with(|s| {
        s.players = 3;
        s.leftover = Leftover::SplitPoorer;
    });
    // 5 seeds left after h6 (store 0: 4): one each, then one to side 2
    // (score 1) and one to side 1 (score 2).
    let mut pos = at(
        &rules,
        "0,0,0,0,0,1:3 1,1,1,0,0,0:2 1,1,0,0,0,0:1 to=0 ply=10",
    );
    play(&mut pos, 6);
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:5 0,0,0,0,0,0:4 0,0,0,0,0,0:3 to=0 ply=11 over=any_side_empty"
    );
    // 4 seeds left: one each, and the last would have to choose between
    // sides 1 and 2 (both 2): discarded.
    let mut pos = at(
        &rules,
        "0,0,0,0,0,1:3 1,1,0,0,0,0:2 1,1,0,0,0,0:2 to=0 ply=10",
    );
    play(&mut pos, 6);
    assert_eq!(
        pos.to_string(),
        "0,0,0,0,0,0:5 0,0,0,0,0,0:3 0,0,0,0,0,0:3 to=0 ply=11 discarded=1 over=any_side_empty"
    );
}

#[test]
fn sow_capture_stands_when_the_last_seeds_grand_slam_is_cancelled() {
    // Oware's grand_slam = no_capture, with pasu and the gap capture.
    let rules = oware_with(|s| {
        s.capture = Capture::Gap;
        s.capture_side = CaptureSide::Any;
        s.sow_capture_counts = CountSet::of(&[4]);
    });
    let mut pos = at(&rules, "9,0,3,3,0,0:0 0,5,0,0,0,0:0 to=0 ply=10");
    // h3's 3 seeds: h4 (3 -> 4: taken by side 0), h5, h6 (the last). o1
    // is a gap and o2 beyond holds all of side 1's seeds: a grand slam,
    // cancelled; the pasu taken while sowing stays taken.
    let effect = play(&mut pos, 3);
    assert!(effect.grand_slam);
    assert_eq!((effect.sow_taken, effect.captured), (4, 4));
    assert_eq!(pos.to_string(), "9,0,0,0,1,1:4 0,5,0,0,0,0:0 to=1 ply=11");
}

#[test]
fn sowing_steps_tell_the_houses_taken_while_sowing() {
    // The position of sow_capture_by_owner_or_sower_decides_whose_store:
    // h3's 5 seeds go to h4, h5, h6, o1 (3 -> 4: taken) and o2.
    let mine = |number| Cup::House {
        side: Side::new(0),
        number,
    };
    let theirs = |number| Cup::House {
        side: Side::new(1),
        number,
    };
    let steps = |by, to: usize| {
        let rules = pasu(by);
        let pos = at(&rules, "1,0,5,0,0,0:0 3,1,3,0,0,1:0 to=0 ply=10");
        let expected = vec![
            SowingStep::Lift(mine(3)),
            SowingStep::Seed(mine(4)),
            SowingStep::Seed(mine(5)),
            SowingStep::Seed(mine(6)),
            SowingStep::Seed(theirs(1)),
            SowingStep::Take {
                cup: theirs(1),
                to: Side::new(to),
            },
            SowingStep::Seed(theirs(2)),
        ];
        assert_eq!(pos.sowing_steps(Move::House(3)), Some(expected), "{by:?}");
    };
    steps(SowCaptureBy::Owner, 1);
    steps(SowCaptureBy::Sower, 0);
}
