import { lazy } from './lazy';

/**
 * file-type, which tells an upload's or an import's real type from its first bytes, loaded by the
 * first of them rather than at start (issue 14).
 */
export const loadFileType = lazy('file-type', () => import('file-type'));
