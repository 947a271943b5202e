// A message type declared once, as data: the union the two sides compile against is derived from the
// declaration, and so is the check the host runs on what a page posts (a page shows model output; its
// messages are checked before the host acts on them). Adding a message or an action to a declaration adds
// it to the type, so a handler table that misses it fails to compile.

/** A field: a string, a whole number, any number, or one of a list of words. */
export type FieldShape = 'string' | 'integer' | 'number' | readonly string[];

/** Message type -> its fields (beside `type`). */
export type MessageSpec = Readonly<Record<string, Readonly<Record<string, FieldShape>>>>;

type FieldType<S extends FieldShape> = S extends 'string' ? string : S extends 'integer' | 'number' ? number : S extends readonly (infer Word)[] ? Word : never;

export type MessageOf<Spec extends MessageSpec> = {
  [T in keyof Spec & string]: { type: T } & { -readonly [F in keyof Spec[T]]: FieldType<Spec[T][F]> };
}[keyof Spec & string];

/** The messages of one `type`, for handlers keyed by type. */
export type MessageOfType<Spec extends MessageSpec, T extends keyof Spec & string> = Extract<MessageOf<Spec>, { type: T }>;

export function messageGuard<Spec extends MessageSpec>(spec: Spec): (value: unknown) => value is MessageOf<Spec> {
  return (value: unknown): value is MessageOf<Spec> => {
    if (typeof value !== 'object' || value === null) return false;
    const message = value as Record<string, unknown>;
    const type = message.type;
    if (typeof type !== 'string' || !Object.prototype.hasOwnProperty.call(spec, type)) return false;
    return Object.entries(spec[type]).every(([field, shape]) => fits(message[field], shape));
  };
}

function fits(value: unknown, shape: FieldShape): boolean {
  if (shape === 'string') return typeof value === 'string';
  if (shape === 'integer') return Number.isInteger(value);
  if (shape === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeof value === 'string' && shape.includes(value);
}
