import { Anchor, Button, Center, Loader, Modal, Stack, Text } from '@mantine/core';
import type { Certificate } from '@portal/contract';
import { certificateFileUrl } from '../api/use-certificate-status';
import { useCertificateDocumentKind } from '../api/use-my-certificates';
import { NO_DOCUMENT_YET } from './my-certificates-table';

const frameStyle = { width: '100%', height: '70vh', border: 0 } as const;

function DocumentView({ certificate }: { certificate: Certificate }) {
  const link = certificate.downloadLink;
  const { data: kind, isPending } = useCertificateDocumentKind(link);
  if (isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading document" />
      </Center>
    );
  }
  if (kind === 'pdf') {
    // The server serves PDFs inline; the browser's own viewer shows them.
    return (
      <object data={link} type="application/pdf" title={certificate.name} style={frameStyle}>
        <Anchor href={link} target="_blank" rel="noopener noreferrer">
          Open the certificate
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
      <Text>This document cannot be shown here. Download it to open it.</Text>
      <Button component="a" href={link} target="_blank" rel="noopener noreferrer">
        Download Certificate
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
  return (
    <Modal opened={certificate !== null} onClose={onClose} title={certificate?.name} size="xl" centered>
      {certificate &&
        (certificate.downloadLink === '' ? (
          <Stack align="center" py="lg" gap="xs" ta="center">
            <Text fw={600}>No document available</Text>
            <Text size="sm" c="dimmed">
              {NO_DOCUMENT_YET}. Meanwhile, the generated PDF of your certificate is always available.
            </Text>
            <Button
              component="a"
              href={certificateFileUrl(certificate, 'pdf')}
              target="_blank"
              rel="noopener noreferrer"
            >
              Download PDF
            </Button>
          </Stack>
        ) : (
          <DocumentView certificate={certificate} />
        ))}
    </Modal>
  );
}
