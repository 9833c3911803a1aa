//! The subcommands that print and exit: rules, perft, replay, solve,
//! match, bench, and serve (which runs until the process ends).

use std::path::Path;
use std::sync::Mutex;
use std::time::Instant;

use mancala_ai::arena::{MatchOptions, play_dealt_match};
use mancala_ai::{Egdb, PLAYOUT_CAP, Solver, Spec, random_playouts};
use mancala_core::{
    Event, History, Match, Position, Preset, RecordError, Rounds, RuleSet, Rules, Side, perft,
};
use serde_json::{Value, json};

use crate::analyse::load_database;
use crate::board::{self, Style};
use crate::cli::{
    BenchCommand, Cli, Command, LogFormat, MatchArgs, RulesCommand, ServeArgs, SolveArgs,
};
use crate::play_rounds::Record;
use crate::progress::Bar;
use crate::rules_arg::{compile, moves, named_rules_of, read_rule_file, rule_set};
use crate::sizing::DatabaseFile;
use crate::{CliError, CliResult};

/// Runs the command line.
pub fn run(cli: Cli) -> CliResult {
    let rules = || -> CliResult<Rules> { compile(&rule_set(&cli.rules, &cli.set)?) };
    match &cli.command {
        Command::Rules(command) => rules_command(command, &cli),
        Command::Perft(args) => {
            let rules = rules()?;
            let start = replay(&rules, &moves(&args.moves)?)?;
            for depth in 1..=args.depth {
                outln!("{depth} {}", perft(start.position(), depth));
            }
            Ok(())
        }
        Command::Replay(args) => {
            if let Some(path) = &args.game {
                match crate::game_file::read_record(path)? {
                    Record::Game(game) => show_position(&game.position(), args.json),
                    Record::Match(game) => show_match(&game, args.json),
                }
                return Ok(());
            }
            let set = rule_set(&cli.rules, &cli.set)?;
            if set.rounds != Rounds::None {
                compile(&set)?;
                let game = replay_match(&set, &moves(&args.moves)?)?;
                show_match(&game, args.json);
                return Ok(());
            }
            let rules = rules()?;
            let game = replay(&rules, &moves(&args.moves)?)?;
            show_position(game.position(), args.json);
            Ok(())
        }
        Command::Play(args) => crate::play::run(args, &cli),
        Command::Analyse(args) => match &args.game {
            Some(path) => crate::analyse::review(path, args),
            None => crate::analyse::run(&rules()?, args),
        },
        Command::Solve(args) => solve(&rules()?, args),
        Command::Match(args) => run_match(&rule_set(&cli.rules, &cli.set)?, args),
        Command::Bench(BenchCommand::Playouts {
            games,
            seed,
            threads,
        }) => bench_playouts(&rules()?, *games, *seed, *threads),
        Command::Agent(args) => crate::agent::run(args),
        Command::Serve(args) => serve(args),
    }
}

/// `mancala serve`: runs the server until the process ends, logging to
/// stderr through `tracing-subscriber` (the subscriber made for `tracing`:
/// filters, readable and JSON lines).
fn serve(args: &ServeArgs) -> CliResult {
    let filter = tracing_subscriber::EnvFilter::try_new(&args.log)
        .map_err(|e| CliError::usage(format!("--log {}: {e}", args.log)))?;
    let log = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    match args.log_format {
        LogFormat::Text => log.init(),
        LogFormat::Json => log.json().init(),
    }
    let config = mancala_server::Config {
        addr: args.addr.clone(),
        database: args.database.clone(),
        allowed_origins: args.allow_origin.clone(),
        cpu: args.cpu,
        takeover_after: args.takeover_after,
        silence_limit: Some(args.silence_limit).filter(|limit| !limit.is_zero()),
        limits: mancala_server::Limits {
            max_connections: args.max_connections,
            max_connections_per_ip: args.max_connections_per_ip,
            creations_per_minute: args.creations_per_minute,
            client_ip_header: args.client_ip_header.clone(),
            limit_loopback: false,
        },
        queue_wait: std::time::Duration::from_secs(args.queue_wait),
        analysis_workers: args.analysis_workers,
        analysis_budget: args.analysis_budget,
        analysis_cpu: args.analysis_cpu,
        analysis_pause_above: args.analysis_pause_above,
        analysis_database: analysis_database(args)?,
        instance: match &args.instance {
            Some(name) if name.trim().is_empty() => {
                return Err(CliError::usage("--instance: a name, not an empty text"));
            }
            Some(name) => name.trim().to_string(),
            None => mancala_server::default_instance(),
        },
        lease: match args.lease {
            lease if lease < std::time::Duration::from_millis(100) => {
                return Err(CliError::usage(format!(
                    "--lease {}: at least 100ms",
                    humantime::format_duration(lease)
                )));
            }
            lease => lease,
        },
        advertise: args.advertise.clone(),
        commit_batch: args.commit_batch,
        load_connections: args.load_connections,
    };
    mancala_server::serve_blocking(&config, |url| outln!("listening on {url}"))
        .map_err(|e| CliError::runtime(e.to_string()))
}

/// The endgame database of `serve --analysis-database`, read for the
/// rules of `--analysis-database-rules`.
fn analysis_database(args: &ServeArgs) -> CliResult<Option<std::sync::Arc<mancala_ai::Egdb>>> {
    let Some(file) = &args.analysis_database else {
        return Ok(None);
    };
    let spec = &args.analysis_database_rules;
    let set = named_rules_of("--analysis-database-rules", spec)?;
    let rules = Rules::new(&set)
        .map_err(|e| CliError::usage(format!("--analysis-database-rules {spec}: {e}")))?;
    load_database("--analysis-database", file, &rules).map(Some)
}

fn rules_command(command: &RulesCommand, cli: &Cli) -> CliResult {
    match command {
        RulesCommand::List => {
            for preset in Preset::ALL {
                let aliases = preset.aliases();
                let aliases = if aliases.is_empty() {
                    String::new()
                } else {
                    format!(" (also {})", aliases.join(", "))
                };
                outln!("{:<14} {}{aliases}", preset.name(), preset.description());
            }
            outln!("rule files, each played by its name (crates/mancala-core/rules/):");
            for name in mancala_core::shipped_rule_files() {
                let set = mancala_core::shipped_rule_file(name).expect("a shipped file's name");
                let rounds = if set.rounds == mancala_core::Rounds::None {
                    ""
                } else {
                    ", in rounds"
                };
                outln!(
                    "{name:<14} {} players, {} houses of {} seeds{rounds}",
                    set.players,
                    set.houses,
                    set.seeds
                );
            }
            Ok(())
        }
        RulesCommand::Show { name } => {
            let set = rule_set(name.as_deref().unwrap_or(&cli.rules), &cli.set)?;
            outln!("{}", set.to_toml().trim_end());
            Ok(())
        }
        RulesCommand::Explain { name } => {
            let set = rule_set(name.as_deref().unwrap_or(&cli.rules), &cli.set)?;
            let english = mancala_i18n::Words::get(mancala_i18n::FALLBACK)
                .expect("English is the fallback language");
            // The English catalog is complete (mancala-i18n's tests); should
            // a message be missing all the same, say so and print the rest.
            let topics = english.explain(&set).unwrap_or_else(|incomplete| {
                for error in &incomplete.errors {
                    eprintln!("warning: {error}");
                }
                incomplete.words
            });
            for (topic, text) in topics {
                outln!("{topic}: {text}");
            }
            Ok(())
        }
        RulesCommand::Check { file } => {
            let set = read_rule_file(file)?;
            compile(&set.dealt_for_game(0))?;
            // A start layout has a count of its own for each house; a
            // dealt one is dealt from its seed.
            let each = if set.deals_each_game() {
                "seeds dealt afresh for each game".to_string()
            } else if set.layout_seed != 0 {
                format!("seeds dealt from layout_seed {}", set.layout_seed)
            } else if set.layout.is_uniform() {
                format!("{} seeds each", set.seeds)
            } else {
                format!("houses of {} seeds", set.layout)
            };
            outln!(
                "{}: ok ({} players, {} houses, {each}, {} seeds in all)",
                file.display(),
                set.players,
                set.houses,
                set.total_seeds()
            );
            Ok(())
        }
    }
}

/// Prints `pos` as a board and its notation, or as JSON.
fn show_position(pos: &Position<'_>, json: bool) {
    if json {
        outln!("{}", position_json(pos));
    } else {
        let labels: Vec<String> = (0..pos.rules().players()).map(|_| String::new()).collect();
        outln!("{}", board::draw(pos, &labels, &Style::PLAIN));
        outln!("position: {pos}");
    }
}

/// A match in rounds (docs/rules.md section 8a): the round being played
/// (or the last), drawn as [`show_position`] with the round and the
/// rounds each side has won over it and the match line under it; in JSON,
/// [`position_json`] with `round`, `rounds_won`, `burnt` (per side, the
/// burnt house numbers) and `match` (the match line).
fn show_match(game: &Match, json: bool) {
    let pos = game.position();
    let players = pos.rules().players();
    let won = game.rounds_won();
    if json {
        let mut value = position_json(&pos);
        value["round"] = json!(game.round_count());
        value["rounds_won"] = json!(won);
        value["burnt"] = json!(
            pos.rules()
                .sides()
                .map(|s| (1..=pos.rules().houses())
                    .filter(|&h| pos.is_burnt(s, h))
                    .collect::<Vec<_>>())
                .collect::<Vec<_>>()
        );
        value["match"] = json!(game.to_string());
        outln!("{value}");
        return;
    }
    let score: Vec<String> = (0..players)
        .map(|s| format!("side {s} {}", won[s]))
        .collect();
    outln!(
        "round {}; rounds won: {}",
        game.round_count(),
        score.join(", ")
    );
    let labels: Vec<String> = (0..players).map(|_| String::new()).collect();
    // The round being played is over only when the match is.
    outln!(
        "{}",
        board::draw_round(
            &pos,
            usize::from(game.rule_set().houses),
            &labels,
            &Style::PLAIN,
            "match over"
        )
    );
    outln!("position: {pos}");
    outln!("match: {game}");
}

/// Plays `moves` from the start of a match in rounds, on into the next
/// rounds ([`Match::from_events`]); an illegal one is an error naming its
/// place in the list and why.
fn replay_match(set: &RuleSet, moves: &[mancala_core::Move]) -> CliResult<Match> {
    let events: Vec<Event> = moves.iter().map(|&m| Event::Move(m)).collect();
    Match::from_events(set, &events).map_err(|e| match e {
        RecordError::Event { index, error, .. } => {
            CliError::usage(format!("--moves: move {index} of the list: {error}"))
        }
        other => CliError::usage(other.to_string()),
    })
}

/// Plays `moves` from the start; an illegal one is an error naming its
/// place in the list and why.
pub fn replay<'r>(rules: &'r Rules, moves: &[mancala_core::Move]) -> CliResult<History<'r>> {
    History::replay(Position::new(rules), moves)
        .map_err(|e| CliError::usage(format!("--moves: {e}")))
}

/// The JSON description of a position (see the README's `replay --json`).
pub fn position_json(pos: &Position<'_>) -> Value {
    let outcome = pos.outcome();
    json!({
        "position": pos.to_string(),
        "houses": pos.rules().sides().map(|s| pos.houses(s).to_vec()).collect::<Vec<_>>(),
        "stores": pos.scores(),
        "to_move": pos.to_move(),
        "over": pos.is_over(),
        "end_reason": pos.end_reason().map(|r| r.name()),
        "scores": outcome.as_ref().map(|o| o.scores().to_vec()),
        "ranks": outcome.as_ref().map(|o| o.ranks().to_vec()),
        "legal_moves": pos.legal_moves().iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        "ply": pos.ply(),
        // Per side, the opponent's house it made its tuzdyk (Toguz Kumalak).
        "tuzdyk": pos.rules().sides().map(|s| match pos.tuzdyk(s) {
            Some(mancala_core::Cup::House { number, .. }) => Some(number),
            _ => None,
        }).collect::<Vec<_>>(),
        // Per side, the opponent's houses that are its children (Krur).
        "children": pos.rules().sides().map(|s| {
            let other = mancala_core::Side::new(1 - s.index().min(1));
            (1..=pos.rules().houses())
                .filter(|&n| pos.rules().players() == 2 && s != other && pos.is_child(other, n))
                .collect::<Vec<_>>()
        }).collect::<Vec<_>>(),
    })
}

fn solve(rules: &Rules, args: &SolveArgs) -> CliResult {
    if rules.players() != 2 {
        return Err(CliError::usage(format!(
            "solve is for two players; these rules seat {}",
            rules.players()
        )));
    }
    let game = replay(rules, &moves(&args.moves)?)?;
    let pos = *game.position();
    let plan = crate::sizing::solver_options(rules, args);
    // A big solve runs again from the start with huge pages (it returns
    // here only if it does not).
    crate::sizing::restart_with_huge_pages(rules, &plan);
    let (options, mut chosen) = (plan.options, plan.line);
    // Told before a build (it may take long), but after reading a file,
    // so that a file that cannot be used gets its one line alone.
    if !plan.file.exists()
        && let Some(line) = chosen.take()
    {
        eprintln!("{line}");
    }
    let bar = Bar::new("solving");
    bar.message(match plan.file {
        DatabaseFile::Built => "building the endgame database",
        _ => "reading or building the endgame database",
    });
    let mut solver = match &plan.file {
        DatabaseFile::Given(path) => Solver::with_database_file(rules, options, path)
            .map_err(|e| CliError::usage(format!("--database: {e}")))?,
        DatabaseFile::Cached(path) => {
            let database = cached_database(rules, options.database_seeds, path);
            Solver::with_database(rules, options, database)
                .map_err(|e| CliError::usage(e.to_string()))?
        }
        DatabaseFile::Built => {
            Solver::new(rules, options).map_err(|e| CliError::usage(e.to_string()))?
        }
    };
    if let Some(line) = chosen {
        eprintln!("{line}");
    }
    let progress = Mutex::new(Bar::new("solving"));
    solver.set_progress(move |p| {
        let bound = |b: Option<i32>| b.map_or("?".to_string(), |v| v.to_string());
        if let Ok(bar) = progress.lock() {
            bar.message(&format!(
                "pass {}, {} positions, {:.1}s, bounds {}..{}",
                p.passes,
                p.nodes,
                p.elapsed.as_secs_f64(),
                bound(p.lower),
                bound(p.upper)
            ));
        }
    });
    let solution = solver.solve(&pos);
    bar.finish();
    // The solution is for the side to move: turn it into side 0's view.
    let value = if pos.to_move() == Side::new(0) {
        solution.value
    } else {
        -solution.value
    };
    outln!("value {value}");
    match solution.best {
        Some(m) => outln!("best {m}"),
        None => outln!("best none (the game is over)"),
    }
    outln!(
        "positions {} in {:.2}s",
        solution.nodes,
        solution.elapsed.as_secs_f64()
    );
    Ok(())
}

/// The endgame database of `seeds` seeds for `rules` kept in the cache
/// file `path`: read from it, or built and kept there. A cache never
/// stops a solve: a file that cannot be read is built afresh (and
/// replaced), and one that cannot be written is said on stderr.
fn cached_database(rules: &Rules, seeds: usize, path: &Path) -> Option<Egdb> {
    if path.exists() {
        match Egdb::load(path, rules) {
            Ok(database) => return Some(database),
            Err(e) => eprintln!("solver: the cached database is not used ({e}): building it again"),
        }
    }
    let database = Egdb::build(rules, seeds)?;
    let kept = path
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .map_err(|e| e.to_string())
        .and_then(|()| database.save(path).map_err(|e| e.to_string()));
    if let Err(e) = kept {
        eprintln!(
            "solver: the database could not be kept in {} ({e}); solving without keeping it",
            path.display()
        );
    }
    Some(database)
}

/// `mancala match`: under `layout_seed = each_game` every game is dealt
/// its own start from `--seed` and the game's number
/// ([`mancala_ai::arena::play_dealt_match`]); `--json` then lists the
/// seeds (`layout_seeds`, game 1 first).
fn run_match(set: &RuleSet, args: &MatchArgs) -> CliResult {
    compile(&set.dealt_for_game(0))?;
    let seats: Vec<Spec> = args
        .seats
        .iter()
        .map(|s| {
            s.parse::<Spec>()
                .map_err(|e| CliError::usage(format!("--seat {s}: {e}")))
        })
        .collect::<CliResult<_>>()?;
    if args.games == 0 {
        return Err(CliError::usage("--games 0: expected at least one game"));
    }
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let options = MatchOptions {
        games: args.games,
        seed: args.seed,
        threads,
        ..MatchOptions::default()
    };
    let bar = Bar::new("match");
    let report = play_dealt_match(set, &seats, &options, &|done, total| {
        bar.update(done, total)
    })
    .map_err(|e| CliError::usage(format!("--seat: {e}")))?;
    bar.finish();
    if args.json {
        let finite = |x: f64| if x.is_finite() { json!(x) } else { Value::Null };
        let seats: Vec<Value> = report
            .seats
            .iter()
            .map(|s| {
                json!({
                    "spec": s.spec.to_string(),
                    "wins": s.wins,
                    "draws": s.draws,
                    "losses": s.losses,
                    "score": s.score(),
                    "average_rank": s.average_rank(),
                })
            })
            .collect();
        let elo = report.elo.map(|e| {
            json!({"difference": finite(e.difference), "margin": finite(e.margin), "text": e.to_string()})
        });
        let mut out = json!({
            "games": report.games,
            "seats": seats,
            "elo": elo,
            "capped": report.capped,
            "forfeits": report.forfeits,
            "moves": report.moves,
        });
        if set.deals_each_game() {
            let dealt: Vec<u32> = report.records.iter().map(|r| r.layout_seed).collect();
            out["layout_seeds"] = json!(dealt);
        }
        outln!("{out}");
    } else {
        outln!("{report}");
    }
    Ok(())
}

fn bench_playouts(rules: &Rules, games: u64, seed: u64, threads: usize) -> CliResult {
    if games == 0 {
        return Err(CliError::usage("--games 0: expected at least one game"));
    }
    let start = Instant::now();
    let totals = random_playouts(rules, games, seed, threads);
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    outln!(
        "{games} games, {} moves in {secs:.3}s: {:.0} games/s",
        totals.plies,
        games as f64 / secs
    );
    if totals.capped > 0 {
        outln!(
            "{} games ended by agreement after {PLAYOUT_CAP} moves",
            totals.capped
        );
    }
    Ok(())
}
