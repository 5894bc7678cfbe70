-- a11ykb schema 0021: the slugs components went by (issue 34). Two pages of one name in two
-- category folders (`how-to-test/components/keyboard-&-focus.md`, `how-to-test/page-level/...`)
-- are two components, each slug qualified by its folder (`components-keyboard-focus`): when such
-- a clash appears, a page that went by the plain name is renamed. A saved plan names components
-- by family and slug (0012), and people type the slugs they know: each rename is kept here, so
-- that both still find the page. A slug a component holds again is no longer a rename.
CREATE TABLE component_renames (
    family     TEXT NOT NULL,   -- the family both slugs are of
    slug       TEXT NOT NULL,   -- the slug the component went by
    now_slug   TEXT NOT NULL,   -- the slug it goes by now
    renamed_at TEXT NOT NULL,   -- ISO 8601, UTC: the import that renamed it
    PRIMARY KEY (family, slug)
);
