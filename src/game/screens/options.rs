//! The options: board size (a square one press away, rows and columns one by one), target,
//! theme, animations, the coach; the history and the
//! statistics; in the browser also Export and Import of a backup (the desktop has `--export`
//! and `--import`). A choice is drawn dark while it is the current one.

use bevy::prelude::KeyCode::{self, *};

use super::{Binding, Dialog, DialogButton, Facts, Unit, key_name};
use crate::game::TARGETS;
use crate::game::requests::Request::{self, *};
use crate::game::requests::Step;
use crate::rules::{MAX_SIZE, MIN_SIZE, Shape};
use crate::save::{MotionChoice, ThemeChoice};

const fn size(keys: &'static [KeyCode], n: usize) -> Binding {
    Binding::new(keys, SetSize(n), "a square board of that side")
}

pub const UNIT: Unit = Unit {
    name: "On the options",
    keys: &[
        size(&[Digit3, Numpad3], 3),
        size(&[Digit4, Numpad4], 4),
        size(&[Digit5, Numpad5], 5),
        size(&[Digit6, Numpad6], 6),
        size(&[Digit7, Numpad7], 7),
        size(&[Digit8, Numpad8], 8),
        Binding::new(&[ArrowUp], StepRows(Step::Down), "one row fewer")
            .help_text("↑ ↓ rows  ·  ← → columns"),
        Binding::new(&[ArrowDown], StepRows(Step::Up), "one row more"),
        Binding::new(&[ArrowLeft], StepCols(Step::Down), "one column fewer"),
        Binding::new(&[ArrowRight], StepCols(Step::Up), "one column more"),
        Binding::new(
            &[Equal, NumpadAdd],
            StepTarget(Step::Up),
            "the next target up",
        ),
        Binding::new(
            &[Minus, NumpadSubtract],
            StepTarget(Step::Down),
            "the next target down",
        ),
        Binding::new(&[KeyT], ToggleTheme, "the other theme"),
        Binding::new(&[KeyM], NextMotion, "the next choice of animations"),
        Binding::new(&[KeyC], ToggleCoach, "the coach on or off"),
        Binding::new(
            &[Escape, Enter, NumpadEnter, KeyO],
            CloseDialog,
            "close the options (a new shape or target plays that board's game)",
        )
        .help("close"),
    ],
    accepts,
    describe,
};

fn accepts(request: Request) -> bool {
    matches!(
        request,
        CloseDialog
            | SetSize(_)
            | StepRows(_)
            | StepCols(_)
            | SetTarget(_)
            | StepTarget(_)
            | SetTheme(_)
            | ToggleTheme
            | SetMotion(_)
            | NextMotion
            | SetCoach(_)
            | ToggleCoach
            | OpenHistory
            | OpenStats
            | ExportBackup
            | ImportBackup
    )
}

/// The themes and the animations offered, with their labels.
pub const THEMES: [(&str, ThemeChoice); 4] = [
    ("System", ThemeChoice::System),
    ("Light", ThemeChoice::Light),
    ("Dark", ThemeChoice::Dark),
    ("High contrast", ThemeChoice::HighContrast),
];
pub const MOTIONS: [(&str, MotionChoice); 4] = [
    ("System", MotionChoice::System),
    ("Full", MotionChoice::Full),
    ("Reduced", MotionChoice::Reduced),
    ("Off", MotionChoice::Off),
];

/// A part of the options: its heading names its keys, from the bindings above.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Size,
    Shape,
    Target,
    Theme,
    Motion,
    Coach,
}

impl Part {
    /// Whether `request` is one of this part's choices or keys.
    pub fn has(self, request: Request) -> bool {
        matches!(
            (self, request),
            (Part::Size, SetSize(_))
                | (Part::Shape, StepRows(_) | StepCols(_))
                | (Part::Target, SetTarget(_) | StepTarget(_))
                | (Part::Theme, SetTheme(_) | ToggleTheme)
                | (Part::Motion, SetMotion(_) | NextMotion)
                | (Part::Coach, SetCoach(_) | ToggleCoach)
        )
    }

    /// "Board size (keys 3–8)", "Theme (key T)".
    pub fn heading(self) -> String {
        let keys: Vec<&str> = UNIT
            .keys
            .iter()
            .filter(|b| self.has(b.request))
            .map(|b| key_name(b.keys[0]))
            .collect();
        let word = match self {
            Part::Size => "Board size",
            Part::Shape => "Rows and columns",
            Part::Target => "Target",
            Part::Theme => "Theme",
            Part::Motion => "Animations",
            Part::Coach => "Move coach",
        };
        match keys.as_slice() {
            [key] => format!("{word} (key {key})"),
            keys if self == Part::Shape => format!("{word}: {}", keys.join(" ")),
            [first, .., last] if self == Part::Size => format!("{word} (keys {first}–{last})"),
            keys => format!("{word} (keys {})", keys.join(" and ")),
        }
    }
}

/// The board's rows and columns in words: "4 rows, 6 columns".
pub fn shape_line(shape: Shape) -> String {
    format!("{} rows, {} columns", shape.rows(), shape.cols())
}

/// The board chosen (a line: its rows and columns), then every choice, each named for a screen
/// reader and marked while it is the current one; then the history, the statistics, the page's
/// backups, and Done.
fn describe(facts: &Facts) -> Option<Dialog> {
    let next = facts.next.0;
    let options = &facts.options.0;
    let mut buttons = Vec::new();
    for size in MIN_SIZE..=MAX_SIZE {
        buttons.push(
            DialogButton::named(
                format!("{size}×{size}"),
                format!("Board {size} by {size}"),
                SetSize(size),
            )
            .chosen(next.shape() == Shape::square(size)),
        );
    }
    // Named with the board they step from, so a screen reader hears each step's result.
    let now = shape_line(next.shape());
    for (label, name, request) in [
        ("Rows −", "One row fewer", StepRows(Step::Down)),
        ("Rows +", "One row more", StepRows(Step::Up)),
        ("Cols −", "One column fewer", StepCols(Step::Down)),
        ("Cols +", "One column more", StepCols(Step::Up)),
    ] {
        buttons.push(DialogButton::named(
            label,
            format!("{name} (now {now})"),
            request,
        ));
    }
    for target in TARGETS {
        buttons.push(
            DialogButton::named(
                target.to_string(),
                format!("Target {target}"),
                SetTarget(target),
            )
            .chosen(next.target() == target),
        );
    }
    for (label, theme) in THEMES {
        let name = match theme {
            ThemeChoice::HighContrast => "High contrast theme".to_string(),
            _ => format!("{label} theme"),
        };
        buttons
            .push(DialogButton::named(label, name, SetTheme(theme)).chosen(options.theme == theme));
    }
    for (label, motion) in MOTIONS {
        let name = match motion {
            MotionChoice::System => "Animations as the system asks",
            MotionChoice::Full => "Full animations",
            MotionChoice::Reduced => "Reduced animations",
            MotionChoice::Off => "No animations",
        };
        buttons.push(
            DialogButton::named(label, name, SetMotion(motion)).chosen(options.motion == motion),
        );
    }
    buttons.push(DialogButton::named("On", "Coach on", SetCoach(true)).chosen(options.coach));
    buttons.push(DialogButton::named("Off", "Coach off", SetCoach(false)).chosen(!options.coach));
    buttons.push(DialogButton::new("History", OpenHistory));
    buttons.push(DialogButton::new("Statistics", OpenStats));
    if cfg!(target_arch = "wasm32") {
        buttons.push(DialogButton::named(
            "Export",
            "Export a backup",
            ExportBackup,
        ));
        buttons.push(DialogButton::named(
            "Import",
            "Import a backup",
            ImportBackup,
        ));
    }
    buttons.push(DialogButton::new("Done", CloseDialog));
    Some(Dialog::modal(
        "Options",
        vec![shape_line(next.shape())],
        buttons,
    ))
}
