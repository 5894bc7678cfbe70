-- a11ykb schema, version 1: the contract of DESIGN.md. Never edit a migration once released:
-- add a new numbered file instead.

CREATE TABLE sources (
    id            INTEGER PRIMARY KEY,
    path          TEXT    NOT NULL UNIQUE,
    format        TEXT    NOT NULL,
    sha256        TEXT    NOT NULL,
    bytes         INTEGER NOT NULL,
    imported_at   TEXT    NOT NULL,
    superseded_by INTEGER REFERENCES sources(id) ON DELETE SET NULL
);

CREATE TABLE platforms (
    id            INTEGER PRIMARY KEY,
    slug          TEXT NOT NULL UNIQUE,
    name          TEXT NOT NULL,
    screen_reader TEXT
);

CREATE TABLE frameworks (
    id          INTEGER PRIMARY KEY,
    slug        TEXT    NOT NULL UNIQUE,
    name        TEXT    NOT NULL,
    platform_id INTEGER NOT NULL REFERENCES platforms(id)
);

INSERT INTO platforms (id, slug, name, screen_reader) VALUES
    (1, 'ios', 'iOS', 'VoiceOver'),
    (2, 'android', 'Android', 'TalkBack'),
    (3, 'web', 'Web', NULL);

INSERT INTO frameworks (id, slug, name, platform_id) VALUES
    (1, 'uikit', 'UIKit', 1),
    (2, 'swiftui', 'SwiftUI', 1),
    (3, 'android-views', 'Android Views', 2),
    (4, 'jetpack-compose', 'Jetpack Compose', 2);

CREATE TABLE components (
    id        INTEGER PRIMARY KEY,
    slug      TEXT    NOT NULL,
    title     TEXT    NOT NULL,
    family    TEXT    NOT NULL CHECK (family IN ('native', 'web')),
    category  TEXT,
    summary   TEXT,
    source_id INTEGER NOT NULL REFERENCES sources(id),
    UNIQUE (family, slug)
);
CREATE INDEX components_source ON components(source_id);

CREATE TABLE criteria (
    id           INTEGER PRIMARY KEY,
    component_id INTEGER NOT NULL REFERENCES components(id) ON DELETE CASCADE,
    platform_id  INTEGER REFERENCES platforms(id),
    kind         TEXT    NOT NULL,
    label        TEXT,
    expectation  TEXT    NOT NULL,
    position     INTEGER NOT NULL,
    source_id    INTEGER NOT NULL REFERENCES sources(id),
    line         INTEGER NOT NULL
);
CREATE INDEX criteria_component ON criteria(component_id, position);

CREATE TABLE guidance (
    id           INTEGER PRIMARY KEY,
    component_id INTEGER NOT NULL REFERENCES components(id) ON DELETE CASCADE,
    platform_id  INTEGER REFERENCES platforms(id),
    framework_id INTEGER REFERENCES frameworks(id),
    aspect       TEXT    NOT NULL,
    parent_id    INTEGER REFERENCES guidance(id) ON DELETE CASCADE,
    text         TEXT    NOT NULL,
    position     INTEGER NOT NULL,
    source_id    INTEGER NOT NULL REFERENCES sources(id),
    line         INTEGER NOT NULL
);
CREATE INDEX guidance_component ON guidance(component_id, position);
CREATE INDEX guidance_parent ON guidance(parent_id);

CREATE TABLE announcements (
    id            INTEGER PRIMARY KEY,
    component_id  INTEGER NOT NULL REFERENCES components(id) ON DELETE CASCADE,
    platform_id   INTEGER REFERENCES platforms(id),
    text          TEXT    NOT NULL,
    context       TEXT,
    origin        TEXT    NOT NULL CHECK (origin IN ('example', 'transcript')),
    screen_reader TEXT,
    start_ms      INTEGER,
    end_ms        INTEGER,
    position      INTEGER NOT NULL,
    source_id     INTEGER NOT NULL REFERENCES sources(id),
    line          INTEGER NOT NULL
);
CREATE INDEX announcements_component ON announcements(component_id, position);

CREATE TABLE gaps (
    id           INTEGER PRIMARY KEY,
    component_id INTEGER NOT NULL REFERENCES components(id) ON DELETE CASCADE,
    platform_id  INTEGER REFERENCES platforms(id),
    framework_id INTEGER REFERENCES frameworks(id),
    aspect       TEXT,
    problem      TEXT    NOT NULL,
    excerpt      TEXT,
    source_id    INTEGER NOT NULL REFERENCES sources(id),
    line         INTEGER NOT NULL
);
CREATE INDEX gaps_component ON gaps(component_id);

CREATE TABLE code_examples (
    id           INTEGER PRIMARY KEY,
    component_id INTEGER NOT NULL REFERENCES components(id) ON DELETE CASCADE,
    platform_id  INTEGER REFERENCES platforms(id),
    framework_id INTEGER REFERENCES frameworks(id),
    aspect       TEXT,
    language     TEXT,
    code         TEXT    NOT NULL,
    position     INTEGER NOT NULL,
    source_id    INTEGER NOT NULL REFERENCES sources(id),
    line         INTEGER NOT NULL
);
CREATE INDEX code_examples_component ON code_examples(component_id);

-- Diagnostics of the last import of each source: unknown labels, repairs.
CREATE TABLE notices (
    id        INTEGER PRIMARY KEY,
    source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    kind      TEXT    NOT NULL,
    line      INTEGER,
    message   TEXT    NOT NULL
);
CREATE INDEX notices_source ON notices(source_id);

CREATE VIEW v_criteria AS
SELECT cr.id, c.slug AS component, c.family, p.slug AS platform, cr.kind, cr.label, cr.expectation,
       cr.expectation AS text, cr.position, s.path AS source, cr.line
FROM criteria cr
JOIN components c ON c.id = cr.component_id
LEFT JOIN platforms p ON p.id = cr.platform_id
JOIN sources s ON s.id = cr.source_id;

CREATE VIEW v_guidance AS
SELECT g.id, c.slug AS component, c.family, p.slug AS platform, f.slug AS framework, g.aspect,
       g.parent_id, g.text, g.position, s.path AS source, g.line
FROM guidance g
JOIN components c ON c.id = g.component_id
LEFT JOIN platforms p ON p.id = g.platform_id
LEFT JOIN frameworks f ON f.id = g.framework_id
JOIN sources s ON s.id = g.source_id;

CREATE VIEW v_announcements AS
SELECT a.id, c.slug AS component, c.family, p.slug AS platform, a.screen_reader, a.text, a.context,
       a.origin, a.start_ms, a.end_ms, a.position, s.path AS source, a.line
FROM announcements a
JOIN components c ON c.id = a.component_id
LEFT JOIN platforms p ON p.id = a.platform_id
JOIN sources s ON s.id = a.source_id;

CREATE VIEW v_gaps AS
SELECT g.id, c.slug AS component, c.family, p.slug AS platform, f.slug AS framework, g.aspect, g.problem,
       g.excerpt, s.path AS source, g.line
FROM gaps g
JOIN components c ON c.id = g.component_id
LEFT JOIN platforms p ON p.id = g.platform_id
LEFT JOIN frameworks f ON f.id = g.framework_id
JOIN sources s ON s.id = g.source_id;
