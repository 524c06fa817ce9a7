//! The binary refuses bad flags with a clear message and exit code 2, before any window opens.

use std::process::Command;

fn run(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_g2048"))
        .args(args)
        // No display either way: a window attempt would fail differently.
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn bad_sizes_are_refused() {
    for size in ["2", "9", "0"] {
        let (code, err) = run(&["--size", size]);
        assert_eq!(code, 2, "--size {size}: {err}");
        assert!(err.contains("choose 3 to 8"), "--size {size}: {err}");
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

#[test]
fn a_replay_file_that_cannot_be_read_is_refused() {
    // A folder, and a file larger than any code. (A code that is not a game is told on
    // screen once the game runs: tests/replay.rs.)
    let folder = std::env::temp_dir();
    let big = folder.join(format!("g2048-cli-{}.txt", std::process::id()));
    std::fs::write(&big, "A".repeat(50_000)).unwrap();
    for (arg, says) in [
        (folder.to_str().unwrap(), "cannot read"),
        (big.to_str().unwrap(), "larger than any replay code"),
    ] {
        let (status, err) = run(&["--replay", arg]);
        assert_eq!(status, 2, "{arg}: {err}");
        assert!(err.contains(says), "{arg}: {err}");
    }
    std::fs::remove_file(big).unwrap();
}
