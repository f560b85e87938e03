// @vitest-environment jsdom
import '../../tests/helpers/storybook.ts';
import { composeStories } from '@storybook/react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import Gallery, { chunk, slideLabel } from './gallery.tsx';
import * as stories from './gallery.stories.tsx';
import block from './index.ts';
import { swipeDirection } from './swipe.ts';

const composed = composeStories(stories);
const { Recarregue, TomEscuro, SegundoSlide, UltimoSlide } = composed;
const recarregue = block.examples[0]!.props;

afterEach(cleanup);

const carousel = () => screen.getByRole('region', { name: 'Galeria de imagens' });
const slides = () => within(carousel()).getAllByRole('group', { hidden: true });
const next = () => screen.getByRole('button', { name: 'Próximas imagens' });
const previous = () => screen.getByRole('button', { name: 'Imagens anteriores' });
const live = () => carousel().querySelector('[aria-live]')!;

describe('gallery', () => {
  it('groups nine images into three slides of three, each labelled by its range', () => {
    render(<Recarregue />);
    expect(carousel().getAttribute('aria-roledescription')).toBe('carrossel');
    expect(slides().map((s) => s.getAttribute('aria-label'))).toEqual([
      'Imagens 1 a 3 de 9',
      'Imagens 4 a 6 de 9',
      'Imagens 7 a 9 de 9',
    ]);
    for (const s of slides()) expect(s.querySelectorAll('img')).toHaveLength(3);
  });

  it('gives every image its alt text, width and height; only the first slide loads eagerly', () => {
    render(<Recarregue />);
    const imgs = [...carousel().querySelectorAll('img')];
    expect(imgs).toHaveLength(9);
    for (const img of imgs) {
      expect(img.getAttribute('alt')!.length).toBeGreaterThan(30);
      expect(img.getAttribute('width')).toBe('480');
      expect(img.getAttribute('height')).toBe('360');
    }
    expect(imgs.map((img) => img.getAttribute('loading'))).toEqual([
      null,
      null,
      null,
      ...Array(6).fill('lazy'),
    ]);
  });

  it('moves three images per slide and stops at both ends', () => {
    render(<Recarregue />);
    const track = carousel().querySelector<HTMLElement>('[id$="track"]')!;
    expect(previous().getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(previous());
    expect(carousel().dataset.slide).toBe('0');

    fireEvent.click(next());
    expect(carousel().dataset.slide).toBe('1');
    expect(track.style.transform).toBe('translateX(-100%)');
    expect(live().textContent).toBe('Imagens 4 a 6 de 9');
    expect(previous().getAttribute('aria-disabled')).toBe('false');

    fireEvent.click(next());
    expect(track.style.transform).toBe('translateX(-200%)');
    expect(live().textContent).toBe('Imagens 7 a 9 de 9');
    expect(next().getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(next());
    expect(carousel().dataset.slide).toBe('2');

    fireEvent.click(previous());
    expect(carousel().dataset.slide).toBe('1');
  });

  it('hides the slides out of view from screen readers once it works, and only then', () => {
    const html = renderToString(<Gallery {...recarregue} />);
    expect(html).not.toContain('aria-hidden="true" data-active');
    render(<Recarregue />);
    expect(slides().map((s) => s.getAttribute('aria-hidden'))).toEqual([null, 'true', 'true']);
    fireEvent.click(next());
    expect(slides().map((s) => s.getAttribute('aria-hidden'))).toEqual(['true', null, 'true']);
  });

  it('answers the arrow keys, Home and End when focus is inside', () => {
    render(<Recarregue />);
    const view = carousel().querySelector<HTMLElement>('[tabindex="0"]')!;
    fireEvent.keyDown(view, { key: 'ArrowRight' });
    expect(carousel().dataset.slide).toBe('1');
    fireEvent.keyDown(next(), { key: 'End' });
    expect(carousel().dataset.slide).toBe('2');
    fireEvent.keyDown(view, { key: 'ArrowLeft' });
    expect(carousel().dataset.slide).toBe('1');
    fireEvent.keyDown(view, { key: 'Home' });
    expect(carousel().dataset.slide).toBe('0');
  });

  it('follows a horizontal swipe and ignores vertical or short moves', () => {
    render(<Recarregue />);
    const view = carousel().querySelector<HTMLElement>('[tabindex="0"]')!;
    const drag = (x0: number, y0: number, x1: number, y1: number) => {
      fireEvent.pointerDown(view, { pointerId: 1, pointerType: 'touch', clientX: x0, clientY: y0 });
      fireEvent.pointerUp(view, { pointerId: 1, pointerType: 'touch', clientX: x1, clientY: y1 });
    };
    drag(300, 200, 100, 210);
    expect(carousel().dataset.slide).toBe('1');
    drag(300, 200, 280, 200);
    drag(200, 100, 150, 300);
    expect(carousel().dataset.slide).toBe('1');
    drag(100, 200, 300, 190);
    expect(carousel().dataset.slide).toBe('0');
  });

  it('decides a swipe by distance and direction', () => {
    expect(swipeDirection(-60, 10)).toBe(1);
    expect(swipeDirection(60, -10)).toBe(-1);
    expect(swipeDirection(-39, 0)).toBe(0);
    expect(swipeDirection(-60, 80)).toBe(0);
  });

  it('shows the touch hint and keeps buttons out of the way for a single slide', () => {
    render(<Recarregue />);
    expect(screen.getByText('Deslize para ver mais imagens')).toBeTruthy();
    cleanup();
    render(<Gallery {...recarregue} images={recarregue.images.slice(0, 3)} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText('Deslize para ver mais imagens')).toBeNull();
  });

  it('chunks and labels partial slides', () => {
    expect(chunk([1, 2, 3, 4], 3)).toEqual([[1, 2, 3], [4]]);
    expect(slideLabel(9, 1, 9)).toBe('Imagem 9 de 9');
    expect(slideLabel(3, 2, 4)).toBe('Imagens 3 a 4 de 4');
  });

  it('dark tone moves two per slide', () => {
    render(<TomEscuro />);
    const groups = screen.getAllByRole('group', { hidden: true });
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual([
      'Imagens 1 a 2 de 4',
      'Imagens 3 a 4 de 4',
    ]);
  });

  it('the "second slide" and "last slide" stories land where they say', async () => {
    const { container } = render(<SegundoSlide />);
    await act(() => SegundoSlide.play!({ canvasElement: container } as never));
    expect(carousel().dataset.slide).toBe('1');
    cleanup();
    const last = render(<UltimoSlide />);
    await act(() => UltimoSlide.play!({ canvasElement: last.container } as never));
    expect(carousel().dataset.slide).toBe('2');
  });
});
