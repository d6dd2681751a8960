-- A statement-level trigger function that announces a change to its table on the channel named
-- by its argument; caches fed by a channel drop what they keep (server/lib/change-feed-cache.ts).
-- One notification per statement; NOTIFY is delivered only when the transaction commits, and
-- identical notifications of one transaction are folded into one.
CREATE OR REPLACE FUNCTION inklink_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Studio search answers (server/domains/studios/search-cache.ts) read shops only.
CREATE TRIGGER shops_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shops
  FOR EACH STATEMENT EXECUTE FUNCTION inklink_announce_change('inklink_shops');
