import type { FastifyReply } from 'fastify';
import { ResultCode } from '@rehab/shared';

/**
 * The success envelope `{ code: 0, msg, data }` as bytes, from the data's JSON: an answer kept pre-serialized (the
 * patient list, the schedule view) is sent as it is, with no serialization of the object on each request. Same
 * fields in the same order as a handler's answer merged into the envelope by the route (app.ts).
 */
export function okEnvelopeBytes(msg: string, dataJson: string): Buffer {
  return Buffer.from(`{"code":${ResultCode.ok},"msg":${JSON.stringify(msg)},"data":${dataJson}}`);
}

/** Sends JSON bytes as they are (fastify serializes nothing); the handler answers what this returns. */
export function sendJsonBytes(reply: FastifyReply, bytes: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(bytes);
}
