//! The screens in front of the board: "Start a new game?" and the options (board size, target,
//! theme, animations, the coach). Each lives while its `Screen` state does.

use bevy::{prelude::*, sprite::Anchor};

use super::art::Art;
use super::layout::{BOARD_CENTER, BOARD_PX, Z_LABEL, Z_OVERLAY};
use super::text::label;
use super::theme::Ink;
use super::widgets::{Align, DialogRoot, button, button_row, button_row_sized, row_x};
use crate::game::{GameSet, NextBoard, PlayerOptions, Request, Screen, TARGETS};
use crate::rules::{MAX_SIZE, MIN_SIZE};
use crate::save::{MotionChoice, ThemeChoice};

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
/// The options' last row, with each button's width: in the browser also Export and Import of a
/// backup (the desktop has `--export` and `--import`).
#[cfg(not(target_arch = "wasm32"))]
const OPTIONS_ACTIONS: &[(&str, Request, f32)] = &[
    ("History", Request::OpenHistory, 130.0),
    ("Statistics", Request::OpenStats, 130.0),
    ("Done", Request::CloseDialog, 130.0),
];
#[cfg(target_arch = "wasm32")]
const OPTIONS_ACTIONS: &[(&str, Request, f32)] = &[
    ("History", Request::OpenHistory, 88.0),
    ("Statistics", Request::OpenStats, 100.0),
    ("Export", Request::ExportBackup, 78.0),
    ("Import", Request::ImportBackup, 78.0),
    ("Done", Request::CloseDialog, 78.0),
];

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::ConfirmNewGame), spawn_confirm)
        .add_systems(OnEnter(Screen::Options), spawn_options)
        .add_systems(
            Update,
            mark_choices
                .run_if(in_state(Screen::Options))
                .in_set(GameSet::React),
        );
}

/// A button on the options screen for one choice; it is drawn dark when chosen.
#[derive(Component, Debug, Clone, Copy)]
pub struct Choice(pub Request);

impl Choice {
    /// Size and target show the board the screen switches to; the theme the remembered one.
    fn chosen(&self, next: &NextBoard, options: &PlayerOptions) -> bool {
        match self.0 {
            Request::SetSize(size) => next.0.size() == size,
            Request::SetTarget(target) => next.0.target() == target,
            Request::SetTheme(theme) => options.theme == theme,
            Request::SetMotion(motion) => options.motion == motion,
            Request::SetCoach(on) => options.coach == on,
            _ => false,
        }
    }
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

fn spawn_confirm(mut commands: Commands, art: Res<Art>) {
    let root = dialog(
        &mut commands,
        &art,
        Screen::ConfirmNewGame,
        QUESTION_COVER_ALPHA,
    );
    commands.spawn((
        ChildOf(root),
        label("Start a new game?", QUESTION_PX, Ink::Text),
        Transform::from_xyz(0.0, QUESTION_Y, Z_LABEL),
    ));
    commands.spawn((
        ChildOf(root),
        label(
            "This game will be kept in the history.",
            QUESTION_LINE_PX,
            Ink::Text,
        ),
        Transform::from_xyz(0.0, QUESTION_LINE_Y, Z_LABEL),
    ));
    button_row(
        &mut commands,
        &art,
        root,
        QUESTION_BUTTONS_Y,
        QUESTION_BUTTON_WIDTH,
        &[
            ("New game".into(), Request::ConfirmNewGame),
            ("Keep playing".into(), Request::CloseDialog),
        ],
    );
}

fn spawn_options(mut commands: Commands, art: Res<Art>) {
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
    let choices = |commands: &mut Commands, y: f32, widths: &[f32], row: Vec<(String, Request)>| {
        for (entity, (_, request)) in button_row_sized(commands, &art, root, y, widths, &row)
            .into_iter()
            .zip(row)
        {
            commands.entity(entity).insert(Choice(request));
        }
    };
    heading(&mut commands, "Options", OPTIONS_TITLE_Y, OPTIONS_TITLE_PX);
    heading(
        &mut commands,
        "Board size (keys 3–8)",
        SIZE_HEADING_Y,
        HEADING_PX,
    );
    let sizes = (MIN_SIZE..=MAX_SIZE)
        .map(|n| (format!("{n}×{n}"), Request::SetSize(n)))
        .collect();
    choices(
        &mut commands,
        SIZE_HEADING_Y - HEADING_TO_ROW,
        &[CHOICE_WIDTH; MAX_SIZE - MIN_SIZE + 1],
        sizes,
    );
    heading(
        &mut commands,
        "Target (keys + and −)",
        TARGET_HEADING_Y,
        HEADING_PX,
    );
    let targets = TARGETS
        .iter()
        .map(|&t| (t.to_string(), Request::SetTarget(t)))
        .collect();
    choices(
        &mut commands,
        TARGET_HEADING_Y - HEADING_TO_ROW,
        &[CHOICE_WIDTH; TARGETS.len()],
        targets,
    );
    heading(&mut commands, "Theme (key T)", THEME_HEADING_Y, HEADING_PX);
    let themes = [
        ("System", ThemeChoice::System),
        ("Light", ThemeChoice::Light),
        ("Dark", ThemeChoice::Dark),
        ("High contrast", ThemeChoice::HighContrast),
    ]
    .map(|(name, theme)| (name.to_string(), Request::SetTheme(theme)))
    .to_vec();
    choices(
        &mut commands,
        THEME_HEADING_Y - HEADING_TO_ROW,
        &THEME_WIDTHS,
        themes,
    );
    heading(
        &mut commands,
        "Animations (key M)",
        MOTION_HEADING_Y,
        HEADING_PX,
    );
    let motions = MotionChoice::ALL
        .map(|motion| {
            let name = match motion {
                MotionChoice::System => "System",
                MotionChoice::Full => "Full",
                MotionChoice::Reduced => "Reduced",
                MotionChoice::Off => "Off",
            };
            (name.to_string(), Request::SetMotion(motion))
        })
        .to_vec();
    choices(
        &mut commands,
        MOTION_HEADING_Y - HEADING_TO_ROW,
        &[MOTION_WIDTH; MotionChoice::ALL.len()],
        motions,
    );
    heading(&mut commands, "Move coach (key C)", COACH_Y, HEADING_PX);
    let coach = [("On", true), ("Off", false)];
    let xs = row_x(
        &[COACH_WIDTH; 2],
        Align::Right(BOARD_PX / 2.0 - OPTIONS_MARGIN),
    );
    for ((name, on), x) in coach.into_iter().zip(xs) {
        commands.spawn((
            ChildOf(root),
            button(&art, name, COACH_WIDTH, Request::SetCoach(on)),
            Choice(Request::SetCoach(on)),
            Transform::from_xyz(x, COACH_Y, Z_LABEL),
        ));
    }
    heading(
        &mut commands,
        "A new size or target plays that board's own game.",
        NOTE_Y,
        NOTE_PX,
    );
    let (widths, actions): (Vec<f32>, Vec<(String, Request)>) = OPTIONS_ACTIONS
        .iter()
        .map(|&(name, request, width)| (width, (name.to_string(), request)))
        .unzip();
    button_row_sized(&mut commands, &art, root, DONE_Y, &widths, &actions);
}

/// Chosen options are dark buttons with light text, the others light with dark text.
fn mark_choices(
    next: Res<NextBoard>,
    options: Res<PlayerOptions>,
    mut commands: Commands,
    buttons: Query<(Entity, Ref<Choice>, &Children)>,
    labels: Query<(), With<Ink>>,
) {
    let changed = next.is_changed() || options.is_changed();
    for (button, choice, children) in &buttons {
        if !changed && !choice.is_added() {
            continue;
        }
        let chosen = choice.chosen(&next, &options);
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
