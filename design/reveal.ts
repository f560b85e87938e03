/**
 * Spread on an element that fades in when scrolled into view (spec §4): the page script
 * (runtime/client/enhance.ts) adds the class "active" to it, possibly before an island around
 * it hydrates. React keeps that class (its className prop never changes) but would report the
 * extra class as a hydration mismatch, so the warning is suppressed for this element only.
 */
export const reveal = { 'data-reveal': '', suppressHydrationWarning: true } as const;
