import { Progress, Text } from '@mantine/core';
import type { ReportFieldsInput } from '@portal/contract';
import { IconCircleCheckFilled, IconCircleDashed, IconProgress } from '@tabler/icons-react';
import { memo, type MouseEvent, type ReactNode } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { CONSENT_SECTION, isField, type ReportField, REPORT_SECTIONS, valueAt } from '../report-sections';
import classes from './report-section-nav.module.css';

/** A section of the form as the navigator shows it: where it is and how much of it is answered. */
export interface SectionProgress {
  id: string;
  title: string;
  answered: number;
  total: number;
}

const answered = (field: ReportField, value: unknown) => {
  if (Array.isArray(value)) return value.length > 0;
  if (field.kind === 'flag') return value === true;
  return value !== null && value !== undefined && value !== '';
};

/**
 * How much of each titled section is answered. A tick box left empty is an answer too ("no"), so
 * tick boxes count only in a section made of them alone (Reasons for Homelessness), as ticked.
 */
export function sectionProgress(values: unknown): Omit<SectionProgress, 'id'>[] {
  return REPORT_SECTIONS.map((section) => {
    const fields = section.fields.filter(isField);
    const questions = fields.some((f) => f.kind !== 'flag') ? fields.filter((f) => f.kind !== 'flag') : fields;
    return {
      title: section.title,
      answered: questions.filter((f) => answered(f, valueAt(values, f.name))).length,
      total: questions.length,
    };
  });
}

function stateOf({ answered: done, total }: SectionProgress) {
  if (done === 0) return { label: 'not started', icon: <IconCircleDashed size={16} aria-hidden /> };
  if (done < total) return { label: 'in progress', icon: <IconProgress size={16} aria-hidden /> };
  return { label: 'complete', icon: <IconCircleCheckFilled size={16} aria-hidden /> };
}

/** Moves focus (not only the scroll position) to the section's heading. */
function goTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const heading = document.getElementById(id);
  if (!heading) return;
  event.preventDefault();
  heading.focus({ preventScroll: true });
  heading.scrollIntoView({ block: 'start' });
}

/** One section's link; memoised, as the navigator re-renders on every keystroke and a count rarely changes. */
const SectionLink = memo(function SectionLink(section: SectionProgress) {
  const state = stateOf(section);
  return (
    <li>
      <a
        href={`#${section.id}`}
        className={classes.link}
        data-state={state.label.replace(' ', '-')}
        onClick={(e) => goTo(e, section.id)}
      >
        {state.icon}
        <span className={classes.title}>{section.title}</span>
        <span className={classes.count} aria-hidden>
          {section.answered}/{section.total}
        </span>
        <span className={classes.visuallyHidden}>
          , {state.label}, {section.answered} of {section.total} answered
        </span>
      </a>
    </li>
  );
});

const FormProgress = memo(function FormProgress({ done, total }: { done: number; total: number }) {
  return (
    <Progress
      value={total ? (done / total) * 100 : 0}
      size="sm"
      aria-label={`${done} of ${total} questions answered`}
      className={classes.progress}
    />
  );
});

/**
 * Issue 13: the intake form is long (7,000 px on a phone). A sticky list of its titled sections,
 * each with how much of it is answered, leads to any of them; the form's one Submit button sits
 * in it, so it is reachable from every section. On a phone it is a bar under the top bar; from
 * 960 px on, a column beside the form.
 *
 * It watches every value, so it re-renders on each keystroke: it alone, as the form's inputs are
 * its siblings. Its links and its bar re-render only when their counts change, and `submit` is
 * the page's element, which React skips while the page does not re-render.
 */
export function ReportSectionNav({
  control,
  media,
  submit,
}: {
  control: Control<ReportFieldsInput>;
  /** The Image and Video section, answered outside react-hook-form; listed after Consent. */
  media: SectionProgress;
  /** The form's submit button and what goes with it (upload progress). */
  submit: ReactNode;
}) {
  const values = useWatch({ control });
  const sections: SectionProgress[] = sectionProgress(values).flatMap((s, i) => {
    const section = { ...s, id: `report-section-${i}` };
    // Issue 17: the media follow the consent they depend on.
    return s.title === CONSENT_SECTION.title ? [section, media] : [section];
  });
  const done = sections.reduce((n, s) => n + s.answered, 0);
  const total = sections.reduce((n, s) => n + s.total, 0);
  return (
    <div className={classes.nav}>
      <nav aria-label="Form sections" className={classes.sections}>
        <Text size="sm" fw={700} className={classes.heading}>
          Sections
        </Text>
        <ol className={classes.list}>
          {sections.map((section) => (
            <SectionLink key={section.id} {...section} />
          ))}
        </ol>
      </nav>
      <div className={classes.submit}>
        <FormProgress done={done} total={total} />
        {submit}
      </div>
    </div>
  );
}
