import fs from 'node:fs';
import path from 'node:path';

/**
 * Issue 30, F7: DATA_DIR holds the embedded database, the uploads and the generated keys, and
 * they were created with whatever umask the server started with (0666 files under a umask of 0).
 * They are the owner's alone: directories 0700, files 0600.
 */
const DIRECTORY_MODE = 0o700;
const FILE_MODE = 0o600;
/** Permission bits of the group and of others. */
const NOT_OWNER = 0o077;
/** Paths named one warning each; an old install's thousand database files get one line for the rest. */
const NAMED_AT_MOST = 20;

/** A mode in DATA_DIR that could not be made owner-only: the server does not start. */
export class DataDirError extends Error {}

interface WarnLog {
  warn(fields: object, message: string): void;
}

/**
 * Makes `root` and everything under it that the group or others could read, write or enter
 * owner-only, and answers the paths it changed (`changed` hears of each, with its former mode).
 * Symbolic links under `root` are not followed (chmod would change what they point to, elsewhere);
 * `root` itself may be one. A mode it cannot change throws DataDirError.
 */
export function makeOwnerOnly(root: string, changed?: (target: string, mode: number) => void): string[] {
  const fixed: string[] = [];
  const visit = (target: string, stat: fs.Stats) => {
    if (stat.isSymbolicLink()) return;
    const directory = stat.isDirectory();
    if ((stat.mode & NOT_OWNER) !== 0) {
      const mode = directory ? DIRECTORY_MODE : FILE_MODE;
      try {
        fs.chmodSync(target, mode);
      } catch (err) {
        throw new DataDirError(
          `DATA_DIR: ${target} is open to others and could not be made ${mode.toString(8)}: ${(err as Error).message}`,
        );
      }
      changed?.(target, stat.mode & 0o777);
      fixed.push(target);
    }
    if (directory)
      for (const name of fs.readdirSync(target)) {
        const child = path.join(target, name);
        visit(child, fs.lstatSync(child));
      }
  };
  visit(root, fs.statSync(root));
  return fixed;
}

/**
 * Run at start, before anything in DATA_DIR is opened. From here on this process creates files
 * and directories for its owner only, whatever umask it was started with (the upload store, the
 * key files and the database's new files are created under the process's umask). Then DATA_DIR,
 * and everything under it that others could read, write or enter, is made owner-only, and each
 * path fixed is named in a warning. A mode that cannot be fixed throws DataDirError: the server
 * refuses to start rather than serve from files others can read. Answers the paths it fixed.
 */
export function secureDataDir(dataDir: string, log: WarnLog): string[] {
  process.umask(NOT_OWNER);
  fs.mkdirSync(dataDir, { recursive: true, mode: DIRECTORY_MODE });
  let named = 0;
  const fixed = makeOwnerOnly(dataDir, (target, mode) => {
    if (named++ < NAMED_AT_MOST)
      log.warn(
        { path: target, mode: mode.toString(8) },
        'DATA_DIR held a path others could read or write: made owner-only',
      );
  });
  if (fixed.length > NAMED_AT_MOST)
    log.warn(
      { dataDir, count: fixed.length - NAMED_AT_MOST },
      'DATA_DIR held more paths others could read or write: made owner-only',
    );
  return fixed;
}
