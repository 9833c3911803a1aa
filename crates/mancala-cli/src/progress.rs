//! A one-line progress display on stderr, shown only when stderr is a
//! terminal (so pipes and logs stay clean).

use std::io::{IsTerminal, Write};
use std::time::Instant;

/// A progress line redrawn in place.
pub struct Bar {
    enabled: bool,
    label: &'static str,
    start: Instant,
}

impl Bar {
    /// A bar labelled `label`, drawn only if stderr is a terminal.
    pub fn new(label: &'static str) -> Bar {
        Bar {
            enabled: std::io::stderr().is_terminal(),
            label,
            start: Instant::now(),
        }
    }

    /// Shows `done` of `total` as a bar.
    pub fn update(&self, done: usize, total: usize) {
        if !self.enabled {
            return;
        }
        const WIDTH: usize = 30;
        let filled = (done * WIDTH).checked_div(total).unwrap_or(WIDTH);
        let text = format!(
            "[{}{}] {done}/{total}, {:.1}s",
            "#".repeat(filled),
            "-".repeat(WIDTH - filled),
            self.start.elapsed().as_secs_f64()
        );
        self.message(&text);
    }

    /// Shows a free-form status.
    pub fn message(&self, text: &str) {
        if self.enabled {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[2K{}: {text}", self.label);
            let _ = err.flush();
        }
    }

    /// Clears the line.
    pub fn finish(&self) {
        if self.enabled {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[2K");
            let _ = err.flush();
        }
    }
}
