import { createHash } from 'node:crypto';
import { and, desc, eq, gt, gte, ilike, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  CA_VENDORS,
  type CaProvider,
  type CaProviderSave,
  type CertBind,
  type CertRow,
  type RecordSignature,
  type SignatureListQuery,
  type SignatureMethod,
  type SignatureRow,
  type SignatureState,
  type SignedRecordKind,
} from '@rehab/shared';
import type { AppContext } from '../../context';
import type { TxOrDb } from '../../db/client';
import { clinicTimeZone, clockNow } from '../../kernel/clock';
import { AppError, badRequest } from '../../http/errors';
import { isMemberOf, userNames } from '../users';
import { adapterOf, type ProviderSettings } from './ca-adapters';
import { autoSigns, caProviders, certificates, signatures } from './signatures.tables';

// ---- canonical snapshots ------------------------------------------------------------------------------------

/** A value as JSON with every object's keys in sorted order (dates as ISO strings), so equal content hashes equal. */
export function canonicalJson(value: unknown): string {
  const norm = (v: unknown): unknown => {
    if (v instanceof Date) return v.toISOString();
    if (Array.isArray(v)) return v.map((x) => (x === undefined ? null : norm(x)));
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v).sort()) {
        const x = (v as Record<string, unknown>)[k];
        if (x !== undefined) out[k] = norm(x);
      }
      return out;
    }
    return v;
  };
  return JSON.stringify(norm(value));
}

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** What a CA signature signs: the record, the snapshot's hash, the signer, the certificate and the instant. */
function statement(s: {
  organizationId: number;
  kind: string;
  recordId: number;
  hash: string;
  signerId: number;
  certificateId: number | null;
  signedAt: Date;
}): Buffer {
  return Buffer.from(
    canonicalJson({
      organizationId: s.organizationId,
      kind: s.kind,
      recordId: s.recordId,
      hash: s.hash,
      signerId: s.signerId,
      certificateId: s.certificateId,
      signedAt: s.signedAt,
    }),
  );
}

// ---- the provider -------------------------------------------------------------------------------------------

const caOff = () => new AppError(403, 'signature.caNotActivated');

async function providerRow(db: TxOrDb, organizationId: number) {
  const [row] = await db.select().from(caProviders).where(eq(caProviders.organizationId, organizationId)).limit(1);
  return row ?? null;
}

/** The organization's CA provider as the setting screen shows it (no secret, only whether one is stored). */
export async function getProvider(
  app: AppContext,
  organizationId: number,
  caIntegration: boolean,
): Promise<CaProvider> {
  const row = await providerRow(app.db, organizationId);
  return {
    caIntegration,
    configured: row !== null,
    vendor: (row?.vendor as CaProvider['vendor']) ?? CA_VENDORS[0],
    signTypes: (row?.signTypes ?? []) as CaProvider['signTypes'],
    serviceUrl: row?.serviceUrl ?? '',
    callbackUrl: row?.callbackUrl ?? '',
    appId: row?.appId ?? '',
    hasSecret: Boolean(row?.appSecret),
    autoSignHours: row?.autoSignHours ?? 0,
  };
}

export async function saveProvider(app: AppContext, organizationId: number, userId: number, v: CaProviderSave) {
  const values = {
    vendor: v.vendor,
    signTypes: v.signTypes,
    serviceUrl: v.serviceUrl ?? '',
    callbackUrl: v.callbackUrl ?? '',
    appId: v.appId ?? '',
    autoSignHours: v.autoSignHours ?? 0,
    updatedBy: userId,
    updatedAt: clockNow(),
    ...(v.appSecret ? { appSecret: v.appSecret } : {}),
  };
  await app.db
    .insert(caProviders)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: caProviders.organizationId, set: values });
}

const settingsOf = (row: typeof caProviders.$inferSelect): ProviderSettings => ({
  vendor: row.vendor as ProviderSettings['vendor'],
  serviceUrl: row.serviceUrl,
  callbackUrl: row.callbackUrl,
  appId: row.appId,
  appSecret: row.appSecret,
});

// ---- certificates -------------------------------------------------------------------------------------------

/** The certificates of an organization's members, newest first; the newest of each user is the active one. */
export async function listCertificates(app: AppContext, organizationId: number): Promise<CertRow[]> {
  const rows = await app.db
    .select()
    .from(certificates)
    .where(eq(certificates.organizationId, organizationId))
    .orderBy(desc(certificates.id))
    .limit(500);
  const names = await userNames(
    app.db,
    rows.map((r) => r.userId),
  );
  const seen = new Set<number>();
  return rows.map((r) => {
    const active = !seen.has(r.userId);
    seen.add(r.userId);
    return {
      id: r.id,
      userId: r.userId,
      userName: names.get(r.userId) ?? '',
      vendor: r.vendor,
      serial: r.serial,
      subject: r.subject,
      validFrom: r.validFrom.toISOString(),
      validTo: r.validTo.toISOString(),
      hasSeal: r.sealImage !== null,
      active,
    };
  });
}

/** Binds a certificate of the organization's provider to one of its members (the newest binding is the active one). */
export async function bindCertificate(app: AppContext, organizationId: number, actorId: number, v: CertBind) {
  const provider = await providerRow(app.db, organizationId);
  if (!provider) throw badRequest('signature.providerMissing');
  const adapter = adapterOf(provider.vendor);
  if (!adapter) throw badRequest('signature.badVendor');
  if (!(await isMemberOf(app.db, organizationId, v.userId))) throw badRequest('signature.notMember');
  const name = (await userNames(app.db, [v.userId])).get(v.userId) ?? '';
  const now = clockNow();
  const issued = await adapter.certificate(settingsOf(provider), {
    userId: v.userId,
    name,
    validFrom: now,
    validDays: v.validDays ?? 365,
  });
  const seal = v.sealImage ? Buffer.from(v.sealImage.slice(v.sealImage.indexOf(',') + 1), 'base64') : null;
  if (seal && !seal.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    throw badRequest('signature.sealType');
  const [row] = await app.db
    .insert(certificates)
    .values({
      organizationId,
      userId: v.userId,
      vendor: provider.vendor,
      ...issued,
      sealImage: seal,
      createdBy: actorId,
      createdAt: now,
    })
    .returning({ id: certificates.id });
  const list = await listCertificates(app, organizationId);
  return list.find((c) => c.id === row!.id)!;
}

/** The signer's active certificate (the newest bound to them in the organization), if valid at `at`. */
async function activeCertificate(db: TxOrDb, organizationId: number, userId: number, at: Date) {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.organizationId, organizationId), eq(certificates.userId, userId)))
    .orderBy(desc(certificates.id))
    .limit(1);
  if (!row || row.validFrom > at || row.validTo <= at) return null;
  return row;
}

/**
 * The certificate expiry reminder: each active certificate that ends within `days` gets one message to its holder
 * (and is marked reminded, so the next run does not send it again). Answers how many were reminded.
 */
export async function certificatesToRemind(db: TxOrDb, now: Date, days: number) {
  const until = new Date(now.getTime() + days * 86_400_000);
  const rows = await db
    .select()
    .from(certificates)
    .where(and(isNull(certificates.remindedAt), gte(certificates.validTo, now), lte(certificates.validTo, until)))
    .orderBy(desc(certificates.id));
  const newest = new Map<string, number>();
  const all = rows.length
    ? await db
        .select({ id: certificates.id, organizationId: certificates.organizationId, userId: certificates.userId })
        .from(certificates)
        .where(
          inArray(
            certificates.userId,
            rows.map((r) => r.userId),
          ),
        )
    : [];
  for (const c of all) {
    const key = `${c.organizationId}|${c.userId}`;
    newest.set(key, Math.max(newest.get(key) ?? 0, c.id));
  }
  return rows.filter((r) => newest.get(`${r.organizationId}|${r.userId}`) === r.id);
}

export async function markReminded(db: TxOrDb, ids: number[], now: Date) {
  if (ids.length) await db.update(certificates).set({ remindedAt: now }).where(inArray(certificates.id, ids));
}

// ---- signing ------------------------------------------------------------------------------------------------

/** What a module hands to the signing service: its record, described, and the snapshot of what is signed. */
export type SignInput = {
  organizationId: number;
  kind: SignedRecordKind;
  recordId: number;
  label: string;
  patientId?: number | null;
  patientName?: string | null;
  signerId: number;
  /** the record's content as signed; hashed as canonical JSON */
  snapshot: unknown;
  now?: Date;
} & ({ method: 'ca'; caIntegration: boolean } | { method: 'pad'; padImage: Buffer; padMime: string });

/**
 * Signs a record (the one signing service, issue 19): stores the SHA-256 of its canonical snapshot, the signature
 * value made with the signer's certificate through the organization's CA adapter (or the pad image of a handwritten
 * signature), at the application clock's time. A record signed before is superseded by the new signature, never
 * edited. Refused where the organization has not activated CA, without a provider, or without a valid certificate.
 */
export async function signRecord(db: TxOrDb, input: SignInput) {
  const now = input.now ?? clockNow();
  const hash = sha256Hex(canonicalJson(input.snapshot));
  let value: Buffer | null = null;
  let certificateId: number | null = null;
  if (input.method === 'ca') {
    if (!input.caIntegration) throw caOff();
    const provider = await providerRow(db, input.organizationId);
    if (!provider) throw badRequest('signature.providerMissing');
    const adapter = adapterOf(provider.vendor);
    if (!adapter) throw badRequest('signature.badVendor');
    const cert = await activeCertificate(db, input.organizationId, input.signerId, now);
    if (!cert) throw badRequest('signature.noCertificate');
    certificateId = cert.id;
    value = await adapter.signData(
      settingsOf(provider),
      cert,
      statement({ ...input, hash, certificateId, signedAt: now }),
    );
  }
  const signerName = (await userNames(db, [input.signerId])).get(input.signerId) ?? '';
  const [previous] = await db
    .select({ id: signatures.id })
    .from(signatures)
    .where(
      and(
        eq(signatures.organizationId, input.organizationId),
        eq(signatures.kind, input.kind),
        eq(signatures.recordId, input.recordId),
      ),
    )
    .orderBy(desc(signatures.id))
    .limit(1);
  const [row] = await db
    .insert(signatures)
    .values({
      organizationId: input.organizationId,
      kind: input.kind,
      recordId: input.recordId,
      label: input.label.slice(0, 200),
      patientId: input.patientId ?? null,
      patientName: input.patientName ?? null,
      method: input.method,
      signerId: input.signerId,
      signerName,
      certificateId,
      snapshot: JSON.parse(canonicalJson(input.snapshot)),
      hash,
      value,
      padImage: input.method === 'pad' ? input.padImage : null,
      padMime: input.method === 'pad' ? input.padMime : null,
      supersedes: previous?.id ?? null,
      signedAt: now,
    })
    .returning();
  return row!;
}

type SignatureRecord = typeof signatures.$inferSelect;

/** Whether the stored signature itself holds: the CA value against the certificate, the pad image against its hash. */
async function intactOf(db: TxOrDb, rows: SignatureRecord[]): Promise<Map<number, boolean>> {
  const certIds = [...new Set(rows.map((r) => r.certificateId).filter((id): id is number => id !== null))];
  const certs = certIds.length
    ? await db
        .select({ id: certificates.id, vendor: certificates.vendor, publicKey: certificates.publicKey })
        .from(certificates)
        .where(inArray(certificates.id, certIds))
    : [];
  const byId = new Map(certs.map((c) => [c.id, c]));
  return new Map(
    rows.map((r) => {
      if (sha256Hex(canonicalJson(r.snapshot)) !== r.hash) return [r.id, false];
      if (r.method === 'pad') return [r.id, r.padImage !== null && r.padImage.length > 0];
      const cert = r.certificateId ? byId.get(r.certificateId) : undefined;
      const adapter = cert ? adapterOf(cert.vendor) : null;
      if (!cert || !adapter || !r.value) return [r.id, false];
      return [r.id, adapter.verify(cert.publicKey, statement(r), r.value)];
    }),
  );
}

/**
 * The latest signature of a record, verified against the record as it is now (`current`: its snapshot, built the
 * same way as when it was signed): valid, modified since signing, or invalid (the stored signature does not hold).
 */
export async function recordSignature(
  db: TxOrDb,
  q: {
    organizationId: number;
    userId: number;
    kind: SignedRecordKind;
    recordId: number;
    current: unknown;
    caIntegration: boolean;
  },
): Promise<RecordSignature> {
  const rows = await db
    .select()
    .from(signatures)
    .where(
      and(
        eq(signatures.organizationId, q.organizationId),
        eq(signatures.kind, q.kind),
        eq(signatures.recordId, q.recordId),
      ),
    )
    .orderBy(desc(signatures.id));
  const cert = await activeCertificate(db, q.organizationId, q.userId, clockNow());
  const latest = rows[0];
  if (!latest) return { caIntegration: q.caIntegration, canSign: q.caIntegration && cert !== null, signature: null };
  const intact = (await intactOf(db, [latest])).get(latest.id)!;
  const state: SignatureState = !intact
    ? 'invalid'
    : sha256Hex(canonicalJson(q.current)) === latest.hash
      ? 'valid'
      : 'modified';
  const certRow = latest.certificateId
    ? (await db.select().from(certificates).where(eq(certificates.id, latest.certificateId)).limit(1))[0]
    : undefined;
  return {
    caIntegration: q.caIntegration,
    canSign: q.caIntegration && cert !== null,
    signature: {
      id: latest.id,
      state,
      method: latest.method as SignatureMethod,
      signerName: latest.signerName,
      certSerial: certRow?.serial ?? null,
      signedAt: latest.signedAt.toISOString(),
      hash: latest.hash,
      superseded: rows.length - 1,
    },
  };
}

// ---- authorized auto-sign -------------------------------------------------------------------------------------

/** The caller's auto-sign window as their profile shows it: the organization's hours, whether it is active, until. */
export async function autoSignState(db: TxOrDb, organizationId: number, userId: number, caIntegration: boolean) {
  const now = clockNow();
  const provider = caIntegration ? await providerRow(db, organizationId) : null;
  const hours = provider?.autoSignHours ?? 0;
  const cert = hours > 0 ? await activeCertificate(db, organizationId, userId, now) : null;
  const active = await activeAutoSign(db, organizationId, userId, now);
  return {
    caIntegration,
    hours,
    canGrant: hours > 0 && cert !== null,
    activeUntil: active ? active.until.toISOString() : null,
  };
}

async function activeAutoSign(db: TxOrDb, organizationId: number, userId: number, at: Date) {
  const [row] = await db
    .select()
    .from(autoSigns)
    .where(
      and(
        eq(autoSigns.organizationId, organizationId),
        eq(autoSigns.userId, userId),
        isNull(autoSigns.revokedAt),
        gt(autoSigns.until, at),
      ),
    )
    .orderBy(desc(autoSigns.id))
    .limit(1);
  // a window ends with the certificate it was granted with (a newer binding replaces it)
  const cert = row ? await activeCertificate(db, organizationId, userId, at) : null;
  return row && cert && cert.id === row.certificateId ? row : null;
}

/**
 * Authorizes auto-sign for the organization's hours (capped at the certificate's end): one confirmation, the
 * authorization itself signed with the signer's certificate. Refused where CA is off, where the organization allows
 * no auto-sign (0 hours), without a provider or a valid certificate. A window already open is replaced.
 */
export async function grantAutoSign(db: TxOrDb, organizationId: number, userId: number, caIntegration: boolean) {
  if (!caIntegration) throw caOff();
  const now = clockNow();
  const provider = await providerRow(db, organizationId);
  if (!provider) throw badRequest('signature.providerMissing');
  if (provider.autoSignHours <= 0) throw badRequest('signature.autoSignOff');
  const adapter = adapterOf(provider.vendor);
  if (!adapter) throw badRequest('signature.badVendor');
  const cert = await activeCertificate(db, organizationId, userId, now);
  if (!cert) throw badRequest('signature.noCertificate');
  const until = new Date(Math.min(now.getTime() + provider.autoSignHours * 3_600_000, cert.validTo.getTime()));
  const value = await adapter.signData(
    settingsOf(provider),
    cert,
    Buffer.from(
      canonicalJson({ organizationId, userId, certificateId: cert.id, autoSignFrom: now, autoSignUntil: until }),
    ),
  );
  await db
    .update(autoSigns)
    .set({ revokedAt: now })
    .where(
      and(eq(autoSigns.organizationId, organizationId), eq(autoSigns.userId, userId), isNull(autoSigns.revokedAt)),
    );
  await db.insert(autoSigns).values({ organizationId, userId, certificateId: cert.id, value, grantedAt: now, until });
  return autoSignState(db, organizationId, userId, caIntegration);
}

/** Ends the caller's auto-sign window now. */
export async function revokeAutoSign(db: TxOrDb, organizationId: number, userId: number, caIntegration: boolean) {
  await db
    .update(autoSigns)
    .set({ revokedAt: clockNow() })
    .where(
      and(eq(autoSigns.organizationId, organizationId), eq(autoSigns.userId, userId), isNull(autoSigns.revokedAt)),
    );
  return autoSignState(db, organizationId, userId, caIntegration);
}

/** Whether the signer's auto-sign window is open now (and CA on): records they complete are then signed for them. */
export async function autoSignActive(db: TxOrDb, organizationId: number, userId: number, caIntegration: boolean) {
  return caIntegration && (await activeAutoSign(db, organizationId, userId, clockNow())) !== null;
}

// ---- the log ------------------------------------------------------------------------------------------------

export const SIGNATURE_EXPORT_LIMIT = 5000;

/** A page of the organization's signature log (newest first), each verified; `exportAll` answers the whole list. */
export async function listSignatures(
  app: AppContext,
  organizationId: number,
  q: SignatureListQuery & { page: number; limit: number },
): Promise<{ list: SignatureRow[]; total: number }> {
  const where: SQL[] = [eq(signatures.organizationId, organizationId)];
  if (q.kind) where.push(eq(signatures.kind, q.kind));
  if (q.method) where.push(eq(signatures.method, q.method));
  const tz = clinicTimeZone();
  if (q.from) where.push(sql`${signatures.signedAt} >= (${q.from}::date)::timestamp AT TIME ZONE ${tz}`);
  if (q.to) where.push(sql`${signatures.signedAt} < (${q.to}::date + 1)::timestamp AT TIME ZONE ${tz}`);
  if (q.signerName) where.push(ilike(signatures.signerName, `%${q.signerName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const cond = and(...where);
  const [{ n }] = (await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(signatures)
    .where(cond)) as [{ n: number }];
  const limit = q.exportAll ? SIGNATURE_EXPORT_LIMIT : q.limit;
  const offset = q.exportAll ? 0 : (q.page - 1) * q.limit;
  const rows = await app.db
    .select()
    .from(signatures)
    .where(cond)
    .orderBy(desc(signatures.signedAt), desc(signatures.id))
    .limit(limit)
    .offset(offset);
  const intact = await intactOf(app.db, rows);
  const ids = rows.map((r) => r.id);
  const later = ids.length
    ? await app.db.select({ s: signatures.supersedes }).from(signatures).where(inArray(signatures.supersedes, ids))
    : [];
  const superseded = new Set(later.map((r) => r.s));
  const certIds = [...new Set(rows.map((r) => r.certificateId).filter((id): id is number => id !== null))];
  const serials = certIds.length
    ? new Map(
        (
          await app.db
            .select({ id: certificates.id, serial: certificates.serial })
            .from(certificates)
            .where(inArray(certificates.id, certIds))
        ).map((c) => [c.id, c.serial]),
      )
    : new Map<number, string>();
  return {
    total: n,
    list: rows.map((r) => ({
      id: r.id,
      kind: r.kind as SignedRecordKind,
      recordId: r.recordId,
      label: r.label,
      patientName: r.patientName,
      method: r.method as SignatureMethod,
      signerName: r.signerName,
      certSerial: r.certificateId ? (serials.get(r.certificateId) ?? null) : null,
      hash: r.hash,
      signedAt: r.signedAt.toISOString(),
      intact: intact.get(r.id) ?? false,
      superseded: superseded.has(r.id),
    })),
  };
}
