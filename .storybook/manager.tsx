/**
 * A 'Bloco' panel beside Controls: what the block of the current story is, in the words authors
 * read (its Portuguese title and description from blocks/<type>/index.ts, and the `type:` to
 * write in a page). The props themselves are described in the Controls panel, from the schema.
 */
// The manager bundle compiles JSX to React.createElement: React must be in scope.
import React from 'react';
import { AddonPanel } from 'storybook/internal/components';
import { addons, types, useParameter } from 'storybook/manager-api';

interface BlockParameter {
  type: string;
  title: string;
  description: string;
}

function BlockPanel() {
  const block = useParameter<BlockParameter | undefined>('block', undefined);
  const page = useParameter<{ file: string; route: string } | undefined>('page', undefined);
  if (page) {
    return (
      <p style={{ padding: '12px 16px', lineHeight: 1.5 }}>
        A página <code>{page.route}</code> inteira, do arquivo <code>{page.file}</code>, como o site a monta
        (variantes já juntadas à página base). Cada bloco aparece em Blocos com as suas variações.
      </p>
    );
  }
  if (!block) {
    return <p style={{ padding: '12px 16px' }}>Esta história não é de um bloco (identidade visual).</p>;
  }
  return (
    <div style={{ padding: '12px 16px', lineHeight: 1.5, maxWidth: '72ch' }}>
      <h2 style={{ margin: '0 0 4px', fontSize: 16 }}>{block.title}</h2>
      <p style={{ margin: '0 0 8px' }}>{block.description}</p>
      <p style={{ margin: 0 }}>
        Numa página: <code>{`- type: ${block.type}`}</code>. Cada propriedade, com a sua descrição e o valor
        padrão, está na aba Controls; a referência completa fica em docs/blocos.md.
      </p>
    </div>
  );
}

addons.register('fillgas/bloco', () => {
  addons.add('fillgas/bloco/panel', {
    type: types.PANEL,
    title: 'Bloco',
    match: ({ viewMode }) => viewMode === 'story',
    render: ({ active }) => (
      <AddonPanel active={Boolean(active)}>
        <BlockPanel />
      </AddonPanel>
    ),
  });
});
