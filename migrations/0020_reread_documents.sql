-- a11ykb schema 0020: today's readers make more of the same files (issue 34, "Nothing lost"): HTML
-- that holds prose is read as prose, an announcement example with a plain note after it is an
-- announcement, `_(a note)_` loses its underscores, code at the margin keeps its indentation, a code
-- section under a web entry's `## Developer Notes` has no aspect, and the numbered parts of one
-- caption (cue ids `ID-0`, `ID-1`) are one utterance. Nothing here changes a table: every
-- document and caption file is forgotten (`sha256 = ''`), as 0013 forgot them, so that the next
-- import reads it again instead of skipping it as unchanged. The standards' files read as before
-- and keep their hashes.
UPDATE sources SET sha256 = '' WHERE format IN ('magenta-v2', 'jekyll', 'rendered-text', 'content-json', 'webvtt');
