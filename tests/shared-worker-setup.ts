/**
 * Run before every test file of the "shared" project (vite.config.ts, decision 0039), whose files
 * share a worker and its modules (isolate: false) instead of each importing React, jsdom, the
 * runtime and the blocks again. What a fresh worker gave a file for free is given back here: a
 * jsdom file starts with nothing mounted, an empty <body>, <html> without attributes (as jsdom
 * makes it), no cookies, empty storage and the address at /; every file ends with real timers,
 * its spies restored and its stubbed globals and variables put back.
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

/** Unmounts what the last file rendered with Testing Library and left mounted, then empties the page. */
async function unmountAll(): Promise<void> {
  const { cleanup } = await import('@testing-library/react');
  cleanup();
  freshDocument();
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
