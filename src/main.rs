//! `g2048`: play 2048 in a window. On the desktop, flags are checked before any window opens;
//! in the browser the page has no flags, and saves go to the browser's local storage.

#[cfg(not(target_arch = "wasm32"))]
mod cli {
    use std::path::PathBuf;
    use std::sync::Arc;

    use clap::Parser;
    use g2048::GamePlugin;
    use g2048::rules::Config;
    use g2048::save::{FileStore, MemoryStore, Store};

    /// 2048 on the Bevy engine: slide with arrows, WASD or HJKL, or drag/swipe the board.
    /// The game in progress, best scores and options are saved after every move.
    #[derive(Parser, Debug)]
    #[command(version, about)]
    pub struct Cli {
        /// Board side, 3 to 8 (default: the saved option, first 4).
        #[arg(long, value_parser = parse_size)]
        pub size: Option<usize>,
        /// Winning tile: a power of two, at least 8 (default: the saved option, first 2048).
        #[arg(long, value_parser = parse_target)]
        pub target: Option<u32>,
        /// Start a new game from this seed instead of resuming: the same seed and keys replay
        /// the same game.
        #[arg(long)]
        pub seed: Option<u64>,
        /// Keep saves in this folder instead of the platform's data folder.
        #[arg(long, value_name = "DIR")]
        pub data_dir: Option<PathBuf>,
        /// Open the replay viewer on a shared game: its code, a link holding one, or a file
        /// holding either. The game in progress is untouched.
        #[arg(long, value_name = "CODE|FILE", value_parser = parse_replay)]
        pub replay: Option<String>,
    }

    /// A replay code, or the code in a file. A file that cannot be read is a bad flag; a code
    /// that is not a game is told on screen once the game runs (its game in progress untouched).
    fn parse_replay(s: &str) -> Result<String, String> {
        let path = std::path::Path::new(s);
        if !path.exists() {
            return Ok(s.to_string());
        }
        let bytes = std::fs::metadata(path)
            .map_err(|e| format!("cannot read {s}: {e}"))?
            .len();
        if bytes > g2048::rules::MAX_CODE_CHARS as u64 {
            return Err(format!("{s} is larger than any replay code"));
        }
        std::fs::read_to_string(path).map_err(|e| format!("cannot read {s}: {e}"))
    }

    fn parse_size(s: &str) -> Result<usize, String> {
        let n: usize = s
            .parse()
            .map_err(|_| format!("`{s}` is not a whole number"))?;
        Config::check_size(n).map_err(|e| e.to_string())
    }

    fn parse_target(s: &str) -> Result<u32, String> {
        let n: u32 = s
            .parse()
            .map_err(|_| format!("`{s}` is not a whole number"))?;
        Config::check_target(n).map_err(|e| e.to_string())
    }

    /// The launch settings from the command line. clap prints the error and exits with code 2
    /// on a bad flag, before any window exists.
    pub fn parse() -> GamePlugin {
        let cli = Cli::parse();
        let store: Arc<dyn Store> = match cli
            .data_dir
            .map(FileStore::new)
            .or_else(FileStore::platform)
        {
            Some(files) => Arc::new(files),
            None => {
                eprintln!("g2048: no data folder on this system; this game will not be saved");
                Arc::new(MemoryStore::default())
            }
        };
        GamePlugin {
            size: cli.size,
            target: cli.target,
            seed: cli.seed,
            store,
            replay: cli.replay,
        }
    }
}

fn main() {
    #[cfg(not(target_arch = "wasm32"))]
    let game = cli::parse();
    #[cfg(target_arch = "wasm32")]
    let game = {
        if !g2048::web::page_can_run() {
            return;
        }
        g2048::GamePlugin {
            size: None,
            target: None,
            seed: None,
            store: std::sync::Arc::new(g2048::save::WebStore),
            replay: g2048::web::replay_in_link(),
        }
    };
    g2048::windowed_app(game).run();
}
