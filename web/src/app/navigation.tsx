import {
  IconBell,
  IconBellRinging,
  IconBriefcase,
  IconCalendarCheck,
  IconClipboardList,
  IconCertificate,
  IconFileReport,
  IconFileZip,
  IconHelp,
  IconLayoutDashboard,
  IconTrash,
  IconMessages,
  IconRosetteDiscountCheck,
  IconShieldLock,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { lazy, type ComponentType, type ReactNode, useState } from 'react';
import { matchPath } from 'react-router';

export type Layout = '/admin' | '/rtl';

/** A screen of the dashboard (spec §3 Navigation entry). */
export interface NavRoute {
  name: string;
  layout: Layout;
  /** Relative to the layout, with a leading slash: '/default', '/manage/jobs'. */
  path: string;
  component: Screen;
  icon: ReactNode;
  /** spec §2: some entries are secondary and carry a navbar message. */
  secondary?: boolean;
  messageNavbar?: string;
  /**
   * A screen reached from another (a certificate's Renewal tab), not listed in the sidebar; its
   * path may hold parameters (`/certificates/:id/renewal`).
   */
  hidden?: boolean;
}

/** A titled group of entries: a category (always open) or a collapsible group. */
export interface NavGroup {
  name: string;
  layout: Layout;
  category?: boolean;
  collapse?: boolean;
  /** Shown only to administrators (spec §2 'Admin Menu'). */
  adminOnly?: boolean;
  items: NavEntry[];
}

export type NavEntry = NavRoute | NavGroup;

export const isGroup = (entry: NavEntry): entry is NavGroup => 'items' in entry;

export const DEFAULT_BRAND_TEXT = 'Default Brand Text';

/**
 * A screen: its own chunk, loaded the first time it is shown, and the module that chunk is built
 * from (relative to web/), by which the build names the chunks a first visit to its address
 * preloads (scripts/preload-frame.ts). navigation.test.tsx checks that the two name one file.
 */
export type Screen = ComponentType & {
  module: string;
  /** Loads the screen's code; once it is in, the screen renders at once, without suspending. */
  preload: () => Promise<void>;
};

function screen(module: string, load: () => Promise<{ default: ComponentType }>): Screen {
  let Loaded: ComponentType | undefined;
  const preload = () =>
    load().then((m) => {
      Loaded = m.default;
    });
  const Lazy = lazy(async () => {
    await preload();
    return { default: Loaded! };
  });
  // A lazy component suspends on its first render even when its code is in; a screen already
  // loaded (preloaded under a server-rendered first screen, main.tsx) is rendered as it is. Chosen
  // once per mount: switching the two later would mount the screen afresh and lose its state.
  const Screen = () => {
    const [Component] = useState(() => Loaded ?? Lazy);
    return <Component />;
  };
  return Object.assign(Screen, { module, preload });
}

/**
 * Loads the code of the screen at `pathname` (under /admin or /rtl), so that the first render
 * over a server-rendered first screen shows it at once, never its loader (main.tsx).
 */
export async function preloadScreen(pathname: string): Promise<void> {
  for (const layout of ['/admin', '/rtl'] as const) {
    const route = activeRoute(navigationFor(NAVIGATION, layout, true), pathname);
    if (route) return route.component.preload();
  }
}

const pages = {
  dashboard: screen('src/app/dashboard-home.tsx', () => import('./dashboard-home')),
  certificates: screen(
    'src/features/certificates/pages/my-certificates-page.tsx',
    () => import('../features/certificates/pages/my-certificates-page'),
  ),
  report: screen('src/features/reports/pages/report-page.tsx', () => import('../features/reports/pages/report-page')),
  jobBoard: screen('src/features/jobs/pages/job-board-page.tsx', () => import('../features/jobs/pages/job-board-page')),
  messages: screen(
    'src/features/messages/pages/messages-page.tsx',
    () => import('../features/messages/pages/messages-page'),
  ),
  profile: screen(
    'src/features/profile/pages/profile-page.tsx',
    () => import('../features/profile/pages/profile-page'),
  ),
  help: screen('src/features/help/pages/help-page.tsx', () => import('../features/help/pages/help-page')),
  manageCertificates: screen(
    'src/features/certificates/pages/manage-certificates-page.tsx',
    () => import('../features/certificates/pages/manage-certificates-page'),
  ),
  manageReports: screen(
    'src/features/reports/pages/manage-reports-page.tsx',
    () => import('../features/reports/pages/manage-reports-page'),
  ),
  manageNotifications: screen(
    'src/features/notifications/pages/manage-notifications-page.tsx',
    () => import('../features/notifications/pages/manage-notifications-page'),
  ),
  manageJobs: screen(
    'src/features/jobs/pages/manage-jobs-page.tsx',
    () => import('../features/jobs/pages/manage-jobs-page'),
  ),
  manageUsers: screen(
    'src/features/users/pages/manage-users-page.tsx',
    () => import('../features/users/pages/manage-users-page'),
  ),
  manageHelp: screen(
    'src/features/help/pages/manage-help-page.tsx',
    () => import('../features/help/pages/manage-help-page'),
  ),
  auditLog: screen(
    'src/features/audit/pages/audit-log-page.tsx',
    () => import('../features/audit/pages/audit-log-page'),
  ),
  renewalReminders: screen(
    'src/features/reminders/pages/renewal-reminders-page.tsx',
    () => import('../features/reminders/pages/renewal-reminders-page'),
  ),
  recertificationRules: screen(
    'src/features/recertification/pages/recertification-rules-page.tsx',
    () => import('../features/recertification/pages/recertification-rules-page'),
  ),
  renewals: screen(
    'src/features/recertification/pages/renewals-page.tsx',
    () => import('../features/recertification/pages/renewals-page'),
  ),
  renewal: screen(
    'src/features/recertification/pages/renewal-page.tsx',
    () => import('../features/recertification/pages/renewal-page'),
  ),
  hmisExport: screen(
    'src/features/hmis-export/pages/hmis-export-page.tsx',
    () => import('../features/hmis-export/pages/hmis-export-page'),
  ),
  trash: screen('src/features/trash/pages/trash-page.tsx', () => import('../features/trash/pages/trash-page')),
  twoFactor: screen(
    'src/features/two-factor/pages/two-factor-page.tsx',
    () => import('../features/two-factor/pages/two-factor-page'),
  ),
};

const iconProps = { size: 20, stroke: 1.75, 'aria-hidden': true } as const;

/** The navigation of one layout. Both layouts show the same screens (ARCHITECTURE §6: same guards). */
function entriesFor(layout: Layout): NavEntry[] {
  return [
    {
      name: 'Admin Menu',
      layout,
      category: true,
      adminOnly: true,
      items: [
        {
          name: 'All Certificates',
          layout,
          path: '/manage/certificates',
          component: pages.manageCertificates,
          icon: <IconCertificate {...iconProps} />,
        },
        {
          name: 'All Reports',
          layout,
          path: '/manage/reports',
          component: pages.manageReports,
          icon: <IconFileReport {...iconProps} />,
        },
        {
          name: 'Manage Notifications',
          layout,
          path: '/manage/notifications',
          component: pages.manageNotifications,
          icon: <IconBell {...iconProps} />,
        },
        {
          name: 'All Jobs',
          layout,
          path: '/manage/jobs',
          component: pages.manageJobs,
          icon: <IconBriefcase {...iconProps} />,
        },
        {
          name: 'All Users',
          layout,
          path: '/manage/users',
          component: pages.manageUsers,
          icon: <IconUsers {...iconProps} />,
        },
        {
          name: 'Manage Help Page',
          layout,
          path: '/manage/help',
          component: pages.manageHelp,
          icon: <IconHelp {...iconProps} />,
        },
        {
          name: 'Audit Log',
          layout,
          path: '/manage/audit',
          component: pages.auditLog,
          icon: <IconClipboardList {...iconProps} />,
        },
        {
          name: 'Renewal Reminders',
          layout,
          path: '/manage/renewal-reminders',
          component: pages.renewalReminders,
          icon: <IconBellRinging {...iconProps} />,
        },
        // Issue 33: the recertification rules and the renewals queue.
        {
          name: 'Recertification Rules',
          layout,
          path: '/manage/recertification',
          component: pages.recertificationRules,
          icon: <IconRosetteDiscountCheck {...iconProps} />,
        },
        {
          name: 'Renewals',
          layout,
          path: '/manage/renewals',
          component: pages.renewals,
          icon: <IconCalendarCheck {...iconProps} />,
        },
        {
          name: 'HMIS Export',
          layout,
          path: '/hmis-export',
          component: pages.hmisExport,
          icon: <IconFileZip {...iconProps} />,
        },
        {
          name: 'Trash',
          layout,
          path: '/manage/trash',
          component: pages.trash,
          icon: <IconTrash {...iconProps} />,
        },
      ],
    },
    {
      name: 'User Menu',
      layout,
      category: true,
      items: [
        {
          name: 'Dashboard',
          layout,
          path: '/default',
          component: pages.dashboard,
          icon: <IconLayoutDashboard {...iconProps} />,
        },
        {
          name: 'Certificates',
          layout,
          path: '/certificates',
          component: pages.certificates,
          icon: <IconCertificate {...iconProps} />,
        },
        // Issue 33: a certificate's Renewal tab, where "Renew Now" and the reminders lead.
        {
          name: 'Renewal',
          layout,
          path: '/certificates/:id/renewal',
          component: pages.renewal,
          icon: <IconRosetteDiscountCheck {...iconProps} />,
          hidden: true,
        },
        {
          name: 'Report',
          layout,
          path: '/report',
          component: pages.report,
          icon: <IconFileReport {...iconProps} />,
        },
        {
          name: 'Job Board',
          layout,
          path: '/job-board',
          component: pages.jobBoard,
          icon: <IconBriefcase {...iconProps} />,
        },
        {
          name: 'Messages',
          layout,
          path: '/messages',
          component: pages.messages,
          icon: <IconMessages {...iconProps} />,
        },
        {
          name: 'Profile',
          layout,
          path: '/profile',
          component: pages.profile,
          icon: <IconUser {...iconProps} />,
        },
        // Issue 19: the user's own second factor.
        {
          name: 'Two-Factor Sign-In',
          layout,
          path: '/two-factor',
          component: pages.twoFactor,
          icon: <IconShieldLock {...iconProps} />,
        },
        { name: 'Help', layout, path: '/help', component: pages.help, icon: <IconHelp {...iconProps} /> },
      ],
    },
  ];
}

export const NAVIGATION: NavEntry[] = [...entriesFor('/admin'), ...entriesFor('/rtl')];

/**
 * The entries one user sees in one layout: only that layout's entries (spec §2: the rtl variant
 * lists only entries whose layout is /rtl), and admin groups only for admins (spec §2, §6).
 */
export function navigationFor(entries: NavEntry[], layout: Layout, isAdmin: boolean): NavEntry[] {
  return entries.flatMap((entry): NavEntry[] => {
    if (entry.layout !== layout) return [];
    if (!isGroup(entry)) return [entry];
    if (entry.adminOnly && !isAdmin) return [];
    return [{ ...entry, items: navigationFor(entry.items, layout, isAdmin) }];
  });
}

/** Every screen in a navigation tree, groups flattened: the route list. */
export function flattenRoutes(entries: NavEntry[]): NavRoute[] {
  return entries.flatMap((entry) => (isGroup(entry) ? flattenRoutes(entry.items) : [entry]));
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The entry whose address is the current one (its parameters filled in), if any. */
export function activeRoute(entries: NavEntry[], pathname: string): NavRoute | undefined {
  const current = trimSlash(pathname);
  return flattenRoutes(entries).find((route) => matchPath(route.layout + route.path, current) !== null);
}

/** spec §2: the page heading is the matching entry's name, default 'Default Brand Text'. */
export const activeRouteName = (entries: NavEntry[], pathname: string) =>
  activeRoute(entries, pathname)?.name ?? DEFAULT_BRAND_TEXT;
