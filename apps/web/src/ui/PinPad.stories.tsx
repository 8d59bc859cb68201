import type { Story } from '@ladle/react';
import { useState } from 'react';
import { PinPad } from './PinPad';

export const Default: Story = () => {
  const [pin, setPin] = useState('');
  return <PinPad label="PIN for Ava Bennett" value={pin} onChange={setPin} onSubmit={() => setPin('')} submitLabel="Clock in" />;
};
export const WrongPin: Story = () => {
  const [pin, setPin] = useState('');
  return <PinPad label="PIN for Ava Bennett" value={pin} onChange={setPin} onSubmit={() => undefined} submitLabel="Clock out" error="That PIN is not right. Try again, or ask a manager to set a new one." />;
};
export const Sending: Story = () => <PinPad label="PIN for Ava Bennett" value="2580" onChange={() => undefined} onSubmit={() => undefined} submitLabel="Clock in" busy />;
