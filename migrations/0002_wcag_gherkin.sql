-- WCAG success criteria cited by components, and the Gherkin scenarios a source writes out.

CREATE TABLE wcag_criteria (
    sc    TEXT PRIMARY KEY,          -- as written: '4.1.2'
    title TEXT,                      -- 'Name, Role, Value'
    level TEXT CHECK (level IN ('A', 'AA', 'AAA')),
    url   TEXT
);

CREATE TABLE component_wcag (
    component_id INTEGER NOT NULL REFERENCES components(id) ON DELETE CASCADE,
    sc           TEXT    NOT NULL REFERENCES wcag_criteria(sc),
    source_id    INTEGER NOT NULL REFERENCES sources(id),
    line         INTEGER NOT NULL,
    PRIMARY KEY (component_id, sc)
);
CREATE INDEX component_wcag_sc ON component_wcag(sc);

-- One row per line of a source's own Gherkin: today's `## Gherkin` section, or the web era's
-- `gherkin-keyboard` / `gherkin-mobile` front matter.
CREATE TABLE gherkin_steps (
    id           INTEGER PRIMARY KEY,
    component_id INTEGER NOT NULL REFERENCES components(id) ON DELETE CASCADE,
    scenario     TEXT,               -- 'keyboard', 'mobile', or the scenario line it sits under
    depth        INTEGER NOT NULL,   -- nesting: 0 for GIVEN and scenario lines
    text         TEXT    NOT NULL,
    position     INTEGER NOT NULL,
    source_id    INTEGER NOT NULL REFERENCES sources(id),
    line         INTEGER NOT NULL
);
CREATE INDEX gherkin_steps_component ON gherkin_steps(component_id, position);

CREATE VIEW v_component_wcag AS
SELECT c.slug AS component, c.family, w.sc, w.title, w.level, w.url, s.path AS source, cw.line
FROM component_wcag cw
JOIN components c ON c.id = cw.component_id
JOIN wcag_criteria w ON w.sc = cw.sc
JOIN sources s ON s.id = cw.source_id;
