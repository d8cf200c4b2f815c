/// <reference types="node" />
/**
 * A consistent copy of a kept database while its server runs. The server holds the file in
 * exclusive mode, so no other process can read it, and a copy of the file alone would miss the
 * commits still in its WAL: the server's own connection writes the copy with `VACUUM INTO`,
 * which reads what is committed, WAL included. The copy goes to a temporary folder that only
 * this user can enter, never to a path a request names; the file is unlinked as soon as it is
 * open, so nothing is left behind once the reader is done (or gone).
 */
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { Readable } from 'node:stream';
import { ServiceError } from '../../mock/domain/service-error.js';
import { causeInWords } from './state-causes.js';

/** A copy made: its bytes, read once, and its size. */
export interface DatabaseCopy {
  body: ReadableStream<Uint8Array>;
  bytes: number;
}

/**
 * Copies the database `db` is connected to, as it stands after its last commit.
 * @throws ServiceError (500) in one line when the copy cannot be made (the temporary folder's disk is full).
 */
export async function copyDatabase(db: DatabaseSync): Promise<DatabaseCopy> {
  const folder = await mkdtemp(join(tmpdir(), 'pix-state-copy-'));
  try {
    const target = join(folder, 'copy.sqlite');
    try {
      // Synchronous: no commit can run between the request and the copy.
      db.prepare('VACUUM INTO ?').run(target);
    } catch (error) {
      throw new ServiceError(
        'INTERNAL_ERROR',
        `The copy of the state could not be made: ${causeInWords(error)}`,
      );
    }
    const file = await open(target, 'r');
    const { size } = await file.stat();
    // The handle closes when the stream ends or is destroyed (the client went away).
    const stream = file.createReadStream({ autoClose: true });
    return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, bytes: size };
  } finally {
    // Open (or never made): its name can go now.
    await rm(folder, { recursive: true, force: true });
  }
}
