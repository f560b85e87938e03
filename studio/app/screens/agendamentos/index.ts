/**
 * Agendamentos (`#/agendamentos`): the scheduled changes in words, Próximos and Encerrados, with
 * Alterar horário, Cancelar and Editar (issue 38).
 * The screen's one entry: other parts of the app import this file, never the files beside it.
 * The screen's code is a chunk of its own, loaded when the screen is first shown (app.tsx's
 * Suspense): opening one screen does not download or compile the others (decision 0052).
 */
import { lazy } from 'react';
export const SchedulesScreen = lazy(() =>
  import('./schedules-screen.tsx').then((m) => ({ default: m.SchedulesScreen })),
);
