import { Card, List, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import type { HelpLists } from '@portal/contract';
import { useEffect, useId } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { useT } from '../../../i18n/use-t';
import { useHelpContent } from '../api/use-help-content';
import { helpWords } from '../words';

const LISTS = [
  { key: 'instructions', title: 'help.list.instructions' },
  { key: 'contactDetails', title: 'help.list.contactDetails' },
  { key: 'emails', title: 'help.list.emails' },
] as const satisfies readonly { key: keyof HelpLists; title: string }[];

function HelpList({ title, items, loading }: { title: string; items: string[]; loading: boolean }) {
  const { t } = useT(helpWords);
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} withBorder radius="lg" padding="lg">
      <Title order={3} size="h4" id={headingId} mb="sm">
        {title}
      </Title>
      {loading ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('help.loadingList', { title })}>
          <Skeleton height={12} />
          <Skeleton height={12} width="85%" />
          <Skeleton height={12} width="70%" />
        </Stack>
      ) : items.length === 0 ? (
        <EmptyState compact title={t('help.empty.title')} description={t('help.empty.description')} />
      ) : (
        <List spacing="xs" size="sm" aria-labelledby={headingId}>
          {/* The board's own words, shown as written, each in its own direction. */}
          {items.map((item, index) => (
            <List.Item key={index} dir="auto" style={{ wordBreak: 'break-word' }}>
              {item}
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}

/** /admin/help (spec §2): placeholders until loaded; the default lists if loading fails (spec §8). */
export default function HelpPage() {
  const { t } = useT(helpWords);
  const { data, isPending, isError, error, refetch, isFetching } = useHelpContent();
  useEffect(() => {
    if (isError) console.error('Loading the help content failed', error);
  }, [isError, error]);
  // spec §9's placeholder lists (the contract's DEFAULT_HELP_CONTENT), in the reader's language.
  const content: HelpLists = data ?? {
    instructions: [t('help.default.instructions')],
    contactDetails: [t('help.default.contactDetails')],
    emails: [t('help.default.emails')],
  };
  return (
    <Stack gap="lg">
      <Title order={2}>{t('help.title')}</Title>
      {isError && !data && (
        // spec §8 shows the default lists when loading fails; issue 35 says so, and offers a retry.
        <LoadError
          title={t('help.loadError.title')}
          message={t('help.loadError.message')}
          onRetry={refetch}
          retrying={isFetching}
        />
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {LISTS.map(({ key, title }) => (
          <HelpList key={key} title={t(title)} items={content[key]} loading={isPending} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
