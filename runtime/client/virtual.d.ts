declare module 'virtual:fillgas/islands' {
  import type { ComponentType } from 'react';
  /** One lazy loader per interactive block type; each becomes its own chunk. */
  export const islands: Record<string, () => Promise<{ default: ComponentType<Record<string, unknown>> }>>;
}

declare module 'virtual:fillgas/behaviors' {
  /** One lazy loader per block behaviour (blocks/<type>/<type>.behavior.ts); each becomes its own chunk. */
  export const behaviors: Record<string, () => Promise<{ default: (root: HTMLElement) => () => void }>>;
}
