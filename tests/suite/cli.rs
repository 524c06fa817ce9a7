//! The binary refuses bad flags with a clear message and exit code 2, before any window opens;
//! `--export` and `--import` carry the saves as a backup, refuse a file that is not one, and an
//! import killed at any moment leaves the saves as before or as after it.

use std::path::Path;
use std::process::Command;

use g2048::save::Backup;

/// The binary's exit code and what it printed, with no display (a window attempt would fail
/// differently).
fn binary(args: &[&std::ffi::OsStr]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_g2048"))
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn run(args: &[&str]) -> (i32, String) {
    let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_ref()).collect();
    let (code, _, err) = binary(&args);
    (code, err)
}

#[test]
fn bad_sizes_are_refused() {
    for size in ["2", "9", "0"] {
        let (code, err) = run(&["--size", size]);
        assert_eq!(code, 2, "--size {size}: {err}");
        assert!(err.contains("choose 3 to 8"), "--size {size}: {err}");
    }
}

/// Started where no window can open (no DISPLAY, no WAYLAND_DISPLAY: as over ssh), the game
/// says what is missing in one line and exits with its own code, without a panic's backtrace,
/// and writes no save.
#[test]
fn no_display_is_one_clear_line_and_exit_code_3() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("saves");
    let (code, err) = run(&["--data-dir", data.to_str().unwrap(), "--seed", "5"]);
    assert_eq!(code, g2048::fatal::NO_DISPLAY, "{err}");
    let lines: Vec<&str> = err.lines().filter(|l| l.starts_with("g2048:")).collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(
        lines[0].contains("cannot open a window: no display was found"),
        "{err}"
    );
    assert!(
        !err.contains("panicked") && !err.contains("backtrace"),
        "{err}"
    );
    let saved = std::fs::read_dir(&data).map_or(0, |d| {
        d.filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "json"))
        })
        .count()
    });
    assert_eq!(saved, 0, "nothing is written");
}

#[test]
fn bad_rows_and_columns_are_refused() {
    for (args, says) in [
        (
            &["--rows", "9", "--cols", "4"][..],
            "9 rows are not supported",
        ),
        (
            &["--rows", "4", "--cols", "2"],
            "2 columns are not supported",
        ),
        (&["--rows", "x", "--cols", "4"], "not a whole number"),
        (&["--rows", "4"], "--cols"),
        (&["--cols", "5"], "--rows"),
        (
            &["--size", "4", "--rows", "3", "--cols", "5"],
            "cannot be used with",
        ),
    ] {
        let (code, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn bad_targets_are_refused() {
    for target in ["4", "100", "0", "3000"] {
        let (code, err) = run(&["--target", target]);
        assert_eq!(code, 2, "--target {target}: {err}");
        assert!(
            err.contains("not a power of two"),
            "--target {target}: {err}"
        );
    }
    // A target the board cannot reach: 3×3's largest tile is 1024.
    for args in [
        &["--size", "3", "--target", "2048"][..],
        &["--rows", "3", "--cols", "3", "--target", "8192"],
    ] {
        let (code, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            err.contains("cannot be reached on a 3×3 board, whose largest tile is 1024"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn non_numbers_and_unknown_flags_are_refused() {
    for args in [
        &["--size", "four"][..],
        &["--target", "2k"],
        &["--seed", "x"],
        &["--speed"],
    ] {
        let (code, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.starts_with("error:"), "{args:?}: {err}");
    }
}

#[test]
fn help_lists_the_flags() {
    let out = Command::new(env!("CARGO_BIN_EXE_g2048"))
        .arg("--help")
        .output()
        .unwrap();
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    for flag in ["--size", "--target", "--seed", "--replay"] {
        assert!(help.contains(flag), "{help}");
    }
}

/// The long flags (`--size`) a text names, in order of first appearance.
fn long_flags(text: &str) -> Vec<String> {
    let mut flags: Vec<String> = Vec::new();
    for (at, _) in text.match_indices("--") {
        let name: String = text[at + 2..]
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || *c == '-')
            .collect();
        let flag = format!("--{name}");
        if name.starts_with(|c: char| c.is_ascii_lowercase()) && !flags.contains(&flag) {
            flags.push(flag);
        }
    }
    flags
}

#[test]
fn the_readmes_and_docs_list_every_flag_of_help_and_no_other() {
    let (code, help, _) = binary(&["--help".as_ref()]);
    assert_eq!(code, 0);
    let mut help = long_flags(&help);
    help.retain(|f| f != "--help" && f != "--version");
    help.sort();
    let readme = include_str!("../../README.md");
    let section = &readme[readme.find("## Flags").expect("the README has its flags")..];
    let section = &section[..section[3..]
        .find("\n## ")
        .map_or(section.len(), |end| end + 3)];
    let known = |text: &str| {
        let mut flags = long_flags(text);
        flags.retain(|f| f != "--help" && f != "--version");
        flags.sort();
        flags
    };
    assert_eq!(known(section), help, "the README's flags are not --help's");
    let players = include_str!("../../assets/release/README-head.md");
    assert_eq!(
        known(players),
        help,
        "the players' README's flags are not --help's"
    );
    // docs/playing.md gives each flag a line.
    let playing = include_str!("../../docs/playing.md");
    for flag in &help {
        assert!(
            playing.contains(&format!("\n  {flag} ")),
            "docs/playing.md says nothing of {flag}"
        );
    }
}

#[test]
fn a_replay_file_that_cannot_be_read_is_refused() {
    // A folder, and a file larger than any code. (A code that is not a game is told on
    // screen once the game runs: tests/replay.rs.)
    let folder = std::env::temp_dir();
    let big = folder.join(format!("g2048-cli-{}.txt", std::process::id()));
    std::fs::write(&big, "A".repeat(50_000)).unwrap();
    let missing = folder.join("g2048-no-such-replay.txt");
    for (arg, says) in [
        (folder.to_str().unwrap(), "cannot read"),
        (missing.to_str().unwrap(), "no such file"),
        ("game.txt", "no such file"),
        (big.to_str().unwrap(), "larger than any replay code"),
    ] {
        let (status, err) = run(&["--replay", arg]);
        assert_eq!(status, 2, "{arg}: {err}");
        assert!(err.contains(says), "{arg}: {err}");
    }
    std::fs::remove_file(big).unwrap();
}

fn in_dir(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let mut all: Vec<&std::ffi::OsStr> = vec!["--data-dir".as_ref(), dir.as_os_str()];
    all.extend(args.iter().map(|a| -> &std::ffi::OsStr { a.as_ref() }));
    binary(&all)
}

/// The saves in `dir` as `--export` writes them, less the time it was made.
fn exported(dir: &Path) -> String {
    let file = dir.with_extension("backup.json");
    let (code, _, err) = in_dir(dir, &["--export", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let mut backup = Backup::parse(&std::fs::read(&file).unwrap()).unwrap();
    backup.made_ms = 0;
    std::fs::remove_file(file).unwrap();
    backup.render()
}

#[test]
fn export_and_import_carry_the_saves_and_refuse_what_is_not_a_backup() {
    let work = tempfile::tempdir().unwrap();
    let file = work.path().join("backup.json");
    std::fs::write(&file, g2048::testing::sample_backup(30, 80).render()).unwrap();
    let here = work.path().join("here");
    let (code, out, err) = in_dir(&here, &["--import", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("30 games new in the history") && out.contains("6 games in progress"),
        "{out}"
    );
    let copy = work.path().join("copy.json");
    let (code, out, _) = in_dir(&here, &["--export", copy.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(
        out.contains("6 games in progress, 30 games in the history"),
        "{out}"
    );
    let before = exported(&here);
    for (bytes, says) in [
        (b"not json".to_vec(), "not a 2048 backup"),
        (std::fs::read(&file).unwrap()[..300].to_vec(), "damaged"),
        (
            String::from_utf8(std::fs::read(&file).unwrap())
                .unwrap()
                .replacen("\"version\":1", "\"version\":9", 1)
                .into_bytes(),
            "newer version",
        ),
    ] {
        std::fs::write(&file, bytes).unwrap();
        let (code, _, err) = in_dir(&here, &["--import", file.to_str().unwrap()]);
        assert_eq!(code, 2, "{err}");
        assert!(
            err.contains(says) && err.contains("nothing was changed"),
            "{err}"
        );
        assert_eq!(exported(&here), before);
    }
    let (code, _, err) = in_dir(&here, &["--import", "/no/such/file"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
    let (code, _, err) = in_dir(&here, &["--export", "x.json", "--seed", "3"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot be used with"), "{err}");
}

#[test]
fn an_import_killed_at_any_moment_leaves_the_saves_as_before_or_as_after() {
    let work = tempfile::tempdir().unwrap();
    let file = work.path().join("backup.json");
    std::fs::write(&file, g2048::testing::sample_backup(500, 120).render()).unwrap();
    // Saves with games of their own, imported into once without a kill: before and after.
    let mine = work.path().join("mine.json");
    let mut own = g2048::testing::sample_backup(40, 60);
    own.games.iter_mut().for_each(|g| g.seed += 1_000);
    own.boards.truncate(2);
    std::fs::write(&mine, own.render()).unwrap();
    let base = work.path().join("base");
    assert_eq!(in_dir(&base, &["--import", mine.to_str().unwrap()]).0, 0);
    let before = exported(&base);
    let whole = work.path().join("whole");
    copy_dir(&base, &whole);
    let started = std::time::Instant::now();
    assert_eq!(in_dir(&whole, &["--import", file.to_str().unwrap()]).0, 0);
    let took = started.elapsed();
    let after = exported(&whole);
    assert_ne!(before, after);
    // A backup of nothing: importing it finishes an import cut short (as any start does) and
    // adds nothing. (--export only reads: it finishes nothing.)
    let nothing = work.path().join("nothing.json");
    let empty = Backup {
        made_ms: 0,
        options: None,
        best: Default::default(),
        games: Vec::new(),
        other_games: Vec::new(),
        boards: Vec::new(),
        ranked: Vec::new(),
    };
    std::fs::write(&nothing, empty.render()).unwrap();
    let (mut as_before, mut as_after, mut cut_midway) = (0, 0, 0);
    for i in 0..24u32 {
        let dir = work.path().join(format!("killed-{i}"));
        copy_dir(&base, &dir);
        let mut child = Command::new(env!("CARGO_BIN_EXE_g2048"))
            .arg("--data-dir")
            .arg(&dir)
            .args(["--import", file.to_str().unwrap()])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // From the start to past the end of a whole import, in even steps.
        std::thread::sleep(took * i / 20);
        child.kill().unwrap();
        child.wait().unwrap();
        cut_midway += usize::from(dir.join("import.json").exists());
        assert_eq!(in_dir(&dir, &["--import", nothing.to_str().unwrap()]).0, 0);
        let now = exported(&dir);
        if now == before {
            as_before += 1;
        } else {
            // Not assert_eq: the backups are long.
            assert!(
                now == after,
                "killed at {i}/20 of an import: neither before nor after"
            );
            as_after += 1;
        }
        assert!(!dir.join("import.json").exists());
    }
    println!(
        "killed imports: {as_before} as before, {as_after} as after, {cut_midway} of them cut \
         with the journal written ({took:?} a whole import)"
    );
    assert!(
        cut_midway > 0,
        "no kill landed within an import: nothing was tested"
    );
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
    }
}

#[test]
fn bad_languages_are_refused() {
    for (args, says) in [
        (
            &["--lang", "klingon"][..],
            "`klingon` is not a language of the game",
        ),
        (&["--lang", ""], "is not a language of the game"),
        (&["--lang"], "a value is required"),
        (
            &["--lang", "fr", "--export", "x.json"],
            "cannot be used with",
        ),
    ] {
        let (code, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(
            err.contains("zh-CN") || !says.contains("not a language"),
            "{err}"
        );
    }
}

#[test]
fn the_daily_is_today_s_own_board_and_takes_no_other() {
    for other in [
        &["--daily", "--size", "5"][..],
        &["--daily", "--seed", "7"],
        &["--daily", "--target", "4096"],
        &["--daily", "--replay", "AAAA"],
        &["--daily", "--export", "x.json"],
    ] {
        let (code, err) = run(other);
        assert_eq!(code, 2, "{other:?}: {err}");
        assert!(err.contains("cannot be used with"), "{other:?}: {err}");
    }
}
