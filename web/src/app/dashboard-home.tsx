import { CertificateStanding } from '../features/certificates/components/certificate-standing';
import DashboardPage from '../features/dashboard/pages/dashboard-page';

/** The dashboard as a member first sees it (issue 35): their certificates' standing, then the tiles. */
export default function DashboardHome() {
  return <DashboardPage before={<CertificateStanding />} />;
}
