-- The ranked daily's tables. Portable SQL: the same file migrates SQLite and Postgres.
-- Integers are BIGINT (read as i64 on both), flags are BIGINT 0 or 1, days are 'YYYY-MM-DD'
-- in UTC, times are milliseconds since 1970.

-- Each day's secret key: every ranked game of the day draws its tiles from ChaCha20 keyed by
-- it, on the stream numbered by the game's id. Published once the day is over.
CREATE TABLE days (
    day TEXT PRIMARY KEY,
    secret TEXT NOT NULL
);

-- A player: a random token (only its SHA-256 is kept) and a display name.
CREATE TABLE accounts (
    id BIGINT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    name TEXT,
    -- The name in lower case: names are unique ignoring case.
    name_key TEXT UNIQUE,
    -- Set by the host's `hide-name`: the boards show no name until the player picks another.
    name_hidden BIGINT NOT NULL DEFAULT 0,
    created_ms BIGINT NOT NULL,
    -- The first day whose game ranks: the day after the account was made.
    ranks_from TEXT NOT NULL
);

-- One ranked game per account and day. Its id is also its stream's number.
CREATE TABLE games (
    id BIGINT PRIMARY KEY,
    account_id BIGINT NOT NULL REFERENCES accounts (id),
    day TEXT NOT NULL,
    -- The moves that stand, one letter each (U, D, L, R): the game is replayed from them.
    moves TEXT NOT NULL,
    move_count BIGINT NOT NULL,
    -- When each move arrived, in ms after the game started, each followed by a comma: a host
    -- can see a game played faster than a hand could (`g2048-server times GAME`).
    times TEXT NOT NULL,
    score BIGINT NOT NULL,
    best BIGINT NOT NULL,
    finished BIGINT NOT NULL,
    ranked BIGINT NOT NULL,
    -- Set by the host's `hide-game`: off every board, its code not served.
    hidden BIGINT NOT NULL DEFAULT 0,
    started_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL,
    UNIQUE (account_id, day)
);
CREATE INDEX games_by_day ON games (day, score);

-- Accounts made per address, for the rate limit: the address's SHA-256, kept a day.
CREATE TABLE account_creations (
    address TEXT NOT NULL,
    at_ms BIGINT NOT NULL
);
CREATE INDEX account_creations_by_address ON account_creations (address, at_ms);
