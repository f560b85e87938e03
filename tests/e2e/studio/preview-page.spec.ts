/**
 * The preview is the page a visitor gets (issue 27): the page's own script runs in the sandboxed
 * frame. On the phone /agendamento has its menu button and the menu opens; a click on a call to
 * action shows, in "Eventos", the event the page would send (and goes nowhere); the "Estado" control opens the popup, and an edit of the popup's text in the form shows in it; nothing the
 * page does leaves the Estúdio's address.
 */
import { expect, test, type Page } from '@playwright/test';
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

const editorOf = (page: Page) => page.getByRole('textbox', { name: 'Código YAML da página' });
const phone = (page: Page) => page.frameLocator('iframe[title="Prévia da página: Celular"]');

async function openPage(page: Page, file: string) {
  await page.goto(studio.url);
  await page.goto(`${studio.origin}/#/editar/${encodeURIComponent(file)}`);
  await expect(page.locator('[data-preview-renders]')).not.toHaveAttribute('data-preview-renders', '0', {
    timeout: 60_000,
  });
  // The editor opens on the page (issue 37): these tests type YAML, in the Código tab.
  await page.getByRole('tab', { name: 'Código' }).click();
}

test('the phone preview runs the page: menu, events, popup state, nothing sent', async ({ page }) => {
  test.setTimeout(120_000);
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(studio.origin) && !url.startsWith('data:')) foreign.push(url);
  });
  await openPage(page, 'pages/agendamento.yaml');
  const frame = phone(page);

  // The navbar as a phone visitor gets it: the menu button (not the no-script list), and it opens.
  const menu = frame.getByRole('button', { name: 'Abrir menu' });
  await expect(menu).toBeVisible();
  await menu.click();
  await expect(frame.locator('[data-behavior="navbar"] button[aria-expanded="true"]')).toBeVisible();
  await expect(frame.getByRole('link', { name: 'Dúvidas Comuns' })).toBeVisible();
  await frame.locator('[data-behavior="navbar"] button[aria-expanded="true"]').click();

  // A call to action: the event it would send, with its section's tracking name; no navigation.
  const events = page.getByRole('region', { name: 'Eventos que a página enviaria' });
  await expect(events).toContainText('agendamento_page');
  // The click also starts editing its label in place (issue 27.3): Esc leaves it as it was.
  await frame.getByRole('link', { name: 'Agendar agora' }).first().click();
  await expect(events).toContainText('HeroSectionT');
  await expect(events).toContainText('cta_click');
  await page.keyboard.press('Escape');
  expect(page.frames().find((f) => f.url().includes('/estudio/preview.html'))).toBeTruthy();

  // The popup, opened by the state control; an edit of its title in the form shows in it.
  await page.getByLabel('Estado').selectOption('popup');
  const dialog = frame.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Seu cilindro cheio, sem sair de casa');
  // The popup is the page's last block: the source's end shows its lines.
  await editorOf(page).click();
  await page.keyboard.press('Control+End');
  await editorOf(page).getByText('- type: popup').first().click();
  await page.getByRole('tab', { name: 'Formulário do bloco' }).click();
  const form = page.getByRole('region', { name: 'Formulário do bloco' });
  await form.getByRole('textbox', { name: /^Título do popup/ }).fill('Oferta editada no formulário');
  await expect(dialog).toContainText('Oferta editada no formulário');

  // Other states: the first FAQ answer, a paid-ad visitor (the popup is hidden for them).
  await page.getByLabel('Estado').selectOption('faq');
  await expect(frame.getByRole('dialog')).toHaveCount(0);
  await expect(frame.locator('[data-behavior="faq"] button[aria-expanded="true"]')).toHaveCount(1);
  await page.getByLabel('Estado').selectOption('pago');
  await expect(frame.locator('[data-hide-for="paidTraffic"]')).toHaveCount(0);
  await page.getByLabel('Estado').selectOption('pagina');
  await expect(frame.locator('[data-behavior="faq"] button[aria-expanded="true"]')).toHaveCount(0);

  expect(foreign).toEqual([]);
});

test('the slides and the consent banner are states of the preview', async ({ page }) => {
  test.setTimeout(90_000);
  await openPage(page, 'pages/recarregue.yaml');
  const frame = phone(page);
  const testimonials = frame.locator('[data-island="testimonials"]');
  const current = () => testimonials.locator('[aria-current="true"]').first().getAttribute('aria-label');
  await page.getByLabel('Estado').selectOption('slide-2');
  await expect(testimonials).toHaveAttribute('data-hydrated', 'true');
  await expect.poll(current).toMatch(/^Depoimento 2/);
  await page.getByLabel('Estado').selectOption('slide-3');
  await expect.poll(current).toMatch(/^Depoimento 3/);
  await page.getByLabel('Estado').selectOption('cookies');
  await expect(frame.getByRole('button', { name: 'Aceitar todos' })).toBeVisible();
  await page.getByLabel('Estado').selectOption('pagina');
  await expect(frame.getByRole('button', { name: 'Aceitar todos' })).toHaveCount(0);
});

test('the loading screen stays in its state, at 100 %, and an edit of its message shows in it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openPage(page, 'pages/recarregar-sodastream.yaml');
  const frame = phone(page);
  const overlay = frame.locator('[data-loading-overlay]');
  // On arrival it counts to 100 % and leaves, as on the site.
  await expect(overlay).toBeHidden({ timeout: 20_000 });
  await page.getByLabel('Estado').selectOption('carregamento');
  await expect(overlay).toBeVisible();
  await expect(overlay.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  // Longer than the site ever shows it (its safety cap, 6 s, then the fade): still there to edit.
  await page.waitForTimeout(7_000);
  await expect(overlay).toBeVisible();
  await editorOf(page).getByText('- type: loadingOverlay').first().click();
  await page.getByRole('tab', { name: 'Formulário do bloco' }).click();
  const form = page.getByRole('region', { name: 'Formulário do bloco' });
  await form.getByRole('textbox', { name: /Frase curta sob o logo/ }).fill('Quase pronto para você…');
  await expect(overlay).toContainText('Quase pronto para você…');
  await expect(overlay).toBeVisible();
  await page.getByLabel('Estado').selectOption('pagina');
  await expect(overlay).toBeHidden();
});
