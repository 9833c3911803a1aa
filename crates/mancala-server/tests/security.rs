//! What a hostile page or client meets: the WebSocket `Origin` check, the
//! security headers of every response, and the per-connection rate limit.

mod common;

use common::TestServer;
use mancala_server::Config;
use serde_json::{Value, json};
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Error as WsError;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// Opens a WebSocket to room `code` with `Origin: origin`; the HTTP
/// status of a refusal, or 101 once upgraded.
async fn upgrade_status(server: &TestServer, code: &str, origin: Option<&str>) -> u16 {
    let url = format!("ws://{}/ws/rooms/{code}", server.addr);
    let mut request = url.into_client_request().unwrap();
    if let Some(origin) = origin {
        request
            .headers_mut()
            .insert("origin", origin.parse().unwrap());
    }
    match connect_async(request).await {
        Ok((_, response)) => response.status().as_u16(),
        Err(WsError::Http(response)) => response.status().as_u16(),
        Err(other) => panic!("no HTTP answer: {other}"),
    }
}

#[tokio::test]
async fn a_page_of_another_site_cannot_open_a_websocket() {
    let server = common::start().await;
    let ann = server.player("Ann").await;
    let code = server.room(&ann, "kalah").await;
    let own = format!("http://{}", server.addr);

    assert_eq!(upgrade_status(&server, &code, None).await, 101, "a bot");
    assert_eq!(upgrade_status(&server, &code, Some(&own)).await, 101);
    for other in [
        "https://evil.example",
        "http://127.0.0.1:1",
        "null",
        "not an origin",
    ] {
        assert_eq!(
            upgrade_status(&server, &code, Some(other)).await,
            403,
            "{other}"
        );
    }
    let missing = "f".repeat(32);
    assert_eq!(
        upgrade_status(&server, &missing, Some("https://evil.example")).await,
        403,
        "refused before the room is looked up"
    );
}

#[tokio::test]
async fn allowed_origins_may_open_websockets() {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}?mode=rwc", dir.path().join("o.db").display());
    let config = Config {
        allowed_origins: vec!["https://Mancala.example/".to_string()],
        ..Config::default()
    };
    let server = common::start_with(database, config).await;
    let ann = server.player("Ann").await;
    let code = server.room(&ann, "kalah").await;

    let allowed = Some("https://mancala.example");
    assert_eq!(upgrade_status(&server, &code, allowed).await, 101);
    let other_port = Some("https://mancala.example:8443");
    assert_eq!(upgrade_status(&server, &code, other_port).await, 403);
    let other_scheme = Some("http://mancala.example");
    assert_eq!(upgrade_status(&server, &code, other_scheme).await, 403);
}

#[tokio::test]
async fn a_malformed_allowed_origin_is_refused_at_start() {
    let config = Config {
        addr: "127.0.0.1:0".to_string(),
        database: "sqlite::memory:".to_string(),
        allowed_origins: vec!["https://mancala.example/play".to_string()],
        ..Config::default()
    };
    let error = mancala_server::Server::bind(&config).await.unwrap_err();
    assert_eq!(error.code(), "bad_origin");
    assert!(error.to_string().contains("/play"), "{error}");
}

/// Checks the security headers of `response`.
fn assert_security_headers(response: &reqwest::Response) {
    let header = |name: &str| {
        let value = response.headers().get(name);
        let value = value.unwrap_or_else(|| panic!("{name} on {}", response.url()));
        value.to_str().unwrap().to_string()
    };
    let csp = header("content-security-policy");
    for directive in [
        "default-src 'self'",
        "script-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "frame-ancestors 'none'",
    ] {
        assert!(csp.contains(directive), "{directive} in {csp}");
    }
    assert!(!csp.contains("unsafe-inline"), "{csp}");
    assert!(!csp.contains("unsafe-eval"), "{csp}");
    assert_eq!(header("x-content-type-options"), "nosniff");
    assert_eq!(header("referrer-policy"), "no-referrer");
    assert_eq!(header("x-frame-options"), "DENY");
}

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let server = common::start().await;
    let base = format!("http://{}", server.addr);
    for path in ["/", "/healthz", "/api/leaderboard", "/api/nothing-here"] {
        let response = reqwest::get(format!("{base}{path}")).await.unwrap();
        assert_security_headers(&response);
    }
    let refused = server
        .post("/api/players", json!({ "name": "x".repeat(40) }), None)
        .await;
    assert_eq!(refused.status(), 400);
    assert_security_headers(&refused);
    let unauthorized = server
        .post("/api/rooms", json!({ "rules": "kalah" }), None)
        .await;
    assert_eq!(unauthorized.status(), 401);
    assert_security_headers(&unauthorized);
}

/// Reads the messages of `client` until the server closes it; the codes
/// of its errors, in order, and how many `moved` it saw.
async fn errors_until_closed(client: &mut common::Client) -> (Vec<String>, usize) {
    let (mut codes, mut moved) = (Vec::new(), 0);
    while let Some(message) = client.next().await {
        match message["type"].as_str() {
            Some("error") => codes.push(message["code"].as_str().unwrap().to_string()),
            Some("moved") => moved += 1,
            _ => panic!("unexpected {message}"),
        }
    }
    (codes, moved)
}

#[tokio::test]
async fn a_flood_is_dropped_then_its_connection_closed_and_the_room_goes_on() {
    let server = common::start().await;
    let (code, mut clients, _) = server.seated_room("kalah", 2, false).await;
    clients[0].send(json!({ "type": "start" })).await;
    for c in &mut clients {
        c.expect("started").await;
    }

    // Seat 0 moves once, then floods moves out of turn: far more than the
    // burst and the dropped allowance, faster than the steady rate.
    let flood = 200;
    for _ in 0..flood {
        clients[0]
            .send(json!({ "type": "move", "move": "1" }))
            .await;
    }
    let (codes, moved) = errors_until_closed(&mut clients[0]).await;
    // The first move is played, and only it (the stored events below say
    // so); its `moved`, like the `not_your_turn` answers, comes through
    // the room's queue and may be cut off by the close under load.
    assert!(moved <= 1, "only the first move is played: {moved} moved");
    assert_eq!(codes.last().map(String::as_str), Some("flooding"));
    let count = |code: &str| codes.iter().filter(|c| *c == code).count();
    // The room's answers to the burst (`not_your_turn`) come through its
    // queue and may be cut off by the close; the limit's answers do not.
    let (refused, dropped) = (count("not_your_turn"), count("rate_limited"));
    assert!(
        dropped >= 20,
        "messages over the burst are dropped: {codes:?}"
    );
    assert_eq!(refused + dropped + 1, codes.len(), "no other: {codes:?}");
    assert!(
        1 + refused + dropped < flood,
        "closed before the flood ends"
    );

    assert_eq!(clients[1].expect("moved").await["move"], "1");
    clients[1]
        .send(json!({ "type": "move", "move": "1" }))
        .await;
    let answer: Value = clients[1].expect_past_rooms("moved").await;
    assert_eq!(answer["seat"], 1);
    assert_eq!(server.stored_events(&code).await, ["1", "1"]);
}
