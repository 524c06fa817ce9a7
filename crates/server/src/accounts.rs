//! Accounts without anything to manage: a random token is the account (the server keeps only its
//! SHA-256), and a display name the player picks.

use base64::{Engine as _, engine::general_purpose::URL_SAFE_NO_PAD};
use rand::Rng;
use sha2::{Digest, Sha256};
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;
use unicode_security::{GeneralSecurityProfile, MixedScript};

/// A new account's secret: 32 random bytes from the system's generator, as 43 characters of
/// base64url.
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// What the server stores of a token (or an address): its SHA-256 in hex. A token has 256 random
/// bits, so its hash needs no salt or slow hashing to be useless to whoever reads the database.
pub fn hash(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A token as the client sends it: 43 characters of base64url. Anything else names no account,
/// and is refused before the database is asked.
pub fn token_is_well_formed(token: &str) -> bool {
    token.len() == 43
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The rule names are keyed by (`skeleton`, `Blocklist::check`): a server that starts with
/// another rule keys the stored names again, once (`Db::rekey_names`).
pub const NAME_RULE: &str = "nfkc-lower-skeleton-uts39";

pub const NAME_MIN_CHARS: usize = 3;
pub const NAME_MAX_CHARS: usize = 20;

/// The words no name may contain, as skeletons: the built-in list and the host's.
#[derive(Clone, Debug)]
pub struct Blocklist {
    words: Vec<String>,
}

/// Why a name was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameError {
    Length(usize),
    /// A character a name may not have (one that shows nothing, a symbol, a letter outside
    /// the scripts names are written in), or spaces at an end or doubled.
    Character(char),
    /// More than `MARKS_IN_A_ROW` accents on one letter, or one accent twice.
    Marks,
    /// Letters of scripts that are not written together (Latin with Cyrillic, say).
    Scripts,
    Blocked,
}

/// The most combining marks one character may carry.
pub const MARKS_IN_A_ROW: usize = 4;

impl std::fmt::Display for NameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NameError::Length(n) => write!(
                f,
                "a name has {NAME_MIN_CHARS} to {NAME_MAX_CHARS} characters; this one has {n}"
            ),
            NameError::Character(' ') => {
                f.write_str("a name may not start or end with a space, or have two in a row")
            }
            NameError::Character(c) => write!(
                f,
                "a name has letters, digits, spaces and - _ . only; {:?} (U+{:04X}) is none of these",
                c, *c as u32
            ),
            NameError::Marks => write!(
                f,
                "a letter may carry at most {MARKS_IN_A_ROW} accents, each once"
            ),
            NameError::Scripts => f.write_str(
                "a name is written in one script (Chinese with kana or hangul counts as one)",
            ),
            NameError::Blocked => f.write_str("that name is not allowed here; please pick another"),
        }
    }
}

/// What a name looks like, for comparing names: NFKC (fullwidth and mathematical letters become
/// plain ones), lower case, then Unicode's confusable skeleton (UTS #39), so that `Аlice` with a
/// Cyrillic А and `alice` have one key.
pub fn skeleton(name: &str) -> String {
    let plain: String = name.nfkc().collect::<String>().to_lowercase();
    unicode_security::skeleton(&plain).collect()
}

impl Blocklist {
    /// The built-in list (words/blocked.txt) and the lines of `extra`.
    pub fn new(extra: &str) -> Self {
        let words = include_str!("../words/blocked.txt")
            .lines()
            .chain(extra.lines())
            .map(str::trim)
            .filter(|line| !line.is_empty() && !line.starts_with('#'))
            .map(|word| letters(&skeleton(word)))
            .filter(|word| !word.is_empty())
            .collect();
        Self { words }
    }

    /// The name as it is kept (NFKC), and its key (`skeleton`: names are unique by it), if it is
    /// a name.
    pub fn check(&self, name: &str) -> Result<(String, String), NameError> {
        let name: String = name.nfkc().collect();
        let count = name.chars().count();
        if !(NAME_MIN_CHARS..=NAME_MAX_CHARS).contains(&count) {
            return Err(NameError::Length(count));
        }
        if let Some(c) = name.chars().find(|&c| !allowed(c)) {
            return Err(NameError::Character(c));
        }
        if name.starts_with(' ') || name.ends_with(' ') || name.contains("  ") {
            return Err(NameError::Character(' '));
        }
        if !marks_are_few(&name) {
            return Err(NameError::Marks);
        }
        let key = skeleton(&name);
        let letters = letters(&key);
        if self
            .words
            .iter()
            .any(|word| letters.contains(word.as_str()))
        {
            return Err(NameError::Blocked);
        }
        if !name.as_str().is_single_script() {
            return Err(NameError::Scripts);
        }
        Ok((name, key))
    }
}

/// The letters and digits of a skeleton, where blocked words are looked for.
fn letters(key: &str) -> String {
    key.chars().filter(|c| c.is_alphanumeric()).collect()
}

/// A character a name may have: a space, - _ . or a letter, digit or mark that UTS #39 allows
/// in identifiers (no fillers that show nothing, no symbols, no scripts out of use).
fn allowed(c: char) -> bool {
    matches!(c, ' ' | '-' | '_' | '.')
        || ((c.is_alphanumeric() || is_combining_mark(c)) && c.identifier_allowed())
}

/// At most `MARKS_IN_A_ROW` combining marks on a character, and none twice on it.
fn marks_are_few(name: &str) -> bool {
    let mut run: Vec<char> = Vec::new();
    for c in name.nfd() {
        if !is_combining_mark(c) {
            run.clear();
            continue;
        }
        if run.len() == MARKS_IN_A_ROW || run.contains(&c) {
            return false;
        }
        run.push(c);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked_and_keyed_by_their_skeleton() {
        let list = Blocklist::new("scoundrel\n");
        let key = |name: &str| list.check(name).map(|(_, key)| key);
        assert_eq!(
            list.check("Ada Lovelace"),
            Ok(("Ada Lovelace".into(), skeleton("ada lovelace")))
        );
        assert!(key("Zoë_2048").is_ok());
        assert!(key("李小龙").is_ok());
        assert!(key("Дмитрий").is_ok(), "Cyrillic alone");
        assert!(key("山田たろう").is_ok(), "Han with kana");
        assert!(key("김민준").is_ok());
        assert_eq!(key("ab"), Err(NameError::Length(2)));
        assert_eq!(key(&"x".repeat(21)), Err(NameError::Length(21)));
        assert_eq!(key("a<b>c"), Err(NameError::Character('<')));
        assert_eq!(key(" abc"), Err(NameError::Character(' ')));
        assert_eq!(key("a  bc"), Err(NameError::Character(' ')));
        assert_eq!(key("The Admin"), Err(NameError::Blocked));
        assert_eq!(key("s.c.o.u.n.d.r.e.l"), Err(NameError::Blocked));
        // The classic false alarm stays allowed.
        assert!(key("Scunthorpe").is_ok());
    }

    #[test]
    fn look_alike_and_invisible_names_are_refused() {
        let list = Blocklist::new("");
        let refused = |name: &str| list.check(name).err();
        // Blocked words in other forms: fullwidth, Cyrillic А, mathematical bold, Ukrainian і.
        for name in ["ａｄｍｉｎ", "Аdmin", "𝐚𝐝𝐦𝐢𝐧", "admіn"] {
            assert!(refused(name).is_some(), "{name:?} was taken");
        }
        // Look-alikes of a name have its key, or are refused for mixing scripts.
        let alice = skeleton("Alice");
        for name in ["Аlice", "Alіce", "ALICE", "Ａｌｉｃｅ"] {
            match list.check(name) {
                Ok((_, key)) => assert_eq!(key, alice, "{name:?}"),
                Err(e) => assert_eq!(e, NameError::Scripts, "{name:?}"),
            }
        }
        // Names that show nothing: Hangul fillers.
        for name in [
            "\u{3164}\u{3164}\u{3164}",
            "\u{FFA0}\u{FFA0}\u{FFA0}",
            "\u{115F}\u{1160}\u{115F}",
        ] {
            assert!(
                matches!(refused(name), Some(NameError::Character(_))),
                "{name:?}"
            );
        }
        // Stacked marks.
        let stacked = format!("abc{}", "\u{0657}".repeat(19));
        assert!(refused(&stacked).is_some());
        assert_eq!(refused("abe\u{0301}\u{0301}"), Some(NameError::Marks));
        assert!(list.check("Zoe\u{0308}y").is_ok(), "one accent");
        // Zero-width and bidi characters.
        for name in ["ad\u{200B}min", "abc\u{202E}def", "ab\u{200D}cd"] {
            assert!(
                matches!(refused(name), Some(NameError::Character(_))),
                "{name:?}"
            );
        }
    }

    #[test]
    fn tokens_are_43_characters_of_base64url_and_hash_to_hex() {
        let token = new_token();
        assert!(token_is_well_formed(&token), "{token}");
        assert_ne!(token, new_token());
        assert!(!token_is_well_formed("short"));
        assert!(!token_is_well_formed(&"!".repeat(43)));
        assert_eq!(
            hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
