//! How what one window keeps joins what another already stored, so that a write never undoes
//! another writer's work, whatever the number of windows, tabs, restarts or imports:
//!
//! - **best scores**: per board size, the higher of the two;
//! - **the history of games**: the union, one entry per game (a game is its start time and
//!   seed), the copy that went further where two differ, oldest first by start time, the newest
//!   [`MAX_GAMES`] within [`MAX_GAMES_BYTES`];
//! - **options**: the last chosen: what this window's player chose since its last write, and
//!   the stored choice for everything else.
//!
//! Each merge gives the same result in any order and when repeated (tested in
//! `tests/windows.rs`), so two browser tabs that each merge what the other wrote agree.

use std::cmp::Ordering;

use super::{BestScores, MAX_GAMES, MAX_GAMES_BYTES, Options, PastGame};

/// How far a game went: each move adds one to its moves, each undo takes one from them and
/// adds one to its undos, so `moves + 2 × undos` grows with every step of the game. The rest
/// only makes the order total, so every window picks the same copy.
fn further(a: &PastGame, b: &PastGame) -> Ordering {
    let steps = |g: &PastGame| u64::from(g.moves) + 2 * u64::from(g.undos);
    steps(a)
        .cmp(&steps(b))
        .then(a.played_ms.cmp(&b.played_ms))
        .then(a.over.cmp(&b.over))
        .then(a.score.cmp(&b.score))
        .then_with(|| a.code.cmp(&b.code))
}

/// The order of the history: by start time, then seed.
fn started(a: &PastGame, b: &PastGame) -> Ordering {
    (a.started_ms, a.seed).cmp(&(b.started_ms, b.seed))
}

/// Puts `entry` in `games` (kept in order): in place of the same game if it went at least as
/// far, else as a new game. Whether the list changed.
pub fn keep_game(games: &mut Vec<PastGame>, entry: PastGame) -> bool {
    match games.binary_search_by(|game| started(game, &entry)) {
        Ok(at) => {
            let changed = games[at] != entry && further(&entry, &games[at]).is_ge();
            if changed {
                games[at] = entry;
            }
            changed
        }
        Err(at) => {
            games.insert(at, entry);
            cap_games(games);
            true
        }
    }
}

/// The history with both lists' games, each once.
pub fn merge_games(stored: &[PastGame], mine: &[PastGame]) -> Vec<PastGame> {
    let mut all: Vec<PastGame> = stored.iter().chain(mine).cloned().collect();
    all.sort_by(|a, b| started(a, b).then_with(|| further(b, a)));
    // The furthest copy of each game sorts first among its copies.
    all.dedup_by(|later, first| started(later, first).is_eq());
    cap_games(&mut all);
    all
}

/// Drops the oldest games beyond `MAX_GAMES`, then beyond `MAX_GAMES_BYTES` as saved.
pub fn cap_games(games: &mut Vec<PastGame>) {
    let extra = games.len().saturating_sub(MAX_GAMES);
    games.drain(..extra);
    // Each game's share of the document: its JSON and a comma; the rest is the wrapper.
    let room = MAX_GAMES_BYTES - 64;
    let mut total = 0;
    let keep = games
        .iter()
        .rev()
        .take_while(|game| {
            total += serde_json::to_string(game).map_or(0, |text| text.len() + 1);
            total <= room
        })
        .count();
    let drop = games.len() - keep;
    games.drain(..drop);
}

/// The best score of each size found in either.
pub fn merge_best(stored: &BestScores, mine: &BestScores) -> BestScores {
    let mut best = stored.clone();
    for (&size, &score) in mine {
        let entry = best.entry(size).or_insert(score);
        *entry = (*entry).max(score);
    }
    best
}

/// Which options a window's player chose (the board is size with target, one choice).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Chosen {
    pub board: bool,
    pub theme: bool,
    pub motion: bool,
    pub coach: bool,
}

impl Chosen {
    /// The options that differ between `a` and `b`, or are chosen in `self`.
    pub fn or_changed(self, a: &Options, b: &Options) -> Self {
        Self {
            board: self.board || (a.size, a.target) != (b.size, b.target),
            theme: self.theme || a.theme != b.theme,
            motion: self.motion || a.motion != b.motion,
            coach: self.coach || a.coach != b.coach,
        }
    }
}

/// The stored options with this window's choices: the last chosen of each.
pub fn merge_options(stored: &Options, mine: &Options, chosen: Chosen) -> Options {
    fn pick<T>(chosen: bool, mine: T, stored: T) -> T {
        if chosen { mine } else { stored }
    }
    Options {
        size: pick(chosen.board, mine.size, stored.size),
        target: pick(chosen.board, mine.target, stored.target),
        theme: pick(chosen.theme, mine.theme, stored.theme),
        motion: pick(chosen.motion, mine.motion, stored.motion),
        coach: pick(chosen.coach, mine.coach, stored.coach),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(started_ms: u64, moves: u32, undos: u32) -> PastGame {
        PastGame {
            started_ms,
            seed: 7,
            size: 4,
            target: 2048,
            score: u64::from(moves) * 4,
            best_tile: 64,
            moves,
            undos,
            played_ms: 0,
            ai: false,
            over: false,
            code: String::new(),
        }
    }

    #[test]
    fn a_game_is_kept_once_at_its_furthest() {
        let mut games = vec![game(1, 10, 0), game(3, 5, 0)];
        assert!(
            keep_game(&mut games, game(2, 1, 0)),
            "a new game, in start order"
        );
        assert_eq!(
            games.iter().map(|g| g.started_ms).collect::<Vec<_>>(),
            [1, 2, 3]
        );
        assert!(
            keep_game(&mut games, game(1, 9, 1)),
            "an undo is a step further"
        );
        assert_eq!((games[0].moves, games[0].undos), (9, 1));
        assert!(
            !keep_game(&mut games, game(1, 10, 0)),
            "an older copy changes nothing"
        );
        assert_eq!(merge_games(&games, &[game(3, 4, 0)]), games);
        let merged = merge_games(&[game(3, 4, 0), game(5, 1, 0)], &games);
        assert_eq!(merged.len(), 4);
        assert_eq!(merged[2], game(3, 5, 0));
    }

    #[test]
    fn options_keep_what_each_window_chose() {
        use super::super::{MotionChoice, ThemeChoice};
        // Another window chose dark; this one chose 5×5 to 4096 and no animations, and chose
        // the theme it already had (light): that is a choice too, the last one.
        let stored = Options {
            theme: ThemeChoice::Dark,
            ..Options::default()
        };
        let mine = Options {
            size: 5,
            target: 4096,
            motion: MotionChoice::Off,
            theme: ThemeChoice::Light,
            coach: true,
        };
        let chosen = Chosen {
            board: true,
            motion: true,
            ..Chosen::default()
        };
        let merged = merge_options(&stored, &mine, chosen);
        assert_eq!(
            merged,
            Options {
                size: 5,
                target: 4096,
                theme: ThemeChoice::Dark,
                motion: MotionChoice::Off,
                coach: false,
            }
        );
        let theme = Chosen {
            theme: true,
            ..Chosen::default()
        };
        assert_eq!(
            merge_options(&stored, &mine, theme).theme,
            ThemeChoice::Light
        );
    }
}
