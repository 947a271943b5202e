// The run's parameters as the results header shows them. DOM-free.

import type { RunHeaderView } from '../../protocol/results';
import { formatCount } from '../shared/format';

/** "llama-3 · max 256 tokens · temperature 0.7 · groups of 16". */
export function formatParameters(header: RunHeaderView): string {
  const parts = [header.model, `max ${formatCount(header.maxTokens)} tokens`];
  if (header.temperature !== undefined) parts.push(`temperature ${header.temperature}`);
  parts.push(`groups of ${formatCount(header.groupSize)}`);
  return parts.join(' · ');
}
