// @vitest-environment jsdom
/**
 * When the code editor starts the YAML worker (schema-language.ts's warmWhenQuiet): at the
 * author's first pause in the code, not at the click that comes just before the first keystroke.
 */
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  schemaLanguage,
  WARM_AFTER_QUIET_MS,
  type SchemaClient,
} from '../../studio/app/screens/editor/yaml-language/schema-language.ts';

function countingClient(): SchemaClient & { warmed: number } {
  const client = {
    warmed: 0,
    timings: {},
    validate: () => Promise.resolve([]),
    complete: () => Promise.resolve([]),
    hover: () => Promise.resolve(null),
    warm: () => void client.warmed++,
    dispose: () => {},
  };
  return client;
}

/** A code editor on a one-line page, with the schema language asking `client`. */
function editorOn(
  client: ReturnType<typeof countingClient>,
  accepted: (text: string) => boolean | Promise<boolean>,
) {
  return new EditorView({
    state: EditorState.create({ doc: 'title: Recarga\n', extensions: schemaLanguage({ client, accepted }) }),
    parent: document.body,
  });
}

describe('the YAML worker of the code editor', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts once the focused editor has gone a while without an edit, not at the focus', () => {
    const client = countingClient();
    const view = editorOn(client, () => true);
    try {
      view.focus();
      view.dispatch({}); // the focus as CodeMirror reports it (jsdom sends no focus event of its own)
      expect(view.hasFocus).toBe(true);
      vi.advanceTimersByTime(WARM_AFTER_QUIET_MS - 100);
      // A keystroke: the pause starts again.
      view.dispatch({ changes: { from: 14, insert: 's' } });
      vi.advanceTimersByTime(WARM_AFTER_QUIET_MS - 100);
      expect(client.warmed).toBe(0);
      vi.advanceTimersByTime(200);
      expect(client.warmed).toBe(1);
    } finally {
      view.destroy();
    }
  });

  it("waits for the server's answer on the text when the last keystroke's preview is on its way", async () => {
    const client = countingClient();
    let answer: (ok: boolean) => void = () => {};
    const verdict = new Promise<boolean>((resolve) => (answer = resolve));
    const view = editorOn(client, () => verdict);
    try {
      view.focus();
      view.dispatch({ changes: { from: 14, insert: 's' } });
      await vi.advanceTimersByTimeAsync(3 * WARM_AFTER_QUIET_MS);
      expect(client.warmed).toBe(0);
      answer(true);
      await vi.advanceTimersByTimeAsync(0);
      expect(client.warmed).toBe(1);
    } finally {
      view.destroy();
    }
  });
});
