-- Issue 12: the one normal form search compares, computed by the database for the index and
-- the query alike (the TypeScript `searchKey` of @pool/contracts is the same; a test compares
-- them): NFKC, lower case, Arabic marks, tatweel and invisible marks removed, alef forms,
-- taa marbuta, alef maqsura and the hamza carriers folded, the lone hamza dropped, Arabic digits
-- to 0-9, single spaces; then each word followed by its stem when it differs (the article and
-- the attached prefixes و ف ب ك ل taken off Arabic words, English plurals folded).
CREATE OR REPLACE FUNCTION search_norm(input text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  s text;
  w text;
  m text[];
  stem text;
  words text[] := '{}';
BEGIN
  s := normalize(lower(normalize(input, NFKC)), NFKC);
  s := regexp_replace(s, '[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e8\u06ea-\u06ed\u0640\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]', '', 'g');
  -- أ إ آ ٱ ٲ ٳ → ا, ة → ه, ى ی ئ → ي, ؤ → و; ء (no partner) removed
  s := translate(s, U&'\0623\0625\0622\0671\0672\0673\0629\0649\06CC\0626\0624\0621', U&'\0627\0627\0627\0627\0627\0627\0647\064A\064A\064A\0648');
  s := translate(s, U&'\0660\0661\0662\0663\0664\0665\0666\0667\0668\0669\06F0\06F1\06F2\06F3\06F4\06F5\06F6\06F7\06F8\06F9', '01234567890123456789');
  s := regexp_replace(s, '[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+', ' ', 'g');
  FOREACH w IN ARRAY string_to_array(btrim(s, ' '), ' ') LOOP
    words := words || w;
    m := regexp_match(w, U&'^(?:\0648\0627\0644|\0641\0627\0644|\0628\0627\0644|\0643\0627\0644|\0648\0644\0644|\0644\0644|\0627\0644)(.{2,})$');
    IF m IS NULL THEN
      m := regexp_match(w, U&'^[\0648\0641\0628\0643\0644](.{4,})$');
    END IF;
    IF m IS NOT NULL THEN
      stem := m[1];
    ELSIF w ~ '^[a-z]{4,}$' THEN
      stem := CASE
        WHEN w ~ 'ies$' THEN left(w, -3) || 'y'
        WHEN w ~ '(ss|sh|ch|x|z)es$' THEN left(w, -2)
        WHEN w ~ '[^sui]s$' THEN left(w, -1)
        ELSE w
      END;
    ELSE
      stem := w;
    END IF;
    IF stem <> w THEN
      words := words || stem;
    END IF;
  END LOOP;
  RETURN array_to_string(words, ' ');
END
$$;--> statement-breakpoint
DROP INDEX "products_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_key" text GENERATED ALWAYS AS (search_norm(search_text)) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_name" text GENERATED ALWAYS AS (search_norm(name_ar || ' ' || name_en)) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_desc" text GENERATED ALWAYS AS (search_norm(description_ar || ' ' || description_en)) STORED;--> statement-breakpoint
CREATE INDEX "products_search_key_trgm_idx" ON "products" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_name_trgm_idx" ON "products" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_desc_trgm_idx" ON "products" USING gin ("search_desc" gin_trgm_ops);
