/**
 * The review's report for designers (Portuguese): index.html with the stories whose pixels
 * changed (before, after, difference), the new and the removed ones, and the one-line summary
 * the command prints.
 */

export interface StoryInfo {
  id: string;
  /** 'Blocos/Faixa de chamada' */
  title: string;
  /** 'Primária: faixa clara' */
  name: string;
}

export interface Changed extends StoryInfo {
  pixels: number;
  share: number;
}

export interface Review {
  /** What the working tree is compared with: 'a1b2c3d (Subject of the commit)'. */
  base: string;
  /** What was rendered as "after": 'a árvore de trabalho' or the same build again. */
  head: string;
  /** Which stories were rendered, in words: 'as 12 histórias que dependem dos 2 arquivos mudados'. */
  scope: string;
  /** How many stories were rendered at both versions. */
  rendered: number;
  total: number;
  changed: Changed[];
  added: StoryInfo[];
  removed: StoryInfo[];
  unchanged: StoryInfo[];
  seconds: number;
}

/** The images of a story in the report's folder. */
export const imageFiles = (id: string) => ({
  before: `img/${id}-antes.png`,
  after: `img/${id}-depois.png`,
  diff: `img/${id}-diferenca.png`,
});

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** "Faixa de chamada › Primária: faixa clara" (the section is left out of block names). */
export const storyLabel = (story: StoryInfo) => `${story.title.replace(/^Blocos\//, '')} › ${story.name}`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const percent = (share: number) =>
  share < 0.001 ? 'menos de 0,1%' : `${(share * 100).toFixed(1).replace('.', ',')}%`;

/** The line the command prints. */
export function summaryLine(review: Review, reportPath: string): string {
  const { changed, added, removed, total } = review;
  const names = changed.slice(0, 8).map(storyLabel);
  if (changed.length > 8) names.push(`e mais ${changed.length - 8}`);
  const head =
    changed.length === 0
      ? `Nenhuma de ${total} histórias mudou`
      : `${changed.length} de ${total} ${total === 1 ? 'história' : 'histórias'} ${changed.length === 1 ? 'mudou' : 'mudaram'}: ${names.join('; ')}`;
  const extra = [
    added.length ? plural(added.length, 'nova', 'novas') : '',
    removed.length ? plural(removed.length, 'removida', 'removidas') : '',
  ].filter(Boolean);
  return `${head}${extra.length ? ` (${extra.join(', ')})` : ''}. Relatório: ${reportPath} (${review.seconds} s)`;
}

function figure(caption: string, src: string, alt: string): string {
  return `<figure><figcaption>${caption}</figcaption><a href="${src}"><img src="${src}" alt="${escape(alt)}" loading="lazy"></a></figure>`;
}

function storyHeading(story: StoryInfo, note: string): string {
  return `<h3>${escape(storyLabel(story))}</h3><p class="meta"><code>${escape(story.id)}</code>${note}</p>`;
}

export function reportHtml(review: Review): string {
  const { changed, added, removed, unchanged } = review;
  const sections: string[] = [];
  if (changed.length) {
    sections.push(
      `<h2>Mudaram (${changed.length})</h2>`,
      ...changed.map((story) => {
        const files = imageFiles(story.id);
        const label = storyLabel(story);
        return `<article>${storyHeading(story, ` · ${story.pixels.toLocaleString('pt-BR')} pixels diferentes (${percent(story.share)})`)}<div class="trio">${figure('Antes', files.before, `${label}, antes`)}${figure('Depois', files.after, `${label}, depois`)}${figure('Diferença (em vermelho)', files.diff, `${label}, pixels que mudaram em vermelho`)}</div></article>`;
      }),
    );
  }
  if (added.length) {
    sections.push(
      `<h2>Novas (${added.length})</h2>`,
      ...added.map(
        (story) =>
          `<article>${storyHeading(story, '')}<div class="trio">${figure('Depois', imageFiles(story.id).after, `${storyLabel(story)}, nova`)}</div></article>`,
      ),
    );
  }
  if (removed.length) {
    sections.push(
      `<h2>Removidas (${removed.length})</h2>`,
      ...removed.map(
        (story) =>
          `<article>${storyHeading(story, '')}<div class="trio">${figure('Antes', imageFiles(story.id).before, `${storyLabel(story)}, removida`)}</div></article>`,
      ),
    );
  }
  if (unchanged.length) {
    sections.push(
      `<details><summary>Sem mudança (${unchanged.length})</summary><ul>${unchanged.map((s) => `<li>${escape(storyLabel(s))}</li>`).join('')}</ul></details>`,
    );
  }
  const headline =
    changed.length === 0 && added.length === 0 && removed.length === 0
      ? `Nenhuma das ${review.total} histórias mudou.`
      : `${changed.length} de ${review.total} ${review.total === 1 ? 'história' : 'histórias'} ${changed.length === 1 ? 'mudou' : 'mudaram'}` +
        `${added.length ? `, ${plural(added.length, 'nova', 'novas')}` : ''}` +
        `${removed.length ? `, ${plural(removed.length, 'removida', 'removidas')}` : ''}.`;
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Revisão visual das histórias</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; padding: 24px; max-width: 1500px; color: #1a1a1a; }
  h1 { margin: 0 0 8px; font-size: 1.6rem; }
  h2 { margin: 32px 0 8px; font-size: 1.3rem; border-bottom: 1px solid #ccc; }
  h3 { margin: 24px 0 0; font-size: 1.05rem; }
  .meta { margin: 0 0 8px; color: #555; font-size: 0.9rem; }
  .trio { display: grid; grid-template-columns: repeat(auto-fit, minmax(280px, 1fr)); gap: 12px; align-items: start; }
  figure { margin: 0; }
  figcaption { font-weight: 600; font-size: 0.9rem; margin-bottom: 4px; }
  figure img { display: block; width: 100%; height: auto; max-height: 1600px; object-fit: contain; object-position: top; border: 1px solid #bbb; background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
  a:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
  code { font-size: 0.85rem; }
</style>
</head>
<body>
<main>
<h1>Revisão visual das histórias</h1>
<p><strong>${escape(headline)}</strong></p>
<p>Antes: ${escape(review.base)}. Depois: ${escape(review.head)}.</p>
<p>Renderizadas nas duas versões: ${escape(review.scope)}; as demais não dependem de nenhum arquivo mudado. Cada história foi aberta no Chromium na largura dela (computador 1280 px, celular 375 px), já parada (animações no fim), e comparada pixel a pixel. Clique numa imagem para vê-la em tamanho real. Feito em ${review.seconds} s.</p>
${sections.join('\n')}
</main>
</body>
</html>
`;
}
