import { ActionIcon, Alert, Button, Card, Group, Loader, NumberInput, Stack, Text, Title } from '@mantine/core';
import {
  DEFAULT_REMINDER_OFFSETS,
  MAX_REMINDER_OFFSET_DAYS,
  MAX_REMINDER_OFFSETS,
  REMINDER_MESSAGES,
  renewalReminderSettings,
} from '@portal/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { toast } from '../../../lib/toast';
import { useReminderSettings, useSaveReminderSettings } from '../api/use-reminder-settings';
import { remindersWords } from '../words';

/** One editable offset: its text as typed (NumberInput gives '' while empty) and a stable key. */
interface Row {
  key: number;
  value: number | string;
}

/** The contract's messages of the offsets (the form's check or the server's), by key. */
const ISSUE_KEY = {
  [REMINDER_MESSAGES.offset]: 'reminders.issue.offset',
  [REMINDER_MESSAGES.tooMany]: 'reminders.issue.tooMany',
  [REMINDER_MESSAGES.duplicate]: 'reminders.issue.duplicate',
} as const;

let nextKey = 0;
const rowsOf = (offsets: readonly number[]): Row[] => offsets.map((value) => ({ key: nextKey++, value }));

/**
 * Issue 15: /admin/manage/renewal-reminders. The board chooses how many days before a
 * certificate's valid-till date its holder is reminded (0 is "expires today").
 */
export default function RenewalRemindersPage() {
  const { t } = useT(remindersWords);
  const settings = useReminderSettings();
  if (settings.isPending) return <Loader aria-label={t('reminders.loading')} />;
  if (settings.isError) {
    return (
      <Alert color="red" title={t('common.error')}>
        {t('reminders.loadFailed')}
      </Alert>
    );
  }
  return <OffsetsForm saved={settings.data.offsetsDays} />;
}

/** The form, started from the saved offsets. */
function OffsetsForm({ saved }: { saved: number[] }) {
  const { t, intl } = useT(remindersWords);
  const save = useSaveReminderSettings();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(saved));
  const [error, setError] = useState<string | null>(null);
  const limits = { days: MAX_REMINDER_OFFSET_DAYS, max: MAX_REMINDER_OFFSETS };
  /** A message of the contract in the reader's language; any other as it came. */
  const say = (message: string) => {
    const key = (ISSUE_KEY as Record<string, (typeof ISSUE_KEY)[keyof typeof ISSUE_KEY]>)[message];
    return key ? t(key, limits) : message;
  };
  /** When holders are reminded, as one sentence: "60 days before, 30 days before, and on the day". */
  const describe = (offsets: number[]) =>
    offsets.length
      ? t('reminders.saved.message', {
          when: intl.formatList(
            offsets.map((days) => t('reminders.saved.offset', { days })),
            { type: 'conjunction' },
          ),
        })
      : t('reminders.saved.never');

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = renewalReminderSettings.safeParse({
      offsetsDays: rows.map((r) => (typeof r.value === 'number' ? r.value : Number.NaN)),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      setError(issue ? say(issue) : t('reminders.checkOffsets'));
      return;
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setRows(rowsOf(saved.offsetsDays));
        toast.success(t('reminders.saved.title'), describe(saved.offsetsDays));
      },
      onError: (err) => toast.error(t('common.error'), say(err.message)),
    });
  };

  return (
    <Card withBorder radius="lg" padding="lg" maw={560}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            {t('reminders.title')}
          </Title>
          <Text size="sm">{t('reminders.intro', limits)}</Text>
          {rows.length === 0 ? <Text c="dimmed">{t('reminders.none')}</Text> : null}
          {rows.map((row, index) => (
            <Group key={row.key} align="flex-end" wrap="nowrap">
              <NumberInput
                label={t('reminders.offset', { index: index + 1 })}
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
                aria-label={t('reminders.remove', { index: index + 1 })}
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
                {t('reminders.add')}
              </Button>
              <Button variant="subtle" onClick={() => setRows(rowsOf(DEFAULT_REMINDER_OFFSETS))}>
                {t('reminders.reset')}
              </Button>
            </Group>
            <Button type="submit" loading={save.isPending}>
              {t('reminders.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
