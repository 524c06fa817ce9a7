//! The AI's learned evaluation on the desktop: an n-tuple network (docs/ai.md, "A learned
//! evaluation"), read from `assets/ai/ntuple.g2n` (`ai/ntuple.g2n` beside the program in a
//! download) the first time the AI is asked for a move, on a thread of its own, so that no
//! frame waits for its 28.6 MB and 128 MiB of weights. The hand-made heuristic plays until it is
//! read, and for good if it cannot be: a missing or damaged file is told to the player once,
//! with the reason in the log, and is not tried again in that run.
//!
//! Only 4×4 boards below 16384 are scored by the network (`search::Leaves::network_for`): the
//! other shapes and the late game keep the heuristic. The page, and the headless
//! tests, have no file: `AiNetwork::default()` never loads one.

use std::path::PathBuf;
use std::sync::Arc;
use std::thread::JoinHandle;

use bevy::prelude::*;

use super::sets::GameSet;
use super::state::Notice;
use crate::ai::ntuple::{CompactNetwork, NetworkError};
use crate::ai::search::Leaves;
use crate::i18n::Said;
use crate::said;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiNetwork>().add_systems(
        Update,
        receive_network
            .run_if(|network: Res<AiNetwork>| network.loading())
            .in_set(GameSet::Input),
    );
}

/// Why the network could not be read.
#[derive(Debug)]
pub enum NetworkLoadError {
    /// No file where it was looked for.
    Missing(PathBuf),
    /// The file is there but could not be read.
    Unreadable(PathBuf, std::io::Error),
    /// The file was read but is not a network this build can use.
    Refused(PathBuf, NetworkError),
    /// The file is larger than any network the game ships.
    TooLarge(PathBuf, u64),
}

/// The largest file read as a network: twice the 32 MB a shipped one may take. A larger one
/// (or a device, or a pipe) is refused before it is read.
const LARGEST_FILE: u64 = 64 << 20;

impl std::fmt::Display for NetworkLoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NetworkLoadError::Missing(path) => write!(f, "no file at {}", path.display()),
            NetworkLoadError::Unreadable(path, e) => {
                write!(f, "cannot read {}: {e}", path.display())
            }
            NetworkLoadError::Refused(path, e) => write!(f, "{}: {e}", path.display()),
            NetworkLoadError::TooLarge(path, bytes) => write!(
                f,
                "{}: {bytes} bytes, more than the {LARGEST_FILE} a network file may have",
                path.display()
            ),
        }
    }
}

impl NetworkLoadError {
    /// The player's line (the reason, with the path, goes to the log).
    pub fn said(&self) -> Said {
        match self {
            NetworkLoadError::Missing(_) => said!("notice-ai-network-missing"),
            NetworkLoadError::Unreadable(..)
            | NetworkLoadError::Refused(..)
            | NetworkLoadError::TooLarge(..) => {
                said!("notice-ai-network-damaged")
            }
        }
    }
}

/// Reads the network at `path` (the whole file, then its checksum, then the weights). Only a
/// plain file of at most [`LARGEST_FILE`] bytes is opened: a pipe would never end, nor a device.
#[cfg(not(target_arch = "wasm32"))]
pub fn load(path: PathBuf) -> Result<CompactNetwork, NetworkLoadError> {
    use std::io::Read;
    let unreadable = |e: std::io::Error| match e.kind() {
        std::io::ErrorKind::NotFound => NetworkLoadError::Missing(path.clone()),
        _ => NetworkLoadError::Unreadable(path.clone(), e),
    };
    let meta = std::fs::metadata(&path).map_err(unreadable)?;
    if !meta.is_file() {
        return Err(unreadable(std::io::Error::other("not a plain file")));
    }
    if meta.len() > LARGEST_FILE {
        return Err(NetworkLoadError::TooLarge(path, meta.len()));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(&path)
        .and_then(|file| file.take(LARGEST_FILE).read_to_end(&mut bytes))
        .map_err(unreadable)?;
    crate::ai::shipped::compact_from_bytes(&bytes).map_err(|e| NetworkLoadError::Refused(path, e))
}

/// Where the network comes from, and what scores the AI's leaves now.
#[derive(Resource, Default)]
pub struct AiNetwork {
    /// The file to read on the AI's first use (`None`: the heuristic always plays).
    file: Option<PathBuf>,
    /// The reading, while it runs.
    reading: Option<JoinHandle<Result<CompactNetwork, NetworkLoadError>>>,
    /// What the searches use: the heuristic until the network is read.
    leaves: Leaves,
}

impl AiNetwork {
    /// The network in `file`, read when the AI is first asked for a move.
    pub fn from_file(file: PathBuf) -> Self {
        Self {
            file: Some(file),
            ..default()
        }
    }

    /// What scores the searches' leaves now.
    pub fn leaves(&self) -> &Leaves {
        &self.leaves
    }

    /// Whether the file is being read.
    pub fn loading(&self) -> bool {
        self.reading.is_some()
    }

    /// The AI is about to search: starts reading the file the first time (a file is tried
    /// once a run).
    pub fn wanted(&mut self) {
        if let Some(file) = self.file.take() {
            self.reading = start_reading(file);
        }
    }
}

/// Reads `file` on a thread of its own.
#[cfg(not(target_arch = "wasm32"))]
fn start_reading(file: PathBuf) -> Option<JoinHandle<Result<CompactNetwork, NetworkLoadError>>> {
    let read = move || {
        let started = std::time::Instant::now();
        let read = load(file);
        if read.is_ok() {
            let ms = started.elapsed().as_secs_f64() * 1000.0;
            info!("the AI's network is read in {ms:.0} ms");
        }
        read
    };
    match std::thread::Builder::new()
        .name("ai network".into())
        .spawn(read)
    {
        Ok(thread) => Some(thread),
        Err(e) => {
            warn!("the AI's network is not read: no thread ({e})");
            None
        }
    }
}

/// The page has no threads and no files: its AI keeps the heuristic (docs/ai.md says why), and
/// its .wasm carries no network reader.
#[cfg(target_arch = "wasm32")]
fn start_reading(_file: PathBuf) -> Option<JoinHandle<Result<CompactNetwork, NetworkLoadError>>> {
    None
}

/// The network, once read, scores the leaves from the next search on; a file that could not
/// be read is told once.
fn receive_network(mut network: ResMut<AiNetwork>, mut notices: MessageWriter<Notice>) {
    if !network
        .reading
        .as_ref()
        .is_some_and(JoinHandle::is_finished)
    {
        return;
    }
    let Some(reading) = network.reading.take() else {
        return;
    };
    match reading
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    {
        Ok(read) => {
            info!("the AI's network is read: {} weights", read.weights());
            network.leaves = Leaves::Network(Arc::new(read));
        }
        Err(e) => {
            warn!("the AI plays by its heuristic: the network: {e}");
            notices.write(Notice(e.said()));
        }
    }
}
