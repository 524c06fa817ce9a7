//! How what one window keeps joins what another already stored, so that a write never undoes
//! another writer's work, whatever the number of windows, tabs, restarts or imports:
//!
//! - **best scores**: per board size, the higher of the two;
//! - **the history of games**: the union, one entry per game (a game is its start time and
//!   seed), the copy that went further where two differ, oldest first by start time, every game
//!   kept (no cap: nothing is dropped, least of all on the strength of a date inside the
//!   data); two lines of play from one start (a backup played on in two places) are both kept,
//!   the second as a game started a millisecond later;
//! - **options**: the last chosen: what this window's player chose since its last write
//!   (`Chosen`), and the stored choice for everything else (fields this build does not know
//!   included: `format::OptionsDoc::with`).
//!
//! The merges of best scores and of the history give the same result whichever side each list
//! is on and when repeated, and drop no game (the property tests below), so two browser tabs
//! that each merge what the other wrote agree.
//!
//! These are rules on what is kept (games, scores, choices), not on documents: `format` applies
//! them to the documents it reads and writes (a history read is its games merged, each once; a
//! browser tab's commit is joined with what is stored by `format::rebase`), so this module
//! reads no document.

use std::cmp::Ordering;

use super::{BestScores, Options, PastGame};
use crate::rules::{Direction, Record};

/// How far a game went, in steps: each move adds one to its moves, each undo takes one from
/// them and adds one to its undos, so `moves + 2 × undos` grows with every step of the game.
pub fn steps(moves: usize, undos: u32) -> u64 {
    moves as u64 + 2 * u64::from(undos)
}

/// Which of two copies of one game went further (`steps`). The rest only makes the order
/// total, so every window picks the same copy.
fn further(a: &PastGame, b: &PastGame) -> Ordering {
    let steps = |g: &PastGame| steps(g.moves as usize, g.undos);
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

/// Whether two copies of one game (same start and seed), with these moves and undos, can be one
/// line of play: the later is the earlier played on, its player having taken back (each undo
/// counted) the earlier's moves after the two part. Otherwise they are two lines played on from
/// one start (a backup played on in two places), and neither may be dropped for the other.
pub fn one_line(a: &[Direction], a_undos: u32, b: &[Direction], b_undos: u32) -> bool {
    let common = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let continues = |from: &[Direction], from_undos: u32, to_undos: u32| {
        u64::from(to_undos) >= u64::from(from_undos) + (from.len() - common) as u64
    };
    continues(a, a_undos, b_undos) || continues(b, b_undos, a_undos)
}

/// `one_line` for two history entries (an entry whose code cannot be read counts as one line).
fn same_line(a: &PastGame, b: &PastGame) -> bool {
    if a.code == b.code {
        return true;
    }
    match (Record::parse(&a.code), Record::parse(&b.code)) {
        (Ok(x), Ok(y)) => one_line(&x.moves, a.undos, &y.moves, b.undos),
        _ => true,
    }
}

/// Puts `entry` in `games` (kept in order): in place of a copy of the same line of play less
/// far on, as a new game, or, if its game is there on another line, as a game of its own
/// started a millisecond later (a line is never dropped for another). Whether the list changed.
pub fn keep_game(games: &mut Vec<PastGame>, entry: PastGame) -> bool {
    insert(games, entry)
}

fn insert(games: &mut Vec<PastGame>, mut entry: PastGame) -> bool {
    loop {
        match games.binary_search_by(|game| started(game, &entry)) {
            Err(at) => {
                games.insert(at, entry);
                return true;
            }
            Ok(at) if same_line(&games[at], &entry) => {
                let changed = games[at] != entry && further(&entry, &games[at]).is_gt();
                if changed {
                    games[at] = entry;
                }
                return changed;
            }
            Ok(at) => {
                // Two lines from one start: the further keeps the start, the other moves on.
                if further(&entry, &games[at]).is_gt() {
                    std::mem::swap(&mut games[at], &mut entry);
                }
                entry.started_ms += 1;
            }
        }
    }
}

/// The history with both lists' games, each once.
pub fn merge_games(stored: &[PastGame], mine: &[PastGame]) -> Vec<PastGame> {
    let mut all: Vec<PastGame> = stored.iter().chain(mine).cloned().collect();
    // The furthest copy of each game sorts first among its copies.
    all.sort_by(|a, b| started(a, b).then_with(|| further(b, a)));
    let mut games: Vec<PastGame> = Vec::with_capacity(all.len());
    let mut lines = Vec::new();
    for game in all {
        match games.last() {
            Some(first) if started(first, &game).is_eq() => {
                if !same_line(first, &game) {
                    lines.push(game);
                }
            }
            _ => games.push(game),
        }
    }
    for line in lines {
        insert(&mut games, line);
    }
    games
}

/// The best score of each board shape found in either.
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
    pub language: bool,
}

impl Chosen {
    /// Every option chosen (an import's: the backup's options become the player's).
    pub fn all() -> Self {
        Self {
            board: true,
            theme: true,
            motion: true,
            coach: true,
            language: true,
        }
    }

    /// The options that differ between `a` and `b`, or are chosen in `self`.
    pub fn or_changed(self, a: &Options, b: &Options) -> Self {
        Self {
            board: self.board || (a.size, a.target) != (b.size, b.target),
            theme: self.theme || a.theme != b.theme,
            motion: self.motion || a.motion != b.motion,
            coach: self.coach || a.coach != b.coach,
            language: self.language || a.language != b.language,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Shape;

    fn game(started_ms: u64, moves: u32, undos: u32) -> PastGame {
        PastGame {
            started_ms,
            seed: 7,
            size: Shape::square(4),
            target: 2048,
            score: u64::from(moves) * 4,
            best_tile: 64,
            moves,
            undos,
            played_ms: 0,
            ai: false,
            over: false,
            code: String::new(),
            extra: Default::default(),
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
        use super::super::{MotionChoice, OptionsDoc, ThemeChoice};
        // The stored options with this window's choices (format.rs): the last chosen of each.
        let merge_options = |stored: &Options, mine: &Options, chosen: Chosen| {
            OptionsDoc::of(stored).with(mine, chosen).options()
        };
        // Another window chose dark; this one chose 5×5 to 4096 and no animations, and chose
        // the theme it already had (light): that is a choice too, the last one.
        let stored = Options {
            theme: ThemeChoice::Dark,
            ..Options::default()
        };
        let mine = Options {
            size: Shape::square(5),
            target: 4096,
            motion: MotionChoice::Off,
            theme: ThemeChoice::Light,
            coach: true,
            // Not chosen here (a language another window's options hold is kept).
            language: Some(crate::i18n::Lang::Fr),
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
                size: Shape::square(5),
                target: 4096,
                theme: ThemeChoice::Dark,
                motion: MotionChoice::Off,
                coach: false,
                language: None,
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

    /// An entry of game `start` (seed 7) on line `line` (0 or 1: the lines part after move 6),
    /// `moves` moves into it, with `undos` undos.
    fn on_line(start: u64, line: u8, moves: usize, undos: u32) -> PastGame {
        use crate::rules::Config;
        let moves: Vec<Direction> = (0..moves)
            .map(|i| {
                let d = (i * 3 + i / 2) % 4;
                Direction::ALL[if i >= 6 && line == 1 { (d + 1) % 4 } else { d }]
            })
            .collect();
        let record = Record {
            stream: None,
            config: Config::default(),
            seed: 7,
            moves: moves.clone(),
            undos,
        };
        PastGame {
            moves: moves.len() as u32,
            code: record.code(),
            ..game(start, moves.len() as u32, undos)
        }
    }

    fn entries() -> impl proptest::strategy::Strategy<Value = Vec<PastGame>> {
        use proptest::prelude::*;
        prop::collection::vec((1..4u64, 0..2u8, 0..12usize, 0..3u32), 0..6).prop_map(|list| {
            list.into_iter()
                .map(|(start, line, moves, undos)| on_line(start * 10, line, moves, undos))
                .collect()
        })
    }

    proptest::proptest! {
        /// The history's merge is the same in any order and when repeated, and keeps every
        /// line of play of every game: so tabs that merge each other's writes agree, and
        /// nothing is dropped (within the caps).
        #[test]
        fn merging_histories_is_order_free_and_drops_no_line(
            a in entries(), b in entries(), c in entries()
        ) {
            // (Not associative when copies of one game were played on in two places and some
            // copy could follow either: which line it joins then depends on what it meets.)
            let ab = merge_games(&a, &b);
            proptest::prop_assert_eq!(&ab, &merge_games(&b, &a));
            proptest::prop_assert_eq!(&merge_games(&ab, &b), &ab);
            proptest::prop_assert_eq!(&merge_games(&ab, &[]), &ab);
            proptest::prop_assert_eq!(&merge_games(&merge_games(&ab, &c), &ab), &merge_games(&ab, &c));
            for entry in a.iter().chain(&b) {
                let kept = ab.iter().any(|g| {
                    g.seed == entry.seed && same_line(g, entry) && further(g, entry).is_ge()
                });
                proptest::prop_assert!(kept, "{:?} lost from {:?}", entry, ab);
            }
            // Keeping one at a time drops nothing either.
            let mut kept = merge_games(&a, &[]);
            for entry in &b {
                keep_game(&mut kept, entry.clone());
            }
            for entry in a.iter().chain(&b) {
                let there = kept.iter().any(|g| {
                    g.seed == entry.seed && same_line(g, entry) && further(g, entry).is_ge()
                });
                proptest::prop_assert!(there, "{:?} lost from {:?}", entry, kept);
            }
        }

        #[test]
        fn merging_best_scores_takes_the_highest_in_any_order(
            a in proptest::collection::btree_map(shape(), 0..1000u64, 0..6),
            b in proptest::collection::btree_map(shape(), 0..1000u64, 0..6),
        ) {
            let ab = merge_best(&a, &b);
            proptest::prop_assert_eq!(&ab, &merge_best(&b, &a));
            for (size, score) in a.iter().chain(&b) {
                proptest::prop_assert!(ab[size] >= *score);
            }
            proptest::prop_assert!(ab.iter().all(|(size, s)| a.get(size) == Some(s) || b.get(size) == Some(s)));
        }
    }

    /// Any board shape.
    fn shape() -> impl proptest::strategy::Strategy<Value = Shape> {
        proptest::strategy::Strategy::prop_map((3..9usize, 3..9usize), |(rows, cols)| {
            Shape::new(rows, cols).unwrap()
        })
    }

    #[test]
    fn an_undo_then_another_move_is_one_line_and_a_game_played_on_in_two_places_is_two() {
        // Ten moves; an undo, and another tenth move: one line.
        let ten = on_line(1, 0, 10, 0);
        let record = Record::parse(&ten.code).unwrap();
        let mut moves = record.moves.clone();
        moves[9] =
            Direction::ALL[(Direction::ALL.iter().position(|&d| d == moves[9]).unwrap() + 1) % 4];
        let other_tenth = |undos| PastGame {
            undos,
            code: Record {
                stream: None,
                moves: moves.clone(),
                undos,
                ..record.clone()
            }
            .code(),
            ..ten.clone()
        };
        assert!(
            !same_line(&ten, &other_tenth(0)),
            "without the undo, two lines"
        );
        assert!(same_line(&ten, &other_tenth(1)));
        assert_eq!(
            merge_games(std::slice::from_ref(&ten), &[other_tenth(1)]),
            [other_tenth(1)]
        );
        // Played on from move 6 in two places: both kept, the lesser a millisecond later.
        let here = on_line(1, 0, 11, 0);
        let there = on_line(1, 1, 9, 0);
        let merged = merge_games(std::slice::from_ref(&here), std::slice::from_ref(&there));
        assert_eq!(merged.len(), 2);
        assert_eq!(merged[0], here);
        assert_eq!((merged[1].started_ms, merged[1].moves), (2, 9));
    }
}
