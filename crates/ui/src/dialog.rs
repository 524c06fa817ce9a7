//! A dialog's description ([`Dialog`]): its title, its lines, its buttons, each with the label
//! drawn, the name spoken and the action it does, in reading order. One description is drawn
//! (laid out by [`crate::flow`]), spoken (the desktop's accessibility tree) and mirrored (the web
//! page); the game makes one for each screen. A button's action is the game's own type
//! ([`Action`]), so this crate never names it.

use std::fmt::Debug;

/// What a button does when pressed: the game's own type (its requests).
pub trait Action: Copy + PartialEq + Debug + Send + Sync + 'static {
    /// Whether it is one of a set of choices, on or off (a screen reader hears it as a toggle,
    /// the page marks it pressed).
    fn is_choice(&self) -> bool {
        false
    }
}

/// A dialog: its title, then what it shows under it, top-down. Each text and each button is in
/// it once, with what is drawn and what is spoken together; [`crate::flow`] lays it out, and the
/// game draws it, speaks it (the desktop's accessibility tree) and mirrors it (the web page).
#[derive(Debug, Clone, PartialEq)]
pub struct Dialog<A> {
    /// Its title, which is also its name for a screen reader.
    pub title: String,
    pub body: Vec<Block<A>>,
    /// Whether the game behind waits while it shows: every dialog but the replay viewer's
    /// controls, whose board is what the player watches.
    pub modal: bool,
}

/// A piece of a dialog, in reading order.
#[derive(Debug, Clone, PartialEq)]
pub enum Block<A> {
    /// Buttons at the end of the title's line (the options' language, the statistics' ← and →).
    TitleButtons(Vec<DialogButton<A>>),
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
    Labelled(String, Vec<DialogButton<A>>),
    /// A row of buttons, in as many rows as they need.
    Buttons(Vec<DialogButton<A>>),
    /// A list with a selection: every item a row that is a button, `shown` of them in view
    /// from `top` (the history's games).
    List(List<A>),
    /// A chart, with its heading drawn over it and what a screen reader hears of it.
    Chart(Chart),
    /// The row of buttons at the dialog's foot (Done, Close).
    Footer(Vec<DialogButton<A>>),
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
    /// A bar for each value: how many there are of it (the statistics' best tiles, each with
    /// how many games ended on it).
    Bars(Vec<(u32, usize)>),
    /// Figures as a line, in order, from 0 to the highest, which is written (`top`) right of
    /// the heading (the statistics' last scores, oldest first).
    Line { points: Vec<u64>, top: String },
}

/// A list's items, the selected one, and the window of them in view.
#[derive(Debug, Clone, PartialEq)]
pub struct List<A> {
    pub rows: Vec<DialogButton<A>>,
    pub selected: usize,
    pub top: usize,
    pub shown: usize,
}

impl<A> Block<A> {
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
    pub fn buttons(&self) -> &[DialogButton<A>] {
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

/// A button of a dialog: what it shows, what a screen reader says, what it does when pressed
/// (`action`, the game's own type).
#[derive(Debug, Clone, PartialEq)]
pub struct DialogButton<A> {
    /// Its text on screen ("→").
    pub label: String,
    /// Its name for a screen reader ("Next board").
    pub name: String,
    pub action: A,
    /// One of the options' choices, and the current one.
    pub chosen: bool,
    /// The labels it shows at other times (Pause for Play), which its drawing keeps room for,
    /// so that the row it stands in does not move when it changes.
    pub room: Vec<String>,
}

impl<A> DialogButton<A> {
    /// A button whose label is its name.
    pub fn new(name: impl Into<String>, action: A) -> Self {
        let name = name.into();
        Self {
            label: name.clone(),
            name,
            action,
            chosen: false,
            room: Vec::new(),
        }
    }

    /// A button drawn as `label` and named `name`.
    pub fn named(label: impl Into<String>, name: impl Into<String>, action: A) -> Self {
        Self {
            label: label.into(),
            name: name.into(),
            action,
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

impl<A: Action> Dialog<A> {
    /// A modal dialog of a title, its lines and a row of buttons under them (the question,
    /// a race's card, "You win!" and "Game over!").
    pub fn modal(
        title: impl Into<String>,
        lines: Vec<String>,
        buttons: Vec<DialogButton<A>>,
    ) -> Self {
        let mut body: Vec<Block<A>> = lines.into_iter().map(Block::Line).collect();
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
    pub fn buttons(&self) -> Vec<DialogButton<A>> {
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

    /// The button that does `action`.
    pub fn button(&self, action: A) -> Option<&DialogButton<A>> {
        self.body
            .iter()
            .flat_map(Block::buttons)
            .find(|b| b.action == action)
    }
}

/// The action of the kit's own tests' buttons.
#[cfg(test)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct TestAction(pub u8);

#[cfg(test)]
impl Action for TestAction {}
