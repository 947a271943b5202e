import type { ItemView } from '../../../../src/protocol/results';

/** An item with plausible defaults; tests override what they look at. */
export function item(index: number, overrides: Partial<ItemView> = {}): ItemView {
  return {
    index,
    number: index + 1,
    group: Math.floor(index / 4),
    status: 'ok',
    prompt: `Prompt ${index}`,
    requestId: `000000_${index}`,
    response: `Response ${index}`,
    error: null,
    ...overrides,
  };
}
