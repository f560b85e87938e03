/** What the test servers add to a copy of pages/_site.yaml (no real ids are committed). */

/** A syntactically valid GA4 id that belongs to no one. */
export const TEST_ANALYTICS_ID = 'G-TESTE12345';

/** The experiment of tests/servers/experiment-preview.ts, visited by tests/e2e/experiment.spec.ts. */
export const TEST_EXPERIMENT = {
  id: 'site-t',
  route: '/sodastream-t',
  pages: ['sodastream-t', 'recarrega-site'],
} as const;
