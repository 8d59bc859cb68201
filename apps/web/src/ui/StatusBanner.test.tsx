import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { StatusBanner } from './StatusBanner';

it('is a status region that says what happened and what it means', () => {
  render(<StatusBanner title="You are offline.">It updates when the connection is back.</StatusBanner>);
  expect(screen.getByRole('status').textContent).toBe('You are offline.It updates when the connection is back.');
});
