/**
 * Who may do what in the Estúdio (issue 39, decision 0048): three roles and the one permission
 * table. The server decides with it (studio/server/hosted/roles.ts guards every API route); the
 * app reads the same table only to hide what a person's role cannot do.
 */

export type Role = 'editor' | 'publicador' | 'administrador';

/** From least to most: each role can do everything the one before it can. */
export const ROLES: readonly Role[] = ['editor', 'publicador', 'administrador'];

/** The names people read (pt-BR). */
export const ROLE_LABEL: Record<Role, string> = {
  editor: 'Editor',
  publicador: 'Publicador',
  administrador: 'Administrador',
};

/** One sentence per role, for the Pessoas screen and the account tool's help. */
export const ROLE_SUMMARY: Record<Role, string> = {
  editor:
    'Edita páginas e compartilha prévias. Para publicar, restaurar, desfazer, agendar, mudar um agendamento ou levar a vencedora de um experimento, envia um pedido que um Publicador aprova.',
  publicador:
    'Também faz tudo isso sem pedir, aprova ou devolve os pedidos e exclui páginas. Com “Toda publicação precisa de aprovação” ligado em Pedidos, também pede.',
  administrador: 'Também muda as Configurações do site, o Google Analytics e as pessoas e seus papéis.',
};

export type Action =
  | 'edit'
  | 'publish'
  | 'approve'
  | 'restore'
  | 'delete-page'
  | 'settings'
  | 'accounts'
  | 'ga4'
  | 'share'
  | 'schedule';

export const ACTIONS: readonly Action[] = [
  'edit',
  'publish',
  'approve',
  'restore',
  'delete-page',
  'settings',
  'accounts',
  'ga4',
  'share',
  'schedule',
];

/**
 * The table. Settings are the Administrador's: Configurações change every page at once
 * (analytics, audiences, the rule that every publication needs approval), while a Publicador is
 * trusted with content going live.
 */
const TABLE: Record<Role, ReadonlySet<Action>> = {
  editor: new Set<Action>(['edit', 'share']),
  publicador: new Set<Action>(['edit', 'share', 'publish', 'approve', 'restore', 'delete-page', 'schedule']),
  administrador: new Set<Action>(ACTIONS),
};

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** Whether `role` may do `action`. An unknown role (a forged or damaged value) may do nothing. */
export const can = (role: Role | undefined, action: Action): boolean =>
  role !== undefined && isRole(role) && TABLE[role].has(action);

/** "editor", "Editor", " PUBLICADOR " → the role; anything else → undefined. */
export function parseRole(text: string): Role | undefined {
  const key = text.trim().toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  return isRole(key) ? key : undefined;
}
