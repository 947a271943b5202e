// JSON Schema for is-json and contains-json, compiled once when the assertion is read (so a bad schema is
// reported before anything is sent), by ajv with the common formats. Draft-07 unless the schema's
// $schema names 2019-09 or 2020-12.

import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

export type SchemaCheck = (value: unknown) => { valid: true } | { valid: false; errors: string };

let validators: { draft07: Ajv; draft2019: Ajv2019; draft2020: Ajv2020 } | undefined;

function validatorFor(schema: object | boolean): Ajv {
  validators ??= {
    draft07: withFormats(new Ajv({ allErrors: true, strict: false })),
    draft2019: withFormats(new Ajv2019({ allErrors: true, strict: false })),
    draft2020: withFormats(new Ajv2020({ allErrors: true, strict: false })),
  };
  const declared = typeof schema === 'object' ? (schema as { $schema?: unknown }).$schema : undefined;
  if (typeof declared === 'string' && declared.includes('2020-12')) return validators.draft2020;
  if (typeof declared === 'string' && declared.includes('2019-09')) return validators.draft2019;
  return validators.draft07;
}

function withFormats<T extends Ajv>(ajv: T): T {
  addFormats(ajv);
  return ajv;
}

/** Compiles `schema`, or says why it is not a usable JSON Schema (ajv's own words). */
export function compileSchema(schema: object | boolean): SchemaCheck | { problem: string } {
  const ajv = validatorFor(schema);
  let validate: ValidateFunction;
  try {
    validate = ajv.compile(schema);
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  } finally {
    // The compiled function keeps working; dropping the schema from ajv's cache keeps re-reading an
    // experiment file from growing it.
    if (typeof schema === 'object') ajv.removeSchema(schema);
  }
  return (value) => (validate(value) ? { valid: true } : { valid: false, errors: describeErrors(ajv, validate.errors) });
}

function describeErrors(ajv: Ajv, errors: ErrorObject[] | null | undefined): string {
  return ajv.errorsText(errors, { dataVar: 'JSON' });
}
