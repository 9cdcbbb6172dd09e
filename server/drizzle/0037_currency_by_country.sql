-- An earner is paid where their phone is, not in the currency of the language the app spoke at
-- sign-up: an Indian number registered from an English phone was offered dollars to UPI. Accounts
-- take their phone country's currency (`payoutCurrency` in @grab/shared/phone; a test keeps the two
-- tables equal). Orders keep the currency they were asked in, and points are worth the same in any
-- currency, so nothing else moves. Only accounts whose currency changes are written.
UPDATE "users" SET "currency" = "paid"."currency"
FROM (VALUES
  ('IN', 'INR'),
  ('ID', 'IDR'),
  ('PK', 'PKR'),
  ('BD', 'BDT'),
  ('PH', 'PHP'),
  ('NG', 'NGN'),
  ('US', 'USD'),
  ('MX', 'USD'),
  ('CO', 'USD'),
  ('AR', 'USD'),
  ('ES', 'USD')
) AS "paid" ("country", "currency")
WHERE "users"."country" = "paid"."country" AND "users"."currency" <> "paid"."currency";
