// @vitest-environment jsdom
import '../../tests/helpers/storybook.ts';
import { composeStories } from '@storybook/react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { exampleProps } from '../../.storybook/controls.ts';
import { BlockProviders } from '../../runtime/render/index.ts';
import Faq, { answerParagraphs } from './faq.tsx';
import * as stories from './faq.stories.tsx';
import block from './index.ts';
import type { Site } from '../../schema/site.ts';

const composed = composeStories(stories);
const { Agendamento, Recarregue, PrimeiraAberta, SemJavaScript } = composed;
const agendamento = exampleProps(block, 'Agendamento: 9 perguntas e cartão de dúvidas');

afterEach(() => {
  cleanup();
  document.documentElement.classList.remove('js');
});

const questions = () => screen.getAllByRole('button').filter(isTrigger);
const isTrigger = (el: HTMLElement) => el.hasAttribute('aria-controls');
const panelOf = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-controls')!)!;
const expanded = () => questions().map((b) => b.getAttribute('aria-expanded') === 'true');

describe('faq', () => {
  it('has 9 questions for /agendamento and 6 for /recarregue', () => {
    expect(agendamento.items).toHaveLength(9);
    expect(exampleProps(block, 'Recarregue: 6 perguntas').items).toHaveLength(6);
  });

  it('is a section titled by its h2, with every question a heading that holds a button', () => {
    render(<Agendamento />);
    const section = screen.getByRole('region', { name: 'Dúvidas Comuns' });
    expect(section.id).toBe('duvidas');
    const headings = within(section).getAllByRole('heading', { level: 3 });
    const triggers = questions();
    expect(triggers).toHaveLength(9);
    triggers.forEach((button, i) => {
      expect(button.closest('h3')).toBe(headings[i]);
      expect(button.textContent).toBe(agendamento.items[i]!.question);
      expect(button.getAttribute('type')).toBe('button');
    });
  });

  it('links each button to its answer panel (aria-controls / role=region / aria-labelledby)', () => {
    render(<Agendamento />);
    for (const button of questions()) {
      const panel = panelOf(button);
      expect(panel.getAttribute('role')).toBe('region');
      expect(panel.getAttribute('aria-labelledby')).toBe(button.id);
    }
  });

  it('starts with every answer closed', () => {
    render(<Agendamento />);
    expect(expanded().every((open) => !open)).toBe(true);
    for (const button of questions()) expect(panelOf(button).dataset.open).toBe('false');
  });

  it('opens one answer at a time, and clicking the open one closes it', () => {
    render(<Agendamento />);
    const [first, second] = questions();
    fireEvent.click(first!);
    expect(expanded()).toEqual([true, false, false, false, false, false, false, false, false]);
    expect(panelOf(first!).dataset.open).toBe('true');
    expect(screen.getByRole('region', { name: agendamento.items[0]!.question })).toBe(panelOf(first!));

    fireEvent.click(second!);
    expect(expanded()).toEqual([false, true, false, false, false, false, false, false, false]);
    expect(panelOf(first!).dataset.open).toBe('false');
    expect(panelOf(second!).dataset.open).toBe('true');

    fireEvent.click(second!);
    expect(expanded().every((open) => !open)).toBe(true);
  });

  it('opens with the keyboard (native button) and moves between questions with arrows, Home and End', () => {
    render(<Agendamento />);
    const triggers = questions();
    triggers[0]!.focus();
    fireEvent.keyDown(triggers[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(triggers[1]);
    fireEvent.keyDown(triggers[1]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(triggers[0]);
    fireEvent.keyDown(triggers[0]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(triggers[8]);
    fireEvent.keyDown(triggers[8]!, { key: 'Home' });
    expect(document.activeElement).toBe(triggers[0]);
    fireEvent.keyDown(triggers[0]!, { key: 'End' });
    expect(document.activeElement).toBe(triggers[8]);
    fireEvent.keyDown(triggers[8]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(triggers[0]);
  });

  it('hides closed answers only when html has the js class', () => {
    render(<Recarregue />);
    const panel = panelOf(questions()[0]!);
    // The story sets html.js, as the page does before first paint.
    expect(document.documentElement.classList.contains('js')).toBe(true);
    expect(getComputedStyle(panel).visibility).toBe('hidden');
    fireEvent.click(questions()[0]!);
    expect(getComputedStyle(panel).visibility).not.toBe('hidden');
    cleanup();

    render(<SemJavaScript />);
    expect(document.documentElement.classList.contains('js')).toBe(false);
    for (const button of questions()) {
      const p = panelOf(button);
      expect(p.hasAttribute('hidden')).toBe(false);
      expect(getComputedStyle(p).visibility).not.toBe('hidden');
    }
  });

  it('puts every answer in the server HTML, none of them hidden by an attribute', async () => {
    const { parse } = await import('yaml');
    const { readFileSync } = await import('node:fs');
    const site = parse(readFileSync('pages/_site.yaml', 'utf8')) as Site;
    const html = renderToString(
      <BlockProviders site={site} page={{ route: '/agendamento' }}>
        <Faq {...agendamento} />
      </BlockProviders>,
    );
    for (const item of agendamento.items)
      for (const paragraph of answerParagraphs(item.answer))
        expect(html).toContain(paragraph.replace(/&/g, '&amp;'));
    expect(html).not.toMatch(/\shidden[\s=>]/);
  });

  it('turns line breaks of an answer into paragraphs', () => {
    expect(answerParagraphs('Primeiro.\nSegundo.\n\n  Terceiro.  \n')).toEqual([
      'Primeiro.',
      'Segundo.',
      'Terceiro.',
    ]);
    render(<Agendamento />);
    const panel = panelOf(questions()[2]!);
    expect(panel.querySelectorAll('p')).toHaveLength(2);
  });

  it('shows the "Ainda tem dúvidas?" card with the duvidas chat link tracked as FAQSectionT', () => {
    render(<Agendamento />);
    const title = screen.getByRole('heading', { name: 'Ainda tem dúvidas?' });
    const link = within(title.parentElement!).getByRole('link', { name: /Tirar Dúvidas/ });
    const url = new URL(link.getAttribute('href')!);
    expect(url.origin + url.pathname).toBe('https://api.whatsapp.com/send');
    expect(url.searchParams.get('text')).toBe('Olá! Tenho uma dúvida sobre o processo de recarga de CO2.');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.dataset.track).toBe('FAQSectionT');
  });

  it('has no card when the page gives none', () => {
    render(<Recarregue />);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('the "primeira pergunta aberta" story opens the first question', async () => {
    await PrimeiraAberta.run();
    expect(expanded()[0]).toBe(true);
  });
});
