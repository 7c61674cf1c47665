/**
 * Where uploaded bytes live (ARCHITECTURE §3, STORAGE_URL): the local disk under DATA_DIR by
 * default, or an S3-compatible bucket named by `s3://bucket/prefix?endpoint=…&region=…&forcePathStyle=true`.
 * Credentials never go in the URL: the AWS SDK reads them from the standard variables
 * (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, AWS_PROFILE, an instance role).
 */
export type StorageLocation =
  | { driver: 'disk' }
  | {
      driver: 's3';
      bucket: string;
      /** '' or a prefix ending in '/', put before every key. */
      prefix: string;
      /** The store's address (MinIO, R2, Ceph); unset for AWS S3 itself. */
      endpoint: string | undefined;
      region: string;
      forcePathStyle: boolean;
    };

/** S3's bucket naming rules (3 to 63 lower-case letters, digits, dots and hyphens). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;
const PARAMS = new Set(['endpoint', 'region', 'forcePathStyle']);

/**
 * Parses STORAGE_URL; throws an Error whose message says what is wrong (config.ts prefixes it
 * with the variable's name). `defaultRegion` is AWS_REGION's value, if any.
 */
export function parseStorageUrl(value: string, defaultRegion?: string): StorageLocation {
  const example = 's3://bucket/prefix?endpoint=https://minio.example.org&region=us-east-1&forcePathStyle=true';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`must be an s3:// URL such as ${example}; leave it unset for the local disk`);
  }
  if (url.protocol !== 's3:') throw new Error(`must start with s3:// (${example}); leave it unset for the local disk`);
  if (url.username || url.password) {
    throw new Error('must not carry credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead');
  }
  const bucket = url.hostname;
  if (!BUCKET.test(bucket) || bucket.includes('..')) {
    throw new Error(`names the bucket "${bucket}", which is not a valid bucket name (3 to 63 of a-z 0-9 . -)`);
  }
  if (url.port) throw new Error('must not have a port after the bucket: put the address in ?endpoint=');
  const path = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  if (path && (!PREFIX.test(path) || path.split('/').some((s) => s === '.' || s === '..'))) {
    throw new Error(`has the prefix "${path}": use letters, digits, . _ - and / only`);
  }
  for (const name of url.searchParams.keys()) {
    if (!PARAMS.has(name)) throw new Error(`has an unknown option "${name}" (known: ${[...PARAMS].join(', ')})`);
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(endpoint);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol)) {
      throw new Error('has an endpoint that is not an http(s) URL such as https://minio.example.org:9000');
    }
  }
  const style = url.searchParams.get('forcePathStyle') ?? 'false';
  if (!['true', 'false', '1', '0'].includes(style)) throw new Error('has forcePathStyle, which must be true or false');
  const region = url.searchParams.get('region') || defaultRegion || 'us-east-1';
  if (!/^[a-z0-9-]{1,40}$/.test(region)) throw new Error(`has region "${region}", which is not a region name`);
  return {
    driver: 's3',
    bucket,
    prefix: path ? `${path}/` : '',
    endpoint,
    region,
    forcePathStyle: style === 'true' || style === '1',
  };
}

/** The location without anything secret, for logs and messages. */
export function describeStorage(location: StorageLocation): string {
  if (location.driver === 'disk') return 'local disk';
  return `s3://${location.bucket}/${location.prefix}${location.endpoint ? ` at ${location.endpoint}` : ''}`;
}
