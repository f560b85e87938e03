/** Accessibility check of rendered markup with axe-core, for jsdom tests. */
import axe from 'axe-core';
import { expect } from 'vitest';

const rules: axe.RuleObject = {
  // Needs real layout and painted colours, which jsdom does not have (contrast is checked
  // in the browser by Storybook's a11y addon and the e2e tests).
  'color-contrast': { enabled: false },
};

export async function expectNoAxeViolations(container: axe.ElementContext): Promise<void> {
  const restoreRules = onlyRulesThatCanMatch();
  const restoreStyles = computedStylesKept();
  let results: axe.AxeResults;
  try {
    results = await axe.run(container, { rules });
  } finally {
    restoreStyles();
    restoreRules();
  }
  const report = results.violations
    .map((v) => `${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.html}`).join('\n')}`)
    .join('\n');
  expect(results.violations, report).toEqual([]);
}

/**
 * axe asks jsdom for the computed style of every element it checks, and jsdom walks every rule of
 * every style sheet for each one. A test file's Emotion rules pile up in <head> (843 after the
 * stories), and most of that walk was spent on rules of other stories that match nothing on the
 * page. While axe runs (it does not change the DOM), each sheet holds only the rules that can
 * match an element of the document; the same rule objects are put back in their order after.
 *
 * A rule is set aside only when every selector of its list names, outside parentheses, a class no
 * element of the document has (a rule that can match no element changes no element's computed
 * style); an @media rule only when all its rules are style rules set aside so. Anything else is
 * kept: other at-rules, @media on orientation (axe's css-orientation-lock reads those), selectors
 * with pseudo-elements, attribute selectors, escapes or quotes. Without jsdom's rule lists (the
 * implementation object behind a sheet) nothing is set aside.
 */
function onlyRulesThatCanMatch(): () => void {
  const classes = new Set<string>();
  for (const el of document.querySelectorAll('[class]'))
    for (const name of el.classList) classes.add(name.toLowerCase());
  const swapped: { rules: { _list: unknown[] }; list: unknown[] }[] = [];
  for (const sheet of document.styleSheets) {
    const rules = implOf<{ cssRules?: { _list?: unknown } }>(sheet)?.cssRules;
    if (!rules || !Array.isArray(rules._list)) continue;
    // The implementation's list holds the objects behind sheet.cssRules, in the same order.
    const list = rules._list as unknown[];
    if (list.length !== sheet.cssRules.length) continue;
    const kept = list.filter((_, i) => canMatch(sheet.cssRules.item(i)!, classes));
    if (kept.length === list.length) continue;
    const ruleList = rules as { _list: unknown[] };
    ruleList._list = kept;
    swapped.push({ rules: ruleList, list });
  }
  return () => {
    for (const { rules, list } of swapped) rules._list = list;
  };
}

function canMatch(rule: CSSRule, classes: Set<string>): boolean {
  if (rule.type === CSSRule.STYLE_RULE) return selectorCanMatch((rule as CSSStyleRule).selectorText, classes);
  if (rule.type !== CSSRule.MEDIA_RULE) return true;
  const media = rule as CSSMediaRule;
  if (/orientation/i.test(media.media.mediaText)) return true;
  return Array.from({ length: media.cssRules.length }, (_, i) => media.cssRules.item(i)!).some(
    (inner) => inner.type !== CSSRule.STYLE_RULE || canMatch(inner, classes),
  );
}

function selectorCanMatch(selector: string, classes: Set<string>): boolean {
  if (/[\\[\]"']|::|:(before|after|first-line|first-letter)/i.test(selector)) return true;
  let outside = selector;
  for (let prev = ''; prev !== outside;) {
    prev = outside;
    outside = outside.replace(/\([^()]*\)/g, '');
  }
  return outside.split(',').some((part) => {
    for (const [, name] of part.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g))
      if (!classes.has(name!.toLowerCase())) return false;
    return true;
  });
}

/**
 * While axe runs, each element's computed style is computed once: axe asks for the same element's
 * style again and again (its own visibility checks walk up the ancestors for each rule), and jsdom
 * computes it afresh on every call. Nothing changes the DOM or the styles during the run, so the
 * answer of the first call is the answer of every later one; after the run the window's own
 * function is back.
 */
function computedStylesKept(): () => void {
  // Read and written back through the window's own property: the test environment may answer it
  // with a getter that returns whatever was last assigned.
  const original = window.getComputedStyle;
  const compute = original.bind(window);
  const kept = new WeakMap<Element, Map<string, CSSStyleDeclaration>>();
  window.getComputedStyle = (element: Element, pseudo?: string | null) => {
    let byPseudo = kept.get(element);
    if (!byPseudo) kept.set(element, (byPseudo = new Map()));
    const key = pseudo ?? '';
    let style = byPseudo.get(key);
    if (!style) byPseudo.set(key, (style = compute(element, pseudo)));
    return style;
  };
  return () => {
    window.getComputedStyle = original;
  };
}

/** jsdom's implementation object behind one of its DOM objects (its `impl` symbol). */
function implOf<T>(wrapper: object): T | undefined {
  const symbol = Object.getOwnPropertySymbols(wrapper).find((s) => s.description === 'impl');
  return symbol ? (wrapper as Record<symbol, T>)[symbol] : undefined;
}
