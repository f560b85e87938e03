import type { ComponentType } from 'react';
import type { Static, TObject } from '@sinclair/typebox';
import type { Thing } from 'schema-dts';
import type { HasDefault } from '../../schema/shared.ts';

/**
 * When a block's code runs in the browser:
 * - false: never; the block is static HTML and ships no JavaScript;
 * - 'load': as soon as the page's script runs;
 * - 'idle': when the browser is idle;
 * - 'visible': when the block scrolls near the viewport;
 * - { afterMs }: that long after the page opened (a popup that appears later needs React only then).
 * React itself loads when the first island of the page is due, never before the first paint.
 */
export type HydrateStrategy = 'load' | 'idle' | 'visible' | { afterMs: number } | false;

/** Keys of an object schema whose property schema carries a default (see `withDefault`). */
type DefaultedKeys<S extends TObject> = {
  [K in keyof S['properties']]: S['properties'][K] extends HasDefault ? K : never;
}[keyof S['properties']];

/**
 * The props a block component receives: the schema's static type, where every
 * property that has a schema default is present (ajv fills it in before rendering),
 * plus the block's optional anchor `id`.
 */
export type BlockProps<S extends TObject> = Static<S> & {
  [K in DefaultedKeys<S> & keyof Static<S>]-?: Exclude<Static<S>[K], undefined>;
} & { id?: string };

export interface BlockExample<P> {
  /** Shown as the story name in Storybook (Portuguese). */
  name: string;
  props: P;
}

export interface BlockDefinition<S extends TObject = TObject> {
  /** The YAML `type`, identical to the block's folder name. */
  type: string;
  /** Portuguese name and description: editor hover help, docs, Storybook. */
  title: string;
  description: string;
  schema: S;
  component: ComponentType<BlockProps<S>>;
  hydrate: HydrateStrategy | ((props: BlockProps<S>) => HydrateStrategy);
  /**
   * The block is static HTML that the page script enhances with the plain-DOM behaviour of
   * blocks/<type>/<type>.behavior.ts (a function of the block's root element returning a
   * cleanup): interaction without React in the browser (decision 0011). A function decides per
   * instance (a navbar with only its logo needs nothing). Default: false.
   */
  behavior?: boolean | ((props: BlockProps<S>) => boolean);
  /**
   * The landmark the block belongs to. The runtime keeps YAML order inside each group and
   * lays the page out as header blocks, <main> with the content blocks, footer blocks, then
   * overlays (popups, floating buttons). Default: 'main'.
   */
  placement?: 'header' | 'main' | 'footer' | 'overlay';
  /** Valid props (checked against the schema by a test); they feed the stories. */
  examples: BlockExample<BlockProps<S>>[];
  /**
   * schema.org data (JSON-LD) the block adds to its page's <head>, built from the same props
   * it renders so the two never disagree (the faq block's FAQPage). undefined: none.
   */
  jsonLd?: (props: BlockProps<S>) => JsonLdThing | undefined;
  /**
   * The anchors (#id) the block gives its page, read from its props without rendering: a link to
   * /pagina#id or #id is checked against them (runtime/load/anchors.ts). Default: the block's own
   * `id`, which its component puts on its root element. false: none (the component does not
   * render its id: a header, a floating button, an overlay). A function: every id its component
   * renders from its props (the legal text's sections). A test renders every block's examples and
   * compares (tests/runtime/anchors.test.ts). The props may be unvalidated: read them with care.
   */
  anchors?: false | ((props: BlockProps<S>) => readonly (string | undefined)[]);
}

/** A schema.org node without its @context (the document adds it), typed by schema-dts. */
export type JsonLdThing = Exclude<Thing, string>;

export function defineBlock<S extends TObject>(definition: BlockDefinition<S>): BlockDefinition<S> {
  return definition;
}

/** The erased form the runtime iterates over. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyBlockDefinition = BlockDefinition<any>;

export function usesBehavior(def: AnyBlockDefinition, props: Record<string, unknown>): boolean {
  return typeof def.behavior === 'function' ? def.behavior(props) : Boolean(def.behavior);
}

export function hydrateStrategyOf(def: AnyBlockDefinition, props: Record<string, unknown>): HydrateStrategy {
  return typeof def.hydrate === 'function' ? def.hydrate(props) : def.hydrate;
}

/**
 * What a block instance runs in the browser, with the one precedence rule: an island (React,
 * its strategy) if it hydrates, else its plain-DOM behaviour if it declares one, else nothing.
 * The page markup, the client bundle and the generated docs all ask this.
 */
export type ClientCode =
  { kind: 'island'; strategy: Exclude<HydrateStrategy, false> } | { kind: 'behavior' } | { kind: 'none' };

export function clientCodeOf(def: AnyBlockDefinition, props: Record<string, unknown>): ClientCode {
  const strategy = hydrateStrategyOf(def, props);
  if (strategy) return { kind: 'island', strategy };
  return usesBehavior(def, props) ? { kind: 'behavior' } : { kind: 'none' };
}
