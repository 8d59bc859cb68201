import type { Story } from '@ladle/react';
import { useState } from 'react';
import { ScanSearchField } from './ScanSearchField';

export const Default: Story = () => {
  const [value, setValue] = useState('');
  const [scanned, setScanned] = useState<string | null>(null);
  return (
    <div className="max-w-sm space-y-2">
      <ScanSearchField label="Find a product" value={value} onChange={setValue} onScan={setScanned} placeholder="Name, barcode or code" hint="Scan a barcode or type, then Enter." />
      <p className="text-sm text-slate-600">Last scan: {scanned ?? 'none'}</p>
    </div>
  );
};
