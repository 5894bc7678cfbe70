-- a11ykb schema 0006: what the importer keeps of a source that it used to lose or blur (issue 11).
-- Never edit this file once released.

-- A code example under a "Bad example" marker (`<h4 class="bad-example">`, `{: .bad-example}`, a
-- "Bad example" heading) is how NOT to do it: flagged, so that nobody copies it.
ALTER TABLE code_examples ADD COLUMN quality TEXT NOT NULL DEFAULT 'good' CHECK (quality IN ('good', 'bad'));

-- The Condensed group line a criterion was written under, as written (`Keyboard & screen reader
-- actions`), so that `show --format condensed` reproduces the source's own wording; NULL for
-- criteria from front matter.
ALTER TABLE criteria ADD COLUMN group_title TEXT;

-- What `show --format condensed|gherkin` needs to give back a source's own sections as written:
-- its "Full information" link (as written after "Full information:") and each section's frame,
-- the lines around its criteria or steps (the `### #a11y - ...` caption, the `How to test ...`
-- line, the section's own `Full information: ...` line), one per line.
ALTER TABLE components ADD COLUMN page_link TEXT;
ALTER TABLE components ADD COLUMN condensed_frame TEXT;
ALTER TABLE components ADD COLUMN gherkin_frame TEXT;
