-- Issue 15 (billing): a charge line keeps its name in English beside the Chinese snapshot, taken from the same
-- source at the same moment (the registration type's, project template's or package's English name), so English
-- screens and receipts read the bill in English; a line without one (a manual item typed by the cashier) shows the
-- Chinese name. Lines charged before this keep NULL and show their Chinese name.
ALTER TABLE "bill_charge" ADD COLUMN "name_en" varchar(120);
