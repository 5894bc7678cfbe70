-- a11ykb schema 0014: the component index keeps where each word stands (issue 23).
-- Never edit this file once released.
--
-- Search ranks a component by how much of a question it covers, each word weighted by where it
-- stands: the title (and category), a criterion's label, the facts, or a code example. 0007's
-- index had no labels column (they were run into the body) and no code at all, so a word that a
-- component holds only in its code (`main content` in a skip link's markup) was not found. The
-- index gets two columns, after the old three so that `bm25(search_components, 10, 4, 1)` still
-- weighs title, category and body: `labels` (criteria labels) and `code` (every code example).
-- FTS5 cannot add a column: the index, its vocabulary table, its view and the two triggers that
-- name its columns are made again, then filled from the fact tables.

DROP TRIGGER search_component_changes_before;
DROP TRIGGER search_component_changes_after;
DROP TABLE search_component_terms;
DROP TABLE search_components;
DROP VIEW search_component_text;

CREATE VIEW search_component_text (id, title, category, body, labels, code) AS
SELECT c.id, c.title, coalesce(c.category, ''),
       coalesce((SELECT group_concat(cr.expectation, ' ') FROM criteria cr WHERE cr.component_id = c.id), '') || ' ' ||
       coalesce((SELECT group_concat(g.text, ' ') FROM guidance g WHERE g.component_id = c.id), '') || ' ' ||
       coalesce((SELECT group_concat(a.text || ' ' || coalesce(a.context, ''), ' ')
                 FROM announcements a WHERE a.component_id = c.id), ''),
       coalesce((SELECT group_concat(cr.label, ' ') FROM criteria cr WHERE cr.component_id = c.id), ''),
       coalesce((SELECT group_concat(x.code, ' ') FROM code_examples x WHERE x.component_id = c.id), '')
FROM components c;

CREATE VIRTUAL TABLE search_components USING fts5(
    title, category, body, labels, code,
    content = '',
    tokenize = 'unicode61 remove_diacritics 2'
);

CREATE VIRTUAL TABLE search_component_terms USING fts5vocab(search_components, 'row');

CREATE TRIGGER search_component_changes_before INSTEAD OF INSERT ON search_component_changes
WHEN new.moment = 'before' BEGIN
    INSERT INTO search_components (search_components, rowid, title, category, body, labels, code)
    SELECT 'delete', id, title, category, body, labels, code FROM search_component_text
    WHERE id = new.component_id
      AND NOT EXISTS (SELECT 1 FROM search_components_pending WHERE component_id = new.component_id);
    INSERT OR IGNORE INTO search_components_pending (component_id) VALUES (new.component_id);
END;

CREATE TRIGGER search_component_changes_after INSTEAD OF INSERT ON search_component_changes
WHEN new.moment = 'after' AND (SELECT defer_components FROM search_control) = 0 BEGIN
    INSERT INTO search_components (rowid, title, category, body, labels, code)
    SELECT id, title, category, body, labels, code FROM search_component_text
    WHERE id = new.component_id
      AND EXISTS (SELECT 1 FROM search_components_pending WHERE component_id = new.component_id);
    DELETE FROM search_components_pending WHERE component_id = new.component_id;
END;

-- A code example changes its component's document, as a fact does (0007's triggers).
CREATE TRIGGER code_examples_component_search_before_insert BEFORE INSERT ON code_examples
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_component_changes (component_id, moment) VALUES (new.component_id, 'before');
END;

CREATE TRIGGER code_examples_component_search_after_insert AFTER INSERT ON code_examples
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_component_changes (component_id, moment) VALUES (new.component_id, 'after');
END;

CREATE TRIGGER code_examples_component_search_before_delete BEFORE DELETE ON code_examples
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_component_changes (component_id, moment) VALUES (old.component_id, 'before');
END;

CREATE TRIGGER code_examples_component_search_after_delete AFTER DELETE ON code_examples
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_component_changes (component_id, moment) VALUES (old.component_id, 'after');
END;

CREATE TRIGGER code_examples_component_search_before_update BEFORE UPDATE OF component_id, code ON code_examples
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_component_changes (component_id, moment) VALUES (old.component_id, 'before');
    INSERT INTO search_component_changes (component_id, moment) VALUES (new.component_id, 'before');
END;

CREATE TRIGGER code_examples_component_search_after_update AFTER UPDATE OF component_id, code ON code_examples
WHEN (SELECT bulk FROM search_control) = 0 BEGIN
    INSERT INTO search_component_changes (component_id, moment) VALUES (old.component_id, 'after');
    INSERT INTO search_component_changes (component_id, moment) VALUES (new.component_id, 'after');
END;

DELETE FROM search_components_pending;
INSERT INTO search_components (rowid, title, category, body, labels, code)
SELECT id, title, category, body, labels, code FROM search_component_text;
