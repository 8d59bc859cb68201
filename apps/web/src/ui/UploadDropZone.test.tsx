import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UploadDropZone } from './UploadDropZone';

describe('UploadDropZone', () => {
  it('takes dropped files and chosen files', async () => {
    const onFiles = vi.fn();
    render(<UploadDropZone hint="JPEG or PNG" uploads={[]} onFiles={onFiles} />);
    const file = new File(['x'], 'a.jpg', { type: 'image/jpeg' });
    fireEvent.drop(screen.getByTestId('upload-drop-zone'), { dataTransfer: { files: [file] } });
    expect(onFiles).toHaveBeenLastCalledWith([file]);
    await userEvent.upload(screen.getByLabelText('Images to upload'), new File(['y'], 'b.png', { type: 'image/png' }));
    expect(onFiles.mock.calls[1]?.[0]?.[0]?.name).toBe('b.png');
  });

  it('shows each upload’s progress, and a refusal as an alert', () => {
    render(
      <UploadDropZone
        hint="JPEG or PNG"
        onFiles={() => {}}
        uploads={[
          { key: 'a', name: 'a.jpg', progress: 0.5, status: 'uploading' },
          { key: 'b', name: 'b.svg', progress: 1, status: 'error', message: 'SVG images are not accepted.' },
        ]}
      />,
    );
    expect(screen.getByRole('progressbar', { name: 'Uploading a.jpg' }).getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByRole('alert').textContent).toBe('SVG images are not accepted.');
  });

  it('takes nothing while disabled', () => {
    const onFiles = vi.fn();
    render(<UploadDropZone hint="x" uploads={[]} onFiles={onFiles} disabled />);
    fireEvent.drop(screen.getByTestId('upload-drop-zone'), { dataTransfer: { files: [new File(['x'], 'a.jpg')] } });
    expect(onFiles).not.toHaveBeenCalled();
  });
});
