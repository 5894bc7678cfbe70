-- a11ykb schema 0010: provenance that travels (issue 20). A source's path is kept relative to the
-- folder it was imported from (a MagentaA11y checkout's root, else the folder or the file's own
-- folder given to `import`), and that root once, in `roots`: a knowledge base copied to another
-- machine names `public/content/documentation/web/component/button.md`, which means the same
-- thing there, not a path of the importing machine. Never edit this file once released.
--
-- `sources.path` was UNIQUE on its own; two copies of one checkout now hold the same relative
-- paths, so uniqueness is (root, path) and the table is rebuilt (SQLite cannot drop a column's
-- UNIQUE). The store runs migrations with foreign keys off and checks them before committing;
-- `legacy_alter_table` keeps the rename from re-parsing the views that join `sources`, which name
-- the table, not its old copy.

CREATE TABLE roots (
    id   INTEGER PRIMARY KEY,
    path TEXT    NOT NULL UNIQUE
);

CREATE TABLE sources_0010 (
    id            INTEGER PRIMARY KEY,
    root_id       INTEGER REFERENCES roots(id),
    path          TEXT    NOT NULL,
    format        TEXT    NOT NULL,
    sha256        TEXT    NOT NULL,
    bytes         INTEGER NOT NULL,
    imported_at   TEXT    NOT NULL,
    superseded_by INTEGER REFERENCES sources(id) ON DELETE SET NULL
);

-- An absolute path of an older knowledge base: its checkout root when it lies in one (the folder
-- above `/public/content/`, `/_checklist-native/` or `/_checklist-web/`), else its folder. The
-- embedded seed's `(embedded)/seed/NAME` has no root.
CREATE TEMP TABLE source_roots_0010 AS
SELECT id,
       CASE WHEN path NOT LIKE '/%' THEN NULL
            WHEN instr(path, '/public/content/') > 0 THEN substr(path, 1, instr(path, '/public/content/') - 1)
            WHEN instr(path, '/_checklist-native/') > 0 THEN substr(path, 1, instr(path, '/_checklist-native/') - 1)
            WHEN instr(path, '/_checklist-web/') > 0 THEN substr(path, 1, instr(path, '/_checklist-web/') - 1)
            ELSE rtrim(rtrim(path, replace(path, '/', '')), '/') END AS root
FROM sources;
UPDATE source_roots_0010 SET root = '/' WHERE root = '';
INSERT INTO roots (path) SELECT DISTINCT root FROM source_roots_0010 WHERE root IS NOT NULL ORDER BY root;

INSERT INTO sources_0010 (id, root_id, path, format, sha256, bytes, imported_at, superseded_by)
SELECT s.id, r.id,
       CASE WHEN r.id IS NULL THEN s.path WHEN r.path = '/' THEN substr(s.path, 2) ELSE substr(s.path, length(r.path) + 2) END,
       s.format, s.sha256, s.bytes, s.imported_at, s.superseded_by
FROM sources s JOIN source_roots_0010 x ON x.id = s.id LEFT JOIN roots r ON r.path = x.root;
DROP TABLE source_roots_0010;

DROP TABLE sources;
PRAGMA legacy_alter_table = ON;
ALTER TABLE sources_0010 RENAME TO sources;
PRAGMA legacy_alter_table = OFF;

CREATE UNIQUE INDEX sources_location ON sources(coalesce(root_id, 0), path);
CREATE INDEX sources_superseded_by ON sources(superseded_by);
CREATE INDEX sources_root ON sources(root_id);

-- Where each source is on the machine that imported it: the root and the relative path rejoined.
CREATE VIEW v_sources AS
SELECT s.id, r.path AS root, s.path, s.format, s.sha256, s.bytes, s.imported_at, s.superseded_by,
       CASE WHEN r.path IS NULL THEN s.path WHEN r.path = '/' THEN '/' || s.path ELSE r.path || '/' || s.path END AS location
FROM sources s LEFT JOIN roots r ON r.id = s.root_id;
