import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  activeRoute,
  activeRouteName,
  DEFAULT_BRAND_TEXT,
  flattenRoutes,
  isGroup,
  NAVIGATION,
  navigationFor,
  type NavEntry,
} from './navigation';
import en from './layouts/messages/en';
import { navKey } from './layouts/words';

const names = (entries: NavEntry[]) => flattenRoutes(entries).map((r) => r.name);
const memberPaths = [
  '/default',
  '/certificates',
  '/certificates/:id/renewal',
  '/report',
  '/job-board',
  '/messages',
  '/profile',
  '/two-factor',
  '/help',
];
const adminPaths = [
  '/manage/certificates',
  '/manage/reports',
  '/manage/notifications',
  '/manage/jobs',
  '/manage/users',
  '/manage/help',
  '/manage/audit',
  '/manage/renewal-reminders',
  '/manage/recertification',
  '/manage/renewals',
  '/hmis-export',
  '/manage/trash',
];

describe('navigationFor', () => {
  it('gives a member only the User Menu and its routes', () => {
    const entries = navigationFor(NAVIGATION, '/admin', false);
    expect(entries.map((e) => e.name)).toEqual(['User Menu']);
    expect(flattenRoutes(entries).map((r) => r.path)).toEqual(memberPaths);
  });
  it('gives an admin the Admin Menu first, then the User Menu', () => {
    const entries = navigationFor(NAVIGATION, '/admin', true);
    expect(entries.map((e) => e.name)).toEqual(['Admin Menu', 'User Menu']);
    expect(flattenRoutes(entries).map((r) => r.path)).toEqual([...adminPaths, ...memberPaths]);
  });
  it('lists only the entries of the layout asked for (spec §2 rtl)', () => {
    const rtl = flattenRoutes(navigationFor(NAVIGATION, '/rtl', true));
    expect(rtl.every((r) => r.layout === '/rtl')).toBe(true);
    expect(rtl).toHaveLength(21);
    const mixed = NAVIGATION.filter((e) => e.layout === '/admin');
    expect(navigationFor(mixed, '/rtl', true)).toEqual([]);
  });
  it('drops admin-only groups nested inside other groups for members', () => {
    const [adminMenu] = NAVIGATION.filter(isGroup);
    const nested: NavEntry[] = [{ name: 'Outer', layout: '/admin', collapse: true, items: [adminMenu!] }];
    expect(names(navigationFor(nested, '/admin', false))).toEqual([]);
    expect(names(navigationFor(nested, '/admin', true))).toContain('All Users');
  });
});

describe('page heading (spec §2)', () => {
  const entries = navigationFor(NAVIGATION, '/admin', true);
  it('is the name of the entry matching the address', () => {
    expect(activeRouteName(entries, '/admin/default')).toBe('Dashboard');
    expect(activeRouteName(entries, '/admin/job-board')).toBe('Job Board');
    expect(activeRouteName(entries, '/admin/job-board/')).toBe('Job Board');
    expect(activeRouteName(entries, '/admin/manage/help')).toBe('Manage Help Page');
    expect(activeRouteName(navigationFor(NAVIGATION, '/rtl', false), '/rtl/profile')).toBe('Profile');
  });
  it('fills in the parameters of a screen reached from another (issue 33: a Renewal tab)', () => {
    const id = '0b8f3c3e-5d4a-4d6e-9f65-3b1c2a7d9e10';
    expect(activeRouteName(entries, `/admin/certificates/${id}/renewal`)).toBe('Renewal');
    expect(activeRouteName(entries, `/admin/certificates/${id}`)).toBe('Default Brand Text');
    expect(activeRouteName(entries, `/admin/certificates/${id}/renewal/more`)).toBe('Default Brand Text');
  });
  it("is 'Default Brand Text' when no entry matches", () => {
    expect(DEFAULT_BRAND_TEXT).toBe('Default Brand Text');
    expect(activeRouteName(entries, '/admin/nowhere')).toBe('Default Brand Text');
    expect(activeRouteName(entries, '/rtl/default')).toBe('Default Brand Text');
    expect(activeRouteName(navigationFor(NAVIGATION, '/admin', false), '/admin/manage/users')).toBe(
      'Default Brand Text',
    );
  });
  it('finds entries inside collapsible groups', () => {
    const route = flattenRoutes(entries)[0]!;
    const nested: NavEntry[] = [{ name: 'G', layout: '/admin', collapse: true, items: [{ ...route, name: 'Deep' }] }];
    expect(activeRoute(nested, route.layout + route.path)?.name).toBe('Deep');
  });
});

describe('screens', () => {
  // What the build preloads for an address is named by the module a screen says it is built from
  // (scripts/preload-frame.ts): it must be the module the screen imports.
  it('name the module they load', () => {
    const source = fs.readFileSync(path.join(__dirname, 'navigation.tsx'), 'utf8');
    const declared = [...source.matchAll(/screen\(\s*'([^']+)',\s*\(\) => import\('([^']+)'\)/g)];
    const routes = flattenRoutes(NAVIGATION);
    expect(declared).toHaveLength(new Set(routes.map((r) => r.component)).size);
    for (const [, module, specifier] of declared) {
      expect(path.join('src/app', `${specifier!}.tsx`)).toBe(module);
      expect(fs.existsSync(path.join(__dirname, '../..', module!))).toBe(true);
    }
    expect(new Set(routes.map((r) => r.component.module))).toEqual(new Set(declared.map((m) => m[1])));
  });
});

describe('the navigation in the catalogues (issue 34)', () => {
  it('names every entry, group and dashboard tile with a message of its own', () => {
    const all = (entries: NavEntry[]): string[] =>
      entries.flatMap((e) => (isGroup(e) ? [e.name, ...all(e.items)] : [e.name]));
    const keys = new Set(Object.keys(en));
    const missing = [...new Set(all(navigationFor(NAVIGATION, '/admin', true)))].filter((n) => !keys.has(navKey(n)));
    expect(missing).toEqual([]);
  });
});
