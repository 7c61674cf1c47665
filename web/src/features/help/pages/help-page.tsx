import { Card, List, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { DEFAULT_HELP_CONTENT, type HelpLists } from '@portal/contract';
import { useEffect, useId } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { useHelpContent } from '../api/use-help-content';

const LISTS: { key: keyof HelpLists; title: string }[] = [
  { key: 'instructions', title: 'Instructions' },
  { key: 'contactDetails', title: 'Contact Details' },
  { key: 'emails', title: 'Emails' },
];

function HelpList({ title, items, loading }: { title: string; items: string[]; loading: boolean }) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} withBorder radius="lg" padding="lg">
      <Title order={3} size="h4" id={headingId} mb="sm">
        {title}
      </Title>
      {loading ? (
        <Stack gap="xs" aria-busy="true" aria-label={`Loading ${title}`}>
          <Skeleton height={12} />
          <Skeleton height={12} width="85%" />
          <Skeleton height={12} width="70%" />
        </Stack>
      ) : items.length === 0 ? (
        <EmptyState compact title="Nothing here yet." description="Your board has not added anything to this list." />
      ) : (
        <List spacing="xs" size="sm" aria-labelledby={headingId}>
          {items.map((item, index) => (
            <List.Item key={index} style={{ wordBreak: 'break-word' }}>
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
  const { data, isPending, isError, error, refetch, isFetching } = useHelpContent();
  useEffect(() => {
    if (isError) console.error('Loading the help content failed', error);
  }, [isError, error]);
  const content = data ?? DEFAULT_HELP_CONTENT;
  return (
    <Stack gap="lg">
      <Title order={2}>Help &amp; Support</Title>
      {isError && !data && (
        // spec §8 shows the default lists when loading fails; issue 35 says so, and offers a retry.
        <LoadError
          title="Unable to load the board's help content."
          message="The general guidance below is shown instead."
          onRetry={refetch}
          retrying={isFetching}
        />
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {LISTS.map(({ key, title }) => (
          <HelpList key={key} title={title} items={content[key]} loading={isPending} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
