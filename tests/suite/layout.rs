//! Every screen the flow renderer draws (every screen in front of the board, and "You win!" and
//! "Game over!"), and the header, in every language, laid out from its description: no two
//! pieces overlap, none leaves the dialog's box, and no text is clipped (its box holds it,
//! shrunk or broken as the label would draw it). The layout is in design units, which the camera
//! fits whole into any window (layout.rs), so a 360×640 window and a wide one show the same
//! layout at another scale.

use bevy::prelude::KeyCode;
use g2048::ai::move_rating::{Rating, Verdict};
use g2048::game::Choose;
use g2048::game::Request as Action;
use g2048::game::coach::{Summary, WORST_LISTED};
use g2048::game::daily::Attempt;
use g2048::game::race::{Figures, Outcome};
use g2048::game::review::{Reading, reading_line};
use g2048::game::screens::coach_summary::{READING_LINE, summary};
use g2048::game::screens::race_result::card;
use g2048::game::screens::{history, play, stats};
use g2048::game::{
    Block, Control, GameList, GameState, LIST_ROWS, Request, Screen, ShownDialog, Speed,
};
use g2048::i18n::{Lang, Words};
use g2048::rules::Day;
use g2048::rules::{Board, Config, Direction, Shape};
use g2048::save::PastGame;
use g2048::testing::{
    app_in, one_move_loses, press, press_and_settle, request, screen, set_board, state,
};
use g2048::tr;
use g2048::view::flow::{dialog_size, form_of, lay_out_screen};
use g2048_ui::flow::{Form, Placed, lay_out};

fn check(what: &str, screen: Screen, dialog: &g2048::game::Dialog) {
    let form = form_of(screen);
    let placed = lay_out_screen(dialog, screen);
    let problems = Placed::problems(&placed, dialog_size(form));
    assert!(problems.is_empty(), "{what}: {problems:#?}");
    let texts = placed.len();
    if form == Form::Bar {
        // A bar draws its buttons; its title and lines are said.
        assert_eq!(
            texts,
            dialog.buttons().len(),
            "{what}: every button is drawn once"
        );
        return;
    }
    // Each text and button once: a list draws the rows in its window only.
    let described: usize = 1 + dialog
        .body
        .iter()
        .map(|block| match block {
            Block::TitleNote { .. } | Block::Line(_) | Block::Heading(_) | Block::Chart(_) => 1,
            Block::Said(_) => 0,
            Block::Labelled(_, buttons) => 1 + buttons.len(),
            Block::TitleButtons(buttons) | Block::Buttons(buttons) | Block::Footer(buttons) => {
                buttons.len()
            }
            Block::List(list) => list.rows.len().saturating_sub(list.top).min(list.shown),
        })
        .sum::<usize>();
    assert_eq!(
        texts, described,
        "{what}: every text and button is drawn once"
    );
}

fn shown(app: &bevy::app::App) -> g2048::game::Dialog {
    app.world()
        .resource::<ShownDialog>()
        .0
        .clone()
        .expect("a dialog in front")
}

#[test]
fn every_flowed_screen_in_every_language_lays_out_without_overlap_or_clipping() {
    for lang in Lang::ALL {
        let mut app = app_in(lang, Config::default(), 7);
        // The replay's controls, paused and playing, at every speed (each button keeps room
        // for its other labels: the row does not move).
        g2048::testing::play_moves(&mut app, 3);
        press_and_settle(&mut app, KeyCode::KeyV);
        assert_eq!(screen(&app), Screen::Replay);
        let paused = lay_out_screen(&shown(&app), Screen::Replay);
        check(
            &format!("{lang:?} replay, paused"),
            Screen::Replay,
            &shown(&app),
        );
        press_and_settle(&mut app, KeyCode::Space);
        for speed in Speed::ALL {
            request(&mut app, Request::Replay(Control::Speed(speed)));
            check(
                &format!("{lang:?} replay, {speed:?}"),
                Screen::Replay,
                &shown(&app),
            );
            let rects =
                |placed: &[Placed<Action>]| placed.iter().map(|p| p.rect).collect::<Vec<_>>();
            assert_eq!(
                rects(&lay_out_screen(&shown(&app), Screen::Replay)),
                rects(&paused)
            );
        }
        press_and_settle(&mut app, KeyCode::Escape);
        assert_eq!(screen(&app), Screen::Game);
        let board = Board::from_rows(&[&[64, 64, 0, 0], &[0; 4], &[0; 4], &[0; 4]]);
        set_board(&mut app, board, 2048);
        press_and_settle(&mut app, KeyCode::ArrowLeft);
        press_and_settle(&mut app, KeyCode::KeyR);
        assert_eq!(screen(&app), Screen::ConfirmNewGame);
        check(
            &format!("{lang:?} question"),
            Screen::ConfirmNewGame,
            &shown(&app),
        );
        press_and_settle(&mut app, KeyCode::Escape);
        press_and_settle(&mut app, KeyCode::KeyO);
        assert_eq!(screen(&app), Screen::Options);
        check(&format!("{lang:?} options"), Screen::Options, &shown(&app));
        // The longest labels: an 8×8 board of 8,192, the high-contrast theme, the coach on,
        // a language chosen (not the system's).
        for r in [
            Request::Options(Choose::Size(8)),
            Request::Options(Choose::Target(8192)),
            Request::Options(Choose::Coach(true)),
            Request::Options(Choose::NextLanguage),
        ] {
            request(&mut app, r);
        }
        check(
            &format!("{lang:?} options, changed"),
            Screen::Options,
            &shown(&app),
        );
        press_and_settle(&mut app, KeyCode::Escape);
        press_and_settle(&mut app, KeyCode::KeyX);
        assert_eq!(screen(&app), Screen::Coach);
        check(
            &format!("{lang:?} coach, nothing rated"),
            Screen::Coach,
            &shown(&app),
        );
        // "You win!", then "Game over!" of a daily with the coach on: four buttons, the
        // daily's result and the coach's line under them.
        press_and_settle(&mut app, KeyCode::Escape);
        let board = Board::from_rows(&[&[1024, 1024, 0, 0], &[0; 4], &[0; 4], &[0; 4]]);
        set_board(&mut app, board, 2048);
        // The overlays' descriptions are laid out as they come: their 2-second fades are not
        // waited for (leaving the state takes the overlay, fade and all).
        press(&mut app, KeyCode::ArrowLeft);
        app.update();
        assert_eq!(state(&app), GameState::Won);
        check(&format!("{lang:?} you win"), Screen::Game, &shown(&app));
        press_and_settle(&mut app, KeyCode::Enter);
        set_board(&mut app, one_move_loses(), 2048);
        press(&mut app, KeyCode::ArrowRight);
        app.update();
        assert_eq!(state(&app), GameState::GameOver);
        check(&format!("{lang:?} game over"), Screen::Game, &shown(&app));
        let words = Words::new(lang);
        let big = Figures {
            score: 3_932_100,
            tile: 131_072,
            moves: 99_999,
        };
        for (yours_ended, ai) in [(true, true), (false, false), (false, true)] {
            let outcome = Outcome {
                you: big,
                ghost: big,
                yours_ended,
            };
            check(
                &format!("{lang:?} race card"),
                Screen::RaceResult,
                &card(outcome, ai, &words),
            );
        }
        // The coach's summary with its most moves listed, each the longest verdict, and the
        // reading of luck and skill where it stands.
        let rating = Rating {
            played: Direction::Right,
            best: Direction::Down,
            verdict: Verdict::Inaccuracy,
            shortfall: 0.05,
            shortfalls: [Some(0.0); 4],
            thresholds: g2048::ai::move_rating::HEURISTIC_THRESHOLDS,
        };
        let listed = Summary {
            rated: 99_999,
            counts: [25_000, 25_000, 25_000, 24_999],
            worst: (0..WORST_LISTED as u32)
                .map(|n| (99_000 + n, rating))
                .collect(),
        };
        // "Game over!" of a daily (a practice one, its line the longer) with the coach on,
        // the largest figures: four buttons, the daily's result and the coach's line.
        let over = play::game_over(
            g2048::testing::engine(&app),
            Some((
                Attempt {
                    day: Day::of_ms(1_796_256_000_000).unwrap(),
                    counted: false,
                },
                99_999,
            )),
            Some(&listed),
            &words,
        );
        assert_eq!(over.buttons().len(), 4);
        check(&format!("{lang:?} daily over"), Screen::Game, &over);
        let mut dialog = summary(&listed, &words);
        let figures = g2048::ai::luck_and_skill::ReviewFigures {
            skill: -0.999,
            luck: -0.999,
            moves: 99_999,
            forced: 99_999,
        };
        dialog.insert_line(READING_LINE, reading_line(Reading::Done(figures), &words));
        check(
            &format!("{lang:?} coach, moves listed"),
            Screen::Coach,
            &dialog,
        );
        // The history: none yet; 40 games of the largest figures on the longest shape, the list
        // at its end, each played by the AI, and the selected one's luck and skill.
        check(
            &format!("{lang:?} history, empty"),
            Screen::History,
            &history::list(&[], GameList::default(), &words),
        );
        let games: Vec<PastGame> = (0..40)
            .map(|i| {
                let (game, mut record) = g2048::testing::pattern_game(
                    Config::with_shape(Shape::new(3, 8).unwrap(), 8192).unwrap(),
                    i,
                    8,
                );
                record.info.started_ms = 1_796_000_000_000 + i * 60_000;
                let mut past = PastGame::of(&game, &record).unwrap();
                (past.score, past.best_tile, past.moves, past.ai) =
                    (3_932_100, 131_072, 99_999, true);
                past
            })
            .collect();
        let at = GameList {
            selected: 39,
            top: 32,
        };
        let mut dialog = history::list(&games, at, &words);
        dialog.push_line(tr!(
            words,
            "history-selected",
            reading = reading_line(Reading::Done(figures), &words)
        ));
        check(
            &format!("{lang:?} history, 40 games"),
            Screen::History,
            &dialog,
        );
        // The statistics: none yet, and the 40 games (with a best tile of each size).
        let shape = Shape::new(3, 8).unwrap();
        check(
            &format!("{lang:?} statistics, none"),
            Screen::Stats,
            &stats::figures(&[], shape, &words),
        );
        let mut many = games.clone();
        for (n, game) in many.iter_mut().enumerate() {
            game.best_tile = 4 << (n % 16);
        }
        check(
            &format!("{lang:?} statistics, 40 games"),
            Screen::Stats,
            &stats::figures(&many, shape, &words),
        );
    }
}

#[test]
fn a_row_too_long_for_one_line_goes_on_in_the_next_and_nothing_overlaps() {
    use g2048::game::{Dialog, DialogButton};
    let buttons: Vec<DialogButton> = (0..12)
        .map(|n| {
            DialogButton::new(
                format!("Button number {n}"),
                Request::Options(Choose::Size(3)),
            )
        })
        .collect();
    let dialog = Dialog {
        title: "A title".into(),
        body: vec![
            Block::Labelled("A label that is rather long".into(), buttons[..3].to_vec()),
            Block::Buttons(buttons[3..].to_vec()),
            Block::Footer(vec![DialogButton::new("Done", Request::CloseDialog)]),
        ],
        modal: true,
    };
    let placed = lay_out(&dialog, Form::Page, dialog_size(Form::Page));
    assert_eq!(
        Placed::problems(&placed, dialog_size(Form::Page)),
        Vec::<String>::new()
    );
    let rows: std::collections::BTreeSet<i32> =
        placed.iter().map(|p| p.rect.center().y as i32).collect();
    assert!(rows.len() >= 5, "the buttons wrapped into rows: {rows:?}");
}

/// When the description in front changes, its pieces follow it in place: the history's rows
/// show the games the list now shows, each sending and named for its own game, the selected
/// one dark; a text moved keeps the scale the zoom gives it; the keyboard's focus stays.
#[test]
fn a_dialog_follows_its_description_in_place() {
    use bevy::prelude::Transform;
    use g2048::game::UiButton;
    use g2048::view::flow::{Flowed, ListRow};
    use g2048::view::theme::Ink;
    use g2048::view::widgets::Named;
    use g2048_ui::text::{Label, Zoom};
    let mut app = g2048::testing::app(Config::default(), 7);
    for _ in 0..LIST_ROWS + 2 {
        g2048::testing::play_moves(&mut app, 2);
        press_and_settle(&mut app, KeyCode::KeyR);
        press_and_settle(&mut app, KeyCode::Enter);
    }
    app.world_mut().insert_resource(Zoom(1.5));
    press_and_settle(&mut app, KeyCode::KeyG);
    assert_eq!(screen(&app), Screen::History);
    press_and_settle(&mut app, KeyCode::Tab);
    let focused = g2048::testing::focused_button(&app).expect("a button has the focus");
    for _ in 0..LIST_ROWS + 1 {
        press_and_settle(&mut app, KeyCode::ArrowDown);
    }
    let dialog = shown(&app);
    let Some(Block::List(list)) = dialog.body.iter().find(|b| matches!(b, Block::List(_))) else {
        panic!("the history has a list");
    };
    assert!(list.top > 0, "the list scrolled: {list:?}");
    let world = app.world_mut();
    let mut rows = world.query::<(&ListRow, &UiButton, &Named, &Ink)>();
    let mut seen = 0;
    for (row, button, named, ink) in rows.iter(world) {
        let described = &list.rows[row.0];
        assert_eq!(button.action, described.action);
        assert_eq!(named.name, described.name);
        let selected = row.0 == list.selected;
        assert_eq!(*ink == Ink::Button, selected, "row {}", row.0);
        seen += 1;
    }
    assert_eq!(seen, LIST_ROWS);
    let mut texts = world.query::<(&Flowed, &Label, &Transform)>();
    for (_, label, transform) in texts.iter(world) {
        assert!(
            (transform.scale.x - 1.0 / 1.5).abs() < 1e-4,
            "{:?} at scale {}",
            label.0,
            transform.scale.x
        );
    }
    assert_eq!(
        g2048::testing::focused_button(&app),
        Some(focused),
        "the focus stays on its button"
    );
}

/// The header in every language: the title, the boxes, the intro (its longest: a daily's day,
/// a race's lead) and the board's drawn buttons, each as wide as its label, apart and whole.
#[test]
fn the_header_in_every_language_lays_out_without_overlap_or_clipping() {
    use bevy::math::Vec2;
    use g2048::view::header;
    use g2048::view::layout::{DESIGN_HEIGHT, DESIGN_WIDTH};
    for lang in Lang::ALL {
        let words = Words::new(lang);
        let day = g2048::game::daily::day_said(Day::of_ms(1_796_256_000_000).unwrap());
        let intros = [
            tr!(words, "header-intro", target = "131072"),
            tr!(words, "header-daily-practice", date = words.say(&day)),
            g2048::game::race::lead_label(-3_932_100, &words),
        ];
        for intro in intros {
            let placed = header::placed(&words, &intro);
            let problems = Placed::problems(&placed, Vec2::new(DESIGN_WIDTH, DESIGN_HEIGHT));
            assert!(problems.is_empty(), "{lang:?} {intro:?}: {problems:#?}");
            assert_eq!(placed.len(), 1 + 6 + 1 + play::DRAWN, "{lang:?}");
        }
    }
}

/// The line under the board follows the replay the frame it moves: where the replay is (the
/// description's first line, its full stop left out), then the viewer's keys.
#[test]
fn the_replay_s_line_under_the_board_follows_it_the_same_frame() {
    use g2048::view::header::KeyHelp;
    use g2048_ui::text::Label;
    let mut app = g2048::testing::app(Config::default(), 7);
    g2048::testing::play_moves(&mut app, 3);
    press_and_settle(&mut app, KeyCode::KeyV);
    assert_eq!(screen(&app), Screen::Replay);
    for control in [
        Control::First,
        Control::Forward,
        Control::Forward,
        Control::Last,
    ] {
        request(&mut app, Request::Replay(control));
        let position = shown(&app).lines()[0].clone();
        let world = app.world_mut();
        let line = world
            .query_filtered::<&Label, bevy::prelude::With<KeyHelp>>()
            .single(world)
            .expect("one line under the board")
            .0
            .clone();
        let (said, keys) = line
            .split_once("  ·  ")
            .expect("the position, then the keys");
        assert_eq!(said, position.trim_end_matches('.'), "after {control:?}");
        assert!(!keys.is_empty());
    }
}
