import type { ResolvedCall } from '@rehab/shared';
import { request, type Envelope } from '../../../lib/api';

/** Sends one of an entity's calls (`entityCalls`): the input as query parameters of a GET, as the body otherwise. */
export function callEntity<T extends object>(
  call: ResolvedCall,
  input: Record<string, unknown> | unknown[],
  signal?: AbortSignal,
): Promise<Envelope & T> {
  return call.method === 'GET'
    ? request<T>('GET', call.url, { query: input as Record<string, unknown>, signal })
    : request<T>(call.method, call.url, { body: input, signal });
}
