import { useId, useRef, useState, type DragEvent } from 'react';
import { Button } from './Button';
import { cx } from './cx';

/** One upload as the drop zone lists it. */
export interface UploadItem {
  key: string;
  name: string;
  /** 0 to 1 while it goes out. */
  progress: number;
  status: 'uploading' | 'done' | 'error';
  /** Why it was refused (the server's message). */
  message?: string;
}

export interface UploadDropZoneProps {
  /** Files dropped or chosen, in order. */
  onFiles: (files: File[]) => void;
  uploads: readonly UploadItem[];
  /** What the file picker offers (`image/*`); the server still decides from the bytes. */
  accept?: string;
  /** The line under the title: the types and the size accepted. */
  hint: string;
  disabled?: boolean;
}

/**
 * Where images come in: drop files on it, or press "Choose files" (a real file input, so the
 * keyboard and screen readers have it too). Each upload is listed with its progress (a
 * `progressbar` with its percentage) and, when refused, the reason as an alert.
 */
export function UploadDropZone({ onFiles, uploads, accept = 'image/*', hint, disabled = false }: UploadDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = [...event.dataTransfer.files];
    if (files.length > 0) onFiles(files);
  };
  return (
    <div>
      <div
        data-testid="upload-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        className={cx(
          'flex flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed px-6 py-8 text-center transition',
          over ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-white',
          disabled && 'opacity-60',
        )}
      >
        <p className="text-sm font-medium text-slate-900">Drop images here</p>
        <p id={hintId} className="text-xs text-slate-500">{hint}</p>
        <Button variant="secondary" size="sm" disabled={disabled} onClick={() => input.current?.click()} aria-describedby={hintId}>
          Choose files
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          accept={accept}
          className="sr-only"
          tabIndex={-1}
          aria-label="Images to upload"
          disabled={disabled}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            if (files.length > 0) onFiles(files);
          }}
        />
      </div>
      {uploads.length > 0 ? (
        <ul aria-label="Uploads" className="mt-3 space-y-2">
          {uploads.map((upload) => {
            const percent = Math.round(upload.progress * 100);
            return (
              <li key={upload.key} className="rounded-lg bg-white px-3 py-2 text-sm ring-1 ring-slate-200">
                <div className="flex justify-between gap-3">
                  <span className="truncate font-medium text-slate-900">{upload.name}</span>
                  <span className={cx('shrink-0', upload.status === 'error' ? 'text-red-700' : 'text-slate-600')}>
                    {upload.status === 'done' ? 'Uploaded' : upload.status === 'error' ? 'Refused' : `${percent}%`}
                  </span>
                </div>
                {upload.status === 'uploading' ? (
                  <div role="progressbar" aria-label={`Uploading ${upload.name}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-100">
                    <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
                  </div>
                ) : null}
                {upload.status === 'error' && upload.message ? <p role="alert" className="mt-1 text-red-700">{upload.message}</p> : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
