import { Image } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { reportsWords } from '../words';
import placeholder from '../assets/report-placeholder.svg';

/**
 * A report's image, fetched with the admin's session cookie (files are not public,
 * ARCHITECTURE §5); the bundled dummy image when there is none or it cannot be loaded.
 */
export function ReportImage({ src, alt, h }: { src: string; alt: string; h: number }) {
  const { t } = useT(reportsWords);
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && failed !== src;
  return (
    <Image
      src={usable ? src : placeholder}
      alt={usable ? alt : t('reports.details.noImage')}
      h={h}
      fit={usable ? 'cover' : 'contain'}
      onError={() => setFailed(src)}
    />
  );
}
