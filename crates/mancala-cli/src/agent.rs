//! `mancala agent --protocol mankalah`: an agent for the University of
//! Manchester Kalah engine (`ManKalah.jar`), which plays the `mankalah`
//! preset: Kalah(7,7) with the pie rule, the first move earning no extra
//! turn.
//!
//! Lines on stdin and stdout, `\n`-terminated, fields separated by `;`:
//!
//! - engine to agent: `START;South` (we move first) or `START;North`;
//!   `CHANGE;MOVE;STATE;TURN` after every move of either player, where
//!   `MOVE` is a hole `1..=7` or `SWAP`, `STATE` the seven North holes,
//!   North's store, the seven South holes and South's store, and `TURN`
//!   `YOU`, `OPP` or `END`; `END`.
//! - agent to engine: `MOVE;N` or `SWAP` (North's first reply only).
//!
//! South is side 0, North side 1; holes are numbered from each mover's
//! view, hole 1 furthest from their store, as house numbers are here.
//! After a swap the swapper plays South and the board is not mirrored.
//! The engine tells a swap to the other agent only (`CHANGE;SWAP;...;YOU`):
//! the swapper gets no line for its own swap, and its next line reports
//! the opponent's move.
//! The agent keeps its own position, checks every received state against
//! it, and stops with a message on stderr (exit status 2) on a line it
//! cannot accept.
//!
//! Time: the referee gives each agent an hour for all its moves in a game
//! (`agentTimeout`, 3,600,000 ms, counted from its message to the reply)
//! and no increment. The agent keeps its own clock of `--time` (by
//! default `1h+0s,1s`: that hour, and at most a second a move) and gives
//! each move its allocation ([`mancala_ai::allocate`]); `--verbose` says
//! on stderr what each move was given, took and had left.

use std::io::{BufRead, Write};

use mancala_ai::{Spec, Strategy, TimeControl, Timed};
use mancala_core::{Move, Position, Preset, Rules, Side};

use crate::cli::AgentArgs;
use crate::rules_arg::compile;
use crate::{CliError, CliResult};

/// Runs the agent until `END` or the end of input.
pub fn run(args: &AgentArgs) -> CliResult {
    let spec: Spec = args
        .ai
        .parse()
        .map_err(|e| CliError::usage(format!("--ai {}: {e}", args.ai)))?;
    let control: TimeControl = args
        .time
        .parse()
        .map_err(|e| CliError::usage(format!("--time {}: {e}", args.time)))?;
    let rules = compile(&Preset::Mankalah.rules())?;
    let player = spec
        .timed_strategy(&rules, args.seed, &control)
        .map_err(|e| CliError::usage(format!("--ai {}: {e}", args.ai)))?;
    let mut player = Timed::new(player, control);
    let mut agent = Agent {
        rules: &rules,
        pos: Position::new(&rules),
        me: None,
    };
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout();
    for (number, line) in stdin.lock().lines().enumerate() {
        let line = line.map_err(|e| CliError::runtime(format!("reading the engine: {e}")))?;
        let line = line.strip_suffix('\r').unwrap_or(&line);
        let reply = agent
            .handle(line, &mut player)
            .map_err(|e| CliError::usage(format!("line {} \"{line}\": {e}", number + 1)))?;
        match reply {
            Reply::Nothing => {}
            Reply::Send(text) => {
                if args.verbose
                    && let Some(time) = player.last()
                {
                    eprintln!("{}", time_line(&time));
                }
                let sent = writeln!(stdout, "{text}").and_then(|()| stdout.flush());
                if sent.is_err() {
                    return Ok(()); // the engine closed the pipe
                }
            }
            Reply::Stop => return Ok(()),
        }
    }
    Ok(())
}

/// The `--verbose` line of a move: what it was given, took and had.
fn time_line(time: &mancala_ai::MoveTime) -> String {
    let secs = |d: std::time::Duration| format!("{:.6}s", d.as_secs_f64());
    let left = time.left.map_or_else(|| "-".to_string(), secs);
    format!(
        "time: left {left}, soft {}, hard {}, used {}",
        secs(time.allocation.soft),
        secs(time.allocation.hard),
        secs(time.used)
    )
}

enum Reply {
    Nothing,
    Send(String),
    Stop,
}

struct Agent<'r> {
    rules: &'r Rules,
    pos: Position<'r>,
    /// Our player: 0 started as South (moves first), 1 as North.
    me: Option<usize>,
}

impl Agent<'_> {
    fn handle(&mut self, line: &str, player: &mut dyn Strategy) -> Result<Reply, String> {
        let fields: Vec<&str> = line.split(';').collect();
        match fields.as_slice() {
            ["END"] => Ok(Reply::Stop),
            ["START", side] => {
                if self.me.is_some() {
                    return Err("a second START".into());
                }
                let me = match *side {
                    "South" => 0,
                    "North" => 1,
                    _ => return Err("expected START;South or START;North".into()),
                };
                self.me = Some(me);
                if me == 0 {
                    self.reply(player)
                } else {
                    Ok(Reply::Nothing)
                }
            }
            ["CHANGE", mv, state, turn] => {
                let me = self.me.ok_or("CHANGE before START")?;
                let m = match *mv {
                    "SWAP" => Move::Swap,
                    n => match n.parse::<u8>() {
                        Ok(h) if (1..=7).contains(&h) && n.bytes().all(|b| b.is_ascii_digit()) => {
                            Move::House(h)
                        }
                        _ => return Err(format!("bad move \"{n}\": expected 1 to 7 or SWAP")),
                    },
                };
                let state = parse_state(state)?;
                let before = self.pos;
                self.pos
                    .play(m)
                    .map_err(|e| format!("the reported move is not legal here: {e}"))?;
                // Ours or the opponent's: the player is told every move.
                player.observe(&before, m);
                self.check(&state)?;
                match *turn {
                    "YOU" => {
                        if self.pos.is_over() {
                            return Err("YOU, but the game is over".into());
                        }
                        if self.pos.player_to_move() != me {
                            return Err("YOU, but by our count the opponent is to move".into());
                        }
                        self.reply(player)
                    }
                    "OPP" => {
                        if !self.pos.is_over() && self.pos.player_to_move() == me {
                            return Err("OPP, but by our count we are to move".into());
                        }
                        Ok(Reply::Nothing)
                    }
                    "END" => Ok(Reply::Nothing),
                    other => Err(format!("bad turn \"{other}\": expected YOU, OPP or END")),
                }
            }
            _ => {
                Err("expected START;North|South, CHANGE;MOVE;STATE;YOU|OPP|END or END".to_string())
            }
        }
    }

    /// Chooses and plays our move, and says it.
    fn reply(&mut self, player: &mut dyn Strategy) -> Result<Reply, String> {
        let m = player
            .choose(&self.pos)
            .ok_or("asked to move, but there is no legal move")?;
        match m {
            // The engine tells a swap to the other agent only, so our own
            // is played here; the next line reports the opponent's move.
            Move::Swap => {
                let before = self.pos;
                self.pos
                    .play(m)
                    .map_err(|e| format!("our swap is not legal here: {e}"))?;
                player.observe(&before, m);
                Ok(Reply::Send("SWAP".to_string()))
            }
            // A house move comes back in a CHANGE line, which plays it.
            Move::House(n) => Ok(Reply::Send(format!("MOVE;{n}"))),
            // The protocol's Kalah has no directions to choose.
            Move::Directed(..) => Err(format!("the agent protocol cannot say {m}")),
        }
    }

    /// Compares a received state with ours. Once the game is over the
    /// engine may or may not have moved the seeds left into the stores
    /// yet: either is accepted.
    fn check(&self, state: &[u8]) -> Result<(), String> {
        let houses = self.rules.houses();
        let ours = self.state();
        if state == ours.as_slice() {
            return Ok(());
        }
        if self.pos.is_over() {
            // Per side (North first), houses plus store must match our store.
            let side_total = |s: &[u8], block: usize| -> u32 {
                s[block * (houses + 1)..][..=houses]
                    .iter()
                    .map(|&x| u32::from(x))
                    .sum()
            };
            if side_total(state, 0) == u32::from(self.pos.store(Side::new(1)))
                && side_total(state, 1) == u32::from(self.pos.store(Side::new(0)))
            {
                return Ok(());
            }
        }
        let show = |s: &[u8]| s.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
        Err(format!("the state differs from ours ({})", show(&ours)))
    }

    /// Our position in the engine's order: North (side 1) holes and
    /// store, then South (side 0).
    fn state(&self) -> Vec<u8> {
        let (north, south) = (Side::new(1), Side::new(0));
        let mut state = self.pos.houses(north).to_vec();
        state.push(self.pos.store(north));
        state.extend_from_slice(self.pos.houses(south));
        state.push(self.pos.store(south));
        state
    }
}

fn parse_state(text: &str) -> Result<Vec<u8>, String> {
    let values: Vec<u8> = text
        .split(',')
        .map(|t| {
            t.parse::<u8>()
                .map_err(|_| format!("bad state value \"{t}\": expected a number of seeds"))
        })
        .collect::<Result<_, _>>()?;
    if values.len() != 16 {
        return Err(format!(
            "the state has {} values, expected 16 (7 holes and a store per side)",
            values.len()
        ));
    }
    Ok(values)
}
