// Bulk data for the list and schedule benchmarks, written with generate_series straight into the server's database
// (PostgreSQL through pg, or the server's PGlite directory opened by this process while the server is stopped).
// `db` is either client: both answer `query(text)` with { rows }.
import { pinyin } from 'pinyin-pro';

// surnames and given-name characters whose reading does not depend on the neighbouring character, so the pinyin of a
// name is the pinyin of its characters one after the other (checked below against pinyin-pro on whole names, as the
// server's pinyinKeys computes them on registration)
const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓彭苏卢蒋蔡贾丁魏薛叶阎余潘杜戴夏钟汪田任姜范方石姚谭廖邹熊金陆郝孔崔康毛邱秦江史顾侯邵孟龙万段钱汤尹黎易常武乔贺赖龚文'.split(
    '',
  );
const GIVEN =
  '伟芳娜敏静丽强磊洋艳勇军杰娟涛明超秀霞平刚桂英华玉兰萍红建文辉力燕鹏丹慧梅宇浩凯晨欣怡佳俊峰琳雪婷'.split('');
const REGIONS = [
  ['110101', '北京'],
  ['310104', '上海'],
  ['440106', '广东'],
  ['330106', '浙江'],
  ['320102', '江苏'],
  ['510104', '四川'],
  ['420102', '湖北'],
  ['610113', '陕西'],
];
const PROJECTS = [
  '运动疗法',
  '作业疗法',
  '言语训练',
  '低频脉冲电治疗',
  '中频脉冲电治疗',
  '平衡功能训练',
  '手功能训练',
  '针刺',
];

const full = (t) => pinyin(t, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true }).join('');
const first = (t) =>
  pinyin(t, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive', v: true }).join('');
const lit = (values) => `ARRAY[${values.map((v) => `'${String(v).replace(/'/g, "''")}'`).join(',')}]`;

/** The name of row i: surname, one given character and (two rows in three) a second one. */
function nameParts(i) {
  const s = i % SURNAMES.length;
  const g1 = Math.floor(i / SURNAMES.length) % GIVEN.length;
  const g2 = i % 3 === 0 ? -1 : (i * 7 + Math.floor(i / 1000)) % GIVEN.length;
  return [SURNAMES[s], GIVEN[g1], g2 < 0 ? '' : GIVEN[g2]];
}

// the SQL below builds the same names; make sure their spellings are what the server would store
for (let i = 0; i < 3000; i += 7) {
  const parts = nameParts(i);
  const name = parts.join('');
  const mine = parts.map((p) => (p ? full(p) : '')).join('');
  if (full(name) !== mine || first(name) !== parts.map((p) => (p ? first(p) : '')).join(''))
    throw new Error(`pinyin of ${name} differs when computed per character`);
}

const nameSql = (i) => `
  (${lit(SURNAMES)})[${i} % ${SURNAMES.length} + 1] || (${lit(GIVEN)})[(${i} / ${SURNAMES.length}) % ${GIVEN.length} + 1]
    || CASE WHEN ${i} % 3 = 0 THEN '' ELSE (${lit(GIVEN)})[(${i} * 7 + ${i} / 1000) % ${GIVEN.length} + 1] END`;
const pinyinSql = (i, f) => `
  (${lit(SURNAMES.map(f))})[${i} % ${SURNAMES.length} + 1] || (${lit(GIVEN.map(f))})[(${i} / ${SURNAMES.length}) % ${GIVEN.length} + 1]
    || CASE WHEN ${i} % 3 = 0 THEN '' ELSE (${lit(GIVEN.map(f))})[(${i} * 7 + ${i} / 1000) % ${GIVEN.length} + 1] END`;

/** As a database in use would be after autovacuum: statistics and the visibility map (index-only scans) up to date. */
async function vacuum(db, tables) {
  for (const t of tables) await db.query(`VACUUM ANALYZE ${t}`);
}

const idsOf = async (db, sql) => (await db.query(sql)).rows.map((r) => Number(r.id));
const nextId = async (db, table) =>
  Number((await db.query(`SELECT coalesce(max(id), 0) + 1 AS n FROM ${table}`)).rows[0].n);
const syncSequence = (table) =>
  `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}));`;

/**
 * `count` patients in organization `organizationId`, each with one course (three in four active; inpatients with a
 * bed; registered over the last three years) and two prescribed projects (one in five without a therapist). Names
 * with pinyin and initials, identity numbers with their check character, region, birthday and sex as the
 * registration derives them.
 */
export async function seedPatients(db, organizationId, count) {
  const o = organizationId;
  const offices = await idsOf(db, `SELECT id FROM sys_office WHERE organization_id = ${o} ORDER BY id`);
  const diseases = await idsOf(db, `SELECT id FROM sys_disease WHERE organization_id = ${o} ORDER BY id`);
  const functioning = await idsOf(db, `SELECT id FROM sys_functioning WHERE organization_id = ${o} ORDER BY id`);
  const roleUsers = (role) =>
    idsOf(db, `SELECT user_id AS id FROM sys_user_role WHERE organization_id = ${o} AND role_id = ${role} ORDER BY 1`);
  const therapists = await roleUsers(10);
  const doctors = await roleUsers(11);
  if (!offices.length || !diseases.length || !functioning.length)
    throw new Error(`organization ${o} has no master data`);
  const arr = (ids) => `ARRAY[${ids.join(',')}]::int[]`;
  const pick = (ids, expr) => (ids.length ? `(${arr(ids)})[(${expr}) % ${ids.length} + 1]` : 'NULL');
  const p0 = await nextId(db, 'pat_patient');
  const t0 = await nextId(db, 'pat_treatment');
  // the identity number's check character (GB 11643): weighted sum of the 17 digits modulo 11
  const checkSum = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
    .map((w, k) => `substr(body, ${k + 1}, 1)::int * ${w}`)
    .join(' + ');
  await db.query(`
    INSERT INTO pat_patient (id, organization_id, name, name_pinyin, name_initials, sex, birthday, id_number, region,
      phone, created_at, updated_at)
    SELECT ${p0} + i, ${o}, ${nameSql('i')}, ${pinyinSql('i', full)}, ${pinyinSql('i', first)},
      CASE WHEN sq % 2 = 1 THEN 1 ELSE 2 END, bd, body || substr('10X98765432', (${checkSum}) % 11 + 1, 1),
      rn, '13' || lpad(((i::bigint * 7919 + ${o * 104729}) % 1000000000)::text, 9, '0'), reg, reg
    FROM generate_series(0, ${count - 1}) i,
      LATERAL (SELECT (${lit(REGIONS.map((r) => r[0]))})[(i / 20000) % ${REGIONS.length} + 1] AS rc,
        (${lit(REGIONS.map((r) => r[1]))})[(i / 20000) % ${REGIONS.length} + 1] AS rn,
        date '1945-01-01' + (i % 20000) AS bd, (i / 20000) * 100 + (i * 13) % 100 AS sq,
        now() - ((i::bigint * 7919) % 1095) * interval '1 day' - (i % 540) * interval '1 minute' AS reg) a,
      LATERAL (SELECT rc || to_char(bd, 'YYYYMMDD') || lpad(sq::text, 3, '0') AS body) b;
    ${syncSequence('pat_patient')}`);
  // course status: 1 active (three in four), 2 ended (outpatients), 3 discharged (inpatients)
  await db.query(`
    INSERT INTO pat_treatment (id, organization_id, patient_id, patient_type, status, outpatient_no, inpatient_no,
      bed_no, room_no, nursing_level, cost_type, source, disease_id, functioning_id, office_id, doctor_id,
      therapist_id, register_time, end_time, discharge_time, created_at, updated_at)
    SELECT ${t0} + i, ${o}, ${p0} + i, CASE WHEN inpatient THEN 2 ELSE 1 END, st,
      CASE WHEN inpatient THEN NULL ELSE 'MZ' || lpad(i::text, 7, '0') END,
      CASE WHEN inpatient THEN 'ZY' || lpad(i::text, 7, '0') END,
      CASE WHEN inpatient THEN (i % 12 + 1) || '-' || lpad((i % 40 + 1)::text, 2, '0') END,
      CASE WHEN inpatient THEN ((i % 12 + 1) * 100)::text END,
      CASE WHEN inpatient THEN i % 3 + 1 END, i % 3 + 1, 1,
      ${pick(diseases, 'i * 31')}, ${pick(functioning, 'i * 17')}, ${pick(offices, 'i')},
      ${pick(doctors, 'i')}, ${pick(therapists, 'i / 3')}, p.created_at,
      CASE WHEN st = 2 THEN least(now(), p.created_at + interval '20 days') END,
      CASE WHEN st = 3 THEN least(now(), p.created_at + interval '30 days') END, p.created_at, p.created_at
    FROM generate_series(0, ${count - 1}) i
      JOIN pat_patient p ON p.id = ${p0} + i,
      LATERAL (SELECT i % 4 = 0 AS inpatient,
        CASE WHEN i % 8 = 4 THEN 3 WHEN i % 4 = 3 THEN 2 ELSE 1 END AS st) a;
    ${syncSequence('pat_treatment')}`);
  await db.query(`
    INSERT INTO pat_treatment_project (organization_id, patient_id, treatment_id, name, treat_office_id,
      exec_office_id, therapist_id, status, quantity, unit_name, times, total_times, treated_times, duration,
      unit_price, total_price, total_dosage, daily_total_dosage, frequency, created_at, updated_at)
    SELECT ${o}, t.patient_id, t.id, (${lit(PROJECTS)})[(i * 3 + k * 5) % ${PROJECTS.length} + 1], t.office_id,
      ${pick(offices, 'i + k')}, CASE WHEN (i + k) % 5 = 0 THEN NULL ELSE ${pick(therapists, 'i + k')} END,
      CASE WHEN t.status = 1 THEN 1 ELSE 2 END, 1, '次', 10, 10, CASE WHEN t.status = 1 THEN i % 10 ELSE 10 END, 30,
      45.00, 450.00, 10, 1, '1/1', t.register_time, t.register_time
    FROM generate_series(0, ${count - 1}) i CROSS JOIN generate_series(0, 1) k
      JOIN pat_treatment t ON t.id = ${t0} + i;`);
  await vacuum(db, ['pat_patient', 'pat_treatment', 'pat_treatment_project']);
}

/**
 * One treatment day (`date`) of organization `organizationId`: 40 new therapists, 30 new pieces of equipment, the
 * organization's time slots completed to 20, 1,000 patients with two projects each and one work order per project
 * (2,000), of which 600 are booked (each therapist in 15 slots; equipment with a third of them) and 1,400 are open for
 * the recommendation (5 free slots per therapist).
 */
export async function seedScheduleDay(db, organizationId, date) {
  const o = organizationId;
  const THERAPISTS = 40;
  const EQUIPMENT = 30;
  const SLOTS = 20;
  const ORDERS = 2000;
  const PATIENTS = 1000;
  const BOOKED_SLOTS = 15;
  const existing = (await db.query(`SELECT start_time FROM sys_time_slot WHERE organization_id = ${o}`)).rows.map(
    (r) => r.start_time,
  );
  const candidates = [];
  for (let m = 6 * 60; m < 22 * 60; m += 40) {
    const hhmm = (x) => `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`;
    candidates.push([hhmm(m), hhmm(m + 30)]);
  }
  const overlaps = (s) => existing.some((e) => Math.abs(toMin(e) - toMin(s)) < 40);
  const toMin = (t) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
  const extra = candidates.filter(([s]) => !overlaps(s)).slice(0, Math.max(0, SLOTS - existing.length));
  if (extra.length)
    await db.query(
      `INSERT INTO sys_time_slot (organization_id, start_time, end_time, sort) VALUES ${extra
        .map(([s, e], i) => `(${o}, '${s}', '${e}', ${100 + i})`)
        .join(',')}`,
    );
  const slots = (
    await db.query(
      `SELECT id, start_time, end_time FROM sys_time_slot WHERE organization_id = ${o} ORDER BY start_time`,
    )
  ).rows;
  const office = (await idsOf(db, `SELECT id FROM sys_office WHERE organization_id = ${o} ORDER BY id`)).at(-1);
  const therapists = await idsOf(
    db,
    `INSERT INTO sys_user (name, phone, password_hash, status)
     SELECT ${nameSql('t * 7')} || '治疗师', '199' || lpad((${o} * 10000 + t)::text, 8, '0'),
       (SELECT password_hash FROM sys_user ORDER BY id LIMIT 1), 1
     FROM generate_series(1, ${THERAPISTS}) t RETURNING id`,
  );
  await db.query(`
    INSERT INTO sys_user_organization (user_id, organization_id) SELECT u, ${o} FROM unnest(ARRAY[${therapists}]) u;
    INSERT INTO sys_user_role (user_id, organization_id, role_id) SELECT u, ${o}, 10 FROM unnest(ARRAY[${therapists}]) u;
    INSERT INTO sys_user_office (user_id, office_id) SELECT u, ${office} FROM unnest(ARRAY[${therapists}]) u;`);
  const equipment = await idsOf(
    db,
    `INSERT INTO sys_equipment (organization_id, name, serial_number, equipment_type_id, status)
     SELECT ${o}, '训练设备 ' || lpad(e::text, 2, '0'), 'BENCH-' || lpad(e::text, 3, '0'),
       (SELECT min(id) FROM sys_equipment_type WHERE organization_id = ${o}), 1
     FROM generate_series(1, ${EQUIPMENT}) e RETURNING id`,
  );
  const p0 = await nextId(db, 'pat_patient');
  const t0 = await nextId(db, 'pat_treatment');
  const j0 = await nextId(db, 'pat_treatment_project');
  const w0 = await nextId(db, 'wo_work_order');
  const diseases = await idsOf(db, `SELECT id FROM sys_disease WHERE organization_id = ${o} ORDER BY id`);
  const functioning = await idsOf(db, `SELECT id FROM sys_functioning WHERE organization_id = ${o} ORDER BY id`);
  // order k: therapist k % 40, the (k / 40)-th order of that therapist, patient k % 1000 (so a patient's two orders
  // are the same therapist's k / 40 and k / 40 + 25: never both booked), equipment for every third order of the
  // first 30 therapists (distinct within a slot)
  const ther = `(ARRAY[${therapists}])[k % ${THERAPISTS} + 1]`;
  const equip = `CASE WHEN k % 3 = 0 AND k % ${THERAPISTS} < ${EQUIPMENT} THEN (ARRAY[${equipment}])[k % ${THERAPISTS} + 1] END`;
  await db.query(`
    INSERT INTO pat_patient (id, organization_id, name, name_pinyin, name_initials, sex, phone)
    SELECT ${p0} + i, ${o}, ${nameSql('(i + 500000)')}, ${pinyinSql('(i + 500000)', full)},
      ${pinyinSql('(i + 500000)', first)}, i % 2 + 1, '177' || lpad(i::text, 8, '0')
    FROM generate_series(0, ${PATIENTS - 1}) i;
    ${syncSequence('pat_patient')}
    INSERT INTO pat_treatment (id, organization_id, patient_id, patient_type, status, inpatient_no, bed_no,
      disease_id, functioning_id, office_id, register_time)
    SELECT ${t0} + i, ${o}, ${p0} + i, 2, 1, 'ZYB' || lpad(i::text, 6, '0'), (i % 20 + 1) || '-' || (i / 20 + 1),
      (ARRAY[${diseases}])[i % ${diseases.length} + 1], (ARRAY[${functioning}])[i % ${functioning.length} + 1],
      ${office}, now() - interval '3 days'
    FROM generate_series(0, ${PATIENTS - 1}) i;
    ${syncSequence('pat_treatment')}
    INSERT INTO pat_treatment_project (id, organization_id, patient_id, treatment_id, name, exec_office_id,
      therapist_id, equipment_id, status, quantity, unit_name, times, total_times, duration, unit_price, total_price,
      total_dosage, daily_total_dosage, frequency)
    SELECT ${j0} + k, ${o}, ${p0} + k % ${PATIENTS}, ${t0} + k % ${PATIENTS},
      (${lit(PROJECTS)})[k % ${PROJECTS.length} + 1], ${office}, ${ther}, ${equip}, 1, 1, '次', 10, 10, 30, 45.00,
      450.00, 10, 1, '1/1'
    FROM generate_series(0, ${ORDERS - 1}) k;
    ${syncSequence('pat_treatment_project')}
    INSERT INTO wo_work_order (id, organization_id, patient_id, treatment_id, project_id, exec_office_id,
      equipment_id, therapist_id, treat_date, status)
    SELECT ${w0} + k, ${o}, ${p0} + k % ${PATIENTS}, ${t0} + k % ${PATIENTS}, ${j0} + k, ${office}, ${equip},
      ${ther}, '${date}', 1
    FROM generate_series(0, ${ORDERS - 1}) k;
    ${syncSequence('wo_work_order')}
    INSERT INTO sch_schedule (organization_id, work_order_id, treat_date, slot_id, start_time, end_time,
      therapist_id, equipment_id, patient_id)
    SELECT ${o}, w.id, w.treat_date, s.id, s.start_time, s.end_time, w.therapist_id, w.equipment_id, w.patient_id
    FROM wo_work_order w
      JOIN (SELECT id, start_time, end_time, row_number() OVER (ORDER BY start_time) - 1 AS n
            FROM sys_time_slot WHERE organization_id = ${o}) s ON s.n = (w.id - ${w0}) / ${THERAPISTS}
    WHERE w.id >= ${w0} AND w.id - ${w0} < ${THERAPISTS * BOOKED_SLOTS};`);
  await vacuum(db, ['pat_patient', 'pat_treatment', 'pat_treatment_project', 'wo_work_order', 'sch_schedule']);
  return {
    therapists: THERAPISTS,
    equipment: EQUIPMENT,
    slots: slots.length,
    orders: ORDERS,
    booked: THERAPISTS * BOOKED_SLOTS,
  };
}
