import { Anchor, Button, type ButtonProps, Stack, Text, TextInput } from '@mantine/core';
import { type ComponentProps, type FormEvent, type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../store';
import { useT } from '../../../i18n/use-t';

/** The auth state a guest screen shows; the failure another screen left is not shown on this one. */
export function useGuestScreen() {
  useEffect(() => useAuth.getState().clearError(), []);
  return useAuth();
}

interface GuestFormProps {
  /** The form's submit; the browser's own checks are off (the contract's schema checks). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  /** The form is first used: its schema starts loading (lib/contract-form.ts). */
  onFocus?: () => void;
  gap?: 'sm' | 'md';
  children: ReactNode;
}

/** A guest screen's form: its parts in a column. */
export function GuestForm({ onSubmit, onFocus, gap = 'sm', children }: GuestFormProps) {
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} onFocus={onFocus}>
      <Stack gap={gap}>{children}</Stack>
    </form>
  );
}

/** The e-mail address of the login, sign-up and reset-link forms. */
export function EmailField(props: ComponentProps<typeof TextInput>) {
  const { t } = useT();
  return <TextInput label={t('auth.emailAddress')} type="email" autoComplete="email" required {...props} />;
}

/** A guest screen's submit button: the whole width, in the landing colour. */
export function GuestSubmit(props: ButtonProps & { disabled?: boolean }) {
  return <Button type="submit" color="landing" fullWidth {...props} />;
}

/** A link to another guest screen, under the form, after a question if it needs one. */
export function GuestLink({ to, question, children }: { to: string; question?: string; children: ReactNode }) {
  return (
    <Text size="sm" ta="center">
      {question && <>{question} </>}
      <Anchor component={Link} to={to}>
        {children}
      </Anchor>
    </Text>
  );
}
