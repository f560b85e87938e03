/**
 * The 'Páginas' section: every route file of pages/ rendered whole, so a designer reviews a
 * page or a variant as a visitor meets it. Each pages/<name>.yaml becomes its own story file
 * (page-indexer.ts), so a new page shows up by itself. The page comes from page-data.ts: read,
 * merged with its base when it `extends:` one, validated and filled with defaults exactly as
 * the build does. It is laid out as runtime/render/render-page.tsx lays it out (skip link, header
 * blocks, <main>, footer, overlays), with every block a live React component, so islands (menu,
 * accordion, popup, sliders) are interactive.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { SESSION_FLAGS } from '../schema/constants.ts';
import { BlockProviders } from '../runtime/block-api.ts';
import { blockMap } from '../blocks/index.ts';
import type { BlockInstance, PageModel } from '../runtime/load/index.ts';
import type { PageData } from './page-data.ts';
import { pageMetaId, pageRoute, pageTitle } from './page-index.ts';
import { site } from './project.ts';

type Placement = 'header' | 'main' | 'footer' | 'overlay';

export interface PageViewProps {
  /** The page file, relative to the project root: "pages/agendamento.yaml". */
  file: string;
  /** The validated page (blocks with their defaults), editable in the Controls panel. */
  page?: PageModel;
  /** Why the page could not be loaded, in the words of `npm run check`. */
  problems?: string;
}

function Block({ block }: { block: BlockInstance }) {
  const { type, hideFor, ...props } = block;
  const def = blockMap.get(type);
  if (!def) return <p role="alert">{`Tipo de bloco desconhecido: ${type}`}</p>;
  const Component = def.component;
  // What a visitor from paid traffic does not see is marked the way the built page marks it.
  return hideFor ? (
    <div data-hide-for={hideFor}>
      <Component {...props} />
    </div>
  ) : (
    <Component {...props} />
  );
}

/** A whole page, or its problems. */
export function PageView({ file, page, problems }: PageViewProps) {
  if (!page) {
    return (
      <main style={{ padding: 24 }}>
        <h1>Esta página tem problemas</h1>
        <p>Corrija o arquivo (o mesmo texto aparece em npm run check):</p>
        <pre style={{ whiteSpace: 'pre-wrap' }}>{problems}</pre>
      </main>
    );
  }
  const groups: Record<Placement, ReactNode[]> = { header: [], main: [], footer: [], overlay: [] };
  page.blocks.forEach((block, index) => {
    const placement = blockMap.get(block.type)?.placement ?? 'main';
    groups[placement].push(<Block key={index} block={block} />);
  });
  return (
    <BlockProviders site={site} page={{ route: pageRoute(file) }}>
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      {groups.header}
      <main id="conteudo" tabIndex={-1}>
        {groups.main}
      </main>
      {groups.footer}
      {groups.overlay}
    </BlockProviders>
  );
}

/** Every visit in these stories is a first one: no popup closed, no bar dismissed yet. */
const freshVisit = () => {
  for (const flag of SESSION_FLAGS) sessionStorage.removeItem(flag);
};

export function pageMeta(data: PageData): Meta<typeof PageView> {
  return {
    title: pageTitle(data.file),
    id: pageMetaId(data.file),
    component: PageView,
    args: data.ok ? { file: data.file, page: data.model } : { file: data.file, problems: data.problems },
    argTypes: {
      file: { control: false, description: 'Arquivo da página.' },
      page: {
        control: 'object',
        description:
          'A página já validada, com os valores padrão preenchidos. Edite aqui para experimentar; para valer no site, edite o arquivo.',
      },
      problems: { control: false, table: { disable: true } },
    },
    beforeEach: freshVisit,
    parameters: { controls: { expanded: false }, page: { file: data.file, route: pageRoute(data.file) } },
    tags: ['!autodocs'],
  };
}

export type PageStory = StoryObj<typeof PageView>;

export function pageStory(viewport: 'desktop' | 'phone', name: string): PageStory {
  return { name, globals: { viewport: { value: viewport, isRotated: false } } };
}
