// Which faults are armed, and which one a request or a prompt meets. Flag faults match a route and are used
// up `times` times. Marker faults (`[[sim:KIND=ARG]]`) travel in the request itself: request-level ones fire
// the first time an exact body is seen, so a client's retry or reconcile meets a healthy server; the stream
// faults and heartbeat-forever fire every time; per-item ones belong to the prompt that carries them.

import { createHash } from 'node:crypto';
import type { FaultKind, FaultSpec } from '../options';
import { findMarkers } from './markers';

export interface FiredFault {
  kind: FaultKind;
  arg: string | undefined;
}

/** Faults that fire on every request carrying the marker, not only on its first sight. */
const REPEATING_MARKERS: readonly FaultKind[] = ['heartbeat-forever', 'sse-cut', 'sse-error', 'sse-vllm-error'];

/** Faults that belong to one prompt rather than to an HTTP request. */
const ITEM_FAULTS: readonly FaultKind[] = ['item-error', 'never-finish', 'slow'];

interface ArmedFault {
  spec: FaultSpec;
  remaining: number;
}

export class FaultBook {
  private armed: ArmedFault[] = [];
  private readonly firedBodies = new Set<string>();

  constructor(initial: readonly FaultSpec[]) {
    this.add(initial);
  }

  add(specs: readonly FaultSpec[]): void {
    for (const spec of specs) this.armed.push({ spec: { ...spec }, remaining: spec.times ?? Infinity });
  }

  clear(): void {
    this.armed = [];
  }

  /** The first armed flag fault of one of `kinds` that matches `route`, used up once. */
  takeFlag(kinds: readonly FaultKind[], route: string): FiredFault | undefined {
    const found = this.armed.find((armed) => kinds.includes(armed.spec.kind) && (armed.spec.route === undefined || armed.spec.route === route));
    if (!found) return undefined;
    found.remaining--;
    if (found.remaining <= 0) this.armed = this.armed.filter((armed) => armed !== found);
    return { kind: found.spec.kind, arg: found.spec.arg };
  }

  /** A request-level marker of one of `kinds` in the raw body, honouring the first-sight rule. */
  takeMarker(kinds: readonly FaultKind[], body: string): FiredFault | undefined {
    const marker = findMarkers(body).find((m) => kinds.includes(m.kind as FaultKind));
    if (!marker) return undefined;
    const kind = marker.kind as FaultKind;
    if (!REPEATING_MARKERS.includes(kind)) {
      const key = `${kind}\u0000${createHash('sha256').update(body).digest('hex')}`;
      if (this.firedBodies.has(key)) return undefined;
      this.firedBodies.add(key);
    }
    return { kind, arg: marker.arg };
  }

  /** A flag fault first, else a marker in the body. */
  take(kinds: readonly FaultKind[], route: string, body: string): FiredFault | undefined {
    return this.takeFlag(kinds, route) ?? this.takeMarker(kinds, body);
  }
}

/** The per-item fault a prompt's own marker asks for (the same on every run of that prompt). */
export function itemMarkerFault(prompt: string): FiredFault | undefined {
  const marker = findMarkers(prompt).find((m) => ITEM_FAULTS.includes(m.kind as FaultKind));
  return marker && { kind: marker.kind as FaultKind, arg: marker.arg };
}
