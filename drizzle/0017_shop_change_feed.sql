-- Announces every change to shops on the channel 'inklink_shops' (see
-- server/domains/studios/search-cache.ts), whoever made it, so each server process can drop the
-- studio search answers it keeps. One notification per statement; NOTIFY is delivered only when
-- the transaction commits, and identical notifications of one transaction are folded into one.
CREATE OR REPLACE FUNCTION inklink_announce_shop_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('inklink_shops', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER shops_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shops
  FOR EACH STATEMENT EXECUTE FUNCTION inklink_announce_shop_change();
