import { CertificateStanding } from '../features/certificates/components/certificate-standing';
import DashboardPage from '../features/dashboard/pages/dashboard-page';
import { InstallOffer } from '../components/install-offer';

/**
 * The dashboard as a member first sees it (issue 35): their certificates' standing, the offer to
 * install the app where the browser makes one, then the tiles.
 */
export default function DashboardHome() {
  return (
    <DashboardPage
      before={
        <>
          <CertificateStanding />
          <InstallOffer />
        </>
      }
    />
  );
}
