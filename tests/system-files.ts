/**
 * The system tests (vite.config.ts's "system" project, `npm run test:system`; decision 0039, session
 * 31): the files that start other processes — git and a bare remote for publishing, the Workers
 * runtime (workerd, through Miniflare), the Estúdio or the CLI run as a command, Publicar's check
 * build — directly or through a helper of tests/ they import. Everything else runs inside Vitest's
 * own process and is `npm test` (unit, component and render tests). CI runs both; no file is in
 * neither. tests/system-files.test.ts reads every test file and fails when this list and what the
 * files do disagree, so a new file that starts a process is not left in `npm test`, and a file that
 * stopped doing so comes back to it.
 */
export const SYSTEM_FILES = [
  'tests/experiments/cli-report.test.ts',
  'tests/experiments/report.test.ts',
  'tests/runtime/assetsignore.test.ts',
  'tests/runtime/build-schedule.test.ts',
  'tests/runtime/cli.test.ts',
  'tests/runtime/client-cache.test.ts',
  'tests/runtime/edge-cloudflare.test.ts',
  'tests/runtime/edge-epochs-workerd.test.ts',
  'tests/runtime/edge-epochs.test.ts',
  'tests/runtime/edge-hosts.test.ts',
  'tests/runtime/edge-split.test.ts',
  'tests/runtime/experiment-ended.test.ts',
  'tests/runtime/extends-items.test.ts',
  'tests/runtime/hostile.test.ts',
  'tests/runtime/links-check.test.ts',
  'tests/runtime/links.test.ts',
  'tests/runtime/new-page.test.ts',
  'tests/runtime/schedule-check.test.ts',
  'tests/studio/bundled-entry.test.ts',
  'tests/studio/cli.test.ts',
  'tests/studio/describe-change.test.ts',
  'tests/studio/experiments-publish.test.ts',
  'tests/studio/git-batch.test.ts',
  'tests/studio/hosted.test.ts',
  'tests/studio/kept-build.test.ts',
  'tests/studio/links.test.ts',
  'tests/studio/publicos-scheduled.test.ts',
  'tests/studio/publish-crash.test.ts',
  'tests/studio/publish-merge.test.ts',
  'tests/studio/publish-review.test.ts',
  'tests/studio/publish.test.ts',
  'tests/studio/requests-actions.test.ts',
  'tests/studio/requests-approval.test.ts',
  'tests/studio/requests-asks.test.tsx',
  'tests/studio/requests-times.test.ts',
  'tests/studio/requests.test.ts',
  'tests/studio/roles-access.test.ts',
  'tests/studio/roles.test.ts',
  'tests/studio/schedules-crash.test.ts',
  'tests/studio/schedules.test.ts',
  'tests/studio/shared-previews.test.ts',
  'tests/studio/snapshot-start.test.ts',
];
