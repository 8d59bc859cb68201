import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ScanSearchField } from './ScanSearchField';

function Harness({ onScan }: { onScan: (code: string) => void }) {
  const [value, setValue] = useState('');
  return <ScanSearchField label="Find a product" value={value} onChange={setValue} onScan={onScan} />;
}

describe('ScanSearchField', () => {
  it('filters as a scanner types, and hands over the code on its Enter', async () => {
    const onScan = vi.fn();
    render(<Harness onScan={onScan} />);
    const box = screen.getByLabelText('Find a product');
    await userEvent.type(box, '4006381333931{Enter}');
    expect((box as HTMLInputElement).value).toBe('4006381333931');
    expect(onScan).toHaveBeenCalledWith('4006381333931');
    await userEvent.type(box, '{Escape}');
    expect((box as HTMLInputElement).value).toBe('');
    await userEvent.type(box, '   {Enter}');
    expect(onScan).toHaveBeenCalledTimes(1);
  });
});
