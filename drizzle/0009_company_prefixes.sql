CREATE TABLE "company_prefixes" (
	"prefix" text PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_prefixes_prefix_check" CHECK ("company_prefixes"."prefix" ~ '^[0-9]{4,12}$')
);
--> statement-breakpoint
ALTER TABLE "company_prefixes" ADD CONSTRAINT "company_prefixes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_prefixes_organization_idx" ON "company_prefixes" USING btree ("organization_id");