//! Positions from and to plain data: a [`Setup`], or counts.

use super::end::Changed;
use super::{Position, State};
use crate::error::SetupError;
use crate::outcome::EndReason;
use crate::rules::{CUPS, Rules};
use crate::ruleset::{MAX_PLAYERS, MAX_SEEDS};
use crate::setup::{PieState, Setup};

impl<'r> Position<'r> {
    /// Builds a position from a [`Setup`], checking it against the rules.
    ///
    /// If the setup is not marked as over but meets an end condition of the
    /// rules (a side empty under `any_side_empty`, a majority, no legal
    /// move for the side to move, ...), the returned position is over, with
    /// the leftover seeds distributed as the rules say.
    ///
    /// # Errors
    ///
    /// A [`SetupError`] naming what does not fit the rules: the number of
    /// sides, houses or stores, more than 255 seeds, a side to move that
    /// does not exist, a pie-rule state without the pie rule, a resigned
    /// side that does not exist, or an end that the position contradicts.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Position, Preset, Rules, Setup};
    ///
    /// let rules = Rules::new(&Preset::Oware.rules())?;
    /// let setup: Setup = "0,0,0,0,0,1:23 1,0,0,0,0,0:23 to=0".parse()?;
    /// let pos = Position::from_setup(&rules, &setup)?;
    /// assert_eq!(pos.legal_moves().len(), 1);
    ///
    /// let wrong: Setup = "4,4,4:0 4,4,4:0".parse()?;
    /// assert!(Position::from_setup(&rules, &wrong).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_setup(rules: &'r Rules, setup: &Setup) -> Result<Position<'r>, SetupError> {
        let players = rules.players();
        let houses = rules.houses();
        if setup.houses.len() != players {
            return Err(SetupError::Sides {
                found: setup.houses.len(),
                expected: players,
            });
        }
        if let Some((side, h)) = setup
            .houses
            .iter()
            .enumerate()
            .find(|(_, h)| h.len() != houses)
        {
            return Err(SetupError::Houses {
                side,
                found: h.len(),
                expected: houses,
            });
        }
        if setup.stores.len() != players {
            return Err(SetupError::Stores {
                found: setup.stores.len(),
                expected: players,
            });
        }
        let total: usize = setup
            .houses
            .iter()
            .flatten()
            .map(|&c| usize::from(c))
            .sum::<usize>()
            + setup.stores.iter().map(|&c| usize::from(c)).sum::<usize>()
            + usize::from(setup.discarded);
        if total > MAX_SEEDS {
            return Err(SetupError::TooManySeeds {
                total,
                max: MAX_SEEDS,
            });
        }
        if setup.to_move >= players {
            return Err(SetupError::ToMove {
                side: setup.to_move,
                players,
            });
        }
        if setup.pie != PieState::Pending {
            if !rules.pie_rule {
                return Err(SetupError::Pie {
                    state: setup.pie.to_string(),
                    reason: "the rules have no pie rule",
                });
            }
            if setup.ply == 0 {
                return Err(SetupError::Pie {
                    state: setup.pie.to_string(),
                    reason: "no move has been played yet",
                });
            }
        }
        let mut resigned = [0u8; MAX_PLAYERS];
        for (k, &side) in setup.resigned.iter().enumerate() {
            if side >= players {
                return Err(SetupError::Resigned {
                    side,
                    reason: "no such side",
                });
            }
            if resigned[side] != 0 {
                return Err(SetupError::Resigned {
                    side,
                    reason: "listed twice",
                });
            }
            resigned[side] = k as u8 + 1;
        }
        let nresigned = setup.resigned.len();
        if nresigned >= players && setup.over != Some(EndReason::Resignation) {
            return Err(SetupError::Resigned {
                side: setup.resigned[players - 1],
                reason: "every player resigned",
            });
        }
        let mut cups = [0u8; CUPS];
        for s in 0..players {
            for (i, &c) in setup.houses[s].iter().enumerate() {
                cups[rules.base(s) + i] = c;
            }
            cups[rules.store(s)] = setup.stores[s];
        }
        let mut pos = Position {
            rules,
            state: State {
                cups,
                ply: setup.ply,
                legal: 0,
                to_move: setup.to_move as u8,
                total: total as u8,
                discarded: setup.discarded,
                pie: setup.pie,
                resigned,
                over: None,
            },
        };
        match setup.over {
            Some(reason) => {
                let why = match reason {
                    EndReason::Resignation if nresigned + 1 < players => {
                        Some("more than one player has not resigned")
                    }
                    EndReason::EmptyFirst if !rules.end_empty_first => {
                        Some("the rules do not end the game on empty_first")
                    }
                    EndReason::EmptyFirst if pos.empty_sides() == 0 => Some("no side is empty"),
                    _ => None,
                };
                if let Some(why) = why {
                    return Err(SetupError::Over {
                        reason: reason.to_string(),
                        why,
                    });
                }
                pos.state.over = Some(reason);
            }
            None if nresigned + 1 >= players => pos.state.over = Some(EndReason::Resignation),
            None => pos.settle(Changed::ALL),
        }
        Ok(pos)
    }

    /// The setup of this position: what [`Position::from_setup`] and the
    /// position notation read back to this same position.
    pub fn to_setup(&self) -> Setup {
        let r = self.rules;
        let mut resigned: Vec<(u8, usize)> = (0..r.players())
            .filter(|&s| self.state.resigned[s] != 0)
            .map(|s| (self.state.resigned[s], s))
            .collect();
        resigned.sort_unstable();
        Setup {
            houses: (0..r.players()).map(|s| self.houses(s).to_vec()).collect(),
            stores: (0..r.players()).map(|s| self.store(s)).collect(),
            to_move: self.to_move(),
            ply: self.state.ply,
            pie: self.state.pie,
            discarded: self.state.discarded,
            resigned: resigned.into_iter().map(|(_, s)| s).collect(),
            over: self.state.over,
        }
    }

    /// Builds a position straight from counts, without allocating: the
    /// houses of every side one after the other (side 0's house 1 first),
    /// the stores, the side to move and the number of moves played. What
    /// [`Position::from_setup`] does for a [`Setup`] with no pie state,
    /// resignations or end.
    ///
    /// # Errors
    ///
    /// As [`Position::from_setup`].
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Position, Preset, Rules};
    ///
    /// let rules = Rules::new(&Preset::Kalah.rules())?;
    /// let start = Position::from_parts(&rules, &[4; 12], &[0, 0], 0, 0)?;
    /// assert_eq!(start, Position::new(&rules));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_parts(
        rules: &'r Rules,
        houses: &[u8],
        stores: &[u8],
        to_move: usize,
        ply: u32,
    ) -> Result<Position<'r>, SetupError> {
        let (players, per_side) = (rules.players(), rules.houses());
        if houses.len() != players * per_side {
            return Err(SetupError::Houses {
                side: houses.len() / per_side.max(1),
                found: houses.len() % per_side.max(1),
                expected: per_side,
            });
        }
        if stores.len() != players {
            return Err(SetupError::Stores {
                found: stores.len(),
                expected: players,
            });
        }
        if to_move >= players {
            return Err(SetupError::ToMove {
                side: to_move,
                players,
            });
        }
        let total: usize = houses.iter().chain(stores).map(|&c| usize::from(c)).sum();
        if total > MAX_SEEDS {
            return Err(SetupError::TooManySeeds {
                total,
                max: MAX_SEEDS,
            });
        }
        let mut cups = [0u8; CUPS];
        for s in 0..players {
            let base = rules.base(s);
            cups[base..base + per_side].copy_from_slice(&houses[s * per_side..(s + 1) * per_side]);
            cups[rules.store(s)] = stores[s];
        }
        let mut pos = Position {
            rules,
            state: State {
                cups,
                ply,
                legal: 0,
                to_move: to_move as u8,
                total: total as u8,
                discarded: 0,
                pie: PieState::Pending,
                resigned: [0; MAX_PLAYERS],
                over: None,
            },
        };
        pos.settle(Changed::ALL);
        Ok(pos)
    }
}
