import type { Story } from '@ladle/react';
import { FauxAddressBar } from './FauxAddressBar';

export const Secure: Story = () => <FauxAddressBar url="https://luxe-los-angeles.salondesk.example/" openable />;

export const Preview: Story = () => <FauxAddressBar url="http://127.0.0.1:8080/sites/luxe-la/adminpreview/5f0c7a1e9b2d4c3a8e6f/index.html" />;

export const NoAddressYet: Story = () => <FauxAddressBar url={null} />;
