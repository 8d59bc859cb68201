import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ListEditor } from './ListEditor';

function Tips({ initial = ['15', '18', '20'], problems }: { initial?: string[]; problems?: (string | null)[] }) {
  const [items, setItems] = useState(initial);
  return (
    <>
      <ListEditor label="Tip suggestions" items={items} onChange={setItems} suffix="%" problems={problems} maxItems={4} />
      <output data-testid="items">{JSON.stringify(items)}</output>
    </>
  );
}
const items = () => JSON.parse(screen.getByTestId('items').textContent ?? '[]') as string[];
const said = () => screen.getByText(/^Item \d/).textContent;

describe('ListEditor', () => {
  it('edits each item in its own named field', async () => {
    const user = userEvent.setup();
    render(<Tips />);
    expect(screen.getByRole('group', { name: 'Tip suggestions' })).toBeTruthy();
    const second = screen.getByRole('textbox', { name: 'Tip suggestions, item 2' });
    await user.clear(second);
    await user.type(second, '19.5');
    expect(items()).toEqual(['15', '19.5', '20']);
  });

  it('adds an item at the end, focused, up to the most allowed', async () => {
    const user = userEvent.setup();
    render(<Tips />);
    await user.click(screen.getByRole('button', { name: 'Add an item' }));
    const added = screen.getByRole('textbox', { name: 'Tip suggestions, item 4' });
    await waitFor(() => expect(document.activeElement).toBe(added));
    await user.keyboard('22');
    expect(items()).toEqual(['15', '18', '20', '22']);
    expect(said()).toBe('Item 4 added.');
    expect(screen.getByRole('button', { name: 'Add an item' })).toHaveProperty('disabled', true);
  });

  it('moves an item up and down, focus following it, and says where it went', async () => {
    const user = userEvent.setup();
    render(<Tips />);
    expect(screen.getByRole('button', { name: 'Move Tip suggestions, item 1 up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move Tip suggestions, item 3 down' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Move Tip suggestions, item 3 up' }));
    expect(items()).toEqual(['15', '20', '18']);
    expect(said()).toBe('Item 3 moved up to position 2.');
    // Focus stays on the moved item's "up" button, now item 2's.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Tip suggestions, item 2 up' })));
    await user.keyboard('{Enter}');
    expect(items()).toEqual(['20', '15', '18']);
    // At the top, "up" is disabled: focus goes to the same item's "down".
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Tip suggestions, item 1 down' })));
  });

  it('removes an item, focus going to the next one, or to Add when none is left', async () => {
    const user = userEvent.setup();
    render(<Tips initial={['15', '18']} />);
    await user.click(screen.getByRole('button', { name: 'Remove Tip suggestions, item 1' }));
    expect(items()).toEqual(['18']);
    expect(said()).toBe('Item 1 removed.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Tip suggestions, item 1' })));
    await user.click(screen.getByRole('button', { name: 'Remove Tip suggestions, item 1' }));
    expect(items()).toEqual([]);
    expect(screen.getByText('No items yet.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add an item' })));
  });

  it('says what is wrong with each item beside it', () => {
    render(<Tips problems={[null, 'Each item is a percentage from 0 to 100, for example 15 or 12.5.', null]} />);
    const wrong = screen.getByRole('textbox', { name: 'Tip suggestions, item 2' });
    expect(wrong.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(wrong.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Each item is a percentage from 0 to 100, for example 15 or 12.5.');
    expect(screen.getByRole('textbox', { name: 'Tip suggestions, item 1' }).hasAttribute('aria-invalid')).toBe(false);
  });
});
