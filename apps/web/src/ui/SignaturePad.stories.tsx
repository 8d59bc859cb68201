import type { Story } from '@ladle/react';
import { useState } from 'react';
import { SignaturePad } from './SignaturePad';

export const Empty: Story = () => {
  const [strokes, setStrokes] = useState<[number, number][][]>([]);
  return <SignaturePad label="Your signature" width={600} height={200} strokes={strokes} onChange={setStrokes} />;
};
export const WithError: Story = () => <SignaturePad label="Your signature" width={600} height={200} strokes={[]} onChange={() => undefined} error="Draw your signature" />;
export const Signed: Story = () => {
  const [strokes, setStrokes] = useState<[number, number][][]>([
    [
      [40, 120],
      [120, 60],
      [200, 140],
      [320, 70],
    ],
  ]);
  return <SignaturePad label="Your signature" width={600} height={200} strokes={strokes} onChange={setStrokes} />;
};
