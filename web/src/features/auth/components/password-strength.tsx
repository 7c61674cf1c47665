import { Box, Group, List, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import {
  PASSWORD_MIN_LENGTH,
  STRENGTH_MIN_LENGTH,
  passwordChecklist,
  passwordScore,
  strengthColor,
} from '@portal/contract';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t';

const SEGMENTS = 4;

/** The checklist's rules, in the contract's order (passwordChecklist). */
const RULES = [
  'auth.strength.length',
  'auth.strength.uppercase',
  'auth.strength.lowercase',
  'auth.strength.number',
  'auth.strength.special',
] as const;

/**
 * spec §5: the checklist and a four-segment meter, filled segments = score, coloured by
 * strengthColor. ARCHITECTURE §5: the server's own rule (8 characters, not a common password)
 * is stated before submit, since the checklist alone would let a 6-character password look fine.
 */
export function PasswordStrength({ password }: { password: string }) {
  const { t, rich } = useT();
  const score = passwordScore(password);
  const color = strengthColor(score);
  const label = t('auth.strength.level', { score });
  return (
    <Stack gap={6}>
      <Group
        gap={4}
        grow
        role="meter"
        aria-label={t('auth.strength.meter')}
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
        {rich('auth.strength.label', {
          level: (
            <Text span fw={700} c={`${color}.7`}>
              {label}
            </Text>
          ),
        })}
      </Text>
      <List spacing={2} size="sm" center aria-label={t('auth.strength.checklist')}>
        {passwordChecklist(password).map((item, i) => (
          <List.Item
            key={RULES[i]}
            data-met={item.met}
            c={item.met ? 'teal.8' : 'dimmed'}
            icon={
              <ThemeIcon color={item.met ? 'teal' : 'gray'} size={16} radius="xl" variant="light">
                {item.met ? <IconCheck size={12} aria-hidden /> : <IconX size={12} aria-hidden />}
              </ThemeIcon>
            }
          >
            {t(RULES[i]!, { min: STRENGTH_MIN_LENGTH })}
            <VisuallyHidden>{item.met ? t('auth.strength.met') : t('auth.strength.notMet')}</VisuallyHidden>
          </List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed">
        {t('auth.strength.rule', { min: PASSWORD_MIN_LENGTH })}
      </Text>
    </Stack>
  );
}
