// @vitest-environment jsdom
import '../../tests/helpers/storybook.ts';
import { composeStories } from '@storybook/react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import block from './index.ts';
import { hydrateStrategyOf } from '../../runtime/load/index.ts';
import { initialsOf, wrapIndex } from './testimonials.tsx';
import * as stories from './testimonials.stories.tsx';

const composed = composeStories(stories);
const { Agendamento, TomEscuro, FundoCinza, Slider, SliderUltimo } = composed;

afterEach(cleanup);

describe('testimonials', () => {
  it('shows three quotes, each attributed to its author, place and customer age', () => {
    render(<Agendamento />);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const first = items[0]!;
    expect(first.querySelector('blockquote')!.textContent).toMatch(/^“Eu perdia uma manhã inteira/);
    expect(first.querySelector('cite')!.textContent).toBe('Mariana Souza');
    expect(first.querySelector('figcaption .meta')!.textContent).toBe('Barueri · Cliente desde 2023');
  });

  it('reads each rating as text ("Nota 5 de 5"), not as five images', () => {
    render(<TomEscuro />);
    const ratings = screen.getAllByRole('img').map((el) => el.getAttribute('aria-label'));
    expect(ratings).toEqual(['Nota 5 de 5', 'Nota 4 de 5', 'Nota 5 de 5']);
  });

  it('fills as many stars as the rating', () => {
    render(<TomEscuro />);
    const stars = screen.getByRole('img', { name: 'Nota 4 de 5' }).querySelectorAll('svg');
    expect([...stars].map((s) => s.classList.contains('off'))).toEqual([false, false, false, false, true]);
  });

  it('draws initials on a coloured circle instead of a photo', () => {
    render(<TomEscuro />);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    const circles = items.map((li) => li.querySelector('figcaption [aria-hidden="true"]')!.textContent);
    // The first author chose "PC"; the others are derived from the name.
    expect(circles).toEqual(['PC', 'JR', 'CN']);
    expect(screen.queryByRole('img', { name: /foto/i })).toBeNull();
  });

  it('derives initials from the first and last names', () => {
    expect(initialsOf('Mariana Souza')).toBe('MS');
    expect(initialsOf('ana')).toBe('A');
    expect(initialsOf('Carlos Eduardo Nunes')).toBe('CN');
    expect(initialsOf('Élida de Ávila')).toBe('ÉÁ');
  });

  it('shows the average rating as text when given, and not otherwise', () => {
    render(<Agendamento />);
    expect(screen.getByText('4,8/5').closest('p')!.textContent).toBe('4,8/5 de média nas avaliações');
    cleanup();
    render(<FundoCinza />);
    expect(screen.queryByText('4,8/5')).toBeNull();
  });

  it('links the anchor id to the section, named by its heading', () => {
    render(<Agendamento id="depoimentos" />);
    expect(screen.getByRole('region', { name: 'Quem recarrega com a Fillgás recomenda' }).id).toBe(
      'depoimentos',
    );
  });

  describe('slider layout', () => {
    const region = () => screen.getByRole('region', { name: 'Depoimentos de clientes' });
    const slides = () => within(region()).getAllByRole('group', { hidden: true });
    const dots = () => [1, 2, 3].map((n) => screen.getByRole('button', { name: `Depoimento ${n} de 3` }));
    const current = () => dots().map((d) => d.getAttribute('aria-current'));
    const live = () => region().querySelector('[aria-live]')!.textContent;

    it('hydrates only as a slider: the grid stays static HTML', () => {
      expect(hydrateStrategyOf(block, { layout: 'slider' })).toBe('visible');
      expect(hydrateStrategyOf(block, { layout: 'grid' })).toBe(false);
    });

    it('shows one testimonial at a time, labelled "Depoimento n de 3", the others hidden', () => {
      render(<Slider />);
      expect(region().getAttribute('aria-roledescription')).toBe('carrossel');
      expect(slides().map((s) => s.getAttribute('aria-label'))).toEqual([
        'Depoimento 1 de 3',
        'Depoimento 2 de 3',
        'Depoimento 3 de 3',
      ]);
      expect(slides().map((s) => s.dataset.active)).toEqual(['true', 'false', 'false']);
      expect(slides().map((s) => s.getAttribute('aria-hidden'))).toEqual([null, 'true', 'true']);
      expect(current()).toEqual(['true', null, null]);
    });

    it('wraps at both ends: next on the last goes to the first, previous on the first to the last', () => {
      render(<Slider />);
      const next = screen.getByRole('button', { name: 'Próximo depoimento' });
      const previous = screen.getByRole('button', { name: 'Depoimento anterior' });
      fireEvent.click(previous);
      expect(region().dataset.slide).toBe('2');
      expect(current()).toEqual([null, null, 'true']);
      expect(live()).toBe('Depoimento 3 de 3');
      fireEvent.click(next);
      expect(region().dataset.slide).toBe('0');
      expect(live()).toBe('Depoimento 1 de 3');
      fireEvent.click(next);
      fireEvent.click(next);
      expect(region().dataset.slide).toBe('2');
      fireEvent.click(next);
      expect(region().dataset.slide).toBe('0');
    });

    it('dots jump straight to their testimonial', () => {
      render(<Slider />);
      fireEvent.click(dots()[2]!);
      expect(region().dataset.slide).toBe('2');
      expect(current()).toEqual([null, null, 'true']);
      expect(slides()[2]!.getAttribute('aria-hidden')).toBeNull();
      fireEvent.click(dots()[1]!);
      expect(current()).toEqual([null, 'true', null]);
    });

    it('answers arrow keys (wrapping) and a horizontal swipe', () => {
      render(<Slider />);
      fireEvent.keyDown(dots()[0]!, { key: 'ArrowLeft' });
      expect(region().dataset.slide).toBe('2');
      fireEvent.keyDown(dots()[0]!, { key: 'ArrowRight' });
      expect(region().dataset.slide).toBe('0');
      const stage = slides()[0]!.parentElement!;
      fireEvent.pointerDown(stage, { pointerId: 3, pointerType: 'touch', clientX: 300, clientY: 100 });
      fireEvent.pointerUp(stage, { pointerId: 3, pointerType: 'touch', clientX: 120, clientY: 110 });
      expect(region().dataset.slide).toBe('1');
      fireEvent.pointerDown(stage, { pointerId: 4, pointerType: 'touch', clientX: 100, clientY: 100 });
      fireEvent.pointerUp(stage, { pointerId: 4, pointerType: 'touch', clientX: 300, clientY: 100 });
      expect(region().dataset.slide).toBe('0');
    });

    it('the "previous on the first" story lands on the last', async () => {
      const { container } = render(<SliderUltimo />);
      await act(() => SliderUltimo.play!({ canvasElement: container } as never));
      expect(region().dataset.slide).toBe('2');
    });

    it('wraps indexes', () => {
      expect(wrapIndex(-1, 3)).toBe(2);
      expect(wrapIndex(3, 3)).toBe(0);
      expect(wrapIndex(1, 3)).toBe(1);
    });
  });
});
