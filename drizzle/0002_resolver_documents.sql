-- The names and pages of each product as the resolver reads them, so that an uncached scan reads one row.
-- Existing products get theirs from the normalized tables before the columns become required.
ALTER TABLE "products" ADD COLUMN "resolver_names" json;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "resolver_pages" json;--> statement-breakpoint
UPDATE "products" p SET
  "resolver_names" = coalesce((SELECT json_agg(json_build_array(n.language, n.name) ORDER BY n.language)
    FROM "product_names" n WHERE n.product_id = p.id), '[]'::json),
  "resolver_pages" = coalesce((SELECT json_agg(json_build_object('id', pg.id, 'name', pg.name,
    'linkType', pg.link_type, 'titles', coalesce((SELECT json_agg(json_build_array(t.language, t.title, t.content)
    ORDER BY t.position) FROM "page_titles" t WHERE t.page_id = pg.id), '[]'::json)) ORDER BY pg.position)
    FROM "pages" pg WHERE pg.product_id = p.id), '[]'::json);--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "resolver_names" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "resolver_pages" SET NOT NULL;
