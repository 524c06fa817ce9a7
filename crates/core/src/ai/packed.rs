//! A 4×4 board in one `u64` for the search: 16 cells of 4-bit exponents (0 = empty), row `y` in
//! bits `16y..16y+16`, cell `x` in the row's bits `4x..4x+4`. A move looks each row up in tables
//! of all 65,536 rows (slid toward x = 0, slid toward x = 3, and the score gained); up and down
//! work on the transposed board.
//!
//! The one departure from the rules engine: two 32768 tiles (exponent 15) do not merge, as 65536
//! does not fit in 4 bits. A 4×4 game practically never gets there; the search treats such a row
//! as stuck, and the tests compare with the rules engine below that.

use std::sync::OnceLock;

use crate::rules::{Board, Cell, Direction, Shape};

/// A packed 4×4 board.
pub type Packed = u64;

/// The largest exponent a cell holds (32768).
pub const MAX_EXPONENT: u8 = 15;

/// One entry per possible row: indexing with a `u16` needs no bounds check.
pub(crate) type RowTable<T> = Box<[T; 1 << 16]>;

/// A row table filled by `f`.
pub(crate) fn row_table<T: Copy + Default>(f: impl Fn(u16) -> T) -> RowTable<T> {
    let mut table: RowTable<T> = vec![T::default(); 1 << 16]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("the vector has 65,536 entries"));
    for row in 0..=u16::MAX {
        table[usize::from(row)] = f(row);
    }
    table
}

/// The row `y` of a board.
#[inline]
pub(crate) fn row(b: Packed, y: u32) -> usize {
    usize::from((b >> (16 * y)) as u16)
}

struct Tables {
    /// Each row slid toward x = 0.
    left: RowTable<u16>,
    /// Each row slid toward x = 3.
    right: RowTable<u16>,
    /// The score each of those slides gains.
    left_score: RowTable<u32>,
    right_score: RowTable<u32>,
}

fn cells_of(row: u16) -> [u8; 4] {
    [0, 1, 2, 3].map(|x| ((row >> (4 * x)) & 0xf) as u8)
}

fn row_of(cells: [u8; 4]) -> u16 {
    cells
        .iter()
        .enumerate()
        .fold(0, |row, (x, &e)| row | (u16::from(e) << (4 * x)))
}

/// Slides four exponents toward index 0 by the rules: each tile merges at most once, pairs
/// from the wall outward. Returns the new cells and the score (the merged tiles' values).
fn slide_cells(cells: [u8; 4]) -> ([u8; 4], u32) {
    let mut out = [0u8; 4];
    let mut score = 0;
    let mut to = 0;
    let mut held: Option<u8> = None;
    for e in cells.into_iter().filter(|&e| e != 0) {
        match held {
            Some(h) if h == e && e < MAX_EXPONENT => {
                out[to] = e + 1;
                score += 1u32 << (e + 1);
                to += 1;
                held = None;
            }
            Some(h) => {
                out[to] = h;
                to += 1;
                held = Some(e);
            }
            None => held = Some(e),
        }
    }
    if let Some(h) = held {
        out[to] = h;
    }
    (out, score)
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let slid = |row: u16, toward_right: bool| {
            let mut cells = cells_of(row);
            if toward_right {
                cells.reverse();
            }
            let (mut out, score) = slide_cells(cells);
            if toward_right {
                out.reverse();
            }
            (row_of(out), score)
        };
        Tables {
            left: row_table(|row| slid(row, false).0),
            right: row_table(|row| slid(row, true).0),
            left_score: row_table(|row| slid(row, false).1),
            right_score: row_table(|row| slid(row, true).1),
        }
    })
}

/// Swaps rows and columns: cell (x, y) goes to (y, x).
pub fn transpose(b: Packed) -> Packed {
    let a1 = b & 0xF0F0_0F0F_F0F0_0F0F;
    let a2 = b & 0x0000_F0F0_0000_F0F0;
    let a3 = b & 0x0F0F_0000_0F0F_0000;
    let a = a1 | (a2 << 12) | (a3 >> 12);
    let b1 = a & 0xFF00_FF00_00FF_00FF;
    let b2 = a & 0x00FF_00FF_0000_0000;
    let b3 = a & 0x0000_0000_FF00_FF00;
    b1 | (b2 >> 24) | (b3 << 24)
}

fn slide_rows(b: Packed, table: &RowTable<u16>, scores: &RowTable<u32>) -> (Packed, u32) {
    let mut out = 0;
    let mut score = 0;
    for y in 0..4 {
        out |= Packed::from(table[row(b, y)]) << (16 * y);
        score += scores[row(b, y)];
    }
    (out, score)
}

/// The board after sliding toward `dir`, and the score gained (no spawn).
pub fn slide(b: Packed, dir: Direction) -> (Packed, u32) {
    let t = tables();
    match dir {
        Direction::Left => slide_rows(b, &t.left, &t.left_score),
        Direction::Right => slide_rows(b, &t.right, &t.right_score),
        Direction::Up => {
            let (moved, score) = slide_rows(transpose(b), &t.left, &t.left_score);
            (transpose(moved), score)
        }
        Direction::Down => {
            let (moved, score) = slide_rows(transpose(b), &t.right, &t.right_score);
            (transpose(moved), score)
        }
    }
}

/// The boards after each of the four moves, in `Direction::ALL` order (up, down, left, right),
/// without the scores: the search's inner loop, which transposes once for both columns' moves.
#[inline]
pub fn moves(b: Packed) -> [Packed; 4] {
    let t = tables();
    let rows = |b: Packed, table: &RowTable<u16>| -> Packed {
        (0..4).fold(0, |out, y| out | Packed::from(table[row(b, y)]) << (16 * y))
    };
    let columns = transpose(b);
    [
        transpose(rows(columns, &t.left)),
        transpose(rows(columns, &t.right)),
        rows(b, &t.left),
        rows(b, &t.right),
    ]
}

/// [`moves`] with the score each move gains: the trainer's inner loop and the learned
/// evaluation's search (`search::Evaluation::ADDS_REWARDS`), one transpose for both columns'
/// moves.
#[inline]
pub fn slides(b: Packed) -> [(Packed, u32); 4] {
    let t = tables();
    let columns = transpose(b);
    let (up, up_score) = slide_rows(columns, &t.left, &t.left_score);
    let (down, down_score) = slide_rows(columns, &t.right, &t.right_score);
    [
        (transpose(up), up_score),
        (transpose(down), down_score),
        slide_rows(b, &t.left, &t.left_score),
        slide_rows(b, &t.right, &t.right_score),
    ]
}

/// The exponent at (x, y).
pub fn get(b: Packed, x: usize, y: usize) -> u8 {
    ((b >> (16 * y + 4 * x)) & 0xf) as u8
}

/// Empty cells.
pub fn empty_count(b: Packed) -> u32 {
    // Fold each cell's four bits into its lowest bit, then count the cells left at zero.
    let mut x = b | (b >> 2);
    x |= x >> 1;
    16 - (x & 0x1111_1111_1111_1111).count_ones()
}

/// A 4×4 rules board packed, or `None` for another shape or a tile above 32768.
pub fn pack(board: &Board) -> Option<Packed> {
    if board.shape() != Shape::square(4) {
        return None;
    }
    let mut b = 0;
    for y in 0..4u8 {
        for x in 0..4u8 {
            let value = board.get(Cell::new(x, y));
            let e = if value == 0 {
                0
            } else {
                value.trailing_zeros()
            };
            if e > u32::from(MAX_EXPONENT) {
                return None;
            }
            b |= Packed::from(e) << (16 * y + 4 * x);
        }
    }
    Some(b)
}

/// The packed board as a rules board.
pub fn unpack(b: Packed) -> Board {
    let mut board = Board::new(4);
    for y in 0..4 {
        for x in 0..4 {
            let e = get(b, x, y);
            let value = if e == 0 { 0 } else { 1 << e };
            board.set(Cell::new(x as u8, y as u8), value);
        }
    }
    board
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_slide_and_merge_once_from_the_wall() {
        // [2,2,2,2] -> [4,4,0,0], scoring 8; [4,0,4,8] -> [8,8,0,0]; 32768s stay apart.
        assert_eq!(slide_cells([1, 1, 1, 1]), ([2, 2, 0, 0], 8));
        assert_eq!(slide_cells([2, 0, 2, 3]), ([3, 3, 0, 0], 8));
        assert_eq!(slide_cells([15, 15, 0, 0]), ([15, 15, 0, 0], 0));
        assert_eq!(slide_cells([0, 0, 0, 1]), ([1, 0, 0, 0], 0));
    }

    #[test]
    fn transpose_swaps_x_and_y_and_is_its_own_inverse() {
        let b: Packed = 0x0123_4567_89ab_cdef;
        let t = transpose(b);
        for y in 0..4 {
            for x in 0..4 {
                assert_eq!(get(t, x, y), get(b, y, x));
            }
        }
        assert_eq!(transpose(t), b);
    }

    #[test]
    fn the_four_slides_at_once_are_each_slide() {
        let mut x: u64 = 0x0123_4567_89ab_cdef;
        for _ in 0..1000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Exponents 0 to 3 only, so that rows merge often.
            let b = x & 0x3333_3333_3333_3333;
            let all = slides(b);
            for (k, dir) in Direction::ALL.into_iter().enumerate() {
                assert_eq!(all[k], slide(b, dir), "{b:#018x} {dir:?}");
                assert_eq!(all[k].0, moves(b)[k]);
            }
        }
    }

    #[test]
    fn pack_and_unpack_round_trip() {
        let board = Board::from_rows(&[
            &[2, 0, 0, 4],
            &[0, 8, 0, 0],
            &[0, 0, 2048, 0],
            &[32768, 0, 0, 2],
        ]);
        let b = pack(&board).unwrap();
        assert_eq!(unpack(b), board);
        assert_eq!(empty_count(b), 10);
        assert_eq!(pack(&Board::new(5)), None);
    }
}
