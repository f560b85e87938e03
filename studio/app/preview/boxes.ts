/** Where things are on the preview's page, for the boxes and panels the frame draws over it. */

/** The union of the rectangles that are shown (width and height > 0), in page coordinates. */
export function unionBox(rects: readonly DOMRect[]): DOMRect | undefined {
  const shown = rects.filter((r) => r.width > 0 && r.height > 0);
  if (shown.length === 0) return undefined;
  const left = Math.min(...shown.map((r) => r.left));
  const top = Math.min(...shown.map((r) => r.top));
  const right = Math.max(...shown.map((r) => r.right));
  const bottom = Math.max(...shown.map((r) => r.bottom));
  return new DOMRect(left + scrollX, top + scrollY, right - left, bottom - top);
}
