// Markers a test writes inside a prompt or a chat message to steer the simulator: `[[sim:KIND]]` or
// `[[sim:KIND=ARG]]` (ARG may be empty, and cannot contain `]`).

export interface Marker {
  kind: string;
  /** Undefined for `[[sim:KIND]]`, possibly '' for `[[sim:KIND=]]`. */
  arg: string | undefined;
}

const MARKER_PATTERN = /\[\[sim:([a-z0-9-]+)(?:=([^\]]*))?\]\]/g;

export function findMarkers(text: string): Marker[] {
  return [...text.matchAll(MARKER_PATTERN)].map((match) => ({ kind: match[1], arg: match[2] }));
}

export function hasMarker(text: string, kind: string): boolean {
  return findMarkers(text).some((marker) => marker.kind === kind);
}

/**
 * `[[sim:respond=TEXT]]` or `[[sim:respond-b64=BASE64]]` (for text with `]`): the model answers exactly this,
 * so tests can check how clients show model output (HTML, markdown links, ...). The last one wins: a prompt
 * that quotes another prompt (a grader's quotes the answer's) is answered by its own marker, written after.
 */
export function scriptedResponse(text: string): string | undefined {
  const marker = findMarkers(text).filter((m) => m.kind === 'respond' || m.kind === 'respond-b64').pop();
  if (marker?.arg === undefined) return undefined;
  return marker.kind === 'respond' ? marker.arg : Buffer.from(marker.arg, 'base64').toString('utf8');
}
