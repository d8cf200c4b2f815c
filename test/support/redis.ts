/**
 * A real redis-server for tests: `.ci/run` starts one and sets REDIS_URL; without it, one is
 * started on a free loopback port (redis-server must be installed: apt-get install redis-server).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A free loopback port (the kernel's pick, released for the caller to take). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The URL of a Redis server, and how to stop it if this call started it. */
export async function redisServer(): Promise<{ url: string; stop(): void }> {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, stop: () => {} };
  const port = await freePort();
  const server: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) =>
      reject(new Error(`redis-server could not start (apt-get install redis-server): ${error.message}`)),
    );
    setTimeout(resolve, 300);
  });
  return { url: `redis://127.0.0.1:${port}`, stop: () => server.kill() };
}
