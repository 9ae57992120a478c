-- Every product has exactly one default page, and it is one of its own pages. Deferred to commit, so that a
-- transaction may insert a product before its pages, or replace every page of a product.
ALTER TABLE "products" ADD CONSTRAINT "products_default_page_fk"
  FOREIGN KEY ("id", "default_page_id") REFERENCES "pages" ("product_id", "id")
  DEFERRABLE INITIALLY DEFERRED;
