import { Button } from '../../ui/Button';
import { FauxAddressBar } from './FauxAddressBar';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';

/**
 * Where the preview stands: the site is being checked (`waiting`), it answers (`ready`), the
 * checks ran out before it did (`gaveUp`), or its publish failed (`failed`).
 */
export type PreviewPhase = 'waiting' | 'ready' | 'gaveUp' | 'failed';

/**
 * The narrowest sandbox that shows a published site: a static page of HTML and CSS runs no script,
 * sends no form and needs no origin of its own, so every permission stays off (the frame may still
 * follow the site's own links inside itself).
 */
export const PREVIEW_SANDBOX = '';

export interface PreviewWebsiteModalProps {
  open: boolean;
  onClose: () => void;
  /** The address of the site (or of its preview), shown in the faux address bar and framed when ready. */
  url: string | null;
  phase: PreviewPhase;
  /** What the modal says in each phase but `ready` (the catalogue's words, given by the caller). */
  messages: { waiting: string; gaveUp: string; failed: string };
  /** The check that last said "not yet" and how many there are at most ("Try 2 of 6"), while waiting. */
  attempt?: { number: number; of: number };
  /** Offered after the checks ran out: start checking again. */
  onCheckAgain?: () => void;
  title?: string;
}

/**
 * The Preview Website modal (spec 000 §2): the deployed site in a sandboxed frame under a faux
 * browser address bar showing its URL. While the site is not ready it shows the waiting text; when
 * the checks run out, or the publish failed, the message that says so. The checking itself (how
 * often, how many times) is the caller's: this part only shows where it stands.
 */
export function PreviewWebsiteModal({ open, onClose, url, phase, messages, attempt, onCheckAgain, title = 'Preview Website' }: PreviewWebsiteModalProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      size="page"
      actions={
        <>
          {phase === 'gaveUp' && onCheckAgain ? (
            <Button variant="secondary" onClick={onCheckAgain}>
              Check again
            </Button>
          ) : null}
          <Button variant={phase === 'ready' ? 'secondary' : 'primary'} onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <FauxAddressBar url={url} openable={phase === 'ready'} />
      <div className="flex min-h-64 flex-1 flex-col overflow-hidden rounded-b-xl border border-slate-200 bg-white">
        {phase === 'ready' && url ? (
          <iframe src={url} title={`Preview of ${url}`} sandbox={PREVIEW_SANDBOX} referrerPolicy="no-referrer" className="size-full flex-1 border-0" />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
            {phase === 'waiting' ? (
              <>
                <Spinner className="text-brand-600" />
                <p role="status" className="text-base text-slate-800">
                  {messages.waiting}
                </p>
                {attempt ? (
                  <p className="text-sm text-slate-600">
                    Try {attempt.number} of {attempt.of}
                  </p>
                ) : null}
              </>
            ) : (
              <p role="alert" className={phase === 'failed' ? 'text-base font-medium text-red-700' : 'text-base text-amber-900'}>
                {phase === 'failed' ? messages.failed : messages.gaveUp}
              </p>
            )}
          </div>
        )}
      </div>
    </Modal>
  );
}
