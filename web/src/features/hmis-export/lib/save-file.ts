/**
 * The file name a Content-Disposition header gives (`attachment; filename="a.zip"`, or the
 * RFC 6266 `filename*=UTF-8''a.zip`), without any folder part; undefined when it gives none.
 */
export function fileNameOf(contentDisposition: string | null): string | undefined {
  if (!contentDisposition) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(contentDisposition)?.[1];
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(contentDisposition)?.slice(1).find(Boolean)?.trim();
  const base = name?.split(/[\\/]/).pop();
  return base || undefined;
}

/** Saves a blob the way a link with `download` does: the browser's own download, under `fileName`. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Not at once: some browsers read the blob after click() returns (FileSaver.js waits 40 s too).
  setTimeout(() => URL.revokeObjectURL(url), 40_000);
}
