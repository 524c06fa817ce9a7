//! Key tables: each screen's keys, the request each asks for, when, and the words the help line
//! under the board and docs/playing.md's tables use. Each screen's module writes its own table
//! ([`Keys`]) and registers it ([`KeyTables`]) in its plugin; the one reader of keys
//! (`input::read_keys`) looks up the table of the screen in front as each key changes it.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::dialog::{Dialog, ShownDialog};
use super::requests::Request;
use super::screen::Screen;
use super::state::GameState;
use crate::i18n::Words;
use crate::tr;

/// Esc and Q quit on the desktop only (a page cannot be quit).
pub const QUIT_KEYS: bool = cfg!(not(target_arch = "wasm32"));

/// A screen's keys: its heading in docs/playing.md, its bindings, and the requests the game's
/// own code sends it (no key or button of it does: a replay's code at start, a drag on the
/// seek bar, the wheel over the history).
#[derive(Debug)]
pub struct Keys {
    pub name: &'static str,
    pub bindings: &'static [Binding],
    pub from_code: fn(Request) -> bool,
}

impl Keys {
    /// The request `code` asks for in `state`, if any.
    pub fn request(&self, code: KeyCode, state: GameState) -> Option<Request> {
        self.bindings
            .iter()
            .find(|b| b.when.holds(state) && b.keys.contains(&code))
            .map(|b| b.request)
    }

    /// Whether a key of this table asks for `request` (at some time), or code sends it.
    pub fn sends(&self, request: Request) -> bool {
        self.bindings.iter().any(|b| b.request == request) || (self.from_code)(request)
    }

    /// The name of the first key that asks for `request` ("E"), if one does.
    pub fn key_for(&self, request: Request, words: &Words) -> Option<String> {
        self.bindings
            .iter()
            .find(|b| b.request == request)
            .map(|b| key_name(b.keys[0], words))
    }

    /// The help line of these bindings, their parts joined by dots.
    pub fn help_line(&self, words: &Words) -> String {
        self.bindings
            .iter()
            .filter(|b| b.when != When::Desktop || QUIT_KEYS)
            .filter_map(|b| match b.help {
                Help::None => None,
                Help::Word(id) => Some(tr!(
                    words,
                    "help-key",
                    key = key_name(b.keys[0], words),
                    action = words.get(id)
                )),
                Help::Text(id) => Some(words.get(id)),
            })
            .collect::<Vec<_>>()
            .join("  ·  ")
    }
}

/// Every screen's key table, as its module registered it.
#[derive(Resource, Debug, Default)]
pub struct KeyTables(Vec<(Screen, &'static Keys)>);

/// The table of a screen that registered none: no keys.
static NO_KEYS: Keys = Keys {
    name: "",
    bindings: &[],
    from_code: |_| false,
};

impl KeyTables {
    /// Registers `screen`'s table (its plugin does).
    pub fn add(&mut self, screen: Screen, keys: &'static Keys) {
        self.0.retain(|(s, _)| *s != screen);
        self.0.push((screen, keys));
    }

    /// `screen`'s table.
    pub fn of(&self, screen: Screen) -> &'static Keys {
        self.0
            .iter()
            .find(|(s, _)| *s == screen)
            .map_or(&NO_KEYS, |(_, keys)| keys)
    }

    /// The line of keys under the board: the screen's own, or the board's for the dialogs that
    /// have none of their own (the question, the options).
    pub fn help_line(&self, screen: Screen, words: &Words) -> String {
        let own = self.of(screen).help_line(words);
        if own.is_empty() {
            self.of(Screen::Game).help_line(words)
        } else {
            own
        }
    }
}

/// Whether `screen` takes `request`: a key of its table asks for it, the game's own code sends
/// it (its table's `from_code`), or a button of `dialog`, its description in front, sends it.
/// (The board's buttons stay on screen behind a dialog: this keeps them from acting.)
pub fn takes(keys: &Keys, dialog: Option<&Dialog>, request: Request) -> bool {
    keys.sends(request) || dialog.is_some_and(|dialog| dialog.button(request).is_some())
}

/// What the screens take ([`takes`]), for the systems that read requests and buttons.
#[derive(SystemParam)]
pub struct Takes<'w> {
    tables: Res<'w, KeyTables>,
    shown: Res<'w, ShownDialog>,
    front: Res<'w, State<Screen>>,
}

impl Takes<'_> {
    /// Whether `screen` takes `request`: its description's buttons count while it is the
    /// screen in front (another's not yet made).
    pub fn takes(&self, screen: Screen, request: Request) -> bool {
        let dialog = (screen == *self.front.get())
            .then_some(self.shown.0.as_ref())
            .flatten();
        takes(self.tables.of(screen), dialog, request)
    }

    /// `screen`'s key table.
    pub fn keys(&self, screen: Screen) -> &'static Keys {
        self.tables.of(screen)
    }
}

/// One key binding: the keys, the request they send, when, and the words for it.
#[derive(Debug, Clone, Copy)]
pub struct Binding {
    pub keys: &'static [KeyCode],
    pub request: Request,
    pub when: When,
    /// What the keys do, as docs/playing.md's table says it (in English: the docs' words, not
    /// the game's).
    pub does: &'static str,
    /// Its part of the help line under the board.
    pub help: Help,
}

/// When a binding holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    Always,
    /// Over "You win!" or "Game over!" only.
    In(GameState),
    /// On the desktop only (a page cannot be quit).
    Desktop,
}

impl When {
    fn holds(self, state: GameState) -> bool {
        match self {
            When::Always => true,
            When::In(s) => s == state,
            When::Desktop => QUIT_KEYS,
        }
    }
}

/// A binding's part of the help line: message ids of the catalogues (`crate::i18n`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Help {
    None,
    /// Its first key's name with this message's word: "U undo" (`help-key`).
    Word(&'static str),
    /// This message as it is (for keys named together: "← → board").
    Text(&'static str),
}

impl Binding {
    /// A binding that always holds and is not on the help line.
    pub const fn new(keys: &'static [KeyCode], request: Request, does: &'static str) -> Self {
        Self {
            keys,
            request,
            when: When::Always,
            // Only docs/playing.md's tables read it (`key_tables`, a test): the page's .wasm is
            // spared the text.
            does: if cfg!(target_arch = "wasm32") {
                ""
            } else {
                does
            },
            help: Help::None,
        }
    }

    /// On the help line as its first key and the word of message `id`.
    pub const fn help(mut self, id: &'static str) -> Self {
        self.help = Help::Word(id);
        self
    }

    /// On the help line as message `id`.
    pub const fn help_text(mut self, id: &'static str) -> Self {
        self.help = Help::Text(id);
        self
    }

    pub const fn when(mut self, when: When) -> Self {
        self.when = when;
        self
    }

    /// The keys' names, each once: "U, Backspace" (the numpad's twins are the main keys').
    pub fn names(&self, words: &Words) -> String {
        let mut names: Vec<String> = Vec::new();
        for &key in self.keys {
            let name = key_name(key, words);
            if !names.contains(&name) {
                names.push(name);
            }
        }
        names.join(", ")
    }
}

/// The name of a key [`key_name`] does not know (a test keeps every bound key named).
pub const UNNAMED: &str = "(unnamed)";

/// A key's name as the help line and docs/playing.md write it: a word from the catalogue (its name
/// on that language's keyboards), or the letter, digit or sign on the key.
pub fn key_name(key: KeyCode, words: &Words) -> String {
    use KeyCode::*;
    let id = match key {
        Enter | NumpadEnter => "key-enter",
        Space => "key-space",
        Escape => "key-escape",
        Backspace => "key-backspace",
        Home => "key-home",
        End => "key-end",
        PageUp => "key-page-up",
        PageDown => "key-page-down",
        Comma => "key-comma",
        Period => "key-period",
        _ => return key_sign(key).to_string(),
    };
    words.get(id)
}

/// What is written on a key that has a letter, digit or sign.
fn key_sign(key: KeyCode) -> &'static str {
    use KeyCode::*;
    match key {
        ArrowUp => "↑",
        ArrowDown => "↓",
        ArrowLeft => "←",
        ArrowRight => "→",
        Slash => "?",
        Equal | NumpadAdd => "+",
        Minus | NumpadSubtract => "−",
        Digit1 | Numpad1 => "1",
        Digit2 | Numpad2 => "2",
        Digit3 | Numpad3 => "3",
        Digit4 | Numpad4 => "4",
        Digit5 | Numpad5 => "5",
        Digit6 | Numpad6 => "6",
        Digit7 | Numpad7 => "7",
        Digit8 | Numpad8 => "8",
        KeyA => "A",
        KeyB => "B",
        KeyC => "C",
        KeyD => "D",
        KeyE => "E",
        KeyF => "F",
        KeyG => "G",
        KeyH => "H",
        KeyI => "I",
        KeyJ => "J",
        KeyK => "K",
        KeyL => "L",
        KeyM => "M",
        KeyN => "N",
        KeyO => "O",
        KeyP => "P",
        KeyQ => "Q",
        KeyR => "R",
        KeyS => "S",
        KeyT => "T",
        KeyU => "U",
        KeyV => "V",
        KeyW => "W",
        KeyX => "X",
        KeyY => "Y",
        KeyZ => "Z",
        _ => UNNAMED,
    }
}

/// The key tables of docs/playing.md, made from the screens' tables (in `Screen::ALL`'s order): a table per screen, a row per
/// binding (bindings that do the same are one row). In English, as the docs are.
pub fn key_tables(tables: &KeyTables) -> String {
    let words = Words::english();
    let mut out = String::new();
    for screen in Screen::ALL {
        let keys = tables.of(screen);
        out.push_str(&format!("**{}**\n\n| keys | do |\n|---|---|\n", keys.name));
        let mut rows: Vec<(String, String)> = Vec::new();
        for binding in keys.bindings {
            let does = match binding.when {
                When::Always => binding.does.to_string(),
                When::In(GameState::Won) => format!("on \"You win!\": {}", binding.does),
                When::In(_) => format!("on \"Game over!\": {}", binding.does),
                When::Desktop => format!("{} (desktop only)", binding.does),
            };
            match rows.last_mut() {
                Some((keys, last)) if *last == does => {
                    keys.push_str(", ");
                    keys.push_str(&binding.names(words));
                }
                _ => rows.push((binding.names(words), does)),
            }
        }
        for (keys, does) in rows {
            out.push_str(&format!("| {keys} | {does} |\n"));
        }
        out.push('\n');
    }
    out
}
