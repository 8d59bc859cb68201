import type { Story } from '@ladle/react';
import { AppInstallInstructions } from './AppInstallInstructions';

export const Default: Story = () => <AppInstallInstructions url="https://luxe-los-angeles.salondesk.example/app/install.html" appName="Luxe Los Angeles" />;
