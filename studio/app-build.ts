/**
 * Names of the Estúdio's browser app that its server and its Vite settings (app/vite-config.ts)
 * share. Apart from those settings, which load Vite and its React plugin: an Estúdio serving a
 * built app from its kept bundle loads no Vite at all (decision 0039, session 26).
 */

/** The app's page, relative to the project root. */
export const APP_HTML = 'studio/app/index.html';

/** Where the hosted Estúdio serves the app's built files from (hashed names, cached for good). */
export const APP_ASSETS_DIR = 'app';

/**
 * Vite puts this in the built page as `nonce="…"` on its tags and in
 * `<meta property="csp-nonce">`; the hosted server replaces it with a new nonce on every answer,
 * and the app reads it there for the style elements Emotion and CodeMirror add (studio/app/shared/csp-nonce.ts).
 */
export const CSP_NONCE_PLACEHOLDER = '__ESTUDIO_CSP_NONCE__';
