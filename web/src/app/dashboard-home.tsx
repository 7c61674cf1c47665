import { CertificateStanding } from '../features/certificates/components/certificate-standing';
import DashboardPage from '../features/dashboard/pages/dashboard-page';
import { InstallOffer } from '../components/install-offer';

/**
 * The dashboard as a member first sees it (issue 35): their certificates' standing, the tiles, then
 * the offer to install the app where the browser makes one. The offer comes when the browser
 * decides, often after the tiles are on screen: below them, it moves none of them under a thumb.
 */
export default function DashboardHome() {
  return <DashboardPage before={<CertificateStanding />} after={<InstallOffer />} />;
}
