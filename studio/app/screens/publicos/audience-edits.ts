/**
 * Públicos edits pages/_site.yaml's `audiences:` node by node, as Experimentos edits
 * `experiments:` (studio/yaml-edits.ts, shared/site-edits.ts): a new rule is its own lines at the end of the list, a
 * changed rule has only the values that changed replaced in place, a rule moves with its
 * comments, a removed rule takes its own lines. Comments and every other byte stay as written.
 */
import { isMap, parseDocument } from 'yaml';
import { moveItem, removeItemWithComments, removeKey, setValue } from '../../../yaml-edits.ts';
import { CONDITION_KEYS, readAudiences, type AudienceRule, type AudienceWhen } from '../../../audiences.ts';
import { appendListItem, appendTopLevel, apply, hasTopLevelKey } from '../../shared/site-edits.ts';

type NewRule = Omit<AudienceRule, 'index'>;

/** The rule as plain data, its keys in the written order (route, page, when's keys in CONDITION_KEYS' order). */
function ruleData(rule: NewRule): Record<string, unknown> {
  const when: Record<string, unknown> = {};
  for (const key of CONDITION_KEYS) if (rule.when[key] !== undefined) when[key] = rule.when[key];
  return { route: rule.route, page: rule.page, when };
}

/** A new rule at the end of `audiences:` (the key is added at the end of the file when missing). */
export function addAudience(text: string, rule: NewRule): string {
  const appended = appendListItem(text, 'audiences', ruleData(rule));
  if (appended !== undefined) return appended;
  if (hasTopLevelKey(text, 'audiences')) {
    // `audiences: []`, a flow list or an empty key: the rules are written whole in its place.
    const rules = readAudiences(text).map(({ route, page, when }) => ({ route, page, when }));
    return addAudienceBlock(apply(text, removeKey(text, ['audiences'])), [...rules, rule]);
  }
  return addAudienceBlock(text, [rule]);
}

/** Said above a new `audiences:` key, for the next person who opens the file. */
export const AUDIENCES_COMMENT =
  '# Públicos: quem chega por um anúncio vê a página feita para ele (docs/autoria.md, "Públicos").\n';

/** `audiences:` with these rules, appended at the end of the text. */
function addAudienceBlock(text: string, rules: NewRule[]): string {
  return appendTopLevel(text, { audiences: rules.map(ruleData) }, AUDIENCES_COMMENT);
}

/**
 * Changes rule `index` into `rule`: the route and page replaced in place when they differ, each
 * condition set or removed by itself (new ones first, so `when:` is never left empty).
 */
export function changeAudience(text: string, index: number, rule: NewRule): string {
  const current = readAudiences(text)[index];
  if (!current) return text;
  let next = text;
  if (current.route !== rule.route)
    next = apply(next, setValue(next, ['audiences', index, 'route'], rule.route));
  if (current.page !== rule.page) next = apply(next, setValue(next, ['audiences', index, 'page'], rule.page));
  const whenNode = parseDocument(next).getIn(['audiences', index, 'when'], true);
  if (!isMap(whenNode)) {
    // No map to edit (a hand-written mistake): `when:` is written whole.
    const data = ruleData(rule).when;
    return apply(next, setValue(next, ['audiences', index, 'when'], data));
  }
  for (const key of CONDITION_KEYS) {
    const value = rule.when[key];
    if (value !== undefined && value !== current.when[key])
      next = apply(next, setValue(next, ['audiences', index, 'when', key], value));
  }
  // Keys the rule no longer has (also ones the Estúdio does not know, which the check refuses).
  const written = (
    parseDocument(next).getIn(['audiences', index, 'when']) as { toJSON?: () => unknown }
  )?.toJSON?.() as Record<string, unknown> | undefined;
  for (const key of Object.keys(written ?? {}))
    if (
      !(CONDITION_KEYS as readonly string[]).includes(key) ||
      rule.when[key as keyof AudienceWhen] === undefined
    )
      next = apply(next, removeKey(next, ['audiences', index, 'when', key]));
  return next;
}

/** Moves rule `from` to position `to` of `audiences:`, its comments along. */
export function moveAudience(text: string, from: number, to: number): string {
  return apply(text, moveItem(text, ['audiences'], from, to));
}

/** Removes rule `index` with its comments (the `audiences:` key goes with the last one). */
export function removeAudience(text: string, index: number): string {
  if (readAudiences(text).length <= 1) return apply(text, removeKey(text, ['audiences']));
  return apply(text, removeItemWithComments(text, ['audiences'], index));
}

/**
 * The position to move rule `index` to so that it goes one place up (-1) or down (+1) among the
 * rules of its own route (the only order that matters); undefined at the ends.
 */
export function neighbourOf(text: string, index: number, direction: -1 | 1): number | undefined {
  const rules = readAudiences(text);
  const route = rules[index]?.route;
  if (route === undefined) return undefined;
  const same = rules.filter((r) => r.route === route).map((r) => r.index);
  const at = same.indexOf(index);
  return same[at + direction];
}
