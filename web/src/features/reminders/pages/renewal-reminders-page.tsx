import { ActionIcon, Alert, Button, Card, Group, Loader, NumberInput, Stack, Text, Title } from '@mantine/core';
import {
  DEFAULT_REMINDER_OFFSETS,
  MAX_REMINDER_OFFSET_DAYS,
  MAX_REMINDER_OFFSETS,
  renewalReminderSettings,
} from '@portal/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { useReminderSettings, useSaveReminderSettings } from '../api/use-reminder-settings';

/** One editable offset: its text as typed (NumberInput gives '' while empty) and a stable key. */
interface Row {
  key: number;
  value: number | string;
}

let nextKey = 0;
const rowsOf = (offsets: readonly number[]): Row[] => offsets.map((value) => ({ key: nextKey++, value }));

/**
 * Issue 15: /admin/manage/renewal-reminders. The board chooses how many days before a
 * certificate's valid-till date its holder is reminded (0 is "expires today").
 */
export default function RenewalRemindersPage() {
  const settings = useReminderSettings();
  if (settings.isPending) return <Loader aria-label="Loading renewal reminders" />;
  if (settings.isError) {
    return (
      <Alert color="red" title="Error">
        Unable to fetch the renewal reminders. Please try again.
      </Alert>
    );
  }
  return <OffsetsForm saved={settings.data.offsetsDays} />;
}

/** The form, started from the saved offsets. */
function OffsetsForm({ saved }: { saved: number[] }) {
  const save = useSaveReminderSettings();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(saved));
  const [error, setError] = useState<string | null>(null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = renewalReminderSettings.safeParse({
      offsetsDays: rows.map((r) => (typeof r.value === 'number' ? r.value : Number.NaN)),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the offsets');
      return;
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setRows(rowsOf(saved.offsetsDays));
        toast.success('Renewal reminders saved', `Holders are reminded ${describe(saved.offsetsDays)}.`);
      },
      onError: (err) => toast.error('Error', err.message),
    });
  };

  return (
    <Card withBorder radius="lg" padding="lg" maw={560}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            Renewal Reminders
          </Title>
          <Text size="sm">
            Each holder of an active certificate gets one reminder, by e-mail and in their portal inbox, at each of
            these numbers of days before the certificate&apos;s valid-till date. 0 means on the day it expires. A
            certificate issued or renewed inside a window gets that window&apos;s reminder and the later ones. Up to{' '}
            {MAX_REMINDER_OFFSETS} offsets, each from 0 to {MAX_REMINDER_OFFSET_DAYS} days.
          </Text>
          {rows.length === 0 ? <Text c="dimmed">No reminders are sent.</Text> : null}
          {rows.map((row, index) => (
            <Group key={row.key} align="flex-end" wrap="nowrap">
              <NumberInput
                label={`Reminder ${index + 1}: days before expiry`}
                value={row.value}
                min={0}
                max={MAX_REMINDER_OFFSET_DAYS}
                allowDecimal={false}
                allowNegative={false}
                onChange={(value) => setRows(rows.map((r) => (r.key === row.key ? { ...r, value } : r)))}
                style={{ flex: 1 }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove reminder ${index + 1}`}
                onClick={() => setRows(rows.filter((r) => r.key !== row.key))}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="space-between">
            <Group gap="xs">
              <Button
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden />}
                disabled={rows.length >= MAX_REMINDER_OFFSETS}
                onClick={() => setRows([...rows, ...rowsOf([1])])}
              >
                Add reminder
              </Button>
              <Button variant="subtle" onClick={() => setRows(rowsOf(DEFAULT_REMINDER_OFFSETS))}>
                Reset to default
              </Button>
            </Group>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function describe(offsets: number[]): string {
  if (!offsets.length) return 'never';
  const parts = offsets.map((d) => (d === 0 ? 'on the day' : `${d} ${d === 1 ? 'day' : 'days'} before`));
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
}
