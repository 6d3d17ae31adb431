-- Issue 27: anonymous public pages are kept rendered in each server process (server/src/ssr/page-cache.ts). A
-- change to what those pages show — articles, prices, the software catalogue, proxy prices, discounts, settings —
-- tells every process, by a NOTIFY on page_cache delivered at commit, to drop the pages it keeps. One NOTIFY per
-- statement (not per row); statistics are not here: pages showing them are kept for seconds only.
CREATE FUNCTION page_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('page_cache', TG_TABLE_NAME);
  RETURN NULL;
END
$$;

DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY[
    'articles', 'article_translations', 'content_attachments',
    'captcha_types', 'captcha_price_versions', 'exchange_rates', 'app_settings',
    'software_categories', 'software_items', 'software_texts', 'software_item_categories', 'software_reviews',
    'software_pictures', 'proxy_prices', 'proxy_exits', 'discount_campaigns'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify()',
      name || '_page_cache', name);
  END LOOP;
END
$$;
