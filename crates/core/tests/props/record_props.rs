//! Share codes over random games: record → code → decode → replay gives back every position,
//! the score and the RNG state exactly; random text and damaged codes never panic the decoder.

use base64::{Engine as _, engine::general_purpose::URL_SAFE_NO_PAD};
use g2048_core::rules::{Config, Direction, Game, History, MAX_SIZE, MIN_SIZE, Record, Status};
use proptest::prelude::*;

/// A game of every size and a few targets, played by a random sequence of directions (moves
/// that change nothing are skipped, a win is continued), with every position it passed.
fn random_game() -> impl Strategy<Value = (Record, Vec<Game>)> {
    (
        MIN_SIZE..=MAX_SIZE,
        prop::sample::select(vec![16u32, 64, 256, 2048]),
        any::<u64>(),
        prop::collection::vec(0..4usize, 0..400),
        0..5u32,
    )
        .prop_map(|(size, target, seed, picks, undos)| {
            let config = Config::new(size, target).unwrap();
            let mut game = Game::new(config, seed);
            let mut positions = vec![game.clone()];
            let mut moves = Vec::new();
            for pick in picks {
                if game.status() == Status::Over {
                    break;
                }
                if game.status() == Status::Won {
                    game.keep_going();
                }
                let direction = Direction::ALL[pick];
                if game.play(direction).is_some_and(|t| t.plan.moved) {
                    moves.push(direction);
                    positions.push(game.clone());
                }
            }
            let record = Record {
                stream: None,
                config,
                seed,
                moves,
                undos,
            };
            (record, positions)
        })
}

proptest! {
    #![proptest_config(crate::cases(300))]

    #[test]
    fn a_code_replays_every_position_score_and_rng_state((record, positions) in random_game()) {
        let code = record.code();
        prop_assert!(code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
        let (decoded, history, last) = Record::decode(&code).unwrap();
        prop_assert_eq!(&decoded, &record);
        // `save()` holds the board, score, move count, status and the RNG state.
        let mut end = positions.last().unwrap().clone();
        if end.status() == Status::Won && last.status() != Status::Won {
            end.keep_going();
        }
        prop_assert_eq!(last.save(), end.save());
        for (n, position) in positions.iter().enumerate() {
            let mut shown = history.game_after(n);
            let mut expected = position.clone();
            // A win passed on the way was continued by the next move.
            if n < record.moves.len() {
                if shown.status() == Status::Won { shown.keep_going(); }
                if expected.status() == Status::Won { expected.keep_going(); }
            }
            prop_assert_eq!(shown.save(), expected.save(), "position {}", n);
        }
        prop_assert_eq!(history.record(), Some(record));
    }

    #[test]
    fn random_text_never_panics_the_decoder(text in ".{0,300}") {
        let _ = Record::decode(&text);
    }

    #[test]
    fn random_base64_never_panics_the_decoder(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let _ = Record::decode(&URL_SAFE_NO_PAD.encode(bytes));
    }

    /// A code with one byte changed, cut short, or grown: refused, never a panic (the CRC-32
    /// catches every one-byte change).
    #[test]
    fn damaged_codes_are_refused(
        (record, _) in random_game(),
        at in any::<prop::sample::Index>(),
        flip in 1..=255u8,
        cut in any::<prop::sample::Index>(),
    ) {
        let bytes = URL_SAFE_NO_PAD.decode(record.code()).unwrap();
        let mut changed = bytes.clone();
        let i = at.index(changed.len());
        changed[i] ^= flip;
        prop_assert!(Record::decode(&URL_SAFE_NO_PAD.encode(&changed)).is_err());
        let short = &bytes[..cut.index(bytes.len())];
        prop_assert!(Record::decode(&URL_SAFE_NO_PAD.encode(short)).is_err());
        let mut long = bytes.clone();
        long.push(0);
        prop_assert!(Record::decode(&URL_SAFE_NO_PAD.encode(&long)).is_err());
    }
}

/// The history a record replays to is the one the game kept while it was played.
#[test]
fn a_played_history_and_its_record_agree() {
    let (game, mut history) = History::seeded(Config::default(), 99);
    let mut game = game;
    for direction in [
        Direction::Left,
        Direction::Up,
        Direction::Right,
        Direction::Down,
    ]
    .repeat(5)
    {
        if game.play(direction).is_some_and(|t| t.plan.moved) {
            history.push(direction, &game);
        }
    }
    history.count_undo();
    let record = history.record().unwrap();
    assert_eq!(record.undos, 1);
    let (_, _, end) = Record::decode(&record.code()).unwrap();
    assert_eq!(end.save(), game.save());
}
