//! Rate limits on messages: a token bucket per address and per account, in this process's
//! memory. (Account creation is limited in the database instead, so that every process of a
//! shared Postgres counts it: `Server::create_account`.)

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

/// How many messages a second, and how many at once after a pause.
#[derive(Clone, Copy, Debug)]
pub struct Rate {
    pub per_second: f64,
    pub burst: f64,
}

/// Buckets by key. Keys not seen for a minute are forgotten.
#[derive(Debug)]
pub struct Buckets {
    rate: Rate,
    buckets: Mutex<HashMap<String, (f64, Instant)>>,
}

impl Buckets {
    pub fn new(rate: Rate) -> Self {
        Self {
            rate,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one message from `key`'s bucket; false if it is empty.
    pub fn take(&self, key: &str, now: Instant) -> bool {
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() > 100_000 {
            buckets.retain(|_, (_, at)| now.duration_since(*at).as_secs() < 60);
        }
        let (level, at) = buckets
            .entry(key.to_string())
            .or_insert((self.rate.burst, now));
        let refill = now.duration_since(*at).as_secs_f64() * self.rate.per_second;
        *level = (*level + refill).min(self.rate.burst);
        *at = now;
        if *level >= 1.0 {
            *level -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_bucket_allows_its_burst_then_its_rate() {
        let buckets = Buckets::new(Rate {
            per_second: 10.0,
            burst: 3.0,
        });
        let t = Instant::now();
        assert!((0..3).all(|_| buckets.take("a", t)));
        assert!(!buckets.take("a", t));
        assert!(buckets.take("b", t), "each key has its own bucket");
        assert!(buckets.take("a", t + Duration::from_millis(100)));
        assert!(!buckets.take("a", t + Duration::from_millis(100)));
    }
}
