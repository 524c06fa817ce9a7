//! An n-tuple network: a learned value of a packed 4×4 board. Each tuple is a few cells (6 at
//! most); every combination of the exponents in them has a weight, and the board's value is the
//! sum of each tuple's weight on each of the board's eight symmetric images (rotations and
//! mirrors share the weights, so a pattern is worth the same in every corner). The weights are
//! learned by temporal-difference learning on afterstates (the board after a slide, before its
//! new tile; Szubert & Jaśkowski 2014): the player moves greedily by reward plus value, and the
//! value of each afterstate is moved toward the next move's reward plus its afterstate's value
//! (zero once the game is over). The trainer (crates/ai-train/src/train.rs) trains a network
//! (crates/ai-train/examples/td_train.rs is its command line) and writes it in the format
//! `to_bytes` gives.
//!
//! A tuple's weight is found by shifts and masks on the packed board: a tuple's cells fall in a
//! few runs of neighbours (cells n, n + 1, … lie side by side in the `u64` too), and each run is
//! one shift and one mask (`Indexer`). All the tuples' weights lie in one table, one after
//! another, as the file has them.

use super::memory::Table;
use super::packed::{self, Packed};
use crate::rules::Direction;

/// The most cells a tuple may have (its table has 16^cells weights).
pub const MAX_CELLS: usize = 6;

/// The file's first bytes, and its version.
const MAGIC: &[u8; 8] = b"G2048NT\0";
const VERSION: u32 = 1;

/// The four 6-cell tuples of Jaśkowski (2017) and Yeh et al. (2016): two rectangles of 2×3 and
/// two of a row and two cells below it. Cells are numbered `4y + x`.
pub const SIX_TUPLES: [&[u8]; 4] = [
    &[0, 1, 2, 3, 4, 5],
    &[4, 5, 6, 7, 8, 9],
    &[0, 1, 2, 4, 5, 6],
    &[4, 5, 6, 8, 9, 10],
];

/// The same four shapes one cell short (each 6-tuple's last cell left out): 16^5 weights a
/// tuple, 4,194,304 in all (16 MiB as f32, 4 MiB at a byte each), a network small enough for
/// the web page to fetch.
pub const FIVE_TUPLES: [&[u8]; 4] = [
    &[0, 1, 2, 3, 4],
    &[4, 5, 6, 7, 8],
    &[0, 1, 2, 4, 5],
    &[4, 5, 6, 8, 9],
];

/// The tuple sets a training can start from, by the name `td_train --tuples` takes.
pub const TUPLE_SETS: [(&str, &[&[u8]]); 2] = [("six", &SIX_TUPLES), ("five", &FIVE_TUPLES)];

/// The tuple set of this name ([`TUPLE_SETS`]), or a message that lists the names.
pub fn tuple_set(name: &str) -> Result<&'static [&'static [u8]], String> {
    TUPLE_SETS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, set)| *set)
        .ok_or_else(|| {
            let names: Vec<&str> = TUPLE_SETS.iter().map(|(n, _)| *n).collect();
            format!("{name:?} is not a tuple set (one of: {})", names.join(", "))
        })
}

/// A network's tuples and weights.
#[derive(Clone, PartialEq)]
pub struct Network {
    tuples: Vec<Vec<u8>>,
    /// How each tuple's index is read off a board, and where its weights start.
    indexers: Vec<Indexer>,
    /// Every tuple's weights, one tuple after another (16^cells each), as the file has them.
    weights: Table<f32>,
}

/// One run of neighbouring cells in a tuple: `(board >> from) & mask`, placed at bit `to` of
/// the index.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Run {
    /// The bit of the run's first cell in the board (4 × cell).
    from: u32,
    /// The run's bits once shifted down (4 a cell).
    mask: u64,
    /// The bit where they go in the index (4 × the first cell's place in the tuple).
    to: u32,
}

/// How one tuple's weight is found: its index is its first cell's exponent in bits 0–3, the
/// second's in bits 4–7 and so on, read off the board a run of neighbours at a time; the index
/// is then counted from where the tuple's weights start in the network's table.
///
/// `[0, 1, 2, 3, 4, 5]` is one run (the top row and two cells below: bits 0–23 of the board as
/// they are); `[0, 1, 2, 4, 5, 6]` is two (bits 0–11, and bits 16–27 moved down to 12–23).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Indexer {
    runs: [Run; MAX_CELLS],
    /// How many of `runs` the tuple has.
    len: usize,
    /// Where the tuple's weights start in the table.
    offset: usize,
}

impl Indexer {
    /// The indexer of checked cells whose weights start at `offset`.
    fn new(cells: &[u8], offset: usize) -> Self {
        let mut runs = [Run::default(); MAX_CELLS];
        let mut len = 0;
        for (k, &cell) in cells.iter().enumerate() {
            let follows = k > 0 && cell == cells[k - 1] + 1;
            if follows {
                let run = &mut runs[len - 1];
                run.mask = (run.mask << 4) | 0xf;
            } else {
                runs[len] = Run {
                    from: 4 * u32::from(cell),
                    mask: 0xf,
                    to: 4 * k as u32,
                };
                len += 1;
            }
        }
        Self { runs, len, offset }
    }

    /// The index of this tuple's weight for board `b`, in the network's table.
    #[inline]
    fn index(&self, b: Packed) -> usize {
        // The first two runs always (an unused run's mask is 0), any others in a loop: the
        // shipped tuples have one run or two, and take no loop.
        let [first, second] = [self.runs[0], self.runs[1]];
        let mut index = (((b >> first.from) & first.mask) << first.to)
            | (((b >> second.from) & second.mask) << second.to);
        for run in self.runs.iter().take(self.len).skip(2) {
            index |= ((b >> run.from) & run.mask) << run.to;
        }
        self.offset + index as usize
    }
}

/// Each tuple's indexer, its weights after the tuple before's, and the weights in all;
/// refuses no tuples, a bad tuple ([`Network::check`]) and more weights than a `u32` counts.
fn indexers(tuples: &[&[u8]]) -> Result<(Vec<Indexer>, usize), NetworkError> {
    if tuples.is_empty() {
        return Err(NetworkError::NoTuples);
    }
    let mut indexers = Vec::with_capacity(tuples.len());
    let mut total = 0usize;
    for cells in tuples {
        Network::check(cells)?;
        indexers.push(Indexer::new(cells, total));
        total += 1 << (4 * cells.len());
    }
    if total as u64 > 1 << 32 {
        return Err(NetworkError::TooManyWeights(total as u64));
    }
    Ok((indexers, total))
}

/// A network for play, not training: each weight a whole number of one step from the first
/// value, held as an `i16` (half the memory of [`Network`]'s f32s: 128 MiB for four 6-cell
/// tuples). Its value is the first value's sum plus the step times the codes' sum, which is
/// exact in integers: the same value as the network's to f32 rounding.
pub struct CompactNetwork {
    indexers: Vec<Indexer>,
    codes: Table<i16>,
    step: f32,
    /// The value of a board whose codes are all 0: the first value, once for each weight added.
    base: f32,
}

impl CompactNetwork {
    /// A network of these tuples (checked as [`Network::new`] checks them), every code 0.
    pub fn new(tuples: &[&[u8]], first_value: f32, step: f32) -> Result<Self, NetworkError> {
        let (indexers, total) = indexers(tuples)?;
        Ok(Self {
            base: first_value * (8 * tuples.len()) as f32,
            indexers,
            codes: Table::filled(total, 0),
            step,
        })
    }

    /// How many weights it holds.
    pub fn weights(&self) -> usize {
        self.codes.len()
    }

    /// The codes, each weight's whole number of steps from the first value.
    pub fn codes(&self) -> &[i16] {
        &self.codes
    }

    /// The codes, for the shipped file's reader (`super::shipped`).
    pub(super) fn codes_mut(&mut self) -> &mut [i16] {
        &mut self.codes
    }

    /// The learned value of an afterstate, as [`Network::value`].
    #[inline]
    pub fn value(&self, b: Packed) -> f32 {
        let images = symmetries(b);
        let mut sums = [0i32; 8];
        for indexer in &self.indexers {
            for (sum, &image) in sums.iter_mut().zip(&images) {
                *sum += i32::from(self.codes[indexer.index(image)]);
            }
        }
        self.base + self.step * sums.iter().sum::<i32>() as f32
    }
}

impl Network {
    /// The network with each weight the nearest whole number of `step` from `first_value`, in
    /// [`CompactNetwork`]'s half the memory; `None` if a weight is more steps away than an
    /// `i16` counts.
    pub fn compact(&self, first_value: f32, step: f32) -> Option<CompactNetwork> {
        let mut codes = Table::filled(self.weights.len(), 0i16);
        for (code, &w) in codes.iter_mut().zip(self.weights.iter()) {
            let steps = ((w - first_value) / step).round();
            if steps.abs() > f32::from(i16::MAX) {
                return None;
            }
            *code = steps as i16;
        }
        Some(CompactNetwork {
            indexers: self.indexers.clone(),
            codes,
            step,
            base: first_value * self.features() as f32,
        })
    }
}

impl std::fmt::Debug for Network {
    /// The tuples, and how many weights: not the weights themselves (millions of them).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Network")
            .field("tuples", &self.tuples)
            .field("weights", &self.weights.len())
            .finish()
    }
}

/// Why a network was refused (a file that is not one, or tuples it cannot have).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NetworkError {
    /// The file does not start as a network file does.
    NotANetwork,
    /// A network file of a version this build does not know (a newer one).
    UnknownVersion(u32),
    /// The file ends before its weights do, or goes on after them.
    WrongLength { expected: usize, found: usize },
    /// A tuple with no cells, too many, a cell off the board, or a cell twice.
    BadTuple(Vec<u8>),
    /// A network of no tuples.
    NoTuples,
    /// More weights than a `u32` counts (the trainer keeps its indices as `u32`s).
    TooManyWeights(u64),
    /// The shipped file (`super::shipped`) ends in the middle of a number.
    Truncated,
    /// The shipped file's checksum does not match: its bytes were changed or cut.
    Damaged,
    /// The shipped file's runs of weights go past the last weight.
    RunsPastTheEnd,
}

impl std::fmt::Display for NetworkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NotANetwork => write!(f, "not an n-tuple network file"),
            Self::UnknownVersion(v) => write!(
                f,
                "an n-tuple network file of version {v}; this build reads version {VERSION}"
            ),
            Self::WrongLength { expected, found } => write!(
                f,
                "the network file has {found} bytes where its tuples need {expected}"
            ),
            Self::NoTuples => write!(f, "a network of no tuples"),
            Self::TooManyWeights(n) => write!(f, "a network of {n} weights: at most 2^32"),
            Self::Truncated => write!(f, "the network file is cut short"),
            Self::Damaged => write!(
                f,
                "the network file is damaged (its checksum does not match)"
            ),
            Self::RunsPastTheEnd => write!(f, "the network file's weights run past its tables"),
            Self::BadTuple(cells) => write!(
                f,
                "a tuple of cells {cells:?}: each needs 1 to {MAX_CELLS} distinct cells of 0 to 15"
            ),
        }
    }
}

impl std::error::Error for NetworkError {}

/// The board's eight images under the square's symmetries: itself, mirrored, turned upside
/// down, transposed, and their combinations.
pub fn symmetries(b: Packed) -> [Packed; 8] {
    let t = packed::transpose(b);
    let [a, c] = [b, t].map(flip_rows);
    [b, mirror(b), a, mirror(a), t, mirror(t), c, mirror(c)]
}

/// The sum of a value's eight partial sums (one for each image). Eight sums, each its own chain
/// of additions, let the processor wait for eight weights from memory at once, where one sum
/// waits for each weight before the next; [`Network::value`] and [`Network::value_of`] add in
/// this same order, so their values are equal to the bit.
#[inline]
fn add_up(s: [f32; 8]) -> f32 {
    ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]))
}

/// Each row reversed (x ↦ 3 − x).
fn mirror(b: Packed) -> Packed {
    ((b & 0x000F_000F_000F_000F) << 12)
        | ((b & 0x00F0_00F0_00F0_00F0) << 4)
        | ((b & 0x0F00_0F00_0F00_0F00) >> 4)
        | ((b & 0xF000_F000_F000_F000) >> 12)
}

/// The rows in reverse order (y ↦ 3 − y).
fn flip_rows(b: Packed) -> Packed {
    (b << 48) | ((b & 0xFFFF_0000) << 16) | ((b >> 16) & 0xFFFF_0000) | (b >> 48)
}

impl Network {
    /// Refuses a tuple with no cells, too many, a cell off the board or a cell twice.
    fn check(cells: &[u8]) -> Result<(), NetworkError> {
        let mut seen = 0u16;
        let mut fine = !cells.is_empty() && cells.len() <= MAX_CELLS;
        for &c in cells {
            fine &= c < 16 && seen & (1 << c) == 0;
            seen |= 1u16.checked_shl(u32::from(c)).unwrap_or(0);
        }
        if fine {
            Ok(())
        } else {
            Err(NetworkError::BadTuple(cells.to_vec()))
        }
    }

    /// A network of these tuples (at least one), every weight `initial`.
    pub fn new(tuples: &[&[u8]], initial: f32) -> Result<Self, NetworkError> {
        let (indexers, total) = indexers(tuples)?;
        Ok(Self {
            tuples: tuples.iter().map(|c| c.to_vec()).collect(),
            indexers,
            weights: Table::filled(total, initial),
        })
    }

    /// The tuples' cells.
    pub fn tuples(&self) -> &[Vec<u8>] {
        &self.tuples
    }

    /// The weights each board's value adds up: one per tuple and symmetry.
    pub fn features(&self) -> usize {
        8 * self.tuples.len()
    }

    /// Every weight, tuple after tuple (as `indices` counts them).
    pub fn weights(&self) -> &[f32] {
        &self.weights
    }

    /// The weights, for the trainer (crates/ai-train) and the shipped file's reader.
    pub fn weights_mut(&mut self) -> &mut [f32] {
        &mut self.weights
    }

    /// The learned value of an afterstate (the expected score from there on).
    #[inline]
    pub fn value(&self, b: Packed) -> f32 {
        let images = symmetries(b);
        let mut sums = [0.0; 8];
        for indexer in &self.indexers {
            for (sum, &image) in sums.iter_mut().zip(&images) {
                *sum += self.weights[indexer.index(image)];
            }
        }
        add_up(sums)
    }

    /// Writes where each weight that `b`'s value adds up lies in [`Network::weights`]: tuple
    /// after tuple, each tuple's eight images in [`symmetries`]' order (`features()` of them).
    /// The trainer works them out once a board and keeps them, for its value and its update.
    #[inline]
    pub fn indices(&self, b: Packed, out: &mut [u32]) {
        let images = symmetries(b);
        let mut out = out.iter_mut();
        for indexer in &self.indexers {
            for &image in &images {
                if let Some(slot) = out.next() {
                    // Fits: `new` refuses a network of more than 2^32 weights.
                    *slot = indexer.index(image) as u32;
                }
            }
        }
    }

    /// The value whose weights lie at `indices` (as [`Network::indices`] gives them): the
    /// same sum as [`Network::value`], in the same order.
    #[inline]
    pub fn value_of(&self, indices: &[u32]) -> f32 {
        let mut sums = [0.0; 8];
        for tuple in indices.chunks_exact(8) {
            for (sum, &i) in sums.iter_mut().zip(tuple) {
                *sum += self.weights[i as usize];
            }
        }
        add_up(sums)
    }

    /// Adds `step` to every weight that `b`'s value adds up.
    fn nudge(&mut self, b: Packed, step: f32) {
        let mut indices = vec![0; self.features()];
        self.indices(b, &mut indices);
        for i in indices {
            self.weights[i as usize] += step;
        }
    }

    /// Moves `b`'s value toward `target` by `rate` of the difference (shared out between its
    /// features).
    pub fn learn(&mut self, b: Packed, target: f32, rate: f32) {
        let error = target - self.value(b);
        self.nudge(b, rate * error / self.features() as f32);
    }

    /// The move with the highest reward plus afterstate value, its afterstate and reward, or
    /// `None` when no move changes the board.
    pub fn greedy(&self, b: Packed) -> Option<(Direction, Packed, u32)> {
        let mut best: Option<(f32, Direction, Packed, u32)> = None;
        for dir in Direction::ALL {
            let (after, reward) = packed::slide(b, dir);
            if after != b {
                let worth = reward as f32 + self.value(after);
                if best.is_none_or(|(w, ..)| worth > w) {
                    best = Some((worth, dir, after, reward));
                }
            }
        }
        best.map(|(_, dir, after, reward)| (dir, after, reward))
    }

    /// The network as bytes: a header, each tuple's cells, then every weight as a little-endian
    /// f32.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(16 + 4 * self.weights.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(self.tuples.len() as u32).to_le_bytes());
        for cells in &self.tuples {
            out.push(cells.len() as u8);
            out.extend_from_slice(cells);
        }
        for w in self.weights.iter() {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out
    }

    /// The network in the file at `path` (this, the training format; `super::shipped::read`
    /// takes either); what cannot be read, or is not a network, is refused with the path and
    /// the reason.
    pub fn read(path: &std::path::Path) -> Result<Self, String> {
        let bytes =
            std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        Self::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Whether `bytes` start as the training format's do.
    pub fn is_training_file(bytes: &[u8]) -> bool {
        bytes.starts_with(MAGIC)
    }

    /// A network read from `to_bytes`'s format; anything else is refused with the reason.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, NetworkError> {
        let rest = bytes.strip_prefix(MAGIC).ok_or(NetworkError::NotANetwork)?;
        let word =
            |at: &[u8]| -> Option<u32> { Some(u32::from_le_bytes(at.get(..4)?.try_into().ok()?)) };
        let short = |expected| NetworkError::WrongLength {
            expected,
            found: bytes.len(),
        };
        let version = word(rest).ok_or_else(|| short(12))?;
        if version != VERSION {
            return Err(NetworkError::UnknownVersion(version));
        }
        let count = word(&rest[4..]).ok_or_else(|| short(16))? as usize;
        let mut at = 8;
        let mut tuples = Vec::new();
        // Every tuple is checked, and the length the file must have is worked out, before any
        // weight table is made: a damaged file must not make the game allocate gigabytes.
        let mut weights = 0usize;
        for _ in 0..count {
            let len = usize::from(*rest.get(at).ok_or_else(|| short(MAGIC.len() + at + 1))?);
            let cells = rest
                .get(at + 1..at + 1 + len)
                .ok_or_else(|| short(MAGIC.len() + at + 1 + len))?;
            Self::check(cells)?;
            weights = weights.saturating_add(1 << (4 * len));
            tuples.push(cells);
            at += 1 + len;
        }
        let expected = weights
            .checked_mul(4)
            .and_then(|w| w.checked_add(MAGIC.len() + at))
            .unwrap_or(usize::MAX);
        if bytes.len() != expected {
            return Err(short(expected));
        }
        let mut network = Self::new(&tuples, 0.0)?;
        for (w, c) in network.weights.iter_mut().zip(rest[at..].chunks_exact(4)) {
            *w = f32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        }
        Ok(network)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Board;

    fn board(rows: &[&[u32]]) -> Packed {
        packed::pack(&Board::from_rows(rows)).expect("4×4")
    }

    #[test]
    fn the_eight_images_are_the_squares_symmetries() {
        let b = board(&[
            &[2, 4, 8, 16],
            &[32, 0, 0, 0],
            &[0, 0, 0, 0],
            &[0, 0, 0, 64],
        ]);
        let images = symmetries(b);
        let distinct: std::collections::HashSet<_> = images.iter().collect();
        assert_eq!(
            distinct.len(),
            8,
            "an asymmetric board has eight distinct images"
        );
        // Every image's images are the same eight boards.
        for image in images {
            let mut again = symmetries(image);
            let mut first = images;
            again.sort_unstable();
            first.sort_unstable();
            assert_eq!(again, first);
        }
        // The mirror reverses each row; flipping reverses the rows.
        assert_eq!(
            images[1],
            board(&[&[16, 8, 4, 2], &[0, 0, 0, 32], &[0; 4], &[64, 0, 0, 0]])
        );
        assert_eq!(
            images[2],
            board(&[&[0, 0, 0, 64], &[0; 4], &[32, 0, 0, 0], &[2, 4, 8, 16]])
        );
    }

    #[test]
    fn a_value_is_the_same_on_every_image_and_learning_moves_it_toward_the_target() {
        let mut network = Network::new(&[&[0, 1, 2, 3], &[0, 1, 4, 5]], 0.0).unwrap();
        let b = board(&[
            &[2, 4, 8, 16],
            &[32, 0, 0, 0],
            &[0, 0, 0, 0],
            &[0, 0, 0, 64],
        ]);
        network.learn(b, 1000.0, 0.5);
        // Half the error is shared out between the 16 features; a weight two images share (as
        // the empty cells' patterns are) moves twice, so the value moves at least half way.
        let learned = network.value(b);
        assert!((500.0..1000.0).contains(&learned), "{learned}");
        for image in symmetries(b) {
            assert_eq!(network.value(image), learned);
        }
        for _ in 0..100 {
            network.learn(b, 1000.0, 0.1);
        }
        assert!(
            (network.value(b) - 1000.0).abs() < 0.5,
            "{}",
            network.value(b)
        );
    }

    #[test]
    fn a_network_round_trips_through_its_bytes_and_other_bytes_are_refused() {
        let mut network = Network::new(&[&[0, 1, 2], &[5, 6, 9, 10]], 0.25).unwrap();
        network.learn(
            board(&[&[2, 4, 0, 0], &[0; 4], &[0; 4], &[0, 0, 0, 8]]),
            70.0,
            0.1,
        );
        let bytes = network.to_bytes();
        assert_eq!(bytes.len(), 8 + 4 + 4 + 4 + 5 + 4 * (4096 + 65536));
        assert!(Network::from_bytes(&bytes) == Ok(network));
        assert_eq!(Network::from_bytes(b"PNG"), Err(NetworkError::NotANetwork));
        // A header that claims a thousand 6-cell tuples (16 GiB of weights) in a short file is
        // refused by its length, before anything is allocated.
        let mut greedy = bytes[..12].to_vec();
        greedy.extend_from_slice(&1000u32.to_le_bytes());
        for _ in 0..1000 {
            greedy.extend_from_slice(&[6, 0, 1, 2, 3, 4, 5]);
        }
        assert!(matches!(
            Network::from_bytes(&greedy),
            Err(NetworkError::WrongLength { .. })
        ));
        let mut none = bytes[..12].to_vec();
        none.extend_from_slice(&0u32.to_le_bytes());
        assert_eq!(Network::from_bytes(&none), Err(NetworkError::NoTuples));
        let mut newer = bytes.clone();
        newer[8] = 2;
        assert_eq!(
            Network::from_bytes(&newer),
            Err(NetworkError::UnknownVersion(2))
        );
        let cut = &bytes[..bytes.len() - 1];
        assert!(matches!(
            Network::from_bytes(cut),
            Err(NetworkError::WrongLength { .. })
        ));
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(matches!(
            Network::from_bytes(&longer),
            Err(NetworkError::WrongLength { .. })
        ));
        // More weights than a u32 counts: refused before any table is made.
        assert_eq!(
            Network::new(&[SIX_TUPLES[0]; 257], 0.0),
            Err(NetworkError::TooManyWeights(257 << 24))
        );
        for bad in [&[][..], &[0, 0][..], &[16][..], &[0, 1, 2, 3, 4, 5, 6][..]] {
            assert_eq!(
                Network::new(&[bad], 0.0),
                Err(NetworkError::BadTuple(bad.to_vec()))
            );
        }
    }

    /// The index as the network first read it: cell by cell.
    fn index_cell_by_cell(b: Packed, cells: &[u8]) -> usize {
        cells.iter().enumerate().fold(0, |index, (k, &cell)| {
            index | ((((b >> (4 * cell)) & 0xf) as usize) << (4 * k))
        })
    }

    /// Boards whose every cell takes every exponent in turn (a 64-bit xorshift).
    fn boards(count: usize) -> impl Iterator<Item = Packed> {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        std::iter::repeat_with(move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        })
        .take(count)
    }

    #[test]
    fn indices_by_shifts_and_masks_are_the_cell_by_cell_ones() {
        // The shipped tuples (one run or two), and tuples of scattered, reversed and single
        // cells (six runs, or one), each tuple on its own (no 16^6-weight table is made).
        let tuples: [&[u8]; 12] = [
            SIX_TUPLES[0],
            SIX_TUPLES[1],
            SIX_TUPLES[2],
            SIX_TUPLES[3],
            FIVE_TUPLES[0],
            FIVE_TUPLES[1],
            FIVE_TUPLES[2],
            FIVE_TUPLES[3],
            &[15, 0, 7, 8, 3, 12],
            &[5, 4, 3, 2, 1, 0],
            &[9],
            &[10, 11, 12, 13, 14, 15],
        ];
        for b in boards(1000) {
            for cells in tuples {
                assert_eq!(
                    Indexer::new(cells, 7).index(b),
                    7 + index_cell_by_cell(b, cells),
                    "board {b:#018x}, tuple {cells:?}"
                );
            }
        }
        // A network's indices: tuple after tuple, from where each tuple's weights start, each
        // tuple's images in the order of `symmetries`.
        let small: [&[u8]; 3] = [&[0, 1, 2, 4], &[3, 7], &[9, 5, 6]];
        let network = Network::new(&small, 0.0).unwrap();
        let offsets = [0, 1 << 16, (1 << 16) + (1 << 8)];
        let mut indices = vec![0; network.features()];
        for b in boards(100) {
            network.indices(b, &mut indices);
            for (t, cells) in small.iter().enumerate() {
                for (s, image) in symmetries(b).into_iter().enumerate() {
                    assert_eq!(
                        indices[8 * t + s] as usize,
                        offsets[t] + index_cell_by_cell(image, cells)
                    );
                }
            }
        }
    }

    #[test]
    fn the_value_of_kept_indices_is_the_boards_value() {
        let mut network = Network::new(&[&[0, 1, 2, 4], &[5, 6, 9, 10], &[3, 7]], 0.0).unwrap();
        for (k, w) in network.weights_mut().iter_mut().enumerate() {
            *w = (k % 1009) as f32 * 0.25;
        }
        let mut indices = vec![0; network.features()];
        for b in boards(100) {
            network.indices(b, &mut indices);
            assert_eq!(network.value_of(&indices), network.value(b));
        }
        assert!(network.value(0x1234) > 0.0);
    }

    #[test]
    fn a_tuple_set_is_found_by_its_name_and_another_name_is_refused() {
        assert_eq!(tuple_set("six").unwrap(), &SIX_TUPLES[..]);
        assert_eq!(tuple_set("five").unwrap(), &FIVE_TUPLES[..]);
        let five = Network::new(tuple_set("five").unwrap(), 0.0).unwrap();
        assert_eq!(five.weights().len(), 4 << 20);
        let refused = tuple_set("seven").unwrap_err();
        assert!(
            refused.contains("\"seven\"") && refused.contains("six, five"),
            "{refused}"
        );
    }
}
