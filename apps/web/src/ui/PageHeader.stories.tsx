import type { Story } from '@ladle/react';
import { Button } from './Button';
import { PageHeader } from './PageHeader';

export const Default: Story = () => <PageHeader eyebrow="Luxe Los Angeles" title="Staff" description="Who works here." actions={<Button>Add staff member</Button>} />;
