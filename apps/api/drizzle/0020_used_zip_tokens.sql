-- Zip links are single-use (issue 19, docs/decisions/0027-security-round-2.md): the first download
-- of a link takes its token here, so a second one is refused.
CREATE TABLE "used_zip_tokens" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
