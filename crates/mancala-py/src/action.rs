//! Action ids: house number minus one from the mover's view, and the
//! number of houses for the pie-rule swap; where the rules let the
//! player choose a sowing direction (`direction_choice`), the first ids
//! sow a chosen house counter-clockwise and `houses` more ids sow it
//! clockwise. Under `rounds = territory` (docs/rules.md section 8a) the
//! ids cover every house a player can own in the match: `2 x houses - 1`
//! of them, id `a` naming the house the round's board numbers `a + 1`
//! (the player's own house `a + 1` for `a < houses`, else the
//! opponent's house `a - houses + 1`), the same in every round. Under
//! `no_sides` (section 4) the ids cover every house of the board, `2 x
//! houses` of them, id `a` naming the move `a + 1` (the opponent's house
//! `a - houses + 1` from `a = houses` on). Reading them from Python.

use mancala_core::{Move, Rounds, Rules, Sense};
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;

/// The ids of house moves: one per house, and one more per house when
/// the rules let the player choose a direction (the clockwise sowings);
/// under `rounds = territory`, one per house a player can own in a later
/// round, whose board has `2 x houses - 1` houses a side (those rules
/// have no direction choice, and neither does a round's board).
fn house_actions(rules: &Rules) -> usize {
    if rules.rule_set().rounds == Rounds::Territory {
        return 2 * rules.houses() - 1;
    }
    // `no_sides` (docs/rules.md section 4): every house of the board, the
    // opponent's house `n` as the move `houses + n` (no direction choice).
    if rules.rule_set().no_sides {
        return 2 * rules.houses();
    }
    let chosen = rules.choice_houses() != 0;
    rules.houses() * (1 + usize::from(chosen))
}

/// The number of action ids of `rules`: one per house (two per house when
/// some house's direction is chosen), one more for the swap when the pie
/// rule is on.
pub fn distinct_actions(rules: &Rules) -> usize {
    house_actions(rules) + usize::from(rules.rule_set().pie_rule)
}

/// The action id of `m`: house `n`'s move, or its counter-clockwise
/// sowing where its direction is chosen, is `n - 1`; its clockwise
/// sowing `houses + n - 1`; the swap comes last.
pub fn action_of(rules: &Rules, m: Move) -> usize {
    match m {
        Move::House(n) | Move::Directed(n, Sense::Ccw) => usize::from(n) - 1,
        Move::Directed(n, Sense::Cw) => rules.houses() + usize::from(n) - 1,
        Move::Swap => house_actions(rules),
    }
}

/// The move of action id `action`, which must be below
/// [`distinct_actions`]. An id no move of the rules has (the clockwise
/// id of a house whose direction is fixed; in the first round of a
/// territory match, a house past the row) is a move that is never legal.
pub fn move_of(rules: &Rules, action: usize) -> Move {
    let houses = rules.houses();
    if action == house_actions(rules) {
        return Move::Swap;
    }
    if rules.choice_houses() == 0 && action >= houses && action < house_actions(rules) {
        // A house the player may own in a later round of a territory
        // match, or the opponent's house under `no_sides`.
        let n = u8::try_from(action + 1).expect("houses fit in a u8");
        return Move::House(n);
    }
    let (h, sense) = if action < houses {
        (action, Sense::Ccw)
    } else {
        (action - houses, Sense::Cw)
    };
    let n = u8::try_from(h + 1).expect("houses fit in a u8");
    let chosen = rules.choice_houses() >> h & 1 == 1;
    if chosen || sense == Sense::Cw {
        Move::Directed(n, sense)
    } else {
        Move::House(n)
    }
}

/// Reads an action id from a Python int (or anything with `__index__`,
/// such as a numpy integer).
///
/// # Errors
///
/// `TypeError` for a value that is not an integer, `ValueError` for one
/// outside `0..distinct_actions(rules)`.
pub fn read_action(rules: &Rules, value: &Bound<'_, PyAny>) -> PyResult<usize> {
    let count = distinct_actions(rules);
    let out_of_range = || {
        PyValueError::new_err(format!(
            "action {value} is out of range: this game's actions are 0..{}",
            count - 1
        ))
    };
    let action = match value.extract::<i64>() {
        Ok(action) => action,
        Err(e) if e.is_instance_of::<PyOverflowError>(value.py()) => return Err(out_of_range()),
        Err(_) => {
            return Err(PyTypeError::new_err(format!(
                "an action must be an int, not {}",
                type_name(value)
            )));
        }
    };
    usize::try_from(action)
        .ok()
        .filter(|&a| a < count)
        .ok_or_else(out_of_range)
}

/// The name of `value`'s type, for error messages.
pub fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "an unknown type".to_owned(), |n| n.to_string())
}

/// Reads a count or seed (`what`, for the message) from a Python int.
///
/// # Errors
///
/// `TypeError` for a value that is not an integer, `ValueError` for a
/// negative one or one of 2**64 or more.
pub fn read_u64(value: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    match value.extract::<u64>() {
        Ok(n) => Ok(n),
        Err(e) if e.is_instance_of::<PyOverflowError>(value.py()) => Err(PyValueError::new_err(
            format!("{what} must be from 0 to 2**64 - 1, not {value}"),
        )),
        Err(_) => Err(PyTypeError::new_err(format!(
            "{what} must be an int, not {}",
            type_name(value)
        ))),
    }
}
