/**
 * Keyboard and motion, in a real browser on the built site: Tab reaches every visible
 * control of every route with a visible focus ring, the controls work from the keyboard,
 * the popup traps and returns focus, and prefers-reduced-motion stops the motion.
 */
import { expect, reduceTransparency, test, type Page } from './site-test.ts';
import { TABBABLE } from '../../runtime/client/focus.ts';
import { ALL_ROUTES } from './routes.ts';
import { allowPerRoute, noteStorageAtStart, visitFresh } from './one-page.ts';
import { advanceTo, popupHydrated } from './popup-clock.ts';
import { isPhone, onDesktop, onPhone, pageStarted } from './projects.ts';

const routes = ALL_ROUTES;

/**
 * Marks every control a visitor can see and tab to (links, buttons, summaries, fields, tabindex ≥ 0)
 * with data-kb, and returns their names.
 */
async function markControls(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const visible = (el: Element) => {
      if (el.closest('[inert], [aria-hidden="true"]')) return false;
      const rects = el.getClientRects();
      if (rects.length === 0) return false;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || Number(style.opacity) === 0) return false;
      // The skip link waits above the page until it is focused: it counts.
      return (
        el.classList.contains('skip-link') ||
        [...rects].some((r) => r.width > 0 && r.height > 0 && r.bottom > -1 && r.right > 0)
      );
    };
    const names: string[] = [];
    document.querySelectorAll(selector).forEach((el, i) => {
      if (!visible(el)) return;
      el.setAttribute('data-kb', String(i));
      names.push(
        `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`,
      );
    });
    return names;
  }, TABBABLE);
}

/** Tabs through the page once; returns the data-kb of each control reached and whether its focus was visible. */
async function tabThrough(page: Page, max: number) {
  const reached: { kb: string | null; name: string; ring: boolean }[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const info = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const s = getComputedStyle(el);
      const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
      const shadow = s.boxShadow !== 'none';
      return {
        kb: el.getAttribute('data-kb'),
        name: `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`,
        ring: el.matches(':focus-visible') && (outline || shadow),
      };
    });
    if (!info) break;
    if (reached.length > 0 && info.kb !== null && info.kb === reached[0]!.kb) break;
    reached.push(info);
  }
  return reached;
}

// Every route on one page, each a fresh load as a first visit (one-page.ts).
test('Tab reaches every visible control of every route, each with a visible focus ring', async ({ page }) => {
  allowPerRoute(routes.length, 30_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await noteStorageAtStart(page);
  for (const route of routes) {
    await test.step(route, async () => {
      await visitFresh(page, route);
      await pageStarted(page);
      const controls = await markControls(page);
      expect(controls.length).toBeGreaterThan(0);
      const reached = await tabThrough(page, controls.length + 20);
      const reachedIds = new Set(reached.map((r) => r.kb));
      const names = await page.evaluate(() =>
        Object.fromEntries(
          [...document.querySelectorAll('[data-kb]')].map((el) => [
            el.getAttribute('data-kb'),
            el.outerHTML.slice(0, 80),
          ]),
        ),
      );
      const missed = Object.keys(names).filter((kb) => !reachedIds.has(kb));
      expect(missed.map((kb) => names[kb])).toEqual([]);
      expect(reached.filter((r) => !r.ring).map((r) => r.name)).toEqual([]);
      // The first Tab lands on the skip link, which takes focus to the content.
      expect(reached[0]!.name).toContain('Pular para o conteúdo');
    });
  }
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/agendamento');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Pular para o conteúdo' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#conteudo')).toBeFocused();
});

test('closing the chat shortcut from the keyboard leaves focus on the control before it, not the page', async ({
  page,
}) => {
  // Phones have the sticky bar, computers the side button; both sit after the footer.
  const [behavior, name] = isPhone(page)
    ? ['stickyCta', 'Fechar barra do WhatsApp']
    : ['sideChat', 'Fechar botão do WhatsApp'];
  await page.goto('/agendamento');
  await expect(page.locator(`[data-behavior="${behavior}"]`)).toHaveAttribute('data-enhanced', 'true');
  const close = page.getByRole('button', { name });
  await close.focus();
  const before = await page.evaluate(() => window.scrollY);
  await page.keyboard.press('Enter');
  await expect(close).toBeHidden();
  const focused = await page.evaluate(() => {
    const el = document.activeElement!;
    return { tag: el.tagName, inFooter: !!el.closest('footer') };
  });
  expect(focused).toEqual({ tag: 'A', inFooter: true });
  expect(await page.evaluate(() => window.scrollY)).toBe(before); // the page does not jump
});

test('the FAQ opens and closes with Enter and Space, and arrows move between questions', async ({ page }) => {
  await page.goto('/agendamento');
  const faq = page.locator('[data-behavior="faq"]');
  await faq.scrollIntoViewIfNeeded();
  await expect(faq).toHaveAttribute('data-enhanced', 'true');
  const questions = faq.locator('button[aria-expanded]');
  await questions.first().focus();
  await page.keyboard.press('Enter');
  await expect(questions.first()).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Space');
  await expect(questions.first()).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowDown');
  await expect(questions.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(questions.last()).toBeFocused();
});

// The menu button exists on phones: skipped on the desktop before a context and page are made.
test.describe(() => {
  test.skip(onDesktop, 'the menu button exists on phones');
  test('the phone menu opens from the keyboard, and Escape closes it and returns focus to its button', async ({
    page,
  }) => {
    await page.goto('/agendamento');
    const nav = page.locator('[data-behavior="navbar"]');
    await expect(nav).toHaveAttribute('data-enhanced', 'true');
    const toggle = page.getByRole('button', { name: 'Abrir menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const close = page.getByRole('button', { name: 'Fechar menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveText(/Benefícios/);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Abrir menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

test('the popup takes focus, keeps Tab and Shift+Tab inside, and gives focus back on Escape', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/agendamento');
  await popupHydrated(page);
  const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await advanceTo(page, 30_500);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toBeFocused();
  for (const key of [
    'Tab',
    'Tab',
    'Tab',
    'Tab',
    'Tab',
    'Tab',
    'Shift+Tab',
    'Shift+Tab',
    'Shift+Tab',
    'Shift+Tab',
  ]) {
    await page.keyboard.press(key);
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await page.clock.runFor(1_000);
  await expect(dialog).toBeHidden();
  await expect(skip).toBeFocused();
});

/** Animations running forever (floating, bobbing) and their count. */
const endlessAnimations = (page: Page) =>
  page.evaluate(
    () =>
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations === Infinity)
        .length,
  );

/** A transition or animation the page started, and its length. */
interface Motion {
  what: string;
  seconds: number;
}

/**
 * Runs in the page before its own scripts: records, into `window.__motion`, every CSS transition
 * and animation that starts, with the length its computed style gives it.
 */
function recordMotion() {
  const motion: Motion[] = [];
  (window as unknown as { __motion: Motion[] }).__motion = motion;
  const lengthOf = (names: string, durations: string, name: string) => {
    const list = names.split(',').map((n) => n.trim());
    const times = durations.split(',');
    const at = list.indexOf(name) >= 0 ? list.indexOf(name) : Math.max(0, list.indexOf('all'));
    return parseFloat(times[at % times.length]!);
  };
  const where = (event: Event) => {
    const el = event.target as Element;
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}`;
  };
  addEventListener(
    'transitionrun',
    (event) => {
      const style = getComputedStyle(event.target as Element, event.pseudoElement || null);
      motion.push({
        what: `${where(event)} transition ${event.propertyName}`,
        seconds: lengthOf(style.transitionProperty, style.transitionDuration, event.propertyName),
      });
    },
    true,
  );
  addEventListener(
    'animationstart',
    (event) => {
      const style = getComputedStyle(event.target as Element, event.pseudoElement || null);
      motion.push({
        what: `${where(event)} animation ${event.animationName}`,
        seconds: lengthOf(style.animationName, style.animationDuration, event.animationName),
      });
    },
    true,
  );
}

test.describe('prefers-reduced-motion', () => {
  // It sets its own 1280 × 800 screen, so the desktop project's run is the check; the phone
  // project's would repeat it (its touch and mobile flags change nothing in the animation, which
  // depends on the width and the motion setting alone): skipped there before anything starts.
  test.describe(() => {
    test.skip(onPhone, 'sets its own desktop screen: run once, on the desktop project');
    test('stops the floating cylinders of /recarregar-sodastream, which move otherwise', async ({
      browser,
    }) => {
      // Both settings side by side, each page read at the same states of its own rather than after
      // a fixed time: the cylinders' bob at two drawn frames at least 400 ms of the page's own
      // timeline apart (a loaded machine draws later, and the reading waits for it), then their
      // parallax once a wheel's scroll has ended and been drawn.
      const watch = async (reducedMotion: 'no-preference' | 'reduce') => {
        const context = await browser.newContext({ reducedMotion, viewport: { width: 1280, height: 800 } });
        const page = await context.newPage();
        await page.goto('/recarregar-sodastream');
        // The page script has set the parallax up (its scroll listener), and the loading overlay
        // has left (with motion it locks the scroll until then; reduced, it leaves at once).
        await expect(page.locator('[data-behavior="hero"][data-enhanced]')).toBeAttached();
        await expect(page.locator('[data-loading-overlay]')).toHaveAttribute('data-state', 'gone', {
          timeout: 10_000,
        });
        await expect(page.locator('[data-parallax]')).toHaveCount(4);
        const bob = await page.evaluate(async () => {
          const frame = () => new Promise((drawn) => requestAnimationFrame(drawn));
          const now = () => document.timeline.currentTime as number;
          const cylinders = [...document.querySelectorAll('[data-parallax] > [data-picture]')];
          const read = () => cylinders.map((el) => getComputedStyle(el).transform);
          await frame();
          const [start, first] = [now(), read()];
          for (let frames = 0; frames < 2 || now() - start < 400; frames++) await frame();
          return { first, second: read() };
        });
        await page.evaluate(() => {
          const w = window as unknown as { __scrollEnded?: Promise<unknown> };
          w.__scrollEnded = new Promise((ended) => addEventListener('scrollend', ended, { once: true }));
        });
        await page.mouse.move(640, 400);
        await page.mouse.wheel(0, 200);
        await page.evaluate(async () => {
          await (window as unknown as { __scrollEnded: Promise<unknown> }).__scrollEnded;
          await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
        });
        const scrolled = await page.evaluate(() => window.scrollY);
        const parallax = await page
          .locator('[data-parallax]')
          .evaluateAll((els) => els.map((el) => (el as HTMLElement).style.transform));
        const moving = (await endlessAnimations(page)) > 0;
        await context.close();
        return { moving, bob, scrolled, parallax };
      };
      const [motion, reduced] = await Promise.all([watch('no-preference'), watch('reduce')]);
      expect(motion.moving, 'no-preference').toBe(true);
      expect(reduced.moving, 'reduce').toBe(false);
      // With motion each cylinder was somewhere else 400 ms later, and the scroll moved each by its
      // parallax (0.2 + 0.1 × index of the scroll).
      expect(motion.bob.first).toHaveLength(4);
      motion.bob.first.forEach((at, i) =>
        expect(motion.bob.second[i], `no-preference: cylinder ${i} bobs`).not.toBe(at),
      );
      expect(motion.scrolled, 'no-preference: the wheel scrolled').toBeGreaterThan(0);
      expect(motion.parallax).toEqual(
        [0.2, 0.3, 0.4, 0.5].map(
          (f) => `translate3d(0px, ${Math.round(motion.scrolled * f * 10) / 10}px, 0px)`,
        ),
      );
      // Reduced: still at both readings, and not shifted by the same scroll.
      expect(reduced.bob.first, 'reduce: no bob').toEqual(['none', 'none', 'none', 'none']);
      expect(reduced.bob.second, 'reduce: still no bob').toEqual(reduced.bob.first);
      expect(reduced.scrolled, 'reduce: the wheel scrolled').toBeGreaterThan(0);
      expect(reduced.parallax, 'reduce: no parallax').toEqual(['', '', '', '']);
    });
  });

  test('shows the hero and the revealed sections at once, with no transition running', async ({
    browser,
  }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await reduceTransparency(page); // as the page fixture's (site-test.ts): the wheel scrolls the header
    await page.addInitScript(recordMotion);
    for (const route of ['/recarregar-sodastream', '/agendamento']) {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.mouse.wheel(0, 1500);
      // The wheel's scroll has landed and the page has drawn it (the header's change of colour
      // starts then), rather than a fixed wait: on a loaded machine a frame can come late.
      await expect.poll(() => page.evaluate(() => window.scrollY), { message: route }).toBeGreaterThan(0);
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      // Nothing a visitor could see moved since the page started: every transition or animation
      // lasts the reduced-motion rule's 0.01 ms (design/global-styles.ts), not its usual length.
      const seen = await page.evaluate(() => (window as unknown as { __motion: Motion[] }).__motion);
      expect(
        seen.filter((m) => m.seconds > 0.001).map((m) => `${m.what} ${m.seconds}s`),
        route,
      ).toEqual([]);
      // And none still runs: a 0.01 ms transition counts as running until the next frame is drawn,
      // which a loaded machine can delay, so this is the state reached, not a reading at a set time.
      await expect
        .poll(
          () =>
            page.evaluate(
              () =>
                document
                  .getAnimations()
                  .filter(
                    (a) =>
                      a.playState === 'running' && (a.effect?.getComputedTiming().duration as number) > 0,
                  ).length,
            ),
          { message: route },
        )
        .toBe(0);
      const h1Opacity = await page
        .getByRole('heading', { level: 1 })
        .evaluate((el) => getComputedStyle(el).opacity);
      expect(h1Opacity, route).toBe('1');
    }
    await context.close();
  });

  test('opens the popup without its animation', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto('/agendamento');
    await popupHydrated(page);
    await advanceTo(page, 30_500);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // Fully opaque within a few frames (the animation it replaces lasts 200–300 ms): the clock
    // advances one frame per poll, since on a loaded machine the first frame can come late.
    let frames = 0;
    await expect
      .poll(async () => {
        await page.clock.runFor(16);
        frames += 1;
        return dialog.evaluate((el) => getComputedStyle(el).opacity);
      })
      .toBe('1');
    expect(frames).toBeLessThanOrEqual(8); // well under the 200–300 ms animation (12+ frames)
    expect(await dialog.evaluate((el) => getComputedStyle(el).transform)).toMatch(
      /^(none|matrix\(1, 0, 0, 1, 0, 0\))$/,
    );
    await context.close();
  });
});
