import { DashboardShell } from './dashboard-layout';

/** The right-to-left variant of the dashboard (spec §2), behind the same guards (ARCHITECTURE §6). */
export default function RtlLayout() {
  return <DashboardShell layout="/rtl" />;
}
