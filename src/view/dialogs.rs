//! The screens in front of the board: "Start a new game?" and the options (board size, target,
//! theme, animations, the coach). Each lives while its `Screen` state does.

use bevy::{prelude::*, sprite::Anchor};

use super::art::Art;
use super::layout::{BOARD_CENTER, BOARD_PX, Z_LABEL, Z_OVERLAY};
use super::text::label;
use super::theme::Ink;
use super::widgets::{
    Align, DialogRoot, Named, button_row, button_row_sized, described_button, follow_description,
    row_x,
};
use crate::game::screens::options::Part;
use crate::game::screens::{Facts, describe_dialog};
use crate::game::{DialogButton, GameSet, Request, Screen};
use crate::rules::{MAX_SIZE, MIN_SIZE};
use crate::save::MotionChoice;

/// Dialogs sit over the board and its win or game-over overlay.
const Z_DIALOG: f32 = Z_OVERLAY + 2.0;
/// The question's cover lets the board show through a little.
const QUESTION_COVER_ALPHA: f32 = 0.9;
/// The question: its title and line, then its two buttons (heights from the board's centre).
const QUESTION_PX: f32 = 40.0;
const QUESTION_Y: f32 = 60.0;
const QUESTION_LINE_PX: f32 = 18.0;
const QUESTION_LINE_Y: f32 = 15.0;
const QUESTION_BUTTONS_Y: f32 = -50.0;
const QUESTION_BUTTON_WIDTH: f32 = 150.0;
/// The options: headings at the left margin, a row of choices under each.
const OPTIONS_MARGIN: f32 = 25.0;
const OPTIONS_TITLE_PX: f32 = 36.0;
const OPTIONS_TITLE_Y: f32 = 210.0;
const HEADING_PX: f32 = 18.0;
const NOTE_PX: f32 = 15.0;
/// The space from a heading down to its row of choices.
const HEADING_TO_ROW: f32 = 38.0;
const SIZE_HEADING_Y: f32 = 165.0;
const TARGET_HEADING_Y: f32 = 90.0;
const THEME_HEADING_Y: f32 = 15.0;
const MOTION_HEADING_Y: f32 = -60.0;
/// The coach's heading and its two choices share one line.
const COACH_Y: f32 = -150.0;
const COACH_WIDTH: f32 = 90.0;
const NOTE_Y: f32 = -190.0;
const DONE_Y: f32 = -222.0;
/// Widths of the size and target choices, and of Done and its row.
const CHOICE_WIDTH: f32 = 70.0;
/// The theme row's buttons, "High contrast" the wide one, and the animations' row: as wide as
/// the size row, give or take a few pixels.
const THEME_WIDTHS: [f32; 4] = [100.0, 100.0, 100.0, 140.0];
const MOTION_WIDTH: f32 = 110.0;
/// The options' last row (the buttons that are not choices), with each button's width: in
/// the browser also Export and Import of a backup.
#[cfg(not(target_arch = "wasm32"))]
const ACTION_WIDTHS: &[f32] = &[130.0, 130.0, 130.0];
#[cfg(target_arch = "wasm32")]
const ACTION_WIDTHS: &[f32] = &[88.0, 100.0, 78.0, 78.0, 78.0];

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::ConfirmNewGame), spawn_confirm)
        .add_systems(OnEnter(Screen::Options), spawn_options)
        .add_systems(
            Update,
            (
                follow_description.after(describe_dialog),
                mark_choices.run_if(in_state(Screen::Options)),
            )
                .chain()
                .in_set(GameSet::React),
        );
}

/// The dialog's root: a cover of the page's colour over the board, `alpha` opaque, everything
/// else its children.
pub(super) fn dialog(commands: &mut Commands, art: &Art, screen: Screen, alpha: f32) -> Entity {
    commands
        .spawn((
            DialogRoot(screen),
            DespawnOnExit(screen),
            Ink::Page,
            art.large_round(Ink::Page.light().with_alpha(alpha), Vec2::splat(BOARD_PX)),
            Transform::from_translation(BOARD_CENTER.extend(Z_DIALOG)),
        ))
        .id()
}

fn spawn_confirm(mut commands: Commands, art: Res<Art>, facts: Facts) {
    let Some(question) = facts.dialog() else {
        return;
    };
    let root = dialog(
        &mut commands,
        &art,
        Screen::ConfirmNewGame,
        QUESTION_COVER_ALPHA,
    );
    commands.spawn((
        ChildOf(root),
        label(question.title.clone(), QUESTION_PX, Ink::Text),
        Transform::from_xyz(0.0, QUESTION_Y, Z_LABEL),
    ));
    commands.spawn((
        ChildOf(root),
        label(question.lines.join(" "), QUESTION_LINE_PX, Ink::Text),
        Transform::from_xyz(0.0, QUESTION_LINE_Y, Z_LABEL),
    ));
    button_row(
        &mut commands,
        &art,
        root,
        QUESTION_BUTTONS_Y,
        QUESTION_BUTTON_WIDTH,
        &question.buttons,
    );
}

fn spawn_options(mut commands: Commands, art: Res<Art>, facts: Facts) {
    let Some(shown) = facts.dialog() else {
        return;
    };
    let of = |pick: fn(Request) -> bool| -> Vec<DialogButton> {
        shown
            .buttons
            .iter()
            .filter(|b| pick(b.request))
            .cloned()
            .collect()
    };
    // Opaque: in the dark theme, light tiles show through even a 0.96 cover (blending is
    // done in linear light).
    let root = dialog(&mut commands, &art, Screen::Options, 1.0);
    let left = -BOARD_PX / 2.0 + OPTIONS_MARGIN;
    let heading = |commands: &mut Commands, text: &str, y: f32, px: f32| {
        commands.spawn((
            ChildOf(root),
            label(text, px, Ink::Text),
            Anchor::CENTER_LEFT,
            Transform::from_xyz(left, y, Z_LABEL),
        ));
    };
    let choices = |commands: &mut Commands, y: f32, widths: &[f32], row: Vec<DialogButton>| {
        button_row_sized(commands, &art, root, y, widths, &row);
    };
    heading(
        &mut commands,
        &shown.title,
        OPTIONS_TITLE_Y,
        OPTIONS_TITLE_PX,
    );
    heading(
        &mut commands,
        &Part::Size.heading(),
        SIZE_HEADING_Y,
        HEADING_PX,
    );
    choices(
        &mut commands,
        SIZE_HEADING_Y - HEADING_TO_ROW,
        &[CHOICE_WIDTH; MAX_SIZE - MIN_SIZE + 1],
        of(|r| matches!(r, Request::SetSize(_))),
    );
    heading(
        &mut commands,
        &Part::Target.heading(),
        TARGET_HEADING_Y,
        HEADING_PX,
    );
    choices(
        &mut commands,
        TARGET_HEADING_Y - HEADING_TO_ROW,
        &[CHOICE_WIDTH; crate::game::TARGETS.len()],
        of(|r| matches!(r, Request::SetTarget(_))),
    );
    heading(
        &mut commands,
        &Part::Theme.heading(),
        THEME_HEADING_Y,
        HEADING_PX,
    );
    choices(
        &mut commands,
        THEME_HEADING_Y - HEADING_TO_ROW,
        &THEME_WIDTHS,
        of(|r| matches!(r, Request::SetTheme(_))),
    );
    heading(
        &mut commands,
        &Part::Motion.heading(),
        MOTION_HEADING_Y,
        HEADING_PX,
    );
    choices(
        &mut commands,
        MOTION_HEADING_Y - HEADING_TO_ROW,
        &[MOTION_WIDTH; MotionChoice::ALL.len()],
        of(|r| matches!(r, Request::SetMotion(_))),
    );
    heading(&mut commands, &Part::Coach.heading(), COACH_Y, HEADING_PX);
    let coach = of(|r| matches!(r, Request::SetCoach(_)));
    let xs = row_x(
        &[COACH_WIDTH; 2],
        Align::Right(BOARD_PX / 2.0 - OPTIONS_MARGIN),
    );
    for (described, x) in coach.iter().zip(xs) {
        commands.spawn((
            ChildOf(root),
            described_button(&art, described, COACH_WIDTH),
            Transform::from_xyz(x, COACH_Y, Z_LABEL),
        ));
    }
    heading(
        &mut commands,
        "A new size or target plays that board's own game.",
        NOTE_Y,
        NOTE_PX,
    );
    let actions = of(|r| !r.is_choice());
    button_row_sized(&mut commands, &art, root, DONE_Y, ACTION_WIDTHS, &actions);
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
