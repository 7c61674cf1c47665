import { Anchor, Button, Center, Loader, Modal, Stack, Text } from '@mantine/core';
import type { Certificate } from '@portal/contract';
import { certificateFileUrl } from '../api/use-certificate-status';
import { useCertificateDocumentKind } from '../api/use-my-certificates';
import { useT } from '../../../i18n/use-t';
import { certificatesWords } from '../words';

const frameStyle = { width: '100%', height: '70vh', border: 0 } as const;

function DocumentView({ certificate }: { certificate: Certificate }) {
  const { t } = useT(certificatesWords);
  const link = certificate.downloadLink;
  const { data: kind, isPending } = useCertificateDocumentKind(link);
  if (isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('certificates.viewer.loading')} />
      </Center>
    );
  }
  if (kind === 'pdf') {
    // The server serves PDFs inline; the browser's own viewer shows them.
    return (
      <object data={link} type="application/pdf" title={certificate.name} style={frameStyle}>
        <Anchor href={link} target="_blank" rel="noopener noreferrer">
          {t('certificates.viewer.open')}
        </Anchor>
      </object>
    );
  }
  if (kind === 'docx') {
    // The server renders a .docx as HTML; sandboxed, so nothing in it can run.
    return <iframe src={`${link}?format=html`} title={certificate.name} sandbox="" style={frameStyle} />;
  }
  return (
    <Stack align="center" py="xl">
      <Text>{t('certificates.viewer.cannotShow')}</Text>
      <Button component="a" href={link} target="_blank" rel="noopener noreferrer">
        {t('certificates.downloadCertificate')}
      </Button>
    </Stack>
  );
}

/** 'View Certificate' (spec §2): the document inline, or 'No document available'. */
export function MyCertificateViewer({
  certificate,
  onClose,
}: {
  certificate: Certificate | null;
  onClose: () => void;
}) {
  const { t } = useT(certificatesWords);
  return (
    <Modal
      opened={certificate !== null}
      onClose={onClose}
      title={certificate && <bdi>{certificate.name}</bdi>}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('certificates.close') }}
    >
      {certificate &&
        (certificate.downloadLink === '' ? (
          <Stack align="center" py="lg" gap="xs" ta="center">
            <Text fw={600}>{t('certificates.viewer.noDocument')}</Text>
            <Text size="sm" c="dimmed">
              {t('certificates.viewer.noDocumentText')}
            </Text>
            <Button
              component="a"
              href={certificateFileUrl(certificate, 'pdf')}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('certificates.downloadPdf')}
            </Button>
          </Stack>
        ) : (
          <DocumentView certificate={certificate} />
        ))}
    </Modal>
  );
}
