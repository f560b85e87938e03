/** The three policy pages (spec §2, §5, §9): readable legal text with a table of contents and every rule. */
import { expect, test } from './site-test.ts';
import { allowPerRoute, noteStorageAtStart, visitFresh } from './one-page.ts';

const rules: Record<string, RegExp[]> = {
  '/politica-de-reembolso': [
    /24 horas/,
    /3 dias úteis/,
    /mesmo meio de pagamento/i,
    /número do pedido/i,
    /taxa de deslocamento/i,
  ],
  '/politica-de-cancelamento': [/24 horas/, /remarcar/i, /confirmado.*pagamento|pagamento.*confirmado/i],
  '/termos-de-uso': [
    /endereço/i,
    /cilindro disponível|disponível para a recarga|disponível para recarga/i,
    /60 (L|litros)/,
    /PRIMEIRA5/,
  ],
};

// The three policies on one page, each a fresh load as a first visit (one-page.ts).
test("each policy: heading, table of contents that reaches each section, the spec's rules, footer links", async ({
  page,
}) => {
  allowPerRoute(Object.keys(rules).length, 20_000);
  await noteStorageAtStart(page);
  for (const [path, expected] of Object.entries(rules)) {
    await test.step(path, async () => {
      const response = await visitFresh(page, path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        `https://fillgas.example${path}`,
      );
      const toc = page.getByRole('navigation', { name: 'Nesta página' });
      const entries = toc.getByRole('link');
      expect(await entries.count()).toBeGreaterThanOrEqual(3);
      for (const href of await entries.evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) {
        await expect(page.locator(href)).toHaveCount(1);
      }
      const text = (await page.locator('main').textContent()) ?? '';
      for (const rule of expected) expect(text).toMatch(rule);
      await expect(page.locator('main')).toContainText('contato@fillgas.example');
      for (const policy of ['/politica-de-reembolso', '/politica-de-cancelamento', '/termos-de-uso']) {
        await expect(page.locator(`footer a[href="${policy}"]`)).toHaveCount(1);
      }
    });
  }
});
