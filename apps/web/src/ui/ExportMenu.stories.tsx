import type { Story } from '@ladle/react';
import { ExportMenu } from './ExportMenu';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A file that arrives in a few steps, then is saved. */
async function slowFile(_format: 'csv' | 'xlsx', onProgress: (bytes: number) => void) {
  for (let bytes = 0; bytes <= 3_000_000; bytes += 600_000) {
    onProgress(bytes);
    await wait(300);
  }
}

export const Default: Story = () => (
  <div className="flex h-60 justify-end p-4">
    <ExportMenu title="Transactions" onExport={slowFile} print={() => undefined} />
  </div>
);

export const Failing: Story = () => (
  <div className="flex h-60 justify-end p-4">
    <ExportMenu
      title="Transactions"
      onExport={async () => {
        await wait(400);
        throw new Error('A report covers at most 400 days.');
      }}
      print={() => undefined}
    />
  </div>
);

export const PagedPrint: Story = () => (
  <div className="flex h-60 justify-end p-4">
    <ExportMenu
      title="Transaction history"
      onExport={slowFile}
      onPreparePrint={async (progress) => {
        for (let loaded = 0; loaded <= 430; loaded += 50) {
          progress(Math.min(loaded, 430), 430);
          await wait(250);
        }
      }}
      print={() => undefined}
    />
  </div>
);

export const SeveralFiles: Story = () => (
  <div className="flex h-80 justify-end p-4">
    <ExportMenu
      title="Sales summary"
      files={[
        { id: 'day', label: 'Sales by day' },
        { id: 'staff', label: 'Sales by staff' },
        { id: 'item', label: 'Sales by item' },
      ]}
      onExport={slowFile}
      print={() => undefined}
    />
  </div>
);
