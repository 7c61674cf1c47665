import { z } from 'zod';
import { URL_PATTERN, withHttps } from '../patterns';
import { recordVersion, sortedListQuery } from './common';

export const job = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  company: z.string(),
  applyLink: z.string(),
  /** Issue 16: raised by every edit; sent back in If-Match so a stale edit changes nothing. */
  version: recordVersion,
});
export type Job = z.infer<typeof job>;

/**
 * spec §5: all five fields required (missing or blank read the same); applyLink must look like
 * a URL, and gets https:// when it has no scheme.
 */
export const jobBody = z.strictObject({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200),
  description: z.string({ error: 'Description is required' }).trim().min(1, 'Description is required').max(5000),
  location: z.string({ error: 'Location is required' }).trim().min(1, 'Location is required').max(200),
  company: z.string({ error: 'Company is required' }).trim().min(1, 'Company is required').max(200),
  applyLink: z
    .string({ error: 'Apply link is required' })
    .trim()
    .min(1, 'Apply link is required')
    .max(500)
    .regex(URL_PATTERN, 'Please enter a valid apply link.')
    .transform(withHttps),
});
export type JobBody = z.input<typeof jobBody>;

/** PUT /api/jobs/{id}: the job, and optionally the version it was read at (a precondition, never stored). */
export const jobUpdateBody = jobBody.extend({ version: recordVersion.optional() });
export type JobUpdateBody = z.input<typeof jobUpdateBody>;

/** Columns the job lists sort by (ARCHITECTURE §4). */
export const JOB_SORTS = ['createdAt', 'title', 'company', 'location'] as const;
export type JobSort = (typeof JOB_SORTS)[number];

/** GET /api/jobs: q is a case-insensitive part of the title, company, location or description. */
export const jobListQuery = sortedListQuery(JOB_SORTS);
export type JobListQuery = z.infer<typeof jobListQuery>;
