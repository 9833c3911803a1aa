use std::collections::BTreeMap;

use proptest::prelude::*;

use super::*;

fn pool(game: &str, players: u8, rated: bool) -> Pool {
    Pool {
        game: game.to_string(),
        players,
        rated,
    }
}

fn secs(s: f64) -> Duration {
    Duration::from_secs_f64(s)
}

/// The players of each group seated, in seat order.
fn seated(matches: &[Match]) -> Vec<Vec<&str>> {
    (matches.iter())
        .map(|m| m.tickets.iter().map(|t| t.player.as_str()).collect())
        .collect()
}

#[test]
fn the_range_widens_by_25_points_a_second_from_100() {
    assert_eq!(accepted_range(secs(0.0)), 100.0);
    assert_eq!(accepted_range(secs(20.0)), 600.0);
    assert_eq!(accepted_range(secs(60.0)), 1600.0);
}

#[test]
fn two_close_players_are_seated_at_once() {
    let mut m = Matchmaker::new();
    let kalah = pool("house", 2, true);
    m.join(kalah.clone(), "ann", 1500.0, secs(0.0));
    assert_eq!(m.tick(secs(0.0)).0, []);
    m.join(kalah.clone(), "bob", 1600.0, secs(1.0));
    let (matches, _) = m.tick(secs(1.0));
    assert_eq!(seated(&matches), [["ann", "bob"]]);
    assert_eq!(matches[0].pool, kalah);
    assert!(m.is_empty());
}

#[test]
fn distant_players_wait_until_the_wider_range_reaches_them() {
    // 300 points apart: Ann's range is 100 + 25 w, 300 at w = 8 s; Bob's
    // is narrower (he came later).
    let mut m = Matchmaker::new();
    let p = pool("oware", 2, false);
    m.join(p.clone(), "ann", 1500.0, secs(0.0));
    m.join(p.clone(), "bob", 1800.0, secs(2.0));
    assert_eq!(m.tick(secs(7.9)).0, []);
    assert_eq!(seated(&m.tick(secs(8.0)).0), [["ann", "bob"]]);
}

#[test]
fn the_longest_wait_goes_first_with_the_closest_rating() {
    let mut m = Matchmaker::new();
    let p = pool("house", 2, true);
    m.join(p.clone(), "cy", 1700.0, secs(0.0));
    m.join(p.clone(), "ann", 1500.0, secs(1.0));
    m.join(p.clone(), "bob", 1590.0, secs(1.0));
    m.join(p.clone(), "dee", 1690.0, secs(1.0));
    // Cy waited longest; Dee is closest to him. Ann and Bob then suit.
    let (matches, _) = m.tick(secs(1.0));
    assert_eq!(seated(&matches), [["cy", "dee"], ["ann", "bob"]]);
}

#[test]
fn a_group_of_three_needs_every_two_to_suit() {
    // 1500, 1600, 1700: the ends are 200 apart, within range after 4 s.
    let mut m = Matchmaker::new();
    let p = pool("house", 3, false);
    for (who, r) in [("ann", 1500.0), ("bob", 1600.0), ("cy", 1700.0)] {
        m.join(p.clone(), who, r, secs(0.0));
    }
    assert_eq!(m.tick(secs(3.9)).0, []);
    assert_eq!(seated(&m.tick(secs(4.0)).0), [["ann", "bob", "cy"]]);
}

#[test]
fn a_player_in_two_queues_is_seated_once_and_leaves_both() {
    let mut m = Matchmaker::new();
    let kalah = pool("house", 2, false);
    let oware = pool("oware", 2, false);
    m.join(kalah.clone(), "ann", 1500.0, secs(0.0));
    m.join(oware.clone(), "ann", 1500.0, secs(0.0));
    m.join(oware.clone(), "bob", 1500.0, secs(0.0));
    m.join(kalah.clone(), "cy", 1500.0, secs(0.0));
    // The pools in order ("house" first): Ann with Cy; Bob is left alone.
    let (matches, _) = m.tick(secs(0.0));
    assert_eq!(seated(&matches), [["ann", "cy"]]);
    assert!(m.tickets_of("ann").is_empty());
    assert_eq!(m.waiting(&oware).len(), 1);
    assert_eq!(m.waiting(&oware)[0].player, "bob");
}

#[test]
fn joining_again_keeps_the_ticket_and_its_wait() {
    let mut m = Matchmaker::new();
    let p = pool("house", 2, false);
    let first = m.join(p.clone(), "ann", 1500.0, secs(0.0));
    let again = m.join(p.clone(), "ann", 1700.0, secs(15.0));
    assert_eq!(first, again);
    assert_eq!(m.waiting(&p).len(), 1);
}

#[test]
fn a_disconnected_player_is_seated_with_nobody_and_dropped_after_the_grace() {
    let mut m = Matchmaker::new();
    let p = pool("house", 2, false);
    m.join(p.clone(), "ann", 1500.0, secs(0.0));
    m.disconnect("ann", secs(1.0));
    m.join(p.clone(), "bob", 1500.0, secs(2.0));
    assert_eq!(m.tick(secs(2.0)), (vec![], vec![]));
    // Back within the grace: she keeps her ticket, and is seated.
    m.reconnect("ann");
    let (matches, _) = m.tick(secs(3.0));
    assert_eq!(seated(&matches), [["ann", "bob"]]);

    m.join(p.clone(), "cy", 1500.0, secs(4.0));
    m.disconnect("cy", secs(5.0));
    assert_eq!(m.tick(secs(14.9)).1, Vec::<String>::new());
    assert_eq!(m.tick(secs(15.0)).1, ["cy"]);
    assert!(m.is_empty());
}

#[test]
fn leaving_one_queue_keeps_the_others() {
    let mut m = Matchmaker::new();
    let kalah = pool("house", 2, false);
    let oware = pool("oware", 2, true);
    m.join(kalah.clone(), "ann", 1500.0, secs(0.0));
    m.join(oware.clone(), "ann", 1500.0, secs(0.0));
    assert!(m.leave(&kalah, "ann"));
    assert!(!m.leave(&kalah, "ann"));
    assert_eq!(m.tickets_of("ann").len(), 1);
    assert_eq!(m.tickets_of("ann")[0].0, oware);
}

#[test]
fn the_computers_offer_seats_the_humans_waiting_in_the_pool_first() {
    let mut m = Matchmaker::new();
    let four = pool("house", 4, true);
    // Far apart: no group of them suits yet.
    m.join(four.clone(), "ann", 1500.0, secs(0.0));
    m.join(four.clone(), "bob", 2400.0, secs(1.0));
    m.join(four.clone(), "cy", 1000.0, secs(2.0));
    m.join(four.clone(), "dee", 1600.0, secs(3.0));
    m.join(pool("house", 3, true), "bob", 2400.0, secs(1.0));
    m.join(pool("oware", 4, true), "eve", 1500.0, secs(0.0));
    m.disconnect("dee", secs(4.0));
    assert_eq!(m.tick(secs(4.0)).0, []);
    // Ann accepts: Dee is away; Cy (500 away) before Bob (900 away);
    // three humans at most, one computer seat; in joining order.
    let seated_with = m.seat_with_computers(&four, "ann").unwrap();
    assert_eq!(
        seated(std::slice::from_ref(&seated_with)),
        [["ann", "bob", "cy"]]
    );
    assert_eq!(seated_with.pool, four);
    // Bob's other ticket went too; Dee still waits; Eve's pool is another.
    assert!(m.tickets_of("bob").is_empty());
    assert_eq!(m.waiting(&four).len(), 1);
    assert_eq!(m.waiting(&pool("oware", 4, true)).len(), 1);
    assert_eq!(m.seat_with_computers(&four, "ann"), None);

    // Two seats: the computer alone, even with someone else waiting.
    let two = pool("oware", 2, false);
    m.join(two.clone(), "fay", 1500.0, secs(5.0));
    m.join(two.clone(), "gus", 2500.0, secs(5.0));
    let alone = m.seat_with_computers(&two, "gus").unwrap();
    assert_eq!(seated(&[alone]), [["gus"]]);
    assert_eq!(m.waiting(&two).len(), 1);
}

/// One step of a run: who does what, or time passing.
#[derive(Clone, Debug)]
enum Op {
    Join { pool: usize, player: usize },
    Leave { pool: usize, player: usize },
    Disconnect { player: usize },
    Reconnect { player: usize },
    Computer { pool: usize, player: usize },
    Wait { millis: u64 },
}

const PLAYERS: usize = 9;

fn pools() -> Vec<Pool> {
    vec![
        pool("house", 2, false),
        pool("house", 2, true),
        pool("house", 3, false),
        pool("house", 4, true),
        pool("oware", 2, false),
    ]
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (0..5usize, 0..PLAYERS).prop_map(|(pool, player)| Op::Join { pool, player }),
        1 => (0..5usize, 0..PLAYERS).prop_map(|(pool, player)| Op::Leave { pool, player }),
        1 => (0..PLAYERS).prop_map(|player| Op::Disconnect { player }),
        1 => (0..PLAYERS).prop_map(|player| Op::Reconnect { player }),
        1 => (0..5usize, 0..PLAYERS).prop_map(|(pool, player)| Op::Computer { pool, player }),
        2 => (0..15_000u64).prop_map(|millis| Op::Wait { millis }),
    ]
}

/// Whether some group of `size` of `tickets` (rating, joined) suits at
/// `now`, by trying every group: the documented rule, written out again
/// (100 points, 25 more a second, the wider of two ranges).
fn a_group_suits(tickets: &[(f64, Duration)], size: usize, now: Duration) -> bool {
    let range = |since: Duration| 100.0 + 25.0 * (now - since).as_secs_f64();
    let pair =
        |a: (f64, Duration), b: (f64, Duration)| (a.0 - b.0).abs() <= range(a.1).max(range(b.1));
    let n = tickets.len();
    (0u32..1 << n).any(|mask| {
        let group: Vec<_> = (0..n).filter(|i| mask & (1 << i) != 0).collect();
        group.len() == size
            && group
                .iter()
                .all(|&i| group.iter().all(|&j| pair(tickets[i], tickets[j])))
    })
}

/// The queue name of the model's player `p`.
fn name(p: usize) -> String {
    format!("p{p}")
}

/// The checks on every group seated, by the queue or by the computer's
/// offer: each player in it once over `seen` (who was seated this step),
/// present (except `taker`, who took the offer), and waiting in `pool`
/// since the time the ticket says.
fn check_seated(
    tickets: &[Ticket],
    pool: usize,
    taker: Option<usize>,
    model: &BTreeMap<(usize, usize), Duration>,
    away: &BTreeMap<usize, Duration>,
    seen: &mut std::collections::HashSet<usize>,
) -> Result<(), TestCaseError> {
    for t in tickets {
        let p: usize = t.player[1..].parse().unwrap();
        prop_assert!(seen.insert(p), "{} seated twice", t.player);
        prop_assert!(
            Some(p) == taker || !away.contains_key(&p),
            "{} seated while away",
            t.player
        );
        prop_assert_eq!(model.get(&(pool, p)), Some(&t.since));
    }
    Ok(())
}

/// After each step: the matchmaker holds what the model holds, and
/// nobody is left waiting while a group of present players suits.
fn check_pools(
    m: &Matchmaker,
    pools: &[Pool],
    model: &BTreeMap<(usize, usize), Duration>,
    away: &BTreeMap<usize, Duration>,
    ratings: &[f64],
    now: Duration,
) -> Result<(), TestCaseError> {
    for (i, pool) in pools.iter().enumerate() {
        let mut held: Vec<(String, Duration)> = m
            .waiting(pool)
            .iter()
            .map(|t| (t.player.clone(), t.since))
            .collect();
        held.sort();
        let mut expected: Vec<(String, Duration)> = model
            .iter()
            .filter(|&(&(q, _), _)| q == i)
            .map(|(&(_, p), &since)| (name(p), since))
            .collect();
        expected.sort();
        prop_assert_eq!(held, expected);
        // Nobody left waiting while a group suits.
        let present: Vec<(f64, Duration)> = model
            .iter()
            .filter(|&(&(q, p), _)| q == i && !away.contains_key(&p))
            .map(|(&(_, p), &since)| (ratings[p], since))
            .collect();
        prop_assert!(
            !a_group_suits(&present, usize::from(pool.players), now),
            "a group of {:?} suits at {:?}: {:?}",
            pool,
            now,
            present
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Any order of joins, leaves, disconnections and waits: nobody is
    /// seated twice nor with a ticket they did not hold, every group
    /// fills its pool's seats exactly, seated players wait nowhere
    /// after, away players are seated with nobody and dropped after the
    /// grace, and no group that suits is left waiting. Taking the
    /// computer's offer seats the one who took it with as many of the
    /// others present in the pool as leave one seat to the computer.
    #[test]
    fn the_queue_keeps_its_promises(
        ratings in proptest::collection::vec(1200.0..1900.0f64, PLAYERS),
        ops in proptest::collection::vec(op(), 1..60),
    ) {
        let pools = pools();
        let mut m = Matchmaker::new();
        let mut now = Duration::ZERO;
        // The model: who waits where since when, and who is away since when.
        let mut model: BTreeMap<(usize, usize), Duration> = BTreeMap::new();
        let mut away: BTreeMap<usize, Duration> = BTreeMap::new();
        for op in ops {
            match op {
                Op::Join { pool, player } => {
                    m.join(pools[pool].clone(), &name(player), ratings[player], now);
                    model.entry((pool, player)).or_insert(now);
                    away.remove(&player);
                }
                Op::Leave { pool, player } => {
                    let was = model.remove(&(pool, player)).is_some();
                    prop_assert_eq!(m.leave(&pools[pool], &name(player)), was);
                    if !model.keys().any(|&(_, p)| p == player) {
                        away.remove(&player);
                    }
                }
                Op::Disconnect { player } => {
                    m.disconnect(&name(player), now);
                    if model.keys().any(|&(_, p)| p == player) {
                        away.entry(player).or_insert(now);
                    }
                }
                Op::Reconnect { player } => {
                    m.reconnect(&name(player));
                    away.remove(&player);
                }
                Op::Wait { millis } => now += Duration::from_millis(millis),
                Op::Computer { pool, player } => {
                    let got = m.seat_with_computers(&pools[pool], &name(player));
                    prop_assert_eq!(got.is_some(), model.contains_key(&(pool, player)));
                    if let Some(group) = got {
                        let seats = usize::from(pools[pool].players);
                        let others = model.keys()
                            .filter(|&&(q, p)| q == pool && p != player && !away.contains_key(&p))
                            .count();
                        prop_assert_eq!(group.tickets.len(), (others + 1).min(seats - 1).max(1));
                        prop_assert!(group.tickets.len() < seats, "no seat left to the computer");
                        let mut seen = std::collections::HashSet::new();
                        check_seated(&group.tickets, pool, Some(player), &model, &away, &mut seen)?;
                        prop_assert!(seen.contains(&player));
                        for &p in &seen {
                            model.retain(|&(_, q), _| q != p);
                            away.remove(&p);
                            prop_assert!(m.tickets_of(&name(p)).is_empty());
                        }
                    }
                }
            }
            let (matches, expired) = m.tick(now);
            // Dropped: exactly those away for 10 s or more.
            let due: Vec<usize> = away.iter()
                .filter(|&(_, &since)| now - since >= Duration::from_secs(10))
                .map(|(&p, _)| p).collect();
            let mut expired_ids: Vec<usize> = expired.iter()
                .map(|p| p[1..].parse().unwrap()).collect();
            expired_ids.sort();
            prop_assert_eq!(&expired_ids, &due);
            for p in due {
                away.remove(&p);
                model.retain(|&(_, q), _| q != p);
            }
            let mut seated_now = std::collections::HashSet::new();
            for group in &matches {
                let pool = pools.iter().position(|p| *p == group.pool).unwrap();
                prop_assert_eq!(group.tickets.len(), usize::from(group.pool.players));
                check_seated(&group.tickets, pool, None, &model, &away, &mut seated_now)?;
                for t in &group.tickets {
                    prop_assert_eq!(t.rating, ratings[t.player[1..].parse::<usize>().unwrap()]);
                }
            }
            for &p in &seated_now {
                model.retain(|&(_, q), _| q != p);
                prop_assert!(m.tickets_of(&name(p)).is_empty());
            }
            check_pools(&m, &pools, &model, &away, &ratings, now)?;
        }
    }
}
