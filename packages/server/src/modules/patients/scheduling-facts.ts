import { and, asc, eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { TxOrDb } from '../../db/client';
import { patients, treatments } from './patients.tables';

const qb = new QueryBuilder();

/**
 * Patients' `id`, `name`, `sex` and `phone`, with the name's pinyin and initials (`namePinyin`, `nameInitials`, to
 * search by), as a subquery named `alias`, to join where a list of work orders or bookings names, picks and finds
 * their patients in its own single query (work orders' card join names it `pat_patient`): a join on it plans as a
 * join on the patients table itself.
 */
export function patientNameRows<A extends string>(alias: A) {
  return qb
    .select({
      id: patients.id,
      name: patients.name,
      sex: patients.sex,
      phone: patients.phone,
      namePinyin: patients.namePinyin,
      nameInitials: patients.nameInitials,
    })
    .from(patients)
    .as(alias);
}

/** The patients of the organization whose treatment names `doctorId` as doctor, each once, by name. */
export function patientsOfDoctor(
  db: TxOrDb,
  organizationId: number,
  doctorId: number,
): Promise<{ id: number; name: string }[]> {
  return db
    .selectDistinct({ id: patients.id, name: patients.name })
    .from(treatments)
    .innerJoin(patients, eq(patients.id, treatments.patientId))
    .where(and(eq(treatments.organizationId, organizationId), eq(treatments.doctorId, doctorId)))
    .orderBy(asc(patients.name));
}
