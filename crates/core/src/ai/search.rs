//! Expectimax over a `SearchBoard`: the packed 4×4 board, or any board 3×3 to 8×8 as the rules
//! engine holds it (`Board`, 64 bytes of exponents, slid by the rules' own routine). The
//! player's move is a max node, the spawn a chance node over every empty cell (a 2 with p 0.9,
//! a 4 with p 0.1). A branch stops when its cumulative probability falls under
//! `PROBABILITY_CUTOFF` or at the depth limit, which grows with the number of distinct tiles
//! (harder boards look deeper). Each first move is searched on
//! its own, with a cache of its chance nodes by board; natively min(cores, 4) worker threads
//! take the first moves in turn (the web searches them one after the other). Leaves are
//! scored by an `Evaluation`: the game's is one heuristic over every row and column
//! (`line_value`: empty cells, possible merges, monotonic lines, and a penalty on large tiles
//! away from order), looked up per row on the packed board and computed on the others; a
//! learned value (`super::ntuple`) can take its place on the packed board.

use std::hash::Hash;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use std::collections::HashMap;

use web_time::Instant;

use super::packed::{self, Packed, RowTable, row_table, transpose};
use crate::rules::{Board, Direction, MAX_SIZE, SPAWN_TWO_PROBABILITY};

/// Branches less likely than this are scored by the evaluation instead of searched.
pub const PROBABILITY_CUTOFF: f32 = 1e-4;
/// Chance nodes above this depth are cached (deeper ones are too many and too cheap).
const CACHE_DEPTH: u32 = 15;

// Heuristic weights (per row and per column).
const LOST_PENALTY: f32 = 200_000.0;
const MONOTONICITY_POWER: f32 = 4.0;
const MONOTONICITY_WEIGHT: f32 = 47.0;
const SUM_POWER: f32 = 3.5;
const SUM_WEIGHT: f32 = 11.0;
const MERGES_WEIGHT: f32 = 700.0;
const EMPTY_WEIGHT: f32 = 270.0;

/// Each exponent raised to `SUM_POWER` and to `MONOTONICITY_POWER`, computed once.
fn powers() -> &'static [(f32, f32); 256] {
    static TABLE: OnceLock<[(f32, f32); 256]> = OnceLock::new();
    TABLE.get_or_init(|| {
        std::array::from_fn(|e| {
            let e = e as f32;
            (e.powf(SUM_POWER), e.powf(MONOTONICITY_POWER))
        })
    })
}

/// The heuristic value of one line (a row or a column) of exponents, read from one end.
pub fn line_value(cells: &[u8]) -> f32 {
    let powers = powers();
    let mut sum = 0.0;
    let mut empty = 0;
    let mut merges = 0;
    let mut previous = 0;
    let mut run = 0;
    for &e in cells {
        sum += powers[usize::from(e)].0;
        if e == 0 {
            empty += 1;
        } else {
            if e == previous {
                run += 1;
            } else if run > 0 {
                merges += 1 + run;
                run = 0;
            }
            previous = e;
        }
    }
    if run > 0 {
        merges += 1 + run;
    }
    let (mut toward_left, mut toward_right) = (0.0, 0.0);
    for pair in cells.windows(2) {
        let a = powers[usize::from(pair[0])].1;
        let b = powers[usize::from(pair[1])].1;
        if pair[0] > pair[1] {
            toward_left += a - b;
        } else {
            toward_right += b - a;
        }
    }
    LOST_PENALTY + EMPTY_WEIGHT * empty as f32 + MERGES_WEIGHT * merges as f32
        - MONOTONICITY_WEIGHT * f32::min(toward_left, toward_right)
        - SUM_WEIGHT * sum
}

fn row_values() -> &'static RowTable<f32> {
    static TABLE: OnceLock<RowTable<f32>> = OnceLock::new();
    TABLE.get_or_init(|| {
        row_table(|row| line_value(&[0, 1, 2, 3].map(|x| ((row >> (4 * x)) & 0xf) as u8)))
    })
}

/// The heuristic value of a board: its rows and its columns.
pub fn heuristic(b: Packed) -> f32 {
    let table = row_values();
    let rows = |b: Packed| -> f32 { (0..4).map(|y| table[packed::row(b, y)]).sum() };
    rows(b) + rows(transpose(b))
}

/// Builds the 4×4 board's tables (its slides and row values) now, so that the first search
/// does not: built within a frame's budget, they made the first move's frame the game's longest.
pub fn warm_up() {
    let empty: Packed = 0;
    let _ = (packed::moves(empty), heuristic(empty));
}

/// How deep a search of this board goes: two less than its distinct tiles, at least 3.
pub fn depth_limit(b: Packed) -> u32 {
    let mut seen = 0u16;
    for i in 0..16 {
        seen |= 1 << ((b >> (4 * i)) & 0xf);
    }
    depth_for((seen & !1).count_ones())
}

fn depth_for(distinct_tiles: u32) -> u32 {
    distinct_tiles.saturating_sub(2).max(3)
}

/// A board the search plays on.
pub trait SearchBoard: Copy + Eq + Hash + Send + Sync {
    /// The board after each move, in `Direction::ALL`'s order (itself where a move changes
    /// nothing).
    fn moves(self) -> [Self; 4];
    /// [`SearchBoard::moves`] with the score each move gains.
    fn moves_scored(self) -> [(Self, f32); 4];
    fn empty_count(self) -> u32;
    /// For each empty cell, the board with a 2 there and with a 4 there.
    fn spawns(self) -> impl Iterator<Item = (Self, Self)>;
    fn heuristic(self) -> f32;
    fn depth_limit(self) -> u32;
    /// How many times dearer the next level of a search is expected to be than the last one,
    /// given the last growth seen (none after the first level).
    fn growth(self, last: Option<f64>) -> f64;
}

impl SearchBoard for Packed {
    #[inline]
    fn moves(self) -> [Self; 4] {
        packed::moves(self)
    }

    #[inline]
    fn moves_scored(self) -> [(Self, f32); 4] {
        packed::slides(self).map(|(moved, score)| (moved, score as f32))
    }

    #[inline]
    fn empty_count(self) -> u32 {
        packed::empty_count(self)
    }

    #[inline]
    fn spawns(self) -> impl Iterator<Item = (Self, Self)> {
        (0..16)
            .filter(move |i| (self >> (4 * i)) & 0xf == 0)
            .map(move |i| (self | (1 << (4 * i)), self | (2 << (4 * i))))
    }

    #[inline]
    fn heuristic(self) -> f32 {
        heuristic(self)
    }

    fn depth_limit(self) -> u32 {
        depth_limit(self)
    }

    /// Measured on 4×4: each level costs 4 to 8 times the one before.
    fn growth(self, last: Option<f64>) -> f64 {
        last.map_or(4.0, |g| g.clamp(4.0, 8.0))
    }
}

/// Any board, 3 to 8 rows by 3 to 8 columns, searched as the rules engine holds and slides it.
impl SearchBoard for Board {
    fn moves(self) -> [Self; 4] {
        Direction::ALL.map(|dir| self.slid(dir).0)
    }

    fn moves_scored(self) -> [(Self, f32); 4] {
        Direction::ALL.map(|dir| {
            let (moved, score, _) = self.slid(dir);
            (moved, score as f32)
        })
    }

    fn empty_count(self) -> u32 {
        Board::empty_count(&self) as u32
    }

    fn spawns(self) -> impl Iterator<Item = (Self, Self)> {
        (0..self.shape().cells())
            .filter(move |&i| self.exponents()[i] == 0)
            .map(move |i| (self.with_exponent(i, 1), self.with_exponent(i, 2)))
    }

    /// Every row, read from the left, and every column, read from the top (as the packed
    /// board's rows and transposed rows are).
    fn heuristic(self) -> f32 {
        let (height, width) = (self.rows(), self.cols());
        let cells = self.exponents();
        // Rows, then columns, added as the packed board adds them (the same value to the bit).
        let rows: f32 = cells.chunks_exact(width).map(line_value).sum();
        let columns: f32 = (0..width)
            .map(|x| {
                let mut column = [0u8; MAX_SIZE];
                for (y, cell) in column[..height].iter_mut().enumerate() {
                    *cell = cells[y * width + x];
                }
                line_value(&column[..height])
            })
            .sum();
        rows + columns
    }

    fn depth_limit(self) -> u32 {
        let mut seen = 0u64;
        for &e in self.exponents() {
            seen |= 1 << (e & 63);
        }
        depth_for((seen & !1).count_ones())
    }

    /// A larger board's levels grow with its empty cells (each a 2 and a 4, each then four
    /// moves): on an 8×8 board with 45 empty cells the second level took 17.7 ms after a
    /// first of 0.5 ms. So the second level is expected to cost 8 × (empty cells + 2)
    /// times the first, and each later one twice the last growth seen (at least 8): guesses on
    /// the safe side, as a level that overruns is given up and wasted.
    fn growth(self, last: Option<f64>) -> f64 {
        let empty = f64::from(Board::empty_count(&self) as u32);
        match last {
            Some(g) => (2.0 * g).max(8.0),
            None => 8.0 * (empty + 2.0),
        }
    }
}

/// What scores the boards where a search stops (afterstates: a board after its slide, before
/// its new tile): the heuristic over rows and columns ([`Heuristic`]), or a learned value such
/// as an n-tuple network's on the packed board.
pub trait Evaluation<P>: Sync {
    /// Whether a value is the score still to come from the board (a learned value): the search
    /// then adds each move's own score to the value of where it leads. The heuristic says how
    /// good a board is, score aside, and adds nothing.
    const ADDS_REWARDS: bool = false;
    fn value(&self, b: P) -> f32;
}

/// The hand-made heuristic of every row and column ([`line_value`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct Heuristic;

impl<P: SearchBoard> Evaluation<P> for Heuristic {
    #[inline]
    fn value(&self, b: P) -> f32 {
        b.heuristic()
    }
}

impl Evaluation<Packed> for super::ntuple::Network {
    const ADDS_REWARDS: bool = true;
    #[inline]
    fn value(&self, b: Packed) -> f32 {
        super::ntuple::Network::value(self, b)
    }
}

impl Evaluation<Packed> for super::ntuple::CompactNetwork {
    const ADDS_REWARDS: bool = true;
    #[inline]
    fn value(&self, b: Packed) -> f32 {
        super::ntuple::CompactNetwork::value(self, b)
    }
}

/// Chance nodes searched: the value, and the depth it was found at. Hashed with foldhash: far cheaper than std's SipHash for u64 keys (the cache is hit millions of times).
type Cache<P> = HashMap<P, (u32, f32), foldhash::fast::FixedState>;

struct Search<'e, P, E> {
    evaluation: &'e E,
    depth_limit: u32,
    cache: Cache<P>,
    /// Nodes visited, for the benchmarks.
    nodes: u64,
    /// Where it must give up, and whether it did (its value then means nothing).
    stop: Stop,
    stopped: bool,
    /// The node count at which the clock is read next.
    next_check: u64,
}

/// Where a search gives up if it has not finished: never, at a time, or past a node count.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Stop {
    Never,
    At(Instant),
    AfterNodes(u64),
}

impl<P: SearchBoard, E: Evaluation<P>> Search<'_, P, E> {
    /// Whether the search is past its stop (the clock is read every 256 nodes).
    fn out_of_budget(&mut self) -> bool {
        if !self.stopped {
            self.stopped = match self.stop {
                Stop::Never => false,
                Stop::AfterNodes(limit) => self.nodes > limit,
                Stop::At(deadline) => {
                    self.nodes >= self.next_check && {
                        self.next_check = self.nodes + 256;
                        Instant::now() >= deadline
                    }
                }
            };
        }
        self.stopped
    }

    fn chance(&mut self, b: P, probability: f32, depth: u32) -> f32 {
        if probability < PROBABILITY_CUTOFF || depth >= self.depth_limit {
            if !E::ADDS_REWARDS {
                return self.evaluation.value(b);
            }
            // A learned value costs 32 reads scattered over its tables: a leaf reached again
            // by another path is taken from the cache (or the value a deeper search found for
            // it), kept as a leaf's (at a depth past any, which no node above the leaves takes
            // for its own).
            if let Some(&(_, value)) = self.cache.get(&b) {
                return value;
            }
            let value = self.evaluation.value(b);
            self.cache.insert(b, (u32::MAX, value));
            return value;
        }
        if self.out_of_budget() {
            return 0.0;
        }
        if depth < CACHE_DEPTH
            && let Some(&(cached_depth, value)) = self.cache.get(&b)
            && cached_depth <= depth
        {
            return value;
        }
        self.nodes += 1;
        let empty = b.empty_count();
        let p2 = SPAWN_TWO_PROBABILITY as f32;
        let per_cell = probability / empty as f32;
        let mut total = 0.0;
        for (two, four) in b.spawns() {
            total += p2 * self.max(two, per_cell * p2, depth);
            total += (1.0 - p2) * self.max(four, per_cell * (1.0 - p2), depth);
        }
        let value = total / empty as f32;
        if depth < CACHE_DEPTH {
            self.cache.insert(b, (depth, value));
        }
        value
    }

    fn max(&mut self, b: P, probability: f32, depth: u32) -> f32 {
        self.nodes += 1;
        // A learned value's moves are worth their score plus the score to come, and 0 when no
        // move is left (the game is over: nothing more to come). The heuristic's best starts
        // at 0, as its values are the boards' own.
        let mut best = if E::ADDS_REWARDS {
            f32::NEG_INFINITY
        } else {
            0.0
        };
        for (moved, reward) in scored_moves::<P, E>(b) {
            if moved != b {
                best = best.max(reward + self.chance(moved, probability, depth + 1));
            }
        }
        if best == f32::NEG_INFINITY { 0.0 } else { best }
    }
}

/// Each move's board and the score it counts for: its own score where the evaluation is of the
/// score to come (`Evaluation::ADDS_REWARDS`), else 0 (and the cheaper slide without scores).
#[inline]
fn scored_moves<P: SearchBoard, E: Evaluation<P>>(b: P) -> [(P, f32); 4] {
    if E::ADDS_REWARDS {
        b.moves_scored()
    } else {
        b.moves().map(|moved| (moved, 0.0))
    }
}

/// What a search found: the move, its expected value, and how many nodes it took.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Choice {
    pub direction: Direction,
    pub value: f32,
    pub nodes: u64,
}

/// The best move on a board (packed 4×4, or any `Board`), searched to its full depth, or
/// `None` when no move changes it.
pub fn best_move<P: SearchBoard>(b: P) -> Option<Choice> {
    search_to_depth_on(b, b.depth_limit(), threads(), Stop::Never, &Heuristic)?.best()
}

/// [`best_move`] with the leaves scored by `evaluation`.
pub fn best_move_with<P: SearchBoard, E: Evaluation<P>>(b: P, evaluation: &E) -> Option<Choice> {
    search_to_depth_on(b, b.depth_limit(), threads(), Stop::Never, evaluation)?.best()
}

/// The best move searched to exactly `depth` levels (for comparisons and tests).
pub fn best_move_at_depth<P: SearchBoard>(b: P, depth: u32) -> Option<Choice> {
    search_to_depth_on(b, depth, threads(), Stop::Never, &Heuristic)?.best()
}

/// How much a search may spend: a node count (the same answer every time, for tests) or a
/// wall-clock time (a frame's share in the game).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Budget {
    Nodes(u64),
    Time(std::time::Duration),
}

/// What one search found for every first move: the coach compares the player's move with the
/// best by these values.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Appraisal {
    /// Each move's expected value, in `Direction::ALL`'s order (`None` where the move changes
    /// nothing).
    pub values: [Option<f32>; 4],
    /// The levels searched (of the last whole level, within a budget).
    pub depth: u32,
    /// Nodes visited (by every level, within a budget).
    pub nodes: u64,
}

impl Appraisal {
    /// The move with the highest value (the first in `Direction::ALL`'s order of equal ones),
    /// or `None` when no move changes the board.
    pub fn best(&self) -> Option<Choice> {
        let mut best: Option<Choice> = None;
        for (direction, value) in Direction::ALL.into_iter().zip(self.values) {
            if let Some(value) = value
                && best.is_none_or(|c| value > c.value)
            {
                best = Some(Choice {
                    direction,
                    value,
                    nodes: self.nodes,
                });
            }
        }
        best
    }

    /// The value of the move toward `direction` (`None` if it changes nothing).
    pub fn value(&self, direction: Direction) -> Option<f32> {
        self.values[direction as usize]
    }
}

/// [`appraise_within`] for a board as the rules hold it: a 4×4 board on the packed board (the
/// fast path), any other as it is.
pub fn appraise_board(board: &Board, budget: Budget) -> Option<Appraisal> {
    appraise_board_on(board, budget, threads())
}

/// [`appraise_board`] on `threads` threads (the same answer on any number).
pub fn appraise_board_on(board: &Board, budget: Budget, threads: usize) -> Option<Appraisal> {
    appraise_board_by(board, budget, threads, &Leaves::Heuristic)
}

/// The network scores boards whose largest tile is below this; the heuristic plays on from
/// there. The network's training games never made 32768, so its values of boards past 16384
/// are barely trained: at 40 ms a move every one of its games ended between 16384 and 32768,
/// and with the heuristic from 16384 on the same seeds reached 32768 (docs/ai.md, "The network
/// against the heuristic at the desktop's budget").
pub const NETWORK_BELOW_TILE: u32 = 16384;

/// What scores the game's searches' leaves: the hand-made heuristic, or a learned n-tuple
/// network (docs/ai.md), which scores 4×4 boards below [`NETWORK_BELOW_TILE`] only: the other
/// shapes and the late game keep the heuristic.
#[derive(Clone, Default)]
pub enum Leaves {
    #[default]
    Heuristic,
    Network(std::sync::Arc<super::ntuple::CompactNetwork>),
}

impl std::fmt::Debug for Leaves {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Leaves::Heuristic => f.write_str("Heuristic"),
            Leaves::Network(network) => write!(f, "Network({} weights)", network.weights()),
        }
    }
}

impl Leaves {
    pub fn is_network(&self) -> bool {
        matches!(self, Leaves::Network(_))
    }

    /// The network that scores `board`'s search, if one does (else the heuristic does): a 4×4
    /// board whose largest tile is below [`NETWORK_BELOW_TILE`].
    pub fn network_for(&self, board: &Board) -> Option<&super::ntuple::CompactNetwork> {
        match self {
            Leaves::Network(network)
                if board.max_tile() < NETWORK_BELOW_TILE && packed::pack(board).is_some() =>
            {
                Some(network)
            }
            _ => None,
        }
    }
}

/// [`appraise_board_on`] with the leaves scored by `leaves`.
pub fn appraise_board_by(
    board: &Board,
    budget: Budget,
    threads: usize,
    leaves: &Leaves,
) -> Option<Appraisal> {
    match (packed::pack(board), leaves.network_for(board)) {
        (Some(p), Some(network)) => appraise_on(p, budget, threads, network),
        (Some(p), None) => appraise_on(p, budget, threads, &Heuristic),
        (None, _) => appraise_on(*board, budget, threads, &Heuristic),
    }
}

/// The best move found within `budget` (see [`appraise_within`]).
pub fn best_move_within<P: SearchBoard>(b: P, budget: Budget) -> Option<Choice> {
    appraise_within(b, budget)?.best()
}

/// Every move's value found within `budget`: searches one level deeper at a time, up to the
/// full depth, and stops before a level whose cost (estimated from the last one) would not fit;
/// a level that runs past the budget all the same is given up, and the last whole level
/// answers. The shallowest level always runs to its end, so an answer comes back whenever a
/// move exists (`None` when none does). A node budget gives the same answer on every machine.
pub fn appraise_within<P: SearchBoard>(b: P, budget: Budget) -> Option<Appraisal> {
    appraise_on(b, budget, threads(), &Heuristic)
}

/// [`appraise_within`] with the leaves scored by `evaluation`.
pub fn appraise_with<P: SearchBoard, E: Evaluation<P>>(
    b: P,
    budget: Budget,
    evaluation: &E,
) -> Option<Appraisal> {
    appraise_on(b, budget, threads(), evaluation)
}

fn appraise_on<P: SearchBoard, E: Evaluation<P>>(
    b: P,
    budget: Budget,
    threads: usize,
    evaluation: &E,
) -> Option<Appraisal> {
    let started = Instant::now();
    let full = b.depth_limit();
    let mut best = None;
    let mut spent_nodes = 0u64;
    let mut last_cost = 0.0f64;
    for depth in 1..=full {
        let level_start = started.elapsed().as_secs_f64();
        let stop = match budget {
            _ if depth == 1 => Stop::Never,
            Budget::Nodes(limit) => Stop::AfterNodes(limit.saturating_sub(spent_nodes)),
            Budget::Time(limit) => Stop::At(started + limit),
        };
        let Some(level) = search_to_depth_on(b, depth, threads, stop, evaluation) else {
            break; // past the budget: the last whole level's values stand
        };
        level.best()?;
        spent_nodes += level.nodes;
        best = Some(Appraisal {
            nodes: spent_nodes,
            ..level
        });
        let cost = match budget {
            Budget::Nodes(_) => level.nodes as f64,
            Budget::Time(_) => started.elapsed().as_secs_f64() - level_start,
        };
        // Each level costs several times the one before (as much as the board says), and the
        // search stops if the next would overrun.
        let growth = b.growth((last_cost > 0.0).then(|| cost / last_cost));
        let next = cost * growth;
        last_cost = cost;
        let fits = match budget {
            Budget::Nodes(limit) => (spent_nodes as f64 + next) <= limit as f64,
            Budget::Time(limit) => started.elapsed().as_secs_f64() + next <= limit.as_secs_f64(),
        };
        if !fits {
            break;
        }
    }
    best
}

/// The value of the first move that led to `moved`, searched with a cache of its own. (A cache
/// kept from one search to the next was tried: it grows to the largest search's size, and
/// lookups in the larger, sparser table made searches slower, not faster.)
fn search_first_move<P: SearchBoard, E: Evaluation<P>>(
    moved: P,
    depth_limit: u32,
    stop: Stop,
    evaluation: &E,
) -> Option<(f32, u64)> {
    let mut search = Search {
        evaluation,
        depth_limit,
        cache: Cache::default(),
        nodes: 0,
        stop,
        stopped: false,
        next_check: 0,
    };
    let value = search.chance(moved, 1.0, 0);
    (!search.stopped).then_some((value, search.nodes))
}

/// The most threads one search may use; 0 (the default) means one per core.
static MAX_THREADS: AtomicUsize = AtomicUsize::new(0);

/// Limits the threads each search uses (0: one per core), for a benchmark that plays several
/// games at once. Answers do not change, only how long they take.
pub fn set_max_threads(threads: usize) {
    MAX_THREADS.store(threads, Ordering::Relaxed);
}

/// The threads a search uses: one per core, at most `set_max_threads`, never more than the four
/// first moves.
pub fn threads() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    match MAX_THREADS.load(Ordering::Relaxed) {
        0 => cores,
        limit => cores.min(limit),
    }
    .clamp(1, 4)
}

/// The threads for a search that runs beside the game's frames: one core is left to the frames
/// (one thread on two cores).
pub fn background_threads() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    threads().min(cores.saturating_sub(1)).max(1)
}

/// Searches each first move, on up to `threads` threads (on the web one after the other). Each
/// has its own cache, so the values do not depend on the order or the number of threads: the
/// same board gets the same answer on every machine.
fn search_first_moves<P: SearchBoard, E: Evaluation<P>>(
    moved: &[P],
    depth_limit: u32,
    threads: usize,
    stop: Stop,
    evaluation: &E,
) -> Vec<Option<(f32, u64)>> {
    // The web build has no threads (a spawn would panic there).
    if threads > 1 && !cfg!(target_arch = "wasm32") && moved.len() > 1 && depth_limit > 1 {
        let next = AtomicUsize::new(0);
        let mut results = vec![None; moved.len()];
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads.min(moved.len()))
                .map(|_| {
                    scope.spawn(|| {
                        // Each thread takes the next first move not yet taken.
                        let mut done = Vec::new();
                        loop {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            let Some(&b) = moved.get(i) else { break };
                            done.push((i, search_first_move(b, depth_limit, stop, evaluation)));
                        }
                        done
                    })
                })
                .collect();
            for worker in workers {
                let done = worker
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                for (i, result) in done {
                    results[i] = result;
                }
            }
        });
        return results;
    }
    moved
        .iter()
        .map(|&b| search_first_move(b, depth_limit, stop, evaluation))
        .collect()
}

/// Every move's value searched to `depth_limit` on `threads` threads, or `None` if the search
/// gave up at `stop`.
fn search_to_depth_on<P: SearchBoard, E: Evaluation<P>>(
    b: P,
    depth_limit: u32,
    threads: usize,
    stop: Stop,
    evaluation: &E,
) -> Option<Appraisal> {
    let scored = scored_moves::<P, E>(b);
    let (directions, (moved, rewards)): (Vec<Direction>, (Vec<P>, Vec<f32>)) = Direction::ALL
        .into_iter()
        .zip(scored)
        .filter(|&(_, (moved, _))| moved != b)
        .unzip();
    // A node budget is shared out evenly between the first moves, so that the answer does not
    // depend on which thread searched which.
    let stop = match stop {
        Stop::AfterNodes(limit) => Stop::AfterNodes(limit / moved.len().max(1) as u64),
        stop => stop,
    };
    let results: Option<Vec<(f32, u64)>> =
        search_first_moves(&moved, depth_limit, threads, stop, evaluation)
            .into_iter()
            .collect();
    let results = results?;
    let mut values = [None; 4];
    for ((&direction, &(value, _)), reward) in directions.iter().zip(&results).zip(rewards) {
        values[direction as usize] = Some(value + reward);
    }
    Some(Appraisal {
        values,
        depth: depth_limit,
        nodes: 1 + results.iter().map(|&(_, n)| n).sum::<u64>(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Board;

    #[test]
    fn ordered_rows_score_above_scattered_ones() {
        assert!(line_value(&[4, 3, 2, 1]) > line_value(&[3, 1, 4, 2]));
        assert!(
            line_value(&[1, 1, 0, 0]) > line_value(&[1, 2, 0, 0]),
            "a merge is worth something"
        );
        assert!(
            line_value(&[0, 0, 0, 0]) > line_value(&[1, 0, 0, 0]),
            "empty is best"
        );
    }

    #[test]
    fn depth_grows_with_distinct_tiles() {
        let few = packed::pack(&Board::from_rows(&[
            &[2, 0, 0, 0],
            &[0; 4],
            &[0; 4],
            &[0; 4],
        ]));
        assert_eq!(depth_limit(few.unwrap()), 3);
        let many = packed::pack(&Board::from_rows(&[
            &[2, 4, 8, 16],
            &[32, 64, 128, 256],
            &[0; 4],
            &[0; 4],
        ]));
        assert_eq!(depth_limit(many.unwrap()), 6);
    }

    #[test]
    fn a_budget_gives_the_same_answer_every_time_and_stays_near_its_limit() {
        let board = packed::pack(&Board::from_rows(&[
            &[2, 4, 8, 16],
            &[0, 2, 4, 32],
            &[0, 0, 2, 64],
            &[0, 0, 0, 128],
        ]))
        .unwrap();
        let a = best_move_within(board, Budget::Nodes(20_000)).unwrap();
        let b = best_move_within(board, Budget::Nodes(20_000)).unwrap();
        assert_eq!(a, b);
        assert!(a.nodes <= 20_000 * 2, "{} nodes", a.nodes);
        let tiny = best_move_within(board, Budget::Nodes(1)).unwrap();
        assert!(packed::slide(board, tiny.direction).0 != board);
    }

    #[test]
    fn a_level_past_its_stop_is_given_up() {
        let b = packed::pack(&Board::from_rows(&[
            &[2, 4, 8, 16],
            &[0, 2, 4, 32],
            &[0, 0, 2, 64],
            &[0, 0, 0, 128],
        ]))
        .unwrap();
        let whole = search_to_depth_on(b, 4, 1, Stop::Never, &Heuristic).unwrap();
        assert!(whole.nodes > 1_000);
        assert_eq!(
            search_to_depth_on(b, 4, 1, Stop::AfterNodes(1_000), &Heuristic),
            None
        );
        // Room for every first move's nodes: the same answer, on any number of threads.
        for threads in [1, 2, 4] {
            let roomy = Stop::AfterNodes(whole.nodes * 4);
            assert_eq!(
                search_to_depth_on(b, 4, threads, roomy, &Heuristic),
                Some(whole)
            );
        }
        // A deadline already past gives up too (the clock is read from the first node on).
        let past = Stop::At(Instant::now());
        assert_eq!(search_to_depth_on(b, 4, 1, past, &Heuristic), None);
    }

    #[test]
    fn the_answer_does_not_depend_on_the_number_of_threads() {
        let boards = [
            [[2, 4, 8, 16], [0, 2, 4, 32], [0, 0, 2, 64], [0, 0, 0, 128]],
            [[2, 2, 4, 0], [8, 0, 0, 2], [0, 4, 0, 0], [16, 0, 2, 0]],
            [
                [1024, 512, 64, 2],
                [4, 32, 8, 0],
                [2, 0, 4, 0],
                [0, 2, 0, 0],
            ],
        ];
        for rows in boards {
            let rows: Vec<&[u32]> = rows.iter().map(|r| r.as_slice()).collect();
            let b = packed::pack(&Board::from_rows(&rows)).unwrap();
            let one = search_to_depth_on(b, 4, 1, Stop::Never, &Heuristic).unwrap();
            for threads in [2, 4] {
                assert_eq!(
                    search_to_depth_on(b, 4, threads, Stop::Never, &Heuristic),
                    Some(one),
                    "{threads} threads"
                );
            }
        }
    }

    #[test]
    fn an_appraisal_within_a_node_budget_does_not_depend_on_the_number_of_threads() {
        let four = Board::from_rows(&[
            &[1024, 512, 64, 2],
            &[4, 32, 8, 0],
            &[2, 0, 4, 0],
            &[0, 2, 0, 0],
        ]);
        let five = Board::from_rows(&[
            &[256, 128, 64, 8, 2],
            &[2, 16, 32, 4, 0],
            &[0, 4, 2, 0, 0],
            &[0, 0, 0, 2, 0],
            &[0, 0, 0, 0, 0],
        ]);
        let budget = Budget::Nodes(60_000);
        let packed_one = appraise_on(packed::pack(&four).unwrap(), budget, 1, &Heuristic).unwrap();
        let board_one = appraise_on(five, budget, 1, &Heuristic).unwrap();
        assert!(packed_one.depth >= 2 && board_one.depth >= 2);
        for threads in [2, 4] {
            assert_eq!(
                appraise_on(packed::pack(&four).unwrap(), budget, threads, &Heuristic),
                Some(packed_one)
            );
            assert_eq!(
                appraise_on(five, budget, threads, &Heuristic),
                Some(board_one)
            );
        }
        // The values are the moves': the best is the highest, and a move that changes nothing
        // has none.
        let best = packed_one.best().unwrap();
        assert_eq!(packed_one.value(best.direction), Some(best.value));
        let rows_full = Board::from_rows(&[&[2, 4, 8, 16], &[4, 8, 16, 32], &[0; 4], &[0; 4]]);
        let only_vertical = appraise_on(rows_full, budget, 1, &Heuristic).unwrap();
        assert_eq!(only_vertical.value(Direction::Left), None);
        assert_eq!(only_vertical.value(Direction::Right), None);
        assert!(only_vertical.value(Direction::Down).is_some());
    }

    #[test]
    fn a_learned_value_gets_each_moves_score_added() {
        // A network that values every board at 0: what a move is worth is then only the
        // score it and the moves after it make, so the merge of two 1024s comes first.
        let zero = crate::ai::ntuple::Network::new(&[&[0, 1, 2, 3]], 0.0).unwrap();
        let b = packed::pack(&Board::from_rows(&[
            &[1024, 1024, 0, 0],
            &[2, 4, 8, 16],
            &[4, 8, 16, 32],
            &[8, 16, 32, 64],
        ]))
        .unwrap();
        let appraisal = search_to_depth_on(b, 1, 1, Stop::Never, &zero).unwrap();
        let best = appraisal.best().unwrap();
        assert!(matches!(best.direction, Direction::Left | Direction::Right));
        assert!(best.value >= 2048.0, "{}", best.value);
        // The heuristic adds no score: its values are the boards' own.
        let plain = search_to_depth_on(b, 1, 1, Stop::Never, &Heuristic).unwrap();
        assert!(plain.best().unwrap().value > 1e6);
    }

    #[test]
    fn the_network_scores_4x4_boards_below_16384_and_the_heuristic_the_rest() {
        let network = crate::ai::ntuple::Network::new(&[&[0, 1]], 0.0).unwrap();
        let leaves = Leaves::Network(std::sync::Arc::new(network.compact(0.0, 1.0).unwrap()));
        let with = |top: u32| Board::from_rows(&[&[top, 2, 0, 0], &[0; 4], &[0; 4], &[0, 0, 0, 2]]);
        assert!(leaves.network_for(&with(8192)).is_some());
        assert!(leaves.network_for(&with(NETWORK_BELOW_TILE)).is_none());
        assert!(leaves.network_for(&with(32768)).is_none());
        assert!(leaves.network_for(&Board::new(5)).is_none(), "5×5");
        assert!(Leaves::Heuristic.network_for(&with(2)).is_none());
    }

    #[test]
    fn a_stuck_board_has_no_move_and_an_obvious_merge_is_taken() {
        let stuck = Board::from_rows(&[&[2, 4, 2, 4], &[4, 2, 4, 2], &[2, 4, 2, 4], &[4, 2, 4, 2]]);
        assert_eq!(best_move(packed::pack(&stuck).unwrap()), None);
        // Only vertical moves change this board: the AI picks one of them.
        let column = Board::from_rows(&[&[2, 4, 8, 16], &[2, 4, 8, 16], &[0; 4], &[0; 4]]);
        let choice = best_move(packed::pack(&column).unwrap()).unwrap();
        assert!(matches!(choice.direction, Direction::Up | Direction::Down));
        assert!(choice.nodes > 0);
    }
}
