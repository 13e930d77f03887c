-- Issue 18, ADR 0025: the ranked matches of a product search, kept per tsquery and shared by every
-- API process, so a repeated query walks a stored order instead of ranking every match again
-- ("milk" has 6,112 matches at bench scale: ~18 ms of recheck and ts_rank before the first card).
--
-- Correctness rests on the catalogue's search version: one row, bumped by a statement trigger in
-- the same transaction as any write that can change which products match or how they rank (their
-- title, brand, keywords, description: the `search` column's sources). A ranking is stored with the
-- version read in the same statement (one snapshot) that ranked, and used only while the version
-- is still that one: a ranking that raced a product write carries the old version and is never
-- used after that write commits.
CREATE TABLE search_catalogue_version (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  version bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO search_catalogue_version (id, version) VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION bump_search_catalogue_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_catalogue_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_version_write
  AFTER INSERT OR DELETE OR UPDATE OF title, brand, keywords, description ON products
  FOR EACH STATEMENT EXECUTE FUNCTION bump_search_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER products_search_version_truncate
  AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION bump_search_catalogue_version();
--> statement-breakpoint
-- A cache: unlogged (a crash empties it, and the next search fills it again). `ids` is null for a
-- query with too many matches to be worth storing (it is ranked live each time).
CREATE UNLOGGED TABLE search_rankings (
  query text PRIMARY KEY,
  version bigint NOT NULL,
  match_count integer NOT NULL,
  ids uuid[],
  ranks real[],
  ranked_at timestamptz NOT NULL DEFAULT now()
);
