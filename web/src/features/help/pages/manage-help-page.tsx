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
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/api';
import { conflictCurrent } from '../../../lib/edit-conflict';
import { toast } from '../../../lib/toast';
import { EmptyState } from '../../../components/empty-state';
import { useHelpContent } from '../api/use-help-content';
import { useSaveHelpContent } from '../api/use-help-mutations';
import { helpWords } from '../words';

type ListKey = keyof HelpLists;

/** Each list's words: its title, and the names of its add, entry and delete controls. */
const LISTS = [
  {
    key: 'instructions',
    title: 'help.list.instructions',
    add: 'help.manage.add.instructions',
    entry: 'help.manage.entry.instructions',
    remove: 'help.manage.delete.instructions',
  },
  {
    key: 'contactDetails',
    title: 'help.list.contactDetails',
    add: 'help.manage.add.contactDetails',
    entry: 'help.manage.entry.contactDetails',
    remove: 'help.manage.delete.contactDetails',
  },
  {
    key: 'emails',
    title: 'help.list.emails',
    add: 'help.manage.add.emails',
    entry: 'help.manage.entry.emails',
    remove: 'help.manage.delete.emails',
  },
] as const satisfies readonly { key: ListKey; title: string; add: string; entry: string; remove: string }[];

type HelpListWords = Omit<(typeof LISTS)[number], 'key'>;

function HelpListEditor({
  words,
  entries,
  onChange,
}: {
  words: HelpListWords;
  entries: string[];
  onChange: (entries: string[]) => void;
}) {
  const { t } = useT(helpWords);
  const title = t(words.title);
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        <ActionIcon variant="light" aria-label={t(words.add)} onClick={() => onChange([...entries, ''])}>
          <IconPlus size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <Stack gap="xs">
        {entries.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('help.manage.noEntries')}
          </Text>
        )}
        {entries.map((value, index) => (
          // Entries have no identity but their position; the inputs are controlled, so this is safe.
          <Group key={index} gap="xs" wrap="nowrap">
            <TextInput
              aria-label={t(words.entry, { index: index + 1 })}
              dir="auto"
              value={value}
              onChange={(e) => onChange(entries.map((v, i) => (i === index ? e.currentTarget.value : v)))}
              style={{ flex: 1 }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t(words.remove, { index: index + 1 })}
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
  const { t } = useT(helpWords);
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
        toast.success(t('help.manage.saved.title'), t('help.manage.saved.message'));
        edit(null);
      },
      onError: (err) => {
        const current = conflictCurrent(err, helpContent);
        if (current) return setConflict(current);
        toast.error(t('common.error'), errorMessage(err, t('help.manage.saveFailed')));
      },
    });
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('help.title')}</Title>
        {draft ? (
          <Group>
            <Button variant="default" onClick={() => edit(null)} disabled={save.isPending}>
              {t('help.manage.cancel')}
            </Button>
            <Button onClick={onSave} loading={save.isPending}>
              {t('help.manage.save')}
            </Button>
          </Group>
        ) : (
          <Button
            leftSection={<IconEdit size={16} aria-hidden />}
            disabled={!content.data}
            onClick={() => content.data && edit(content.data)}
          >
            {t('help.manage.edit')}
          </Button>
        )}
      </Group>

      {content.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('help.manage.loading')} />
        </Center>
      ) : content.isError ? (
        <Alert color="red" title={t('common.error')}>
          {errorMessage(content.error, t('help.manage.loadFailed'))}
        </Alert>
      ) : draft ? (
        <>
          {conflict && (
            <EditConflictAlert
              record={t('help.manage.conflictRecord')}
              fields={LISTS.map(({ key, title }) => ({ label: t(title), value: conflict[key].join('; ') }))}
              onReload={() => edit(conflict)}
              disabled={save.isPending}
            />
          )}
          {LISTS.map(({ key, ...words }) => (
            <HelpListEditor
              key={key}
              words={words}
              entries={draft[key]}
              onChange={(entries) => setDraft({ ...draft, [key]: entries })}
            />
          ))}
        </>
      ) : (
        LISTS.map(({ key, title }) => (
          <Card key={key} withBorder padding="lg" component="section" aria-label={t(title)}>
            <Title order={3} size="h4" mb="sm">
              {t(title)}
            </Title>
            {content.data[key].length === 0 ? (
              <EmptyState compact title={t('help.manage.noEntries')} description={t('help.manage.chooseEdit')} />
            ) : (
              <List spacing="xs">
                {/* The board's own words, shown as written, each in its own direction. */}
                {content.data[key].map((item, i) => (
                  <List.Item key={i} dir="auto">
                    {item}
                  </List.Item>
                ))}
              </List>
            )}
          </Card>
        ))
      )}
    </Stack>
  );
}
