/// <reference types="node" />
/**
 * Node's built-in SQLite (`node:sqlite`), loaded only when a server keeps its state: the mock
 * without `--state` runs on Node 22.12, which has none unflagged.
 */
import type * as Sqlite from 'node:sqlite';
import { type NodeFloor, requireSupportedNode } from '../../mock/node-version.js';

/** The Node.js `--state` needs: 22.13 is the first with `node:sqlite` unflagged. */
export const SQLITE_FLOOR: NodeFloor = {
  needed: [22, 13],
  what: 'The sandbox with --state',
  why: 'node:sqlite, unflagged from 22.13',
  command: 'pix-payments-mock --state pix-sandbox.sqlite',
};

/** Node 22 says SQLite is experimental when it loads; the sandbox says what it needs itself. */
const isSqliteWarning = (warning: string | Error) =>
  String(typeof warning === 'string' ? warning : warning.message).startsWith('SQLite is an experimental');

/**
 * `node:sqlite`, loaded now, without its ExperimentalWarning (that warning alone).
 * @throws PaymentsError in one line on a Node.js older than 22.13.
 */
export function loadSqlite(): typeof Sqlite {
  requireSupportedNode(process.versions.node, SQLITE_FLOOR);
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (!isSqliteWarning(warning)) Reflect.apply(emitWarning, process, [warning, ...rest]);
  }) as typeof process.emitWarning;
  try {
    return process.getBuiltinModule('node:sqlite');
  } finally {
    process.emitWarning = emitWarning;
  }
}
