//! Wording messages and phrases in a language, with Fluent: numbers in
//! the locale's digits, plurals by CLDR, lists as the locale's "or"
//! list, English where a catalog lacks a message, and every error kept.

use std::fmt;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::memoizer::MemoizerKind;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_syntax::ast;
use icu_decimal::DecimalFormatter;
use icu_decimal::input::Decimal;
use icu_list::ListFormatter;
use icu_list::options::{ListFormatterOptions, ListLength};
use icu_locale_core::Locale;
use intl_memoizer::Memoizable;
use intl_memoizer::concurrent::IntlLangMemoizer;
use mancala_core::{Phrase, PhraseArg, RuleSet, RuleTopic};
use unic_langid::LanguageIdentifier;

use crate::{FALLBACK, LANGUAGES, Language, catalog, language};

/// What went wrong while reading a catalog or wording a message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// The catalog of `language` is not valid Fluent there (the entry is
    /// skipped), or defines a message twice.
    #[error("{language}: the catalog is not valid: {error}")]
    Catalog {
        /// The language's code.
        language: &'static str,
        /// Fluent's error.
        error: String,
    },
    /// The catalog of `language` has no message `id`: the English one was
    /// used, or the id itself when English lacks it too.
    #[error("{language}: no message {id}")]
    Missing {
        /// The language's code.
        language: &'static str,
        /// The message id.
        id: String,
    },
    /// Fluent could not format message `id` as written: an argument it
    /// names is not given, it refers to a message that does not exist,
    /// and so on. Fluent's error is in `error`.
    #[error("{language}: {id}: {error}")]
    Format {
        /// The language's code.
        language: &'static str,
        /// The message id.
        id: String,
        /// Fluent's error.
        error: String,
    },
    /// Message `id` selects on the keyword argument `arg`, but no
    /// variant is named `word`, the keyword given: the default variant
    /// was used, which is likely not what was meant.
    #[error("{language}: {id}: no variant [{word}] for ${arg}")]
    UnknownVariant {
        /// The language's code.
        language: &'static str,
        /// The message id.
        id: String,
        /// The argument selected on.
        arg: String,
        /// The keyword it was given.
        word: String,
    },
}

/// Words made despite errors: the text (with English, or the message id,
/// where a message is missing) and what went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Incomplete<T> {
    /// The words, as best they could be made.
    pub words: T,
    /// Every error, in the order met.
    pub errors: Vec<Error>,
}

impl<T> fmt::Display for Incomplete<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not every word could be made: ")?;
        for (i, error) in self.errors.iter().enumerate() {
            let sep = if i == 0 { "" } else { "; " };
            write!(f, "{sep}{error}")?;
        }
        Ok(())
    }
}

impl<T: fmt::Debug> std::error::Error for Incomplete<T> {}

/// `words` if there were no errors, else both.
fn checked<T>(words: T, errors: Vec<Error>) -> Result<T, Incomplete<T>> {
    if errors.is_empty() {
        Ok(words)
    } else {
        Err(Incomplete { words, errors })
    }
}

/// A topic's title and its paragraph, worded.
pub type Paragraph = (String, String);

/// One language's catalog, ready to format.
struct Bundle {
    code: &'static str,
    bundle: FluentBundle<FluentResource>,
    list: Option<ListFormatter>,
    digits: Option<DecimalFormatter>,
}

/// The words of one language: its catalog with Fluent, English behind it.
///
/// Built once per language by [`Words::get`] (or anew by [`Words::new`]);
/// shared by threads.
///
/// # Examples
///
/// ```
/// use mancala_core::Preset;
/// use mancala_i18n::Words;
///
/// let en = Words::get("en").unwrap();
/// let kalah = en.explain(&Preset::Kalah.rules()).unwrap();
/// assert_eq!(kalah[2].0, "Extra turns");
/// assert_eq!(kalah[2].1, "If your last seed lands in your own store, you move again.");
///
/// let bn = Words::get("bn").unwrap();
/// let board = &bn.explain(&Preset::Kalah.rules()).unwrap()[0].1;
/// assert!(board.contains("৬টি গর্ত"), "{board}");
/// ```
pub struct Words {
    language: &'static Language,
    /// The language's catalog, then English's (English alone for English).
    bundles: Vec<Bundle>,
    catalog_errors: Vec<Error>,
}

impl fmt::Debug for Words {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Words")
            .field("language", &self.language.code)
            .field("catalog_errors", &self.catalog_errors)
            .finish_non_exhaustive()
    }
}

impl Words {
    /// The words of language `code` (as in [`LANGUAGES`]), its catalog
    /// read anew; `None` for a language the site does not speak. A
    /// catalog entry that is not valid Fluent is skipped and kept in
    /// [`Words::catalog_errors`].
    pub fn new(code: &str) -> Option<Words> {
        let language = language(code)?;
        let mut catalog_errors = Vec::new();
        let mut bundles = vec![bundle(language.code, &mut catalog_errors)];
        if language.code != FALLBACK {
            bundles.push(bundle(FALLBACK, &mut catalog_errors));
        }
        Some(Words {
            language,
            bundles,
            catalog_errors,
        })
    }

    /// The words of language `code`, read once and kept for the life of
    /// the program; `None` for a language the site does not speak.
    pub fn get(code: &str) -> Option<&'static Words> {
        static ALL: OnceLock<Vec<Words>> = OnceLock::new();
        let all = ALL.get_or_init(|| {
            LANGUAGES
                .iter()
                .filter_map(|l| Words::new(l.code))
                .collect()
        });
        all.iter().find(|w| w.language.code == code)
    }

    /// The language these words are in.
    pub fn language(&self) -> &'static Language {
        self.language
    }

    /// What was wrong with the catalogs (this language's and English's):
    /// empty when they are valid Fluent.
    pub fn catalog_errors(&self) -> &[Error] {
        &self.catalog_errors
    }

    /// Message `id` with `args`.
    ///
    /// # Errors
    ///
    /// [`Incomplete`], with the words made all the same, when the message
    /// is missing (English or the id is used), an argument it names is
    /// not given, a keyword names none of its variants, and so on.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::PhraseArg;
    /// use mancala_i18n::Words;
    ///
    /// let ja = Words::get("ja").unwrap();
    /// assert_eq!(ja.message("rules-topic-captures", &[]).unwrap(), "石を取る");
    /// let en = Words::get("en").unwrap();
    /// let list = [("counts", PhraseArg::Numbers(vec![2, 4, 6]))];
    /// assert_eq!(en.message("rules-counts-list", &list).unwrap(), "2, 4, or 6 seeds");
    /// let wrong = en.message("rules-no-such-message", &[]).unwrap_err();
    /// assert_eq!(wrong.words, "rules-no-such-message");
    /// ```
    pub fn message(
        &self,
        id: &str,
        args: &[(&str, PhraseArg)],
    ) -> Result<String, Incomplete<String>> {
        let mut errors = Vec::new();
        let words = self.format(id, args, &mut errors);
        checked(words, errors)
    }

    /// A phrase of `RuleSet::explain`, its nested phrases worded first.
    ///
    /// # Errors
    ///
    /// As [`Words::message`], for it or any phrase nested in it.
    pub fn phrase(&self, phrase: &Phrase) -> Result<String, Incomplete<String>> {
        self.message(phrase.id, &phrase.args)
    }

    /// A topic of `RuleSet::explain`: its title and its phrases as one
    /// paragraph (joined by a space, or by nothing in Japanese).
    ///
    /// # Errors
    ///
    /// As [`Words::message`], for the title or any phrase.
    pub fn topic(&self, topic: &RuleTopic) -> Result<Paragraph, Incomplete<Paragraph>> {
        let mut errors = Vec::new();
        let words = self.format_topic(topic, &mut errors);
        checked(words, errors)
    }

    /// The rules of `rules` in words, topic by topic ([`RuleSet::explain`]).
    ///
    /// # Errors
    ///
    /// As [`Words::message`], for any title or phrase.
    pub fn explain(&self, rules: &RuleSet) -> Result<Vec<Paragraph>, Incomplete<Vec<Paragraph>>> {
        let mut errors = Vec::new();
        let words = rules
            .explain()
            .iter()
            .map(|topic| self.format_topic(topic, &mut errors))
            .collect();
        checked(words, errors)
    }

    fn format_topic(&self, topic: &RuleTopic, errors: &mut Vec<Error>) -> Paragraph {
        let title = self.format(topic.title, &[], errors);
        let sentences: Vec<String> = topic
            .phrases
            .iter()
            .map(|p| self.format(p.id, &p.args, errors))
            .collect();
        let gap = if self.language.code == "ja" { "" } else { " " };
        (title, sentences.join(gap))
    }

    /// Message `id` with `args`, from the first catalog that has it; what
    /// goes wrong is added to `errors`.
    fn format(&self, id: &str, args: &[(&str, PhraseArg)], errors: &mut Vec<Error>) -> String {
        let language = self.language.code;
        let found = self.bundles.iter().find_map(|b| {
            let message = b.bundle.get_message(id)?;
            Some((b, message.value()?))
        });
        let Some((bundle, pattern)) = found else {
            errors.push(Error::Missing {
                language,
                id: id.to_string(),
            });
            return id.to_string();
        };
        if bundle.code != language {
            errors.push(Error::Missing {
                language,
                id: id.to_string(),
            });
        }
        check_variants(pattern, args, &mut |arg, word| {
            errors.push(Error::UnknownVariant {
                language: bundle.code,
                id: id.to_string(),
                arg: arg.to_string(),
                word: word.to_string(),
            })
        });
        let mut values = FluentArgs::new();
        for (name, arg) in args {
            values.set(name.to_string(), self.value(bundle, arg, errors));
        }
        let mut fluent = Vec::new();
        let text = bundle
            .bundle
            .format_pattern(pattern, Some(&values), &mut fluent)
            .into_owned();
        errors.extend(fluent.into_iter().map(|e| Error::Format {
            language: bundle.code,
            id: id.to_string(),
            error: e.to_string(),
        }));
        text
    }

    /// An argument as Fluent takes it: numbers as numbers (for plurals
    /// and the locale's digits), keywords as strings, lists and nested
    /// phrases worded.
    fn value(
        &self,
        bundle: &Bundle,
        arg: &PhraseArg,
        errors: &mut Vec<Error>,
    ) -> FluentValue<'static> {
        match arg {
            PhraseArg::Number(n) => FluentValue::from(*n),
            PhraseArg::Word(w) => FluentValue::from(*w),
            PhraseArg::Numbers(list) => {
                let items = list.iter().map(|&n| bundle.number(n)).collect();
                FluentValue::from(bundle.or_list(items))
            }
            PhraseArg::Phrases(list) => {
                let items = list
                    .iter()
                    .map(|p| self.format(p.id, &p.args, errors))
                    .collect();
                FluentValue::from(bundle.or_list(items))
            }
            PhraseArg::Phrase(p) => FluentValue::from(self.format(p.id, &p.args, errors)),
        }
    }
}

impl Bundle {
    /// `n` in the locale's digits.
    fn number(&self, n: u32) -> String {
        match &self.digits {
            Some(digits) => digits.format_to_string(&Decimal::from(n)),
            None => n.to_string(),
        }
    }

    /// `items` as the locale's "or" list: "a, b, or c".
    fn or_list(&self, items: Vec<String>) -> String {
        match &self.list {
            Some(list) => list.format_to_string(items.iter().map(String::as_str)),
            None => items.join(", "),
        }
    }
}

/// The bundle of language `code`'s catalog, its errors added to `errors`.
fn bundle(code: &'static str, errors: &mut Vec<Error>) -> Bundle {
    let text = catalog(code).unwrap_or_default();
    let resource = FluentResource::try_new(text).unwrap_or_else(|(resource, parse)| {
        errors.extend(parse.into_iter().map(|e| Error::Catalog {
            language: code,
            error: e.to_string(),
        }));
        resource
    });
    let langid: LanguageIdentifier = code.parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![langid]);
    // Text for people, not for markup: no bidi isolation marks around
    // arguments (the page's own direction handles a right-to-left language).
    bundle.set_use_isolating(false);
    bundle.set_formatter(Some(locale_number));
    if let Err(duplicates) = bundle.add_resource(resource) {
        errors.extend(duplicates.into_iter().map(|e| Error::Catalog {
            language: code,
            error: e.to_string(),
        }));
    }
    let locale: Option<Locale> = code.parse().ok();
    let list = locale.as_ref().and_then(|l| {
        let options = ListFormatterOptions::default().with_length(ListLength::Wide);
        ListFormatter::try_new_or(l.into(), options).ok()
    });
    let digits = locale
        .as_ref()
        .and_then(|l| DecimalFormatter::try_new(l.into(), Default::default()).ok());
    Bundle {
        code,
        bundle,
        list,
        digits,
    }
}

/// A decimal formatter for a bundle's memoizer, made once per language.
struct Digits(DecimalFormatter);

impl Memoizable for Digits {
    type Args = ();
    type Error = ();

    fn construct(lang: LanguageIdentifier, _: ()) -> Result<Self, ()> {
        let locale: Locale = lang.to_string().parse().map_err(|_| ())?;
        DecimalFormatter::try_new((&locale).into(), Default::default())
            .map(Digits)
            .map_err(|_| ())
    }
}

/// Fluent's number formatter: a whole number in the locale's digits
/// (Bengali digits in `bn`, as `Intl.NumberFormat` writes them); anything
/// else as Fluent writes it.
fn locale_number(value: &FluentValue<'_>, intls: &IntlLangMemoizer) -> Option<String> {
    let FluentValue::Number(number) = value else {
        return None;
    };
    let n = number.value;
    if n.fract() != 0.0 || n.abs() >= 1e15 || number.options.minimum_fraction_digits.is_some() {
        return None;
    }
    // Whole and below 2^53: the cast is exact.
    let decimal = Decimal::from(n as i64);
    intls
        .with_try_get_threadsafe::<Digits, _, _>((), |d| d.0.format_to_string(&decimal))
        .ok()
}

/// Calls `unknown(arg, word)` for each selector of `pattern` on a keyword
/// argument that names none of its variants.
fn check_variants(
    pattern: &ast::Pattern<&str>,
    args: &[(&str, PhraseArg)],
    unknown: &mut impl FnMut(&str, &str),
) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            check_expression(expression, args, unknown);
        }
    }
}

fn check_expression(
    expression: &ast::Expression<&str>,
    args: &[(&str, PhraseArg)],
    unknown: &mut impl FnMut(&str, &str),
) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            if let ast::InlineExpression::VariableReference { id } = selector {
                let word = args.iter().find_map(|(name, arg)| match arg {
                    PhraseArg::Word(w) if *name == id.name => Some(*w),
                    _ => None,
                });
                let named = |w: &str| {
                    variants
                        .iter()
                        .any(|v| matches!(v.key, ast::VariantKey::Identifier { name } if name == w))
                };
                if let Some(word) = word.filter(|w| !named(w)) {
                    unknown(id.name, word);
                }
            }
            for variant in variants {
                check_variants(&variant.value, args, unknown);
            }
        }
        ast::Expression::Inline(ast::InlineExpression::Placeable { expression }) => {
            check_expression(expression, args, unknown);
        }
        ast::Expression::Inline(_) => {}
    }
}
