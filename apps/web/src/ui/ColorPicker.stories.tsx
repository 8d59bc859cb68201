import type { Story } from '@ladle/react';
import { useState } from 'react';
import { ColorPicker } from './ColorPicker';

export const Palette: Story = () => {
  const [color, setColor] = useState<string | null>('#60A5FA');
  return (
    <div className="flex items-center gap-3 p-4">
      <span className="size-4 rounded-full" style={{ backgroundColor: color ?? '#94A3B8' }} />
      <ColorPicker label="Scheduler colour for Ava" value={color} onChange={setColor} />
    </div>
  );
};
