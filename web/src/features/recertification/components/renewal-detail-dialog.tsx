import { Alert, Button, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { type CeActivity, OPEN_RENEWAL_STATUSES, type RenewalDetail, type RenewalStatus } from '@portal/contract';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { errorMessage } from '../../../lib/api';
import { formatCalendarDay, formatDay } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { useDecideRenewal, useRenewalDetail, useReviewActivity } from '../api/use-renewals';
import { ActivitySummary, hoursText } from './activity-summary';
import { ReasonForm } from './reason-form';
import { RenewalStatusBadge } from './renewal-status-badge';
import classes from './touch.module.css';

export const isOpenRenewal = (status: RenewalStatus) => (OPEN_RENEWAL_STATUSES as readonly string[]).includes(status);

/**
 * Issue 33: one renewal application and its activities. An open one (Submitted, Audit) can be
 * decided here, and so can each of its activities; the server's refusals (409) are said in the
 * dialog.
 */
export function RenewalDetailDialog({
  id,
  categoryNames,
  onClose,
}: {
  id: string | null;
  categoryNames: Record<string, string>;
  onClose: () => void;
}) {
  const detail = useRenewalDetail(id);
  const title = detail.data ? `Renewal of ${detail.data.certificateNo}` : 'Renewal application';
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      title={title}
      size="lg"
      centered
      classNames={{ content: classes.touch }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {detail.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the application" />
        </Center>
      ) : detail.isError ? (
        <LoadError
          title="Error"
          message={errorMessage(detail.error, 'Unable to fetch the application. Please try again.')}
          onRetry={() => void detail.refetch()}
          retrying={detail.isFetching}
        />
      ) : (
        <Application key={detail.data._id} application={detail.data} categoryNames={categoryNames} onClose={onClose} />
      )}
    </Modal>
  );
}

function Application({
  application: a,
  categoryNames,
  onClose,
}: {
  application: RenewalDetail;
  categoryNames: Record<string, string>;
  onClose: () => void;
}) {
  const decide = useDecideRenewal();
  const [rejecting, setRejecting] = useState(false);
  const open = isOpenRenewal(a.status);
  const decided = (verb: string) => () => {
    toast.success(`Application ${verb}`, `The renewal of ${a.certificateNo} was ${verb}.`);
    onClose();
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {a.certificateName}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {a.holderName} · {a.holderEmail}
          </Text>
        </Stack>
        <RenewalStatusBadge status={a.status} size="lg" style={{ flexShrink: 0 }} />
      </Group>
      {/* Each line starts with its word: in the right-to-left layout a leading number would jump to the end. */}
      <Stack gap={0}>
        <Text size="sm">Counted: {hoursText(a.countedHours)}</Text>
        <Text size="sm">
          Activities: {a.activityCount}, {a.withoutEvidence} without evidence
        </Text>
        <Text size="sm">Submitted: {formatDay(a.submittedAt)}</Text>
        <Text size="sm">Valid till: {formatCalendarDay(a.validTill)}</Text>
      </Stack>
      {a.reason ? (
        <Text size="sm" c="red.8">
          Reason: {a.reason}
        </Text>
      ) : null}
      {a.status === 'Audit' && a.withoutEvidence > 0 ? (
        <Alert color="orange" title="Drawn for audit">
          {a.withoutEvidence} {a.withoutEvidence === 1 ? 'activity has' : 'activities have'} no evidence yet: the
          application cannot be approved until every activity has evidence.
        </Alert>
      ) : null}

      <Title order={3} size="h5">
        Activities
      </Title>
      {a.activities.length === 0 ? <Text c="dimmed">No activities.</Text> : null}
      {a.activities.map((activity) => (
        <ActivityCard
          key={activity._id}
          activity={activity}
          category={categoryNames[activity.category] ?? activity.category}
          reviewable={open}
        />
      ))}

      {decide.isError ? (
        <Alert color="red" role="alert" title="Not decided">
          {errorMessage(decide.error, 'The decision could not be saved. Please try again.')}
        </Alert>
      ) : null}
      {open ? (
        rejecting ? (
          <ReasonForm
            label="Reason for rejecting the application"
            submitLabel="Reject application"
            pending={decide.isPending}
            onCancel={() => setRejecting(false)}
            onSubmit={(reason) => decide.mutate({ id: a._id, reason }, { onSuccess: decided('rejected') })}
          />
        ) : (
          <Group justify="flex-end" gap="xs">
            <Button
              variant="light"
              color="red"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={() => {
                decide.reset();
                setRejecting(true);
              }}
            >
              Reject application
            </Button>
            <Button
              color="green"
              leftSection={<IconCheck size={16} aria-hidden />}
              loading={decide.isPending}
              onClick={() => decide.mutate({ id: a._id }, { onSuccess: decided('approved') })}
            >
              Approve application
            </Button>
          </Group>
        )
      ) : null}
    </Stack>
  );
}

/** One activity of the application, with its evidence, and its review while the application is open. */
function ActivityCard({
  activity,
  category,
  reviewable,
}: {
  activity: CeActivity;
  category: string;
  reviewable: boolean;
}) {
  const review = useReviewActivity();
  const [rejecting, setRejecting] = useState(false);
  return (
    <ActivitySummary activity={activity} category={category}>
      {review.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(review.error, 'The review could not be saved. Please try again.')}
        </Alert>
      ) : null}
      {reviewable && rejecting ? (
        <ReasonForm
          label={`Reason for rejecting ${activity.title}`}
          submitLabel="Reject activity"
          pending={review.isPending}
          onCancel={() => setRejecting(false)}
          onSubmit={(reason) =>
            review.mutate(
              { id: activity._id, reason },
              {
                onSuccess: (saved) => {
                  setRejecting(false);
                  toast.success('Activity rejected', `${saved.title} does not count towards the renewal.`);
                },
              },
            )
          }
        />
      ) : reviewable ? (
        <Group gap="xs" justify="flex-end">
          {activity.status !== 'Rejected' ? (
            <Button
              variant="light"
              color="red"
              aria-label={`Reject ${activity.title}`}
              onClick={() => {
                review.reset();
                setRejecting(true);
              }}
            >
              Reject
            </Button>
          ) : null}
          {activity.status !== 'Approved' ? (
            <Button
              variant="light"
              color="green"
              aria-label={`Approve ${activity.title}`}
              loading={review.isPending}
              onClick={() => review.mutate({ id: activity._id })}
            >
              Approve
            </Button>
          ) : null}
        </Group>
      ) : null}
    </ActivitySummary>
  );
}
