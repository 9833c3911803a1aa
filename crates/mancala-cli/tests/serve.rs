//! `mancala serve`: the real binary prints its URL, creates its SQLite
//! file and answers `/healthz`.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

/// The server process, killed when the test ends.
struct Served(Child);

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[tokio::test]
async fn serve_prints_its_url_and_answers_healthz() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("served.db");
    let database = format!("sqlite://{}?mode=rwc", file.display());
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["serve", "--addr", "127.0.0.1:0", "--database", &database])
        .stdout(Stdio::piped())
        .spawn()
        .expect("the server starts");
    let stdout = child.stdout.take().unwrap();
    let served = Served(child);
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line).unwrap();
    let url = line
        .trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("a URL, not {line:?}"));
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    assert!(file.exists(), "the database file is created");

    let health = reqwest::get(format!("{url}/healthz")).await.unwrap();
    assert_eq!(health.status(), 200);
    let index = reqwest::get(format!("{url}/")).await.unwrap();
    assert_eq!(index.status(), 200);
    drop(served);
}

#[test]
fn an_allowed_origin_must_be_an_origin() {
    let output = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--database",
            "sqlite::memory:",
        ])
        .args(["--allow-origin", "https://play.example.org"])
        .args(["--allow-origin", "https://play.example.org/lobby"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("https://play.example.org/lobby"),
        "{stderr}"
    );
    assert!(stderr.contains("SCHEME://HOST[:PORT]"), "{stderr}");
}

/// `mancala serve ARGS` run to its end (it must fail): its stderr.
fn serve_fails(args: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}?mode=rwc", dir.path().join("x.db").display());
    let output = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["serve", "--addr", "127.0.0.1:0", "--database", &database])
        .args(args)
        .output()
        .expect("the binary runs");
    assert!(!output.status.success(), "{args:?} must fail");
    String::from_utf8(output.stderr).unwrap()
}

#[test]
fn serve_refuses_a_cpu_that_cannot_play() {
    let stderr = serve_fails(&["--cpu", "human"]);
    assert!(stderr.contains("--cpu human"), "{stderr}");
    let stderr = serve_fails(&["--cpu", "ai:11"]);
    assert!(stderr.contains("ai:11"), "{stderr}");
}

#[test]
fn serve_refuses_a_takeover_delay_that_is_not_a_duration() {
    let stderr = serve_fails(&["--takeover-after", "soon"]);
    assert!(stderr.contains("--takeover-after"), "{stderr}");
}

#[test]
fn serve_refuses_a_silence_limit_that_is_not_a_duration() {
    let stderr = serve_fails(&["--silence-limit", "later"]);
    assert!(stderr.contains("--silence-limit"), "{stderr}");
}
