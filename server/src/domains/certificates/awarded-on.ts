import { awardedOnProblem, latestAwardedOn, toAwardedOn, utcDay } from '@portal/contract';

/** What a certificate has before a write: nothing (a new one), or its award date and valid-till. */
type Current = { awardedOn: Date; validTill: Date } | undefined;

/**
 * Issue 31 (decision 0036): the award date a write leaves a certificate with, or what is wrong.
 *
 * - Left out (or an empty cell): today on a new certificate (`now`, as `createdAt`), and the day
 *   it has on an existing one.
 * - A date naming the day the certificate already has keeps it as stored (a record from before
 *   the column carries its creation's time of day), so that the dialog and an exported file send
 *   it back unchanged.
 * - A new day may not be in the future (see latestAwardedOn) nor after validTill; and a kept day is
 *   held against a validTill the write changes (the problem is then that field's). A new
 *   certificate left without one is awarded today whatever its validTill, as before: its
 *   credential is then valid from its end.
 */
export function nextAwardedOn(
  input: string | undefined,
  current: Current,
  validTill: Date,
  now: Date,
): { awardedOn: Date; problem?: undefined } | { problem: string; field: 'awardedOn' | 'validTill' } {
  const named = input ? toAwardedOn(input) : undefined;
  const newDay = named !== undefined && (!current || utcDay(named) !== utcDay(current.awardedOn));
  const awardedOn = newDay ? named : (current?.awardedOn ?? now);
  const validTillChanged = current !== undefined && current.validTill.getTime() !== validTill.getTime();
  const problem =
    newDay || validTillChanged
      ? awardedOnProblem(awardedOn, validTill, newDay ? latestAwardedOn(now) : undefined)
      : undefined;
  // The field the write changed is the one at fault: the new day, else the new validTill.
  return problem ? { problem, field: newDay ? 'awardedOn' : 'validTill' } : { awardedOn };
}
