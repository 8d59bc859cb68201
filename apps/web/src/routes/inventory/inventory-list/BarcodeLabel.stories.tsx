import type { Story } from '@ladle/react';
import { BarcodeLabel } from './BarcodeLabel';

export const Ean13: Story = () => <BarcodeLabel code="4006381333931" format="ean13" name="Hydrating Shampoo 300ml" price="$28.00" />;
export const UpcA: Story = () => <BarcodeLabel code="036000291452" format="upca" name="Texture Spray" price="$26.00" />;
export const Code128: Story = () => <BarcodeLabel code="SKU-0042/B" format="code128" name="Salon Gift Bag" />;
