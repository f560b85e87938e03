/**
 * The editor's whole text while it differs from what is saved: the draft the Estúdio keeps in
 * the browser (null when there is none), rebuilt from localStorage by the app's own reading
 * (studio/app/screens/editor/drafts.ts: a base and the changes since, or a text stored whole).
 * The code view only shows the lines on screen; this is the page the author has.
 */
import type { Page } from '@playwright/test';
import { draftKeys, storedDraft } from '../../../studio/app/screens/editor/drafts.ts';

export async function draftSource(page: Page, file: string): Promise<string | null> {
  const [entry, base] = await page.evaluate(
    ({ draft, base }) => [localStorage.getItem(draft), localStorage.getItem(base)] as const,
    draftKeys(file),
  );
  return storedDraft(entry, base)?.source ?? null;
}
