//! The web page as the server serves it: the embedded files with their
//! content types, the invite route, and the read-only endpoints the page
//! uses (presets, the rules in words, move preview).

mod common;

use serde_json::{Value, json};

/// `GET path`: status, content type and body text.
async fn fetch(server: &common::TestServer, path: &str) -> (u16, String, String) {
    let response = reqwest::get(format!("http://{}{path}", server.addr))
        .await
        .unwrap();
    let status = response.status().as_u16();
    let kind = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    (status, kind, response.text().await.unwrap())
}

#[tokio::test]
async fn the_page_and_its_files_are_served_with_their_types() {
    let server = common::start().await;
    let (status, kind, html) = fetch(&server, "/").await;
    assert_eq!((status, kind.as_str()), (200, "text/html; charset=utf-8"));
    assert!(html.contains(r#"<script type="module" src="/assets/app.js"></script>"#));
    let invite = fetch(&server, "/r/0123456789abcdef0123456789abcdef").await;
    assert_eq!((invite.0, invite.2), (200, html));
    for (path, expected) in [
        ("/assets/app.js", "text/javascript; charset=utf-8"),
        ("/assets/room/index.js", "text/javascript; charset=utf-8"),
        (
            "/assets/vendor/fluent-bundle/index.js",
            "text/javascript; charset=utf-8",
        ),
        ("/assets/style.css", "text/css; charset=utf-8"),
        ("/assets/icon.svg", "image/svg+xml"),
    ] {
        let (status, kind, body) = fetch(&server, path).await;
        assert_eq!((status, kind.as_str()), (200, expected), "{path}");
        assert!(!body.is_empty(), "{path}");
    }
    for missing in [
        "/assets/nope.js",
        "/assets/../index.html",
        "/assets/%2e%2e/Cargo.toml",
    ] {
        assert_eq!(fetch(&server, missing).await.0, 404, "{missing}");
    }
}

/// `GET path` with `Accept-Language: accept`: status and body text.
async fn fetch_in(server: &common::TestServer, path: &str, accept: &str) -> (u16, String) {
    let response = reqwest::Client::new()
        .get(format!("http://{}{path}", server.addr))
        .header("accept-language", accept)
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.text().await.unwrap())
}

#[tokio::test]
async fn the_page_speaks_the_browsers_language_before_its_script_runs() {
    let server = common::start().await;
    let (status, bn) = fetch_in(&server, "/", "bn-BD,bn;q=0.9,en;q=0.5").await;
    assert_eq!(status, 200);
    assert!(bn.contains(r#"<html lang="bn" dir="ltr">"#), "{bn}");
    assert!(bn.contains("<title>মানকালা</title>"), "{bn}");
    assert!(!bn.contains('{'), "every placeholder filled: {bn}");
    let (_, ja) = fetch_in(&server, "/rules/kalah", "ja").await;
    assert!(ja.contains("<title>マンカラ</title>"), "{ja}");
    // Nothing the site speaks: English.
    let (_, other) = fetch_in(&server, "/r/0123456789abcdef0123456789abcdef", "fr-FR,de").await;
    assert!(other.contains(r#"<html lang="en" dir="ltr">"#), "{other}");
    assert!(other.contains("<title>Mancala</title>"));
}

#[tokio::test]
async fn every_language_is_listed_with_its_catalog() {
    let server = common::start().await;
    let (status, answer) = server.get("/api/languages").await;
    assert_eq!(status, 200);
    assert_eq!(answer["fallback"], "en");
    let codes: Vec<&str> = answer["languages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["en", "bn", "hi", "ja"]);
    assert_eq!(answer["languages"][1]["name"], "বাংলা");
    for code in codes {
        let (status, kind, body) = fetch(&server, &format!("/locales/{code}.ftl")).await;
        assert_eq!(
            (status, kind.as_str()),
            (200, "text/plain; charset=utf-8"),
            "{code}"
        );
        assert!(body.contains("\nsite-title = "), "{code}");
        assert!(
            body.contains("\nrules-topic-board = "),
            "{code}: every file of the catalog"
        );
    }
    for missing in ["/locales/xx.ftl", "/locales/en", "/locales/..%2fen.ftl"] {
        assert_eq!(fetch(&server, missing).await.0, 404, "{missing}");
    }
}

#[tokio::test]
async fn presets_list_every_preset_with_a_spec_a_room_accepts() {
    let server = common::start().await;
    let (status, body) = server.get("/api/presets").await;
    assert_eq!(status, 200);
    let presets = body["presets"].as_array().unwrap();
    let names: Vec<&str> = presets
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "kalah",
            "oware",
            "modiar",
            "al-manqala",
            "mancala-basic",
            "mankalah",
            "wari",
            "songo",
            "cross-kalah",
            "toguz-kumalak",
            "bohnenspiel",
            "ayoayo",
            "endodoi",
            "dakon",
            "ohvalhu",
            "congkak",
            "vai-lung-thlan",
            "longbeu-a-cha",
            "pallanguzhi",
            "pandi",
            "halusa",
            "ot-tjin"
        ]
    );
    let host = server.player("Ann").await;
    for preset in presets {
        assert!(!preset["description"].as_str().unwrap().is_empty());
        let response = server
            .post(
                "/api/rooms",
                json!({ "rules": preset["rules"] }),
                Some(&host),
            )
            .await;
        assert_eq!(response.status(), 200, "{preset}");
        let room: Value = response.json().await.unwrap();
        assert_eq!(room["rules"], preset["rules"]);
        // A room's seats follow the group: the preset's own count is
        // one the room can play (kalah's 2 in a room of 4 seats).
        let players = preset["players"].as_u64().unwrap();
        let seats = room["min_players"].as_u64().unwrap()..=room["players"].as_u64().unwrap();
        assert!(seats.contains(&players), "{preset} in {room}");
    }
}

#[tokio::test]
async fn presets_say_their_rules_in_words() {
    let server = common::start().await;
    let (status, body) = server.get("/api/presets").await;
    assert_eq!(status, 200);
    let presets = body["presets"].as_array().unwrap();
    for preset in presets {
        let topics = preset["explanation"].as_array().unwrap();
        assert_eq!(topics[0]["topic"], "Board", "{preset}");
        for topic in topics {
            assert!(!topic["text"].as_str().unwrap().is_empty(), "{preset}");
        }
    }
    let oware = presets.iter().find(|p| p["name"] == "oware").unwrap();
    // docs/rules.md section 6: Oware's grand slam captures nothing.
    assert!(
        oware["explanation"].as_array().unwrap().contains(&json!({
            "id": "grand_slam",
            "phrases": [{"id": "rules-grand-slam", "args": {"grand_slam": "no_capture"}}],
            "topic": "Grand slam",
            "text": "A move whose capture would take every seed left on your opponent's side \
                     (a grand slam) may be played, but captures nothing."
        })),
        "{oware}"
    );
}

#[tokio::test]
async fn explain_says_any_spec_in_words_and_refuses_bad_rules() {
    let server = common::start().await;
    let response = server
        .post(
            "/api/explain",
            json!({"rules": "kalah,players=3,capture_from=all"}),
            None,
        )
        .await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    let topics = body["explanation"].as_array().unwrap();
    assert_eq!(
        topics[0],
        json!({
            "id": "board",
            "phrases": [
                {
                    "id": "rules-board",
                    "args": {"players": 3, "houses": 6, "seeds": 4, "total": 72, "store_side": "right"}
                },
                {"id": "rules-board-turns", "args": {"turns": "ccw"}}
            ],
            "topic": "Board",
            "text": "Each of the 3 players has 6 houses holding 4 seeds each (72 seeds in all), \
                     and a store on their right. The players sit round the board and take \
                     turns counter-clockwise."
        })
    );
    let captures = topics.iter().find(|t| t["topic"] == "Captures").unwrap();
    assert!(
        captures["text"]
            .as_str()
            .unwrap()
            .contains("the corresponding houses of every other player"),
        "{captures}"
    );
    // A room's canonical rules text is a spec too.
    let (_, presets) = server.get("/api/presets").await;
    let oware = &presets["presets"][1];
    let response = server
        .post("/api/explain", json!({"rules": oware["rules"]}), None)
        .await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["explanation"], oware["explanation"]);
    for (rules, wrong) in [
        ("oware,players=3", "two-player"),
        ("kalah,sedes=5", "sedes"),
    ] {
        let response = server
            .post("/api/explain", json!({ "rules": rules }), None)
            .await;
        assert_eq!(response.status(), 400, "{rules}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["error"], "bad_rules", "{rules}");
        let message = body["message"].as_str().unwrap();
        assert!(message.contains(wrong), "{rules}: {message}");
    }
    let response = server.post("/api/explain", json!({}), None).await;
    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"], "bad_body");
}

/// `POST /api/preview` of `position` under `rules`.
#[tokio::test]
async fn explain_gives_a_rules_pages_aim_glossary_and_questions() {
    let server = common::start().await;
    let response = server
        .post("/api/explain", json!({"rules": "kalah"}), None)
        .await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body["aim"]["phrases"][0],
        json!({"id": "rules-aim", "args": {"goal": "store_most", "players": 2}})
    );
    assert_eq!(
        body["aim"]["text"],
        "Get more seeds into your store than your opponent. \
         Look for extra turns and for chances to capture."
    );
    let glossary = body["glossary"].as_array().unwrap();
    assert_eq!(
        glossary[0],
        json!({
            "id": "house",
            "name": {"id": "rules-term-house", "args": {}},
            "meaning": [{"id": "rules-term-house-means", "args": {"houses": 6}}],
            "term_text": "House",
            "text": "One of the small pits on a player's side of the board; each player has 6."
        })
    );
    let questions = body["questions"].as_array().unwrap();
    let empty = questions
        .iter()
        .find(|q| q["id"] == "empty_opposite")
        .unwrap();
    assert_eq!(
        empty["question_text"],
        "What if the house opposite is empty?"
    );
    assert_eq!(
        empty["text"],
        "Nothing is captured: the last seed stays where it landed."
    );
    // A room of Kalah seats 2 to 4; Oware's, 2; no room plays 5 players.
    assert_eq!(
        body["room"],
        json!({"min_players": 2, "max_players": 4, "rotation": false})
    );
    let response = server
        .post("/api/explain", json!({"rules": "oware"}), None)
        .await;
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["room"]["max_players"], 2);
    assert_eq!(body["aim"]["phrases"][1]["args"]["need"], 25);
}

#[tokio::test]
async fn the_site_tells_its_defaults_and_a_room_gets_them() {
    let config = mancala_server::Config {
        takeover_after: std::time::Duration::from_millis(45_500),
        ..common::quiet()
    };
    let database = common::database().await;
    let server = common::start_with(database.url.clone(), config).await;
    let (status, site) = server.get("/api/site").await;
    assert_eq!(status, 200);
    assert_eq!(site["takeover_after"], 46, "{site}");
    assert_eq!(site["rating"], json!({"system": "glicko2", "draw": 0.5}));
    assert_eq!(site["rotation"], false);
    let offer = &site["house_rules"];
    assert_eq!(offer["preset"], "kalah");
    assert_eq!(offer["capture_players"], json!([3, 4]));
    // The seed's table: 6 houses, 4 seeds, from the next player, rotation on.
    let default = json!({"houses": 6, "seeds": 4, "capture": "next", "rotation": true});
    assert_eq!(offer["default"], default);
    let host = server.player("Ann").await;
    let response = server
        .post("/api/rooms", json!({"house_rules": {}}), Some(&host))
        .await;
    assert_eq!(response.status(), 200);
    let room: Value = response.json().await.unwrap();
    assert_eq!(
        room["house_rules"],
        json!({"houses": 6, "seeds": 4, "capture": "next"}),
        "{room}"
    );
    assert_eq!(room["rotation"], default["rotation"]);
    assert_eq!(room["turn_seconds"], Value::Null);
    assert_eq!(
        (room["min_players"].clone(), room["players"].clone()),
        (json!(2), json!(4))
    );
    let response = server
        .post("/api/rooms", json!({"rules": "oware"}), Some(&host))
        .await;
    let room: Value = response.json().await.unwrap();
    assert_eq!(room["rotation"], site["rotation"]);
}

async fn preview(server: &common::TestServer, rules: &str, position: Value) -> (u16, Value) {
    let response = server
        .post(
            "/api/preview",
            json!({ "rules": rules, "position": position }),
            None,
        )
        .await;
    (response.status().as_u16(), response.json().await.unwrap())
}

#[tokio::test]
async fn preview_tells_where_each_legal_move_lands() {
    let server = common::start().await;
    let start = json!({"houses": [[4,4,4,4,4,4],[4,4,4,4,4,4]], "stores": [0,0]});
    let (status, body) = preview(&server, "kalah", start).await;
    assert_eq!(status, 200);
    let moves = body["moves"].as_array().unwrap();
    let names: Vec<&str> = moves.iter().map(|m| m["move"].as_str().unwrap()).collect();
    assert_eq!(names, ["1", "2", "3", "4", "5", "6"]);
    // House 3's four seeds end in the mover's store: an extra turn.
    assert_eq!(
        moves[2]["effect"]["last"],
        json!({"kind": "store", "side": 0})
    );
    assert_eq!(moves[2]["effect"]["extra_turn"], true);
    // House 6's reach the opponent's house 3.
    assert_eq!(
        moves[5]["effect"]["last"],
        json!({"kind": "house", "side": 1, "number": 3})
    );
}

#[tokio::test]
async fn preview_marks_the_house_a_capture_takes() {
    let server = common::start().await;
    // Side 0's single seed lands in its empty house 2, opposite side 1's
    // house 5 (7 - 2) and its 5 seeds.
    let position = json!({"houses": [[1,0,0,0,0,0],[0,0,0,0,5,2]], "stores": [10,30]});
    let (status, body) = preview(&server, "kalah", position).await;
    assert_eq!(status, 200);
    let moves = body["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    let effect = &moves[0]["effect"];
    assert_eq!(
        effect["last"],
        json!({"kind": "house", "side": 0, "number": 2})
    );
    assert_eq!(
        effect["path"],
        json!([{"kind": "house", "side": 0, "number": 2}])
    );
    assert_eq!(effect["captured"], 6);
    let mut cups = effect["captured_cups"].as_array().unwrap().clone();
    cups.sort_by_key(|c| c["side"].as_u64());
    assert_eq!(
        cups,
        [
            json!({"kind": "house", "side": 0, "number": 2}),
            json!({"kind": "house", "side": 1, "number": 5})
        ]
    );
}

#[tokio::test]
async fn preview_tells_the_sowing_step_by_step() {
    let server = common::start().await;
    // Relay from the last house (docs/rules.md section 3): side 0's house
    // 2 sows into house 3, which held a seed: its 2 seeds are lifted and
    // sown into houses 4 and 5.
    let position = json!({"houses": [[0,1,1,0,0,0],[1,1,1,1,1,1]], "stores": [0,0], "ply": 4});
    let (status, body) = preview(&server, "kalah,relay=last", position).await;
    assert_eq!(status, 200);
    let moves = body["moves"].as_array().unwrap();
    let two = moves.iter().find(|m| m["move"] == "2").unwrap();
    let house = |number: u8| json!({"kind": "house", "side": 0, "number": number});
    assert_eq!(
        two["effect"]["steps"],
        json!([
            {"step": "lift", "cup": house(2)},
            {"step": "seed", "cup": house(3)},
            {"step": "lift", "cup": house(3)},
            {"step": "seed", "cup": house(4)},
            {"step": "seed", "cup": house(5)},
        ])
    );
    assert_eq!(two["effect"]["path"], json!([house(3), house(4), house(5)]));
}

#[tokio::test]
async fn preview_refuses_what_it_cannot_read() {
    let server = common::start().await;
    let short = json!({"houses": [[4,4,4],[4,4,4,4,4,4]], "stores": [0,0]});
    let (status, body) = preview(&server, "kalah", short).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("bad_position"))
    );
    assert!(body["message"].as_str().unwrap().contains("3 houses"));
    let start = json!({"houses": [[4,4,4,4,4,4],[4,4,4,4,4,4]], "stores": [0,0]});
    let (status, body) = preview(&server, "kalah,sedes=5", start).await;
    assert_eq!((status, body["error"].as_str()), (400, Some("bad_rules")));
    let response = server
        .post("/api/preview", json!({"rules": "kalah"}), None)
        .await;
    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"], "bad_body");
}

/// The page's own scripts, as paths under `/assets/`: every `.js` file of
/// `web/assets/` but the vendored packages.
fn scripts() -> Vec<String> {
    fn walk(dir: &std::path::Path, prefix: &str, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let name = entry.file_name().to_string_lossy().to_string();
            if entry.path().is_dir() {
                if name != "vendor" {
                    walk(&entry.path(), &format!("{prefix}{name}/"), out);
                }
            } else if name.ends_with(".js") {
                out.push(format!("{prefix}{name}"));
            }
        }
    }
    let mut out = Vec::new();
    let assets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("web/assets");
    walk(&assets, "", &mut out);
    out.sort();
    out
}

#[tokio::test]
async fn the_page_works_under_a_strict_content_security_policy() {
    // `default-src 'self'` forbids inline scripts, style attributes in
    // markup and string evaluation; the page must need none of them.
    let server = common::start().await;
    let html = fetch(&server, "/").await.2;
    assert_eq!(html.matches("<script").count(), 1);
    assert!(html.contains(r#"<script type="module" src="/assets/app.js"></script>"#));
    assert!(!html.contains("style="), "a style attribute in index.html");
    assert!(!html.contains("<style"), "a style element in index.html");
    assert!(
        !html.contains(" on"),
        "an inline event handler in index.html"
    );
    let scripts = scripts();
    assert!(scripts.len() > 10, "{scripts:?}");
    for script in scripts {
        let (status, _, code) = fetch(&server, &format!("/assets/{script}")).await;
        assert_eq!(status, 200, "{script}");
        for forbidden in [
            "innerHTML",
            "outerHTML",
            "insertAdjacentHTML",
            "document.write",
            "setAttribute('style'",
            "cssText",
            "eval(",
            "new Function",
        ] {
            assert!(!code.contains(forbidden), "{script} uses {forbidden}");
        }
    }
}
