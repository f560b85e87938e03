import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Import boundaries (docs/decisions/0016-runtime-stages.md). The runtime is laid out as its data
 * flow: load → render → build, with dev on top, author beside load, and client in the browser.
 * Each stage is entered through its index.ts; blocks and design see the runtime only through
 * runtime/block-api.ts (a behaviour through runtime/behavior-api.ts). Tests may reach inside.
 */
const STAGES = ['load', 'render', 'build', 'dev', 'author', 'experiments', 'edge', 'client'];
const TESTS = ['**/*.test.{ts,tsx}'];

const rule = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/** Outside runtime/, a stage is used through its entry (index.ts, or browser.ts in a browser bundle). */
const stageEntriesOnly = {
  regex: String.raw`(^|/|^\.\/)(load|render|build|dev|author|experiments|edge)/(?!index\.ts$|browser\.ts$)`,
  message:
    'Use the stage’s public entry (runtime/<stage>/index.ts, or <stage>/browser.ts in a browser bundle).',
};

/**
 * The Estúdio (docs/decisions/0043-estudio-rooms.md). studio/app/ is one folder per screen under
 * screens/, each entered through its index.ts, the parts several screens use in shared/, the shell
 * (main.tsx, app.tsx) at the top, and preview/, the code that runs inside the preview frame (its
 * own bundle). studio/*.ts is what the app and the server share; neither imports the other.
 */
const SCREENS = [
  'paginas',
  'editor',
  'experimentos',
  'historico',
  'configuracoes',
  'publicar',
  'publicos',
  'previas',
  'agendamentos',
  'pedidos',
  'pessoas',
];
const noServerInApp = {
  regex: String.raw`^(\.\./)+server/`,
  message:
    'The browser app does not import the Estúdio’s server: the API’s types are in studio/api.ts, what both use in studio/*.ts.',
};
const previewProtocolOnly = {
  regex: String.raw`(^|/)preview/(?!states\.ts$)`,
  allowTypeImports: true,
  message:
    'preview/ runs inside the preview frame (its own bundle): the app takes from it only its message types (import type) and states.ts.',
};
const screenRules = (screen) => ({
  files: [`studio/app/screens/${screen}/**/*.{ts,tsx}`],
  ignores: TESTS,
  rules: rule(
    {
      regex: String.raw`^(\.\./)+(${SCREENS.filter((s) => s !== screen).join('|')})/(?!index\.ts$)`,
      message:
        'A screen is entered through its index.ts: import ../<screen>/index.ts, never the files beside it.',
    },
    {
      regex: String.raw`^(\.\./)+(app|main|session-bar)\.tsx$`,
      message: 'A screen does not import the app’s shell (app.tsx, main.tsx): the shell imports the screens.',
    },
    noServerInApp,
    previewProtocolOnly,
    stageEntriesOnly,
  ),
});

const blockApiOnly = {
  regex: String.raw`(^|/)runtime/(?!(block|behavior)-api\.ts$)`,
  message:
    'blocks/ and design/ import the runtime only through runtime/block-api.ts (a .behavior.ts through runtime/behavior-api.ts).',
};
const noReactInBehaviours = {
  regex: String.raw`(^|/)runtime/block-api\.ts$|^(react|react-dom|@emotion/react|framer-motion)(/|$)`,
  message:
    'A behaviour runs in the page script, without React: import runtime/behavior-api.ts, not the block API or React.',
};

/** From stage `from`: the stages it must not import at all, and every other stage only by index.ts. */
const stageRules = (from, forbidden) => ({
  files: [`runtime/${from}/**/*.{ts,tsx}`],
  ignores: TESTS,
  rules: rule(
    ...(forbidden.length
      ? [
          {
            regex: String.raw`^\.\./(${forbidden.join('|')})/`,
            message: `runtime/${from}/ must not import ${forbidden.map((s) => `${s}/`).join(', ')}: import arrows run one way (load → render → build → dev).`,
          },
        ]
      : []),
    {
      regex: String.raw`^\.\./(${STAGES.filter((s) => s !== from).join('|')})/(?!index\.ts$)`,
      message: 'Another stage is used through its public entry, ../<stage>/index.ts, never its internals.',
    },
  ),
});

export default tseslint.config(
  {
    ignores: [
      'dist',
      'storybook-static',
      'test-results',
      'playwright-report',
      'coverage',
      '.bench',
      '.tmp',
      '.netlify',
      'middleware.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['blocks/**/*.{ts,tsx}', 'design/**/*.{ts,tsx}'], ignores: TESTS, rules: rule(blockApiOnly) },
  { files: ['blocks/**/*.behavior.ts'], rules: rule(blockApiOnly, noReactInBehaviours) },
  stageRules('load', ['render', 'build', 'dev', 'author', 'client']),
  stageRules('render', ['build', 'dev', 'author']),
  stageRules('author', ['render', 'build', 'dev', 'client']),
  stageRules('build', ['dev', 'author']),
  stageRules('dev', ['author']),
  // Experiments read what load reads (the site's experiments) and nothing of rendering or building.
  stageRules('experiments', ['render', 'build', 'dev', 'author', 'client']),
  // The edge runs in a CDN's worker: only the manifest's types from build, nothing else.
  stageRules('edge', ['load', 'render', 'dev', 'author', 'experiments', 'client']),
  {
    files: ['runtime/client/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: rule({
      regex: String.raw`^\.\./(load|render|build|dev|author|experiments|edge)/`,
      message:
        'client/ runs in the visitor’s browser: from the rest of the runtime it may import ../block-api.ts only (no load, render, build, dev or author code).',
    }),
  },
  {
    // Everything else that uses the runtime: the CLI, scripts, Storybook, test servers, the schema.
    files: [
      'runtime/*.ts',
      'scripts/**/*.ts',
      '.storybook/**/*.{ts,tsx}',
      'tests/servers/**/*.ts',
      'schema/**/*.ts',
      'studio/**/*.{ts,tsx}',
      '*.ts',
    ],
    // The block API's two modules are the one window into the stages' internals.
    ignores: ['runtime/block-api.ts', 'runtime/behavior-api.ts'],
    rules: rule(stageEntriesOnly),
  },
  // The Estúdio. A file's last matching block sets its no-restricted-imports, so each repeats stageEntriesOnly.
  ...SCREENS.map(screenRules),
  {
    files: ['studio/app/shared/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: rule(
      {
        regex: String.raw`(^|/)screens/|^\.\./(app|main|session-bar)\.tsx$`,
        message: 'shared/ is what several screens use: it imports no screen and not the shell.',
      },
      noServerInApp,
      previewProtocolOnly,
      stageEntriesOnly,
    ),
  },
  {
    files: ['studio/app/*.{ts,tsx}'],
    // The app's Vite settings run in Node (the server and the hosted build): not part of the bundle.
    ignores: [...TESTS, 'studio/app/vite-config.ts'],
    rules: rule(
      {
        regex: String.raw`^\./screens/[^/]+/(?!index\.ts$)`,
        message: 'A screen is entered through its index.ts: import ./screens/<screen>/index.ts.',
      },
      noServerInApp,
      previewProtocolOnly,
      stageEntriesOnly,
    ),
  },
  {
    files: ['studio/app/preview/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: rule(
      {
        regex: String.raw`^\.\./(?!\.\./)`,
        message:
          'preview/ runs inside the preview frame, its own bundle: it imports nothing of the app (screens, shared/, the shell).',
      },
      noServerInApp,
      stageEntriesOnly,
    ),
  },
  {
    files: ['studio/server/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: rule(
      {
        regex: String.raw`^(\.\./)+app/(?!vite-config\.ts$)`,
        message:
          'The server does not import the browser app (only its Vite settings, app/vite-config.ts, to build and serve it): what both use lives in studio/*.ts.',
      },
      stageEntriesOnly,
    ),
  },
  {
    files: ['studio/*.{ts,tsx}'],
    ignores: TESTS,
    rules: rule(
      {
        regex: String.raw`^\./(app|server)/`,
        message: 'studio/*.ts is what the app and the server share: it imports neither.',
      },
      stageEntriesOnly,
    ),
  },
);
