//! The board and the slide: the original's rules, with a plan of what moved where, on a board
//! of 3 to 8 rows by 3 to 8 columns (`Shape`).
//!
//! Everything here is plain data on the stack (`Board` and `SlidePlan` are `Copy`-sized
//! arrays, no heap), so a slide costs tens of nanoseconds and the AI and the ECS can share it.

use std::fmt;

/// Fewest rows or columns the game accepts.
pub const MIN_SIZE: usize = 3;
/// Most rows or columns the game accepts.
pub const MAX_SIZE: usize = 8;
/// Cells on the largest board.
pub const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;
/// The exponent of the largest tile a `u32` holds (2^31). Two of them do not merge, as a wall
/// does not: no board from a save or a backup can make the game overflow, whatever its tiles.
/// (A game reaches it only on a board of 30 cells or more, after billions of moves.)
pub const LAST_EXPONENT: u8 = 31;

/// A board's rows and columns, each `MIN_SIZE..=MAX_SIZE`. Written "4×6": rows first.
///
/// Saved as a number for a square board (`4`, as every save before rectangular boards) and as
/// `"4x6"` text otherwise, so old files read unchanged and square boards write the same bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    rows: u8,
    cols: u8,
}

impl Shape {
    /// `rows` by `cols`, if each is `MIN_SIZE..=MAX_SIZE`.
    pub const fn new(rows: usize, cols: usize) -> Option<Self> {
        if rows >= MIN_SIZE && rows <= MAX_SIZE && cols >= MIN_SIZE && cols <= MAX_SIZE {
            Some(Self {
                rows: rows as u8,
                cols: cols as u8,
            })
        } else {
            None
        }
    }

    /// The square board of side `n`. Panics outside `MIN_SIZE..=MAX_SIZE`: sides are
    /// validated where they enter (`Config`).
    pub const fn square(n: usize) -> Self {
        match Self::new(n, n) {
            Some(shape) => shape,
            None => panic!("a board side is 3 to 8"),
        }
    }

    pub const fn rows(self) -> usize {
        self.rows as usize
    }

    pub const fn cols(self) -> usize {
        self.cols as usize
    }

    /// Number of cells.
    pub const fn cells(self) -> usize {
        self.rows() * self.cols()
    }

    pub const fn is_square(self) -> bool {
        self.rows == self.cols
    }

    /// The longer of the two sides.
    pub const fn longer(self) -> usize {
        if self.rows > self.cols {
            self.rows()
        } else {
            self.cols()
        }
    }

    /// Every shape, square ones first by side, then the others row by row (3×4, 3×5, …).
    pub fn all() -> impl Iterator<Item = Shape> {
        let squares = (MIN_SIZE..=MAX_SIZE).map(Shape::square);
        let others = (MIN_SIZE..=MAX_SIZE)
            .flat_map(|r| (MIN_SIZE..=MAX_SIZE).filter_map(move |c| Shape::new(r, c)))
            .filter(|s| !s.is_square());
        squares.chain(others)
    }

    /// "4x6" (or "4" for a square board): the form in save keys and files.
    pub fn key(self) -> String {
        if self.is_square() {
            self.rows.to_string()
        } else {
            format!("{}x{}", self.rows, self.cols)
        }
    }

    /// The shape in `key`'s form ("4", "3x8"), or "4x4" for a square board too.
    pub fn parse(text: &str) -> Option<Self> {
        let number = |t: &str| t.parse::<usize>().ok();
        match text.split_once('x') {
            Some((rows, cols)) => Self::new(number(rows)?, number(cols)?),
            None => {
                let n = number(text)?;
                Self::new(n, n)
            }
        }
    }
}

impl fmt::Display for Shape {
    /// "4×6".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}×{}", self.rows, self.cols)
    }
}

impl serde::Serialize for Shape {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.is_square() {
            s.serialize_u64(u64::from(self.rows))
        } else {
            s.serialize_str(&self.key())
        }
    }
}

impl<'de> serde::Deserialize<'de> for Shape {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl serde::de::Visitor<'_> for Visit {
            type Value = Shape;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                write!(
                    f,
                    "a board side of {MIN_SIZE} to {MAX_SIZE}, or rows and columns as \"4x6\""
                )
            }
            // serde's own words for a bad value ("invalid value: integer `12`, expected …").
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Shape, E> {
                let side = usize::try_from(n).unwrap_or(usize::MAX);
                Shape::new(side, side)
                    .ok_or_else(|| E::invalid_value(serde::de::Unexpected::Unsigned(n), &self))
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Shape, E> {
                Shape::parse(text)
                    .ok_or_else(|| E::invalid_value(serde::de::Unexpected::Str(text), &self))
            }
        }
        d.deserialize_any(Visit)
    }
}

/// A slide direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

impl Direction {
    /// All four, in a fixed order (handy for searches and tests).
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];
}

/// A grid cell: `x` is the column from the left, `y` the row from the top.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub x: u8,
    pub y: u8,
}

impl Cell {
    pub const fn new(x: u8, y: u8) -> Self {
        Self { x, y }
    }
}

/// One tile's journey in a slide. Tiles that stay put have `from == to`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TileSlide {
    pub from: Cell,
    pub to: Cell,
}

/// Two equal tiles that met in `into` and became one tile of `value` (double theirs).
/// `from[0]` is the tile nearer the wall.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Merge {
    pub from: [Cell; 2],
    pub into: Cell,
    pub value: u32,
}

/// What a slide does: every tile's from/to cell (merging tiles included), the merges,
/// the score gained and whether anything changed. It holds the board after the slide too.
#[derive(Clone, Copy, Debug)]
pub struct SlidePlan {
    pub direction: Direction,
    /// The board after the slide, before any spawn.
    pub board: Board,
    /// Sum of the merged tiles' values.
    pub score: u64,
    /// True exactly when the board changed.
    pub moved: bool,
    slides: [TileSlide; MAX_CELLS],
    slide_count: u8,
    merges: [Merge; MAX_CELLS / 2],
    merge_count: u8,
}

impl SlidePlan {
    /// Every tile of the board before the slide, once, in wall-first order.
    pub fn slides(&self) -> &[TileSlide] {
        &self.slides[..self.slide_count as usize]
    }

    /// The merges, in wall-first order.
    pub fn merges(&self) -> &[Merge] {
        &self.merges[..self.merge_count as usize]
    }
}

/// A board of 3..=8 rows by 3..=8 columns. Each cell holds an exponent: 0 is empty, `e` is the
/// tile 2^e. Exponent bytes keep the board 66 bytes, so copying and sliding it is cheap.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    shape: Shape,
    cells: [u8; MAX_CELLS],
}

/// How a slide walks one line: the flat index of the cell at the wall, the index step away from
/// the wall, and the same two in (x, y) for plans.
#[derive(Clone, Copy)]
struct Line {
    start: usize,
    step: isize,
    cell: (u8, u8),
    cell_step: (i8, i8),
}

impl Line {
    /// Line `line` (a row for Left and Right, a column for Up and Down) of a board `cols` wide
    /// and `rows` tall.
    fn new(dir: Direction, rows: usize, cols: usize, line: usize) -> Self {
        let (x, y, dx, dy): (usize, usize, i8, i8) = match dir {
            Direction::Left => (0, line, 1, 0),
            Direction::Right => (cols - 1, line, -1, 0),
            Direction::Up => (line, 0, 0, 1),
            Direction::Down => (line, rows - 1, 0, -1),
        };
        Self {
            start: y * cols + x,
            step: dy as isize * cols as isize + dx as isize,
            cell: (x as u8, y as u8),
            cell_step: (dx, dy),
        }
    }

    #[inline(always)]
    fn index(&self, k: usize) -> usize {
        self.start.wrapping_add_signed(self.step * k as isize)
    }

    #[inline(always)]
    fn cell(&self, k: usize) -> Cell {
        let k = k as i8;
        Cell::new(
            self.cell.0.wrapping_add_signed(self.cell_step.0 * k),
            self.cell.1.wrapping_add_signed(self.cell_step.1 * k),
        )
    }
}

/// The tile value of an exponent (0 stays 0).
#[inline(always)]
fn value_of(exp: u8) -> u32 {
    if exp == 0 { 0 } else { 1 << exp }
}

impl Board {
    /// An empty square board. Panics outside 3..=8: sizes are validated where they enter
    /// (`Config`).
    pub fn new(size: usize) -> Self {
        assert!(
            (MIN_SIZE..=MAX_SIZE).contains(&size),
            "board size {size} is outside {MIN_SIZE}..={MAX_SIZE}"
        );
        Self::of(Shape::square(size))
    }

    /// An empty board of `shape`.
    pub fn of(shape: Shape) -> Self {
        Self {
            shape,
            cells: [0; MAX_CELLS],
        }
    }

    /// A board from rows of values (0 = empty). Panics unless the rows are equally long and
    /// there are 3..=8 of them, 3..=8 long.
    pub fn from_rows(rows: &[&[u32]]) -> Self {
        let cols = rows.first().map_or(0, |row| row.len());
        let shape = Shape::new(rows.len(), cols)
            .unwrap_or_else(|| panic!("{} rows of {cols} is outside 3..=8", rows.len()));
        let mut board = Self::of(shape);
        for (y, row) in rows.iter().enumerate() {
            assert_eq!(row.len(), cols, "row {y} is not {cols} long");
            for (x, &v) in row.iter().enumerate() {
                board.set(Cell::new(x as u8, y as u8), v);
            }
        }
        board
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }

    pub fn rows(&self) -> usize {
        self.shape.rows()
    }

    pub fn cols(&self) -> usize {
        self.shape.cols()
    }

    /// The value at `cell` (0 = empty).
    pub fn get(&self, cell: Cell) -> u32 {
        value_of(self.cells[self.index(cell)])
    }

    /// Puts `value` (0 clears) at `cell`. Panics unless `value` is 0 or a power of two ≥ 2.
    pub fn set(&mut self, cell: Cell, value: u32) {
        assert!(
            value == 0 || (value >= 2 && value.is_power_of_two()),
            "{value} is not a tile value"
        );
        let i = self.index(cell);
        self.cells[i] = if value == 0 {
            0
        } else {
            value.trailing_zeros() as u8
        };
    }

    fn index(&self, cell: Cell) -> usize {
        assert!(
            (cell.x as usize) < self.cols() && (cell.y as usize) < self.rows(),
            "{cell:?} is outside a {} board",
            self.shape
        );
        cell.y as usize * self.cols() + cell.x as usize
    }

    fn used(&self) -> &[u8] {
        &self.cells[..self.shape.cells()]
    }

    /// The cells' exponents, row by row (0: empty, `e`: the tile 2^e): what a search reads.
    pub fn exponents(&self) -> &[u8] {
        self.used()
    }

    /// This board with exponent `e` at `index` (row by row, as in `exponents`): a spawn, for a
    /// search.
    pub fn with_exponent(&self, index: usize, e: u8) -> Board {
        let mut board = *self;
        board.used_mut()[index] = e;
        board
    }

    fn used_mut(&mut self) -> &mut [u8] {
        let n = self.shape.cells();
        &mut self.cells[..n]
    }

    /// All cells, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let (rows, cols) = (self.shape.rows, self.shape.cols);
        (0..rows).flat_map(move |y| (0..cols).map(move |x| Cell::new(x, y)))
    }

    /// The occupied cells with their values, row by row.
    pub fn tiles(&self) -> impl Iterator<Item = (Cell, u32)> + '_ {
        self.cells()
            .map(|c| (c, self.get(c)))
            .filter(|&(_, v)| v != 0)
    }

    /// The empty cells, row by row.
    pub fn empty_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.cells().filter(|&c| self.get(c) == 0)
    }

    /// Number of empty cells.
    pub fn empty_count(&self) -> usize {
        self.used().iter().filter(|&&e| e == 0).count()
    }

    /// The largest tile (0 on an empty board).
    pub fn max_tile(&self) -> u32 {
        value_of(self.used().iter().copied().max().unwrap_or(0))
    }

    /// Sum of all tiles.
    pub fn sum(&self) -> u64 {
        self.used().iter().map(|&e| u64::from(value_of(e))).sum()
    }

    /// Slides toward `dir` and returns the full plan; `self` is unchanged.
    pub fn plan(&self, dir: Direction) -> SlidePlan {
        let mut plan = SlidePlan {
            direction: dir,
            board: *self,
            score: 0,
            moved: false,
            slides: [TileSlide::default(); MAX_CELLS],
            slide_count: 0,
            merges: [Merge::default(); MAX_CELLS / 2],
            merge_count: 0,
        };
        let (board, score, moved) = self.slide_with(dir, &mut plan);
        plan.board = board;
        plan.score = score;
        plan.moved = moved;
        plan
    }

    /// Slides toward `dir` without recording a plan: the board after, the score gained, and
    /// whether it changed. The fast path for searches and move checks.
    pub fn slid(&self, dir: Direction) -> (Board, u64, bool) {
        self.slide_with(dir, &mut ())
    }

    /// The one slide routine. Each line's tiles are first gathered in order from the wall;
    /// then, from the wall, two equal neighbours in that list merge (and neither merges again),
    /// any other tile moves to the next free slot.
    #[inline(always)]
    fn slide_with(&self, dir: Direction, rec: &mut impl Recorder) -> (Board, u64, bool) {
        let (rows, cols) = (self.rows(), self.cols());
        let (lines, n) = match dir {
            Direction::Left | Direction::Right => (rows, cols),
            Direction::Up | Direction::Down => (cols, rows),
        };
        let mut out = Board {
            shape: self.shape,
            cells: [0; MAX_CELLS],
        };
        let mut score = 0u64;
        for line_no in 0..lines {
            let line = Line::new(dir, rows, cols, line_no);
            // The line's tiles, wall first, with their slots (gathered without branching).
            let mut exps = [0u8; MAX_SIZE];
            let mut slots = [0u8; MAX_SIZE];
            let mut len = 0;
            for k in 0..n {
                let e = self.cells[line.index(k)];
                exps[len] = e;
                slots[len] = k as u8;
                len += usize::from(e != 0);
            }
            let mut i = 0;
            let mut to = 0;
            while i < len {
                let e = exps[i];
                let from = slots[i] as usize;
                if i + 1 < len && exps[i + 1] == e && e < LAST_EXPONENT {
                    let merged = e + 1;
                    let second = slots[i + 1] as usize;
                    out.cells[line.index(to)] = merged;
                    score += 1u64 << merged;
                    rec.slide(&line, from, to);
                    rec.slide(&line, second, to);
                    rec.merge(&line, [from, second], to, 1 << merged);
                    i += 2;
                } else {
                    out.cells[line.index(to)] = e;
                    rec.slide(&line, from, to);
                    i += 1;
                }
                to += 1;
            }
        }
        let moved = out.cells != self.cells;
        (out, score, moved)
    }

    /// True when some slide would change the board.
    pub fn has_moves(&self) -> bool {
        let n = self.cols();
        let cells = self.used();
        (0..cells.len()).any(|i| {
            let e = cells[i];
            e == 0
                || (e < LAST_EXPONENT
                    && ((i % n + 1 < n && cells[i + 1] == e)
                        || (i + n < cells.len() && cells[i + n] == e)))
        })
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {}", self.shape)?;
        for y in 0..self.shape.rows {
            for x in 0..self.shape.cols {
                let v = self.get(Cell::new(x, y));
                if v == 0 {
                    write!(f, "{:>6}", ".")?;
                } else {
                    write!(f, "{v:>6}")?;
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// Receives what a slide does, as slots along a line; `()` ignores it so the fast path
/// records nothing.
trait Recorder {
    fn slide(&mut self, line: &Line, from: usize, to: usize);
    fn merge(&mut self, line: &Line, from: [usize; 2], into: usize, value: u32);
}

impl Recorder for () {
    #[inline(always)]
    fn slide(&mut self, _: &Line, _: usize, _: usize) {}
    #[inline(always)]
    fn merge(&mut self, _: &Line, _: [usize; 2], _: usize, _: u32) {}
}

impl Recorder for SlidePlan {
    #[inline(always)]
    fn slide(&mut self, line: &Line, from: usize, to: usize) {
        self.slides[self.slide_count as usize] = TileSlide {
            from: line.cell(from),
            to: line.cell(to),
        };
        self.slide_count += 1;
    }
    #[inline(always)]
    fn merge(&mut self, line: &Line, from: [usize; 2], into: usize, value: u32) {
        self.merges[self.merge_count as usize] = Merge {
            from: [line.cell(from[0]), line.cell(from[1])],
            into: line.cell(into),
            value,
        };
        self.merge_count += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Direction::*;

    fn row(values: [u32; 4], dir: Direction) -> [u32; 4] {
        let board = Board::from_rows(&[&values, &[0; 4], &[0; 4], &[0; 4]]);
        let after = board.plan(dir).board;
        std::array::from_fn(|x| after.get(Cell::new(x as u8, 0)))
    }

    // The worked examples of docs/rules.md.
    #[test]
    fn four_twos_left_make_two_fours() {
        assert_eq!(row([2, 2, 2, 2], Left), [4, 4, 0, 0]);
    }

    #[test]
    fn merged_tile_does_not_merge_again() {
        assert_eq!(row([2, 2, 4, 0], Left), [4, 4, 0, 0]);
    }

    #[test]
    fn pair_nearest_the_wall_merges_first() {
        assert_eq!(row([2, 2, 2, 0], Right), [0, 0, 2, 4]);
    }

    #[test]
    fn two_pairs_merge_separately() {
        let board = Board::from_rows(&[&[4, 4, 8, 8], &[0; 4], &[0; 4], &[0; 4]]);
        let plan = board.plan(Left);
        assert_eq!(plan.board.get(Cell::new(0, 0)), 8);
        assert_eq!(plan.board.get(Cell::new(1, 0)), 16);
        assert_eq!(plan.score, 24);
        assert_eq!(plan.merges().len(), 2);
    }

    #[test]
    fn columns_slide_up_and_down() {
        let board = Board::from_rows(&[&[2, 0, 0], &[2, 0, 0], &[4, 0, 0]]);
        let up = board.plan(Up).board;
        assert_eq!(up, Board::from_rows(&[&[4, 0, 0], &[4, 0, 0], &[0, 0, 0]]));
        let down = board.plan(Down).board;
        assert_eq!(
            down,
            Board::from_rows(&[&[0, 0, 0], &[4, 0, 0], &[4, 0, 0]])
        );
    }

    #[test]
    fn plan_lists_every_tile_and_merge_sources() {
        let board = Board::from_rows(&[&[2, 0, 2, 4], &[0; 4], &[0; 4], &[0, 0, 0, 8]]);
        let plan = board.plan(Left);
        assert!(plan.moved);
        assert_eq!(plan.slides().len(), 4);
        assert_eq!(
            plan.merges(),
            &[Merge {
                from: [Cell::new(0, 0), Cell::new(2, 0)],
                into: Cell::new(0, 0),
                value: 4
            }]
        );
        assert!(plan.slides().contains(&TileSlide {
            from: Cell::new(3, 0),
            to: Cell::new(1, 0)
        }));
        assert!(plan.slides().contains(&TileSlide {
            from: Cell::new(3, 3),
            to: Cell::new(0, 3)
        }));
        assert_eq!(plan.score, 4);
    }

    #[test]
    fn a_blocked_slide_does_not_move() {
        let board = Board::from_rows(&[&[2, 4, 0], &[0; 3], &[0; 3]]);
        let plan = board.plan(Left);
        assert!(!plan.moved);
        assert_eq!(plan.board, board);
        assert_eq!(plan.score, 0);
        assert!(plan.moved == board.slid(Left).2);
    }

    #[test]
    fn has_moves_sees_empty_cells_and_equal_neighbours() {
        let stuck = Board::from_rows(&[&[2, 4, 2], &[4, 2, 4], &[2, 4, 2]]);
        assert!(!stuck.has_moves());
        let pair = Board::from_rows(&[&[2, 4, 2], &[4, 2, 4], &[2, 4, 4]]);
        assert!(pair.has_moves());
        let hole = Board::from_rows(&[&[2, 4, 2], &[4, 0, 4], &[2, 4, 2]]);
        assert!(hole.has_moves());
    }

    #[test]
    #[should_panic(expected = "outside")]
    fn sizes_outside_three_to_eight_are_refused() {
        Board::new(9);
    }
}
