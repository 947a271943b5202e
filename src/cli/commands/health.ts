// scalarlm-lab health: GET /v1/health, one line per component.

import type { ComponentHealth } from '../../core/api/types';
import type { Command } from '../command';
import { withClient } from '../connection';
import { json, table } from '../format';
import { EXIT } from '../io';

export const healthCommand: Command = {
  name: 'health',
  summary: 'Show the health of the deployment: api, vLLM and Megatron (GET /v1/health). Exit 3 unless all are up.',
  usage: '[options]',
  options: {},
  async run(args, io) {
    return withClient(args, io, async (client, call) => {
      const { data } = await client.health(call);
      if (args.values.json) {
        io.stdout.write(json(data));
      } else {
        const components: [string, ComponentHealth | undefined][] = [['api', data.api], ['vllm', data.vllm], ['megatron', data.megatron]];
        const rows = components.filter(([, h]) => h !== undefined).map(([name, h]) => [name, describe(h as ComponentHealth)]);
        io.stdout.write(table([...rows, ['all', String(data.all)]]));
      }
      return data.all === 'up' ? EXIT.ok : EXIT.partial;
    });
  },
};

function describe(health: ComponentHealth): string {
  return typeof health === 'string' ? health : `${health.status}: ${health.reason}`;
}
