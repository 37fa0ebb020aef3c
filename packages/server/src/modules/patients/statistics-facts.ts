import { and, eq, inArray } from 'drizzle-orm';
import type { TxOrDb } from '../../db/client';
import { treatmentProjects } from './patients.tables';

/**
 * What the statistics read model reads of prescriptions (the patients module's face for it): the project template
 * and name of prescribed projects, to put revenue per prescribed project under its template.
 */
export async function projectTemplatesOf(
  db: TxOrDb,
  organizationId: number,
  projectIds: readonly number[],
): Promise<Map<number, { templateId: number | null; name: string }>> {
  const wanted = [...new Set(projectIds)];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: treatmentProjects.id, templateId: treatmentProjects.templateId, name: treatmentProjects.name })
    .from(treatmentProjects)
    .where(and(inArray(treatmentProjects.id, wanted), eq(treatmentProjects.organizationId, organizationId)));
  return new Map(rows.map((r) => [r.id, { templateId: r.templateId, name: r.name }]));
}
