import { boolean, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { type NameLang } from '@rehab/shared';
import { createdAt } from '../../db/columns';

export const versions = pgTable('sys_version', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  version: varchar('version', { length: 32 }).notNull(),
  releaseNote: text('release_note').notNull().default(''),
  releaseNoteLang: jsonb('release_note_lang').$type<NameLang>().notNull().default({}),
  isCurrent: boolean('is_current').notNull().default(false),
  createdAt: createdAt(),
});
