import { Alert, Button, Group, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useT } from '../i18n/use-t';
import { commonWords } from './words';

export interface ConflictField {
  label: string;
  value: string;
}

interface EditConflictAlertProps {
  /** What was edited, as the title names it, in the screens' language: 'this job', 'your profile'. */
  record: string;
  /** The values as someone else saved them: at least the fields the form edits. */
  fields: ConflictField[];
  onReload: () => void;
  disabled?: boolean;
}

/**
 * Issue 16 (decision 0015): a save refused because someone else saved first. Nothing was
 * changed; their values are shown, and Reload puts them into the form so that the change can be
 * made again on top of theirs.
 */
export function EditConflictAlert({ record, fields, onReload, disabled }: EditConflictAlertProps) {
  const { t, rich } = useT(commonWords);
  return (
    <Alert
      color="orange"
      variant="light"
      title={t('common.ui.conflict.title', { record })}
      icon={<IconAlertTriangle size={18} aria-hidden />}
    >
      <Text size="sm">{t('common.ui.conflict.nothingSaved')}</Text>
      <List size="sm" mt={4} spacing={2} aria-label={t('common.ui.conflict.values')}>
        {fields.map(({ label, value }) => (
          <List.Item key={label}>
            {rich('common.ui.conflict.field', {
              label: (
                <Text span size="sm" fw={600}>
                  {label}
                </Text>
              ),
              value:
                value === '' ? (
                  <Text span size="sm" c="dimmed">
                    {t('common.ui.conflict.empty')}
                  </Text>
                ) : (
                  // Their value as they typed it, in its own direction.
                  <bdi>{value}</bdi>
                ),
            })}
          </List.Item>
        ))}
      </List>
      <Group justify="space-between" mt="sm" wrap="nowrap" gap="sm">
        <Text size="sm">{t('common.ui.conflict.reloadHint')}</Text>
        <Button size="xs" onClick={onReload} disabled={disabled}>
          {t('common.reload')}
        </Button>
      </Group>
    </Alert>
  );
}
