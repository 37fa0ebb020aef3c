-- The next receipt number of an organization's gapless yearly counter (SJ2026-000123), taken inside the statement
-- that writes the receipt: one round trip instead of two for every settlement, top-up and re-issued receipt. The
-- counter row stays locked until the transaction commits, and a rollback gives the number back, as before.
CREATE FUNCTION "bill_next_receipt_no"(org integer, yr integer) RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	n integer;
BEGIN
	INSERT INTO bill_counter AS c (organization_id, name, year, last) VALUES (org, 'receipt', yr, 1)
		ON CONFLICT (organization_id, name, year) DO UPDATE SET last = c.last + 1
		RETURNING c.last INTO n;
	RETURN 'SJ' || yr || '-' || lpad(n::text, 6, '0');
END;
$$;
