import { Alert, Button, Group, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

export interface ConflictField {
  label: string;
  value: string;
}

interface EditConflictAlertProps {
  /** What was edited, as the title names it: 'this job', 'your profile'. */
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
  return (
    <Alert
      color="orange"
      variant="light"
      title={`Someone else changed ${record} since you opened it.`}
      icon={<IconAlertTriangle size={18} aria-hidden />}
    >
      <Text size="sm">Nothing was saved. Their values:</Text>
      <List size="sm" mt={4} spacing={2} aria-label="Their values">
        {fields.map(({ label, value }) => (
          <List.Item key={label}>
            <Text span size="sm" fw={600}>
              {label}:
            </Text>{' '}
            {value === '' ? (
              <Text span size="sm" c="dimmed">
                (empty)
              </Text>
            ) : (
              value
            )}
          </List.Item>
        ))}
      </List>
      <Group justify="space-between" mt="sm" wrap="nowrap" gap="sm">
        <Text size="sm">Reload puts their values into the form; then make your change again and save.</Text>
        <Button size="xs" onClick={onReload} disabled={disabled}>
          Reload
        </Button>
      </Group>
    </Alert>
  );
}
