-- a11ykb schema 0016: the success criteria each MagentaA11y criterion tests, inferred from what it
-- tests (vocabulary/tested-sc.tsv, applied by every import), beside the ones its page cites
-- (component_wcag). Never edit this file once released.
--
-- `sc` is a WCAG 2.2 number as text, with no foreign key to wcag_criteria: that table holds the
-- criteria the sources cite (and, once the catalogue is loaded, every one), and an inferred link
-- must not wait for it. Rows go with their component, their criterion and their source.
CREATE TABLE inferred_wcag (
    id           INTEGER PRIMARY KEY,
    component_id INTEGER NOT NULL REFERENCES components(id) ON DELETE CASCADE,
    criterion_id INTEGER REFERENCES criteria(id) ON DELETE CASCADE,   -- NULL: the whole component
    platform_id  INTEGER REFERENCES platforms(id),                    -- the criterion's; NULL: every platform
    sc           TEXT    NOT NULL,                                     -- '4.1.2'
    reason       TEXT    NOT NULL,                                     -- the table row's reason
    source_id    INTEGER NOT NULL REFERENCES sources(id),
    line         INTEGER                                               -- the criterion's line; NULL for the component
);
CREATE INDEX inferred_wcag_component ON inferred_wcag(component_id);
CREATE INDEX inferred_wcag_criterion ON inferred_wcag(criterion_id);
CREATE INDEX inferred_wcag_source ON inferred_wcag(source_id);
CREATE INDEX inferred_wcag_sc ON inferred_wcag(sc);

-- Every link between a component's tests and a success criterion, both kinds told apart. The
-- standards migration (0011) made this view of the cited links alone; this one adds the inferred.
DROP VIEW IF EXISTS v_tested_sc;
CREATE VIEW v_tested_sc AS
SELECT c.slug AS component, c.family, NULL AS platform, NULL AS criterion_id, cw.sc, 'cited' AS link, NULL AS reason
FROM component_wcag cw
JOIN components c ON c.id = cw.component_id
UNION ALL
SELECT c.slug, c.family, p.slug, i.criterion_id, i.sc, 'inferred', i.reason
FROM inferred_wcag i
JOIN components c ON c.id = i.component_id
LEFT JOIN platforms p ON p.id = i.platform_id;

-- A knowledge base made before this migration holds criteria but no inferred links: the store
-- infers them from its stored facts right after this file runs (KBStore/InferredWCAGBackfill.swift).
