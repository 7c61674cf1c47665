import { Button } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';

/** The Edit and Delete of a record's card on an admin list (spec §5), the same on every list. */
export function EditDeleteButtons({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <Button size="xs" variant="light" leftSection={<IconEdit size={16} aria-hidden />} onClick={onEdit}>
        Edit
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={onDelete}
      >
        Delete
      </Button>
    </>
  );
}
