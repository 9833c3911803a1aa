//! The command-line grammar (clap).

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

/// Mancala games (Kalah, Oware, Modiar, Al-manqala, ...): play, analyse,
/// solve, run matches.
#[derive(Debug, Parser)]
#[command(name = "mancala", version, about, propagate_version = true)]
pub struct Cli {
    /// The rules: a preset name or alias (see `mancala rules list`), a
    /// spec such as `kalah3` or `kalah,players=3,seeds=5`, or a
    /// `.toml`/`.json` rule file.
    #[arg(long, global = true, value_name = "SPEC|FILE", default_value = "kalah")]
    pub rules: String,
    /// Overrides one rule dimension by its name (repeatable), e.g.
    /// `--set seeds=5`, `--set end=no_legal_move,majority`.
    #[arg(long = "set", global = true, value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// List, show or check rule sets.
    #[command(subcommand)]
    Rules(RulesCommand),
    /// Count the move sequences of each depth from the start.
    Perft(PerftArgs),
    /// Play a list of moves from the start and show the position.
    Replay(ReplayArgs),
    /// Play an interactive game against the computer (or other people).
    Play(PlayArgs),
    /// The value of every legal move after a list of moves, best first.
    Analyse(AnalyseArgs),
    /// Solve a two-player game from the start: its value under perfect play.
    Solve(SolveArgs),
    /// Engine-versus-engine games with the first player rotating.
    Match(MatchArgs),
    /// Benchmarks.
    #[command(subcommand)]
    Bench(BenchCommand),
    /// A game-playing agent speaking an engine's line protocol.
    Agent(AgentArgs),
    /// Run the game server (HTTP and WebSocket; see docs/protocol.md).
    Serve(Box<ServeArgs>),
}

/// `mancala rules ...`.
#[derive(Debug, Subcommand)]
pub enum RulesCommand {
    /// List the presets with their aliases.
    List,
    /// Print a rule set as TOML, ready to edit (default: the `--rules` ones).
    Show {
        /// A preset name or alias, or a rule file.
        name: Option<String>,
    },
    /// Explain a rule set in words, topic by topic (default: the `--rules`
    /// ones).
    Explain {
        /// A preset name or alias, a spec, or a rule file.
        name: Option<String>,
    },
    /// Check a rule file: exit 0 and a summary if the engine can play it.
    Check {
        /// The `.toml` or `.json` rule file.
        file: PathBuf,
    },
}

/// `mancala perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// The deepest depth to count.
    #[arg(long, short)]
    pub depth: u32,
    /// Moves played from the start before counting.
    #[arg(long, default_value = "")]
    pub moves: String,
}

/// `mancala replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The moves, comma-separated: house numbers from the mover's view, or `swap`.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub moves: String,
    /// A saved game to replay instead (its own rules and events): a JSON
    /// record or the one-line text form (`kalah; 3, 6`), `-` for stdin.
    #[arg(long, value_name = "FILE", conflicts_with = "moves")]
    pub game: Option<PathBuf>,
    /// Print one JSON object instead of the board.
    #[arg(long)]
    pub json: bool,
}

/// `mancala analyse`.
#[derive(Debug, Args)]
pub struct AnalyseArgs {
    /// The moves played from the start.
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Review every move of a saved game instead (a JSON record or the
    /// one-line text form, `-` for stdin): the value before and after
    /// each move, the best move, the value lost and a verdict.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["moves", "time", "ai"])]
    pub game: Option<PathBuf>,
    /// With `--game`: the budget for each position, `solver=NODES,depth=PLIES`
    /// (default `solver=2000000,depth=10`; `--depth` sets the depth).
    #[arg(long, value_name = "BUDGET")]
    pub budget: Option<String>,
    /// With `--game`: an endgame database file (as `mancala solve
    /// --database` writes) for the solver, read only.
    #[arg(long, value_name = "FILE")]
    pub database: Option<PathBuf>,
    /// The searching player when the exact solver cannot finish.
    #[arg(long, default_value = "ai:10", value_name = "SPEC")]
    pub ai: String,
    /// Search depth of the heuristic search (replaces the spec's budget).
    #[arg(long, conflicts_with = "time")]
    pub depth: Option<u32>,
    /// Time for the analysis, e.g. `2s` or `500ms` (replaces the spec's budget).
    #[arg(long, value_name = "DURATION")]
    pub time: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// `mancala solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Moves played from the start before solving.
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Memory for the solver's table, in MiB (default: from the memory
    /// free and the rules, told on stderr).
    #[arg(long, value_name = "MIB")]
    pub table_mb: Option<usize>,
    /// Endgame database of every board with up to this many seeds
    /// (Kalah-like rules; default: from the memory free and the rules,
    /// told on stderr).
    #[arg(long, value_name = "SEEDS")]
    pub database_seeds: Option<usize>,
    /// Read the endgame database from FILE, or build it and save it there
    /// when FILE does not exist (a big database is then built once).
    /// Without it the database is read from, or kept in, the cache
    /// directory (`$MANCALA_CACHE_DIR`, else the platform's, e.g.
    /// `~/.cache/mancala`).
    #[arg(long, value_name = "FILE")]
    pub database: Option<std::path::PathBuf>,
    /// Build the endgame database for this solve alone: neither read it
    /// from the cache directory nor keep it there.
    #[arg(long, conflicts_with = "database")]
    pub no_database_cache: bool,
}

/// `mancala match`.
#[derive(Debug, Args)]
pub struct MatchArgs {
    /// One player per seat, e.g. `--seat ai:5 --seat random`.
    #[arg(long = "seat", value_name = "SPEC", required = true)]
    pub seats: Vec<String>,
    /// Games to play.
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// The match seed.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Threads (default: the available cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// `mancala bench ...`.
#[derive(Debug, Subcommand)]
pub enum BenchCommand {
    /// Uniform random games: games per second.
    Playouts {
        /// Games to play.
        #[arg(long, default_value_t = 100_000)]
        games: u64,
        /// The seed of the random moves.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Threads to play on (0: one per available core); each plays its
        /// share of the games with its own seed.
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
}

/// `mancala play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// One player per seat, in turn order: `human` or an AI spec such as
    /// `ai:5` (default: `human`, then `ai:5` for the others).
    #[arg(long = "seat", value_name = "SPEC")]
    pub seats: Vec<String>,
    /// Games in a row.
    #[arg(long, default_value_t = 1)]
    pub games: u32,
    /// Keep the same first player in every game (by default the first
    /// player rotates after each game).
    #[arg(long)]
    pub no_rotate: bool,
    /// Time limit per turn, e.g. `30s` or `60s`: on timeout the computer
    /// moves for that seat.
    #[arg(long, value_name = "DURATION")]
    pub time_limit: Option<String>,
    /// The computer seats' time, each its own: a budget per move
    /// (`200ms`), a game clock and its increment (`5m+2s`, `5m+0s`), or
    /// both (`5m+0s,1s`). A level (`ai:5`) keeps its own budget within it;
    /// `alphabeta`, `maxn` or `mcts` think for the time given.
    #[arg(long, value_name = "TIME")]
    pub time: Option<String>,
    /// The computer that gives hints, moves on timeout and takes over
    /// seats handed to it. With `exact` a hint says the exact value where
    /// the solver finishes (`hint: 3 (exact: wins by 4)`).
    #[arg(long, default_value = "ai:8", value_name = "SPEC")]
    pub cpu: String,
    /// The seed of the computer players and, under rules that deal every
    /// game afresh (`layout_seed = each_game`), of the deals. Default 0;
    /// under such rules a random seed, printed on stderr, so that
    /// `--seed N` plays the same session again.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Resume a saved game (its rules, seats and events).
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// An endgame database file (as `mancala solve --database` writes)
    /// for every `exact` player, the seats', `--cpu`'s and so the hint's:
    /// their solver looks up the boards with few seeds left, so they play
    /// perfectly, and hints are exact, from much earlier on. It must have
    /// been built for the game's rules (with `--resume`, the saved game's).
    #[arg(long, value_name = "FILE")]
    pub database: Option<PathBuf>,
    /// Colour: auto (when stdout is a terminal and NO_COLOR is unset),
    /// always or never.
    #[arg(long, default_value = "auto", value_parser = ["auto", "always", "never"])]
    pub color: String,
}

/// `mancala agent`.
#[derive(Debug, Args)]
pub struct AgentArgs {
    /// The protocol: `mankalah` (the University of Manchester Kalah engine).
    #[arg(long, value_parser = ["mankalah"])]
    pub protocol: String,
    /// The player: `alphabeta` thinks for the time `--time` gives it; a
    /// level (`ai:10`) or a spec with a budget keeps its own, within it.
    #[arg(long, default_value = "alphabeta", value_name = "SPEC")]
    pub ai: String,
    /// The seed of the player.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The player's time: a budget per move (`200ms`), a game clock and
    /// its increment (`5m+2s`, `5m+0s`), or both (`5m+0s,1s`). The default
    /// is the ManKalah referee's hour for the game, at most a second a
    /// move.
    #[arg(long, default_value = "1h+0s,1s", value_name = "TIME")]
    pub time: String,
    /// One line on stderr per move: the time allotted, used and left.
    #[arg(long, short)]
    pub verbose: bool,
}

/// `mancala serve`. Every flag can also be set by the environment variable
/// named in its help (`MANCALA_` and the flag's name), for containers and
/// service managers; a flag given on the command line wins.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on (port 0 picks a free port).
    #[arg(
        long,
        env = "MANCALA_ADDR",
        default_value = "127.0.0.1:8080",
        value_name = "HOST:PORT"
    )]
    pub addr: String,
    /// The database: a SQLite file (`mancala.db`, `sqlite://FILE`; created
    /// on first start) or `postgres://USER:PASSWORD@HOST/DATABASE`.
    #[arg(
        long,
        env = "MANCALA_DATABASE",
        default_value = "mancala.db",
        value_name = "FILE|URL"
    )]
    pub database: String,
    /// Another site whose pages may open WebSockets here
    /// (`https://play.example.org`); repeatable. Pages of the server's own
    /// host always may, other sites' never otherwise. `MANCALA_ALLOW_ORIGIN`
    /// takes several, comma-separated.
    #[arg(
        long = "allow-origin",
        env = "MANCALA_ALLOW_ORIGIN",
        value_delimiter = ',',
        value_name = "URL"
    )]
    pub allow_origin: Vec<String>,
    /// How long a player who left is waited for before the computer
    /// (`--cpu`) plays their seat until they come back (`60s`, `2m`).
    #[arg(long, env = "MANCALA_TAKEOVER_AFTER", default_value = "60s", value_name = "DURATION", value_parser = humantime::parse_duration)]
    pub takeover_after: std::time::Duration,
    /// How long a connection may say nothing (no message, no answer to
    /// the server's pings, sent every third of it) before it is dropped
    /// as dead and its player seen away; `0s`: never.
    #[arg(long, env = "MANCALA_SILENCE_LIMIT", default_value = "45s", value_name = "DURATION", value_parser = humantime::parse_duration)]
    pub silence_limit: std::time::Duration,
    /// The computer player for timed-out turns, seats taken over and
    /// resigned seats (`ai:3` is quick and takes what is in front of it).
    #[arg(long, env = "MANCALA_CPU", default_value = "ai:3", value_name = "SPEC")]
    pub cpu: mancala_ai::Spec,
    /// Workers reviewing finished games in the background, each on a
    /// thread of the lowest priority (0: none; the jobs wait).
    #[arg(long, env = "MANCALA_ANALYSIS_WORKERS", default_value_t = mancala_server::DEFAULT_ANALYSIS_WORKERS, value_name = "N")]
    pub analysis_workers: usize,
    /// What a review may search for each position of a game,
    /// `solver=NODES,depth=PLIES` (as `mancala analyse --game --budget`).
    #[arg(
        long,
        env = "MANCALA_ANALYSIS_BUDGET",
        default_value = "solver=2000000,depth=10",
        value_name = "BUDGET"
    )]
    pub analysis_budget: mancala_ai::ReviewBudget,
    /// The most of its time, in percent, that a worker spends reviewing:
    /// after each position it sleeps for the rest (a duty cycle), so that
    /// reviews stay off a busy server's cores.
    #[arg(
        long,
        env = "MANCALA_ANALYSIS_CPU",
        default_value_t = mancala_server::DEFAULT_ANALYSIS_CPU,
        value_parser = clap::value_parser!(u8).range(1..=100),
        value_name = "PERCENT"
    )]
    pub analysis_cpu: u8,
    /// The share of the machine's CPU, in percent, above which the rest
    /// of the server counts as busy: reviews then wait, looking again
    /// every quarter of a second, so that a busy server keeps its round
    /// trip (100: never wait).
    #[arg(
        long,
        env = "MANCALA_ANALYSIS_PAUSE_ABOVE",
        default_value_t = mancala_server::DEFAULT_ANALYSIS_PAUSE_ABOVE,
        value_parser = clap::value_parser!(u8).range(1..=100),
        value_name = "PERCENT"
    )]
    pub analysis_pause_above: u8,
    /// An endgame database file (as `mancala solve --database` writes)
    /// for the reviews of the games of `--analysis-database-rules`, read
    /// once at the start: their verdicts are then exact for more moves.
    #[arg(long, env = "MANCALA_ANALYSIS_DATABASE", value_name = "FILE")]
    pub analysis_database: Option<std::path::PathBuf>,
    /// The rules `--analysis-database` was built for (a spec or a rule
    /// file, as `--rules`): a database file holds only a fingerprint of
    /// its rules. The games of other rules are reviewed without it.
    #[arg(
        long,
        env = "MANCALA_ANALYSIS_DATABASE_RULES",
        default_value = "kalah",
        value_name = "SPEC",
        requires = "analysis_database"
    )]
    pub analysis_database_rules: String,
    /// How long a player waits in a queue of "Play now" before the
    /// computer is offered, in seconds.
    #[arg(
        long,
        env = "MANCALA_QUEUE_WAIT",
        default_value_t = 20,
        value_name = "SECONDS"
    )]
    pub queue_wait: u64,
    /// How the log on stderr is written: `text` (readable) or `json` (one
    /// object a line, for log collectors).
    #[arg(long, env = "MANCALA_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
    /// Which log lines are written: a level (`error`, `warn`, `info`,
    /// `debug`, `trace`) or `tracing` directives such as
    /// `info,mancala_server=debug`.
    #[arg(
        long,
        env = "MANCALA_LOG",
        default_value = "info",
        value_name = "FILTER"
    )]
    pub log: String,
    /// WebSocket connections the server holds at most; more are refused
    /// with 503 `server_full`.
    #[arg(long, env = "MANCALA_MAX_CONNECTIONS", default_value_t = mancala_server::limit::MAX_CONNECTIONS, value_name = "N")]
    pub max_connections: usize,
    /// WebSocket connections one address holds at most; more are refused
    /// with 429 `too_many_connections`.
    #[arg(long, env = "MANCALA_MAX_CONNECTIONS_PER_IP", default_value_t = mancala_server::limit::MAX_CONNECTIONS_PER_IP, value_name = "N")]
    pub max_connections_per_ip: usize,
    /// Players, and rooms, one address may create each minute; more are
    /// refused with 429 `too_many_requests` and `Retry-After`.
    #[arg(long, env = "MANCALA_CREATIONS_PER_MINUTE", default_value_t = mancala_server::limit::CREATIONS_PER_MINUTE, value_name = "N")]
    pub creations_per_minute: u32,
    /// Behind a reverse proxy: the header it names the client's address
    /// in (`X-Forwarded-For`, `X-Real-IP`), whose last address the
    /// per-address limits count; never set it without such a proxy (a
    /// client could name any address).
    #[arg(long, env = "MANCALA_CLIENT_IP_HEADER", value_name = "HEADER")]
    pub client_ip_header: Option<mancala_server::HeaderName>,
    /// This server's name in the rooms' ownership, for several servers on
    /// one PostgreSQL: each needs its own, kept across its restarts (it
    /// takes its rooms back at once). Default: the machine's host name.
    #[arg(long, env = "MANCALA_INSTANCE", value_name = "NAME")]
    pub instance: Option<String>,
    /// How long this server's claim of a room holds unless renewed (every
    /// third of it): another server takes over the rooms of one that died
    /// within it.
    #[arg(long, env = "MANCALA_LEASE", default_value = "6s", value_name = "DURATION", value_parser = humantime::parse_duration)]
    pub lease: std::time::Duration,
    /// This server's URL as the other servers reach it
    /// (`http://10.0.0.1:8080`): a room's socket that reaches another
    /// server is passed on to this one when it owns the room. Default:
    /// `http://` and the address it listens on.
    #[arg(long, env = "MANCALA_ADVERTISE", value_name = "URL")]
    pub advertise: Option<String>,
    /// The most moves one database transaction stores: one writer stores
    /// the moves of many rooms together (group commit), each player told
    /// of a move only once it is committed; 0: each move in a transaction
    /// of its own.
    #[arg(long, env = "MANCALA_COMMIT_BATCH", default_value_t = mancala_server::DEFAULT_COMMIT_BATCH, value_name = "N")]
    pub commit_batch: usize,
    /// The database connections rooms are loaded on, on PostgreSQL,
    /// beside the server's pool of ten: a takeover's loads and the other
    /// queries (clients' checks, moves' commits, leases) then never wait
    /// for each other; 0: on the one pool. SQLite loads on its one pool.
    #[arg(long, env = "MANCALA_LOAD_CONNECTIONS", default_value_t = mancala_server::DEFAULT_LOAD_CONNECTIONS, value_name = "N")]
    pub load_connections: u32,
}

/// The form of `mancala serve`'s log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// Readable lines.
    Text,
    /// One JSON object a line.
    Json,
}
