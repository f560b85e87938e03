/**
 * The preview frame's page protects itself (studio/server/security.ts, previewCsp): opened on
 * its own, outside the frame, it runs with an opaque origin, so it reaches neither the Estúdio's
 * cookie nor its storage; inside the editor it still shows the page whole, with its styles,
 * fonts and images, and the agent still answers the editor.
 */
import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { startStudio, type RunningStudio } from './studio-server.ts';

// Both tests on one Estúdio, one after the other: a server's start costs more than the shorter test.
test.describe.configure({ mode: 'default' });

let studio: RunningStudio;
test.beforeAll(async () => {
  studio = await startStudio();
});
test.afterAll(async () => {
  await studio?.stop();
});

/** What the browser says the policy blocked. */
function violations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

test('opened on its own, the preview page has no origin: no cookie, no storage', async ({ page }) => {
  // A session first: the Estúdio's cookie and some storage of its origin exist in this browser.
  await page.goto(studio.url);
  await page.evaluate(() => localStorage.setItem('segredo-do-estudio', 'sim'));
  expect((await page.context().cookies()).some((c) => c.name.startsWith('estudio-'))).toBe(true);

  await page.goto(`${studio.origin}/estudio/preview.html`);
  const inside = await page.evaluate(() => {
    const attempt = (read: () => unknown) => {
      try {
        return { value: read() };
      } catch (error) {
        return { thrown: (error as Error).name };
      }
    };
    return {
      origin: self.origin,
      cookie: attempt(() => document.cookie),
      storage: attempt(() => localStorage.getItem('segredo-do-estudio')),
      session: attempt(() => sessionStorage.length),
    };
  });
  expect(inside.origin).toBe('null');
  // An opaque origin: reading the cookie or the storage throws (never the Estúdio's values).
  expect(inside.cookie).not.toEqual({ value: expect.stringContaining('estudio-') });
  expect(inside.cookie.thrown ?? (inside.cookie.value === '' ? 'SecurityError' : 'read')).toBe(
    'SecurityError',
  );
  expect(inside.storage).toEqual({ thrown: 'SecurityError' });
  expect(inside.session).toEqual({ thrown: 'SecurityError' });

  // Nor can it call the API with the session: a request from an opaque origin carries no cookie,
  // and the policy refuses the request before it leaves.
  const fetched = await page.evaluate(() =>
    fetch('/api/pages').then(
      (res) => res.status,
      (error: Error) => error.name,
    ),
  );
  expect(fetched).toBe('TypeError');

  // The agent itself runs there (the one script allowed): it swaps in what it is sent.
  await page.evaluate(() =>
    postMessage({ kind: 'render', html: '<p id="do-agente">renderizado</p>', inherited: [] }, '*'),
  );
  await expect(page.locator('#do-agente')).toHaveText('renderizado');
});

test('in the editor, the preview shows the page with its styles, fonts and images', async ({ page }) => {
  test.setTimeout(120_000);
  const blocked = violations(page);
  await page.goto(studio.url);
  await page.goto(`${studio.origin}/#/editar/${encodeURIComponent('pages/agendamento.yaml')}`);
  await expect(page.locator('[data-preview-renders]')).not.toHaveAttribute('data-preview-renders', '0', {
    timeout: 60_000,
  });
  const frame = page.frameLocator('iframe[title="Prévia da página: Computador"]');
  const heading = frame.locator('h1').first();
  await expect(heading).toBeVisible();

  const shown = await heading.evaluate(async (h1) => {
    await document.fonts.ready;
    const images = [...document.images].filter((img) => img.loading !== 'lazy' || img.complete);
    return {
      origin: self.origin,
      // Emotion's style elements applied: the heading has the site's font, not the default serif.
      font: getComputedStyle(h1).fontFamily,
      fontsFetched: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/assets/fonts/')).length,
      styleElements: document.querySelectorAll('style').length,
      broken: images.filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.src),
    };
  });
  expect(shown.origin).toBe('null');
  expect(shown.styleElements).toBeGreaterThan(0);
  expect(shown.font).not.toMatch(/^(serif|Times)/);
  expect(shown.fontsFetched).toBeGreaterThan(0);
  expect(shown.broken).toEqual([]);
  // The page's drawings are inline <svg>; a photo is an <img> from the site's public files.
  const photo = await heading.evaluate(
    (h1) =>
      new Promise<number>((resolve) => {
        const img = document.createElement('img');
        img.onload = () => resolve(img.naturalWidth);
        img.onerror = () => resolve(-1);
        img.src = '/apple-touch-icon.png';
        h1.after(img);
      }),
  );
  expect(photo).toBeGreaterThan(0);

  // The agent answers the editor: the cursor on a block outlines it (in the Código tab: the
  // editor opens on the page, issue 37).
  await page.getByRole('tab', { name: 'Código' }).click();
  await page
    .getByRole('textbox', { name: 'Código YAML da página' })
    .getByText('- type: hero')
    .first()
    .click();
  await expect(frame.locator('.estudio-box[data-kind=selected]')).toHaveCount(1);

  await page.screenshot({ path: test.info().outputPath('editor.png') });
  // Nothing the page needs was refused (the page's own scripts are data here, never run).
  expect(blocked).toEqual([]);
});
