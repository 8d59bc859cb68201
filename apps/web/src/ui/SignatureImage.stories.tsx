import type { Story } from '@ladle/react';
import { SignatureImage } from './SignatureImage';

const wave = Array.from({ length: 40 }, (_, i) => [40 + i * 12, Math.round(100 + Math.sin(i / 3) * 40)] as [number, number]);

export const Signed: Story = () => <SignatureImage label="Signature of Ava Patel" width={600} height={200} strokes={[wave, [[60, 160], [500, 164]]]} />;
export const OneDot: Story = () => <SignatureImage label="A dot" width={600} height={200} strokes={[[[300, 100]]]} />;
