-- a11ykb schema 0009: one view of every searchable fact, keyed as the search index is, so that
-- tools which pair a table or view with an FTS index by its key (Datasette's fts_table/fts_pk,
-- a plain `key IN (SELECT rowid FROM search_index WHERE search_index MATCH ...)`) show readable
-- rows: component, platform, framework, aspect and text instead of search_facts' bare columns.
-- Never edit this file once released.
--
-- `key` is search_index's rowid (id * 8 + tag: 1 component, 2 criterion, 3 guidance,
-- 4 announcement), computed exactly as the expression indexes of 0003 are, so a lookup by key
-- reaches each table through its index.
CREATE VIEW v_facts AS
SELECT c.id * 8 + 1 AS key, 'component' AS fact, c.slug AS component, c.title, c.family, c.category,
       NULL AS platform, NULL AS framework, NULL AS kind, NULL AS aspect, NULL AS label, c.title AS text,
       s.path AS source, NULL AS line
FROM components c
JOIN sources s ON s.id = c.source_id
UNION ALL
SELECT cr.id * 8 + 2, 'criterion', c.slug, c.title, c.family, c.category,
       p.slug, NULL, cr.kind, NULL, cr.label, cr.expectation, s.path, cr.line
FROM criteria cr
JOIN components c ON c.id = cr.component_id
LEFT JOIN platforms p ON p.id = cr.platform_id
JOIN sources s ON s.id = cr.source_id
UNION ALL
SELECT g.id * 8 + 3, 'guidance', c.slug, c.title, c.family, c.category,
       p.slug, f.slug, NULL, g.aspect, NULL, g.text, s.path, g.line
FROM guidance g
JOIN components c ON c.id = g.component_id
LEFT JOIN platforms p ON p.id = g.platform_id
LEFT JOIN frameworks f ON f.id = g.framework_id
JOIN sources s ON s.id = g.source_id
UNION ALL
SELECT a.id * 8 + 4, 'announcement', c.slug, c.title, c.family, c.category,
       p.slug, NULL, NULL, NULL, a.context, a.text, s.path, a.line
FROM announcements a
JOIN components c ON c.id = a.component_id
LEFT JOIN platforms p ON p.id = a.platform_id
JOIN sources s ON s.id = a.source_id;
