//! The options: board size (a square one press away, rows and columns one by one), target,
//! theme, animations, the coach, the language; the history and the statistics; Export and
//! Import of a backup (a download and a file picker on the page, the system's file dialogs on
//! the desktop). A choice is drawn dark while it is the current one.

use bevy::ecs::system::SystemParam;
use bevy::prelude::KeyCode::{self, *};
use bevy::prelude::{
    App, Commands, DespawnOnExit, Observer, On, OnEnter, Res, SystemCondition, resource_changed,
};

use super::add_screen;
use crate::game::board::BoardChanges;
use crate::game::daily::DailyNow;
use crate::game::dialog::{Block, Dialog, DialogButton};
use crate::game::keys::{Binding, Keys, key_name};
use crate::game::language::Language;
use crate::game::options::{
    LanguageWanted, NextBoard, OptionChanges, PlayerOptions, offered_targets,
};
use crate::game::past::PastGames;
use crate::game::requests::Choose;
use crate::game::requests::Request::{self, *};
use crate::game::requests::{AddRequestOwner, BeforeRequest, Requested, Step};
use crate::game::screen::Screen;
use crate::game::state::Engine;
use crate::i18n::Words;
use crate::rules::{MAX_SIZE, MIN_SIZE, Shape};
use crate::save::{MotionChoice, ThemeChoice};
use crate::tr;

const fn size(keys: &'static [KeyCode], n: usize) -> Binding {
    Binding::new(
        keys,
        Options(Choose::Size(n)),
        "a square board of that side",
    )
}

pub const KEYS: Keys = Keys {
    name: "On the options",
    bindings: &[
        size(&[Digit3, Numpad3], 3),
        size(&[Digit4, Numpad4], 4),
        size(&[Digit5, Numpad5], 5),
        size(&[Digit6, Numpad6], 6),
        size(&[Digit7, Numpad7], 7),
        size(&[Digit8, Numpad8], 8),
        Binding::new(
            &[ArrowUp],
            Options(Choose::StepRows(Step::Down)),
            "one row fewer",
        )
        .help_text("help-rows-columns"),
        Binding::new(
            &[ArrowDown],
            Options(Choose::StepRows(Step::Up)),
            "one row more",
        ),
        Binding::new(
            &[ArrowLeft],
            Options(Choose::StepCols(Step::Down)),
            "one column fewer",
        ),
        Binding::new(
            &[ArrowRight],
            Options(Choose::StepCols(Step::Up)),
            "one column more",
        ),
        Binding::new(
            &[Equal, NumpadAdd],
            Options(Choose::StepTarget(Step::Up)),
            "the next target up",
        ),
        Binding::new(
            &[Minus, NumpadSubtract],
            Options(Choose::StepTarget(Step::Down)),
            "the next target down",
        ),
        Binding::new(&[KeyT], Options(Choose::NextTheme), "the next theme"),
        Binding::new(
            &[KeyM],
            Options(Choose::NextMotion),
            "the next choice of animations",
        ),
        Binding::new(&[KeyC], Options(Choose::ToggleCoach), "the coach on or off"),
        Binding::new(
            &[KeyL],
            Options(Choose::NextLanguage),
            "the next language, then the system's",
        ),
        Binding::new(&[KeyY], Daily, "today's daily game"),
        Binding::new(
            &[Escape, Enter, NumpadEnter, KeyO],
            CloseDialog,
            "close the options (a new shape or target plays that board's game)",
        )
        .help("help-close"),
    ],
    from_code: |_| false,
};

pub(super) fn plugin(app: &mut App) {
    add_screen(
        app,
        Screen::Options,
        &KEYS,
        describe_options,
        resource_changed::<PlayerOptions>
            .or_else(resource_changed::<NextBoard>)
            .or_else(resource_changed::<LanguageWanted>)
            .or_else(resource_changed::<DailyNow>)
            .or_else(resource_changed::<PastGames>),
    );
    app.add_systems(OnEnter(Screen::Options), watch_leaving)
        .add_request_owner(
            &[Options(Choose::NextTheme), Show(Screen::Options)],
            on_request,
        );
}

/// While the options are in front, an observer stands by for their leaving; on the board there
/// is none, so a move there runs none of the options' code.
fn watch_leaving(mut commands: Commands) {
    commands.spawn((Observer::new(leave_options), DespawnOnExit(Screen::Options)));
}

/// Leaving the options, closed or for another screen (the history, the statistics), puts the
/// board chosen in play, before what the next screen does as it opens.
fn leave_options(request: On<BeforeRequest>, mut board: BoardChanges, options: OptionChanges) {
    if request.screen == Screen::Options && matches!(request.request, Show(_) | CloseDialog) {
        board.switch_to(options.chosen_board());
    }
}

/// The options' requests: a choice, and the screen opening on the board in play.
fn on_request(request: On<Requested>, mut options: OptionChanges, engine: Res<Engine>) {
    match request.request {
        Options(choice) => options.choose(choice),
        Show(Screen::Options) => options.open_options(engine.config()),
        _ => {}
    }
}

/// What the options show: the board chosen, the options, the language and what asked for it,
/// and today's daily (in play, or among the games played).
#[derive(SystemParam)]
pub struct OptionsShown<'w> {
    next: Res<'w, NextBoard>,
    options: Res<'w, PlayerOptions>,
    words: Res<'w, Language>,
    language: Res<'w, LanguageWanted>,
    daily: Res<'w, DailyNow>,
    past: Res<'w, PastGames>,
}

fn describe_options(shown: OptionsShown) -> Option<Dialog> {
    describe(&shown)
}

/// The themes and the animations offered, with their labels' message ids (each label's name
/// for a screen reader is its id with `-name`).
pub const THEMES: [(&str, ThemeChoice); 4] = [
    ("options-theme-system", ThemeChoice::System),
    ("options-theme-light", ThemeChoice::Light),
    ("options-theme-dark", ThemeChoice::Dark),
    ("options-theme-contrast", ThemeChoice::HighContrast),
];
pub const MOTIONS: [(&str, MotionChoice); 4] = [
    ("options-motion-system", MotionChoice::System),
    ("options-motion-full", MotionChoice::Full),
    ("options-motion-reduced", MotionChoice::Reduced),
    ("options-motion-off", MotionChoice::Off),
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
    Language,
    Daily,
}

impl Part {
    /// Whether `request` is one of this part's choices or keys.
    pub fn has(self, request: Request) -> bool {
        matches!(
            (self, request),
            (Part::Size, Options(Choose::Size(_)))
                | (
                    Part::Shape,
                    Options(Choose::StepRows(_)) | Options(Choose::StepCols(_))
                )
                | (
                    Part::Target,
                    Options(Choose::Target(_)) | Options(Choose::StepTarget(_))
                )
                | (
                    Part::Theme,
                    Options(Choose::Theme(_)) | Options(Choose::NextTheme)
                )
                | (
                    Part::Motion,
                    Options(Choose::Motion(_)) | Options(Choose::NextMotion)
                )
                | (
                    Part::Coach,
                    Options(Choose::Coach(_)) | Options(Choose::ToggleCoach)
                )
                | (Part::Language, Options(Choose::NextLanguage))
                | (Part::Daily, Daily)
        )
    }

    /// "Board size (keys 3–8)", "Theme (key T)".
    pub fn heading(self, words: &Words) -> String {
        let keys: Vec<String> = KEYS
            .bindings
            .iter()
            .filter(|b| self.has(b.request))
            .map(|b| key_name(b.keys[0], words))
            .collect();
        let part = words.get(match self {
            Part::Size => "options-size",
            Part::Shape => "options-shape",
            Part::Target => "options-target",
            Part::Theme => "options-theme",
            Part::Motion => "options-motion",
            Part::Coach => "options-coach",
            Part::Language => "options-language-heading",
            Part::Daily => "options-daily",
        });
        match keys.as_slice() {
            [key] => tr!(words, "options-heading-key", part = part, key = key),
            keys if self == Part::Shape => {
                tr!(
                    words,
                    "options-heading-arrows",
                    part = part,
                    keys = keys.join(" ")
                )
            }
            [first, .., last] if self == Part::Size => tr!(
                words,
                "options-heading-range",
                part = part,
                first = first,
                last = last
            ),
            [first, second] => tr!(
                words,
                "options-heading-pair",
                part = part,
                first = first,
                second = second
            ),
            _ => part,
        }
    }
}

/// The board's rows and columns in words: "4 rows, 6 columns".
pub fn shape_line(shape: Shape, words: &Words) -> String {
    tr!(
        words,
        "options-shape-line",
        rows = shape.rows(),
        cols = shape.cols()
    )
}

/// The language beside the title; each part's heading (which names its keys) and its choices,
/// each named for a screen reader and marked while it is the current one, the board chosen in a
/// line with its steps; then at the foot the history, the statistics, the backups, and Done.
fn describe(facts: &OptionsShown) -> Option<Dialog> {
    let next = facts.next.0;
    let options = &facts.options.0;
    let words: &Words = &facts.words;
    let named = |id: &str, request| {
        DialogButton::named(words.get(id), words.get(&format!("{id}-name")), request)
    };
    let mut sizes = Vec::new();
    for size in MIN_SIZE..=MAX_SIZE {
        sizes.push(
            DialogButton::named(
                format!("{size}×{size}"),
                tr!(words, "options-size-name", rows = size, cols = size),
                Options(Choose::Size(size)),
            )
            .chosen(next.shape() == Shape::square(size)),
        );
    }
    // Named with the board they step from, so a screen reader hears each step's result.
    let now = shape_line(next.shape(), words);
    let steps = [
        ("options-rows-fewer", Options(Choose::StepRows(Step::Down))),
        ("options-rows-more", Options(Choose::StepRows(Step::Up))),
        ("options-cols-fewer", Options(Choose::StepCols(Step::Down))),
        ("options-cols-more", Options(Choose::StepCols(Step::Up))),
    ]
    .map(|(id, request)| {
        DialogButton::named(
            words.get(id),
            words.fmt(&format!("{id}-name"), &[("shape", now.as_str().into())]),
            request,
        )
    });
    // Only the targets this board can reach (3×3 stops at 1024).
    let targets: Vec<DialogButton> = offered_targets(next.shape())
        .map(|target| {
            DialogButton::named(
                target.to_string(),
                tr!(words, "options-target-name", target = target.to_string()),
                Options(Choose::Target(target)),
            )
            .chosen(next.target() == target)
        })
        .collect();
    let themes = THEMES
        .map(|(id, theme)| named(id, Options(Choose::Theme(theme))).chosen(options.theme == theme));
    let motions = MOTIONS.map(|(id, motion)| {
        named(id, Options(Choose::Motion(motion))).chosen(options.motion == motion)
    });
    let coach = [
        named("options-coach-on", Options(Choose::Coach(true))).chosen(options.coach),
        named("options-coach-off", Options(Choose::Coach(false))).chosen(!options.coach),
    ];
    let system = options.language.is_none() && facts.language.flag.is_none();
    let mut footer = vec![
        DialogButton::new(words.get("options-history"), Show(Screen::History)),
        DialogButton::new(words.get("options-statistics"), Show(Screen::Stats)),
    ];
    footer.push(named("options-export", ExportBackup));
    footer.push(named("options-import", ImportBackup));
    footer.push(DialogButton::new(words.get("options-done"), CloseDialog));
    let heading = |part: Part| Block::Heading(part.heading(words));
    Some(Dialog {
        title: words.get("options-title"),
        body: vec![
            Block::TitleButtons(vec![language_button(words, system)]),
            heading(Part::Size),
            Block::Buttons(sizes),
            Block::Labelled(now, steps.to_vec()),
            heading(Part::Target),
            Block::Buttons(targets),
            heading(Part::Theme),
            Block::Buttons(themes.to_vec()),
            heading(Part::Motion),
            Block::Buttons(motions.to_vec()),
            Block::Labelled(Part::Coach.heading(words), coach.to_vec()),
            Block::Labelled(Part::Daily.heading(words), vec![daily_button(facts)]),
            Block::Footer(footer),
        ],
        modal: true,
    })
}

/// Today's daily: "Play", or "Practice" once its first game (the one that counts) is begun.
fn daily_button(facts: &OptionsShown) -> DialogButton {
    let words: &Words = &facts.words;
    let Some(today) = crate::game::daily::today() else {
        return DialogButton::new(words.get("options-daily-play"), Daily);
    };
    let config = crate::rules::daily_config();
    let begun = facts.daily.0.is_some_and(|a| a.day == today && a.counted)
        || facts.past.0.iter().any(|game| {
            crate::game::daily::attempt(&facts.past.0, config, game.seed, game.started_ms)
                .is_some_and(|a| a.day == today && a.counted)
        });
    let id = if begun {
        "options-daily-practice"
    } else {
        "options-daily-play"
    };
    let date = words.say(&crate::game::daily::day_said(today));
    DialogButton::named(
        words.get(id),
        words.fmt(&format!("{id}-name"), &[("date", date.into())]),
        Daily,
    )
}

/// The language button: the language spoken, in its own name, and whether it is the system's
/// (its key and each press go to the next one, then back to the system's).
fn language_button(words: &Words, system: bool) -> DialogButton {
    let language = words.get("language-name");
    let language = language.as_str();
    let (label, name) = if system {
        (
            tr!(words, "options-language-system", language = language),
            tr!(words, "options-language-system-name", language = language),
        )
    } else {
        (
            words.get("language-name"),
            tr!(words, "options-language-name", language = language),
        )
    };
    DialogButton::named(label, name, Options(Choose::NextLanguage))
}
