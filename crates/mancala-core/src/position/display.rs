//! Showing a position: the one-line notation, a drawing of the board,
//! and `Debug`.

use std::fmt;

use super::Position;
use crate::ruleset::Direction;
use crate::side::Side;

impl<'r> Position<'r> {
    /// A multi-line drawing of the board (what `{:#}` prints). Two
    /// players sit facing each other, side 0 below: counter-clockwise,
    /// house 1 is on each player's left and the store on the right; under
    /// `direction = cw` the board is the mirror image (docs/rules.md
    /// section 3), so the seeds are seen going clockwise.
    fn diagram(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self.rules;
        let houses = r.houses();
        let direction = r.rule_set().direction;
        if r.players() == 2 {
            let mirrored = direction == Direction::Cw;
            // A row read left to right: side 0's in its order unless
            // mirrored, side 1's the other way round.
            let row = |mut v: Vec<String>, side: usize, sep: &str| {
                if (side == 1) != mirrored {
                    v.reverse();
                }
                v.join(sep)
            };
            let numbers = || (1..=houses).map(|h| format!("{h:>3}")).collect::<Vec<_>>();
            // A tuzdyk (always empty) shows as `T`, a child as `C`, a weg
            // as its count, `W` and its owner's side (`5W1`).
            let cells = |side: Side| -> Vec<String> {
                let seeds = self.houses(side).iter().enumerate();
                seeds
                    .map(|(i, &n)| {
                        let weg = self.child_owner(side, i + 1).filter(|_| r.wegs);
                        if let Some(owner) = weg {
                            format!("{:>3}", format!("{n}W{owner}"))
                        } else if self.is_tuzdyk(side, i + 1) {
                            format!("{:>3}", "T")
                        } else if self.is_child(side, i + 1) {
                            format!("{:>3}", "C")
                        } else {
                            format!("{n:>3}")
                        }
                    })
                    .collect()
            };
            let (north, south) = (Side::new(1), Side::new(0));
            let (left, right) = if mirrored {
                (south, north)
            } else {
                (north, south)
            };
            let width = 4 * houses;
            writeln!(f, "      {}    side 1", row(numbers(), 1, " "))?;
            writeln!(f, "     [{}]", row(cells(north), 1, "|"))?;
            writeln!(
                f,
                "{:>4} {:width$} {:<4}",
                self.store(left),
                "",
                self.store(right)
            )?;
            writeln!(f, "     [{}]", row(cells(south), 0, "|"))?;
            writeln!(f, "      {}    side 0", row(numbers(), 0, " "))?;
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
        match direction {
            Direction::Ccw => {}
            Direction::Cw => writeln!(f, "seeds travel clockwise")?,
            Direction::Parity => writeln!(
                f,
                "an odd count sows clockwise, an even one counter-clockwise"
            )?,
            Direction::Split => writeln!(f, "each house sows towards the nearer end of its row")?,
            Direction::Opposed => writeln!(f, "side 0 sows counter-clockwise, side 1 clockwise")?,
        }
        let chosen = r.rule_set().direction_choice;
        if !chosen.is_empty() {
            writeln!(
                f,
                "the mover chooses the direction of houses {chosen} (3cw, 3ccw)"
            )?;
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
