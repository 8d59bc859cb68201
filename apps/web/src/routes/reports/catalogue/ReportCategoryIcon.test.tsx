import { REPORT_CATEGORY_ICONS } from '@salondesk/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REPORT_CATEGORY_ICON_NAMES, ReportCategoryIcon } from './ReportCategoryIcon';

describe('ReportCategoryIcon', () => {
  it('draws every icon a category may choose', () => {
    expect([...REPORT_CATEGORY_ICON_NAMES].sort()).toEqual([...REPORT_CATEGORY_ICONS].sort());
  });
  it('is hidden from assistive technology and draws a document for no icon', () => {
    const { container } = render(<ReportCategoryIcon name={null} />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.querySelectorAll('path').length).toBeGreaterThan(0);
  });
});
