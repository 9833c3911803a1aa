//! The silence limit (`Config::silence_limit`): a client whose network
//! died without a word stops answering the server's pings and is dropped,
//! so that its seat is seen away (and taken over in time); a client that
//! answers stays. In virtual time (see `common::frozen`).

mod common;

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;

/// Real time given to sockets and tasks after a step, while the paused
/// clock stands still: loopback needs microseconds, a loaded machine
/// a little more.
const SETTLE: Duration = Duration::from_millis(200);

/// Lets sockets and tasks catch up for [`SETTLE`] of real time.
async fn settle() {
    let started = Instant::now();
    while started.elapsed() < SETTLE {
        tokio::task::yield_now().await;
    }
}

#[tokio::test(start_paused = true)]
async fn a_silent_client_is_dropped_and_its_seat_seen_away() {
    common::frozen(async {
        let database = common::database().await;
        let config = mancala_server::Config {
            silence_limit: Some(Duration::from_secs(45)),
            ..common::quiet()
        };
        let server = common::start_with(database.url.clone(), config).await;
        let (_, mut clients, _) = server.seated_room("kalah", 2, false).await;
        clients[0].send(json!({ "type": "start" })).await;
        for c in &mut clients {
            c.expect_past_rooms("started").await;
        }
        // Bob's device goes silent: his client is never read again, so it
        // answers no ping. Ann's answers every ping, and says when.
        let bob = clients.pop().unwrap();
        let mut ann = clients.pop().unwrap();
        let (answered, mut answers) = mpsc::unbounded_channel();
        let watcher = tokio::spawn(async move {
            while let Some(frame) = ann.next_frame().await {
                match frame {
                    Message::Ping(payload) => {
                        ann.send_frame(Message::Pong(payload)).await;
                        answered.send(()).unwrap();
                    }
                    Message::Text(text) => {
                        let message: Value = serde_json::from_str(&text).unwrap();
                        if message["type"] == "room" && message["seats"][1]["away"] == true {
                            return message;
                        }
                    }
                    _ => {}
                }
            }
            panic!("Ann's connection closed");
        });
        // Pings at 15 and 30 s: Ann answers both, and Bob, silent for less
        // than the limit, is still there.
        for _ in 0..2 {
            tokio::time::advance(Duration::from_secs(15)).await;
            answers.recv().await.expect("Ann was pinged");
            settle().await;
        }
        assert!(!watcher.is_finished(), "nobody is dropped before the limit");
        // At 45 s Bob has said nothing for the whole limit; Ann answered 15
        // s ago.
        tokio::time::advance(Duration::from_secs(15)).await;
        let room = watcher.await.unwrap();
        assert_eq!(room["seats"][0]["away"], false, "Ann answered the pings");
        drop(bob);
    })
    .await;
}
