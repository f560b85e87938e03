/**
 * The preview agent split into parts (preview-agent.ts's `parts`, build-client-script.ts --parts):
 * the module the frame loads first holds neither React nor the islands, every part it or a part
 * imports is one the server can answer, by the agent's own address with ?part=, and nothing else
 * (the frame's policy names that one script path).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { isPartName } from '../../studio/server/client-script.ts';
import { previewAgent } from '../../studio/server/preview-agent.ts';

/** Every module address a file imports, statically or lazily. */
function importsOf(code: string): string[] {
  const found = new Set<string>();
  // `from"./x"`, `import("./x")` or import(`./x`), and a bare `import"./x"` statement: addresses only.
  const statements =
    /\bfrom\s*["'`]([./][^"'`\s,]*)["'`]|\bimport\s*\(\s*["'`]([./][^"'`\s,]*)["'`]\s*\)|(?:^|[;}\n])import\s*["'`]([./][^"'`\s,]*)["'`]/g;
  for (const m of code.matchAll(statements)) found.add((m[1] ?? m[2] ?? m[3])!);
  return [...found];
}

const PART = /^\.\/preview-agent\.js\?part=(.+)$/;

describe('the preview agent in parts', () => {
  const agent = previewAgent({ parts: true });
  afterAll(() => agent.dispose());

  it('loads React and the islands only by a part, and every part it names is answered', async () => {
    const entry = await agent.code();
    // React's DOM renderer and the islands' hydration stay out of the first file.
    expect(entry).not.toContain('hydrateRoot');
    expect(entry.length).toBeLessThan(200_000);
    const seen = new Set<string>();
    const queue = importsOf(entry);
    expect(queue.some((spec) => spec === './preview-agent.js?part=hydrate')).toBe(true);
    while (queue.length > 0) {
      const spec = queue.shift()!;
      if (spec === './preview-agent.js') continue; // the agent itself: the same module
      const name = PART.exec(spec)?.[1];
      expect(name, `${spec}: only the agent's own parts`).toBeDefined();
      if (seen.has(name!)) continue;
      seen.add(name!);
      const code = await agent.part(name!);
      expect(code, `the part ${name}`).toBeDefined();
      queue.push(...importsOf(code!));
    }
    expect(await agent.part('hydrate')).toContain('hydrateRoot');
  }, 120_000);

  it('answers no other name', async () => {
    for (const name of ['../preview-agent.js', '..', 'nada', '', 'hydrate/../hydrate', '.hidden'])
      expect(await agent.part(name)).toBeUndefined();
    expect(isPartName('hero.behavior')).toBe(true);
    expect(isPartName('../x')).toBe(false);
  }, 120_000);
});

describe('the preview agent in one file', () => {
  const agent = previewAgent();
  afterAll(() => agent.dispose());

  it('imports nothing, and has no parts', async () => {
    const code = await agent.code();
    expect(importsOf(code).filter((spec) => spec.startsWith('.') || spec.startsWith('/'))).toEqual([]);
    expect(code).toContain('hydrateRoot');
    expect(await agent.part('hydrate')).toBeUndefined();
  }, 120_000);
});
