//! Several windows on one store, as headless apps sharing a store (in memory, and a real folder):
//! whatever they do in whatever order, every game played is kept (in its board's slot or in
//! the history, as far as it went), each best score is the highest reached, and the options are
//! the last chosen. Also: a `--seed` never costs the saved game.

use g2048::game::Choose;
use g2048::game::Screen;
use std::collections::BTreeMap;
use std::sync::Arc;

use crate::common::*;
use bevy::prelude::*;
use g2048::{
    game::{BoardClaim, PastGames, PlayerOptions, Request, StoreChanged, UndoRecord},
    rules::{Config, Direction},
    save::{self, FileStore, MemoryStore, Options, PastGame, Store, ThemeChoice},
};
use proptest::prelude::*;

/// The game in play: its identity (start, seed) and how far it went (moves + 2 × undos).
fn current(app: &App) -> Option<((u64, u64), u64)> {
    let history = &app.world().resource::<UndoRecord>().0;
    let seed = history.seed()?;
    let steps = history.len() as u64 + 2 * u64::from(history.undos());
    (!history.is_empty()).then_some(((history.info.started_ms, seed), steps))
}

fn guest(app: &App) -> bool {
    app.world().resource::<BoardClaim>().guest()
}

fn stored_games(store: &dyn Store) -> Vec<PastGame> {
    store
        .read(save::GAMES_KEY, save::MAX_GAMES_BYTES)
        .unwrap()
        .map(|bytes| save::parse_games(&bytes).unwrap())
        .unwrap_or_default()
}

fn stored_best(store: &dyn Store) -> save::BestScores {
    store
        .read(save::BEST_KEY, save::MAX_DOCUMENT_BYTES)
        .unwrap()
        .map(|bytes| save::parse_best(&bytes).unwrap())
        .unwrap_or_default()
}

fn stored_options(store: &dyn Store) -> Options {
    store
        .read(save::OPTIONS_KEY, save::MAX_DOCUMENT_BYTES)
        .unwrap()
        .map(|bytes| save::parse_options(&bytes).unwrap())
        .unwrap_or_default()
}

/// Every square board with every target a window can choose: choosing 3×3 brings the target
/// down to 1024, and a larger board chosen after it keeps that.
fn every_board() -> Vec<Config> {
    (3..=8)
        .map(g2048::rules::Shape::square)
        .flat_map(|shape| {
            g2048::game::options::offered_targets(shape)
                .map(move |target| Config::with_shape(shape, target).unwrap())
        })
        .collect()
}

/// Every game kept in the store, by identity, with how far it went: the history's, and each
/// board's game in progress.
fn kept(store: &Arc<dyn Store>) -> BTreeMap<(u64, u64), u64> {
    let mut kept = BTreeMap::new();
    for game in stored_games(&**store) {
        let steps = u64::from(game.moves) + 2 * u64::from(game.undos);
        kept.insert((game.started_ms, game.seed), steps);
    }
    let documents = save::Documents::new(store.clone());
    for config in every_board() {
        let mut problems = Vec::new();
        if let Some((_, history)) = documents.saved_board(config, &mut problems).game()
            && let Some(seed) = history.seed()
            && !history.is_empty()
        {
            let steps = history.len() as u64 + 2 * u64::from(history.undos());
            let entry = kept.entry((history.info.started_ms, seed)).or_insert(0);
            *entry = (*entry).max(steps);
        }
        assert!(problems.is_empty(), "{problems:?}");
    }
    kept
}

fn memory() -> Arc<dyn Store> {
    Arc::new(MemoryStore::default())
}

/// The finding this was built for: A (seed 11) plays 14 moves, B (seed 22) one; A starts a new
/// game, then B does. Before, the history held only B's game and BEST said 4.
fn finding(store: Arc<dyn Store>) {
    let mut a = window(&store, Some(11));
    let mut b = window(&store, Some(22));
    assert!(
        !guest(&a) && guest(&b),
        "A plays the board, B a game of its own"
    );
    assert!(
        key_help(&mut b).starts_with("Another window plays"),
        "{}",
        key_help(&mut b)
    );
    play_moves(&mut a, 14);
    play_moves(&mut b, 1);
    let (a_game, b_game) = (current(&a).unwrap(), current(&b).unwrap());
    let a_score = engine(&a).score();
    assert!(a_score > engine(&b).score());
    new_game(&mut a);
    new_game(&mut b);
    let games = stored_games(&*store);
    let ids: Vec<(u64, u64)> = games.iter().map(|g| (g.started_ms, g.seed)).collect();
    assert!(
        ids.contains(&a_game.0) && ids.contains(&b_game.0),
        "{games:?}"
    );
    assert_eq!(games.len(), 2);
    assert_eq!(
        stored_best(&*store)[&Shape::square(4)],
        a_score,
        "the higher best"
    );
    // B sees A's game and best once it gets the focus back.
    request(&mut b, Request::CloseDialog);
    b.world_mut().write_message(StoreChanged);
    b.update();
    assert_eq!(b.world().resource::<PastGames>().0.len(), 2);
    assert_eq!(best(&b), a_score);
}

#[test]
fn two_windows_keep_both_games_and_the_higher_best_in_memory() {
    finding(memory());
}

#[test]
fn two_windows_keep_both_games_and_the_higher_best_in_a_folder() {
    let dir = tempfile::tempdir().unwrap();
    finding(Arc::new(FileStore::new(dir.path())));
}

#[test]
fn a_guest_gets_the_board_once_the_other_window_has_closed() {
    let store = memory();
    let mut a = window(&store, None);
    play_moves(&mut a, 6);
    let a_game = current(&a).unwrap();
    let mut b = window(&store, None);
    assert!(guest(&b));
    play_moves(&mut b, 3);
    let b_game = current(&b).unwrap();
    // The guest's game is in the history after every move.
    assert!(
        stored_games(&*store)
            .iter()
            .any(|g| (g.started_ms, g.seed) == b_game.0)
    );
    drop(a);
    new_game(&mut b);
    assert!(!guest(&b), "the board is free again");
    play_moves(&mut b, 2);
    // A's game, left on the board, went into the history when B's new game took its place.
    let kept = kept(&store);
    assert_eq!(kept[&a_game.0], a_game.1);
    assert_eq!(kept[&b_game.0], b_game.1);
    assert_eq!(kept.len(), 3);
}

#[test]
fn a_seed_flag_keeps_the_saved_game_in_the_history() {
    let store = memory();
    let mut first = window(&store, None);
    play_moves(&mut first, 5);
    let saved = current(&first).unwrap();
    let score = engine(&first).score();
    drop(first);
    let mut seeded = window(&store, Some(9));
    assert_eq!(engine(&seeded).moves(), 0, "a new game from the seed");
    let games = stored_games(&*store);
    assert!(
        games
            .iter()
            .any(|g| (g.started_ms, g.seed) == saved.0 && g.score == score && g.moves == 5),
        "{games:?}"
    );
    play_moves(&mut seeded, 1);
    let kept = kept(&store);
    assert_eq!(kept[&saved.0], saved.1);
    assert_eq!(kept.len(), 2, "the seeded game is on the board");
}

/// A store whose claims are answered a few looks later, as a browser's Web Locks are: the
/// answer is the one the store gives then.
struct Answering {
    inner: Arc<MemoryStore>,
    looks: usize,
}

struct Later {
    store: Arc<MemoryStore>,
    name: String,
    looks: std::sync::atomic::AtomicUsize,
    answer: std::sync::OnceLock<save::Claim>,
}

impl save::ClaimHandle for Later {
    fn state(&self) -> save::ClaimState {
        use std::sync::atomic::Ordering;
        if let Some(answer) = self.answer.get() {
            return answer.state();
        }
        match self
            .looks
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
        {
            Ok(_) => save::ClaimState::Pending,
            Err(_) => self
                .answer
                .get_or_init(|| self.store.claim(&self.name))
                .state(),
        }
    }
}

impl Store for Answering {
    fn read(&self, key: &str, limit: usize) -> std::io::Result<Option<Vec<u8>>> {
        self.inner.read(key, limit)
    }
    fn write(&self, key: &str, text: &str) -> std::io::Result<()> {
        self.inner.write(key, text)
    }
    fn remove(&self, key: &str) -> std::io::Result<()> {
        self.inner.remove(key)
    }
    fn set_aside(&self, key: &str) -> std::io::Result<String> {
        self.inner.set_aside(key)
    }
    fn keys(&self) -> std::io::Result<Vec<String>> {
        self.inner.keys()
    }
    fn location(&self) -> String {
        "a store that answers claims later".into()
    }
    fn lock(&self) -> std::io::Result<save::Guard<'_>> {
        self.inner.lock()
    }
    fn claim(&self, name: &str) -> save::Claim {
        save::Claim::new(Later {
            store: self.inner.clone(),
            name: name.to_string(),
            looks: self.looks.into(),
            answer: std::sync::OnceLock::new(),
        })
    }
}

#[test]
fn a_tab_refused_the_board_a_moment_later_keeps_both_games() {
    for moves_meanwhile in [0, 2] {
        let store: Arc<dyn Store> = Arc::new(Answering {
            inner: Arc::default(),
            looks: 6,
        });
        let mut a = window(&store, Some(1));
        for _ in 0..4 {
            a.update();
        }
        play_moves(&mut a, 5);
        let a_game = current(&a).unwrap();
        // B opens on A's saved game while its claim is unanswered, and may play on it.
        let mut b = window(&store, None);
        assert_eq!(
            current(&b).map(|(id, _)| id),
            Some(a_game.0),
            "A's game, shown"
        );
        play_moves(&mut b, moves_meanwhile);
        for _ in 0..8 {
            b.update();
        }
        assert!(guest(&b), "refused: A plays the board");
        let notice = key_help(&mut b);
        assert!(
            notice.starts_with("Another window plays this board"),
            "{notice}"
        );
        let now = kept(&store);
        assert_eq!(now[&a_game.0], a_game.1, "A's game is as A left it");
        match moves_meanwhile {
            0 => assert_eq!(engine(&b).moves(), 0, "a new game of B's own"),
            _ => {
                // The moves B made on it are a game of their own, started now, in the history.
                let (b_id, b_steps) = current(&b).unwrap();
                assert_ne!(b_id, a_game.0);
                assert_eq!(now[&b_id], b_steps);
                assert_eq!(b_steps, a_game.1 + 2);
            }
        }
        play_moves(&mut a, 1);
        assert_eq!(kept(&store)[&a_game.0], a_game.1 + 1, "A plays on");
    }
}

/// What a window does in the property test.
#[derive(Debug, Clone)]
enum Act {
    Move(usize, Direction),
    Undo(usize),
    NewGame(usize),
    /// Switch to the board of this size (through the options).
    Board(usize, usize),
    Theme(usize, ThemeChoice),
    /// The window gets the focus back.
    Focus(usize),
    /// The window is closed and opened again.
    Reopen(usize),
}

fn act() -> impl Strategy<Value = Act> {
    let w = 0..3usize;
    let direction = prop::sample::select(Direction::ALL.to_vec());
    let theme = prop::sample::select(vec![
        ThemeChoice::System,
        ThemeChoice::Light,
        ThemeChoice::Dark,
        ThemeChoice::HighContrast,
    ]);
    prop_oneof![
        8 => (w.clone(), direction).prop_map(|(w, d)| Act::Move(w, d)),
        1 => w.clone().prop_map(Act::Undo),
        2 => w.clone().prop_map(Act::NewGame),
        1 => (w.clone(), 3..5usize).prop_map(|(w, s)| Act::Board(w, s)),
        1 => (w.clone(), theme).prop_map(|(w, t)| Act::Theme(w, t)),
        1 => w.clone().prop_map(Act::Focus),
        1 => w.prop_map(Act::Reopen),
    ]
}

/// A state of a game a window played to: which game (its start and seed), its moves and undos.
#[derive(Clone, Debug)]
struct Reached {
    start: u64,
    seed: u64,
    moves: Vec<Direction>,
    undos: u32,
    /// The window that played to it.
    by: usize,
}

impl Reached {
    fn of(history: &g2048::rules::History) -> Option<Self> {
        Some(Self {
            start: history.info.started_ms,
            seed: history.seed()?,
            moves: history.moves().to_vec(),
            undos: history.undos(),
            by: 0,
        })
    }

    fn steps(&self) -> u64 {
        save::merge::steps(self.moves.len(), self.undos)
    }

    /// Whether this copy holds `other`: the same game (start and seed) on the same line of
    /// play, as far on or further.
    fn covers(&self, other: &Reached) -> bool {
        (self.start, self.seed) == (other.start, other.seed)
            && self.steps() >= other.steps()
            && save::merge::one_line(&self.moves, self.undos, &other.moves, other.undos)
    }
}

/// Which game a window plays (start and seed).
fn identity(app: &App) -> Option<(u64, u64)> {
    let history = &app.world().resource::<UndoRecord>().0;
    Some((history.info.started_ms, history.seed()?))
}

/// Every game kept in the store with its moves: the history's, and each board's game in
/// progress (one undone back to its start included).
fn kept_games(store: &Arc<dyn Store>) -> Vec<Reached> {
    let mut kept: Vec<Reached> = stored_games(&**store)
        .iter()
        .map(|game| {
            let record = g2048::rules::Record::parse(&game.code).unwrap();
            Reached {
                start: game.started_ms,
                seed: game.seed,
                moves: record.moves,
                undos: game.undos,
                by: 0,
            }
        })
        .collect();
    let documents = save::Documents::new(store.clone());
    for config in every_board() {
        let mut problems = Vec::new();
        if let Some((_, history)) = documents.saved_board(config, &mut problems).game() {
            kept.extend(Reached::of(&history));
        }
        assert!(problems.is_empty(), "{problems:?}");
    }
    kept
}

/// Runs `acts` on three windows; checks that every state of a game that a window played to
/// is kept (in a board's slot or the history, under its start and seed, on the same line and as
/// far on), unless its player took it back to its start (a game without moves is never kept);
/// each best is the highest score reached, and the theme is the last chosen.
///
/// A state counts where the window that acted played to it: a window that only shows a game
/// it read (and another window then takes back) played nothing. A tab that played on a game
/// its claim then turned out not to hold makes what it played a game of its own (a new start):
/// its states follow it there.
fn interleave(store: Arc<dyn Store>, acts: &[Act]) {
    // The game alone in each window: what they keep is the game's (the other tests of this
    // file run whole windows, view and all).
    let mut windows: Vec<App> = (0..3).map(|_| game_window(&store, None)).collect();
    let mut reached: Vec<Reached> = Vec::new();
    let mut best: BTreeMap<Shape, u64> = BTreeMap::new();
    let mut theme = None;
    let mut trace = String::new();
    for act in acts {
        let before: Vec<Option<(u64, u64)>> = windows.iter().map(identity).collect();
        let acted = match *act {
            Act::Move(w, direction) => {
                request(&mut windows[w], Request::Move(direction));
                Some(w)
            }
            Act::Undo(w) => {
                request(&mut windows[w], Request::Undo);
                Some(w)
            }
            Act::NewGame(w) => {
                new_game(&mut windows[w]);
                None
            }
            Act::Board(w, size) => {
                request(&mut windows[w], Request::Show(Screen::Options));
                request(&mut windows[w], Request::Options(Choose::Size(size)));
                request(&mut windows[w], Request::CloseDialog);
                None
            }
            Act::Theme(w, choice) => {
                request(&mut windows[w], Request::Show(Screen::Options));
                request(&mut windows[w], Request::Options(Choose::Theme(choice)));
                request(&mut windows[w], Request::CloseDialog);
                theme = Some(choice);
                None
            }
            Act::Focus(w) => {
                windows[w].world_mut().write_message(StoreChanged);
                windows[w].update();
                None
            }
            Act::Reopen(w) => {
                windows[w] = App::new();
                windows[w] = game_window(&store, None);
                None
            }
        };
        // A tab's moves on a game made its own: the same seed, a new start, in a frame of the
        // window's own (its claim answered) or of its act.
        for (w, app) in windows.iter().enumerate() {
            if let (Some((old, seed)), Some((new, now))) = (before[w], identity(app))
                && seed == now
                && old != new
                && !matches!(*act, Act::Reopen(r) | Act::NewGame(r) | Act::Board(r, _) if r == w)
            {
                for state in reached.iter_mut() {
                    if state.by == w && (state.start, state.seed) == (old, seed) {
                        state.start = new;
                    }
                }
            }
        }
        if let Some(w) = acted
            && let Some(mut state) = Reached::of(&windows[w].world().resource::<UndoRecord>().0)
        {
            state.by = w;
            if state.moves.is_empty() {
                // Taken back to its start: what it undid is no longer the player's.
                reached.retain(|old| !(old.start == state.start && state.covers(old)));
            } else {
                reached.push(state);
            }
        }
        for app in &windows {
            let game = engine(app);
            let entry = best.entry(game.config().shape()).or_insert(0);
            *entry = (*entry).max(game.score());
        }
        {
            use std::fmt::Write;
            let _ = writeln!(trace, "after {act:?}:");
            for (i, app) in windows.iter().enumerate() {
                let claim = app.world().resource::<BoardClaim>();
                let _ = writeln!(
                    trace,
                    "  window {i}: {:?} {:?}",
                    current(app),
                    claim.guest()
                );
            }
        }
        // A game over or a won game takes Enter: keep playing through it.
        for app in &mut windows {
            if screen(app) == g2048::game::Screen::Game && state(app) == g2048::game::GameState::Won
            {
                request(app, Request::KeepGoing);
            }
        }
    }
    let themes: Vec<ThemeChoice> = windows
        .iter()
        .map(|app| app.world().resource::<PlayerOptions>().theme)
        .collect();
    drop(windows);
    let kept = kept_games(&store);
    for state in &reached {
        assert!(
            kept.iter().any(|copy| copy.covers(state)),
            "{state:?} is not kept: {kept:?}\n{trace}"
        );
    }
    let stored = stored_best(&*store);
    for (size, score) in best.iter().filter(|(_, score)| **score > 0) {
        assert_eq!(stored.get(size), Some(score), "best of {size}");
    }
    if let Some(theme) = theme {
        assert_eq!(
            stored_options(&*store).theme,
            theme,
            "windows showed {themes:?}"
        );
    }
}

proptest! {
    #![proptest_config(crate::common::cases(24))]

    #[test]
    fn any_interleaving_of_three_windows_loses_nothing_in_memory(
        acts in prop::collection::vec(act(), 1..60)
    ) {
        interleave(memory(), &acts);
    }
}

proptest! {
    #![proptest_config(crate::common::cases(6))]

    #[test]
    fn any_interleaving_of_three_windows_loses_nothing_in_a_folder(
        acts in prop::collection::vec(act(), 1..40)
    ) {
        let dir = tempfile::tempdir().unwrap();
        interleave(Arc::new(FileStore::new(dir.path())), &acts);
    }
}

proptest! {
    #![proptest_config(crate::common::cases(24))]

    /// As tabs in a browser, whose claims are answered a moment later. (Its saved cases, in
    /// tests/proptest-regressions/windows.txt, once lost a game a tab had made its own: the
    /// copy was written over the original because both stood at the same position. A slot is
    /// now written over only by the same game further on its line.)
    #[test]
    fn any_interleaving_of_three_tabs_loses_nothing(
        acts in prop::collection::vec(act(), 1..50)
    ) {
        interleave(Arc::new(Answering { inner: Arc::default(), looks: 3 }), &acts);
    }
}

/// Merges from two threads at once on one folder, each through its own `Documents` (as two
/// processes would): the lock keeps every game of both and the higher best.
#[test]
fn merges_racing_on_one_folder_keep_everything() {
    let dir = tempfile::tempdir().unwrap();
    let games = |from: u64| -> Vec<PastGame> {
        g2048::testing::sample_backup(120, 20)
            .games
            .into_iter()
            .map(|mut game| {
                game.started_ms += from;
                game
            })
            .collect()
    };
    let threads: Vec<_> = [0, 1_000_000]
        .into_iter()
        .map(|from| {
            let path = dir.path().to_path_buf();
            let mine = games(from);
            std::thread::spawn(move || {
                let documents = save::Documents::new(Arc::new(FileStore::new(path)));
                let mut kept = Vec::new();
                for (i, game) in mine.into_iter().enumerate() {
                    kept.push(game);
                    let synced = documents.sync_games(&kept);
                    synced.written.unwrap();
                    kept = synced.value;
                    let best = [(Shape::square(4), from + i as u64)].into_iter().collect();
                    documents.sync_best(&best).written.unwrap();
                }
            })
        })
        .collect();
    for thread in threads {
        thread.join().unwrap();
    }
    let store: Arc<dyn Store> = Arc::new(FileStore::new(dir.path()));
    let stored = stored_games(&*store);
    assert_eq!(stored.len(), 240, "every game of both writers");
    assert_eq!(stored_best(&*store)[&Shape::square(4)], 1_000_119);
}

/// The game's moves are written before the game: a kill between the two leaves the moves
/// ahead, and the next start plays them to the newer game, undo and record whole.
#[test]
fn a_kill_between_a_boards_two_writes_loses_no_move() {
    let store: Arc<dyn Store> = memory();
    let mut app = window(&store, Some(5));
    play_moves(&mut app, 6);
    let mut game = engine(&app).clone();
    let mut history = app.world().resource::<UndoRecord>().0.clone();
    drop(app);
    // The next move: its moves written, then the kill before the game.
    let direction = Direction::ALL
        .into_iter()
        .find(|&d| game.board().slid(d).2)
        .unwrap();
    game.play(direction);
    history.push(direction, &game);
    let config = game.config();
    store
        .write(&save::history_key(config), &save::render_history(&history))
        .unwrap();
    let again = window(&store, None);
    assert_eq!(engine(&again).save(), game.save(), "the newer game");
    assert_eq!(current(&again), current_of(&history));
    drop(again);
    // An undo: its moves written (one fewer, one more undo), then the kill before the game,
    // which is still the one before the undo.
    store
        .write(&save::game_key(config), &save::render_game(&game))
        .unwrap();
    let mut undone = history.clone();
    let (back, _) = undone.pop().unwrap();
    undone.count_undo();
    store
        .write(&save::history_key(config), &save::render_history(&undone))
        .unwrap();
    let mut again = window(&store, None);
    assert_eq!(
        engine(&again).save(),
        back.save(),
        "the game as the undo left it"
    );
    assert_eq!(current(&again), current_of(&undone));
    for _ in 0..6 {
        request(&mut again, Request::Undo);
    }
    assert_eq!(engine(&again).moves(), 0, "undo reaches the first move");
}

fn current_of(history: &g2048::rules::History) -> Option<((u64, u64), u64)> {
    let steps = history.len() as u64 + 2 * u64::from(history.undos());
    Some(((history.info.started_ms, history.seed()?), steps))
}

/// A game from before games were recorded (no moves saved with it) that a `--seed` replaces
/// cannot go into the history: it is set aside, kept as a file, and the player is told.
#[test]
fn a_seed_over_a_game_the_history_cannot_hold_sets_it_aside() {
    let config = Config::default();
    let mut old = g2048::rules::Game::new(config, 3);
    for direction in [Direction::Left, Direction::Up, Direction::Right] {
        old.play(direction);
    }
    let text = save::render_game(&old);
    let store = Arc::new(MemoryStore::with([(
        save::game_key(config),
        text.clone().into_bytes(),
    )]));
    let dyn_store: Arc<dyn Store> = store.clone();
    let mut app = window(&dyn_store, Some(9));
    play_moves(&mut app, 1);
    let documents = store.documents();
    let aside: Vec<&String> = documents.keys().filter(|k| k.contains(".bad")).collect();
    assert_eq!(aside.len(), 1, "{:?}", documents.keys().collect::<Vec<_>>());
    assert_eq!(documents[aside[0]], text.into_bytes(), "kept as it was");
    assert!(
        key_help(&mut app).contains("set aside"),
        "{}",
        key_help(&mut app)
    );
}

/// A tab that read the board's game just before the tab playing it made a last move and
/// closed, and is then told the board is its: it does not write its older copy over that move.
#[test]
fn a_tab_granted_the_board_after_the_other_played_on_keeps_that_move() {
    for moves_meanwhile in [0, 2] {
        let store: Arc<dyn Store> = Arc::new(Answering {
            inner: Arc::default(),
            looks: 6,
        });
        let mut a = window(&store, Some(3));
        for _ in 0..4 {
            a.update();
        }
        play_moves(&mut a, 5);
        let mut b = window(&store, None);
        play_moves(&mut a, 1);
        let a_game = current(&a).unwrap();
        drop(a);
        play_moves(&mut b, moves_meanwhile);
        for _ in 0..8 {
            b.update();
        }
        assert!(!guest(&b), "the board is B's once A has closed");
        let kept = kept(&store);
        assert_eq!(kept[&a_game.0], a_game.1, "A's last move is kept");
        match moves_meanwhile {
            0 => assert_eq!(current(&b), Some(a_game), "B shows A's game as A left it"),
            _ => {
                let (b_id, b_steps) = current(&b).unwrap();
                assert_ne!(b_id, a_game.0, "B's moves are a game of their own");
                assert_eq!(kept[&b_id], b_steps);
            }
        }
    }
}

/// Found by the interleavings above (2026-12-08): a window on 3×3 (to 1024) read another
/// window's choice of 4×4 (to 2048) and chose 3×3 again; its options kept the 2048 and were
/// saved as 3×3 to 2048, so the next window opened a game that can never be won, on a board no
/// option offers. The remembered target now comes down with the board.
#[test]
fn a_board_chosen_after_another_window_s_choice_keeps_a_target_it_can_reach() {
    let store = memory();
    let mut windows: Vec<App> = (0..3).map(|_| game_window(&store, None)).collect();
    let choose = |app: &mut App, size| {
        request(app, Request::Show(Screen::Options));
        request(app, Request::Options(Choose::Size(size)));
        request(app, Request::CloseDialog);
    };
    choose(&mut windows[1], 3);
    choose(&mut windows[2], 4);
    windows[1].world_mut().write_message(StoreChanged);
    windows[1].update();
    choose(&mut windows[1], 3);
    let options = stored_options(&*store);
    assert_eq!(
        (options.size.rows(), options.size.cols(), options.target),
        (3, 3, 1024)
    );
    windows[1] = game_window(&store, None);
    assert_eq!(engine(&windows[1]).config().target(), 1024);
    // The reopened window's game has random tiles: some direction moves them.
    for direction in Direction::ALL {
        request(&mut windows[1], Request::Move(direction));
    }
    let played = current(&windows[1]).expect("moves on the reopened window");
    drop(windows);
    assert!(
        kept(&store)
            .get(&played.0)
            .is_some_and(|&steps| steps >= played.1),
        "{played:?} not in {:?}",
        kept(&store)
    );
}
