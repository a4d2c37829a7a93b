CREATE TABLE "branches" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"name_local" varchar(150) NOT NULL,
	"address" text NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"name_local" varchar(150) NOT NULL,
	"nationality" varchar(150) NOT NULL,
	"nationality_local" varchar(150) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"name_local" varchar(150) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"name_local" varchar(150) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rejection_reasons" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"name_local" varchar(150) NOT NULL,
	"final_decision" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_status_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"name_local" varchar(150) NOT NULL,
	"code" varchar(20) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_durations" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"name_local" varchar(150) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"name_local" varchar(150) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "request_status_types_code_key" ON "request_status_types" USING btree ("code");