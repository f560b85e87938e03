import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { CHROME_FLAGS } from './scripts/chromium.ts';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4317);
/** The browser the tests run in unless CHROMIUM_PATH names another (tests/e2e/chromium.sh). */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
// E2E_SITE_ONLY=1 starts only the built site's server: enough for the studio project and the plain
// page specs, and it skips the three extra builds (consent, hostile text, experiment) when iterating.
// Playwright starts web servers one after the other: all four come from one command (see below).
const SITE_ONLY = Boolean(process.env.E2E_SITE_ONLY);
const PORTS = SITE_ONLY ? [PORT] : [PORT, PORT + 1, PORT + 2, PORT + 3];

/**
 * Whether 127.0.0.1:`port` is free: a leftover test server (a run interrupted, another checkout's
 * run) would otherwise fail the web server with a bare EADDRINUSE, or with Playwright's advice to
 * reuse it, which this config never does (a leftover may serve another build).
 */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

// Only in the runner's own process, before its web server starts: the workers load this file too,
// with the servers up (they inherit the mark).
if (!process.env.TEST_WORKER_INDEX && !process.env.E2E_PORTS_CHECKED) {
  const taken: number[] = [];
  for (const port of PORTS) if (!(await portIsFree(port))) taken.push(port);
  if (taken.length > 0) {
    const list = taken.join(', ');
    throw new Error(
      `Port${taken.length > 1 ? 's' : ''} ${list} on 127.0.0.1 ${taken.length > 1 ? 'are' : 'is'} already taken, ` +
        `most likely by a test server left running. The browser tests need ${PORTS.length > 1 ? `ports ${PORT}–${PORT + 3}` : `port ${PORT}`} (E2E_PORT=${PORT}). ` +
        `Free ${taken.length > 1 ? 'them' : 'it'}: find the process with \`ss -ltnp 'sport = :${taken[0]}'\` and stop it by its pid; ` +
        `or pick other ports: E2E_PORT=${PORT + 10} npm run test:e2e`,
    );
  }
  process.env.E2E_PORTS_CHECKED = '1';
  // tests/e2e/chromium.sh says the same, but a browser's stderr is only shown when its launch fails.
  if (!process.env.CHROMIUM_PATH && !existsSync(HEADLESS_SHELL))
    console.error(
      `No ${HEADLESS_SHELL} (apt-get install chromium-headless-shell): the browser tests run in the full Chromium, slower.`,
    );
}

// Browser tests run against the built site (npm run build) served like a static host.
// DIST_DIR=/tmp/x/dist E2E_PORT=4500 npx playwright test … runs them against another build.
// Chromium comes from Debian (apt-get install chromium chromium-headless-shell): Playwright never
// downloads one.
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // One retry, reported as "flaky": on this 2-core machine a loaded run has lost a page mid-test
  // (events.spec, /agendamento on the phone: "Target page, context or browser has been closed").
  retries: 1,
  // After the tests, where the suite's wall time went (web servers, time per spec file, each worker's
  // start-up, restarts and idle end: tests/e2e/timeline-reporter.ts).
  reporter: [[process.env.CI ? 'list' : 'line'], ['./tests/e2e/timeline-reporter.ts']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: {
      // Debian's headless shell (CHROMIUM_PATH, else the shell, else /usr/bin/chromium) through a
      // wrapper that gives the shell Chromium's text rendering and turns off the spare renderer and
      // the address bar's popup preloaded per context, which no test can use (tests/e2e/chromium.sh,
      // decision 0044).
      executablePath: path.resolve(import.meta.dirname, 'tests/e2e/chromium.sh'),
      // Playwright adds its own headless flag. The chat links' host resolves to nothing: a test
      // that opens a chat tab answers it locally (answerChatLocally, tests/e2e/consent-helpers.ts),
      // and one that does not still never reaches the network.
      args: [
        ...CHROME_FLAGS.filter((flag) => !flag.startsWith('--headless')),
        '--host-resolver-rules=MAP api.whatsapp.com ~NOTFOUND',
      ],
    },
  },
  // The Estúdio's tests first: they are the longest (up to a minute each), so both workers start
  // on them and the site's short tests fill in the end, leaving neither worker idle for long.
  projects: [
    // The Estúdio, on a laptop screen; each spec file starts its own server on a copy of pages/
    // (two when Playwright splits a file's tests between the workers).
    {
      name: 'studio',
      testMatch: 'studio/**/*.spec.ts',
      // Each keystroke goes through a real server render: allow for a loaded 2-core machine.
      expect: { timeout: 15_000 },
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      testIgnore: 'studio/**',
      // A test tagged @any-viewport (ANY_VIEWPORT, tests/e2e/site-test.ts) asserts nothing the screen
      // can change: HTTP status and headers, the static host's rules, the <head>, the served HTML,
      // what the page script records before anything is laid out. It would give the same answer
      // twice, so it runs in the desktop project only. Anything laid out, visible, tapped, scrolled,
      // focused, animated, hydrated, checked by axe or by fonts runs in both.
      grepInvert: /@any-viewport/,
      use: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true },
    },
    { name: 'desktop', testIgnore: 'studio/**', use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: SITE_ONLY
    ? {
        command: `PORT=${PORT} npx tsx runtime/cli.ts serve`,
        url: `http://127.0.0.1:${PORT}/`,
        reuseExistingServer: false,
        timeout: 30_000,
      }
    : {
        // The built site (npm run preview's command) and three more builds of it, each on the next
        // port: with a test analytics id (consent banner, Google tag, CSP with Google), the
        // hostile-text fixture (tests/e2e/hostile.spec.ts), and an experiment on /sodastream-t
        // behind the build's real edge worker under workerd (tests/e2e/experiment.spec.ts). One
        // process builds the three while the first starts. The tests start once the built site
        // answers: the specs that visit the other three wait for them in a beforeAll
        // (extraSitesReady, tests/e2e/consent-helpers.ts), so the builds hold no other test back.
        command: `E2E_PORT=${PORT} NODE_ENV=production node --import tsx tests/servers/test-sites.ts`,
        url: `http://127.0.0.1:${PORT}/`,
        reuseExistingServer: false,
        timeout: 120_000,
      },
});
