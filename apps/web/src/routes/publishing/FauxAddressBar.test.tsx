import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FauxAddressBar } from './FauxAddressBar';

describe('FauxAddressBar', () => {
  it('reads out the address it shows and offers to open it only when asked', () => {
    const url = 'https://luxe.example/sites/luxe/';
    const { rerender } = render(<FauxAddressBar url={url} />);
    expect(screen.getByText(url).closest('p')?.textContent).toBe(`Address: ${url}`);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    rerender(<FauxAddressBar url={url} openable />);
    const open = screen.getByRole('link', { name: 'Open in a new tab' });
    expect(open.getAttribute('href')).toBe(url);
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toContain('noreferrer');
  });

  it('shows a blank page before there is an address', () => {
    render(<FauxAddressBar url={null} openable />);
    expect(screen.getByText('about:blank')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
