import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { CloseButton } from './CloseButton';

export interface DrawerProps {
  open: boolean;
  /** Called on Escape, a click outside or the close button. */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}

/**
 * A panel that slides in from the right edge (the whole width on a phone) for side information
 * that does not interrupt: focus is trapped inside and returns to the opener when it closes.
 */
export function Drawer({ open, onClose, title, description, children }: DrawerProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-40">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/30 transition-opacity duration-200 data-closed:opacity-0" />
      <div className="fixed inset-0 flex justify-end">
        <DialogPanel
          transition
          className="flex h-full w-full max-w-md flex-col bg-white shadow-xl ring-1 ring-slate-900/5 transition duration-200 data-closed:translate-x-8 data-closed:opacity-0"
        >
          <div className="flex items-start gap-3 border-b border-slate-200 px-5 py-4">
            <div className="min-w-0 flex-1">
              <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
              {description ? <Description className="mt-1 text-sm text-slate-600">{description}</Description> : null}
            </div>
            <CloseButton label={`Close ${title}`} onClick={onClose} />
          </div>
          {/* Focusable, so a long body can be scrolled with the keyboard even when nothing in it takes focus. */}
          <div tabIndex={0} aria-label={title} role="region" className="min-h-0 flex-1 overflow-y-auto px-5 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600">
            {children}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
