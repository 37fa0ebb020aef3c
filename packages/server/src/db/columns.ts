/**
 * Column helpers shared by the module table files: one definition of a time-zone-aware timestamp, the audit columns
 * and raw bytes, so every table stores them alike.
 */
import { customType, integer, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema';

/** A `timestamp with time zone` handed out as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Who created and last changed a row, and when. */
export const audit = () => ({
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Raw bytes (bytea): PGlite answers a Uint8Array, node-postgres a Buffer; both are handed out as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
