-- The standards joined: the WCAG 2.2 catalogue in every knowledge base, the ACT rules and axe-core
-- rules as entries of their own, joined to success criteria and to each other, and the one view the
-- manual side of `wcag` and `coverage` reads (`v_tested_sc`).

-- The catalogue's facts (vocabulary/wcag-2.2.tsv, built in; loaded once, by this migration's
-- follow-up, and again when W3C's wcag.json is imported). A criterion only cited and not in the
-- catalogue keeps NULLs.
ALTER TABLE wcag_criteria ADD COLUMN w3c_id TEXT;          -- 'name-role-value': the anchor of its address
ALTER TABLE wcag_criteria ADD COLUMN guideline TEXT;       -- '4.1'
ALTER TABLE wcag_criteria ADD COLUMN guideline_title TEXT; -- 'Compatible'
ALTER TABLE wcag_criteria ADD COLUMN principle TEXT;       -- '4'
ALTER TABLE wcag_criteria ADD COLUMN principle_title TEXT; -- 'Robust'
ALTER TABLE wcag_criteria ADD COLUMN version TEXT;         -- the WCAG version that added it: '2.0', '2.1', '2.2'
ALTER TABLE wcag_criteria ADD COLUMN status TEXT;          -- 'active', 'obsolete' (4.1.1 in 2.2); NULL: not in the catalogue
ALTER TABLE wcag_criteria ADD COLUMN position INTEGER;     -- order in the catalogue

-- One row per rule per source: an ACT rule file, an axe-core rule file, or one rule of an
-- installed axe-core's getRules() list. The same rule from two sources keeps both rows; the one
-- imported last is the rule's current row (`v_rules`).
CREATE TABLE rules (
    id            INTEGER PRIMARY KEY,
    kind          TEXT    NOT NULL CHECK (kind IN ('act', 'axe')),
    slug          TEXT    NOT NULL,   -- ACT: '97a4e1'; axe: 'button-name'
    name          TEXT,               -- ACT: its name; axe: its help line
    description   TEXT,
    rule_type     TEXT,               -- ACT: 'atomic' or 'composite'
    impact        TEXT,               -- axe: 'minor' ... 'critical' (not in getRules())
    applicability TEXT,               -- ACT: the Applicability section, as written
    expectation   TEXT,               -- ACT: the Expectation section(s), as written
    input_aspects TEXT,               -- ACT: 'DOM Tree, CSS Styling', as listed
    deprecated    INTEGER NOT NULL DEFAULT 0,
    url           TEXT,               -- axe: helpUrl
    version       TEXT,               -- axe: the axeVersion the file states
    source_id     INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    line          INTEGER
);
CREATE INDEX rules_slug ON rules(kind, slug);
CREATE INDEX rules_source ON rules(source_id);

-- Which success criteria a rule tests. ACT: its accessibility_requirements keyed wcag20:/wcag21:/
-- wcag22:, with what each rule outcome means for the criterion; axe: its tags such as wcag412.
CREATE TABLE rule_sc (
    rule_id         INTEGER NOT NULL REFERENCES rules(id) ON DELETE CASCADE,
    sc              TEXT    NOT NULL,  -- '4.1.2' (not a reference: a rule may name one the catalogue lacks)
    requirement     TEXT    NOT NULL,  -- as written: 'wcag20:4.1.2', 'wcag412'
    secondary       INTEGER NOT NULL DEFAULT 0,  -- ACT: related, not a test of the criterion
    for_conformance INTEGER,           -- ACT: forConformance
    failed          TEXT,              -- ACT: what a failed outcome means: 'not satisfied'
    passed          TEXT,              -- ACT: 'further testing needed', 'satisfied'
    inapplicable    TEXT,
    line            INTEGER,
    PRIMARY KEY (rule_id, sc)
);
CREATE INDEX rule_sc_sc ON rule_sc(sc);

-- Every tag of an axe rule and every accessibility requirement of an ACT rule, as written, with
-- the scheme it belongs to.
CREATE TABLE rule_tags (
    rule_id INTEGER NOT NULL REFERENCES rules(id) ON DELETE CASCADE,
    tag     TEXT    NOT NULL,  -- 'wcag2a', 'section508.22.a', 'TT6.a', 'EN-9.4.1.2', 'wcag-technique:G94'
    scheme  TEXT    NOT NULL,  -- 'wcag-level', 'wcag-sc', 'section508', 'trusted-tester', 'en-301-549',
                               -- 'best-practice', 'category', 'act', 'experimental', 'wcag-technique', 'aria', 'other'
    line    INTEGER,
    PRIMARY KEY (rule_id, tag)
);
CREATE INDEX rule_tags_tag ON rule_tags(tag);

-- axe rule → the ACT rules it implements (its actIds).
CREATE TABLE rule_act_ids (
    rule_id INTEGER NOT NULL REFERENCES rules(id) ON DELETE CASCADE,
    act_id  TEXT    NOT NULL,
    line    INTEGER,
    PRIMARY KEY (rule_id, act_id)
);
CREATE INDEX rule_act_ids_act ON rule_act_ids(act_id);

-- Rule search, apart from the component and fact indexes: name, description and slug, stemmed.
CREATE VIRTUAL TABLE search_rules USING fts5(
    slug, name, description,
    content = 'rules', content_rowid = 'id',
    tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER rules_search_insert AFTER INSERT ON rules BEGIN
    INSERT INTO search_rules (rowid, slug, name, description)
    VALUES (new.id, replace(new.slug, '-', ' '), new.name, new.description);
END;
CREATE TRIGGER rules_search_delete AFTER DELETE ON rules BEGIN
    INSERT INTO search_rules (search_rules, rowid, slug, name, description)
    VALUES ('delete', old.id, replace(old.slug, '-', ' '), old.name, old.description);
END;

-- The current row of each rule: the one imported last.
CREATE VIEW v_rules AS
SELECT r.id, r.kind, r.slug AS rule, r.name, r.description, r.rule_type, r.impact, r.deprecated, r.url, r.version,
       s.path AS source, r.line
FROM rules r JOIN sources s ON s.id = r.source_id
WHERE r.id = (SELECT max(r2.id) FROM rules r2 WHERE r2.kind = r.kind AND r2.slug = r.slug);

CREATE VIEW v_rule_sc AS
SELECT r.kind, r.rule, r.name, rs.sc, w.title, w.level, rs.requirement, rs.secondary, rs.for_conformance,
       rs.failed, rs.passed, rs.inapplicable, r.source, rs.line
FROM v_rules r JOIN rule_sc rs ON rs.rule_id = r.id
LEFT JOIN wcag_criteria w ON w.sc = rs.sc;

CREATE VIEW v_rule_tags AS
SELECT r.kind, r.rule, t.tag, t.scheme, r.source, t.line
FROM v_rules r JOIN rule_tags t ON t.rule_id = r.id;

-- axe rule ↔ ACT rule; act_name is NULL when that ACT rule is not in the knowledge base.
CREATE VIEW v_rule_act AS
SELECT r.rule AS axe_rule, a.act_id AS act_rule, act.name AS act_name
FROM v_rules r JOIN rule_act_ids a ON a.rule_id = r.id
LEFT JOIN v_rules act ON act.kind = 'act' AND act.rule = a.act_id
WHERE r.kind = 'axe';

-- What MagentaA11y tests, per success criterion: the one view the manual side of `wcag` and
-- `coverage` reads. Here the cited links only; a later migration recreates it with the inferred
-- ones, same columns.
CREATE VIEW v_tested_sc AS
SELECT c.slug AS component, c.family, NULL AS platform, NULL AS criterion_id, cw.sc, 'cited' AS link, NULL AS reason
FROM component_wcag cw JOIN components c ON c.id = cw.component_id;
