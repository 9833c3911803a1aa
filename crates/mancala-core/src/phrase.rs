//! Words as data: a [`Phrase`] is a message id with named arguments, for
//! a front end to word in its language (the `mancala-i18n` crate's Fluent
//! catalogs do). Core decides what is said; the catalogs say it.

use serde::ser::{Serialize, SerializeMap, Serializer};

/// One sentence (or, nested in another, part of one) as data: the id of
/// a message of the catalogs, such as `"rules-board"`, and its named
/// arguments, in the order they were given.
///
/// Serialised as `{"id": "rules-board", "args": {"players": 2, ...}}`;
/// see [`PhraseArg`] for each argument.
///
/// # Examples
///
/// ```
/// use mancala_core::{Phrase, PhraseArg};
///
/// let p = Phrase::new("rules-board-turns").word("turns", "ccw");
/// assert_eq!(p.arg("turns"), Some(&PhraseArg::Word("ccw")));
/// assert_eq!(
///     serde_json::to_string(&p).unwrap(),
///     r#"{"id":"rules-board-turns","args":{"turns":"ccw"}}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Phrase {
    /// The message id, `rules-...` for the rules in words.
    pub id: &'static str,
    /// The arguments, by name (`snake_case`, Fluent's `$name`).
    pub args: Vec<(&'static str, PhraseArg)>,
}

/// An argument of a [`Phrase`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PhraseArg {
    /// A number, formatted by the front end in its locale (digits, plural
    /// selectors). Serialised as a JSON number.
    Number(u32),
    /// A keyword naming a choice, such as the direction `"ccw"`: not
    /// words to show, but the key of a selector in the message
    /// (`{ $turns -> [ccw] ... *[cw] ... }`). Serialised as a string.
    Word(&'static str),
    /// Numbers, worded by the front end as its locale's "or" list ("2, 4,
    /// or 6"). Serialised as `{"list": [2, 4, 6]}`.
    Numbers(Vec<u32>),
    /// Phrases, each worded first, then joined as the locale's "or" list.
    /// Serialised as `{"list": [{"id": ..., "args": ...}, ...]}`.
    Phrases(Vec<Phrase>),
    /// A phrase worded first and passed as text. Serialised as the phrase,
    /// `{"id": ..., "args": ...}`.
    Phrase(Phrase),
}

impl Phrase {
    /// The phrase of message `id`, without arguments yet.
    pub fn new(id: &'static str) -> Phrase {
        Phrase {
            id,
            args: Vec::new(),
        }
    }

    /// The phrase with one more argument.
    pub fn with(mut self, name: &'static str, arg: PhraseArg) -> Phrase {
        self.args.push((name, arg));
        self
    }

    /// The phrase with the number argument `name`.
    pub fn number(self, name: &'static str, n: impl Into<u32>) -> Phrase {
        self.with(name, PhraseArg::Number(n.into()))
    }

    /// The phrase with the keyword argument `name`.
    pub fn word(self, name: &'static str, word: &'static str) -> Phrase {
        self.with(name, PhraseArg::Word(word))
    }

    /// The phrase with the nested phrase `name`.
    pub fn phrase(self, name: &'static str, phrase: Phrase) -> Phrase {
        self.with(name, PhraseArg::Phrase(phrase))
    }

    /// The argument `name`, if the phrase has it.
    pub fn arg(&self, name: &str) -> Option<&PhraseArg> {
        self.args.iter().find(|(n, _)| *n == name).map(|(_, a)| a)
    }

    /// This phrase's id and those of every phrase nested in it, outermost
    /// first.
    pub fn ids(&self) -> Vec<&'static str> {
        let mut ids = vec![self.id];
        for (_, arg) in &self.args {
            match arg {
                PhraseArg::Phrase(p) => ids.extend(p.ids()),
                PhraseArg::Phrases(list) => ids.extend(list.iter().flat_map(Phrase::ids)),
                PhraseArg::Number(_) | PhraseArg::Word(_) | PhraseArg::Numbers(_) => {}
            }
        }
        ids
    }
}

impl Serialize for Phrase {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("id", self.id)?;
        map.serialize_entry("args", &Args(&self.args))?;
        map.end()
    }
}

/// A phrase's arguments as a JSON object, in their order.
struct Args<'a>(&'a [(&'static str, PhraseArg)]);

impl Serialize for Args<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, arg) in self.0 {
            map.serialize_entry(name, arg)?;
        }
        map.end()
    }
}

/// A list argument as `{"list": [...]}`.
struct List<'a, T>(&'a [T]);

impl<T: Serialize> Serialize for List<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry("list", self.0)?;
        map.end()
    }
}

impl Serialize for PhraseArg {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            PhraseArg::Number(n) => serializer.serialize_u32(*n),
            PhraseArg::Word(w) => serializer.serialize_str(w),
            PhraseArg::Numbers(list) => List(list).serialize(serializer),
            PhraseArg::Phrases(list) => List(list).serialize(serializer),
            PhraseArg::Phrase(p) => p.serialize(serializer),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_argument_kind_serialises_as_the_page_reads_it() {
        let p = Phrase::new("rules-x")
            .number("players", 2u8)
            .word("direction", "ccw")
            .with("counts", PhraseArg::Numbers(vec![2, 3]))
            .phrase("which", Phrase::new("rules-y").number("n", 1u8))
            .with(
                "when",
                PhraseArg::Phrases(vec![Phrase::new("rules-z"), Phrase::new("rules-w")]),
            );
        assert_eq!(
            serde_json::to_string(&p).unwrap(),
            r#"{"id":"rules-x","args":{"players":2,"direction":"ccw","counts":{"list":[2,3]},"which":{"id":"rules-y","args":{"n":1}},"when":{"list":[{"id":"rules-z","args":{}},{"id":"rules-w","args":{}}]}}}"#
        );
        assert_eq!(p.ids(), ["rules-x", "rules-y", "rules-z", "rules-w"]);
    }
}
