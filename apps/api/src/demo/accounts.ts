import { type Acl, type Currency, ROLE, type Role, UNRESTRICTED } from '@salondesk/core';

/** Every demo account signs in with this password. */
export const DEMO_PASSWORD = 'salondesk';

export interface DemoLocation {
  name: string;
  timezone: string;
  currency: Currency;
  taxrate: number;
  address: string;
  phone: string;
}

export interface DemoNetwork {
  name: string;
  locations: readonly DemoLocation[];
}

/** The demo networks and their locations, in id order (network 1 first, location ids 1–5). */
export const DEMO_NETWORKS: readonly DemoNetwork[] = [
  {
    name: 'Luxe Collective',
    locations: [
      { name: 'Luxe Los Angeles', timezone: 'America/Los_Angeles', currency: 'USD', taxrate: 9.5, address: '8471 Melrose Ave, Los Angeles, CA 90069', phone: '+1 323 555 0142' },
      { name: 'Luxe New York', timezone: 'America/New_York', currency: 'USD', taxrate: 8.875, address: '212 Mercer St, New York, NY 10012', phone: '+1 212 555 0178' },
      { name: 'Luxe Santa Monica', timezone: 'America/Los_Angeles', currency: 'USD', taxrate: 10.25, address: '1330 Montana Ave, Santa Monica, CA 90403', phone: '+1 310 555 0116' },
    ],
  },
  {
    name: 'Lotus & Harbour',
    locations: [
      { name: 'Lotus Kathmandu', timezone: 'Asia/Kathmandu', currency: 'NPR', taxrate: 13, address: 'Durbar Marg, Kathmandu 44600', phone: '+977 1 555 0190' },
      { name: 'Harbour Sydney', timezone: 'Australia/Sydney', currency: 'AUD', taxrate: 10, address: '88 George St, The Rocks NSW 2000', phone: '+61 2 5550 0133' },
    ],
  },
];

export interface DemoAccount {
  username: string;
  email: string;
  fullname: string;
  role: Role;
  acl: Acl;
  /** Whole networks granted, by name. */
  networks: readonly string[];
  /** Single locations granted, by name. */
  locations: readonly string[];
  /** What the account is for, one line (README, the start-up log). */
  description: string;
  /** For sign-in by SMS code, normalized (core's `normalizePhone`); admins sign in by password and emailed code only. */
  phone: string | null;
}

const acl = (partial: Partial<Acl>): Acl => ({ blocks: [], units: {}, restrictions: [], multiLocation: false, custom: [], ...partial });

/** The demo accounts (password `DEMO_PASSWORD`), in id order. The README and the tests read this list. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: 'admin',
    email: 'admin@salondesk.demo',
    fullname: 'Avery Admin',
    role: ROLE.ADMIN,
    acl: acl({ blocks: [UNRESTRICTED], multiLocation: true }),
    networks: [],
    locations: [],
    description: 'Platform admin: every business, the admin list (password, then a code sent by email)',
    phone: null,
  },
  {
    username: 'owner',
    email: 'owner@salondesk.demo',
    fullname: 'Olivia Laurent',
    role: ROLE.OWNER,
    acl: acl({ blocks: [UNRESTRICTED], multiLocation: true }),
    networks: ['Luxe Collective'],
    locations: [],
    description: 'Owner of Luxe Collective: its three locations',
    phone: '+13105550101',
  },
  {
    username: 'manager',
    email: 'manager@salondesk.demo',
    fullname: 'Marco Reyes',
    role: ROLE.MANAGER,
    acl: acl({
      blocks: ['operation', 'reporting'],
      units: { operation: ['view-service', 'view-staff', 'staff'], reporting: ['transactionreport', 'customreport'] },
      multiLocation: false,
    }),
    networks: [],
    locations: ['Luxe Los Angeles'],
    description: 'Restricted manager of Luxe Los Angeles only; runs the custom reports given to them',
    phone: '+13235550102',
  },
  {
    username: 'lotus',
    email: 'lotus@salondesk.demo',
    fullname: 'Anjali Shrestha',
    role: ROLE.OWNER,
    acl: acl({ blocks: [UNRESTRICTED], multiLocation: true }),
    networks: ['Lotus & Harbour'],
    locations: [],
    description: 'Owner of Lotus & Harbour: Kathmandu and Sydney',
    phone: '+9779815550103',
  },
  {
    username: 'frontdesk',
    email: 'frontdesk@salondesk.demo',
    fullname: 'Riya Tamang',
    role: ROLE.STAFF,
    acl: acl({}),
    networks: [],
    locations: ['Lotus Kathmandu'],
    description: 'Front desk of Lotus Kathmandu, no permissions beyond its home (the password-reset journey uses it)',
    phone: '+9779815550104',
  },
];

/** The roles users carry, with the default blocks and units each adds to a user's acl (spec 000 §6). */
export const DEMO_ROLES = [
  { name: ROLE.ADMIN, label: 'Platform admin', params: {} },
  { name: ROLE.OWNER, label: 'Owner', params: {} },
  { name: ROLE.MANAGER, label: 'Manager', params: { blocks: ['operation'], units: { operation: ['view-service'] } } },
  { name: ROLE.STAFF, label: 'Staff', params: {} },
] as const;
