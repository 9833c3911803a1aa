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
