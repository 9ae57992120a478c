CREATE TABLE "scan_counts" (
	"day" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"gtin" text NOT NULL,
	"host_kind" text NOT NULL,
	"outcome" text NOT NULL,
	"link_type" text NOT NULL,
	"language" text NOT NULL,
	"device" text NOT NULL,
	"count" bigint NOT NULL,
	"with_lot" bigint DEFAULT 0 NOT NULL,
	"with_serial" bigint DEFAULT 0 NOT NULL,
	"with_expiry" bigint DEFAULT 0 NOT NULL,
	"compressed" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "scan_counts_organization_id_day_gtin_host_kind_outcome_link_type_language_device_pk" PRIMARY KEY("organization_id","day","gtin","host_kind","outcome","link_type","language","device"),
	CONSTRAINT "scan_counts_day_check" CHECK ("scan_counts"."day" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
);
--> statement-breakpoint
ALTER TABLE "scan_counts" ADD CONSTRAINT "scan_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_counts_day_idx" ON "scan_counts" USING btree ("day");