//! Positions from and to plain data: a [`Setup`], or counts.

use super::end::Changed;
use super::{Position, State};
use crate::error::{
    ImpossibleChildren, ImpossibleEnd, ImpossiblePie, ImpossibleResignation, ImpossibleTuzdyk,
    SetupError,
};
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
    /// A [`SetupError`] naming the first of these, in this order, that
    /// does not fit the rules: the number of sides, houses or stores, more
    /// than 255 seeds, a side to move that does not exist, a pie-rule state
    /// without the pie rule, a resigned side that does not exist, a tuzdyk
    /// the rules or the board rule out, seeds in a burnt house, more extra moves earned by
    /// captures in this turn than `capture_extra_turn_limit` allows (any,
    /// without a limit), a house barred by `no_undo` that no move could
    /// have barred, or an end that the position
    /// contradicts.
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
        Position::build(
            rules,
            Unchecked {
                sides: setup.houses.iter().map(Vec::as_slice),
                stores: &setup.stores,
                to_move: setup.to_move,
                ply: setup.ply,
                discarded: setup.discarded,
                pie: setup.pie,
                resigned: &setup.resigned,
                tuzdyk: &setup.tuzdyk,
                children: &setup.children,
                own_children: &setup.own_children,
                capture_turns: setup.capture_turns,
                barred: setup.barred,
                over: setup.over,
            },
        )
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
            houses: r.sides().map(|s| self.houses(s).to_vec()).collect(),
            stores: r.sides().map(|s| self.store(s)).collect(),
            to_move: self.to_move().index(),
            ply: self.state.ply,
            pie: self.state.pie,
            discarded: self.state.discarded,
            resigned: resigned.into_iter().map(|(_, s)| s).collect(),
            tuzdyk: if self.state.tuzdyk[..2] == [0; 2] || r.children {
                Vec::new()
            } else {
                self.state.tuzdyk[..2].to_vec()
            },
            children: if self.state.tuzdyk[..2] == [0; 2] || !r.children {
                Vec::new()
            } else {
                self.state.tuzdyk[..2].to_vec()
            },
            own_children: if self.state.tuzdyk[2..] == [0; 2] || !r.wegs {
                Vec::new()
            } else {
                self.state.tuzdyk[2..].to_vec()
            },
            capture_turns: self.state.capture_turns,
            barred: self.state.barred,
            over: self.state.over,
        }
    }

    /// Builds a position straight from counts, without allocating: the
    /// houses of every side one after the other (side 0's house 1 first),
    /// the stores, the side to move and the number of moves played. What
    /// [`Position::from_setup`] does for a [`Setup`] with no pie state,
    /// resignations, tuzdyk, children or end, through the same checks.
    ///
    /// # Errors
    ///
    /// As [`Position::from_setup`]. `houses` is read as sides of
    /// `rules.houses()` houses each, so a slice of the wrong length gives
    /// [`SetupError::Houses`] for its last side when that side is short,
    /// and otherwise [`SetupError::Sides`] with the number of sides it
    /// holds.
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
        Position::build(
            rules,
            Unchecked {
                sides: houses.chunks(rules.houses()),
                stores,
                to_move,
                ply,
                discarded: 0,
                pie: PieState::Pending,
                resigned: &[],
                tuzdyk: &[],
                children: &[],
                own_children: &[],
                capture_turns: 0,
                barred: 0,
                over: None,
            },
        )
    }

    /// The one path from plain data to a position: checks `parts` against
    /// the rules, in the order [`Position::from_setup`] documents, then
    /// applies its end or settles the turn.
    fn build<'a, S>(rules: &'r Rules, parts: Unchecked<'a, S>) -> Result<Position<'r>, SetupError>
    where
        S: ExactSizeIterator<Item = &'a [u8]> + Clone,
    {
        let total = parts.check_counts(rules)?;
        let players = rules.players();
        if parts.to_move >= players {
            return Err(SetupError::ToMove {
                side: parts.to_move,
                players,
            });
        }
        parts.check_pie(rules)?;
        let resigned = parts.resignation_order(players)?;
        let mut cups = [0u8; CUPS];
        for (s, houses) in parts.sides.clone().enumerate() {
            let base = rules.base(s);
            cups[base..base + houses.len()].copy_from_slice(houses);
            cups[rules.store(s)] = parts.stores[s];
        }
        for s in rules.sides() {
            for (h, &seeds) in rules.house_range(s.index()).map(|c| &cups[c]).enumerate() {
                if seeds != 0 && rules.is_burnt(s, h + 1) {
                    return Err(SetupError::BurntHouse {
                        side: s.index(),
                        house: h + 1,
                        seeds,
                    });
                }
            }
        }
        check_capacity(rules, &cups)?;
        let [t0, t1] = parts.check_tuzdyk(rules, &cups)?;
        let mut tuzdyk = [t0, t1, 0, 0];
        if !rules.wegs
            && let Some(side) = parts.own_children.iter().position(|&c| c != 0)
        {
            let (set, reason) = (parts.own_children[side], ImpossibleChildren::NotWegs);
            return Err(SetupError::Children { side, set, reason });
        }
        if rules.children {
            tuzdyk = parts.check_children(rules, &cups)?;
        } else if let Some(side) = parts.children.iter().position(|&c| c != 0) {
            let (set, reason) = (parts.children[side], ImpossibleChildren::NotARule);
            return Err(SetupError::Children { side, set, reason });
        }
        let limit = rules.capture_turn_limit;
        if parts.capture_turns > limit {
            return Err(SetupError::CaptureTurns {
                turns: parts.capture_turns,
                limit,
            });
        }
        parts.check_barred(rules, &cups)?;
        let mut pos = Position {
            rules,
            state: State {
                cups,
                ply: parts.ply,
                legal: 0,
                to_move: parts.to_move as u8,
                total: total as u8,
                discarded: parts.discarded,
                pie: parts.pie,
                resigned,
                tuzdyk,
                capture_turns: parts.capture_turns,
                barred: parts.barred,
                over: None,
            },
        };
        pos.end_as_given(parts.over, parts.resigned.len())?;
        if pos.state.over.is_some() || usize::from(pos.state.to_move) != parts.to_move {
            // The turn is over (a pass, or the end): its count with it.
            pos.state.capture_turns = 0;
            pos.state.barred = 0;
        }
        Ok(pos)
    }

    /// Ends the game as `over` says, once the end is checked against the
    /// board; with no end given, ends it if only one player has not
    /// resigned, or else settles the turn (which may end it too).
    fn end_as_given(
        &mut self,
        over: Option<EndReason>,
        nresigned: usize,
    ) -> Result<(), SetupError> {
        let players = self.rules.players();
        match over {
            Some(reason) => {
                let why = match reason {
                    EndReason::Resignation if nresigned + 1 < players => {
                        Some(ImpossibleEnd::PlayersLeft)
                    }
                    EndReason::EmptyFirst if !self.rules.end_empty_first => {
                        Some(ImpossibleEnd::NotARule)
                    }
                    EndReason::EmptyFirst if self.empty_sides() == 0 => {
                        Some(ImpossibleEnd::NoSideEmpty)
                    }
                    EndReason::TakeAll if !self.rules.end_take_all => Some(ImpossibleEnd::NotARule),
                    EndReason::TakeAll if self.empty_sides() == 0 => {
                        Some(ImpossibleEnd::NoSideEmpty)
                    }
                    _ => None,
                };
                if let Some(why) = why {
                    return Err(SetupError::Over { reason, why });
                }
                self.state.over = Some(reason);
            }
            None if nresigned + 1 >= players => self.state.over = Some(EndReason::Resignation),
            None => self.settle(Changed::ALL),
        }
        Ok(())
    }
}

/// A position as given, not yet checked: a [`Setup`]'s fields, borrowed,
/// with the houses as one slice per side (however many there are).
struct Unchecked<'a, S> {
    sides: S,
    stores: &'a [u8],
    to_move: usize,
    ply: u32,
    discarded: u8,
    pie: PieState,
    resigned: &'a [usize],
    tuzdyk: &'a [u8],
    children: &'a [u8],
    own_children: &'a [u8],
    capture_turns: u8,
    barred: u8,
    over: Option<EndReason>,
}

impl<'a, S> Unchecked<'a, S>
where
    S: ExactSizeIterator<Item = &'a [u8]> + Clone,
{
    /// Checks the house `no_undo` bars (`barred=`): none, or under
    /// `no_undo` an end house of the side to move holding one seed, the
    /// only kind a move can bar (docs/rules.md section 4).
    fn check_barred(&self, rules: &Rules, cups: &[u8; CUPS]) -> Result<(), SetupError> {
        let house = self.barred;
        let houses = rules.houses;
        let fits = house == 0
            || (rules.no_undo
                && (house == 1 || house == houses)
                && cups[rules.base(self.to_move) + usize::from(house) - 1] == 1);
        if fits {
            Ok(())
        } else {
            Err(SetupError::Barred { house })
        }
    }

    /// Checks the number of sides, houses and stores, and the seeds in
    /// all; returns the seeds.
    fn check_counts(&self, rules: &Rules) -> Result<usize, SetupError> {
        let (players, houses) = (rules.players(), rules.houses());
        if self.sides.len() != players {
            return Err(SetupError::Sides {
                found: self.sides.len(),
                expected: players,
            });
        }
        if let Some((side, h)) = self
            .sides
            .clone()
            .enumerate()
            .find(|(_, h)| h.len() != houses)
        {
            return Err(SetupError::Houses {
                side,
                found: h.len(),
                expected: houses,
            });
        }
        if self.stores.len() != players {
            return Err(SetupError::Stores {
                found: self.stores.len(),
                expected: players,
            });
        }
        let total: usize = self
            .sides
            .clone()
            .flatten()
            .chain(self.stores)
            .map(|&c| usize::from(c))
            .sum::<usize>()
            + usize::from(self.discarded);
        if total > MAX_SEEDS {
            return Err(SetupError::TooManySeeds {
                total,
                max: MAX_SEEDS,
            });
        }
        Ok(total)
    }

    /// Checks that a pie-rule state other than pending can have happened.
    fn check_pie(&self, rules: &Rules) -> Result<(), SetupError> {
        if self.pie == PieState::Pending {
            return Ok(());
        }
        let reason = if !rules.pie_rule {
            ImpossiblePie::NoPieRule
        } else if self.ply == 0 {
            ImpossiblePie::NoMoveYet
        } else {
            return Ok(());
        };
        Err(SetupError::Pie {
            state: self.pie,
            reason,
        })
    }

    /// Checks the children (`children`, and under `child_kind = weg`
    /// `own_children`) against the rules and the board (docs/rules.md
    /// section 5); returns them as the position keeps them: per side the
    /// opponent's houses, then per side its own.
    fn check_children(&self, rules: &Rules, cups: &[u8; CUPS]) -> Result<[u8; 4], SetupError> {
        let mut owned = [0u8; 4];
        let lists = [(self.children, 0), (self.own_children, 2)];
        for (list, at) in lists {
            for (side, &set) in list.iter().enumerate() {
                if set == 0 {
                    continue;
                }
                let fail = |reason| Err(SetupError::Children { side, set, reason });
                if side >= 2 {
                    return fail(ImpossibleChildren::NoSuchSide);
                }
                if u32::from(set) >> rules.houses != 0 {
                    return fail(ImpossibleChildren::NoSuchHouse);
                }
                owned[at + side] = set;
            }
        }
        // Side 0's own children and side 1's children are both side 0's houses.
        for side in 0..2 {
            let both = owned[2 + side] & owned[1 - side];
            if both != 0 {
                let reason = ImpossibleChildren::Twice;
                return Err(SetupError::Children {
                    side,
                    set: owned[2 + side],
                    reason,
                });
            }
        }
        let mut house_cups = rules.house_range(0).chain(rules.house_range(1));
        if !rules.wegs && house_cups.any(|c| cups[c] != 0 && rules.child_owner(&owned, c).is_some())
        {
            let side = (0..2).find(|&s| owned[s] != 0).unwrap_or(0);
            let (set, reason) = (owned[side], ImpossibleChildren::HoldsSeeds);
            return Err(SetupError::Children { side, set, reason });
        }
        Ok(owned)
    }

    /// Checks the tuzdyks against the rules and the board (docs/rules.md
    /// section 5); returns them per side.
    fn check_tuzdyk(&self, rules: &Rules, cups: &[u8; CUPS]) -> Result<[u8; 2], SetupError> {
        let mut tuzdyk = [0u8; 2];
        for (side, &house) in self.tuzdyk.iter().enumerate() {
            if house == 0 {
                continue;
            }
            let fail = |reason| {
                Err(SetupError::Tuzdyk {
                    side,
                    house,
                    reason,
                })
            };
            if !rules.tuzdyk {
                return fail(ImpossibleTuzdyk::NotARule);
            }
            if side >= 2 {
                return fail(ImpossibleTuzdyk::NoSuchSide);
            }
            if house > rules.houses {
                return fail(ImpossibleTuzdyk::NoSuchHouse);
            }
            if house == rules.houses {
                return fail(ImpossibleTuzdyk::LastHouse);
            }
            if rules.tuzdyk_barred(tuzdyk[1 - side], house) {
                return fail(ImpossibleTuzdyk::Facing);
            }
            tuzdyk[side] = house;
            if rules
                .tuzdyk_cup(&[tuzdyk[0], tuzdyk[1], 0, 0], side)
                .is_some_and(|c| cups[c] != 0)
            {
                return fail(ImpossibleTuzdyk::HoldsSeeds);
            }
        }
        Ok(tuzdyk)
    }

    /// Per side: 0, or its place in the order of resignations (1 = first),
    /// once the resigned sides are checked.
    fn resignation_order(&self, players: usize) -> Result<[u8; MAX_PLAYERS], SetupError> {
        let mut resigned = [0u8; MAX_PLAYERS];
        for (k, &side) in self.resigned.iter().enumerate() {
            if side >= players {
                return Err(SetupError::Resigned {
                    side,
                    reason: ImpossibleResignation::NoSuchSide,
                });
            }
            if resigned[side] != 0 {
                return Err(SetupError::Resigned {
                    side,
                    reason: ImpossibleResignation::ListedTwice,
                });
            }
            resigned[side] = k as u8 + 1;
        }
        if self.resigned.len() >= players && self.over != Some(EndReason::Resignation) {
            return Err(SetupError::Resigned {
                side: self.resigned[players - 1],
                reason: ImpossibleResignation::EveryoneResigned,
            });
        }
        Ok(resigned)
    }
}

/// Under `capacity` (docs/rules.md section 3), refuses a board whose
/// houses hold more seeds than all of them but one can: a sowing there
/// could find every house full and have nowhere to go. Rules pass this
/// check at the start (`RuleSet::validate`); a set-up position may not.
fn check_capacity(rules: &Rules, cups: &[u8; CUPS]) -> Result<(), SetupError> {
    let capacity = rules.capacity;
    if capacity == 0 {
        return Ok(());
    }
    let seeds: usize = rules
        .sides()
        .flat_map(|s| rules.house_range(s.index()))
        .map(|c| usize::from(cups[c]))
        .sum();
    let most = usize::from(capacity) * (rules.players() * rules.houses() - 1);
    if seeds > most {
        return Err(SetupError::OverCapacity {
            seeds,
            most,
            capacity,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::preset::Preset;
    use crate::ruleset::RuleSet;

    fn setup_error(rules: &Rules, text: &str) -> SetupError {
        let setup: Setup = text.parse().unwrap();
        Position::from_setup(rules, &setup).unwrap_err()
    }

    #[test]
    fn from_setup_names_the_impossible_pie_state_and_why() {
        let kalah = Rules::new(&Preset::Kalah.rules()).unwrap();
        let e = setup_error(
            &kalah,
            "0,5,5,5,5,4:0 4,4,4,4,4,4:0 to=0 ply=2 pie=declined",
        );
        assert_eq!(
            e,
            SetupError::Pie {
                state: PieState::Declined,
                reason: ImpossiblePie::NoPieRule
            }
        );
        assert_eq!(e.to_string(), "pie = declined: the rules have no pie rule");
        let mankalah = Rules::new(&Preset::Mankalah.rules()).unwrap();
        let e = setup_error(
            &mankalah,
            "7,7,7,7,7,7,7:0 7,7,7,7,7,7,7:0 ply=0 pie=swapped",
        );
        assert_eq!(
            e,
            SetupError::Pie {
                state: PieState::Swapped,
                reason: ImpossiblePie::NoMoveYet
            }
        );
        assert_eq!(e.to_string(), "pie = swapped: no move has been played yet");
    }

    #[test]
    fn from_setup_names_the_impossible_resignation_and_why() {
        let kalah = Rules::new(&Preset::Kalah.rules()).unwrap();
        let start = "4,4,4,4,4,4:0 4,4,4,4,4,4:0";
        for (resigned, side, reason, text) in [
            ("2", 2, ImpossibleResignation::NoSuchSide, "no such side"),
            ("1,1", 1, ImpossibleResignation::ListedTwice, "listed twice"),
            (
                "1,0",
                0,
                ImpossibleResignation::EveryoneResigned,
                "every player resigned",
            ),
        ] {
            let e = setup_error(&kalah, &format!("{start} resigned={resigned}"));
            assert_eq!(e, SetupError::Resigned { side, reason });
            assert_eq!(e.to_string(), format!("resigned side {side}: {text}"));
        }
    }

    #[test]
    fn from_setup_names_the_impossible_end_and_why() {
        let over = |rules: &Rules, text: &str| match setup_error(rules, text) {
            SetupError::Over { reason, why } => (reason, why),
            other => panic!("{other:?}"),
        };
        let kalah3 = Rules::new(&RuleSet {
            players: 3,
            ..Preset::Kalah.rules()
        })
        .unwrap();
        let three = "1,1,1,1,1,1:0 1,1,1,1,1,1:0 1,1,1,1,1,1:0";
        assert_eq!(
            over(&kalah3, &format!("{three} resigned=0 over=resignation")),
            (EndReason::Resignation, ImpossibleEnd::PlayersLeft)
        );
        let kalah = Rules::new(&Preset::Kalah.rules()).unwrap();
        let empty = "0,0,0,0,0,0:20 4,4,4,4,4,4:4 over=empty_first";
        assert_eq!(
            over(&kalah, empty),
            (EndReason::EmptyFirst, ImpossibleEnd::NotARule)
        );
        let emptying = Rules::new(&Preset::MancalaBasic.rules()).unwrap();
        let e = setup_error(&emptying, "4,4,4,4,4,4:0 4,4,4,4,4,4:0 over=empty_first");
        assert_eq!(
            e,
            SetupError::Over {
                reason: EndReason::EmptyFirst,
                why: ImpossibleEnd::NoSideEmpty
            }
        );
        assert_eq!(e.to_string(), "over = empty_first: no side is empty");
        assert!(Position::from_setup(&emptying, &empty.parse().unwrap()).is_ok());
    }

    #[test]
    fn from_parts_reads_the_houses_as_whole_sides() {
        let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
        let parts = |houses: &[u8], stores: &[u8], to_move| {
            Position::from_parts(&rules, houses, stores, to_move, 0).unwrap_err()
        };
        // 11 houses: side 1 is short.
        assert_eq!(
            parts(&[4; 11], &[0, 0], 0),
            SetupError::Houses {
                side: 1,
                found: 5,
                expected: 6
            }
        );
        // 13: a third side with one house; 18: three whole sides; none.
        for (n, found) in [(13, 3), (18, 3), (0, 0)] {
            assert_eq!(
                parts(&vec![1; n], &[0, 0], 0),
                SetupError::Sides { found, expected: 2 }
            );
        }
        assert_eq!(
            parts(&[4; 12], &[0], 0),
            SetupError::Stores {
                found: 1,
                expected: 2
            }
        );
        assert_eq!(
            parts(&[4; 12], &[0, 0], 2),
            SetupError::ToMove {
                side: 2,
                players: 2
            }
        );
        assert_eq!(
            parts(&[21; 12], &[4, 0], 0),
            SetupError::TooManySeeds {
                total: 256,
                max: 255
            }
        );
    }
}
