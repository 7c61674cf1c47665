import { z } from 'zod';

/**
 * A box the form requires: empty, it says `message` (the form's words for a missing value);
 * filled in, the contract's `rule` checks it, so the rule stays written once. A rule that coerces
 * (an age) takes any input, and so the box's text.
 */
export const filled = <Out>(message: string, rule: z.ZodType<Out, string> | z.ZodType<Out, unknown>) =>
  z
    .string()
    .min(1, message)
    .pipe(rule as z.ZodType<Out, string>);
