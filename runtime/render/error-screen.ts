/**
 * The dev server's screen for a page whose rendering threw (spec §8: "Unexpected
 * Application Error!" with the message), naming the page and the block.
 */
import { escapeHtml } from './document.ts';
import { RenderError } from '../load/index.ts';

export function renderErrorScreen(error: unknown, devHead = ''): string {
  const cause = error instanceof RenderError ? error.cause : error;
  const message = cause instanceof Error ? cause.message : String(cause);
  const stack = cause instanceof Error ? (cause.stack ?? '') : '';
  const where =
    error instanceof RenderError
      ? `<p>Página <code>${escapeHtml(error.route)}</code> (<code>${escapeHtml(error.file)}</code>), bloco ${error.blockIndex + 1}: <code>${escapeHtml(error.blockType)}</code></p>`
      : '';
  return `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Unexpected Application Error!</title>${devHead}
<style>body{font-family:system-ui,sans-serif;padding:2rem;max-width:60rem;margin:auto;color:#1e293b}h2{color:#b91c1c}pre{padding:1rem;background:rgba(200,200,200,.3);overflow:auto;font-size:13px}code{background:rgba(200,200,200,.3);padding:0 .25em;border-radius:4px}</style></head>
<body>
<h2>Unexpected Application Error!</h2>
<h3 style="font-style:italic">${escapeHtml(message)}</h3>
${where}
<pre>${escapeHtml(stack)}</pre>
<p>Corrija o bloco e salve: a página recarrega sozinha.</p>
</body>
</html>
`;
}
