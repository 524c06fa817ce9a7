//! An n-tuple network: a learned value of a packed 4×4 board. Each tuple is a few cells (6 at
//! most); every combination of the exponents in them has a weight, and the board's value is the
//! sum of each tuple's weight on each of the board's eight symmetric images (rotations and
//! mirrors share the weights, so a pattern is worth the same in every corner). The weights are
//! learned by temporal-difference learning on afterstates (the board after a slide, before its
//! new tile; Szubert & Jaśkowski 2014): the player moves greedily by reward plus value, and the
//! value of each afterstate is moved toward the next move's reward plus its afterstate's value
//! (zero once the game is over). `examples/td_train.rs` trains a network with this module and
//! writes it in the format `to_bytes` gives.

use rand::rngs::Xoshiro256PlusPlus as Rng;
use rand::{RngExt, SeedableRng};

use super::packed::{self, Packed};
use crate::rules::{Direction, SPAWN_TWO_PROBABILITY};

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

/// A network's tuples and weights.
#[derive(Clone, PartialEq)]
pub struct Network {
    tuples: Vec<Vec<u8>>,
    weights: Vec<Vec<f32>>,
}

impl std::fmt::Debug for Network {
    /// The tuples, and how many weights: not the weights themselves (millions of them).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Network")
            .field("tuples", &self.tuples)
            .field("weights", &self.weights.iter().map(Vec::len).sum::<usize>())
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

#[inline]
fn index(b: Packed, cells: &[u8]) -> usize {
    cells.iter().enumerate().fold(0, |index, (k, &cell)| {
        index | ((((b >> (4 * cell)) & 0xf) as usize) << (4 * k))
    })
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
        if tuples.is_empty() {
            return Err(NetworkError::NoTuples);
        }
        for cells in tuples {
            Self::check(cells)?;
        }
        Ok(Self {
            tuples: tuples.iter().map(|c| c.to_vec()).collect(),
            weights: tuples
                .iter()
                .map(|c| vec![initial; 1 << (4 * c.len())])
                .collect(),
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

    /// The learned value of an afterstate (the expected score from there on).
    #[inline]
    pub fn value(&self, b: Packed) -> f32 {
        let images = symmetries(b);
        let mut sum = 0.0;
        for (cells, weights) in self.tuples.iter().zip(&self.weights) {
            for &image in &images {
                sum += weights[index(image, cells)];
            }
        }
        sum
    }

    /// Adds `step` to every weight that `b`'s value adds up.
    fn nudge(&mut self, b: Packed, step: f32) {
        let images = symmetries(b);
        for (cells, weights) in self.tuples.iter().zip(&mut self.weights) {
            for &image in &images {
                weights[index(image, cells)] += step;
            }
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
        let mut out =
            Vec::with_capacity(16 + self.weights.iter().map(|w| 4 * w.len()).sum::<usize>());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(self.tuples.len() as u32).to_le_bytes());
        for cells in &self.tuples {
            out.push(cells.len() as u8);
            out.extend_from_slice(cells);
        }
        for weights in &self.weights {
            for w in weights {
                out.extend_from_slice(&w.to_le_bytes());
            }
        }
        out
    }

    /// The network in the file at `path`; what cannot be read, or is not a network, is
    /// refused with the path and the reason.
    pub fn read(path: &std::path::Path) -> Result<Self, String> {
        let bytes =
            std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        Self::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
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
        let mut floats = rest[at..]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]));
        for weights in &mut network.weights {
            for w in weights.iter_mut() {
                *w = floats.next().unwrap_or_default();
            }
        }
        Ok(network)
    }
}

/// A board with a new tile in a random empty cell (a 2 with p 0.9, else a 4), as the rules
/// spawn; unchanged when it has no empty cell.
pub fn spawn(b: Packed, rng: &mut Rng) -> Packed {
    let empty = packed::empty_count(b);
    if empty == 0 {
        return b;
    }
    let mut k = rng.random_range(0..empty);
    let exponent: Packed = if rng.random_bool(SPAWN_TWO_PROBABILITY) {
        1
    } else {
        2
    };
    for i in 0..16 {
        if (b >> (4 * i)) & 0xf == 0 {
            if k == 0 {
                return b | exponent << (4 * i);
            }
            k -= 1;
        }
    }
    b
}

/// How one training game went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Trained {
    pub score: u64,
    pub moves: u32,
    /// The highest exponent on the board at the end.
    pub max_exponent: u8,
}

/// Plays one game greedily by the network from a random start, learning as it goes (TD(0) on
/// afterstates at `rate`).
pub fn train_game(network: &mut Network, rng: &mut Rng, rate: f32) -> Trained {
    let mut board = spawn(spawn(0, rng), rng);
    let mut previous: Option<Packed> = None;
    let mut score = 0u64;
    let mut moves = 0;
    while let Some((_, after, reward)) = network.greedy(board) {
        if let Some(before) = previous {
            let target = reward as f32 + network.value(after);
            network.learn(before, target, rate);
        }
        previous = Some(after);
        score += u64::from(reward);
        moves += 1;
        board = spawn(after, rng);
    }
    if let Some(before) = previous {
        network.learn(before, 0.0, rate);
    }
    let max_exponent = (0..16)
        .map(|i| ((board >> (4 * i)) & 0xf) as u8)
        .max()
        .unwrap_or(0);
    Trained {
        score,
        moves,
        max_exponent,
    }
}

/// A seeded random source for training (the same games from the same seed).
pub fn rng(seed: u64) -> Rng {
    Rng::seed_from_u64(seed)
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
        for bad in [&[][..], &[0, 0][..], &[16][..], &[0, 1, 2, 3, 4, 5, 6][..]] {
            assert_eq!(
                Network::new(&[bad], 0.0),
                Err(NetworkError::BadTuple(bad.to_vec()))
            );
        }
    }

    #[test]
    fn training_is_repeatable_and_learns_to_play_better_than_at_random() {
        // A tiny network (four rows and columns' worth of 4-tuples): 400 games from one seed
        // are the same games every time, and the last hundred score above the first hundred.
        let train = || {
            let mut network = Network::new(&[&[0, 1, 2, 3], &[4, 5, 6, 7]], 0.0).unwrap();
            let mut rng = rng(7);
            let games: Vec<Trained> = (0..400)
                .map(|_| train_game(&mut network, &mut rng, 0.1))
                .collect();
            (network, games)
        };
        let (network, games) = train();
        let (again, games_again) = train();
        assert!(network == again && games == games_again);
        let mean = |g: &[Trained]| g.iter().map(|t| t.score as f64).sum::<f64>() / g.len() as f64;
        let (first, last) = (mean(&games[..100]), mean(&games[300..]));
        assert!(
            last > first * 1.5,
            "first hundred {first}, last hundred {last}"
        );
    }
}
