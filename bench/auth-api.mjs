// Sign-in and menu-load throughput with autocannon.
import autocannon from 'autocannon';

const run = (opts) =>
  new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });

const summary = (r) => ({
  reqPerSec: Math.round(r.requests.average),
  p50ms: r.latency.p50,
  p99ms: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors,
});

export async function benchAuthApi(url) {
  const login = await run({
    url: `${url}/api/sys/login`,
    method: 'POST',
    connections: 8,
    duration: 10,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: '13800000001', password: 'Rehab@2026', loginRoleType: 2, isLogin: 1 }),
  });
  // a signed-in session with an organization, for the menu load
  const res = await fetch(`${url}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: '13800000019', password: 'Rehab@2026', loginRoleType: 2, isLogin: 1 }),
  });
  const { token } = await res.json();
  const orgs = await (await fetch(`${url}/api/sys/organization/chooseOrganizationList`, { headers: { token } })).json();
  const org = orgs.data.list[0];
  await fetch(`${url}/api/sys/organization/chooseOrganization?id=${org.id}&officeId=${org.offices[0].id}`, {
    headers: { token },
  });
  const menu = await run({
    url: `${url}/api/sys/menu/nav`,
    connections: 20,
    duration: 10,
    headers: { token },
  });
  return { login: summary(login), menu: summary(menu) };
}
