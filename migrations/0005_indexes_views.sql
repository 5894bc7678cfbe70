-- a11ykb schema 0005: indexes for replacing and deleting a source, lookups by slug, and views that
-- name each fact's component by title and category too. Never edit this file once released.

-- Replacing a source deletes its facts table by table (`WHERE component_id = ? AND source_id = ?`),
-- and deleting a source makes SQLite check every table whose `source_id` refers to it: without
-- these indexes each of those is a scan of the whole table.
CREATE INDEX criteria_source ON criteria(source_id);
CREATE INDEX guidance_source ON guidance(source_id);
CREATE INDEX announcements_source ON announcements(source_id);
CREATE INDEX gaps_source ON gaps(source_id);
CREATE INDEX code_examples_source ON code_examples(source_id);
CREATE INDEX gherkin_steps_source ON gherkin_steps(source_id);
CREATE INDEX component_wcag_source ON component_wcag(source_id);
-- `superseded_by` refers to sources itself (ON DELETE SET NULL).
CREATE INDEX sources_superseded_by ON sources(superseded_by);

-- `UNIQUE (family, slug)` serves lookups by family and slug; a slug alone (what users type) needs
-- its own index.
CREATE INDEX components_slug ON components(slug);

-- The views gain the component's title and category, at the end: existing columns keep their
-- names and places (in v_component_wcag, `title` is the WCAG criterion's, so the component's is
-- `component_title`).
DROP VIEW v_criteria;
CREATE VIEW v_criteria AS
SELECT cr.id, c.slug AS component, c.family, p.slug AS platform, cr.kind, cr.label, cr.expectation,
       cr.expectation AS text, cr.position, s.path AS source, cr.line, c.title, c.category
FROM criteria cr
JOIN components c ON c.id = cr.component_id
LEFT JOIN platforms p ON p.id = cr.platform_id
JOIN sources s ON s.id = cr.source_id;

DROP VIEW v_guidance;
CREATE VIEW v_guidance AS
SELECT g.id, c.slug AS component, c.family, p.slug AS platform, f.slug AS framework, g.aspect,
       g.parent_id, g.text, g.position, s.path AS source, g.line, c.title, c.category
FROM guidance g
JOIN components c ON c.id = g.component_id
LEFT JOIN platforms p ON p.id = g.platform_id
LEFT JOIN frameworks f ON f.id = g.framework_id
JOIN sources s ON s.id = g.source_id;

DROP VIEW v_announcements;
CREATE VIEW v_announcements AS
SELECT a.id, c.slug AS component, c.family, p.slug AS platform, a.screen_reader, a.text, a.context,
       a.origin, a.start_ms, a.end_ms, a.position, s.path AS source, a.line, c.title, c.category
FROM announcements a
JOIN components c ON c.id = a.component_id
LEFT JOIN platforms p ON p.id = a.platform_id
JOIN sources s ON s.id = a.source_id;

DROP VIEW v_gaps;
CREATE VIEW v_gaps AS
SELECT g.id, c.slug AS component, c.family, p.slug AS platform, f.slug AS framework, g.aspect, g.problem,
       g.excerpt, s.path AS source, g.line, c.title, c.category
FROM gaps g
JOIN components c ON c.id = g.component_id
LEFT JOIN platforms p ON p.id = g.platform_id
LEFT JOIN frameworks f ON f.id = g.framework_id
JOIN sources s ON s.id = g.source_id;

DROP VIEW v_component_wcag;
CREATE VIEW v_component_wcag AS
SELECT c.slug AS component, c.family, w.sc, w.title, w.level, w.url, s.path AS source, cw.line,
       c.title AS component_title, c.category
FROM component_wcag cw
JOIN components c ON c.id = cw.component_id
JOIN wcag_criteria w ON w.sc = cw.sc
JOIN sources s ON s.id = cw.source_id;
