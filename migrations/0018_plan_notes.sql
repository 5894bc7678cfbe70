-- Whether a saved plan lists its developer notes as items to tick (1) or as guidance beside the
-- criteria (0, the default): a plan shown again gives the same items its testers filled in.
ALTER TABLE plans ADD COLUMN notes_as_items INTEGER NOT NULL DEFAULT 0 CHECK (notes_as_items IN (0, 1));
