import { em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PHONE_MAX_WIDTH } from '../app/theme';

/** True on a phone-wide screen (theme.ts's PHONE_MAX_WIDTH); false before the first measure. */
export const usePhone = () => useMediaQuery(`(max-width: ${em(PHONE_MAX_WIDTH)})`, false);
