/**
 * Issue 16: the file the import is measured with, a multipart body around a CSV of `rows` new
 * certificates (one in ten Inactive), numbered under `tag` so that every row is created.
 */
export function importBody(rows: number, tag: string): { body: Buffer; contentType: string } {
  const lines = ['userEmail,certificateNo,name,status,validTill'];
  for (let i = 0; i < rows; i++) {
    lines.push(
      `import${i}@example.org,${tag}-${i},Certified Recycling Advocate,${i % 10 ? 'Active' : 'Inactive'},2031-06-30`,
    );
  }
  const boundary = '----benchimport';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="registry.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(lines.join('\n')),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
