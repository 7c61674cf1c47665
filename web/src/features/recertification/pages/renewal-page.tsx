import { Alert, Button, Card, Center, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import type { CeActivity, RecertificationStatus } from '@portal/contract';
import { IconArrowBack, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { LoadError, UNREACHABLE } from '../../../components/load-error';
import { RecertificationStateBadge } from '../../../components/recertification-state-badge';
import { errorMessage } from '../../../lib/api';
import { formatCalendarDay } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { useCeActivities, useDeleteActivity, useRecertificationStatus } from '../api/use-my-renewal';
import { ActivitySummary, hoursText } from '../components/activity-summary';
import { ApplyDialog } from '../components/apply-dialog';
import { CeActivityDialog } from '../components/ce-activity-dialog';
import { RenewalStatusBadge } from '../components/renewal-status-badge';
import classes from '../components/touch.module.css';

/** What the state means for the member, in a sentence. */
function stateSentence(s: RecertificationStatus): string {
  const till = formatCalendarDay(s.cycleEnd);
  switch (s.state) {
    case 'Active':
      return `Valid till ${till}. Log your continuing education as you go.`;
    case 'Expiring':
      return `Expires on ${till}. Apply for renewal before then.`;
    case 'Grace':
      return `Expired on ${till}. You can still renew until ${formatCalendarDay(s.graceEnd)}.`;
    case 'Lapsed':
      return `Lapsed on ${formatCalendarDay(s.graceEnd)}. Renewed now, a new cycle starts on the day of approval.`;
    case 'Revoked':
      return 'This certificate was revoked and cannot be renewed.';
  }
}

/** The application of this cycle, as the member reads it. */
function ApplicationNotice({ application }: { application: NonNullable<RecertificationStatus['application']> }) {
  const text = {
    Submitted: 'Your application is with the board for review.',
    Audit: 'Your application was drawn for audit: the board checks the evidence of every activity.',
    Returned: 'The board returned your application. Fix what it says, then apply again.',
    Approved: 'Your certificate was renewed.',
    Rejected: 'The board rejected your application.',
  }[application.status];
  return (
    <Alert color={application.status === 'Approved' ? 'green' : application.status === 'Rejected' ? 'red' : 'blue'}>
      <Stack gap={4}>
        <Group gap="xs">
          <Text fw={500}>Application</Text>
          <RenewalStatusBadge status={application.status} />
        </Group>
        <Text size="sm">{text}</Text>
        {application.reason ? <Text size="sm">Reason: {application.reason}</Text> : null}
      </Stack>
    </Alert>
  );
}

/** One bar: hours counted against the hours needed, with both in words for a screen reader. */
function HoursBar({ label, counted, needed }: { label: string; counted: number; needed: number }) {
  const done = counted >= needed;
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={500} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {label}
        </Text>
        <Text size="sm" style={{ flexShrink: 0 }}>
          {counted} of {needed} h
        </Text>
      </Group>
      <Progress
        value={needed === 0 ? 100 : Math.min(100, (counted / needed) * 100)}
        color={done ? 'green' : 'brand'}
        size="lg"
        aria-label={`${label}: ${hoursText(counted)} of ${needed}`}
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
            aria-label={`Delete ${activity.title}`}
            onClick={() => onDelete(activity)}
          >
            Delete
          </Button>
          <Button variant="light" aria-label={`Edit ${activity.title}`} onClick={() => onEdit(activity)}>
            Edit
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
          title="No activities yet."
          description="Log each course, workshop or conference you attend in this cycle, with its certificate of attendance."
        />
      ) : (
        current.map((a) => card(a, a.locked ? 'Part of your application: it cannot be changed now.' : null))
      )}
      {earlier.length > 0 ? (
        <>
          <Title order={4} size="h5" mt="sm">
            Earlier cycles
          </Title>
          {earlier.map((a) => card(a, a.locked ? 'Counted in an earlier renewal.' : 'Before this cycle: not counted.'))}
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
      Back to certificates
    </Button>
  );

  if (status.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the renewal" />
      </Center>
    );
  }
  if (status.isError) {
    return (
      <Stack>
        {back}
        <LoadError
          title="Unable to load the renewal of this certificate."
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
            <Title order={2} size="h3" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <RecertificationStateBadge state={s.state} size="lg" style={{ flexShrink: 0 }} />
          </Group>
          <Text size="sm">Certificate No.: {certificateNo}</Text>
          <Text>{stateSentence(s)}</Text>
          <Text size="sm" c="dimmed">
            Current cycle: {formatCalendarDay(s.cycleStart)} to {formatCalendarDay(s.cycleEnd)}
          </Text>
          {Date.parse(s.cycleStart) > openedAt ? (
            <Text size="sm">
              Renewed: the new cycle starts on {formatCalendarDay(s.cycleStart)}. Activities completed from then count
              towards the next renewal.
            </Text>
          ) : null}
          {(s.state === 'Grace' || s.state === 'Lapsed') && s.lateFeeNote ? (
            <Text size="sm">{s.lateFeeNote}</Text>
          ) : null}
        </Stack>
      </Card>

      {s.application ? <ApplicationNotice application={s.application} /> : null}

      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="renewal-progress">
        <Stack gap="md">
          <Title order={3} size="h4" id="renewal-progress">
            Continuing education
          </Title>
          <HoursBar label="All categories" counted={s.countedHours} needed={s.requiredHours} />
          {s.categories.map((c) => (
            <HoursBar key={c.key} label={c.name} counted={c.countedHours} needed={c.minHours} />
          ))}
          {s.shortfall.length > 0 ? (
            <Text size="sm">
              Still to log:{' '}
              {s.shortfall.map((m) => `${hoursText(m.hours)} ${m.key ? `in ${m.name}` : 'in all'}`).join(', ')}.
            </Text>
          ) : (
            <Text size="sm" c="green.9">
              The rules of this cycle are met.
            </Text>
          )}
          {s.state !== 'Revoked' && !open ? (
            <Button onClick={() => setApplying(true)} disabled={!s.canApply}>
              Apply for renewal
            </Button>
          ) : null}
        </Stack>
      </Card>

      <Stack gap="sm" component="section" aria-labelledby="renewal-activities">
        <Group justify="space-between">
          <Title order={3} size="h4" id="renewal-activities">
            Activities
          </Title>
          {s.state !== 'Revoked' ? (
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
              Add activity
            </Button>
          ) : null}
        </Group>
        {activities.isPending ? (
          <Center py="md">
            <Loader aria-label="Loading activities" />
          </Center>
        ) : activities.isError ? (
          <LoadError
            title="Unable to load your activities."
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
        title="Delete activity"
        message={`Delete “${deleting?.title ?? ''}”? Its hours no longer count towards your renewal.`}
        confirmLabel="Delete"
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: () => {
              toast.success('Activity deleted', `${deleting.title} was deleted.`);
              setDeleting(null);
            },
            onError: (err) => toast.error('Activity not deleted', errorMessage(err, 'Please try again.')),
          })
        }
      />
    </Stack>
  );
}
