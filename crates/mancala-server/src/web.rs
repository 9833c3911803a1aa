//! The web page: the static files of `web/` embedded in the binary and
//! served at `/`, and the read-only endpoints the page needs that the
//! game protocol does not carry: the rule presets, the rules of a rule
//! set in words, and the preview of every legal move of a position (so
//! the page holds no game logic).

use axum::Router;
use axum::extract::Path;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use mancala_core::{Position, Preset, RuleSet, RuleSpecError, RuleText, Rules, Setup};
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
pub(crate) fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/", get(index))
        .route("/r/{code}", get(index))
        .route("/assets/{*path}", get(asset))
        .route("/api/presets", get(presets))
        .route("/api/preview", post(preview))
        .route("/api/explain", post(explain))
        .route("/locales/{file}", get(locale))
        .route("/api/languages", get(languages))
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

/// `index.html`, for `/` and for the invite links `/r/CODE`.
async fn index() -> Response {
    serve_file("index.html")
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
    /// The rules in words, topic by topic ([`RuleSet::explain`]).
    explanation: Vec<RuleText>,
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
            PresetView {
                name: preset.name(),
                description: preset.description(),
                players: rules.players,
                rules: rules.canonical(),
                explanation: rules.explain(),
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
    let rules = Rules::new(&ruleset).map_err(|e| rules_error(RuleSpecError::Invalid(e)))?;
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

/// The answer of `POST /api/explain`.
#[derive(Debug, Serialize)]
struct Explanation {
    explanation: Vec<RuleText>,
}

/// The rules of a spec in words, for house rules and specs that are not
/// a preset; a spec that cannot be played is refused as by a room.
async fn explain(
    crate::http::Json(body): crate::http::Json<ExplainRequest>,
) -> Result<axum::Json<Explanation>, Error> {
    let rules = RuleSet::from_spec(&body.rules).map_err(|source| Error::Rules {
        spec: body.rules.clone(),
        source,
    })?;
    Ok(axum::Json(Explanation {
        explanation: rules.explain(),
    }))
}
