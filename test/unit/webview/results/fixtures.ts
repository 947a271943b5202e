import type { ItemUpdate, ItemView } from '../../../../src/protocol/results';

/** An item with plausible defaults; tests override what they look at. */
export function item(index: number, overrides: Partial<ItemView> = {}): ItemView {
  return {
    index,
    number: index + 1,
    group: Math.floor(index / 4),
    status: 'ok',
    prompt: `Prompt ${index}`,
    response: `Response ${index}`,
    error: null,
    ...overrides,
  };
}

/** The same item as the host sends it the first time: every part, none and null left out. */
export function sent(index: number, overrides: Partial<ItemView> = {}): ItemUpdate {
  const { response, error, embedding, origin, ...rest } = item(index, overrides);
  return { ...rest, ...(response !== null ? { response } : {}), ...(error !== null ? { error } : {}), ...(embedding ? { embedding } : {}), ...(origin ? { origin } : {}) };
}
