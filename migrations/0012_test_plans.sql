-- Test plans a team keeps between runs, and the footer its checklists end with. Nothing here
-- refers to a component by id: an import may remove a component and write it back under a new
-- id, and a plan must neither follow a cascade into emptiness nor lose a name it can report.

CREATE TABLE plans (
    id        INTEGER PRIMARY KEY,
    name      TEXT NOT NULL UNIQUE,
    platform  TEXT,                 -- a platforms.slug, or NULL for every platform
    framework TEXT,                 -- a frameworks.slug, or NULL for every framework
    saved_at  TEXT NOT NULL         -- ISO 8601, UTC
);

CREATE TABLE plan_components (
    plan_id  INTEGER NOT NULL REFERENCES plans(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,      -- the order the components were named in
    family   TEXT    NOT NULL,
    slug     TEXT    NOT NULL,
    PRIMARY KEY (plan_id, position)
);

CREATE TABLE team_footer (
    key   TEXT PRIMARY KEY CHECK (key IN ('contact', 'ticket_link')),
    value TEXT NOT NULL
);
