//! A property test against one live server: attackers send random and
//! mutated messages into room A while room B plays a game. Every attack
//! gets an error (or, for an oversized frame, a closed connection), room
//! A stays as it was, the server keeps answering, and B's game ends as
//! `mancala-core` says.

mod common;

use std::cell::RefCell;

use common::{Client, Player, TestServer};
use mancala_ai::{Random, Strategy as _};
use mancala_core::{Game, Move, RuleSet, Rules};
use mancala_server::protocol::ClientMessage;
use proptest::prelude::*;
use proptest::test_runner::{Config as ProptestConfig, TestRunner};
use serde_json::{Map, Value, json};
use tokio_tungstenite::tungstenite::Message;

/// Stands for the id of room A's host in generated messages.
const VICTIM: &str = "$victim";

/// What an attacker sends.
#[derive(Clone, Debug)]
enum Attack {
    /// A text frame.
    Text(String),
    /// A binary frame.
    Binary(Vec<u8>),
    /// A text frame over the transport's 64 KiB cap.
    Oversized,
}

/// Who sends it.
#[derive(Clone, Copy, Debug)]
enum Attacker {
    /// A player with no seat in room A, connected and past `hello`.
    Stranger,
    /// Seat 1's player on a second connection: seated, not to move, not
    /// the host.
    Rival,
    /// The host on a second connection: seat 0, to move, sending
    /// anything but a legal move or a resignation.
    Mover,
    /// A new connection whose first message this is.
    Fresh,
}

/// Any JSON value, small.
fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_filter_map("finite", |f| serde_json::Number::from_f64(f)
            .map(Value::Number)),
        ".{0,24}".prop_map(Value::from),
        Just(Value::from(VICTIM)),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map("[a-z_]{1,8}", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// A message of the protocol, well formed.
fn valid_message() -> impl Strategy<Value = Value> {
    let moves = "[0-9]{1,3}|swap|-1| 3 |";
    prop_oneof![
        Just(json!({ "type": "sit" })),
        (0usize..6).prop_map(|seat| json!({ "type": "sit", "seat": seat })),
        Just(json!({ "type": "start" })),
        Just(json!({ "type": "resign" })),
        moves.prop_map(|m| json!({ "type": "move", "move": m })),
        (moves, 0usize..5).prop_map(|(m, seat)| json!({ "type": "move", "move": m, "seat": seat })),
        "[0-9a-f]{32}".prop_map(
            |secret| json!({ "type": "hello", "version": 1, "player": VICTIM, "secret": secret })
        ),
    ]
}

/// A change to a message's fields.
#[derive(Clone, Debug)]
enum Mutation {
    Set(String, Value),
    Remove(String),
}

fn field() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("type".to_string()),
        Just("seat".to_string()),
        Just("move".to_string()),
        Just("version".to_string()),
        Just("player".to_string()),
        Just("secret".to_string()),
        "[a-z]{1,8}",
    ]
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let extreme = prop_oneof![
        Just(json!(-1)),
        Just(json!(u64::MAX)),
        Just(json!(i64::MIN)),
        Just(json!(1e300)),
        Just(json!(4_294_967_296u64)),
        Just(json!("")),
    ];
    prop_oneof![
        (field(), json_value()).prop_map(|(k, v)| Mutation::Set(k, v)),
        (field(), extreme).prop_map(|(k, v)| Mutation::Set(k, v)),
        (field(), 100usize..6000).prop_map(|(k, n)| Mutation::Set(k, Value::from("x".repeat(n)))),
        field().prop_map(Mutation::Remove),
    ]
}

/// A valid message with some of its fields changed.
fn mutated_message() -> impl Strategy<Value = Value> {
    (valid_message(), prop::collection::vec(mutation(), 0..3)).prop_map(|(message, changes)| {
        let mut object: Map<String, Value> = message.as_object().cloned().unwrap_or_default();
        for change in changes {
            match change {
                Mutation::Set(k, v) => object.insert(k, v),
                Mutation::Remove(k) => object.remove(&k),
            };
        }
        Value::Object(object)
    })
}

fn attack() -> impl Strategy<Value = Attack> {
    prop_oneof![
        4 => mutated_message().prop_map(|m| Attack::Text(m.to_string())),
        1 => json_value().prop_map(|v| Attack::Text(v.to_string())),
        1 => ".{0,48}".prop_map(Attack::Text),
        1 => prop::collection::vec(any::<u8>(), 0..48).prop_map(Attack::Binary),
        1 => Just(Attack::Oversized),
    ]
}

fn attacker() -> impl Strategy<Value = Attacker> {
    prop_oneof![
        Just(Attacker::Stranger),
        Just(Attacker::Rival),
        Just(Attacker::Mover),
        Just(Attacker::Fresh)
    ]
}

/// A new game of Kalah.
fn kalah() -> Game {
    Game::new(Rules::new(&RuleSet::from_spec("kalah").unwrap()).unwrap())
}

/// Room A under attack: its players and what it looked like before.
struct Target {
    code: String,
    host: Player,
    rival: Player,
    stranger: Player,
    before: Value,
    /// Room A's game, not a move played.
    start: Game,
}

/// What must never change in a `room` message: who sits where, and the
/// game with its events, position and seat to move.
fn essentials(room: &Value) -> Value {
    json!({
        "host": room["host"],
        "rules": room["rules"],
        "seats": room["seats"],
        "events": room["game"]["events"],
        "position": room["game"]["position"],
        "to_move": room["game"]["to_move"],
    })
}

impl Target {
    async fn new(server: &TestServer) -> Target {
        let (code, mut clients, people) = server.seated_room("kalah", 2, false).await;
        clients[0].send(json!({ "type": "start" })).await;
        for c in &mut clients {
            c.expect("started").await;
        }
        let stranger = server.player("<script>alert(1)</script>").await;
        let mut target = Target {
            code,
            host: people[0].clone(),
            rival: people[1].clone(),
            stranger,
            before: Value::Null,
            start: kalah(),
        };
        target.before = target.snapshot(server).await;
        target
    }

    /// What a newcomer sees of the room now.
    async fn snapshot(&self, server: &TestServer) -> Value {
        let mut socket = server.socket(&self.code).await;
        let hello = json!({ "type": "hello", "version": 1, "player": self.stranger.id, "secret": self.stranger.secret });
        socket.send(hello).await;
        socket.expect("welcome").await;
        essentials(&socket.expect("room").await)
    }

    /// Whether a seated player may send `text` and change the game: a
    /// resignation, or a legal move from the seat to move (the host).
    fn is_a_right(&self, text: &str) -> bool {
        match serde_json::from_str(text) {
            Ok(ClientMessage::Resign) => true,
            Ok(ClientMessage::Move {
                mv,
                seat: None | Some(0),
            }) => mv
                .trim()
                .parse::<Move>()
                .is_ok_and(|m| self.start.legal_moves().contains(m)),
            _ => false,
        }
    }

    /// Sends `attack` as `attacker` and checks the answer.
    async fn attack(
        &self,
        server: &TestServer,
        clients: &mut [Client; 3],
        who: Attacker,
        attack: Attack,
    ) {
        let text = match &attack {
            Attack::Text(text) => Some(text.replace(VICTIM, &self.host.id)),
            _ => None,
        };
        if let (Attacker::Rival | Attacker::Mover, Some(text)) = (who, &text)
            && self.is_a_right(text)
        {
            return;
        }
        let mut fresh;
        let client = match who {
            Attacker::Stranger => &mut clients[0],
            Attacker::Rival => &mut clients[1],
            Attacker::Mover => &mut clients[2],
            Attacker::Fresh => {
                fresh = server.socket(&self.code).await;
                &mut fresh
            }
        };
        match (&attack, text) {
            (_, Some(text)) => client.send_text(text).await,
            (Attack::Binary(bytes), _) => {
                client
                    .send_frame(Message::Binary(bytes.clone().into()))
                    .await
            }
            _ => client.send_text("x".repeat(70_000)).await,
        }
        if let Attack::Oversized = attack {
            // The transport drops the connection; before `hello`, the
            // server may say why first.
            let mut answers = Vec::new();
            while let Some(answer) = client.next().await {
                // Other attackers coming and going change the spectators.
                if answer["type"] != "room" {
                    answers.push(answer);
                }
            }
            let said = |a: &Value| matches!(who, Attacker::Fresh) && a["type"] == "error";
            assert!(
                answers.len() <= 1 && answers.iter().all(said),
                "{who:?}: {answers:?}"
            );
        } else {
            let answer = client.expect_past_rooms("error").await;
            assert!(answer["code"].is_string(), "{answer}");
            if let Attacker::Fresh = who {
                assert!(client.next().await.is_none(), "a failed hello closes");
            }
        }
        if let Attack::Oversized = attack {
            let (index, player) = match who {
                Attacker::Stranger => (0, &self.stranger),
                Attacker::Rival => (1, &self.rival),
                Attacker::Mover => (2, &self.host),
                Attacker::Fresh => return,
            };
            clients[index] = server.join(&self.code, player).await;
        }
    }
}

/// Room B: a game played correctly, one move at a time.
struct Control {
    code: String,
    clients: Vec<Client>,
    game: Game,
    random: Random,
}

impl Control {
    async fn new(server: &TestServer) -> Control {
        let (code, mut clients, _) = server.seated_room("kalah", 2, false).await;
        clients[0].send(json!({ "type": "start" })).await;
        for c in &mut clients {
            c.expect("started").await;
        }
        Control {
            code,
            clients,
            game: kalah(),
            random: Random::new(7),
        }
    }

    /// Plays one move, if the game goes on; checks what every client hears.
    async fn step(&mut self) {
        if self.game.is_over() {
            return;
        }
        let m = self.random.choose(&self.game.position()).unwrap();
        let seat = common::send_move(&mut self.clients, &mut self.game, m).await;
        let expected = serde_json::to_value(self.game.position()).unwrap();
        for c in &mut self.clients {
            let moved = c.expect("moved").await;
            assert_eq!(moved["seat"], seat);
            assert_eq!(moved["move"], m.to_string());
            assert_eq!(moved["position"], expected);
        }
        if let Some(outcome) = self.game.outcome() {
            for c in &mut self.clients {
                let over = c.expect("over").await;
                assert_eq!(over["outcome"]["scores"], json!(outcome.scores()));
                assert_eq!(over["outcome"]["ranks"], json!(outcome.ranks()));
            }
        }
    }
}

/// One case: the attacks on A, while B plays a move; then A is as it was
/// and the server answers.
async fn case(
    server: &TestServer,
    target: &Target,
    control: &mut Control,
    attacks: Vec<(Attacker, Attack)>,
) {
    let mut clients = [
        server.join(&target.code, &target.stranger).await,
        server.join(&target.code, &target.rival).await,
        server.join(&target.code, &target.host).await,
    ];
    let attacks = async {
        for (who, attack) in attacks {
            target.attack(server, &mut clients, who, attack).await;
        }
    };
    tokio::join!(attacks, control.step());
    assert_eq!(
        target.snapshot(server).await,
        target.before,
        "room A changed"
    );
    let (status, _) = server.get("/api/leaderboard").await;
    assert_eq!(status, 200);
    let health = reqwest::get(format!("http://{}/healthz", server.addr))
        .await
        .unwrap();
    assert_eq!(health.status(), 200);
}

#[test]
fn attackers_change_nothing_and_other_rooms_play_on() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let server = runtime.block_on(common::start());
    let target = runtime.block_on(Target::new(&server));
    let control = RefCell::new(runtime.block_on(Control::new(&server)));

    let config = ProptestConfig {
        cases: 40,
        failure_persistence: None,
        // A failed case leaves room B mid-move: shrinking would only
        // report that.
        max_shrink_iters: 0,
        ..ProptestConfig::default()
    };
    let strategy = prop::collection::vec((attacker(), attack()), 1..10);
    TestRunner::new(config)
        .run(&strategy, |attacks| {
            let mut control = control.borrow_mut();
            runtime.block_on(case(&server, &target, &mut control, attacks));
            Ok(())
        })
        .unwrap();

    let mut control = control.into_inner();
    runtime.block_on(async {
        while !control.game.is_over() {
            control.step().await;
        }
        let events: Vec<String> = control
            .game
            .events()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(server.stored_events(&control.code).await, events);
        assert_eq!(
            server.stored_events(&target.code).await,
            Vec::<String>::new()
        );
    });
}
