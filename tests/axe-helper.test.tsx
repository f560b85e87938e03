// @vitest-environment jsdom
/**
 * The axe check of the component tests and stories (tests/helpers/axe.ts) finds what axe finds
 * when every style sheet is whole: while it runs, the sheets hold only the rules that can match an
 * element of the page, and the rules of other components are put back after it; each element's
 * computed style is computed once during the run, and afresh again after it; the selectors jsdom
 * asks about every element (or that walk the tree) are matched over the page once, and element by
 * element again after it.
 */
import { css } from '@emotion/react';
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { expectNoAxeViolations } from './helpers/axe.ts';

afterEach(cleanup);

const hidden = css({ display: 'none' });
const elsewhere = css({ display: 'none', color: 'rgb(1, 2, 3)' });

/** Every rule of every sheet of the document, as objects. */
const allRules = () => [...document.styleSheets].flatMap((s) => Array.from(s.cssRules));

it('fails on an image without a text alternative, naming the rule and the element', async () => {
  const { container } = render(
    <main>
      <img src="/x.png" />
    </main>,
  );
  const failure = await expectNoAxeViolations(container).then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure).toMatch(/image-alt: Images must have alternative text/);
  expect(failure).toContain('<img src="/x.png">');
});

it('applies the rules that match the page: an unnamed button hidden by its class is not a violation, shown it is', async () => {
  // Another component's rule, in the sheet but matching nothing here.
  render(<p css={elsewhere}>outro</p>).unmount();
  const { container, rerender } = render(
    <main>
      <button css={hidden} />
    </main>,
  );
  const before = allRules();
  expect(before.some((r) => r.cssText.includes('rgb(1, 2, 3)'))).toBe(true);
  await expectNoAxeViolations(container);
  // The sheets are whole again: the very same rules, in the same order.
  expect(allRules()).toEqual(before);
  expect(allRules().every((r, i) => r === before[i])).toBe(true);

  rerender(
    <main>
      <button />
    </main>,
  );
  await expect(expectNoAxeViolations(container)).rejects.toThrow(/button-name/);
});

it('keeps a rule whose class is on an ancestor outside the checked element', async () => {
  const ancestor = css({ '& .cta': { display: 'none' } });
  const { container } = render(
    <div css={ancestor}>
      <main>
        <button className="cta" />
      </main>
    </div>,
  );
  await expectNoAxeViolations(container.querySelector('main')!);
});

it('computes styles afresh after the run: a style changed after the check is what the page reads', async () => {
  const { container } = render(
    <main>
      <p id="later">texto</p>
    </main>,
  );
  const p = container.querySelector<HTMLElement>('#later')!;
  expect(getComputedStyle(p).display).toBe('block');
  await expectNoAxeViolations(container);
  p.style.display = 'none';
  expect(getComputedStyle(p).display).toBe('none');
  expect(window.getComputedStyle(p).display).toBe('none');
});

it("answers jsdom's rules for every element and the rules with combinators from one pass over the page, as jsdom would", async () => {
  const menu = css({ '& li button': { display: 'none' } });
  const { container, rerender } = render(
    <main>
      <button hidden />
      <ul css={menu}>
        <li>
          <button />
        </li>
        <li>
          <button />
        </li>
      </ul>
    </main>,
  );
  // Hidden by the browser's own [hidden] rule and by a descendant selector asked about two buttons.
  await expectNoAxeViolations(container);

  rerender(
    <main>
      <button hidden />
      <ul>
        <li>
          <button />
        </li>
        <li>
          <button />
        </li>
      </ul>
    </main>,
  );
  await expect(expectNoAxeViolations(container)).rejects.toThrow(/button-name/);

  // After the check every element is matched on its own again: a change made now is seen.
  const shown = container.querySelector('li button')!;
  shown.setAttribute('hidden', '');
  expect(getComputedStyle(shown).display).toBe('none');
});

it('keeps what jsdom does with a selector list that has a pseudo-element: the rule applies to no element', async () => {
  // jsdom's computed style ignores such a rule (even for `.x`), so the button stays visible.
  const listWithPseudo = css({ '&, &::before': { display: 'none' } });
  const probe = render(<button css={listWithPseudo} />);
  expect(getComputedStyle(probe.container.querySelector('button')!).display).not.toBe('none');
  probe.unmount();
  // Buttons whose styles are first computed during the check.
  const { container } = render(
    <main>
      <button css={listWithPseudo} />
      <button css={listWithPseudo} />
    </main>,
  );
  const failure = await expectNoAxeViolations(container).then(
    () => '',
    (error: Error) => error.message,
  );
  // Both buttons named, as jsdom's own styles leave both visible.
  expect(failure).toMatch(/button-name/);
  expect(failure.match(/<button /g)).toHaveLength(2);
});
