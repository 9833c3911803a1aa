//! What the engine can play ([`RuleSet::validate`], docs/rules.md section
//! 14), and what a rule set implies about the length of its games.

use super::table::RuleSet;
use super::values::{
    Capture, CaptureBeforeSowing, CaptureSide, ChildKind, Direction, EndCondition, EndSeedsTo,
    FirstMove, GrandSlam, LapCapture, Relay, Rounds, StoresSown,
};
use super::{MAX_HOUSES, MAX_PLAYERS, MAX_SEEDS};
use crate::error::{InvalidReason, RuleError};

impl RuleSet {
    /// Checks that the engine can play these rules.
    ///
    /// # Errors
    ///
    /// A [`RuleError`] naming the first field (and its value) that cannot be
    /// played: a player count outside 2..=4, a house count outside 1..=16, no
    /// seeds, a `layout` that does not give one count per house, gives only
    /// zeros or comes with `rounds`, a `layout_seed` with a `layout` or
    /// with `rounds`, more than 255 seeds in all, an `end_seeds` not below
    /// them, `end_seeds_to = mover` without `end_seeds`, `min_seeds` 0,
    /// `relay_limit` 0,
    /// relay sowing with `direction = parity`, a `direction_choice` house
    /// past `houses`, more than 16 houses and chosen houses together, a
    /// `direction_choice` under `parity`, `direction = split` on an odd
    /// row whose middle house is not in `direction_choice`, relay sowing
    /// with `split` or a `direction_choice`, `lap_capture` without relay
    /// sowing, or with `capture_ends_relay`, `capture_extra_turn` or a
    /// `grand_slam` other than `allowed`, `capture_ends_relay`
    /// without relay sowing, `capture_extra_turn_limit` without
    /// `capture_extra_turn`, `capture_leaves_seed` with
    /// `capture_empty_opposite`, `chain_limit` without `chain`,
    /// `sow_capture_last` without `sow_capture_counts`,
    /// `capture_before_sowing = first_seed` where a lift may hold a single
    /// seed (`min_seeds` below 2, `relay = next`, `lap_capture = next`), `capture_before_sowing
    /// = single_opposite` with 3 or 4 players, `capture_opponent_store`
    /// without `stores_sown = all`, `relay_counts` without relay sowing or
    /// with a count of 0, a count
    /// capture without
    /// counts, a count of 0 in `capture_counts` or `sow_capture_counts`, a
    /// two-player rule (count capture, `gap_opposite` with a gap capture,
    /// `must_feed`, a `grand_slam` other than `allowed`, `pie_rule`,
    /// `tuzdyk`) with 3 or 4 players, a `tuzdyk` with `tuzdyk_count` 0, a
    /// `grand_slam` other than `allowed`, relay sowing or captures while
    /// sowing, `empty_first` together with `any_side_empty`, a
    /// `match_houses` of 0 or more than `houses`, a match in rounds
    /// with the pie rule, a `capacity` with too little room for the
    /// seeds or with rounds, `parity`, a tuzdyk, children,
    /// `reach_opponent` or `single_to_empty`, or a `relay_store` without
    /// `relay = next` and `stores_sown = own` or with a `lap_capture` or
    /// `capture_before_sowing`, or a `pass_store` with 3 or 4 players, a
    /// tuzdyk or children.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Preset, RuleError};
    ///
    /// let mut rules = Preset::Oware.rules();
    /// rules.players = 3;
    /// assert!(matches!(rules.validate(), Err(RuleError::TwoPlayerRule { .. })));
    /// ```
    pub fn validate(&self) -> Result<(), RuleError> {
        let invalid = |field: &'static str, value: String, reason| {
            Err(RuleError::InvalidValue {
                field,
                value,
                reason,
            })
        };
        if !(2..=MAX_PLAYERS).contains(&usize::from(self.players)) {
            return invalid("players", self.players.to_string(), InvalidReason::Players);
        }
        if !(1..=MAX_HOUSES).contains(&usize::from(self.houses)) {
            return invalid("houses", self.houses.to_string(), InvalidReason::Houses);
        }
        if self.seeds == 0 {
            return invalid("seeds", "0".into(), InvalidReason::NoSeeds);
        }
        self.validate_layout()?;
        let total = self.total_seeds();
        if total > MAX_SEEDS {
            return Err(RuleError::TooManySeeds {
                total,
                max: MAX_SEEDS,
            });
        }
        if usize::from(self.end_seeds) >= total {
            let value = self.end_seeds.to_string();
            return invalid("end_seeds", value, InvalidReason::EndSeeds);
        }
        if self.end_seeds_to != EndSeedsTo::Leftover && self.end_seeds == 0 {
            let value = self.end_seeds_to.to_string();
            return invalid(
                "end_seeds_to",
                value,
                InvalidReason::EndSeedsToWithoutEndSeeds,
            );
        }
        if self.min_seeds == 0 {
            return invalid("min_seeds", "0".into(), InvalidReason::MinSeeds);
        }
        if self.relay_limit == 0 {
            return invalid("relay_limit", "0".into(), InvalidReason::RelayLimit);
        }
        if self.relay != Relay::None && self.direction == Direction::Parity {
            return invalid("direction", "parity".into(), InvalidReason::RelayWithParity);
        }
        self.validate_two_ways()?;
        if self.capture_ends_relay && self.relay == Relay::None {
            let reason = InvalidReason::CaptureEndsRelayWithoutRelay;
            return invalid("capture_ends_relay", "true".into(), reason);
        }
        if self.lap_capture != LapCapture::None
            && (self.relay == Relay::None
                || self.capture_ends_relay
                || self.capture_extra_turn
                || self.grand_slam != GrandSlam::Allowed)
        {
            let value = self.lap_capture.to_string();
            return invalid("lap_capture", value, InvalidReason::LapCaptureRelay);
        }
        self.validate_relay_counts()?;
        self.validate_captures()?;
        if self.match_houses == 0 || self.match_houses > self.houses {
            let value = self.match_houses.to_string();
            return invalid("match_houses", value, InvalidReason::MatchHouses);
        }
        if self.rounds != Rounds::None && self.pie_rule {
            return invalid("pie_rule", "true".into(), InvalidReason::RoundsWithPie);
        }
        self.validate_two_player()?;
        self.validate_tuzdyk()?;
        self.validate_territory()?;
        self.validate_children()?;
        self.validate_wegs()?;
        self.validate_capacity()?;
        self.validate_loser_fills()?;
        self.validate_game_mechanics()?;
        let empties = [
            EndCondition::EmptyFirst,
            EndCondition::AnySideEmpty,
            EndCondition::TakeAll,
        ];
        if empties.iter().filter(|&&c| self.end.contains(c)).count() > 1 {
            return invalid("end", self.end.to_string(), InvalidReason::EndsDisagree);
        }
        Ok(())
    }

    /// Refuses the mechanics of single games where they cannot apply
    /// (docs/rules.md section 14): `first_move` with a start that is not
    /// uniform or with rounds; `relay_store` without `relay = next` and
    /// `stores_sown = own`, or with a `lap_capture` or
    /// `capture_before_sowing`; `pass_store` with 3 or 4 players, a
    /// tuzdyk or children; `no_undo` without two players and `direction =
    /// split`, or with an end house in `direction_choice`; `no_sides`
    /// with what it cannot be played with.
    fn validate_game_mechanics(&self) -> Result<(), RuleError> {
        let invalid = |field: &'static str, value: String, reason| {
            Err(RuleError::InvalidValue {
                field,
                value,
                reason,
            })
        };
        if self.first_move != FirstMove::Any
            && (!self.layout.is_uniform() || self.layout_seed != 0 || self.rounds != Rounds::None)
        {
            let value = self.first_move.to_string();
            return invalid("first_move", value, InvalidReason::FirstMoveWith);
        }
        if self.relay_store
            && (self.relay != Relay::Next
                || self.stores_sown != StoresSown::Own
                || self.lap_capture != LapCapture::None
                || self.capture_before_sowing != CaptureBeforeSowing::None)
        {
            return invalid("relay_store", "true".into(), InvalidReason::RelayStoreWith);
        }
        if self.pass_store && (self.players != 2 || self.tuzdyk || self.children) {
            return invalid("pass_store", "true".into(), InvalidReason::PassStoreWith);
        }
        if self.no_undo
            && (self.players != 2
                || self.direction != Direction::Split
                || self.direction_choice.contains(1)
                || self.direction_choice.contains(self.houses))
        {
            return invalid("no_undo", "true".into(), InvalidReason::NoUndoWith);
        }
        if self.no_sides && !self.no_sides_fits() {
            return invalid("no_sides", "true".into(), InvalidReason::NoSidesWith);
        }
        Ok(())
    }

    /// Whether `no_sides` can be played with the other dimensions
    /// (docs/rules.md section 4): two players, at most 8 houses (a move
    /// of the opponent's row is numbered up to `2 x houses`), one track
    /// of houses that both players sow the same way (no store sown, no
    /// `split`, `opposed`, `parity` or chosen direction), and no rule
    /// that reads the mover's own row to sow or to move (relay, capacity,
    /// children, tuzdyk, captures while or before sowing, feeding, a
    /// grand slam rule, `reach_opponent`, `single_to_empty`, `first_move`,
    /// `no_undo`, rounds) or ends the game on an empty side.
    fn no_sides_fits(&self) -> bool {
        let empty_side_ends = [
            EndCondition::AnySideEmpty,
            EndCondition::EmptyFirst,
            EndCondition::TakeAll,
        ]
        .into_iter()
        .any(|c| self.end.contains(c));
        self.players == 2
            && self.houses <= 8
            && self.stores_sown == StoresSown::None
            && matches!(self.direction, Direction::Ccw | Direction::Cw)
            && self.direction_choice.is_empty()
            && self.relay == Relay::None
            && self.capacity == 0
            && !self.children
            && !self.tuzdyk
            && self.sow_capture_counts.is_empty()
            && self.capture_before_sowing == CaptureBeforeSowing::None
            && !self.must_feed
            && self.grand_slam == GrandSlam::Allowed
            && !self.reach_opponent
            && !self.single_to_empty
            && self.first_move == FirstMove::Any
            && !self.no_undo
            && self.rounds == Rounds::None
            && !empty_side_ends
    }

    /// Refuses capture dimensions that need another (a limit without
    /// what it limits, `sow_capture_last` without counts) or contradict
    /// one, and counts of 0: the captures' part of [`RuleSet::validate`],
    /// in its order.
    fn validate_captures(&self) -> Result<(), RuleError> {
        let invalid = |field: &'static str, value: String, reason| {
            Err(RuleError::InvalidValue {
                field,
                value,
                reason,
            })
        };
        if self.capture_extra_turn_limit > 0 && !self.capture_extra_turn {
            let value = self.capture_extra_turn_limit.to_string();
            let reason = InvalidReason::CaptureTurnLimitWithoutCaptureTurn;
            return invalid("capture_extra_turn_limit", value, reason);
        }
        if self.capture_leaves_seed && self.capture_empty_opposite {
            let reason = InvalidReason::LeavesSeedWithEmptyOpposite;
            return invalid("capture_leaves_seed", "true".into(), reason);
        }
        if self.sow_capture_last && self.sow_capture_counts.is_empty() {
            let reason = InvalidReason::SowCaptureLastWithoutCounts;
            return invalid("sow_capture_last", "true".into(), reason);
        }
        self.validate_before_sowing()?;
        if self.chain_limit > 0 && !self.chain {
            let value = self.chain_limit.to_string();
            return invalid("chain_limit", value, InvalidReason::ChainLimitWithoutChain);
        }
        if self.capture == Capture::Count {
            if self.capture_counts.is_empty() {
                return invalid(
                    "capture_counts",
                    "[]".into(),
                    InvalidReason::NoCaptureCounts,
                );
            }
            if self.capture_counts.contains(0) {
                return invalid(
                    "capture_counts",
                    "0".into(),
                    InvalidReason::CaptureCountZero,
                );
            }
        }
        if self.sow_capture_counts.contains(0) {
            let reason = InvalidReason::CaptureCountZero;
            return invalid("sow_capture_counts", "0".into(), reason);
        }
        Ok(())
    }

    /// Refuses a `layout` that is not one count per house, puts no seed
    /// on the board, or comes with a match in rounds (whose rounds after
    /// the first fill `seeds` to a house), and a `layout_seed` with a
    /// `layout` or with rounds.
    fn validate_layout(&self) -> Result<(), RuleError> {
        let counts = self.layout.counts();
        if self.layout_seed != 0 {
            let reason = if !counts.is_empty() {
                InvalidReason::LayoutSeedWithLayout
            } else if self.rounds != Rounds::None {
                InvalidReason::LayoutWithRounds
            } else {
                return Ok(());
            };
            return Err(RuleError::InvalidValue {
                field: "layout_seed",
                value: self.layout_seed.to_string(),
                reason,
            });
        }
        if counts.is_empty() {
            return Ok(());
        }
        let reason = if counts.len() != usize::from(self.houses) {
            InvalidReason::LayoutLength
        } else if counts.iter().all(|&c| c == 0) {
            InvalidReason::LayoutEmpty
        } else if self.rounds != Rounds::None {
            InvalidReason::LayoutWithRounds
        } else {
            return Ok(());
        };
        Err(RuleError::InvalidValue {
            field: "layout",
            value: self.layout.to_string(),
            reason,
        })
    }

    /// Refuses a `capture_opponent_store` without `stores_sown = all`, and
    /// a `capture_before_sowing` the engine cannot play
    /// (docs/rules.md section 14): `first_seed` where a lift may hold a
    /// single seed (`min_seeds` below 2, `relay = next`, or `lap_capture =
    /// next`, which lifts the house after a capture), which would
    /// leave nothing to sow; `single_opposite` with 3 or 4 players, where
    /// no single house is opposite.
    fn validate_before_sowing(&self) -> Result<(), RuleError> {
        if self.capture_opponent_store && self.stores_sown != StoresSown::All {
            return Err(RuleError::InvalidValue {
                field: "capture_opponent_store",
                value: "true".into(),
                reason: InvalidReason::OpponentStoreNotSown,
            });
        }
        let reason = match self.capture_before_sowing {
            CaptureBeforeSowing::None => return Ok(()),
            CaptureBeforeSowing::FirstSeed
                if self.min_seeds < 2
                    || self.relay == Relay::Next
                    || self.lap_capture == LapCapture::Next =>
            {
                InvalidReason::FirstSeedSingleLift
            }
            CaptureBeforeSowing::SingleOpposite if self.players != 2 => {
                InvalidReason::SingleOppositePlayers
            }
            _ => return Ok(()),
        };
        Err(RuleError::InvalidValue {
            field: "capture_before_sowing",
            value: self.capture_before_sowing.to_string(),
            reason,
        })
    }

    /// `relay_counts` (docs/rules.md section 3): only with relay sowing,
    /// and never 0 (a relay lifts a house holding seeds).
    fn validate_relay_counts(&self) -> Result<(), RuleError> {
        let invalid = |value: String, reason| {
            Err(RuleError::InvalidValue {
                field: "relay_counts",
                value,
                reason,
            })
        };
        if self.relay_counts.is_empty() {
            return Ok(());
        }
        if self.relay == Relay::None {
            return invalid(
                self.relay_counts.to_string(),
                InvalidReason::RelayCountsWithoutRelay,
            );
        }
        if self.relay_counts.contains(0) {
            return invalid("0".into(), InvalidReason::RelayCountZero);
        }
        Ok(())
    }

    /// Refuses a `direction_choice` or `direction = split` the engine
    /// cannot play (docs/rules.md section 14): a chosen house past
    /// `houses`, more houses and chosen houses together than a move list
    /// holds, a choice under `parity`, a split odd row whose middle house
    /// is not chosen, and `direction = opposed` with other than two
    /// players. Relay sowing goes the move's way round under each of
    /// them (issue 30).
    fn validate_two_ways(&self) -> Result<(), RuleError> {
        let choice = self.direction_choice;
        let split = self.direction == Direction::Split;
        let opposed = self.direction == Direction::Opposed;
        let (field, value, reason) = if let Some(h) = choice.iter().find(|&h| h > self.houses) {
            (
                "direction_choice",
                h.to_string(),
                InvalidReason::NoSuchHouse,
            )
        } else if usize::from(self.houses) + choice.len() > MAX_HOUSES {
            (
                "direction_choice",
                choice.to_string(),
                InvalidReason::TooManyChoices,
            )
        } else if !choice.is_empty() && self.direction == Direction::Parity {
            (
                "direction_choice",
                choice.to_string(),
                InvalidReason::ChoiceWithParity,
            )
        } else if split && self.houses % 2 == 1 && !choice.contains(self.houses.div_ceil(2)) {
            ("direction", "split".to_string(), InvalidReason::SplitMiddle)
        } else if opposed && self.players != 2 {
            (
                "direction",
                "opposed".to_string(),
                InvalidReason::OpposedPlayers,
            )
        } else {
            return Ok(());
        };
        Err(RuleError::InvalidValue {
            field,
            value,
            reason,
        })
    }

    /// Refuses a tuzdyk the engine cannot play (docs/rules.md section 14):
    /// one made by no seed at all, together with a `grand_slam` rule other
    /// than `allowed` (making a tuzdyk is no capture the grand-slam rule
    /// judges), or with relay sowing or captures while sowing (whose
    /// seeds would pass a tuzdyk before it pays its owner).
    fn validate_tuzdyk(&self) -> Result<(), RuleError> {
        if !self.tuzdyk {
            return Ok(());
        }
        let (field, value, reason) = if self.tuzdyk_count == 0 {
            ("tuzdyk_count", "0".to_string(), InvalidReason::TuzdykCount)
        } else if self.grand_slam != GrandSlam::Allowed {
            let value = self.grand_slam.name().to_string();
            ("grand_slam", value, InvalidReason::TuzdykGrandSlam)
        } else if self.relay != Relay::None {
            (
                "relay",
                self.relay.name().to_string(),
                InvalidReason::TuzdykSowing,
            )
        } else if !self.sow_capture_counts.is_empty() {
            let value = self.sow_capture_counts.to_string();
            ("sow_capture_counts", value, InvalidReason::TuzdykSowing)
        } else {
            return Ok(());
        };
        Err(RuleError::InvalidValue {
            field,
            value,
            reason,
        })
    }

    /// Refuses wegs (`child_kind = weg`) with what the engine does not
    /// play beside them (docs/rules.md section 14): `child_skip`, rounds,
    /// `no_capture_moves`, `capture_extra_turn`, `direction_choice`,
    /// `end_seeds` and the ends that read a side as empty
    /// (`empty_first`, `any_side_empty`, `take_all`), since a weg keeps
    /// seeds nobody may move.
    fn validate_wegs(&self) -> Result<(), RuleError> {
        if !self.children || self.child_kind != ChildKind::Weg {
            return Ok(());
        }
        let empty_ends = [
            EndCondition::EmptyFirst,
            EndCondition::AnySideEmpty,
            EndCondition::TakeAll,
        ];
        let (field, value) = if self.child_skip {
            ("child_skip", "true".to_string())
        } else if self.rounds != Rounds::None {
            ("rounds", self.rounds.name().to_string())
        } else if self.no_capture_moves > 0 {
            ("no_capture_moves", self.no_capture_moves.to_string())
        } else if self.capture_extra_turn {
            ("capture_extra_turn", "true".to_string())
        } else if !self.direction_choice.is_empty() {
            ("direction_choice", self.direction_choice.to_string())
        } else if self.end_seeds > 0 {
            ("end_seeds", self.end_seeds.to_string())
        } else if let Some(end) = empty_ends.iter().find(|&&e| self.end.contains(e)) {
            ("end", end.name().to_string())
        } else {
            return Ok(());
        };
        Err(RuleError::InvalidValue {
            field,
            value,
            reason: InvalidReason::WegWith,
        })
    }

    /// Refuses children the engine cannot play (docs/rules.md section
    /// 14): made by no seed at all, on a board of more than 8 houses a
    /// side, or with a capture, a tuzdyk, captures while sowing, a
    /// capture before sowing (a child holds no seed, so none of them
    /// would see what the house holds in MancalaGames), `reach_opponent`
    /// or `single_to_empty` (their first leg is read off the track, which
    /// `child_skip` changes).
    fn validate_children(&self) -> Result<(), RuleError> {
        if !self.children {
            return Ok(());
        }
        let (field, value, reason) = if self.child_count == 0 {
            ("child_count", "0".to_string(), InvalidReason::ChildCount)
        } else if self.houses > 8 {
            let value = self.houses.to_string();
            ("houses", value, InvalidReason::ChildrenHouses)
        } else if self.capture != Capture::None {
            let value = self.capture.name().to_string();
            ("capture", value, InvalidReason::ChildrenWith)
        } else if self.tuzdyk {
            ("tuzdyk", "true".to_string(), InvalidReason::ChildrenWith)
        } else if !self.sow_capture_counts.is_empty() {
            let value = self.sow_capture_counts.to_string();
            ("sow_capture_counts", value, InvalidReason::ChildrenWith)
        } else if self.capture_before_sowing != CaptureBeforeSowing::None {
            let value = self.capture_before_sowing.name().to_string();
            ("capture_before_sowing", value, InvalidReason::ChildrenWith)
        } else if self.reach_opponent {
            (
                "reach_opponent",
                "true".to_string(),
                InvalidReason::ChildrenWith,
            )
        } else if self.single_to_empty {
            (
                "single_to_empty",
                "true".to_string(),
                InvalidReason::ChildrenWith,
            )
        } else {
            return Ok(());
        };
        Err(RuleError::InvalidValue {
            field,
            value,
            reason,
        })
    }

    /// Refuses a `capacity` the engine cannot play (docs/rules.md section
    /// 14): one that leaves no room for every seed in all the houses but
    /// one (then a sowing could find every house full), and one with
    /// rounds (whose burnt houses shrink the room), `direction = parity`,
    /// a tuzdyk or children (sown by paths that do not skip a full
    /// house), `reach_opponent` or `single_to_empty` (whose first leg is
    /// read off the track, which a full house changes).
    fn validate_capacity(&self) -> Result<(), RuleError> {
        if self.capacity == 0 {
            return Ok(());
        }
        let room =
            usize::from(self.capacity) * (usize::from(self.players) * usize::from(self.houses) - 1);
        let refused = [
            (
                "capacity",
                self.total_seeds() > room,
                self.capacity.to_string(),
            ),
            (
                "rounds",
                self.rounds != Rounds::None,
                self.rounds.to_string(),
            ),
            (
                "direction",
                self.direction == Direction::Parity,
                self.direction.to_string(),
            ),
            ("tuzdyk", self.tuzdyk, "true".to_string()),
            ("children", self.children, "true".to_string()),
            ("reach_opponent", self.reach_opponent, "true".to_string()),
            ("single_to_empty", self.single_to_empty, "true".to_string()),
        ];
        match refused.into_iter().find(|&(_, refused, _)| refused) {
            Some((field, _, value)) => Err(RuleError::InvalidValue {
                field,
                value,
                reason: InvalidReason::Capacity,
            }),
            None => Ok(()),
        }
    }

    /// Refuses a `lot_seed` without `territory_rest = lot`, `territory_rest` without `rounds = territory`, and under it
    /// every dimension that reads a house's place on its row or across
    /// the board, sows a store, or loses seeds from the match: a round
    /// after the first is played on the owners' houses in sowing order
    /// (docs/rules.md section 8a).
    fn validate_territory(&self) -> Result<(), RuleError> {
        use super::values::{CaptureFrom, Leftover, TerritoryRest};
        if self.lot_seed != 0 && self.territory_rest != TerritoryRest::Lot {
            return Err(RuleError::InvalidValue {
                field: "lot_seed",
                value: self.lot_seed.to_string(),
                reason: InvalidReason::LotSeedWithoutLot,
            });
        }
        if self.rounds != Rounds::Territory {
            if self.territory_rest != TerritoryRest::OverHalf {
                return Err(RuleError::InvalidValue {
                    field: "territory_rest",
                    value: self.territory_rest.to_string(),
                    reason: InvalidReason::TerritoryRestWithoutTerritory,
                });
            }
            return Ok(());
        }
        let refused = [
            ("players", self.players != 2, self.players.to_string()),
            ("houses", self.houses > 8, self.houses.to_string()),
            (
                "stores_sown",
                self.stores_sown != StoresSown::None,
                self.stores_sown.to_string(),
            ),
            (
                "capture",
                matches!(self.capture, Capture::Opposite | Capture::Match),
                self.capture.to_string(),
            ),
            (
                "capture_from",
                self.capture_from == CaptureFrom::Opposite,
                self.capture_from.to_string(),
            ),
            ("gap_opposite", self.gap_opposite, "true".into()),
            (
                "capture_before_sowing",
                self.capture_before_sowing == CaptureBeforeSowing::SingleOpposite,
                self.capture_before_sowing.to_string(),
            ),
            ("tuzdyk", self.tuzdyk, "true".into()),
            ("children", self.children, "true".into()),
            ("reach_opponent", self.reach_opponent, "true".into()),
            (
                "direction",
                matches!(self.direction, Direction::Split | Direction::Opposed),
                self.direction.to_string(),
            ),
            (
                "direction_choice",
                !self.direction_choice.is_empty(),
                self.direction_choice.to_string(),
            ),
            (
                "leftover",
                matches!(self.leftover, Leftover::Discard | Leftover::Split),
                self.leftover.to_string(),
            ),
            (
                "cycle_leftover",
                matches!(self.cycle_leftover, Leftover::Discard | Leftover::Split),
                self.cycle_leftover.to_string(),
            ),
            (
                "end",
                self.end.contains(EndCondition::EmptyFirst)
                    || self.end.contains(EndCondition::TakeAll),
                self.end.to_string(),
            ),
        ];
        match refused.into_iter().find(|(_, on, _)| *on) {
            Some((field, _, value)) => Err(RuleError::InvalidValue {
                field,
                value,
                reason: InvalidReason::TerritoryWith,
            }),
            None => Ok(()),
        }
    }

    /// Under `rounds = loser_fills`, refuses what would take a seed off
    /// the winner's houses or store at a round's end, or keep a house's
    /// state the next round cannot start from: more than 2 players (one
    /// loser), a `leftover`, `cycle_leftover` or `end_seeds_to` other than
    /// the owner's, `empty_first` and `take_all` (their seeds go to no
    /// one), a `tuzdyk` and `children` (docs/rules.md section 8a).
    fn validate_loser_fills(&self) -> Result<(), RuleError> {
        use super::values::{EndSeedsTo, Leftover};
        if self.rounds != Rounds::LoserFills {
            return Ok(());
        }
        let refused = [
            ("players", self.players != 2, self.players.to_string()),
            (
                "leftover",
                self.leftover != Leftover::Owner,
                self.leftover.to_string(),
            ),
            (
                "cycle_leftover",
                self.cycle_leftover != Leftover::Owner,
                self.cycle_leftover.to_string(),
            ),
            (
                "end_seeds_to",
                self.end_seeds_to != EndSeedsTo::Leftover,
                self.end_seeds_to.to_string(),
            ),
            (
                "end",
                self.end.contains(EndCondition::EmptyFirst)
                    || self.end.contains(EndCondition::TakeAll),
                self.end.to_string(),
            ),
            ("tuzdyk", self.tuzdyk, "true".into()),
            ("children", self.children, "true".into()),
        ];
        match refused.into_iter().find(|(_, on, _)| *on) {
            Some((field, _, value)) => Err(RuleError::InvalidValue {
                field,
                value,
                reason: InvalidReason::LoserFillsWith,
            }),
            None => Ok(()),
        }
    }

    /// Refuses a two-player rule with 3 or 4 players.
    fn validate_two_player(&self) -> Result<(), RuleError> {
        if self.players <= 2 {
            return Ok(());
        }
        let two_player = [
            ("capture", self.capture == Capture::Count, "count"),
            ("capture", self.capture == Capture::Match, "match"),
            (
                "gap_opposite",
                self.gap_opposite && self.capture == Capture::Gap,
                "true",
            ),
            ("must_feed", self.must_feed, "true"),
            (
                "grand_slam",
                self.grand_slam != GrandSlam::Allowed,
                self.grand_slam.name(),
            ),
            ("pie_rule", self.pie_rule, "true"),
            ("tuzdyk", self.tuzdyk, "true"),
            ("children", self.children, "true"),
            ("end", self.end.contains(EndCondition::TakeAll), "take_all"),
            (
                "capture_side",
                self.capture == Capture::Opposite
                    && matches!(self.capture_side, CaptureSide::Any | CaptureSide::Own),
                self.capture_side.name(),
            ),
        ];
        match two_player.iter().find(|(_, on, _)| *on) {
            Some((field, _, value)) => Err(RuleError::TwoPlayerRule {
                field,
                value: value.to_string(),
                players: self.players,
            }),
            None => Ok(()),
        }
    }

    /// Total seeds in play at the start: `players x houses x seeds`, or
    /// `players` times the sum of the `layout`.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::RuleSet;
    ///
    /// assert_eq!(RuleSet::from_spec("kalah")?.total_seeds(), 48);
    /// let layout = RuleSet::from_spec("kalah,houses=3,layout=5,0,2")?;
    /// assert_eq!(layout.total_seeds(), 14);
    /// # Ok::<(), mancala_core::RuleSpecError>(())
    /// ```
    pub fn total_seeds(&self) -> usize {
        let players = usize::from(self.players);
        if self.layout.is_uniform() {
            players * usize::from(self.houses) * usize::from(self.seeds)
        } else {
            players
                * self
                    .layout
                    .counts()
                    .iter()
                    .map(|&c| usize::from(c))
                    .sum::<usize>()
        }
    }

    /// The seeds house `number` (from 1, in sowing order from the side's
    /// first house) of every side holds at the start: its `layout` count,
    /// or `seeds` under the uniform layout (also for a house the layout
    /// does not reach, which a valid rule set has not).
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::RuleSet;
    ///
    /// let rules = RuleSet::from_spec("kalah,houses=3,layout=5,0,2")?;
    /// assert_eq!((1..=3).map(|h| rules.start_seeds(h)).collect::<Vec<_>>(), [5, 0, 2]);
    /// assert_eq!(RuleSet::from_spec("oware")?.start_seeds(6), 4);
    /// # Ok::<(), mancala_core::RuleSpecError>(())
    /// ```
    pub fn start_seeds(&self, number: usize) -> u8 {
        number
            .checked_sub(1)
            .and_then(|i| self.layout.counts().get(i))
            .copied()
            .unwrap_or(self.seeds)
    }

    /// Whether every game under these rules ends after finitely many moves.
    ///
    /// True when every move makes progress: stores are on the track (so any
    /// seed leaving a side passes its owner's store), no move can put its
    /// seeds straight back (`origin = first` with `min_seeds` 1 can) and the
    /// seeds always travel the same way (not `direction = parity`), or when
    /// `repetition` ends cycles (this needs the history a [`Game`](crate::Game)
    /// keeps). [`RuleSet::move_bound`] gives the bound in the first case.
    pub fn always_ends(&self) -> bool {
        self.move_bound().is_some() || self.end.contains(EndCondition::Repetition)
    }

    /// An upper bound on the number of moves of any game from the start
    /// position, when every move makes progress (see [`RuleSet::always_ends`]).
    ///
    /// Proof sketch: give each seed on the board its distance (in houses) to
    /// its side's store. A move that does not reach the mover's store only
    /// moves seeds towards it, lowering the distance sum by at least 1 (with
    /// `origin = first`, `min_seeds >= 2` keeps at least one seed moving);
    /// a move that reaches it, or captures, adds a seed to a store for good.
    /// Between two store gains the distance sum (at most seeds x houses)
    /// falls, so there are at most `(seeds + 1) x (seeds x houses + 1)`
    /// sowings, plus one pie swap.
    pub fn move_bound(&self) -> Option<u64> {
        if !crate::implied::makes_progress(self) {
            return None;
        }
        let seeds = self.total_seeds() as u64;
        Some(crate::implied::sowing_bound(seeds, u64::from(self.houses)) + 1)
    }
}
