//! The database: SQLite (one file, made at the first start) or Postgres (`DATABASE_URL`), through
//! sqlx's `Any` driver, so every query below is one text for both. Queries use `$1`-style
//! parameters, which both read.
//!
//! Everything a player keeps is here, never only in a process's memory: a move is answered only
//! after its transaction commits, so an answered move survives `kill -9` (SQLite in WAL mode:
//! a committed statement is in the file before the answer leaves; Postgres: its own log).

use std::time::Duration;

use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::{AnyPool, Executor, Row, SqlSafeStr};

/// The schema's migrations, in order, built into the binary.
const MIGRATIONS: &[(i64, &str, &str)] = &[
    (1, "ranked", include_str!("../migrations/0001_ranked.sql")),
    (
        2,
        "locks_and_facts",
        include_str!("../migrations/0002_locks_and_facts.sql"),
    ),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Sqlite,
    Postgres,
}

/// The pool and which database it is.
#[derive(Clone, Debug)]
pub struct Db {
    pub pool: AnyPool,
    pub kind: Kind,
}

/// Opens the database `url` names (`sqlite://FILE` or `postgres://…`), making a SQLite file
/// that is not there yet, and brings its schema up to date.
pub async fn open(url: &str) -> Result<Db, sqlx::Error> {
    install_default_drivers();
    let kind = if url.starts_with("sqlite:") {
        Kind::Sqlite
    } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
        Kind::Postgres
    } else {
        return Err(sqlx::Error::Configuration(
            format!("{url}: the database must be sqlite://FILE or postgres://…").into(),
        ));
    };
    let options = AnyPoolOptions::new().acquire_timeout(Duration::from_secs(10));
    let pool = match kind {
        // One connection: SQLite has one writer at a time, and a second connection's
        // read-then-write transaction would fail with SQLITE_BUSY instead of waiting. A move's
        // transaction takes well under a millisecond (docs/server.md, the load benchmark).
        Kind::Sqlite => {
            let url = if url.contains('?') {
                url.to_string()
            } else {
                format!("{url}?mode=rwc")
            };
            options
                .max_connections(1)
                .after_connect(|conn, _| {
                    Box::pin(async move {
                        // WAL: a commit is one append to the log (no fsync with NORMAL; the
                        // operating system has it, so a killed server loses nothing; a power
                        // cut may lose the last moments, see docs/server.md).
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA synchronous = NORMAL").await?;
                        conn.execute("PRAGMA foreign_keys = ON").await?;
                        conn.execute("PRAGMA busy_timeout = 5000").await?;
                        Ok(())
                    })
                })
                .connect(&url)
                .await?
        }
        Kind::Postgres => options.max_connections(16).connect(url).await?,
    };
    let migrations = MIGRATIONS
        .iter()
        .map(|&(version, name, sql)| {
            Migration::new(
                version,
                name.into(),
                MigrationType::Simple,
                sql.into_sql_str(),
                false,
            )
        })
        .collect();
    Migrator::with_migrations(migrations).run(&pool).await?;
    Ok(Db { pool, kind })
}

/// An account as the server knows it.
#[derive(Clone, Debug)]
pub struct Account {
    pub id: i64,
    pub name: Option<String>,
    pub name_hidden: bool,
    pub ranks_from: String,
}

/// A ranked game's row.
#[derive(Clone, Debug)]
pub struct GameRow {
    pub id: i64,
    pub account_id: i64,
    pub day: String,
    pub moves: String,
    pub move_count: i64,
    pub ranked: bool,
    pub hidden: bool,
}

impl Db {
    pub async fn account_by_token_hash(&self, hash: &str) -> Result<Option<Account>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT id, name, name_hidden, ranks_from FROM accounts WHERE token_hash = $1",
        )
        .bind(hash)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| Account {
            id: r.get(0),
            name: r.get(1),
            name_hidden: r.get::<i64, _>(2) != 0,
            ranks_from: r.get(3),
        }))
    }

    /// Makes an account unless `address` made `limit` or more since `since_ms`: then
    /// `Err(made)`, and nothing is written. The count and the insert are one transaction that
    /// first writes the address's row of `creation_locks`, so concurrent requests from one
    /// address wait for each other (Postgres: the row's lock, on every process; SQLite: the
    /// one writer). Notes older than `forget_before_ms` are forgotten on the way.
    pub async fn create_account(
        &self,
        new: &NewAccount<'_>,
    ) -> Result<Result<(), i64>, sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO creation_locks (address, at_ms) VALUES ($1, $2) \
             ON CONFLICT (address) DO UPDATE SET at_ms = excluded.at_ms",
        )
        .bind(new.address)
        .bind(new.now_ms)
        .execute(&mut *tx)
        .await?;
        let made: i64 = sqlx::query(
            "SELECT COUNT(*) FROM account_creations WHERE address = $1 AND at_ms >= $2",
        )
        .bind(new.address)
        .bind(new.since_ms)
        .fetch_one(&mut *tx)
        .await?
        .get(0);
        if made >= new.limit {
            tx.rollback().await?;
            return Ok(Err(made));
        }
        sqlx::query(
            "INSERT INTO accounts (id, token_hash, created_ms, ranks_from) VALUES ($1, $2, $3, $4)",
        )
        .bind(new.id)
        .bind(new.token_hash)
        .bind(new.now_ms)
        .bind(new.ranks_from)
        .execute(&mut *tx)
        .await?;
        sqlx::query("INSERT INTO account_creations (address, at_ms) VALUES ($1, $2)")
            .bind(new.address)
            .bind(new.now_ms)
            .execute(&mut *tx)
            .await?;
        for table in ["account_creations", "creation_locks"] {
            sqlx::query(sqlx::AssertSqlSafe(format!(
                "DELETE FROM {table} WHERE at_ms < $1"
            )))
            .bind(new.forget_before_ms)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// Sets an account's name; false if another account has it (ignoring case).
    pub async fn set_name(&self, id: i64, name: &str, key: &str) -> Result<bool, sqlx::Error> {
        let taken = sqlx::query("SELECT id FROM accounts WHERE name_key = $1 AND id <> $2")
            .bind(key)
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        if taken.is_some() {
            return Ok(false);
        }
        let result = sqlx::query(
            "UPDATE accounts SET name = $1, name_key = $2, name_hidden = 0 WHERE id = $3",
        )
        .bind(name)
        .bind(key)
        .bind(id)
        .execute(&self.pool)
        .await;
        // (Taken between the two statements, by another connection: false.)
        unless_taken(result)
    }

    /// The day's secret, made now (from `fresh`) if the day has none yet. Two servers making it
    /// at once agree: the first insert wins and both read it back.
    pub async fn day_secret(&self, day: &str, fresh: &str) -> Result<String, sqlx::Error> {
        sqlx::query("INSERT INTO days (day, secret) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING")
            .bind(day)
            .bind(fresh)
            .execute(&self.pool)
            .await?;
        sqlx::query("SELECT secret FROM days WHERE day = $1")
            .bind(day)
            .fetch_one(&self.pool)
            .await
            .map(|r| r.get(0))
    }

    /// The day's secret, if it has one.
    pub async fn known_secret(&self, day: &str) -> Result<Option<String>, sqlx::Error> {
        sqlx::query("SELECT secret FROM days WHERE day = $1")
            .bind(day)
            .fetch_optional(&self.pool)
            .await
            .map(|r| r.map(|r| r.get(0)))
    }

    fn game_row(r: &sqlx::any::AnyRow) -> GameRow {
        GameRow {
            id: r.get(0),
            account_id: r.get(1),
            day: r.get(2),
            moves: r.get(3),
            move_count: r.get(4),
            ranked: r.get::<i64, _>(5) != 0,
            hidden: r.get::<i64, _>(6) != 0,
        }
    }

    pub async fn game_of(&self, account: i64, day: &str) -> Result<Option<GameRow>, sqlx::Error> {
        sqlx::query(
            "SELECT id, account_id, day, moves, move_count, ranked, hidden FROM games \
             WHERE account_id = $1 AND day = $2",
        )
        .bind(account)
        .bind(day)
        .fetch_optional(&self.pool)
        .await
        .map(|r| r.as_ref().map(Self::game_row))
    }

    pub async fn game(&self, id: i64) -> Result<Option<GameRow>, sqlx::Error> {
        sqlx::query(
            "SELECT id, account_id, day, moves, move_count, ranked, hidden FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await
        .map(|r| r.as_ref().map(Self::game_row))
    }

    /// Starts a game; false if the account already has one that day (or the id is taken).
    #[allow(clippy::too_many_arguments)]
    pub async fn insert_game(
        &self,
        id: i64,
        account: i64,
        day: &str,
        score: i64,
        best: i64,
        ranked: bool,
        now_ms: i64,
    ) -> Result<bool, sqlx::Error> {
        let result = sqlx::query(
            "INSERT INTO games (id, account_id, day, moves, move_count, times, score, best, \
             finished, ranked, started_ms, updated_ms) \
             VALUES ($1, $2, $3, '', 0, '', $4, $5, 0, $6, $7, $7)",
        )
        .bind(id)
        .bind(account)
        .bind(day)
        .bind(score)
        .bind(best)
        .bind(i64::from(ranked))
        .bind(now_ms)
        .execute(&self.pool)
        .await;
        unless_taken(result)
    }

    /// Adds move `n` (the game held `n` moves), when it arrived and the game's new standing, in
    /// one statement (so one commit); false if the game no longer held `n` moves (another
    /// connection moved it).
    #[allow(clippy::too_many_arguments)]
    pub async fn append_move(
        &self,
        id: i64,
        n: i64,
        letter: &str,
        score: i64,
        best: i64,
        finished: bool,
        now_ms: i64,
    ) -> Result<bool, sqlx::Error> {
        let updated = sqlx::query(
            "UPDATE games SET moves = moves || $1, \
             times = times || CAST($2 - started_ms AS TEXT) || ',', \
             move_count = move_count + 1, score = $3, best = $4, finished = $5, updated_ms = $2 \
             WHERE id = $6 AND move_count = $7",
        )
        .bind(letter)
        .bind(now_ms)
        .bind(score)
        .bind(best)
        .bind(i64::from(finished))
        .bind(id)
        .bind(n)
        .execute(&self.pool)
        .await?;
        Ok(updated.rows_affected() == 1)
    }

    /// Ranked games of the day on the boards, best first, from `offset`.
    pub async fn table(
        &self,
        day: &str,
        offset: i64,
        limit: i64,
    ) -> Result<Vec<TableRow>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT g.id, a.id, a.name, a.name_hidden, g.score, g.best, g.move_count, g.finished \
             FROM games g JOIN accounts a ON a.id = g.account_id \
             WHERE g.day = $1 AND g.ranked = 1 AND g.hidden = 0 \
             ORDER BY g.score DESC, g.move_count ASC, g.id ASC LIMIT $2 OFFSET $3",
        )
        .bind(day)
        .bind(limit)
        .bind(offset)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| TableRow {
                game: r.get(0),
                account: r.get(1),
                name: if r.get::<i64, _>(3) != 0 {
                    None
                } else {
                    r.get(2)
                },
                score: r.get(4),
                best: r.get(5),
                moves: r.get(6),
                finished: r.get::<i64, _>(7) != 0,
            })
            .collect())
    }

    /// How many ranked games on the boards that day, and where a game stands among them
    /// (0-based), if it is one.
    pub async fn standing(
        &self,
        day: &str,
        game: Option<i64>,
    ) -> Result<(i64, Option<i64>), sqlx::Error> {
        let count: i64 =
            sqlx::query("SELECT COUNT(*) FROM games WHERE day = $1 AND ranked = 1 AND hidden = 0")
                .bind(day)
                .fetch_one(&self.pool)
                .await?
                .get(0);
        let Some(game) = game else {
            return Ok((count, None));
        };
        let mine = sqlx::query(
            "SELECT score, move_count FROM games WHERE id = $1 AND ranked = 1 AND hidden = 0",
        )
        .bind(game)
        .fetch_optional(&self.pool)
        .await?;
        let Some(mine) = mine else {
            return Ok((count, None));
        };
        let (score, moves): (i64, i64) = (mine.get(0), mine.get(1));
        let ahead: i64 = sqlx::query(
            "SELECT COUNT(*) FROM games WHERE day = $1 AND ranked = 1 AND hidden = 0 AND \
             (score > $2 OR (score = $2 AND move_count < $3) OR \
              (score = $2 AND move_count = $3 AND id < $4))",
        )
        .bind(day)
        .bind(score)
        .bind(moves)
        .bind(game)
        .fetch_one(&self.pool)
        .await?
        .get(0);
        Ok((count, Some(ahead)))
    }

    /// Keys every name by `key` once for each `rule` (names are unique by their key): the
    /// oldest account keeps a name; a later one whose name now has a key taken, or no key (the
    /// rule refuses it), keeps its text hidden and is asked to choose again (`name_hidden`).
    /// Returns how many names were hidden.
    pub async fn rekey_names(
        &self,
        rule: &str,
        key: impl Fn(&str) -> Option<String>,
    ) -> Result<u64, sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query("SELECT value FROM server_facts WHERE fact = 'name_keys'")
            .fetch_optional(&mut *tx)
            .await?
            .is_some_and(|r| r.get::<String, _>(0) == rule);
        if done {
            return Ok(0);
        }
        let rows = sqlx::query(
            "SELECT id, name FROM accounts WHERE name IS NOT NULL ORDER BY created_ms, id",
        )
        .fetch_all(&mut *tx)
        .await?;
        // Every key is cleared first, so that the oldest holder of a key always gets it.
        sqlx::query("UPDATE accounts SET name_key = NULL")
            .execute(&mut *tx)
            .await?;
        let mut taken = std::collections::HashSet::new();
        let mut hidden = 0;
        for row in rows {
            let (id, name): (i64, String) = (row.get(0), row.get(1));
            let new_key = key(&name).filter(|k| taken.insert(k.clone()));
            if new_key.is_none() {
                hidden += 1;
            }
            sqlx::query(
                "UPDATE accounts SET name_key = $1, \
                 name_hidden = CASE WHEN $1 IS NULL THEN 1 ELSE name_hidden END WHERE id = $2",
            )
            .bind(new_key)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        }
        sqlx::query(
            "INSERT INTO server_facts (fact, value) VALUES ('name_keys', $1) \
             ON CONFLICT (fact) DO UPDATE SET value = excluded.value",
        )
        .bind(rule)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(hidden)
    }

    /// The host's `hide-game`: true if there was such a game.
    pub async fn hide_game(&self, id: i64) -> Result<bool, sqlx::Error> {
        sqlx::query("UPDATE games SET hidden = 1 WHERE id = $1")
            .bind(id)
            .execute(&self.pool)
            .await
            .map(|r| r.rows_affected() == 1)
    }

    /// The host's `hide-name`: true if an account had it (ignoring case). The name stays
    /// taken, so no one else can pick it.
    pub async fn hide_name(&self, key: &str) -> Result<bool, sqlx::Error> {
        sqlx::query("UPDATE accounts SET name_hidden = 1 WHERE name_key = $1")
            .bind(key)
            .execute(&self.pool)
            .await
            .map(|r| r.rows_affected() == 1)
    }

    /// When each move of a game arrived, in ms after it started (the host's `times`).
    pub async fn move_times(&self, id: i64) -> Result<Option<Vec<i64>>, sqlx::Error> {
        let row = sqlx::query("SELECT times FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| {
            let times: String = r.get(0);
            times
                .split_terminator(',')
                .filter_map(|t| t.parse().ok())
                .collect()
        }))
    }
}

/// True if a write went in; false if a unique key refused it (a name or a day's game already
/// there); the database's other errors as they are.
fn unless_taken<T>(result: Result<T, sqlx::Error>) -> Result<bool, sqlx::Error> {
    match result {
        Ok(_) => Ok(true),
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(false),
        Err(e) => Err(e),
    }
}

/// A new account and the limit it is made under (`Db::create_account`).
#[derive(Debug)]
pub struct NewAccount<'a> {
    pub id: i64,
    pub token_hash: &'a str,
    pub ranks_from: &'a str,
    pub now_ms: i64,
    /// The SHA-256 of the address it is made from.
    pub address: &'a str,
    /// The address may have made fewer than `limit` accounts since `since_ms`.
    pub since_ms: i64,
    pub limit: i64,
    pub forget_before_ms: i64,
}

/// A game on a day's table.
#[derive(Clone, Debug)]
pub struct TableRow {
    pub game: i64,
    pub account: i64,
    pub name: Option<String>,
    pub score: i64,
    pub best: i64,
    pub moves: i64,
    pub finished: bool,
}
