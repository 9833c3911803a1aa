//! Showing a position: the one-line notation, a drawing of the board,
//! and `Debug`.

use std::fmt;

use super::Position;
use crate::side::Side;

impl<'r> Position<'r> {
    /// A multi-line drawing of the board (what `{:#}` prints).
    fn diagram(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self.rules;
        let houses = r.houses();
        if r.players() == 2 {
            // A tuzdyk (always empty) shows as `T`.
            let cells = |side: Side| -> Vec<String> {
                let seeds = self.houses(side).iter().enumerate();
                seeds
                    .map(|(i, &n)| match self.is_tuzdyk(side, i + 1) {
                        true => format!("{:>3}", "T"),
                        false => format!("{n:>3}"),
                    })
                    .collect()
            };
            let top: Vec<String> = (1..=houses).rev().map(|h| format!("{h:>3}")).collect();
            let (north, south) = (Side::new(1), Side::new(0));
            let north_cells: Vec<String> = cells(north).into_iter().rev().collect();
            let south_cells = cells(south);
            let bottom: Vec<String> = (1..=houses).map(|h| format!("{h:>3}")).collect();
            let width = 4 * houses;
            writeln!(f, "      {}    side 1", top.join(" "))?;
            writeln!(f, "     [{}]", north_cells.join("|"))?;
            writeln!(
                f,
                "{:>4} {:width$} {:<4}",
                self.store(north),
                "",
                self.store(south)
            )?;
            writeln!(f, "     [{}]", south_cells.join("|"))?;
            writeln!(f, "      {}    side 0", bottom.join(" "))?;
        } else {
            for s in r.sides().rev() {
                let cells: Vec<String> = self.houses(s).iter().map(|n| format!("{n:>3}")).collect();
                writeln!(
                    f,
                    "side {s}: [{}] store {:>3}",
                    cells.join("|"),
                    self.store(s)
                )?;
            }
        }
        match self.outcome() {
            Some(outcome) => write!(f, "game over: {outcome}"),
            None => write!(f, "side {} to move", self.to_move()),
        }
    }
}

impl fmt::Display for Position<'_> {
    /// The one-line position notation (see [`Setup`](crate::Setup)); with
    /// `{:#}`, a drawing of the board.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            self.diagram(f)
        } else {
            fmt::Display::fmt(&self.to_setup(), f)
        }
    }
}

impl fmt::Debug for Position<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}
