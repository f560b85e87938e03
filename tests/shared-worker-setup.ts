/**
 * Run before every test file of the "shared" project (vite.config.ts, decision 0039), whose files
 * share a worker and its modules (isolate: false) instead of each importing React, jsdom, the
 * runtime and the blocks again. What a fresh worker gave a file for free is given back here: a
 * jsdom file starts with nothing mounted, an empty <body>, <html> without attributes (as jsdom
 * makes it), jsdom's matchMedia, window size and scroll, no cookies, empty storage and the address at /; every file ends with real timers,
 * its spies restored and its stubbed globals and variables put back.
 *
 * Emotion's client cache writes its rules as it does in production (`speedy`: into one style sheet
 * with insertRule) rather than one <style> element per rule (its development mode). The rules,
 * their order and so the computed styles are the same, but jsdom walks every <style> of <head> at
 * each getComputedStyle, and axe-core lists <head>'s children in quadratic time (jsdom's
 * `children.length` scans them all); <head> kept 843 of them after the stories alone.
 */
import { afterAll, beforeAll, vi } from 'vitest';

function freshDocument(): void {
  const html = document.documentElement;
  for (const name of html.getAttributeNames()) html.removeAttribute(name);
  // (Not <head>: Emotion keeps its style elements there and inserts new ones beside them.)
  document.body.replaceChildren();
  for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  localStorage.clear();
  sessionStorage.clear();
  if (location.pathname !== '/' || location.search || location.hash) history.replaceState(null, '', '/');
}

const jsdom = typeof document !== 'undefined';

/**
 * Window properties test files set directly rather than through vi.stubGlobal: a media query
 * (matchMedia), the window's size (runStory) and its scroll. Each file starts with those of the
 * first file of the worker, that is jsdom's own.
 */
const WINDOW_PROPERTIES = ['matchMedia', 'innerWidth', 'innerHeight', 'scrollY'];
const JSDOM_WINDOW = Symbol.for('tests/shared-worker-setup: jsdom window properties');

function freshWindow(): void {
  type Kept = [string, PropertyDescriptor | undefined, unknown][];
  const win = window as unknown as Record<string, unknown>;
  const kept = globalThis as { [JSDOM_WINDOW]?: Kept };
  kept[JSDOM_WINDOW] ??= WINDOW_PROPERTIES.map((name) => [
    name,
    Object.getOwnPropertyDescriptor(window, name),
    win[name],
  ]);
  for (const [name, descriptor, value] of kept[JSDOM_WINDOW]) {
    if (descriptor) Object.defineProperty(window, name, descriptor);
    else delete win[name];
    // Vitest's global forwards to jsdom's window, where an assignment landed.
    if (win[name] !== value) win[name] = value;
  }
}

/** Emotion's default cache (the one components use without a CacheProvider) in speedy mode. */
async function speedyEmotion(): Promise<void> {
  const [{ createElement }, { withEmotionCache }, { renderToStaticMarkup }] = await Promise.all([
    import('react'),
    import('@emotion/react'),
    import('react-dom/server'),
  ]);
  let sheet: { isSpeedy: boolean } | undefined;
  const Probe = withEmotionCache((_props: object, cache) => {
    sheet = cache?.sheet;
    return null;
  });
  renderToStaticMarkup(createElement(Probe));
  if (sheet) sheet.isSpeedy = true;
}

/** Unmounts what the last file rendered with Testing Library and left mounted, then empties the page. */
async function unmountAll(): Promise<void> {
  const { cleanup } = await import('@testing-library/react');
  cleanup();
  freshDocument();
}

// Before the file is collected: even rules inserted while it loads go to the one sheet, and what
// the file sets on the window at its top level stays.
if (jsdom) {
  await speedyEmotion();
  freshWindow();
}

beforeAll(async () => {
  if (jsdom) await unmountAll();
});

afterAll(async () => {
  if (jsdom) await unmountAll();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
