import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { forwardRef } from 'react';

/**
 * A password input whose show/hide toggle is a real, focusable button with a name
 * (Mantine hides it from assistive technology by default); aria-pressed tells its state.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordField(props, ref) {
  return (
    <PasswordInput ref={ref} visibilityToggleButtonProps={{ 'aria-label': 'Show password', tabIndex: 0 }} {...props} />
  );
});
