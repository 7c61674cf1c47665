import { ActionIcon, Menu } from '@mantine/core';
import { isLanguage, type Language, LANGUAGE_NAMES, LANGUAGES } from '@portal/contract/languages';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { chooseGuestLanguage, useLanguage } from '../../../i18n/language';
import { useT } from '../../../i18n/use-t';
import { toast } from '../../../lib/toast';
import { useAuth } from '../../auth/store';
import { useUpdateProfile } from '../api/use-update-profile';

/**
 * Issue 34: the top bar's language switcher. A member's choice is their profile's `language`
 * (their screens and every mail to them), saved at once; the rest of the profile goes as it is
 * (the update takes the whole profile, issue 16's version with it).
 */
export function LanguageMenu() {
  const { t } = useT();
  const language = useLanguage();
  const user = useAuth((s) => s.user);
  const update = useUpdateProfile();
  if (!user) return null;

  const choose = async (next: Language) => {
    await chooseGuestLanguage(next);
    const { name, job, age, picture, gender, phoneNo, address } = user;
    update.mutate(
      {
        id: user._id,
        email: user.email,
        version: user.version,
        values: { name, job, age, picture, gender, phoneNo, address, language: next },
      },
      { onError: (err) => toast.error('Error', err.message) },
    );
  };

  return (
    <Menu position="bottom-end" shadow="md" width={180}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          size={36}
          radius="xl"
          aria-label={t('language.current', { language: isLanguage(language) ? LANGUAGE_NAMES[language] : language })}
          disabled={update.isPending}
        >
          <IconLanguage size={20} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {LANGUAGES.map((l) => (
          <Menu.Item
            key={l}
            lang={l}
            rightSection={l === language ? <IconCheck size={16} aria-hidden /> : null}
            onClick={() => void choose(l)}
          >
            {LANGUAGE_NAMES[l]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
