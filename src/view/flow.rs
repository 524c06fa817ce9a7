//! One renderer for a dialog's description ([`Dialog`]): its blocks are laid out by flexbox
//! (taffy, the engine bevy_ui uses) in the dialog's box, its texts measured and wrapped by the
//! game's faces, then drawn as labels and buttons. Nothing is placed by hand: a row of buttons
//! that does not fit goes on in a row under it, a text's buttons go under it where they do not
//! fit beside it, and a longer translation moves what is under it down.
//!
//! [`lay_out`] is plain layout (no ECS), so a test can lay out every screen in every language and
//! look for overlaps and clipped text ([`Placed::problems`]). The screens drawn this way are the
//! question, a race's card, the options, the coach's summary, the history, the statistics and
//! the replay's controls (every screen of `Screen::ALL` in front of the board), and "You win!" and
//! "Game over!" over the board (`overlay`, which fades them in). The header lays out its own
//! pieces with the same engine (`header`).

use bevy::{
    ecs::query::QueryData,
    input_focus::{FocusCause, InputFocus},
    prelude::*,
    sprite::Anchor,
};
use taffy::prelude::{
    AlignItems, AvailableSpace, Dimension, FlexDirection, FlexWrap, JustifyContent,
    LengthPercentage, LengthPercentageAuto, NodeId, Rect as Edges, Size, Style, TaffyTree, auto,
    length, zero,
};

use super::frame::Frame;
use super::layout::{BOARD_CENTER, BOARD_PX, TOP, Z_DIALOG, Z_LABEL};
use super::theme::Ink;
use super::widgets::{
    BUTTON_GAP, BUTTON_HEIGHT, BUTTON_PADDING, BUTTON_TEXT_PX, DialogRoot, NOTE_PX, Named,
    TITLE_PX, described_button, label,
};
use crate::game::dialog::{Block, Dialog, List};
use crate::game::screens::Describe;
use crate::game::{DialogButton, GameSet, Request, Screen, ShownDialog, UiButton};
use g2048_ui::art::Art;
use g2048_ui::dialog::{Action, Chart};
use g2048_ui::fade::BaseAlpha;
use g2048_ui::text::{Faces, LINE_HEIGHT, Label, TextBox};

/// How a dialog stands in its box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// Everything in one centred column over the board (the question, a race's card).
    Centred,
    /// Over the board, centred, from the top down, the footer at the bottom, a button alone in
    /// its row as wide as the row (the coach's summary and its list of moves).
    Sheet,
    /// From near the design's top down, every row from the left margin, rows of choices filling
    /// their line, the footer at the bottom (the options).
    Page,
    /// Over the board, every row from the left margin, a list's rows and the footer filling
    /// their line (the history, the statistics).
    Screen,
    /// Over the board, see-through: the message large where the original has it, centred, its
    /// buttons and lines under it ("You win!", "Game over!").
    Overlay,
    /// One row of buttons over the board's own (the replay's controls): each keeps room for
    /// its widest label, so the row stays still; its title and lines are said, not drawn (the
    /// line under the board shows where the replay is).
    Bar,
}

impl Form {
    /// The form `screen` is drawn in.
    pub fn of(screen: Screen) -> Self {
        match screen {
            Screen::Options => Form::Page,
            Screen::Coach => Form::Sheet,
            Screen::History | Screen::Stats => Form::Screen,
            Screen::Game => Form::Overlay,
            Screen::Replay => Form::Bar,
            _ => Form::Centred,
        }
    }

    /// Its box: over the board, the board's square; a page is as wide, from near the design's
    /// top down to the line of keys.
    pub fn size(self) -> Vec2 {
        match self {
            Form::Centred | Form::Sheet | Form::Screen | Form::Overlay => Vec2::splat(BOARD_PX),
            Form::Page => Vec2::new(BOARD_PX, PAGE_TOP - PAGE_BOTTOM),
            Form::Bar => Vec2::new(BOARD_PX, BUTTON_HEIGHT) + 2.0 * BAR_SIDE,
        }
    }

    /// Where its box's centre is.
    pub fn centre(self) -> Vec2 {
        match self {
            Form::Centred | Form::Sheet | Form::Screen | Form::Overlay => BOARD_CENTER,
            Form::Page => Vec2::new(0.0, (PAGE_TOP + PAGE_BOTTOM) / 2.0),
            Form::Bar => Frame::get().row.center(),
        }
    }
}

/// The margin inside the dialog's box; a screen's above and below, where its list takes most.
const MARGIN: f32 = 20.0;
const SCREEN_TOP: f32 = 14.0;
const SCREEN_BOTTOM: f32 = 10.0;
/// A page's top and bottom edges: a margin under the design's top, and just over the line of
/// keys under the board, which stays in view.
const PAGE_TOP: f32 = TOP - 15.0;
const PAGE_BOTTOM: f32 = BOARD_CENTER.y - BOARD_PX / 2.0 - 12.0;
/// A centred dialog's title, and its lines; a sheet's lines, each in as many lines as it takes.
const QUESTION_PX: f32 = 40.0;
const LINE_PX: f32 = 18.0;
const SHEET_LINE_PX: f32 = 17.0;
const SHEET_LINES: usize = 3;
/// A part's heading and a text with buttons.
const HEADING_PX: f32 = 18.0;
/// The narrowest button, a footer's, and a centred dialog's (the question's two, as wide as
/// ever).
const MIN_BUTTON: f32 = 66.0;
const MIN_FOOTER_BUTTON: f32 = 120.0;
const MIN_WIDE_BUTTON: f32 = 150.0;
/// What a button leaves at each side of its text.
const BUTTON_SIDE: f32 = 12.0;
/// A list's rows: this high, this far apart, their text this large and this far in.
const ROW_HEIGHT: f32 = 38.0;
const ROW_GAP: f32 = 5.0;
const ROW_PX: f32 = 15.0;
const ROW_INSET: f32 = 12.0;
/// A chart's height, its heading's line included.
const CHART_HEIGHT: f32 = 140.0;
/// An overlay's message (60 units, as in the original) with its centre 40 over the board's,
/// the room between its rows, its buttons' least width (four of them narrower, to fit the
/// board), and its margin at the sides.
const MESSAGE_PX: f32 = 60.0;
const OVERLAY_TOP: f32 = BOARD_PX / 2.0 - 40.0 - MESSAGE_PX * LINE_HEIGHT / 2.0;
const OVERLAY_GAP: f32 = 25.0;
const MIN_OVERLAY_BUTTON: f32 = 130.0;
const MIN_NARROW_OVERLAY_BUTTON: f32 = 110.0;
const OVERLAY_SIDE: f32 = 10.0;
/// A bar's margin round its row (its cover hides the board's buttons under it), the room at
/// each side of a control's label, the narrowest control, and the gap between controls (ten
/// fit the board's width).
const BAR_SIDE: f32 = 10.0;
const CONTROL_SIDE: f32 = 5.0;
const MIN_CONTROL: f32 = 36.0;
const CONTROL_GAP: f32 = 4.0;

/// What a placed piece is.
#[derive(Debug, Clone, PartialEq)]
pub enum Piece {
    /// A text at `px`, at the left of its box or centred in it, in at most `lines` lines.
    Text {
        text: String,
        px: f32,
        left: bool,
        lines: usize,
        title: bool,
    },
    Button(DialogButton),
    /// A chart, its heading over it.
    Chart(Chart),
    /// A list's row: its item (the `index`-th), the selected one dark.
    Row {
        button: DialogButton,
        index: usize,
        selected: bool,
    },
}

/// A piece and its box, in design units from the dialog box's centre (y up).
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    pub piece: Piece,
    pub rect: Rect,
}

impl Placed {
    /// The text's box, as the label draws in it.
    pub fn text_box(&self) -> Option<TextBox> {
        match &self.piece {
            Piece::Text { lines, .. } => Some(TextBox::lines(self.rect.width(), *lines)),
            Piece::Button(_) => Some(
                TextBox::lines(self.rect.width() - BUTTON_PADDING, 2).within(BUTTON_HEIGHT - 4.0),
            ),
            Piece::Row { .. } => Some(TextBox::line(self.rect.width() - 2.0 * ROW_INSET)),
            Piece::Chart(chart) => Some(super::stats_charts::heading_box(chart, self.rect.width())),
        }
    }

    fn text(&self) -> (&str, f32) {
        match &self.piece {
            Piece::Text { text, px, .. } => (text, *px),
            Piece::Button(button) => (&button.label, BUTTON_TEXT_PX),
            Piece::Row { button, .. } => (&button.label, ROW_PX),
            Piece::Chart(chart) => (&chart.heading, super::stats_charts::HEADING_PX),
        }
    }

    /// What is wrong with these pieces: two that overlap, one outside the box, a text that its
    /// box does not hold even at its smallest. Empty when all is well.
    pub fn problems(placed: &[Placed], size: Vec2) -> Vec<String> {
        let faces = Faces::get();
        let half = size / 2.0 + 0.5;
        let mut problems = Vec::new();
        for (i, a) in placed.iter().enumerate() {
            let (text, px) = a.text();
            let r = a.rect;
            if r.min.x < -half.x || r.max.x > half.x || r.min.y < -half.y || r.max.y > half.y {
                problems.push(format!("{text:?} leaves the dialog's box: {r:?}"));
            }
            let bx = a.text_box().expect("every piece has text");
            let fitted = faces.fit(text, px, &bx);
            let tall = fitted.lines.len() as f32 * fitted.px * LINE_HEIGHT;
            let room = match a.piece {
                Piece::Text { .. } => r.height(),
                Piece::Button(_) => BUTTON_HEIGHT,
                Piece::Row { .. } => ROW_HEIGHT,
                Piece::Chart(_) => CHART_HEIGHT,
            };
            if fitted.widest > bx.width + 0.5 || fitted.lines.len() > bx.lines || tall > room + 0.5
            {
                problems.push(format!(
                    "{text:?} is clipped: {:.2} wide in {:.2}, {} lines in {}, {:.2} tall in {:.2}",
                    fitted.widest,
                    bx.width,
                    fitted.lines.len(),
                    bx.lines,
                    tall,
                    room
                ));
            }
            for b in &placed[i + 1..] {
                let overlap = r.intersect(b.rect);
                if overlap.width() > 0.5 && overlap.height() > 0.5 {
                    problems.push(format!("{text:?} overlaps {:?}", b.text().0));
                }
            }
        }
        problems
    }
}

/// What a leaf of the layout tree is: a piece, measured by its text.
struct Leaf {
    piece: Piece,
}

/// The pieces of `dialog` and their boxes in `form`'s box (`Form::size`).
pub fn lay_out(dialog: &Dialog, form: Form) -> Vec<Placed> {
    let size = form.size();
    let mut tree = LayoutTree::new(form);
    let mut children: Vec<NodeId> = tree.title_row(dialog).into_iter().collect();
    let mut previous: Option<&Block> = None;
    for block in &dialog.body {
        let top = gap_before(form, previous, block);
        let Some(node) = tree.block(dialog, block, previous, top) else {
            continue;
        };
        children.push(node);
        previous = Some(block);
    }
    let root = tree.root(&children);
    tree.compute(root);
    let mut placed = Vec::new();
    collect(&mut tree.tree, root, Vec2::ZERO, size, &mut placed);
    placed
}

/// A dialog's layout tree as it is built: taffy's tree of its blocks, the form it is laid out
/// in, and the faces that measure its texts.
struct LayoutTree {
    tree: TaffyTree<Leaf>,
    form: Form,
    faces: &'static Faces,
}

impl LayoutTree {
    /// An empty tree for a dialog in `form`.
    fn new(form: Form) -> Self {
        let faces = Faces::get();
        let mut tree = TaffyTree::new();
        // Design units are drawn at any zoom: no rounding to whole units.
        tree.disable_rounding();
        Self { tree, form, faces }
    }

    /// Whether the form's rows start at its left margin (a page's, a screen's).
    fn left(&self) -> bool {
        matches!(self.form, Form::Page | Form::Screen)
    }

    /// How a row of the body stands in its line.
    fn justify(&self) -> JustifyContent {
        // A page's rows all start at its left margin; a centred dialog's are centred.
        if self.left() {
            JustifyContent::FlexStart
        } else {
            JustifyContent::Center
        }
    }

    /// The narrowest button in the form.
    fn least(&self) -> f32 {
        match self.form {
            Form::Centred => MIN_WIDE_BUTTON,
            Form::Overlay => MIN_OVERLAY_BUTTON,
            Form::Bar => MIN_CONTROL,
            Form::Sheet | Form::Page | Form::Screen => MIN_BUTTON,
        }
    }

    /// The size of the form's lines.
    fn line_px(&self) -> f32 {
        match self.form {
            Form::Sheet => SHEET_LINE_PX,
            Form::Screen => NOTE_PX,
            _ => LINE_PX,
        }
    }

    /// Changes `node`'s style with `change`.
    fn restyle(&mut self, node: NodeId, change: impl FnOnce(&mut Style)) {
        let mut style = self.tree.style(node).expect("a node").clone();
        change(&mut style);
        self.tree.set_style(node, style).expect("a node");
    }

    /// A text's leaf: `px` large, in at most `lines` lines, shrinking to fit its row.
    fn text(&mut self, text: &str, px: f32, lines: usize, title: bool) -> NodeId {
        let style = Style {
            min_size: Size {
                width: zero(),
                height: auto(),
            },
            flex_shrink: 1.0,
            ..Style::default()
        };
        let piece = Piece::Text {
            text: text.to_string(),
            px,
            left: self.left(),
            lines,
            title,
        };
        self.tree
            .new_leaf_with_context(style, Leaf { piece })
            .expect("a leaf")
    }

    /// A button's leaf: as wide as its widest label, at least `least`, at most the board's room;
    /// filling its row's line where `grow`.
    fn button(&mut self, b: &DialogButton, least: f32, grow: bool) -> NodeId {
        let side = if self.form == Form::Bar {
            CONTROL_SIDE
        } else {
            BUTTON_SIDE
        };
        let text = std::iter::once(&b.label)
            .chain(&b.room)
            .map(|label| self.faces.width(BUTTON_TEXT_PX, label))
            .fold(0.0, f32::max);
        let width = (text + 2.0 * side).max(least).min(BOARD_PX - 2.0 * MARGIN);
        let style = Style {
            size: Size {
                width: length(width),
                height: length(BUTTON_HEIGHT),
            },
            flex_shrink: 0.0,
            // A row of choices fills its line, as wide as the rows above and below it.
            flex_grow: if grow { 1.0 } else { 0.0 },
            ..Style::default()
        };
        self.tree
            .new_leaf_with_context(
                style,
                Leaf {
                    piece: Piece::Button(b.clone()),
                },
            )
            .expect("a leaf")
    }

    /// A row of `items`, wrapping into more rows where they do not fit, `top` under what is
    /// above it.
    fn row(&mut self, items: &[NodeId], justify: JustifyContent, top: f32) -> NodeId {
        let style = Style {
            flex_direction: FlexDirection::Row,
            flex_wrap: FlexWrap::Wrap,
            justify_content: Some(justify),
            align_items: Some(AlignItems::Center),
            gap: Size {
                width: length(BUTTON_GAP),
                height: length(BUTTON_GAP),
            },
            margin: Edges {
                top: LengthPercentageAuto::length(top),
                ..Edges::zero()
            },
            ..Style::default()
        };
        self.tree.new_with_children(style, items).expect("a row")
    }

    /// The title's row: the title, and what stands at the end of its line; none where it has
    /// neither.
    fn title_row(&mut self, dialog: &Dialog) -> Option<NodeId> {
        // The title, and the buttons at the end of its line.
        let title_px = match self.form {
            Form::Centred => QUESTION_PX,
            Form::Overlay => MESSAGE_PX,
            Form::Sheet | Form::Page | Form::Screen | Form::Bar => TITLE_PX,
        };
        // (A bar's title is said, not drawn.)
        let title = (self.form != Form::Bar).then(|| self.text(&dialog.title, title_px, 1, true));
        // What stands at the end of the title's line, in the description's order: the options'
        // language, the history's count, the statistics' "← 4×4 →".
        let mut beside = Vec::new();
        for block in &dialog.body {
            match block {
                Block::TitleButtons(buttons) => {
                    for b in buttons {
                        beside.push(self.button(b, BUTTON_HEIGHT, false));
                    }
                }
                Block::TitleNote { drawn, .. } => {
                    beside.push(self.text(drawn, NOTE_PX, 1, false));
                }
                _ => {}
            }
        }
        let mut title_row: Vec<NodeId> = title.into_iter().collect();
        if !beside.is_empty() {
            title_row.push(self.row(&beside, JustifyContent::End, 0.0));
        }
        let title_justify = if self.left() {
            JustifyContent::SpaceBetween
        } else {
            JustifyContent::Center
        };
        (!title_row.is_empty()).then(|| self.row(&title_row, title_justify, 0.0))
    }

    /// The node of one block of `dialog`'s body, `top` under what is above it (`previous`);
    /// none for a block that is not drawn here.
    fn block(
        &mut self,
        dialog: &Dialog,
        block: &Block,
        previous: Option<&Block>,
        top: f32,
    ) -> Option<NodeId> {
        let node = match block {
            // Said only; and what the title's row holds.
            Block::Said(_) | Block::TitleButtons(_) | Block::TitleNote { .. } => return None,
            // A bar's lines are said; the line under the board draws them its own way.
            Block::Line(_) if self.form == Form::Bar => return None,
            Block::Chart(chart) => self.chart(chart, top),
            Block::List(list) => self.list(list, top),
            Block::Line(line) => self.line(dialog, line, previous, top),
            Block::Heading(heading) => {
                let node = self.text(heading, HEADING_PX, 1, false);
                let justify = self.justify();
                self.row(&[node], justify, top)
            }
            Block::Labelled(label, buttons) => self.labelled(label, buttons, top),
            Block::Buttons(buttons) | Block::Footer(buttons) => self.buttons(block, buttons, top),
        };
        Some(node)
    }

    /// A chart's leaf, as wide as the box.
    fn chart(&mut self, chart: &Chart, top: f32) -> NodeId {
        let style = Style {
            size: Size {
                width: auto(),
                height: length(CHART_HEIGHT),
            },
            flex_shrink: 0.0,
            margin: Edges {
                top: LengthPercentageAuto::length(top),
                ..Edges::zero()
            },
            ..Style::default()
        };
        let piece = Piece::Chart(chart.clone());
        self.tree
            .new_leaf_with_context(style, Leaf { piece })
            .expect("a leaf")
    }

    /// A list: a column of the rows in its window, one under the other.
    fn list(&mut self, list: &List, top: f32) -> NodeId {
        let rows: Vec<NodeId> = list
            .rows
            .iter()
            .enumerate()
            .skip(list.top)
            .take(list.shown)
            .map(|(n, b)| {
                let style = Style {
                    size: Size {
                        width: auto(),
                        height: length(ROW_HEIGHT),
                    },
                    flex_shrink: 0.0,
                    ..Style::default()
                };
                let piece = Piece::Row {
                    button: b.clone(),
                    index: n,
                    selected: n == list.selected,
                };
                self.tree
                    .new_leaf_with_context(style, Leaf { piece })
                    .expect("a leaf")
            })
            .collect();
        // As tall as a full window of rows, however many there are.
        let style = Style {
            flex_direction: FlexDirection::Column,
            gap: Size {
                width: zero(),
                height: length(ROW_GAP),
            },
            size: Size {
                width: auto(),
                height: length(list.shown as f32 * (ROW_HEIGHT + ROW_GAP) - ROW_GAP),
            },
            flex_shrink: 0.0,
            margin: Edges {
                top: LengthPercentageAuto::length(top),
                ..Edges::zero()
            },
            ..Style::default()
        };
        self.tree.new_with_children(style, &rows).expect("a list")
    }

    /// A line of text in its own row, in as many lines as the form gives it.
    fn line(&mut self, dialog: &Dialog, line: &str, previous: Option<&Block>, top: f32) -> NodeId {
        let lines = match self.form {
            Form::Sheet => SHEET_LINES,
            Form::Screen | Form::Overlay => 2,
            _ if dialog.lines().len() > 1 => 1,
            _ => 2,
        };
        let node = self.text(line, self.line_px(), lines, false);
        let justify = self.justify();
        let node = self.row(&[node], justify, top);
        if matches!(previous, Some(Block::List(_))) {
            // Under a list, midway between it and the footer.
            self.restyle(node, |style| {
                style.margin.top = LengthPercentageAuto::auto()
            });
        }
        node
    }

    /// A text with its buttons beside it, or under it where they do not fit.
    fn labelled(&mut self, label: &str, buttons: &[DialogButton], top: f32) -> NodeId {
        let node = self.text(label, HEADING_PX, 1, false);
        let least = self.least();
        let buttons: Vec<NodeId> = buttons
            .iter()
            .map(|b| self.button(b, least, false))
            .collect();
        let group = self.row(&buttons, JustifyContent::FlexStart, 0.0);
        let justify = self.justify();
        let line = self.row(&[node, group], justify, top);
        // The text and its buttons further apart than two buttons.
        self.restyle(line, |style| style.gap.width = length(3.0 * BUTTON_GAP));
        line
    }

    /// A row of buttons (`block`'s), or the footer at the bottom of the box.
    fn buttons(&mut self, block: &Block, buttons: &[DialogButton], top: f32) -> NodeId {
        let form = self.form;
        let grow = grows(form, block);
        // A footer's buttons are wide, but for a screen's five (the history's).
        let floor = if matches!(block, Block::Footer(_)) && form != Form::Screen {
            MIN_FOOTER_BUTTON
        } else if form == Form::Overlay && buttons.len() > 3 {
            MIN_NARROW_OVERLAY_BUTTON
        } else {
            self.least()
        };
        let nodes: Vec<NodeId> = buttons
            .iter()
            .map(|b| self.button(b, floor, grow))
            .collect();
        let justify = self.justify();
        let node = self.row(&nodes, justify, top);
        if form == Form::Bar {
            self.restyle(node, |style| style.gap.width = length(CONTROL_GAP));
        }
        if matches!(block, Block::Footer(_)) && form == Form::Screen || form == Form::Bar {
            // A screen's footer, and a bar, stay one row: their buttons give up width
            // together, their labels smaller or in two lines (the box keeps the list's
            // room).
            self.restyle(node, |style| style.flex_wrap = FlexWrap::NoWrap);
            for &n in &nodes {
                self.restyle(n, |style| {
                    style.flex_shrink = 1.0;
                    style.flex_basis = style.size.width;
                    style.size.width = auto();
                    style.min_size.width = zero();
                });
            }
        }
        if matches!(block, Block::Footer(_)) {
            // The footer stands at the bottom of the box.
            self.restyle(node, |style| {
                style.margin.top = LengthPercentageAuto::auto()
            });
        }
        node
    }

    /// The root: a column of `children` in the form's box, inside its margins.
    fn root(&mut self, children: &[NodeId]) -> NodeId {
        let form = self.form;
        let size = form.size();
        let side = match form {
            Form::Overlay => OVERLAY_SIDE,
            Form::Bar => BAR_SIDE,
            _ => MARGIN,
        };
        let style = Style {
            flex_direction: FlexDirection::Column,
            justify_content: Some(match form {
                Form::Centred | Form::Bar => JustifyContent::Center,
                Form::Sheet | Form::Page | Form::Screen | Form::Overlay => {
                    JustifyContent::FlexStart
                }
            }),
            size: Size {
                width: Dimension::length(size.x),
                height: Dimension::length(size.y),
            },
            padding: Edges {
                left: LengthPercentage::length(side),
                right: LengthPercentage::length(side),
                top: LengthPercentage::length(match form {
                    Form::Screen => SCREEN_TOP,
                    Form::Overlay => OVERLAY_TOP,
                    Form::Bar => BAR_SIDE,
                    _ => MARGIN,
                }),
                bottom: LengthPercentage::length(match form {
                    Form::Screen => SCREEN_BOTTOM,
                    Form::Bar => BAR_SIDE,
                    _ => MARGIN,
                }),
            },
            ..Style::default()
        };
        self.tree
            .new_with_children(style, children)
            .expect("the root")
    }

    /// Lays the tree out from `root` in the form's box, each text measured as the faces fit it.
    fn compute(&mut self, root: NodeId) {
        let size = self.form.size();
        let faces = self.faces;
        self.tree
            .compute_layout_with_measure(
                root,
                Size {
                    width: AvailableSpace::Definite(size.x),
                    height: AvailableSpace::Definite(size.y),
                },
                |known, available, _, leaf, _| {
                    let Some(Leaf {
                        piece:
                            Piece::Text {
                                text, px, lines, ..
                            },
                    }) = leaf
                    else {
                        return Size::ZERO;
                    };
                    let width = known.width.unwrap_or(match available.width {
                        AvailableSpace::Definite(w) => w,
                        _ => f32::INFINITY,
                    });
                    let fitted = faces.fit(text, *px, &TextBox::lines(width, *lines));
                    Size {
                        width: known.width.unwrap_or(fitted.widest.min(width)),
                        height: known.height.unwrap_or(
                            // A line's box is its size's line height whatever it shrank to, so
                            // rows keep their rhythm.
                            (fitted.lines.len() as f32 * fitted.px).max(*px) * LINE_HEIGHT,
                        ),
                    }
                },
            )
            .expect("a layout");
    }
}

/// Which buttons fill their row: a page's rows of choices, a sheet's buttons alone in theirs.
fn grows(form: Form, block: &Block) -> bool {
    match (form, block) {
        (Form::Page, Block::Buttons(_) | Block::Footer(_)) => true,
        (Form::Screen, Block::Footer(_)) => true,
        (Form::Sheet, Block::Buttons(buttons)) => buttons.len() == 1,
        _ => false,
    }
}

/// The room above `block` after `previous` (none: after the title).
fn gap_before(form: Form, previous: Option<&Block>, block: &Block) -> f32 {
    match (form, previous, block) {
        (_, _, Block::Footer(_)) => 0.0,
        // The question's and the card's rhythm: 45 units from the title's centre to the first
        // line's, 34 between lines, 65 from the last line to the buttons.
        (Form::Centred, Some(Block::Line(_)), Block::Buttons(_)) => 35.0,
        (Form::Centred, Some(Block::Line(_)), Block::Line(_)) => 13.0,
        (Form::Centred, _, _) => 12.0,
        // The summary: lines 8 apart, its moves 12 apart.
        (Form::Sheet, None, _) => 16.0,
        (Form::Sheet, _, Block::Buttons(_)) => 12.0,
        (Form::Sheet, _, _) => 8.0,
        (Form::Page, None, _) => 12.0,
        (Form::Page, Some(Block::Heading(_)), _) => 2.0,
        (Form::Page, _, _) => 8.0,
        (Form::Screen, _, _) => 8.0,
        (Form::Overlay, _, _) => OVERLAY_GAP,
        (Form::Bar, _, _) => 0.0,
    }
}

/// The leaves under `node`, their boxes turned from taffy's (top left, y down) to the dialog's
/// (its centre, y up).
fn collect(
    tree: &mut TaffyTree<Leaf>,
    node: NodeId,
    origin: Vec2,
    size: Vec2,
    out: &mut Vec<Placed>,
) {
    let layout = *tree.layout(node).expect("laid out");
    let at = origin + Vec2::new(layout.location.x, layout.location.y);
    let children = tree.children(node).expect("a node");
    if children.is_empty() {
        if let Some(leaf) = tree.get_node_context(node) {
            let half = size / 2.0;
            let min = Vec2::new(at.x - half.x, half.y - at.y - layout.size.height);
            out.push(Placed {
                piece: leaf.piece.clone(),
                rect: Rect::from_corners(
                    min,
                    min + Vec2::new(layout.size.width, layout.size.height),
                ),
            });
        }
        return;
    }
    for child in children {
        collect(tree, child, at, size, out);
    }
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

impl Piece {
    fn kind(&self) -> PieceKind {
        match self {
            Piece::Text { px, left, .. } => PieceKind::Text {
                px: px.to_bits(),
                left: *left,
            },
            Piece::Button(_) => PieceKind::Button,
            Piece::Row { .. } => PieceKind::Row,
            Piece::Chart(_) => PieceKind::Chart,
        }
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
    let form = Form::of(screen);
    // The cover: the dialog that assistive technology is told about.
    let root = commands
        .spawn((
            FlowRoot,
            DialogRoot(screen),
            look,
            look.cover,
            BaseAlpha(look.alpha),
            art.large_round(look.cover.light().with_alpha(look.alpha), form.size()),
            Transform::from_translation(form.centre().extend(Z_DIALOG)),
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
    for (n, placed) in lay_out(dialog, Form::of(screen)).into_iter().enumerate() {
        let centre = placed.rect.center();
        let flowed = Flowed(n, placed.piece.kind());
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
    let placed = lay_out(dialog, Form::of(*screen.get()));
    let mine: Vec<_> = pieces
        .iter()
        .filter(|p| p.parent.parent() == root)
        .map(|p| (p.entity, *p.flowed, p.button.map(|b| b.action)))
        .collect();
    let same = mine.len() == placed.len()
        && mine
            .iter()
            .all(|&(_, Flowed(n, kind), _)| placed.get(n).is_some_and(|p| p.piece.kind() == kind));
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
        place: &Placed,
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
    fn move_to(&mut self, place: &Placed) {
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
    fn update_text(self, text: &str, place: &Placed) {
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
        place: &Placed,
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
        place: &Placed,
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
