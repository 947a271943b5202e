// Markers a test writes inside a prompt or a chat message to steer the simulator: `[[sim:KIND]]` or
// `[[sim:KIND=ARG]]` (ARG may be empty, and cannot contain `]`).

export interface Marker {
  kind: string;
  /** Undefined for `[[sim:KIND]]`, possibly '' for `[[sim:KIND=]]`. */
  arg: string | undefined;
}

const MARKER_PATTERN = /\[\[sim:([a-z-]+)(?:=([^\]]*))?\]\]/g;

export function findMarkers(text: string): Marker[] {
  return [...text.matchAll(MARKER_PATTERN)].map((match) => ({ kind: match[1], arg: match[2] }));
}

export function hasMarker(text: string, kind: string): boolean {
  return findMarkers(text).some((marker) => marker.kind === kind);
}
