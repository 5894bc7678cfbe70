-- a11ykb schema 0017: the criteria that test no success criterion, as vocabulary/tested-sc.tsv
-- says (an `N/A` row, a row that asks for something no success criterion states), with the reason
-- of the row that says so. With inferred_wcag, every criterion either has links of its own or is
-- marked here. Never edit this file once released.
--
-- Rows go with their component, their criterion and their source, as inferred_wcag's do.
CREATE TABLE tests_nothing (
    id           INTEGER PRIMARY KEY,
    component_id INTEGER NOT NULL REFERENCES components(id) ON DELETE CASCADE,
    criterion_id INTEGER NOT NULL UNIQUE REFERENCES criteria(id) ON DELETE CASCADE,
    platform_id  INTEGER REFERENCES platforms(id),                    -- the criterion's; NULL: every platform
    reason       TEXT    NOT NULL,                                     -- the table row's reason
    source_id    INTEGER NOT NULL REFERENCES sources(id),
    line         INTEGER NOT NULL                                      -- the criterion's line
);
CREATE INDEX tests_nothing_component ON tests_nothing(component_id);
CREATE INDEX tests_nothing_source ON tests_nothing(source_id);

-- 0016's view, every column and row as it was, and one row more per criterion that tests nothing:
-- `link` 'nothing', `sc` NULL, `criterion_id` and `reason` set.
DROP VIEW IF EXISTS v_tested_sc;
CREATE VIEW v_tested_sc AS
SELECT c.slug AS component, c.family, NULL AS platform, NULL AS criterion_id, cw.sc, 'cited' AS link, NULL AS reason
FROM component_wcag cw
JOIN components c ON c.id = cw.component_id
UNION ALL
SELECT c.slug, c.family, p.slug, i.criterion_id, i.sc, 'inferred', i.reason
FROM inferred_wcag i
JOIN components c ON c.id = i.component_id
LEFT JOIN platforms p ON p.id = i.platform_id
UNION ALL
SELECT c.slug, c.family, p.slug, t.criterion_id, NULL, 'nothing', t.reason
FROM tests_nothing t
JOIN components c ON c.id = t.component_id
LEFT JOIN platforms p ON p.id = t.platform_id;

-- A knowledge base made before this migration holds inferred links made by an older table and no
-- marks: the store infers both again from its stored facts right after this file runs
-- (KBStore/InferredWCAGBackfill.swift).
