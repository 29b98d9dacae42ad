-- A full build holds the publish lock only to claim its row and, at the end, to catch up and
-- switch (issue 24, decision 208): while the site builds, its row is `running` with
-- background = true, and a targeted publish of an edit may claim a row beside it. At most one
-- background build runs (claimed under the lock with a conditional update).
ALTER TABLE "publish_builds" ADD COLUMN "background" boolean DEFAULT false NOT NULL;
