//! Figures for a host to watch, in Prometheus's text format (prometheus-client), served at
//! `/metrics` on a listener of its own (`serve --metrics`, loopback by default: a proxy in
//! front of the game never exposes it).
//!
//! - `g2048_connections_open`: connections and WebSockets open now; `g2048_connections_refused`:
//!   connections closed at once because every open one was busy (`connections`);
//! - `g2048_moves`: moves taken; `g2048_answer_seconds`: how long a message took to answer,
//!   the database included;
//! - `g2048_refusals`: refusals by their code (`rate_limited`, `bad_message`, …), WebSocket and
//!   HTTP together.

use std::sync::Arc;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

use crate::connections::Connections;
use crate::protocol::ErrorCode;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RefusalLabel {
    pub code: String,
}

/// The server's figures. Cloning shares them.
#[derive(Clone, Debug)]
pub struct Metrics {
    pub moves: Counter,
    pub answer_seconds: Histogram,
    refusals: Family<RefusalLabel, Counter>,
    connections_open: Gauge,
    connections_refused: Counter,
    registry: Arc<Registry>,
}

impl Default for Metrics {
    fn default() -> Self {
        let moves = Counter::default();
        // 0.1 ms to about 3 s.
        let answer_seconds = Histogram::new(exponential_buckets(0.0001, 2.5, 12));
        let refusals = Family::<RefusalLabel, Counter>::default();
        let connections_open = Gauge::default();
        let connections_refused = Counter::default();
        let mut registry = Registry::with_prefix("g2048");
        registry.register("moves", "Moves taken", moves.clone());
        registry.register(
            "answer_seconds",
            "Time to answer a WebSocket message, the database included",
            answer_seconds.clone(),
        );
        registry.register("refusals", "Refusals by code", refusals.clone());
        registry.register(
            "connections_open",
            "Connections and WebSockets open",
            connections_open.clone(),
        );
        registry.register(
            "connections_refused",
            "Connections closed at once: every open one was busy",
            connections_refused.clone(),
        );
        Self {
            moves,
            answer_seconds,
            refusals,
            connections_open,
            connections_refused,
            registry: Arc::new(registry),
        }
    }
}

impl Metrics {
    /// Counts a refusal.
    pub fn refused(&self, code: ErrorCode) {
        let code = serde_json::to_value(code)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default();
        self.refusals.get_or_create(&RefusalLabel { code }).inc();
    }

    /// The figures now, in Prometheus's text format.
    pub fn render(&self, connections: &Connections) -> String {
        self.connections_open.set(connections.open() as i64);
        let refused = connections.refused_total();
        let counted = self.connections_refused.get();
        if refused > counted {
            self.connections_refused.inc_by(refused - counted);
        }
        let mut text = String::new();
        prometheus_client::encoding::text::encode(&mut text, &self.registry)
            .expect("writing to a String");
        text
    }
}
