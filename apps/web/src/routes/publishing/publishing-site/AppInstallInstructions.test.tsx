import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppInstallInstructions } from './AppInstallInstructions';

describe('AppInstallInstructions', () => {
  it('links to the install page, draws its QR code and gives the steps for iOS and Android', async () => {
    const url = 'http://127.0.0.1:8080/sites/luxe/app/install.html';
    render(<AppInstallInstructions url={url} appName="Luxe Los Angeles" />);
    expect(screen.getByRole('link', { name: url }).getAttribute('href')).toBe(url);
    expect(screen.getByRole('heading', { name: 'iPhone and iPad' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Android' })).toBeTruthy();
    expect(screen.getByText(/Add to Home Screen/)).toBeTruthy();
    const qr = await screen.findByRole('img', { name: `QR code of ${url}` });
    expect(qr.querySelector('svg')).not.toBeNull();
  });
});
