//! `serve --web DIR`: the whole game from one command. The real binary serves a page folder
//! as web/build.sh lays it out, with the ranked daily on the same origin.

use g2048_server::web::page_policy;
use serde_json::json;

use crate::harness::*;

const POLICY: &str = "default-src 'self'; connect-src 'self' ws: wss:; object-src 'none'";

fn page_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let html = format!(
        "<!doctype html><head><meta http-equiv=\"Content-Security-Policy\" content=\"{POLICY}\"></head><body>g2048</body>"
    );
    std::fs::write(dir.path().join("index.html"), html).unwrap();
    std::fs::write(dir.path().join("main.js"), "console.log('plain')").unwrap();
    std::fs::write(dir.path().join("main.js.br"), "BROTLI").unwrap();
    std::fs::write(dir.path().join("main.js.gz"), "GZIP").unwrap();
    std::fs::write(dir.path().join("g2048_bg.wasm"), b"\0asm").unwrap();
    std::fs::write(dir.path().join("manifest.webmanifest"), "{}").unwrap();
    dir
}

#[tokio::test]
async fn one_command_serves_the_page_and_names_itself_its_server() {
    let pages = page_folder();
    let dir = tempfile::tempdir().unwrap();
    let url = database(&dir).await;
    let web = pages.path().to_str().unwrap();
    let (mut child, addr, line) = spawn_server_saying(&url, &["--web", web]);
    let http = format!("http://{addr}");

    let (status, head, body) = get_whole(&format!("{http}/")).await;
    assert_eq!(status, 200, "{head}");
    assert!(head.contains("content-type: text/html"), "{head}");
    let policy = page_policy(&std::fs::read_to_string(pages.path().join("index.html")).unwrap());
    assert_eq!(policy.as_deref(), Some(POLICY));
    assert!(
        head.contains(&format!(
            "content-security-policy: {}",
            POLICY.to_lowercase()
        )),
        "{head}"
    );
    assert!(head.contains("cache-control: no-cache"), "{head}");
    assert!(head.contains("x-content-type-options: nosniff"), "{head}");
    assert!(body.contains("g2048"));

    // The precompressed copy the browser takes, with the file's own type.
    let (_, head, body) =
        get_with(&format!("{http}/main.js"), "Accept-Encoding: br, gzip\r\n").await;
    assert!(head.contains("content-encoding: br"), "{head}");
    assert!(head.contains("content-type: text/javascript"), "{head}");
    assert_eq!(body, "BROTLI");
    let (_, head, body) = get_with(&format!("{http}/main.js"), "Accept-Encoding: gzip\r\n").await;
    assert!(head.contains("content-encoding: gzip"), "{head}");
    assert_eq!(body, "GZIP");
    let (_, head, body) = get_whole(&format!("{http}/main.js")).await;
    assert!(!head.contains("content-encoding"), "{head}");
    assert_eq!(body, "console.log('plain')");
    let (_, head, _) = get_whole(&format!("{http}/g2048_bg.wasm")).await;
    assert!(head.contains("content-type: application/wasm"), "{head}");

    // The page's server is this one, on the page's own origin.
    let (status, head, body) = get_whole(&format!("{http}/server.json")).await;
    assert_eq!(status, 200);
    assert!(head.contains("cache-control: no-store"), "{head}");
    let file: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(file, json!({ "server": format!("ws://{addr}/ws") }));
    let mut client = Client::connect(addr).await;
    assert!(matches!(
        client.hello(None).await,
        g2048_server::protocol::ServerMessage::Welcome { .. }
    ));

    // What is not there is a JSON error; nothing outside the folder is served.
    for path in ["/missing.js", "/../Cargo.toml", "/%2e%2e/Cargo.toml"] {
        let (status, _, body) = get_whole(&format!("{http}{path}")).await;
        assert_eq!(status, 404, "{path}: {body}");
        let body: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(body["code"], json!("not_found"), "{path}");
    }
    // The API is still there.
    assert_eq!(get(&format!("{http}/api/leaderboard")).await.0, 200);

    // The figures, on a listener of their own: a move taken, a refusal counted.
    let (mut player, _) = Client::player(addr).await;
    let view = player.start().await;
    play_some(&mut player, &view, 1).await;
    player.raw("{not json".into()).await;
    // A refusal of the message's own handler, counted once.
    player.play(99, g2048_core::rules::Direction::Up).await;
    let figures = line
        .split("figures at ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no figures in {line:?}"));
    let (status, head, text) = get_whole(figures).await;
    assert_eq!(status, 200);
    assert!(head.contains("content-type: text/plain"), "{head}");
    for expected in [
        "g2048_moves_total 1",
        "g2048_refusals_total{code=\"bad_message\"} 1",
        "g2048_refusals_total{code=\"out_of_order\"} 1",
        "g2048_connections_open ",
        "g2048_answer_seconds_count ",
    ] {
        assert!(text.contains(expected), "{expected} in:\n{text}");
    }
    // Not on the game's own port.
    assert_eq!(get_whole(&format!("{http}/metrics")).await.0, 404);
    child.kill().unwrap();
    child.wait().unwrap();

    // A folder that is not a web build is refused at start, in words.
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_g2048-server"))
        .args([
            "--database",
            &url,
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--web",
        ])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(!output.status.success());
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.contains("is not a web build"), "{said}");
}
