/**
 * The environment of a user's shell, for commands a test runs as a user would: the machine's own
 * Node first on the PATH, none of this repository's `node_modules/.bin`, none of the `npm_*`
 * variables `npm test` sets; npm's cache is `npmCache`, one of the test's own.
 */
export function freshShellEnv(npmCache: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env))
    if (!/^npm_/i.test(name) && value !== undefined) env[name] = value;
  env.PATH = [
    '/usr/bin',
    ...(process.env.PATH ?? '').split(':').filter((dir) => !dir.includes('node_modules')),
  ].join(':');
  env.npm_config_cache = npmCache;
  return env;
}
