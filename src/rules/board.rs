//! The board and the slide: the original's rules, with a plan of what moved where.
//!
//! Everything here is plain data on the stack (`Board` and `SlidePlan` are `Copy`-sized
//! arrays, no heap), so a slide costs tens of nanoseconds and the AI and the ECS can share it.

use std::fmt;

/// Smallest board side the game accepts.
pub const MIN_SIZE: usize = 3;
/// Largest board side the game accepts.
pub const MAX_SIZE: usize = 8;
/// Cells on the largest board.
pub const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;

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

/// A square board of side 3..=8. A cell holds 0 (empty) or a tile value (a power of two ≥ 2).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    size: u8,
    cells: [u32; MAX_CELLS],
}

impl Board {
    /// An empty board. Panics outside 3..=8: sizes are validated where they enter (`Config`).
    pub fn new(size: usize) -> Self {
        assert!(
            (MIN_SIZE..=MAX_SIZE).contains(&size),
            "board size {size} is outside {MIN_SIZE}..={MAX_SIZE}"
        );
        Self {
            size: size as u8,
            cells: [0; MAX_CELLS],
        }
    }

    /// A board from rows of values (0 = empty). Panics if the rows are not square and 3..=8.
    pub fn from_rows(rows: &[&[u32]]) -> Self {
        let mut board = Self::new(rows.len());
        for (y, row) in rows.iter().enumerate() {
            assert_eq!(row.len(), rows.len(), "row {y} is not {} long", rows.len());
            for (x, &v) in row.iter().enumerate() {
                board.set(Cell::new(x as u8, y as u8), v);
            }
        }
        board
    }

    /// Side length.
    pub fn size(&self) -> usize {
        self.size as usize
    }

    /// The value at `cell` (0 = empty).
    pub fn get(&self, cell: Cell) -> u32 {
        self.cells[self.index(cell)]
    }

    /// Puts `value` (0 clears) at `cell`.
    pub fn set(&mut self, cell: Cell, value: u32) {
        let i = self.index(cell);
        self.cells[i] = value;
    }

    fn index(&self, cell: Cell) -> usize {
        debug_assert!((cell.x as usize) < self.size() && (cell.y as usize) < self.size());
        cell.y as usize * self.size() + cell.x as usize
    }

    /// All cells, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let n = self.size;
        (0..n).flat_map(move |y| (0..n).map(move |x| Cell::new(x, y)))
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
        self.cells[..self.size() * self.size()]
            .iter()
            .filter(|&&v| v == 0)
            .count()
    }

    /// The largest tile (0 on an empty board).
    pub fn max_tile(&self) -> u32 {
        self.cells.iter().copied().max().unwrap_or(0)
    }

    /// Sum of all tiles.
    pub fn sum(&self) -> u64 {
        self.cells.iter().map(|&v| u64::from(v)).sum()
    }

    /// The cell `k` steps from the wall on line `line`, for a slide toward `dir`.
    fn line_cell(&self, dir: Direction, line: usize, k: usize) -> Cell {
        let far = self.size() - 1 - k;
        let (x, y) = match dir {
            Direction::Left => (k, line),
            Direction::Right => (far, line),
            Direction::Up => (line, k),
            Direction::Down => (line, far),
        };
        Cell::new(x as u8, y as u8)
    }

    /// Slides toward `dir` and returns the full plan; `self` is unchanged.
    pub fn plan(&self, dir: Direction) -> SlidePlan {
        let mut plan = SlidePlan {
            direction: dir,
            board: Board::new(self.size()),
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

    /// The one slide routine. Each line is walked from the wall: a tile either merges into the
    /// last placed tile (equal value, not itself made by a merge this move) or is placed next.
    fn slide_with(&self, dir: Direction, rec: &mut impl Recorder) -> (Board, u64, bool) {
        let n = self.size();
        let mut out = Board::new(n);
        let mut score = 0u64;
        let mut moved = false;
        for line in 0..n {
            // The last placed tile on this line: its slot, value, source cell, and whether merged.
            let mut last: Option<(usize, u32, Cell, bool)> = None;
            let mut next_slot = 0usize;
            for k in 0..n {
                let from = self.line_cell(dir, line, k);
                let v = self.get(from);
                if v == 0 {
                    continue;
                }
                match last {
                    Some((slot, lv, lfrom, false)) if lv == v => {
                        let into = self.line_cell(dir, line, slot);
                        let merged = v.checked_mul(2).expect("tile value overflowed u32");
                        out.set(into, merged);
                        score += u64::from(merged);
                        moved = true;
                        rec.slide(from, into);
                        rec.merge(Merge {
                            from: [lfrom, from],
                            into,
                            value: merged,
                        });
                        last = Some((slot, merged, lfrom, true));
                    }
                    _ => {
                        let to = self.line_cell(dir, line, next_slot);
                        out.set(to, v);
                        moved |= to != from;
                        rec.slide(from, to);
                        last = Some((next_slot, v, from, false));
                        next_slot += 1;
                    }
                }
            }
        }
        (out, score, moved)
    }

    /// True when some slide would change the board.
    pub fn has_moves(&self) -> bool {
        if self.empty_count() > 0 {
            return true;
        }
        let n = self.size();
        self.cells().any(|c| {
            let v = self.get(c);
            (c.x as usize + 1 < n && self.get(Cell::new(c.x + 1, c.y)) == v)
                || (c.y as usize + 1 < n && self.get(Cell::new(c.x, c.y + 1)) == v)
        })
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {}x{}", self.size, self.size)?;
        for y in 0..self.size {
            for x in 0..self.size {
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

/// Receives what a slide does; `()` ignores it so the fast path records nothing.
trait Recorder {
    fn slide(&mut self, from: Cell, to: Cell);
    fn merge(&mut self, merge: Merge);
}

impl Recorder for () {
    #[inline(always)]
    fn slide(&mut self, _: Cell, _: Cell) {}
    #[inline(always)]
    fn merge(&mut self, _: Merge) {}
}

impl Recorder for SlidePlan {
    #[inline(always)]
    fn slide(&mut self, from: Cell, to: Cell) {
        self.slides[self.slide_count as usize] = TileSlide { from, to };
        self.slide_count += 1;
    }
    #[inline(always)]
    fn merge(&mut self, merge: Merge) {
        self.merges[self.merge_count as usize] = merge;
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

    // The worked examples of rules-and-look.md.
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
