/**
 * The floating images' parallax, in plain DOM: no React ships for it (decision 0011). The page
 * script runs it on the built site; the component runs it from an effect (Storybook, tests).
 *
 * Spec §4: each image moves by translateY = scrollY × its factor (`data-parallax`, 0.2 + 0.1 ×
 * index), transform only (no layout shift); none under prefers-reduced-motion.
 */
export default function heroBehavior(root: HTMLElement): () => void {
  const items = [...root.querySelectorAll<HTMLElement>('[data-parallax]')];
  if (items.length === 0) return () => {};
  const reduce =
    typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
  const move = () => {
    const y = reduce?.matches ? 0 : window.scrollY;
    for (const el of items) {
      el.style.transform = y ? `translate3d(0, ${y * Number(el.dataset.parallax)}px, 0)` : '';
    }
  };
  move();
  window.addEventListener('scroll', move, { passive: true });
  reduce?.addEventListener('change', move);
  return () => {
    window.removeEventListener('scroll', move);
    reduce?.removeEventListener('change', move);
    for (const el of items) el.style.transform = '';
  };
}
