import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppointmentsDayGrid, nextAppointment } from './AppointmentsDayGrid';
import { SAMPLE_COLUMNS, SAMPLE_ITEMS, SAMPLE_SPAN } from './appointmentsSample';

describe('the appointments day grid', () => {
  it('draws a column per staff member with their shift, and each appointment at its time, flagged ones in words', () => {
    render(<AppointmentsDayGrid label="Appointments on Mon" columns={SAMPLE_COLUMNS} items={SAMPLE_ITEMS} span={SAMPLE_SPAN} />);
    const grid = screen.getByRole('group', { name: 'Appointments on Mon' });
    expect(within(grid).getAllByTestId('column-shift').map((c) => c.textContent)).toEqual(['10:00–18:00', '09:00–13:00, 14:00–17:00', 'No shift']);
    const maya = within(grid).getByRole('list', { name: 'Maya F.: 3 appointments' });
    const early = within(maya).getByRole('button', { name: /^09:00–09:45, Alex Morgan/ });
    expect(early.getAttribute('aria-label')).toBe("09:00–09:45, Alex Morgan, Women's Cut, with Maya F., Booked. Flagged: Outside this staff member’s published shift.");
    expect(within(early).getByText('Outside the shift')).toBeTruthy();
    // 09:00 on an axis from 08:00 to 19:00: a eleventh of the way down.
    expect((early.parentElement as HTMLElement).style.top).toBe(`${(60 / 660) * 100}%`);
    // Two bookings at once share the width.
    const overlapping = ['Brooke Lee', 'Camila Torres'].map((n) => within(maya).getByRole('button', { name: new RegExp(n) }).parentElement as HTMLElement);
    expect(overlapping.map((li) => [li.style.left, li.style.width])).toEqual([
      ['0%', '50%'],
      ['50%', '50%'],
    ]);
    // The shifts are drawn behind: two for Noah, none for Ivy.
    const columnOf = (id: number) => document.querySelector(`[data-column-id="${id}"]`) as HTMLElement;
    expect(columnOf(2).querySelectorAll('[data-shift]')).toHaveLength(2);
    expect(columnOf(3).querySelectorAll('[data-shift]')).toHaveLength(0);
    expect(screen.getAllByRole('button').filter((b) => b.dataset.flagged !== undefined)).toHaveLength(2);
  });

  it('moves between appointments with the arrow keys and selects with Enter', async () => {
    const onSelect = vi.fn();
    render(<AppointmentsDayGrid label="Appointments on Mon" columns={SAMPLE_COLUMNS} items={SAMPLE_ITEMS} span={SAMPLE_SPAN} onSelect={onSelect} />);
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^09:00–09:45, Alex Morgan/);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/Brooke Lee/);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/Dana Whitfield/);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/Farah Aziz/);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/Farah Aziz/);
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(31);
  });

  it('finds where a key goes: up and down in the column, sideways to the nearest in time, past empty columns', () => {
    const ids = [1, 2, 3, 4];
    const items = [
      { id: 1, columnId: 1, start: 600 },
      { id: 2, columnId: 1, start: 700 },
      { id: 3, columnId: 3, start: 650 },
      { id: 4, columnId: 3, start: 900 },
    ];
    expect(nextAppointment(ids, items, 1, 'ArrowDown')).toBe(2);
    expect(nextAppointment(ids, items, 1, 'ArrowUp')).toBeNull();
    expect(nextAppointment(ids, items, 2, 'ArrowRight')).toBe(3);
    expect(nextAppointment(ids, items, 4, 'ArrowLeft')).toBe(2);
    expect(nextAppointment(ids, items, 3, 'ArrowRight')).toBeNull();
    expect(nextAppointment(ids, items, 3, 'End')).toBe(4);
    expect(nextAppointment(ids, items, 4, 'Home')).toBe(3);
    expect(nextAppointment(ids, items, 4, 'a')).toBeNull();
  });
});
