//! The desktop's backups through the system's own file dialogs (rfd): the options' Export saves
//! the backup where the save dialog says, and Import merges the file the open dialog picks.
//! Windows and macOS show their own dialogs; Linux and the BSDs the XDG desktop portal's, else
//! zenity's, and a desktop with neither is told so, with the flags that do the same.
//!
//! A dialog is made on the main thread, as macOS asks, and waited for on a thread of its own, so
//! the game draws on behind it; its answer wakes the game, which otherwise sleeps until input.
//! The file is written and read as `--export` and `--import` write and read it
//! (`save::write_atomically`, [`read_backup`]), and an import goes through the same merge as
//! the page's. Only the windowed game opens dialogs; tests send the messages themselves.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};

use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;
use bevy::winit::{EventLoopProxyWrapper, WinitUserEvent};

use crate::game::{BackupMade, GameSet, ImportBackup, Notice, PickBackup};
use crate::said;

pub(crate) fn plugin(app: &mut App) {
    let (send, answers) = channel();
    app.insert_resource(Dialogs {
        send,
        answers: Mutex::new(answers),
        open: Arc::default(),
    })
    .add_systems(Update, take_answers.in_set(GameSet::Input))
    .add_systems(Last, (save_backups, pick_backups));
}

/// Opens a file the player named (a backup, a replay's code), if it is a regular file: a FIFO or
/// a device is refused, not waited on.
pub fn regular_file(path: &Path) -> std::io::Result<std::fs::File> {
    let refused = || std::io::Error::other("it is not a regular file");
    if !std::fs::metadata(path)?.is_file() {
        return Err(refused());
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    let file = options.open(path)?;
    if !file.metadata()?.is_file() {
        return Err(refused());
    }
    Ok(file)
}

/// A backup file's bytes: at most one byte past the largest backup, which the import refuses as
/// too large ([`regular_file`]).
pub fn read_backup(path: &Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    regular_file(path)?
        .take(crate::save::MAX_BACKUP_BYTES as u64 + 1)
        .read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// What a dialog's thread brings back.
enum Answer {
    /// The backup of `games` games was written to `path`.
    Saved { path: PathBuf, games: usize },
    /// It could not be.
    NotSaved { path: PathBuf, reason: String },
    /// The picked file's bytes, to import.
    Picked(Vec<u8>),
    /// The picked file could not be read.
    Unreadable { path: PathBuf, reason: String },
    /// The desktop has no file dialog to show.
    NoDialog,
}

#[derive(Resource)]
struct Dialogs {
    send: Sender<Answer>,
    answers: Mutex<Receiver<Answer>>,
    /// A dialog is showing: another Export or Import waits for it to close (a second dialog
    /// over the first would only confuse; the first may be behind the game's window).
    open: Arc<AtomicBool>,
}

impl Dialogs {
    /// Whether a dialog may open now; it is then counted as open.
    fn may_open(&self) -> bool {
        !self.open.swap(true, Ordering::AcqRel)
    }
}

/// Waits for `dialog` on a thread of its own, then sends what `then` makes of its answer and
/// wakes the game. A dialog that gives no file was cancelled, unless the desktop has none.
fn wait_for<T: Send + 'static>(
    dialog: impl Future<Output = Option<T>> + Send + 'static,
    dialogs: &Dialogs,
    proxy: Option<&EventLoopProxyWrapper>,
    then: impl FnOnce(T) -> Answer + Send + 'static,
) {
    let send = dialogs.send.clone();
    let open = dialogs.open.clone();
    let proxy = proxy.map(|p| (**p).clone());
    let spawned = std::thread::Builder::new()
        .name("file-dialog".into())
        .spawn(move || {
            let answer = match futures_lite::future::block_on(dialog) {
                Some(chosen) => Some(then(chosen)),
                None if no_dialog_here() => Some(Answer::NoDialog),
                None => None,
            };
            open.store(false, Ordering::Release);
            if let Some(answer) = answer {
                let _ = send.send(answer);
                if let Some(proxy) = proxy {
                    let _ = proxy.send_event(WinitUserEvent::WakeUp);
                }
            }
        });
    if let Err(e) = spawned {
        warn!("no thread for the file dialog: {e}");
        dialogs.open.store(false, Ordering::Release);
    }
}

/// Each backup made, saved where the player says.
fn save_backups(
    mut made: MessageReader<BackupMade>,
    dialogs: Res<Dialogs>,
    proxy: Option<Res<EventLoopProxyWrapper>>,
    _main_thread: NonSendMarker,
) {
    for backup in made.read() {
        if !dialogs.may_open() {
            info!("backup: a file dialog is already open");
            continue;
        }
        let dialog = rfd::AsyncFileDialog::new()
            .set_file_name(&backup.name)
            .add_filter("JSON", &["json"])
            .save_file();
        let (text, games) = (backup.text.clone(), backup.games);
        wait_for(dialog, &dialogs, proxy.as_deref(), move |file| {
            let path = file.path().to_path_buf();
            match crate::save::write_atomically(&path, &text) {
                Ok(()) => {
                    info!("backup: wrote {}", path.display());
                    Answer::Saved { path, games }
                }
                Err(e) => Answer::NotSaved {
                    path,
                    reason: e.to_string(),
                },
            }
        });
    }
}

/// The open dialog, for each Import asked for; the picked file is read on the dialog's thread.
fn pick_backups(
    mut asked: MessageReader<PickBackup>,
    dialogs: Res<Dialogs>,
    proxy: Option<Res<EventLoopProxyWrapper>>,
    _main_thread: NonSendMarker,
) {
    if asked.read().count() == 0 {
        return;
    }
    if !dialogs.may_open() {
        info!("import: a file dialog is already open");
        return;
    }
    let dialog = rfd::AsyncFileDialog::new()
        .add_filter("JSON", &["json"])
        .pick_file();
    wait_for(dialog, &dialogs, proxy.as_deref(), |file| {
        let path = file.path().to_path_buf();
        match read_backup(&path) {
            Ok(bytes) => Answer::Picked(bytes),
            Err(e) => Answer::Unreadable {
                path,
                reason: e.to_string(),
            },
        }
    });
}

/// What the dialogs brought back: the file to import, or what the player is told.
fn take_answers(
    dialogs: Res<Dialogs>,
    mut files: MessageWriter<ImportBackup>,
    mut notices: MessageWriter<Notice>,
) {
    let Ok(answers) = dialogs.answers.lock() else {
        return;
    };
    for answer in answers.try_iter() {
        match answer {
            Answer::Picked(bytes) => {
                files.write(ImportBackup(bytes));
            }
            Answer::Saved { path, games } => {
                notices.write(Notice(said!(
                    "notice-backup-saved",
                    games = games,
                    path = path.display().to_string()
                )));
            }
            Answer::NotSaved { path, reason } => {
                warn!("backup: cannot write {}: {reason}", path.display());
                notices.write(Notice(said!(
                    "notice-backup-not-saved",
                    path = path.display().to_string(),
                    reason = reason
                )));
            }
            Answer::Unreadable { path, reason } => {
                warn!("import: cannot read {}: {reason}", path.display());
                notices.write(Notice(said!("notice-import-refused", reason = reason)));
            }
            Answer::NoDialog => {
                notices.write(Notice(said!("notice-no-file-dialog")));
            }
        }
    }
}

/// Whether this desktop has no file dialog to show: on Linux and the BSDs, neither an XDG
/// desktop portal with a file chooser on the session bus (it answers for the chooser's
/// version, started if need be) nor zenity on the `PATH`. Windows and macOS always have theirs.
/// (A portal that answers but cannot show one, or a system without libdbus, which rfd loads,
/// is taken for a dialog cancelled.)
#[cfg(all(unix, not(target_os = "macos")))]
fn no_dialog_here() -> bool {
    async fn chooser_here() -> zbus::Result<u32> {
        let connection = zbus::Connection::session().await?;
        let chooser = zbus::Proxy::new(
            &connection,
            "org.freedesktop.portal.Desktop",
            "/org/freedesktop/portal/desktop",
            "org.freedesktop.portal.FileChooser",
        )
        .await?;
        chooser.get_property("version").await
    }
    let zenity = std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join("zenity").is_file()));
    !zenity && zbus::block_on(chooser_here()).is_err()
}

#[cfg(not(all(unix, not(target_os = "macos"))))]
fn no_dialog_here() -> bool {
    false
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::game::PastGames;
    use crate::save::{MemoryStore, Store};
    use crate::testing::{key_help, sample_backup, window};

    fn answer(app: &mut App, answer: Answer) -> String {
        let send = app.world().resource::<Dialogs>().send.clone();
        send.send(answer).unwrap();
        app.update();
        app.update();
        key_help(app)
    }

    /// What the dialogs bring back reaches the game: a picked file is imported as the page's is,
    /// and the player is told of a backup saved or not, a file that could not be read, and a
    /// desktop with no dialog.
    #[test]
    fn the_dialogs_answers_reach_the_game() {
        let here: Arc<dyn Store> = Arc::new(MemoryStore::default());
        let mut app = window(&here, Some(1));
        plugin(&mut app);
        let before = app.world().resource::<PastGames>().0.len();
        let picked = Answer::Picked(sample_backup(3, 12).render().into_bytes());
        let told = answer(&mut app, picked);
        assert!(told.starts_with("Imported"), "{told}");
        assert!(app.world().resource::<PastGames>().0.len() > before);
        let path = PathBuf::from("/home/player/g2048-backup.json");
        let saved = Answer::Saved {
            path: path.clone(),
            games: 2,
        };
        assert_eq!(
            answer(&mut app, saved),
            "Backup saved: 2 games, in /home/player/g2048-backup.json."
        );
        let not_saved = Answer::NotSaved {
            path,
            reason: "Permission denied".into(),
        };
        assert_eq!(
            answer(&mut app, not_saved),
            "The backup could not be written to /home/player/g2048-backup.json: Permission denied."
        );
        let unreadable = Answer::Unreadable {
            path: "/dev/zero".into(),
            reason: "it is not a regular file".into(),
        };
        assert_eq!(
            answer(&mut app, unreadable),
            "This file cannot be imported: it is not a regular file."
        );
        assert!(answer(&mut app, Answer::NoDialog).starts_with("This desktop has no file dialog"));
    }

    #[test]
    fn only_a_regular_file_is_read_and_never_past_the_largest_backup() {
        let dir = std::env::temp_dir().join(format!("g2048-read-backup-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert!(read_backup(&dir).is_err(), "a folder");
        assert!(read_backup(&dir.join("none.json")).is_err(), "no file");
        let large = dir.join("large.json");
        std::fs::write(&large, vec![b' '; crate::save::MAX_BACKUP_BYTES + 100]).unwrap();
        assert_eq!(
            read_backup(&large).unwrap().len(),
            crate::save::MAX_BACKUP_BYTES + 1
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
