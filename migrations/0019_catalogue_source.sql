-- Which imported file a catalogue row's facts come from (issue 34): NULL for the built-in WCAG 2.2
-- catalogue's own rows and for a criterion only a citation names. A row an import took from a
-- file goes back to the built-in one (or, for a criterion the built-in catalogue lacks, to a
-- citation's row, or away) when that file is removed or no longer states it.
ALTER TABLE wcag_criteria ADD COLUMN source_id INTEGER REFERENCES sources(id) ON DELETE SET NULL;
CREATE INDEX wcag_criteria_source ON wcag_criteria(source_id) WHERE source_id IS NOT NULL;
