import { Progress, Text } from '@mantine/core';
import type { ReportFieldsInput } from '@portal/contract';
import { IconCircleCheckFilled, IconCircleDashed, IconListCheck, IconProgress } from '@tabler/icons-react';
import { memo, useEffect, useRef } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { useT } from '../../../i18n/use-t';
import { CONSENT_SECTION, isAnswered, isField, isShown, REPORT_SECTIONS, valueAt } from '../report-sections';
import { reportsWords } from '../words';
import classes from './report-section-nav.module.css';

/** A section of the form as the navigator shows it: where it is and how much of it is answered. */
export interface SectionProgress {
  id: string;
  title: string;
  answered: number;
  total: number;
}

/**
 * How much of each titled section is answered, of the questions that apply (showIf). A tick box
 * left empty is an answer too ("no"), so tick boxes count only in a section made of them alone
 * (Reasons for Homelessness), as ticked. Each `title` is the section's English one; the navigator
 * shows the section's message in its place (REPORT_SECTIONS, same order).
 */
export function sectionProgress(values: unknown): Omit<SectionProgress, 'id'>[] {
  return REPORT_SECTIONS.map((section) => {
    const fields = section.fields.filter(isField).filter((f) => isShown(f, values));
    const questions = fields.some((f) => f.kind !== 'flag') ? fields.filter((f) => f.kind !== 'flag') : fields;
    return {
      title: section.title,
      answered: questions.filter((f) => isAnswered(f, valueAt(values, f.name))).length,
      total: questions.length,
    };
  });
}

/** A section's state: its name in the message (`reports.nav.state`), its `data-state` for the styles, its icon. */
function stateOf({ answered: done, total }: SectionProgress) {
  if (done === 0) {
    return { name: 'notStarted', data: 'not-started', icon: <IconCircleDashed size={16} aria-hidden /> };
  }
  if (done < total) return { name: 'inProgress', data: 'in-progress', icon: <IconProgress size={16} aria-hidden /> };
  return { name: 'complete', data: 'complete', icon: <IconCircleCheckFilled size={16} aria-hidden /> };
}

/** One section's link; memoised, as the navigator re-renders on every keystroke and a count rarely changes. */
const SectionLink = memo(function SectionLink({
  current,
  onJump,
  ...section
}: SectionProgress & { current: boolean; onJump: (id: string) => void }) {
  const { t } = useT(reportsWords);
  const state = stateOf(section);
  return (
    <li>
      <button
        type="button"
        className={classes.link}
        data-state={state.data}
        aria-current={current ? 'step' : undefined}
        onClick={() => onJump(section.id)}
      >
        {state.icon}
        <span className={classes.title}>{section.title}</span>
        <span className={classes.count} aria-hidden>
          {t('reports.nav.count', { answered: section.answered, total: section.total })}
        </span>
        <span className={classes.visuallyHidden}>
          {t('reports.nav.state', { state: state.name, answered: section.answered, total: section.total })}
        </span>
      </button>
    </li>
  );
});

const FormProgress = memo(function FormProgress({ done, total }: { done: number; total: number }) {
  const { t } = useT(reportsWords);
  return (
    <Progress
      value={total ? (done / total) * 100 : 0}
      size="sm"
      aria-label={t('reports.nav.answered', { done, total })}
      className={classes.progress}
    />
  );
});

/**
 * Issue 13, issue 35: the intake form's jump list. Each titled section, with how much of it is
 * answered, opens its step of the form; the current one is marked. On a phone: a row that
 * scrolls sideways under the top bar; from 960 px on, a column beside the form.
 *
 * It watches every value, so it re-renders on each keystroke: it alone, as the form's inputs are
 * its siblings. Its links re-render only when their counts change.
 */
/**
 * Memoised: the page re-renders on its own state (the draft's saving, the outbox), which changes
 * nothing here; the navigator follows the answers itself (useWatch).
 */
export const ReportSectionNav = memo(function ReportSectionNav({
  control,
  media,
  current,
  onJump,
  review,
}: {
  control: Control<ReportFieldsInput>;
  /** The Image and Video section (its title in the screens' language), answered outside react-hook-form; listed after Consent. */
  media: SectionProgress;
  /** The id of the step shown. */
  current: string;
  onJump: (id: string) => void;
  /** The last step, where the answers are checked and the report filed (its title in the screens' language). */
  review: { id: string; title: string };
}) {
  const { t } = useT(reportsWords);
  const values = useWatch({ control });
  const sections: SectionProgress[] = sectionProgress(values).flatMap((s, i) => {
    const source = REPORT_SECTIONS[i]!;
    const section = { ...s, title: t(source.key), id: `report-section-${i}` };
    // Issue 17: the media follow the consent they depend on.
    return source === CONSENT_SECTION ? [section, media] : [section];
  });
  const done = sections.reduce((n, s) => n + s.answered, 0);
  const total = sections.reduce((n, s) => n + s.total, 0);
  const list = useRef<HTMLOListElement>(null);
  // On a phone the row scrolls sideways: the current step stays in it.
  useEffect(() => {
    list.current?.querySelector('[aria-current]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current]);
  return (
    <div className={classes.nav}>
      <nav aria-label={t('reports.nav.label')} className={classes.sections}>
        <Text size="sm" fw={700} className={classes.heading}>
          {t('reports.nav.heading')}
        </Text>
        <ol className={classes.list} ref={list}>
          {sections.map((section) => (
            <SectionLink key={section.id} {...section} current={section.id === current} onJump={onJump} />
          ))}
          <li>
            <button
              type="button"
              className={classes.link}
              data-state="review"
              aria-current={review.id === current ? 'step' : undefined}
              onClick={() => onJump(review.id)}
            >
              <IconListCheck size={16} aria-hidden />
              <span className={classes.title}>{review.title}</span>
            </button>
          </li>
        </ol>
      </nav>
      <FormProgress done={done} total={total} />
    </div>
  );
});
