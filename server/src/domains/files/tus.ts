import { FileStore } from '@tus/file-store';

export { Server as TusServer } from '@tus/server';
export { Metadata } from '@tus/utils';

/**
 * @tus/file-store's own store, minus the directory check its constructor starts: an `fs.mkdir`
 * nobody awaits, whose callback throws. Should the data directory go before that callback runs
 * (an app closed and its directory removed, as tests do), the throw is an uncaught exception
 * that takes the process down. The plugin makes the directory itself, synchronously, before the
 * store exists.
 */
export class StagingStore extends FileStore {}
Object.assign(StagingStore.prototype, { checkOrCreateDirectory() {} });
