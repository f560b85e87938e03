/** Shared by the consent, CSP and event browser tests: the second server (tests/servers/consent-preview.ts). */
import { test, type BrowserContext, type Page } from '@playwright/test';

export { TEST_ANALYTICS_ID as GA_ID } from '../servers/test-site.ts';
export const GA_PORT = Number(process.env.E2E_PORT ?? 4317) + 1;
export const GA_BASE_URL = `http://127.0.0.1:${GA_PORT}`;

/** Google's tag and measurement hosts, as the site's CSP names them. */
const GOOGLE = /^https:\/\/[^/]*(googletagmanager|google-analytics)\.com\//;

/**
 * Answers www.googletagmanager.com (and google-analytics.com) locally (tests never reach the
 * network) and records the requests that reached it: a request the CSP blocked never gets here.
 *
 * Through the page's own DevTools session, pausing only those hosts' requests, not `page.route`:
 * any Playwright route pauses every request of the page on its way out and turns the browser's
 * HTTP cache off while it is set, so each page load fetched and compiled every file of the site
 * again (decision 0044, session 31). The answer is the one `route.fulfill` gave: 200, JavaScript,
 * with the CORS headers Playwright adds for a cross-origin request that has an Origin.
 */
export async function routeGoogle(page: Page, body = 'window.__googleTag = (window.__googleTag || 0) + 1;') {
  const requests: string[] = [];
  const session = await page.context().newCDPSession(page);
  session.on('Fetch.requestPaused', ({ requestId, request }) => {
    if (!GOOGLE.test(request.url)) {
      void session.send('Fetch.continueRequest', { requestId }).catch(() => {});
      return;
    }
    requests.push(request.url);
    const headers = [{ name: 'Content-Type', value: 'text/javascript' }];
    const origin = Object.entries(request.headers).find(([name]) => name.toLowerCase() === 'origin')?.[1];
    if (origin && new URL(request.url).origin !== origin.trim())
      headers.push(
        { name: 'Access-Control-Allow-Origin', value: origin },
        { name: 'Access-Control-Allow-Credentials', value: 'true' },
        { name: 'Vary', value: 'Origin' },
      );
    void session
      .send('Fetch.fulfillRequest', {
        requestId,
        responseCode: 200,
        responseHeaders: headers,
        body: Buffer.from(body).toString('base64'),
      })
      .catch(() => {}); // the page closed meanwhile
  });
  await session.send('Fetch.enable', {
    patterns: ['googletagmanager', 'google-analytics'].map((host) => ({
      urlPattern: `https://*${host}.com/*`,
      requestStage: 'Request' as const,
    })),
  });
  return requests;
}

/**
 * Answers the chat links' host locally: the tab a chat link opens gets a tiny page titled "chat".
 * Only for a test that opens such a tab: any route makes Playwright intercept every request of the
 * context (each one a round trip through the test's worker, about 0.3 s of CPU per page load of
 * the site), so the other tests go without it. Should a test open a chat tab without it, the
 * browser still never reaches the network: playwright.config.ts maps the host to nowhere.
 */
export async function answerChatLocally(context: BrowserContext): Promise<void> {
  await context.route(/api\.whatsapp\.com/, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>chat</title>' }),
  );
}

/**
 * Waits until the three extra sites of tests/servers/test-sites.ts answer (the consent site, the
 * hostile-text site, the experiment behind workerd). Playwright starts the tests as soon as the
 * built site answers, while that process is still building the other three; the fourth port
 * opens once all of them answer. Call from a `test.beforeAll` of every spec that visits them.
 */
export async function extraSitesReady(): Promise<void> {
  if (process.env.E2E_SITE_ONLY)
    throw new Error('Este teste precisa dos três sites extras: rode sem E2E_SITE_ONLY=1.');
  const last = `http://127.0.0.1:${GA_PORT + 2}/`;
  const deadline = Date.now() + 170_000;
  test.setTimeout(180_000);
  for (;;) {
    const answered = await fetch(last).then(
      () => true,
      () => false,
    );
    if (answered) return;
    if (Date.now() > deadline)
      throw new Error(
        `The extra test sites (tests/servers/test-sites.ts) did not answer at ${last}: see the web server's output.`,
      );
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
