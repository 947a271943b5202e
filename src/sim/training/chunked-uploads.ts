// The chunked upload sessions of /upload/init, /upload/chunk and /upload/finalize (training.md §2.2): every
// init starts a new session (`received_chunks` is always []), chunks are checked against their SHA-256 and
// stored by index, and finalize reassembles them in the string order of their `{index:06d}` file names.

import { randomUUID } from 'node:crypto';
import { sha256Hex } from '../wire/ids';
import { TrainingError } from './training-jobs';

export interface UploadInit {
  total_size: number;
  total_hash: string;
  chunk_size: number;
  num_chunks: number;
  params: Record<string, unknown>;
}

interface Session extends UploadInit {
  /** File name (`000001`, `-00001`) -> bytes. */
  chunks: Map<string, Buffer>;
}

export class ChunkedUploads {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly chunkSizeLimit: number) {}

  init(request: UploadInit): { upload_id: string; received_chunks: number[] } {
    const uploadId = randomUUID().replace(/-/g, '');
    this.sessions.set(uploadId, { ...request, chunks: new Map() });
    return { upload_id: uploadId, received_chunks: [] };
  }

  /** Headers as sent (undefined when missing); a repeated chunk overwrites the earlier one. */
  chunk(uploadId: string | undefined, indexText: string | undefined, hash: string | undefined, body: Buffer): Record<string, unknown> {
    if (uploadId === undefined || indexText === undefined || hash === undefined) {
      throw new TrainingError(422, 'Missing required headers: X-Upload-Id, X-Chunk-Index, X-Chunk-Hash');
    }
    if (!/^\s*[-+]?\d+\s*$/.test(indexText)) throw new TrainingError(422, `Invalid X-Chunk-Index: '${indexText}'`);
    const index = Number(indexText);
    const session = this.sessions.get(uploadId);
    if (!session) throw new TrainingError(404, `Upload session '${uploadId}' not found`);
    if (body.length > this.chunkSizeLimit) throw new TrainingError(413, `Chunk size ${body.length} exceeds server limit ${this.chunkSizeLimit}`);
    const actual = sha256Hex(body);
    if (actual !== hash) throw new TrainingError(422, `Chunk ${index} hash mismatch: expected ${hash}, got ${actual}`);
    session.chunks.set(fileName(index), body);
    return { upload_id: uploadId, chunk_index: index, received: true, bytes_written: body.length };
  }

  /** The reassembled archive and the session's params; the session is gone afterwards, except after a 409. */
  finalize(uploadId: string): { archive: Buffer; params: Record<string, unknown> } {
    const session = this.sessions.get(uploadId);
    if (!session) throw new TrainingError(404, `Upload session '${uploadId}' not found`);
    if (session.chunks.size !== session.num_chunks) {
      const missing = Array.from({ length: session.num_chunks }, (_, i) => i).filter((i) => !session.chunks.has(fileName(i)));
      throw new TrainingError(409, `Missing chunks: [${missing.join(', ')}]`);
    }
    this.sessions.delete(uploadId);
    const archive = Buffer.concat([...session.chunks.keys()].sort().map((name) => session.chunks.get(name) as Buffer));
    if (archive.length !== session.total_size) throw new TrainingError(422, `Reconstructed size ${archive.length} != expected ${session.total_size}`);
    const actual = sha256Hex(archive);
    if (actual !== session.total_hash) throw new TrainingError(422, `Archive hash mismatch: expected ${session.total_hash}, got ${actual}`);
    return { archive, params: session.params };
  }
}

/** Python's f"{index:06d}": zero-padded to six characters, the sign counted. */
function fileName(index: number): string {
  return index < 0 ? `-${String(-index).padStart(5, '0')}` : String(index).padStart(6, '0');
}
