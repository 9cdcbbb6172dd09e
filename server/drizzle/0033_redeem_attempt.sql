-- The client's key for the try that redeemed a code: a repeat of that try (its answer was lost on a
-- slow connection) is told the same credit, while a new try of a code already redeemed is refused.
ALTER TABLE "redeem_code_uses" ADD COLUMN "attempt" text;
