//! The n-tuple network's trainer: temporal-difference learning on afterstates, fast and
//! repeatable (the same seed and recipe make the same weights, on one thread or two).
//!
//! An episode is played greedily: each move is the one with the highest reward plus value of
//! its afterstate (the board after the slide, before the new tile). Each afterstate's weight
//! indices are worked out once ([`Network::indices`]), give its value for the choice, and are
//! kept with the move's reward. Once the episode is over its afterstates are learned from the
//! last back to the first (ziap's 2048-tdl does so), each toward its λ-return: the next move's
//! reward plus `(1 − λ)` of the next afterstate's value (as just learned) plus `λ` of the next
//! afterstate's own return. Going backward, each return is worked out from the one before, and
//! the end's news reaches the whole episode at once.
//!
//! The rate: `alpha` shared out between a board's features (`alpha / features` of the error
//! each), and with temporal coherence (Jaśkowski 2017) times each weight's own rate `|E| / A`,
//! where `E` adds up the steps the weight was asked to take and `A` their sizes: a weight whose
//! steps agree keeps learning at the full rate, one whose steps cancel out slows down. With
//! coherence `alpha` is 1 (the published recipe: α = 1, λ = 0.5).
//!
//! Restarts: when an episode of more than [`RESTART_AFTER`] moves ends, the next one of its
//! lane starts from its middle afterstate (with a new tile), so that training goes to the late
//! positions where games are lost; a chain of restarts ends at an episode that short. Only a
//! game's first episode, from an empty board, counts in its figures.
//!
//! Two cores, repeatably: the training goes in rounds. In a round each of the recipe's `lanes`
//! plays one episode against the weights as they are, read-only, the lanes shared out between
//! the threads; then the episodes are learned from one after another in the lanes' order. Each
//! lane has its own random source, so what a lane plays does not depend on which thread played
//! it: one thread or two make the same weights, bit for bit. (Lock-free updates from every
//! thread at once, as TDL2048 makes them, would make a different network every run.) The
//! learning is the part more threads cannot share; more lanes than threads keeps them all busy
//! while episodes of different lengths are played.
//!
//! Where the time goes: a 4×6-tuple network is 256 MiB of weights (and 512 MiB of coherence
//! sums), and a move reads 128 weights (four afterstates' 32) and learns 32 (and their sums),
//! scattered over all of it: the trainer waits on memory far more than it computes. So each
//! move's four afterstates have their weights asked for all at once before any is added up,
//! and the learning asks for an afterstate's weights a couple of steps before it learns it
//! (`fetch`).

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use std::time::{Duration, Instant};

use g2048_core::ai::deal::{max_exponent, spawn};
use g2048_core::ai::memory::Table;
use g2048_core::ai::ntuple::{Network, NetworkError};
use g2048_core::ai::packed::{self, Packed};
use rand::rngs::Xoshiro256PlusPlus as Rng;
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};

/// An episode longer than this many moves is followed, with restarts on, by one from its
/// middle.
pub const RESTART_AFTER: usize = 10;

/// How the network learns. The same recipe and seed make the same network, whatever the number
/// of threads.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Recipe {
    /// The learning rate, shared out between a board's features (above 0; 1 with coherence).
    pub alpha: f32,
    /// How much of each afterstate's target is the next afterstate's own return rather than its
    /// value (0: TD(0); 0.5: the published recipe).
    pub lambda: f32,
    /// Temporal coherence: each weight's rate is `|E| / A` of its past steps (1 before any).
    pub coherence: bool,
    /// Episodes from the middle of the one before ([`RESTART_AFTER`]).
    pub restarts: bool,
    /// Episodes a round plays against the same weights before learning from them (1 or more).
    /// One is plain online learning; more lets more threads play at once.
    pub lanes: usize,
}

impl Default for Recipe {
    /// The published recipe (TC, α = 1, λ = 0.5, restarts), in 16 lanes: with fewer, two
    /// threads wait on each other's longer episodes (on the 2-core machine, two threads trained
    /// 1.15 times as fast as one with 4 lanes, 1.32 with 8, 1.44 with 16).
    fn default() -> Self {
        Self {
            alpha: 1.0,
            lambda: 0.5,
            coherence: true,
            restarts: true,
            lanes: 16,
        }
    }
}

/// How one training game went (its first episode, from an empty board).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrainingGame {
    pub score: u64,
    pub moves: u32,
    /// The highest exponent on the board at the end.
    pub max_exponent: u8,
}

/// What a round did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Round {
    /// New games started (at most the round's `new_games`).
    pub started: u64,
    /// Games whose first episode ended, in the lanes' order.
    pub games: Vec<TrainingGame>,
    /// Moves played and learned from, restarts' included.
    pub moves: u64,
    /// Episodes played (0 once every lane is idle: no restart due and no new game allowed).
    pub episodes: usize,
    /// Time spent playing (on every thread at once) and learning (on one): the learning is
    /// what more threads cannot share.
    pub playing: Duration,
    pub learning: Duration,
}

/// Where a lane's next episode starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Start {
    /// A new game: two tiles on an empty board.
    NewGame,
    /// A restart from an afterstate of the episode before (it gets its new tile first).
    From(Packed),
    /// A new game from one of the trainer's openings (it gets its new tile first).
    Opening(Packed),
}

/// One episode's moves, as the learning needs them.
#[derive(Debug, Clone, Default)]
struct Episode {
    /// Each chosen afterstate's `features` weight indices, one afterstate after another.
    indices: Vec<u32>,
    /// Each move's reward.
    rewards: Vec<u32>,
    /// Each chosen afterstate (for a restart from the middle).
    afterstates: Vec<Packed>,
    /// Whether it started a new game (its figures count).
    new_game: bool,
    /// The board it ended on.
    end: Packed,
}

impl Episode {
    fn len(&self) -> usize {
        self.rewards.len()
    }
}

/// One lane: its random source, where its next episode starts, its last episode.
#[derive(Debug, Clone)]
struct Lane {
    rng: Rng,
    /// A restart due from the last episode.
    restart: Option<Packed>,
    /// Set for the round's play, taken by it.
    start: Option<Start>,
    episode: Episode,
    /// The four candidate afterstates' indices.
    scratch: Vec<u32>,
}

impl Lane {
    /// Plays an episode greedily from `start` against `network`, keeping its moves.
    fn play(&mut self, network: &Network, start: Start) {
        let features = network.features();
        let episode = &mut self.episode;
        episode.indices.clear();
        episode.rewards.clear();
        episode.afterstates.clear();
        episode.new_game = matches!(start, Start::NewGame | Start::Opening(_));
        let mut board = match start {
            Start::NewGame => spawn(spawn(0, &mut self.rng), &mut self.rng),
            Start::From(after) | Start::Opening(after) => spawn(after, &mut self.rng),
        };
        self.scratch.resize(4 * features, 0);
        loop {
            let slides = packed::slides(board);
            // Every move's indices first, their weights asked for at once, then the values:
            // the weights of all four afterstates come from memory together.
            for (k, &(after, _)) in slides.iter().enumerate() {
                if after != board {
                    let indices = &mut self.scratch[k * features..(k + 1) * features];
                    network.indices(after, indices);
                    fetch(network.weights(), &[], indices);
                }
            }
            let mut best: Option<(f32, usize)> = None;
            for (k, &(after, reward)) in slides.iter().enumerate() {
                if after == board {
                    continue;
                }
                let indices = &self.scratch[k * features..(k + 1) * features];
                let worth = reward as f32 + network.value_of(indices);
                if best.is_none_or(|(w, _)| worth > w) {
                    best = Some((worth, k));
                }
            }
            let Some((_, k)) = best else { break };
            let (after, reward) = slides[k];
            episode
                .indices
                .extend_from_slice(&self.scratch[k * features..(k + 1) * features]);
            episode.rewards.push(reward);
            episode.afterstates.push(after);
            board = spawn(after, &mut self.rng);
        }
        episode.end = board;
    }
}

/// Where a lane stands between rounds: its random source and the restart it has due. With the
/// weights and the coherence sums, the lanes' states are all a training needs to go on exactly
/// as it would have (`examples/td_train.rs` keeps them beside the network).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LaneState {
    pub rng: Rng,
    pub restart: Option<Packed>,
}

/// The trainer: a network, temporal coherence's sums, the lanes.
#[derive(Debug, Clone)]
pub struct Trainer {
    network: Network,
    /// Each weight's `[E, A]` (the sum of its steps and of their sizes); empty without
    /// coherence.
    coherence: Table<[f32; 2]>,
    recipe: Recipe,
    threads: usize,
    lanes: Vec<Lane>,
    /// Boards a new game starts from instead of an empty board (a network for the late game:
    /// boards that just made 16384); empty for whole games.
    openings: Vec<Packed>,
}

impl Trainer {
    /// A trainer of `network` by `recipe` (at least one lane), its games' tiles from `seed`, on
    /// one thread.
    pub fn new(network: Network, recipe: Recipe, seed: u64) -> Self {
        let recipe = Recipe {
            lanes: recipe.lanes.max(1),
            ..recipe
        };
        let lanes = (0..recipe.lanes as u64)
            .map(|lane| Lane {
                // Each lane's own stream; lane 0's is the seed's own.
                rng: Rng::seed_from_u64(seed ^ lane.wrapping_mul(0x9E37_79B9_7F4A_7C15)),
                restart: None,
                start: None,
                episode: Episode::default(),
                scratch: Vec::new(),
            })
            .collect();
        let coherence = if recipe.coherence {
            Table::filled(network.weights().len(), [0.0; 2])
        } else {
            Table::filled(0, [0.0; 2])
        };
        Self {
            network,
            coherence,
            recipe,
            threads: 1,
            lanes,
            openings: Vec::new(),
        }
    }

    /// Starts each new game from one of `openings` (an afterstate; its lane's random source
    /// picks which, and deals its new tile), not from an empty board. Its figures count from
    /// there: a game from a board holding 16384 that reaches 32768 counts in that rate.
    pub fn with_openings(mut self, openings: Vec<Packed>) -> Self {
        self.openings = openings;
        self
    }

    /// Plays on this many threads (1 or more; no more than there are lanes are used). The
    /// network learned is the same whatever the number.
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    pub fn network(&self) -> &Network {
        &self.network
    }

    pub fn into_network(self) -> Network {
        self.network
    }

    pub fn recipe(&self) -> Recipe {
        self.recipe
    }

    /// The lanes' states, between rounds.
    pub fn lanes(&self) -> Vec<LaneState> {
        self.lanes
            .iter()
            .map(|lane| LaneState {
                rng: lane.rng.clone(),
                restart: lane.restart,
            })
            .collect()
    }

    /// Takes back the lanes' states [`Trainer::lanes`] gave; a count other than the recipe's
    /// lanes is refused and changes nothing.
    pub fn resume_lanes(&mut self, states: &[LaneState]) -> Result<(), String> {
        if states.len() != self.lanes.len() {
            return Err(format!(
                "{} lanes where the recipe has {}",
                states.len(),
                self.lanes.len()
            ));
        }
        for (lane, state) in self.lanes.iter_mut().zip(states) {
            lane.rng = state.rng.clone();
            lane.restart = state.restart;
        }
        Ok(())
    }

    /// Temporal coherence's sums as bytes (each weight's `E` then `A`, little-endian f32s), to
    /// go on later with [`Trainer::resume_coherence`]; `None` without coherence.
    pub fn coherence_bytes(&self) -> Option<Vec<u8>> {
        if self.coherence.is_empty() {
            return None;
        }
        let mut out = Vec::with_capacity(8 * self.coherence.len());
        for [e, a] in self.coherence.iter() {
            out.extend_from_slice(&e.to_le_bytes());
            out.extend_from_slice(&a.to_le_bytes());
        }
        Some(out)
    }

    /// Takes back the sums [`Trainer::coherence_bytes`] gave (for this network's size);
    /// anything else is refused and changes nothing. Without coherence there is nothing to take.
    pub fn resume_coherence(&mut self, bytes: &[u8]) -> Result<(), NetworkError> {
        let expected = 8 * self.network.weights().len();
        if self.coherence.is_empty() || bytes.len() != expected {
            return Err(NetworkError::WrongLength {
                expected,
                found: bytes.len(),
            });
        }
        for (sums, c) in self.coherence.iter_mut().zip(bytes.chunks_exact(8)) {
            *sums = [
                f32::from_le_bytes([c[0], c[1], c[2], c[3]]),
                f32::from_le_bytes([c[4], c[5], c[6], c[7]]),
            ];
        }
        Ok(())
    }

    /// One round: each lane with a restart due plays it, and each other lane starts a new game
    /// while fewer than `new_games` have been started this round; then every episode is learned
    /// from, in the lanes' order.
    pub fn round(&mut self, new_games: u64) -> Round {
        let mut round = Round::default();
        for lane in &mut self.lanes {
            lane.start = match lane.restart.take() {
                Some(after) => Some(Start::From(after)),
                None if round.started < new_games => {
                    round.started += 1;
                    Some(match self.openings.len() {
                        0 => Start::NewGame,
                        n => Start::Opening(self.openings[lane.rng.random_range(0..n)]),
                    })
                }
                None => None,
            };
        }
        let started = Instant::now();
        play_lanes(&self.network, &mut self.lanes, self.threads);
        let played = Instant::now();
        round.playing = played - started;
        let Self {
            network,
            coherence,
            recipe,
            lanes,
            ..
        } = self;
        for lane in lanes.iter_mut() {
            if lane.start.take().is_none() {
                continue;
            }
            let episode = &lane.episode;
            learn(network, coherence, recipe, episode);
            round.episodes += 1;
            round.moves += episode.len() as u64;
            if episode.new_game {
                round.games.push(TrainingGame {
                    score: episode.rewards.iter().map(|&r| u64::from(r)).sum(),
                    moves: episode.len() as u32,
                    max_exponent: max_exponent(episode.end),
                });
            }
            if recipe.restarts && episode.len() > RESTART_AFTER {
                lane.restart = Some(episode.afterstates[episode.len() / 2]);
            }
        }
        round.learning = played.elapsed();
        round
    }
}

/// Plays every lane that has a start, on up to `threads` threads: each thread takes the next
/// lane not yet taken, so a long episode does not hold the others up.
fn play_lanes(network: &Network, lanes: &mut [Lane], threads: usize) {
    let busy: Vec<(&mut Lane, Start)> = lanes
        .iter_mut()
        .filter_map(|lane| lane.start.map(|start| (lane, start)))
        .collect();
    let threads = threads.min(busy.len());
    if threads <= 1 {
        for (lane, start) in busy {
            lane.play(network, start);
        }
        return;
    }
    let slots: Vec<Mutex<(&mut Lane, Start)>> = busy.into_iter().map(Mutex::new).collect();
    let next = AtomicUsize::new(0);
    let work = || {
        while let Some(slot) = slots.get(next.fetch_add(1, Ordering::Relaxed)) {
            // Each slot is taken once, so its lock is never contended (nor poisoned: a panic
            // ends the scope, and the training with it).
            let mut slot = slot.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            let start = slot.1;
            slot.0.play(network, start);
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(work);
        }
        work();
    });
}

/// Learns from an episode, its last afterstate first: each toward its λ-return (0 after the
/// last move), the return of the one before worked out from this one's value as just learned.
fn learn(network: &mut Network, coherence: &mut [[f32; 2]], recipe: &Recipe, episode: &Episode) {
    let features = network.features();
    let share = recipe.alpha / features as f32;
    let lambda = recipe.lambda;
    let mut target = 0.0f32;
    let steps = episode.len();
    for t in (0..steps).rev() {
        let indices = &episode.indices[t * features..(t + 1) * features];
        let reward = episode.rewards[t];
        if t >= AHEAD {
            let ahead = &episode.indices[(t - AHEAD) * features..(t - AHEAD + 1) * features];
            fetch(network.weights(), coherence, ahead);
        }
        let error = target - network.value_of(indices);
        update(network.weights_mut(), coherence, indices, share * error);
        let learned = network.value_of(indices);
        target = reward as f32 + lambda * target + (1.0 - lambda) * learned;
    }
}

/// How many afterstates ahead the learning reads its weights early ([`fetch`]).
const AHEAD: usize = 2;

/// Asks for the weights and coherence sums at `indices` to be brought into the cache, without
/// waiting for them: the learning does so for an afterstate a few steps before it learns it,
/// so that they come from memory while it works on this one (they are scattered over hundreds
/// of megabytes, and most of a step's time was spent waiting for its own).
#[inline]
fn fetch(weights: &[f32], coherence: &[[f32; 2]], indices: &[u32]) {
    for &i in indices {
        let i = i as usize;
        prefetch(&weights[i]);
        if let Some(sums) = coherence.get(i) {
            prefetch(sums);
        }
    }
}

/// Asks the processor to bring the cache line holding `at` in, and goes on at once (a load
/// would hold the step up until the line came). Does nothing on processors other than x86-64.
#[inline]
fn prefetch<T>(at: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint: it reads nothing the program sees, and cannot fault on
    // any address (this one is a live reference's anyway).
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(at).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = at;
}

/// Adds `step` to each weight at `indices`, times its coherence rate where there are sums (and
/// adds the step to those).
#[inline]
fn update(weights: &mut [f32], coherence: &mut [[f32; 2]], indices: &[u32], step: f32) {
    if coherence.is_empty() {
        for &i in indices {
            weights[i as usize] += step;
        }
    } else {
        for &i in indices {
            let i = i as usize;
            let [e, a] = coherence[i];
            let rate = if a > 0.0 { e.abs() / a } else { 1.0 };
            weights[i] += rate * step;
            coherence[i] = [e + step, a + step.abs()];
        }
    }
}

/// The boards of an openings file (`examples/openings.rs` writes them): one packed board a
/// line, 16 hex digits. An error names the first line that is not one, or says there are none.
pub fn parse_openings(text: &str) -> Result<Vec<Packed>, String> {
    let boards = text
        .lines()
        .enumerate()
        .map(|(i, line)| {
            Packed::from_str_radix(line.trim(), 16)
                .map_err(|_| format!("line {}: {line:?} is not a board in 16 hex digits", i + 1))
        })
        .collect::<Result<Vec<Packed>, String>>()?;
    if boards.is_empty() {
        return Err("no boards".to_string());
    }
    Ok(boards)
}

/// The boards of the openings file at `path` ([`parse_openings`]) and the CRC-32 of its text
/// (a run's record of which file it started from); an error names the file and what is wrong.
pub fn read_openings(path: &std::path::Path) -> Result<(Vec<Packed>, u32), String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let boards = parse_openings(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((boards, crc32fast::hash(text.as_bytes())))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fixed-rate recipe of one lane, without restarts.
    fn plain(alpha: f32, lambda: f32) -> Recipe {
        Recipe {
            alpha,
            lambda,
            coherence: false,
            restarts: false,
            lanes: 1,
        }
    }

    /// An episode of made-up afterstates: afterstate `k` has the 8 weights `8k..8k + 8` of a
    /// network of one 2-cell tuple (8 features), none shared between afterstates.
    fn episode(rewards: &[u32]) -> Episode {
        Episode {
            indices: (0..8 * rewards.len() as u32).collect(),
            rewards: rewards.to_vec(),
            afterstates: vec![0; rewards.len()],
            new_game: true,
            end: 0,
        }
    }

    fn value(network: &Network, episode: &Episode, k: usize) -> f32 {
        network.value_of(&episode.indices[8 * k..8 * k + 8])
    }

    #[test]
    fn an_episode_is_learned_backward_toward_its_lambda_returns() {
        // Three afterstates, rewards 4, 8 and 16 (the first move's reward is not learned: it
        // was gained before the first afterstate). At α = 0.5 each value moves half way.
        for lambda in [0.0, 0.5, 1.0] {
            let mut network = Network::new(&[&[0, 1]], 0.0).unwrap();
            let episode = episode(&[4, 8, 16]);
            learn(&mut network, &mut [], &plain(0.5, lambda), &episode);
            // The last afterstate's target is 0: it stays at 0.
            assert_eq!(value(&network, &episode, 2), 0.0);
            // The middle one's is the last move's reward, 16, whatever λ.
            assert_eq!(value(&network, &episode, 1), 8.0);
            // The first's: 8 now, then λ of the next return (16) and 1 − λ of the next value
            // (8, as just learned).
            let target = 8.0 + lambda * 16.0 + (1.0 - lambda) * 8.0;
            assert_eq!(value(&network, &episode, 0), target / 2.0, "λ = {lambda}");
        }
    }

    #[test]
    fn coherence_slows_a_weight_whose_steps_cancel_out() {
        let mut network = Network::new(&[&[0, 1]], 0.0).unwrap();
        let mut sums = vec![[0.0; 2]; 256];
        let indices: Vec<u32> = (0..8).collect();
        let mut step = |network: &mut Network, step: f32| {
            update(network.weights_mut(), &mut sums, &indices, step);
            network.value_of(&indices)
        };
        // The first step is at the full rate (no sums yet), and so is one that agrees.
        assert_eq!(step(&mut network, 1.0), 8.0);
        assert_eq!(step(&mut network, 1.0), 16.0);
        // One against them: E = 2, A = 2, the full rate still.
        assert_eq!(step(&mut network, -2.0), 0.0);
        // Now E = 0 while A = 4: the weight has learned nothing lasting, and stops.
        assert_eq!(step(&mut network, 5.0), 0.0);
        // E = 5, A = 9: five ninths of the next step.
        let after = step(&mut network, 9.0);
        assert!((after - 40.0).abs() < 1e-4, "{after}");
        // Without the sums, each step is taken whole.
        let mut plain = Network::new(&[&[0, 1]], 0.0).unwrap();
        update(plain.weights_mut(), &mut [], &indices, 5.0);
        assert_eq!(plain.value_of(&indices), 40.0);
    }

    #[test]
    fn one_td_step_moves_a_boards_value_toward_its_target() {
        // A real board's indices: the value of its afterstate after a losing move goes to 0,
        // by α of the way where its 16 weights are distinct.
        let network = Network::new(&[&[0, 1], &[2, 6]], 1.0).unwrap();
        let b: Packed = 0x1234_0567_089a_0bcd;
        let mut indices = vec![0; network.features()];
        network.indices(b, &mut indices);
        let mut distinct = indices.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), 16);
        let episode = Episode {
            indices,
            rewards: vec![0],
            afterstates: vec![b],
            new_game: true,
            end: b,
        };
        let mut learned = network.clone();
        learn(&mut learned, &mut [], &plain(0.25, 0.5), &episode);
        assert_eq!(network.value(b), 16.0);
        assert_eq!(learned.value(b), 12.0);
    }

    /// Trains a tiny network (two rows' 4-tuples) on `games` games from `seed`.
    fn train(
        recipe: Recipe,
        seed: u64,
        threads: usize,
        games: u64,
    ) -> (Network, Vec<TrainingGame>) {
        let network = Network::new(&[&[0, 1, 2, 3], &[4, 5, 6, 7]], 0.0).unwrap();
        let mut trainer = Trainer::new(network, recipe, seed).with_threads(threads);
        let mut left = games;
        let mut played = Vec::new();
        loop {
            let round = trainer.round(left);
            left -= round.started;
            played.extend(round.games);
            if round.episodes == 0 {
                break;
            }
        }
        assert_eq!(played.len() as u64, games);
        (trainer.into_network(), played)
    }

    #[test]
    fn the_same_seed_trains_the_same_network_on_one_thread_or_two() {
        let recipe = Recipe {
            lanes: 3,
            ..Recipe::default()
        };
        let (one, games) = train(recipe, 5, 1, 60);
        let (two, games_two) = train(recipe, 5, 2, 60);
        let (again, games_again) = train(recipe, 5, 2, 60);
        assert!(one == two && two == again);
        assert!(games == games_two && games == games_again);
        let (other, _) = train(recipe, 6, 2, 60);
        assert!(other != one);
    }

    #[test]
    fn an_openings_file_reads_back_its_boards_and_names_a_bad_line() {
        assert_eq!(
            parse_openings("000000120034021e\nc100000000000000\n"),
            Ok(vec![0x0000_0012_0034_021E, 0xC100_0000_0000_0000])
        );
        assert_eq!(
            parse_openings("1e\nnot a board\n"),
            Err("line 2: \"not a board\" is not a board in 16 hex digits".to_string())
        );
        assert!(parse_openings("").is_err());
    }

    #[test]
    fn games_start_from_the_openings_given() {
        // Two openings: a 2048 in a corner, or a 4096 in another, with a 2 beside each. A game
        // from an empty board with this tiny untrained network ends long before 2048.
        let openings: Vec<Packed> = vec![0x0000_0000_0000_001B, 0xC100_0000_0000_0000];
        let network = Network::new(&[&[0, 1, 2, 3], &[4, 5, 6, 7]], 0.0).unwrap();
        let mut trainer = Trainer::new(network, plain(0.1, 0.0), 3).with_openings(openings);
        let mut games = Vec::new();
        while games.len() < 40 {
            games.extend(trainer.round(1).games);
        }
        let from = |e: u8| games.iter().filter(|g| g.max_exponent == e).count();
        assert!(games.iter().all(|g| g.max_exponent >= 11));
        assert!(from(11) > 0 && from(12) > 0, "both openings played");
        // Without openings, the same trainer's games start from two tiles.
        let network = Network::new(&[&[0, 1, 2, 3], &[4, 5, 6, 7]], 0.0).unwrap();
        let mut trainer = Trainer::new(network, plain(0.1, 0.0), 3);
        assert!(trainer.round(1).games.iter().all(|g| g.max_exponent < 11));
    }

    #[test]
    fn training_learns_to_play_better_than_at_random() {
        // The published recipe, and TD(0) at a fixed rate: the last hundred of 400 games score
        // well above the first hundred.
        let mean =
            |g: &[TrainingGame]| g.iter().map(|t| t.score as f64).sum::<f64>() / g.len() as f64;
        for recipe in [Recipe::default(), plain(0.1, 0.0)] {
            let (_, games) = train(recipe, 7, 1, 400);
            let (first, last) = (mean(&games[..100]), mean(&games[300..]));
            assert!(
                last > first * 1.5,
                "{recipe:?}: first hundred {first}, last hundred {last}"
            );
        }
    }

    #[test]
    fn a_training_stopped_and_resumed_from_its_state_ends_as_one_that_ran_through() {
        let recipe = Recipe {
            lanes: 3,
            ..Recipe::default()
        };
        let network = Network::new(&[&[0, 1, 2, 3], &[4, 5, 6, 7]], 0.0).unwrap();
        let rounds = |trainer: &mut Trainer, n: usize| {
            for _ in 0..n {
                trainer.round(3);
            }
        };
        let mut through = Trainer::new(network.clone(), recipe, 9);
        rounds(&mut through, 20);

        let mut first = Trainer::new(network, recipe, 9);
        rounds(&mut first, 8);
        // What td_train writes: the weights, the sums, the lanes (through JSON).
        let lanes = serde_json::to_string(&first.lanes()).unwrap();
        let sums = first.coherence_bytes().unwrap();
        let mut second = Trainer::new(first.network().clone(), recipe, 12345);
        second.resume_coherence(&sums).unwrap();
        let states: Vec<LaneState> = serde_json::from_str(&lanes).unwrap();
        assert!(second.resume_lanes(&states[1..]).is_err());
        second.resume_lanes(&states).unwrap();
        rounds(&mut second, 12);
        assert!(second.network() == through.network());
        assert_eq!(second.coherence_bytes(), through.coherence_bytes());
        assert_eq!(second.lanes(), through.lanes());
    }

    #[test]
    fn coherences_sums_go_on_from_their_bytes() {
        let recipe = Recipe::default();
        let network = Network::new(&[&[0, 1, 2, 3]], 0.0).unwrap();
        let mut trainer = Trainer::new(network.clone(), recipe, 1);
        trainer.round(4);
        let bytes = trainer.coherence_bytes().unwrap();
        let mut resumed = Trainer::new(trainer.network().clone(), recipe, 1);
        assert!(resumed.coherence != trainer.coherence);
        resumed.resume_coherence(&bytes).unwrap();
        assert!(resumed.coherence == trainer.coherence);
        assert!(resumed.resume_coherence(&bytes[1..]).is_err());
        let mut fixed = Trainer::new(network, plain(0.1, 0.0), 1);
        assert_eq!(fixed.coherence_bytes(), None);
        assert!(fixed.resume_coherence(&bytes).is_err());
    }
}
