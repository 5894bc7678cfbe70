-- a11ykb schema 0013: the how-to-test guides and the entries' videos (issue 23). Never edit this
-- file once released.
--
-- 1. MagentaA11y's how-to-test guides (`documentation/how-to-test/test-type/*.md`, and the
--    "how-to-test" list of content.json) are entries of a family of their own: their checks
--    ("ensure there are no keyboard traps") and key tables are criteria, their prose guidance.
--    `components.family` was CHECKed to ('native', 'web'); SQLite cannot change a CHECK, so the
--    table is rebuilt as 0010 rebuilt `sources` (foreign keys off while migrating, checked before
--    committing; `legacy_alter_table` keeps the rename from re-parsing the views that join it).
--    Ids are kept, so every fact, the search indexes and their pending list still point right.
--    Dropping the table drops its indexes and triggers: they are made again below, as 0003, 0004,
--    0005 and 0007 left them.

CREATE TABLE components_0013 (
    id              INTEGER PRIMARY KEY,
    slug            TEXT    NOT NULL,
    title           TEXT    NOT NULL,
    family          TEXT    NOT NULL CHECK (family IN ('native', 'web', 'how-to-test')),
    category        TEXT,
    summary         TEXT,
    source_id       INTEGER NOT NULL REFERENCES sources(id),
    page_link       TEXT,
    condensed_frame TEXT,
    gherkin_frame   TEXT,
    UNIQUE (family, slug)
);
INSERT INTO components_0013 (id, slug, title, family, category, summary, source_id, page_link, condensed_frame, gherkin_frame)
SELECT id, slug, title, family, category, summary, source_id, page_link, condensed_frame, gherkin_frame FROM components;
DROP TABLE components;
PRAGMA legacy_alter_table = ON;
ALTER TABLE components_0013 RENAME TO components;
PRAGMA legacy_alter_table = OFF;

CREATE INDEX components_source ON components(source_id);
CREATE INDEX components_search_key ON components(id * 8 + 1);
CREATE INDEX components_slug ON components(slug);

CREATE TRIGGER components_search_insert AFTER INSERT ON components
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_index (rowid, title) VALUES (new.id * 8 + 1, new.title);
END;
CREATE TRIGGER components_search_delete AFTER DELETE ON components
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_index (search_index, rowid, title)
    VALUES ('delete', old.id * 8 + 1, old.title);
END;
CREATE TRIGGER components_search_update AFTER UPDATE OF id, title ON components
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_index (search_index, rowid, title)
    VALUES ('delete', old.id * 8 + 1, old.title);
    INSERT INTO search_index (rowid, title) VALUES (new.id * 8 + 1, new.title);
END;
CREATE TRIGGER components_component_search_after_insert AFTER INSERT ON components
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT OR IGNORE INTO search_components_pending (component_id) VALUES (new.id);
    INSERT INTO search_component_changes (component_id, moment) VALUES (new.id, 'after');
END;
CREATE TRIGGER components_component_search_before_update BEFORE UPDATE OF id, title, category ON components
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_component_changes (component_id, moment) VALUES (old.id, 'before');
END;
CREATE TRIGGER components_component_search_after_update AFTER UPDATE OF id, title, category ON components
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT OR IGNORE INTO search_components_pending (component_id) VALUES (new.id);
    INSERT INTO search_component_changes (component_id, moment) VALUES (old.id, 'after');
    INSERT INTO search_component_changes (component_id, moment) VALUES (new.id, 'after');
END;
CREATE TRIGGER components_component_search_before_delete BEFORE DELETE ON components
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_component_changes (component_id, moment) VALUES (old.id, 'before');
END;
CREATE TRIGGER components_component_search_after_delete AFTER DELETE ON components
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_component_changes (component_id, moment) VALUES (old.id, 'after');
END;

-- 2. An entry's videos as its page links them (`<video><source src="...webm"><track
--    src="...vtt">`): the recording beside the captions whose utterances are its transcript
--    announcements, so an answer can point at the recording. One row per video the page shows.
CREATE TABLE videos (
    id           INTEGER PRIMARY KEY,
    component_id INTEGER NOT NULL REFERENCES components(id) ON DELETE CASCADE,
    src          TEXT    NOT NULL,   -- the recording, as the page writes it: `media/video/.../x.webm`
    captions     TEXT,               -- its caption track, as written: `media/video/.../x-en-US.vtt`
    position     INTEGER NOT NULL,
    source_id    INTEGER NOT NULL REFERENCES sources(id),
    line         INTEGER NOT NULL
);
CREATE INDEX videos_component ON videos(component_id);
CREATE INDEX videos_source ON videos(source_id);

-- 3. What the readers now make of a document differs (the guides, videos, long headings as
--    topics, renamed pages under today's slug...): every document is forgotten, as the planner
--    forgets a source whose facts went (`sha256 = ''`), so the next import reads it again instead
--    of skipping it as unchanged. Caption files read as before and keep theirs.
UPDATE sources SET sha256 = '' WHERE format <> 'webvtt';
