import { ActionIcon, Anchor, CopyButton, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconShare } from '@tabler/icons-react';
import { toast } from '../../../lib/toast';
import { useT } from '../../../i18n/use-t';
import { certificatesWords, type CertificatesT } from '../words';

/** The phone's share sheet (Web Share API), where the browser has one for this link. */
const canShare = (data: ShareData) =>
  typeof navigator !== 'undefined' &&
  typeof navigator.share === 'function' &&
  (typeof navigator.canShare !== 'function' || navigator.canShare(data));

/**
 * Opens the share sheet. A dismissed sheet rejects with AbortError: nothing to tell. Any other
 * refusal (a sheet that fails, a permission policy) copies the link instead, and says so.
 */
async function share(t: CertificatesT, data: ShareData) {
  try {
    await navigator.share(data);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') return;
    try {
      await navigator.clipboard.writeText(data.url!);
      toast.success(t('certificates.link.copiedTitle'), t('certificates.link.copiedText'));
    } catch {
      toast.error(t('common.error'), t('certificates.link.shareFailed'));
    }
  }
}

/**
 * The public verification link of a certificate, with a button that copies it and, where the
 * device has a share sheet (issue 35: phones), one that opens it.
 */
export function VerificationLink({ url, title }: { url: string; title?: string }) {
  const { t } = useT(certificatesWords);
  const shareData: ShareData = { url, ...(title ? { title } : {}) };
  return (
    <Group gap={4} wrap="nowrap" align="center">
      <Anchor
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        dir="auto"
        style={{ overflowWrap: 'anywhere' }}
      >
        {url}
      </Anchor>
      <CopyButton value={url} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('certificates.copied') : t('certificates.link.copy')} withArrow>
            <ActionIcon
              variant="subtle"
              size="lg"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={copied ? t('certificates.copied') : t('certificates.link.copyLink')}
            >
              {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
      {canShare(shareData) && (
        <ActionIcon
          variant="subtle"
          size="lg"
          color="gray"
          aria-label={t('certificates.link.share')}
          onClick={() => void share(t, shareData)}
        >
          <IconShare size={18} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}
