ALTER TABLE "sys_organization" ADD COLUMN "contact_name" varchar(64);
--> statement-breakpoint
ALTER TABLE "sys_organization" ADD COLUMN "contact_phone" varchar(20);
--> statement-breakpoint
ALTER TABLE "sys_organization" ADD COLUMN "address" varchar(60);
--> statement-breakpoint
ALTER TABLE "sys_organization" ADD COLUMN "products" jsonb DEFAULT '["scheduling","assessment","messages","billing","statistics"]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "sys_office" ADD COLUMN "parent_id" integer;
--> statement-breakpoint
ALTER TABLE "sys_office" ADD COLUMN "office_type_id" integer;
--> statement-breakpoint
ALTER TABLE "sys_office" ADD COLUMN "phone" varchar(20);
--> statement-breakpoint
ALTER TABLE "sys_office" ADD COLUMN "remark" varchar(20);
--> statement-breakpoint
ALTER TABLE "sys_office" ADD CONSTRAINT "sys_office_parent_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."sys_office"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sys_office" ADD CONSTRAINT "sys_office_office_type_id_fk" FOREIGN KEY ("office_type_id") REFERENCES "public"."sys_office_type"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "sys_organization_relation" (
	"organization_id" integer NOT NULL,
	"related_organization_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_organization_relation_organization_id_related_organization_id_pk" PRIMARY KEY("organization_id","related_organization_id")
);
--> statement-breakpoint
ALTER TABLE "sys_organization_relation" ADD CONSTRAINT "sys_organization_relation_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."sys_organization"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sys_organization_relation" ADD CONSTRAINT "sys_organization_relation_related_organization_id_fk" FOREIGN KEY ("related_organization_id") REFERENCES "public"."sys_organization"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "sys_user_signature" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"mime" varchar(32) NOT NULL,
	"image" bytea NOT NULL,
	"size" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "sys_user_signature" ADD CONSTRAINT "sys_user_signature_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;
