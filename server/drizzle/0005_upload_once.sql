ALTER TABLE "uploads" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "submission_id" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_content_hash_idx" ON "uploads" USING btree ("content_hash");--> statement-breakpoint
-- Pictures already submitted belong to the first submission that used them.
UPDATE "uploads" SET "submission_id" = "first"."submission_id"
FROM (
  SELECT DISTINCT ON ("picture") "picture", "submissions"."id" AS "submission_id"
  FROM "submissions" CROSS JOIN LATERAL jsonb_array_elements_text("submissions"."pictures") AS "p"("picture")
  ORDER BY "picture", "submissions"."id"
) AS "first"
WHERE "uploads"."id" = "first"."picture";
