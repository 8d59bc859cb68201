import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SignaturePad } from './SignaturePad';

function Harness({ onStrokes }: { onStrokes: (s: [number, number][][]) => void }) {
  const [strokes, setStrokes] = useState<[number, number][][]>([]);
  return (
    <SignaturePad
      label="Your signature"
      width={600}
      height={200}
      strokes={strokes}
      onChange={(next) => {
        setStrokes(next);
        onStrokes(next);
      }}
    />
  );
}

describe('SignaturePad', () => {
  it('turns a pointer drag into a stroke of whole canvas units, and Clear empties it', () => {
    let last: [number, number][][] = [];
    render(<Harness onStrokes={(s) => (last = s)} />);
    const pad = screen.getByRole('img', { name: 'Your signature: empty' });
    // jsdom has no layout: the pad maps client coordinates 1:1 onto canvas units.
    fireEvent.pointerDown(pad, { clientX: 10, clientY: 20, pointerId: 1 });
    fireEvent.pointerMove(pad, { clientX: 60, clientY: 80, pointerId: 1 });
    fireEvent.pointerMove(pad, { clientX: 900, clientY: -5, pointerId: 1 });
    fireEvent.pointerUp(pad, { pointerId: 1 });
    fireEvent.pointerMove(pad, { clientX: 70, clientY: 90, pointerId: 1 });
    expect(last).toEqual([
      [
        [10, 20],
        [60, 80],
        [600, 0],
      ],
    ]);
    expect(screen.getByRole('img', { name: 'Your signature: signed' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear signature' }));
    expect(last).toEqual([]);
  });
});
