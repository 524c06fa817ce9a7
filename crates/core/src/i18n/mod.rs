//! The game's words in the player's language: every sentence it draws or says comes from one
//! Project Fluent catalogue per language (`assets/i18n/<tag>.ftl`, compiled in), through
//! fluent-bundle. Plain Rust, no Bevy: the game keeps the player's [`Words`] as a resource and
//! hands them to whatever makes a sentence.
//!
//! - [`Lang`]: the languages offered, their tags and own names, and which one a list of the
//!   system's languages asks for ([`Lang::negotiate`]).
//! - [`Words`]: one language's catalogue, English behind it for a message it lacks; numbers
//!   grouped as the language writes them ([`Words::number`]), and the pseudo-language that
//!   marks every string (a test finds text drawn or said outside the catalogues with it).
//! - [`tr!`](crate::tr): a message with its arguments.
//!
//! docs/i18n.md says how a language is added and how the catalogues are checked.

use std::borrow::Cow;
use std::fmt;
use std::sync::{Arc, OnceLock};

use fluent_bundle::bundle::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use intl_memoizer::Memoizable;
use intl_memoizer::concurrent::IntlLangMemoizer;
use unic_langid::LanguageIdentifier;

/// A language the game speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {
    En,
    Fr,
    De,
    Es,
    PtBr,
    Ru,
    ZhHans,
    /// English with every string marked ("[Ñéŵ ĝåɱé]"): not offered to players; `--lang pseudo`
    /// and the tests use it to find text that does not come from the catalogues.
    Pseudo,
}

impl Lang {
    /// The languages offered, in the options' order.
    pub const ALL: [Lang; 7] = [
        Lang::En,
        Lang::Fr,
        Lang::De,
        Lang::Es,
        Lang::PtBr,
        Lang::Ru,
        Lang::ZhHans,
    ];

    /// Its BCP 47 tag, as the page's `lang` attribute, the options file and `--lang` write it.
    pub const fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
            Lang::De => "de",
            Lang::Es => "es",
            Lang::PtBr => "pt-BR",
            Lang::Ru => "ru",
            Lang::ZhHans => "zh-CN",
            Lang::Pseudo => "en-XA",
        }
    }

    /// Its catalogue, as compiled in: `assets/i18n/<tag>.ftl` less its comments (build.rs; the
    /// pseudo-language's is English's).
    pub fn catalogue(self) -> &'static str {
        match self {
            Lang::En | Lang::Pseudo => include_str!(concat!(env!("OUT_DIR"), "/i18n/en.ftl")),
            Lang::Fr => include_str!(concat!(env!("OUT_DIR"), "/i18n/fr.ftl")),
            Lang::De => include_str!(concat!(env!("OUT_DIR"), "/i18n/de.ftl")),
            Lang::Es => include_str!(concat!(env!("OUT_DIR"), "/i18n/es.ftl")),
            Lang::PtBr => include_str!(concat!(env!("OUT_DIR"), "/i18n/pt-BR.ftl")),
            Lang::Ru => include_str!(concat!(env!("OUT_DIR"), "/i18n/ru.ftl")),
            Lang::ZhHans => include_str!(concat!(env!("OUT_DIR"), "/i18n/zh-CN.ftl")),
        }
    }

    /// The language a tag names: its language subtag decides ("fr-CA" is French, "pt-PT"
    /// Portuguese as Brazil writes it, "zh-TW" Chinese in simplified characters, the only
    /// Chinese offered); `pseudo` (or `en-XA`) is the pseudo-language. Case does not matter.
    pub fn parse(tag: &str) -> Option<Lang> {
        let tag = tag.trim().to_ascii_lowercase().replace('_', "-");
        if tag == "pseudo" || tag == "en-xa" {
            return Some(Lang::Pseudo);
        }
        // "C" and "POSIX" are the systems' way of saying no language.
        let language = tag.split(['-', '.', '@']).next().unwrap_or("");
        Some(match language {
            "en" => Lang::En,
            "fr" => Lang::Fr,
            "de" => Lang::De,
            "es" => Lang::Es,
            "pt" => Lang::PtBr,
            "ru" => Lang::Ru,
            "zh" => Lang::ZhHans,
            _ => return None,
        })
    }

    /// The first of the player's languages (most wanted first, as the system or the browser
    /// lists them) the game speaks; English if none.
    pub fn negotiate<'a>(wanted: impl IntoIterator<Item = &'a str>) -> Lang {
        wanted
            .into_iter()
            .filter_map(Lang::parse)
            .find(|&lang| lang != Lang::Pseudo)
            .unwrap_or(Lang::En)
    }

    /// How this language groups a number's digits: its separator, and the fewest digits a
    /// number needs before it is grouped at all (CLDR's `minimumGroupingDigits`: Spanish
    /// writes 1234 but 12.345).
    const fn grouping(self) -> (&'static str, usize) {
        match self {
            Lang::En | Lang::Pseudo | Lang::ZhHans => (",", 4),
            // CLDR's separator is the narrow no-break space.
            Lang::Fr => ("\u{202F}", 4),
            Lang::De | Lang::PtBr => (".", 4),
            Lang::Es => (".", 5),
            Lang::Ru => ("\u{A0}", 4),
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag())
    }
}

impl serde::Serialize for Lang {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.tag())
    }
}

impl<'de> serde::Deserialize<'de> for Lang {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let tag = String::deserialize(d)?;
        Lang::parse(&tag).ok_or_else(|| {
            serde::de::Error::invalid_value(serde::de::Unexpected::Str(&tag), &"a language tag")
        })
    }
}

/// `n`'s digits grouped in threes by `separator`, once it has `min` digits or more.
fn group_digits(n: u64, separator: &str, min: usize) -> String {
    let digits = n.to_string();
    if digits.len() < min {
        return digits;
    }
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 * separator.len());
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push_str(separator);
        }
        out.push(c);
    }
    out
}

/// The grouping of the bundle's language, kept by fluent per language.
struct Grouping {
    separator: &'static str,
    min: usize,
}

impl Memoizable for Grouping {
    type Args = ();
    type Error = ();
    fn construct(lang: LanguageIdentifier, _: ()) -> Result<Self, ()> {
        let (separator, min) = Lang::parse(&lang.to_string())
            .unwrap_or(Lang::En)
            .grouping();
        Ok(Self { separator, min })
    }
}

/// Every whole number a message shows is grouped as its language writes it; other values as
/// fluent writes them.
fn format_value(value: &FluentValue, memoizer: &IntlLangMemoizer) -> Option<String> {
    match value {
        FluentValue::Number(n) if n.value >= 0.0 && n.value.fract() == 0.0 => memoizer
            .with_try_get::<Grouping, _, _>((), |g| {
                group_digits(n.value as u64, g.separator, g.min)
            })
            .ok(),
        _ => None,
    }
}

type Bundle = FluentBundle<FluentResource, IntlLangMemoizer>;

fn bundle(lang: Lang) -> Bundle {
    let id: LanguageIdentifier = lang.tag().parse().expect("the tags are valid");
    let mut bundle = Bundle::new_concurrent(vec![id]);
    // No Unicode isolation marks around arguments: every language here runs left to right,
    // and the marks would be drawn and spoken.
    bundle.set_use_isolating(false);
    bundle.set_formatter(Some(format_value));
    if lang == Lang::Pseudo {
        bundle.set_transform(Some(pseudo_text));
    }
    // A message that does not parse is left out (and falls back to English); the catalogue
    // tests make sure none does.
    let resource = FluentResource::try_new(lang.catalogue().to_string()).unwrap_or_else(|(r, _)| r);
    bundle.add_resource_overriding(resource);
    bundle
}

/// The pseudo-language's letters: each ASCII letter as an accented one the fonts have.
fn pseudo_text(text: &str) -> Cow<'_, str> {
    const FROM: &str = "aceginorsuwyACEGINORSUWY";
    const TO: &str = "åçéĝîñöŕšüŵýÅÇÉĜÎÑÖŔŠÜŴÝ";
    if !text.chars().any(|c| FROM.contains(c)) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|c| match FROM.find(c) {
                Some(i) => TO.chars().nth(FROM[..i].chars().count()).unwrap_or(c),
                None => c,
            })
            .collect(),
    )
}

/// The marks the pseudo-language puts around each message.
pub const PSEUDO_OPEN: char = '[';
pub const PSEUDO_CLOSE: char = ']';

/// One argument of a message: a number (which chooses a plural form and is grouped as the
/// language writes numbers), a text taken as it is (a tile's value, a target, a name), or
/// another message, said in the same language (an error's reason inside a notice).
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Number(f64),
    Text(String),
    Said(Box<Said>),
}

/// A message to be said later, in whatever language the player reads then: its id and its
/// arguments. Notices and errors are made of these, far from the words they end up in.
#[derive(Clone, Debug, PartialEq)]
pub struct Said {
    pub id: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

impl Said {
    /// Message `id` without arguments.
    pub fn new(id: &'static str) -> Self {
        Self {
            id,
            args: Vec::new(),
        }
    }

    /// With one more argument.
    pub fn with(mut self, name: &'static str, value: impl Into<Arg>) -> Self {
        self.args.push((name, value.into()));
        self
    }
}

impl From<Said> for Arg {
    fn from(said: Said) -> Self {
        Arg::Said(Box::new(said))
    }
}

/// A `Said` with named arguments: `said!("notice-replay", reason = e.said())`.
#[macro_export]
macro_rules! said {
    ($id:expr) => {
        $crate::i18n::Said::new($id)
    };
    ($id:expr, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::i18n::Said {
            id: $id,
            args: vec![$((stringify!($name), $crate::i18n::Arg::from($value))),+],
        }
    };
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Self {
                Arg::Number(n as f64)
            }
        }
    )*};
}
number_args!(u8, u16, u32, u64, usize, i8, i16, i32, i64);

impl From<&str> for Arg {
    fn from(text: &str) -> Self {
        Arg::Text(text.to_string())
    }
}

impl From<String> for Arg {
    fn from(text: String) -> Self {
        Arg::Text(text)
    }
}

impl From<&String> for Arg {
    fn from(text: &String) -> Self {
        Arg::Text(text.clone())
    }
}

/// A message of `words` with named arguments: `tr!(words, "score-line", score = 1204)`.
#[macro_export]
macro_rules! tr {
    ($words:expr, $id:expr) => {
        $words.get($id)
    };
    ($words:expr, $id:expr, $($name:ident = $value:expr),+ $(,)?) => {
        $words.fmt($id, &[$((stringify!($name), $crate::i18n::Arg::from($value))),+])
    };
}

/// One language's words, English's behind them.
#[derive(Clone)]
pub struct Words(Arc<Inner>);

struct Inner {
    lang: Lang,
    bundle: Bundle,
    /// English, for a message this language lacks (`None` for English itself).
    english: Option<Bundle>,
}

impl fmt::Debug for Words {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Words({})", self.0.lang)
    }
}

impl PartialEq for Words {
    fn eq(&self, other: &Self) -> bool {
        self.0.lang == other.0.lang
    }
}

impl Words {
    /// The words of `lang` (its catalogue is parsed here: keep them, don't make them per use).
    pub fn new(lang: Lang) -> Self {
        let english = (lang != Lang::En).then(|| bundle(Lang::En));
        Self(Arc::new(Inner {
            lang,
            bundle: bundle(lang),
            english,
        }))
    }

    /// English, made once: the key tables in docs/playing.md, the command line's messages and tests.
    pub fn english() -> &'static Words {
        static ENGLISH: OnceLock<Words> = OnceLock::new();
        ENGLISH.get_or_init(|| Words::new(Lang::En))
    }

    pub fn lang(&self) -> Lang {
        self.0.lang
    }

    /// A message without arguments.
    pub fn get(&self, id: &str) -> String {
        self.fmt(id, &[])
    }

    /// A message with its arguments; English's if this language lacks it, its id if English
    /// lacks it too (a test keeps every id the code asks for in English).
    pub fn fmt(&self, id: &str, args: &[(&str, Arg)]) -> String {
        let text = self.format_in(&self.0.bundle, id, args).or_else(|| {
            let english = self.0.english.as_ref()?;
            self.format_in(english, id, args)
        });
        let Some(text) = text else {
            // Unmarked even in the pseudo-language, so its test finds it.
            return id.to_string();
        };
        if self.0.lang == Lang::Pseudo {
            format!("{PSEUDO_OPEN}{text}{PSEUDO_CLOSE}")
        } else {
            text
        }
    }

    fn format_in(&self, bundle: &Bundle, id: &str, args: &[(&str, Arg)]) -> Option<String> {
        let pattern = bundle.get_message(id)?.value()?;
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, Some(&self.fluent_args(args)), &mut errors);
        // A message that names an argument it was not given is not shown half made.
        errors.is_empty().then(|| text.into_owned())
    }

    /// The arguments as fluent takes them (a message given as an argument is said first).
    fn fluent_args<'a>(&self, args: &'a [(&'a str, Arg)]) -> FluentArgs<'a> {
        let mut fluent_args = FluentArgs::with_capacity(args.len());
        for (name, value) in args {
            match value {
                Arg::Number(n) => fluent_args.set(*name, *n),
                Arg::Text(t) => fluent_args.set(*name, t.as_str()),
                Arg::Said(said) => fluent_args.set(*name, self.say(said)),
            }
        }
        fluent_args
    }

    /// What goes wrong formatting message `id` of this language's own catalogue (not
    /// English's behind it) with `args`: nothing for a sound message (the catalogue tests).
    pub fn errors(&self, id: &str, args: &[(&str, Arg)]) -> Vec<String> {
        let Some(pattern) = self.0.bundle.get_message(id).and_then(|m| m.value()) else {
            return vec![format!("{id}: no such message")];
        };
        let mut errors = Vec::new();
        self.0
            .bundle
            .format_pattern(pattern, Some(&self.fluent_args(args)), &mut errors);
        errors.iter().map(|e| format!("{id}: {e}")).collect()
    }

    /// A message made earlier, in these words.
    pub fn say(&self, said: &Said) -> String {
        self.fmt(said.id, &said.args)
    }

    /// `text` as a screen reader gets it, heard with espeak-ng in each language
    /// (tools/speech-check.py): a board's size "4×4" is said as the language says it ("4 by
    /// 4", not "4 times 4"), and numbers grouped by a no-break space (French, Russian) lose it,
    /// since speech engines read "20 000" as twenty, then zero zero zero. Commas and points
    /// stay: they are read as grouping.
    pub fn spoken(&self, text: &str) -> String {
        let chars: Vec<char> = text.chars().collect();
        let digit = |i: usize| chars.get(i).is_some_and(char::is_ascii_digit);
        let mut out = String::with_capacity(text.len());
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let grouping = matches!(c, '\u{A0}' | '\u{202F}')
                && i > 0
                && digit(i - 1)
                && (1..=3).all(|k| digit(i + k))
                && !digit(i + 4);
            // "4×6": one digit either side (boards are 3 to 8 a side).
            let shape = c == '×' && i > 0 && digit(i - 1) && digit(i + 1) && !digit(i + 2);
            if shape && !(i > 1 && digit(i - 2)) {
                out.pop();
                out.push_str(&self.fmt(
                    "say-by",
                    &[
                        ("rows", Arg::Text(chars[i - 1].to_string())),
                        ("cols", Arg::Text(chars[i + 1].to_string())),
                    ],
                ));
                i += 2;
                continue;
            }
            if !grouping {
                out.push(c);
            }
            i += 1;
        }
        out
    }

    /// A whole number as this language writes it: "1,234", "1 234", "1.234".
    pub fn number(&self, n: u64) -> String {
        let (separator, min) = self.0.lang.grouping();
        group_digits(n, separator, min)
    }

    /// A number with `digits` decimals, with this language's decimal mark ("12.5", "12,5").
    pub fn decimal(&self, x: f64, digits: usize) -> String {
        let text = format!("{x:.digits$}");
        match self.0.lang {
            Lang::En | Lang::Pseudo | Lang::ZhHans => text,
            _ => text.replace('.', ","),
        }
    }
}
