-- The catalog search reads one column of short text per product; existing products get theirs from their names.
ALTER TABLE "products" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "products" p SET "search_text" = lower(p.slug || coalesce(E'\n' || (SELECT string_agg(n.name, E'\n' ORDER BY n.language)
  FROM "product_names" n WHERE n.product_id = p.id), '')) WHERE true;--> statement-breakpoint
CREATE INDEX "products_brand_gtin_idx" ON "products" USING btree ("brand_id","gtin");--> statement-breakpoint
CREATE INDEX "products_slug_idx" ON "products" USING btree ("slug");
