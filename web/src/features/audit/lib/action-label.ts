import { AUDIT_ACTIONS } from '@portal/contract';

type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The key of an action's name for people (`audit.action.user.update`), or undefined for a code the
 * contract does not list (the filter takes any text; a newer server may record more). Every
 * action of AUDIT_ACTIONS has its message: `t` refuses a key that is not in messages/en.ts.
 */
export const actionKey = (action: string) =>
  (AUDIT_ACTIONS as readonly string[]).includes(action)
    ? (`audit.action.${action as AuditAction}` as const)
    : undefined;
