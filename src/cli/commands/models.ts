// scalarlm-lab models: the base model and trained adaptors the deployment serves.

import type { Command } from '../command';
import { withClient } from '../connection';
import { json, table } from '../format';
import { EXIT } from '../io';

export const modelsCommand: Command = {
  name: 'models',
  summary: 'List the models the deployment serves (GET /v1/models): the base model and trained adaptors.',
  usage: '[options]',
  options: {},
  async run(args, io) {
    return withClient(args, io, async (client, call) => {
      const { data } = await client.models(call);
      if (args.values.json) {
        io.stdout.write(json(data));
      } else {
        const rows = data.map((m) => [m.id, m.parent ? `adaptor of ${m.parent}` : 'base model', m.max_model_len ? `max_model_len ${m.max_model_len}` : '']);
        io.stdout.write(rows.length ? table([['MODEL', 'KIND', 'CONTEXT'], ...rows]) : 'The deployment lists no models.\n');
      }
      return EXIT.ok;
    });
  },
};
