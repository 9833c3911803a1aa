//! `mancala play`: an interactive game for 2 to 4 seats, each a person or
//! the computer, with the web site's match rules (docs/rules.md section 9):
//! several games with the first player rotating, a time limit per turn,
//! seats handed to the computer, resignation, save and resume.

use std::io::{BufRead, Write};
use std::path::Path;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use mancala_ai::arena::{SeatReport, seat_of};
use mancala_ai::{Egdb, MoveValue, Spec, Strategy, TimeControl, Timed};
use mancala_core::{Game, Match, Move, Position, Rounds, RuleSet, Rules, Side, Wdl, format_moves};
use serde::{Deserialize, Serialize};

use crate::analyse::{duration, load_database};
use crate::board::{self, Style};
use crate::cli::{Cli, PlayArgs};
use crate::play_rounds::{self, Record};
use crate::rules_arg::{compile, rule_set};
use crate::{CliError, CliResult};

/// The computer players of the default seats.
const DEFAULT_AI: &str = "ai:5";

const HELP: &str = "\
commands:
  N          sow your house N (1 is the house furthest from your store)
  Ncw Nccw   sow house N clockwise or counter-clockwise, where the rules
             let you choose (the moves offered say which houses)
  swap       swap sides, when the pie rule allows it
  hint       the computer's suggestion
  undo       take back your last move (and the replies to it)
  cpu        hand your seat to the computer for the rest of the session
  resign     give up this game (you rank last)
  save FILE  save the session; resume it with `mancala play --resume FILE`
  quit       leave without saving
  help       this list";

/// A saved session: everything needed to resume it with every player in
/// the same seat.
#[derive(Debug, Serialize, Deserialize)]
struct SaveFile {
    /// Always `mancala-play`.
    format: String,
    /// The current game: its rules, its start when it is not the usual
    /// one, and its events (moves and resignations). In a match in rounds,
    /// its first round.
    record: Game,
    /// In a match in rounds (docs/rules.md section 8a), the whole match:
    /// its rules and each round's events; it is what a resume plays on.
    #[serde(default, rename = "match", skip_serializing_if = "Option::is_none")]
    rounds: Option<Match>,
    /// The seats' players (seats handed to the computer included).
    seats: Vec<String>,
    /// Games in the session.
    games: u32,
    /// The game being played, from 0.
    game: u32,
    /// Whether the first player rotates after each game.
    rotate: bool,
    /// The time limit per turn, if any (e.g. `30s`).
    time_limit: Option<String>,
    /// The computer for hints, timeouts and handed-over seats.
    cpu: String,
    /// The computer seats' time (`--time`), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    time: Option<String>,
    /// The seed of the computer players.
    seed: u64,
    /// The rules deal every game afresh (`layout_seed = each_game`): the
    /// record's rules hold the current game's seed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    deal_each_game: bool,
    /// Each finished game's ranks, one per seat.
    results: Vec<Vec<u8>>,
}

/// What the human typed, or that they did not.
enum Input {
    Line(String),
    Timeout,
    End,
}

/// How a game ended for the session.
enum GameEnd {
    Finished,
    Quit,
}

/// What a person's command did to the turn.
enum Turn {
    /// Nothing changed on the board (help, a hint, a bad move, a save).
    Same,
    /// The board changed: show it again.
    Board,
    /// The person left.
    Quit,
}

/// The computer players of one game.
struct Players {
    /// By seat: the computer that plays it, `None` for a person.
    seats: Vec<Option<Box<dyn Strategy + Send>>>,
    /// The stand-in: resigned sides, turns whose time ran out.
    cpu: Box<dyn Strategy + Send>,
}

impl Session {
    /// Under `layout_seed = each_game`, deals the game about to start
    /// ([`deal_seed`]): its rules, and so its record, name the seed.
    fn deal(&mut self) -> CliResult {
        if self.deal_each_game {
            let each = RuleSet {
                layout_seed: RuleSet::DEAL_EACH_GAME,
                ..*self.rules.rule_set()
            };
            let dealt = each.dealt_for_game(deal_seed(self.seed, self.game_index));
            self.rules = Arc::new(compile(&dealt)?);
        }
        Ok(())
    }
}

impl Players {
    /// Tells every computer player, the stand-in included, that `m` was
    /// played in `before` (see [`Strategy::observe`]).
    fn tell(&mut self, before: &Position<'_>, m: Move) {
        for player in self.seats.iter_mut().flatten() {
            player.observe(before, m);
        }
        self.cpu.observe(before, m);
    }
}

struct Session {
    rules: Arc<Rules>,
    seats: Vec<Spec>,
    games: u32,
    game_index: u32,
    rotate: bool,
    time_limit: Option<(Duration, String)>,
    cpu: Spec,
    /// The computer seats' time, each seat its own clock.
    time: Option<TimeControl>,
    seed: u64,
    /// The rules deal every game afresh (`layout_seed = each_game`):
    /// `rules` hold the current game's deal ([`deal_seed`]).
    deal_each_game: bool,
    /// The endgame database of every exact player (`--database`).
    database: Option<Arc<Egdb>>,
    results: Vec<Vec<u8>>,
    style: Style,
    input: Receiver<String>,
}

/// What an exact value of the hint `m` says, for the mover: `wins by 4`,
/// `draws`, `loses by 2`; `None` unless the hint computer proved it
/// (two players only: with more, a search's "exact" is paranoid).
fn exact_words(pos: &Position<'_>, m: Move, value: Option<MoveValue>) -> Option<String> {
    let value = value.filter(|v| v.exact && v.mv == m && pos.rules().players() == 2)?;
    let difference = value.score_difference()?;
    Some(match value.wdl()? {
        Wdl::Win if difference > 0 => format!("wins by {difference}"),
        Wdl::Win => "wins".to_string(),
        Wdl::Draw => "draws".to_string(),
        Wdl::Loss if difference < 0 => format!("loses by {}", -difference),
        Wdl::Loss => "loses".to_string(),
    })
}

/// What a move did, in words ([`board::describe`]); in a match, the end
/// of a game is the end of a round.
fn said(effect: &mancala_core::Effect, who: &str, pos: &Position<'_>, game: &Record) -> String {
    let text = board::describe(effect, who, pos.rules().rule_set().direction);
    if game.is_match() {
        text.replace("; the game ends (", "; the round ends (")
    } else {
        text
    }
}

/// Runs `mancala play`.
pub fn run(args: &PlayArgs, cli: &Cli) -> CliResult {
    let style = Style::detect(&args.color);
    let (mut session, mut saved) = match &args.resume {
        Some(path) => {
            let (session, game) = resume(path, style)?;
            (session, Some(game))
        }
        None => (new_session(args, cli, style)?, None),
    };
    // The rules are known only now: a saved game brings its own.
    if let Some(file) = &args.database {
        session.database = Some(load_database("--database", file, &session.rules)?);
    }
    // Every computer seat must be buildable before the game starts.
    for (i, spec) in session.seats.iter().enumerate() {
        if !spec.is_human() {
            spec.strategy(&session.rules, 0)
                .map_err(|e| CliError::usage(format!("seat {i} ({spec}): {e}")))?;
        }
    }
    session
        .cpu
        .strategy(&session.rules, 0)
        .map_err(|e| CliError::usage(format!("--cpu {}: {e}", session.cpu)))?;

    while session.game_index < session.games {
        let game = match saved.take() {
            Some(game) => game,
            None => {
                session.deal()?;
                Record::new(&session.rules)
            }
        };
        if session.games > 1 {
            outln!(
                "{}",
                session.style.bold(&format!(
                    "game {} of {}",
                    session.game_index + 1,
                    session.games
                ))
            );
        }
        match session.play_game(game)? {
            GameEnd::Quit => return Ok(()),
            GameEnd::Finished => session.game_index += 1,
        }
    }
    if session.games > 1 {
        session.summary();
    }
    Ok(())
}

/// The seed game `game` (from 0) of a `mancala play` session with
/// `--seed seed` is dealt from under `layout_seed = each_game`
/// ([`RuleSet::dealt_for_game`]): a new deal for every game of the
/// session, the same for the same `--seed`.
fn deal_seed(seed: u64, game: u32) -> u64 {
    seed ^ (u64::from(game) << 32)
}

/// A session's seed: `--seed` if given; otherwise, under rules that deal
/// every game afresh, a random one, printed (on stderr) so that `--seed`
/// deals the same games again; otherwise 0, as before deals existed.
fn session_seed(given: Option<u64>, deals_each_game: bool) -> CliResult<u64> {
    match given {
        Some(seed) => Ok(seed),
        None if deals_each_game => {
            let seed = getrandom::u64()
                .map_err(|e| CliError::runtime(format!("no random seed for the deals: {e}")))?;
            eprintln!("dealing every game from --seed {seed} (give it to deal them again)");
            Ok(seed)
        }
        None => Ok(0),
    }
}

/// A player as written on the command line or in a save file.
fn parse_spec(text: &str, flag: &str) -> CliResult<Spec> {
    text.parse::<Spec>()
        .map_err(|e| CliError::usage(format!("{flag} {text}: {e}")))
}

/// A time limit per turn, kept with its text for the save file.
fn time_limit(text: Option<&String>, flag: &str) -> CliResult<Option<(Duration, String)>> {
    text.map(|t| Ok((duration(t, flag)?, t.clone())))
        .transpose()
}

/// The session and the game in progress of a save file.
fn resume(path: &Path, style: Style) -> CliResult<(Session, Record)> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::usage(format!("cannot read saved game {}: {e}", path.display())))?;
    let save: SaveFile = serde_json::from_str(&text)
        .map_err(|e| CliError::usage(format!("{}: not a saved game: {e}", path.display())))?;
    if save.format != "mancala-play" {
        return Err(CliError::usage(format!(
            "{}: not a saved game of mancala play",
            path.display()
        )));
    }
    let rules = Arc::clone(save.record.rules());
    let record = saved_record(path, save.record, save.rounds)?;
    let n = rules.players();
    if save.seats.len() != n || save.results.iter().any(|r| r.len() != n) {
        return Err(CliError::usage(format!(
            "{}: the saved game does not have one seat per player",
            path.display()
        )));
    }
    let seats = save
        .seats
        .iter()
        .map(|s| parse_spec(s, "saved seat"))
        .collect::<CliResult<Vec<_>>>()?;
    let session = Session {
        rules,
        seats,
        games: save.games.max(1),
        game_index: save.game,
        rotate: save.rotate,
        time_limit: time_limit(save.time_limit.as_ref(), "saved time limit")?,
        cpu: parse_spec(&save.cpu, "saved cpu")?,
        time: time_control(save.time.as_ref(), "saved time")?,
        seed: save.seed,
        deal_each_game: save.deal_each_game,
        database: None,
        results: save.results,
        style,
        input: spawn_reader(),
    };
    Ok((session, record))
}

/// The game of a save file: its match when the rules play rounds.
fn saved_record(path: &Path, record: Game, rounds: Option<Match>) -> CliResult<Record> {
    let set = *record.rules().rule_set();
    match rounds {
        Some(game) if *game.rule_set() == set => Ok(Record::Match(game)),
        Some(_) => Err(CliError::usage(format!(
            "{}: the saved match and its first round have different rules",
            path.display()
        ))),
        None if set.rounds != Rounds::None => Err(CliError::usage(format!(
            "{}: the saved game plays rounds (rounds = {}) but holds no match (\"match\")",
            path.display(),
            set.rounds
        ))),
        None => Ok(Record::Game(record)),
    }
}

/// A new session from the command line.
fn new_session(args: &PlayArgs, cli: &Cli, style: Style) -> CliResult<Session> {
    let set = rule_set(&cli.rules, &cli.set)?;
    let seed = session_seed(args.seed, set.deals_each_game())?;
    let rules = Arc::new(compile(&set.dealt_for_game(deal_seed(seed, 0)))?);
    let n = rules.players();
    let texts: Vec<String> = if args.seats.is_empty() {
        std::iter::once("human".to_string())
            .chain(std::iter::repeat_n(DEFAULT_AI.to_string(), n - 1))
            .collect()
    } else {
        args.seats.clone()
    };
    if texts.len() != n {
        return Err(CliError::usage(format!(
            "--seat given {} times, but these rules seat {n} players",
            texts.len()
        )));
    }
    let seats = texts
        .iter()
        .map(|s| parse_spec(s, "--seat"))
        .collect::<CliResult<Vec<_>>>()?;
    let cpu = parse_spec(&args.cpu, "--cpu")?;
    if cpu.is_human() {
        return Err(CliError::usage(
            "--cpu human: the computer cannot be a person",
        ));
    }
    let time_limit = time_limit(args.time_limit.as_ref(), "--time-limit")?;
    if args.games == 0 {
        return Err(CliError::usage("--games 0: expected at least one game"));
    }
    Ok(Session {
        rules,
        seats,
        games: args.games,
        game_index: 0,
        rotate: !args.no_rotate,
        time_limit,
        cpu,
        time: time_control(args.time.as_ref(), "--time")?,
        seed,
        deal_each_game: set.deals_each_game(),
        database: None,
        results: Vec::new(),
        style,
        input: spawn_reader(),
    })
}

/// The computer seats' time control, from `--time` or a save file.
fn time_control(text: Option<&String>, flag: &str) -> CliResult<Option<TimeControl>> {
    text.map(|t| {
        t.parse::<TimeControl>()
            .map_err(|e| CliError::usage(format!("{flag} {t}: {e}")))
    })
    .transpose()
}

/// Reads stdin lines on a thread, so a turn can time out.
fn spawn_reader() -> Receiver<String> {
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        for line in stdin.lock().lines() {
            let Ok(line) = line else { break };
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    receiver
}

impl Session {
    fn players(&self) -> usize {
        self.rules.players()
    }

    /// The seat playing `side` now (after any pie swap), the first move
    /// rotating between the seats as in a match.
    fn seat_of(&self, pos: &Position<'_>, side: Side) -> usize {
        self.seat_of_player(pos.player_of(side))
    }

    /// The seat that plays `player` (0 = the one who moved first) this game.
    fn seat_of_player(&self, player: usize) -> usize {
        let game = if self.rotate {
            self.game_index as usize
        } else {
            0
        };
        seat_of(game, player, self.players())
    }

    fn label(&self, pos: &Position<'_>, side: Side) -> String {
        let seat = self.seat_of(pos, side);
        let mut text = format!("seat {seat}: {}", self.seats[seat]);
        if pos.has_resigned(side) {
            text += if self.players() > 2 && !pos.is_over() {
                ", resigned (the computer plays on)"
            } else {
                ", resigned"
            };
        }
        text
    }

    fn strategy(&self, spec: &Spec, seat: usize) -> Box<dyn Strategy + Send> {
        let seed = self
            .seed
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .wrapping_add(u64::from(self.game_index) * 16 + seat as u64);
        match self.time {
            Some(control) => Box::new(Timed::new(
                spec.timed_strategy_with_database(
                    &self.rules,
                    seed,
                    &control,
                    self.database.as_ref(),
                )
                .expect("every computer seat was checked before the game"),
                control,
            )),
            None => spec
                .strategy_with_database(&self.rules, seed, self.database.as_ref())
                .expect("every computer seat was checked before the game"),
        }
    }

    /// Asks for a line; `deadline` is when the turn's time runs out.
    fn ask(&self, prompt: &str, deadline: Option<Instant>) -> Input {
        print!("{prompt}");
        let _ = std::io::stdout().flush();
        let result = match deadline {
            Some(deadline) => self
                .input
                .recv_timeout(deadline.saturating_duration_since(Instant::now())),
            None => self
                .input
                .recv()
                .map_err(|_| RecvTimeoutError::Disconnected),
        };
        match result {
            Ok(line) => {
                if !std::io::IsTerminal::is_terminal(&std::io::stdin()) {
                    // Echo scripted input so transcripts read like a session.
                    println!("{line}");
                }
                Input::Line(line)
            }
            Err(RecvTimeoutError::Timeout) => {
                println!();
                Input::Timeout
            }
            Err(RecvTimeoutError::Disconnected) => {
                println!();
                Input::End
            }
        }
    }

    fn play_game(&mut self, mut game: Record) -> CliResult<GameEnd> {
        let n = self.players();
        let mut players = Players {
            seats: (0..n)
                .map(|seat| {
                    let spec = self.seats[seat];
                    (!spec.is_human()).then(|| self.strategy(&spec, seat))
                })
                .collect(),
            cpu: self.strategy(&self.cpu.clone(), n),
        };
        let mut show_board = true;
        let mut deadline: Option<Option<Instant>> = None;
        let mut last_ply = (0, usize::MAX);
        let mut round = game.rounds().len();
        loop {
            // Positions borrow the rules, not the game, so they outlive a
            // move; in a match each round has its own (its burnt houses).
            let rules = game.rules();
            let pos = game.round().position_with(&rules);
            if game.turn_mark() != last_ply {
                // A new turn (a move, a resignation or an undo): a new time limit.
                last_ply = game.turn_mark();
                deadline = None;
            }
            if game.rounds().len() != round {
                self.new_round(&game, round);
                round = game.rounds().len();
                show_board = true;
            }
            if pos.is_over() {
                self.finish(&pos, &game);
                return Ok(GameEnd::Finished);
            }
            let side = pos.to_move();
            let seat = self.seat_of(&pos, side);
            let who = self.label(&pos, side);
            if pos.has_resigned(side) || players.seats[seat].is_some() {
                let by = (!pos.has_resigned(side)).then_some(seat);
                self.computer_moves(&mut game, &pos, &mut players, by, &who)?;
                show_board = true;
                continue;
            }
            if show_board {
                let labels: Vec<String> = self.rules.sides().map(|s| self.label(&pos, s)).collect();
                outln!("");
                if game.is_match() {
                    outln!("{}", self.style.bold(&self.round_header(&game)));
                }
                outln!(
                    "{}",
                    board::draw_round(&pos, self.houses(), &labels, &self.style, "game over")
                );
                show_board = false;
            }
            let legal: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
            let prompt = format!("seat {seat}, your move ({}; help): ", legal.join(" "));
            // The time limit is per turn: bad input does not restart it.
            let deadline = *deadline.get_or_insert_with(|| {
                self.time_limit
                    .as_ref()
                    .map(|(limit, _)| Instant::now() + *limit)
            });
            let line = match self.ask(&prompt, deadline) {
                Input::Line(line) => line,
                Input::End => {
                    outln!("end of input: leaving the game (not saved)");
                    return Ok(GameEnd::Quit);
                }
                Input::Timeout => {
                    let who = format!("time is up: the computer, for {who},");
                    self.computer_moves(&mut game, &pos, &mut players, None, &who)?;
                    show_board = true;
                    continue;
                }
            };
            match self.command(line.trim(), &mut game, &pos, &mut players, &who)? {
                Turn::Quit => return Ok(GameEnd::Quit),
                Turn::Board => show_board = true,
                Turn::Same => {}
            }
        }
    }

    /// The computer plays the turn: `by` the computer of that seat, or the
    /// stand-in (`None`) for a resigned side or a turn out of time.
    fn computer_moves(
        &self,
        game: &mut Record,
        pos: &Position<'_>,
        players: &mut Players,
        by: Option<usize>,
        who: &str,
    ) -> CliResult {
        let strategy = match by {
            Some(seat) => players.seats[seat].as_mut().expect("a computer seat"),
            None => &mut players.cpu,
        };
        let m = strategy
            .choose(pos)
            .ok_or_else(|| CliError::runtime("the computer found no move"))?;
        let effect = game
            .play(m)
            .map_err(|e| CliError::runtime(format!("the computer chose badly: {e}")))?;
        players.tell(pos, m);
        let side = pos.to_move();
        outln!("{}", self.style.side(side, &said(&effect, who, pos, game)));
        Ok(())
    }

    /// Carries out what the person to move typed.
    fn command(
        &mut self,
        line: &str,
        game: &mut Record,
        pos: &Position<'_>,
        players: &mut Players,
        who: &str,
    ) -> CliResult<Turn> {
        let side = pos.to_move();
        let seat = self.seat_of(pos, side);
        let (command, rest) = match line.split_once(char::is_whitespace) {
            Some((c, r)) => (c, r.trim()),
            None => (line, ""),
        };
        match command.to_ascii_lowercase().as_str() {
            "" => {}
            "help" | "?" => outln!("{HELP}"),
            "quit" | "exit" => {
                outln!("leaving the game (not saved)");
                return Ok(Turn::Quit);
            }
            "hint" => {
                let mut hinter = self.strategy(&self.cpu.clone(), self.players() + 1);
                match hinter.choose(pos) {
                    Some(m) => match exact_words(pos, m, hinter.last_value()) {
                        Some(words) => outln!("hint: {m} (exact: {words})"),
                        None => outln!("hint: {m} ({} suggests it)", self.cpu),
                    },
                    None => outln!("no hint: there is no move"),
                }
            }
            "undo" => return Ok(self.undo(game, players)),
            "resign" => {
                game.resign(side)
                    .map_err(|e| CliError::runtime(format!("cannot resign: {e}")))?;
                outln!("{who} resigns");
                return Ok(Turn::Board);
            }
            "cpu" => {
                self.seats[seat] = self.cpu;
                players.seats[seat] = Some(self.strategy(&self.cpu.clone(), seat));
                outln!("seat {seat} is handed to the computer ({})", self.cpu);
            }
            "save" if rest.is_empty() => {
                outln!("{}", self.style.warn("save needs a file name: save FILE"));
            }
            "save" => match self.save(Path::new(rest), game) {
                Ok(()) => outln!("saved to {rest}; resume with: mancala play --resume {rest}"),
                Err(e) => outln!("{}", self.style.warn(&format!("cannot save: {e}"))),
            },
            _ => match line.parse::<Move>() {
                Ok(m) => match game.play(m) {
                    Ok(effect) => {
                        players.tell(pos, m);
                        outln!("{}", self.style.side(side, &said(&effect, who, pos, game)));
                        return Ok(Turn::Board);
                    }
                    Err(e) => outln!("{}", self.style.warn(&format!("{e}; try again"))),
                },
                Err(_) => outln!(
                    "{}",
                    self.style.warn(&format!(
                        "\"{line}\" is not a move or a command: type one of the moves offered, or help"
                    ))
                ),
            },
        }
        Ok(Turn::Same)
    }

    /// Takes back the last move and the computer's replies to it, up to a
    /// person's turn; resignations after a move are taken back with it.
    fn undo(&self, game: &mut Record, players: &Players) -> Turn {
        if !game.has_moves() {
            outln!(
                "{}",
                self.style.warn("nothing to undo: no move has been played")
            );
            return Turn::Same;
        }
        let mut undone = Vec::new();
        while let Some(m) = game.undo_move() {
            undone.push(m);
            let p = game.round().position();
            let s = p.to_move();
            if !p.has_resigned(s) && players.seats[self.seat_of(&p, s)].is_none() {
                break;
            }
        }
        undone.reverse();
        outln!("took back {}", format_moves(&undone));
        Turn::Board
    }

    /// Shows the final board and records the ranks per seat; a match in
    /// rounds says why it ended (its result is its last round's).
    fn finish(&mut self, pos: &Position<'_>, game: &Record) {
        let n = self.players();
        let labels: Vec<String> = self.rules.sides().map(|s| self.label(pos, s)).collect();
        let over = if game.is_match() {
            "match over"
        } else {
            "game over"
        };
        outln!(
            "\n{}",
            board::draw_round(pos, self.houses(), &labels, &self.style, over)
        );
        let rounds = game.rounds();
        let name = |side: Side| self.name(pos, side);
        if let Some(words) =
            play_rounds::match_end(self.rules.rule_set(), game.round(), rounds.len(), &name)
        {
            outln!("{words}");
        }
        let outcome = pos.outcome().expect("the game is over");
        let mut ranks = vec![0u8; n];
        for (player, rank) in outcome.player_ranks().into_iter().enumerate() {
            ranks[self.seat_of_player(player)] = rank;
        }
        for (seat, rank) in ranks.iter().enumerate() {
            outln!("seat {seat} ({}): rank {rank}", self.seats[seat]);
        }
        self.results.push(ranks);
    }

    /// The houses a row of the board as the players see it (the rule
    /// set's; a later round of `rounds = territory` is played on a wider
    /// one, docs/rules.md section 8a).
    fn houses(&self) -> usize {
        usize::from(self.rules.rule_set().houses)
    }

    /// `seat N (spec)`: who plays `side`.
    fn name(&self, pos: &Position<'_>, side: Side) -> String {
        let seat = self.seat_of(pos, side);
        format!("seat {seat} ({})", self.seats[seat])
    }

    /// The line over a match's board: the round, and the rounds each
    /// seat has won so far.
    fn round_header(&self, game: &Record) -> String {
        let rounds = game.rounds();
        let pos = game.round().position();
        let won = mancala_core::rounds_won(rounds);
        let score: Vec<String> = self
            .rules
            .sides()
            .map(|s| format!("seat {} {}", self.seat_of(&pos, s), won[s.index()]))
            .collect();
        format!("round {}; rounds won: {}", rounds.len(), score.join(", "))
    }

    /// The match moved on from round `before` (a move ended rounds) or
    /// back (an undo crossed a round boundary): says how each round ended
    /// and how the next begins.
    fn new_round(&self, game: &Record, before: usize) {
        let rounds = game.rounds();
        if rounds.len() < before {
            outln!("back in round {}", rounds.len());
            return;
        }
        for number in before..rounds.len() {
            let (ended, next) = (&rounds[number - 1], &rounds[number]);
            let end = ended.position();
            let labels: Vec<String> = self.rules.sides().map(|s| self.label(&end, s)).collect();
            outln!(
                "\n{}",
                board::draw_round(&end, self.houses(), &labels, &self.style, "round over")
            );
            let name = |side: Side| self.name(&end, side);
            for line in play_rounds::between_rounds(ended, next, number, self.houses(), &name) {
                outln!("{}", self.style.bold(&line));
            }
        }
    }

    fn summary(&self) {
        outln!("\n{}", self.style.bold("after all games:"));
        for (seat, &spec) in self.seats.iter().enumerate() {
            let mut tally = SeatReport::new(spec);
            for ranks in &self.results {
                tally.add_game(ranks, seat);
            }
            outln!(
                "seat {seat} ({spec}): {} wins, {} draws, {} losses",
                tally.wins,
                tally.draws,
                tally.losses
            );
        }
    }

    /// Writes the session to `path` atomically: a temporary file in the
    /// same directory, then a rename over the target.
    fn save(&self, path: &Path, game: &Record) -> std::io::Result<()> {
        let save = SaveFile {
            format: "mancala-play".to_string(),
            record: game.rounds()[0].clone(),
            rounds: match game {
                Record::Match(m) => Some(m.clone()),
                Record::Game(_) => None,
            },
            seats: self.seats.iter().map(Spec::to_string).collect(),
            games: self.games,
            game: self.game_index,
            rotate: self.rotate,
            time_limit: self.time_limit.as_ref().map(|(_, t)| t.clone()),
            cpu: self.cpu.to_string(),
            time: self.time.map(|t| t.to_string()),
            seed: self.seed,
            deal_each_game: self.deal_each_game,
            results: self.results.clone(),
        };
        let text = serde_json::to_string_pretty(&save).map_err(std::io::Error::other)?;
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => std::path::PathBuf::from("."),
        };
        let name = path
            .file_name()
            .ok_or_else(|| std::io::Error::other("the path names no file"))?;
        let temp = dir.join(format!(
            ".{}.tmp-{}",
            name.to_string_lossy(),
            std::process::id()
        ));
        let written = std::fs::File::create(&temp).and_then(|mut f| {
            f.write_all(text.as_bytes())?;
            f.write_all(b"\n")?;
            f.sync_all()
        });
        if let Err(e) = written.and_then(|()| std::fs::rename(&temp, path)) {
            let _ = std::fs::remove_file(&temp);
            return Err(e);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_ai::{SEED, WIN};
    use mancala_core::Preset;

    /// A value of `place` (1 win, 0 draw, -1 loss) and `difference`
    /// seeds, on the scale of `mancala_ai::terminal_value`.
    fn value(mv: Move, place: i32, difference: i32, exact: bool) -> Option<MoveValue> {
        Some(MoveValue {
            mv,
            value: WIN * place + SEED * difference,
            exact,
        })
    }

    #[test]
    fn a_hint_words_only_a_proven_value_of_its_own_move() {
        let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
        let pos = Position::new(&rules);
        let m = Move::House(3);
        let words = |v| exact_words(&pos, m, v);
        assert_eq!(words(value(m, 1, 4, true)).as_deref(), Some("wins by 4"));
        assert_eq!(words(value(m, 0, 0, true)).as_deref(), Some("draws"));
        assert_eq!(words(value(m, -1, -2, true)).as_deref(), Some("loses by 2"));
        // empty_first: winning with fewer seeds.
        assert_eq!(words(value(m, 1, -3, true)).as_deref(), Some("wins"));
        assert_eq!(words(value(m, 1, 4, false)), None);
        assert_eq!(words(value(Move::House(2), 1, 4, true)), None);
        assert_eq!(words(None), None);
        // With three players a search's "exact" is paranoid: no words.
        let three = mancala_core::KalahOptions {
            players: 3,
            ..Default::default()
        };
        let rules = Rules::new(&three.rules()).unwrap();
        let pos = Position::new(&rules);
        assert_eq!(exact_words(&pos, m, value(m, 1, 4, true)), None);
    }
}
