//! The web page: the static files of `web/` embedded in the binary and
//! served at `/`, and the read-only endpoints the page needs that the
//! game protocol does not carry: the rule presets, the rules of a rule
//! set in words, and the preview of every legal move of a position (so
//! the page holds no game logic).

use axum::Router;
use axum::extract::Path;
use axum::http::header::{ACCEPT_LANGUAGE, CACHE_CONTROL, CONTENT_TYPE, VARY};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use std::time::Duration;

use axum::routing::{get, post};
use mancala_core::{
    Phrase, Position, Preset, Question, RuleSet, RuleSpecError, Rules, Setup, Term,
};
use rust_embed::RustEmbed;
use serde::{Deserialize, Serialize};

use crate::error::Error;
use crate::protocol::EffectView;

/// The page's files, from `crates/mancala-server/web/`: compiled into
/// release builds, read from the folder by debug builds.
#[derive(RustEmbed)]
#[folder = "web/"]
struct Assets;

/// The routes of the page and its helper endpoints, merged into the
/// server's router.
/// `takeover_after` is the server's `--takeover-after`, which
/// `GET /api/site` tells the page.
pub(crate) fn router<S: Clone + Send + Sync + 'static>(takeover_after: Duration) -> Router<S> {
    Router::new()
        .route("/", get(index))
        .route("/r/{code}", get(index))
        .route("/rules", get(index))
        .route("/rules/{game}", get(index))
        .route("/g/{id}", get(index))
        .route("/p/{id}", get(index))
        .route("/assets/{*path}", get(asset))
        .route("/api/presets", get(presets))
        .route("/api/preview", post(preview))
        .route("/api/explain", post(explain))
        .route("/locales/{file}", get(locale))
        .route("/api/languages", get(languages))
        .route("/api/site", get(move || site(takeover_after)))
}

/// `GET /locales/{code}.ftl`: the Fluent catalog of a language, every
/// file of it in one ([`mancala_i18n::catalog`]).
async fn locale(Path(file): Path<String>) -> Response {
    let catalog = file.strip_suffix(".ftl").and_then(mancala_i18n::catalog);
    let Some(catalog) = catalog else {
        return (StatusCode::NOT_FOUND, "no such catalog\n").into_response();
    };
    let mut response = catalog.into_response();
    let headers = response.headers_mut();
    headers.insert(
        CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

/// The computer level a page offers first.
const DEFAULT_LEVEL: u8 = 3;

/// The answer of `GET /api/site`: what a page offers when a room is made
/// and the defaults it shows, so that the page holds none of the site's
/// policy.
#[derive(Debug, Serialize)]
struct Site {
    /// The Kalah house rules: choices and defaults.
    house_rules: crate::setup::HouseRulesOffer,
    /// The times per turn in seconds besides none (the default).
    turn_seconds: Vec<u32>,
    /// The computer's levels.
    levels: Levels,
    /// How long a seated player may be away before the computer plays
    /// their seat, in whole seconds (rounded up): `--takeover-after`.
    takeover_after: u64,
    /// How rated games are rated.
    rating: RatingView,
    /// Whether first-player rotation is on in a room made with a rules
    /// spec that does not say (the house rules have their own default).
    rotation: bool,
}

/// How rated games are rated.
#[derive(Debug, Serialize)]
struct RatingView {
    /// The rating system: `glicko2`.
    system: &'static str,
    /// What a draw scores, a win being 1 and a loss 0.
    draw: f64,
}

/// The computer's levels.
#[derive(Debug, Serialize)]
struct Levels {
    min: u8,
    max: u8,
    default: u8,
}

async fn site(takeover_after: Duration) -> axum::Json<Site> {
    axum::Json(Site {
        house_rules: crate::setup::HouseRulesOffer::site(),
        turn_seconds: crate::http::TURN_SECONDS.to_vec(),
        levels: Levels {
            min: 1,
            max: mancala_ai::MAX_LEVEL,
            default: DEFAULT_LEVEL,
        },
        takeover_after: takeover_after.as_secs() + u64::from(takeover_after.subsec_nanos() > 0),
        rating: RatingView {
            system: crate::rating::SYSTEM,
            draw: crate::rating::DRAW,
        },
        rotation: crate::setup::SPEC_ROTATION,
    })
}

/// A row of `GET /api/languages`.
#[derive(Debug, Serialize)]
struct LanguageView {
    /// The BCP 47 code, as `/locales/{code}.ftl` takes it.
    code: &'static str,
    /// The language's name in itself.
    name: &'static str,
    /// `ltr` or `rtl`.
    dir: &'static str,
}

/// The answer of `GET /api/languages`.
#[derive(Debug, Serialize)]
struct Languages {
    /// The language every catalog falls back to.
    fallback: &'static str,
    languages: Vec<LanguageView>,
}

/// `GET /api/languages`: the languages the site speaks, English first.
async fn languages() -> axum::Json<Languages> {
    let languages = mancala_i18n::LANGUAGES
        .iter()
        .map(|l| LanguageView {
            code: l.code,
            name: l.name,
            dir: l.direction.as_str(),
        })
        .collect();
    axum::Json(Languages {
        fallback: mancala_i18n::FALLBACK,
        languages,
    })
}

/// `index.html`, for `/`, the invite links `/r/CODE`, the rules pages
/// `/rules/GAME`, the replays `/g/ID` and the players' pages `/p/ID`: in the language the browser asks for (`Accept-Language`),
/// its title, description and the words before the page's script runs
/// come from the catalogs (the page then speaks the language this device
/// picked, if it picked one).
async fn index(headers: HeaderMap) -> Response {
    let accept = headers
        .get(ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let language = mancala_i18n::negotiate(accept);
    let Some(file) = Assets::get("index.html") else {
        return (StatusCode::NOT_FOUND, "no such file\n").into_response();
    };
    let html = String::from_utf8_lossy(&file.data).into_owned();
    let mut response = Html(worded_index(&html, language)).into_response();
    let headers = response.headers_mut();
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(VARY, HeaderValue::from_static("accept-language"));
    response
}

/// `html` with its `{lang}`, `{dir}`, `{title}`, `{lead}`, `{loading}` and
/// `{noscript}` filled in `language`'s words, escaped as HTML text.
fn worded_index(html: &str, language: &'static mancala_i18n::Language) -> String {
    let words = mancala_i18n::Words::get(language.code);
    let say = |id: &str| -> String {
        let text = match words.map(|w| w.message(id, &[])) {
            Some(Ok(text)) => text,
            Some(Err(incomplete)) => {
                tracing::warn!(%incomplete, "a catalog message is incomplete");
                incomplete.words
            }
            None => id.to_string(),
        };
        escape_html(&text)
    };
    html.replace("{lang}", language.code)
        .replace("{dir}", language.direction.as_str())
        .replace("{title}", &say("site-title"))
        .replace("{lead}", &say("site-lead"))
        .replace("{loading}", &say("site-loading"))
        .replace("{noscript}", &say("site-noscript"))
}

/// `text` safe inside HTML text and attribute values.
fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A file of `web/assets/`.
async fn asset(Path(path): Path<String>) -> Response {
    serve_file(&format!("assets/{path}"))
}

/// The embedded file at `path` with its content type, or 404.
fn serve_file(path: &str) -> Response {
    let Some(file) = Assets::get(path) else {
        return (StatusCode::NOT_FOUND, "no such file\n").into_response();
    };
    let mime = file.metadata.mimetype();
    // JavaScript modules must be served as JavaScript; mime_guess agrees,
    // but say it for `.mjs` too in case a guess changes.
    let mime = if path.ends_with(".js") || path.ends_with(".mjs") {
        "text/javascript; charset=utf-8"
    } else if mime.starts_with("text/") && !mime.contains("charset") {
        &format!("{mime}; charset=utf-8")
    } else {
        mime
    };
    let mut response = file.data.into_owned().into_response();
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(mime) {
        headers.insert(CONTENT_TYPE, value);
    }
    // The files change with the binary; `no-cache` makes the browser ask
    // again (cheap on loopback) so an upgraded server never runs old code.
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

/// A row of `GET /api/presets`.
#[derive(Debug, Serialize)]
struct PresetView {
    name: &'static str,
    description: &'static str,
    rules: String,
    players: u8,
    /// The fewest players a room of the preset seats.
    min_players: usize,
    /// The most players a room of the preset seats.
    max_players: usize,
    /// The rules in words, topic by topic ([`RuleSet::explain`]).
    explanation: Vec<TopicView>,
}

/// A topic of the rules in words: its id and phrases (`RuleSet::explain`,
/// for the page to word in its language) and, for API clients that read
/// English, its title and paragraph in English.
#[derive(Debug, Serialize)]
struct TopicView {
    id: &'static str,
    phrases: Vec<Phrase>,
    topic: String,
    text: String,
}

/// The rules of `rules`, topic by topic, with their English words.
fn explanation(rules: &RuleSet) -> Vec<TopicView> {
    let english =
        mancala_i18n::Words::get(mancala_i18n::FALLBACK).expect("English is the fallback language");
    rules
        .explain()
        .into_iter()
        .map(|topic| {
            // The English catalog is complete (mancala-i18n's tests); a
            // message missing all the same is logged, its id shown.
            let (title, text) = english.topic(&topic).unwrap_or_else(|incomplete| {
                tracing::warn!(%incomplete, "a catalog message is incomplete");
                incomplete.words
            });
            TopicView {
                id: topic.id,
                phrases: topic.phrases,
                topic: title,
                text,
            }
        })
        .collect()
}

/// The answer of `GET /api/presets`.
#[derive(Debug, Serialize)]
struct Presets {
    presets: Vec<PresetView>,
}

async fn presets() -> axum::Json<Presets> {
    let presets = Preset::ALL
        .iter()
        .map(|&preset| {
            let rules = preset.rules();
            let room = crate::setup::RoomSetup::from_spec(preset.name(), false)
                .expect("every preset can be played in a room");
            PresetView {
                name: preset.name(),
                description: preset.description(),
                players: rules.players,
                min_players: room.min_players,
                max_players: room.max_players,
                rules: rules.canonical(),
                explanation: explanation(&rules),
            }
        })
        .collect();
    axum::Json(Presets { presets })
}

/// The body of `POST /api/preview`.
#[derive(Debug, Deserialize)]
struct PreviewRequest {
    rules: String,
    position: Setup,
    /// Per board side, the burnt house numbers of a round of a match
    /// (as `round.burnt` in the protocol; docs/rules.md section 8a).
    #[serde(default)]
    burnt: Vec<Vec<u8>>,
}

/// One legal move and what it would do.
#[derive(Debug, Serialize)]
struct PreviewMove {
    #[serde(rename = "move")]
    mv: String,
    effect: EffectView,
}

/// The answer of `POST /api/preview`.
#[derive(Debug, Serialize)]
struct Preview {
    moves: Vec<PreviewMove>,
}

/// Every legal move of a position with its effect, computed by
/// `mancala-core` on a copy: nothing is stored or played.
async fn preview(
    crate::http::Json(body): crate::http::Json<PreviewRequest>,
) -> Result<axum::Json<Preview>, Error> {
    let rules_error = |source| Error::Rules {
        spec: body.rules.clone(),
        source,
    };
    let ruleset = RuleSet::from_spec(&body.rules).map_err(rules_error)?;
    let mut burnt = [0u16; mancala_core::MAX_PLAYERS];
    for (side, houses) in body.burnt.iter().enumerate() {
        for &h in houses {
            let bit = (h as u32).checked_sub(1).and_then(|b| 1u16.checked_shl(b));
            match (burnt.get_mut(side), bit) {
                (Some(mask), Some(bit)) => *mask |= bit,
                _ => {
                    return Err(Error::BadOption {
                        field: "burnt",
                        value: format!("side {side}, house {h}"),
                        expected: "per side, house numbers from 1 on the board",
                    });
                }
            }
        }
    }
    let rules =
        Rules::with_burnt(&ruleset, burnt).map_err(|e| rules_error(RuleSpecError::Invalid(e)))?;
    let position = Position::from_setup(&rules, &body.position).map_err(Error::BadPosition)?;
    let mut moves = Vec::new();
    for m in position.legal_moves() {
        let mut after = position;
        if let Ok(effect) = after.play(m) {
            moves.push(PreviewMove {
                mv: m.to_string(),
                effect: EffectView::new(&effect, position.sowing_steps(m)),
            });
        }
    }
    Ok(axum::Json(Preview { moves }))
}

/// The body of `POST /api/explain`.
#[derive(Debug, Deserialize)]
struct ExplainRequest {
    rules: String,
}

/// The answer of `POST /api/explain`: the rules topic by topic, and a
/// rules page's other facts.
#[derive(Debug, Serialize)]
struct Explanation {
    explanation: Vec<TopicView>,
    /// What a player is trying to do ([`RuleSet::aim`]).
    aim: AimView,
    /// The terms these rules use ([`RuleSet::glossary`]).
    glossary: Vec<TermView>,
    /// The questions players ask, answered ([`RuleSet::questions`]).
    questions: Vec<QuestionView>,
    /// What a room made with these rules seats, `None` when no room can
    /// play them.
    room: Option<RoomView>,
}

/// The aim: its phrases and their English words.
#[derive(Debug, Serialize)]
struct AimView {
    phrases: Vec<Phrase>,
    text: String,
}

/// A term: its id, name and meaning as phrases, and in English.
#[derive(Debug, Serialize)]
struct TermView {
    #[serde(flatten)]
    term: Term,
    /// The name in English.
    term_text: String,
    /// The meaning in English.
    text: String,
}

/// A question: its id, question and answer as phrases, and in English.
#[derive(Debug, Serialize)]
struct QuestionView {
    #[serde(flatten)]
    question: Question,
    /// The question in English.
    question_text: String,
    /// The answer in English.
    text: String,
}

/// What a room made with a rules spec seats, and its rotation default.
#[derive(Debug, Serialize)]
struct RoomView {
    min_players: usize,
    max_players: usize,
    rotation: bool,
}

/// Phrases in English, joined as a paragraph; a message missing all the
/// same is logged and shown by its id (the English catalog is complete:
/// mancala-i18n's tests).
fn english(phrases: &[Phrase]) -> String {
    let words =
        mancala_i18n::Words::get(mancala_i18n::FALLBACK).expect("English is the fallback language");
    let sentences: Vec<String> = phrases
        .iter()
        .map(|p| {
            words.phrase(p).unwrap_or_else(|incomplete| {
                tracing::warn!(%incomplete, "a catalog message is incomplete");
                incomplete.words
            })
        })
        .collect();
    sentences.join(" ")
}

impl Explanation {
    /// Everything a rules page says about `rules` (whose spec is `spec`).
    fn of(spec: &str, rules: &RuleSet) -> Explanation {
        let aim = rules.aim();
        let room = crate::setup::RoomSetup::from_spec(spec, crate::setup::SPEC_ROTATION)
            .ok()
            .map(|room| RoomView {
                min_players: room.min_players,
                max_players: room.max_players,
                rotation: room.rotation,
            });
        Explanation {
            explanation: explanation(rules),
            aim: AimView {
                text: english(&aim),
                phrases: aim,
            },
            glossary: rules
                .glossary()
                .into_iter()
                .map(|term| TermView {
                    term_text: english(std::slice::from_ref(&term.name)),
                    text: english(&term.meaning),
                    term,
                })
                .collect(),
            questions: rules
                .questions()
                .into_iter()
                .map(|question| QuestionView {
                    question_text: english(std::slice::from_ref(&question.question)),
                    text: english(&question.answer),
                    question,
                })
                .collect(),
            room,
        }
    }
}

/// The rules of a spec in words, for house rules and specs that are not
/// a preset, with the aim, glossary and questions of its rules page; a
/// spec that cannot be played is refused as by a room.
async fn explain(
    crate::http::Json(body): crate::http::Json<ExplainRequest>,
) -> Result<axum::Json<Explanation>, Error> {
    let rules = RuleSet::from_spec(&body.rules).map_err(|source| Error::Rules {
        spec: body.rules.clone(),
        source,
    })?;
    Ok(axum::Json(Explanation::of(&body.rules, &rules)))
}
