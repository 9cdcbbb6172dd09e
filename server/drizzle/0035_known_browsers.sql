-- A browser that signed up or logged in to an account since its password last changed is the
-- owner's: its right password is let through the throttles that slow guessers of that account, so
-- a stranger's steady wrong guesses never keep the owner out. A password change forgets them all.
ALTER TABLE "users" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sessions_user_device_idx" ON "sessions" ("user_id", "device_id") WHERE "device_id" IS NOT NULL;
