import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { cx } from './cx';

export interface ModalProps {
  open: boolean;
  /** Called on Escape or a click outside; pass `undefined` for a choice the reader must make. */
  onClose?: () => void;
  title: string;
  description?: ReactNode;
  /** The buttons, in reading order; the first one gets focus. */
  actions?: ReactNode;
  children?: ReactNode;
  /** `alertdialog` for an interrupting question that needs an answer. */
  role?: 'dialog' | 'alertdialog';
  /** `wide` for a form with rows (a day's timesheet): wider, and it scrolls inside when taller than the screen; `page` to show a whole page (a website's preview): nearly the screen, its content filling the height. */
  size?: 'default' | 'wide' | 'page';
}

const ignore = () => undefined;

/** A centred dialog over a dimmed page; focus is trapped inside and returns when it closes. */
export function Modal({ open, onClose, title, description, actions, children, role = 'dialog', size = 'default' }: ModalProps) {
  return (
    <Dialog open={open} onClose={onClose ?? ignore} role={role} className="relative z-40">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/40 backdrop-blur-[2px] transition-opacity duration-200 data-closed:opacity-0" />
      <div className="fixed inset-0 flex items-end justify-center p-4 sm:items-center">
        <DialogPanel
          transition
          className={cx(
            'w-full rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-900/5 transition duration-200 data-closed:translate-y-2 data-closed:opacity-0',
            size === 'wide' ? 'max-h-[90vh] max-w-3xl overflow-y-auto' : size === 'page' ? 'flex h-[90vh] max-w-6xl flex-col' : 'max-w-md',
          )}
        >
          <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
          {description ? <Description className="mt-2 text-sm text-slate-600">{description}</Description> : null}
          {children ? <div className={cx('mt-4', size === 'page' && 'flex min-h-0 flex-1 flex-col')}>{children}</div> : null}
          {actions ? <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{actions}</div> : null}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
