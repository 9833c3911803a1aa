//! The `mancala` command line: play a game against the computer, replay
//! and analyse move lists, solve small games, run engine matches, and
//! answer the Manchester Kalah engine's agent protocol.
//!
//! Every game rule comes from `mancala-core` and every search from
//! `mancala-ai`; this crate only reads arguments, draws boards and
//! formats results. Bad input never panics: it gets one line on stderr
//! and exit status 2.

/// Writes a line to stdout; a closed pipe (`mancala perft ... | head`)
/// ends the program quietly instead of panicking.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let mut out = std::io::stdout().lock();
        if writeln!(out, $($arg)*).and_then(|_| out.flush()).is_err() {
            std::process::exit(0);
        }
    }};
}

mod agent;
mod analyse;
mod board;
mod cli;
mod commands;
mod game_file;
mod play;
mod play_rounds;
mod progress;
mod rules_arg;
mod sizing;

use std::process::ExitCode;

use clap::Parser;

/// A failure to report: one line for stderr, and the exit status.
#[derive(Debug)]
pub struct CliError {
    message: String,
    status: u8,
}

impl CliError {
    /// Bad input (arguments, files, moves): exit status 2.
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            status: 2,
        }
    }

    /// A failure while running (I/O): exit status 1.
    pub fn runtime(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            status: 1,
        }
    }
}

/// The result of a subcommand.
pub type CliResult<T = ()> = Result<T, CliError>;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    match commands::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mancala: {}", e.message);
            ExitCode::from(e.status)
        }
    }
}
