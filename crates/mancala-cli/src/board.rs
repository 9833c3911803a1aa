//! Board drawings for 2, 3 and 4 players, in colour when wanted.

use std::io::IsTerminal;

use mancala_core::{Direction, Effect, Position, Side};

/// Whether to colour the output (plain ANSI escapes).
#[derive(Clone, Copy, Debug)]
pub struct Style {
    color: bool,
}

/// Colours of sides 0 to 3: green, yellow, cyan, magenta.
const SIDE_COLOURS: [&str; 4] = ["32", "33", "36", "35"];

impl Style {
    /// Plain text.
    pub const PLAIN: Style = Style { color: false };

    /// `auto`: colour when stdout is a terminal and `NO_COLOR` is unset;
    /// `always`; `never`.
    pub fn detect(mode: &str) -> Style {
        let color = match mode {
            "always" => true,
            "never" => false,
            _ => std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
        };
        Style { color }
    }

    fn paint(&self, code: &str, text: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// Bold text.
    pub fn bold(&self, text: &str) -> String {
        self.paint("1", text)
    }

    /// Text in `side`'s colour.
    pub fn side(&self, side: Side, text: &str) -> String {
        self.paint(SIDE_COLOURS[side.index() % SIDE_COLOURS.len()], text)
    }

    /// Text for errors.
    pub fn warn(&self, text: &str) -> String {
        self.paint("31", text)
    }
}

/// The board: every side's houses with their numbers (from that side's
/// point of view, house 1 first in sowing order), the stores, and whose
/// turn it is. `labels[side]` names who plays each side. A burnt house (a
/// round of a match, docs/rules.md section 8a) shows as `x`.
pub fn draw(pos: &Position<'_>, labels: &[String], style: &Style) -> String {
    draw_as(pos, labels, style, "game over")
}

/// [`draw`], the result line of a finished game starting with `over`
/// (`round over` for a round of a match).
pub fn draw_as(pos: &Position<'_>, labels: &[String], style: &Style, over: &str) -> String {
    draw_round(pos, pos.rules().houses(), labels, style, over)
}

/// [`draw_as`] for a round of a match whose board has `houses` houses a
/// row (the match's rule set's). In a round of `rounds = territory`
/// after the first, the engine plays on a wider board (docs/rules.md
/// section 8a); this draws the board as the players see it, each house
/// in the colour of the side that plays it this round and numbered as
/// that side moves it, `n*` marking a house of the other row.
pub fn draw_round(
    pos: &Position<'_>,
    houses: usize,
    labels: &[String],
    style: &Style,
    over: &str,
) -> String {
    let painter = Painter { pos, style, houses };
    let mut out = if pos.rules().players() == 2 {
        painter.two_rows(labels)
    } else {
        painter.ring(labels)
    };
    if painter.shows_burnt() {
        out += "        (x: a burnt house, out of play this round)\n";
    }
    if painter.widened() {
        out += "        (n*: a house of this row that the other side plays this round, as its house n)\n";
    }
    out += &status(pos, labels, style, over);
    out
}

/// The pieces of a board drawing.
struct Painter<'a, 'r> {
    pos: &'a Position<'r>,
    style: &'a Style,
    /// The houses a row of the board as the players see it.
    houses: usize,
}

impl Painter<'_, '_> {
    /// Whether the engine plays this round on a wider board than the
    /// players see (a later round of `rounds = territory`).
    fn widened(&self) -> bool {
        self.houses != self.pos.rules().houses()
    }

    /// Whether a house of the board as drawn is burnt.
    fn shows_burnt(&self) -> bool {
        let rules = self.pos.rules();
        if self.widened() {
            rules.sides().any(|row| {
                (1..=self.houses).any(|n| rules.physical_house(self.houses, row, n).is_none())
            })
        } else {
            rules.burnt().iter().any(|&b| b != 0)
        }
    }

    /// `side`'s houses in brackets, house 1 first unless `reverse`; a
    /// tuzdyk (Toguz Kumalak; always empty) shows as `T`, a child (Krur;
    /// always empty) as `C`, a burnt house as `x`.
    fn cells(&self, side: Side, reverse: bool) -> String {
        if self.widened() {
            return self.owned_cells(side, reverse);
        }
        let seeds = self.pos.houses(side).iter().enumerate();
        let mut cells: Vec<String> = seeds
            .map(|(i, n)| {
                if self.pos.is_tuzdyk(side, i + 1) {
                    format!("{:>3}", "T")
                } else if self.pos.is_child(side, i + 1) {
                    format!("{:>3}", "C")
                } else if self.pos.is_burnt(side, i + 1) {
                    format!("{:>3}", "x")
                } else {
                    format!("{n:>3}")
                }
            })
            .collect();
        if reverse {
            cells.reverse();
        }
        self.style.side(side, &format!("[{}]", cells.join("|")))
    }

    /// [`Painter::cells`] on a widened board: row `row` as the players
    /// see it, each house's seeds in the colour of the side that plays
    /// it, `x` for a house nobody plays.
    fn owned_cells(&self, row: Side, reverse: bool) -> String {
        let rules = self.pos.rules();
        let mut cells: Vec<String> = (1..=self.houses)
            .map(|n| match rules.physical_house(self.houses, row, n) {
                Some((owner, h)) => {
                    let seeds = self.pos.houses(owner)[h - 1];
                    self.style.side(owner, &format!("{seeds:>3}"))
                }
                None => format!("{:>3}", "x"),
            })
            .collect();
        if reverse {
            cells.reverse();
        }
        format!("[{}]", cells.join("|"))
    }

    /// The house numbers of `row`, aligned with [`Painter::cells`]: on a
    /// widened board, the number its player moves it by, `n*` for the
    /// other side's.
    fn numbers(&self, row: Side, reverse: bool) -> String {
        let rules = self.pos.rules();
        let mut numbers: Vec<String> = (1..=self.houses)
            .map(|n| {
                if !self.widened() {
                    return format!("{n:>3}");
                }
                match rules.physical_house(self.houses, row, n) {
                    Some((owner, h)) if owner != row => format!("{h:>2}*"),
                    Some((_, h)) => format!("{h:>3}"),
                    None => "   ".to_string(),
                }
            })
            .collect();
        if reverse {
            numbers.reverse();
        }
        numbers.join(" ")
    }

    /// `->` before the side to move.
    fn marker(&self, side: Side) -> String {
        if !self.pos.is_over() && self.pos.to_move() == side {
            self.style.bold("->")
        } else {
            "  ".to_string()
        }
    }

    /// `side`'s store, 3 characters wide, left-aligned when
    /// `align_left`, else right-aligned.
    fn store(&self, side: Side, align_left: bool) -> String {
        let seeds = self.pos.store(side);
        let text = if align_left {
            format!("{seeds:<3}")
        } else {
            format!("{seeds:>3}")
        };
        self.style.side(side, &text)
    }

    /// Two players. Counter-clockwise: side 1 on top, sowing right to
    /// left; side 0 below, left to right; side 1's store on the left,
    /// side 0's on the right. Clockwise (`direction = cw`): the mirror
    /// image. Rows start with 12 characters (marker, side name) before
    /// "["; a house's seeds end 3 characters into its cell.
    fn two_rows(&self, labels: &[String]) -> String {
        let direction = self.pos.rules().rule_set().direction;
        let mirrored = direction == Direction::Cw;
        let width = 4 * self.houses + 3;
        let (north, south) = (Side::new(1), Side::new(0));
        let (left, right) = if mirrored {
            (south, north)
        } else {
            (north, south)
        };
        let mut out = format!(
            "{:13}{}   house numbers of side 1\n",
            "",
            self.numbers(north, !mirrored)
        );
        out += &format!(
            "{}  side 1  {}  {}\n",
            self.marker(north),
            self.cells(north, !mirrored),
            labels[1]
        );
        out += &format!(
            "{:8}{}{:width$}{}\n",
            "",
            self.store(left, false),
            "",
            self.store(right, true),
        );
        out += &format!(
            "{}  side 0  {}  {}\n",
            self.marker(south),
            self.cells(south, mirrored),
            labels[0]
        );
        out += &format!(
            "{:13}{}   house numbers of side 0\n",
            "",
            self.numbers(south, mirrored)
        );
        out += match direction {
            Direction::Ccw => "",
            Direction::Cw => "        (seeds travel clockwise)\n",
            Direction::Parity => {
                "        (an odd count sows clockwise, an even one counter-clockwise)\n"
            }
            Direction::Split => "        (each house sows towards the nearer end of its row)\n",
            Direction::Opposed => "        (side 0 sows counter-clockwise, side 1 clockwise)\n",
        };
        let chosen = self.pos.rules().rule_set().direction_choice;
        if !chosen.is_empty() {
            out += &format!("        (you choose the direction of houses {chosen}: 3cw, 3ccw)\n");
        }
        out
    }

    /// Three or four players: one row per side in sowing order: side 0's
    /// houses, its store, side 1's houses, ... and back to side 0.
    fn ring(&self, labels: &[String]) -> String {
        let rules = self.pos.rules();
        let mut out = format!("{:12}{}   store\n", "", self.numbers(Side::new(0), false));
        for side in rules.sides() {
            out += &format!(
                "{}  side {side} {}  {}  {}\n",
                self.marker(side),
                self.cells(side, false),
                self.store(side, false),
                labels[side.index()]
            );
        }
        out += if rules.rule_set().direction == Direction::Parity {
            "        (an even count sows left to right along each row, then on to the next row;\n         \
             an odd count right to left, then back to the row before)\n"
        } else {
            "        (sowing runs left to right along each row, then on to the next row)\n"
        };
        out
    }
}

/// The line under the board: the result, or whose turn it is.
fn status(pos: &Position<'_>, labels: &[String], style: &Style, over: &str) -> String {
    match pos.outcome() {
        Some(outcome) => style.bold(&format!("{over}: {outcome}")),
        None => {
            let side = pos.to_move();
            let who = if labels[side.index()].is_empty() {
                String::new()
            } else {
                format!(" ({})", labels[side.index()])
            };
            style.bold(&format!("side {side} to move{who}"))
        }
    }
}

/// What a move did, in words: the sowing (which way it went when
/// `direction` is `parity`, and how often it relayed), a capture, an
/// extra turn, the end.
pub fn describe(effect: &Effect, who: &str, direction: Direction) -> String {
    let mut text = match effect.mv {
        mancala_core::Move::Swap => format!("{who} swapped sides (pie rule)"),
        m => {
            let mut t = format!(
                "{who} played {m}: sowed {} seed{}",
                effect.sown,
                if effect.sown == 1 { "" } else { "s" }
            );
            if direction == Direction::Parity {
                t += if direction.reverses(effect.sown) {
                    " clockwise"
                } else {
                    " counter-clockwise"
                };
            }
            // Under relay sowing `sown` is the first lap's seeds and
            // `last` the last lap's landing.
            match effect.relays {
                0 => {}
                1 => t += ", then relayed once",
                n => t += &format!(", then relayed {n} times"),
            }
            if let Some(last) = effect.last {
                t += &format!(", the last in {last}");
            }
            if effect.relay_limited {
                t += " (the relay limit ended the move)";
            }
            t
        }
    };
    if effect.captured > 0 {
        let cups: Vec<String> = effect.captured_cups().map(|c| c.to_string()).collect();
        text += &format!("; captured {} seeds ({})", effect.captured, cups.join(", "));
    }
    if effect.sow_taken > 0 {
        text += &format!("; {} seeds taken while sowing", effect.sow_taken);
    }
    if let Some(cup) = effect.tuzdyk {
        text += &format!("; {cup} is now {who}'s tuzdyk");
    }
    if let Some(cup) = effect.child {
        text += &format!("; {cup} is now {who}'s child");
    }
    if effect.grand_slam {
        text += "; a grand slam";
    }
    if effect.extra_turn {
        text += "; extra turn";
    }
    if let Some(reason) = effect.ended {
        text += &format!("; the game ends ({})", reason.description());
    }
    text
}
