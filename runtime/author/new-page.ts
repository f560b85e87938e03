/**
 * `npm run new-page -- <endereco> [--from <pagina>]`: writes pages/<endereco>.yaml, either a
 * small valid page (navbar, hero, footer) or a variant that `extends` another page, with
 * commented examples of what a variant can change. The file validates and builds as written.
 */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { load } from 'js-yaml';
import {
  isVariant,
  pageNames,
  resolvePageName,
  listYamlFiles,
  loadProject,
  badRouteFileName,
  fileToRoute,
  isRouteFile,
  routeLimitProblem,
  schemaModeline,
} from '../load/index.ts';
import { blockList } from '../../blocks/index.ts';

/** A request the command refuses; the CLI prints message and hint. */
export class NewPageError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'NewPageError';
  }
}

export interface NewPageOptions {
  root: string;
  pagesDir: string;
  /** "promo-inverno", "/campanhas/inverno" */
  route: string;
  /** The page to extend, as written after `extends:`. */
  from?: string;
}

export interface NewPageResult {
  /** Relative to root: "pages/promo-inverno.yaml". */
  file: string;
  route: string;
  text: string;
}

/** At most 60 characters of what the author typed, in a message. */
const clip = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);

export async function createPage(options: NewPageOptions): Promise<NewPageResult> {
  const { root, pagesDir } = options;
  const files = await listYamlFiles(pagesDir);
  const relFile = routeFile(options.route);
  const route = fileToRoute(relFile);
  const taken = files.find((f) => isRouteFile(f) && fileToRoute(f) === route);
  if (taken) {
    throw new NewPageError(
      `O endereço ${route} já existe: pages/${taken}.`,
      'Escolha outro endereço, ou edite o arquivo que já existe.',
    );
  }

  const modeline = schemaModeline(relFile);
  let text: string;
  if (options.from === undefined) {
    text = starterPage(modeline);
  } else {
    const base = resolvePageName(options.from, files);
    const available = `Páginas disponíveis: ${pageNames(files).join(', ')}.`;
    if ('error' in base) {
      if (base.error === 'not-a-page')
        throw new NewPageError(`"${clip(options.from)}" não é uma página.`, available);
      throw new NewPageError(
        `A página "${clip(options.from)}" não existe.${base.suggestion ? ` Você quis dizer "${base.suggestion}"?` : ''}`,
        available,
      );
    }
    const baseName = base.file.replace(/\.yaml$/, '').replace(/\/index$/, '');
    let data: unknown;
    try {
      data = load(await readFile(path.join(pagesDir, base.file), 'utf8'));
    } catch {
      // An unreadable base still gets its variant; `npm run check` then points at the base.
    }
    if (isVariant(data)) {
      // A variant of a variant: list the blocks of the base as merged.
      const only = [path.relative(root, path.join(pagesDir, base.file))];
      data = await loadProject({ root, pagesDir, blocks: blockList, only }).then(
        (project) => project.pages[0]?.model,
        () => undefined,
      );
    }
    text = variantPage(modeline, baseName, data);
  }

  const abs = path.join(pagesDir, relFile);
  await mkdir(path.dirname(abs), { recursive: true });
  await writeFile(abs, text, { flag: 'wx' });
  return { file: path.relative(root, abs).split(path.sep).join('/'), route, text };
}

/** "/Campanhas/inverno/" → "campanhas/inverno.yaml", refusing what cannot be an address. */
function routeFile(input: string): string {
  const clean = input
    .trim()
    .replace(/^\/+|\/+$/g, '')
    .replace(/^pages\//, '')
    .replace(/\.ya?ml$/, '');
  if (clean === '') {
    throw new NewPageError(
      'Informe o endereço da página nova, ex.: npm run new-page -- promo-inverno',
      'A página inicial (/) já existe: pages/index.yaml.',
    );
  }
  if (clean.split('/').some((s) => s.startsWith('_'))) {
    throw new NewPageError(
      `"${clip(input)}" começa com "_": arquivos assim não viram endereço no site.`,
      'Use só letras minúsculas sem acento, números e hífens, ex.: promo-inverno.',
    );
  }
  const file = `${clean}.yaml`;
  // Past the limits, before anything touches the file system (a name over 255 bytes would fail there).
  const limit = routeLimitProblem(file);
  if (limit !== undefined) {
    throw new NewPageError(limit, 'Use um endereço mais curto, ex.: promo-inverno ou campanhas/inverno.');
  }
  const bad = badRouteFileName(file);
  if (bad !== undefined) {
    const slug = clean
      .split('/')
      .map((s) =>
        s
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-+|-+$/g, ''),
      )
      .join('/');
    const fixed = slug && badRouteFileName(`${slug}.yaml`) === undefined ? ` Você quis dizer "${slug}"?` : '';
    throw new NewPageError(
      `"${clip(bad)}" não serve para endereço de página.${fixed}`,
      'Use só letras minúsculas sem acento, números e hífens, ex.: promo-inverno ou campanhas/inverno.',
    );
  }
  return file;
}

function starterPage(modeline: string): string {
  return `${modeline}
# Página nova. Guia: docs/autoria.md · Referência dos blocos: docs/blocos.md
title: Nova página | Fillgás
description: Troque por um resumo de até 170 caracteres, que aparece no Google e ao compartilhar o link.
blocks:
  - type: navbar

  - type: hero
    title: Título principal da página
    subtitle: Uma ou duas frases que explicam a oferta para o visitante.
    cta:
      label: Agendar pelo WhatsApp

  - type: footer
`;
}

function variantPage(modeline: string, baseName: string, base: unknown): string {
  const blocks = (base as { blocks?: unknown } | undefined)?.blocks;
  const list = Array.isArray(blocks) ? (blocks as { type?: unknown; id?: unknown }[]) : [];
  const count = (type: unknown) => list.filter((b) => b?.type === type).length;
  const names = list.map((b) =>
    typeof b?.id === 'string' ? b.id : count(b?.type) === 1 ? String(b?.type) : undefined,
  );
  const listing = list
    .map((b, i) =>
      typeof b?.id === 'string' ? `${b.id} (${String(b.type)})` : (names[i] ?? `${String(b?.type)} (sem id)`),
    )
    .join(', ');
  const changeId = names.find((n, i) => n && list[i]?.type === 'hero') ?? names.find(Boolean) ?? 'hero';
  const withId = list.filter((b) => typeof b?.id === 'string');
  const removeId = String(
    (withId.find((b) => b.type === 'testimonials') ?? withId.at(-1))?.id ?? 'depoimentos',
  );
  return `${modeline}
# Variante de pages/${baseName}.yaml: herda a página inteira; escreva abaixo só o que muda.
# Guia: docs/autoria.md · Referência dos blocos: docs/blocos.md
extends: ${baseName}
${listing ? `# Blocos de ${baseName}: ${listing}.\n` : ''}
# Exemplos: tire o "# " do começo das linhas para usar.
# title: Outro título para o Google e a aba do navegador
# change:               # muda só algumas propriedades de um bloco
#   ${changeId}:
#     title: Um título diferente para esta campanha
# remove:               # blocos da base que esta variante não mostra
#   - ${removeId}
`;
}
