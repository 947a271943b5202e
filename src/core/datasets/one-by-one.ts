// Large files are read a batch of rows at a time (a pass over 100,000 rows then costs a step of its consumer's
// loop per batch); a reader that wants one row at a time takes the batches through this.

/** Each item of each batch, in order. */
export async function* oneByOne<T>(batches: AsyncIterable<readonly T[]>): AsyncGenerator<T> {
  for await (const batch of batches) yield* batch;
}
