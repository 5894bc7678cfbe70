-- a11ykb schema 0007: components-first search, and one vocabulary across platforms.
-- Never edit this file once released.
--
-- 1. A component-level search index next to the fact index (search_index, 0003). A question's
--    words are usually spread over a component's title and several of its facts (`tooltip
--    dismiss`: the title says tooltip, a criterion says dismiss), so `a11ykb search` ranks
--    components on one document each: title, category and the text of every criterion, guidance
--    note and announcement. Ranking then scores thousands of components, not hundreds of
--    thousands of facts. The tokenizer does not stem, so that a prefix query matches the words
--    as written (`activat*` finds activates and activation; the porter stem of both is `activ`);
--    a word's other forms are found at query time through the index's terms (search_component_terms).
--
--    The index is contentless: its text is the view search_component_text, computed from the fact
--    tables, never stored twice. A contentless FTS5 table forgets a document only when told its old
--    text, so a component's document is forgotten BEFORE its first change (while the view still
--    gives the indexed text) and written again AFTER the change. The component waits in
--    search_components_pending meanwhile. During an import (search_control.defer_components = 1)
--    documents are written once, when the import ends, instead of after every fact; in bulk mode
--    (search_control.bulk = 1, 0004) the index is rebuilt whole with the fact index.

CREATE VIEW search_component_text (id, title, category, body) AS
SELECT c.id, c.title, coalesce(c.category, ''),
       coalesce((SELECT group_concat(coalesce(cr.label, '') || ' ' || cr.expectation, ' ')
                 FROM criteria cr WHERE cr.component_id = c.id), '') || ' ' ||
       coalesce((SELECT group_concat(g.text, ' ') FROM guidance g WHERE g.component_id = c.id), '') || ' ' ||
       coalesce((SELECT group_concat(a.text || ' ' || coalesce(a.context, ''), ' ')
                 FROM announcements a WHERE a.component_id = c.id), '')
FROM components c;

CREATE VIRTUAL TABLE search_components USING fts5(
    title, category, body,
    content = '',
    tokenize = 'unicode61 remove_diacritics 2'
);

-- The index's terms (unstemmed words) with how many components hold each.
CREATE VIRTUAL TABLE search_component_terms USING fts5vocab(search_components, 'row');

-- The forms of each word the component index holds, by porter stem (`dim`: dim, dimmed, dims),
-- so that a word finds its other forms in one lookup. Written by a11ykb (SQL has no stemmer):
-- for the words of every component an import writes, and whole by this migration and bulk
-- imports. A form whose last component is gone stays; it only finds nothing.
CREATE TABLE search_component_forms (
    term TEXT PRIMARY KEY,           -- a word as the component index holds it: `dimmed`
    stem TEXT NOT NULL               -- its porter stem, as the fact index holds it: `dim`
) WITHOUT ROWID;
CREATE INDEX search_component_forms_stem ON search_component_forms(stem);

-- Components whose document is forgotten and not yet written again.
CREATE TABLE search_components_pending (
    component_id INTEGER PRIMARY KEY
);

-- 1 only inside an import transaction, which writes the pending documents before it commits.
ALTER TABLE search_control ADD COLUMN defer_components INTEGER NOT NULL DEFAULT 0;

-- 2. One vocabulary across platforms: what iOS calls dimmed Android calls disabled. Filled from
--    vocabulary/equivalents.tsv (built into a11ykb) by every import and by this migration, read by
--    `a11ykb search` (a word also finds its equivalents) and `a11ykb vocab`.
CREATE TABLE equivalents (
    id       INTEGER PRIMARY KEY,
    concept  TEXT NOT NULL,          -- what the terms mean: `disabled`, `heading`, `activate gesture`
    platform TEXT,                   -- `ios`, `android`, `web`; NULL: every platform
    term     TEXT NOT NULL,          -- as the sources write it: `dimmed`, `.isHeader`, `role="heading"`
    note     TEXT                    -- where the term is used: `UIKit trait`, `Compose semantics`
);
CREATE INDEX equivalents_concept ON equivalents(concept);
CREATE INDEX equivalents_term ON equivalents(term COLLATE NOCASE);

-- Triggers: forget before the first change, write again after it (at once, or when the import
-- ends).

-- One place for what every trigger below does: inserting (component_id, 'before') into this view
-- forgets the component's document unless it is pending already, and makes it pending;
-- (component_id, 'after') writes the pending document again, unless an import defers it.
CREATE VIEW search_component_changes (component_id, moment) AS SELECT NULL, NULL WHERE 0;

CREATE TRIGGER search_component_changes_before INSTEAD OF INSERT ON search_component_changes
WHEN new.moment = 'before' BEGIN
    INSERT INTO search_components (search_components, rowid, title, category, body)
    SELECT 'delete', id, title, category, body FROM search_component_text
    WHERE id = new.component_id
      AND NOT EXISTS (SELECT 1 FROM search_components_pending WHERE component_id = new.component_id);
    INSERT OR IGNORE INTO search_components_pending (component_id) VALUES (new.component_id);
END;

CREATE TRIGGER search_component_changes_after INSTEAD OF INSERT ON search_component_changes
WHEN new.moment = 'after' AND (SELECT defer_components FROM search_control) = 0 BEGIN
    INSERT INTO search_components (rowid, title, category, body)
    SELECT id, title, category, body FROM search_component_text
    WHERE id = new.component_id
      AND EXISTS (SELECT 1 FROM search_components_pending WHERE component_id = new.component_id);
    DELETE FROM search_components_pending WHERE component_id = new.component_id;
END;

CREATE TRIGGER criteria_component_search_before_insert BEFORE INSERT ON criteria
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_component_changes (component_id, moment) VALUES (new.component_id, 'before');
END;

CREATE TRIGGER criteria_component_search_after_insert AFTER INSERT ON criteria
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_component_changes (component_id, moment) VALUES (new.component_id, 'after');
END;

CREATE TRIGGER criteria_component_search_before_delete BEFORE DELETE ON criteria
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_component_changes (component_id, moment) VALUES (old.component_id, 'before');
END;

CREATE TRIGGER criteria_component_search_after_delete AFTER DELETE ON criteria
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_component_changes (component_id, moment) VALUES (old.component_id, 'after');
END;

CREATE TRIGGER criteria_component_search_before_update BEFORE UPDATE OF component_id, label, expectation ON criteria
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_component_changes (component_id, moment) VALUES (old.component_id, 'before');
    INSERT INTO search_component_changes (component_id, moment) VALUES (new.component_id, 'before');
END;

CREATE TRIGGER criteria_component_search_after_update AFTER UPDATE OF component_id, label, expectation ON criteria
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_component_changes (component_id, moment) VALUES (old.component_id, 'after');
    INSERT INTO search_component_changes (component_id, moment) VALUES (new.component_id, 'after');
END;

CREATE TRIGGER guidance_component_search_before_insert BEFORE INSERT ON guidance
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_component_changes (component_id, moment) VALUES (new.component_id, 'before');
END;

CREATE TRIGGER guidance_component_search_after_insert AFTER INSERT ON guidance
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_component_changes (component_id, moment) VALUES (new.component_id, 'after');
END;

CREATE TRIGGER guidance_component_search_before_delete BEFORE DELETE ON guidance
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_component_changes (component_id, moment) VALUES (old.component_id, 'before');
END;

CREATE TRIGGER guidance_component_search_after_delete AFTER DELETE ON guidance
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_component_changes (component_id, moment) VALUES (old.component_id, 'after');
END;

CREATE TRIGGER guidance_component_search_before_update BEFORE UPDATE OF component_id, text ON guidance
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_component_changes (component_id, moment) VALUES (old.component_id, 'before');
    INSERT INTO search_component_changes (component_id, moment) VALUES (new.component_id, 'before');
END;

CREATE TRIGGER guidance_component_search_after_update AFTER UPDATE OF component_id, text ON guidance
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_component_changes (component_id, moment) VALUES (old.component_id, 'after');
    INSERT INTO search_component_changes (component_id, moment) VALUES (new.component_id, 'after');
END;

CREATE TRIGGER announcements_component_search_before_insert BEFORE INSERT ON announcements
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_component_changes (component_id, moment) VALUES (new.component_id, 'before');
END;

CREATE TRIGGER announcements_component_search_after_insert AFTER INSERT ON announcements
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_component_changes (component_id, moment) VALUES (new.component_id, 'after');
END;

CREATE TRIGGER announcements_component_search_before_delete BEFORE DELETE ON announcements
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_component_changes (component_id, moment) VALUES (old.component_id, 'before');
END;

CREATE TRIGGER announcements_component_search_after_delete AFTER DELETE ON announcements
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_component_changes (component_id, moment) VALUES (old.component_id, 'after');
END;

CREATE TRIGGER announcements_component_search_before_update BEFORE UPDATE OF component_id, text, context ON announcements
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_component_changes (component_id, moment) VALUES (old.component_id, 'before');
    INSERT INTO search_component_changes (component_id, moment) VALUES (new.component_id, 'before');
END;

CREATE TRIGGER announcements_component_search_after_update AFTER UPDATE OF component_id, text, context ON announcements
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_component_changes (component_id, moment) VALUES (old.component_id, 'after');
    INSERT INTO search_component_changes (component_id, moment) VALUES (new.component_id, 'after');
END;

-- A new component has no document to forget.
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

-- A knowledge base that already holds components gets them indexed now.
INSERT INTO search_components (rowid, title, category, body)
SELECT id, title, category, body FROM search_component_text;
