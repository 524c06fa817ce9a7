//! A dialog's layout: its description's blocks ([`Dialog`]) laid out by flexbox (taffy, the
//! engine bevy_ui uses) in the dialog's box, its texts measured and wrapped by the kit's faces.
//! Nothing is placed by hand: a row of buttons that does not fit goes on in a row under it, a
//! text's buttons go under it where they do not fit beside it, and a longer translation moves
//! what is under it down. The dialog's [`Form`] says how it stands in its box.
//!
//! [`lay_out`] is plain layout (no ECS), so a test can lay out every screen in every language and
//! look for overlaps and clipped text ([`Placed::problems`]). The game draws the placed pieces
//! (its `view::flow`) and picks each screen's form and box.

use bevy::prelude::*;
use taffy::prelude::{
    AlignItems, AvailableSpace, Dimension, FlexDirection, FlexWrap, JustifyContent,
    LengthPercentage, LengthPercentageAuto, NodeId, Rect as Edges, Size, Style, TaffyTree, auto,
    length, zero,
};

use crate::dialog::{Action, Block, Chart, ChartKind, Dialog, DialogButton, List};
use crate::text::{Faces, LINE_HEIGHT, TextBox};

/// A dialog's or a screen's title.
pub const TITLE_PX: f32 = 36.0;
/// Buttons are 40 px high, as in the original, with 18 px text.
pub const BUTTON_HEIGHT: f32 = 40.0;
pub const BUTTON_TEXT_PX: f32 = 18.0;
/// What a button's text leaves free at its sides, together.
pub const BUTTON_PADDING: f32 = 8.0;
/// The space between buttons in a row.
pub const BUTTON_GAP: f32 = 8.0;
/// The size of a note: the history's count, its rows' luck and skill.
pub const NOTE_PX: f32 = 15.0;
/// A chart's heading, and the room its top score takes right of the heading (a score line's).
pub const CHART_HEADING_PX: f32 = 15.0;
pub const TOP_SCORE_ROOM: f32 = 100.0;

/// A chart's heading's room: the chart's width, less the top score's beside it.
pub fn chart_heading_box(chart: &Chart, width: f32) -> TextBox {
    match chart.kind {
        ChartKind::Bars(_) => TextBox::line(width),
        ChartKind::Line { .. } => TextBox::line(width - TOP_SCORE_ROOM),
    }
}

/// How a dialog stands in its box (where the box is, the game decides; its screens are the
/// examples).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// Everything in one centred column (the question, a race's card).
    Centred,
    /// Centred, from the top down, the footer at the bottom, a button alone in its row as wide
    /// as the row (the coach's summary and its list of moves).
    Sheet,
    /// From the top down, every row from the left margin, rows of choices filling their line,
    /// the footer at the bottom (the options).
    Page,
    /// Every row from the left margin, a list's rows and the footer filling their line, the
    /// margins above and below narrower (the history, the statistics).
    Screen,
    /// See-through: the title large (as the original's message), centred a little over the
    /// box's middle, its buttons and lines under it ("You win!", "Game over!").
    Overlay,
    /// One row of buttons (the replay's controls): each keeps room for its widest label, so the
    /// row stays still; its title and lines are not drawn (the game says them).
    Bar,
}

/// The margin inside the dialog's box; a screen's above and below, where its list takes most.
const MARGIN: f32 = 20.0;
const SCREEN_TOP: f32 = 14.0;
const SCREEN_BOTTOM: f32 = 10.0;
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
pub const ROW_PX: f32 = 15.0;
pub const ROW_INSET: f32 = 12.0;
/// A chart's height, its heading's line included.
const CHART_HEIGHT: f32 = 140.0;
/// An overlay's message (60 units, as in the original) with its centre 40 over its box's,
/// the room between its rows, its buttons' least width (four of them narrower, to fit the
/// box), and its margin at the sides.
const MESSAGE_PX: f32 = 60.0;
const OVERLAY_RISE: f32 = 40.0;
const OVERLAY_GAP: f32 = 25.0;
const MIN_OVERLAY_BUTTON: f32 = 130.0;
const MIN_NARROW_OVERLAY_BUTTON: f32 = 110.0;
const OVERLAY_SIDE: f32 = 10.0;
/// A bar's margin round its row (the game's cover hides what is under it), the room at each
/// side of a control's label, the narrowest control, and the gap between controls (ten fit a
/// row 500 units wide).
pub const BAR_SIDE: f32 = 10.0;
const CONTROL_SIDE: f32 = 5.0;
const MIN_CONTROL: f32 = 36.0;
const CONTROL_GAP: f32 = 4.0;

/// What a placed piece is.
#[derive(Debug, Clone, PartialEq)]
pub enum Piece<A> {
    /// A text at `px`, at the left of its box or centred in it, in at most `lines` lines.
    Text {
        text: String,
        px: f32,
        left: bool,
        lines: usize,
        title: bool,
    },
    Button(DialogButton<A>),
    /// A chart, its heading over it.
    Chart(Chart),
    /// A list's row: its item (the `index`-th), the selected one dark.
    Row {
        button: DialogButton<A>,
        index: usize,
        selected: bool,
    },
}

/// A piece and its box, in design units from the dialog box's centre (y up).
#[derive(Debug, Clone, PartialEq)]
pub struct Placed<A> {
    pub piece: Piece<A>,
    pub rect: Rect,
}

impl<A: Action> Placed<A> {
    /// The text's box, as the label draws in it.
    pub fn text_box(&self) -> Option<TextBox> {
        match &self.piece {
            Piece::Text { lines, .. } => Some(TextBox::lines(self.rect.width(), *lines)),
            Piece::Button(_) => Some(
                TextBox::lines(self.rect.width() - BUTTON_PADDING, 2).within(BUTTON_HEIGHT - 4.0),
            ),
            Piece::Row { .. } => Some(TextBox::line(self.rect.width() - 2.0 * ROW_INSET)),
            Piece::Chart(chart) => Some(chart_heading_box(chart, self.rect.width())),
        }
    }

    fn text(&self) -> (&str, f32) {
        match &self.piece {
            Piece::Text { text, px, .. } => (text, *px),
            Piece::Button(button) => (&button.label, BUTTON_TEXT_PX),
            Piece::Row { button, .. } => (&button.label, ROW_PX),
            Piece::Chart(chart) => (&chart.heading, CHART_HEADING_PX),
        }
    }

    /// What is wrong with these pieces: two that overlap, one outside the box, a text that its
    /// box does not hold even at its smallest. Empty when all is well.
    pub fn problems(placed: &[Placed<A>], size: Vec2) -> Vec<String> {
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
struct Leaf<A> {
    piece: Piece<A>,
}

/// The pieces of `dialog` laid out in `form`, and their boxes, in a box of `size` centred on
/// the origin (the game gives each form its box).
pub fn lay_out<A: Action>(dialog: &Dialog<A>, form: Form, size: Vec2) -> Vec<Placed<A>> {
    let mut tree = LayoutTree::new(form, size);
    let mut children: Vec<NodeId> = tree.title_row(dialog).into_iter().collect();
    let mut previous: Option<&Block<A>> = None;
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
struct LayoutTree<A> {
    tree: TaffyTree<Leaf<A>>,
    form: Form,
    /// The dialog's box.
    size: Vec2,
    faces: &'static Faces,
}

impl<A: Action> LayoutTree<A> {
    /// An empty tree for a dialog in `form`.
    fn new(form: Form, size: Vec2) -> Self {
        let faces = Faces::get();
        let mut tree = TaffyTree::new();
        // Design units are drawn at any zoom: no rounding to whole units.
        tree.disable_rounding();
        Self {
            tree,
            form,
            size,
            faces,
        }
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

    /// A button's leaf: as wide as its widest label, at least `least`, at most the box's room;
    /// filling its row's line where `grow`.
    fn button(&mut self, b: &DialogButton<A>, least: f32, grow: bool) -> NodeId {
        let side = if self.form == Form::Bar {
            CONTROL_SIDE
        } else {
            BUTTON_SIDE
        };
        let text = std::iter::once(&b.label)
            .chain(&b.room)
            .map(|label| self.faces.width(BUTTON_TEXT_PX, label))
            .fold(0.0, f32::max);
        let width = (text + 2.0 * side)
            .max(least)
            .min(self.size.x - 2.0 * MARGIN);
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
    fn title_row(&mut self, dialog: &Dialog<A>) -> Option<NodeId> {
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
        dialog: &Dialog<A>,
        block: &Block<A>,
        previous: Option<&Block<A>>,
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
    fn list(&mut self, list: &List<A>, top: f32) -> NodeId {
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
    fn line(
        &mut self,
        dialog: &Dialog<A>,
        line: &str,
        previous: Option<&Block<A>>,
        top: f32,
    ) -> NodeId {
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
    fn labelled(&mut self, label: &str, buttons: &[DialogButton<A>], top: f32) -> NodeId {
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
    fn buttons(&mut self, block: &Block<A>, buttons: &[DialogButton<A>], top: f32) -> NodeId {
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
        let size = self.size;
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
                    Form::Overlay => size.y / 2.0 - OVERLAY_RISE - MESSAGE_PX * LINE_HEIGHT / 2.0,
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
        let size = self.size;
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
fn grows<A>(form: Form, block: &Block<A>) -> bool {
    match (form, block) {
        (Form::Page, Block::Buttons(_) | Block::Footer(_)) => true,
        (Form::Screen, Block::Footer(_)) => true,
        (Form::Sheet, Block::Buttons(buttons)) => buttons.len() == 1,
        _ => false,
    }
}

/// The room above `block` after `previous` (none: after the title).
fn gap_before<A>(form: Form, previous: Option<&Block<A>>, block: &Block<A>) -> f32 {
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
fn collect<A: Action>(
    tree: &mut TaffyTree<Leaf<A>>,
    node: NodeId,
    origin: Vec2,
    size: Vec2,
    out: &mut Vec<Placed<A>>,
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

#[cfg(test)]
mod tests {
    use super::*;

    use crate::dialog::TestAction;

    #[test]
    fn the_check_finds_an_overlap_and_a_clipped_text() {
        let text = |text: &str, rect: Rect| Placed::<TestAction> {
            piece: Piece::Text {
                text: text.into(),
                px: 18.0,
                left: true,
                lines: 1,
                title: false,
            },
            rect,
        };
        let a = text(
            "One",
            Rect::from_corners(Vec2::ZERO, Vec2::new(100.0, 24.0)),
        );
        let b = text(
            "Two",
            Rect::from_corners(Vec2::new(50.0, 10.0), Vec2::new(150.0, 34.0)),
        );
        let long = text(
            "A sentence much too long for the narrow box it was given here",
            Rect::from_corners(Vec2::new(0.0, 100.0), Vec2::new(60.0, 124.0)),
        );
        let problems = Placed::problems(&[a, b, long], Vec2::splat(500.0));
        assert!(
            problems.iter().any(|p| p.contains("overlaps")),
            "{problems:?}"
        );
        assert!(
            problems.iter().any(|p| p.contains("clipped")),
            "{problems:?}"
        );
    }
}
