/**
 * Horizontal swipe on touch (and drag with a pen or mouse) through pointer events: a
 * gesture counts when it moves at least SWIPE_THRESHOLD_PX sideways and more sideways
 * than up or down, so vertical page scrolling (touch-action: pan-y) is never taken over.
 * Shared by the gallery carousel and the testimonial slider.
 */
import { useRef, useSyncExternalStore, type PointerEvent } from 'react';

export const SWIPE_THRESHOLD_PX = 40;

/** -1 (swiped right: previous), 1 (swiped left: next) or 0 (not a swipe). */
export function swipeDirection(dx: number, dy: number, threshold = SWIPE_THRESHOLD_PX): -1 | 0 | 1 {
  if (Math.abs(dx) < threshold || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

export interface SwipeHandlers {
  onPointerDown: (event: PointerEvent<HTMLElement>) => void;
  onPointerUp: (event: PointerEvent<HTMLElement>) => void;
  onPointerCancel: () => void;
}

export function useSwipe(onSwipe: (direction: -1 | 1) => void): SwipeHandlers {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  return {
    onPointerDown: (event) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
    },
    onPointerUp: (event) => {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const direction = swipeDirection(event.clientX - from.x, event.clientY - from.y);
      if (direction !== 0) onSwipe(direction);
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}

const noSubscription = () => () => {};

/**
 * False on the server and while hydrating, true once the block works in the browser: inactive
 * slides leave the accessibility tree only then, so without JavaScript every one stays readable.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
