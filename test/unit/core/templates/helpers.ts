// Shared by the template tests: fixture files and catching the error a call throws.

import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePrompty, TemplateError, type PromptyFile, type RenderOptions } from '../../../../src/core/templates';

export const trusted: RenderOptions = { trust: 'trusted' };
export const restricted: RenderOptions = { trust: 'restricted' };

/** Fixture files live beside the sources; the compiled tests run from out/. */
export function fixturePath(name: string): string {
  return join(__dirname, '..', '..', '..', '..', '..', 'test', 'unit', 'core', 'templates', 'fixtures', name);
}

export function fixture(name: string): PromptyFile {
  return parsePrompty(readFileSync(fixturePath(name), 'utf8'), `prompts/${name}`);
}

export function templateError(run: () => unknown): TemplateError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof TemplateError, String(error));
    return error;
  }
  assert.fail('expected a TemplateError');
}

export async function rejection(run: () => Promise<unknown>): Promise<TemplateError> {
  try {
    await run();
  } catch (error) {
    assert.ok(error instanceof TemplateError, String(error));
    return error;
  }
  assert.fail('expected a TemplateError');
}
