/** Shared by the consent, CSP and event browser tests: the second server (tests/servers/consent-preview.ts). */
import type { Page } from '@playwright/test';

export { TEST_ANALYTICS_ID as GA_ID } from '../servers/test-site.ts';
export const GA_PORT = Number(process.env.E2E_PORT ?? 4317) + 1;
export const GA_BASE_URL = `http://127.0.0.1:${GA_PORT}`;

/**
 * Answers www.googletagmanager.com locally (tests never reach the network) and records the
 * requests that reached it: a request the CSP blocked never gets here.
 */
export async function routeGoogle(page: Page, body = 'window.__googleTag = (window.__googleTag || 0) + 1;') {
  const requests: string[] = [];
  await page.route(/^https:\/\/[^/]*(googletagmanager|google-analytics)\.com\//, (route) => {
    requests.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body });
  });
  return requests;
}
