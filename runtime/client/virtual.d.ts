declare module 'virtual:fillgas/islands' {
  import type { ComponentType } from 'react';
  /** One lazy loader per interactive block type; each becomes its own chunk. */
  export const islands: Record<string, () => Promise<{ default: ComponentType<Record<string, unknown>> }>>;
}
