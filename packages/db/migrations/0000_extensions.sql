-- Geo search (architecture.md §4): earthdistance needs cube; both ship with PGlite and PostgreSQL.
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
