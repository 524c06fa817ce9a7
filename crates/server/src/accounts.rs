//! Accounts without anything to manage: a random token is the account (the server keeps only its
//! SHA-256), and a display name the player picks.

use base64::{Engine as _, engine::general_purpose::URL_SAFE_NO_PAD};
use rand::Rng;
use sha2::{Digest, Sha256};

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

pub const NAME_MIN_CHARS: usize = 3;
pub const NAME_MAX_CHARS: usize = 20;

/// The words no name may contain: the built-in list and the host's.
#[derive(Clone, Debug)]
pub struct Blocklist {
    words: Vec<String>,
}

/// Why a name was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameError {
    Length(usize),
    /// A character a name may not have, or spaces at an end or doubled.
    Character(char),
    Blocked,
}

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
                "a name has letters, digits, spaces and - _ . only; {c:?} is none of these"
            ),
            NameError::Blocked => f.write_str("that name is not allowed here; please pick another"),
        }
    }
}

impl Blocklist {
    /// The built-in list (words/blocked.txt) and the lines of `extra`.
    pub fn new(extra: &str) -> Self {
        let words = include_str!("../words/blocked.txt")
            .lines()
            .chain(extra.lines())
            .map(str::trim)
            .filter(|line| !line.is_empty() && !line.starts_with('#'))
            .map(str::to_lowercase)
            .collect();
        Self { words }
    }

    /// The name's key (lower case: names are unique ignoring case), if it is a name.
    pub fn check(&self, name: &str) -> Result<String, NameError> {
        let count = name.chars().count();
        if !(NAME_MIN_CHARS..=NAME_MAX_CHARS).contains(&count) {
            return Err(NameError::Length(count));
        }
        if let Some(c) = name
            .chars()
            .find(|c| !(c.is_alphanumeric() || matches!(c, ' ' | '-' | '_' | '.')))
        {
            return Err(NameError::Character(c));
        }
        if name.starts_with(' ') || name.ends_with(' ') || name.contains("  ") {
            return Err(NameError::Character(' '));
        }
        let key = name.to_lowercase();
        let letters: String = key.chars().filter(|c| c.is_alphanumeric()).collect();
        if self
            .words
            .iter()
            .any(|word| letters.contains(word.as_str()))
        {
            return Err(NameError::Blocked);
        }
        Ok(key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked_and_keyed_by_lower_case() {
        let list = Blocklist::new("scoundrel\n");
        assert_eq!(list.check("Ada Lovelace"), Ok("ada lovelace".into()));
        assert_eq!(list.check("Zoë_2048"), Ok("zoë_2048".into()));
        assert_eq!(list.check("李小龙"), Ok("李小龙".into()));
        assert_eq!(list.check("ab"), Err(NameError::Length(2)));
        assert_eq!(list.check(&"x".repeat(21)), Err(NameError::Length(21)));
        assert_eq!(list.check("a<b>c"), Err(NameError::Character('<')));
        assert_eq!(list.check(" abc"), Err(NameError::Character(' ')));
        assert_eq!(list.check("a  bc"), Err(NameError::Character(' ')));
        assert_eq!(list.check("The Admin"), Err(NameError::Blocked));
        assert_eq!(list.check("s.c.o.u.n.d.r.e.l"), Err(NameError::Blocked));
        // The classic false alarm stays allowed.
        assert_eq!(list.check("Scunthorpe"), Ok("scunthorpe".into()));
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
