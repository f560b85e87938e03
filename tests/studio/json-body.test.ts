/**
 * The JSON body every write of the Estúdio's API reads (studio/server/http.ts's readJsonBody):
 * UTF-8 only, refused with a Portuguese message when it is not (invalid bytes, an encoded
 * surrogate, an overlong form), a leading BOM dropped, the wrong type and too many bytes refused.
 */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { HttpError, MAX_BODY_BYTES, readJsonBody } from '../../studio/server/http.ts';

function request(bytes: Buffer, type = 'application/json'): IncomingMessage {
  const req = Readable.from([bytes]) as unknown as IncomingMessage;
  req.headers = { 'content-type': type };
  return req;
}

async function refusal(bytes: Buffer, type?: string): Promise<HttpError> {
  const error = await readJsonBody(request(bytes, type)).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('readJsonBody', () => {
  it('reads UTF-8 JSON, accents and signs included, with or without a BOM', async () => {
    const value = { source: 'título: Recarga de CO₂ → São Paulo 🥤' };
    expect(await readJsonBody(request(Buffer.from(JSON.stringify(value))))).toEqual(value);
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(value))]);
    expect(await readJsonBody(request(bom))).toEqual(value);
  });

  it('refuses bytes that are not UTF-8, in Portuguese', async () => {
    for (const bad of [
      [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d], // {"a":"<0xff>"}
      [0x22, 0xed, 0xa0, 0x80, 0x22], // an encoded surrogate
      [0x22, 0xc0, 0xaf, 0x22], // an overlong "/"
      [0x22, 0xe2, 0x82, 0x22], // a sequence cut short
    ]) {
      const error = await refusal(Buffer.from(bad));
      expect(error.status).toBe(400);
      expect(error.message).toBe('Os dados enviados não estão em UTF-8.');
    }
  });

  it('refuses JSON that does not parse, another type and too many bytes', async () => {
    expect((await refusal(Buffer.from('{"a":'))).message).toBe('Os dados enviados não são um JSON válido.');
    expect((await refusal(Buffer.from('{}'), 'text/plain')).status).toBe(415);
    expect((await refusal(Buffer.alloc(MAX_BODY_BYTES + 1, 0x20))).status).toBe(413);
  });
});
