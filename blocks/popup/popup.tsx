/** @jsxImportSource react */
/**
 * The offer popup's island: a small timer that opens the dialog `delayMs` after the page
 * opened, unless it was closed earlier in the session. The island itself hydrates only
 * PREFETCH_LEAD_MS before that (`hydrate: { afterMs }` in index.ts), so React loads then and
 * not with the page (decision 0011); the dialog (popup-dialog.tsx, with framer-motion) is a
 * separate chunk fetched at the same moment (decision 0010).
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { usePage, getFlag, setFlag, type BlockProps } from '../../runtime/block-api.ts';
import type { popupSchema } from './popup.schema.ts';

export type PopupProps = BlockProps<typeof popupSchema>;

const FLAG = 'hasClosedPopup';
/** How long before opening the dialog's code starts downloading (enough on a slow 3G link). */
export const PREFETCH_LEAD_MS = 5_000;

const loadDialog = () => import('./popup-dialog.tsx');
const PopupDialog = lazy(loadDialog);

export default function Popup({ delayMs, ...offer }: PopupProps) {
  // undefined: never opened (nothing rendered, no framer-motion); then true/false, and the
  // dialog stays mounted while closed so its exit animation can run.
  const [open, setOpen] = useState<boolean | undefined>(undefined);
  // Hydrated late on the site: count from the page's opening, not from this moment.
  const { openForMs = 0 } = usePage();

  const close = useCallback(() => {
    setFlag(FLAG);
    setOpen(false);
  }, []);

  // Closed at load; opens delayMs after the page opened unless closed earlier in this session.
  useEffect(() => {
    if (getFlag(FLAG)) return;
    const remaining = Math.max(0, delayMs - openForMs);
    const prefetch = window.setTimeout(
      () => {
        loadDialog().catch(() => {
          // Retried by React.lazy when the dialog renders; an error shows up there.
        });
      },
      Math.max(0, remaining - PREFETCH_LEAD_MS),
    );
    const timer = window.setTimeout(() => {
      if (!getFlag(FLAG)) setOpen(true);
    }, remaining);
    return () => {
      window.clearTimeout(prefetch);
      window.clearTimeout(timer);
    };
  }, [delayMs, openForMs]);

  if (open === undefined) return null;
  return (
    <Suspense fallback={null}>
      <PopupDialog {...offer} open={open} onClose={close} />
    </Suspense>
  );
}
