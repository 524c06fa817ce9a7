//! Strength run of the AI: plays whole games (continuing after 2048) with the expectimax search
//! and prints how many reach each tile from 256 to 32768, the median score, and the median, p95
//! and longest time per move. 4×4 by default, any square with `--size`, any shape with `--rows`
//! and `--cols`; each search to its full
//! depth, within `--budget-ms` as in a frame of the game (12), or within `--budget-nodes` as the
//! desktop game's autoplay on 4×4 between moves (2,000,000).
//!   cargo run --release -p g2048-ai-train --example ai_bench -- --games 20 --seed 1
//! docs/ai.md's runs: `--size N --budget-ms 12 --games 20 --seed 1` (with `--stop-at 32768` on
//! 4×4, `--stop-at 4096` on 5×5 and up), the AI within a frame; `--budget-nodes 2000000 --games
//! 20 --seed 1 --jobs 2 --stop-at 16384`, the 4×4 autoplay between moves (a node budget plays the
//! same moves at any `--jobs`, so two games at a time; its times from `--jobs 1`); and, for
//! reference, the 4×4 search to full depth, `--games 20 --seed 1 --jobs 2 --stop-at 16384`.
//! The other shapes' runs: `--rows R --cols C --budget-ms 12 --games 5 --seed 1 --stop-at 4096`
//! for 3×5, 4×6 and 5×8. The side-by-side run with ziap/2048-ai: `--games 50 --seed 1
//! --budget-ms 4.2` on one core (`--budget-ms` takes fractions).
//! `--jobs 1` (the default) gives each search all the cores (up to four), as the game's hint
//! does; the desktop's autoplay between moves leaves one of them to the frames.
//! `--net FILE` scores the search's leaves on 4×4 by an n-tuple network (`examples/td_train.rs`)
//! instead of the heuristic.
//! Each rate comes with its 95 % Wilson interval; the run ends with the time a move (median,
//! p95, longest), moves a second (each game's moves over its searches' time) and the process's
//! largest memory (resident, from /proc on Linux). `--results FILE` keeps each game as it ends,
//! so that a run of many hours can stop and go on (run it again with the same flags).
//! `--from-board ROWS` starts every game from one board (docs/ai.md's late-game runs: how often
//! a board a few merges short of 32768 makes it, by budget); `--openings FILE` starts each from
//! a board of a file (`examples/openings.rs`: boards that just made 16384).

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use clap::Parser;
use g2048_ai_train::rates::wilson_95;
use g2048_ai_train::train::read_openings;
use g2048_core::ai::deal::{rng, spawn};
use g2048_core::ai::ntuple::{CompactNetwork, Network};
use g2048_core::ai::search::{Budget, Choice, Heuristic};
use g2048_core::ai::{packed, search};
use g2048_core::rules::{Board, Config, Game, Shape, Status};

#[derive(Parser)]
struct Args {
    /// Games to play.
    #[arg(long, default_value_t = 20)]
    games: u64,
    /// Seed of the first game (game i uses seed + i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Stop a game after this many moves (for quick checks).
    #[arg(long)]
    max_moves: Option<u32>,
    /// Stop a game once it makes this tile (16384 is the table's last column; playing on
    /// past it only changes the score and can double a game's length).
    #[arg(long)]
    stop_at: Option<u32>,
    /// Games played at once. The machine's cores are shared out between them (the answers do
    /// not depend on the thread count, so the table does not change; the times do).
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// Board size, 3 to 8 (4×4 is searched on the packed board, the others on the rules').
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(3..=8), conflicts_with_all = ["rows", "cols"])]
    size: u8,
    /// Rows of a board of another shape, 3 to 8 (with --cols; instead of --size).
    #[arg(long, requires = "cols", value_parser = clap::value_parser!(u8).range(3..=8))]
    rows: Option<u8>,
    /// Columns of a board of another shape, 3 to 8 (with --rows).
    #[arg(long, requires = "rows", value_parser = clap::value_parser!(u8).range(3..=8))]
    cols: Option<u8>,
    /// Each search gets this many milliseconds, as in the game (12); without it, each searches
    /// to its full depth.
    #[arg(long, conflicts_with = "budget_nodes", value_parser = positive_ms)]
    budget_ms: Option<f64>,
    /// Each search visits at most this many nodes, as autoplay does natively at the normal
    /// pace (the same moves on every machine and at any `--jobs`).
    #[arg(long)]
    budget_nodes: Option<u64>,
    /// Score the leaves by this n-tuple network (4×4 only) instead of the heuristic (a board
    /// with a tile past 32768, which the packed board cannot hold, is searched by the
    /// heuristic): a trained file or a shipped one. The largest memory then counts the file
    /// too, read whole before the network is made from it (a trained file: the network twice).
    #[arg(long)]
    net: Option<std::path::PathBuf>,
    /// With --net: hold its weights as whole steps of this size in 16 bits
    /// (`CompactNetwork`, half the memory) instead of f32s.
    #[arg(long, requires = "net")]
    compact: Option<f32>,
    /// With --net: once the board holds this tile, score the leaves by the heuristic instead
    /// (a late game the network was not trained on).
    #[arg(long, requires = "net")]
    heuristic_from: Option<u32>,
    /// With --budget-ms: bank what each search leaves of its budget, and let a move on a board
    /// that holds 16384 with at most this many empty cells (the last cascade toward 32768)
    /// spend the bank too, up to ten budgets; the mean time a move stays within the budget.
    #[arg(long, requires = "budget_ms")]
    bank_late: Option<usize>,
    /// Start every game from this board instead of two tiles (its rows top to bottom, split by
    /// `/`, each cell's value or 0 split by `,`; e.g. a late game a few merges short of 32768);
    /// each game's seed deals its tiles from there.
    #[arg(long, value_parser = board_rows)]
    from_board: Option<Board>,
    /// Start each 4×4 game from a board of this file instead (`examples/openings.rs`: one
    /// afterstate a line, 16 hex digits), game i from its i-th board (cycling), with a new
    /// tile dealt by the game's seed: how often boards that just made 16384 go on to 32768.
    #[arg(long, conflicts_with = "from_board")]
    openings: Option<std::path::PathBuf>,
    /// Add each finished game to this file (a JSON line: its seed, figures and every search's
    /// time and nodes), after a first line naming the run. Run again with the same file and
    /// flags, the games already in it are not played again and the table covers them all: a
    /// run of hours can stop and go on. A file of another run is refused.
    #[arg(long)]
    results: Option<std::path::PathBuf>,
}

/// A time budget: a number of milliseconds above 0 (fractions allowed), at most an hour.
fn positive_ms(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(ms) if ms > 0.0 && ms <= 3_600_000.0 => Ok(ms),
        _ => Err(format!(
            "{text:?} is not a time in milliseconds above 0 (e.g. 12 or 2.5)"
        )),
    }
}

/// A board written as rows split by `/`, each a list of values (0 for empty) split by `,`.
fn board_rows(text: &str) -> Result<Board, String> {
    let rows = text
        .split('/')
        .map(|row| {
            row.split(',')
                .map(|v| match v.trim().parse::<u32>() {
                    Ok(v) if v == 0 || (v >= 2 && v.is_power_of_two()) => Ok(v),
                    _ => Err(format!("{v:?} is not 0 or a tile (2, 4, 8, …)")),
                })
                .collect::<Result<Vec<u32>, String>>()
        })
        .collect::<Result<Vec<_>, _>>()?;
    let cols = rows.first().map_or(0, Vec::len);
    if Shape::new(rows.len(), cols).is_none() || rows.iter().any(|row| row.len() != cols) {
        return Err(format!(
            "{text:?} is not 3 to 8 rows of the same length, 3 to 8 each"
        ));
    }
    let rows: Vec<&[u32]> = rows.iter().map(Vec::as_slice).collect();
    Ok(Board::from_rows(&rows))
}

/// What scores the leaves: the heuristic, or a network in f32s or in whole steps.
enum Leaves {
    Heuristic,
    Network(Network),
    Compact(CompactNetwork),
}

/// The move, and whether the search stopped short of the board's full depth (its budget ran
/// out first).
fn choose(board: &Board, budget: Option<Budget>, leaves: &Leaves) -> Option<(Choice, bool)> {
    fn with<P: search::SearchBoard, E: search::Evaluation<P>>(
        b: P,
        budget: Option<Budget>,
        evaluation: &E,
    ) -> Option<(Choice, bool)> {
        match budget {
            None => Some((search::best_move_with(b, evaluation)?, false)),
            Some(budget) => {
                let appraisal = search::appraise_with(b, budget, evaluation)?;
                Some((appraisal.best()?, appraisal.depth < b.depth_limit()))
            }
        }
    }
    match (packed::pack(board), leaves) {
        (Some(p), Leaves::Network(net)) => with(p, budget, net),
        (Some(p), Leaves::Compact(net)) => with(p, budget, net),
        (Some(p), Leaves::Heuristic) => with(p, budget, &Heuristic),
        (None, _) => with(*board, budget, &Heuristic),
    }
}

/// The process's largest resident memory so far, in MiB (Linux; `None` elsewhere).
fn peak_memory_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// One finished game.
#[derive(serde::Serialize, serde::Deserialize)]
struct Played {
    seed: u64,
    max_tile: u32,
    score: u64,
    moves: u32,
    /// Milliseconds each search took.
    ms: Vec<f64>,
    /// Nodes each search visited.
    nodes: Vec<f64>,
    /// The process's largest memory when the game ended, in MiB.
    #[serde(default)]
    peak_mib: Option<f64>,
    /// Searches that stopped short of the board's full depth (the budget ran out first).
    #[serde(default)]
    short_of_full: Option<u32>,
}

/// What a results file's first line names: what changes the games' figures.
fn run_name(args: &Args, net_crc: Option<u32>, openings_crc: Option<u32>) -> String {
    let net = args
        .net
        .as_ref()
        .zip(net_crc)
        .map(|(path, crc)| format!("{} (crc {crc:08x})", path.display()));
    let compact = args
        .compact
        .map(|step| format!(" compact {step}"))
        .unwrap_or_default();
    let late = args
        .heuristic_from
        .map(|tile| format!(" heuristic from {tile}"))
        .unwrap_or_default();
    let bank = args
        .bank_late
        .map(|empty| format!(" bank late at {empty} empty"))
        .unwrap_or_default();
    let from = match (&args.from_board, &args.openings) {
        (Some(board), _) => format!(" from {:?}", board.exponents()),
        (None, Some(path)) => format!(
            " from the openings of {} (crc {:08x})",
            path.display(),
            openings_crc.unwrap_or(0)
        ),
        (None, None) => String::new(),
    };
    format!(
        "ai_bench {} budget {:?} stop_at {:?} max_moves {:?} net {:?}{compact}{late}{bank}{from}",
        args.shape(),
        args.budget(),
        args.stop_at,
        args.max_moves,
        net
    )
}

/// The games a results file holds (none if there is no file yet); a file of another run, or
/// one that cannot be read, stops the program with the reason.
fn earlier_results(path: &std::path::Path, name: &str) -> Vec<Played> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Vec::new(),
        Err(e) => fail(format_args!("cannot read {}: {e}", path.display())),
    };
    let mut lines = text.lines();
    match lines.next() {
        Some(first) if first == name => {}
        Some(first) => fail(format_args!(
            "{} holds another run ({first}); this one is {name}",
            path.display()
        )),
        None => return Vec::new(),
    }
    // A last line cut short by a kill is left out (its game is played again).
    lines
        .filter_map(|line| serde_json::from_str(line).ok())
        .collect()
}

fn fail(what: std::fmt::Arguments) -> ! {
    eprintln!("ai_bench: {what}");
    std::process::exit(2)
}

impl Args {
    fn shape(&self) -> Shape {
        let (rows, cols) = self.rows.zip(self.cols).unwrap_or((self.size, self.size));
        Shape::new(usize::from(rows), usize::from(cols)).expect("sides of 3 to 8")
    }

    fn budget(&self) -> Option<Budget> {
        match (self.budget_ms, self.budget_nodes) {
            (Some(ms), _) => Some(Budget::Time(std::time::Duration::from_secs_f64(
                ms / 1000.0,
            ))),
            (None, Some(nodes)) => Some(Budget::Nodes(nodes)),
            (None, None) => None,
        }
    }
}

fn play(seed: u64, args: &Args, leaves: &Leaves, openings: &[packed::Packed]) -> Played {
    let config = Config::with_shape(args.shape(), 2048).expect("every shape takes 2048");
    let budget = args.budget();
    let opening = match openings.len() {
        0 => None,
        n => {
            let after = openings[(seed.wrapping_sub(args.seed) % n as u64) as usize];
            Some(packed::unpack(spawn(after, &mut rng(seed))))
        }
    };
    let mut game = match (&args.from_board, opening) {
        (Some(board), _) => Game::from_board(config, *board, seed),
        (None, Some(board)) => Game::from_board(config, board, seed),
        (None, None) => Game::new(config, seed),
    };
    let mut ms = Vec::new();
    let mut nodes = Vec::new();
    let mut short_of_full = 0;
    // Seconds banked by searches that finished inside their budget (`--bank-late`).
    let mut banked = 0.0f64;
    loop {
        if game.status() == Status::Won {
            game.keep_going();
        }
        if game.status() == Status::Over
            || args.max_moves.is_some_and(|m| game.moves() >= m)
            || args.stop_at.is_some_and(|t| game.board().max_tile() >= t)
        {
            break;
        }
        let t = Instant::now();
        let late = args
            .heuristic_from
            .is_some_and(|t| game.board().max_tile() >= t);
        let leaves = if late { &Leaves::Heuristic } else { leaves };
        let budget = match (budget, args.bank_late) {
            (Some(Budget::Time(base)), Some(empty))
                if game.board().max_tile() >= 16384 && game.board().empty_count() <= empty =>
            {
                let extra = banked.min(9.0 * base.as_secs_f64());
                Some(Budget::Time(
                    base + std::time::Duration::from_secs_f64(extra),
                ))
            }
            (budget, _) => budget,
        };
        let Some((choice, short)) = choose(game.board(), budget, leaves) else {
            break;
        };
        short_of_full += u32::from(short);
        if let (Some(Budget::Time(base)), Some(_)) = (args.budget(), args.bank_late) {
            banked = (banked + base.as_secs_f64() - t.elapsed().as_secs_f64()).max(0.0);
        }
        ms.push(t.elapsed().as_secs_f64() * 1000.0);
        nodes.push(choice.nodes as f64);
        game.play(choice.direction);
    }
    ms.sort_by(f64::total_cmp);
    Played {
        nodes,
        seed,
        max_tile: game.board().max_tile(),
        score: game.score(),
        moves: game.moves(),
        ms,
        peak_mib: peak_memory_mib(),
        short_of_full: Some(short_of_full),
    }
}

fn main() {
    let args = Args::parse();
    // The file is read once: its network, and its checksum for the results file's first line.
    let (net, net_crc) = match &args.net {
        Some(path) => {
            let bytes = std::fs::read(path)
                .unwrap_or_else(|e| fail(format_args!("cannot read {}: {e}", path.display())));
            let network = g2048_core::ai::shipped::from_either(&bytes)
                .unwrap_or_else(|e| fail(format_args!("{}: {e}", path.display())));
            (Some(network), Some(crc32fast::hash(&bytes)))
        }
        None => (None, None),
    };
    if let Some(board) = &args.from_board
        && board.shape() != args.shape()
    {
        fail(format_args!(
            "--from-board is {}, the games {} (--size, or --rows and --cols)",
            board.shape(),
            args.shape()
        ));
    }
    let (openings, openings_crc): (Vec<packed::Packed>, Option<u32>) = match &args.openings {
        None => (Vec::new(), None),
        Some(path) => {
            if args.shape() != Shape::new(4, 4).expect("4×4") {
                fail(format_args!("--openings plays 4×4 only"));
            }
            let (boards, crc) = read_openings(path).unwrap_or_else(|e| fail(format_args!("{e}")));
            (boards, Some(crc))
        }
    };
    if net.is_some() && args.shape() != Shape::new(4, 4).expect("4×4") {
        eprintln!("ai_bench: --net plays 4×4 only");
        std::process::exit(2);
    }
    let leaves = match (net, args.compact) {
        (Some(net), Some(step)) => Leaves::Compact(net.compact(0.0, step).unwrap_or_else(|| {
            fail(format_args!(
                "a weight is more than {} steps of {step} from 0",
                i16::MAX
            ))
        })),
        (Some(net), None) => Leaves::Network(net),
        (None, _) => Leaves::Heuristic,
    };
    let jobs = args.jobs.max(1);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    search::set_max_threads((cores / jobs).max(1));
    let budget = match args.budget() {
        Some(Budget::Time(t)) => format!("within {} ms", t.as_secs_f64() * 1000.0),
        Some(Budget::Nodes(n)) => format!("within {n} nodes"),
        None => "to full depth".to_string(),
    };
    println!(
        "{} games of {} (seeds {} to {}), {} at a time, each search {budget}, its leaves scored by {}; each search uses {} thread(s) (one per first move) on this {}-core machine",
        args.games,
        args.shape(),
        args.seed,
        args.seed.saturating_add(args.games.saturating_sub(1)),
        jobs,
        args.net
            .as_ref()
            .map_or("the heuristic".to_string(), |p| format!(
                "the network {}{}",
                p.display(),
                args.heuristic_from
                    .map(|t| format!(" (the heuristic once a board holds {t})"))
                    .unwrap_or_default()
            )),
        search::threads(),
        cores,
    );
    // As the game does at start: the 4×4 tables are not built within the first move's time.
    search::warm_up();
    let started = Instant::now();
    let name = run_name(&args, net_crc, openings_crc);
    let earlier = args
        .results
        .as_ref()
        .map(|path| earlier_results(path, &name))
        .unwrap_or_default();
    let done: std::collections::HashSet<u64> = earlier.iter().map(|p| p.seed).collect();
    if !done.is_empty() {
        println!("{} games already in the results file", done.len());
    }
    let mut file = args.results.as_ref().map(|path| {
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .unwrap_or_else(|e| fail(format_args!("cannot write {}: {e}", path.display())));
        if earlier.is_empty() {
            use std::io::Write;
            writeln!(file, "{name}")
                .unwrap_or_else(|e| fail(format_args!("cannot write {}: {e}", path.display())));
        }
        file
    });
    let to_play: Vec<u64> = (0..args.games)
        .map(|i| args.seed.wrapping_add(i))
        .filter(|seed| !done.contains(seed))
        .collect();
    let file = Mutex::new(file.take());
    let next = AtomicU64::new(0);
    let finished = Mutex::new(earlier);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed) as usize;
                    let Some(&seed) = to_play.get(i) else {
                        break;
                    };
                    let played = play(seed, &args, &leaves, &openings);
                    if let Some(file) = file.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
                        use std::io::Write;
                        let line = serde_json::to_string(&played).expect("figures serialise");
                        writeln!(file, "{line}")
                            .and_then(|()| file.flush())
                            .unwrap_or_else(|e| fail(format_args!("cannot write the results: {e}")));
                    }
                    println!(
                        "seed {:>4}: max tile {:>5}, score {:>7}, {:>5} moves, median {:.2} ms/move, {:.0} s",
                        played.seed,
                        played.max_tile,
                        played.score,
                        played.moves,
                        percentile(&played.ms, 0.5),
                        played.ms.iter().sum::<f64>() / 1000.0
                    );
                    finished
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push(played);
                }
            });
        }
    });
    let results = finished.into_inner().unwrap_or_else(|e| e.into_inner());
    if results.is_empty() {
        println!("no games played");
        return;
    }
    let mut all_ms: Vec<f64> = results.iter().flat_map(|p| p.ms.iter().copied()).collect();
    let n = results.len() as f64;
    println!("\n| reached | games | 95 % interval |");
    println!("|---|---|---|");
    for tile in [256, 512, 1024, 2048, 4096, 8192, 16384, 32768] {
        let count = results.iter().filter(|r| r.max_tile >= tile).count();
        let (low, high) = wilson_95(count as u64, results.len() as u64);
        println!(
            "| {tile} | {count} of {} ({:.0} %) | {:.0} – {:.0} % |",
            results.len(),
            100.0 * count as f64 / n,
            100.0 * low,
            100.0 * high
        );
    }
    let mut scores: Vec<f64> = results.iter().map(|r| r.score as f64).collect();
    scores.sort_by(f64::total_cmp);
    all_ms.sort_by(f64::total_cmp);
    let mut all_nodes: Vec<f64> = results
        .iter()
        .flat_map(|p| p.nodes.iter().copied())
        .collect();
    all_nodes.sort_by(f64::total_cmp);
    let (short, counted) = results
        .iter()
        .filter_map(|p| p.short_of_full.map(|s| (u64::from(s), p.ms.len() as u64)))
        .fold((0, 0), |(s, n), (a, b)| (s + a, n + b));
    if counted > 0 {
        println!(
            "searches short of the board's full depth (the budget ran out first): {short} of {counted} ({:.1} %)",
            100.0 * short as f64 / counted as f64
        );
    }
    println!(
        "nodes a move: median {:.0}, p95 {:.0}, p99 {:.0}, most {:.0}",
        percentile(&all_nodes, 0.5),
        percentile(&all_nodes, 0.95),
        percentile(&all_nodes, 0.99),
        all_nodes.last().copied().unwrap_or(0.0)
    );
    println!(
        "\nmedian score {:.0}; {} moves, median {:.2} ms/move, p95 {:.2} ms/move, longest {:.2} ms, {:.1} moves/s; largest memory {}; {:.0} s in all",
        percentile(&scores, 0.5),
        all_ms.len(),
        percentile(&all_ms, 0.5),
        percentile(&all_ms, 0.95),
        all_ms.last().copied().unwrap_or(0.0),
        all_ms.len() as f64 / (all_ms.iter().sum::<f64>() / 1000.0).max(f64::MIN_POSITIVE),
        results
            .iter()
            .filter_map(|p| p.peak_mib)
            .chain(peak_memory_mib())
            .reduce(f64::max)
            .map_or("unknown".to_string(), |m| format!("{m:.0} MiB")),
        started.elapsed().as_secs_f64()
    );
}
