DROP INDEX "pages_product_name_idx";--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "lot" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "extras" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "pages_product_name_idx" ON "pages" USING btree ("product_id","lot","name");