/**
 * Column helpers shared by the module table files: one definition of a time-zone-aware timestamp and raw bytes, so
 * every table stores them alike. Kernel: imports no table (the audit columns, which reference users, are in
 * db/audit.ts), so any table file, the users table's included, can use them without an import cycle.
 */
import { customType, timestamp } from 'drizzle-orm/pg-core';

/** A `timestamp with time zone` handed out as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `created_at`, set by the database. */
export const createdAt = () => ts('created_at').notNull().defaultNow();

/** Raw bytes (bytea): PGlite answers a Uint8Array, node-postgres a Buffer; both are handed out as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
