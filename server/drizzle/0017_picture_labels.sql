-- What each proof picture shows, in English, one label per picture ("Your review", "The app page").
-- Translations live beside the step titles in tasks.texts ("pictures"). Empty names no picture.
ALTER TABLE "tasks" ADD COLUMN "picture_labels" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_picture_labels_array" CHECK (jsonb_typeof("picture_labels") = 'array');
