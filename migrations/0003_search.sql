-- a11ykb schema, search: one FTS5 index over every text-bearing fact (component titles, criteria,
-- guidance, announcements), kept in step with the tables by triggers, so it changes in the same
-- transaction as the facts it indexes. Never edit this file once released.
-- A component's summary is not indexed again: it is a copy of its first general guidance note,
-- which is indexed as guidance (a second copy would only give every such note two hits).
--
-- Shape: an external-content FTS5 table over the view `search_facts`, a union of the fact tables.
-- A document's key (the FTS rowid) is `id * 8 + tag`: tag 1 component, 2 criterion, 3 guidance,
-- 4 announcement. The text lives once, in the fact tables; the index holds only tokens.
-- Each kind of text has its own column, so that bm25 can weigh a title above a nested bullet.

CREATE VIEW search_facts (key, title, label, criterion, announcement, guidance, detail) AS
SELECT id * 8 + 1, title, NULL, NULL, NULL, NULL, NULL FROM components
UNION ALL
SELECT id * 8 + 2, NULL, label, expectation, NULL, NULL, NULL FROM criteria
UNION ALL
SELECT id * 8 + 3, NULL, NULL, NULL, NULL,
       CASE WHEN parent_id IS NULL THEN text END, CASE WHEN parent_id IS NOT NULL THEN text END
FROM guidance
UNION ALL
SELECT id * 8 + 4, NULL, context, NULL, text, NULL, NULL FROM announcements;

-- FTS5 reads a document's text back through the view (for snippet() and highlight()) with
-- `WHERE key = ?`; these indexes turn that into one lookup per table instead of a scan.
CREATE INDEX components_search_key ON components(id * 8 + 1);
CREATE INDEX criteria_search_key ON criteria(id * 8 + 2);
CREATE INDEX guidance_search_key ON guidance(id * 8 + 3);
CREATE INDEX announcements_search_key ON announcements(id * 8 + 4);

CREATE VIRTUAL TABLE search_index USING fts5(
    title, label, criterion, announcement, guidance, detail,
    content = 'search_facts',
    content_rowid = 'key',
    tokenize = 'porter unicode61 remove_diacritics 2'
);

-- The terms of the index with how many documents hold each, for "did you mean" suggestions.
CREATE VIRTUAL TABLE search_vocab USING fts5vocab(search_index, 'row');

-- Triggers: an external-content index is told what to forget with the old values.

CREATE TRIGGER components_search_insert AFTER INSERT ON components BEGIN
    INSERT INTO search_index (rowid, title) VALUES (new.id * 8 + 1, new.title);
END;
CREATE TRIGGER components_search_delete AFTER DELETE ON components BEGIN
    INSERT INTO search_index (search_index, rowid, title)
    VALUES ('delete', old.id * 8 + 1, old.title);
END;
CREATE TRIGGER components_search_update AFTER UPDATE OF id, title ON components BEGIN
    INSERT INTO search_index (search_index, rowid, title)
    VALUES ('delete', old.id * 8 + 1, old.title);
    INSERT INTO search_index (rowid, title) VALUES (new.id * 8 + 1, new.title);
END;

CREATE TRIGGER criteria_search_insert AFTER INSERT ON criteria BEGIN
    INSERT INTO search_index (rowid, label, criterion) VALUES (new.id * 8 + 2, new.label, new.expectation);
END;
CREATE TRIGGER criteria_search_delete AFTER DELETE ON criteria BEGIN
    INSERT INTO search_index (search_index, rowid, label, criterion)
    VALUES ('delete', old.id * 8 + 2, old.label, old.expectation);
END;
CREATE TRIGGER criteria_search_update AFTER UPDATE OF id, label, expectation ON criteria BEGIN
    INSERT INTO search_index (search_index, rowid, label, criterion)
    VALUES ('delete', old.id * 8 + 2, old.label, old.expectation);
    INSERT INTO search_index (rowid, label, criterion) VALUES (new.id * 8 + 2, new.label, new.expectation);
END;

CREATE TRIGGER guidance_search_insert AFTER INSERT ON guidance BEGIN
    INSERT INTO search_index (rowid, guidance, detail)
    VALUES (new.id * 8 + 3, CASE WHEN new.parent_id IS NULL THEN new.text END,
            CASE WHEN new.parent_id IS NOT NULL THEN new.text END);
END;
CREATE TRIGGER guidance_search_delete AFTER DELETE ON guidance BEGIN
    INSERT INTO search_index (search_index, rowid, guidance, detail)
    VALUES ('delete', old.id * 8 + 3, CASE WHEN old.parent_id IS NULL THEN old.text END,
            CASE WHEN old.parent_id IS NOT NULL THEN old.text END);
END;
CREATE TRIGGER guidance_search_update AFTER UPDATE OF id, text, parent_id ON guidance BEGIN
    INSERT INTO search_index (search_index, rowid, guidance, detail)
    VALUES ('delete', old.id * 8 + 3, CASE WHEN old.parent_id IS NULL THEN old.text END,
            CASE WHEN old.parent_id IS NOT NULL THEN old.text END);
    INSERT INTO search_index (rowid, guidance, detail)
    VALUES (new.id * 8 + 3, CASE WHEN new.parent_id IS NULL THEN new.text END,
            CASE WHEN new.parent_id IS NOT NULL THEN new.text END);
END;

CREATE TRIGGER announcements_search_insert AFTER INSERT ON announcements BEGIN
    INSERT INTO search_index (rowid, label, announcement) VALUES (new.id * 8 + 4, new.context, new.text);
END;
CREATE TRIGGER announcements_search_delete AFTER DELETE ON announcements BEGIN
    INSERT INTO search_index (search_index, rowid, label, announcement)
    VALUES ('delete', old.id * 8 + 4, old.context, old.text);
END;
CREATE TRIGGER announcements_search_update AFTER UPDATE OF id, text, context ON announcements BEGIN
    INSERT INTO search_index (search_index, rowid, label, announcement)
    VALUES ('delete', old.id * 8 + 4, old.context, old.text);
    INSERT INTO search_index (rowid, label, announcement) VALUES (new.id * 8 + 4, new.context, new.text);
END;

-- A knowledge base that already holds facts gets them indexed now.
INSERT INTO search_index (search_index) VALUES ('rebuild');
