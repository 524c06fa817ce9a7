//! The screens in front of the board: "Start a new game?", a race's card, and the options (board
//! size, target, theme, animations, the coach). Each lives while its `Screen` state does.

use bevy::{prelude::*, sprite::Anchor};

use super::art::Art;
use super::layout::{BOARD_PX, Z_LABEL};
use super::text::{Label, TextBox};
use super::theme::Ink;
use super::widgets::{
    Align, BOTTOM_ROW_Y, BUTTON_GAP, Column, DescribedLine, DescribedTitle, Named, TITLE_PX,
    button_row, button_row_sized, described_button, dialog_root, follow_description, label, row_x,
};
use crate::game::screens::options::Part;
use crate::game::screens::{Facts, describe_dialog};
use crate::game::{DialogButton, GameSet, Language, Request, Screen};
use crate::i18n::Words;
use crate::rules::{MAX_SIZE, MIN_SIZE};
use crate::save::MotionChoice;

/// The question's cover lets the board show through a little.
const QUESTION_COVER_ALPHA: f32 = 0.9;
/// The question: its title, its line, then its two buttons, from the board's centre down.
const QUESTION_PX: f32 = 40.0;
const QUESTION_Y: f32 = 60.0;
const QUESTION_LINE_PX: f32 = 18.0;
const QUESTION_TO_LINE: f32 = 45.0;
const LINE_TO_BUTTONS: f32 = 65.0;
/// Between the lines of a dialog of several (a race's card).
const LINE_TO_LINE: f32 = 34.0;
const QUESTION_BUTTON_WIDTH: f32 = 150.0;
/// The options: the title, then for each part its heading at the left margin and a row of
/// choices under it; the rows and columns, and the coach's heading, each share one line with
/// their buttons; a note, then the bottom row. The gaps between them, top-down:
const OPTIONS_MARGIN: f32 = 25.0;
const OPTIONS_TITLE_Y: f32 = 220.0;
const TITLE_TO_HEADING: f32 = 42.0;
const HEADING_TO_ROW: f32 = 34.0;
const ROW_TO_HEADING: f32 = 33.0;
const ROW_TO_COACH: f32 = 42.0;
const COACH_TO_DAILY: f32 = 40.0;
/// Today's daily's button, at the right of its line.
const DAILY_WIDTH: f32 = 130.0;
const HEADING_PX: f32 = 18.0;
const COACH_WIDTH: f32 = 90.0;
/// The rows and columns line, under the square sizes: the board's shape, then its four steps.
const ROW_TO_SHAPE: f32 = 42.0;
const SHAPE_TO_HEADING: f32 = 40.0;
const STEP_WIDTH: f32 = 66.0;
/// Widths of the size and target choices.
const CHOICE_WIDTH: f32 = 70.0;
/// The theme row's buttons, "High contrast" the wide one, and the animations' row: as wide as
/// the size row, give or take a few pixels.
const THEME_WIDTHS: [f32; 4] = [100.0, 100.0, 100.0, 140.0];
const MOTION_WIDTH: f32 = 110.0;
/// The language's button, at the right of the title.
const LANGUAGE_WIDTH: f32 = 220.0;
/// The options' last row (the buttons that are not choices), with each button's width: in
/// the browser also Export and Import of a backup.
#[cfg(not(target_arch = "wasm32"))]
const ACTION_WIDTHS: &[f32] = &[130.0, 130.0, 130.0];
#[cfg(target_arch = "wasm32")]
const ACTION_WIDTHS: &[f32] = &[88.0, 100.0, 78.0, 78.0, 78.0];

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::ConfirmNewGame), spawn_question)
        .add_systems(OnEnter(Screen::RaceResult), spawn_question)
        .add_systems(OnEnter(Screen::Options), spawn_options)
        .add_systems(
            Update,
            (
                relabel_options
                    .run_if(in_state(Screen::Options).and_then(resource_changed::<Language>)),
                follow_description.after(describe_dialog),
                mark_choices.run_if(in_state(Screen::Options)),
            )
                .chain()
                .in_set(GameSet::React),
        );
}

/// A dialog of a title, its lines and a row of buttons, from the board's centre down: "Start a
/// new game?" (its cover lets the board show through a little) and a race's card (its cover
/// hides the board and "Game over!" behind). One line stands where the question's stands; more
/// move the title up by half of each.
fn spawn_question(mut commands: Commands, art: Res<Art>, facts: Facts) {
    let Some(shown) = facts.dialog() else {
        return;
    };
    let screen = *facts.screen.get();
    let cover = if screen == Screen::ConfirmNewGame {
        QUESTION_COVER_ALPHA
    } else {
        1.0
    };
    let root = commands.spawn(dialog_root(&art, screen, cover)).id();
    let more = shown.lines.len().saturating_sub(1) as f32;
    let mut column = Column::at(QUESTION_Y + more * LINE_TO_LINE / 2.0);
    commands.spawn((
        ChildOf(root),
        label(shown.title.clone(), QUESTION_PX, Ink::Text),
        DescribedTitle(screen),
        TextBox::line(BOARD_PX - 2.0 * OPTIONS_MARGIN),
        Transform::from_xyz(0.0, column.y(), Z_LABEL),
    ));
    // The question's one line may break in two; several lines each keep to one (smaller where
    // a long one needs it), so none runs into the next.
    let width = BOARD_PX - 2.0 * OPTIONS_MARGIN;
    let line_box = if shown.lines.len() > 1 {
        TextBox::line(width)
    } else {
        TextBox::lines(width, 2)
    };
    for (n, line) in shown.lines.iter().enumerate() {
        let gap = if n == 0 {
            QUESTION_TO_LINE
        } else {
            LINE_TO_LINE
        };
        commands.spawn((
            ChildOf(root),
            label(line.clone(), QUESTION_LINE_PX, Ink::Text),
            DescribedLine(screen, n),
            line_box,
            Transform::from_xyz(0.0, column.below(gap), Z_LABEL),
        ));
    }
    button_row(
        &mut commands,
        &art,
        root,
        column.below(LINE_TO_BUTTONS),
        QUESTION_BUTTON_WIDTH,
        &shown.buttons,
    );
}

/// What a heading of the options says (the parts' headings and the note are drawn from the
/// keys, not from the options' description).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
enum OptionsText {
    Heading(Part),
}

impl OptionsText {
    fn text(self, words: &Words) -> String {
        match self {
            OptionsText::Heading(part) => part.heading(words),
        }
    }
}

/// The options' headings and note in the language just chosen (the title, the lines and the
/// buttons follow the description; the buttons stay, and the keyboard's focus with them).
fn relabel_options(words: Res<Language>, mut texts: Query<(&OptionsText, &mut Label)>) {
    for (text, mut label) in &mut texts {
        label.set_if_neq(Label(text.text(&words)));
    }
}

fn spawn_options(mut commands: Commands, art: Res<Art>, facts: Facts) {
    let Some(shown) = facts.dialog() else {
        return;
    };
    // Opaque: in the dark theme, light tiles show through even a 0.96 cover (blending is
    // done in linear light).
    let root = commands.spawn(dialog_root(&art, Screen::Options, 1.0)).id();
    let left = -BOARD_PX / 2.0 + OPTIONS_MARGIN;
    let words: &Words = &facts.words;
    // A heading, a part's, or the note, or the title (each with the room it has: the parts
    // that share their line with buttons leave them theirs).
    let heading = |commands: &mut Commands, text: &str, y: f32, px: f32, width: f32| {
        commands
            .spawn((
                ChildOf(root),
                label(text, px, Ink::Text),
                TextBox::line(width),
                Anchor::CENTER_LEFT,
                Transform::from_xyz(left, y, Z_LABEL),
            ))
            .id()
    };
    let full = BOARD_PX - 2.0 * OPTIONS_MARGIN;
    let of = |pick: &dyn Fn(Request) -> bool| -> Vec<DialogButton> {
        shown
            .buttons
            .iter()
            .filter(|b| pick(b.request))
            .cloned()
            .collect()
    };
    let mut column = Column::at(OPTIONS_TITLE_Y);
    let title = heading(
        &mut commands,
        &shown.title,
        column.y(),
        TITLE_PX,
        full - LANGUAGE_WIDTH - BUTTON_GAP,
    );
    commands
        .entity(title)
        .insert(DescribedTitle(Screen::Options));
    // The language, at the right of the title.
    line_of_buttons(
        &mut commands,
        &art,
        root,
        column.y(),
        LANGUAGE_WIDTH,
        &of(&|r| Part::Language.has(r)),
    );
    let sizes = [CHOICE_WIDTH; MAX_SIZE - MIN_SIZE + 1];
    let targets = [CHOICE_WIDTH; crate::game::TARGETS.len()];
    let motions = [MOTION_WIDTH; MotionChoice::ALL.len()];
    let rows: [(Part, &[f32]); 4] = [
        (Part::Size, &sizes),
        (Part::Target, &targets),
        (Part::Theme, &THEME_WIDTHS),
        (Part::Motion, &motions),
    ];
    for (i, (part, widths)) in rows.into_iter().enumerate() {
        let gap = match i {
            0 => TITLE_TO_HEADING,
            1 => SHAPE_TO_HEADING,
            _ => ROW_TO_HEADING,
        };
        let text = OptionsText::Heading(part);
        let id = heading(
            &mut commands,
            &text.text(words),
            column.below(gap),
            HEADING_PX,
            full,
        );
        commands.entity(id).insert(text);
        let row = of(&|r| part.has(r) && r.is_choice());
        button_row_sized(
            &mut commands,
            &art,
            root,
            column.below(HEADING_TO_ROW),
            widths,
            &row,
        );
        if part == Part::Size {
            let shape_y = column.below(ROW_TO_SHAPE);
            commands.spawn((
                ChildOf(root),
                DescribedLine(Screen::Options, 0),
                label(shown.lines.join(" "), HEADING_PX, Ink::Text),
                TextBox::line(full - 4.0 * STEP_WIDTH - 4.0 * BUTTON_GAP),
                Anchor::CENTER_LEFT,
                Transform::from_xyz(left, shape_y, Z_LABEL),
            ));
            line_of_buttons(
                &mut commands,
                &art,
                root,
                shape_y,
                STEP_WIDTH,
                &of(&|r| Part::Shape.has(r)),
            );
        }
    }
    let coach_y = column.below(ROW_TO_COACH);
    let text = OptionsText::Heading(Part::Coach);
    let id = heading(
        &mut commands,
        &text.text(words),
        coach_y,
        HEADING_PX,
        full - 2.0 * COACH_WIDTH - 2.0 * BUTTON_GAP,
    );
    commands.entity(id).insert(text);
    let coach = of(&|r| Part::Coach.has(r) && r.is_choice());
    line_of_buttons(&mut commands, &art, root, coach_y, COACH_WIDTH, &coach);
    // Today's daily: its heading, and its button at the right.
    let daily_y = column.below(COACH_TO_DAILY);
    let text = OptionsText::Heading(Part::Daily);
    let id = heading(
        &mut commands,
        &text.text(words),
        daily_y,
        HEADING_PX,
        full - DAILY_WIDTH - BUTTON_GAP,
    );
    commands.entity(id).insert(text);
    line_of_buttons(
        &mut commands,
        &art,
        root,
        daily_y,
        DAILY_WIDTH,
        &of(&|r| Part::Daily.has(r)),
    );
    let actions = of(&|r| {
        !r.is_choice() && !Part::Shape.has(r) && !Part::Language.has(r) && !Part::Daily.has(r)
    });
    button_row_sized(
        &mut commands,
        &art,
        root,
        BOTTOM_ROW_Y,
        ACTION_WIDTHS,
        &actions,
    );
}

/// Buttons of one `width` at the right end of a line at `y`, after its words.
fn line_of_buttons(
    commands: &mut Commands,
    art: &Art,
    root: Entity,
    y: f32,
    width: f32,
    buttons: &[DialogButton],
) {
    let xs = row_x(
        &vec![width; buttons.len()],
        Align::Right(BOARD_PX / 2.0 - OPTIONS_MARGIN),
    );
    for (described, x) in buttons.iter().zip(xs) {
        commands.spawn((
            ChildOf(root),
            described_button(art, described, width),
            Transform::from_xyz(x, y, Z_LABEL),
        ));
    }
}

/// Chosen options (as their description says) are dark buttons with light text, the others
/// light with dark text.
fn mark_choices(
    mut commands: Commands,
    buttons: Query<(Entity, Ref<Named>, &Children)>,
    labels: Query<(), With<Ink>>,
) {
    for (button, named, children) in &buttons {
        let Some(chosen) = named.chosen.filter(|_| named.is_changed()) else {
            continue;
        };
        commands
            .entity(button)
            .insert(if chosen { Ink::Button } else { Ink::Choice });
        for &child in children {
            if labels.contains(child) {
                commands
                    .entity(child)
                    .insert(if chosen { Ink::ButtonText } else { Ink::Text });
            }
        }
    }
}
