/** @jsxImportSource react */
/**
 * The offer popup's island: a small timer that opens the dialog after `delayMs` unless it
 * was closed earlier in the session. The dialog itself (popup-dialog.tsx, with framer-motion)
 * is a separate chunk fetched a few seconds before it opens, so the page's first load does
 * not carry framer-motion for a window that appears 30 seconds later (decision 0010).
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { BlockProps } from '../../runtime/define-block.ts';
import { getFlag, setFlag } from '../../runtime/client/session-flags.ts';
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

  const close = useCallback(() => {
    setFlag(FLAG);
    setOpen(false);
  }, []);

  // Closed at load; opens after delayMs unless closed earlier in this session.
  useEffect(() => {
    if (getFlag(FLAG)) return;
    const prefetch = window.setTimeout(
      () => {
        loadDialog().catch(() => {
          // Retried by React.lazy when the dialog renders; an error shows up there.
        });
      },
      Math.max(0, delayMs - PREFETCH_LEAD_MS),
    );
    const timer = window.setTimeout(() => {
      if (!getFlag(FLAG)) setOpen(true);
    }, delayMs);
    return () => {
      window.clearTimeout(prefetch);
      window.clearTimeout(timer);
    };
  }, [delayMs]);

  if (open === undefined) return null;
  return (
    <Suspense fallback={null}>
      <PopupDialog {...offer} open={open} onClose={close} />
    </Suspense>
  );
}
