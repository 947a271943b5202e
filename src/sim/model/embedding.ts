// `[[sim:embedding=N]]` in a /v1/generate prompt: the worker answers with a vector of N numbers instead of
// text, as the embed route of 2025 servers did (protocol §9: `Result.response` is `str | list[float]`). The
// vector is deterministic (the prompt and the seed choose it) and of unit length, like a normalised embedding.

import { createHash } from 'node:crypto';
import { findMarkers } from '../faults/markers';
import { pyFloat, type PyFloat } from '../wire/python-json';

export const DEFAULT_EMBEDDING_DIMENSION = 8;
export const MAX_EMBEDDING_DIMENSION = 8192;

/** The dimension a prompt's marker asks for (the last marker wins); undefined without one. A bad N gives the default. */
export function embeddingDimension(prompt: string): number | undefined {
  const marker = findMarkers(prompt).filter((m) => m.kind === 'embedding').pop();
  if (marker === undefined) return undefined;
  const asked = Number(marker.arg);
  return Number.isInteger(asked) && asked >= 1 && asked <= MAX_EMBEDDING_DIMENSION ? asked : DEFAULT_EMBEDDING_DIMENSION;
}

/** N values in [-1, 1] scaled to length 1, six decimals each, written as Python floats. */
export function simulatedEmbedding(prompt: string, dimension: number, seed: number): PyFloat[] {
  const raw: number[] = [];
  for (let block = 0; raw.length < dimension; block++) {
    const digest = createHash('sha256').update(`${seed}\u0000embedding\u0000${block}\u0000${prompt}`).digest();
    for (let offset = 0; offset < digest.length && raw.length < dimension; offset += 4) raw.push(digest.readUInt32LE(offset) / 2 ** 31 - 1);
  }
  const norm = Math.sqrt(raw.reduce((sum, value) => sum + value * value, 0)) || 1;
  return raw.map((value) => pyFloat(Math.round((value / norm) * 1e6) / 1e6));
}
