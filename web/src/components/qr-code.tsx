import { Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useT } from '../i18n/use-t';
import { commonWords } from './words';

/**
 * A QR code of `value` (issue 11), drawn by the qrcode package as SVG. The package loads when a
 * code is first shown, not with the page.
 */
export function QrCode({ value, size = 160, label }: { value: string; size?: number; label: string }) {
  const { t } = useT(commonWords);
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toString(value, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 }))
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`);
      });
    return () => {
      live = false;
    };
  }, [value]);
  if (!src) return <Skeleton width={size} height={size} aria-label={t('common.ui.loadingQrCode')} />;
  return <img src={src} alt={label} width={size} height={size} style={{ display: 'block', background: '#fff' }} />;
}
