// Preloaded into a measured server (node --import): answers event-loop utilisation and CPU time
// over a window the bench opens and closes through the IPC channel. It adds no work per request.
import { performance } from 'node:perf_hooks';

if (process.send) {
  let start;
  process.on('message', (msg) => {
    if (msg?.probe === 'start') {
      start = { elu: performance.eventLoopUtilization(), cpu: process.cpuUsage(), at: performance.now() };
      process.send({ probe: 'started' });
    } else if (msg?.probe === 'stop' && start) {
      const elu = performance.eventLoopUtilization(start.elu);
      const cpu = process.cpuUsage(start.cpu);
      process.send({
        probe: 'stopped',
        utilization: elu.utilization,
        activeMs: elu.active,
        wallMs: performance.now() - start.at,
        cpuMs: (cpu.user + cpu.system) / 1000,
      });
    }
  });
  // The channel must not keep the process alive, nor stop it from exiting on a signal.
  process.channel?.unref();
}
