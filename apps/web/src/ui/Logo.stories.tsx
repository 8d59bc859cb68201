import type { Story } from '@ladle/react';
import { Logo } from './Logo';

export const WithWord: Story = () => <Logo />;
export const MarkOnly: Story = () => <Logo withWord={false} />;
