/**
 * What a parity run prints: one line per probe, a table of the divergences, a summary; or the
 * same as JSON for CI. Every text goes through `redactSecrets` with the run's credentials: a
 * service that echoes a key in an answer never gets it printed.
 */
import { redactSecrets } from '../../schemas/redact.js';
import type { ParityReport } from './run.js';

/** The base URL as printed: without credentials, query or fragment. */
export function shownUrl(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return '(not a URL)';
  }
}

function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  return rows.map((row) =>
    `  ${row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0))).join('  ')}`.trimEnd(),
  );
}

/** The run as text: probe lines, the divergences' table, the summary. */
export function reportText(report: ParityReport, baseUrl: string): string {
  const lines = [`Parity of ${shownUrl(baseUrl)} with the reference mock:`];
  lines.push(
    ...table(
      report.probes.map((probe) => [
        probe.outcome,
        probe.name,
        `${probe.method} ${probe.target}${probe.reason === undefined ? '' : ` (${probe.reason})`}`,
      ]),
    ),
  );
  const rows = report.probes.flatMap((probe) =>
    probe.divergences.map((divergence) => [probe.name, divergence.path, divergence.service, divergence.mock]),
  );
  lines.push('');
  if (rows.length === 0) lines.push('No divergences.');
  else lines.push('Divergences:', ...table([['probe', 'field', 'the service', 'the mock'], ...rows]));
  const { probes, compared, same, differs, notCompared } = report.summary;
  lines.push(
    '',
    `${probes} probes: ${compared} compared (${same} same, ${differs} differ), ${notCompared} not compared.`,
  );
  return lines.join('\n');
}

/** The run as JSON, for CI. */
export function reportJson(report: ParityReport, baseUrl: string): string {
  return JSON.stringify({ baseUrl: shownUrl(baseUrl), ...report }, null, 2);
}

/** `text` with the secret key, the user token and anything key-shaped replaced. */
export const redacted = (text: string, secrets: readonly (string | undefined)[]) =>
  redactSecrets(text, secrets);
