//! Action ids: house number minus one from the mover's view, and the
//! number of houses for the pie-rule swap; and reading them from Python.

use mancala_core::{Move, RuleSet, Rules};
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;

/// The number of action ids of `rules`: one per house, one more for the
/// swap when the pie rule is on.
pub fn distinct_actions(rules: &Rules) -> usize {
    rules.houses() + usize::from(rules.rule_set().pie_rule)
}

/// Refuses rules whose moves have no action id yet: a direction chosen
/// by the player (`direction_choice`, docs/rules.md section 3), whose
/// moves are a house and a direction (`3cw`).
///
/// # Errors
///
/// `ValueError` naming `direction_choice`.
pub fn check_actions(set: &RuleSet) -> PyResult<()> {
    if set.direction_choice.is_empty() {
        return Ok(());
    }
    Err(PyValueError::new_err(format!(
        "the rules cannot be played here: direction_choice = [{}] (a direction chosen by the \
         player) has no action ids in the Python package yet; the engine plays it \
         (`mancala play`)",
        set.direction_choice
    )))
}

/// The action id of `m`.
pub fn action_of(rules: &Rules, m: Move) -> usize {
    match m {
        Move::House(n) => usize::from(n) - 1,
        Move::Swap => rules.houses(),
        // `check_actions` refuses the rules that have these moves.
        Move::Directed(..) => unreachable!("rules with direction_choice are refused"),
    }
}

/// The move of action id `action`, which must be below
/// [`distinct_actions`].
pub fn move_of(rules: &Rules, action: usize) -> Move {
    if action == rules.houses() {
        Move::Swap
    } else {
        Move::House(u8::try_from(action + 1).expect("houses fit in a u8"))
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
