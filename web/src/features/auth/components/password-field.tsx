import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { forwardRef } from 'react';
import { useT } from '../../../i18n/use-t';

/**
 * A password input whose show/hide toggle is a real, focusable button with a name
 * (Mantine hides it from assistive technology by default); aria-pressed tells its state.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordField(props, ref) {
  const { t } = useT();
  return (
    <PasswordInput
      ref={ref}
      visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword'), tabIndex: 0 }}
      {...props}
    />
  );
});
