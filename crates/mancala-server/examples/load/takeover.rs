//! `--expect-takeover`: the bots connect again as the page does when
//! their socket closes (an instance killed, `room_moved`), and each room
//! keeps a trace of its outages and of every event its bots were told,
//! for the report and the database check.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio_tungstenite::connect_async_with_config;
use tokio_tungstenite::tungstenite;

use super::{Counted, Ctx, Socket, bot_socket_config, expect, recv, send};

/// How long a bot tries to connect again before it counts an error.
const RECONNECT_PATIENCE: Duration = Duration::from_secs(120);

/// The page's delay before its next attempt after `failures` closed
/// sockets in a row (`room/connection.js`: 250 ms x 2^min(failures, 5),
/// at most 5 s; 500 ms after the first).
///
/// Checked against the page (`web/assets/room/connection.js`): the page
/// counts a failure at each `close` of its socket (a refused connection,
/// an HTTP 503 to the upgrade, or `room_moved` and the close after it),
/// waits `min(5000, 250 * 2 ** min(failures, 5))` ms from that close,
/// and counts from 0 again at `welcome`: 0.5, 1, 2, 4, 5, 5, ... s between
/// tries, so 0.5, 1.5, 3.5, 7.5, 12.5 s after the loss when every try
/// fails at once. A bot waits the same from the end of its failed try
/// (the `room_moved` message read, not the close after it: at most a
/// round trip sooner), counts from 0 again at the `room` message that
/// follows `welcome`, and is no faster. It differs in what the page
/// leaves to a load balancer (a refused connection goes to the next
/// instance), and in giving up: after 120 s of tries, or 60 s without
/// an answer to its `hello`, where the page waits on.
pub(crate) fn page_delay(failures: u32) -> Duration {
    Duration::from_millis((250u64 << failures.min(5)).min(5000))
}

/// Where a bot connects and who it is: what it needs to connect again.
pub(crate) struct Seat {
    /// Its seat in the room.
    pub(crate) seat: usize,
    /// The room's WebSocket path, `/ws/rooms/CODE`.
    pub(crate) path: String,
    /// The player's `id` and `secret`.
    pub(crate) player: Value,
    /// The server it connects to (an index, modulo their count).
    pub(crate) at: usize,
    /// Sockets closed in a row without a `welcome` (the page's count).
    pub(crate) failures: u32,
}

/// One outage of a room: from the first of its bots' sockets lost to
/// the room's next move.
pub(crate) struct Outage {
    /// When the first socket was lost.
    since: Instant,
    /// The room's last move before (its `moved` reaching a bot).
    before: Option<Instant>,
    /// The seats whose socket was lost in it, as bits.
    seats: u32,
    /// The room's next move (its `moved` reaching a bot).
    resumed: Option<Instant>,
    /// The game was over when a bot came back (its last move stored,
    /// never announced): the room had no next move to play.
    found_over: bool,
}

impl Outage {
    fn open(&self) -> bool {
        self.resumed.is_none() && !self.found_over
    }
}

/// What the bots of one room share under `--expect-takeover`.
#[derive(Default)]
pub(crate) struct Trace {
    /// The room's seats.
    pub(crate) players: usize,
    /// When the last `moved` reached any bot of the room.
    last_moved: Option<Instant>,
    /// The room's outages, the last one open until its next move.
    outages: Vec<Outage>,
    /// Per game, every event the bots were told, by its number (from 1):
    /// in `moved`, and in the `room` message after connecting again.
    pub(crate) told: BTreeMap<String, BTreeMap<usize, String>>,
    /// Events told two ways, or told to a bot and then missing from the
    /// room that bot was shown after connecting again.
    pub(crate) conflicts: Vec<String>,
    /// Per game and seat, the highest event number that seat's bot was
    /// told: what a `room` message it is shown later must hold.
    seen: BTreeMap<(String, usize), usize>,
    /// `room` messages shown to a bot without an event only another bot
    /// of the room had been told: not a fault (a bot's messages are
    /// read in the order its own socket brings them, but the two bots'
    /// in whatever order the load process gets to them; the move may
    /// have come after the `room` message was sent), counted apart.
    pub(crate) shown_before_others: usize,
    /// When the last of its bots was done (every game over).
    done: Option<Instant>,
}

impl Trace {
    /// The trace of a room of `players` seats.
    pub(crate) fn new(players: usize) -> Trace {
        Trace {
            players,
            ..Trace::default()
        }
    }

    /// The socket of `seat` was lost at `now`.
    pub(crate) fn cut(&mut self, seat: usize, now: Instant) {
        match self.outages.last_mut() {
            Some(outage) if outage.open() => outage.seats |= 1 << seat,
            _ => self.outages.push(Outage {
                since: now,
                before: self.last_moved,
                seats: 1 << seat,
                resumed: None,
                found_over: false,
            }),
        }
    }

    /// A `moved` reached a bot at `now`.
    pub(crate) fn moved(&mut self, now: Instant) {
        self.last_moved = Some(now);
        if let Some(outage) = self.outages.last_mut().filter(|o| o.open()) {
            outage.resumed = Some(now);
        }
    }

    /// A bot of the room is done (every game over) at `now`.
    pub(crate) fn done(&mut self, now: Instant) {
        self.done = Some(now);
    }

    /// A bot came back to a game already over.
    pub(crate) fn found_over(&mut self) {
        if let Some(outage) = self.outages.last_mut().filter(|o| o.open()) {
            outage.found_over = true;
        }
    }

    /// The bot of `seat` was told that event `seq` of `game` is `event`.
    pub(crate) fn tell(&mut self, game: &str, seat: usize, seq: usize, event: &str) {
        let seen = self.seen.entry((game.to_string(), seat)).or_default();
        *seen = (*seen).max(seq);
        let told = self.told.entry(game.to_string()).or_default();
        match told.get(&seq) {
            Some(was) if was != event => self.conflicts.push(format!(
                "game {game}: event {seq} told as {was:?} and as {event:?}"
            )),
            Some(_) => {}
            None => {
                told.insert(seq, event.to_string());
            }
        }
    }

    /// The bot of `seat`, connected again, was shown `game` with
    /// `events`: every event that bot was told before must be among
    /// them, at its number (a room behind what its own socket brought is
    /// a stale room); an event told only to another bot may be missing
    /// (see [`Trace::shown_before_others`]). Events shown are told.
    pub(crate) fn shown(&mut self, game: &str, seat: usize, events: &[String]) {
        let mine = self
            .seen
            .get(&(game.to_string(), seat))
            .copied()
            .unwrap_or(0);
        let mut others = false;
        let mut lost = Vec::new();
        for (seq, event) in self.told.get(game).into_iter().flatten() {
            if events.get(*seq - 1) == Some(event) {
                continue;
            }
            if *seq <= mine {
                lost.push(format!(
                    "game {game}: event {seq} ({event:?}) told to seat {seat}, then not in the room it was shown"
                ));
            } else if *seq > events.len() {
                others = true;
            } else {
                lost.push(format!(
                    "game {game}: event {seq} told as {event:?}, shown to seat {seat} as {:?}",
                    events[*seq - 1]
                ));
            }
        }
        self.conflicts.extend(lost);
        self.shown_before_others += usize::from(others);
        for (i, event) in events.iter().enumerate() {
            self.tell(game, seat, i + 1, event);
        }
    }
}

/// Connects `me` again as the page does: after the page's delay, `hello`,
/// `welcome` and `room`, trying again (the delay growing) while the
/// socket is refused or closes without `welcome`. A server that refuses
/// the connection itself (it is down) is passed over for the next, as a
/// load balancer does once its health check fails; one that answers
/// (HTTP 503, or `room_moved` instead of `welcome`: the room is still
/// leased to the dead owner) is tried again. What it met on the way is
/// counted in `ctx.seen`. The new socket and the `room` message.
pub(crate) async fn reconnect(ctx: &Ctx, me: &mut Seat) -> Result<(Socket, Value), String> {
    let began = Instant::now();
    loop {
        me.failures += 1;
        let delay = page_delay(me.failures);
        if began.elapsed() + delay > RECONNECT_PATIENCE {
            return Err(format!(
                "seat {} not connected again within {RECONNECT_PATIENCE:?}",
                me.seat
            ));
        }
        tokio::time::sleep(delay).await;
        ctx.attempts.fetch_add(1, Ordering::Relaxed);
        let url = format!("{}{}", ctx.base(me.at).replacen("http", "ws", 1), me.path);
        let mut ws = match connect_async_with_config(&url, Some(bot_socket_config()), false).await {
            Ok((ws, _)) => ws,
            Err(tungstenite::Error::Http(response)) => {
                ctx.saw(format!("HTTP {} to the upgrade", response.status()));
                continue;
            }
            Err(e) => {
                ctx.saw(format!("connect: {e}"));
                me.at += 1;
                continue;
            }
        };
        let hello = json!({ "type": "hello", "version": 1, "player": me.player["id"], "secret": me.player["secret"] });
        if let Err(e) = send(&mut ws, &hello).await {
            ctx.saw(e);
            continue;
        }
        match recv(&mut ws).await {
            Ok(m) if m["type"] == "welcome" => {}
            Ok(m) => {
                ctx.saw(format!("{} {} instead of welcome", m["type"], m["code"]));
                continue;
            }
            Err(e) => {
                ctx.saw(e);
                continue;
            }
        }
        match expect(&mut ws, "room").await {
            Ok(room) => {
                me.failures = 0;
                return Ok((ws, room));
            }
            Err(e) => ctx.saw(e),
        }
    }
}

/// The events of a `game` of a `room` message, as text.
pub(crate) fn events_of(game: &Value) -> Result<Vec<String>, String> {
    (game["events"].as_array().ok_or("a game without `events`")?)
        .iter()
        .map(|e| (e.as_str().map(str::to_string)).ok_or_else(|| format!("event {e} not text")))
        .collect()
}

/// Quantiles of durations, in seconds.
fn quantiles(mut times: Vec<Duration>) -> String {
    if times.is_empty() {
        return "none".to_string();
    }
    times.sort_unstable();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize].as_secs_f64();
    format!(
        "p50 {:.2} s, p99 {:.2} s, max {:.2} s ({} rooms)",
        at(0.5),
        at(0.99),
        at(1.0),
        times.len()
    )
}

/// Prints what the takeover did to the rooms: the outages of the rooms
/// that lost every socket (those of the instance killed) and of those
/// that lost some, the time from the kill (or the room's first socket
/// lost, without SIGUSR1) to the room's next move and the gap between
/// its moves before and after, the rooms that never moved again, what
/// the clients met while connecting again, and the takeovers the
/// instances counted. Whether all went well.
pub(crate) fn print(ctx: &Ctx, traces: &[Trace], takeovers: &[Counted]) -> bool {
    let killed = *ctx.killed.lock().unwrap();
    let play = *ctx.play.lock().unwrap();
    match (killed, play) {
        (Some(k), Some(p)) => println!(
            "takeover: SIGUSR1 (the kill) {:.1} s into play",
            k.duration_since(p).as_secs_f64()
        ),
        _ => println!("takeover: no SIGUSR1 (times from each room's first socket lost)"),
    }
    let untouched: Vec<&Trace> = traces.iter().filter(|t| t.outages.is_empty()).collect();
    let before_kill = (untouched.iter())
        .filter(|t| t.done.zip(killed).is_some_and(|(done, k)| done < k))
        .count();
    println!(
        "takeover: {} rooms lost no socket, {before_kill} of them done before the kill",
        untouched.len()
    );
    let mut ok = true;
    for every in [true, false] {
        let (mut from_kill, mut gaps, mut stuck, mut over, mut rooms) =
            (Vec::new(), Vec::new(), 0, 0, 0);
        for trace in traces {
            let all = (1u32 << trace.players) - 1;
            let outages = trace.outages.iter().filter(|o| (o.seats == all) == every);
            for outage in outages {
                rooms += 1;
                over += usize::from(outage.found_over);
                match outage.resumed {
                    Some(resumed) => {
                        let start = killed.map_or(outage.since, |k| k.min(outage.since));
                        from_kill.push(resumed.duration_since(start));
                        if let Some(before) = outage.before {
                            gaps.push(resumed.duration_since(before));
                        }
                    }
                    None => stuck += usize::from(!outage.found_over),
                }
            }
        }
        let what = if every {
            "rooms that lost every socket (their owner's)"
        } else {
            "rooms that lost some sockets"
        };
        println!(
            "takeover: {rooms} {what}: never moved again {stuck}, found over {over}\n  \
             kill -> next move: {}\n  last move before -> first after: {}",
            quantiles(from_kill),
            quantiles(gaps)
        );
        ok &= stuck == 0;
    }
    println!(
        "takeover: {} attempts to connect again",
        ctx.attempts.load(Ordering::Relaxed)
    );
    for (what, n) in ctx.seen.lock().unwrap().iter().take(12) {
        println!("  {n} x {what}");
    }
    // The dead instance's rooms are spread over the survivors
    // (docs/scaling.md, Takeover): how many each took, and its share.
    let total: f64 = takeovers.iter().filter_map(|(_, n)| *n).sum();
    let counted: Vec<String> = (takeovers.iter())
        .map(|(base, n)| match n {
            Some(n) if total > 0.0 => format!("{base} {n} ({:.0}%)", 100.0 * n / total),
            Some(n) => format!("{base} {n}"),
            None => format!("{base} not answering"),
        })
        .collect();
    println!(
        "takeover: rooms each instance took over (mancala_room_takeovers_total): {}",
        counted.join(", ")
    );
    let conflicts: Vec<&String> = traces.iter().flat_map(|t| &t.conflicts).collect();
    println!(
        "takeover: events told two ways or lost: {}",
        conflicts.len()
    );
    let before: usize = traces.iter().map(|t| t.shown_before_others).sum();
    println!(
        "takeover: rooms shown before a move only the other bot had heard of (not a fault): {before}"
    );
    for conflict in conflicts.iter().take(10) {
        println!("  {conflict}");
    }
    ok && conflicts.is_empty()
}

/// Every event each game's bots were told, over every room.
pub(crate) fn told(traces: &[Trace]) -> BTreeMap<String, BTreeMap<usize, String>> {
    let mut all = BTreeMap::new();
    for trace in traces {
        all.extend(trace.told.clone());
    }
    all
}

/// Hands a room's trace, its bots done, to `ctx` for the report.
pub(crate) fn keep(ctx: &Ctx, trace: Mutex<Trace>) {
    ctx.traces.lock().unwrap().push(trace.into_inner().unwrap());
}
