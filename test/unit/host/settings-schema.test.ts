// The typed settings module agrees with package.json's contributes.configuration, key by key.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readSettings, SETTINGS, type SettingKey } from '../../../src/host/settings-schema';

interface Contributed {
  type: string;
  enum?: string[];
  default: unknown;
  minimum?: number;
  maximum?: number;
}

const manifest = JSON.parse(readFileSync(join(__dirname, '../../../../package.json'), 'utf8'));
const contributed: Record<string, Contributed> = manifest.contributes.configuration.properties;

describe('settings', () => {
  it('declares exactly the keys package.json contributes', () => {
    assert.deepEqual(Object.keys(SETTINGS).map((k) => `scalarlm.${k}`).sort(), Object.keys(contributed).sort());
  });

  for (const [key, declared] of Object.entries(SETTINGS)) {
    it(`scalarlm.${key}: same type, default and range as package.json`, () => {
      const entry = contributed[`scalarlm.${key}`];
      assert.equal(entry.type, declared.kind);
      assert.deepEqual(entry.default, declared.default);
      assert.equal(entry.minimum, 'min' in declared ? declared.min : undefined);
      assert.equal(entry.maximum, 'max' in declared ? declared.max : undefined);
      assert.deepEqual(entry.enum, 'values' in declared ? declared.values : undefined);
    });
  }

  it('reads every default when nothing is set', () => {
    const settings = readSettings(() => undefined);
    assert.equal(settings.baseUrl, '', 'no deployment until the user sets one');
    assert.equal(settings.maxTokens, 256);
    assert.deepEqual(settings.batch, { groupSize: 128, maxInFlight: 4, pauseAboveQueueDepth: 256, confirmAbove: 500 });
    assert.equal(settings.runs.location, 'workspaceStorage');
    assert.deepEqual(settings.metrics, { enabled: true, intervalSeconds: 3 });
  });

  it('falls back to the default for values of the wrong type or out of range, and trims text', () => {
    const raw: Partial<Record<SettingKey, unknown>> = {
      baseUrl: '  http://gpu-box:8000  ',
      maxTokens: 0,
      'batch.groupSize': 500,
      'batch.maxInFlight': 2.5,
      'metrics.enabled': 'yes',
      headers: { 'X-Team': 'ml', Bad: 3 },
      temperature: 0.7,
    };
    const settings = readSettings((key) => raw[key]);
    assert.equal(settings.baseUrl, 'http://gpu-box:8000');
    assert.equal(settings.maxTokens, 256);
    assert.equal(settings.batch.groupSize, 128);
    assert.equal(settings.batch.maxInFlight, 4);
    assert.equal(settings.metrics.enabled, true);
    assert.deepEqual(settings.headers, {});
    assert.equal(settings.temperature, 0.7);
  });

  it('keeps the workspace from choosing the deployment or headers in untrusted workspaces', () => {
    assert.deepEqual(manifest.capabilities.untrustedWorkspaces.restrictedConfigurations, ['scalarlm.baseUrl', 'scalarlm.headers']);
  });
});
