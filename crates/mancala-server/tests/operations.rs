//! What operators read: `GET /metrics` counts what happened, `GET /readyz`
//! says the database answers.

mod common;

use serde_json::json;

/// The value of the sample named `name` (a whole line's first word) in a
/// Prometheus text answer.
fn sample(text: &str, name: &str) -> f64 {
    text.lines()
        .find_map(|line| {
            let (key, value) = line.split_once(' ')?;
            (key == name).then(|| value.parse().unwrap())
        })
        .unwrap_or_else(|| panic!("no {name} in\n{text}"))
}

async fn metrics(server: &common::TestServer) -> String {
    let answer = reqwest::get(format!("http://{}/metrics", server.addr))
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
    let kind = answer.headers()["content-type"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(kind.starts_with("text/plain; version=0.0.4"), "{kind}");
    answer.text().await.unwrap()
}

#[tokio::test]
async fn metrics_count_sockets_rooms_moves_and_commits() {
    let server = common::start().await;
    let before = metrics(&server).await;
    assert_eq!(sample(&before, "mancala_moves_total"), 0.0);
    assert_eq!(sample(&before, "mancala_sockets"), 0.0);
    assert_eq!(sample(&before, "mancala_rooms"), 0.0);
    assert_eq!(sample(&before, QUEUED), 0.0);
    assert_eq!(sample(&before, RUNNING), 0.0);

    let (_code, mut clients, _) = server.seated_room("kalah", 2, false).await;
    clients[0].send(json!({ "type": "start" })).await;
    for c in &mut clients {
        c.expect("started").await;
    }
    // Kalah: house 3 of six with four seeds ends in the store, an extra
    // turn (docs/rules.md); then house 1.
    for mv in ["3", "1"] {
        clients[0].send(json!({ "type": "move", "move": mv })).await;
        for c in &mut clients {
            assert_eq!(c.expect_past_rooms("moved").await["move"], mv);
        }
    }
    let during = metrics(&server).await;
    assert_eq!(sample(&during, "mancala_moves_total"), 2.0);
    assert_eq!(sample(&during, "mancala_sockets"), 2.0);
    assert_eq!(sample(&during, "mancala_rooms"), 1.0);
    assert_eq!(sample(&during, "mancala_room_loads_total"), 1.0);
    assert_eq!(sample(&during, "mancala_games_finished_total"), 0.0);
    assert_eq!(sample(&during, "mancala_commit_seconds_count"), 2.0);
    assert!(sample(&during, "mancala_commit_seconds_sum") > 0.0);

    clients[1].send(json!({ "type": "resign" })).await;
    for c in &mut clients {
        c.expect_past_rooms("resigned").await;
        c.expect("over").await;
    }
    drop(clients);
    let after = metrics(&server).await;
    assert_eq!(sample(&after, "mancala_games_finished_total"), 1.0);
    assert_eq!(sample(&after, "mancala_commit_seconds_count"), 3.0);
    // The finished game's review is queued, and stays so: the test
    // servers run no analysis worker.
    assert_eq!(sample(&after, QUEUED), 1.0);
    assert_eq!(sample(&after, RUNNING), 0.0);
    // One instance alone: no room changed hands.
    for name in [
        "mancala_room_takeovers_total",
        "mancala_rooms_lost_total",
        "mancala_rooms_handed_over_total",
    ] {
        assert_eq!(sample(&after, name), 0.0, "{name}");
    }
}

const QUEUED: &str = "mancala_analysis_jobs{status=\"queued\"}";
const RUNNING: &str = "mancala_analysis_jobs{status=\"running\"}";

/// Players waiting for `game` in the queue, as `/metrics` says.
async fn waiting(server: &common::TestServer, game: &str) -> f64 {
    let text = metrics(server).await;
    sample(&text, &format!("mancala_queue_waiting{{game=\"{game}\"}}"))
}

/// A queue connection of `player`, past `welcome` and its first `queue`.
async fn queue_client(server: &common::TestServer, player: &common::Player) -> common::Client {
    let mut client = server.socket_at("/ws/queue").await;
    let hello =
        json!({ "type": "hello", "version": 1, "player": player.id, "secret": player.secret });
    client.send(hello).await;
    client.expect("welcome").await;
    client.expect("queue").await;
    client
}

#[tokio::test]
async fn metrics_count_the_players_waiting_in_the_queue_by_game() {
    let server = common::start().await;
    let ann = server.player("Ann").await;
    let mut client = queue_client(&server, &ann).await;
    assert_eq!(waiting(&server, "kalah").await, 0.0);
    assert_eq!(waiting(&server, "house").await, 0.0);

    // Ann waits in two queues of Kalah: one player waiting for Kalah.
    let two = json!({ "type": "join", "game": "kalah", "players": 2, "rated": false });
    let rated = json!({ "type": "join", "game": "kalah", "players": 2, "rated": true });
    for join in [&two, &rated] {
        client.send(join.clone()).await;
        client.expect("queue").await;
    }
    assert_eq!(waiting(&server, "kalah").await, 1.0);
    assert_eq!(waiting(&server, "oware").await, 0.0);

    // She leaves one: still waiting; then the other: nobody waits.
    for (join, still) in [(rated, 1.0), (two, 0.0)] {
        let mut leave = join;
        leave["type"] = json!("leave");
        client.send(leave).await;
        client.expect("queue").await;
        assert_eq!(waiting(&server, "kalah").await, still);
    }
}

#[tokio::test]
async fn readyz_answers_when_the_database_does() {
    let server = common::start().await;
    let answer = reqwest::get(format!("http://{}/readyz", server.addr))
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
    assert_eq!(answer.text().await.unwrap(), "ready\n");
}

/// A server whose limits are `limits`.
async fn limited(limits: mancala_server::Limits) -> common::TestServer {
    let database = common::database().await;
    // The tests' clients are on this machine: limit them as others.
    let config = mancala_server::Config {
        limits: mancala_server::Limits {
            limit_loopback: true,
            ..limits
        },
        ..common::quiet()
    };
    common::start_owning(database, config).await
}

/// `POST /api/players` with `X-Forwarded-For: forwarded`, if any.
async fn new_player(server: &common::TestServer, forwarded: Option<&str>) -> reqwest::Response {
    let mut request = reqwest::Client::new()
        .post(format!("http://{}/api/players", server.addr))
        .json(&json!({}));
    if let Some(forwarded) = forwarded {
        request = request.header("X-Forwarded-For", forwarded);
    }
    request.send().await.unwrap()
}

#[tokio::test(start_paused = true)]
async fn an_address_creates_its_minutes_worth_of_players_then_waits() {
    common::frozen(async {
        let server = limited(mancala_server::Limits {
            creations_per_minute: 2,
            ..Default::default()
        })
        .await;
        for _ in 0..2 {
            assert_eq!(new_player(&server, None).await.status(), 200);
        }
        // Without a proxy header configured, a client's own header is
        // ignored: it cannot pose as another address.
        let refused = new_player(&server, Some("203.0.113.9")).await;
        assert_eq!(refused.status(), 429);
        // Two a minute: one more every 30 s.
        assert_eq!(refused.headers()["retry-after"], "30");
        let body: serde_json::Value = refused.json().await.unwrap();
        assert_eq!(body["error"], "too_many_requests");
        assert_eq!(body["args"]["retry_after"], 30);
        assert_eq!(body["args"]["per_minute"], 2);

        tokio::time::advance(std::time::Duration::from_secs(30)).await;
        assert_eq!(new_player(&server, None).await.status(), 200);
        assert_eq!(new_player(&server, None).await.status(), 429);
    })
    .await;
}

#[tokio::test]
async fn behind_a_proxy_the_last_forwarded_address_is_the_clients() {
    let server = limited(mancala_server::Limits {
        creations_per_minute: 1,
        client_ip_header: Some("X-Forwarded-For".parse().unwrap()),
        ..Default::default()
    })
    .await;
    assert_eq!(
        new_player(&server, Some("198.51.100.1")).await.status(),
        200
    );
    assert_eq!(
        new_player(&server, Some("198.51.100.1")).await.status(),
        429
    );
    // The proxy appends the address it saw: what the client wrote before
    // it does not count.
    let spoofed = "198.51.100.2, 198.51.100.1";
    assert_eq!(new_player(&server, Some(spoofed)).await.status(), 429);
    assert_eq!(
        new_player(&server, Some("198.51.100.1, 198.51.100.3"))
            .await
            .status(),
        200
    );
}

/// The HTTP status of a refused WebSocket upgrade to room `code`, or
/// the open socket.
async fn upgrade(
    server: &common::TestServer,
    code: &str,
) -> Result<impl Sized, (u16, serde_json::Value)> {
    use tokio_tungstenite::tungstenite::Error;
    let url = format!("ws://{}/ws/rooms/{code}", server.addr);
    match tokio_tungstenite::connect_async(url).await {
        Ok((ws, _)) => Ok(ws),
        Err(Error::Http(response)) => {
            let body = response.body().as_deref().unwrap_or_default();
            Err((
                response.status().as_u16(),
                serde_json::from_slice(body).unwrap(),
            ))
        }
        Err(e) => panic!("{e}"),
    }
}

/// Tries to open a socket until the server has counted a closed one out
/// (the close reaches it a moment after the client drops its socket).
async fn upgrade_soon(server: &common::TestServer, code: &str) -> impl Sized {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        match upgrade(server, code).await {
            Ok(ws) => return ws,
            Err(refused) if std::time::Instant::now() > deadline => panic!("{refused:?}"),
            Err(_) => tokio::task::yield_now().await,
        }
    }
}

#[tokio::test]
async fn connections_are_capped_by_address_then_in_all() {
    let server = limited(mancala_server::Limits {
        max_connections_per_ip: 2,
        ..Default::default()
    })
    .await;
    let host = server.player("Host").await;
    let code = server.room(&host, "kalah").await;
    let first = upgrade(&server, &code).await.unwrap();
    let _second = upgrade(&server, &code).await.unwrap();
    let Err((status, body)) = upgrade(&server, &code).await else {
        panic!("a third connection from one address is refused")
    };
    assert_eq!(
        (status, &body["error"]),
        (429, &json!("too_many_connections"))
    );
    assert_eq!(body["args"]["max"], 2);
    drop(first);
    let _third = upgrade_soon(&server, &code).await;

    let server = limited(mancala_server::Limits {
        max_connections: 1,
        ..Default::default()
    })
    .await;
    let host = server.player("Host").await;
    let code = server.room(&host, "kalah").await;
    let _only = upgrade(&server, &code).await.unwrap();
    let Err((status, body)) = upgrade(&server, &code).await else {
        panic!("a full server refuses")
    };
    assert_eq!((status, &body["error"]), (503, &json!("server_full")));
}

#[tokio::test]
async fn this_machine_is_limited_only_in_all_by_default() {
    let database = common::database().await;
    let config = mancala_server::Config {
        limits: mancala_server::Limits {
            creations_per_minute: 1,
            max_connections_per_ip: 1,
            ..Default::default()
        },
        ..common::quiet()
    };
    let server = common::start_owning(database, config).await;
    for _ in 0..3 {
        assert_eq!(new_player(&server, None).await.status(), 200);
    }
    let host = server.player("Host").await;
    let code = server.room(&host, "kalah").await;
    let _first = upgrade(&server, &code).await.unwrap();
    let _second = upgrade(&server, &code).await.unwrap();
}
