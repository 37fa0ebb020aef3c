// The schedule view (/schedulingView) on a day of 2,000 work orders: its list call under load, the whole day's
// recommendation, and the time from navigation until the cards are painted in Chromium.
/* global document, requestAnimationFrame -- evaluated in the page */
import { chromium } from '@playwright/test';
import { autocannonRun, median, signIn } from './lib.mjs';
import { browserArgs, executablePath } from './login-page.mjs';

export const SCHEDULE_CONNECTIONS = 16;

export async function benchSchedule(url, { date, duration, withPage }) {
  const { token, session, call } = await signIn(url, '13800000019');
  // the body the schedule view sends (project mode: unfinished orders, team names shown)
  const body = { expired: false, executeStatus: 0, therapistTeamFilter: 1 };
  const view = await call('POST', '/schedulingManagement/viewList', body);
  if (view.data.date !== date) throw new Error(`the server's today is ${view.data.date}, the seeded day ${date}`);
  const cards = view.data.list.reduce((n, e) => n + e.referral.length, 0);
  for (let i = 0; i < 3; i++) await call('POST', '/schedulingManagement/viewList', body);
  const viewCall = await autocannonRun({
    url: `${url}/api/schedulingManagement/viewList`,
    method: 'POST',
    connections: SCHEDULE_CONNECTIONS,
    duration,
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify(body),
  });
  console.log(`  view call (${cards} cards in ${view.data.list.length} slots): ${JSON.stringify(viewCall)}`);

  // the recommendation for the whole day: one at a time, five times
  const times = [];
  let recommendation;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    recommendation = await call('POST', '/schedulingManagement/getTodayAllSchedulingRecommend', { date });
    times.push(performance.now() - t0);
  }
  const recommend = {
    medianMs: Math.round(median(times)),
    maxMs: Math.round(Math.max(...times)),
    placed: recommendation.data.list.length,
    unplaced: recommendation.data.unplaced.length,
  };
  console.log(`  recommendation: ${JSON.stringify(recommend)}`);

  let page = null;
  if (withPage) page = await paintTimes(url, session, cards);
  if (page) console.log(`  view painted: ${JSON.stringify(page)}`);
  return { date, cards, slots: view.data.list.length, viewCall, recommend, page };
}

/** Navigation to the last card painted, median of five (a warm-up load first: the browser's cache is kept). */
async function paintTimes(url, session, cards, runs = 5) {
  const browser = await chromium.launch({ executablePath, args: browserArgs });
  const samples = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
    await context.addInitScript((value) => {
      localStorage.setItem('session', value);
      localStorage.setItem('user-locale', JSON.stringify('zh-cn'));
    }, JSON.stringify(session));
    for (let i = 0; i <= runs; i++) {
      const page = await context.newPage();
      await page.goto(`${url}/schedulingView`, { waitUntil: 'commit' });
      // every card of the day in the document, then two animation frames: they are painted
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="sv-card"]').length >= n, cards, {
        timeout: 60_000,
        polling: 'raf',
      });
      const ms = await page.evaluate(
        () =>
          new Promise((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now()))),
          ),
      );
      if (i > 0) samples.push(ms);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return { paintedMs: Math.round(median(samples)), maxMs: Math.round(Math.max(...samples)), runs };
}
