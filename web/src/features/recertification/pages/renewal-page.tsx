import { Alert, Button, Card, Center, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import type { CeActivity, RecertificationStatus, RenewalStatus } from '@portal/contract';
import { IconArrowBack, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { LoadError, UNREACHABLE } from '../../../components/load-error';
import { RecertificationStateBadge } from '../../../components/recertification-state-badge';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/api';
import { formatCalendarDay } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { useCeActivities, useDeleteActivity, useRecertificationStatus } from '../api/use-my-renewal';
import { ActivitySummary } from '../components/activity-summary';
import { ApplyDialog } from '../components/apply-dialog';
import { CeActivityDialog } from '../components/ce-activity-dialog';
import { RenewalStatusBadge } from '../components/renewal-status-badge';
import { type RecertificationT, recertificationWords } from '../words';
import classes from '../components/touch.module.css';

/** What the state means for the member, in a sentence. */
function stateSentence(s: RecertificationStatus, t: RecertificationT): string {
  const day = formatCalendarDay(s.cycleEnd);
  const graceEnd = formatCalendarDay(s.graceEnd);
  switch (s.state) {
    case 'Active':
      return t('recertification.tab.active', { day });
    case 'Expiring':
      return t('recertification.tab.expiring', { day });
    case 'Grace':
      return t('recertification.tab.grace', { day, graceEnd });
    case 'Lapsed':
      return t('recertification.tab.lapsed', { graceEnd });
    case 'Revoked':
      return t('recertification.tab.revoked');
  }
}

/** What an application's status means for the member. */
const APPLICATION_TEXT = {
  Submitted: 'recertification.tab.applicationSubmitted',
  Audit: 'recertification.tab.applicationAudit',
  Returned: 'recertification.tab.applicationReturned',
  Approved: 'recertification.tab.applicationApproved',
  Rejected: 'recertification.tab.applicationRejected',
} as const satisfies Record<RenewalStatus, string>;

/** The application of this cycle, as the member reads it. */
function ApplicationNotice({ application }: { application: NonNullable<RecertificationStatus['application']> }) {
  const { t, rich } = useT(recertificationWords);
  const text = t(APPLICATION_TEXT[application.status]);
  return (
    <Alert color={application.status === 'Approved' ? 'green' : application.status === 'Rejected' ? 'red' : 'blue'}>
      <Stack gap={4}>
        <Group gap="xs">
          <Text fw={500}>{t('recertification.tab.application')}</Text>
          <RenewalStatusBadge status={application.status} />
        </Group>
        <Text size="sm">{text}</Text>
        {application.reason ? (
          <Text size="sm">{rich('recertification.reason', { reason: <bdi>{application.reason}</bdi> })}</Text>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** One bar: hours counted against the hours needed, with both in words for a screen reader. */
function HoursBar({ label, counted, needed }: { label: string; counted: number; needed: number }) {
  const { t } = useT(recertificationWords);
  const done = counted >= needed;
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={500} dir="auto" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {label}
        </Text>
        <Text size="sm" style={{ flexShrink: 0 }}>
          {t('recertification.tab.barValue', { counted, needed })}
        </Text>
      </Group>
      <Progress
        value={needed === 0 ? 100 : Math.min(100, (counted / needed) * 100)}
        color={done ? 'green' : 'brand'}
        size="lg"
        aria-label={t('recertification.tab.barLabel', { label, counted, needed })}
      />
    </Stack>
  );
}

/**
 * The activities of the current cycle, which the member may still change unless an application
 * holds them, then those of earlier cycles (counted in a renewal, or not at all), for the record.
 */
function ActivityList({
  activities,
  cycleStart,
  names,
  onEdit,
  onDelete,
}: {
  activities: CeActivity[];
  cycleStart: string;
  names: Record<string, string>;
  onEdit: (activity: CeActivity) => void;
  onDelete: (activity: CeActivity) => void;
}) {
  const { t } = useT(recertificationWords);
  const startDay = cycleStart.slice(0, 10);
  const current = activities.filter((a) => a.completedOn.slice(0, 10) >= startDay);
  const earlier = activities.filter((a) => a.completedOn.slice(0, 10) < startDay);
  const card = (activity: CeActivity, note: string | null) => (
    <ActivitySummary key={activity._id} activity={activity} category={names[activity.category] ?? activity.category}>
      {note ? (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      ) : (
        <Group gap="xs" justify="flex-end">
          <Button
            variant="light"
            color="red"
            aria-label={t('recertification.tab.deleteNamed', { title: activity.title })}
            onClick={() => onDelete(activity)}
          >
            {t('recertification.tab.delete')}
          </Button>
          <Button
            variant="light"
            aria-label={t('recertification.tab.editNamed', { title: activity.title })}
            onClick={() => onEdit(activity)}
          >
            {t('recertification.tab.edit')}
          </Button>
        </Group>
      )}
    </ActivitySummary>
  );
  return (
    <>
      {current.length === 0 ? (
        <EmptyState
          compact
          title={t('recertification.tab.noActivities')}
          description={t('recertification.tab.noActivitiesHint')}
        />
      ) : (
        current.map((a) => card(a, a.locked ? t('recertification.tab.locked') : null))
      )}
      {earlier.length > 0 ? (
        <>
          <Title order={4} size="h5" mt="sm">
            {t('recertification.tab.earlierCycles')}
          </Title>
          {earlier.map((a) =>
            card(a, t(a.locked ? 'recertification.tab.countedEarlier' : 'recertification.tab.notCounted')),
          )}
        </>
      ) : null}
    </>
  );
}

/**
 * Issue 33: a certificate's Renewal tab (/admin/certificates/{id}/renewal, where reminders link).
 * The member logs continuing education against the cycle's rules, sees what is still missing,
 * and applies for renewal once the rules are met.
 */
export default function RenewalPage() {
  const { t, rich, intl } = useT(recertificationWords);
  const { id = '' } = useParams();
  const status = useRecertificationStatus(id);
  const activities = useCeActivities(id);
  const [editing, setEditing] = useState<CeActivity | 'new' | null>(null);
  const [applying, setApplying] = useState(false);
  const [deleting, setDeleting] = useState<CeActivity | null>(null);
  const remove = useDeleteActivity(id);
  const [openedAt] = useState(() => Date.now());

  const back = (
    <Button
      component={Link}
      to="../.."
      relative="path"
      variant="subtle"
      leftSection={<IconArrowBack size={18} aria-hidden />}
      style={{ alignSelf: 'flex-start' }}
      mih={44}
    >
      {t('recertification.tab.back')}
    </Button>
  );

  if (status.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('recertification.tab.loading')} />
      </Center>
    );
  }
  if (status.isError) {
    return (
      <Stack>
        {back}
        <LoadError
          title={t('recertification.tab.loadFailed')}
          message={errorMessage(status.error, UNREACHABLE)}
          onRetry={() => void status.refetch()}
          retrying={status.isFetching}
        />
      </Stack>
    );
  }

  const s = status.data;
  const names = Object.fromEntries(s.categories.map((c) => [c.key, c.name]));
  const { name, certificateNo } = s.certificate;
  const open = s.application?.status === 'Submitted' || s.application?.status === 'Audit';
  return (
    <Stack gap="lg" className={classes.touch} maw={760}>
      {back}
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Title order={2} size="h3" dir="auto" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <RecertificationStateBadge state={s.state} size="lg" style={{ flexShrink: 0 }} />
          </Group>
          <Text size="sm">{t('recertification.tab.certificateNo', { certificateNo })}</Text>
          <Text>{stateSentence(s, t)}</Text>
          <Text size="sm" c="dimmed">
            {t('recertification.tab.cycle', {
              start: formatCalendarDay(s.cycleStart),
              end: formatCalendarDay(s.cycleEnd),
            })}
          </Text>
          {Date.parse(s.cycleStart) > openedAt ? (
            <Text size="sm">{t('recertification.tab.renewed', { day: formatCalendarDay(s.cycleStart) })}</Text>
          ) : null}
          {(s.state === 'Grace' || s.state === 'Lapsed') && s.lateFeeNote ? (
            <Text size="sm" dir="auto">
              {s.lateFeeNote}
            </Text>
          ) : null}
        </Stack>
      </Card>

      {s.application ? <ApplicationNotice application={s.application} /> : null}

      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="renewal-progress">
        <Stack gap="md">
          <Title order={3} size="h4" id="renewal-progress">
            {t('recertification.tab.continuingEducation')}
          </Title>
          <HoursBar label={t('recertification.tab.allCategories')} counted={s.countedHours} needed={s.requiredHours} />
          {s.categories.map((c) => (
            <HoursBar key={c.key} label={c.name} counted={c.countedHours} needed={c.minHours} />
          ))}
          {s.shortfall.length > 0 ? (
            <Text size="sm">
              {rich('recertification.tab.stillToLog', {
                // A list of amounts: "8 hours in Outreach, 4 hours in all" in English; each
                // category's name (the board's words) in its own direction.
                missing: intl.formatList(
                  s.shortfall.map((m) =>
                    m.key
                      ? rich('recertification.tab.missingIn', { hours: m.hours, name: <bdi>{m.name}</bdi> })
                      : t('recertification.tab.missingInAll', { hours: m.hours }),
                  ),
                  { type: 'unit', style: 'short' },
                ),
              })}
            </Text>
          ) : (
            <Text size="sm" c="green.9">
              {t('recertification.tab.met')}
            </Text>
          )}
          {s.state !== 'Revoked' && !open ? (
            <Button onClick={() => setApplying(true)} disabled={!s.canApply}>
              {t('recertification.tab.applyForRenewal')}
            </Button>
          ) : null}
        </Stack>
      </Card>

      <Stack gap="sm" component="section" aria-labelledby="renewal-activities">
        <Group justify="space-between">
          <Title order={3} size="h4" id="renewal-activities">
            {t('recertification.activities')}
          </Title>
          {s.state !== 'Revoked' ? (
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
              {t('recertification.tab.addActivity')}
            </Button>
          ) : null}
        </Group>
        {activities.isPending ? (
          <Center py="md">
            <Loader aria-label={t('recertification.tab.loadingActivities')} />
          </Center>
        ) : activities.isError ? (
          <LoadError
            title={t('recertification.tab.activitiesFailed')}
            message={errorMessage(activities.error, UNREACHABLE)}
            onRetry={() => void activities.refetch()}
            retrying={activities.isFetching}
          />
        ) : (
          <ActivityList
            activities={activities.data}
            cycleStart={s.cycleStart}
            names={names}
            onEdit={setEditing}
            onDelete={setDeleting}
          />
        )}
      </Stack>

      {editing !== null ? (
        <CeActivityDialog
          certificateId={id}
          status={s}
          activity={editing === 'new' ? null : editing}
          opened
          onClose={() => setEditing(null)}
        />
      ) : null}
      {applying ? (
        <ApplyDialog certificateId={id} certificateName={name} opened onClose={() => setApplying(false)} />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('recertification.tab.deleteTitle')}
        message={t('recertification.tab.deleteQuestion', { title: deleting?.title ?? '' })}
        confirmLabel={t('recertification.tab.delete')}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: () => {
              toast.success(
                t('recertification.tab.deleted'),
                t('recertification.tab.deletedText', { title: deleting.title }),
              );
              setDeleting(null);
            },
            onError: (err) =>
              toast.error(t('recertification.tab.notDeleted'), errorMessage(err, t('recertification.tab.tryAgain'))),
          })
        }
      />
    </Stack>
  );
}
