import { z } from 'zod';

const entries = z.array(z.string().trim().min(1, 'Entries cannot be empty').max(1000)).max(100);

export const helpContent = z.object({
  instructions: z.array(z.string()),
  contactDetails: z.array(z.string()),
  emails: z.array(z.string()),
});
export type HelpContent = z.infer<typeof helpContent>;

export const helpContentBody = z.strictObject({
  instructions: entries,
  contactDetails: entries,
  emails: entries,
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
export const DEFAULT_HELP_CONTENT: HelpContent = {
  instructions: ['Instructions will appear here.'],
  contactDetails: ['Contact details will appear here.'],
  emails: ['Email addresses will appear here.'],
};
