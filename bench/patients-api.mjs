// The patient list (/patient/manage: POST /api/sys/patient/queryOutPatientPage) under load, beside the bare route
// that runs the same statements straight through the driver (POST /api/bench/patient/queryOutPatientPage, served
// only with BENCH_BARE_ROUTES=1).
import { autocannonRun, signIn } from './lib.mjs';

export const PATIENT_CONNECTIONS = 32;

/**
 * The five requests measured: the first page the screen asks for, a deep page, a name prefix, pinyin initials and an
 * identity-number prefix that exist in the seeded rows; with the active courses' total.
 */
export async function patientListCases(call) {
  // the body the screen sends on first load (useTablePaging: 10 a page; active courses by default)
  const base = { mine: 0, unassigned: 0, page: 1, limit: 10 };
  const first = await call('POST', '/sys/patient/queryOutPatientPage', base);
  const total = first.data.totalCount;
  const deepPage = Math.max(1, Math.floor((total * 0.8) / base.limit));
  // an identity-number prefix and initials that exist in the seeded rows
  const sample = first.data.list.find((r) => r.idNumber) ?? first.data.list[0];
  const cases = [
    { key: 'first', label: 'first page', body: base },
    {
      key: 'deep',
      label: `page ${deepPage} (offset ${(deepPage - 1) * base.limit})`,
      body: { ...base, page: deepPage },
    },
    { key: 'name', label: 'name prefix 王', body: { ...base, keyword: '王' } },
    { key: 'initials', label: 'pinyin initials wy', body: { ...base, keyword: 'wy' } },
    {
      key: 'idNumber',
      label: `ID number prefix ${sample.idNumber.slice(0, 14)}`,
      body: { ...base, keyword: sample.idNumber.slice(0, 14) },
    },
  ];
  return { base, total, cases };
}

export async function benchPatientList(url, { duration }) {
  const { token, call } = await signIn(url, '13800000019');
  const { base, total, cases } = await patientListCases(call);
  const results = { totalActive: total, cases: [] };
  // warm-up, not recorded: the server's code paths compiled and the database's caches filled for both routes
  for (const p of ['/sys/patient/queryOutPatientPage', '/bench/patient/queryOutPatientPage'])
    await autocannonRun({
      url: `${url}/api${p}`,
      method: 'POST',
      connections: PATIENT_CONNECTIONS,
      duration: 2,
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify(base),
    });
  for (const c of cases) {
    const matches = (await call('POST', '/sys/patient/queryOutPatientPage', c.body)).data.totalCount;
    const measure = async (path) => {
      // a few requests one at a time first: a warm start, and the previous run's requests still queued (PGlite
      // answers one at a time) are done before this one starts
      for (let i = 0; i < 3; i++) await call('POST', path, c.body);
      return autocannonRun({
        url: `${url}/api${path}`,
        method: 'POST',
        connections: PATIENT_CONNECTIONS,
        duration,
        headers: { 'content-type': 'application/json', token },
        body: JSON.stringify(c.body),
      });
    };
    const api = await measure('/sys/patient/queryOutPatientPage');
    const bare = await measure('/bench/patient/queryOutPatientPage');
    results.cases.push({ key: c.key, label: c.label, matches, api, bare });
    console.log(`  ${c.label}: ${matches} rows; api ${JSON.stringify(api)}; bare ${JSON.stringify(bare)}`);
  }
  return results;
}
