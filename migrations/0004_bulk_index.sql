-- Bulk indexing: an import that writes as much as the knowledge base already holds (a first
-- import, a whole checkout) switches the per-row triggers off, writes its facts, and rebuilds the
-- search index once, inside the same transaction. Tokenizing everything in one pass costs less
-- than keeping the index in step row by row. Small imports keep the triggers.

CREATE TABLE search_control (
    id   INTEGER PRIMARY KEY CHECK (id = 1),
    bulk INTEGER NOT NULL DEFAULT 0    -- 1 only inside an import transaction that rebuilds the index
);
INSERT INTO search_control (id, bulk) VALUES (1, 0);

DROP TRIGGER components_search_insert;
CREATE TRIGGER components_search_insert AFTER INSERT ON components
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_index (rowid, title) VALUES (new.id * 8 + 1, new.title);
END;

DROP TRIGGER components_search_delete;
CREATE TRIGGER components_search_delete AFTER DELETE ON components
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_index (search_index, rowid, title)
    VALUES ('delete', old.id * 8 + 1, old.title);
END;

DROP TRIGGER components_search_update;
CREATE TRIGGER components_search_update AFTER UPDATE OF id, title ON components
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_index (search_index, rowid, title)
    VALUES ('delete', old.id * 8 + 1, old.title);
    INSERT INTO search_index (rowid, title) VALUES (new.id * 8 + 1, new.title);
END;

DROP TRIGGER criteria_search_insert;
CREATE TRIGGER criteria_search_insert AFTER INSERT ON criteria
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_index (rowid, label, criterion) VALUES (new.id * 8 + 2, new.label, new.expectation);
END;

DROP TRIGGER criteria_search_delete;
CREATE TRIGGER criteria_search_delete AFTER DELETE ON criteria
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_index (search_index, rowid, label, criterion)
    VALUES ('delete', old.id * 8 + 2, old.label, old.expectation);
END;

DROP TRIGGER criteria_search_update;
CREATE TRIGGER criteria_search_update AFTER UPDATE OF id, label, expectation ON criteria
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_index (search_index, rowid, label, criterion)
    VALUES ('delete', old.id * 8 + 2, old.label, old.expectation);
    INSERT INTO search_index (rowid, label, criterion) VALUES (new.id * 8 + 2, new.label, new.expectation);
END;

DROP TRIGGER guidance_search_insert;
CREATE TRIGGER guidance_search_insert AFTER INSERT ON guidance
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_index (rowid, guidance, detail)
    VALUES (new.id * 8 + 3, CASE WHEN new.parent_id IS NULL THEN new.text END,
            CASE WHEN new.parent_id IS NOT NULL THEN new.text END);
END;

DROP TRIGGER guidance_search_delete;
CREATE TRIGGER guidance_search_delete AFTER DELETE ON guidance
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_index (search_index, rowid, guidance, detail)
    VALUES ('delete', old.id * 8 + 3, CASE WHEN old.parent_id IS NULL THEN old.text END,
            CASE WHEN old.parent_id IS NOT NULL THEN old.text END);
END;

DROP TRIGGER guidance_search_update;
CREATE TRIGGER guidance_search_update AFTER UPDATE OF id, text, parent_id ON guidance
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_index (search_index, rowid, guidance, detail)
    VALUES ('delete', old.id * 8 + 3, CASE WHEN old.parent_id IS NULL THEN old.text END,
            CASE WHEN old.parent_id IS NOT NULL THEN old.text END);
    INSERT INTO search_index (rowid, guidance, detail)
    VALUES (new.id * 8 + 3, CASE WHEN new.parent_id IS NULL THEN new.text END,
            CASE WHEN new.parent_id IS NOT NULL THEN new.text END);
END;

DROP TRIGGER announcements_search_insert;
CREATE TRIGGER announcements_search_insert AFTER INSERT ON announcements
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_index (rowid, label, announcement) VALUES (new.id * 8 + 4, new.context, new.text);
END;

DROP TRIGGER announcements_search_delete;
CREATE TRIGGER announcements_search_delete AFTER DELETE ON announcements
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_index (search_index, rowid, label, announcement)
    VALUES ('delete', old.id * 8 + 4, old.context, old.text);
END;

DROP TRIGGER announcements_search_update;
CREATE TRIGGER announcements_search_update AFTER UPDATE OF id, text, context ON announcements
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_index (search_index, rowid, label, announcement)
    VALUES ('delete', old.id * 8 + 4, old.context, old.text);
    INSERT INTO search_index (rowid, label, announcement) VALUES (new.id * 8 + 4, new.context, new.text);
END;
