import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { forgetUploadsOf, recallUpload, rememberUpload } from '../../../lib/upload-urls';
import { CHUNK_BYTES, STALL_MS, uploadResumable } from './resumable-upload';

/**
 * Issue 18 part 5: the report's media over tus, against a stand-in of /api/uploads/tus that keeps
 * each upload's offset (tus 1.0.0: POST creates, HEAD answers the offset, PATCH appends at it, and
 * the last PATCH answers `{ fileUrl }` as the server does).
 */

// The browser build, as Vite bundles it (Vitest would load the Node one, which reads no File).
vi.mock('tus-js-client', () => {
  // A name TypeScript does not resolve: the build has no declarations of its own.
  const browserBuild = 'tus-js-client/lib.esm/browser/index.js';
  return import(/* @vite-ignore */ browserBuild);
});

const USER = 'member-1';
const KEY = '0b7c9c1e-4a51-4c0e-9d7a-3f9f6b0d2a11';
const MB = 1024 * 1024;

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
}

class FakeTus implements HttpStack {
  uploads = new Map<string, { length: number; offset: number }>();
  sent: Sent[] = [];
  /** PATCHes to cut: the connection drops after that many bytes of it arrived. */
  cuts: number[] = [];
  private next = 0;

  getName() {
    return 'fake';
  }

  createRequest(method: string, url: string): HttpRequest {
    const headers: Record<string, string> = {};
    let onProgress: (bytes: number) => void = () => {};
    return {
      getMethod: () => method,
      getURL: () => url,
      setHeader: (name, value) => {
        headers[name.toLowerCase()] = value;
      },
      getHeader: (name) => headers[name.toLowerCase()],
      setProgressHandler: (handler) => {
        onProgress = handler;
      },
      abort: async () => {},
      getUnderlyingObject: () => null,
      send: async (body: Blob | null) => {
        this.sent.push({ method, url, headers: { ...headers } });
        return this.answer(method, url, headers, body, onProgress);
      },
    };
  }

  private answer(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: Blob | null,
    onProgress: (bytes: number) => void,
  ): HttpResponse {
    if (method === 'POST') {
      const id = `u${++this.next}`;
      this.uploads.set(id, { length: Number(headers['upload-length']), offset: 0 });
      return response(201, { location: `/api/uploads/tus/${id}` });
    }
    const upload = this.uploads.get(url.split('/').pop()!);
    if (!upload) return response(404, {}, JSON.stringify({ message: 'Upload not found' }));
    if (method === 'HEAD') {
      return response(200, { 'upload-offset': String(upload.offset), 'upload-length': String(upload.length) });
    }
    if (Number(headers['upload-offset']) !== upload.offset) return response(409, {});
    const size = body?.size ?? 0;
    const cut = this.cuts.shift();
    if (cut !== undefined) {
      // Part of the chunk arrived, then the connection dropped: no answer.
      upload.offset += cut;
      onProgress(cut);
      throw new Error('connection reset');
    }
    onProgress(size);
    upload.offset += size;
    if (upload.offset < upload.length) return response(204, { 'upload-offset': String(upload.offset) });
    return response(
      201,
      { 'upload-offset': String(upload.offset) },
      JSON.stringify({ fileUrl: '/api/files/6d1f3a52-8d0c-4c36-b1f5-2f5a0d0e8c11' }),
    );
  }

  patchOffsets() {
    return this.sent.filter((r) => r.method === 'PATCH').map((r) => Number(r.headers['upload-offset']));
  }
}

function response(status: number, headers: Record<string, string>, body = ''): HttpResponse {
  return {
    getStatus: () => status,
    getHeader: (name) => headers[name.toLowerCase()],
    getBody: () => body,
    getUnderlyingObject: () => null,
  };
}

const video = (bytes = 12 * MB) => new File([new Uint8Array(bytes)], 'clip.mp4', { type: 'video/mp4' });
const urlOf = (id: string) => new URL(`/api/uploads/tus/${id}`, location.href).toString();

let tus: FakeTus;
beforeEach(() => {
  tus = new FakeTus();
  localStorage.clear();
});
afterEach(() => localStorage.clear());

const send = (file: File, progress: [number, number][] = []) =>
  uploadResumable(file, {
    userId: USER,
    reportKey: KEY,
    role: 'video',
    headers: { 'Idempotency-Key': `"${KEY}"` },
    onProgress: (sent, total) => progress.push([sent, total]),
    httpStack: tus,
  });

describe('resumable upload of report media', () => {
  it('sends 5 MB chunks with the Idempotency-Key and metadata, reports bytes, and forgets the URL at the end', async () => {
    const file = video();
    const progress: [number, number][] = [];
    let remembered: string | null = null;
    // The URL is on the device while the upload runs: seen from the second PATCH.
    const original = tus.createRequest.bind(tus);
    tus.createRequest = (method, url) => {
      if (method === 'PATCH' && tus.patchOffsets().length === 1) remembered = recallUpload(USER, KEY, 'video', file);
      return original(method, url);
    };

    await expect(send(file, progress)).resolves.toEqual({ fileUrl: '/api/files/6d1f3a52-8d0c-4c36-b1f5-2f5a0d0e8c11' });

    expect(tus.sent.map((r) => r.method)).toEqual(['POST', 'PATCH', 'PATCH', 'PATCH']);
    expect(tus.patchOffsets()).toEqual([0, CHUNK_BYTES, 2 * CHUNK_BYTES]);
    for (const request of tus.sent) expect(request.headers['idempotency-key']).toBe(`"${KEY}"`);
    const metadata = tus.sent[0]!.headers['upload-metadata']!;
    expect(metadata).toContain(`filename ${btoa('clip.mp4')}`);
    expect(metadata).toContain(`filetype ${btoa('video/mp4')}`);
    expect(remembered).toBe(urlOf('u1'));
    expect(progress.at(-1)).toEqual([12 * MB, 12 * MB]);
    expect(progress.some(([sent]) => sent === CHUNK_BYTES)).toBe(true);
    expect(recallUpload(USER, KEY, 'video', file)).toBeNull();
  });

  it('resumes a remembered upload from the offset the server answers, not from zero', async () => {
    const file = video();
    tus.uploads.set('half', { length: file.size, offset: 6 * MB + 123 });
    rememberUpload(USER, KEY, 'video', file, urlOf('half'));
    const progress: [number, number][] = [];

    await send(file, progress);

    expect(tus.sent.map((r) => r.method)).toEqual(['HEAD', 'PATCH', 'PATCH']);
    expect(tus.patchOffsets()).toEqual([6 * MB + 123, 6 * MB + 123 + CHUNK_BYTES]);
    expect(progress[0]![0]).toBeGreaterThanOrEqual(6 * MB + 123);
    expect(recallUpload(USER, KEY, 'video', file)).toBeNull();
  });

  it('after a cut mid-chunk, asks the server where it stands and goes on from there', async () => {
    const file = video();
    tus.cuts = [CHUNK_BYTES, 2 * MB];

    await send(file);

    // The first chunk arrived but its answer did not; the second was cut after 2 MB: each retry
    // starts where the server stands (5 MB, then 7 MB), and 12 MB are sent once in all.
    expect(tus.sent.map((r) => r.method)).toEqual(['POST', 'PATCH', 'HEAD', 'PATCH', 'HEAD', 'PATCH']);
    expect(tus.patchOffsets()).toEqual([0, CHUNK_BYTES, CHUNK_BYTES + 2 * MB]);
  });

  it('starts a new upload when the remembered one is gone (404)', async () => {
    const file = video(3 * MB);
    rememberUpload(USER, KEY, 'video', file, urlOf('swept'));

    await send(file);

    expect(tus.sent.map((r) => r.method)).toEqual(['HEAD', 'POST', 'PATCH']);
    expect(tus.patchOffsets()).toEqual([0]);
    expect(recallUpload(USER, KEY, 'video', file)).toBeNull();
  });

  it('starts a new upload when the remembered one goes between HEAD and PATCH', async () => {
    const file = video(3 * MB);
    tus.uploads.set('going', { length: file.size, offset: MB });
    rememberUpload(USER, KEY, 'video', file, urlOf('going'));
    const original = tus.createRequest.bind(tus);
    tus.createRequest = (method, url) => {
      if (method === 'PATCH' && url.endsWith('/going')) tus.uploads.delete('going');
      return original(method, url);
    };

    await send(file);

    expect(tus.sent.map((r) => r.method)).toEqual(['HEAD', 'PATCH', 'POST', 'PATCH']);
    expect(tus.patchOffsets()).toEqual([MB, 0]);
  });

  it('never resumes another file’s upload under the same report and role', async () => {
    const first = video(3 * MB);
    tus.uploads.set('other', { length: first.size, offset: MB });
    rememberUpload(USER, KEY, 'video', first, urlOf('other'));

    await send(video(4 * MB));

    expect(tus.sent.map((r) => r.method)).toEqual(['POST', 'PATCH']);
  });

  it('keeps the URL when the server cannot be reached, and forgets it when the file is refused', async () => {
    const file = video(3 * MB);
    tus.uploads.set('kept', { length: file.size, offset: MB });
    rememberUpload(USER, KEY, 'video', file, urlOf('kept'));
    // No network: the retries are tus-js-client's; what matters is the answer and the URL kept.
    const offline = new FakeTus();
    offline.createRequest = (method, url) => {
      const request = new FakeTus().createRequest(method, url);
      request.send = () => Promise.reject(new Error('network down'));
      return request;
    };
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      const error = await uploadResumable(file, {
        userId: USER,
        reportKey: KEY,
        role: 'video',
        httpStack: offline,
      }).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(0);
      expect(recallUpload(USER, KEY, 'video', file)).toBe(urlOf('kept'));
    } finally {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
    }

    const refusing = new FakeTus();
    refusing.uploads.set('kept', { length: file.size, offset: MB });
    const original = refusing.createRequest.bind(refusing);
    refusing.createRequest = (method, url) => {
      const request = original(method, url);
      if (method === 'PATCH') {
        request.send = async () => response(415, {}, JSON.stringify({ message: 'This type of file is not accepted.' }));
      }
      return request;
    };
    const refusal = await uploadResumable(file, {
      userId: USER,
      reportKey: KEY,
      role: 'video',
      httpStack: refusing,
    }).catch((err: unknown) => err);
    expect(refusal).toMatchObject({ status: 415, message: 'This type of file is not accepted.' });
    expect(recallUpload(USER, KEY, 'video', file)).toBeNull();
  });

  /** A stand-in whose PATCHes from `offset` on never answer (a connection that hangs). */
  function hangingFrom(offset: number) {
    const original = tus.createRequest.bind(tus);
    const aborted: string[] = [];
    tus.createRequest = (method, url) => {
      const request = original(method, url);
      request.abort = async () => {
        aborted.push(method);
      };
      const send = request.send.bind(request);
      request.send = (body) => {
        const at = request.getHeader('Upload-Offset');
        if (method !== 'PATCH' || Number(at) < offset) return send(body);
        tus.sent.push({ method, url, headers: { 'upload-offset': at! } });
        return new Promise<HttpResponse>(() => {});
      };
      return request;
    };
    return aborted;
  }

  it('gives a hung request up when the device goes offline, keeping the URL to resume', async () => {
    const file = video();
    const aborted = hangingFrom(CHUNK_BYTES);
    const sending = send(file).catch((err: unknown) => err);
    await vi.waitFor(() => expect(tus.patchOffsets()).toEqual([0, CHUNK_BYTES]));

    window.dispatchEvent(new Event('offline'));

    expect(await sending).toMatchObject({ status: 0 });
    expect(aborted).toEqual(['PATCH']);
    expect(recallUpload(USER, KEY, 'video', file)).toBe(urlOf('u1'));
  });

  it('gives a request up when it sends nothing for a while (a connection that hangs)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const file = video();
      const aborted = hangingFrom(CHUNK_BYTES);
      const sending = send(file).catch((err: unknown) => err);
      await vi.waitFor(() => expect(tus.patchOffsets()).toEqual([0, CHUNK_BYTES]));
      await vi.advanceTimersByTimeAsync(STALL_MS - 1_000);
      expect(aborted).toEqual([]);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await sending).toMatchObject({ status: 0 });
      expect(aborted).toEqual(['PATCH']);
      expect(recallUpload(USER, KEY, 'video', file)).toBe(urlOf('u1'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets every upload of a member at logout, and only theirs', () => {
    const file = video(1);
    rememberUpload(USER, KEY, 'video', file, urlOf('a'));
    rememberUpload(USER, KEY, 'image', file, urlOf('b'));
    rememberUpload('member-2', KEY, 'video', file, urlOf('c'));
    forgetUploadsOf(USER);
    expect(recallUpload(USER, KEY, 'video', file)).toBeNull();
    expect(recallUpload(USER, KEY, 'image', file)).toBeNull();
    expect(recallUpload('member-2', KEY, 'video', file)).toBe(urlOf('c'));
  });
});
