import type { Story } from '@ladle/react';
import { useState } from 'react';
import { Toggle } from './Toggle';

export const Default: Story = () => {
  const [on, setOn] = useState(true);
  return <Toggle label="Visible in appointments" description="Clients can book this person." checked={on} onChange={setOn} />;
};
export const Disabled: Story = () => <Toggle label="Online booking" checked={false} onChange={() => undefined} disabled />;
