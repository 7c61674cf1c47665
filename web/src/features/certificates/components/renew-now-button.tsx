import { Button } from '@mantine/core';
import type { Certificate } from '@portal/contract';
import { Link } from 'react-router';
import { usePublicConfig } from '../../../hooks/use-public-config';
import { useT } from '../../../i18n/use-t';
import { frameWords } from '../../../app/layouts/words';

/**
 * "Renew Now" (spec §2) for the certificate expiring soonest: its Renewal tab when members renew
 * in the portal (issue 33, RECERTIFICATION=portal), else the board's renewal site in a new tab.
 */
export function RenewNowButton({ certificate }: { certificate: Pick<Certificate, '_id'> | undefined }) {
  const { t } = useT(frameWords);
  const { data: config } = usePublicConfig();
  if (config?.recertification === 'portal' && certificate) {
    // From a screen of the layout (its dashboard, its certificates), in the same layout.
    return (
      <Button
        component={Link}
        to={`../certificates/${certificate._id}/renewal`}
        relative="path"
        mih={44}
        color="yellow.8"
      >
        {t('standing.renewNow')}
      </Button>
    );
  }
  return (
    <Button
      component="a"
      href={config?.renewalUrl}
      target="_blank"
      rel="noopener noreferrer"
      mih={44}
      color="yellow.8"
      disabled={!config}
    >
      {t('standing.renewNow')}
    </Button>
  );
}
