import { ButtonLink } from '../../app/ButtonLink';

/** The links between the Waivers screens, in each one's header. */
export function WaiverTabs({ businessId, current }: { businessId: number; current: 'list' | 'report' | 'signatures' }) {
  const tabs = [
    { id: 'list', label: 'Waivers', to: `/${businessId}/waivers` },
    { id: 'report', label: 'Report', to: `/${businessId}/waivers/report` },
    { id: 'signatures', label: 'Signatures', to: `/${businessId}/waivers/signatures` },
  ] as const;
  return (
    <nav aria-label="Waivers" className="flex flex-wrap gap-2">
      {tabs.map((tab) => (
        <ButtonLink key={tab.id} to={tab.to} variant={tab.id === current ? 'primary' : 'secondary'} aria-current={tab.id === current ? 'page' : undefined}>
          {tab.label}
        </ButtonLink>
      ))}
    </nav>
  );
}
