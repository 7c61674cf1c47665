import { Button } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useT } from '../i18n/use-t';
import { commonWords } from './words';

/** The Edit and Delete of a record's card on an admin list (spec §5), the same on every list. */
export function EditDeleteButtons({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  const { t } = useT(commonWords);
  return (
    <>
      <Button size="xs" variant="light" leftSection={<IconEdit size={16} aria-hidden />} onClick={onEdit}>
        {t('common.ui.edit')}
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={onDelete}
      >
        {t('common.ui.delete')}
      </Button>
    </>
  );
}
