import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { useBusinessId } from './useBusinessId';

function Shows() {
  return <p>Business {useBusinessId()}</p>;
}

function renderAt(path: string, pattern: string) {
  const router = createMemoryRouter([{ path: pattern, Component: Shows, ErrorBoundary: () => <p>refused</p> }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

describe('useBusinessId', () => {
  it("reads the route's business as a number", () => {
    renderAt('/12/home', '/:businessId/home');
    expect(screen.getByText('Business 12')).toBeTruthy();
  });

  it.each([
    ['/abc/home', '/:businessId/home'],
    ['/0/home', '/:businessId/home'],
    ['/1.5/home', '/:businessId/home'],
    ['/home', '/home'],
  ])('throws a clear error at %s', (path, pattern) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt(path, pattern);
    expect(screen.getByText('refused')).toBeTruthy();
  });

  it('names what is missing', () => {
    let thrown: unknown;
    const Catch = () => {
      try {
        useBusinessId();
      } catch (error) {
        thrown = error;
      }
      return null;
    };
    render(<RouterProvider router={createMemoryRouter([{ path: '/:businessId/home', Component: Catch }], { initialEntries: ['/x/home'] })} />);
    expect(String(thrown)).toContain('valid :businessId (got "x")');
  });
});
