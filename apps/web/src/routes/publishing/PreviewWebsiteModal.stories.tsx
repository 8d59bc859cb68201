import type { Story } from '@ladle/react';
import { useState } from 'react';
import { Button } from '../../ui/Button';
import { PreviewWebsiteModal, type PreviewPhase } from './PreviewWebsiteModal';

const messages = {
  waiting: 'Please wait... Your website will be ready in few minutes.',
  gaveUp: 'Please check preview after some time.',
  failed: "Oops, we couldn't publish your website.",
};

const page = `data:text/html,${encodeURIComponent('<!doctype html><title>Luxe Los Angeles</title><body style="font-family:sans-serif;padding:2rem"><h1>Luxe Los Angeles</h1><p>Haircuts, colour and styling on Sunset Boulevard.</p></body>')}`;

const Phase = ({ phase }: { phase: PreviewPhase }) => {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Preview website</Button>
      <PreviewWebsiteModal
        open={open}
        onClose={() => setOpen(false)}
        url={phase === 'ready' ? page : 'https://luxe-los-angeles.salondesk.example/'}
        phase={phase}
        messages={messages}
        attempt={{ number: 2, of: 6 }}
        onCheckAgain={() => undefined}
      />
    </>
  );
};

export const Waiting: Story = () => <Phase phase="waiting" />;
export const Ready: Story = () => <Phase phase="ready" />;
export const GaveUp: Story = () => <Phase phase="gaveUp" />;
export const Failed: Story = () => <Phase phase="failed" />;
