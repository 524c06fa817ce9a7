//! Draws a dialog's description as the drawing kit lays it out (`g2048_ui::flow`): its texts as
//! labels, its buttons, its list's rows and its charts, over a cover; and keeps the dialog in
//! front following its description, moving and relabelling the same pieces in place. Each
//! screen has its form and its box here ([`form_of`], [`dialog_size`], [`dialog_centre`]). The
//! screens drawn this way are the question, a race's card, the options, the coach's summary,
//! the history, the statistics and the replay's controls (every screen of `Screen::ALL` in
//! front of the board), and "You win!" and "Game over!" over the board (`overlay`, which fades
//! them in). The header lays out its own pieces with the same engine (`header`).

use bevy::{
    ecs::query::QueryData,
    input_focus::{FocusCause, InputFocus},
    prelude::*,
    sprite::Anchor,
};

use super::frame::Frame;
use super::layout::{BOARD_CENTER, BOARD_PX, TOP, Z_DIALOG, Z_LABEL};
use super::theme::Ink;
use super::widgets::{DialogRoot, Named, described_button, label};
use crate::game::dialog::Dialog;
use crate::game::screens::Describe;
use crate::game::{DialogButton, GameSet, Request, Screen, ShownDialog, UiButton};
use g2048_ui::art::Art;
use g2048_ui::dialog::{Action, Chart};
use g2048_ui::fade::BaseAlpha;
use g2048_ui::flow::{BAR_SIDE, BUTTON_HEIGHT, Form, Piece, Placed, ROW_INSET, ROW_PX, lay_out};
use g2048_ui::text::{Label, TextBox};

/// A page's top and bottom edges: a margin under the design's top, and just over the line of
/// keys under the board, which stays in view.
const PAGE_TOP: f32 = TOP - 15.0;
const PAGE_BOTTOM: f32 = BOARD_CENTER.y - BOARD_PX / 2.0 - 12.0;

/// The form `screen` is drawn in.
pub fn form_of(screen: Screen) -> Form {
    match screen {
        Screen::Options => Form::Page,
        Screen::Coach => Form::Sheet,
        Screen::History | Screen::Stats => Form::Screen,
        Screen::Game => Form::Overlay,
        Screen::Replay => Form::Bar,
        _ => Form::Centred,
    }
}

/// A form's box: over the board, the board's square; a page is as wide, from near the design's
/// top down to the line of keys; a bar holds a row of buttons over the board's own.
pub fn dialog_size(form: Form) -> Vec2 {
    match form {
        Form::Centred | Form::Sheet | Form::Screen | Form::Overlay => Vec2::splat(BOARD_PX),
        Form::Page => Vec2::new(BOARD_PX, PAGE_TOP - PAGE_BOTTOM),
        Form::Bar => Vec2::new(BOARD_PX, BUTTON_HEIGHT) + 2.0 * BAR_SIDE,
    }
}

/// Where a form's box has its centre.
pub fn dialog_centre(form: Form) -> Vec2 {
    match form {
        Form::Centred | Form::Sheet | Form::Screen | Form::Overlay => BOARD_CENTER,
        Form::Page => Vec2::new(0.0, (PAGE_TOP + PAGE_BOTTOM) / 2.0),
        Form::Bar => Frame::get().row.center(),
    }
}

/// The pieces of `screen`'s description `dialog`, laid out in its form's box.
pub fn lay_out_screen(dialog: &Dialog, screen: Screen) -> Vec<Placed<Request>> {
    let form = form_of(screen);
    lay_out(dialog, form, dialog_size(form))
}

pub(super) fn plugin(app: &mut App) {
    // Every screen in front of the board ("You win!" and "Game over!" on the board itself are
    // drawn by `overlay`, which fades them in).
    for screen in Screen::ALL.into_iter().filter(|&s| s != Screen::Game) {
        app.add_systems(OnEnter(screen), spawn_flowed.after(Describe));
    }
    app.add_systems(
        Update,
        reflow
            .run_if(resource_changed::<ShownDialog>)
            .after(Describe)
            .in_set(GameSet::React),
    );
}

/// A piece drawn by this renderer: its place in the laid-out dialog, and what kind of piece it
/// is (a piece of another kind at that place is drawn anew, not changed in place).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flowed(pub usize, pub PieceKind);

/// What a piece is, as far as drawing it in place goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PieceKind {
    /// A text: its size (as bits) and whether it stands at the left of its box.
    Text {
        px: u32,
        left: bool,
    },
    Button,
    Row,
    Chart,
}

/// What kind of piece `piece` is.
fn kind_of(piece: &Piece<Request>) -> PieceKind {
    match piece {
        Piece::Text { px, left, .. } => PieceKind::Text {
            px: px.to_bits(),
            left: *left,
        },
        Piece::Button(_) => PieceKind::Button,
        Piece::Row { .. } => PieceKind::Row,
        Piece::Chart(_) => PieceKind::Chart,
    }
}

/// The root of a flowed dialog.
#[derive(Component, Debug)]
pub struct FlowRoot;

/// A flowed dialog's inks: its cover's, with the cover's opacity, and its title's.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Look {
    pub cover: Ink,
    pub alpha: f32,
    pub title: Ink,
}

impl Look {
    /// A screen's: the question's cover lets the board show through a little; the others hide
    /// it.
    fn of(screen: Screen) -> Self {
        let cover = if screen == Screen::ConfirmNewGame {
            Ink::QuestionCover
        } else {
            Ink::Page
        };
        Self {
            cover,
            alpha: cover.light().alpha(),
            title: Ink::Text,
        }
    }
}

/// The screen just entered, drawn from its description (made as it opened).
fn spawn_flowed(
    mut commands: Commands,
    art: Res<Art>,
    screen: Res<State<Screen>>,
    shown: Res<ShownDialog>,
) {
    let screen = *screen.get();
    if let Some(dialog) = &shown.0 {
        let root = spawn_dialog(&mut commands, &art, screen, dialog, Look::of(screen));
        commands.entity(root).insert(DespawnOnExit(screen));
    }
}

/// Draws `dialog`, `screen`'s description, in its form's box over a cover of `look`; gives back
/// its root, which the caller despawns when it is done.
pub fn spawn_dialog(
    commands: &mut Commands,
    art: &Art,
    screen: Screen,
    dialog: &Dialog,
    look: Look,
) -> Entity {
    let form = form_of(screen);
    // The cover: the dialog that assistive technology is told about.
    let root = commands
        .spawn((
            FlowRoot,
            DialogRoot(screen),
            look,
            look.cover,
            BaseAlpha(look.alpha),
            art.large_round(look.cover.light().with_alpha(look.alpha), dialog_size(form)),
            Transform::from_translation(dialog_centre(form).extend(Z_DIALOG)),
        ))
        .id();
    spawn_pieces(commands, art, root, screen, dialog, look.title);
    root
}

/// Draws `dialog`'s pieces under `root`; gives back its buttons and what each sends.
fn spawn_pieces(
    commands: &mut Commands,
    art: &Art,
    root: Entity,
    screen: Screen,
    dialog: &Dialog,
    title_ink: Ink,
) -> Vec<(Entity, Request)> {
    let mut buttons = Vec::new();
    for (n, placed) in lay_out_screen(dialog, screen).into_iter().enumerate() {
        let centre = placed.rect.center();
        let flowed = Flowed(n, kind_of(&placed.piece));
        match &placed.piece {
            Piece::Button(button) => {
                let entity = commands.spawn((
                    ChildOf(root),
                    flowed,
                    described_button(art, button, placed.rect.width()),
                    Transform::from_xyz(centre.x, centre.y, Z_LABEL),
                ));
                buttons.push((entity.id(), button.action));
            }
            Piece::Chart(chart) => {
                spawn_chart_piece(commands, root, n, chart, placed.rect);
            }
            Piece::Row {
                button,
                index,
                selected,
            } => {
                let size = placed.rect.size();
                let (back, text) = row_inks(*selected);
                let entity = commands.spawn((
                    ChildOf(root),
                    flowed,
                    ListRow(*index),
                    UiButton {
                        action: button.action,
                        size,
                    },
                    Named {
                        name: button.name.clone(),
                        chosen: None,
                    },
                    back,
                    art.small_round(back.light(), size),
                    Transform::from_xyz(centre.x, centre.y, Z_LABEL),
                    children![(
                        label(button.label.clone(), ROW_PX, text),
                        placed.text_box().expect("a row's text"),
                        Anchor::CENTER_LEFT,
                        Transform::from_xyz(ROW_INSET - size.x / 2.0, 0.0, Z_LABEL),
                    )],
                ));
                buttons.push((entity.id(), button.action));
            }
            Piece::Text {
                text,
                px,
                left,
                title,
                ..
            } => {
                let (anchor, x) = if *left {
                    (Anchor::CENTER_LEFT, placed.rect.min.x)
                } else {
                    (Anchor::CENTER, centre.x)
                };
                commands.spawn((
                    ChildOf(root),
                    flowed,
                    label(
                        text.clone(),
                        *px,
                        if *title { title_ink } else { Ink::Text },
                    ),
                    BaseAlpha(1.0),
                    placed.text_box().expect("a text"),
                    anchor,
                    Transform::from_xyz(x, centre.y, Z_LABEL),
                ));
            }
        }
    }
    buttons
}

/// A flowed piece, with what a reflow may change in place.
#[derive(QueryData)]
#[query_data(mutable)]
pub(super) struct FlowedPiece {
    entity: Entity,
    flowed: &'static Flowed,
    parent: &'static ChildOf,
    transform: &'static mut Transform,
    label: Option<&'static mut Label>,
    text_box: Option<&'static mut TextBox>,
    button: Option<&'static mut UiButton>,
    sprite: Option<&'static mut Sprite>,
    children: Option<&'static Children>,
    named: Option<&'static mut Named>,
    row: Option<(&'static mut ListRow, &'static Ink)>,
}

/// The labels of buttons and rows (children of flowed pieces, not pieces themselves).
type ButtonLabels<'w, 's> =
    Query<'w, 's, (Entity, &'static mut Label, &'static mut TextBox), Without<Flowed>>;

/// The dialog in front follows its description: the same pieces are moved, resized and
/// relabelled in place (so the keyboard's focus stays on its button); a description of other
/// pieces is drawn anew.
pub(super) fn reflow(
    mut commands: Commands,
    art: Res<Art>,
    mut focus: ResMut<InputFocus>,
    shown: Res<ShownDialog>,
    screen: Res<State<Screen>>,
    roots: Query<(Entity, &DialogRoot, &Look), With<FlowRoot>>,
    mut pieces: Query<FlowedPiece>,
    mut button_labels: ButtonLabels,
) {
    let Some(dialog) = shown.0.as_ref() else {
        return;
    };
    let Some((root, _, look)) = roots.iter().find(|(_, r, _)| r.0 == *screen.get()) else {
        return;
    };
    let placed = lay_out_screen(dialog, *screen.get());
    let mine: Vec<_> = pieces
        .iter()
        .filter(|p| p.parent.parent() == root)
        .map(|p| (p.entity, *p.flowed, p.button.map(|b| b.action)))
        .collect();
    let same = mine.len() == placed.len()
        && mine.iter().all(|&(_, Flowed(n, kind), _)| {
            placed.get(n).is_some_and(|p| kind_of(&p.piece) == kind)
        });
    if !same {
        // Drawn anew; the keyboard's focus goes to the new button that sends what the old one
        // did, if there is one.
        let focused = despawn_pieces(&mut commands, &focus, &mine);
        let buttons = spawn_pieces(&mut commands, &art, root, *screen.get(), dialog, look.title);
        if let Some(request) = focused {
            match buttons.iter().find(|(_, r)| *r == request) {
                Some(&(entity, _)) => focus.set(entity, FocusCause::Navigated),
                None => focus.clear(),
            }
        }
        return;
    }
    for piece in &mut pieces {
        if piece.parent.parent() != root {
            continue;
        }
        let place = &placed[piece.flowed.0];
        piece.follow(&mut commands, root, place, &mut button_labels);
    }
}

/// Despawns a dialog's pieces (`mine`: each with what it sends, if it is a button); gives back
/// what the one with the keyboard's focus sent, if one had it.
fn despawn_pieces(
    commands: &mut Commands,
    focus: &InputFocus,
    mine: &[(Entity, Flowed, Option<Request>)],
) -> Option<Request> {
    let focused = mine
        .iter()
        .find(|(entity, ..)| focus.get() == Some(*entity))
        .and_then(|(_, _, request)| *request);
    for (entity, ..) in mine {
        commands.entity(*entity).despawn();
    }
    focused
}

impl FlowedPieceItem<'_, '_> {
    /// Makes the piece (under `root`) the one at `place`: moved, resized and relabelled in place,
    /// a chart drawn anew.
    fn follow(
        mut self,
        commands: &mut Commands,
        root: Entity,
        place: &Placed<Request>,
        button_labels: &mut ButtonLabels,
    ) {
        self.move_to(place);
        match &place.piece {
            Piece::Text { text, .. } => self.update_text(text, place),
            Piece::Button(described) => self.update_button(described, place, button_labels),
            Piece::Chart(chart) => {
                // Drawn anew: its figures changed, or its place.
                commands.entity(self.entity).despawn();
                spawn_chart_piece(commands, root, self.flowed.0, chart, place.rect);
            }
            Piece::Row {
                button: described,
                index,
                selected,
            } => self.update_row(commands, described, *index, *selected, place, button_labels),
        }
    }

    /// Moves the piece to `place`: a text at the left of its box by its left edge, any other
    /// piece by its centre.
    fn move_to(&mut self, place: &Placed<Request>) {
        let centre = place.rect.center();
        let x = match &place.piece {
            Piece::Text { left: true, .. } => place.rect.min.x,
            _ => centre.x,
        };
        // The place only: a label's scale is the text's own (1 / zoom).
        let at = Vec3::new(x, centre.y, Z_LABEL);
        if self.transform.translation != at {
            self.transform.translation = at;
        }
    }

    /// Gives a text piece its new `text` and `place`'s text box.
    fn update_text(self, text: &str, place: &Placed<Request>) {
        let new_box = place.text_box().expect("every piece has text");
        if let Some(mut label) = self.label
            && label.0 != *text
        {
            text.clone_into(&mut label.0);
        }
        if let Some(mut text_box) = self.text_box {
            text_box.set_if_neq(new_box);
        }
    }

    /// Makes a button piece the one `described` at `place`: its size, what it sends, its name
    /// and its label.
    fn update_button(
        self,
        described: &DialogButton,
        place: &Placed<Request>,
        button_labels: &mut ButtonLabels,
    ) {
        let new_box = place.text_box().expect("every piece has text");
        // Another button may stand at this place now (the coach's worst moves change
        // while its summary shows): it sends and is named as the description says.
        let size = Vec2::new(place.rect.width(), BUTTON_HEIGHT);
        if let Some(mut button) = self.button
            && (button.size != size || button.action != described.action)
        {
            button.size = size;
            button.action = described.action;
            if let Some(mut sprite) = self.sprite {
                sprite.custom_size = Some(size);
            }
        }
        if let Some(mut named) = self.named {
            named.set_if_neq(Named {
                name: described.name.clone(),
                chosen: described.action.is_choice().then_some(described.chosen),
            });
        }
        for &child in self.children.into_iter().flatten() {
            if let Ok((_, mut label, mut text_box)) = button_labels.get_mut(child) {
                if label.0 != described.label {
                    label.0.clone_from(&described.label);
                }
                text_box.set_if_neq(new_box);
            }
        }
    }

    /// Makes a list's row piece the one `described` at `place`: the `index`-th item, `selected`
    /// or not.
    fn update_row(
        self,
        commands: &mut Commands,
        described: &DialogButton,
        index: usize,
        selected: bool,
        place: &Placed<Request>,
        button_labels: &mut ButtonLabels,
    ) {
        let new_box = place.text_box().expect("every piece has text");
        // The list moved: this row shows another item, or another selection.
        let size = place.rect.size();
        if let Some(mut button) = self.button
            && (button.action != described.action || button.size != size)
        {
            button.action = described.action;
            button.size = size;
        }
        if let Some(mut sprite) = self.sprite
            && sprite.custom_size != Some(size)
        {
            sprite.custom_size = Some(size);
        }
        let (back, text) = row_inks(selected);
        if let Some((mut row, ink)) = self.row {
            row.set_if_neq(ListRow(index));
            if *ink != back {
                commands.entity(self.entity).insert(back);
            }
        }
        if let Some(mut named) = self.named {
            named.set_if_neq(Named {
                name: described.name.clone(),
                chosen: None,
            });
        }
        for &child in self.children.into_iter().flatten() {
            if let Ok((child, mut label, mut text_box)) = button_labels.get_mut(child) {
                if label.0 != described.label {
                    label.0.clone_from(&described.label);
                }
                text_box.set_if_neq(new_box);
                commands.entity(child).insert(text);
            }
        }
    }
}

/// A chart: a piece whose children `stats::spawn_chart` draws in its box.
fn spawn_chart_piece(commands: &mut Commands, root: Entity, n: usize, chart: &Chart, rect: Rect) {
    let centre = rect.center();
    let piece = commands
        .spawn((
            ChildOf(root),
            Flowed(n, PieceKind::Chart),
            Transform::from_xyz(centre.x, centre.y, Z_LABEL),
            Visibility::default(),
        ))
        .id();
    super::stats_charts::spawn_chart(commands, piece, chart, rect.size());
}

/// A list's row: the item it shows (its place from the first).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListRow(pub usize);

/// A row's inks: the selected one dark with light text.
fn row_inks(selected: bool) -> (Ink, Ink) {
    if selected {
        (Ink::Button, Ink::ButtonText)
    } else {
        (Ink::Choice, Ink::Text)
    }
}
