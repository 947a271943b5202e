// A message type declared once, as data: the union the two sides compile against is derived from the
// declaration, and so is the check the receiver runs on what arrives. The host checks what a page posts (a page
// shows model output; its messages are checked before the host acts on them); a page checks that what reaches
// its channel is the host's (VS Code's own messages or a stray postMessage must not reach its handlers).
// Adding a message or an action to a declaration adds it to the type, so a handler table that misses it fails
// to compile.

/**
 * A view the host sends whole (an object, a list): the check is of its kind, and of what `check` adds where
 * the page's routing depends on more; its type comes from the declaration (`carried<ChatView>()`).
 */
export interface Carried<T> {
  readonly kind: 'object' | 'array';
  readonly check?: (value: unknown) => boolean;
  /** Never set: it carries the type. */
  readonly type?: T;
}

/** A field: a string, a whole number, any number, a boolean, one of a list of words, or a carried view. */
export type BasicShape = 'string' | 'integer' | 'number' | 'boolean' | readonly string[] | Carried<unknown>;

/** A field that may be absent (`optional`), or null (`nullable`). */
export interface Modified<S extends BasicShape> {
  readonly shape: S;
  readonly optional?: true;
  readonly nullable?: true;
}

export type FieldShape = BasicShape | Modified<BasicShape>;

/** Message type -> its fields (beside `type`). */
export type MessageSpec = Readonly<Record<string, Readonly<Record<string, FieldShape>>>>;

type BasicType<S> = S extends 'string' ? string : S extends 'integer' | 'number' ? number : S extends 'boolean' ? boolean : S extends Carried<infer T> ? T : S extends readonly (infer Word)[] ? Word : never;
type FieldType<S> = S extends Modified<infer B> ? BasicType<B> | (S extends { nullable: true } ? null : never) : BasicType<S>;
type IsOptional<S> = S extends { optional: true } ? true : false;
type Fields<F> = { -readonly [K in keyof F as IsOptional<F[K]> extends true ? never : K]: FieldType<F[K]> } & { -readonly [K in keyof F as IsOptional<F[K]> extends true ? K : never]?: FieldType<F[K]> };
type Flat<T> = { [K in keyof T]: T[K] };

export type MessageOf<Spec extends MessageSpec> = {
  [T in keyof Spec & string]: Flat<{ type: T } & Fields<Spec[T]>>;
}[keyof Spec & string];

/** The messages of one `type`, for handlers keyed by type. */
export type MessageOfType<Spec extends MessageSpec, T extends keyof Spec & string> = Extract<MessageOf<Spec>, { type: T }>;

export function carried<T extends object>(check?: (value: unknown) => boolean): Carried<T> {
  return check ? { kind: 'object', check } : { kind: 'object' };
}

export function carriedList<T>(check?: (value: unknown) => boolean): Carried<T[]> {
  return check ? { kind: 'array', check } : { kind: 'array' };
}

export function optional<S extends BasicShape>(shape: S): { shape: S; optional: true } {
  return { shape, optional: true };
}

export function nullable<S extends BasicShape>(shape: S): { shape: S; nullable: true } {
  return { shape, nullable: true };
}

export function messageGuard<Spec extends MessageSpec>(spec: Spec): (value: unknown) => value is MessageOf<Spec> {
  return (value: unknown): value is MessageOf<Spec> => {
    if (typeof value !== 'object' || value === null) return false;
    const message = value as Record<string, unknown>;
    const type = message.type;
    if (typeof type !== 'string' || !Object.prototype.hasOwnProperty.call(spec, type)) return false;
    return Object.entries(spec[type]).every(([field, shape]) => fitsField(message[field], shape));
  };
}

function fitsField(value: unknown, shape: FieldShape): boolean {
  if (isModified(shape)) {
    if (value === undefined && shape.optional) return true;
    if (value === null && shape.nullable) return true;
    return fits(value, shape.shape);
  }
  return fits(value, shape);
}

function isModified(shape: FieldShape): shape is Modified<BasicShape> {
  return typeof shape === 'object' && 'shape' in shape;
}

function fits(value: unknown, shape: BasicShape): boolean {
  if (shape === 'string') return typeof value === 'string';
  if (shape === 'integer') return Number.isInteger(value);
  if (shape === 'number') return typeof value === 'number' && Number.isFinite(value);
  if (shape === 'boolean') return typeof value === 'boolean';
  if (Array.isArray(shape)) return typeof value === 'string' && shape.includes(value);
  const view = shape as Carried<unknown>;
  const kindFits = view.kind === 'array' ? Array.isArray(value) : typeof value === 'object' && value !== null && !Array.isArray(value);
  return kindFits && (view.check?.(value) ?? true);
}
