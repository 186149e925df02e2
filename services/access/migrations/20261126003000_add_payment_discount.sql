-- migrate:up
-- What a promotion code took off a tool's price (PaymentSucceeded v2), so the payment history
-- shows it beside the amount. 0 and null for plans and for payments noted before v2.
ALTER TABLE payments ADD COLUMN discount_cents integer NOT NULL DEFAULT 0;
ALTER TABLE payments ADD COLUMN promotion_code text;

-- migrate:down
ALTER TABLE payments DROP COLUMN promotion_code;
ALTER TABLE payments DROP COLUMN discount_cents;
