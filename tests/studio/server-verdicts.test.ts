/**
 * The editor's worker skips a text the server's render accepted; it checks a text the server
 * refused, one it was never asked about and one overtaken before it was sent.
 */
import { describe, expect, it } from 'vitest';
import { ServerVerdicts } from '../../studio/app/screens/editor/server-verdicts.ts';

describe('ServerVerdicts', () => {
  it('vouches for accepted texts (the last three), not for refused or unknown ones', async () => {
    const verdicts = new ServerVerdicts();
    expect(verdicts.accepts('a')).toBe(false);
    for (const text of ['a', 'b', 'c', 'd']) {
      verdicts.expect(text);
      verdicts.settle(text, true);
    }
    expect([verdicts.accepts('a'), verdicts.accepts('b'), verdicts.accepts('d')]).toEqual([
      false,
      true,
      true,
    ]);
    verdicts.expect('e');
    verdicts.settle('e', false);
    expect(verdicts.accepts('e')).toBe(false);
  });

  it('a text on its way is answered when the server answers', async () => {
    const verdicts = new ServerVerdicts();
    verdicts.expect('ok');
    verdicts.expect('ruim');
    const ok = verdicts.accepts('ok');
    const bad = verdicts.accepts('ruim');
    expect(ok).toBeInstanceOf(Promise);
    verdicts.settle('ok', true);
    verdicts.settle('ruim', false);
    expect(await ok).toBe(true);
    expect(await bad).toBe(false);
    expect(verdicts.accepts('ok')).toBe(true);
  });
});
