-- The reverse charge an order was placed under (docs/decisions/0075-reverse-charge-at-checkout.md):
-- 1 when the checkout charged it net (domain/invoicing.ts isReverseCharge: an EU business customer
-- with a VAT ID of another member state, delivered there). Its amounts (lines, shipping, discount,
-- voucher, grand total) are then the nets, its tax 0; its invoice and credit notes follow this flag,
-- never the addresses read again. Orders placed before: 0 (they were charged with VAT).
ALTER TABLE orders ADD COLUMN reverse_charge INTEGER NOT NULL DEFAULT 0 CHECK (reverse_charge IN (0, 1));
