/** Accessibility check of rendered markup with axe-core, for jsdom tests. */
import axe from 'axe-core';
import { expect } from 'vitest';

const rules: axe.RuleObject = {
  // Needs real layout and painted colours, which jsdom does not have (contrast is checked
  // in the browser by Storybook's a11y addon and the e2e tests).
  'color-contrast': { enabled: false },
};

/** axe's whole answer on `container` (colour contrast aside), with the helpers below while it runs. */
export async function axeResults(container: axe.ElementContext): Promise<axe.AxeResults> {
  const restoreRules = onlyRulesThatCanMatch();
  const restoreStyles = computedStylesKept();
  const restoreSelectors = selectorMatchesKept();
  try {
    return await axe.run(container, { rules });
  } finally {
    restoreSelectors();
    restoreStyles();
    restoreRules();
  }
}

/** Fails with each violation's rule and elements when axe finds any; else answers axe's results. */
export async function expectNoAxeViolations(container: axe.ElementContext): Promise<axe.AxeResults> {
  const results = await axeResults(container);
  const report = results.violations
    .map((v) => `${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.html}`).join('\n')}`)
    .join('\n');
  expect(results.violations, report).toEqual([]);
  return results;
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
    const cssRules = sheet.cssRules;
    if (list.length !== cssRules.length) continue;
    const kept = list.filter((_, i) => canMatch(cssRules.item(i)!, classes));
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
  const needs = classesNeeded(selector);
  return needs === null || needs.some((part) => part.every((name) => classes.has(name)));
}

/** The selectors seen, each with the classes every part of its list needs (null: it may match anyway). */
const classesOfSelectors = new Map<string, string[][] | null>();

/**
 * For each selector of a list, the classes it names outside parentheses (lower case), which an
 * element must all have for that selector to match; null for a selector this reading cannot vouch
 * for (pseudo-elements, attribute selectors, escapes or quotes). A test file meets the same
 * selectors at every check of its stories, so each is read once.
 */
function classesNeeded(selector: string): string[][] | null {
  let needs = classesOfSelectors.get(selector);
  if (needs !== undefined) return needs;
  if (/[\\[\]"']|::|:(before|after|first-line|first-letter)/i.test(selector)) needs = null;
  else {
    let outside = selector;
    for (let prev = ''; prev !== outside;) {
      prev = outside;
      outside = outside.replace(/\([^()]*\)/g, '');
    }
    needs = outside
      .split(',')
      .map((part) => [...part.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map(([, name]) => name!.toLowerCase()));
  }
  classesOfSelectors.set(selector, needs);
  return needs;
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

/** The part of jsdom's selector engine (@asamuzakjp/dom-selector) that computed styles use. */
interface DomSelector {
  check: (
    selector: string,
    node: object,
    opt?: object,
  ) => { match: boolean; ast: unknown; pseudoElement: unknown };
  /** Takes an implementation object; answers with the DOM objects (wrappers) that match. */
  querySelectorAll: (selector: string, node: object) => object[];
  /** The id, class and tag each selector of a list names for its subject (null when none). */
  extractSubjects: (selector: string) => { id: unknown; className: unknown; tag: unknown }[];
}

/**
 * While axe runs, the selectors jsdom asks about most are answered without asking its selector
 * engine about each element. To compute an element's style, jsdom asks the engine whether each
 * rule's selector matches that element (`check`), and each call sets the engine up afresh. It skips
 * the rules whose selectors name an id, class or tag the element lacks; the others cost:
 *
 * - a selector that names none for its subject (jsdom's own `[hidden]:not(…)`, `:focus-visible`,
 *   `:dir(rtl)`, or a list with one such selector) is asked about every element of the page;
 * - a selector with combinators (`.x li a`, `table[rules=all i] > tbody > tr`) walks the tree at
 *   each call, as long as a pass over the whole document.
 *
 * Their matches are found by `querySelectorAll` over the document (the same engine on the same
 * unchanging DOM; a list's selectors one by one): the first kind at once, the second from its
 * second call. Every later call is answered from that set, with the selector's parsed form taken
 * from the engine's first answer that matched (jsdom computes the rule's specificity from it).
 *
 * A selector list with a pseudo-element (`*, *::before, *::after`, `:popover-open::backdrop`)
 * never applies in jsdom: the engine's check reports the pseudo-element whatever the element, and
 * jsdom's computed style then ignores the rule. The engine is asked once; if it says the rule
 * applies, the selector is left to it.
 *
 * Left to the engine element by element: every other selector, any selector that
 * `querySelectorAll` cannot run, and elements that are not in the document's tree.
 */
export function selectorMatchesKept(): () => void {
  const impl = implSymbol(document);
  const documentImpl =
    impl && (document as unknown as Record<symbol, { _getDOMSelector?: () => DomSelector }>)[impl];
  const engine = documentImpl?._getDOMSelector?.();
  if (!impl || !documentImpl || !engine || !Object.hasOwn(engine, 'check')) return () => {};
  if (typeof engine.extractSubjects !== 'function') return () => {};
  const check = engine.check;
  const implsOf = (wrappers: object[]) => wrappers.map((w) => (w as Record<symbol, object>)[impl]!);
  const inDocument = new Set(implsOf(engine.querySelectorAll('*', documentImpl)));
  /** Per selector: its matches, 'engine' (ask it), 'never', or the calls made before a pass. */
  const plans = new Map<string, Set<object> | 'engine' | 'never' | 'pseudo' | number>();
  const matched = new Map<string, { match: true; ast: unknown; pseudoElement: null }>();
  const unmatched = { match: false, ast: null, pseudoElement: null };
  engine.check = (selector, node, opt) => {
    let plan = plans.get(selector);
    if (plan === undefined) plans.set(selector, (plan = firstPlan(selector)));
    if (plan === 'never') return unmatched;
    if (plan === 'engine' || !inDocument.has(node)) return check(selector, node, opt);
    if (plan === 'pseudo') {
      const answer = check(selector, node, opt);
      plans.set(selector, answer.match && !answer.pseudoElement ? 'engine' : 'never');
      return answer;
    }
    if (typeof plan === 'number') {
      plans.set(selector, plan + 1 < PASS_AT_CALL ? plan + 1 : onePass(selector));
      return check(selector, node, opt);
    }
    if (!plan.has(node)) return unmatched;
    let answer = matched.get(selector);
    if (!answer) {
      const first = check(selector, node, opt);
      // Not what the document pass said: this selector is left to the engine from now on.
      if (!first.match || first.pseudoElement) {
        plans.set(selector, 'engine');
        return first;
      }
      matched.set(selector, (answer = { match: true, ast: first.ast, pseudoElement: null }));
    }
    return answer;
  };
  function firstPlan(selector: string) {
    if (/["'\\]/.test(selector)) return 'engine';
    if (selector.includes('::')) return 'pseudo';
    if (/:(before|after|first-line|first-letter)\b/i.test(selector)) return 'engine';
    const subjects = engine!.extractSubjects(selector);
    if (subjects.some((s) => !s.id && !s.className && !s.tag)) return onePass(selector);
    return hasCombinator(selector) ? 0 : 'engine';
  }
  function onePass(selector: string): Set<object> | 'engine' {
    const found = new Set<object>();
    try {
      // A list matches what any of its selectors matches; the engine is quicker with each alone.
      for (const part of selectorList(selector))
        for (const node of implsOf(engine!.querySelectorAll(part, documentImpl!))) found.add(node);
    } catch {
      return 'engine';
    }
    return found;
  }
  return () => {
    engine.check = check;
  };
}

/** The call of a selector with combinators at which its matches are found over the document. */
const PASS_AT_CALL = 2;

/** Whether a selector (without quotes) has a combinator outside parentheses and brackets. */
function hasCombinator(selector: string): boolean {
  let outside = selector;
  for (let prev = ''; prev !== outside;) {
    prev = outside;
    outside = outside.replace(/\([^()]*\)|\[[^[\]]*\]/g, '');
  }
  return selectorList(outside).some((part) => /[\s>+~]/.test(part));
}

/**
 * The selectors of a selector list (without quotes or backslashes): split at its top-level commas,
 * outside parentheses and brackets.
 */
function selectorList(selector: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i]!;
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(selector.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(selector.slice(start).trim());
  return parts;
}

/** jsdom's implementation object behind one of its DOM objects (its `impl` symbol). */
function implOf<T>(wrapper: object): T | undefined {
  const symbol = implSymbol(wrapper);
  return symbol ? (wrapper as Record<symbol, T>)[symbol] : undefined;
}

/** The symbol under which jsdom keeps a DOM object's implementation object. */
function implSymbol(wrapper: object): symbol | undefined {
  return Object.getOwnPropertySymbols(wrapper).find((s) => s.description === 'impl');
}
