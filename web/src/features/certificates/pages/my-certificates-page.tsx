import { Alert, Card, Center, Group, Loader, Stack, Text } from '@mantine/core';
import type { Certificate } from '@portal/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { LoadError, UNREACHABLE } from '../../../components/load-error';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useAuth } from '../../auth/store';
import { useMyCertificates } from '../api/use-my-certificates';
import { CertificateShareDialog } from '../components/certificate-share-dialog';
import { MyCertificateViewer } from '../components/my-certificate-viewer';
import { MyCertificatesTable } from '../components/my-certificates-table';
import { hasExpiringSoon, standingOf } from '../utils/my-certificates';
import { RenewNowButton } from '../components/renew-now-button';
import { useT } from '../../../i18n/use-t';
import { certificatesWords } from '../words';

/** /admin/certificates (spec §2): the holder's certificates and the renewal warning. */
export default function MyCertificatesPage() {
  const { t } = useT(certificatesWords);
  const email = useAuth((s) => s.user?.email ?? '');
  const { data: certificates, isPending, isError, error, refetch, isFetching } = useMyCertificates(email);
  const [viewing, setViewing] = useState<Certificate | null>(null);
  const [sharing, setSharing] = useState<Certificate | null>(null);

  useEffect(() => {
    if (!isError) return;
    console.error('Loading certificates failed', error);
    // spec §8: load failure toast.
    toast.error(t('common.error'), t('certificates.loadFailedToast'));
  }, [isError, error, t]);

  return (
    <Stack gap="lg">
      <Text maw={720}>{t('certificates.mine.intro')}</Text>
      {certificates && hasExpiringSoon(certificates) && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          <Group justify="space-between" gap="sm">
            <Text>{t('certificates.mine.expiringSoon')}</Text>
            <RenewNowButton certificate={standingOf(certificates).expiringSoon[0]} />
          </Group>
        </Alert>
      )}
      <Card withBorder radius="lg" padding="lg">
        {isPending && email ? (
          <Center py="xl">
            <Loader aria-label={t('certificates.loading')} />
          </Center>
        ) : isError && !certificates ? (
          // Issue 35: a failure is not "No certificates found".
          <LoadError
            title={t('certificates.mine.loadFailed')}
            message={errorMessage(error, UNREACHABLE)}
            onRetry={refetch}
            retrying={isFetching}
          />
        ) : (
          <MyCertificatesTable certificates={certificates ?? []} onView={setViewing} onShare={setSharing} />
        )}
      </Card>
      <MyCertificateViewer certificate={viewing} onClose={() => setViewing(null)} />
      <CertificateShareDialog certificate={sharing} onClose={() => setSharing(null)} />
    </Stack>
  );
}
