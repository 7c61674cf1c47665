import { z } from 'zod';
import { recordVersion } from './common';

const entries = z.array(z.string().trim().min(1, 'Entries cannot be empty').max(1000)).max(100);

/** The help page's three lists. */
export const helpLists = z.object({
  instructions: z.array(z.string()),
  contactDetails: z.array(z.string()),
  emails: z.array(z.string()),
});
export type HelpLists = z.infer<typeof helpLists>;

/** The help content as the API returns it: the lists and their version (issue 16). */
export const helpContent = helpLists.extend({ version: recordVersion });
export type HelpContent = z.infer<typeof helpContent>;

/** PUT /api/help-content; `version` is the one the editor opened (a precondition, never stored). */
export const helpContentBody = z.strictObject({
  instructions: entries,
  contactDetails: entries,
  emails: entries,
  version: recordVersion.optional(),
});

export const HELP_LISTS = {
  instructions: 'instructions',
  'contact-details': 'contactDetails',
  emails: 'emails',
} as const;

export const helpIndexParams = z.strictObject({
  index: z.coerce.number().int().min(0).max(1000),
});

/** spec §9: one placeholder instruction, placeholder contact details, placeholder e-mails. */
export const DEFAULT_HELP_CONTENT: HelpLists = {
  instructions: ['Instructions will appear here.'],
  contactDetails: ['Contact details will appear here.'],
  emails: ['Email addresses will appear here.'],
};
