-- Issue 18: what a product search's words resolve to (typo corrections, synonyms, the relevant
-- tsquery), kept per query text and shared by every API process, so a repeated search reads it
-- with its stored ranking in one statement instead of three to five (the vocabulary check, the
-- correction candidates, search_query() twice with its strict probe: ~4-7 ms at bench scale).
--
-- A resolution depends on the products (the strict probe, "typed word matches nothing"), the
-- vocabulary (search_terms) and the synonyms (search_synonyms). Products already bump the
-- catalogue's search version (0025); the vocabulary and the synonyms now bump it too, so a
-- resolution, like a ranking, is used only while the version is still the one read before it was
-- made.
CREATE TRIGGER search_terms_search_version_write
  AFTER INSERT OR DELETE OR UPDATE ON search_terms
  FOR EACH STATEMENT EXECUTE FUNCTION bump_search_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER search_terms_search_version_truncate
  AFTER TRUNCATE ON search_terms
  FOR EACH STATEMENT EXECUTE FUNCTION bump_search_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER search_synonyms_search_version_write
  AFTER INSERT OR DELETE OR UPDATE ON search_synonyms
  FOR EACH STATEMENT EXECUTE FUNCTION bump_search_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER search_synonyms_search_version_truncate
  AFTER TRUNCATE ON search_synonyms
  FOR EACH STATEMENT EXECUTE FUNCTION bump_search_catalogue_version();
--> statement-breakpoint
-- A cache, like search_rankings: unlogged (a crash empties it; the next search fills it again).
CREATE UNLOGGED TABLE search_resolutions (
  words text PRIMARY KEY,
  version bigint NOT NULL,
  tsquery text NOT NULL,
  search_words text NOT NULL,
  corrected_query text
);
