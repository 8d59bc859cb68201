import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { SideNav } from './SideNav';

it('lists the sections in a named landmark and marks the current one', () => {
  render(
    <SideNav
      items={[
        { key: 'home', label: 'Home', href: '/1/home', current: true },
        { key: 'staff', label: 'Staff', href: '/1/staff', current: false },
      ]}
    />,
  );
  const nav = screen.getByRole('navigation', { name: 'Sections' });
  expect(nav).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
  expect(screen.getByRole('link', { name: 'Staff' }).getAttribute('aria-current')).toBeNull();
  expect(screen.getByRole('link', { name: 'Staff' }).getAttribute('href')).toBe('/1/staff');
});
