import { ActionIcon, Anchor, CopyButton, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconShare } from '@tabler/icons-react';
import { toast } from '../../../lib/toast';

/** The phone's share sheet (Web Share API), where the browser has one for this link. */
const canShare = (data: ShareData) =>
  typeof navigator !== 'undefined' &&
  typeof navigator.share === 'function' &&
  (typeof navigator.canShare !== 'function' || navigator.canShare(data));

/**
 * Opens the share sheet. A dismissed sheet rejects with AbortError: nothing to tell. Any other
 * refusal (a sheet that fails, a permission policy) copies the link instead, and says so.
 */
async function share(data: ShareData) {
  try {
    await navigator.share(data);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') return;
    try {
      await navigator.clipboard.writeText(data.url!);
      toast.success('Link copied', 'The share sheet did not open, so the link was copied instead.');
    } catch {
      toast.error('Error', 'Unable to share the link. Copy it from the page instead.');
    }
  }
}

/**
 * The public verification link of a certificate, with a button that copies it and, where the
 * device has a share sheet (issue 35: phones), one that opens it.
 */
export function VerificationLink({ url, title }: { url: string; title?: string }) {
  const shareData: ShareData = { url, ...(title ? { title } : {}) };
  return (
    <Group gap={4} wrap="nowrap" align="center">
      <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
        {url}
      </Anchor>
      <CopyButton value={url} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
            <ActionIcon
              variant="subtle"
              size="lg"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={copied ? 'Copied' : 'Copy verification link'}
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
          aria-label="Share verification link"
          onClick={() => void share(shareData)}
        >
          <IconShare size={18} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}
