import { Button, CopyButton, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { type Certificate, WALLET_OFFER_MINUTES, type WalletOffer } from '@portal/contract';
import { IconWallet } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { QrCode } from '../../../components/qr-code';
import { usePhone } from '../../../hooks/use-phone';
import { ApiError } from '../../../lib/api';
import { useWalletOffer } from '../api/use-certificate-status';
import { formatTimeOfDay } from '../../../lib/dates';
import { useT } from '../../../i18n/use-t';
import { certificatesWords, type CertificatesKey } from '../words';

type WalletPath = 'lcw' | 'openid' | 'link';

/** The three ways a wallet takes the credential (decision 0042), and what the holder reads about each. */
const PATHS: Record<
  WalletPath,
  { label: CertificatesKey; hint: CertificatesKey; open: CertificatesKey; url: (o: WalletOffer) => string }
> = {
  lcw: {
    label: 'certificates.wallet.lcw',
    hint: 'certificates.wallet.lcwHint',
    open: 'certificates.wallet.openApp',
    url: (o) => o.lcwLink,
  },
  openid: {
    label: 'certificates.wallet.openid',
    hint: 'certificates.wallet.openidHint',
    open: 'certificates.wallet.openApp',
    url: (o) => o.openidCredentialOffer,
  },
  link: {
    label: 'certificates.wallet.link',
    hint: 'certificates.wallet.linkHint',
    open: 'certificates.wallet.copyLink',
    url: (o) => o.credentialUrl,
  },
};

/** True once `iso` has passed; turns true by itself at that moment. */
function usePassed(iso: string | undefined) {
  const [passed, setPassed] = useState<string>();
  useEffect(() => {
    if (!iso) return;
    const timer = setTimeout(() => setPassed(iso), Math.max(0, new Date(iso).getTime() - Date.now()));
    return () => clearTimeout(timer);
  }, [iso]);
  return iso !== undefined && passed === iso;
}

/**
 * Issue 31: "Add to a digital wallet" in the share dialog. The QR code is made when asked for,
 * since each is single-use and good for WALLET_OFFER_MINUTES; a phone that holds the wallet opens
 * it directly instead of scanning.
 */
export function WalletOfferPanel({ certificate }: { certificate: Certificate }) {
  const { t } = useT(certificatesWords);
  const phone = usePhone();
  const ask = useWalletOffer();
  const [path, setPath] = useState<WalletPath>('lcw');
  const offer = ask.data;
  const expired = usePassed(offer?.expiresAt);
  const chosen = PATHS[path];
  const request = () => ask.mutate(certificate._id);

  if (certificate.status !== 'Active') {
    return (
      <Text size="sm" c="dimmed">
        {t('certificates.wallet.notActive')}
      </Text>
    );
  }
  if (!offer) {
    return (
      <Stack gap={4} align="flex-start">
        <Button
          variant="light"
          leftSection={<IconWallet size={16} aria-hidden />}
          loading={ask.isPending}
          onClick={request}
        >
          {t('certificates.wallet.show')}
        </Button>
        {ask.isError && (
          <Text size="sm" c="red" role="alert">
            {ask.error instanceof ApiError && ask.error.message ? ask.error.message : t('certificates.wallet.failed')}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <SegmentedControl
        value={path}
        onChange={(v) => setPath(v as WalletPath)}
        data={(Object.keys(PATHS) as WalletPath[]).map((value) => ({ value, label: t(PATHS[value].label) }))}
        orientation={phone ? 'vertical' : 'horizontal'}
        fullWidth
        // Issue 35: a thumb's target on a phone (44 px, as the report's controls).
        styles={
          phone
            ? { label: { minHeight: 44, display: 'flex', alignItems: 'center', justifyContent: 'center' } }
            : undefined
        }
        aria-label={t('certificates.wallet.choice')}
      />
      {expired ? (
        <Text size="sm" role="status">
          {t('certificates.wallet.expired')}
        </Text>
      ) : (
        <Group align="flex-start" wrap="wrap" gap="lg">
          <QrCode value={chosen.url(offer)} label={t('certificates.wallet.qr', { wallet: t(chosen.label) })} />
          <Stack gap="xs" style={{ flex: 1, minWidth: 200 }}>
            <Text size="sm">{t(chosen.hint)}</Text>
            {path === 'link' ? (
              <CopyButton value={offer.credentialUrl} timeout={2000}>
                {({ copied, copy }) => (
                  <Button variant="default" onClick={copy}>
                    {copied ? t('certificates.copied') : t(chosen.open)}
                  </Button>
                )}
              </CopyButton>
            ) : (
              phone && (
                <Button component="a" href={chosen.url(offer)} variant="default">
                  {t(chosen.open)}
                </Button>
              )
            )}
            <Text size="xs" c="dimmed">
              {t('certificates.wallet.worksOnce', {
                time: formatTimeOfDay(offer.expiresAt),
                minutes: WALLET_OFFER_MINUTES,
              })}
            </Text>
          </Stack>
        </Group>
      )}
      <Button variant="subtle" onClick={request} loading={ask.isPending} style={{ alignSelf: 'flex-start' }}>
        {t('certificates.wallet.again')}
      </Button>
    </Stack>
  );
}
