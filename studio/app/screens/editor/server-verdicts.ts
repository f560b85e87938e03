/**
 * The server's verdict on each text of a page it renders for the preview: it validates every text
 * with the page schema through the loader, so a text it accepted needs no second check in the
 * editor's worker (on a 200-block page that check takes a core for 0.1–0.6 s, which the preview's
 * render needs on a small machine). A text on its way to the server is answered with a promise of
 * the verdict; a text overtaken before it was sent, or never sent, is not vouched for.
 */
export class ServerVerdicts {
  /** The last few texts accepted (the newest first): typing back and forth lands on them. */
  private recent: string[] = [];
  private waiting = new Map<string, { promise: Promise<boolean>; resolve: (ok: boolean) => void }>();

  /** A render of `text` was asked for. */
  expect(text: string): void {
    if (this.waiting.has(text)) return;
    let resolve!: (ok: boolean) => void;
    const promise = new Promise<boolean>((r) => (resolve = r));
    this.waiting.set(text, { promise, resolve });
  }

  /** The server's answer on `text` (false: it has problems, the request failed or was dropped). */
  settle(text: string, ok: boolean): void {
    if (ok) this.recent = [text, ...this.recent.filter((t) => t !== text).slice(0, 2)];
    this.waiting.get(text)?.resolve(ok);
    this.waiting.delete(text);
  }

  /** Whether the server accepted `text`, or a promise of its verdict; false when it was not asked. */
  readonly accepts = (text: string): boolean | Promise<boolean> =>
    this.recent.includes(text) || (this.waiting.get(text)?.promise ?? false);
}
