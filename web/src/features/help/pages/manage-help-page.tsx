import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Center,
  Group,
  List,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { helpContent, type HelpContent, type HelpLists } from '@portal/contract';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { EditConflictAlert } from '../../../components/edit-conflict-alert';
import { errorMessage } from '../../../lib/api';
import { conflictCurrent } from '../../../lib/edit-conflict';
import { toast } from '../../../lib/toast';
import { EmptyState } from '../../../components/empty-state';
import { useHelpContent } from '../api/use-help-content';
import { useSaveHelpContent } from '../api/use-help-mutations';

type ListKey = keyof HelpLists;

const LISTS: { key: ListKey; title: string; entry: string }[] = [
  { key: 'instructions', title: 'Instructions', entry: 'instruction' },
  { key: 'contactDetails', title: 'Contact Details', entry: 'contact detail' },
  { key: 'emails', title: 'Emails', entry: 'email' },
];

function HelpListEditor({
  title,
  entry,
  entries,
  onChange,
}: {
  title: string;
  entry: string;
  entries: string[];
  onChange: (entries: string[]) => void;
}) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        <ActionIcon variant="light" aria-label={`Add ${entry}`} onClick={() => onChange([...entries, ''])}>
          <IconPlus size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <Stack gap="xs">
        {entries.length === 0 && (
          <Text size="sm" c="dimmed">
            No entries.
          </Text>
        )}
        {entries.map((value, index) => (
          // Entries have no identity but their position; the inputs are controlled, so this is safe.
          <Group key={index} gap="xs" wrap="nowrap">
            <TextInput
              aria-label={`${title} entry ${index + 1}`}
              value={value}
              onChange={(e) => onChange(entries.map((v, i) => (i === index ? e.currentTarget.value : v)))}
              style={{ flex: 1 }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${entry} ${index + 1}`}
              onClick={() => onChange(entries.filter((_, i) => i !== index))}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/** spec §2/§4 admin help: view mode, Edit mode with editable lists, back to view on a successful Save. */
export default function ManageHelpPage() {
  const content = useHelpContent();
  const save = useSaveHelpContent();
  const [draft, setDraft] = useState<HelpContent | null>(null);
  // Issue 16: the help content as another admin saved it, when a save was refused.
  const [conflict, setConflict] = useState<HelpContent | null>(null);

  const edit = (content: HelpContent | null) => {
    setDraft(content && structuredClone(content));
    setConflict(null);
  };

  const onSave = () => {
    if (!draft) return;
    save.mutate(draft, {
      onSuccess: () => {
        toast.success('Help Content Updated', 'The help page has been updated successfully.');
        edit(null);
      },
      onError: (err) => {
        const current = conflictCurrent(err, helpContent);
        if (current) return setConflict(current);
        toast.error('Error', errorMessage(err, 'The help page could not be saved. Please try again.'));
      },
    });
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Help &amp; Support</Title>
        {draft ? (
          <Group>
            <Button variant="default" onClick={() => edit(null)} disabled={save.isPending}>
              Cancel
            </Button>
            <Button onClick={onSave} loading={save.isPending}>
              Save
            </Button>
          </Group>
        ) : (
          <Button
            leftSection={<IconEdit size={16} aria-hidden />}
            disabled={!content.data}
            onClick={() => content.data && edit(content.data)}
          >
            Edit
          </Button>
        )}
      </Group>

      {content.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading help content" />
        </Center>
      ) : content.isError ? (
        <Alert color="red" title="Error">
          {errorMessage(content.error, 'Unable to load the help content. Please try again.')}
        </Alert>
      ) : draft ? (
        <>
          {conflict && (
            <EditConflictAlert
              record="the help page"
              fields={LISTS.map(({ key, title }) => ({ label: title, value: conflict[key].join('; ') }))}
              onReload={() => edit(conflict)}
              disabled={save.isPending}
            />
          )}
          {LISTS.map(({ key, title, entry }) => (
            <HelpListEditor
              key={key}
              title={title}
              entry={entry}
              entries={draft[key]}
              onChange={(entries) => setDraft({ ...draft, [key]: entries })}
            />
          ))}
        </>
      ) : (
        LISTS.map(({ key, title }) => (
          <Card key={key} withBorder padding="lg" component="section" aria-label={title}>
            <Title order={3} size="h4" mb="sm">
              {title}
            </Title>
            {content.data[key].length === 0 ? (
              <EmptyState compact title="No entries." description="Choose Edit to add one." />
            ) : (
              <List spacing="xs">
                {content.data[key].map((item, i) => (
                  <List.Item key={i}>{item}</List.Item>
                ))}
              </List>
            )}
          </Card>
        ))
      )}
    </Stack>
  );
}
