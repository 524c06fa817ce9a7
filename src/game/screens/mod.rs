//! The screens: what has the keys, one module each. A screen's module holds all it says: its
//! keys (each with the words the help line and the key tables of docs/playing.md use), the
//! requests it takes, and one description of what it shows ([`Dialog`]: its title, its lines,
//! its buttons, each with the label drawn, the name spoken and the request it sends). The view
//! draws a dialog's buttons from it; the web page's mirror and the desktop's accessibility tree
//! read the same description (`ShownDialog`).
//!
//! The screens are listed once, a line each, in `with_screens!` (`game/screen.rs`): this module
//! makes from that list its child modules, [`SCREENS`] and [`Screen::unit`]. A module that lacks
//! its keys, what it accepts or its description does not compile ([`Unit`] has no defaults).
//! Each module's own docs say what it shows (the board in play, "Start a new game?", the
//! options, the replay viewer's controls, the history, the statistics, the coach's summary, a
//! race's card).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::coach::Coach;
use super::daily::DailyNow;
use super::language::Language;
use super::options::LanguageWanted;
use super::options::{NextBoard, PlayerOptions};
use super::past::PastGames;
use super::race::Race;
use super::ranked::RankedServer;
use super::requests::Request;
use super::review::Reviews;
use super::sets::GameSet;
use super::speech::Announcement;
use super::state::Engine;
use super::state::RankedBoard;
use super::state::Replay;
use super::state::{GameList, UndoRecord};
pub use super::state::{GameState, Screen};
use crate::i18n::Words;
use crate::tr;
use stats::StatsBoard;

/// Makes, from the list of screens, their modules, `SCREENS` and `Screen::unit`.
macro_rules! screen_modules {
    ($($(#[$doc:meta])* $name:ident => $module:ident,)*) => {
        $(pub mod $module;)*

        /// Every screen, in the order of `with_screens!`, which the key tables of
        /// docs/playing.md follow.
        pub const SCREENS: [Screen; [$(Screen::$name),*].len()] = [$(Screen::$name),*];

        impl Screen {
            /// The screen's module.
            pub fn unit(self) -> &'static Unit {
                match self {
                    $(Screen::$name => &$module::UNIT,)*
                }
            }
        }
    };
}

super::screen::with_screens!(screen_modules);

/// All a screen says: its name (the heading of its keys in docs/playing.md), its keys, what it
/// accepts and what it shows.
pub struct Unit {
    pub name: &'static str,
    pub keys: &'static [Binding],
    /// Whether the screen takes `request`. (On-screen buttons of the board stay visible behind
    /// a dialog; this is what keeps them from acting.)
    pub accepts: fn(Request) -> bool,
    /// What it shows in front of the board, for eyes and for screen readers; `None` over the
    /// bare board.
    pub describe: fn(&Facts) -> Option<Dialog>,
    /// Whether what it describes from has changed (the screen, the game's state and the
    /// language, which every description follows, aside): its description is made again then.
    pub reads: fn(&Facts) -> bool,
}

impl Screen {
    /// Whether this screen takes `request`.
    pub fn accepts(self, request: Request) -> bool {
        (self.unit().accepts)(request)
    }

    /// The request a key asks of this screen in `state`, if any.
    pub fn key(self, code: KeyCode, state: GameState) -> Option<Request> {
        self.unit()
            .keys
            .iter()
            .find(|b| b.when.holds(state) && b.keys.contains(&code))
            .map(|b| b.request)
    }

    /// The name of the first key that asks this screen for `request` ("E"), if one does.
    pub fn key_for(self, request: Request, words: &Words) -> Option<String> {
        self.unit()
            .keys
            .iter()
            .find(|b| b.request == request)
            .map(|b| key_name(b.keys[0], words))
    }

    /// The line of keys under the board: the screen's own, or the board's for the dialogs that
    /// have none of their own (the question, the options).
    pub fn help_line(self, words: &Words) -> String {
        let own = help_of(self.unit().keys, words);
        if own.is_empty() {
            help_of(play::UNIT.keys, words)
        } else {
            own
        }
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

/// The help line of these bindings, their parts joined by dots.
fn help_of(keys: &[Binding], words: &Words) -> String {
    keys.iter()
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

/// The name of a key [`key_name`] does not know (a test keeps every bound key named).
const UNNAMED: &str = "(unnamed)";

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

/// The key tables of docs/playing.md, made from the screens' keys: a table per screen, a row per
/// binding (bindings that do the same are one row). In English, as the docs are.
pub fn key_tables() -> String {
    let words = Words::english();
    let mut out = String::new();
    for screen in SCREENS {
        let unit = screen.unit();
        out.push_str(&format!("**{}**\n\n| keys | do |\n|---|---|\n", unit.name));
        let mut rows: Vec<(String, String)> = Vec::new();
        for binding in unit.keys {
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

/// The dialog in front of the board: its title, then what it shows under it, top-down. Each
/// text and each button is in it once, with what is drawn and what is spoken together; the view
/// lays it out (`view::flow`), the desktop's accessibility tree and the page's mirror read it.
#[derive(Debug, Clone, PartialEq)]
pub struct Dialog {
    /// Its title, which is also its name for a screen reader.
    pub title: String,
    pub body: Vec<Block>,
    /// Whether the game behind waits while it shows: every dialog but the replay viewer's
    /// controls, whose board is what the player watches.
    pub modal: bool,
}

/// A piece of a dialog, in reading order.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    /// Buttons at the end of the title's line (the options' language, the statistics' ← and →).
    TitleButtons(Vec<DialogButton>),
    /// A short text at the end of the title's line: drawn, and what a screen reader hears of it
    /// (the history's "1–8 of 40 games", both; the statistics' "4×4", drawn only, since their
    /// next line says "4 by 4 boards").
    TitleNote {
        drawn: String,
        spoken: Option<String>,
    },
    /// A sentence ("Start from an empty board?", a race's figures).
    Line(String),
    /// A sentence a screen reader hears of what the screen shows in its own way (under "Game
    /// over!", the score that the header's box and the board show): not drawn as text.
    Said(String),
    /// A part's heading ("Theme (key T)"), its choices under it.
    Heading(String),
    /// A text with its buttons at the end of its line, or under it where they do not fit
    /// ("4 rows, 4 columns" and its steps, "Coach (key C)" and On, Off).
    Labelled(String, Vec<DialogButton>),
    /// A row of buttons, in as many rows as they need.
    Buttons(Vec<DialogButton>),
    /// A list with a selection: every item a row that is a button, `shown` of them in view
    /// from `top` (the history's games).
    List(List),
    /// A chart, with its heading drawn over it and what a screen reader hears of it.
    Chart(Chart),
    /// The row of buttons at the dialog's foot (Done, Close).
    Footer(Vec<DialogButton>),
}

/// A chart: its heading, its figures as a sentence, and what it draws.
#[derive(Debug, Clone, PartialEq)]
pub struct Chart {
    pub heading: String,
    pub spoken: String,
    pub kind: ChartKind,
}

/// What a chart draws.
#[derive(Debug, Clone, PartialEq)]
pub enum ChartKind {
    /// A bar for each best tile: how many games ended on it.
    Tiles(Vec<(u32, usize)>),
    /// The last games' scores as a line, oldest first, from 0 to the highest (`top`, written).
    Scores { recent: Vec<u64>, top: String },
}

/// A list's items, the selected one, and the window of them in view.
#[derive(Debug, Clone, PartialEq)]
pub struct List {
    pub rows: Vec<DialogButton>,
    pub selected: usize,
    pub top: usize,
    pub shown: usize,
}

impl Block {
    /// Its text, if it has one.
    pub fn text(&self) -> Option<&str> {
        match self {
            Block::TitleNote {
                spoken: Some(text), ..
            }
            | Block::Line(text)
            | Block::Said(text)
            | Block::Heading(text)
            | Block::Labelled(text, _) => Some(text),
            Block::Chart(chart) => Some(&chart.spoken),
            _ => None,
        }
    }

    /// Its buttons.
    pub fn buttons(&self) -> &[DialogButton] {
        match self {
            Block::TitleButtons(buttons)
            | Block::Labelled(_, buttons)
            | Block::Buttons(buttons)
            | Block::Footer(buttons) => buttons,
            Block::List(list) => &list.rows,
            Block::TitleNote { .. }
            | Block::Line(_)
            | Block::Said(_)
            | Block::Heading(_)
            | Block::Chart(_) => &[],
        }
    }
}

/// A button of a dialog: what it shows, what a screen reader says, what it sends.
#[derive(Debug, Clone, PartialEq)]
pub struct DialogButton {
    /// Its text on screen ("→").
    pub label: String,
    /// Its name for a screen reader ("Next board").
    pub name: String,
    pub request: Request,
    /// One of the options' choices, and the current one.
    pub chosen: bool,
    /// The labels it shows at other times (Pause for Play), which its drawing keeps room for,
    /// so that the row it stands in does not move when it changes.
    pub room: Vec<String>,
}

impl DialogButton {
    /// A button whose label is its name.
    pub fn new(name: impl Into<String>, request: Request) -> Self {
        let name = name.into();
        Self {
            label: name.clone(),
            name,
            request,
            chosen: false,
            room: Vec::new(),
        }
    }

    /// A button drawn as `label` and named `name`.
    pub fn named(label: impl Into<String>, name: impl Into<String>, request: Request) -> Self {
        Self {
            label: label.into(),
            name: name.into(),
            request,
            chosen: false,
            room: Vec::new(),
        }
    }

    pub fn chosen(mut self, chosen: bool) -> Self {
        self.chosen = chosen;
        self
    }

    /// Keeps room for `labels`, the others it shows at other times.
    pub fn room_for(mut self, labels: impl IntoIterator<Item = String>) -> Self {
        self.room = labels.into_iter().collect();
        self
    }
}

impl Dialog {
    /// A modal dialog of a title, its lines and a row of buttons under them (the question,
    /// a race's card, "You win!" and "Game over!").
    pub fn modal(title: impl Into<String>, lines: Vec<String>, buttons: Vec<DialogButton>) -> Self {
        let mut body: Vec<Block> = lines.into_iter().map(Block::Line).collect();
        body.push(Block::Buttons(buttons));
        Self {
            title: title.into(),
            body,
            modal: true,
        }
    }

    /// Its texts under the title, in reading order (lines, headings, labels).
    pub fn lines(&self) -> Vec<String> {
        self.body
            .iter()
            .filter_map(Block::text)
            .map(str::to_owned)
            .collect()
    }

    /// Its buttons, in reading order.
    pub fn buttons(&self) -> Vec<DialogButton> {
        self.body.iter().flat_map(Block::buttons).cloned().collect()
    }

    /// Puts `line` last, before the footer.
    pub fn push_line(&mut self, line: String) {
        let at = self
            .body
            .iter()
            .position(|block| matches!(block, Block::Footer(_)))
            .unwrap_or(self.body.len());
        self.body.insert(at, Block::Line(line));
    }

    /// Puts `line` in as its `at`-th text (at most after the last text).
    pub fn insert_line(&mut self, at: usize, line: String) {
        let place = self
            .body
            .iter()
            .enumerate()
            .filter(|(_, block)| block.text().is_some())
            .map(|(i, _)| i)
            .nth(at)
            .or_else(|| {
                let last = self.body.iter().rposition(|block| block.text().is_some());
                Some(last.map_or(0, |i| i + 1))
            })
            .unwrap_or(0);
        self.body.insert(place, Block::Line(line));
    }

    /// The buttons that send `request`.
    pub fn button(&self, request: Request) -> Option<&DialogButton> {
        self.body
            .iter()
            .flat_map(Block::buttons)
            .find(|b| b.request == request)
    }
}

pub(super) fn plugin(app: &mut App) {
    race_result::plugin(app);
    app.init_resource::<ShownDialog>()
        .init_resource::<GameList>()
        .init_resource::<StatsBoard>()
        .add_systems(
            Update,
            (describe_dialog, announce_dialogs).in_set(GameSet::React),
        );
}

/// Esc and Q quit on the desktop only (a page cannot be quit).
pub const QUIT_KEYS: bool = cfg!(not(target_arch = "wasm32"));

/// The dialog the view draws and the page's mirror and the desktop's tree show, kept by
/// `describe_dialog`.
#[derive(Resource, Default, Debug, PartialEq)]
pub struct ShownDialog(pub Option<Dialog>);

/// What the descriptions are made from.
#[derive(SystemParam)]
pub struct Facts<'w> {
    pub screen: Res<'w, State<Screen>>,
    pub state: Res<'w, State<GameState>>,
    pub next: Res<'w, NextBoard>,
    pub options: Res<'w, PlayerOptions>,
    pub engine: Res<'w, Engine>,
    pub replay: Res<'w, Replay>,
    pub past: Res<'w, PastGames>,
    /// Where the history list stands.
    pub list: Res<'w, GameList>,
    pub stats_board: Res<'w, StatsBoard>,
    pub coach: Res<'w, Coach>,
    /// Games read for their luck and skill.
    pub reviews: Res<'w, Reviews>,
    /// The game in play among the dailies, and its moves (its undos).
    pub daily: Res<'w, DailyNow>,
    pub undo: Res<'w, UndoRecord>,
    /// The race against a ghost, if one is on.
    pub race: Res<'w, Race>,
    /// The player's language, and what asked for it.
    pub words: Res<'w, Language>,
    pub language: Res<'w, LanguageWanted>,
    /// The ranked daily's server, and its game if it is on the board.
    pub ranked: Res<'w, RankedServer>,
    pub ranked_board: Res<'w, RankedBoard>,
}

impl Facts<'_> {
    fn changed(&self) -> bool {
        self.screen.is_changed()
            || self.state.is_changed()
            || self.words.is_changed()
            || (self.screen.get().unit().reads)(self)
    }

    /// The description of the screen in front.
    pub fn dialog(&self) -> Option<Dialog> {
        (self.screen.get().unit().describe)(self)
    }
}

/// Keeps `ShownDialog` the description of the screen in front.
pub fn describe_dialog(facts: Facts, mut shown: ResMut<ShownDialog>) {
    if facts.changed() {
        shown.set_if_neq(ShownDialog(facts.dialog()));
    }
}

/// The question interrupts (it asks before a game is lost); the options say their name.
fn announce_dialogs(
    screen: Res<State<Screen>>,
    words: Res<Language>,
    mut said: MessageWriter<Announcement>,
) {
    if !screen.is_changed() || screen.is_added() {
        return;
    }
    let (id, urgent) = match screen.get() {
        Screen::ConfirmNewGame => ("say-new-game-question", true),
        Screen::Options => ("say-options", false),
        Screen::Coach => ("say-coach", false),
        _ => return,
    };
    said.write(Announcement {
        text: words.get(id),
        urgent,
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::past::when;
    use crate::game::requests::{Choose, Watch};
    use crate::save::PastGame;

    /// The description of `screen` over a new 4×4 game in `state`, with the default options.
    fn describe(screen: Screen, state: GameState) -> Option<Dialog> {
        use bevy::ecs::system::RunSystemOnce;
        let mut world = World::new();
        let config = crate::rules::Config::default();
        world.insert_resource(State::new(screen));
        world.insert_resource(State::new(state));
        world.insert_resource(NextBoard(config));
        world.insert_resource(PlayerOptions(crate::save::Options::default()));
        world.insert_resource(Engine(crate::rules::Game::new(config, 1)));
        world.insert_resource(Replay::default());
        world.insert_resource(PastGames::default());
        world.insert_resource(StatsBoard(crate::rules::Shape::square(4)));
        world.insert_resource(Coach::default());
        world.insert_resource(Language(Words::english().clone()));
        world.insert_resource(LanguageWanted::default());
        world.insert_resource(DailyNow::default());
        world.insert_resource(Reviews::default());
        world.insert_resource(Race::default());
        world.insert_resource(GameList::default());
        world.insert_resource(RankedServer::default());
        world.insert_resource(RankedBoard::default());
        world.insert_resource(UndoRecord(crate::rules::History::new(
            crate::rules::Game::new(config, 1),
        )));
        world
            .run_system_once(|facts: Facts| facts.dialog())
            .expect("the facts are all there")
    }

    #[test]
    fn each_dialog_names_its_buttons_and_the_current_choices() {
        let question = describe(Screen::ConfirmNewGame, GameState::Playing).unwrap();
        assert_eq!(question.title, "Start a new game?");
        assert!(question.modal);
        assert_eq!(question.buttons()[0].request, Request::ConfirmNewGame);
        let menu = describe(Screen::Options, GameState::Playing).unwrap();
        let buttons = menu.buttons();
        let chosen: Vec<&str> = buttons
            .iter()
            .filter(|b| b.chosen)
            .map(|b| b.name.as_str())
            .collect();
        assert_eq!(
            chosen,
            [
                "Board 4 by 4",
                "Target 2048",
                "System theme",
                "Animations as the system asks",
                "Coach off"
            ]
        );
        assert_eq!(
            options::Part::Size.heading(Words::english()),
            "Board size (keys 3–8)",
            "headings name their keys"
        );
        assert_eq!(
            options::Part::Target.heading(Words::english()),
            "Target (keys + and −)"
        );
        assert_eq!(
            options::Part::Theme.heading(Words::english()),
            "Theme (key T)"
        );
        let over = describe(Screen::Game, GameState::GameOver).unwrap();
        let best = crate::rules::Game::new(crate::rules::Config::default(), 1)
            .board()
            .max_tile();
        assert_eq!(over.lines(), [format!("Score 0, best tile {best}.")]);
        assert_eq!(describe(Screen::Game, GameState::Playing), None);
        // Every screen's buttons are requests it takes.
        for screen in SCREENS {
            for state in [GameState::Playing, GameState::Won, GameState::GameOver] {
                for button in describe(screen, state).iter().flat_map(|d| d.buttons()) {
                    assert!(screen.accepts(button.request), "{screen:?} {button:?}");
                }
            }
        }
    }

    #[test]
    fn the_history_and_the_statistics_are_said_in_words() {
        let game = |score, best_tile, moves, ai| PastGame {
            started_ms: 1_796_041_752_000,
            seed: 1,
            size: crate::rules::Shape::square(4),
            target: 2048,
            score,
            best_tile,
            moves,
            undos: 0,
            played_ms: 0,
            ai,
            over: true,
            code: String::new(),
            extra: Default::default(),
        };
        let games = [game(1204, 128, 150, false), game(20_000, 2048, 1, true)];
        let history = history::list(&games, GameList::default(), Words::english());
        assert_eq!(history.lines(), ["1–2 of 2 games"]);
        let buttons = history.buttons();
        let rows: Vec<(&str, Request)> = buttons
            .iter()
            .take(2)
            .map(|b| (b.name.as_str(), b.request))
            .collect();
        // The date and time in this machine's zone (`past`'s tests check the zones).
        let at = when(1_796_041_752_000, Words::english());
        assert_eq!(
            rows,
            [
                (
                    &*format!(
                        "{at}, 4 by 4, score 20,000, best tile 2048, 1 move, played by the AI"
                    ),
                    Request::Watch(Watch::Past(0))
                ),
                (
                    &*format!("{at}, 4 by 4, score 1,204, best tile 128, 150 moves"),
                    Request::Watch(Watch::Past(1))
                ),
            ]
        );
        let stats = stats::figures(&games, crate::rules::Shape::square(4), Words::english());
        assert_eq!(
            stats.lines(),
            [
                "4 by 4 boards: 2 games, 1 win (50 %), best score 20,000, average score 10,602.",
                "Best tile reached: 128 in 1 game, 2048 in 1 game.",
                "Last 2 scores, oldest first: 1,204, 20,000."
            ]
        );
        assert_eq!(
            stats::figures(&games, crate::rules::Shape::square(5), Words::english()).lines(),
            ["No 5 by 5 games yet."]
        );
        assert_eq!(
            history::list(&[], GameList::default(), Words::english())
                .buttons()
                .len(),
            5
        );
        // Every button is one its screen takes.
        for (screen, dialog) in [(Screen::History, history), (Screen::Stats, stats)] {
            assert!(dialog.modal);
            for button in &dialog.buttons() {
                assert!(screen.accepts(button.request), "{screen:?} {button:?}");
            }
        }
    }

    #[test]
    fn every_key_asks_what_its_screen_takes_and_no_key_is_bound_twice() {
        for screen in SCREENS {
            let keys = screen.unit().keys;
            for (i, binding) in keys.iter().enumerate() {
                assert!(screen.accepts(binding.request), "{screen:?} {binding:?}");
                assert!(!binding.keys.is_empty());
                for key in binding.keys {
                    assert_ne!(
                        key_name(*key, Words::english()),
                        UNNAMED,
                        "{key:?} has a name"
                    );
                    let twice = keys[..i].iter().any(|other| {
                        other.keys.contains(key)
                            && (other.when == binding.when
                                || other.when == When::Always
                                || binding.when == When::Always)
                    });
                    assert!(!twice, "{screen:?}: {key:?} is bound twice");
                }
            }
        }
    }

    #[test]
    fn keys_named_in_sentences_are_the_key_tables_keys() {
        use crate::ai::coach::{Rating, Verdict};
        let e = Screen::Game
            .key_for(Request::CoachBars, Words::english())
            .unwrap();
        let rating = Rating {
            played: crate::rules::Direction::Up,
            best: crate::rules::Direction::Left,
            verdict: Verdict::Mistake,
            shortfall: 0.5,
            shortfalls: [None; 4],
            thresholds: crate::ai::coach::HEURISTIC_THRESHOLDS,
        };
        let remark = crate::game::speech::remark(&rating, Words::english());
        assert!(remark.contains(&format!("({e} compares)")), "{remark}");
        let c = Screen::Options
            .key_for(Request::Options(Choose::ToggleCoach), Words::english())
            .unwrap();
        let empty = coach_summary::summary(
            &crate::game::coach::Summary {
                rated: 0,
                counts: [0; 4],
                worst: Vec::new(),
            },
            Words::english(),
        );
        assert!(
            empty.lines()[0].contains(&format!("(options, key {c})")),
            "{:?}",
            empty.lines()
        );
    }

    #[test]
    fn the_pages_sentence_of_keys_says_what_the_board_s_keys_do() {
        // The page's mirror describes the canvas with a short sentence of keys (web/index.html,
        // `#a11y-keys`, its words the catalogues' `page-keys`): each key it names asks for
        // what it says, and every language names the same keys.
        let sentence = Words::english().get("page-keys");
        for lang in crate::i18n::Lang::ALL {
            let said = Words::new(lang).get("page-keys");
            for key in ["B", "U", "R", "I", "P", "O", "X"] {
                let alone = said
                    .split(|c: char| !c.is_alphanumeric())
                    .any(|word| word == key);
                assert!(alone, "{lang}: {key} in {said:?}");
            }
        }
        for (key, request, says) in [
            (KeyCode::KeyB, Request::ReadBoard, "B reads the board"),
            (KeyCode::KeyU, Request::Undo, "U undoes"),
            (KeyCode::KeyR, Request::NewGame, "R starts a new game"),
            (KeyCode::KeyI, Request::Hint, "I gives a hint"),
            (KeyCode::KeyP, Request::ToggleAutoplay, "P lets the AI play"),
            (
                KeyCode::KeyO,
                Request::Show(Screen::Options),
                "O opens the options",
            ),
            (
                KeyCode::KeyX,
                Request::Show(Screen::Coach),
                "X the coach's summary",
            ),
        ] {
            assert!(sentence.contains(says), "{says:?} in {sentence:?}");
            assert_eq!(
                Screen::Game.key(key, GameState::Playing),
                Some(request),
                "{says}"
            );
        }
    }

    #[test]
    fn the_key_tables_in_docs_are_the_screens_keys() {
        let playing = include_str!("../../../docs/playing.md");
        let tables = key_tables();
        assert!(
            playing.contains(&tables),
            "docs/playing.md's key tables are not the screens' keys; from the key tables they read:\n\n{tables}"
        );
    }

    #[test]
    fn the_help_lines_come_from_the_keys() {
        let board = Screen::Game.help_line(Words::english());
        assert!(
            board.contains("U undo  ·  R new game  ·  O options"),
            "{board}"
        );
        // The options' arrows step rows and columns, so they say so in place of the board's.
        assert_eq!(
            Screen::Options.help_line(Words::english()),
            "↑ ↓ rows  ·  ← → columns  ·  Esc close"
        );
        assert_eq!(
            Screen::Stats.help_line(Words::english()),
            "← → board  ·  G history  ·  Esc close"
        );
        assert_eq!(
            Screen::Game.key(KeyCode::Enter, GameState::Won),
            Some(Request::KeepGoing)
        );
        assert_eq!(
            Screen::Game.key(KeyCode::Enter, GameState::GameOver),
            Some(Request::NewGame)
        );
        assert_eq!(Screen::Game.key(KeyCode::Enter, GameState::Playing), None);
    }
}
