import { Alert, Button, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { type CeActivity, OPEN_RENEWAL_STATUSES, type RenewalDetail, type RenewalStatus } from '@portal/contract';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/api';
import { formatCalendarDay, formatDay } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { useDecideRenewal, useRenewalDetail, useReviewActivity } from '../api/use-renewals';
import { recertificationWords } from '../words';
import { ActivitySummary } from './activity-summary';
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
  const { t } = useT(recertificationWords);
  const detail = useRenewalDetail(id);
  const title = detail.data
    ? t('recertification.detail.title', { certificateNo: detail.data.certificateNo })
    : t('recertification.detail.untitled');
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      title={title}
      size="lg"
      centered
      classNames={{ content: classes.touch }}
      closeButtonProps={{ 'aria-label': t('recertification.close') }}
    >
      {detail.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('recertification.detail.loading')} />
        </Center>
      ) : detail.isError ? (
        <LoadError
          title={t('common.error')}
          message={errorMessage(detail.error, t('recertification.detail.loadFailed'))}
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
  const { t, rich } = useT(recertificationWords);
  const decide = useDecideRenewal();
  const [rejecting, setRejecting] = useState(false);
  const open = isOpenRenewal(a.status);
  const decided = (decision: 'approved' | 'rejected') => () => {
    const { certificateNo } = a;
    if (decision === 'approved') {
      toast.success(
        t('recertification.detail.approvedTitle'),
        t('recertification.detail.approvedText', { certificateNo }),
      );
    } else {
      toast.success(
        t('recertification.detail.rejectedTitle'),
        t('recertification.detail.rejectedText', { certificateNo }),
      );
    }
    onClose();
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={500} dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {a.certificateName}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {rich('recertification.detail.holder', {
              name: <bdi>{a.holderName}</bdi>,
              email: <bdi>{a.holderEmail}</bdi>,
            })}
          </Text>
        </Stack>
        <RenewalStatusBadge status={a.status} size="lg" style={{ flexShrink: 0 }} />
      </Group>
      {/* Each line starts with its word: in the right-to-left layout a leading number would jump to the end. */}
      <Stack gap={0}>
        <Text size="sm">{t('recertification.counted', { hours: a.countedHours })}</Text>
        <Text size="sm">
          {t('recertification.activityCount', { count: a.activityCount, without: a.withoutEvidence })}
        </Text>
        <Text size="sm">{t('recertification.submitted', { day: formatDay(a.submittedAt) })}</Text>
        <Text size="sm">{t('recertification.detail.validTill', { day: formatCalendarDay(a.validTill) })}</Text>
      </Stack>
      {a.reason ? (
        <Text size="sm" c="red.8">
          {rich('recertification.reason', { reason: <bdi>{a.reason}</bdi> })}
        </Text>
      ) : null}
      {a.status === 'Audit' && a.withoutEvidence > 0 ? (
        <Alert color="orange" title={t('recertification.detail.auditTitle')}>
          {t('recertification.detail.auditMissing', { count: a.withoutEvidence })}
        </Alert>
      ) : null}

      <Title order={3} size="h5">
        {t('recertification.activities')}
      </Title>
      {a.activities.length === 0 ? <Text c="dimmed">{t('recertification.detail.noActivities')}</Text> : null}
      {a.activities.map((activity) => (
        <ActivityCard
          key={activity._id}
          activity={activity}
          category={categoryNames[activity.category] ?? activity.category}
          reviewable={open}
        />
      ))}

      {decide.isError ? (
        <Alert color="red" role="alert" title={t('recertification.detail.notDecided')}>
          {errorMessage(decide.error, t('recertification.detail.decideFailed'))}
        </Alert>
      ) : null}
      {open ? (
        rejecting ? (
          <ReasonForm
            label={t('recertification.detail.rejectReason')}
            submitLabel={t('recertification.detail.rejectApplication')}
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
              {t('recertification.detail.rejectApplication')}
            </Button>
            <Button
              color="green"
              leftSection={<IconCheck size={16} aria-hidden />}
              loading={decide.isPending}
              onClick={() => decide.mutate({ id: a._id }, { onSuccess: decided('approved') })}
            >
              {t('recertification.detail.approveApplication')}
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
  const { t } = useT(recertificationWords);
  const review = useReviewActivity();
  const [rejecting, setRejecting] = useState(false);
  return (
    <ActivitySummary activity={activity} category={category}>
      {review.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(review.error, t('recertification.detail.reviewFailed'))}
        </Alert>
      ) : null}
      {reviewable && rejecting ? (
        <ReasonForm
          label={t('recertification.detail.activityReason', { title: activity.title })}
          submitLabel={t('recertification.detail.rejectActivity')}
          pending={review.isPending}
          onCancel={() => setRejecting(false)}
          onSubmit={(reason) =>
            review.mutate(
              { id: activity._id, reason },
              {
                onSuccess: (saved) => {
                  setRejecting(false);
                  toast.success(
                    t('recertification.detail.activityRejected'),
                    t('recertification.detail.activityRejectedText', { title: saved.title }),
                  );
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
              aria-label={t('recertification.detail.rejectNamed', { title: activity.title })}
              onClick={() => {
                review.reset();
                setRejecting(true);
              }}
            >
              {t('recertification.reject')}
            </Button>
          ) : null}
          {activity.status !== 'Approved' ? (
            <Button
              variant="light"
              color="green"
              aria-label={t('recertification.detail.approveNamed', { title: activity.title })}
              loading={review.isPending}
              onClick={() => review.mutate({ id: activity._id })}
            >
              {t('recertification.approve')}
            </Button>
          ) : null}
        </Group>
      ) : null}
    </ActivitySummary>
  );
}
