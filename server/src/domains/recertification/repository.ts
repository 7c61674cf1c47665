import { DEFAULT_RECERTIFICATION_RULES, type RecertificationRules, recertificationRules } from '@portal/contract';
import type { Tx } from '../../db/client';
import { readSetting, writeSetting } from '../../db/settings';

const SETTINGS_KEY = 'recertification';

/** Issue 33: the board's recertification rules; the defaults until it saves its own. */
export const readRules = (db: Tx): Promise<RecertificationRules> =>
  readSetting(db, SETTINGS_KEY, recertificationRules, DEFAULT_RECERTIFICATION_RULES);

export const writeRules = (db: Tx, rules: RecertificationRules, now: Date) =>
  writeSetting(db, SETTINGS_KEY, rules, now);
