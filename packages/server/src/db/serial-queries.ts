/**
 * One connection runs one statement at a time. A transaction's client is one connection, and code that reads several
 * things side by side (`Promise.all` over queries, often in a helper that takes a transaction or the pool alike) would
 * hand it a second statement while the first still runs: node-postgres queues that itself, but calls it deprecated
 * (pg 9 refuses it). This queues the client's promise-style calls in order instead, for every client the pool makes;
 * callback and stream (submittable) calls pass through untouched. On the pool itself each query takes its own client,
 * so `Promise.all` there still runs in parallel.
 */
export type QueryingClient = { query: (...args: never[]) => unknown };

export function serializeQueries(client: QueryingClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let tail: Promise<unknown> = Promise.resolve();
  const queued = (...args: unknown[]) => {
    const first = args[0] as { submit?: unknown } | undefined;
    if (typeof args[args.length - 1] === 'function' || (first && typeof first.submit === 'function')) {
      return query(...args);
    }
    const run = tail.then(() => query(...args));
    tail = run.catch(() => undefined);
    return run;
  };
  client.query = queued as QueryingClient['query'];
}
