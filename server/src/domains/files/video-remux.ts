import {
  ALL_FORMATS,
  Conversion,
  FilePathSource,
  FilePathTarget,
  Input,
  MovOutputFormat,
  MP4,
  Mp4OutputFormat,
  Output,
  QTFF,
  WEBM,
  WebMOutputFormat,
} from 'mediabunny';

/** The containers a report's video may come in, by the type file-type sniffed. */
const CONTAINERS = {
  'video/mp4': { format: MP4, output: () => new Mp4OutputFormat({ fastStart: false }) },
  'video/quicktime': { format: QTFF, output: () => new MovOutputFormat({ fastStart: false }) },
  'video/webm': { format: WEBM, output: () => new WebMOutputFormat() },
} as const;

export type VideoType = keyof typeof CONTAINERS;

/**
 * Demuxes `source` and copies its video and audio packets into a new container of the same
 * kind at `target`, without decoding or re-encoding, and without any tag of the input. Answers
 * false for what is not a playable video of that type: a container that cannot be demuxed, no
 * video track, a track with no frame.
 *
 * `fastStart: false` writes the index after the media, as it streams: 'in-memory' would hold a
 * whole 1 GB video in memory. Ranged requests let a browser read the index first anyway.
 *
 * Runs in a worker (video-worker.ts), never on the server's thread: see video.ts.
 */
export async function remux(source: string, target: string, type: VideoType): Promise<boolean> {
  const container = CONTAINERS[type];
  const input = new Input({ source: new FilePathSource(source), formats: ALL_FORMATS });
  try {
    if ((await input.getFormat()) !== container.format) return false;
    const video = await input.getPrimaryVideoTrack();
    // Reading a packet proves there is a frame, not only a header naming a track.
    if (!video || (await video.computePacketStats(1)).packetCount === 0) return false;
    const conversion = await Conversion.init({
      input,
      output: new Output({ format: container.output(), target: new FilePathTarget(target) }),
      // No tag of the input is written; the container's own fields are the muxer's.
      tags: {},
      showWarnings: false,
    });
    if (!conversion.isValid || !conversion.utilizedTracks.some((track) => track.type === 'video')) return false;
    await conversion.execute();
    return true;
  } catch {
    // Whatever the demuxer or muxer could not make sense of is not a video we keep.
    return false;
  } finally {
    input.dispose();
  }
}
