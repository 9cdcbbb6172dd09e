-- Failed passwords counted per address and browser, not per address alone: a mobile carrier puts
-- thousands of phones behind one address, and one of them guessing must not lock out the others.
ALTER TABLE "login_failures" ADD COLUMN "device" text;
