import { Box, Group, List, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import {
  PASSWORD_MIN_LENGTH,
  passwordChecklist,
  passwordScore,
  STRENGTH_LABELS,
  strengthColor,
} from '@portal/contract';
import { IconCheck, IconX } from '@tabler/icons-react';

const SEGMENTS = 4;

/**
 * spec §5: the checklist and a four-segment meter, filled segments = score, coloured by
 * strengthColor. ARCHITECTURE §5: the server's own rule (8 characters, not a common password)
 * is stated before submit, since the checklist alone would let a 6-character password look fine.
 */
export function PasswordStrength({ password }: { password: string }) {
  const score = passwordScore(password);
  const color = strengthColor(score);
  const label = STRENGTH_LABELS[score];
  return (
    <Stack gap={6}>
      <Group
        gap={4}
        grow
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={SEGMENTS}
        aria-valuenow={score}
        aria-valuetext={label}
      >
        {Array.from({ length: SEGMENTS }, (_, i) => (
          <Box
            key={i}
            h={6}
            bg={i < score ? `${color}.6` : 'gray.3'}
            style={{ borderRadius: 3 }}
            data-testid="strength-segment"
            data-filled={i < score}
          />
        ))}
      </Group>
      <Text size="sm">
        Password strength:{' '}
        <Text span fw={700} c={`${color}.7`}>
          {label}
        </Text>
      </Text>
      <List spacing={2} size="sm" center aria-label="Password checklist">
        {passwordChecklist(password).map((item) => (
          <List.Item
            key={item.label}
            data-met={item.met}
            c={item.met ? 'teal.8' : 'dimmed'}
            icon={
              <ThemeIcon color={item.met ? 'teal' : 'gray'} size={16} radius="xl" variant="light">
                {item.met ? <IconCheck size={12} aria-hidden /> : <IconX size={12} aria-hidden />}
              </ThemeIcon>
            }
          >
            {item.label}
            <VisuallyHidden>{item.met ? ' (met)' : ' (not met)'}</VisuallyHidden>
          </List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed">
        To be accepted, a password needs at least {PASSWORD_MIN_LENGTH} characters and must not be a common password.
      </Text>
    </Stack>
  );
}
