import { render, screen } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { StatCard } from './StatCard';
import { StatusBadge } from './StatusBadge';
import { VirtualList } from './VirtualList';

describe('display parts', () => {
  it('a badge says its label', () => {
    render(<StatusBadge label="Deleted after service" tone="danger" />);
    expect(screen.getByText('Deleted after service')).toBeTruthy();
  });

  it('a stat card shows its comparisons with signed changes and a named remove button', () => {
    let removed = 0;
    render(<StatCard title="Tips" value="$10.00" comparisons={[{ label: 'Yesterday', value: '$8.00', change: 25 }, { label: 'Last month end', value: '$0.00', change: null }]} onRemove={() => removed++} />);
    expect(screen.getByText('+25.0%')).toBeTruthy();
    screen.getByRole('button', { name: 'Remove Tips' }).click();
    expect(removed).toBe(1);
  });

  it('a virtual list renders only some rows of 10,000', () => {
    // jsdom has no layout: give the scrolling area a size, as a browser would.
    const height = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
    const width = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 400 });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
    onTestFinished(() => {
      if (height) Object.defineProperty(HTMLElement.prototype, 'clientHeight', height);
      if (width) Object.defineProperty(HTMLElement.prototype, 'clientWidth', width);
    });
    const items = Array.from({ length: 10_000 }, (_, i) => i);
    render(<VirtualList items={items} rowHeight={40} getKey={(i) => i} label="Tickets" height="400px" renderRow={(i) => <span>Row {i}</span>} />);
    const rows = screen.getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]?.getAttribute('aria-setsize')).toBe('10000');
    expect(rows[0]?.getAttribute('aria-posinset')).toBe('1');
    expect(screen.getByRole('list', { name: 'Tickets' })).toBeTruthy();
  });
});
