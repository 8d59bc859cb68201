import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PREVIEW_SANDBOX, PreviewWebsiteModal, type PreviewPhase } from './PreviewWebsiteModal';

const messages = {
  waiting: 'Please wait... Your website will be ready in few minutes.',
  gaveUp: 'Please check preview after some time.',
  failed: "Oops, we couldn't publish your website.",
};
const url = 'http://127.0.0.1:8080/sites/luxe/adminpreview/abc/';

const show = (phase: PreviewPhase, extra: Partial<Parameters<typeof PreviewWebsiteModal>[0]> = {}) =>
  render(<PreviewWebsiteModal open onClose={() => undefined} url={url} phase={phase} messages={messages} {...extra} />);

describe('PreviewWebsiteModal', () => {
  it('while waiting: the address and the waiting text, no frame yet', async () => {
    show('waiting', { attempt: { number: 2, of: 6 } });
    const dialog = await screen.findByRole('dialog', { name: 'Preview Website' });
    expect(within(dialog).getByText(url)).toBeTruthy();
    expect(within(dialog).getByRole('status').textContent).toBe(messages.waiting);
    expect(within(dialog).getByText('Try 2 of 6')).toBeTruthy();
    expect(dialog.querySelector('iframe')).toBeNull();
  });

  it('when ready: the site in a frame with every sandbox permission off, titled, under its address', async () => {
    show('ready');
    const dialog = await screen.findByRole('dialog', { name: 'Preview Website' });
    const frame = within(dialog).getByTitle(`Preview of ${url}`);
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(url);
    expect(frame.getAttribute('sandbox')).toBe(PREVIEW_SANDBOX);
    expect(PREVIEW_SANDBOX).toBe('');
    expect(within(dialog).queryByText(messages.waiting)).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Open in a new tab' }).getAttribute('href')).toBe(url);
  });

  it('after the last check: the after-some-time message, and Check again', async () => {
    const onCheckAgain = vi.fn();
    show('gaveUp', { onCheckAgain });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('alert').textContent).toBe(messages.gaveUp);
    expect(dialog.querySelector('iframe')).toBeNull();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Check again' }));
    expect(onCheckAgain).toHaveBeenCalledOnce();
  });

  it('a failed publish: the failure message, nothing to check again', async () => {
    show('failed', { onCheckAgain: () => undefined });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('alert').textContent).toBe(messages.failed);
    expect(within(dialog).queryByRole('button', { name: 'Check again' })).toBeNull();
  });

  it('closes with Close and with Escape', async () => {
    const onClose = vi.fn();
    show('waiting', { onClose });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
