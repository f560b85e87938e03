/**
 * The decoy hash an unknown e-mail is checked against (studio/server/hosted/passwords.ts): at the
 * cost of the accounts' hashes, so the answer takes as long as for a known e-mail. Accounts made by
 * the account command have SCRYPT's cost, and so has the decoy then: production's behaviour.
 */
import { describe, expect, it } from 'vitest';
import {
  costOf,
  decoyHash,
  hashPassword,
  parseHash,
  SCRYPT,
  verifyPassword,
} from '../../studio/server/hosted/passwords.ts';
import { cheapHash } from './helpers.ts';

const costOfHash = (hash: string) => {
  const parsed = parseHash(hash);
  return parsed && { N: parsed.N, r: parsed.r, p: parsed.p };
};

describe('the decoy hash', () => {
  it("has the account command's cost when the accounts were made by it", async () => {
    const made = await hashPassword('uma frase longa o bastante');
    expect(costOf([made])).toEqual({ N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p });
    expect(costOfHash(await decoyHash(costOf([made])))).toEqual({ N: 2 ** 15, r: 8, p: 3 });
    // Without a cost, and for hashes it cannot read, SCRYPT's.
    expect(costOfHash(await decoyHash())).toEqual({ N: 2 ** 15, r: 8, p: 3 });
    expect(costOf([])).toEqual({ N: 2 ** 15, r: 8, p: 3 });
    expect(costOf(['não é um hash'])).toEqual({ N: 2 ** 15, r: 8, p: 3 });
  });

  it("has the costliest account's cost: an unknown e-mail is never answered quicker than a known one", async () => {
    const cheap = cheapHash('uma frase longa o bastante');
    const dearer = cheap.replace(/^scrypt\$1024\$8\$1\$/, 'scrypt$2048$8$1$');
    expect(costOf([cheap])).toEqual({ N: 1024, r: 8, p: 1 });
    expect(costOf([cheap, dearer, 'não é um hash'])).toEqual({ N: 2048, r: 8, p: 1 });
    expect(costOfHash(await decoyHash(costOf([cheap])))).toEqual({ N: 1024, r: 8, p: 1 });
  });

  it('is made once per cost, of a password nobody knows', async () => {
    const cost = { N: 1024, r: 8, p: 1 };
    const first = await decoyHash(cost);
    expect(await decoyHash({ ...cost })).toBe(first);
    expect(await decoyHash({ N: 1024, r: 8, p: 2 })).not.toBe(first);
    expect(await verifyPassword('', first)).toBe(false);
  });
});
