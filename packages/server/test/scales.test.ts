import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type ApiResult, type TestServer } from './harness';

let s: TestServer;
let token: string; // a therapist inside an organization
let sessionOnly: string; // the super administrator before choosing an organization
beforeAll(async () => {
  s = await startTestServer();
  token = (await s.loginInto(DEMO.therapist)).token;
  sessionOnly = await s.loginAdmin(DEMO.superAdmin);
});
afterAll(async () => {
  await s?.close();
});

const BBS_ALL_3 = {
  sitToStand: 3,
  standUnsupported: 3,
  sitUnsupported: 3,
  standToSit: 3,
  transfers: 3,
  eyesClosed: 3,
  feetTogether: 3,
  reachForward: 3,
  pickUp: 3,
  turnLook: 3,
  turn360: 3,
  stepStool: 3,
  tandem: 3,
  oneLeg: 3,
};

describe('access', () => {
  it('refuses every scale call without a token (401)', async () => {
    for (const [method, url] of [
      ['GET', '/api/scales'],
      ['GET', '/api/scales/bbs'],
      ['POST', '/api/scales/bbs/score'],
      ['GET', '/api/fhir/Questionnaire/bbs'],
    ] as const) {
      const res = await s.api(method, url, method === 'POST' ? { body: { answers: BBS_ALL_3 } } : {});
      expect(res.status, url).toBe(401);
      expect(res.body.code).toBe(401);
    }
  });
  it('serves a signed-in session that has not chosen an organization yet', async () => {
    const res = await s.api('GET', '/api/scales', { token: sessionOnly });
    expect(res.body.code).toBe(0);
  });
});

describe('GET /api/scales', () => {
  it('lists the catalogue with names in both languages', async () => {
    const res = await s.api('GET', '/api/scales', { token });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThanOrEqual(60);
    expect(res.body.data.find((x: { code: string }) => x.code === 'bbs')).toEqual({
      code: 'bbs',
      abbr: 'BBS',
      nameZh: 'Berg平衡量表',
      nameEn: 'Berg Balance Scale',
      category: 'balance',
      shape: 'sum',
      licence: 'PD',
      itemCount: 14,
      totalRange: { min: 0, max: 56 },
      hasBands: true,
    });
  });
});

describe('GET /api/scales/:code', () => {
  it('answers the definition with the item keys in published order', async () => {
    const res = await s.api('GET', '/api/scales/bbs', { token });
    expect(res.body.code).toBe(0);
    expect(res.body.data.items.map((i: { key: string }) => i.key)).toEqual(Object.keys(BBS_ALL_3));
    expect(res.body.data.bands).toHaveLength(3);
  });
  it('answers 404 in the caller language for an unknown code, 400 for a malformed one', async () => {
    const zh = await s.api('GET', '/api/scales/nope', { token });
    expect(zh.status).toBe(404);
    expect(zh.body.msg).toBe('量表 nope 不存在');
    const en = await s.api('GET', '/api/scales/nope', { token, lang: 'en' });
    expect(en.body.msg).toBe('No scale with the code nope');
    const bad = await s.api('GET', '/api/scales/BBS%20x', { token });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('code');
  });
});

describe('POST /api/scales/:code/score', () => {
  it('scores a sum scale with total, sub-scores and band', async () => {
    const res = await s.api('POST', '/api/scales/bbs/score', { token, body: { answers: BBS_ALL_3 } });
    expect(res.body).toMatchObject({
      code: 0,
      data: {
        total: 42,
        subscores: {},
        band: { min: 41, max: 57, labelZh: '低跌倒风险（可独立步行）', labelEn: 'Low fall risk (independent)' },
      },
    });
    const low = await s.api('POST', '/api/scales/bbs/score', {
      token,
      body: { answers: { ...BBS_ALL_3, oneLeg: 0, tandem: 0 } },
    });
    expect(low.body.data).toMatchObject({ total: 36, band: { min: 21, max: 41 } });
  });

  it('answers band and total null for a staged scale, with the stage per segment', async () => {
    const answers = { side: 'R', upperLimb: 'II', hand: 'I', lowerLimb: 'III' };
    const res = await s.api('POST', '/api/scales/brunnstrom/score', { token, body: { answers } });
    expect(res.body.data).toEqual({ code: 'brunnstrom', total: null, subscores: {}, band: null, levels: answers });
  });

  it('answers total null when GCS has an untestable verbal component (E2VTM4)', async () => {
    const res = await s.api('POST', '/api/scales/glasgow/score', {
      token,
      body: { answers: { eye: 2, verbal: 'T', motor: 4 } },
    });
    expect(res.body.data).toMatchObject({ total: null, band: null });
  });

  it('accepts numbers sent as strings and decimals within the step', async () => {
    const res = await s.api('POST', '/api/scales/tug/score', { token, body: { answers: { seconds: '13.5' } } });
    expect(res.body.data).toMatchObject({ total: 13.5, band: { labelEn: 'Mostly independent' } });
  });

  it('refuses a missing item naming it in the caller language', async () => {
    const { oneLeg: _, ...missing } = BBS_ALL_3;
    const zh = await s.api('POST', '/api/scales/bbs/score', { token, body: { answers: missing } });
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ code: 400, msg: '条目“单腿站立”未作答', field: 'oneLeg' });
    const en = await s.api('POST', '/api/scales/bbs/score', { token, lang: 'en', body: { answers: missing } });
    expect(en.body).toMatchObject({ code: 400, msg: 'Item "Standing on one leg" has no answer', field: 'oneLeg' });
  });

  it('refuses an unknown item naming it', async () => {
    const zh = await s.api('POST', '/api/scales/bbs/score', { token, body: { answers: { ...BBS_ALL_3, walk: 2 } } });
    expect(zh.body).toMatchObject({ code: 400, msg: '条目“walk”不属于该量表', field: 'walk' });
    const en = await s.api('POST', '/api/scales/bbs/score', {
      token,
      lang: 'en',
      body: { answers: { ...BBS_ALL_3, walk: 2 } },
    });
    expect(en.body.msg).toBe('Item "walk" is not part of this scale');
  });

  it('refuses an out-of-range value naming the item (option, number range, step)', async () => {
    const option = await s.api('POST', '/api/scales/bbs/score', {
      token,
      body: { answers: { ...BBS_ALL_3, tandem: 5 } },
    });
    expect(option.body).toMatchObject({ code: 400, msg: '条目“双足前后站立”的答案不在允许范围内', field: 'tandem' });
    const reflex = await s.api('POST', '/api/scales/fugl-meyer/score', {
      token,
      lang: 'en',
      body: { answers: { ue1: 1 } },
    });
    expect(reflex.body).toMatchObject({ code: 400, field: 'ue1' });
    expect(reflex.body.msg).toBe('The answer to item "Biceps reflex" is not one of its allowed values');
    for (const seconds of [-1, 600.5, 12.34, 'abc']) {
      const res = await s.api('POST', '/api/scales/tug/score', { token, body: { answers: { seconds } } });
      expect(res.status, String(seconds)).toBe(400);
      expect(res.body.field).toBe('seconds');
    }
  });

  it('refuses a malformed body with 400, never 500', async () => {
    for (const body of [{}, { answers: [] }, { answers: { a: { b: 1 } } }, { answers: 'x' }, '{"answers":']) {
      const res = await s.api('POST', '/api/scales/bbs/score', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const unknown = await s.api('POST', '/api/scales/nope/score', { token, body: { answers: {} } });
    expect(unknown.status).toBe(404);
  });
});

describe('GET /api/fhir/Questionnaire/:code', () => {
  it('answers a FHIR R4 Questionnaire in the caller language', async () => {
    const res = await fetch(`${s.base}/api/fhir/Questionnaire/glasgow`, { headers: { token, language: 'en' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
    const q = (await res.json()) as ApiResult['body'];
    expect(q).toMatchObject({
      resourceType: 'Questionnaire',
      id: 'glasgow',
      status: 'active',
      title: 'Glasgow Coma Scale',
    });
    expect(q.item.map((i: { linkId: string }) => i.linkId)).toEqual(['eye', 'verbal', 'motor']);
    const verbal = q.item[1];
    expect(verbal).toMatchObject({ type: 'choice', required: true, text: 'Verbal response (V)' });
    expect(verbal.answerOption[0]).toEqual({
      valueCoding: { system: 'urn:rehab:scale:glasgow:verbal', code: '5', display: 'Oriented' },
      extension: [{ url: 'http://hl7.org/fhir/StructureDefinition/ordinalValue', valueDecimal: 5 }],
    });
    const zh = await s.api('GET', '/api/fhir/Questionnaire/glasgow', { token });
    expect(zh.body.title).toBe('格拉斯哥昏迷量表');
  });
  it('marks copyrighted scales', async () => {
    const res = await s.api('GET', '/api/fhir/Questionnaire/mmse', { token, lang: 'en' });
    expect(res.body.copyright).toMatch(/^Copyrighted instrument/);
  });
  it('answers 404 for an unknown code', async () => {
    const res = await s.api('GET', '/api/fhir/Questionnaire/nope', { token });
    expect(res.status).toBe(404);
  });
});

describe('POST /api/scales/asia/score: the derived ISNCSCI classification', () => {
  const DERMATOMES = ['C2', 'C3', 'C4', 'C5', 'C6', 'C7', 'C8', 'T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'T8', 'T9'];
  const MORE = ['T10', 'T11', 'T12', 'L1', 'L2', 'L3', 'L4', 'L5', 'S1', 'S2', 'S3', 'S4-5'];
  const MUSCLES = [
    ['upper', 'C5'],
    ['upper', 'C6'],
    ['upper', 'C7'],
    ['upper', 'C8'],
    ['upper', 'T1'],
    ['lower', 'L2'],
    ['lower', 'L3'],
    ['lower', 'L4'],
    ['lower', 'L5'],
    ['lower', 'S1'],
  ];
  /** T10 complete paraplegia: arms normal, legs 0, sensation normal to T10 and absent below, no VAC, no DAP. */
  function paraplegia(): Record<string, string | number> {
    const a: Record<string, string | number> = { vac: 'no', dap: 'no', ais: 'A' };
    for (const side of ['R', 'L']) {
      for (const [limb, level] of MUSCLES) a[`motor${side}_${limb}_${level}`] = limb === 'upper' ? 5 : 0;
      for (const d of [...DERMATOMES, ...MORE]) {
        const v = DERMATOMES.includes(d) || d === 'T10' ? 2 : 0;
        a[`lt${side}_${d}`] = v;
        a[`pp${side}_${d}`] = v;
      }
    }
    return a;
  }

  it('answers the levels, NLI, AIS and ZPP beside the totals', async () => {
    const res = await s.api('POST', '/api/scales/asia/score', { token, body: { answers: paraplegia() } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 50, subscores: { uems: 50, lems: 0 }, levels: { ais: 'A' } });
    expect(res.body.data.isncsci).toEqual({
      sensoryLevelR: 'T10',
      sensoryLevelL: 'T10',
      motorLevelR: 'T10',
      motorLevelL: 'T10',
      nli: 'T10',
      ais: 'A',
      zppSensoryR: 'T10',
      zppSensoryL: 'T10',
      zppMotorR: 'T10',
      zppMotorL: 'T10',
    });
  });

  it('VAC turns it into C; NT at S4-5 leaves the grade not determinable with both readings', async () => {
    const c = await s.api('POST', '/api/scales/asia/score', {
      token,
      body: { answers: { ...paraplegia(), vac: 'yes' } },
    });
    expect(c.body.data.isncsci).toMatchObject({ ais: 'C', zppMotorR: 'NA' });
    const nt = await s.api('POST', '/api/scales/asia/score', {
      token,
      body: { answers: { ...paraplegia(), 'ltL_S4-5': 'NT' } },
    });
    expect(nt.body.data.isncsci).toMatchObject({ ais: 'ND', range: { ais: ['A', 'B'] } });
  });

  it("derives before the examiner has entered a grade, and answers the examiner's grade beside the derived one", async () => {
    const { ais: _grade, ...worksheet } = paraplegia();
    const res = await s.api('POST', '/api/scales/asia/score', { token, body: { answers: worksheet } });
    expect(res.status).toBe(200);
    expect(res.body.data.isncsci).toMatchObject({ nli: 'T10', ais: 'A' });
    expect(res.body.data.levels).toMatchObject({ derived_ais: 'A', derived_nli: 'T10' });
    expect(res.body.data.levels.ais).toBeUndefined();
    const overridden = await s.api('POST', '/api/scales/asia/score', {
      token,
      body: { answers: { ...worksheet, ais: 'B' } },
    });
    expect(overridden.body.data.levels).toMatchObject({ ais: 'B', derived_ais: 'A' });
  });

  it('refuses a non-key muscle level that is not a key-muscle segment', async () => {
    const res = await s.api('POST', '/api/scales/asia/score', {
      token,
      body: { answers: { ...paraplegia(), nonKeyMuscleR: 'T7' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('nonKeyMuscleR');
  });
});
