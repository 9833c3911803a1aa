//! The capture dimensions of issue 30 on concrete positions worked out
//! by hand from docs/rules.md section 5: `capture_leaves_seed` (an
//! opposite capture that leaves the capturing seed), `chain_limit`
//! (the most houses one chain capture takes), `capture_side =
//! opponent_first`, `single_seed_captures`, `sow_capture_last` and
//! `capture_before_sowing`, and the errors that name them (section 14).
//!
//! Notation: per side `house 1,...,house n:store`, side 0 first, then
//! `to=SIDE ply=N`. `hK` is a house of side 0, `oK` one of side 1.

use mancala_core::*;
use mancala_testkit::pick::{at, compile};

fn spec(text: &str) -> Rules {
    compile(RuleSet::from_spec(text).unwrap())
}

fn play(pos: &mut Position<'_>, house: u8) -> Effect {
    pos.play(Move::House(house))
        .unwrap_or_else(|e| panic!("house {house} should be legal in {pos}: {e}"))
}

#[test]
fn an_opposite_capture_that_leaves_the_seed_takes_only_the_house_opposite() {
    // h2's 2 seeds go into h3 and h4 (empty): o3, opposite h4, holds 5.
    let start = "0,2,0,0,0,0:18 1,1,5,1,1,1:18 to=0 ply=4";
    // Kalah takes o3's 5 and the last seed: 6, h4 left empty.
    let kalah = spec("kalah,stores_sown=none,extra_turn=none");
    let mut pos = at(&kalah, start);
    assert_eq!(play(&mut pos, 2).captured, 6);
    assert_eq!(pos.to_string(), "0,0,1,0,0,0:24 1,1,0,1,1,1:18 to=1 ply=5");
    // Under capture_leaves_seed the last seed stays in h4: 5 taken.
    let leave = spec("kalah,stores_sown=none,extra_turn=none,capture_leaves_seed=true");
    let mut pos = at(&leave, start);
    assert_eq!(play(&mut pos, 2).captured, 5);
    assert_eq!(pos.to_string(), "0,0,1,1,0,0:23 1,1,0,1,1,1:18 to=1 ply=5");
    // An empty house opposite: nothing is taken either way.
    let mut pos = at(&leave, "0,2,0,0,0,0:18 1,1,0,1,1,6:18 to=0 ply=4");
    assert_eq!(play(&mut pos, 2).captured, 0);
    assert_eq!(pos.to_string(), "0,0,1,1,0,0:18 1,1,0,1,1,6:18 to=1 ply=5");
}

#[test]
fn a_capture_that_leaves_the_seed_earns_a_capture_extra_turn_and_judges_grand_slams() {
    // As above, with o3 the opponent's only seeds: the capture empties
    // their side, a grand slam, which `no_capture` cancels.
    let base = "kalah,stores_sown=none,extra_turn=none,capture_leaves_seed=true";
    let cancel = spec(&format!("{base},grand_slam=no_capture"));
    let start = "0,2,0,0,0,0:20 0,0,5,0,0,0:21 to=0 ply=4";
    let mut pos = at(&cancel, start);
    let effect = play(&mut pos, 2);
    assert_eq!(effect.captured, 0);
    assert_eq!(pos.to_string(), "0,0,1,1,0,0:20 0,0,5,0,0,0:21 to=1 ply=5");
    // A capture of the 5 alone earns another move (capture_extra_turn).
    let again = spec(&format!("{base},capture_extra_turn=true"));
    let mut pos = at(&again, "0,2,0,0,0,0:20 1,0,5,0,0,0:20 to=0 ply=4");
    assert_eq!(play(&mut pos, 2).captured, 5);
    assert_eq!(pos.to_string(), "0,0,1,1,0,0:25 1,0,0,0,0,0:20 to=0 ply=5");
}

#[test]
fn a_chain_limit_stops_a_count_chain() {
    // h3's 4 seeds go into h4 (1 -> 2), h5 (1 -> 2), h6 (3 -> 4) and o1
    // (1 -> 2): every one of them even, on either side.
    let start = "0,0,4,1,1,3:24 1,0,0,0,0,5:33 to=0 ply=4";
    let base = "oware,seeds=6,capture_counts=2,4,6,8,capture_side=any,origin=include";
    // Unlimited: o1, h6, h5, h4, then h3 (emptied) stops the walk: 10.
    let all = spec(base);
    let mut pos = at(&all, start);
    assert_eq!(play(&mut pos, 3).captured, 10);
    assert_eq!(pos.to_string(), "0,0,0,0,0,0:34 0,0,0,0,0,5:33 to=1 ply=5");
    // chain_limit = 2: o1 and h6, the first house included: 6.
    let two = spec(&format!("{base},chain_limit=2"));
    let mut pos = at(&two, start);
    assert_eq!(play(&mut pos, 3).captured, 6);
    assert_eq!(pos.to_string(), "0,0,0,2,2,0:30 0,0,0,0,0,5:33 to=1 ply=5");
    // chain_limit = 1: o1 alone, as without `chain`.
    let one = spec(&format!("{base},chain_limit=1"));
    let mut pos = at(&one, start);
    assert_eq!(play(&mut pos, 3).captured, 2);
    assert_eq!(pos.to_string(), "0,0,0,2,2,4:26 0,0,0,0,0,5:33 to=1 ply=5");
}

#[test]
fn a_chain_limit_stops_a_gap_chain() {
    // h5's seed falls into h6; o1 is empty (the gap), o2 beyond it holds
    // 3; o3 is empty again and o4 beyond it holds 2; o5 holds a seed, so
    // the pattern stops there.
    let start = "0,0,0,0,1,0:19 0,3,0,2,1,0:22 to=0 ply=4";
    let base = "oware,capture=gap,chain=true";
    let all = spec(base);
    let mut pos = at(&all, start);
    assert_eq!(play(&mut pos, 5).captured, 5);
    assert_eq!(pos.to_string(), "0,0,0,0,0,1:24 0,0,0,0,1,0:22 to=1 ply=5");
    // chain_limit = 1: the house beyond the first gap only.
    let one = spec(&format!("{base},chain_limit=1"));
    let mut pos = at(&one, start);
    assert_eq!(play(&mut pos, 5).captured, 3);
    assert_eq!(pos.to_string(), "0,0,0,0,0,1:22 0,0,0,2,1,0:22 to=1 ply=5");
}

#[test]
fn the_new_capture_dimensions_refuse_what_cannot_be_played() {
    let mut set = Preset::Kalah.rules();
    set.capture_leaves_seed = true;
    set.capture_empty_opposite = true;
    assert_eq!(
        set.validate(),
        Err(RuleError::InvalidValue {
            field: "capture_leaves_seed",
            value: "true".into(),
            reason: InvalidReason::LeavesSeedWithEmptyOpposite,
        })
    );
    let mut set = Preset::Oware.rules();
    set.chain = false;
    set.chain_limit = 2;
    assert_eq!(
        set.validate(),
        Err(RuleError::InvalidValue {
            field: "chain_limit",
            value: "2".into(),
            reason: InvalidReason::ChainLimitWithoutChain,
        })
    );
    // Both read from text and from files, and name the field when wrong.
    let e = RuleSet::from_spec("oware,chain_limit=300").unwrap_err();
    assert!(e.to_string().contains("chain_limit"), "{e}");
    let e = RuleSet::from_toml("preset = \"oware\"\nchain_limit = -1").unwrap_err();
    assert!(e.to_string().contains("chain_limit"), "{e}");
}

#[test]
fn opponent_first_starts_a_chain_on_the_opponents_side_and_goes_on_onto_ones_own() {
    // h4's 3 seeds make h5 2, h6 3 and o1 2: o1 is taken, then h6 and h5
    // on the mover's side; h4, emptied, stops the chain.
    let start = "0,0,0,3,1,2:14 1,4,0,0,0,1:22 to=0 ply=6";
    let first = spec("oware,capture_side=opponent_first");
    let mut pos = at(&first, start);
    assert_eq!(play(&mut pos, 4).captured, 7);
    assert_eq!(pos.to_string(), "0,0,0,0,0,0:21 0,4,0,0,0,1:22 to=1 ply=7");
    // Oware stops at the mover's own side: o1 alone.
    let oware = spec("oware");
    let mut pos = at(&oware, start);
    assert_eq!(play(&mut pos, 4).captured, 2);
    assert_eq!(pos.to_string(), "0,0,0,0,2,3:16 0,4,0,0,0,1:22 to=1 ply=7");
    // The first house must be the opponent's: h4's 2 seeds make h5 2 and
    // h6 3, both the mover's own, and nothing is taken.
    let own_last = "0,0,0,2,1,2:19 1,4,0,0,0,1:18 to=0 ply=6";
    let mut pos = at(&first, own_last);
    assert_eq!(play(&mut pos, 4).captured, 0);
    assert_eq!(pos.to_string(), "0,0,0,0,2,3:19 1,4,0,0,0,1:18 to=1 ply=7");
}

#[test]
fn a_move_of_a_single_seed_captures_nothing_when_single_seed_captures_is_off() {
    // h6's single seed makes o1 hold 2 (Oware would take it).
    let start = "0,0,0,0,0,1:20 1,3,0,0,0,3:20 to=0 ply=6";
    let oware = spec("oware");
    let mut pos = at(&oware, start);
    assert_eq!(play(&mut pos, 6).captured, 2);
    let off = spec("oware,single_seed_captures=false");
    let mut pos = at(&off, start);
    assert_eq!(play(&mut pos, 6).captured, 0);
    assert_eq!(pos.to_string(), "0,0,0,0,0,0:20 2,3,0,0,0,3:20 to=1 ply=7");
    // Two seeds capture as usual: h5's 2 make h6 1 and o1 2.
    let mut pos = at(&off, "0,0,0,0,2,0:20 1,3,0,0,0,2:20 to=0 ply=6");
    assert_eq!(play(&mut pos, 5).captured, 2);
    // Under relay sowing the whole move is a single seed's: Djenon Abe's
    // relay with a capture ending it. h6's seed makes o1 2 (it held 1):
    // no capture, so the relay lifts o1's 2 into o2 (3 -> 4) and o3.
    let relay = spec("oware,relay=last,capture_ends_relay=true,single_seed_captures=false");
    let mut pos = at(&relay, "0,0,0,0,0,1:20 1,3,0,0,0,3:20 to=0 ply=6");
    assert_eq!(play(&mut pos, 6).captured, 0);
    assert_eq!(pos.to_string(), "0,0,0,0,0,0:20 0,4,1,0,0,3:20 to=1 ply=7");
}

#[test]
fn sow_capture_last_lets_the_last_seed_take_its_house_while_sowing() {
    // h5's 2 seeds make h6 4 (taken at once by its owner, the mover) and
    // o1 4 with the move's last seed.
    let start = "1,0,0,0,2,3:14 3,0,1,0,0,9:15 to=0 ply=6";
    let base = "oware,capture=none,sow_capture_counts=4";
    // Without sow_capture_last o1 stays: the last seed is left to
    // `capture`, which takes nothing here.
    let plain = spec(base);
    let mut pos = at(&plain, start);
    assert_eq!(play(&mut pos, 5).captured, 4);
    assert_eq!(pos.to_string(), "1,0,0,0,0,0:18 4,0,1,0,0,9:15 to=1 ply=7");
    // With it o1 goes to its owner, side 1.
    let last = spec(&format!("{base},sow_capture_last=true"));
    let mut pos = at(&last, start);
    assert_eq!(play(&mut pos, 5).captured, 4);
    assert_eq!(pos.to_string(), "1,0,0,0,0,0:18 0,0,1,0,0,9:19 to=1 ply=7");
    // Or to the sower under `sow_capture_by = sower`.
    let sower = spec(&format!(
        "{base},sow_capture_last=true,sow_capture_by=sower"
    ));
    let mut pos = at(&sower, start);
    assert_eq!(play(&mut pos, 5).captured, 8);
    assert_eq!(pos.to_string(), "1,0,0,0,0,0:22 0,0,1,0,0,9:15 to=1 ply=7");
    // It needs captures while sowing.
    let mut set = Preset::Oware.rules();
    set.sow_capture_last = true;
    assert_eq!(
        set.validate(),
        Err(RuleError::InvalidValue {
            field: "sow_capture_last",
            value: "true".into(),
            reason: InvalidReason::SowCaptureLastWithoutCounts,
        })
    );
}

fn house(side: usize, number: u8) -> Cup {
    Cup::House {
        side: Side::new(side),
        number,
    }
}

#[test]
fn first_seed_sends_the_first_seed_of_a_lift_to_the_store_before_sowing() {
    let start = "0,0,3,0,0,2:20 1,1,5,1,1,1:13 to=0 ply=4";
    // Kalah sows h3's 3 seeds into h4, h5 and h6 (2 -> 3): no capture.
    let kalah = spec("kalah,min_seeds=2");
    let mut pos = at(&kalah, start);
    assert_eq!(play(&mut pos, 3).captured, 0);
    assert_eq!(pos.to_string(), "0,0,0,1,1,3:20 1,1,5,1,1,1:13 to=1 ply=5");
    // Under first_seed the first goes to the store (21), the other two
    // into h4 and h5: h5 was empty, so it takes o2's seed with it (23).
    let first = spec("kalah,min_seeds=2,capture_before_sowing=first_seed");
    let mut pos = at(&first, start);
    let store = Cup::Store { side: Side::new(0) };
    assert_eq!(
        pos.sowing_steps(Move::House(3)),
        Some(vec![
            SowingStep::Lift(house(0, 3)),
            SowingStep::Seed(store),
            SowingStep::Seed(house(0, 4)),
            SowingStep::Seed(house(0, 5)),
        ])
    );
    assert_eq!(pos.landing(Move::House(3)), Some(house(0, 5)));
    assert_eq!(play(&mut pos, 3).captured, 3);
    assert_eq!(pos.to_string(), "0,0,0,1,0,2:23 1,0,5,1,1,1:13 to=1 ply=5");
    // h6's 2 seeds: the first to the store, the second into the store too,
    // which earns another move (Kalah's second seed would go into o1).
    let mut pos = at(&first, start);
    assert_eq!(pos.landing(Move::House(6)), Some(store));
    let effect = play(&mut pos, 6);
    assert!(effect.extra_turn);
    assert_eq!(pos.to_string(), "0,0,3,0,0,0:22 1,1,5,1,1,1:13 to=0 ply=5");
    // Not in the first no_capture_moves sowings: h3 sows as in Kalah.
    let late = spec("kalah,min_seeds=2,capture_before_sowing=first_seed,no_capture_moves=9");
    let mut pos = at(&late, start);
    play(&mut pos, 3);
    assert_eq!(pos.to_string(), "0,0,0,1,1,3:20 1,1,5,1,1,1:13 to=1 ply=5");
    // A lift of one seed would have nothing to sow (section 14).
    let mut set = Preset::Kalah.rules();
    set.capture_before_sowing = CaptureBeforeSowing::FirstSeed;
    assert_eq!(
        set.validate(),
        Err(RuleError::InvalidValue {
            field: "capture_before_sowing",
            value: "first_seed".into(),
            reason: InvalidReason::FirstSeedSingleLift,
        })
    );
    set.min_seeds = 2;
    assert_eq!(set.validate(), Ok(()));
    set.relay = Relay::Next;
    assert!(
        set.validate().is_err(),
        "relay = next may lift a single seed"
    );
    // A capture on completing a lap lifts the house after it, which may
    // hold a single seed.
    set.relay = Relay::Last;
    assert_eq!(set.validate(), Ok(()));
    set.lap_capture = LapCapture::Next;
    assert_eq!(
        set.validate(),
        Err(RuleError::InvalidValue {
            field: "capture_before_sowing",
            value: "first_seed".into(),
            reason: InvalidReason::FirstSeedSingleLift,
        })
    );
}

#[test]
fn single_opposite_takes_the_house_opposite_a_lone_seed_before_it_is_sown() {
    let start = "0,0,0,1,0,1:20 1,3,4,0,0,3:15 to=0 ply=6";
    // Oware: h6's seed makes o1 hold 2, which it captures.
    let oware = spec("oware");
    let mut pos = at(&oware, start);
    assert_eq!(play(&mut pos, 6).captured, 2);
    assert_eq!(pos.to_string(), "0,0,0,1,0,0:22 0,3,4,0,0,3:15 to=1 ply=7");
    // Under single_opposite o1 (opposite h6) is taken first (1 seed),
    // then the seed falls into the emptied o1: 1, no count capture.
    let single = spec("oware,capture_before_sowing=single_opposite");
    let mut pos = at(&single, start);
    assert_eq!(play(&mut pos, 6).captured, 1);
    assert_eq!(pos.to_string(), "0,0,0,1,0,0:21 1,3,4,0,0,3:15 to=1 ply=7");
    // h4's seed: o3, opposite h4, holds 4, taken; the seed goes into h5.
    let mut pos = at(&single, start);
    assert_eq!(
        pos.sowing_steps(Move::House(4)),
        Some(vec![
            SowingStep::Lift(house(0, 4)),
            SowingStep::Take {
                cup: house(1, 3),
                to: Side::new(0),
            },
            SowingStep::Seed(house(0, 5)),
        ])
    );
    let effect = play(&mut pos, 4);
    assert_eq!(effect.captured, 4);
    assert_eq!(
        effect.captured_cups().collect::<Vec<_>>(),
        vec![house(1, 3)]
    );
    assert_eq!(pos.to_string(), "0,0,0,0,1,1:24 1,3,0,0,0,3:15 to=1 ply=7");
    // Two seeds are sown as in Oware: o2 (opposite h5) stays, and o1,
    // brought to 2, is captured.
    let mut pos = at(&single, "0,0,0,0,2,0:20 1,3,4,0,0,3:15 to=0 ply=6");
    assert_eq!(play(&mut pos, 5).captured, 2);
    assert_eq!(pos.to_string(), "0,0,0,0,0,1:22 0,3,4,0,0,3:15 to=1 ply=7");
    // It needs a single house opposite: two players (section 14).
    let mut set = Preset::Kalah.rules();
    set.capture_before_sowing = CaptureBeforeSowing::SingleOpposite;
    set.players = 3;
    assert_eq!(
        set.validate(),
        Err(RuleError::InvalidValue {
            field: "capture_before_sowing",
            value: "single_opposite".into(),
            reason: InvalidReason::SingleOppositePlayers,
        })
    );
}

#[test]
fn capture_opponent_store_takes_the_store_the_last_seed_falls_in() {
    // Both stores sown: h6's 8 seeds go into the mover's store (6), o1 to
    // o6 (2 each) and the opponent's store (5 -> 6).
    let start = "8,8,8,0,0,8:5 1,1,1,1,1,1:5 to=0 ply=10";
    let all = spec("kalah,stores_sown=all");
    let mut pos = at(&all, start);
    assert_eq!(play(&mut pos, 6).captured, 0);
    assert_eq!(pos.to_string(), "8,8,8,0,0,0:6 2,2,2,2,2,2:6 to=1 ply=11");
    // Under capture_opponent_store the mover takes that store's 6 seeds.
    let take = spec("kalah,stores_sown=all,capture_opponent_store=true");
    let mut pos = at(&take, start);
    let effect = play(&mut pos, 6);
    assert_eq!(effect.captured, 6);
    assert!(!effect.extra_turn);
    assert_eq!(pos.to_string(), "8,8,8,0,0,0:12 2,2,2,2,2,2:0 to=1 ply=11");
    // A landing that earns an extra move takes nothing (extra_turn =
    // any_store).
    let any = spec("kalah,stores_sown=all,extra_turn=any_store,capture_opponent_store=true");
    let mut pos = at(&any, start);
    assert_eq!(play(&mut pos, 6).captured, 0);
    assert_eq!(pos.to_string(), "8,8,8,0,0,0:6 2,2,2,2,2,2:6 to=0 ply=11");
    // Nor in the first no_capture_moves sowings.
    let late = spec("kalah,stores_sown=all,capture_opponent_store=true,no_capture_moves=20");
    let mut pos = at(&late, start);
    assert_eq!(play(&mut pos, 6).captured, 0);
    // It needs both stores on the track (section 14).
    let mut set = Preset::Kalah.rules();
    set.capture_opponent_store = true;
    assert_eq!(
        set.validate(),
        Err(RuleError::InvalidValue {
            field: "capture_opponent_store",
            value: "true".into(),
            reason: InvalidReason::OpponentStoreNotSown,
        })
    );
}

#[test]
fn a_match_capture_takes_a_house_that_equals_the_house_across() {
    // h3's 2 seeds go into h4 (0 -> 1) and h5 (2 -> 3): o2, across h5,
    // holds 3 too.
    let start = "0,0,2,0,2,0:20 1,3,3,1,1,1:14 to=0 ply=10";
    // Kalah: h5 held seeds, no capture.
    let kalah = spec("kalah");
    let mut pos = at(&kalah, start);
    assert_eq!(play(&mut pos, 3).captured, 0);
    assert_eq!(pos.to_string(), "0,0,0,1,3,0:20 1,3,3,1,1,1:14 to=1 ply=11");
    // capture = match: h5 and o2 (3 each) are taken.
    let matching = spec("kalah,capture=match,capture_side=any");
    let mut pos = at(&matching, start);
    let effect = play(&mut pos, 3);
    assert_eq!(effect.captured, 6);
    assert_eq!(
        effect.captured_cups().collect::<Vec<_>>(),
        vec![house(0, 5), house(1, 2)]
    );
    assert_eq!(pos.to_string(), "0,0,0,1,0,0:26 1,0,3,1,1,1:14 to=1 ply=11");
    // capture_side judges the house the last seed fell in: the mover's.
    let own = spec("kalah,capture=match,capture_side=own");
    let mut pos = at(&own, start);
    assert_eq!(play(&mut pos, 3).captured, 6);
    let opponent = spec("kalah,capture=match,capture_side=opponent");
    let mut pos = at(&opponent, start);
    assert_eq!(play(&mut pos, 3).captured, 0);
    // h4's seed makes h5 hold 2 against o2's 3: no match.
    let mut pos = at(&matching, "0,0,0,1,1,0:20 1,3,3,1,1,1:16 to=0 ply=10");
    assert_eq!(play(&mut pos, 4).captured, 0);
    assert_eq!(pos.to_string(), "0,0,0,0,2,0:20 1,3,3,1,1,1:16 to=1 ply=11");
    // Across the board means two players (section 14).
    let mut set = RuleSet::from_spec("kalah,capture=match").unwrap();
    set.players = 3;
    assert!(matches!(
        set.validate(),
        Err(RuleError::TwoPlayerRule {
            field: "capture",
            ..
        })
    ));
}

#[test]
fn a_grand_slam_under_leave_first_leaves_the_opponents_first_house_with_seeds() {
    // docs/rules.md section 6. h4's 5 seeds: h5, h6, o1, o2, o3; o1 now
    // holds 2, o2 3, o3 2. The chain from o3 takes o3, o2 and o1: every
    // seed of side 1, a grand slam.
    let start = "0,0,0,5,0,0:18 1,2,1,0,0,0:21 to=0 ply=4";
    // leave_first: o1, the lowest-numbered of the three houses that held
    // seeds, keeps its 2; o2 and o3 are taken (5).
    let rules1 = spec("oware,grand_slam=leave_first");
    let mut pos = at(&rules1, start);
    let effect = play(&mut pos, 4);
    assert!(effect.grand_slam);
    assert_eq!(effect.captured, 5);
    assert_eq!(pos.to_string(), "0,0,0,0,1,1:23 2,0,0,0,0,0:21 to=1 ply=5");
    assert_eq!(
        effect.captured_cups().collect::<Vec<_>>(),
        [house(1, 2), house(1, 3)]
    );
    // Oware cancels the whole capture; `allowed` takes all 7.
    let rules2 = spec("oware");
    let mut pos = at(&rules2, start);
    assert_eq!(play(&mut pos, 4).captured, 0);
    assert_eq!(pos.to_string(), "0,0,0,0,1,1:18 2,3,2,0,0,0:21 to=1 ply=5");
    let rules3 = spec("oware,grand_slam=allowed");
    let mut pos = at(&rules3, start);
    assert_eq!(play(&mut pos, 4).captured, 7);
}

#[test]
fn a_grand_slam_of_a_single_house_under_leave_first_stands() {
    // h6's seed falls into o1, the opponent's only house with seeds, now 3:
    // a grand slam of one house, which leave_first lets stand (side 1 then
    // cannot move: the game ends, side 0's 3 seeds to side 0).
    let rules = spec("oware,grand_slam=leave_first");
    let mut pos = at(&rules, "3,0,0,0,0,1:19 2,0,0,0,0,0:23 to=0 ply=4");
    let effect = play(&mut pos, 6);
    assert!(effect.grand_slam);
    assert_eq!(effect.captured, 3);
    assert_eq!(pos.store(Side::new(0)), 19 + 3 + 3);
    assert_eq!(pos.store(Side::new(1)), 23);
}

#[test]
fn a_gap_capture_grand_slam_under_leave_first_leaves_the_first_house() {
    // docs/rules.md sections 5 and 6, the chained gap capture: h4's 2
    // seeds go to h5 and h6; o1 after h6 is empty, o2 beyond it is taken,
    // then o4 beyond the empty o3, then o6 beyond the empty o5; h1 is
    // empty but h2 beyond it is the mover's own. Every seed of side 1.
    let base =
        "kalah,stores_sown=none,extra_turn=none,capture=gap,capture_side=opponent,chain=true";
    let start = "0,0,0,2,0,0:20 0,2,0,1,0,3:20 to=0 ply=4";
    // leave_first: o2, the lowest-numbered house holding seeds, keeps its 2.
    let rules4 = spec(&format!("{base},grand_slam=leave_first"));
    let mut pos = at(&rules4, start);
    let effect = play(&mut pos, 4);
    assert!(effect.grand_slam);
    assert_eq!(effect.captured, 4);
    assert_eq!(pos.to_string(), "0,0,0,0,1,1:24 0,2,0,0,0,0:20 to=1 ply=5");
    assert_eq!(
        effect.captured_cups().collect::<Vec<_>>(),
        [house(1, 4), house(1, 6)]
    );
    let rules5 = spec(&format!("{base},grand_slam=no_capture"));
    let mut pos = at(&rules5, start);
    assert_eq!(play(&mut pos, 4).captured, 0);
    assert_eq!(pos.to_string(), "0,0,0,0,1,1:20 0,2,0,1,0,3:20 to=1 ply=5");
}

#[test]
fn leave_first_is_refused_with_a_tuzdyk_and_with_three_players() {
    let toguz = RuleSet {
        grand_slam: GrandSlam::LeaveFirst,
        ..Preset::ToguzKumalak.rules()
    };
    assert!(matches!(
        toguz.validate(),
        Err(RuleError::InvalidValue {
            reason: InvalidReason::TuzdykGrandSlam,
            ..
        })
    ));
    let three = RuleSet {
        players: 3,
        grand_slam: GrandSlam::LeaveFirst,
        ..Preset::Kalah.rules()
    };
    assert!(matches!(
        three.validate(),
        Err(RuleError::TwoPlayerRule {
            field: "grand_slam",
            ..
        })
    ));
}

#[test]
fn capture_side_any_lets_a_last_seed_on_the_opponents_side_take_the_movers_house() {
    // h6's 3 seeds go to o1, o2 and o3, which was empty: o3 faces h4 (4).
    let start = "1,1,1,4,0,3:14 2,2,0,2,2,2:14 to=0 ply=4";
    // Kalah (capture_side = opponent): a last seed on the opponent's side
    // never captures.
    let kalah = spec("kalah,stores_sown=none,extra_turn=none");
    let mut pos = at(&kalah, start);
    assert_eq!(play(&mut pos, 6).captured, 0);
    assert_eq!(pos.to_string(), "1,1,1,4,0,0:14 3,3,1,2,2,2:14 to=1 ply=5");
    // capture_side = any: the mover's own h4 is taken, with the last seed.
    let any = spec("kalah,stores_sown=none,extra_turn=none,capture_side=any");
    let mut pos = at(&any, start);
    let effect = play(&mut pos, 6);
    assert_eq!(effect.captured, 5);
    assert_eq!(pos.to_string(), "1,1,1,0,0,0:19 3,3,0,2,2,2:14 to=1 ply=5");
    let mut taken: Vec<Cup> = effect.captured_cups().collect();
    taken.sort_by_key(|c| format!("{c:?}"));
    assert_eq!(taken.len(), 2);
    // With capture_leaves_seed the last seed stays in o3: 4 taken.
    let leave =
        spec("kalah,stores_sown=none,extra_turn=none,capture_side=any,capture_leaves_seed=true");
    let mut pos = at(&leave, start);
    assert_eq!(play(&mut pos, 6).captured, 4);
    assert_eq!(pos.to_string(), "1,1,1,0,0,0:18 3,3,1,2,2,2:14 to=1 ply=5");
    // An empty house across: nothing.
    let mut pos = at(&any, "1,1,1,0,4,3:14 2,2,0,2,2,2:14 to=0 ply=4");
    assert_eq!(play(&mut pos, 6).captured, 0);
    // Under any the mover's own side still captures as in Kalah: h2's 2
    // seeds end in h4 (empty), across from o3 (5): 6 taken.
    let mut pos = at(&any, "0,2,0,0,0,0:18 1,1,5,1,1,1:18 to=0 ply=4");
    assert_eq!(play(&mut pos, 2).captured, 6);
    assert_eq!(pos.to_string(), "0,0,1,0,0,0:24 1,1,0,1,1,1:18 to=1 ply=5");
}

#[test]
fn capture_side_own_captures_only_from_the_opponents_side() {
    let own = spec("kalah,stores_sown=none,extra_turn=none,capture_side=own");
    // The landing on the mover's side (h4, across from o3's 5) takes
    // nothing.
    let mut pos = at(&own, "0,2,0,0,0,0:18 1,1,5,1,1,1:18 to=0 ply=4");
    assert_eq!(play(&mut pos, 2).captured, 0);
    assert_eq!(pos.to_string(), "0,0,1,1,0,0:18 1,1,5,1,1,1:18 to=1 ply=5");
    // The landing in o3 takes h4 and the last seed.
    let mut pos = at(&own, "1,1,1,4,0,3:14 2,2,0,2,2,2:14 to=0 ply=4");
    assert_eq!(play(&mut pos, 6).captured, 5);
    assert_eq!(pos.to_string(), "1,1,1,0,0,0:19 3,3,0,2,2,2:14 to=1 ply=5");
}

#[test]
fn an_opposite_capture_from_the_opponents_side_is_a_two_player_rule() {
    for side in ["any", "own"] {
        let err = RuleSet::from_spec(&format!("kalah,players=3,capture_side={side}")).unwrap_err();
        assert!(err.to_string().contains("capture_side"), "{err}");
        assert!(err.to_string().contains("two-player"), "{err}");
    }
    assert!(RuleSet::from_spec("kalah,players=3,capture_side=opponent_first").is_ok());
    assert!(RuleSet::from_spec("kalah,players=3,capture=count,capture_side=any").is_err());
}
