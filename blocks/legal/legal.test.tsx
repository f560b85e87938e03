// @vitest-environment jsdom
import '../../tests/helpers/storybook.ts';
import { composeStories } from '@storybook/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { exampleProps } from '../../.storybook/controls.ts';
import { BlockProviders } from '../../runtime/render/index.ts';
import { createAjv } from '../../runtime/load/index.ts';
import type { Site } from '../../schema/site.ts';
import block from './index.ts';
import { parseInline } from './inline.ts';
import Legal, { assertUniqueIds } from './legal.tsx';
import { legalSchema } from './legal.schema.ts';
import * as stories from './legal.stories.tsx';

const composed = composeStories(stories);
const { Reembolso, Curto } = composed;
const reembolso = exampleProps(block, 'Política de Reembolso');
const site = parse(readFileSync('pages/_site.yaml', 'utf8')) as Site;

const POLICY_PAGES = ['politica-de-reembolso', 'politica-de-cancelamento', 'termos-de-uso'] as const;
const pageText = (name: (typeof POLICY_PAGES)[number]) => readFileSync(`pages/${name}.yaml`, 'utf8');

afterEach(cleanup);

describe('legal', () => {
  it('is static (no JavaScript)', () => {
    expect(block.hydrate).toBe(false);
  });

  it('shows the title as the h1, the update date and the intro with the brand from the site', () => {
    render(<Reembolso />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Política de Reembolso');
    expect(screen.getByText('Atualizada em novembro de 2026')).toBeTruthy();
    expect(document.body.textContent).toContain(`todos os agendamentos feitos com a ${site.brand}.`);
    expect(document.body.textContent).not.toContain('{marca}');
  });

  it('has a table of contents linking every section by its id, in order and numbered', () => {
    render(<Reembolso />);
    const toc = screen.getByRole('navigation', { name: 'Nesta página' });
    const links = within(toc).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(reembolso.sections.map((s) => `#${s.id}`));
    expect(links.map((a) => a.textContent)).toEqual(
      reembolso.sections.map((s, i) => `${i + 1}.${s.heading}`),
    );
    for (const section of reembolso.sections) {
      const target = document.getElementById(section.id)!;
      expect(target.tagName).toBe('SECTION');
      expect(within(target).getByRole('heading', { level: 2 }).textContent).toContain(section.heading);
    }
  });

  it('leaves the numbers out when numbered is false', () => {
    render(<Curto />);
    const toc = screen.getByRole('navigation', { name: 'Nesta página' });
    expect(
      within(toc)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Prazo para cancelar ou remarcar', 'Como cancelar ou remarcar']);
    expect(screen.getAllByRole('heading', { level: 2 })[1]!.textContent).toBe(
      'Prazo para cancelar ou remarcar',
    );
  });

  it('renders paragraphs, then the list, then the paragraphs after it', () => {
    render(<Reembolso />);
    const section = document.getElementById('como-pedir')!;
    const children = [...section.children].map((el) => el.tagName);
    expect(children).toEqual(['H2', 'P', 'UL', 'P']);
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['o número do pedido;', 'o motivo do pedido de reembolso.']);
  });

  it('shows the e-mail and the WhatsApp number from the site settings as links inside the text', () => {
    render(<Reembolso />);
    const section = document.getElementById('como-pedir')!;
    const mail = within(section).getByRole('link', { name: site.email });
    expect(mail.getAttribute('href')).toBe(`mailto:${site.email}`);
    const chat = within(section).getByRole('link', {
      name: new RegExp(site.phoneDisplay.replace(/[()]/g, '\\$&')),
    });
    const url = new URL(chat.getAttribute('href')!);
    expect(url.searchParams.get('phone')).toBe(site.phone);
    expect(url.searchParams.get('text')).toBe(site.messages.duvidas);
    expect(chat.getAttribute('target')).toBe('_blank');
    expect(chat.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('renders {empresa}, {cnpj}, {cidade} and {telefone} from the site settings', () => {
    const text = 'A {marca} ({empresa}, CNPJ {cnpj}, {cidade}) atende pelo {telefone}. {outro}';
    render(
      <BlockProviders site={site} page={{ route: '/termos-de-uso' }}>
        <Legal {...reembolso} sections={[{ id: 'teste', heading: 'Teste', paragraphs: [text] }]} />
      </BlockProviders>,
    );
    const p = document.querySelector('#teste p')!;
    expect(p.textContent).toBe(
      `A ${site.brand} (${site.legalName}, CNPJ ${site.taxId}, ${site.city}) atende pelo ${site.phoneDisplay}. {outro}`,
    );
    expect(
      within(p as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe(`tel:+${site.phone}`);
  });

  it('turns [texto](/pagina) into a link to the page', () => {
    render(<Reembolso />);
    const link = within(document.getElementById('reembolso-integral')!).getByRole('link', {
      name: 'Política de Cancelamento',
    });
    expect(link.getAttribute('href')).toBe('/politica-de-cancelamento');
    expect(link.hasAttribute('target')).toBe(false);
  });

  it('ends with a contact box: the duvidas chat link, the e-mail and the phone', () => {
    render(<Reembolso />);
    const box = screen.getByRole('region', { name: 'Precisa pedir um reembolso?' });
    const chat = within(box).getByRole('link', { name: /Falar no WhatsApp/ });
    expect(new URL(chat.getAttribute('href')!).searchParams.get('text')).toBe(site.messages.duvidas);
    expect(chat.getAttribute('target')).toBe('_blank');
    expect(
      within(box)
        .getByRole('link', { name: (n) => n.endsWith(site.email) })
        .getAttribute('href'),
    ).toBe(`mailto:${site.email}`);
    expect(
      within(box)
        .getByRole('link', { name: (n) => n.endsWith(site.phoneDisplay) })
        .getAttribute('href'),
    ).toBe(`tel:+${site.phone}`);
  });

  it('refuses two sections with the same id', () => {
    expect(() => assertUniqueIds([{ id: 'prazo' }, { id: 'foro' }, { id: 'prazo' }] as never)).toThrow(
      'Duas seções com o id "prazo"',
    );
  });

  describe('inline markup', () => {
    it('splits text, site values and links; unknown names stay text', () => {
      expect(
        parseInline('Escreva para {email} ou veja [a política](/politica-de-reembolso). {nada}'),
      ).toEqual([
        { kind: 'text', text: 'Escreva para ' },
        { kind: 'token', token: 'email' },
        { kind: 'text', text: ' ou veja ' },
        { kind: 'link', text: 'a política', href: '/politica-de-reembolso' },
        { kind: 'text', text: '. {nada}' },
      ]);
    });

    const validate = createAjv().compile(legalSchema);
    const withParagraph = (paragraph: string, id = 'secao') => ({
      title: 'T',
      sections: [{ id, heading: 'H', paragraphs: [paragraph] }],
    });

    it.each([
      'R$ 150, 99,9%: texto comum (com parênteses).',
      'Pelo e-mail {email} ou pelo WhatsApp {whatsapp}.',
      'Veja a [Política de Reembolso](/politica-de-reembolso#menos-de-24-horas) e [o prazo](#prazo).',
    ])('accepts %s', (text) => {
      expect(validate(withParagraph(text)), JSON.stringify(validate.errors)).toBe(true);
    });

    it.each([
      ['an unknown site value', 'Escreva para {e-mail}.'],
      ['a stray brace', 'Chaves { soltas }.'],
      ['an external link', '[site](https://exemplo.com)'],
      ['a protocol-relative link', '[site](//exemplo.com)'],
      ['a javascript: link', '[x](javascript:alert(1))'],
      ['a stray bracket', 'Colchete [solto.'],
    ])('refuses %s', (_what, text) => {
      expect(validate(withParagraph(text))).toBe(false);
    });

    it('refuses a section id that is not a lower-case anchor', () => {
      expect(validate(withParagraph('Texto.', 'Prazo de Análise'))).toBe(false);
    });
  });

  describe('the policy pages', () => {
    it('never repeat the e-mail, phone, legal name or tax id of _site.yaml', () => {
      for (const name of POLICY_PAGES) {
        const text = pageText(name);
        for (const value of [site.email, site.phone, site.phoneDisplay, site.legalName, site.taxId])
          expect(text, `${name} repete ${value}`).not.toContain(value);
      }
    });

    it('state the rules of spec §9 and the duties of §5', () => {
      const reembolsoText = pageText('politica-de-reembolso');
      const cancelamento = pageText('politica-de-cancelamento');
      const termos = pageText('termos-de-uso');
      const flat = (s: string) => s.replace(/\s+/g, ' ');
      for (const [text, phrases] of [
        [
          reembolsoText,
          [
            'pelo menos 24 horas de antecedência',
            '100% do valor pago',
            'falha do próprio serviço',
            'taxa de deslocamento',
            'até 3 dias úteis',
            'mesmo meio de pagamento',
            'o número do pedido',
            'o motivo do pedido de reembolso',
            '{whatsapp}',
            '{email}',
            'Não há produto físico para devolver',
          ],
        ],
        [
          cancelamento,
          [
            'pelo menos 24 horas de antecedência',
            'só é confirmado depois que o pagamento é confirmado',
            '{whatsapp}',
            '{email}',
            'não há devolução física de produto',
          ],
        ],
        [
          termos,
          [
            'informar dados corretos',
            'informar o endereço correto do atendimento',
            'ter o cilindro disponível para a recarga',
            'CO2 padrão de 60 litros',
            'R$ 150',
            'PRIMEIRA5',
            '5% de desconto',
            '(/politica-de-cancelamento)',
            '(/politica-de-reembolso)',
            'só é confirmado depois que o pagamento é confirmado',
            'foro da comarca de {cidade}',
          ],
        ],
      ] as const)
        for (const phrase of phrases) expect(flat(text)).toContain(phrase);
    });
  });
});
