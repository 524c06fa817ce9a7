//! `g2048`: play 2048 in a window. On the desktop, flags are checked before any window opens;
//! in the browser the page has no flags, and saves go to the browser's IndexedDB.
//! A Windows release build is a GUI program: no console window opens with it, and started from
//! a console it writes its flags' messages there (`console`).

#![cfg_attr(
    all(target_os = "windows", not(debug_assertions)),
    windows_subsystem = "windows"
)]

#[cfg(not(target_arch = "wasm32"))]
mod cli {
    use std::path::{Path, PathBuf};
    use std::sync::Arc;

    use clap::{CommandFactory, Parser};
    use g2048::GamePlugin;
    use g2048::game::{AiNetwork, LanguageWanted};
    use g2048::i18n::Lang;
    use g2048::rules::{Config, MIN_SIZE, Shape};
    use g2048::save::{self, Documents, FileStore, Import, MemoryStore, Store};

    /// 2048 on the Bevy engine: slide with arrows, WASD or HJKL, or drag/swipe the board.
    /// The game in progress, best scores and options are saved after every move.
    #[derive(Parser, Debug)]
    #[command(version, about)]
    pub struct Cli {
        /// Board side, 3 to 8, for a square board (default: the saved option, first 4).
        #[arg(long, value_parser = parse_size, conflicts_with_all = ["rows", "cols"])]
        pub size: Option<usize>,
        /// Rows of a board of any shape, 3 to 8 (with --cols).
        #[arg(long, value_parser = parse_rows, requires = "cols")]
        pub rows: Option<usize>,
        /// Columns of a board of any shape, 3 to 8 (with --rows).
        #[arg(long, value_parser = parse_cols, requires = "rows")]
        pub cols: Option<usize>,
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
        /// Play today's daily game: 4×4 to 2048 from the day's seed (UTC), the same for every
        /// player; the day's first game counts, later ones are practice.
        #[arg(long, conflicts_with_all = ["size", "rows", "cols", "target", "seed", "replay"])]
        pub daily: bool,
        /// The ranked daily's server (docs/server.md), remembered for later runs: wss://HOST
        /// (or https://, its certificate checked against Mozilla's roots), ws://HOST:PORT (or
        /// http://), or `none` to forget it. Without one the game calls no one.
        #[arg(long, value_name = "ADDRESS|none", value_parser = parse_server)]
        pub server: Option<ServerFlag>,
        /// The language to play in, for this run: en, fr, de, es, pt-BR, ru or zh-CN (default:
        /// the one chosen in the options, else the system's).
        #[arg(long, value_name = "LANG", value_parser = parse_lang)]
        pub lang: Option<Lang>,
        /// Write everything the game keeps (every board's game with its moves, the history,
        /// best scores, options) to FILE as a backup, and exit.
        #[arg(long, value_name = "FILE", conflicts_with_all = PLAY_FLAGS)]
        pub export: Option<PathBuf>,
        /// Merge a backup (from --export, or the web page's Export) into the saves, and exit:
        /// best scores only rise, every game is kept, and the backup's options replace these.
        #[arg(long, value_name = "FILE", conflicts_with_all = PLAY_FLAGS, conflicts_with = "export")]
        pub import: Option<PathBuf>,
        /// The AI's learned evaluation, a network file (default: ai/ntuple.g2n beside the
        /// program, else the source tree's assets/ai/ntuple.g2n). Without one the AI plays by
        /// its built-in rules.
        #[arg(long, value_name = "FILE")]
        pub ai_network: Option<PathBuf>,
    }

    /// Where the AI's network is looked for without --ai-network: beside the program (a
    /// download), then in the source tree it was built from (`cargo run`). Neither there: the
    /// first, so that the notice's log line says where it was missed.
    fn default_network_path() -> PathBuf {
        let beside = std::env::current_exe()
            .ok()
            .and_then(|exe| Some(exe.parent()?.join("ai").join("ntuple.g2n")));
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/ai/ntuple.g2n");
        match beside {
            Some(beside) if beside.exists() || !source.exists() => beside,
            _ => source,
        }
    }

    /// The flags of a game played, which a backup's --export and --import do not take.
    const PLAY_FLAGS: [&str; 10] = [
        "size",
        "rows",
        "cols",
        "target",
        "seed",
        "replay",
        "lang",
        "daily",
        "server",
        "ai_network",
    ];

    /// What the command line asks for.
    pub enum Launch {
        Play(GamePlugin, AiNetwork),
        /// A backup was written or read: exit with this code.
        Exit(i32),
    }

    /// `--server`'s value: a server's WebSocket address, or none.
    #[derive(Debug, Clone)]
    pub struct ServerFlag(pub Option<String>);

    fn parse_server(s: &str) -> Result<ServerFlag, String> {
        if s == "none" {
            return Ok(ServerFlag(None));
        }
        let url = g2048::game::ranked::link::socket_url(s)?;
        Ok(ServerFlag(Some(url)))
    }

    /// A replay code, a link holding one, or the code in a file. A file that cannot be read is
    /// a bad flag, and so is a path that names none: a code never holds `/` or `.` (a link
    /// does, with its `replay=` mark). A code that is not a game is told on screen once the
    /// game runs (its game in progress untouched).
    fn parse_replay(s: &str) -> Result<String, String> {
        let path = std::path::Path::new(s);
        if !path.exists() {
            if !s.contains(g2048::rules::LINK_MARK) && s.contains(['/', '.']) {
                return Err(format!("no such file: {s}"));
            }
            return Ok(s.to_string());
        }
        let file = g2048::files::regular_file(path).map_err(|e| format!("cannot read {s}: {e}"))?;
        if file.metadata().map_or(0, |meta| meta.len()) > g2048::rules::MAX_CODE_CHARS as u64 {
            return Err(format!("{s} is larger than any replay code"));
        }
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::Read::take(file, 1 << 20), &mut text)
            .map_err(|e| format!("cannot read {s}: {e}"))?;
        Ok(text)
    }

    /// A language the game speaks (or `pseudo`, which marks every string: for checking that
    /// none is missed).
    fn parse_lang(s: &str) -> Result<Lang, String> {
        Lang::parse(s).ok_or_else(|| {
            let offered: Vec<&str> = Lang::ALL.iter().map(|l| l.tag()).collect();
            format!(
                "`{s}` is not a language of the game: choose {}",
                offered.join(", ")
            )
        })
    }

    fn whole(s: &str) -> Result<usize, String> {
        s.parse()
            .map_err(|_| format!("`{s}` is not a whole number"))
    }

    fn parse_size(s: &str) -> Result<usize, String> {
        Config::check_size(whole(s)?).map_err(|e| e.to_string())
    }

    fn parse_rows(s: &str) -> Result<usize, String> {
        let n = whole(s)?;
        Config::check_shape(n, MIN_SIZE)
            .map(|_| n)
            .map_err(|e| e.to_string())
    }

    fn parse_cols(s: &str) -> Result<usize, String> {
        let n = whole(s)?;
        Config::check_shape(MIN_SIZE, n)
            .map(|_| n)
            .map_err(|e| e.to_string())
    }

    fn parse_target(s: &str) -> Result<u32, String> {
        let n: u32 = s
            .parse()
            .map_err(|_| format!("`{s}` is not a whole number"))?;
        Config::check_target(n).map_err(|e| e.to_string())
    }

    /// The launch settings from the command line. clap prints the error and exits with code 2
    /// on a bad flag, before any window exists.
    pub fn parse() -> Launch {
        let cli = Cli::parse();
        let files = cli
            .data_dir
            .map(FileStore::new)
            .or_else(FileStore::platform);
        if files.is_none() && (cli.export.is_some() || cli.import.is_some()) {
            eprintln!("g2048: no data folder on this system (give one with --data-dir)");
            return Launch::Exit(1);
        }
        let store: Arc<dyn Store> = match files {
            Some(files) => Arc::new(files),
            None => {
                eprintln!("g2048: no data folder on this system; this game will not be saved");
                Arc::new(MemoryStore::default())
            }
        };
        if let Some(path) = &cli.export {
            return Launch::Exit(export(store, path));
        }
        if let Some(path) = &cli.import {
            return Launch::Exit(import(store, path));
        }
        let shape = match (cli.size, cli.rows.zip(cli.cols)) {
            (Some(n), _) => Some(Shape::square(n)),
            (None, Some((rows, cols))) => Shape::new(rows, cols),
            (None, None) => None,
        };
        // A target the board asked for cannot reach (8192 on 3×3): told as clap tells a bad
        // flag, exit 2. (A flag's board with the saved target, or the other way, plays to the
        // largest the board reaches, and says so: `persist::load`.)
        if let (Some(shape), Some(target)) = (shape, cli.target)
            && let Err(e) = Config::check_reachable(shape, target)
        {
            Cli::command()
                .error(clap::error::ErrorKind::ArgumentConflict, e)
                .exit();
        }
        let network =
            AiNetwork::from_file(cli.ai_network.clone().unwrap_or_else(default_network_path));
        Launch::Play(
            GamePlugin {
                size: shape,
                target: cli.target,
                seed: cli.seed,
                store,
                replay: cli.replay,
                language: LanguageWanted {
                    flag: cli.lang,
                    system: g2048::game::language::system_languages(),
                },
                daily: cli.daily,
                server: cli.server.map(|flag| flag.0),
            },
            network,
        )
    }

    /// The store's documents, what an earlier build set aside merged back and an import cut
    /// short finished first (so what is imported now joins all of it).
    fn documents(store: Arc<dyn Store>) -> Documents {
        let documents = Documents::new(store);
        let mut problems = Vec::new();
        documents.merge_back(&mut problems);
        for problem in problems {
            eprintln!("g2048: {}", problem.detail);
        }
        match save::resume_import(&documents) {
            Some(Ok(report)) => {
                eprintln!("g2048: finished an import cut short. {}", report.summary())
            }
            Some(Err(e)) => eprintln!("g2048: {e}"),
            None => {}
        }
        documents
    }

    /// `--export FILE`: 0 when written, 1 when it could not be. It only reads the saves: it
    /// renames, sets aside and writes nothing there, whatever it finds.
    fn export(store: Arc<dyn Store>, path: &Path) -> i32 {
        let documents = Documents::reader(store.clone());
        if store
            .read("import", 0)
            .is_ok_and(|journal| journal.is_some())
        {
            eprintln!(
                "g2048: an import was cut short; it is finished at the next start or --import, \
                 and this backup holds the saves without it"
            );
        }
        let (backup, problems) = save::export(&documents, g2048::clock::now_ms());
        for problem in problems {
            eprintln!("g2048: {} (not in the backup)", problem.detail);
        }
        let text = backup.render();
        match save::write_atomically(path, &text) {
            Ok(()) => {
                println!(
                    "g2048: wrote {}: {} ({} bytes)",
                    path.display(),
                    backup.summary(),
                    text.len()
                );
                0
            }
            Err(e) => {
                eprintln!("g2048: cannot write {}: {e}", path.display());
                1
            }
        }
    }

    /// `--import FILE`: 0 when merged, 2 for a file that is not a sound backup (nothing is
    /// written then), 1 when the saves could not be written.
    fn import(store: Arc<dyn Store>, path: &Path) -> i32 {
        let bytes = match g2048::files::read_backup(path) {
            Ok(bytes) => bytes,
            Err(e) => {
                eprintln!("g2048: cannot read {}: {e}", path.display());
                return 2;
            }
        };
        let documents = documents(store);
        let import = match Import::new(&documents, &bytes) {
            Ok(import) => import,
            Err(e) => {
                eprintln!(
                    "g2048: {} cannot be imported: {e}; nothing was changed",
                    path.display()
                );
                return 2;
            }
        };
        match import.apply(&documents) {
            Ok(report) => {
                for problem in &report.problems {
                    eprintln!("g2048: {}", problem.detail);
                }
                println!("g2048: {}", report.summary());
                0
            }
            Err(e) => {
                eprintln!(
                    "g2048: cannot write the saves in {}: {e}",
                    documents.location()
                );
                1
            }
        }
    }
}

/// A Windows release build is a GUI program, which Windows starts with no console and no
/// standard output. Started from a console (cmd, PowerShell) it attaches to that console while
/// it reads its flags, so that `--help`, `--version`, a bad flag's message and `--export` /
/// `--import`'s messages show there; a game that then plays lets the console go, so the shell's
/// Ctrl+C or its closing does not end the game. Started from Explorer there is no console to
/// attach to, and none opens. Output that the shell sent elsewhere (`> file`, a pipe) stays
/// there.
#[cfg(all(target_os = "windows", not(debug_assertions)))]
mod console {
    use std::os::windows::io::IntoRawHandle;
    use windows_sys::Win32::Foundation::{CloseHandle, INVALID_HANDLE_VALUE};
    use windows_sys::Win32::System::Console::{
        ATTACH_PARENT_PROCESS, AttachConsole, FreeConsole, GetStdHandle, STD_ERROR_HANDLE,
        STD_HANDLE, STD_OUTPUT_HANDLE, SetStdHandle,
    };

    /// The parent's console, attached; the standard handles set to it.
    pub struct Attached(Vec<STD_HANDLE>);

    pub fn attach() -> Option<Attached> {
        let missing = |which| {
            // SAFETY: GetStdHandle only reads the process's table of standard handles.
            let handle = unsafe { GetStdHandle(which) };
            handle.is_null() || handle == INVALID_HANDLE_VALUE
        };
        let wanted: Vec<STD_HANDLE> = [STD_OUTPUT_HANDLE, STD_ERROR_HANDLE]
            .into_iter()
            .filter(|&which| missing(which))
            .collect();
        // SAFETY: AttachConsole takes a process id, here the constant for the parent's.
        if wanted.is_empty() || unsafe { AttachConsole(ATTACH_PARENT_PROCESS) } == 0 {
            return None;
        }
        let mut set = Vec::new();
        for which in wanted {
            // The console's screen buffer. Rust's stdout and stderr ask for the standard handle
            // at each write, so they find it from now on.
            let Ok(console) = std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .open("CONOUT$")
            else {
                continue;
            };
            // SAFETY: the handle is open, and ours alone once into_raw_handle gave it up.
            if unsafe { SetStdHandle(which, console.into_raw_handle()) } != 0 {
                set.push(which);
            }
        }
        Some(Attached(set))
    }

    impl Attached {
        /// Lets the console go: the handles set to it are closed and left empty again.
        pub fn detach(self) {
            for which in self.0 {
                // SAFETY: the handle is the one `attach` opened and set; nothing else holds it.
                unsafe {
                    let handle = GetStdHandle(which);
                    SetStdHandle(which, std::ptr::null_mut());
                    CloseHandle(handle);
                }
            }
            // SAFETY: FreeConsole takes nothing and only detaches this process.
            unsafe { FreeConsole() };
        }
    }
}

fn main() {
    #[cfg(all(target_os = "windows", not(debug_assertions)))]
    let console = console::attach();
    #[cfg(not(target_arch = "wasm32"))]
    let (game, network) = match cli::parse() {
        cli::Launch::Play(game, network) => (game, network),
        cli::Launch::Exit(code) => std::process::exit(code),
    };
    #[cfg(all(target_os = "windows", not(debug_assertions)))]
    if let Some(console) = console {
        console.detach();
    }
    #[cfg(target_arch = "wasm32")]
    let game = {
        if !g2048::web::page_can_run() {
            return;
        }
        g2048::GamePlugin {
            size: None,
            target: None,
            seed: None,
            // IndexedDB, as web/saves.js opened it. A page that cannot open it plays unsaved
            // (and says so): localStorage has no lock to merge under.
            store: match g2048::save::IdbStore::open() {
                Some(store) => std::sync::Arc::new(store),
                None => std::sync::Arc::new(g2048::save::MemoryStore::default()),
            },
            replay: g2048::web::replay_in_link(),
            language: g2048::game::LanguageWanted {
                flag: None,
                system: g2048::game::language::system_languages(),
            },
            daily: g2048::web::daily_in_link(),
            // The page's server comes from its host's dist/server.json (web.rs).
            server: None,
        }
    };
    #[cfg(not(target_arch = "wasm32"))]
    g2048::fatal::explain_start_failures();
    let mut app = g2048::windowed_app(game);
    #[cfg(not(target_arch = "wasm32"))]
    app.insert_resource(network);
    app.run();
}
