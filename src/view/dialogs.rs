//! The screens in front of the board: "Start a new game?" and the options (board size, target,
//! theme). Each lives while its `Screen` state does.

use bevy::{prelude::*, sprite::Anchor};

use super::art::Art;
use super::header::{button, label};
use super::layout::{BOARD_CENTER, BOARD_PX, Z_LABEL, Z_OVERLAY};
use super::palette::{BUTTON, CHOICE, LIGHT_TEXT, PAGE, TEXT};
use super::theme::Ink;
use crate::game::{GameSet, Request, Saves, Screen};
use crate::rules::{MAX_SIZE, MIN_SIZE};
use crate::save::{Options, ThemeChoice};

/// Dialogs sit over the board and its win or game-over overlay.
const Z_DIALOG: f32 = Z_OVERLAY + 2.0;
/// Targets offered on the options screen (`--target` takes any power of two from 8).
pub const TARGETS: [u32; 6] = [256, 512, 1024, 2048, 4096, 8192];

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::ConfirmNewGame), spawn_confirm)
        .add_systems(OnEnter(Screen::Options), spawn_options)
        .add_systems(
            Update,
            mark_choices
                .after(GameSet::Apply)
                .before(super::theme::apply_ink),
        );
}

/// A button on the options screen for one choice; it is drawn dark when chosen.
#[derive(Component, Debug, Clone, Copy)]
pub struct Choice(pub Request);

impl Choice {
    fn chosen(&self, options: &Options) -> bool {
        match self.0 {
            Request::SetSize(size) => options.size == size,
            Request::SetTarget(target) => options.target == target,
            Request::SetTheme(theme) => options.theme == theme,
            _ => false,
        }
    }
}

/// The dialog's root: a cover over the board, everything else its children.
fn dialog(commands: &mut Commands, art: &Art, screen: Screen, cover: Color) -> Entity {
    commands
        .spawn((
            DespawnOnExit(screen),
            Ink(cover),
            art.large_round(cover, Vec2::splat(BOARD_PX)),
            Transform::from_translation(BOARD_CENTER.extend(Z_DIALOG)),
        ))
        .id()
}

/// A row of equal buttons centred at `y`, `width` wide each.
fn button_row(
    commands: &mut Commands,
    art: &Art,
    root: Entity,
    y: f32,
    width: f32,
    buttons: &[(String, Request)],
) -> Vec<Entity> {
    let gap = 8.0;
    let total = buttons.len() as f32 * (width + gap) - gap;
    buttons
        .iter()
        .enumerate()
        .map(|(i, (text, request))| {
            let x = -total / 2.0 + width / 2.0 + i as f32 * (width + gap);
            commands
                .spawn((
                    ChildOf(root),
                    button(art, text, width, *request),
                    Transform::from_xyz(x, y, Z_LABEL),
                ))
                .id()
        })
        .collect()
}

fn spawn_confirm(mut commands: Commands, art: Res<Art>) {
    let root = dialog(
        &mut commands,
        &art,
        Screen::ConfirmNewGame,
        PAGE.with_alpha(0.9),
    );
    commands.spawn((
        ChildOf(root),
        label("Start a new game?", 40.0, TEXT),
        Transform::from_xyz(0.0, 60.0, Z_LABEL),
    ));
    commands.spawn((
        ChildOf(root),
        label("This game and its moves will be gone.", 18.0, TEXT),
        Transform::from_xyz(0.0, 15.0, Z_LABEL),
    ));
    button_row(
        &mut commands,
        &art,
        root,
        -50.0,
        150.0,
        &[
            ("New game".into(), Request::ConfirmNewGame),
            ("Keep playing".into(), Request::CloseDialog),
        ],
    );
}

fn spawn_options(mut commands: Commands, art: Res<Art>) {
    // Opaque: in the dark theme, light tiles show through even a 0.96 cover (blending is
    // done in linear light).
    let root = dialog(&mut commands, &art, Screen::Options, PAGE);
    let left = -BOARD_PX / 2.0 + 25.0;
    let heading = |commands: &mut Commands, text: &str, y: f32, px: f32| {
        commands.spawn((
            ChildOf(root),
            label(text, px, TEXT),
            Anchor::CENTER_LEFT,
            Transform::from_xyz(left, y, Z_LABEL),
        ));
    };
    heading(&mut commands, "Options", 205.0, 36.0);
    heading(&mut commands, "Board size (keys 3–8)", 145.0, 18.0);
    let sizes: Vec<(String, Request)> = (MIN_SIZE..=MAX_SIZE)
        .map(|n| (format!("{n}×{n}"), Request::SetSize(n)))
        .collect();
    let mut choices = button_row(&mut commands, &art, root, 105.0, 70.0, &sizes);
    heading(&mut commands, "Target (keys + and −)", 45.0, 18.0);
    let targets: Vec<(String, Request)> = TARGETS
        .iter()
        .map(|&t| (t.to_string(), Request::SetTarget(t)))
        .collect();
    choices.extend(button_row(&mut commands, &art, root, 5.0, 70.0, &targets));
    heading(&mut commands, "Theme (key T)", -55.0, 18.0);
    let themes = [
        ("System".to_string(), Request::SetTheme(ThemeChoice::System)),
        ("Light".to_string(), Request::SetTheme(ThemeChoice::Light)),
        ("Dark".to_string(), Request::SetTheme(ThemeChoice::Dark)),
    ];
    choices.extend(button_row(&mut commands, &art, root, -95.0, 146.0, &themes));
    for (entity, (_, request)) in choices
        .iter()
        .zip(sizes.iter().chain(&targets).chain(&themes))
    {
        commands.entity(*entity).insert(Choice(*request));
    }
    heading(
        &mut commands,
        "A new size or target plays that board's own game.",
        -150.0,
        15.0,
    );
    button_row(
        &mut commands,
        &art,
        root,
        -200.0,
        130.0,
        &[("Done".into(), Request::CloseDialog)],
    );
}

/// Chosen options are dark buttons with light text, the others light with dark text.
fn mark_choices(
    saves: Res<Saves>,
    mut commands: Commands,
    buttons: Query<(Entity, Ref<Choice>, &Children)>,
    labels: Query<(), With<Ink>>,
) {
    for (button, choice, children) in &buttons {
        if !saves.is_changed() && !choice.is_added() {
            continue;
        }
        let chosen = choice.chosen(&saves.options);
        commands
            .entity(button)
            .insert(Ink(if chosen { BUTTON } else { CHOICE }));
        for &child in children {
            if labels.contains(child) {
                commands
                    .entity(child)
                    .insert(Ink(if chosen { LIGHT_TEXT } else { TEXT }));
            }
        }
    }
}
