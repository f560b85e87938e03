/**
 * The hosted Estúdio's Content-Security-Policy nonce (decision 0018): the server writes a new one
 * into the page on every answer, in `<meta property="csp-nonce" nonce="…">` (Vite's convention),
 * and allows style elements only with it. Emotion's cache (main.tsx) and CodeMirror
 * (EditorView.cspNonce, source-editor.tsx) put it on the style elements they add. Local mode has
 * no such meta and no such policy: undefined.
 */
export const cspNonce: string | undefined =
  document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;

/**
 * A rendered page for a `srcdoc` frame (the palette's thumbnails): such a frame inherits the app's
 * policy, so its `<style>` elements need the nonce too. Local mode: unchanged.
 */
export function withStyleNonce(html: string): string {
  return cspNonce ? html.replace(/<style(?=[\s>])/gi, `<style nonce="${cspNonce}"`) : html;
}
