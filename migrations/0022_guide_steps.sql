-- a11ykb schema 0022: a testing guide read as its author laid it out (issue 50). A guide's numbered
-- step holds headings of its own (`2.  ## How to test` over `### Manual testing` over `####
-- Getting started`): each row written in such a step keeps the step's number and the headings
-- inside it above the row, so a guide can be printed as its sections again. A Jekyll page may
-- name several categories (`categories: main form`): the first is its category, the others its
-- tags. A page's "Code examples" section captions its blocks (`### Use semantic HTML`): each
-- block keeps its caption, and the prose under a caption has it as its heading path. Never edit
-- this file once released.
ALTER TABLE guidance ADD COLUMN step INTEGER;          -- the numbered step's number; NULL outside one
ALTER TABLE guidance ADD COLUMN heading_path TEXT;     -- 'Manual testing › Getting started'; NULL for none
ALTER TABLE criteria ADD COLUMN step INTEGER;
ALTER TABLE criteria ADD COLUMN heading_path TEXT;
ALTER TABLE code_examples ADD COLUMN caption TEXT;      -- 'Use semantic HTML': the caption heading over it
ALTER TABLE components ADD COLUMN tags TEXT;           -- 'form': the other categories, slugs separated by a space

-- The views gain the new columns before the component's title and category, with which every
-- view ends (0005).
DROP VIEW v_criteria;
CREATE VIEW v_criteria AS
SELECT cr.id, c.slug AS component, c.family, p.slug AS platform, cr.kind, cr.label, cr.expectation,
       cr.expectation AS text, cr.position, s.path AS source, cr.line, cr.step, cr.heading_path,
       c.title, c.category
FROM criteria cr
JOIN components c ON c.id = cr.component_id
LEFT JOIN platforms p ON p.id = cr.platform_id
JOIN sources s ON s.id = cr.source_id;

DROP VIEW v_guidance;
CREATE VIEW v_guidance AS
SELECT g.id, c.slug AS component, c.family, p.slug AS platform, f.slug AS framework, g.aspect,
       g.parent_id, g.text, g.position, s.path AS source, g.line, g.step, g.heading_path,
       c.title, c.category
FROM guidance g
JOIN components c ON c.id = g.component_id
LEFT JOIN platforms p ON p.id = g.platform_id
LEFT JOIN frameworks f ON f.id = g.framework_id
JOIN sources s ON s.id = g.source_id;
