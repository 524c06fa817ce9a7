-- One row per address that has made an account. The transaction that makes the next account
-- from an address first writes this row, which holds it until the transaction ends: two
-- requests from one address, on one process or on several sharing a Postgres, count the
-- address's recent accounts one after the other, never both before either has written.
CREATE TABLE creation_locks (
    address TEXT PRIMARY KEY,
    at_ms BIGINT NOT NULL
);

-- What the server has done once to the data, by name: `name_keys` = the rule names are keyed
-- by (`accounts::skeleton`), so that a server with a new rule re-keys the names once.
CREATE TABLE server_facts (
    fact TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
