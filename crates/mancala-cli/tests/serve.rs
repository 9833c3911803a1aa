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

/// Starts `mancala serve` with `args` and `envs`: the process and its URL.
fn start(args: &[&str], envs: &[(&str, &str)]) -> (Served, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .arg("serve")
        .args(args)
        .envs(envs.iter().copied())
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
        .unwrap_or_else(|| panic!("a URL, not {line:?}"))
        .to_string();
    (served, url)
}

#[tokio::test]
async fn database_takes_a_plain_path_or_a_sqlite_url_without_mode() {
    let dir = tempfile::tempdir().unwrap();
    // What people type: a bare path, and `sqlite:///ABSOLUTE` without
    // `?mode=rwc` (which sqlx alone refuses with "unable to open database
    // file").
    let plain = dir.path().join("plain.db");
    let url = format!("sqlite://{}", dir.path().join("url.db").display());
    for (database, file) in [
        (plain.display().to_string(), plain.clone()),
        (url, dir.path().join("url.db")),
    ] {
        let (served, base) = start(&["--addr", "127.0.0.1:0", "--database", &database], &[]);
        assert!(file.exists(), "{database} creates {}", file.display());
        let ready = reqwest::get(format!("{base}/readyz")).await.unwrap();
        assert_eq!(ready.status(), 200, "{database}");
        assert_eq!(ready.text().await.unwrap(), "ready\n");
        drop(served);
    }
}

#[tokio::test]
async fn every_serve_flag_can_come_from_the_environment() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("from-env.db");
    let database = file.display().to_string();
    let (served, base) = start(
        &[],
        &[
            ("MANCALA_ADDR", "127.0.0.1:0"),
            ("MANCALA_DATABASE", &database),
            ("MANCALA_CPU", "ai:1"),
            ("MANCALA_TAKEOVER_AFTER", "5s"),
            ("MANCALA_SILENCE_LIMIT", "0s"),
            (
                "MANCALA_ALLOW_ORIGIN",
                "https://a.example.org,https://b.example.org",
            ),
        ],
    );
    assert!(file.exists(), "MANCALA_DATABASE names the file");
    assert_eq!(
        reqwest::get(format!("{base}/healthz"))
            .await
            .unwrap()
            .status(),
        200
    );
    drop(served);

    // A bad value from the environment is refused like one on the command
    // line, naming the variable's value.
    let output = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["serve", "--addr", "127.0.0.1:0", "--database", &database])
        .env("MANCALA_TAKEOVER_AFTER", "soon")
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("soon"), "{stderr}");
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

#[tokio::test]
async fn the_log_is_readable_or_json_on_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let database = dir.path().join("log.db").display().to_string();
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["serve", "--addr", "127.0.0.1:0", "--database", &database])
        .args(["--log-format", "json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let _served = Served(child);
    let mut line = String::new();
    BufReader::new(stderr).read_line(&mut line).unwrap();
    let entry: serde_json::Value =
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line:?}"));
    assert_eq!(entry["level"], "INFO", "{entry}");
    assert_eq!(entry["fields"]["message"], "listening", "{entry}");
    assert!(
        entry["fields"]["url"]
            .as_str()
            .unwrap()
            .starts_with("http://127.0.0.1:"),
        "{entry}"
    );

    // A filter that does not parse is refused before anything starts.
    let output = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["serve", "--addr", "127.0.0.1:0", "--database", &database])
        .args(["--log", "info,=[nonsense"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("--log"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}
