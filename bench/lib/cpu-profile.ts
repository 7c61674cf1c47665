/** The parts of a V8 .cpuprofile (`node --cpu-prof`) this summary reads. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Busy CPU of a profile's last `lastSeconds` (the loaded part, not the start-up), by package
 * and by function, self time, as shares: what `npm run bench:profile` prints.
 */
export function summarizeCpuProfile(profile: CpuProfile, { lastSeconds = 10, top = 20 } = {}): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const times: number[] = [];
  let clock = 0;
  for (const delta of profile.timeDeltas) times.push((clock += delta));
  const from = clock - lastSeconds * 1e6;
  const packages = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)!;
    const { functionName, url, lineNumber } = node.callFrame;
    if (times[i]! < from || functionName === '(idle)') return;
    const delta = profile.timeDeltas[i] ?? 0;
    busy += delta;
    const pkg =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
      (url.startsWith('node:') ? url : url ? 'portal' : functionName);
    packages.set(pkg, (packages.get(pkg) ?? 0) + delta);
    const fn = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
    functions.set(fn, (functions.get(fn) ?? 0) + delta);
  });
  const list = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, t]) => `  ${((t / busy) * 100).toFixed(1).padStart(5)} %  ${k}`)
      .join('\n');
  return `busy ${(busy / 1e6).toFixed(1)} s\nby package (self):\n${list(packages)}\nby function (self):\n${list(functions)}`;
}
