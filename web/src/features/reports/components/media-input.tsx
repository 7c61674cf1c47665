import { Box, Input, Stack } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { useT } from '../../../i18n/use-t';
import { reportsWords } from '../words';

interface MediaInputProps {
  kind: 'image' | 'video';
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
  /** Why the input is disabled, shown under its label. */
  description?: string;
}

/**
 * Shows the file through an object URL set on the element, revoked when the file changes or the
 * preview goes (an effect that syncs the DOM, so StrictMode's double run is harmless).
 */
function Preview({ kind, file }: { kind: 'image' | 'video'; file: File }) {
  const { t } = useT(reportsWords);
  const ref = useRef<HTMLImageElement & HTMLVideoElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(file);
    if (ref.current) ref.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return kind === 'image' ? (
    <img ref={ref} alt={t('reports.media.imagePreview')} style={{ maxWidth: '100%', borderRadius: 8 }} />
  ) : (
    <video
      ref={ref}
      controls
      aria-label={t('reports.media.videoPreview')}
      style={{ maxWidth: '100%', borderRadius: 8 }}
    />
  );
}

/** A native file input (labelled, so getByLabel finds it) with a preview of the chosen file. */
export function MediaInput({ kind, label, file, onChange, disabled, description }: MediaInputProps) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);

  // The parent clears the file after a submit: the input must forget it too.
  useEffect(() => {
    if (!file && ref.current) ref.current.value = '';
  }, [file]);

  return (
    <Input.Wrapper
      label={label}
      labelProps={{ htmlFor: id }}
      description={description}
      descriptionProps={{ id: `${id}-description` }}
    >
      <Stack gap="xs" mt={4}>
        <input
          ref={ref}
          id={id}
          type="file"
          accept={kind === 'image' ? 'image/*' : 'video/*'}
          // Issue 35: on a phone, the photo is taken with the back camera, at the client.
          capture={kind === 'image' ? 'environment' : undefined}
          // A 44 px target, and never wider than the phone's screen.
          style={{ minHeight: 44, maxWidth: '100%' }}
          disabled={disabled}
          aria-describedby={description ? `${id}-description` : undefined}
          onChange={(e) => onChange(e.currentTarget.files?.[0] ?? null)}
        />
        {file && (
          <Box maw={320}>
            <Preview kind={kind} file={file} />
          </Box>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
