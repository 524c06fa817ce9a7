//! The page from the server's own origin (`serve --web DIR`): the whole game from one command.
//!
//! - The files of `web/build.sh`'s `dist/` through tower-http's `ServeDir`: the precompressed
//!   `.br` or `.gz` copy where the browser takes it, each file's own type, `Cache-Control:
//!   no-cache` (the names carry no hash: a browser asks again, and gets 304 while a file is
//!   unchanged; the service worker keeps the game offline).
//! - Every answer carries the page's own Content-Security-Policy (read from `index.html`'s
//!   meta tag at start) and `X-Content-Type-Options: nosniff`.
//! - `/server.json` is answered here: the page's ranked server is this one, on its own origin,
//!   with nothing to edit.
//!
//! Files are not rate-limited (a page's load is dozens of requests); the connection budget
//! holds for them as for everything.

use std::net::SocketAddr;
use std::path::Path;

use axum::Router;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, get};
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

use crate::connections::is_local;

/// The routes of the page in `dir`, or why there is none. `not_found` answers a path with no
/// file; `forwarded` is `serve --forwarded`.
pub fn routes(dir: &Path, forwarded: bool, not_found: MethodRouter) -> Result<Router, String> {
    let index = dir.join("index.html");
    let html = std::fs::read_to_string(&index)
        .map_err(|e| format!("{} is not a web build: {e}", index.display()))?;
    let policy = page_policy(&html)
        .ok_or_else(|| format!("{} has no Content-Security-Policy", index.display()))?;
    let policy = HeaderValue::from_str(&policy).map_err(|_| {
        format!(
            "{}'s Content-Security-Policy is not a header",
            index.display()
        )
    })?;
    let files = ServeDir::new(dir)
        .precompressed_br()
        .precompressed_gzip()
        .append_index_html_on_directories(true)
        .fallback(not_found);
    Ok(Router::new()
        .route("/server.json", get(server_json).with_state(forwarded))
        .fallback_service(files)
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            policy,
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-cache"),
        )))
}

/// The `content` of the page's `<meta http-equiv="Content-Security-Policy">`.
pub fn page_policy(html: &str) -> Option<String> {
    let at = html.find("http-equiv=\"Content-Security-Policy\"")?;
    let tag_start = html[..at].rfind('<')?;
    let tag = &html[tag_start..tag_start + html[tag_start..].find('>')?];
    let content = tag.split("content=\"").nth(1)?;
    Some(content[..content.find('"')?].to_string())
}

/// `{"server": "wss://HOST/ws"}`: this server, on the origin the page came from. The scheme is
/// `wss` where the proxy says the page came over https (`X-Forwarded-Proto`, read as
/// `X-Forwarded-For` is: with `--forwarded`, from the proxy's machine or network).
async fn server_json(
    State(forwarded): State<bool>,
    ConnectInfo(connection): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    let behind_proxy = forwarded && is_local(connection.ip());
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| is_host(h));
    let Some(host) = host else {
        return (StatusCode::BAD_REQUEST, "{\"server\":null}").into_response();
    };
    let secure = behind_proxy
        && headers
            .get("x-forwarded-proto")
            .and_then(|p| p.to_str().ok())
            .is_some_and(|p| p.eq_ignore_ascii_case("https"));
    let scheme = if secure { "wss" } else { "ws" };
    let body = serde_json::json!({ "server": format!("{scheme}://{host}/ws") });
    (
        [(header::CACHE_CONTROL, HeaderValue::from_static("no-store"))],
        axum::Json(body),
    )
        .into_response()
}

/// A host name or address with an optional port, nothing else.
fn is_host(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= 255
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':' | b'[' | b']'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_is_read_from_the_page_and_hosts_are_checked() {
        let html = r#"<head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'self'; object-src 'none'"></head>"#;
        assert_eq!(
            page_policy(html).as_deref(),
            Some("default-src 'self'; object-src 'none'")
        );
        assert_eq!(page_policy("<head></head>"), None);
        assert!(is_host("play.example.org"));
        assert!(is_host("127.0.0.1:8048"));
        assert!(is_host("[::1]:8048"));
        assert!(!is_host("evil.org/\"><script>"));
        assert!(!is_host(""));
    }
}
