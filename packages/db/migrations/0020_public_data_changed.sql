-- Every change to data that anonymous visitors read (the catalogue, the site's content, places and
-- prices) is announced on the channel `pool_public_data`, at commit, with the table's name: every
-- server process empties its caches of public answers and pages (ADR 0024). Statement triggers, so a
-- bulk change sends one message; PostgreSQL folds equal messages of one transaction into one.
CREATE OR REPLACE FUNCTION public_data_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pool_public_data', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'products', 'product_images', 'product_variants', 'variant_options', 'features', 'feature_options',
    'categories', 'brands', 'product_ratings', 'main_variant_changes', 'packages', 'service_items',
    'construction_colours', 'construction_design_types', 'construction_stages',
    'settings', 'page_sections', 'social_links', 'banners', 'intro_pages', 'faqs', 'seo_entries', 'redirects',
    'cancel_reasons', 'countries', 'cities', 'delivery_prices'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION public_data_changed()',
      t || '_public_data_changed', t);
  END LOOP;
END
$$;
