//! Several real `mancala serve` processes on one database (issue 32):
//! a room has one owner at a time, and an owner stopped (SIGSTOP) past
//! its lease loses the room to another instance and, once it runs again
//! (SIGCONT), never writes for it again; an owner sent SIGTERM hands its
//! rooms over at once and exits; players of one room on different
//! instances play a whole game (the other instance passes its socket on
//! to the owner); an instance killed (SIGKILL) mid-game leaves every game
//! to finish on the others, each record what was announced, also when
//! it is started again at once under its name, and its rooms are spread
//! over the survivors and loaded before their clients return; a rolling
//! restart of all three (SIGTERM, exit, started again) loses no game and
//! no move. "Play now" is one queue for all: two players queued on
//! different instances are seated together, also when the instance that
//! ran the queue is killed while one of them waits, and when it is
//! stopped (SIGSTOP): running again, it seats nobody (fenced). Every
//! instance counts the players of every instance's rooms.
//!
//! On the PostgreSQL that `MANCALA_TEST_POSTGRES` names
//! (`.ci/with-postgres cargo test -p mancala-cli --test instances`), in a
//! database of its own; without it, on one SQLite file that the three
//! processes share.

mod common;

use std::time::{Duration, Instant};

use common::{Client, Served, play};
use futures_util::StreamExt;
use mancala_ai::{Random, Strategy};
use mancala_core::{Game, RuleSet, Rules};
use serde_json::{Value, json};
use sqlx::{Connection, Executor};
use tokio_tungstenite::tungstenite::Message;

/// The lease of the servers under test: takeovers within seconds.
const LEASE: &str = "1500ms";

/// The longest a takeover may take (the target).
const TAKEOVER: Duration = Duration::from_secs(10);

/// A fresh database: its URL, and the folder of a SQLite file.
async fn database() -> (String, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let url = match std::env::var("MANCALA_TEST_POSTGRES") {
        Ok(admin) if !admin.is_empty() => {
            let name = format!(
                "mancala_instances_{:016x}",
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .unwrap()
                    .as_nanos() as u64
            );
            let mut connection = sqlx::PgConnection::connect(&admin).await.unwrap();
            connection
                .execute(format!("CREATE DATABASE {name}").as_str())
                .await
                .unwrap();
            connection.close().await.unwrap();
            let (base, _) = admin.rsplit_once('/').unwrap();
            format!("{base}/{name}")
        }
        _ => format!(
            "sqlite://{}?mode=rwc",
            dir.path().join("shared.db").display()
        ),
    };
    (url, dir)
}

/// `mancala serve` as instance `name` on `database`.
fn instance(database: &str, name: &str) -> Served {
    instance_leasing(database, name, LEASE)
}

/// `mancala serve` as instance `name` on `database` with `lease`.
fn instance_leasing(database: &str, name: &str, lease: &str) -> Served {
    let flags = [
        "--instance",
        name,
        "--lease",
        lease,
        "--silence-limit",
        "0s",
        "--analysis-workers",
        "0",
    ];
    Served::start(database, &flags)
}

/// The events of game `id` as the database holds them, in order.
async fn stored_events(database: &str, id: &str) -> Vec<String> {
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(database).await.unwrap();
    let events = sqlx::query_scalar("SELECT event FROM game_events WHERE game = $1 ORDER BY seq")
        .bind(id)
        .fetch_all(&pool)
        .await
        .unwrap();
    pool.close().await;
    events
}

/// The events of `game` as text.
fn events(game: &Game) -> Vec<String> {
    game.events().iter().map(ToString::to_string).collect()
}

/// The value of the sample `name` in `served`'s `GET /metrics`.
async fn metric(served: &Served, name: &str) -> f64 {
    let text = reqwest::get(format!("{}/metrics", served.url))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    text.lines()
        .find_map(|line| {
            let (key, value) = line.split_once(' ')?;
            (key == name).then(|| value.parse().unwrap())
        })
        .unwrap_or_else(|| panic!("no {name} in\n{text}"))
}

/// Joins room `code` on `served` as each of `people`, trying again while
/// the room is refused as held by another instance (`room_moved`), for
/// at most [`TAKEOVER`]; their clients and the room as the first saw it.
async fn join_when_free(
    served: &Served,
    code: &str,
    people: &[(String, String)],
) -> (Vec<Client>, Value) {
    let began = Instant::now();
    let mut clients = Vec::new();
    let mut first = None;
    for person in people {
        loop {
            match served.try_join(code, person).await {
                Ok((client, room)) => {
                    clients.push(client);
                    first.get_or_insert(room);
                    break;
                }
                Err(refusal) => {
                    assert!(refusal.contains("room_moved"), "{refusal}");
                    assert!(began.elapsed() < TAKEOVER, "no takeover in {TAKEOVER:?}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }
        }
    }
    (clients, first.unwrap())
}

/// Reads `client` to the end of its connection: it must be told
/// `room_moved` and hear nothing else (no `moved`, no `error` of
/// another kind).
async fn told_to_reconnect(client: &mut Client) {
    let mut told = false;
    loop {
        let frame = tokio::time::timeout(common::PATIENCE, client.ws.next())
            .await
            .expect("the connection ends in time");
        match frame {
            Some(Ok(Message::Text(text))) => {
                let message: Value = serde_json::from_str(&text).unwrap();
                assert_eq!(message["type"], "error", "{message}");
                assert_eq!(message["code"], "room_moved", "{message}");
                told = true;
            }
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
            Some(Ok(Message::Close(_)) | Err(_)) | None => break,
            Some(Ok(other)) => panic!("unexpected {other:?}"),
        }
    }
    assert!(told, "the client was not told to connect again");
}

#[tokio::test]
async fn a_stopped_owner_loses_its_room_and_never_writes_for_it_again() {
    let (database, _dir) = database().await;
    let a = instance(&database, "a");
    let b = instance(&database, "b");
    let c = instance(&database, "c");
    let mut game = kalah();
    let mut random = Random::new(32);

    // Ann and Bob play on A, which owns the room.
    let (people, code, mut on_a) = a.started_room("kalah").await;
    play(&mut on_a, &mut game, &mut random, 6).await;

    // A stops (its sockets stay open; the kernel keeps what they are
    // sent). Its players connect to B; the room is taken over once A's
    // lease has run out, by B or by C (the one its code goes to; B
    // passes the sockets on to C), with the game as A committed it.
    a.signal("STOP");
    let stopped = Instant::now();
    let (mut on_b, room) = join_when_free(&b, &code, &people).await;
    let took = stopped.elapsed();
    assert!(took < TAKEOVER, "took {took:?}");
    assert_eq!(room["game"]["events"], json!(events(&game)));
    let id = room["game"]["id"].as_str().unwrap().to_string();

    // The player to move sends A the next move, which nothing but the
    // fence refuses there (B has played nothing since: no key stops
    // it), and A runs again. A tells its clients to connect again, and
    // writes nothing.
    let seat = game.position().player_to_move();
    let m = random.choose(&game.position()).unwrap();
    on_a[seat]
        .send(json!({ "type": "move", "move": m.to_string() }))
        .await;
    a.signal("CONT");
    for client in &mut on_a {
        told_to_reconnect(client).await;
    }
    assert_eq!(stored_events(&database, &id).await, events(&game));
    // Each counted it: A lost a room, B or C took one over.
    assert_eq!(metric(&a, "mancala_rooms_lost_total").await, 1.0);
    assert_eq!(metric(&a, "mancala_room_takeovers_total").await, 0.0);
    let (owner, _) = owner_of(&database, &code).await;
    let (new_owner, other) = if owner == "b" { (&b, &c) } else { (&c, &b) };
    assert!(owner == "b" || owner == "c", "{owner}");
    assert_eq!(metric(new_owner, "mancala_room_takeovers_total").await, 1.0);
    assert_eq!(metric(other, "mancala_room_takeovers_total").await, 0.0);
    assert_eq!(metric(&b, "mancala_rooms_lost_total").await, 0.0);

    // The game goes on through B to its end; the record is what the new
    // owner announced.
    play(&mut on_b, &mut game, &mut random, usize::MAX).await;
    assert!(game.is_over());
    for client in &mut on_b {
        client.expect("over").await;
    }
    assert_eq!(stored_events(&database, &id).await, events(&game));

    // A, running again, does not take the room back while the new owner
    // holds it, nor does the other: a client there is served by it.
    for other in [&a, &c] {
        let (_, room) = other.join(&code, &people[1]).await;
        assert_eq!(room["game"]["events"], json!(events(&game)));
    }
    assert_eq!(stored_events(&database, &id).await, events(&game));
}

/// A client of a dead owner's room that reaches another instance is
/// served there once the owner's lease has run out, on its first
/// connection: that instance, finding the owner unreachable, waits for
/// the lease and takes the room over. (It used to refuse the client
/// with `room_moved` until a try after the lease's end: with the page's
/// growing delays between tries, up to 5 s after it.)
#[tokio::test]
async fn a_client_of_a_dead_owners_room_is_served_on_its_first_connection_when_the_lease_ends() {
    let (database, _dir) = database().await;
    let a = instance(&database, "a");
    let b = instance(&database, "b");
    let mut game = kalah();
    let mut random = Random::new(33);
    let (people, code, mut on_a) = a.started_room("kalah").await;
    play(&mut on_a, &mut game, &mut random, 4).await;

    a.kill();
    let killed = Instant::now();
    let (_on_b, room) = match b.try_join(&code, &people[0]).await {
        Ok(joined) => joined,
        Err(refusal) => panic!("refused: {refusal}"),
    };
    let took = killed.elapsed();
    assert!(took < TAKEOVER, "took {took:?}");
    assert_eq!(room["game"]["events"], json!(events(&game)));
    assert_eq!(metric(&b, "mancala_room_takeovers_total").await, 1.0);
}

#[tokio::test]
async fn an_owner_sent_sigterm_hands_its_rooms_over_at_once_and_exits() {
    let (database, _dir) = database().await;
    // A lease far longer than the test: only a lease given up lets
    // another instance take the room in time.
    let mut a = instance_leasing(&database, "a", "10m");
    let b = instance_leasing(&database, "b", "10m");
    let mut game = kalah();
    let mut random = Random::new(15);
    let (people, code, mut on_a) = a.started_room("kalah").await;
    play(&mut on_a, &mut game, &mut random, 5).await;

    // A is asked to stop: its clients are told to connect again, it
    // exits cleanly, and B takes the room at once.
    a.signal("TERM");
    for client in &mut on_a {
        told_to_reconnect(client).await;
    }
    assert_eq!(a.exit_within(Duration::from_secs(15)), Some(0));
    let handed = Instant::now();
    let (mut on_b, room) = join_when_free(&b, &code, &people).await;
    assert!(
        handed.elapsed() < Duration::from_secs(2),
        "{:?}",
        handed.elapsed()
    );
    assert_eq!(room["game"]["events"], json!(events(&game)));
    // A room given up is loaded, not taken over.
    assert_eq!(metric(&b, "mancala_room_loads_total").await, 1.0);
    assert_eq!(metric(&b, "mancala_room_takeovers_total").await, 0.0);
    let id = room["game"]["id"].as_str().unwrap().to_string();
    play(&mut on_b, &mut game, &mut random, usize::MAX).await;
    for client in &mut on_b {
        client.expect("over").await;
    }
    assert_eq!(stored_events(&database, &id).await, events(&game));
}

#[tokio::test]
async fn players_on_different_instances_play_a_whole_game() {
    let (database, _dir) = database().await;
    let a = instance(&database, "a");
    let b = instance(&database, "b");
    let c = instance(&database, "c");
    let mut game = kalah();
    let mut random = Random::new(7);
    let mut people = Vec::new();
    for name in ["Ann", "Bob", "Cy"] {
        let body = b.post("/api/players", json!({ "name": name }), None).await;
        let credential = |key: &str| body[key].as_str().unwrap().to_string();
        people.push((credential("id"), credential("secret")));
    }
    let room = c
        .post("/api/rooms", json!({ "rules": "kalah" }), Some(&people[0]))
        .await;
    let code = room["code"].as_str().unwrap().to_string();

    // Ann loads the room on A, which owns it from then on; Bob joins
    // through B, Cy watches through C: both are passed on to A.
    let mut clients = vec![a.join(&code, &people[0]).await.0];
    let (bob, room) = b.join(&code, &people[1]).await;
    assert_eq!(room["code"], code.as_str());
    clients.push(bob);
    let (mut cy, _) = c.join(&code, &people[2]).await;
    for seat in 0..2 {
        clients[seat]
            .send(json!({ "type": "sit", "seat": seat }))
            .await;
        // Every client hears of the seat taken (after the rooms that
        // told of the others joining).
        for client in &mut clients {
            while client.expect("room").await["seats"][seat]["player"] != people[seat].0.as_str() {}
        }
    }
    clients[0].send(json!({ "type": "start" })).await;
    for client in &mut clients {
        client.expect("started").await;
    }
    cy.expect("started").await;

    // Every move reaches every client, in order, each once: `play`
    // checks each `moved` (its number, the position) on both sides.
    // (Cy, client 2, is never to move.)
    clients.push(cy);
    play(&mut clients, &mut game, &mut random, usize::MAX).await;
    assert!(game.is_over());
    for client in &mut clients {
        client.expect("over").await;
    }
    let id = {
        let (_, room) = c.join(&code, &people[0]).await;
        assert_eq!(room["game"]["events"], json!(events(&game)));
        room["game"]["id"].as_str().unwrap().to_string()
    };
    assert_eq!(stored_events(&database, &id).await, events(&game));
}

/// A new game of Kalah.
fn kalah() -> Game {
    Game::new(Rules::new(&RuleSet::from_spec("kalah").unwrap()).unwrap())
}

/// A game in a room, as the test follows it.
struct Table {
    people: Vec<(String, String)>,
    code: String,
    clients: Vec<Client>,
    /// The instance (an index into the test's) each client is connected to.
    on: Vec<usize>,
    /// The instance that owns the room.
    owner: usize,
    /// The game as the moves announced (`moved`) made it.
    game: Game,
    random: Random,
}

impl Table {
    /// A room started on `served` (instance `at`, its owner), both
    /// players connected there, and `moves` played (moves of `seed`).
    async fn started(served: &Served, at: usize, seed: u64, moves: usize) -> Table {
        let (people, code, mut clients) = served.started_room("kalah").await;
        let mut game = kalah();
        let mut random = Random::new(seed);
        play(&mut clients, &mut game, &mut random, moves).await;
        Table {
            people,
            code,
            clients,
            on: vec![at; 2],
            owner: at,
            game,
            random,
        }
    }

    /// Connects the player of `seat` again, to `served` (instance `at`),
    /// in place of its client; the room as the new client saw it.
    async fn rejoin(&mut self, seat: usize, served: &Served, at: usize) -> Value {
        let person = std::slice::from_ref(&self.people[seat]);
        let (mut clients, room) = join_when_free(served, &self.code, person).await;
        self.clients[seat] = clients.pop().unwrap();
        self.on[seat] = at;
        room
    }

    /// Move `pending`, sent before its room moved, once the room is
    /// seen again as `room`: stored, the model takes it; absent (then no
    /// client may have been told of it), it is sent again and announced.
    /// Whether it was stored.
    async fn settle(&mut self, room: &Value, pending: mancala_core::Move, announced: bool) -> bool {
        let stored = &room["game"]["events"];
        let mut with = self.game.clone();
        with.play(pending).unwrap();
        if *stored == json!(events(&with)) {
            self.game = with;
            return true;
        }
        assert!(!announced, "the move announced was lost: {stored}");
        assert_eq!(*stored, json!(events(&self.game)));
        send_move(&mut self.clients, &mut self.game, pending).await;
        false
    }

    /// Plays the game to its end; every client is told it is over.
    async fn finish(&mut self) {
        play(
            &mut self.clients,
            &mut self.game,
            &mut self.random,
            usize::MAX,
        )
        .await;
        assert!(self.game.is_over());
        for client in &mut self.clients {
            client.expect("over").await;
        }
    }

    /// Checks, through a client of `served`, that the room shows the
    /// game as announced, and that the database holds it as its record.
    async fn assert_recorded(&self, served: &Served, database: &str) {
        let (_, room) = served.join(&self.code, &self.people[1]).await;
        assert_eq!(room["game"]["events"], json!(events(&self.game)));
        let id = room["game"]["id"].as_str().unwrap();
        assert_eq!(stored_events(database, id).await, events(&self.game));
    }
}

/// How a connection that its instance ended went.
struct Ending {
    /// Told `moved` (with the one number it could still hear of).
    moved: bool,
    /// Told `room_moved`.
    told: bool,
}

/// Reads `client` to the end of its connection (its instance stopped or
/// died, or its room moved): it may hear `moved` with number `seq`
/// alone, `room_moved`, and rooms, nothing else.
async fn heard_to_end(client: &mut Client, seq: usize) -> Ending {
    let mut ending = Ending {
        moved: false,
        told: false,
    };
    loop {
        let frame = tokio::time::timeout(common::PATIENCE, client.ws.next())
            .await
            .expect("the connection ends in time");
        match frame {
            Some(Ok(Message::Text(text))) => {
                let message: Value = serde_json::from_str(&text).unwrap();
                match message["type"].as_str() {
                    Some("moved") if message["seq"] == seq && !ending.moved => ending.moved = true,
                    Some("error") if message["code"] == "room_moved" => ending.told = true,
                    Some("room") => {}
                    _ => panic!("unexpected {message}"),
                }
            }
            Some(Ok(Message::Close(_)) | Err(_)) | None => return ending,
            Some(Ok(_)) => {}
        }
    }
}

/// Sends move `m` from the client of the seat to move and checks that
/// every client is told it; `game` then has it.
async fn send_move(clients: &mut [Client], game: &mut Game, m: mancala_core::Move) {
    let seat = game.position().player_to_move();
    game.play(m).unwrap();
    clients[seat]
        .send(json!({ "type": "move", "move": m.to_string() }))
        .await;
    for client in clients.iter_mut() {
        let moved = client.expect("moved").await;
        assert_eq!(moved["move"], m.to_string());
        assert_eq!(moved["seq"], game.events().len());
    }
}

#[tokio::test]
async fn an_instance_killed_mid_game_leaves_every_game_to_finish_on_the_others() {
    let (database, _dir) = database().await;
    let a = instance(&database, "a");
    let b = instance(&database, "b");
    let c = instance(&database, "c");
    // Two games on A, one on B, each a few moves in.
    let mut tables = Vec::new();
    for (served, at, seed) in [(&a, 0, 41), (&a, 0, 42), (&b, 1, 43)] {
        tables.push(Table::started(served, at, seed, 4).await);
    }

    // In A's second game a move is played, and the mover told of it
    // (`moved`): it must be in the record whatever happens next.
    {
        let table = &mut tables[1];
        let position = table.game.position();
        let seat = position.player_to_move();
        let m = table.random.choose(&position).unwrap();
        table.game.play(m).unwrap();
        table.clients[seat]
            .send(json!({ "type": "move", "move": m.to_string() }))
            .await;
        let moved = table.clients[seat].expect("moved").await;
        assert_eq!(moved["seq"], table.game.events().len());
    }
    // In its first, a move is sent to A, which is killed at once
    // (SIGKILL: no drain, no lease given up). The move may or may not
    // have been stored; if A told anyone of it, it was.
    let pending = {
        let table = &mut tables[0];
        let position = table.game.position();
        let m = table.random.choose(&position).unwrap();
        table.clients[position.player_to_move()]
            .send(json!({ "type": "move", "move": m.to_string() }))
            .await;
        m
    };
    a.kill();
    let seq = tables[0].game.events().len() + 1;
    let mut announced = false;
    for client in &mut tables[0].clients {
        announced |= heard_to_end(client, seq).await.moved;
    }

    // A's players connect to B and to C, which take A's rooms over once
    // its lease has run out, each game as A committed it.
    for (i, served, at) in [(0, &b, 1), (1, &c, 2)] {
        let table = &mut tables[i];
        let (clients, room) = join_when_free(served, &table.code, &table.people).await;
        table.clients = clients;
        let (owner, _) = owner_of(&database, &table.code).await;
        table.on = vec![at; 2];
        table.owner = NAMES.iter().position(|&n| n == owner).unwrap();
        if i == 0 {
            table.settle(&room, pending, announced).await;
        } else {
            let stored = &room["game"]["events"];
            assert_eq!(*stored, json!(events(&table.game)), "announced, then lost");
        }
    }
    // Each of A's two rooms taken over once, by B or by C (the one each
    // room goes to: the rooms of a dead instance are spread, whichever
    // instance their clients reach).
    let b_took = metric(&b, "mancala_room_takeovers_total").await;
    let c_took = metric(&c, "mancala_room_takeovers_total").await;
    assert_eq!(b_took + c_took, 2.0);

    // Every game goes on to its end, B's own undisturbed.
    for table in &mut tables {
        table.finish().await;
    }

    // A started again (on another port) takes none back: its clients
    // are passed on to the rooms' owners, and each record is what was
    // announced.
    let again = instance(&database, "a");
    for table in &tables {
        table.assert_recorded(&again, &database).await;
    }
    assert_eq!(metric(&again, "mancala_room_loads_total").await, 0.0);
}

/// The rooms of a killed instance are spread over the live ones and
/// loaded there as soon as their leases end, before any client comes
/// back: sixteen rooms on A, A SIGKILLed, and with no client connecting,
/// every room is soon owned by B or C, some by each (all by one, as
/// when the instance the clients reached took every room, has odds of
/// 2 in 2^16 with rooms spread at random). Each survivor counts as
/// takeovers the rooms the database says it owns, and each room is owned
/// by the survivor rendezvous hashing chooses (docs/scaling.md,
/// Takeover; worked out here apart from the server's code): none was
/// claimed by the other, as the late rule did when the chosen one was
/// slow. Then each room's
/// first player connects to B and its second to C (one of them passed
/// on to the room's owner), and every game is played to its end, its
/// record what was announced.
#[tokio::test]
async fn a_killed_instances_rooms_are_spread_over_the_survivors_before_their_clients_return() {
    let (database, _dir) = database().await;
    let a = instance(&database, "a");
    let b = instance(&database, "b");
    let c = instance(&database, "c");
    let mut tables = Vec::new();
    for seed in 0..16 {
        tables.push(Table::started(&a, 0, 100 + seed, 2).await);
    }

    a.kill();
    let killed = Instant::now();
    let owners = loop {
        let mut owners = Vec::new();
        for table in &tables {
            owners.push(owner_of(&database, &table.code).await.0);
        }
        if owners.iter().all(|o| o == "b" || o == "c") {
            break owners;
        }
        assert!(
            killed.elapsed() < TAKEOVER,
            "not all taken over in {TAKEOVER:?}: {owners:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let on = |name: &str| owners.iter().filter(|&o| o == name).count();
    assert!(on("b") > 0 && on("c") > 0, "{owners:?}");
    let took_b = metric(&b, "mancala_room_takeovers_total").await;
    let took_c = metric(&c, "mancala_room_takeovers_total").await;
    assert_eq!((took_b, took_c), (on("b") as f64, on("c") as f64));
    for (table, owner) in tables.iter().zip(&owners) {
        let chosen = if rendezvous(&table.code, "b") > rendezvous(&table.code, "c") {
            "b"
        } else {
            "c"
        };
        assert_eq!(owner, chosen, "room {}", table.code);
    }

    for (table, owner) in tables.iter_mut().zip(&owners) {
        let room = table.rejoin(0, &b, 1).await;
        assert_eq!(room["game"]["events"], json!(events(&table.game)));
        table.rejoin(1, &c, 2).await;
        table.owner = NAMES.iter().position(|n| n == owner).unwrap();
    }
    for table in &mut tables {
        table.finish().await;
    }
    for table in &tables {
        table.assert_recorded(&b, &database).await;
    }
    // No room moved again once taken over.
    for (table, owner) in tables.iter().zip(&owners) {
        assert_eq!(&owner_of(&database, &table.code).await.0, owner);
    }
}

/// The score of instance `name` for room `code` in the rendezvous
/// hashing of docs/scaling.md (Takeover): the first eight bytes of
/// SHA-256(code, a zero byte, name), big-endian.
fn rendezvous(code: &str, name: &str) -> u64 {
    use sha2::Digest;
    let digest = sha2::Sha256::new()
        .chain_update(code.as_bytes())
        .chain_update([0])
        .chain_update(name.as_bytes())
        .finalize();
    u64::from_be_bytes(digest[..8].try_into().unwrap())
}

/// The names of the rolling restart's instances.
const NAMES: [&str; 3] = ["a", "b", "c"];

/// Whether restarting instance `x` ends a connection of `table`'s
/// (its owner, or the instance a client is connected to).
fn touched(table: &Table, x: usize) -> bool {
    table.owner == x || table.on.contains(&x)
}

/// The seats of `table` whose connection the restart of `x` ends.
fn ended_seats(table: &Table, x: usize) -> Vec<usize> {
    (0..table.clients.len())
        .filter(|&seat| table.owner == x || table.on[seat] == x)
        .collect()
}

/// Sends the next move of `table`'s game just before instance `x` is
/// asked to stop, unless the mover is connected through `x` to another
/// owner (whether `x` passed it on before it closed, the clients that
/// stay would not know); the move sent.
async fn send_before_stop(table: &mut Table, x: usize) -> Option<mancala_core::Move> {
    if table.game.is_over() {
        return None;
    }
    let position = table.game.position();
    let seat = position.player_to_move();
    if table.owner != x && table.on[seat] == x {
        return None;
    }
    let m = table.random.choose(&position).unwrap();
    table.clients[seat]
        .send(json!({ "type": "move", "move": m.to_string() }))
        .await;
    Some(m)
}

/// Reads what `table`'s clients hear while instance `x` drains: a client
/// whose connection ends reads to its end (told `room_moved` if `x` owns
/// the room), any other is told `pending`; a game `x` does not touch
/// takes it and goes on meanwhile. Whether any client was told of it.
async fn hear_drain(table: &mut Table, x: usize, pending: Option<mancala_core::Move>) -> bool {
    let seq = table.game.events().len() + 1;
    let mut announced = false;
    for (seat, client) in table.clients.iter_mut().enumerate() {
        if table.owner == x || table.on[seat] == x {
            let ending = heard_to_end(client, seq).await;
            announced |= ending.moved;
            assert!(ending.told || table.owner != x, "not told room_moved");
        } else if let Some(m) = pending {
            let moved = client.expect("moved").await;
            assert_eq!(
                (&moved["move"], &moved["seq"]),
                (&json!(m.to_string()), &json!(seq))
            );
            announced = true;
        }
    }
    if !touched(table, x) {
        if let Some(m) = pending {
            table.game.play(m).unwrap();
        }
        play(&mut table.clients, &mut table.game, &mut table.random, 2).await;
    }
    announced
}

/// Connects the clients of `table` (its number `t`) that the restart of
/// `x` cut off to live instances (`x` started again among them), and
/// settles `pending`: stored if and only if it was `announced`.
async fn reconnect(
    table: &mut Table,
    t: usize,
    servers: &[Served],
    x: usize,
    (pending, announced): (Option<mancala_core::Move>, bool),
) {
    let seats = ended_seats(table, x);
    let Some(&first) = seats.first() else {
        return;
    };
    let mut room = None;
    for &seat in &seats {
        let at = (x + 1 + t + seat) % servers.len();
        room.get_or_insert(table.rejoin(seat, &servers[at], at).await);
    }
    if table.owner == x {
        // A room given up is loaded by the first instance asked for it.
        table.owner = table.on[first];
    }
    let room = room.unwrap();
    match pending {
        Some(m) => {
            let stored = table.settle(&room, m, announced).await;
            assert_eq!(stored, announced, "stored, never announced: {room}");
        }
        None => assert_eq!(room["game"]["events"], json!(events(&table.game))),
    }
}

/// Restarts instance `x` while the games go on: it is sent SIGTERM with
/// a move in flight in every game that can tell, drains (its clients
/// hear the end), exits with status 0 and starts again under its name on
/// another port; the clients cut off connect again to live instances.
async fn restart(servers: &mut [Served], x: usize, tables: &mut [Table], database: &str) {
    let mut pending = Vec::new();
    for table in tables.iter_mut() {
        pending.push(send_before_stop(table, x).await);
    }
    servers[x].signal("TERM");
    let mut announced = Vec::new();
    for (table, &m) in tables.iter_mut().zip(&pending) {
        announced.push(hear_drain(table, x, m).await);
    }
    assert_eq!(servers[x].exit_within(Duration::from_secs(15)), Some(0));
    servers[x] = instance(database, NAMES[x]);
    for (t, table) in tables.iter_mut().enumerate() {
        reconnect(table, t, servers, x, (pending[t], announced[t])).await;
    }
}

#[tokio::test]
async fn a_rolling_restart_of_every_instance_loses_no_game_and_no_move() {
    let (database, _dir) = database().await;
    let mut servers: Vec<Served> = NAMES.iter().map(|n| instance(&database, n)).collect();
    // Four games: one whole on A; the others' players on two instances
    // each (Bob's socket passed on to the owner).
    let mut tables = Vec::new();
    for (owner, bob, seed) in [(0, 0, 51), (1, 2, 52), (2, 0, 53), (0, 1, 54)] {
        let mut table = Table::started(&servers[owner], owner, seed, 0).await;
        if bob != owner {
            table.rejoin(1, &servers[bob], bob).await;
        }
        play(&mut table.clients, &mut table.game, &mut table.random, 4).await;
        tables.push(table);
    }

    // A, then B, then C restart, the games played on between them.
    // Every room was handed over: none was taken over after its lease
    // ran out (counted after each restart, while every instance that
    // loaded a room of the stopped one still runs).
    for x in 0..servers.len() {
        restart(&mut servers, x, &mut tables, &database).await;
        for served in &servers {
            assert_eq!(metric(served, "mancala_room_takeovers_total").await, 0.0);
        }
        for table in &mut tables {
            play(&mut table.clients, &mut table.game, &mut table.random, 2).await;
        }
    }

    // Every game finishes, its record what was announced.
    for table in &mut tables {
        table.finish().await;
        table.assert_recorded(&servers[0], &database).await;
    }
}

#[tokio::test]
async fn an_instance_killed_and_started_again_at_once_leaves_its_rooms_to_the_others() {
    let (database, _dir) = database().await;
    let a = instance(&database, "a");
    let b = instance(&database, "b");
    let mut table = Table::started(&a, 0, 61, 4).await;

    // A is killed and started again under its name before its lease
    // has run out: the new process runs none of the old one's rooms, so
    // it must not keep their leases alive. A's players, connecting to
    // B, are served there within the takeover time.
    a.kill();
    let _again = instance(&database, "a");
    let (clients, room) = join_when_free(&b, &table.code, &table.people).await;
    table.clients = clients;
    assert_eq!(room["game"]["events"], json!(events(&table.game)));
    table.finish().await;
    table.assert_recorded(&b, &database).await;
}

#[tokio::test]
async fn a_turn_handed_over_keeps_the_time_it_used() {
    let (database, _dir) = database().await;
    let mut a = instance_leasing(&database, "a", "10m");
    let b = instance_leasing(&database, "b", "10m");
    let body = json!({ "rules": "kalah", "turn_seconds": 30 });
    let (people, code, mut on_a) = a.started_room_with(body).await;
    let mut game = kalah();
    let mut random = Random::new(71);
    let began = Instant::now();
    play(&mut on_a, &mut game, &mut random, 1).await;

    // The next turn has run for at least USED (real time: the servers
    // are real processes) when A hands the room over to B.
    const USED: Duration = Duration::from_secs(2);
    tokio::time::sleep(USED).await;
    a.signal("TERM");
    for client in &mut on_a {
        told_to_reconnect(client).await;
    }
    assert_eq!(a.exit_within(Duration::from_secs(15)), Some(0));
    let (mut on_b, room) = join_when_free(&b, &code, &people).await;
    let at_most = began.elapsed();

    // B's clock of that turn has the rest: what it used on A is kept,
    // and it used at most the time since the move was sent.
    let clock = &room["game"]["clock"];
    assert_eq!(clock["seat"], game.position().player_to_move(), "{clock}");
    assert_eq!(clock["limit_ms"], 30_000, "{clock}");
    let remaining = Duration::from_millis(clock["remaining_ms"].as_u64().unwrap());
    let limit = Duration::from_secs(30);
    assert!(remaining <= limit - USED, "{clock}");
    assert!(remaining >= limit.saturating_sub(at_most), "{clock}");

    play(&mut on_b, &mut game, &mut random, usize::MAX).await;
    for client in &mut on_b {
        client.expect("over").await;
    }
    let id = room["game"]["id"].as_str().unwrap();
    assert_eq!(stored_events(&database, id).await, events(&game));
}

/// A TCP relay between one instance and the database, which the test
/// can cut (every connection dropped, every new one closed at once),
/// hold (nothing passes either way and nothing is closed, as when a
/// network drops packets: each side waits, and TCP has minutes before it
/// gives up) and restore (what was held then goes on, as TCP's
/// retransmissions would deliver it): a database cut off, or silent, for
/// that instance alone.
struct Relay {
    /// The port it listens on, on 127.0.0.1.
    port: u16,
    state: std::sync::Arc<(std::sync::Mutex<RelayState>, std::sync::Condvar)>,
}

/// What the relay's threads share.
#[derive(Default)]
struct RelayState {
    cut: bool,
    held: bool,
    /// Both ends of every connection relayed, to drop them at the cut.
    streams: Vec<std::net::TcpStream>,
}

impl Relay {
    /// Relays every connection to 127.0.0.1:`upstream`, on threads of
    /// its own (the test's runtime blocks at times, as in
    /// `Served::start`).
    fn to(upstream: u16) -> Relay {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let state = std::sync::Arc::new((
            std::sync::Mutex::new(RelayState::default()),
            std::sync::Condvar::new(),
        ));
        let shared = state.clone();
        std::thread::spawn(move || {
            for client in listener.incoming().flatten() {
                let mut state = shared.0.lock().unwrap();
                if state.cut {
                    // Dropped: the connection ends at once.
                    continue;
                }
                let Ok(server) = std::net::TcpStream::connect(("127.0.0.1", upstream)) else {
                    continue;
                };
                for (from, to) in [(&client, &server), (&server, &client)] {
                    let (from, to) = (from.try_clone().unwrap(), to.try_clone().unwrap());
                    let shared = shared.clone();
                    std::thread::spawn(move || copy_unless_held(from, to, &shared));
                }
                state.streams.extend([client, server]);
            }
        });
        Relay { port, state }
    }

    /// Cuts every connection, and refuses new ones until
    /// [`Relay::restore`].
    fn cut(&self) {
        let mut state = self.state.0.lock().unwrap();
        state.cut = true;
        for stream in state.streams.drain(..) {
            let _ = stream.shutdown(std::net::Shutdown::Both);
        }
        self.state.1.notify_all();
    }

    /// Holds every byte, of the connections open and of new ones, until
    /// [`Relay::restore`]; closes none.
    fn hold(&self) {
        self.state.0.lock().unwrap().held = true;
    }

    /// Relays again: new connections, and what was held.
    fn restore(&self) {
        let mut state = self.state.0.lock().unwrap();
        state.cut = false;
        state.held = false;
        self.state.1.notify_all();
    }
}

/// Copies `from` to `to` until either ends, each chunk read waiting
/// while the relay holds.
fn copy_unless_held(
    mut from: std::net::TcpStream,
    mut to: std::net::TcpStream,
    shared: &(std::sync::Mutex<RelayState>, std::sync::Condvar),
) {
    use std::io::{Read, Write};
    let mut chunk = vec![0; 64 * 1024];
    loop {
        let n = match from.read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        let mut state = shared.0.lock().unwrap();
        while state.held && !state.cut {
            state = shared.1.wait(state).unwrap();
        }
        drop(state);
        if to.write_all(&chunk[..n]).is_err() {
            break;
        }
    }
    let _ = from.shutdown(std::net::Shutdown::Both);
    let _ = to.shutdown(std::net::Shutdown::Both);
}

impl Drop for Relay {
    fn drop(&mut self) {
        self.cut();
    }
}

/// `url` (a `postgres://` URL) with host and port `127.0.0.1:port`; and
/// the port it had.
fn through(url: &str, port: u16) -> (String, u16) {
    let (scheme, rest) = url.split_once("://").unwrap();
    let (user, rest) = rest.split_once('@').unwrap();
    let (authority, path) = rest.split_once('/').unwrap();
    let (_, upstream) = authority.rsplit_once(':').unwrap();
    let url = format!("{scheme}://{user}@127.0.0.1:{port}/{path}");
    (url, upstream.parse().unwrap())
}

/// The instance holding room `code` and its epoch, as the database says.
async fn owner_of(database: &str, code: &str) -> (String, i64) {
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(database).await.unwrap();
    let owner = sqlx::query_as("SELECT instance, epoch FROM room_owners WHERE room = $1")
        .bind(code)
        .fetch_one(&pool)
        .await
        .unwrap();
    pool.close().await;
    owner
}

/// Waits until instance `holder`'s lease on room `code` has run out by
/// the database's record (and this machine's clock, the instances'
/// too), or another instance has claimed the room (the survivors' sweep
/// claims it as soon as the lease ends), for at most [`TAKEOVER`]: from
/// then on the other instances claim the room, or pass their sockets on
/// to the one that did, instead of passing them on to `holder`.
async fn lease_ended(database: &str, code: &str, holder: &str, since: Instant) {
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(database).await.unwrap();
    loop {
        let (instance, expires): (String, i64) =
            sqlx::query_as("SELECT instance, expires_at FROM room_owners WHERE room = $1")
                .bind(code)
                .fetch_one(&pool)
                .await
                .unwrap();
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis();
        if instance != holder || i128::from(expires) < now as i128 {
            break;
        }
        assert!(since.elapsed() < TAKEOVER, "the lease still runs");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    pool.close().await;
}

#[tokio::test]
async fn an_owner_cut_off_from_the_database_never_writes_again_for_a_room_it_lost() {
    let (database, _dir) = database().await;
    if !database.starts_with("postgres") {
        eprintln!("skipped: a database to cut off needs MANCALA_TEST_POSTGRES");
        return;
    }
    // A reaches the database through the relay alone.
    let (relayed, upstream) = through(&database, 0);
    let relay = Relay::to(upstream);
    let (relayed, _) = through(&relayed, relay.port);
    let a = instance(&relayed, "a");
    let b = instance(&database, "b");
    let c = instance(&database, "c");
    // Two games on A: in the first a move will be in flight when A is
    // cut off, the second is idle.
    let mut busy = Table::started(&a, 0, 81, 6).await;
    let mut idle = Table::started(&a, 0, 82, 5).await;
    let (_, epoch) = owner_of(&database, &busy.code).await;

    // A is cut off, and the player to move in the first game sends A a
    // move, which A cannot commit.
    relay.cut();
    let cut = Instant::now();
    let position = busy.game.position();
    let pending = busy.random.choose(&position).unwrap();
    busy.clients[position.player_to_move()]
        .send(json!({ "type": "move", "move": pending.to_string() }))
        .await;

    // While A is cut off, the clients of both games are told to connect
    // again (the move's commit failed, and A stops serving a room whose
    // lease it cannot renew), `room_moved` and nothing else: none is
    // told the move was played, nor `internal`. Then they connect to B
    // and C, which take the rooms over once A's lease has run out,
    // within the takeover time, each game as A committed it (without
    // the move in flight).
    for client in busy.clients.iter_mut().chain(&mut idle.clients) {
        told_to_reconnect(client).await;
    }
    // Each room goes to B or to C (spread by the room's code), whichever
    // instance its clients reach.
    let mut owners = Vec::new();
    for (table, served) in [(&mut busy, &b), (&mut idle, &c)] {
        // (Before A's lease has run out, B and C would pass the sockets
        // on to A, which cannot serve them.)
        lease_ended(&database, &table.code, "a", cut).await;
        let (clients, room) = join_when_free(served, &table.code, &table.people).await;
        let took = cut.elapsed();
        assert!(took < TAKEOVER, "took {took:?}");
        table.clients = clients;
        assert_eq!(room["game"]["events"], json!(events(&table.game)));
        let (owner, _) = owner_of(&database, &table.code).await;
        assert!(owner == "b" || owner == "c", "{owner}");
        owners.push(owner);
    }
    assert_eq!(owner_of(&database, &busy.code).await.1, epoch + 1);
    assert_eq!(metric(&a, "mancala_rooms_lost_total").await, 2.0);
    let b_took = metric(&b, "mancala_room_takeovers_total").await;
    let c_took = metric(&c, "mancala_room_takeovers_total").await;
    assert_eq!(b_took + c_took, 2.0);

    // A reaches the database again (and renews what it holds: nothing)
    // and writes nothing for the rooms it lost.
    relay.restore();
    let restored = Instant::now();
    while reqwest::get(format!("{}/readyz", a.url))
        .await
        .unwrap()
        .status()
        != 200
    {
        assert!(
            restored.elapsed() < TAKEOVER,
            "A never reached the database again"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    busy.assert_recorded(&b, &database).await;
    idle.assert_recorded(&c, &database).await;

    // Both games finish on their new owners, each record what was
    // announced; A passes its clients on to them and takes neither back.
    for table in [&mut busy, &mut idle] {
        table.finish().await;
        table.assert_recorded(&a, &database).await;
    }
    assert_eq!(
        owner_of(&database, &busy.code).await,
        (owners[0].clone(), epoch + 1)
    );
    assert_eq!(owner_of(&database, &idle.code).await.0, owners[1]);
    assert_eq!(metric(&a, "mancala_room_loads_total").await, 2.0);
}

/// The lease as a duration ([`LEASE`]).
fn lease() -> Duration {
    Duration::from_millis(LEASE.trim_end_matches("ms").parse().unwrap())
}

#[tokio::test]
async fn an_owner_whose_database_drops_packets_gives_its_rooms_up_in_time() {
    let (database, _dir) = database().await;
    if !database.starts_with("postgres") {
        eprintln!("skipped: a database to hold off needs MANCALA_TEST_POSTGRES");
        return;
    }
    // A reaches the database through the relay alone.
    let (relayed, upstream) = through(&database, 0);
    let relay = Relay::to(upstream);
    let (relayed, _) = through(&relayed, relay.port);
    let a = instance(&relayed, "a");
    let b = instance(&database, "b");
    let c = instance(&database, "c");
    let mut busy = Table::started(&a, 0, 91, 6).await;
    let mut idle = Table::started(&a, 0, 92, 5).await;
    let (_, epoch) = owner_of(&database, &busy.code).await;

    // A's database goes silent: nothing reaches it, nothing comes back,
    // no connection closes. The player to move in the first game sends
    // A a move, whose commit waits.
    relay.hold();
    let held = Instant::now();
    let position = busy.game.position();
    let pending = busy.random.choose(&position).unwrap();
    busy.clients[position.player_to_move()]
        .send(json!({ "type": "move", "move": pending.to_string() }))
        .await;

    // Every client of both games is told `room_moved` and nothing else
    // (none that the move was played, none `internal`), within about
    // the lease: A gives up the commit that waits once the lease cannot
    // be renewed.
    for client in busy.clients.iter_mut().chain(&mut idle.clients) {
        told_to_reconnect(client).await;
    }
    let told = held.elapsed();
    assert!(told < 3 * lease(), "told after {told:?}");

    // A client that connects to A itself meanwhile is refused within
    // seconds (A cannot load the room, nor check a hello), not after
    // sqlx's 30 s or TCP's minutes.
    let asked = Instant::now();
    let refusal = a.try_join(&idle.code, &idle.people[0]).await.err();
    let refusal = refusal.expect("A cannot serve the room");
    assert!(refusal.contains("room_moved"), "{refusal}");
    let took = asked.elapsed();
    assert!(took < 3 * lease(), "refused after {took:?}");

    // B and C take the rooms over within the takeover time, each game as
    // A committed it (without the move held).
    // Each room goes to B or to C (spread by the room's code), whichever
    // instance its clients reach.
    let mut owners = Vec::new();
    for (table, served) in [(&mut busy, &b), (&mut idle, &c)] {
        // (Before A's lease has run out, B and C would pass the sockets
        // on to A, which cannot serve them.)
        lease_ended(&database, &table.code, "a", held).await;
        let (clients, room) = join_when_free(served, &table.code, &table.people).await;
        let took = held.elapsed();
        assert!(took < TAKEOVER, "took {took:?}");
        table.clients = clients;
        assert_eq!(room["game"]["events"], json!(events(&table.game)));
        let (owner, _) = owner_of(&database, &table.code).await;
        assert!(owner == "b" || owner == "c", "{owner}");
        owners.push(owner);
    }
    assert_eq!(owner_of(&database, &busy.code).await.1, epoch + 1);
    assert_eq!(metric(&a, "mancala_rooms_lost_total").await, 2.0);

    // What A sent is delivered late (the move's insert, at the old
    // epoch, finds the room taken and writes nothing); A reaches the
    // database again, and writes nothing for the rooms it lost.
    relay.restore();
    let restored = Instant::now();
    while reqwest::get(format!("{}/readyz", a.url))
        .await
        .unwrap()
        .status()
        != 200
    {
        assert!(
            restored.elapsed() < TAKEOVER,
            "A never reached the database again"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    busy.assert_recorded(&b, &database).await;
    idle.assert_recorded(&c, &database).await;

    // Both games finish on their new owners, each record what was
    // announced.
    for table in [&mut busy, &mut idle] {
        table.finish().await;
        table.assert_recorded(&a, &database).await;
    }
    assert_eq!(
        owner_of(&database, &busy.code).await,
        (owners[0].clone(), epoch + 1)
    );
    assert_eq!(owner_of(&database, &idle.code).await.0, owners[1]);
}

/// Two new players on `served`: their `(id, secret)`s.
async fn two_players(served: &Served) -> Vec<(String, String)> {
    let mut people = Vec::new();
    for name in ["Ann", "Bob"] {
        let body = served
            .post("/api/players", json!({ "name": name }), None)
            .await;
        let credential = |key: &str| body[key].as_str().unwrap().to_string();
        people.push((credential("id"), credential("secret")));
    }
    people
}

/// A client of the queue on `served` as `(id, secret)`, past `welcome`
/// and the `queue` that follows it; `None` if the socket is refused or
/// closed before `welcome` (passed on to an owner that is gone).
async fn try_queue(served: &Served, (id, secret): &(String, String)) -> Option<Client> {
    use futures_util::SinkExt;
    let ws_url = served.url.replacen("http://", "ws://", 1);
    let Ok((ws, _)) = tokio_tungstenite::connect_async(format!("{ws_url}/ws/queue")).await else {
        return None;
    };
    let mut client = Client { ws };
    let hello = json!({ "type": "hello", "version": 1, "player": id, "secret": secret });
    client
        .ws
        .send(Message::Text(hello.to_string().into()))
        .await
        .ok()?;
    loop {
        let frame = tokio::time::timeout(common::PATIENCE, client.ws.next())
            .await
            .expect("a message or the close in time");
        match frame {
            Some(Ok(Message::Text(text))) => {
                let message: Value = serde_json::from_str(&text).unwrap();
                if message["type"] != "welcome" {
                    return None;
                }
                break;
            }
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
            _ => return None,
        }
    }
    client.expect("queue").await;
    Some(client)
}

/// As [`try_queue`], trying again every 100 ms for at most
/// [`TAKEOVER`] (the queue's owner gone, its lease not yet run out).
async fn queue_when_free(served: &Served, person: &(String, String)) -> Client {
    let began = Instant::now();
    loop {
        if let Some(client) = try_queue(served, person).await {
            return client;
        }
        assert!(began.elapsed() < TAKEOVER, "no queue in {TAKEOVER:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Joins the queue of two-player unrated Kalah.
async fn join_kalah(client: &mut Client) {
    let join = json!({ "type": "join", "game": "kalah", "players": 2, "rated": false });
    client.send(join).await;
}

/// The code of the room `client` is seated in by the queue (`matched`),
/// past the `queue` messages before it.
async fn matched(client: &mut Client) -> String {
    loop {
        let message = client.next_message().await;
        match message["type"].as_str() {
            Some("queue") => {}
            Some("matched") => {
                assert_eq!(message["computers"], 0, "{message}");
                return message["code"].as_str().unwrap().to_string();
            }
            _ => panic!("expected matched, got {message}"),
        }
    }
}

/// The name of the instance that holds the queue, as the database says.
async fn queue_owner(database: &str) -> String {
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(database).await.unwrap();
    let owner = sqlx::query_scalar("SELECT instance FROM queue_owner WHERE name = 'play-now'")
        .fetch_one(&pool)
        .await
        .unwrap();
    pool.close().await;
    owner
}

/// How many players wait for Kalah by `served`'s `GET
/// /api/queue/counts`.
async fn waiting_for_kalah(served: &Served) -> u64 {
    kalah_count(served, "waiting").await
}

/// Kalah's `key` (`waiting`, `playing`) in `served`'s `GET
/// /api/queue/counts`.
async fn kalah_count(served: &Served, key: &str) -> u64 {
    let counts: Value = reqwest::get(format!("{}/api/queue/counts", served.url))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let games = counts["games"].as_array().unwrap();
    let kalah = games.iter().find(|g| g["game"] == "kalah").unwrap();
    kalah[key].as_u64().unwrap()
}

/// Waits until every instance of `all` counts `n` persons playing Kalah,
/// for at most [`TAKEOVER`].
async fn all_count_playing(all: &[&Served], n: u64) {
    let began = Instant::now();
    for served in all {
        loop {
            let counted = kalah_count(served, "playing").await;
            if counted == n {
                break;
            }
            assert!(
                began.elapsed() < TAKEOVER,
                "{} counts {counted} playing Kalah, not {n}",
                served.url
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// Reads `client`, a queue's socket, to the end of its connection: it
/// must hear nothing but where it stands (`queue`), never `matched`.
async fn never_matched(client: &mut Client) {
    loop {
        let frame = tokio::time::timeout(common::PATIENCE, client.ws.next())
            .await
            .expect("the connection ends in time");
        match frame {
            Some(Ok(Message::Text(text))) => {
                let message: Value = serde_json::from_str(&text).unwrap();
                assert_eq!(message["type"], "queue", "{message}");
            }
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
            Some(Ok(Message::Close(_)) | Err(_)) | None => return,
            Some(Ok(other)) => panic!("unexpected {other:?}"),
        }
    }
}

/// The rooms `player` is seated in, and the games of each, as the
/// database holds them.
async fn rooms_and_games_of(database: &str, player: &str) -> Vec<(String, String)> {
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(database).await.unwrap();
    let rows = sqlx::query_as(
        "SELECT s.room, g.id FROM room_seats s JOIN games g ON g.room = s.room \
         WHERE s.player = $1 ORDER BY s.room, g.id",
    )
    .bind(player)
    .fetch_all(&pool)
    .await
    .unwrap();
    pool.close().await;
    rows
}

/// Seats `people` at room `code`, each through its instance of `on`,
/// ordered by seat as the room says; plays the game to its end.
async fn play_matched_game(on: [&Served; 2], code: &str, people: &[(String, String)]) {
    play_matched_game_as(on, code, people).await;
}

/// As [`play_matched_game`]; the game as announced.
async fn play_matched_game_as(on: [&Served; 2], code: &str, people: &[(String, String)]) -> Game {
    let mut by_seat: Vec<Option<Client>> = vec![None, None];
    for (served, person) in on.into_iter().zip(people) {
        let (client, room) = served.join(code, person).await;
        let seats = room["seats"].as_array().unwrap();
        let seat = (seats.iter())
            .position(|s| s["player"] == person.0.as_str())
            .unwrap_or_else(|| panic!("{} is not seated in {room}", person.0));
        by_seat[seat] = Some(client);
    }
    let mut clients: Vec<Client> = by_seat.into_iter().map(Option::unwrap).collect();
    let mut game = kalah();
    let mut random = Random::new(32);
    play(&mut clients, &mut game, &mut random, usize::MAX).await;
    assert!(game.is_over());
    for client in &mut clients {
        client.expect("over").await;
    }
    game
}

#[tokio::test]
async fn players_queued_on_different_instances_are_seated_together() {
    let (database, _dir) = database().await;
    let a = instance(&database, "a");
    let b = instance(&database, "b");
    let c = instance(&database, "c");
    let people = two_players(&a).await;

    // Ann queues on A, which takes the queue; C counts her (from what A
    // stores with every renewal of its lease, a third of it).
    let mut ann = try_queue(&a, &people[0]).await.expect("the queue on A");
    join_kalah(&mut ann).await;
    assert_eq!(ann.expect("queue").await["tickets"][0]["game"], "kalah");
    assert_eq!(queue_owner(&database).await, "a");
    let began = Instant::now();
    while waiting_for_kalah(&c).await != 1 {
        assert!(began.elapsed() < TAKEOVER, "C never counts Ann");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // Bob queues on B, which passes his socket on to A: both are seated
    // in one room, and play it through C and B.
    let mut bob = try_queue(&b, &people[1]).await.expect("the queue on B");
    join_kalah(&mut bob).await;
    let code = matched(&mut ann).await;
    assert_eq!(matched(&mut bob).await, code);
    play_matched_game([&c, &b], &code, &people).await;
}

#[tokio::test]
async fn a_player_waiting_when_the_queues_owner_dies_is_matched_on_another_instance() {
    let (database, _dir) = database().await;
    let a = instance(&database, "a");
    let b = instance(&database, "b");
    let c = instance(&database, "c");
    let people = two_players(&b).await;

    // Ann waits on A, which holds the queue, when A is killed: nobody
    // else holds it until A's lease runs out.
    let mut ann = try_queue(&a, &people[0]).await.expect("the queue on A");
    join_kalah(&mut ann).await;
    ann.expect("queue").await;
    assert_eq!(queue_owner(&database).await, "a");
    a.kill();
    let killed = Instant::now();

    // Her page connects again, to B, and joins again once B (or C) has
    // taken the queue over; Bob, new, queues on C. Both are seated in
    // one room.
    let mut ann = queue_when_free(&b, &people[0]).await;
    join_kalah(&mut ann).await;
    assert!(killed.elapsed() < TAKEOVER, "took {:?}", killed.elapsed());
    assert_ne!(queue_owner(&database).await, "a");
    let mut bob = queue_when_free(&c, &people[1]).await;
    join_kalah(&mut bob).await;
    let code = matched(&mut ann).await;
    assert_eq!(matched(&mut bob).await, code);
    play_matched_game([&b, &c], &code, &people).await;
}

#[tokio::test]
async fn every_instance_counts_the_players_of_every_instances_rooms() {
    let (database, _dir) = database().await;
    let a = instance(&database, "a");
    let b = instance(&database, "b");

    // Ann and Bob play Kalah in a room of A's: A counts them from its
    // rooms at once, B from what A stores with every renewal of its
    // leases (a third of the lease old at most).
    let (_, _, mut on_a) = a.started_room("kalah").await;
    assert_eq!(kalah_count(&a, "playing").await, 2);
    all_count_playing(&[&a, &b], 2).await;

    // Cy and Dan play Kalah on B: each instance counts the four, its
    // own rooms' once and the other's once.
    let (_, _, _on_b) = b.started_room("kalah").await;
    all_count_playing(&[&a, &b], 4).await;

    // The game on A ends: both count the two on B.
    let mut game = kalah();
    let mut random = Random::new(9);
    play(&mut on_a, &mut game, &mut random, usize::MAX).await;
    assert!(game.is_over());
    for client in &mut on_a {
        client.expect("over").await;
    }
    all_count_playing(&[&a, &b], 2).await;
    assert_eq!(kalah_count(&b, "playing").await, 2);

    // B killed: A counts its room no more once B's count is a lease
    // old.
    b.kill();
    all_count_playing(&[&a], 0).await;
}

#[tokio::test]
async fn a_stopped_queue_owner_seats_nobody_once_it_runs_again() {
    let (database, _dir) = database().await;
    let a = instance(&database, "a");
    let b = instance(&database, "b");
    let people = two_players(&b).await;

    // Ann waits on A, which holds the queue; Bob has a socket to A's
    // queue too, in no queue yet.
    let mut ann_on_a = try_queue(&a, &people[0]).await.expect("the queue on A");
    join_kalah(&mut ann_on_a).await;
    ann_on_a.expect("queue").await;
    let mut bob_on_a = try_queue(&a, &people[1]).await.expect("the queue on A");
    assert_eq!(queue_owner(&database).await, "a");

    // A stops. Bob joins Kalah on his socket to A: the kernel keeps the
    // message for A, which would seat him with Ann once it runs again.
    a.signal("STOP");
    let stopped = Instant::now();
    join_kalah(&mut bob_on_a).await;

    // Their pages connect again, to B, which takes the queue over once
    // A's lease has run out, and seats them in one room.
    let mut ann = queue_when_free(&b, &people[0]).await;
    assert!(stopped.elapsed() < TAKEOVER, "took {:?}", stopped.elapsed());
    assert_eq!(queue_owner(&database).await, "b");
    join_kalah(&mut ann).await;
    let mut bob = queue_when_free(&b, &people[1]).await;
    join_kalah(&mut bob).await;
    let code = matched(&mut ann).await;
    assert_eq!(matched(&mut bob).await, code);

    // A runs again and reads Bob's join, which makes a group with Ann in
    // its queue: the fence refuses A's room (B claimed the queue since),
    // and A seats nobody, tells neither of a match and closes both
    // sockets. Without the fence, A stores a second room for them and
    // both hear `matched` here.
    a.signal("CONT");
    never_matched(&mut bob_on_a).await;
    never_matched(&mut ann_on_a).await;
    assert_eq!(queue_owner(&database).await, "b");

    // Each is in one room, B's, with one game, played to its end through
    // A (running again, it passes the sockets on to B) and B; its record
    // is what was announced.
    let game = play_matched_game_as([&a, &b], &code, &people).await;
    for person in &people {
        let rooms = rooms_and_games_of(&database, &person.0).await;
        assert_eq!(rooms.len(), 1, "{rooms:?}");
        assert_eq!(rooms[0].0, code);
        assert_eq!(stored_events(&database, &rooms[0].1).await, events(&game));
    }
}
