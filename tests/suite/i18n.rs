//! The game in every language: each catalogue has every message and uses only the arguments the
//! game gives, every character it writes has a glyph, numbers are written as each language
//! writes them; nothing the game draws or says is outside the catalogues (the pseudo-language
//! marks every message, and every screen is searched for text it did not mark); every label
//! fits its box in every language; and the game plays, is drawn and is said in French and
//! Chinese.

use g2048::game::Choose;
use std::collections::{BTreeMap, BTreeSet};

use crate::common::*;
use accesskit::Role;
use bevy::a11y::AccessibilityNode;
use bevy::prelude::*;
use fluent_syntax::ast;
use g2048::{
    game::{Announcement, Language, Request, Screen, ShownDialog},
    i18n::{Arg, Lang, PSEUDO_CLOSE, PSEUDO_OPEN, Words},
    rules::{Board, Config},
    save::MemoryStore,
    view::widgets::Named,
};
use g2048_ui::text::{Faces, Fitted, FontPx, Label, SMALLEST, TextBox};

/// Messages a language leaves in English on purpose, with the reason: none so far.
const DELIBERATELY_ENGLISH: &[(&str, &str)] = &[];

/// Arguments the game gives a message besides those English's uses: the date's parts a
/// language may write its own way (src/game/past.rs).
const GIVEN_BESIDES: &[(&str, &[&str])] = &[
    ("date-time", &["month", "day"]),
    ("date-day", &["month", "day"]),
];

/// What a message uses: the variables it names and the messages it refers to.
#[derive(Default)]
struct Uses {
    variables: BTreeSet<String>,
    references: BTreeSet<String>,
}

/// Each message of `lang`'s catalogue with what it uses.
fn messages(lang: Lang) -> BTreeMap<String, Uses> {
    let source = lang.catalogue();
    let resource = fluent_syntax::parser::parse(source)
        .unwrap_or_else(|(_, errors)| panic!("{lang}: the catalogue does not parse: {errors:?}"));
    let mut out = BTreeMap::new();
    for entry in resource.body {
        match entry {
            ast::Entry::Message(message) => {
                let mut uses = Uses::default();
                if let Some(pattern) = &message.value {
                    pattern_uses(pattern, &mut uses);
                }
                out.insert(message.id.name.to_string(), uses);
            }
            ast::Entry::Junk { content } => panic!("{lang}: cannot read {content:?}"),
            _ => {}
        }
    }
    out
}

fn pattern_uses(pattern: &ast::Pattern<&str>, uses: &mut Uses) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_uses(expression, uses);
        }
    }
}

fn expression_uses(expression: &ast::Expression<&str>, uses: &mut Uses) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_uses(selector, uses);
            for variant in variants {
                pattern_uses(&variant.value, uses);
            }
        }
        ast::Expression::Inline(inline) => inline_uses(inline, uses),
    }
}

fn inline_uses(inline: &ast::InlineExpression<&str>, uses: &mut Uses) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            uses.variables.insert(id.name.to_string());
        }
        ast::InlineExpression::MessageReference { id, .. } => {
            uses.references.insert(id.name.to_string());
        }
        ast::InlineExpression::Placeable { expression } => expression_uses(expression, uses),
        _ => {}
    }
}

/// The variables message `id` of `catalogue` uses, with those of the messages it refers to.
fn variables(id: &str, catalogue: &BTreeMap<String, Uses>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut seen = BTreeSet::new();
    let mut todo = vec![id.to_string()];
    while let Some(id) = todo.pop() {
        if !seen.insert(id.clone()) {
            continue;
        }
        if let Some(uses) = catalogue.get(&id) {
            out.extend(uses.variables.iter().cloned());
            todo.extend(uses.references.iter().cloned());
        }
    }
    out
}

#[test]
fn every_catalogue_has_every_message_and_no_other() {
    let english = messages(Lang::En);
    assert!(english.len() > 250, "{} messages", english.len());
    let deliberate: BTreeSet<&str> = DELIBERATELY_ENGLISH.iter().map(|(id, _)| *id).collect();
    for lang in Lang::ALL {
        let own = messages(lang);
        let missing: Vec<&String> = english
            .keys()
            .filter(|id| !own.contains_key(*id) && !deliberate.contains(id.as_str()))
            .collect();
        let extra: Vec<&String> = own.keys().filter(|id| !english.contains_key(*id)).collect();
        assert!(missing.is_empty(), "{lang} lacks {missing:?}");
        assert!(
            extra.is_empty(),
            "{lang} has messages English has not: {extra:?}"
        );
    }
}

#[test]
fn translations_use_only_the_arguments_the_game_gives_and_format_cleanly() {
    let english = messages(Lang::En);
    for lang in Lang::ALL {
        let own = messages(lang);
        let words = Words::new(lang);
        for id in own.keys() {
            // What the game gives the message is what English's uses.
            let mut given = variables(id, &english);
            for (besides, names) in GIVEN_BESIDES {
                if id == besides {
                    given.extend(names.iter().map(|n| n.to_string()));
                }
            }
            let used = variables(id, &own);
            let unknown: Vec<&String> = used.difference(&given).collect();
            assert!(unknown.is_empty(), "{lang} {id} uses {unknown:?}");
            // Every plural form and the texts `$what` selects on.
            for n in [0u64, 1, 2, 3, 5, 11, 21, 22, 25, 101, 1234] {
                let args: Vec<(&str, Arg)> = given
                    .iter()
                    .map(|name| {
                        let value = match name.as_str() {
                            "what" => Arg::Text("history".into()),
                            _ => Arg::Number(n as f64),
                        };
                        (name.as_str(), value)
                    })
                    .collect();
                let errors = words.errors(id, &args);
                assert!(errors.is_empty(), "{lang}: {errors:?}");
            }
        }
    }
}

#[test]
fn every_character_of_every_catalogue_has_a_glyph() {
    let faces = Faces::get();
    for lang in Lang::ALL {
        let lacking: BTreeSet<char> = lang
            .catalogue()
            .lines()
            .filter(|line| !line.trim_start().starts_with('#'))
            .flat_map(str::chars)
            .filter(|&c| !faces.has(c))
            .collect();
        assert!(
            lacking.is_empty(),
            "{lang}: no glyph for {lacking:?} (run tools/fonts.py)"
        );
    }
}

#[test]
fn numbers_are_grouped_as_each_language_writes_them() {
    let number = |lang, n| Words::new(lang).number(n);
    assert_eq!(number(Lang::En, 1234), "1,234");
    assert_eq!(number(Lang::ZhHans, 1_234_567), "1,234,567");
    assert_eq!(number(Lang::Fr, 1234), "1\u{202F}234");
    assert_eq!(number(Lang::Ru, 20_000), "20\u{A0}000");
    assert_eq!(number(Lang::De, 1234), "1.234");
    assert_eq!(number(Lang::PtBr, 1_204_000), "1.204.000");
    // Spanish groups from five digits (CLDR's minimum grouping digits).
    assert_eq!(number(Lang::Es, 1234), "1234");
    assert_eq!(number(Lang::Es, 12_345), "12.345");
    assert_eq!(number(Lang::De, 999), "999");
    // In a message too, where the number also picks the plural form.
    let fr = Words::new(Lang::Fr);
    let said = fr.say(&g2048::said!("count-moves", moves = 1234u64));
    assert!(said.starts_with("1\u{202F}234 "), "{said}");
    assert_eq!(Words::new(Lang::De).decimal(12.345, 1), "12,3");
    assert_eq!(Words::english().decimal(0.0456, 2), "0.05");
}

#[test]
fn the_system_s_languages_choose_the_game_s() {
    assert_eq!(Lang::negotiate(["fr-CA", "en-US"]), Lang::Fr);
    assert_eq!(Lang::negotiate(["nl-NL", "de-AT"]), Lang::De);
    assert_eq!(Lang::negotiate(["pt-PT"]), Lang::PtBr);
    assert_eq!(Lang::negotiate(["zh-TW"]), Lang::ZhHans);
    assert_eq!(Lang::negotiate(["ru_RU.UTF-8"]), Lang::Ru);
    assert_eq!(Lang::negotiate(["C", "POSIX"]), Lang::En);
    assert_eq!(Lang::negotiate(["ja", "ko"]), Lang::En);
    assert_eq!(Lang::negotiate(std::iter::empty()), Lang::En);
    // The pseudo-language is never the system's.
    assert_eq!(Lang::negotiate(["en-XA", "es"]), Lang::Es);
    for lang in Lang::ALL {
        assert_eq!(Lang::parse(lang.tag()), Some(lang));
    }
    // A language the file names that this build lacks is read as none: the options stay.
    let options = g2048::save::parse_options(
        br#"{"version":1,"data":{"size":4,"target":2048,"language":"tlh"}}"#,
    )
    .expect("the options are read");
    assert_eq!(options.language, None);
}

/// A game with a few moves, a history of games, the coach on: every screen has something to
/// show.
fn lived_in(lang: Lang) -> App {
    let mut app = app_in(lang, Config::default(), 7);
    for _ in 0..3 {
        play_moves(&mut app, 12);
        new_game(&mut app);
    }
    press_and_settle(&mut app, KeyCode::KeyO);
    press_and_settle(&mut app, KeyCode::KeyC);
    press_and_settle(&mut app, KeyCode::Escape);
    play_moves(&mut app, 6);
    settle(&mut app);
    app
}

/// What is on screen and in the screen readers' trees now: every label's text, every button's
/// name, the dialog in front, the frame's sentences, and the desktop tree's labels.
fn everything_shown(app: &mut App) -> Vec<String> {
    let world = app.world_mut();
    let mut out = Vec::new();
    out.extend(world.query::<&Label>().iter(world).map(|l| l.0.clone()));
    out.extend(world.query::<&Named>().iter(world).map(|n| n.name.clone()));
    if let Some(dialog) = &world.resource::<ShownDialog>().0 {
        out.push(dialog.title.clone());
        out.extend(dialog.lines().iter().cloned());
        for button in &dialog.buttons() {
            out.push(button.label.clone());
            out.push(button.name.clone());
        }
    }
    let said = world.resource::<Messages<Announcement>>();
    out.extend(said.iter_current_update_messages().map(|a| a.text.clone()));
    out.extend(
        world
            .query::<&AccessibilityNode>()
            .iter(world)
            .flat_map(|n| [n.label().map(str::to_string), n.value().map(str::to_string)])
            .flatten(),
    );
    out
}

/// Walks every screen (and the board's overlays, a notice, the coach's bars) and gives `look`
/// what is shown at each, with where it was.
fn every_screen(app: &mut App, mut look: impl FnMut(&mut App, &str)) {
    look(app, "the board");
    press_and_settle(app, KeyCode::KeyE);
    look(app, "the coach's bars");
    press_and_settle(app, KeyCode::KeyB);
    look(app, "the board read aloud");
    for (key, screen) in [
        (KeyCode::KeyO, "the options"),
        (KeyCode::KeyG, "the history"),
        (KeyCode::KeyN, "the statistics"),
        (KeyCode::KeyX, "the coach's summary"),
        (KeyCode::KeyV, "the replay viewer"),
        (KeyCode::KeyR, "the new-game question"),
    ] {
        press_and_settle(app, key);
        look(app, screen);
        press_and_settle(app, KeyCode::Escape);
    }
    // The statistics of a board never played, and an empty history.
    press_and_settle(app, KeyCode::KeyN);
    press_and_settle(app, KeyCode::ArrowRight);
    look(app, "the statistics of another board");
    press_and_settle(app, KeyCode::Escape);
    // A notice: the coach's bars asked for with the coach off (C in the options).
    press_and_settle(app, KeyCode::KeyO);
    press_and_settle(app, KeyCode::KeyC);
    press_and_settle(app, KeyCode::Escape);
    press(app, KeyCode::KeyE);
    look(app, "a notice");
    settle(app);
    // "You win!" and "Game over!".
    let board = Board::from_rows(&[&[8, 8, 0, 0], &[0; 4], &[0; 4], &[0; 4]]);
    set_board(app, board, 16);
    press_and_settle(app, KeyCode::ArrowLeft);
    assert_eq!(state(app), g2048::game::GameState::Won);
    look(app, "\"You win!\"");
    press_and_settle(app, KeyCode::Enter);
    press_and_settle(app, KeyCode::KeyO);
    press_and_settle(app, KeyCode::KeyC);
    press_and_settle(app, KeyCode::Escape);
    set_board(app, one_move_loses(), 2048);
    press_and_settle(app, KeyCode::ArrowRight);
    assert_eq!(state(app), g2048::game::GameState::GameOver);
    look(app, "\"Game over!\"");
    // Today's daily, played to its end: its result, then the statistics' dailies and the
    // history's marks.
    press_and_settle(app, KeyCode::KeyY);
    look(app, "a daily");
    for _ in 0..100 {
        play_fast(app, 200);
        settle(app);
        if state(app) == g2048::game::GameState::GameOver {
            break;
        }
    }
    look(app, "a daily's \"Game over!\"");
    press_and_settle(app, KeyCode::Enter);
    press_and_settle(app, KeyCode::KeyY);
    look(app, "a daily's practice");
    for (key, screen) in [
        (KeyCode::KeyN, "the statistics with dailies"),
        (KeyCode::KeyG, "the history with dailies"),
    ] {
        press_and_settle(app, key);
        look(app, screen);
        press_and_settle(app, KeyCode::Escape);
    }
    // A race against the AI: the ghost's board and the lead, then, played to its end, its card.
    press_and_settle(app, KeyCode::KeyM);
    play_moves(app, 3);
    settle(app);
    look(app, "a race");
    for _ in 0..100 {
        if screen(app) == g2048::game::Screen::RaceResult {
            break;
        }
        play_fast(app, 200);
    }
    settle(app);
    assert_eq!(screen(app), g2048::game::Screen::RaceResult);
    look(app, "a race's card");
}

/// `text` with every message the pseudo-language marked taken out.
fn unmarked(text: &str) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            PSEUDO_OPEN => depth += 1,
            PSEUDO_CLOSE => depth = depth.saturating_sub(1),
            c if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

#[test]
fn nothing_drawn_or_said_comes_from_outside_the_catalogues() {
    let mut app = lived_in(Lang::Pseudo);
    let mut found = BTreeMap::new();
    every_screen(&mut app, |app, place| {
        for text in everything_shown(app) {
            // Letters outside any marked message: words the catalogues did not give.
            if unmarked(&text).chars().any(char::is_alphabetic) {
                found.entry(text).or_insert(place.to_string());
            }
        }
    });
    assert!(found.is_empty(), "not from the catalogues: {found:#?}");
}

/// Every label fits its box in each language: a test of its own for each, so that the suite's
/// two threads share them (the walk takes about 3 s a language). These are the languages.
const LABEL_TESTS: [Lang; 7] = [
    Lang::En,
    Lang::Fr,
    Lang::De,
    Lang::Es,
    Lang::PtBr,
    Lang::Ru,
    Lang::ZhHans,
];

#[test]
fn every_language_has_its_test_of_labels_fitting_their_boxes() {
    assert_eq!(LABEL_TESTS, Lang::ALL);
}

#[test]
fn every_label_fits_its_box_in_english() {
    labels_fit_their_boxes(Lang::En);
}

#[test]
fn every_label_fits_its_box_in_french() {
    labels_fit_their_boxes(Lang::Fr);
}

#[test]
fn every_label_fits_its_box_in_german() {
    labels_fit_their_boxes(Lang::De);
}

#[test]
fn every_label_fits_its_box_in_spanish() {
    labels_fit_their_boxes(Lang::Es);
}

#[test]
fn every_label_fits_its_box_in_brazilian_portuguese() {
    labels_fit_their_boxes(Lang::PtBr);
}

#[test]
fn every_label_fits_its_box_in_russian() {
    labels_fit_their_boxes(Lang::Ru);
}

#[test]
fn every_label_fits_its_box_in_simplified_chinese() {
    labels_fit_their_boxes(Lang::ZhHans);
}

fn labels_fit_their_boxes(lang: Lang) {
    let mut app = lived_in(lang);
    let mut bad = BTreeMap::new();
    every_screen(&mut app, |app, place| {
        let world = app.world_mut();
        let mut labels = world.query::<(&Label, &FontPx, &Fitted, Option<&TextBox>)>();
        for (label, px, fitted, bx) in labels.iter(world) {
            let Some(bx) = bx else {
                // Words need a box; numbers, arrows and signs are drawn as they come.
                if label.0.chars().any(char::is_alphabetic) {
                    bad.insert(label.0.clone(), format!("{place}: no box"));
                }
                continue;
            };
            let tall = fitted.lines.len() as f32 * fitted.px * 1.15;
            let fits = fitted.widest <= bx.width + 0.5
                && fitted.lines.len() <= bx.lines
                && fitted.px >= px.0 * SMALLEST - 0.01
                && bx.height.is_none_or(|h| tall <= h + 0.5);
            if !fits {
                bad.insert(
                    label.0.clone(),
                    format!(
                        "{place}: {:.0} wide in {:.0}, {} lines at {:.1} px",
                        fitted.widest,
                        bx.width,
                        fitted.lines.len(),
                        fitted.px
                    ),
                );
            }
        }
    });
    assert!(bad.is_empty(), "{lang}: {bad:#?}");
}

/// Every label's text.
fn labels(app: &mut App) -> Vec<String> {
    let world = app.world_mut();
    world
        .query::<&Label>()
        .iter(world)
        .map(|l| l.0.clone())
        .collect()
}

/// The options' dialog as the desktop tree holds it: its buttons' names.
fn tree_buttons(app: &mut App) -> Vec<String> {
    let world = app.world_mut();
    world
        .query::<&AccessibilityNode>()
        .iter(world)
        .filter(|n| matches!(n.role(), Role::Button))
        .filter_map(|n| n.label().map(str::to_string))
        .collect()
}

fn tree_language(app: &mut App) -> Option<String> {
    let world = app.world_mut();
    world
        .query::<&AccessibilityNode>()
        .iter(world)
        .find_map(|n| n.language().map(str::to_string))
}

#[test]
fn the_game_is_played_drawn_and_said_in_french_and_in_chinese() {
    for (lang, left, empty, options, size) in [
        (Lang::Fr, "Gauche", "vide", "Options", "4 sur 4"),
        (Lang::ZhHans, "左", "空", "选项", "4 乘 4"),
    ] {
        let mut app = app_in(lang, Config::default(), 5);
        let board = Board::from_rows(&[&[2, 2, 0, 0], &[0; 4], &[0, 0, 8, 0], &[0; 4]]);
        set_board(&mut app, board, 2048);
        press(&mut app, KeyCode::ArrowLeft);
        let said: Vec<String> = {
            let messages = app.world().resource::<Messages<Announcement>>();
            messages
                .iter_current_update_messages()
                .map(|a| a.text.clone())
                .collect()
        };
        assert!(said.iter().any(|s| s.starts_with(left)), "{lang}: {said:?}");
        settle(&mut app);
        // The board read aloud, row by row, with its empty cells.
        press(&mut app, KeyCode::KeyB);
        let reading = {
            let messages = app.world().resource::<Messages<Announcement>>();
            messages
                .iter_current_update_messages()
                .map(|a| a.text.clone())
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert!(reading.contains(empty), "{lang}: {reading}");
        assert_eq!(tree_language(&mut app).as_deref(), Some(lang.tag()));
        // The options in the desktop tree: the dialog's title and its buttons' names.
        press_and_settle(&mut app, KeyCode::KeyO);
        let dialog = app.world().resource::<ShownDialog>().0.clone().unwrap();
        assert_eq!(dialog.title, options, "{lang}");
        let names = tree_buttons(&mut app);
        assert!(names.iter().any(|n| n.contains(size)), "{lang}: {names:?}");
        // Drawn: the header's names in the language.
        let labels = labels(&mut app);
        let best = Words::new(lang).get("header-best");
        assert!(labels.contains(&best), "{lang}: {best} in {labels:?}");
    }
}

#[test]
fn a_language_chosen_in_the_options_is_spoken_at_once_and_kept() {
    let store: std::sync::Arc<dyn g2048::save::Store> = std::sync::Arc::new(MemoryStore::default());
    let mut app = window(&store, None);
    assert_eq!(app.world().resource::<Language>().lang(), Lang::En);
    press_and_settle(&mut app, KeyCode::KeyO);
    // The system's (English here), then English chosen, then French.
    press_and_settle(&mut app, KeyCode::KeyL);
    press_and_settle(&mut app, KeyCode::KeyL);
    assert_eq!(app.world().resource::<Language>().lang(), Lang::Fr);
    let dialog = app.world().resource::<ShownDialog>().0.clone().unwrap();
    assert!(dialog.buttons().iter().any(|b| b.label == "Français"));
    let titles = labels(&mut app);
    let french = Words::new(Lang::Fr);
    for id in ["options-title", "header-best", "header-new-game"] {
        assert!(titles.contains(&french.get(id)), "{id} in {titles:?}");
    }
    press_and_settle(&mut app, KeyCode::Escape);
    let help = key_help(&mut app);
    assert_eq!(
        help,
        app.world()
            .resource::<g2048::game::KeyTables>()
            .help_line(Screen::Game, &french),
        "the key help in French"
    );
    drop(app);
    // The next start speaks French, whatever the system's language.
    let again = window(&store, None);
    assert_eq!(again.world().resource::<Language>().lang(), Lang::Fr);
    // Round the list, with the keyboard on the language button (the first the Tab key
    // reaches): each Enter the next language, and the options stay open with the focus on it.
    let mut app = again;
    press_and_settle(&mut app, KeyCode::KeyO);
    press_and_settle(&mut app, KeyCode::Tab);
    for _ in 0..Lang::ALL.len() - 1 {
        press_and_settle(&mut app, KeyCode::Enter);
        assert_eq!(screen(&app), Screen::Options);
        let focus = g2048::testing::focused_button(&app).unwrap();
        let button = app.world().get::<g2048::game::UiButton>(focus).unwrap();
        assert_eq!(button.action, Request::Options(Choose::NextLanguage));
    }
    assert_eq!(
        app.world()
            .resource::<g2048::game::PlayerOptions>()
            .language,
        None
    );
    assert_eq!(app.world().resource::<Language>().lang(), Lang::En);
}

#[test]
fn a_screen_reader_gets_sizes_and_numbers_as_they_are_said() {
    // espeak-ng read "4×4" as "4 times 4", and Russian "20 000" as twenty, zero zero zero
    // (tools/speech-check.py): what goes to a screen reader says the size and drops the
    // no-break space that groups digits.
    let en = Words::english();
    assert_eq!(
        en.spoken("Score 1,204, 4×6 board to 2048."),
        "Score 1,204, 4 by 6 board to 2048."
    );
    let ru = Words::new(Lang::Ru);
    assert_eq!(
        ru.spoken("счёт 20\u{A0}000, поле 3×8"),
        "счёт 20000, поле 3 на 8"
    );
    let fr = Words::new(Lang::Fr);
    assert_eq!(fr.spoken("score 1\u{202F}234\u{202F}567"), "score 1234567");
    // Only between digits, and only a size: a "×" of a speed stays, as does a space in words.
    assert_eq!(en.spoken("Speed 2×, Move 2 of 3"), "Speed 2×, Move 2 of 3");
    assert_eq!(fr.spoken("Gagné\u{A0}!"), "Gagné\u{A0}!");
    assert_eq!(en.spoken("12×12"), "12×12");
}

#[test]
fn game_over_says_itself_again_in_a_language_chosen_over_it() {
    let mut app = app_in(Lang::En, Config::default(), 3);
    // The coach on (C in the options), so "Game over!" has its line too.
    press_and_settle(&mut app, KeyCode::KeyO);
    press_and_settle(&mut app, KeyCode::KeyC);
    press_and_settle(&mut app, KeyCode::Escape);
    // Right leaves no move.
    set_board(&mut app, one_move_loses(), 2048);
    press_and_settle(&mut app, KeyCode::ArrowRight);
    assert_eq!(state(&app), g2048::game::GameState::GameOver);
    press_and_settle(&mut app, KeyCode::KeyO);
    // The system's English, then English chosen, then French.
    press_and_settle(&mut app, KeyCode::KeyL);
    press_and_settle(&mut app, KeyCode::KeyL);
    press_and_settle(&mut app, KeyCode::Escape);
    let labels = labels(&mut app);
    let french = Words::new(Lang::Fr);
    let title = french.get("play-over-title");
    assert!(labels.contains(&title), "{title} in {labels:?}");
    let summary = app.world().resource::<g2048::game::Coach>().summary();
    let count = |verdict| summary.count(verdict);
    use g2048::ai::move_rating::Verdict;
    let line = g2048::tr!(
        french,
        "over-coach",
        best = count(Verdict::Best),
        rated = summary.rated,
        mistakes = count(Verdict::Mistake)
    );
    assert!(labels.contains(&line), "{line} in {labels:?}");
}
